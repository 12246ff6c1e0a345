"""Parser for rulebooks numbered with decimal sections and lettered paragraphs, as the FIRS Roller
Inline Hockey Rules of the Game are ("6.4.21 High Sticks", "A.", "B.", "NOTE:", bullets).

What the PDF extraction does to such a document, and how it is handled:

- a dotted table of contents lists every numbered heading: it is parsed into a skeleton of
  ``(number, title)`` entries that the body is matched against, in order, and then dropped as an
  artefact (the numbers and titles reappear in the body);
- section numbers are often separated from their titles ("2.6 A." ... "Player benches Each rink"):
  a number waits for its title, which is recognised because the contents told us what it is;
- lettered paragraphs run inline ("A. ... B. ..."), sometimes with the letter at the end of the line
  before: the next expected letter (allowing a few missing ones) is split on at a sentence boundary;
- running footers ("28 V1 May 1, 2017") and page numbers in mid-sentence are removed;
- the glossary alternates term and definition lines, sometimes with the next term glued to the end
  of a definition ("... for all players. Fighting"); the terminology list runs "TERM – definition";
- annexes: signals (Annex B) and the penalty index (Annex C) are handed to
  :mod:`rulebot.corpus.annex`, which rebuilds their scrambled columns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebot.corpus.builder import Builder, Node, ParseResult, squash
from rulebot.corpus.cleanup import find_footer, is_toc_line, split_trailing_page_number

NUM = r"\d+(?:\.\d+)*"
_LEADING_NUM = re.compile(rf"({NUM})(?=\s|$)")
_LETTER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_SENTENCE_END = r"[.:;)\]”\"’!?]"


@dataclass
class TocEntry:
    """One table-of-contents entry: ``number`` ("6.4.21", or "" for SECTION / Annex / FOREWORD)."""

    number: str
    title: str
    seen: bool = False


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "x"


def parse_toc(toc_text: str) -> list[TocEntry]:
    """Parse dotted contents text into entries in order.  Runs of bare numbers ("2 2.1 2.2") are
    queued and handed out to the titles that follow; a title with no number waiting is unnumbered."""
    pieces = re.split(r"\s*\.{4,}\s*\d+\s*", toc_text)
    queue: list[str] = []
    entries: list[TocEntry] = []
    for piece in pieces:
        piece = squash(piece)
        while True:
            m = re.match(rf"({NUM})(?:\s+|$)", piece)
            if not m:
                break
            queue.append(m.group(1))
            piece = piece[m.end():]
        if not piece:
            continue
        piece = re.sub(r"^Table of Contents\s*", "", piece)
        if queue:
            entries.append(TocEntry(queue.pop(0), piece))
        else:
            entries.append(TocEntry("", piece))
    return entries


def _depth(number: str) -> int:
    return number.count(".") + 1


class DecimalParser:
    """Parses one decimal-numbered document; see the module docstring."""

    def __init__(self, ruleset: str, text: str, title: str = "") -> None:
        self.ruleset = ruleset
        self.lines = text.split("\n")
        self.b = Builder(ruleset, title)
        self.toc: list[TocEntry] = []
        self.numbered: list[TocEntry] = []
        self.unnumbered: list[TocEntry] = []
        self.ni = 0  # next numbered TOC entry
        self.ui = 0  # next unnumbered TOC entry
        self.block: Node = self.b.root      # current top-level block (section, annex, glossary ...)
        self.block_kind = "front"
        self.stack: list[Node] = []         # numbered headings, outermost first
        self.pending: list[tuple[Node, str]] = []  # headings waiting for their title (TOC title)
        self.current: Node = self.b.root    # node that receives text
        self.next_letter: dict[str, int] = {}
        self.annex_paras: list[str] = []
        self.annex_node: Node | None = None
        self.gloss_term: Node | None = None
        self.depths: dict[str, int] = {}  # node key -> depth in the contents

    # ------------------------------------------------------------------ driver
    def parse(self) -> ParseResult:
        paras = self._clean_paragraphs()
        toc_end = self._take_toc(paras)
        front, body = paras[:toc_end[0]], paras[toc_end[1]:]
        for p in front:
            self.b.text(self.b.root, p)
        for p in body:
            self._paragraph(p)
        self._flush_annex()
        for node, toc_title in self.pending:
            self.b.warnings.append(f"{node.number}: title {toc_title!r} from the contents not found in the body")
        for e in self.numbered:
            if not e.seen:
                self.b.warnings.append(f"contents entry {e.number} {e.title!r} not found in the body")
        return self.b.finish()

    def _clean_paragraphs(self) -> list[str]:
        """Non-empty lines with footers and stray page numbers removed (recorded as artefacts)."""
        footer = find_footer(self.lines)
        raw = [ln for ln in self.lines if ln.strip()]
        out: list[str] = []
        for i, line in enumerate(raw):
            if footer:
                m = footer.search(line)
                if m:
                    self.b.artefact(line[m.start():], "page footer")
                    line = line[: m.start()]
                    if not m.group("page") and out:
                        # "V1 May 1, 2017" alone: the page number ended the previous paragraph.
                        prev, page = split_trailing_page_number(out[-1])
                        if page:
                            self.b.artefact(page, "page number")
                            out[-1] = prev
            if line.strip():
                out.append(line.strip())
        return out

    def _take_toc(self, paras: list[str]) -> tuple[int, int]:
        """Find the dotted contents; return (start, end) paragraph indexes; parse the skeleton."""
        idx = [i for i, p in enumerate(paras) if is_toc_line(p)]
        if not idx:
            return 0, 0
        start, end = idx[0], idx[-1] + 1
        while start > 0 and re.fullmatch(rf"(?:{NUM}\s*)+", paras[start - 1]):
            start -= 1
        toc_text = " ".join(paras[start:end])
        for p in paras[start:end]:
            self.b.artefact(p, "table of contents")
        # A title printed after the last page number (Annex A's "50 m x 25 m") has no page of its own.
        self.toc = parse_toc(toc_text)
        self.numbered = [e for e in self.toc if e.number]
        self.unnumbered = [e for e in self.toc if not e.number]
        return start, end

    # ------------------------------------------------------------------ paragraphs
    def _paragraph(self, p: str) -> None:
        if self.block_kind == "annex-table":
            if self._starts_unnumbered(p):
                self._flush_annex()
            else:
                self.annex_paras.append(p)
                return
        if self.block_kind == "glossary" and not self._starts_unnumbered(p):
            self._glossary_paragraph(p)
            return
        t = p
        while t:
            t = t.strip()
            if not t:
                break
            for step in (self._unnumbered_heading, self._numbered_heading, self._title,
                         self._letter, self._note, self._bullet):
                consumed = step(t)
                if consumed is not None:
                    t = consumed
                    break
            else:
                t = self._text_run(t)

    def _starts_unnumbered(self, t: str) -> bool:
        if self.ui >= len(self.unnumbered):
            return False
        return self._match_title(t, self.unnumbered[self.ui].title) is not None

    # ------------------------------------------------------------------ headings
    @staticmethod
    def _match_title(t: str, title: str) -> int | None:
        """Length of the prefix of ``t`` that spells ``title`` (ignoring case, spaces, punctuation)."""
        target = _norm(title)
        if not target:
            return None
        acc = ""
        for i, ch in enumerate(t):
            if ch.isalnum():
                acc += ch.lower()
                if not target.startswith(acc):
                    return None
                if acc == target:
                    j = i + 1
                    # do not stop in the middle of a word
                    if j < len(t) and t[j].isalnum():
                        return None
                    return j
        return None

    def _unnumbered_heading(self, t: str) -> str | None:
        if self.ui >= len(self.unnumbered):
            return None
        entry = self.unnumbered[self.ui]
        n = self._match_title(t, entry.title)
        if n is None:
            # "Determining Final Pool Positioning ..." printed without the number the contents gives it.
            return self._unprinted_numbered_heading(t)
        self.ui += 1
        printed = t[:n]
        rest = t[n:]
        title = printed
        kind_word = printed.split()[0].upper()
        self._flush_annex()
        self.stack, self.pending = [], []
        if kind_word == "SECTION":
            m = re.match(r"(SECTION\s+[IVXLC]+)\s*[-–]?\s*(.*)", printed)
            number, title = (m.group(1), m.group(2)) if m else ("", printed)
            node = self.b.add(self.b.root, _slug(number or title), number, title, "section",
                              marker=printed[: len(printed) - len(title)] if m else None)
            self.block, self.block_kind = node, "section"
        elif kind_word == "ANNEX":
            m = re.match(r"(Annex\s+[A-Z])\s*(.*)", printed, re.I)
            number, title = (m.group(1), m.group(2)) if m else ("", printed)
            node = self.b.add(self.b.root, _slug(number), number, title, "section",
                              marker=number if m else None)
            self.block, self.block_kind = node, "annex"
            if re.search(r"signal", title, re.I) or re.search(r"penalty index", title, re.I):
                self.block_kind = "annex-table"
                self.annex_node = node
                if rest.strip():
                    self.annex_paras.append(rest.strip())
                self.current = node
                return ""
        elif self.block_kind in ("annex", "annex-table") and self.block.parent is self.b.root:
            node = self.b.add(self.block, _slug(printed), "", printed, "section")
        else:
            kind = "section" if printed.isupper() else "text"
            node = self.b.add(self.b.root, _slug(printed), "", printed, kind)
            self.block = node
            self.block_kind = {"GLOSSARY": "glossary", "TERMINOLOGY": "terminology"}.get(
                kind_word, "front")
            if self.block_kind == "glossary":
                self.gloss_term = None
                self.current = node
                if rest.strip():
                    self._glossary_paragraph(rest.strip())
                return ""
            if self.block_kind == "terminology":
                self._terminology(node, rest)
                return ""
        self.current = node
        return rest

    def _unprinted_numbered_heading(self, t: str) -> str | None:
        if self.ni >= len(self.numbered):
            return None
        entry = self.numbered[self.ni]
        if "." in entry.number:  # only a chapter heading may be printed without its number
            return None
        n = self._match_title(t, entry.title)
        if n is None:
            return None
        node = self._open_numbered(entry, entry.number, marker=None)
        self.b.warnings.append(f"{entry.number} {entry.title!r}: the body prints this heading without its number")
        self.b.title(node, t[:n])
        self.pending = [pp for pp in self.pending if pp[0] is not node]
        self.current = node
        return t[n:]

    def _open_numbered(self, entry: TocEntry, printed: str, marker: str | None) -> Node:
        depth = _depth(entry.number)
        while self.stack and self._toc_depth(self.stack[-1]) >= depth:
            self.stack.pop()
        parent = self.stack[-1] if self.stack else self.block
        node = self.b.add(parent, printed, printed, "", "rule" if depth > 1 else "section", marker=marker,
                          absolute=True)
        self.depths[node.key] = depth
        self.stack.append(node)
        entry.seen = True
        self.ni += 1
        self.next_letter[node.key] = 0
        self.current = node
        return node

    def _toc_depth(self, node: Node) -> int:
        return self.depths.get(node.key, _depth(node.number))

    def _numbered_heading(self, t: str) -> str | None:
        if self.ni >= len(self.numbered):
            return None
        m = _LEADING_NUM.match(t)
        if not m:
            return None
        entry = self.numbered[self.ni]
        printed = m.group(1)
        rest = t[m.end():]
        if printed != entry.number:
            # The body may print a different number than the contents (FIRS prints "9.3" where the
            # contents say "10.1"): accept it when the contents' title follows.
            after = rest.strip()
            nxt = self._peek_title_ok(after, entry.title)
            if not ("." in printed and nxt):
                return None
            node = self._open_numbered(entry, printed, marker=printed)
            self.b.aliases[entry.number.lower()] = node.key
            self.b.warnings.append(f"{printed}: the contents number this heading {entry.number}")
        else:
            node = self._open_numbered(entry, printed, marker=printed)
        self.pending.append((node, entry.title))
        return rest

    def _peek_title_ok(self, after: str, title: str) -> bool:
        if not after:
            return True  # title in the next paragraph; accepted, checked when it comes
        return self._match_title(after, title) is not None

    def _title(self, t: str) -> str | None:
        if not self.pending:
            return None
        node, toc_title = self.pending[0]
        n = self._match_title(t, toc_title)
        if n is None:
            return None
        self.b.title(node, t[:n])
        self.pending.pop(0)
        # Text after a title belongs to the first sub-clause still empty ("2.6 A." ... "Player benches Each rink").
        target = node
        for child in node.children:
            if not child.parts and child.kind == "paragraph":
                target = child
                break
        self.current = target
        return t[n:]

    # ------------------------------------------------------------------ paragraphs, notes, bullets
    def _rule_of(self, node: Node) -> Node | None:
        while node is not None and node.kind not in ("rule", "section"):
            node = node.parent
        if node is None or node is self.block or not node.number or node.number[0].isalpha():
            return None
        return node

    def _letter_pattern(self, rule: Node) -> re.Pattern[str] | None:
        i = self.next_letter.get(rule.key, 0)
        letters = _LETTER[i: i + 4]
        if not letters:
            return None
        return re.compile(rf"\*?([{letters}])\.{{1,2}}(?=\s|$)")

    def _letter(self, t: str) -> str | None:
        rule = self._rule_of(self.current)
        if rule is None:
            return None
        pat = self._letter_pattern(rule)
        m = pat.match(t) if pat else None
        if not m:
            return None
        letter = m.group(1)
        self.next_letter[rule.key] = _LETTER.index(letter) + 1
        node = self.b.add(rule, letter.lower(), f"{rule.number} {letter}", "", "paragraph", marker=m.group(0))
        self.current = node
        return t[m.end():]

    def _para_level(self) -> Node:
        node = self.current
        while node.kind in ("item", "note") and node.parent is not None:
            node = node.parent
        return node

    def _note(self, t: str) -> str | None:
        m = re.match(r"NOTE\s*(\d*)\s*:", t, re.I)
        if not m:
            return None
        parent = self._para_level()
        label = f"NOTE {m.group(1)}" if m.group(1) else "NOTE"
        if not m.group(1):
            # a second unnumbered NOTE of the same clause is told apart as "NOTE 2" (FIRS 6.4.31 B has
            # two "NOTE:" paragraphs); its id stays the builder's ("...note-2")
            before = sum(1 for c in parent.children if c.kind == "note")
            if before:
                label = f"NOTE {before + 1}"
        node = self.b.add(parent, f"note{m.group(1)}", f"{parent.number} {label}".strip(), "", "note",
                          marker=m.group(0))
        self.current = node
        return t[m.end():]

    def _bullet(self, t: str) -> str | None:
        if not t.startswith("•"):
            return None
        parent = self._para_level()
        k = sum(1 for c in parent.children if c.kind == "item") + 1
        node = self.b.add(parent, f"i{k}", f"{parent.number} •{k}".strip(), "", "item", marker="•")
        self.current = node
        return t[1:]

    def _text_run(self, t: str) -> str:
        """Give ``self.current`` the text up to the next marker in ``t``; return the rest."""
        cut = len(t)
        rule = self._rule_of(self.current)
        pat = self._letter_pattern(rule) if rule is not None else None
        if pat is not None:
            for m in re.finditer(r"\s+", t):
                lm = pat.match(t, m.end())
                if not lm:
                    continue
                before = t[:m.start()]
                after = t[lm.end():]
                sentence_end = re.search(rf"{_SENTENCE_END}$|\d$", before)
                # "... that game only D. The duties": a letter after a word, if a sentence follows it
                # and the word before is not a rule reference ("Rule 6.2.1 B. 28").
                starts_sentence = re.match(r"\s+[A-Z“\"(]|\s*$", after)
                reference = re.search(r"(\d+\.\d+(\.\d+)*|[Rr]ule|[Ss]ection)$", before.rstrip())
                if (sentence_end or starts_sentence) and not reference:
                    cut = min(cut, m.end())
                    break
        for m in re.finditer(r"(?:(?<=\s)|^)(•|NOTE\s*\d*\s*:)", t):
            if m.start() > 0:
                cut = min(cut, m.start())
                break
        self.b.text(self.current, t[:cut])
        return t[cut:]

    # ------------------------------------------------------------------ glossary, terminology, annexes
    def _glossary_paragraph(self, p: str) -> None:
        words = p.split()
        is_term = len(words) <= 6 and not re.search(r"[.:;]$", p) and not (
            self.gloss_term is not None and p[:1].islower())
        if is_term:
            self.gloss_term = self.b.add(self.block, _slug(p), "", p, "definition")
            self.current = self.gloss_term
            return
        body, glued = p, ""
        m = re.search(r"(?<=[.)])\s+([A-Z][\w’'-]*(?:\s+[A-Za-z][\w’'-]*){0,3})$", p)
        if m:
            body, glued = p[: m.start()], m.group(1)
        target = self.gloss_term or self.block
        self.b.text(target, body)
        if glued:
            self.gloss_term = self.b.add(self.block, _slug(glued), "", glued, "definition")
            self.current = self.gloss_term

    def _terminology(self, node: Node, text: str) -> None:
        """"TERM – definition TERM2 - definition": one definition clause per upper-case term."""
        pat = re.compile(r"(?:(?<=\s)|^)((?:[A-Z]{2,}\s+)*[A-Z]{2,})\s+[–-]\s+")
        matches = list(pat.finditer(text))
        if not matches:
            self.b.text(node, text)
            return
        self.b.text(node, text[: matches[0].start()])
        for i, m in enumerate(matches):
            end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
            term = self.b.add(node, _slug(m.group(1)), "", m.group(1), "definition", marker=None)
            self.b.marker(text[m.start(1) + len(m.group(1)): m.end()])
            self.b.text(term, text[m.end(): end])
        self.current = node

    def _flush_annex(self) -> None:
        if self.annex_node is None:
            return
        node, paras = self.annex_node, self.annex_paras
        self.annex_node, self.annex_paras = None, []
        self.block_kind = "annex"
        text = "\n\n".join(paras)
        try:
            from rulebot.corpus import annex
        except ImportError:  # pragma: no cover - annex parser not installed
            self.b.text(node, text)
            return
        if re.search(r"signal", node.title, re.I):
            table = annex.parse_signals(text)
            for sig in table.signals:
                child = self.b.add(node, _slug(sig.name), f"{node.number} {sig.name}", "", "signal")
                self.b.title(child, sig.name)
                self.b.text(child, sig.description)
            for word in getattr(table, "leftover", []) or []:
                self.b.text(node, word)
        else:
            table = annex.parse_penalty_index(text)
            for word in getattr(table, "headers", []) or []:
                self.b.marker(word)
            for k, row in enumerate(table.rows, 1):
                child = self.b.add(node, f"row{k}", f"{node.number} row {k}", "", "table-row")
                self.b.title(child, row.description)
                self.b.text(child, " ".join(x for x in (row.description, row.rule, row.code or "") if x))


def parse_decimal(ruleset: str, text: str, title: str = "") -> ParseResult:
    """Parse a decimal-numbered rulebook (FIRS style) into a clause tree.

    ``text`` is the whole extracted document.  Returns a :class:`ParseResult` whose ``warnings`` list
    contents entries not found in the body and headings numbered differently from the contents.
    """
    return DecimalParser(ruleset, text, title).parse()
