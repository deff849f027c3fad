"""The English that archon's translations translate: ``archon/words/locale/archon.pot``.

    python -m archon.words.extract              # write the .pot
    python -m archon.words.extract --update     # and bring every language's .po up to date
    python -m archon.words.extract --init xx    # start a language: locale/xx/LC_MESSAGES/archon.po

The ``.pot`` holds:

* the messages of the catalogue's translated areas (:data:`AREAS`), each
  with ``msgctxt`` = its id and ``msgid`` = its English text (one entry per
  shell that words it its own way), and a comment naming its fields;
* the labels of the pages' templates (:data:`TEMPLATES`: the console's, and
  the report's tables the players' page shows), marked ``_()``,
  ``pgettext()``, ``ngettext()`` or ``{% trans %}``; ``_words.html`` holds
  the words of the console's script.

``--update`` adds the new English to every ``.po`` untranslated, drops what
the English no longer says, and fills English's own ``.po`` (its
translation is the English). Then a translator fills the ``.po`` and runs
``python -m archon.words.check_language xx``, which checks it and compiles
it (``docs/translating.md``).

The templates are read by Jinja2's own extractor (``jinja2.ext:babel_extract``),
which Babel loads by that name: this module imports no template library.
"""

from __future__ import annotations

import argparse
import copy
import datetime as dt
import io
import string
import sys
from pathlib import Path
from typing import Iterable, Optional

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from archon.words import catalogue
from archon.words.languages import DOMAIN, LOCALE_DIR, SOURCE

__all__ = ["AREAS", "TEMPLATES", "POT", "PLURAL_FORMS", "english", "pot_text", "po_path", "update_po", "main"]

#: The catalogue's modules translated so far (:mod:`archon.words.catalogue`):
#: the others join as their messages are translated.
AREAS = ("language", "rules", "seating", "eventday", "checkin", "formats", "workbook", "writing", "reports", "across", "api", "cli", "web",
         "player_reports", "decks", "clock")
#: Messages left in English: the commands' contracts, which are their
#: ``--help`` (read by the organizer at a desk, with the README, in English).
ENGLISH_ONLY = ("contract.",)
PACKAGE = Path(__file__).resolve().parent.parent
#: The folders of templates whose labels are translated.
TEMPLATES = (PACKAGE / "web" / "templates", PACKAGE / "reports" / "templates")
#: The English, as a gettext template.
POT = LOCALE_DIR / f"{DOMAIN}.pot"
#: gettext's plural rules (the GNU gettext manual's), by language: Polish
#: and Czech have three forms (1 stół, 2 stoły, 5 stołów); Portuguese takes
#: Brazil's (0 and 1 are singular), as French does.
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pt": "nplurals=2; plural=(n > 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
}
#: Template options: as the pages' environment parses them (archon.reports.render).
_TEMPLATE_OPTIONS = {"trimmed": "true", "newstyle_gettext": "true", "trim_blocks": "true",
                     "lstrip_blocks": "true", "silent": "false"}
_KEYWORDS = {**DEFAULT_KEYWORDS}
#: Where a translator reports a problem of the English.
_BUGS = "archon's issues"
_HEADER = """\
# archon's words: the messages of its catalogue and the labels of its pages.
# msgctxt is a message's id; msgid its English text; {fields} and %(fields)s
# must stay as they are. How to translate: docs/translating.md.
# This file is distributed under the same license as the archon project (MIT)."""


def _fields(text: str) -> list[str]:
    names = []
    for _, name, _, _ in string.Formatter().parse(text):
        if name and name not in names:
            names.append(name)
    return names


def _catalogue_messages() -> Iterable[tuple[str, str, list[str], str]]:
    """(id, English text, comments, where) of every message of :data:`AREAS`."""
    for area in AREAS:
        module = getattr(catalogue, area)
        where = f"archon/words/catalogue/{area}.py"
        owned = dict(module.TEXTS)
        for id, texts in getattr(module, "SHELL_TEXTS", {}).items():
            owned[id] = texts
        for id, texts in owned.items():
            if id.startswith(ENGLISH_ONLY):
                continue
            variants = {"": texts} if isinstance(texts, str) else dict(texts)
            for shell, text in variants.items():
                comments = []
                fields = _fields(text)
                if fields:
                    comments.append("fields: " + ", ".join(fields))
                if shell:
                    comments.append(f"as the {shell} says it")
                if ":count:" in text or ":plural:" in text:
                    comments.append("{x:count:a|b} and {x:plural:a|b}: give one word per plural form of your "
                                    "language, in the order of its Plural-Forms")
                yield id, text, comments, where


