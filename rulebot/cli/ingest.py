"""``rulebot ingest``, ``rulebot remove`` and ``rulebot check``: add your own rule sheet (PDF, text or
markdown) as a ruleset, delete it, and see what the parser made of a ruleset or a file (issue 7)."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

from rulebot.errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "ingest", help="add your own rule sheet (.pdf, .txt, .md) as a ruleset",
        description="Read a rule sheet, detect its numbering, store it as a ruleset in your data "
        "directory and print the parse report.  Ingesting the same file again changes nothing.")
    p.add_argument("file", help="the rule sheet: .pdf (with a text layer), .txt or .md")
    p.add_argument("--id", dest="ruleset_id", help="ruleset id (default: the file name, e.g. spring-cup)")
    p.add_argument("--title", help="title to show (default: the document's own title line)")
    p.add_argument("--base", help="ruleset this sheet amends (e.g. rha): its rules answer what the sheet "
                                  "does not cover, and those it changes are shown as replaced; a re-ingest "
                                  "keeps the base it had unless given another, or 'none'")
    p.add_argument("--json", action="store_true", help="print the result and report as JSON")
    p.set_defaults(func=run_ingest)

    p = sub.add_parser("remove", help="delete a ruleset you ingested",
                       description="Delete a ruleset added with `rulebot ingest` (built-in rulesets stay).")
    p.add_argument("ruleset", help="the ruleset id (see `rulebot rulesets`)")
    p.set_defaults(func=run_remove)

    p = sub.add_parser("check", help="parse report of a ruleset or of a rule file",
                       description="Report clauses found, numbering gaps and duplicates, unresolved "
                       "cross-references, text that could not be placed and, for PDFs, pages with no text. "
                       "Give a ruleset id, or a file to check it without ingesting it.")
    p.add_argument("ruleset", help="ruleset id, or the path of a .pdf/.txt/.md file")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=run_check)


def _forget_cached_searcher() -> None:
    """A searcher built earlier in this process does not know the new ruleset: drop it."""
    search = sys.modules.get("rulebot.search")
    if search is not None and hasattr(search, "get_searcher"):
        search.get_searcher.cache_clear()


def run_ingest(args: argparse.Namespace) -> int:
    from rulebot.ingest import ingest_file, named_base

    result = ingest_file(args.file, args.ruleset_id, args.title, args.base)
    _forget_cached_searcher()
    rs = result.ruleset
    named = named_base(rs)
    if args.json:
        print(json.dumps({"status": result.status, "id": rs.id, "title": rs.title, "base": rs.base,
                          "named_base": named, "path": str(result.path), "file": result.meta,
                          "report": result.report.to_json()}, ensure_ascii=False, indent=2))
        return 0
    verb = {"added": "Added", "replaced": "Replaced", "unchanged": "Unchanged (already ingested):"}[result.status]
    was = (f" (it was {result.previous_file})" if result.status == "replaced" and result.previous_file
           and result.previous_file != result.meta.get("file") else "")
    print(f"{verb} ruleset {rs.id!r} \u2013 {rs.title}" + (f", layered over {rs.base}" if rs.base else "") + was)
    for line in result.report.lines():
        print(line)
    if named and named != rs.base:
        # the sheet says which rules it amends, and it is not layered over them
        layered = f"it is layered over {rs.base}" if rs.base else "it is not layered over any rules"
        print(f"Note: the sheet says \u201c{rs.follows}\u201d but {layered}; to layer it over {named}: "
              f"rulebot ingest {shlex.quote(str(args.file))} --id {rs.id} --base {named}")
    print(f"Ask it: rulebot ask -r {rs.id} \"...\"   Remove it: rulebot remove {rs.id}")
    return 0


def run_remove(args: argparse.Namespace) -> int:
    from rulebot.ingest import remove_ruleset

    _path, dependants = remove_ruleset(args.ruleset)
    _forget_cached_searcher()
    print(f"Removed ruleset {args.ruleset!r}.")
    if dependants:
        one = len(dependants) == 1
        print(f"Note: {', '.join(dependants)} named it as --base; {'it now stands' if one else 'they now stand'} "
              f"alone (re-ingest {'it' if one else 'them'} with another --base to layer {'it' if one else 'them'} "
              f"again).")
    return 0


def run_check(args: argparse.Namespace) -> int:
    from rulebot.corpus import load_index
    from rulebot.corpus.report import build_report

    target = args.ruleset
    index = load_index()
    if target in index.rulesets:
        report = build_report(index, target)
    elif Path(target).is_file():
        from rulebot.corpus.report import report_for_text
        from rulebot.ingest import extract, slug
        from rulebot.models import Ruleset

        extracted = extract(target)
        rid = slug(Path(target).stem)
        meta = ({"pages": extracted.pages, "pages_without_text": list(extracted.empty_pages),
                 "removed_lines": len(extracted.removed)} if extracted.pages is not None else {})
        report, _ = report_for_text(Ruleset(id=rid, title=rid, short_name=rid, embedded=False),
                                    extracted.text, meta)
    else:
        raise UsageError(f"{target!r} is neither a ruleset (known: {', '.join(sorted(index.rulesets))}) "
                         "nor a file")
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        for line in report.lines():
            print(line)
    return 0
