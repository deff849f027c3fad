"""The event console says things in its own words, and serves only itself.

* What to do next is named by the console's own buttons and fields, as its
  pages label them (:class:`archon.web.words.ConsoleRenderer`), never as a
  command line to type; a refused request's JSON carries the message (its
  id and fields) of the exception the Python twin raises for it.
* It answers only the host names it serves (DNS rebinding), disconnects a
  client that sends a request too slowly, and a name pasted by mistake into
  the workbook does not swell every page sent to the players' phones.

The Winter Cup of ``test_event_e2e`` (hand-worked there) after round 1.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import socket
import warnings

import openpyxl
import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from archon import api
from archon.formats import layout as L
from archon.formats.workbook import new_event
from archon.web import console_app
from archon.web.server import running
from archon.web.words import CONSOLE
from archon.words import act, message_of, option, say
from test_console_api import (AUTH, LOCAL, TOKEN, client, console_words, cup, organizer_fragment,  # noqa: F401
                              post, refusal, twin_copy)
from test_eventday import tossed, winter_cup
from test_words import COMMAND_TEXT


def _names(path) -> set[str]:
    return {f"{p['first_name']} {p['last_name']}" for p in api.standings(path)["players"]}


# ---------------------------------------------------------------------------
# Actions and options: the page's own controls


@pytest.mark.parametrize("action, said", [
    (act("seat", round=1, force=True), '"Seat the round" for round 1, then OK when the page asks'),
    (act("seat", round=2), '"Seat the round" for round 2'),
    (act("seat", round=2, show=True), 'round 2 under "Seating and results"'),
    (act("undo", file="cup.xlsx"), '"Undo the last change"'),
    (act("undo", file="cup.xlsx", force=True), '"Undo the last change", then OK when the page asks'),
    (act("result", round=1, table=2, vps="..."), '"Record" at round 1, table 2'),
    (act("result", round=1, table=2, vps="...", replace=True),
     '"Record" at round 1, table 2, with "replace the recorded result" ticked'),
    (act("result", final=True, vps="..."), '"Record" at the final'),
    (act("drop", player=24, undo=True), 'the "Undo" button on player #24\'s row'),
    (act("drop", player=3, reason="DQ"), '"DQ" on player #3\'s row'),
    (act("toss"), '"Toss (fair coin draw)" under "Final"'),
    (act("check", file="cup.xlsx"), 'the problems listed under "At a glance"'),
    (act("standings"), 'the "Standings" section'),
    (act("report", archondata=True), '"archondata string" under "Reports"'),
    (act("unregister", player=5), '"Unregister" on player #5\'s row'),
    (act("convert", source="old.xls"), "the command line's convert (source old.xls)"),
    (option("override"), 'the "Judge\'s decision (override)" field'),
    (option("replace"), '"replace the recorded result"'),
    (option("force"), "OK when the page asks"),
])
def test_an_action_reads_as_the_control_of_the_page_that_does_it(action, said):
    assert console_words(CONSOLE.field(action)) == said


def test_a_message_reads_its_actions_as_the_page_offers_them():
    # fields of any kind, actions among them, in any message: rendered in place
    message = say("web.confirm_force", undo=act("undo"))
    assert CONSOLE.render(message) == 'OK: do it now ("Undo the last change" puts everything back).'
    assert CONSOLE.render(say("text", text="round 1 is seated")) == "round 1 is seated"  # plain text as it is


def _page_text(c) -> str:
    """The organizer's page as read: its text, and what its empty fields say (their placeholders)."""
    page = organizer_fragment(c)
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " ".join(re.findall(r'placeholder="([^"]*)"', page)))


