"""What reading a CSV set works out beyond its rows: players known only from
the Report or the rounds, the judges' overrides and coin rankings the files
imply, and the files' computed values that differ from archon's."""

from __future__ import annotations

import csv
import io

from archon.formats.csvset_files import REPORT_FIELDS, ReportRow, clean_text, csv_number, split_full_name, vekn_text
from archon.formats.csvset_types import (
    DIFFERS, INFO, METHUSELAHS_FILE, OUT_RANK, REPORT_FILE, REPORT_HEADER, CsvNote, round_file,
)
from archon.formats.csvset_write import csv_set_texts
from archon.rules.model import Event, Override, Player
from archon.rules.standings import Standings, compute
from archon.words.message import act, say

def complete_players(event: Event, report: list[ReportRow], report_name: str, round_names: dict[int, str],
                      notes: list[CsvNote], had_methuselahs: bool) -> None:
    known = {p.number for p in event.players}
    for r in report:
        if r.number in known:
            continue
        first, last = split_full_name(r.values.get("name", ""))
        rank = r.values.get("rank", "")
        event.players.append(Player(
            r.number, first, last, vekn=vekn_text(r.values.get("vekn", "")),
            out=OUT_RANK if rank.upper() == OUT_RANK else None,
        ))
        known.add(r.number)
        if had_methuselahs:
            notes.append(CsvNote(
                report_name, r.line, say("csvset.registered_from_report", player=r.number, file=METHUSELAHS_FILE),
                INFO,
            ))
    if report and not had_methuselahs:
        notes.append(CsvNote(report_name, None, say("csvset.no_methuselahs", file=METHUSELAHS_FILE), INFO))
    names_in_rounds: dict[int, tuple[str, str, str]] = {}
    for rnd in event.rounds:
        for t in rnd.tables:
            for n in t.players:
                names_in_rounds.setdefault(n, (round_names.get(rnd.number, round_file(rnd.number)), "", ""))
    missing = sorted(n for n in names_in_rounds if n not in known)
    if missing and (had_methuselahs or report):
        listed = ", ".join(f"#{n} ({names_in_rounds[n][0]})" for n in missing)
        notes.append(CsvNote(
            "CSV set", None, say("csvset.not_registered", players=listed, check=act("check")),
            INFO,
        ))
    elif missing:
        event.players.extend(Player(n) for n in missing)
        notes.append(CsvNote(
            "CSV set", None,
            say("csvset.registered_from_rounds", file=METHUSELAHS_FILE, report=REPORT_FILE),
            INFO,
        ))
    event.players.sort(key=lambda p: p.number)


def infer_overrides(event: Event, claimed: dict[int, tuple[str, int, int]], notes: list[CsvNote]) -> None:
    """A table whose VPs do not add up, counted as played for all its players: a judge accepted it."""
    if not claimed or not event.rounds:
        return
    st = compute(event)
    counted = {s.number: s.rounds_played for s in st.players}
    for rnd_st in st.rounds:
        for t in rnd_st.tables:
            if t.result is None or t.result.scored or not t.players:
                continue
            if all(p in claimed and p in counted and claimed[p][2] > counted[p] for p in t.players):
                event.overrides.append(Override(rnd_st.number, t.number, ""))
                for p in t.players:
                    counted[p] += 1
                notes.append(CsvNote(
                    claimed[t.players[0]][0], None,
                    say("csvset.override_inferred", round=rnd_st.number, table=t.number),
                    INFO,
                ))


def name_checks(event: Event, report: list[ReportRow], report_name: str, notes: list[CsvNote]) -> None:
    by_number = event.players_by_number()
    for r in report:
        p = by_number.get(r.number)
        name = r.values.get("name")
        if p is None or name is None:
            continue
        if clean_text(name) != clean_text(p.name):
            notes.append(CsvNote(
                report_name, r.line, say("csvset.name_differs", player=r.number, value=repr(name), name=repr(p.name),
                                        file=METHUSELAHS_FILE),
                DIFFERS,
            ))
        vekn = vekn_text(r.values.get("vekn", "") or "")
        if "vekn" in r.values and vekn != p.vekn:
            notes.append(CsvNote(
                report_name, r.line,
                say("csvset.vekn_differs", player=r.number, value=vekn or "blank", vekn=p.vekn or "blank",
                    file=METHUSELAHS_FILE),
                DIFFERS,
            ))


