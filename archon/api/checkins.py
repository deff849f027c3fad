"""Twins of the check-in commands (issue 25): ``checkin`` (the organizer's,
and a player's from their phone, :func:`phone_checkin`) and ``codes``
(personal codes: listed, reissued, printed as slips).

The rules live in :mod:`archon.eventday.checkin` and
:mod:`archon.eventday.codes`; these twins read the workbook, call them and
write the event back (:func:`archon.api.changes.event_day`): every change
goes through the workbook's lock, version check, backup, journal and undo.
"""

from __future__ import annotations

from typing import Optional

from archon.api.changes import EventDayReport, event_day
from archon.api.contracts import twin_of
from archon.api.errors import InputError
from archon.eventday import checkin as rules
from archon.eventday import codes as coding
from archon.eventday.players import find_player
from archon.formats.workbook import read_event
from archon.words.message import option, say

#: ``archon codes --dismiss all``: every alert.
ALL = "all"

__all__ = ["ALL", "checkin", "phone_checkin", "claim_alert", "dismiss_alerts", "codes", "print_codes", "checkin_state", "checkin_json", "codes_json"]


@twin_of("checkin")
def checkin(path, player=None, *, undo: bool = False, all: bool = False, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon checkin FILE PLAYER [--undo]`` and ``archon checkin
    FILE --all``: the organizer checks a player in (a number, a VEKN number
    or a unique part of a name), undoes it, or checks in everyone still
    playing (:func:`archon.eventday.checkin.check_in`,
    :func:`~archon.eventday.checkin.undo_check_in`,
    :func:`~archon.eventday.checkin.check_in_all`). Every player gets a
    personal code and the event a check-in code on the first check-in.
    """
    if all and (player is not None or undo):
        raise InputError(say("checkin.all_alone", all=option("all"), undo=option("undo")))
    if not all and player is None:
        raise InputError(say("checkin.player_needed", all=option("all")))
    if all:
        return event_day(path, lambda ev, proposed, locate: rules.check_in_all(ev), dry_run=dry_run)
    if undo:
        return event_day(path, lambda ev, proposed, locate: rules.undo_check_in(ev, player, locate=locate),
                         dry_run=dry_run)
    return event_day(path, lambda ev, proposed, locate: rules.check_in(ev, player, locate=locate), dry_run=dry_run)


def phone_checkin(path, name: str, code: str) -> EventDayReport:
    """A player checks in from their phone with their whole name and the
    event's check-in code, or their personal code
    (:func:`archon.eventday.checkin.phone_check_in`). The report's
    ``player`` is the player; their personal code is
    ``report.event.codes[report.player.number]``. Refusals:
    :class:`archon.eventday.checkin.WrongCode`,
    :class:`~archon.eventday.checkin.AlreadyClaimed`, and the event day's."""
    return event_day(path, lambda ev, proposed, locate: rules.phone_check_in(ev, name, code), dry_run=False)


def claim_alert(path, player: int) -> EventDayReport:
    """Keep the alert that a second phone claimed ``player`` (their number)
    with the event, until the organizer dismisses it
    (:func:`archon.eventday.checkin.claim_alert`)."""
    return event_day(path, lambda ev, proposed, locate: rules.claim_alert(ev, player), dry_run=False)


def dismiss_alerts(path, player: "int | str | None" = None, *, dry_run: bool = False) -> EventDayReport:
    """The organizer dismisses the claimed-twice alerts of ``player`` (their
    number, or as every command names a player: a VEKN number, a part of a
    name), or all of them (None, or ``"all"``)
    (:func:`archon.eventday.checkin.dismiss_alerts`)."""
    def change(ev, proposed, locate):
        if player is None or str(player).strip().lower() == ALL:
            return rules.dismiss_alerts(ev, None)
        number = player if isinstance(player, int) else find_player(ev, player, locate).number
        return rules.dismiss_alerts(ev, number)

    return event_day(path, change, dry_run=dry_run)


@twin_of("codes")
def codes(path, *, reissue=None, dismiss=None, dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon codes FILE [--reissue PLAYER | --dismiss PLAYER|all]``:
    every registered player's personal code, made for those who have none
    yet (and the event's check-in code), written to the workbook;
    ``reissue``: that player gets a new code, the old one stops working;
    ``dismiss``: that player's claimed-twice alerts, or all (``"all"``), are
    dismissed instead (:func:`dismiss_alerts`; no code is made). The codes
    are :func:`archon.eventday.codes.code_rows` of the report's ``event``,
    the alerts still waiting :func:`archon.eventday.checkin.alert_rows`."""
    if dismiss is not None:
        if reissue is not None:
            raise InputError(say("codes.dismiss_alone", dismiss=option("dismiss"), reissue=option("reissue"),
                                 slips=option("print")))
        return dismiss_alerts(path, dismiss, dry_run=dry_run)
    if reissue is not None:
        return event_day(path, lambda ev, proposed, locate: coding.reissue(ev, reissue, locate=locate),
                         dry_run=dry_run)
    return event_day(path, lambda ev, proposed, locate: coding.make_codes(ev), dry_run=dry_run)


def print_codes(path, out, *, lang: str = "en", force: bool = False, address: Optional[str] = None,
                dry_run: bool = False) -> EventDayReport:
    """Twin of ``archon codes FILE --print OUT.xlsx``: the codes made as
    :func:`codes` makes them, then one slip per player written to ``out``
    (a plain workbook, :func:`archon.reports.code_slips.write_code_slips`),
    in the language ``lang``; ``address``: the players' page, printed on
    each slip. The slips are checked before anything is written; the
    report's ``printed`` is their path (None on a dry run)."""
    from archon.reports.code_slips import check_code_slips, write_code_slips

    check_code_slips(out, lang, force=force)
    rep = codes(path, dry_run=dry_run)
    if not dry_run and rep.event is not None:
        rep.printed = write_code_slips(rep.event, out, lang=lang, force=force, address=address)
    return rep


def checkin_state(path) -> dict:
    """The check-in as the organizer sees it: ``{"begun": bool, "checkin_code":
    str | None, "players": checkin rows with each ``code``}`` (for the
    organizer only: codes are private)."""
    event = read_event(path).event
    codes_of = {r["player"]: r["code"] for r in coding.code_rows(event)}
    return {"begun": rules.checkin_begun(event), "checkin_code": event.checkin_code,
            "players": [{**row, "code": codes_of.get(row["player"])} for row in rules.checkin_rows(event)]}


def checkin_json(rep) -> dict:
    """``checkin --json``: the change, and the check-in after it (how many
    checked in of how many registered; each player's, without codes)."""
    from archon.api.json_output import change_json

    ev = rep.event
    rows = rules.checkin_rows(ev) if ev is not None else []
    return {**change_json("checkin", rep), "checkin": {
        "checked_in": sum(1 for r in rows if r["checked_in"]), "registered": len(rows), "players": rows}}


def codes_json(rep) -> dict:
    """``codes --json``: the change (codes made or reissued, alerts
    dismissed), every player's code, the event's check-in code, the
    claimed-twice alerts still waiting and the slips printed (None)."""
    from archon.api.json_output import change_json

    ev = rep.event
    printed = getattr(rep, "printed", None)
    return {**change_json("codes", rep), "checkin_code": ev.checkin_code if ev is not None else None,
            "codes": coding.code_rows(ev) if ev is not None else [],
            "alerts": rules.alert_rows(ev) if ev is not None else [],
            "printed": None if printed is None else str(printed)}
