#!/usr/bin/env python3
"""Signal search quality, run by hand: hit@1 / hit@3 / MRR@5 of ``rulebot.signals.search_signals``
on paraphrase sets (YAML lists of ``{paraphrase, name}``), misses listed.

usage: python benchmarks/signal_search.py [SET.yaml ...]
       (default: tests/data/signal_paraphrases.yaml; the scoring dev set is
       ../shared/eval/dev-signals.yaml)
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import yaml

from rulebot.corpus import load_index
from rulebot.signals import load_signals, search_signals

ROOT = Path(__file__).resolve().parents[1]


def key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def main(argv: list[str]) -> int:
    sets = [Path(a) for a in argv] or [ROOT / "tests" / "data" / "signal_paraphrases.yaml"]
    t0 = time.perf_counter()
    signals = load_signals(load_index())
    print(f"{len(signals)} signals loaded in {(time.perf_counter() - t0) * 1000:.1f} ms")
    for path in sets:
        items = yaml.safe_load(path.read_text(encoding="utf-8"))
        h1 = h3 = rr = 0.0
        misses = []
        t0 = time.perf_counter()
        for it in items:
            names = [key(s.name) for s, _ in search_signals(signals, it["paraphrase"], 5)]
            want = key(it["name"])
            rank = names.index(want) + 1 if want in names else None
            h1 += rank == 1
            h3 += rank is not None and rank <= 3
            rr += 1 / rank if rank else 0
            if rank != 1:
                misses.append(f"  rank {rank}  want {it['name']!r}: {it['paraphrase']}")
        n = len(items)
        ms = (time.perf_counter() - t0) * 1000 / max(n, 1)
        print(f"{path.name}: n={n}  hit@1 {h1 / n:.3f}  hit@3 {h3 / n:.3f}  MRR@5 {rr / n:.3f}  ({ms:.2f} ms/query)")
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
