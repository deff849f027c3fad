"""The languages archon speaks: choosing one, and a renderer per language.

A message's English (the catalogue) is looked up in the language's gettext
catalogue; numbers, dates and lists are written as the language writes them
(Babel); the count spec takes the language's plural forms (Polish and Czech
have three). English reads as it always has.
"""

from __future__ import annotations

import datetime as dt

import pytest

from archon.exits import ExitStatus, status_of
from archon.web.words import console
from archon.words import act, say
from archon.words.catalogue import TEXTS, text_of
from archon.words.choose import UnknownLanguage, choose_language, from_accept_language
from archon.words.extract import ENGLISH_ONLY
from archon.words.languages import LANGUAGES, and_list, ngettext, plural_index, supported
from archon.words.render import PLAIN, Renderer

EIGHT = ("en", "fr", "es", "it", "pt", "de", "pl", "cs")
#: The languages that write 2.5 as "2,5".
DECIMAL_COMMA = ("fr", "es", "it", "pt", "de", "pl", "cs")


def test_archon_speaks_the_eight_languages_english_first():
    assert LANGUAGES[0] == "en"
    assert set(LANGUAGES) == set(EIGHT)


# ---------------------------------------------------------------------------
# Choosing


@pytest.mark.parametrize("explicit, environ, chosen", [
    ("pl", {"ARCHON_LANG": "fr", "LANG": "de_DE.UTF-8"}, "pl"),  # --lang first
    (None, {"ARCHON_LANG": "fr", "LC_ALL": "de_DE.UTF-8"}, "fr"),  # then ARCHON_LANG
    (None, {"LC_ALL": "cs_CZ.UTF-8", "LC_MESSAGES": "it_IT", "LANG": "de_DE"}, "cs"),  # then the locale, as gettext
    (None, {"LC_MESSAGES": "it_IT.UTF-8", "LANG": "de_DE"}, "it"),
    (None, {"LANG": "pt_BR.UTF-8"}, "pt"),  # Brazil and Portugal read one Portuguese
    (None, {"LANG": "pt_PT"}, "pt"),
    (None, {"LANG": "es_AR.UTF-8"}, "es"),
    (None, {"LC_ALL": "C", "LANG": "fr_FR"}, "en"),  # C: no translation, as gettext reads it
    (None, {"LANG": "hu_HU.UTF-8"}, "en"),  # a language archon does not speak yet: English
    (None, {"ARCHON_LANG": "hu", "LANG": "pl_PL"}, "pl"),  # passed over, not refused
    (None, {}, "en"),
    ("PT-br", {}, "pt"),
])
def test_the_language_is_the_one_asked_then_archon_lang_then_the_systems_then_english(explicit, environ, chosen):
    assert choose_language(explicit, environ) == chosen


def test_a_language_asked_for_that_archon_does_not_speak_is_refused_as_wrong_usage():
    with pytest.raises(UnknownLanguage) as caught:
        choose_language("hu", {})
    assert status_of(caught.value) == ExitStatus.UNREADABLE
    assert caught.value.message.id == "language.unknown"
    assert str(caught.value) == "archon does not speak 'hu': give one of en, cs, de, es, fr, it, pl and pt"


@pytest.mark.parametrize("header, chosen", [
    ("pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7", "pl"),
    ("pt-BR,pt;q=0.9", "pt"),
    ("hu-HU,hu;q=0.9,de;q=0.5,en;q=0.3", "de"),  # the first language archon speaks, by weight
    ("en;q=0.5, cs", "cs"),  # weights, not order
    ("fr;q=0, it", "it"),  # q=0: not wanted
    ("*", None),
    ("", None),
    ("xx-YY, 12, ;;;", None),
])
def test_a_browser_gets_the_language_it_prefers_most_among_archons(header, chosen):
    assert from_accept_language(header) == chosen


def test_a_code_names_its_language_by_its_first_part():
    assert supported("cs_CZ@euro") == "cs"
    assert supported("de-AT") == "de"
    assert supported("POSIX") is None and supported("") is None and supported(None) is None


# ---------------------------------------------------------------------------
# Rendering


def test_english_reads_as_it_always_has():
    said = say("web.where.round", round=1, table=2, seat=3)
    assert Renderer().render(said) == PLAIN.render(said) == "Round 1: table 2, seat 3"
    assert Renderer("en").field(2.5) == "2.5" and Renderer("en").field(2.0) == "2"
    assert Renderer("en").field(True) == "yes"
    assert Renderer("en").field(["a", "b", "c"]) == "a, b and c"
    assert Renderer("en").field(dt.date(2026, 12, 5)) == "2026-12-05"


