"""Parser for rule sheets that are one unnumbered paragraph with inline headings, as the Challenge Cup
U9 sheet is ("... Black pucks will be used. Penalties: Penalty results in penalty shot. ...").

The paragraph is split into sentences; each sentence is a clause numbered in order ("1", "2", ...), so
ids are stable for the same text; a short sentence that goes on with the one before it (:data:`CONTINUES`:
"The offending player will sit out the next shift, ..." after "Penalty results in penalty shot.", U9 21)
joins that clause instead.  A sentence that opens with an inline heading ("Penalties:",
"Change of possession:", "Game format:") carries it as its title (where the heading's scope ends is not
marked in the source, so the sentences after it stay clauses of their own).  A lettered list
("a. Head to Head. b. Goals Against.") becomes sub-clauses "12 a", "12 b" of the sentence that introduces
it, each holding the sentences up to the next letter; a bullet ends the list and starts a new clause.
A list of dot-leader lines after a sentence ending in a colon ("Penalties are as follows:" /
"Tripping.............2 min" / "Fighting.............match", Fall Fete sheet) is that sentence's list:
the sentence is the title of its clause, each line an item under it ("10 •1", "10 •2", ...), and the
prose after the list goes on one clause a sentence.
"""

from __future__ import annotations

import re

from rulebot.corpus.builder import DOT_LEADER_LINE, FOLLOWS, GREETING, INTRO, SIGN_OFF, Builder, Node, ParseResult

# A sentence ends at ". " (or "? ", "! ") followed by a capital, a bullet or a list letter.
_SENTENCE = re.compile(r"(?<=[.!?])(?<!\s[a-z]\.)\s+(?=[A-Z•]|[a-z]\.\s)|(?<=:)\s+(?=[a-z]\.\s)|\s+(?=•)")
_HEADING = re.compile(r"([A-Z][A-Za-z0-9/ -]{2,45}?):\s+")
#: The colon that ends a preamble naming the rules that apply ("... except for the following: Games ...").
_COLON = re.compile(r":(?=\s)")
_LETTER = re.compile(r"([a-z])\.\s+")
#: A sentence that goes on with the one before it, joined to its clause: what follows the rule just told
#: ("The offending player will sit out the next shift", U9 21; "They also must ...", "Any subsequent
#: ..."), not a sheet's "This is a 3 on 3 league." or "These rules are subject to change".
CONTINUES = re.compile(r"(?:the offending|they also|any (?:subsequent|further))\b", re.I)
#: The longest sentence joined so (one at most per clause).
CONTINUES_CHARS = 160
#: A full stop inside a sentence the splitter kept whole ("... as stated below. 4-on-4 ...", U9).
_SENTENCE_INSIDE = re.compile(r"[.!?]\s+\S")


def _split_title(lines: list[str]) -> tuple[str, str]:
    """Split the document title off the start of the text: a short first line without a full stop
    ("Summer Jam 3-on-3 Inline Tournament Rules"), or upper-case words run into the text (U9)."""
    if len(lines) > 1 and len(lines[0]) <= 80 and not re.search(r"[.!?:;,]$", lines[0]):
        return lines[0], " ".join(lines[1:])
    text = " ".join(lines)
    m = re.match(r"((?:[A-Z0-9-]+\s+)+?[A-Z0-9-]+)\s+(?=[A-Z][a-z])", text)
    if m and len(m.group(1).split()) >= 2:
        return m.group(1), text[m.end():]
    return "", text




def dot_leader_lists(lines: list[str]) -> set[int]:
    """The indexes of the lines that are entries of a list written with dot leaders and no bullets:
    a run of two or more :data:`~rulebot.corpus.builder.DOT_LEADER_LINE` lines right after a line
    ending in a colon ("Penalties are as follows:" / "Tripping.............2 min" /
    "Hooking..............2 min" / ... / "Fighting.............match", Fall Fete sheet)."""
    out: set[int] = set()
    i = 1
    while i < len(lines):
        j = i
        while j < len(lines) and DOT_LEADER_LINE.fullmatch(lines[j]):
            j += 1
        if j - i >= 2 and lines[i - 1].endswith(":"):
            out.update(range(i, j))
        i = max(j, i + 1)
    return out


