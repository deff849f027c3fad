"""What of an event has no place in an Archon workbook (:func:`layout_findings`)."""

from __future__ import annotations


from archon.formats import layout as L
from archon.rules.model import Event, Final
from archon.words.message import say
from archon.formats.convert_types import (
    Finding,
)

def layout_findings(event: Event, *, trim: bool = False) -> list[Finding]:
    """What of ``event`` has no place in an Archon workbook; with ``trim`` it
    is also taken out of ``event`` (players past 300, rounds past 3, tables
    past 60, seats past 5, final seats past 5, overrides past 120)."""
    out: list[Finding] = []
    max_players = L.METHUSELAHS.last_row - L.METHUSELAHS.first_row + 1
    if len(event.players) > max_players:
        extra = event.players[max_players:]
        out.append(Finding(
            L.METHUSELAHS.sheet,
            say("convert.too_many_players", players=len(event.players), rows=max_players,
                first=L.METHUSELAHS.first_row, last=L.METHUSELAHS.last_row,
                extra=", ".join("#" + str(p.number) for p in extra[:10]) + ("..." if len(extra) > 10 else "")),
        ))
        if trim:
            event.players = event.players[:max_players]
    kept = []
    for rnd in sorted(event.rounds, key=lambda r: r.number):
        if rnd.number not in L.ROUND_SHEETS:
            seats = sum(t.size for t in rnd.tables)
            out.append(Finding(
                f"round {rnd.number}",
                say("convert.round_has_no_sheet", first=min(L.ROUND_SHEETS), last=max(L.ROUND_SHEETS),
                    round=rnd.number, tables=len(rnd.tables), seats=seats),
            ))
            if trim:
                event.overrides = [o for o in event.overrides if str(o.round) != str(rnd.number)]
                continue
        sheet = L.ROUND_SHEETS.get(rnd.number, f"round {rnd.number}")
        if len(rnd.tables) > L.ROUND.max_tables:
            out.append(Finding(
                sheet, say("convert.too_many_tables", tables=len(rnd.tables), rows=L.ROUND.max_tables,
                           first=L.ROUND.max_tables + 1),
            ))
            if trim:
                rnd.tables = rnd.tables[: L.ROUND.max_tables]
        for k, t in enumerate(rnd.tables, start=1):
            if t.size > L.ROUND.rows_per_table:
                out.append(Finding(
                    sheet, say("convert.table_too_big", table=k, players=t.size, rows=L.ROUND.rows_per_table,
                               extra=["#" + str(n) for n in t.players[L.ROUND.rows_per_table:]]),
                ))
                if trim:
                    t.players = t.players[: L.ROUND.rows_per_table]
                    t.vps = t.vps[: L.ROUND.rows_per_table]
        kept.append(rnd)
    if trim:
        event.rounds = kept
    if event.preliminary_rounds not in (2, 3):
        out.append(Finding(
            L.INFO.sheet, say("convert.format_unknown", format=event.format),
        ))
        if trim:
            event.preliminary_rounds = 3
    seats = L.FINAL.last_row - L.FINAL.first_row + 1
    if len(event.final.seating) > seats:
        out.append(Finding(
            L.FINAL.sheet, say("convert.final_too_big", seats=len(event.final.seating), rows=seats),
        ))
        if trim:
            event.final = Final(event.final.seating[:seats], event.final.vps[:seats])
    max_overrides = L.OVERRIDE.last_row - L.OVERRIDE.first_row + 1
    if len(event.overrides) > max_overrides:
        out.append(Finding(
            L.OVERRIDE.sheet, say("convert.too_many_overrides", overrides=len(event.overrides), rows=max_overrides),
        ))
        if trim:
            event.overrides = event.overrides[:max_overrides]
    return out


