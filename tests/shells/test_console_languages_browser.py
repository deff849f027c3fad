"""The players' page on phones of eight languages, in a real browser (the
system's headless Chromium, driven by Playwright as ``test_console_browser`` does).

* A phone whose browser asks for a language (``Accept-Language``) reads the
  players' page in it: none of the English page's labels is left (a list of
  them, each found on the English page), but for a word the language's
  glossary gives as its own term too (French "table", Spanish "final").
* The switcher changes one phone's language and not another's at the same
  event; the page's live updates stay in the language chosen.
* A VP of 2.5 reads 2,5 where the language writes a decimal comma, and the
  organizer's page checks a table typed with decimal commas in French words
  (the page gives its script its words).
"""

from __future__ import annotations

import re
import shutil

import pytest

from archon import api
from archon.formats.workbook import new_event
from archon.rules.scoring import legal_results
from archon.words.check_language import form_pattern, glossary
from test_console_browser import TOKEN, Server, browser  # noqa: F401
from test_eventday import tossed, winter_cup

EIGHT = ("en", "fr", "es", "it", "pt", "de", "pl", "cs")
PHONE = {"width": 390, "height": 844}

#: The labels of the English players' page, mid-event and after the final
#: (each is on one of them: the first test of the list checks it).
LABELS = ["Find your name", "your name or number", "No player by that name", "withdrew from the event", "Winner", "Final",
          "Round", "Table", "Seat", "Player", "Seed", "Final VP", "Place", "Rank", "Rating", "Standings",
          "complete", "pending", "tables and standings", "tables", "players", "Language", "VP", "GW", "TP",
          "out", "WD"]


def _phone(browser, lang: str):
    """A phone's browser asking for ``lang`` (its own cookies: another phone)."""
    context = browser.new_context(viewport=PHONE, locale=lang, extra_http_headers={"Accept-Language": lang})
    context.set_default_timeout(60_000)
    return context


READ = """() => {
  const said = [document.body.innerText, document.title];
  for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
    for (const a of ['placeholder', 'aria-label', 'title']) if (el.getAttribute(a)) said.push(el.getAttribute(a));
  }
  return said.join('\\n');
}"""


def _read(page) -> str:
    """What a reader of the page sees: its visible text, its title, what its fields and controls say."""
    return page.evaluate(READ)


def _read_searching(page, searched: list[str]) -> str:
    """The page read as it is, then with each of ``searched`` typed into "Find your name"."""
    said = [_read(page)]
    for name in searched:
        page.fill("#find", name)
        said.append(_read(page))
    page.fill("#find", "")
    return "\n".join(said)


@pytest.fixture(scope="module")
def events(tmp_path_factory):
    """Two states of the Winter Cup: mid-event (round 3 seated, table 1's result
    in, #22 withdrawn) and after the final; the names the players' page is searched for."""
    folder = tmp_path_factory.mktemp("languages")
    middle = folder / "middle.xlsx"
    new_event(middle, winter_cup(2))
    api.seat(middle, 3, seed=3)
    first = next(r for r in api.standings(middle)["rounds"] if r["round"] == 3)["tables"][0]
    api.result(middle, list(sorted(legal_results(len(first["seats"])))[0]), round=3, table=1)
    final = folder / "final.xlsx"
    new_event(final, tossed(winter_cup(3), winner=15))
    api.seat_final(final, [6, 15, 1, 4, 2])
    api.result(final, [1, 0, 0, 3, 1], final=True)
    return {middle: ["Dubois", "nobody-by-this-name"], final: []}


#: English labels that are a language's own word for the same thing: each is
#: a form of a term of that language's glossary (checked below).
SHARED = {"fr": {"Table": "table", "tables": "table", "Place": "seat"}, "es": {"Final": "final"},
          "pt": {"Final": "final"}, "de": {"TP": "tournament_points"}}


@pytest.mark.parametrize("lang", sorted(SHARED))
def test_a_label_shared_with_the_english_is_the_glossarys_term(lang):
    terms = glossary(lang)
    for label, key in SHARED[lang].items():
        assert form_pattern(terms[key]["forms"]).fullmatch(label), f"{lang}: {label!r} is not {key}"


