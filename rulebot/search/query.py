"""Reading a query before ranking: a ruleset named in it ("under RHA", "in FIRS", "U9") becomes a
filter, and a rule number ("6.4.21 C", "rule 605", "605(b)", "RHA 402") goes straight to that clause."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from rulebot.corpus.index import ClauseIndex
from rulebot.search.text import STOP_WORDS, words
from rulebot.models import Clause

#: The number of a rule as people write one ("6.4.21 C", "605(b)", "605"), as a pattern to build on.
NUMBER_PATTERN = r"\b\d+(?:\.\d+)+(?:\s?[A-Z]\b)?|\b\d{3}\s?\(\s?[a-z]\s?\)(?:\s?\d{1,2}\b)?|\b\d{3}\b"
#: A rule number as people write one, with the word before it ("rule 605", "6.4.21 C", "605(b)").
RULE_NUMBER = re.compile(
    r"(?:\b(?:rule|rules|section|sect|clause|article|§)\s*#?\s*)?" rf"(?P<num>{NUMBER_PATTERN})",
    re.IGNORECASE,
)
# "rule 35", "section 9": the whole number ("rule 9.9.9" is not rule 9)
_EXPLICIT = re.compile(r"\b(?:rule|rules|section|sect|clause|article)\s*#?\s*(?P<num>\d{1,3}[A-Z]?)\b(?![.,]\d)",
                       re.I)


_UNITS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                      "thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_UNITS["oh"] = 0
_TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
_SAID = "|".join([*_UNITS, *_TENS, r"hundred(?:\s+and(?=\s+(?:" + "|".join([*_UNITS, *_TENS]) + r")\b))?"])
#: A rule number said aloud or dictated: "rule six twenty seven", "section six point four point eight",
#: "six point four point eight" (two "point"s make it a rule number without the word "rule").
_SPOKEN_NUMBER = re.compile(
    rf"\b(?P<word>(?:rule|rules|section|clause|article)\s+(?:number\s+)?)?"
    rf"(?P<num>(?:{_SAID})(?:[\s-]+(?:(?:{_SAID})|point|dot))*)\b", re.I)


def _said_digits(words: list[str]) -> str:
    """One part of a rule number said in words, as digits: "six twenty seven" -> "627", "six oh two" ->
    "602", "six hundred and two" -> "602", "four" -> "4"; "" when the words are no number."""
    if "hundred" in words:
        i = words.index("hundred")
        head, rest = words[:i], [w for w in words[i + 1:] if w != "and"]
        if len(head) != 1 or head[0] not in _UNITS:
            return ""
        tail = _said_digits(rest) if rest else "0"
        return f"{_UNITS[head[0]]}{int(tail):02d}" if tail and int(tail) < 100 else ""
    out, i = "", 0
    while i < len(words):
        w = words[i]
        if w in _TENS:
            if i + 1 < len(words) and words[i + 1] in _UNITS and 0 < _UNITS[words[i + 1]] < 10:
                out, i = out + str(_TENS[w] + _UNITS[words[i + 1]]), i + 2
                continue
            out += str(_TENS[w])
        elif w in _UNITS:
            out += str(_UNITS[w])
        else:
            return ""
        i += 1
    return out


#: What may follow a rule number of one word ("rule five about", "rule thirty five?"), unlike "rule two minutes".
_ENDS_RULE_NUMBER = re.compile(r"\s*(?:[?.!,;:)]|$|(?:about|say|says|said|cover|covers|mean|means|in|of the|from|and)\b)",
                               re.I)


def spoken_rule_numbers(text: str) -> str:
    """``text`` with rule numbers said in words written in digits, as a dictated question has them:
    "what's rule six twenty seven about" -> "what's rule 627 about", "FIRS six point four point eight"
    -> "FIRS 6.4.8".  Only after "rule", "section", "clause" or "article", or with two "point"s: "two
    minutes" and "one official" stay words."""
    def said(m: re.Match) -> str:
        num = m.group("num")
        parts = [p.split() for p in re.split(r"\b(?:point|dot)\b", num.lower().replace("-", " "))]
        if not m.group("word") and len(parts) < 3:
            return m.group(0)
        if len(parts) == 1 and len(parts[0]) == 1 and not _ENDS_RULE_NUMBER.match(text, m.end()):
            return m.group(0)  # "is the rule two minutes or four?", "under the rules one ref is enough"
        digits = [_said_digits(p) for p in parts]
        if not all(digits):
            return m.group(0)
        return f"{m.group('word') or ''}{'.'.join(digits)}"
    return _SPOKEN_NUMBER.sub(said, text)


@dataclass(frozen=True)
class ParsedQuery:
    """A query with the ruleset names and rule numbers taken out.

    ``text`` is what is left to rank; ``rulesets`` the rulesets named in the query (empty: none named);
    ``clauses`` the clauses its rule numbers name, in the order they appear."""

    raw: str
    text: str
    rulesets: tuple[str, ...]
    clauses: tuple[Clause, ...]
    unknown: tuple[str, ...] = ()  # rule numbers asked for explicitly ("6.4.99", "rule 9.9.9") not found
    told_of: tuple[str, ...] = ()  # rulesets named only to say what they do ("In FIRS I'd give a minor. And RHA?")
    uncited: str = ""  # ``text`` without the rule numbers found ("RHA 608 is boarding, right?" -> "is boarding, right?")


#: After a loose alias, words that make it a plain adjective or adverb ("inline skates", "inline with the post").
_NOT_A_NAME = re.compile(r"\s+(?:skates?|skating|skaters?|wheels?|boots?|frames?|with|to)\b", re.I)


def _alias_names(index: ClauseIndex, loose: bool = False) -> list[tuple[str, str]]:
    """(name, ruleset id) for every name a loaded ruleset answers to, longest first; with ``loose``, its
    loose aliases instead (:class:`rulebot.models.Ruleset`).  Kept on the index."""
    key = "_loose_names" if loose else "_alias_names"
    cached = index.__dict__.get(key)
    if cached is None:
        pats: list[tuple[str, str]] = []
        for rs in index.rulesets.values():
            names = set(rs.loose_aliases) if loose else {rs.id, rs.short_name, *rs.aliases}
            for name in names | {_without_accents(n) for n in names if n}:  # "Fall Fête" typed "fall fete"
                if name and len(name) >= 2:
                    pats.append((name, rs.id))
        pats.sort(key=lambda p: -len(p[0]))
        cached = index.__dict__[key] = pats
    return cached


def _without_accents(text: str) -> str:
    """``text`` with accents taken off ("Fête" -> "Fete")."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def _names_content(index: ClauseIndex, rid: str, name: str, own_rules: bool = True) -> bool:
    """Whether a name is also a word of ruleset ``rid``'s rules ("U12" in "Body checking is allowed in the
    U12 age group", "half-ice"): it stays in the question to be searched.  For one of ``rid``'s own aliases
    (``own_rules``), not its own name ("RHA", "FIRS") nor a word on most of its pages; for another
    ruleset's alias, any clause of ``rid`` that says it.  Kept on the index."""
    cache = index.__dict__.setdefault("_alias_content", {})
    key = (rid, name.lower(), own_rules)
    if key not in cache:
        rs = index.rulesets[rid]
        own = {rs.id.lower(), rs.short_name.lower()}
        words = [re.escape(w) for w in re.split(r"[\s-]+", name.strip())]
        pat = re.compile(r"(?<![\w-])" + r"[\s-]+".join(words) + r"(?![\w-])", re.I)
        n = sum(1 for c in index.by_ruleset(rid) if c.text and pat.search(c.text))
        cache[key] = (n > 0 if not own_rules else
                      name.lower() not in own and name.lower() not in rs.title.lower() and 0 < n <= ALIAS_CONTENT_MAX)
    return cache[key]


#: An alias found in more clauses of its ruleset than this is its name there, not a rule's word.
ALIAS_CONTENT_MAX = 3


@lru_cache(maxsize=256)
def _everyday(name: str) -> bool:
    """A one-word ruleset name that is also an English word ("long", "penalties", "novice", "firs"):
    it names the ruleset only where :func:`_said_as_name` says so."""
    if not re.fullmatch(r"[A-Za-z]+", name.strip()):
        return False
    from rulebot.search.text import is_english_word

    return is_english_word(name.strip().lower())


def _said_as_name(m: re.Match, name: str) -> bool:
    """Whether a match of :func:`_alias_pattern` uses an everyday word as a name: after "in", "under",
    "at" ... or before "rules", "tournament" ..., or written in capitals ("FIRS")."""
    said = m.group(0).strip()
    low = said.lower()
    core = low.removeprefix("the ").strip()
    if any(ch.isupper() for ch in said) and re.search(rf"\b{re.escape(name.strip().upper())}\b", said):
        return True
    return core != name.strip().lower()


#: The game a ruleset's name is said with ("an RHA game", "ball hockey games") ...
_GAME_NAMED = re.compile(r"\b(?:games?|match(?:es)?)\s*$", re.I)
#: ... as what the question asks about ("how long is a ...", "how many periods are in an ...") or as what is
#: ended, won, started ... ("the goal spread that ends a ... game early"; not "In a ... game the coach ...").
_ASKED_OF = re.compile(r"\b(?:is|are|was|were|does|do)\s+(?:(?:in|of)\s+)?(?:an?|the)?\s*$"
                       r"|\b(?:end|ends|ended|ending|stop|stops|stopped|finish|finishes|finished|decide|decides|decided"
                       r"|win|wins|won|lose|loses|lost|forfeit|forfeits|forfeited|suspend|suspends|suspended|call|calls"
                       r"|called|start|starts|started|begin|begins|began|abandon|abandons|abandoned)\s+(?:an?|the)\s*$",
                       re.I)


