"""The JSON Schemas archon ships: one for each command that has ``--json``
and none for another, each a valid draft 2020-12 schema that is strict where
a script relies on it (no unknown key at the top, the keys it names
required, the "schema" key fixed), and each in the package's data."""

from __future__ import annotations

import fnmatch
import importlib
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from archon.api import schemas
from archon.api.schemas import schema_names, schema_of
from archon.cli import COMMANDS
from conftest import REPO


def _commands_with_json() -> set[str]:
    found = set()
    for name, where in COMMANDS.items():
        module, _, function = where.partition(":")
        command = getattr(importlib.import_module(module), function)
        if any("--json" in p.opts for p in command.params):
            found.add(name)
    return found


def test_every_command_with_json_has_a_schema_and_every_schema_a_command():
    with_json = _commands_with_json()
    # the commands the issue names, and those that report what they wrote
    assert {"finals", "toss", "register", "drop", "result", "warnings", "undo", "editions", "new", "update",
            "unregister", "warn", "score", "seat", "plan", "standings", "check", "rating", "league",
            "convert", "report"} <= with_json
    assert set(schema_names()) == with_json | {"error"}  # error: a command line that names no command


@pytest.mark.parametrize("name", schema_names())
def test_each_schema_is_valid_and_strict_at_the_top(name):
    schema = schema_of(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == f"archon.{name}/1"
    branches = [schema["$defs"][ref["$ref"].rsplit("/", 1)[-1]] for ref in schema["oneOf"]]
    assert "error" in [ref["$ref"].rsplit("/", 1)[-1] for ref in schema["oneOf"]]
    for branch in branches:
        assert branch["type"] == "object" and branch["additionalProperties"] is False
        assert set(branch["required"]) == set(branch["properties"])  # every key always there (null if none)
        assert branch["properties"]["schema"] == {"const": f"archon.{name}/1"}


def test_a_schema_refuses_an_unknown_key_a_missing_key_and_another_commands_object():
    validator = Draft202012Validator(schema_of("toss"))
    error = {"schema": "archon.toss/1", "ok": False, "exit_status": 2,
             "error": {"id": "api.not_vps", "fields": {}, "text": "no"}}
    validator.validate(error)
    for wrong in ({**error, "extra": 1}, {k: v for k, v in error.items() if k != "exit_status"},
                  {**error, "schema": "archon.drop/1"}, {**error, "ok": True}):
        with pytest.raises(ValidationError):
            validator.validate(wrong)


def test_schema_of_a_command_without_json_says_which_have_one():
    with pytest.raises(KeyError) as said:
        schema_of("serve")
    assert "'serve'" in str(said.value) and "standings" in str(said.value)


def test_the_schemas_are_package_data():
    """pyproject.toml's package data takes every schema; where archon is
    installed (CI: pip install .), every one arrived."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    patterns = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["package-data"]["archon"]
    source = REPO / "archon" / "api" / "schemas"
    files = sorted(p.relative_to(REPO / "archon").as_posix() for p in source.glob("*.json"))
    assert len(files) == len(schema_names())
    assert all(any(fnmatch.fnmatchcase(f, pattern) for pattern in patterns) for f in files), files
    installed = Path(schemas.__file__).parent
    assert sorted(p.name for p in installed.glob("*.schema.json")) == sorted(Path(f).name for f in files)
