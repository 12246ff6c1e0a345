"""What goes with a call (issue 4, situations): how play restarts and how rules combine, each a
sentence quoted from the rulebook with its citation label, or nothing when the rulebook says nothing.

Both look only at the clauses the call comes from and at the ruleset's own general rule; the
ruleset's general rule is found once per index and kept on it."""

from __future__ import annotations

import re

from rulebot.corpus.index import ClauseIndex
from rulebot.models import Clause, Hit
from rulebot.search.answer import label, normalise_numbers, sentences

#: A sentence that says how play restarts ("the restart ... when the rules say so").
_RESTART = re.compile(r"(?:resulting|ensuing) face-?\s?offs?\b|face-?\s?offs? (?:shall|will)|faced[- ]off|\bbe faced\b"
                      r"|possession is (?:given|awarded)|given possession|play (?:shall|will) (?:resume|restart)", re.I)
#: ... after a penalty.
_PENALISED = re.compile(r"penalt|penaliz|penalis|offending|power ?play", re.I)
#: A sentence on how a penalty shot combines with the penalty the foul would otherwise carry.
_COMBINES = re.compile(r"no further (?:minor|major)", re.I)


def _call(answer: str) -> str | None:
    """The call an answer starts with ("minor (2 minutes)" in "Minor (2 minutes) — ..."), else None."""
    return answer.split(" — ", 1)[0].lower() if " — " in answer else None


def _cache(index: ClauseIndex, name: str) -> dict:
    return index.__dict__.setdefault(name, {})


def restart_line(index: ClauseIndex, ranker, hits: list[Hit], answer: str, general: bool = True) -> str:
    """" Restart: <sentence> [label]" for a call: how play restarts, from the clause the call comes
    from when it says so, else from the ruleset's rule on calling penalties (FIRS 6.3 A "The resulting
    face-off shall be made at one of the end zone face-off spots of the offending team"; ball hockey 23
    "possession is given to the team on the powerplay behind their own goal line").  "" when the answer
    is no call, no penalty, or a penalty shot (which has its own restart), or the rulebook says nothing.
    ``ranker`` is the :class:`~rulebot.search.ranker.ClauseRanker` that finds the general rule; with
    ``general`` False (a goal's ruling, "Goal not allowed — ..."), only the clause's own restart counts."""
    call = _call(answer)
    if not hits or call is None or call.startswith("no penalty"):
        return ""
    top = hits[0].clause
    said = answer.lower()
    own = [s for s in sentences(top.text) if _RESTART.search(s) and s.lower()[:60] not in said]
    if own:
        return f" Restart: {normalise_numbers(own[0])} [{label(index, top)}]"
    if "penalty shot" in call or not general:
        return ""
    found = _restart_rule(index, ranker, top.ruleset)
    if found is None or found[1].lower()[:60] in said:
        return ""
    clause, sent = found
    return f" Restart: {normalise_numbers(sent)} [{label(index, clause)}]"


def _restart_rule(index: ClauseIndex, ranker, ruleset: str) -> tuple[Clause, str] | None:
    """(clause, sentence) of the ruleset's rule on how play restarts after a penalty is called, or None."""
    cache = _cache(index, "_restart_rules")
    if ruleset not in cache:
        cache[ruleset] = None
        for h in ranker.search("resulting face-off after a penalty is called, possession", {ruleset}, 10):
            sents = [s for s in sentences(h.clause.text) if _RESTART.search(s) and _PENALISED.search(s)]
            if sents:
                cache[ruleset] = (h.clause, sents[0])
                break
    return cache[ruleset]


def combine_line(index: ClauseIndex, hits: list[Hit], answer: str) -> str:
    """" Rules combine: <sentence> [label]" when the call is a penalty shot and the ruleset says how it
    combines with the penalty the foul would otherwise carry (FIRS 6.1.8 D, RHA 406 (h): "... no further
    minor penalty shall be served"); else ""."""
    call = _call(answer)
    if not hits or call is None or "penalty shot" not in call:
        return ""
    rid = hits[0].clause.ruleset
    cache = _cache(index, "_combine_rules")
    if rid not in cache:
        cache[rid] = None
        for c in index.by_ruleset(rid):
            found = [s for s in sentences(c.text or "") if _COMBINES.search(s) and "penalty shot" in s.lower()]
            if found:
                cache[rid] = (c, found[0])
                break
    if cache[rid] is None or cache[rid][1].lower()[:60] in answer.lower():
        return ""
    clause, sent = cache[rid]
    return f" Rules combine: {normalise_numbers(sent)} [{label(index, clause)}]"
