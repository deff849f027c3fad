"""Numbers in a standings JSON of an archive (issue 24): every file is
parsed plainly, its numbers checked in one pass over its bytes; a number a
cell cannot hold, or a value where a number belongs that is not one, is
refused with the message ``archon convert`` gives, and the other files
still count."""

from __future__ import annotations

import json

import pytest

from archon.across.archive import read_archive
from archon.across.rating import results_frame

from test_archive_cache import event, write_json


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ARCHON_CACHE", "off")
    f = tmp_path / "events"
    f.mkdir()
    write_json(f / "good.json", event("2026-01-10", "January Cup"))
    return f


def _standings(folder) -> dict:
    return json.loads((folder / "good.json").read_text(encoding="utf-8"))


def _failed(folder, name: str, text: str):
    (folder / name).write_text(text, encoding="utf-8")
    read = read_archive([folder], processes=1)
    assert len(read.events) == 1, "the good file still counts"
    assert [f.path.name for f in read.failed] == [name]
    return read.failed[0].said


@pytest.mark.parametrize("written", ["NaN", "Infinity", "-Infinity", "1e400", "9007199254740993"])
def test_a_number_no_cell_can_hold_is_refused_naming_it(folder, written):
    text = json.dumps(_standings(folder)).replace('"vp": 5.0', f'"vp": {written}', 1)
    said = _failed(folder, "bad.json", text)
    assert said.id == "convert.json.not_a_number"
    assert said.fields["file"] == "bad.json" and said.fields["value"] == written


@pytest.mark.parametrize("value", [True, "5", [5], {"vp": 5}])
def test_a_seat_s_vp_that_is_not_a_number_is_refused_naming_the_field(folder, value):
    d = _standings(folder)
    d["rounds"][0]["tables"][0]["seats"][0]["vp"] = value
    said = _failed(folder, "bad.json", json.dumps(d))
    assert said.id == "convert.json.shape"
    assert said.fields["field"] == "rounds[0].tables[0].seats[0].vp"
    assert json.dumps(value) in str(said.fields["expected"])


@pytest.mark.parametrize("field, value", [("number", True), ("number", "3"), ("coin", "1"), ("coin", False)])
def test_a_player_s_number_hidden_in_a_text_or_a_bool_is_refused(folder, field, value):
    d = _standings(folder)
    d["players"][2][field] = value
    said = _failed(folder, "bad.json", json.dumps(d))
    assert said.id == "convert.json.shape" and said.fields["field"] == f"players[2].{field}"


def test_nan_or_a_long_number_written_in_a_text_is_read_as_text(folder):
    """The byte pass suspects them; the careful parse then reads the file as it is."""
    d = _standings(folder)
    d["event"]["name"] = "NaN Infinity Cup 12345678901234567890"
    d["event"]["date"] = "2026-02-14"  # another event than good.json
    (folder / "named.json").write_text(json.dumps(d), encoding="utf-8")
    read = read_archive([folder], processes=1)
    assert not read.failed and len(read.events) == 2
    frame = results_frame(read.events)
    named = frame[frame["event"] == "NaN Infinity Cup 12345678901234567890"]
    good = frame[frame["event"] == "January Cup"]
    assert list(named["rating_points"]) == list(good["rating_points"]) and len(named) == 10


def test_a_vekn_number_written_as_a_number_counts_as_that_member(folder):
    """The contract takes a VEKN number as text or as a number: 3000103 is member 3000103."""
    d = _standings(folder)
    d["players"] = [dict(p, vekn=int(p["vekn"])) for p in d["players"]]
    (folder / "good.json").write_text(json.dumps(d), encoding="utf-8")
    read = read_archive([folder], processes=1)
    assert not read.failed
    frame = results_frame(read.events)
    assert sorted(frame["vekn"]) == [f"30000{n:02d}" for n in range(1, 11)]
    assert frame["rated"].all()