@pytest.mark.parametrize("lang", EIGHT)
def test_the_players_page_is_in_the_phones_language_with_no_english_label_left(browser, events, lang):
    context = _phone(browser, lang)
    read = []
    for path, searched in events.items():
        with Server(path) as base:
            page = context.new_page()
            page.goto(base + "/")
            assert page.get_attribute("html", "lang") == lang
            read.append(_read_searching(page, searched))
            page.close()
    context.close()
    text = "\n".join(read)
    found = {label for label in LABELS if re.search(rf"(?<![\w]){re.escape(label)}(?![\w])", text)}
    if lang == "en":
        assert found == set(LABELS), f"labels on no English page: {sorted(set(LABELS) - found)}"
    else:
        left = sorted(found - set(SHARED.get(lang, ())))
        assert not left, f"{lang}: English labels left on the players' page: {left}"


def test_the_switcher_changes_one_phones_language_and_not_anothers(browser, events, tmp_path):
    middle = tmp_path / "middle.xlsx"
    shutil.copyfile(next(iter(events)), middle)
    brazil, poland = _phone(browser, "pl"), _phone(browser, "pl")
    with Server(middle) as base:
        one, other = brazil.new_page(), poland.new_page()
        for page in (one, other):
            page.goto(base + "/")
            assert page.get_attribute("html", "lang") == "pl"
        one.click("#languages a[hreflang=pt]")
        one.wait_for_selector("html[lang=pt]")
        assert one.text_content("#standings h2") == "Classificação"
        assert one.is_visible("#languages b[aria-current=true]:text-is('Português')")
        other.reload()
        assert other.get_attribute("html", "lang") == "pl" and other.text_content("#standings h2") == "Klasyfikacja"
        # the choice stays with the phone, on every page it opens and every live update
        one.goto(base + "/")
        assert one.get_attribute("html", "lang") == "pt"
        api.drop(middle, "5")  # Elena Rossi withdraws: both pages show it, each in its language
        one.wait_for_selector("#standings tr[data-player='5'] small:has-text('fora (desistência)')")
        other.wait_for_selector("#standings tr[data-player='5'] small:has-text('poza turniejem (wycofanie)')")
        assert one.text_content("#standings h2") == "Classificação"
        assert other.text_content("#standings h2") == "Klasyfikacja"
    brazil.close()
    poland.close()


@pytest.mark.parametrize("lang, vp", [("en", "2.5"), ("fr", "2,5"), ("pl", "2,5"), ("cs", "2,5")])
def test_a_vp_of_two_and_a_half_has_the_languages_decimal_mark(browser, tmp_path, lang, vp):
    path = tmp_path / "cup.xlsx"
    new_event(path, winter_cup(1))
    context = _phone(browser, lang)
    with Server(path) as base:
        page = context.new_page()
        page.goto(base + "/")
        # Kaito Tanaka (#11) scored 2.5 VP in round 1, at table 3
        assert page.text_content("#standings tr[data-player='11'] td:nth-child(5)") == vp
        assert page.text_content("#round tr[data-player='11'] td:nth-child(3)") == vp
    context.close()


def test_the_organizers_page_checks_a_table_typed_with_decimal_commas_in_its_own_words(browser, tmp_path):
    path = tmp_path / "cup.xlsx"
    new_event(path, winter_cup(1))
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR",
                                  extra_http_headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    context.set_default_timeout(60_000)
    with Server(path) as base:
        page = context.new_page()
        page.goto(f"{base}/organizer?token={TOKEN}")
        page.wait_for_selector("#registration")
        assert page.get_attribute("html", "lang") == "fr"
        page.evaluate("() => document.querySelector('#round-1').open = true")
        # table 3 as recorded, 2,5 0 0 0,5: the page shows it with commas; a VP left blank is pending
        assert page.input_value("#r1t3-vp1") == "2,5"
        page.fill("#r1t3-vp4", "")
        page.wait_for_function("() => document.querySelector('#r1t3').dataset.status === 'pending'")
        assert page.text_content("#r1t3 .verdict").startswith("en attente : ")
        assert page.get_attribute("#r1t3 button", "title") == "saisissez tous les PV"
        page.fill("#r1t3-vp4", "0,5")
        page.wait_for_function("() => document.querySelector('#r1t3').dataset.status === 'complete'")
        assert page.text_content("#r1t3 .verdict") == "valide : une partie peut finir ainsi"
        assert page.get_attribute("#r1t3 button", "title") == (
            "cette table a un résultat : cochez « remplacer » pour le changer")
        page.fill("#r1t3-override", "décision")
        assert page.text_content("#r1t3 button") == "Enregistrer"
        page.fill("#r1t3-vp4", "3")
        page.wait_for_function("() => document.querySelector('#r1t3').dataset.status === 'invalid'")
        assert page.text_content("#r1t3 button") == "Enregistrer comme décision du juge"
    context.close()
