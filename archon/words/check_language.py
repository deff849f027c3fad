"""Check a language's translation, and compile it.

    python -m archon.words.check_language fr          # check fr's .po, then write its .mo
    python -m archon.words.check_language --all       # every language
    python -m archon.words.check_language pl --no-compile

A language is a folder of ``archon/words/locale``: ``LC_MESSAGES/archon.po``
(the translation) and ``glossary.toml`` (its words for the game's terms).
The check reads them against the English (``archon.pot``, written by
``python -m archon.words.extract``) and says, for each problem, which message:

* every English message is translated (none missing, none left fuzzy, every
  plural form given), and the ``.po`` holds nothing the English no longer says;
* ``Plural-Forms`` is given, and each plural entry has that many forms;
* a translation's placeholders are the English ones: the fields of a
  message (``{round}``, ``{host!r}``), the same specs on them
  (``{n:count:...}`` with one word per plural form of the language), the
  ``%(name)s`` of a page's label, the HTML tags of a label that has some;
* the glossary has every term of the English glossary, and a translation
  uses the language's term wherever the English text uses the English one
  ("table" -> "stół", "stołu", ...). Where the English word is not the game's
  term (the verb in "Seat the round"), a translator's comment
  ``# glossary-skip: seat`` above the entry says so. (What a text holds
  in literal braces, a JSON example, is code, not words.)

With no problem, the ``.mo`` is written beside the ``.po`` (unless
``--no-compile``): that is what archon reads. The exit status is 0 when
every language checked is clean, 1 otherwise (``docs/translating.md``).
"""

from __future__ import annotations

import argparse
import io
import re
import string
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from archon.words.languages import DOMAIN, LOCALE_DIR, SOURCE

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser, as a package (a dependency there)
    import tomli as tomllib

__all__ = ["Problem", "check", "compiled", "glossary", "form_pattern", "placeholders", "mo_path", "main"]

_PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?([diouxXeEfFgGcrs%])")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_SKIP = re.compile(r"glossary-skip:\s*(.+)")
_LITERAL = re.compile(r"\{\{.*?\}\}")


