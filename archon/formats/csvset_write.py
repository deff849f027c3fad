"""Writing an event's CSV set (:func:`write_csv_set`; the format:
:mod:`archon.formats.csvset`)."""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path
from typing import Any, Optional, Union

from archon.exits import ExitStatus
from archon.formats.csvcells import csv_row
from archon.formats.csvset_types import (
    DELIMITER, ENCODING, FINALS_FILE, LINE_END, METHUSELAHS_FILE, OUT_RANK, OVERRIDE_FILE, REPORT_FILE,
    REPORT_HEADER, ROUND_COLUMNS, CsvSetError, CsvSetWritten, file_key, is_set_member, round_file,
)
from archon.formats.outfiles import OutputError, write_files
from archon.rules.editions import TABLE_SIZES, get_edition
from archon.rules.model import FINAL, Event
from archon.rules.standings import PlayerStanding, Standings, compute, final_game_win
from archon.words.message import Message, act, message_of, say



def _vp_text(v: Any) -> "float | int | str":
    """A VP as the bot writes it: ``0`` for none, else a float (``3.0``,
    ``0.5``); blank stays blank."""
    if v is None:
        return ""
    return 0 if float(v) == 0 else float(v)


def _int_text(v: Any) -> "int | str":
    return "" if v is None else int(v)


def _standings(source: Any, edition: Any) -> Standings:
    if isinstance(source, Standings):
        return source if edition is None else compute(source.event, edition)
    if isinstance(source, Event):
        return compute(source, edition)
    if isinstance(source, dict):
        from archon.formats.serialize import event_from_dict

        return compute(event_from_dict(source), edition)
    raise TypeError(f"write_csv_set takes Standings, an Event or the standings contract, not {type(source).__name__}")


def _render(rows: list[list[Any]], header: Optional[tuple[str, ...]] = None) -> str:
    """The file's text: numbers as numbers, text a spreadsheet would run as a
    formula neutralised (:func:`archon.formats.csvcells.csv_cell`)."""
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=DELIMITER, lineterminator=LINE_END)
    if header:
        w.writerow(header)
    w.writerows(csv_row(r) for r in rows)
    return buf.getvalue()


def csv_set_texts(source: Any, *, edition: Any = None) -> tuple[dict[str, str], list[Message]]:
    """The CSV set of an event as ``({file name: text}, not_held)``, in file order.

    ``source``: :class:`~archon.rules.standings.Standings`, an
    :class:`~archon.rules.model.Event` (computed under ``edition``, default its
    own) or the ``standings --json`` contract. Nothing is written.
    """
    st = _standings(source, edition)
    ev = st.event
    by_number = ev.players_by_number()
    by_st = st.by_number()

    def names(n: int) -> tuple[str, str]:
        p = by_number.get(n)
        return (p.first_name, p.last_name) if p else ("", "")

    texts: dict[str, str] = {}

    rows = []
    for p in sorted(ev.players, key=lambda p: p.number):
        s = by_st.get(p.number)
        rows.append([
            p.number, p.first_name, p.last_name, p.city or "", p.vekn or "",
            _int_text(s.rounds_played if s else 0), p.out or "",
        ])
    texts[METHUSELAHS_FILE] = _render(rows)

    for rnd in sorted(ev.rounds, key=lambda r: r.number):
        if not rnd.tables:
            continue
        rows = []
        for k, table in enumerate(rnd.tables, start=1):
            for n, vp in zip(table.players, table.vps):
                rows.append([n, *names(n), k, _vp_text(vp)])
            if table.size < max(TABLE_SIZES):
                rows.append([""] * len(ROUND_COLUMNS))  # The Archon's empty 5th row
        texts[round_file(rnd.number)] = _render(rows)

    if ev.has_final and ev.final.seated:
        seeds = st.final.seeds if st.final is not None else [None] * len(ev.final.seating)
        rows = []
        for n, seed, vp in zip(ev.final.seating, seeds, ev.final.vps):
            rows.append([n, *names(n), 1, _int_text(seed), _vp_text(vp)])
        texts[FINALS_FILE] = _render(rows)

    if ev.overrides:
        texts[OVERRIDE_FILE] = _render([
            [FINAL if str(o.round).upper() == FINAL else int(o.round), int(o.table), o.reason or ""]
            for o in ev.overrides
        ])

    winner = st.final.winner if st.final is not None else None
    rows = []
    for s in report_order(st):
        p = s.player
        won_final = final_game_win(st.final, p.number) if winner is not None else 0
        if p.is_out:
            rank: Any = OUT_RANK
        else:
            rank = _int_text(s.final_rank if s.final_rank is not None else s.rank)
        rows.append([
            p.number, p.vekn or "", p.name, _int_text(s.rounds_played), _int_text(s.gw + won_final),
            _vp_text(s.vp + (s.final_vp or 0.0)), _int_text(s.seed) if s.finalist else "", rank,
        ])
    texts[REPORT_FILE] = _render(rows, REPORT_HEADER)
    return texts, _not_held(ev, st)


