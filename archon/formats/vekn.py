"""Reporting an event to the VEKN: the VEKN report, ``archondata`` and the TWD header.

Pure functions over computed :class:`~archon.rules.standings.Standings`:

* :func:`vekn_report` — the rows of The Archon's *VEKN Report* sheet, in the
  same order (final rank, then preliminary rank, then player number; players
  flagged out last): player number, VEKN number, name, games played (the
  final counts), games won (the final's winner +1, as the sheet adds it),
  total VPs (preliminary + final) and rank, shown for the top five only
  (the final's winner 1, every other finalist 2 under the current rules);
  players flagged out come last with their flag (the sheet leaves them out:
  its rows stop at the players it ranks); :func:`vekn_report_text` prints
  them, flagged players under their own heading;
* :func:`archondata` — the one form field vekn.net's results endpoint takes
  (``/api/vekn/archon/{event id}``): ``{rounds}¤`` then, for every player in
  report order, ``{rank}§{first}§{last}§{city}§{vekn}§{gw}§{vp}§{final vp}§{tp}§{toss}§{rating points}§``;
* :func:`twd_header` — the header of a Tournament Winning Deck entry, and
  :func:`twd_entry` the entry to paste: header, score line, deck list.

Numbers in ``archondata`` (archon's choices, the endpoint documents none):

* ``rounds``: rounds played including the final, as Tournament Info B11
  holds it (3 for 2R+F, 4 for 3R+F); an event closed without a final
  (rules 3.1.6) gives its preliminary rounds seated;
* ``rank``: the final rank (the winner 1, other finalists 2, everyone else
  their preliminary rank, ties sharing it); a player flagged out gets ``WD``
  (flag WD, or N for a no-show) or ``DQ`` (any disqualification code);
* ``gw``, ``vp``, ``tp``: preliminary, as The Archon's Methuselahs H, I, J;
  ``final vp``: the finalist's final VP, ``0`` for everyone else;
* ``toss``: the coin ranking (1 = won the toss), ``0`` when none;
* ``rating points``: rounded to the nearest whole number (halves up), as
  The Archon's Methuselahs AB shows them (number format ``0``);
* every number is written with a decimal point and no thousands separator,
  whole numbers without decimals (``3``, ``2.5``, ``114``).

``archondata`` is refused (:class:`VeknReportError`) for an event that is
not finished, a player without a VEKN number or sharing one (the endpoint
rejects both), or a name holding ``§`` or ``¤``.
"""

from __future__ import annotations

import datetime as _dt
import math
from dataclasses import dataclass
from typing import Optional

from archon.words.errors import WordedError
from archon.words.message import act, say
from archon.words.render import PLAIN, Renderer
from archon.exits import ExitStatus
from archon.formats import layout as L
from archon.rules.standings import PlayerStanding, Standings, final_game_win

__all__ = [
    "VeknRow",
    "VeknReportError",
    "vekn_report",
    "vekn_report_text",
    "report_complete",
    "archondata",
    "archondata_rounds",
    "twd_header",
    "twd_score_line",
    "twd_entry",
    "date_text",
    "FIELD_SEPARATOR",
    "RECORD_START",
]

#: Separators of the ``archondata`` string.
FIELD_SEPARATOR = "§"
RECORD_START = "¤"

#: Out flags reported as a withdrawal; every other flag is a disqualification.
WITHDRAWAL_FLAGS = ("WD", "N")

#: The VEKN Report shows a rank for the top places only.
RANKS_SHOWN = 5


class VeknReportError(WordedError, ValueError):
    """The event cannot be reported yet: the message says what to fix and where."""

    exit_status = ExitStatus.PROBLEMS


@dataclass(frozen=True)
class VeknRow:
    """One row of The Archon's VEKN Report sheet."""

    number: int
    vekn: Optional[str]
    name: str
    games_played: int
    games_won: int
    total_vp: float
    #: Final rank when it is 1 to 5, else None (the sheet leaves it blank).
    rank: Optional[int]
    #: The player's out flag ("WD", "DQ"...), None for a player still in.
    out: Optional[str] = None


def _final_played(st: Standings) -> bool:
    return st.event.has_final and st.final is not None and st.final.played


def report_complete(st: Standings) -> bool:
    """The event is over: the final has a result, or the event closes without
    a final and every preliminary table is scored."""
    if st.event.has_final:
        return _final_played(st)
    from archon.eventday import preliminaries_finished

    return preliminaries_finished(st.event, st)


def _place(s: PlayerStanding) -> Optional[int]:
    if s.player.is_out:
        return None
    return s.final_rank if s.final_rank is not None else s.rank


