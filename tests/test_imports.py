"""The package's shape: modules import downwards only.

Reads every module's imports (top-level and inside functions alike: a lazy
import is still a dependency) and fails on an import cycle, or on a core
module (the rules, seating and the data model) that imports a file format,
the command line, the web layer, ``archon.api`` or a file/CLI/web library.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "archon"

#: The functional core: pure Python over plain data.
CORE = ("archon.model", "archon.editions", "archon.scoring", "archon.standings", "archon.seating",
        "archon.validation", "archon.celltext", "archon.exits", "archon.typed")
#: What the core must never import: file formats, shells, and their libraries.
SHELLS_AND_FORMATS = ("archon.api", "archon.cli", "archon.web", "archon.workbook", "archon.reports",
                      "archon.convert", "archon.csvset", "archon.players_csv")
LIBRARIES = ("openpyxl", "xlsxwriter", "xlrd", "click", "starlette", "uvicorn", "jinja2", "watchfiles",
             "pandas", "filelock")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every module ``name`` imports (archon modules resolved, others by top-level name)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:  # 'from . import seating' imports the module archon.seating
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in known else target)
    return {m for m in out if m != name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {m for m in imports_of(name, path, known) if m in known or not m.startswith("archon")}
            for name, path in known.items()}


def _within(module: str, prefixes) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def test_the_import_reader_sees_lazy_and_relative_imports():
    g = graph()
    # archon.api imports archon.eventday inside its functions ('from . import eventday')
    assert "archon.eventday" in g["archon.api"]
    assert "archon.standings" in g["archon.workbook.writer"]


def test_no_import_cycle():
    g = {m: {d for d in deps if d.startswith("archon")} for m, deps in graph().items()}
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(g.get(m, ())):
            if state.get(d) == 1:
                cycles.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(g):
        if m not in state:
            visit(m)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_the_core_imports_no_file_format_shell_or_their_libraries():
    bad = []
    for module, deps in graph().items():
        if not _within(module, CORE):
            continue
        for d in deps:
            if _within(d, SHELLS_AND_FORMATS) or d.split(".")[0] in LIBRARIES:
                bad.append(f"{module} imports {d}")
    assert not bad, "the core must stay pure: " + "; ".join(sorted(bad))


def test_only_the_shells_import_the_python_twins():
    # archon.api sits on top of the formats: a module below it that imports
    # it (convert once called api.check) would tie the layers in a knot
    shells = ("archon.cli", "archon.web")
    below = sorted(m for m, deps in graph().items()
                   if "archon.api" in deps and not _within(m, shells) and m != "archon.api")
    assert not below, "modules below archon.api import it: " + ", ".join(below)

