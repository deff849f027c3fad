"""What the event day says, as data: each refusal and each line of a change
is a message (an id and its fields) whose actions say what to do next, and
the command line words it as it always did.

The Winter Cup of ``test_event_e2e`` (23 players, #22 withdrew after round
2) at different stages; the sentences below are what the organizer read
before the event day's words became data, written out by hand.
"""

from __future__ import annotations

import ast
import json
import re

import pytest

from archon import eventday, seating
from archon.cli.words import CliRenderer
from archon.eventday import judging
from archon.rules.model import Event, Table
from archon.words.catalogue import eventday as catalogue
from archon.words.message import Message, act, option
from archon.words.render import PLAIN
from conftest import REPO
from test_eventday import tossed, winter_cup

CLI = CliRenderer("cup.xlsx")
#: A command to type, as the command line spells it.
COMMAND = re.compile(r"\barchon (seat|drop|result|toss|finals|register|unregister|standings|undo|check|warn|warnings)\b")


def refusal(call) -> eventday.EventDayError:
    with pytest.raises(eventday.EventDayError) as info:
        call()
    return info.value


def seated():
    """The Winter Cup with its 22 players registered and round 1 seated, nothing played."""
    return eventday.seat_round(winter_cup(0), 1, seed=1).event


def final_seated():
    return eventday.seat_final(tossed(winter_cup(3)), [6, 1, 2, 4, 15]).event


def test_seating_a_round_again_says_how_to_show_it_or_seat_it_again():
    err = refusal(lambda: eventday.seat_round(seated(), 1, seed=2))
    assert isinstance(err, eventday.ForceNeeded)
    assert err.message.id == "seat.already_seated"
    fields = err.message.fields
    assert fields["round"] == 1 and type(fields["round"]) is int
    assert fields["show"] == act("seat", round=1, show=True)
    assert fields["again"] == act("seat", round=1, force=True)
    assert CLI.render(err.message) == (
        "round 1 is already seated (no result yet): archon keeps its seating; 'archon seat cup.xlsx --round 1 "
        "--show' prints it (add --print OUT.xlsx for its seat list); add --force to draw a new seating")
    # a script reads it as JSON; elsewhere than the command line nothing is spelled as a command to type
    data = json.loads(json.dumps(err.message.as_dict()))
    assert data["fields"]["again"] == {"action": "seat", "args": {"round": 1, "force": True}}
    assert "archon seat" not in str(err) and "--force" not in str(err)


def test_a_drop_refused_names_the_player_and_the_action_that_puts_them_back():
    err = refusal(lambda: eventday.drop(winter_cup(2), 22))
    assert err.message.id == "drop.already_out"
    assert err.message.fields["number"] == 22
    assert err.message.fields["undo"] == act("drop", player=22, undo=True)
    assert CLI.render(err.message) == ("#22 Victor Dubois is already out (WD, player #22): nothing to do; "
                                       "'archon drop cup.xlsx 22 --undo' puts them back")


def test_a_finalist_who_leaves_is_told_to_record_the_final_with_an_override_if_needed():
    err = refusal(lambda: eventday.drop(final_seated(), 6))
    assert err.message.fields["result"] == act("result", final=True, vps="...")
    assert err.message.fields["override"] == option("override")
    assert CLI.render(err.message) == (
        "#6 Farid Haddad is seated at the final table: a player who leaves once the seating is made takes a Loss "
        "in that round (rules 3.1.4): record the final's result with 0 VP for them (archon result cup.xlsx "
        "--final ...; add --override \"reason\" if the other VPs cannot add up)")


def test_a_name_that_fits_two_players_keeps_both_candidates():
    ev = eventday.register(winter_cup(0), "Anna", "Kowalska").event
    err = refusal(lambda: eventday.drop(ev, "Kowal"))
    assert isinstance(err, eventday.AmbiguousPlayer) and isinstance(err, eventday.WrongInput)
    assert [p.number for p in err.candidates] == [1, 23]
    assert CLI.render(err.message) == ("'Kowal' fits 2 players: #1 Anna Kowalski (player #1); "
                                       "#23 Anna Kowalska (player #23); give the player number")


