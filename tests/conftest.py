"""Shared fixtures.

The official Archon files are third-party: tests read them from
``../shared/archon/`` beside the repository, or from the folder named by the
``ARCHON_OFFICIAL_DIR`` environment variable, and skip (saying where to put
them) when they are absent.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from hypothesis import settings as _hypothesis_settings

# No property test may fail because a loaded machine ran one example slowly
# (hypothesis' default deadline is 200 ms per example): speed lives in benchmarks/.
_hypothesis_settings.register_profile("archon", deadline=None)
_hypothesis_settings.load_profile("archon")

REPO = Path(__file__).resolve().parent.parent

# Tests live in a folder per layer (rules, seating, eventday, formats, reports,
# shells, e2e) and share their event builders ('from test_eventday import
# winter_cup'): every folder is importable, whichever tests a run collects.
for _folder in sorted(Path(__file__).resolve().parent.iterdir()):
    if _folder.is_dir() and _folder.name[0] not in "._" and str(_folder) not in sys.path:
        sys.path.append(str(_folder))
OFFICIAL_NAMES = {
    "xlsx": "thearchon-1.5l.xlsx",
    "ods": "thearchon-1.5l.ods",
    "google": "thearchon-1.5l-googlesheets.xlsx",
}


def without_folders(text: str, *args) -> str:
    """``text`` with every path among ``args`` cut to its file name: a test that
    checks a word is NOT said must not trip over its own temporary folder
    (pytest names it after the test: test_a_tie_for_... holds "tie")."""
    for a in args:
        if isinstance(a, Path) and a.name:
            text = text.replace(str(a), a.name)
    return text


def official_dir_path() -> Path:
    env = os.environ.get("ARCHON_OFFICIAL_DIR")
    return Path(env) if env else REPO.parent / "shared" / "archon"


def official_missing(kind: str = "xlsx") -> str:
    """What to do when an official Archon file is absent (tests skip with it,
    benchmarks print it)."""
    return (f"official Archon file {OFFICIAL_NAMES[kind]} not found: put the official v1.5l files in "
            f"{official_dir_path()} or set ARCHON_OFFICIAL_DIR to the folder that holds them")


def official_file(kind: str = "xlsx") -> Path:
    """Path of an official Archon v1.5l file, or skip the test saying where to put it."""
    path = official_dir_path() / OFFICIAL_NAMES[kind]
    if not path.is_file():
        pytest.skip(official_missing(kind))
    return path


@pytest.fixture
def official_dir() -> Path:
    d = official_dir_path()
    if not all((d / n).is_file() for n in OFFICIAL_NAMES.values()):
        pytest.skip(
            f"official Archon files not found in {d}: put thearchon-1.5l.xlsx, .ods and "
            f"-googlesheets.xlsx there or set ARCHON_OFFICIAL_DIR"
        )
    return d


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    """A cache folder of the test's own (``ARCHON_CACHE_DIR``), the caches on."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("ARCHON_CACHE_DIR", str(folder))
    monkeypatch.delenv("ARCHON_CACHE", raising=False)
    return folder


@pytest.fixture
def official_xlsx(tmp_path) -> Path:
    """A private copy of the official Excel edition, safe to modify (writable even
    when the shared file is read-only: archon refuses to write a read-only workbook)."""
    src = official_file("xlsx")
    dst = tmp_path / "event.xlsx"
    shutil.copyfile(src, dst)
    return dst


def soffice_path() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


def recalculated(binary: str, path: Path, tmp_path: Path) -> Path:
    """``path`` opened, recalculated and saved as xlsx by LibreOffice headless
    (a private profile, so tests may run at once); the copy's path."""
    out = tmp_path / "recalculated"
    profile = tmp_path / f"lo-profile-{uuid.uuid4().hex}"
    proc = subprocess.run(
        [binary, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
         "--convert-to", "xlsx", "--outdir", str(out), str(path)],
        capture_output=True, text=True, timeout=600,
    )
    shutil.rmtree(profile, ignore_errors=True)
    converted = out / path.name
    assert converted.is_file(), f"LibreOffice could not open {path}: {proc.stderr[-2000:]}"
    return converted


@pytest.fixture
def soffice() -> str:
    """The LibreOffice binary, or skip (CI installs libreoffice-calc)."""
    path = soffice_path()
    if not path:
        pytest.skip("LibreOffice (soffice) not installed: apt-get install libreoffice-calc")
    return path


@pytest.fixture(autouse=True, scope="session")
def archive_cache_of_the_session(tmp_path_factory):
    """Reading an archive keeps each file's results in the user's cache
    folder (archon.across.cache): tests keep theirs in a folder of the
    session's own, never the user's."""
    os.environ["ARCHON_CACHE_DIR"] = str(tmp_path_factory.mktemp("archon-cache"))
    yield


@pytest.fixture(autouse=True, scope="session")
def quiet_sign_of_life():
    """A command that takes over a second says "working on FILE..." (or shows a
    progress bar: "seating 2000 players") on standard
    error, and CliRunner mixes that into ``output``: on a loaded machine a test
    would see a line that an idle one does not (a path with "tie" in it failed a
    CI run once). Tests get the idle machine's output; the test of the sign of
    life itself sets the delay it needs. Session-wide, so that module fixtures
    (a whole event run once for a test file) are covered too."""
    from archon.cli import progress

    progress.SIGN_OF_LIFE_AFTER = 3600
    yield
