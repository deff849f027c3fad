"""The cells archon writes for an event: ``{sheet: {address: value}}``
(:func:`event_edits`), every address from :mod:`archon.formats.layout`.

In every workbook: the organizer's **inputs** (event details, players,
seatings and VPs, the final table, the judges' overrides); a round the event
has not seated yet keeps the template's formulas in an official workbook
(only typed values are cleared). In archon's built-in template also the
**results** archon computes (:func:`archon.rules.standings.compute`), as
values: GW, VP, TP, ranks, finalists, the standings and the VEKN report.
:mod:`archon.formats.workbook.writer` puts them in the workbook.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any, Optional

from archon.formats import layout as L
from archon.formats.workbook.clock_records import time_cells
from archon.formats.workbook.xlsxpatch import CLEAR_VALUE
from archon.rules.model import FINAL as FINAL_KEY
from archon.rules.model import Event
from archon.rules.standings import Standings, compute, final_game_win, preliminary_key

__all__ = ["OFFICIAL", "BUILTIN", "Edits", "event_edits"]

#: The VEKN's own The Archon: archon writes its inputs, its formulas compute the rest.
OFFICIAL = "official"
#: archon's built-in template: archon writes the inputs and every result, as values.
BUILTIN = "builtin"

Edits = dict[str, dict[str, Any]]



def _rows(first: int, last: int) -> range:
    return range(first, last + 1)


def _vekn_value(vekn: Optional[str]) -> Any:
    """A VEKN number as a number when it is one (as organizers type it), else text."""
    if vekn is None:
        return None
    text = str(vekn).strip()
    if not text:
        return None
    if text.isdigit() and not (len(text) > 1 and text.startswith("0")) and len(text) < 16:
        return int(text)
    return text


def _round_key(key: Any) -> Any:
    text = str(key).strip().upper()
    if text == FINAL_KEY:
        return FINAL_KEY
    try:
        return int(text)
    except ValueError:
        return str(key)


def _blank_or(value: Any) -> Any:
    if isinstance(value, str) and not value.strip():
        return None
    return value


def event_edits(event: Event, standings: Optional[Standings] = None, kind: str = OFFICIAL) -> Edits:
    """The cells to write for ``event``: ``{sheet: {address: value}}``.

    Inputs always; results too when ``kind`` is ``"builtin"`` (``standings``
    computed when not given).
    """
    edits: Edits = {}

    def put(sheet: str, ref: str, value: Any) -> None:
        edits.setdefault(sheet, {})[ref] = value

    builtin = kind == BUILTIN
    _info_edits(event, builtin, put)
    _player_edits(event, put)
    # In an official workbook a round the event has not seated keeps the
    # template's formulas: clear typed values only.
    _round_edits(event, None if builtin else CLEAR_VALUE, put)
    _final_table_edits(event, put)
    _override_edits(event, put)
    for key, (start, end) in event.round_times.items():  # the rounds' times the clock wrote
        sheet, start_cell, end_cell = time_cells()[key]
        put(sheet, start_cell, start)
        put(sheet, end_cell, end)
    if builtin:
        _result_edits(event, standings if standings is not None else compute(event), put)
    return edits


def _info_edits(event: Event, builtin: bool, put) -> None:
    """Tournament Info: name, date, organizer, head judge, city, format,
    level, rounds; the number of warnings once archon has recorded some."""
    info = L.INFO
    put(info.sheet, info.name, _blank_or(event.name))
    put(info.sheet, info.date, event.date)
    put(info.sheet, info.organizer, _blank_or(event.organizer))
    if event.organizer_vekn is not None or builtin:
        put(info.sheet, info.organizer_vekn, _vekn_value(event.organizer_vekn))
    if event.head_judge is not None or builtin:
        put(info.sheet, info.head_judge, _blank_or(event.head_judge))
    if event.head_judge_vekn is not None or builtin:
        put(info.sheet, info.head_judge_vekn, _vekn_value(event.head_judge_vekn))
    if event.warnings:  # the count The Archon reports, in step with the warnings recorded
        put(info.sheet, info.warnings, len(event.warnings))
    put(info.sheet, info.city, _blank_or(event.city))
    put(info.sheet, info.deck_format, _blank_or(event.deck_format))
    put(info.sheet, info.level, _blank_or(event.level))
    put(info.sheet, info.rounds_with_final, event.preliminary_rounds + 1)


def _player_edits(event: Event, put) -> None:
    """Methuselahs: the players in the event's order, the rows below cleared."""
    m = L.METHUSELAHS
    rows = list(_rows(m.first_row, m.last_row))
    for i, row in enumerate(rows):
        p = event.players[i] if i < len(event.players) else None
        put(m.sheet, f"{m.number}{row}", p.number if p else None)
        put(m.sheet, f"{m.first_name}{row}", _blank_or(p.first_name) if p else None)
        put(m.sheet, f"{m.last_name}{row}", _blank_or(p.last_name) if p else None)
        put(m.sheet, f"{m.city}{row}", _blank_or(p.city) if p else None)
        put(m.sheet, f"{m.vekn}{row}", _vekn_value(p.vekn) if p else None)
        put(m.sheet, f"{m.out}{row}", _blank_or(p.out) if p else None)
        put(m.sheet, f"{m.coin}{row}", p.coin if p else None)


