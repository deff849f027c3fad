"""Check-in before round 1 (issue 25).

The organizer checks players in (one, or everyone at once) and may undo it;
a player checks in from their phone with their name and the event's
check-in code (:func:`phone_check_in`): the first such claim of a player
binds it and answers with their personal code (:mod:`archon.eventday.codes`);
a second claim of the same player is refused (:class:`AlreadyClaimed`: the
console shows it to the organizer). A player's personal code, typed instead
of the event's code, checks that player in too.

Once check-in has begun (a player is checked in), round 1 seats the
checked-in players only: the absent ones are named (:func:`absent_players`)
and the organizer chooses to drop them as no-shows or unregister them
(:func:`settle_absent`, called by :func:`archon.eventday.seat_round`).
The workbook keeps check-ins in its custom document properties
(:mod:`archon.formats.workbook.event_records`). Pure functions over the event.
"""

from __future__ import annotations

import datetime as _dt
from typing import Iterable, Optional

from archon.eventday.change import Change, Locate, copied
from archon.eventday.codes import (CHECKIN_CODE_LENGTH, CODE_LENGTH, code_rows, player_of_code, same_code,
                                   typed_code, with_codes)
from archon.eventday.decks import round_one_started
from archon.eventday.drops import drop
from archon.eventday.errors import EventDayError, WrongInput
from archon.eventday.players import find_player
from archon.eventday.removal import unregister
from archon.rules.model import NO_SHOW, CheckIn, ClaimAlert, Event, Player, typed_name_forms
from archon.words.message import Message, act, say

__all__ = ["ORGANIZER", "PHONE", "ABSENT_CHOICES", "AlreadyClaimed", "WrongCode", "now_text", "checkin_begun",
           "absent_players", "check_in", "undo_check_in", "check_in_all", "phone_check_in", "settle_absent",
           "checkin_rows", "refuse_absent", "checkin_summary", "MAX_ALERTS", "claim_alert", "dismiss_alerts",
           "alert_rows"]

#: Who checked a player in.
ORGANIZER = "organizer"
PHONE = "phone"
#: What becomes of the players absent at round 1: ``seat --round 1 --absent drop|unregister``.
ABSENT_CHOICES = ("drop", "unregister")
#: The most claimed-twice alerts kept (the newest).
MAX_ALERTS = 50


class AlreadyClaimed(EventDayError):
    """A player's phone check-in claimed a second time (``player``: that
    player): refused, and shown to the organizer."""

    def __init__(self, message: Message, player: Player) -> None:
        super().__init__(message)
        self.player = player


class WrongCode(WrongInput):
    """The code typed on a phone is neither the event's check-in code nor a personal code."""


def now_text(now: Optional[_dt.datetime] = None) -> str:
    """``now`` (default: this moment) as a check-in's time: ``2026-11-27T09:05:00Z``."""
    moment = now or _dt.datetime.now(_dt.timezone.utc)
    if moment.tzinfo is not None:
        moment = moment.astimezone(_dt.timezone.utc)
    return moment.replace(tzinfo=None, microsecond=0).isoformat() + "Z"


def checkin_begun(event: Event) -> bool:
    """Whether a registered player is checked in: round 1 then seats the checked-in players only."""
    registered = {p.number for p in event.players}
    return any(n in registered for n in event.checked_in)


def absent_players(event: Event) -> list[Player]:
    """Once check-in has begun, the registered players still playing (not
    flagged out) who are not checked in, by number; none before."""
    if not checkin_begun(event):
        return []
    return [p for p in sorted(event.players, key=lambda p: p.number)
            if not p.is_out and p.number not in event.checked_in]


def _refuse_after_round_one(event: Event) -> None:
    """Check-in is for before round 1: refused once round 1 has a result."""
    if any(r.number == 1 and r.has_results() for r in event.rounds):
        raise EventDayError(say("checkin.round_begun"))


def _refuse_out(p: Player) -> None:
    if p.is_out:
        raise EventDayError(say("checkin.player_out", player=str(p), out=p.out or "",
                                undo=act("drop", player=p.number, undo=True)))


def check_in(event: Event, player: "str | int", *, locate: Optional[Locate] = None,
             now: Optional[_dt.datetime] = None) -> Change:
    """The organizer checks ``player`` in (a number, VEKN number or part of a
    name). Every player gets a personal code and the event a check-in code
    on the way (:func:`archon.eventday.codes.with_codes`). A player checked in
    already: nothing to do."""
    _refuse_after_round_one(event)
    ev, made = with_codes(event)
    p = find_player(ev, player, locate)
    _refuse_out(p)
    if p.number in ev.checked_in:
        return Change(ev, [say("checkin.already", player=str(p))], changed=made, player=p)
    ev.checked_in[p.number] = CheckIn(now_text(now), ORGANIZER)
    return Change(ev, [say("checkin.done", player=str(p), count=len(ev.checked_in),
                           registered=len(ev.players))], player=p)


