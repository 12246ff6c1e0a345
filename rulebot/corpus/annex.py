"""Rebuild the two FIRS 2017 annex tables from their scrambled PDF extraction.

Pure functions (text in, records out) that the FIRS layout parser calls for the bodies of
Annex B ("FIRS Penalty Signals") and Annex C ("FIRS PENALTY INDEX").  Both take the annex body after
its heading line, with running page footers ("47 V1 May 1, 2017") already removed and paragraphs
separated by blank lines as in the source.

What the extraction did, and how it is undone:

Annex B (signals).  Each signal is a short title-case *name* ("Cross-Checking") and a *description*
sentence ("A single forward and back motion ...").  The extraction keeps the names in order and the
descriptions in order, but interleaves the two streams differently on each page ("Body Checking",
"Butt-Ending", then both descriptions), and sometimes glues the next name to the end of a description
("... on the top of the helmet. Holding").  So: split glued names off, classify every paragraph as a
name or a description by its shape, and pair the n-th name with the n-th description.  At the page
48/49 boundary the order is broken in a way the text alone does not settle; the pairs there come
from ``rulebot/data/annex_corrections.yaml`` (each entry gives its reason).

Annex C (penalty index).  Rows are ``DESCRIPTION  RULE  DURATION`` (the duration is a code such as
``2'`` or ``5'+GM``; a few rows have none).  The extraction gives one cell per paragraph in row order,
except that (1) the column headers are scattered (``RULE 6.4.5`` glues a header to the first rule);
(2) the first row's description overflowed to the top of the next page, where it comes *before* that
page's ``DESCRIPTION`` header; (3) the next page's first two descriptions are packed into one paragraph
after the header (``DESCRIPTION Leaving the ... fight) Throwing Stick``), followed by their two
rule/code pairs; (4) the durations of the last three rows are packed into the table's final line
(``10' Face off report to authority GE``), after every rule cell; one row (6.4.35) has no duration.  The table is read in segments (descriptions, then rule/code cells); a description
that comes before a page's ``DESCRIPTION`` header fills the earlier row left without one, and a packed
paragraph is split where the layout says one description ends (after a closing parenthesis, before a
capitalised word, or where the rest repeats another row's description); trailing packed duration
cells go, in order, to the last rows printed without one.

Invariant (tested): every word (:func:`annex_words`) of the input lands in exactly one output field;
Annex C's column-header words are returned in ``headers``; Annex B words that belong to no signal are
returned in ``leftover`` (empty for the real annex).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from rulebot.lazy import LazyRegex as _LazyRegex


__all__ = [
    "SignalEntry",
    "SignalTable",
    "PenaltyRow",
    "PenaltyTable",
    "annex_words",
    "load_corrections",
    "parse_signals",
    "parse_penalty_index",
    "RULE_PATTERN",
    "CODE_PATTERN",
]

_WORD = _LazyRegex(r"\w+")
_WS = _LazyRegex(r"\s+")

#: A rule reference as Annex C prints it: "6.4.5", "6.4.21C", "6.4.12 A", "6.4.20 A, B", "6.4.28A B, C".
RULE_PATTERN = r"\d+(?:\.\d+)+(?:\s*[A-Z](?:\s*,?\s*[A-Z])*)?"
#: A duration code as Annex C prints it: "2'", "2+2'", "5'+GM", "2+2+GM", "10'", "GM", "MIS", "MP", "PS", "GE".
CODE_PATTERN = r"(?:\d+'?(?:\+\d+'?)*(?:\+(?:GM|MIS|MP|GE|PS))*|GM|MIS|MP|PS|GE)"
_RULE = _LazyRegex(rf"{RULE_PATTERN}")
_CODE = _LazyRegex(rf"{CODE_PATTERN}")
_RULE_CODE = _LazyRegex(rf"({RULE_PATTERN})\s+({CODE_PATTERN})")
_HEADERS = ("DESCRIPTION", "RULE", "DURATION")

# Words that may stay lower case inside a title-case signal name ("Delay of Game").
_NAME_CONNECTORS = {"of", "from", "and", "or", "the", "to", "on", "in", "with", "a"}


def annex_words(text: str) -> list[str]:
    """The words of ``text`` as the no-word-lost invariant counts them: runs of letters, digits and
    underscore (``\\w+``).  Punctuation ("/", "'", "+", "*") is not a word."""
    return _WORD.findall(text)


def _squash(text: str) -> str:
    return _WS.sub(" ", text).strip()


def _paragraphs(text: str) -> list[str]:
    """Blank-line separated paragraphs, each with its white space collapsed; empty ones dropped."""
    return [p for p in (_squash(x) for x in re.split(r"\n\s*\n", text)) if p]


# ---------------------------------------------------------------------------------------- corrections

@dataclass(frozen=True)
class _SignalFix:
    name: str
    description: str
    reason: str


@dataclass(frozen=True)
class _SplitFix:
    text: str
    parts: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Corrections:
    """The hand corrections for truly ambiguous extraction (``rulebot/data/annex_corrections.yaml``).

    ``signals``: name/description pairs fixed by hand (both strings exactly as extracted);
    ``splits``: packed Annex C description paragraphs and the descriptions they hold.
    """

    signals: tuple[_SignalFix, ...] = ()
    splits: tuple[_SplitFix, ...] = ()


@lru_cache(maxsize=1)
def load_corrections() -> Corrections:
    """Read and validate ``rulebot/data/annex_corrections.yaml``.

    Raises :class:`rulebot.errors.DataError` (naming the file) when an entry lacks a field or a
    ``reason``, or when a split's parts do not join back to its text.
    """
    from importlib import resources

    import yaml

    from rulebot.errors import DataError

    path = resources.files("rulebot.data").joinpath("annex_corrections.yaml")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"cannot read annex corrections: {exc}", path) from exc
    signals, splits = [], []
    for i, item in enumerate(data.get("signals") or [], 1):
        if not isinstance(item, dict) or not all(
            isinstance(item.get(k), str) and item[k].strip() for k in ("name", "description", "reason")
        ):
            raise DataError(f"signals entry {i} needs non-empty name, description and reason", path)
        signals.append(_SignalFix(_squash(item["name"]), _squash(item["description"]), item["reason"].strip()))
    for i, item in enumerate(data.get("splits") or [], 1):
        parts = item.get("parts") if isinstance(item, dict) else None
        if not (isinstance(item, dict) and isinstance(item.get("text"), str) and isinstance(parts, list)
                and len(parts) >= 2 and all(isinstance(p, str) for p in parts)
                and isinstance(item.get("reason"), str) and item["reason"].strip()):
            raise DataError(f"splits entry {i} needs text, two or more parts and a reason", path)
        text = _squash(item["text"])
        if _squash(" ".join(parts)) != text:
            raise DataError(f"splits entry {i}: parts do not join back to the text", path)
        splits.append(_SplitFix(text, tuple(_squash(p) for p in parts), item["reason"].strip()))
    return Corrections(tuple(signals), tuple(splits))


# ---------------------------------------------------------------------------------------- Annex B

@dataclass(frozen=True)
class SignalEntry:
    """One referee signal of FIRS Annex B: ``name`` as printed ("Cross-Checking", "Delay of Game";
    a dangling "/" dropped) and ``description`` of the arm signal, as printed."""

    name: str
    description: str


@dataclass(frozen=True)
class SignalTable:
    """Result of :func:`parse_signals`: ``signals`` in document order (by the position of the name)
    and ``leftover``, the words of paragraphs that could not be paired (empty for the real annex)."""

    signals: list[SignalEntry] = field(default_factory=list)
    leftover: list[str] = field(default_factory=list)


def _is_name(text: str) -> bool:
    """A signal name: at most five words, no sentence ending, every word capitalised except
    connectors ("Checking from Behind"); stray punctuation ("Roughing /") allowed."""
    if text.endswith((".", "!", "?", ",")):
        return False
    words = [w for w in text.split() if re.search(r"[A-Za-z]", w)]
    if not words or len(words) > 5 or not words[0][0].isupper():
        return False
    return all(w[0].isupper() or w.lower() in _NAME_CONNECTORS for w in words)


_GLUED_NAME = _LazyRegex(r"^(?P<desc>.*[.!?])\s+(?P<name>[A-Z][^.!?]*)$")


def _clean_name(name: str) -> str:
    """Drop dangling punctuation from a name ("Roughing /" -> "Roughing")."""
    return re.sub(r"[\s/,;:–-]+$", "", name).strip()


def parse_signals(text: str) -> SignalTable:
    """Pair the names and descriptions of FIRS Annex B.

    ``text``: the annex body after the heading "Annex B FIRS Penalty Signals", footers removed,
    paragraphs separated by blank lines.  Returns a :class:`SignalTable` whose signals come in the
    order their names are printed.  Names and descriptions are paired in order, except the pairs given
    in the corrections file (see the module docstring).  Two signals (Timeout and Unsportsmanlike) are
    printed with the same description; each keeps its own copy.
    """
    names: list[tuple[int, str, str]] = []   # (position, cleaned name, raw)
    descs: list[tuple[int, str]] = []
    pos = 0
    for para in _paragraphs(text):
        if _is_name(para):
            names.append((pos, _clean_name(para), para))
            pos += 1
            continue
        m = _GLUED_NAME.match(para)
        if m and _is_name(m.group("name").strip()):
            descs.append((pos, m.group("desc").strip()))
            names.append((pos + 1, _clean_name(m.group("name").strip()), m.group("name").strip()))
            pos += 2
            continue
        descs.append((pos, para))
        pos += 1

    pairs: list[tuple[int, SignalEntry]] = []
    for fix in load_corrections().signals:
        n = next((x for x in names if x[1] == fix.name), None)
        d = next((x for x in descs if x[1] == fix.description), None)
        if n is None or d is None:
            continue  # the fix is for another edition of the text; nothing to correct
        names.remove(n)
        descs.remove(d)
        pairs.append((n[0], SignalEntry(n[1], d[1])))
    for (npos, name, _raw), (_dpos, desc) in zip(names, descs):
        pairs.append((npos, SignalEntry(name, desc)))
    leftover: list[str] = []
    for _npos, _name, raw in names[len(descs):]:
        leftover.extend(annex_words(raw))
    for _dpos, desc in descs[len(names):]:
        leftover.extend(annex_words(desc))
    pairs.sort(key=lambda p: p[0])
    return SignalTable([entry for _, entry in pairs], leftover)


# ---------------------------------------------------------------------------------------- Annex C

@dataclass(frozen=True)
class PenaltyRow:
    """One row of FIRS Annex C: ``description`` as printed ("Boarding *": the asterisk marks the
    severe form), ``rule`` reference as printed ("6.4.21C", "6.4.28A B, C") and ``code``, the duration
    code as printed ("2'", "2+2'", "5'+GM", "MIS", "PS"...; one row has the words "Face off report to
authority" in that column) or None where the row has none."""

    description: str
    rule: str
    code: str | None


@dataclass(frozen=True)
class PenaltyTable:
    """Result of :func:`parse_penalty_index`: ``rows`` in reading order (page 1 then page 2) and
    ``headers``, the column-header words ("DESCRIPTION", "RULE", "DURATION") in the order printed."""

    rows: list[PenaltyRow] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)


