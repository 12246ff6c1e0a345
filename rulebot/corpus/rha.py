"""Parser for "RULE nnn - TITLE" rulebooks, as the Roller Hockey Alliance book is: sections
("SECTION VI - PLAYING RULES"), rules ("RULE 605 - BOARDING"), lettered sub-clauses "(a)", numbered
items "1.", lists set out inline "as follows: A. ... B. ...", "NOTE 1:" and "Situation #1" blocks, all run together in long paragraphs.

The rule list at the top ("SECTION I - THE RINK... RULE 101 - RINK... ...") is the skeleton: it gives
the rule titles, so a title is recognised in the body however the extraction ran it into the text.
Sub-clause letters and item numbers are split on only in sequence ((a), (b), (c) ...; 1., 2., 3. ...),
so references such as "Rule 639 (a)" inside the text are not mistaken for sub-clauses.
"""

from __future__ import annotations

import re

from rulebot.corpus.builder import Builder, Node, ParseResult, squash

_LIST_ITEM = re.compile(r"(SECTION\s+[IVXLC]+|RULE\s+\d{3})\s*[-–]?\s*([^.]*?)\s*(?:\.\.\.|$)")
_MARKER = re.compile(
    r"(?P<section>SECTION\s+(?P<roman>[IVXLC]+)\s*[-–]\s*)"
    r"|(?P<rule>RULE\s+(?P<num>\d{3})\b\s*[-–]?\s*)"
    r"|(?P<sub>\((?P<letter>[a-z])\.?\)\s*)"
    r"|(?P<note>NOTE\s*(?P<nn>\d*)\s*:\s*)"
    r"|(?P<sit>Situation\s*#\s*(?P<sn>\d+)\s*)"
    r"|(?P<item>(?<![\w.(])(?P<inum>\d{1,2})\.\s+)"
    r"|(?P<cap>(?<![\w.(])(?P<cl>[A-Z])\.\s+(?=[A-Z]))"
)


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _title_len(text: str, title: str) -> int | None:
    """Length of the prefix of ``text`` that spells ``title`` (ignoring case, spaces, punctuation)."""
    target, acc = _norm(title), ""
    if not target:
        return None
    for i, ch in enumerate(text):
        if ch.isalnum():
            acc += ch.lower()
            if not target.startswith(acc):
                return None
            if acc == target:
                # never stop inside a word ("RINK" is not the title of "RINKS ...")
                if i + 1 < len(text) and text[i + 1].isalnum() and ch.isalnum():
                    return None
                return i + 1
    return None


