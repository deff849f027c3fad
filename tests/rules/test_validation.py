"""`check_event`: what an organizer must fix, said in words, with a place."""

from __future__ import annotations

from archon.rules.model import FINAL, Event, Final, Override, Player, Round, Table
from archon.rules.validation import ERROR, NOTE, WARNING, check_event
from archon.words import act
from archon.cli.words import CliRenderer
from test_standings import nine_player_event, with_final


def messages(ev):
    return [(p.severity, p.message, p.where) for p in check_event(ev)]


def test_clean_event_has_no_problem():
    problems = check_event(with_final(nine_player_event()))
    # only notes on the seating's quality (the hand-made seating repeats relations)
    assert [p for p in problems if p.severity != NOTE] == []


def test_repeated_predator_prey_in_a_round_not_played_yet_is_an_error_naming_both_players():
    ev = Event(
        preliminary_rounds=2,
        level="Standard Constructed",
        players=[Player(n, f"F{n}", f"L{n}") for n in range(1, 9)],
        rounds=[
            Round(1, [Table([1, 2, 3, 4], [1, 2.5, 0, 0]), Table([5, 6, 7, 8], [0.5] * 4)]),
            # player 2 is player 1's prey again (table 2, seats 1-2): R1
            Round(2, [Table([3, 5, 4, 6]), Table([1, 2, 8, 7])]),
        ],
    )
    r1 = [p for p in check_event(ev) if "R1" in p.message]
    assert len(r1) == 1
    p = r1[0]
    assert p.severity == ERROR and "#1 F1 L1" in p.message and "#2 F2 L2" in p.message
    assert (p.where.round, p.where.table, p.where.seat) == (2, 2, 1)
    # the round is seated already: seat draws it again only with --force
    assert p.id == "check.seating_rule" and p.advice_said.fields["reseat"] == act("seat", round=2, force=True)
    assert CliRenderer("FILE").render(p.advice_said) == "reseat round 2 (archon seat FILE --round 2 --force)"
    # once the round is played it is history: a note
    ev.rounds[1].tables[1].vps = [1, 2.5, 0, 0]
    ev.rounds[1].tables[0].vps = [0.5] * 4
    r1 = [p for p in check_event(ev) if "R1" in p.message]
    assert [p.severity for p in r1] == [NOTE]


def test_seating_notes_name_players_sharing_a_table_twice():
    ev = nine_player_event()
    r4 = [p for p in check_event(ev) if p.message.startswith("seating R4")]
    # players 6, 7 and 9 share table 2 in round 1 and table 1 in round 2; 3, 4, 5 meet twice too
    pairs = {frozenset(int(x.strip("#").split()[0]) for x in p.message.split(" — ")[1].split(", ")) for p in r4}
    assert {frozenset({6, 7}), frozenset({6, 9}), frozenset({7, 9}), frozenset({3, 4}), frozenset({3, 5}),
            frozenset({4, 5})} <= pairs
    assert all(p.severity == NOTE for p in r4)


def test_duplicate_numbers_and_bad_vekn_numbers():
    ev = nine_player_event()
    ev.player(1).vekn = "1234567"
    ev.player(2).vekn = "1234567"
    ev.player(3).vekn = "12345"
    ev.players.append(Player(4, "Again", "Four"))
    probs = check_event(ev)
    text = " | ".join(str(p) for p in probs)
    assert "player number 4 is used by 2 players" in text
    assert "VEKN number 1234567 is registered twice" in text
    assert "'12345' is not 7 digits" in text
    dup = [p for p in probs if "registered twice" in p.message][0]
    assert dup.where.kind == "player" and dup.where.player == 2 and dup.where.field == "vekn"


def test_seating_problems_name_round_table_and_seat():
    ev = nine_player_event()
    ev.rounds[1].tables[1].players[3] = 1  # player 1 twice in round 2
    ev.rounds[0].tables[1].players[0] = 42  # nobody has number 42
    probs = check_event(ev)
    twice = [p for p in probs if "seated twice" in p.message]
    assert len(twice) == 1 and "round 2" in twice[0].message
    assert (twice[0].where.round, twice[0].where.table, twice[0].where.seat) == (2, 2, 4)
    unknown = [p for p in probs if "not registered" in p.message]
    assert unknown and unknown[0].where.player == 42


def test_tables_of_three_or_six_are_reported():
    ev = nine_player_event()
    ev.rounds[0].tables = [Table([1, 2, 3, 4, 5, 6], [0.5] * 6), Table([7, 8, 9], [1, 1, 1])]
    probs = check_event(ev)
    sizes = [p.message for p in probs if "players" in p.message and "table" in p.message]
    assert any("has 6 players" in m for m in sizes) and any("has 3 players" in m for m in sizes)
    # said once per table: not again as an "impossible result" of its VPs
    assert [p.where.table for p in probs if p.where.round == 1 and p.where.kind == "table"] == [1, 2]


