"""Rule numbers: turning a number as printed ("6.4.21 C", "605 (b)", "RULE 605", "6.4.21C") into the
normalised key used in clause ids ("6.4.21.c", "605.b"), and finding rule numbers inside a query."""

from __future__ import annotations

import re
from functools import lru_cache

_SPLIT = re.compile(r"[\s.()\[\]#§¶:,-]+")


@lru_cache(maxsize=16384)  # the rulebooks' numbers, looked up again and again while answering
def rule_key(number: str) -> str:
    """Normalise a printed rule number to a key: lower case, parts joined by dots.

    ``"6.4.21 C"`` and ``"6.4.21C"`` -> ``"6.4.21.c"``; ``"605 (b)"``, ``"605(b)"``, ``"RULE 605 (b)"``
    -> ``"605.b"``; ``"601 (d) 1"`` -> ``"601.d.1"``; ``"2A"`` -> ``"2a"``; ``"Situation #1"`` ->
    ``"situation.1"``; ``"35 ¶2"`` -> ``"35.p2"``; ``"Format •1"`` -> ``"format.i1"``.  A letter glued to a dotted number ("6.4.21C") is split off; one glued to a
    plain number ("2A", a list item) is kept.
    """
    text = number.strip().lower()
    text = re.sub(r"^(rule|rules|section|sect|article|art|clause|para|paragraph)\b\.?\s*", "", text)
    # possessive and anchored at the start of a number: linear on any input ("1.1.1.1..." x 10 000)
    text = re.sub(r"(?<![\d.])(\d++(?:\.\d++)++)([a-z])\b", r"\1 \2", text)
    # unnumbered paragraphs and bullets keep their sign: "35 ¶2" -> "35.p2", "Format •1" -> "format.i1"
    text = re.sub(r"¶\s*(\d+)", r" p\1", text)
    text = re.sub(r"•\s*(\d+)", r" i\1", text)
    parts = [p for p in _SPLIT.split(text) if p]
    return ".".join(parts)


def key_variants(number: str) -> list[str]:
    """Keys to try when looking a printed number up, most specific first (also the glued form
    ``"2a"`` split as ``"2.a"`` and the reverse)."""
    key = rule_key(number)
    out = [key]
    glued = re.sub(r"^(\d+)([a-z])$", r"\1.\2", key)
    if glued != key:
        out.append(glued)
    unglued = re.sub(r"^(\d+)\.([a-z])$", r"\1\2", key)
    if unglued != key:
        out.append(unglued)
    return out
