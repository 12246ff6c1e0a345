"""``rulebot quiz check``: validate question banks against the schema and against the clause index.

Checks, each reported as one :class:`rulebot.quiz.bank.Problem` (``path:line: message``):

1. the schema (:mod:`rulebot.quiz.bank`), with the line of the offending field;
2. the file name is ``<ruleset>-l<level>.yaml`` and agrees with the bank's ``ruleset`` and ``level``;
3. no question id is used twice, in one bank or across banks;
4. every cite resolves: the ruleset exists and ``index.lookup(ruleset, rule)`` finds a clause;
5. the cite's quote occurs in that clause's title or text, or in its unnumbered parts (bullets, notes:
   see :func:`rule_text`), case, whitespace, curly quotes and dashes aside; when it is elsewhere in the
   ruleset the message names the clause it is really in;
6. when every quote is where its cite says, the right answer is supported by the cited text: the ``key`` when given; else the answer's numbers
   (digits or words: "20" also as "twenty", so "twenty (20)" matches) or, for an answer without
   numbers, its words (compared by Snowball stem: every content word of a term of up to three,
   two thirds of a longer answer's; see :func:`missing_words`).  True/false
   questions without a ``key`` rest on their quotes alone.

``index`` is any object with ``rulesets`` (a mapping of ruleset ids), ``lookup(ruleset, number)``
returning a clause or None, ``get(clause_id)``, and ``by_ruleset(ruleset_id)`` returning that ruleset's
clauses (objects with ``id``, ``number``, ``title``, ``text``, ``kind``, ``parent`` and ``children``): :class:`rulebot.corpus.ClauseIndex`, or a fake.
"""

from __future__ import annotations

import math
import os
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rulebot.quiz.bank import BANK_NAME, Bank, Problem, Question, bank_files, read_bank

# --------------------------------------------------------------------------------------------------
# Text matching

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "`": "'", "\u00b4": "'",
                         "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2032": "'", "\u2033": '"',
                         "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
                         "\u2212": "-", "\u00ad": None, "\u00a0": " "})


def normalise(text: str) -> str:
    """Text for comparison: NFKC, case-folded, curly quotes and dashes made plain, soft hyphens
    dropped, runs of whitespace made one space."""
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold()
    return " ".join(text.split())


_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
          "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def number_words(n: int) -> list[str]:
    """English words for 0-100 (``21`` -> ``["twenty-one", "twenty one"]``); [] outside that range."""
    if 0 <= n < 20:
        return [_UNITS[n]]
    if 20 <= n < 100:
        tens, unit = divmod(n, 10)
        if not unit:
            return [_TENS[tens]]
        return [f"{_TENS[tens]}-{_UNITS[unit]}", f"{_TENS[tens]} {_UNITS[unit]}"]
    if n == 100:
        return ["one hundred", "hundred"]
    return []


_WORD_VALUES = {word: n for n in range(101) for word in number_words(n) if n != 100}
_WORD_VALUES.update({"hundred": 100, "one hundred": 100, "a hundred": 100, "half": 0.5, "once": 1,
                     "twice": 2, "single": 1, "double": 2, "dozen": 12})


def number_occurs(value: float, text: str) -> bool:
    """True when ``value`` is written in the normalised ``text`` as digits (``20``, ``20'``, ``20:00``
    not ``120`` or ``2.0``) or, for whole numbers up to 100, as words (``twenty``)."""
    if float(value).is_integer():
        n = int(value)
        digits = [str(n)]
    else:
        digits = [f"{value:g}", f"{value:g}".replace(".", ",")]
        n = None
    for d in digits:
        if re.search(rf"(?<![\d.,]){re.escape(d)}(?![\d]|[.,]\d)", text):
            return True
    if n is not None:
        for word in number_words(n):
            pattern = r"[\s-]+".join(re.escape(part) for part in re.split(r"[\s-]", word))
            if re.search(rf"\b{pattern}\b", text):
                return True
    return False


