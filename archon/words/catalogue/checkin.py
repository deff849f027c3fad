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
    "checkin.wrong_personal_code": ("that is not your personal code: check it on your slip and type it again, "
                                    "or type the code shown on the screen"),
    "checkin.name_unknown": ("no registered player is named {name!r}: type your whole name as you registered, "
                             "or ask the organizer"),
    "checkin.name_shared": ("{count} registered players are named {name!r}: check in with your personal code "
                            "instead of the code on the screen, or ask the organizer"),
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
    "checkin.all_alone": "{all} checks in everyone: it takes no player, nor {undo}",
    "checkin.player_needed": "give a player to check in (a number, a VEKN number or a part of a name), or {all}",
    # archon.eventday.codes
    "codes.no_player": "no player is registered yet: there is no code to make",
    "codes.made": "made personal codes for {count:count:player|players}",
    "codes.checkin_code_made": "made the event's check-in code",
    "codes.reissued": "{player} has a new personal code: the old one no longer works",
    "codes.checkin_code": "the event's check-in code (for the projector): {code}",
    "codes.printed": "wrote {count:count:slip|slips} to {file}: cut them out and give each player theirs",
    # the commands' contracts (archon.api.contracts)
    "contract.checkin.summary": "Check a player in before round 1, undo it, or check in everyone.",
    "contract.checkin.does":
        "PLAYER is a player number, a VEKN number or a unique part of a name; {undo} takes the check-in back; "
        "{all} checks in every registered player still playing. The first check-in gives every player a "
        "personal code and the event a check-in code ({codes} lists them): players may also check themselves "
        "in from their phone on the event console's players' page. Once check-in has begun, round 1 seats the "
        "checked-in players only and names the absent ones: seat round 1 with {absent} drop (no-shows) or "
        "{absent} unregister.",
    "contract.checkin.exits":
        "Exit status: 0 when done or nothing to do; 1 when refused (round 1 has results, the player is "
        "flagged out); 2 when FILE cannot be read or no player or several fit PLAYER; 3 when FILE cannot be "
        "written.",
    "contract.codes.summary": "List the players' personal codes, reissue one, or print them as slips.",
    "contract.codes.does":
        "Each registered player gets a personal code (8 characters without look-alikes, drawn at random) and "
        "the event a check-in code, made the first time and kept in the workbook. A personal code lets its "
        "player check in, submit a deck and report their table, and nothing else: give it privately. "
        "{reissue} PLAYER gives that player a new code (the old one stops working); {print} OUT.xlsx writes "
        "one slip per player to cut out and hand over. {json} prints the codes for a script. The list ends with "
        "the alerts of a player claimed twice from a phone; {dismiss} PLAYER (or all) dismisses them.",
    "contract.codes.exits":
        "Exit status: 0 when listed; 2 when FILE cannot be read or no player or several fit PLAYER; 3 when "
        "FILE or the slips cannot be written.",
    # the slips (archon.reports.code_slips)
    "report.kind.code_slips": "code slips",
    "report.kind.a_code_slips": "a code slips workbook",
    "slips.sheet": "Codes",
    "slips.event": "{event}: your personal code",
    "slips.player": "#{number} {name}",
    "slips.where": "Players' page: {address}",
    "slips.where_console": "Players' page: ask the organizer for its address",
    "slips.how": ("With this code you check in, submit your deck and report your table on the players' page. "
                  "Keep it to yourself: the organizer can give you a new one."),
    # the console (archon.web.checkin, archon.web.words)
    "web.act.seat_absent_drop": '"Seat round {round}, dropping them as no-shows" under "Check-in"',
    "web.act.seat_absent_unregister": '"Seat round {round}, unregistering them" under "Check-in"',
    "web.act.checkin": "\"Check in\" on {player}'s row under \"Check-in\"",
    "web.act.checkin_undo": "\"Undo\" on {player}'s row under \"Check-in\"",
    "web.act.checkin_all": '"Check in everyone" under "Check-in"',
    "web.act.codes": 'the codes under "Check-in"',
    # a personal code typed wrong too often (the players' deck form and table reports: archon.web.checkin.guard)
    "codes.too_many_tries": "too many wrong codes from this phone: wait {seconds} seconds, then type your personal code again",
    "web.checkin.wait": "too many wrong codes from this phone: wait {seconds} seconds, then type the code on the screen",
    # archon.formats.workbook.event_records
    "read.checkin_unreadable": "{value!r} is not a check-in (time|organizer or phone): that player is not checked in",
    "read.code_unreadable": "a personal code that is not one of archon's is left out: reissue it",
    "read.checkin_code_unreadable": "the event's check-in code is not one of archon's: it is made again",
    "read.alert_unreadable": "{value!r} is not an alert of a player claimed twice (number|time): it is left out",
    # claimed-twice alerts, kept with the event (archon.eventday.checkin)
    "checkin.alert_kept": "a second phone claimed {player}: the organizer is told until the alert is dismissed",
    "checkin.alert_no_player": "there is no player #{player} to keep an alert for",
    "checkin.alerts_dismissed": "{count:count:alert|alerts} dismissed",
    "checkin.no_alert": "no alert to dismiss",
    # archon codes: the alerts waiting, and --dismiss (archon.cli.checkin)
    "codes.alert": "alert: a second phone tried to check in as {name} (#{number}) at {when} and was refused; check "
                   "who it was, then dismiss the alert: {dismiss}",
    "codes.dismiss_alone": "{dismiss} goes alone: not with {reissue} nor {slips}",
}
