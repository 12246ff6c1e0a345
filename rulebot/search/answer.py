"""Composing answers: the sentence or two of the best clause that answer the question, then the
clauses it rests on as citations."""

from __future__ import annotations

import re
from functools import lru_cache

from rulebot.corpus.index import ClauseIndex
from rulebot.models import CLASS_NAMES, Citation, Clause, Hit, names_title
from rulebot.search.intent import FACEOFF_PLACE, GOAL_OUTCOMES, OPENING_CONDITION, SPECIAL_CASE, classify
from rulebot.corpus.builder import ANNOUNCES, ends_announcing, introduces_list
from rulebot.search.text import fold, negated_terms, polarity, terms

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(“\"])")
_NUMBER_WORDS = (r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
                 r"forty|fifty|ninety")
#: Units a duration or distance is stated in: such numbers read best as digits ("2 minutes").
_UNITS = r"(?=[\s-]*(?:minutes?|mins?|seconds?|secs?|hours?|metres?|meters?|feet|foot|inch(?:es)?)\b)"
_NUM_WORD_PAREN = re.compile(
    rf"\b(?:{_NUMBER_WORDS}|one and a half)\s*\((\d+(?:[-/.]\d+)?)\s*\){_UNITS}", re.I)
_PAREN_NUM_WORD = re.compile(rf"\b(\d+)\s*\((?:{_NUMBER_WORDS})\){_UNITS}", re.I)


def normalise_numbers(text: str) -> str:
    """Write durations and distances the way a referee reads them: "two (2) minutes" -> "2 minutes",
    "20 (twenty) seconds" -> "20 seconds".  Counts keep the rulebook's words and digits as printed
    ("three (3) different players"), so both "three" and "3" are in the answer."""
    text = _NUM_WORD_PAREN.sub(lambda m: m.group(1), text)
    return _PAREN_NUM_WORD.sub(lambda m: m.group(1), text)


#: A term quoted in a question ("when is a team actually 'short-handed'"): the term asked about.
_QUOTED_TERM = re.compile(r"(?:^|\s)['\"“‘]([A-Za-z][\w -]{1,30})['\"”’](?=[\s?.,!]|$)")
#: A text that defines its subject ("Fighting is defined as ...", "Control of the puck means ...",
#: "“Short-handed” means that ..."): for "what counts as" and a quoted term, the sentence to answer with.
STATES_DEFINITION = re.compile(r"\b(?:is|are|shall be) (?:defined|considered) as\b|^[^.]{0,60}\b(?:means|shall mean)\b"
                               r"|^[^.]{0,60}\b(?:is|are) (?:one|those|any) (?:which|that|who)\b"
                               r"|\b(?:will|shall) be (?:called|deemed) (?:a|an)\b", re.I)


def sentences(text: str) -> list[str]:
    """A clause's text split into sentences; a list of short lettered items in one sentence ("(a)
    points; (b) head-to-head result; (c) goal difference.") stays whole."""
    out: list[str] = []
    for s in (s.strip() for s in _SENTENCE_SPLIT.split(text)):
        if out and out[-1].endswith(";") and _SHORT_ITEM.match(s):
            out[-1] = f"{out[-1]} {s}"
        elif s:
            out.append(s)
    return out


#: A short inline list item: "(b) head-to-head result;".
_SHORT_ITEM = re.compile(r"\(?[a-z0-9]\)\s.{0,60}$")


_HAS_NUMBER = re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty)\b",
                         re.I)


#: The call a question guesses at ("..., is that a hook?", "hooking or clean?"): its words say less about
#: which sentence answers than the play described.
_HYPOTHESIS = re.compile(r"\b(?:is|was) (?:that|it|this) (?:a |an )?([\w -]{3,30}?)\s*\?|\b([\w-]{3,20}) or (?:clean|legal|nothing)\b",
                         re.I)
HYPOTHESIS_WEIGHT = 0.5

#: A question about when something happens or may happen, and a sentence that says when.
_ASKS_WHEN = re.compile(r"\bwhen (?:is|are|does|do|can|could|should|must|may|will|has|have|did)\b|\bhow soon\b"
                        r"|\bat what (?:point|time)\b", re.I)
_SAYS_WHEN = re.compile(r"\b(?:until|unless|when|whenever|after|before|once|as soon as|while|during)\b", re.I)
WHEN_BONUS = 3.0
#: "What should the referee do about it?", "how do I handle it?": the sentence in which an official acts
#: ("The referee may hold the clock and issue a warning", RHA 205 (d)) gains ACTION_BONUS.
_ASKS_ACTION = re.compile(r"\bwhat (?:should|do|must|can|would) (?:i|we|the (?:ref|refs|referee|referees|officials?))"
                          r" do\b|\bhow (?:do|should|would|can) (?:i|we) (?:handle|deal with|manage)\b", re.I)
_OFFICIAL_ACTS = re.compile(r"\b(?:the )?(?:referee|referees|official|officials)(?:'s)? "
                            r"(?:shall|may|will|must|should)\b", re.I)
ACTION_BONUS = 3.0
#: "What should have happened?", "what happens now?", "do we redo it?": what follows from the case told.
_ASKS_OUTCOME = re.compile(r"\bwhat (?:should|would|will|does|do) (?:\w+ )?(?:have )?happen(?:ed|s)?\b|\bwhat happens\b"
                           r"|\bwhat now\b|\b(?:redo|re-do|retake|re-take|replay|do over)\b"
                           # "does the miss stand?", "does my save count?"
                           r"|\b(?:does|do|did|would|will) (?:it|that|this|(?:the|my|his|her|their|our) \w+) (?:still )?"
                           r"(?:stand|count)\b", re.I)
#: A sentence that states what follows from a case: "If the goalkeeper leaves the goal crease prior to ...,
#: the player will re-take the penalty shot."
_STATES_OUTCOME = re.compile(r"^(?:if|when|should|in the event)\b[^.]{10,}?,\s+[^.]*\b(?:shall|will)\b", re.I)
OUTCOME_BONUS = 3.0

#: The penalty classes a sentence's case is told by, in the condition it opens on ("Should an infraction
#: ... call for a minor, major, or match penalty ..., the Referees shall signify ..."; "Should the
#: infraction call for a misconduct, game misconduct, or gross misconduct penalty, the Referee shall not
#: raise his/her arm", RHA 409 (b)): a sentence whose case names a class the question names gains
#: CLASS_CASE_BONUS, one whose case names only others weighs CLASS_CASE_WEIGHT.
_CASE_OPENING = re.compile(r"^\W*(?:when|if|should|whenever|in (?:the )?(?:case|event))\b(?P<case>[^.;]{0,250}?),\s+"
                           r"(?:the|a|an|he|she|it|they|such|that|this|no|any|his|her|their)\b", re.I)
_CLASS_CASE = re.compile(r"\b(" + "|".join("match penalt(?:y|ies)" if n == "match" else n.replace(" ", r"\s+")
                                            for n in CLASS_NAMES if n != "penalty shot") + r")\b", re.I)
CLASS_CASE_BONUS = 1.0
CLASS_CASE_WEIGHT = 0.8


def _classes(text: str) -> frozenset[str]:
    """The penalty classes ``text`` names (:data:`_CLASS_CASE`), lower case."""
    return frozenset(re.sub(r"\s+", " ", m.group(1).lower()).replace("penalties", "penalty")
                     for m in _CLASS_CASE.finditer(text))


#: A class the question compares with ("... raises his arm just like for a delayed minor") ...
_COMPARED_WITH = re.compile(r"\b(?:just )?(?:like|same as|as (?:for|with))\b[^,.;:?!]*", re.I)
#: ... and the case it asks after the one it tells ("I raise my arm for a delayed minor - but what if the
#: infraction calls for a misconduct instead?").
_CASE_ASKED = re.compile(r"\b(?:what if|what about|but if|instead)\b.*", re.I | re.S)


def classes_asked(query: str) -> frozenset[str]:
    """The penalty classes whose case ``query`` asks about: those of the case it asks after the one it
    tells (:data:`_CASE_ASKED`), else all it names but one it compares with (:data:`_COMPARED_WITH`)."""
    text = _COMPARED_WITH.sub(" ", query)
    m = _CASE_ASKED.search(text)
    return (_classes(m.group(0)) if m else frozenset()) or _classes(text)


#: Per-term weights (idf over the loaded clauses) used to pick answering sentences; set by the searcher.
TERM_WEIGHTS: dict[str, float] = {}


def _weight(term: str) -> float:
    return min(TERM_WEIGHTS.get(term, 1.0), 4.0) if TERM_WEIGHTS else 1.0


#: A rule's inline heading before its first sentence ("Delay of game: ", "Body/Roughing/Elbowing: ").
_INLINE_HEADING = re.compile(r"^[A-Z][\w/ -]{2,45}:\s+(?=[A-Z])")
#: A sentence opening on a special case the question does not name weighs this much when answers are chosen.
UNMET_CASE_WEIGHT = 0.4


def _unmet_case(sentence: str, asked: dict[str, float]) -> bool:
    """True when ``sentence`` opens on a special case (:data:`rulebot.search.intent.SPECIAL_CASE`: "If a
    goal is scored on a penalty shot against a team that is already shorthanded ...,") the question's
    terms (``asked``, synonyms included) do not name."""
    m = OPENING_CONDITION.match(sentence)
    return bool(m) and any(not set(terms(c.group(0))) & set(asked) for c in SPECIAL_CASE.finditer(m.group(0)))


#: Words that tell nothing of a rule's situation: asking for a signal, and the people and game of any rule.
_SIGNAL_STEMS = frozenset(terms("signal signals signalling signify penalty penalties infraction call player players "
                                "team teams referee referees ref official officials game play"))


