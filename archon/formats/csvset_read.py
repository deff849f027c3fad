"""Reading a CSV set into an event (:func:`load_csv_set`; the format:
:mod:`archon.formats.csvset`)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any, Optional, Union

from archon.formats.csvset_compare import complete_players, compare_computed, infer_coins, infer_overrides, name_checks
from archon.formats.csvset_files import (
    REPORT_FIELDS, REPORT_KEYS, CsvFile, CsvRow, ReportRow, collect_files, csv_number, decode_file, norm_header,
)
from archon.formats.csvset_types import (
    DIFFERS, DROPPED, FINALS_COLUMNS, FINALS_FILE, INFO, METHUSELAHS_COLUMNS, METHUSELAHS_FILE, OVERRIDE_COLUMNS,
    OVERRIDE_FILE, REPORT_FILE, REPORT_HEADER, ROUND_COLUMNS, ROUND_KEY, CsvNote, CsvSetError, CsvSetRead, file_key,
    round_file,
)
from archon.formats.csvset_files import vekn_text
from archon.rules.editions import TABLE_SIZES, get_edition
from archon.rules.model import FINAL, Event, Final, Override, Player, Round, Table
from archon.rules.scoring import VPError, is_legal
from archon.words.message import say
from archon.rules.typed import is_whole_number_text

def load_csv_set(source: Union[str, Path], *, edition: Any = None) -> CsvSetRead:
    """Read a CSV set (a folder, a ``.zip``, or one of its files) into an event.

    Returns a :class:`CsvSetRead` (event, notes, files). ``edition`` is the
    rule edition the event ran under (the CSV set does not say; default
    current): it decides the standings the files' computed values are
    compared with. Raises :class:`CsvSetError` naming the file and line for
    what cannot be read (a player number that is not a number, a table of 6,
    the same table on lines far apart, a missing file...).
    """
    src = Path(source)
    found, notes, src = collect_files(src)
    ed = get_edition(edition)
    texts = {key: (name, decode_file(name, data, notes)) for key, (name, data) in found.items()}
    files = sorted(name for name, _ in texts.values())

    event = Event(edition=ed.name)
    claimed_rounds: dict[int, tuple[str, int, int]] = {}  # player -> (file, line, rounds played)
    mk = file_key(METHUSELAHS_FILE)
    if mk in texts:
        _read_methuselahs(CsvFile(*texts[mk], notes, METHUSELAHS_COLUMNS), event, claimed_rounds)

    round_names = _read_rounds(texts, event, notes)
    seeds_given: dict[int, tuple[int, int]] = {}  # player -> (line, seed)
    fk = file_key(FINALS_FILE)
    finals_name = texts[fk][0] if fk in texts else FINALS_FILE
    if fk in texts:
        _read_finals(CsvFile(*texts[fk], notes, FINALS_COLUMNS), event, seeds_given, ed)
    ok = file_key(OVERRIDE_FILE)
    if ok in texts:
        _read_overrides(CsvFile(*texts[ok], notes, OVERRIDE_COLUMNS), event)

    report: list[ReportRow] = []
    rk = file_key(REPORT_FILE)
    report_name = texts[rk][0] if rk in texts else REPORT_FILE
    if rk in texts:
        report = _read_report(CsvFile(*texts[rk], notes, REPORT_HEADER), notes)

    # Players known only from the Report or the rounds
    complete_players(event, report, report_name, round_names, notes, mk in texts)
    if not claimed_rounds:
        for r in report:
            played = r.values.get("played", "")
            if is_whole_number_text(played):
                claimed_rounds[r.number] = (report_name, r.line, int(played))

    _refuse_lost_rounds(texts, event, claimed_rounds if (mk in texts or round_names) else {}, fk in texts)
    _read_format(event, report, report_name, notes)

    if ok not in texts:
        infer_overrides(event, claimed_rounds, notes)
    name_checks(event, report, report_name, notes)
    infer_coins(event, seeds_given, report, finals_name, report_name, notes)
    compare_computed(event, claimed_rounds, seeds_given, finals_name, report, report_name, notes)
    return CsvSetRead(event, notes, files, src)


def _read_rounds(texts: dict[str, tuple[str, str]], event: Event, notes: list[CsvNote]) -> dict[int, str]:
    """The Round files, in round order, into ``event``; ``{round: file name}``."""
    round_keys = sorted(
        ((int(m.group(1)), key) for key in texts if (m := ROUND_KEY.match(key))), key=lambda x: x[0]
    )
    round_names: dict[int, str] = {}
    for number, key in round_keys:
        f = CsvFile(*texts[key], notes, ROUND_COLUMNS)
        if number < 1:
            raise CsvSetError(say("csvset.round_zero", file=f.name, round=number, first=round_file(1),
                                  second=round_file(2)))
        rnd = _read_round(f, number, notes)
        if rnd is not None:
            event.rounds.append(rnd)
            round_names[number] = f.name
    return round_names


def _refuse_lost_rounds(texts: dict[str, tuple[str, str]], event: Event,
                        claimed: dict[int, tuple[str, int, int]], has_finals: bool) -> None:
    """Refuse a set a round of which is missing or empty: a round before one
    the set has, or one the files say was played (Methuselahs' or the
    Report's rounds played, the final taken off for a finalist). Read
    without it, every rank would change, and nothing would say so."""
    files = {int(m.group(1)): texts[key][0] for key in texts if (m := ROUND_KEY.match(key))}
    read = {r.number for r in event.rounds}
    top = max(read, default=0)
    finalists = set(event.final.seating)
    claim: Optional[tuple[int, str, int, int]] = None  # (preliminary rounds, file, line, player)
    for player, (file, line, rounds) in sorted(claimed.items()):
        prelim = rounds - (1 if player in finalists else 0)
        if prelim > top and (claim is None or prelim > claim[0]):
            claim = (prelim, file, line, player)
    wanted = max(top, claim[0] if claim else 0)
    missing = [n for n in range(1, wanted + 1) if n not in read]
    if not missing:
        return
    n = missing[0]
    later = sorted(files[k] for k in files if k > n and k in read)
    if later:
        why = say("csvset.round_missing.later", later=later)
    else:
        assert claim is not None
        _, file, line, player = claim
        why = say("csvset.round_missing.claimed", file=file, line=line, player=player,
                  rounds=claimed[player][2],
                  final=say("csvset.round_missing.final") if player in finalists else say("text", text=""))
    if n in files:
        raise CsvSetError(say("csvset.round_empty_missing", file=files[n], why=why, round=n))
    if not later and not has_finals and n == top + 1:
        raise CsvSetError(say("csvset.round_or_final_missing", file=round_file(n), finals=FINALS_FILE, why=why))
    raise CsvSetError(say("csvset.round_missing", file=round_file(n), why=why, round=n))


def _read_format(event: Event, report: list[ReportRow], report_name: str, notes: list[CsvNote]) -> None:
    """The event's format from the rounds seated (the set does not say it),
    and the Report's results dropped when the set has no rounds."""
    if report and not event.rounds:
        played = [r for r in report if (csv_number(r.values.get("played", ""), False) or 0) > 0]
        if played:
            notes.append(CsvNote(
                report_name, None,
                say("csvset.report_without_rounds", players=len(played), round_file=round_file(1)),
                DROPPED,
            ))
    seated = max((r.number for r in event.rounds), default=0)
    event.preliminary_rounds = seated if seated in (2, 3) else 3
    if event.rounds:
        notes.append(CsvNote("CSV set", None, say("csvset.format_read", format=event.format), INFO))


def read_csv_set(source: Union[str, Path], *, edition: Any = None) -> Event:
    """Just the :class:`~archon.rules.model.Event` of :func:`load_csv_set`."""
    return load_csv_set(source, edition=edition).event


def _read_methuselahs(f: CsvFile, event: Event, claimed: dict[int, tuple[str, int, int]]) -> None:
    if f.header is not None:
        f.notes.append(CsvNote(f.name, f.header.line, say("csvset.header_skipped"), INFO))
    lines: dict[int, int] = {}
    for row in f.rows:
        if not row.get(0):
            raise f.error(row, say("csvset.methuselahs_no_number"))
        n = f.whole(row, 0, "player number")
        assert n is not None
        if n in lines:
            raise f.error(row, say("csvset.number_twice", player=n, first_line=lines[n]))
        lines[n] = row.line
        f.extras(row)
        rounds = f.count(row, 5, "rounds played")
        if rounds is not None:
            claimed[n] = (f.name, row.line, rounds)
        event.players.append(Player(
            number=n,
            first_name=row.get(1),
            last_name=row.get(2),
            city=row.get(3) or None,
            vekn=vekn_text(row.get(4)),
            out=row.get(6) or None,
        ))


def _read_round(f: CsvFile, number: int, notes: list[CsvNote]) -> Optional[Round]:
    if f.header is not None:
        notes.append(CsvNote(f.name, f.header.line, say("csvset.header_skipped"), INFO))
    tables: list[tuple[int, list[CsvRow], list[int], list[Optional[float]]]] = []
    seen: dict[int, int] = {}
    for row in f.rows:
        if not row.get(0):
            raise f.error(row, say("csvset.round_no_number"))
        n = f.whole(row, 0, "player number")
        t = f.whole(row, 3, "table")
        assert n is not None and t is not None
        f.extras(row)
        vp = f.vp(row, 4)
        if tables and tables[-1][0] == t:
            tables[-1][1].append(row)
            tables[-1][2].append(n)
            tables[-1][3].append(vp)
            continue
        if t in seen:
            raise f.error(row, say("csvset.table_again", table=t, first_line=seen[t]))
        seen[t] = row.line
        tables.append((t, [row], [n], [vp]))
    if not tables:
        notes.append(CsvNote(f.name, None, say("csvset.round_empty", round=number), INFO))
        return None
    rnd = Round(number)
    for k, (t, rows, players, vps) in enumerate(tables, start=1):
        if len(players) > max(TABLE_SIZES):
            raise CsvSetError(say("csvset.table_too_big", file=f.name, first=rows[0].line, last=rows[-1].line,
                                  table=t, players=len(players), sizes=list(TABLE_SIZES)))
        rnd.tables.append(Table(players, vps))
    numbers = [t for t, *_ in tables]
    if numbers != list(range(1, len(numbers) + 1)):
        notes.append(CsvNote(
            f.name, None,
            say("csvset.tables_renumbered", tables=numbers, last=len(numbers)),
            DROPPED,
        ))
    return rnd


def _read_finals(f: CsvFile, event: Event, seeds: dict[int, tuple[int, int]], ed: Any) -> None:
    if f.header is not None:
        f.notes.append(CsvNote(f.name, f.header.line, say("csvset.header_skipped"), INFO))
    seating: list[int] = []
    vps: list[Optional[float]] = []
    for row in f.rows:
        if not row.get(0):
            raise f.error(row, say("csvset.finals_no_number"))
        n = f.whole(row, 0, "player number")
        assert n is not None
        if n in seating:
            raise f.error(row, say("csvset.final_twice", player=n))
        f.extras(row)
        table = f.whole(row, 3, "table", required=False)
        if table not in (None, 1):
            f.notes.append(CsvNote(f.name, row.line, say("csvset.final_table", table=table), DIFFERS))
        seed = f.whole(row, 4, "seed", required=False)
        if seed is not None:
            seeds[n] = (row.line, seed)
        seating.append(n)
        vps.append(f.vp(row, 5))
    in_seed_order = len(seeds) == len(seating) > 1 and all(
        seeds[a][1] < seeds[b][1] for a, b in zip(seating, seating[1:])
    )
    if in_seed_order:
        seating, vps = _seat_by_seed(f, seating, vps, ed)
    event.final = Final(seating, vps)


def _seat_by_seed(f: CsvFile, by_seed: list[int], vps: list[Optional[float]], ed: Any
                  ) -> tuple[list[int], list[Optional[float]]]:
    """Finalists listed by seed (the bot's order): the seat order is not in the
    file. Seed order if the final's VPs are possible so, else the first order
    (by seed) in which they are; seed order when none is (check says why)."""
    rows = list(zip(by_seed, vps))
    chosen = rows
    if len(rows) in TABLE_SIZES and all(v is not None for v in vps):
        chosen = next((list(order) for order in itertools.permutations(rows)
                       if _possible([v for _, v in order], ed)), rows)
    seating = [n for n, _ in chosen]
    how = say("csvset.seed_order") if chosen == rows else say(
        "csvset.first_possible_order", seating=["#" + str(n) for n in seating])
    f.notes.append(CsvNote(
        f.name, None,
        say("csvset.finalists_by_seed", how=how),
        INFO,
    ))
    return seating, [v for _, v in chosen]


def _possible(vps: list[Any], ed: Any) -> bool:
    try:
        return is_legal(vps, ed)
    except VPError:
        return False


def _read_overrides(f: CsvFile, event: Event) -> None:
    """Override.csv: round (or F), table, reason: The Archon's Override sheet."""
    if f.header is not None:
        f.notes.append(CsvNote(f.name, f.header.line, say("csvset.header_skipped"), INFO))
    for row in f.rows:
        f.extras(row)
        key = row.get(0).strip().upper()
        if key == FINAL:
            rnd: Union[int, str] = FINAL
        else:
            whole = f.whole(row, 0, "round")
            assert whole is not None
            rnd = whole
        table = f.whole(row, 1, "table", required=rnd != FINAL) or 1
        if event.override_for(rnd, table) is not None:
            raise f.error(row, say("csvset.override_twice", round=rnd, table=table))
        event.overrides.append(Override(rnd, table, row.get(2)))


def _read_report(f: CsvFile, notes: list[CsvNote]) -> list[ReportRow]:
    if f.header is not None:
        index: dict[str, int] = {}
        for i, h in enumerate(f.header.cells):
            key = REPORT_KEYS.get(norm_header(h))
            if key is None or key in index:
                if h:
                    notes.append(CsvNote(
                        f.name, f.header.line,
                        say("csvset.report_column_unknown", column=i + 1, header=repr(h), columns=list(REPORT_HEADER)),
                        DROPPED,
                    ))
                continue
            index[key] = i
        if "number" not in index:
            raise CsvSetError(say("csvset.at_line", file=f.name, line=f.header.line,
                                  problem=say("csvset.report_no_number_column", columns=list(REPORT_HEADER))))
        check_extras = False
    else:
        notes.append(CsvNote(
            f.name, None, say("csvset.report_no_header", columns=list(REPORT_HEADER)), INFO
        ))
        index = {k: i for i, k in enumerate(REPORT_FIELDS)}
        check_extras = True
    out = []
    seen: dict[int, int] = {}
    for row in f.rows:
        n = f.whole(row, index["number"], "player number")
        assert n is not None
        if n in seen:
            raise f.error(row, say("csvset.report_number_twice", player=n, first_line=seen[n]))
        seen[n] = row.line
        if check_extras:
            f.extras(row)
        out.append(ReportRow(row.line, n, {k: row.get(i) for k, i in index.items()}))
    return out

