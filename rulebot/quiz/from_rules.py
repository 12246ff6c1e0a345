"""Questions generated from the text of one ruleset (issue 7, item 4): a tournament sheet a referee
ingested has no question bank, so quizzes are built from what its clauses state.  Each question
cites the clause it comes from (``rulebot quiz check`` accepts them all; see the tests):

- ``numbers`` -- every number with a unit in a sentence ("two 12 minute periods", "30 second timeout",
  "8 skaters"): the sentence with the number blanked; a ``numeric`` question in that unit.
- ``penalties`` -- the same for sentences about penalties, suspensions and ejections, plus a
  ``truefalse`` question that states the sentence with another number (the answer is False; the
  explanation quotes the rule).
- ``definitions`` -- each ``definition`` clause (a "Definitions"/"Glossary" entry): "Which term is
  defined as ...?", a ``choice`` between it and up to three other terms of the ruleset.

Ids are stable (``gen-rules-<ruleset>-<clause key>-<topic>-<n>``) and distractors are drawn with a
generator seeded by the id, so the same ruleset gives the same questions.  Questions are
``generated=True``, level :data:`rulebot.quiz.generate.LEVEL`, source ``"<generated>"``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Any

from rulebot.quiz.bank import Cite, Question
from rulebot.quiz.generate import GENERATED, LEVEL, cite_rule

TOPICS = ("numbers", "penalties", "definitions")
#: Most questions of one topic taken from a single clause.
PER_CLAUSE = 3

_WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30}
_UNITS = {"minute": "minutes", "min": "minutes", "second": "seconds", "sec": "seconds", "player": "players",
          "skater": "skaters", "goal": "goals", "point": "points", "period": "periods", "shooter": "shooters",
          "game": "games", "goaltender": "goaltenders", "goalkeeper": "goalkeepers", "goalie": "goalies",
          "person": "persons", "team": "teams", "metre": "metres", "meter": "metres", "foot": "feet",
          "feet": "feet", "round": "rounds", "penalty": "penalties", "penaltie": "penalties", "shot": "shots"}
_NUMBER_UNIT = re.compile(
    r"(?<![\w.,:])(?P<num>\d{1,3}(?:\.\d)?|" + "|".join(_WORD_NUMBERS) + r")(?:\s*\(\d{1,3}\))?"
    r"(?P<sep>\s*-\s*|\s+)(?P<unit>" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")s?\b", re.I)
_PENALTY = re.compile(r"\b(?:penalt\w*|suspen\w*|eject\w*|misconduct|expel\w*|fight\w*|sin bin)\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(\"“])")
_KINDS = frozenset({"rule", "paragraph", "item", "note", "section", "text", "situation"})


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def _value(token: str) -> float:
    token = token.lower()
    return float(_WORD_NUMBERS[token]) if token in _WORD_NUMBERS else float(token)


def _fmt(value: float) -> str:
    return f"{value:g}"


def _question(**fields: Any) -> Question:
    return Question(level=LEVEL, source=GENERATED, generated=True, **fields)


def _where(index: Any, clause: Any) -> tuple[str, str]:
    rs = index.rulesets.get(clause.ruleset)
    short = getattr(rs, "short_name", None) or clause.ruleset
    rule = cite_rule(index, clause)
    return short, rule


def _number_questions(index: Any, clause: Any, topics: set[str]) -> list[Question]:
    out: list[Question] = []
    short, rule = _where(index, clause)
    made = 0
    for sentence in _SENTENCE.split(clause.text):
        sentence = sentence.strip()
        topic = "penalties" if _PENALTY.search(sentence) or _PENALTY.search(clause.title or "") else "numbers"
        if topic not in topics:
            continue
        for m in _NUMBER_UNIT.finditer(sentence):
            if made >= PER_CLAUSE:
                return out
            value = _value(m.group("num"))
            if value <= 0 or m.group("num").lower() == "one":  # "in one game" asks nothing
                continue
            unit = _UNITS[m.group("unit").lower().rstrip("s") if m.group("unit").lower() not in _UNITS
                          else m.group("unit").lower()]
            blanked = sentence[:m.start("num")] + "___" + sentence[m.end("num"):]
            qid = f"gen-rules-{clause.ruleset}-{_slug(clause.key)}-{topic}-{made + 1}"
            cite = Cite(ruleset=clause.ruleset, rule=rule, quote=sentence)
            heading = index.heading(clause)
            about = f" ({heading})" if heading else ""
            out.append(_question(
                id=qid, ruleset=clause.ruleset, topic=topic, kind="numeric",
                question=f"{short} {rule}{about}: \u201c{blanked}\u201d \u2014 how many {unit}?",
                answer=value, unit=unit, cite=(cite,),
                explanation=f"{short} {rule}: {sentence}"))
            if topic == "penalties":
                rng = random.Random(qid)
                others = [v for v in (1, 2, 3, 4, 5, 10, 1.5, 20) if v != value]
                wrong = rng.choice(others)
                stated = sentence[:m.start("num")] + _fmt(wrong) + sentence[m.end("num"):]
                out.append(_question(
                    id=f"{qid}-tf", ruleset=clause.ruleset, topic=topic, kind="truefalse",
                    question=f"True or false, in {short}: \u201c{stated}\u201d", answer=False, cite=(cite,),
                    explanation=f"False: {short} {rule} says \u201c{sentence}\u201d"))
            made += 1
    return out


def _definition_questions(index: Any, clauses: list[Any]) -> list[Question]:
    terms = [c for c in clauses if c.kind == "definition" and c.title and c.text]
    names = list(dict.fromkeys(c.title for c in terms))
    out: list[Question] = []
    for c in terms:
        others = [n for n in names if n.casefold() != c.title.casefold()]
        if not others:
            continue
        qid = f"gen-rules-{c.ruleset}-{_slug(c.key)}-definitions-1"
        rng = random.Random(qid)
        rng.shuffle(others)
        short, rule = _where(index, c)
        out.append(_question(
            id=qid, ruleset=c.ruleset, topic="definitions", kind="choice",
            question=f"In {short}, which term is defined as: \u201c{c.text}\u201d?",
            options=tuple([c.title] + others[:3]), answer=c.title,
            cite=(Cite(ruleset=c.ruleset, rule=rule, quote=c.text),),
            explanation=f"{short}: {c.title} \u2014 {c.text}"))
    return out


def ruleset_questions(index: Any, ruleset_id: str, *, topics: Iterable[str] = TOPICS) -> list[Question]:
    """The generated questions of ``topics`` (default all of :data:`TOPICS`) for ruleset
    ``ruleset_id`` of ``index``, in document order.  Raises KeyError for a ruleset not in the index."""
    if ruleset_id not in index.rulesets:
        raise KeyError(ruleset_id)
    wanted = set(topics)
    clauses = index.by_ruleset(ruleset_id)
    out: list[Question] = []
    if wanted & {"numbers", "penalties"}:
        for clause in clauses:
            if clause.kind in _KINDS and clause.text:
                out += _number_questions(index, clause, wanted)
    if "definitions" in wanted:
        out += _definition_questions(index, clauses)
    return out


def user_ruleset_questions(index: Any, *, topics: Iterable[str] = TOPICS) -> list[Question]:
    """:func:`ruleset_questions` for every ruleset the user ingested (not the embedded ones, which
    have banks and the table-based generators)."""
    out: list[Question] = []
    for rid, rs in index.rulesets.items():
        if not rs.embedded:
            out += ruleset_questions(index, rid, topics=topics)
    return out
