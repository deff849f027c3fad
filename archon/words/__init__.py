"""What archon says, as data: a message is an id and its fields; each shell
(the command line, the console, JSON) and each language renders it.

:mod:`.message` (messages and actions), :mod:`.errors` (:class:`~.errors.WordedError`),
:mod:`.catalogue` (every message's English text), :mod:`.render` (a message
as a sentence), :mod:`.wording` (counts and figures)."""

from archon.words.errors import WordedError
from archon.words.message import PLAIN_TEXT, Action, Message, Option, act, message_of, option, say

__all__ = ["Message", "Action", "WordedError", "Option", "say", "act", "option", "message_of", "PLAIN_TEXT"]
