"""The English texts of the messages of :mod:`archon.rules` (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    # a sentence that has no id of its own yet, or a text from outside (an OS error)
    "text": "{text}",
    # archon.rules.validation: what 'check' finds (the shell adds where: sheet and cell), and what to do
    "check.control_character": "{what} {value} holds {characters}",
    "text.control_characters": ("the {codes:plural:control character|control characters} {codes:join:, }, "
                                "{codes:plural:invisible|invisible} in a spreadsheet{stored}"),
    "text.stored_as": " (stored as {escapes:join: and })",
    # what a text of the event is (rules.validation.EventText.said): check.control_character's {what}
    "check.text.name": "the event name",
    "check.text.organizer": "the organizer",
    "check.text.organizer_vekn": "the organizer's VEKN number",
    "check.text.city": "the event city",
    "check.text.deck_format": "the deck format",
    "check.text.level": "the event level",
    "check.text.player": "player #{player}'s {what}",
    "check.text.first_name": "first name",
    "check.text.last_name": "last name",
    "check.text.player_city": "city",
    "check.text.vekn": "VEKN number",
    "check.text.out": "DQ flag",
    "check.text.override": "override #{index}'s reason",
    "check.text.warning": "judge's warning #{index} (player #{player})",
    "check.control_character.advice": "type the text again ({convert} drops such characters)",
    "check.invisible_character": ("{what} {value} holds {characters}: {characters:plural:a character that cannot "
                                  "be seen or that turns|characters that cannot be seen or that turn} the text around; "
                                  "the name looks like another one, or like none, in every list"),
    "check.invisible_character.advice": ("type the name again in its cell, with letters, spaces and punctuation "
                                         "only ({convert} drops such characters from names)"),
    "check.no_name": "player #{player} has no name",
    "check.no_name.advice": "type the player's first and last name, or clear the row if nobody plays under that number",
    "check.same_name": "two players have the same name ({players:join:, })",
    "check.same_name.advice": ("two people: give each their VEKN number (or their full name); one player "
                               "registered twice: keep one row"),
    "check.level": "{what}: The Archon cannot compute the finalists' rating points (archon counts no level bonus)",
    "check.level.unknown": "level {value} is not one The Archon knows",
    "check.level.blank": "the event level is blank",
    "check.level.advice": "choose one of: {levels:join:, }",
    "check.number_twice": "player number {player} is used by {count} players",
    "check.number_twice.advice": "give every player a different number",
    "check.vekn_digits": "{player}: VEKN number {value} is not 7 digits",
    "check.vekn_digits.advice": "check the player's VEKN number (vekn.net) or leave it blank",
    "check.vekn_twice": "VEKN number {value} is registered twice ({players:join:, })",
    "check.vekn_twice.advice": "each player has their own VEKN number: correct the duplicate",
    "check.result_missing": "round {round}, table {table} has no result, and round {seated} is already seated",
    "check.result_missing.advice": "record it ({record}), or type its VPs",
    "check.table_size": "round {round}, table {table} has {players} players",
    "check.table_size.advice": "a table has 4 or 5 players: move players between tables",
    "check.not_registered": "round {round}, table {table}, seat {seat}: player number {player} is not registered",
    "check.not_registered.advice": "register the player on the Methuselahs sheet or correct the number",
    "check.seated_twice": ("{player} is seated twice in round {round} (table {first_table} seat {first_seat}, "
                           "and table {table} seat {seat})"),
    "check.seated_twice.advice": "remove one of the two seats",
    "check.out_but_seated": "{player} is flagged out ({value}) but seated at round {round}, table {table}",
    "check.out_but_seated.advice": "take the player off this table, or clear the flag if they still play",
    "check.vp_unreadable": "round {round}, table {table}: {error}",
    "check.vp_unreadable.advice": "type each VP as a whole or half point between 0 and the table size",
    "check.impossible_result": "round {round}, table {table}: impossible result: {reason}",
    "check.impossible_result.advice": "check the VPs with the table; a judge may accept it on the Override sheet",
    "check.override_final_not_seated": "an override names the final, which is not seated",
    "check.override_final_not_seated.advice": "remove the override or seat the final",
    "check.override_no_table": "an override names round {round}, table {table}, which does not exist",
    "check.override_no_table.advice": "correct the round and table numbers on the Override sheet",
    # the meanings of the DQ flag's codes (rules.model.OUT_REASONS_SAID)
    "out_reason.wd": "withdrew from the event",
    "out_reason.dq": "disqualified",
    "out_reason.dp": "disqualified (deck problem)",
    "out_reason.pe": "disqualified (procedural error)",
    "out_reason.cd": "disqualified (conduct)",
    "out_reason.mc": "disqualified (marked cards)",
    "out_reason.sp": "disqualified (slow play)",
    "out_reason.uc": "disqualified (unsporting conduct)",
    "out_reason.c": "disqualified (cheating)",
    "out_reason.n": "no-show",
    # the round of a judge's warning (rules.model.JudgeWarning.round_said)
    "warning.round": "round {round}",
    "warning.final": "the final",
    "warning.line": "{player}, round {round}: {reason}",
    "warning.line_final": "{player}, the final: {reason}",
    "warning.line_no_round": "{player}: {reason}",
    # a sanction listed (warnings, warn --list): its level and infraction as typed, where, who judged
    "warning.sanction_line": "{head:join:, }, {player}{when}: {reason}{by}",
    "warning.sanction_line_plain": "{player}{when}: {reason}{by}",
    "warning.when": ", {when}",
    "warning.when_table": ", {when}, table {table}",
    "warning.table_only": ", table {table}",
    "warning.by_judge": " (judge: {judge})",
    # a table's status as a word of a sentence (rules.scoring.status_said)
    "table.status.complete": "complete",
    "table.status.pending": "pending",
    "table.status.invalid": "invalid",
    "table.status.overridden": "overridden",
    # what keeps the preliminary rounds from being over (rules.standings.unfinished_preliminaries)
    "standings.round_not_seated": "round {round} is not seated",
    "standings.no_complete_result": "round {round}, table {table} has no complete result",
    # what a coin toss decides (Tie.stake): a field of check.tie, toss.drawn, guard.new_tie
    "tie.stake.top_five": "their places in the top five",
    "tie.stake.seeds": "their seeds in the final",
    "tie.stake.last_place": "the last place in the final",
    "tie.stake.last_places": "the last {places} {places:plural:place|places} in the final",
    "check.tie": ("players {players:join:, } are tied for places {first} to {last}; "
                  "a coin toss (coin ranking) must decide {stake}"),
    "check.tie.advice": {
        "": "toss ({toss}), or type coin rankings for these players, 1 = won the toss",
        "cli": "run '{toss}' (or type coin rankings for these players, 1 = won the toss)",
    },
    "check.tie.advice_before_final": {
        "": "toss ({toss}), or type coin rankings for these players, 1 = won the toss, before seating the final",
        "cli": "run '{toss}' (or type coin rankings for these players, 1 = won the toss) before seating the final",
    },
    "check.coin_twice": "coin ranking {value} is given to {count} tied players ({players:join:, })",
    "check.coin_twice.advice": "give each tied player a different coin ranking",
    "check.not_a_finalist": "final, seat {seat}: {player} is not a finalist",
    "check.not_a_finalist.advice": "seat the finalists: {finalists:join:, }",
    "check.finalists_missing": "the final table does not hold {players:join:, }",
    "check.finalists_missing.advice": "seat every finalist at the final table",
    "check.final_seated_twice": "a player is seated twice at the final table",
    "check.final_seated_twice.advice": "remove the duplicate seat",
    "check.final_impossible": "final: impossible result: {reason}",
    "check.final_impossible.advice": "check the final's VPs",
    "check.seating_rule": "seating {rule} ({title}): {issue} — {players:join:, }",
    "check.seating_rule.advice": "reseat round {round} ({reseat})",
    # a no-show (flagged N, no round played): The Archon's formulas count every registered row
    "check.no_show.players": ("The Archon counts {entered} players here (every registered row) but {attended} "
                              "attended: {players:join:, } {players:plural:is|are} flagged N and played no round"),
    "check.no_show.players.advice": ("archon follows the rules (Appendix A.2): the finalists' coefficient counts "
                                     "the {attended} players who attended, and a no-show gets no rating points; "
                                     "report {attended} players to the VEKN"),
    "check.no_show.rating": "{player}: The Archon shows {archon} rating points here; the rules give {rules} ({why})",
    "check.no_show.absent": "a no-show did not attend: no 5 points for attending",
    "check.no_show.coefficient": "the coefficient counts the {attended} players who attended, not {entered}",
    "check.no_show.rating.advice": "report archon's figure (archondata, the report) to the VEKN",
    # scoring: VPs that cannot be scored (VPError)
    "vp.table_size": "a table has {sizes:join: or } players, not {players}",
    "vp.not_half_point": "seat {seat}: {value} VP is not a whole or half point",
    "vp.out_of_range": "seat {seat}: {value} VP is outside 0 to {players} (a {players}-player table)",
    "vp.game_hands_out": ("1 VP for each player ousted, and \u00bd to each player still in the game at the "
                          "time limit (1 to the last one left)"),
    "vp.no_vp": "no VP at all, but a finished {size}-player game hands out {hands_out}",
    "vp.missing": ("VPs missing: a finished {size}-player game hands out {hands_out}, so its VPs, "
                   "each \u00bd counted as 1, add up to {size}; these add up to {total}"),
    "vp.too_many": ("{typed:join: + } add up to {total}, more than a game hands out: 1 VP for each player ousted "
                    "and 1 to the last one left, {size} at most at a {size}-player table"),
    "vp.too_many_halves": ("{typed:join: + } add up to {total}, more than a game hands out: a half VP (as in "
                           "{halves}) goes only to a player who was not ousted (still in the game at the time "
                           "limit, or withdrawn), so with {kept:count:half VP|half VPs} at most "
                           "{ousted:count:player was|players were} ousted (1 VP each) and this {size}-player "
                           "table hands out at most {ousted} + {kept} \u00d7 \u00bd = {limit} VPs"),
    "vp.seat_cannot": "{seats:plural:seat|seats} {seats} cannot score {values} VP at a {size}-player table",
    "vp.seats_cannot_together": ("{seats:plural:seat|seats} {seats} cannot score {values} VP in the same game: "
                                 "no order of ousts (each gives the ousted player's predator 1 VP), withdrawals "
                                 "and end of game gives that result"),
    "vp.no_course": "no course of the game gives this result",
    "vp.accepted_by_judge": "accepted by a judge",
    # a judge's standings adjustment (archon.rules.validation._sanctions)
    "check.sanction.differs": ("The Archon's formulas do not show sanctions: its standings differ from archon's "
                               "for {player} ({differences:join:; })"),
    "check.sanction.number": "{what}: The Archon {archon}, archon {rules}",
    "check.sanction.gw": "GW",
    "check.sanction.vp": "VP",
    "check.sanction.tp": "TP",
    "check.sanction.rank": "rank",
    "check.sanction.advice": ("nothing to fix: a standings adjustment takes 1 VP from a round's result, which The "
                              "Archon's formulas cannot show; archon's standings, JSON and reports are right"),
    # the Judges' Guide's levels and infractions (archon.rules.sanctions; the console's form)
    "sanction.level.caution": "caution",
    "sanction.level.warning": "warning",
    "sanction.level.standings_adjustment": "standings adjustment",
    "sanction.level.disqualification": "disqualification",
    "sanction.category.procedural_error": "procedural error",
    "sanction.category.tournament_error": "tournament error",
    "sanction.category.unsportsmanlike_conduct": "unsportsmanlike conduct",
    "sanction.sub.missed_mandatory_effect": "missed mandatory effect",
    "sanction.sub.card_access_error": "card access error",
    "sanction.sub.game_rule_violation": "game rule violation",
    "sanction.sub.failure_to_maintain_game_state": "failure to maintain game state",
    "sanction.sub.illegal_decklist": "illegal decklist",
    "sanction.sub.illegal_main_deck_legal_decklist": "illegal main deck (legal decklist)",
    "sanction.sub.illegal_main_deck_no_decklist": "illegal main deck (no decklists used)",
    "sanction.sub.outside_assistance": "outside assistance",
    "sanction.sub.slow_play": "slow play",
    "sanction.sub.limited_procedure_violation": "limited procedure violation",
    "sanction.sub.public_info_miscommunication": "public information miscommunication",
    "sanction.sub.obscuring_game_state": "obscuring game state",
    "sanction.sub.marked_cards": "marked cards",
    "sanction.sub.insufficient_shuffling": "insufficient shuffling",
    "sanction.sub.minor": "minor",
    "sanction.sub.major": "major",
    "sanction.sub.aggressive_behaviour": "aggressive behaviour",
    "sanction.sub.bribery_and_wagering": "bribery and wagering",
    "sanction.sub.theft_of_tournament_material": "theft of tournament material",
    "sanction.sub.stalling": "stalling",
    "sanction.sub.cheating": "cheating",
    "sanction.sub.fraud": "fraud",
    "sanction.sub.collusion": "collusion",
    "sanction.sub.health_and_safety_disruption": "health and safety disruption",
    "sanction.sub.rage_quitting": "rage-quitting",
    "sanction.sub.failure_to_play_to_win": "failure to play to win",
    "sanction.infraction": "{name} ({category})",
    "sanction.option": "{infraction}, baseline: {level}",
}
