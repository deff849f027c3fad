"""A result reaches the phones without waiting for what they do not show.

At a Grand Prix every result is rendered for 300 phones at once: the
players' page is rendered once per version and language, each of its
round tables kept by what it shows (a result changes one table of 180),
and the check's problems, which only the organizer's page shows, are
worked out when that page first asks, not before the phones hear of the
change. None of this may change a byte of what a page shows: these tests
compare each page with one rendered with nothing kept. The Winter Cup of
``test_event_e2e`` after round 1, round 2 seated by archon.
"""

from __future__ import annotations

import json
import shutil
import warnings

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from archon.web import console_app
from archon.web import render as web_render
from archon.web.render import environment
from test_console_api import AUTH, TOKEN, cli, cup, post  # noqa: F401 (cup: a fixture)
from test_console_fresh import _table_status, _vps, seated  # noqa: F401 (seated: a fixture)

LOCAL = "http://127.0.0.1"


def _console(path):
    return TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL, raise_server_exceptions=False)


def test_the_players_page_after_each_write_is_the_page_rendered_with_no_table_kept(seated, tmp_path, monkeypatch):
    with _console(seated) as client:
        for lang in ("en", "fr"):
            client.get(f"/fragment/players?lang={lang}")  # every table of rounds 1 and 2 kept
        for action, body in [
            ("result", {"round": 2, "table": 1, "vps": _vps(seated, 1)}),
            ("register", {"name": "Xavier Late", "vekn": "3999123"}),
            ("result", {"round": 2, "table": 1, "vps": [3, 1, 1, 0, 0][:len(_vps(seated, 1))], "replace": True}),
            ("drop", {"player": "Xavier Late"}),
        ]:
            r = post(client, action, body)
            assert r.status_code == 200, (action, r.text)
            shown = {lang: client.get(f"/fragment/players?lang={lang}").text for lang in ("en", "fr")}
            fresh = tmp_path / f"fresh-{action}-{len(body)}.xlsx"
            shutil.copy(seated, fresh)
            with monkeypatch.context() as m:
                m.setattr(web_render, "KEPT_TABLES", 0)  # each table rendered anew, none kept
                with _console(fresh) as other:
                    for lang, page in shown.items():
                        assert other.get(f"/fragment/players?lang={lang}").text == page.replace(seated.name, fresh.name)
        assert _table_status(shown["en"], 1) == "complete"
        assert "<td>Xavier Late</td>" not in shown["en"]  # registered after round 2 was seated: at no table


def test_a_table_kept_shows_a_player_renamed_since(seated):
    kept_table = environment("en").globals["kept_table"]
    table = {"table": 1, "status": "complete", "reason": None,
             "seats": [{"seat": 1, "player": 7, "vp": 3.0, "gw": 1, "tp": 60},
                       {"seat": 2, "player": 9, "vp": 1.0, "gw": 0, "tp": 48}]}
    before = {7: {"number": 7, "first_name": "Ada", "last_name": "Byron"},
              9: {"number": 9, "first_name": "Alan", "last_name": "Turing"}}
    after = {**before, 7: {"number": 7, "first_name": "Ada", "last_name": "Lovelace"}}
    assert "<td>Ada Byron</td>" in kept_table(table, before, True, notes=False)
    page = kept_table(table, after, True, notes=False)
    assert "<td>Ada Lovelace</td>" in page and "Byron" not in page
    # and a VP corrected on the same table
    fixed = {**table, "seats": [{**table["seats"][0], "vp": 2.0}, table["seats"][1]]}
    assert '<td class="n">2</td>' in kept_table(fixed, after, True, notes=False)


def test_the_organizers_problems_are_those_of_the_version_written_and_the_phones_never_wait_for_them(
        seated, monkeypatch):
    from archon.formats.workbook import problems as checked

    checks: list[int] = []
    real = checked.problems_of

    def counted(read, st):
        checks.append(1)
        return real(read, st)

    monkeypatch.setattr(checked, "problems_of", counted)
    with _console(seated) as client:
        size = len(_vps(seated, 1))
        r = post(client, "result", {"round": 2, "table": 1, "vps": [1] * size,
                                    "override": "judge: the table agreed"})
        assert r.status_code == 200, r.text
        client.get("/fragment/players")
        assert checks == []  # the phones' page, after the write: no check of the workbook
        page = client.get("/fragment/organizer", headers=AUTH).text
        assert checks == [1]
        client.get("/fragment/organizer", headers=AUTH)
        assert checks == [1]  # once per version
    printed = json.loads(cli("check", seated, "--json"))["problems"]
    assert any(p["where"].startswith("Round 2!") for p in printed), printed
    from markupsafe import escape

    for p in printed:  # each problem of the file as written, on the organizer's page
        assert f"<b>{escape(p['where'])}</b>: {escape(p['message'])}" in page, p


