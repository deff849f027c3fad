"""Names typed on the event day (issue 23): a name of zero-width spaces, or
holding one, or a direction override, is refused before anything is written
(exit status 2, the character named by code point and Unicode name, and the
line of a players list); a name typed decomposed ("Chloe" and U+0301) is
stored composed, so it is the name typed again composed, and typing it
decomposed finds the player."""

from __future__ import annotations

import json
import warnings
import zipfile

import pytest
from click.testing import CliRunner

from archon import api
from archon.cli import main
from archon.eventday import WrongInput
from archon.formats.workbook import load_event
from test_register_text import blank  # noqa: F401 (a fixture: a copy of the official blank)

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

NFD = "Chloe\u0301 Marchand"
NFC = "Chloé Marchand"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def stored(xlsx) -> str:
    """The text of every sheet of a workbook as stored (the reader gives
    NFC whatever the file holds: what another program shows is stored)."""
    with zipfile.ZipFile(xlsx) as zf:
        return "".join(zf.read(n).decode("utf-8") for n in zf.namelist() if n.startswith("xl/worksheets/"))


@pytest.mark.parametrize("name, named", [
    ("\u200b", "U+200B ZERO WIDTH SPACE"),
    ("\u200b\u200b \u200b", "U+200B ZERO WIDTH SPACE"),
    ("Bob Smith\u200b", "U+200B ZERO WIDTH SPACE"),
    ("Eve \u202eanuL", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("\u2067Eve Luna\u2069", "U+2067 RIGHT-TO-LEFT ISOLATE and U+2069 POP DIRECTIONAL ISOLATE"),
    ("Ann\u00ad Lee", "U+00AD SOFT HYPHEN"),
    ("\u3164", "U+3164 HANGUL FILLER"),
    ("Bob\u2028Smith", "U+2028 LINE SEPARATOR"),
])
def test_register_refuses_a_name_with_an_invisible_or_direction_character(blank, name, named):
    before = blank.read_bytes()
    r = run("register", blank, name)
    assert r.exit_code == 2, r.output
    assert f"the player's name {name!r} holds {named}: " in r.output, r.output
    assert "type it again" in r.output and "Traceback" not in r.output
    assert blank.read_bytes() == before  # nothing written


def test_the_twin_refuses_a_zero_width_space_naming_the_character(blank):
    with pytest.raises(WrongInput, match="holds U\\+200B ZERO WIDTH SPACE"):
        api.register(blank, "Bob Smith\u200b")
    assert load_event(blank).players == []


def test_a_name_registered_decomposed_is_stored_composed_and_not_registered_again(blank):
    r = run("register", blank, NFD)
    assert r.exit_code == 0, r.output
    assert load_event(blank).player(1).name == NFC
    assert ">Chloé<" in stored(blank) and "Chloe\u0301" not in stored(blank)
    assert "registered #1 Chloé Marchand" in r.output
    before = blank.read_bytes()
    r = run("register", blank, NFC)
    assert r.exit_code != 0 and "Chloé Marchand is already registered: Methuselahs!B7" in r.output, r.output
    assert blank.read_bytes() == before


def test_a_name_registered_composed_is_not_registered_again_decomposed(blank):
    assert run("register", blank, NFC).exit_code == 0
    r = run("register", blank, NFD)
    assert r.exit_code != 0 and "already registered" in r.output, r.output
    assert len(load_event(blank).players) == 1


def test_a_city_typed_decomposed_is_stored_composed(blank):
    assert run("register", blank, "Ada Lovelace", "--city", "Mu\u0308nchen").exit_code == 0
    assert load_event(blank).player(1).city == "München"
    assert ">München<" in stored(blank) and "Mu\u0308nchen" not in stored(blank)


def test_a_players_csv_with_a_direction_override_is_refused_naming_its_line(blank, tmp_path):
    csv = tmp_path / "players.csv"
    csv.write_text("First Name,Last Name,City\nAda,Lovelace,London\nEve,\u202eanuL,Paris\n", encoding="utf-8")
    before = blank.read_bytes()
    r = run("register", blank, "--from", csv)
    assert r.exit_code == 2, r.output
    assert ("players.csv, line 3: the last name '\\u202eanuL' holds U+202E RIGHT-TO-LEFT OVERRIDE"
            in r.output), r.output
    assert blank.read_bytes() == before  # all or none: Ada is not registered either


def test_new_with_a_players_csv_of_a_zero_width_name_writes_nothing(tmp_path):
    csv = tmp_path / "players.csv"
    csv.write_text("Name\nAda Lovelace\n\u200b\n", encoding="utf-8")
    r = run("new", tmp_path / "cup.xlsx", "--players", csv)
    assert r.exit_code == 2, r.output
    assert "players.csv, line 3: the player's name '\\u200b' holds U+200B ZERO WIDTH SPACE" in r.output, r.output
    assert not (tmp_path / "cup.xlsx").exists()


def test_a_players_csv_with_a_line_separator_in_a_name_is_refused_not_read_as_a_space(blank, tmp_path):
    csv = tmp_path / "players.csv"
    csv.write_text("First Name,Last Name\nBob,Sm\u2028ith\n", encoding="utf-8")
    r = run("register", blank, "--from", csv)
    assert r.exit_code == 2 and "line 2: the last name" in r.output and "U+2028 LINE SEPARATOR" in r.output, r.output


def test_a_players_csv_written_decomposed_registers_composed_names_and_finds_them_twice(blank, tmp_path):
    csv = tmp_path / "players.csv"
    csv.write_text(f"Name,Country\n{NFD},Re\u0301union\n{NFC},France\n", encoding="utf-8")
    r = run("register", blank, "--from", csv)
    assert r.exit_code != 0 and "players.csv, line 3: Chloé Marchand is listed twice (line 2)" in r.output, r.output
    csv.write_text(f"Name,Country\n{NFD},Re\u0301union\n", encoding="utf-8")
    assert run("register", blank, "--from", csv).exit_code == 0
    p = load_event(blank).player(1)
    assert (p.name, p.city) == (NFC, "Réunion")
    assert ">Réunion<" in stored(blank) and "Re\u0301union" not in stored(blank)


def test_typing_a_name_decomposed_finds_the_player_and_a_reason_is_stored_composed(blank):
    for name in (NFC, "Chloe Martin"):
        assert run("register", blank, name).exit_code == 0
    r = run("warn", blank, "Chloe\u0301", "arrive\u0301e en retard")
    assert r.exit_code == 0, r.output
    w = load_event(blank).warnings
    assert [(x.player, x.reason) for x in w] == [(1, "arrivée en retard")]
    r = run("warn", blank, "Chloé", "arrivée en retard")  # the same warning, typed composed
    assert r.exit_code != 0 and "already" in r.output, r.output
    r = run("drop", blank, NFD)
    assert r.exit_code == 0, r.output
    assert [p.out for p in load_event(blank).players] == ["WD", None]


def test_the_console_register_form_refuses_a_direction_override_as_a_bad_request(blank):
    from archon.web import console_app

    token = "test-token-0123456789"
    before = blank.read_bytes()
    with TestClient(console_app(blank, token=token, watch=False), base_url="http://127.0.0.1",
                    raise_server_exceptions=False) as client:
        r = client.post("/api/register", content=json.dumps({"name": "Eve \u202eanuL"}),
                        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    assert r.status_code == 400, r.text
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in r.json()["error"]
    assert "\u202e" not in r.json()["error"]  # what the page shows names the character, never passes it on
    assert blank.read_bytes() == before