#: Words that are no part of a rulebook's loose name: small words ("the length of the stick in the rule book"
#: keeps "the stick") and the books a game is recorded in ("the score book", "the penalty book").
_NOT_A_BOOKS_NAME = (r"(?:in|of|for|from|the|a|an|on|at|to|with|and|or|score|scoring|penalty|penalties|game|games"
                     r"|record|records|stats?|official)\b")
#: A rulebook said by what it is rather than by a name: "in the American roller book", "per the rule book",
#: "Kids' cup rulebook:" at the start (not "what does the rule book mean by", which asks what it says).
_LOOSE_BOOK = re.compile(r"\b(?:in|under|per|according to|by)\s+the\s+(?:(?!" + _NOT_A_BOOKS_NAME + r")[\w'’-]+\s+){0,3}?"
                         r"(?:rule\s?book|book|handbook)s?\b"
                         r"|^\W*(?:(?!" + _NOT_A_BOOKS_NAME + r")[\w'’-]+\s+){1,3}(?:rule\s?book|book)\s*:", re.I)


@lru_cache(maxsize=4096)
def _alias_pattern(name: str) -> re.Pattern[str]:
    """The pattern of one ruleset name with the words around it ("in the RHA rules", "under FIRS",
    "for the U9 tournament"); compiled only when a question may contain the name."""
    words = [re.escape(w) for w in re.split(r"[\s-]+", name.strip())]
    before = r"(?:\b(?:in|under|for|at|by|per|of|from|according to)\s+)?(?:the\s+)?"
    # "FIRS inline games", "RHA roller rules": the sport said with the name is the name's too
    # ... only before "rules", "games" and the like ("the RHA ball" is a ball)
    nouns = r"(?:rules?|rule\s?book|rulebook|book|league|tournaments?|games?|events?)\b"
    after = rf"(?:\s+(?:inline|in-line|roller|ball)(?:\s+hockey)?(?=\s+{nouns}))?(?:\s+{nouns})?(?:'s)?"
    # "RHA-sanctioned", "FIRS-approved": the name with a word hyphened on
    hyphened = r"(?:-(?:sanctioned|approved|certified|registered|style|type|run|based|governed|affiliated|rules?)\b)?"
    # "can u9s body check": the players of the age group named by it
    plural = r"(?:s|'s)?" if re.fullmatch(r"[A-Za-z]+\d+", name.strip()) else ""
    return re.compile(before + r"(?<![\w-])" + r"[\s-]+".join(words) + plural + hyphened + r"(?![\w-])" + after, re.I)


@lru_cache(maxsize=1024)
def _first_word(name: str) -> str:
    """The first word of a ruleset's name or alias, lower case ("ball-hockey league" -> "ball")."""
    return re.split(r"[\s-]+", name.strip())[0].lower()


def parse_query(index: ClauseIndex, query: str, ruleset: str | None = None, loose: bool = True) -> ParsedQuery:
    """Find ruleset names and rule numbers in ``query``.

    ``ruleset`` (the user's selection) limits where rule numbers are looked up when the query names
    no ruleset itself.  A loose alias (:class:`rulebot.models.Ruleset`) names its ruleset only with
    ``loose``, no ``ruleset`` and no other name said, and not as a plain adjective ("inline skates").
    A rule number said in words ("rule six twenty seven") is read as written (:func:`spoken_rule_numbers`)."""
    text = spoken_rule_numbers(query)
    said = text
    named: list[str] = []
    spans: dict[str, list[tuple[int, int]]] = {}
    lowered = text.lower()
    # a loose name ("inline" for FIRS) only in a question that names no ruleset otherwise and is asked of none
    loose_names = _alias_names(index, loose=True) if loose and ruleset is None else []
    for names in (_alias_names(index), loose_names):
        if named:
            break
        for name, rid in names:
            if _first_word(name) not in lowered:
                continue  # cheap test first: most names are not in the question
            pat = _alias_pattern(name)
            m = pat.search(text)
            if m and names is loose_names and _NOT_A_NAME.match(text, m.end()):
                continue  # "inline skates", "inline with the goal line": the word, no rulebook
            if m and not index.rulesets[rid].embedded and _everyday(name) and not _said_as_name(m, name):
                # a sheet ingested as "long.txt" is not named by "how long is a minor" (the embedded
                # rulebooks' names are chosen: "firs spearing" is FIRS)
                m = next((x for x in pat.finditer(text) if _said_as_name(x, name)), None)
            if (m and ruleset and rid != ruleset and ruleset in index.rulesets and not index.rulesets[ruleset].embedded
                    and _names_content(index, ruleset, name, own_rules=False)):
                # a word of the user's rulebook selected ("U12", a youth tournament's name, in a sheet's "No
                # slapshots in the U12 division"): that rulebook's word, not another rulebook named (the
                # embedded rulebooks' names are chosen: "ball hockey" asked of FIRS is the ball-hockey league)
                m = None
            if m:
                if rid not in named:
                    named.append(rid)
                spans.setdefault(rid, []).extend(x.span() for x in pat.finditer(said))
                if not _names_content(index, rid, name):
                    # ... but the game it names stays when the game is what is asked about ("how long is a ball
                    # hockey game?"; not "In a FIRS game the coach wants to protest")
                    text = pat.sub(lambda x: f" {x.group(0).split()[-1]} " if _GAME_NAMED.search(x.group(0))
                                   and _ASKED_OF.search(x.string[:x.start()]) else " ", text)
                    lowered = text.lower()
    if "book" in lowered and (len(named) == 1 or (not named and ruleset in index.rulesets)):
        # the one rulebook asked of said loosely besides ("in the American roller book", "Gym league
        # book:"): what it is called is no word of its rules
        text = _LOOSE_BOOK.sub(" ", text)
    told_of: tuple[str, ...] = ()
    if len(named) > 1:
        asked = _asked_of(said, named, spans, ruleset)
        told_of, named = tuple(r for r in named if r not in asked), asked
    scope = named or ([ruleset] if ruleset else list(index.rulesets))
    clauses: list[Clause] = []
    ids: set[str] = set()
    # The whole query may be a number as rulebot prints it: "35 ¶2", "Format 2A", "28 a",
    # "402 Situation #1", "205 (c) NOTE 1", "Annex C row 12", "Annex B Boarding", "rule 35".
    # ... after "what's" when the rulebook's name, said before it, is gone ("what's ball hockey rule 39")
    whole = re.sub(r"^\s*(?:(?:what does|what's in|what's|whats|what is|show me|show|read)\s+(?:the\s+)?)?"
                   r"(?:rules?|section|clause)?\s*", "", text.strip().rstrip("?.! "), flags=re.I)
    if whole and len(whole) <= 40 and (re.search(r"\d", whole) or whole.lower().startswith("annex")):
        for rid in scope:
            c = index.lookup(rid, whole)
            if c is not None:
                return ParsedQuery(query, "", tuple(named), (c,), told_of=told_of)
    unknown: list[str] = []
    found: list[tuple[int, int]] = []  # where the rule numbers that name a clause are
    for m in RULE_NUMBER.finditer(text):
        num = m.group("num")
        explicit = m.group(0).strip().lower()[:1].isalpha() or "." in num or "(" in num
        if explicit and not any(index.lookup(rid, num) for rid in scope):
            unknown.append(num.strip())
        # A bare three-digit number names a rule only in a RULE-numbered book or when named "rule".
        for rid in scope:
            c = index.lookup(rid, num)
            if c is None:
                continue
            if not explicit and not re.fullmatch(r"\d{3}", num):
                continue
            if not explicit and rid not in named and not (ruleset and rid == ruleset):
                continue
            if c.id not in ids:  # each clause once (a query repeating a number stays linear)
                clauses.append(c)
                ids.add(c.id)
            found.append(m.span())
            break
    for m in _EXPLICIT.finditer(text):
        for rid in scope:
            c = index.lookup(rid, m.group("num"))
            if c is not None:
                if c.id not in ids:
                    clauses.append(c)
                    ids.add(c.id)
                found.append(m.span())
                break
    # each character of a number found once ("rule 605" is found by both patterns)
    cut = set().union(*(range(start, end) for start, end in found)) if found else set()
    uncited = "".join(" " if i in cut else ch for i, ch in enumerate(text))
    return ParsedQuery(query, re.sub(r"\s+", " ", text).strip(), tuple(named), tuple(clauses),
                       tuple(dict.fromkeys(u for u in unknown if not clauses)), told_of,
                       re.sub(r"\s+", " ", uncited).strip())


#: What a rulebook is named with when it is only compared with ("penalty shot like in FIRS?"; not "the same
#: as RHA?", which asks of both, nor "I'd like the FIRS rule", a wish).
_COMPARED_WITH = re.compile(r"(?<!\bi )(?<!'d )(?<!\bwould )(?<!\bwe )(?<!\byou )(?<!\bthey )\b(?:like|unlike)\s+"
                            r"(?:(?:in|under|at|by|from|of)\s+)?(?:the\s+)?$", re.I)
