"""The clause parsers on the five real rulebooks (issue 2): skeletons, numbering, nothing lost."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from rulebot.corpus import load_index
from rulebot.corpus.decimal import parse_toc
from rulebot.corpus.rha import _LIST_ITEM

WORD = re.compile(r"[A-Za-z0-9]+")


@pytest.fixture(scope="module")
def index():
    return load_index(use_cache=False)


def test_five_rulesets_load(index):
    assert set(index.rulesets) == {"firs-2017", "rha", "ball-hockey", "youth-cup", "challenge-cup-u9"}


def test_every_rha_rule_in_the_rule_list_exists_with_its_title(index):
    source = index.sources["rha"]
    listed = []
    for line in source.split("\n"):
        if line.count("...") >= 3:
            listed += [(m.group(1), m.group(2)) for m in _LIST_ITEM.finditer(line)]
    rules = [(num.split()[1], title) for num, title in listed if num.startswith("RULE")]
    assert len(rules) >= 75
    for number, title in rules:
        clause = index.lookup("rha", number)
        assert clause is not None, number
        assert clause.kind == "rule"
        assert clause.title.lower() == title.lower(), number


def test_every_numbered_firs_contents_entry_exists_with_its_title(index):
    source = index.sources["firs-2017"]
    toc = source[source.index("Table of Contents"):source.index("FOREWORD Rules")]
    toc = re.sub(r"\d*\s*V1 May 1, 2017", " ", toc)
    entries = [e for e in parse_toc(toc) if e.number]
    assert len(entries) == 115
    norm = lambda s: re.sub(r"[^a-z0-9]", "", s.lower())  # noqa: E731
    for e in entries:
        clause = index.lookup("firs-2017", e.number)
        assert clause is not None, e.number
        assert norm(clause.title) == norm(e.title), (e.number, clause.title, e.title)


def test_firs_lettered_paragraphs_are_split(index):
    c = index.lookup("firs-2017", "6.4.21 C")
    assert c.kind == "paragraph" and c.number == "6.4.21 C"
    assert c.text.startswith("When a stick is swung above the shoulders")
    assert index.lookup("firs-2017", "6.4.21C") == c
    # a letter printed at the end of the line before its text ("... C." then the text)
    assert index.lookup("firs-2017", "1.1 C").text.startswith("Junior Men’s Age")
    assert index.lookup("firs-2017", "1.2 A").text.startswith("Regulation games will be played in two periods")


def test_firs_heading_numbers_separated_from_titles(index):
    # "2.6 A. 2.7 A. 2.8 A." then the three titles with their text
    for number, title, start in (("2.6", "Player benches", "Each rink should have seats"),
                                 ("2.7", "Penalty Bench", "Each rink will have seats"),
                                 ("2.8", "Signal and timing Device", "Each rink must have")):
        rule = index.lookup("firs-2017", number)
        assert rule.title == title
        assert index.lookup("firs-2017", f"{number} A").text.startswith(start)


def test_firs_glossary_terms_are_definitions(index):
    fighting = index.lookup("firs-2017", "Fighting")
    assert fighting is not None and fighting.kind == "definition"
    assert fighting.text.startswith("The actual throwing of a punch(es) (closed fist)")
    terms = [c for c in index.by_ruleset("firs-2017") if c.kind == "definition"]
    assert len(terms) >= 40


def test_rha_subclauses_notes_situations(index):
    assert index.lookup("rha", "605 (b)").number == "605 (b)"
    assert index.lookup("rha", "605(b)") == index.lookup("rha", "605 (b)")
    assert index.lookup("rha", "402 (a)").text.startswith("Depending upon the length of periods")
    kinds = Counter(c.kind for c in index.by_ruleset("rha"))
    assert kinds["note"] >= 50 and kinds["situation"] >= 4 and kinds["paragraph"] >= 250


def test_rha_inline_lists_are_split(index):
    # "a shootout shall take place as follows: A. Only four skaters ... B. ..." (639 (b) 4)
    shootout = index.lookup("rha", "639 (b) 4")
    items = index.children(shootout)
    assert [c.number for c in items[:6]] == [f"639 (b) 4 {x}" for x in "ABCDEF"]
    assert items[2].text.startswith("Teams will alternately take a penalty shot, with the visiting team")
    assert shootout.text.endswith("as follows:")
    # a list item whose full stop the extraction lost ("... each overtime 2. The length ...")
    assert index.lookup("rha", "639 (c) 2").text.startswith("The length of each period")
    assert index.lookup("rha", "639 (c) 1").text == "The teams SHALL change ends at the beginning of each overtime"
    assert [c.text for c in index.children(index.lookup("rha", "401 (a)"))][:2] == ["Minor Penalties",
                                                                                      "Bench Minor Penalties"]


def test_ball_hockey_rules_exist(index):
    for n in list(range(5, 19)) + list(range(23, 43)):
        c = index.lookup("ball-hockey", str(n))
        assert c is not None and c.kind == "rule", n
    # an unnumbered paragraph belongs to the rule above it
    para = index.lookup("ball-hockey", "35 ¶2")
    assert para.parent == "ball-hockey:35"
    assert para.text.startswith("Players closing their hand on the ball")


def test_youth_cup_lists(index):
    assert index.lookup("youth-cup", "Format 2A").text.startswith("After the 1st round numbers 1 and 2")
    assert index.lookup("youth-cup", "Penalties 3").text.startswith("Game Misconduct penalty (5+20)")


def test_u9_sentences_and_tie_breakers(index):
    clauses = index.by_ruleset("challenge-cup-u9")
    penalties = [c for c in clauses if c.title == "Penalties"]
    # the sentence that refers back ("The offending player ...") goes on with the rule before it
    assert len(penalties) == 1 and penalties[0].text == (
        "Penalty results in penalty shot. The offending player will sit out the next shift, but the team will "
        "play even strength.")
    # ... but a sheet's own new sentence starting "This" or "These" is a clause of its own
    from rulebot.corpus.inline import parse_inline

    sheet = parse_inline("sheet", "Slapshots are not allowed. This is a 3 on 3 league. Penalties: All penalties are "
                                  "2 minutes. They are served in full. These rules are subject to change.")
    texts = [c.text for c in sheet.clauses if c.text]
    assert texts == ["Slapshots are not allowed.", "This is a 3 on 3 league.", "All penalties are 2 minutes.",
                     "They are served in full.", "These rules are subject to change."]
    letters = [c for c in clauses if re.fullmatch(r"\d+ [abc]", c.number)]
    assert [c.title for c in letters] == ["Head to Head", "Goals Against", "Tie Breaker Ratio"]


def test_no_clause_keeps_a_page_footer_or_dot_leader(index):
    for c in index.all_clauses():
        assert "V1 May 1, 2017" not in c.text, c.id
        assert "....." not in c.text, c.id


@pytest.mark.parametrize("rid", ["firs-2017", "rha", "ball-hockey", "youth-cup", "challenge-cup-u9"])
def test_nothing_lost(index, rid):
    """Every word of the source is in exactly one clause (number marker, title or text), except the
    artefacts removed — and those are only footers, page numbers and contents lines."""
    report = index.reports[rid]
    source = Counter(WORD.findall(index.sources[rid]))
    got: Counter[str] = Counter()
    for c in report.clauses:
        if c.kind != "table-row":  # a row's title repeats its description for display
            got.update(WORD.findall(c.title))
        got.update(WORD.findall(c.text))
    for m in report.markers:
        got.update(WORD.findall(m))
    for text, reason in report.artefacts:
        assert reason in {"page footer", "page number", "table of contents", "rule list (contents)"}
        if reason == "page footer":
            assert re.fullmatch(r"(\d+\s+)?V1 May 1, 2017\s*", text)
        if reason == "page number":
            assert re.fullmatch(r"\d{1,3}", text)
        got.update(WORD.findall(text))
    assert source - got == Counter(), "words lost"
    assert got - source == Counter(), "words duplicated or invented"


def test_cross_references_resolve(index):
    c = index.lookup("firs-2017", "6.3 E")
    assert any(r.target == "firs-2017:6.2.1.b" for r in c.refs)
    rha = index.lookup("rha", "406 (c)")
    refs = {r.raw: r.target for r in rha.refs}
    assert refs["629 (g)"] == "rha:629.g" and refs["639 (a)"] == "rha:639.a"
    # "Rule 643 (c)" names a rule the book does not have: reported, not dropped
    assert refs["643 (c)"] is None
    assert ("406 (c)", "643 (c)") in {(c.number, r.raw) for c, r in index.unresolved_refs("rha")}


def test_cached_index_equals_fresh_parse(index):
    first = load_index()   # builds and writes the cache
    second = load_index()  # reads it
    assert second.clauses == index.clauses == first.clauses


def test_several_unnumbered_notes_of_one_clause_are_told_apart():
    from rulebot.corpus import load_index

    index = load_index()
    # FIRS 6.4.31 B has two "NOTE:" paragraphs, 6.4.24 F three: "NOTE", "NOTE 2", "NOTE 3"
    numbers = [c.number for c in index.by_ruleset("firs-2017") if c.number.startswith("6.4.24 F NOTE")]
    assert numbers == ["6.4.24 F NOTE", "6.4.24 F NOTE 2", "6.4.24 F NOTE 3"]
    assert index.lookup("firs-2017", "6.4.31 B NOTE 2").text.startswith("“Attempt to spear”")
    numbered = [(c.ruleset, c.number) for c in index.all_clauses() if c.number]
    assert len(numbered) == len(set(numbered))


def test_an_rha_letter_printed_again_after_the_notes_of_its_first_paragraph_is_a_paragraph_of_its_own():
    from rulebot.corpus import load_index

    index = load_index()
    # RULE 409 letters two paragraphs "(c)": the second ("Should the same offending player commit other
    # fouls ...") follows NOTE 3 of the first and is no part of it
    note = index.get("rha:409.c.note3")
    second = index.get("rha:409.c-2")
    assert note is not None and "same offending player" not in note.text
    assert second is not None and second.number == "409 (c) [2]" and second.kind == "paragraph"
    assert second.text.startswith("Should the same offending player commit other fouls")
    assert index.lookup("rha", "409 (c)").id == "rha:409.c"  # the first keeps the number's lookup
