"""Ranking quality and latency: rulebot against plain BM25 (bm25s) and SQLite FTS5 on the same clauses.

Usage: python benchmarks/bench_quality.py [QUESTIONS.yaml]   (default ../shared/eval/dev.yaml)

A question is hit at rank r when the r-th clause returned is in the gold ruleset and contains the gold
quote (normalised as in ../shared/eval/FORMAT.md).  All three systems see the same documents (each
clause's title and own text) and the same ruleset filter; the baselines get the raw question.
"""

from __future__ import annotations

import re
import sqlite3
import statistics
import sys
import time
import unicodedata
from pathlib import Path

import yaml

K = 5


def norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", unicodedata.normalize("NFKC", text or "").lower()).strip()


def rank_of(item: dict, clauses: list) -> int | None:
    for r, c in enumerate(clauses[:K], 1):
        for g in item["gold"]:
            if c.ruleset == g["ruleset"] and norm(g["quote"]) in norm(c.text):
                return r
    return None


class Bm25Baseline:
    """Plain BM25 (bm25s, English stop words, no stemming, no synonyms)."""

    name = "bm25s"

    def __init__(self, docs: list) -> None:
        import bm25s

        self.bm25s = bm25s
        self.docs = docs
        corpus = [f"{c.title} {c.text}" for c in docs]
        self.model = bm25s.BM25()
        self.model.index(bm25s.tokenize(corpus, stopwords="en", show_progress=False), show_progress=False)

    def search(self, query: str, ruleset: str | None) -> list:
        tokens = self.bm25s.tokenize([query], stopwords="en", show_progress=False)
        n = len(self.docs)
        results, _scores = self.model.retrieve(tokens, k=min(n, 300), show_progress=False)
        out = [self.docs[i] for i in results[0]]
        return [c for c in out if ruleset is None or c.ruleset == ruleset][:K]


class Fts5Baseline:
    """SQLite FTS5 with its bm25() ranking (porter tokenizer), terms joined with OR."""

    name = "sqlite-fts5"

    def __init__(self, docs: list) -> None:
        self.docs = docs
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE c USING fts5(ruleset UNINDEXED, title, text, "
                        "tokenize='porter unicode61')")
        self.db.executemany("INSERT INTO c(rowid, ruleset, title, text) VALUES (?, ?, ?, ?)",
                            [(i, c.ruleset, c.title, c.text) for i, c in enumerate(docs)])

    def search(self, query: str, ruleset: str | None) -> list:
        words = re.findall(r"[a-z0-9]+", query.lower())
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        sql = "SELECT rowid FROM c WHERE c MATCH ?"
        args: list = [match]
        if ruleset:
            sql += " AND ruleset = ?"
            args.append(ruleset)
        sql += " ORDER BY bm25(c) LIMIT ?"
        args.append(K)
        return [self.docs[r[0]] for r in self.db.execute(sql, args)]


class Rulebot:
    name = "rulebot"

    def __init__(self, index) -> None:
        from rulebot.search import Searcher

        self.searcher = Searcher(index)
        self.index = index

    def forget(self) -> None:
        self.searcher.forget_questions()

    def search(self, query: str, ruleset: str | None) -> list:
        answer = self.searcher.ask(query, ruleset, K)
        cites = answer.citations or answer.see_also
        return [self.index.get(c.clause_id) for c in cites]


def main() -> None:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parents[1] / "../shared/eval/dev.yaml")
    items = yaml.safe_load(path.read_text())
    from rulebot.corpus import load_index
    from rulebot.search.ranker import SEARCHABLE_KINDS

    index = load_index()
    docs = [c for c in index.all_clauses() if c.kind in SEARCHABLE_KINDS and c.text]
    systems = [Rulebot(index), Bm25Baseline(docs), Fts5Baseline(docs)]
    print(f"{path.name}: {len(items)} questions, {len(docs)} clauses\n")
    print(f"{'system':12} {'hit@1':>6} {'hit@3':>6} {'MRR@5':>6} {'median ms':>10} {'p99 ms':>8}")
    for system in systems:
        # one untimed pass first: one-time costs (lazy imports of the penalty and signal indexes, the
        # stemmer, per-ruleset caches; 20-30 ms once per process) belong to start-up, which
        # bench_speed.py measures as `rulebot ask` wall time; the timings below are per query
        for it in items:
            system.search(it["question"], it.get("ruleset"))
        ranks, lat = [], []
        for it in items:
            # each question timed as if asked for the first time: what rulebot kept of it in the untimed
            # pass (its reading, terms, expansions) is dropped; what it keeps of the clauses stays
            getattr(system, "forget", lambda: None)()
            t = time.perf_counter()
            clauses = system.search(it["question"], it.get("ruleset"))
            lat.append((time.perf_counter() - t) * 1000)
            ranks.append(rank_of(it, clauses))
        n = len(items)
        h1 = sum(r == 1 for r in ranks) / n
        h3 = sum(r is not None and r <= 3 for r in ranks) / n
        mrr = sum(1 / r for r in ranks if r) / n
        lat.sort()
        p99 = lat[min(n - 1, int(n * 0.99))]
        print(f"{system.name:12} {h1:6.3f} {h3:6.3f} {mrr:6.3f} {statistics.median(lat):10.2f} {p99:8.2f}")


if __name__ == "__main__":
    main()
