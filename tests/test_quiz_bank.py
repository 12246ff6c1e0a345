"""Bank loading and schema validation: a good bank loads; each kind of bad bank fails naming the file
and the line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from quiz_support import DEMO_BANK

from rulebot.errors import DataError, NotFoundError
from rulebot.quiz.bank import (
    BankError,
    Question,
    bank_files,
    embedded_banks_root,
    load_bank,
    load_banks,
    read_bank,
)

GOOD = """\
ruleset: demo
level: 1
title: "Demo"
questions:
  - id: q1
    topic: game-time
    kind: choice
    question: "How long is a period?"
    options: ["20 minutes", "15 minutes"]
    answer: "20 minutes"
    cite:
      - ruleset: demo
        rule: "1.2"
        quote: "twenty (20) minutes"
    explanation: "Rule 1.2."
"""


def write(tmp_path: Path, text: str, name: str = "demo-l1.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    bank, problems = read_bank(path, name=path.name)
    assert problems and (bank is None or all("duplicate" in p.message or "twice" in p.message for p in problems))
    return [str(p) for p in problems]


def test_fixture_bank_loads_with_lines():
    bank = load_bank(DEMO_BANK)
    assert (bank.ruleset, bank.level, bank.pass_mark) == ("demo", 1, 0.75)
    assert [q.kind for q in bank.questions] == ["choice", "multi", "truefalse", "numeric"]
    first = bank.questions[0]
    assert isinstance(first, Question)
    assert (first.ruleset, first.level) == ("demo", 1)
    assert first.line == 7  # "  - id: demo-l1-001"
    assert first.line_of("answer") == 12
    assert first.line_of("cite.0.quote") == 16
    assert first.right_options == ("20 minutes",)
    multi = bank.questions[1]
    assert multi.right_options == ("Helmet with full face mask", "Throat protector")
    assert bank.questions[2].answer is False
    assert bank.questions[3].answer_text == "2 referees"
    one = bank.questions[3].model_copy(update={"answer": 1})
    assert one.answer_text == "1 referee"  # not "1 referees"


def test_questions_are_frozen():
    q = load_bank(DEMO_BANK).questions[0]
    with pytest.raises(Exception):
        q.answer = "15 minutes"  # type: ignore[misc]


def test_good_bank_has_no_problems(tmp_path):
    bank, problems = read_bank(write(tmp_path, GOOD))
    assert problems == [] and bank is not None and bank.pass_mark == 0.8


@pytest.mark.parametrize(
    ("old", "new", "line", "words"),
    [
        # schema: missing, unknown and mistyped fields, at the field's (or question's) line
        ('    explanation: "Rule 1.2."\n', "", 5, "explanation: missing"),
        ("    topic: game-time\n", "    topic: game-time\n    difficulty: 3\n", 7, "difficulty: unknown field"),
        ('    answer: "20 minutes"', '    answer: "25 minutes"', 10, "not one of the options"),
        ('    answer: "20 minutes"', "    answer: 20", 10, "right option's text"),
        ("    kind: choice", "    kind: pick", 7, "kind: must be"),
        ("level: 1", "level: 7", 2, "level: must be"),
        ('        rule: "1.2"', "        rule: 1.20", 13, "put the rule number in quotes"),
        ('    options: ["20 minutes", "15 minutes"]', '    options: ["20 minutes", "20  Minutes"]', 9,
         "listed twice"),
        ('    options: ["20 minutes", "15 minutes"]', '    options: ["20 minutes"]', 9, "needs 2 to 26 options"),
        ("    cite:\n      - ruleset: demo\n        rule: \"1.2\"\n        quote: \"twenty (20) minutes\"\n",
         "    cite: []\n", 11, "cite at least one clause"),
        ('        quote: "twenty (20) minutes"', '        quote: "  "', 14, "must not be empty"),
        ("title: \"Demo\"\n", "title: \"Demo\"\npass_mark: 1.5\n", 4, "pass_mark"),
        ("    topic: game-time", "    topic: Game Time", 6, "slug"),
        # YAML itself
        ('    answer: "20 minutes"', '    answer: 20 minutes: yes', 10, "invalid YAML: mapping values are not allowed here"),
        ("    topic: game-time\n", "    topic: game-time\n    topic: rosters\n", 7, "given twice"),
    ],
)
def test_bad_bank_names_file_and_line(tmp_path, old, new, line, words):
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    problems = problems_of(path)
    assert any(p.startswith(f"demo-l1.yaml:{line}: ") and words in p for p in problems), problems


@pytest.mark.parametrize(
    ("question", "line", "words"),
    [
        ("""\
  - id: q2
    topic: t
    kind: truefalse
    question: "Q?"
    options: ["True", "False"]
    answer: true
    cite: [{ruleset: demo, rule: "1", quote: "x"}]
    explanation: "E."