#: A question that compares rulebooks in so many words: every one named is asked.
_COMPARES = re.compile(r"\b(?:compar\w*|versus|vs\b|differ\w*|same as|both|each|every)\b", re.I)
#: One clause of a question: up to a full stop, "?", "!", ";", ":" or a dash (not a word's hyphen, a rule
#: number's dot, "vs.").
_CLAUSE = re.compile(r"(?:[^.?!;:–—-]|(?<=\w)-(?=\w)|(?<=\d)\.(?=\d)|(?<=\bvs)\.)+", re.I)
#: A clause with fewer words than this besides the rulebooks' names is a label of the question ("FIRS or
#: RHA: how long are periods?"), not something told.
LABEL_WORDS = 3


def _asked_of(text: str, named: list[str], spans: dict[str, list[tuple[int, int]]],
              selected: str | None = None) -> list[str]:
    """The rulebooks of ``named`` (ids, in the order named) that ``text`` asks about, when it names others
    only to say what they do: "In FIRS I shoot my right arm straight up for a delayed penalty. What does
    the RHA book say to do?" asks RHA, and so do "... Used to one minute per half in FIRS." and "RHA game:
    ... Penalty shot like in FIRS?".  A rulebook is asked when it is named in a clause that ends in "?" or
    in a label ("FIRS or RHA: ..."), other than as compared with ("like FIRS"); when none is, the one
    ``selected`` if it is named in what is told ("RHA game - ... FIRS doesn't really cover it; what do I do
    here?"), else those named other than as compared with.  All are asked when the question has no "?",
    compares in so many words ("compared with", "both", "the same as") or asks of all or none.
    ``spans``: each rulebook's mentions as (start, end) offsets in ``text``."""
    if "?" not in text or _COMPARES.search(text):
        return named
    clauses = [(m.start(), m.end(), text[m.end():m.end() + 1] == "?") for m in _CLAUSE.finditer(text)]

    def compared(start: int, end: int) -> bool:
        lead = re.match(r"(?:in|under|at|by|from|of)\s+", text[start:end], re.I)
        return bool(_COMPARED_WITH.search(text[:start + (lead.end() if lead else 0)]))

    names = [span for spans_ in spans.values() for span in spans_]

    def asking(start: int, end: int) -> bool:
        for a, b, asks in clauses:
            if a <= start and end <= b:
                # the clause's words besides the rulebooks' names (mentions may overlap: "RHA", "RHA rules")
                rest = "".join(" " if any(s_ <= i < e_ for s_, e_ in names) else text[i] for i in range(a, b))
                return asks or len(rest.split()) < LABEL_WORDS
        return False

    said = {rid: [span for span in spans.get(rid, ()) if not compared(*span)] for rid in named}
    kept = [rid for rid in named if any(asking(*span) for span in said[rid])]
    if not kept and selected in named and said[selected]:
        kept = [selected]
    kept = kept or [rid for rid in named if said[rid]]
    return kept if kept and len(kept) < len(named) else named


_ME_CONTACT = re.compile(
    r"\b(?:grab\w*|push\w*|shov\w*|punch\w*|hit|hits|touch\w*|spit\w*|spat|struck|strik\w*|slash\w*|trip\w*"
    r"|check\w*)\b(?:\s+\w+){0,3}?\s+(?:at\s+)?(?:me|my)\b"
    # "grabbed my goalie's cage": someone of the asker's team, not the asker
    r"(?!\s+(?:goalie|goalies|goaltender|goalkeeper|keeper|netminder|player|players|teammate|teammates|kid|kids"
    r"|guy|guys|son|daughter|captain|winger|wingers|centre|center|forward|forwards|defenceman|defenseman|d-man"
    r"|defender|defenders|linemate|linemates|skater|skaters|team|bench|coach|shooter|netminder)\b)", re.I)
_ME_DEFLECT = re.compile(r"\b(?:off|hits?|clips?|clipped|catch\w*|caught|glanc\w*|nick\w*|deflect\w*|bounc\w*|tipp?\w*)"
                         r"\s+(?:off\s+)?(?:me|my\s+(?:skate|skates|leg|legs|body|foot|feet|stick|pad|shin))\b", re.I)


#: The puck or ball, not a player, hitting an official ("the puck hits the referee and goes in").
_PUCK_OFF_OFFICIAL = re.compile(
    r"\b(?:puck|ball|shot|pass|clearance|clear)\b[^.?!]{0,25}?\b(?:off|hits?|clips?|clipped|deflect\w*|bounc\w*"
    r"|glanc\w*|tipp?\w*|strikes?|struck|touch\w*|rebound\w*|carom\w*|ricochet\w*)\s+(?:off\s+)?(?:of\s+)?"
    r"(?:(?:the\s+|a\s+|an\s+)?(?:ref|refs|referee|official|linesman|linesmen|umpire)\b|my\s+partner)", re.I)


#: The puck kept from an official who goes to get it ("flicks it away from me", "out of the ref's reach").
_AWAY_FROM_ME = re.compile(r"\b(?:flick|knock|shoot|shot|kick|bat|slap|fire|fling|flung|push|throw|threw|toss|whack|"
                           r"clear|swat)\w*\s+(?:the\s+)?(?:puck|ball|it)\s+(?:\w+\s+){0,2}?(?:away from|out of reach of) "
                           r"(?:me|the (?:ref|referee|official|linesman))\b"
                           r"|\bout of (?:my|the (?:ref|referee|official|linesman)'?s?) reach\b", re.I)


#: The asker plays: his own crease, net, pads or stick, his team ("trips me in my crease", "taps my pads").
#: (Not "my skates", "my mask": an official wears them too.)
_ASKER_PLAYS = re.compile(r"\bmy (?:own )?(?:crease|net|goal|cage|pads?|stick|blocker|catcher|trapper|"
                          r"team|teammates?|linemates?|defen[cs]e(?:man|men)?|d-?man|shot|breakaway)\b"
                          r"|\bi(?:'m| am) (?:a |the )?(?:goalie|goaltender|goalkeeper|keeper|player|skater|forward|"
                          r"winger|defen[cs]eman|d-?man|captain)\b", re.I)


def official_words(question: str) -> str:
    """What "me" and "my" stand for in a referee's question, in the rulebooks' words: a player who
    grabs or shoves "me" is abusing an official; a shot off "my skate" (or "the puck hits the
    referee") went off an official; a puck flicked "away from me" is knocked out of the reach of an
    official (FIRS 6.4.9 B); not when the asker plays (:data:`_ASKER_PLAYS`: "trips me in my crease").
    "" when the question has none of them."""
    if _ME_DEFLECT.search(question) or _PUCK_OFF_OFFICIAL.search(question):
        return "deflected off an official"
    if _AWAY_FROM_ME.search(question):
        return "knocks the puck out of the reach of an official"
    return "abuse of officials" if _ME_CONTACT.search(question) and not _ASKER_PLAYS.search(question) else ""


#: "with a minute left", "under 30 seconds to go", "40 sec remaining": late in the game, where rulebooks
#: say "during the last two minutes of play".
_LATE = re.compile(r"\b(?:a|one|two|\d{1,2}|ten|twenty|thirty|forty|fifty)\s*(?:minutes?|mins?|seconds?|secs?)\s+"
                   r"(?:left|to go|remaining|to play)\b(?!\s+(?:on|in|of)\s+(?:his|her|their|the|a|that)\s+"
                   r"(?:minor|major|penalty|misconduct|box|bench|time)\b)|\b(?:final|last) (?:minute|seconds)\b", re.I)
#: Time still to serve on a penalty: "40 seconds left on a minor", "still had time left in the box".
_PENALTY_TIME_LEFT = re.compile(r"\b(?:time|seconds?|secs?|minutes?|mins?)\s+(?:still\s+)?(?:left|remaining|to serve)\s+"
                                r"(?:on|in|of)\s+(?:his|her|their|the|a|that)\s+(?:minor|major|penalty|misconduct|box)\b",
                                re.I)


def penalty_time_left_words(question: str) -> str:
    """The rulebooks' words for time still to serve on a penalty ("un-expired penalty time", RHA 639 (b)
    4 F) when ``question`` tells of some ("a guy who still had 40 seconds left on a minor at the horn");
    "" otherwise."""
    return "un-expired penalty time" if _PENALTY_TIME_LEFT.search(question) else ""


def late_game_words(question: str) -> str:
    """The rulebooks' words for a moment a question puts late in the game ("with a minute left" ->
    "last two minutes"), "" when it puts none."""
    return "last two minutes" if _LATE.search(question) else ""


#: A penalized player out of the box before his time is up, told as officials tell it: "kid in my box
#: skates out with 40 seconds left on his minor", "I let him out of the box early", "he bolts before
#: his time is up": the box (or the penalty being served) anywhere in the question ("I'm the box person.
#: If a kid leaves early ..."), and in one sentence a way out and time still to serve.
_IN_BOX = re.compile(r"\b(?:box|penalty bench|bin)\b|\b(?:his|her|their) (?:minor|major|penalty|time)\b", re.I)
_WAY_OUT = re.compile(r"\b(?:(?:skat|walk|hopp?|jump|stepp?|came|come|get|got|bolt|let)\w*\s+(?:\w+\s+){0,2}?(?:out|back on)"
                      r"|leav\w*|left (?:the |his |her )?(?:box|bench|penalty)|bolt\w*|releas\w*"
                      r"|open\w* the (?:door|gate))\b", re.I)
_TIME_LEFT = re.compile(r"\b(?:early|too soon|prematurely|before (?:his|her|their|the) (?:time|penalty)"
                        r"|\d+\s*(?:secs?|seconds?)\s+(?:still\s+)?(?:left|remaining|to go|early)"
                        r"|(?:time|seconds?) (?:still )?left)\b", re.I)
