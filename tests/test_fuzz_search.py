"""Property tests for search and answers (issue 8): ``Searcher.search`` and ``Searcher.ask`` never raise
on any string but the documented UsageError (an empty question), and their results turn into
well-formed JSON (no NaN, every field of the documented shape); ``rulebot ask --jsonl`` answers every
line, whatever it holds, with one JSON object per line; ``rulebot ask --json`` prints JSON for any
command-line argument.

Inputs: arbitrary Unicode, 100 KB strings, control characters, emoji, right-to-left text and
bidirectional controls, SQL-like and shell-like strings, and mixes of the words, ruleset names and
rule numbers the query parser reacts to.  Bounded: at most a couple of hundred examples per property.
"""

from __future__ import annotations

import io
import json
import math
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rulebot.cli.ask import run_jsonl
from rulebot.errors import UsageError
from rulebot.models import Answer, Hit
from rulebot.search import get_searcher

NASTY = [
    "", " ", "\t\n\r", "\x00", "\x00\x01\x02\x1b[2J\x7f", "\u200b\u200d\ufeff", "\u202ehello\u202c",
    "🏒🥅🚨 goalie 🤾‍♂️", "👨‍👩‍👧‍👦" * 50, "شلوم مرحبا ما هي عقوبة الضرب بالعصا؟", "מה העונש על הכשלה?",
    "\u202b‏penalty shot\u202c", "'; DROP TABLE clauses; --", "\" OR 1=1 --", "Robert'); DELETE FROM answers;--",
    "$(rm -rf /)", "`reboot`", "a && b || c; d | e > /dev/null 2>&1 &", "%s%s%s%n", "{0}{1}{__class__}",
    "${HOME}", "../../etc/passwd", "<script>alert(1)</script>", "\\", "\\\\", "(((((", "[[[", "*?+.^$|",
    "rule rule rule", "6.4.21 C", "6.4.21C 6.4.21C", "605(b)", "RHA 402", "rule 999", "rule 0", "1" * 500,
    "9" * 40 + "." + "9" * 40, "1.1.1.1.1.1.1.1.1", "in FIRS in RHA under U9 ball hockey youth cup",
    "compare icing in every rulebook", "what's the signal for that?", "\ud800", "\udfff abc",
    "ǅ ﬁ ẞ İ ı ŉ", "ＦＵＬＬＷＩＤＴＨ", "a" * 100_000, ("goalie covers the puck " * 5000)[:100_000],
    ("rule 6.4.21 C " * 8000)[:100_000],
]

QUERY_WORDS = [
    "goalie", "puck", "ball", "minor", "major", "penalty", "shot", "how", "long", "is", "a", "the",
    "what's", "call", "signal", "for", "icing", "offside", "spearing", "high", "sticking", "in", "under",
    "FIRS", "RHA", "U9", "ball hockey", "youth-cup", "rule", "605(b)", "6.4.21 C", "402", "23", "35 ¶2",
    "Format 2A", "compare", "and", "?", "!", "–", "hi", "stiking", "sholders", "5+20", "¶", "•", "§",
]

_query = st.one_of(
    st.sampled_from(NASTY),
    st.lists(st.sampled_from(QUERY_WORDS), max_size=12).map(" ".join),
    st.text(max_size=200),
    st.lists(st.one_of(st.sampled_from(QUERY_WORDS), st.text(max_size=8)), max_size=10).map(" ".join),
)

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def searcher():
    return get_searcher()


def _rulesets(searcher) -> list[str | None]:
    return [None, *sorted(searcher.index.rulesets)]


def assert_well_formed_answer(obj: dict) -> None:
    """The documented ``ask --json`` shape, and JSON without NaN or infinity."""
    text = json.dumps(obj, allow_nan=False)
    assert json.loads(text) == obj
    assert isinstance(obj["question"], str) and isinstance(obj["answer"], str) and obj["answer"]
    assert obj["ruleset"] is None or isinstance(obj["ruleset"], str)
    assert isinstance(obj["answered"], bool)
    for cite in obj["citations"] + obj.get("see_also", []):
        assert {"ruleset", "rule", "title", "text", "score", "id"} <= set(cite)
        assert isinstance(cite["score"], (int, float)) and math.isfinite(cite["score"])


@SETTINGS
@given(query=_query, which=st.integers(min_value=0, max_value=5), limit=st.integers(min_value=1, max_value=60))
@example(query="a" * 100_000, which=0, limit=10)
@example(query=("rule 6.4.21 C " * 8000)[:100_000], which=1, limit=5)
def test_search_never_raises(searcher, query, which, limit):
    rulesets = _rulesets(searcher)
    ruleset = rulesets[which % len(rulesets)]
    hits = searcher.search(query, ruleset, limit)
    assert isinstance(hits, list) and len(hits) <= limit
    for h in hits:
        assert isinstance(h, Hit) and math.isfinite(h.score)
        assert searcher.index.get(h.clause.id) is not None


