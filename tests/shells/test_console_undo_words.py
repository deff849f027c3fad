"""What undo says it takes back of a console's write, and the VPs the
console's history shows (a new organizer's trial run): the same words as
the organizer's "Who did what", not the request the console sent; the
numbers as the page's language writes them ("0,5" in French)."""

from __future__ import annotations

import json

from archon.formats.workbook import read_event
from archon.formats.workbook.backups import JOURNAL_NAME, backup_folder
from test_console_api import AUTH, cli, client, cup, post  # noqa: F401


def a_result_from_the_console(client, cup):  # noqa: F811
    """Round 2 seated and table 1's result posted, every player on 0.5 VP
    (the time limit); the number of seats at that table."""
    assert post(client, "seat", {"round": 2, "seed": 5}).status_code == 200
    seats = len(read_event(cup).event.rounds[1].tables[0].players)
    r = post(client, "result", {"round": 2, "table": 1, "vps": ["0.5"] * seats})
    assert r.status_code == 200, r.text
    return seats


def test_undo_names_a_console_write_in_the_words_of_the_history(client, cup):  # noqa: F811
    seats = a_result_from_the_console(client, cup)
    said = cli("undo", cup, "--dry-run")
    what = "organizer: result of round 2, table 1: " + " / ".join(["0.5"] * seats)
    assert said.startswith(f'would restore {cup.name} as it was before "{what}" (') and "POST /api" not in said
    french = cli("undo", cup, "--dry-run", "--lang", "fr")
    assert " / ".join(["0,5"] * seats) in french and "POST /api" not in french
    # the console's own undo says the same, and takes the result back
    r = post(client, "undo", {})
    assert r.status_code == 200 and r.json()["lines"][0].startswith(f'restored {cup.name} as it was before "{what}"')
    assert read_event(cup).event.rounds[1].tables[0].vps == [None] * seats


def test_a_journal_written_before_it_kept_words_still_undoes_with_its_command(client, cup):  # noqa: F811
    a_result_from_the_console(client, cup)
    journal = backup_folder(cup) / JOURNAL_NAME
    entries = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert entries[-1].get("said")  # kept by this version: an older one wrote none
    for e in entries:
        e.pop("said", None)
    journal.write_text("".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8")
    said = cli("undo", cup)
    assert said.startswith(f'restored {cup.name} as it was before "organizer: the event console ({cup.name}): '
                           'POST /api/result {"round": 2, "table": 1, "vps": ["0.5"')
    assert read_event(cup).event.rounds[1].tables[0].vps[0] is None


def test_the_consoles_history_writes_vps_in_the_pages_language(client, cup):  # noqa: F811
    seats = a_result_from_the_console(client, cup)
    french = client.get("/fragment/organizer?lang=fr", headers=AUTH).text
    assert " / ".join(["0,5"] * seats) in french and "0.5 / 0.5" not in french
    english = client.get("/fragment/organizer?lang=en", headers=AUTH).text
    assert "result of round 2, table 1: " + " / ".join(["0.5"] * seats) in english
