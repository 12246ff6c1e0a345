"""Command-palette providers: jump to any rule by number or title (Textual's fuzzy matcher)."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

#: Most hits the palette shows for one query.
MAX_HITS = 40


class RuleCommands(Provider):
    """"Go to rule ...": every numbered or titled clause, shown as ``"FIRS 6.4.21 High Sticks"`` and
    matched fuzzily on that text, so "rha 403", "6421c" and "high stick" all find their rule.
    Choosing one opens it in the Browse tab.  A thin adapter over
    :meth:`rulebot.ui.library.Library.rule_targets`."""

    async def startup(self) -> None:
        """Fetch the targets once per palette opening."""
        self._targets = self.app.library.rule_targets()  # type: ignore[attr-defined]

    async def discover(self) -> Hits:
        """With an empty prompt: the top-level sections of every ruleset."""
        library = self.app.library  # type: ignore[attr-defined]
        for clause_id, label in self._targets:
            clause = library.clause(clause_id)
            if clause is not None and clause.kind == "section":
                yield DiscoveryHit(f"Go to {label}", partial(self._open, clause_id), help="open in Browse")

    async def search(self, query: str) -> Hits:
        """Rules whose label matches ``query`` fuzzily, best first."""
        matcher = self.matcher(query)
        scored = []
        for clause_id, label in self._targets:
            score = matcher.match(label)
            if score > 0:
                scored.append((score, clause_id, label))
        scored.sort(key=lambda t: -t[0])
        for score, clause_id, label in scored[:MAX_HITS]:
            yield Hit(score, matcher.highlight(label), partial(self._open, clause_id), text=label,
                      help="open in Browse")

    def _open(self, clause_id: str) -> None:
        self.app.action_open_clause(clause_id)  # type: ignore[attr-defined]
