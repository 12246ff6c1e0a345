"""``rulebot quiz check``: cites, quotes and answers against the clause index."""

from __future__ import annotations

from pathlib import Path

import pytest
from quiz_support import DATA, DEMO_BANK, demo_index

from rulebot.quiz.check import (
    check_banks,
    content_words,
    missing_words,
    normalise,
    number_occurs,
    numbers_in,
    word_occurs,
)


def variant(tmp_path: Path, old: str, new: str, name: str = "demo-l1.yaml") -> Path:
    text = DEMO_BANK.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def messages(path: Path) -> list[str]:
    report = check_banks([path], demo_index())
    return [str(p) for p in report.problems]


def line_of(path: Path, needle: str) -> int:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return n
    raise AssertionError(needle)


def test_fixture_bank_is_clean():
    report = check_banks([DATA], demo_index())
    assert report.ok, report.problems
    assert (len(report.banks), report.questions) == (1, 4)


def test_unknown_clause(tmp_path):
    path = variant(tmp_path, 'rule: "1.2"', 'rule: "9.9"')
    line = line_of(path, 'rule: "9.9"')
    assert messages(path) == [f"{path}:{line}: cite demo 9.9: no such clause (the quote is in '1.2')"]


def test_unknown_ruleset(tmp_path):
    path = variant(tmp_path, "      - ruleset: demo\n        rule: \"1.2\"", "      - ruleset: nope\n        rule: \"1.2\"")
    assert messages(path) == [f"{path}:14: cite nope 1.2: no ruleset 'nope'"]


def test_quote_in_another_clause_names_it(tmp_path):
    path = variant(tmp_path, 'rule: "1.3"', 'rule: "1.2"')
    line = line_of(path, "a five (5) minute overtime")
    assert messages(path) == [
        f"{path}:{line}: cite demo 1.2: the quote is not in that clause; it is in '1.3'"]


def test_quote_nowhere_shows_closest(tmp_path):
    path = variant(tmp_path, 'quote: "two periods of twenty (20) minutes each"',
                   'quote: "two periods of twenty (20) minute each"')
    (msg,) = messages(path)
    assert "the quote is not in that clause nor anywhere in demo; closest: 'two periods of twenty (20) minute" in msg


def test_quote_matching_ignores_case_whitespace_and_curly_quotes(tmp_path):
    path = variant(tmp_path, 'quote: "two periods of twenty (20) minutes each"',
                   'quote: "Two  periods of\\n twenty (20) MINUTES each"')
    assert messages(path) == []


def test_quote_in_unnumbered_part_counts_for_the_rule():
    # demo 4.1's own text is empty; its bullet "4.1 •1" holds the quote (see the fixture bank)
    assert check_banks([DEMO_BANK], demo_index()).ok


def test_answer_not_in_cited_text(tmp_path):
    path = variant(tmp_path, 'options: ["20 minutes", "15 minutes", "25 minutes", "10 minutes"]\n    answer: "20 minutes"',
                   'options: ["20 minutes", "15 minutes", "25 minutes", "10 minutes"]\n    answer: "15 minutes"')
    line = line_of(path, 'answer: "15 minutes"')
    assert messages(path) == [
        f"{path}:{line}: answer '15 minutes': 15 is not in the cited text (set key: to the supporting words)"]


def test_numeric_answer_as_words(tmp_path):
    path = variant(tmp_path, "    answer: 2\n", "    answer: 3\n")
    line = line_of(path, "    answer: 3")
    assert messages(path) == [f"{path}:{line}: answer '3 referees': the number is not in the cited text "
                              "(as digits or words; set key: to the supporting words)"]


def test_key_overrides_and_is_checked(tmp_path):
    path = variant(tmp_path, 'key: "a helmet with a full face mask and a throat protector"', 'key: "a neck guard"')
    line = line_of(path, 'key: "a neck guard"')
    assert messages(path) == [f"{path}:{line}: key 'a neck guard' is not in the cited text"]


