"""archon's words are data: the core says what happened as a message id and
its fields; only the command line spells a command to type."""

from __future__ import annotations

import ast
import re
import string

from conftest import REPO

from archon.words import act, option, say
from archon.words.catalogue import TEXTS, text_of
from archon.words.errors import WordedError
from archon.words.render import PLAIN

PACKAGE = REPO / "archon"
COMMANDS = ("score", "new", "standings", "check", "update", "register", "drop", "warn", "warnings", "unregister",
            "plan", "seat", "result", "toss", "finals", "report", "undo", "convert", "rating", "league", "serve",
            "editions", "sanction", "info")
#: A command line to type, as a text says it: "archon seat", "archon undo".
COMMAND_TEXT = re.compile(r"\barchon (?:" + "|".join(COMMANDS) + r")\b")


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _said_texts(path):
    """Every string constant of ``path`` that is not a docstring, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_no_command_line_is_written_below_the_command_line():
    found = [f"{p.relative_to(REPO)}:{line}: {text[:80]!r}"
             for p in sorted(PACKAGE.rglob("*.py")) if "cli" not in p.relative_to(PACKAGE).parts[:1]
             for line, text in _said_texts(p) if COMMAND_TEXT.search(text)]
    assert not found, "command lines below the shells:\n" + "\n".join(found)


def _said_ids():
    """Every message id the package says: the first argument of say(...)."""
    for p in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "say"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                keywords = {k.arg for k in node.keywords if k.arg}
                has_spread = any(k.arg is None for k in node.keywords)
                yield p.relative_to(REPO), node.lineno, node.args[0].value, keywords, has_spread


def test_every_message_said_has_a_text_whose_fields_it_gives():
    bad = []
    for path, line, mid, given, spread in _said_ids():
        if mid not in TEXTS:
            bad.append(f"{path}:{line}: {mid!r} is in no catalogue")
            continue
        texts = [TEXTS[mid]] if isinstance(TEXTS[mid], str) else list(TEXTS[mid].values())
        wanted = {f.split(".")[0].split("[")[0] for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}
        if not spread and wanted - given:
            bad.append(f"{path}:{line}: {mid!r} lacks {sorted(wanted - given)}")
    assert not bad, "\n".join(bad)


def test_a_message_reads_the_same_from_its_fields_in_every_shell_but_its_actions():
    from archon.cli.words import CliRenderer

    message = say("text", text="round 1 is seated")
    assert PLAIN.render(message) == CliRenderer("cup.xlsx").render(message) == "round 1 is seated"


def test_an_action_is_a_command_to_type_only_on_the_command_line():
    from archon.cli.words import CliRenderer

    cli = CliRenderer("my cup.xlsx")
    again = act("seat", round=2, force=True)
    assert cli.field(again) == 'archon seat "my cup.xlsx" --round 2 --force'
    assert cli.field(act("drop", player=24, undo=True)) == 'archon drop "my cup.xlsx" 24 --undo'
    assert cli.field(option("replace")) == "--replace"
    assert "archon" not in PLAIN.field(again)
    assert again.as_dict() == {"action": "seat", "args": {"round": 2, "force": True}}


def test_an_error_keeps_its_message_id_and_fields():
    err = WordedError(say("text", text="no such table"))
    assert err.message.id == "text" and err.message.fields == {"text": "no such table"}
    assert str(err) == "no such table"
    assert text_of("text") == "{text}"
