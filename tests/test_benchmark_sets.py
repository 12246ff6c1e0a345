"""The question sets in benchmarks/questions are data other people measure with: every gold quote is
verbatim in its rulebook (normalised as ../shared/eval/FORMAT.md says), every item well formed."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
SETS = sorted((ROOT / "benchmarks" / "questions").glob("*.yaml"))
KINDS = {"lookup", "number", "definition", "penalty", "signal", "scenario", "comparison", "procedure"}


def norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", unicodedata.normalize("NFKC", text).lower()).strip()


@pytest.mark.parametrize("path", SETS, ids=[p.name for p in SETS])
def test_every_gold_quote_is_in_its_rulebook(path: Path) -> None:
    sources = {d.name: norm((d / "source.txt").read_text(encoding="utf-8"))
               for d in (ROOT / "corpus").iterdir() if (d / "source.txt").is_file()}
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert items and len({i["id"] for i in items}) == len(items)
    for item in items:
        assert item["kind"] in KINDS and item["question"].strip(), item["id"]
        assert item.get("ruleset") in (None, *sources), item["id"]
        for gold in item["gold"]:
            assert norm(gold["quote"]) in sources[gold["ruleset"]], (item["id"], gold["quote"])