@dataclass
class _Row:
    rule: str
    description: str | None = None
    code: str | None = None


def _cells(para: str, headers: list[str]) -> list[tuple[str, str]]:
    """Classify one paragraph into cells: ("H", header) ("R", rule) ("C", code) ("T", text)."""
    out: list[tuple[str, str]] = []
    rest = para
    while True:
        head = rest.split(" ", 1)
        if head[0] in _HEADERS:
            headers.append(head[0])
            out.append(("H", head[0]))
            rest = head[1] if len(head) > 1 else ""
            if not rest:
                return out
        else:
            break
    if _RULE.fullmatch(rest):
        out.append(("R", rest))
    elif _CODE.fullmatch(rest):
        out.append(("C", rest))
    elif m := _RULE_CODE.fullmatch(rest):
        out += [("R", m.group(1)), ("C", m.group(2))]
    else:
        out.append(("T", rest))
    return out


def _split_score(left: list[str], right: list[str], known: set[str]) -> float | None:
    """How likely a description ends between ``left`` and ``right`` (None: it cannot)."""
    lt, rt = " ".join(left), " ".join(right)
    if lt.count("(") != lt.count(")") or not right[0][:1].isupper():
        return None
    score = 0.0
    if lt.endswith(")"):
        score += 3
    if rt.lower() in known:
        score += 2
    if lt.lower() in known:
        score += 2
    return score


