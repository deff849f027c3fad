"""The one place that turns errors into what the command line says and its
exit status (:mod:`archon.exits`): one line on standard error, never a
traceback; with ``--json``, also one JSON object on standard output::

    {"schema": "archon.<command>/1", "ok": false,
     "error": {"id": ..., "fields": {...}, "text": "..."}, "exit_status": N}

An error that carries ``exit_status`` exits with it and says its message
(:func:`archon.words.message_of`); a full disk or a read-only folder is
status 3; anything else is a bug in archon (status 4). ``ARCHON_DEBUG=1``
shows the traceback instead.
"""

from __future__ import annotations

import errno
import json
import os
from typing import NoReturn, Optional, TypeGuard

import click

from archon.api.json_output import versioned
from archon.cli.output import as_printed, in_english, typed_workbook, workbook_changed
from archon.exits import ExitStatus, status_of
from archon.words.errors import WordedError
from archon.words.message import Message, act, message_of, say
from archon.words.render import PLAIN

__all__ = ["Refused", "UsageRefused", "failed", "fail", "NOT_WRITTEN_ERRNOS", "DRY_RUN_REFUSED",
           "remember_dry_run", "remember_json", "error_object", "say_failed_usage", "say_not_written", "debugging"]

#: Said after the error of a command given --dry-run: it was refused as the
#: command itself would be (the same message and exit status); in English,
#: the command line says it in its language (message ``cli.dry_run_refused``).
DRY_RUN_REFUSED = PLAIN.render(say("cli.dry_run_refused"))


def _not_written_errnos() -> frozenset:
    names = ("ENOSPC", "EDQUOT", "EFBIG", "EROFS", "EIO", "EACCES", "EPERM")
    return frozenset(getattr(errno, n) for n in names if hasattr(errno, n))


#: OS errors that mean an output could not be written (exit status 3): a full
#: disk or quota, a file too large, a read-only or failing medium, no permission.
NOT_WRITTEN_ERRNOS = _not_written_errnos()


class Refused(WordedError):
    """An error the command line says with the exit status it is given (the
    status of the error it stands for may be another: ``plan`` says a plan
    that cannot be made is a wrong use, status 2)."""

    def __init__(self, message: "Message | str", exit_status: ExitStatus) -> None:
        super().__init__(message)
        self.exit_status = exit_status


class UsageRefused(WordedError):
    """The command was used wrongly (options that do not go together, a
    value that cannot be read): exit status 2."""

    exit_status = ExitStatus.UNREADABLE

    def __init__(self, text: "Message | str") -> None:
        super().__init__(text if isinstance(text, Message) else say("cli.usage", text=text))


def failed(exc: BaseException, status: Optional[ExitStatus] = None) -> Refused:
    """``exc`` said as it is, exiting with ``status`` (default: its own,
    else 2, input that cannot be read: :func:`archon.exits.status_of`)."""
    return Refused(message_of(exc), status if status is not None else status_of(exc))


def remember_dry_run(ctx, param, value):
    ctx.meta["archon.dry_run"] = value  # shared by the group's context: its errors say so too
    return value


def remember_json(ctx, param, value):
    ctx.meta["archon.json"] = value  # shared by the group's context: its errors are JSON too
    return value


def error_object(message: Message, text: str, status: int, command: Optional[str] = None) -> dict:
    """The JSON a command given ``--json`` prints when it fails: its
    ``schema`` is the command's (``"archon.error/1"`` when the command line
    named no command archon has)."""
    said = message.as_dict()
    return versioned(command or "error", {"ok": False, "error": {"id": said["id"], "fields": said["fields"],
                                                                  "text": text}, "exit_status": int(status)})


def _command_of(ctx: click.Context) -> Optional[str]:
    """The command the group ``ctx`` runs, once its name is known."""
    name = ctx.invoked_subcommand
    return name if name in getattr(ctx.command, "lazy", {}) else None


def _internal(exc: BaseException) -> Message:
    if workbook_changed():  # the write was done, then something failed (printing its lines, say)
        return say("cli.internal_error_after_write", kind=type(exc).__name__, error=str(exc),
                   file=typed_workbook(), undo=act("undo"))
    return say("cli.internal_error", kind=type(exc).__name__, error=str(exc))


def _not_written(exc: OSError) -> Message:
    return say("cli.not_written", file=str(exc.filename) if exc.filename else say("cli.the_output"),
               error=exc.strerror or str(exc))


def _system_refused(exc: BaseException) -> TypeGuard[OSError]:
    """The system refused to write (a full disk, a read-only folder), not archon."""
    return isinstance(exc, OSError) and exc.errno in NOT_WRITTEN_ERRNOS and not hasattr(exc, "exit_status")


def _said_and_status(exc: BaseException) -> "tuple[Message, ExitStatus]":
    """What ``exc`` says and the exit status it ends with."""
    if _system_refused(exc):
        return _not_written(exc), ExitStatus.NOT_WRITTEN
    if hasattr(exc, "exit_status"):
        return message_of(exc), status_of(exc)
    if isinstance(exc, FileNotFoundError) and typed_workbook() is not None:
        return message_of(exc), ExitStatus.UNREADABLE  # the workbook given does not exist
    return _internal(exc), ExitStatus.INTERNAL


def fail(ctx: click.Context, exc: BaseException) -> NoReturn:
    """Say ``exc`` (and with ``--json``, its JSON object) and exit with its status."""
    message, status = _said_and_status(exc)
    text, english = as_printed(message), in_english(message)
    if ctx.meta.get("archon.dry_run") and status != ExitStatus.INTERNAL and not _system_refused(exc):
        text += " " + as_printed(say("cli.dry_run_refused"))
        english += " " + in_english(say("cli.dry_run_refused"))
    if ctx.meta.get("archon.json"):  # the same in every language: a program reads it
        click.echo(json.dumps(error_object(message, english, status, _command_of(ctx)), ensure_ascii=False))
    click.echo(as_printed(say("cli.error", error=text)), err=True)
    ctx.exit(status)


def say_not_written(exc: OSError) -> None:
    """Standard output itself could not be written (``archon --help > /dev/full``)."""
    click.echo(as_printed(say("cli.error", error=_not_written(exc))), err=True)


def say_failed_usage(ctx: click.Context, exc: click.ClickException, args) -> None:
    """With ``--json`` among ``args``, the JSON object of a usage error click
    found (a missing argument, an unknown option); click then says it."""
    if not (ctx.meta.get("archon.json") or "--json" in args):
        return
    message = say("cli.usage", text=exc.format_message())
    click.echo(json.dumps(error_object(message, exc.format_message(), exc.exit_code, _command_of(ctx)),
                          ensure_ascii=False))


def debugging() -> bool:
    """``ARCHON_DEBUG`` is set: errors show their traceback."""
    return bool(os.environ.get("ARCHON_DEBUG"))