def case_of_signal(sig, clause: Clause, query: str) -> str | None:
    """For a signal a rule tells in passing (``sig.in_rule``: RHA 409 (b)), the sentence of its rule
    ``clause`` whose case names a penalty class ``query`` asks about (:func:`classes_asked`) when the
    signal's own sentence does not: "Should the infraction call for a misconduct, game misconduct, or
    gross misconduct penalty, the Referee shall not raise his/her arm, but shall wait ..." for a
    misconduct; else None."""
    asked = classes_asked(query)
    if not getattr(sig, "in_rule", False) or not asked:
        return None
    # the question tells of the rule's situation besides ("a delayed misconduct", "without raising his
    # arm", "the team without the puck"), not only of the class ("the signal for a misconduct")
    if not set(terms(_CLASS_CASE.sub(" ", query))) & set(terms(_CLASS_CASE.sub(" ", clause.text))) - _SIGNAL_STEMS:
        return None
    own = _CASE_OPENING.match(sig.description)
    if own and _classes(own.group("case")) & asked:
        return None
    return next((s for s in sentences(clause.text) if (case := _CASE_OPENING.match(s))
                 and _classes(case.group("case")) & asked), None)


def best_sentences(text: str, query: str, limit: int = 2, max_chars: int = 320,
                   prefer_numbers: bool = False, prefer: re.Pattern | None = None) -> str:
    """The sentences of ``text`` that share most terms with ``query``, in text order, at most
    ``limit`` sentences and about ``max_chars`` characters; with ``prefer_numbers`` a sentence that
    states a number ranks higher (for "how long", "how many" questions), with ``prefer`` one that
    matches it (where a face-off is taken, for "where is the face-off")."""
    sents = sentences(text)
    if len(sents) <= 1:
        return text.strip()
    from rulebot.search.text import load_synonyms, words

    qt = {t: 1.0 for t in terms(query)}
    for t in terms(" ".join(" ".join(g) for g in _HYPOTHESIS.findall(query))):
        qt[t] = HYPOTHESIS_WEIGHT  # "is that a hook?": the call the question guesses, not what happened
    for alt in load_synonyms().expansions(words(query)):
        for t in terms(alt):
            qt.setdefault(t, 0.5)
    negated = negated_terms(query)
    asks_when = bool(_ASKS_WHEN.search(query))
    asks_action = bool(_ASKS_ACTION.search(query))
    asks_outcome = bool(_ASKS_OUTCOME.search(query))
    asked_classes = classes_asked(query)
    scored = []
    for i, s in enumerate(sents):
        # an inline heading over the rule ("Body/Roughing/Elbowing: The free hand may be used ...") names
        # its topics, not what this sentence says
        st = set(terms(_INLINE_HEADING.sub("", s, count=1) if i == 0 else s))
        # rare words count more: "stopped clock" says more than "game"
        overlap = sum(qt[t] * _weight(t) for t in st if t in qt and t not in negated)
        if negated & st and polarity(s, negated)[0]:
            overlap *= 0.5  # "hooked from the side, not from behind": not the "fouled from behind" case
        if prefer_numbers:
            # "how much is the fee": a sentence without a number cannot be the answer
            overlap = overlap + 1.5 if _HAS_NUMBER.search(s) else overlap * 0.5
        if asks_action and _OFFICIAL_ACTS.search(s):
            overlap += ACTION_BONUS
        if asks_outcome and _STATES_OUTCOME.search(s):
            overlap += OUTCOME_BONUS  # "what should have happened?": "If ..., the player will re-take ..."
        if asks_when and _SAYS_WHEN.search(s):
            overlap += WHEN_BONUS  # "when may the goalie leave the crease": "... stay in the crease until ..."
        if prefer is not None:
            overlap = overlap + 3.0 if prefer.search(s) else overlap * 0.3
        if asked_classes and (case := _CASE_OPENING.match(s)) and (told := _classes(case.group("case"))):
            overlap = overlap + CLASS_CASE_BONUS if told & asked_classes else overlap * CLASS_CASE_WEIGHT
        if _unmet_case(s, qt):
            overlap *= UNMET_CASE_WEIGHT  # "If a goal is scored on a penalty shot ...": an exception not asked
        scored.append((overlap + 0.01 * (len(sents) - i), i))
    scored.sort(reverse=True)
    chosen: list[int] = []
    size = 0
    for _, i in scored[:limit]:  # best first, so a long first sentence never crowds out the best one
        if chosen and size + len(sents[i]) > max_chars:
            continue
        chosen.append(i)
        size += len(sents[i]) + 1
    chosen.sort()
    if len(chosen) == 2 and chosen[1] == chosen[0] + 2:
        # a short sentence between the two chosen goes on with the first ("... a 1 minute delay of
        # game penalty will be assessed. The offending team must play with 3 runners for 1 minute.
        # After the penalty is over ..."): keep it, the passage reads as the rule does
        mid = sents[chosen[0] + 1]
        if len(mid) <= 100 and not _NEW_CASE.search(mid):
            chosen.insert(1, chosen[0] + 1)
    elif chosen and chosen[0] + 1 < len(sents) and chosen[0] + 1 not in chosen:
        # the next sentence refers back to the best one ("They also must execute play ... within 5
        # seconds"): it belongs to it
        nxt = sents[chosen[0] + 1]
        if len(nxt) <= REFERS_BACK_CHARS and _REFERS_BACK.search(nxt) and len(chosen) < 3:
            chosen.insert(1, chosen[0] + 1)
    after = chosen[-1] + 1 if chosen else len(sents)
    if asks_action and len(chosen) < 3 and after < len(sents) and _REFERS_BACK.search(sents[after]):
        chosen.append(after)  # the warning, then "Any subsequent delay ... will result in a bench minor"
    if chosen and chosen[0] > 0 and _REFERS_BACK.search(sents[chosen[0]]) and len(sents[chosen[0] - 1]) <= 200:
        # "This includes: ... closing the hand on the ball" needs what "this" is ("Delay of game: ...")
        chosen.insert(0, chosen[0] - 1)
    return " ".join(sents[i] for i in chosen)


def citation(index: ClauseIndex, clause: Clause, score: float, layer: str | None = None) -> Citation:
    """A citation of ``clause``: its ruleset, number as printed, nearest title and its text as the
    rulebook prints it (:func:`quoted_text`)."""
    return Citation(
        ruleset=clause.ruleset,
        rule=clause.number or clause.title,
        title=index.heading(clause),
        text=quoted_text(index, clause),
        score=score,
        clause_id=clause.id,
        layer=layer,
    )


#: What a rule says of a goal: "a goal shall not be allowed", "the goal shall be disallowed", "the goal
#: will be counted".
_GOAL_RULING = re.compile(r"\bgoals?\b[^.\[]{0,120}?\b(?:shall|will|may|is|can)\s*(not\s+)?(?:be\s+)?"
                          rf"({GOAL_OUTCOMES})\b", re.I)


def goal_ruling(answer: str) -> str:
    """The ruling on a goal that an answer's first quoted piece states, in the rulebook's words ("Goal
    not allowed" for "... a goal shall not be allowed.", FIRS 6.4.24 D; "Goal disallowed"; "No goal" for
    "A goal cannot be scored by ...", RHA 627 (b)), or ""."""
    m = _GOAL_RULING.search(answer.split(" [", 1)[0])
    if not m or (m.group(2).lower() == "scored" and not m.group(1)):
        return ""  # "a goal shall be scored if ..." tells how, not whether this one stands
    if m.group(2).lower() == "scored":
        return "No goal"  # "A goal cannot be scored by any attacking player who kicks ..."
    return f"Goal {'not ' if m.group(1) else ''}{m.group(2).lower()}"


#: The longest quote (characters) of a sentence with the list it announces; a longer list (FIRS 8.1 A's
#: reasons for a forfeit, 2 369 characters of items) is cited item by item.
LIST_QUOTED_CHARS = 700


def quoted_text(index: ClauseIndex, clause: Clause) -> str:
    """A clause's text as the rulebook prints it: a sentence of a one-paragraph sheet that opens with
    an inline heading keeps it ("Game format: two 24-minute periods with a run-time clock.", U9 2,
    whose title is the heading), as a signal keeps the name printed above its description
    ("Misconduct: Both hands placed on the hips", FIRS Annex B); a sentence that announces a list is
    quoted with the list, each item with its printed marker ("... determined by following rules
    1. Points 2. Goal difference ...", Youth Cup; "... the following tie breaker: a. Head to Head. The
    team who won ...", U9 27), when its sub-clauses are list items (and NOTEs after them), none with a
    list of its own, and the whole quote comes to at most LIST_QUOTED_CHARS; any other clause's own
    text."""
    parent = index.get(clause.parent) if clause.parent else None
    text = clause.text
    if clause.title and text and (clause.kind == "signal" or (
            clause.kind == "paragraph" and parent is not None and parent.kind == "document")):
        text = f"{clause.title}: {text}"
    elif clause.title and text and clause.kind == "item":
        text = _titled_item(clause)  # "Head to Head. The team who won head to head will advance." (U9 27 a)
    if text and clause.children and ends_announcing(text):
        kids = [index.get(k) for k in clause.children]
        items = [c for c in kids if c is not None and c.kind == "item"]
        # the list, and the NOTEs printed after it, but no other sub-clause, and no item with a list of its
        # own (RHA 639 (b) 4 "... a shootout shall take place as follows:" with A-F): quoted whole or not at all
        if items and all(c is not None and c.kind in ("item", "note") for c in kids) and not any(
                c.children or ends_announcing(c.text) for c in items):
            printed = [" ".join(p for p in (c.marker, _titled_item(c) if c.title else c.text) if p) for c in items]
            whole = " ".join([text, *printed])
            if len(whole) <= LIST_QUOTED_CHARS:
                text = whole
    return text


