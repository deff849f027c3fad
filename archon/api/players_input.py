"""The players list ``register --from`` and ``new --players`` read: a CSV
file's path, or a file already open (the command line's ``-``: standard input)."""

from __future__ import annotations

from pathlib import Path

from archon.formats.players_csv import decode_players_csv, parse_players_csv, read_players_csv

__all__ = ["STDIN_NAME", "players_source", "read_players"]

#: How a players list read from standard input is named in what archon says.
STDIN_NAME = "stdin"


def players_source(players) -> str:
    """The name the messages give the players list ``players``."""
    if hasattr(players, "read"):
        return getattr(players, "archon_name", None) or STDIN_NAME
    return Path(str(players)).name


def read_players(players) -> list:
    """The rows of the players list ``players``: a path, or an open file
    (bytes or text) read to its end. Raises
    :class:`archon.formats.players_csv.PlayersCSVError`."""
    if not hasattr(players, "read"):
        return read_players_csv(players)
    raw = players.read()
    text = decode_players_csv(bytes(raw)) if isinstance(raw, (bytes, bytearray)) else raw
    return parse_players_csv(text, players_source(players))
