"""Nothing lost (issue 8): quiz history and ingested rulesets survive a process killed (SIGKILL) at any
point of a write, and a corrupt history database is moved aside with a message, not silently recreated.

Each test runs the writer in a child Python process, kills it, and checks what the next process sees:

- quiz history: the child writes attempts and answers as fast as it can, printing each write after it
  returned (= committed); it is killed after a varying delay, i.e. at arbitrary points, often mid
  transaction.  Every write it reported is there, the database passes ``quick_check`` and is not moved
  aside, and the open attempt resumes;
- ingest: the child re-ingests a ruleset (replacing a previous version) and is killed just before or
  just after each of the filesystem steps the ingest makes (each file write and each rename), one kill
  point per run, so every point is covered deterministically.  The next process finds the previous
  version or the new one, whole -- never neither, never a mix.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from rulebot.quiz.history import History

TESTS = Path(__file__).parent

# -- quiz history ----------------------------------------------------------------------------------

HISTORY_WRITER = textwrap.dedent("""
    import sys
    sys.path.insert(0, {tests!r})
    from quiz_support import DEMO_BANK
    from rulebot.quiz.bank import load_bank
    from rulebot.quiz.history import History
    from rulebot.quiz.session import QuizSession, parse_response, select_questions

    questions = load_bank(DEMO_BANK).questions
    history = History.open({path!r})
    print("ready", flush=True)
    seed = 0
    while True:
        seed += 1
        session = QuizSession.create(select_questions(questions, count=None, seed=seed), seed=seed)
        session.start(now=0.0)
        attempt = history.start_attempt(session, ruleset="demo")
        print("start", attempt, flush=True)
        for i in range(len(session.items)):
            item = session.current
            q = item.question
            text = ("a" if q.kind in ("choice", "multi") else "t" if q.kind == "truefalse" else "1")
            record = session.answer(parse_response(item, text), now=i + 1.0).record
            history.record_answer(attempt, record)
            print("answer", attempt, record.position, flush=True)
        history.finish_attempt(attempt, session.finish(now=99.0))
        print("finish", attempt, flush=True)
""")


def _kill_after(cmd: list[str], delay: float) -> list[str]:
    """Start ``cmd``, wait for its "ready" line, let it run ``delay`` seconds, SIGKILL it; return the
    lines it printed (complete lines only)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        assert first.strip() == "ready", first + proc.stderr.read()
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        # read through the same buffered file that readline() used: communicate() would read the raw
        # pipe and miss the lines readline() had already buffered ahead
        out = proc.stdout.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    return [ln for ln in out.split("\n")[:-1] if ln]  # the last piece may be a cut line


@pytest.mark.parametrize("delay", [0.0, 0.003, 0.011, 0.029, 0.07, 0.15, 0.31])
def test_history_survives_sigkill_mid_write(tmp_path, delay):
    path = tmp_path / "history.sqlite3"
    script = HISTORY_WRITER.format(tests=str(TESTS), path=str(path))
    lines = _kill_after([sys.executable, "-c", script], delay)

    started, answered, finished = set(), set(), set()
    for ln in lines:
        kind, *args = ln.split()
        if kind == "start":
            started.add(int(args[0]))
        elif kind == "answer":
            answered.add((int(args[0]), int(args[1])))
        elif kind == "finish":
            finished.add(int(args[0]))

    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    with History.open(path) as history:
        assert history.recovered_from is None, "a killed writer must not look like corruption"
        rows = {a.id: a for a in history.attempts()}
        assert started <= set(rows), "an attempt reported as started is missing"
        for attempt, position in answered:
            assert position in {r.position for r in history.answers_for(attempt)}, (attempt, position)
        for attempt in finished:
            assert rows[attempt].status == "finished"
        # at most the one write in flight is there without having been reported
        assert len(set(rows) - started) <= 1
        open_ids = [a for a, row in rows.items() if row.status == "open"]
        assert len(open_ids) <= 1
        if open_ids:
            attempt_id, session, _filters = history.resume(open_ids[0])
            assert {p for a, p in answered if a == attempt_id} <= set(session.answers)