def numbers_in(text: str) -> list[float]:
    """The numbers an answer states, as digits or words (``"Four skaters"`` -> ``[4.0]``,
    ``"2 minutes"`` -> ``[2.0]``), in order; rule-like numbers ``6.4.21`` are kept whole and skipped."""
    norm = normalise(text)
    out: list[float] = []
    for match in re.finditer(r"(?<![\w.])\d+(?:\.\d+)*(?![\w])", norm):
        token = match.group(0)
        if token.count(".") <= 1:
            out.append(float(token))
    for compound in re.findall(r"[a-z]+(?:-[a-z]+)*", norm):
        # "twenty-one" is one number; "two-minute" states two
        parts = [compound] if compound in _WORD_VALUES else compound.split("-")
        for word in parts:
            if word in _WORD_VALUES and word not in ("single", "double", "once", "half"):
                out.append(float(_WORD_VALUES[word]))
    return out


_STOP = set("""a an and are as at be been but by can do does for from had has have he her his if in into is it
its may must no nor not of off on one only or other our out shall should so such than that the their them then
there these they this those to too under up upon was we were what when where which while who whom will with
within without would you your any all each every both either neither more most less least very after before
during between over also""".split())


def content_words(text: str) -> list[str]:
    """The words of ``text`` that carry its meaning (3+ letters, not a stop word, not a number)."""
    words = re.findall(r"[a-z][a-z']+", normalise(text))
    return [w.strip("'") for w in words if len(w) >= 3 and w not in _STOP and w not in _WORD_VALUES]


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@lru_cache(maxsize=256)
def _stems(text: str) -> frozenset[str]:
    return frozenset(_stemmer().stemWords(re.findall(r"[a-z0-9]+", text)))


def word_occurs(word: str, text: str) -> bool:
    """True when ``word`` or another form of it (same Snowball stem: ``penalty``/``penalties``,
    ``goaltender``/``goaltenders``) is a word of the normalised ``text``."""
    return _stemmer().stemWord(word.lower()) in _stems(text)


#: An answer of more content words than this is supported when two thirds of them occur.
TERM_WORDS = 3


def missing_words(answer: str, text: str) -> list[str]:
    """The content words of ``answer`` not in ``text`` when too few occur: all must occur for a term
    of up to :data:`TERM_WORDS` words, two thirds for a longer answer; [] when supported."""
    words = list(dict.fromkeys(content_words(answer)))
    missing = [w for w in words if not word_occurs(w, text)]
    if len(words) > TERM_WORDS and len(words) - len(missing) >= math.ceil(2 * len(words) / 3):
        return []
    return missing


# --------------------------------------------------------------------------------------------------
# The check


@dataclass
class CheckReport:
    """What :func:`check_banks` found: the problems (in file and line order), the banks that loaded,
    and how many questions were checked."""

    problems: list[Problem] = field(default_factory=list)
    banks: list[Bank] = field(default_factory=list)
    questions: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


def check_banks(paths: Iterable[str | os.PathLike] | None, index: Any | None, *,
                extra: Sequence[Question] = ()) -> CheckReport:
    """Check the banks in ``paths`` (files or folders; None: the embedded banks) and the ``extra``
    questions (e.g. generated ones) against ``index`` (None: schema and id checks only).

    Raises :class:`rulebot.errors.NotFoundError` for a path that does not exist; every problem with
    the banks themselves is returned in the report, never raised.
    """
    report = CheckReport()
    for source in bank_files(paths):
        bank, problems = read_bank(source)
        report.problems.extend(problems)
        if bank is not None:  # also one with an id given twice: its cites are checked too
            report.banks.append(bank)
            report.problems.extend(_check_name(source, bank))
    questions = [q for bank in report.banks for q in bank.questions] + list(extra)
    report.questions = len(questions)
    report.problems.extend(_duplicates(questions))
    if index is not None:
        for question in questions:
            report.problems.extend(check_question(question, index))
    order = {p.path: i for i, p in enumerate(report.problems)}
    report.problems.sort(key=lambda p: (order[p.path], p.line or 0))
    return report


def _check_name(source: Any, bank: Bank) -> list[Problem]:
    name = getattr(source, "name", str(source))
    match = BANK_NAME.match(name)
    if not match:
        return [Problem(bank.path, None, f"name the file <ruleset>-l<level>.yaml ({bank.ruleset}-l{bank.level}.yaml)")]
    problems = []
    if match["ruleset"] != bank.ruleset:
        problems.append(Problem(bank.path, bank.line_of_ruleset,
                                f"ruleset {bank.ruleset!r} does not match the file name ({match['ruleset']})"))
    if int(match["level"]) != bank.level:
        problems.append(Problem(bank.path, bank.line_of_level,
                                f"level {bank.level} does not match the file name (l{match['level']})"))
    return problems


