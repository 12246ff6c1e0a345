"""Questions generated from the structured index (issue 5, item 2), all level 2, each citing the
clause its answer comes from:

- ``signals``: "What does this referee signal mean?" -- from :func:`rulebot.signals.load_signals`
  (``Signal(name, description, ruleset, clause_id, penalties, rules)``); options are other signals'
  names in the same ruleset.  Signals printed with the same description (FIRS: Timeout and
  Unsportsmanlike) make one several-answer question.
- ``penalty-codes``: "What is the penalty code for X in FIRS?" -- from
  :func:`rulebot.penalties.infractions` (``Infraction(ruleset, infraction, rule, code, parts, minutes,
  severe, clause_id, row_id)``: only those with a printed ``code``); the cite is the penalty-index row
  (``row_id``, else the rule's clause); options are other codes of the same table.  An infraction listed with
  several codes makes one several-answer question.
- ``penalty-classes``: "How long is a minor penalty in RHA?" -- from
  :func:`rulebot.penalties.penalty_classes` (``PenaltyClass(ruleset, name, minutes, alt_minutes, effect,
  rule, clause_id)``; ``alt_minutes`` a tuple of other allowed lengths, RHA minor "1:30 or 2 minutes");
  options are the other classes' lengths, topped up from common penalty lengths (2, 5, 10, 4, 3, 1, 20
  minutes) when the table has fewer than three others.  Classes without a length in minutes, or
  that remove the player for the rest of the game, are skipped (see :func:`penalty_class_questions`).

The functions take the records as plain sequences (anything with those attributes), so they are
testable with small fakes; :func:`generated_questions` fetches them from the index.  Ids are stable
(``gen-signal-<ruleset>-<slug>``, ``gen-code-...``, ``gen-class-...``) and distractors are picked
with a random generator seeded by the id, so the same index gives the same questions.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import Any

from rulebot.quiz.bank import Cite, Question
from rulebot.quiz.check import address, normalise, number_occurs

GENERATED = "<generated>"
LEVEL = 2
DISTRACTORS = 3
#: Penalty lengths (minutes) used to top up the options of a small penalty-class table.
COMMON_MINUTES = (2, 5, 10, 4, 3, 1, 20)
TOPICS = ("signals", "penalty-codes", "penalty-classes")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", normalise(text)).strip("-") or "x"


def _short_name(index: Any, ruleset: str) -> str:
    rs = getattr(index, "rulesets", {}).get(ruleset)
    return getattr(rs, "short_name", None) or ruleset


def cite_rule(index: Any, clause: Any) -> str:
    """The rule string for a cite of ``clause``: :func:`rulebot.quiz.check.address` when some string
    looks it up, else ``"<parent number> <title>"`` or its number or title (``rulebot quiz check
    --generated`` then reports it)."""
    found = address(index, clause)
    if found:
        return found
    parent = index.get(clause.parent) if getattr(clause, "parent", None) else None
    if parent is not None and parent.number and clause.title:
        return f"{parent.number} {clause.title}"
    return clause.number or clause.title or clause.id


def _quote(clause: Any, *wanted: str) -> str:
    """The first of ``wanted`` found in the clause's title or text, else its text (or title)."""
    hay = normalise(f"{clause.title} {clause.text}")
    for text in wanted:
        if text and normalise(text) in hay:
            return text
    return clause.text or clause.title


def _sentence_with(clause: Any, words: str = "", minutes: float | None = None) -> str:
    """The first sentence of the clause's text containing ``words`` (case and spacing aside), else
    the first stating ``minutes`` (digits or words); "" when none does."""
    sentences = [x.strip() for x in re.split(r"(?<=[.;])\s+", clause.text or "") if x.strip()]
    if words:
        for sentence in sentences:
            if normalise(words) in normalise(sentence):
                return sentence
    if minutes is not None:
        for sentence in sentences:
            if number_occurs(minutes, normalise(sentence)):
                return sentence
    return ""


def _cite(index: Any, clause_id: str | None, *quote_candidates: str) -> Cite | None:
    """A cite of the clause ``clause_id`` quoting the first candidate found in it (else its text);
    None when the index has no such clause."""
    clause = index.get(clause_id) if clause_id else None
    if clause is None:
        return None
    return Cite(ruleset=clause.ruleset, rule=cite_rule(index, clause), quote=_quote(clause, *quote_candidates))


def _row_of(infraction: Any) -> str | None:
    """The clause a penalty code is printed in: the penalty-index row when known, else the rule."""
    return getattr(infraction, "row_id", None) or infraction.clause_id


def _text_of(index: Any, clause_id: str | None) -> str:
    clause = index.get(clause_id) if clause_id else None
    return clause.text if clause is not None else ""


