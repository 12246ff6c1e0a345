"""Recognising PDF-extraction artefacts in rule text: running page footers, page numbers left in
mid-sentence, and dot-leader table-of-contents lines.  Layout parsers call these and hand what they
remove to :meth:`rulebot.corpus.builder.Builder.artefact`."""

from __future__ import annotations

import re
from collections import Counter

DOT_LEADER = re.compile(r"\.{4,}|(?:\. ){4,}")
_DIGITS = re.compile(r"\d+")


def find_footer(lines: list[str], min_repeats: int = 3) -> re.Pattern[str] | None:
    """Find a running footer: a short line (under 40 characters, with letters) that repeats at least
    ``min_repeats`` times, allowing a page number before or after it ("28 V1 May 1, 2017").

    Returns a pattern matching the footer at the end of a line, with an optional page number before it
    (group ``page``), or None when the document has no such footer.
    """
    counts: Counter[str] = Counter()
    for line in lines:
        s = line.strip()
        if 0 < len(s) < 40 and re.search(r"[A-Za-z]", s):
            core = re.sub(r"^\d{1,4}\s+", "", s)
            if len(core) >= 6:
                counts[core] += 1
    if not counts:
        return None
    core, n = counts.most_common(1)[0]
    if n < min_repeats:
        return None
    # A repeated heading ("General") is not a footer: it must carry a page number at least once.
    with_page = sum(1 for line in lines if re.fullmatch(rf"\s*\d{{1,4}}\s+{re.escape(core)}\s*", line))
    if with_page == 0:
        return None
    return re.compile(rf"(?:(?<=\s)|^)(?P<page>\d{{1,4}}\s+)?{re.escape(core)}\s*$")


def split_trailing_page_number(text: str) -> tuple[str, str]:
    """Split a page number left at the end of a paragraph ("... does not score. 17") off the text.

    Returns ``(text, page)``; ``page`` is empty when the paragraph does not end in a bare number
    of one to three digits.
    """
    m = re.search(r"\s(\d{1,3})\s*$", text)
    if not m:
        return text, ""
    return text[: m.start()], m.group(1)


def is_toc_line(line: str) -> bool:
    """A table-of-contents line: it has dot leaders followed by a page number."""
    return bool(re.search(r"\.{4,}\s*\d+", line))