#: ... by the timekeeper's mistake: "let him out early by mistake", "my bad", "box guy lets him out".
_BOX_ERROR = re.compile(r"\b(?:by mistake|my (?:bad|mistake|fault)|by error|in error|by accident|accidentally"
                        r"|(?:i|we|box \w+|timer|timekeeper|attendant|volunteer) (?:\w+ ){0,3}?(?:let|lets|opened|opens"
                        r"|released|releases)\b|(?:screw\w*|mess\w*|goof\w*|mix\w*) up)", re.I)


def early_release_words(question: str) -> str:
    """The rulebooks' words for a penalized player leaving the box before his penalty is up ("leaves
    the penalty bench before his penalty has expired", RHA 629 (c), FIRS 4.4 A), and for the box
    attendant letting him out by mistake ("error by the penalty timekeeper", RHA 629 (f)), when
    ``question`` tells of the box and one of its sentences of a way out and time left; "" otherwise."""
    if not _IN_BOX.search(question) or (_MAN_DOWN.search(question) and _OTHERS_SCORED.search(question)):
        # out with time left after the other side scored on the short-handed team is the goal's release
        # (:func:`goal_release_words`: "We were down a man, the other team scored, and our guy came straight
        # out of the penalty box even though he still had time left")
        return ""
    for sentence in re.split(r"(?<=[.?!])\s+", question):
        if _WAY_OUT.search(sentence) and _TIME_LEFT.search(sentence):
            words = "leaves the penalty bench before his penalty has expired"
            return f"{words} error by the penalty timekeeper" if _BOX_ERROR.search(question) else words
    return ""


#: A foul done to a player: "high sticking a player", "hooks another player" (the player is its
#: object, not who did it).
_FOUL_ON_PLAYER = re.compile(r"\b(?:stick(?:ing|ed)|hook(?:ing|s|ed)?|slash(?:ing|es|ed)?|trip(?:ping|s|ped)?|"
                             r"hit(?:ting|s)?|check(?:ing|s|ed)?|spear(?:ing|s|ed)?|elbow(?:ing|s|ed)?|"
                             r"hold(?:ing|s)?|held|punch(?:ing|es|ed)?|kick(?:ing|s|ed)?|charg(?:ing|es|ed)|"
                             r"board(?:ing|s|ed)?|interfer(?:ing|es|ed)(?: with)?) (?:a|an|the|another|other) "
                             r"(?:player|guy|kid|skater|forward|defenseman|defender|attacker)\b", re.I)


def object_words(question: str) -> str:
    """The rulebooks' word for a player a foul is done to ("high sticking a player" -> "opponent", as
    ball hockey 27 "High sticking an opposing player", not 28 "High sticking the ball"), "" when the
    question names none."""
    return "opponent" if _FOUL_ON_PLAYER.search(question) else ""



#: "Which rule covers ...", "what section of the rules lays out ...": the rule asked for as a whole.
_WHICH_RULE = re.compile(
    r"^\s*(?:which|what) (?:rule|section|clause|part)s?(?: (?:of|in) (?:the )?(?:rules?|book|rulebook|rule book))? "
    r"(?:covers|is about|deals with|says|talks about|explains|lays out|spells out|sets out|describes|lists|governs"
    r"|handles)\s+", re.I)


#: The number of a rule asked for ("Which rule number deals with kneeing?", "needs the FIRS rule number for
#: throwing a stick", "the rule number for the mercy rule").
_RULE_NUMBER_ASKED = re.compile(r"\b(?:which|what)(?:'s| is)? (?:the )?(?:rule|section) (?:number|no\.?|#)"
                                r"|\brule (?:number|no\.?|#) (?:for|of|on|that covers|that deals with)\b", re.I)


def asks_which_rule(question: str) -> bool:
    """Whether ``question`` asks which rule covers something ("Which rule lays out the penalty
    timekeeper's duties?"): the rule as a whole, from its start."""
    return bool(_WHICH_RULE.search(question))


def asks_rule_number(question: str) -> bool:
    """Whether ``question`` asks which rule covers something or its number ("which rule number is
    kneeing?", "the rule number for the mercy rule"): the answer is headed by the rule's number and name."""
    return bool(_WHICH_RULE.search(question) or _RULE_NUMBER_ASKED.search(question))


#: A message's frame around the question: a subject label ("Subject:", "Re:"), a greeting ("Dear Rules
#: Committee,", "Hi refs,": the name of no more than three words, then a comma; not "Hi-sticking") and a sign-off
#: opening a sentence, with the name and role signed under it ("Kind regards, J. Novak, Level 2 Referee"; not "the
#: crowd cheers and ...").
_SUBJECT = re.compile(r"^\s*(?:subject|subj|re)\s*:\s*", re.I)
_SALUTATION = re.compile(r"(?:^|(?<=[\n.!?]))\s*(?:dear|hi(?![\s-]*stick)|hello|hey|good (?:morning|afternoon|evening))"
                         r"\b(?:[ \t]+[\w'.-]+){0,3}[ \t]*[,\n!:]", re.I)
_SIGNED = re.compile(r"(?:^|(?<=[.!?\n]))\s*(?:(?:kind|best|warm|warmest|many)\s+)?(?:regards|thanks|thank you|cheers|"
                     r"sincerely|best wishes|all the best|respectfully)\s*(?:[,!.]|$)[^?]{0,100}$", re.I)
#: ... and who wrote it, opening the message before a colon ("A U9 parent writes: '...'", "From a bench boss: '...'"):
#: the writer, a person (:data:`_WRITER_WHO`), is no part of the case ("A coach writes: their goalie sat on it" is no
#: coach's rule), unless told by whose he is ("A goalie's dad writes:": the goalie is the case); not a rulebook or a
#: rule that says something ("RHA 402 says: ...").
_WRITER_WHO = (r"(?:parent|dad|mom|mum|father|mother|grand(?:parent|ma|pa|mother|father)|coach|player|fan|reader|captain"
               r"|manager|organi[sz]er|director|volunteer|boss|spectator|supporter|listener|viewer|member|trainer"
               r"|someone|somebody)s?")
_WRITER = re.compile(r"^\s*(?:(?:a|an|the|one|our|my)\s+)?(?:[\w-]+\s+){0,3}?" + _WRITER_WHO +
                     r"\s+(?:writes|wrote|writes in|asks|asked)\s*:\s*"
                     r"|^\s*from\s+(?:a|an|the|one|our|my)\s+(?:[\w-]+\s+){0,3}?" + _WRITER_WHO + r"\s*:\s*", re.I)
_FRAME_HINTS = (":", "dear", "hi ", "hi,", "hello", "hey", "good ", "regards", "thank", "cheers",
                "sincerely", "best", "respectfully")


def without_letter_frame(question: str) -> str:
    """``question`` without the frame of a message it came in (:data:`_SALUTATION`, :data:`_SIGNED`, :data:`_WRITER`:
    a subject label, who writes, a greeting, a sign-off and the name and role signed under it), which names no rule; the question
    itself when nothing else is left ("Thanks!")."""
    low = question.lower()
    if not any(hint in low for hint in _FRAME_HINTS):
        return question
    bare = _SIGNED.sub(" ", _SALUTATION.sub("\n", _WRITER.sub("", _SUBJECT.sub("", question), count=1), count=1))
    if bare == question:
        return question
    # the subject line and the lines of a message are sentences of their own ("Subject: Rule number for
    # head-butting" / "I need to cite ..."), where they do not end on a stop already and the next opens with a
    # capital (a line wrapped mid-sentence: "what about" / "a penalty shot?")
    bare = re.sub(r"\s*\n\s*", "\n", bare.strip())
    bare = re.sub(r"(?<=[^\W_])\n(?=[A-Z])", ". ", bare)
    bare = re.sub(r"\s+", " ", bare).strip()
    return bare if words_left(bare) else question


#: What the asker will use the answer for, said before the question ("For our protest, what does each
#: rulebook allow ...?", "For my report: ..."): no rule's word ("For a protest, what is the deadline?" and
#: "In the records, ..." name the topic).
_PURPOSE_TOLD = re.compile(r"(?:^|(?<=[.?!:;] ))\s*for (?:our|my) (?:formal |written )?"
                           r"(?:protest|appeal|report|incident report|game report|records?|exam|test|quiz|notes|clinic)"
                           r"\s*[,:]\s*", re.I)


def without_purpose(question: str) -> str:
    """``question`` without what the asker will use the answer for (:data:`_PURPOSE_TOLD`: "For our
    protest, what does each rulebook allow for team time-outs?" -> "what does each rulebook allow ...")."""
    bare = _PURPOSE_TOLD.sub(" ", question).strip()
    return bare if words_left(bare) else question


#: Someone who brings a question and is no part of it, named in the third person ("Ref on rink 2", "A parent
#: at the U9 games", "Tournament director", "He"): a referee, parent, spectator, volunteer, organiser or crew,
#: with up to three words before that are no question or condition ("What if the referee asks ...", "The coach
#: and the ref ...") and a place or team after.  Not a partner nor anyone whose role may be the topic (a coach,
#: manager, goal judge, linesman, scorekeeper or timekeeper: "Manager asks how many players he can list").
_BRINGER_WORDS = (r"(?:(?:a|an|the|our|my|one|his|her|their|this|that)\s+)?"
                  r"(?:(?!(?:if|when|what|whether|and|or|but|after|before|once|while|then|other|back|partner)\b)"
                  r"[\w'-]+\s+){0,3}?")
