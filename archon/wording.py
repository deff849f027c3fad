"""How archon says a count: "1 player", "2 players", "0 errors"."""

from __future__ import annotations

__all__ = ["count"]


def count(n: int, singular: str, plural: str = "") -> str:
    """``n`` and the noun, singular for exactly one: ``count(1, "cell")`` is
    "1 cell", ``count(3, "cell")`` "3 cells"; ``plural`` for nouns that do not
    take an s ("1 property", ``count(2, "property", "properties")``)."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"