def parse_inline(ruleset: str, text: str, title: str = "") -> ParseResult:
    """Parse a one-paragraph rule sheet with inline headings (U9 style) into a clause tree."""
    b = Builder(ruleset, title)
    # a letter's greeting and sign-off on lines of their own ("Hi refs," ... "Cheers," "Dave"): not
    # joined to the rule next to them
    lines = b.without_letter([ln.strip() for ln in text.split("\n") if ln.strip()])
    listed = dot_leader_lists(lines)
    first = min(listed, default=len(lines))
    doc_title, body = _split_title(lines[:first])
    if doc_title:
        b.title(b.root, doc_title)
    sentences = [s.strip() for s in _SENTENCE.split(body) if s.strip()]
    entries: set[int] = set()  # the indexes in ``sentences`` of dot-leader list entries
    prose: list[str] = []
    for at in range(first, len(lines) + 1):
        if at == len(lines) or at in listed:
            sentences += [s.strip() for s in _SENTENCE.split(" ".join(prose)) if s.strip()]
            prose = []
            if at < len(lines):
                entries.add(len(sentences))
                sentences.append(lines[at])
        else:
            prose.append(lines[at])
    intro: Node | None = None     # the clause that introduced a lettered list
    item: Node | None = None      # the current list item
    expected_letter = "a"
    n = 0
    listing: Node | None = None   # the clause whose dot-leader list is being read
    node: Node | None = None      # the last numbered clause
    for i, sent in enumerate(sentences):
        if i in entries and listing is not None:
            k = sum(1 for c in listing.children if c.kind == "item") + 1
            b.text(b.add(listing, f"i{k}", f"{listing.number} •{k}", "", "item"), sent)
            continue
        listing = None
        if (i == 0 and GREETING.match(sent)) or (i == len(sentences) - 1 and SIGN_OFF.match(sent)):
            b.artefact(sent, "greeting or sign-off of a sheet sent as a message, not a rule")
            continue
        if i == 0 and INTRO.match(sent):
            b.artefact(sent, "introduces the sheet, not a rule")
            continue
        said = FOLLOWS.search(sent) if n == 0 and intro is None else None
        after = _COLON.search(sent, said.end()) if said else None  # a colon before a space, not "10:00"
        colon = after.start() if after else -1
        if said and 0 <= colon and sent[colon + 1:].strip() and len(sent[:colon].split()) <= 25:
            # "FIRS rules apply except for the following: Games are two 20 minute periods, ...": the
            # preamble up to its colon, rule 1 after it
            b.text(b.root, sent[:colon + 1])
            sent = sent[colon + 1:].strip()
        elif said and len(sent.split()) <= 25 and not _SENTENCE_INSIDE.search(sent):
            # "The FIRS 2017 rules apply except as amended below.": the sheet's preamble, not rule 1
            b.text(b.root, sent)
            continue
        if sent.startswith("•"):
            b.marker("•")
            sent = sent[1:].strip()
            intro = item = None
        lm = _LETTER.match(sent)
        if intro is not None and lm and lm.group(1) == expected_letter:
            letter = lm.group(1)
            item = b.add(intro, letter, f"{intro.number} {letter}", "", "item", marker=lm.group(0))
            rest = sent[lm.end():]
            tm = re.match(r"([A-Z][A-Za-z ]{2,40}?)[.:](?:\s+|$)", rest)
            if tm:
                b.title(item, tm.group(1))
                b.marker(tm.group(0)[len(tm.group(1)):])
                rest = rest[tm.end():]
            b.text(item, rest)
            expected_letter = chr(ord(letter) + 1)
            continue
        if item is not None:
            b.text(item, sent)
            continue
        if (node is not None and len(node.parts) == 1 and not node.children and not _HEADING.match(sent)
                and CONTINUES.match(sent) and len(sent) <= CONTINUES_CHARS and not node.text.endswith(":")):
            # "Penalties: Penalty results in penalty shot. The offending player will sit out the next
            # shift, ...": the sentence goes on with the rule before it (U9 21)
            b.text(node, sent)
            continue
        n += 1
        node = b.add(b.root, str(n), str(n), "", "paragraph", absolute=True)
        hm = _HEADING.match(sent)
        if hm and len(hm.group(1).split()) <= 7:
            b.title(node, hm.group(1))
            b.marker(hm.group(0)[len(hm.group(1)):])
            sent = sent[hm.end():]
        if i + 1 in entries and sent.endswith(":") and not node.title:
            # "Penalties are as follows:" over its dot-leader list: the list's title
            b.title(node, sent[:-1])
            b.marker(":")
            listing = node
        else:
            b.text(node, sent)
        nxt = sentences[i + 1] if i + 1 < len(sentences) else ""
        if sent.endswith(":") and nxt.startswith("a. "):
            intro, expected_letter = node, "a"
    return b.finish()