def test_an_event_day_error_is_still_a_value_error_with_its_exit_status():
    err = refusal(lambda: eventday.record_result(winter_cup(2), 2, 9, [1, 0]))
    assert isinstance(err, ValueError) and err.exit_status == 2
    assert str(err) == "round 2 has 5 tables (1 to 5), not table 9"
    assert refusal(lambda: eventday.undo_drop(winter_cup(2), 3)).exit_status == 1


def _refused(call) -> list[str]:
    return [CLI.render(refusal(call).message)]


def _said(call) -> list[str]:
    return [CLI.render(line) for line in call().lines]


def _register_two_after_two_rounds_seated():
    ev = eventday.seat_round(seated(), 2, seed=3).event
    return eventday.register_many(ev, [("Zoe", "Adler", None, None, None), ("Yann", "Le Goff", None, None, None)])


def _seat_with_tables_unscored():
    ev = winter_cup(1)
    for t in (ev.round(1).tables[0], ev.round(1).tables[2]):
        t.vps = [None] * len(t.players)
    return eventday.seat_round(ev, 2, seed=3)


def _judged_result():
    ev = winter_cup(2)
    t = ev.round(2).tables[0]
    t.vps = [None] * len(t.players)
    return eventday.record_result(ev, 2, 1, [1] * len(t.players), override="player 12 ejected")