def english(creation_date: Optional[dt.datetime] = None) -> Catalog:
    """Everything translated, in English: the catalogue's messages of
    :data:`AREAS`, then the templates' labels."""
    pot = Catalog(project="archon", domain=DOMAIN, creation_date=creation_date, fuzzy=False, header_comment=_HEADER,
                  msgid_bugs_address=_BUGS, copyright_holder="The archon developers")
    for id, text, comments, where in _catalogue_messages():
        found = pot.get(text, context=id)
        if found is not None:
            found.auto_comments = list(dict.fromkeys([*found.auto_comments, *comments]))
            continue
        pot.add(text, context=id, auto_comments=comments, locations=[(where, None)], flags=["python-brace-format"])  # type: ignore[list-item]  # Babel: None = no line number
    for folder in TEMPLATES:
        method = [("**.html", "jinja2.ext:babel_extract")]
        for filename, _line, message, comments, context in extract_from_dir(
                folder, method_map=method, options_map={"**.html": _TEMPLATE_OPTIONS}, keywords=_KEYWORDS,
                comment_tags=("Translators:",), strip_comment_tags=True):
            where = (folder / filename).relative_to(PACKAGE.parent).as_posix()
            msgid = message if isinstance(message, str) else tuple(message)
            found = pot.get(msgid, context=context)
            if found is not None:
                if (where, None) not in found.locations:  # type: ignore[comparison-overlap]  # Babel: None = no line number
                    found.locations.append((where, None))  # type: ignore[arg-type]  # (as above)
                continue
            pot.add(msgid, context=context, auto_comments=comments, locations=[(where, None)])  # type: ignore[list-item]  # (as above)
    return pot


def _text(catalog: Catalog, **options) -> str:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, ignore_obsolete=True, **options)
    return out.getvalue().decode("utf-8")


def _kept_date(path: Path) -> Optional[dt.datetime]:
    if not path.is_file():
        return None
    with path.open("rb") as f:
        date = read_po(f).creation_date
    assert isinstance(date, dt.datetime)  # read_po parses the header's date (a str only when given one)
    return date


def pot_text() -> str:
    """The ``.pot`` as :func:`english` makes it, dated as the one written (if any)."""
    return _text(english(_kept_date(POT)))


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _messages(catalog: Catalog) -> set:
    return {(m.context, m.id) for m in catalog if m.id}


def write_pot() -> bool:
    """Write :data:`POT` when the English changed (dated anew then); whether it did."""
    old = POT.read_text(encoding="utf-8") if POT.is_file() else None
    date = _kept_date(POT)
    pot = english(date)
    if old is None or date is None or _messages(read_po(io.BytesIO(old.encode("utf-8")))) != _messages(pot):
        pot = english(dt.datetime.now(dt.timezone.utc))
    new = _text(pot)
    if new == old:
        return False
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_text(new, encoding="utf-8")
    return True


def _english_filled(po: Catalog) -> None:
    """English's own ``.po``: each message translated as itself."""
    for m in po:
        if not m.id:
            continue
        m.string = tuple(m.id) if isinstance(m.id, tuple) else m.id
        m.flags.discard("fuzzy")


def update_po(lang: str, pot: Optional[Catalog] = None) -> Path:
    """Bring ``lang``'s ``.po`` up to the English (:func:`english`): new
    messages added untranslated, those the English no longer says dropped,
    every translation kept. English's is filled with the English."""
    pot = pot or english()
    path = po_path(lang)
    with path.open("rb") as f:
        po = read_po(f, locale=lang, domain=DOMAIN)
    # a copy: Babel adds the template's own messages to the catalogue, and
    # English's translations, written into them, would reach the next language
    po.update(copy.deepcopy(pot), no_fuzzy_matching=True, update_header_comment=False)
    if lang == SOURCE:
        _english_filled(po)
    path.write_text(_text(po), encoding="utf-8")
    return path


def init_po(lang: str, pot: Optional[Catalog] = None) -> Path:
    """Start ``lang``'s ``.po`` from the English, every message untranslated."""
    pot = pot or english()
    path = po_path(lang)
    if path.exists():
        raise SystemExit(f"{path} exists already: run with --update instead")
    po = Catalog(locale=lang, domain=DOMAIN, project="archon", fuzzy=False, header_comment=_HEADER,
                 copyright_holder="The archon developers", msgid_bugs_address=_BUGS,
                 last_translator="The archon developers", language_team=f"{lang} <{_BUGS}>")
    if lang in PLURAL_FORMS:
        po.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    po.update(copy.deepcopy(pot), no_fuzzy_matching=True)
    if lang == SOURCE:
        _english_filled(po)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_text(po), encoding="utf-8")
    return path


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m archon.words.extract", description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="bring every language's .po up to the English")
    parser.add_argument("--init", metavar="LANG", help="start the .po of a new language (a code: hu, ru, ...)")
    args = parser.parse_args(argv)
    changed = write_pot()
    print(f"{POT.relative_to(PACKAGE.parent)}: {'written' if changed else 'unchanged'}")
    pot = english()
    if args.init:
        print(f"{init_po(args.init, pot).relative_to(PACKAGE.parent)}: started, {len(pot)} messages to translate")
    if args.update:
        for path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            lang = path.parent.parent.name
            update_po(lang, pot)
            print(f"{path.relative_to(PACKAGE.parent)}: updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