def test_every_control_the_console_names_is_labelled_so_on_its_page(tmp_path):
    """The labels the renderer quotes are the page's own: each is on the
    organizer's page in a state that offers it."""
    from test_console_browser import tied_after_round_1

    tied = tied_after_round_1(tmp_path)  # round 1 of 3 played, two tied at the top: the toss is offered
    final = tmp_path / "final.xlsx"  # the preliminaries over and tossed: the final may be seated, or not played
    new_event(final, tossed(winter_cup(3), winner=15))
    pages = []
    for path in (tied, final):
        with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
            pages.append(_page_text(c))
            if path == tied:
                assert post(c, "drop", {"player": 8}).status_code == 200  # an "Undo WD" button
                assert post(c, "register", {"name": "Nora Noshow"}).status_code == 200  # an "Unregister" button
            else:
                assert post(c, "finals", {"seating": [6, 15, 1, 4, 2]}).status_code == 200  # the final's form
            pages.append(_page_text(c))
    text = "\n".join(pages)
    said = [act("seat", round=1, force=True), act("seat", round=1, show=True), act("undo"),
            act("result", round=1, table=1, replace=True, override="..."), act("result", final=True),
            act("drop", player=1), act("drop", player=1, reason="DQ"), act("drop", player=8, undo=True),
            act("toss"), act("finals", seating=[1, 2, 3, 4, 5]), act("finals", none=True), act("register"),
            act("check"), act("standings"), act("report"), act("report", archondata=True), act("report", twd=True),
            act("report", html=True), act("report", round=1), act("unregister", player=1), act("warn"),
            act("warnings"), option("reason"), act("info"),
            option("override"), option("replace"), option("vekn"), option("city"), option("seed"), option("round")]
    for thing in said:
        for label in re.findall(r'"([^"]+)"', CONSOLE.field(thing)):
            assert label in text, f"{thing}: {label!r} is on no page"


# ---------------------------------------------------------------------------
# Refusals: the message of the twin's exception, in the console's words


def test_a_refused_write_carries_the_message_of_the_twins_exception(client, cup, tmp_path):
    api.seat(cup, 2, seed=5)  # round 2 seated, not played
    twin = twin_copy(cup, tmp_path)
    before = cup.read_bytes()
    r = post(client, "seat", {"round": 2, "seed": 6})
    assert r.status_code == 409 and r.json()["ok"] is False and r.json()["exit_status"] == 1, r.text
    exc = refusal(api.seat, twin, 2, seed=6)
    assert r.json()["message"]["id"] == message_of(exc).id
    assert r.json()["message"]["fields"] == message_of(exc).as_dict()["fields"]
    assert r.json()["error"] == CONSOLE.render(message_of(exc))
    assert r.json()["force"] is True  # sent again with force, it is done
    assert cup.read_bytes() == before


def test_seating_a_seated_round_again_is_refused_in_the_consoles_words(client, cup):
    """seat.already_seated: what the page shows, and how to seat it again there."""
    api.seat(cup, 2, seed=5)
    before = cup.read_bytes()
    r = post(client, "seat", {"round": 2, "seed": 6})
    assert r.status_code == 409 and r.json()["force"] is True, r.text
    message = r.json()["message"]
    assert message["id"] == "seat.already_seated"
    assert message["fields"]["round"] == 2
    assert message["fields"]["again"] == {"action": "seat", "args": {"round": 2, "force": True}}
    assert message["fields"]["show"] == {"action": "seat", "args": {"round": 2, "show": True}}
    said = r.json()["error"]
    assert '"Seat the round" for round 2, then OK when the page asks' in said
    assert not COMMAND_TEXT.search(said) and "--force" not in said
    assert cup.read_bytes() == before
    r = post(client, "seat", {"round": 2, "seed": 6, "force": True})  # the page's OK
    assert r.status_code == 200 and r.json()["lines"][0].startswith("round 2 seated: "), r.text


def _saved_in_a_spreadsheet(path) -> None:
    """The organizer types the event's city in a spreadsheet and saves."""
    wb = openpyxl.load_workbook(path)
    wb[L.INFO.sheet][L.INFO.city] = "Lyon, salle des fêtes"
    wb.save(path)


def test_undo_refused_after_a_spreadsheet_save_names_the_consoles_own_undo(client, cup, tmp_path):
    assert post(client, "register", {"name": "Mistaken Entry"}).status_code == 200
    _saved_in_a_spreadsheet(cup)
    saved = cup.read_bytes()
    twin = twin_copy(cup, tmp_path)
    shutil.copytree(cup.parent / f"{cup.stem}-backups", twin.parent / f"{cup.stem}-backups")  # its journal
    r = post(client, "undo", {})
    assert r.status_code == 409 and r.json()["exit_status"] == 1, r.text
    assert cup.read_bytes() == saved
    exc = refusal(api.undo, twin)
    assert r.json()["message"]["id"] == message_of(exc).id != "text"
    said = console_words(r.json()["error"])
    assert said == CONSOLE.render(message_of(exc))
    assert '"Undo the last change", then OK when the page asks' in said
    assert "archon undo" not in said and "--force" not in said
    assert r.json()["force"] is True  # the page asks, and sends it again with force
    r = post(client, "undo", {"force": True})
    assert r.status_code == 200 and r.json()["lines"][0].startswith(f"restored {cup.name} as it was before"), r.text
    assert "Mistaken Entry" not in _names(cup)


