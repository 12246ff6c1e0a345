"""Composing answers: the sentence or two of the best clause that answer the question, then the
clauses it rests on as citations."""

from __future__ import annotations

import re

from rulebot.corpus.index import ClauseIndex
from rulebot.models import Citation, Clause, Hit
from rulebot.search.text import terms

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(“\"])")
_NUM_WORD_PAREN = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
    r"forty|fifty|ninety|one and a half)\s*\((\d+(?:[-/.]\d+)?)\s*\)", re.I)
_PAREN_NUM_WORD = re.compile(r"\b(\d+)\s*\((one|two|three|four|five|six|seven|eight|nine|ten|"
                             r"eleven|twelve|fifteen|twenty|thirty|forty|fifty|ninety)\)", re.I)


def normalise_numbers(text: str) -> str:
    """Write numbers the way a referee reads them: "two (2) minutes" -> "2 minutes",
    "20 (twenty)" -> "20"."""
    text = _NUM_WORD_PAREN.sub(lambda m: m.group(2), text)
    return _PAREN_NUM_WORD.sub(lambda m: m.group(1), text)


def sentences(text: str) -> list[str]:
    """A clause's text split into sentences."""
    return [s.strip() for s in _SENTENCE_SPLIT.split(text) if s.strip()]


def best_sentences(text: str, query: str, limit: int = 2, max_chars: int = 320) -> str:
    """The sentences of ``text`` that share most terms with ``query``, in text order, at most
    ``limit`` sentences and about ``max_chars`` characters."""
    sents = sentences(text)
    if len(sents) <= 1:
        return text.strip()
    qt = set(terms(query))
    scored = []
    for i, s in enumerate(sents):
        st = terms(s)
        overlap = sum(1 for t in set(st) if t in qt)
        scored.append((overlap + 0.01 * (len(sents) - i), i))
    scored.sort(reverse=True)
    chosen = sorted(i for _, i in scored[:limit])
    out = []
    for i in chosen:
        if out and len(" ".join(out)) + len(sents[i]) > max_chars:
            break
        out.append(sents[i])
    return " ".join(out)


def citation(index: ClauseIndex, clause: Clause, score: float, layer: str | None = None) -> Citation:
    """A citation of ``clause``: its ruleset, number as printed, nearest title and own text."""
    return Citation(
        ruleset=clause.ruleset,
        rule=clause.number or clause.title,
        title=index.heading(clause),
        text=clause.text,
        score=score,
        clause_id=clause.id,
        layer=layer,
    )


def label(index: ClauseIndex, clause: Clause) -> str:
    """"RHA 402 (a) Minor Penalties" style label for answers."""
    rs = index.rulesets.get(clause.ruleset)
    name = rs.short_name if rs else clause.ruleset
    parts = [name]
    if clause.number:
        parts.append(clause.number)
    head = index.heading(clause)
    if head and head != clause.number:
        parts.append(f"({head})")
    return " ".join(parts)


def short_answer(index: ClauseIndex, hits: list[Hit], query: str) -> str:
    """The short answer: the best sentences of the top clause, numbers normalised, with its label."""
    if not hits:
        return ""
    top = hits[0].clause
    text = best_sentences(top.text, query) if top.kind not in ("table-row", "signal") else top.text
    if top.kind == "signal":
        text = f"{top.title}: {top.text}"
    return f"{normalise_numbers(text)} [{label(index, top)}]"
