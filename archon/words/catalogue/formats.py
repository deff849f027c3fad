"""The English texts of the messages of :mod:`archon.formats` (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    # convert: what a conversion says it did (ConversionResult.lines)
    "convert.read": "read {file}: {description}",
    "convert.event": "  event: {players} players, {format}{seated}{final}",
    "convert.event.rounds": ", rounds {rounds:join:, } seated",
    "convert.event.no_round": ", no round seated",
    "convert.event.final": ", final seated",
    "convert.edition": "  rule edition: {edition} ({origin})",
    "convert.edition.given": "{edition}",
    "convert.edition.recorded": "recorded in the input",
    "convert.edition.default": "default; the input does not say, give {edition} otherwise",
    "convert.left_out": "left out ({force}): {count}",
    "convert.no_place": "no place in the current layout: {count}",
    "convert.warnings": "warnings: {count}",
    "convert.notes": "notes: {count}",
    "convert.item": "  {item}",
    "convert.finding": "{where}: {what}",
    "convert.wrote": "wrote {output} ({template} template, {edition} rules)",
    "convert.would_write": "would write {output} ({template} template, {edition} rules)",
    "convert.copied": "  copied {cells:count:other input cell|other input cells} as they are (judges, round times, notes)",
    "convert.checked_clean": "{check}: no problems found",
    "convert.checked": "{check}: {problems:count:problem|problems}, {errors:count:error|errors}",
    "convert.problem": "  {severity}: {problem}",
    "convert.dry_run": "dry run: nothing written",
    "convert.stopped": ("{file}: {values:count:value has|values have} no place in the current Archon layout; "
                        "nothing was written (convert with {force} to leave them out)"),
    "convert.edition_differs": "the input records the rule edition {recorded}; {edition} gives {given}",
    "convert.cannot_read": "{file} cannot be read: {reason}",
    "convert.json.not_utf8": "{file} is not UTF-8 text: expected archon's standings JSON",
    "convert.json.not_a_number": ("{file}: {value} is not a number a workbook can hold: "
                                  "expected the output of '{standings}'"),
    "convert.json.too_deep": ("{file}: its lists and objects are nested too deep to be archon's standings JSON: "
                              "expected the output of '{standings}'"),
    "convert.json.invalid": ("{file}, line {line}, column {column}: not valid JSON ({error}): "
                             "expected the output of '{standings}'"),
    "convert.json.shape": "{file}: {field}: expected {expected} ({standings})",
    # the CSV set: what it cannot hold (csv_set_texts' not_held), what reading it says
    "csvset.not_held.details": "the event's {details:join:, } (Tournament Info) are not in the CSV set",
    "csvset.not_held.format": ("the event format {format} is not in the CSV set: it is read back from the Round "
                               "files ({rounds:count:round|rounds})"),
    "csvset.not_held.edition": ("the rule edition {edition} is not in the CSV set: give it again when reading it "
                                "back"),
    "csvset.not_held.coins": ("coin rankings ({coins:join:, }) are not in the CSV set: reading it back infers them "
                              "from Finals.csv's seeds and Report.csv's ranks"),
    "csvset.not_held.warnings": ("the judges' warnings ({warnings}) are not in the CSV set: they stay in the "
                                 "workbook ('{show}')"),
    "csvset.not_held.no_final": "the event was closed without a final: the CSV set cannot say so",
    "csvset.not_registered": "players seated but not registered: {players}; '{check}' lists their seats",
    # the VEKN's outputs (archondata, the TWD): why they cannot be made yet
    "vekn.final_pending": "the event is not finished: the final has no result yet ({record})",
    "vekn.rounds_pending": "the event is not finished: the preliminary rounds are not over",
    "vekn.ties": {"": "{ties:join:; }: toss ({toss})", "cli": "{ties:join:; }: run '{toss}'"},
    "vekn.no_winner": "the event has no winner yet: {why}",
    "vekn.record_final": "record the final's result ({record})",
    "vekn.finish_rounds": "finish the preliminary rounds",
    "csvset.not_in_set": "this CSV file is not part of the Archon CSV set: it is not read",
    "csvset.cp1252": "not UTF-8 text: read as Windows-1252 (Western European)",
    "csvset.extra_column": ("column {column} holds {value}, beyond the {count} columns of this file "
                            "({columns:join:, }): The Archon has no place for it"),
    "csvset.at_line": "{file}, line {line}: {problem}",
    "csvset.report_without_rounds": ("the Report holds results ({players} players with games played, their VPs and "
                                     "ranks) but the set has no {round_file}...: The Archon computes results from "
                                     "the rounds, so these have no place in it"),
    "csvset.format_read": ("the CSV set does not say the event's format: read as {format} from the Round files; "
                           "name, date, city and level are not in it either"),
    "csvset.header_skipped": "a header line: skipped",
    "csvset.round_empty": "no seat in the file: round {round} is left out",
    "csvset.tables_renumbered": ("tables are numbered {tables:join:, }: The Archon numbers a round's tables by "
                                 "their rows, so they become 1 to {last}"),
    "csvset.final_table": "table {table}: the final is table 1",
    "csvset.finalists_by_seed": ("the finalists are listed by seed, as the Discord bot writes them: the file does "
                                 "not say where they sat, so they are seated {how}"),
    "csvset.seed_order": "in seed order",
    "csvset.first_possible_order": ("as {seating:join:, } (seat 1 first), the first order in which the final's VPs "
                                    "are possible"),
    "csvset.report_column_unknown": ("column {column} ({header}) is not a column of the Report ({columns:join:, }): "
                                     "its values are not read"),
    "csvset.report_no_header": "no header line: columns read in the bot's order ({columns:join:, })",
    "csvset.registered_from_report": "player #{player} is not in {file}: registered from the Report",
    "csvset.no_methuselahs": "no {file}: players registered from the Report",
    "csvset.registered_from_rounds": ("no {file} or {report}: players registered by number from the Round files, "
                                      "without names"),
    "csvset.override_inferred": ("round {round}, table {table}: its VPs do not add up but the players are counted "
                                 "as having played it: recorded as a judge's override (reason unknown)"),
    "csvset.name_differs": "#{player} is named {value} here and {name} in {file}",
    "csvset.vekn_differs": "#{player}'s VEKN number is {value} here and {vekn} in {file}",
    "csvset.coins_inferred": ("players {players:join:, } tie on the rounds for places {first} to {last}: coin "
                              "ranking {coins:join:, } inferred from the seeds and ranks in the files"),
    "csvset.rounds_played_differ": "#{player} played {value} rounds according to the file; the rounds give {computed}",
    "csvset.seed_differs": "#{player} has seed {value} in the file; the rounds give {computed}",
    "csvset.seed": "seed {seed}",
    "csvset.no_seed_tie": "no seed (a tie is open)",
    "csvset.not_a_finalist": "not a finalist",
    "csvset.report_differs": "#{player}'s {column} is {value} in the file; archon computes {computed}",
    # convert: what the input holds that the layout has no place for, and notes
    "convert.date_from_name": "the event's date, {date}, is taken from the name {name}",
    "convert.name_from_name": "the event's name, {event}, is taken from the name {name}",
    "convert.part_differs": "{part}: not read, the layout differs from v1.5l ({reasons:join:; })",
    "convert.part_missing": "{part}: this edition has no sheet '{sheet}', so there is nothing to read",
    "convert.older_edition": ("The Archon v{version} is older than v1.5: each part is read only where its labels "
                              "are those of v1.5l"),
    "convert.extra_sheet": ("sheet {sheet} ({cells:count:filled cell|filled cells}) has no counterpart in The "
                            "Archon v1.5l: it is not converted"),
    "convert.empty_sheet": "empty sheet {sheet}, not in The Archon v1.5l: not converted",
    "convert.too_many_players": ("{players} players: the sheet holds {rows} (rows {first} to {last}); players "
                                 "{extra} have no row"),
    "convert.round_has_no_sheet": ("The Archon has sheets for preliminary rounds {first} to {last} only: round "
                                   "{round} ({tables} tables, {seats} seats) has no place"),
    "convert.too_many_tables": "{tables} tables: the sheet holds {rows}; tables {first} to {tables} have no rows",
    "convert.table_too_big": ("table {table} has {players} players: a table has {rows} rows; players "
                              "{extra:join:, } have no seat"),
    "convert.format_unknown": "{format}: The Archon runs 2R+F or 3R+F",
    "convert.final_too_big": "the final has {seats} seats: the sheet holds {rows}",
    "convert.too_many_overrides": "{overrides} overrides: the sheet holds {rows}",
    "convert.json.unknown_field": "not a field of archon's standings JSON: The Archon has no place for it",
    "convert.json.differs": "#{player} has {value} in the file; archon computes {computed}",
    "convert.json.winner_differs": "the file says #{value}; archon computes #{computed}",
    "convert.json.format_unknown": "{value}: The Archon runs 2R+F or 3R+F (read as {format})",
}
