"""What a command given ``--json`` prints: one JSON object, built here from
the twin's report, which the command line prints.

Every object carries ``"schema": "archon.<command>/1"`` (:func:`versioned`),
its success and its error object alike: the name of the JSON Schema that
describes it, shipped in :mod:`archon.api.schemas` (``<command>.schema.json``).
The number after the slash changes only when a key is removed or changes
meaning; a key added keeps it. Keys are English and stable; what archon says
is a message, ``{"id", "fields", "text"}`` (:func:`message_record`): scripts key
on ``id`` and ``fields``, ``text`` is the sentence in English: the same
object in every language (the command line prints its sentences in its own).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional

from archon.words.message import Message, say
from archon.words.render import PLAIN

__all__ = ["SCHEMA_KEY", "schema_id", "versioned", "message_record", "change_json", "write_json", "undo_json",
           "finals_json", "sanction_json", "warnings_json", "info_json", "editions_json", "check_json",
           "player_record", "report_json"]

#: The key of every object a command prints that names its schema.
SCHEMA_KEY = "schema"


def schema_id(command: str) -> str:
    """``"archon.<command>/1"``: the schema of what ``archon <command> --json`` prints."""
    return f"archon.{command}/1"


def versioned(command: str, data: dict) -> dict:
    """``data`` with its schema's name first (:data:`SCHEMA_KEY`)."""
    return {SCHEMA_KEY: schema_id(command), **{k: v for k, v in data.items() if k != SCHEMA_KEY}}


def message_record(said: Any) -> dict:
    """A message (or a plain text) as ``{"id", "fields", "text"}``: ``text``
    in plain English here; the command line prints it in its language."""
    if not isinstance(said, Message):
        said = say("text", text=str(said))
    return {**said.as_dict(), "text": PLAIN.render(said)}


def _messages(lines: Iterable) -> list[dict]:
    return [message_record(line) for line in lines]


def _name(path: Any) -> Optional[str]:
    return None if path is None else str(path)


def player_record(player) -> Optional[dict]:
    """A registered player: number, names, VEKN number, city."""
    if player is None:
        return None
    return {"number": player.number, "first_name": player.first_name, "last_name": player.last_name,
            "vekn": player.vekn, "city": player.city}


def change_json(command: str, rep) -> dict:
    """An event-day change (:class:`archon.api.changes.EventDayReport`):
    register, unregister, drop, warn, result, toss, finals --seating/--none."""
    written = rep.written
    return versioned(command, {
        "file": _name(rep.path),
        "dry_run": bool(rep.dry_run),
        "changed": bool(rep.changed),
        "written": written is not None and bool(written.changed),
        "backup": _name(written.backup) if written is not None else None,
        "seed": rep.seed,
        "player": player_record(rep.player),
        "messages": _messages(rep.said()[:-1] if written is not None else rep.said())
        + (_messages(written.lines) if written is not None else []),
        "backups_removed": [_name(b) for b in rep.backups_removed],
    })


def info_json(rep, details: dict) -> dict:
    """``archon info FILE``: the change (none when the details are only
    shown) and the event's details after it."""
    return {**change_json("info", rep), "details": details}


def write_json(command: str, rep) -> dict:
    """A write of the whole workbook (:class:`archon.formats.workbook.WriteReport`): new, update."""
    return versioned(command, {
        "file": _name(rep.path),
        "dry_run": bool(rep.dry_run),
        "changed": bool(rep.changed),
        "written": bool(rep.changed) and not rep.dry_run,
        "backup": _name(rep.backup),
        "kind": rep.kind,
        "edition": rep.edition,
        "edition_was": rep.edition_was,
        "level": rep.level,
        "deck_format": rep.deck_format,
        "players": rep.players,
        "cells_changed": rep.cells_changed,
        "messages": _messages(list(rep.lines) + list(rep.notes)),
        "backups_removed": [_name(b) for b in rep.backups_removed],
    })