def _duplicates(questions: Sequence[Question]) -> list[Problem]:
    """A problem for each question id used again in another bank (one bank's own are :func:`read_bank`'s)."""
    first: dict[str, Question] = {}
    problems = []
    for q in questions:
        if q.id in first and first[q.id].source != q.source:
            other = first[q.id]
            problems.append(Problem(q.source, q.line_of("id") or None,
                                    f"duplicate id {q.id!r} (also at {other.source}:{other.line_of('id')})"))
        elif q.id not in first:
            first[q.id] = q
    return problems


def check_question(question: Question, index: Any) -> list[Problem]:
    """The index problems of one question: cites that do not resolve, quotes not in their clause,
    an answer the cited text does not support.  See the module docstring."""
    problems: list[Problem] = []
    texts: list[str] = []
    all_resolved = True
    quotes_ok = True
    path = question.source or "<question>"
    prefix = f"{question.id}: " if question.generated or not question.line else ""

    def problem(field: str, message: str) -> None:
        problems.append(Problem(path, question.line_of(field) or None, prefix + message))

    for i, cite in enumerate(question.cite):
        if cite.ruleset not in index.rulesets:
            problem(f"cite.{i}.ruleset", f"cite {cite.label}: no ruleset {cite.ruleset!r}")
            all_resolved = False
            continue
        clause = index.lookup(cite.ruleset, cite.rule)
        quote = normalise(cite.quote)
        if clause is None:
            where = _find_quote(index, cite.ruleset, quote)
            hint = f" (the quote is in {_names(where, index)})" if where else ""
            problem(f"cite.{i}.rule", f"cite {cite.label}: no such clause{hint}")
            all_resolved = False
            continue
        text = normalise(rule_text(index, clause))
        texts.append(text)
        if quote not in text:
            quotes_ok = False
            where = [c for c in _find_quote(index, cite.ruleset, quote) if c.id != clause.id]
            if where:
                sub = " (a sub-clause: cite it)" if any(_is_below(index, c, clause) for c in where) else ""
                problem(f"cite.{i}.quote",
                        f"cite {cite.label}: the quote is not in that clause; it is in {_names(where, index)}{sub}")
            else:
                problem(f"cite.{i}.quote", f"cite {cite.label}: the quote is not in that clause "
                        f"nor anywhere in {cite.ruleset}{_closest(quote, text)}")
    if all_resolved and quotes_ok and texts:
        message = _unsupported(question, " ".join(texts))
        if message:
            problem("key" if question.key else "answer", message)
    return problems


def _unsupported(question: Question, text: str) -> str | None:
    """Why the cited ``text`` (normalised) does not support the right answer, or None."""
    if question.key:
        key = normalise(question.key)
        if key in text:
            return None
        numbers = numbers_in(question.key)
        words = content_words(re.sub(r"\d+(?:\.\d+)?", " ", question.key))
        if numbers and all(number_occurs(n, text) for n in numbers) and all(word_occurs(w, text) for w in words):
            return None
        return f"key {question.key!r} is not in the cited text"
    if question.kind == "truefalse":
        return None
    if question.kind == "numeric":
        if number_occurs(float(question.answer), text):  # type: ignore[arg-type]
            return None
        return (f"answer {question.answer_text!r}: the number is not in the cited text "
                f"(as digits or words; set key: to the supporting words)")
    for option in question.right_options:
        numbers = numbers_in(option)
        if numbers:
            missing = [n for n in numbers if not number_occurs(n, text)]
            if missing:
                shown = ", ".join(f"{n:g}" for n in missing)
                return f"answer {option!r}: {shown} is not in the cited text (set key: to the supporting words)"
            continue
        if normalise(option) in text:
            continue
        if not content_words(option):
            return f"answer {option!r}: not in the cited text (set key: to the supporting words)"
        missing = missing_words(option, text)
        if missing:
            return (f"answer {option!r}: {', '.join(missing)} not in the cited text "
                    f"(set key: to the supporting words)")
    return None


