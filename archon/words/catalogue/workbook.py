"""The English texts of the messages of archon.formats.workbook's reading side
(see :mod:`archon.words.catalogue`): ``workbook.*``, a file that cannot be
read (its errors: :class:`archon.formats.workbook.errors.WorkbookError`) and
its parts; ``read.*``, what the reader found in a cell (a
:class:`archon.formats.workbook.read_result.ReadProblem`, said at its sheet
and cell); ``special_file.*``, a path that is not a plain file."""

TEXTS: dict = {
    # -- a file that is not a workbook archon can read
    "workbook.no_such_file": "{file}: no such file ({path})",
    "workbook.folder": "{file} is a folder, not a workbook: give the path of an .xlsx, .ods or .xls file",
    "workbook.special_file": "{file} is {kind}, not a workbook: give the path of an .xlsx, .ods or .xls file",
    "workbook.cannot_open": "{file} cannot be opened: {reason}",
    "workbook.not_a_spreadsheet": (
        "{file} is not a spreadsheet archon can read: expected an Excel (.xlsx, .xls) or LibreOffice (.ods) workbook"
    ),
    "workbook.zip_not_a_spreadsheet": (
        "{file} is a zip archive but not a spreadsheet: expected an .xlsx, .ods or .xls workbook"
    ),
    "workbook.xls_needs_xlrd": (
        "{file} is an Excel 97-2003 .xls file: reading it needs the xlrd package (pip install xlrd), "
        "or save it as .xlsx"
    ),
    "workbook.xls_unreadable": (
        "{file} cannot be read as an Excel 97-2003 .xls workbook ({reason}); a password-protected file must be "
        "saved without a password first"
    ),
    "workbook.not_archon": (
        "{file} is not an Archon workbook: expected a sheet {sheet!r} and 'The Archon (v…)' in "
        "{version_sheet}!{version_cell} ({found})"
    ),
    "workbook.its_sheets": "its sheets: {sheets:join:, }",
    "workbook.its_sheets_more": "its sheets: {sheets:join:, }, ...",
    "workbook.found_value": "found {value} there",
    "workbook.found_nothing": "found nothing there",
    "workbook.text_too_long": (
        "{file}: cell {sheet}!{cell} holds {length:,} characters, more than a cell holds ({limit:,}): no "
        "spreadsheet saves such a text; shorten it in Excel/LibreOffice, or use a backup"
    ),
    # a message said after another (WorkbookError.adding)
    "workbook.and_more": "{error}{more}",

    # -- a damaged file: "{file} is damaged: {what}"
    "workbook.damaged": "{file} is damaged: {what}",
    "workbook.fix_damage": "use a backup, or open it in Excel/LibreOffice and save it again",
    "workbook.empty": (
        "it is empty (an interrupted copy or save?); use a backup or save it again from Excel/LibreOffice"
    ),
    "workbook.incomplete_zip": (
        "it is not a complete .xlsx/.ods archive (an interrupted copy or download?); use a backup or save it "
        "again from Excel/LibreOffice"
    ),
    "workbook.parts_unreadable": "its workbook parts cannot be read; use a backup or save it again",
    "workbook.part_missing": "{what} ({part}) {parts:plural:is|are} missing; {fix}",
    "workbook.part_unpack": "{what} ({part}) cannot be unpacked ({reason}); {fix}",
    "workbook.part_garbled": "{what} ({part}) {parts:plural:is|are} cut short or garbled ({problem}); {fix}",
    "workbook.xml_error": "{error} at line {line}, column {column}",
    "workbook.xml_doctype": (
        "a document type declaration (<!DOCTYPE) at line {line}, column {column}, which no spreadsheet writes"
    ),
    "workbook.row_past_sheet": "a row numbered {row!r}, which no sheet has (they go from 1 to {limit:,})",
    "workbook.sheet_not_stored": (
        "its workbook part ({part}) lists sheet {sheet!r} but does not say where it is stored; {fix}"
    ),
    "workbook.shared_string_missing": (
        "sheet {sheet!r} cell {cell} refers to shared string {index!r} but the shared strings hold {strings}; {fix}"
    ),
    "workbook.ods_repeat": (
        "{what} ({part}): sheet {sheet!r} has {attribute}=\"{value}\", which is no count of rows or columns; {fix}"
    ),
    "workbook.xls_sheet_unreadable": "sheet {sheet!r} cannot be read ({reason})",
    # zip bombs: more than any workbook holds, refused before it is inflated
    "workbook.too_many_entries": (
        "its zip holds {entries:,} entries, more than any workbook (archon reads at most {limit:,}); {fix}"
    ),
    "workbook.directory_too_big": (
        "its zip's directory takes {size:,} bytes, more than any workbook's (archon reads at most {limit:,}); {fix}"
    ),
    "workbook.part_too_big": (
        "its part {part} would inflate to {size:,} bytes, more than any workbook's part (archon reads at most "
        "{limit:,}); {fix}"
    ),
    "workbook.parts_too_big": (
        "its parts would inflate to {size:,} bytes in all, more than any workbook's (archon reads at most "
        "{limit:,}); {fix}"
    ),
    "workbook.part_past_limit": (
        "its part {part} inflates to more than {limit:,} bytes, the most archon reads of a workbook's part; {fix}"
    ),

    # -- the parts of a workbook, as the organizer is told them
    "workbook.part.sheet": "sheet {sheet!r}",
    "workbook.part.shared_strings": "the shared strings",
    "workbook.part.workbook": "the workbook part (its list of sheets)",
    "workbook.part.properties": "the document properties",
    "workbook.part.package_relationships": "the package relationships",
    "workbook.part.workbook_relationships": "the workbook relationships",
    "workbook.part.ods_sheets": "its sheets",
    "workbook.part.styles": "the styles",
    "workbook.part.theme": "the theme",
    "workbook.part.comments": "the cell comments",
    "workbook.part.drawing": "a drawing",
    "workbook.part.other": "a part",

    # -- paths that are not plain files
    "special_file.fifo": "a named pipe (FIFO)",
    "special_file.device": "a device",
    "special_file.other": "not a regular file",

    # -- what the reader found in a cell (said at its sheet and cell)
    "read.old_version": (
        "this is The Archon v{version}: archon reads the layout of v1.5 (cells of older editions may sit "
        "elsewhere); check the event read, or copy it into a v1.5l workbook"
    ),
    "read.edition_unknown": "rule edition {value!r} is unknown: read as {edition!r}; choose one of {editions:join:, }",
    "read.warning_unreadable": "{value!r} is not a warning (player number|round|reason): it is left out",
    "read.sheet_missing": "the sheet '{sheet}' is missing: {why}",
    "read.why.info": "the event's name, date and format are unknown",
    "read.why.players": "no player can be read",
    "read.why.round": "round {round} cannot be read",
    "read.why.final": "the final cannot be read",
    "read.cell_error": "the cell shows the error {value}: type the value",
    "read.no_saved_value": (
        "a formula with no saved value (the file was written by a program): archon does not evaluate formulas; "
        "type the value, or open and save the file in Excel or LibreOffice"
    ),
    "read.date_error": "the event date shows the error {value}: type the date",
    "read.date_not_a_serial": "{value} is not a date: type the event's date",
    "read.date_ambiguous": (
        "date {value!r} can be read day/month or month/day: read as {date} (day first); type the date as a real "
        "date or YYYY-MM-DD to be sure"
    ),
    "read.not_a_date": "{value!r} is not a date: type the event's date (for example {example})",
    "read.rounds_setting": "number of rounds {value} is not 3 (2R+F) or 4 (3R+F): read as {rounds}R+F; type 3 or 4",
    "read.rounds_blank": "the number of rounds is blank: read as {rounds}R+F; type 3 (2R+F) or 4 (3R+F)",
    "read.details_without_number": (
        "this row has player details but no player number: the player is left out; type the player's number in "
        "column {column}"
    ),
    "read.dq_spaces": (
        "the DQ flag holds only spaces: The Archon counts the player as flagged out, archon as playing; clear the "
        "cell (Delete key) if the player plays, or type the reason (WD, DQ...)"
    ),
    "read.number_twice": (
        "player number {number} is used on {rows} rows ({cells:join:, }): give every player a different number"
    ),
    "read.what.player_number": "player number",
    "read.what.coin": "coin ranking",
    "read.what.override_table": "override table",
    "read.whole_error": "the {what} shows the error {value}: type a whole number",
    "read.not_whole": "{what} {value} is not a whole number from 1: the row is left out; type a whole number",
    "read.where.table": "round {round}, table {table}",
    "read.where.final": "the final",
    "read.empty_table": (
        "round {round}, table {table} is empty but later tables are not: tables are numbered by their rows, so it "
        "stays as an empty table; move the players up"
    ),
    "read.table_size": (
        "round {round}, table {table} has {players:count:player|players}: a table has {sizes:join: or } players"
    ),
    "read.vp_without_player": (
        "{vp} VP typed on a row with no player ({where}): it is ignored; type the player's number in {cell} or "
        "clear the VP"
    ),
    "read.empty_row": (
        "empty row inside {where}: seats are counted in row order without it; fill the table from its first row "
        "(a 4-player table leaves its 5th row empty)"
    ),
    "read.player_error": "the player cell shows the error {value}: type the player number",
    "read.not_a_player_number": (
        "{value} is not a player number: this seat is left out; type a whole player number or clear the cell"
    ),
    "read.vp_error": "the VP cell shows the error {value}: it counts as 0; type the VP",
    "read.vp_not_a_number": (
        "VP {value} is not a number: it counts as 0, as in The Archon; type the VP (half points allowed: 0.5, 1.5...)"
    ),
    "read.vp_too_big": "VP {vp} is more than any table can score (at most {most}): it counts as 0; type the VP",
    "read.vp_not_half": (
        "VP {vp} is not a whole or half point: it counts as 0; type the VP (half points allowed: 0.5, 1.5...)"
    ),
    "read.no_chart": (
        "the template's seating formula finds no optimal seating chart for {info_sheet}!{info_cell} = {value} (it "
        "expects 3 or 4): seats holding this formula stay empty; type 3 or 4 there, or type the player numbers"
    ),
    "read.blank": "(blank)",
    "read.override_round": "override round {value} is not 1, 2, 3 or F: the override is ignored; type the round",
    "read.override_no_table": "override for round {round} names no table: it is ignored; type the table number",
}
