"""``rulebot signal``: find a referee signal from everyday words ("ref taps his elbow"), in the
terminal, as JSON, or as a JSON Lines batch."""

from __future__ import annotations

import argparse
import json
import sys

from rulebot.cli.options import add_output, run_batch
from rulebot.errors import NotFoundError, UsageError


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``rulebot signal`` to the sub-command parsers."""
    p = sub.add_parser(
        "signal", help="find a referee signal from a description of the gesture",
        description="Find a referee signal (FIRS Annex B) from what the official did: "
                    "\"ref taps his elbow\", \"both hands on the hips\".  Shows the signal, its "
                    "description and the penalties it goes with.")
    p.add_argument("query", nargs="*", help="what the referee did (omit with --jsonl)")
    p.add_argument("--ruleset", "-r", help="only signals of this ruleset (id or name)")
    p.add_argument("--limit", "-n", type=int, default=5, help="signals to show (default 5)")
    add_output(p, "the results", '{"query": str}')
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the best signals for the query (or answer a JSON Lines batch); return the exit status.

    Raises UsageError for a bad option, an empty query or a query given with --jsonl, NotFoundError
    when nothing matches or the ruleset has no signals.
    """
    from rulebot.cli.penalties import resolve_ruleset
    from rulebot.corpus import load_index
    from rulebot.signals import load_signals

    if args.limit < 1:
        raise UsageError("--limit must be at least 1")
    index = load_index()
    signals = load_signals(index)
    ruleset = resolve_ruleset(index, args.ruleset)
    search = _Search(index, signals, ruleset)
    if args.jsonl:
        if args.query:
            raise UsageError("--jsonl reads queries from stdin; give no query argument")
        return run_jsonl(search, sys.stdin, sys.stdout, args.limit)
    query = " ".join(args.query).strip()
    if not query:
        raise UsageError("the query is empty (usage: rulebot signal WHAT THE REF DID)")
    results, note = search(query, args.limit)
    if args.json:
        print(json.dumps(_result_json(query, results, note), ensure_ascii=False, indent=2))
        return 0
    if not results:
        raise NotFoundError(f"no signal matches {query!r}")
    if note:
        from rulebot.cli.render import console

        console().print(f"[dim]{note}[/dim]")
    _print_results(index, results)
    return 0


class _Search:
    """Signal search within a ruleset, falling back to every rulebook's signals (with a note saying
    so) when the ruleset has none that fits, as ``rulebot ask`` does."""

    def __init__(self, index, signals, ruleset: str | None) -> None:
        self.index, self.signals, self.ruleset = index, list(signals), ruleset

    def __call__(self, query: str, limit: int) -> tuple[list, str]:
        from rulebot.signals import MIN_SCORE, search_signals

        if self.ruleset is None:
            return search_signals(self.signals, query, limit), ""
        own = [s for s in self.signals if s.ruleset == self.ruleset]
        found = search_signals(own, query, limit) if own else []
        if found and found[0][1] >= MIN_SCORE:
            return found, ""
        name = self.index.rulesets[self.ruleset].short_name
        what = "no signal like that" if own else "no referee signals"
        others = search_signals([s for s in self.signals if s.ruleset != self.ruleset], query, limit)
        return (others, f"The {name} rules describe {what}; from the other rulebooks:") if others else (found, "")


def _result_json(query: str, results, note: str = "") -> dict:
    out = {"query": query, "results": [{**s.to_json(), "score": score} for s, score in results]}
    if note:
        out["note"] = note
    return out


def run_jsonl(signals, stdin, stdout, limit: int = 5) -> int:
    """Answer each JSON line of ``stdin`` (``{"query": str}``) on ``stdout``, one JSON object per
    line, in order: ``{"query", "results": [{"name", "description", "ruleset", "penalties", "rule",
    ...}]}``.  A bad line yields ``{"error": ..., "line": n}`` and the batch goes on; blank lines are
    skipped."""
    if not callable(signals):
        signals = _Search(None, signals, None)

    def answer(item: dict, lineno: int) -> dict:
        query = item.get("query")
        if not isinstance(query, str) or not query.strip():
            raise UsageError(f"line {lineno}: 'query' must be a non-empty string")
        return _result_json(query, *signals(query, limit))

    return run_batch(stdin, stdout, answer)


def _print_results(index, results) -> None:
    from rich.markup import escape

    from rulebot.cli.render import console

    con = console()
    for i, (sig, score) in enumerate(results, 1):
        clause = index.get(sig.clause_id)
        rs = index.rulesets.get(sig.ruleset)
        # "FIRS Annex B", or the rule that describes the signal in passing ("RHA 409 (b)")
        place = clause.number if clause is not None else ""
        if clause is not None and clause.kind == "signal" and place.endswith(clause.title):
            place = place[:-len(clause.title)].strip()
        where = f"{rs.short_name if rs else sig.ruleset} {place}".strip()
        con.print(f"[bold cyan]{i}. {escape(sig.name)}[/bold cyan] [dim]({escape(where)}, "
                  f"score {score:.2f})[/dim]")
        con.print(f"   [dim]“{escape(sig.description)}”[/dim]")
        if sig.meaning:
            con.print(f"   means: {escape(sig.meaning)}")
        if sig.calls:
            con.print("   penalties: " + escape("; ".join(sig.calls)))
        if sig.rules:
            con.print("   rules: " + escape(", ".join(sig.rules)))
