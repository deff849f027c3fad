"""The ``archon`` command group: commands loaded when they run, errors said
in one line with their exit status.

Each command lives in a module of its own family (:mod:`archon.cli.scoring`,
:mod:`archon.cli.eventday`, ...), imported only when that command runs
(click's lazy group: a mapping of command names to ``"module:function"``),
so that ``archon --help`` and ``archon score`` load none of the workbook's
modules. The list of commands in ``archon --help`` is made from the
commands' contracts (:mod:`archon.api.contracts`), without importing them.
"""

from __future__ import annotations

import importlib
import os
import shlex
import sys
from typing import Mapping

import click

from archon.api.contracts import CONTRACTS
from archon.cli.errors import NOT_WRITTEN_ERRNOS, debugging, fail, say_failed_usage, say_not_written
from archon.cli.output import printable_streams
from archon.cli.words import CliRenderer
from archon.exits import ExitStatus

__all__ = ["LazyGroup"]


def _short(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters at a word, marked "..." when cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 3, 1)].rsplit(" ", 1)[0].rstrip(",;:") + "..."


class LazyGroup(click.Group):
    """A group whose commands (``lazy``: name -> ``"module:function"``) are
    imported when they run; every error ends in one line and its exit status
    (:func:`archon.cli.errors.fail`), never a traceback."""

    def __init__(self, *args, lazy: Mapping[str, str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, name: str):
        if name not in self.lazy:
            return super().get_command(ctx, name)
        module, _, function = self.lazy[name].partition(":")
        return getattr(importlib.import_module(module), function)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command and the first line of its contract, none of them imported."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(n) for n in names)
        said = CliRenderer()
        rows = [(n, _short(said.render(CONTRACTS[n].summary), limit)) for n in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def main(self, *args, **kwargs):
        # 'archon --help > /dev/full': the group's own help and version are
        # printed while the command line is parsed, before invoke() is reached
        printable_streams()
        try:
            return super().main(*args, **kwargs)
        except OSError as exc:
            if debugging() or exc.errno not in NOT_WRITTEN_ERRNOS:
                raise
            say_not_written(exc)
            sys.exit(ExitStatus.NOT_WRITTEN)

    def parse_args(self, ctx: click.Context, args):
        # the command line as typed, for the journal of changes (archon undo)
        ctx.meta["archon.command"] = "archon " + " ".join(shlex.quote(a) for a in args)
        ctx.meta["archon.args"] = list(args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):
        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()  # 'archon standings FILE --json > out.json' on a full disk fails here
        except click.ClickException as exc:
            say_failed_usage(ctx, exc, ctx.meta.get("archon.args", ()))
            raise
        except (click.exceptions.Exit, click.Abort, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # 'archon standings FILE | head': the reader has all it wants
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(ExitStatus.OK)
        except Exception as exc:  # noqa: BLE001 - errors.fail: the one place that turns errors into statuses
            if debugging():
                raise
            fail(ctx, exc)
