"""Penalty classes and infractions of every ruleset, read from the clause index.

Two kinds of record, both built from the documents' own text (no hand-typed penalty tables):

- :class:`PenaltyClass` — a penalty category a rulebook defines ("minor", "bench minor", "major",
  "misconduct", "game misconduct", "gross misconduct", "game ejection", "match", "penalty shot", or a
  ball-hockey "penalty"), with its duration in minutes and what it does to the player and team.  Found
  by sentence patterns over clause text: definitions such as ``For a “Minor Penalty,” any player ...
  for two minutes`` (FIRS 6.1.2 A), ``minor penalties may be either 1:30 or 2 minutes`` (RHA 402 (a)),
  ``Minor penalty – 2 minute (raw time)`` (youth cup), ``Penalties are 1 minute long`` (ball hockey 23),
  ``Penalty results in penalty shot`` (U9); a category the text only names as a consequence
  ("immediate game ejection", ball hockey 27/39; "double minor") is kept with ``defined=False``.
- :class:`Infraction` — an infraction and the penalty it carries: every row of a penalty index
  (FIRS Annex C, clauses of kind ``table-row``, code parsed by :func:`parse_code`), and for rulebooks
  without one, every sentence that imposes a penalty ("A minor or major penalty shall be imposed on
  any player who ... slashing", RHA 635 (a)), one record per alternative ("minor" | "major"), and
  every line of a sheet's penalty list that gives an infraction its call ("- Tripping - 90 sec",
  "- Checking from behind : 4 min major + game misconduct", see :func:`list_line_call`).

Durations are in minutes (``1.5`` for RHA's 1:30).  Functions take a
:class:`rulebot.corpus.index.ClauseIndex`; results are cached per index and rebuilt when its clauses
change.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from rulebot.corpus.annex import CODE_PATTERN, RULE_PATTERN
from rulebot.corpus.builder import ends_announcing
from typing import Iterable

from rulebot.lazy import LazyRegex as _LazyRegex
from rulebot.models import CLASS_NAMES


__all__ = [
    "PenaltyPart",
    "CodeParts",
    "PenaltyClass",
    "Infraction",
    "parse_code",
    "parts_from_text",
    "penalty_classes",
    "infractions",
    "search_penalties",
    "split_rule_refs",
    "format_minutes",
    "duration_words",
]

# ------------------------------------------------------------------------------------------ vocabulary

_CLASS_ALT = "|".join(n.replace(" ", r"\s+") + ("s?" if n == "penalty shot" else "") for n in CLASS_NAMES)

#: Letter codes of the FIRS penalty index (Annex C) and the category each stands for.
CODE_LETTERS = {
    "GM": "game misconduct",
    "MP": "match",
    "PS": "penalty shot",
    "GE": "game ejection",
    "MIS": "misconduct",
}
#: Categories that are served as time off the floor (their minutes add up to a duration).
TIMED = ("minor", "bench minor", "double minor", "major", "misconduct", "penalty")

_NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
              "nine": 9, "ten": 10, "twenty": 20}
_NUM = r"(?:\d+:\d{2}|\d+(?:\.\d+)?|one|two|three|four|five|ten|twenty)"
_DURATION = _LazyRegex(
    rf"\b(?P<a>{_NUM})(?:\s*(?:or|/)\s*(?P<b>{_NUM}))?[\s-]*min(?:ute)?s?\b", re.I)
_SUM_DURATION = _LazyRegex(r"\((?P<a>\d+)\s*\+\s*(?P<b>\d+)\)")
#: "Minor penalties are 90 seconds" (a tournament sheet's shorter penalties).
_SECONDS = _LazyRegex(r"\b(?P<s>\d{2,3})[\s-]*(?:seconds?|secs?)\b", re.I)
#: A length written as a clock reads, minutes and seconds ("1:30"), not a time of day ("at 1:30 pm").
_CLOCK = _LazyRegex(r"(?<!\bat )\b(?P<m>\d{1,2}):(?P<s>[0-5]\d)\b(?!\s*(?:am|pm|a\.m|p\.m)\b)", re.I)
#: Words of a sentence that goes on about a penalty ("They are served in the box."), not another subject.
_ABOUT_PENALTIES = _LazyRegex(r"penalt|minor|major|misconduct|serve|box|bench", re.I)
_SENTENCE = _LazyRegex(r"(?<=[.!?])\s+(?=[\"“(A-Z0-9])")


def _minutes(token: str) -> float:
    """``"1:30"`` -> 1.5, ``"two"`` -> 2.0, ``"5"`` -> 5.0."""
    token = token.lower()
    if ":" in token:
        m, s = token.split(":")
        return int(m) + int(s) / 60
    if token in _NUM_WORDS:
        return float(_NUM_WORDS[token])
    return float(token)


def format_minutes(value: float | None) -> str:
    """Minutes for display: ``2.0`` -> ``"2"``, ``1.5`` -> ``"1:30"``, None -> ``""``."""
    if value is None:
        return ""
    if value == int(value):
        return str(int(value))
    whole = int(value)
    return f"{whole}:{round((value - whole) * 60):02d}"


def duration_words(minutes: float, alt_minutes: tuple[float, ...] = (), duration: str = "", short: bool = False) -> str:
    """A penalty's length as an answer says it, in the rulebooks' words: ``"2 minutes"``, ``"1 minute"``,
    ``"1:30 or 2 minutes"``, ``"25 minutes (5+20)"`` (``duration``, the code as printed, gives the sum);
    with ``short``, as a table shows it: ``"2 min"``, ``"1:30 or 2 min"``, ``"25 min (5+20)"``."""
    values = [float(minutes), *(float(v) for v in alt_minutes)]
    text = " or ".join(format_minutes(v) for v in values)
    text += " min" if short else " minute" if values == [1.0] else " minutes"
    if "+" in (duration or ""):
        text += f" ({duration.strip().strip('()')})"
    return text


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if s.strip()]


# ------------------------------------------------------------------------------------------ codes

@dataclass(frozen=True)
class PenaltyPart:
    """One penalty of a combined call: ``kind`` is a category name (see ``CLASS_NAMES``, or
    ``"penalty"``), ``minutes`` the minutes printed for it in a code (None when not printed)."""

    kind: str
    minutes: float | None = None


@dataclass(frozen=True)
class CodeParts:
    """A penalty call taken apart: ``parts`` all apply together ("5'+GM" = major 5 + game
    misconduct).  ``raw`` is the code as printed ("" when the parts come from rule text); ``note``
    holds words of the code cell that are not a code ("Face off report to authority")."""

    raw: str
    parts: tuple[PenaltyPart, ...] = ()
    note: str = ""

    @property
    def kinds(self) -> tuple[str, ...]:
        """The categories, in order (``("major", "game misconduct")``)."""
        return tuple(p.kind for p in self.parts)

    @property
    def minutes(self) -> float | None:
        """Sum of the minutes printed in the code (``"2+2+GM"`` -> 4.0); None when none printed."""
        printed = [p.minutes for p in self.parts if p.minutes is not None]
        return sum(printed) if printed else None

    @property
    def label(self) -> str:
        """Readable form: ``"major + game misconduct"``, ``"double minor"``; the note when no parts."""
        if not self.parts:
            return self.note or self.raw
        return " + ".join(p.kind for p in self.parts)


_CODE_TOKEN = _LazyRegex(r"(\d+)'?|([A-Z]+)")


def parse_code(code: str, minutes_to_kind: dict[float, str] | None = None) -> CodeParts:
    """Parse a penalty-index code ("2'", "2+2'", "5'+GM", "2'+GM", "2+2+GM", "10'", "MIS", "GM",
    "MP", "PS", "GE") into :class:`CodeParts`.

    Numbers are minutes: ``minutes_to_kind`` maps them to a category (from the ruleset's classes,
    e.g. FIRS {2: "minor", 5: "major", 10: "misconduct"}); without it the FIRS convention is used.
    Two equal minor numbers make one ``double minor`` part of their sum ("2+2'" -> double minor 4).
    Letters follow :data:`CODE_LETTERS`.  Text that is not a code is returned as ``note`` with no
    parts.  Never raises.
    """
    raw = code.strip()
    kinds = minutes_to_kind or {2.0: "minor", 5.0: "major", 10.0: "misconduct"}
    pieces = [p.strip() for p in raw.split("+")]
    if not raw or not all(re.fullmatch(r"\d+'?|[A-Z]{2,3}", p) for p in pieces):
        return CodeParts(raw, (), raw)
    numbers = [float(p.rstrip("'")) for p in pieces if p[0].isdigit()]
    letters = [p for p in pieces if not p[0].isdigit()]
    parts: list[PenaltyPart] = []
    if len(numbers) == 2 and numbers[0] == numbers[1] and kinds.get(numbers[0]) == "minor":
        parts.append(PenaltyPart("double minor", numbers[0] * 2))
    else:
        for n in numbers:
            parts.append(PenaltyPart(kinds.get(n, "penalty"), n))
    for letter in letters:
        kind = CODE_LETTERS.get(letter)
        if kind is None:
            return CodeParts(raw, (), raw)
        parts.append(PenaltyPart(kind))
    return CodeParts(raw, tuple(parts))


# Penalty terms as rule text writes them.
_TERM = _LazyRegex(
    rf"\b(?:(?P<name>{_CLASS_ALT})\b(?:\s+penalt(?:y|ies))?|(?P<generic>penalty)\b(?!\s+shots?\b))", re.I)
_NEG_BEFORE = _LazyRegex(r"\bno\s+(?:other\s+)?$", re.I)
_MINS_JUST_BEFORE = _LazyRegex(r"\b(\d+|one|two|ten)[\s-]*minute\s+$", re.I)
#: "a major penalty of 5 minutes": the minutes written after the penalty.
_MINS_JUST_AFTER = _LazyRegex(r"\s+(?:penalty\s+)?of\s+(\d+|one|two|four|five|ten)\s+minutes?\b", re.I)
#: "Slew footing is a major penalty", "A slapshot is a minor penalty": a sheet's short way of imposing one.
_IS_A_PENALTY = _LazyRegex(rf"\b(?:is|are)\s+(?:an?\s+)?(?:automatic\s+)?(?:{_CLASS_ALT})\b", re.I)
_TERM_WORDS = ("penalt", "minor", "major", "misconduct", "ejection", "match")


def _has_term(text: str) -> bool:
    """Quick filter: could ``text`` name a penalty at all?"""
    low = text.lower()
    return any(w in low for w in _TERM_WORDS)

_COND = _LazyRegex(r"^(?:if|when|should|whenever)\b[^,:;]*[,:;]", re.I)
_COND_REST = _LazyRegex(r"[,:;]\s*\S")
_IN_LIEU = _LazyRegex(r"\bin lieu of\s+(?:the\s+|a\s+)?$")
_EXCEPT = _LazyRegex(r"\bexcept\b", re.I)
_MINS_BEFORE = _LazyRegex(rf"\b({_NUM})[\s-]*minute\s+(?:[a-z ]+\s)?$")
_RESULTS_IN = _LazyRegex(r"\bresults?\s+in\b", re.I)
_MODAL = _LazyRegex(r"\b(shall|will|may|must|can|is to|are to)\b(\s+not\b)?", re.I)
_IMPOSE = _LazyRegex(
    r"\b(impos|assess|given|give|receiv|incur|result|call|award|subject|treat|includ|penaliz|order)", re.I)


def parts_from_text(sentence: str, generic: str | None = None) -> list[CodeParts]:
    """The alternative penalties a rule sentence imposes, each a :class:`CodeParts` (raw "").

    ``"A Minor Penalty or at the discretion of the Referee, a Major Penalty and a Game Misconduct
    Penalty shall be imposed"`` -> [minor], [major + game misconduct]; ``"Any major penalty assessed
    for slashing may also include a game ejection or game misconduct penalty"`` -> [major + game
    ejection], [major + game misconduct].  Terms joined by "and"/"plus"/"with" combine; "or", "/" and
    commas separate alternatives; "include" adds what follows to what precedes.  ``generic`` is the
    category a bare "penalty" stands for in this ruleset (ball hockey: "penalty"), or None to ignore
    bare "penalty".  Terms after "no" ("no other penalty") are skipped.  Returns [] for none.
    """
    if not _has_term(sentence):
        return []
    terms: list[tuple[int, int, PenaltyPart]] = []
    # A leading condition ("If an injured player receives a minor penalty, ...") names a penalty
    # already given, not the one imposed; so do "in lieu of ..." and "except when ... penalized by".
    cond = _COND.match(sentence)
    skip_before = cond.end() if cond and _COND_REST.search(sentence, cond.end() - 1) else 0
    for m in _TERM.finditer(sentence):
        if m.start() < skip_before:
            continue
        before = sentence[max(0, m.start() - 60):m.start()].lower()
        if _IN_LIEU.search(before):
            continue
        if terms and _EXCEPT.search(sentence, terms[-1][1], m.start()):
            break
        if _NEG_BEFORE.search(before):
            continue
        if m.group("name"):
            kind = " ".join(m.group("name").lower().split())
            if kind.startswith("penalty shot"):
                kind = "penalty shot"
            if kind == "match" and "penalt" not in m.group(0).lower():
                continue  # "jerseys must match"
            mins_m = _MINS_JUST_BEFORE.search(before) or _MINS_JUST_AFTER.match(sentence, m.end())
            mins = _minutes(mins_m.group(1)) if mins_m else None
            terms.append((m.start(), m.end(), PenaltyPart(kind, mins)))
        elif generic:
            mins_m = _MINS_BEFORE.search(before[-40:])
            mins = _minutes(mins_m.group(1)) if mins_m else None
            terms.append((m.start(), m.end(), PenaltyPart(generic, mins)))
    if not terms:
        return []
    groups: list[list[PenaltyPart]] = [[terms[0][2]]]
    include_from: int | None = None
    for (_, end, _p), (start, _e, part) in zip(terms, terms[1:]):
        gap = sentence[end:start].lower()
        words = re.findall(r"[a-z]+", gap)
        if ("includ" in gap or "possibly" in words) and include_from is None:
            include_from = len(groups) - 1
            groups[-1].append(part)
        elif "or" in words and len(words) <= 10:
            groups.append([part])
        elif any(w in words for w in ("and", "plus", "with")) and len(words) <= 6:
            groups[-1].append(part)
        elif not words and ("," in gap or "/" in gap):
            groups.append([part])  # "A Minor Penalty/Bench Minor Penalty": one or the other
        elif not words:
            groups[-1].append(part)
        else:
            groups.append([part])
    if include_from is not None and include_from + 1 < len(groups):
        # "X may also include Y or Z": X + Y | X + Z
        base = groups[include_from][:-1]
        head = groups[: include_from]
        tail = [groups[include_from][-1:]] + groups[include_from + 1:]
        groups = head + [base + g for g in tail]
    out: list[CodeParts] = []
    for g in groups:
        seen: list[PenaltyPart] = []
        for p in g:
            if p not in seen:
                seen.append(p)
        cp = CodeParts("", tuple(seen))
        if cp not in out:
            out.append(cp)
    return out


# ------------------------------------------------------------------------------------------ classes

@dataclass(frozen=True)
class PenaltyClass:
    """A penalty category as one rulebook defines it.

    ``name`` ("minor", "bench minor", "major", "misconduct", "game misconduct", "gross misconduct",
    "game ejection", "match", "penalty shot", "penalty"); ``minutes`` the time served in minutes as
    first printed (None: no time, e.g. balance of the game) and ``alt_minutes`` the other lengths the
    text allows (RHA minor "1:30 or 2 minutes" -> 1.5, (2.0,)); ``duration`` the duration as printed
    ("1:30 or 2 minutes", "(5+20)"); ``charged_minutes`` minutes the text says are charged in the
    records (FIRS game misconduct: 10); ``effect`` the defining sentence(s); ``rule`` the printed
    number of the defining clause and ``clause_id`` its id (``clause_ids`` all clauses used);
    ``defined`` is False when the text only names the category as a consequence.
    """

    ruleset: str
    name: str
    minutes: float | None
    alt_minutes: tuple[float, ...]
    duration: str
    effect: str
    rule: str
    clause_id: str
    clause_ids: tuple[str, ...] = ()
    charged_minutes: float | None = None
    defined: bool = True

    @property
    def duration_label(self) -> str:
        """``"2 min"``, ``"1:30 or 2 min"``, ``"25 min (5+20)"``, or "" when not timed."""
        return "" if self.minutes is None else duration_words(self.minutes, self.alt_minutes, self.duration, short=True)

    @property
    def duration_words(self) -> str:
        """The duration as an answer says it (:func:`duration_words`); "" when not timed."""
        return "" if self.minutes is None else duration_words(self.minutes, self.alt_minutes, self.duration)


_DEF_START = _LazyRegex(
    rf"^(?P<pre>for\s+an?\s+|an?\s+|the\s+|all\s+)?[\"“”']?(?P<name>{_CLASS_ALT})[\"“”',]*\s*"
    rf"(?:penalt(?:y|ies))?[\"“”',]*\s*(?P<rest>.*)$",
    re.I | re.S,
)
_DEF_REST = _LazyRegex(
    r"^(?:\([^)]*\)\s*)?(?:[–—:-]|involves?\b|requires?\b|to\s+all\b|may\s+be\b|means\b|"
    r"(?:is|are|shall\s+be|will\s+be)\b(?!\s+(?:to\s+be\s+)?(?:imposed|assessed|awarded|given|called)))",
    re.I,
)
_DEF_PLURAL = _LazyRegex(rf"\b(?P<name>{_CLASS_ALT})\s+penalties\s+may\s+be\s+(?:either\s+)?", re.I)
_DEF_RESULTS = _LazyRegex(rf"^penalt(?:y|ies)\s+(?:results?\s+in|is|are)\s+(?:an?\s+)?(?P<name>{_CLASS_ALT})\b", re.I)
#: "Majors are 5 minutes and come with a game misconduct." (a tournament sheet's plural shorthand)
_DEF_BARE_PLURAL = _LazyRegex(
    r"^(?P<name>bench\s+minor|double\s+minor|game\s+misconduct|minor|major|misconduct)s\s+(?:are|last)\b"
    r".*\b(?:minutes?|seconds?|mins?)\b", re.I)
#: Where a second category's length starts in one sentence ("... 1.5 minutes and major penalties are 4
#: minutes").
_BARE_PLURAL_AND = _LazyRegex(
    r",?\s+and\s+(?=(?:bench\s+minor|double\s+minor|game\s+misconduct|minor|major|misconduct)s?\s+"
    r"(?:penalties\s+)?(?:are|last)\b)", re.I)
_DEF_GENERIC = _LazyRegex(r"^(?:all\s+|the\s+)?penalties\s+(?:are|last|shall\s+be)\b.*\bminutes?\b", re.I)
_CHARGED = _LazyRegex(rf"\bfor\s+all\s+(?P<names>.*?)\bpenalt.*?\b(?P<n>{_NUM})\s+minutes?\s+shall\s+be\s+charged", re.I)
_LIST_NUMBER = _LazyRegex(r"^\d+\.\s+")
_NOTE_PREFIX = _LazyRegex(r"^(?:NOTE\s*\d*\s*:\s*)", re.I)
_EFFECT_WORDS = _LazyRegex(
    r"ruled off|removal|remov|suspen|involves?|requires?|sent away|sit out|results? in|ordered|"
    r"serve|taken as follows|minutes? (?:long|in length)", re.I)


def _norm_name(name: str) -> str:
    return re.sub(r"\s+", " ", name.lower()).strip()


def _definition(sentence: str) -> str | None:
    """The category a sentence defines, or None."""
    if not _has_term(sentence):
        return None
    s = sentence.strip()
    if s[:4].upper() == "NOTE":
        s = _NOTE_PREFIX.sub("", s)
    if s[:1].isdigit():
        s = _LIST_NUMBER.sub("", s)
    m = _DEF_START.match(s)
    if m and (m.group("pre") and m.group("pre").lower().startswith("for") or _DEF_REST.match(m.group("rest"))):
        name = _norm_name(m.group("name"))
        # "Minor penalty – 2 minute", not "The match is decided ...": the word penalty must follow
        if name == "penalty shot" or re.search(r"penalt", s[m.start("name"):m.start("rest")], re.I):
            return name
    low = s.lower()
    m = (_DEF_PLURAL.search(s) if "penalties may be" in low else None) or (
        _DEF_RESULTS.match(s) if low.startswith("penalt") else None)
    if m:
        return _norm_name(m.group("name"))
    m = _DEF_BARE_PLURAL.match(s)
    if m:
        return _norm_name(m.group("name"))
    if low.startswith(("penalties", "all penalties", "the penalties")) and _DEF_GENERIC.match(s):
        return "penalty"
    return None


def _duration(text: str) -> tuple[float | None, tuple[float, ...], str]:
    m = _SUM_DURATION.search(text)
    if m:
        return float(int(m.group("a")) + int(m.group("b"))), (), m.group(0)
    m = _DURATION.search(text)
    if m:
        a = _minutes(m.group("a"))
        alt = (_minutes(m.group("b")),) if m.group("b") else ()
        return a, alt, m.group(0)
    m = _SECONDS.search(text)
    if m:
        return int(m.group("s")) / 60, (), m.group(0)
    m = _CLOCK.search(text)
    if m:  # "Minor penalties are 1:30."
        return int(m.group("m")) + int(m.group("s")) / 60, (), m.group(0)
    return None, (), ""


@dataclass
class _Sent:
    clause: object
    text: str
    index: int          # position within its clause


def _ruleset_sentences(index, rid: str) -> list[_Sent]:
    out: list[_Sent] = []
    for c in index.by_ruleset(rid):
        if c.kind in ("document", "table-row", "signal") or not c.text:
            continue
        for i, s in enumerate(_sentences(c.text)):
            out.append(_Sent(c, s, i))
    return out


def _build_classes(index, rid: str) -> list[PenaltyClass]:
    sents = _ruleset_sentences(index, rid)
    found: dict[str, dict] = {}
    for k, st in enumerate(sents):
        name = _definition(st.text)
        if not name:
            continue
        first, *more = _BARE_PLURAL_AND.split(st.text)
        for extra in more:  # "Minor penalties are 1.5 minutes and major penalties are 4 minutes."
            other = _definition(extra)
            if other and other not in found:
                mins, alt, dur = _duration(extra)
                found[other] = {"sents": [st.text], "clauses": [st.clause.id], "minutes": mins, "alt": alt,
                                "dur": dur}
        whole = st.text
        if more:
            st = _Sent(st.clause, first, st.index)
        entry = found.setdefault(name, {"sents": [], "clauses": [], "minutes": None, "alt": (), "dur": ""})
        if len(entry["sents"]) >= 2 or st.clause.id in entry["clauses"]:
            continue
        effect = [st.text]
        timed = effect  # the sentences its length may come from
        follow = sents[k + 1] if k + 1 < len(sents) else None
        if more:
            # the class's length is the first part; the sentence is quoted whole, as the sheet says it,
            # and says all there is ("... are 90 seconds and major penalties are 4 minutes.")
            mins, alt, dur = _duration(first)
            if entry["minutes"] is None and mins is not None:
                entry.update(minutes=mins, alt=alt, dur=dur)
            effect, follow = [whole], None
            timed = effect
        if follow is not None and not _definition(follow.text):
            same_clause = follow.clause.id == st.clause.id
            short_sibling = (st.index == 0 and len(st.text.split()) < 8 and not follow.clause.title
                             and follow.clause.parent == st.clause.parent)
            if same_clause or short_sibling:
                effect.append(follow.text)
            if short_sibling and not same_clause and not _ABOUT_PENALTIES.search(follow.text):
                timed = effect[:-1]  # its length is no other rule's ("2. Games are two 18 minute periods.")
        if entry["minutes"] is None:
            for text in timed:
                mins, alt, dur = _duration(text)
                if mins is not None:
                    entry.update(minutes=mins, alt=alt, dur=dur)
                    break
        entry["sents"].extend(e for e in effect if e not in entry["sents"])
        entry["clauses"].append(st.clause.id)
    # Categories a rule-set's own title names ("6.1.8 Penalty Shot", "RULE 406 - PENALTY SHOT").
    for c in index.by_ruleset(rid):
        title = _norm_name(re.sub(r"penalties$", "", c.title or "", flags=re.I))
        if title in CLASS_NAMES and title not in found:
            body = next((x for x in index.subtree(c) if x.text), None)
            if body is not None:
                first = _sentences(body.text)[0]
                found[title] = {"sents": [first], "clauses": [body.id], "minutes": None, "alt": (), "dur": ""}
    charged: dict[str, float] = {}
    for st in sents:
        m = _CHARGED.search(st.text) if "charged" in st.text else None
        if m:
            for name in re.findall(_CLASS_ALT, m.group("names"), re.I):
                charged.setdefault(_norm_name(name), _minutes(m.group("n")))
    classes: list[PenaltyClass] = []
    for name, e in found.items():
        cid = e["clauses"][0]
        clause = index.get(cid)
        classes.append(PenaltyClass(
            ruleset=rid, name=name, minutes=e["minutes"], alt_minutes=e["alt"], duration=e["dur"],
            effect=" ".join(e["sents"]), rule=clause.number if clause else "", clause_id=cid,
            clause_ids=tuple(e["clauses"]), charged_minutes=charged.get(name)))
    # Categories named as a consequence but never defined ("immediate game ejection").
    generic = _generic_kind(classes)
    defined = {c.name for c in classes}
    named: dict[str, list[_Sent]] = {}
    for st in sents:
        if not _has_term(st.text) or not (_MODAL.search(st.text) or _RESULTS_IN.search(st.text)):
            continue
        if not _IMPOSE.search(st.text):
            continue
        for alt in parts_from_text(st.text, generic):
            for part in alt.parts:
                if part.kind in defined:
                    continue
                uses = named.setdefault(part.kind, [])
                if len(uses) < 2 and all(u.clause.id != st.clause.id for u in uses):
                    uses.append(st)
    for name, uses in named.items():
        classes.append(PenaltyClass(
            ruleset=rid, name=name, minutes=None, alt_minutes=(), duration="",
            effect=" ".join(u.text for u in uses), rule=uses[0].clause.number, clause_id=uses[0].clause.id,
            clause_ids=tuple(u.clause.id for u in uses), charged_minutes=charged.get(name), defined=False))
    order = {n: i for i, n in enumerate(("penalty",) + CLASS_NAMES)}
    classes.sort(key=lambda c: (not c.defined, index.get(c.clause_id).order if index.get(c.clause_id) else 0,
                                order.get(c.name, 99)))
    return classes


def _generic_kind(classes: Iterable[PenaltyClass]) -> str | None:
    """What a bare "penalty" means in a ruleset: its "penalty" class, else its only class."""
    classes = [c for c in classes if c.defined]
    names = [c.name for c in classes]
    if "penalty" in names:
        return "penalty"
    if len(names) == 1:
        return names[0]
    return None


# ------------------------------------------------------------------------------------------ infractions

@dataclass(frozen=True)
class Infraction:
    """An infraction and the penalty it carries in one ruleset.

    ``infraction`` its name ("Boarding"; an Annex C description without the asterisk, or the rule's
    title / the text's own name for it); ``rule`` the rule reference as printed ("6.4.21C", "635 (a)");
    ``code`` the penalty-index code as printed (None for infractions read from rule text); ``parts``
    the penalty, parsed; ``minutes`` time served in minutes (the printed code's minutes, else the
    ruleset's class durations; None when nothing is timed) and ``alt_minutes`` other allowed totals
    (RHA minor: 1.5 -> (2.0,)); ``severe`` marks an Annex C asterisk row (the severe form);
    ``clause_id`` the clause the rule reference names (None when it does not resolve, and then
    ``unresolved`` is True and ``missing_refs`` lists the references not found; ``clause_ids`` all
    resolved); ``detail`` the sentence or row the record comes from; ``source`` "index" or "text".
    """

    ruleset: str
    infraction: str
    rule: str
    code: str | None
    parts: CodeParts
    minutes: float | None
    severe: bool
    clause_id: str | None
    unresolved: bool = False
    alt_minutes: tuple[float, ...] = ()
    clause_ids: tuple[str, ...] = ()
    missing_refs: tuple[str, ...] = ()
    detail: str = ""
    source: str = "index"
    row_id: str | None = None

    @property
    def penalty(self) -> str:
        """The penalty in words ("major + game misconduct")."""
        return self.parts.label

    part_minutes: tuple[tuple[float, ...], ...] = ()

    @property
    def duration(self) -> str:
        """Time served for display: "5 min", "1:30 or 2 min"; a combined call shows each timed
        part ("1:30/2 + 10 min"); "" when nothing is timed."""
        timed = [p for p in self.part_minutes if p]
        if not timed:
            return ""
        if len(timed) == 1:
            return " or ".join(format_minutes(v) for v in timed[0]) + " min"
        return " + ".join("/".join(format_minutes(v) for v in p) for p in timed) + " min"

    def to_json(self) -> dict:
        """Stable JSON form used by ``rulebot penalties --json``."""
        return {
            "ruleset": self.ruleset, "infraction": self.infraction, "rule": self.rule, "code": self.code,
            "penalty": self.penalty, "parts": list(self.parts.kinds), "minutes": self.minutes,
            "alt_minutes": list(self.alt_minutes), "duration": self.duration, "severe": self.severe,
            "clause_id": self.clause_id, "unresolved": self.unresolved,
            "missing_refs": list(self.missing_refs), "detail": self.detail,
            # the rule as the clause index numbers it ("6.4.31B" as printed -> ["6.4.31 B"])
            "rules": split_rule_refs(self.rule),
        }


def split_rule_refs(rule: str) -> list[str]:
    """Split a printed reference into single clause numbers: ``"6.4.20 A, B"`` -> ["6.4.20 A",
    "6.4.20 B"]; ``"6.4.28A B, C"`` -> ["6.4.28 A", "6.4.28 B", "6.4.28 C"]; ``"6.4.21C"`` ->
    ["6.4.21 C"]; ``"6.4.5"`` -> ["6.4.5"]; RHA ``"605 (b)"`` stays as it is."""
    m = re.fullmatch(r"(\d+(?:\.\d+)+)\s*([A-Z](?:\s*,?\s*[A-Z])*)?", rule.strip())
    if not m:
        return [rule.strip()] if rule.strip() else []
    base, letters = m.group(1), m.group(2)
    if not letters:
        return [base]
    return [f"{base} {x}" for x in re.findall(r"[A-Z]", letters)]


def _class_minutes(classes: list[PenaltyClass]) -> dict[str, PenaltyClass]:
    return {c.name: c for c in classes}


def _timing(parts: CodeParts, classes: dict[str, PenaltyClass], sheet: dict[str, PenaltyClass] | None = None
            ) -> tuple[float | None, tuple[float, ...], tuple[tuple[float, ...], ...]]:
    """Minutes served for a call: printed minutes where the code has them, else the ruleset's class
    durations (a double minor is two minors; a match penalty's time portion counts); a tournament
    sheet's class durations (``sheet``) before both.  Returns the total, the other allowed totals (RHA
    "1:30 or 2": (2.0,)), and each part's allowed minutes."""
    per_part: list[tuple[float, ...]] = []
    for p in parts.parts:
        own = (sheet or {}).get("minor" if p.kind == "double minor" else p.kind)
        if p.minutes is not None and (own is None or own.minutes is None):
            per_part.append((p.minutes,))
            continue
        cls = own if own is not None and own.minutes is not None else classes.get(
            "minor" if p.kind == "double minor" else p.kind)
        if cls is None or cls.minutes is None or p.kind not in TIMED + ("match",):
            per_part.append(())
            continue
        factor = 2 if p.kind == "double minor" else 1
        per_part.append(tuple(factor * v for v in (cls.minutes, *cls.alt_minutes)))
    timed = [p for p in per_part if p]
    if not timed:
        return None, (), tuple(per_part)
    width = max(len(p) for p in timed)
    totals = [sum(p[min(i, len(p) - 1)] for p in timed) for i in range(width)]
    return totals[0], tuple(totals[1:]), tuple(per_part)


def _resolve(index, rid: str, rule: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    found, missing = [], []
    for ref in split_rule_refs(rule):
        c = index.lookup(rid, ref)
        if c is None:
            missing.append(ref)
        elif c.id not in found:
            found.append(c.id)
    return tuple(found), tuple(missing)


_ROW_PATTERNS = (
    _LazyRegex(rf"({RULE_PATTERN})\s+({CODE_PATTERN})"),
    _LazyRegex(rf"({RULE_PATTERN})()"),
    _LazyRegex(r"(\d+(?:\.\d+)+)\s+(.+)"),
)


def _split_row(rest: str) -> tuple[str, str | None] | None:
    """Split a row's "rule code" tail ("6.4.30 C MP", "6.4.28A B, C MP", "6.4.35",
    "6.4.25 Face off report to authority") into the rule as printed and the code (or None)."""
    for pattern in _ROW_PATTERNS:
        m = pattern.fullmatch(rest)
        if m:
            return m.group(1), (m.group(2) or None)
    return None


def _index_rows(index, rid: str, classes: list[PenaltyClass]) -> list[Infraction]:
    by_name = _class_minutes(classes)
    kinds = {c.minutes: c.name for c in classes if c.minutes is not None and not c.alt_minutes
             and c.name in ("minor", "major", "misconduct")}
    out: list[Infraction] = []
    for c in index.by_ruleset(rid):
        if c.kind != "table-row":
            continue
        desc = c.title
        rest = c.text[len(desc):].strip() if c.text.startswith(desc) else c.text
        split = _split_row(rest)
        if split is None:
            continue
        rule, code = split
        parts = parse_code(code, kinds or None) if code else CodeParts("", ())
        minutes, alt, per_part = _timing(parts, by_name)
        severe = desc.rstrip().endswith("*")
        name = desc.rstrip(" *").strip()
        found, missing = _resolve(index, rid, rule)
        out.append(Infraction(
            ruleset=rid, infraction=name, rule=rule, code=code, parts=parts, minutes=minutes,
            alt_minutes=alt, part_minutes=per_part, severe=severe, clause_id=found[0] if found else None,
            unresolved=bool(missing), clause_ids=found, missing_refs=missing, detail=c.text,
            source="index", row_id=c.id))
    return out


def _title_case(title: str) -> str:
    small = {"of", "and", "or", "the", "to", "with", "a", "an", "in", "on", "for", "by"}
    title = re.sub(r"(\w) S\b", r"\1's", title)   # "OPPONENT S STICK" (a lost apostrophe)
    words = title.lower().split()
    return " ".join(w if (i and w in small) else w[:1].upper() + w[1:] for i, w in enumerate(words))


_LABEL = _LazyRegex(r"^([A-Z][\w/ -]{2,40}?):\s")
_NAMED_PENALTY = _LazyRegex(r"(?:^|\ban?\s+)(?:\d+\s+minute\s+)?([A-Za-z][a-z]+(?:\s+[a-z]+){0,3}?)\s+penalty\b")
_NOT_A_NAME = {"regular", "additional", "further", "subsequent", "same", "other", "any", "time", "first"}
_TRAILING = {"the", "of", "a", "an", "to", "on", "in", "their", "his", "her", "by", "at", "or", "and"}


#: The act a penalty sentence is imposed for, when it names no infraction otherwise.
_IMPOSED_FOR = _LazyRegex(r"\b(?:imposed|assessed|called|given)\s+(?:for|on\s+(?:any|a|the)\s+player\s+who)\s+"
                          r"(?P<x>[a-z][a-z' -]{2,40}?)\s*(?:[.,;]|$)", re.I)


def _text_name(index, clause, sentence: str) -> str:
    """The infraction's name: the title of the clause or of its rule ("SLASHING" -> "Slashing"),
    else the text's own label ("Hooking: ..."), else the penalty's own name ("delay of game penalty"),
    else what the text says it is "called", else the subject of the clause's first sentence."""
    for c in [clause, *index.ancestors(clause)]:
        if c.kind == "section":
            break
        if c.kind in ("rule", "paragraph") and c.title:
            return _title_case(c.title) if c.title.isupper() else c.title
        m = _LABEL.match(c.text)
        if m and len(m.group(1).split()) <= 4:
            return m.group(1).strip()
    for m in _NAMED_PENALTY.finditer(sentence):
        words = m.group(1).split()
        if words[0].lower() not in _NOT_A_NAME and _norm_name(m.group(1)) not in CLASS_NAMES \
                and not re.search(_CLASS_ALT, m.group(1), re.I):
            return m.group(1).strip().capitalize()
    m = re.search(r"\bcalled\s+(?:as\s+)?(?:an?\s+)?([a-z][a-z-]+(?:\s+[a-z-]+)?)\s*[.,]", sentence, re.I)
    if m:
        return m.group(1).strip().capitalize()
    # "A minor penalty shall be imposed for body checking.", "... on any player who checks from behind."
    m = _IMPOSED_FOR.search(sentence)
    if m:
        return m.group("x").strip().capitalize()
    first = _sentences(clause.text)[0] if clause.text else sentence
    subject = re.split(r"\s+(?:will|shall|can|may|is|are|must)\b|\s*[(:]", first, maxsplit=1)[0]
    subject = re.sub(r"^(?:any|a|the)\s+(?:player|team|goalie|goaltender)s?\s+(?=\w+ing\b)", "", subject, flags=re.I)
    words = subject.split()[:8]
    while words and words[-1].lower() in _TRAILING:
        words.pop()
    name = " ".join(words).strip(" ,.:")
    return (name[:1].upper() + name[1:]) if name else clause.number


# ------------------------------------------------------------------------------------------ penalty lists

#: A length as a penalty list prints it: "90 sec", "90s", "2 min", "4 minutes", "1:30", "2'".
_LIST_DURATION = r"(?:\d{1,2}:\d{2}|\d{1,3}(?:\.\d+)?\s*(?:seconds?|secs?|s|minutes?|mins?|m|')(?![\w']))"
#: One penalty of a list line's call: a length, a class ("major", "Match penalty", "a game misconduct")
#: with its length before or after it ("4 min major", "2 minor", "minor of 2 minutes", "major (5 min)").
_LIST_PART = (rf"(?:(?P<before>{_LIST_DURATION}|\d{{1,2}})\s*-?\s*)?(?:an?\s+)?(?P<cls>{_CLASS_ALT})"
              rf"(?:\s+penalt(?:y|ies))?(?:\s+(?:of\s+)?(?P<after>{_LIST_DURATION})|\s*\((?P<paren>{_LIST_DURATION})\))?"
              rf"|(?P<alone>{_LIST_DURATION}|\d{{1,2}}(?=\s*(?:\+|&|\band\b|\bplus\b)))")  # "5 + game": minutes
_LIST_JOIN = r"\s*(?:\+|&|,|\band\b|\bplus\b|\bwith\b)\s*"
_LIST_PART_ANY = re.sub(r"\(\?P<\w+>", "(?:", _LIST_PART)  # the same, without group names, to repeat
#: One call of a list line: penalties joined by "+", "and", "plus", "with", "&" or "," ("4 min major +
#: game misconduct"); alternatives ("minor or major") and a closing note in brackets ("Match penalty
#: (suspension for next game)") are split off first (:func:`_list_call`).
_LIST_CALL = _LazyRegex(rf"(?P<parts>(?:{_LIST_PART_ANY})(?:{_LIST_JOIN}(?:{_LIST_PART_ANY}))*)\s*[.;]?", re.I)
_LIST_ONE_PART = _LazyRegex(_LIST_PART, re.I)
#: "+ game", "and a game": the game misconduct as officials shorten it.
_PLUS_GAME = re.compile(r"((?:\+|&|\band\b|\bplus\b)\s*(?:an?\s+)?)game\b(?!\s+(?:misconduct|ejection))", re.I)
#: An infraction's name as a list line gives it: one to six words of letters ("Tripping", "Checking
#: from behind", "Too many men", "Cross-checking"), then the separator: a dash between spaces, a colon,
#: a run of dots (a dot leader), a tab, or only space when the call starts with a length ("Unsportsmanlike
#: conduct    1:30", whose run of spaces the clause text keeps as one).
_LIST_LINE = _LazyRegex(
    r"(?P<name>[A-Za-z][\w'’/&-]*(?:\s+[A-Za-z][\w'’/&-]*){0,5}?)"
    r"(?:\s*(?:\.{2,}|…+)\s*|\s*:\s+|\s+[-–—]{1,2}\s+|[ ]*\t[ \t]*|\s+(?=\d))(?P<call>\S.*)")
#: ... under a penalties heading, also only space before a penalty class ("Fighting Match", "Abuse of
#: officials Game misconduct").
_LIST_LINE_SPACED = _LazyRegex(
    rf"(?P<name>[A-Za-z][\w'’/&-]*(?:\s+[A-Za-z][\w'’/&-]*){{0,5}}?)\s+(?=(?:{_CLASS_ALT})\b)(?P<call>\S.*)", re.I)
#: Words that make a would-be name a sentence ("Minor penalties are 90 seconds", "Overtime will be 5 min").
_LIST_VERB = _LazyRegex(r"\b(?:is|are|was|were|be|been|will|shall|must|may|can|should|could|would|gets?|has|"
                        r"have|lasts?|means?|takes?)\b", re.I)
#: Headings over a list of penalties ("PENALTIES", "Infractions", "Fouls and calls").
_PENALTY_HEADING = _LazyRegex(r"\b(?:penalt|infraction|fouls?\b)", re.I)
#: ... and a rule that announces one ("6. Penalties are as follows:"; not "Penalty shots are taken as
#: follows:").
_PENALTY_LIST_WORD = _LazyRegex(r"\b(?:penalt(?:y|ies)\b(?!\s+(?:shots?|box|kill|bench|time|timekeeper)\b)"
                                r"|infractions?\b|fouls?\b)", re.I)


def _list_minutes(token: str) -> float:
    """A list line's length in minutes: ``"1:30"`` -> 1.5, ``"90 sec"`` -> 1.5, ``"4 min"`` -> 4.0,
    ``"2'"`` and a bare ``"2"`` (before a class: "2 minor") -> 2.0."""
    token = token.strip().lower()
    if ":" in token:
        return _minutes(token)
    m = re.match(r"(\d+(?:\.\d+)?)\s*([a-z']*)", token)
    value = float(m.group(1))
    return value / 60 if m.group(2).startswith("s") else value


def list_line_call(line: str, kind_of_minutes=None, in_penalty_list: bool = False
                   ) -> tuple[str, list[CodeParts]] | None:
    """``(infraction, calls)`` for one line of a sheet's penalty list, or None for any other text;
    ``calls`` holds one call, or each alternative of "minor or major", with the line's closing note in
    brackets as each call's ``note``.

    The shape is ``INFRACTION <separator> CALL``: the infraction one to six words naming no penalty
    class and with no verb (:data:`_LIST_LINE`, :data:`_LIST_VERB`), the separator a dash between
    spaces, a colon, a dot leader, or space before a length, and the call nothing but penalties
    (:data:`_LIST_CALL`): classes and lengths joined by "+" / "and", with a closing note in brackets.
    From the Summer Slam sheet: ``"Tripping - 90 sec"``, ``"Tripping ........ 90 sec"``, ``"Fighting -
    Match penalty (suspension for next game)"`` (note "suspension for next game"), ``"Checking from
    behind : 4 min major + game misconduct"`` (major of 4 + game misconduct), ``"Unsportsmanlike conduct
    1:30"``; "Boarding: minor or major" gives two calls.  A sentence ("Minor penalties are 90 seconds",
    "Overtime: 5 minute sudden death") is none.

    A call that is only a length ("90 sec") names no class: it counts only ``in_penalty_list`` (the
    line is under a heading about penalties; "Halftime - 2 min" elsewhere is no penalty), and
    ``kind_of_minutes(minutes)`` says which class has that length (the sheet's "Minor penalties are 90
    seconds": a minor), else it is a plain "penalty" of that length.  A "match" must be called a
    match penalty ("Jerseys: match" is none)."""
    m = _LIST_LINE.fullmatch(line.strip())
    if m is None and in_penalty_list:
        # a table whose tabs the clause text keeps as a space ("Fighting<TAB>Match" read "Fighting Match")
        m = _LIST_LINE_SPACED.fullmatch(line.strip())
    if m is None:
        return None
    name, call = m.group("name").strip(), m.group("call").strip()
    if _LIST_VERB.search(name) or re.search(_CLASS_ALT, name, re.I) or re.search(r"penalt", name, re.I):
        return None
    return _list_call(name, call, kind_of_minutes, in_penalty_list)


def _list_call(name: str, call: str, kind_of_minutes, in_penalty_list: bool
               ) -> tuple[str, list[CodeParts]] | None:
    """The ``(name, calls)`` of :func:`list_line_call` once the line is split, or None when ``call``
    is not wholly a call (or alternatives of one, split by "or")."""
    note = re.search(r"\s*\(([^()]{1,80})\)\s*[.;]?$", call)
    if note and re.fullmatch(_LIST_DURATION, note.group(1).strip(), re.I):
        note = None  # "major (5 min)": the length in brackets is part of the call
    head = call[:note.start()] if note else call
    said = note.group(1).strip() if note else ""
    if note is None and _list_parts(head, kind_of_minutes, in_penalty_list) is None:
        # a call, then what else it brings ("Match penalty and the player is out for the tournament"):
        # the call, the rest its note; a rest that names a penalty is a second call, never a note
        more = _CALL_THEN_MORE.match(head)
        first = _LIST_ONE_PART.search(more.group(1)) if more else None
        if (first is not None and first.group("cls") and not re.search(rf"{_CLASS_ALT}|penalt", more.group(2), re.I)
                and _list_parts(more.group(1), kind_of_minutes, in_penalty_list) is not None):
            head, said = more.group(1), more.group(2).strip(" .;")
    calls: list[CodeParts] = []
    for alt in re.split(r"\s+or\s+", head, flags=re.I):
        parts = _list_parts(alt, kind_of_minutes, in_penalty_list)
        if parts is None:
            return None
        calls.append(replace(parts, note=said) if said else parts)
    return name, calls


#: A call followed by what else it brings: "Match penalty and the player is out for the tournament",
#: "Major, plus a suspension".
_CALL_THEN_MORE = re.compile(r"(.+?)(?:\s*[,;]\s*(?:and\s+|plus\s+|with\s+)?|\s+(?:and|plus|with)\s+)"
                             r"((?:the|a|an|he|she|they|his|her|their|player|is|will|must|automatic|suspension"
                             r"|suspended|out)\b.{3,80})$", re.I)


def _list_parts(call: str, kind_of_minutes, in_penalty_list: bool) -> CodeParts | None:
    """One call of a list line ("4 min major + game misconduct") taken apart, or None.  "game" after a
    "+" or "and" is a game misconduct ("5 + game", "major and a game")."""
    call = _PLUS_GAME.sub(r"\1game misconduct", call)
    cm = _LIST_CALL.fullmatch(call)
    if cm is None:
        return None
    parts: list[PenaltyPart] = []
    for pm in _LIST_ONE_PART.finditer(cm.group("parts")):
        if pm.group("cls"):
            kind = _norm_name(pm.group("cls"))
            if kind.startswith("penalty shot"):
                kind = "penalty shot"
            if kind == "match" and "penalt" not in pm.group(0).lower() and not in_penalty_list:
                return None  # "Jerseys: match"; under a penalties heading "Fighting - match" is one
            printed = pm.group("before") or pm.group("after") or pm.group("paren")
            parts.append(PenaltyPart(kind, _list_minutes(printed) if printed else None))
        else:
            if not in_penalty_list:
                return None
            mins = _list_minutes(pm.group("alone"))
            parts.append(PenaltyPart((kind_of_minutes(mins) if kind_of_minutes else None) or "penalty", mins))
    return CodeParts("", tuple(parts)) if parts else None


#: The classes a length alone can stand for, in the order they are tried (a bench or double minor is
#: always named as such).
_LENGTH_KINDS = ("minor", "major", "misconduct", "penalty")


def _kind_of_minutes(*class_sets: dict[str, PenaltyClass]):
    """A function giving the class a length belongs to, from the first of ``class_sets`` (a sheet's
    own classes, then those of the rules under it) that has a class of that length (minor before
    major before misconduct), or None."""
    def kind(minutes: float) -> str | None:
        for classes in class_sets:
            for name in _LENGTH_KINDS:
                pc = classes.get(name)
                if pc is not None and pc.minutes is not None and any(
                        abs(v - minutes) < 1e-6 for v in (pc.minutes, *pc.alt_minutes)):
                    return name
        return None
    return kind


def _list_infractions(index, c, by_name: dict[str, PenaltyClass],
                      base: dict[str, PenaltyClass] | None) -> list[Infraction]:
    """The infraction a list line (a bullet, a numbered item) of a sheet names with its call
    (:func:`list_line_call`), one record per alternative, timed by the lengths it prints, else by the
    sheet's classes, else by those of the rules under it; [] for any other clause.  An item whose title
    is the infraction and whose text is the call ("Tripping: 90 sec" read as title "Tripping" and text
    "90 sec") is one too."""
    if c.kind not in ("item", "rule", "paragraph") or len(c.text) > 160:
        return []
    in_list = any(_PENALTY_HEADING.search(a.title or "") for a in [c, *index.ancestors(c)]) or any(
        ends_announcing(a.text) and _PENALTY_LIST_WORD.search(a.text) for a in index.ancestors(c))
    kinds = _kind_of_minutes(by_name, base or {})
    found = list_line_call(c.text, kinds, in_list)
    if found is None and c.title and not _LIST_VERB.search(c.title) and len(c.title.split()) <= 6 \
            and not re.search(rf"{_CLASS_ALT}|penalt", c.title, re.I):
        found = _list_call(c.title, c.text.strip(), kinds, in_list)
    if found is None:
        return []
    name, calls = found
    out = []
    for parts in calls:
        printed = {p.kind for p in parts.parts if p.minutes is not None}
        own = {k: v for k, v in by_name.items() if k not in printed}  # a length the line prints is the length
        minutes, alt_m, per_part = _timing(parts, base, own) if base else _timing(parts, own)
        out.append(Infraction(
            ruleset=c.ruleset, infraction=name[:1].upper() + name[1:], rule=c.number, code=None, parts=parts,
            minutes=minutes, alt_minutes=alt_m, part_minutes=per_part, severe=False, clause_id=c.id,
            clause_ids=(c.id,), detail=c.text, source="text"))
    return out


def _excluded_sections(index, rid: str, class_clauses: set[str]) -> set[str]:
    """Sections that define the penalty classes themselves (RHA "SECTION IV - PENALTIES", which lists
    "the following classes"): their sentences describe penalties in general, not infractions."""
    out: set[str] = set()
    for c in index.by_ruleset(rid):
        if re.search(r"following classes", c.text, re.I):
            for a in index.ancestors(c):
                if a.kind == "section":
                    out.add(a.id)
                    break
    return out


def _text_infractions(index, rid: str, classes: list[PenaltyClass],
                      base: dict[str, PenaltyClass] | None = None) -> list[Infraction]:
    """The infractions a ruleset's rule sentences impose a penalty for ("A minor penalty shall be imposed
    on ...", "... results in a minor penalty", a sheet's "Slew footing is a major penalty") or its
    penalty list gives a call ("- Tripping - 90 sec", :func:`_list_infraction`), timed by its class
    lengths, and for a tournament sheet by those of the rules under it (``base``) where it sets none."""
    by_name = _class_minutes(classes)
    generic = _generic_kind(classes)
    class_clauses = {cid for c in classes if c.defined for cid in c.clause_ids}
    excluded = _excluded_sections(index, rid, class_clauses)
    out: list[Infraction] = []
    for c in index.by_ruleset(rid):
        if c.kind in ("document", "table-row", "signal", "text", "definition") or not c.text:
            continue
        if c.kind == "section" and index.children(c):
            continue  # a heading over rules; a sheet's section with only text of its own is a rule ("4. Checking")
        if c.id in class_clauses or any(a.id in excluded for a in index.ancestors(c)):
            continue
        listed = _list_infractions(index, c, by_name, base)
        if listed:
            out.extend(listed)
            continue
        found_any = False
        for s in _sentences(c.text):
            modal = _MODAL.search(s)
            if not (modal or _RESULTS_IN.search(s) or _IS_A_PENALTY.search(s)):
                continue
            if modal and modal.group(2):          # "will not ...", "shall not ..."
                continue
            if not (_IMPOSE.search(s) or _IS_A_PENALTY.search(s)):
                continue
            for alt in parts_from_text(s, generic):
                minutes, alt_m, per_part = _timing(alt, base, by_name) if base else _timing(alt, by_name)
                out.append(Infraction(
                    ruleset=rid, infraction=_text_name(index, c, s), rule=c.number, code=None,
                    parts=alt, minutes=minutes, alt_minutes=alt_m, part_minutes=per_part,
                    severe=False, clause_id=c.id,
                    clause_ids=(c.id,), detail=s, source="text"))
                found_any = True
        # A rule listed under a "Penalties" heading that names an infraction without saying which
        # penalty (ball hockey 29 "Interference: ...") carries the ruleset's plain penalty.
        if (not found_any and c.kind == "rule" and generic == "penalty"
                and any(a.kind == "section" and re.match(r"penalt", a.title, re.I) for a in index.ancestors(c))
                and (re.match(r"^[A-Z][\w/ -]{2,40}?:\s", c.text) or re.search(r"\bcalled\b", c.text))):
            parts = CodeParts("", (PenaltyPart("penalty"),))
            minutes, alt_m, per_part = _timing(parts, by_name)
            s = _sentences(c.text)[0]
            out.append(Infraction(
                ruleset=rid, infraction=_text_name(index, c, s), rule=c.number, code=None, parts=parts,
                minutes=minutes, alt_minutes=alt_m, part_minutes=per_part, severe=False, clause_id=c.id, clause_ids=(c.id,),
                detail=s, source="text"))
    return out


# ------------------------------------------------------------------------------------------ cache

_CODE_DIGEST: str | None = None


def _code_digest() -> str:
    """Digest of the code that builds the penalty index (part of the cache key)."""
    global _CODE_DIGEST
    if _CODE_DIGEST is None:
        from rulebot import derived
        from rulebot.corpus import annex

        _CODE_DIGEST = derived.files_digest(__file__, annex.__file__)
    return _CODE_DIGEST


def _build_all(index) -> dict[str, tuple[list[PenaltyClass], list[Infraction], list[tuple]]]:
    from rulebot.layering import layer_chain

    out = {}
    classes_of = {rid: _build_classes(index, rid) for rid in index.rulesets}
    for rid in index.rulesets:
        classes = classes_of[rid]
        rows = _index_rows(index, rid, classes)
        # a tournament sheet's penalties it gives no length for are as long as in the rules under it
        base = {name: pc for under in reversed(layer_chain(index, rid)[1:])
                for name, pc in _class_minutes(classes_of.get(under, [])).items() if pc.minutes is not None}
        infs = rows if rows else _text_infractions(index, rid, classes, base or None)
        out[rid] = (classes, infs, [_doc_terms(i, _clause_text(index, i)) for i in infs])
    return out


def _data(index) -> dict[str, tuple[list[PenaltyClass], list[Infraction], list[tuple]]]:
    """Classes, infractions and the infractions' search terms of every ruleset, built once per
    index (and cached on disk, see :mod:`rulebot.derived`)."""
    from rulebot import derived

    key = derived.index_fingerprint(index) + _code_digest()
    data = derived.cached("penalties", key, lambda: _build_all(index), index)
    for _classes, infs, terms in data.values():
        if infs and infs[0] not in _TERMS:
            _TERMS.update(zip(infs, terms))
    return data


def penalty_classes(index, ruleset: str | None = None) -> list[PenaltyClass]:
    """The penalty categories of ``ruleset`` (or of every ruleset, in index order), each citing the
    clause it is defined in.  Unknown ruleset ids give []."""
    data = _data(index)
    rids = [ruleset] if ruleset is not None else list(data)
    return [c for rid in rids if rid in data for c in data[rid][0]]


def infractions(index, ruleset: str | None = None) -> list[Infraction]:
    """Infractions with their penalties: a ruleset's penalty index rows where it has one (FIRS Annex
    C), else the penalty-imposing sentences of its rules.  Document order; unknown ids give []."""
    data = _data(index)
    rids = [ruleset] if ruleset is not None else list(data)
    return [i for rid in rids if rid in data for i in data[rid][1]]


# ------------------------------------------------------------------------------------------ search

_STOP = {
    "a", "an", "the", "of", "for", "in", "on", "to", "is", "it", "what", "whats", "s", "and", "or", "by",
    "with", "does", "do", "get", "gets", "i", "he", "she", "they", "his", "her", "their", "that", "this",
    "penalty", "penalties", "call", "called", "rule", "rules", "which", "when", "how", "who", "be",
    "give", "given", "player", "someone", "somebody", "at", "from", "under", "about", "if", "my",
    "firs", "rha", "ball", "hockey", "youth", "cup", "u9", "you", "much", "long", "many", "minutes",
}

def _stem(word: str) -> str:
    from rulebot.search.text import snowball

    return snowball(word)


def _terms(text: str) -> list[str]:
    words = re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))
    return [_stem(w) for w in words if w not in _STOP]


_TERMS: dict[Infraction, tuple[frozenset, frozenset, frozenset]] = {}


def _clause_text(index, inf: Infraction) -> str:
    """The text of the clause an infraction comes from ("" for none)."""
    clause = index.get(inf.clause_id) if inf.clause_id else None
    return clause.text if clause is not None else ""


def _doc_terms(inf: Infraction, text: str = "") -> tuple[frozenset, frozenset, frozenset]:
    """(name, body, penalty) term sets of an infraction, computed once; the body is its penalty sentence
    and ``text``, the whole clause it comes from (RHA 642 (c) "... by tripping. This includes ... slew
    footing")."""
    hit = _TERMS.get(inf)
    if hit is None:
        if len(_TERMS) > 20000:
            _TERMS.clear()
        hit = (frozenset(_terms(inf.infraction)), frozenset(_terms(f"{inf.detail} {text}")),
               frozenset(_terms(inf.penalty)))
        _TERMS[inf] = hit
    return hit


def listed_for(index, ruleset: str | None, own: bool = True) -> str | None:
    """The ruleset whose infractions stand for ``ruleset``: itself, or for a tournament sheet with none
    of its own the first rulebook under it that has some (its calls come from there); None for None.
    ``own=False`` skips the sheet's own infractions (for one the sheet does not name)."""
    from rulebot.layering import layer_chain

    if ruleset is None or (own and infractions(index, ruleset)):
        return ruleset
    return next((rid for rid in layer_chain(index, ruleset)[1:] if infractions(index, rid)), ruleset)


def with_sheet_lengths(index, infs: list[Infraction], sheet_id: str) -> list[Infraction]:
    """``infs`` (a base rulebook's infractions listed for a tournament sheet layered over it) with the
    sheet's class durations where it sets them ("Minor penalties are 90 seconds": FIRS boarding "2 min"
    becomes "1:30 min"); unchanged when the sheet sets none."""
    sheet = _class_minutes([pc for pc in penalty_classes(index, sheet_id) if pc.minutes is not None])
    if not sheet:
        return infs
    out = []
    for inf in infs:
        minutes, alt, per_part = _timing(inf.parts, _class_minutes(penalty_classes(index, inf.ruleset)), sheet)
        out.append(replace(inf, minutes=minutes, alt_minutes=alt, part_minutes=per_part))
    return out


def search_listed(index, query: str | None, ruleset: str | None, code: str | None = None,
                  limit: int | None = None) -> tuple[list[tuple[Infraction, float]], str | None]:
    """:func:`search_penalties` for what a user lists under ``ruleset``, and the ruleset the rows come
    from: a tournament sheet's own infractions; its base's (:func:`listed_for`) when it has none, or
    none matching ``query`` ("tripping" at a sheet that only adds a slapshot minor), in the sheet's
    penalty lengths (:func:`with_sheet_lengths`)."""
    listed = listed_for(index, ruleset)
    hits = search_penalties(index, query, listed, code, limit)
    if not hits and query and listed == ruleset and ruleset is not None:
        base = listed_for(index, ruleset, own=False)
        if base != ruleset:
            listed, hits = base, search_penalties(index, query, base, code, limit)
    if listed != ruleset:
        infs = with_sheet_lengths(index, [i for i, _ in hits], ruleset)
        hits = list(zip(infs, [score for _, score in hits]))
    return hits, listed


#: A penalty-search result scoring under this share of the best is left out.
RELATIVE_CUT = 0.4
SYNONYM_SHARE = 0.5


def search_penalties(index, query: str | None = None, ruleset: str | None = None,
                     code: str | None = None, limit: int | None = None) -> list[tuple[Infraction, float]]:
    """Infractions matching ``query`` (words of the infraction name, penalty, and the rule text),
    best first, as ``(infraction, score)`` pairs; score in 0..1 (not comparable across queries); those
    under :data:`RELATIVE_CUT` of the best score are left out.

    ``ruleset`` keeps one ruleset; ``code`` keeps calls that include every part of that code
    ("5'+GM" -> major and game misconduct; "MP" -> match; also category words: "major").  With no
    query every matching infraction is returned in document order with score 0.  ``limit`` caps the
    list.  Raises :class:`rulebot.errors.UsageError` for an unknown ruleset or an empty code.
    """
    from rulebot.errors import UsageError

    if ruleset is not None and ruleset not in index.rulesets:
        raise UsageError(f"unknown ruleset {ruleset!r} (known: {', '.join(index.rulesets)})")
    pool = infractions(index, ruleset)
    if code is not None:
        want = _code_kinds(code)
        if not want:
            raise UsageError(f"not a penalty code or category: {code!r}")
        pool = [i for i in pool if want <= set(i.parts.kinds) | {k.replace("double ", "") for k in i.parts.kinds}]
    if not query or not query.strip():
        return [(i, 0.0) for i in pool][:limit]
    q = _terms(query)
    if not q:
        return [(i, 0.0) for i in pool][:limit]
    q_kinds = _code_kinds(query, loose=True)
    df: dict[str, int] = {}
    docs = []
    for inf in pool:
        name, body, label = _doc_terms(inf, _clause_text(index, inf))
        docs.append((inf, name, body, label))
        for t in name | body | label:
            df[t] = df.get(t, 0) + 1
    alt: set[str] = set()
    if not any(set(q) <= name for _, name, _, _ in docs):
        # no infraction is named so: the synonym list's other names for it ("diving" -> embellishment,
        # "too many men" -> FIRS's Illegal Substitution) count at SYNONYM_SHARE of the query's own words
        from rulebot.search.text import load_synonyms, words

        alt = {t for phrase in load_synonyms().expansions(words(query)) for t in _terms(phrase)} - set(q)
    n = max(len(pool), 1)
    idf = {t: math.log(1 + n / (1 + df.get(t, 0))) for t in set(q) | alt}
    total = sum(idf[t] for t in set(q)) or 1.0
    scored = []
    for inf, name, body, label in docs:
        s = 0.0
        for t in set(q) | alt:
            share = 1.0 if t in q else SYNONYM_SHARE
            if t in name:
                s += 1.0 * idf[t] * share
            elif t in body:
                s += 0.45 * idf[t] * share
            elif t in label:
                s += 0.35 * idf[t] * share
        s /= total
        if q_kinds and q_kinds <= set(inf.parts.kinds):
            s += 0.15
        # a name that the query covers completely ranks above one it only touches
        if name and name <= set(q):
            s += 0.2
        if s > 0:
            scored.append((inf, round(s, 4)))
    scored.sort(key=lambda x: -x[1])
    if scored:
        # a clause that only mentions the infraction in passing ("three stick penalties (slashing,
        # spearing ...)") is no row for it when rows name it
        scored = [(i, s) for i, s in scored if s >= RELATIVE_CUT * scored[0][1]]
    return scored[:limit] if limit else scored


def _code_kinds(text: str, loose: bool = False) -> set[str]:
    """Categories named by a code ("5'+GM") or by words ("major", "game misconduct")."""
    t = text.strip()
    if not loose:
        parts = parse_code(t.upper() if re.fullmatch(r"[a-z]{2,3}", t) else t)
        if parts.parts:
            return set(parts.kinds)
    found = {_norm_name(m) for m in re.findall(_CLASS_ALT, t, re.I)}
    if loose:
        for letters, kind in CODE_LETTERS.items():
            if re.search(rf"(?<![A-Za-z]){letters}(?![A-Za-z])", t):
                found.add(kind)
    # "game misconduct" also contains "misconduct": keep the longer names only
    for long in list(found):
        for short in list(found):
            if short != long and short in long:
                found.discard(short)
    return found
