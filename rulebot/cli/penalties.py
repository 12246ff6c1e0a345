"""``rulebot penalties``: look up infractions and their penalties (code, duration), or list a
ruleset's penalty classes."""

from __future__ import annotations

import argparse
import json
import sys

from rulebot.errors import NotFoundError, UsageError


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``rulebot penalties`` to the sub-command parsers."""
    p = sub.add_parser(
        "penalties", help="look up an infraction's penalty, code and duration",
        description="Infractions and the penalties they carry: FIRS Annex C rows (code as printed) and "
                    "the penalty sentences of the other rulebooks.  With no QUERY, every infraction "
                    "(filtered by --ruleset/--code).")
    p.add_argument("query", nargs="*", help='words of the infraction ("spearing causing injury")')
    p.add_argument("--ruleset", "-r", help="ruleset id or name (FIRS, RHA, ball hockey ...)")
    p.add_argument("--code", "-c", help="keep calls with every part of this code or category "
                                        "(\"5'+GM\", MP, GM, PS, major, \"game misconduct\")")
    p.add_argument("--classes", action="store_true",
                   help="list the penalty classes (minor, major ...) with durations instead")
    p.add_argument("--limit", "-n", type=int, default=None, help="rows to show (default: all)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run)


def resolve_ruleset(index, value: str | None) -> str | None:
    """A ruleset id from an id or a name the user types (see ``ClauseIndex.resolve_ruleset``)."""
    return index.resolve_ruleset(value)


def run(args: argparse.Namespace) -> int:
    """Print the matching infractions (or classes) as a table or JSON; return the exit status.

    Raises UsageError for a bad option or ruleset, NotFoundError when nothing matches.
    """
    from rulebot import penalties
    from rulebot.corpus import load_index

    if args.limit is not None and args.limit < 1:
        raise UsageError("--limit must be at least 1")
    index = load_index()
    ruleset = resolve_ruleset(index, args.ruleset)
    if args.classes:
        if args.query or args.code:
            raise UsageError("--classes lists penalty classes; give no QUERY or --code with it")
        classes = penalties.penalty_classes(index, ruleset)[: args.limit]
        if args.json:
            print(json.dumps([_class_json(c) for c in classes], ensure_ascii=False, indent=2))
        else:
            _print_classes(index, classes)
        return 0
    query = " ".join(args.query).strip()
    hits, listed = penalties.search_listed(index, query or None, ruleset, args.code, args.limit)
    if listed != ruleset and hits:
        own, base = index.rulesets[ruleset].short_name, index.rulesets[listed].short_name
        said = f"does not name {query!r}" if penalties.infractions(index, ruleset) else "lists no infractions of its own"
        print(f"{own} {said}; these are {base}'s, the rules it is layered over, timed by {own}'s penalty "
              f"lengths where it sets them (rulebot penalties --classes --ruleset {ruleset})", file=sys.stderr)
    if not hits:
        if ruleset is not None and not query and not args.code and not penalties.infractions(index, ruleset):
            name = index.rulesets[ruleset].short_name
            if penalties.penalty_classes(index, ruleset):
                # the Youth Cup sheet defines penalty classes, not infractions
                raise NotFoundError(f"the {name} rules list no infractions, only penalty classes: "
                                    f"rulebot penalties --classes --ruleset {ruleset}")
            raise NotFoundError(f"the {name} rules list no infractions and no penalty classes")
        what = f"{query!r}" if query else "the filters"
        raise NotFoundError(f"no infraction matches {what}")
    if args.json:
        out = [{**inf.to_json(), "score": score} for inf, score in hits]
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        _print_infractions(index, [inf for inf, _ in hits], show_ruleset=ruleset is None)
    return 0


def _class_json(pc) -> dict:
    return {"ruleset": pc.ruleset, "name": pc.name, "minutes": pc.minutes,
            "alt_minutes": list(pc.alt_minutes), "duration": pc.duration_label,
            "charged_minutes": pc.charged_minutes, "effect": pc.effect, "rule": pc.rule,
            "clause_id": pc.clause_id, "defined": pc.defined}


def _print_infractions(index, infs, show_ruleset: bool) -> None:
    from rich.markup import escape
    from rich.table import Table

    from rulebot.cli.render import console

    table = Table(show_lines=False, header_style="bold")
    if show_ruleset:
        table.add_column("ruleset", style="dim")
    table.add_column("infraction")
    table.add_column("rule", style="cyan", no_wrap=True)
    table.add_column("code", no_wrap=True)
    table.add_column("penalty")
    table.add_column("duration", no_wrap=True)
    unresolved = []
    for inf in infs:
        name = escape(inf.infraction + (" *" if inf.severe else ""))
        if inf.source == "text" and inf.detail:
            name += f"\n[dim]{escape(_short(inf.detail))}[/dim]"
        rule = escape(inf.rule) + (" [red](?)[/red]" if inf.unresolved else "")
        if inf.unresolved:
            unresolved.append(inf)
        row = [name, rule, escape(inf.code or "—"), escape(inf.penalty or "—"), escape(inf.duration or "—")]
        if show_ruleset:
            rs = index.rulesets.get(inf.ruleset)
            row.insert(0, escape(rs.short_name if rs else inf.ruleset))
        table.add_row(*row)
    con = console()
    con.print(table)
    if any(i.severe for i in infs):
        con.print("[dim]* severe form of the infraction (penalty index asterisk)[/dim]")
    for inf in unresolved:
        con.print(f"[red](?)[/red] {escape(inf.rule)}: no clause "
                  f"{escape(', '.join(inf.missing_refs))} in this rulebook")


#: Terminal columns from which the classes table's short columns are no longer capped.
WIDE_TERMINAL = 110


def _print_classes(index, classes) -> None:
    from rich.markup import escape
    from rich.table import Table

    from rulebot.cli.render import console

    table = Table(header_style="bold")
    # the effect is what is read: in a narrow terminal (80 columns) the other columns are capped so it keeps
    # a readable width; in a wide one they take what they need
    narrow = console().width < WIDE_TERMINAL
    table.add_column("ruleset", style="dim", max_width=9 if narrow else 12)
    table.add_column("class", max_width=12 if narrow else 16)
    table.add_column("duration", max_width=10 if narrow else None, no_wrap=not narrow)
    table.add_column("rule", style="cyan", max_width=9 if narrow else None, no_wrap=not narrow)
    table.add_column("what it does", ratio=1)
    for pc in classes:
        rs = index.rulesets.get(pc.ruleset)
        duration = pc.duration_label or "—"
        if pc.charged_minutes:
            duration += f"\n[dim]{pc.charged_minutes:g} min in the records[/dim]"
        name = pc.name if pc.defined else f"{pc.name} [dim](named only)[/dim]"
        first = pc.effect.split(". ")[0].rstrip(".") + "."
        table.add_row(escape(rs.short_name if rs else pc.ruleset), name, duration, escape(pc.rule),
                      escape(_short(first, 140)))
    console().print(table)


def _short(text: str, width: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"
