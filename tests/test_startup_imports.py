"""Start-up hygiene (issue 8): ``rulebot ask`` loads only what answering needs.  The TUI (textual), PDF
reading (pypdf) and quiz-bank validation (pydantic) are imported inside the commands that use them, so
they never load for an answer; with ``--json`` not even rich loads.

Each check runs in a fresh interpreter (``python -c``): it imports ``rulebot.cli``, runs an ask
in-process through ``rulebot.cli.main`` and prints the top-level packages in ``sys.modules``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import contextlib, io, json, sys
import rulebot.cli
out = io.StringIO()
with contextlib.redirect_stdout(out):
    status = rulebot.cli.main({argv!r})
print(json.dumps({{"status": status, "stdout": out.getvalue(),
                   "modules": sorted({{m.split(".")[0] for m in sys.modules}})}}))
"""


def _run(argv: list[str]) -> dict:
    proc = subprocess.run([sys.executable, "-c", PROBE.format(argv=argv)], capture_output=True, text=True,
                          timeout=180)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("argv, absent", [
    (["ask", "how long is a minor penalty", "--ruleset", "rha", "--json"], {"textual", "pypdf", "pydantic", "rich"}),
    (["ask", "what's the call for spearing in FIRS"], {"textual", "pypdf", "pydantic"}),
])
def test_ask_does_not_import_the_tui(argv, absent):
    seen = _run(argv)
    assert seen["status"] == 0
    assert seen["stdout"].strip(), "the ask printed its answer"
    if "--json" in argv:
        assert json.loads(seen["stdout"])["citations"][0]["rule"].startswith("402")
    loaded = absent & set(seen["modules"])
    assert not loaded, f"`rulebot {' '.join(argv)}` imported {sorted(loaded)}"
    assert "rulebot" in seen["modules"] and "textual" not in seen["modules"]


def test_the_probe_sees_textual_when_a_command_does_import_it():
    """The check above can fail: importing the app's module does bring textual in."""
    proc = subprocess.run([sys.executable, "-c", "import sys, rulebot.ui.app; print('textual' in sys.modules)"],
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "True"
