"""Follow-up questions in a conversation: "and in RHA?" asks the previous question of another
rulebook; "what's the signal for that?" or "how long is it?" asks about the previous answer's subject."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from rulebot.models import Answer
from rulebot.search.intent import CHANGED_OPENING, classify
from rulebot.search.query import parse_query
from rulebot.search.text import words

_FILLER = frozenset("and what about how in under for the rules rule book rulebook then there same "
                    "question again also with".split())
_ONLY_FOLLOW_UP = re.compile(r"^(?:and\b.*|what about\b.*|how about\b.*|.{0,40}\b(?:that|it|this|those)\b\W*)$",
                             re.I)
_PRONOUN = re.compile(r"\b(that|it|this|those|them|these|he|him|his)\b", re.I)
#: A pronoun that can stand for what the last answer was about, or "one" ending the question ("who can call
#: one?", "how long is one?"); not a person ("he did it again": the player did the foul again), nor "that's"
#: ("that's his third penalty": what it is, not what it is about).
_PRONOUN_OR_ONE = re.compile(r"\b(?:that|it|this|those|them|these)\b(?!['’]s)|\bone(?=[\s?.!]*$)", re.I)
#: "what about a major?", "and hooking?", "how about in overtime?": the previous question with
#: something else in it.
_WHAT_ABOUT = re.compile(r"^\s*(?:and\s+)?(?:what|how)\s+about\s+(?P<a>.+?)[\s?.!]*$"
                         r"|^\s*and\s+(?P<b>.+?)[\s?.!]*$", re.I)
#: A question that changes the last one's case: "but what if he was on a breakaway?", "and if it was the
#: goalie?", "same thing but in overtime".
_CHANGES_CASE = re.compile(r"^\s*(?:" + CHANGED_OPENING + r"|(?:but|and) if\b)", re.I)
#: A class of penalty named in a question ("a major", "minor penalties").
_CLASS = re.compile(r"\b(?:game misconduct|gross misconduct|double minor|bench minor|minor|major|misconduct|match)"
                    r"(?:\s+penalt(?:y|ies))?\b", re.I)
_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.I)
#: A rule that opens with its name, one to four words: "Delay of game: Any player/team ...", "Holding: Using
#: the free hand ..." (not an opening condition: "If a team is not ready by game time: ...").
_OPENING_NAME = re.compile(r"^\s*(?!(?:If|When|After|Before|Exception|The|A|An|In|On)\b)([A-Z][\w'/-]*(?: [\w'/-]+){0,3}):\s")
#: What a short question asks about: the words after its last "is a", "for", "about" ... ("how long is a
#: time-out?" -> "time-out", "what's the penalty for spearing" -> "spearing").
_ASKED_ABOUT = re.compile(r"\b(?:is|are|for|about|of|on)\s+(?:(?:a|an|the)\s+)?(?P<subject>[\w'-]+(?:\s+[\w'-]+){0,2})"
                          r"\s*[?.!]*\s*$", re.I)
#: Words that qualify a call rather than name another infraction ("what about a major?").
_QUALIFIERS = frozenset("""minor major misconduct match penalty penalties shot double bench gross game
ejection injury injured intent intentional deliberate accidental goalie goalkeeper goaltender coach
overtime playoffs attempt attempted""".split())


def _content_words(text: str) -> list[str]:
    """The words of ``text`` that say what it is about (no stop words, no follow-up fillers)."""
    from rulebot.search.text import STOP_WORDS

    return [w for w in words(text) if w not in STOP_WORDS and w not in _FILLER]


def is_follow_up(text: str) -> bool:
    """True for a question that leans on the one before ("and in RHA?", "what about a minor
    penalty?", "what's the signal for that?"), False for one that stands alone."""
    m = _ONLY_FOLLOW_UP.match(text.strip())
    if m is None:
        return False
    # ending on "it" leans on something before only when little else is said: "what's the signal for
    # that?", not "goalie gets a minor, who serves it?" (the minor is "it")
    return bool(re.match(r"\s*(?:and|what about|how about)\b", text, re.I)) or len(_content_words(text)) <= 2


@dataclass
class Turn:
    """One exchange: what the user typed, the question actually asked, and the answer."""

    typed: str
    asked: str
    ruleset: str | None
    answer: Answer


def _ruleset_of(turn: Turn) -> str | None:
    """The rulebook a turn was answered from: the one its question named ("... under RHA"), else the
    one selected, else, for a question asked of every rulebook and answered from one, that one
    ("fighting" answered by FIRS 6.4.19 B: "what about a minor?" asks FIRS, not every rulebook)."""
    answer = turn.answer
    if answer.ruleset or turn.ruleset:
        return answer.ruleset or turn.ruleset
    if answer.answered and answer.citations and answer.kind != "comparison":
        return answer.citations[0].ruleset
    return None


@dataclass
class Conversation:
    """A chat with memory of the previous turn (used by ``rulebot chat`` and the app's Ask screen).

    ``ruleset`` is the user's selection (None: all rulebooks); ``turns`` the history, oldest first."""

    searcher: object
    ruleset: str | None = None
    turns: list[Turn] = field(default_factory=list)

    def resolve(self, text: str) -> tuple[str, str | None]:
        """The question to ask for ``text`` and the ruleset to ask it of, using the previous turn
        when ``text`` is a follow-up.  Returns ``(question, ruleset)``."""
        text = text.strip()
        if not self.turns:
            return text, self.ruleset
        prev = self.turns[-1]
        index = self.searcher.index
        pq = parse_query(index, text, self.ruleset)
        rest = [w for w in words(pq.text) if w not in _FILLER]
        if pq.rulesets and not rest and not pq.clauses:
            # "and in RHA?" -> the previous question, asked of the rulebook(s) just named
            prev_pq = parse_query(index, prev.asked, prev.ruleset)
            new = pq.rulesets[0] if len(pq.rulesets) == 1 else None
            if new is None:
                names = " and ".join(index.rulesets[r].short_name for r in pq.rulesets)
                return f"{prev_pq.text} in {names}", None
            return prev_pq.text or prev.asked, new
        if _CHANGES_CASE.match(text) and not pq.clauses:
            # "tripping is a minor in RHA" + "but what if he was on a breakaway?": the case told, then changed
            # (what the search reads as a changed case), asked of the same rulebook
            return f"{prev.asked.rstrip(' ?.!')} - {text}", (pq.rulesets[0] if len(pq.rulesets) == 1
                                                             else _ruleset_of(prev))
        about = _WHAT_ABOUT.match(pq.text if pq.rulesets else text)
        new = (about.group("a") or about.group("b")) if about else ""
        if new and not pq.clauses and not _PRONOUN.search(new) and 0 < len(_content_words(new)) <= 5:
            return self._with_other(prev, new), (pq.rulesets[0] if len(pq.rulesets) == 1 else _ruleset_of(prev))
        if len(words(text)) <= 10 and _PRONOUN_OR_ONE.search(text) and not pq.clauses:
            subject = self.subject(prev, signal=classify(text).signal)
            if subject:
                ruleset = pq.rulesets[0] if len(pq.rulesets) == 1 else _ruleset_of(prev)
                return _PRONOUN_OR_ONE.sub(subject, pq.text if pq.rulesets else text, count=1), ruleset
        return text, (pq.rulesets[0] if len(pq.rulesets) == 1 else self.ruleset)

    def _with_other(self, prev: Turn, new: str) -> str:
        """The previous question with ``new`` in it: another infraction in place of the one asked
        about ("penalty for slashing" + "hooking" -> "penalty for hooking"), or a qualifier added
        ("penalty for slashing" + "a major" -> "penalty for slashing - a major?")."""
        asked = parse_query(self.searcher.index, prev.asked, prev.ruleset).text or prev.asked
        subject = self.subject(prev)
        if _CLASS.search(new) and classify(asked).signal and subject:
            # "what's the signal for tripping?" + "what about a major?": a major for tripping, not its signal
            return f"{new.rstrip(' ?.!')} for {subject.lower()}?"
        qualifier = all(w in _QUALIFIERS for w in _content_words(new))
        said = _CLASS.search(asked)
        if said and _CLASS.search(new):
            # "how long is a major" + "a minor penalty" -> "how long is a minor penalty"
            return f"{asked[:said.start()]}{_ARTICLE.sub('', new)}{asked[said.end():]}"
        if said and not qualifier and said.end() >= len(asked.rstrip(" ?.!")):
            # "how long is a major" + "and hooking?": the call for hooking, not "how long is a hooking"
            return f"what is the penalty for {new.rstrip(' ?.!')}?"
        if not qualifier and subject:
            # ... written with a space or a hyphen ("Cross-Checking" for CROSS CHECKING)
            whole = re.compile(r"\b" + r"[\s-]+".join(map(re.escape, re.split(r"[\s-]+", subject.strip()))) + r"\b", re.I)
            if whole.search(asked):  # the subject as it was put in ("who can call TIME OUTS?"): all of it
                return whole.sub(new.rstrip(" ?.!"), asked, count=1)
            for word in sorted(_content_words(subject), key=len, reverse=True):
                # "slashing" for SLASHING, "slashed"; a hyphened word whole ("time-out" for TIME OUTS)
                pattern = re.compile(rf"\b{re.escape(word[:5])}[\w-]*", re.I)
                if pattern.search(asked):
                    return pattern.sub(new, asked, count=1)
        return f"{asked.rstrip(' ?.!')} - {new}?"

    def subject(self, turn: Turn, signal: bool = False) -> str:
        """What a turn was about: the title of the rule its best citation sits in, else (and for a turn
        not covered) its question.
        With ``signal`` (a follow-up asking for a signal), the signal that goes with the rule it was
        answered from (:func:`rulebot.search.answer.signal_for`: Penalty Shot for FIRS 6.4.35 H), not the
        rule title's words ("Penalty Shots –Awarded Goals")."""
        # a turn not covered: what its question asked about, not the nearest clause offered under see also
        # ("penalty for dog" is no ELBOWING)
        cites = turn.answer.citations if turn.answer.answered else ()
        top = self.searcher.index.get(cites[0].clause_id) if cites else None
        if signal and top is not None:
            from rulebot.search.answer import signal_for

            sig = signal_for(self.searcher.index, top, turn.asked)
            if sig is not None:
                return sig.name
            from rulebot.penalties import parts_from_text

            if any("penalty shot" in cp.kinds for cp in parts_from_text(top.text)):
                # a rulebook without signals (RHA 642 (e), tripped from behind on a breakaway): the
                # signal for the call it gives, not for the rule's title
                return "penalty shot"
        if cites:
            clause = self.searcher.index.get(cites[0].clause_id)
            if clause is not None:
                for c in [clause, *self.searcher.index.ancestors(clause)]:
                    if c.title and c.kind in ("rule", "definition", "signal", "table-row"):
                        return c.title
        # no rule title: the name a sheet's rule opens with ("Delay of game: Any player/team deliberately
        # delaying ...", ball hockey 35)
        if cites:
            clause = self.searcher.index.get(cites[0].clause_id)
            named = _OPENING_NAME.match(clause.text) if clause is not None else None
            if named:
                return named.group(1)
        # ... else (a sheet's sentence under a section heading such as "Time"): what the question itself
        # asked about ("how long is a time-out?" -> "time-out")
        asked = parse_query(self.searcher.index, turn.asked, turn.ruleset).text or turn.asked  # not "in ball hockey"
        m = _ASKED_ABOUT.search(asked)
        if m:
            return m.group("subject")
        # the question itself, not its section's heading ("goalie covers the ball in the crease", not
        # ball hockey's "Penalties")
        return asked.strip(" ?.!") or turn.asked

    def ask(self, text: str, limit: int = 5) -> Answer:
        """Answer ``text`` in the context of the previous turn and remember the exchange.

        Raises UsageError for an empty question."""
        question, ruleset = self.resolve(text)
        if not self.turns and is_follow_up(text) and len(_content_words(text)) <= 2:
            # "what's the signal for that?" with nothing before it: ask what "that" is
            answer = Answer(text, ruleset, "Which rule or infraction do you mean? Ask about it first "
                            "(e.g. “what's the penalty for tripping?”), then follow up.", (), answered=False)
            self.turns.append(Turn(text, text, ruleset, answer))
            return answer
        answer = self.searcher.ask(question, ruleset, limit)
        if question.strip() != text.strip():  # a follow-up rewritten, not the same words with a space
            # the answer's question is what was typed ("and in RHA?"), the one asked is resolved_question
            answer = replace(answer, question=text)
            answer.extra["resolved_question"] = question
        self.turns.append(Turn(text, question, ruleset, answer))
        return answer