@pytest.mark.parametrize("lang, said", [
    ("fr", "Ronde 1 : table 2, place 3"),
    ("es", "Ronda 1: mesa 2, asiento 3"),
    ("it", "Turno 1: tavolo 2, posto 3"),
    ("pt", "Rodada 1: mesa 2, lugar 3"),
    ("de", "Runde 1: Tisch 2, Platz 3"),
    ("pl", "Runda 1: stół 2, miejsce 3"),
    ("cs", "Kolo 1: stůl 2, místo 3"),
])
def test_a_message_reads_in_the_renderers_language(lang, said):
    assert Renderer(lang).render(say("web.where.round", round=1, table=2, seat=3)) == said


@pytest.mark.parametrize("lang", DECIMAL_COMMA)
def test_a_vp_of_two_and_a_half_has_a_decimal_comma_where_the_language_writes_one(lang):
    assert Renderer(lang).field(2.5) == "2,5"
    assert Renderer(lang).field(2.0) == "2"
    assert Renderer(lang).field(0.5) == "0,5"


@pytest.mark.parametrize("lang, date", [
    ("fr", "5 décembre 2026"), ("es", "5 de diciembre de 2026"), ("it", "5 dicembre 2026"),
    ("pt", "5 de dezembro de 2026"), ("de", "5. Dezember 2026"), ("pl", "5 grudnia 2026"),
    ("cs", "5. prosince 2026"),
])
def test_a_date_reads_in_the_local_form(lang, date):
    assert Renderer(lang).field(dt.date(2026, 12, 5)) == date


def test_lists_yes_and_no_in_the_language():
    assert and_list(["a", "b", "c"], "fr") == "a, b et c"
    assert and_list(["a", "b", "c"], "pl") == "a, b i c"
    assert Renderer("es").field(["Ana", "Bruno"]) == "Ana y Bruno"
    assert Renderer("de").field(True) == "ja" and Renderer("cs").field(False) == "ne"


# Polish and Czech have three plural forms: 1, 2-4 (not 12-14), the rest.
PLURALS = {
    "pl": {1: "1 stół", 2: "2 stoły", 5: "5 stołów", 12: "12 stołów", 22: "22 stoły"},
    "cs": {1: "1 stůl", 2: "2 stoly", 5: "5 stolů", 4: "4 stoly", 12: "12 stolů"},
}


@pytest.mark.parametrize("lang, n", [(lang, n) for lang, forms in PLURALS.items() for n in forms])
def test_polish_and_czech_count_tables_in_three_forms_in_a_message(lang, n):
    said = console(lang).render(say("web.round_size", tables=n, players=4 * n))
    assert said.startswith(PLURALS[lang][n] + ", ")


@pytest.mark.parametrize("lang, n", [(lang, n) for lang, forms in PLURALS.items() for n in forms])
def test_polish_and_czech_count_tables_in_three_forms_with_ngettext(lang, n):
    # the pages' labels: gettext's own ngettext, the catalogue's Plural-Forms
    assert ngettext(lang, "%(num)d table", "%(num)d tables", n) % {"num": n} == PLURALS[lang][n]


def test_the_plural_rules_are_the_catalogues():
    assert [plural_index("pl", n) for n in (0, 1, 2, 4, 5, 12, 21, 22, 25)] == [2, 0, 1, 1, 2, 2, 2, 1, 2]
    assert [plural_index("cs", n) for n in (0, 1, 2, 4, 5)] == [2, 0, 1, 1, 2]
    assert [plural_index("fr", n) for n in (0, 1, 2)] == [0, 0, 1]
    assert [plural_index("de", n) for n in (0, 1, 2)] == [1, 0, 1]


def test_the_players_count_agrees_in_polish():
    assert console("pl").render(say("web.round_size", tables=1, players=4)) == "1 stół, 4 graczy"
    assert console("pl").render(say("web.round_size", tables=2, players=8)) == "2 stoły, 8 graczy"
    assert console("cs").render(say("web.round_size", tables=1, players=4)) == "1 stůl, 4 hráči"


def test_actions_read_as_the_pages_controls_in_the_pages_language():
    assert console("fr").field(act("seat", round=1, force=True)) == (
        "« Placer la ronde » pour la ronde 1, puis OK quand la page le demande")
    assert console("pl").render(say("web.confirm_force", undo=act("undo"))) == (
        "OK: zrób to teraz („Cofnij ostatnią zmianę” przywraca wszystko).")


def test_a_message_the_language_lacks_reads_in_english():
    # the commands' contracts (their --help) are left in English on purpose
    untranslated = [id for id in TEXTS if id.startswith(ENGLISH_ONLY)]
    assert len(untranslated) > 20, "the contracts went to the translators: pick another message"
    for lang in EIGHT:
        for id in untranslated:
            assert Renderer(lang).text(id) == text_of(id)
    assert Renderer("fr").render(say("text", text="round 1 is seated")) == "round 1 is seated"
