"""Command-line options several commands share."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable
from typing import TextIO

from rulebot.errors import RulebotError, UsageError


def add_output(p: argparse.ArgumentParser, one: str, batch: str) -> None:
    """``--json`` (print ``one`` as one JSON object) or ``--jsonl`` (a batch: read ``batch`` JSON lines
    on stdin, write one result per line), not both."""
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help=f"print {one} as one JSON object")
    out.add_argument("--jsonl", action="store_true",
                     help=f"batch: read {batch} JSON lines on stdin, write one result per line")


def json_line(obj: dict, indent: int | None = None) -> str:
    """``obj`` as JSON (one line unless ``indent``), non-ASCII kept as is -- except that a string
    holding a lone surrogate (a ``"\\ud800"`` escape in a JSON line, or a command-line argument that
    is not UTF-8) is written with ASCII escapes, since it cannot be encoded as UTF-8."""
    line = json.dumps(obj, ensure_ascii=False, indent=indent)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = json.dumps(obj, indent=indent)
    return line


def run_batch(stdin: Iterable[str], stdout: TextIO, answer: Callable[[dict, int], dict]) -> int:
    """A JSON Lines batch: for each non-blank line of ``stdin`` (a JSON object), one JSON line on
    ``stdout``, in order, from ``answer(object, line_number)``.  A line that is not a JSON object, or
    that ``answer`` rejects with a RulebotError, yields ``{"error": "line n: ...", "line": n}`` and the
    batch goes on.  Returns 0."""
    for lineno, line in enumerate(stdin, 1):
        if not line.strip():
            continue
        try:
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise UsageError(f"line {lineno}: not JSON ({exc.msg})") from None
            if not isinstance(item, dict):
                raise UsageError(f"line {lineno}: expected a JSON object")
            out = answer(item, lineno)
        except RulebotError as err:
            message = str(err) if str(err).startswith("line ") else f"line {lineno}: {err}"
            out = {"error": message, "line": lineno}
        stdout.write(json_line(out) + "\n")
        stdout.flush()
    return 0