#: What the organizer read, by the command line, for each kind of message.
SENTENCES = {
    "a later round seated": (_refused, lambda: eventday.seat_round(eventday.seat_round(seated(), 2, seed=3).event, 1,
                                                                    seed=4), [
        "round 2 is already seated (no result yet): add --force to seat round 1 again and clear the seating of "
        "round 2, not played yet, then seat it again (archon seat cup.xlsx --round 2)"]),
    "a round with results": (_refused, lambda: eventday.seat_round(winter_cup(1), 1, seed=4), [
        "round 1 already has results: archon will not reseat it (use --force to replace its seating and clear "
        "its results)"]),
    "an earlier round not seated": (_refused, lambda: eventday.seat_round(winter_cup(0), 2, seed=4), [
        "round 1 is not seated yet: seat it first (archon seat cup.xlsx --round 1)"]),
    "a round seated again over results": (_said, lambda: eventday.seat_round(winter_cup(1), 1, seed=4, force=True), [
        "round 1 seated: 23 players at 5 tables (3 of 5, 2 of 4), seed 4",
        "the previous seating of round 1 is replaced and its results are cleared (archon undo cup.xlsx puts "
        "them back)",
        # the cup's round 1 sat the players in number order: the seed's shuffle moves every table
        # (test_a_round_seated_again_names_the_tables_that_differ_from_the_seating_it_replaces)
        "the new seating changes 5 of the 5 tables: 1, 2, 3, 4 and 5"]),
    "no such player": (_refused, lambda: eventday.drop(winter_cup(2), 99), [
        "no player has the number or VEKN number 99: players are numbered 1 to 23 ('archon standings cup.xlsx' "
        "lists them)"]),
    "nobody registered": (_refused, lambda: eventday.drop(Event(), 1), [
        "no player is registered yet: register the players first ('archon register cup.xlsx \"First Last\"' or "
        "--from players.csv)"]),
    "a drop": (_said, lambda: eventday.drop(winter_cup(3), 6), [
        "#6 Farid Haddad is out (WD: withdrew from the event): left out of the next seatings and of the final",
        "#11 Kaito Tanaka and #15 Oscar Jensen now reaches the final in their place (the next-ranked player, "
        "rules 3.1)"]),
    "a late arrival": (_said, lambda: eventday.register(winter_cup(1), "Zoe", "Adler", city="Nantes"), [
        "registered #24 Zoe Adler (Nantes), no VEKN number yet: a late arrival, joins from round 2 (rules 3.3.1)"]),
    "rounds seated without them": (_said, _register_two_after_two_rounds_seated, [
        "registered #23 Zoe Adler, no VEKN number yet",
        "registered #24 Yann Le Goff, no VEKN number yet",
        "rounds 1 and 2 already seated without them: if round 1 has not started, seat it again (archon seat "
        "cup.xlsx --round 1 --force: this clears the seating of round 2; seat it after), else they join from "
        "round 2: seat it again before it starts (archon seat cup.xlsx --round 2 --force)"]),
    "a control character": (_refused, lambda: eventday.register(winter_cup(0), "Zo\x07e", "Adler"), [
        "the first name 'Zo\\x07e' holds a control character (U+0007), which a workbook cannot hold: type it "
        "again with letters, digits and punctuation only"]),
    "a player who has played": (_refused, lambda: eventday.unregister(winter_cup(1), 1), [
        "#1 Anna Kowalski has played (round 1, table 1 has a result): drop them instead (archon drop cup.xlsx 1): "
        "their results stay and they leave the event"]),
    "a table left with 3": (_said, lambda: eventday.unregister(seated(), 20), [
        "unregistered #20 Tomás Silva: 21 players remain",
        "players #21 to #22 move up one number (now #20 to #21), on every sheet",
        "round 1, table 5 would be left with 3 players (a table seats 4 or 5): round 1's seating is cleared; "
        "seat it again (archon seat cup.xlsx --round 1)"]),
    "a result over a result": (_refused, lambda: eventday.record_result(winter_cup(2), 2, 4, [0, 4, 0, 0]), [
        "round 2, table 4 already has a result: seat 1 #4 Dmitri Volkov 4 VP; seat 2 #9 Ines Navarro 0 VP; "
        "seat 3 #14 Nadia Petrova 0 VP; seat 4 #21 Ulla Nieminen 0 VP. Nothing changed: check the round and "
        "table numbers; to change this result, run the command again with --replace"]),
    "a result replaced": (_said, lambda: eventday.record_result(winter_cup(2), 2, 4, [0, 4, 0, 0], replace=True), [
        "round 2, table 4: seat 1 #4 Dmitri Volkov 0 VP; seat 2 #9 Ines Navarro 4 VP, GW; seat 3 #14 Nadia "
        "Petrova 0 VP; seat 4 #21 Ulla Nieminen 0 VP",
        "replaces 4 0 0 0"]),
    "a pending result": (_refused, lambda: eventday.record_result(winter_cup(2), 2, 1, [0] * 5, replace=True), [
        "round 2, table 1: pending result: no VP at all, but a finished 5-player game hands out 1 VP for each "
        "player ousted, and ½ to each player still in the game at the time limit (1 to the last one left): type "
        "every VP the table scored, in seat order; a table still playing is recorded once its game is over "
        "(until then it stays pending); if a judge accepts this result, record it with --override \"the judge's "
        "reason\""]),
    "a judge's override": (_said, _judged_result, [
        "round 2, table 1: seat 1 #1 Anna Kowalski 1 VP; seat 2 #6 Farid Haddad 1 VP; seat 3 #11 Kaito Tanaka "
        "1 VP; seat 4 #15 Oscar Jensen 1 VP; seat 5 #19 Sven Berg 1 VP",
        "round 2, table 1 accepted by a judge (player 12 ejected), recorded on the Override sheet"]),
    "the final before its seating": (_refused, lambda: eventday.record_result(winter_cup(3), "F", 1, [1, 0, 0, 0, 4]), [
        "the final is not seated: record its seating first (archon finals cup.xlsx --seating ...)"]),
    "the final's result": (_said, lambda: eventday.record_result(final_seated(), "F", 1, [0, 3, 0, 1, 1]), [
        "the final: seat 1 #6 Farid Haddad 0 VP; seat 2 #1 Anna Kowalski 3 VP; seat 3 #2 Bruno Ferreira 0 VP; "
        "seat 4 #4 Dmitri Volkov 1 VP; seat 5 #15 Oscar Jensen 1 VP",
        "winner: #1 Anna Kowalski"]),
    "a change to a final seated": (_refused, lambda: eventday.record_result(final_seated(), 3, 1, [0, 0, 0, 0, 5],
                                                                           replace=True), [
        "this result for round 3, table 1 changes who reaches the final, which is already seated (#15 Oscar "
        "Jensen would no longer reach the final; #20 Tomás Silva would): record the final's result as played, "
        "or clear the final table first (Final Round sheet) if it must be seated again"]),
    "the toss": (_said, lambda: eventday.toss(winter_cup(3), 7), [
        "draw seed 7",
        "places 5 to 6 (the last place in the final; tied on GW 1, VP 2.5, TP 114): #11 Kaito Tanaka won the "
        "toss — #11 Kaito Tanaka coin 1, #15 Oscar Jensen coin 2",
        "#11 Kaito Tanaka reaches the final; #15 Oscar Jensen is 6th"]),
    "the final before the toss": (_refused, lambda: eventday.seat_final(winter_cup(3), [6, 1, 2, 4, 15]), [
        "players #11 Kaito Tanaka, #15 Oscar Jensen are tied for places 5 to 6; a coin toss (coin ranking) must "
        "decide the last place in the final: run 'archon toss cup.xlsx' first"]),
    "a seat for a player who is no finalist": (_refused, lambda: eventday.seat_final(tossed(winter_cup(3)),
                                                                                     [6, 3, 2, 4, 15]), [
        "seat 2: #3 Chloé Martin is not a finalist (ranked 11); the finalists are #1 Anna Kowalski (seed 1), "
        "#2 Bruno Ferreira (seed 2), #4 Dmitri Volkov (seed 3), #6 Farid Haddad (seed 4), #15 Oscar Jensen "
        "(seed 5)"]),
    "the final seated": (_said, lambda: eventday.seat_final(tossed(winter_cup(3)), [6, 1, 2, 4, 15]), [
        "final table: seat 1 #6 Farid Haddad (seed 4); seat 2 #1 Anna Kowalski (seed 1); seat 3 #2 Bruno "
        "Ferreira (seed 2); seat 4 #4 Dmitri Volkov (seed 3); seat 5 #15 Oscar Jensen (seed 5)"]),
    "no final for 23 players": (_refused, lambda: eventday.close_without_final(winter_cup(3)), [
        "23 players attended: rules 3.1.6 allow a tournament without a final only with fewer than 8 players"]),
    "a judge's warning": (_said, lambda: judging.warn(winter_cup(2), 3, "slow play", round=2), [
        "warning to #3 Chloé Martin in round 2: slow play",
        "#3 Chloé Martin has 1 warning in this event"]),
    "a warning given twice": (_refused, lambda: judging.warn(judging.warn(winter_cup(2), 3, "slow play", round=2).event,
                                                             3, "Slow play", round=2), [
        "#3 Chloé Martin already has this warning in round 2 (slow play): nothing recorded; 'archon warnings "
        "cup.xlsx' lists them; a second warning for the same reason needs a reason of its own (e.g. \"slow "
        "play, again\")"]),
    "a warning in a round not seated": (_refused, lambda: judging.warn(winter_cup(2), 3, "slow play", round=3), [
        "round 3 is not seated yet: this event has rounds 1 and 2 seated so far; give one of those with "
        "--round, or leave out --round"]),
}


