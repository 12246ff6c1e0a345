"""Command-line options several commands share."""

from __future__ import annotations

import argparse


def add_output(p: argparse.ArgumentParser, one: str, batch: str) -> None:
    """``--json`` (print ``one`` as one JSON object) or ``--jsonl`` (a batch: read ``batch`` JSON lines
    on stdin, write one result per line), not both."""
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help=f"print {one} as one JSON object")
    out.add_argument("--jsonl", action="store_true",
                     help=f"batch: read {batch} JSON lines on stdin, write one result per line")