_PLACE = r"\s+(?:on|of|for|from|at|in|with)\s+(?:[\w'-]+\s+){0,4}?[\w'-]+"
_BRINGER = (_BRINGER_WORDS + r"(?:refs?|referees?|officials?|parents?|mum|mom|dad|volunteers?|organi[sz]ers?"
            r"|directors?|supervisors?|crew|fans?|spectators?|someone|somebody|he|she|they)(?:" + _PLACE + r")?")
#: ... and what a bringer says or reports, opening the question ("Ref on rink 2 says a defenceman dove ..."): a
#: referee only with where he works (one ref's claim against another's is the case: "One ref says it was a
#: minor and the other says a major"), never "he" or "they" (a player's claim: "He says he didn't touch him").
_REPORTER = (_BRINGER_WORDS + r"(?:(?:refs?|referees?|officials?)" + _PLACE + r"|(?:parents?|mum|mom|dad|volunteers?"
             r"|organi[sz]ers?|directors?|supervisors?|crew|fans?|spectators?|someone|somebody)(?:" + _PLACE + r")?)")
#: ... and the words that report it ("asks", "wants to know", "was asked", "says", "reports"), before what
#: is asked: a question word, "whether" or "if", a colon, or what is asked for ("asks the most players ...").
_REPORTED = re.compile(
    r"(?:^|(?<=[.?!;] ))\s*" + _BRINGER +
    r"\s+(?:asks|asked|is asking|was asking|wonders|wondered|is wondering|was wondering|wants to know|wanted to know"
    r"|would like to know|needs to know|was asked|were asked|got asked)(?:\s+(?:me|us|the desk|the table))?"
    r"(?=\s*(?::|(?:at|in|for|from|on|by|with|of|to|about)?\s*(?:what|which|how|who|whom|whose|when|where|why"
    r"|whether|if)\b|the (?:most|least|longest|shortest|maximum|minimum|max|min|number|rule|length|size)\b))"
    r"|^\s*" + _REPORTER + r"\s+(?:says|said|reports|reported|tells us|told us|tells me|told me)(?:\s+that)?\s+",
    re.I)


#: The asker telling an audience what he will say ("I'll tell the captains regulation is two 20-minute halves", "I'll
#: warn them that ..."): the claim is the case, not the telling (no order, instruction or warning to a coach).
_TELLING = re.compile(r"(?:^|(?<=[.?!;:] ))\s*(?:so\s+|and\s+)?i(?:'ll| will|'m going to| am going to| plan to| want to"
                      r"|'d| would| was going to)\s+(?:tell|warn|remind|explain to|say to)\s+"
                      r"(?:them|everyone|everybody|(?:the|my|our|both|all the)\s+(?:[\w'-]+\s+){0,2}?(?:captains|coaches"
                      r"|players|kids|teams|benches|parents|crews|guys|lads|managers|refs|referees|officials))"
                      r"(?:\s+that)?\s+", re.I)


def without_reporting_frame(question: str) -> str:
    """``question`` without the words that tell who brought it, in the third person (:data:`_REPORTED`: "Ref on
    rink 2 asks how long a minor is" -> "how long a minor is"; "Ref on rink 2 says a defenceman dove on the puck.
    What should he have given?" -> "a defenceman dove on the puck. What should he have given?"): the bringer is
    no part of the case ("Ref asks ... above the shoulders" is no referee's gesture), nor the asker's own telling
    (:data:`_TELLING`: "I'll tell them that ...").  Unchanged when nothing would be left."""
    if not _REPORTED.search(question) and not _TELLING.search(question):
        return question
    bare = _TELLING.sub(" ", _REPORTED.sub(" ", question))
    bare = re.sub(r"\s+", " ", bare).strip(" :")
    return bare if words_left(bare) else question


def words_left(text: str) -> bool:
    """Whether ``text`` has a word (letters) in it."""
    return bool(re.search(r"[^\W\d_]{2,}", text))


#: A lettered option of a multiple-choice question ("A) 30 seconds", "b. one minute"), not a rule's
#: sub-clause ("402 (a)", "605(b)", "402 a)") nor a player or team told by a letter ("Player A", "team B.").
_OPTION = re.compile(r"(?<![\w(])(?:(?<!\d\s)|(?<=:\d\d\s))(?<!player )(?<!team )(?:([A-Da-d])[).]|\(([A-Da-d])\))\s",
                     re.I)  # after a time ("B) 1:30 C) 2 minutes"), not a rule's number ("402 a)")
#: A sentence that only asks which option is right ("Which is right?", "Which letter?", "So which one is correct?").
_CHOOSE_WORDS = frozenset("right correct true letter answer one option".split())
#: A stem that asks about the options themselves ("Which of the following ...?", "which statement ..."): asked with them.
_ASKS_OPTIONS = re.compile(r"\b(?:which|following|these|statements?|options?)\b", re.I)


#: An option that is a figure ("10 minutes", "1:30", "22", "3 m"), its unit as group 1.
_FIGURE_OPTION = re.compile(r"(?:about |only |up to )?\d+(?:[:.]\d+)?\s*(?:-\s*)?([a-z]+)?\.?$", re.I)


def _only_chooses(sentence: str) -> bool:
    """Whether ``sentence`` only asks which option is right (six words at most, "which" or "what" first)."""
    ws = re.findall(r"[a-z']+", sentence.lower())
    ws = ws[1:] if ws[:1] in (["so"], ["and"], ["ok"]) else ws
    return 0 < len(ws) <= 6 and ws[0] in ("which", "what") and bool(_CHOOSE_WORDS & set(ws[1:]))


def _without_choosing(text: str) -> str:
    """``text`` without a last sentence that only asks which option is right (:func:`_only_chooses`)."""
    parts = re.split(r"(?<=[.?!:])\s+", text.strip())
    if parts and _only_chooses(parts[-1]):
        parts = parts[:-1]
    return " ".join(parts).strip()


def multiple_choice(question: str) -> str | None:
    """What a multiple-choice question asks, as one question to search ("The call is: A) minor B) penalty
    shot C) ... Which is right?" -> "The call is: minor or penalty shot or ...?"), or None for a question
    with no lettered options A), B), C) in order.  A stem that asks a question of its own ("how long is a
    penalty? A) 30 seconds B) ...") is asked alone: the wrong options are no part of the case ("D) puts both
    hands on his hips" is no signal asked); a stem the options complete ("a team has a power play when",
    "the call is:"), one that asks about them ("Which of the following is a penalty shot?") and one that only
    asks which is right are asked with the options."""
    found = list(_OPTION.finditer(question))
    letters = [(m.group(1) or m.group(2)).upper() for m in found]
    start = next((i for i in range(len(found)) if letters[i:i + 3] == ["A", "B", "C"]), None)
    if start is None:
        return None
    run = found[start:start + 4] if letters[start:start + 4] == ["A", "B", "C", "D"] else found[start:start + 3]
    options = [question[m.end():(run[i + 1].start() if i + 1 < len(run) else len(question))].strip()
               for i, m in enumerate(run)]
    # what follows the last option ("D) no call. Which is right?") is no part of it
    options[-1] = _without_choosing(re.split(r"(?<=[.?!])\s+(?=\S)", options[-1], maxsplit=1)[0])
    stem = question[:run[0].start()].strip()
    asks = _without_choosing(stem)
    if asks.endswith("?") and not _ASKS_OPTIONS.search(asks):
        return asks
    options = [o.strip(" .?!;,") for o in options if o.strip(" .?!;,")]
    figures = [_FIGURE_OPTION.match(o) for o in options]
    if len(options) >= 3 and sum(1 for f in figures if f) >= len(options) - 1:
        # figures to choose from ("a misconduct is: A) 5 minutes B) 10 minutes C) 20 minutes D) rest of the game"):
        # the number asked, not the figures, which other rules have ("periods of twenty (20) minutes")
        from rulebot.search.intent import number_asked

        unit = next((f.group(1) for f in figures if f and f.group(1)), "")
        return f"{asks.rstrip(' ?:')} - {number_asked(unit, any(':' in o for o in options))}?"
    return f"{asks.rstrip(' ?')} {' or '.join(options)}?".strip()


#: A request for a rule ("pull up the rule on", "where does it say", "which rule covers"): words about
#: finding the rule, not about what it says ("pull" is not the rulebooks' "pull down").
_REQUEST = re.compile(
    r"^\s*(?:(?:can|could|would) you\s+|please\s+)?(?:pull up|look up|bring up|dig up|show me|find me|find|give me"
    r"|get me|read me|read out|quote|cite|point me to)\s+(?:the\s+|a\s+)?(?:rule|rules|section|clause|part|bit"
    r"|wording|text|spot|place|page)s?\s*(?:on|about|for|covering|that covers|that says|saying|where it says|of"
    r"|that deals with|dealing with)?\s+"
    r"|^\s*where\s+(?:in\s+(?:the\s+)?(?:book|rules|rulebook|rule book)\s+)?(?:does it|do they|do the rules|does the "
    r"(?:book|rulebook|rule book))\s+(?:say|talk about|cover|mention|deal with|explain)\s+"
    r"|" + _WHICH_RULE.pattern +
    # "definition of a delayed penalty", "what's the meaning of icing", "define boarding"
    r"|^\s*(?:(?:what(?:'s| is) )?(?:the |a )?(?:definition|meaning) of|define)\s+", re.I)


def without_request(question: str) -> str:
    """The question without the words that ask for a rule to be found ("Pull up the rule on what the
    penalty box timekeeper does" -> "what the penalty box timekeeper does"); unchanged when nothing
    would be left."""
    rest = _REQUEST.sub("", question, count=1)
    return rest if rest.strip(" ?.!") else question


