"""Reporting to the VEKN: the VEKN report, archondata and the TWD header.

The complete event (23 players, 3R+F) is checked end to end in
``test_event_e2e``; here: small events worked by hand, formatting, and what
must be refused before vekn.net would refuse it.
"""

from __future__ import annotations

import copy
import datetime as dt

import pytest
from click.testing import CliRunner

from archon.cli import main
from archon.rules.model import Final
from archon.rules.standings import compute
from archon.formats.vekn import VeknReportError, archondata, date_text, twd_header, vekn_report, vekn_report_text
from test_eventday import book, small_no_final, tossed, winter_cup


@pytest.mark.parametrize("day, text", [
    (1, "December 1st 2026"), (2, "December 2nd 2026"), (3, "December 3rd 2026"), (4, "December 4th 2026"),
    (11, "December 11th 2026"), (12, "December 12th 2026"), (13, "December 13th 2026"),
    (21, "December 21st 2026"), (22, "December 22nd 2026"), (23, "December 23rd 2026"), (31, "December 31st 2026"),
])
def test_dates_as_the_twd_writes_them(day, text):
    assert date_text(dt.date(2026, 12, day)) == text


def closed_tiny_cup():
    ev = small_no_final(closed=True)
    ev.date = dt.date(2027, 3, 2)
    return ev


def test_archondata_of_an_event_without_final():
    """Tiny Cup (see test_eventday.small_no_final), worked by hand:

    #1 GW 1, VP 3 + 0.5 = 3.5, TP 60 + 36 = 96;  #5 VP 2 + 0.5 = 2.5, TP 48 + 36 = 84;
    #2 VP 0 + 1.5 = 1.5, TP 24 + 60 = 84;  #4 VP 0.5, TP 24 + 36 = 60;  #3 VP 0, TP 24 + 12 = 36.
    Rating points (no final, no bonus): 5 + 4 x VP + 8 x GW.
    """
    st = compute(closed_tiny_cup())
    assert archondata(st) == (
        "2¤"
        "1§Ada§Byron§§3000701§1§3.5§0§96§0§27§"    # 5 + 14 + 8
        "2§Ed§Fox§§3000705§0§2.5§0§84§0§15§"       # 5 + 10
        "3§Bo§Chen§§3000702§0§1.5§0§84§0§11§"      # 5 + 6
        "4§Di§Egan§§3000704§0§0.5§0§60§0§7§"       # 5 + 2
        "5§Cy§Dunn§§3000703§0§0§0§36§0§5§"
    )
    assert twd_header(st, country="France") == "\n".join(
        ["Tiny Cup", "Brest, France", "March 2nd 2027", "2R", "5 players", "Ada Byron"])


def test_flagged_players_are_reported_as_withdrawn_or_disqualified():
    ev = closed_tiny_cup()
    ev.player(3).out = "N"   # no-show: a withdrawal
    ev.player(4).out = "CD"  # conduct: a disqualification
    st = compute(ev)
    records = archondata(st).split("¤")[1].split("§")
    ranks = [records[i] for i in range(0, len(records) - 1, 11)]
    names = [records[i + 1] for i in range(0, len(records) - 1, 11)]
    assert list(zip(ranks, names)) == [("1", "Ada"), ("2", "Ed"), ("3", "Bo"), ("WD", "Cy"), ("DQ", "Di")]
    text = vekn_report_text(st)
    assert text.index("players flagged out") < text.index("Cy Dunn")


def test_archondata_is_refused_before_vekn_net_would_refuse_it():
    with pytest.raises(VeknReportError, match="the final has no result yet"):
        archondata(compute(tossed(winter_cup(3))))
    ev = closed_tiny_cup()
    ev.rounds.pop()
    with pytest.raises(VeknReportError, match="preliminary rounds are not over"):
        archondata(compute(ev))
    ev = closed_tiny_cup()
    ev.player(2).vekn = None
    with pytest.raises(VeknReportError, match=r"1 player has no VEKN number \(#2 Bo Chen\).*Methuselahs!E"):
        archondata(compute(ev))
    ev = closed_tiny_cup()
    ev.player(2).vekn = ev.player(1).vekn
    with pytest.raises(VeknReportError, match="VEKN number 3000701 is given to #1 Ada Byron and #2 Bo Chen"):
        archondata(compute(ev))
    ev = closed_tiny_cup()
    ev.player(2).last_name = "Chen§"
    with pytest.raises(VeknReportError, match="separators"):
        archondata(compute(ev))


