"""The package's shape: the folders are the layers, and modules import downwards only.

Reads every module's imports (top-level and inside functions alike: a lazy
import is still a dependency) and fails on an import cycle, on a module that
imports from a layer above its own (the order is :data:`archon.LAYERS`, the
folders of ``archon/``), on a core module (words, rules, seating, eventday)
that imports a file or web library, or on a private name imported from
another module.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO

import archon

PACKAGE = REPO / "archon"

#: The functional core: pure Python over plain data, no file, CLI or web library.
CORE = ("words", "rules", "seating", "eventday")
LIBRARIES = ("openpyxl", "xlsxwriter", "xlrd", "click", "starlette", "uvicorn", "jinja2", "watchfiles",
             "pandas", "filelock")
#: Modules at the top of the package, outside the layers: what each may import.
TOP = {"archon.exits": (), "archon.compat": (), "archon": ("rules",), "archon.__main__": ("cli",)}
#: Top modules every layer may import: they import nothing of archon's.
BELOW_THE_LAYERS = ("archon.exits", "archon.compat")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path, known: dict[str, Path]):
    """(module imported, names imported from it) for every import of ``name``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, ()
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:  # 'from archon import seating' imports the module archon.seating
                sub = f"{target}.{alias.name}"
                yield (sub, ()) if sub in known else (target, (alias.name,))


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every module ``name`` imports (archon modules resolved, others by top-level name)."""
    return {m for m, _ in _imports(name, path, known) if m != name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {m for m in imports_of(name, path, known) if m in known or not m.startswith("archon")}
            for name, path in known.items()}


def layer_of(module: str) -> "str | None":
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in archon.LAYERS else None


def test_every_folder_of_the_package_is_a_layer_and_few_modules_sit_outside_them():
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(archon.LAYERS)
    loose = {_module_name(p) for p in PACKAGE.glob("*.py")}
    assert loose == set(TOP)


def test_the_import_reader_sees_lazy_and_relative_imports():
    g = graph()
    assert "archon.eventday" in g["archon.api.eventday"]
    assert "archon.api.eventday" in g["archon.api"]  # the names it loads on first use
    assert "archon.rules.standings" in g["archon.formats.workbook.writer"]
    assert layer_of("archon.formats.workbook.writer") == "formats"


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


def test_modules_import_from_their_own_layer_and_the_layers_below_only():
    order = {layer: i for i, layer in enumerate(archon.LAYERS)}
    bad = []
    for module, deps in graph().items():
        mine = layer_of(module)
        for d in deps:
            if not d.startswith("archon") or d in BELOW_THE_LAYERS:
                continue
            theirs = layer_of(d)
            if mine is None:
                allowed = TOP[module]
                if theirs not in allowed and d not in TOP:
                    bad.append(f"{module} imports {d}")
            elif theirs is None:
                if d not in ("archon.exits",) and d != "archon":
                    bad.append(f"{module} ({mine}) imports {d}, outside the layers")
            elif order[theirs] > order[mine]:
                bad.append(f"{module} ({mine}) imports {d} ({theirs}), a layer above it")
    assert not bad, "upward imports: " + "; ".join(sorted(bad))


def test_the_core_imports_no_file_format_shell_or_their_libraries():
    bad = [f"{m} imports {d}" for m, deps in graph().items() if layer_of(m) in CORE
           for d in deps if d.split(".")[0] in LIBRARIES]
    assert not bad, "the core must stay pure: " + "; ".join(sorted(bad))


def test_no_private_name_is_imported_from_another_module():
    known = modules()
    bad = sorted(f"{name} imports {target}.{n}" for name, path in known.items()
                 for target, names in _imports(name, path, known)
                 if target.startswith("archon") and target != name
                 for n in names if n.startswith("_") and not n.startswith("__"))
    assert not bad, "private names imported across modules: " + "; ".join(bad)


def test_the_old_module_names_still_import_the_same_modules():
    # scripts written against archon 0.1 (the README's Python section was)
    import archon.rules.standings
    import archon.formats.workbook.safety
    from archon.standings import compute
    from archon.workbook import load_event
    import archon.workbook.safety as old_safety

    assert compute is archon.rules.standings.compute
    assert old_safety is archon.formats.workbook.safety
    assert load_event is archon.formats.workbook.load_event
