"""The api's refusals: :class:`InputError`, and errors of the layers below
made from a message (:func:`worded`)."""

from __future__ import annotations

from typing import Type, TypeVar

from archon.exits import ExitStatus
from archon.words.errors import WordedError
from archon.words.message import Message
from archon.words.render import PLAIN

__all__ = ["InputError", "worded"]

E = TypeVar("E", bound=BaseException)


class InputError(WordedError, ValueError):
    """Input a user typed that archon cannot read (exit status 2 on the
    command line); ``.message`` says what and what to do
    (:mod:`archon.words.catalogue.api`)."""

    exit_status = ExitStatus.UNREADABLE


def worded(kind: Type[E], message: Message) -> E:
    """An error of class ``kind`` saying ``message``: its ``.message`` is the
    message, whether ``kind`` is a :class:`~archon.words.errors.WordedError`
    or an error class that takes a text (its text is then the plain
    English one)."""
    if issubclass(kind, WordedError):
        return kind(message)
    err = kind(PLAIN.render(message))
    err.message = message  # type: ignore[attr-defined]  # given to an error class that has none
    return err
