"""The English texts of the messages of archon.api (see :mod:`archon.words.catalogue`).

``api.*``: what the twins say (refusals of what was typed, the lines of a
change); ``contract.<command>.summary|does|exits``: what each command does,
its refusals and exit statuses (:mod:`archon.api.contracts`), the same for
the command line's ``--help`` and the twin's docstring.
"""

TEXTS: dict = {
    # what a typed text is, as a refusal of the twins names it ("the {field}": archon.api.eventday, .workbooks)
    "field.player_name": "player's name",
    "field.event_name": "event name",
    "field.event_city": "event city",
    "field.event_organizer": "event organizer",
    # -- a problem of a workbook, where it is (archon.api.problems)
    "api.problem": "{where}: {what}",
    "api.problem_nowhere": "{what}",
    "api.problem_advised": "{where}: {what} — {advice}",
    "api.problem_advised_nowhere": "{what} — {advice}",
    # -- scores
    "api.no_vp_typed": "no VP typed for seat {seats:join:, }: type 0 for a player who scored none",
    "api.not_vps": "{value!r} is not a number of VPs",
    "api.on_line": "line {line}: {error}",
    # -- reports
    "api.nothing_to_write": "nothing to write: give {xlsx} OUT.xlsx, {html} OUT.html and/or {csv} DIR",
    "api.round_needs_xlsx": "{round} N writes that round's seat list to a workbook: give {xlsx} OUT.xlsx",
    "api.stale_csv": "{file} is left from an earlier export and is not part of this event: delete it",
    "api.read_in_part": "{file} could not be read whole, so a report of it would be wrong: "
                        "{problems:join:; }{more}. Fix the workbook ('{check}' says what to do) and report "
                        "again; nothing was written",
    "api.read_in_part_more": "; and {more} more",
    "api.upload_refused": "'{check}' finds {errors:count:error|errors}, which vekn.net would receive: "
                          "{problems:join:; }{more}. Fix them, or give {force} to print the upload anyway",
    "api.more_problems": "; ...",
    "api.deck_is_special": "{file} is {kind}, not a deck list: give the path of a text file",
    "api.deck_unreadable": "cannot read the deck list {file}: {error}",
    "api.deck_not_utf8": "{file} is not UTF-8 text: save the deck list as UTF-8 text",
    # -- new and update
    "api.bad_date": "date {value!r}: expected YYYY-MM-DD, e.g. 2026-12-05",
    "api.bad_deck_format": "deck format {value!r}: expected {formats:join: or }",
    "api.bad_level": "level {value!r}: expected one of {levels:join:, }",
    # -- the event day
    "api.unreadable_cells": "{file}: archon will not write over cells it cannot read: {problems:join:; }{more}; "
                            "fix them ({check}) and run the command again",
    "api.unreadable_cells_more": " (and {more} more)",
    "api.dry_run_head": "dry run: nothing written; this is what it would do:",
    "api.nothing_to_write_back": "nothing to write",
    "api.name_or_players": 'give a player\'s name ("First Last") or {players} players.csv, not both',
    "api.one_player_options": "{vekn} and {city} go with one player's name; a players CSV has its own columns",
    "api.final_alone": "{final} records the final table: leave out {round} and {table}",
    "api.order_or_seed": "{order} enters a toss made at the table, {seed} repeats a draw: give one of them",
    "api.order_not_numbers": ("{typed!r} is not a player number: give the tied players' numbers in the order the "
                              "coin ranked them, the winner first (12,7)"),
    "api.which_table": "say which table: {round} N {table} T (or {final})",
    # -- seating
    "api.show_alone": "{show} prints the round as seated: leave out {others}",
    "api.edit_alone": "{edit} edits the seats of a round as seated: leave out {others}",
    "api.edit_pair": "{edit} takes two values: two players to swap, or a player and a table",
    "api.round_not_seated": "{file}: round {round} is not seated yet: seat it ({seat})",
    "api.round_as_seated": "round {round} as seated: {players} players at {tables:count:table|tables}",
    "api.round_chart_only": "round {round} only shows The Archon's seating chart (no seat typed): "
                            "'{seat}' seats it with archon",
    "api.bad_time_budget": "time budget {value}: give a number of seconds above 0",
    "api.plan_too_few": "{players} players: a seating plan needs at least {least}",
    "api.plan_too_many": "{players} players: archon plans at most {most} (the largest events have a few "
                         "hundred); check the number",
    "api.plan_rounds": "{rounds} rounds: plan {first} to {last}",
    "api.bad_effort": "effort {value}: give a number above 0 and at most 100 (default {default})",
    # -- convert
    "api.dry_run_one_file": "{dry_run} converts one event file: give a file, not a folder of events",

    # -- the contracts: what each command does, its refusals, its exit statuses
    "contract.score.summary": "Score one table: VPs in seat order (4 or 5 values).",
    "contract.score.does": "Gives each seat's VP, GW and TP and whether a game can end this way (the result "
                           "is legal).",
    "contract.score.exits": "Exit status: 0 when every table is legal, 1 otherwise, 2 on unreadable input.",

    "contract.editions.summary": "List the rule editions archon knows.",
    "contract.editions.does": "Each edition's name (what {edition} takes) and title.",
    "contract.editions.exits": "Exit status: 0.",

    "contract.report.summary": "Report an event: the VEKN report, or the files an event posts and publishes.",
    "contract.report.does":
        "With no option, the VEKN report as The Archon's 'VEKN Report' sheet has it: player number, VEKN "
        "number, name, games played, games won (+1 for the final's winner), total VPs and rank (top five "
        "only). {archondata} gives the string to send to vekn.net (refused while '{check}' finds errors, "
        "unless {force}: then given without {xlsx}, {html} and {csv}, so that replacing a report never "
        "prints a refused upload), {twd} the winning deck's TWD entry (header and score line; {deck} adds the "
        "deck list); {xlsx}, {html} and {csv} write files. The numbers are those of '{standings}', computed "
        "once from FILE.\n\n"
        "A workbook archon can read only in part (a round sheet missing or renamed, a formula with no saved "
        "value: see '{check}') is not reported: a report of it would be wrong.",
    "contract.report.exits":
        "Exit status: 0 when the report is printed or written; 1 when the event cannot be reported yet "
        "({archondata} or {twd} before the event is over, a tie to toss, a VEKN number missing; {round} N for "
        "a round not seated) or FILE could be read only in part; 2 when FILE cannot be read, the options do "
        "not go together or the event has no round N; 3 when an output cannot be written (it exists: {force} "
        "replaces an earlier report of the same kind, never another file; its name does not end in .xlsx or "
        ".html; it is an event workbook or in a NAME-backups folder; its folder is missing or read-only).",

    "contract.register.summary": "Register a player (or a players CSV) under the next player numbers.",
    "contract.register.does":
        'NAME is "First Last" (the last word is the last name) or "Last, First" for a last name of several '
        'words ("de la Cruz, Carl"); a name of three or more words without a comma is registered saying how '
        "it was split. A player registered once a round has results is a late arrival and joins from the "
        "next round (rules 3.3.1). A name or VEKN number already registered is refused, naming the row that "
        "holds it.",
    "contract.register.exits":
        "Exit status: 0 when registered; 1 when refused (already registered, the event is too far on); 2 when "
        "FILE or the players CSV cannot be read, or a VEKN number is not 7 digits; 3 when FILE cannot be "
        "written.",

    "contract.warn.summary": "Record a judge's warning to a player, or list them ({list}).",
    "contract.warn.does":
        "PLAYER is a player number, a VEKN number or a unique part of a name (accents and case aside; "
        '"Last, First" too); REASON says why, in up to 200 characters. The workbook keeps the warnings in its '
        "document properties (File > Properties > Custom), which Excel and LibreOffice keep and The Archon's "
        "formulas ignore; the reports list them for the head judge's report to the VEKN. {round} names a "
        "round seated so far, or F once the final is seated; the same warning (player, reason, round) is "
        "recorded once.",
    "contract.warn.exits":
        "Exit status: 0 when recorded (or listed); 1 when refused (a round not seated yet, the final not "
        "seated, the same warning already recorded); 2 when FILE cannot be read, no player or several fit "
        "PLAYER, the reason is blank or too long, or the event has no such round; 3 when FILE cannot be "
        "written.",

    "contract.sanction.summary": "Record a sanction on the Judges' Guide's levels: caution, warning, standings "
                                 "adjustment or disqualification.",
    "contract.sanction.does":
        "PLAYER is a player number, a VEKN number or a unique part of a name; REASON says what happened, in up "
        "to 200 characters. {category} names the infraction (a sub-category of the Judges' Guide: slow_play, "
        "marked_cards, failure_to_maintain_game_state, cheating...): archon suggests its baseline level, one "
        "step further on the guide's ladder (caution, caution, warning, warning, standings adjustment, "
        "standings adjustment, disqualification) for each earlier sanction of the player for it in this event; "
        "{level} gives another level (caution, warning, sa, dq), and the output says both. {round}, {table} "
        "and {judge} say where and who. A standings adjustment needs {round}: it takes 1 VP from the player's "
        "result of that round (what the round's VPs cannot cover comes off the total), and the table's GW and "
        "TP follow from the VPs after it; The Archon's own formulas do not show it (check names the "
        "difference). A disqualification also drops the player with reason DQ, in the same write. {warn} "
        "records the warning level; all are kept in the workbook's document properties and listed by "
        "warnings.",
    "contract.sanction.exits":
        "Exit status: 0 when recorded; 1 when refused (a round not seated yet, the same sanction already "
        "recorded, a disqualification at a final already seated); 2 when FILE cannot be read, no player or "
        "several fit PLAYER, the reason is blank or too long, the level or infraction is not the guide's, "
        "neither is given, or a standings adjustment has no round; 3 when FILE cannot be written.",

    "contract.warnings.summary": "List the judges' warnings recorded in the workbook ({warn}).",
    "contract.warnings.does": "Each warning in the order given: the player's number and name, the round and "
                              "the reason.",
    "contract.warnings.exits": "Exit status: 0; 2 when FILE cannot be read.",

    "contract.unregister.summary": "Remove a player registered by mistake, or a no-show who played no game.",
    "contract.unregister.does":
        "PLAYER is a player number, a VEKN number or a unique part of a name (accents and case aside; "
        '"Last, First" too). The players after them move up one number on every sheet (The Archon\'s seating '
        "chart seats the players numbered 1 to N). After it the player is nowhere: not in the player count, "
        "the reports, the rating points or the VEKN upload. A no-show seated in a round that has no result "
        "yet leaves their seat (the players after them move up one seat; a table of 5 becomes one of 4, the "
        "other tables stay); when that would leave a table of 3, that round's seating is cleared and the "
        "command to seat it again is given. A player who has played is refused: drop them instead.",
    "contract.unregister.exits":
        "Exit status: 0 when removed; 1 when refused (they have played, sit at the final table, have a "
        "judge's warning, or sit in a round that has results); 2 when FILE cannot be read, or no player or "
        "several fit PLAYER; 3 when FILE cannot be written.",

    "contract.drop.summary": "Take a player out of the event (or back in with {undo}).",
    "contract.drop.does":
        "PLAYER is a player number, a VEKN number or a unique part of a name (accents and case aside; "
        '"Last, First" too). The player\'s DQ flag (Methuselahs column G) gets the reason code: they are left '
        "out of the next seatings and of the final; their results stay. A finalist who leaves before the "
        "final is seated is replaced by the next-ranked player; once the final is seated they keep their "
        "seat and take a Loss (rules 3.1.4).",
    "contract.drop.exits":
        "Exit status: 0 when done; 1 when refused (already out, seated at the final); 2 when FILE cannot be "
        "read, no player or several fit PLAYER, or the reason code is unknown; 3 when FILE cannot be written.",

    "contract.result.summary": "Record a table's VPs, in seat order.",
    "contract.result.does":
        "A result no game can end with is refused with the reason, unless a judge accepts it ({override} "
        '"reason"). A table that already has a complete result keeps it: the command shows it and changes '
        "nothing, unless {replace}. VPs may be typed 2.5, 2,5 or 1/2.",
    "contract.result.exits":
        "Exit status: 0 when recorded; 1 when refused (a result no game can end with, a finished table "
        "without {replace}, a round not seated yet, a change of finalists once the final is seated); 2 when "
        "FILE cannot be read, the event has no such round or table, or the VPs are not VPs (too many, too "
        "few, not numbers); 3 when FILE cannot be written.",

    "contract.toss.summary": "Break ties for the final cut and the seeds with a fair random draw.",
    "contract.toss.does":
        "Every unresolved tie for a place in the top five gets a coin ranking (Methuselahs column M; 1 = won "
        "the toss). The draw's seed is given: '{again}' repeats the same draw. A toss made at the table is "
        "entered with {order}: the tied players' numbers in the order the coin ranked them, the winner first; "
        "it must name exactly the players of one tie.",
    "contract.toss.exits":
        "Exit status: 0 when tossed or no tie is left; 1 when refused (the preliminary rounds are not over, "
        "the final has a result); 2 when FILE cannot be read or {order} does not name exactly the players of "
        "one tie; 3 when FILE cannot be written.",

    "contract.seat.summary": "Seat a preliminary round with archon's seating engine.",
    "contract.seat.does":
        "Rounds already played stay as they were and count in the VEKN seating criteria; players flagged out "
        "are left out and players registered since are in. The seating is typed over The Archon's chart "
        "formulas. Gives the tables and the seating's score on the nine criteria (R1, no repeated "
        "predator-prey relationship, is mandatory). A round already seated is kept: {show} gives it "
        "({print} writes its seat list again), {force} draws a new seating.",
    "contract.seat.exits":
        "Exit status: 0 when seated (or shown); 1 when refused (an earlier round not seated, a round already "
        "seated or later rounds seated without {force}, a later round played, a final seated that the new "
        "seating would change, too few players; {show}: a round not seated); 2 when FILE cannot be read, the "
        "event has no such round or {show} comes with {seed}, {force}, {dry_run} or {time_budget}; 3 when "
        "FILE or the seat list cannot be written.",

    "contract.finals.summary": "Show the finalists and their seeds, or record the final table.",
    "contract.finals.does":
        "Rules 3.1.3: finalists choose their seats in turn, the lowest qualifier (seed 5) first and seed 1 "
        "last, each placing their card at either end of the row or between two cards; the judge then draws "
        "who plays first. Record the table with {seating}, seat 1 being the player who plays first. A "
        "finalist who leaves before the final is seated is replaced by the next-ranked player ({drop}); with "
        "fewer than 5 players left the final is played with 4.",
    "contract.finals.exits":
        "Exit status: 0; 1 when a tie at the cut leaves a place in the final undecided ({toss}), or {seating} "
        "or {none} is refused (not the finalists, the rounds not over); 2 when FILE cannot be read or a seat "
        "is not a player number; 3 when FILE cannot be written.",

    "contract.serve.summary": "The event console: the event day in a browser, beside the spreadsheet.",
    "contract.serve.does":
        "Gives the organizer's URL (it carries a secret token: keep it to yourself) and the players' URL "
        "(read only: tables, standings, final; for a projector or phones). Both pages follow the workbook "
        "live, also when it is saved in Excel or LibreOffice.",
    "contract.serve.exits": "Exit status: 0 once stopped; 2 when FILE cannot be read or the port cannot be used.",

    "contract.standings.summary": "Print the standings of an Archon workbook.",
    "contract.standings.does":
        "Everything is computed from the workbook's inputs by archon's rules engine (cached spreadsheet "
        "values are never trusted). Players are listed by final rank (or rank), then player number; players "
        "flagged out last.",
    "contract.standings.exits":
        "Exit status: 0; 1 when some cells could not be read (the standings still print; standard error "
        "names the cells and how they were read: see '{check}'); 2 when the file cannot be read.",

    "contract.check.summary": "List every problem in an Archon workbook, with its sheet and cell.",
    "contract.check.does":
        "The values the reader could not use and what the rules find wrong (an impossible table, a VEKN "
        "number that is not one, a tie to toss...), each on the cell to fix; seating notes (criteria R2 to "
        "R7) say how good a seating is and need no fix.",
    "contract.check.exits":
        "Exit status: 0 when the workbook is clean (seating notes only), 1 when there are problems, 2 when "
        "the file cannot be read.",

    "contract.new.summary": "Create an event workbook.",
    "contract.new.does":
        "From archon's built-in template (same sheets and cells as The Archon, results written as values), "
        "or from an official Archon you downloaded ({template}; its formulas stay in place).",
    "contract.new.exits":
        "Exit status: 0 when created; 2 when an option, the players CSV or the template cannot be read "
        "(nothing written); 3 when FILE cannot be written (it exists already, its folder is missing or "
        "read-only).",

    "contract.update.summary": "Recompute an event workbook and write the results back.",
    "contract.update.does":
        "In archon's built-in template every result is refreshed; in an official Archon the inputs stay and "
        "its formulas recalculate when opened. The previous version is kept as a backup in the NAME-backups "
        "folder beside it. A cell archon cannot read stops it before anything is written (fix it: "
        "'{check}'). {edition} records another rule edition in the workbook, and says so.",
    "contract.update.exits":
        "Exit status: 0 when written or already up to date; 2 when FILE cannot be read (or holds cells archon "
        "cannot read); 3 when FILE cannot be written.",

    "contract.convert.summary": "Convert an old or foreign event file into a current Archon workbook.",
    "contract.convert.does":
        "IN is an Archon workbook of any version and form (.xlsx, .ods, .xls, Google Sheets export), the "
        "archon Discord bot's CSV set (a folder or a .zip of Methuselahs.csv, Round-N.csv, Finals.csv, "
        "Report.csv) or the output of '{standings}'. Says what was found, what has no place in the current "
        "layout, and what '{check}' finds in OUT.\n\n"
        "The rule edition ({edition}, else the one IN records, else current) is recorded in OUT and used by "
        "every command on it.\n\n"
        "IN may be a folder of event files (not a CSV set): each one is converted into the same place under "
        "the folder OUT (.xlsx); a file that cannot be converted is listed with the reason and the rest go "
        "on; the same event twice (an .xls and its .xlsx) is converted once.",
    "contract.convert.exits":
        "Exit status: 0 when OUT was written; 1 when IN holds values the current layout cannot hold (nothing "
        "written: check them, or give {force} to leave them out); 2 when IN cannot be read or an option is "
        "wrong; 3 when OUT cannot be written (it exists already, its folder is missing). A folder: 0 when "
        "every event was converted, 1 when some could not be.",

    "contract.rating.summary": "The VEKN rating and ranking from event files.",
    "contract.rating.does":
        "PATHS are event files in any form archon reads (Archon workbooks, the bot's CSV sets, standings "
        "JSON) or folders, searched recursively. Players are matched by VEKN number; a row without one is "
        "listed as unrated. Files that cannot be read, duplicates (the same event twice) and other files are "
        "listed with the reason.",
    "contract.rating.exits":
        "Exit status: 0 with a ranking; 2 when no event could be read or an argument is wrong; 3 when {xlsx} "
        "cannot be written (the file exists: {force} replaces an earlier rating workbook, never another "
        "file).",

    "contract.league.summary": "League standings across a series of events.",
    "contract.league.does":
        "The sum of each player's best N results ({best} N) between {start} and {end}, by rating points or "
        "by GW then VP then TP; ties share a rank. PATHS are event files or folders, or one league file "
        "(TOML) that says it all.",
    "contract.league.exits":
        "Exit status: 0 with the standings; 2 when no event could be read or the league file or an argument "
        "is wrong; 3 when {xlsx} cannot be written (the file exists: {force} replaces an earlier league "
        "workbook, never another file).",

    "contract.info.summary": "Show or set the event's details: name, date, city, organizer, head judge, level, format.",
    "contract.info.does":
        "Sets each detail given in Tournament Info, and only there: the organizer and the head judge (with their "
        "VEKN numbers: 7 digits), the event's name, date (YYYY-MM-DD), city, level (one The Archon lists) and "
        "format (2R+F or 3R+F; refused once a round or the final no longer fits it). A blank value clears a "
        "detail. With none given, shows the details and the number of judges' warnings ({json}: as JSON). "
        "{undo} takes it back.",
    "contract.info.exits":
        "Exit status: 0 when set (or shown, or already so); 1 when the format no longer fits the rounds seated; "
        "2 when FILE cannot be read or a value is not one the detail takes; 3 when FILE cannot be written.",

    "contract.undo.summary": "Undo the last archon command that changed a workbook.",
    "contract.undo.does":
        "Restores FILE as it was before that command, from its backup in the NAME-backups folder beside it, "
        "and says which command and when. Run it again to go further back. Refused when FILE was changed "
        "since archon wrote it (typed in a spreadsheet: undo would lose that) unless {force}. A FILE archon "
        "cannot read any more (damaged: cut short by an interrupted copy) is put back as archon's last "
        "command left it; undo again takes back that command. The version undo replaces is kept as a backup "
        "too.",
    "contract.undo.exits":
        "Exit status: 0 when restored; 1 when there is nothing to undo, its backup is gone, or FILE changed "
        "since; 2 when FILE does not exist; 3 when FILE cannot be written (open, read-only, held).",

    "contract.plan.summary": "Plan the seating of N players (numbered 1 to N) over several rounds.",
    "contract.plan.does":
        "Tables of 5, of 4 where needed, as many 5s as possible, with the VEKN seating criteria R1 (no "
        "repeated predator-prey relationship, mandatory) to R9 met as well as possible, in that order. Gives "
        "the plan, who sits out each round in a staggered plan, the seed (to get the same plan again) and "
        "the plan's figure on each criterion (lower is better), with the lower bound no plan can beat: "
        '"optimal" where the plan reaches it.',
    "contract.plan.exits":
        "Exit status: 0 with a plan; 2 when N, the rounds or the games cannot be planned, or the options do "
        "not go together.",
}