def _round_edits(event: Event, clear_absent: Any, put) -> None:
    """Each round sheet: the seated players and their VPs, table by table;
    a round the event has not seated gets ``clear_absent`` in every row."""
    r = L.ROUND
    by_number = {rnd.number: rnd for rnd in event.rounds}
    for number, sheet in L.ROUND_SHEETS.items():
        rnd = by_number.get(number)
        for row in _rows(r.first_row, r.last_row):
            put(sheet, f"{r.player}{row}", clear_absent if rnd is None else None)
            put(sheet, f"{r.vp}{row}", clear_absent if rnd is None else None)
        if rnd is None:
            continue
        for k, table in enumerate(rnd.tables, start=1):
            for seat, row in enumerate(L.round_table_rows(k)):
                if seat < table.size:
                    put(sheet, f"{r.player}{row}", table.players[seat])
                    put(sheet, f"{r.vp}{row}", table.vps[seat])


def _final_table_edits(event: Event, put) -> None:
    """Final Round: the final table's seats and VPs."""
    f = L.FINAL
    for i, row in enumerate(_rows(f.first_row, f.last_row)):
        seated = i < len(event.final.seating)
        put(f.sheet, f"{f.player}{row}", event.final.seating[i] if seated else None)
        put(f.sheet, f"{f.vp}{row}", event.final.vps[i] if seated else None)


def _override_edits(event: Event, put) -> None:
    """The judges' overrides: round, table and reason."""
    o = L.OVERRIDE
    for i, row in enumerate(_rows(o.first_row, o.last_row)):
        ov = event.overrides[i] if i < len(event.overrides) else None
        put(o.sheet, f"{o.round}{row}", _round_key(ov.round) if ov else None)
        put(o.sheet, f"{o.table}{row}", (ov.table or None) if ov else None)
        put(o.sheet, f"{o.reason}{row}", _blank_or(ov.reason) if ov else None)


def _pre_coin_ranks(standings: Standings) -> dict[int, int]:
    """The Archon's "Rank" column: every entered player (flagged out or not)
    ranked by the edition's keys, before coin ranking."""
    kv = {s.number: preliminary_key(s, standings.edition) for s in standings.players}
    return {n: 1 + sum(1 for other in kv.values() if other > mine) for n, mine in kv.items()}


def _table_ranks(vps: list[float]) -> list[int]:
    return [1 + sum(1 for other in vps if other > v) for v in vps]


def _result_edits(event: Event, st: Standings, put) -> None:
    """Results as values (built-in template only), sheet by sheet."""
    _info_results(event, put)
    _methuselahs_results(event, st, put)
    _round_results(event, st, put)
    _final_results(event, st, put)
    _standings_sheet_results(st, put)
    _vekn_report_results(st, put)


