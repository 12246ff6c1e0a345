"""Parse reports (issue 7, item 2): what the parser made of one ruleset, for ``rulebot ingest`` and
``rulebot check``: clauses found (by kind), numbering gaps and duplicates, cross-references that name
no clause, text that could not be placed under a rule, parser warnings, and for a PDF the pages that
gave no text (a scanned document: OCR it first).

:func:`build_report` reads a ruleset already in a :class:`~rulebot.corpus.index.ClauseIndex`;
:func:`report_for_text` parses text that is not stored anywhere (``rulebot check FILE``, and ingest
before it writes).  Neither raises for odd input; a report is a frozen record with ``lines()`` for
people and ``to_json()`` for scripts.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from rulebot.corpus.index import ClauseIndex
from rulebot.models import Clause, Ruleset

#: Root text longer than this (words) is reported as text that could not be placed under a rule.
UNPLACED_WORDS = 60
#: Gaps wider than this (e.g. RULE 110 -> RULE 201 across sections) are a new series, not a gap.
MAX_GAP = 5
_LIST_KEY = re.compile(r"^(?:\d{1,3}|[a-z])$")


@dataclass(frozen=True)
class ParseReport:
    """One ruleset's parse report.

    ``clauses`` counts every clause but the document root; ``by_kind`` splits it by kind;
    ``gaps`` and ``duplicates`` are messages ("3.1 then 3.3: 3.2 missing", "2.1 printed 2 times");
    ``unresolved`` ``(clause label, reference as printed)``; ``unplaced`` snippets of text kept with the
    document itself because no rule or heading opened before them; ``pages`` and ``empty_pages``
    (1-based) for PDFs, else None and (); ``removed`` counts lines dropped as page furniture.
    """

    ruleset: str
    title: str
    layout: str
    clauses: int
    by_kind: dict[str, int]
    gaps: tuple[str, ...] = ()
    duplicates: tuple[str, ...] = ()
    unresolved: tuple[tuple[str, str], ...] = ()
    unplaced: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    pages: int | None = None
    empty_pages: tuple[int, ...] = ()
    removed: int = 0
    base: str | None = None
    extra: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when nothing needs a look (no gaps, duplicates, unresolved references, unplaced
        text, warnings or empty pages)."""
        return not (self.gaps or self.duplicates or self.unresolved or self.unplaced or self.warnings
                    or self.empty_pages)

    def lines(self) -> list[str]:
        """The report as lines of plain text (no trailing newlines)."""
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(self.by_kind.items(), key=lambda kv: -kv[1]))
        out = [f"{self.ruleset}: {self.clauses} clause{'' if self.clauses == 1 else 's'} ({kinds or 'none'}), "
               f"layout {self.layout}"
               + (f", layered over {self.base}" if self.base else "")]
        if self.pages is not None:
            out.append(f"  pages: {self.pages}, {self.pages - len(self.empty_pages)} with text"
                       + (f"; {self.removed} lines of page numbers/headers/footers removed" if self.removed
                          else ""))
        if self.empty_pages:
            pages = _ranges(self.empty_pages)
            if self.pages is not None and len(self.empty_pages) == self.pages:
                out.append("  no page has text: this looks like a scanned document; run OCR (e.g. "
                           "`ocrmypdf in.pdf out.pdf`) and ingest the result")
            else:
                out.append(f"  pages with no text: {pages} (scanned images?): run OCR (e.g. `ocrmypdf "
                           "in.pdf out.pdf`) and ingest the result, or their rules are missing")
        for msg in self.gaps:
            out.append(f"  numbering gap: {msg}")
        for msg in self.duplicates:
            out.append(f"  duplicate number: {msg}")
        for label, raw in self.unresolved:
            out.append(f"  unresolved reference: {label} cites {raw!r}, which is not in this ruleset")
        for snippet in self.unplaced:
            out.append(f"  text not under any rule: {snippet}")
        for w in self.warnings:
            out.append(f"  parser: {w}")
        if self.ok:
            out.append("  no problems found")
        return out

    def to_json(self) -> dict:
        """The JSON form printed by ``--json`` (stable field names)."""
        return {
            "ruleset": self.ruleset, "title": self.title, "layout": self.layout, "base": self.base,
            "clauses": self.clauses, "by_kind": dict(self.by_kind), "gaps": list(self.gaps),
            "duplicates": list(self.duplicates),
            "unresolved": [{"clause": c, "ref": r} for c, r in self.unresolved],
            "unplaced": list(self.unplaced), "warnings": list(self.warnings), "pages": self.pages,
            "empty_pages": list(self.empty_pages), "removed_lines": self.removed, "ok": self.ok,
            **self.extra,
        }


def _ranges(numbers: tuple[int, ...]) -> str:
    """``(1, 2, 3, 7)`` -> ``"1-3, 7"``."""
    out: list[str] = []
    nums = sorted(numbers)
    i = 0
    while i < len(nums):
        j = i
        while j + 1 < len(nums) and nums[j + 1] == nums[j] + 1:
            j += 1
        out.append(str(nums[i]) if i == j else f"{nums[i]}-{nums[j]}")
        i = j + 1
    return ", ".join(out)


