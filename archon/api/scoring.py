"""Twins of ``archon score``: one table's verdict, and VPs read as typed."""

from __future__ import annotations

import dataclasses
from typing import Iterable, Iterator, Optional, Sequence

from archon.api.contracts import twin_of
from archon.api.errors import InputError
from archon.rules.editions import RuleEdition, get_edition
from archon.rules.scoring import COMPLETE, PENDING, TableResult, VPError, score_table
from archon.rules.typed import number_from_text
from archon.words.message import Message, say

__all__ = ["score", "score_lines", "each_line_scored", "parse_vps", "no_vp_typed"]


def parse_vps(tokens: Sequence[str]) -> list[float]:
    """Read VPs typed as text: ``"1.5"``, ``"2,5"`` (decimal comma), ``"1/2"``, ``"½"``.
    A seat left blank is named (a form's empty field), not read as a bad number."""
    blank = [seat for seat, t in enumerate(tokens, start=1) if not str(t).strip()]
    if blank:
        raise InputError(no_vp_typed(blank))
    out = []
    for t in tokens:
        x = number_from_text(t)
        if x is None:
            raise InputError(say("api.not_vps", value=t))
        out.append(x)
    return out


def no_vp_typed(seats: Sequence[int]) -> Message:
    """Why a result with the ``seats`` left blank is not recorded yet."""
    return say("api.no_vp_typed", seats=list(seats))


@twin_of("score")
def score(vps: Sequence[Optional[float]], edition: "str | RuleEdition | None" = None) -> TableResult:
    """Twin of ``archon score VP VP ...``: classify one table and score each seat.

    ``None`` is a seat whose VP is not typed yet (a form's empty field, the
    event console's verdict as the VPs are typed): a table a game can end
    with once those seats read 0 is ``pending`` until every seat is typed,
    with the reason :func:`parse_vps` gives (a result is recorded with every
    seat typed); otherwise blanks read 0, as in the workbook.

    Raises :class:`archon.rules.scoring.VPError` for a table that is not 4 or 5 seats
    or a VP that is not a half point between 0 and the table size.
    """
    verdict = score_table(list(vps), get_edition(edition))
    blank = [seat for seat, v in enumerate(vps, start=1) if v is None]
    if blank and verdict.status == COMPLETE:
        return dataclasses.replace(verdict, status=PENDING, said=no_vp_typed(blank))
    return verdict


def score_lines(lines: Iterable[str], edition: "str | RuleEdition | None" = None) -> list[dict]:
    """Twin of ``archon score -``: one result dict per non-blank line.

    A line that cannot be scored gives ``{"legal": False, "status": "invalid",
    "reason": ..., "seats": []}``; a line that is not numbers raises
    :class:`InputError` naming the line.
    """
    return list(each_line_scored(lines, edition))


def each_line_scored(lines: Iterable[str], edition: "str | RuleEdition | None" = None) -> Iterator[dict]:
    """:func:`score_lines` one line at a time: each result is given as soon
    as its line is read (``archon score -`` answers a line typed or piped
    before standard input ends)."""
    ed = get_edition(edition)
    for n, line in enumerate(lines, start=1):
        tokens = line.replace(";", " ").split()
        if not tokens:
            continue
        try:
            vps = parse_vps(tokens)
        except InputError as exc:
            raise InputError(say("api.on_line", line=n, error=exc.message)) from None
        try:
            yield score_table(vps, ed).as_dict()
        except VPError as exc:
            yield {"legal": False, "status": "invalid", "reason": str(exc), "seats": []}