def _final_played(st: Standings) -> bool:
    return st.final is not None and st.final.played


def _name_parts(players: dict, n: Any) -> tuple[Any, Any]:
    """(first name, last name) of player ``n`` (of ``players`` by number) for a
    results cell; (None, None) for no player."""
    p = players.get(n) if isinstance(n, int) else None
    if p is None:
        return None, None
    return _blank_or(p.first_name), _blank_or(p.last_name)


def _info_results(event: Event, put) -> None:
    """Tournament Info: report due date, players, matches."""
    info = L.INFO
    put(info.sheet, info.report_due, event.date + _dt.timedelta(days=info.report_due_days) if event.date else None)
    put(info.sheet, info.players, len(event.players))
    matches = sum(len(r.tables) for r in event.rounds if r.number in L.ROUND_SHEETS)
    put(info.sheet, info.matches, matches + (1 if event.has_final else 0))


def _methuselahs_results(event: Event, st: Standings, put) -> None:
    """Methuselahs: each player's rounds, GW, VP, TP, status, ranks, rating points."""
    by_number = st.by_number()
    tied = {n for t in st.ties for n in t.players}
    pre_coin = _pre_coin_ranks(st)
    final_played = _final_played(st)
    m = L.METHUSELAHS
    put(m.sheet, m.count, len(event.players))
    for i, row in enumerate(_rows(m.first_row, m.last_row)):
        p = event.players[i] if i < len(event.players) else None
        s = by_number.get(p.number) if p else None
        cells: dict[str, Any] = {c: None for c in (m.rounds_played, m.gw, m.vp, m.tp, m.rank_before_coin, m.status, m.rank, m.final_rank, m.rating_points)}
        if s is not None:
            cells[m.rounds_played] = s.rounds_played
            cells[m.gw] = s.gw
            cells[m.vp] = s.vp
            cells[m.tp] = s.tp
            cells[m.rating_points] = s.rating_points
            cells[m.rank_before_coin] = pre_coin.get(s.number)
            if s.player.is_out:
                # The Archon says "DQ" for any flag; the flag itself says more
                cells[m.status] = "DQ"
                cells[m.rank] = s.player.out
                cells[m.final_rank] = s.player.out if final_played else None
            else:
                cells[m.status] = "TIE" if s.number in tied else None
                cells[m.rank] = s.rank
                cells[m.final_rank] = s.final_rank if final_played else None
        for col, value in cells.items():
            put(m.sheet, f"{col}{row}", value)


def _round_results(event: Event, st: Standings, put) -> None:
    """Round sheets: names, table, GW, TP and table rank of every seat."""
    players = event.players_by_number()
    r = L.ROUND
    rounds = {rs.number: rs for rs in st.rounds}
    for number, sheet in L.ROUND_SHEETS.items():
        result_cols = (r.first_name, r.last_name, r.table, r.vp_number, r.gw, r.tp, r.table_rank)
        for row in _rows(r.first_row, r.last_row):
            for col in result_cols:
                put(sheet, f"{col}{row}", None)
        rs = rounds.get(number)
        if rs is None:
            continue
        for ts in rs.tables:
            scored = ts.result is not None and ts.result.scored
            ranks = _table_ranks(ts.vps) if scored else None
            for seat, row in enumerate(L.round_table_rows(ts.number)):
                if seat >= len(ts.players):
                    continue
                first, last = _name_parts(players, ts.players[seat])
                put(sheet, f"{r.first_name}{row}", first)
                put(sheet, f"{r.last_name}{row}", last)
                put(sheet, f"{r.table}{row}", ts.number)
                put(sheet, f"{r.vp_number}{row}", ts.vps[seat] if seat < len(ts.vps) else 0)
                if scored:
                    assert ts.result is not None and ranks is not None  # scored: a result, ranked
                    seat_result = ts.result.seats[seat]
                    put(sheet, f"{r.gw}{row}", seat_result.gw)
                    put(sheet, f"{r.tp}{row}", seat_result.tp)
                    put(sheet, f"{r.table_rank}{row}", ranks[seat])
                else:
                    put(sheet, f"{r.gw}{row}", 0)
                    put(sheet, f"{r.tp}{row}", ts.status)