def infer_coins(event: Event, seeds: dict[int, tuple[int, int]], report: list[ReportRow],
                 finals_name: str, report_name: str, notes: list[CsvNote]) -> None:
    """Order the ties the rounds leave open as the files order them (coin rankings)."""
    st = compute(event)
    if not st.ties:
        return
    ranks: dict[int, float] = {}
    for r in report:
        x = csv_number(r.values.get("rank", ""), False)
        if x is not None:
            ranks[r.number] = x
    by_number = event.players_by_number()
    for tie in st.ties:
        tied = list(tie.players)
        if any(by_number[n].coin for n in tied if n in by_number):
            continue
        inf = float("inf")
        key = {n: (seeds[n][1] if n in seeds else inf, ranks.get(n, inf)) for n in tied}
        if len(set(key.values())) < 2:
            continue  # the files do not order them either
        order = sorted(tied, key=lambda n: (key[n], n))
        for coin, n in enumerate(order, start=1):
            by_number[n].coin = coin
        source = finals_name if any(n in seeds for n in tied) else report_name
        notes.append(CsvNote(
            source, None,
            say("csvset.coins_inferred", players=["#" + str(n) for n in tied], first=tie.first, last=tie.last,
                coins=[f"#{n} {c}" for c, n in enumerate(order, start=1)]),
            INFO,
        ))


def _report_expected(st: Standings) -> dict[int, dict[str, str]]:
    texts, _ = csv_set_texts(st)
    out: dict[int, dict[str, str]] = {}
    rows = list(csv.reader(io.StringIO(texts[REPORT_FILE], newline="")))
    for cells in rows[1:]:
        out[int(cells[0])] = dict(zip(REPORT_FIELDS, cells))
    return out


def _same(a: str, b: str) -> bool:
    if a.strip().upper() == b.strip().upper():
        return True
    x, y = csv_number(a, False), csv_number(b, False)
    if x is None and y is None:
        return False
    if x is None or y is None:
        return False
    return abs(x - y) < 1e-9


_REPORT_LABELS = dict(zip(REPORT_FIELDS, REPORT_HEADER))


def compare_computed(event: Event, claimed: dict[int, tuple[str, int, int]], seeds: dict[int, tuple[int, int]],
             finals_name: str, report: list[ReportRow], report_name: str, notes: list[CsvNote]) -> None:
    """Computed values in the files that are not what archon computes from the rounds."""
    st = compute(event)
    by_st = st.by_number()
    for n, (name, line, rounds) in sorted(claimed.items(), key=lambda x: (x[1][0], x[1][1])):
        s = by_st.get(n)
        if s is not None and name != report_name and s.rounds_played != rounds:
            notes.append(CsvNote(
                name, line, say("csvset.rounds_played_differ", player=n, value=rounds, computed=s.rounds_played),
                DIFFERS,
            ))
    for n, (line, seed) in sorted(seeds.items(), key=lambda x: x[1][0]):
        s = by_st.get(n)
        if s is None:
            continue
        if s.seed != seed:
            computed = (say("csvset.seed", seed=s.seed) if s.seed else
                        say("csvset.no_seed_tie") if s.finalist else say("csvset.not_a_finalist"))
            notes.append(CsvNote(
                finals_name, line, say("csvset.seed_differs", player=n, value=seed, computed=computed), DIFFERS,
            ))
    if not report or not event.rounds:
        return  # with no rounds, the Report's results are listed as dropped
    expected = _report_expected(st)
    for r in report:
        exp = expected.get(r.number)
        if exp is None:
            continue
        for key, value in r.values.items():
            if key in ("number", "name", "vekn"):
                continue
            if not _same(value, exp[key]):
                notes.append(CsvNote(
                    report_name, r.line,
                    say("csvset.report_differs", player=r.number, column=_REPORT_LABELS[key], value=value or "blank",
                        computed=exp[key] or "blank"),
                    DIFFERS,
                ))

