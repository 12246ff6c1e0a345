"""The command line, run as a user runs it (subprocess) and in-process for batch mode."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from rulebot.cli import build_parser, main
from rulebot.cli.ask import run_jsonl
from rulebot.search import get_searcher


def rulebot(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rulebot", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_ask_minor_penalty_in_rha_answers_from_rule_402():
    proc = rulebot("ask", "how long is a minor penalty", "--ruleset", "rha", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["citations"][0]["rule"].startswith("402")
    assert "1:30 or 2 minutes" in data["answer"]
    assert set(data["citations"][0]) >= {"ruleset", "rule", "title", "text", "score"}


def test_rule_number_query_goes_straight_to_the_clause():
    s = get_searcher()
    assert s.search("6.4.21 C")[0].clause.id == "firs-2017:6.4.21.c"
    assert s.search("rule 605(b)", "rha")[0].clause.id == "rha:605.b"
    assert s.search("RHA 402")[0].clause.id.startswith("rha:402")


def test_ruleset_named_in_the_question_filters():
    s = get_searcher()
    hits = s.search("how long is a major penalty under RHA")
    assert hits and all(h.clause.ruleset == "rha" for h in hits)
    hits = s.search("penalty shot in U9")
    assert hits and all(h.clause.ruleset == "challenge-cup-u9" for h in hits)


def test_synonyms_and_typos():
    s = get_searcher()
    assert any(h.clause.ruleset == "firs-2017" and "goalkeeper" in h.clause.text.lower()
               for h in s.search("goalie freezes the puck", "firs-2017")[:3])
    top = s.search("hi stiking above the sholders", "firs-2017")[:3]
    assert any("shoulders" in h.clause.text for h in top)


def test_jsonl_batch_keeps_order_and_reports_bad_lines():
    lines = "\n".join([
        json.dumps({"question": "how long is a minor penalty", "ruleset": "rha"}),
        "not json",
        json.dumps({"question": "", "ruleset": None}),
        json.dumps({"question": "penalty shot", "ruleset": "nope"}),
        json.dumps({"question": "what is a power play", "ruleset": "firs-2017"}),
    ]) + "\n"
    out = io.StringIO()
    run_jsonl(get_searcher(), io.StringIO(lines), out)
    rows = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(rows) == 5
    assert rows[0]["citations"][0]["rule"].startswith("402")
    assert "error" in rows[1] and "error" in rows[2] and "unknown ruleset" in rows[3]["error"]
    assert rows[4]["question"] == "what is a power play" and rows[4]["citations"]


def test_bad_input_is_one_line_and_non_zero():
    proc = rulebot("ask", "penalty shot", "--ruleset", "nope")
    assert proc.returncode != 0
    assert proc.stderr.strip().count("\n") == 0 and "unknown ruleset" in proc.stderr
    proc = rulebot("rule", "rha", "999")
    assert proc.returncode != 0 and "no rule" in proc.stderr and "numbered 101 to 642" in proc.stderr
    proc = rulebot("rule", "ball-hockey", "3")  # below the first number too, not "did you mean '13'"
    assert proc.returncode != 0 and "numbered 5 to 42" in proc.stderr
    proc = rulebot("rule", "firs-2017", "6.4.99")  # past the last of a section
    assert proc.returncode != 0 and "its 6.4 rules are numbered 6.4.1 to 6.4.35" in proc.stderr
    proc = rulebot("rule", "rha", "break away")  # words no RHA title is close to: how to search them
    assert proc.returncode != 0 and "rulebot ask 'break away' -r rha" in proc.stderr
    # an argument argparse refuses is one line too, naming the argument
    proc = rulebot("quiz", "--level", "9")
    assert proc.returncode == 2 and proc.stderr.strip().count("\n") == 0 and "--level" in proc.stderr


def test_rule_command_shows_subclauses():
    proc = rulebot("rule", "rha", "402")
    assert proc.returncode == 0
    assert "402 (a)" in proc.stdout and "1:30" in proc.stdout


def test_an_unknown_rule_suggests_the_closest_and_an_empty_search_is_an_error():
    proc = rulebot("rule", "firs-2017", "break away")
    assert proc.returncode != 0 and "did you mean 'Break-Away'?" in proc.stderr
    proc = rulebot("rule", "rha", "trippin")  # a rule's title, with its number
    assert proc.returncode != 0 and "did you mean 'TRIPPING' (642)?" in proc.stderr
    proc = rulebot("rule", "rha", "RHA", "402")  # the ruleset named again before the number
    assert proc.returncode == 0 and "402 (a)" in proc.stdout
    proc = rulebot("rule", "ball hockey 12")  # name and number typed as one argument
    assert proc.returncode == 0 and proc.stdout.startswith("12\n")
    proc = rulebot("rule", "nope 12")
    assert proc.returncode != 0 and "unknown ruleset 'nope 12'" in proc.stderr
    proc = rulebot("search", "")
    assert proc.returncode == 2 and "the search query is empty" in proc.stderr


def test_every_command_has_help():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, p in sub.choices.items():
        assert p.description or p.format_help(), name
    assert main(["rulesets", "--json"]) == 0


def test_chat_ends_on_quit_and_shows_help():
    r = rulebot("chat", "--json", stdin="help\nwhat is the penalty for hooking\nquit\nhow long is a minor\n")
    assert r.returncode == 0
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(rows) == 2  # the help, the answer; the question after "quit" is never asked
    assert "Follow-ups reuse the previous subject" in rows[0]["help"] and "answer" in rows[1]


def test_a_follow_up_asked_alone_points_to_chat():
    # with nothing to go on, a one-line error (not "not covered"); answered, a note beside the answer
    r = rulebot("ask", "and in RHA?")
    assert r.returncode == 2 and "rulebot chat" in r.stderr and not r.stdout
    assert len(r.stderr.strip().splitlines()) == 1
    r = rulebot("ask", "what about a major?")
    assert r.returncode == 0 and "rulebot chat" in r.stderr and r.stdout
    assert "rulebot chat" not in rulebot("ask", "how long is a minor in RHA?").stderr
    # ... as JSON for a tool: an object with the error, still a non-zero exit
    r = rulebot("ask", "and in RHA?", "--json")
    row = json.loads(r.stdout)
    assert r.returncode == 2 and "rulebot chat" in row["error"]
    assert not row["answered"] and {"question", "ruleset", "answer", "kind", "citations"} <= row.keys()
    # a follow-up with a topic of its own is answered as such: not covered in the ball-hockey league
    r = rulebot("ask", "what about icing?", "--ruleset", "ball-hockey", "--json")
    assert r.returncode == 0 and "icing" in json.loads(r.stdout)["answer"]
    # ... and in a batch, the answer says so
    r = rulebot("ask", "--jsonl", stdin='{"question": "and in RHA?"}\n')
    row = json.loads(r.stdout)
    assert r.returncode == 0 and not row["answered"] and "rulebot chat" in row["answer"]


def test_a_question_not_covered_prints_the_rule_it_rests_on_then_see_also():
    out = rulebot("ask", "Kid gets a major for a hit to the head. How many games does he sit?",
                  "--ruleset", "challenge-cup-u9").stdout
    cited, _, see_also = out.partition("See also:")
    assert "1. U9 Challenge Cup 1" in cited and "Hockey Canada Playing Rules" in cited
    assert "1. U9 Challenge Cup" in see_also


def test_a_long_clause_wraps_under_its_own_indent():
    from rulebot.cli.render import indented

    text = "A Match penalty involves the suspension of a player for the balance of the game " * 3
    lines = indented(text, 4, 60).splitlines()
    assert len(lines) > 1 and all(line.startswith("    ") and len(line) <= 60 for line in lines)