def _pick(rng: random.Random, pool: Iterable[str], exclude: Iterable[str], n: int) -> list[str]:
    taken = {normalise(e) for e in exclude}
    unique: dict[str, str] = {}
    for item in pool:
        key = normalise(item)
        if key not in taken and key not in unique:
            unique[key] = item
    choices = sorted(unique.values())
    rng.shuffle(choices)
    return choices[:n]


def _alt(value: Any) -> tuple[float, ...]:
    """``alt_minutes`` as a tuple (the penalty table gives a tuple; a single number or None is fine)."""
    if value is None:
        return ()
    if isinstance(value, (int, float)):
        return (float(value),)
    return tuple(float(v) for v in value)


def _question(**fields: Any) -> Question:
    return Question(level=LEVEL, source=GENERATED, generated=True, **fields)


# --------------------------------------------------------------------------------------------------


def signal_questions(index: Any, signals: Sequence[Any]) -> list[Question]:
    """One question per distinct signal description (see the module docstring)."""
    by_ruleset: dict[str, list[Any]] = {}
    for s in signals:
        # a signal told inside a rule's sentence names what it is for: no question to ask of it
        if s.name and s.description and not getattr(s, "in_rule", False):
            by_ruleset.setdefault(s.ruleset, []).append(s)
    out: list[Question] = []
    for ruleset, table in by_ruleset.items():
        groups: dict[str, list[Any]] = {}
        for s in table:
            groups.setdefault(normalise(s.description), []).append(s)
        names = [s.name for s in table]
        short = _short_name(index, ruleset)
        for group in groups.values():
            first = group[0]
            rights = list(dict.fromkeys(s.name for s in group))
            qid = f"gen-signal-{ruleset}-{_slug(first.name)}"
            rng = random.Random(qid)
            distractors = _pick(rng, names, rights, DISTRACTORS)
            if not distractors:
                continue
            cites = [c for c in (_cite(index, s.clause_id, s.description, s.name) for s in group) if c]
            if not cites:
                continue
            options = rights + distractors
            several = len(rights) > 1
            out.append(_question(
                id=qid, ruleset=ruleset, topic="signals", kind="multi" if several else "choice",
                question=(f"In {short}, what does this referee signal mean? \u201c{first.description}\u201d"
                          + (" (choose every call it is used for)" if several else "")),
                options=tuple(options), answer=rights if several else rights[0],
                cite=tuple(cites),
                explanation=(f"{short}: the signal for {' and for '.join(rights)} is: {first.description}"),
            ))
    return out


#: A penalty code as a penalty index prints it ("2'", "5'+GM", "MIS"); other words found in the code
#: column (FIRS: "Face off report to authority") make no question and no distractor.
_CODE = re.compile(r"^[0-9A-Z'+]{1,12}$")


def _code_label(inf: Any) -> str:
    """``"5'+GM (major + game misconduct)"`` when the table explains the code, else the code."""
    label = getattr(getattr(inf, "parts", None), "label", "") or ""
    return f"{inf.code} ({label})" if label and label != inf.code else inf.code


def penalty_code_questions(index: Any, infractions: Sequence[Any]) -> list[Question]:
    """One question per infraction with a code (see the module docstring)."""
    by_ruleset: dict[str, list[Any]] = {}
    for inf in infractions:
        if inf.infraction and inf.code and _CODE.match(inf.code.strip()):
            by_ruleset.setdefault(inf.ruleset, []).append(inf)
    out: list[Question] = []
    for ruleset, table in by_ruleset.items():
        groups: dict[str, list[Any]] = {}
        for inf in table:
            groups.setdefault(normalise(inf.infraction), []).append(inf)
        codes = [inf.code for inf in table]
        # what a code means: "10'" and "MIS" are both a misconduct, so one is never a wrong option for the other
        meaning = {normalise(inf.code): tuple(sorted(p.kind for p in getattr(getattr(inf, "parts", None), "parts", ())))
                   for inf in table}
        short = _short_name(index, ruleset)
        for group in groups.values():
            first = group[0]
            rights = list(dict.fromkeys(inf.code for inf in group))
            qid = f"gen-code-{ruleset}-{_slug(first.infraction)}"
            rng = random.Random(qid)
            meant = {meaning[normalise(c)] for c in rights} - {()}
            distractors = _pick(rng, [c for c in codes if meaning[normalise(c)] not in meant], rights, DISTRACTORS)
            if not distractors:
                continue
            cites = [c for c in (_cite(index, _row_of(inf), _text_of(index, _row_of(inf)), inf.infraction)
                                 for inf in group) if c]
            if not cites:
                continue
            rules = ", ".join(dict.fromkeys(inf.rule for inf in group if inf.rule))
            several = len(rights) > 1
            name = first.infraction.rstrip(" *")
            out.append(_question(
                id=qid, ruleset=ruleset, topic="penalty-codes", kind="multi" if several else "choice",
                question=(f"What is the penalty code for {name}"
                          + (f" (Rule {rules})" if rules else "") + f" in {short}?"
                          + (" (choose every code listed)" if several else "")),
                options=tuple(rights + distractors), answer=rights if several else rights[0],
                cite=tuple(cites),
                explanation=(f"{short} penalty index: {name}"
                             + (f", Rule {rules}" if rules else "") + ": "
                             + " or ".join(dict.fromkeys(_code_label(inf) for inf in group)) + "."),
            ))
    return out