#: Labels a game is told with that no rulebook rules on: the time on the clock something happened at
#: ("a minor at 14:20 of the second", "scores at 15:05") and a sweater number ("Blue #17", "number 9").
_GAME_LABELS = re.compile(
    # not a penalty's length ("is a minor over at 1:30 or at 2:00?")
    # a time in a period is a clock time, whatever its figures: "at 2:00 of the 1st", "3:05 of the 2nd, ..." (not "2:00
    # of the second minor", "5:00 in OT or 10:00?")
    r"\b(?:at|by)\s+\d{1,2}:\d{2}(?::\d{2})?\s+(?:of|in)\s+(?:the\s+)?(?:first|second|third|1st|2nd|3rd|"
    r"overtime|ot)\b(?:\s+(?:period|half))?"
    r"|\b\d{1,2}:\d{2}(?::\d{2})?\s+(?:of|in)\s+(?:the\s+)?(?:first|second|third|1st|2nd|3rd)\b"
    r"(?:\s+(?:period|half)\b|(?=\s*(?:[,.;:?!]|$)))"
    r"|\b(?:at|by)\s+(?!(?:1:30|2:00|4:00|5:00|10:00)\b)\d{1,2}:\d{2}(?::\d{2})?"
    r"|(?<!rule )(?<!section )(?:#|\bno\.\s?|\bnumber\s+)"
    r"\d{1,2}\b(?!\s*(?:minutes?|seconds?|players?|skaters?|goals?|penalt))(?:'s)?", re.I)


#: The stage of the tournament a game is told in ("in our quarter-final", "during Saturday's semi"), which
#: rules mostly on ties, overtime, shoot-outs and standings (:data:`_STAGE_RULES`); not "the final" (a
#: final game has rules of its own, FIRS 6.4.19 H NOTE, and "the final minute" is the last one).
_GAME_STAGE = re.compile(r"\b(?:in|during|at)\s+(?:(?:our|the|a|my|this|that|last|today's|yesterday's|tonight's|"
                         r"\w+day's)\s+)?(?:quarter-?\s?finals?|semi-?\s?finals?|semis?|(?:medal|placement|playoff|round[- ]robin|"
                         r"group|classification) (?:games?|match(?:es)?))\b", re.I)
_STAGE_RULES = re.compile(r"\b(?:ties?|tied|tie-?break\w*|draws?|drawn|even|level|overtime|ot|shoot-?\s?outs?|"
                          r"shootouts?|winning[- ]shot|sudden|extra time|rank\w*|standings?|points?|advanc\w*|"
                          r"bye|qualif\w*|forfeit\w*|eliminat\w*|medals?|bracket|seed\w*|schedul\w*|rosters?|"
                          r"mercy|goal differen\w*|last game|next game|suspen\w*)\b", re.I)


def without_game_stage(question: str) -> str:
    """``question`` without the tournament stage its game is told in ("a goalie broke his stick in our
    quarter-final": FIRS 6.4.11 A, not 1.3 B's quarter-final overtime) unless it asks what the stage
    rules on (:data:`_STAGE_RULES`: a tie, overtime, a shoot-out, the standings, a suspension's games)."""
    if not _GAME_STAGE.search(question) or _STAGE_RULES.search(question):
        return question
    return re.sub(r"\s{2,}", " ", _GAME_STAGE.sub(" ", question)).strip()


#: A rulebook told by what sets it apart ("the tournament with two groups of five,", "the league where it's 4-on-4
#: with runners:", "the rulebook that has a mercy rule -"): the description, up to the stop that ends it.
_BOOK_DESCRIBED = re.compile(r"\b(tournament|tourney|league|cup|rulebook|rule book|championships?)\s+"
                             r"(?:with|that has|which has|that uses|where)\b[^,.;:?!\n]{1,60}?(?=\s*(?:[,.:;]|\s[-\u2013\u2014]\s))",
                             re.I)


def without_book_description(question: str) -> str:
    """``question`` without what it tells of a rulebook it names to say which one it is, set off by a comma, stop,
    colon or dash before the question goes on ("At the youth tournament with two groups of five teams, how many players
    ...?": the roster rule, not the format's groups), for a question whose rulebook is known (named or selected); not
    a description that is the question ("In the tournament where teams play 4-on-4 how long is a minor?", "Is this a
    tournament with body checking?") nor one with too little after it."""
    if " with " not in question and " that " not in question and " which " not in question and " where " not in question:
        return question

    def bare(m: re.Match) -> str:
        after = [w for w in words(question[m.end():]) if w not in STOP_WORDS]
        return m.group(1) if len(after) >= 2 else m.group(0)

    return _BOOK_DESCRIBED.sub(bare, question)


def without_game_labels(question: str) -> str:
    """``question`` without the labels a game is told with that no rulebook rules on (:data:`_GAME_LABELS`):
    "Blue #4 took a minor at 14:20 of the second" -> "Blue took a minor"; how long is left ("with 3:30 left") and a
    penalty's length ("his 1:30") stay."""
    return re.sub(r"\s{2,}", " ", _GAME_LABELS.sub(" ", question)).strip()


#: A game's score as told ("it's 9-1 at the half", "down 3-2 with a minute left", "finished 2-2"): two goal counts
#: after a word that tells a score or opening a sentence, not a length ("1-2 minute warm-up") nor players ("down 4-3 skaters").
_SCORE_TOLD = re.compile(r"\b((?:up|down|it's|its|it is|was|were|went|got to|finished|ended|ends|tied|leading|trailing|"
                         r"winning|losing|score(?:'s| is| was)?|led)\s+|^\s*|(?<=[:;.!?] ))"
                         r"(\d{1,2})\s?[-\u2013]\s?(\d{1,2})\b(?![-\u2013]|\s*(?:v|vs|minutes?|mins?|seconds?|feet|"
                         r"metres?|meters?|players?|skaters?|goals?|games?|hours?|hrs?|years?|yrs?|year-olds?|am|pm|"
                         r"periods?|on the (?:pp|power ?play|pk))\b)", re.I)
_LEAD_WORDS = {1: "a one-goal game"}
#: A close lead counts for the clock ("down 3-2 with 1:50 left, do I keep the clock running?": RHA 640 (a)'s stop time
#: within a one-goal differential), not for what else is asked ("down 3-2, our goalie gets a minor. Who serves it?").
_CLOSE_LEAD = 5
_CLOCK_TOLD = re.compile(r"\b(?:clock|stop[- ]?time|running time|run[- ]?time|(?:minutes?|seconds?|mins?|secs?) (?:left|to go)"
                         r"|left in|to go)\b", re.I)


def with_score_told(question: str) -> str:
    """``question`` with a told score put as what the rules count (:data:`_SCORE_TOLD`): a level one as "tied"
    ("it's 2-2 at the end": a tie, its overtime or shoot-out), a wide one as the lead ("up 9-1": an 8-goal lead, RHA
    630 (a)'s goal differential), a close one only where the clock is asked about (:data:`_CLOCK_TOLD`: "down 3-2 with
    a minute left": a one-goal game); elsewhere a close score is left out, a label of the game like its clock time
    ("down 3-2, our goalie gets a minor. Who serves it?")."""
    about_clock = bool(_CLOCK_TOLD.search(question))
    about_score = bool(re.search(r"\b(?:final )?(?:score|result)\b", question, re.I))  # "what score goes on the sheet?"

    def told(m: re.Match) -> str:
        a, b = int(m.group(2)), int(m.group(3))
        if a == b:
            told_tied = m.group(1).strip().lower() == "tied"
            return f"{m.group(1)}{'' if told_tied else 'tied '}{m.group(2)}-{m.group(3)}"
        lead = abs(a - b)
        if lead < _CLOSE_LEAD and not about_clock:
            # a label of the game told, like its clock time, unless the score is asked about
            return m.group(0) if about_score else m.group(1)
        article = "an" if str(lead).startswith(("8", "11", "18")) else "a"
        said = _LEAD_WORDS.get(lead, f"{article} {lead}-goal lead")
        return f"{m.group(1)}{m.group(2)}-{m.group(3)}, {said}"
    return _SCORE_TOLD.sub(told, question)


#: Whom the asker compares with, not whom the question is about ("does the goalie have to drop it like a
#: skater would?": the goaltender's broken stick, RHA 606 (b), not a player's, 606 (a)).
_LIKE_OTHERS = re.compile(r"\b(?:just\s+)?(?:like|same as|the (?:same )?way)\s+(?:a|an|any|the|other|every|all)?\s*"
                          r"(?:other\s+|normal\s+|regular\s+)?(?:skaters?|players?|runners?)\s+"
                          r"(?:would|does|do|did|can|could|must|has to|have to|is|are)\b", re.I)


#: Ice hockey as the asker's habit, compared with ("can I throw a hip check like in ice?", "same as ice?", "in ice you
#: get five for fighting", "coming from ice hockey"): not what is asked.  Not a thing made for it ("a helmet designed
#: for ice hockey", RHA 304 (a)) nor ice skates.
_LIKE_ICE = re.compile(r"\b(?:just\s+)?(?:like|same as|unlike|than|as)\s+(?:(?:in|on|at)\s+)?(?:the\s+)?ice(?:\s+hockey)?"
                       r"(?:\s+(?:does|do|is|rules?))?\b(?![- ]+(?:time|surface|rink|slot|skates?)\b)"
                       r"|\b(?:coming|come|comes|came|switching|switched|moving|moved)\s+(?:over\s+)?from\s+ice(?:\s+hockey)?\b"
                       r"|\bin ice\b(?=\s*(?:[?.!,;]|$|(?:you|they|we|it|there|he|a|the)\b))", re.I)


