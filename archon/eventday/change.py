"""What an event-day function returns (:class:`Change`), and the small
pieces its messages share: a place named by ``locate``, a player by number,
VPs as typed, the advice to seat rounds again."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from archon.rules.model import Event, Player
from archon.rules.validation import Where
from archon.words.message import Message, act, say
from archon.words.render import PLAIN

__all__ = ["Change", "Locate", "place", "who", "vp_text", "copied", "seat_again"]

#: A function naming a place of the event (a workbook cell), or None.
Locate = Callable[[Where], Optional[str]]


@dataclass
class Change:
    """The result of an event-day function.

    ``event`` is the new event; ``lines`` say what changed, one
    :class:`~archon.words.message.Message` each (the shells render them);
    ``changed`` is False when there was nothing to do (the event is then the
    same as before). ``seed`` is the draw's seed (:func:`~archon.eventday.toss`).
    ``player`` is the player concerned, when there is one.
    """

    event: Event
    lines: list = field(default_factory=list)
    changed: bool = True
    seed: Optional[int] = None
    player: Optional[Player] = None

    def __str__(self) -> str:
        """The lines in plain English (:data:`archon.words.render.PLAIN`)."""
        return "\n".join(PLAIN.render(line) if isinstance(line, Message) else str(line) for line in self.lines)


def place(locate: Optional[Locate], where: Where) -> str:
    """``where`` as ``locate`` names it (a cell: ``Methuselahs!E9``), else in words."""
    text = locate(where) if locate is not None else None
    return text or where.describe()


def who(event: Event, number: int) -> str:
    """Player ``number`` as a message names them: "#3 Chloé Martin" ("#3" when unknown)."""
    try:
        return str(event.player(number))
    except KeyError:
        return f"#{number}"


def vp_text(x: Optional[float]) -> "float | str":
    """VPs as a message's field: a number the renderer writes in its language
    ("2.5", "2,5", "0"), and "-" for none."""
    return "-" if x is None else float(x)


def copied(event: Event) -> Event:
    """A copy of ``event`` to change (the one given is never modified): a
    deep copy, made by pickling (the same objects as :func:`copy.deepcopy`
    makes, shared references kept shared, in a third of its time: the
    event console copies a 300-player event on every result)."""
    return pickle.loads(pickle.dumps(event, pickle.HIGHEST_PROTOCOL))


def seat_again(rounds: Sequence[int], force: bool = False) -> Message:
    """The advice to seat ``rounds`` again, the first one first (``force``:
    over rounds seated): "seat them again (archon seat FILE --round 2)"."""
    again = act("seat", round=rounds[0], force=True) if force else act("seat", round=rounds[0])
    return say("seat.seat_again", rounds=list(rounds), again=again)