def report_order(st: Standings) -> list[PlayerStanding]:
    """The players in Report.csv's order, the Discord bot's: by rank (the
    final rank, else the preliminary one; players flagged out last), and
    players of the same rank as the bot ranks them (archon-bot's
    ``Tournament.standings``): by their totals, final included (GW, then VP,
    then TP), then by seed (finalists first, seed 1 first), then by VEKN
    number, the larger first (the bot compares them as text)."""
    final_tp: dict[int, float] = {}
    if st.final is not None and st.final.played and st.final.result is not None:
        final_tp = {n: seat.tp or 0.0 for n, seat in zip(st.final.seating, st.final.result.seats)}

    def bot_key(s: PlayerStanding) -> tuple:
        totals = (s.gw + final_game_win(st.final, s.number), s.vp + (s.final_vp or 0.0), s.tp + final_tp.get(s.number, 0.0))
        return (*totals, -s.seed if s.finalist and s.seed else -math.inf, (s.player.vekn or "").strip())

    def rank_key(s: PlayerStanding) -> tuple:
        if s.player.is_out:
            return (1, 0)
        place = s.final_rank if s.final_rank is not None else s.rank
        return (0, place if place is not None else 10**9)

    by_bot = sorted(st.players, key=bot_key, reverse=True)  # stable: equal keys keep the number order
    return sorted(by_bot, key=rank_key)


def _not_held(ev: Event, st: Standings) -> list[Message]:
    out: list[Message] = []
    details = [
        ("name", ev.name), ("date", ev.date), ("city", ev.city), ("organizer", ev.organizer),
        ("level", ev.level), ("deck format", ev.deck_format),
    ]
    given = [what for what, value in details if value]
    if given:
        out.append(say("csvset.not_held.details", details=given))
    seated = max((r.number for r in ev.rounds if r.tables), default=0)
    if seated != ev.preliminary_rounds:
        out.append(say("csvset.not_held.format", format=ev.format, rounds=seated))
    if st.edition.name != get_edition(None).name:
        out.append(say("csvset.not_held.edition", edition=repr(st.edition.name)))
    coins = [p for p in sorted(ev.players, key=lambda p: p.number) if p.coin]
    if coins:
        out.append(say("csvset.not_held.coins", coins=[f"#{p.number} {p.coin}" for p in coins]))
    if ev.warnings:
        out.append(say("csvset.not_held.warnings", warnings=len(ev.warnings), show=act("warnings")))
    if not ev.has_final:
        out.append(say("csvset.not_held.no_final"))
    return out


def write_csv_set(source: Any, folder: Union[str, Path], *, edition: Any = None) -> CsvSetWritten:
    """Write the CSV set of an event into ``folder`` (created if missing).

    ``source``: :class:`~archon.rules.standings.Standings` (what ``archon report
    --csv`` has), an :class:`~archon.rules.model.Event` or the ``standings --json``
    contract; ``edition`` recomputes under another rule edition. Writes
    ``Methuselahs.csv``, ``Round-N.csv`` for every seated round,
    ``Finals.csv`` once the final is seated and ``Report.csv``; each file
    replaces an older one of the same name only once all are complete
    (:func:`archon.formats.outfiles.write_files`: the whole set or nothing). Files
    of an earlier export the event does not have are left alone and listed
    in ``stale``. (``archon report --csv`` first asks
    :func:`archon.reports.check_target`, which refuses a folder holding a
    set already unless ``--force``.) Raises :class:`CsvSetError` (exit
    status 3) when the folder cannot be written; no file of the set is
    written then.
    """
    texts, not_held = csv_set_texts(source, edition=edition)
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise CsvSetError(say("csvset.target_is_file", folder=str(target)))
    try:
        written = write_files(target, {name: text.encode(ENCODING) for name, text in texts.items()})
    except OutputError as exc:
        err = CsvSetError(say("csvset.not_written", error=message_of(exc)))
        err.exit_status = ExitStatus.NOT_WRITTEN
        raise err from None
    stale = [p for p in set_files_in(target) if p.name not in texts]
    return CsvSetWritten(target, written, not_held, stale)


def set_files_in(folder: Union[str, Path]) -> list[Path]:
    """The files of a CSV set in ``folder`` (``Methuselahs.csv``, ``Round 1.csv``...), by name."""
    return sorted(p for p in Path(folder).iterdir() if p.is_file() and is_set_member(file_key(p.name)))

