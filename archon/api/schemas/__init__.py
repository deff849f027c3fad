"""The JSON Schemas (draft 2020-12) of what the commands print with ``--json``.

One file a command, ``<command>.schema.json``, shipped in the package: it
describes the command's object (and its variants: ``finals`` with or
without ``--seating``, ``warn --list``) and the error object a failure
prints instead. Every object names its schema: ``"schema":
"archon.<command>/1"`` (:mod:`archon.api.json_output`); ``error`` is the
schema of the error printed when the command line names no command.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

__all__ = ["schema_of", "schema_names"]

_SUFFIX = ".schema.json"


def schema_names() -> list[str]:
    """Every command (and ``error``) with a schema, sorted."""
    return sorted(p.name[: -len(_SUFFIX)] for p in resources.files(__name__).iterdir() if p.name.endswith(_SUFFIX))


def schema_of(command: str) -> dict:
    """The JSON Schema of what ``archon <command> --json`` prints (a new
    dict each call). Raises :class:`KeyError` for a command without one."""
    return json.loads(_text_of(command))


@lru_cache(maxsize=None)
def _text_of(command: str) -> str:
    if command not in schema_names():
        raise KeyError(f"no JSON Schema for {command!r}: one of {', '.join(schema_names())}")
    return (resources.files(__name__) / f"{command}{_SUFFIX}").read_text(encoding="utf-8")
