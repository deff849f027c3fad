"""check's problems are messages: an id for each kind, the values as fields,
and what to type as an action the command line spells as it always did."""

from __future__ import annotations

from archon.cli.words import CliRenderer
from archon.rules.model import Event, Player, Round, Table
from archon.rules.validation import WARNING, Problem, Where, check_event
from archon.words import act
from archon.words.render import PLAIN, Renderer

CLI = CliRenderer("cup.xlsx")


def _tied_event() -> Event:
    """Ten players, two rounds played, #5 and #6 tied on everything for the last place in the final."""
    players = [Player(n, f"F{n}", f"L{n}") for n in range(1, 11)]
    r1 = Round(1, [Table([1, 2, 3, 4, 5], [5, 0, 0, 0, 0]), Table([6, 7, 8, 9, 10], [5, 0, 0, 0, 0])])
    r2 = Round(2, [Table([2, 4, 6, 8, 10], [0, 5, 0, 0, 0]), Table([1, 3, 5, 7, 9], [0, 5, 0, 0, 0])])
    return Event(level="Standard Constructed", preliminary_rounds=2, players=players, rounds=[r1, r2])


def test_a_tie_at_the_cut_is_a_problem_whose_advice_is_the_toss():
    ties = [p for p in check_event(_tied_event()) if p.id == "check.tie"]
    assert ties, [str(p) for p in check_event(_tied_event())]
    for tie in ties:
        assert tie.advice_said.fields["toss"] == act("toss")
        assert "archon" not in tie.advice and "toss()" in tie.advice
    # what 'archon check' printed before, word for word
    said = {tie.advice_said.id: CLI.render(tie.advice_said) for tie in ties}
    assert said.get("check.tie.advice_before_final", "run 'archon toss cup.xlsx' (or type coin rankings for "
                    "these players, 1 = won the toss) before seating the final") == (
        "run 'archon toss cup.xlsx' (or type coin rankings for these players, 1 = won the toss) before seating the final")
    assert said.get("check.tie.advice", "run 'archon toss cup.xlsx' (or type coin rankings for these players, "
                    "1 = won the toss)") == "run 'archon toss cup.xlsx' (or type coin rankings for these players, 1 = won the toss)"


def test_a_result_forgotten_names_the_command_to_record_it():
    ev = Event(level="Standard Constructed", players=[Player(n, f"F{n}", f"L{n}") for n in range(1, 9)], rounds=[
        Round(1, [Table([1, 2, 3, 4], [None] * 4), Table([5, 6, 7, 8], [1, 1, 1, 1])]),
        Round(2, [Table([1, 5, 2, 6], [1, 1, 1, 1]), Table([3, 7, 4, 8])]),
    ])
    missing = [p for p in check_event(ev) if p.id == "check.result_missing"]
    assert len(missing) == 1
    p = missing[0]
    assert p.fields == {"round": 1, "table": 1, "seated": 2} and p.severity == WARNING
    assert CLI.render(p.said) == "round 1, table 1 has no result, and round 2 is already seated"
    assert CLI.render(p.advice_said) == "record it (archon result cup.xlsx --round 1 --table 1 VP VP ...), or type its VPs"


def test_a_problem_from_a_plain_text_reads_as_before():
    p = Problem("something odd", Where("event"), "fix it")
    assert (p.id, p.message, p.advice, str(p)) == ("text", "something odd", "fix it", "something odd — fix it")
    assert Problem("x", Where("event")).advice_said is None


def test_a_control_character_is_a_warning_naming_convert():
    ev = Event(name="Cup\x01", level="Standard Constructed", players=[Player(1, "A", "B")])
    p = next(p for p in check_event(ev) if p.id == "check.control_character")
    assert PLAIN.render(p.fields["what"]) == "the event name" and p.fields["value"] == repr("Cup\x01")
    assert "event" not in Renderer("de").render(p.fields["what"])  # said in German, not left in English
    assert CLI.render(p.advice_said) == "type the text again (archon convert drops such characters)"
    assert PLAIN.render(p.advice_said) == "type the text again (convert() drops such characters)"
