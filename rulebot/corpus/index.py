"""The clause index: every ruleset's clause tree, looked up by id, by printed rule number or by title,
with cross-references resolved.  Built by :func:`rulebot.corpus.loader.load_index`; read by search,
the penalty and signal indexes, quizzes, the CLI and the TUI."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from rulebot.corpus.builder import ParseResult
from rulebot.corpus.numbers import key_variants, rule_key
from rulebot.models import Clause, Ref, Ruleset

# Cross-references as the rulebooks print them.
_REF_PATTERNS = (
    # FIRS: "rule 5.5.3", "under Rule 6.2.1 B", "(See 1.3 E)", "the action of 6.4.8 A", "clause 5.5.4"
    re.compile(r"\b(?:[Rr]ules?|[Ss]ection|[Cc]lause|[Ss]ee|under|of|in)\s+"
               r"(?P<num>\d+\.\d+(?:\.\d+)*)(?![\d.]*\s?(?:cm|mm|m|in|ft|%|\"|”))"
               r"(?:\s?(?P<letter>[A-Z])(?![A-Za-z]))?"),
    # RHA: "Rule 639 (a)", "Rules 603 and 611" (first number), "Rule 205"
    re.compile(r"\b[Rr]ules?\s+(?P<num>\d{3})(?:\s*\((?P<letter>[a-z])\))?"),
    # short sheets: "see 14", "see rule 9", "Rule 4 applies"
    re.compile(r"\b(?:[Ss]ee(?:\s+[Rr]ule)?|[Rr]ule)\s+(?P<num>\d{1,3})\b(?!\.\d)"),
)


@dataclass
class ClauseIndex:
    """All loaded rulesets' clauses.

    ``rulesets`` by id (embedded first, then the user's); ``clauses`` by clause id; ``reports`` the
    parser's :class:`ParseResult` per ruleset (warnings, markers, artefacts) for parse reports and tests;
    ``sources`` the source text per ruleset; ``derived`` structures built from the index and cached
    with it (the search ranker, see :func:`rulebot.corpus.loader.load_index`), emptied by any change;
    ``skipped`` the user's ruleset folders that could not be read (the others still load).
    """

    rulesets: dict[str, Ruleset] = field(default_factory=dict)
    clauses: dict[str, Clause] = field(default_factory=dict)
    reports: dict[str, ParseResult] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    _order: dict[str, list[str]] = field(default_factory=dict)
    _keys: dict[str, dict[str, str]] = field(default_factory=dict)
    _titles: dict[str, dict[str, str]] = field(default_factory=dict)
    derived: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    #: User ruleset folders left out because they could not be read: folder -> the one-line error.
    skipped: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    # ------------------------------------------------------------------ building
    def add(self, ruleset: Ruleset, result: ParseResult, source: str) -> None:
        """Add one parsed ruleset (replacing any ruleset with the same id) and resolve its references."""
        rid = ruleset.id
        self.remove(rid)
        self.derived.clear()
        self.rulesets[rid] = ruleset
        self.reports[rid] = result
        self.sources[rid] = source
        keys: dict[str, str] = {}
        titles: dict[str, str] = {}
        for c in result.clauses:
            if c.number:
                keys.setdefault(rule_key(c.number), c.id)
            keys.setdefault(c.key, c.id)
            if c.title:
                titles.setdefault(c.title.lower(), c.id)
        for alias, cid in result.aliases.items():
            keys.setdefault(rule_key(alias), cid)
        self._keys[rid] = keys
        self._titles[rid] = titles
        self._order[rid] = [c.id for c in result.clauses]
        for c in result.clauses:
            self.clauses[c.id] = c
        for c in result.clauses:
            refs = self._find_refs(rid, c)
            if refs:
                self.clauses[c.id] = replace(c, refs=refs)

    def remove(self, rid: str) -> None:
        """Drop a ruleset and its clauses (no error when absent)."""
        for cid in self._order.pop(rid, []):
            self.clauses.pop(cid, None)
        for d in (self.rulesets, self.reports, self.sources, self._keys, self._titles):
            d.pop(rid, None)
        self.derived.clear()

    def _find_refs(self, rid: str, clause: Clause) -> tuple[Ref, ...]:
        refs: list[Ref] = []
        seen: set[tuple[int, int]] = set()
        for pat in _REF_PATTERNS:
            for m in pat.finditer(clause.text):
                span = (m.start("num"), m.end())
                if any(a <= span[0] < b for a, b in seen):
                    continue
                seen.add(span)
                num = m.group("num")
                letter = m.groupdict().get("letter")
                raw = m.group(0)
                raw = raw[raw.index(num):] if num in raw else raw
                target = None
                if letter:
                    hit = self.lookup(rid, f"{num} {letter}")
                    target = hit.id if hit else None
                if target is None:
                    hit = self.lookup(rid, num)
                    target = hit.id if hit else None
                if target == clause.id:
                    continue
                refs.append(Ref(raw=raw.strip(), target=target))
        return tuple(refs)

    # ------------------------------------------------------------------ reading
    def resolve_ruleset(self, name: str | None) -> str | None:
        """A ruleset id from an id or a name users type ("FIRS", "ball hockey", "U9"),
        case-insensitive; None for None.  Raises UsageError naming the known ids when nothing matches."""
        if name is None:
            return None
        if name in self.rulesets:
            return name
        want = " ".join(name.lower().replace("-", " ").split())
        for rid, rs in self.rulesets.items():
            names = {rid, rs.short_name, *rs.aliases}
            if want in {" ".join(n.lower().replace("-", " ").split()) for n in names if n}:
                return rid
        from rulebot.errors import UsageError

        raise UsageError(f"unknown ruleset {name!r} (known: {', '.join(sorted(self.rulesets))})")

    def get(self, clause_id: str) -> Clause | None:
        """The clause with this id, or None."""
        return self.clauses.get(clause_id)

    def by_ruleset(self, rid: str) -> list[Clause]:
        """The ruleset's clauses in document order (the root first); empty for an unknown id."""
        return [self.clauses[cid] for cid in self._order.get(rid, [])]

    def all_clauses(self) -> list[Clause]:
        """Every clause of every ruleset, rulesets in load order, clauses in document order."""
        return [self.clauses[cid] for rid in self._order for cid in self._order[rid]]

    def lookup(self, ruleset: str, number: str) -> Clause | None:
        """The clause printed with ``number`` in ``ruleset`` (tolerant of spacing and case:
        "6.4.21 C" = "6.4.21C", "605(b)" = "605 (b)" = "RULE 605 (b)"), else one whose title is
        ``number`` (a glossary term, an unnumbered heading), else None."""
        keys = self._keys.get(ruleset)
        if keys is None:
            return None
        for key in key_variants(number):
            cid = keys.get(key)
            if cid:
                return self.clauses[cid]
        cid = self._titles.get(ruleset, {}).get(number.strip().lower())
        return self.clauses[cid] if cid else None

    def children(self, clause: Clause) -> list[Clause]:
        """The clause's direct children in document order."""
        return [self.clauses[c] for c in clause.children if c in self.clauses]

    def subtree(self, clause: Clause) -> list[Clause]:
        """The clause and all its descendants, in document order."""
        out = [clause]
        for child in self.children(clause):
            out.extend(self.subtree(child))
        return out

    def ancestors(self, clause: Clause) -> list[Clause]:
        """The clause's ancestors, nearest first, without the ruleset root."""
        out = []
        cur = self.clauses.get(clause.parent) if clause.parent else None
        while cur is not None and cur.kind != "document":
            out.append(cur)
            cur = self.clauses.get(cur.parent) if cur.parent else None
        return out

    def heading(self, clause: Clause) -> str:
        """The nearest title for display: the clause's own, else its nearest titled ancestor's."""
        if clause.title:
            return clause.title
        for anc in self.ancestors(clause):
            if anc.title:
                return anc.title
        return ""

    def unresolved_refs(self, rid: str) -> list[tuple[Clause, Ref]]:
        """Cross-references in ``rid`` that name no clause, with the clause that makes them."""
        return [(c, r) for c in self.by_ruleset(rid) for r in c.refs if r.target is None]