def compared_with(question: str) -> str:
    """Whom the asker compares with, as said ("Does he have to drop it like a skater would?" -> "like a
    skater would"); "" when no one."""
    return " ".join(m.group(0) for m in _LIKE_OTHERS.finditer(question))


def without_comparison(question: str) -> str:
    """The question without whom the asker compares with ("Does he have to drop it straight away like a
    skater would?" -> "Does he have to drop it straight away?") or ice hockey ("like in ice")."""
    return _LIKE_ICE.sub(" ", _LIKE_OTHERS.sub(" ", question))


#: Someone on a bench ("a guy sitting on his bench", "standing in the box", "from the bench") ...
_ON_BENCH = re.compile(r"\b(?:sitting|sits|sat|seated|standing|stands|stood|leaning|leans|leaned)\s+(?:on\s+|in\s+|at\s+)?"
                       r"(?:the|his|her|their|our|its)\s+(?:own\s+)?(?:players?'?s?\s+)?(?:bench|box|penalty box|penalty bench)\b"
                       r"|\b(?:guy|player|kid|someone|one of (?:their|our|the) (?:guys|players|kids)) on (?:the|their|our|his) bench\b",
                       re.I)
#: ... who plays the puck or a skater with his stick ("reached his stick over the boards", "sticks his
#: blade out the gate", "puts out his stick and stops the puck").
_BENCH_STICK = re.compile(r"\b(?:reach\w*|lean\w* over|stick\w* (?:his|her|the) (?:stick|blade) out|"
                          r"(?:puts?|putting|stuck|sticks|sticking) (?:out )?(?:his|her|the) (?:stick|blade)|"
                          r"(?:stick|blade) (?:out|over)|knock\w*|trip\w*|hook\w*|poke\w*)\b", re.I)
_A_STICK = re.compile(r"\b(?:stick|blade|twig)\b", re.I)


#: ... not one who throws his stick onto the floor (FIRS 6.4.32 A, "throws a stick ... from the player bench").
_THROWN = re.compile(r"\b(?:throw\w*|threw|toss\w*|chuck\w*|fling\w*|flung|hurl\w*)\b", re.I)


def bench_player_words(question: str) -> str:
    """The rulebooks' words for a player on a bench playing the puck or an opponent ("any player on the
    player bench or on the penalty bench who interferes with the movement of the puck", FIRS 6.4.24 B,
    RHA 624 (b)) when one sentence of ``question`` tells of someone on a bench reaching out with his
    stick (not throwing it); "" otherwise."""
    for sentence in re.split(r"(?<=[.?!])\s+", question):
        if (_ON_BENCH.search(sentence) and _BENCH_STICK.search(sentence) and _A_STICK.search(sentence)
                and not _THROWN.search(sentence)):
            return "player on the player bench interferes with the movement of the puck"
    return ""


#: A team official out to an injured player ("my assistant went out to check on our injured kid") ...
_TEAM_OFFICIAL = re.compile(r"\b(?:coach\w*|assistant(?!\s+(?:ref|referee|official))|trainer\w*|manager\w*|"
                            r"team official\w*)\b", re.I)
_TENDS_INJURED = re.compile(r"\b(?:injur\w*|hurt|down on the (?:ice|floor)|check(?:s|ed|ing)? on)\b", re.I)
#: ... who speaks his mind to the referee while there.
_TELLS_THE_REF = re.compile(r"\b(?:argu\w*|complain\w*|yell\w*|scream\w*|chirp\w*|moan\w*|gave it to|"
                            r"(?:told|tells|telling) (?:the |my )?(?:ref|referee|official)s?|let (?:him|the ref) have it|"
                            r"gives? (?:the )?(?:ref|referee) an earful)\b", re.I)


def injured_player_argue_words(question: str) -> str:
    """The rulebooks' words for a team official who comes on to tend an injured player and argues with
    the referee ("a team official who attends to an injured player and uses this opportunity to argue",
    RHA 601 (c)) when ``question`` tells of all three; "" otherwise."""
    if _TEAM_OFFICIAL.search(question) and _TENDS_INJURED.search(question) and _TELLS_THE_REF.search(question):
        return "team official who attends to an injured player and uses this opportunity to argue"
    return ""


#: Whether a penalised player may play again ("can he dress for the game this afternoon", "can that
#: player keep playing in the tournament", "is he allowed to play tomorrow") ...
_PLAYS_AGAIN = re.compile(r"\b(?:can|could|may|will|is|does)\s+(?:he|she|they|the player|that player|the kid|that kid|"
                          r"the guy|that guy|him|our player|my player)\s+(?:still\s+|even\s+)?(?:be allowed to\s+)?"
                          r"(?:dress|play|suit up|be in the line-?up|keep playing|come back|return|be eligible)\b"
                          r"|\b(?:is|are) (?:he|she|they|the player|that player)\s+(?:still\s+)?allowed to (?:dress|play)\b",
                          re.I)
#: ... in a later game, not the rest of this one.
_LATER_GAME = re.compile(r"\b(?:next (?:game|match)|tomorrow|this afternoon|later today|"
                         r"(?:rest|remainder) of the (?:tournament|event|weekend)|in the tournament|playoffs?|"
                         r"(?:our|their|his|her|the team's|his team's) (?:next|other) (?:game|match))\b", re.I)


#: Whether a penalty reaches past this game ("does that follow him past tonight's game?", "just tonight, or
#: more?", "how long is he out after that?") ...
_CARRIES_OVER = re.compile(r"\b(?:follows?|carry|carries|carried)\s+(?:\w+\s+){0,2}?(?:past|beyond|over|into)\s+"
                           r"(?:the\s+|this\s+|tonight'?s?\s+)?(?:next|tomorrow|tournament|rest|tonight|game|games)\b"
                           r"|\bjust (?:tonight|today|this game|this match|the one game)\b"
                           r"|\b(?:past|beyond) (?:tonight|today|this game|this match)\b"
                           r"|\bhow (?:long|many games) (?:is|are|will) (?:he|she|they|the player) (?:be )?out\b"
                           r"|\bout (?:for|of) (?:the )?(?:rest|remainder|next)\b", re.I)
#: ... for a penalty of the game named.
_GAME_PENALTY = re.compile(r"\b(?:match penalty|misconduct|game ejection|ejection|ejected|thrown out|kicked out"
                           r"|suspension|suspended)\b", re.I)


def later_game_words(question: str) -> str:
    """The rulebooks' words for whether a penalised player may play a later game ("suspended for the next
    game", FIRS 8.2 A; "disqualify that player for the remainder of the tournament", FIRS 7.1) when
    ``question`` asks whether he may play again in a later game or whether a game's penalty reaches past
    it; "" otherwise."""
    if ((_PLAYS_AGAIN.search(question) and _LATER_GAME.search(question))
            or (_CARRIES_OVER.search(question) and _GAME_PENALTY.search(question))):
        return "suspended for the next game remainder of the tournament"
    return ""


#: Whether a time-out may be called, or by whom or when ("can the coach call our timeout from the bench",
#: "who's allowed to call it", "we tried to call our timeout after the whistle"), not one that was called.
_ASKS_TIME_OUT_CALL = re.compile(
    r"\b(?:who|whom|can|could|may|allowed to|tried to|try to|trying to|able to|supposed to)\b"
    r"[^.?!]{0,40}?\bcall\w*\s+(?:a\s+|an\s+|our\s+|their\s+|his\s+|the\s+)?time[- ]?outs?\b"
    r"|\byell\w* for (?:a |our |their |the )?time[- ]?outs?\b"
    r"|\bwho\b[^.?!]{0,30}\bcall\w*\b(?:\s+(?:it|one))?", re.I)
_A_TIME_OUT = re.compile(r"\btime[- ]?outs?\b", re.I)


def time_out_call_words(question: str) -> str:
    """The rulebooks' words for who may call a time-out and when ("A time-out may be called only during a
    stoppage of play by a player on the floor", RHA 641 (a); "... only by the Captain or Alternate Captain
    at a stoppage of play", FIRS 5.5.2 A) when ``question`` asks that; "" otherwise."""
    if _A_TIME_OUT.search(question) and _ASKS_TIME_OUT_CALL.search(question):
        return "time-out may be called only at a stoppage of play"
    return ""


_COUNT = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)"
#: A score told by its margin: "we were down by eight", "up by 10", "they beat us by seven", "an 8-goal
#: lead"; not a team short ("down by one man"), a distance or a time ("up by one inch", "behind by two
#: seconds").
_MARGIN = re.compile(rf"\b(?:down|up|behind|ahead|losing|winning|leading|trailing|won|lost|beat (?:us|them|him))"
                     rf"\s+by\s+{_COUNT}\b(?!\s*(?:-\s*)?(?:of\b|man\b|men\b|players?\b|skaters?\b|guys?\b|seconds?\b"
                     rf"|secs?\b|minutes?\b|mins?\b|inch(?:es)?\b|feet\b|foot\b|metres?\b|meters?\b|cm\b|points?\b))"
                     rf"|\b{_COUNT}[- ]goals?\s+(?:lead|up|down|ahead|behind|margin)\b", re.I)


