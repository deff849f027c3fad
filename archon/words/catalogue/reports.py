"""The English texts of the messages of :mod:`archon.reports` (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    "report.no_such_round": ("there is no round {round}: the event has {rounds} preliminary rounds "
                             "({option} 1 to {rounds}; the final is in the report workbook)"),
    "report.round_not_seated": "round {round} has no seating ({hint}); seat it first with '{seat}'",
    "report.rounds_seated": "rounds seated: {rounds:join:, }",
    "report.no_round_seated": "no round is seated yet",
    "report.earlier_output": "{file} exists (an earlier {what}): give another name, or {force} to replace it",
    "report.earlier_csv_set": ("{folder} holds an earlier CSV set ({files}): give another folder, or {force} to "
                               "replace its files"),
    "report.open_in": "{file} is open in {application} (lock file {lock} beside it): close it and try again",
    "report.wrong_suffix": "{file}: the {what} is a {suffix} file: give a name ending in {suffix}",
    "report.is_backups": ("{file} is {folder}, the folder where archon keeps a workbook's backups and its undo "
                          "journal: write the {what} elsewhere"),
    "report.in_backups": ("{file} is in {folder}, the folder where archon keeps a workbook's backups and its undo "
                          "journal: write the {what} elsewhere"),
    "report.no_folder": "cannot write {file}: folder {folder} does not exist",
    "report.event_workbook": "{file} is an Archon event workbook: a report is never written over it; give another name",
    # the kinds of file archon writes as a report (reports.output.Output.said, .a_said;
    # api.reports.ReportResult.written)
    "report.kind.report_workbook": "report workbook",
    "report.kind.a_report_workbook": "a report workbook",
    "report.kind.seat_list": "round seat list",
    "report.kind.a_seat_list": "a round seat list",
    "report.kind.round_seat_list": "round {round} seat list",
    "report.kind.html_report": "HTML report",
    "report.kind.an_html_report": "an HTML report",
    "report.kind.rating_workbook": "rating workbook",
    "report.kind.a_rating_workbook": "a rating workbook",
    "report.kind.league_workbook": "league workbook",
    "report.kind.a_league_workbook": "a league workbook",
    "report.kind.csv_set": "CSV set",
    "report.kind.a_csv_set": "a CSV set",
    "report.kind.csv_file": "Archon-compatible CSV",
    "report.not_ours": "{file} exists and is not {what} archon wrote: it is never written over; give another name",
}
