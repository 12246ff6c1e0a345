"""Quizzes from an ingested ruleset (issue 7, item 4): numbers, penalties and definitions it states,
every question passing ``rulebot quiz check``'s index checks."""

from __future__ import annotations

from ingest_support import DATA
from rulebot.corpus import load_index
from rulebot.ingest import ingest_file
from rulebot.quiz.check import check_question
from rulebot.quiz.from_rules import ruleset_questions, user_ruleset_questions


def _index():
    ingest_file(DATA / "spring-classic.txt", base="rha")
    ingest_file(DATA / "harbour-cup.md")
    return load_index(use_cache=False)


def test_questions_from_an_ingested_sheet_check_out():
    index = _index()
    questions = user_ruleset_questions(index)
    assert {q.ruleset for q in questions} == {"spring-classic", "harbour-cup"}
    assert {q.topic for q in questions} == {"numbers", "penalties", "definitions"}
    assert len({q.id for q in questions}) == len(questions)
    for q in questions:
        assert q.generated and q.cite
        assert check_question(q, index) == [], q.id


def test_number_penalty_and_definition_questions():
    index = _index()
    by_id = {q.id: q for q in ruleset_questions(index, "spring-classic")}
    periods = by_id["gen-rules-spring-classic-1-1-numbers-1"]
    assert periods.kind == "numeric" and periods.answer == 12 and periods.unit == "minutes"
    assert "two ___ minute stop-time periods" in periods.question
    minor = by_id["gen-rules-spring-classic-3-1-penalties-1"]
    assert minor.answer == 1.5 and minor.cite[0].rule == "3.1"
    false = by_id["gen-rules-spring-classic-3-1-penalties-1-tf"]
    assert false.kind == "truefalse" and false.answer is False and "1.5 minutes" not in false.question
    assert not any(q.answer == 1 and q.unit == "games" for q in by_id.values())  # "in one game" is skipped
    defs = [q for q in ruleset_questions(index, "harbour-cup", topics=["definitions"])]
    assert [q.answer for q in defs] == ["Running time", "Stop time"]
    assert set(defs[0].options) == {"Running time", "Stop time"}


def test_same_ruleset_same_questions():
    index = _index()
    first = [q.model_dump() for q in ruleset_questions(index, "harbour-cup")]
    again = [q.model_dump() for q in ruleset_questions(load_index(use_cache=False), "harbour-cup")]
    assert first == again
