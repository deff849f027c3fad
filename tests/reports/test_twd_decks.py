"""The TWD entry of the winner, from the deck recorded with the event, read by
the TWD archive's own parser (krcg's, from PyPI) with every card."""

from __future__ import annotations

import datetime as dt
import importlib.resources
import io
import warnings

import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.formats.cards_build import card_list
from archon.formats.decklists import read_deck_list
from archon.rules.model import Final
from archon.rules.standings import compute
from conftest import REPO
from test_eventday import book, small_no_final, tossed, winter_cup

krcg_deck = pytest.importorskip("krcg.deck")
krcg_vtes = pytest.importorskip("krcg.vtes")

DECKS = REPO / "tests" / "formats" / "decks"


@pytest.fixture(scope="module")
def krcg_cards():
    """krcg's card list, from the VEKN CSV files its package carries (no network)."""
    folder = importlib.resources.files("cards")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with (folder / "vtescrypt.csv").open("rb") as crypt, (folder / "vteslib.csv").open("rb") as lib:
            krcg_vtes.VTES.load_from_files(crypt, lib)
    return krcg_vtes.VTES


def closed_cup(tmp_path):
    """Tiny Cup closed without a final: #1 Ada Byron wins (test_vekn_report)."""
    ev = small_no_final(closed=True)
    ev.date = dt.date(2027, 3, 2)
    return book(tmp_path, ev)


def finished_cup(tmp_path):
    """The Winter Cup after its final (test_vekn_report's), and its winner's number and name."""
    ev = tossed(winter_cup(3))
    ev.final = Final([6, 15, 1, 4, 2], [2, 0, 1, 0, 2])
    ev.date = dt.date(2026, 12, 5)
    st = compute(ev)
    return book(tmp_path, ev), st.winner, ev.player(st.winner).name


def parsed(entry: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return krcg_deck.Deck.from_txt(io.StringIO(entry), twda=True)


@pytest.mark.parametrize("name, cards", [
    ("plain.txt", 12 + 70), ("lackey.txt", 14 + 90), ("twd.txt", 12 + 90), ("amaranth.txt", 12 + 60),
    ("vdb.txt", 13 + 75), ("jol.txt", 12 + 80),
])
def test_the_twd_entry_of_the_winners_recorded_deck_parses_in_the_twda_parser_with_every_card(
        tmp_path, krcg_cards, name, cards):
    path, winner, who = finished_cup(tmp_path)
    r = CliRunner().invoke(main, ["deck", str(path), str(winner), str(DECKS / name)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["report", str(path), "--twd"])
    assert r.exit_code == 0, r.output
    entry = r.output
    assert entry.splitlines()[:6] == ["Winter Cup", "Lyon", "December 5th 2026", "3R+F", "23 players", who]
    deck = parsed(entry)
    assert deck.player == who and deck.players_count == 23 and deck.date == dt.date(2026, 12, 5)
    assert deck.cards_count() == cards
    ours, _ = read_deck_list((DECKS / name).read_text(encoding="utf-8"), card_list())
    # every card, one by one: krcg spells a few names its own way ("Pentex™ Subversion", "Nassir (G6)")
    theirs = {card.name: n for card, n in deck.cards()}
    for n, name in ours.crypt + ours.library:
        found = krcg_cards.get(name.replace("(TM)", "™")) or krcg_cards.get(name.split(" (G")[0])
        assert found is not None and theirs.get(found.name) == n, name
    assert len(theirs) == len(ours.crypt) + len(ours.library)
    assert api.twd(path) == entry.rstrip("\n")


def test_a_plain_deck_file_given_with_deck_is_listed_as_the_twd_lists_it(tmp_path, krcg_cards):
    """Before: a plain "count name" list after the header parsed as 0 cards."""
    path, _, _ = finished_cup(tmp_path)
    r = CliRunner().invoke(main, ["report", str(path), "--twd", "--deck", str(DECKS / "plain.txt")])
    assert r.exit_code == 0, r.output
    assert "Crypt (12 cards)" in r.output.splitlines()
    assert parsed(r.output).cards_count() == 12 + 70


def test_without_a_recorded_deck_the_twd_entry_has_no_deck(tmp_path):
    path = closed_cup(tmp_path)
    r = CliRunner().invoke(main, ["report", str(path), "--twd"])
    assert r.exit_code == 0 and r.output.splitlines()[-1] == "-- 1GW3.5"
