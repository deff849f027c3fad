"""Event day: what an organizer changes between rounds, as pure functions.

Each function takes an :class:`~archon.rules.model.Event` and returns a
:class:`~archon.eventday.change.Change`: a *new* event (the one given is
never modified) and lines (messages) saying exactly what changed. Input
that does not fit the whole event is refused with :class:`EventDayError`
(a ``ValueError``), whose message (an id and fields: the player, table or
cell concerned and the action to take) each shell renders. Nothing here
reads or writes files: :mod:`archon.api` reads the workbook, calls these
functions and writes the new event back.

* :mod:`.players`: :func:`find_player` (a number, a VEKN number, a part of
  a name), :func:`typed_text`;
* :mod:`.registration`: :func:`register` / :func:`register_many`: a player gets
  the next number; a late arrival joins from the next round (rules 3.3.1);
* :mod:`.removal`: :func:`unregister`: a player registered by mistake, or
  a no-show who has played no game, is removed; the players after them move
  up one number;
* :mod:`.drops`: :func:`drop` / :func:`undo_drop`: the DQ flag (a reason
  code, The Archon's Methuselahs column G) takes a player out of the next
  seatings and of the final (rules 3.1, 3.1.4);
* :mod:`.results`: :func:`record_result`: a table's VPs in seat order; an
  impossible result is refused unless a judge accepts it;
* :mod:`.rounds`: :func:`seat_round`: a preliminary round seated by
  archon's engine, and its refusals (:func:`already_seated`);
* :mod:`.coin_toss`: :func:`toss`: a reproducible fair draw for every tie that
  decides the final cut or the seeds; :func:`toss_as_tossed`: one tie's
  toss as tossed at the table;
* :mod:`.finals`: :func:`seat_final`, :func:`close_without_final` (rules
  3.1.3, 3.1.6) and :func:`finals_view`;
* :mod:`.refusals`: why an action is refused now (:class:`Refusal`: the
  event console turns its buttons off with them);
* :mod:`.errors`: the refusals' exceptions; :mod:`.judging`: the judges'
  warnings.

Places are named by ``locate``, a function from a
:class:`~archon.rules.validation.Where` to a cell name such as ``Methuselahs!E9``
(the workbook reader's :meth:`~archon.formats.workbook.EventCells.locate`); without
it they are named in words ("player #3").
"""

from archon.eventday.change import Change, Locate
from archon.eventday.coin_toss import toss, toss_as_tossed
from archon.eventday.drops import drop, undo_drop
from archon.eventday.errors import AmbiguousPlayer, EventDayError, ForceNeeded, WrongInput
from archon.eventday.finals import (NO_FINAL_SAID, SEAT_CHOICE, SEAT_CHOICE_HOW, Finalist, FinalsView,
                                    close_without_final, finals_view, seat_final)
from archon.eventday.players import find_player, typed_text
from archon.eventday.refusals import (NO_FINAL_MAX_PLAYERS, ONCE_PRELIMINARIES_OVER, Refusal, final_seating_refused,
                                      no_final_refused, preliminaries_finished, toss_refused, unfinished)
from archon.eventday.registration import register, register_many
from archon.eventday.removal import unregister
from archon.eventday.results import record_result
from archon.eventday.rounds import already_seated, check_preliminary_round, seat_round

__all__ = [
    "EventDayError",
    "ForceNeeded",
    "WrongInput",
    "AmbiguousPlayer",
    "Change",
    "Locate",
    "find_player",
    "register",
    "register_many",
    "typed_text",
    "drop",
    "undo_drop",
    "toss_as_tossed",
    "unregister",
    "record_result",
    "seat_round",
    "toss",
    "seat_final",
    "close_without_final",
    "finals_view",
    "check_preliminary_round",
    "already_seated",
    "FinalsView",
    "Finalist",
    "Refusal",
    "toss_refused",
    "final_seating_refused",
    "no_final_refused",
    "preliminaries_finished",
    "unfinished",
    "NO_FINAL_MAX_PLAYERS",
    "ONCE_PRELIMINARIES_OVER",
    "NO_FINAL_SAID",
    "SEAT_CHOICE",
    "SEAT_CHOICE_HOW",
]