def first_clause(index: ClauseIndex, rule: Clause) -> Clause | None:
    """The first sub-clause of ``rule`` with text of its own (RHA 628 (a) for RULE 628), or None."""
    return next((c for c in index.subtree(rule)[1:] if c.text), None)


def rule_as_printed(index: ClauseIndex, rule: Clause) -> str:
    """A rule's heading and first sub-clause as the rulebook prints them ("RULE 628 - KNEEING (a) A minor
    penalty ...", RHA; "6.4.20 Handling Puck with Hand A. A Minor Penalty ...", FIRS), for a question asking
    which rule covers something; "" when the parser recorded no printed number for the rule, or the rule
    has neither text nor a sub-clause with text."""
    if rule.kind != "rule" or not rule.marker:
        return ""
    first = first_clause(index, rule)
    parts = [rule.marker, rule.title, rule.text]
    if first is not None:
        parts += [first.marker, first.text]
    return " ".join(p for p in parts if p) if rule.text or first is not None else ""


def _titled_item(clause: Clause) -> str:
    """A list item's inline title and text as printed: a full stop after the title before a capital ("Head
    to Head. The team who won ...", U9 27 a), a colon before a lower-case word ("Tie Breaker Ratio: teams
    with the same Goals Against ...", 27 c)."""
    sep = "" if clause.title[-1:] in ".:" else ":" if clause.text[:1].islower() else "."
    return f"{clause.title}{sep} {clause.text}"


def rule_name(name: str, number: str) -> str:
    """A ruleset's short name with a clause number ("RHA 402 (a)"); the number alone when it starts
    with the name (a sheet's section named by its title: "Fall Fête Rules •2", not "Fall Fête Fall
    Fête Rules •2")."""
    if number and number.casefold().startswith(f"{name.casefold()} "):
        return number
    return f"{name} {number}".strip()


def label(index: ClauseIndex, clause: Clause) -> str:
    """"RHA 402 (a) Minor Penalties" style label for answers."""
    rs = index.rulesets.get(clause.ruleset)
    parts = [rule_name(rs.short_name if rs else clause.ruleset, clause.number)]
    head = index.heading(clause)
    if head and not names_title(clause.number, head):
        parts.append(f"({head})")
    return " ".join(parts)


def _penalty_tools():
    try:
        from rulebot import penalties
    except ImportError:  # pragma: no cover - the penalty index is part of the package
        return None
    return penalties


def _durations(index: ClauseIndex, ruleset: str) -> dict[str, str]:
    """Penalty class name -> printed duration for a ruleset ("minor" -> "2 minutes")."""
    pen = _penalty_tools()
    if pen is None:
        return {}
    out = {}
    for pc in pen.penalty_classes(index, ruleset):
        if pc.minutes is not None and pc.name not in out:
            mins = [pc.minutes, *pc.alt_minutes]
            unit = " minute" if mins == [1] else " minutes"
            out[pc.name] = " or ".join(pen.format_minutes(m) for m in mins) + unit
    if "minor" in out and "double minor" not in out:
        # two minors served one after the other (a rulebook that gives no length of its own for it)
        out["double minor"] = f"2 × ({out['minor']})" if " or " in out["minor"] else f"2 × {out['minor']}"
    return out


def describe_call(index: ClauseIndex, ruleset: str, parts_list) -> str:
    """"major (5 minutes) + game misconduct" for the alternatives a rule gives, joined by " or "."""
    durations = _durations(index, ruleset)
    alts = []
    for cp in parts_list:
        names = []
        for part in cp.parts:
            d = durations.get(part.kind)
            if part.minutes is not None and part.kind not in ("minor", "major", "misconduct"):
                # "1:30" as the rulebooks write a minute and a half, not "1.5 minutes"
                pen = _penalty_tools()
                shown = pen.format_minutes(part.minutes) if pen is not None else f"{part.minutes:g}"
                d = f"{shown} minute" + ("" if part.minutes == 1 else "s")
            names.append(f"{part.kind} ({d})" if d else part.kind)
        if names:
            alts.append(" + ".join(names))
    return " or ".join(dict.fromkeys(alts))


#: "Any major penalty assessed for tripping may include a game ejection or game misconduct penalty at
#: the Referee's discretion" (RHA 642 (d)): what follows "may include" is the referee's option.
_MAY_INCLUDE = re.compile(r"\bmay (?:also )?include\b", re.I)


def _optional_call(index: ClauseIndex, ruleset: str, sentence: str, parts_list) -> str:
    """:func:`describe_call` of a sentence's penalties, with what a "may include" adds said as the
    option it is: "major (4 or 5 minutes), which may include a game ejection or game misconduct", not
    "major + game ejection or major + game misconduct"."""
    if len(parts_list) < 2 or not _MAY_INCLUDE.search(sentence):
        return describe_call(index, ruleset, parts_list)
    kinds = [cp.kinds for cp in parts_list]
    common = 0
    while all(len(k) > common and k[common] == kinds[0][common] for k in kinds):
        common += 1
    options = [" + ".join(k[common:]) for k in kinds if k[common:]]
    if not common or len(options) != len(kinds):
        return describe_call(index, ruleset, parts_list)
    from rulebot.penalties import CodeParts

    base = describe_call(index, ruleset, [CodeParts("", parts_list[0].parts[:common])])
    return f"{base}, which may include a {' or '.join(dict.fromkeys(options))}"


NOT_A_PENALTY = re.compile(r"\b(?:is|are|shall|will|does) not (?:be |result in )?(?:a |considered a )?penalt"
                            r"|\bno penalty (?:shall|should|will) be\b"
                            # "that player is not to serve an additional penalty" (FIRS 6.4.27 C)
                            r"|\b(?:is|are) not to serve an? (?:additional |further |extra )?penalt", re.I)


_NEW_CASE = re.compile(r"^(?:if|when|should|where|in the event|in case|note|exception|however|unless)\b", re.I)


#: A sentence that says what is allowed ("The goal keeper shall be allowed to freeze the puck behind the
#: goal line ...", FIRS 2.3 B).
_ALLOWS = re.compile(r"\b(?:shall be|is|are) (?:allowed|permitted)\b|\bmay (?:legally )?(?!not\b)\w+", re.I)


def _allowance(sents: list[str], used: list[str]) -> list[str]:
    """The sentence just before the first of ``used`` when it says what is allowed and the penalty
    sentence is a condition on it ("The goal keeper shall be allowed to freeze the puck behind the goal
    line ... If the goalkeeper causes a stoppage ... outside the goal crease ... a minor penalty"): a
    call read without it sounds as if the act were always a foul.  [] otherwise."""
    if not used or used[0] not in sents:
        return []
    i = sents.index(used[0])
    if i == 0 or not _NEW_CASE.search(used[0]):
        return []
    from rulebot.search.intent import imposes_penalty

    before = sents[i - 1]
    return [before] if _ALLOWS.search(before) and before not in used and not imposes_penalty(before) else []


def _consequence(sents: list[str], used: list[str]) -> list[str]:
    """The sentence right after the last used one when it goes on with the same case ("... a 1 minute
    delay of game penalty will be assessed. The offending team must play with 3 runners for 1
    minute."), not a new case ("If ...", "NOTE ...") and not long; else []."""
    if not used or used[-1] not in sents:
        return []
    i = sents.index(used[-1]) + 1
    if i >= len(sents) or sents[i] in used:
        return []
    nxt = sents[i]
    if _NEW_CASE.search(nxt) or NOT_A_PENALTY.search(nxt) or len(nxt) > 160:
        return []
    return [nxt]


#: A clause below the best one gives the call only when its score is at least this share of the best's.
CALL_SCORE_SHARE = 0.5


def row_rule(index: ClauseIndex, clause: Clause) -> Clause | None:
    """The rule a penalty-index row summarises ("Third Minor Penalty 6.1.7 A 10'" -> FIRS 6.1.7 A),
    or None (not a row, or a row whose rule is not in the index)."""
    pen = _penalty_tools()
    if pen is None or clause.kind != "table-row":
        return None
    for rec in pen.infractions(index, clause.ruleset):
        if getattr(rec, "row_id", None) == clause.id and rec.clause_id:
            rule = index.get(rec.clause_id)
            if rule is not None and rule.text:
                return rule
    return None


def _cleared_case(index: ClauseIndex, clause: Clause, query: str) -> str | None:
    """"No penalty — ..." when a sentence of ``clause`` says the act the question tells is not a penalty
    and names it by a word the clause's other sentences lack ("Defender lifts the attacker's stick ...
    is it a hook?": ball hockey 25 "Stick lifts/tying up the opponent is not a penalty"); else None."""
    from rulebot.search.ranker import WEAK_STEMS

    sents = sentences(clause.text)
    asked = set(terms(query))
    for i, sent in enumerate(sents):
        if not NOT_A_PENALTY.search(sent):
            continue
        others = {t for j, x in enumerate(sents) if j != i for t in terms(x)}
        own = (set(terms(sent)) - others) & asked - WEAK_STEMS
        if own:
            return f"No penalty — {normalise_numbers(sent)} [{label(index, clause)}]"
    return None


def says_as_much(best: Clause, other: Clause, query: str) -> bool:
    """Whether ``other``'s text says every word of ``query`` that ``best``'s text says (besides "penalty",
    "call" and weak words): a penalty stated for the thing asked, not for something else ("what's the penalty for a
    hand pass": FIRS 6.4.20 E, a face-off, not 6.4.20 A's minor for closing the hand on the puck)."""
    from rulebot.search.ranker import WEAK_STEMS

    asked = set(terms(query)) - WEAK_STEMS - {"penalti", "call"}
    return asked & set(terms(best.text)) <= set(terms(other.text))