""", 20, "no options"),
        ("""\
  - id: q2
    topic: t
    kind: truefalse
    question: "Q?"
    answer: "yes please"
    cite: [{ruleset: demo, rule: "1", quote: "x"}]
    explanation: "E."
""", 20, "true or false"),
        ("""\
  - id: q2
    topic: t
    kind: numeric
    question: "Q?"
    answer: 20
    cite: [{ruleset: demo, rule: "1", quote: "x"}]
    explanation: "E."
""", 16, "needs a unit"),
        ("""\
  - id: q2
    topic: t
    kind: numeric
    question: "Q?"
    answer: 20
    unit: minutes
    tolerance: -1
    cite: [{ruleset: demo, rule: "1", quote: "x"}]
    explanation: "E."
""", 22, "tolerance"),
        ("""\
  - id: q2
    topic: t
    kind: multi
    question: "Q?"
    options: ["a", "b", "c"]
    answer: ["a", "d"]
    cite: [{ruleset: demo, rule: "1", quote: "x"}]
    explanation: "E."
""", 21, "'d' is not one of the options"),
        ("""\
  - id: q1
    topic: t
    kind: truefalse
    question: "Q?"
    answer: true
    cite: [{ruleset: demo, rule: "1", quote: "x"}]
    explanation: "E."
""", 16, "duplicate id 'q1' (first at line 5)"),
    ],
)
def test_bad_question_kinds(tmp_path, question, line, words):
    path = write(tmp_path, GOOD + question)
    problems = problems_of(path)
    assert any(p.startswith(f"demo-l1.yaml:{line}: ") and words in p for p in problems), problems


def test_every_problem_is_reported_not_just_the_first(tmp_path):
    text = GOOD.replace("    kind: choice", "    kind: pick").replace('    explanation: "Rule 1.2."\n', "")
    problems = problems_of(write(tmp_path, text))
    assert len(problems) == 2
    assert [p.split(":")[1] for p in problems] == ["5", "7"]


def test_not_a_mapping(tmp_path):
    assert problems_of(write(tmp_path, "- just\n- a list\n")) == [
        "demo-l1.yaml:1: a bank is a mapping with ruleset, level, title and questions"]


def test_load_bank_raises_data_error_with_location(tmp_path):
    path = write(tmp_path, GOOD.replace('    answer: "20 minutes"', '    answer: "9 minutes"'))
    with pytest.raises(BankError) as info:
        load_bank(path)
    assert isinstance(info.value, DataError)
    assert str(info.value).endswith("demo-l1.yaml:10: questions[0].answer: answer '9 minutes' is not one of the options")
    assert info.value.line == 10


def test_missing_bank_is_not_found(tmp_path):
    with pytest.raises(NotFoundError):
        load_bank(tmp_path / "nope.yaml")
    with pytest.raises(NotFoundError):
        bank_files([tmp_path / "nope"])


def test_duplicate_ids_across_banks(tmp_path):
    write(tmp_path, GOOD, "demo-l1.yaml")
    write(tmp_path, GOOD.replace("level: 1", "level: 2"), "demo-l2.yaml")
    with pytest.raises(DataError, match=r"demo-l2.yaml:5: duplicate id 'q1' \(also at .*demo-l1.yaml:5\)"):
        load_banks([tmp_path])


def test_embedded_banks_are_found():
    root = embedded_banks_root()
    names = [f.name for f in bank_files(None)]
    assert names == sorted(names)
    assert all(name.endswith(".yaml") for name in names)
    assert root.joinpath("README.md").is_file()


def test_spec_round_trips():
    q = load_bank(DEMO_BANK).questions[1]
    again = Question.model_validate(q.model_dump(mode="json"))
    assert again == q
