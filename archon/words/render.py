"""Rendering a :class:`~archon.words.message.Message` as a sentence, in a language.

A message's id finds its English text in :mod:`archon.words.catalogue`; the
text's ``{placeholders}`` are its fields. A renderer of another language
looks the text up in that language's catalogue (gettext: ``msgctxt`` the
id, ``msgid`` the English text; :mod:`archon.words.languages`) and falls
back to the English when the catalogue lacks it. A field is rendered by
kind: an :class:`~archon.words.message.Action` by the shell
(:meth:`Renderer.action`), a nested message by rendering it, a list as "a, b
and c" ("a, b et c"), a number of VPs as "1.5" ("1,5"), a date as the
language writes it. A shell may have a text of its own for a message (the
console says "confirm" where the command line says "add --force"): the
catalogue keys it by the shell's name.

Format specs a text may use on a field:

* ``{n:count:table|tables}``: "1 table", "3 tables"; a translation lists
  its language's plural forms in its catalogue's order (``Plural-Forms``):
  Polish ``{n:count:stół|stoły|stołów}`` says "1 stół", "2 stoły", "5 stołów";
* ``{items:join:; }``: the items joined by "; " (the default is "a, b and c");
* ``{text:plural:it|them}`` on a list or a number: the first word for one,
  the second for several (a translation: one word per plural form).
"""

from __future__ import annotations

import datetime as dt
import string
from typing import Any, Mapping, Sequence

from archon.words import languages
from archon.words.catalogue import text_of
from archon.words.message import Action, Message, Option

__all__ = ["Renderer", "PLAIN", "and_list", "forms_of"]


def and_list(items: Sequence[str], lang: str = languages.SOURCE) -> str:
    """"a", "a and b", "a, b and c" (in ``lang``: "a, b et c")."""
    return languages.and_list(items, lang)


def _how_many(value: Any) -> int:
    if isinstance(value, (list, tuple)):
        return len(value)
    return int(value)


class _Fields(string.Formatter):
    def __init__(self, renderer: "Renderer") -> None:
        self.renderer = renderer

    def format_field(self, value: Any, format_spec: str) -> str:
        kind, _, rest = format_spec.partition(":")
        if kind == "count":
            return f"{self.renderer.number(value)} {self.renderer.plural_form(rest, _how_many(value))}"
        if kind == "plural":
            return self.renderer.plural_form(rest, _how_many(value))
        if kind == "join":
            return rest.join(self.renderer.field(v) for v in value)
        if format_spec:
            return format(value, format_spec)
        return self.renderer.field(value)


def forms_of(spec: str) -> list[str]:
    """The words of a ``count`` or ``plural`` spec: ``"table|tables"`` -> ``["table", "tables"]``."""
    return spec.split("|")


class Renderer:
    """Renders messages for one shell (``shell``: ``""`` for plain English,
    ``"cli"``, ``"console"``) in one language (``language``: a code of
    :data:`archon.words.languages.LANGUAGES`, English by default).
    Subclasses say how an action reads."""

    shell = ""
    #: The language (a subclass that does not call ``__init__`` speaks English).
    language = languages.SOURCE

    def __init__(self, language: str = languages.SOURCE) -> None:
        self.language = language

    def text(self, id: str) -> "str | None":
        """Message ``id``'s text for this shell, in this language (the English
        one where the language's catalogue lacks it); ``None``: no such message."""
        english = text_of(id, self.shell)
        if english is None or self.language == languages.SOURCE:
            return english
        return languages.pgettext(self.language, id, english)

    def render(self, message: Message) -> str:
        text = self.text(message.id)
        if text is None:  # a message the catalogue lacks (a test says none is): its id and fields
            return message.id + " " + ", ".join(f"{k}={self.field(v)}" for k, v in message.fields.items())
        return _Fields(self).vformat(text, (), _Missing(message.fields))

    def plural_form(self, spec: str, n: int) -> str:
        """The word of ``spec`` (``"table|tables"``, or a translation's own
        forms) that a count of ``n`` takes in this language."""
        forms = forms_of(spec)
        if self.language == languages.SOURCE:
            index = 0 if n == 1 else 1
        else:
            index = languages.plural_index(self.language, n)
        return forms[min(index, len(forms) - 1)]

    def number(self, value: Any) -> str:
        """A count as a ``count`` spec says it: as it is, a fraction in the language's own way."""
        if isinstance(value, float) and not isinstance(value, bool) and self.language != languages.SOURCE:
            return languages.decimal(value, self.language)
        return f"{value}"

    def field(self, value: Any) -> str:
        if isinstance(value, Message):
            return self.render(value)
        if isinstance(value, Action):
            return self.action(value)
        if isinstance(value, Option):
            return self.option(value)
        if isinstance(value, (list, tuple)):
            return and_list([self.field(v) for v in value], self.language)
        if isinstance(value, bool):
            return self.render(Message("language.yes" if value else "language.no"))
        if isinstance(value, float):
            return languages.decimal(value, self.language)
        if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
            return languages.date_text(value, self.language)
        return str(value)

    def action(self, action: Action) -> str:
        """The action as a Python call of its twin: ``seat(round=1, force=True)``."""
        args = ", ".join(f"{k}={v!r}" for k, v in action.args.items() if v is not False)
        return f"{action.name}({args})"

    def option(self, option: Option) -> str:
        """The option by its keyword argument's name: ``force``."""
        return option.name


class _Missing(dict):
    def __init__(self, fields: Mapping[str, Any]) -> None:
        super().__init__(fields)

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


#: Plain English, for Python users (the text of an exception).
PLAIN = Renderer()
