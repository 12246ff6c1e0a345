"""``rulebot search``, ``rulebot rule`` and ``rulebot rulesets``: ranked clauses, one rule with its
sub-clauses, and the loaded rulesets."""

from __future__ import annotations

import argparse
import json
import re
import shlex

from rulebot.errors import NotFoundError, UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("search", help="ranked clauses for a query",
                       description="Search the clause index (BM25F with synonyms and typo tolerance).")
    p.add_argument("query", nargs="+", help="words, a situation, or a rule number")
    p.add_argument("--ruleset", "-r", help="ruleset id (default: all)")
    p.add_argument("--limit", "-n", type=int, default=10, help="results (default 10)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run_search)

    p = sub.add_parser("rule", help="show one rule with its sub-clauses",
                       description="Show a clause by ruleset and number as printed, with its sub-clauses.")
    p.add_argument("ruleset", help="ruleset id, e.g. firs-2017")
    p.add_argument("number", nargs="*", help='rule number as printed, e.g. "6.4.21 C" or "605 (b)"; '
                                              "omit to list the ruleset's rules")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run_rule)

    p = sub.add_parser("rulesets", help="list the loaded rulesets")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run_rulesets)


def _clause_json(c) -> dict:
    return {"id": c.id, "ruleset": c.ruleset, "rule": c.number, "title": c.title, "kind": c.kind,
            "text": c.text, "parent": c.parent, "children": list(c.children),
            "refs": [{"raw": r.raw, "target": r.target} for r in c.refs]}


def run_search(args: argparse.Namespace) -> int:
    from rulebot.search import get_searcher

    if args.limit < 1:
        raise UsageError("--limit must be at least 1")
    query = " ".join(args.query).strip()
    if not query:
        raise UsageError("the search query is empty")
    s = get_searcher()
    hits = s.search(query, args.ruleset, args.limit)
    if args.json:
        print(json.dumps([dict(_clause_json(h.clause), score=round(h.score, 4)) for h in hits],
                         ensure_ascii=False, indent=2))
        return 0
    from rich.markup import escape

    from rulebot.cli.render import console

    con = console()
    if not hits:
        con.print("No clause matches.")
        return 0
    for i, h in enumerate(hits, 1):
        c = h.clause
        con.print(f"[bold cyan]{i}. {escape(c.ruleset)} {escape(c.number)}[/bold cyan] "
                  f"{escape(s.index.heading(c))} [dim]({h.score:.2f})[/dim]")
        con.print(f"   {escape(c.text[:300])}{'…' if len(c.text) > 300 else ''}")
    return 0


#: Characters of an untitled clause's text shown in a rule list.
LIST_CHARS = 60


def run_rule(args: argparse.Namespace) -> int:
    from rulebot.corpus import load_index

    index = load_index()
    args.ruleset, number = _split_ruleset(index, args.ruleset, " ".join(args.number).strip())
    if not number:
        clauses = index.by_ruleset(args.ruleset)
        root = clauses[0] if clauses and clauses[0].kind == "document" else None
        if any(c.kind == "rule" for c in clauses):
            # its rules and headings, and any clause of the document's own before them (a preamble)
            rows = [c for c in clauses if c.kind in ("section", "rule", "definition")
                    or (root is not None and c.parent == root.id)]
        else:  # a sheet without rule headings (youth-cup, U9): every numbered clause
            rows = [c for c in clauses if c.kind != "document" and (c.number or c.kind == "section")]
        if root is not None and root.text:
            rows.insert(0, root)  # the sheet's own words before its first rule
        if args.json:
            print(json.dumps([_clause_json(c) for c in rows], ensure_ascii=False, indent=2))
            return 0
        from rich.markup import escape

        from rulebot.cli.render import console

        con = console()
        for c in rows:
            if c.kind == "document":
                con.print(f"[cyan](preamble)[/cyan] {escape(c.text_start(LIST_CHARS))}")
                continue
            pad = "  " * (len(index.ancestors(c)))
            con.print(f"{pad}[cyan]{escape(c.number)}[/cyan] {escape(c.title or c.text_start(LIST_CHARS))}")
        return 0
    clause = index.lookup(args.ruleset, number)
    if clause is None and " " in number:
        # "RHA 402" with the ruleset given again in front of the number
        head, rest = number.split(" ", 1)
        try:
            if index.resolve_ruleset(head) == args.ruleset:
                number, clause = rest, index.lookup(args.ruleset, rest)
        except UsageError:
            pass
    if clause is None:
        raise NotFoundError(f"no rule {number!r} in {args.ruleset}{_did_you_mean(index, args.ruleset, number)}")
    if args.json:
        print(json.dumps([_clause_json(c) for c in index.subtree(clause)], ensure_ascii=False, indent=2))
        return 0
    from rulebot.cli.render import print_clause_tree

    print_clause_tree(clause, index)
    return 0


