"""The translations: every English message translated into every language, with
the English's placeholders, the glossary's terms, and compiled as shipped.

The English is ``archon/words/locale/archon.pot`` (``python -m
archon.words.extract``); each language's ``.po`` is checked by ``python -m
archon.words.check_language``, whose checks are tested here on broken copies.
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po, write_po

from conftest import REPO, official_dir_path

import archon.words.check_language as checker
from archon.words import extract
from archon.words.check_language import check, compiled, glossary, mo_path, placeholders
from archon.words.languages import LOCALE_DIR

EIGHT = ("en", "fr", "es", "it", "pt", "de", "pl", "cs")
#: The terms every glossary gives (the issue's list).
TERMS = {"methuselah", "prey", "predator", "victory_point", "game_win", "tournament_points", "seat", "table",
         "round", "final", "withdrawal", "disqualification", "judge", "seating"}
#: The rules' texts (the Spanish and the Italian translations among them), beside the official Archon files.
SEEDS = next((p for p in (REPO.parent / "shared" / "seeds", official_dir_path().parent / "seeds") if p.is_dir()),
             REPO.parent / "shared" / "seeds")


def _pot():
    with extract.POT.open("rb") as f:
        return read_po(f)


def _messages(catalog) -> set:
    return {(m.context, m.id) for m in catalog if m.id}


def test_the_pot_holds_the_english_as_the_catalogue_and_the_templates_say_it_now():
    """A message or a label changed without ``python -m archon.words.extract --update`` fails here."""
    assert _messages(_pot()) == _messages(extract.english())


def test_the_pot_holds_the_consoles_messages_and_the_pages_labels():
    ids = _messages(_pot())
    assert ("web.where.round", "Round {round}: table {table}, seat {seat}") in ids
    assert (None, "Find your name") in ids
    assert (None, ("%(num)d table", "%(num)d tables")) in ids
    assert ("random number", "seed") in ids and (None, "seed") in ids  # two meanings, two entries
    assert (None, "type every VP") in ids  # console.js's words, from the page


@pytest.mark.parametrize("lang", EIGHT)
def test_every_english_message_is_translated_with_its_placeholders(lang):
    """Read from the shipped ``.mo``: every msgid of the ``.pot`` has a
    translation (every plural form), with the English's placeholders."""
    with mo_path(lang).open("rb") as f:
        shipped = read_mo(f)
    nplurals = shipped.num_plurals
    missing, wrong = [], []
    for m in _pot():
        if not m.id:
            continue
        english = m.id if isinstance(m.id, str) else m.id[0]
        brace = "python-brace-format" in m.flags
        found = shipped.get(m.id, context=m.context)
        texts = [] if found is None else list(found.string) if m.pluralizable else [found.string]
        if not texts or not all(texts) or (m.pluralizable and len(texts) != nplurals):
            missing.append(m.context or english)
            continue
        for text in texts:
            if [p[:3] for p in placeholders(text, brace)] != [p[:3] for p in placeholders(english, brace)]:
                wrong.append(f"{m.context or ''} {english!r} -> {text!r}")
    assert not missing, f"{lang}: not translated: {missing}"
    assert not wrong, f"{lang}: placeholders differ from the English:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", EIGHT)
def test_every_language_passes_its_check(lang):
    assert [str(p) for p in check(lang)] == []


@pytest.mark.parametrize("lang", EIGHT)
def test_each_mo_is_its_po_compiled(lang):
    """The ``.mo`` archon reads is the ``.po`` as it is now: a ``.po`` edited
    without ``python -m archon.words.check_language LANG`` fails here."""
    mo = mo_path(lang)
    po = mo.with_suffix(".po")
    assert mo.is_file(), f"{lang}: no {mo.name}: run python -m archon.words.check_language {lang}"
    older = " (the .mo is older than the .po)" if mo.stat().st_mtime < po.stat().st_mtime else ""
    assert mo.read_bytes() == compiled(lang), (f"{lang}: {mo.name} is not {po.name} compiled{older}: "
                                              f"run python -m archon.words.check_language {lang}")


@pytest.mark.parametrize("lang", EIGHT)
def test_every_glossary_gives_the_games_terms(lang):
    terms = glossary(lang)
    assert set(terms) >= TERMS
    for key in TERMS:
        assert terms[key]["term"] and terms[key]["forms"], f"{lang}: {key}"


@pytest.mark.parametrize("lang, not_in_the_rules", [
    ("es", {"methuselah"}),  # the Spanish tournament rules never name the Methuselah
    ("it", {"game_win", "seating"}),  # the 2001 Italian rules have no Game Wins
])
def test_the_spanish_and_italian_terms_are_those_of_the_rules_in_those_languages(lang, not_in_the_rules):
    seed = {"es": "003_*.txt", "it": "004_*.txt"}[lang]
    found = sorted(SEEDS.glob(seed))
    if not found:
        pytest.skip(f"the rules in {lang} are not in {SEEDS}")
    text = found[0].read_text(encoding="utf-8")
    terms = glossary(lang)
    for key in TERMS - not_in_the_rules:
        assert checker.form_pattern(terms[key]["forms"]).search(text), f"{lang}: {terms[key]['term']!r} ({key})"


