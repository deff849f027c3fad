"""The README's front door: its set-up is what CI runs, works on Debian and
Windows shells, and every dependency it installs earns its place."""

from __future__ import annotations

import ast
import re
import shutil
import sys

from conftest import REPO

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

README = (REPO / "README.md").read_text(encoding="utf-8")
CI = (REPO / ".ci" / "run").read_text(encoding="utf-8")


def _quickstart_lines() -> list[str]:
    section = README[README.index("## Quickstart"):README.index("## Tests")]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [line.strip() for line in block.splitlines() if line.strip()]


def test_the_set_up_uses_a_virtual_environment_and_quotes_every_shell_reads():
    lines = _quickstart_lines()
    assert lines[0].startswith("python3 -m venv"), "Debian/Ubuntu refuse pip outside a virtual environment (PEP 668)"
    install = next(line for line in lines if "pip install" in line)
    assert "'" not in install, "cmd.exe does not strip single quotes: '.[test]' fails on Windows"
    assert '".[test]"' in install
    assert lines[-1] == "archon standings samples/sample-event.xlsx"


def test_ci_runs_the_readme_set_up_and_test_command_as_written():
    ci_lines = [line.strip() for line in CI.splitlines()]
    for line in _quickstart_lines()[:-1]:
        assert line in ci_lines or line.replace("pip install", "pip install -q") in ci_lines, line
    tests = re.search(r"## Tests\n\n```sh\n(.*?)\n```", README, re.S).group(1).strip()
    assert any(line.startswith(tests) for line in ci_lines), f"CI does not run the README's test command {tests!r}"


def _imported_top_level_names() -> set[str]:
    names = set()
    for path in (REPO / "archon").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module.split(".")[0])
    return names


#: Distributions whose import name is not their name, lower-cased with '_' for '-'.
IMPORT_NAMES = {"python-multipart": "multipart", "pyyaml": "yaml"}


def test_every_installed_dependency_is_imported_by_archon_and_test_tools_stay_optional():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    imported = _imported_top_level_names()
    unused = []
    for requirement in project["dependencies"]:
        dist = re.match(r"[A-Za-z0-9_.-]+", requirement).group(0).lower()
        if "python_version" in requirement and "<" in requirement.split(";", 1)[1]:
            continue  # a back-port for older Pythons (tomli), imported only there
        if IMPORT_NAMES.get(dist, dist.replace("-", "_")) not in imported:
            unused.append(dist)
    assert not unused, f"installed for every user but imported nowhere in archon/: {unused}"
    core = " ".join(project["dependencies"]).lower()
    for tool in ("pytest", "hypothesis", "playwright"):
        assert tool not in core, f"{tool} is a test tool: it belongs in the 'test' extra"


def test_every_library_archon_imports_is_a_declared_dependency():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = set()
    for requirement in project["dependencies"]:
        dist = re.match(r"[A-Za-z0-9_.-]+", requirement).group(0).lower()
        declared.add(IMPORT_NAMES.get(dist, dist.replace("-", "_")))
    third_party = {n for n in _imported_top_level_names() if n not in sys.stdlib_module_names and n != "archon"}
    third_party -= {"tomli"}  # imported only on Python 3.10, declared with a marker
    missing = sorted(third_party - declared)
    assert not missing, f"archon/ imports {missing} but pyproject.toml does not install them"


def test_every_table_the_readme_records_without_override_is_a_legal_result():
    """A reader copies the event-day lines: a result the rules refuse would
    stop them at the first example (it did: '3 0 0 2 0 --replace')."""
    import shlex

    from archon import api

    section = README[README.index("### Event day from the command line"):]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    results = [shlex.split(line.split("  #")[0]) for line in block.splitlines() if line.startswith("archon result ")]
    assert len(results) >= 3, block
    for words in results:
        if "--override" in words:
            continue
        vps = [w for i, w in enumerate(words) if i > 2 and re.fullmatch(r"[0-9.]+", w)
               and words[i - 1] not in ("--round", "--table")]
        assert api.score([float(v) for v in vps]).status == "complete", " ".join(words)


def _python_blocks() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_readmes_python_examples_run_as_written(tmp_path, monkeypatch):
    # the README's Python section, run as a reader would: in a folder with the
    # sample event, an events/ folder of event files and the league file it names
    blocks = _python_blocks()
    assert len(blocks) >= 2, "the README's Python section has its examples in ```python blocks"
    shutil.copytree(REPO / "samples", tmp_path / "samples")
    (tmp_path / "events").mkdir()
    shutil.copy(REPO / "samples" / "sample-event.xlsx", tmp_path / "events" / "2026-05-01 Sample.xlsx")
    (tmp_path / "winter-league.toml").write_text('name = "Winter League"\nevents = ["events"]\nbest = 3\n',
                                                 encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for block in blocks:
        scope: dict = {}
        exec(compile(block, "README.md", "exec"), scope)  # noqa: S102 - the README's own examples
        if "standings" in scope and isinstance(scope["standings"], dict):
            assert scope["standings"]["players"], "api.standings of the sample lists its players"
    assert scope["result"].ranking is not None


def test_the_readmes_project_layout_is_the_real_tree():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    tree = text[text.index("## Project layout"):]
    tree = tree[tree.index("```"):tree.index("```", tree.index("```") + 3)]
    import archon

    for layer in archon.LAYERS:  # every layer folder is shown, in the order of the layers
        assert f"  {layer}/" in tree, f"the README's layout lacks archon/{layer}/"
    order = [tree.index(f"  {layer}/") for layer in archon.LAYERS]
    assert order == sorted(order), "the README lists the layers out of their order"
    named = set(re.findall(r"\b([a-z_]+)\.py\b", tree))
    real = {p.stem for p in (REPO / "archon").rglob("*.py")}
    assert named <= real, f"the README names modules that do not exist: {sorted(named - real)}"


def _commands_table() -> str:
    return README[README.index("| command | what it does |"):README.index("\n\n", README.index("| command |"))]


def test_the_commands_table_has_a_line_for_every_command():
    import click

    from archon.cli import main

    rows = _commands_table()
    missing = [name for name in main.list_commands(click.Context(main)) if not re.search(rf"`archon {name}[` ]", rows)]
    assert not missing, f"the README's commands table has no line for: {', '.join(missing)}"
    deck = next(line for line in rows.splitlines() if line.startswith("| `archon deck "))
    for reads in ("Amaranth", "VDB", "TWD", "JOL", "Lackey", "Crypt and Library headings"):
        assert reads in deck, f"the deck line does not say archon deck reads {reads}"


def test_check_exits_1_on_warnings_alone_as_the_readme_says(tmp_path):
    import openpyxl
    from click.testing import CliRunner

    from archon.cli import main

    path = tmp_path / "cup.xlsx"
    shutil.copy(REPO / "samples" / "sample-event.xlsx", path)
    wb = openpyxl.load_workbook(path)
    cell = next(c for row in wb["Methuselahs"].iter_rows() for c in row if c.value == "Anna")
    cell.value = "An\u200bna"  # a zero-width space in a name: a warning, no error
    wb.save(path)
    r = CliRunner().invoke(main, ["check", str(path)])
    assert r.output.startswith("warning: Methuselahs!") and "1 problem, 0 errors" in r.output and r.exit_code == 1
    statuses = " ".join(README[README.index("Exit status, the same for every command"):].split("\n\n")[0].split())
    assert "check that found errors or warnings" in statuses
