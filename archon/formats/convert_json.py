"""Reading archon's standings JSON to convert: its shape checked field by
field, the fields it has beyond the contract, the computed values that
differ from what archon computes."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Optional

from archon.rules.typed import LARGEST_EXACT_WHOLE
from archon.rules.editions import get_edition
from archon.rules.model import Event, Final
from archon.formats.serialize import event_from_dict, standings_to_dict
from archon.rules.standings import compute
from archon.rules.validation import Where
from archon.words.message import act, message_of, say
from archon.formats.convert_types import (
    STANDINGS_JSON, ConvertError, Finding, SourceRead,
)

# standings JSON


def _contract_keys() -> dict[str, set[str]]:
    """The keys of the standings contract, taken from :func:`standings_to_dict` itself."""
    from archon.rules.model import Override, Player, Round, Table

    ev = Event(players=[Player(n, "A", "B") for n in range(1, 6)])
    ev.rounds.append(Round(1, [Table([1, 2, 3, 4, 5], [1, 1, 1, 1, 1])]))
    ev.overrides.append(Override(1, 1, "x"))
    ev.final = Final([1, 2, 3, 4, 5], [1, 1, 1, 1, 1])
    d = standings_to_dict(compute(ev), extras=True)  # deck_format is read back when present
    table = d["rounds"][0]["tables"][0]
    return {
        "": set(d) | {"schema"},  # "archon.standings/1": what standings --json prints, read as such
        "event": set(d["event"]),
        "players[]": set(d["players"][0]),
        "rounds[]": set(d["rounds"][0]),
        "rounds[].tables[]": set(table),
        "rounds[].tables[].seats[]": set(table["seats"][0]),
        "final": set(d["final"]),
        "final.seats[]": set(d["final"]["seats"][0]),
    }


#: what a field of the standings JSON holds, besides null: (JSON types, as said to the organizer)
_TEXT = ((str,), "text")
_NUMBER = ((int, float), "a number")
_EVENT_FIELDS = {
    "name": _TEXT, "city": _TEXT, "level": _TEXT, "format": _TEXT, "edition": _TEXT,
    "archon_version": _TEXT, "deck_format": _TEXT, "date": _TEXT,
}
_PLAYER_FIELDS = {
    "first_name": _TEXT, "last_name": _TEXT, "city": _TEXT, "status": _TEXT,
    "vekn": ((str, int), "a VEKN number"), "coin": _NUMBER,
}


def _players_typed(players: list) -> bool:
    """Every player is an object with a whole ``number`` from 1 and every
    field of :data:`_PLAYER_FIELDS` null or one of its types, compared
    exactly (what ``json.loads`` makes; a bool is not an int): the quick
    look; when it fails, :func:`_json_shape` says which player and field."""
    for p in players:
        if type(p) is not dict:
            return False
        n = p.get("number")
        if type(n) is not int or n < 1:
            return False
        for key, types in _PLAYER_TYPES:
            v = p.get(key)
            if v is not None and type(v) not in types:
                return False
    return True


def _exact_types(fields: dict) -> tuple:
    return tuple((key, types) for key, (types, _) in fields.items())


_PLAYER_TYPES = _exact_types(_PLAYER_FIELDS)


def _seats_typed(seats: list) -> bool:
    """Every seat is an object with whole ``seat`` and ``player`` numbers
    and a ``vp`` number or null, by exact types (the quick look: when it
    fails, the seats are checked one by one to say which and why)."""
    for s in seats:
        if type(s) is not dict or type(s.get("player")) is not int or type(s.get("seat")) is not int \
                or type(s.get("vp")) not in _VP_TYPES:
            return False
    return True


_VP_TYPES = (int, float, type(None))


def _json_fields(obj: dict, path: str, fields: dict, fail) -> None:
    """``fail`` on the first of ``fields`` that holds neither null nor its type."""
    for key, (types, said) in fields.items():
        v = obj.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, types)):
            shown = json.dumps(v)
            fail(f"{path}.{key}", f"{said} or null, not {shown if len(shown) < 40 else shown[:37] + '...'}")


def _json_shape(doc: Any, name: str) -> None:
    """Raise :class:`ConvertError` naming the first field that is not the contract's shape."""

    def fail(path: str, expected: str) -> None:
        raise ConvertError(say("convert.json.shape", file=name, field=path, expected=expected,
                               standings=_STANDINGS_JSON))

    if not isinstance(doc, dict):
        fail("the document", "a JSON object with 'event' and 'players'")
    if not isinstance(doc.get("event"), dict):
        fail("event", "an object with the event's name, date, format...")
    if not isinstance(doc.get("players"), list):
        fail("players", "a list of players")
    _json_fields(doc["event"], "event", _EVENT_FIELDS, fail)
    if not _players_typed(doc["players"]):  # the quick look; else the player and field that are not
        for i, p in enumerate(doc["players"]):
            if not isinstance(p, dict):
                fail(f"players[{i}]", "an object")
            n = p.get("number")
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                fail(f"players[{i}].number", f"a whole player number from 1, not {json.dumps(n)}")
            _json_fields(p, f"players[{i}]", _PLAYER_FIELDS, fail)
    for i, r in enumerate(doc.get("rounds") or []):
        if not isinstance(r, dict) or not isinstance(r.get("round"), int) or not isinstance(r.get("tables"), list):
            fail(f"rounds[{i}]", "an object with a 'round' number and its 'tables'")
        for j, t in enumerate(r["tables"]):
            if not isinstance(t, dict) or not isinstance(t.get("seats"), list):
                fail(f"rounds[{i}].tables[{j}]", "an object with its 'seats'")
            if _seats_typed(t["seats"]):
                continue
            for k, s in enumerate(t["seats"]):
                if not isinstance(s, dict) or not isinstance(s.get("player"), int) or not isinstance(s.get("seat"), int):
                    fail(f"rounds[{i}].tables[{j}].seats[{k}]", "an object with 'seat' and 'player' numbers")
                vp = s.get("vp")
                if vp is not None and (isinstance(vp, bool) or not isinstance(vp, (int, float))):
                    fail(f"rounds[{i}].tables[{j}].seats[{k}].vp", f"a number of VPs or null, not {json.dumps(vp)}")
    f = doc.get("final")
    if f is not None:
        if not isinstance(f, dict) or not isinstance(f.get("seats"), list):
            fail("final", "null or an object with its 'seats'")
        for k, s in enumerate(f["seats"]):
            if not isinstance(s, dict) or not isinstance(s.get("player"), int) or not isinstance(s.get("seat"), int):
                fail(f"final.seats[{k}]", "an object with 'seat' and 'player' numbers")
    date = doc["event"].get("date")
    if date is not None:
        import datetime as dt

        try:
            dt.date.fromisoformat(str(date))
        except ValueError:
            fail("event.date", f"a date written YYYY-MM-DD or null, not {json.dumps(date)}")
    edition = doc["event"].get("edition")
    if edition is not None:
        try:
            get_edition(edition)
        except ValueError as exc:
            fail("event.edition", str(exc).replace("unknown rule edition", "a rule edition, not"))