_WHOLE_GAME = re.compile(r"\b(balance|rest|remainder) of the game\b", re.I)


def penalty_class_questions(index: Any, classes: Sequence[Any]) -> list[Question]:
    """One question per penalty class with a length in minutes (see the module docstring).

    Skipped: classes without minutes, classes the text only names (``defined`` False), and classes
    whose effect removes the player for the rest of the game (match, game misconduct: their minutes are
    only part of the penalty, so "how long is it?" has no one-number answer).
    """
    from rulebot.penalties import duration_words  # here, as the module imports no index (see generated_questions)

    by_ruleset: dict[str, list[Any]] = {}
    for pc in classes:
        timed = isinstance(pc.minutes, (int, float)) and not isinstance(pc.minutes, bool) and pc.minutes > 0
        if (pc.name and timed and getattr(pc, "defined", True)
                and not _WHOLE_GAME.search(getattr(pc, "effect", "") or "")):
            by_ruleset.setdefault(pc.ruleset, []).append(pc)
    out: list[Question] = []
    for ruleset, table in by_ruleset.items():
        short = _short_name(index, ruleset)
        seen: set[str] = set()
        labels = [duration_words(o.minutes, _alt(o.alt_minutes), getattr(o, "duration", "")) for o in table]
        for pc, right in zip(table, labels):
            qid = f"gen-class-{ruleset}-{_slug(pc.name)}"
            if qid in seen:
                continue
            seen.add(qid)
            mine = {float(pc.minutes), *_alt(pc.alt_minutes)}
            # an option stating any of the right lengths would be half right: leave those out
            others = [label for o, label in zip(table, labels)
                      if not mine & {float(o.minutes), *_alt(o.alt_minutes)}]
            rng = random.Random(qid)
            distractors = _pick(rng, others, [right], DISTRACTORS)
            if len(distractors) < DISTRACTORS:
                common = [duration_words(m) for m in COMMON_MINUTES if float(m) not in mine]
                distractors += _pick(rng, common, [right, *distractors], DISTRACTORS - len(distractors))
            clause = index.get(pc.clause_id) if pc.clause_id else None
            if clause is None:
                continue
            duration = getattr(pc, "duration", "") or ""
            sentence = _sentence_with(clause, duration, float(pc.minutes))
            cite = _cite(index, pc.clause_id, sentence, duration, pc.name)
            name = pc.name.lower()
            name = name if "penalt" in name else f"{name} penalty"
            out.append(_question(
                id=qid, ruleset=ruleset, topic="penalty-classes", kind="choice",
                question=f"How long is a {name} in {short}?",
                options=tuple([right] + distractors), answer=right, cite=(cite,),
                explanation=f"{short}" + (f" Rule {pc.rule}" if pc.rule else "") + f": a {name} is {right}.",
            ))
    return out


def available_topics() -> list[str]:
    """The generated topics whose source tables can be imported (:mod:`rulebot.signals` for
    ``signals``, :mod:`rulebot.penalties` for the other two), in :data:`TOPICS` order."""
    import importlib.util

    def has(name: str) -> bool:
        try:
            return importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            return False

    found = {"signals": has("rulebot.signals"), "penalty-codes": has("rulebot.penalties"),
             "penalty-classes": has("rulebot.penalties")}
    return [t for t in TOPICS if found[t]]


def generated_questions(index: Any, *, topics: Iterable[str] = TOPICS) -> list[Question]:
    """Every generated question of the given ``topics`` (default all) from ``index``.

    Imports :mod:`rulebot.signals` and :mod:`rulebot.penalties` (issue 3) when asked for their topics;
    raises :class:`rulebot.errors.DataError` when one of them is missing.
    """
    from rulebot.errors import DataError

    wanted = set(topics)
    out: list[Question] = []
    try:
        if "signals" in wanted:
            from rulebot.signals import load_signals

            out += signal_questions(index, load_signals(index))
        if wanted & {"penalty-codes", "penalty-classes"}:
            from rulebot import penalties

            if "penalty-codes" in wanted:
                out += penalty_code_questions(index, penalties.infractions(index))
            if "penalty-classes" in wanted:
                out += penalty_class_questions(index, penalties.penalty_classes(index))
    except ModuleNotFoundError as exc:
        raise DataError(f"generated questions need {exc.name}, which is not installed") from exc
    return out
