"""The English texts of the messages of archon.web, the event console (see :mod:`archon.words.catalogue`).

``web.act.*`` and ``web.option.*`` are how the console names an action or an
option of any message it shows (:class:`archon.web.words.ConsoleRenderer`):
by the buttons and fields of its own pages, as they are labelled there.
"""

TEXTS: dict = {
    # -- what to do next, as the organizer's page offers it ------------------
    "web.act.seat": '"Seat the round" for round {round}',
    "web.act.seat_next": '"Seat the round"',
    "web.act.seat_again": '"Seat the round" for round {round}, then OK when the page asks',
    "web.act.seat_again_next": '"Seat the round", then OK when the page asks',
    "web.act.seat_show": 'round {round} under "Seating and results"',
    "web.act.record": '"Record" at round {round}, table {table}',
    "web.act.record_final": '"Record" at the final',
    "web.act.record_table": "\"Record\" at the table's result",
    "web.act.replacing": '{action}, with "replace the recorded result" ticked',
    "web.act.overriding": "{action}, with a judge's reason in \"Judge's decision (override)\"",
    "web.act.toss": '"Toss (fair coin draw)" under "Final"',
    "web.act.seat_final": '"Seat the final" under "Final"',
    "web.act.no_final": '"Close without a final" under "Final"',
    "web.act.final_section": 'the "Final" section',
    "web.act.drop": "\"Drop (WD)\" on {player}'s row",
    "web.act.dq": "\"DQ\" on {player}'s row",
    "web.act.undo_drop": "the \"Undo\" button on {player}'s row",
    "web.act.unregister": "\"Unregister\" on {player}'s row",
    "web.act.warn": "\"Warn\" under \"Judges' warnings\"",
    "web.act.warnings": "the \"Judges' warnings\" section",
    "web.act.info": '"Save the details" under "Event details"',
    "web.act.register": '"Register" under "Registration"',
    "web.act.undo": '"Undo the last change"',
    "web.act.undo_anyway": '"Undo the last change", then OK when the page asks',
    "web.act.check": 'the problems listed under "At a glance"',
    "web.act.standings": 'the "Standings" section',
    "web.act.reports": '"Reports"',
    "web.act.archondata": '"archondata string" under "Reports"',
    "web.act.twd": '"TWD header" under "Reports"',
    "web.act.report_html": '"HTML page" under "Reports"',
    "web.act.seat_list": '"round {round} seat list" under "Reports"',
    "web.act.console": "this console",
    # an action no page of the console offers: the command line has it
    "web.act.elsewhere": "the command line's {name}",
    "web.act.elsewhere_with": "the command line's {name} ({args})",
    "web.player_number": "player #{number}",
    "web.player_named": "player '{name}'",
    "web.option.force": "OK when the page asks",
    "web.option.override": "the \"Judge's decision (override)\" field",
    "web.option.replace": '"replace the recorded result"',
    "web.option.vekn": 'the "VEKN number" field',
    "web.option.city": 'the "city" field',
    "web.option.name": "the name field",
    "web.option.seed": 'the "seed" field',
    "web.option.round": 'the "Round" field',
    "web.option.reason": 'the "reason" field',
    "web.option.elsewhere": "the command line's option {name}",
    # -- the pages ------------------------------------------------------------
    # the question under a refusal the organizer can override (the seat form's, the undo form's)
    "web.confirm_force": "OK: do it now ({undo} puts everything back).",
    "web.confirm_undo": "OK: restore it anyway (the changes made since are lost; the version it replaces is kept "
                        "as a backup).",
    "web.where.place": "Place {place}",
    "web.where.final_seat": "Final: seat {seat}",
    "web.where.final_seat_place": "Final: seat {seat}, place {place}",
    "web.where.round": "Round {round}: table {table}, seat {seat}",
    # the players' page, when the next round has no seating yet (The Archon's chart only proposes one)
    "web.round_not_seated": "Round {round} is not seated yet: the tables show here once the organizer seats it",
    # under the round's heading on the players' page
    "web.round_size": "{tables:count:table|tables}, {players:count:player|players}",
    "web.open_elsewhere": "close {file} in {app} to enter results here (it is open there; archon would overwrite, "
                          "or be overwritten by, its next save)",
    "web.stale_version": "{file} changed since this page read it (saved in a spreadsheet, or by another command): "
                         "nothing was written; the page now shows the new state, check it and try again",
    # what the journal of changes records for a write of the console (what undo says it takes back)
    "web.journal_command": "{who}: the event console ({file}): POST /api/{action} {body}",
    # what undo says it takes back of a console's write: the words of the console's history
    "web.journal_said": "{who}: {what}",
    # -- refused requests -----------------------------------------------------
    "web.failed": "archon failed ({kind}: {text}); nothing was written. Please report it.",
    "web.token_needed": "this needs the organizer's token: open the organizer URL printed when the console "
                        "started, or send 'Authorization: Bearer TOKEN'",
    "web.no_such_action": "no such action: {action}",
    "web.not_found": "{path}: not found",
    "web.wrong_method": "{path}: not found for {method}",
    "web.wrong_host": "this console does not answer for the host {host!r}: open it at the address it printed",
    "web.json_content_type": "send a JSON object (Content-Type: application/json)",
    "web.body_too_big": "request body over {limit} bytes",
    "web.not_json": "the body is not JSON archon can read: {detail}",
    "web.not_an_object": 'the body must be a JSON object, e.g. {{"round": 1, "table": 2, "vps": [3, 0, 0, 2]}}',
    "web.field_missing": '"{key}" is missing',
    "web.field_not_whole": '"{key}" must be a whole number, not {value}',
    "web.field_not_text": '"{key}" must be text',
    "web.field_too_long": '"{key}" is {length} characters long: at most {limit}',
    "web.field_not_bool": '"{key}" must be true or false',
    "web.field_not_list": '"{key}" must be a list (at most {limit} values)',
    "web.field_not_numbers": '"{key}" must hold numbers, not {value}',
    "web.final_seating_numbers": '"seating" must hold player numbers in seat order, e.g. [17, 4, 9, 1, 12]',
    "web.table_seats": "a table has 4 or 5 seats",
    # -- starting the console -------------------------------------------------
    "web.no_such_workbook": "{file}: no such workbook",
    "web.port_out_of_range": "port {port}: give a port from 1 to 65535 (or 0 for any free port)",
    "web.port_taken": "port {port} cannot be used ({reason}): another program has it; give another one with {port_option}",
    # -- several judges at once (archon.web.judges) ---------------------------
    "web.judges.bad_name": "a judge's name is given once, is not blank and has at most {limit} characters: {name!r}",
    "web.judges.same_token": "each judge needs a token of their own",
    "web.judges.someone": "a spreadsheet or another command",
    "web.judges.where_table": "round {round}, table {table}",
    "web.judges.where_final": "the final",
    "web.judges.conflict_result": "{where} was recorded meanwhile by {who}: {figures:join: / }; nothing was written. "
                                  "Your VPs are still in the form: compare them, and to write yours tick "
                                  "\"replace the recorded result\"",
    "web.judges.conflict_gone": "{where} was changed meanwhile ({who}): it is no longer seated as the page "
                                "showed; nothing was written: check the new seating and try again",
    "web.judges.conflict_player": "player {player} was changed meanwhile by {who}; nothing was written: the page "
                                  "now shows the new state, check it and try again",
    "web.judges.history_line": "{time} {who}: {what}",
    "web.judges.history_command": "{time} {command}",
    "web.judges.did_result": "result of round {round}, table {table}: {figures:join: / }",
    "web.judges.did_final": "result of the final: {figures:join: / }",
    "web.judges.did_drop": "drop of player {player} ({reason})",
    "web.judges.did_undrop": "drop of player {player} taken back",
    "web.judges.did_warn": "warning to player {player}",
    "web.judges.did_sanction": "sanction of player {player}",
    "web.judges.did_unregister": "player {player} unregistered",
    "web.judges.did_register": "{name} registered",
    "web.judges.did_seat": "seating of round {round}",
    "web.judges.did_toss": "the toss",
    "web.judges.did_finals": "the final's seating",
    "web.judges.did_undo": "undo of the last change",
    "web.judges.did_info": "the event details",
    "web.judges.did_other": "{action}",
    "web.judges.player_who": "{name} (player)",
    "web.judges.did_player_report": "report of round {round}, table {table}: {figures:join: / }",
    "web.judges.did_player_report_final": "report of the final: {figures:join: / }",
}

#: The console's own wording of messages other layers define (see
#: :mod:`archon.words.catalogue`): where its actions alone would read awkwardly.
SHELL_TEXTS: dict = {
    "seat.already_seated": {
        "console": ("round {round} is already seated (no result yet): archon keeps its seating, shown under "
                    "\"Seating and results\"; to draw a new seating, press {again}"),
    },
}
