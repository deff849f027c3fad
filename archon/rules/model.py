"""The event model: plain data, no file formats.

An :class:`Event` holds what an organizer types into The Archon: the event's
details, the players (:class:`Player`), the preliminary rounds
(:class:`Round`, made of :class:`Table` in seat order), the judges'
overrides (:class:`Override`), the final (:class:`Final`) and the judges'
warnings (:class:`JudgeWarning`). Everything else
(GW, TP, ranks, finalists, rating points) is computed from it by
:mod:`archon.rules.scoring` and :mod:`archon.rules.standings`.

Seat order: seat 1 plays first; each seat's prey is the next seat and the
last seat's prey is seat 1.
"""

from __future__ import annotations

import datetime as _dt
import unicodedata
from dataclasses import dataclass, field
from typing import Optional, Union

from archon.rules.celltext import visible_name
from archon.rules.decks import StoredDeck
from archon.words.message import Message, say

__all__ = [
    "Player",
    "Table",
    "Round",
    "Override",
    "JudgeWarning",
    "PlayerReport",
    "CheckIn",
    "ClaimAlert",
    "Final",
    "RoundClock",
    "Event",
    "FINAL",
    "EventFormat",
    "name_key",
    "plain_name",
    "typed_name_forms",
    "searched_name",
    "DECK_FORMATS",
    "MAX_CELL_TEXT",
]

#: The round key of the final in an :class:`Override`.
FINAL = "F"

#: The longest text a workbook cell holds (Excel's limit, and The Archon's
#: cells are Excel's): a name, city or reason longer cannot be written.
MAX_CELL_TEXT = 32767

#: The deck formats The Archon knows (Tournament Info, "Format").
DECK_FORMATS = ("Constructed", "Limited")

#: ``"2R+F"`` or ``"3R+F"``.
EventFormat = str

#: Reason codes The Archon suggests for its DQ flag column.
OUT_REASONS = {
    "WD": "withdrew from the event",
    "DQ": "disqualified",
    "DP": "disqualified (deck problem)",
    "PE": "disqualified (procedural error)",
    "CD": "disqualified (conduct)",
    "MC": "disqualified (marked cards)",
    "SP": "disqualified (slow play)",
    "UC": "disqualified (unsporting conduct)",
    "C": "disqualified (cheating)",
    "N": "no-show",
}

#: :data:`OUT_REASONS`' meanings as messages (a sentence says them in the reader's language).
OUT_REASONS_SAID = {
    "WD": say("out_reason.wd"),
    "DQ": say("out_reason.dq"),
    "DP": say("out_reason.dp"),
    "PE": say("out_reason.pe"),
    "CD": say("out_reason.cd"),
    "MC": say("out_reason.mc"),
    "SP": say("out_reason.sp"),
    "UC": say("out_reason.uc"),
    "C": say("out_reason.c"),
    "N": say("out_reason.n"),
}

#: The DQ flag of a player who never came (Methuselahs G, "N"): with no
#: round played, they did not attend (:meth:`Event.attended`).
NO_SHOW = "N"


def name_key(name: str) -> str:
    """How players' names compare, in registration and in checks: spaces and
    case ignored ("anna  KOWALSKI" is "Anna Kowalski"), in Unicode's composed
    form ("Chloe" with a combining accent is "Chloé"), without the characters
    that cannot be seen (:func:`archon.rules.celltext.visible_name`: "Bob
    Smith" and a zero-width space is "Bob Smith"). A player needs a name (a
    key that is not blank) and no two players share a key."""
    return visible_name(name).casefold()


#: Letters that Unicode does not decompose into a base letter and an accent.
_FOLD = str.maketrans(
    {
        "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss",
        "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "TH",
        "ı": "i",
    }
)


def plain_name(text: str) -> str:
    """A name as a search compares it: accents, case and runs of spaces
    ignored ('Horváth' is 'horvath', 'Øyvind  ÅNGSTRÖM' 'oyvind angstrom')."""
    decomposed = unicodedata.normalize("NFKD", (text or "").translate(_FOLD))
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).casefold().split())


