"""Quiz progress in SQLite (stdlib ``sqlite3``, WAL journal), in the user's data directory.

One row per attempt (its plan: every question in full and its option order, so it can be resumed and
shown even after the banks change) and one row per answered question.  Each answer is its own
committed transaction, so a process killed mid-quiz loses at most the question being answered; an
attempt whose ``status`` is still ``open`` can be resumed (``rulebot quiz --resume``).

A database that is not SQLite or fails ``PRAGMA quick_check`` is moved aside to
``quiz-history.sqlite3.corrupt-<UTC time>`` (with its ``-wal``/``-shm`` files) and a new one is
started; :attr:`History.recovered_from` then names where it went, for the caller to tell the user.
Any other database failure raises :class:`rulebot.errors.DataError`.

Times: ``started_at``/``finished_at``/``answered_at`` are ISO 8601 UTC strings; ``elapsed`` and
``time_limit`` are seconds.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from rulebot.errors import DataError, NotFoundError
from rulebot.quiz.session import AnswerRecord, Item, QuizSession, Response, Result

FILE_NAME = "quiz-history.sqlite3"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE attempts (
    id          INTEGER PRIMARY KEY,
    started_at  TEXT    NOT NULL,
    finished_at TEXT,
    status      TEXT    NOT NULL CHECK (status IN ('open', 'finished')),
    mode        TEXT    NOT NULL CHECK (mode IN ('practice', 'exam')),
    ruleset     TEXT,
    level       INTEGER,
    topic       TEXT,
    seed        TEXT    NOT NULL,
    pass_mark   REAL    NOT NULL,
    time_limit  REAL,
    total       INTEGER NOT NULL,
    score       INTEGER,
    passed      INTEGER,
    expired     INTEGER NOT NULL DEFAULT 0,
    elapsed     REAL,
    plan        TEXT    NOT NULL
);
CREATE TABLE answers (
    attempt_id  INTEGER NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    question_id TEXT    NOT NULL,
    response    TEXT    NOT NULL,
    correct     INTEGER NOT NULL,
    elapsed     REAL    NOT NULL,
    answered_at TEXT    NOT NULL,
    PRIMARY KEY (attempt_id, position)
);
CREATE INDEX answers_by_question ON answers (question_id, answered_at);
CREATE INDEX attempts_by_status ON attempts (status, id);
"""


def default_path() -> Path:
    """``<user data dir>/quiz-history.sqlite3`` (see :func:`rulebot.paths.user_data_dir`)."""
    from rulebot.paths import user_data_dir

    return user_data_dir() / FILE_NAME


def _seconds_since(iso: str) -> float:
    """Seconds from an ISO 8601 UTC time stamp (as :func:`_now` writes them) to now; 0 if unreadable."""
    try:
        then = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return 0.0
    if then.tzinfo is None:
        then = then.replace(tzinfo=timezone.utc)
    return max((datetime.now(timezone.utc) - then).total_seconds(), 0.0)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class AttemptSummary:
    """One attempt as listed by ``rulebot quiz history``: filters asked, score ``score`` of
    ``total`` (None while open), ``answered`` so far, ``passed`` (exam only), ``elapsed`` seconds."""

    id: int
    started_at: str
    finished_at: str | None
    status: str
    mode: str
    ruleset: str | None
    level: int | None
    topic: str | None
    seed: str
    total: int
    answered: int
    right: int
    score: int | None
    passed: bool | None
    expired: bool
    elapsed: float | None
    pass_mark: float
    time_limit: float | None

    @property
    def fraction(self) -> float | None:
        """Share of points (finished attempts), else None."""
        return None if self.score is None or not self.total else self.score / self.total

    def to_json(self) -> dict:
        return {
            "id": self.id, "started_at": self.started_at, "finished_at": self.finished_at,
            "status": self.status, "mode": self.mode, "ruleset": self.ruleset, "level": self.level,
            "topic": self.topic, "seed": self.seed, "total": self.total, "answered": self.answered,
            "right": self.right, "score": self.score,
            "fraction": None if self.fraction is None else round(self.fraction, 4),
            "passed": self.passed, "expired": self.expired, "elapsed_seconds": self.elapsed,
            "pass_mark": self.pass_mark, "time_limit": self.time_limit,
            # as `quiz --json` names them, beside the names above
            "attempt": self.id, "time_limit_seconds": self.time_limit,
        }