def test_vekn_report_before_the_final_is_marked_incomplete_and_shows_the_top_five():
    st = compute(tossed(winter_cup(3), winner=15))
    text = vekn_report_text(st)
    assert "VEKN report (incomplete: the final has no result yet)" in text
    rows = {r.number: r for r in vekn_report(st)}
    # Before the final: the preliminary ranks 1..5 are shown, nobody has the final's win.
    assert [rows[n].rank for n in (1, 2, 4, 6, 15, 11)] == [1, 2, 3, 4, 5, None]
    assert rows[1].games_won == 3 and rows[1].games_played == 3 and rows[1].total_vp == 13


def test_twd_header_needs_a_name_a_date_a_place_and_a_winner():
    ev = closed_tiny_cup()
    ev.city = "Brest, France"
    assert twd_header(compute(ev), country="france", url=" https://example.org/tiny ").splitlines()[1:2] == [
        "Brest, France"]
    assert twd_header(compute(ev), url="https://example.org/tiny").splitlines()[-1] == "https://example.org/tiny"
    for change, message in (
        (lambda e: setattr(e, "name", ""), r"no name: type it in Tournament Info!B3"),
        (lambda e: setattr(e, "date", None), r"no date: type it in Tournament Info!B4"),
        (lambda e: setattr(e, "city", None), r"no city: type it in Tournament Info!B7"),
        (lambda e: e.rounds.pop(), r"no winner yet"),
    ):
        bad = copy.deepcopy(ev)
        change(bad)
        with pytest.raises(VeknReportError, match=message):
            twd_header(compute(bad))


def test_report_command_refusals_exit_1_for_the_event_2_for_usage(tmp_path):
    ev = tossed(winter_cup(3))
    ev.final = Final([6, 15, 1, 4, 2])
    path = book(tmp_path, ev)
    # archon.exits: an unfinished event is a problem with the event (1);
    # options that do not go together are wrong usage (2)
    for args, status in ((["--archondata"], 1), (["--twd"], 1), (["--url", "https://x.org"], 2),
                         (["--round", "2"], 2), (["--force"], 2)):
        r = CliRunner().invoke(main, ["report", str(path), *args])
        assert r.exit_code == status and "Traceback" not in r.output, (args, r.output)
    r = CliRunner().invoke(main, ["report", str(path)])
    assert r.exit_code == 0 and "(incomplete" in r.output


def test_the_twd_entry_has_the_score_line_and_the_deck_as_given(tmp_path):
    from archon import api

    # Tiny Cup closed without a final: #1 Ada Byron wins with 1 GW, 3 + 0.5 VP.
    path = book(tmp_path, closed_tiny_cup())
    deck = tmp_path / "deck.txt"
    deck.write_bytes("\ufeffDeck Name: Tremere Ré\r\n\r\nCrypt (12 cards)\r\n2x Anson  8  AUS DOM THA\r\n".encode())
    header = ["Tiny Cup", "Brest", "March 2nd 2027", "2R", "5 players", "Ada Byron"]
    r = CliRunner().invoke(main, ["report", str(path), "--twd", "--deck", str(deck)])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == header + [
        "", "-- 1GW3.5", "", "Deck Name: Tremere Ré", "", "Crypt (12 cards)", "2x Anson  8  AUS DOM THA"]
    assert api.twd(path, deck=deck) == r.output.rstrip("\n")
    r = CliRunner().invoke(main, ["report", str(path), "--twd", "--deck", str(tmp_path / "missing.txt")])
    assert r.exit_code == 2 and "missing.txt" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["report", str(path), "--deck", str(deck)])
    assert r.exit_code == 2 and "--twd" in r.output


