"""``rulebot quiz``: scripted runs with piped answers, resume after a killed process, history, check,
errors.  Subprocesses inherit the test's RULEBOT_DATA_DIR / RULEBOT_CACHE_DIR (see conftest.py)."""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from quiz_support import DATA, DEMO_BANK

from rulebot.cli import main
from rulebot.paths import user_data_dir
from rulebot.quiz.bank import load_bank
from rulebot.quiz.history import FILE_NAME
from rulebot.quiz.session import Item, select_questions, shuffled_options

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = load_bank(DEMO_BANK).questions


def planned(seed: int, count: int | None = None) -> list[Item]:
    """The items ``rulebot quiz --banks tests/data/quiz --seed SEED`` asks, in order (fresh history)."""
    chosen = select_questions(QUESTIONS, count=count, seed=seed)
    return [Item(i, q, shuffled_options(q, seed)) for i, q in enumerate(chosen)]


def answer(item: Item, right: bool = True) -> str:
    q = item.question
    if q.kind in ("choice", "multi"):
        options = q.right_options if right else [next(o for o in item.options if o not in q.right_options)]
        return ",".join(item.letter(o) for o in options)
    if q.kind == "truefalse":
        return "t" if q.answer == right else "f"
    return str(q.answer if right else q.answer + 1)


def run_cli(*args: str, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "rulebot", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=timeout)


def db_answers(attempt: int | None = None) -> int:
    path = user_data_dir() / FILE_NAME
    if not path.exists():
        return 0
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
        try:
            sql = "SELECT count(*) FROM answers" + (" WHERE attempt_id = ?" if attempt else "")
            return conn.execute(sql, (attempt,) if attempt else ()).fetchone()[0]
        finally:
            conn.close()
    except sqlite3.OperationalError:  # not created yet
        return 0


