"""Python twins of the command-line commands.

Every ``archon`` command calls one function here (or in the module it names),
so a script can do what the command does and get data back instead of text.
"""

from __future__ import annotations

from typing import Iterable, Optional, Sequence

from .editions import RuleEdition, get_edition
from .scoring import TableResult, VPError, score_table

__all__ = ["score", "score_lines", "parse_vps", "InputError"]


class InputError(ValueError):
    """Input a user typed that archon cannot read (exit status 2 on the command line)."""


def parse_vps(tokens: Sequence[str]) -> list[float]:
    """Read VPs typed as text: ``"1.5"``, ``"2,5"`` (decimal comma), ``"1/2"``, ``"½"``."""
    out = []
    for t in tokens:
        s = str(t).strip().replace(",", ".").replace("½", ".5")
        try:
            if "/" in s:
                a, b = s.split("/", 1)
                out.append(float(a or 0) / float(b))
            else:
                out.append(float(s))
        except (ValueError, ZeroDivisionError):
            raise InputError(f"{t!r} is not a number of VPs") from None
    return out


def score(vps: Sequence[float], edition: "str | RuleEdition | None" = None) -> TableResult:
    """Twin of ``archon score VP VP ...``: classify one table and score each seat.

    Raises :class:`archon.scoring.VPError` for a table that is not 4 or 5 seats
    or a VP that is not a half point between 0 and the table size.
    """
    return score_table(list(vps), get_edition(edition))


def score_lines(lines: Iterable[str], edition: "str | RuleEdition | None" = None) -> list[dict]:
    """Twin of ``archon score -``: one result dict per non-blank line.

    A line that cannot be scored gives ``{"legal": False, "status": "invalid",
    "reason": ..., "seats": []}``; a line that is not numbers raises
    :class:`InputError` naming the line.
    """
    ed = get_edition(edition)
    results = []
    for n, line in enumerate(lines, start=1):
        tokens = line.replace(";", " ").split()
        if not tokens:
            continue
        try:
            vps = parse_vps(tokens)
        except InputError as exc:
            raise InputError(f"line {n}: {exc}") from None
        try:
            results.append(score_table(vps, ed).as_dict())
        except VPError as exc:
            results.append({"legal": False, "status": "invalid", "reason": str(exc), "seats": []})
    return results