@dataclass(frozen=True)
class Problem:
    """A problem of a language's translation: which message, and what."""

    lang: str
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.lang}: {self.where}: {self.what}"


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _po(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        return read_po(f, locale=None, domain=DOMAIN)


def _pot() -> Catalog:
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as f:
        return read_po(f, domain=DOMAIN)


def _name(m: Message) -> str:
    english = m.id if isinstance(m.id, str) else m.id[0]
    return f"{m.context} {english!r}" if m.context else repr(english)


def _brace(m: Message) -> bool:
    return "python-brace-format" in m.flags or bool(m.context and "." in m.context)


def placeholders(text: str, brace: bool) -> list[tuple]:
    """What a text puts in, sorted: ``(field, conversion, spec kind, how many
    forms)`` for a ``{}`` text, ``("%", name, type)`` for a ``%()`` one, and
    every HTML tag."""
    found: list[tuple] = [("<>", tag) for tag in _TAG.findall(text)]
    if brace:
        for _, name, spec, conversion in string.Formatter().parse(text):
            if name is None:
                continue
            kind, _, rest = (spec or "").partition(":")
            forms = len(rest.split("|")) if kind in ("count", "plural") else 0
            found.append((name, conversion or "", kind if kind in ("count", "plural", "join") else spec or "",
                          forms))
    else:
        found.extend(("%", name or "", kind) for name, kind in _PERCENT.findall(text) if kind != "%")
    return sorted(found)


def _without_forms(items: list[tuple]) -> list[tuple]:
    return [item[:3] if len(item) == 4 else item for item in items]


def glossary(lang: str) -> dict:
    """``lang``'s glossary: term key -> ``{"term", "forms", "abbreviation"}``."""
    path = LOCALE_DIR / lang / "glossary.toml"
    with path.open("rb") as f:
        return tomllib.load(f)


def form_pattern(forms: Iterable[str]) -> re.Pattern:
    """A pattern finding any of a glossary term's ``forms`` as words (``stoł*``: a stem)."""
    parts = []
    for form in forms:
        words = [re.escape(w[:-1]) + r"[\w'’]*" if w.endswith("*") else re.escape(w) + r"(?![\w'’])"
                 for w in form.split()]
        parts.append(r"\s+".join(words))
    return re.compile(r"(?<![\w])(?:" + "|".join(parts) + ")", re.IGNORECASE)


def _strings(m: Message) -> list[str]:
    assert m.string is not None  # a message read from a .po has a string ("" when untranslated)
    return [s for s in ((m.string,) if isinstance(m.string, str) else m.string)]


def _skipped(m: Message) -> set[str]:
    skipped: set[str] = set()
    for comment in m.user_comments:
        found = _SKIP.search(comment)
        if found:
            skipped.update(t.strip() for t in found.group(1).split(","))
    return skipped


def check(lang: str) -> list[Problem]:
    """Every problem of ``lang``'s translation (see the module)."""
    problems: list[Problem] = []

    def problem(where: str, what: str) -> None:
        problems.append(Problem(lang, where, what))

    try:
        po = _po(lang)
    except FileNotFoundError:
        return [Problem(lang, f"{lang}/LC_MESSAGES/{DOMAIN}.po", "no such file")]
    pot = _pot()
    header = dict(po.mime_headers)
    if not header.get("Plural-Forms"):
        problem("header", "no Plural-Forms: give your language's (the GNU gettext manual lists them)")
    nplurals = po.num_plurals
    if header.get("Language", lang).split("_")[0] != lang:
        problem("header", f"Language is {header.get('Language')!r}, the folder says {lang!r}")

    try:
        english_terms, terms = glossary(SOURCE), glossary(lang)
    except FileNotFoundError:
        english_terms, terms = {}, {}
        problem("glossary.toml", "no glossary: copy en/glossary.toml and give your language's words")
    for key in english_terms:
        if key not in terms or not terms[key].get("term") or not terms[key].get("forms"):
            problem("glossary.toml", f"[{key}] ({english_terms[key]['term']}): give its term and forms")
    patterns = {key: (form_pattern(english_terms[key]["forms"]), form_pattern(terms[key]["forms"]))
                for key in english_terms if key in terms and terms[key].get("forms")}

    for m in pot:
        if not m.id:
            continue
        where = _name(m)
        t = po.get(m.id, context=m.context)
        if t is None:
            problem(where, "not in the .po: run python -m archon.words.extract --update, then translate it")
            continue
        if t.fuzzy:
            problem(where, "fuzzy: check the translation and remove the fuzzy flag")
        strings = _strings(t)
        if m.pluralizable and len(strings) != nplurals:
            problem(where, f"{len(strings)} plural forms, the language has {nplurals}")
        empty = [i for i, s in enumerate(strings, start=1) if not s.strip()]
        if empty:
            forms = f" (plural form {', '.join(map(str, empty))} of {len(strings)})" if m.pluralizable and \
                len(empty) < len(strings) else ""
            problem(where, "not translated" + forms)
            continue
        brace = _brace(m)
        english = m.id if isinstance(m.id, str) else m.id[0]
        wanted = placeholders(english, brace)
        for s in strings:
            got = placeholders(s, brace)
            if _without_forms(got) != _without_forms(wanted):
                problem(where, f"placeholders {_shown(got)} in {s!r}, the English has {_shown(wanted)}")
            for item in got:
                if len(item) == 4 and item[2] in ("count", "plural") and item[3] != nplurals:
                    problem(where, f"{{{item[0]}:{item[2]}:...}} gives {item[3]} words in {s!r}: "
                                   f"give {nplurals}, one per plural form")
        skipped = _skipped(t)
        texts = [english] if isinstance(m.id, str) else list(m.id)
        if brace:  # literal braces hold code (a JSON example), not words
            texts = [_LITERAL.sub("", e) for e in texts]
        for key, (english_form, own_form) in patterns.items():
            if key in skipped or not any(english_form.search(e) for e in texts):
                continue
            missing = [s for s in strings if not own_form.search(s)]
            if missing:
                problem(where, f"the English says {english_terms[key]['term']!r}: use {terms[key]['term']!r} "
                               f"(glossary.toml) in {missing[0]!r}, or mark the entry '# glossary-skip: {key}'")
    english_ids = {(m.context, m.id) for m in pot if m.id}
    for t in po:
        if t.id and (t.context, t.id) not in english_ids:
            problem(_name(t), "the English no longer says it: run python -m archon.words.extract --update")
    return problems


def _shown(items: list[tuple]) -> str:
    return "[" + ", ".join(_one(i) for i in items) + "]"


def _one(item: tuple) -> str:
    if item[0] == "<>":
        return item[1]
    if item[0] == "%":
        return f"%({item[1]}){item[2]}"
    name, conversion, kind, _ = item
    return "{" + name + (f"!{conversion}" if conversion else "") + (f":{kind}" if kind else "") + "}"


def compiled(lang: str) -> bytes:
    """``lang``'s ``.po`` compiled, as its ``.mo`` must hold it."""
    out = io.BytesIO()
    write_mo(out, _po(lang), use_fuzzy=False)
    return out.getvalue()


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m archon.words.check_language",
                                     description="Check a language's translation (archon/words/locale/LANG), "
                                                 "then compile it.")
    parser.add_argument("languages", nargs="*", metavar="LANG", help="a language's code: fr, pl, ...")
    parser.add_argument("--all", action="store_true", help="every language of archon/words/locale")
    parser.add_argument("--no-compile", action="store_true", help="check only; leave the .mo as it is")
    args = parser.parse_args(argv)
    langs = list(args.languages)
    if args.all:
        langs += sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    if not langs:
        parser.error("name a language (fr, pl, ...) or give --all")
    status = 0
    for lang in dict.fromkeys(langs):
        problems = check(lang)
        for p in problems:
            print(p)
        if problems:
            status = 1
            print(f"{lang}: {len(problems)} problem(s); the .mo was not written")
            continue
        count = sum(1 for m in _pot() if m.id)
        if args.no_compile:
            print(f"{lang}: {count} messages, all translated")
            continue
        mo_path(lang).write_bytes(compiled(lang))
        print(f"{lang}: {count} messages, all translated; wrote {mo_path(lang).relative_to(LOCALE_DIR.parent)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
