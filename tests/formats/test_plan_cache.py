"""The plans file in the user's cache folder (:mod:`archon.formats.plan_cache`):
what is kept is found again by a later process, a damaged value is a
miss, the file keeps the newest plans only, and it can be turned off."""

from __future__ import annotations

import sqlite3

from archon.formats import plan_cache
from archon.formats.plan_cache import PLANS_FILE, PlanCache, open_plan_cache

PLAN = [[[1, 2, 3, 4, 5], [6, 7, 8, 9]], [[9, 1, 6, 2, 3], [4, 5, 7, 8]]]


def test_a_plan_kept_is_found_by_the_next_process_and_only_under_its_key(tmp_path):
    store = PlanCache(tmp_path)
    store.remember("request a", PLAN)
    store.close()
    later = PlanCache(tmp_path)  # a new process: a new store on the same folder
    assert later.lookup("request a") == PLAN
    assert later.lookup("request b") is None


def test_a_damaged_value_is_a_miss(tmp_path):
    store = PlanCache(tmp_path)
    store.remember("request a", PLAN)
    store.close()
    with sqlite3.connect(tmp_path / PLANS_FILE) as db:
        [(key, value)] = db.execute("SELECT key, value FROM plans_1").fetchall()
        at = value.rindex(b"8")
        damaged = value[:at] + b"7" + value[at + 1:]  # player 8 read as 7: still JSON, the CRC fails
        db.execute("UPDATE plans_1 SET value = ? WHERE key = ?", (damaged, key))
    assert PlanCache(tmp_path).lookup("request a") is None


def test_a_value_found_under_another_key_is_a_miss(tmp_path):
    store = PlanCache(tmp_path)
    store.remember("request a", PLAN)
    store.remember("request b", [PLAN[0]])
    store.close()
    a_key, b_key = (store._key(k) for k in ("request a", "request b"))
    with sqlite3.connect(tmp_path / PLANS_FILE) as db:
        [(a_value,)] = db.execute("SELECT value FROM plans_1 WHERE key = ?", (a_key,)).fetchall()
        db.execute("UPDATE plans_1 SET value = ? WHERE key = ?", (a_value, b_key))  # a value under another key
    assert PlanCache(tmp_path).lookup("request b") is None
    assert PlanCache(tmp_path).lookup("request a") == PLAN


def test_plans_of_other_seating_code_are_not_found(tmp_path, monkeypatch):
    store = PlanCache(tmp_path)
    store.remember("request a", PLAN)
    store.close()
    monkeypatch.setattr(plan_cache, "seating_code", lambda: "another search")
    assert PlanCache(tmp_path).lookup("request a") is None


def test_only_the_newest_plans_are_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(plan_cache, "KEPT", 3)
    for k in range(5):
        store = PlanCache(tmp_path)
        store.remember(f"request {k}", PLAN)
        store.close()
    store = PlanCache(tmp_path)
    assert [store.lookup(f"request {k}") is not None for k in range(5)] == [False, False, True, True, True]


def test_archon_cache_off_keeps_no_plan(tmp_path, monkeypatch):
    monkeypatch.setenv("ARCHON_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("ARCHON_CACHE", "off")
    assert open_plan_cache() is None
    monkeypatch.setenv("ARCHON_CACHE", "on")
    assert isinstance(open_plan_cache(), PlanCache)
