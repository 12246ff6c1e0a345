"""Referee signals: the records (from the index's ``signal`` clauses, FIRS Annex B), what each one
goes with (infractions of the penalty index, penalty classes, rules), and search from everyday words.

Search does not match phrases of the Annex.  Both a signal's description and a query are read into
*concepts* -- body parts (elbow, knee, helmet/head, hips, wrist, forearm), hand shapes (fist /
closed hand / clenched, palm / open hand), motions (strike, chop, tap, push, tug, rotate, jab,
swipe, point, cross, raise, extend) and positions (above the head, stacked, to the side) -- with the
vocabulary in ``rulebot/data/signal_words.yaml``.  A signal scores by the weighted overlap of its
concepts with the query's (concepts that few signals share weigh more), plus a little for shared
words and for naming the signal or its meaning ("time out", "no goal").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from rulebot.lazy import LazyRegex as _LazyRegex


__all__ = ["Signal", "load_signals", "search_signals", "signal_concepts", "load_vocabulary"]


@dataclass(frozen=True)
class Signal:
    """One referee signal.

    ``name`` as the rulebook prints it ("Cross-Checking"); ``description`` of the arm signal;
    ``ruleset`` and ``clause_id`` of the signal clause; ``penalties`` the names of the infractions it
    signals, from the ruleset's penalty index ("Boarding"; several for "Cross-Checking"); ``calls``
    those rows as printed ("Boarding * 6.4.13 5'+GM"); ``rules`` the rule numbers those rows cite and
    rules whose text tells officials to give the signal ("6.3 B" for Delay Penalty); ``meaning`` a
    short account of what it calls (the penalty class it names, or its infractions' penalties).
    """

    name: str
    description: str
    ruleset: str
    clause_id: str
    penalties: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    calls: tuple[str, ...] = ()
    meaning: str = ""
    #: True for a signal told inside a rule's text (RHA 409 (b)), not in a signal list (FIRS Annex B).
    in_rule: bool = False
    #: Who gives a signal told inside a rule when not a referee ("goal judge", FIRS 4.6 D), else "".
    official: str = ""

    def to_json(self) -> dict:
        """The JSON form used by ``rulebot signal --json/--jsonl``: name, description, ruleset,
        penalties (the penalty-index rows as printed, else the infraction names), rule (the first
        rule it goes with, else ""), rules, meaning, id."""
        return {
            "name": self.name,
            "description": self.description,
            "ruleset": self.ruleset,
            "penalties": list(self.calls or self.penalties),
            "rule": self.rules[0] if self.rules else "",
            "rules": list(self.rules),
            "meaning": self.meaning,
            "id": self.clause_id,
            "in_rule": self.in_rule,
            "official": self.official,
        }


# ------------------------------------------------------------------------------------------ words

_SMALL = {"the", "a", "an", "his", "her", "their", "its", "my", "your", "own", "him", "he", "she",
          "them", "they", "it", "is", "are", "was", "with", "and", "then", "that", "this", "of"}
_STOP = _SMALL | {
    "ref", "refs", "referee", "referees", "official", "officials", "linesman", "linesmen", "umpire",
    "what", "whats", "does", "do", "did", "mean", "means", "meaning", "signal", "signals", "call",
    "calling", "called", "he", "just", "like", "as", "if", "to", "in", "on", "at", "by", "for", "from",
    "into", "onto", "some", "someone", "somebody", "something", "other", "another", "which", "when",
    "while", "there", "here", "gave", "give", "giving", "makes", "make", "made", "doing", "done",
    "whistle", "non", "nonwhistle", "hand", "hands", "motion", "movement", "gesture", "using", "uses",
    "use", "s", "t", "i", "me", "we", "us", "our", "stands", "stand", "standing", "guy", "player",
    "penalty", "infraction", "sign", "shows", "show", "showing", "free", "arm", "arms",
}

def _stem(word: str) -> str:
    from rulebot.search.text import snowball

    return snowball(word)


_WORD = _LazyRegex(r"[a-z0-9]+")
_T_SHAPE = _LazyRegex(r"(?<![\w'’])[“\"'‘]?T[”\"'’]?(?![\w])")


def _tokens(text: str) -> list[str]:
    """Stemmed words of ``text`` without the small words ("the", "his"); a capital "T" standing alone
    (the T signal) is kept as "t"."""
    marked = _T_SHAPE.sub(" tshape ", text)
    words = _WORD.findall(marked.lower().replace("’", "'").replace("'", ""))
    return ["t" if w == "tshape" else _stem(w) for w in words if w not in _SMALL]


@dataclass(frozen=True)
class Vocabulary:
    """The signal vocabulary (``signal_words.yaml``): ``phrases`` maps a tuple of stemmed words to
    the concepts it names (single words are one-word phrases); ``weights`` per concept;
    ``aliases`` signal name -> tuple of stemmed alias phrases."""

    phrases: dict[tuple[str, ...], tuple[str, ...]]
    weights: dict[str, float]
    aliases: dict[str, tuple[tuple[str, ...], ...]]
    longest: int
    patterns: tuple[tuple[str, re.Pattern], ...] = ()
    conflicts: tuple[tuple[str, str, float], ...] = ()
    related: tuple[tuple[str, str, float], ...] = ()


@lru_cache(maxsize=1)
def load_vocabulary() -> Vocabulary:
    """Read and check ``rulebot/data/signal_words.yaml`` (cached on disk with the stems worked out,
    see :mod:`rulebot.derived`).

    Raises :class:`rulebot.errors.DataError` naming the file when a concept has no words, patterns
    or a valid weight, or a pattern, conflict or relation is malformed.
    """
    from rulebot import derived
    from rulebot.paths import data_file

    path = data_file("signal_words.yaml")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        from rulebot.errors import DataError

        raise DataError(f"cannot read signal vocabulary: {exc}", path) from exc
    import hashlib

    key = hashlib.sha1(raw).hexdigest()[:12] + derived.files_digest(__file__)
    return derived.cached("signal-words", key, lambda: _read_vocabulary(path, raw.decode("utf-8")))


def _read_vocabulary(path, text: str) -> Vocabulary:
    import yaml

    from rulebot.errors import DataError

    try:
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"cannot read signal vocabulary: {exc}", path) from exc
    phrases: dict[tuple[str, ...], list[str]] = {}
    weights: dict[str, float] = {}
    patterns: list[tuple[str, re.Pattern]] = []
    for concept, spec in (data.get("concepts") or {}).items():
        if not isinstance(spec, dict):
            raise DataError(f"concept {concept!r} must be a mapping with words/phrases", path)
        items = list(spec.get("words") or []) + list(spec.get("phrases") or [])
        regexes = list(spec.get("patterns") or [])
        if not (items or regexes) or not all(isinstance(x, str) and x.strip() for x in items + regexes):
            raise DataError(f"concept {concept!r} needs a non-empty list of words, phrases or patterns", path)
        for rx in regexes:
            try:
                patterns.append((concept, re.compile(rx)))
            except re.error as exc:
                raise DataError(f"concept {concept!r}: bad pattern {rx!r}: {exc}", path) from exc
        weight = spec.get("weight", 1.0)
        if not isinstance(weight, (int, float)) or weight <= 0:
            raise DataError(f"concept {concept!r}: weight must be a positive number", path)
        weights[concept] = float(weight)
        for item in items:
            key = tuple(_tokens(item)) if item.strip().lower() != "t" else ("t",)
            if key:
                phrases.setdefault(key, [])
                if concept not in phrases[key]:
                    phrases[key].append(concept)
    aliases: dict[str, tuple[tuple[str, ...], ...]] = {}
    for name, items in (data.get("aliases") or {}).items():
        if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
            raise DataError(f"aliases of {name!r} must be a list of strings", path)
        aliases[str(name)] = tuple(tuple(_tokens(x)) for x in items if _tokens(x))
    conflicts: list[tuple[str, str, float]] = []
    for item in data.get("conflicts") or []:
        if not (isinstance(item, list) and len(item) == 3 and item[0] in weights and item[1] in weights
                and isinstance(item[2], (int, float)) and 0 < item[2] <= 1):
            raise DataError(f"conflict {item!r} must be [concept, concept, factor in (0, 1]]", path)
        conflicts.append((item[0], item[1], float(item[2])))
    related: list[tuple[str, str, float]] = []
    for item in data.get("related") or []:
        if not (isinstance(item, list) and len(item) == 3 and item[0] in weights and item[1] in weights
                and isinstance(item[2], (int, float)) and 0 < item[2] <= 1):
            raise DataError(f"related {item!r} must be [concept, concept, factor in (0, 1]]", path)
        related.append((item[0], item[1], float(item[2])))
    longest = max((len(k) for k in phrases), default=1)
    return Vocabulary({k: tuple(v) for k, v in phrases.items()}, weights, aliases, longest,
                      tuple(patterns), tuple(conflicts), tuple(related))


def signal_concepts(text: str, vocab: Vocabulary | None = None) -> dict[str, float]:
    """The concepts ``text`` names, each with its weight: phrases are matched longest first on
    stemmed words, and a word used by a phrase is not read again alone ("above the head" is
    ``above_head``, not also ``head``)."""
    vocab = vocab or load_vocabulary()
    toks = _tokens(text)
    found: dict[str, float] = {}
    i = 0
    while i < len(toks):
        for n in range(min(vocab.longest, len(toks) - i), 0, -1):
            concepts = vocab.phrases.get(tuple(toks[i:i + n]))
            if concepts:
                for c in concepts:
                    found[c] = vocab.weights.get(c, 1.0)
                i += n
                break
        else:
            i += 1
    low = text.lower().replace("’", "'")
    for concept, rx in vocab.patterns:
        if concept not in found and rx.search(low):
            found[concept] = vocab.weights.get(concept, 1.0)
    if "pair" in found:
        found.pop("one_hand", None)   # "both hands", "the whistle hand": two hands are used
    return found


# ------------------------------------------------------------------------------------------ records

@lru_cache(maxsize=4096)
def _name_stems(text: str) -> frozenset[str]:
    """Stemmed words of a name, without parenthesised qualifiers and the severity asterisk."""
    text = re.sub(r"\([^)]*\)|\*", " ", text)
    return frozenset(t for t in _tokens(text) if t not in {"or", "and", "with", "the", "in", "within", "same"})


def load_signals(index) -> list[Signal]:
    """Every signal clause of the index as a :class:`Signal`, in document order, linked to what it
    signals in its own ruleset:

    - a signal named like a penalty class ("Misconduct", "Match", "Penalty Shot") goes with that
      class and with the index rows whose code includes it ("MIS", "10'", "MP", "PS");
    - otherwise with the index rows whose infraction contains every word of the signal's name
      ("High-Sticking" -> "High Sticks", "High Sticks *", "High Sticks causing Injury";
      "Delay of Game" -> "Delaying the Game");
    - and with rules whose text tells officials to give it ("signify ... a delayed penalty by using a
      raised right arm", FIRS 6.3 B, for "Delay Penalty").

    Built once per index and cached (see :mod:`rulebot.derived`).
    """
    from rulebot import derived, penalties

    vocab = load_vocabulary()
    from rulebot.paths import data_file

    key = derived.index_fingerprint(index) + derived.files_digest(
        __file__, penalties.__file__, str(data_file("signal_words.yaml")))
    signals, docs = derived.cached("signals", key, lambda: _build_with_docs(index), index)
    _DOCS.setdefault(_docs_key(signals, vocab), docs)
    return list(signals)


def _build_with_docs(index):
    signals = _build_signals(index)
    return signals, _docs(signals)


def _build_signals(index) -> list[Signal]:
    from rulebot import penalties as pen

    out: list[Signal] = []
    for rid in index.rulesets:
        clauses = [c for c in index.by_ruleset(rid) if c.kind == "signal"]
        told = rule_text_signals(index, rid)
        if not clauses:
            out.extend(told)
            continue
        infs = [i for i in pen.infractions(index, rid) if i.source == "index"]
        classes = {c.name: c for c in pen.penalty_classes(index, rid)}
        givers = [(c, _signal_windows(c.text)) for c in index.by_ruleset(rid)
                  if c.kind not in ("signal", "table-row", "document", "section") and c.number
                  and _GIVES_SIGNAL.search(c.text)]
        others = [c for c in index.by_ruleset(rid)
                  if c.kind not in ("signal", "table-row", "document", "section") and c.number]
        listed = [_link(rid, c, infs, classes, givers, others) for c in clauses]
        linked = {number for sig in listed for number in sig.rules}
        # with a list, the rules' own signals it does not give (FIRS 4.6 D, the goal judges' arms;
        # 5.5.4 G, the arm raised when the visiting team may no longer change)
        out += listed + [sig for sig in told if sig.rules[0] not in linked]
    return out


_GIVES_SIGNAL = _LazyRegex(r"\bsignal|\bsignif", re.I)
#: "the Referees shall signify the calling of a delayed penalty by raising his/her arm": what is
#: signalled (``name``) and how (a gesture after "by").
_SIGNAL_SENTENCE = _LazyRegex(
    r"\b(?:signal|signals|signify|signifies|indicate|indicates)\s+(?:the\s+calling\s+of\s+)?(?:an?\s+|the\s+)?"
    r"(?P<name>[a-z][a-z -]{2,40}?)\s+by\s+\w+ing\b", re.I)
#: Signal concepts that name a part of the body or a position of the arms: a sentence with one of
#: these describes a gesture ("by raising his/her arm"), not only that a signal is given.
_BODY_CONCEPTS = frozenset({"fist", "open_hand", "forearm", "arm", "elbow", "knee", "shoulder", "hip",
                            "head", "chest", "body", "wrist", "above_head", "extend", "point", "wave"})
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def rule_text_signals(index, rid: str) -> list[Signal]:
    """Signals a rulebook without a signal list describes inside its rules, one :class:`Signal`
    (``in_rule`` True) per sentence, its clause the rule that says it:

    - "the Referees shall signify the calling of a delayed penalty by raising his/her arm" (RHA
      409 (b)): named by what it signals ("Delayed penalty");
    - an official's arm gesture with its purpose ("the referee shall raise an arm to indicate that
      play will resume"): named by the heading it is under and its purpose.

    Not read where a list exists: FIRS's goal judges' arms (4.6 D) matched descriptions of the
    referee's washout better than Annex B did."""
    out = []
    for c in index.by_ruleset(rid):
        if c.kind in ("signal", "table-row", "document", "section") or not c.number or not c.text:
            continue
        if not (_GIVES_SIGNAL.search(c.text) or _GESTURE_VERB.search(c.text)):
            continue
        for sentence in _SENTENCE.split(c.text):
            name = _rule_signal_name(index, c, sentence)
            if name:
                out.append(Signal(name=name[0].upper() + name[1:], description=sentence.strip(), ruleset=rid,
                                  clause_id=c.id, rules=(c.number,), meaning=name.split(": ")[-1], in_rule=True,
                                  official=_giver(index.heading(c) or "", sentence)))
    return out


#: An official's arm or hand gesture ("raise an arm", "extend one arm above the head", "points to").
_GESTURE_VERB = _LazyRegex(r"\b(?:rais(?:e|es|ed|ing)|extend(?:s|ed|ing)?|point(?:s|ed|ing)?|wav(?:e|es|ed|ing))\b"
                           r"[^.]{0,30}\b(?:arms?|hands?)\b", re.I)
#: What the gesture is for: "to indicate ...", "to signal ... when ...", "if ...", "when ...".
_PURPOSE = _LazyRegex(r"\b(?:to (?:indicate|signal)(?: to the \w+)?(?: that| when| if)?|when|if)\s+(?P<what>[^.;]*)",
                      re.I)
#: Who gives a signal told inside a rule: an official, named in the sentence or the heading above it.
_OFFICIAL = _LazyRegex(r"\b(?:referees?|goal judges?|linesm[ae]n|officials?|timekeepers?|umpires?)\b", re.I)


def _giver(heading: str, sentence: str) -> str:
    """The official other than a referee who gives the signal a rule's sentence tells, by the heading
    it is under first ("Goal Judges" -> "goal judge"; the Referee in "to signal to the Referee" is who
    it is for), else ""."""
    m = _OFFICIAL.search(heading) or _OFFICIAL.search(sentence)
    who = re.sub(r"s$", "", m.group(0).lower()).replace("linesmen", "linesman") if m else ""
    return "" if who in ("", "referee", "official") else who


def _rule_signal_name(index, clause, sentence: str) -> str | None:
    """The name of the signal ``sentence`` of ``clause`` describes (see :func:`rule_text_signals`),
    or None when it describes none."""
    m = _SIGNAL_SENTENCE.search(sentence)
    if m and _BODY_CONCEPTS & set(signal_concepts(sentence[m.end("name"):])):
        return m.group("name").strip()
    g = _GESTURE_VERB.search(sentence)
    if not g or not _BODY_CONCEPTS & set(signal_concepts(sentence[g.start():])):
        return None
    if re.search(r"\b(?:not|never)\s+(?:\w+\s+)?$", sentence[:g.start()]):
        return None  # "the Referee shall not raise his/her arm"
    heading = index.heading(clause) or ""
    if not (_OFFICIAL.search(sentence) or _OFFICIAL.search(heading)):
        return None  # a player's arm ("extends his arm"), not an official's signal
    purpose = _PURPOSE.search(sentence[g.start():])
    what = " ".join(purpose.group("what").split()[:10]).rstrip(" ,") if purpose else ""
    if what[:1].isupper() and not what.isupper():
        what = what[0].lower() + what[1:]
    return f"{heading}: {what}" if heading and what else (heading or what or None)


def _signal_windows(text: str) -> list[frozenset[str]]:
    """The stemmed words just after each "signal"/"signify" in ``text`` ("signify the calling of a
    delayed penalty" -> {call, delay, penalti}): what a rule says the signal is for."""
    toks = _tokens(text)
    return [frozenset(toks[i + 1:i + 9]) for i, t in enumerate(toks) if t.startswith(("signal", "signifi"))]


def _plain(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


def _link(rid, clause, infs, classes, givers, others=()) -> Signal:
    name = clause.title
    stems = _name_stems(name)
    class_name = next((n for n in classes if _name_stems(n) == stems), None)
    linked = []
    literal = _plain(name)
    for inf in infs:
        # every word of the name, led by its first ("Delaying the Game" for "Delay of Game") or the
        # whole name in the row ("Spearing and Butt-Ending" for "Butt-Ending"); not "Banging Boards"
        # for "Boarding", which only shares a stem
        inf_stems = _name_stems(inf.infraction)
        first = _tokens(inf.infraction)[:1]
        named = bool(stems) and stems <= inf_stems and (
            first == _tokens(name)[:1] or f" {literal} " in f" {_plain(inf.infraction)} ")
        by_class = class_name is not None and class_name in inf.parts.kinds
        if (named and class_name is None) or by_class or (class_name == "penalty shot" and named):
            linked.append(inf)
    rules: list[str] = []
    for inf in linked:
        if inf.rule and inf.rule not in rules:
            rules.append(inf.rule)
    # rules that say to give this signal
    for c, windows in givers:
        if stems and c.number not in rules and any(stems <= w for w in windows):
            rules.append(c.number)
    if not rules:
        # A rule titled like the signal ("5.5.2 Time Outs" for "Timeout"), else for a one-word name
        # the first rule that uses the word ("unsportsmanlike conduct", FIRS 6.4.9 L).
        key = re.sub(r"[^a-z]", "", name.lower()).rstrip("s")
        titled = [c.number for c in others if c.title and re.sub(r"[^a-z]", "", c.title.lower()).rstrip("s") == key]
        if not titled and len(literal.split()) == 1:
            titled = [c.number for c in others if c.kind != "note" and f" {literal} " in f" {_plain(c.text)} "][:1]
        rules.extend(titled[:2])
    meaning = ""
    if class_name is not None:
        pc = classes[class_name]
        meaning = pc.name + ("" if "penalty" in pc.name else " penalty") + (
            f" ({pc.duration_label})" if pc.duration_label else "")
    elif linked:
        calls = []
        for inf in linked:
            label = inf.penalty + (f" ({inf.code})" if inf.code and inf.code != inf.penalty else "")
            if label and label not in calls:
                calls.append(label)
        meaning = " or ".join(calls[:4])
    penalties = tuple(dict.fromkeys(inf.infraction for inf in linked))
    calls = tuple(dict.fromkeys(" ".join(x for x in (inf.infraction + (" *" if inf.severe else ""),
                                                        inf.rule, inf.code or "") if x) for inf in linked))
    return Signal(name=name, description=clause.text, ruleset=rid, clause_id=clause.id,
                  penalties=penalties, rules=tuple(rules), calls=calls, meaning=meaning)


# ------------------------------------------------------------------------------------------ search

@dataclass(frozen=True)
class _Doc:
    signal: Signal
    concepts: dict[str, float]
    words: frozenset
    name_key: str
    aliases: tuple[tuple[str, ...], ...]


_DOCS: dict[tuple, tuple[list[_Doc], dict[str, float], dict[str, float]]] = {}
#: A :func:`search_signals` score under this is no match for the gesture described.
MIN_SCORE = 0.2

#: What a signal given by an official the question names gains (a goal judge's, FIRS 4.6 D; the others
#: are left out unless named).
OFFICIAL_NAMED_BONUS = 0.3

#: How much a signal weighs that has what the question says the gesture is not ("not over his head").
NEGATED_CONCEPT = 0.6


def _docs_key(signals: list[Signal], vocab: Vocabulary) -> tuple:
    return (id(vocab),) + tuple((s.ruleset, s.name, s.description, s.in_rule) for s in signals)


def _docs(signals: list[Signal]):
    """Per-signal concepts, words and aliases, and the concepts' and words' idf (memoised)."""
    vocab = load_vocabulary()
    key = _docs_key(signals, vocab)
    hit = _DOCS.get(key)
    if hit is not None:
        return hit
    docs = []
    for s in signals:
        docs.append(_Doc(
            signal=s,
            concepts=signal_concepts(s.description, vocab),
            # a signal told inside a rule is also known by the heading it is under ("Goal Judges")
            words=frozenset(t for t in _tokens(s.description + (f" {s.name}" if s.in_rule else ""))
                            if t not in _STOP),
            name_key=" ".join(_WORD.findall(s.name.lower())),
            aliases=vocab.aliases.get(s.name, ()),
        ))
    n = len(docs)
    cdf: dict[str, int] = {}
    wdf: dict[str, int] = {}
    for d in docs:
        for c in d.concepts:
            cdf[c] = cdf.get(c, 0) + 1
        for w in d.words:
            wdf[w] = wdf.get(w, 0) + 1
    cidf = {c: math.log(1 + n / k) for c, k in cdf.items()}
    widf = {w: math.log(1 + n / k) for w, k in wdf.items()}
    if len(_DOCS) > 8:
        _DOCS.clear()
    _DOCS[key] = (docs, cidf, widf)
    return _DOCS[key]


def _contains(seq: list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(seq[i:i + n]) == phrase for i in range(len(seq) - n + 1))


#: Added to a signal's score when the question asks for it by another form of its name (1.0 for the name
#: itself: "delayed penalty" is RHA's name, "Delay Penalty" FIRS's).
NAME_FORM_BONUS = 0.9


@lru_cache(maxsize=256)
def _name_pattern(name_key: str) -> str:
    """A signal's name as a pattern that also takes the words' stems ("high stick" for "high sticking",
    "hooked" for "hooking")."""
    from os.path import commonprefix

    from rulebot.search.text import stem

    # the part a word shares with its stem ("penalt" of "penalty" / "penalti"), then any ending
    return r"\s+".join(f"{re.escape(commonprefix([w, stem(w)]) or w)}\\w*" for w in name_key.split())


def search_signals(signals, query: str, limit: int = 5) -> list[tuple[Signal, float]]:
    """The signals that best match an everyday description, best first, as ``(signal, score)``
    pairs (score 0..~1.5; not comparable across queries); at most ``limit``; [] for a blank query or
    one that shares nothing with any signal.  Ties keep document order.

    ``signals``: records from :func:`load_signals` (any iterable of :class:`Signal`).
    """
    signals = list(signals)
    if not query or not query.strip() or not signals:
        return []
    docs, cidf, widf = _docs(signals)
    vocab = load_vocabulary()
    from rulebot.search.text import GOAL_JUDGE_TOLD, without_negated

    # "crossed arms in front of the body, not over the head": "head" is what the signal is not
    query, negated = without_negated(query)
    # who gives the signal is not part of the gesture: the "goal" of "goal judge" is no goal signalled
    # nor where he sits ("the guy behind the net" puts no net in the gesture)
    q_concepts = signal_concepts(GOAL_JUDGE_TOLD.sub(" ", _OFFICIAL.sub(" ", query)), vocab)
    not_concepts = set(signal_concepts(negated, vocab)) - set(q_concepts) if negated else set()
    for a, b, factor in vocab.related:
        if a in q_concepts and b not in q_concepts:
            q_concepts[b] = q_concepts[a] * factor
    q_tokens = _tokens(query)
    q_words = {t for t in q_tokens if t not in _STOP}
    q_plain = " ".join(_WORD.findall(query.lower()))
    q_letters = q_plain.replace(" ", "")
    # Naming a signal counts only when the query asks about a signal or call by name: "holding" in
    # "holding both fists" or "knee" in "hand on the knee" describe the gesture, not the name.
    asks_by_name = bool(re.search(r"\b(?:signal|signals|sign|call|called|penalty|infraction|for|show|shows|indicate"
                                  r"|indicates)\b", q_plain))
    # ... and names it as the thing asked ("the signal for holding", "signal holding", "holding signal"),
    # not inside a description followed by "which penalty is that" ("like he's holding a bat")
    named_as = (r"(?:\b(?:signal|signals|sign|call|called|penalty|infraction|show|shows|indicate|indicates)\s+"
                r"(?:for|of|is|called|that)?\s*(?:a |an |the )?"
                r"|\bfor (?:a |an |the )?|^\s*)NAME\b|\bNAME\s+(?:signal|sign|call|penalty)\b|\bNAME\s*\??\s*$")
    # "... across his chest like a wash out": the signal named as what the gesture looks like
    likened = {m.group(1).replace(" ", "") for m in re.finditer(r"\blike (?:a |an |the )([a-z ]{3,30}?)\s*$", q_plain)}
    q_norm = math.sqrt(sum((w * cidf.get(c, 0.5)) ** 2 for c, w in q_concepts.items())) or 1.0
    scored: list[tuple[float, int, Signal]] = []
    # the goal judge told by where he sits ("the guy sitting behind the net", "the judge behind the cage")
    officials = q_plain + (" goal judge" if GOAL_JUDGE_TOLD.search(q_plain) else "")
    for pos, d in enumerate(docs):
        if d.signal.official and d.signal.official not in officials:
            continue  # a goal judge's arm is no answer unless the question is about the goal judge
        # concept cosine: weighted by how rare the concept is among the signals
        dot = sum(w * d.concepts[c] * cidf.get(c, 0.5) ** 2 for c, w in q_concepts.items() if c in d.concepts)
        d_norm = math.sqrt(sum((w * cidf.get(c, 0.5)) ** 2 for c, w in d.concepts.items())) or 1.0
        concept = dot / (q_norm * d_norm)
        # shared words, for what the vocabulary does not know
        shared = sum(widf.get(w, 0.0) for w in q_words & d.words)
        total = sum(widf.get(w, 0.0) for w in d.words) or 1.0
        lexical = shared / total
        score = 0.8 * concept + 0.2 * lexical
        for a, b, factor in vocab.conflicts:
            if a in q_concepts and b in d.concepts and a not in d.concepts:
                score *= factor
        if not_concepts & set(d.concepts):
            score *= NEGATED_CONCEPT
        if asks_by_name and d.name_key and re.search(named_as.replace("NAME", re.escape(d.name_key)), q_plain):
            score += 1.0             # "what is the signal for cross-checking": the name decides
        elif asks_by_name and d.name_key and re.search(named_as.replace("NAME", _name_pattern(d.name_key)), q_plain):
            score += NAME_FORM_BONUS  # "the signal for a high stick": another form of the name
        elif q_letters and (q_letters == d.name_key.replace(" ", "") or d.name_key.replace(" ", "") in likened):
            score += 1.0             # just its name, however spaced: "washout", "high sticking"
        if any(_contains(q_tokens, a) for a in d.aliases):
            score += 0.25            # its meaning: "time out", "no goal"
        if d.signal.official:
            score += OFFICIAL_NAMED_BONUS  # "the goal judge raises both hands": his signals, not the referee's
        if score > 0:
            scored.append((score, pos, d.signal))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(s, round(score, 4)) for score, _pos, s in scored[:limit]]
