"""Parser for short rule sheets: headings ("Time", "Penalties:") over numbered lists ("23.", "2A.")
and bullets, with unnumbered paragraphs that belong to the rule or heading above them — the layout of
the ball-hockey league rules and the youth-cup tournament sheet, and of most tournament rule sheets.

Numbers as printed: a rule numbered in a single document-wide sequence keeps its number ("23"); when
numbering restarts under each heading (1., 2., 3. under "Format" and again under "Penalties"), an item is
numbered with its heading ("Penalties 2"); unnumbered paragraphs get "¶k" after their parent
("33 ¶2", "Rules ¶4").

A rule sheet's other common numbering forms are read as the same list: a rule written with the word
("Rule 8 - Each team must supply one volunteer ..." is rule "8"), a sub-rule numbered after its rule
("5.1  A second slapshot by the same player ..." under "5. NO SLAPSHOTS ..." is "5.1"), a bullet whose
space was lost in a run of bullets ("-Unsportsmanlike conduct    1:30"), and a numbered rule that
resumes the numbering of the rules above a heading after that heading's own bullet list ("6. ..." /
"PENALTIES" / "- Tripping - 90 sec" / "7) Helmets ...": rule 7 is no part of the penalty list).
"""

from __future__ import annotations

import re

from rulebot.corpus.builder import (DOT_LEADER_LINE, FOLLOWS, INTRO, TAB_LEADER_LINE, Builder, Node, ParseResult,
                                    ends_announcing)

_NUMBERED = re.compile(r"(\d{1,3}[A-Z]?)[.)]\s+")
#: A numbered rule written with the word and a separator: "Rule 8 - Each team ...", "Rule 8: ...",
#: "RULE 8. ..." (three or more "RULE nnn" headings make an RHA-style book, see the loader).
_RULE_WORD = re.compile(r"(?:Rule|RULE)\s+(\d{1,3}[A-Z]?)(?:\s*[.:)]|\s+[-–—])\s+")
#: A sub-rule's number: its rule's number, a dot and its own ("5.1", "2A.3", "5.1.2"); group 1 is the
#: number of the clause it belongs to, group 2 its own.  Its text starts as a rule's does (a capital, a
#: quote or a bracket), so a wrapped "1.5 minutes ..." is no sub-rule.
_SUB_NUMBER = re.compile(r"(\d{1,3}[A-Z]?(?:\.\d{1,3})*)\.(\d{1,3})\.?\s+(?=[A-Z\"“(])")
#: A sentence saying which rules apply otherwise is the sheet's preamble up to this many words.
PREAMBLE_WORDS = 25
_BULLET = re.compile(r"[•▪◦·*-]\s+")
#: A bullet whose space was lost ("-Unsportsmanlike conduct 1:30"), taken as one only in a run of bullets.
_TIGHT_BULLET = re.compile(r"[•▪◦·*-](?=[A-Z])")


def _number(line: str) -> re.Match[str] | None:
    """The numbered-rule marker ``line`` opens with ("7. ", "7) ", "Rule 8 - "), group 1 its number."""
    return _NUMBERED.match(line) or _RULE_WORD.match(line)


def _is_heading(line: str, max_words: int = 8) -> bool:
    """A heading is a short line that is not a sentence: at most ``max_words`` words, no full stop at
    its end (a closing colon is allowed: "Penalties:"), and no dot leader: "Tripping.............2 min"
    is an entry of a list (:data:`~rulebot.corpus.builder.DOT_LEADER_LINE`), never a heading."""
    words = line.split()
    if not words or len(words) > max_words or _number(line) or _BULLET.match(line) or DOT_LEADER_LINE.fullmatch(line):
        return False
    if re.search(r"[.;,!?]$", line):
        return False
    return line[0].isupper()


#: Words a line of prose may break after but a heading never ends with ("Playoff games play five
#: minutes of" / "three on three sudden death.").
_OPEN_END = re.compile(r"\b(?:of|the|a|an|to|and|or|for|in|with|by|on|at|from|than|is|are|be|gets|get|has|have"
                       r"|will|shall|must|may|who|which|that|if|when|after|before|per|into|as)$", re.I)


