"""Where archon keeps the user's card list and its archive cache: each system's
own convention, or the folder the user named."""

from pathlib import Path

import pytest

from archon.formats.user_folders import CACHE, DATA, user_folder


@pytest.fixture
def home(tmp_path, monkeypatch):
    for name in ("ARCHON_DATA_DIR", "ARCHON_CACHE_DIR", "XDG_DATA_HOME", "XDG_CACHE_HOME", "APPDATA", "LOCALAPPDATA"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    return tmp_path


@pytest.mark.parametrize("platform, data, cache", [
    ("linux", ".local/share/archon", ".cache/archon"),
    ("darwin", "Library/Application Support/archon", "Library/Caches/archon"),
    ("win32", "AppData/Roaming/archon", "AppData/Local/archon/Cache"),
])
def test_each_system_keeps_its_own_convention(home, monkeypatch, platform, data, cache):
    monkeypatch.setattr("sys.platform", platform)
    assert user_folder(DATA) == home / data
    assert user_folder(CACHE) == home / cache


def test_the_users_own_folders_come_first(home, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
    assert user_folder(CACHE) == tmp_path / "xdg-cache" / "archon"
    assert user_folder(DATA) == home / ".local/share/archon"
    monkeypatch.setenv("ARCHON_CACHE_DIR", str(tmp_path / "mine"))
    assert user_folder(CACHE) == tmp_path / "mine"
    monkeypatch.setattr("sys.platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    assert user_folder(DATA) == tmp_path / "Roaming" / "archon"
