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
    "convert.invisible_dropped": ("{what} {text} is now {now}: dropped {characters}, "
                                  "{characters:plural:a character that cannot be seen or that turns|characters "
                                  "that cannot be seen or that turn} the text around"),
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
    # CSV text (csvrecords): what cannot be read whole
    "csv.binary": "{source}, line {line}: binary data, not a CSV text file",
    "csv.quote_runs_on": ("{source}, line {line}: a quoted field runs on to line {end}: a quote (\") opened on line "
                          "{line} is not closed where the field ends; check the quotes on that line"),
    "csv.unreadable": "{source}, line {line}: not readable as CSV ({error}): check the quotes (\") on that line",
    # the CSV set: finding its files
    "csvset.expected": ("expected a folder or a .zip holding {methuselahs}, {round}..., {finals} and {report}"),
    "csvset.no_such_source": "{source} does not exist: {expected}",
    "csvset.source_special": "{source} is {kind}, not a CSV set: archon does not read it (it could wait forever); {expected}",
    "csvset.not_a_set": "{source} is not a CSV set: {expected}",
    "csvset.no_set_file": "{source} holds none of the CSV set's files: {expected}",
    "csvset.both_files": "{source} holds both {first} and {second}: keep one of them",
    "csvset.cannot_read": "cannot read {file}: {error}",
    "csvset.zip_folders": "{source} holds CSV files in several folders ({folders:join:, }): put one CSV set in a zip",
    "csvset.damaged_zip": "{source} is a damaged zip file ({error}): {expected}",
    "csvset.member_special": ("{file} in {source} is {kind}, not a file: archon does not read it (it could wait "
                              "forever), and the set is not read without it; put the file itself there"),
    "csvset.link_outside": ("{file} in {source} is a symbolic link to {target}, outside the CSV set: it is not "
                            "followed; copy the file itself into the set"),
    "csvset.link_dangling": ("{file} in {source} is a symbolic link to {target}, which does not exist: the set is "
                             "not read without the file; put the file itself there"),
    "csvset.zip_link": ("{file} in {source} is a symbolic link, not a file: it is not followed; zip the file itself"),
    "csvset.zip_special": ("{file} in {source} is stored as a special file (a named pipe or a device), not a file: "
                           "zip the file itself"),
    "csvset.round_missing": ("the CSV set has no {file}{why}: reading it without round {round} would change every "
                             "rank; add the round's file"),
    "csvset.round_empty_missing": ("{file} holds no seat{why}: reading it without round {round} would change every "
                                   "rank; export the round again"),
    "csvset.round_or_final_missing": ("the CSV set has neither {file} nor {finals}{why}: reading it would lose a "
                                      "round or the final; add its file"),
    "csvset.round_missing.later": " while it has {later:join:, }",
    "csvset.round_missing.claimed": " while {file}, line {line} says #{player} played {rounds} rounds{final}",
    "csvset.round_missing.final": " (the final included)",
    # the CSV set: what a line holds that cannot be read
    "csvset.nothing": "nothing",
    "csvset.not_a_whole_number": "column {column} ({what}) holds {value}: expected a whole number from 1",
    "csvset.not_a_count": "column {column} ({what}) holds {value}: expected a whole number",
    "csvset.not_a_vp": "column {column} (VP) holds {value}: expected a number of VPs such as 2 or 1.5, or nothing",
    "csvset.methuselahs_no_number": ("this line has player details but no player number in column 1: expected the "
                                     "player's number"),
    "csvset.number_twice": "player number {player} is already on line {first_line}: give every player a different number",
    "csvset.round_no_number": ("this line has no player number in column 1: expected a player number, or an empty "
                               "line after a table of 4"),
    "csvset.table_again": ("table {table} again, after other tables (it started on line {first_line}): a table's "
                           "players must be on consecutive lines"),
    "csvset.table_too_big": "{file}, lines {first}-{last}: table {table} has {players} players: a table has {sizes:join: or }",
    "csvset.round_zero": "{file}: round {round}: expected {first}, {second}...",
    "csvset.finals_no_number": "this line has no player number in column 1: expected a finalist's number",
    "csvset.final_twice": "player {player} is seated twice at the final",
    "csvset.override_twice": "round {round}, table {table} is overridden twice: keep one line for it",
    "csvset.report_no_number_column": "no 'Player Num' column in the header: expected {columns:join:,}",
    "csvset.report_number_twice": "player number {player} is already on line {first_line}",
    # the CSV set: writing it
    "csvset.target_is_file": "{folder} is a file: give a folder for the CSV set",
    "csvset.not_written": "{error}: no file of the CSV set was written",
    # players lists
    "players_csv.binary": "{error}: save the players list as CSV (comma or semicolon separated text)",
    "players_csv.empty": "{source} is empty: expected a header line such as 'First Name,Last Name,VEKN,City'",
    "players_csv.no_name_columns": ("{source}, line {line}: no name columns in the header {header}: expected "
                                    "'First Name' and 'Last Name', or a single 'Name' column"),
    "players_csv.no_name": "{source}, line {line}: the player has no name",
    "players_csv.special": "{file} is {kind}, not a players CSV file: give the path of a CSV file",
    "players_csv.cannot_read": "cannot read {file}: {error}",
    "players_csv.split": ('"{name}" is read as first name "{first}", last name "{last}" (the last word), as vekn.net '
                          'receives it; for last name "{rest}" type it last name first: "{other}"'),
    "players_csv.split_at": "{source}, line {line}: {said}",
    "players_csv.more_split": ('and {more} more {more:plural:name|names} of three or more words split on the last '
                               'space: type them "Last, First" in {source} if they are not'),
    # convert: what it refuses, and the steps it says it takes
    "convert.output_not_xlsx": "{file}: archon writes Excel workbooks: give an output name ending in .xlsx",
    "convert.output_exists": "{file} already exists: choose another name (convert never replaces a file)",
    "convert.no_folder": "folder {folder} does not exist",
    "convert.no_template": "template {template} does not exist: give an official Archon .xlsx",
    "convert.patch_failed": "{file}: {error}",
    "convert.progress.reading": "reading {file}...",
    "convert.progress.writing": "writing {file}...",
    "convert.progress.checking": "checking {file}...",
    "convert.json.not_read": "{file}: {error}",
    "convert.cannot_open": "{file} cannot be opened: {error}",
    "convert.unknown_input": ("{file}: archon cannot tell what this is: expected an Archon workbook (.xlsx, .ods, "
                              ".xls), a CSV set (a folder or a .zip of Methuselahs.csv, Round-N.csv...) or archon's "
                              "standings JSON (.json)"),
    "convert.expected": "give an Archon workbook, a CSV set (folder or .zip) or a standings JSON file",
    "convert.no_such_input": "{file} does not exist: {expected}",
    "convert.special_input": "{file} is {kind}, not an event file: {expected}",
    "convert.csv_set": "the Archon CSV set of the archon Discord bot, in {what} ({files:join:, })",
    "convert.csv_set.zip": "a zip",
    "convert.csv_set.folder": "a folder",
    "convert.json.description": "archon's standings JSON ({event}{version})",
    "convert.json.unnamed": "unnamed event",
    "convert.json.version": ", The Archon v{version}",
    "convert.workbook": "The Archon v{version}, {format}{saved}",
    "convert.workbook.saved_by": ", saved by {application}",
    # outfiles: writing a report's or a set's files
    "output.cannot_write_in": "cannot write {file}: {error} (folder {folder})",
    "output.cannot_write": "cannot write {file}: {error}; nothing was written",
    "output.cannot_create_folder": "cannot create the folder {folder}: {error}",
    "output.cannot_write_into": "cannot write into {folder}: {error}",
    # charts: The Archon's optimal seating charts
    "chart.no_chart": "The Archon has optimal seating charts for {charts:join: and } rounds, not {rounds}",
    "chart.unreadable": "{file}: cannot read the seating charts ({error})",
    "chart.no_sheet": "{file}: no sheet {sheet}",
    "chart.players_out_of_range": "the {sheet} chart covers {first} to {last} players, not {players}",
    "chart.not_laid_out": ("{file}: {cell} should hold {players} (the start of the {players}-player block); the "
                           "sheet is not laid out as The Archon v1.5l lays it out"),
    # the VEKN's outputs: what they refuse
    "vekn.no_vekn": ("{count:count:player has|players have} no VEKN number ({players}): vekn.net refuses the report; "
                     "type their numbers in {cell} (column E of their rows)"),
    "vekn.vekn_twice": "VEKN number {vekn} is given to {first} and {second}: vekn.net refuses the report; correct it in {cell}",
    "vekn.separator": ("{player}: {value} holds {field} or {record}, which archondata uses as separators: correct it "
                       "on the {sheet} sheet"),
    "vekn.no_name": "the event has no name: type it in {cell}",
    "vekn.no_date": "the event has no date: type it in {cell}",
    "vekn.no_city": "the event has no city: type it in {cell}, save, and run the command again",
    "vekn.score_line_needs_one": "the TWD score line needs one",
}
