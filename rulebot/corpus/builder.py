"""The clause-tree builder every layout parser fills in, and the result it produces.

A parser walks the source text once and hands every piece of it to the builder: as a clause's number
marker (``marker``), title or text, or as an extraction artefact (``artefact``: page footers, page
numbers, table-of-contents lines, dot leaders).  Because nothing else is dropped, a test can check that
the words of the source are all found, once, in the clauses (issue 2: "nothing is lost").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from rulebot.models import Clause, ClauseKind, Ref

_WS = re.compile(r"\s+")


#: The first line of a sheet sent as an e-mail ("Hi refs,") and its last ("Thanks, Dave", "See you at
#: the rink!", "Cheers,").
GREETING = re.compile(r"(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b", re.I)
SIGN_OFF = re.compile(r"(?:thanks|thank you|many thanks|cheers|regards|best regards|kind regards|sincerely"
                      r"|see you)\b[^.!?]{0,60}[.!]?$", re.I)

#: A sentence that says which rules apply otherwise ("The FIRS 2017 rules apply except as amended below.",
#: "Hockey Canada rules apply except as stated below.", "We play under RHA rules with these changes.").
FOLLOWS = re.compile(r"\b(?:except|unless)\s+(?:as|where|otherwise)\b|\brules?\b.*\b(?:apply|applies|govern|governs|"
                     r"are followed|will be followed|will be used|are used)\b"
                     r"|\b(?:play|plays|played|playing|follow|follows|use|uses|using)\b[^.!?]{0,40}\brules?\b[^.!?]{0,30}"
                     r"\b(?:with|except|but|plus)\b[^.!?]{0,30}\b(?:changes?|modifications?|amendments?|exceptions?|"
                     r"differences?|tweaks?)\b", re.I)

#: A sheet's opening sentence that introduces the sheet itself ("Here are the rules for the Fall Fête
#: tournament."), not a rule.
INTRO = re.compile(r"(?:here are|below are|these are|attached are|please find)\b[^.!?]{0,80}\brules\b[^.!?]{0,80}[.!:]?$",
                   re.I)

#: A sheet's closing line that says whom to ask ("Questions to the tournament director: Jane Smith,
#: 555-0100."): a phone number or an e-mail address after a word about getting in touch.
CONTACT = re.compile(r"(?:if you have (?:any )?|for (?:any )?|any )?(?:questions?|contact|call|e-?mail|phone|text|reach)\b.{0,80}?"
                     r"(?:\d{3}[-.\s]\d{4}|[\w.+-]+@[\w-]+\.\w)", re.I)
#: ... or that sends the reader to a person with their questions, with no number or address ("Please
#: contact Marie at the desk with any questions.", Fall Fete sheet): the line ends with "questions".
CONTACT_ASK = re.compile(r"(?:please\s+)?(?:contact|ask|see|talk to|speak (?:to|with)|e-?mail|call|text|phone|message)"
                         r"\s[^.!?]{0,80}?"
                         r"\b(?:any|your|with)\s+(?:any\s+)?questions?\s*[.!]?$"
                         # ... or opens with them ("Questions? Contact Marie at the tournament desk.")
                         r"|(?:any\s+)?questions?\s*[?:]\s*(?:please\s+)?(?:contact|ask|see|find|talk to|speak (?:to|with)"
                         r"|e-?mail|call|text|phone|message)\s[^.!?]{0,80}[.!]?$", re.I)

#: A line of a list written with a dot leader and no bullet, ``Name.....call`` ("Tripping.............2
#: min", "Fighting.............match", Fall Fete sheet): some words, a run of four or more dots, and
#: what follows them.  Such a line is an entry of a list, never a heading.
DOT_LEADER_LINE = re.compile(r"[A-Za-z][^.•▪◦·*]{0,60}?\.{4,}\s*[^.\s].{0,80}")
#: ... or with tabs between the entry and its value ("Tripping<TAB>2 min", a table pasted from a
#: spreadsheet).
TAB_LEADER_LINE = re.compile(r"[A-Za-z][^\t.•▪◦·*]{0,60}?\t+[ \t]*[^\s].{0,80}")


#: A clause announcing the list that follows it ("shall be taken as follows:").
ANNOUNCES = re.compile(r"\b(?:as follow\w*|the following(?: \w+){0,3})\s*:", re.I)  # "as followis:" (U9 28)


_ENDS_FOLLOWING = re.compile(r"\bfollowing(?: [a-z]+){0,2}$")


@lru_cache(maxsize=8192)
def ends_announcing(text: str) -> bool:
    """True when a clause's text ends with the announcement of a list, so that the list is all it says
    ("... will be determined by following rules" (Youth Cup), "... as follows:")."""
    tail = text.rstrip()[-40:].lower()
    return tail.endswith(":") or tail.endswith("as follows") or bool(_ENDS_FOLLOWING.search(tail))


@lru_cache(maxsize=8192)  # asked of the same clause texts over and over while ranking
def introduces_list(text: str) -> bool:
    """True when a clause's text announces a list ("as follows:", "the following:"), at its end or
    before more text of its own."""
    return ends_announcing(text) or bool(ANNOUNCES.search(text))


def squash(text: str) -> str:
    """Collapse runs of white space to one space and trim."""
    return _WS.sub(" ", text).strip()


@dataclass
class Node:
    """A clause under construction (mutable); :meth:`Builder.finish` freezes it into a Clause."""

    key: str
    number: str
    title: str
    kind: ClauseKind
    parent: "Node | None"
    parts: list[str] = field(default_factory=list)
    children: list["Node"] = field(default_factory=list)
    order: int = 0
    marker: str = ""

    @property
    def text(self) -> str:
        return squash(" ".join(self.parts))


@dataclass(frozen=True)
class ParseResult:
    """What a layout parser produced for one ruleset.

    ``clauses`` in document order (the root first); ``markers`` the printed number markers kept out of
    clause text ("6.4.21", "A.", "(b)"); ``artefacts`` ``(text, reason)`` pairs removed as extraction
    artefacts; ``aliases`` extra lookup keys -> clause id (e.g. a table-of-contents number that the body
    prints differently); ``warnings`` parse-report lines (numbering gaps, unplaced text).
    """

    ruleset: str
    clauses: tuple[Clause, ...]
    markers: tuple[str, ...]
    artefacts: tuple[tuple[str, str], ...]
    aliases: dict[str, str]
    warnings: tuple[str, ...]


class Builder:
    """Collects nodes for one ruleset; keys are unique (a repeated key gets ``-2``, ``-3`` ...)."""

    def __init__(self, ruleset: str, title: str = "") -> None:
        self.ruleset = ruleset
        self.root = Node(key="", number="", title=title, kind="document", parent=None)
        self.nodes: list[Node] = [self.root]
        self.by_key: dict[str, Node] = {"": self.root}
        self.markers: list[str] = []
        self.artefacts: list[tuple[str, str]] = []
        self.aliases: dict[str, str] = {}
        self.warnings: list[str] = []

    def add(self, parent: Node, key: str, number: str, title: str = "", kind: ClauseKind = "rule",
            marker: str | None = None, absolute: bool = False) -> Node:
        """Add a child of ``parent``.  ``key`` is relative to the parent's key unless ``absolute``;
        ``marker`` is the printed number text consumed from the source (recorded for the
        nothing-lost check)."""
        full = key if absolute or not parent.key else f"{parent.key}.{key}"
        base, n = full, 2
        while full in self.by_key:
            full = f"{base}-{n}"
            n += 1
        node = Node(key=full, number=number, title=squash(title), kind=kind, parent=parent,
                    order=len(self.nodes), marker=(marker or "").strip())
        parent.children.append(node)
        self.nodes.append(node)
        self.by_key[full] = node
        if marker:
            self.markers.append(marker)
        return node

    def text(self, node: Node, text: str) -> None:
        """Append source text to ``node``'s own text."""
        if text and text.strip():
            node.parts.append(text)

    def title(self, node: Node, text: str) -> None:
        """Append source text to ``node``'s title."""
        node.title = squash(f"{node.title} {text}")

    def marker(self, text: str) -> None:
        """Record printed marker text consumed without a new node (e.g. a bullet sign)."""
        if text.strip():
            self.markers.append(text)

    def without_letter(self, lines: list[str]) -> list[str]:
        """``lines`` without the greeting and sign-off of a sheet sent as a letter ("Hi refs," at the
        top; "Thanks and see you at the rink!" / "Tournament Director" or a contact line, "Questions to
        the tournament director: Jane Smith, 555-0100.", at the end), each recorded as an artefact;
        blank lines are kept."""
        filled = [i for i, ln in enumerate(lines) if ln.strip()]
        drop: list[int] = []
        first = lines[filled[0]].strip() if len(filled) > 1 else ""
        if first and GREETING.match(first) and len(first) <= 60 and first.endswith((",", "!", ":")):
            self.artefact(first, "greeting of a sheet sent as a message, not a rule")
            drop.append(filled[0])
        if len(filled) - len(drop) > 2:
            # the sign-off and the short lines under it (a name, a role: "Thanks," / "Dana" /
            # "Tournament Director")
            for k in range(1, min(4, len(filled) - len(drop) - 1) + 1):
                at = filled[-k]
                under = [lines[i].strip() for i in filled[-k + 1:]] if k > 1 else []
                if SIGN_OFF.match(lines[at].strip()) and all(len(u) <= 40 and not u.endswith(".") for u in under):
                    self.artefact(" ".join([lines[at].strip(), *under]),
                                  "sign-off of a sheet sent as a message, not a rule")
                    drop += filled[-k:]
                    break
            rest = [i for i in filled if i not in drop]
            # whom to ask, at the end or just before the sign-off ("If you have questions contact Sam at
            # 555-1234." / "Cheers," / "Sam")
            last = lines[rest[-1]].strip() if rest else ""
            if len(rest) > 2 and (CONTACT.match(last) or CONTACT_ASK.match(last)) and len(last) <= 160:
                self.artefact(last, "whom to contact, not a rule")
                drop.append(rest[-1])
        return [ln for i, ln in enumerate(lines) if i not in drop]

    def artefact(self, text: str, reason: str) -> None:
        """Record source text removed as an extraction artefact (footer, page number, contents)."""
        if text.strip():
            self.artefacts.append((text, reason))

    def finish(self) -> ParseResult:
        """Freeze the tree into Clauses (cross-references are resolved later by the index)."""
        clauses = []
        for node in self.nodes:
            cid = f"{self.ruleset}:{node.key}" if node.key else f"{self.ruleset}:"
            clauses.append(Clause(
                ruleset=self.ruleset,
                id=cid,
                number=node.number,
                title=node.title,
                text=node.text,
                kind=node.kind,
                parent=None if node.parent is None else
                (f"{self.ruleset}:{node.parent.key}" if node.parent.key else f"{self.ruleset}:"),
                children=tuple(f"{self.ruleset}:{c.key}" for c in node.children),
                refs=(),
                order=node.order,
                marker=node.marker,
            ))
        aliases = {k: f"{self.ruleset}:{v}" for k, v in self.aliases.items()}
        return ParseResult(self.ruleset, tuple(clauses), tuple(self.markers), tuple(self.artefacts),
                           aliases, tuple(self.warnings))


def with_refs(clause: Clause, refs: tuple[Ref, ...]) -> Clause:
    """A copy of ``clause`` with its cross-references set."""
    from dataclasses import replace

    return replace(clause, refs=refs)
