"""Scale: rulebot on a hundred rulebooks, side by side with bm25s on the same documents (issue 8).

The corpus is the five embedded seeds plus 95 variants of them written as user rulesets into a
temporary data directory (nothing is committed): each variant is renumbered (RHA rules moved by a
hundred, FIRS chapters by ten, sheet items by a constant) and reworded (hockey words swapped for
synonyms, one consistent choice per variant), so the index holds a hundred different rulebooks.

Measured, for rulebot and for bm25s (``bm25s.BM25`` over the same searchable clauses: title, the
titles above it and its text; Snowball-stemmed, English stop words):

- index build: parse + ranker (rulebot), tokenise + index (bm25s), seconds;
- size on disk: the pickle cache in the user cache directory (rulebot), ``BM25.save`` folder (bm25s);
- size in memory: ``tracemalloc`` peak while loading the cached index and making a searcher (a second
  load: timings are taken without tracemalloc);
- query latency: ``Searcher.search`` and ``Searcher.ask`` (rulebot), tokenise + ``retrieve`` k=10
  (bm25s), median and 99th percentile over 300 queries after a warm-up;
- start-up: wall time of a fresh ``python`` process answering one question from the warm cache
  (``rulebot ask --json``; for bm25s: import, ``BM25.load``, one query).

Usage: python benchmarks/bench_scale.py [--books 100] [--queries 300]
Needs bm25s (``pip install -e '.[bench]'``).  Timings depend on the machine; run it by hand.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from bench_speed import QUERIES as SPEED_QUERIES  # benchmarks/ is on the path when run as a script

QUERIES = SPEED_QUERIES + [
    "what's the signal for tripping",
    "can the goalkeeper play the ball above the shoulders", "how many players dress for a game",
    "who measures a stick", "face-off after an offside", "injured player substitution",
]

# One consistent replacement per variant: word -> candidates (lower case; capitalised forms follow).
SYNONYMS = {
    "goalkeeper": ["goalie", "netminder", "keeper"], "goalie": ["goalkeeper", "netminder"],
    "puck": ["disc", "biscuit"], "ball": ["orb", "sphere"], "referee": ["official", "umpire", "arbiter"],
    "player": ["skater", "athlete", "participant"], "players": ["skaters", "athletes", "participants"],
    "team": ["side", "club", "squad"], "teams": ["sides", "clubs", "squads"], "penalty": ["sanction", "infraction"],
    "minutes": ["mins", "minute periods"], "game": ["match", "contest"], "games": ["matches", "contests"],
    "stick": ["cane", "blade"], "rink": ["arena", "surface"], "bench": ["box", "pew"], "shall": ["must", "will"],
    "goal": ["score", "tally"], "official": ["referee", "arbiter"], "period": ["half", "session"],
    "coach": ["manager", "trainer"], "crease": ["area", "zone"], "boards": ["walls", "barriers"],
    "tournament": ["competition", "event"], "league": ["association", "circuit"],
}
SEEDS = ("firs-2017", "rha", "ball-hockey", "youth-cup", "challenge-cup-u9")


def _reword(text: str, rng: random.Random) -> str:
    choice = {w: rng.choice(c) for w, c in SYNONYMS.items() if rng.random() < 0.7}
    if not choice:
        return text
    pat = re.compile(r"\b(" + "|".join(map(re.escape, sorted(choice, key=len, reverse=True))) + r")\b",
                     re.IGNORECASE)

    def sub(m: re.Match[str]) -> str:
        word = m.group(0)
        new = choice[word.lower()]
        if word.isupper():
            return new.upper()
        if word[0].isupper():
            return new[0].upper() + new[1:]
        return new

    return pat.sub(sub, text)


def _renumber(seed: str, text: str, k: int) -> str:
    if seed == "rha":  # RULE 605 -> RULE 705 (a book's rules stay three-digit)
        shift = 100 * (k % 2 + 1)
        text = re.sub(r"\b(RULE|Rules?)\s+(\d)(\d\d)\b",
                      lambda m: f"{m.group(1)} {int(m.group(2)) + shift // 100}{m.group(3)}"
                      if int(m.group(2)) + shift // 100 <= 9 else m.group(0), text)
        return text
    if seed == "firs-2017":  # 6.4.21 -> 16.4.21 (contents and body alike)
        return re.sub(r"(?<![\d.])(\d{1,2})((?:\.\d+)+)(?=[\s,;:)]|$)", lambda m: f"{int(m.group(1)) + 10}{m.group(2)}",
                      text, flags=re.M)
    if seed in ("ball-hockey", "youth-cup"):  # "23." -> "123."
        return re.sub(r"^(\s*)(\d{1,2})([A-Z]?[.)]\s)", lambda m: f"{m.group(1)}{int(m.group(2)) + 100}{m.group(3)}",
                      text, flags=re.M)
    return text


def build_corpus(data_dir: Path, books: int) -> list[str]:
    """Write ``books - 5`` variant rulesets under ``data_dir/rulesets``; return their ids."""
    from rulebot.paths import corpus_root

    import yaml

    rng = random.Random(8)
    root = data_dir / "rulesets"
    root.mkdir(parents=True, exist_ok=True)
    ids = []
    for k in range(books - len(SEEDS)):
        seed = SEEDS[k % len(SEEDS)]
        src = corpus_root().joinpath(seed)
        meta = yaml.safe_load(src.joinpath("ruleset.yaml").read_text(encoding="utf-8"))
        text = src.joinpath("source.txt").read_text(encoding="utf-8")
        text = _reword(_renumber(seed, text, k), rng)
        rid = f"{seed}-v{k + 1}"
        folder = root / rid
        folder.mkdir()
        (folder / "source.txt").write_text(text, encoding="utf-8")
        meta.update(id=rid, title=f"{meta['title']} (variant {k + 1})", short_name=f"V{k + 1}", aliases=[])
        (folder / "ruleset.yaml").write_text(yaml.safe_dump(meta, sort_keys=False), encoding="utf-8")
        ids.append(rid)
    return ids


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def dir_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def bench_rulebot(queries: list[str]) -> dict:
    from rulebot.corpus import load_index
    from rulebot.paths import user_cache_dir
    from rulebot.search import Searcher, get_searcher

    t = time.perf_counter()
    index = load_index(use_cache=False)
    parse = time.perf_counter() - t
    t = time.perf_counter()
    Searcher(index)
    ranker = time.perf_counter() - t
    get_searcher()  # writes the cache (index and, when it caches it, the ranker)
    get_searcher.cache_clear()
    disk = sum(f.stat().st_size for f in user_cache_dir().glob("index-*.pickle"))
    t = time.perf_counter()
    searcher = get_searcher()
    load = time.perf_counter() - t
    get_searcher.cache_clear()
    tracemalloc.start()
    get_searcher()
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    for q in queries[:20]:
        searcher.ask(q)
    search_lat, ask_lat = [], []
    for q in queries:
        t = time.perf_counter()
        searcher.search(q)
        search_lat.append(time.perf_counter() - t)
        t = time.perf_counter()
        searcher.ask(q)
        ask_lat.append(time.perf_counter() - t)
    walls = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "rulebot", "ask", "how long is a minor penalty", "--json"],
                       capture_output=True, check=True)
        walls.append(time.perf_counter() - t)
    return {
        "docs": len(searcher.ranker.docs), "clauses": len(index.clauses), "rulesets": len(index.rulesets),
        "build": parse + ranker, "build_detail": f"parse {parse:.2f} s + ranker {ranker:.2f} s",
        "disk": disk, "memory": peak, "load": load,
        "search_median": statistics.median(search_lat), "search_p99": pct(search_lat, 0.99),
        "ask_median": statistics.median(ask_lat), "ask_p99": pct(ask_lat, 0.99),
        "startup": statistics.median(walls), "index": index, "searcher": searcher,
    }


def bench_bm25s(index, searcher, queries: list[str], workdir: Path) -> dict:
    import bm25s
    import snowballstemmer

    stemmer = snowballstemmer.stemmer("english")
    docs = []
    for clause in searcher.ranker.docs:
        context = " ".join(a.title for a in index.ancestors(clause)[:2] if a.title)
        docs.append(f"{clause.title} {context} {clause.text}")
    t = time.perf_counter()
    tokens = bm25s.tokenize(docs, stopwords="en", stemmer=stemmer.stemWords, show_progress=False)
    retriever = bm25s.BM25()
    retriever.index(tokens, show_progress=False)
    build = time.perf_counter() - t
    save = workdir / "bm25s-index"
    retriever.save(str(save), show_progress=False)
    disk = dir_size(save)
    t = time.perf_counter()
    loaded = bm25s.BM25.load(str(save))
    load = time.perf_counter() - t
    tracemalloc.start()
    bm25s.BM25.load(str(save))
    _cur, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    def query(q: str):
        qt = bm25s.tokenize([q], stopwords="en", stemmer=stemmer.stemWords, show_progress=False)
        if not qt.vocab:
            return None
        return loaded.retrieve(qt, k=10, show_progress=False, n_threads=0)

    for q in queries[:20]:
        query(q)
    lat = []
    for q in queries:
        t = time.perf_counter()
        query(q)
        lat.append(time.perf_counter() - t)
    script = ("import bm25s, snowballstemmer; s = snowballstemmer.stemmer('english'); "
              f"r = bm25s.BM25.load({str(save)!r}); "
              "q = bm25s.tokenize(['how long is a minor penalty'], stopwords='en', stemmer=s.stemWords, "
              "show_progress=False); r.retrieve(q, k=10, show_progress=False)")
    walls = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", script], capture_output=True, check=True)
        walls.append(time.perf_counter() - t)
    return {"build": build, "disk": disk, "memory": peak, "load": load,
            "search_median": statistics.median(lat), "search_p99": pct(lat, 0.99),
            "startup": statistics.median(walls)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--books", type=int, default=100)
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--keep", action="store_true", help="keep the temporary corpus and print where it is")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="rulebot-scale-"))
    os.environ["RULEBOT_DATA_DIR"] = str(work / "data")
    os.environ["RULEBOT_CACHE_DIR"] = str(work / "cache")
    os.environ.pop("RULEBOT_NO_CACHE", None)
    try:
        build_corpus(work / "data", args.books)
        rng = random.Random(1)
        queries = [rng.choice(QUERIES) + rng.choice(["", " in RHA", " under FIRS", " ball hockey", "?"])
                   for _ in range(args.queries)]
        rb = bench_rulebot(queries)
        bm = bench_bm25s(rb["index"], rb["searcher"], queries, work)
        print(f"corpus: {rb['rulesets']} rulebooks, {rb['clauses']} clauses, {rb['docs']} searchable")
        print(f"{'':28}{'rulebot':>22}{'bm25s':>14}")
        rows = [
            ("index build", f"{rb['build']:.2f} s", f"{bm['build']:.2f} s"),
            ("  (rulebot: parse + ranker)", rb["build_detail"], ""),
            ("index on disk", mb(rb["disk"]), mb(bm["disk"])),
            ("memory (load, peak)", mb(rb["memory"]), mb(bm["memory"])),
            ("load from cache (+ searcher)", ms(rb["load"]), ms(bm["load"])),
            ("search median", ms(rb["search_median"]), ms(bm["search_median"])),
            ("search p99", ms(rb["search_p99"]), ms(bm["search_p99"])),
            ("ask median (answer incl.)", ms(rb["ask_median"]), "-"),
            ("ask p99", ms(rb["ask_p99"]), "-"),
            ("start-up + 1 query (wall)", ms(rb["startup"]), ms(bm["startup"])),
        ]
        for name, a, b in rows:
            print(f"{name:28}{a:>22}{b:>14}")
    finally:
        if args.keep:
            print(f"corpus kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
