"""Rulebook words learned for everyday words (rulebot/search/learned.py, benchmarks/learn_terms.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import rulebot.search.ranker as ranker_module
from rulebot.search import get_searcher
from rulebot.search.learned import WEIGHT, learn, learned_terms

ROOT = Path(__file__).resolve().parents[1]


def _terms_of(docs: list[str]) -> tuple[list[frozenset[str]], dict[str, set[int]]]:
    doc_terms = [frozenset(d.split()) for d in docs]
    postings: dict[str, set[int]] = {}
    for i, ts in enumerate(doc_terms):
        for t in ts:
            postings.setdefault(t, set()).add(i)
    return doc_terms, postings


# twenty clauses; "helmet" is in two of them, "stick" in twelve
DOCS = ["helmet remov", "helmet fasten"] + ["stick break" if i < 12 else "face off" for i in range(18)]


def test_a_rare_word_learns_the_term_its_answers_share() -> None:
    doc_terms, postings = _terms_of(DOCS)
    table = learn([("his noggin came off", [0]), ("the noggin flew off", [1]), ("noggin popped off in a scrum", [0])],
                  doc_terms, postings)
    # "remov" is in all three answers too, but only ever in clause 0: one rule asked about, not a meaning
    assert table["noggin"] == [("helmet", WEIGHT)]


def test_one_clause_asked_three_times_teaches_nothing() -> None:
    doc_terms, postings = _terms_of(DOCS)
    table = learn([("his noggin came off", [0]), ("the noggin flew off", [0]), ("noggin popped off", [0])],
                  doc_terms, postings)
    assert "noggin" not in table


def test_a_term_clauses_often_have_is_not_learned() -> None:
    # "stick" and "break" are in 12 of 20 clauses: every answer has them, but that is only 1.7 times
    # their share of all clauses (MIN_LIFT is 5)
    doc_terms, postings = _terms_of(DOCS)
    table = learn([("lumber gone", [2]), ("lumber busted", [3]), ("lumber in two", [4])], doc_terms, postings)
    assert "lumber" not in table


def test_a_word_the_rulebooks_use_is_not_learned() -> None:
    docs = DOCS + ["noggin"] * 4  # "noggin" in four clauses: a rulebook word, searched as itself
    doc_terms, postings = _terms_of(docs)
    table = learn([("his noggin came off", [0]), ("the noggin flew off", [1]), ("noggin popped off", [0])],
                  doc_terms, postings)
    assert "noggin" not in table


def test_the_search_adds_a_words_learned_terms_below_its_own(monkeypatch) -> None:
    ranker = get_searcher().ranker
    word, learned = next((w, ts) for w, ts in sorted(learned_terms().items()) if ts)
    extra = {t for t, _ in learned}
    with_table = {t.term: t.weight for t in ranker.query_terms(f"what about the {word} here")}
    monkeypatch.setattr(ranker_module, "learned_terms", lambda: {})
    ranker.forget_queries()
    without = {t.term: t.weight for t in ranker.query_terms(f"what about the {word} here")}
    added = {t for t in with_table if t not in without}
    assert added and added <= extra
    assert all(with_table[t] < 1.0 for t in added)
    ranker.forget_queries()


def test_the_packaged_table_is_what_the_question_sets_build() -> None:
    spec = importlib.util.spec_from_file_location("learn_terms", ROOT / "benchmarks" / "learn_terms.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--check"]) == 0


def test_a_word_whose_stem_is_a_stop_word_learns_nothing() -> None:
    # "happened" stems to "happen", "butting" to "but": stop words the index leaves out. Such words say
    # nothing of a rule, however often the questions that use them are answered by one clause's words
    doc_terms, postings = _terms_of(DOCS)
    examples = [("it happened butting noggin", [0]), ("what happened butting", [1]), ("butting happened again", [0])]
    table = learn(examples, doc_terms, postings)
    assert "happen" not in table and "but" not in table