def penalty_answer(index: ClauseIndex, hits: list[Hit], query: str) -> str | None:
    """For "what's the call" questions: the penalty the best penalty-stating clause imposes, in the
    ruleset's terms with durations, then its sentence.  None when no top clause states a penalty."""
    pen = _penalty_tools()
    if pen is None:
        return None
    from rulebot.search.intent import imposes_penalty

    # a rule's own paragraph before a NOTE or Situation of the same rule: the NOTE about World
    # Championship finals is not the penalty for fighting (6.4.19 B is)
    # the close contenders only: a generic "Minor penalty – 2 minute" far below the clause that
    # answers ("must be ready ... Otherwise ... a technical loss") is not the call
    # a best clause that rules with a face-off and no penalty: only a penalty for the same thing is the call
    ruled = bool(hits) and hits[0].clause.kind != "definition" and bool(FACEOFF_PLACE.search(hits[0].clause.text))
    top4 = [h for h in hits[:4] if h.score >= CALL_SCORE_SHARE * hits[0].score
            and (h is hits[0] or not ruled or says_as_much(hits[0].clause, h.clause, query))]
    rules_with_paragraphs = {rule_of(index, h.clause) for h in top4 if h.clause.kind in ("paragraph", "item")}

    def later(h: Hit) -> int:
        if h is hits[0] and NOT_A_PENALTY.search(best_sentences(h.clause.text, query, 1)):
            return 0  # the NOTE that clears the play is the call (RHA 621 (a) NOTE 2: a stick caught in a sweater)
        return int(h.clause.kind in ("note", "situation") and rule_of(index, h.clause) in rules_with_paragraphs)

    cleared = _cleared_case(index, hits[0].clause, query) if hits else None
    if cleared:
        return cleared
    for hit in sorted(top4, key=later):
        c = hit.clause
        if c.kind == "table-row":
            rows = [i for i in pen.infractions(index, c.ruleset) if getattr(i, "row_id", None) == c.id]
            if rows and rows[0].parts.parts:
                call = describe_call(index, c.ruleset, [rows[0].parts])
                text = f"{call[:1].upper()}{call[1:]} — penalty index: {c.text} [{label(index, c)}]"
                # what the untimed parts do to the player ("GE": removal for the rest of the game ...)
                effects = [pc for pc in pen.penalty_classes(index, c.ruleset)
                           if pc.name in rows[0].parts.kinds and pc.minutes is None and pc.defined]
                for pc in effects[:2]:
                    text += f" {pc.name[:1].upper()}{pc.name[1:]}: {sentences(pc.effect)[0]} [{c.ruleset} {pc.rule}]"
                rule = index.get(rows[0].clause_id) if rows[0].clause_id else None
                sig = signal_for(index, rule, query) if rule is not None else None
                return text + _signal_line(index, sig, query, text)
            continue
        # a bracketed sentence is a clarification, not a call ("(Minor Penalties or Coincidental ...)")
        cands = [s for s in sentences(c.text) if imposes_penalty(s) and not s.startswith("(")]
        if not cands and hit is hits[0]:
            cleared = best_sentences(c.text, query, limit=1)
            if NOT_A_PENALTY.search(cleared):
                # the best clause clears the case ("... through an error by the penalty timekeeper, that
                # player is not to serve an additional penalty", FIRS 6.4.27 C): that is the call
                return f"No penalty — {normalise_numbers(cleared)} [{label(index, c)}]"
        if all(NOT_A_PENALTY.search(s) for s in cands):
            # an infraction defined without a penalty sentence of its own ("Hooking: Impeding a
            # player ... will be called a hook."): the call its rulebook's penalty list gives it
            recs = [i for i in pen.infractions(index, c.ruleset)
                    if i.clause_id == c.id and i.source == "text" and i.parts.parts]
            if recs and not any(NOT_A_PENALTY.search(s) for s in sentences(best_sentences(c.text, query, 1))):
                call = describe_call(index, c.ruleset, [recs[0].parts])
                said = [best_sentences(c.text, query, limit=1)]
                said += _consequence(sentences(c.text), said)
                return f"{call[:1].upper()}{call[1:]} — {normalise_numbers(' '.join(said))} [{label(index, c)}]"
        parent = penalty_list_of(index, c)
        if not cands and parent is not None:
            intro = [s for s in sentences(parent.text) if imposes_penalty(s)]
            if intro:
                generic = "penalty" if any(pc.name == "penalty"
                                           for pc in pen.penalty_classes(index, c.ruleset)) else None
                call = describe_call(index, c.ruleset, pen.parts_from_text(intro[-1], generic))
                if call:
                    said = normalise_numbers(f"{intro[-1]} {best_sentences(c.text, query, limit=1)}")
                    return f"{call[:1].upper()}{call[1:]} — {said} [{label(index, c)}]"
        if not cands:
            continue
        generic = "penalty" if any(pc.name == "penalty" for pc in pen.penalty_classes(index, c.ruleset)) else None
        # the clause's penalty sentences that fit the question best (a rule may give two calls:
        # "a Minor Penalty ... receiving a stick illegally", "a minor penalty plus an automatic Game
        # Misconduct ... throwing the stick")
        chosen = sentences(best_sentences(" ".join(cands), query, limit=2, max_chars=400))
        best = best_sentences(" ".join(cands), query, limit=1)
        if best in chosen:  # the one that fits the question best first ("... a second Game Misconduct")
            chosen = [best] + [x for x in chosen if x != best]
        calls, used = [], []
        for n, sent in enumerate(chosen):
            if NOT_A_PENALTY.search(sent):
                call = "no penalty"  # "A Slap shot past half is not a penalty but a loss of possession"
            else:
                call = _optional_call(index, c.ruleset, sent, pen.parts_from_text(sent, generic))
            if not call and n == 0 and hit is hits[0]:
                # the sentence that fits the question best says what follows a penalty already
                # given ("a second Game Misconduct penalty in the tournament, he is suspended for
                # the next game"): that is the answer, not the call of the sentence after it
                return None
            if call:
                calls.append(call)
                used.append(sent)
        if not calls:
            continue
        call = "; ".join(dict.fromkeys(calls))
        used += _consequence(sentences(c.text), used)
        allowed = _allowance(sentences(c.text), used)
        text = f"{call[:1].upper()}{call[1:]} — {normalise_numbers(' '.join(allowed + used))} [{label(index, c)}]"
        return text + _signal_line(index, signal_for(index, c, query), query, text)
    return None


def _signal_line(index: ClauseIndex, sig, query: str, text: str) -> str:
    """" Signal: <name> — <how it is given>." for the signal ``sig`` (None: ""), told at the case the
    question asks when its rule tells cases (:func:`case_of_signal`: no arm raised for a delayed
    misconduct, RHA 409 (b)); "" when the answer ``text`` quotes that sentence already."""
    if sig is None:
        return ""
    clause = index.get(sig.clause_id)
    told = (case_of_signal(sig, clause, query) if clause is not None else None) or sig.description
    return "" if told.rstrip(".") in text else f" Signal: {sig.name} — {told.rstrip('.')}."


def rule_of(index: ClauseIndex, clause: Clause) -> str | None:
    """The id of the numbered rule a clause sits in (itself when it is one), or None."""
    for c in [clause, *index.ancestors(clause)]:
        if c.kind == "rule":
            return c.id
    return None


def signal_for(index: ClauseIndex, clause: Clause, query: str = ""):
    """The referee signal that goes with the rule ``clause`` belongs to (FIRS Annex B links each
    signal to the rules of its penalty-index rows), or None.  Where one rule has several (6.4.31
    Spearing and Butt-Ending), the one the question names, else the one its text names first."""
    try:
        from rulebot.signals import load_signals
    except ImportError:  # pragma: no cover
        return None
    from rulebot.corpus.numbers import rule_key

    keys = {rule_key(clause.number)}
    keys |= {rule_key(a.number) for a in index.ancestors(clause) if a.number}
    found = [sig for sig in load_signals(index)
             if sig.ruleset == clause.ruleset and any(rule_key(r) in keys for r in sig.rules)]
    pen = _penalty_tools()
    if pen is not None and found:
        # a signal for a penalty class (Penalty Shot, Misconduct) goes with a clause that gives it: FIRS
        # 6.4.8 A's minor for displacing the goal post is not 6.4.8 B's penalty shot
        given = {k for cp in pen.parts_from_text(clause.text) for k in cp.kinds}
        classes = set(pen.CLASS_NAMES)
        found = [sig for sig in found if sig.name.lower() not in classes or sig.name.lower() in given]
    if len(found) <= 1:
        return found[0] if found else None
    asked, text = set(terms(query)), clause.text.lower()

    def order(sig) -> tuple[int, int]:
        named = bool(set(terms(sig.name)) & asked)
        pos = min((text.find(w) for w in words_of(sig.name) if text.find(w) >= 0), default=len(text))
        return (0 if named else 1, pos)

    return min(found, key=order)


def words_of(name: str) -> list[str]:
    """The lower-case words of a name, at least four letters long ("Butt-Ending" -> ["butt", "ending"])."""
    return [w for w in re.findall(r"[a-z]+", name.lower()) if len(w) >= 4]


#: A sentence of a rule that tells an official's signal ("the Referee shall signify the calling of a delayed
#: penalty by raising his/her arm", RHA 409 (b)): the one a signal question asked of that rule wants.
TELLS_SIGNAL = re.compile(r"(?<!\bnot )\b(?:signify|signifies|signall?(?:s|ed|ing)?|rais(?:e|es|ed|ing)\s+"
                          r"(?:his/her|his|her|an?|the|one)?\s*arms?)\b", re.I)
