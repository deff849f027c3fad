"""A no-show (flagged N in Methuselahs G, no round played) did not attend:
Appendix A.2 gives 5 rating points per tournament attended and computes the
finalists' coefficient from the players in the tournament. The Archon's own
formulas count every registered row (Methuselahs A4 = COUNT(A7:A306),
Tournament Info B10 = Methuselahs A4, AB = 5 + ... for every numbered row):
archon follows the rules and `check` says where The Archon shows another
figure."""

from __future__ import annotations

import math

from archon.across.results import RESULT_COLUMNS, event_results
from archon.formats.vekn import archondata, twd_header
from archon.rules.model import Event, Final, Player, Round, Table
from archon.rules.standings import compute, ratings_as_the_archon
from archon.rules.validation import WARNING, check_event
from archon.words.render import PLAIN
import datetime as dt


def _event(no_show: bool = True) -> Event:
    players = [Player(n, f"First{n}", f"Last{n}", city="Lyon", vekn=f"{3000000 + n}") for n in range(1, 11)]
    if no_show:
        players.append(Player(11, "Kim", "Absent", vekn="3000011", out="N"))
    ev = Event(name="Cup", date=dt.date(2026, 3, 14), city="Lyon", level="Standard Constructed", players=players)
    seatings = ([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], [[1, 6, 2, 7, 3], [8, 4, 9, 5, 10]],
                [[1, 8, 5, 2, 9], [3, 10, 4, 6, 7]])
    vps = [[3, 1, 1, 0, 0], [2, 1, 1, 1, 0]]
    for k, tables in enumerate(seatings, start=1):
        ev.rounds.append(Round(k, [Table(t, list(v)) for t, v in zip(tables, vps)]))
    for tie in compute(ev).ties:  # tossed
        for coin, n in enumerate(tie.players, start=1):
            ev.player(n).coin = coin
    st = compute(ev)
    finalists = [s.number for s in st.players if s.finalist]
    assert len(finalists) == 5 and not st.ties
    ev.final = Final(finalists, [3, 1, 1, 0, 0])
    return ev


def test_a_no_show_did_not_attend_and_a_player_who_played_did():
    ev = _event()
    assert ev.did_not_attend(ev.player(11))
    assert [p.number for p in ev.attended()] == list(range(1, 11))
    # flagged N but seated in a round: they came (The Archon's "# rnds" counts the round)
    ev.round(3).tables[1].players[-1] = 11
    assert not ev.did_not_attend(ev.player(11))
    # withdrawn (WD) without a game: attended the registration, not a no-show
    ev = _event()
    ev.player(11).out = "WD"
    assert len(ev.attended()) == 11


def test_the_rating_points_follow_the_players_who_attended():
    with_no_show, without = compute(_event()), compute(_event(no_show=False))
    by, alone = with_no_show.by_number(), without.by_number()
    assert by[11].rating_points == 0  # no 5 RtP for a tournament not attended
    for n in range(1, 11):  # the coefficient is that of the 10 players in the tournament
        assert math.isclose(by[n].rating_points, alone[n].rating_points)
    winner = with_no_show.winner
    coefficient = math.log(100, 15) - 1
    assert math.isclose(by[winner].rating_points,
                        5 + 4 * (by[winner].vp + by[winner].final_vp) + 8 * (by[winner].gw + 1) + 90 * coefficient)
    # The Archon's own formulas: 11 rows, 5 points for the no-show, a larger coefficient
    archon = ratings_as_the_archon(with_no_show)
    assert archon[11] == 5
    assert math.isclose(archon[winner] - by[winner].rating_points, 90 * (math.log(121, 15) - math.log(100, 15)))


def test_archondata_the_twd_and_the_archive_rows_leave_the_no_show_out_of_the_count():
    st = compute(_event())
    fields = archondata(st).split("¤")[1].split("§")[:-1]
    records = [fields[i:i + 11] for i in range(0, len(fields), 11)]
    absent = next(r for r in records if r[2] == "Absent")
    assert absent[0] == "WD" and absent[-1] == "0"  # rank WD (N is a withdrawal), no rating points
    assert twd_header(st).splitlines()[4] == "10 players"
    rows = event_results(st, "cup").results
    entrants = RESULT_COLUMNS.index("entrants")
    assert len(rows) == 10 and {r[entrants] for r in rows} == {10}


def test_check_says_where_the_archons_formulas_show_other_figures():
    ev = _event()
    st = compute(ev)
    said = [p for p in check_event(ev, st) if p.id.startswith("check.no_show")]
    assert all(p.severity == WARNING for p in said)
    count = said[0]
    assert (count.where.kind, count.where.field) == ("event", "players")
    assert PLAIN.render(count.said) == ("The Archon counts 11 players here (every registered row) but 10 attended: "
                                        "#11 Kim Absent is flagged N and played no round")
    by_player = {p.where.player: p for p in said[1:]}
    assert all(p.where.field == "AB" for p in by_player.values())
    assert PLAIN.render(by_player[11].said) == (
        "#11 Kim Absent: The Archon shows 5 rating points here; the rules give 0 "
        "(a no-show did not attend: no 5 points for attending)")
    archon, ours = ratings_as_the_archon(st), st.by_number()
    winner = st.winner
    assert by_player[winner].fields["archon"] == math.floor(archon[winner] + 0.5)
    assert by_player[winner].fields["rules"] == math.floor(ours[winner].rating_points + 0.5)
    assert set(by_player) <= set(ev.final.seating) | {11}
    assert not [p for p in check_event(_event(no_show=False)) if p.id.startswith("check.no_show")]


def test_check_on_a_workbook_names_the_cells_the_archon_shows_otherwise(tmp_path):
    from archon.formats.workbook import new_event
    from archon.formats.workbook.problems import check_workbook

    path = tmp_path / "cup.xlsx"
    new_event(path, _event())
    warned = {p.where: p for p in check_workbook(path) if p.severity == WARNING and "The Archon" in p.message}
    assert warned["Tournament Info!B10"].message.startswith("The Archon counts 11 players here")
    assert all(w == "Tournament Info!B10" or w.startswith("Methuselahs!AB") for w in warned)
    assert warned["Methuselahs!AB17"].message == ("#11 Kim Absent: The Archon shows 5 rating points here; the rules give 0 "
                                       "(a no-show did not attend: no 5 points for attending)")
