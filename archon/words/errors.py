"""Errors that say what happened as a message (:class:`WordedError`)."""

from __future__ import annotations

from typing import Any

from archon.words.message import Message, as_message
from archon.words.render import PLAIN

__all__ = ["WordedError"]


class WordedError(Exception):
    """An error that says what happened as a :class:`~archon.words.message.Message`
    (``.message``: its id and fields, which the shells render); a plain text
    given instead is a message of id :data:`~archon.words.message.PLAIN_TEXT`.
    ``str()`` is the English text (:data:`archon.words.render.PLAIN`)."""

    def __init__(self, message: "Message | str", *args: Any) -> None:
        self.message = as_message(message)
        super().__init__(self.message, *args)

    def __str__(self) -> str:
        return PLAIN.render(self.message)
