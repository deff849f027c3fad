"""What archon says, as data: a :class:`Message` is a stable id and its
fields; an :class:`Action` is something the organizer can do next (seat a
round again, toss, undo), named by what it does, never by how a shell
spells it.

The core makes messages; each shell renders them (:mod:`archon.words.render`):
the command line names its commands and flags ("archon seat cup.xlsx
--round 1 --force"), the event console its own buttons, JSON carries the id
and the fields for scripts, and Python's exceptions read in plain English.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

__all__ = ["Message", "Action", "Option", "say", "act", "option", "PLAIN_TEXT", "as_message", "message_of",
           "message_from_dict"]

#: The id of a message that is only a text (a sentence not yet given an id
#: of its own, or one that a file or the system wrote: an OS error's text).
PLAIN_TEXT = "text"


@dataclass(frozen=True)
class Action:
    """Something to do next: ``name`` is the twin's name (``"seat"``,
    ``"toss"``, ``"undo"``...), ``args`` its arguments (``{"round": 1,
    "force": True}``). ``"..."`` as an argument's value means the
    organizer fills it in (the final's VPs)."""

    name: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"action": self.name, "args": {k: _plain(v) for k, v in self.args.items()}}


@dataclass(frozen=True)
class Option:
    """An option or field of an action, named by what it sets (``"force"``,
    ``"vekn"``, ``"override"``): the command line says ``--force``, the
    console the name of its field or button."""

    name: str

    def as_dict(self) -> dict:
        return {"option": self.name}


@dataclass(frozen=True)
class Message:
    """A thing archon says: ``id`` (stable: scripts and translations key on
    it) and ``fields`` (player, table, round, cell, value, what to do: an
    :class:`Action`, or other messages). :data:`archon.words.render.PLAIN`
    renders it in plain English."""

    id: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict:
        """``{"id", "fields"}``, JSON's own types only (actions and nested
        messages as dicts)."""
        return {"id": self.id, "fields": {k: _plain(v) for k, v in self.fields.items()}}


def say(id: str, /, **fields: Any) -> Message:
    """``Message(id, fields)``, spelled as a call: ``say("seat.already_seated", round=1)``."""
    return Message(id, fields)


def option(name: str, /) -> Option:
    """``Option(name)``: ``option("replace")``."""
    return Option(name)


def act(name: str, /, **args: Any) -> Action:
    """``Action(name, args)``: ``act("seat", round=1, force=True)``."""
    return Action(name, args)


def _plain(value: Any) -> Any:
    if isinstance(value, (Message, Action, Option)):
        return value.as_dict()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def as_message(said: "Message | str") -> Message:
    """``said`` as a message: a message as it is, a text as a message of id
    :data:`PLAIN_TEXT` (a sentence with no id of its own, a text from outside)."""
    return said if isinstance(said, Message) else Message(PLAIN_TEXT, {"text": str(said)})


def message_of(exc: BaseException) -> Message:
    """The message of any exception: its own (``.message``), or its text as one."""
    found = getattr(exc, "message", None)
    if isinstance(found, Message):
        return found
    return as_message(str(exc))


def message_from_dict(data: Any) -> "Message | None":
    """The message :meth:`Message.as_dict` wrote (read back from a file: the
    journal of changes), its fields' messages, actions and options too; None
    when ``data`` is not one."""
    if not isinstance(data, Mapping) or not isinstance(data.get("id"), str) \
            or not isinstance(data.get("fields"), Mapping):
        return None
    return Message(data["id"], {str(k): _revived(v) for k, v in data["fields"].items()})


def _revived(value: Any) -> Any:
    """A field as :func:`_plain` wrote it, back as it was (a message, an action, an option)."""
    if isinstance(value, list):
        return [_revived(v) for v in value]
    if not isinstance(value, Mapping):
        return value
    if set(value) == {"id", "fields"}:
        return message_from_dict(value)
    if set(value) == {"action", "args"} and isinstance(value["args"], Mapping):
        return Action(str(value["action"]), {str(k): _revived(v) for k, v in value["args"].items()})
    if set(value) == {"option"}:
        return Option(str(value["option"]))
    return {str(k): _revived(v) for k, v in value.items()}
