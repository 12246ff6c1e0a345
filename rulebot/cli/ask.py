"""``rulebot ask``: answer a rule question, in the terminal, as JSON, or as a JSON Lines batch."""

from __future__ import annotations

import argparse
import io
import json
import sys

from rulebot.cli.options import add_output
from rulebot.errors import RulebotError, UsageError


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
    if args.json:
        print(_json_line(answer.to_json(), indent=2))
    else:
        from rulebot.cli.render import print_answer

        print_answer(answer, searcher.index)
    return 0


def run_jsonl(searcher, stdin, stdout, limit: int = 5) -> int:
    """Answer each JSON line of ``stdin`` (``{"question": str, "ruleset": str|null}``) on ``stdout``,
    one JSON object per line, in order.  A bad line yields ``{"error": ...}`` and the batch goes on."""
    for lineno, line in enumerate(stdin, 1):
        if not line.strip():
            continue
        try:
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise UsageError(f"line {lineno}: not JSON ({exc.msg})") from None
            if not isinstance(item, dict):
                raise UsageError(f"line {lineno}: expected a JSON object")
            question = item.get("question")
            ruleset = item.get("ruleset")
            if not isinstance(question, str):
                raise UsageError(f"line {lineno}: 'question' must be a string")
            if ruleset is not None and not isinstance(ruleset, str):
                raise UsageError(f"line {lineno}: 'ruleset' must be a string or null")
            out = searcher.ask(question, ruleset, limit).to_json()
        except RulebotError as err:
            out = {"error": str(err), "line": lineno}
        stdout.write(_json_line(out) + "\n")
        stdout.flush()
    return 0


def _json_line(obj: dict, indent: int | None = None) -> str:
    """``obj`` as JSON (one line unless ``indent``), non-ASCII kept as is -- except that a string
    holding a lone surrogate (a ``"\\ud800"`` escape in a JSON line, or a command-line argument that
    is not UTF-8) is written with ASCII escapes, since it cannot be encoded as UTF-8."""
    line = json.dumps(obj, ensure_ascii=False, indent=indent)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = json.dumps(obj, indent=indent)
    return line
