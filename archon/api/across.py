"""Twins of the commands across events: ``archon rating`` and ``archon
league``, and the results frame they compute from (pandas;
:mod:`archon.across.outcome`)."""

from __future__ import annotations

from typing import Optional, Sequence

from archon.across import outcome
from archon.api.contracts import twin_of

__all__ = ["results_frame", "rating", "league"]


def results_frame(paths, *, processes: Optional[int] = None, progress=None):
    """One pandas DataFrame with a row per (event, player) of every event file
    under ``paths`` (files or folders, any form archon reads), the frame
    ``archon rating`` and ``archon league`` compute from.

    Columns (:data:`archon.across.results.RESULT_COLUMNS`): ``event_id``, ``event``,
    ``date``, ``level``, ``category`` (``constructed``/``limited``),
    ``edition``, ``entrants``, ``sanctioned``, ``source`` (the file),
    ``number``, ``vekn`` (None unless 7 digits), ``name``, ``city``,
    ``rated``, ``games`` (rounds played, the final included), ``gw``, ``vp``
    (the final's included), ``tp``, ``rank``, ``finalist``, ``winner``,
    ``rating_points`` (Appendix A, as ``archon standings`` computes them).
    Files that cannot be read and duplicates are left out (``archon rating``
    lists them). Raises :class:`archon.across.outcome.AcrossError` when no event can be read.
    """
    return outcome.read_results(paths, processes=processes, progress=progress).results


@twin_of("rating")
def rating(paths, *, as_of=None, category: str = "constructed", country: Optional[str] = None,
           system: Optional[str] = None, players: Sequence[str] = (), xlsx=None, force: bool = False,
           processes: Optional[int] = None, progress=None):
    """Twin of ``archon rating PATHS... [--as-of DATE] [--category constructed|limited]
    [--country C] [--system rtp|elo2001] [--player N] [--xlsx OUT [--force]]``.

    The VEKN ranking on ``as_of`` (default today) from every event under
    ``paths``: under ``rtp`` (Appendix A of the current rules) a player's
    rating is the sum of their best 8 events' rating points in the
    preceding 18 months, Constructed and Limited apart, players with no
    rated round in 12 months left out of the ranking; under ``elo2001``
    (Appendix A.1 of the 2001-2002 rules) the Elo rating. Default system:
    ``elo2001`` when every event read runs under the 2001 rules, else ``rtp``.
    Returns an :class:`archon.across.outcome.RatingResult` (DataFrames; ``as_dict()``
    is the ``--json`` output); ``xlsx`` writes the report workbook (an
    existing file only when it is an earlier rating workbook and ``force``:
    :func:`archon.reports.check_target`).
    """
    return outcome.rating(paths, as_of=as_of, category=category, country=country, system=system, players=players,
                          xlsx=xlsx, force=force, processes=processes, progress=progress)


@twin_of("league")
def league(paths, *, best: Optional[int] = None, points: Optional[str] = None, start=None, end=None,
           name: Optional[str] = None, xlsx=None, force: bool = False, processes: Optional[int] = None,
           progress=None):
    """Twin of ``archon league PATHS... --best N [--points rating|gw-vp] [--from DATE --to DATE]
    [--name NAME] [--xlsx OUT [--force]]`` and ``archon league LEAGUE.toml``.

    Each player's best ``best`` results between ``start`` and ``end``
    (inclusive), by rating points or by GW then VP then TP, summed and
    ranked, ties sharing a rank. ``paths`` may be one league file (TOML:
    ``name``, ``events``, ``best``, ``points``, ``from``, ``to``; see
    :class:`archon.across.league.LeagueDefinition`); arguments given override it.
    Returns an :class:`archon.across.outcome.LeagueResult`; ``xlsx`` writes the
    report workbook (an existing file only when it is an earlier league
    workbook and ``force``: :func:`archon.reports.check_target`).
    """
    return outcome.league(paths, best=best, points=points, start=start, end=end, name=name, xlsx=xlsx,
                          force=force, processes=processes, progress=progress)
