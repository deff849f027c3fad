"""Commands that write a workbook: the group's ``--keep-backups`` and
``--lock-wait`` (and the command line, for the journal of changes) apply to
their writes (:func:`archon.formats.workbook.safety.settings`), and they say
which older backups a write removed."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable, Optional

import click

from archon.cli.output import report_lines, say, say_json, say_lines
from archon.formats.workbook.safety import settings

__all__ = ["writes", "say_backups_removed", "say_done"]


def writes(f: Callable) -> Callable:
    """Runs the command ``f`` within the settings the group was given."""

    @functools.wraps(f)
    def run(*args, **kwargs):
        meta = click.get_current_context().meta
        with settings(command=meta.get("archon.command"), keep_backups=meta.get("archon.keep_backups"),
                      lock_wait=meta.get("archon.lock_wait")):
            return f(*args, **kwargs)

    return run


def say_backups_removed(rep) -> None:
    """With ``archon --keep-backups N`` (or ARCHON_KEEP_BACKUPS), say on
    standard error which older backups the write ``rep`` (a twin's result:
    its ``backups_removed``) removed."""
    keep = click.get_current_context().meta.get("archon.keep_backups")
    gone = rep.backups_removed
    if keep is None or not gone:
        return
    names = ", ".join(b.name for b in gone[:3]) + (", ..." if len(gone) > 3 else "")
    say("cli.backups_removed", err=True, file=Path(rep.path).name, removed=len(gone), folder=gone[0].parent.name,
        keep=keep, names=names)


def say_done(rep, as_json: Optional[dict] = None) -> None:
    """What the change ``rep`` did, a line each (``as_json``: that object,
    printed instead: ``--json``), and the backups it removed."""
    if as_json is not None:
        say_json(as_json, ensure_ascii=False)
    else:
        say_lines(report_lines(rep))
    say_backups_removed(rep)