def _unknown_fields(doc: dict, name: str) -> list[Finding]:
    keys = _contract_keys()
    out: list[Finding] = []

    def visit(obj: Any, shape: str, path: str) -> None:
        if not isinstance(obj, dict) or shape not in keys:
            return
        for k in obj:
            if k not in keys[shape]:
                out.append(Finding(
                    f"{name}: {path + '.' if path else ''}{k}",
                    say("convert.json.unknown_field"),
                ))
        for k, v in obj.items():
            child = f"{shape + '.' if shape else ''}{k}"
            if isinstance(v, list):
                for i, item in enumerate(v):
                    visit(item, child + "[]", f"{path + '.' if path else ''}{k}[{i}]")
            elif isinstance(v, dict):
                visit(v, child, f"{path + '.' if path else ''}{k}")

    visit(doc, "", "")
    return out


#: Player fields of the contract that archon computes (compared, not read).
_COMPUTED_PLAYER_FIELDS = (
    "rounds_played", "gw", "vp", "tp", "rank", "finalist", "seed", "final_vp", "final_rank", "rating_points",
)


def _json_differences(doc: dict, event: Event, name: str) -> list[Finding]:
    computed = standings_to_dict(compute(event))
    mine = {p["number"]: p for p in computed["players"]}
    out: list[Finding] = []
    for i, p in enumerate(doc["players"]):
        c = mine.get(p["number"])
        if c is None:
            continue
        for k in _COMPUTED_PLAYER_FIELDS:
            if k not in p:
                continue
            a, b = p[k], c[k]
            same = a == b or (
                isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(float(a) - float(b)) < 1e-6
            )
            if not same:
                out.append(Finding(
                    f"{name}: players[{i}].{k}",
                    say("convert.json.differs", player=p["number"], value=json.dumps(a), computed=json.dumps(b)),
                ))
    f = doc.get("final")
    if f and "winner" in f and computed["final"] and f["winner"] != computed["final"]["winner"]:
        out.append(Finding(
            f"{name}: final.winner",
            say("convert.json.winner_differs", value=f["winner"], computed=computed["final"]["winner"]),
        ))
    return out


class _NotFinite(ValueError):
    """A JSON number no cell can hold: NaN, Infinity (Python's json reads
    them), a float too large for a double (1e400) or a whole number a double
    does not hold exactly (above 2**53)."""


def _not_a_json_number(text: str):
    raise _NotFinite(text)


def _exact_number(text: str) -> int:
    value = int(text) if len(text) < 20 else 2**64  # int() refuses over 4300 digits
    if abs(value) > LARGEST_EXACT_WHOLE:
        raise _NotFinite(text if len(text) < 30 else text[:27] + "...")
    return value