@pytest.mark.parametrize("kind", SENTENCES)
def test_the_command_line_words_each_message_as_the_organizer_read_it(kind):
    how, call, sentences = SENTENCES[kind]
    assert how(call) == sentences


def together(tables) -> set:
    """Every pair of players who share a table of ``tables``."""
    return {frozenset((a, b)) for t in tables for a in t for b in t if a < b}


def test_a_round_seated_again_names_the_tables_that_differ_from_the_seating_it_replaces():
    # round 1 played in number order; seed 4 seats it anew: no table keeps its players in their seats
    first = eventday.seat_round(winter_cup(1), 1, seed=4, force=True).event.round(1)
    old = [list(t.players) for t in winter_cup(1).round(1).tables]
    new = [list(t.players) for t in first.tables]
    assert old == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14], [15, 16, 17, 18], [19, 20, 21, 22]]
    assert len(new) == 5 and all(o != n for o, n in zip(old, new))  # "5 of the 5 tables: 1, 2, 3, 4 and 5"
    # that seating replacing one where tables 2 and 4 had two players in each other's seats, nothing played
    ev = winter_cup(1)
    swapped = [list(t) for t in new]
    swapped[1][:2], swapped[3][2:] = swapped[1][1::-1], swapped[3][:1:-1]
    ev.round(1).tables = [Table(t, [None] * len(t)) for t in swapped]
    again = eventday.seat_round(ev, 1, seed=4, force=True)
    assert [list(t.players) for t in again.event.round(1).tables] == new
    # seat.tables_changed: "the new seating changes {changed} of the {total:count:table|tables}: {tables}"
    assert _said(lambda: again) == [
        "round 1 seated: 23 players at 5 tables (3 of 5, 2 of 4), seed 4",
        "the previous seating of round 1 is replaced",
        "the new seating changes 2 of the 5 tables: 2 and 4"]


