"""archon rating / league / convert over files and folders (issue 15)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.formats.csvset import write_csv_set
from archon.rules.model import Event, Final, Player, Round, Table
from archon.formats.serialize import standings_to_dict
from archon.rules.standings import compute
from archon.formats.workbook import new_event

PEOPLE = {n: (f"First{n}", f"Last{n}", f"10000{n:02d}") for n in range(1, 11)}


def event(day: str, order: list[int], name: str) -> Event:
    """10 players, one round of two 5-player tables in ``order``, a final.
    Table 1 seat 1 sweeps (5 VP), table 2 seat 1 sweeps too; the final is won
    by the first finalist seated with 5 VP."""
    players = [Player(k, *PEOPLE[n][:2], city="France" if n % 2 else "Spain", vekn=PEOPLE[n][2], coin=k)
               for k, n in enumerate(order, start=1)]
    ev = Event(name=name, date=dt.date.fromisoformat(day), city="Lyon", level="Standard Constructed",
               deck_format="Constructed", preliminary_rounds=2, players=players,
               rounds=[Round(1, [Table([1, 2, 3, 4, 5], [5, 0, 0, 0, 0]), Table([6, 7, 8, 9, 10], [5, 0, 0, 0, 0])]),
                       Round(2, [Table([1, 3, 5, 7, 9], [0, 0, 0, 0, 5]), Table([2, 4, 6, 8, 10], [0, 0, 0, 0, 5])])])
    st = compute(ev)
    ev.final = Final(list(st.finalists), [5, 0, 0, 0, 0])
    return ev


EVENTS = [
    event("2026-01-10", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "January Cup"),
    event("2026-02-14", [3, 1, 4, 10, 9, 2, 6, 5, 8, 7], "February Cup"),
    event("2026-03-21", [7, 8, 9, 10, 1, 2, 3, 4, 5, 6], "March Cup"),
]


def as_workbooks(folder):
    folder.mkdir()
    for ev in EVENTS:
        new_event(folder / f"{ev.date.isoformat()}.xlsx", ev)
    return folder


def as_csv_sets(folder):
    folder.mkdir()
    for ev in EVENTS:
        write_csv_set(ev, folder / f"{ev.date.isoformat()} {ev.name}")  # the date comes from the folder's name
    return folder


def as_json(folder):
    folder.mkdir()
    for ev in EVENTS:
        data = standings_to_dict(compute(ev), extras=True)
        (folder / f"{ev.date.isoformat()}.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


def test_the_same_events_as_workbooks_csv_sets_and_json_give_the_same_ranking(tmp_path):
    rankings = []
    for make in (as_workbooks, as_csv_sets, as_json):
        result = api.rating([make(tmp_path / make.__name__)], as_of="2026-06-30")
        assert result.archive.failed == [] and len(result.archive.events) == 3
        rankings.append(result.ranking[["rank", "vekn", "rating", "games", "gw", "vp"]].to_dict("records"))
    assert rankings[0] == rankings[1] == rankings[2]
    assert len(rankings[0]) == 10
    # By hand, January Cup: the final's winner is the best seed. Check the three events' totals add up:
    # each event gives 10 x 5 attendance + 4 x 25 VP (prelims) + 4 x 5 (final) + 8 x (4 GW + 1 final GW)
    # + bonus 90 + 4 x 30 times log15(100) - 1.
    import math

    per_event = 50 + 4 * 20 + 4 * 5 + 8 * 5 + (90 + 4 * 30) * (math.log(100, 15) - 1)
    assert sum(r["rating"] for r in rankings[0]) == pytest.approx(3 * per_event)


def test_a_broken_file_a_foreign_workbook_and_a_duplicate_are_listed_and_the_rest_rated(tmp_path):
    import xlsxwriter

    folder = as_json(tmp_path / "events")
    (folder / "broken.xlsx").write_bytes(b"PK\x03\x04 not really a zip")
    wb = xlsxwriter.Workbook(str(folder / "budget.xlsx"))
    wb.add_worksheet("Money").write_string(0, 0, "not an event")
    wb.close()
    new_event(folder / "sub" / "copy-of-january.xlsx", EVENTS[0]) if (folder / "sub").mkdir() is None else None
    r = CliRunner().invoke(main, ["rating", str(folder), "--as-of", "2026-06-30", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert len(data["ranking"]) == 10
    failed = {f["path"].rsplit("/", 1)[-1]: f["reason"] for f in data["files"]["failed"]}
    assert set(failed) == {"broken.xlsx", "budget.xlsx"}
    dup = data["files"]["duplicates"]
    assert len(dup) == 1 and dup[0]["path"].endswith("copy-of-january.xlsx")
    assert dup[0]["same_as"].endswith("2026-01-10.json")
    assert "broken.xlsx" in r.stderr and "budget.xlsx" in r.stderr and "copy-of-january.xlsx" in r.stderr
    assert "3 events read, 2 files could not be read, 1 duplicate counted once" in r.stderr
    assert "Traceback" not in r.output


def test_rating_csv_and_text_and_country(tmp_path):
    folder = as_json(tmp_path / "events")
    r = CliRunner().invoke(main, ["rating", str(folder), "--as-of", "2026-06-30", "--csv", "--country", "spain"])
    assert r.exit_code == 0, r.output
    lines = r.stdout.strip().splitlines()
    assert lines[0] == "rank,vekn,name,city,rating,counted,played,games,gw,vp"
    assert len(lines) == 1 + 5 and all(",Spain," in line for line in lines[1:])
    r = CliRunner().invoke(main, ["rating", str(folder), "--as-of", "2026-06-30"])
    assert r.exit_code == 0 and "Ranking on 2026-06-30" in r.stdout


def test_rating_xlsx_report_opens_and_has_the_ranking_a_player_and_a_chart(tmp_path):
    import zipfile

    from openpyxl import load_workbook

    folder = as_json(tmp_path / "events")
    out = tmp_path / "ranking.xlsx"
    vekn = PEOPLE[1][2]
    result = api.rating([folder], as_of="2026-06-30", players=[vekn], xlsx=out)
    wb = load_workbook(out)
    assert wb.sheetnames[0] == "Ranking" and any(s.startswith(vekn) for s in wb.sheetnames) and "Chart" in wb.sheetnames
    ws = wb["Ranking"]
    assert ws["A3"].value == "Rank" and ws["B4"].value == result.ranking["vekn"].iloc[0]
    assert any(n.startswith("xl/charts/chart") for n in zipfile.ZipFile(out).namelist())
    assert len(result.players[vekn]) == 3 and result.players[vekn]["counted"].all()


def test_no_event_readable_is_one_line_exit_2(tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    r = CliRunner().invoke(main, ["rating", str(tmp_path)])
    assert r.exit_code == 2 and "no event could be read" in r.output and "Traceback" not in r.output


def test_league_best_2_by_rating_and_by_gw_vp_from_a_toml_file(tmp_path):
    folder = as_json(tmp_path / "events")
    toml = tmp_path / "winter.toml"
    toml.write_text('name = "Winter League"\nevents = ["events"]\nbest = 2\npoints = "gw-vp"\n'
                    'from = 2026-01-01\nto = 2026-02-28\n', encoding="utf-8")
    result = api.league([toml])
    assert result.definition.name == "Winter League" and set(result.results["date"].dt.month) == {1, 2}
    assert (result.results.groupby("vekn")["counted"].sum() <= 2).all()
    r = CliRunner().invoke(main, ["league", str(toml), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["name"] == "Winter League" and data["best"] == 2 and data["points"] == "gw-vp"
    assert data["standings"][0]["rank"] == 1
    r = CliRunner().invoke(main, ["league", str(folder), "--best", "1", "--csv"])
    assert r.exit_code == 0 and r.stdout.splitlines()[0] == "rank,tied,vekn,name,city,points,counted,played"


def test_convert_a_folder_converts_each_event_once_and_lists_what_it_could_not(tmp_path):
    from archon.formats.workbook import load_event

    old = as_json(tmp_path / "old")
    (old / "2026-03-21.json").unlink()
    (old / "sub").mkdir()
    (old / "sub" / "again.json").write_bytes((old / "2026-01-10.json").read_bytes())
    (old / "broken.xls").write_bytes(b"\xd0\xcf\x11\xe0 truncated")
    r = CliRunner().invoke(main, ["convert", str(old), str(tmp_path / "new")])
    assert r.exit_code == 1, r.output
    made = sorted(p.relative_to(tmp_path / "new").as_posix() for p in (tmp_path / "new").rglob("*.xlsx"))
    assert made == ["2026-01-10.xlsx", "2026-02-14.xlsx"]
    assert load_event(tmp_path / "new" / "2026-02-14.xlsx").name == "February Cup"
    assert "could not convert" in r.stdout and "broken.xls" in r.stdout
    assert "again.json is the same event as" in r.stdout
    assert "2 events converted, 1 file could not be, 1 duplicate converted once" in r.stdout
    assert "Traceback" not in r.output


def test_libreoffice_opens_the_report_and_an_xls_copy_of_an_event_counts_once(tmp_path, soffice):
    import xlrd

    from test_convert import soffice_convert

    folder = as_workbooks(tmp_path / "events")
    report = tmp_path / "ranking.xlsx"
    first = api.rating([folder], as_of="2026-06-30", xlsx=report).ranking
    made = soffice_convert([report, folder / "2026-01-10.xlsx"], "xls", tmp_path / "lo")
    sheet = xlrd.open_workbook(str(made["ranking"])).sheet_by_name("Ranking")
    assert sheet.cell_value(2, 0) == "Rank" and sheet.cell_value(3, 1) == first["vekn"].iloc[0]
    assert sheet.cell_value(3, 4) == pytest.approx(first["rating"].iloc[0])
    (folder / "old").mkdir()
    made["2026-01-10"].rename(folder / "old" / "2026-01-10.xls")
    result = api.rating([folder], as_of="2026-06-30")
    assert [d.path.name for d in result.archive.duplicates] == ["2026-01-10.xls"]
    assert result.ranking.to_dict("records") == first.to_dict("records")


def test_2001_events_are_rated_by_elo_by_default(tmp_path):
    folder = tmp_path / "2001"
    folder.mkdir()
    for ev in EVENTS:
        data = standings_to_dict(compute(ev, "2001"), extras=True)
        (folder / f"{ev.date.isoformat()}.json").write_text(json.dumps(data), encoding="utf-8")
    r = CliRunner().invoke(main, ["rating", str(folder), "--as-of", "2026-06-30", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["system"] == "elo2001"
    ratings_ = [p["rating"] for p in data["ranking"]]
    # Elo moves points between players: the total stays 10 x 3000.
    assert sum(ratings_) == pytest.approx(30000) and ratings_ == sorted(ratings_, reverse=True)
    r = CliRunner().invoke(main, ["rating", str(folder), "--as-of", "2026-06-30", "--system", "rtp", "--json"])
    assert json.loads(r.stdout)["system"] == "rtp"


def test_a_csv_set_without_a_date_in_its_name_is_listed_unrated(tmp_path):
    folder = as_json(tmp_path / "events")
    write_csv_set(EVENTS[0], folder / "bot-export")
    r = CliRunner().invoke(main, ["rating", str(folder), "--as-of", "2026-06-30", "--player", PEOPLE[1][2]])
    assert r.exit_code == 0, r.output
    assert "bot-export: 10 results: the event has no date" in r.stderr
    assert "events in the window" in r.stdout and "January Cup" in r.stdout


def test_reading_in_two_processes_gives_the_same_events(tmp_path):
    from archon.across.archive import read_archive

    folder = as_json(tmp_path / "events")
    one = read_archive([folder], processes=1)
    two = read_archive([folder], processes=2)
    assert [e.results for e in two.events] == [e.results for e in one.events] and len(one.events) == 3


def test_league_xlsx_has_the_standings_and_a_running_total_chart(tmp_path):
    import zipfile

    from openpyxl import load_workbook

    folder = as_json(tmp_path / "events")
    out = tmp_path / "league.xlsx"
    result = api.league([folder], best=2, name="Spring", xlsx=out)
    wb = load_workbook(out)
    ws = wb[wb.sheetnames[0]]
    assert ws["A1"].value.startswith("Spring: best 2 results") and ws["C4"].value == result.standings["vekn"].iloc[0]
    assert "Chart" in wb.sheetnames
    # the running totals end on each top player's league total
    chart = wb["Chart"]
    last = chart.max_row
    assert chart.cell(last, 2).value == pytest.approx(result.standings["points"].iloc[0])
    assert any(n.startswith("xl/charts/chart") for n in zipfile.ZipFile(out).namelist())


def test_archons_own_backups_and_their_journal_are_not_events(tmp_path):
    """An organizer's events folder holds each event's NAME-backups folder:
    earlier states of the same event, one named -2 when two commands ran in
    the same second. Counted, they gave a player the event twice (5 points
    for attending each time)."""
    from archon.formats.workbook.backups import backup_path

    folder = as_workbooks(tmp_path / "events")
    january = folder / "2026-01-10.xlsx"
    earlier = event("2026-01-10", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "January Cup")
    earlier.final = Final()  # the state before the final was recorded
    when = dt.datetime(2026, 1, 10, 20, 0, 0)
    first = backup_path(january, when)
    first.parent.mkdir()
    new_event(first, earlier)
    second = backup_path(january, when)
    assert second.name.endswith("-2.xlsx")
    new_event(second, earlier)
    (first.parent / "journal.jsonl").write_text("{}\n", encoding="utf-8")
    result = api.rating([folder], as_of="2026-06-30")
    assert len(result.archive.events) == 3
    assert result.archive.duplicates == [] and result.archive.skipped == [] and result.archive.failed == []


def test_a_players_sheet_lists_the_events_dropped_from_the_best_8(tmp_path):
    """Ten events of the same ten players, one a month: the player's sheet
    holds all ten, eight counted; the two left out are the lowest in rating
    points, and the rating on the ranking sheet is the sum of the eight
    counted."""
    from openpyxl import load_workbook

    folder = tmp_path / "events"
    folder.mkdir()
    orders = [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [3, 1, 4, 10, 9, 2, 6, 5, 8, 7], [7, 8, 9, 10, 1, 2, 3, 4, 5, 6],
              [2, 4, 6, 8, 10, 1, 3, 5, 7, 9], [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]]
    for m in range(1, 11):
        ev = event(f"2025-{m:02d}-11", orders[m % 5], f"Cup {m}")
        (folder / f"cup{m}.json").write_text(json.dumps(standings_to_dict(compute(ev), extras=True)))
    vekn = PEOPLE[1][2]
    out = tmp_path / "ranking.xlsx"
    api.rating([folder], as_of="2025-12-31", players=[vekn], xlsx=out)
    wb = load_workbook(out)
    ws = wb[next(s for s in wb.sheetnames if s.startswith(vekn))]
    head = [c.value for c in ws[3]]
    rows = [dict(zip(head, (c.value for c in row))) for row in ws.iter_rows(min_row=4) if row[0].value]
    assert len(rows) == 10 and sorted(r["Event"] for r in rows) == sorted(f"Cup {m}" for m in range(1, 11))
    counted = [r["Rating points"] for r in rows if r["Events counted"] == "yes"]
    dropped = [r["Rating points"] for r in rows if r["Events counted"] != "yes"]
    assert len(counted) == 8 and len(dropped) == 2
    # Cups 2 and 7 seat player 1 second at table 1 (0 VP), then first at the
    # odd table whose fifth seat sweeps (0 VP), out of the final: 5 points
    # for attending, the lowest of the ten: dropped
    assert sorted(r["Event"] for r in rows if r["Events counted"] != "yes") == ["Cup 2", "Cup 7"]
    assert dropped == [5, 5] and min(counted) > 5
    ranking_rows = {r[1].value: r for r in wb["Ranking"].iter_rows(min_row=4) if r[0].value}
    assert ranking_rows[vekn][4].value == pytest.approx(sum(counted))
    assert (ranking_rows[vekn][5].value, ranking_rows[vekn][6].value) == (8, 10)


def test_reading_an_archive_reports_progress_file_by_file(tmp_path):
    folder = as_json(tmp_path / "events")
    (folder / "broken.json").write_text("{not json")
    calls = []
    result = api.rating([folder], as_of="2026-06-30", progress=lambda done, total, path: calls.append((done, total)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert len(result.archive.events) == 3 and len(result.archive.failed) == 1


def test_a_csv_sets_event_is_named_after_its_folder_or_zip(tmp_path):
    # the bot's CSV set holds neither the date nor the name: '2026-01-10
    # January Cup' gives both, so a player's events are listed by name
    import shutil

    folder = as_csv_sets(tmp_path / "events")
    shutil.make_archive(str(folder / "2026-04-18_April_Cup"), "zip", folder / "2026-03-21 March Cup")
    shutil.rmtree(folder / "2026-03-21 March Cup")
    frame = api.results_frame([folder])
    assert sorted(frame["event"].unique()) == ["April Cup", "February Cup", "January Cup"]
    assert sorted(frame["date"].dt.strftime("%Y-%m-%d").unique()) == ["2026-01-10", "2026-02-14", "2026-04-18"]


def test_convert_a_folder_of_csv_sets_keeps_their_dates_and_names(tmp_path):
    # converted, the CSV sets become workbooks, whose names no longer hold
    # the date: it is in the workbook, and the archive rates as before
    from archon.formats.workbook import load_event

    old = as_csv_sets(tmp_path / "old")
    r = CliRunner().invoke(main, ["convert", str(old), str(tmp_path / "new")])
    assert r.exit_code == 0, r.output
    march = load_event(tmp_path / "new" / "2026-03-21 March Cup.xlsx")
    assert (march.date, march.name) == (dt.date(2026, 3, 21), "March Cup")
    before = api.rating([old], as_of="2026-06-30").ranking
    after = api.rating([tmp_path / "new"], as_of="2026-06-30")
    assert after.archive.failed == [] and len(after.archive.events) == 3
    assert after.ranking.to_dict("records") == before.to_dict("records")


def test_convert_a_folder_json_and_csv_say_what_became_of_each_file(tmp_path):
    old = as_json(tmp_path / "old")
    (old / "sub").mkdir()
    (old / "sub" / "again.json").write_bytes((old / "2026-01-10.json").read_bytes())
    (old / "broken.xls").write_bytes(b"\xd0\xcf\x11\xe0 truncated")
    (old / "notes.txt").write_text("hello")
    r = CliRunner().invoke(main, ["convert", str(old), str(tmp_path / "new"), "--json"])
    assert r.exit_code == 1, r.output
    data = json.loads(r.stdout)
    assert sorted(c["output"].rsplit("/", 1)[-1] for c in data["converted"]) == [
        "2026-01-10.xlsx", "2026-02-14.xlsx", "2026-03-21.xlsx"]
    assert [f["path"].rsplit("/", 1)[-1] for f in data["failed"]] == ["broken.xls"]
    assert [d["path"].rsplit("/", 1)[-1] for d in data["duplicates"]] == ["again.json"]
    assert data["duplicates"][0]["same_as"].endswith("2026-01-10.json")
    assert [s["path"].rsplit("/", 1)[-1] for s in data["skipped"]] == ["notes.txt"]
    assert "3 events converted, 1 file could not be, 1 duplicate converted once" in r.stderr
    r = CliRunner().invoke(main, ["convert", str(old), str(tmp_path / "again"), "--csv"])
    lines = r.stdout.splitlines()
    assert lines[0] == "path,outcome,output,reason,same_as" and len(lines) == 1 + 6
    outcomes = sorted(line.split(",")[1] for line in lines[1:])
    assert outcomes == ["converted"] * 3 + ["duplicate", "failed", "skipped"]
    # one file: its conversion says itself what it did
    r = CliRunner().invoke(main, ["convert", str(old / "2026-01-10.json"), str(tmp_path / "one.xlsx"), "--json"])
    assert r.exit_code == 2 and "folder" in r.output and not (tmp_path / "one.xlsx").exists()