def vekn_report(st: Standings) -> list[VeknRow]:
    """The VEKN Report rows, in the sheet's order (see the module docstring)."""
    played = _final_played(st)
    winner = st.final.winner if played and st.final is not None else None
    rows = []
    for s in st.players:
        final_vp = (s.final_vp or 0.0) if played and st.final is not None and s.number in st.final.seating else 0.0
        place = _place(s)
        rows.append(
            VeknRow(
                number=s.number,
                vekn=s.player.vekn,
                name=s.player.name,
                games_played=s.rounds_played,
                games_won=s.gw + (final_game_win(st.final, s.number) if winner is not None else 0),
                total_vp=s.vp + final_vp,
                rank=place if place is not None and place <= RANKS_SHOWN else None,
                out=s.player.out,
            )
        )
    return rows


def _num(x: float) -> str:
    """A number for reports: ``3``, ``2.5``, ``114``; at most 2 decimals."""
    v = round(float(x), 2)
    if v.is_integer():
        return str(int(v))
    return f"{v:.2f}".rstrip("0").rstrip(".")


def vekn_report_text(st: Standings, renderer: Renderer = PLAIN) -> str:
    """The VEKN report as a text table, with the event's title line; its
    words (title, headings) said by ``renderer`` (its language), the names
    and numbers as they are."""
    ev = st.event
    rows = vekn_report(st)
    said = renderer.render
    title = say("vekn.report_title", name=ev.name) if ev.name else say("vekn.report_title_unnamed")
    state = "" if report_complete(st) else said(
        say("vekn.report_incomplete_final") if ev.has_final else say("vekn.report_incomplete_rounds"))
    lines = [said(title) + state]
    header = (f"{'#':>3}  {'VEKN':<8} {said(say('vekn.column.name')):<28} {said(say('vekn.column.played')):>6} "
              f"{said(say('vekn.column.won')):>3} {said(say('vekn.column.vps')):>5} {said(say('vekn.column.rank')):>4}")
    lines.append(header)
    lines.append("-" * len(header))
    def line(r: VeknRow) -> str:
        rank = str(r.rank) if r.rank is not None else (r.out or "")
        return (
            f"{r.number:>3}  {(r.vekn or '-'):<8} {r.name[:28]:<28} {r.games_played:>6} {r.games_won:>3} "
            f"{renderer.field(float(_num(r.total_vp))):>5} {rank:>4}"
        )

    lines.extend(line(r) for r in rows if r.out is None)
    out = [r for r in rows if r.out is not None]
    if out:
        lines.append(said(say("vekn.report_flagged_out")))
        lines.extend(line(r) for r in out)
    return "\n".join(lines)


def archondata_rounds(st: Standings) -> int:
    """``rounds`` of ``archondata``: preliminary rounds + the final (Tournament
    Info B11), or the preliminary rounds seated for an event without a final."""
    ev = st.event
    if ev.has_final:
        return ev.preliminary_rounds + 1
    return sum(1 for r in ev.rounds if r.tables)


def _rank_field(s: PlayerStanding) -> str:
    if s.player.is_out:
        return "WD" if (s.player.out or "").strip().upper() in WITHDRAWAL_FLAGS else "DQ"
    place = _place(s)
    return "" if place is None else str(place)


def _player_cell(field: str) -> str:
    m = L.METHUSELAHS
    return f"{m.sheet}!{getattr(m, field)}"


#: Recording the final's result: what the organizer does next.
_RECORD_FINAL = act("result", final=True, vps="...")


def archondata(st: Standings) -> str:
    """The ``archondata`` string for vekn.net (see the module docstring)."""
    ev = st.event
    if not report_complete(st):
        if ev.has_final:
            raise VeknReportError(say("vekn.final_pending", record=_RECORD_FINAL))
        raise VeknReportError(say("vekn.rounds_pending"))
    if st.ties:
        raise VeknReportError(say("vekn.ties", ties=[t.said(ev) for t in st.ties], toss=act("toss")))
    missing = [str(s.player) for s in st.players if not (s.player.vekn or "").strip()]
    if missing:
        raise VeknReportError(say("vekn.no_vekn", count=len(missing), players=", ".join(missing[:8])
                                  + (", ..." if len(missing) > 8 else ""), cell=_player_cell("vekn")))
    seen: dict[str, str] = {}
    for s in st.players:
        v = s.player.vekn.strip()  # type: ignore[union-attr]
        if v in seen:
            raise VeknReportError(say("vekn.vekn_twice", vekn=v, first=seen[v], second=str(s.player),
                                      cell=_player_cell("vekn")))
        seen[v] = str(s.player)
    for s in st.players:
        p = s.player
        for text in (p.first_name, p.last_name, p.city or ""):
            if FIELD_SEPARATOR in text or RECORD_START in text:
                raise VeknReportError(say("vekn.separator", player=str(p), value=repr(text),
                                          field=repr(FIELD_SEPARATOR), record=repr(RECORD_START),
                                          sheet=L.METHUSELAHS.sheet))
    played = _final_played(st)
    out = [f"{archondata_rounds(st)}{RECORD_START}"]
    for s in st.players:
        p = s.player
        final_vp = (s.final_vp or 0.0) if played and st.final is not None and s.number in st.final.seating else 0.0
        fields = [
            _rank_field(s),
            p.first_name,
            p.last_name,
            p.city or "",
            p.vekn.strip(),  # type: ignore[union-attr]
            str(int(s.gw)),
            _num(s.vp),
            _num(final_vp),
            _num(s.tp),
            str(p.coin or 0),
            str(int(math.floor(s.rating_points + 0.5))),
        ]
        out.append("".join(f + FIELD_SEPARATOR for f in fields))
    return "".join(out)


