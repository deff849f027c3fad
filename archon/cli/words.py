"""How the command line says a message: its own commands and flags.

An :class:`~archon.words.message.Action` reads as the command to type,
with the workbook the organizer gave (``act("seat", round=1, force=True)``
is ``archon seat cup.xlsx --round 1 --force``); everything else as every
shell says it (:class:`archon.words.render.Renderer`).
"""

from __future__ import annotations

from typing import Any, Optional

from archon.words.message import Action, Option
from archon.words.render import Renderer
from archon.words.wording import shell_word

__all__ = ["CliRenderer", "command_line", "WORKBOOK_PLACEHOLDER"]

#: Where a command to type has the workbook, when the shell was given none.
WORKBOOK_PLACEHOLDER = "FILE"

#: Commands that take no workbook.
_NO_WORKBOOK = frozenset({"score", "plan", "editions", "rating", "league", "convert"})

#: Arguments typed as words after the workbook, in this order, by command.
_POSITIONAL = {
    "drop": ("player",),
    "unregister": ("player",),
    "warn": ("player", "reason"),
    "register": ("name",),
    "sanction": ("player", "reason"),
    "deck": ("player",),
    "convert": ("source", "output"),
    "clock": ("action", "minutes"),
}

#: Arguments typed last, as several words (``archon result FILE --final VP VP ...``).
_TRAILING = ("vps",)


#: Options whose flag is not their name with dashes (a Python keyword or a
#: builtin's name in the twin: ``league(start=...)`` is ``--from``).
_FLAGS = {"start": "--from", "end": "--to"}


def option_flag(name: str) -> str:
    """The command line's flag for the option ``name``: ``as_of`` is ``--as-of``."""
    return _FLAGS.get(name, "--" + name.replace("_", "-"))


def _flag(name: str, value: Any) -> list[str]:
    flag = option_flag(name)
    if value is True:
        return [flag]
    if value is False or value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [flag, ",".join(str(v) for v in value)]
    return [flag, _word(value)]


def _word(value: Any) -> str:
    if value == "...":
        return "..."
    if isinstance(value, float):
        value = f"{value:g}"
    return shell_word(str(value))


def command_line(action: Action, workbook: Optional[str] = None) -> str:
    """``action`` as the command to type; the workbook is the action's own
    ``file``, else ``workbook`` as the organizer typed it, else
    :data:`WORKBOOK_PLACEHOLDER`; ``file=False`` names the command alone
    ("archon check": the command, not a line to type)."""
    args = dict(action.args)
    words = ["archon", action.name]
    file = args.pop("file", None)
    if action.name not in _NO_WORKBOOK and file is not False:
        words.append(shell_word(str(file or workbook or WORKBOOK_PLACEHOLDER)))
    for name in _POSITIONAL.get(action.name, ()):
        if name in args:
            words.append(_word(args.pop(name)))
    trailing = [args.pop(name) for name in _TRAILING if name in args]
    for name, value in args.items():
        words.extend(_flag(name, value))
    for value in trailing:
        words.extend(_word(v) for v in (value if isinstance(value, (list, tuple)) else [value]))
    return " ".join(words)


class CliRenderer(Renderer):
    """Messages as the command line prints them, naming ``workbook`` (as
    typed) in every command it tells the organizer to type."""

    shell = "cli"

    def __init__(self, workbook: Optional[str] = None, language: str = "en") -> None:
        super().__init__(language)
        self.workbook = workbook

    def action(self, action: Action) -> str:
        return command_line(action, self.workbook)

    def option(self, option: Option) -> str:
        return option_flag(option.name)