#: Clause kinds that are unnumbered parts of the rule above them: their text counts as that rule's.
PART_KINDS = frozenset({"item", "note"})


def rule_text(index: Any, clause: Any) -> str:
    """A clause's title and text followed by the text of its unnumbered parts (bullets, unnumbered
    paragraphs, notes: kinds in :data:`PART_KINDS`), recursively -- the rule as a reader sees it.
    Numbered sub-clauses ("605 (b)") are not included: a quote from one of them must cite it."""
    parts = [clause.title, clause.text]
    for child_id in getattr(clause, "children", ()):
        child = index.get(child_id)
        if child is not None and child.kind in PART_KINDS:
            parts.append(rule_text(index, child))
    return " ".join(p for p in parts if p)


def _find_quote(index: Any, ruleset: str, quote: str) -> list:
    """The clauses of ``ruleset`` whose own title or text contains the normalised ``quote``."""
    return [c for c in index.by_ruleset(ruleset) if quote in normalise(f"{c.title} {c.text}")]


def quote_in_full(index: Any, cite: Any) -> str:
    """The sentences of the cited clause that hold ``cite.quote`` (a bank quotes a few words, "a bench
    minor penalty shall be assessed first and if such conduct continues"; feedback shows the whole
    sentence, which gives the answer); the quote itself when no clause's sentences hold it."""
    from rulebot.search.answer import sentences

    if cite.ruleset not in getattr(index, "rulesets", {}):
        return cite.quote
    quote = normalise(cite.quote)
    cited = index.lookup(cite.ruleset, cite.rule)
    own = [c for c in index.subtree(cited) if c.text] if cited is not None else []
    # the cited clause (and its parts) first; the ruleset's others only when the quote is not there
    for clause in [c for c in own if quote in normalise(c.text)] or _find_quote(index, cite.ruleset, quote):
        said = sentences(clause.text or "")
        for n in range(1, len(said) + 1):  # the fewest sentences that hold it
            for i in range(len(said) - n + 1):
                if quote in normalise(" ".join(said[i:i + n])):
                    return " ".join(said[i:i + n])
    return cite.quote


def address(index: Any, clause: Any) -> str | None:
    """The rule string that looks ``clause`` up again in its ruleset: its number, else its title,
    else ``"<parent number> <title>"`` (``"Annex B Boarding"``); None when none of them does (a title
    shared with an earlier clause, no number)."""
    parent = index.get(clause.parent) if getattr(clause, "parent", None) and hasattr(index, "get") else None
    candidates = [clause.number, clause.title]
    if parent is not None and parent.number and clause.title:
        candidates.append(f"{parent.number} {clause.title}")
    for candidate in candidates:
        if candidate:
            hit = index.lookup(clause.ruleset, candidate)
            if hit is not None and hit.id == clause.id:
                return candidate
    return None


def _names(clauses: Sequence, index: Any = None) -> str:
    shown = []
    for c in clauses[:3]:
        where = address(index, c) if index is not None else None
        if where is None and index is not None:
            where = f"{c.number or c.title or c.id}' ({c.id}: no rule number or title looks it up"
            shown.append(f"'{where})")
        else:
            shown.append(repr(where or c.number or c.title or c.id))
    more = f" and {len(clauses) - 3} more" if len(clauses) > 3 else ""
    return ", ".join(shown) + more


def _is_below(index: Any, clause: Any, ancestor: Any) -> bool:
    seen = 0
    parent = getattr(clause, "parent", None)
    while parent and seen < 50:
        if parent == ancestor.id:
            return True
        node = index.get(parent) if hasattr(index, "get") else None
        parent = getattr(node, "parent", None)
        seen += 1
    return False


def _closest(quote: str, text: str) -> str:
    """``"; closest: '...'"``: the passage of ``text`` most like ``quote``, when close (rapidfuzz)."""
    if not text:
        return ""
    from rapidfuzz import fuzz

    alignment = fuzz.partial_ratio_alignment(quote, text)
    if alignment is None or alignment.score < 75:
        return ""
    return f"; closest: {text[alignment.dest_start:alignment.dest_end]!r}"