def typed_name_forms(text: str) -> list[str]:
    """The names a typed name can mean, plain (:func:`plain_name`): "Dubois,
    Quentin" (last name first, as lists print it) is also "quentin dubois"."""
    forms = [plain_name(text)]
    last, comma, first = text.partition(",")
    if comma and last.strip() and first.strip():
        forms.append(plain_name(f"{first} {last}"))
    return forms


def searched_name(first_name: str, last_name: str) -> str:
    """What a search box (the console's) looks in for a player, so that a
    query folded as :func:`plain_name` folds it finds them as
    :func:`typed_name_forms` would: "Quentin Dubois", plain and as typed,
    and "Dubois, Quentin"."""
    name = " ".join(n for n in (first_name, last_name) if n)
    forms = [name.lower(), plain_name(name)]
    if first_name and last_name:
        forms.append(plain_name(f"{last_name}, {first_name}"))
    return " | ".join(dict.fromkeys(forms))


@dataclass
class Player:
    """A registered player.

    ``out`` is ``None`` for a player still playing, otherwise the reason code
    typed in The Archon's DQ flag column (``"WD"``, ``"DQ"``, any text): such
    a player is ranked after everyone, has no rank and cannot be a finalist.
    ``coin`` is the coin ranking (1 = won the toss) used only to order
    players tied for a place that decides the final cut.
    """

    number: int
    first_name: str = ""
    last_name: str = ""
    city: Optional[str] = None
    vekn: Optional[str] = None
    out: Optional[str] = None
    coin: Optional[int] = None

    @property
    def name(self) -> str:
        first, last = self.first_name, self.last_name
        return f"{first} {last}" if first and last else (first or last or "")  # each part there is, one space

    @property
    def is_out(self) -> bool:
        return self.out is not None

    @property
    def status(self) -> str:
        """``"playing"``, or ``"out (WD)"`` style text for a flagged player."""
        return "playing" if self.out is None else f"out ({self.out})"

    def __str__(self) -> str:  # "#12 Anna Example"
        return f"#{self.number} {self.name}".rstrip()