# ---------------------------------------------------------------------------
# The check finds what a translator may get wrong


@pytest.fixture
def locale(tmp_path, monkeypatch):
    """A copy of the languages' folder the check reads."""
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, copy)
    monkeypatch.setattr(checker, "LOCALE_DIR", copy)
    return copy


def _edit(locale: Path, lang: str, change) -> None:
    path = locale / lang / "LC_MESSAGES" / "archon.po"
    with path.open("rb") as f:
        po = read_po(f)
    change(po)
    out = io.BytesIO()
    write_po(out, po, width=100, include_lineno=False)
    path.write_bytes(out.getvalue())


def _translate(context, english, text):
    def change(po):
        po.get(english, context=context).string = text
    return change


def test_the_check_finds_a_message_not_translated(locale):
    _edit(locale, "pl", _translate("web.where.place", "Place {place}", ""))
    assert [p.what for p in check("pl")] == ["not translated"]


def test_the_check_finds_a_message_missing(locale):
    _edit(locale, "fr", lambda po: po.delete("Find your name"))
    assert [p.what for p in check("fr")] == [
        "not in the .po: run python -m archon.words.extract --update, then translate it"]


def test_the_check_finds_placeholders_unlike_the_english(locale):
    _edit(locale, "es", _translate("web.where.round", "Round {round}: table {table}, seat {seat}",
                                   "Ronda {ronda}: mesa {table}, asiento {seat}"))
    _edit(locale, "es", _translate(None, "Round %(round)s", "Ronda"))
    _edit(locale, "es", _translate("web.wrong_host", "this console does not answer for the host {host!r}: "
                                   "open it at the address it printed",
                                   "esta consola no responde para el host {host}: ábrala en la dirección que mostró"))
    found = [p.what for p in check("es")]
    assert len(found) == 3 and all(w.startswith("placeholders ") for w in found), found
    assert "{ronda}" in found[0] and "{host}" in found[1] and "%(round)s" in found[2]


def test_the_check_finds_plural_forms_the_language_lacks(locale):
    _edit(locale, "pl", _translate("web.round_size", "{tables:count:table|tables}, {players:count:player|players}",
                                   "{tables:count:stół|stołów}, {players:count:gracz|graczy|graczy}"))
    _edit(locale, "cs", _translate(None, ("%(num)d table", "%(num)d tables"), ("%(num)d stůl", "%(num)d stoly")))
    assert [p.what for p in check("pl")] == [
        "{tables:count:...} gives 2 words in '{tables:count:stół|stołów}, {players:count:gracz|graczy|graczy}': "
        "give 3, one per plural form"]
    assert [p.what for p in check("cs")] == ["not translated (plural form 3 of 3)"]


def test_the_check_finds_a_glossary_term_left_out_unless_the_entry_says_why(locale):
    _edit(locale, "it", _translate(None, "Table %(table)s", "Tabella %(table)s"))
    found = check("it")
    assert len(found) == 1 and "use 'tavolo'" in found[0].what
    _edit(locale, "it", lambda po: po.get("Table %(table)s").user_comments.append("glossary-skip: table"))
    assert check("it") == []


def test_the_check_finds_a_glossary_without_a_term(locale):
    path = locale / "de" / "glossary.toml"
    path.write_text(re.sub(r"\[judge\]\nterm = \"Schiedsrichter\"\nforms = \[[^\]]*\]\n", "",
                           path.read_text(encoding="utf-8")), encoding="utf-8")
    assert [p.what for p in check("de")] == ["[judge] (judge): give its term and forms"]


def test_the_command_compiles_a_clean_language_and_refuses_a_broken_one(locale, capsys):
    mo = locale / "fr" / "LC_MESSAGES" / "archon.mo"
    mo.unlink()
    assert checker.main(["fr"]) == 0
    assert mo.read_bytes() == (LOCALE_DIR / "fr" / "LC_MESSAGES" / "archon.mo").read_bytes()
    _edit(locale, "fr", _translate(None, "Find your name", ""))
    mo.unlink()
    assert checker.main(["fr"]) == 1
    assert not mo.exists()
    out = capsys.readouterr().out
    assert "fr: 'Find your name': not translated" in out and "the .mo was not written" in out


def test_every_file_of_the_languages_ships_in_the_package():
    """pyproject.toml's package data takes every .po, .mo, glossary and the .pot."""
    import fnmatch

    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    patterns = data["package-data"]["archon"]
    package = REPO / "archon"
    source = package / "words" / "locale"
    files = [p.relative_to(package).as_posix() for p in source.rglob("*") if p.is_file()]
    assert {Path(f).suffix for f in files} == {".pot", ".po", ".mo", ".toml"}
    unshipped = [f for f in files if not any(fnmatch.fnmatchcase(f, pattern) for pattern in patterns)]
    assert not unshipped, f"not in the package data: {unshipped}"
    if LOCALE_DIR.resolve() != source.resolve():  # archon installed (CI: pip install .): every file arrived
        installed = {p.relative_to(LOCALE_DIR).as_posix() for p in LOCALE_DIR.rglob("*") if p.is_file()}
        assert installed == {p.relative_to(source).as_posix() for p in source.rglob("*") if p.is_file()}
