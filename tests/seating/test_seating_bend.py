"""Seating a round after the event bent (a drop, a late arrival): issue 24.

What an organizer sees: the tables ``archon seat`` writes in the workbook
and what it prints. The figures here are counted from the tables by the
test itself (pairs at the same table, prey twice, VPs available), never
taken from archon's own scoring; the smallest possible figures of the small
case are worked out by hand (see the comments).
"""

from __future__ import annotations

import csv
import itertools
import math
import random
import re
from fractions import Fraction

from click.testing import CliRunner

from archon.cli import main
from archon.formats.workbook import load_event
from archon.seating import next_round, plan, score_plan, seat_next
from conftest import REPO, official_file
from test_seating_last_round import _every_split

PLAYERS_CSV = REPO / "samples" / "players.csv"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _event_file(tmp_path, n: int):
    """An official Archon workbook (3 rounds and a final) with the sample's first ``n`` players."""
    with open(PLAYERS_CSV, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert len(rows) > n
    players = tmp_path / "players.csv"
    with open(players, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows[: n + 1])
    path = tmp_path / "cup.xlsx"
    r = run("new", path, "--players", players, "--template", official_file())
    assert r.exit_code == 0, r.output
    return path


def _seated(path) -> dict[int, list[list[int]]]:
    ev = load_event(path)
    return {r.number: [list(t.players) for t in r.tables] for r in ev.rounds if r.tables}


def _met(rounds: list) -> dict[frozenset, int]:
    """How many rounds each pair of players shared a table."""
    count: dict[frozenset, int] = {}
    for tables in rounds:
        for t in tables:
            for pair in itertools.combinations(t, 2):
                count[frozenset(pair)] = count.get(frozenset(pair), 0) + 1
    return count


def _prey_twice(rounds: list) -> int:
    """Ordered pairs (A, B) where B sat right after A (A's prey) in two rounds (R1)."""
    count: dict[tuple, int] = {}
    for tables in rounds:
        for t in tables:
            for i, p in enumerate(t):
                count[(p, t[(i + 1) % len(t)])] = count.get((p, t[(i + 1) % len(t)]), 0) + 1
    return sum(1 for c in count.values() if c >= 2)


def _vps_spread(rounds: list) -> float:
    """R3: the standard deviation over players of the VPs their tables
    offered (as many as players at the table) per round played."""
    vps: dict[int, int] = {}
    games: dict[int, int] = {}
    for tables in rounds:
        for t in tables:
            for p in t:
                vps[p] = vps.get(p, 0) + len(t)
                games[p] = games.get(p, 0) + 1
    values = [Fraction(vps[p], games[p]) for p in vps]
    mean = sum(values, Fraction(0)) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


FOR_LATER = re.compile(
    r"round 2 is seated for the sake of the rounds after it: after round 2, (R\d) is ([\d.]+) where seating "
    r"round 2 on its own gives ([\d.]+); over the 3 rounds as planned, the first criterion where they differ "
    r"is (R\d): ([\d.]+) against ([\d.]+)")


def _event_figure(rule: str, rounds: list) -> float:
    """The figures the message may give for the whole event, counted here."""
    if rule == "R4":  # pairs of opponents who met twice or more
        return sum(1 for c in _met(rounds).values() if c >= 2)
    if rule == "R2":  # pairs at the same table in every round
        return sum(1 for c in _met(rounds).values() if c == len(rounds))
    assert rule == "R3", rule
    return _vps_spread(rounds)


def test_22_players_one_drop_seat_says_round_2_is_chosen_for_round_3_and_keeps_to_it(tmp_path):
    # the case: 22 players in round 1 (tables of 5, 5, 4, 4, 4), one
    # drops before round 2: 21 players (5, 4, 4, 4, 4)
    path = _event_file(tmp_path, 22)
    assert run("seat", path, "--round", 1, "--seed", 1).exit_code == 0
    assert run("drop", path, 3).exit_code == 0
    r = run("seat", path, "--round", 2, "--seed", 1)
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    found = FOR_LATER.search(said)
    assert found, said
    rule, now, alone, event_rule, event, event_alone = found.groups()
    rounds = _seated(path)
    assert all(3 not in t for t in rounds[2]) and sum(len(t) for t in rounds[2]) == 21
    # this round's figure is the workbook's: pairs at the same table in rounds 1 and 2
    assert rule == "R2"
    repeated = [pair for pair, c in _met([rounds[1], rounds[2]]).items() if c == 2]
    assert int(now) == len(repeated) > int(alone)
    assert float(event) < float(event_alone)  # what the rounds after it gain, over the event
    # round 3, seated later with another seed, keeps to the plan: the event
    # ends at least as well as announced, on the rule announced
    assert run("seat", path, "--round", 3, "--seed", 2).exit_code == 0
    final = _seated(path)
    assert _event_figure(event_rule, [final[1], final[2], final[3]]) <= float(event) + 1e-4
    assert _prey_twice([final[1], final[2], final[3]]) == 0


def test_a_late_arrival_before_round_2_repeats_no_pair_that_a_round_could_avoid(tmp_path):
    # 16 players in round 1 (four tables of 4), a late arrival before round
    # 2: 17 players (5, 4, 4, 4). By hand, a round 2 repeating nobody
    # exists: each table takes one player of each table of round 1, the
    # late arrival joins one. seat either finds such a round or says why not.
    path = _event_file(tmp_path, 16)
    assert run("seat", path, "--round", 1, "--seed", 4).exit_code == 0
    r = run("register", path, "Late Comer", "--vekn", "1111111")
    assert r.exit_code == 0 and "registered #17 Late Comer" in r.output
    r = run("seat", path, "--round", 2, "--seed", 4)
    assert r.exit_code == 0, r.output
    rounds = _seated(path)
    assert sorted(p for t in rounds[2] for p in t) == list(range(1, 18))
    assert sorted(len(t) for t in rounds[2]) == [4, 4, 4, 5]
    repeated = [pair for pair, c in _met([rounds[1], rounds[2]]).items() if c == 2]
    found = FOR_LATER.search(" ".join(r.output.split()))
    assert not repeated or (found and int(found.group(2)) == len(repeated)), r.output
    assert _prey_twice([rounds[1], rounds[2]]) == 0
    assert run("seat", path, "--round", 3, "--seed", 5).exit_code == 0
    final = _seated(path)
    assert sorted(p for t in final[3] for p in t) == list(range(1, 18))
    assert _prey_twice([final[1], final[2], final[3]]) == 0


def test_the_last_round_after_a_late_arrival_reaches_what_is_possible_worked_out_by_hand():
    # 8 players over 2 rounds: round 1 two tables of 4 (A, B); a late
    # arrival L makes round 2 a table of 5 and one of 4. Whoever sits at the
    # table of 4, its players come from A, B and L: (a, b) players of A and B
    # there, the rest at the table of 5. Pairs met twice: C(a,2) + C(b,2) +
    # C(4-a,2) + C(4-b,2), which is least (4) at a = b = 2 (L at the table
    # of 5) and 5 or more otherwise. Those pairs can all sit apart from
    # being each other's prey again (the two of A at the table of 4 sit
    # across, those at the table of 5 two seats apart): R1 = 0.
    played = [[[1, 2, 3, 4], [5, 6, 7, 8]]]
    for seed in (1, 2, 3):
        chosen = seat_next([1, 2, 3, 4, 5, 6, 7, 8, 9], 2, seed, played)
        rounds = [played[0], chosen.tables]
        assert sorted(p for t in chosen.tables for p in t) == list(range(1, 10))
        assert sum(1 for c in _met(rounds).values() if c == 2) == 4
        assert _prey_twice(rounds) == 0
        small = next(t for t in chosen.tables if len(t) == 4)
        assert 9 not in small


def _shuffled(players: list[int], seed: int, k: int) -> list[int]:
    """The players in the order ``archon seat`` hands them to the seating."""
    out = list(players)
    random.Random(f"archon-seat:{seed}:{k}").shuffle(out)
    return out


# Events where seating round 2 and 3 as seat did before this work
# ended worse, over the three rounds, than one of the two other ways of
# seating them round by round (the seating benchmark's sweep of changed
# events found them): players, who dropped, how many arrived.
ENDED_WORSE = [(24, {3}, 1), (12, set(), 1), (16, {3, 5}, 0), (17, {3, 5}, 0), (25, {3}, 1)]


def test_rounds_seated_after_a_change_end_no_worse_than_seating_each_round_on_its_own_or_from_a_joint_plan():
    # the same event seated three ways from the same round 1, the change
    # before round 2: with seat_next (what seat does), with the best round
    # on its own each time, and with the round of a plan of the rounds left
    # (next_round); compared over the three rounds rule by rule (R1 first)
    for n, gone, late in ENDED_WORSE:
        present = [p for p in range(1, n + 1) if p not in gone] + list(range(n + 1, n + 1 + late))
        first = next_round(_shuffled(list(range(1, n + 1)), 1, 1), 3, seed=1)
        ways: dict[str, list] = {"seat": [first], "alone": [first], "joint": [first]}
        for k in (2, 3):
            players = _shuffled(present, 1, k)
            ways["seat"].append(seat_next(players, 3, 1, ways["seat"]).tables)
            ways["alone"].append(plan(players, k, seed=1, fixed_rounds=ways["alone"])[k - 1])
            ways["joint"].append(next_round(players, 3, seed=1, fixed_rounds=ways["joint"]))
        assert _prey_twice(ways["seat"]) == 0
        mine = score_plan(ways["seat"])
        for other in ("alone", "joint"):
            theirs = score_plan(ways[other])
            assert mine <= theirs, (n, other, mine.first_difference(theirs), mine, theirs)


def _three_ways(n: int, gone: set, late: int, before: int, seed: int) -> dict[str, list]:
    """An event of ``n`` players seated three ways from the same round 1
    (see the test above), ``gone`` dropping and ``late`` arriving before
    round ``before``."""
    changed = [p for p in range(1, n + 1) if p not in gone] + list(range(n + 1, n + 1 + late))
    first = next_round(_shuffled(list(range(1, n + 1)), seed, 1), 3, seed=seed)
    ways: dict[str, list] = {"seat": [first], "alone": [first], "joint": [first]}
    for k in (2, 3):
        players = _shuffled(changed if k >= before else list(range(1, n + 1)), seed, k)
        ways["seat"].append(seat_next(players, 3, seed, ways["seat"]).tables)
        ways["alone"].append(plan(players, k, seed=seed, fixed_rounds=ways["alone"])[k - 1])
        ways["joint"].append(next_round(players, 3, seed=seed, fixed_rounds=ways["joint"]))
    return ways


# Events with the change before round 3 that ended worse than seating each
# round on its own while the plans of 3 rounds kept for 4 to 64 players
# were uneven after round 2 (58 such events in the seating benchmark's
# sweep, seeds 1 to 3; these lost on R2, R4, R7, R3 and R8): players, who
# dropped, how many arrived, seed.
ENDED_WORSE_AFTER_ROUND_2 = [(10, {3}, 0, 3), (31, {3, 5}, 0, 1), (26, set(), 1, 2), (24, {3, 5}, 0, 1),
                             (34, {3}, 0, 1), (20, {3}, 0, 2)]


def test_a_change_before_round_3_ends_no_worse_than_seating_each_round_on_its_own():
    # the plans kept for the common sizes begin with the best rounds 1 and
    # 2 on their own whenever that costs the whole event nothing: an event
    # that bends after round 2 has had the rounds a round-by-round seating
    # would have given it, and its round 3 is at least as good as theirs
    for n, gone, late, seed in ENDED_WORSE_AFTER_ROUND_2:
        ways = _three_ways(n, gone, late, 3, seed)
        assert ways["seat"][:2] == ways["alone"][:2], (n, gone, late, seed)
        assert _prey_twice(ways["seat"]) == 0
        mine = score_plan(ways["seat"])
        for other in ("alone", "joint"):
            theirs = score_plan(ways[other])
            assert mine <= theirs, (n, other, mine.first_difference(theirs), mine, theirs)
    # the case: 36 players, one drops before round 3; VPs available
    # (R3) spread 0.052 against 0.012 round by round, at every seed (mended
    # since by judging each round over the whole event; kept as a guard)
    for seed in (1, 2, 3):
        ways = _three_ways(36, {3}, 0, 3, seed)
        assert _vps_spread(ways["seat"]) <= _vps_spread(ways["alone"]) + 1e-9


def test_the_plans_kept_for_22_players_repeat_no_pair_in_rounds_1_and_2(tmp_path):
    # 22 players (tables of 5, 5, 4, 4, 4): a round 2 where nobody meets a
    # round-1 table-mate again exists (each table of round 2 takes at most
    # one player of each table of round 1). The plans kept for 22 players
    # once repeated four pairs by round 2, to be evened out by round 3: an
    # event that lost a player then could not make them up.
    path = _event_file(tmp_path, 22)
    for k in (1, 2):
        r = run("seat", path, "--round", k, "--seed", 7)
        assert r.exit_code == 0, r.output
    rounds = _seated(path)
    assert [pair for pair, c in _met([rounds[1], rounds[2]]).items() if c == 2] == []
    assert _prey_twice([rounds[1], rounds[2]]) == 0


def _round_3_after_a_drop(tmp_path, n: int, seed: int):
    """An official Archon of ``n`` players, rounds 1 and 2 seated, player 3
    dropped, round 3 seated by ``seat``: the file and what seat printed."""
    path = _event_file(tmp_path, n)
    for k in (1, 2):
        assert run("seat", path, "--round", k, "--seed", seed).exit_code == 0
    assert run("drop", path, 3).exit_code == 0
    r = run("seat", path, "--round", 3, "--seed", seed)
    assert r.exit_code == 0, r.output
    return path, r


def test_the_last_round_of_a_small_event_after_a_drop_is_said_to_be_the_best_there_is(tmp_path):
    # 10 players, one drops before round 3: the 9 left can sit in 126 ways
    # (a table of 5 and one of 4), each table in its best seat order: seat
    # compares them all and says no round 3 is better, rule by rule
    path, r = _round_3_after_a_drop(tmp_path, 10, 1)
    assert "proven optimal on every criterion: no plan is better, rule by rule" in r.output
    rounds = _seated(path)
    assert sorted(p for t in rounds[3] for p in t) == [p for p in range(1, 11) if p != 3]
    assert _prey_twice([rounds[1], rounds[2], rounds[3]]) == 0
    # another seed seats the same round: there is one best
    other = tmp_path / "again.xlsx"
    other.write_bytes(path.read_bytes())
    assert run("seat", other, "--round", 3, "--seed", 9, "--force").exit_code == 0
    assert _seated(other)[3] == rounds[3]


def test_small_events_seated_round_by_round_keep_to_the_plan_printed_in_advance():
    # an organizer prints archon plan's rounds beforehand; seating the same
    # players round by round gives those rounds, the last one too (where
    # seat compares every way to seat it, the plan's round is as good)
    for n, rounds in ((9, 2), (10, 2), (8, 3), (9, 3), (10, 3), (12, 3)):
        printed = plan(n, rounds, seed=7)
        seated = [printed[0]]
        for k in range(2, rounds + 1):
            seated.append(seat_next(list(range(1, n + 1)), rounds, 7, seated).tables)
        assert seated == printed, (n, rounds)


# Events with the change before round 3 that end worse than one of the two
# other ways over the whole event (the seating benchmark's sweep lists
# them): 14 players against seating each round on its own (the best 3
# rounds for 14 need an uneven round 2), 80 players against the joint plan
# (its round 2, less even, left round 3 more room on R8). Players, who
# dropped, how many arrived, seed.
LOST_BY_ROUND_2 = [(14, {3}, 0, 1), (80, {3}, 0, 1), (100, set(), 1, 3)]


def test_the_round_seated_after_a_change_is_no_worse_than_the_other_ways_would_seat_it_from_the_same_rounds():
    # round 2 was seated before anyone knew of the change; from the rounds
    # actually played, seat's round 3 is as good as the round on its own
    # and the joint plan's round 3 would be, rule by rule
    for n, gone, late, seed in LOST_BY_ROUND_2:
        ways = _three_ways(n, gone, late, 3, seed)
        played = ways["seat"][:2]
        assert played != ways["alone"][:2] or played != ways["joint"][:2]
        players = [p for t in ways["seat"][2] for p in t]
        alone = plan(players, 3, seed=seed, fixed_rounds=played)[2]
        joint = next_round(players, 3, seed=seed, fixed_rounds=played)
        assert sorted(p for t in alone for p in t) == sorted(players)
        mine = score_plan(ways["seat"])
        assert _prey_twice(ways["seat"]) == 0
        for theirs in (score_plan(played + [alone]), score_plan(played + [joint])):
            assert mine <= theirs, (n, gone, late, seed, mine.first_difference(theirs), mine, theirs)


def test_the_last_round_of_13_players_after_a_drop_says_no_split_repeats_fewer_opponents(tmp_path):
    # 14 players, one drops before round 3: the 13 left can be split into
    # tables of 5, 4 and 4 in 45,045 ways, all counted here. seat used to
    # print "R4 15 ... lower bound 6, gap 9" although no split does better;
    # it now says R3 and R4 are optimal, and they are
    path, r = _round_3_after_a_drop(tmp_path, 14, 5)
    assert re.search(r"R3 +[\d.]+ +available VPs per round, standard deviation: optimal", r.output), r.output
    assert re.search(r"R4 +\d+ +opponents at the same table more than once: optimal", r.output), r.output
    rounds = _seated(path)
    played = [rounds[1], rounds[2]]
    left = sorted(p for t in rounds[3] for p in t)
    assert left == [p for p in range(1, 15) if p != 3]

    before = _met(played)
    vps = {p: sum(len(t) for rnd in played for t in rnd if p in t) for p in range(1, 15)}

    def figures(split: list) -> tuple:  # R2, R3 (14^2 x 36 times its variance: exact), R4
        met = dict(before)
        for t in split:
            for pair in itertools.combinations(t, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
        size = {p: len(t) for t in split for p in t}
        six = [2 * (vps[p] + size[p]) if p in size else 3 * vps[p] for p in range(1, 15)]  # 6 x VPs a round
        return (sum(1 for c in met.values() if c == 3), 14 * sum(v * v for v in six) - sum(six) ** 2,
                sum(1 for c in met.values() if c >= 2))

    best = min(figures(split) for split in _every_split(left, [5, 4, 4]))
    seated = figures(rounds[3])
    assert seated == best


def _safe_drops(round_1: list, round_2: list) -> set[int]:
    """The players of a 9-player event whose drop before round 3 lets the
    8 left sit at two tables of 4 with no pair sharing a table in all three
    rounds (R2), every way of splitting them tried."""
    players = sorted(p for t in round_1 for p in t)
    twice = {pair for pair, c in _met([round_1, round_2]).items() if c == 2}
    safe = set()
    for gone in players:
        left = [p for p in players if p != gone]
        for three in itertools.combinations(left[1:], 3):  # the table of the first player left
            tables = [(left[0], *three), [p for p in left[1:] if p not in three]]
            if not any(frozenset(pair) in twice for t in tables for pair in itertools.combinations(t, 2)):
                safe.add(gone)
                break
    return safe


def test_at_9_players_no_round_2_is_never_worse_than_both_other_ways_whoever_drops():
    # The benchmark's sweep lists events changed before round 3 that end
    # worse than another way of seating round 2, which was seated before
    # anyone knew who would drop. At 9 players (a table of 5, one of 4) this
    # is so for any round 2 that could be seated. Worked out by hand: round
    # 2's table of 5 takes a players of round 1's table of 5, so the pairs
    # who met twice are those within groups of a, 5 - a, 5 - a and a - 1
    # players; three in a group always share a table of round 3 (two
    # tables), so R2 can end at 0 only with a = 3 and one of those three
    # gone. Counted here over all 126 round 2s: each leaves at most three
    # such players, while the round-by-round baseline and the joint plan
    # leave different threes: whichever round 2 is seated, some player's
    # drop ends it with a pair met in every round where one of them ends
    # with none, and no repeated prey.
    for seed in (1, 2, 3):
        ways = _three_ways(9, {3}, 0, 3, seed)
        round_1 = ways["seat"][0]
        assert ways["seat"][1] in (ways["alone"][1], ways["joint"][1])
        saved_by = {how: _safe_drops(round_1, ways[how][1]) for how in ("alone", "joint")}
        assert all(len(s) == 3 for s in saved_by.values())
        assert saved_by["alone"] != saved_by["joint"], seed
        for five in itertools.combinations(range(1, 10), 5):
            safe = _safe_drops(round_1, [list(five), [p for p in range(1, 10) if p not in five]])
            assert len(safe) <= 3 and (saved_by["alone"] | saved_by["joint"]) - safe, (seed, five)
        for how, safe in saved_by.items():  # the other way really ends so
            for gone in safe:
                played = ways[how][:2]
                left = _shuffled([p for p in range(1, 10) if p != gone], seed, 3)
                if how == "alone":
                    third = plan(left, 3, seed=seed, fixed_rounds=played)[2]
                else:
                    third = next_round(left, 3, seed=seed, fixed_rounds=played)
                assert 3 not in _met(played + [third]).values(), (seed, how, gone)
                assert _prey_twice(played + [third]) == 0