def undo_check_in(event: Event, player: "str | int", *, locate: Optional[Locate] = None) -> Change:
    """``player`` is no longer checked in (their phone claim too: they may claim again)."""
    _refuse_after_round_one(event)
    ev = copied(event)
    p = find_player(ev, player, locate)
    if p.number not in ev.checked_in:
        return Change(ev, [say("checkin.not_checked_in", player=str(p))], changed=False, player=p)
    del ev.checked_in[p.number]
    return Change(ev, [say("checkin.undone", player=str(p), count=len(ev.checked_in),
                           registered=len(ev.players))], player=p)


def check_in_all(event: Event, *, now: Optional[_dt.datetime] = None) -> Change:
    """Check in every registered player still playing who is not checked in yet."""
    _refuse_after_round_one(event)
    if not event.players:
        raise EventDayError(say("checkin.no_player", register=act("register", name="First Last")))
    ev, made = with_codes(event)
    when = now_text(now)
    newly = [p for p in ev.players if not p.is_out and p.number not in ev.checked_in]
    for p in newly:
        ev.checked_in[p.number] = CheckIn(when, ORGANIZER)
    if not newly:
        return Change(ev, [say("checkin.all_already", total=len(ev.checked_in))], changed=made)
    return Change(ev, [say("checkin.all_done", count=len(newly), total=len(ev.checked_in),
                           registered=len(ev.players))])


def _named(event: Event, name: str) -> Optional[Player]:
    """The player whose whole name is ``name`` (accents, case and spaces
    aside; "Last, First" too): a phone names a player in full, never in part.
    Refused (:class:`WrongInput`): a name several players have (a phone
    cannot give a number: the player's personal code names them)."""
    forms = set(typed_name_forms(name))
    found = [p for p in event.players if typed_name_forms(p.name)[0] in forms]
    if len(found) > 1:
        raise WrongInput(say("checkin.name_shared", count=len(found), name=_shown_name(name)))
    return found[0] if found else None


def _shown_name(name: str) -> str:
    """A typed name as a message shows it back: its spaces single, 60 characters at most."""
    return " ".join(str(name or "").split())[:60]


def phone_check_in(event: Event, name: str, code: str, *, now: Optional[_dt.datetime] = None) -> Change:
    """A player checks in from their phone: ``name`` (their whole name, as
    registered) and ``code``, the event's check-in code, or their own
    personal code (then ``name`` may be blank). The change's ``player`` is
    the player checked in; their personal code is ``event.codes[player.number]``.

    Refused: a code that is neither (:class:`WrongCode`: the console counts
    these per phone), a name no player has in full, a player flagged out, a
    player whose phone claim was made already (:class:`AlreadyClaimed`),
    and anything once round 1 has a result."""
    typed = typed_code(code)
    ev, made = with_codes(event)
    by_code = player_of_code(ev, typed) if typed else None
    event_code = bool(typed) and len(typed) == CHECKIN_CODE_LENGTH and same_code(typed, ev.checkin_code or "")
    if by_code is None and not event_code:  # a personal code's length: the player typed theirs, mistyped
        raise WrongCode(say("checkin.wrong_personal_code" if len(typed) == CODE_LENGTH else "checkin.wrong_code"))
    _refuse_after_round_one(event)
    p = ev.player(by_code) if by_code is not None else _named(ev, name)
    if p is None:
        raise WrongInput(say("checkin.name_unknown", name=_shown_name(name)))
    _refuse_out(p)
    had = ev.checked_in.get(p.number)
    if by_code is None and had is not None and had.by == PHONE:
        raise AlreadyClaimed(say("checkin.claimed_twice", player=p.name), p)
    if had is not None and by_code is not None:
        return Change(ev, [say("checkin.already", player=str(p))], changed=made, player=p)
    ev.checked_in[p.number] = CheckIn(now_text(now), PHONE)
    return Change(ev, [say("checkin.done", player=str(p), count=len(ev.checked_in),
                           registered=len(ev.players))], player=p)


def claim_alert(event: Event, player: int, *, now: Optional[_dt.datetime] = None) -> Change:
    """Keep the alert that a second phone claimed ``player`` (their number):
    the event keeps it (the newest :data:`MAX_ALERTS`) until the organizer
    dismisses it (:func:`dismiss_alerts`)."""
    p = next((q for q in event.players if q.number == player), None)
    if p is None:
        raise WrongInput(say("checkin.alert_no_player", player=player))
    ev = copied(event)
    ev.claim_alerts = [*ev.claim_alerts, ClaimAlert(p.number, now_text(now))][-MAX_ALERTS:]
    return Change(ev, [say("checkin.alert_kept", player=str(p))], player=p)


