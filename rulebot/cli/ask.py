"""``rulebot ask``: answer a rule question, in the terminal, as JSON, or as a JSON Lines batch."""

from __future__ import annotations

import argparse
import io
import sys
from dataclasses import replace

from rulebot.cli.options import add_output, json_line, run_batch
from rulebot.errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ask", help="answer a rule question with the clauses it rests on",
                       description="Answer a rule question: a short answer, then the quoted clauses.")
    p.add_argument("question", nargs="*", help="the question (omit with --jsonl)")
    p.add_argument("--ruleset", "-r", help="ruleset id to ask (default: all; see `rulebot rulesets`)")
    p.add_argument("--limit", "-n", type=int, default=5, help="citations to show (default 5)")
    add_output(p, "the answer", '{"question", "ruleset"}')
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rulebot.search import get_searcher

    if args.limit < 1:
        raise UsageError("--limit must be at least 1")
    searcher = get_searcher()
    if args.jsonl:
        if args.question:
            raise UsageError("--jsonl reads questions from stdin; give no question argument")
        # Bytes that are not UTF-8 must not end the batch: such a line is answered with an error.
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace", newline=None)
        return run_jsonl(searcher, stdin, sys.stdout, args.limit)
    question = " ".join(args.question).strip()
    if not question:
        raise UsageError("the question is empty (usage: rulebot ask QUESTION)")
    answer = searcher.ask(question, args.ruleset, args.limit)
    from rulebot.search.conversation import is_follow_up

    if _alone(question, answer):
        # "and in RHA?" alone has nothing to go on: not "not covered", but where to ask it
        if args.json:
            print(json_line({**_as_follow_up(answer).to_json(), "error": _follow_up_alone(question)}, indent=2))
            return 2
        raise UsageError(_follow_up_alone(question))
    if is_follow_up(question):
        # "and in RHA?" leans on a question before it, which a single ask does not have
        print("rulebot: note: this reads like a follow-up; `rulebot chat` keeps the previous question "
              "for \"and in RHA?\" or \"what's the signal for that?\"", file=sys.stderr)
    if args.json:
        print(json_line(answer.to_json(), indent=2))
    else:
        from rulebot.cli.render import print_answer

        print_answer(answer, searcher.index)
    return 0


def run_jsonl(searcher, stdin, stdout, limit: int = 5) -> int:
    """Answer each JSON line of ``stdin`` (``{"question": str, "ruleset": str|null}``) on ``stdout``,
    one JSON object per line, in order.  A bad line yields ``{"error": ..., "line": n}`` and the batch
    goes on.  A follow-up with nothing to go on ("and in RHA?") is answered ``"answered": false`` with
    where to ask it."""
    def answer(item: dict, lineno: int) -> dict:
        question = item.get("question")
        ruleset = item.get("ruleset")
        if question is None:
            raise UsageError(f"line {lineno}: 'question' is missing")
        if not isinstance(question, str):
            raise UsageError(f"line {lineno}: 'question' must be a string")
        if ruleset is not None and not isinstance(ruleset, str):
            raise UsageError(f"line {lineno}: 'ruleset' must be a string or null")
        found = searcher.ask(question, ruleset, limit)
        return (_as_follow_up(found) if _alone(question, found) else found).to_json()

    return run_batch(stdin, stdout, answer)


def _alone(question: str, answer) -> bool:
    """Whether ``question`` is a follow-up ("and in RHA?") that, asked with no question before it,
    found nothing of its own: no clause and nothing to see ("what about icing?" asked of the
    ball-hockey league is not covered there, and says so)."""
    from rulebot.search.conversation import is_follow_up

    return is_follow_up(question) and not answer.answered and not answer.citations and not answer.see_also


def _as_follow_up(answer):
    """``answer`` saying where a follow-up asked alone is asked."""
    return replace(answer, answer=_follow_up_alone(answer.question))


def _follow_up_alone(question: str) -> str:
    """What to say of a follow-up asked with no question before it ("and in RHA?")."""
    return (f"{question!r} reads like a follow-up to an earlier question: ask it in `rulebot chat` after that "
            "question, or ask the whole question")