@dataclass
class Table:
    """One table of a round: player numbers in seat order and their VPs.

    ``vps[i]`` is the VP of seat ``i + 1``; ``None`` means the cell is blank,
    which counts as 0 (as in The Archon).
    """

    players: list[int]
    vps: list[Optional[float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.vps:
            self.vps = [None] * len(self.players)
        if len(self.vps) != len(self.players):
            raise ValueError(
                f"a table of {len(self.players)} players needs {len(self.players)} VP entries, "
                f"got {len(self.vps)}"
            )

    @property
    def size(self) -> int:
        return len(self.players)

    def seat_of(self, player: int) -> Optional[int]:
        """The seat (1-based) of ``player`` at this table, or None."""
        try:
            return self.players.index(player) + 1
        except ValueError:
            return None


@dataclass
class Round:
    """A preliminary round: tables numbered from 1 in list order."""

    number: int
    tables: list[Table] = field(default_factory=list)

    def players(self) -> list[int]:
        return [p for t in self.tables for p in t.players]

    def has_results(self) -> bool:
        """A VP is typed at one of the round's tables: the round has begun."""
        return any(v is not None for t in self.tables for v in t.vps)


@dataclass
class Override:
    """A judge's decision to accept a table whose VPs do not add up."""

    round: Union[int, str]  # 1, 2, 3 or FINAL
    table: int
    reason: str = ""


@dataclass
class JudgeWarning:
    """A warning a judge gave a player, which the head judge reports to the
    VEKN with the event: the ``player`` number, the ``reason`` and the
    ``round`` (1, 2, 3, FINAL, or None when not said)."""

    player: int
    reason: str
    round: Union[int, str, None] = None
    #: The Judges' Guide's level (:mod:`archon.rules.sanctions`): a warning
    #: recorded before sanctions had levels reads as one.
    level: str = "warning"
    #: The infraction (a sub-category of :data:`archon.rules.sanctions.SUBCATEGORIES`), None when not said.
    category: Optional[str] = None
    table: Optional[int] = None
    judge: Optional[str] = None

    @property
    def round_text(self) -> str:
        """``round 2``, ``the final`` or empty."""
        if self.round is None:
            return ""
        return "the final" if str(self.round).upper() == FINAL else f"round {self.round}"

    @property
    def round_said(self) -> "Message | None":
        """:attr:`round_text` as a message ("round 2", "the final" in the
        reader's language); None for a warning given in no round."""
        if self.round is None:
            return None
        return say("warning.final") if str(self.round).upper() == FINAL else say("warning.round", round=self.round)


@dataclass(frozen=True)
class CheckIn:
    """A player checked in before round 1: ``when`` (an ISO 8601 UTC time,
    ``2026-11-27T09:05:00Z``) and ``by`` whom: ``"organizer"`` (the
    organizer's page or the command line) or ``"phone"`` (the player, from
    their phone, with the event's check-in code: their personal code is then
    bound to that phone's claim)."""

    when: str
    by: str = "organizer"


@dataclass
class PlayerReport:
    """A table's VPs as one of its players reported them from their phone,
    waiting for a second player of the table or the organizer to confirm
    (:mod:`archon.eventday.player_reports`): the preliminary ``round`` (or
    :data:`FINAL`, the final being table 1), the
    ``table``, the ``vps`` in seat order, the reporting ``player``'s number
    and ``when`` (UTC, ISO 8601)."""

    round: Union[int, str]  # 1, 2, 3... or FINAL (table 1)
    table: int
    vps: list[float]
    player: int
    when: str = ""


@dataclass
class ClaimAlert:
    """A second phone claimed a player whose phone check-in was made already
    (issue 25): the ``player``'s number and ``when`` (UTC, ISO 8601). Kept with
    the event and shown to the organizer until dismissed."""

    player: int
    when: str = ""


@dataclass
class Final:
    """The final table.

    ``seating`` is the finalists' player numbers in seat order (empty until
    the final is seated); ``vps`` their final VPs (``None`` = blank).
    """

    seating: list[int] = field(default_factory=list)
    vps: list[Optional[float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.vps:
            self.vps = [None] * len(self.seating)
        if len(self.vps) != len(self.seating):
            raise ValueError("the final needs one VP entry per seat")

    @property
    def seated(self) -> bool:
        return bool(self.seating)


@dataclass
class RoundClock:
    """The clock of the round under way (issue 25), as plain data: times are
    UTC ISO texts (``2026-11-27T14:05:00Z``), never read here
    (:mod:`archon.eventday.clock` works it out from a time it is given).

    ``round``: 1, 2, 3 or :data:`FINAL`; ``minutes``: the round's time limit
    (rules 3.1.1); ``started``: when it was started (None: not yet);
    ``paused_at``: when it was paused (None: running or not started);
    ``paused_seconds``: how long it stood paused before, in all; ``added``:
    minutes added to the whole round; ``tables``: a judge's extra minutes for
    one table (table number -> minutes).
    """

    round: Union[int, str]
    minutes: int = 120
    started: Optional[str] = None
    paused_at: Optional[str] = None
    paused_seconds: int = 0
    added: int = 0
    tables: dict[int, int] = field(default_factory=dict)


@dataclass
class Event:
    """A tournament as typed into The Archon."""

    name: str = ""
    date: Optional[_dt.date] = None
    city: Optional[str] = None
    organizer: Optional[str] = None
    organizer_vekn: Optional[str] = None
    #: The head judge and their VEKN number (Tournament Info B17, C17).
    head_judge: Optional[str] = None
    head_judge_vekn: Optional[str] = None
    level: Optional[str] = None
    #: Preliminary rounds planned: 2 for 2R+F, 3 for 3R+F.
    preliminary_rounds: int = 3
    #: Rule edition name (see :mod:`archon.rules.editions`).
    edition: str = "current"
    #: False for an event closed without a final (rules 3.1.6).
    has_final: bool = True
    players: list[Player] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    overrides: list[Override] = field(default_factory=list)
    final: Final = field(default_factory=Final)
    archon_version: Optional[str] = None
    #: Deck format as The Archon says it: one of :data:`DECK_FORMATS`.
    deck_format: Optional[str] = None
    #: The judges' warnings, in the order they were given.
    warnings: list[JudgeWarning] = field(default_factory=list)
    #: The tables' results players reported, not confirmed yet (issue 25).
    player_reports: list[PlayerReport] = field(default_factory=list)
    #: The organizer switched players' reports off.
    reporting_off: bool = False
    #: Players checked in before round 1, by player number
    #: (:mod:`archon.eventday.checkin`); empty until check-in begins.
    checked_in: dict[int, CheckIn] = field(default_factory=dict)
    #: Each player's personal code, by player number (:mod:`archon.eventday.codes`):
    #: given privately, never on a posted list.
    codes: dict[int, str] = field(default_factory=dict)
    #: The event's check-in code, shown on the projector (None until made).
    checkin_code: Optional[str] = None
    #: The players' decks by player number (:mod:`archon.rules.decks`).
    decks: dict[int, StoredDeck] = field(default_factory=dict)
    #: Phones that claimed a player already claimed, oldest first, until the
    #: organizer dismisses them (:mod:`archon.eventday.checkin`).
    claim_alerts: list[ClaimAlert] = field(default_factory=list)
    #: The round's clock (issue 25), kept in the workbook's document properties; None: never started.
    clock: Optional[RoundClock] = None
    #: The rounds' start and end times ("Round Start Time:", "Round End
    #: Time:"): round (1, 2, 3 or FINAL) -> (start, end), texts such as
    #: ``"14:05"`` or None; a round not here is left as its sheet has it. The
    #: reader fills in the clock's round only (the others' sheets are not read for it).
    round_times: dict[Union[int, str], tuple[Optional[str], Optional[str]]] = field(default_factory=dict)

    @property
    def format(self) -> EventFormat:
        return f"{self.preliminary_rounds}R+F"

    def player(self, number: int) -> Player:
        for p in self.players:
            if p.number == number:
                return p
        raise KeyError(number)

    def players_by_number(self) -> dict[int, Player]:
        return {p.number: p for p in self.players}

    def round(self, number: int) -> Round:
        for r in self.rounds:
            if r.number == number:
                return r
        raise KeyError(number)

    def seated_anywhere(self, number: int) -> bool:
        """Player ``number`` has a seat at a table of some round or at the
        final (The Archon's "# rnds", Methuselahs F, counts those rounds)."""
        return any(number in t.players for r in self.rounds for t in r.tables) or number in self.final.seating

    def did_not_attend(self, player: Player) -> bool:
        """``player`` is flagged :data:`NO_SHOW` and has no seat in any round
        nor at the final: registered, but never came (rules Appendix A.2:
        no 5 rating points for attending, not counted in the finalists'
        coefficient nor in the players of the event's report)."""
        return (player.out or "").strip().upper() == NO_SHOW and not self.seated_anywhere(player.number)

    def attended(self) -> list[Player]:
        """The players who attended the event: every registered player but
        the no-shows (:meth:`did_not_attend`). The Archon's own formulas
        (Tournament Info B10, Methuselahs A4) count every registered row."""
        return [p for p in self.players if not self.did_not_attend(p)]

    def override_for(self, round_key: Union[int, str], table: int) -> Optional[Override]:
        """The override for a table (``round_key`` = round number or FINAL)."""
        for o in self.overrides:
            if str(o.round).upper() == str(round_key).upper() and (
                round_key == FINAL or o.table == table
            ):
                return o
        return None


def parse_format(text: str) -> int:
    """``"3R+F"`` -> 3. Raises ValueError with what is expected."""
    t = str(text).strip().upper().replace(" ", "")
    if t in ("2R+F", "2"):
        return 2
    if t in ("3R+F", "3"):
        return 3
    raise ValueError(f"event format {text!r}: expected 2R+F or 3R+F")
