"""The English texts of the messages of archon.eventday (see :mod:`archon.words.catalogue`).

A text that quotes an action ("run '{toss}'") is the command line's: it
quotes the command to type; every other shell names the action bare
(:func:`_quoting`). A field a text shows as it is, in place ("{where}",
"{city}"), may be empty, or a message that brings its own spacing.
"""

import re

_QUOTED_FIELD = re.compile(r"'(\{\w+\})'")


def _quoting(text: str) -> dict:
    """The command line's ``text``, whose actions are quoted ('{toss}'), and
    the same text with them bare for every other shell."""
    return {"": _QUOTED_FIELD.sub(r"\1", text), "cli": text}


TEXTS: dict = {
    # what a message says first: where it was typed (``where`` fields)
    "where.line": "{source}, line {line}: ",
    "where.at": "{at}: ",

    # finding a player (archon.eventday.players)
    "player.none_given": "give a player: a player number, a VEKN number or a part of a name",
    "player.none_registered": _quoting(
        "no player is registered yet: register the players first ('{register}' or {csv} players.csv)"),
    "player.by_number": "{player} (player number {typed})",
    "player.by_vekn": "{player} (VEKN number {typed})",
    "player.number_and_vekn": ("{typed} is both a player number and a VEKN number: {players:join:; }; "
                               "give '#{typed}' for the player number or a part of the name"),
    "player.numbered": "1 to {last}",
    "player.no_such_number": _quoting(
        "no player has the number or VEKN number {typed}: players are numbered {numbered} "
        "('{standings}' lists them)"),
    "player.no_name_fits": ("no player's name contains {typed!r} (accents and case aside; 'Last, First' works too): "
                            "check the spelling, or give the player number"),
    "player.at": "{player} ({cell})",
    "player.with_vekn": "{player} (VEKN {vekn})",
    "player.same_name": ("{typed!r} is the name of {count} players: {players:join:; }; give the player number "
                         "('#{number}') or the VEKN number"),
    "player.ambiguous": "{typed!r} fits {count} players: {players:join:; }; give the player number",
    "player.vekn_not_7_digits": ("{where}VEKN number {vekn!r} is not 7 digits: check it on vekn.net, or leave it "
                                 "out (a new member gets one from the organizer's Prince)"),

    # text typed for a cell
    # what a typed text is, as a refusal names it ("the {field}")
    "field.first_name": "first name",
    "field.last_name": "last name",
    "field.city": "city",
    "field.judges_reason": "judge's reason",
    "text.control_character": ("{where}the {field} {text!r} holds a control character (U+{code}), which a "
                               "workbook cannot hold: type it again with letters, digits and punctuation only"),
    "text.invisible_character": ("{where}the {field} {text!r} holds {characters}: "
                                 "{characters:plural:a character that cannot be seen or that turns|characters "
                                 "that cannot be seen or that turn} the text around, which a name cannot hold: type "
                                 "it again with letters, spaces and punctuation only"),
    "text.too_long": ("{where}the {field} is {length:,} characters long: a workbook cell holds at most {most:,}; "
                      "give the {field} itself"),

    # registering (archon.eventday.registration)
    "register.final_seated": ("the final is seated: the event is over for registration (rules 3.3.1: a late "
                              "arrival joins at the start of a preliminary round)"),
    "register.rounds_over": ("every preliminary round has results (round {round} of {format}): a late arrival "
                             "can no longer join (rules 3.3.1: they begin play at the start of the next round)"),
    "register.name_needed": "{where}give the player's name (first and last name)",
    "register.same_name_no_vekn": ("{where}{name} is already registered: {cell}, {player}, and neither has a VEKN "
                                   "number; if the new player is someone else, give their VEKN number ({vekn}) "
                                   "or their full name"),
    "register.namesake": ("{player} has the same name as {others:join:, }: name {others:plural:either|each} by "
                          "player number ('#{number}') or VEKN number"),
    "register.listed_twice": "{where}{name} is listed twice ({first})",
    "register.vekn_registered": "{where}VEKN number {vekn} is already registered: {cell}, {player}",
    "register.vekn_listed_twice": "{where}VEKN number {vekn} is listed twice ({first})",
    "register.line": "line {line}",
    "register.nobody": "{source} has no player to register",
    "register.the_players_list": "the players list",
    "register.no_room_without_final": (
        "this event runs without a final: rules 3.1.6 admit no player between rounds when that makes {limit} "
        "or more players ({playing} with {added:plural:this one|these})"),
    "register.registered": "registered {player}{city}{vekn}{late}",
    "register.city": " ({city})",
    "register.vekn": ", VEKN {vekn}",
    "register.no_vekn": ", no VEKN number yet",
    "register.late": ": a late arrival, joins from round {round} (rules 3.3.1)",
    "register.them": "them",
    "register.seated_without": (
        "{rounds:plural:round|rounds} {rounds} already seated without {who}: if round {round} has not started, "
        "{again}, else they join from round {next}"),
    "register.seated_without_later": (
        "{rounds:plural:round|rounds} {rounds} already seated without {who}: if round {round} has not started, "
        "seat it again ({again}: this clears the seating of {later:plural:round|rounds} {later}; seat "
        "{later:plural:it|them} after), else they join from round {next}: seat it again before it starts "
        "({next_again})"),
    "register.chart_cleared": _quoting(
        "{rounds:plural:round|rounds} {rounds}: The Archon's optimal seating chart now seats {players} players; "
        "it does not know who played {played:plural:round|rounds} {played}: seat {rounds:plural:it|them} "
        "with '{seat}' instead"),

    # unregistering (archon.eventday.removal)
    "unregister.done": "unregistered {player}: {remaining} players remain",
    "unregister.moved_up": ("players #{first_was} to #{last_was} move up one number (now #{first} to #{last}), "
                            "on every sheet"),
    "unregister.leaves_seat": ("round {round}, table {table}: {player} leaves their seat; the table seats {size}, "
                               "the players after them move up one seat"),
    "unregister.table_too_small": ("round {round}, table {table} would be left with {size} players (a table "
                                   "seats {smallest} or {largest}): round {round}'s seating is cleared; {again}"),
    "unregister.drop_instead": "drop them instead ({drop}): their results stay and they leave the event",
    "unregister.at_final": "{player} is seated at the final table: {instead}",
    "unregister.warned": ("{player} has a judge's warning ({reason}), which the head judge reports to the VEKN: "
                          "{instead}"),
    "unregister.played": "{player} has played (round {round}, table {table} has a result): {instead}",
    "unregister.round_begun": ("{player} is seated at round {round}, table {table}, and round {round} has begun: "
                               "{instead}, and record their table as played"),

    # dropping (archon.eventday.drops)
    "drop.code": "{code} ({meaning})",
    "drop.unknown_reason": "reason {reason!r} is not a code The Archon knows: use one of {codes:join:, }",
    "drop.already_out": _quoting(
        "{player} is already out ({reason}, {cell}): nothing to do; '{undo}' puts them back"),
    "drop.event_over": ("the final has its result: the event is over, and dropping {player} now would move "
                        "everyone below them up a rank; to change the event, {undo} takes back the last change, "
                        "or a judge's decision is recorded with the final's result ({result}, with {override})"),
    "drop.at_final": (
        "{player} is seated at the final table: a player who leaves once the seating is made takes a Loss in "
        "that round (rules 3.1.4): record the final's result with 0 VP for them ({result}; add {override} "
        "\"reason\" if the other VPs cannot add up)"),
    "drop.out": "{player} is out ({code}: {meaning}): left out of the next seatings and of the final",
    "drop.replaced_in_final": "{players} now reaches the final in their place (the next-ranked player, rules 3.1)",
    "drop.chart_still_seats": _quoting(
        "The Archon's optimal seating chart still seats them in round {round}: seat that round with '{seat}'"),
    "drop.still_seated": (
        "they are seated at round {round}, table {table}, which has no result yet: if that round has begun they "
        "take a Loss there (rules 3.1.4): record the table's VPs as played; else seat the round again without "
        "them ({again})"),
    "drop.not_out": "{player} is not out: nothing to undo",
    "drop.plays_again": "{player} plays again (flag {flag} cleared)",

    # a change that would alter a final already seated (archon.eventday.refusals.final_guard)
    "final.guard": ("{what} changes who reaches the final, which is already seated ({details:join:; }): record "
                    "the final's result as played, or clear the final table first (Final Round sheet) if it must "
                    "be seated again"),
    "guard.this_draw": "this draw",
    "guard.this_toss": "this toss",
    "guard.putting_back": "putting {player} back",
    "guard.this_result": "this result for {at}",
    "guard.seating_again": "seating round {round} again",
    "guard.gone": "{players} would no longer reach the final",
    "guard.came": "{players} would",
    "guard.new_tie": "a new tie would decide {stake}",
    "guard.reopened": "the preliminary rounds that decided it would no longer be over: {left}",
    "guard.finalists_change": "the finalists change",

    # results (archon.eventday.results)
    "result.the_final": "the final",
    "result.table": "round {round}, table {table}",
    "result.no_final": "this event closes without a final (rules 3.1.6): there is no final to record",
    "result.final_not_seated": "the final is not seated: record its seating first ({seat_final})",
    "result.round_not_a_number": "round {round!r}: give a round number (1 to {rounds})",
    "result.no_such_round": ("round {round}: this is a {format} event, with {rounds} preliminary rounds (1 to "
                             "{rounds}); the final is recorded with {final}"),
    "result.round_not_seated": ("round {round} is not seated: seat it first ({seat}), or type its seating on the "
                                "'Round {round}' sheet"),
    "result.no_such_table": "round {round} has {tables} tables (1 to {tables}), not table {table}",
    "result.nobody_seated": "round {round}, table {table} has nobody seated",
    "result.seated_twice": ("{at}: {player} is seated twice (seats {first} and {second}, {cell}): correct the "
                            "seating, then record the result"),
    "result.seated_elsewhere": ("{at}: {player} ({cell}) is also seated at table {other} of round {round}: "
                                "correct the seating, then record the result"),
    "result.wrong_vp_count": ("{at} seats {seats} players ({seated:join:, }): give {seats} VPs in seat order, "
                              "not {given}"),
    "result.seat_vp": "seat {seat} {player} {vp} VP",
    "result.seat_vp_gw": "seat {seat} {player} {vp} VP, GW",
    "result.already_has_result": ("{at} already has a result: {recorded:join:; }. Nothing changed: check the "
                                  "round and table numbers; to change this result, run the command again with "
                                  "{replace}"),
    "result.vp_error": "{at}: {problem}",
    "result.override_not_needed": "{at}: the result is legal, no override needed: none recorded",
    "result.override_removed": "{at}: the judge's override ({reason!r}) is removed: the result is legal",
    "result.impossible": ("{at}: {status} result: {reason}: {check}; if a judge accepts this result, record it "
                          "with {override} \"the judge's reason\"{kept}"),
    "result.check_pending": ("type every VP the table scored, in seat order; a table still playing is recorded "
                             "once its game is over (until then it stays pending)"),
    "result.check_vps": "check the VPs with the table",
    "result.has_override": " (this table has an override: {reason!r}; give {override} to keep one)",
    "result.override_reason_needed": "{at}: {override} needs the judge's reason, e.g. {override} \"player 12 ejected\"",
    "result.accepted": "{at} accepted by a judge ({reason}), recorded on the Override sheet",
    "result.seats": "{at}: {seats:join:; }",
    "result.replaces": "replaces {old:join: }",

    # the coin toss (archon.eventday.coin_toss)
    "toss.preliminaries_not_over": ("the preliminary rounds are not over ({left:join:; }): toss once every table "
                                    "has its result"),
    "toss.final_has_result": "the final has a result: the seeds can no longer change",
    "toss.needed": _quoting("{ties:join:; }: run '{toss}'"),
    "toss.no_tie": "no tie to break: the top five are decided",
    "toss.seed": "draw seed {seed}",
    "toss.unresolved": "the toss left a tie unresolved: {ties:join:; }",
    "toss.stat": "{key} {value}",
    "toss.coin": "{player} coin {coin}",
    "toss.drawn": "places {first} to {last} ({stake}; tied on {stats:join:, }): {winner} won the toss — {coins:join:, }",
    "toss.ranked": "{player} is {place}",
    # a place as an ordinal, by the English suffix (the toss's {place})
    "toss.ordinal.st": "{rank}st",
    "toss.ordinal.nd": "{rank}nd",
    "toss.ordinal.rd": "{rank}rd",
    "toss.ordinal.th": "{rank}th",
    "toss.entered": ("places {first} to {last} ({stake}; tied on {stats:join:, }): {winner} won the toss, as "
                     "tossed at the table — {coins:join:, }"),
    "toss.order_twice": "the order names {players} twice: give each tied player once, the winner first",
    "toss.order_not_a_tie": ("the order must name exactly the players of one tie, the winner first: "
                             "{tie}{missing}{extra}"),
    "toss.order_missing": "; missing {players}",
    "toss.order_extra": "; not in that tie: {players}",
    "toss.reach_final": "{players} {players:plural:reaches|reach} the final; {below:join:; }",

    # the final (archon.eventday.finals, archon.eventday.refusals)
    "final.once_preliminaries_over": "once every table has its result",
    "final.preliminaries_not_over": ("the preliminary rounds are not over ({left:join:; }): seat the final once "
                                     "every table has its result"),
    "final.no_final_to_seat": "this event closes without a final (rules 3.1.6): there is no final to seat",
    "final.toss_first": _quoting("{ties:join:; }: run '{toss}' first"),
    "final.once_tossed": "once the toss has decided the tie",
    "final.has_result": "the final already has a result: clear its VPs on the Final Round sheet before seating it again",
    "final.too_few": ("only {finalists} players can reach the final: a final table seats {sizes:join: or }; close "
                      "the event without a final ({none}) if the rules allow it"),
    "final.seated_clear_first": ("the final is seated: clear the final table (Final Round sheet) before closing the "
                                 "event without it"),
    "final.edition_has_no_none": _quoting(
        "this event runs under the {edition} rules ({title}), which have no tournament without a final (rules "
        "3.1.6 came later): seat the final ('{finals}')"),
    "final.too_many_players": ("{players} players attended: rules 3.1.6 allow a tournament without a final only "
                               "with fewer than {limit} players"),
    "final.already_none": "this event already closes without a final",
    "final.closed_without": ("this event closes without a final (rules 3.1.6): the preliminary standings are the "
                             "final standings"),
    "final.winner": "winner: {player}",
    # the finals view (archon.eventday.finals.FinalsView)
    "finals.finalists": "Finalists",
    "finals.current_leaders": "Current leaders (the preliminary rounds are not over)",
    "finals.no_final": "This event closes without a final (rules 3.1.6): the preliminary standings are final.",
    "finals.seat_choice": "Seat choice (rules 3.1.3): the lowest qualifier places first",
    "finals.seat_choice_how": ("Each places their card at either end of the row or between two cards; the row, read "
                               "left to right, is the seat order; the judge then draws who plays first (seat 1)."),
    "final.seeded": "{player} (seed {seed})",
    "final.seat": "seat {seat} {player} (seed {seed})",
    "final.table": "final table: {seats:join:; }",
    "final.replaces": "replaces the seating {previous:join:, }",
    "final.seat_twice": "seat {seat}: {player} is already at seat {other}",
    "final.no_such_player": "seat {seat}: no player has the number {number}; the finalists are {finalists:join:, }",
    "final.out": "out ({reason})",
    "final.ranked": "ranked {rank}",
    "final.not_finalist": "seat {seat}: {player} is not a finalist ({why}); the finalists are {finalists:join:, }",
    "final.missing": "{players} missing: the final seats every finalist ({finalists:join:, })",

    # seating a preliminary round (archon.eventday.rounds)
    "seat.seat_again": "seat {rounds:plural:it|them} again ({again})",
    "seat.no_player": "no player is registered yet: register the players first, then seat round {round}",
    "seat.too_few": "{playing} players still playing: a table needs at least {smallest}",
    "seat.tables_of": "{count} of {size}",
    "seat.seated": "round {round} seated: {players} players at {tables:count:table|tables} ({sizes:join:, }), seed {seed}",
    "seat.replaced_results_cleared": ("the previous seating of round {round} is replaced and its results are "
                                      "cleared ({undo} puts them back)"),
    "seat.replaced": "the previous seating of round {round} is replaced",
    "seat.tables_changed": "the new seating changes {changed} of the {total:count:table|tables}: {tables}",
    "seat.tables_same": "the new seating is the same as the one it replaces",
    "seat.later_cleared": "the seating of {rounds:plural:round|rounds} {rounds} (no result yet) is cleared: {again}",
    "seat.chart_cleared": ("The Archon's chart seating of {rounds:plural:round|rounds} {rounds} is cleared: seat "
                           "{rounds:plural:it|them} with archon when the time comes"),
    "seat.sitting_out": "sitting out this round: {players}",
    "seat.for_later_rounds": ("round {round} is seated for the sake of the rounds after it: after round {round}, "
                              "{rule} is {now} where seating round {round} on its own gives {alone}; over the "
                              "{rounds} rounds as planned, the first criterion where they differ is {event_rule}: "
                              "{event} against {event_alone} (the criteria count in order, R1 first, lower is "
                              "better)"),
    "seat.uneven": ("{players} players cannot all end with the same number of games (rules 3.1.2): the players who "
                    "have played the most sit out; a judge may type another seating on the 'Round {round}' sheet"),
    "seat.staggered": ("{players} players in a {format} event: {rounds} rounds where each player plays {each}, as "
                       "The Archon's {format} seating chart seats them (rules 3.1.2: some sit out each round); the "
                       "event stays {format}"),
    "seat.round_without_result": "warning: round {round} has no result yet: record {tables:plural:it|them} ({record})",
    "seat.tables_without_result": ("warning: round {round}, {tables:plural:table|tables} {tables} "
                                   "{tables:plural:has|have} no result yet: record {tables:plural:it|them} ({record})"),
    "seat.no_such_round": "round {round}: this is a {format} event, with preliminary rounds 1 to {rounds}",
    "seat.earlier_not_seated": "round {earlier} is not seated yet: seat it first ({seat})",
    "seat.earlier_chart_only": ("round {earlier} only shows The Archon's seating chart (no seat typed, no result): "
                                "seat it first ({seat}), or type its seating"),
    "seat.later_played": ("round {round} cannot be seated again: {later:plural:round|rounds} {later} after it "
                          "already {later:plural:has|have} results (a judge may correct its seating on the "
                          "'Round {round}' sheet)"),
    "seat.has_results": ("round {round} already has results: archon will not reseat it (use {force} to replace its "
                         "seating and clear its results)"),
    "seat.has_results_and_later": (
        "round {round} already has results: archon will not reseat it (use {force} to replace its seating, clear "
        "its results and clear the seating of {later:plural:round|rounds} {later}, not played yet)"),
    "seat.later_seated": (
        "{later:plural:round|rounds} {later} {later:plural:is|are} already seated (no result yet): add {force} to "
        "seat round {round} again and clear the seating of {later:plural:round|rounds} {later}, not played yet, "
        "then {seat_later}"),
    "seat.already_seated": {
        "": ("round {round} is already seated (no result yet): archon keeps its seating; {show} shows it; "
             "{again} draws a new seating"),
        "cli": ("round {round} is already seated (no result yet): archon keeps its seating; '{show}' prints it "
                "(add {print} OUT.xlsx for its seat list); add {force} to draw a new seating"),
    },
    "seat.check_failed": _quoting(
        "round {round} cannot be seated: {problem}: correct the seating of that round first ('{check}' names "
        "the cells)"),
    "seat.cannot": "round {round} cannot be seated: {problem}",

    # seat edits after the draw (archon.eventday.seat_edits)
    "seat.edit_not_seated": "round {round} has no seat typed yet: seat it first ({seat}), then swap or move players",
    "seat.edit_not_in_round": ("{player} has no seat in round {round}: swap or move a player seated in it "
                               "({show} shows who sits where)"),
    "seat.edit_same_player": "{player} is named twice: name two different players to swap",
    "seat.edit_no_such_table": "round {round} has no table {table}: its tables are 1 to {tables}",
    "seat.edit_same_table": "{player} already sits at table {table} in round {round}: name another table",
    "seat.edit_table_has_result": (
        "round {round}, {tables:plural:table|tables} {tables}: {tables:plural:it has|they have} a result "
        "already, so {tables:plural:its|their} players stay where they are; clear the result first, or seat "
        "the whole round again ({seat})"),
    "seat.edit_table_too_small": (
        "round {round}: moving {player} would leave table {table} with {left} players: a table needs at least "
        "{smallest}; swap {player} with a player of another table instead"),
    "seat.edit_table_full": (
        "round {round}: table {table} has {players} players already, the most a table holds ({largest}): "
        "swap a player there instead"),
    "seat.edit_swapped": ("round {round}: {a} (table {table_a}, seat {seat_a}) and {b} (table {table_b}, seat "
                          "{seat_b}) swap their seats"),
    "seat.edit_moved": "round {round}: {player} moves from table {source} to table {table}, seat {seat}",
    "seat.edit_figure": "{rule} {value}",
    "seat.edit_delta": "{rule} {sign}{value}",
    "seat.edit_score": "score after the edit (rounds up to {round}): {figures:join:, }; change: {changes:join:, } ({verdict})",
    "seat.edit_score_unchanged": "score after the edit (rounds up to {round}): {figures:join:, }; no criterion changes",
    "seat.edit_better": "a better seating",
    "seat.edit_worse": "a worse seating",
    "seat.edit_same_score": "as good a seating",
    "seat.edit_later_seated": ("warning: {later:plural:round|rounds} {later} {later:plural:was|were} seated "
                               "from round {round} as it was: seat {later:plural:it|them} again if the "
                               "criteria matter more than the seating posted"),

    # sanctions on the Judges' Guide's levels (archon.rules.sanctions, archon.eventday.judging)
    "sanction.for_infraction": " for {infraction}",
    "sanction.unknown_level": "level {level!r}: the Judges' Guide's levels are {levels}",
    "sanction.unknown_category": "infraction {category!r}: the Judges' Guide's infractions are {categories}",
    "sanction.bad_judge": "judge {judge!r}: keep the name to {most} characters, without | or ;",
    "sanction.no_such_table": "table {table!r}: give a table number of that round (it has {tables:count:table|tables})",
    "sanction.level_needed": "give the infraction ({category}) or the level ({level})",
    "sanction.round_needed": ("a standings adjustment takes 1 VP from a round's result: give the round ({round}), "
                              "the game under way, the next one between rounds, the last one after the last round"),
    "sanction.recorded": "{level} to {player}{when}{infraction}: {reason}",
    "sanction.suggested": ("{level}: the level the Judges' Guide suggests ({earlier:count:earlier offence|earlier "
                           "offences} for it in this event)"),
    "sanction.overridden": ("the Judges' Guide suggests a {suggested} ({earlier:count:earlier offence|earlier "
                            "offences} for it in this event): {level} given instead"),
    "sanction.vp_off": ("1 VP off {player}'s result of round {round}: the table's GW and TP follow from the VPs "
                        "after it"),
    # the judges' warnings (archon.eventday.judging)
    "warn.no_such_round": "round {round!r}: this {format} event has rounds 1 to {rounds} and the final (F)",
    "warn.final_not_seated": "the final is not seated yet",
    "warn.round_not_seated": "round {round} is not seated yet",
    "warn.seated_rounds": "{rounds:plural:round|rounds} {rounds}",
    "warn.seated_rounds_and_final": "{rounds:plural:round|rounds} {rounds} and the final (F)",
    "warn.seated_none": "no round yet",
    "warn.seated_none_and_final": "no round yet and the final (F)",
    "warn.fix_typed": "give one of those with {round}, or leave out {round}",
    "warn.fix_read": "give one of those, or none",
    "warn.round_not_under_way": "{what}: this event has {seated} seated so far; {fix}",
    "warn.in_round": " in {round}",
    "warn.recorded": "warning to {player}{when}: {reason}",
    "warn.count": "{player} has {count:count:warning|warnings} in this event",
    "warn.reason_needed": "give the reason of the warning, e.g. \"slow play\"",
    "warn.reason_too_long": "the reason has {length} characters: keep it to {most} (a spreadsheet keeps no more)",
    "warn.listed": _quoting("'{warnings}' lists them; "),
    "warn.already": ("{player} already has this warning{when} ({reason}): nothing recorded; {listed}a second "
                     "warning for the same reason needs a reason of its own (e.g. \"{reason}, again\")"),

    # the event's details (Tournament Info): archon.eventday.details
    "info.set": "{detail}: {value} (was {before})",
    "info.blank": "blank",
    "info.shown": "{detail}: {value}",
    "info.warnings_recorded": "judges' warnings recorded: {count}",
    "info.unchanged": "the event's details are already as given: nothing to change",
    "info.no_such_detail": "{key!r} is not a detail of the event: {details:join:, }",
    "info.date_not_a_date": "{value!r} is not a date: give it as YYYY-MM-DD (2026-12-05)",
    "info.no_such_level": "{level!r} is not a level The Archon lists: {levels:join:, }",
    "info.no_such_format": "{format!r} is not a format The Archon runs: {formats:join: or }",
    "info.format_final_seated": ("the final is seated: the format stays {format} ({wanted} would change who "
                                 "reached it); {undo} takes back the final's seating first"),
    "info.format_rounds_seated": ("{rounds:plural:round|rounds} {rounds} {rounds:plural:is|are} seated: "
                                  "{wanted} has fewer rounds than {format}; clear {rounds:plural:it|them} first"),
    "info.detail.name": "event name",
    "info.detail.date": "date",
    "info.detail.organizer": "organizer",
    "info.detail.organizer_vekn": "organizer's VEKN number",
    "info.detail.city": "city",
    "info.detail.level": "level",
    "info.detail.format": "format",
    "info.detail.head_judge": "head judge",
    "info.detail.head_judge_vekn": "head judge's VEKN number",
}
