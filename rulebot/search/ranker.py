"""Ranking clauses for a query: BM25F over three fields of each clause (its own title, the titles of
the rule and section it sits in, and its own text), with synonym expansion and typo correction.

Scores are computed from postings built once per index (milliseconds per query on the embedded corpus;
see ``benchmarks/``)."""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from rulebot.corpus.index import ClauseIndex
from rulebot.models import Clause, Hit
from rulebot.search.learned import learned_terms
from rulebot.corpus.builder import ANNOUNCES, introduces_list
from rulebot.search.text import (NUMBER_WORDS, STOP_WORDS, WEAK_WORDS, contrasted_terms, is_english_word, kept,
                                 load_synonyms, negated_terms, play_time, polarity, stem, terms, units, words)

#: Field weights (BM25F): a clause's own title counts most, then its text, then the titles above it.
TITLE_WEIGHT = 2.0
CONTEXT_WEIGHT = 1.0
TEXT_WEIGHT = 1.0
K1 = 1.2
B = 0.5
SYNONYM_WEIGHT = 0.6
FUZZY_WEIGHT = 0.8
WEAK_WEIGHT = 0.35
REWRITE_WEIGHT = 0.8
#: A query word the rulebooks use at most this often is slang: its synonyms weigh SLANG_WEIGHT.
SLANG_DF = 3
SLANG_WEIGHT = 0.8
WEAK_STEMS = frozenset(stem(w) for w in WEAK_WORDS)
#: How much the share of the question's distinct concepts a clause covers multiplies its BM25F score.
COVERAGE_WEIGHT = 0.5
PHRASE_WORD_WEIGHT = 0.8
#: "how many shooters": a clause that counts shooters ("three shooters from each team") gains this weight's term.
COUNT_ASKED_WEIGHT = 0.8
RERANK_DEPTH = 60
#: A clause that states what the question says did not happen ("hit from behind, not into the boards":
#: "... from behind into the boards") weighs this much; one that also says it did not, this much.
NEGATED_ASSERTED = 0.75
NEGATED_SHARED = 1.1
NEGATED_TERM_WEIGHT = 0.4
#: :meth:`ClauseRanker.search` with an ``asking`` part: a term of the story told before it that the
#: asking part does not say weighs this.
STORY_TERM_WEIGHT = 0.6

#: Who a text is about, by the words it names them with: a skater, a goalkeeper, a team official, a
#: spectator.  A clause about only someone the question does not name ("the goalkeeper's stick may not
#: exceed ..." for "how long can a skater's stick be"; "any manager, coach or trainer who holds an
#: official" for "player grabs my arm") weighs ROLE_MISMATCH.
ROLES = {
    "skater": frozenset("player players skater skaters forward forwards defenseman defencemen defenceman "
                        "defensemen defender defenders attacker attackers winger wingers centre center shooter "
                        "guy guys kid kids dude dudes".split()),
    "goalkeeper": frozenset("goalie goalies goalkeeper goalkeepers goaltender goaltenders netminder keeper "
                            "keepers tendy tendies".split()),
    "team official": frozenset("coach coaches manager managers trainer trainers".split()),
    "spectator": frozenset("spectator spectators fan fans crowd".split()),
}
ROLE_MISMATCH = 0.8
#: The roles of a clause (or a story) about the goalkeeper alone.
GOALKEEPER_ONLY = frozenset({"goalkeeper"})
ROLE_MATCH = 1.4
#: A clause naming the goalkeeper a question names weighs this, unless the question asks for a call
#: (:meth:`ClauseRanker.role_weight`).
GOALKEEPER_MATCH = 1.1
_RARE_ROLES = frozenset({"spectator"})


@lru_cache(maxsize=1)
def code_version() -> str:
    """A digest of the code and data a :class:`ClauseRanker` is built by (this module, ``text.py`` and the
    synonym list): a cached ranker of another digest is rebuilt, not used."""
    from pathlib import Path

    from rulebot.derived import files_digest

    here = Path(__file__).parent
    return files_digest(here / "ranker.py", here / "text.py", here.parent / "data" / "synonyms.yaml")


#: A goalkeeper named only to be left out ("three-on-three (excluding the goaltender)"): the text is about
#: the skaters.
_ALL_BUT_GOALKEEPER = re.compile(r"\b(?:excluding|except(?: for)?|other than|not including|besides|apart from)"
                                 r"\s+(?:the\s+|a\s+|their\s+|its\s+)?(?:goal\s?keepers?|goaltenders?|goalies?)\b",
                                 re.IGNORECASE)