def _split_packed(texts: list[str], want: int, known: set[str]) -> list[str]:
    """Split packed description paragraphs until there are ``want`` descriptions (or no split is
    possible): first the splits listed in the corrections file, then the best-scoring layout split."""
    texts = list(texts)
    fixes = {f.text: f.parts for f in load_corrections().splits}
    while len(texts) < want:
        best: tuple[float, int, int] | None = None  # (score, text index, word index)
        for ti, t in enumerate(texts):
            if t in fixes and len(texts) - 1 + len(fixes[t]) <= want:
                best = (float("inf"), ti, -1)
                break
            words = t.split(" ")
            for wi in range(1, len(words)):
                s = _split_score(words[:wi], words[wi:], known - {t.lower()})
                if s is not None and s > 0 and (best is None or s > best[0]):
                    best = (s, ti, wi)
        if best is None:
            break
        _, ti, wi = best
        t = texts[ti]
        if wi < 0:
            texts[ti:ti + 1] = list(fixes[t])
        else:
            words = t.split(" ")
            texts[ti:ti + 1] = [" ".join(words[:wi]), " ".join(words[wi:])]
    return texts


def _packed_codes(text: str) -> list[str] | None:
    """Split a paragraph of several duration cells into cells: each code token is a cell and each
    run of other words between them is one cell ("10' Face off report to authority GE" ->
    ["10'", "Face off report to authority", "GE"]).  None when the text holds no code token or only
    one cell."""
    cells: list[str] = []
    words: list[str] = []
    found = False
    for w in text.split(" "):
        if _CODE.fullmatch(w) and not w.isdigit():
            found = True
            if words:
                cells.append(" ".join(words))
                words = []
            cells.append(w)
        else:
            words.append(w)
    if words:
        cells.append(" ".join(words))
    return cells if found and len(cells) > 1 else None


