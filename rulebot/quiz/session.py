"""The quiz session: a pure state machine (no I/O, no clock, no screen).

The CLI and the TUI drive it the same way::

    session = QuizSession.create(questions, seed=1, mode="exam", pass_mark=0.8, time_limit=600)
    session.start(now=time.monotonic())
    while (item := session.current) is not None:
        step = session.answer(parse_response(item, text), now=time.monotonic())
        ...                              # step.feedback in practice mode, None in an exam
    result = session.finish(now=time.monotonic())

Times are seconds from a clock the caller chooses (``time.monotonic()``); the session only keeps
differences, so a resumed session continues from the elapsed time it is given.

Modes: ``practice`` gives :class:`Feedback` after each answer (right or wrong, the explanation, the
quoted clauses); ``exam`` gives none until :meth:`QuizSession.finish`, and refuses answers once its
time limit (seconds) has run out.  The pass mark is a share of the points (0-1); each question is one
point, all-or-nothing for several-answer questions.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from rulebot.errors import RulebotError, UsageError
from rulebot.quiz.bank import DEFAULT_PASS_MARK, Cite, Question

Mode = Literal["practice", "exam"]
LETTERS = "abcdefghijklmnopqrstuvwxyz"
_EPS = 1e-9


class QuizStateError(RulebotError):
    """An event the session cannot take in its state (answering a finished quiz)."""


# --------------------------------------------------------------------------------------------------
# Items and responses


@dataclass(frozen=True)
class Item:
    """One question as presented: its ``position`` (0-based) and its options in display order
    (lettered a, b, c, ...; empty for truefalse and numeric questions)."""

    position: int
    question: Question
    options: tuple[str, ...] = ()

    def letter(self, option: str) -> str:
        """The letter an option is shown with (``"b"``)."""
        return LETTERS[self.options.index(option)]

    @property
    def right_answer(self) -> str:
        """The right answer for display: ``"b) 20 minutes"``, ``"a) x; c) y"``, ``"True"``,
        ``"20 minutes"``."""
        q = self.question
        if q.kind in ("choice", "multi"):
            rights = set(q.right_options)
            return "; ".join(f"{LETTERS[i]}) {opt}" for i, opt in enumerate(self.options) if opt in rights)
        return q.answer_text

    def to_plan(self) -> dict:
        """JSON-ready snapshot (the question in full and the option order), stored in the history so
        an attempt can be resumed and shown even after its bank changes."""
        return {"question": self.question.model_dump(mode="json"), "options": list(self.options)}

    @classmethod
    def from_plan(cls, position: int, data: Mapping) -> Item:
        """The inverse of :meth:`to_plan`."""
        question = Question.model_validate(data["question"])
        return cls(position, question, tuple(data.get("options") or ()))


@dataclass(frozen=True)
class Response:
    """A user's answer: the option texts chosen (choice / multi), or ``value`` (truefalse: bool,
    numeric: float).  ``raw`` is what was typed."""

    choices: tuple[str, ...] = ()
    value: bool | float | None = None
    raw: str = ""

    def to_json(self) -> dict:
        data: dict = {"raw": self.raw}
        if self.choices:
            data["choices"] = list(self.choices)
        if self.value is not None:
            data["value"] = self.value
        return data

    @classmethod
    def from_json(cls, data: Mapping) -> Response:
        return cls(tuple(data.get("choices") or ()), data.get("value"), data.get("raw", ""))

    def display(self, item: Item) -> str:
        """``"b) 20 minutes"``, ``"True"``, ``"25"``."""
        if item.question.kind in ("choice", "multi"):
            return "; ".join(f"{item.letter(c)}) {c}" if c in item.options else c for c in self.choices)
        if isinstance(self.value, bool):
            return "True" if self.value else "False"
        if self.value is None:
            return ""
        return f"{self.value:g}"


_TRUE = {"t", "true", "y", "yes"}
_FALSE = {"f", "false", "n", "no"}
_NUMBER = re.compile(r"^[-+]?(\d+([.,]\d*)?|[.,]\d+)")
_CLOCK = re.compile(r"(\d{1,3}):([0-5]\d)(?:\s*(?:min|mins|minutes))?")
#: Units a numeric answer may be given in, by kind, with their size in seconds or metres.
_UNITS: dict[str, tuple[str, float]] = {
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds"), ("time", 1.0)),
    **dict.fromkeys(("min", "mins", "minute", "minutes"), ("time", 60.0)),
    **dict.fromkeys(("cm", "centimetre", "centimetres", "centimeter", "centimeters"), ("length", 0.01)),
    **dict.fromkeys(("m", "metre", "metres", "meter", "meters"), ("length", 1.0)),
    **dict.fromkeys(("ft", "foot", "feet", "'"), ("length", 0.3048)),
    **dict.fromkeys(("in", "inch", "inches", '"'), ("length", 0.0254)),
}


def parse_response(item: Item, text: str) -> Response:
    """Read a typed answer: option letter(s) (``b``, ``a,c``, ``a c``, ``ac``), ``t``/``f``/``true``/
    ``false``/``yes``/``no``, or a number (``20``, ``1.5``, ``20 minutes``).

    Raises :class:`rulebot.errors.UsageError` with a one-line hint when the text is not an answer
    to this item (unknown letter, two letters for a one-answer question, no number, empty).
    """
    raw = text.strip()
    q = item.question
    if not raw:
        raise UsageError("type an answer")
    if q.kind in ("choice", "multi"):
        letters = re.sub(r"[\s,;/+)]+", "", raw.lower())
        allowed = LETTERS[: len(item.options)]
        if not letters or any(ch not in allowed for ch in letters):
            raise UsageError(f"answer with a letter from a to {allowed[-1]}")
        if len(set(letters)) != len(letters):
            raise UsageError("each letter once, please")
        if q.kind == "choice" and len(letters) != 1:
            raise UsageError("pick one option (one letter)")
        chosen = tuple(item.options[LETTERS.index(ch)] for ch in sorted(letters))
        return Response(choices=chosen, raw=raw)
    if q.kind == "truefalse":
        word = raw.lower()
        if word in _TRUE:
            return Response(value=True, raw=raw)
        if word in _FALSE:
            return Response(value=False, raw=raw)
        raise UsageError("answer t (true) or f (false)")
    clock = _CLOCK.fullmatch(raw)
    if clock and _UNITS.get(q.unit.lower(), ("",))[0] == "time":
        # "1:30" is a minute and a half, answered in the question's unit (90 seconds, 1.5 minutes)
        seconds = int(clock.group(1)) * 60 + int(clock.group(2))
        return Response(value=seconds / _UNITS[q.unit.lower()][1], raw=raw)
    match = _NUMBER.match(raw)
    if not match:
        raise UsageError(f"answer with a number ({q.unit})")
    value = float(match.group(0).replace(",", "."))
    said = raw[match.end():].strip().lower().rstrip(".")
    if said and said in _UNITS and said != q.unit.lower():
        # "100 cm" for a question in metres: converted; a length for a time is no answer
        have, want = _UNITS[said], _UNITS.get(q.unit.lower())
        if want is None or have[0] != want[0]:
            raise UsageError(f"answer in {q.unit}")
        value = value * have[1] / want[1]
    return Response(value=round(value, 6), raw=raw)


def grade(item: Item, response: Response) -> bool:
    """True when ``response`` is right: the one right option; exactly the set of right options
    (multi, all-or-nothing); the right truth value; a number within the tolerance."""
    q = item.question
    if q.kind == "choice":
        return response.choices == q.right_options
    if q.kind == "multi":
        return set(response.choices) == set(q.right_options)
    if q.kind == "truefalse":
        return response.value is q.answer
    if response.value is None or isinstance(response.value, bool):
        return False
    return abs(float(response.value) - float(q.answer)) <= q.tolerance + _EPS  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------------
# Selection


def filter_questions(questions: Iterable[Question], *, ruleset: str | None = None, level: int | None = None,
                     topic: str | None = None) -> list[Question]:
    """The questions of ``ruleset`` (id), ``level`` (1-3) and ``topic`` (slug, case-insensitive;
    ``None`` means any)."""
    topic = topic.lower() if topic else None
    return [q for q in questions
            if (ruleset is None or q.ruleset == ruleset)
            and (level is None or q.level == level)
            and (topic is None or q.topic == topic)]


def select_questions(pool: Sequence[Question], *, count: int | None, seed: int | str,
                     weights: Mapping[str, float] | None = None, first: Iterable[str] = ()) -> list[Question]:
    """Pick ``count`` questions (all when None or larger than the pool) in an order fixed by ``seed``.

    ``weights`` (question id -> weight > 0, default 1) makes a question more likely to be picked and
    to come early (weighted sampling without replacement, Efraimidis-Spirakis); the questions in
    ``first`` (ids) come before all others, in that same order.  Practice puts first the questions whose
    last answer was wrong and weighs up those missed lately.  Same pool, count, seed, weights and
    ``first``: same list.
    """
    rng = random.Random(f"rulebot-quiz:{seed}")
    ordered = sorted(pool, key=lambda q: q.id)
    if weights:
        keyed = []
        for q in ordered:
            w = max(float(weights.get(q.id, 1.0)), _EPS)
            keyed.append((rng.random() ** (1.0 / w), q))
        keyed.sort(key=lambda pair: pair[0], reverse=True)
        ordered = [q for _, q in keyed]
    else:
        rng.shuffle(ordered)
    again = set(first)
    if again:
        ordered = [q for q in ordered if q.id in again] + [q for q in ordered if q.id not in again]
    return ordered if count is None else ordered[: max(count, 0)]


def shuffled_options(question: Question, seed: int | str) -> tuple[str, ...]:
    """The question's options in a display order fixed by ``seed`` and the question id
    (() for truefalse and numeric)."""
    if not question.options:
        return ()
    options = list(question.options)
    random.Random(f"rulebot-options:{seed}:{question.id}").shuffle(options)
    return tuple(options)


# --------------------------------------------------------------------------------------------------
# Feedback and results


@dataclass(frozen=True)
class Feedback:
    """What the user is told about one question: right or wrong, the right answer (as shown, with
    letters), the explanation and the cited clauses with their quotes.  ``response`` is None for a
    question left unanswered."""

    item: Item
    response: Response | None
    correct: bool

    @property
    def question(self) -> Question:
        return self.item.question

    @property
    def right_answer(self) -> str:
        return self.item.right_answer

    @property
    def explanation(self) -> str:
        return self.item.question.explanation

    @property
    def cites(self) -> tuple[Cite, ...]:
        return self.item.question.cite

    def to_json(self) -> dict:
        q = self.item.question
        return {
            "position": self.item.position,
            "id": q.id,
            "ruleset": q.ruleset,
            "level": q.level,
            "topic": q.topic,
            "kind": q.kind,
            "question": q.question,
            "options": list(self.item.options),
            "response": self.response.to_json() if self.response else None,
            "answered": self.response is not None,
            "correct": self.correct,
            "right_answer": self.right_answer,
            # the right answer as data (true, 20, ["a helmet", ...]), beside right_answer's display text
            "answer": q.model_dump(mode="json")["answer"],
            "explanation": q.explanation,
            "cite": [c.model_dump() for c in q.cite],
        }


@dataclass(frozen=True)
class TopicScore:
    """Points per topic: ``right`` of ``total`` questions."""

    topic: str
    right: int
    total: int


@dataclass(frozen=True)
class Result:
    """A finished (or stopped) quiz.

    ``score`` right answers of ``total`` questions (``answered`` of them answered); ``passed`` is
    ``score / total >= pass_mark`` in an exam and None in practice; ``expired`` True when the exam's
    time ran out; ``elapsed`` seconds; ``reread`` the clauses cited by the questions missed, in
    quiz order without repeats; ``feedback`` one entry per question in order.
    """

    mode: Mode
    score: int
    total: int
    answered: int
    pass_mark: float
    passed: bool | None
    expired: bool
    elapsed: float
    by_topic: tuple[TopicScore, ...]
    reread: tuple[Cite, ...]
    feedback: tuple[Feedback, ...]

    @property
    def fraction(self) -> float:
        """Share of points, 0-1 (0 for an empty quiz)."""
        return self.score / self.total if self.total else 0.0

    def to_json(self) -> dict:
        return {
            "mode": self.mode,
            "score": self.score,
            "total": self.total,
            "answered": self.answered,
            "fraction": round(self.fraction, 4),
            "pass_mark": self.pass_mark,
            "passed": self.passed,
            "expired": self.expired,
            "elapsed_seconds": round(self.elapsed, 1),
            "by_topic": [{"topic": t.topic, "right": t.right, "total": t.total} for t in self.by_topic],
            "reread": [c.model_dump() for c in self.reread],
            "questions": [f.to_json() for f in self.feedback],
        }


@dataclass(frozen=True)
class AnswerRecord:
    """One graded answer: item position, response, right or wrong, and the elapsed seconds of the
    session when it was given."""

    position: int
    question_id: str
    response: Response
    correct: bool
    elapsed: float


@dataclass(frozen=True)
class Step:
    """What :meth:`QuizSession.answer` returns: the stored ``record`` (None when refused because the
    time ran out), ``feedback`` (practice only) and ``expired``."""

    record: AnswerRecord | None
    feedback: Feedback | None = None
    expired: bool = False


# --------------------------------------------------------------------------------------------------
# The session


@dataclass
class QuizSession:
    """A quiz in progress.  States: ``new`` -> ``running`` (after :meth:`start`) -> ``finished``
    (after :meth:`finish`).  Answers are taken in item order; :attr:`current` is the first
    unanswered item.

    ``time_limit`` (seconds, exam mode; None: untimed) counts from :meth:`start`, plus ``elapsed``
    already used before a resume.  ``seed`` is kept for the record.
    """

    items: tuple[Item, ...]
    mode: Mode = "practice"
    pass_mark: float = DEFAULT_PASS_MARK
    time_limit: float | None = None
    seed: int | str | None = None
    elapsed_before: float = 0.0
    answers: dict[int, AnswerRecord] = field(default_factory=dict)
    state: Literal["new", "running", "finished"] = "new"
    expired: bool = False
    _origin: float | None = None
    _finished_elapsed: float | None = None

    @classmethod
    def create(cls, questions: Sequence[Question], *, seed: int | str, mode: Mode = "practice",
               pass_mark: float = DEFAULT_PASS_MARK, time_limit: float | None = None) -> QuizSession:
        """A new session over ``questions`` (already selected and ordered, see
        :func:`select_questions`) with options shuffled under ``seed``.

        Raises :class:`rulebot.errors.UsageError` for an empty list, a bad mode, a pass mark outside
        (0, 1] or a time limit that is not positive.
        """
        if not questions:
            raise UsageError("no questions to ask")
        if mode not in ("practice", "exam"):
            raise UsageError(f"unknown mode {mode!r}")
        if not 0 < pass_mark <= 1:
            raise UsageError("the pass mark is a share between 0 and 1")
        if time_limit is not None and time_limit <= 0:
            raise UsageError("the time limit must be more than 0 seconds")
        items = tuple(Item(i, q, shuffled_options(q, seed)) for i, q in enumerate(questions))
        return cls(items, mode, pass_mark, time_limit if mode == "exam" else None, seed)

    # -- clock -----------------------------------------------------------------------------------------

    def start(self, now: float) -> None:
        """Start (or restart after a resume) the clock at ``now`` (seconds)."""
        if self.state == "finished":
            raise QuizStateError("this quiz is finished")
        self._origin = now - self.elapsed_before
        self.state = "running"

    def elapsed(self, now: float) -> float:
        """Seconds used so far (including those before a resume)."""
        if self._finished_elapsed is not None:
            return self._finished_elapsed
        if self._origin is None:
            return self.elapsed_before
        return max(now - self._origin, 0.0)

    def time_left(self, now: float) -> float | None:
        """Seconds left in a timed exam (0 when run out), None when untimed."""
        if self.time_limit is None:
            return None
        return max(self.time_limit - self.elapsed(now), 0.0)

    def is_expired(self, now: float) -> bool:
        """True when a timed exam's time has run out."""
        return self.time_limit is not None and self.elapsed(now) > self.time_limit

    # -- questions ---------------------------------------------------------------------------------------

    @property
    def current(self) -> Item | None:
        """The first unanswered item, or None when all are answered, the time ran out or the quiz is
        finished."""
        if self.state == "finished" or self.expired:
            return None
        for item in self.items:
            if item.position not in self.answers:
                return item
        return None

    @property
    def done(self) -> bool:
        """True when there is nothing more to answer (all answered, time out, or finished)."""
        return self.current is None

    def answer(self, response: Response, now: float) -> Step:
        """Answer :attr:`current` with ``response`` at ``now`` (seconds).

        In an exam whose time has run out the answer is refused: the session is marked expired and
        ``Step(record=None, expired=True)`` returned.  Practice returns the :class:`Feedback`.
        Raises :class:`QuizStateError` when the session is not running or has no current item.
        """
        if self.state != "running":
            raise QuizStateError("start the quiz before answering" if self.state == "new"
                                 else "this quiz is finished")
        item = self.current
        if item is None:
            raise QuizStateError("there is no question left to answer")
        if self.is_expired(now):
            self.expired = True
            return Step(None, None, expired=True)
        correct = grade(item, response)
        record = AnswerRecord(item.position, item.question.id, response, correct, self.elapsed(now))
        self.answers[item.position] = record
        feedback = Feedback(item, response, correct) if self.mode == "practice" else None
        return Step(record, feedback)

    def restore(self, record: AnswerRecord) -> None:
        """Put back an answer given before a resume (graded again against the stored question)."""
        item = self.items[record.position]
        if item.question.id != record.question_id:
            raise QuizStateError(f"answer {record.position + 1} is for {record.question_id}, "
                                 f"not {item.question.id}")
        correct = grade(item, record.response)
        self.answers[record.position] = AnswerRecord(record.position, record.question_id, record.response,
                                                     correct, record.elapsed)
        self.elapsed_before = max(self.elapsed_before, record.elapsed)

    # -- end -------------------------------------------------------------------------------------------

    def finish(self, now: float) -> Result:
        """End the quiz at ``now``: unanswered questions count as wrong.  Returns the :class:`Result`
        (calling it again returns the same result)."""
        if self._finished_elapsed is None:
            if self.is_expired(now):
                self.expired = True
            elapsed = self.elapsed(now)
            if self.time_limit is not None:
                elapsed = min(elapsed, self.time_limit)
            self._finished_elapsed = elapsed
        self.state = "finished"
        return self.result()

    def result(self, now: float | None = None) -> Result:
        """The result so far (for a finished session: the final one)."""
        feedback = []
        topics: dict[str, list[int]] = {}
        reread: list[Cite] = []
        for item in self.items:
            record = self.answers.get(item.position)
            correct = bool(record and record.correct)
            feedback.append(Feedback(item, record.response if record else None, correct))
            score = topics.setdefault(item.question.topic, [0, 0])
            score[0] += correct
            score[1] += 1
            if not correct:
                for cite in item.question.cite:
                    if all(c.label != cite.label for c in reread):  # each clause once, whatever it quotes
                        reread.append(cite)
        score = sum(1 for f in feedback if f.correct)
        total = len(self.items)
        passed = (score / total >= self.pass_mark - _EPS) if self.mode == "exam" and total else None
        elapsed = self._finished_elapsed if self._finished_elapsed is not None else (
            self.elapsed(now) if now is not None else self.elapsed_before)
        return Result(
            mode=self.mode, score=score, total=total, answered=len(self.answers), pass_mark=self.pass_mark,
            passed=passed, expired=self.expired, elapsed=elapsed,
            by_topic=tuple(TopicScore(t, r, n) for t, (r, n) in topics.items()),
            reread=tuple(reread), feedback=tuple(feedback),
        )
