"""Immutable records shared by every layer: rulesets, clauses, cross-references, search hits,
citations and answers.  Built by the parser and the search layer; read by the CLI and the TUI.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ClauseKind = Literal[
    "document",   # the root of one ruleset
    "section",    # a heading that groups rules ("SECTION VI - PLAYING RULES", "Penalties")
    "rule",       # a numbered rule ("6.4.21", "RULE 605", "23.")
    "paragraph",  # a lettered or numbered sub-clause ("6.4.21 C", "605 (b)", "605 (b) 1.")
    "item",       # a bullet or an unnumbered paragraph that belongs to the rule above it
    "note",       # "NOTE:", "NOTE 1:"
    "situation",  # "Situation #1"
    "definition", # a glossary or terminology entry
    "table-row",  # a row of a table (e.g. FIRS Annex C)
    "signal",     # a referee signal (FIRS Annex B)
    "text",       # other kept text (foreword, annex captions)
]


#: Penalty category names, a compound before its head ("bench minor" before "minor"; the order regexes must
#: try them in). The penalty index (:mod:`rulebot.penalties`) and the search's readings of class names share it.
CLASS_NAMES = (
    "bench minor", "double minor", "minor", "major", "gross misconduct", "game misconduct",
    "misconduct", "game ejection", "match", "penalty shot",
)


def names_title(number: str, title: str) -> bool:
    """Whether a clause's printed ``number`` already says its ``title`` (a signal's "Annex B Tripping"; a
    sheet's list item "Penalties are as follows •2" under "Penalties are as follows"), so a label says
    it once."""
    return bool(title) and (number.endswith(title) or number.startswith(f"{title} "))


@dataclass(frozen=True)
class Ruleset:
    """One rule document's metadata, read from ``ruleset.yaml``.

    ``aliases`` are the names a user types ("FIRS", "U9", "ball hockey"); ``loose_aliases`` name it only
    in a question that names no other ruleset and is asked of none ("the inline rules" is FIRS, but "RHA
    inline games" is RHA's); ``base`` is the id of a ruleset this one amends (layering, issue 7) or None;
    ``follows`` is the document's own words about rules it builds on that rulebot does not hold (e.g.
    Hockey Canada rules).
    """

    id: str
    title: str
    short_name: str
    aliases: tuple[str, ...] = ()
    loose_aliases: tuple[str, ...] = ()
    governing_body: str | None = None
    edition: str | None = None
    sport: str | None = None
    layout: str | None = None
    base: str | None = None
    follows: str | None = None
    embedded: bool = True
    source_path: str = ""


@dataclass(frozen=True)
class Ref:
    """A cross-reference made by a clause: ``raw`` as printed ("Rule 6.2.1 B"), and the clause id it
    resolves to, or None when nothing in the ruleset has that number."""

    raw: str
    target: str | None


@dataclass(frozen=True)
class Clause:
    """One node of a ruleset's clause tree.

    ``id`` is canonical and stable: ``"<ruleset>:<key>"`` where key is the printed number normalised
    (``"firs-2017:6.4.21.c"``, ``"rha:605.b"``, ``"ball-hockey:23"``); unnumbered clauses get a key from
    their parent and position (``"rha:605.b.note1"``, ``"ball-hockey:33.p2"``).
    ``number`` is the number as printed (``"6.4.21 C"``, ``"605 (b)"``, ``"23"``; empty for the root).
    ``text`` is the clause's own text only (not its children's); ``order`` its position in the document;
    ``marker`` the number as the source printed it before the text ("1.", "a.", "(b)", "•"; empty when
    none was printed or the parser does not record it).
    """

    ruleset: str
    id: str
    number: str
    title: str
    text: str
    kind: ClauseKind
    parent: str | None
    children: tuple[str, ...] = ()
    refs: tuple[Ref, ...] = ()
    order: int = 0
    marker: str = ""

    @property
    def key(self) -> str:
        """The part of ``id`` after the ruleset (``"6.4.21.c"``)."""
        return self.id.split(":", 1)[1]

    def text_start(self, chars: int) -> str:
        """The clause's text on one line, at most ``chars`` characters, ending with "…" when cut (for
        lists and tree labels)."""
        text = " ".join(self.text.split())
        return text if len(text) <= chars else text[: chars - 1].rstrip() + "…"

    @property
    def label(self) -> str:
        """``number`` and ``title`` joined for display (``"6.4.21 High Sticks"``); the title once where
        the number already ends with it (a signal's ``"Annex B Tripping"``)."""
        if self.title and names_title(self.number, self.title):
            return self.number
        return " ".join(part for part in (self.number, self.title) if part)


@dataclass(frozen=True)
class Hit:
    """One ranked search result: the clause and its score (higher is better; not comparable across queries)."""

    clause: Clause
    score: float


@dataclass(frozen=True)
class Citation:
    """A clause quoted in an answer.  ``layer`` is "tournament", "base" or "replaced" for layered
    rulesets (issue 7), else None.  ``text`` is the clause's text as the rulebook prints it
    (:func:`rulebot.search.answer.quoted_text`: with the short list it announces, a signal with its name)."""

    ruleset: str
    rule: str
    title: str
    text: str
    score: float
    clause_id: str
    layer: str | None = None

    def to_json(self) -> dict:
        """The JSON form used by ``rulebot ask --json/--jsonl`` (stable field names)."""
        data = {"ruleset": self.ruleset, "rule": self.rule, "title": self.title, "text": self.text,
                "score": round(self.score, 4), "id": self.clause_id}
        if self.layer:
            data["layer"] = self.layer
        return data


@dataclass(frozen=True)
class Answer:
    """An answer to a question: the short answer, the citations it rests on (best first),
    whether rulebot found the question covered, and the resolved question (for follow-ups)."""

    question: str
    ruleset: str | None
    answer: str
    citations: tuple[Citation, ...]
    answered: bool = True
    kind: str = "lookup"
    see_also: tuple[Citation, ...] = ()
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        """The JSON form used by ``rulebot ask --json/--jsonl`` (stable field names, more may be added)."""
        data = {
            "question": self.question,
            "ruleset": self.ruleset,
            "answer": self.answer,
            "answered": self.answered,
            "kind": self.kind,
            "citations": [c.to_json() for c in self.citations],
        }
        if self.see_also:
            data["see_also"] = [c.to_json() for c in self.see_also]
        data.update(self.extra)
        return data