def test_scripted_practice_run_gives_expected_score():
    items = planned(seed=1)
    lines = [answer(items[0], right=False)] + [answer(item) for item in items[1:]]
    proc = run_cli("quiz", "--banks", str(DATA), "--seed", "1", "--json", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert (data["status"], data["mode"], data["score"], data["total"], data["answered"]) == \
        ("finished", "practice", 3, 4, 4)
    assert data["passed"] is None
    assert [q["id"] for q in data["questions"]] == [item.question.id for item in items]
    assert [q["correct"] for q in data["questions"]] == [False, True, True, True]
    assert data["reread"] == [c.model_dump() for c in items[0].question.cite]
    # practice feedback went to stderr (stdout is JSON only): right/wrong, explanation, quoted clause
    assert "Wrong" in proc.stderr and items[0].question.explanation in proc.stderr
    assert items[0].question.cite[0].quote in proc.stderr


def test_same_seed_same_quiz():
    a = run_cli("quiz", "--banks", str(DATA), "--seed", "7", "--json", stdin="")
    b = run_cli("quiz", "--banks", str(DATA), "--seed", "7", "--json", stdin="")
    qa, qb = json.loads(a.stdout)["questions"], json.loads(b.stdout)["questions"]
    assert [(q["id"], q["options"]) for q in qa] == [(q["id"], q["options"]) for q in qb]
    assert [q["id"] for q in qa] == [item.question.id for item in planned(7)]


def test_exam_pass_mark_from_bank():
    items = planned(seed=2, count=4)
    lines = [answer(items[0], right=False)] + [answer(item) for item in items[1:]]
    proc = run_cli("quiz", "--banks", str(DATA), "--seed", "2", "--exam", "--json", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert (data["mode"], data["score"], data["pass_mark"], data["passed"]) == ("exam", 3, 0.75, True)
    assert data["time_limit_seconds"] == 240  # 60 s per question by default
    assert "Exam feedback" in proc.stderr and "PASSED" in proc.stderr


def test_bad_lines_are_reported_and_skipped():
    items = planned(seed=3)
    lines = ["", "zz", "42" if items[0].options else "maybe"] + [answer(item) for item in items]
    proc = run_cli("quiz", "--banks", str(DATA), "--seed", "3", "--json", stdin="\n".join(lines) + "\n")
    data = json.loads(proc.stdout)
    assert data["score"] == 4, proc.stderr


def test_resume_after_killed_process():
    items = planned(seed=1)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, "-m", "rulebot", "quiz", "--banks", str(DATA), "--seed", "1", "--exam",
                             "--time-limit", "100000"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            cwd=ROOT, env=env)
    try:
        first_two = [answer(items[0]), answer(items[1], right=False)]
        proc.stdin.write(("\n".join(first_two) + "\n").encode())
        proc.stdin.flush()
        deadline = time.monotonic() + 300  # a generous bound for a slow machine, not a timing check
        while db_answers() < 2:
            assert proc.poll() is None, "the quiz ended before it was killed"
            assert time.monotonic() < deadline, "the two answers never reached the database"
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)  # mid-quiz: waiting for the third answer
    finally:
        proc.wait()
        proc.stdin.close()
    assert proc.returncode == -signal.SIGKILL
    assert db_answers() == 2

    rest = [answer(items[2]), answer(items[3])]
    resumed = run_cli("quiz", "--resume", "--json", stdin="\n".join(rest) + "\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "Resuming quiz 1: 2 of 4 answered." in resumed.stderr
    data = json.loads(resumed.stdout)
    assert (data["attempt"], data["status"], data["mode"], data["answered"]) == (1, "finished", "exam", 4)
    got = [(q["id"], q["response"]["raw"] if q["response"] else None) for q in data["questions"]]
    assert got == [(item.question.id, raw) for item, raw in zip(items, first_two + rest)]
    assert [q["correct"] for q in data["questions"]] == [True, False, True, True]
    assert data["score"] == 3 and data["passed"] is True

    again = run_cli("quiz", "--resume")
    assert again.returncode == 3 and again.stderr.strip() == "rulebot: error: no unfinished quiz to resume"


def test_q_pauses_a_quiz_to_resume_later():
    items = planned(seed=2)
    first = run_cli("quiz", "--banks", str(DATA), "--seed", "2", stdin=answer(items[0]) + "\nq\n")
    assert first.returncode == 0, first.stderr
    assert "(q to stop)" in first.stdout and "paused: 1 of 4 answered" in first.stdout
    assert db_answers() == 1


def test_more_questions_asked_for_than_match_says_how_many_there_are():
    done = run_cli("quiz", "--banks", str(DATA), "--seed", "3", "--count", "50", "--json",
                   stdin="\n".join(answer(item) for item in planned(seed=3)) + "\n")
    assert done.returncode == 0, done.stderr
    assert "4 questions match this selection (not 50); the quiz has 4." in done.stderr
    assert json.loads(done.stdout)["answered"] == 4


def test_a_paused_exam_shows_no_answers():
    items = planned(seed=4)
    first = run_cli("quiz", "--banks", str(DATA), "--seed", "4", "--exam", "--json", stdin=answer(items[0]) + "\n")
    data = json.loads(first.stdout)
    assert (data["status"], data["answered"], data["reread"]) == ("open", 1, [])
    assert all((q["right_answer"], q["answer"], q["explanation"], q["cite"], q["correct"]) == (None, None, None, [], None)
               for q in data["questions"])
    done = run_cli("quiz", "--resume", str(data["attempt"]), "--json",
                   stdin="\n".join(answer(i) for i in items[1:]) + "\n")
    finished = json.loads(done.stdout)
    assert finished["status"] == "finished" and all(q["right_answer"] for q in finished["questions"])
    # the right answer as data too (a true/false one a JSON boolean, not the display text "True"),
    # and the attempt under the names `quiz history --json` gives it
    assert all(q["answer"] == item.question.model_dump(mode="json")["answer"]
               for q, item in zip(finished["questions"], items))
    history = json.loads(run_cli("quiz", "history", "--json").stdout)
    assert (finished["id"], finished["time_limit"]) == (history[0]["id"], history[0]["time_limit"])
    assert (history[0]["attempt"], history[0]["time_limit_seconds"]) == (finished["attempt"], finished["time_limit_seconds"])


def test_end_of_input_leaves_the_attempt_resumable():
    items = planned(seed=4)
    first = run_cli("quiz", "--banks", str(DATA), "--seed", "4", "--json", stdin=answer(items[0]) + "\n")
    data = json.loads(first.stdout)
    assert (data["status"], data["answered"], data["passed"]) == ("open", 1, None)
    assert "paused: 1 of 4 answered" in first.stderr
    history = json.loads(run_cli("quiz", "history", "--json").stdout)
    assert [(h["status"], h["answered"], h["right"]) for h in history] == [("open", 1, 1)]
    done = run_cli("quiz", "--resume", str(data["attempt"]), "--json",
                   stdin="\n".join(answer(i) for i in items[1:]) + "\n")
    assert json.loads(done.stdout)["score"] == 4
    history = json.loads(run_cli("quiz", "history", "--json").stdout)
    assert [(h["status"], h["score"], h["total"]) for h in history] == [("finished", 4, 4)]


# ---- in-process: fast checks of arguments, errors and the other actions --------------------------


def run_main(monkeypatch, capsys, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_history_table_and_empty(monkeypatch, capsys):
    status, out, _ = run_main(monkeypatch, capsys, "quiz", "history")
    assert status == 0 and "No quizzes yet" in out
    items = planned(seed=1)
    run_main(monkeypatch, capsys, "quiz", "--banks", str(DATA), "--seed", "1",
             stdin="\n".join(answer(i) for i in items) + "\n")
    status, out, _ = run_main(monkeypatch, capsys, "quiz", "history")
    assert status == 0 and "4/4" in out and "practice" in out
    # an unfinished exam shows no score (an exam gives no feedback until the end); practice does
    run_main(monkeypatch, capsys, "quiz", "--banks", str(DATA), "--seed", "1", "--exam", stdin=answer(items[0]) + "\n")
    run_main(monkeypatch, capsys, "quiz", "--banks", str(DATA), "--seed", "1", stdin=answer(items[0]) + "\n")
    status, out, _ = run_main(monkeypatch, capsys, "quiz", "history")
    rows = [ln for ln in out.splitlines() if "unfinished" in ln]
    assert len(rows) == 2 and "so far" not in rows[0] and "—" in rows[0] and "1/4 so far" in rows[1], out


def test_corrupt_history_is_moved_aside_with_a_message(monkeypatch, capsys):
    path = user_data_dir() / FILE_NAME
    path.write_bytes(b"garbage" * 1000)
    status, _, err = run_main(monkeypatch, capsys, "quiz", "history", "--json")
    assert status == 0
    assert "the quiz history was corrupt; moved it to" in err
    asides = list(path.parent.glob(FILE_NAME + ".corrupt-*"))
    assert len(asides) == 1 and asides[0].read_bytes() == b"garbage" * 1000


@pytest.mark.parametrize(("argv", "status", "message"), [
    (("quiz", "--ruleset", "nope"), 2, "unknown ruleset 'nope' (quizzes exist for: demo)"),
    (("quiz", "--topic", "nope"), 3, "no questions for topic nope (topics: equipment, game-time, officials)"),
    (("quiz", "--level", "2"), 3, "no questions for level 2"),
    (("quiz", "--time-limit", "30"), 2, "--time-limit is for exams (add --exam)"),
    (("quiz", "--resume", "--seed", "3"), 2, "--resume continues a quiz as it was started; drop --seed"),
    (("quiz", "--resume", "x"), 2, "--resume takes an attempt number, not 'x'"),
    (("quiz", "history", "extra"), 2, "unexpected argument 'extra' (paths are for `rulebot quiz check`)"),
])
def test_errors_are_one_line(monkeypatch, capsys, argv, status, message):
    argv = (*argv, "--banks", str(DATA)) if "--resume" not in argv and "history" not in argv else argv
    got, out, err = run_main(monkeypatch, capsys, *argv)
    assert got == status
    assert err.strip().splitlines() == [f"rulebot: error: {message}"]


def test_bad_bank_is_a_data_error(monkeypatch, capsys, tmp_path):
    bad = tmp_path / "demo-l1.yaml"
    bad.write_text(DEMO_BANK.read_text().replace('    answer: "20 minutes"', '    answer: "21 minutes"'))
    got, _, err = run_main(monkeypatch, capsys, "quiz", "--banks", str(bad))
    assert got == 4
    assert err.strip() == (f"rulebot: error: {bad}:12: questions[0].answer: answer '21 minutes' "
                           "is not one of the options")


def test_check_command_prints_path_line_and_fails(monkeypatch, capsys, tmp_path):
    bad = tmp_path / "demo-l1.yaml"
    bad.write_text(DEMO_BANK.read_text().replace("    kind: numeric", "    kind: number"))
    got, out, err = run_main(monkeypatch, capsys, "quiz", "check", str(bad))
    assert got == 4
    assert out.splitlines() == [f"{bad}:45: questions[3].kind: must be 'choice', 'multi', 'truefalse' or 'numeric'"]
    assert "1 problem\n" in err
    # the fixture bank is valid, but its made-up ruleset is not in the real index
    got, out, _ = run_main(monkeypatch, capsys, "quiz", "check", str(DATA))
    assert got == 4 and "cite demo 1.2: no ruleset 'demo'" in out
    assert all(line.startswith(str(Path("tests/data/quiz/demo-l1.yaml")) + ":") or line.startswith(str(DATA))
               for line in out.splitlines())


def test_help_lists_the_options(monkeypatch, capsys):
    with pytest.raises(SystemExit) as info:
        main(["quiz", "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for option in ("--ruleset", "--level", "--topic", "--count", "--seed", "--exam", "--json", "--resume",
                   "--time-limit", "check", "history"):
        assert option in out


def test_ruleset_alias_and_embedded_banks(monkeypatch, capsys):
    status, out, _ = run_main(monkeypatch, capsys, "quiz", "--ruleset", "FIRS", "--level", "1", "--count", "3",
                              "--seed", "5", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["total"] == 3 and data["status"] == "open"
    assert {q["ruleset"] for q in data["questions"]} == {"firs-2017"}
    assert {q["level"] for q in data["questions"]} == {1}


def test_practice_brings_back_questions_answered_wrong(monkeypatch, capsys):
    def first_ids() -> list[str]:
        ids = []
        for seed in range(40):
            _, out, _ = run_main(monkeypatch, capsys, "quiz", "--banks", str(DATA), "--count", "1",
                                 "--seed", str(seed), "--json")
            ids.append(json.loads(out)["questions"][0]["id"])
        return ids

    before = first_ids().count("demo-l1-004")
    items = planned(seed=1)
    lines = [answer(i, right=i.question.id != "demo-l1-004") for i in items]
    run_main(monkeypatch, capsys, "quiz", "--banks", str(DATA), "--seed", "1", stdin="\n".join(lines) + "\n")
    after = first_ids().count("demo-l1-004")
    assert after > before  # weight 3 against 1: about half the quizzes now start with it
    # an exam is not weighted
    _, out, _ = run_main(monkeypatch, capsys, "quiz", "--banks", str(DATA), "--seed", "1", "--exam", "--json")
    assert [q["id"] for q in json.loads(out)["questions"]] == [i.question.id for i in planned(1)]


def test_the_readme_scripted_quiz_runs_to_the_end_on_a_fresh_history():
    # the README's example: its answer lines fit the questions seed 1 draws from the packaged banks
    line = next(x for x in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
                if x.startswith("printf '") and "rulebot quiz" in x)
    answers = line.split("'")[1].replace("\\n", "\n")
    args = line.split(" rulebot ")[1].split("#")[0].split()  # after "RULEBOT_DATA_DIR=$(mktemp -d)"
    assert "RULEBOT_DATA_DIR=" in line  # the example runs on a fresh history, as this test does
    proc = run_cli(*args, stdin=answers)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["answered"] == result["total"] == 4 and result["status"] != "open"
    assert "answer with" not in proc.stderr  # every line was an answer to the question on screen
