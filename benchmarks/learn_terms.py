"""Build rulebot/data/learned_terms.json: rulebook words for everyday words, learned from the question
sets in benchmarks/questions (see rulebot/search/learned.py).

Usage: python benchmarks/learn_terms.py [--check | --cv K] [SET.yaml ...]   (default: benchmarks/questions/*.yaml)

The development set of the evaluation (../shared/eval/dev.yaml) is never read, nor rulesets a user
ingested: the table is learned over the embedded corpus alone.  Rebuild it after changing the corpus,
the synonym list or the question sets (a test checks it is up to date).  A question is paired
with the clauses that hold one of its gold quotes (normalised as in ../shared/eval/FORMAT.md).  With
--check, exits 1 when the packaged file differs from what the sets build.  With --cv K, writes nothing
and prints K-fold cross-validation by question set: each fold's questions are asked with the table
learned from the other folds' sets and with none, and hit@1, hit@3 and MRR@5 of the citations compared.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import unicodedata
from pathlib import Path

import yaml

from rulebot.paths import data_file
from rulebot.search import get_searcher
from rulebot.search.learned import LEARNED_FILE, dump, learn

HERE = Path(__file__).parent


def norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", unicodedata.normalize("NFKC", text or "").lower()).strip()


def examples(paths: list[Path], docs: list) -> list[tuple[str, list[int]]]:
    """(question, answering document numbers) for each item of the question sets at ``paths``."""
    texts = [(c.ruleset, norm(c.text)) for c in docs]
    out = []
    for path in paths:
        for item in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            gold = [(g["ruleset"], norm(g["quote"])) for g in item.get("gold") or []]
            answering = [d for d, (rs, text) in enumerate(texts) if any(rs == g and q in text for g, q in gold)]
            out.append((item["question"], answering))
    return out


def items(paths: list[Path]) -> list[dict]:
    return [item for path in paths for item in yaml.safe_load(path.read_text(encoding="utf-8")) or []]


def rank_of(item: dict, citations) -> int | None:
    for r, c in enumerate(citations[:5], 1):
        if any(c.ruleset == g["ruleset"] and norm(g["quote"]) in norm(c.text) for g in item["gold"]):
            return r
    return None


def cross_validate(paths: list[Path], k: int) -> None:
    """Print hit@1, hit@3 and MRR@5 over all questions of ``paths``, each fold (every k-th set) asked
    with the table learned from the other sets and with an empty one."""
    import rulebot.search.ranker as ranker_module

    searcher = get_searcher()
    ranker = searcher.ranker
    totals = {"none": [0, 0, 0.0], "learned": [0, 0, 0.0]}
    n = 0
    for fold in range(k):
        test = paths[fold::k]
        train = [p for p in paths if p not in test]
        table = learn(examples(train, ranker.docs), ranker.doc_terms, ranker.postings)
        for name, tab in (("none", {}), ("learned", table)):
            frozen = {w: tuple(ts) for w, ts in tab.items()}
            ranker_module.learned_terms = lambda frozen=frozen: frozen
            ranker.forget_queries()
            for item in items(test):
                r = rank_of(item, searcher.ask(item["question"], item.get("ruleset")).citations)
                t = totals[name]
                t[0] += r == 1
                t[1] += r is not None and r <= 3
                t[2] += 1 / r if r else 0.0
        n += len(items(test))
    print(f"{k}-fold cross-validation by set, {len(paths)} sets, {n} questions")
    print("table      hit@1  hit@3  MRR@5")
    for name, (h1, h3, rr) in totals.items():
        print(f"{name:9s} {h1 / n:6.3f} {h3 / n:6.3f} {rr / n:6.3f}   ({h1} and {h3} of {n})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="*", type=Path)
    ap.add_argument("--check", action="store_true", help="compare with the packaged file, write nothing")
    ap.add_argument("--cv", type=int, metavar="K", help="K-fold cross-validation by set, write nothing")
    args = ap.parse_args(argv)
    paths = args.sets or sorted((HERE / "questions").glob("*.yaml"))
    if args.cv:
        cross_validate(paths, args.cv)
        return 0
    ranker = get_searcher().ranker
    text = dump(learn(examples(paths, ranker.docs), ranker.doc_terms, ranker.postings))
    target = Path(str(data_file(LEARNED_FILE)))
    if args.check:
        same = target.is_file() and target.read_text(encoding="utf-8") == text
        print(f"{target}: {'up to date' if same else 'differs from what the question sets build'}")
        return 0 if same else 1
    fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, target)
    print(f"{target}: {text.count(chr(10)) - 2} words from {len(paths)} question sets")
    return 0


if __name__ == "__main__":
    os.environ["RULEBOT_DATA_DIR"] = tempfile.mkdtemp(prefix="rulebot-learn-")  # the embedded corpus only
    sys.exit(main())
