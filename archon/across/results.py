"""One event's results as plain rows: what every table across events starts from.

:func:`event_results` turns an event's computed
:class:`~archon.rules.standings.Standings` into

* one result row per player who attended (:data:`RESULT_COLUMNS`; a no-show,
  flagged N with no round played, has none and is not an entrant): the event's date,
  level, rating category and edition, the player's VEKN number, games, GW,
  VP (the final's included), rank and rating points (Appendix A, as
  :mod:`archon.rules.standings` computes them);
* one game row per seat of every scored table, the final included
  (:data:`GAME_COLUMNS`), for the 2001 Elo rating;

and :func:`event_fingerprint` says whether two files hold the same event.
Plain Python over plain data: :mod:`archon.across.rating` turns the rows into
pandas frames, :mod:`archon.across.archive` reads the files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from archon.rules.editions import LIMITED, UNRATED_LEVELS
from archon.rules.model import Event
from archon.rules.standings import Standings, final_game_win

__all__ = [
    "RESULT_COLUMNS",
    "GAME_COLUMNS",
    "EventResults",
    "event_results",
    "event_fingerprint",
    "results_and_fingerprint",
    "category_of",
    "valid_vekn",
    "CONSTRUCTED",
    "LIMITED_CATEGORY",
]

CONSTRUCTED = "constructed"
LIMITED_CATEGORY = "limited"

#: Columns of a result row (one per event and player).
RESULT_COLUMNS = (
    "event_id", "event", "date", "level", "category", "edition", "entrants", "sanctioned", "source",
    "number", "vekn", "name", "city", "rated", "games", "gw", "vp", "tp", "rank", "finalist", "winner",
    "rating_points",
)

#: Columns of a game row (one per seat of a scored table). ``order`` orders
#: the games of an event: the round number, the final after every round.
GAME_COLUMNS = ("event_id", "date", "category", "order", "table", "player", "vekn", "vp")


def valid_vekn(vekn: "str | int | None") -> Optional[str]:
    """The VEKN number as 7 digits, or None when there is none or it is not
    one (a standings JSON may write it as a number: 3000123)."""
    if not vekn:
        return None
    text = (vekn if type(vekn) is str else str(vekn)).strip()
    return text if len(text) == 7 and text.isdecimal() else None  # isdecimal: the digits a regex's \d matches


def category_of(event: Event) -> str:
    """``"limited"`` for a Limited event (level or deck format), else ``"constructed"``."""
    marks = (event.level or "", event.deck_format or "")
    return LIMITED_CATEGORY if any(m.strip().casefold() == LIMITED.casefold() for m in marks) else CONSTRUCTED


@dataclass
class EventResults:
    """An event's rows: ``results`` (:data:`RESULT_COLUMNS`) and ``games``
    (:data:`GAME_COLUMNS`), as lists of tuples in column order."""

    event_id: str
    results: list[tuple] = field(default_factory=list)
    games: list[tuple] = field(default_factory=list)


def event_results(st: Standings, event_id: str, source: str = "") -> EventResults:
    """The result and game rows of one event (see the module docstring)."""
    return results_and_fingerprint(st, event_id, source)[0]


def results_and_fingerprint(st: Standings, event_id: str, source: str = "") -> tuple[EventResults, tuple]:
    """:func:`event_results` and :func:`event_fingerprint` at once (each
    player's VEKN number checked once, for both)."""
    ev = st.event
    category = category_of(ev)
    sanctioned = (ev.level or "").strip().casefold() not in {lv.casefold() for lv in UNRATED_LEVELS}
    date = ev.date.isoformat() if ev.date else None
    winner = st.winner
    out = EventResults(event_id)
    absent = [p for p in ev.players if p.out is not None and ev.did_not_attend(p)]
    entrants = len(ev.players) - len(absent)
    no_shows = {id(p) for p in absent}
    head = (event_id, ev.name, date, ev.level, category, st.edition.name, entrants, sanctioned, source)
    final = st.final
    finalists = set(final.seating) if final is not None else set()
    keys: dict[int, Optional[str]] = {}  # every player's VEKN number: st.players has each number once, the last
    for s in st.players:
        p = s.player
        vekn = keys[p.number] = valid_vekn(p.vekn)
        if id(p) in no_shows:
            continue  # a no-show (flagged N, no round played) was not in the event
        in_final = p.number in finalists
        out.results.append(head + (
            p.number, vekn, p.name, p.city, vekn is not None, s.rounds_played,
            s.gw + (final_game_win(final, p.number) if in_final else 0),
            s.vp + ((s.final_vp or 0.0) if in_final else 0.0),
            s.tp, s.final_rank if s.final_rank is not None else s.rank, s.finalist, winner == p.number,
            float(s.rating_points),
        ))
    tables = [(r.number, t.number, t.players, t.result) for r in st.rounds for t in r.tables]
    if final is not None and final.played:
        tables.append((len(st.rounds) + 1, 1, final.seating, final.result))
    games, vekn_of = out.games, keys.get
    for order, number, players, result in tables:
        if result is not None and result.scored:
            games.extend([(event_id, date, category, order, number, player, vekn_of(player), float(seat.vp))
                          for player, seat in zip(players, result.seats)])
    return out, _fingerprint(st, date, keys)


def event_fingerprint(st: Standings) -> tuple:
    """What makes two files the same event: the date and every player's VEKN
    number (else name), games, GW and VP. Not the event's name or the file
    (a CSV set has no name; an ``.xls`` and its ``.xlsx`` differ in bytes)."""
    ev = st.event
    return _fingerprint(st, ev.date.isoformat() if ev.date else None,
                        {s.number: valid_vekn(s.player.vekn) for s in st.players})


def _fingerprint(st: Standings, date: Optional[str], vekn: dict[int, Optional[str]]) -> tuple:
    """:func:`event_fingerprint`, each player's VEKN number (or None) in ``vekn`` by number."""
    people = sorted(
        (vekn[s.number] or s.player.name.casefold(), s.rounds_played, s.gw, round(s.vp * 2))
        for s in st.players
    )
    return (date, tuple(people))