def test_corrupt_history_is_moved_aside_with_a_message_in_the_cli(tmp_path):
    """``rulebot quiz history`` on a damaged file: a warning naming where it went, the old bytes kept."""
    data_dir = Path(os.environ["RULEBOT_DATA_DIR"])
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / "quiz-history.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    proc = subprocess.run([sys.executable, "-m", "rulebot", "quiz", "history"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "corrupt" in proc.stderr and ".corrupt-" in proc.stderr
    aside = [p for p in data_dir.iterdir() if p.name.startswith("quiz-history.sqlite3.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"SQLite format 3\x00")
    assert aside[0].name in proc.stderr


# -- ingested rulesets -----------------------------------------------------------------------------

OLD_SHEET = "Old cup rules\n\n1. Games are two halves of ten minutes.\n2. A minor penalty is two minutes.\n" \
            "3. Goalies may not cover the ball.\n4. Ties end in a shootout of three shooters.\n"
NEW_SHEET = "New cup rules\n\n1. Games are three periods of twelve minutes.\n2. A minor penalty is ninety seconds.\n" \
            "3. Goalies may cover the ball for three seconds.\n4. Ties stay ties in the round robin.\n" \
            "5. Body checking is a major penalty.\n"

INGEST_WRITER = textwrap.dedent("""
    import os, signal, sys
    import rulebot.ingest as ingest

    kill_at, when = int(sys.argv[1]), sys.argv[2]   # the n-th filesystem step, "before" or "after" it
    steps = 0

    def step(fn):
        def wrapped(*args, **kwargs):
            global steps
            steps += 1
            if steps == kill_at and when == "before":
                os.kill(os.getpid(), signal.SIGKILL)
            out = fn(*args, **kwargs)
            if steps == kill_at and when == "after":
                os.kill(os.getpid(), signal.SIGKILL)
            return out
        return wrapped

    ingest._write = step(ingest._write)
    real_replace = os.replace
    class _Os:  # os for the ingest module, with os.replace counted
        def __getattr__(self, name):
            return getattr(os, name)
    ingest.os = _Os()
    ingest.os.replace = step(real_replace)
    result = ingest.ingest_file(sys.argv[3], ruleset_id="kill-cup")
    print("done", result.status, steps, flush=True)
""")


def _ingest_in_child(sheet: Path, kill_at: int, when: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", INGEST_WRITER, str(kill_at), when, str(sheet)],
                          capture_output=True, text=True, timeout=120)


def _visible_version() -> str | None:
    """What a fresh process sees of ruleset ``kill-cup``: "old", "new", None (absent) or "mixed"."""
    proc = subprocess.run(
        [sys.executable, "-c",
         "import json; from rulebot.corpus import load_index; i = load_index(use_cache=False); "
         "print(json.dumps([i.rulesets['kill-cup'].title, i.sources['kill-cup']] if 'kill-cup' in i.rulesets else None))"],
        capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout)
    if seen is None:
        return None
    title, source = seen
    if source == OLD_SHEET and title.startswith(("Old", "cup-old")):
        return "old"
    if source == NEW_SHEET and title.startswith(("New", "cup-new")):
        return "new"
    return "mixed"


def test_ingest_killed_at_every_step_keeps_a_whole_version(tmp_path):
    old, new = tmp_path / "cup-old.txt", tmp_path / "cup-new.txt"
    old.write_text(OLD_SHEET, encoding="utf-8")
    new.write_text(NEW_SHEET, encoding="utf-8")
    # the steps a replacing ingest takes (two writes, renames): counted by a run without a kill
    first = _ingest_in_child(old, 0, "never")
    assert first.returncode == 0 and first.stdout.startswith("done added"), first.stderr
    assert _visible_version() == "old"
    count = _ingest_in_child(new, 0, "never")
    assert count.returncode == 0 and count.stdout.startswith("done replaced"), count.stderr
    steps = int(count.stdout.split()[2])
    assert steps >= 3
    assert _ingest_in_child(old, 0, "never").stdout.startswith("done replaced")  # back to the old one
    for kill_at in range(1, steps + 1):
        for when in ("before", "after"):
            proc = _ingest_in_child(new, kill_at, when)
            assert proc.returncode == -signal.SIGKILL, (kill_at, when, proc.stdout, proc.stderr)
            seen = _visible_version()
            assert seen in ("old", "new"), f"killed {when} step {kill_at}: the ruleset is {seen}"
            # and the next ingest works, whatever was left behind
            again = _ingest_in_child(old, 0, "never")
            assert again.returncode == 0, again.stderr
            assert _visible_version() == "old"
