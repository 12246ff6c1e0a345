"""``rulebot penalties`` and ``rulebot signal`` (issue 3), run as a user runs them."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from rulebot.cli import build_parser
from rulebot.cli.signal import run_jsonl
from rulebot.corpus import load_index
from rulebot.signals import load_signals


def rulebot(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rulebot", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_commands_are_registered_with_help():
    parser = build_parser()
    for cmd in ("penalties", "signal"):
        args = parser.parse_args([cmd, "x"])
        assert callable(args.func)


def test_penalties_json_for_spearing_in_firs():
    proc = rulebot("penalties", "spearing", "causing", "injury", "--ruleset", "FIRS", "--json")
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert (rows[0]["rule"], rows[0]["code"], rows[0]["penalty"]) == ("6.4.31B", "MP", "match")
    assert rows[0]["ruleset"] == "firs-2017"


def test_penalties_table_has_the_columns():
    proc = rulebot("penalties", "boarding", "-r", "firs-2017")
    assert proc.returncode == 0, proc.stderr
    for word in ("infraction", "rule", "code", "duration", "Boarding", "6.4.13", "5'+GM"):
        assert word in proc.stdout
    assert "severe form" in proc.stdout


def test_penalties_by_code():
    proc = rulebot("penalties", "--code", "MP", "--ruleset", "firs-2017", "--json")
    rows = json.loads(proc.stdout)
    assert len(rows) == 8 and {r["code"] for r in rows} == {"MP"}


def test_penalty_classes_json():
    proc = rulebot("penalties", "--classes", "--ruleset", "youth-cup", "--json")
    classes = {c["name"]: c for c in json.loads(proc.stdout)}
    assert classes["match"]["minutes"] == 25 and classes["minor"]["minutes"] == 2


def test_penalties_errors():
    proc = rulebot("penalties", "boarding", "--ruleset", "nhl")
    assert proc.returncode == 2 and "unknown ruleset" in proc.stderr
    proc = rulebot("penalties", "xyzzy", "--ruleset", "rha")
    assert proc.returncode == 3 and "no infraction" in proc.stderr


def test_signal_human_output():
    proc = rulebot("signal", "ref", "taps", "his", "elbow")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0].startswith("1. Elbowing")
    assert "6.4.17" in proc.stdout


def test_signal_json():
    proc = rulebot("signal", "both hands on the hips", "--json")
    data = json.loads(proc.stdout)
    assert data["query"] == "both hands on the hips"
    assert data["results"][0]["name"] == "Misconduct"


def test_signal_jsonl_batch_goes_on_after_a_bad_line():
    lines = "\n".join([
        json.dumps({"query": "chopping motion on the forearm"}),
        "not json",
        json.dumps({"question": "wrong key"}),
        "",
        json.dumps({"query": "hand on top of the helmet"}),
    ]) + "\n"
    proc = rulebot("signal", "--jsonl", stdin=lines)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == 4
    assert out[0]["results"][0]["name"] == "Slashing"
    assert set(out[0]["results"][0]) >= {"name", "description", "ruleset", "penalties", "rule"}
    assert "error" in out[1] and "error" in out[2]
    assert out[3]["query"] == "hand on top of the helmet" and out[3]["results"][0]["name"] == "Match"


def test_signal_usage_errors():
    assert rulebot("signal").returncode == 2
    assert rulebot("signal", "x", "--jsonl").returncode == 2
    # a rulebook without signals is answered from the others, saying so (as `rulebot ask` does)
    proc = rulebot("signal", "hands on hips", "--ruleset", "ball-hockey", "--json")
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout)
    assert found["note"] == "The Ball hockey rules describe no referee signals; from the other rulebooks:"
    assert found["results"][0]["name"] == "Misconduct"


def test_signal_described_inside_a_rule_is_listed():
    proc = rulebot("signal", "arm raised straight up", "--ruleset", "rha")
    assert proc.returncode == 0, proc.stderr
    assert "Delayed penalty (RHA 409 (b)" in proc.stdout
    proc = rulebot("signal", "hands on hips", "--ruleset", "rha")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("The RHA rules describe no signal like that; from the other rulebooks:")
    assert "Misconduct (FIRS Annex B" in proc.stdout


def test_run_jsonl_in_process():
    signals = load_signals(load_index())
    out = io.StringIO()
    run_jsonl(signals, io.StringIO('{"query": "ref points at the net"}\n[1]\n'), out, limit=2)
    first, second = [json.loads(x) for x in out.getvalue().splitlines()]
    assert first["results"][0]["name"] == "Goal Scored" and len(first["results"]) <= 2
    assert second["error"].startswith("line 2")


def test_penalties_of_a_rulebook_with_only_classes_points_to_them():
    done = rulebot("penalties", "--ruleset", "youth-cup")
    assert done.returncode != 0 and "--classes --ruleset youth-cup" in done.stderr
    assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr


def test_the_classes_table_keeps_the_effect_readable_in_80_columns():
    import os

    done = subprocess.run([sys.executable, "-m", "rulebot", "penalties", "--classes"], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    # ball hockey 23's effect reads as a line of words, not one word a line
    assert any("Penalties are 1 minute" in line for line in lines)