def _label(c: Clause) -> str:
    return c.number or c.title or c.key


def _numbering(index: ClauseIndex, rid: str) -> tuple[list[str], list[str]]:
    """Gaps and duplicates among each clause's numbered children (list numbers and letters)."""
    gaps: list[str] = []
    dups: list[str] = []
    for parent in index.by_ruleset(rid):
        kids = index.children(parent)
        printed = Counter(c.number for c in kids if c.number and "¶" not in c.number and "•" not in c.number
                          and c.kind in ("rule", "section", "paragraph", "item"))
        for number, n in printed.items():
            if n > 1:
                dups.append(f"{number} printed {n} times")
        seq: list[tuple[str, Clause]] = []
        for c in kids:
            last = re.sub(r"-\d+$", "", c.key).rsplit(".", 1)[-1]
            if _LIST_KEY.match(last) and c.kind not in ("note", "situation"):
                seq.append((last, c))
        for kind in ("digit", "letter"):
            items = [(k, c) for k, c in seq if k.isdigit() == (kind == "digit")]
            for (a, ca), (b, cb) in zip(items, items[1:]):
                va = int(a) if a.isdigit() else ord(a)
                vb = int(b) if b.isdigit() else ord(b)
                if 1 < vb - va <= MAX_GAP:
                    missing = [str(v) if a.isdigit() else chr(v) for v in range(va + 1, vb)]
                    gaps.append(f"{_label(ca)} then {_label(cb)}: {', '.join(missing)} missing")
    return gaps, dups


def build_report(index: ClauseIndex, rid: str, layout: str | None = None, meta: dict | None = None) -> ParseReport:
    """The parse report of ruleset ``rid`` in ``index``.

    ``layout`` is the parser used (default: the ruleset's own, else detected from its source);
    ``meta`` the ``ingest`` block of a user ruleset's ``ruleset.yaml`` (``pages``,
    ``pages_without_text``, ``removed_lines``), read from the user's data directory when omitted.
    Raises KeyError for a ruleset not in the index."""
    from rulebot.corpus.loader import detect_layout

    rs: Ruleset = index.rulesets[rid]
    if meta is None:
        meta = read_ingest_meta(rs)
    clauses = [c for c in index.by_ruleset(rid) if c.kind != "document"]
    root = index.get(f"{rid}:")
    by_kind = dict(Counter(c.kind for c in clauses))
    gaps, dups = _numbering(index, rid)
    unresolved = tuple((f"{rs.short_name} {_label(c)}".strip(), r.raw) for c, r in index.unresolved_refs(rid))
    unplaced: tuple[str, ...] = ()
    if root is not None and len(root.text.split()) > UNPLACED_WORDS:
        words = root.text.split()
        unplaced = (f"{len(words)} word{'s' if len(words) != 1 else ''} kept with the document itself, starting "
                    f"\u201c{' '.join(words[:12])} \u2026\u201d",)
    if not clauses:
        unplaced += ("no clause found: nothing in the text looks like a numbered rule or a heading",)
    report = index.reports.get(rid)
    pages = meta.get("pages") if meta else None
    return ParseReport(
        ruleset=rid,
        title=rs.title,
        layout=layout or rs.layout or detect_layout(index.sources.get(rid, "")),
        clauses=len(clauses),
        by_kind=by_kind,
        gaps=tuple(gaps),
        duplicates=tuple(dups),
        unresolved=unresolved,
        unplaced=unplaced,
        warnings=tuple(report.warnings) if report else (),
        pages=int(pages) if isinstance(pages, int) else None,
        empty_pages=tuple(int(p) for p in (meta or {}).get("pages_without_text") or ()),
        removed=int((meta or {}).get("removed_lines") or 0),
        base=rs.base,
    )


def report_for_text(ruleset: Ruleset, text: str, meta: dict | None = None) -> tuple[ParseReport, ClauseIndex]:
    """Parse ``text`` as ``ruleset`` on its own (nothing is stored) and report on it.

    Returns the report and the one-ruleset index it was built from (cross-references resolve only
    within the ruleset)."""
    from rulebot.corpus.loader import detect_layout, parse_ruleset

    index = ClauseIndex()
    index.add(ruleset, parse_ruleset(ruleset, text), text)
    return build_report(index, ruleset.id, ruleset.layout or detect_layout(text), meta or {}), index


def read_ingest_meta(ruleset: Ruleset) -> dict:
    """The ``ingest`` block of a user ruleset's ``ruleset.yaml`` (what ``rulebot ingest`` recorded
    about the file: format, pages, pages without text), or {} for embedded or unreadable ones."""
    if ruleset.embedded:
        return {}
    import yaml

    from rulebot import paths

    path = paths.user_rulesets_dir() / ruleset.id / "ruleset.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    meta = data.get("ingest") if isinstance(data, dict) else None
    return meta if isinstance(meta, dict) else {}
