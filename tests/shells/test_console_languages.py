"""The event console in each browser's language, in process (Starlette's test client).

Each browser reads the pages in the language it asks for (``Accept-Language``)
until the switcher picks another (``?lang=``, kept in that browser's cookie);
``<html lang>`` says which. The answers to its requests, the download links,
the numbers (a VP of 2.5 is 2,5) and the counts (Polish and Czech have three
plural forms) follow. ``test_console_languages_browser`` does the same in
Chromium.
"""

from __future__ import annotations

import html
import re
import warnings

import pytest

with warnings.catch_warnings():  # Starlette 1.x prefers httpx2; httpx is what the test extra installs
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from archon import api
from archon.formats.workbook import new_event
from archon.rules.model import Event, Player
from archon.web import console_app
from archon.web.app import LANGUAGE_COOKIE
from archon.web.words import console
from archon.words import act, option, say
from archon.words.languages import LANGUAGES, translations
from test_console_api import AUTH, LOCAL, TOKEN, client, cup, post  # noqa: F401
from test_eventday import tossed, winter_cup

EIGHT = ("en", "fr", "es", "it", "pt", "de", "pl", "cs")


def _(lang: str, english: str) -> str:
    """A page's label in ``lang`` (its catalogue's)."""
    return translations(lang).gettext(english)


def text_of(page: str) -> str:
    """A page as read: its text, and what its fields and buttons say (placeholders, labels, titles)."""
    page = re.sub(r"<(style|script)\b.*?</\1>", " ", page, flags=re.S)
    said = re.findall(r'(?:placeholder|aria-label|title)="([^"]*)"', page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + " ".join(said))


