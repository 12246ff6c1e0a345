"""The quiz history database: one committed answer at a time, resume, weights, corruption."""

from __future__ import annotations

import sqlite3

import pytest
from quiz_support import DEMO_BANK

from rulebot.errors import DataError, NotFoundError
from rulebot.paths import user_data_dir
from rulebot.quiz.bank import load_bank
from rulebot.quiz.history import FILE_NAME, History, default_path
from rulebot.quiz.session import QuizSession, parse_response, select_questions

QUESTIONS = load_bank(DEMO_BANK).questions


def answer_first(session, n, *, right=True, t0=0.0):
    records = []
    for i in range(n):
        item = session.current
        q = item.question
        if q.kind in ("choice", "multi"):
            letters = [item.letter(o) for o in (q.right_options if right else
                                                  [next(o for o in item.options if o not in q.right_options)])]
            text = ",".join(letters)
        elif q.kind == "truefalse":
            text = "t" if q.answer == right else "f"
        else:
            text = str(q.answer if right else q.answer + 1)
        records.append(session.answer(parse_response(item, text), now=t0 + i + 1).record)
    return records


def test_default_path_is_in_the_test_data_dir(tmp_path):
    assert default_path() == user_data_dir() / FILE_NAME
    assert str(default_path()).startswith(str(tmp_path))


def test_wal_and_schema(tmp_path):
    with History.open() as history:
        assert history.recovered_from is None
        assert history._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert history.attempts() == []


def test_attempt_answers_and_finish():
    with History.open() as history:
        session = QuizSession.create(select_questions(QUESTIONS, count=None, seed=1), seed=1, mode="exam",
                                     pass_mark=0.75, time_limit=300)
        session.start(now=0.0)
        attempt = history.start_attempt(session, ruleset="demo", level=1)
        for record in answer_first(session, 4):
            history.record_answer(attempt, record)
        history.finish_attempt(attempt, session.finish(now=9.0))
        (row,) = history.attempts()
        assert (row.id, row.status, row.mode, row.score, row.total, row.passed) == (attempt, "finished", "exam", 4, 4, True)
        assert (row.ruleset, row.level, row.topic, row.seed) == ("demo", 1, None, "1")
        assert row.elapsed == pytest.approx(9.0)
        with pytest.raises(NotFoundError):
            history.resume(attempt)
        with pytest.raises(NotFoundError):
            history.resume()


def started_exam(history):
    """A five-minute exam over the demo bank, started at time 0 and stored as an attempt."""
    session = QuizSession.create(select_questions(QUESTIONS, count=None, seed=3), seed=3, mode="exam",
                                 time_limit=300)
    session.start(now=0.0)
    return session, history.start_attempt(session, topic=None)


def test_each_answer_is_committed_and_resumable():
    history = History.open()
    session, attempt = started_exam(history)
    for record in answer_first(session, 2):
        history.record_answer(attempt, record)
    # another connection (another process) sees both answers without any close or commit call
    other = sqlite3.connect(history.path)
    assert other.execute("SELECT count(*) FROM answers WHERE attempt_id = ?", (attempt,)).fetchone()[0] == 2
    other.close()
    history._conn.close()  # no goodbye, as if killed

    with History.open() as again:
        assert again.latest_open() == attempt
        attempt_id, resumed, filters = again.resume()
        assert attempt_id == attempt and filters == {"ruleset": None, "level": None, "topic": None}
        assert [i.question.id for i in resumed.items] == [i.question.id for i in session.items]
        assert [i.options for i in resumed.items] == [i.options for i in session.items]
        assert sorted(resumed.answers) == [0, 1]
        assert resumed.current.position == 2
        # the answers' 2 s, or the wall-clock time since the exam started if more (a slow machine)
        assert 2.0 <= resumed.elapsed_before < 120
        (summary,) = again.attempts()
        assert (summary.status, summary.answered, summary.right, summary.score) == ("open", 2, 2, None)


def test_wrong_answers_weigh_more():
    with History.open() as history:
        session = QuizSession.create(select_questions(QUESTIONS, count=None, seed=4), seed=4)
        session.start(now=0.0)
        attempt = history.start_attempt(session)
        records = answer_first(session, 2, right=False)
        for record in records:
            history.record_answer(attempt, record)
        weights = history.wrong_weights(q.id for q in QUESTIONS)
        assert set(weights) == {r.question_id for r in records}
        assert all(w == 3.0 for w in weights.values())
        assert history.wrong_weights([]) == {}
        # the questions missed last time come first in the next practice quiz, whatever its seed
        weights, missed = history.practice_order(q.id for q in QUESTIONS)
        assert missed == {r.question_id for r in records}
        for seed in range(5):
            again = select_questions(QUESTIONS, count=2, seed=seed, weights=weights, first=missed)
            assert {q.id for q in again} == missed


def test_corrupt_database_is_moved_aside_not_silently_recreated():
    path = default_path()
    path.write_bytes(b"this is not a database at all" * 200)
    with History.open() as history:
        aside = history.recovered_from
        assert aside is not None and aside.exists() and aside != path
        assert aside.name.startswith(FILE_NAME + ".corrupt-")
        assert aside.read_bytes().startswith(b"this is not a database")
        assert history.attempts() == []  # a new, working history
    with History.open() as again:
        assert again.recovered_from is None


def test_damaged_pages_are_detected(tmp_path):
    path = tmp_path / "h.sqlite3"
    with History.open(path) as history:
        session = QuizSession.create(QUESTIONS, seed=1)
        session.start(now=0.0)
        for _ in range(30):
            history.start_attempt(session)
        history._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[2 * page: 3 * page] = b"\xff" * page  # scribble over an interior page
    path.write_bytes(bytes(data))
    with History.open(path) as history:
        assert history.recovered_from is not None


def test_foreign_database_is_refused(tmp_path):
    path = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (x)")
    conn.commit()
    conn.close()
    with pytest.raises(DataError, match="not a rulebot quiz history"):
        History.open(path)


def test_an_exams_clock_runs_while_it_is_paused():
    history = History.open()
    session, attempt = started_exam(history)
    history.record_answer(attempt, answer_first(session, 1)[0])
    # paused for ten minutes: started ten minutes ago, one answer in 1 s
    history._conn.execute("UPDATE attempts SET started_at = datetime('now', '-600 seconds') || '+00:00' "
                          "WHERE id = ?", (attempt,))
    history._conn.commit()
    _, resumed, _ = history.resume(attempt)
    assert resumed.elapsed_before >= 600
    resumed.start(now=0.0)
    assert resumed.time_left(now=0.0) == 0.0


def test_resume_offers_the_latest_quiz_answered_in_over_a_later_one_left_unanswered():
    with History.open() as history:
        session, answered = started_exam(history)
        for record in answer_first(session, 1):
            history.record_answer(answered, record)
        _, empty = started_exam(history)  # e.g. `rulebot quiz </dev/null`: open, no answer
        assert empty > answered and history.latest_open() == answered
        assert history.resume(empty)[0] == empty  # still resumable by its number
        history.finish_attempt(answered, session.finish(now=9.0))
        assert history.latest_open() == empty
