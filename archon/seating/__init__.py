"""Seating: table sizes, the nine VEKN seating criteria, a planner, and
lower bounds that prove where a plan is optimal.

Pure Python over plain data: a *plan* is a list of rounds, a round a list of
tables, a table a list of player numbers in seat order (seat 1 first; each
seat's prey is the next seat, the last seat's prey is seat 1). A player who
sits a round out is simply absent from it.

Where to find what (one idea per module):

* :mod:`.tables`: table sizes and who sits out (:func:`table_sizes`,
  :func:`can_seat`, :func:`staggered_round_sizes`, :func:`sit_out_schedule`).
* :mod:`.criteria`: the nine criteria and how a plan is scored
  (:func:`score_plan`, :class:`Score`, :func:`compare_scores`).
* :mod:`.bounds`: per criterion, a lower bound no plan can beat
  (:func:`lower_bounds`, :func:`proof`, :func:`proof_as_dict`).
* :mod:`.planner`: :func:`plan`, the one entry point of the search
  (:func:`next_round`: only the round to seat next), :mod:`.bend`:
  the round to seat next judged over the whole event (:func:`seat_next`;
  :mod:`.orders`: the last round's best seat orders, exactly;
  :mod:`.exact`: the last round of up to 10 players, the best of every way), and
  :mod:`.library`: the plans computed in advance for the common sizes.
* the search itself: :mod:`.search` (how the parts fit), :mod:`.board`
  (the search state), :mod:`.positions`, :mod:`.groups`, :mod:`.polish`.
"""

from __future__ import annotations

from archon.compat import names_on_first_use
from archon.seating.tables import (MAX_TABLE, MIN_TABLE, TABLE_SIZES, SeatingError, can_seat, needs_sit_out,
                                   rounds_to_play, sit_out_schedule, staggered_round_sizes, table_sizes)

#: The package's other public names, by module: imported the first time one
#: is used (``seating.plan``), so that the rules, which need only the table
#: sizes above, do not load the search and its plans at every start-up.
_LATER = {
    "bounds": ("Bounds", "lower_bounds", "proof", "proof_as_dict"),
    "criteria": ("ADJACENT", "RELATIONS", "RULE_TITLES", "RULES", "TRANSFERS", "PairIssue", "Plan", "Score",
                 "SeatIssue", "SpreadIssue", "check_plan", "compare_scores", "score_plan"),
    "planner": ("DEFAULT_EFFORT", "next_round", "plan"),
    "bend": ("NextRound", "seat_next"),
}
__getattr__ = names_on_first_use(__name__, _LATER)


__all__ = [
    "Plan", "RULES", "RULE_TITLES", "TRANSFERS", "SeatingError", "PairIssue", "SeatIssue", "SpreadIssue",
    "Score", "compare_scores", "check_plan", "score_plan", "can_seat", "table_sizes",
    "needs_sit_out", "rounds_to_play", "staggered_round_sizes", "sit_out_schedule", "plan", "next_round", "DEFAULT_EFFORT",
    "NextRound", "seat_next",
    "Bounds", "lower_bounds", "proof", "proof_as_dict", "MIN_TABLE", "MAX_TABLE", "TABLE_SIZES", "RELATIONS", "ADJACENT",
]