def test_a_round_seated_for_the_later_rounds_says_why_in_figures_worked_out_from_the_seatings():
    # a late arrival (#23): the round 2 that ends the event best repeats pairs, and says why
    change = _seat_with_tables_unscored()
    first, second = ([list(t.players) for t in change.event.round(n).tables] for n in (1, 2))
    repeated = sorted(sorted(pair) for pair in together(first) & together(second))
    assert repeated == [[1, 4], [2, 5], [15, 18]]  # R2 (opponents in every round) after round 2: 3
    alone = seating.next_round(list(range(1, 24)), 2, seed=3, fixed_rounds=[first])
    assert not together(alone) & together(first)  # round 2 seated on its own repeats no pair: R2 0
    line = next(m for m in change.lines if m.id == "seat.for_later_rounds")
    whole, whole_alone = line.fields["event"], line.fields["event_alone"]
    # R8 over the 3 rounds planned (round 3 is the planner's): lower with this round 2, else it was not chosen
    assert re.fullmatch(r"\d\.\d{4}", whole) and re.fullmatch(r"\d\.\d{4}", whole_alone)
    assert float(whole) < float(whole_alone)
    assert _said(lambda: change) == [
        "round 2 seated: 23 players at 5 tables (3 of 5, 2 of 4), seed 3",
        f"round 2 is seated for the sake of the rounds after it: after round 2, R2 is {len(repeated)} where "
        f"seating round 2 on its own gives 0; over the 3 rounds as planned, the first criterion where they differ "
        f"is R8: {whole} against {whole_alone} (the criteria count in order, R1 first, lower is better)",
        "warning: round 1, tables 1 and 3 have no result yet: record them (archon result cup.xlsx --round 1 "
        "--table 1 VP VP ...)"]


def test_a_button_turned_off_says_when_it_will_be_on():
    view = eventday.finals_view(winter_cup(2))
    toss = view.refused["toss"]
    assert isinstance(toss.message, Message) and isinstance(toss.short, Message)
    assert toss.message.id == "toss.preliminaries_not_over" and toss.short.id == "final.once_preliminaries_over"
    assert CLI.render(toss.message) == ("the preliminary rounds are not over (round 3 is not seated): toss once "
                                        "every table has its result")
    assert PLAIN.render(toss.short) == "once every table has its result"
    assert PLAIN.render(view.refused["no_final"].short) == (
        "23 players attended: rules 3.1.6 allow a tournament without a final only with fewer than 8 players")
    tie = eventday.final_seating_refused(winter_cup(3))
    assert tie.message.fields["toss"] == act("toss") and PLAIN.render(tie.short) == "once the toss has decided the tie"


def test_a_change_reads_in_plain_english_and_names_actions_as_calls():
    change = eventday.drop(winter_cup(3), 6)
    assert all(isinstance(line, Message) for line in change.lines)
    assert str(change).splitlines()[0] == ("#6 Farid Haddad is out (WD: withdrew from the event): left out of "
                                           "the next seatings and of the final")
    again = eventday.unregister(seated(), 20).lines[-1]
    assert PLAIN.render(again).endswith("round 1's seating is cleared; seat it again (seat(round=1))")


def test_no_text_of_the_event_day_spells_a_command_line_but_the_command_lines_own():
    for id, text in catalogue.TEXTS.items():
        common = text if isinstance(text, str) else text[""]
        assert "--" not in common and not COMMAND.search(common), id
        assert "'{" not in common, f"{id}: an action quoted as a command to type"


def _strings_of_the_event_day() -> set[str]:
    found = set()
    for path in (REPO / "archon" / "eventday").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def test_every_text_of_the_event_days_catalogue_is_said_by_the_event_day():
    said = _strings_of_the_event_day()
    assert sorted(id for id in catalogue.TEXTS if id not in said) == []


def test_a_no_show_does_not_count_among_the_players_a_final_less_event_may_have():
    # rules 3.1.6: no final with 8 players or more; a player flagged N who played
    # no game did not attend (Appendix A.2): 8 registered, one a no-show, may close without a final
    from archon.eventday.refusals import no_final_refused
    from archon.rules.model import Player

    players = [Player(n, f"First{n}", f"Last{n}") for n in range(1, 9)]
    refused = no_final_refused(Event(players=players))
    assert refused is not None
    assert CliRenderer("cup.xlsx").render(refused.message) == (
        "8 players attended: rules 3.1.6 allow a tournament without a final only with fewer than 8 players")
    players[7].out = "N"
    assert no_final_refused(Event(players=players)) is None