#: ... and, for a question about a signal not given ("the ref did NOT put his arm up"), the sentence that
#: tells when it is not ("the Referee shall not raise his/her arm", RHA 409 (b)).
TOLD_NOT_SIGNALLED = re.compile(r"\b(?:not|never)\s+(?:signify|signal|raise)\b", re.I)
_NOT_SIGNALLED = re.compile(r"(?:\bnot\b|n't\b|\bnever\b)[^.?!]{0,25}\b(?:arm|signal)|\bno\s+(?:arm|signal)", re.I)
#: An official's signal as a rule tells it in words ("the Referee shall signify the calling of a delayed
#: penalty by using a raised right arm straight above the head", FIRS 6.3 B).
RULE_TELLS_SIGNAL = re.compile(r"\b(?:the\s+)?(?:referee|official)s?\s+(?:shall|will|must)\s+(?:signify|signal)\b"
                                r"[^,;.]*?\bby\b[^,;.]*", re.I)


def signal_answer(index: ClauseIndex, clause: Clause, quoted: list[Clause] | None = None) -> str:
    """"Boarding — signal: Strike the clenched fist ...; means: minor (2') or major + game misconduct";
    when the signal belongs to one rule and that rule also tells the gesture in words
    (:data:`RULE_TELLS_SIGNAL`, up to the next comma), the rule's words first and the list's after ("Delay
    Penalty — signal: The Referee shall signify ... by using a raised right arm straight above the head
    [FIRS 6.3 B]. In Annex B: The extension of the action arm ... [FIRS Annex B Delay Penalty]"), and the
    rule is appended to ``quoted`` when given (cited first: :func:`rulebot.search.quoted_after_first`)."""
    meaning = told = ""
    from rulebot.signals import load_signals

    for sig in load_signals(index):
        if sig.clause_id == clause.id:
            meaning = f"; means: {sig.meaning}" if sig.meaning else ""
            rule = index.lookup(sig.ruleset, sig.rules[0]) if len(sig.rules) == 1 else None
            m = RULE_TELLS_SIGNAL.search(rule.text) if rule is not None else None
            if m:
                said = re.sub(r"\s+(?:and|or)$", "", m.group(0).strip())
                told = f"{said[0].upper()}{said[1:]} [{label(index, rule)}]"
                if quoted is not None:
                    quoted.append(rule)
            break
    shown = f"{clause.text.rstrip('.')}{meaning} [{label(index, clause)}]"
    if told:
        # the rule's own words first, the list's drawing of the gesture after: the rule is what binds
        listed = index.get(clause.parent) if clause.parent else None
        return f"{clause.title} — signal: {told}. In {listed.number if listed else 'the signals list'}: {shown}"
    return f"{clause.title} — signal: {shown}"


def short_answer(index: ClauseIndex, hits: list[Hit], query: str, intent=None,
                 quoted: list[Clause] | None = None) -> str:
    """The short answer: for a penalty question the call with its duration, for a signal the signal's
    name and description, else the best sentences of the top clause; numbers normalised; labelled
    with the clause it comes from.  Clauses quoted beyond the hits (the sentence an answer refers back
    to) are appended to ``quoted`` when given."""
    if not hits:
        return ""
    top = hits[0].clause
    if top.kind == "signal":
        return signal_answer(index, top, quoted)
    if top.kind == "table-row" or (intent is not None and intent.penalty):
        ans = penalty_answer(index, hits, query)
        if ans:
            return ans
    prefer = bool(intent is not None and intent.number)
    parent = procedure_of(index, top, intent, query)
    if parent is None and ends_announcing(top.text) and announced_steps(index, top):
        parent = top  # only "... will be determined by following rules": what follows is the answer
    if parent is None and top.kind == "item" and top.parent and not (intent is not None and intent.signal):
        # the question matches a list as a whole ("tie breaker u9 round robin": 28 b, then 28 a and
        # 28 c): the list from its start, in its order, not the item that happened to score best; a
        # gesture asked about is one item, however alike its list's other gestures are (FIRS 4.6 D)
        up = index.get(top.parent)
        sibs = [h.score for h in hits[1:3] if h.clause.parent == top.parent]
        asked = set(terms(query))
        if (up is not None and introduces_list(up.text) and len(sibs) + 1 >= LIST_MATCHED
                and (hits[0].score <= LIST_MARGIN * max(sibs) or asked <= set(terms(up.text)))):
            # ... or every word of the question is the list's own ("what are the tie breakers":
            # "we will use the following tie breaker:"), none is only the best item's
            items = announced_steps(index, up)
            if items and sum(len(c.text) for c in items) <= LIST_ITEM_CHARS * len(items):
                parent = up  # a list of short items; one of long ones answers with the best item
    if parent is not None:
        # "how does the shootout work": the list inside the list that announces it ("If no team scores
        # ..., a shootout shall take place as follows:", RHA 639 (b) 4), not the overtime before it
        parent = nested_list_asked(index, parent, query) or parent
        # a procedure or a list: its start, then the steps the question asks about (else its first steps)
        every = announced_steps(index, parent)
        # a list of short items (tie-breakers: "Points", "Goal difference", ...) is given whole
        short = len(every) <= MAX_SHORT_ITEMS and sum(len(c.text) for c in every) <= SHORT_ITEMS_CHARS
        chosen = every if short else procedure_steps(index, parent, query)
        steps = [best_sentences(c.text, query, limit=1) for c in chosen]
        m = ANNOUNCES.search(parent.text)
        intro = parent.text[:m.end()] if m else best_sentences(parent.text, query, limit=1)
        text = normalise_numbers(f"{intro.strip()} " + " ".join(f"• {s}" for s in steps))
        more = f" ({len(chosen)} of {len(every)} steps)" if len(chosen) < len(every) else ""
        return f"{text} [{label(index, parent)}]{more}"
    place = (FACEOFF_PLACE if intent is not None and intent.restart
             else STATES_DEFINITION if (intent is not None and intent.definition) or _QUOTED_TERM.search(query)
             else (TOLD_NOT_SIGNALLED if _NOT_SIGNALLED.search(query) else TELLS_SIGNAL)
             if intent is not None and intent.signal
             else None)
    text = (best_sentences(top.text, query, prefer_numbers=prefer, prefer=place) if top.kind != "table-row"
            else top.text)
    if top.kind == "definition" and intent is not None and intent.definition:
        # a glossary entry defines its title in its first sentence, which need not repeat the term ("A
        # player not designated as a goalkeeper ... who assumes that position", Temporary Goalkeeper)
        first = sentences(top.text)[0]
        text = text if first in text else f"{first} {text}"
    items = [h.clause for h in hits[1:4] if h.clause.parent == top.id]
    following: list[Clause] = []  # the clauses whose sentences follow the top one's, each cited
    if items and text.rstrip().endswith(":"):
        # the top clause announces a list: give its first items
        text += " " + " ".join(f"• {best_sentences(c.text, query, limit=1)}" for c in items[:3])
    elif ANNOUNCES.search(top.text) and not index.children(top):
        # a list printed as the paragraphs after it (U9 28 "... overtime periods will be played as
        # followis: ..." then 30-34): its items follow
        text = _with_following(index, top, text, query, following, every=True)
    elif intent is not None and intent.procedure:
        text = _with_following(index, top, text, query, following)
    if quoted is not None:
        quoted.extend(following)
    last = following[-1] if following else top
    after = _sequel(index, top)
    if after is not None:
        # "The home team or host shall be responsible for providing an adequate supply of official pucks."
        # is followed by "This supply of pucks shall be kept at the penalty bench ..." (FIRS 3.2.12 B, C):
        # the sentence that goes on from it, cited
        text = f"{text} [{label(index, last)}] {normalise_numbers(after.text.strip())}"
        if quoted is not None:
            quoted.append(after)
        return f"{normalise_numbers(text)} [{label(index, after)}]" + "".join(
            f" {extra}" for extra in other_parts(index, hits, query, text))
    before = _antecedent(index, top, text)
    if before is not None:
        # "This supply of pucks shall be kept at the penalty bench" goes on from "... an adequate supply of
        # official pucks." (FIRS 3.2.12 C, B): the sentence it refers back to first, cited
        text = f"{normalise_numbers(before.text.strip())} [{label(index, before)}] {text}"
        if quoted is not None:
            quoted.append(before)
    answer = f"{normalise_numbers(text)} [{label(index, last)}]"
    if intent is not None and intent.number:
        answer = figure_lead(answer, query) + answer
    return answer + "".join(f" {extra}" for extra in other_parts(index, hits, query, text))


#: A duration, distance or count of games the rulebook spells in words ("a period of ten minutes each",
#: "fifteen seconds within which to begin"), not the end of a hyphened number ("twenty-four minutes").
_SPELLED_MEASURE = re.compile(rf"(?<![\w-])({_NUMBER_WORDS})[\s-]+(minute|second|hour|metre|meter|feet|game)s?\b", re.I)
#: The unit a question asks its figure in: a time, a distance, a number of games.
_ASKED_UNIT = {"minute": re.compile(r"\b(?:how long|how much time|minutes?|seconds?|time)\b", re.I),
               "metre": re.compile(r"\b(?:how far|how big|how wide|how deep|how close|metres?|meters?|feet|foot"
                                   r"|distance)\b", re.I),
               "game": re.compile(r"\b(?:games?|suspen\w*)\b", re.I)}
_UNIT_KIND = {"minute": "minute", "second": "minute", "hour": "minute", "metre": "metre", "meter": "metre",
              "feet": "metre", "game": "game"}


