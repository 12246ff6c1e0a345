"""``rulebot quiz``: certification quizzes in the terminal (issue 5).

::

    rulebot quiz [run] [--ruleset ID] [--level N] [--topic T] [--count N] [--seed S] [--exam]
                 [--time-limit SECONDS] [--source banks|generated|all] [--banks PATH ...] [--json]
    rulebot quiz --resume [ATTEMPT]
    rulebot quiz check [PATHS ...] [--generated]
    rulebot quiz history [--limit N] [--json]

Answers are read from stdin one per line, so a quiz can be scripted: option letter(s) (``b``,
``a,c``), ``t``/``f``/``true``/``false``, or a number.  A line that is not an answer for the
question is reported and the next line read.  End of input stops the quiz cleanly: the answers given so
far are stored, and ``rulebot quiz --resume`` continues with the first unanswered question.  With
``--json`` the questions and feedback go to stderr and the attempt (finished or not) is printed on
stdout as JSON.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from typing import Any

from rulebot.errors import ExitStatus, NotFoundError, RulebotError, UsageError

#: Questions in a quiz when ``--count`` is not given.
DEFAULT_COUNT = 10
#: Exam time per question (seconds) when ``--time-limit`` is not given.
EXAM_SECONDS_PER_QUESTION = 60


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``quiz`` command."""
    p = subparsers.add_parser(
        "quiz",
        help="practice or sit an exam with the question banks; check banks; show your history",
        description="Quizzes built on the rulebooks. Answers are read one per line from stdin: option "
        "letter(s) (b, a,c), t/f, or a number. End of input pauses the quiz (resume with --resume).",
    )
    p.add_argument("action", nargs="?", choices=("run", "check", "history"), default="run",
                   help="run a quiz (default), check question banks, or show past attempts")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="check: bank files or folders to check (default: the embedded banks)")
    p.add_argument("--ruleset", metavar="ID", help="only questions on this ruleset (id or alias, e.g. rha, FIRS)")
    p.add_argument("--level", type=int, choices=(1, 2, 3), help="1 basics, 2 penalties and signals, 3 situations")
    p.add_argument("--topic", metavar="T", help="only questions on this topic (e.g. game-time)")
    p.add_argument("--count", type=_positive_int, metavar="N",
                   help=f"number of questions (default {DEFAULT_COUNT}; all when fewer match)")
    p.add_argument("--seed", type=int, metavar="S", help="fixes the question and option order (default: random)")
    p.add_argument("--exam", action="store_true",
                   help="exam mode: timed, feedback at the end, pass mark from the bank (default 80%%)")
    p.add_argument("--time-limit", type=_positive_float, metavar="SECONDS",
                   help=f"exam time limit in seconds (default {EXAM_SECONDS_PER_QUESTION} per question)")
    p.add_argument("--source", choices=("banks", "generated", "all"), default="banks",
                   help="hand-written banks (default), questions generated from the index, or both")
    p.add_argument("--banks", action="append", metavar="PATH",
                   help="use the banks in this file or folder instead of the embedded ones (repeatable)")
    p.add_argument("--resume", nargs="?", const="latest", metavar="ATTEMPT",
                   help="resume the latest unfinished quiz answered in (or attempt number ATTEMPT)")
    p.add_argument("--generated", action="store_true", help="check: also check the generated questions")
    p.add_argument("--limit", type=_positive_int, metavar="N", help="history: show the last N attempts")
    p.add_argument("--json", action="store_true",
                   help="print the attempt (run) or the attempts (history) as JSON on stdout")
    p.set_defaults(func=run)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def run(args: argparse.Namespace) -> int:
    """Dispatch to the action; returns the exit status."""
    if args.paths and args.action != "check":
        raise UsageError(f"unexpected argument {args.paths[0]!r} (paths are for `rulebot quiz check`)")
    if args.action == "check":
        return _check(args)
    if args.action == "history":
        return _history(args)
    return _run_quiz(args)


# --------------------------------------------------------------------------------------------------
# check


def _check(args: argparse.Namespace) -> int:
    from rulebot.corpus import load_index
    from rulebot.quiz.check import check_banks

    index = load_index()
    extra = []
    if args.generated:
        from rulebot.quiz.generate import generated_questions

        extra = generated_questions(index, topics=_generated_topics(None))
    report = check_banks(args.paths or None, index, extra=extra)
    for problem in report.problems:
        print(problem)
    summary = (f"{len(report.banks)} banks, {report.questions} questions: "
               + (f"{len(report.problems)} problem{'s' if len(report.problems) != 1 else ''}"
                  if report.problems else "ok"))
    print(summary, file=sys.stderr)
    return int(ExitStatus.DATA) if report.problems else int(ExitStatus.OK)