def test_a_figure_is_written_as_each_language_writes_it_every_time():
    from archon.words.languages import LANGUAGES, decimal

    values = [0, 0.5, 2, 2.5, 3.0, 12.25, 60, -0.0, 1e-7]
    for lang in LANGUAGES:
        num = environment(lang).filters["num"]
        for _ in range(2):  # the second time, as kept
            assert [num(v) for v in values] == [decimal(float(v), lang) for v in values]
    assert environment("fr").filters["num"](2.5) == "2,5" and environment("en").filters["num"](2.5) == "2.5"
    assert environment("de").filters["rating"](12.5) == "12,50" and environment("de").filters["num"](None) == ""


#: The phones' data as the players' page wrote it with Jinja2's tojson, entry by entry.
_OWN_DATA_TOJSON = (
    '{"current": {{ (current.round if current is not none and not data.final else none) | tojson }}, '
    '"reporting": {{ reporting | default(true) | tojson }}, "game_wins": {{ game_wins | tojson }},\n'
    '"names": { {%- for p in roster %}"{{ p.number }}": {{ p.name | tojson }}{{ "," if not loop.last }}{% endfor -%} },\n'
    '"standing": { {%- for p in data.players %}"{{ p.number }}": [{{ (p.final_rank if p.final_rank is not none '
    'else p.rank) | tojson }}, {{ p.gw | tojson }}, {{ p.vp | num | tojson }}, {{ p.tp | num | tojson }}]'
    '{{ "," if not loop.last }}{% endfor -%} },\n'
    '"final": {{ ({"seats": data.final.seats | map(attribute="player") | list, "done": data.final.seats | '
    'selectattr("vp", "none") | list | length == 0} if data.final else none) | tojson }},\n'
    '"rounds": [{%- for r in rounds if not r.proposal %}{"round": {{ r.round }}, "tables": [{%- for t in r.tables %}'
    '{"table": {{ t.table }}, "done": {{ (t.status in (\'complete\', \'overridden\')) | tojson }}, "seats": ['
    '{%- for s in t.seats %}[{{ s.player }}, {{ (\'\' if s.get(\'typed\') is false else s.vp | num) | tojson }}, '
    '{{ (s.gw or 0) | tojson }}, {{ s.tp | num | tojson }}]{{ "," if not loop.last }}{% endfor -%}]}'
    '{{ "," if not loop.last }}{% endfor -%}]}{{ "," if not loop.last }}{% endfor -%}]}'
)


def test_the_phones_data_is_what_tojson_writes_entry_by_entry(seated, monkeypatch):
    """The players' page's data for the phones' own view, written at once
    with each figure and text kept, is the text Jinja2's tojson writes for
    the same page, in English and in French (decimal commas), before and
    after a result."""
    with _console(seated) as client:
        for step in range(2):
            if step:
                assert post(client, "result", {"round": 2, "table": 1, "vps": _vps(seated, 1)}).status_code == 200
            for lang in ("en", "fr"):
                env = environment(lang)
                made, calls = env.globals["players_data"], []

                def recording(*args, made=made, calls=calls):
                    calls.append(args)
                    return made(*args)

                with monkeypatch.context() as m:
                    m.setitem(env.globals, "players_data", recording)
                    page = client.get(f"/fragment/players?lang={lang}&fresh={step}").text
                assert calls, "the players' page writes the phones' data"
                current, reporting, game_wins, roster, data, rounds = calls[-1]
                expected = env.from_string(_OWN_DATA_TOJSON).render(
                    current=current, reporting=reporting, game_wins=game_wins, roster=roster, data=data,
                    rounds=rounds)
                assert str(made(*calls[-1])) == expected
                assert json.loads(expected)["names"] and 'id="own-data"' in page
