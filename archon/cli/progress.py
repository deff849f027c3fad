"""Signs of life on standard error: a line or a progress bar once a
command has taken more than :data:`SIGN_OF_LIFE_AFTER` seconds (a quicker
one says nothing), and a progress bar over files."""

from __future__ import annotations

import sys
import threading
import time
from typing import Optional

import click

from archon.cli.output import as_printed

__all__ = ["SIGN_OF_LIFE_AFTER", "SignOfLife", "LazyProgress", "FilesProgress", "changing"]

#: Seconds after which a command still at work says so on standard error.
SIGN_OF_LIFE_AFTER = 1.0


class SignOfLife:
    """Says on standard error what a command is doing, once it has taken more
    than :data:`SIGN_OF_LIFE_AFTER` seconds (a quicker one says nothing)."""

    def __init__(self, text: str):
        self._timer = threading.Timer(SIGN_OF_LIFE_AFTER, lambda: click.echo(text, err=True))
        self._timer.daemon = True

    def __enter__(self) -> "SignOfLife":
        self._timer.start()
        return self

    def __exit__(self, *exc) -> None:
        self._timer.cancel()


def changing(file, work):
    """Run ``work`` (an event-day twin on ``file``) with a sign of life after a second."""
    with SignOfLife(as_printed("cli.progress.working", file=str(file))):
        return work()


class LazyProgress:
    """A progress bar on standard error that shows up only once the work has
    taken more than :data:`SIGN_OF_LIFE_AFTER` seconds (as :class:`SignOfLife`)."""

    def __init__(self, label: str):
        self._clock = time.monotonic
        self._start = self._clock()
        self._delay = SIGN_OF_LIFE_AFTER
        self._label = label
        self._bar: Optional[click.termui.ProgressBar[int]] = None
        self._done = 0

    def __call__(self, fraction: float) -> None:
        if self._bar is None:
            if self._clock() - self._start < self._delay:
                return
            self._bar = click.progressbar(length=100, label=self._label, file=sys.stderr)
            self._bar.__enter__()
        target = min(100, int(fraction * 100))
        if target > self._done:
            self._bar.update(target - self._done)
            self._done = target

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None


class FilesProgress:
    """A progress bar over files on standard error: called with (done, total, file)."""

    def __init__(self, label: str):
        self._label = label
        self._bar: Optional[click.termui.ProgressBar[int]] = None

    def __call__(self, done: int, total: int, path) -> None:
        if not sys.stderr.isatty():  # a log or a pipe: the summary lines say it all
            return
        if self._bar is None:
            self._bar = click.progressbar(length=total, label=self._label, file=sys.stderr)
            self._bar.__enter__()
        self._bar.update(1)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None

    def __enter__(self) -> "FilesProgress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