@SETTINGS
@given(query=_query, which=st.integers(min_value=0, max_value=5))
def test_ask_never_raises_and_gives_well_formed_json(searcher, query, which):
    rulesets = _rulesets(searcher)
    ruleset = rulesets[which % len(rulesets)]
    if not query.strip():
        with pytest.raises(UsageError):
            searcher.ask(query, ruleset)
        return
    answer = searcher.ask(query, ruleset)
    assert isinstance(answer, Answer)
    assert_well_formed_answer(answer.to_json())


def test_ask_on_every_nasty_string(searcher):
    """The fixed list above, each against every ruleset (the generated runs may not pick them all)."""
    for query in NASTY:
        for ruleset in _rulesets(searcher):
            if not query.strip():
                with pytest.raises(UsageError):
                    searcher.ask(query, ruleset)
                continue
            if len(query) > 1000 and ruleset is not None:
                continue  # the long ones once (all rulesets) is enough
            assert_well_formed_answer(searcher.ask(query, ruleset).to_json())


# -- rulebot ask --jsonl, in process and as a user runs it ------------------------------------------

_json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
_jsonl_line = st.one_of(
    st.builds(lambda q, r: json.dumps({"question": q, "ruleset": r}), _query,
              st.sampled_from([None, "rha", "firs-2017", "nope", ""])),
    st.builds(lambda q, r: json.dumps({"question": q, "ruleset": r}, ensure_ascii=False), _query,
              st.sampled_from([None, "ball-hockey"])),
    _json_value.map(json.dumps),
    st.text(max_size=80).map(lambda s: s.replace("\n", " ").replace("\r", " ")),
)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(lines=st.lists(_jsonl_line, max_size=6))
def test_jsonl_answers_every_line_with_one_json_object(searcher, lines):
    stdin = io.StringIO("".join(line + "\n" for line in lines))
    out = io.StringIO()
    assert run_jsonl(searcher, stdin, out) == 0
    expected = [line for line in lines if line.strip()]
    got = out.getvalue().splitlines()
    assert len(got) == len(expected)
    for line in got:
        obj = json.loads(line)
        assert isinstance(obj, dict)
        if "error" in obj:
            assert isinstance(obj["error"], str) and isinstance(obj["line"], int)
        else:
            assert_well_formed_answer(obj)


def test_jsonl_subprocess_survives_bytes_that_are_not_utf8_and_lone_surrogates():
    """Found by these tests: a ``"\\ud800"`` escape (valid JSON) made the batch crash writing its
    answer, and bytes that are not UTF-8 on stdin could end the batch; both now get a JSON line."""
    lines = [
        b"\xff\xfe not utf-8 \xc3\x28",
        json.dumps({"question": "icing \ud800 \udfff", "ruleset": None}).encode(),
        json.dumps({"question": "'; DROP TABLE clauses; -- $(rm -rf /)", "ruleset": "rha"}).encode(),
        json.dumps({"question": "🏒 \u202e שלום مرحبا \x00\x1b", "ruleset": None}, ensure_ascii=False).encode(),
        json.dumps({"question": "a" * 100_000, "ruleset": "firs-2017"}).encode(),
        b"[1, 2, 3]",
        json.dumps({"question": "how long is a minor penalty", "ruleset": "rha"}).encode(),
    ]
    proc = subprocess.run([sys.executable, "-m", "rulebot", "ask", "--jsonl"], input=b"\n".join(lines) + b"\n",
                          capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    out = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert len(out) == len(lines)
    assert "error" in out[0] and "error" in out[5]
    for obj in out[1:5] + out[6:]:
        assert_well_formed_answer(obj)
    assert out[1]["question"] == "icing \ud800 \udfff"
    assert out[6]["citations"][0]["rule"].startswith("402")


@pytest.mark.parametrize("arg", ["\udcff\udcfe icing", "🏒 \u202e שלום", "'; DROP TABLE x; --", "$(ls) `id`",
                                 "\x1b[31m red \x07"])
def test_ask_json_prints_json_for_any_argument(arg):
    """Arguments that are not UTF-8 arrive as lone surrogates (surrogateescape); they used to crash
    ``print``.  ``arg`` is passed as bytes so the child sees exactly those bytes."""
    raw = arg.encode("utf-8", "surrogateescape")
    proc = subprocess.run([sys.executable.encode(), b"-m", b"rulebot", b"ask", b"--json", raw],
                          capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    assert_well_formed_answer(json.loads(proc.stdout.decode("utf-8")))


def test_the_one_word_table_says_what_expanding_the_word_says():
    """Synonyms.one_word_table, worked out once with the ranker, gives for every word what
    Synonyms._expansions works out for it alone: the list's own words, inflections it finds by stem,
    small words and words it does not know."""
    from rulebot.search.text import load_synonyms, words

    syn = load_synonyms()
    said = {w for group in syn.groups for member in group for w in words(member)}
    said |= {w + ending for w in list(said) for ending in ("s", "ed", "ing")}
    said |= {"the", "of", "lorem", "zamboni", "second", "2nd", "5"}
    for word in sorted(said):
        table = syn._one_word(word)
        if table is not None:
            assert table == tuple(syn._expansions([word])), word
