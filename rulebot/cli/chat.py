"""``rulebot chat``: an interactive question-and-answer session with follow-ups ("and in RHA?")."""

from __future__ import annotations

import argparse
import json
import sys


_QUIT = frozenset({"quit", "exit", "q", "bye"})
_HELP = frozenset({"help", "?", "h"})
_HELP_TEXT = """Ask in plain words, e.g.
  what's the penalty for spearing in FIRS
  attacker on a breakaway gets hooked from behind
  how long are periods in each ruleset
  6.4.21 C            (a rule by number)
Follow-ups reuse the previous subject: "and in RHA?", "what's the signal for that?".
End with an empty line (typed), 'quit' or Ctrl-D."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("chat", help="ask questions in a row; follow-ups reuse the previous subject",
                       description="Interactive Q&A. Follow-ups such as 'and in RHA?' or "
                                   "'what's the signal for that?' reuse the previous question. "
                                   "Reads one question per line (also from a pipe, where empty lines are "
                                   "skipped); typed, an empty line ends, as do 'quit', 'exit' and "
                                   "Ctrl-D; 'help' shows what to ask.")
    p.add_argument("--ruleset", "-r", help="ruleset id to ask (default: all)")
    p.add_argument("--json", action="store_true", help="print each answer as one JSON line")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from rulebot.search import get_searcher
    from rulebot.search.conversation import Conversation

    searcher = get_searcher()
    convo = Conversation(searcher, searcher.check_ruleset(args.ruleset))
    interactive = sys.stdin.isatty() and not args.json
    if interactive:
        print("Ask a rules question ('help' for examples; empty line or 'quit' to end).")
    while True:
        try:
            line = input("> " if interactive else "")
        except EOFError:
            break
        if not line.strip():
            if interactive:
                break
            continue
        command = line.strip().lower().strip("!/.")
        if command in _QUIT:
            break
        if command in _HELP:
            # with --json the output stays JSON Lines: the help goes as a line of its own kind
            print(json.dumps({"help": _HELP_TEXT}) if args.json else _HELP_TEXT, flush=True)
            continue
        answer = convo.ask(line)
        if args.json:
            print(json.dumps(answer.to_json(), ensure_ascii=False), flush=True)
        else:
            from rulebot.cli.render import print_answer

            resolved = answer.extra.get("resolved_question")
            if resolved:
                print(f"(asking: {resolved if len(resolved) <= 200 else resolved[:200] + '…'})")
            print_answer(answer, searcher.index)
    return 0