def excludes_goalkeeper(text: str) -> bool:
    """Whether ``text`` names the goalkeeper only to leave him out (:data:`_ALL_BUT_GOALKEEPER`: "a defending
    player, except the goalkeeper, ...")."""
    return bool(_ALL_BUT_GOALKEEPER.search(text))


#: A defenceman in players' words ("D-man", "d men", "dman").
_D_MAN = re.compile(r"\bd[- ]?m[ae]n\b", re.I)


def roles(text: str) -> frozenset[str]:
    """The :data:`ROLES` a text names ("Player grabs my arm" -> {"skater"}; "Teams will commence the
    overtime period by playing three-on-three (excluding the goaltender)" -> {"skater"}, U9 31)."""
    text = _D_MAN.sub(" defenceman ", _ALL_BUT_GOALKEEPER.sub(" skaters ", text))
    ws = set(words(text))  # "skater's" is "skater"
    return frozenset(role for role, names in ROLES.items() if ws & names)


SEARCHABLE_KINDS = frozenset({"rule", "paragraph", "item", "note", "situation", "definition",
                              "table-row", "signal", "text", "section"})


#: Words a phrase may have or leave out and mean the same ("a goal is scored" is "goal scored").
_FILLERS = frozenset("a an the is are was were be been being".split())
T = TypeVar("T")


def stem_line(text: str) -> str:
    """A text as one line of stems with stop words kept (compounds joined, articles and "is" left out),
    padded with spaces, for phrase matching (" too mani player on floor "; "game time-out" is not "game
    time"; "a goal is scored" is "goal scored")."""
    return " " + " ".join(term for w, term in units(words(text)) if w not in _FILLERS) + " "


#: Units of time and length: "5 minutes" is a length of time, not a count of things (see play_time).
_UNITS = frozenset("minut second min sec hour feet foot inch metr meter cm mm yard".split())


#: Count nouns kept apart from the verb their stem shares: "four shooters" counts people, "four shots"
#: counts shots ("how many shooters" is RHA 639 (b) 4 A's "four skaters ... allowed to shoot", not 4 D's
#: "four shots" a round).
_COUNTED_AS = {"shooter": "shooter", "shooters": "shooter"}


#: The shooters asked about are skaters counted: "how many shooters" meets "four skaters shall be allowed
#: to shoot" (RHA 639 (b) 4 A); the skaters asked about are players counted ("how many skaters in
#: overtime": U9 31, "playing three-on-three (excluding the goaltender)").
_ASKED_AS_WELL = {"shooter": ("skater",), "skater": ("player",)}
#: Words between a count and what it counts ("three (3) different players").
_BEFORE_COUNTED = frozenset("or more fewer less of the their our different separate other".split())


def counted_things(us: list[tuple[str, str]]) -> list[str]:
    """Terms for a count of something ("three or more teams" -> "#3 team", "4 skaters" -> "#4 skater",
    "three-on-three" -> "#3 player"): the number and the noun it counts, so that "three teams tied" meets
    "three or more teams are tied" and not "2 points"."""
    out = a_side(us)
    for i, (w, t) in enumerate(us):
        if not t.isdigit() or (i >= 2 and us[i - 1][1] == "on" and us[i - 2][1].isdigit()):
            continue  # the second count of "three-on-three"
        j = i + 1
        while j < len(us) and us[j][0] in _BEFORE_COUNTED:
            j += 1
        if j < len(us) and us[j][1].isalpha() and us[j][0] not in STOP_WORDS and us[j][1] not in _UNITS:
            out.append(f"#{t} {_COUNTED_AS.get(us[j][0], us[j][1])}")
    return out


def a_side(us: list[tuple[str, str]]) -> list[str]:
    """Terms for the players a side a text counts ("three-on-three", "4 on 4" -> "#3 player", "#4 player":
    U9 31, "playing three-on-three")."""
    return [f"#{t} player" for i, (_, t) in enumerate(us[:-2])
            if t.isdigit() and us[i + 1][1] == "on" and us[i + 2][1].isdigit()]


def any_count(term: str) -> str:
    """The term for any count of what a :func:`counted_things` term counts ("#3 team" -> "#* team")."""
    return "#* " + term.split(" ", 1)[1]


