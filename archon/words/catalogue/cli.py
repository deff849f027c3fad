"""The English texts of the messages of archon.cli (see :mod:`archon.words.catalogue`).

What the command line says to a person: its refusals (so that ``--json``
gives them an id), its progress, its summaries and the words of its tables'
headers (abbreviations, numbers and names stay as they are). Every id is
``cli.<command>.<what>``; what several commands say, ``cli.<what>``.
"""

TEXTS: dict = {
    # the command was used wrongly (options that do not go together, a value that cannot be read)
    "cli.usage": "{text}",
    "cli.internal_error": "archon failed ({kind}: {error}). Nothing was written by this command. Please report it "
                          "with the command you ran (ARCHON_DEBUG=1 shows the details).",
    "cli.internal_error_after_write": (
        "archon failed after {file} was written ({kind}: {error}). The change was made and backed up (the "
        "workbook is whole; '{undo}' takes it back); what this command printed may be incomplete. Please "
        "report it with the command you ran (ARCHON_DEBUG=1 shows the details)."),
    "cli.not_written": "cannot write {file}: {error}; the output is incomplete: free some space (or write "
                       "elsewhere) and run the command again",
    "cli.the_output": "the output",
    "cli.error": "Error: {error}",
    "cli.json_or_csv": "--json and --csv print different things: give one of them",
    "cli.dry_run_refused": "(dry run: the command itself would stop here the same way; nothing was written)",

    # what several commands say
    "cli.wrote": "wrote {file}",
    "cli.note": "note: {note}",
    "cli.warning": "warning: {what}",
    "cli.heading": "{title}:",
    "cli.winner": "winner: {player}",
    "cli.dry_run.nothing_written": "dry run: nothing written",
    "cli.dry_run.not_written": "dry run: {file} not written",
    "cli.progress.working": "working on {file}...",
    "cli.progress.reading": "reading",
    "cli.progress.converting": "converting",
    # the words of tables' headers (abbreviations such as VP, GW, TP, seat stay as they are)
    "cli.column.rank": "rank",
    "cli.column.player": "player",
    "cli.column.seed": "seed",
    "cli.column.final": "final",
    "cli.column.rating": "rating",
    "cli.column.name": "name",
    "cli.column.city": "city",
    "cli.column.counted": "counted",
    "cli.column.played": "played",
    "cli.column.games": "games",
    "cli.column.date": "date",
    "cli.column.event": "event",
    "cli.column.points": "points",

    # archon seat
    "cli.seat.progress": "seating round {round}",
    "cli.seat.table": "table {table}: {players:join:, }",
    "cli.seat.score": "score: {figures:join:  }",
    "cli.seat.figure": "{rule} {value}",
    "cli.seat.r1_repeated": "warning: R1 (predator-prey repeated): {issue}",
    "cli.seat.to_repeat": "to repeat this seating: {again}",
    "cli.seat.to_write": "to write this seating: {again}",
    "cli.seat.to_write_budget": "to write this seating: {again} (a --time-budget search may stop elsewhere: "
                                "check the tables)",
    "cli.seat.wrote_seat_list": "wrote {file} (round {round} seat list)",
    "cli.seat.move_needs_table": "--move needs --table T: the table to move the player to",
    "cli.seat.table_needs_move": "--table goes with --move A: the player to move there",
    "cli.seat.edit_to_write": "to write it, run the same command without {dry_run}",
    # the seating criteria, their figures and what is proven of them (archon seat, archon plan)
    "cli.proof.line": "  {rule}  {figure}  {title}: {verdict}",
    "cli.proof.optimal": "optimal",
    "cli.proof.bound": "lower bound {bound}, gap {gap}",
    "cli.proof.all": "proven optimal on every criterion: no plan is better, rule by rule",
    "cli.proof.some": "proven optimal on {proven:join:, }; {others:join:, } may be improvable by at most the gap "
                      "shown",
    "cli.proof.none": "proven optimal on no criterion; {others:join:, } may be improvable by at most the gap shown",
    "cli.rule.R1": "predator-prey relationship repeated (mandatory)",
    "cli.rule.R2": "opponents at the same table in every round",
    "cli.rule.R3": "available VPs per round, standard deviation",
    "cli.rule.R4": "opponents at the same table more than once",
    "cli.rule.R5": "fifth seat more than once",
    "cli.rule.R6": "same relative position repeated",
    "cli.rule.R7": "same seat more than once",
    "cli.rule.R8": "starting transfers per round, standard deviation",
    "cli.rule.R9": "same position group repeated",

    # archon plan
    "cli.plan.json_or_archon": "--json and --archon print different things: give one of them",
    "cli.plan.progress": "seating {players:count:player|players}",
    "cli.plan.sitting_out_in_round": "round {round}: sitting out {players:join:, }",
    "cli.plan.summary": "{players:count:player|players}, {rounds:count:round|rounds}, seed {seed} (--seed {seed} "
                        "gives this plan again)",
    "cli.plan.cannot_all_sit": "{players:count:player|players} cannot all sit in each of {rounds:count:round|rounds}: "
                               "{planned} rounds of which each plays {rounds}, as The Archon's {rounds}R+F chart "
                               "seats them",
    "cli.plan.staggered": "staggered: some players sit out each round; each plays {each:join: or } of the "
                          "{rounds} rounds",
    "cli.plan.round": "Round {round}",
    "cli.plan.table": "  table {table}:  {numbers}",
    "cli.plan.sitting_out": "  sitting out: {players:join:, }",
    "cli.plan.criteria": "Criteria (lower is better; seat 1 plays first, each seat's prey is the next):",

    # archon toss, warn, warnings
    "cli.toss.to_repeat": "to repeat this draw: {again}",
    "cli.toss.to_write": "to write this draw: {again}",
    "cli.warn.list_alone": "--list takes no player, reason or --round",
    "cli.warn.player_and_reason": 'give the player and the reason: {command} PLAYER "reason" [--round N]',
    "cli.warnings.none": "no warnings recorded",

    # archon finals
    "cli.finals.not_a_number": "--seating: {part} is not a player number (e.g. --seating 17,4,9,1,12)",
    "cli.finals.seating_or_none": "give --seating or --none, not both",
    "cli.finals.dry_run_alone": "--dry-run goes with --seating or --none",
    "cli.finals.choice": "  {place}. seed {seed}: {player}",
    "cli.finals.record": "Once seated, record the table (seat 1 plays first): {record}",
    "cli.finals.tie": "tie: {tie}: run '{toss}'",
    "cli.finals.tie_later": "tie: {tie}: once the preliminary rounds are over, run '{toss}'",
    "cli.finals.not_yet": "not yet: {what}",
    "cli.finals.final_table": "Final table (seat order):",
    "cli.finals.seat": "  seat {seat}: #{number} {name} (seed {seed})",
    "cli.finals.seat_vp": "  seat {seat}: #{number} {name} (seed {seed})  {vp} VP",

    # archon score
    "cli.score.legal": "legal: a game can end this way",
    "cli.score.pending": "pending: {reason}",
    "cli.score.invalid": "invalid: {reason}",

    # archon standings, check
    "cli.standings.title": "{title} — {format}, {players:count:player|players}, {edition} rules",
    "cli.standings.winner": "winner: {player} (#{number});  * = finalist",
    "cli.standings.read_as_said": "warning: the standings read these cells as said above: fix them ({check})",
    "cli.standings.read_as_said_more": "warning: {more} more; the standings read these cells as said above: fix "
                                       "them ({check})",
    "cli.check.none": "{file}: no problems found",
    "cli.check.error": "error: {problem}",
    "cli.check.warning": "warning: {problem}",
    "cli.check.note": "note: {problem}",
    "cli.check.summary": "{problems:count:problem|problems}, {errors:count:error|errors}",
    "cli.check.summary_notes": "{problems:count:problem|problems}, {errors:count:error|errors}; "
                               "{notes:count:seating note|seating notes}",

    # archon new, update
    "cli.new.created": "created {file} ({kind} template, {edition} rules, level {level}{deck})",
    "cli.new.would_create": "would create {file} ({kind} template, {edition} rules, level {level}{deck})",
    "cli.new.deck": ", {format}",
    "cli.new.current": "current",
    "cli.new.registered": "registered {players:count:player|players} ({numbers})",
    "cli.new.would_register": "would register {players:count:player|players} ({numbers})",
    "cli.new.numbered": "numbered 1 to {last}",
    "cli.update.edition": "rule edition: {was} -> {now}: now recorded in the workbook; standings, ranks and rating "
                          "points follow the {now} rules from now on ('{back}' puts it back)",
    "cli.update.edition_dry_run": "rule edition: {was} -> {now}: would be recorded in the workbook; standings, ranks "
                                  "and rating points would follow the {now} rules from now on ('{back}' puts it back)",

    # archon report
    "cli.report.twd_options": "--url, --country and --deck go with --twd",
    "cli.report.force_alone": "--force goes with --archondata, --xlsx, --html or --csv",
    "cli.report.force_one_at_a_time": (
        "--force with --archondata prints the upload even when '{check}' finds errors; with {given:join: and } it "
        "replaces an earlier report: one --force cannot mean both. Give it to one at a time: '{upload}', then "
        "'{files}'"),
    "cli.report.wrote": "wrote {file} ({what})",
    "cli.report.would_write": "would write {file} ({what})",

    # archon convert
    "cli.convert.folder_only": "{flag} lists what became of each file of a folder ({example}); {name} is one event "
                               "file",
    "cli.convert.stopped": "stopped: {reason}",

    # archon rating, league
    "cli.rating.title": "Ranking on {date}, {category} ({system}): {players:count:player|players}",
    "cli.rating.constructed": "constructed",
    "cli.rating.limited": "limited",
    "cli.rating.rtp": "rating points, best 8 events in 18 months",
    "cli.rating.elo2001": "Elo, 2001 rules",
    "cli.rating.player_events": "{vekn}: events in the window ({how})",
    "cli.rating.counted": "counted: yes = one of the best 8",
    "cli.rating.by_date": "by date",
    "cli.rating.unrated": "unrated: {source}: {results:count:result|results}: {reason}",
    "cli.rating.unrated_more": "unrated: {files:count:more file|more files}: see --json",
    "cli.league.title": "{name}: best {best:count:result|results} by {points}{window:join:}",
    "cli.league.default_name": "League",
    "cli.league.by_rating": "rating points",
    "cli.league.by_gw_vp": "GW, then VP, then TP",
    "cli.league.from": ", from {date}",
    "cli.league.to": ", to {date}",

    # the backups a write removed (archon --keep-backups N)
    "cli.backups_removed": "{file}: {removed:count:older backup|older backups} removed from {folder}/ (--keep-backups "
                           "{keep} keeps the backups of the last {keep} changes, and a copy of the version now in the "
                           "workbook): {names}",

    # archon serve
    "cli.serve.organizer": "organizer: {url}",
    "cli.serve.players": "players:   {url}",
    "cli.serve.judge": "{who}: {url}",
    "cli.serve.how_to_stop": "Ctrl-C stops the server.",
    "cli.serve.stopped": "stopped",
}