def dismiss_alerts(event: Event, player: "int | None" = None) -> Change:
    """The organizer dismisses the claimed-twice alerts of ``player`` (their
    number), or every alert (None); nothing to write when there is none."""
    kept = [a for a in event.claim_alerts if player is not None and a.player != player]
    gone = len(event.claim_alerts) - len(kept)
    if not gone:
        return Change(event, [say("checkin.no_alert")], changed=False)
    ev = copied(event)
    ev.claim_alerts = kept
    return Change(ev, [say("checkin.alerts_dismissed", count=gone)])


def alert_rows(event: Event) -> list[dict]:
    """The claimed-twice alerts, newest first, as plain data: ``{"player": 7,
    "name": "Anna Kowalski", "when": "2026-11-27T09:05:00Z"}`` (the organizer's)."""
    names = {p.number: p.name for p in event.players}
    return [{"player": a.player, "name": names.get(a.player, f"#{a.player}"), "when": a.when}
            for a in reversed(event.claim_alerts)]


def refuse_absent(event: Event, absent: Iterable[Player]) -> None:
    """Round 1 with absent players and no choice made: refused, naming them
    and offering both ways on."""
    named = [str(p) for p in absent]
    raise EventDayError(say("checkin.absent_at_round_one", count=len(named), players=named,
                            checked_in=len(event.checked_in),
                            drop=act("seat", round=1, absent="drop"),
                            unregister=act("seat", round=1, absent="unregister")))


def settle_absent(event: Event, absent: Optional[str], *, proposed: Iterable[int] = (),
                  locate: Optional[Locate] = None) -> tuple[Event, list]:
    """Before round 1 is seated: the event with its absent players
    (:func:`absent_players`) dropped as no-shows (``absent="drop"``: DQ flag
    N) or unregistered (``"unregister"``: the players after them move up),
    and the lines saying so. No absent player: the event as it is. Absent
    players and no choice (``absent`` None): refused (:func:`refuse_absent`)."""
    missing = absent_players(event)
    if not missing:
        return event, []
    choice = (absent or "").strip().lower()
    if not choice:
        refuse_absent(event, missing)
    if choice not in ABSENT_CHOICES:
        raise WrongInput(say("checkin.absent_choice", typed=absent, choices=list(ABSENT_CHOICES)))
    ev = event
    lines: list = []
    if choice == "drop":
        for p in missing:
            done = drop(ev, p.number, NO_SHOW, proposed=proposed, locate=locate)
            ev = done.event
        lines.append(say("checkin.absent_dropped", players=[str(p) for p in missing]))
    else:
        for p in sorted(missing, key=lambda p: -p.number):  # the highest first: the others keep their numbers
            ev = unregister(ev, p.number, proposed=proposed, locate=locate).event
        lines.append(say("checkin.absent_unregistered", players=[str(p) for p in missing],
                         remaining=len(ev.players)))
    return ev, lines


def checkin_rows(event: Event) -> list[dict]:
    """Every registered player's check-in as plain data, by number:
    ``{"player": 7, "name": ..., "checked_in": bool, "when": str | None,
    "by": "organizer" | "phone" | None, "out": "N" | None}`` (no code: see
    :func:`archon.eventday.codes.code_rows`, for the organizer only)."""
    rows = []
    for p in sorted(event.players, key=lambda p: p.number):
        c = event.checked_in.get(p.number)
        rows.append({"player": p.number, "name": p.name, "checked_in": c is not None,
                     "when": c.when if c else None, "by": c.by if c else None, "out": p.out})
    return rows


def checkin_summary(event: Event, proposed: Iterable[int] = ()) -> dict:
    """What the organizer's check-in section shows (and the projector view
    reads: ``checkin_code``): ``open`` (players registered, round 1 without
    a result), ``decks_open`` (players may hand in a deck list: round 1 not
    started, ``proposed`` being the rounds only The Archon's chart seats),
    ``begun``, ``checkin_code``, ``checked_in`` of ``registered``,
    ``players`` (each with their ``code``: the organizer's only) and
    ``absent`` (once begun: the players not checked in, by name) and
    ``alerts`` (:func:`alert_rows`)."""
    round_one = next((r for r in event.rounds if r.number == 1), None)
    codes_of = {r["player"]: r["code"] for r in code_rows(event)}
    rows = [{**row, "code": codes_of.get(row["player"])} for row in checkin_rows(event)]
    return {
        "open": bool(event.players) and not (round_one is not None and round_one.has_results()),
        "decks_open": not round_one_started(event, proposed),
        "begun": checkin_begun(event),
        "checkin_code": event.checkin_code,
        "checked_in": sum(1 for r in rows if r["checked_in"]),
        "registered": len(rows),
        "players": rows,
        "absent": [str(p) for p in absent_players(event)],
        "alerts": alert_rows(event),
    }