class RhaParser:
    """Parses one RULE-numbered document; see the module docstring."""

    def __init__(self, ruleset: str, text: str, title: str = "") -> None:
        self.text = text
        self.b = Builder(ruleset, title)
        self.titles: dict[str, str] = {}
        self.section: Node = self.b.root
        self.rule: Node | None = None
        self.sub: Node | None = None
        self.current: Node = self.b.root
        self.next_letter = 0
        self.next_item = 1
        self.list_owner: Node | None = None  # the clause whose "as follows: A. ... B. ..." list is open
        self.next_cap = "A"

    def parse(self) -> ParseResult:
        lines = [ln.strip() for ln in self.text.split("\n") if ln.strip()]
        body_start = 0
        consumed: set[int] = set()  # contents lines and title lines, kept out of the body
        for i, ln in enumerate(lines):
            if ln.count("...") >= 3 and re.search(r"RULE\s+\d{3}", ln):
                for m in _LIST_ITEM.finditer(ln):
                    self.titles[squash(m.group(1)).upper()] = m.group(2).strip()
                self.b.artefact(ln, "rule list (contents)")
                consumed.add(i)
                body_start = i + 1
            elif i == body_start and i < 5 and not re.search(r"RULE\s+\d{3}", ln):
                self.b.text(self.b.root, ln)
                consumed.add(i)
                body_start = i + 1
        # Lines before (or between) contents lines that are not a title still belong to the body.
        body = [ln for i, ln in enumerate(lines) if i not in consumed]
        # A closing note after the last rule ("*Any RHA sanctioned event may ...") belongs to the book.
        trailer = body.pop() if body and body[-1].startswith("*") else None
        self._stream(" ".join(body))
        if trailer:
            node = self.b.add(self.b.root, "amendments", "", "", "text")
            self.b.text(node, trailer)
        return self.b.finish()

    def _stream(self, text: str) -> None:
        pos = 0
        for m in _MARKER.finditer(text):
            if m.start() < pos or not self._accept(m, text):
                continue
            self.b.text(self.current, text[pos:m.start()])
            pos = self._open(m, text)
        self.b.text(self.current, text[pos:])

    def _accept(self, m: re.Match[str], text: str) -> bool:
        before = text[max(0, m.start() - 12):m.start()]
        if m.group("section"):
            return True
        if m.group("rule"):
            # "under Rule 639 (a)" is a reference: body rules are upper case "RULE".
            return True
        if m.group("sub"):
            if self.rule is None:
                return False
            if re.search(r"(\d|Rule|Rules|rule)\s*$", before):
                return False
            # the next letter in sequence, allowing one or two the extraction lost
            expected = "abcdefghijklmnopqrstuvwxyz"[self.next_letter: self.next_letter + 3]
            if m.group("letter") in expected:
                return True
            # the letter printed again after the NOTEs of its first paragraph (RULE 409: "(c) If the
            # penalty to be imposed is a minor ... NOTE 3: ... (c) Should the same offending player commit
            # other fouls ..."): a paragraph of its own, not part of the last NOTE
            return (self.sub is not None and self.current is not self.sub and self.current.kind == "note"
                    and m.group("letter") == self.sub.key.rsplit(".", 1)[-1]
                    and bool(re.search(r"[.:;]\s*$", before)) and text[m.end():].lstrip()[:1].isupper())
        if m.group("item"):
            if self.sub is None and self.rule is None:
                return False
            if int(m.group("inum")) != self.next_item:
                return False
            if re.search(r"([.:;)]|^)\s*$", before):
                return True
            # the extraction lost the full stop before a list's next item ("... of each overtime 2. The
            # length of each period ...", RHA 639 (c)): in sequence, after the first, before a capital
            return self.next_item >= 2 and text[m.end():m.end() + 1].isupper()
        if m.group("cap"):
            # "... as follows: A. Only four skaters ... B. The rules of play ..." (RHA 639 (b) 4): a list
            # opens after a colon with "A." and goes on only in sequence
            if m.group("cl") == "A":
                return self.rule is not None and before.rstrip().endswith(":")
            return self.list_owner is not None and m.group("cl") == self.next_cap and bool(
                re.search(r"[.:;)]\s*$", before))
        return True  # notes, situations

    def _open(self, m: re.Match[str], text: str) -> int:
        end = m.end()
        if m.group("section"):
            roman = m.group("roman")
            title = self.titles.get(f"SECTION {roman}", "")
            n = _title_len(text[end:], title) if title else None
            if n is None:
                mm = re.match(r"[A-Z][A-Z ,&/'-]*[A-Z](?![^\W_])", text[end:])
                n = mm.end() if mm else 0
            node = self.b.add(self.b.root, f"section-{roman.lower()}", f"SECTION {roman}", "", "section",
                              marker=m.group(0), absolute=True)
            self.b.title(node, text[end:end + n])
            self.section, self.rule, self.sub, self.current = node, None, None, node
            return end + n
        if m.group("rule"):
            num = m.group("num")
            title = self.titles.get(f"RULE {num}", "")
            rest = text[end:]
            n = _title_len(rest, title) if title else None
            if n is None:
                mm = re.match(r"[A-Z][A-Z ,&/'-]*[A-Z](?=\s|$)", rest)
                n = mm.end() if mm else 0
                if title:
                    self.b.warnings.append(f"RULE {num}: title {title!r} from the rule list not found in the body")
            node = self.b.add(self.section, num, num, "", "rule", marker=m.group(0), absolute=True)
            self.b.title(node, rest[:n])
            self.rule, self.sub, self.current, self.list_owner = node, None, node, None
            self.next_letter, self.next_item = 0, 1
            return end + n
        if m.group("sub"):
            letter = m.group("letter")
            number = f"{self.rule.number} ({letter})"
            again = sum(1 for c in self.rule.children if c.number.startswith(number))
            # a letter printed again (RULE 409's second "(c)") is told apart as the rulebook's NOTEs are:
            # "409 (c) [2]"
            node = self.b.add(self.rule, letter, f"{number} [{again + 1}]" if again else number, "", "paragraph",
                              marker=m.group(0))
            self.sub, self.current, self.list_owner = node, node, None
            self.next_letter = "abcdefghijklmnopqrstuvwxyz".index(letter) + 1
            self.next_item = 1
            return end
        if m.group("item"):
            parent = self.sub or self.rule
            k = m.group("inum")
            node = self.b.add(parent, k, f"{parent.number} {k}", "", "item", marker=m.group(0))
            self.current, self.list_owner = node, None
            self.next_item += 1
            return end
        if m.group("cap"):
            letter = m.group("cl")
            if letter == "A":
                self.list_owner = self.current
            owner = self.list_owner
            node = self.b.add(owner, letter, f"{owner.number} {letter}", "", "item", marker=m.group(0))
            self.current = node
            self.next_cap = chr(ord(letter) + 1)
            return end
        if m.group("note"):
            self.list_owner = None
            parent = self.sub or self.rule or self.section
            nn = m.group("nn")
            label = f"NOTE {nn}" if nn else "NOTE"
            node = self.b.add(parent, f"note{nn}", f"{parent.number} {label}".strip(), "", "note",
                              marker=m.group(0))
            self.current = node
            return end
        if m.group("sit"):
            parent = self.rule or self.section
            sn = m.group("sn")
            node = self.b.add(parent, f"situation{sn}", f"{parent.number} Situation #{sn}".strip(), "",
                              "situation", marker=m.group(0))
            self.current = node
            return end
        return end


def parse_rha(ruleset: str, text: str, title: str = "") -> ParseResult:
    """Parse a "RULE nnn - TITLE" rulebook (RHA style) into a clause tree.

    Rule numbers as printed: ``"605"``, ``"605 (b)"``, ``"601 (d) 1"``, ``"605 (b) NOTE 1"``,
    ``"409 Situation #1"``.
    """
    return RhaParser(ruleset, text, title).parse()
