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
}
