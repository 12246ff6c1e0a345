"""The index cache (issue 8): a start-up with unchanged sources loads the pickled index -- and the search
ranker pickled with it -- instead of parsing and building; a changed source, a new or removed user
ruleset, or a damaged cache file rebuilds it; what is loaded equals a fresh build."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebot import paths
from rulebot.corpus import loader
from rulebot.corpus.loader import load_index
from rulebot.search import Searcher, get_searcher, ranker_version
from rulebot.search.ranker import ClauseRanker

SHEET = "Spring cup rules\n\n1. Games are two halves of ten minutes.\n2. A minor penalty is two minutes.\n" \
        "3. Goalies may not cover the ball.\n"


CALLS: dict = {}


class CountingRanker(ClauseRanker):
    """A ClauseRanker that counts its builds (module level: it is pickled with the index)."""

    def __init__(self, index):
        CALLS["ranker"] += 1
        super().__init__(index)


@pytest.fixture
def counted(monkeypatch):
    """Count parses (``build_index``) and ranker builds in this process."""
    CALLS.clear()
    CALLS.update(parse=0, ranker=0)
    real_build = loader.build_index

    def build_index(*args, **kwargs):
        CALLS["parse"] += 1
        return real_build(*args, **kwargs)

    monkeypatch.setattr(loader, "build_index", build_index)
    CALLS["derived"] = {"ranker": (ranker_version(), CountingRanker)}
    return CALLS


def _cache_files() -> list[Path]:
    return sorted(paths.user_cache_dir().glob("index-*.pickle"))


def _user_ruleset(rid: str, text: str) -> Path:
    folder = paths.user_rulesets_dir() / rid
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.yaml").write_text(f"id: {rid}\ntitle: Spring Cup\n", encoding="utf-8")
    (folder / "source.txt").write_text(text, encoding="utf-8")
    return folder


def test_unchanged_sources_load_index_and_ranker_from_the_cache(counted):
    first = load_index(derived=counted["derived"])
    assert (counted["parse"], counted["ranker"]) == (1, 1)
    assert len(_cache_files()) == 1
    second = load_index(derived=counted["derived"])
    assert (counted["parse"], counted["ranker"]) == (1, 1), "the cache was not used"
    assert second is not first and second.clauses == first.clauses
    ranker = second.derived["ranker"]
    assert isinstance(ranker, ClauseRanker) and ranker.index is second  # one pickle, shared clauses
    assert ranker.docs[0] is second.clauses[ranker.docs[0].id]
    # a searcher over the loaded index takes that ranker and ranks as a fresh one does
    searcher = Searcher(second)
    assert searcher.ranker is ranker
    fresh = Searcher(load_index(use_cache=False))
    for q in ("how long is a minor penalty", "goalie covers the puck", "spearing"):
        assert [(h.clause.id, round(h.score, 9)) for h in searcher.search(q)] == \
               [(h.clause.id, round(h.score, 9)) for h in fresh.search(q)]


def test_index_only_callers_keep_the_cached_ranker(counted):
    load_index()  # e.g. `rulebot rule`: no ranker asked for
    assert counted["ranker"] == 0
    load_index(derived=counted["derived"])  # the first search builds it once and rewrites the cache
    load_index()
    assert load_index(derived=counted["derived"]).derived["ranker"] is not None
    assert (counted["parse"], counted["ranker"]) == (1, 1)


def test_a_changed_source_rebuilds(counted):
    folder = _user_ruleset("spring-cup", SHEET)
    a = load_index(derived=counted["derived"])
    assert "spring-cup" in a.rulesets and counted["parse"] == 1
    (folder / "source.txt").write_text(SHEET.replace("ten minutes", "twelve minutes"), encoding="utf-8")
    b = load_index(derived=counted["derived"])
    assert (counted["parse"], counted["ranker"]) == (2, 2)
    assert "twelve minutes" in b.sources["spring-cup"]
    assert any("twelve" in h.clause.text for h in Searcher(b).search("how long are games", "spring-cup"))
    assert len(_cache_files()) == 1, "the stale cache file is removed"
    (folder / "ruleset.yaml").write_text("id: spring-cup\ntitle: Spring Cup 2025\n", encoding="utf-8")
    c = load_index(derived=counted["derived"])
    assert counted["parse"] == 3 and c.rulesets["spring-cup"].title == "Spring Cup 2025"


def test_added_and_removed_user_rulesets_rebuild(counted):
    load_index()
    folder = _user_ruleset("spring-cup", SHEET)
    assert "spring-cup" in load_index().rulesets and counted["parse"] == 2
    (folder / "source.txt").unlink()
    (folder / "ruleset.yaml").unlink()
    folder.rmdir()
    assert "spring-cup" not in load_index().rulesets and counted["parse"] == 3


def test_a_changed_ranker_version_rebuilds_only_the_ranker(counted):
    load_index(derived=counted["derived"])
    build = counted["derived"]["ranker"][1]
    index = load_index(derived={"ranker": ("another-version", build)})
    assert (counted["parse"], counted["ranker"]) == (1, 2)
    assert index.derived["ranker"].index is index


@pytest.mark.parametrize("damage", [b"", b"not a pickle", b"\x80\x05garbage"])
def test_a_damaged_cache_is_rebuilt(counted, damage):
    load_index()
    (cache,) = _cache_files()
    cache.write_bytes(damage)
    index = load_index()
    assert counted["parse"] == 2 and "rha" in index.rulesets
    assert cache.read_bytes() != damage


def test_no_cache_env_always_parses(counted, monkeypatch):
    monkeypatch.setenv("RULEBOT_NO_CACHE", "1")
    load_index(derived=counted["derived"])
    index = load_index(derived=counted["derived"])
    assert (counted["parse"], counted["ranker"]) == (2, 2)
    assert _cache_files() == [] and isinstance(index.derived["ranker"], ClauseRanker)


def test_changing_the_index_drops_its_derived_structures():
    index = load_index(derived={"ranker": (ranker_version(), ClauseRanker)})
    assert "ranker" in index.derived
    index.remove("youth-cup")
    assert index.derived == {}
    assert Searcher(index).ranker is not None


def test_get_searcher_uses_the_cached_ranker(counted, monkeypatch):
    import rulebot.search as search

    monkeypatch.setattr(search, "ClauseRanker", counted["derived"]["ranker"][1])
    get_searcher.cache_clear()
    try:
        get_searcher()
        get_searcher.cache_clear()
        s = get_searcher()
        assert counted["ranker"] == 1 and s.ranker is s.index.derived["ranker"]
    finally:
        get_searcher.cache_clear()


def test_a_process_killed_while_writing_the_cache_leaves_nothing_half_written(counted):
    """The cache is written to a temporary file and renamed: a writer killed half-way leaves no
    ``index-*.pickle`` behind, and the next start builds and writes a whole one."""
    import signal
    import subprocess
    import sys

    script = (
        "import os, pickle, signal\n"
        "def dump(obj, fh, protocol=None):\n"
        "    data = pickle.dumps(obj, protocol=protocol)\n"
        "    fh.write(data[: len(data) // 2]); fh.flush()\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "pickle.dump = dump\n"
        "from rulebot.search import get_searcher\n"
        "get_searcher()\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=180)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert _cache_files() == []
    assert list(paths.user_cache_dir().glob("index-*.tmp*")), "the child did get to write"
    index = load_index(derived=counted["derived"])
    assert (counted["parse"], counted["ranker"]) == (1, 1) and "rha" in index.rulesets
    assert len(_cache_files()) == 1
    assert load_index(derived=counted["derived"]).derived["ranker"] is not None
    assert (counted["parse"], counted["ranker"]) == (1, 1)


def test_a_ranker_read_from_the_cache_never_replaces_the_synonym_list():
    # a stale cached ranker (an older synonym list) is rebuilt; reading it must not make its list the
    # one the rebuild uses
    import pickle

    from rulebot.search import get_searcher
    from rulebot.search.text import Synonyms, _read_synonyms, load_synonyms

    ranker = get_searcher().ranker
    assert load_synonyms().groups == _read_synonyms().groups
    stale = pickle.loads(pickle.dumps(ranker))
    stale.synonyms = Synonyms([["old", "stale"]])
    pickle.loads(pickle.dumps(stale))
    assert load_synonyms().groups == _read_synonyms().groups


def test_a_ranker_cached_by_other_code_is_rebuilt_not_used():
    # a cache written before an upgrade holds a ranker built by the old code; a Searcher over that index
    # (the app's, the benchmarks') builds its own rather than rank with it
    index = load_index(use_cache=False)
    stale = ClauseRanker(index)
    stale.built_by = "older code"
    index.derived["ranker"] = stale
    assert Searcher(index).ranker is not stale
    fresh = ClauseRanker(index)
    assert fresh.built_by == ranker_version()
    index.derived["ranker"] = fresh
    assert Searcher(index).ranker is fresh