def figure_lead(answer: str, question: str) -> str:
    """For a number asked, the figure an answer spells in words, in digits as a lead ("10 minutes — " for
    "... for a period of ten minutes each"), when it is in the unit the question asks about (a time, a
    distance, games); "" when the answer gives a figure in digits already, spells none or another kind."""
    from rulebot.search.text import NUMBER_WORDS

    if re.search(r"\d", answer.split(" [", 1)[0]):
        return ""
    for m in _SPELLED_MEASURE.finditer(answer):
        unit = m.group(2).lower()
        if m.group(1).lower() in NUMBER_WORDS and _ASKED_UNIT[_UNIT_KIND[unit]].search(question):
            figure = NUMBER_WORDS[m.group(1).lower()]
            return f"{figure} {unit if unit == 'feet' or figure == '1' else unit + 's'} — "
    return ""


_CLAUSE_END = re.compile(r"(?<=[.?!])\s+|\?")
_ASKS = (r"what|when|where|who|whom|which|how|why|do|does|did|is|are|was|can|could|should|must|will|"
         r"would|may|has|have")
# ... not a statement going on ("kept skating with the puck and did not get off")
#: What goes on asking after a comma or "and" ("how long is a minor, and can the team replace him?").
ASKS_ON = re.compile(rf"(?:and|or|but|then|{_ASKS})\b", re.I)
_AND_ASKS = re.compile(rf",?\s+\b(?:and|or|but|then)\s+(?=(?:{_ASKS})\b(?!\s+not\b))", re.I)
#: A request asks too, with or without a question mark: "I would like the jury to confirm what ...",
#: "Please explain ...", "Kindly tell us ...".
_REQUESTS = (r"(?:i|we)(?:'d| would| wish| want| ask| request)(?: like)?(?: (?:the jury|you|the committee|someone))?"
             r" to (?:confirm|know|see|clarify|understand|hear|learn)|please|kindly")
_STARTS_ASKING = re.compile(rf"^\s*(?:(?:{_ASKS}|{_REQUESTS})\b|anything\b)", re.I)


#: "When" opening what happened, not asking when: "When a player gets a match penalty, how many ...".
_WHEN_TOLD = re.compile(r"\s*when\s+(?!(?:do|does|did|is|are|was|were|can|could|should|must|will|would|may|"
                        r"has|have|shall)\b)", re.I)
#: A comma before a second question, after a first: "how's that done, is there a fee?".
_COMMA_ASKS = re.compile(rf",\s+(?=(?:{_ASKS})\b)", re.I)


def _told_and_asked(question: str) -> tuple[list[str], list[str]]:
    """The pieces of ``question`` that tell what happened and those that ask (a sentence split at "and"
    or "or" before an asking word: "Does he go to the sin bin, and do they play a man down?"; at a comma
    between two questions: "how's that done, is there a fee?").  A piece with a question mark asks,
    whatever its first word ("Goal? Where do we drop it?")."""
    parts: list[str] = []
    story: list[str] = []
    for sent, mark in _sentences_marked(question):
        pieces = [p.strip(" ,;:-") for p in _AND_ASKS.split(sent)]
        if _STARTS_ASKING.search(pieces[0]) and not _WHEN_TOLD.match(pieces[0]):
            pieces = [q.strip(" ,;:-") for p in pieces for q in _COMMA_ASKS.split(p)]
        asking = [p for p in pieces if p and (_STARTS_ASKING.search(p) or len(pieces) > 1 or mark)]
        parts.extend(asking)
        story.extend(p for p in pieces if p and p not in asking)
    return story, parts


def _sentences_marked(question: str) -> list[tuple[str, bool]]:
    """The sentences of ``question`` (split as :data:`_CLAUSE_END`), each with whether a question mark
    ended it."""
    out: list[tuple[str, bool]] = []
    pos = 0
    for m in _CLAUSE_END.finditer(question):
        out.append((question[pos:m.start()], "?" in question[m.start() - 1:m.end()]))
        pos = m.end()
    out.append((question[pos:], question.rstrip().endswith("?")))
    return [(sent, mark) for sent, mark in out if sent.strip()]


def story_and_parts(question: str) -> tuple[str, list[str]]:
    """``(story, parts)``: the sentences of ``question`` that tell what happened, and the questions it
    asks: "Kid trips somebody. Does he go to the sin bin, and do they play a man down?" -> ("Kid trips
    somebody", ["Does he go to the sin bin", "do they play a man down"]).  One part (the whole text)
    and no story when it asks one thing."""
    story, parts = _told_and_asked(question)
    return (" ".join(story), parts) if len(parts) > 1 else ("", [question])


def sentences_and_asking(question: str) -> tuple[str, str]:
    """``(story, asking)``: what ``question`` tells and what it asks, each as one text ("Still tied
    after OT. Who shoots first?" -> ("Still tied after OT", "Who shoots first")); either may be ""."""
    story, parts = _told_and_asked(question)
    return " ".join(story), " ".join(parts)


def question_parts(question: str) -> list[str]:
    """The questions asked in ``question``, without the story around them (:func:`story_and_parts`)."""
    return story_and_parts(question)[1]


def _part_weights(part: str) -> dict[str, float]:
    """The weighted stems a question part asks for: its own words (idf-weighted), their synonyms at
    half weight, and an ``asks`` phrase it opens with ("who goes first") as one key ``"?who goes
    first"``, said by any of the phrase's answers ("coin toss", "visiting team", :func:`_says`)."""
    from rulebot.search.text import load_synonyms, words

    syn = load_synonyms()
    rest, _ = syn.rewrite(part)
    asked = asked_phrases(part)
    out = {t: _weight(t) for t in terms(rest if asked else part)}
    for k in asked:
        out[f"?{k}"] = max((_weight(t) for m in syn.asks[k] for t in terms(m)), default=1.0)
    for alt in syn.expansions(words(rest if asked else part)):
        for t in terms(alt):
            if not TERM_WEIGHTS or t in TERM_WEIGHTS:  # slang no rulebook uses ("snipes") is never said
                out.setdefault(t, 0.5 * _weight(t))
    return out


@lru_cache(maxsize=512)
def _ask_answers(key: str) -> re.Pattern[str]:
    """A pattern for the phrases that answer the ``asks`` phrase ``key`` ("who goes first" ->
    "coin toss", "visiting team", "shoot first", ...), in folded text."""
    from rulebot.search.text import load_synonyms

    phrases = sorted(load_synonyms().asks.get(key, ()), key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(m) for m in phrases) + r")\b") if phrases else re.compile("$^")


def asked_phrases(text: str) -> list[str]:
    """The ``asks`` phrases of the synonym list said in ``text`` ("who shoots first"), folded."""
    from rulebot.search.text import load_synonyms

    q = fold(text)
    return [k for k in load_synonyms().asks if k in q and re.search(rf"\b{re.escape(k)}\b", q)]


def ask_answers_in(question: str) -> list[re.Pattern[str]]:
    """Patterns for the answers of the ``asks`` phrases said in ``question`` (:func:`_ask_answers`)."""
    return [_ask_answers(k) for k in asked_phrases(question)]


def said_in(text: str) -> tuple[set[str], str]:
    """What a text says, for :func:`_says`: ``(its stems, its folded text)``."""
    return set(terms(text)), fold(text)


def _says(key: str, said: tuple[set[str], str]) -> bool:
    """Whether a text (:func:`said_in`) says the stem ``key``, or for an asked phrase's key
    (``"?who goes first"``) one of the phrases that answer it, word for word ("coin toss")."""
    if key.startswith("?"):
        return bool(_ask_answers(key[1:]).search(said[1]))
    return key in said[0]


PART_SHARE = 0.25  # share of a part's words (idf-weighted) a sentence must have to answer it


def part_answered(want: dict[str, float], said: tuple[set[str], str]) -> bool:
    """True when an answer that says ``said`` (:func:`said_in`) touches a question part, whose weighted
    stems are ``want`` (:func:`_part_weights`): it has half their weight, or the part has none."""
    total = sum(want.values())
    return not total or sum(w for t, w in want.items() if _says(t, said)) >= 0.5 * total


def unanswered_parts(question: str, answered: str) -> tuple[str, list[tuple[str, str]]]:
    """``(story, [(part, part before it), ...])`` of ``question`` (:func:`story_and_parts`) for the
    parts the answer text ``answered`` does not touch ("" before the first part); no parts for a
    question that asks one thing."""
    story, parts = story_and_parts(question)
    if len(parts) < 2:
        return story, []
    said = said_in(answered)
    counted = bool(_A_COUNT.search(re.sub(r"\[[^\]]*\]", " ", answered)))  # not a label's rule number
    return story, [(p, parts[i - 1] if i else "") for i, p in enumerate(parts)
                   if not part_answered(_part_weights(p), said) or (_ASKS_COUNT.match(p) and not counted)]


#: A part that asks how many ("how many requests can he make"), which an answer without a count has not
#: answered, whatever words it shares with it ("a team requesting an equipment measurement").
_ASKS_COUNT = re.compile(r"\s*(?:and\s+)?how many\b", re.I)
_A_COUNT = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
                      r"single|once|twice|no more than|at least|unlimited)\b", re.I)


