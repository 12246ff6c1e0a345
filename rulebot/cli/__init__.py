"""The ``rulebot`` command line.

Each sub-command lives in its own module under :mod:`rulebot.cli` and exposes
``register(subparsers) -> None``, which adds an argparse sub-parser whose ``func`` default is called
with the parsed arguments and returns an exit status.  Modules are imported only to register their
arguments; heavy imports (the index, rich, textual) happen inside the ``func`` that needs them.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from rulebot.errors import ExitStatus, RulebotError

#: Sub-command modules, in the order ``rulebot --help`` lists them.
COMMAND_MODULES = (
    "rulebot.cli.ask",
    "rulebot.cli.chat",
    "rulebot.cli.lookup",
    "rulebot.cli.quiz",
    "rulebot.cli.penalties",
    "rulebot.cli.signal",
    "rulebot.cli.ingest",
    "rulebot.cli.app",
)


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr ("rulebot quiz: error: argument
    --level: invalid choice: 9 (choose from 1, 2, 3); see rulebot quiz --help") and exit status 2."""

    def error(self, message: str):  # noqa: D102 - argparse's hook
        self.exit(2, f"{self.prog}: error: {message}; see {self.prog} --help\n")


def build_parser() -> argparse.ArgumentParser:
    """The top-level argument parser with every sub-command registered."""
    from rulebot import __version__

    parser = OneLineParser(
        prog="rulebot",
        description="Rules lookup, penalty and signal index, and quizzes for hockey referees. "
        "Run with no command to open the app.",
    )
    parser.add_argument("--version", action="version", version=f"rulebot {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:  # a command whose module is not there yet
            if exc.name != name:
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``rulebot`` with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    Errors derived from :class:`rulebot.errors.RulebotError` print one line on stderr
    (``rulebot: error: ...``) and return their status.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        func = _default_command(parser)
    try:
        return int(func(args) or 0)
    except RulebotError as err:
        print(f"rulebot: error: {err}", file=sys.stderr)
        return int(err.status)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return int(ExitStatus.OK)
    finally:
        _warn_skipped()


def _warn_skipped() -> None:
    """One line on stderr per added ruleset left out because it could not be read."""
    from rulebot.corpus.loader import skipped_rulesets

    for folder, error in skipped_rulesets().items():
        print(f"rulebot: warning: ruleset {folder!r} left out: {error}", file=sys.stderr)


def _default_command(parser: argparse.ArgumentParser):
    """With no sub-command: open the app when it is installed, else print help."""
    try:
        from rulebot.cli import app as app_cmd
    except ModuleNotFoundError:
        def show_help(_args):
            parser.print_help()
            return 0
        return show_help
    return app_cmd.run_default
