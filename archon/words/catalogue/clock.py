"""The English texts of the round's clock (issue 25): archon.eventday.clock,
its twin and command, the workbook's record of it, and the console's words
for it (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    # archon.eventday.clock: changes
    "clock.started": "{which}: the clock started at {start}, {minutes:count:minute|minutes}; the time is "
                     "up at {end}.",
    "clock.paused": "{which}: the clock is paused, {left} left.",
    "clock.resumed": "{which}: the clock runs again, {left} left; the time is up at {end}.",
    "clock.added": "{which}: {minutes:count:minute|minutes} added for every table, {left} left.",
    "clock.table_added": "{which}, table {table}: {minutes:count:minute|minutes} added (extra time in all: "
                         "{extra:count:minute|minutes}), {left} left at that table.",
    # the round a clock line is about: its name, at the start of the line
    "clock.round_name": "Round {number}",
    "clock.final_name": "The final",
    # archon.eventday.clock: refusals
    "clock.no_such_round": "There is no round {round}: the event plays rounds 1 to {rounds} and the final (F).",
    "clock.nothing_seated": "No round is seated yet, so no round's clock can start: round 1 needs its tables "
                            "first ({first}).",
    "clock.bad_length": "A round's time limit is whole minutes, 1 to {most}: '{value}' is not.",
    "clock.bad_added": "The time added is whole minutes, 1 to {most} (with a minus sign to take time back): "
                       "'{value}' is not.",
    "clock.already_started": "{which}: the clock is already started ({left} left): pause it ({pause}) or add "
                             "time ({add}).",
    "clock.not_started": "No round's clock is started yet: start it first ({start}).",
    "clock.already_paused": "{which}: the clock is already paused ({left} left): resume it ({resume}).",
    "clock.not_paused": "{which}: the clock is not paused ({left} left): nothing to resume.",
    "clock.too_much_taken": "{which}: {minutes:count:minute|minutes} cannot be taken back: the round would "
                            "have less than no time ({added} minutes added so far).",
    "clock.too_much_taken_table": "Table {table} has {added:count:minute|minutes} of extra time: "
                                  "{minutes:count:minute|minutes} cannot be taken back.",
    "clock.no_such_table": "{which}: there is no table {table}; the tables are 1 to {tables}.",
    # what the clock shows
    "clock.show_none": "No round's clock is started ({start}).",
    "clock.show": "{which}: {state}, {left} left (time limit {minutes:count:minute|minutes}, "
                  "{added} minutes added).",
    "clock.state.running": "running",
    "clock.state.paused": "paused",
    "clock.state.finished": "time is up",
    "clock.state.not_started": "not started",
    "clock.show_table": "Table {table}: {extra:count:minute|minutes} of extra time, {left} left.",
    "clock.show_times": "{which}: started at {start}, time up at {end}.",
    # the twin and the command line
    "clock.no_such_action": "'{action}' is not something the clock does: {actions:join:, }.",
    "clock.minutes_needed": "Say how many minutes to add (a number after add).",
    "clock.show_alone": "show takes no minutes, table, round or dry run: it only shows the clock.",
    "clock.table_only_with_add": "A table is given only with add (a judge's extra time for that table).",
    "clock.no_minutes_here": "{action} takes no minutes: only start (the time limit) and add do.",
    # the workbook's record
    "read.clock_unreadable": "The round's clock recorded in the workbook cannot be read ('{value}'): it is "
                             "left out; start the clock again.",
    # the command's contract
    "contract.clock.summary": "The round's clock: start, pause, resume, add time for the round or one table, "
                              "show.",
    "contract.clock.does":
        "start starts the clock of the round under way ({round} names another: 1, 2, 3 or F) for MINUTES "
        "(2 hours when not given: the rules' shortest time limit); pause and resume stop and restart it, the time "
        "it stood paused not counted; add MINUTES gives every table more time, or only the table {table} names "
        "(a judge's extra time; a minus sign takes time back). show says the time left. The clock is kept in "
        "the workbook's document properties, so the event console shows it after a restart, and the round "
        "sheet's start and end times (I2 and I3; the final's K2 and K3) are written when it starts and each "
        "time the round's end moves; {undo} takes a change back.",
    "contract.clock.exits":
        "Exit status: 0 when done or shown; 1 when refused (no round seated, the clock already running or "
        "paused, not started yet); 2 when FILE cannot be read, or the round, table or minutes are not the "
        "event's; 3 when FILE cannot be written.",
    # the console: the controls that do it
    "web.act.clock_start": '"Start the clock"',
    "web.act.clock_pause": '"Pause"',
    "web.act.clock_resume": '"Resume"',
    "web.act.clock_add": '"Add time"',
}