def parse_penalty_index(text: str) -> PenaltyTable:
    """Rebuild the rows of FIRS Annex C ("FIRS PENALTY INDEX").

    ``text``: the annex body after its heading line, footers removed, paragraphs separated by blank
    lines.  Returns a :class:`PenaltyTable`.  Rows keep the order their rule cells are printed in; a
    description is matched to its row as described in the module docstring.  A row whose description
    cannot be found gets ``""`` (none for the real annex).
    """
    headers: list[str] = []
    cells: list[tuple[str, str]] = []
    for para in _paragraphs(text):
        cells += _cells(para, headers)
    known = {c[1].lower() for c in cells if c[0] == "T"}

    rows: list[_Row] = []
    orphans: list[_Row] = []           # rows still waiting for a description, oldest first
    before: list[str] = []             # texts of this segment before its DESCRIPTION header
    after: list[str] = []              # texts after it (or all texts when there is no header)
    seg_rows: list[_Row] = []
    header_seen = False

    def close_segment() -> None:
        nonlocal before, after, seg_rows, header_seen
        texts = list(after)
        lead = list(before) if header_seen else []
        if not header_seen:
            texts = list(before) + texts
        # Overflowed cells: text printed above a page's DESCRIPTION header belongs to rows left
        # without a description on the page before.
        while lead and orphans:
            orphans.pop(0).description = lead.pop(0)
        texts = lead + texts
        if len(texts) < len(seg_rows):
            texts = _split_packed(texts, len(seg_rows), known)
        while len(texts) > len(seg_rows) and orphans:
            orphans.pop(0).description = texts.pop(0)
        if len(texts) > len(seg_rows) and seg_rows:
            # More text paragraphs than rows: a description wrapped onto several paragraphs.
            extra = len(texts) - len(seg_rows)
            texts = [" ".join(texts[: extra + 1])] + texts[extra + 1:]
        # Fewer descriptions than rows: the missing ones are the top rows' (pushed to the next page).
        missing = len(seg_rows) - len(texts)
        for row in seg_rows[:missing]:
            orphans.append(row)
        for row, t in zip(seg_rows[max(missing, 0):], texts):
            row.description = t
        if not seg_rows and texts:
            # Text with no rule cell after it (end of table).  Duration cells packed into one line
            # ("10' Face off report to authority GE") belong, in order, to the last rows printed
            # without a duration; other text goes to a row waiting for a description.
            for t in texts:
                packed = _packed_codes(t)
                coded = [r for r in rows if r.code is None and r.rule]
                if packed and len(packed) <= len(coded):
                    for row, code in zip(coded[len(coded) - len(packed):], packed):
                        row.code = code
                elif orphans:
                    orphans.pop(0).description = t
                else:
                    rows.append(_Row(rule="", description=t))
        before, after, seg_rows, header_seen = [], [], [], False

    for kind, value in cells:
        if kind == "H":
            if seg_rows:
                close_segment()
            if value == "DESCRIPTION":
                header_seen = True
        elif kind == "T":
            if seg_rows:
                close_segment()
            (after if header_seen else before).append(value)
        elif kind == "R":
            row = _Row(rule=value)
            rows.append(row)
            seg_rows.append(row)
        else:  # code: the first row of this segment still without one
            target = next((r for r in seg_rows if r.code is None), None)
            if target is None:
                target = _Row(rule="")
                rows.append(target)
                seg_rows.append(target)
            target.code = value
    close_segment()
    return PenaltyTable(
        [PenaltyRow(r.description or "", r.rule, r.code) for r in rows],
        headers,
    )