def _unwrap(lines: list[str]) -> list[str]:
    """Lines with the sentences a sheet's text broke over several lines joined: a line that ends
    with no closing punctuation, followed by one that starts in lower case or after a word no heading
    ends with ("... five minutes of" / "3-on-3 sudden death.").  A line that opens a rule, a bullet,
    or a sub-rule of a rule numbered above it ("5.1 A second slapshot ...") is never joined."""
    out: list[str] = []
    seen: set[str] = set()  # the rule and sub-rule numbers so far
    for line in lines:
        m = _number(line)
        sub = _SUB_NUMBER.match(line)
        opens = bool(m or _BULLET.match(line) or _TIGHT_BULLET.match(line) and out and _BULLET.match(out[-1])
                     or sub and sub.group(1) in seen)
        if m:
            seen.add(m.group(1))
        elif sub and sub.group(1) in seen:
            seen.add(f"{sub.group(1)}.{sub.group(2)}")
        if out and not re.search(r"[.:;!?]$", out[-1]) and not opens and (
                line[:1].islower() or _OPEN_END.search(out[-1])):
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return out


#: A markdown heading's marks ("# Harbour Cup", "## Rules ##"): a sheet of one list has at most one such
#: heading (two or more make it an outline document).
_MD_HEADING = re.compile(r"^#{1,6}\s+|\s+#+$")


#: The most words the first line of a document has to be its title.
TITLE_WORDS = 30


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "x"