def other_parts(index: ClauseIndex, hits: list[Hit], query: str, answered: str) -> list[str]:
    """For a question that asks several things, a sentence (with its citation label) for each part
    the answer so far does not touch, taken from the next best clauses; [] for a one-part question."""
    parts = question_parts(query)
    if len(parts) < 2:
        return []
    out: list[str] = []
    said = said_in(answered)
    # the next best clauses, then the rest of the best one's list ("Team captains will use a coin toss
    # ...", FIRS 1.3 E •2, after •1 on the shooters)
    top = hits[0].clause
    siblings = index.children(index.get(top.parent)) if top.kind == "item" and top.parent else []
    candidates = list(dict.fromkeys([h.clause for h in hits[:4] if h.clause.ruleset == top.ruleset]
                                    + [c for c in siblings if c.text]))
    for part in parts:
        want = _part_weights(part)
        total = sum(want.values())
        if part_answered(want, said):
            continue
        best = (0.0, "", None)
        # "where do we drop it?": only a sentence that names where a face-off is taken answers it
        place = classify(part).restart
        for clause in candidates:
            for sent in sentences(clause.text):
                if place:
                    if FACEOFF_PLACE.search(sent) and sent not in answered and best[2] is None:
                        best = (total, sent, clause)
                    continue
                st = said_in(sent)
                # words said already count again only when everyday ("player", "team")
                got = [w for t, w in want.items() if _says(t, st) and (not _says(t, said) or w < 1.5)]
                # one shared word is chance ("wind down"), unless the part has only one
                if len(got) < min(2, len(want)):
                    continue
                if sum(got) > best[0]:
                    best = (sum(got), sent, clause)
        if best[2] is not None and best[0] >= PART_SHARE * total:
            out.append(f"{normalise_numbers(best[1])} [{label(index, best[2])}]")
            said = said_in(f"{answered} {' '.join(out)}")
    return out


#: The longest sentence taken with the one before it because it refers back to it.
REFERS_BACK_CHARS = 160
#: A sentence that refers back to the one before it ("This supply of pucks shall be kept at the penalty bench",
#: FIRS 3.2.12 C; "They also must execute play ...", ball hockey 12).
_REFERS_BACK = re.compile(r"^(?:the offending|this|these|such|in (?:this|that|such) case|in addition|it|they"
                          r"|any (?:subsequent|further)|a (?:subsequent|further|second)"
                          # "If, at the end of that time, the team shall still refuse to play, ... a bench
                          # minor" (RHA 634 (a)): what follows the step just told
                          r"|if,? (?:at the end of|after) (?:that|this|such) (?:time|period|warning))\b",
                          re.I)


def _antecedent(index: ClauseIndex, top: Clause, text: str) -> Clause | None:
    """The short clause just before ``top`` when the answer's first words refer back to it ("The
    offending player ...", "This ..."), else None."""
    if not _REFERS_BACK.search(text) or not top.parent:
        return None
    parent = index.get(top.parent)
    sibs = [c for c in index.children(parent)] if parent is not None else []
    ids = [c.id for c in sibs]
    if top.id not in ids or ids.index(top.id) == 0:
        return None
    prev = sibs[ids.index(top.id) - 1]
    return prev if prev.text and len(prev.text) <= 160 and prev.kind == top.kind else None


def _sequel(index: ClauseIndex, top: Clause) -> Clause | None:
    """The short clause right after ``top`` when it refers back to it ("The offending player ..."),
    else None."""
    parent = index.get(top.parent) if top.parent else None
    sibs = index.children(parent) if parent is not None else []
    ids = [c.id for c in sibs]
    if top.id not in ids or ids.index(top.id) + 1 >= len(sibs):
        return None
    at = ids.index(top.id)
    nxt = sibs[at + 1]
    if nxt.kind == top.kind and nxt.text and len(nxt.text) <= 160 and _REFERS_BACK.search(nxt.text):
        return nxt
    # what failing the rule brings, a clause or two on ("On the buzzer/whistle, players must relinquish
    # control of the puck immediately ...", U9 9; "Failure to relinquish control of the puck ... may
    # result in a penalty", U9 11): it names what the rule asks
    own = {t for t in terms(top.text) if t not in _RULE_DUTY_TERMS}
    for later in sibs[at + 1:at + 1 + FAILURE_LOOKAHEAD]:
        if (later.kind == top.kind and later.text and len(later.text) <= 160 and FAILURE.match(later.text)
                and len(own & set(terms(later.text))) >= FAILURE_SHARED):
            return later
    return None


def rule_failure(index: ClauseIndex, clause: Clause) -> Clause | None:
    """The clause under ``clause``'s parent that says what violating the whole rule brings, naming the
    parent by its title ("Violation of the goaltender equipment rule will result in a minor penalty ...", RHA 303
    (g), for 303 (b)'s blocker size under GOALTENDER EQUIPMENT), else None."""
    from rulebot.search.intent import imposes_penalty

    parent = index.get(clause.parent) if clause.parent else None
    title = set(terms(parent.title)) if parent is not None and parent.title else set()
    if not title:
        return None
    return next((c for c in index.children(parent) if c.id != clause.id and c.text and FAILURE.match(c.text)
                 and title <= set(terms(c.text)) and imposes_penalty(c.text)), None)


#: A clause that says what failing a rule brings: "Failure to relinquish control ...", "A violation of
#: this rule ...".
FAILURE = re.compile(r"^(?:failure to|failing to|(?:a|any) violations?|violations? of|an infraction of this)\b", re.I)
#: How many clauses after a rule are read for what failing it brings.
FAILURE_LOOKAHEAD = 2
#: ... and how many of the rule's words that clause must name.
FAILURE_SHARED = 2
_RULE_DUTY_TERMS = frozenset({"player", "team", "play", "game"})


def penalty_list_of(index: ClauseIndex, clause: Clause) -> Clause | None:
    """For an item of a list whose announcing clause states the penalty ("If any player ... does any
    of the following, a Gross Misconduct penalty shall be assessed:", RHA 601 (f)): that clause, whose
    penalty the item carries; else None."""
    from rulebot.search.intent import imposes_penalty

    if clause.kind != "item" or not clause.parent:
        return None
    parent = index.get(clause.parent)
    if parent is None or not introduces_list(parent.text) or not imposes_penalty(parent.text):
        return None
    return parent


#: The most clauses printed after a clause ending "as follows:" that are read as its steps.
MAX_FOLLOWING_STEPS = 6


def _style(clause: Clause) -> str:
    """How a clause's own number is printed ("•2" -> "•0", "C" -> "A", "(b)" -> "(A)")."""
    last = (clause.number or "").split()[-1:] or [""]
    return re.sub(r"\d+", "0", re.sub(r"[A-Za-z]+", "A", last[0]))


def announced_steps(index: ClauseIndex, clause: Clause) -> list[Clause]:
    """The steps a clause announces: its sub-clauses (and theirs), or, for a clause ending "as
    follows:" with none, the clauses printed after it in the same list style (Youth Cup "... the
    winning shot will be played as follows:" •1, then •2-•4; at most :data:`MAX_FOLLOWING_STEPS`)."""
    own = [d for c in index.children(clause) for d in [c, *index.children(c)] if d.text]
    if own or not clause.text.rstrip().endswith(":") or not clause.parent:
        return own
    sibs = index.children(index.get(clause.parent)) if index.get(clause.parent) else []
    ids = [c.id for c in sibs]
    out = []
    for c in sibs[ids.index(clause.id) + 1:] if clause.id in ids else ():
        if _style(c) != _style(clause) or len(out) == MAX_FOLLOWING_STEPS:
            break
        out.append(c)
    return [c for c in out if c.text]


def list_of(index: ClauseIndex, clause: Clause) -> list[Clause]:
    """The steps of the list ``clause`` is a step of, in order: the items of the clause that announces
    them (U9 27 "... the following tie breaker:", a-c), or the paragraphs printed after a paragraph that
    ends "as follows:" (FIRS 9.3 B, then 9.3 C-G); [] when ``clause`` is no such step."""
    parent = index.get(clause.parent) if clause.parent else None
    if parent is None:
        return []
    if clause.kind == "note":
        return []
    if clause.kind == "item" and introduces_list(parent.text):
        return [c for c in index.children(parent) if c.text and c.kind != "note"]
    sibs = index.children(parent)
    ids = [c.id for c in sibs]
    at = ids.index(clause.id) if clause.id in ids else 0
    for before in reversed(sibs[:at]):
        if before.text.rstrip().endswith(":") and not index.children(before):
            steps = [c for c in announced_steps(index, before) if c.kind != "note"]
            return steps if clause in steps else []
        if _style(before) != _style(clause):
            break
    return []


#: Words that ask for a particular step of a procedure, not the whole of it.
ASKS_A_STEP = re.compile(r"\b(?:who|whom|which|when|where|how (?:many|long|far|much))\b", re.I)

#: Words that send the reader to another rule ("(See 1.3 E)", "as defined in Rule 1.3 (e)", "Refer to
#: Rule 502 (e)", "see 14"), up to the end of the reference.
_POINTING = (r"\b(?:see(?: also)?|as defined in|as described in|as outlined in|refer to)\s+"
             r"(?:the\s+)?(?:rules?\s+|section\s+|clause\s+)?")
POINTER = re.compile(r"\(?" + _POINTING + r"[\d.]+(?:\s*[A-Z]\b|\s*\([^)]*\)+)?\)?\.?", re.I)
#: A clause that says no more than this many terms besides its pointer only sends the reader on.
POINTER_ALONE_TERMS = 4


#: "... may result in a penalty (see below)": the thing named just before a pointer to a later clause.
_SEE_BELOW = re.compile(r"\b([a-z-]+)\s*\((?:see|refer to) (?:below|later)\)", re.I)


def named_below(index: ClauseIndex, clause: Clause) -> Clause | None:
    """The later clause of the same rulebook that ``clause`` points to with "(see below)", found by the
    word before the pointer in the later clause's title ("... may result in a penalty (see below)", U9
    11 -> U9 21 "Penalties: Penalty results in penalty shot."); None when it has no such pointer or no
    later clause is titled so."""
    m = _SEE_BELOW.search(clause.text)
    if not m:
        return None
    named = set(terms(m.group(1)))
    later = (c for c in index.by_ruleset(clause.ruleset) if c.order > clause.order and c.text and c.title)
    return next((c for c in later if named & set(terms(c.title))), None)