@pytest.mark.parametrize("request_, status, id_, fields", [
    (("register", {}), 400, "web.field_missing", {"key": "name"}),
    (("result", {"round": 1, "table": 1, "vps": "3 0 0 2"}), 400, "web.field_not_list", {"key": "vps", "limit": 10}),
    (("nothing", {}), 404, "web.no_such_action", {"action": "nothing"}),
])
def test_the_consoles_own_refusals_carry_their_message(client, cup, request_, status, id_, fields):
    r = post(client, *request_)
    assert r.status_code == status and r.json()["exit_status"] == 2, r.text
    assert r.json()["message"] == {"id": id_, "fields": fields}
    assert r.json()["error"] == CONSOLE.render(say(id_, **fields))


def test_the_consoles_refusals_without_a_write_carry_their_message(client, cup):
    r = post(client, "register", {"name": "X"}, headers={})
    assert r.status_code == 401 and r.json()["message"] == {"id": "web.token_needed", "fields": {}}
    assert console_words(r.json()["error"]).startswith("this needs the organizer's token")
    r = client.get("/api/nothing")
    assert r.status_code == 405 and r.json()["message"]["id"] == "web.wrong_method"
    lock = cup.parent / f".~lock.{cup.name}#"
    lock.write_text("someone,host,user,23.11.2026 10:00,file:///cup.xlsx;")
    r = post(client, "register", {"name": "Xavier Late"})
    assert r.status_code == 423 and r.json()["exit_status"] == 3
    assert r.json()["message"] == {"id": "web.open_elsewhere", "fields": {"file": "cup.xlsx", "app": "LibreOffice"}}


# ---------------------------------------------------------------------------
# Only its own host names


@pytest.mark.parametrize("url", ["/", "/fragment/players", "/api/check", "/api/archondata", "/api/standings",
                                 "/api/state", "/static/console.js"])
def test_a_request_for_another_host_name_is_refused(cup, url):
    """A page of another site that points its own name at 127.0.0.1 (DNS
    rebinding) reads nothing: the request names that site's host."""
    app = console_app(cup, token=TOKEN, watch=False)
    with TestClient(app, base_url="http://rebound.example") as c:
        r = c.get(url)
        assert r.status_code == 400
        assert "Winter Cup" not in r.text and "Anna Kowalski" not in r.text
        if url.startswith("/api/"):
            assert r.json()["message"] == {"id": "web.wrong_host", "fields": {"host": "rebound.example"}}
        else:
            assert r.text == CONSOLE.render(say("web.wrong_host", host="rebound.example"))
    for base in ("http://127.0.0.1", "http://localhost", "http://127.0.0.1:8000"):
        with TestClient(app, base_url=base) as c:
            assert c.get(url).status_code in (200, 409), base  # 409: archondata before the final