def asked_counts(us: list[tuple[str, str]]) -> list[str]:
    """Terms for the things a question asks the number of ("how many shooters each" -> "#* shooter"): the
    first word after "how many" that is no stop word, or the word before a "how many" that ends the
    question ("shooters how many?"); a clause that counts them ("three shooters from each team") answers
    it."""
    out = []
    for i in range(len(us) - 1):
        if us[i][0] == "how" and us[i + 1][0] == "many":
            noun = next(((w, t) for w, t in us[i + 2:i + 5] if w not in STOP_WORDS), None)
            if noun is None and i and us[i - 1][0] not in STOP_WORDS:
                noun = us[i - 1]  # typed last: "so shooters how many?"
            if noun is not None and noun[1].isalpha():
                # "how many a side" counts the players a side ("three-on-three")
                counted = "player" if noun[0] in ("side", "aside") else _COUNTED_AS.get(noun[0], noun[1])
                out += [f"#* {c}" for c in (counted, *_ASKED_AS_WELL.get(counted, ()))]
    return out


@lru_cache(maxsize=65536)
def phrase_term(phrase: str) -> str:
    """The index term of a multi-word phrase ("too many players" -> "~too mani player")."""
    return "~" + stem_line(phrase).strip()


def synonym_phrases() -> list[str]:
    """The multi-word members of the synonym groups and rewrites ("too many players", "consist of",
    "duration of a game"): indexed as phrases, so "too many men" finds "too many players" and not
    every clause with "players"."""
    syn = load_synonyms()
    members = [m for g in syn.groups for m in g] + [m for v in (*syn.rewrites.values(), *syn.asks.values()) for m in v]
    return sorted({phrase_term(m) for m in members if len(words(m)) > 1})


def phrase_starts(phrases: dict[str, object]) -> dict[str, tuple[int, ...]]:
    """The lengths (in stems) of the stem lines of ``phrases`` by their first stem ("too mani player" ->
    {"too": (3,)}): where a phrase may start in a question, so :func:`_phrases_in` looks up only those."""
    starts: dict[str, set[int]] = defaultdict(set)
    for line in phrases:
        first, *rest = line.split(" ")
        starts[first].add(len(rest) + 1)
    return {first: tuple(sorted(ns)) for first, ns in starts.items()}


def _best(scores: dict[int, float], k: int) -> list[tuple[int, float]]:
    """The ``k`` highest-scoring ``(doc, score)`` pairs, best first, ties by document order: the
    k-th best score found first (C-speed), then only the pairs at or above it sorted."""
    if len(scores) > k:
        kth = heapq.nlargest(k, scores.values())[-1]
        pairs = [kv for kv in scores.items() if kv[1] >= kth]
    else:
        pairs = list(scores.items())
    pairs.sort(key=lambda kv: (-kv[1], kv[0]))
    return pairs[:k]


def _phrases_in(stems: list[str], phrases: dict[str, T], starts: dict[str, tuple[int, ...]]) -> list[T]:
    """What ``phrases`` maps each stem line found in a list of stems to (a phrase term, or the members
    with that line), once per occurrence, shorter lines first (n-gram lookup of the lines that may start
    at each stem, :func:`phrase_starts`; not a scan of every phrase)."""
    found = []
    for i, first in enumerate(stems):
        for n in starts.get(first, ()):
            if i + n > len(stems):
                break
            term = phrases.get(" ".join(stems[i:i + n]))
            if term and not play_time(stems, i, n):  # "a five-minute overtime period" has no major
                found.append((n, i, term))
    found.sort(key=lambda x: (x[0], x[1]))
    return [term for _, _, term in found]


@lru_cache(maxsize=1)
def _known_words() -> frozenset[str]:
    """Every word of the synonym list (referee words: never corrected as typos)."""
    syn = load_synonyms()
    return frozenset(w for g in syn.groups for m in g for w in words(m)) | frozenset(
        w for k, v in (*syn.rewrites.items(), *syn.asks.items()) for m in (k, *v) for w in words(m))


def _member_phrases() -> dict[str, list[str]]:
    """Stem line -> the multi-word members of the synonym groups with that line, in list order
    ("too mani men" -> ["too many men"]); built with the ranker and kept in its cache."""
    out: dict[str, list[str]] = {}
    for g in load_synonyms().groups:
        for m in g:
            if len(words(m)) > 1:
                out.setdefault(phrase_term(m)[1:], []).append(m)
    return out


def list_intro(text: str) -> str:
    """The sentence of a clause's text that announces its list (its last sentence: "If no team scores
    during the overtime period, a shootout shall take place as follows:")."""
    m = ANNOUNCES.search(text)
    return _SENTENCE_END.split((text[:m.end()] if m else text).strip())[-1]


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


@dataclass(frozen=True)
class QueryTerm:
    """One weighted query term (a stem)."""

    term: str
    weight: float
    #: Terms of one group (the words a question phrase such as "how long" is answered with) count once
    #: per clause, by the best of them; None for a term that counts on its own.
    group: int | None = None
    #: Only the learned table gave it (rulebot/search/learned.py): a rulebook word the answers to a question
    #: word shared, not a word the question says or a synonym of one ("plan": minutes, periods).
    learned: bool = False


