"""The event console's templates (``archon/web/templates``), autoescaped; they
also see the report's (``archon/reports/templates``: the tables both share).

Each language has its environment: the templates' labels are translated by
Jinja2's i18n extension (``_()``, ``{% trans %}``) from the language's gettext
catalogue (:func:`archon.words.languages.translations`), and the numbers (a
VP of 2.5, a rating) are written as the language writes them ("2,5").

A table of a round is rendered once per language for what it shows
(``kept_table``: the players' page, rendered after every result, shows
every table of every seated round, and a result changes one of them): the
same HTML as the shared ``round_table`` macro gives, kept by the table's
figures and its players' names.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Any, Callable, Optional

import jinja2
from babel.numbers import format_decimal
from markupsafe import Markup, escape

from archon.reports.data import display_name
from archon.reports.render import make_environment
from archon.words.languages import LANGUAGES, SOURCE, decimal, name_of, translations

__all__ = ["render", "environment", "KEPT_TABLES"]

#: A table's statuses that say its result is in.
DONE = ("complete", "overridden")

#: How many rendered tables each language keeps (a 300-player event's three rounds hold 180).
KEPT_TABLES = 2048


#: How many figures each language keeps written (Babel writes one in some
#: 40 µs, and a 300-player page shows some 3,000, most of them alike).
KEPT_FIGURES = 4096


def _vp(lang: str):
    @lru_cache(maxsize=KEPT_FIGURES)
    def written(text: str) -> str:  # by the float's repr: -0.0 is not 0.0
        return decimal(float(text), lang)

    def num(x: Optional[float]) -> str:
        return "" if x is None else written(repr(float(x)))
    return num


def _rating(lang: str):
    @lru_cache(maxsize=KEPT_FIGURES)
    def written(text: str) -> str:
        return format_decimal(float(text), format="0.00", locale=lang)

    def rating(x: Optional[float]) -> str:
        if x is None:
            return ""
        return f"{float(x):.2f}" if lang == SOURCE else written(repr(float(x)))
    return rating


def _kept_table(env: jinja2.Environment) -> Callable[..., Any]:
    """``round_table(t, by_number, game_wins, notes)`` of ``_results.html``,
    rendered once for each table's figures and players' names (the last
    :data:`KEPT_TABLES` kept): the macro reads nothing else."""
    kept: "OrderedDict[str, Any]" = OrderedDict()
    lock = threading.Lock()  # pages are rendered in threads

    def kept_table(t: dict, by_number: dict, game_wins: bool, notes: bool = True) -> Any:
        names = [display_name(by_number.get(s.get("player")), s.get("player")) for s in t.get("seats") or []]
        key = json.dumps([t, names, bool(game_wins), bool(notes)], sort_keys=True, default=repr)
        with lock:
            html = kept.get(key)
            if html is not None:
                kept.move_to_end(key)
                return html
        html = env.get_template("_results.html").module.round_table(  # type: ignore[attr-defined]
            t, by_number, game_wins, notes=notes)
        with lock:
            kept[key] = html
            while len(kept) > KEPT_TABLES:
                kept.popitem(last=False)
        return html

    return kept_table


def _json(value: Any) -> str:
    """``value`` as Jinja2's tojson writes it, before the HTML-safe escapes;
    a number, a text, a truth or None written once and kept (a 300-player
    page writes some 9,000 of them in each language after every result,
    most of them alike)."""
    if value is None or type(value) in (str, int, bool):  # not a float: -0.0 == 0.0
        return _scalar_json(value)
    if type(value) is list:
        return "[" + ", ".join(map(_json, value)) + "]"
    return json.dumps(value, sort_keys=True)


@lru_cache(maxsize=8192, typed=True)  # typed: True and 1 are written apart
def _scalar_json(value: Any) -> str:
    return json.dumps(value)


def _text(value: Any) -> str:
    """``value`` as ``{{ value }}`` writes it (escaped); a whole number as it is."""
    return str(value) if type(value) is int else escape(value)


def _players_data(lang: str) -> Callable[..., Any]:
    """The players' page's data for ``players_own.js`` (``<script id="own-data">``):
    each player's name and standing, every seated round's tables. The same
    text as Jinja2's ``tojson`` would write entry by entry, written here at
    once (some 9,000 values at 300 players, after every result)."""
    num = _vp(lang)

    def players_data(current: Optional[dict], reporting: bool, game_wins: bool, roster: list, data: dict,
                     rounds: list) -> Markup:
        final = data.get("final")
        now = current["round"] if current is not None and not final else None
        names = ",".join(f'"{_text(p["number"])}": {_json(p["name"])}' for p in roster)
        standing = ",".join(
            f'"{_text(p["number"])}": ' + _json([p["final_rank"] if p.get("final_rank") is not None else p["rank"],
                                                 p["gw"], num(p["vp"]), num(p["tp"])])
            for p in data["players"])
        shown_final = None if not final else {"seats": [s["player"] for s in final["seats"]],
                                              "done": not any(s.get("vp") is None for s in final["seats"])}
        tables = ",".join(
            f'{{"round": {_text(r["round"])}, "tables": ['
            + ",".join(f'{{"table": {_text(t["table"])}, "done": {_json(t.get("status") in DONE)}, "seats": ['
                       + ",".join(f'[{_text(s["player"])}, '
                                  + _json("" if s.get("typed") is False else num(s.get("vp"))) + ", "
                                  + _json(s.get("gw") or 0) + ", " + _json(num(s.get("tp"))) + "]"
                                  for s in t["seats"]) + "]}"
                       for t in r["tables"]) + "]}"
            for r in rounds if not r.get("proposal"))
        text = (f'{{"current": {_json(now)}, "reporting": {_json(reporting)}, "game_wins": {_json(game_wins)},\n'
                f'"names": {{{names}}},\n"standing": {{{standing}}},\n"final": {_json(shown_final)},\n'
                f'"rounds": [{tables}]}}')
        return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                      .replace("'", "\\u0027"))

    return players_data


@lru_cache(maxsize=None)
def environment(lang: str = SOURCE) -> jinja2.Environment:
    """The console's templates in ``lang`` (one environment per language)."""
    env = make_environment(jinja2.ChoiceLoader([
        jinja2.PackageLoader("archon.web", "templates"),
        jinja2.PackageLoader("archon.reports", "templates"),
    ]))
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]  # added by jinja2.ext.i18n
    env.filters.update(num=_vp(lang), rating=_rating(lang))
    env.globals.update(lang=lang, languages=[(code, name_of(code)) for code in LANGUAGES],
                       kept_table=_kept_table(env), players_data=_players_data(lang))
    return env


def render(template: str, lang: str = SOURCE, **context: Any) -> str:
    """``template`` rendered with ``context``, in the language ``lang``."""
    return environment(lang).get_template(template).render(**context)