def lang_of(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


@pytest.mark.parametrize("lang", EIGHT)
def test_the_pages_follow_the_browsers_language_and_say_which(client, lang):
    asked = {"Accept-Language": f"{lang}-XX,{lang};q=0.9,en;q=0.5"}
    players = client.get("/", headers=asked)
    organizer = client.get(f"/organizer?token={TOKEN}", headers=asked)
    for page in (players, organizer):
        assert page.status_code == 200
        assert lang_of(page.text) == lang and page.headers["content-language"] == lang
    assert _(lang, "Find your name") in players.text
    assert _(lang, "Undo the last change") in organizer.text
    if lang != "en":
        assert "Find your name" not in players.text and "Undo the last change" not in organizer.text


def test_a_browser_that_asks_for_no_language_archon_speaks_reads_english(client):
    page = client.get("/", headers={"Accept-Language": "hu-HU,hu;q=0.9"})
    assert lang_of(page.text) == "en" and "Find your name" in page.text


def test_the_switcher_changes_one_browsers_language_and_no_other(cup):
    app = console_app(cup, token=TOKEN, watch=False)
    with TestClient(app, base_url=LOCAL) as one, TestClient(app, base_url=LOCAL) as other:
        polish = {"Accept-Language": "pl"}
        assert lang_of(one.get("/", headers=polish).text) == "pl"
        switched = one.get("/?lang=pt", headers=polish)
        assert lang_of(switched.text) == "pt" and one.cookies.get(LANGUAGE_COOKIE) == "pt"
        # the choice stays with that browser: its next pages, its fragments, its answers
        assert lang_of(one.get("/", headers=polish).text) == "pt"
        assert _("pt", "Standings") in one.get("/fragment/players", headers=polish).text
        refused = post(one, "register", {"name": "X"}, headers=polish)
        assert refused.json()["error"] == console("pt").render(say("web.token_needed"))
        # another browser at the same event keeps its own
        assert lang_of(other.get("/", headers=polish).text) == "pl"
        assert other.cookies.get(LANGUAGE_COOKIE) is None
        # a code archon does not speak changes nothing
        assert lang_of(one.get("/?lang=xx", headers=polish).text) == "pt"
        assert one.cookies.get(LANGUAGE_COOKIE) == "pt"


def test_the_switcher_offers_every_language_in_its_own_name(client):
    page = client.get("/", headers={"Accept-Language": "de"}).text
    nav = re.search(r'<nav class="languages" id="languages" aria-label="([^"]+)">(.*?)</nav>', page, re.S)
    assert nav.group(1) == "Sprache"
    links = re.findall(r'<a href="\?lang=(\w+)" hreflang="\1" lang="\1" rel="alternate">([^<]+)</a>', nav.group(2))
    current = re.findall(r'<b lang="(\w+)" aria-current="true">([^<]+)</b>', nav.group(2))
    assert current == [("de", "Deutsch")]
    assert dict(links) == {"en": "English", "fr": "Français", "es": "Español", "it": "Italiano",
                           "pt": "Português", "pl": "Polski", "cs": "Čeština"}
    assert set(dict(links)) | {"de"} == set(LANGUAGES)


def test_the_organizers_page_asks_for_its_token_in_the_browsers_language(client):
    page = client.get("/organizer", headers={"Accept-Language": "it"})
    assert page.status_code == 401 and lang_of(page.text) == "it"
    assert _("it", "The organizer's page needs its token") in page.text
    # the token's redirect keeps a language asked for
    r = client.get(f"/organizer?token={TOKEN}&lang=cs", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/organizer?lang=cs"


@pytest.mark.parametrize("lang", ("fr", "pl"))
def test_the_download_links_carry_the_pages_language(client, lang):
    page = client.get(f"/organizer?token={TOKEN}", headers={"Accept-Language": lang}).text
    links = re.findall(r'href="(/download/[^"]+)"', page)
    # the deck lists are the players' own texts, in no language of archon's
    assert links.pop() == "/download/decks.zip"
    assert links == [f"/download/report.xlsx?lang={lang}", f"/download/report.xlsx?lang={lang}&amp;judges_notes=1",
                     f"/download/round-1.xlsx?lang={lang}", f"/download/report.html?lang={lang}",
                     f"/download/report.html?lang={lang}&amp;judges_notes=1"]
    for link in links:
        assert client.get(link.replace("&amp;", "&")).status_code == 200, link
    # a refused download says why in that language
    refused = client.get("/download/report.xlsx?lang=" + lang, headers={"Cookie": ""})
    assert refused.status_code == 401 and refused.json()["error"] == console(lang).render(say("web.token_needed"))


def test_a_refusal_is_said_in_the_browsers_language_and_keys_on_the_same_message(client, cup):
    before = cup.read_bytes()
    answers = {}
    for lang in ("es", "cs"):
        r = post(client, "register", {"name": "Xavier Late", "version": "a-version-long-gone"},
                 headers={**AUTH, "Accept-Language": lang})
        assert r.status_code == 409 and r.json()["reload"] is True
        answers[lang] = r.json()
    assert answers["es"]["error"] == console("es").render(say("web.stale_version", file="cup.xlsx"))
    assert answers["es"]["error"].startswith("cup.xlsx ha cambiado desde que esta página lo leyó")
    assert answers["cs"]["error"].startswith("cup.xlsx se změnil od chvíle, kdy ho tato stránka načetla")
    # what a script keys on is the same in every language
    assert answers["es"]["message"] == answers["cs"]["message"] == {"id": "web.stale_version",
                                                                     "fields": {"file": "cup.xlsx"}}
    assert cup.read_bytes() == before


@pytest.mark.parametrize("lang", EIGHT)
def test_every_control_the_console_names_is_labelled_so_on_its_page_in_every_language(tmp_path, lang):
    """The labels a sentence quotes ('"Record" at round 1, table 2') are the
    page's own in that language: an organizer finds the button it names."""
    from test_console_browser import tied_after_round_1

    tied = tied_after_round_1(tmp_path)
    final = tmp_path / "final.xlsx"
    new_event(final, tossed(winter_cup(3), winner=15))
    asked = {"Accept-Language": lang}
    pages = []
    for path in (tied, final):
        with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
            pages.append(text_of(c.get("/fragment/organizer", headers={**AUTH, **asked}).text))
            if path == tied:
                assert post(c, "drop", {"player": 8}).status_code == 200
            else:
                assert post(c, "finals", {"seating": [6, 15, 1, 4, 2]}).status_code == 200
            pages.append(text_of(c.get("/fragment/organizer", headers={**AUTH, **asked}).text))
    text = "\n".join(pages)
    said = [act("seat", round=1, force=True), act("seat", round=1, show=True), act("undo"),
            act("result", round=1, table=1, replace=True, override="..."), act("result", final=True),
            act("drop", player=1), act("drop", player=1, reason="DQ"), act("drop", player=8, undo=True),
            act("toss"), act("finals", seating=[1, 2, 3, 4, 5]), act("finals", none=True), act("register"),
            act("check"), act("standings"), act("report"), act("report", archondata=True), act("report", twd=True),
            act("report", html=True), act("report", round=1),
            option("override"), option("replace"), option("vekn"), option("city"), option("seed"), option("round")]
    quoted = re.compile(r'"([^"]+)"|«\s?([^»]+?)\s?»|„([^“”]+)[“”]|“([^”]+)”')
    for thing in said:
        labels = [next(g for g in m if g) for m in quoted.findall(console(lang).field(thing))]
        assert labels, f"{lang}: {thing} quotes no label"
        for label in labels:
            label = label.replace("{round}", "1")
            assert label in text, f"{lang}: {thing}: {label!r} is on no page"


# ---------------------------------------------------------------------------
# Numbers and counts


def _standings_row(page: str, number: int) -> list[str]:
    standings = page[page.index('<section id="standings">'):]
    row = re.search(rf'<tr[^>]*data-player="{number}">(.*?)</tr>', standings, re.S).group(1)
    return [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


@pytest.mark.parametrize("lang, vp", [("en", "2.5"), ("fr", "2,5"), ("es", "2,5"), ("it", "2,5"), ("pt", "2,5"),
                                      ("de", "2,5"), ("pl", "2,5"), ("cs", "2,5")])
def test_a_vp_of_two_and_a_half_reads_with_the_languages_decimal_mark(client, lang, vp):
    # Kaito Tanaka (#11) scored 2.5 VP in round 1: rank, name, VEKN, GW, VP, TP, final VP, rating
    row = _standings_row(client.get("/", headers={"Accept-Language": lang}).text, 11)
    assert row[1] == "Kaito Tanaka" and row[4] == vp
    assert row[7] == ("23.00" if lang == "en" else "23,00")
    # the organizer's form shows it so, and the page's script sends it back as typed
    organizer = client.get(f"/organizer?token={TOKEN}", headers={"Accept-Language": lang}).text
    assert f'id="r1t3-vp1" name="vps" data-kind="list" inputmode="decimal" size="3" value="{vp}"' in organizer
    typed = [vp, "0", "0", vp.replace("2", "0")]  # round 1, table 3 as typed: 2.5 0 0 0.5
    verdict = client.get("/api/score", params={"vps": (";" if "," in vp else ",").join(typed)}).json()
    assert verdict["status"] == "complete"


def _club_night(tmp_path, players: int):
    """A club night of ``players`` players, round 1 seated."""
    path = tmp_path / f"club-{players}.xlsx"
    new_event(path, Event(name="Club night", level="Standard Constructed", preliminary_rounds=2,
                          players=[Player(n, f"First{n}", f"Last{n}") for n in range(1, players + 1)]))
    api.seat(path, 1, seed=1)
    return path


#: (players, tables) -> the count of tables in Polish and Czech: 1, 2-4 and 5+ take three forms.
COUNTS = {(4, 1): ("1 stół", "1 stůl"), (8, 2): ("2 stoły", "2 stoly"), (25, 5): ("5 stołów", "5 stolů")}


@pytest.mark.parametrize("players, tables", list(COUNTS))
def test_polish_and_czech_pages_count_the_tables_in_three_forms(tmp_path, players, tables):
    path = _club_night(tmp_path, players)
    with TestClient(console_app(path, token=TOKEN, watch=False), base_url=LOCAL) as c:
        for lang, said in zip(("pl", "cs"), COUNTS[players, tables]):
            page = c.get("/", headers={"Accept-Language": lang}).text
            size = re.search(r'<p class="note" id="round-size">([^<]*)</p>', page).group(1)
            assert size.startswith(said + ", "), (lang, size)
            organizer = c.get(f"/organizer?token={TOKEN}", headers={"Accept-Language": lang}).text
            assert f'<small class="size">{said}</small>' in organizer
        english = c.get("/", headers={"Accept-Language": "en"}).text
        assert f"{tables} table{'s' if tables > 1 else ''}, {players} players" in english
