"""What the command line prints: messages rendered for it, texts, JSON.

Every message archon says (an error, a line of a change, a warning, a
problem) is rendered here with :class:`archon.cli.words.CliRenderer`, which
names the workbook the organizer typed in every command it tells them to
type. A plain text (the command line's own sentences, a text a file or the
system wrote) is printed as it is.
"""

from __future__ import annotations

import json
import shlex
from typing import Any, Optional

import click

from archon.cli.words import CliRenderer
from archon.words.choose import UnknownLanguage, choose_language
from archon.words.message import Action, Message, Option
from archon.words import languages
from archon.words.catalogue import TEXTS
from archon.words.render import PLAIN

__all__ = ["printable_streams", "typed_workbook", "renderer", "as_printed", "say", "say_lines", "say_json", "plain_json",
           "message_from_dict", "remember_workbook", "workbook_changed", "quoted", "report_lines", "number",
           "in_english"]


def printable_streams(environ=None) -> None:
    """Standard output and error that print every name: redirected or piped
    (a .bat script, ``| findstr``, PowerShell's Out-File) they write UTF-8,
    unless ``PYTHONIOENCODING`` chose an encoding; a stream that still cannot
    show a letter (a console's code page: Polish ł in cp1252) shows ``?``
    in its place instead of failing after the workbook was written."""
    import os
    import sys

    environ = os.environ if environ is None else environ
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue  # not a text stream of io's (a test's capture)
        try:
            chosen = "PYTHONIOENCODING" in environ or stream.isatty()
            encoding = (stream.encoding or "").lower().replace("_", "-")
            if not chosen and encoding not in ("utf-8", "utf8"):
                reconfigure(encoding="utf-8")
            elif encoding not in ("utf-8", "utf8"):
                reconfigure(errors="replace")
        except (OSError, ValueError):
            pass  # a closed or odd stream: printing will say what it can


def quoted(word: str) -> str:
    """``word`` as one word of a POSIX command line (:func:`shlex.quote`)."""
    return shlex.quote(word)


def typed_workbook() -> Optional[str]:
    """The workbook the command was given, as typed (``None``: none)."""
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get("archon.workbook") if ctx is not None else None


def remember_workbook(ctx, param, value):
    """Callback of the workbook argument: the messages of the command (and
    its errors, said by the group) name it as typed; how the file stood
    before the command is kept, so that an error can say whether it changed
    (:func:`workbook_changed`)."""
    ctx.meta["archon.workbook"] = value
    ctx.meta["archon.workbook_before"] = _file_state(value)
    return value


def _file_state(path) -> Optional[tuple]:
    import os

    try:
        st = os.stat(path)
    except (OSError, TypeError, ValueError):
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def workbook_changed() -> bool:
    """The command's workbook is not as it was when the command started
    (archon replaced it: an error after that must not say nothing was written)."""
    ctx = click.get_current_context(silent=True)
    if ctx is None or "archon.workbook_before" not in ctx.meta:
        return False
    return _file_state(ctx.meta.get("archon.workbook")) != ctx.meta["archon.workbook_before"]


def remember_language(ctx, param, value):
    """Callback of ``--lang`` (the group's and every command's): the language
    the command speaks to a person (:func:`archon.words.choose.choose_language`:
    ``--lang``, else ``ARCHON_LANG``, else the system's locale, else English).
    The last ``--lang`` given wins (``archon --lang es result ... --lang fr``)."""
    if value is None and "archon.lang" in ctx.meta:
        return value
    try:
        ctx.meta["archon.lang"] = choose_language(value)
    except UnknownLanguage as exc:
        raise click.BadParameter(CliRenderer().render(exc.message), ctx=ctx, param=param) from None
    return value


