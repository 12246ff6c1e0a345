"""Property tests for the layout parsers (issue 8): on any text, every parser returns a ParseResult
without raising, and loses no word: the words of the source are exactly the words of the clause
titles and texts, the number markers and the removed artefacts (the check of
``tests/test_parse.py::test_nothing_lost``, on generated documents).

Every layout of :data:`rulebot.corpus.loader.LAYOUTS` is covered (``outline``, the parser for rule
sheets users ingest, as well as the four the seed rulebooks use).  The generated documents mix arbitrary Unicode with the fragments each parser reacts to (rule and
section headings, lettered and numbered sub-clauses, notes, bullets, dot-leader contents lines,
running footers, glossary blocks), so the parsers' structure-building paths are exercised, not just
their "plain paragraph" path.  Bounded: a few hundred examples per parser, no deadline.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rulebot.corpus.builder import ParseResult
from rulebot.corpus.loader import parser_for

WORD = re.compile(r"[A-Za-z0-9]+")
LAYOUTS = ("decimal", "rha", "numbered", "inline", "outline")

# Fragments the parsers give meaning to, in the shapes the five rulebooks print them.
FRAGMENTS = [
    "RULE 101 - RINK", "RULE 102", "RULE 605 - BOARDING", "SECTION I - THE RINK", "SECTION VI -",
    "RULE 101 - RINK... RULE 102 - GOALS... SECTION II - TEAMS... RULE 201 - PLAYERS...",
    "(a)", "(b)", "(c)", "(z)", "1.", "2.", "3.", "12.", "2A.", "NOTE:", "NOTE 1:", "Note 2 :",
    "Situation #1", "Situation # 2", "6.4.21", "6.4.21 C", "1.1", "1.2", "2", "2.6 A.", "A.", "B.",
    "C.", "D..", "*A.", "•", "- ", "* ", "▪", "Table of Contents", "FOREWORD Rules",
    "1 General ........ 3", "1.1 Rink ..... 4", "SECTION 1 Rink ......... 5", "Annex A ...... 50",
    "Annex B Signals ....... 60", "Annex C Penalty index ...... 70", "GLOSSARY ..... 80",
    "TERMINOLOGY ...... 81", "V1 May 1, 2017", "28 V1 May 1, 2017", "17", "Penalties:", "Format",
    "Game format:", "a. Head to Head.", "b. Goals Against.", "c.", "as follows:", "Rule 639 (a)",
    "see 14", "GLOSSARY", "TERMINOLOGY", "FIGHTING – the act", "Annex B", "Annex C", "SIGNALS",
    "*Any sanctioned event", ".", ":", "?", "…", "’", "“quoted”",
]

WORDS = ["goal", "penalty", "Player", "puck", "the", "Referee", "minor", "Goalkeeper", "shall",
         "ball", "Time", "Offside", "stick", "x", "I", "V", "a", "b", "A", "Z", "5+20", "don't"]

_token = st.one_of(
    st.sampled_from(FRAGMENTS),
    st.sampled_from(WORDS),
    st.text(min_size=1, max_size=12),  # any Unicode, control characters and surrogates aside
)
_line = st.lists(_token, min_size=0, max_size=12).map(" ".join)
_document = st.one_of(
    st.lists(_line, min_size=0, max_size=40).map("\n".join),
    st.text(max_size=400),
)


def _words(text: str) -> Counter[str]:
    return Counter(WORD.findall(text))


def assert_nothing_lost(source: str, result: ParseResult) -> None:
    """Words of ``source`` == words of titles + texts + markers + artefacts (as a multiset)."""
    got: Counter[str] = Counter()
    for c in result.clauses:
        if c.kind != "table-row":  # a row's title repeats its description for display
            got.update(_words(c.title))
        got.update(_words(c.text))
    for m in result.markers:
        got.update(_words(m))
    for text, _reason in result.artefacts:
        got.update(_words(text))
    want = _words(source)
    assert want - got == Counter(), f"words lost: {dict(want - got)}"
    assert got - want == Counter(), f"words duplicated or invented: {dict(got - want)}"


def _check(layout: str, text: str) -> None:
    result = parser_for(layout)("fz", text, "")
    assert isinstance(result, ParseResult)
    assert result.clauses and result.clauses[0].kind == "document"
    ids = [c.id for c in result.clauses]
    assert len(ids) == len(set(ids)), "clause ids repeat"
    assert all(c.ruleset == "fz" for c in result.clauses)
    assert_nothing_lost(text, result)


SETTINGS = settings(max_examples=250, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("layout", LAYOUTS)
@SETTINGS
@given(text=_document)
@example(text="")
@example(text="\n\n \t \n")
@example(text="\x00\x01\x1b[31m\u202e\ufeff")
@example(text="RULE 101 - RINK... RULE 102 - GOALS... RULE 103 - X...\nRULE 101 - RINK (a) one (b) two 1. x")
@example(text="1 General ........ 3\n1.1 Rink ..... 4\n1\nGeneral\n1.1 Rink A. The rink B. C.")
@example(text="Annex B Signals ....... 60\nAnnex B Signals\nHooking A tugging motion")
@example(text="GLOSSARY ..... 80\nGLOSSARY\nFighting\nThe throwing of a punch. Boarding")
@example(text="Format\n1. one\n2. two\nPenalties\n1. x\n• bullet\nlower case")
@example(text="U9 RULES Game format: a. Head to Head. b. Goals Against. • c. d.")
@example(text="🏒 ⛸️ مرحبا שלום " * 50)
def test_parser_never_crashes_and_loses_no_word(layout, text):
    _check(layout, text)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_parser_on_the_other_layouts_real_rulebooks(layout):
    """Each parser run on every real rulebook (most of them the wrong layout for it): no crash, no
    word lost -- the worst case of a mis-detected layout."""
    from rulebot.paths import corpus_root

    for entry in sorted(corpus_root().iterdir(), key=lambda e: e.name):
        src = entry.joinpath("source.txt")
        if src.is_file():
            _check(layout, src.read_text(encoding="utf-8"))
