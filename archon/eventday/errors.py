"""The event day's refusals: :class:`EventDayError` and its kinds.

Each carries a :class:`~archon.words.message.Message` (``.message``: an id
and its fields, the English text in :mod:`archon.words.catalogue.eventday`)
saying what is wrong, where, and what to do next (an
:class:`~archon.words.message.Action`); each shell renders it.
"""

from __future__ import annotations

from typing import Sequence

from archon.exits import ExitStatus
from archon.rules.model import Player
from archon.words.errors import WordedError
from archon.words.message import Message

__all__ = ["EventDayError", "ForceNeeded", "WrongInput", "AmbiguousPlayer"]


class EventDayError(WordedError, ValueError):
    """A change the rules or the state of the event refuse (exit status 1):
    the message says where and what to do."""

    exit_status = ExitStatus.PROBLEMS


class ForceNeeded(EventDayError):
    """A refusal that ``force`` overrides (seating a round again with
    ``force=True``): the message says what forcing it would replace and clear."""


class WrongInput(EventDayError):
    """What was typed names nothing in the event, or cannot be what it should
    be: no such player, round or table, a VEKN number that is not 7 digits,
    an unknown reason code, VPs that are not numbers of VPs (exit status 2)."""

    exit_status = ExitStatus.UNREADABLE


class AmbiguousPlayer(WrongInput):
    """A player given by a part of a name that several players share
    (``candidates``: those players)."""

    def __init__(self, message: "Message | str", candidates: Sequence[Player]) -> None:
        super().__init__(message)
        self.candidates = list(candidates)