class History:
    """The quiz history database.  Open with :meth:`open`; close with :meth:`close` (or ``with``)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, recovered_from: Path | None = None) -> None:
        self._conn = conn
        self.path = path
        #: Where a corrupt database was moved to when this one was opened (else None).
        self.recovered_from = recovered_from

    # -- opening -------------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | None = None) -> History:
        """Open (creating when missing) the history at ``path`` (default :func:`default_path`).

        A corrupt file is moved aside and a fresh database created (see the module docstring).
        Raises :class:`rulebot.errors.DataError` for a database written by a newer rulebot or one
        that cannot be opened or moved.
        """
        path = Path(path) if path is not None else default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        recovered = None
        if path.exists():
            problem = _corruption(path)
            if problem:
                recovered = _move_aside(path, problem)
        try:
            conn = _connect(path)
            _ensure_schema(conn, path)
        except sqlite3.DatabaseError as exc:
            raise DataError(f"cannot open the quiz history: {exc}", path=path) from exc
        return cls(conn, path, recovered)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One committed transaction (rolled back on error); database errors become DataError."""
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            raise DataError(f"quiz history: {exc}", path=self.path) from exc

    def _query(self, sql: str, params: Sequence | Mapping = ()) -> list[sqlite3.Row]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise DataError(f"quiz history: {exc}", path=self.path) from exc

    # -- writing -------------------------------------------------------------------------------------

    def start_attempt(self, session: QuizSession, *, ruleset: str | None = None, level: int | None = None,
                      topic: str | None = None) -> int:
        """Store a new open attempt for ``session`` (with the filters it was picked by); return its id."""
        plan = json.dumps([item.to_plan() for item in session.items], ensure_ascii=False)
        with self._tx() as conn:
            cur = conn.execute(
                "INSERT INTO attempts (started_at, status, mode, ruleset, level, topic, seed, pass_mark,"
                " time_limit, total, plan) VALUES (?, 'open', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (_now(), session.mode, ruleset, level, topic, str(session.seed), session.pass_mark,
                 session.time_limit, len(session.items), plan))
            attempt_id = int(cur.lastrowid)
            for record in session.answers.values():  # none for a new session; kept for completeness
                _insert_answer(conn, attempt_id, record)
        return attempt_id

    def record_answer(self, attempt_id: int, record: AnswerRecord) -> None:
        """Store one answer in its own committed transaction (also keeps the attempt's elapsed time)."""
        with self._tx() as conn:
            _insert_answer(conn, attempt_id, record)
            conn.execute("UPDATE attempts SET elapsed = max(coalesce(elapsed, 0), ?) WHERE id = ?",
                         (record.elapsed, attempt_id))

    def finish_attempt(self, attempt_id: int, result: Result) -> None:
        """Mark the attempt finished with its score, pass/fail and elapsed seconds."""
        with self._tx() as conn:
            conn.execute(
                "UPDATE attempts SET status = 'finished', finished_at = ?, score = ?, passed = ?,"
                " expired = ?, elapsed = ? WHERE id = ?",
                (_now(), result.score, None if result.passed is None else int(result.passed),
                 int(result.expired), result.elapsed, attempt_id))

    # -- reading -------------------------------------------------------------------------------------

    def latest_open(self) -> int | None:
        """The id of the most recent open (unfinished) attempt with an answer, else of the most recent open
        one, or None: a quiz left before its first answer (started with no input) is not what "resume"
        offers over one the user has answered in; it stays resumable by its number."""
        rows = self._query("SELECT id FROM attempts AS a WHERE status = 'open' ORDER BY"
                           " EXISTS (SELECT 1 FROM answers WHERE attempt_id = a.id) DESC, id DESC LIMIT 1")
        return int(rows[0]["id"]) if rows else None

    def resume(self, attempt_id: int | None = None) -> tuple[int, QuizSession, dict]:
        """Rebuild the session of an open attempt (default: the latest one) with its stored answers.

        Returns ``(attempt_id, session, filters)``; the session is in state ``new`` with
        ``elapsed_before`` set to the time used before (the caller calls ``start``).  Raises
        :class:`rulebot.errors.NotFoundError` when there is no such open attempt and
        :class:`rulebot.errors.DataError` when its stored plan cannot be read.
        """
        if attempt_id is None:
            attempt_id = self.latest_open()
            if attempt_id is None:
                raise NotFoundError("no unfinished quiz to resume")
        rows = self._query("SELECT * FROM attempts WHERE id = ?", (attempt_id,))
        if not rows:
            raise NotFoundError(f"no quiz attempt {attempt_id}")
        row = rows[0]
        if row["status"] != "open":
            raise NotFoundError(f"quiz attempt {attempt_id} is already finished")
        session = self._session(row)
        filters = {"ruleset": row["ruleset"], "level": row["level"], "topic": row["topic"]}
        return attempt_id, session, filters

    def _session(self, row: sqlite3.Row) -> QuizSession:
        try:
            plan = json.loads(row["plan"])
            items = tuple(Item.from_plan(i, entry) for i, entry in enumerate(plan))
            session = QuizSession(items, row["mode"], row["pass_mark"], row["time_limit"], row["seed"])
            for answer in self._query("SELECT * FROM answers WHERE attempt_id = ? ORDER BY position",
                                      (row["id"],)):
                session.restore(AnswerRecord(answer["position"], answer["question_id"],
                                             Response.from_json(json.loads(answer["response"])),
                                             bool(answer["correct"]), answer["elapsed"]))
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise DataError(f"quiz attempt {row['id']} cannot be read back: {exc}", path=self.path) from exc
        session.elapsed_before = max(session.elapsed_before, row["elapsed"] or 0.0)
        if row["status"] == "open" and row["mode"] == "exam" and row["time_limit"] is not None:
            # an exam's clock runs from its start, paused or not: a pause is no time to look answers up
            session.elapsed_before = max(session.elapsed_before, _seconds_since(row["started_at"]))
        return session

    def session(self, attempt_id: int) -> QuizSession:
        """The session of any attempt (open or finished) with its answers, for showing it again."""
        rows = self._query("SELECT * FROM attempts WHERE id = ?", (attempt_id,))
        if not rows:
            raise NotFoundError(f"no quiz attempt {attempt_id}")
        session = self._session(rows[0])
        if rows[0]["status"] == "finished":
            session._finished_elapsed = rows[0]["elapsed"] or 0.0
            session.expired = bool(rows[0]["expired"])
            session.state = "finished"
        return session

    def attempts(self, limit: int | None = None) -> list[AttemptSummary]:
        """Attempts, oldest first (the last ``limit`` when given)."""
        sql = (
            "SELECT a.*, count(b.position) AS answered, coalesce(sum(b.correct), 0) AS right"
            " FROM attempts a LEFT JOIN answers b ON b.attempt_id = a.id GROUP BY a.id ORDER BY a.id DESC"
        )
        params: tuple = ()
        if limit is not None:
            sql += " LIMIT ?"
            params = (limit,)
        rows = self._query(sql, params)
        return [_summary(row) for row in reversed(rows)]

    def answers_for(self, attempt_id: int) -> list[AnswerRecord]:
        """The stored answers of one attempt, by position."""
        rows = self._query("SELECT * FROM answers WHERE attempt_id = ? ORDER BY position", (attempt_id,))
        return [AnswerRecord(r["position"], r["question_id"], Response.from_json(json.loads(r["response"])),
                             bool(r["correct"]), r["elapsed"]) for r in rows]

    def practice_order(self, question_ids: Iterable[str], *, recent: int = 3,
                       boost: float = 2.0) -> tuple[dict[str, float], set[str]]:
        """What practice picks by, read in one query: ``(weights, missed_last)`` -- for each question
        answered wrong lately, ``1 + boost * (wrong answers among its last `recent`)`` (questions not
        listed weigh 1), and the ids whose latest answer was wrong (asked again first)."""
        ids = list(dict.fromkeys(question_ids))
        weights: dict[str, float] = {}
        missed: set[str] = set()
        for start in range(0, len(ids), 500):  # keep under SQLite's variable limit
            chunk = ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._query(
                "SELECT question_id, sum(1 - correct) AS wrong,"
                "       max(CASE WHEN n = 1 THEN 1 - correct ELSE 0 END) AS last_wrong FROM ("
                "  SELECT question_id, correct, row_number() OVER ("
                "    PARTITION BY question_id ORDER BY answered_at DESC, attempt_id DESC) AS n"
                f"  FROM answers WHERE question_id IN ({marks})"
                ") WHERE n <= ? GROUP BY question_id", (*chunk, recent))
            for row in rows:
                if row["wrong"]:
                    weights[row["question_id"]] = 1.0 + boost * row["wrong"]
                if row["last_wrong"]:
                    missed.add(row["question_id"])
        return weights, missed

    def wrong_weights(self, question_ids: Iterable[str], *, recent: int = 3, boost: float = 2.0) -> dict[str, float]:
        """The weights of :meth:`practice_order`."""
        return self.practice_order(question_ids, recent=recent, boost=boost)[0]