def chosen_language() -> str:
    """The language of this command (``--lang``, ``ARCHON_LANG``, the system's
    locale, English), for the messages it prints and the outputs made for
    people (a seat list, a report)."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and "archon.lang" in ctx.meta:
        return ctx.meta["archon.lang"]
    try:
        return choose_language()
    except Exception:  # noqa: BLE001 - no explicit code here: the environment's are passed over
        return "en"


def renderer() -> CliRenderer:
    """The renderer of this command: its workbook as typed, its language."""
    return CliRenderer(typed_workbook(), chosen_language())


def _message(said: Any, fields: dict) -> Any:
    """``said`` as a message: a message as it is, a catalogue's id with
    ``fields`` as that message; any other text as it is."""
    if isinstance(said, str) and said in TEXTS:
        return Message(said, fields)
    if fields:
        raise TypeError(f"{said!r} is no message id: fields {sorted(fields)} say nothing")
    return said


def as_printed(said: Any, **fields: Any) -> str:
    """A message (or a catalogue's id and its fields: ``as_printed("cli.wrote",
    file=path)``, or a text) as the command line prints it, in the command's
    language."""
    said = _message(said, fields)
    return renderer().render(said) if isinstance(said, Message) else str(said)


def say(said: Any, err: bool = False, **fields: Any) -> None:
    """Print a message, a catalogue's id with its fields (``say("cli.wrote",
    file=path)``) or a text (on standard error with ``err``), in the
    command's language."""
    click.echo(as_printed(said, **fields), err=err)


def number(value: Any, decimals: Optional[int] = None) -> str:
    """A number a person reads in a table (a VP, a TP, rating points) in the
    command's language: "2.5" in English, "2,5" in French; with ``decimals``,
    that many always ("12.50")."""
    if value is None:
        return ""
    if not isinstance(value, float) or isinstance(value, bool):
        return str(value)
    language = chosen_language()
    if decimals is None:
        return languages.decimal(value, language)
    if language == languages.SOURCE:
        return f"{value:.{decimals}f}"
    from babel.numbers import format_decimal

    return format_decimal(value, format="0." + "0" * decimals if decimals else "0", locale=language)


def say_lines(lines, err: bool = False) -> None:
    """Print each message or text of ``lines``, one a line."""
    for line in lines:
        say(line, err=err)


def report_lines(rep) -> list:
    """What a twin's report says it did, a message (or text) a line: its
    ``said()``, else its ``describe()``."""
    said = getattr(rep, "said", None)
    if callable(said):
        return list(said())
    described = rep.describe()
    return [described] if isinstance(described, (str, Message)) else list(described)


def message_from_dict(data: dict) -> Message:
    """A message from its JSON form (:meth:`Message.as_dict`): ``{"id", "fields"}``,
    its actions, options and nested messages made again."""
    return Message(data["id"], {k: _made_again(v) for k, v in (data.get("fields") or {}).items()})


def _made_again(value: Any) -> Any:
    if isinstance(value, dict):
        if "action" in value and "args" in value:
            return Action(value["action"], {k: _made_again(v) for k, v in value["args"].items()})
        if set(value) == {"option"}:
            return Option(value["option"])
        if "id" in value and "fields" in value:
            return message_from_dict(value)
        return {k: _made_again(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_made_again(v) for v in value]
    return value


def in_english(said: Any) -> str:
    """A message (or a text) as the command line prints it in English: what
    a JSON output says, the same in every language (a program reads it)."""
    return CliRenderer(typed_workbook()).render(said) if isinstance(said, Message) else str(said)


def plain_json(data: Any) -> Any:
    """``data`` with every message in it as the command line says it in
    English (JSON is the same in every language): a :class:`Message`
    becomes its sentence, and a record that carries a message as data
    (``{"id", "fields", ...}``: a file ``convert`` could not read, a
    problem) gets the text that says it in plain English said by the
    command line instead."""
    if isinstance(data, Message):
        return in_english(data)
    if isinstance(data, dict):
        out = {k: plain_json(v) for k, v in data.items()}
        if isinstance(data.get("id"), str) and isinstance(data.get("fields"), dict):
            said = message_from_dict(data)
            plain = PLAIN.render(said)
            for key, value in data.items():
                if value == plain and key != "id":
                    out[key] = in_english(said)
        return out
    if isinstance(data, (list, tuple)):
        return [plain_json(v) for v in data]
    return data


def say_json(data: Any, **dumps: Any) -> None:
    """``data`` as JSON on standard output, its messages said as the command
    line says them (:func:`plain_json`)."""
    click.echo(json.dumps(plain_json(data), **dumps))