# --------------------------------------------------------------------------------------------------
# history


def _history(args: argparse.Namespace) -> int:
    from rulebot.quiz.history import History

    with History.open() as history:
        _warn_recovered(history)
        attempts = history.attempts(args.limit)
    if args.json:
        print(json.dumps([a.to_json() for a in attempts], indent=2, ensure_ascii=False))
        return 0
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    if not attempts:
        console.print("No quizzes yet. Start one with `rulebot quiz`.")
        return 0
    table = Table(title="Quiz history")
    for name, justify in (("#", "right"), ("started (UTC)", "left"), ("mode", "left"), ("questions on", "left"),
                          ("score", "right"), ("%", "right"), ("result", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for a in attempts:
        what = " ".join(part for part in (a.ruleset or "all rulesets", f"level {a.level}" if a.level else "",
                                          a.topic or "") if part)
        if a.status == "open":
            # an exam gives no feedback until it is finished: its score is not shown before either
            score, pct = ("—" if a.mode == "exam" else f"{a.right}/{a.total} so far"), ""
            result = f"unfinished ({a.answered} answered): rulebot quiz --resume {a.id}"
        else:
            score = f"{a.score}/{a.total}"
            pct = f"{100 * (a.fraction or 0):.0f}"
            if a.mode == "exam":
                result = ("passed" if a.passed else "failed") + (" (time ran out)" if a.expired else "")
            else:
                result = "practice"
        table.add_row(str(a.id), a.started_at.replace("T", " ").removesuffix("+00:00"), a.mode, what,
                      score, pct, result)
    console.print(table)
    return 0


def _warn_recovered(history: Any) -> None:
    if history.recovered_from is not None:
        print(f"rulebot: warning: the quiz history was corrupt; moved it to {history.recovered_from} "
              f"and started a new one at {history.path}", file=sys.stderr)


# --------------------------------------------------------------------------------------------------
# run


def _run_quiz(args: argparse.Namespace) -> int:
    from rich.console import Console

    from rulebot.quiz.history import History

    console = Console(stderr=args.json, highlight=False)
    # a terminal gets lines wrapped between words ("dou/ble" split by the terminal otherwise); a pipe or
    # file gets each line whole
    console.soft_wrap = not console.is_terminal
    with History.open() as history:
        _warn_recovered(history)
        if args.resume is not None:
            session, attempt_id = _resumed(args, history, console)
        else:
            session, attempt_id = _new_session(args, history)
        status = _drive(session, attempt_id, history, console)
        if args.json:
            print(json.dumps(_attempt_json(attempt_id, session, status), indent=2, ensure_ascii=False))
    return 0


def _resumed(args: argparse.Namespace, history: Any, console: Any):
    ignored = [name for name in ("ruleset", "level", "topic", "count", "seed", "time_limit", "banks")
               if getattr(args, name) not in (None, False)] + (["exam"] if args.exam else [])
    if ignored:
        raise UsageError("--resume continues a quiz as it was started; drop " +
                         ", ".join("--" + n.replace("_", "-") for n in ignored))
    wanted = None
    if args.resume != "latest":
        try:
            wanted = int(args.resume)
        except ValueError:
            raise UsageError(f"--resume takes an attempt number, not {args.resume!r}") from None
    attempt_id, session, _filters = history.resume(wanted)
    done = len(session.answers)
    console.print(f"Resuming quiz {attempt_id}: {done} of {len(session.items)} answered.")
    return session, attempt_id


def _new_session(args: argparse.Namespace, history: Any):
    import random

    from rulebot.quiz.bank import DEFAULT_PASS_MARK, load_banks
    from rulebot.quiz.session import QuizSession, filter_questions, select_questions

    questions: list = []
    pass_marks: dict[tuple[str, int], float] = {}
    index = None
    if args.source in ("banks", "all"):
        banks = load_banks(args.banks)
        for bank in banks:
            pass_marks[(bank.ruleset, bank.level)] = bank.pass_mark
            questions.extend(bank.questions)
    if args.source in ("generated", "all"):
        from rulebot.corpus import load_index
        from rulebot.quiz.generate import generated_questions

        index = load_index()
        questions.extend(generated_questions(index, topics=_generated_topics(args.topic)))
    ruleset = _resolve_ruleset(args.ruleset, questions, index) if args.ruleset else None
    pool = filter_questions(questions, ruleset=ruleset, level=args.level, topic=args.topic)
    if not pool:
        asked = ", ".join(f"{k} {v}" for k, v in (("ruleset", ruleset), ("level", args.level),
                                                    ("topic", args.topic)) if v is not None)
        topics = sorted({q.topic for q in filter_questions(questions, ruleset=ruleset, level=args.level)})
        hint = f" (topics: {', '.join(topics)})" if args.topic and topics else ""
        raise NotFoundError(f"no questions for {asked or 'this selection'}{hint}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    mode = "exam" if args.exam else "practice"
    # practice: the questions missed last time first, those missed lately weighed up
    weights, again = (None, set()) if args.exam else history.practice_order(q.id for q in pool)
    chosen = select_questions(pool, count=args.count or DEFAULT_COUNT, seed=seed, weights=weights, first=again)
    if args.count and len(chosen) < args.count:
        n = len(chosen)
        print(f"rulebot: note: {n} question{'s' if n != 1 else ''} match this selection (not {args.count}); "
              f"the quiz has {n}.", file=sys.stderr)
    pass_mark = max((pass_marks.get((q.ruleset, q.level), DEFAULT_PASS_MARK) if not q.generated
                     else DEFAULT_PASS_MARK) for q in chosen)
    time_limit = None
    if args.exam:
        time_limit = args.time_limit or EXAM_SECONDS_PER_QUESTION * len(chosen)
    elif args.time_limit:
        raise UsageError("--time-limit is for exams (add --exam)")
    session = QuizSession.create(chosen, seed=seed, mode=mode, pass_mark=pass_mark, time_limit=time_limit)
    attempt_id = history.start_attempt(session, ruleset=ruleset, level=args.level, topic=args.topic)
    return session, attempt_id


def _generated_topics(topic: str | None) -> list[str]:
    """The generated topics to build: the one asked for, else every one whose table is installed
    (a note on stderr names those that are not).  DataError when none can be built."""
    from rulebot.errors import DataError
    from rulebot.quiz.generate import TOPICS, available_topics

    if topic in TOPICS:
        return [topic]
    topics = available_topics()
    missing = [t for t in TOPICS if t not in topics]
    if not topics:
        raise DataError("no generated questions: rulebot.signals and rulebot.penalties are not installed")
    if missing:
        print(f"rulebot: note: no generated {', '.join(missing)} questions yet (their table is not installed)",
              file=sys.stderr)
    return topics


def _resolve_ruleset(name: str, questions: list, index: Any) -> str:
    """A ruleset id from an id or an alias (``FIRS`` -> ``firs-2017``); UsageError when unknown."""
    ids = {q.ruleset for q in questions}
    if name in ids:
        return name
    folded = name.casefold()
    for rid in ids:
        if rid.casefold() == folded:
            return rid
    if index is None:
        from rulebot.corpus import load_index

        index = load_index()
    for rid, rs in index.rulesets.items():
        names = {rid, getattr(rs, "short_name", ""), *getattr(rs, "aliases", ())}
        if folded in {n.casefold() for n in names if n}:
            return rid
    known = ", ".join(sorted(ids)) or "none"
    raise UsageError(f"unknown ruleset {name!r} (quizzes exist for: {known})")


#: What a quiz taker types to stop: the quiz is paused, to go on with ``rulebot quiz --resume``.
QUIT_WORDS = frozenset({"q", "quit", "exit", "stop"})


def _drive(session: Any, attempt_id: int, history: Any, console: Any) -> str:
    """Ask the questions until done, end of input or a quit word (:data:`QUIT_WORDS`); returns
    ``"finished"`` or ``"open"`` (paused, to resume)."""
    from rulebot.errors import UsageError as BadAnswer
    from rulebot.quiz.session import parse_response

    from rich.markup import escape

    clock = time.monotonic
    interactive = sys.stdin.isatty()
    session.start(clock())
    total = len(session.items)
    while True:
        item = session.current
        if item is None or session.is_expired(clock()):
            break
        _show_question(console, session, item, total, clock())
        while True:
            console.print("> ", end="")
            console.file.flush()
            try:
                line = sys.stdin.readline()
            except KeyboardInterrupt:  # Ctrl-C: the answers so far are stored; say how to go on
                console.print()
                _paused(console, attempt_id, len(session.answers), total)
                raise
            if not line:  # end of input: leave the rest unanswered, resumable
                console.print()
                _paused(console, attempt_id, len(session.answers), total)
                return "open"
            if not interactive:  # show piped answers, so a transcript reads like a session
                console.print(escape(line.strip()))
            if line.strip().lower() in QUIT_WORDS:  # stop here: the answers so far are kept, resumable
                _paused(console, attempt_id, len(session.answers), total)
                return "open"
            try:
                response = parse_response(item, line)
            except BadAnswer as err:
                console.print(f"[yellow]{err}[/]")
                continue
            break
        step = session.answer(response, clock())
        if step.expired:
            console.print("[red]Time is up: that answer came after the time limit.[/]")
            break
        history.record_answer(attempt_id, step.record)
        if step.feedback is not None:
            _show_feedback(console, step.feedback)
    result = session.finish(clock())
    history.finish_attempt(attempt_id, result)
    _show_result(console, result, attempt_id)
    return "finished"


def _paused(console: Any, attempt_id: int, answered: int, total: int) -> None:
    console.print(f"Quiz {attempt_id} paused: {answered} of {total} answered. "
                  f"Continue with `rulebot quiz --resume`.")


def _show_question(console: Any, session: Any, item: Any, total: int, now: float) -> None:
    from rich.markup import escape

    q = item.question
    head = f"Question {item.position + 1} of {total} · {q.ruleset} · level {q.level} · {q.topic}"
    left = session.time_left(now)
    if left is not None:
        head += f" · time left {int(left) // 60}:{int(left) % 60:02d}"
    console.print()
    console.print(f"[dim]{escape(head)}[/]")
    console.print(f"[bold]{escape(q.question)}[/]")
    for i, option in enumerate(item.options):
        console.print(f"  {'abcdefghijklmnopqrstuvwxyz'[i]}) {escape(option)}")
    hint = {"choice": "one letter", "multi": "every right letter, e.g. a,c",
            "truefalse": "t (true) or f (false)", "numeric": f"a number, in {q.unit}"}[q.kind]
    console.print(f"[dim]Answer: {escape(hint)} (q to stop)[/]")


def _show_feedback(console: Any, feedback: Any) -> None:
    from rich.markup import escape

    if feedback.correct:
        console.print("[green]Right.[/]")
    elif feedback.response is None:
        console.print(f"[red]Not answered.[/] The answer: {escape(feedback.right_answer)}")
    else:
        console.print(f"[red]Wrong:[/] you said {escape(feedback.response.display(feedback.item))}. "
                      f"The answer: {escape(feedback.right_answer)}")
    console.print(escape(feedback.explanation))
    for cite in feedback.cites:
        console.print(f"  [cyan]{escape(cite.label)}[/]: \u201c{escape(_quoted(cite))}\u201d")


def _quoted(cite: Any) -> str:
    """The cited sentences in full (:func:`rulebot.quiz.check.quote_in_full`); the bank's quote when the
    clause index cannot be read.  The index is read the first time feedback is shown, not at start-up."""
    from rulebot.quiz.check import quote_in_full

    index = _feedback_index()
    return quote_in_full(index, cite) if index is not None else cite.quote


@functools.lru_cache(maxsize=1)
def _feedback_index() -> Any:
    """The clause index for quiz feedback, read once per process; None when it cannot be read."""
    from rulebot.corpus import load_index

    try:
        return load_index()
    except RulebotError:
        return None


def _show_result(console: Any, result: Any, attempt_id: int) -> None:
    from rich.markup import escape
    from rich.table import Table

    console.print()
    if result.mode == "exam":
        console.print("[bold]Exam feedback[/]")
        for fb in result.feedback:
            console.print(f"[dim]{fb.item.position + 1}.[/] {escape(fb.question.question)}")
            _show_feedback(console, fb)
        console.print()
    pct = 100 * result.fraction
    line = f"[bold]Score: {result.score}/{result.total} ({pct:.0f}%)[/]"
    if result.passed is not None:
        verdict = "[green]PASSED[/]" if result.passed else "[red]NOT PASSED[/]"
        line += f" · pass mark {100 * result.pass_mark:.0f}% · {verdict}"
    if result.expired:
        line += " · time ran out"
    console.print(line)
    table = Table(show_header=True, header_style="bold")
    table.add_column("topic")
    table.add_column("right", justify="right")
    for topic in result.by_topic:
        table.add_row(escape(topic.topic), f"{topic.right}/{topic.total}")
    console.print(table)
    if result.reread:
        console.print("Clauses to reread: " + ", ".join(escape(c.label) for c in result.reread))
    console.print(f"[dim]Attempt {attempt_id} saved; see `rulebot quiz history`.[/]")


def _attempt_json(attempt_id: int, session: Any, status: str) -> dict:
    result = session.result(time.monotonic()) if status == "open" else session.finish(time.monotonic())
    # "id" and "time_limit" as `quiz history --json` names them, beside the older names
    data = {"attempt": attempt_id, "id": attempt_id, "status": status, "seed": session.seed,
            "time_limit_seconds": session.time_limit, "time_limit": session.time_limit}
    data.update(result.to_json())
    if status == "open":
        data["passed"] = None
        if result.mode == "exam":
            # an exam gives no feedback before it is finished: a paused one shows no answers
            data["reread"] = []
            for q in data["questions"]:
                q.update(correct=None, right_answer=None, answer=None, explanation=None, cite=[])
    return data
