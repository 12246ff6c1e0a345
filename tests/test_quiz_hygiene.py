"""The quiz core is headless: importing it pulls in neither Textual nor rich (the CLI imports rich
inside its functions; the TUI drives the same session)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_quiz_core_imports_no_ui():
    code = (
        "import sys\n"
        "import rulebot.quiz.bank, rulebot.quiz.check, rulebot.quiz.generate, rulebot.quiz.session\n"
        "import rulebot.quiz.history, rulebot.cli.quiz\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == ""