# --------------------------------------------------------------------------------------------------
# Helpers


def _insert_answer(conn: sqlite3.Connection, attempt_id: int, record: AnswerRecord) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO answers (attempt_id, position, question_id, response, correct, elapsed,"
        " answered_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (attempt_id, record.position, record.question_id, json.dumps(record.response.to_json()),
         int(record.correct), record.elapsed, _now()))


def _summary(row: sqlite3.Row) -> AttemptSummary:
    return AttemptSummary(
        id=row["id"], started_at=row["started_at"], finished_at=row["finished_at"], status=row["status"],
        mode=row["mode"], ruleset=row["ruleset"], level=row["level"], topic=row["topic"], seed=row["seed"],
        total=row["total"], answered=row["answered"], right=row["right"], score=row["score"],
        passed=None if row["passed"] is None else bool(row["passed"]), expired=bool(row["expired"]),
        elapsed=row["elapsed"], pass_mark=row["pass_mark"], time_limit=row["time_limit"])


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=10.0)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _ensure_schema(conn: sqlite3.Connection, path: Path) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version == SCHEMA_VERSION:
        return
    if version > SCHEMA_VERSION:
        conn.close()
        raise DataError(f"the quiz history was written by a newer rulebot (schema {version})", path=path)
    tables = conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
    if tables:
        conn.close()
        raise DataError("this is not a rulebot quiz history (unknown tables, no schema version)", path=path)
    conn.execute("BEGIN IMMEDIATE")
    try:
        if conn.execute("PRAGMA user_version").fetchone()[0] == 0:  # not created meanwhile by another process
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _corruption(path: Path) -> str | None:
    """Why the database at ``path`` is unusable (not SQLite, fails quick_check), or None."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=10.0)
    except sqlite3.DatabaseError as exc:
        return str(exc)
    try:
        rows = conn.execute("PRAGMA quick_check").fetchall()
        if [tuple(r) for r in rows] != [("ok",)]:
            return "; ".join(str(r[0]) for r in rows[:3])
        return None
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        conn.close()


def _move_aside(path: Path, problem: str) -> Path:
    """Rename a corrupt database (and its -wal/-shm files) to ``<name>.corrupt-<UTC time>``."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        path.rename(aside)
        for suffix in ("-wal", "-shm"):
            extra = path.with_name(path.name + suffix)
            if extra.exists():
                extra.rename(aside.with_name(aside.name + suffix))
    except OSError as exc:
        raise DataError(f"the quiz history is corrupt ({problem}) and could not be moved aside: {exc}",
                        path=path) from exc
    return aside