def _final_results(event: Event, st: Standings, put) -> None:
    """Final Round: finalists by seed, then the final table."""
    players = event.players_by_number()
    by_number = st.by_number()
    final_played = _final_played(st)
    f = L.FINAL
    for i, row in enumerate(_rows(f.finalists_first_row, f.finalists_last_row)):
        n = st.finalists[i] if i < len(st.finalists) else None
        first, last = _name_parts(players, n)
        put(f.sheet, f"{f.finalist}{row}", n)
        put(f.sheet, f"{f.first_name}{row}", first)
        put(f.sheet, f"{f.last_name}{row}", last)
        put(f.sheet, f"{f.seed}{row}", by_number[n].seed if n in by_number else None)
    final_result = st.final.result if st.final is not None else None
    for i, row in enumerate(_rows(f.first_row, f.last_row)):
        n = event.final.seating[i] if i < len(event.final.seating) else None
        first, last = _name_parts(players, n)
        put(f.sheet, f"{f.first_name}{row}", first)
        put(f.sheet, f"{f.last_name}{row}", last)
        gw = tp = rank = None
        if n is not None and final_played and final_result is not None:
            gw = final_game_win(st.final, n)  # the edition decides (2004: 3.8.1)
            tp = final_result.seats[i].tp
            s = by_number.get(n)
            rank = s.final_rank if s else None
        put(f.sheet, f"{f.gw}{row}", gw)
        put(f.sheet, f"{f.tp}{row}", tp)
        put(f.sheet, f"{f.final_rank}{row}", rank)


def _standings_sheet_results(st: Standings, put) -> None:
    """Standings sheet, in display order."""
    final_played = _final_played(st)
    sd = L.STANDINGS
    rows = list(_rows(sd.first_row, sd.last_row))
    for i, row in enumerate(rows):
        s = st.players[i] if i < len(st.players) else None
        values: dict[str, Any] = {c: None for c in (sd.rank, sd.position, sd.number, sd.name, sd.gw, sd.vp, sd.final_vp, sd.tp)}
        if s is not None:
            place = s.player.out if s.player.is_out else (s.final_rank if s.final_rank is not None else s.rank)
            values.update(
                {
                    sd.rank: place,
                    sd.position: i + 1,
                    sd.number: s.number,
                    sd.name: _blank_or(s.player.name),
                    sd.gw: s.gw,
                    sd.vp: s.vp,
                    sd.final_vp: s.final_vp if (final_played and st.final is not None and s.number in st.final.seating) else None,
                    sd.tp: s.tp,
                }
            )
        for col, value in values.items():
            put(sd.sheet, f"{col}{row}", value)


def _vekn_report_results(st: Standings, put) -> None:
    """VEKN Report, in the standings' order."""
    final_played = _final_played(st)
    winner = st.winner if final_played else None
    v = L.VEKN_REPORT
    for i, row in enumerate(_rows(v.first_row, v.last_row)):
        s = st.players[i] if i < len(st.players) else None
        values: dict[str, Any] = {c: None for c in (v.number, v.vekn, v.name, v.games_played, v.games_won, v.total_vp, v.rank)}
        if s is not None:
            place = None if s.player.is_out else (s.final_rank if s.final_rank is not None else s.rank)
            values.update(
                {
                    v.number: s.number,
                    v.vekn: _vekn_value(s.player.vekn),
                    v.name: _blank_or(s.player.name),
                    v.games_played: s.rounds_played,
                    v.games_won: s.gw + (final_game_win(st.final, s.number) if winner is not None else 0),
                    v.total_vp: s.vp + (s.final_vp or 0.0 if final_played else 0.0),
                    v.rank: place if place is not None and place <= 5 else None,
                }
            )
        for col, value in values.items():
            put(v.sheet, f"{col}{row}", value)