def _split_ruleset(index, ruleset: str, number: str) -> tuple[str, str]:
    """The ruleset id and rule number from the two arguments, also when the number came inside the
    ruleset argument ("rha 402 (h)", "ball hockey 12").  Raises UsageError for an unknown ruleset."""
    try:
        return index.resolve_ruleset(ruleset), number
    except UsageError:
        parts = ruleset.split()
        for k in range(len(parts) - 1, 0, -1):  # the longest name in front: "ball hockey 12"
            try:
                rid = index.resolve_ruleset(" ".join(parts[:k]))
            except UsageError:
                continue
            return rid, " ".join([*parts[k:], number]).strip()
        raise


def _did_you_mean(index, ruleset: str, asked: str) -> str:
    """"; did you mean 'Break-Away'?" for the closest rule numbers and titles (rapidfuzz), or ""."""
    from rapidfuzz import fuzz, process, utils

    names: dict[str, str] = {}
    for c in index.by_ruleset(ruleset):
        if c.number:
            names.setdefault(c.number, repr(c.number))
        if c.title and c.kind in ("rule", "section", "definition"):
            # a rule's title as it can be typed, with its number: 'TRIPPING' (642)
            names.setdefault(c.title, f"{c.title!r} ({c.number})" if c.number else repr(c.title))
    whole = sorted(int(n) for n in names if n.isdigit())
    if asked.strip().isdigit() and whole and not whole[0] <= int(asked) <= whole[-1]:
        # "999" in a rulebook numbered 101 to 642, "3" in one numbered 5 to 42: say where its numbers run
        return f"; its rules are numbered {whole[0]} to {whole[-1]} ('rulebot rule {ruleset}' lists them)"
    dotted = re.fullmatch(r"(\d+(?:\.\d+)*)\.(\d+)", asked.strip())
    if dotted:
        # "6.4.99" where FIRS 6.4 runs 6.4.1 to 6.4.35
        prefix, last = dotted.group(1), int(dotted.group(2))
        run = sorted(int(m.group(1)) for n in names if (m := re.fullmatch(re.escape(prefix) + r"\.(\d+)", n)))
        if run and not run[0] <= last <= run[-1]:
            return f"; its {prefix} rules are numbered {prefix}.{run[0]} to {prefix}.{run[-1]}"
    close = process.extract(asked, list(names), scorer=fuzz.WRatio, processor=utils.default_process, limit=3,
                            score_cutoff=80)
    if close:
        return f"; did you mean {', '.join(names[n] for n, _, _ in close)}?"
    if not re.search(r"\d", asked):
        # words that are no rule's title ("break away"): searching is what finds them
        return f"; to search the rules for it: rulebot ask {shlex.quote(asked)} -r {ruleset}"
    return ""


def run_rulesets(args: argparse.Namespace) -> int:
    from rulebot.corpus import load_index

    index = load_index()
    rows = []
    for rs in index.rulesets.values():
        n = sum(1 for c in index.by_ruleset(rs.id) if c.kind != "document")
        rows.append({"id": rs.id, "title": rs.title, "short_name": rs.short_name, "aliases": list(rs.aliases),
                     "loose_aliases": list(rs.loose_aliases),
                     "governing_body": rs.governing_body, "edition": rs.edition, "sport": rs.sport,
                     "base": rs.base, "follows": rs.follows, "embedded": rs.embedded, "clauses": n})
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    from rich.table import Table

    from rulebot.cli.render import console

    table = Table()
    # the id is what a user types (--ruleset): never cut, however narrow the terminal
    table.add_column("id", no_wrap=True, min_width=max((len(r["id"]) for r in rows), default=2))
    for name in ("title", "names", "clauses", "source"):
        table.add_column(name)
    for r in rows:
        # the short name answers use ("Fall Fête") first: a sheet has no other name until one is added
        names = dict.fromkeys(n for n in (r["short_name"], *r["aliases"]) if n and n not in (r["id"], r["title"]))
        names.update(dict.fromkeys(f"{n} (alone)" for n in r["loose_aliases"]))  # "inline" when no other is named
        table.add_row(r["id"], r["title"], ", ".join(names), str(r["clauses"]),
                      "embedded" if r["embedded"] else "yours")
    console().print(table)
    return 0