def _finite_number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


#: Every digit as 0 and ``E`` as ``e`` (signs dropped): what :func:`_may_hold_a_bad_number` looks for.
_NUMBER_MARKS = bytes.maketrans(b"0123456789E", b"0000000000e")


def _may_hold_a_bad_number(data: bytes) -> bool:
    """False when no number in the JSON text ``data`` can be one a cell
    cannot hold (one pass over the bytes, in C, and two searches): a float
    literal is finite unless its exponent has 3 digits or its digits run
    to 16 (under 10**16 times 10**99); a whole number above 2**53 has 16
    digits. NaN and Infinity are the decoder's to refuse
    (:data:`_DECODER`). True may be wrong (a run of 16 digits in a name, a
    decimal part, digits joined by a dropped dash): the careful parse then
    decides."""
    marks = data.translate(_NUMBER_MARKS, b"+-")
    return b"0000000000000000" in marks or b"e000" in marks


#: ``json.loads`` as it is, but for NaN, Infinity and -Infinity (which
#: Python reads and no cell holds): refused as they are parsed, where a
#: valid document has none, at no cost to those without.
_DECODER = json.JSONDecoder(parse_constant=_not_a_json_number)


def _loads_checked(text: str, data: bytes) -> Any:
    """The JSON document ``text`` (``data``, its bytes), every number in it one
    a cell can hold: raises :class:`_NotFinite` naming the first that is not.
    A document with no number suspect (nearly all: one pass over its bytes)
    is parsed by the plain decoder, no hook but for NaN and Infinity; else
    each number is checked as it is parsed."""
    if not _may_hold_a_bad_number(data):
        return _DECODER.decode(text)
    return json.loads(text, parse_constant=_not_a_json_number, parse_float=_finite_number,
                      parse_int=_exact_number)


#: What writes a standings JSON: the command the organizer runs.
_STANDINGS_JSON = act("standings", json=True)


def read_json(p: Path, notes: bool = True, data: Optional[bytes] = None) -> SourceRead:
    """Read the standings JSON ``p`` (``data``: its bytes, when the caller
    has read them already: an archive reads each file once, for its cache
    key and its event)."""
    try:
        if data is None:
            data = p.read_bytes()
        text = data.decode("utf-8-sig")
    except OSError as exc:
        raise ConvertError(say("convert.cannot_read", file=p.name, reason=exc.strerror or str(exc))) from None
    except UnicodeDecodeError:
        raise ConvertError(say("convert.json.not_utf8", file=p.name)) from None
    try:
        doc = _loads_checked(text, data)
    except _NotFinite as exc:
        raise ConvertError(say("convert.json.not_a_number", file=p.name, value=exc.args[0],
                               standings=_STANDINGS_JSON)) from None
    except RecursionError:
        raise ConvertError(say("convert.json.too_deep", file=p.name, standings=_STANDINGS_JSON)) from None
    except json.JSONDecodeError as exc:
        raise ConvertError(say("convert.json.invalid", file=p.name, line=exc.lineno, column=exc.colno,
                               error=exc.msg, standings=_STANDINGS_JSON)) from None
    _json_shape(doc, p.name)
    try:
        event = event_from_dict(doc)
    except ValueError as exc:
        raise ConvertError(say("convert.json.not_read", file=p.name, error=message_of(exc))) from None
    e = doc["event"]
    src = SourceRead(
        p, STANDINGS_JSON,
        say("convert.json.description", event=e.get("name") or say("convert.json.unnamed"),
            version=say("convert.json.version", version=e["archon_version"]) if e.get("archon_version")
            else say("text", text="")),
        event, version=e.get("archon_version"), edition=e.get("edition"),
        locate=lambda where: _json_place(where, doc, p.name),
    )
    if notes:
        src.unmapped.extend(_unknown_fields(doc, p.name))
    fmt = str(e.get("format") or "")
    if fmt and fmt.upper() not in ("2R+F", "3R+F"):
        src.unmapped.append(Finding(
            f"{p.name}: event.format",
            say("convert.json.format_unknown", value=repr(fmt), format=event.format),
        ))
    if event.preliminary_rounds not in (2, 3):
        event.preliminary_rounds = 3
    if notes:
        src.notes.extend(_json_differences(doc, event, p.name))
    return src


def _json_place(where: Where, doc: dict, name: str) -> str:
    """``standings.json: players[3].first_name`` for a player's field or an
    event's detail; else the file and the event's place in words."""
    if where.kind == "event" and where.field:
        return f"{name}: event.{where.field}"
    if where.kind == "player" and where.field:
        for i, p in enumerate(doc["players"]):
            if p.get("number") == where.player:
                return f"{name}: players[{i}].{where.field}"
    return f"{name}: {where.describe()}"