#: A score line ("it's 10-2 now", "up 7-0", "make it 8-0"): a blowout when one side leads by at least
#: :data:`BLOWOUT_MARGIN`; not a length ("a 5-10 minute wait") or an age.
_SCORELINE = re.compile(r"\b(\d{1,2})\s*[-–]\s*(\d{1,2})\b(?!\s*(?:-\s*)?(?:minutes?|mins?|seconds?|secs?|feet|foot|ft"
                        r"|metres?|meters?|m\b|cm|years?|yrs?|year-olds?|goals?\s+against))", re.I)
BLOWOUT_MARGIN = 5


def score_margin_words(question: str) -> str:
    """The rulebooks' words for a score told by its margin ("we were down by eight", "it's 10-2 now" ->
    "goal differential", RHA 630 (a)'s "eight (8) goal differential"); "" when the question tells none."""
    if _MARGIN.search(question):
        return "goal differential"
    for m in _SCORELINE.finditer(question):
        if abs(int(m.group(1)) - int(m.group(2))) >= BLOWOUT_MARGIN:
            return "goal differential"
    return ""


#: A shot after the whistle: the whistle told ("I'd already blown the whistle", "the whistle went",
#: "after I whistle") and a shot after it ("a guy still ripped a shot", "shoot the disc after", "fire the puck at the
#: net after I've already blown the whistle").
_WHISTLE_TOLD = re.compile(r"\b(?:blown|blew|blow|blows)\s+(?:the|my|his)\s+whistle\b|\bwhistle(?:'s| was| had| has)?"
                           r"\s+(?:went|gone|blown|already|had gone|goes|blew)\b|\bafter\s+(?:i|the ref|the referee|he)"
                           r"\s+(?:whistle|whistled|blew|blow)\b|\bafter the whistle\b|\bwhistled?\s+it\s+dead\b", re.I)
_SHOT_AFTER = re.compile(r"\b(?:still|anyway)\b[^.?!]{0,40}\b(?:shot|shoots?|shooting|ripped|rips|fired|fires|snapped"
                         r"|slapped|blasted|buried|took a shot)\b|\b(?:shot|shoots?|shooting|ripped|rips?|fired?|fires|firing"
                         r"|snapped|slapped|blasted)\b[^.?!]{0,40}\b(?:after (?:the |my |i |he )?(?:whistle|whistled)"
                         r"|after (?:i|he|the ref|the referee)(?:'ve|'d|'s| have| had| has)?(?: already)? (?:blown|blew)"
                         r"|anyway|(?:a (?:good )?)?second later)\b", re.I)


#: A hand on an opponent's face protection: "grabbed the defender's cage and yanked on it", "take with his
#: hand the grid of the helmet", "grabbed my goalie's cage and twisted his head": the facemask held.
_FACEMASK_HELD = re.compile(r"\b(?:grab\w*|yank\w*|pull\w*|twist\w*|tug\w*|held|hold\w*|take with his hand|took)\b"
                            r"(?:(?!\b(?:puck|ball|disc)\b)[^.?!]){0,40}\b(?:cage|facemask|face mask|face cage|visor|grid"
                            r"|mask)\b(?!\s+(?:of (?:the|a) )?"
                            r"(?:net|goal|frame))", re.I)
#: ... the goal's cage, not the helmet's ("grabbed the cage to stop himself", "pulled the cage off its pegs").
_GOAL_CAGE = re.compile(r"\b(?:off (?:its|the) (?:pegs|moorings|posts?|mark)|dislodg\w*|knock\w* (?:the )?(?:cage|net) off"
                        r"|into the (?:cage|net)|behind the (?:cage|net)|goal cage|the net)\b", re.I)


def facemask_words(question: str) -> str:
    """The rulebooks' words for a hand on an opponent's cage or mask (RHA 620 (b), "holds the facemask of
    an opponent"); "" otherwise, and for the goal's cage moved or knocked off."""
    if _FACEMASK_HELD.search(question) and not _GOAL_CAGE.search(question):
        return "holds the facemask of an opponent"
    return ""


def shot_after_whistle_words(question: str) -> str:
    """The rulebooks' words for a shot taken after the whistle (RHA 601 (b), "Any player who shoots the
    puck after the whistle"): the whistle told and a shot after it; "" otherwise."""
    if re.search(r"\bafter the whistle\b", question, re.I):
        return ""  # said in the rulebook's words already: the synonym list's "shot after the whistle"
    if _WHISTLE_TOLD.search(question) and _SHOT_AFTER.search(question):
        return "shoots the puck after the whistle"
    return ""


#: A goal told ("Red scores on the power play") and a penalized player's release asked ("do I let him
#: out?", "does he come out?", "does the PK end early?").
_SCORED = re.compile(r"\b(?:scores?|scored|scoring|goal)\b", re.I)
#: ... by the side not short-handed: "the other team scored", "they score".
_OTHERS_SCORED = re.compile(r"\b(?:the other (?:team|side)|they|the opponents?|the opposition|their team)\s+(?:\w+\s+)?"
                            r"(?:scores?|scored)\b", re.I)
_LET_OUT = re.compile(r"\b(?:let|lets|letting)\s+(?:\w+\s+){0,3}?out\b|\b(?:come|comes|coming|get|gets|go|goes)\s+"
                      r"(?:back\s+)?out\b|\breleas(?:e|es|ed)\s+(?:him|her|them|the player|from)\b"
                      r"|\b(?:end|ends|ended|over)\s+early\b", re.I)
#: ... while a team is short a man by a minor: "penalty kill", "short-handed", "PK", "PP" (a power play).
_MAN_DOWN = re.compile(r"\bpenalty kill\b|\bshort[- ]?handed\b|\bman down\b|\b(?:down|short) a (?:man|player|skater)\b"
                       r"|\bpower ?-?play\b", re.I)
#: ... not when the penalty served ends no earlier on a goal (a major, a misconduct, a match) or the
#: goalkeeper comes out of his crease.
_NOT_A_MINOR = re.compile(r"\b(?:major|misconduct|match|goalie|goalkeeper|goaltender|crease)\b", re.I)


def goal_release_words(question: str) -> str:
    """The rulebooks' words for a goal ending a minor penalty ("the first of such penalties shall
    automatically terminate", FIRS 6.2.1 B) when ``question`` tells of the box or a team short-handed
    and a goal, and asks whether the penalized player comes out; not of a major, misconduct or match
    penalty, the goalkeeper coming out, or a player out early (:func:`early_release_words`); ""
    otherwise."""
    told = (_IN_BOX.search(question) or _MAN_DOWN.search(question)) and _SCORED.search(question)
    if not told or not _LET_OUT.search(question) or _NOT_A_MINOR.search(question) or early_release_words(question):
        return ""
    return "automatically terminate"


#: The words a call on a player is told by ("penalties", "two minors", "exclusions", "fouls").
_CALLS = r"(?:penalt\w*|minors?|calls?|exclusions?|infractions?|fouls?)"
#: A player's third penalty told: "his 3rd minor", "a third penalty", or "the third one" after penalties
#: were named ("already two exclusions and now he make the third one").
_THIRD = re.compile(rf"\b(?:third|3rd)\s+(?:{_CALLS}|time in the box)\b|\b(?:{_CALLS}|the box)\b[^?!]{{0,80}}"
                    r"\b(?:third|3rd) one\b", re.I)
#: ... or two already and one more: "already two exclusions", "already been called for a hook and a trip
#: tonight and now I've got him for holding".
_ALREADY_TWO = re.compile(rf"\balready\b[^.?!]{{0,50}}\b(?:two|2|a couple of|a pair of)\s+(?:{_CALLS}|trips to the box)\b"
                          r"|\balready\b[^.?!]{0,30}\b(?:called|penali[sz]ed|whistled|boxed|sent off|gone|went|sat|been)"
                          r"\s+(?:\w+\s+){0,2}?for\s+(?:a|an)\s+[\w-]+\s+and\s+(?:a|an)\s+[\w-]+\b", re.I)
#: ... one more call on him: "now I've got him for holding", "another one", "again for tripping".
_ONE_MORE = re.compile(rf"\b(?:now|again)\b[^.?!]{{0,30}}\b(?:for|{_CALLS})\b"
                       rf"|\b(?:another|one more)\s+(?:one|{_CALLS})\b", re.I)


def penalty_count_words(question: str) -> str:
    """The rulebooks' words for a player's third penalty in a game (ball hockey 39 "Any player receiving
    three penalties in a game will receive an immediate game ejection"; FIRS 4.3 A •7 "a second or third
    penalty"): a third told, or two already and one more; "" otherwise."""
    if _THIRD.search(question) or (_ALREADY_TWO.search(question) and _ONE_MORE.search(question)):
        return "three penalties in a game third penalty"
    return ""


def rulebook_words(question: str) -> str:
    """The rulebooks' words for what a question tells in its own (:func:`official_words`,
    :func:`late_game_words`, :func:`object_words`, :func:`early_release_words`,
    :func:`penalty_time_left_words`, :func:`bench_player_words`, :func:`injured_player_argue_words`,
    :func:`later_game_words`, :func:`time_out_call_words`, :func:`score_margin_words`,
    :func:`goal_release_words`, :func:`shot_after_whistle_words`, :func:`facemask_words`,
    :func:`penalty_count_words`), joined; "" when it tells none of them."""
    found = (official_words(question), late_game_words(question), object_words(question),
             early_release_words(question), penalty_time_left_words(question), bench_player_words(question),
             injured_player_argue_words(question), later_game_words(question), time_out_call_words(question),
             score_margin_words(question), goal_release_words(question), shot_after_whistle_words(question),
             facemask_words(question), penalty_count_words(question))
    return " ".join(w for w in found if w)