def date_text(d: _dt.date) -> str:
    """``December 5th 2026``: the date as the TWD writes it (English, not the locale's)."""
    months = (
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    )
    day = d.day
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{months[d.month - 1]} {day}{suffix} {d.year}"


def twd_header(st: Standings, *, url: Optional[str] = None, country: Optional[str] = None) -> str:
    """The header of a Tournament Winning Deck entry, one item per line::

        Winter Cup
        Lyon, France
        December 5th 2026
        3R+F
        23 players
        Anna Kowalski
        https://www.vekn.net/event-calendar/event/12345

    Event name, city (and ``country`` when given and not already in the
    city), date, format (``2R+F``/``3R+F``; ``3R`` without a final), the
    players who attended (a no-show, flagged N with no round played, is not
    one: :meth:`~archon.rules.model.Event.attended`), the winner, and ``url`` when given.
    """
    ev = st.event
    info = L.INFO
    if not (ev.name or "").strip():
        raise VeknReportError(say("vekn.no_name", cell=f"{info.sheet}!{info.name}"))
    if ev.date is None:
        raise VeknReportError(say("vekn.no_date", cell=f"{info.sheet}!{info.date}"))
    if not (ev.city or "").strip() and not (country or "").strip():
        # no command sets an existing event's city: it is typed in the workbook
        raise VeknReportError(say("vekn.no_city", cell=f"{info.sheet}!{info.city}"))
    if report_complete(st) and st.winner is None and st.ties:
        raise VeknReportError(say("vekn.no_winner", why=say("vekn.ties", ties=[t.said(ev) for t in st.ties],
                                                            toss=act("toss"))))
    if not report_complete(st) or st.winner is None:
        raise VeknReportError(say("vekn.no_winner", why=say("vekn.record_final", record=_RECORD_FINAL)
                                  if ev.has_final else say("vekn.finish_rounds")))
    place = (ev.city or "").strip()
    c = (country or "").strip()
    if c and c.casefold() not in place.casefold():
        place = f"{place}, {c}" if place else c
    fmt = ev.format if ev.has_final else f"{archondata_rounds(st)}R"
    lines = [
        ev.name.strip(),
        place,
        date_text(ev.date),
        fmt,
        f"{len(ev.attended())} players",  # a no-show did not play in it
        ev.player(st.winner).name,
    ]
    if url and url.strip():
        lines.append(url.strip())
    return "\n".join(lines)


def twd_score_line(st: Standings) -> str:
    """The winner's score line of a TWD entry, as the archive's recent entries
    write it (GiottoVerducci/TWD): preliminary GW and VP, then the final's
    VP, ``-- 2GW7 + 3vp in final``; ``-- 2GW7`` for an event closed without a
    final. Raises :class:`VeknReportError` while the event has no winner."""
    if st.winner is None or not report_complete(st):
        raise VeknReportError(say("vekn.no_winner", why=say("vekn.score_line_needs_one")))
    s = st.by_number()[st.winner]
    line = f"-- {int(s.gw)}GW{_num(s.vp)}"
    if st.event.has_final:
        line += f" + {_num(s.final_vp or 0.0)}vp in final"
    return line


def twd_entry(st: Standings, *, url: Optional[str] = None, country: Optional[str] = None,
              deck: Optional[str] = None) -> str:
    """A TWD entry to paste, as the archive's README lays it out: the header
    (:func:`twd_header`), a blank line, the score line
    (:func:`twd_score_line`) and, when ``deck`` (the winner's deck list, as
    text) is given, a blank line and the deck list as given."""
    parts = [twd_header(st, url=url, country=country), twd_score_line(st)]
    if deck is not None and deck.strip():
        parts.append("\n".join(deck.splitlines()).strip("\n"))  # its lines as given, whatever their ends
    return "\n\n".join(parts)
