"""The English texts of the players' reports of their table (issue 25:
:mod:`archon.eventday.player_reports`, its twins, command and console pages;
see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    # the core: a player's report
    "playerreport.wrong_code": "this personal code is not one of this event's: check the code you were given",
    "playerreport.off": "the organizer has switched players' reports off: give your table's result to a judge",
    "playerreport.not_your_table": "{player} does not sit at {at}: report the result of your own table",
    "playerreport.has_result": "{at} has its result already: ask a judge to correct it",
    "playerreport.vp_count": "{at} has {seats} seats: give one VP for each seat",
    "playerreport.illegal": "{at}: no game ends this way: {problem}",
    "playerreport.status_reason": "{status}: {reason}",
    "playerreport.reported": "{player} reports {at}: {vps:join:, } VP",
    "playerreport.waiting": ("{at}: waiting for another player of the table "
                             "to report the same VPs, or for the organizer"),
    "playerreport.conflict": ("{at}: the reports differ, held for the organizer "
                              "(also reported: {others:join:; })"),
    "playerreport.one": "{player}: {vps:join:, } VP",
    "playerreport.confirmed": "{at}: {players} reported the same VPs: recorded",
    "playerreport.cleared": "{at}: the players' reports waiting for this table are cleared",
    # the organizer
    "playerreport.none_waiting": "no player's report waits for {at}",
    "playerreport.choose": ("the reports of {at} differ ({reports:join:; }): "
                            "accept one by its player ({accept}) or record the result yourself"),
    "playerreport.no_report_from": ("{player} sent no report for {at} "
                                    "(reports: {reports:join:; })"),
    "playerreport.accepted": "{at}: the report of {player} accepted",
    "playerreport.switched_on": "players may now report their table's result",
    "playerreport.switched_off": "players' reports are switched off: the organizer records every result",
    "playerreport.already_on": "players' reports are on already",
    "playerreport.already_off": "players' reports are off already",
    "playerreport.none": "no player's report is waiting",
    "playerreport.is_on": "players may report their table's result",
    "playerreport.is_off": "players' reports are switched off",
    "playerreport.table_line": "{at} ({state}): {reports:join:; }",
    "playerreport.state.pending": "waiting",
    "playerreport.state.conflict": "the reports differ",
    "playerreport.on_and_off": "give {on} or {off}, not both",
    "playerreport.accept_alone": "{accept} does not go with {on} or {off}: give one of them",
    "playerreport.round_needed": "which round? give {round} with {accept}",
    "playerreport.round_not_known": "round {round!r}: give a round number, or F for the final",
    "web.act.pending": "\"Accept\" under \"Players' reports\"",
    # the console's answers to a player
    "playerreport.answer.pending": "Sent. Waiting for another player of your table, or the organizer.",
    "playerreport.answer.recorded": "Recorded: a second player of your table reported the same VPs.",
    "playerreport.answer.conflict": "Held: another player of your table reported other VPs. The organizer decides.",
    # the command's contract
    "contract.pending.summary": "List the results players reported from their phones and that wait for the "
                                "organizer; accept one; switch the players' reports on or off.",
    "contract.pending.does":
        "Players report their table's VPs on the players' page of {serve}, with their personal code. A report "
        "waits until a second player of the table reports the same VPs (the result is then recorded, as {result} "
        "records it) or the organizer accepts it; reports that differ are held for the organizer. Without "
        "options, each table with reports waiting is listed with who sent them. {accept} TABLE (with {round} "
        "when several rounds have reports at that table) records the report waiting there, {player} naming "
        "whose when they differ; recording the table's result with {result} clears its reports. {off} switches "
        "the players' reports off, {on} on again; the reports and the switch are kept in the workbook's "
        "document properties.",
    "contract.pending.exits":
        "Exit status: 0 when listed or done; 1 when refused (no report waits at that table, reports that "
        "differ without {player}); 2 when FILE cannot be read, or the options do not go together; 3 when FILE "
        "cannot be written.",
    # reading a workbook
    "read.report_unreadable": "a player's report archon cannot read: {value!r} (remove it in File > Properties)",
}
