"""The disk cache of derived indexes (penalties, signals, signal vocabulary)."""

from __future__ import annotations

from rulebot import derived, penalties
from rulebot.corpus import load_index
from rulebot.paths import user_cache_dir


def test_cached_value_is_reused_from_disk(monkeypatch):
    calls = []

    def build():
        calls.append(1)
        return {"x": 1}

    assert derived.cached("unit-test", "k1", build) == {"x": 1}
    derived._MEMORY.clear()
    assert derived.cached("unit-test", "k1", build) == {"x": 1}
    assert len(calls) == 1
    assert (user_cache_dir() / "unit-test-k1.pickle").is_file()
    # a new key replaces the old file
    derived._MEMORY.clear()
    derived.cached("unit-test", "k2", build)
    assert len(calls) == 2
    assert not (user_cache_dir() / "unit-test-k1.pickle").exists()


def test_damaged_cache_is_rebuilt():
    (user_cache_dir() / "unit-test-k9.pickle").write_bytes(b"not a pickle")
    derived._MEMORY.clear()
    assert derived.cached("unit-test", "k9", lambda: 42) == 42


def test_no_cache_env_skips_the_disk(monkeypatch):
    monkeypatch.setenv("RULEBOT_NO_CACHE", "1")
    derived._MEMORY.clear()
    assert derived.cached("unit-test", "k3", lambda: 7) == 7
    assert not (user_cache_dir() / "unit-test-k3.pickle").exists()


def test_penalties_from_cache_equal_a_fresh_build():
    index = load_index()
    first = [i.to_json() for i in penalties.infractions(index)]
    derived._MEMORY.clear()
    again = [i.to_json() for i in penalties.infractions(index)]
    fresh = [i.to_json() for _c, infs, _t in penalties._build_all(index).values() for i in infs]
    assert first == again == fresh
    assert derived.index_fingerprint(index) == derived.index_fingerprint(index)
