"""One contract per command, written once: what the command does, its
refusals and its exit statuses.

The command line's ``--help`` and the list of commands show it
(:mod:`archon.cli`), and the twin's docstring ends with it (:func:`twin_of`),
so that both say the same. Its texts are messages
(``contract.<command>.summary``, ``.does``, ``.exits`` in
:mod:`archon.words.catalogue.api`): the commands and options they name are
actions and options, which each shell words its own way.
"""

from __future__ import annotations

import inspect
import textwrap
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, TypeVar

from archon.words.message import Action, Message, Option, act, option
from archon.words.render import PLAIN, Renderer

__all__ = ["Contract", "CONTRACTS", "twin_of", "DocstringRenderer", "DOCSTRING"]

F = TypeVar("F", bound=Callable)


@dataclass(frozen=True)
class Contract:
    """The contract of the command ``command``; ``fields`` are the actions
    and options its texts name."""

    command: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def _said(self, part: str) -> Message:
        return Message(f"contract.{self.command}.{part}", self.fields)

    @property
    def summary(self) -> Message:
        """One line: what the command is for (the list of commands shows it)."""
        return self._said("summary")

    @property
    def does(self) -> Message:
        """What it does and refuses, in a paragraph or two."""
        return self._said("does")

    @property
    def exits(self) -> Message:
        """"Exit status: 0 when ...; 1 when ...": each status and what it means here."""
        return self._said("exits")

    def text(self, renderer: Renderer = PLAIN) -> str:
        """The whole contract: the summary, what it does, the exit statuses."""
        return "\n\n".join(renderer.render(m) for m in (self.summary, self.does, self.exits))


def _contracts() -> dict[str, Contract]:
    o = option
    check, standings = act("check", file=False), act("standings", json=True)
    fields: dict[str, dict[str, Any]] = {
        "score": {},
        "editions": {"edition": o("edition")},
        "report": {"archondata": o("archondata"), "force": o("force"), "xlsx": o("xlsx"), "html": o("html"),
                   "csv": o("csv"), "twd": o("twd"), "deck": o("deck"), "round": o("round"), "check": check,
                   "standings": act("standings", file=False)},
        "register": {},
        "warn": {"list": o("list"), "round": o("round")},
        "warnings": {"warn": act("warn", file=False)},
        "sanction": {"level": o("level"), "category": o("category"), "round": o("round"), "table": o("table"),
                     "judge": o("judge"), "warn": act("warn", file=False)},
        "unregister": {},
        "drop": {"undo": o("undo")},
        "result": {"override": o("override"), "replace": o("replace")},
        "toss": {"again": act("toss", seed="S"), "order": o("order")},
        "seat": {"show": o("show"), "print": o("print"), "force": o("force"), "seed": o("seed"),
                 "dry_run": o("dry_run"), "time_budget": o("time_budget")},
        "finals": {"seating": o("seating"), "none": o("none"), "drop": act("drop", file=False),
                   "toss": act("toss", file=False)},
        "serve": {},
        "standings": {"check": check},
        "check": {},
        "new": {"template": o("template")},
        "update": {"check": check, "edition": o("edition")},
        "convert": {"standings": standings, "check": check, "edition": o("edition"), "force": o("force")},
        "rating": {"xlsx": o("xlsx"), "force": o("force")},
        "league": {"best": o("best"), "start": o("from"), "end": o("to"), "xlsx": o("xlsx"), "force": o("force")},
        "undo": {"force": o("force")},
        "info": {"json": o("json"), "undo": act("undo", file=False)},
        "plan": {},
        "checkin": {"undo": o("undo"), "all": o("all"), "absent": o("absent"), "codes": act("codes", file=False)},
        "codes": {"reissue": o("reissue"), "print": o("print"), "json": o("json"), "dismiss": o("dismiss")},
        "pending": {"accept": o("accept"), "round": o("round"), "player": o("player"), "on": o("on"), "off": o("off"),
                    "result": act("result", file=False), "serve": act("serve", file=False)},
        "deck": {"unlock": o("unlock")},
        "decks": {"export": o("export")},
        "cards": {},
        "clock": {"round": o("round"), "table": o("table"), "undo": act("undo", file=False)},
    }
    return {command: Contract(command, f) for command, f in fields.items()}


#: Every command's contract, by the command's name.
CONTRACTS: dict[str, Contract] = _contracts()


class DocstringRenderer(Renderer):
    """Plain English for a docstring: an option as ``force``, an action as
    the twin's call, ``toss(seed='S')``, both as literals."""

    def action(self, action: Action) -> str:
        return f"``{PLAIN.action(action)}``"

    def option(self, option: Option) -> str:
        return f"``{option.name}``"


#: How a twin's docstring words its contract.
DOCSTRING = DocstringRenderer()


def twin_of(command: str) -> Callable[[F], F]:
    """Decorates the twin of ``command``: its docstring ends with the
    command's contract, in plain English."""

    def mark(function: F) -> F:
        own = inspect.cleandoc(function.__doc__ or "")
        said = CONTRACTS[command].text(DOCSTRING)
        wrapped = "\n\n".join(textwrap.fill(paragraph, 79) for paragraph in said.split("\n\n"))
        function.__doc__ = own + "\n\nThe contract (the command line's help says the same):\n\n" + wrapped
        return function

    return mark