class NumberedParser:
    """Parses one numbered-list document; see the module docstring."""

    def __init__(self, ruleset: str, text: str, title: str = "") -> None:
        self.b = Builder(ruleset, title)
        lines = [_MD_HEADING.sub("", ln.strip()) for ln in text.split("\n")]  # "# Harbour Cup" is its title line
        self.lines = _unwrap(self.b.without_letter([ln for ln in lines if ln]))
        # Numbers that never repeat in the document are global ("23"); others are per heading.
        nums = [m.group(1) for ln in self.lines if (m := _number(ln))]
        self.global_numbers = len(nums) == len(set(nums))
        self.section: Node = self.b.root
        self.rule: Node | None = None        # the last numbered item
        self.para: Node | None = None        # the last unnumbered paragraph
        self.last: Node = self.b.root
        self.list_parent: Node | None = None  # the paragraph that introduced the current list
        self.titled: Node | None = None       # a numbered title whose text is the next paragraph
        # the numbered rule open now and its open sub-rules, (number as printed, node): [("5", rule 5),
        # ("5.1", sub-rule 5.1)]
        self.open_numbers: list[tuple[str, Node]] = []

    def parse(self) -> ParseResult:
        for i, line in enumerate(self.lines):
            # a document's title may run longer than a heading ("Spring Classic Roller Hockey
            # Tournament 2024 - Rules Sheet")
            if i == 0 and len(self.lines) > 1 and _is_heading(line, TITLE_WORDS) and not FOLLOWS.search(line) and (
                    not (_number(self.lines[1]) or _BULLET.match(self.lines[1]))
                    or not any(_is_heading(x) for x in self.lines[2:])):
                # The document's own title line: a first heading whose content is not a list of its
                # own ("Format and rules" over "Format", "Spring Cup Rules" over a paragraph), or the
                # only heading, over the sheet's one list ("Spring Classic - Tournament Rules").
                self.b.title(self.b.root, line)
                continue
            following = self.lines[i + 1] if i + 1 < len(self.lines) else ""
            self._line(line, following, self.lines[i - 1] if i else "")
        return self.b.finish()

    @staticmethod
    def _paragraph(line: str) -> bool:
        """True for a line of prose: not numbered, not a bullet, not a heading."""
        return bool(line) and not (_number(line) or _BULLET.match(line) or _is_heading(line))

    def _sub_rule(self, line: str) -> tuple[re.Match[str], int] | None:
        """The sub-rule marker ``line`` opens with and the index in :attr:`open_numbers` of the clause
        it belongs to, or None.  "5.1" belongs to the open rule "5" (or "5.1.1" to "5.1"); the first
        sub-rule of a clause is numbered 1 and each next one higher, so "5.3" with no "5.1" before it
        is text."""
        m = _SUB_NUMBER.match(line)
        if m is None:
            return None
        for i, (printed, node) in enumerate(self.open_numbers):
            if printed == m.group(1):
                own = [int(c.key.rsplit(".", 1)[-1]) for c in node.children
                       if c.kind == node.kind and c.key.rsplit(".", 1)[-1].isdigit()]
                last = max(own, default=0)
                return (m, i) if int(m.group(2)) == 1 or 0 < last < int(m.group(2)) else None
        return None

    def _resumes_outer_list(self, num: str) -> bool:
        """Whether numbered rule ``num``, met under a heading, carries on the numbering of the rules
        placed before that heading at the top of the document rather than opening the heading's own
        list: the heading holds a bullet list or paragraphs and no numbered rule yet, and ``num``
        follows the last top-level rule ("6." / "PENALTIES" / "- Tripping - 90 sec" / "7) Helmets
        ...").  Rules right under a heading ("Penalties" / "23. ...") stay under it."""
        if self.section is self.b.root or not self.section.children:
            return False
        if any(c.kind == "rule" for c in self.section.children):
            return False
        tops = [c.number for c in self.b.root.children if c.kind == "rule"]
        return bool(tops) and tops[-1].isdigit() and num.isdigit() and int(num) == int(tops[-1]) + 1

    def _numbered(self, node: Node, own: str, following: str, previous: str) -> None:
        """Give a new numbered rule or sub-rule ``node`` its line ``own`` (after the marker): a
        title over the paragraph that follows ("4. Mercy rule" / "If a team leads by ..."), else text."""
        pm = _number(previous)
        after_entry = pm is not None and _is_heading(previous[pm.end():])
        if _is_heading(own) and self._paragraph(following) and not following[:1].islower() and not after_entry:
            # "4. Mercy rule" over "If a team leads by 6 goals ...", not the last entry of a list
            # of short entries ("7. Penalty minutes", "8. Dice") followed by a paragraph
            self.b.title(node, own.rstrip(":"))
            self.b.marker(own[len(own.rstrip(":")):])
            self.titled = node
        else:
            self.b.text(node, own)
        self.rule, self.last = node, node

    def _preamble(self, line: str) -> bool:
        """Read a line before any rule or heading that says which rules apply otherwise ("FIRS rules
        apply except for the following:"): a paragraph of its own, "¶1", never a heading over the rules
        below it; a sentence that only introduces the sheet before it ("Here are the rules for the
        Summer Slam this weekend.") is dropped as such.  False, and nothing read, for any other line."""
        if self.section is not self.b.root or self.rule is not None or self.para is not None:
            return False
        if _number(line) or _BULLET.match(line):
            return False
        said = [s for s in re.split(r"(?<=[.!?:])\s+", line.strip()) if s]
        if not any(FOLLOWS.search(s) for s in said) or not all(
                INTRO.match(s) or (FOLLOWS.search(s) and len(s.split()) <= PREAMBLE_WORDS) for s in said):
            return False
        kept = []
        for s in said:
            if INTRO.match(s) and not FOLLOWS.search(s):
                self.b.artefact(s, "introduces the sheet, not a rule")
            else:
                kept.append(s)
        self._root_paragraph(" ".join(kept))
        return True

    def _root_paragraph(self, line: str) -> None:
        """A paragraph before any heading or rule ("The RHA Official Rule Book applies except as amended
        below."): a clause of its own, "¶1", "¶2" ..."""
        parent = self.b.root
        k = sum(1 for c in parent.children if c.kind == "item" and c.number.startswith("¶")) + 1
        node = self.b.add(parent, f"p{k}", f"¶{k}", "", "item", absolute=True)
        self.b.text(node, line)
        self.para, self.last = node, node

    def _line(self, line: str, following: str = "", previous: str = "") -> None:
        if self.titled is not None:
            # the paragraph under a numbered title ("4. Mercy rule" / "If a team leads by 6 goals ...")
            # is that rule's text (a sub-rule under it, "1. Game format" / "1.1 Games are ...", is not)
            node, self.titled = self.titled, None
            if self._paragraph(line) and self._sub_rule(line) is None:
                self.b.text(node, line)
                return
        if self._preamble(line):
            return
        sub = self._sub_rule(line)
        if sub is not None:
            sm, i = sub
            printed, parent = self.open_numbers[i]
            node = self.b.add(parent, sm.group(2), f"{parent.number}.{sm.group(2)}", "", parent.kind,
                              marker=sm.group(0))
            del self.open_numbers[i + 1:]
            self.open_numbers.append((f"{printed}.{sm.group(2)}", node))
            self._numbered(node, line[sm.end():], following, previous)
            return
        m = _number(line)
        if m:
            num = m.group(1)
            if self.global_numbers and self._resumes_outer_list(num):
                # the heading's own list has ended: back to the top level
                self.section, self.para, self.list_parent = self.b.root, None, None
            parent = self.section
            if not self.global_numbers:
                if self.list_parent is None and self.para is not None and self.rule is None:
                    self.list_parent = self.para  # a list introduced by the paragraph above it
                parent = self.list_parent or self.section
            if self.global_numbers:
                number, key, absolute = num, num.lower(), True
            else:
                number, key, absolute = f"{parent.number or parent.title} {num}".strip(), num.lower(), False
            node = self.b.add(parent, key, number, "", "rule" if self.global_numbers else "item",
                              marker=m.group(0), absolute=absolute)
            self.open_numbers = [(num, node)]
            self._numbered(node, line[m.end():], following, previous)
            return
        bm = _BULLET.match(line)
        if bm is None and (_BULLET.match(previous) or _TIGHT_BULLET.match(previous)):
            bm = _TIGHT_BULLET.match(line)  # "-Unsportsmanlike conduct 1:30" after "- Tripping - 90 sec"
        if bm or DOT_LEADER_LINE.fullmatch(line) or TAB_LEADER_LINE.fullmatch(line):
            # a bullet, or a list entry written with a dot leader and no bullet ("Penalties are as
            # follows:" / "Tripping.............2 min" / "Fighting.............match"): an item
            parent = self.section
            k = sum(1 for c in parent.children if c.kind == "item") + 1
            if (self.rule is not None and ends_announcing(self.rule.text.rstrip(". "))
                    and (self.last is self.rule or self.last.parent is self.rule)):
                # the list a numbered rule announces ("6. Penalties are as follows:" / "- Tripping - 90 sec"),
                # its bullets numbered on their own ("6 •1", "6 •2")
                parent = self.rule
                k = sum(1 for c in parent.children if c.kind == "item" and "•" in c.number) + 1
            label = parent.number or parent.title
            node = self.b.add(parent, f"i{k}", f"{label} •{k}".strip(), "", "item",
                              marker=bm.group(0) if bm else None)
            self.b.text(node, line[bm.end():] if bm else line)
            self.last = node
            return
        if _is_heading(line):
            title = line.rstrip(":")
            node = self.b.add(self.b.root, _slug(title), "", "", "section", absolute=True)
            self.b.title(node, title)
            self.b.marker(line[len(title):])
            self.section, self.rule, self.para, self.last = node, None, None, node
            self.list_parent = None
            self.open_numbers = []
            return
        if line[:1].islower() and self.last is not self.b.root:
            self.b.text(self.last, line)  # a sentence the extraction broke over two lines
            return
        self.list_parent = None
        parent = self.rule if self.global_numbers and self.rule is not None else self.section
        if parent is self.b.root:
            self._root_paragraph(line)
            return
        k = sum(1 for c in parent.children if c.kind == "item" and "¶" in c.number) + 1
        if parent is self.rule:
            k += 1  # the rule's own line is its first paragraph
        label = parent.number or parent.title
        node = self.b.add(parent, f"p{k}", f"{label} ¶{k}", "", "item")
        self.b.text(node, line)
        self.para, self.last = node, node
        if parent is self.section:
            self.rule = None


def parse_numbered(ruleset: str, text: str, title: str = "") -> ParseResult:
    """Parse a rule sheet of headings and numbered lists (ball-hockey, youth-cup style)."""
    return NumberedParser(ruleset, text, title).parse()
