"""Parser for rule sheets laid out as an outline, the shape most tournament rule sheets a referee
brings take (issue 7): markdown headings (``#``, ``##``), keyword headings ("Article 3", "Section 2.1",
"Rule 5 - Overtime", "Chapter II"), decimal numbers without a table of contents ("3.2 Overtime"),
numbered lists ("4." / "4)" / "(4)"), lettered items ("a)", "(b)", "C."), roman items ("ii)") and
bullets, under plain headings ("OVERTIME", "Game length").

How the tree is built: every line that opens with a marker has a *style* (markdown level, keyword,
decimal depth, number, lower letter, ...).  Styles are nested in the order the document first uses
them, as an outline is read: a style already open on the stack closes everything opened after it; a
new style opens below the current clause.  Decimal numbers and markdown headings carry their own
depth ("3.2.1" sits under "3.2").  A heading (markdown, keyword or plain) is never put under a list
item.  Letters and decimal numbers are split on only in sequence ("a" starts a list, "b" must
follow "a"; "1.5 minutes" at the start of a wrapped line is not a clause after "4.2"), so text that
merely begins with such a token stays text.

Numbers as printed: a decimal or keyword number keeps its print ("3.2", "Article 3"); a list number
unique in the document keeps its own ("12"), one that restarts under each heading gets the heading
("Penalties 2"), or its parent's number ("Article 3 (2)"); letters and roman numerals follow their
parent ("3.2 (b)", "12 (a)").  Unnumbered paragraphs get "¶k" after their parent, bullets "•k".

A line "Title: text" or "Title - text" after a marker gives the clause a title; a short line with no
closing punctuation is a title alone.  Lines that open no clause continue the text of the clause
before them (PDF extraction wraps lines); a blank line ends a paragraph.  Markdown markup (``**``,
``_``, backticks, links, ``>``, table rules) is stripped and recorded as markers, so every word of
the source is found once in the clauses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebot.corpus.builder import FOLLOWS, Builder, Node, ParseResult
from rulebot.corpus.numbers import rule_key

_MD_HEADING = re.compile(r"(#{1,6})\s+")
_KEYWORD = re.compile(
    r"(?P<word>Article|ARTICLE|Art\.|Section|SECTION|Sect\.|Rule|RULE|Chapter|CHAPTER|Part|PART|"
    r"Clause|CLAUSE|§)\s*(?P<num>\d{1,3}(?:\.\d{1,3})*[A-Za-z]?|[IVXLC]{1,6})(?=[\s.:)–—-]|$)[.:)]?\s*"
    r"(?:[–—-]\s*|:\s*)?")
_DECIMAL = re.compile(r"(?P<num>\d{1,3}(?:\.\d{1,3})+)\.?(?=\s|$)\s*")
_NUMBER = re.compile(r"(?P<num>\d{1,3}[A-Z]?)[.)](?=\s)\s*")
_PNUMBER = re.compile(r"\((?P<num>\d{1,3})\)\s+")
_LOWER = re.compile(r"\(?(?P<num>[a-z])[.)]\s+")
_UPPER = re.compile(r"\(?(?P<num>[A-Z])[.)]\s+")
_LROMAN = re.compile(r"\(?(?P<num>(?:x{0,2})(?:ix|iv|v?i{0,3}))[.)]\s+")
_UROMAN = re.compile(r"(?P<num>(?:X{0,2})(?:IX|IV|V?I{0,3}))[.)]\s+")
_BULLET = re.compile(r"[•▪◦·●○■□➢►✓*+–-]\s+")
_SENTENCE_END = re.compile(r"[.!?;:)\]”\"’]$")
_TITLE_SPLIT = re.compile(r"(?P<head>[A-Z0-9][^.:;!?]{0,60}?)\s*(?::|\s[–—-])\s+(?=\S)")
_TITLE_DOT = re.compile(r"(?P<head>[A-Z][\w'’/&-]*(?:\s+(?:[A-Z][\w'’/&-]*|of|and|the|for|in|on|to|&)){0,3})"
                        r"\.\s+(?=[A-Z])")
_MD_INLINE = re.compile(r"\*\*|__|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)|`")
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\(([^)]*)\)")
_MD_RULE = re.compile(r"\s*(?:[-*_]\s*){3,}$|\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
_DEFINITION_HEADING = re.compile(r"\b(definitions?|glossary|terminology|terms)\b", re.I)
_DEFINES = re.compile(r"(?P<term>[\"“]?[A-Z][\w'’ -]{1,40}?[\"”]?)\s*(?::|\s[–—-]\s|\s(?:means|is defined as)\s)\s*")

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ROMANS = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv"]
#: Styles that head a part of the document; a heading is never placed under a list item.
_HEADING_FAMILIES = frozenset({"md", "kw", "head", "uroman"})


@dataclass
class _Open:
    """One clause open on the outline stack with the style that opened it."""

    style: tuple
    node: Node
    seq: str = ""  # the number or letter printed, for sequence checks


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "x"


def _heading_like(line: str) -> bool:
    """A plain heading: at most 8 words, starts upper case, no sentence punctuation at its end
    (a closing colon is allowed: "Penalties:")."""
    words = line.split()
    if not words or len(words) > 8 or len(line) > 70:
        return False
    core = line[:-1] if line.endswith(":") else line
    if not core or re.search(r"[.;,!?)]$", core):
        return False
    return core[0].isupper() or core[0].isdigit() and bool(re.match(r"\d+\s+[A-Z]", core))


def _decimal_follows(prev: str | None, num: str) -> bool:
    """Whether decimal ``num`` plausibly follows ``prev`` in an outline: its child ("3.2" -> "3.2.1"),
    a later sibling ("3.2" -> "3.4"), a later number at a shallower level ("3.2" -> "4.1"), or the
    same number again (a duplicate)."""
    if prev is None or prev == num:  # a number printed twice is a clause too (the report flags it)
        return True
    a = [int(x) for x in prev.split(".")]
    b = [int(x) for x in num.split(".")]
    if b[:len(a)] == a and len(b) > len(a):
        return True
    for j in range(min(len(a), len(b))):
        if b[j] != a[j]:
            return b[j] > a[j]
    return False


class OutlineParser:
    """Parses one outline-shaped document; see the module docstring."""

    def __init__(self, ruleset: str, text: str, title: str = "") -> None:
        self.b = Builder(ruleset, title)
        self.raw_lines = self.b.without_letter(text.split("\n"))
        self.stack: list[_Open] = []
        self.last: Node = self.b.root
        self.last_dec: str | None = None
        self.last_line_open = False  # the previous line ended without closing punctuation
        self.para_break = True
        self.bold: set[int] = set()
        self.lines = self._prepare()
        self.markdown = any(_MD_HEADING.match(ln) for _, ln, _ in self.lines)
        self.last_head: tuple | None = None  # style of a plain heading that has no content yet
        nums = [m.group("num") for _, ln, _ in self.lines if (m := _NUMBER.match(ln))]
        self.global_numbers = len(nums) == len(set(nums))
        self.has_decimals = sum(1 for _, ln, _ in self.lines if _DECIMAL.match(ln)) >= 2

    # ------------------------------------------------------------------ input
    def _prepare(self) -> list[tuple[bool, str, str]]:
        """``(paragraph break before, cleaned line, markup removed)`` for each non-empty line; lines
        printed wholly in bold (a markdown heading without ``#``) are remembered in ``self.bold``."""
        out: list[tuple[bool, str, str]] = []
        brk = True
        in_comment = False
        for raw in self.raw_lines:
            line = raw.strip()
            if in_comment:
                self.b.marker(line)
                in_comment = "-->" not in line
                continue
            if line.startswith("<!--"):
                self.b.marker(line)
                in_comment = "-->" not in line
                continue
            if not line:
                brk = True
                continue
            if _MD_RULE.fullmatch(line):
                self.b.artefact(line, "markdown rule")
                brk = True
                continue
            removed = []
            if line.startswith(">"):
                removed.append(">")
                line = line.lstrip("> ").strip()
            if line.startswith("|") and line.endswith("|"):
                removed.append("|")
                line = " | ".join(c.strip() for c in line.strip("|").split("|"))
            line = _MD_LINK.sub(lambda m: m.group(1) + (f" ({m.group(2)})" if m.group(2) and
                                                         not m.group(0).startswith("!") else ""), line)
            if re.fullmatch(r"(\*\*|__)[^*_]+\1:?", line):
                self.bold.add(len(out))
            stripped = _MD_INLINE.sub("", line)
            if stripped != line:
                removed.append("".join(_MD_INLINE.findall(line)))
            line = re.sub(r"\s{2,}", " ", stripped).strip()
            if not line:
                continue
            out.append((brk, line, " ".join(removed)))
            brk = False
        return out

    # ------------------------------------------------------------------ driver
    def parse(self) -> ParseResult:
        start = 0
        if self.lines:
            first = self.lines[0][1]
            md = _MD_HEADING.match(first)
            if md and len(md.group(1)) == 1 and sum(
                    1 for _, ln, _ in self.lines if re.match(r"#\s", ln)) == 1:
                self.b.marker(md.group(0))
                self.b.title(self.b.root, first[md.end():])
                start = 1
            elif not md and _heading_like(first) and not self._marker(first) and len(self.lines) > 1:
                nxt = self.lines[1][1]
                if not self._marker(nxt) or _heading_like(nxt) and not nxt[:1].isdigit():
                    self.b.title(self.b.root, first.rstrip(":"))
                    self.b.marker(first[len(first.rstrip(":")):])
                    start = 1
        for i in range(start, len(self.lines)):
            brk, line, removed = self.lines[i]
            self.b.marker(removed)
            nxt = self.lines[i + 1] if i + 1 < len(self.lines) else None
            self._line(line, brk, nxt, i in self.bold)
        return self.b.finish()

    # ------------------------------------------------------------------ classification
    def _expected_letter(self, family: str) -> set[str]:
        for o in reversed(self.stack):
            if o.style[0] == family:
                k = _LETTERS.index(o.seq.lower())
                return {_LETTERS[j] for j in range(k + 1, min(k + 4, 26))}
        return set()

    def _roman_next(self, family: str) -> str | None:
        for o in reversed(self.stack):
            if o.style[0] == family:
                k = _ROMANS.index(o.seq.lower()) if o.seq.lower() in _ROMANS else -1
                return _ROMANS[k + 1] if 0 <= k + 1 < len(_ROMANS) else None
        return None

    def _marker(self, line: str) -> tuple[tuple, re.Match[str]] | None:
        """The style and match of the marker ``line`` opens with, or None (plain text or heading)."""
        m = _MD_HEADING.match(line)
        if m:
            return ("md", len(m.group(1))), m
        m = _KEYWORD.match(line)
        if m:
            word = m.group("word").rstrip(".").lower()
            word = {"art": "article", "sect": "section", "§": "section"}.get(word, word)
            return ("kw", word, m.group("num").count(".")), m
        m = _DECIMAL.match(line)
        if m and _decimal_follows(self.last_dec, m.group("num")):
            return ("dec", m.group("num").count(".") + 1), m
        m = _NUMBER.match(line)
        if m:
            if self.has_decimals and m.group("num").isdigit():
                return ("dec", 1), m
            return ("num",), m
        m = _PNUMBER.match(line)
        if m:
            return ("pnum",), m
        m = _LROMAN.match(line)
        if m and m.group("num"):
            roman = m.group("num")
            nxt_letter = self._expected_letter("lower")
            if roman == "i" and "i" not in nxt_letter or roman == self._roman_next("lroman"):
                return ("lroman",), m
        m = _LOWER.match(line)
        if m and (m.group("num") == "a" or m.group("num") in self._expected_letter("lower")):
            return ("lower",), m
        m = _UROMAN.match(line)
        if m and m.group("num"):
            roman = m.group("num")
            if (roman == "I" and "i" not in self._expected_letter("upper")) or \
                    roman.lower() == self._roman_next("uroman"):
                return ("uroman",), m
        m = _UPPER.match(line)
        if m and (m.group("num") == "A" or m.group("num").lower() in self._expected_letter("upper")):
            return ("upper",), m
        m = _BULLET.match(line)
        if m:
            return ("bullet",), m
        return None

    # ------------------------------------------------------------------ lines
    def _line(self, line: str, brk: bool, nxt: tuple[bool, str, str] | None, bold: bool = False) -> None:
        found = self._marker(line)
        if found is not None:
            style, m = found
            self.last_head = None
            self._open_marker(style, m, line)
            return
        if self._is_heading(line, brk, nxt, bold):
            caps = line.upper() == line
            style = ("head", caps)
            self._open(style, "", line.rstrip(":"), "section", _slug(line), True, "", marker=None)
            self.b.marker(line[len(line.rstrip(":")):])
            self.last_line_open = False
            self.last_head = style
            return
        self.last_head = None
        if self._in_definitions() and (brk or not self.last_line_open):
            m = _DEFINES.match(line)
            if m and len(m.group("term").split()) <= 5:
                parent = next(o.node for o in reversed(self.stack) if o.style[0] in _HEADING_FAMILIES)
                node = self.b.add(parent, _slug(m.group("term")), "", "", "definition")
                self._definition(node, line)
                return
        if self.last is self.b.root and (brk or not self.b.root.parts) and not FOLLOWS.search(line):
            # a paragraph before the first rule that is a rule of its own ("All games are played 4 on 4
            # ..."), not the line saying which rules apply: a clause of its own, "¶1", "¶2" ...
            k = sum(1 for c in self.b.root.children if c.number.startswith("¶")) + 1
            node = self.b.add(self.b.root, f"p{k}", f"¶{k}", "", "item", absolute=True)
            self._text(node, line)
            self.last = node
            return
        if not brk or self.last is self.b.root or not self.last.parts:
            self._text(self.last, line)
            return
        # A new paragraph after one that has text: a clause of its own under the nearest rule/heading.
        parent = self.last
        while parent.kind in ("item", "paragraph", "note") and parent.parent is not None:
            parent = parent.parent
        if parent is self.b.root:
            self._text(parent, line)
            return
        k = sum(1 for c in parent.children if "¶" in c.number) + 2
        label = parent.number or parent.title
        node = self.b.add(parent, f"p{k}", f"{label} ¶{k}", "", "item")
        self._text(node, line)
        self.last = node

    def _is_heading(self, line: str, brk: bool, nxt: tuple[bool, str, str] | None, bold: bool) -> bool:
        """Whether a line that opens with no marker is a plain heading: heading-like, not the
        continuation of a wrapped sentence, not followed by one, not the end of the document, and
        not right under a plain heading of its own style (two such lines in a row are a heading and
        its text: "Game Length" / "Two 15 minute periods").  In a markdown document only a wholly
        bold line is a heading."""
        if self.markdown and not bold:
            return False
        if not _heading_like(line) or nxt is None or FOLLOWS.search(line):
            return False  # "FIRS rules apply except for the following:" says which rules apply
        if not brk and (self.last_line_open or line[:1].islower()):
            return False
        if not nxt[0] and nxt[1][:1].islower() and not re.match(r"\(?[a-z]{1,4}[.)]\s", nxt[1]):
            return False
        caps = line.upper() == line
        if self.last_head == ("head", caps):
            return False
        if re.search(r"\d", line) and not caps and not bold:
            return False
        return True

    def _text(self, node: Node, text: str) -> None:
        self.b.text(node, text)
        self.last_line_open = not _SENTENCE_END.search(text)

    def _in_definitions(self) -> bool:
        return any(o.node.title and _DEFINITION_HEADING.search(o.node.title) for o in self.stack
                   if o.style[0] in _HEADING_FAMILIES)

    def _open_marker(self, style: tuple, m: re.Match[str], line: str) -> None:
        family = style[0]
        rest = line[m.end():].strip()
        seq = m.groupdict().get("num") or ""
        if family == "md":
            self._md_heading(style, m, rest)
            return
        if family == "kw":
            word = m.group("word")
            number = f"{word.rstrip('.')} {seq}".strip() if word != "§" else f"§ {seq}"
            kind = "section" if style[1] in ("chapter", "part") else "rule"
            node = self._open(style, number, "", kind, rule_key(number) or _slug(number), True, seq,
                              marker=m.group(0))
            self._title_and_text(node, rest, heading=True)
            return
        if family == "dec":
            num = seq
            self.last_dec = num
            depth = num.count(".") + 1
            kind = "section" if depth == 1 and self.has_decimals else "rule"
            node = self._open(style, num, "", kind, num.lower(), True, seq, marker=m.group(0))
            self._title_and_text(node, rest, heading=True)
            return
        if family == "num" and self.global_numbers and not self._under_numbered():
            node = self._open(style, seq, "", "rule", seq.lower(), True, seq, marker=m.group(0))
            self._title_and_text(node, rest, heading=True)
            return
        if family == "bullet":
            self._close_to(style)
            parent = self.stack[-1].node if self.stack else self.b.root
            k = sum(1 for c in parent.children if "•" in c.number) + 1
            label = parent.number or parent.title
            node = self.b.add(parent, f"i{k}", f"{label} •{k}".strip(), "", "item", marker=m.group(0))
            self.stack.append(_Open(style, node, str(k)))
            if self._in_definitions():
                self._definition(node, rest)
            else:
                self._item_text(node, rest)
            return
        # numbers under a heading or a numbered clause, letters, roman numerals
        self._close_to(style)
        parent = self.stack[-1].node if self.stack else self.b.root
        if parent.number:
            number = f"{parent.number} ({seq})"
        elif parent.title and parent is not self.b.root:
            number = f"{parent.title} {seq}"
        else:
            number = f"({seq})"
        kind = "rule" if family == "num" and parent.kind == "section" else "paragraph"
        node = self.b.add(parent, seq.lower(), number, "", kind, marker=m.group(0))
        self.stack.append(_Open(style, node, seq))
        self.last = node
        if self._in_definitions():
            self._definition(node, rest)
        else:
            self._item_text(node, rest)

    def _under_numbered(self) -> bool:
        """Whether the clause a list would open under is numbered ("Article 3", "2.1"): its list
        numbers then belong to it ("Article 3 (1)")."""
        for o in reversed(self.stack):
            if o.style[0] in _HEADING_FAMILIES | {"dec"}:
                return bool(o.node.number)
        return False

    def _md_heading(self, style: tuple, m: re.Match[str], rest: str) -> None:
        inner = None
        for pat, fam in ((_KEYWORD, "kw"), (_DECIMAL, "dec"), (_NUMBER, "num")):
            im = pat.match(rest)
            if im:
                inner = (im, fam)
                break
        if inner is not None:
            im, fam = inner
            seq = im.group("num")
            if fam == "kw":
                word = im.group("word").rstrip(".")
                number = f"{word} {seq}" if word != "§" else f"§ {seq}"
            else:
                number = seq
                if fam == "dec":
                    self.last_dec = seq
            node = self._open(style, number, "", "section" if style[1] <= 2 else "rule",
                              rule_key(number) or _slug(number), True, seq, marker=m.group(0) + im.group(0))
            self._title_and_text(node, rest[im.end():], heading=True)
            return
        title = rest.rstrip(":").strip()
        node = self._open(style, "", title, "section", _slug(title), True, "", marker=m.group(0))
        self.b.marker(rest[len(rest.rstrip(":").rstrip()):])
        self.last_line_open = False

    # ------------------------------------------------------------------ building
    def _close_to(self, style: tuple) -> None:
        """Pop the stack for a clause of ``style`` (see the module docstring)."""
        family = style[0]
        for i, o in enumerate(self.stack):
            same = o.style == style
            if family in ("md", "dec") and o.style[0] == family and o.style[1] >= style[1]:
                same = True
            if family == "kw" and o.style[0] == "kw" and o.style[1] == style[1] and o.style[2] >= style[2]:
                same = True
            if same:
                del self.stack[i:]
                return
        if family in _HEADING_FAMILIES:
            while self.stack and self.stack[-1].style[0] not in _HEADING_FAMILIES:
                self.stack.pop()
            if family == "head":
                # A plain heading closes deeper markdown / keyword headings' lists, not the headings.
                return
        if family == "dec":
            while self.stack and self.stack[-1].style[0] not in _HEADING_FAMILIES | {"dec"}:
                self.stack.pop()

    def _open(self, style: tuple, number: str, title: str, kind: str, key: str, absolute: bool, seq: str,
              marker: str | None) -> Node:
        self._close_to(style)
        parent = self.stack[-1].node if self.stack else self.b.root
        node = self.b.add(parent, key, number, "", kind, marker=marker, absolute=absolute)
        if title:
            self.b.title(node, title)
        self.stack.append(_Open(style, node, seq))
        self.last = node
        return node

    def _title_and_text(self, node: Node, rest: str, heading: bool) -> None:
        """Split "Title: text" / "Title - text" / "Short Title. Text" off ``rest``; a short line with no
        closing punctuation is a title alone."""
        if not rest:
            self.last_line_open = False
            return
        if heading and _heading_like(rest):
            title = rest.rstrip(":")
            self.b.title(node, title)
            self.b.marker(rest[len(title):])
            self.last_line_open = False
            return
        m = _TITLE_SPLIT.match(rest) or _TITLE_DOT.match(rest)
        if m and len(m.group("head").split()) <= 6:
            self.b.title(node, m.group("head"))
            self.b.marker(m.group(0)[len(m.group("head")):])
            rest = rest[m.end():]
        self._text(node, rest)

    def _item_text(self, node: Node, rest: str) -> None:
        m = _TITLE_SPLIT.match(rest)
        if m and len(m.group("head").split()) <= 5:
            self.b.title(node, m.group("head"))
            self.b.marker(m.group(0)[len(m.group("head")):])
            rest = rest[m.end():]
        self._text(node, rest)
        self.last = node

    def _definition(self, node: Node, rest: str) -> None:
        m = _DEFINES.match(rest)
        if m:
            node.kind = "definition"
            term = m.group("term").strip("\"“” ")
            self.b.title(node, term)
            self.b.marker(m.group(0)[: m.start("term")] + m.group(0)[m.end("term"):])
            rest = rest[m.end():]
        self._text(node, rest)
        self.last = node


def parse_outline(ruleset: str, text: str, title: str = "") -> ParseResult:
    """Parse an outline-shaped rule sheet (markdown, keyword, decimal, lettered; see the module
    docstring) into a clause tree.  Never raises on odd input: text that opens no clause is kept
    as the text of the clause before it."""
    return OutlineParser(ruleset, text, title).parse()
