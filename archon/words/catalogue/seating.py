"""The English texts of the messages of archon.seating (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    # what a seating plan cannot be (SeatingError)
    "seating.too_few": "{players} players: a table needs at least {min}",
    "seating.staggered_needed": ("{players} players cannot sit at tables of {min} and {max}: use a staggered plan, "
                                 "where some players sit out each round"),
    "seating.cannot_all_play": ("{players} players cannot all play {games:count:round|rounds} of "
                                "{rounds:count:round|rounds} at tables of {min} and {max}{hint}"),
    "seating.hint": "; {rounds} rounds where each player plays {games} would work",
    "seating.nothing": "{players} players: nothing to seat",
    "seating.not_a_number": "player numbers are whole numbers, not {value}",
    "seating.listed_twice": "player {player} is listed twice",
    "seating.played_too_many": "player {player} has played {played} games: cannot end with {games} after {rounds} more round(s)",
    "seating.cannot_all_end": ("{players} players cannot all end with {games:count:game|games} after "
                               "{rounds:count:more round|more rounds} at tables of {min} and {max}"),
    "seating.no_schedule": "no sit-out schedule for {players} players",
    "seating.table_size": "round {round}, table {table}: {players} players; a table seats {min} or {max}",
    "seating.twice_at_table": "twice at table {table}",
    "seating.at_tables": "at tables {first} and {table}",
    "seating.seated_twice": "round {round}: player {player} is seated {where}",
    "seating.no_round": "{rounds} rounds: plan at least one",
    "seating.too_many_rounds": "{rounds} rounds: archon plans at most {max}",
    "seating.played_more": "{played} rounds already played: more than the {rounds} planned",
    "seating.one_round": ("{players} players cannot sit at tables of {min} and {max} in one round: plan {rounds} "
                          "rounds where each plays 2"),
    # the nine criteria's titles (seating.criteria.RULE_SAID), as printed next to their figures
    "seating.rule.r1": "predator-prey relationship repeated (mandatory)",
    "seating.rule.r2": "opponents at the same table in every round",
    "seating.rule.r3": "available VPs per round, standard deviation",
    "seating.rule.r4": "opponents at the same table more than once",
    "seating.rule.r5": "fifth seat more than once",
    "seating.rule.r6": "same relative position repeated",
    "seating.rule.r7": "same seat more than once",
    "seating.rule.r8": "starting transfers per round, standard deviation",
    "seating.rule.r9": "same position group repeated",
    # the players behind a criterion's violation (seating.criteria PairIssue, SeatIssue, SpreadIssue .said)
    "seating.rounds.one": "round {round}",
    "seating.rounds.many": "rounds {rounds}",
    "seating.issue.share_table": "players {player} and {other} share a table in {when}",
    "seating.issue.adjacent": "players {player} and {other} sit adjacent in {when}",
    "seating.issue.non_adjacent": "players {player} and {other} sit non-adjacent in {when}",
    "seating.issue.cross_table": "players {player} and {other} sit cross-table in {when}",
    "seating.issue.prey": "player {other} is player {player}'s prey in {when}",
    "seating.issue.grand_prey": "player {other} is player {player}'s grand-prey in {when}",
    "seating.issue.grand_predator": "player {other} is player {player}'s grand-predator in {when}",
    "seating.issue.predator": "player {other} is player {player}'s predator in {when}",
    "seating.issue.seat": "player {player} sits in seat {seat} in {when}",
    "seating.issue.spread": ("player {player} has {available} VPs available per round played against a mean of {mean} "
                             "({size}-player tables in {when})"),
}
