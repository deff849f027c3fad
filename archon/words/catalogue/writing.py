"""The English texts of the messages of :mod:`archon.formats.workbook`'s
writing side: safety (lock files, the hold, the replacement), writer,
xlsxpatch and the modules it is made of, template, undo and repair (see
:mod:`archon.words.catalogue`).

Ids: ``writing.*`` for a write and the package patched, ``undo.*`` for
``undo`` and what a command that cannot read a damaged workbook adds.
"""

#: Said when another program changed the workbook while archon held it.
_MEANWHILE = (" by another program while archon worked on it (saved from a spreadsheet?): archon changed nothing, "
              "so that version stays. Close it in the spreadsheet, then run the command again.")
_AS_XLSX = "open it in LibreOffice or Excel and save it as an Excel 2007-365 workbook (.xlsx) first"

TEXTS: dict = {
    # -- safety: one writer at a time, lock files, permissions, the replacement
    "writing.open_elsewhere": (
        "{file} is open in {app} (its lock file {lock} is beside it): close it in {app} first, then run the "
        "command again. If {app} is not running, the lock file was left behind by a crash: delete {lock_path} "
        "and try again."),
    "writing.read_only": (
        "{file} is read-only (its file permissions do not allow writing it), so archon leaves it as it is and "
        "changed nothing. If it should change, make it writable (chmod u+w {file_word}; in Windows: Properties, "
        "untick Read-only) and run the command again."),
    "writing.appeared_meanwhile": "{file} appeared" + _MEANWHILE,
    "writing.deleted_meanwhile": "{file} was deleted" + _MEANWHILE,
    "writing.changed_meanwhile": "{file} was changed" + _MEANWHILE,
    "writing.no_lock_file": (
        "cannot write in {folder} ({reason}): archon needs to put its lock file {lock} beside {file} while it "
        "changes it; nothing was changed"),
    "writing.held": {
        "": ("{file} is held by {holder}, which is changing it and did not finish within {wait} s: nothing was "
             "changed. Run the command again once it has finished ({lock_wait} or {env} sets how long to wait)."),
        "cli": ("{file} is held by {holder}, which is changing it and did not finish within {wait} s: nothing was "
                "changed. Run the command again once it has finished (archon {lock_wait} SECONDS or {env} sets "
                "how long to wait)."),
    },
    "writing.holder": "another archon command",
    "writing.holder_known": "another archon command ('{command}', process {pid}, since {since})",
    "writing.no_such_file": "{path} does not exist (or is not a file)",
    "writing.exists": "{path} already exists: choose another name, or update the existing workbook",
    "writing.exists_now": "{path} already exists: choose another name",
    "writing.no_folder": "folder {folder} does not exist",
    "writing.cannot_write_in": "cannot write in {folder}: {reason}",
    "writing.cannot_write": (
        "cannot write {file} ({reason}): nothing was changed; free some space or write to another folder, then "
        "run the command again"),
    "writing.permission_denied": "cannot write {path}: permission denied",
    "writing.cannot_back_up": "cannot back up {file} before writing it ({reason}); nothing was changed",
    "writing.cannot_replace": (
        "cannot replace {file}: it is locked or read-only (is it open in Excel?). Close it and run the command "
        "again."),
    # -- writer: what a write did
    "writing.up_to_date": "{file}: already up to date, nothing written",
    "writing.cells": "{cells:count:cell|cells} ({kind} workbook)",
    "writing.properties": "archon's document properties (rule edition '{edition}', the event's records: warnings, check-ins, decks, clock...; {kind} workbook)",
    "writing.kind.official": "official",
    "writing.kind.builtin": "builtin",
    "writing.wrote": "{file}: wrote {what}",
    "writing.wrote_kept": "{file}: wrote {what}; previous version kept as {backup}",
    "writing.would_write": "{file}: would write {what}; dry run: nothing written",
    # -- writer: what it refuses
    "writing.not_xlsx_name": (
        "{file}: archon writes Excel workbooks (.xlsx) only. Open it in LibreOffice or Excel, save it as an "
        "Excel 2007-365 workbook (.xlsx), and use that file."),
    "writing.no_workbook": "{path} does not exist: create it first ({new})",
    "writing.cannot_patch": "{file}: {problem}",
    "writing.builtin_template": "the built-in template",
    "writing.too_big": "cannot write this event to an Archon workbook: {problems:join:; }",
    "writing.too_many_players": "{players} players: the {sheet} sheet holds at most {most} (rows {first} to {last})",
    "writing.bad_player_number": "player {number} ({name}): a player number is a whole number from 1",
    "writing.no_name": "no name",
    "writing.no_round_sheet": "round {round}: The Archon has sheets for rounds {rounds:join:, } only",
    "writing.too_many_tables": "round {round} has {tables} tables: sheet '{sheet}' holds at most {most}",
    "writing.table_too_big": (
        "round {round}, table {table} has {players} players: a table has at most {most} rows on sheet '{sheet}'"),
    "writing.round_twice": "round {round} appears {times} times",
    "writing.final_too_big": "the final has {seats} seats: sheet '{sheet}' holds {most}",
    "writing.too_many_overrides": "{overrides} overrides: sheet '{sheet}' holds at most {most}",
    # -- the package patched (xlsxpatch and its modules)
    "writing.not_an_address": "'{ref}' is not a cell address",
    "writing.not_a_number": "{value} cannot be written to a cell",
    "writing.value_type": "cell {cell}: cannot write a value of type {type}",
    "writing.no_sheet_data": "sheet part without <sheetData>",
    "writing.unterminated_sheet_data": "sheet part with an unterminated <sheetData>",
    "writing.text_too_long": (
        "sheet '{sheet}', cell {cell}: a text of {length:,} characters, longer than a cell holds ({most:,})"),
    "writing.array_formula": (
        "sheet '{sheet}', cell {cell} heads an array formula over {range}; archon cannot write over it without "
        "breaking the formula"),
    "writing.no_such_sheets": "the workbook has no sheet named {sheets:join:, } (is it an Archon workbook?)",
    "writing.ods_package": "not an Excel .xlsx workbook (an .ods file?): " + _AS_XLSX,
    "writing.not_a_zip": "not an Excel .xlsx workbook (an old .xls file, or damaged?): " + _AS_XLSX,
    "writing.strict_xml": (
        "a Strict Open XML workbook: archon reads it but writes only the usual .xlsx form; in Excel use Save As > "
        "'Excel Workbook (.xlsx)' (or save it from LibreOffice) and run the command again"),
    "writing.damaged_part": "damaged: its part {part} cannot be read ({reason}); use a backup",
    "writing.no_sheets_element": "workbook part without <sheets>",
    "writing.no_properties_element": "docProps/custom.xml without <Properties>",
    "writing.no_package_relationships": "package without _rels/.rels",
    # -- the built-in template's own command (python -m archon.formats.workbook.template)
    "writing.template_without_source_tree": (
        "archon is installed here, not run from its source tree: give the file to write, e.g. {example}"),
    "writing.template_written": "wrote {path}",
    # -- undo
    "undo.no_such_file": "{file}: no such file ({path})",
    "undo.nothing": "nothing to undo: {journal} records no change archon made to {file} that is not undone already",
    "undo.backup_gone": {
        "": ('cannot undo "{command}" ({time}): its backup {backup} is no longer in {folder} (only the last '
             "backups are kept: {keep_backups} sets how many)"),
        "cli": ('cannot undo "{command}" ({time}): its backup {backup} is no longer in {folder} (only the last '
                "backups are kept: archon {keep_backups} N)"),
    },
    "undo.damaged_no_copy": (
        '{problem}, and archon keeps no copy of the version "{command}" ({time}) wrote (it was written by an '
        "earlier version of archon). Restore a backup by hand, or save it again from Excel/LibreOffice; to "
        "restore it as it was before that command, run: {undo}"),
    "undo.changed_in_spreadsheet": (
        '{file} was changed after "{command}" ({time}) wrote it, outside archon (saved from a spreadsheet?): '
        "undo would lose that change, so nothing was done. Check the workbook; to restore it anyway as it was "
        "before that command, run: {undo}"),
    # -- what undo did
    "undo.restored": 'restored {file} as it was before "{command}" ({time}), from {backup}',
    "undo.restored_forced": (
        'restored {file} as it was before "{command}" ({time}), from {backup}; the changes made to it since '
        "are lost"),
    "undo.would_restore": 'would restore {file} as it was before "{command}" ({time}), from {backup}',
    "undo.would_restore_forced": (
        'would restore {file} as it was before "{command}" ({time}), from {backup}; the changes made to it '
        "since would be lost"),
    "undo.damaged": "{problem}.",
    "undo.repaired": (
        'restored it as "{command}" ({time}) left it, the last version archon wrote, from {backup} (changes '
        "made in a spreadsheet since then, if any, are not in it)"),
    "undo.would_repair": (
        'would restore it as "{command}" ({time}) left it, the last version archon wrote, from {backup} '
        "(changes made in a spreadsheet since then, if any, are not in it)"),
    "undo.dry_run": "dry run: nothing written",
    "undo.replaced_kept": "the version it replaced is kept as {backup}",
    # -- what a command that cannot read a damaged workbook adds
    "undo.damaged_repairable": "{problem}; {hint}",
    "undo.repair_hint": {
        "": '{undo} puts back the last version archon wrote (after "{command}", {time})',
        "cli": '"{undo}" puts back the last version archon wrote (after "{command}", {time})',
    },
}
