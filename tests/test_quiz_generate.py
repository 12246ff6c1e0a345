"""Generated questions: right answers agree with the tables and the index, cites resolve."""

from __future__ import annotations

import pytest
from quiz_support import demo_index, fake_classes, fake_infractions, fake_signals

from rulebot.quiz.check import check_question, normalise
from rulebot.quiz.generate import (
    generated_questions,
    penalty_class_questions,
    penalty_code_questions,
    signal_questions,
)
from rulebot.quiz.session import Item, grade, parse_response, shuffled_options


@pytest.fixture(scope="module")
def index():
    return demo_index()


def test_signal_questions(index):
    questions = signal_questions(index, fake_signals(index))
    by_id = {q.id: q for q in questions}
    boarding = by_id["gen-signal-fakefirs-boarding"]
    assert boarding.kind == "choice" and boarding.answer == "Boarding"
    assert "Strike the clenched fist" in boarding.question
    assert len(boarding.options) == 4 and len(set(boarding.options)) == 4
    assert boarding.cite[0].rule == "Boarding"
    # Timeout and Unsportsmanlike share one description: one question, both right
    t = by_id["gen-signal-fakefirs-timeout"]
    assert t.kind == "multi" and set(t.answer) == {"Timeout", "Unsportsmanlike"}
    assert "gen-signal-fakefirs-unsportsmanlike" not in by_id
    for q in questions:
        assert (q.level, q.topic, q.generated, q.source) == (2, "signals", True, "<generated>")
        # the right answer is the signal whose description the question quotes
        for name in q.right_options:
            clause = index.lookup("fakefirs", name)
            assert clause is not None and normalise(clause.text) in normalise(q.question)
        assert check_question(q, index) == []


def test_penalty_code_questions(index):
    questions = {q.id: q for q in penalty_code_questions(index, fake_infractions())}
    assert set(questions) == {"gen-code-fakefirs-boarding", "gen-code-fakefirs-holding",
                              "gen-code-fakefirs-spearing", "gen-code-fakefirs-abuse-of-officials"}
    holding = questions["gen-code-fakefirs-holding"]
    assert holding.answer == "2'" and "Holding" in holding.question and "6.4.23" in holding.question
    assert "2'" not in holding.options[1:]
    assert holding.cite[0].rule == "Annex C row 3" and holding.cite[0].quote == "Holding 6.4.23 2'"
    boarding = questions["gen-code-fakefirs-boarding"]
    assert boarding.kind == "multi" and set(boarding.answer) == {"2'", "5'+GM"}
    for q in questions.values():
        for code in q.right_options:  # each right code is printed in a cited row
            assert any(code in index.lookup(c.ruleset, c.rule).text for c in q.cite)
        assert check_question(q, index) == []


def test_penalty_class_questions(index):
    questions = {q.id: q for q in penalty_class_questions(index, fake_classes())}
    assert set(questions) == {"gen-class-fakefirs-minor", "gen-class-fakefirs-major", "gen-class-fakefirs-misconduct"}
    minor = questions["gen-class-fakefirs-minor"]
    assert minor.question == "How long is a minor penalty in FFIRS?"
    assert minor.answer == "2 minutes" and len(minor.options) == 4
    assert minor.cite[0].rule == "7.2"
    assert minor.cite[0].quote == "For a minor penalty the player is ruled off for two (2) minutes."
    for q in questions.values():
        assert check_question(q, index) == []


def test_generated_questions_are_stable_and_playable(index):
    a = signal_questions(index, fake_signals(index)) + penalty_code_questions(index, fake_infractions())
    b = signal_questions(index, fake_signals(index)) + penalty_code_questions(index, fake_infractions())
    assert a == b
    for q in a:
        item = Item(0, q, shuffled_options(q, 7))
        letters = ",".join(item.letter(o) for o in q.right_options)
        assert grade(item, parse_response(item, letters))


def test_generated_questions_from_the_real_index():
    """With the real index and the real penalty and signal tables: every generated question passes the
    index check and its right answer is the table's."""
    from rulebot import penalties
    from rulebot.corpus import load_index

    index = load_index()
    topics = ["penalty-codes", "penalty-classes", "signals"]
    questions = generated_questions(index, topics=topics)
    problems = [str(p) for q in questions for p in check_question(q, index)]
    assert problems == []
    codes = {q.id: q for q in questions if q.topic == "penalty-codes"}
    assert codes, "no penalty-code questions from FIRS Annex C"
    for inf in penalties.infractions(index):
        if inf.code and "report" not in inf.code:
            matching = [q for q in codes.values() if normalise(inf.infraction.rstrip(" *")) in normalise(q.question)]
            assert any(inf.code in q.right_options for q in matching), inf
    if "signals" in topics:
        from rulebot.signals import load_signals

        signal_qs = [q for q in questions if q.topic == "signals"]
        signals = load_signals(index)
        for sig in signals:
            if sig.in_rule:
                continue  # told inside a rule (RHA 409 (b), FIRS 4.6 D): the sentence names what it is for
            asked = [q for q in signal_qs if normalise(sig.description) in normalise(q.question)]
            assert len(asked) == 1 and sig.name in asked[0].right_options, sig
    classes = [q for q in questions if q.topic == "penalty-classes"]
    assert any(q.id == "gen-class-rha-minor" and q.answer == "1:30 or 2 minutes" for q in classes)
    assert any(q.id == "gen-class-firs-2017-minor" and q.answer == "2 minutes" for q in classes)
    # FIRS and RHA match penalties remove the player for the rest of the game: no "how long" question
    assert not any(q.id in ("gen-class-firs-2017-match", "gen-class-rha-match") for q in classes)
    assert not any("report to authority" in o for q in codes.values() for o in q.options)
    # a wrong option never means the same as the right one ("MIS" and "10'" are both a misconduct)
    meaning = {inf.code: sorted(p.kind for p in inf.parts.parts) for inf in penalties.infractions(index) if inf.code}
    for q in codes.values():
        right = [meaning.get(o) for o in q.right_options]
        assert not any(meaning.get(o) in right for o in q.options if o not in q.right_options), q
