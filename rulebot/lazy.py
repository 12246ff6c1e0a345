"""Things built on first use, so importing a module stays fast (``rulebot ask`` starts in a fraction
of a second)."""

from __future__ import annotations

import re


class LazyRegex:
    """A regular expression compiled on first use; otherwise used like the compiled pattern
    (``LazyRegex(r"\\d+", re.I).search(text)``)."""

    __slots__ = ("_args", "_rx")

    def __init__(self, *args) -> None:
        self._args = args
        self._rx = None

    def __getattr__(self, name: str):
        if self._rx is None:
            self._rx = re.compile(*self._args)
        return getattr(self._rx, name)