def _raw(port: int, request: bytes) -> bytes:
    """The answer to ``request`` sent as it is to 127.0.0.1:``port``."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(request)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
        return out


def test_the_running_console_answers_its_own_host_and_port_only(cup):
    with running(console_app(cup, token=TOKEN)) as base:
        port = int(base.rsplit(":", 1)[1])
        for host, ok in ((f"127.0.0.1:{port}", True), (f"localhost:{port}", True), (f"LOCALHOST:{port}", True),
                         (f"rebound.example:{port}", False), (f"127.0.0.1:{port + 1}", False), ("127.0.0.1", False),
                         ("", False)):
            head = f"Host: {host}\r\n" if host else ""
            answer = _raw(port, f"GET /api/state HTTP/1.1\r\n{head}Connection: close\r\n\r\n".encode())
            assert answer.startswith(b"HTTP/1.1 200" if ok else b"HTTP/1.1 400"), (host, answer[:200])


def test_with_lan_the_machines_addresses_and_names_are_served_too():
    from archon.web.hosts import Hosts
    from archon.web.server import lan_address

    hosts = Hosts()
    assert hosts.allows("127.0.0.1:8123") and not hosts.allows("rebound.example")  # any port, until served
    hosts.serving(8123)
    assert hosts.allows("127.0.0.1:8123") and not hosts.allows("127.0.0.1:8124")
    assert not hosts.allows(f"{socket.gethostname()}:8123")  # the network's names: with lan only
    hosts.serving(8123, lan=True)
    for name in (lan_address(), socket.gethostname(), f"{socket.gethostname()}.local"):
        assert hosts.allows(f"{name}:8123"), name
        assert not hosts.allows(f"{name}:8124"), name
    assert not hosts.allows("rebound.example:8123")


# ---------------------------------------------------------------------------
# Slow clients


def _closed_by_the_server(s: socket.socket) -> bool:
    """Whether the server closes ``s`` (what it answered first, if anything, read and dropped)."""
    s.settimeout(60)  # the test's own bound: the console closes it long before
    try:
        while s.recv(65536):
            pass
        return True
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def test_a_request_sent_too_slowly_is_disconnected_and_the_console_keeps_serving(cup):
    app = console_app(cup, token=TOKEN)
    failures = []
    app.state.log_failure = failures.append
    with running(app, request_seconds=1) as base:
        port = int(base.rsplit(":", 1)[1])
        host = f"Host: 127.0.0.1:{port}\r\n"
        # a page listening to the event stream: its answer takes its time, and is never cut
        events = socket.create_connection(("127.0.0.1", port), timeout=60)
        events.sendall(f"GET /api/events HTTP/1.1\r\n{host}\r\n".encode())
        heard = b""
        while b"retry: 1000" not in heard:
            heard += events.recv(65536)
        starts = [b"",  # connected, sends nothing
                  f"GET / HTTP/1.1\r\n{host}".encode(),  # the head, never ended
                  (f"POST /api/register HTTP/1.1\r\n{host}Authorization: Bearer {TOKEN}\r\n"  # a body never finished
                   "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\": ").encode()]
        slow = []
        try:
            for k in range(30):
                s = socket.create_connection(("127.0.0.1", port), timeout=60)
                slow.append(s)
                s.sendall(starts[k % 3])
            assert all(_closed_by_the_server(s) for s in slow)
        finally:
            for s in slow:
                s.close()
        # the console still answers, and the event stream still hears of a change
        answer = _raw(port, f"GET /api/state HTTP/1.1\r\n{host}Connection: close\r\n\r\n".encode())
        assert answer.startswith(b"HTTP/1.1 200")
        api.register(cup, "Xavier Late")
        while b"event: state" not in heard.partition(b"retry: 1000")[2]:
            heard += events.recv(65536)
        events.close()
    assert failures == []  # a client gone is no failure of archon
    assert "Xavier Late" in _names(cup)


# ---------------------------------------------------------------------------
# A name pasted by mistake


def test_a_huge_name_in_the_workbook_does_not_swell_the_players_page(cup):
    """10 MB typed into a name cell (a paste gone wrong): each page the
    phones fetch stays small. The console shows at most 1,000 characters of
    any text of the event (:data:`archon.web.view.MAX_SHOWN`), 10,000 of a
    sentence that may quote one; the workbook's reader may also refuse such
    a cell outright: either way, no page carries it."""
    from archon.web.view import MAX_SENTENCE, MAX_SHOWN

    pages = (("/", {}), ("/fragment/players", {}), ("/fragment/organizer", AUTH))
    with TestClient(console_app(cup, token=TOKEN, watch=False), base_url=LOCAL) as c:
        usual = {url: len(c.get(url, headers=headers).content) for url, headers in pages}
    wb = openpyxl.load_workbook(cup)
    wb[L.METHUSELAHS.sheet][f"{L.METHUSELAHS.first_name}{L.METHUSELAHS.first_row}"] = "Anna" + "a" * 10_000_000
    wb.save(cup)
    with TestClient(console_app(cup, token=TOKEN, watch=False), base_url=LOCAL) as c:
        for url, headers in pages:
            r = c.get(url, headers=headers)
            assert r.status_code == 200 and len(r.content) < usual[url] + 20 * MAX_SHOWN + 2 * MAX_SENTENCE, (
                url, len(r.content))
            assert "a" * (MAX_SENTENCE + 1) not in r.text


def test_a_long_name_is_shown_cut_with_its_beginning(tmp_path):
    from archon.web.view import MAX_SHOWN

    event = winter_cup(1)
    event.players[0].first_name = "Anna" + "n" * 20_000  # a cell holds it: archon writes it
    path = tmp_path / "cup.xlsx"
    new_event(path, event)
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        page = c.get("/").text
        assert ("Anna" + "n" * (MAX_SHOWN - 5) + "\u2026") in page and "n" * MAX_SHOWN not in page
        # the JSON contract keeps the name whole
        assert json.loads(c.get("/api/standings").text)["players"][0]["first_name"] == event.players[0].first_name
