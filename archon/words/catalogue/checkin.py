"""The English texts of check-in and personal codes (issue 25;
:mod:`archon.eventday.checkin`, :mod:`archon.eventday.codes`, their twins,
commands and console pages; see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    # archon.eventday.checkin
    "checkin.done": "{player} checked in: {count} of {registered} registered players",
    "checkin.already": "{player} is checked in already",
    "checkin.not_checked_in": "{player} is not checked in",
    "checkin.undone": "{player} is no longer checked in: {count} of {registered} registered players",
    "checkin.all_done": ("checked in {count:count:player|players}: {total} of {registered} registered "
                         "players are checked in"),
    "checkin.all_already": "every player still playing is checked in already ({total})",
    "checkin.no_player": "no player is registered yet: register the players first ({register})",
    "checkin.round_begun": "round 1 has results: check-in is over",
    "checkin.player_out": "{player} is flagged out ({out}): undo that first ({undo})",
    "checkin.wrong_code": "that code is not this event's check-in code: type the code shown on the screen",
    "checkin.name_unknown": ("no registered player is named {name!r}: type your whole name as you registered, "
                             "or ask the organizer"),
    "checkin.claimed_twice": ("{player} has checked in from a phone already: if that was not you, "
                              "ask the organizer"),
    "checkin.absent_at_round_one": {
        "": ("check-in has begun ({checked_in} checked in) and {count:count:player is|players are} not "
             "checked in: {players}. Drop them as no-shows ({drop}) or unregister them ({unregister}), "
             "or check them in first"),
        "cli": ("check-in has begun ({checked_in} checked in) and {count:count:player is|players are} not "
                "checked in: {players}. Drop them as no-shows ('{drop}') or unregister them ('{unregister}'), "
                "or check them in first"),
    },
    "checkin.absent_choice": "{typed!r} is not a choice for the absent players: {choices:join: or }",
    "checkin.absent_dropped": "not checked in, dropped as no-shows (N): {players}",
    "checkin.absent_unregistered": "not checked in, unregistered: {players}; {remaining} players remain",
    # archon.eventday.codes
    "codes.no_player": "no player is registered yet: there is no code to make",
    "codes.made": "made personal codes for {count:count:player|players}",
    "codes.checkin_code_made": "made the event's check-in code",
    "codes.reissued": "{player} has a new personal code: the old one no longer works",
    # archon.formats.workbook.event_records
    "read.checkin_unreadable": "{value!r} is not a check-in (time|organizer or phone): that player is not checked in",
    "read.code_unreadable": "a personal code that is not one of archon's is left out: reissue it",
    "read.checkin_code_unreadable": "the event's check-in code is not one of archon's: it is made again",
}
