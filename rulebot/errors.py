"""One exception hierarchy for rulebot; the CLI maps each to a one-line message and an exit status."""

from __future__ import annotations

from enum import IntEnum


class ExitStatus(IntEnum):
    """Process exit statuses of the ``rulebot`` command."""

    OK = 0
    ERROR = 1
    USAGE = 2
    NOT_FOUND = 3
    DATA = 4


class RulebotError(Exception):
    """Base class: ``str(err)`` is a one-line message for the user; ``status`` the exit status."""

    status: ExitStatus = ExitStatus.ERROR


class UsageError(RulebotError):
    """A bad argument (unknown ruleset, empty question, bad option value)."""

    status = ExitStatus.USAGE


class NotFoundError(RulebotError):
    """A rule number, ruleset or file that does not exist."""

    status = ExitStatus.NOT_FOUND


class DataError(RulebotError):
    """A malformed data file (YAML, rule text, quiz bank, history database).

    The message names the file and, where known, the line: ``path:line: what is wrong``.
    """

    status = ExitStatus.DATA

    def __init__(self, message: str, path: object | None = None, line: int | None = None) -> None:
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line else f"{path}: "
        super().__init__(where + message)
        self.path = path
        self.line = line