def test_the_twd_score_line_counts_the_final_as_recent_entries_do():
    from archon.formats.vekn import twd_score_line

    ev = tossed(winter_cup(3))
    ev.final = Final([6, 15, 1, 4, 2], [2, 0, 1, 0, 2])
    st = compute(ev)
    winner = st.by_number()[st.winner]
    # the winner's preliminary GW and VP, then the final's VP: "-- 2GW7 + 3vp in final"
    assert twd_score_line(st) == f"-- {winner.gw}GW{winner.vp:g} + 2vp in final"
    with pytest.raises(VeknReportError, match="no winner yet"):
        twd_score_line(compute(tossed(winter_cup(3))))


def test_archondata_that_check_finds_wrong_is_refused_unless_forced(tmp_path):
    from archon import api

    ev = closed_tiny_cup()
    for p in ev.players:
        p.vekn = str(p.number)  # "1" to "5": check says these are no VEKN numbers
    path = book(tmp_path, ev)
    assert any("VEKN number '3'" in p.message for p in api.check(path))
    r = CliRunner().invoke(main, ["report", str(path), "--archondata"])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "'archon check' finds 5 errors" in r.output and "VEKN number '1' is not 7 digits" in r.output
    assert "¤" not in r.output and "--force" in r.output
    with pytest.raises(VeknReportError, match="give force"):  # the option, named by the twin's argument
        api.archondata(path)
    r = CliRunner().invoke(main, ["report", str(path), "--archondata", "--force"])
    assert r.exit_code == 0 and r.output.startswith("2¤1§Ada§Byron§§1§")
    assert api.archondata(path, force=True) == r.output.strip()


def test_replacing_a_report_never_prints_an_upload_that_check_refused(tmp_path):
    """One --force asked for two things: replacing report.xlsx also printed
    the archondata of VEKN numbers 'archon check' calls errors (review 3)."""
    ev = closed_tiny_cup()
    for p in ev.players:
        p.vekn = str(p.number)  # "1" to "5": check says these are no VEKN numbers
    path = book(tmp_path, ev)
    out = tmp_path / "report.xlsx"
    assert CliRunner().invoke(main, ["report", str(path), "--xlsx", str(out)]).exit_code == 0
    before = out.read_bytes()
    r = CliRunner().invoke(main, ["report", str(path), "--archondata", "--xlsx", str(out)])
    assert r.exit_code == 1 and "¤" not in r.output and "'archon check' finds 5 errors" in r.output
    r = CliRunner().invoke(main, ["report", str(path), "--archondata", "--xlsx", str(out), "--force"])
    assert r.exit_code == 2, r.output
    assert "¤" not in r.output and "Traceback" not in r.output
    assert "one --force cannot mean both" in r.output
    assert f"'archon report {path} --archondata --force', then 'archon report {path} --xlsx {out} --force'" \
        in r.output
    assert out.read_bytes() == before


def test_an_upload_is_not_printed_when_the_report_beside_it_cannot_be_written(tmp_path):
    path = book(tmp_path, closed_tiny_cup())  # check finds nothing: the upload alone would be printed
    out = tmp_path / "report.html"
    assert CliRunner().invoke(main, ["report", str(path), "--html", str(out)]).exit_code == 0
    r = CliRunner().invoke(main, ["report", str(path), "--archondata", "--twd", "--html", str(out)])
    assert r.exit_code == 3 and "exists (an earlier HTML report)" in r.output, r.output
    assert "¤" not in r.output and "Tiny Cup" not in r.output
    r = CliRunner().invoke(main, ["report", str(path), "--archondata", "--html", str(tmp_path / "new.html")])
    assert r.exit_code == 0 and r.output.startswith("2¤1§Ada§Byron§§3000701§"), r.output
    assert f"wrote {tmp_path / 'new.html'} (HTML report)" in r.output


def test_the_twd_of_an_event_without_a_city_says_where_to_type_it(tmp_path):
    """No command sets an existing event's city (archon new --city does at
    creation): the organizer types it in the workbook. --country is no way
    to set the city, so the hint does not send them there."""
    ev = closed_tiny_cup()
    ev.city = None
    path = book(tmp_path, ev)
    r = CliRunner().invoke(main, ["report", str(path), "--twd"])
    assert r.exit_code == 1, r.output
    error = r.output.strip().splitlines()[-1]
    assert "no city" in error and "Tournament Info!B7" in error and "--country" not in error, error