def pointed_to(index: ClauseIndex, clause: Clause) -> Clause | None:
    """The clause ``clause`` sends the reader to ("(See 1.3 E)" -> FIRS 1.3 E), when its text says so
    with a reference that resolves in its ruleset; else None."""
    for ref in clause.refs:
        said = ref.raw.split()
        number = said[-1] if said[0].lower() in ("rule", "rules", "see", "section", "clause") else ref.raw
        if ref.target and re.search(_POINTING + re.escape(number), clause.text, re.I):
            target = index.get(ref.target)
            if target is not None and target.id != clause.id:
                return target
    return None


def _bulleted_steps(index: ClauseIndex, clause: Clause) -> int:
    """How many bulleted items with text ``clause`` has ("1.3 E •1" ... under FIRS 1.3 E)."""
    if not clause.text:
        return 0
    return sum(1 for c in index.children(clause)
               if c.kind == "item" and c.text and c.number.rsplit(" ", 1)[-1].startswith("•"))


def procedure_of(index: ClauseIndex, top: Clause, intent, query: str = "") -> Clause | None:
    """For a procedure question ("walk me through a penalty shot") whose best clause announces a list
    of steps, or is one of them: the announcing clause; for a question that asks for the whole of it
    (``query`` asks no particular step: no "who", "how many" ...), also the clause a bulleted list
    of steps sits under; else None."""
    if intent is None or not intent.procedure:
        return None
    if introduces_list(top.text) and announced_steps(index, top):
        return top
    whole = bool(query) and not ASKS_A_STEP.search(query)
    if whole and _bulleted_steps(index, top) >= 2:
        # the clause that names a bulleted list of steps, itself the best ("how do we run the
        # shoot-out": FIRS 1.3 E, "Shoot-Out: When additional game time ...", over its bullets)
        return top
    parent = index.get(top.parent) if top.parent else None
    if top.kind == "item" and parent is not None and introduces_list(parent.text):
        return parent
    if (whole and top.kind == "item" and parent is not None and parent.text
            and top.number.rsplit(" ", 1)[-1].startswith("•") and _bulleted_steps(index, parent) >= 2):
        # a bulleted list under the clause that names it ("Shoot-Out: When additional game time is not
        # available ..., a shoot-out can be used", FIRS 1.3 E, over its four bullets): its steps
        return parent
    if parent is not None:
        # a step printed after the clause that announces it (Youth Cup •3 after "... as follows:" •1)
        before = [c for c in index.children(parent) if c.order < top.order]
        for c in reversed(before[-MAX_FOLLOWING_STEPS:]):
            if top in announced_steps(index, c):
                return c
    return None


def nested_list_asked(index: ClauseIndex, parent: Clause, query: str) -> Clause | None:
    """A step of ``parent``'s list that announces a list of its own about a word of ``query`` said just
    before "as follows:" ("If no team scores during the overtime period, a shootout shall take place as
    follows:" for "how does the shootout work", RHA 639 (b) 4); else None."""
    asked = set(terms(query))
    for step in index.children(parent):
        if not (ends_announcing(step.text) and index.children(step)):
            continue
        m = ANNOUNCES.search(step.text)
        head = step.text[:m.start()] if m else step.text
        if asked & set(terms(head.rsplit(",", 1)[-1])):
            return step
    return None


#: Of the three best clauses, this many items of one list make the list the answer.
LIST_MATCHED = 3
#: ... when the best item scores at most this many times the next (else the question asks for that item:
#: "which tie-breaker uses goals against"), and its items are this long (characters) on average or shorter.
LIST_MARGIN = 1.15
LIST_ITEM_CHARS = 160

#: A procedure asked about as a whole is quoted whole when its steps are this long (characters) in all.
WHOLE_STEPS_CHARS = 800
#: A list of at most this many items, of at most this many characters in all, is quoted whole.
MAX_SHORT_ITEMS = 10
SHORT_ITEMS_CHARS = 240


#: Words that place a step in time and pick none ("still tied after overtime" is why there is a shoot-out,
#: not FIRS 1.3 E •4's "still tied after three shots").
_WHEN_WORDS = frozenset(terms("after before during until while once since"))


#: The longest text of a clause over steps that is read as the procedure's name when it announces nothing.
INTRO_CHARS = 240


def procedure_steps(index: ClauseIndex, parent: Clause, query: str, n: int = 4,
                    best_first: bool = False, ranked: dict[str, int] | None = None) -> list[Clause]:
    """Up to ``n`` steps of the list ``parent`` announces, in list order (``best_first``: the best
    first): those that share most words with the question beyond the procedure's own name ("where
    does the puck start" picks "The Referee shall place the puck on the centre face-off spot"), else
    the first ``n``.  ``ranked`` (clause id -> place in the search's hits): of the steps that share as
    much, the one the search put highest goes first, the others in list order ("still tied after three
    each" picks Youth Cup's "still tied after three shots" over "started with three (3) different
    players")."""
    from rulebot.search.intent import asks_procedure_span, without_opening_condition

    # the list's items and the items of a list inside it ("a shootout shall take place as follows:
    # A. ... C. Teams will alternately take a penalty shot, with the visiting team shooting first")
    steps = announced_steps(index, parent)
    m = ANNOUNCES.search(parent.text)
    # ... or the whole of a short clause over steps that announces nothing ("Shoot-Out: When additional
    # game time is not available for sudden death overtime, a shoot-out can be used ...", FIRS 1.3 E)
    intro = parent.text[:m.end()] if m else parent.text if len(parent.text) <= INTRO_CHARS else ""
    name = f"{index.heading(parent) or ''} {intro}"
    named = set(_part_weights(name))  # the procedure's name and its synonyms pick no step
    # "walk me through", "how does it work" ask for all of it; "if still tied after the sudden death,"
    # before them tells the situation
    rest = asks_procedure_span(without_opening_condition(query))
    want = {t: w for t, w in _part_weights(rest).items() if t not in named and t not in _WHEN_WORDS}
    said = [said_in(c.text) for c in steps]
    if len(steps) > 1:  # what every step says ("team" in each tie-breaker) picks none of them
        want = {t: w for t, w in want.items() if not all(_says(t, st) for st in said)}
    scored = [(sum(w for t, w in want.items() if _says(t, st)), i) for i, st in enumerate(said)]
    if not any(sc for sc, _ in scored):
        # nothing particular asked ("how does the shootout work"): the whole procedure when it is short
        # (RHA 639 (b) 4 A-F), else its first steps
        return steps if sum(len(c.text) for c in steps) <= WHOLE_STEPS_CHARS else steps[:n]
    lead = min((c.id for c in steps if c.id in (ranked or {})), key=lambda i: ranked[i], default=None)
    best = sorted(scored, key=lambda x: (-x[0], steps[x[1]].id != lead, x[1]))[:n]
    return [steps[i] for _, i in (best if best_first else sorted(best, key=lambda x: x[1]))]


#: How many of the clauses printed after a procedure's top clause its answer may quote (:func:`_with_following`).
FOLLOWING_QUOTED = 3


def steps_after(index: ClauseIndex, top: Clause) -> tuple[list[Clause], bool]:
    """``(steps, titled)``: the clauses printed after ``top`` under the same parent that an answer from it may
    quote (at most :data:`FOLLOWING_QUOTED`, up to the first that is no paragraph or item with text: the next
    rule), and whether a heading stands over them (a parent that is no document, or a title among the
    clauses up to ``top``); ``([], False)`` when ``top`` has no parent."""
    parent = index.get(top.parent) if top.parent else None
    siblings = index.children(parent) if parent is not None else []
    ids = [c.id for c in siblings]
    if top.id not in ids:
        return [], False
    pos = ids.index(top.id)
    steps = []
    for nxt in siblings[pos + 1:pos + 1 + FOLLOWING_QUOTED]:
        if not nxt.text or nxt.kind not in ("paragraph", "item"):
            break
        steps.append(nxt)
    return steps, parent.kind != "document" or any(c.title for c in siblings[:pos + 1])


def _with_following(index: ClauseIndex, top: Clause, text: str, query: str, used: list[Clause],
                    max_chars: int = 420, every: bool = False) -> str:
    """For a procedure, the top clause's text followed by the next clauses of the same rule (the steps
    that come after it) that share a word with ``query`` (``every``: all of them), up to about
    ``max_chars``.  The clauses quoted are appended to ``used``; each quoted sentence but the last is
    followed by its citation ("... [U9 28] All overtime periods are ... [U9 29] The first team ..."),
    the last is the caller's to cite (``used[-1]``, or ``top`` when nothing was added)."""
    steps, titled = steps_after(index, top)
    if not steps or (not every and not titled):
        # sentences of a sheet written as plain paragraphs, no heading over them: each its own rule
        # ("A team leading by 7 goals ..." is not followed by the forfeit rule after it)
        return text
    out, size = text, len(text)
    from rulebot.search.text import load_synonyms, words

    qterms = set(terms(query)) | {t for alt in load_synonyms().expansions(words(query)) for t in terms(alt)}
    for nxt in steps:
        # a step of the same procedure: a sub-clause (not the next rule) that is still on the subject
        if not every and not qterms & set(terms(nxt.text)):
            continue
        sent = best_sentences(nxt.text, query, limit=1)
        size += len(sent) + 1
        if size > max_chars:  # the quoted words, not their citations
            break
        # each clause's sentence cited by its own number: the one before it is closed here, the last
        # one by the caller
        out += f" [{label(index, used[-1] if used else top)}] {sent}"
        used.append(nxt)
    return out