def undo_json(rep) -> dict:
    """What ``undo`` did (:class:`archon.formats.workbook.undo.UndoResult`)."""
    return versioned("undo", {
        "file": _name(rep.path),
        "dry_run": bool(rep.dry_run),
        "written": not rep.dry_run,
        "undone": {"command": rep.command, "time": rep.time},
        "restored_from": _name(rep.restored_from),
        "backup": _name(rep.backup),
        "forced": bool(rep.forced),
        "damaged": message_record(rep.damaged) if rep.damaged is not None else None,
        "messages": _messages(rep.lines),
        "backups_removed": [_name(b) for b in rep.backups_removed],
    })


def _finalist(f, keys) -> dict:
    s = f.standing
    return {"seed": f.seed, **(player_record(f.player) or {}), **{k: float(getattr(s, k)) for k in keys}}


def finals_json(v) -> dict:
    """``archon finals FILE``: the finalists (the current leaders before the
    preliminaries are over), the ties a toss must order, the final table."""
    keys = v.standings.edition.ranking_keys
    ev = v.standings.event
    return versioned("finals", {
        "has_final": bool(v.has_final),
        "preliminaries_over": not v.unfinished,
        "finalists": [_finalist(f, keys) for f in v.finalists],
        "choosing_order": [f.number for f in v.choosing_order],
        "ties": [{"players": list(t.players), "first": t.first, "last": t.last, "at_cut": bool(t.at_cut),
                  "message": message_record(t.said(ev))} for t in v.ties],
        "unfinished": _messages(v.unfinished),
        "ready": bool(v.ready),
        "waiting_for_toss": bool(v.waiting_for_toss),
        "final": {"seating": list(v.seating), "seeds": list(v.seeds), "vps": list(v.vps),
                  "winner": v.winner} if v.seating else None,
    })


def sanction_json(rep) -> dict:
    """``sanction``: the change, and the sanction recorded (its row as
    ``warnings`` lists it, and the level the Judges' Guide suggested; None on
    a refusal that still reports)."""
    from archon.eventday.judging import suggestion, warning_rows
    from archon.rules.model import Event

    ev = rep.event
    row = None
    if ev is not None and ev.warnings:
        row = warning_rows(ev)[-1]
        last = ev.warnings[-1]
        before = Event(warnings=ev.warnings[:-1])
        row["suggested"] = suggestion(before, last.player, last.category)[0]
    return {**change_json("sanction", rep), "sanction": row}


def warnings_json(command: str, rows: list) -> dict:
    """The judges' warnings (``warnings``, ``warn --list``): player, name, round, reason."""
    return versioned(command, {"warnings": [dict(r) for r in rows]})


def editions_json(editions: Mapping, current: str) -> dict:
    """The rule editions: name, title; ``current``: the one used when none is said."""
    return versioned("editions", {"current": current,
                                  "editions": [{"name": e.name, "title": e.title} for e in editions.values()]})


def check_json(records: list) -> dict:
    """``archon check --json``: the problems (each ``where``, ``severity``,
    ``message``, ``advice``, ``id``, ``fields``), and how many of each severity."""
    severities = [r.get("severity") for r in records]
    return versioned("check", {"problems": records, "errors": severities.count("error"),
                               "warnings": severities.count("warning"), "notes": severities.count("note")})


def report_json(*, vekn_report: Optional[str] = None, archondata: Optional[str] = None, twd: Optional[str] = None,
                result=None, dry_run: bool = False) -> dict:
    """``archon report``: the texts it prints (the VEKN report, the upload's
    ``archondata``, the TWD entry; null when not asked for) and the files it
    wrote (or, ``dry_run``, would write): path and what each is."""
    written = list(result.written) if result is not None else []
    return versioned("report", {
        "dry_run": bool(dry_run),
        "vekn_report": vekn_report,
        "archondata": archondata,
        "twd": twd,
        "files": [{"path": _name(path), "what": str(what)} for path, what in written],
        "notes": _messages(result.notes) if result is not None else [],
    })
