"""Layering (issue 7, item 3): a tournament sheet ingested with ``--base`` amends a base ruleset.
Questions asked of the tournament are searched in it first and fall back to the base; every
citation says which layer it comes from:

- ``"tournament"`` -- a clause of the tournament sheet;
- ``"base"`` -- a clause of the base ruleset on a subject the tournament's answering clauses do not
  touch;
- ``"replaced"`` -- a base clause on the same subject as a tournament clause that answers the
  question (game length, overtime, timeouts, penalty lengths ...): the tournament's rule wins and
  comes first; the base rule is still shown, marked replaced.

"Answering" tournament clauses are those scoring at least :data:`FALLBACK_RATIO` of the best base
clause's score for the same question (BM25 scores are comparable within one query across rulesets:
the ranker shares one vocabulary); weaker tournament matches go after the base's.

Same subject: the clauses share a subject of :data:`SUBJECTS` (one that both the base clause's own
text and its titles name, or either where the other names none; in the tournament clause's titles and
text) that the question is about
(when the question names a subject at all), or -- for a question on no subject -- both have a word
of the question that is a topic of its own in the base (at most :data:`TOPIC_DF` of its clauses have
it: "slapshots"), or their titles are alike (rapidfuzz token-set ratio >= 90), or -- for a base clause
with no subject in its titles or text -- their words overlap strongly (Jaccard >= :data:`MIN_OVERLAP`
over stemmed terms).

Wiring (done by the ask layer, :mod:`rulebot.search`): ``Searcher.ask`` calls
``layered_answer(self.index, <its un-layered ask>, question, ruleset, limit)`` when the ruleset asked
has a ``base``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from rulebot.corpus.index import ClauseIndex
from rulebot.models import Answer, Citation, Clause
from rulebot.search.intent import classify
from rulebot.search.text import NUMBER_WORDS, terms

#: A tournament hit answers the question when its score is at least this share of the best base score.
FALLBACK_RATIO = 0.7
#: Of the base clauses on a sheet rule's subject, those sharing at least this share of the words the
#: closest one shares with it are "replaced"; the others are "base".
REPLACED_SHARE = 0.5
#: Stemmed-term Jaccard overlap that makes two untitled clauses the same subject.
MIN_OVERLAP = 0.3

#: A mercy rule worded without the word: "a team leading by 7 goals", "an eight (8) goal differential".
MERCY_WORDED = r"lead(?:s|ing)? by \d+|\d+[- ]goal lead|\d+\)? goal differential"

#: Subjects a tournament sheet commonly changes, as regular expressions over lower-case text.
SUBJECTS: dict[str, str] = {
    "game-length": r"\b(?:time of (?:the )?game|game ?time|game length|length of (?:the )?(?:game|match)"
                   r"|length of (?:the )?periods?|duration|running time|run(?:ning)? clock|stop(?:ped)?[- ]time"
                   r"|playing time|periods?|halves|intermission|how long (?:is|are|do|does) (?:a |the )?"
                   r"(?:games?|match(?:es)?|periods?)|(?:games?|match(?:es)?) (?:last|length)"
                   # a sheet's own rule: "Games are 12 minutes.", "Games will be two 18 minute halves"
                   r"|(?:games?|match(?:es)?) (?:are|is|will be|shall be|consist of|run|last) (?:[\w-]+ ){0,2}?\d+[- ]?"
                   r"(?:minutes?|mins?))\b",
    "overtime": r"\b(?:overtime|over-time|ot|shoot-?outs?|sudden (?:death|victory)|tied games?|ties?|tied"
                r"|tie-?break(?:er)?s?|winning (?:shot|goal)s?)\b",
    "timeouts": r"\btime[- ]?outs?\b",
    "penalty-length": r"\bpenalt(?:y|ies)\b.*\b(?:minutes?|seconds?|long|length)\b|\bhow long\b.*\bpenalt"
                      r"|\b(?:minors?|majors?)\b.*\b(?:minutes?|seconds?)\b",
    "minor-penalties": r"\bminor(?:s| penalt(?:y|ies))\b|\bhow long (?:is|are) (?:a |the )?minors?\b",
    "major-penalties": r"\bmajor(?:s| penalt(?:y|ies))\b|\bhow long (?:is|are) (?:a |the )?majors?\b",
    "misconduct-penalties": r"(?<!game )\bmisconduct(?:s| penalt(?:y|ies))\b|\bhow long (?:is|are) (?:a |the )?misconducts?\b",
    "penalties": r"\bpenalt(?:y|ies)\b",
    "suspensions": r"\b(?:suspen\w*|eject\w*|expel\w*|game misconduct)\b",
    "fighting": r"\bfight\w*\b",
    "standings": r"\b(?:standings?|ranking|points?|goal (?:differential|difference)|head[- ]to[- ]head"
                 r"|goals? against)\b",
    "mercy": rf"\b(?:mercy|goal spread|{MERCY_WORDED})\b",
    "rosters": r"\b(?:rosters?|eligib\w*|registered|roster size|players per team|affiliat\w*)\b",
    "equipment": r"\b(?:equipment|helmets?|mouth ?guards?|cages?|visors?|face ?masks?|neck guards?)\b",
    "body-checking": r"\b(?:body[- ]?check\w*|body contact|checking(?! from behind))\b",
    "shootout": r"\b(?:shoot-?outs?|penalty shots?|winning shots?)\b",
    "forfeits": r"\b(?:forfeit\w*|no[- ]show|technical loss)\b",
    "warm-up": r"\bwarm[- ]?ups?\b",
    "faceoffs": r"\bface-?offs?\b",
    "icing": r"\bicing\b",
    "offside": r"\boff-?sides?\b",
}
_SUBJECT_RES = {name: re.compile(pat) for name, pat in SUBJECTS.items()}
#: A question word in at most this many clauses of the base ruleset is a topic of its own ("slapshots"
#: in the ball-hockey rules): a sheet rule with the word amends the base rules with it.
TOPIC_DF = 3
#: Subjects too broad to make a base clause "replaced" on their own (a rule on penalty lengths does
#: not replace the rule on boarding, though both mention penalties).
_BROAD = frozenset({"penalties"})


#: A class of penalty is the subject of a sentence of a sheet only when the sentence says how long
#: it is ("Minor penalties are 90 seconds"), not when it only names it ("two major penalties in the
#: tournament means a suspension").
_CLASSES = frozenset({"minor-penalties", "major-penalties", "misconduct-penalties"})


#: The phases of a tournament a rule may be for alone.
PHASES = {"round robin": re.compile(r"\b(?:round[- ]robin|pool play|group (?:stage|games?|play)|preliminary)\b", re.I),
          "playoffs": re.compile(r"\b(?:playoffs?|play-offs?|semi-?finals?|finals?|medal (?:games?|rounds?)"
                                 r"|elimination|knock-?outs?)\b", re.I)}


#: Stems of the words that name a phase (they say when a rule applies, not what it is about).
_PHASE_TERMS = frozenset(terms("round robin pool play group stage game preliminary playoff play-off semi-final "
                               "final medal elimination knockout"))


def phases_of(text: str) -> set[str]:
    """The :data:`PHASES` a text names ("Playoff games tied after regulation ..." -> {"playoffs"})."""
    return {name for name, pat in PHASES.items() if pat.search(text)}


def subjects_of(text: str) -> set[str]:
    """The :data:`SUBJECTS` named in ``text`` (any case)."""
    low = text.lower()
    return {name for name, pat in _SUBJECT_RES.items() if pat.search(low)}


def _sheet_subjects(text: str) -> set[str]:
    """:func:`subjects_of` a tournament clause's text, sentence by sentence: a penalty class counts
    only in a sentence that gives a length (see :data:`_CLASSES`)."""
    from rulebot.search.answer import sentences

    out: set[str] = set()
    for sentence in sentences(text):
        found = subjects_of(_TIME_LIMIT.sub(" ", sentence))
        if _IMPOSES.search(sentence):
            found -= _CLASSES | {"penalty-length"}  # the call for an act, not how long the class is
        out |= found if "penalty-length" in found else found - _CLASSES
    return out


#: A sentence that imposes a penalty for an act ("a major penalty of 5 minutes ... shall be imposed on any
#: player who slew foots", "A slapshot is a minor penalty"): it names the class as the call.
_IMPOSES = re.compile(r"\b(?:imposed|assessed|given|awarded)\s+(?:on|to|against|for)\b|\bresults? in\b"
                      r"|\b(?:is|are)\s+an?\s+(?:[\w-]+\s+){0,2}penalty\b", re.I)


#: A time limit in a rule ("holds the puck ... for more than three seconds", "within 10 minutes"): no
#: penalty's length.
_TIME_LIMIT = re.compile(r"\b(?:(?:more|less|longer|fewer) than|within|in excess of)\s+[\w-]+\s+(?:\(\d+\)\s+)?"
                         r"(?:minutes?|seconds?|mins?|secs?)\b", re.I)


#: Game length as a base clause's own text states it: a length ("two periods", "20 minute halves",
#: "running time"), not a passing "second period" or "intermission between periods" (RHA 640 (d) on
#: suspending a game).
_STATES_LENGTH = re.compile(r"\b(?:two|three|four|2|3|4)\s+(?:\(\d\)\s+)?(?:periods|halves)\b"
                            r"|\d+\W*(?:minutes?|min)\b[^.]{0,30}\b(?:periods?|halves|half)\b"
                            r"|\b(?:periods?|halves)\b[^.]{0,30}\b\d+\W*(?:minutes?|min)\b"
                            r"|\b(?:running|stop(?:ped)?)[- ](?:time|clock)\b|\btime of (?:the )?game\b"
                            r"|\bgame length\b|\blength of (?:the )?(?:game|match|periods?)\b", re.I)


def _base_subjects(text: str) -> set[str]:
    """:func:`_sheet_subjects` of a base clause's own text, game length only where the text states one
    (:data:`_STATES_LENGTH`)."""
    found = _sheet_subjects(text) - _BROAD
    if "game-length" in found and not _STATES_LENGTH.search(text):
        found.discard("game-length")
    return found


def layer_chain(index: ClauseIndex, ruleset_id: str) -> list[str]:
    """``[ruleset_id, its base, the base's base, ...]``: only rulesets loaded in ``index``, each once."""
    chain: list[str] = []
    rid: str | None = ruleset_id
    while rid and rid in index.rulesets and rid not in chain:
        chain.append(rid)
        rid = index.rulesets[rid].base
    return chain


def _titles(index: ClauseIndex, clause: Clause) -> str:
    parts = [clause.title] + [a.title for a in index.ancestors(clause)[:2]]
    return " ".join(p for p in parts if p)


#: A number in a rule's text, in figures or words ("30 second", "two minutes", "one-minute").
_NUMBER = re.compile(r"\b(?:\d+|one|" + "|".join(NUMBER_WORDS) + r")\b", re.I)
#: Stems of units of time and of "half"/"period" counts.
_UNIT_TERMS = frozenset({"minut", "second", "min", "sec", "hour"})


@lru_cache(maxsize=1)
def _weak_terms() -> frozenset[str]:
    """Stems of the game's everyday words (:data:`rulebot.search.text.WEAK_WORDS`: player, team, game)."""
    from rulebot.search.text import WEAK_WORDS, stem

    return frozenset(stem(w) for w in WEAK_WORDS)


def _terms(text: str) -> set[str]:
    from rulebot.search.text import terms

    return set(terms(text))


def _document_frequency(index: ClauseIndex, ruleset_id: str) -> dict[str, int]:
    """How many clauses of ``ruleset_id`` have each stemmed term (built once for every ruleset and kept
    in the disk cache with the index, see :mod:`rulebot.derived`: stemming a rulebook costs ~50 ms)."""
    from pathlib import Path

    from rulebot import derived

    def build() -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for rid in index.rulesets:
            df = out.setdefault(rid, {})
            for clause in index.by_ruleset(rid):
                for t in _terms(f"{clause.title} {clause.text}"):
                    df[t] = df.get(t, 0) + 1
        return out

    here = Path(__file__).parent
    key = derived.index_fingerprint(index) + derived.files_digest(__file__, here / "search" / "text.py")
    return derived.cached("term-df", key, build, index).get(ruleset_id, {})


def topic_terms(index: ClauseIndex, base_id: str, question: str) -> set[str]:
    """The question's stemmed terms that at most :data:`TOPIC_DF` clauses of ruleset ``base_id`` have
    ("slapshot" in the ball-hockey rules): topics of their own."""
    df = _document_frequency(index, base_id)
    return {t for t in _terms(question) if 0 < df.get(t, 0) <= TOPIC_DF}


def same_subject(index: ClauseIndex, tournament: Clause, base: Clause, question: str = "",
                 topic: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether tournament clause ``tournament`` covers the subject of base clause ``base`` (see the
    module docstring), as far as ``question`` is concerned; also when both have a word of ``topic``
    (stemmed: see :func:`topic_terms`)."""
    t_subjects = subjects_of(_titles(index, tournament)) | _sheet_subjects(tournament.text)
    # a base clause is on the subjects both its titles and its own text name ("The Referees may order
    # the game to be suspended ..." under RHA 640 TIME OF GAME is not on game length; "If at the end of
    # the two periods, the score shall be tied ..." under TIED GAMES is on ties, not periods), on
    # either's alone when the other names none ("Each team is allowed one per game" under TIME-OUTS)
    b_titled = subjects_of(_titles(index, base)) - _BROAD
    b_said = _base_subjects(base.text)
    b_subjects = (b_titled & b_said) if b_titled and b_said else (b_titled or b_said)
    q_subjects = subjects_of(question)
    if q_subjects & _CLASSES:
        q_subjects -= {"penalty-length"}  # "how long is a major": the major's length, not any penalty's
    shared = (t_subjects & b_subjects) - _BROAD
    if q_subjects:
        shared &= q_subjects
    if shared:
        return True
    if topic and topic & _terms(tournament.text) & _terms(f"{base.title} {base.text}"):
        return True  # "No slapshots anywhere" and ball hockey 15 "Slapshots can only be taken ..."
    t_title = tournament.title or index.heading(tournament)
    b_title = base.title or index.heading(base)
    if t_title and b_title:
        from rapidfuzz import fuzz

        # the same title in other words or order ("Game length" / "LENGTH OF GAME"), not one title
        # inside another ("Penalties" / "MAJOR PENALTIES")
        if fuzz.token_sort_ratio(t_title.lower(), b_title.lower()) >= 90:
            return True
    if not b_titled and not b_said:
        a = _terms(f"{tournament.title} {tournament.text}")
        b = _terms(f"{base.title} {base.text}")
        if a and b and len(a & b) / len(a | b) >= MIN_OVERLAP:
            return True
    return False


def _replaced_rule(index: ClauseIndex, ruleset_id: str, tournament: Clause, question: str) -> Clause | None:
    """The base clause on the subject of tournament clause ``tournament`` when the base search did not
    find it: a base clause whose own or enclosing titles name a subject the tournament clause and the
    question share (e.g. RHA 640 "TIME OF GAME" for game length), the one sharing most words with the
    question and the tournament clause (first in the document on a tie); None when there is none."""
    chain = layer_chain(index, ruleset_id)
    if len(chain) < 2:
        return None
    q_subjects = subjects_of(question)
    # a sheet rule is about what its title and its first sentence say ("No slapshots anywhere on the
    # rink."), not the consequence after it ("A slapshot results in a face-off ...")
    said = tournament.text if q_subjects else re.split(r"(?<=[.;!?])\s", tournament.text.strip(), maxsplit=1)[0]
    wanted = (subjects_of(_titles(index, tournament)) | _sheet_subjects(said)) - _BROAD
    if q_subjects:
        wanted &= q_subjects
    if not wanted:
        return None
    probe = _terms(f"{question} {tournament.title} {tournament.text}")
    best: tuple[float, int] | None = None
    found = None
    for order, clause in enumerate(index.by_ruleset(chain[1])):
        if not clause.text or clause.kind == "document" or not subjects_of(_titles(index, clause)) & wanted:
            continue
        overlap = len(probe & _terms(f"{clause.title} {clause.text}"))
        key = (overlap, -order)
        if best is None or key > best:
            best, found = key, clause
    return found


def _clause_and_score(index: ClauseIndex, item: Any) -> tuple[Clause | None, float]:
    """A (clause, score) pair from a Hit (``.clause``) or a Citation (``.clause_id``)."""
    clause = getattr(item, "clause", None)
    if clause is None:
        clause = index.get(getattr(item, "clause_id", ""))
    return clause, float(getattr(item, "score", 0.0))


#: What a sheet rule must state to answer "how long" or "how many": a number (:data:`_NUMBER`), or none
#: or no limit at all ("There are no time outs.", "Overtime is unlimited sudden death").
_NONE_OR_UNLIMITED = re.compile(r"\b(?:no|none|zero|unlimited|unrestricted|any number)\b", re.I)


def layer_citations(index: ClauseIndex, ruleset_id: str, hits_tournament: Sequence[Any],
                    hits_base: Sequence[Any], limit: int = 5, question: str = "") -> list[Citation]:
    """Merge the hits of a tournament ruleset and of its base into labelled citations, best first.

    ``hits_tournament`` / ``hits_base``: :class:`~rulebot.models.Hit` or
    :class:`~rulebot.models.Citation` sequences, best first, from searching ``ruleset_id`` and its
    base for ``question``.  Order: the tournament's answering clauses (``layer="tournament"``; those on
    the question's subject first), then the base's (``"replaced"`` where an answering tournament
    clause has the same subject, first; else ``"base"``), then weaker tournament clauses; at most ``limit`` citations, keeping at least one base
    citation when there is one."""
    from rulebot.search.answer import citation

    tour = [(c, s) for c, s in (_clause_and_score(index, h) for h in hits_tournament) if c is not None]
    base = [(c, s) for c, s in (_clause_and_score(index, h) for h in hits_base) if c is not None]
    best_base = max((s for _, s in base), default=0.0)
    q_subjects = subjects_of(question) - _BROAD
    # a question on no subject of SUBJECTS: its topic words that the base's best answer has ("can we
    # take slapshots"); a sheet rule with one amends that answer
    chain = layer_chain(index, ruleset_id)
    topic = (topic_terms(index, chain[1], question) & _terms(base[0][0].text)
             if question and base and len(chain) > 1 and not subjects_of(question) else set())

    asked_phases = phases_of(question)
    listed = _listed_for_question(index, ruleset_id, question)
    number_asked = bool(question) and classify(question).number

    def answers(clause: Clause, score: float) -> bool:
        if clause.id in listed:
            return True  # the sheet's own call for the infraction asked about ("Tripping - 90 sec")
        if number_asked and not (_NUMBER.search(clause.text) or _NONE_OR_UNLIMITED.search(clause.text)):
            return False  # "how long is a minor": not "Body checking is a minor penalty", which gives none
        # a rule for the other phase of the tournament ("Playoff games tied after regulation go to ..."
        # for a tied round-robin game) does not answer
        own = phases_of(clause.text)
        if asked_phases and own and not own & asked_phases:
            return False
        if asked_phases and own and not (_terms(clause.text) & _terms(question)) - _PHASE_TERMS - _weak_terms():
            return False  # only the phase in common ("No timeouts in round robin games" for a tied one)
        # as strong a match as the base's, or a rule of the sheet on the subject asked about ("how long
        # is a game": "Games are two 18 minute running time halves" under GAME LENGTH), however few
        # words it shares with the question: the sheet amends the base on that subject
        if score >= FALLBACK_RATIO * best_base:
            return True
        if topic & _terms(clause.text):
            return True  # "can we take slapshots": the sheet's "No slapshots anywhere on the floor"
        return bool(q_subjects & (subjects_of(_titles(index, clause)) | subjects_of(clause.text)))

    answering = [(c, s) for c, s in tour if answers(c, s)]
    weak = [(c, s) for c, s in tour if not answers(c, s)]
    if q_subjects:
        # The tournament clause on the question's subject first (stable otherwise).
        answering.sort(key=lambda cs: not (q_subjects & (subjects_of(_titles(index, cs[0]))
                                                         | subjects_of(cs[0].text))))
    # a base clause on the subject of an answering sheet rule is replaced when it says what that rule
    # says (shares, besides the question's words, at least half as many of its words as the closest
    # does): of RHA 641, the clause on how many time-outs a team has, not the one on who may call one
    overlap: dict[str, int] = {}
    # the subject's own word ("time-out") is in them all, and everyday words ("player") in most: what
    # else they share
    # else they share; units of time are shared by any two lengths ("90 seconds", "three seconds")
    asked = _terms(question) | _weak_terms() | _UNIT_TERMS
    for c, _ in base:
        # a sheet rule that sets a number ("one 30 second timeout per game") replaces a base rule that
        # sets one on its subject (one time-out per half), not one that sets none (teams may go to the bench)
        same = [t for t, _ in answering if same_subject(index, t, c, question, topic)
                and (not _NUMBER.search(t.text) or _NUMBER.search(c.text))]
        if same:
            overlap[c.id] = max(len((_terms(t.text) & _terms(c.text)) - asked) for t in same)
    closest = max(overlap.values(), default=0)
    base_cites = []
    for c, s in base:
        replaced = c.id in overlap and overlap[c.id] >= REPLACED_SHARE * closest
        base_cites.append(citation(index, c, s, "replaced" if replaced else "base"))
    if answering and not any(c.layer == "replaced" for c in base_cites):
        found = _replaced_rule(index, ruleset_id, answering[0][0], question)
        if found is not None and found.id not in {c.clause_id for c in base_cites}:
            base_cites.append(citation(index, found, 0.0, "replaced"))
    # The base rules the tournament replaces come first among the base's: they are on the subject asked.
    base_cites.sort(key=lambda cite: cite.layer != "replaced")
    def sheet_layer(clause: Clause) -> str | None:
        # a clause of another rulebook (FIRS's signals for a sheet whose base describes none) is not the sheet's
        return "tournament" if clause.ruleset == ruleset_id else None

    first = [citation(index, c, s, sheet_layer(c)) for c, s in answering]
    keep = min(len(first), limit - 1 if base_cites else limit)
    out = first[:keep] + base_cites[: max(0, limit - keep)]
    out += [citation(index, c, s, sheet_layer(c)) for c, s in weak][: max(0, limit - len(out))]
    return out[:limit]


def _listed_for_question(index: ClauseIndex, ruleset_id: str, question: str) -> set[str]:
    """Ids of the clauses of sheet ``ruleset_id`` that give its own call for an infraction the question
    names by every word of its name ("what's the penalty for tripping": "- Tripping - 90 sec" in the
    sheet's penalty list); empty when the question names none or the penalty index is not loaded."""
    try:
        from rulebot import penalties as pen
    except ImportError:  # pragma: no cover
        return set()
    asked = _terms(question)
    return {i.clause_id for i in pen.infractions(index, ruleset_id)
            if i.clause_id and _terms(i.infraction) and _terms(i.infraction) <= asked}


def layered_answer(index: ClauseIndex, ask: Callable[[str, str, int], Answer], question: str,
                   ruleset_id: str, limit: int = 5) -> Answer:
    """The answer to ``question`` asked of ``ruleset_id`` with its base layered under it.

    ``ask(question, ruleset, limit) -> Answer`` is the plain, un-layered ask (``Searcher.ask``'s body),
    called once for the tournament and once for its base (itself layered when it is a sheet over other
    rules: a sheet over a sheet over RHA reaches RHA); the citations are merged by
    :func:`layer_citations` and the short answer is taken from the layer of the first citation
    (a base answer says the tournament rules do not cover it).  ``Answer.extra["layers"]`` is
    ``{"tournament": id, "base": id}``.  Without a loaded base this is just ``ask``.  Raises what
    ``ask`` raises (UsageError for an empty question or an unknown ruleset)."""
    chain = layer_chain(index, ruleset_id)
    if len(chain) < 2:
        return ask(question, ruleset_id, limit)
    base_id = chain[1]
    own = ask(question, ruleset_id, limit)
    # a base that is itself a sheet over other rules answers with its own base under it
    under = layered_answer(index, ask, question, base_id, limit) if len(chain) > 2 else ask(question, base_id, limit)
    layers = {"layers": {"tournament": ruleset_id, "base": base_id}}
    cites = layer_citations(index, ruleset_id, own.citations, under.citations, limit, question)
    if own.extra.get("infraction_unnamed") and under.answered and any(c.layer != "tournament" for c in cites):
        # the sheet does not name the infraction asked, only penalties at large ("how long is the penalty for
        # tripping" at a sheet that sets minors at 90 seconds): the base's call first, in the sheet's lengths
        cites = [c for c in cites if c.layer != "tournament"] + [c for c in cites if c.layer == "tournament"]
    if not cites:
        return Answer(question, ruleset_id, own.answer, (), answered=False, see_also=own.see_also or under.see_also,
                      extra=layers)
    source = own if cites[0].layer == "tournament" else under
    text = source.answer
    if source.citations and source.citations[0].clause_id != cites[0].clause_id:
        # Layering put another clause first: answer from that one.
        from rulebot.models import Hit
        from rulebot.search.answer import short_answer

        clause = index.get(cites[0].clause_id)
        if clause is not None:
            text = short_answer(index, [Hit(clause, cites[0].score)], question)
    if source is under:
        text, changed = sheet_penalty_lengths(index, ruleset_id, base_id, text)
        base_name = index.rulesets[base_id].short_name
        if changed:
            # "Minor (2 minutes)" from the base, but the sheet says "Minor penalties are 90 seconds"
            rules = ", ".join(dict.fromkeys(f"rule {pc.rule}" for pc in changed))
            text = f"{text} (from {base_name}; penalty lengths from the tournament's {rules})"
            from rulebot.search.answer import citation

            extra_cites = [citation(index, index.get(cid), cites[0].score, "tournament")
                           for cid in dict.fromkeys(pc.clause_id for pc in changed) if index.get(cid) is not None]
            seen = {c.clause_id for c in extra_cites}
            cites = [cites[0], *extra_cites, *(c for c in cites[1:] if c.clause_id not in seen)][:limit]
        else:
            text = f"{text} (from {base_name}: the tournament rules do not cover this)"
    return Answer(question, ruleset_id, text, tuple(cites), answered=own.answered or under.answered,
                  kind=source.kind, see_also=source.see_also, extra={**source.extra, **layers})


def sheet_penalty_lengths(index: ClauseIndex, ruleset_id: str, base_id: str, text: str) -> tuple[str, list]:
    """``text`` (an answer from the base rules) with the penalty lengths the tournament sheet sets
    instead of the base's: "Minor (2 minutes)" -> "Minor (90 seconds)" when the sheet says "Minor
    penalties are 90 seconds".  Returns the text and the sheet's
    :class:`rulebot.penalties.PenaltyClass` records used ([] when the sheet changes none named)."""
    try:
        from rulebot import penalties as pen
    except ImportError:  # pragma: no cover
        return text, []
    base = {pc.name: pc for pc in pen.penalty_classes(index, base_id)}
    used = []
    for pc in pen.penalty_classes(index, ruleset_id):
        was = base.get(pc.name)
        if pc.minutes is None or (was is not None and (was.minutes, was.alt_minutes) == (pc.minutes, pc.alt_minutes)):
            continue
        # "Minor (2 minutes)", not "Bench minor (2 minutes)" for a sheet that sets only the minor
        pattern = re.compile(rf"(?<![\w-])(?<!bench )(?<!double )({re.escape(pc.name)})\s*\([^)]*\bminutes?\)", re.I)
        new = pattern.sub(lambda m, pc=pc: f"{m.group(1)} ({pc.duration.strip()})", text)
        if pc.name == "minor":  # "Double minor (2 × 2 minutes)" -> "Double minor (2 × 90 seconds)"
            new = re.sub(r"(?<![\w-])(double minor)\s*\(2 × [^)]*\)?\)", lambda m, pc=pc: f"{m.group(1)} (2 × {pc.duration.strip()})",
                         new, flags=re.I)
        if new != text:
            text = new
            used.append(pc)
    return text, used