def test_illegal_result_says_why():
    ev = nine_player_event()
    ev.rounds[0].tables[1].vps = [2, 0, 0, 1.5]
    probs = [p for p in check_event(ev) if "impossible result" in p.message]
    assert len(probs) == 1
    assert "round 1, table 2" in probs[0].message and "seats 1 and 4" in probs[0].message
    assert probs[0].advice  # says what to do


def test_flagged_out_player_still_seated_in_an_unplayed_round():
    ev = nine_player_event()
    ev.rounds[1].tables[1].vps = [None] * 4
    ev.player(8).out = "WD"
    probs = [p for p in check_event(ev) if "flagged out" in p.message]
    assert len(probs) == 1 and probs[0].where.player == 8


def test_tie_at_the_cut_without_coin_ranking():
    ev = nine_player_event()
    ev.player(1).out = "DQ"
    probs = [p for p in check_event(ev) if "coin toss" in p.message]
    assert probs and probs[0].severity == ERROR
    assert "places 5 to 6" in probs[0].message


def test_final_table_must_hold_the_finalists():
    ev = nine_player_event()
    ev.final = Final([9, 1, 6, 3, 4], [1.5, 0, 1.5, 0, 0.5])  # 4 is not a finalist, 8 is missing
    text = " | ".join(p.message for p in check_event(ev))
    assert "final, seat 5" in text and "not a finalist" in text
    assert "does not hold" in text and "#8" in text


def test_override_of_a_missing_table():
    ev = nine_player_event()
    ev.overrides.append(Override(2, 7, "typo"))
    probs = [p for p in check_event(ev) if "does not exist" in p.message]
    assert probs and probs[0].where.kind == "override"


def test_ties_are_not_reported_before_the_preliminary_rounds_are_over():
    ev = nine_player_event()
    ev.player(1).out = "DQ"  # 4 and 5 tie at the cut...
    ev.rounds[1].tables[1].vps = [None] * 4  # ...but round 2 is still being played
    assert not [p for p in check_event(ev) if "coin toss" in p.message]


def test_blank_or_unknown_level_is_a_warning_on_tournament_info():
    ev = nine_player_event(level=None)
    probs = [p for p in check_event(ev) if "level" in p.message]
    assert len(probs) == 1 and probs[0].severity == WARNING
    assert probs[0].where.kind == "event" and probs[0].where.field == "level"
    ev = nine_player_event(level="National  Championship ")
    assert [p for p in check_event(ev) if "not one The Archon knows" in p.message]


def test_r2_is_judged_only_once_every_preliminary_round_is_seated():
    ev = nine_player_event()  # 2R+F: players 6, 7 and 9 sit together in both rounds
    r2 = [p for p in check_event(ev) if p.message.startswith("seating R2")]
    assert r2 and all(p.severity == NOTE for p in r2)
    ev.preliminary_rounds = 3  # a third round is still to come: not yet an R2 matter
    assert not [p for p in check_event(ev) if p.message.startswith("seating R2")]


def test_seating_notes_name_the_players_behind_r3_r6_and_r7():
    # 2R+F; players 1-5 at a 5-table in both rounds, 6-9 at a 4-table in both
    # (reversed): 6 to 9 had 4 VPs available per round, more than 1/2 below
    # the mean of 4.56 (R3); 6 and 8 sit cross-table twice (R6); player 3
    # sits in seat 3 twice (R7).
    ev = Event(
        preliminary_rounds=2,
        level="Standard Constructed",
        players=[Player(n, f"F{n}", f"L{n}") for n in range(1, 10)],
        rounds=[
            Round(1, [Table([1, 2, 3, 4, 5], [5, 0, 0, 0, 0]), Table([6, 7, 8, 9], [4, 0, 0, 0])]),
            Round(2, [Table([5, 4, 3, 2, 1], [5, 0, 0, 0, 0]), Table([9, 8, 7, 6], [4, 0, 0, 0])]),
        ],
    )
    notes = [p for p in check_event(ev) if p.message.startswith("seating")]
    assert all(p.severity == NOTE for p in notes)
    r3 = [p.message for p in notes if p.message.startswith("seating R3")]
    assert [m.split(" — ")[1] for m in r3] == ["#6 F6 L6", "#7 F7 L7", "#8 F8 L8", "#9 F9 L9"]
    assert "mean of 4.56" in r3[0]
    r6 = [p.message for p in notes if p.message.startswith("seating R6")]
    assert any("#6 F6 L6, #8 F8 L8" in m and "cross-table" in m for m in r6)
    r7 = [p for p in notes if p.message.startswith("seating R7")]
    assert any("player 3 sits in seat 3 in rounds 1 and 2 — #3 F3 L3" in p.message for p in r7)
    # R3 is judged on the whole event, like R2: a third round could still even it out
    ev.preliminary_rounds = 3
    assert not [p for p in check_event(ev) if p.message.startswith("seating R3")]
