"""The quiz session state machine: selection, shuffling, grading, practice and exam modes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from quiz_support import DEMO_BANK

from rulebot.errors import UsageError
from rulebot.quiz.bank import load_bank
from rulebot.quiz.session import (
    Item,
    QuizSession,
    QuizStateError,
    Response,
    filter_questions,
    grade,
    parse_response,
    select_questions,
    shuffled_options,
)

QUESTIONS = load_bank(DEMO_BANK).questions
BY_ID = {q.id: q for q in QUESTIONS}


def right_text(item: Item) -> str:
    """What a user who knows the answer types."""
    q = item.question
    if q.kind in ("choice", "multi"):
        return ",".join(item.letter(o) for o in q.right_options)
    if q.kind == "truefalse":
        return "t" if q.answer else "f"
    return str(q.answer)


def wrong_text(item: Item) -> str:
    q = item.question
    if q.kind in ("choice", "multi"):
        return next(item.letter(o) for o in item.options if o not in q.right_options)
    if q.kind == "truefalse":
        return "f" if q.answer else "t"
    return str(q.answer + 1)


def test_filter():
    assert [q.id for q in filter_questions(QUESTIONS, topic="GAME-TIME")] == ["demo-l1-001", "demo-l1-003"]
    assert filter_questions(QUESTIONS, ruleset="rha") == []
    assert len(filter_questions(QUESTIONS, ruleset="demo", level=1)) == 4
    assert filter_questions(QUESTIONS, level=2) == []


def test_selection_is_reproducible_and_seed_dependent():
    orders = {tuple(q.id for q in select_questions(QUESTIONS, count=None, seed=s)) for s in range(20)}
    assert len(orders) > 1
    for seed in (1, 2, "x"):
        a = select_questions(QUESTIONS, count=3, seed=seed)
        b = select_questions(list(reversed(QUESTIONS)), count=3, seed=seed)
        assert a == b and len(a) == 3
    assert len(select_questions(QUESTIONS, count=99, seed=1)) == 4


def test_weights_bring_wrong_questions_forward():
    first_counts = 0
    for seed in range(200):
        chosen = select_questions(QUESTIONS, count=1, seed=seed, weights={"demo-l1-004": 50.0})
        first_counts += chosen[0].id == "demo-l1-004"
    assert first_counts > 150  # weight 50 against three of weight 1
    assert select_questions(QUESTIONS, count=2, seed=3, weights={"demo-l1-004": 5}) == \
        select_questions(QUESTIONS, count=2, seed=3, weights={"demo-l1-004": 5})


def test_options_are_shuffled_deterministically():
    q = BY_ID["demo-l1-001"]
    assert shuffled_options(q, 1) == shuffled_options(q, 1)
    assert sorted(shuffled_options(q, 1)) == sorted(q.options)
    assert len({shuffled_options(q, s) for s in range(30)}) > 1
    assert shuffled_options(BY_ID["demo-l1-003"], 1) == ()


def test_parse_and_grade_each_kind():
    choice = Item(0, BY_ID["demo-l1-001"], ("15 minutes", "20 minutes", "25 minutes", "10 minutes"))
    assert parse_response(choice, " B \n").choices == ("20 minutes",)
    assert grade(choice, parse_response(choice, "b")) and not grade(choice, parse_response(choice, "a"))
    for bad in ("", "e", "a,b", "aa"):
        with pytest.raises(UsageError):
            parse_response(choice, bad)

    multi = Item(1, BY_ID["demo-l1-002"], ("Throat protector", "Captain's letter", "Helmet with full face mask",
                                           "Shin guards of a team colour"))
    for text in ("a,c", "c a", "ca", "a;c"):
        assert grade(multi, parse_response(multi, text)), text
    assert not grade(multi, parse_response(multi, "a"))
    assert not grade(multi, parse_response(multi, "a,b,c"))

    tf = Item(2, BY_ID["demo-l1-003"])
    assert grade(tf, parse_response(tf, "f")) and grade(tf, parse_response(tf, "False"))
    assert not grade(tf, parse_response(tf, "true"))
    with pytest.raises(UsageError):
        parse_response(tf, "maybe")

    num = Item(3, BY_ID["demo-l1-004"])
    assert grade(num, parse_response(num, "2")) and grade(num, parse_response(num, "2.0 referees"))
    assert not grade(num, parse_response(num, "3"))
    with pytest.raises(UsageError):
        parse_response(num, "two")


def test_numeric_answers_in_another_unit_or_as_a_clock():
    shift = BY_ID["demo-l1-004"].model_copy(update={"answer": 90, "unit": "seconds"})
    item = Item(0, shift)
    assert grade(item, parse_response(item, "1:30")) and grade(item, parse_response(item, "1.5 min"))
    assert grade(item, parse_response(item, "90 seconds")) and not grade(item, parse_response(item, "1"))
    crease = Item(0, BY_ID["demo-l1-004"].model_copy(update={"answer": 1, "unit": "metres"}))
    assert grade(crease, parse_response(crease, "100 cm")) and grade(crease, parse_response(crease, "1 m"))
    with pytest.raises(UsageError, match="answer in metres"):
        parse_response(crease, "100 seconds")


def test_numeric_tolerance():
    q = BY_ID["demo-l1-004"].model_copy(update={"tolerance": 0.5})
    item = Item(0, q)
    assert grade(item, Response(value=2.5)) and not grade(item, Response(value=2.6))


def test_practice_gives_feedback_after_each_answer():
    session = QuizSession.create(select_questions(QUESTIONS, count=None, seed=1), seed=1)
    session.start(now=100.0)
    steps = []
    for i in range(4):
        item = session.current
        text = right_text(item) if i != 1 else wrong_text(item)
        steps.append(session.answer(parse_response(item, text), now=100.0 + i))
    assert session.current is None and session.done
    assert [s.feedback.correct for s in steps] == [True, False, True, True]
    wrong = steps[1].feedback
    assert wrong.explanation == wrong.question.explanation
    assert wrong.cites == wrong.question.cite and wrong.cites[0].quote
    assert wrong.right_answer  # with letters for choice questions
    result = session.finish(now=110.0)
    assert (result.score, result.total, result.answered) == (3, 4, 4)
    assert result.passed is None  # practice has no pass / fail
    assert result.elapsed == pytest.approx(10.0)
    assert sum(t.total for t in result.by_topic) == 4
    assert result.reread == wrong.cites
    with pytest.raises(QuizStateError):
        session.answer(Response(value=1.0), now=111.0)


def test_exam_withholds_feedback_and_applies_pass_mark():
    questions = select_questions(QUESTIONS, count=None, seed=2)
    session = QuizSession.create(questions, seed=2, mode="exam", pass_mark=0.75, time_limit=600)
    session.start(now=0.0)
    for i in range(4):
        item = session.current
        step = session.answer(parse_response(item, right_text(item) if i else wrong_text(item)), now=float(i))
        assert step.feedback is None and step.record is not None
    result = session.finish(now=10.0)
    assert (result.score, result.total, result.passed) == (3, 4, True)  # 3/4 = 0.75 >= 0.75
    assert len(result.feedback) == 4 and not result.feedback[0].correct
    assert result.to_json()["questions"][0]["right_answer"]


def test_exam_time_limit_refuses_late_answers():
    session = QuizSession.create(QUESTIONS, seed=1, mode="exam", time_limit=60)
    session.start(now=1000.0)
    item = session.current
    assert session.answer(parse_response(item, right_text(item)), now=1030.0).record is not None
    assert session.time_left(now=1030.0) == pytest.approx(30.0)
    late = session.answer(parse_response(session.current, "a" if session.current.options else "1"), now=1061.0)
    assert late.expired and late.record is None
    assert session.current is None
    result = session.finish(now=1100.0)
    assert result.expired and result.answered == 1 and result.elapsed == 60
    assert result.passed is False


def test_practice_is_untimed_and_bad_setups_are_refused():
    assert QuizSession.create(QUESTIONS, seed=1, time_limit=5).time_limit is None
    with pytest.raises(UsageError):
        QuizSession.create([], seed=1)
    with pytest.raises(UsageError):
        QuizSession.create(QUESTIONS, seed=1, pass_mark=1.5)
    with pytest.raises(UsageError):
        QuizSession.create(QUESTIONS, seed=1, mode="exam", time_limit=0)
    session = QuizSession.create(QUESTIONS, seed=1)
    with pytest.raises(QuizStateError):
        session.answer(Response(value=1.0), now=0.0)


def test_restore_continues_where_it_stopped():
    questions = select_questions(QUESTIONS, count=None, seed=5)
    first = QuizSession.create(questions, seed=5, mode="exam", time_limit=100)
    first.start(now=0.0)
    records = []
    for t in (10.0, 20.0):
        item = first.current
        records.append(first.answer(parse_response(item, right_text(item)), now=t).record)
    plan = [item.to_plan() for item in first.items]

    again = QuizSession(tuple(Item.from_plan(i, p) for i, p in enumerate(plan)), "exam", 0.8, 100, 5)
    for record in records:
        again.restore(record)
    assert again.items == first.items
    assert again.current.position == 2
    again.start(now=5000.0)  # another process, another clock
    assert again.time_left(now=5000.0) == pytest.approx(80.0)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(), answers=st.lists(st.booleans(), min_size=4, max_size=4))
def test_score_counts_right_answers(seed, answers):
    session = QuizSession.create(select_questions(QUESTIONS, count=None, seed=seed), seed=seed)
    session.start(now=0.0)
    for ok in answers:
        item = session.current
        session.answer(parse_response(item, right_text(item) if ok else wrong_text(item)), now=1.0)
    result = session.finish(now=2.0)
    assert result.score == sum(answers)
    assert result.fraction == pytest.approx(sum(answers) / 4)
