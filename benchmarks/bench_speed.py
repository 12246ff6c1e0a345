"""Speed of the clause index and search: build, load, query latency, CLI start-up.

Usage: python benchmarks/bench_speed.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

QUERIES = [
    "how long is a minor penalty", "goalie covers the puck in the crease", "penalty shot procedure",
    "too many men on the floor", "what is a power play", "spearing attempt", "high sticking above shoulders",
    "time out length", "tie game overtime shootout", "coach leaves bench to argue", "6.4.21 C",
    "rule 605", "RHA 402", "game misconduct for fighting", "delayed penalty goal scored",
    "broken stick replacement", "checking from behind into the boards", "forfeit refuse to start",
    "slap shot past half", "U9 penalty sit out next shift",
]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="rulebot-bench-") as cache:
        os.environ["RULEBOT_CACHE_DIR"] = cache
        measure()


def measure() -> None:
    """Print build, load, ranker and per-ask timings on the embedded corpus (cache in ``RULEBOT_CACHE_DIR``)."""
    from rulebot.corpus import load_index
    from rulebot.search import Searcher

    t = time.perf_counter()
    index = load_index(use_cache=False)
    build = time.perf_counter() - t
    load_index()  # writes the cache
    t = time.perf_counter()
    index = load_index()
    cached = time.perf_counter() - t
    t = time.perf_counter()
    searcher = Searcher(index)
    ranker = time.perf_counter() - t
    for q in QUERIES:  # one-time caches (stemmer, synonyms, penalty and signal indexes) out of the timings
        searcher.ask(q)
    # every timed question as if asked for the first time (see Searcher.forget_questions)
    searcher.forget_questions()
    t = time.perf_counter()
    searcher.ask("how long is a minor penalty", "rha")
    one = time.perf_counter() - t
    lat = []
    batch = (QUERIES * 5)[:100]
    t0 = time.perf_counter()
    for q in batch:
        searcher.forget_questions()
        t = time.perf_counter()
        searcher.ask(q)
        lat.append(time.perf_counter() - t)
    total = time.perf_counter() - t0
    lat.sort()
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]

    walls = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "rulebot", "ask", "how long is a minor penalty", "--ruleset", "rha",
                        "--json"], capture_output=True, check=True)
        walls.append(time.perf_counter() - t)

    print(f"clauses: {len(index.clauses)} in {len(index.rulesets)} rulesets")
    print(f"index build (parse 5 rulebooks):  {ms(build)}")
    print(f"index load from cache:            {ms(cached)}")
    print(f"ranker build:                     {ms(ranker)}")
    print(f"one ask:                          {ms(one)}")
    print(f"100 asks:                         {ms(total)}  (median {ms(statistics.median(lat)).strip()}, "
          f"p99 {ms(p99).strip()})")
    print(f"`rulebot ask` wall, start-up incl: median {ms(statistics.median(walls)).strip()} over 5 runs")


if __name__ == "__main__":
    main()
