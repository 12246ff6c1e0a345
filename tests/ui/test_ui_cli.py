"""The app's commands (``rulebot``, ``rulebot app``, ``rulebot serve``), the settings file, the
library adapter, and the rule that the core never imports Textual."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from rulebot.cli import build_parser
from rulebot.ui.library import PenaltyView, sort_penalties
from rulebot.ui.settings import Settings, load_settings, save_settings


def rulebot(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rulebot", *args], capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def test_core_and_cli_never_import_textual():
    code = (
        "import sys\n"
        "import rulebot.cli, rulebot.cli.app, rulebot.ui.library, rulebot.ui.settings\n"
        "from rulebot.cli import build_parser\n"
        "build_parser()\n"
        "from rulebot.search import get_searcher\n"
        "get_searcher().ask('how long is a minor penalty', 'rha')\n"
        "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
        "print(bad)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_app_and_serve_commands_are_registered():
    parser = build_parser()
    args = parser.parse_args(["serve", "--port", "8123", "--host", "0.0.0.0"])
    assert (args.host, args.port) == ("0.0.0.0", 8123)
    assert parser.parse_args(["serve"]).host == "127.0.0.1"
    assert callable(parser.parse_args(["app"]).func)


def test_bad_port_is_a_usage_error():
    proc = rulebot("serve", "--port", "99999")
    assert proc.returncode == 2
    assert "a port is 1 to 65535" in proc.stderr


def test_app_without_a_terminal_says_so_in_one_line():
    for argv in ((), ("app",)):
        proc = rulebot(*argv)
        assert proc.returncode == 2, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("rulebot: error: the app needs a terminal")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_on_localhost():
    pytest.importorskip("textual_serve")
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "rulebot", "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=os.environ.copy())
    try:
        body = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as resp:
                    assert resp.status == 200
                    body = resp.read().decode("utf-8", "replace")
                    break
            except OSError:
                time.sleep(0.5)
        assert "rulebot" in body and "textual" in body.lower()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_settings_round_trip_and_bad_files(tmp_path):
    path = tmp_path / "s.json"
    assert load_settings(path) == Settings()
    save_settings(Settings("rha", "textual-light"), path)
    assert load_settings(path) == Settings("rha", "textual-light")
    assert not [p for p in tmp_path.iterdir() if p.name != "s.json"]  # no temp file left behind
    path.write_text("{not json")
    assert load_settings(path) == Settings()
    path.write_text(json.dumps({"ruleset": 3, "theme": ["x"]}))
    assert load_settings(path) == Settings()


def test_settings_default_to_the_user_data_dir(tmp_path):
    save_settings(Settings(ruleset="firs-2017"))
    stored = json.loads((tmp_path / "user-data" / "app-settings.json").read_text())
    assert stored["ruleset"] == "firs-2017"


def _row(name, rule, minutes):
    return PenaltyView("rha", name, rule, "", "minor", minutes, "", None)


def test_sort_penalties_orders_rule_numbers_as_numbers_and_untimed_last():
    rows = [_row("b", "6.4.13", None), _row("a", "6.4.5", 5.0), _row("c", "6.4.21 C", 2.0)]
    assert [r.rule for r in sort_penalties(rows, "rule")] == ["6.4.5", "6.4.13", "6.4.21 C"]
    assert [r.infraction for r in sort_penalties(rows, "duration")] == ["c", "a", "b"]
    assert [r.infraction for r in sort_penalties(rows, "infraction", reverse=True)] == ["c", "b", "a"]


def test_the_served_page_loads_nothing_from_other_hosts():
    from pathlib import Path

    from rulebot.cli.app import offline_templates

    page = (Path(offline_templates()) / "app_index.html").read_text(encoding="utf-8")
    assert "googleapis" not in page and "https://" not in page.split("<body")[0]
    assert "textual.js" in page  # the page itself is intact


def test_the_penalties_tab_spaces_a_rule_number_as_the_clauses_are_labelled():
    from rulebot.ui.widgets.penalties import _spaced

    # FIRS's penalty index prints "6.4.21C"; its clauses are "6.4.21 C"
    assert _spaced("6.4.21C") == "6.4.21 C" and _spaced("6.4.21 C") == "6.4.21 C"
    assert _spaced("609 (a)") == "609 (a)" and _spaced("28") == "28" and _spaced("") == ""