def test_wrong_file_name_and_duplicates(tmp_path):
    one = variant(tmp_path, "level: 1", "level: 1", name="demo-l2.yaml")
    two = variant(tmp_path, "level: 1", "level: 1", name="extra.yaml")
    report = check_banks([one, two], demo_index())
    msgs = [str(p) for p in report.problems]
    assert f"{one}:3: level 1 does not match the file name (l2)" in msgs
    assert f"{two}: name the file <ruleset>-l<level>.yaml (demo-l1.yaml)" in msgs
    assert sum("duplicate id" in m for m in msgs) == 4


def test_an_id_given_twice_does_not_hide_the_banks_other_problems(tmp_path):
    # the fresh user's bank: a duplicate id had hidden a wrong cite until it was fixed
    text = DEMO_BANK.read_text(encoding="utf-8").replace("id: demo-l1-002", "id: demo-l1-001", 1)
    text = text.replace('rule: "1.3"', 'rule: "9.9"', 1)
    path = tmp_path / "demo-l1.yaml"
    path.write_text(text, encoding="utf-8")
    msgs = messages(path)
    assert sum("duplicate id 'demo-l1-001'" in m for m in msgs) == 1
    assert any("9.9" in m for m in msgs), msgs


def test_schema_problems_are_reported_too(tmp_path):
    path = variant(tmp_path, "    kind: truefalse", "    kind: yesno")
    msgs = messages(path)
    assert len(msgs) == 1 and msgs[0].startswith(f"{path}:{line_of(path, 'kind: yesno')}: ")


@pytest.mark.parametrize(("value", "text", "found"), [
    (20, "two periods of twenty (20) minutes", True),
    (20, "twenty minutes", True),
    (20, "120 seconds", False),
    (2, "6.4.2 applies", False),
    (2, "a 2' penalty", True),
    (21, "twenty-one players", True),
    (21, "twenty one players", True),
    (1.5, "1.5 minutes", True),
    (1.5, "1,5 minutes", True),
    (5, "five (5)", True),
])
def test_number_occurs(value, text, found):
    assert number_occurs(value, normalise(text)) is found


def test_words_and_numbers_of_answers():
    assert numbers_in("Four skaters and a goaltender") == [4.0]
    assert numbers_in("2 minutes") == [2.0]
    assert numbers_in("Rule 6.4.21") == []
    assert content_words("Bench Minor Penalties") == ["bench", "minor", "penalties"]
    assert word_occurs("penalties", "a bench minor penalty")
    assert word_occurs("goaltender", "goaltenders shall")
    assert not word_occurs("goal", "the goaltender")
    assert numbers_in("additional two-minute periods") == [2.0]
    assert numbers_in("twenty-one players") == [21.0]
    # a long answer needs two thirds of its words, a short term all of them
    assert missing_words("additional periods are played until the tie is broken",
                         "additional overtime periods until the tie is broken") == []
    assert missing_words("bench minor", "a minor penalty") == ["bench"]


def test_check_needs_no_index_for_schema_only(tmp_path):
    report = check_banks([DEMO_BANK], None)
    assert report.ok and report.questions == 4


def test_embedded_banks_pass_the_check():
    """Every shipped bank is valid against the real clause index (issue 5: tests run it on all banks)."""
    from rulebot.corpus import load_index

    report = check_banks(None, load_index())
    assert report.banks, "no embedded banks found"
    assert report.problems == [], "\n" + "\n".join(map(str, report.problems))


def test_feedback_quotes_the_whole_sentence_a_bank_quotes_from():
    from rulebot.corpus import load_index
    from rulebot.quiz.bank import Cite
    from rulebot.quiz.check import quote_in_full

    index = load_index()
    short = "a bench minor penalty shall be assessed first and if such conduct continues"
    full = quote_in_full(index, Cite(ruleset="rha", rule="601 (a)", quote=short))
    assert full.startswith("In the case of a Coach") and full.endswith("a game misconduct penalty shall be assessed.")
    assert quote_in_full(index, Cite(ruleset="rha", rule="601 (a)", quote="no such words")) == "no such words"