#: Queries whose terms and concepts a ranker keeps (per process, not in the index cache).
MEMO_KEPT = 1024


class ClauseRanker:
    """BM25F ranking over the searchable clauses of an index (clauses with text of their own)."""

    def __init__(self, index: ClauseIndex) -> None:
        self.index = index
        self.built_by = code_version()  # a ranker cached by other code is not used (Searcher)
        self.docs: list[Clause] = []
        self.ruleset_of: list[str] = []
        postings: dict[str, dict[int, float]] = defaultdict(dict)
        lengths: list[float] = []
        vocab: set[str] = set()
        doc_terms: list[frozenset[str]] = []
        # the synonym list as the ranker reads it, kept with it in the cache: a process that loads the
        # ranker does not read and stem the list again
        self.synonyms = load_synonyms()
        # kept in the cache with it: not worked out again by each process
        self.synonyms.content_phrases()
        self.synonyms._content_by_second()
        self.synonyms.one_word_table()
        self.members = _member_phrases()
        self.member_starts = phrase_starts(self.members)
        phrases = {p[1:]: p for p in synonym_phrases()}  # "too mani player" -> "~too mani player"
        starts = phrase_starts(phrases)
        run_title: dict[str | None, str] = {}
        for clause in index.all_clauses():
            if clause.kind not in SEARCHABLE_KINDS or not clause.text:
                continue
            doc = len(self.docs)
            self.docs.append(clause)
            self.ruleset_of.append(clause.ruleset)
            above = index.ancestors(clause)
            context = " ".join(a.title for a in above[:2] if a.title)
            own_title = clause.title
            if clause.kind == "paragraph" and not above:
                # a sheet's inline heading ("Timed buzzer or whistle for line changes: Game does not
                # stop ... If there are fewer than four players ... On the buzzer/whistle, players must
                # relinquish ...", U9 7-11) is about the sentences after it too, up to the next one:
                # the context of each, not the own title of the first
                if clause.title:
                    run_title[clause.parent] = clause.title
                    own_title = ""
                context = f"{context} {run_title.get(clause.parent, '')}".strip()
            parent = index.get(clause.parent) if clause.kind == "item" and clause.parent else None
            if parent is not None and introduces_list(parent.text):
                # an item of "a shootout shall take place as follows: A. ... C. Teams will alternately
                # take a penalty shot ..." is about what the list is for
                context = f"{context} {list_intro(parent.text)}"
            tf: Counter[str] = Counter()
            length = 0
            for field, (field_text, weight) in enumerate(((own_title, TITLE_WEIGHT), (context, CONTEXT_WEIGHT),
                                                          (clause.text, TEXT_WEIGHT))):
                ws = words(field_text)
                us = units(ws)  # stemmed once: the field's terms and its phrases come from the same units
                own = [t for w, t in us if w not in STOP_WORDS]
                for t in own:
                    tf[t] += weight
                for term in _phrases_in([t for w, t in us if w not in _FILLERS], phrases, starts):
                    tf[term] += weight
                for term in counted_things(us):
                    tf[term] += weight
                    tf[any_count(term)] += weight  # "three shooters" answers "how many shooters"
                if field != 1:  # the clause's own title and text, not the headings above it
                    vocab.update(ws)
                    length += len(own)
            lengths.append(length)
            doc_terms.append(frozenset(tf))
            for t, f in tf.items():
                postings[t][doc] = f
        self.postings = dict(postings)
        self.doc_terms = doc_terms
        self.lengths = lengths
        self.avg_len = (sum(lengths) / len(lengths)) if lengths else 1.0
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in self.postings.items()}
        # each posting's BM25 term-frequency part, by ruleset: a query scores only the rulesets asked
        self.saturated: dict[str, dict[str, list[tuple[int, float]]]] = {}
        for t, plist in self.postings.items():
            by_ruleset = self.saturated[t] = {}
            for doc, tf in plist.items():
                norm = K1 * (1 - B + B * lengths[doc] / self.avg_len)
                by_ruleset.setdefault(self.ruleset_of[doc], []).append((doc, tf * (K1 + 1) / (tf + norm)))
        self.vocab = sorted(w for w in vocab if w.isalpha() and len(w) >= 3)
        self._vocab_set = set(self.vocab)
        self.doc_of = {c.id: i for i, c in enumerate(self.docs)}
        # ... and a rare role its rule is titled with ("RULE 625 - INTERFERENCE BY SPECTATORS" over (c), "In
        # the event that objects are thrown on the floor ...")
        def parent_title(c: Clause) -> str:
            parent = index.get(c.parent) if c.parent else None
            return parent.title if parent is not None else ""

        self.doc_roles = [roles(c.text) | (roles(f"{c.title} {parent_title(c)}") & _RARE_ROLES) for c in self.docs]

    # ------------------------------------------------------------------ query analysis
    def correct(self, word: str) -> str | None:
        """The corpus word closest to a misspelt ``word`` (rapidfuzz, similarity >= 80), or None."""
        if word in self._vocab_set or word in STOP_WORDS:
            return None  # the common case, without the memo
        return kept(self, "_memo", ("correct", word), lambda: self._correct(word), MEMO_KEPT)

    def _correct(self, word: str) -> str | None:
        if len(word) < 4 or not word.isalpha() or word in self._vocab_set or word in STOP_WORDS:
            return None
        if stem(word) in self.postings or word in _known_words():
            return None  # a word of the rulebooks or of the synonym list is no typo ("swears")
        from rapidfuzz import fuzz, process

        best = process.extractOne(word, self.vocab, scorer=fuzz.ratio, score_cutoff=80)
        # a typo keeps its first letter: "looking" is not "hooking", "rips" not "trips"
        if not best or best[0][0] != word[0] or is_english_word(word):
            return None  # an English word is no typo: "puddle" is not "paddle", "thing" not "think"
        return best[0]

    def rulebook_word(self, word: str) -> bool:
        """Whether ``word`` (lower case) is a word of the rulebooks, of the synonym list or a small word."""
        return word in self._vocab_set or word in STOP_WORDS or stem(word) in self.postings or word in _known_words()

    def known_word(self, word: str) -> bool:
        """Whether ``word`` (lower case) means something here: a rulebook word (:meth:`rulebook_word`), an
        English word, or a typo of a rulebook word ("hokking"); not "lorem" or "asdf"."""
        return self.rulebook_word(word) or is_english_word(word) or self.correct(word) is not None

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_memo", None)  # what this process read of its questions is not cached with the index
        return state

    def forget_queries(self) -> None:
        """Drop the terms and concepts read of past queries (after changing what reading them depends
        on, such as the learned table in a cross-validation)."""
        self.__dict__.pop("_memo", None)

    def _remembered(self, kind: str, query: str, read) -> list:
        """``read(query)`` as a new list, read once per query: one question is searched several times
        in one ask (its parts, its reranking steps)."""
        return list(kept(self, "_memo", (kind, query), lambda: tuple(read(query)), MEMO_KEPT))

    def query_terms(self, query: str) -> list[QueryTerm]:
        """Weighted stems for a query: its own words (weak words lower), typo corrections, synonyms."""
        return self._remembered("terms", query, self._query_terms)

    def _query_terms(self, query: str) -> list[QueryTerm]:
        weights: dict[str, float] = {}
        group_of: dict[str, int] = {}

        def put(term: str, w: float, group: int | None = None) -> None:
            if term in self.postings and w > weights.get(term, 0.0):
                weights[term] = w
                if group is None:
                    group_of.pop(term, None)
                else:
                    group_of[term] = group

        text, added_groups = load_synonyms().rewrite(query)
        qwords = words(text)
        for gi, added in enumerate(added_groups):
            for phrase in added:
                if len(words(phrase)) > 1:
                    put(phrase_term(phrase), REWRITE_WEIGHT, gi)
                    continue
                for t in terms(phrase):
                    put(t, REWRITE_WEIGHT * (WEAK_WEIGHT if t in WEAK_STEMS else 1.0), gi)
        # the words of a phrase of the synonym list said in the question ("like he got shot") count
        # less on their own: the phrase says what they mean together
        own_phrases = self.query_phrases(qwords)
        in_phrase = {t for p in own_phrases if len(words(p)) > 1 for w, t in units(words(p))
                     if w not in STOP_WORDS} if PHRASE_WORD_WEIGHT != 1.0 else set()
        for w, term in units(qwords):
            if w in STOP_WORDS:
                continue
            # everyday words and counts written as words ("two guys") say little about the rule
            weight = WEAK_WEIGHT if w in WEAK_WORDS or w in NUMBER_WORDS else 1.0
            if term in in_phrase:
                weight *= PHRASE_WORD_WEIGHT
            put(term, weight)
            fixed = self.correct(w)
            if fixed:
                put(stem(fixed), FUZZY_WEIGHT * weight)
        for term in counted_things(units(qwords)):
            put(term, 1.0)  # "three teams": "three or more teams", not the "2 points" of a draw
            if term.endswith(" shooter"):
                put(term[:-2], 1.0)  # "after three shooters each" told is "after three shots"
        for term in a_side(units(qwords[-6:])):
            # "is overtime still 4-on-4?" asks how many a side (not "played 4-on-4, how long is a shift")
            put(any_count(term), COUNT_ASKED_WEIGHT)
        for term in asked_counts(units(qwords)):
            put(term, COUNT_ASKED_WEIGHT)  # "how many shooters": a clause that counts them
        for joined in self.closed_compounds(qwords):
            put(joined, 1.0)  # "warm up" is the rulebook's "warmup", "time keeper" its "timekeeper"
        syn = load_synonyms()
        # "change" does not also search "line change": a clause with the phrase has the word already
        for phrase in syn.expansions(qwords, narrowing=False) + own_phrases:
            if len(words(phrase)) > 1:
                # a phrase is matched as a phrase: "too many players", not every "players"
                put(phrase_term(phrase), SYNONYM_WEIGHT)
                continue
            for t in terms(phrase):
                if t not in weights:
                    put(t, SYNONYM_WEIGHT * (WEAK_WEIGHT if t in WEAK_WORDS else 1.0))
        # slang the rulebooks hardly use ("my partner", "sin bin", "twig"): their words for it count as
        # the question's own
        slang = [[w] for w, term in units(qwords) if w not in STOP_WORDS and w not in WEAK_WORDS
                 and len(self.postings.get(term, ())) <= SLANG_DF]
        slang += [words(p) for p in own_phrases if len(self.postings.get(phrase_term(p), ())) <= SLANG_DF]
        for ws in slang:
            for phrase in syn.expansions(ws):
                for t in ([phrase_term(phrase)] if len(words(phrase)) > 1 else terms(phrase)):
                    if t not in WEAK_STEMS:
                        put(t, SLANG_WEIGHT)
        # words the rulebooks hardly use, by the rulebook words the clauses answering them share
        # ("lid": helmet; rulebot/search/learned.py); not a word said not to have happened ("overtime
        # did not settle it" is no question about what settles a tie)
        from rulebot.search.intent import asks_procedure_span

        learned = learned_terms()
        negated = negated_terms(query)
        subject = set(words(asks_procedure_span(text)))  # not "walk me through", as the table was learned
        own = set(weights)
        for w, term in units(qwords):
            for t, lw in (learned.get(term, ()) if w not in STOP_WORDS and term not in negated and w in subject
                          else ()):
                if t not in weights:
                    put(t, lw)
        return [QueryTerm(t, w, group_of.get(t), t not in own) for t, w in weights.items()]

    def closed_compounds(self, qwords: list[str]) -> list[str]:
        """Index terms for two adjacent query words written as one word in the rulebooks ("warm up" ->
        "warmup", "slap shot" -> "slapshot"); only terms the index has."""
        out = []
        for a, b in zip(qwords, qwords[1:]):
            if a.isalpha() and b.isalpha() and a not in STOP_WORDS and b not in STOP_WORDS:  # "so one" is no "soon"
                t = stem(a + b)
                if t in self.postings and t not in out:
                    out.append(t)
        return out

    def query_phrases(self, qwords: list[str]) -> list[str]:
        """The synonym-list phrases the query itself contains ("bad change", "too many men")."""
        stems = [term for w, term in units(qwords) if w not in _FILLERS]
        return list(dict.fromkeys(m for ms in _phrases_in(stems, self.members, self.member_starts) for m in ms))

    def _line_group(self, line: str) -> frozenset[str]:
        """The index terms of every group of the synonym list a stem line's members belong to (the
        phrase said and all it stands for); kept while a question is asked."""
        def make() -> frozenset[str]:
            syn = load_synonyms()
            return frozenset(t for m in self.members[line] for gi in syn.by_phrase.get(tuple(words(m)), ())
                             for p in syn.groups[gi] for t in ([phrase_term(p)] if len(words(p)) > 1 else terms(p))
                             if t in self.postings)

        return kept(self, "_memo", ("line", line), make, MEMO_KEPT)

    def _word_synonyms(self, word: str) -> tuple[str, ...]:
        """The index terms of ``word``'s synonyms (a phrase as one term, a one-word synonym as its
        stem); kept while a question is asked."""
        def make() -> tuple[str, ...]:
            out = []
            for phrase in load_synonyms().expansions(word.split()):
                ts = terms(phrase)
                if len(words(phrase)) > 1:
                    out.append(phrase_term(phrase))
                elif len(ts) == 1:
                    out.append(ts[0])
            return tuple(out)

        return kept(self, "_memo", ("synonyms", word), make, MEMO_KEPT)

    def concepts(self, query: str) -> list[tuple[float, frozenset[str]]]:
        """The query's distinct concepts: for each content word, the stems that express it (its own,
        a typo correction, its synonyms), weighted by the rarest of them (idf; weak words lower)."""
        return self._remembered("concepts", query, self._concepts)

    def _concepts(self, query: str) -> list[tuple[float, frozenset[str]]]:
        syn = load_synonyms()
        out: list[tuple[float, frozenset[str]]] = []
        seen: set[frozenset[str]] = set()
        text, added_groups = syn.rewrite(query)
        for added in added_groups:  # the words of one question phrase ("how long") are one concept
            group = frozenset(t for phrase in added
                              for t in ([phrase_term(phrase)] if len(words(phrase)) > 1 else terms(phrase))
                              if t in self.postings)
            if group and group not in seen:
                seen.add(group)
                out.append((max(self.idf[t] for t in group) * REWRITE_WEIGHT, group))
        for joined in self.closed_compounds(words(text)):
            if frozenset({joined}) not in seen:
                seen.add(frozenset({joined}))
                out.append((self.idf[joined], frozenset({joined})))
        qwords = words(text)
        # stems without articles, as phrases are indexed: "killing clock" is "killing the clock"
        qstems = [term for w, term in units(qwords) if w not in _FILLERS]
        inside: set[str] = set()  # stems said inside a phrase of the synonym list
        for i in range(len(qstems)):
            # a phrase of the synonym list said in the question ("over the boards"): one concept with
            # the phrases it stands for ("out of play"), as a word is with its synonyms
            for length in reversed(self.member_starts.get(qstems[i], ())):
                if length < 2 or i + length > len(qstems):
                    continue
                members = self.members.get(" ".join(qstems[i:i + length]))
                if not members or play_time(qstems, i, length):
                    continue
                group = self._line_group(" ".join(qstems[i:i + length]))
                if group and group not in seen:
                    seen.add(group)
                    out.append((max(self.idf[t] for t in group), group))
                inside.update(qstems[i:i + length])
                break
        for w, term in units(qwords):
            if w in STOP_WORDS:
                continue
            group = {term}
            fixed = self.correct(w)
            if fixed:
                group.add(stem(fixed))
            # a word said inside a phrase of the list means what the phrase means, not its own synonyms
            # ("goal" in "goal crease" is no goal cage)
            if term not in inside:
                group.update(self._word_synonyms(w))
            group = frozenset(t for t in group if t in self.postings)
            if not group or group in seen:
                continue
            seen.add(group)
            weight = max(self.idf[t] for t in group) * (WEAK_WEIGHT if w in WEAK_WORDS else 1.0)
            out.append((weight, group))
        return out

    def coverage(self, doc: int, concepts: list[tuple[float, frozenset[str]]], total: float | None = None) -> float:
        """Share (0..1, idf-weighted) of the query's concepts that document ``doc`` mentions (``total``:
        the concepts' summed weight, when the caller has it)."""
        total = sum(w for w, _ in concepts) if total is None else total
        if not total:
            return 0.0
        terms_ = self.doc_terms[doc]
        return sum(w for w, group in concepts if not group.isdisjoint(terms_)) / total

    def negation_weight(self, doc: int, negated: frozenset[str]) -> float:
        """:data:`NEGATED_SHARED` for a clause that negates what the question negates ("except the
        goalkeeper"), else :data:`NEGATED_ASSERTED` for one that states it, else 1."""
        if not negated & self.doc_terms[doc]:
            return 1.0
        asserted, shared = polarity(self.docs[doc].text, negated)
        if shared:  # "If the goalie is not ready by game time ... until he is ready": the case asked
            return NEGATED_SHARED
        return NEGATED_ASSERTED if asserted else 1.0

    def role_weight(self, doc: int, asked: frozenset[str], call_asked: bool = False,
                    compared: frozenset[str] = frozenset()) -> float:
        """:data:`ROLE_MISMATCH` for a clause that names only people other than those the question
        names and never a skater ("the goalkeeper's stick" for a skater's stick) or only those it compares
        with (``compared``: a skater's stick for "does the goalie drop it like a skater would?"), or, for
        a question that names no one, a clause about the goalkeeper alone ("how long can a stick be": FIRS 3.2.2 C, any
        stick, not 3.2.2 D, the goalkeeper's); :data:`ROLE_MATCH` for a rare role both name (a spectator);
        :data:`GOALKEEPER_MATCH` for the goalkeeper both name when ``call_asked`` is False ("our goalie took a
        minor, who serves it?": RHA 402 (b), "If a Minor Penalty is assessed to a goaltender, a player ...
        must serve"; for a call the rule may name players at large: ball hockey 35 ¶2, "Players closing their
        hand on the ball within their defensive crease"); else 1."""
        own = self.doc_roles[doc]
        if not asked:
            return ROLE_MISMATCH if own == GOALKEEPER_ONLY else 1.0
        if own and ("skater" not in own or own <= compared) and not own & asked:
            return ROLE_MISMATCH  # ... or only those it compares with ("drop it like a skater would?")
        if asked & own & _RARE_ROLES:
            return ROLE_MATCH  # "a fan ... the player shoves him": the rule on players and spectators
        if asked & own & GOALKEEPER_ONLY and not call_asked:
            return GOALKEEPER_MATCH
        return 1.0

    # ------------------------------------------------------------------ scoring
    def score(self, qterms: list[QueryTerm], rulesets: set[str] | None = None) -> dict[int, float]:
        """BM25F scores per document index for weighted query terms, optionally within ``rulesets``."""
        scores: dict[int, float] = defaultdict(float)
        best_of_group: dict[tuple[int, int], float] = {}
        for qt in qterms:
            by_ruleset = self.saturated.get(qt.term)
            if not by_ruleset:
                continue
            idf = self.idf[qt.term] * qt.weight
            for rid, plist in by_ruleset.items():
                if rulesets is not None and rid not in rulesets:
                    continue
                if qt.group is None:
                    for doc, sat in plist:
                        scores[doc] += idf * sat
                    continue
                for doc, sat in plist:
                    part = idf * sat
                    key = (qt.group, doc)  # a group counts by its best term in the clause
                    prev = best_of_group.get(key, 0.0)
                    if part > prev:
                        scores[doc] += part - prev
                        best_of_group[key] = part
        return scores

    def search(self, query: str, rulesets: set[str] | None = None, limit: int = 10, asking: str = "",
               compared: frozenset[str] = frozenset(), call_asked: bool | None = None) -> list[Hit]:
        """The best ``limit`` clauses for ``query``, best first (empty when nothing matches).

        ``asking``, the part of ``query`` that asks after a long story told before it: the story's
        terms and concepts that it does not say weigh :data:`STORY_TERM_WEIGHT`.  ``compared``: the roles
        the question compares with ("like a skater would"), which a clause about them alone does not fit
        (:meth:`role_weight`).  ``call_asked``: whether the question asks for a call, when the caller has
        read it of the whole question (else read here of ``query``; the two differ for 24 of the 12 700
        seen questions, none of whose answers changes)."""
        qterms = self.query_terms(query)
        told: frozenset[str] = frozenset()
        if asking:
            said = {t.term for t in self.query_terms(asking)}
            told = frozenset(t.term for t in qterms if t.term not in said)
            qterms = [QueryTerm(t.term, t.weight * STORY_TERM_WEIGHT, t.group, t.learned) if t.term in told else t
                      for t in qterms]
        negated = negated_terms(query)
        contrasted = contrasted_terms(query)
        def set_aside(term: str) -> bool:
            return term in contrasted or any(w in contrasted for w in term.lstrip("~").split())

        if contrasted:
            # what the question sets aside ("hit from behind, not into the boards") draws a clause less;
            # a clause that says it happened weighs less below
            qterms = [QueryTerm(t.term, t.weight * NEGATED_TERM_WEIGHT, t.group, t.learned) if set_aside(t.term) else t
                      for t in qterms]
        scores = self.score(qterms, rulesets)
        best = _best(scores, max(limit, RERANK_DEPTH))
        if COVERAGE_WEIGHT and best:
            concepts = [(w * NEGATED_TERM_WEIGHT if contrasted and all(set_aside(t) for t in group) else w, group)
                        for w, group in self.concepts(query)]
            if told:
                concepts = [(w * STORY_TERM_WEIGHT if group <= told else w, group) for w, group in concepts]
            total = sum(w for w, _ in concepts)
            best = [(d, s * (1 + COVERAGE_WEIGHT * self.coverage(d, concepts, total))) for d, s in best]
            asked = roles(query)
            if ROLE_MISMATCH != 1.0:
                if call_asked is None:
                    from rulebot.search.intent import classify

                    call_asked = classify(query).penalty
                best = [(d, s * self.role_weight(d, asked, call_asked, compared - asked)) for d, s in best]
            if negated:
                best = [(d, s * self.negation_weight(d, negated)) for d, s in best]
            best.sort(key=lambda kv: (-kv[1], kv[0]))
        return [Hit(self.docs[d], s) for d, s in best[:limit]]
