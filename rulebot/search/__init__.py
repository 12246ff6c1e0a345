"""Search and question answering over the clause index.

``Searcher(index)`` builds the ranking structures once; ``search()`` returns ranked clauses and
``ask()`` a short answer with citations.  ``get_searcher()`` caches one for the process."""

from __future__ import annotations

import gc
import math
import re
from dataclasses import replace
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

from rulebot.corpus.index import ClauseIndex
from rulebot.errors import UsageError
from rulebot.models import CLASS_NAMES, Answer, Citation, Clause, Hit
from rulebot.search.answer import (ASKS_A_STEP, ASKS_ON, FAILURE, NOT_A_PENALTY, POINTER, POINTER_ALONE_TERMS,
                                   RULE_TELLS_SIGNAL, STATES_DEFINITION, announced_steps, ask_answers_in, best_sentences, case_of_signal,
                                   citation, first_clause, goal_ruling, label, list_of, named_below, nested_list_asked, normalise_numbers,
                                   other_parts, penalty_list_of, pointed_to, procedure_of, procedure_steps,
                                   question_parts, quoted_text, row_rule, rule_as_printed, rule_failure, rule_of, says_as_much,
                                   steps_after,
                                   sentences, sentences_and_asking, short_answer, unanswered_parts)
from rulebot.search.calls import combine_line, restart_line
from rulebot.search.intent import (BODY, CALL_ASKED, CHANGED_OPENING, DEFINITION_STATED, FACEOFF_PLACE, GAME_STATE, GOAL_STANDS,
                                   OPENING_CONDITION, OWN_ARMS_ASKED, PENALTY_LEAST, RESUMES, TREATS_AS, Intent,
                                   classify, figure_choice_asked, fouls_told, goal_judge_told, imposes_in_a_sentence, imposes_penalty,
                                   last_sentence, own_arms_asked, signal_asked_as_word)
from rulebot.search.query import (NUMBER_PATTERN, RULE_NUMBER, ParsedQuery, asks_rule_number, asks_which_rule,
                                  _alias_names, compared_with,
                                  multiple_choice, parse_query, without_book_description, without_game_stage,
                                  without_letter_frame, rulebook_words, spoken_rule_numbers, without_comparison,
                                  without_game_labels, with_score_told, without_purpose, without_reporting_frame,
                                  without_request)
from rulebot.corpus.builder import ANNOUNCES, ends_announcing, introduces_list
from rulebot.search.text import STOP_WORDS, fold, kept, load_synonyms, respell, stem, terms, units, without_contrast, words
from rulebot.search.ranker import GOALKEEPER_ONLY, WEAK_STEMS, WEAK_WEIGHT, ClauseRanker, excludes_goalkeeper, roles


_CLASSES = "|".join(n.replace(" ", r"\s+") for n in CLASS_NAMES)
_CLASS_NAME = re.compile(r"\b(" + _CLASSES
                         # "how long does a penalty last", "penalty length?" (not "penalty length for a major?")
                         + r"|penalty(?=\s*\W*$|\s+(?:last|in)\b|\s+(?:length|duration)\b(?!.*\b(?:" + _CLASSES + r")\b))"
                         + r"|penalties(?=\s+(?:last|run)\b(?!\s+(?:over|out|into|on)\b)))"
                         r"(?:\s+penalt(?:y|ies))?\b")


def class_named(m: re.Match) -> str:
    """The class name a :data:`_CLASS_NAME` match says, as the rulebooks define it ("game  misconduct" ->
    "game misconduct"; "penalties" in "how long do penalties run" -> "penalty")."""
    name = re.sub(r"\s+", " ", m.group(1).lower())
    return "penalty" if name == "penalties" else name


#: Words that may stand beside a class name in a question about the class itself.
_CLASS_QUESTION_WORDS = frozenset("""
long length minutes minute min duration always two ten five four time times last lasts mean means meaning
involve involves difference different happens happen serve served serving sit sits league here rules
penalty penalties player players regular normal standard actually exactly kind type much get gets
count counts charged next miss misses suspended suspension game games book rulebook
box bin sin spend spends sitting keep keeps kept off away
bigger smaller worse harsher stronger heavier lighter severe serious same similar versus than
true false correct incorrect wrong
cover covers carry carries over rest tonight tomorrow today out remainder tournament semi semifinal final
finals pool playoff playoffs run runs cup clock
short shorthanded short-handed man strength sub subs substitute substituted replace replaced team teams play plays playing
""".split())
#: ... and, for a question that says the clock, the timekeeper's verbs ("how much time goes on the clock when
#: someone takes a penalty"; not "can a player serving a minor take the penalty shot?").
_CLOCK_QUESTION_WORDS = frozenset("put puts take takes took taken".split())

#: A question about the harsher penalty ("what about a major?", "a major for hooking?").
_ASKS_MAJOR = re.compile(r"\bmajor\b(?! league)")
#: Classes offered to choose from ("is hooking a minor or a major?"): no class told, the foul's basic case asked.
_CLASS_CHOICE = re.compile(r"\b(?:minor|major)\s+or\s+(?:an?\s+)?(?:minor|major)\b", re.I)
_AGGRAVATED = re.compile(r"(?P<injury>injur|\bhurt\b|blood|bleed|can'?t get up|"
                         r"(?:didn'?t|doesn'?t|not) get(?:ting)? up|"
                         r"\bstay(?:s|ed)? down\b|carried off|stretcher|concuss|knocked (?:him )?out|severe|violent)|"
                         r"(?P<harsher>may also be treated|may (?:also )?include|"
                         r"third|subsequent|(?:during|course of) (?:an |any )?altercation)|"
                         r"(?P<chance>penalty shot|breakaway|break-away|from behind)")

_MATCH = re.compile(r"\bmatch penalty\b", re.I)


#: Words asking what a rule is about, beside :data:`_RULE_WORDS`: "what does rule 410 cover?".
_ABOUT = re.compile(r"\b(?:cover|covers|about|deal with|deals with|talk about|of the \w+ rule ?book|rule ?book|book"
                    r"|the|of|does|do|it)\b", re.I)
#: A rule's outline gives each sub-clause's first sentence cut to this many characters, and at most
#: OUTLINE_CHARS in all.
OUTLINE_SENTENCE_CHARS = 260
OUTLINE_CHARS = 900
_RULE_WORDS = re.compile(r"\b(?:what(?:'s| is| does)?|show|read|rule|rules|section|clause|article|say|says|in|about)\b|[?!#§]|\.(?!\d)",
                         re.I)

_UNIT_STEMS = frozenset({"minut", "second", "hour", "metr", "meter", "feet", "foot", "inch", "min", "sec", "long",
                         "length", "durat", "time"})
#: The units a number measures in (not "time" nor "length", which are also what is measured).
_MEASURES = (_UNIT_STEMS - {"long", "length", "durat", "time"}) | {"cm"}
#: A measure as a rulebook writes it ("1 meter in front", "3 meters (10 feet)").
_MEASURE = re.compile(r"\b\d+(?:\.\d+)?\)?\s*(?:meters?|metres?|feet|foot|inch(?:es)?|cm|minutes?|seconds?)\b"
                      r"[^.;,)]{0,20}")
#: Two clauses that tell the same measure for the thing asked, the later within this share of the
#: other's score: the first told goes first.
SAME_FACT_SHARE = 0.9
#: How much a clause that puts a number next to the asked word gains for a "how long/many" question.
NUMBERED_SUBJECT_WEIGHT = 1.25
NO_NUMBER_WEIGHT = 0.75
#: A "how long can he hold it" question asks for a time, a "how far back" one for a distance: a clause
#: whose numbers are none of the asked unit ("six (6) floor players" for "how long do they get") weighs this.
UNIT_MISS_WEIGHT = 0.8
#: "how long is a stick (allowed to be)?": a thing's length, not a time.
_THING_LONG = (r"(?:is|are|can|may|must|should)\s+(?:(?!(?:in|on|at|behind|under|for|from|to|with|of|he|she|they|it|we|"
               r"you|i|him|them)\b)[\w']+\s+){0,3}?(?:stick|blade|rink|floor|crease|net|goal|cage|"
               r"surface|area|line|zone|circle|box|bench|shaft|handle)e?s?"
               r"(?:\s+(?:allowed|permitted|supposed|meant)\s+to)?(?:\s+be)?\s*(?:[?.!,]|$)")
_ASKS_TIME = re.compile(rf"\bhow long (?!{_THING_LONG})"
                        r"|\bhow (?:many|much) (?:minutes|seconds|time)\b|\bhow soon\b|\bhow quickly\b"
                        # "what's the longest shift": a time (U9 12, "Shift length will not exceed 90 seconds")
                        r"|\bwhat(?:'s| is| are) the (?:longest|shortest)\s+(?:\w+\s+)?(?:shifts?|periods?|half|halves"
                        r"|games?|time-?outs?|overtimes?|breaks?|intermissions?|warm-?ups?)\b", re.I)
_ASKS_DISTANCE = re.compile(rf"\bhow long (?={_THING_LONG})|\bhow (?:deep|wide|big|high|tall|thick|large)\b"
                            r"|\bhow far (?:back|away|out|off|apart|from|in|into|up|is|are|do|does|must|should)\b"
                            r"|\bhow many (?:metres|meters|feet|inches|centimetres|centimeters)\b"
                            r"|\bdistance\b", re.I)
_TIME_UNITS = frozenset({"minute", "minutes", "min", "mins", "second", "seconds", "sec", "secs", "hour", "hours"})
_DISTANCE_UNITS = frozenset({"metre", "metres", "meter", "meters", "m", "cm", "mm", "feet", "foot", "ft", "inch",
                             "inches", "centimetres", "centimeters", "millimetres", "millimeters"})
ROW_RULE_WEIGHT = 1.5
#: A row's rule gains ROW_RULE_WEIGHT scaled from this share (the question says none of the row's
#: description) to all of it (it says every word): "Stick Swung above shoulder" is half said by "swings
#: his stick".
ROW_FLOOR = 0.5
GOAL_WEIGHT = 1.3
#: weight of a clause naming a face-off place for a question whether a goal stands
FACEOFF_FOR_GOAL = 0.8
#: A question that opens by asking whether something may be done ("can you body check?", "is
#: slashing allowed", "are we allowed to ...").
_ASKS_ALLOWED = re.compile(r"^\W*(?:(?:can|may|could) (?:you|we|i|a player|players|he|she|they|the goalie)\b"
                           r"(?!\s+(?:please\s+)?(?:tell|explain|show|remind|give|help|ask|see|get|find|look|read|pull)\b)"
                           r"|(?:is|are) (?:it |we |you |players? |he |she |they |\w+ )?(?:allowed|legal|permitted)\b)", re.I)
#: The signal concepts that tell a gesture of the arms or hands (:func:`rulebot.signals.signal_concepts`).
_GESTURE_CONCEPTS = frozenset({"arm", "one_hand", "pair", "above_head"})
#: A list item's gesture goes first when it shares this much more with the one told (concept weights).
GESTURE_ITEM_MARGIN = 0.5
#: A rule telling an official's gesture: "the Referee ... shall raise an arm to indicate", "the
#: linesman shall extend his arm".
_OFFICIAL_GESTURE = re.compile(r"\b(?:referee|official|linesman|linesmen|judge)s?\b[^.]{0,60}\b(?:raise|raises|raised"
                               r"|drop|drops|extend|extends|extended|hold|holds|point|points)\s+(?:an?|the|his|her"
                               r"|their|both|one)?\s*(?:arm|arms|hand|hands)\b", re.I)
#: "What happens?", "what do I do?", "anything I can do?": the consequence of what the question tells.
_ASKS_CONSEQUENCE = re.compile(r"\bwhat (?:happens|now)\b|\bwhat (?:do|can|should) (?:i|we) do\b"
                               r"|\bwhat (?:i|we) (?:can|should|must) do\b"
                               r"|\banything (?:i|we) can do\b|\bwhat(?:'s| is) supposed to happen\b"
                               r"|\bwhat did (?:he|she|they|i|we|(?:my|our|the|that|this) \w+) do wrong\b", re.I)
#: A clause stating the penalty goes before the best one when it scores at least this share of it,
#: and has a word of the story (idf at least CONSEQUENCE_CONCEPT_IDF) the best one has.
CONSEQUENCE_SHARE = 0.75
CONSEQUENCE_CONCEPT_IDF = 2.5
#: A NOTE of the best rule that tells the case asked about goes first when it scores at least this share of it.
NOTE_CASE_SHARE = 0.85
#: "What's the first tie-breaker", "the first thing we look at": the first item of a list asked for.
_FIRST_OF_LIST = re.compile(r"\b(?:the )?first (?:thing|one|tie[- ]?break\w*|criteri\w*|step|factor|check|test)\b"
                            r"|\bwhat(?:'s| is| comes) first\b", re.I)
FIRST_ITEM_WEIGHT = 2.0
#: "... doesn't separate them, so what's next?", "what breaks it next?": the step after the one told.
_NEXT_OF_LIST = re.compile(r"\bwhat(?:'s| is| comes)? next\b|\bnext (?:tie[- ]?break\w*|step|criteri\w*|one)\b"
                           r"|\b(?:breaks?|decides?|separates?|settles?) (?:it|them|the tie) next\b|\bnext\s*\?"
                           r"|\bthen what\b|\bwhat (?:then|after that)\b"
                           # "if head-to-head doesn't split them": the step after it
                           r"|\b(?:does(?:n'?t| not)|did(?:n'?t| not)|can(?:'?t|not| not)|won'?t|will not|fails? to|failed to)"
                           r" (?:split|break|separate|settle|decide|resolve)\b"
                           # "which criterion do I apply next?"
                           r"|\b(?:criteri\w*|tie[- ]?break\w*|step)(?:\s+\w+){0,3}\s+next\b"
                           r"(?!\s+(?:to\s+(?:the|a|an|his|her|their|our|my|him|them)|week|season|year|game|match|time|round|day"
                           r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)", re.I)
#: The case a step of a list starts from ("If a tie still results, ", "If the situation is still tied after
#: three shots, ").
_STEP_CONDITION = re.compile(r"^\s*(?:if|when|should)\b[^,]*,\s*", re.I)
#: An untitled step of a list is told by at least this many words that no other step of its list has
#: ("head-to-head ... higher", FIRS 9.3 C; one shared word, "shots", tells no step).
STEP_TOLD_TERMS = 2
#: A tie between teams said ("tied", "level on points", "didn't separate us").
_TIE_SAID = re.compile(r"\b(?:tie|tied|ties|level|even|tiebreak\w*|tie-break\w*|separate\w*"
                       r"|same (?:number of )?points)\b", re.I)
#: A list item shorter than this, and no sentence, is a fragment ("Points") cited after the sentence
#: that announces it.
FRAGMENT_CHARS = 40
#: "last" as the verb "how long" asks with ("how long does one game last?"), not the word of "the last minute".
_LAST_ASKED = re.compile(r"(\bhow long (?:does|do|did|will|would|should|can|could)\b"
                         r"(?:(?!\b(?:who|that|which|if|when|where|and|or)\b)[^?.!;,]){1,60}?)\s+lasts?\b"
                         r"(?=\s*(?:[?.!,;]|$|for\b|in\b|at\b|under\b))", re.I)
#: A time given in a sentence: "(25 minutes)", "2 minute", "90 seconds".
_TIME_GIVEN = re.compile(r"\b\d+(?:[:.]\d+)?\s*(?:-\s*)?(?:minutes?|mins?|seconds?|secs?)\b|\(\d+\s*\+\s*\d+\)", re.I)
#: A clause that ends announcing the cases its rule does not apply to ("... unless:", "except in the following
#: cases:", "with the following exceptions:").
_EXCEPTIONS_FOLLOW = re.compile(r"\b(?:unless|except)\b[^.:]{0,40}:\s*$|\bexceptions?\s*:\s*$", re.I)
#: "who serves", "who takes", "who gets": the verb a "who" question asks about.
_ASKED_VERB = re.compile(r"\bwho (?:(?:has|have|gets?) to |should |must |will |can |may |does )?"
                         r"(?P<verb>(?!is\b|are\b|was\b|gets\b|get\b)[a-z]{3,}s)\b", re.I)
FOCUS_WEIGHT = 0.85
#: A clause that meets only the story of a question, none of what its asking sentence adds, weighs this.
STORY_ONLY_WEIGHT = 0.95
#: ... and when the story is a case the question then changes ("Tripping is a minor - but what if he's
#: injured?", :func:`changed_case`), this.
CHANGED_CASE_WEIGHT = 0.7
#: Where a case told gives way to the changed case asked: "... - but what if", "what about when", "what about
#: majors" (not "what about the players ...", another question about the same case), "and if it was", "same thing
#: but", "now say", "say instead".
_CHANGED_CASE = re.compile(r"(?:[.?!;:,–—]|\s-)\s*(?:" + CHANGED_OPENING + r"|(?:(?:but|and|ok|okay|so|now)\b,?\s+)?"
                           r"(?:what|how) about (?!the\b|that\b|this\b|those\b|them\b|him\b|her\b)\w)", re.I)
#: A question word opening a clause of the case told (each clause tried with ``match``): a part before a change
#: that asks something is a question of its own ("which team shoots first, and if it's still even ...?"), not a
#: case told ("when the goalie freezes it ...").
_ASKS_HERE = re.compile(r"(?:which|what|how|who|where|why)\b|when (?:is|are|does|do|did|can|should|will|must)\b", re.I)
#: Where the case told is split into clauses for :data:`_ASKS_HERE`.
_CLAUSE_BREAK = re.compile(r"[.?!:;,]")
#: Words every change of :data:`_CHANGED_CASE` has.
_CHANGED_HINTS = ("what if", "how if", "what about", "how about", " if ", "same thing", "same play",
                  "same situation", " say")
#: A signal told as what it is: "Misconduct is both hands on the hips", "Interference is crossed arms" (with
#: :func:`~rulebot.search.intent.classify` reading it as a signal: "Cross-checking is both hands on the stick" is
#: the foul).
_GESTURE_TOLD = re.compile(r"^\W*(?:in \w+,?\s*)?(?:the )?[\w -]{3,30}? (?:is|means|=) (?:the |a |an |both |one |his |your )?"
                           r"(?:hands?|arms?|fists?|palms?|clenched|crossed|\w+ (?:hands?|arms?|fists?))\b",
                           re.I)


#: A story of this many distinct words or more (besides the small ones) before the question is long: its
#: terms weigh less in the search when the asking part names something of its own
LONG_STORY_WORDS = 16
#: A stage of the game told as over and undecided ("still level after the sudden-death OT", "tied after the
#: first overtime", "overtime settled nothing"): the question is about what comes next, not that stage.
_STAGE_DONE = re.compile(r"\b(?:tied|level|deadlocked|scoreless|nobody scor\w*|no one scor\w*)"
                         r"\b[^.?!]{0,20}?\bafter (?:the |a |an |its )?(?:\w+[- ])?(?:overtime|ot|sudden[- ]death|extra time"
                         r"|shoot-?out|play-?off)\b"
                         r"|\b(?:overtime|ot|sudden[- ]death)\b[^.?!]{0,20}?\b(?:solved|settled|decided|changed) nothing\b",
                         re.I)
#: The words that open a question ("what", "how", "is", "can" ...).
_ASKS_OPENING = re.compile(r"\s*(?:what|which|how|who|when|where|why|is|are|does|do|can|should|must|may)\b", re.I)
#: What a signal question sets aside after the one it asks: "so I don't show kneeing by mistake", "compared
#: with the crossing forearms", "as opposed to interference", "instead of", "rather than", "not the".
_SET_ASIDE_SIGNAL = re.compile(r"\b(?:so (?:that )?i (?:don'?t|do not|won'?t)|compared (?:with|to)|as opposed to|"
                               r"instead of|rather than|not the|and not)\b", re.I)
#: :meth:`Searcher.case_told_first`: a clause opening with the case a story tells weighs this.
CASE_TOLD_WEIGHT = 1.3
#: :meth:`Searcher.prefer_basic_case`: a rule's first sub-clause that imposes a penalty (its basic case)
#: weighs this, a NOTE or Situation written for the case told this.
BASIC_CASE_WEIGHT = 1.25
NOTE_OF_THE_CASE_WEIGHT = 1.15
#: The citations an answer is worked out from, however few are shown (:meth:`Searcher.ask`).
ANSWER_DEPTH = 5
#: The longest list opening put before an item the answer quotes (:meth:`Searcher._ask_one`).
OPENING_CHARS = 220
#: How many times better a rule telling an official's gesture must match than a signal to come first
#: (:meth:`Searcher.gesture_rule_matched`).
GESTURE_RULE_MARGIN = 1.5
#: How much a clause that says what a word means weighs for a question asking a call or a number, unless it
#: states a penalty (:func:`kind_weight`).
DEFINED_FOR_CALL = 0.8
#: How much more a clause that says how play resumes weighs for "how do we restart?" (:func:`kind_weight`).
RESUME_WEIGHT = 1.3
#: A rule scoring this share of its NOTE among the best hits comes before it (:func:`rule_before_note`).
NOTE_SHARE = 0.9
#: How many of the best hits a bare topic's general case is looked for in.
BARE_DEPTH = 5
#: ... and the general case found scores at least this share of the best hit.
GENERAL_SHARE = 0.5
#: Questions whose reading (:func:`parse_query`) a searcher keeps.
PARSED_KEPT = 512

#: A signal the selected rulebook describes answers when it scores this share of the best signal.
OWN_SIGNAL_SHARE = 0.85
#: A part of a question that refers back to the part before it ("how long is each one", "stand in it").
_PART_REFERS_BACK = re.compile(r"\b(?:it|its|they|them|that|those|this|these|one|ones)\b\W*$|\b(?:in|on|of|for|about|with) "
                               r"(?:it|them|that|those|this|these)\b|\beach one\b", re.I)
#: A piece of an answer with the label of the clause it quotes ("Restart: The resulting face-off ... [FIRS 6.3 A
#: (Calling of Penalties)]"), and what follows the last label.
_QUOTED_PIECE = re.compile(r"[^\[\]]*\[[^\]]+\](?:\s*\(\d+ of \d+ steps\))?|[^\[\]]+$")
#: For a question asking for the call, a clause stating a penalty scoring this share of a best clause that
#: states none comes first.
PENALTY_SHARE = 0.85
#: Another rulebook's clause is named under "Other rulebooks" only when it scores this share of the best.
OTHERS_SHARE = 0.5

#: A signal-search score (0..1) above which a gesture question is answered with that signal.
from rulebot.signals import MIN_SCORE as SIGNAL_MIN_SCORE  # noqa: E402

#: A signal search score only a signal named in the question reaches: its name adds 1.0 to the 0..1 of
#: its description (:func:`rulebot.signals.search_signals`).
NAMED_SIGNAL_SCORE = 1.0
#: How much of a gesture (the summed weights of its signal concepts) a question tells before the
#: nearest gesture outranks what its words mean: "touch" alone is no gesture.
GESTURE_TOLD_WEIGHT = 1.5


class Searcher:
    """Ranked search and answers over one :class:`ClauseIndex`."""

    def __init__(self, index: ClauseIndex) -> None:
        self.index = index
        # the ranker cached with the index (see get_searcher) when it was built over this very index by
        # this very code (a cache written before an upgrade holds an older one)
        cached = getattr(index, "derived", {}).get("ranker")
        usable = (isinstance(cached, ClauseRanker) and cached.index is index
                  and getattr(cached, "built_by", None) == ranker_version())
        self.ranker = cached if usable else ClauseRanker(index)
        from rulebot.search import answer as _answer

        _answer.TERM_WEIGHTS = self.ranker.idf
        # the index and ranker live as long as the process and hold no cycles to free: the garbage
        # collector stops scanning them (a full collection over them took tens of milliseconds, inside
        # whichever question happened to trigger it)
        gc.freeze()

    def typos_fixed(self, question: str) -> str:
        """``question`` with each misspelt word in lower case (:meth:`ClauseRanker.correct`: no word of the
        rulebooks or of English, close to one of the rulebooks' words, not that word with letters added)
        written as that word, so that what reads the question by its words (a penalty class, a number
        asked) reads it: "how long is the penatly" is "how long is the penalty"."""
        from rapidfuzz import fuzz

        ranker = self.ranker
        named = self._ruleset_words()

        def fixed(m: re.Match) -> str:
            word = m.group(0)
            low = word.lower()
            if ranker.rulebook_word(low) or word[0].isupper() or low in named:
                return word  # ... nor a name ("Brody", "Colton"), nor a rulebook's ("the fall fete")
            fix = ranker.correct(low)
            # a misspelling, not another word: a letter or two swapped, missing or added ("penatly",
            # "considerd", "hipps"); not a word the rulebooks have with letters added at its end ("tendy", a
            # goalie, is no "tend") nor one further off ("ragdolled" is no "rolled"): left for the ranker to weigh
            if (not fix or low.startswith(fix) or abs(len(fix) - len(low)) > 1
                    or fuzz.ratio(low, fix) < TYPO_FIXED_SIMILARITY):
                return word
            return fix

        return _WORD.sub(fixed, question)

    def _ruleset_words(self) -> frozenset[str]:
        """The words of every name a loaded rulebook answers to (:func:`rulebot.search.query._alias_names`,
        with and without accents: "Fall Fête" typed "fall fete"); worked out once per list of names."""
        names = _alias_names(self.index)
        found = self.__dict__.get("_named_words")
        if found is None or found[0] is not names:
            found = self.__dict__["_named_words"] = (names, frozenset(w for name, _ in names for w in words(fold(name))))
        return found[1]

    def parsed(self, query: str, ruleset: str | None = None):
        """:func:`parse_query` of ``query``, kept for the rest of the ask: one question is read several
        times (its parts, its search, its answer), and reading it costs a pass over every ruleset name."""
        key = (query, ruleset, len(self.index.clauses), tuple(self.index.rulesets))
        return kept(self, "_parsed", key, lambda: parse_query(self.index, query, ruleset), PARSED_KEPT)

    def forget_questions(self) -> None:
        """Drop what this process kept of the questions asked so far (their reading, respelling, negations,
        terms, concepts, synonym expansions, intents and uncovered topics), keeping what it keeps of the
        rulebooks' own clauses and of the synonym list; the benchmarks call it so that each timed question is
        asked as if for the first time."""
        from rulebot.search.text import _units, load_synonyms, negated_terms, respell

        self.__dict__.pop("_parsed", None)
        self.__dict__.pop("_uncovered", None)
        self.ranker.forget_queries()
        load_synonyms().__dict__.pop("_expanded", None)
        classify.cache_clear()
        _units.cache_clear()
        respell.cache_clear()
        negated_terms.cache_clear()

    def shorthand_kept(self, text: str, ruleset: str | None) -> frozenset[str]:
        """:meth:`own_shorthand` of the rulebook ``text`` is asked of: the one it names ("ball hockey - can the
        GMs review a player's actions?"), else ``ruleset``; empty, and nothing worked out, unless ``text`` writes
        some officials' shorthand in capitals."""
        short = load_synonyms().abbreviations
        if not any(m.group(1) in short for m in _SHORTHAND_WRITTEN.finditer(text)):
            return frozenset()
        named = self.parsed(text, ruleset).rulesets
        target = named[0] if len(named) == 1 else ruleset
        return self.own_shorthand(target) if target is not None else frozenset()

    def own_shorthand(self, ruleset: str | None) -> frozenset[str]:
        """The officials' abbreviations (``abbreviations`` of the synonym list, e.g. "GM") as rulebook
        ``ruleset`` writes them in its running text (not in a heading of capitals), in the form it writes
        them ("GMs"), when it never writes what they stand for: they mean what the rulebook means by them
        (ball hockey 39, "reviewable by the GMs": its general managers; "a GM" is still a game misconduct,
        which ball hockey does not have), so :func:`respell` leaves them as written.  Empty for None."""
        if ruleset is None:
            return frozenset()
        found = self.__dict__.setdefault("_own_shorthand", {})
        if ruleset not in found:
            short = load_synonyms().abbreviations
            written: set[str] = set()
            for c in self.index.by_ruleset(ruleset):
                for m in _SHORTHAND_WRITTEN.finditer(c.text):
                    if m.group(1) in short:
                        written.add(m.group(0))
            flat = re.sub(r"[^a-z0-9]", "", fold(" ".join(c.text for c in self.index.by_ruleset(ruleset))).lower()) \
                if written else ""
            found[ruleset] = frozenset(w for w in written
                                       if re.sub(r"[^a-z0-9]", "", fold(short[w.rstrip("s")]).lower()) not in flat)
        return found[ruleset]

    def check_ruleset(self, ruleset: str | None) -> str | None:
        """The id of a ruleset given by id or name ("FIRS", "ball hockey"); None for None.
        Raises UsageError for a ruleset that is not loaded."""
        return self.index.resolve_ruleset(ruleset)

    def search(self, query: str, ruleset: str | None = None, limit: int = 10) -> list[Hit]:
        """Clauses for ``query`` best first, at most ``limit``.

        A ruleset named in the query ("in FIRS") narrows the search like ``ruleset``; a rule number in
        it ("6.4.21 C", "RHA 402") puts that clause (and, when it has no text, its sub-clauses) first.
        Raises UsageError for an unknown ``ruleset``."""
        ruleset = self.check_ruleset(ruleset)
        query = respell(query, self.shorthand_kept(query, ruleset))
        pq = self.parsed(query, ruleset)
        if pq.rulesets or ruleset:
            # "At the youth tournament with two groups of five teams, how many players ...?": the rulebook is
            # known, what tells it apart is no part of the question
            described = without_book_description(query)
            if described != query:
                query, pq = described, self.parsed(described, ruleset)
        scope = set(pq.rulesets) or ({ruleset} if ruleset else None)
        hits: list[Hit] = []
        seen: set[str] = set()
        for clause in pq.clauses:
            sub = [c for c in self.index.subtree(clause) if c.text and c.id not in seen]
            if len(sub) > 1 and heading_like(sub[0]):
                # "(age appropriate and custom RHA event adaptations)" says less than 630 (a)
                sub[0], sub[1] = sub[1], sub[0]
            for c in sub:
                hits.append(Hit(c, 100.0))
                seen.add(c.id)
        rest = without_request(pq.text if pq.clauses else pq.text or query)
        rest = PENALTY_LEAST.sub("penalty", rest)  # "what's the minimum I'm giving" is no minimum number
        rest = _LAST_ASKED.sub(r"\1", rest)  # "how long does one game last": no "last minute" (Youth Cup ¶2)
        compared = roles(compared_with(rest))
        rest = figure_choice_asked(without_game_stage(with_score_told(without_game_labels(without_comparison(rest)))))
        intent = classify(query)
        if intent.signal and signal_asked_as_word(rest) != rest and not _SHOW_WORD.search(rest):
            rest = f"{rest} show"  # "how do I let everybody know there's a call coming": shown, a call coming
        if intent.signal:
            # "ten minutes for mouthing off after the whistle. How do I signal that?": the whistle of a stoppage,
            # not the whistle hand that every signal's description names
            rest = _WHISTLE_BLOWN.sub(" ", rest)
        told = rulebook_words(rest)
        # the asking part after a long story, with the rulebook words for what it says
        asking = self.asking_over_long_story(rest)
        # "also" between: the question's last word and the rulebook words make no phrase together
        # ("... Penalty? shoots the puck after the whistle" is no "penalty shot")
        rest = f"{rest} also {told}" if told else rest.strip()
        asking = f"{asking} also {told}" if asking and told else asking
        ranked = self.ranker.search(rest, scope, max(50, limit + len(seen)), asking, compared, intent.penalty)
        ranked = self.topic_said(ranked, rest, scope)
        reranked = rerank(ranked, intent, self.index)
        bare = bare_topic(rest)
        if bare:
            reranked = self.named_topic_first(reranked, rest)
        if intent.penalty and (not intent.signal or CALL_ASKED.search(query)):  # the call asked, not how it is shown
            reranked = penalty_stated_first(self.prefer_basic_case(self.rules_of_rows(reranked, query), query),
                                            self.index, rest)
        elif _ASKS_ALLOWED.match(query):
            # "can you body check?": whether it is allowed is the rule's basic case (RHA 604 (a)), not an
            # aggravated form ("may also be treated as a match penalty", 604 (f))
            reranked = self.prefer_basic_case(reranked, query)
        if intent.number:
            reranked = self.prefer_numbered_subject(reranked, rest, query, call_asked=intent.penalty)
        reranked = prefer_defining_clause(reranked, query, intent)  # "when the book says 'altercation', ..."
        if intent.definition:
            reranked = self.story_term_defined(reranked, rest)
        if _FIRST_OF_LIST.search(query):
            reranked = self.prefer_first_item(reranked)
        if _NEXT_OF_LIST.search(query):
            reranked = self.next_item_first(reranked, rest)
        if not intent.number:  # "how long", "how big": the number and its unit (prefer_numbered_subject)
            reranked = asked_answer_first(reranked, query)
        if intent.penalty:
            reranked = self.asked_class_first(reranked, query)
        if bare and not (intent.definition and reranked and any(
                defines_term(reranked[0].clause, t) for t in asked_terms(query, intent))):
            # the topic's clause again first after the penalty ordering, then its rule's general call; not
            # over the clause that defines the very term asked ("define game misconduct penalty": RHA 404
            # (d), 'A "Game Misconduct Penalty" involves ...', not 404 (a) under the rule's title)
            reranked = self.titled_rule_first(self.named_topic_first(reranked, rest), rest)
            if not (intent.definition and reranked and STATES_DEFINITION.search(reranked[0].clause.text)):
                # ... unless what it is was asked and the first clause says ("control of puck meaning": RHA
                # 642 (e) NOTE 2, "Control of the puck means ...", not 642 (e)'s penalty shot)
                reranked = self.general_case_first(reranked, rest)
        reranked = self.asked_verb_first(reranked, rest)
        reranked = self.unmet_state_later(reranked, rest)
        if not intent.number:
            reranked = measures_later(reranked, query, self.index)
        reranked = self.asked_over_story(reranked, rest)
        if (_ASKS_CONSEQUENCE.search(query) or intent.resume) and not intent.penalty:
            reranked = self.case_told_first(reranked, rest)
        if _ASKS_CONSEQUENCE.search(query) and not intent.penalty:
            reranked = self.consequence_first(reranked, rest)
        reranked = rule_before_note(reranked, query)
        if not bare:  # "too many men" asks for the rule, not a case of it
            reranked = self.note_of_the_case_first(reranked, rest)
        if not intent.penalty:
            reranked = self.pointer_followed(reranked, query, intent)
        if asks_which_rule(query) and bare:  # "which rule covers the shootout", not "which rule says X"
            reranked = self.rule_from_start(reranked)
        if (hits and len(pq.clauses) == 1 and not _ASKS_WHAT_RULE_IS.search(query)
                and self.rule_matters(_RULE_WORDS.sub(" ", _ABOUT.sub(" ", rest))) >= NAMED_RULE_ASKED):
            # a rule named with a question about it ("Pull up rule 641 for me - how many time-outs does each
            # team get and how long are they?"): its sub-clause that answers first (641 (b) NOTE 1), the others
            # in the order the question ranks them, those it does not rank after them in rule order
            score = {h.clause.id: h.score for h in reranked}
            best = max(hits, key=lambda h: score.get(h.clause.id, 0.0))
            if score.get(best.clause.id, 0.0) > NAMED_RULE_MARGIN * score.get(hits[0].clause.id, 0.0) > 0:
                place = {h.clause.id: i for i, h in enumerate(reranked)}
                hits.sort(key=lambda h: place.get(h.clause.id, len(place)))
        own = {h.clause.id: h.score for h in reranked}
        for hit in reranked:
            if hit.clause.id in seen:
                continue
            parent = self.index.get(hit.clause.parent) if hit.clause.parent else None
            if ((intent.procedure or is_fragment(hit.clause.text)) and hit.clause.kind == "item"
                    and parent is not None and introduces_list(parent.text) and parent.id not in seen):
                # a step of a procedure, or an item that says nothing alone ("Points", "Goal
                # difference"): give the list from its start
                hit = Hit(parent, hit.score)
            hits.append(hit)
            seen.add(hit.clause.id)
            # A clause that introduces a list ("... shall be taken as follows:") is answered by the
            # list, whose items carry the substance ("the teams will play a 10 minute sudden death
            # play-off"): the first item (when it matches the question too, or is a procedure's first
            # step) before the clause that announces them, the others after it, in order.
            if introduces_list(hit.clause.text) and not intent.penalty:
                items = [c for c in self.index.children(hit.clause)[:3] if c.text and c.id not in seen]
                # items that match the question themselves first, best first; then the others in order
                items.sort(key=lambda c: -own.get(c.id, 0.0))
                # ... but a list of exceptions ("... face-off at one of offending team's end zone face-off
                # spots unless:", RHA 619 (e)) follows the rule it excepts from
                excepts = bool(_EXCEPTIONS_FOLLOW.search(hit.clause.text))
                for n, item in enumerate(items):
                    if n == 0 and (intent.procedure or item.id in own) and not is_fragment(item.text) and not excepts:
                        hits.insert(len(hits) - 1, Hit(item, hit.score))
                    else:
                        hits.append(Hit(item, hit.score * 0.99))
                    seen.add(item.id)
        return hits[:limit]

    def count_asked_first(self, hits: list[Hit], query: str, depth: int = 4) -> list[Hit]:
        """For a list printed as the paragraphs after the clause that announces it (U9 28 "... overtime periods
        will be played as followis:", then 30-33), the item among the ``depth`` best hits that counts what the
        question asks the number of ("how many skaters a side", "is overtime still 4-on-4?": U9 31, "playing
        three-on-three") first, when the announcing clause counts none of it; ``hits`` unchanged otherwise."""
        if len(hits) < 2 or not ANNOUNCES.search(hits[0].clause.text) or self.index.children(hits[0].clause):
            return hits
        asked = {t.term for t in self.ranker.query_terms(query) if t.term.startswith("#* ")}
        if not asked:
            return hits

        def counts(clause) -> bool:
            d = self.ranker.doc_of.get(clause.id)
            return d is not None and not asked.isdisjoint(self.ranker.doc_terms[d])

        if counts(hits[0].clause):
            return hits
        items = {c.id for c in steps_after(self.index, hits[0].clause)[0]}  # the paragraphs an answer from it quotes
        i = next((i for i, h in enumerate(hits[1:depth], 1) if h.clause.id in items and counts(h.clause)), None)
        if i is None:
            return hits
        return [Hit(hits[i].clause, hits[0].score)] + hits[:i] + hits[i + 1:]

    def rule_from_start(self, hits: list[Hit], depth: int = 5) -> list[Hit]:
        """For "which rule covers X?": the best hit's rule from its start, when the rule's first clause
        is among the first ``depth`` hits ("Which rule lays out the penalty timekeeper's duties?": RHA 505
        (a), "The Penalty Timekeeper shall keep the time served ...", before 505 (c)); else unchanged."""
        rule = self.index.get(rule_of(self.index, hits[0].clause) or "") if hits else None
        first = next((c for c in self.index.subtree(rule) if c.text), None) if rule is not None else None
        if first is None or all(h.clause.id != first.id for h in hits[:depth]):
            return hits
        return [h for h in hits if h.clause.id == first.id] + [h for h in hits if h.clause.id != first.id]

    def asked_beyond_story(self, query: str) -> tuple[str, str, list[frozenset[str]]]:
        """``(story, asking, asked)`` for ``query``: its story and asking part (:func:`sentences_and_asking`,
        or the case told and the changed case asked, :func:`changed_case`) and the concepts the asking part
        names that the story does not, nor a verdict word ("allowed") or an everyday word."""
        story, asking = changed_case(query) or sentences_and_asking(query)
        if not story or not asking:
            return story, asking, []
        told = set().union(*(g for _, g in self.ranker.concepts(story)))
        asked = [g for _, g in self.ranker.concepts(asking) if g and not g & told and not g & _VERDICT_STEMS
                 and not g <= WEAK_STEMS]
        return story, asking, asked

    def asking_over_long_story(self, query: str) -> str:
        """The asking part of ``query`` when a long story comes before it (:data:`LONG_STORY_WORDS`
        distinct words or more besides the small ones: "fight at the red line, two guys hop the boards, the
        goalie skated half way out ... what does 6.4.27 say about leaving the benches?"), or a case told of
        any length that the question then changes (:func:`changed_case`), or a story of any length telling a stage
        of the game as over and undecided (:data:`_STAGE_DONE`), and it asks something the story does not name;
        else "".  The ranker weighs the rest of the story less
        (:data:`~rulebot.search.ranker.STORY_TERM_WEIGHT`)."""
        changed = changed_case(query)
        story, asking = changed or sentences_and_asking(query)
        if (len({w for w in words(story) if w not in STOP_WORDS}) < LONG_STORY_WORDS and not changed
                and not _STAGE_DONE.search(story)):
            return ""
        return asking if self.asked_beyond_story(query)[2] else ""

    def asked_over_story(self, hits: list[Hit], query: str, depth: int = 10) -> list[Hit]:
        """For a story then a question ("Still tied after the 5 min OT. Who shoots first in the
        shootout?"): a clause with nothing the question asks beyond the story's words (RHA 639 (b) 2, "A
        five-minute overtime period shall be played") weighs :data:`STORY_ONLY_WEIGHT`, when one of the
        five best has some (639 (b) 4 C, "... with the visiting team shooting first")."""

        # what the asking part names beyond the story, not the words that ask whether it may be done
        # ("Is that allowed?") nor an everyday word ("Do we play OT?": the overtime, not every "round
        # robin play")
        story, _, asked = self.asked_beyond_story(query)

        # ... nor is a clause for the goalkeeper the story is about ("Goalie's stick snaps. Does he have to
        # drop it like a skater would?": RHA 606 (b), the goaltender's, not 606 (a), a skater's)
        keeper = roles(story) == GOALKEEPER_ONLY

        def meets(h: Hit) -> bool:
            d = self.ranker.doc_of.get(h.clause.id)
            return d is not None and (any(g & self.ranker.doc_terms[d] for g in asked)
                                      or (keeper and self.ranker.doc_roles[d] == GOALKEEPER_ONLY))

        if not asked or not any(meets(h) for h in hits[:5]):
            return hits
        # the case told and then changed is known to the asker: its clause is not the answer
        weight = CHANGED_CASE_WEIGHT if changed_case(query) else STORY_ONLY_WEIGHT
        out = [Hit(h.clause, h.score * (1.0 if n >= depth or meets(h) else weight))
               for n, h in enumerate(hits)]
        return sorted(out, key=lambda h: -h.score)

    def case_told_first(self, hits: list[Hit], query: str, depth: int = 5) -> list[Hit]:
        """For "what happens next?" after a story: of the first ``depth`` hits, a clause that opens with
        the very case told ("When the ball is covered by the goaltender, the defending team gets
        possession ...", ball hockey 13, for "Goalie covers the ball. What happens next?": every content
        word of its opening case said in the story, two at least) weighs :data:`CASE_TOLD_WEIGHT`."""
        story = sentences_and_asking(query)[0]
        if not story:
            return hits
        told = set().union(*(g for _, g in self.ranker.concepts(story)))
        out = []
        for n, h in enumerate(hits):
            case = premise_terms(h.clause.text) if n < depth else frozenset()
            out.append(Hit(h.clause, h.score * (CASE_TOLD_WEIGHT if len(case) >= 2 and case <= told else 1.0)))
        return sorted(out, key=lambda h: -h.score)

    def consequence_first(self, hits: list[Hit], query: str, depth: int = 3) -> list[Hit]:
        """For "what happens?", "what do I do?" after a story: when the best clause says what must be
        done and does not state a penalty ("On the buzzer/whistle, players must relinquish control of
        the puck", U9 9), a clause among the next ``depth`` that states one for the same act ("Failure
        to relinquish control of the puck ... may result in a penalty", U9 11: a word of the story in
        both) goes first, when it scores at least :data:`CONSEQUENCE_SHARE` of the best."""

        story = sentences_and_asking(query)[0]
        if not hits or not story or imposes_penalty(hits[0].clause.text):
            return hits
        top = hits[0]
        r = self.ranker
        told = [g for w, g in r.concepts(story) if w >= CONSEQUENCE_CONCEPT_IDF]
        d = r.doc_of.get(top.clause.id)
        shared = [g for g in told if d is not None and g & r.doc_terms[d]]
        for i, h in enumerate(hits[1:depth], 1):
            e = r.doc_of.get(h.clause.id)
            if (h.clause.ruleset == top.clause.ruleset and h.score >= CONSEQUENCE_SHARE * top.score
                    and imposes_penalty(h.clause.text) and not NOT_A_PENALTY.search(h.clause.text)
                    and e is not None and any(g & r.doc_terms[e] for g in shared)):
                return [Hit(h.clause, top.score)] + hits[:i] + hits[i + 1:]
        # ... else the clause of its rule that says what violating the rule brings ("my blocker came up
        # oversized. What happens to me now?": RHA 303 (g), "Violation of the goaltender equipment rule
        # will result in a minor penalty", for 303 (b)'s blocker size)
        failure = rule_failure(self.index, top.clause)
        if failure is not None:
            return [Hit(failure, top.score)] + [h for h in hits if h.clause.id != failure.id]
        return hits

    def story_term_defined(self, hits: list[Hit], query: str) -> list[Hit]:
        """For "what is he in the rules?" after a story that names a defined term in other words ("a
        forward is putting the pads on": FIRS's glossary "Temporary Goalkeeper", through the synonym
        list): the glossary entry of that term weighs QUOTED_TERM_WEIGHT more."""

        syn = load_synonyms()
        # the members of the groups of the synonym-list phrases of two words or more the query says; not a
        # one-way group's wider words ("on the pp" also searches "shorthanded": the team on the power play is
        # not the one short-handed)
        kin = {tuple(words(m)) for p in self.ranker.query_phrases(words(query)) if len(words(p)) > 1
               for gi in syn.by_phrase.get(tuple(words(p)), ()) if not syn.one_way(gi) for m in syn.groups[gi]}
        if not kin:
            return hits
        said = set(terms(query))
        if any(h.clause.kind == "definition" and {stem(w) for w in words(h.clause.title)} <= said for h in hits[:10]):
            return hits  # a defined term said outright is the one asked about ("goal cage", "power play")
        out = [Hit(h.clause, h.score * (QUOTED_TERM_WEIGHT if h.clause.kind == "definition"
                                        and tuple(words(h.clause.title)) in kin else 1.0)) for h in hits]
        return sorted(out, key=lambda h: -h.score)

    def pointer_followed(self, hits: list[Hit], query: str, intent: Intent) -> list[Hit]:
        """``hits`` with the rule a best clause points to first when that clause sends the reader there
        ("... the teams will proceed to a Shootout to determine a winner. (See 1.3 E)", FIRS 1.3 B •2;
        "Too many men: see 14.", ball hockey 36) and the question asks how it is done or a particular of
        it ("how do we run the shootout?", "how many shooters?"), or the clause says little else: of
        that rule and its sub-clauses, the one ranked highest (else the rule itself), then the pointing
        clause.  For a procedure, the pointing clause may be among the first :data:`POINTER_DEPTH` hits
        when it is a part of the best one's rule (FIRS 1.3 B •2 after 1.3 B •1), not another rule of a
        section, and the question names something of the rule pointed to that the best one does not.  A
        step of a list another clause announces (FIRS 9.3 G) never leads: the list answers.  Unchanged
        otherwise."""
        if not hits:
            return hits
        first = hits[0].clause
        for i, hit in enumerate(hits[:POINTER_DEPTH]):
            top = hit.clause
            up = self.index.get(top.parent) if i and top.parent else None
            if i and not (intent.procedure and up is not None and up.kind not in ("section", "document")
                          and top.parent in (first.parent, first.id)):
                # a later hit points on only as a part of the best one's rule (FIRS 1.3 B •2 next to •1,
                # 9.3 G next to 9.3 B), for a procedure; not any rule of a sheet's section
                continue
            target = pointed_to(self.index, top)
            if target is None:
                continue
            if self._announcer(top) is not None:
                # a step of a list another clause announces: the list answers ("how do we decide who places
                # higher?" asks FIRS 9.3 B's list, not the shoot-out its last step, 9.3 G, points to)
                continue
            if i:
                # ... and when the question names what the rule pointed to is about and the best hit does
                # not ("walk me through the shootout": 1.3 E's shoot-out, not 1.3 B •1's sudden death)
                named = set(terms(query)) & {t for c in self.index.subtree(target) for t in terms(f"{c.title} {c.text}")}
                if not named - set(terms(first.text)):
                    continue
            own = POINTER.sub(" ", top.text)
            if not (intent.procedure or ASKS_A_STEP.search(query) or len(terms(own)) <= POINTER_ALONE_TERMS):
                return hits
            inside = {c.id for c in self.index.subtree(target)}
            best = next((h for h in hits[1:] if h.clause.id in inside and h.clause.text), None)
            lead = best or (Hit(target, hits[0].score) if target.text else None)
            if lead is None:
                return hits
            # "still tied after the sudden death, walk me through the shootout": FIRS 1.3 B •1 (the
            # sudden death) is best, its next item points to 1.3 E, the shoot-out
            return [lead, hit] + [h for h in hits if h.clause.id not in (lead.clause.id, top.id)]
        return hits

    def _announcer(self, clause):
        """The earlier clause of the same rule that announces the list ``clause`` is a step of (FIRS 9.3 B,
        "... the team's position is determined as follows:", for 9.3 C-G), or None."""
        parent = self.index.get(clause.parent) if clause.parent else None
        if parent is None or parent.kind in ("section", "document"):
            return None
        sibs = self.index.children(parent)
        ids = [c.id for c in sibs]
        before = sibs[:ids.index(clause.id)] if clause.id in ids else []
        return next((c for c in reversed(before) if ends_announcing(c.text)), None)

    def note_of_the_case_first(self, hits: list[Hit], query: str, depth: int = 3) -> list[Hit]:
        """A NOTE of the best rule, among the next ``depth`` hits, before that rule when it has a concept of
        the question (idf at least CONSEQUENCE_CONCEPT_IDF) the rule lacks and scores at least
        NOTE_CASE_SHARE of it (the people named are no such concept): the case told ("his stick got
        tangled in their guy's jersey and he was called for holding the stick": RHA 621 (a) NOTE 2, "When
        a player's stick is caught in the ... sweater of his/her opponent, no penalty shall be assessed",
        before 621 (a))."""
        if not hits:
            return hits
        top = hits[0]
        r = self.ranker
        d = r.doc_of.get(top.clause.id)
        if d is None:
            return hits
        concepts: list[frozenset[str]] = []  # the question's rare concepts the rule lacks, read once
        for i, h in enumerate(hits[1:depth], 1):
            if h.clause.kind != "note" or h.clause.parent != top.clause.id or h.score < NOTE_CASE_SHARE * top.score:
                continue
            if not concepts:
                concepts = [g for w, g in r.concepts(query) if w >= CONSEQUENCE_CONCEPT_IDF
                            and not g & r.doc_terms[d] and not g & _role_stems()] or [frozenset()]
            e = r.doc_of.get(h.clause.id)
            if e is not None and any(g & r.doc_terms[e] for g in concepts):
                return [Hit(h.clause, top.score)] + hits[:i] + hits[i + 1:]
        return hits

    def prefer_first_item(self, hits: list[Hit]) -> list[Hit]:
        """For "what's the first tie-breaker": the first step of a list (:func:`list_of`) weighs
        FIRST_ITEM_WEIGHT more than it would (Challenge Cup U9 27 a "Head to Head" before 27 b "Goals
        Against"; FIRS 9.3 C, head-to-head, the first of the paragraphs 9.3 B announces)."""
        out = []
        for h in hits:
            steps = list_of(self.index, h.clause)
            out.append(Hit(h.clause, h.score * (FIRST_ITEM_WEIGHT if steps and steps[0].id == h.clause.id else 1.0)))
        return sorted(out, key=lambda h: -h.score)

    def next_item_first(self, hits: list[Hit], query: str, depth: int = 5) -> list[Hit]:
        """For "head-to-head doesn't separate them, so what's next?": of the first ``depth`` hits, a step
        of a list (:func:`list_of`) that the question tells, by its title (U9 27 a, "Head to Head") or,
        untitled, by words no other step of its list has (FIRS 9.3 C, "head-to-head"), gives its place to
        the step after it (27 b, "Goals Against"; 9.3 D), which goes first; ``hits`` unchanged when no
        such step is found."""
        if not _TIE_SAID.search(query):
            return hits  # "a kid took a stick to the head, what's next?" is no tie-break
        said = f" {' '.join(words(query))} "
        asked = set(terms(query))
        for h in hits[:depth]:
            c = h.clause
            steps = list_of(self.index, c)
            at = next((i for i, x in enumerate(steps) if x.id == c.id), None)
            if at is None:
                continue
            title = " ".join(words(c.title or ""))
            if title:
                told = f" {title} " in said
            else:
                # what the step decides by, not the case it starts from ("If a tie still results, ...")
                others = {t for x in steps if x.id != c.id for t in terms(x.text)}
                told = len(asked & (set(terms(_STEP_CONDITION.sub("", c.text, count=1))) - others)) >= STEP_TOLD_TERMS
            if not told:
                continue
            if at + 1 >= len(steps):
                return hits
            nxt = steps[at + 1]
            return [Hit(nxt, hits[0].score + 1.0)] + [x for x in hits if x.clause.id != nxt.id]
        return hits

    def named_topic_first(self, hits: list[Hit], query: str, depth: int = 10) -> list[Hit]:
        """For a bare topic named by a phrase of the synonym list and a few words more ("too many men on
        the floor"): the best of the first ``depth`` hits that has the longest phrase the question says,
        or one of its synonyms (RHA 205 (c) NOTE 1's "too many players"), goes first; "on the floor"
        is where, not what."""
        from rulebot.search.ranker import phrase_term

        r, syn = self.ranker, load_synonyms()
        phrases = [p for p in r.query_phrases(words(query)) if len(words(p)) > 1]
        longest = max((len(words(p)) for p in phrases), default=0)
        named = {phrase_term(m) if len(words(m)) > 1 else stem(m) for p in phrases if len(words(p)) == longest
                 for gi in syn.by_phrase.get(tuple(words(p)), ()) for m in syn.groups[gi]}
        if not named:
            return hits
        keeper = roles(query) == GOALKEEPER_ONLY
        for i, h in enumerate(hits[:depth]):
            d = r.doc_of.get(h.clause.id)
            if keeper and excludes_goalkeeper(h.clause.text):
                continue  # "goalie covers the puck": not "a defending player, except the goalkeeper, falls on ..."
            if d is not None and named & r.doc_terms[d]:
                return hits if i == 0 else [Hit(h.clause, hits[0].score)] + hits[:i] + hits[i + 1:]
        return hits

    def asked_class_first(self, hits: list[Hit], query: str) -> list[Hit]:
        """For a question that asks about one penalty class of a rule ("fighting - what about a minor?",
        "is there a minor for fighting?"): of the best hit's rule, its first clause whose call is of that
        class goes first (FIRS 6.4.19 C, "A Minor Penalty shall be imposed on a player who having been
        struck shall retaliate", over 6.4.19 B's major).  Unchanged when the best hit's call is of that
        class already, or none of its rule's is."""
        m = _ASKS_CLASS.search(query)
        if not m or not hits:
            return hits
        asked = (m.group(1) or m.group(2)).lower()
        pattern = re.compile(rf"(?<!bench )(?<!double )(?<!game )\b{re.escape(asked)}(?: penalty|penalties)\b", re.I)
        top = hits[0].clause
        if pattern.search(top.text):
            return hits
        rule = self.index.get(rule_of(self.index, top) or "")
        if rule is None:
            return hits
        lead = next((c for c in self.index.subtree(rule) if c.kind in ("paragraph", "item") and c.text
                     and pattern.search(c.text) and imposes_penalty(c.text)), None)
        if lead is None:
            return hits
        return [Hit(lead, hits[0].score)] + [h for h in hits if h.clause.id != lead.id]

    def titled_rule_first(self, hits: list[Hit], query: str, depth: int = 10) -> list[Hit]:
        """For a bare topic that is a rule's title ("boarding": FIRS 6.4.13 Boarding, not 6.4.26 B's
        checking from behind "into the boards"; "holding": RHA 620 HOLDING AN OPPONENT before 621
        HOLDING AN OPPONENT'S STICK): of the first ``depth`` hits, the best one from the rule whose title
        has every word of the topic and the fewest others goes first.  Unchanged when no title has them."""
        from rulebot.search.ranker import WEAK_STEMS

        topic = set(terms(query)) - WEAK_STEMS
        if not topic:
            return hits
        best = None  # (words the title has besides the topic, place in hits)
        for i, h in enumerate(hits[:depth]):
            rule = self.index.get(rule_of(self.index, h.clause) or "")
            title = set(terms(rule.title)) if rule is not None and rule.title else set()
            if topic <= title and (best is None or len(title - topic) < best[0]):
                best = (len(title - topic), i)
        if best is None:
            return hits
        # the rule's basic case: its first clause that imposes a penalty (RHA 601 (a), not 601 (b)'s
        # shot after the whistle), else the best hit from it
        rule = self.index.get(rule_of(self.index, hits[best[1]].clause) or "")
        # (not the penalty for breaking a procedure's other clauses: RHA 641 (d) "Any violations of the
        # above rule ..." under TIME OUTS)
        lead = next((c for c in self.index.subtree(rule) if c.kind in ("paragraph", "item") and c.text
                     and imposes_in_a_sentence(c.text) and not FAILURE.match(c.text)), None) if rule is not None else None
        lead = lead or hits[best[1]].clause
        if lead.id == hits[0].clause.id:
            return hits
        return [Hit(lead, hits[0].score)] + [h for h in hits if h.clause.id != lead.id]

    def general_case_first(self, hits: list[Hit], query: str = "") -> list[Hit]:
        """For a bare topic ("fighting", "too many men", "is body checking allowed"): of the best
        :data:`BARE_DEPTH` hits from the rule the best hit sits in, the first that imposes a penalty (the
        rule's general case, RHA 615 (a) "A major penalty and automatic game misconduct ...") goes first,
        before its special cases (615 (d) gloves dropped; 205 (c) NOTE 3 in the last two minutes).  A
        NOTE's own sub-clause counts as found with it; a penalty-index row speaks for its rule."""
        if not hits:
            return hits
        top = hits[0].clause
        if top.kind == "table-row":  # a penalty-index row speaks for its rule ("Too many players 6.4.6")
            top = row_rule(self.index, top) or top
        rule = rule_of(self.index, top)
        if rule is None:
            return hits
        up = self.index.get(top.parent) if top.kind == "item" and top.parent else None
        if up is not None and introduces_list(up.text) and imposes_penalty(up.text):
            return hits  # an item of a list whose opening gives the call (RHA 601 (d) 4 under 601 (d))
        found = [h.clause for h in hits[:BARE_DEPTH] if rule_of(self.index, h.clause) == rule]
        found += [p for c in found if c.kind == "note" and (p := self.index.get(c.parent or "")) is not None
                  and p.text and rule_of(self.index, p) == rule]
        special = bool(query) and self.unmet_state(hits[0].clause, query)
        if special:
            # the top clause is for a game state the question does not name ("If in the last two
            # minutes ..., a penalty shot", FIRS 6.4.6 C for "too many men on the floor"): the rule's
            # general call comes first even when it words the topic otherwise (6.4.6 A "A Bench Minor
            # Penalty shall be assessed for violation of any section of clause 5.5.4")
            found += [c for c in self.index.subtree(self.index.get(rule)) if c.text and c.kind != "note"]
        # the first call found in that rule; a rule on equipment or procedure has no general case ("quad
        # skates" is RHA 302 (e), not 302 (a) on projections), and a rule on several things has its call
        # for the one asked among the best hits (RHA 601 (d) 6 for abuse of officials, not 601 (b))
        first = min((c for c in found if imposes_in_a_sentence(c.text)), key=lambda c: c.order, default=None)
        if first is None or first.id == hits[0].clause.id:
            return hits
        # a rule found through its NOTE scores as the NOTE did (RHA 205 (c) through NOTE 1's "too many players")
        own = max((h.score for h in hits if h.clause.id == first.id
                    or (h.clause.kind == "note" and h.clause.parent == first.id)), default=0.0)
        if not special and own < GENERAL_SHARE * hits[0].score:
            return hits  # "player swears at the ref": RHA 601 (b), shooting after the whistle, is no case of it
        if (query and not special and hits[0].clause.parent != first.id
                and self._says_more(hits[0].clause, first, query)):
            return hits  # "defender falls on the puck in the crease": the crease case, FIRS 6.4.18 B
        return [Hit(first, hits[0].score)] + [h for h in hits if h.clause.id != first.id]

    def _says_more(self, special, general, query: str) -> bool:
        """True when clause ``special`` has a word of ``query`` itself (stemmed, idf 2 or more) that
        ``general`` lacks, also as a synonym ("crease" in FIRS 6.4.18 B, not in 6.4.18 A)."""
        r = self.ranker
        a, b = r.doc_of.get(special.id), r.doc_of.get(general.id)
        if a is None or b is None:
            return False
        own = set(terms(query))
        return any(w >= 2.0 and own & group & r.doc_terms[a] and not group & r.doc_terms[b]
                   for w, group in r.concepts(query))

    def topic_said(self, hits: list[Hit], query: str, scope: set[str] | None) -> list[Hit]:
        """For a topic named in ``query`` that a rulebook states without naming it (:func:`_topic_said`:
        "is there a mercy rule?" and a sheet's "A team leading by 7 goals or more will play running
        time"): the clauses that state it first, at the best hit's score."""
        said = [(topic, pat) for topic, pat in _topic_said().items() if re.search(rf"\b{topic}\b", query, re.I)]
        if not said:
            return hits
        top = hits[0].score if hits else 1.0
        # ... in a rulebook that never names the topic ("power play" at the U9 tournament: "the team will
        # play even strength"); one that names it is searched for the name as any question is
        found = list(dict.fromkeys(c for rid in sorted(scope or self.index.rulesets) for topic, _ in said
                                   for c in self._stating_unnamed(rid, topic)))
        ids = {c.id for c in found}
        return [Hit(c, top) for c in found] + [h for h in hits if h.clause.id not in ids]

    def _stating_unnamed(self, rid: str, topic: str) -> tuple[Clause, ...]:
        """The clauses of ruleset ``rid`` that state ``topic`` (a key of :func:`_topic_said`) in their own
        words, in rulebook order; none when the rulebook names the topic (worked out once per searcher and
        index)."""
        def stating() -> tuple[Clause, ...]:
            if re.search(rf"\b{topic}\b", self._texts({rid})):
                return ()
            pattern = _topic_said()[topic]
            return tuple(c for c in self.index.by_ruleset(rid) if c.text and pattern.search(c.text))

        return kept(self, "_topic_stating", (rid, topic, len(self.index.clauses)), stating, TOPIC_STATING_KEPT)

    def unmet_state_later(self, hits: list[Hit], query: str, depth: int = 10) -> list[Hit]:
        """A clause for a game state the question does not name (:meth:`unmet_state`) weighs
        UNMET_STATE_WEIGHT: "goalie covers the ball, how do we restart" is ball hockey 13, not 42
        "When the penalized team's goalie freezes the ball ..." (a power play)."""
        if not any(_opening_states(h.clause.text) for h in hits[:depth]):
            return hits
        asked = self._asked_stems(query)
        out = [Hit(h.clause, h.score * (UNMET_STATE_WEIGHT if n < depth and _unmet(_opening_states(h.clause.text), asked)
                                        else 1.0))
               for n, h in enumerate(hits)]
        return sorted(out, key=lambda h: -h.score)

    def unmet_state(self, clause, query: str) -> bool:
        """True when ``clause`` opens on a game state (:data:`GAME_STATE`: a power play, the last minutes,
        an empty net: "If in the last two minutes of regular playing time ...,") that ``query`` does not
        name, by a word or a synonym of it."""
        states = _opening_states(clause.text)
        return bool(states) and _unmet(states, self._asked_stems(query))

    def _asked_stems(self, query: str) -> set[str]:
        return set(terms(query)).union(*(g for _, g in self.ranker.concepts(query)))

    def asked_verb_first(self, hits: list[Hit], query: str, depth: int = 10) -> list[Hit]:
        """For "who serves it?", "who takes the shot?": a clause without the verb asked about (or a
        synonym of it) weighs :data:`FOCUS_WEIGHT` (FIRS 6.4.7 A, a goalkeeper's minor, does not say who
        serves a goalkeeper's minor; 6.1.2 B does)."""
        m = _ASKED_VERB.search(query)
        if not m or not hits:
            return hits
        focus = [g for _, g in self.ranker.concepts(m.group("verb")) if g]
        if not focus:
            return hits
        out = []
        for n, h in enumerate(hits):
            w = 1.0
            d = self.ranker.doc_of.get(h.clause.id)
            if n < depth and d is not None and not any(g & self.ranker.doc_terms[d] for g in focus):
                w = FOCUS_WEIGHT
            out.append(Hit(h.clause, h.score * w))
        return sorted(out, key=lambda h: -h.score)

    def rules_of_rows(self, hits: list[Hit], query: str, depth: int = 10) -> list[Hit]:
        """For a penalty question: a penalty-index row found among the best hits ("Tripping 6.4.33 A
        2'") speaks for the rule it summarises, which scores as well as the row times ROW_RULE_WEIGHT,
        scaled by the share of the row's description words ``query`` says, from ROW_FLOOR (FIRS 6.4.33 A,
        whose own text never says "tripping")."""
        best = {h.clause.id: h.score for h in hits}
        groups: list[frozenset[str]] = []
        for h in hits[:depth]:
            rule = row_rule(self.index, h.clause) if h.clause.kind == "table-row" else None
            if rule is None:
                continue
            if not groups:
                groups = [g for _, g in self.ranker.concepts(query)] or [frozenset()]
            said = [t for t in terms(h.clause.text) if len(t) > 2 and not any(ch.isdigit() for ch in t)]
            share = sum(1 for t in said if any(t in g for g in groups)) / len(said) if said else 1.0
            weight = ROW_RULE_WEIGHT * (ROW_FLOOR + (1 - ROW_FLOOR) * share)
            if best.get(rule.id, 0.0) < h.score * weight:
                best[rule.id] = h.score * weight
                if rule.id not in {x.clause.id for x in hits}:
                    hits = hits + [Hit(rule, 0.0)]
        out = [Hit(h.clause, best[h.clause.id]) for h in hits]
        return sorted(out, key=lambda h: -h.score)

    def prefer_basic_case(self, hits: list[Hit], query: str) -> list[Hit]:
        """For "what's the penalty for X": the rule's basic case before its aggravated forms.

        Rulebooks state the ordinary penalty first (FIRS 6.4.30 A "A Minor Penalty or ... a Major
        Penalty and a Game Misconduct") and then the aggravated ones (6.4.30 B "...causing injury",
        RHA 635 (d) "may also be treated as a match penalty").  Unless the question itself speaks of
        injury, an attempt, or the harsher penalty, the first penalty-stating sub-clause of a rule is
        weighed up and the aggravated ones down."""
        q = query.lower()
        choice = bool(_CLASS_CHOICE.search(q))
        asks_major = bool(_ASKS_MAJOR.search(q)) and not choice
        # "on a breakaway" tells a chance to score, no injury; "no injury tho" tells none
        told = _aggravations(q, negate=True)
        fouls_asked = self._fouls_asked(query)  # the basic case weighed up is of the foul asked after a story
        read: list[list[frozenset[str]]] = []  # the question's concepts, read once and only when needed

        def own_concepts() -> list[frozenset[str]]:
            if not read:
                read.append([g for _, g in self.ranker.concepts(query) if not g <= WEAK_STEMS])
            return read[0]

        def own_case(c) -> bool:
            return self._own_case(c, own_concepts())

        out = []
        for h in hits:
            c, w = h.clause, 1.0
            if c.kind in ("note", "situation"):
                # a clarification, not the rule that sets the penalty; but the NOTE written for the case
                # told weighs up too, if less than the rule's basic case (RHA 621 (a) NOTE 2, a stick caught
                # in a sweater)
                w *= NOTE_OF_THE_CASE_WEIGHT if self._note_of_the_case(c, own_concepts()) else 0.85
            kinds = _aggravations(c.text) if c.kind in ("paragraph", "item") and c.parent and not asks_major else None
            if kinds:
                # an aggravated form the question does not tell ("injures an opponent by hooking", RHA 622
                # (b), for a hook on a breakaway), unless it is the case told
                w *= 1.0 if kinds & told or own_case(c) else 0.8
            elif kinds is not None and not told:
                if (self._first_penalty_child(c) and (not choice or self._title_said(c, query))
                        and self._clause_says_any(c, fouls_asked)):
                    # the rule's first penalty is its basic case, a match penalty too (6.4.28 A); with the classes
                    # offered to choose from, that of the foul named ("is tripping a minor or a major?": RHA 642 (a))
                    w *= BASIC_CASE_WEIGHT
                elif _MATCH.search(c.text) and not own_case(c):
                    w *= 0.8  # "... may be assessed a match penalty" after the basic case
            out.append(Hit(c, h.score * w))
        return sorted(out, key=lambda h: -h.score)

    def prefer_numbered_subject(self, hits: list[Hit], query: str, question: str = "",
                                depth: int = 20, call_asked: bool = False) -> list[Hit]:
        """For "how long are periods": a clause that puts a number next to what is asked about ("two
        periods of twenty (20) minutes", FIRS 1.2 A) before one that only mentions both apart ("one
        time out of one-minute duration per period", 1.2 B): the asked word within three words of a
        number; a clause with no number at all weighs less (it cannot say how long).  When ``question``
        asks for a time ("how long can he hold it") or a distance ("how far back"), a clause none of whose
        numbers is of that unit weighs UNIT_MISS_WEIGHT when the question's first part asks so ("ten
        minutes to dress", FIRS 6.1.5 B, before "six (6) floor players", 3.1.1 A), and a number of the other
        unit next to the asked word gains nothing ("how long can he keep it in his glove": FIRS 3.2.5 C's
        centimetres).  An overtime clause gains nothing for a question that asks no extra time ("how long
        are the halves") and weighs NO_NUMBER_WEIGHT when it gives no number ("No time-outs ... during an
        overtime period" for "how many time-outs").  With ``call_asked`` (the question asks the call), a first hit
        that is the basic case of the rule whose title the question says counts as stating its length ("how long
        is the penalty for tripping": RHA 642 (a), "A minor penalty shall be imposed ...", whose minutes the
        answer gives, not 403 (a)'s "major penalties may be either 4 or 5 minutes")."""

        first = question_parts(question)[0] if question else ""  # "How do we restart, and how close ...": a place
        units = (_TIME_UNITS if _ASKS_TIME.search(first) else
                 _DISTANCE_UNITS if _ASKS_DISTANCE.search(first) else None)

        other = _DISTANCE_UNITS if units is _TIME_UNITS else _TIME_UNITS
        # the question's own words, everyday ones too ("penalties are 1 minute long"), not far synonyms nor
        # what the learned table adds ("trying to plan when to burn it": no period asked)
        said = [qt.term for qt in self.ranker.query_terms(query) if qt.weight >= WEAK_WEIGHT and not qt.learned]
        asked = set(said) - _UNIT_STEMS
        # ... and, for "how long / how far", the synonym list's phrases for it, word by word in a row
        # ("how long is overtime": "a 10 minute sudden death play-off", FIRS 1.3 B •1)
        phrases = {p for t in said if t.startswith("~") and " " in t and units
                   for p in [tuple(t[1:].split())] if not set(p) & _UNIT_STEMS}
        if not asked:
            return hits
        # "how long should a penalty be?" after "he's running two-minute penalties": the penalty's length,
        # not the minutes of whatever else the question tells
        subject = _LENGTH_OF.search(question or query)
        if subject:
            asked = set().union(*(g for _, g in self.ranker.concepts(subject.group(1)))) - _UNIT_STEMS or asked
        sized = _SIZE_OF.search(question or query)
        sized_terms = (set().union(*(g for _, g in self.ranker.concepts(sized.group(1)))) - _UNIT_STEMS) if sized else set()
        extra_asked = bool(_EXTRA_TIME.search(query) or _EXTRA_TIME.search(question))
        out = []
        for n, h in enumerate(hits):
            w = 1.0
            if n < depth:
                stems, nums, at, places, extra_time = _number_facts(h.clause.text)
                # a number is not what is asked about ("do we get like 2 of them")
                near = [i for x in asked for i in places.get(x, ()) if i not in nums]
                near.sort()
                near += [i + k for p in phrases for i in places.get(p[0], ())
                         if stems[i:i + len(p)] == p for k in range(len(p))]
                if sized_terms and not any(x in places for x in sized_terms):
                    w = SUBJECT_MISS_WEIGHT  # "how big is the crease": not the rink's size (FIRS 2.1 C)
                elif not extra_asked and extra_time:
                    # "how long are the halves": an overtime period's minutes are not the halves'; "No
                    # time-outs shall be allowed during an overtime period" says no number at all
                    w = 1.0 if nums else NO_NUMBER_WEIGHT
                elif units and not _has_unit(h.clause.text, units) and _has_unit(h.clause.text, other):
                    pass  # "how long can he keep it in his glove": the glove's centimetres are no time
                elif any(abs(at[i] - at[j]) <= 3 for i in nums for j in near):
                    w = NUMBERED_SUBJECT_WEIGHT
                elif (n == 0 and call_asked and h.clause.kind != "note" and self._first_penalty_child(h.clause)
                      and self._title_said(h.clause, query)):
                    w = NUMBERED_SUBJECT_WEIGHT
                elif not nums and not _says_none(h.clause.text, asked):
                    # "how long is overtime": a clause with no number cannot say; one that says there is
                    # none can ("There are no time-outs in the Tournament", U9 4)
                    w = NO_NUMBER_WEIGHT
                if nums and units and not _has_unit(h.clause.text, units):
                    w *= UNIT_MISS_WEIGHT
            out.append(Hit(h.clause, h.score * w))
        out.sort(key=lambda h: -h.score)
        if len(out) > 1 and out[1].score >= SAME_FACT_SHARE * out[0].score:
            # the same measure told twice ("the crease (1 meter in front of the net)", ball hockey 34 and
            # 35 ¶2): where the rulebook first tells it
            a, b = (_MEASURE.findall(h.clause.text.lower()) for h in out[:2])
            doc_of = self.ranker.doc_of
            if a and set(a) == set(b) and doc_of.get(out[1].clause.id, 0) < doc_of.get(out[0].clause.id, 0):
                out[0], out[1] = out[1], out[0]
        return out

    def _title_said(self, clause, query: str) -> bool:
        """Whether the question says the title of ``clause``'s rule ("Tripping", RHA 642), every content
        word of it, by index terms."""
        rule = self.index.get(rule_of(self.index, clause) or "")
        title = set(terms(rule.title)) if rule is not None and rule.title else set()
        return bool(title) and title <= {qt.term for qt in self.ranker.query_terms(query)}

    @staticmethod
    def _fouls_asked(query: str) -> list[set[str]]:
        """The stems of each foul the part of ``query`` asking after a story (:func:`sentences_and_asking`)
        names (:func:`fouls_told`); [] when it tells no story or its asking part names no foul.  "...
        received only a minor for roughing. We protest. What penalty does FIRS prescribe for kicking?"
        asks of kicking (FIRS 6.4.15 C), not of the complaint about a penalty its story tells (6.4.2 A);
        "Kid kicked at an opponent. What's the penalty?" of the story's foul."""
        story, asking = sentences_and_asking(query)
        return [set(terms(f)) for f in fouls_told(asking)] if story and asking else []

    def _clause_says_any(self, clause, fouls: list[set[str]]) -> bool:
        """True when ``fouls`` is empty or ``clause`` or its rule says one of them (by index terms)."""
        if not fouls:
            return True
        said: set[str] = set()
        for c in (clause, self.index.get(clause.parent) if clause.parent else None):
            d = self.ranker.doc_of.get(c.id) if c is not None else None
            if d is not None:
                said |= self.ranker.doc_terms[d]
        return any(f & said for f in fouls)

    def _own_case(self, clause, concepts: list[frozenset[str]]) -> bool:
        """Whether ``clause`` meets a concept of the question that its rule's basic case
        (:meth:`_basic_case`) does not: the case the question tells of ("two guys tangled up, one swings
        his stick at the other": FIRS 6.4.30 C, "... in the course of any altercation", not 6.4.30 A's
        slashing)."""
        basic = self._basic_case(clause)
        return basic is not None and basic.id != clause.id and self._meets_beyond(clause, basic, concepts)

    def _meets_beyond(self, clause, other, concepts: list[frozenset[str]]) -> bool:
        """Whether ``clause`` meets a concept of the question that ``other`` does not (by index terms)."""
        d, o = self.ranker.doc_of.get(clause.id), self.ranker.doc_of.get(other.id)
        if d is None or o is None:
            return False
        own, base = self.ranker.doc_terms[d], self.ranker.doc_terms[o]
        return any(g & own and not g & base for g in concepts)

    def _note_of_the_case(self, clause, concepts: list[frozenset[str]]) -> bool:
        """Whether a NOTE or Situation meets a concept of the question that the clause it notes does not:
        the case it is written for ("... they have a bye in the next round": FIRS 6.4.19 F NOTE, "If the
        suspended player's team draws a bye ...", not only 8.2 A's suspension for the next game)."""
        parent = self.index.get(clause.parent) if clause.parent else None
        return parent is not None and self._meets_beyond(clause, parent, concepts)

    def _basic_case(self, clause):
        """The first clause under ``clause``'s parent that imposes a penalty (the rule's basic case), or None."""
        parent = self.index.get(clause.parent) if clause.parent else None
        if parent is None:
            return None
        return next((sib for sib in self.index.children(parent) if imposes_penalty(sib.text)), None)

    def _first_penalty_child(self, clause) -> bool:
        basic = self._basic_case(clause)
        return basic is not None and basic.id == clause.id

    def ask(self, question: str, ruleset: str | None = None, limit: int = 5) -> Answer:
        """Answer ``question``: a short answer from the best clause and up to ``limit`` citations.

        The answer does not depend on ``limit``: with fewer than :data:`ANSWER_DEPTH` citations asked
        for, it is worked out from that many and only the citations shown are cut.
        Raises UsageError for an empty question or an unknown ruleset."""
        if not question or not question.strip():
            raise UsageError("the question is empty")
        if limit < ANSWER_DEPTH:
            full = self.ask(question, ruleset, ANSWER_DEPTH)
            return replace(full, citations=full.citations[:limit], see_also=full.see_also[:limit])
        asked, question = question, respell(question, self.shorthand_kept(question, self.check_ruleset(ruleset)))
        question = multiple_choice(question) or question  # "... A) minor B) major C) ... Which is right?"
        question = without_letter_frame(question)  # "Dear Rules Committee, ... Kind regards, J. Novak"
        question = without_purpose(question)  # "For our protest, what does each rulebook allow ...?"
        question = without_reporting_frame(question)  # "Ref on rink 2 asks how long a minor is"
        question = self.typos_fixed(question)  # "how long is the penatly": the penalty, for every reader
        ruleset = self.check_ruleset(ruleset)
        pq = self.parsed(question, ruleset)
        named = pq.rulesets
        # the rulebook the question names wins over the one selected ("what's the penalty for spearing
        # in FIRS" with RHA selected is answered from FIRS, and says so)
        target = named[0] if len(named) == 1 else ruleset
        rs = self.index.rulesets.get(target or "")
        if rs is not None and rs.base and rs.base in self.index.rulesets:
            # A tournament sheet over the rules it amends: its own rules first, the base's after,
            # each citation labelled with its layer (issue 7). Named in the question ("what's the
            # penalty for hooking in the fall cup"), it is asked as if selected.
            from rulebot.layering import layered_answer

            answer = layered_answer(self.index, self._ask_one, question if target == ruleset else pq.text or question,
                                    rs.id, limit)
        else:
            answer = self._ask_one(question, ruleset, limit)
            if not pq.clauses and len(named) < 2:
                answer = self.answer_parts(answer, question, target, limit)
            if target != ruleset:
                answer = replace(answer, ruleset=target)
        if ruleset is not None and target is not None and target != ruleset:
            said, chosen = self.index.rulesets[target].short_name, self.index.rulesets[ruleset].short_name
            answer = replace(answer, answer=f"{answer.answer} (Answered from {said}, which the question "
                                            f"names, not {chosen}, the ruleset selected.)")
        # each clause cited once, where it first comes (a signal told in its own rule, a rulebook's
        # clause quoted for two parts of a comparison)
        once: dict[tuple[str, str], Citation] = {}
        for c in answer.citations:
            once.setdefault((c.ruleset, c.clause_id or c.rule), c)
        if len(once) < len(answer.citations):
            answer = replace(answer, citations=tuple(once.values()))
        # the question as it was typed, also when a rulebook named in it was taken out to layer it
        return replace(answer, question=asked) if answer.question != asked else answer

    def _ask_one(self, question: str, ruleset: str | None = None, limit: int = 5,
                 compare: bool = True) -> Answer:
        """:meth:`ask` for one ruleset (or all), without layering (``compare=False``: never split the
        question into one line per ruleset)."""
        if not question or not question.strip():
            raise UsageError("the question is empty")
        ruleset = self.check_ruleset(ruleset)
        intent = classify(question)
        pq = self.parsed(question, ruleset)
        if compare and not pq.clauses and (len(pq.rulesets) >= 2 or (ruleset is None and intent.compare)):
            return self.compare(question, pq.rulesets or tuple(self.index.rulesets), intent, limit)
        if compare and not pq.clauses and ruleset is None and not pq.rulesets and intent.number:
            # "how long are periods" with no rulebook selected or named: each rulebook's number, as for
            # "in each ruleset" (the best-matching one alone may be the U9 tournament's); one "not
            # covered" when none says ("how much does a referee get paid")
            # the rulebook the question matches best first (the asker's, when the question names a thing
            # only it has: "the winning goal contest", "two groups of five teams"), then the others in
            # the order their clauses come in the search
            found = [h.clause.ruleset for h in self.ranker.search(pq.text or question, None, COMPARE_ORDER_DEPTH)]
            order = tuple(sorted(self.index.rulesets, key=lambda r: found.index(r) if r in found else len(found)))
            answer = self.compare(question, order, intent, limit)
            if answer.answered:
                return answer
        if compare and pq.clauses:
            checked = self.cited_rule_checked(question, ruleset, pq, limit)
            if checked is not None:
                return checked
        scope = set(pq.rulesets) or ({ruleset} if ruleset else set(self.index.rulesets))
        left = pq.text
        for number in pq.unknown:
            left = left.replace(number, " ")
        if pq.unknown and not _RULE_WORDS.sub(" ", left).split():
            # only a rule number, and no such rule: say so rather than search its digits
            names = ", ".join(self.index.rulesets[r].short_name for r in sorted(scope))
            return Answer(question, ruleset, f"No rule {', '.join(pq.unknown)} in the {names} rules.", (),
                          answered=False)
        if not pq.clauses and self.unreadable(pq.text or question):
            # "x", "%s {0}", "lorem ipsum dolor sit amet": nothing a rulebook could answer
            return Answer(question, ruleset, "Not covered: that question has no words a rulebook uses; ask it "
                          "in words, e.g. \"how long is a minor penalty\".", (), answered=False)
        if intent.signal and not pq.clauses and not self._has_signals(scope):
            return replace(self._signals_elsewhere(question, scope, intent, limit), ruleset=ruleset)
        classes = self.class_question(_first_asked(pq.text or question), scope) if not pq.clauses else []
        answer = self.class_answer(question, ruleset, classes, limit) if classes else None
        if answer is not None:
            return answer
        hits = self.search(question, ruleset, limit)
        # a signal told and then another asked ("Elbowing is tapping the elbow - and if it was kneeing?"):
        # the one asked
        changed = changed_case(pq.text or question)
        signal_asked = changed[1] if changed else pq.text or question
        if intent.signal and not changed and not pq.clauses:
            # two signals named, one asked ("Kneeing vs tripping: both are the hand and the knee. What exactly is
            # the tripping signal so I don't show kneeing by mistake?"): the one the asking part names
            signal_asked = self.signal_asked_of_two(signal_asked, scope)
        if changed and not intent.signal and _GESTURE_TOLD.search(changed[0]) and classify(changed[0]).signal:
            # "Misconduct is both hands on the hips - what about a penalty shot?": that one's signal
            intent = replace(intent, signal=True)
        if intent.signal and not pq.clauses:
            hits = self.signal_hits(signal_asked, scope, hits, limit)
            hits = self.signal_asked_over_play(signal_asked, next(iter(scope)) if len(scope) == 1 else ruleset,
                                               hits, limit)
        if not pq.clauses:
            hits = self.duty_case_matched(self.gesture_item_matched(hits, signal_asked), signal_asked)
        unsignalled = ""
        if intent.signal and not pq.clauses:
            asked, named = self.signal_named(signal_asked, scope)
            given = _CALL_GIVEN.search(signal_asked) if not asked else None
            if given is not None:
                # "Breakaway guy hauled down from behind and I'm giving the penalty shot. What do I show?": the
                # call given, when a signal is named so, not the play's (hooking)
                call = self.signal_named(f"the signal for {given.group('x')}?", scope)[1]
                named = call if call is not None and not call.official else named  # no goal judge's "shot"
            clause = self.index.get(named.clause_id) if named is not None else None
            if clause is not None and hits and hits[0].clause.id != clause.id:
                # the signal named ("the signal for Change of Players"), not the nearest gesture
                hits = [Hit(clause, hits[0].score)] + [h for h in hits if h.clause.id != clause.id]
            unsignalled = asked if asked and named is None else ""
        if unsignalled:
            # "what's the signal for slew footing?": no signal of that name; not the nearest gesture
            # (Misconduct's hands on hips), but the rule on it, and that its signal list has none
            hits = ([h for h in hits if h.clause.kind != "signal"]
                    or [h for h in self.search(unsignalled, ruleset, limit + 5) if h.clause.kind != "signal"][:limit])
            # the rule of the rulebook whose signal list was looked in first (FIRS 6.4.6 A for "the signal
            # for too many men" asked of every rulebook), then the others'
            listed = {rid for rid in scope if self._has_signals({rid})}
            own = [h for h in hits if h.clause.ruleset in listed]
            if listed and not own and len(scope) > 1:
                own = [h for rid in sorted(listed) for h in self.search(unsignalled, rid, limit)
                       if h.clause.kind != "signal"][:2]
            hits = own + [h for h in hits if h.clause.ruleset not in listed]
            intent = replace(intent, signal=False)
        cites = tuple(citation(self.index, h.clause, h.score) for h in hits)
        here = told_of_here(pq.text or question)
        missing = self.uncovered_terms(here, scope) if not pq.clauses else []
        if not missing and not pq.clauses and intent.penalty:
            missing = self.unknown_foul(here)
        aside = [] if pq.clauses or missing else self.uncovered_terms(here, scope, load_synonyms().around)
        if missing and intent.signal and hits and hits[0].clause.kind == "signal":
            # a gesture the signal list describes, seen somewhere the rulebook never names ("in the
            # clinic video the referee rests his hand on his knee"): the signal, the rest an aside
            missing, aside = [], missing
        if aside and self.rule_matters(pq.text or question) <= AROUND_ALONE:
            missing, aside = aside, []  # "can a player wear a GoPro on his helmet?"
        if missing and _OPEN_ALTERNATIVE.search(question) and self.rule_matters(
                _without_words(pq.text or question, missing)) >= OPEN_GUESS_REST:
            # a topic offered as one guess of an open question ("our goalie is stuck in traffic: do we
            # forfeit, or what happens?"): what the rules say of the rest, the topic an aside
            missing, aside = [], aside + missing
        play = _without_words(pq.text or question, missing) if missing and hits else ""
        if (play and all(_CLASS_NAME.fullmatch(m) for m in missing) and self.rule_matters(play) >= CLASS_GUESS_REST
                and self.things_said(play, hits[0]) >= CLASS_GUESS_SAID):
            # a penalty class the rulebook does not have, guessed for a play told ("Major? Stick came up
            # and caught him in the mouth, blood everywhere." in the ball-hockey league): the call the
            # rulebook makes for the play, the class an aside
            missing, aside = [], aside + missing
        if missing and intent.penalty and len(scope) == 1 and self.infractions_named(missing):
            hits, missing = [], []  # "what's the penalty for tripping" at the U9 tournament, as below
        elif (not missing and intent.penalty and len(scope) == 1 and not pq.clauses and hits
              and not _OF_PENALTIES.search(hits[0].clause.text)
              and not any(imposes_penalty(h.clause.text) for h in hits[:3]) and self.fouls_unnamed(here, scope)):
            hits = []  # "kid trips a guy on a rush, what's the pen?" at the U9 tournament, as below
        if not hits and not missing and intent.penalty and len(scope) == 1:
            # an infraction the rulebook never names ("I called a trip" at the U9 tournament): what its
            # rules say about penalties in general, said as such
            rid = next(iter(scope))
            general = self.search("penalty penalties", rid, limit)
            if general:
                name = self.index.rulesets[rid].short_name
                quoted: list = []
                text = (f"The {name} rules do not name that infraction; what they say about penalties: "
                        + short_answer(self.index, general, "penalty", None, quoted))
                general = general[:1] + [Hit(c, general[0].score) for c in quoted] + general[1:]
                cites = tuple(citation(self.index, h.clause, h.score) for h in general[:limit])
                return Answer(question, ruleset, text, cites, extra={"infraction_unnamed": True})
        if not hits and not missing:
            # nothing in the rulebooks asked matches a word of the question ("embellishment" in FIRS):
            # not covered there, with what the other rulebooks say
            names = ", ".join(self.index.rulesets[r].short_name for r in sorted(scope))
            text = f"Not covered: nothing in the {names} rules matches that question."
            others = set(self.index.rulesets) - scope
            seen = tuple(citation(self.index, h.clause, h.score)
                         for h in (self.ranker.search(pq.text or question, others, limit) if others else ()))
            if seen:
                text += " What other rulebooks say is listed under see also."
            return Answer(question, ruleset, text, (), answered=False, see_also=seen)
        if missing and intent.number:
            # "Kid gets a major for boarding. How long does he sit?" where boarding is never named:
            # what the rulebook says of the class asked about, said as such
            named = self.classes_named(question, scope)
            answer = self.class_answer(question, ruleset, named, limit) if named else None
            if answer is not None:
                names = ", ".join(self.index.rulesets[r].short_name for r in sorted(scope))
                asked = " and ".join(dict.fromkeys(f"a {pc.name}" for pc in named))
                return replace(answer, answer=f"The {names} rules do not name {', '.join(missing)}. "
                                             f"What they say of {asked}: {answer.answer}")
        if missing and hits and self.missing_an_alternative(pq.text or question, missing, hits[0]):
            # one guess of an either/or the rulebook has no word for ("Do we forfeit them, or start the
            # game and give a delay of game penalty?"): what the rules say of the other
            missing, aside = [], aside + missing
        if missing and hits and self.missing_in_claim(pq.text or question, missing, hits[0]):
            # a statement to check that names what the rulebook lacks, about a case it rules on ("True or
            # false: U9 medal games still tied after regulation go straight to a shootout"): what the rules
            # say of the case (U9 28, overtime), the topic an aside
            missing, aside = [], aside + missing
        if missing and hits and self.missing_only_told(pq.text or question, missing, hits[0], bool(pq.told_of)):
            # the topic missing is in the story, the question asks what the rulebook has ("Team wants a
            # time out to sort out a kid's broken skate lace. How long is a time out?"): an aside (after an
            # infraction's class is answered for it above: "Kid gets a major for boarding. How long?")
            missing, aside = [], aside + missing
        if missing:
            text = self.not_covered_text(missing, scope)
            others = set(self.index.rulesets) - scope
            # near is what shares a word of the question besides the topic missing ("is icing called?"
            # in ball hockey: no clause on the terms learned for "icing" alone)
            rest = [g for _, g in self.ranker.concepts(_without_words(pq.text or question, missing))]
            cites = tuple(c for c, h in zip(cites, hits) if self.said_by(h, rest))
            if not cites and others:
                # nothing near in the rulebook asked: what the other rulebooks say on it
                cites = tuple(citation(self.index, h.clause, h.score)
                              for h in self.ranker.search(pq.text or question, others, limit))
                if cites:
                    text += " What other rulebooks say is listed under see also."
            elif cites:
                text += " The nearest clauses are listed under see also."
            return Answer(question, ruleset, text, self.deferrals(scope), answered=False, see_also=cites)
        rule = row_rule(self.index, hits[0].clause) if not pq.clauses else None
        if rule is not None:
            # a penalty-index row found first: the call, from the rule it summarises, which is quoted
            hits = [Hit(rule, hits[0].score)] + [h for h in hits if h.clause.id != rule.id]
            intent = replace(intent, penalty=True)
        quoted: list = []
        text = short_answer(self.index, hits, pq.text or question, intent, quoted)
        hits = self.source_first(hits, text)
        hits = quoted_after_first(hits, quoted, limit)
        # the paragraph of a list that counts what "how many" asks is cited first; the short answer still quotes
        # the list from the sentence announcing it, which says what the question's other words ask ("2 minutes")
        hits = self.count_asked_first(hits, pq.text or question)
        procedure = procedure_of(self.index, hits[0].clause, intent, question)
        if procedure is None and ends_announcing(hits[0].clause.text) and announced_steps(self.index, hits[0].clause):
            # a clause that only announces what follows, answered with it ("... the team's position is
            # determined as follows:", FIRS 9.3 B, then 9.3 C-G): its steps cited with it, as a procedure's
            procedure = hits[0].clause
        if procedure is not None:
            # the list the short answer gives: the one inside it the question asks ("how does the
            # shootout work": RHA 639 (b) 4, not 639 (b)'s overtime)
            procedure = nested_list_asked(self.index, procedure, question) or procedure
            # the steps the answer quotes first, the one that fits the question best before the
            # clause announcing them (the steps are the substance; "as follows:" is not)
            steps = procedure_steps(self.index, procedure, question, best_first=True,
                                    ranked={h.clause.id: i for i, h in enumerate(hits)})
            quoted = (steps[:1] + [procedure] + steps[1:]
                      if steps and not is_fragment(steps[0].text) and not _EXCEPTIONS_FOLLOW.search(procedure.text)
                      else [procedure] + steps)  # "Points" says nothing before "The ranking ... by"; nor do the
            # exceptions before the rule ("... unless:", RHA 619 (e))
            ids = {c.id for c in quoted}
            hits = [Hit(c, hits[0].score) for c in quoted] + [h for h in hits if h.clause.id not in ids]
            hits = hits[:max(limit, len(quoted))]
        top = hits[0].clause
        said = f"[{label(self.index, top)}]"
        if (procedure is None and intent.procedure and not ASKS_A_STEP.search(question) and said in text
                and steps_inline(top.text) and len(top.text) <= INLINE_STEPS_CHARS
                and normalise_numbers(top.text.strip()) not in text):
            # a procedure written as sentences after "as follows:" in one clause (RHA 406 (a), the
            # penalty shot): all its steps, not the first
            text = f"{normalise_numbers(top.text.strip())} {said}{text.split(said, 1)[1]}"
        opening = penalty_list_of(self.index, hits[0].clause)
        if (opening is not None and len(opening.text) <= OPENING_CHARS and text.startswith(hits[0].clause.text[:40])
                and opening.text.strip() not in text):
            # an item read with the opening of its list, which gives the call ("A game misconduct penalty
            # shall be assessed on any player ...: Who uses obscene ... or racial remarks;", FIRS 6.4.29 A •1)
            text = f"{normalise_numbers(opening.text.strip())} {text}"
        below = named_below(self.index, hits[0].clause)
        if below is not None and f"[{label(self.index, below)}]" not in text:
            # "may result in a penalty (see below)": what the penalty is, from the clause pointed to
            text += f" {normalise_numbers(quoted_text(self.index, below))} [{label(self.index, below)}]"
            hits = hits[:1] + [Hit(below, hits[0].score)] + [h for h in hits[1:] if h.clause.id != below.id]
        widened = self.widened_rule(hits[0].clause)
        if widened is not None and f"[{label(self.index, widened)}]" not in text:
            # "does it count if the stick never touches him?": yes, by the NOTE; then the rule's call
            text += f" {normalise_numbers(sentences(widened.text)[0])} [{label(self.index, widened)}]"
        ruling = goal_ruling(text) if intent.goal and not intent.penalty and not pq.clauses else ""
        if ruling:
            text = f"{ruling} — {text}"  # "should the goal have stood?": "Goal not allowed — Unless the puck ..."
            if intent.restart_after or intent.resume:
                # "Does the goal count, and how is play restarted?": the ruling clause's own face-off
                # ("The puck shall be faced off at the centre face-off spot", FIRS 6.4.24 D)
                text += restart_line(self.index, self.ranker, hits, text, general=False)
        cites = tuple(citation(self.index, h.clause, h.score) for h in hits)
        if intent.penalty and not pq.clauses:
            text += combine_line(self.index, hits, text) + restart_line(self.index, self.ranker, hits, text)
        if aside:
            silent = self.silent(scope)
            text += f" ({silent[:1].upper()}{silent[1:]} about {', '.join(aside)}.)"
        covering = self.index.get(rule_of(self.index, hits[0].clause) or "") if asks_rule_number(question) else None
        if covering is not None and not pq.clauses and covering.number:
            # "which rule covers ...?": the rule's number and name first ("RHA 505 PENALTY TIMEKEEPER: ..."),
            # and cited first as printed, heading and all ("RULE 628 - KNEEING (a) A minor penalty ...")
            text = self.headed(covering, text)
            printed = rule_as_printed(self.index, covering)
            first = first_clause(self.index, covering)
            if printed and hits[0].clause.id in (covering.id, first.id if first is not None else None):
                # ... when the answer is its first clause ("which rule says X": the clause that says X)
                cites = (replace(citation(self.index, covering, cites[0].score), text=printed),
                         *(c for c in cites if c.clause_id != covering.id))[:len(cites)]
        if pq.clauses:
            # a rule asked for by number: what it is about first ("RHA 630 MERCY RULE: ...")
            asked = pq.clauses[0]
            if len(pq.clauses) == 1 and not _RULE_WORDS.sub(" ", _ABOUT.sub(" ", RULE_NUMBER.sub(" ", pq.text))).split():
                # only the number asked ("what's section 9.3 about?"): each sub-clause's first sentence
                text = self.rule_outline(asked) or text
            text = self.headed(asked, text)
        elif ruleset is None and not pq.rulesets and cites:
            # no rulebook chosen: the answer is the best one's; say where else the rule is
            others = {}
            bare = bare_topic(without_request(pq.text or question))
            for n, c in enumerate(cites[1:], 1):
                if hits[0].clause.kind == "signal" or c.score < OTHERS_SHARE * cites[0].score:
                    continue  # a signal is FIRS's alone; a weak match elsewhere is not the same rule
                if c.ruleset != cites[0].ruleset and c.ruleset not in others:
                    own = self.search(question, c.ruleset, 1) if bare else []
                    clause = self.index.get(c.clause_id)
                    if (own and clause is not None and own[0].clause.id != c.clause_id
                            and rule_of(self.index, own[0].clause) == rule_of(self.index, clause)):
                        # a bare topic: that rulebook's general case of the rule ("fighting": RHA 615 (a),
                        # not 615 (d)'s gloves dropped), as asked of it alone
                        c = citation(self.index, own[0].clause, c.score)
                        cites = cites[:n] + (c,) + cites[n + 1:]
                    others[c.ruleset] = f"{self.index.rulesets[c.ruleset].short_name} {c.rule}"
            if others:
                text += f" Other rulebooks: {', '.join(others.values())} (quoted below)."
        kind = "signal" if hits[0].clause.kind == "signal" else "penalty" if intent.penalty else "lookup"
        if unsignalled:
            names = ", ".join(self.index.rulesets[r].short_name for r in sorted(scope) if self._has_signals({r}))
            text = f"The {names} signal list has no signal for {unsignalled}. {text}"
        return Answer(question, ruleset, text, cites, kind=kind)

    def cited_rule_checked(self, question: str, ruleset: str | None, pq: ParsedQuery, limit: int) -> Answer | None:
        """A question that cites a rule number and says what it is about ("RHA 608 is boarding, right?",
        "rule 28 - high stick to the face is the usual 1 minute?"), answered for what it says: the
        question without the number is asked, and its answer stands: headed by the rule cited when its
        first clause is in it ("RHA 630 MERCY RULE: ..."), saying the rule cited is quoted below when one of
        its first :data:`CITED_RULE_DEPTH` clauses is, and after what the rule cited is when none is ("Not
        RHA 608 (CHARGING): ...").  None when the question says nothing besides the number ("what does
        rule 608 say?"), names several rulebooks, or its words find nothing."""
        spoken = spoken_rule_numbers(question)
        tail = spoken[-CLAIM_TAIL_CHARS:]
        claimed = (_CITED_FOR_CLAIM.search(spoken) or _GUESSED_AT_END.search(tail)
                   or (not _ASKS_OF_RULE.match(spoken) and _CITED_FOR_CLAIM_END.search(tail)))
        # what the claim is about, besides the words that ask about a rule and those that tag a claim
        about = _CLAIM_WORDS.sub(" ", _RULE_WORDS.sub(" ", _ABOUT.sub(" ", pq.uncited)))
        if len(pq.rulesets) > 1 or not claimed or self.rule_matters(about) < 1:
            return None
        # the rulebook named, else the one selected, else the one the number is in ("rule 28" of ball hockey)
        own = {c.ruleset for c in pq.clauses}
        rid = pq.rulesets[0] if pq.rulesets else ruleset or (next(iter(own)) if len(own) == 1 else None)
        found = self._ask_one(pq.uncited, rid, limit, compare=False)
        if not found.answered or not found.citations:
            return None
        # a clause of a rule cited: the rule's own sub-clauses, or the clause's when it sits in no rule (a
        # U9 sheet's numbered line, a FIRS section)
        rules = [self.index.get(rule_of(self.index, c) or "") or c for c in pq.clauses]
        cited = {x.id for r in rules for x in self.index.subtree(r)}
        inside = [c.clause_id in cited for c in found.citations[:CITED_RULE_DEPTH]]
        text = found.answer
        if inside[0]:
            text = self.headed(rules[0], text)  # "RHA 630 MERCY RULE: ..."
        elif any(inside):
            # a clause of the rule cited comes after the best one (often a neighbour: "rule 28" for
            # ball hockey 27's high stick to the face): both quoted, the rule cited named
            text = f"{text} ({'; '.join(self.what_rule_is(c) for c in pq.clauses)}, cited, is quoted below.)"
        else:
            # what the number cited is, first: the claim's premise is what is corrected
            text = f"Not {'; '.join(self.what_rule_is(c) for c in pq.clauses)}: {text}"
        return replace(found, question=question, ruleset=ruleset, answer=text)

    def what_rule_is(self, clause) -> str:
        """What the rule ``clause`` is in a few words, as a cited rule number is answered: its title when
        it has one ("RHA 608 (CHARGING)"), else its first words ("Ball hockey 28 (“High sticking the ball
        (above the shoulders ...) will result in a penalty.”)"), cut to :data:`CITED_RULE_CHARS`."""
        name = f"{self.index.rulesets[clause.ruleset].short_name} {clause.number or ''}".strip()
        rule = self.index.get(rule_of(self.index, clause) or "") or clause
        if rule.title:
            return f"{name} ({rule.title})"
        text = next((c.text for c in self.index.subtree(clause) if c.text), "")
        if len(text) > CITED_RULE_CHARS:
            text = text[:CITED_RULE_CHARS].rsplit(" ", 1)[0] + " …"
        return f"{name} (“{text}”)" if text else name

    def headed(self, clause, text: str) -> str:
        """``text`` after the number and heading of ``clause`` ("RHA 630 MERCY RULE: ..."), unless it
        starts with the heading already or the clause has none."""
        head = self.index.heading(clause)
        if not head or text.startswith(head):
            return text
        name = self.index.rulesets[clause.ruleset].short_name
        return f"{name} {clause.number or ''} {head}: ".replace("  ", " ") + text

    def widened_rule(self, clause):
        """The penalty-stating rule a NOTE widens (:data:`_WIDENS`: "An attempt to butt-end shall include
        all cases in which a butt-end gesture is made ...", RHA 607 (a) NOTE 1, widens 607 (a), "A major
        penalty shall be imposed on a player who "butt-ends" or attempts to butt-end"), else None."""
        if clause.kind != "note" or not clause.parent or not _WIDENS.search(clause.text):
            return None
        rule = self.index.get(clause.parent)
        return rule if rule is not None and rule.text and states_penalty(rule, self.index) else None

    def rule_outline(self, rule) -> str:
        """What a rule with sub-clauses is about, for "what's rule 9.3 about?": the first sentence of
        each of its sub-clauses with text (NOTEs left out), each labelled, cut to
        :data:`OUTLINE_SENTENCE_CHARS` and all to :data:`OUTLINE_CHARS`; "" for a rule with fewer than
        two."""
        parts = [c for c in self.index.subtree(rule) if c.text and c.id != rule.id and c.kind != "note"]
        if len(parts) < 2:
            return ""
        out: list[str] = []
        for c in parts:
            first = normalise_numbers(sentences(c.text)[0])
            if len(first) > OUTLINE_SENTENCE_CHARS:
                first = first[:OUTLINE_SENTENCE_CHARS].rsplit(" ", 1)[0] + " …"
            piece = f"{first} [{label(self.index, c)}]"
            if out and sum(len(p) for p in out) + len(piece) > OUTLINE_CHARS:
                out.append(f"(and {len(parts) - len(out)} more)")
                break
            out.append(piece)
        return " ".join(out)

    def answer_parts(self, answer: Answer, question: str, ruleset: str | None, limit: int = 5) -> Answer:
        """``answer`` with each part of a several-part question that it leaves untouched answered on its
        own, with the story told before it ("Goalie smothers the ball. How do we restart, and how close
        can the other team come?": ball hockey 13, then the 5 seconds the other team stays out of the
        green area).  A part's answer is added when its first clause is not quoted yet; its first
        citation comes after the answer's first three, unless it is among them already (so there may
        be one citation more than ``limit`` for each part).  Unchanged for a one-part question, a
        comparison, a signal or a question not covered."""
        if not answer.answered or answer.kind in ("comparison", "signal") or not answer.citations:
            return answer
        story, parts = unanswered_parts(question, answer.answer)
        text, cites = answer.answer, list(answer.citations)
        for part, before in parts:
            # "... and where?", "how long is each one?", "can an attacker stand in it?": with the part
            # before it, which says what is meant
            # ... not a bare "Goal?" before it: "Goal? Where do we drop it?" asks where the puck is dropped
            asked = (f"{before} {part}" if before and len(words(before)) > 1
                     and (not terms(part) or _PART_REFERS_BACK.search(part)) else part)
            found = self._ask_one(f"{story} {asked}?".strip(), ruleset, limit, compare=False)
            if not found.answered or not found.citations:
                continue
            first = found.citations[0]
            clause = self.index.get(first.clause_id)
            quoted = clause is not None and f"[{label(self.index, clause)}]" in text
            # each quoted piece once: a part's "Restart: ..." line may be the first answer's already
            pieces = [p.strip() for p in _QUOTED_PIECE.findall(found.answer) if p.strip()] or [found.answer]
            if cites[0].clause_id == first.clause_id or quoted:
                # the clause is quoted already: only a sentence of it the answer has not given ("...
                # until the bleeding has been stopped and the wound covered" for "when can he come back")
                pieces = [fresh for fresh in (_unsaid_sentences(p, text) for p in pieces[:1]) if fresh]
            new = " ".join(p for p in pieces if p not in text)
            if not new:
                continue
            text = f"{text} {new}"
            if all(c.clause_id != first.clause_id for c in cites[:3]):
                cites = [c for c in cites if c.clause_id != first.clause_id]
                cites.insert(min(3, len(cites)), first)
        if text == answer.answer:
            return answer
        return replace(answer, answer=text, citations=tuple(cites))

    def source_first(self, hits: list[Hit], answer: str) -> list[Hit]:
        """``hits`` with the clause the short answer quotes first (the first "[label]" in it), so the
        first citation is the one the answer rests on."""
        best = None
        for i, h in enumerate(hits):
            pos = answer.find(f"[{label(self.index, h.clause)}]")
            if pos >= 0 and (best is None or pos < best[0]):
                best = (pos, i)
        if best is None or best[1] == 0:
            return hits
        i = best[1]
        if hits[i].clause.id == hits[0].clause.parent:
            # a list answered whole (U9 27 "... the following tie breaker:" with its items): the item
            # that fits the question best stays first, the list it is quoted in next
            return [hits[0], hits[i]] + hits[1:i] + hits[i + 1:]
        return [hits[i]] + hits[:i] + hits[i + 1:]

    def signal_hits(self, question: str, scope: set[str], hits: list[Hit], limit: int) -> list[Hit]:
        """For a question describing an arm signal: the signals whose description matches it (by body
        parts, hand shapes and motions, :func:`rulebot.signals.search_signals`) first, then the rule of
        the best one, then the other hits.  ``hits`` unchanged when no signal matches well."""
        from rulebot.signals import load_signals, search_signals, signal_concepts

        told = gesture_told(question)
        found = [(sig, sc) for sig, sc in search_signals(load_signals(self.index), told, limit)
                 if sig.ruleset in scope]
        if not found or found[0][1] < SIGNAL_MIN_SCORE:
            return hits
        if hits and goal_judge_told(question) and self._goal_judge_gesture(hits[0].clause):
            # the goal judge's gesture told ("the goal judge stuck one arm straight up while our goalie was
            # lying on the puck") and found in his duties (FIRS 4.6 D •6): his, not the referee's list's
            # Delay Penalty, however alike the arms
            return hits
        if (found[0][1] < NAMED_SIGNAL_SCORE and not found[0][0].official and hits
                and self._meaning_found(hits[0], question)
                and sum(signal_concepts(told).values()) < GESTURE_TOLD_WEIGHT):
            # "how does the referee indicate a delayed penalty?": no gesture told (one word like
            # "indicate" or "touch" is no gesture), and the search found the signal by what it means,
            # so that one, not the nearest gesture; a goal judge's signals are few and asked by what
            # they mean ("how does he show me the puck went in?"); "the ref makes a pulling motion"
            # names no meaning: the gesture decides
            return hits
        top = max(h.score for h in hits) if hits else 1.0
        out: list[Hit] = []
        for sig, sc in found[:2]:
            clause = self.index.get(sig.clause_id)
            if clause is not None:
                out.append(Hit(clause, top * (1 + sc)))
        best = found[0][0]
        for number in best.rules[:1]:
            clause = self.index.lookup(best.ruleset, number)
            if clause is not None and not clause.text:
                # a rule with no text of its own (FIRS 6.4.17 Elbowing and Kneeing): its first
                # sub-clause that names the signal's infraction, else its first with text
                said = [c for c in self.index.subtree(clause) if c.text]
                name = set(terms(best.name))  # "Kneeing" -> {"knee"}
                clause = next((c for c in said if name & set(terms(c.text))), said[0] if said else None)
            if clause is not None and all(h.clause.id != clause.id for h in out):  # a signal told in its own rule
                out.append(Hit(clause, top))
        lexical = self.gesture_rule_matched(hits, question)
        if lexical is not None:
            # a rule that tells an official's gesture and matches the question best ("The Referee not
            # conducting the face off shall raise an arm to indicate ...", FIRS 5.5.4 G, for "both
            # benches changing, the other ref puts his arm up"): the gesture as that rule tells it
            out = [Hit(lexical.clause, out[0].score)] + [h for h in out if h.clause.id != lexical.clause.id]
        seen = {h.clause.id for h in out}
        out += [h for h in hits if h.clause.id not in seen]
        return out[:limit]

    def _goal_judge_gesture(self, clause: Clause) -> bool:
        """Whether ``clause`` is an item of a goal judge's duties (its list says "goal judge": FIRS 4.6 D
        "The duties of a goal judge are as follows:") that tells a gesture ("To extend one arm above the
        head ...", •6)."""
        from rulebot.signals import signal_concepts

        up = self.index.get(clause.parent) if clause.kind == "item" and clause.parent else None
        return (up is not None and bool(re.search(r"\bgoal judges?\b", up.text, re.I))
                and bool(signal_concepts(clause.text).keys() & _GESTURE_CONCEPTS))

    def signal_asked_over_play(self, question: str, ruleset: str | None, hits: list[Hit], limit: int) -> list[Hit]:
        """For the play told, then how the asker is to signal ("Defender trips a guy, but the attacking team
        still has the puck. What do I do with my arm while play goes on?"): the signal that the asking
        sentence alone finds by what it means (RHA 409 (b), the delayed penalty) first, when it is one, not
        the foul or penalty shot the play draws.  ``ruleset``: the one to search (the question's own, when it
        names one); at most ``limit`` hits, ``hits`` unchanged otherwise."""
        asking = last_sentence(question)
        if asking == question.strip() or not _ASKER_GIVES.search(asking) or goal_judge_told(question):
            return hits  # "I'm goal judge tonight. When the puck goes over the line, what do I do?": his signal
        asked = self.search(asking, ruleset, limit)
        if not asked or (hits and asked[0].clause.id == hits[0].clause.id) or not self._meaning_found(asked[0],
                                                                                                      asking):
            return hits
        top = max(h.score for h in hits) if hits else asked[0].score
        return [Hit(asked[0].clause, top * 1.01)] + [h for h in hits if h.clause.id != asked[0].clause.id][:limit - 1]

    @staticmethod
    def _meaning_found(hit: Hit, question: str) -> bool:
        """Whether ``hit`` is a signal the question names a word of, itself or by the synonym list ("delayed
        penalty": Delay Penalty; "show everybody I've got something coming" means a delayed penalty), or
        a rule that tells a signal ("shall signify the calling of a delayed penalty", FIRS 6.3 B)."""
        if hit.clause.kind == "signal":
            said = set(terms(question)).union(*(terms(p) for p in load_synonyms().expansions(words(question))))
            return bool(set(terms(hit.clause.title)) & said)
        return bool(_SIGNALS_TOLD.search(hit.clause.text))

    def gesture_item_matched(self, hits: list[Hit], question: str, depth: int = 3) -> list[Hit]:
        """For a gesture asked about that a list of an official's duties tells, not the signal list (FIRS
        4.6 D, the goal judge: "to extend both hands above the head ...", "to extend one arm above the
        head ..."): among the ``depth`` best hits, the item of the best one's list whose gesture shares
        the most with the one told (:func:`rulebot.signals.signal_concepts`, by at least
        :data:`GESTURE_ITEM_MARGIN`) goes first ("stuck one arm straight up": •6, not •4's "arms straight
        out" for its "straight"); ``hits`` unchanged otherwise."""
        from rulebot.search.text import GOAL_JUDGE_TOLD, without_negated
        from rulebot.signals import signal_concepts

        if not hits or hits[0].clause.kind != "item" or not hits[0].clause.parent or _GESTURES_OFFERED.search(question):
            return hits  # gestures offered to choose from: what they are to mean decides, as searched
        # "one arm straight up. Not both arms, just the one": "both" is what the gesture is not
        told = signal_concepts(without_negated(GOAL_JUDGE_TOLD.sub(" ", gesture_told(question)))[0])
        if not told.keys() & _GESTURE_CONCEPTS:
            return hits

        def shared(h: Hit) -> float:
            own = signal_concepts(h.clause.text)
            return sum(w for c, w in told.items() if c in own) - sum(w for c, w in own.items() if c not in told) / 2

        # the list's items among the best hits, and, for a goal judge told, the rest of his duties' list
        # ("the goal judge behind the cage shot one arm straight up": •6, which the words alone rank low)
        up = self.index.get(hits[0].clause.parent)
        listed = ([Hit(c, 0.0) for c in self.index.subtree(up) if c.kind == "item" and c.parent == up.id]
                  if up is not None and goal_judge_told(question) and self._goal_judge_gesture(hits[0].clause) else [])
        seen = {h.clause.id for h in hits[:depth]}
        pool = hits[:depth] + [h for h in listed if h.clause.id not in seen]
        items = [(shared(h), i) for i, h in enumerate(pool)
                 if h.clause.kind == "item" and h.clause.parent == hits[0].clause.parent
                 and signal_concepts(h.clause.text).keys() & _GESTURE_CONCEPTS]
        if not items:
            return hits
        best, i = max(items, key=lambda x: (x[0], -x[1]))
        if i == 0 or best < shared(hits[0]) + GESTURE_ITEM_MARGIN:
            return hits
        chosen = pool[i].clause
        return [Hit(chosen, hits[0].score)] + [h for h in hits if h.clause.id != chosen.id]

    def duty_case_matched(self, hits: list[Hit], question: str, depth: int = 3) -> list[Hit]:
        """For what an official is to do or signal in a case told, no gesture told ("As goal judge, what do I do
        with my arm when the goalie covers the puck and it's dead?"): among the ``depth`` best hits, a list of
        duties whose items each tell a gesture and its case ("To extend one arm above the head ... When the goalie has
        frozen the puck and it becomes unplayable", FIRS 4.6 D •6), the item whose case (after its "if" or
        "when") shares the most of the question's concepts, by :data:`DUTY_CASE_MARGIN` over the next, goes
        first; the official's own name ("goal judge") counts for none.  Only for a goal judge named or told
        (:data:`~rulebot.search.text.GOAL_JUDGE_TOLD`, "the fella sitting behind the net"), the one official
        whose duties are such a list in the rulebooks (FIRS 4.6 D).  ``hits`` unchanged otherwise."""
        from rulebot.search.text import GOAL_JUDGE_TOLD
        from rulebot.signals import signal_concepts

        # the official whose duties they are asks, or is asked about (not "what do I do" of a team's play that
        # happens to rank a goal judge's duty)
        if not _DUTY_ASKED.search(question) or _GESTURE_MOVED.search(question) or not GOAL_JUDGE_TOLD.search(question):
            return hits
        for h in hits[:depth]:
            up = self.index.get(h.clause.parent) if h.clause.kind == "item" else h.clause
            items = [c for c in self.index.children(up) if c.kind == "item"] if up is not None else []
            if len(items) > 1:
                break
        else:
            return hits
        # a list of gestures, each for its case (not a scorekeeper's duties, nor a rule's cases)
        items = [c for c in items if signal_concepts(c.text).keys() & _GESTURE_CONCEPTS]
        concepts = self.ranker.concepts(_OFFICIAL_NAMED.sub(" ", question))
        scored = []
        for c in items:
            case = _CASE_OF_DUTY.search(c.text)
            if case:
                said = set(terms(case.group(1)))
                scored.append((sum(w for w, g in concepts if g & said), c))
        scored.sort(key=lambda x: -x[0])
        if len(scored) < 2 or scored[0][0] - scored[1][0] < DUTY_CASE_MARGIN or hits[0].clause.id == scored[0][1].id:
            return hits
        chosen = scored[0][1]
        return [Hit(chosen, hits[0].score)] + [h for h in hits if h.clause.id != chosen.id]

    def gesture_rule_matched(self, hits: list[Hit], question: str, depth: int = 3) -> Hit | None:
        """Among the ``depth`` best hits, a rule that tells an official's gesture (:data:`_OFFICIAL_GESTURE`)
        and matched the question clearly better (:data:`GESTURE_RULE_MARGIN` times) than every signal did
        before signals were weighted up for a gesture question (:func:`kind_weight`): the story is that
        rule's ("the ref not dropping the puck puts an arm up at the stoppage", FIRS 5.5.4 G), not only its
        gesture ("ref raises his arm straight up": the delayed penalty); else None."""
        intent = classify(question)
        plain = [(h, h.score / kind_weight(h.clause, intent, self.index)) for h in hits[:depth]]
        rules = [(h, sc) for h, sc in plain if h.clause.kind != "signal" and _OFFICIAL_GESTURE.search(h.clause.text)]
        signals = [sc for h, sc in plain if h.clause.kind == "signal"]
        if not rules:
            return None
        best, score = max(rules, key=lambda x: x[1])
        return best if all(score > GESTURE_RULE_MARGIN * sc for sc in signals) else None

    def class_question(self, question: str, scope: set[str]) -> list:
        """The penalty classes a question is about when it asks what a class is or how long it lasts
        ("how long is a major in RHA", "is a minor always two minutes", "difference between a game
        ejection and a game misconduct"), else [].  Classes come from the rulebooks' own definitions
        (:func:`rulebot.penalties.penalty_classes`), only those ``scope`` defines."""
        from rulebot.penalties import penalty_classes

        text = re.sub(r"\b(?:regular|normal|standard|ordinary|basic)\s+penalt(?:y|ies)\b", "minor penalty",
                      without_contrast(question).lower())
        named = []
        for m in _CLASS_NAME.finditer(text):
            name = class_named(m)
            if name not in named:
                named.append(name)
            text = text.replace(m.group(0), " ")
        if not named:
            return []
        # ... and a figure offered ("is a misconduct 5 minutes?"; "T/F: ...")
        asked = _CLASS_QUESTION_WORDS | (_CLOCK_QUESTION_WORDS if "clock" in text else frozenset())
        rest = [w for w in words(text) if w not in STOP_WORDS and w not in asked
                and not re.fullmatch(r"\d+(?::\d+)?|t|f", w)]
        if rest:
            return []  # other words: a question about an infraction or a situation, not the class
        classes = [pc for pc in penalty_classes(self.index) if pc.ruleset in scope and pc.defined]
        out = []
        for rid in sorted(scope):
            mine = [pc for pc in classes if pc.ruleset == rid]
            # "how long is a penalty" in a rulebook without a plain "penalty": its ordinary one, the minor
            # and "how long is a minor" in one whose only timed penalty is a plain "penalty": that one
            has = {pc.name for pc in mine}
            want = [("minor" if n == "penalty" and "penalty" not in has
                     else "penalty" if n == "minor" and "minor" not in has and "penalty" in has else n)
                    for n in named]
            # in the order the question names them ("a gross misconduct ... a game misconduct")
            out += sorted((pc for pc in mine if pc.name in want), key=lambda pc: want.index(pc.name))
        return out

    def classes_named(self, question: str, scope: set[str]) -> list:
        """The penalty classes ``scope`` defines that the question names anywhere ("a major for
        boarding" -> the major), else []."""
        from rulebot.penalties import penalty_classes

        names = {class_named(m) for m in _CLASS_NAME.finditer(question.lower())}
        return [pc for pc in penalty_classes(self.index) if pc.ruleset in scope and pc.defined and pc.name in names]

    def class_answer(self, question: str, ruleset: str | None, classes: list, limit: int) -> Answer | None:
        """One line per (ruleset, class): its duration and what it does, citing the defining clause
        (None when no defining clause is loaded)."""
        lines, hits = [], []
        first = _first_asked(question)
        asked = classify(first)
        for pc in classes:
            clause = self.index.get(pc.clause_id)
            if clause is None:
                continue
            name = self.index.rulesets[pc.ruleset].short_name
            dur = f" {pc.duration_words}" if pc.duration_words else ""
            # the sentence quoted is one of the clause cited ("Penalties are 2 minutes.", not the
            # bullet after it that the class's account also takes in)
            own = " ".join(x for x in sentences(pc.effect) if x in clause.text) or pc.effect
            # "what is a 'bench minor'?": the sentence that says what it is, which opens its account
            # ... and "how long is a match penalty?": of the sentences that fit, one that gives the time (Youth
            # Cup Penalties 4, "A Match penalty (25 minutes) - ... suspended for the next game", not the second
            # offence's disqualification after it)
            said = sentences(normalise_numbers(own))
            timed = " ".join(x for x in said if _TIME_GIVEN.search(x)) if asked.number else ""
            effect = (next(iter(said), own) if asked.definition
                      else best_sentences(timed or normalise_numbers(own), first, limit=1))
            lines.append(f"{name} {pc.name}{dur} — {effect} [{label(self.index, clause)}]")
            hits.append(Hit(clause, 100.0))
        if not hits:
            return None
        seen = {h.clause.id for h in hits}
        found = self.search(question, ruleset, limit)
        # the other things the question asks ("... and can the team replace him?"), from its best clauses
        lines += other_parts(self.index, found, question, "\n".join(lines))
        for h in found:
            if h.clause.id not in seen and len(hits) < limit:
                hits.append(h)
                seen.add(h.clause.id)
        cites = tuple(citation(self.index, h.clause, h.score) for h in hits[:max(limit, len(lines))])
        return Answer(question, ruleset, "\n".join(lines), cites, kind="penalty")

    def signal_named(self, question: str, scope: set[str]):
        """For a question asking the signal of an infraction by name ("what's the signal for a trip?"):
        ``(infraction, signal)``, the signal of the rulebooks in ``scope`` whose name says most of the
        infraction's words or their synonyms (FIRS Annex B Tripping; Delay Penalty, not Delay of Game,
        for "a delayed penalty"), or None when no signal is named with any of them (too many men);
        ``("", None)`` for a question that names no infraction so."""
        from rulebot.signals import load_signals

        m = _SIGNAL_FOR.search(question)
        if m is None:
            return "", None
        asked = m.group("x").strip(" ?.!")
        if _SIGNAL_AUDIENCE.fullmatch(asked):
            return "", None
        groups = [g - _SIGNAL_WORDS for _, g in self.ranker.concepts(asked)]
        groups = [g for g in groups if g]
        signals = [sig for sig in load_signals(self.index) if sig.ruleset in scope]
        if not groups or not signals:
            return "", None
        # ... the one named first on a tie ("the signal for slashing the tap on the elbow": Slashing, the
        # gesture told after it being the asker's guess)
        either = bool(re.search(r"\bor\b", asked, re.I))  # "the signal for slashing or elbowing?": no order
        said = [(sum(1 for g in groups if g & set(terms(sig.name))),
                 0 if either else -next((i for i, g in enumerate(groups) if g & set(terms(sig.name))), len(groups)),
                 -len(terms(sig.name)), sig) for sig in signals]
        best = max(said, key=lambda x: x[:3])
        return asked, (best[3] if best[0] else None)

    def signal_asked_of_two(self, question: str, scope: set[str]) -> str:
        """The asking part of ``question`` (its last sentence or part after a dash that asks, without what it sets aside: "so I
        don't show ...", "compared with ...", "as opposed to ...") when ``question`` names two signals of
        ``scope`` by their names' own words ("kneeing", "tripping") and the asking part names one of them:
        "What exactly is the tripping signal" of "Kneeing vs tripping: ... What exactly is the tripping signal
        so I don't show kneeing by mistake?"; else ``question`` ("swipes his hand at his knee: trip or knee?"
        names no signal by name; "is that kneeing or tripping?" asks both)."""
        from rulebot.signals import load_signals

        names = {tuple(words(sig.name)) for sig in load_signals(self.index) if sig.ruleset in scope}

        def named(text: str) -> set[tuple[str, ...]]:
            said = f" {' '.join(words(text))} "
            return {n for n in names if n and f" {' '.join(n)} " in said}

        if len(named(question)) < 2:
            return question
        parts = re.split(r"(?<=[.?!:])\s+|\s[-\u2013\u2014]\s", question.strip())
        # the last part that asks ("How do I signal spearing? Last game I showed butt-ending by mistake.")
        asking = next((p for p in reversed(parts) if p.rstrip().endswith("?") or _ASKS_OPENING.match(p)), parts[-1])
        asking = asking.rstrip(" ?.!")
        asking = _SET_ASIDE_SIGNAL.split(asking)[0]
        return asking if len(named(asking)) == 1 else question

    def _rule_telling_signal(self, topic: str, scope: set[str]) -> Hit | None:
        """Of the rules of ``scope`` that tell a gesture in words (:data:`RULE_TELLS_SIGNAL`: "shall signify
        the calling of a delayed penalty by raising his/her arm", RHA 409 (b)), the one sharing most words
        with ``topic`` (the question with its asking words put as "show", so that "signal a penalty" is no
        delayed penalty's "signaled a penalty") or the synonym list's words for it ("show ... a call is
        coming": a delayed penalty), at least :data:`OWN_SIGNAL_SHARED` besides the words of any signal
        question ("minor" alone is no delayed penalty); None when none does."""
        said = set(terms(topic)).union(*(terms(p) for p in load_synonyms().expansions(words(topic)))) - _SIGNAL_WORDS
        return self._rule_sharing(said, scope, RULE_TELLS_SIGNAL, OWN_SIGNAL_SHARED)

    def _rule_sharing(self, said: set[str], scope: set[str], pattern: re.Pattern[str], need: int) -> Hit | None:
        """Of the clauses of ``scope`` whose text ``pattern`` finds (worked out once per scope and pattern),
        the first of those sharing the most of the stems ``said``, when that is at least ``need``; else None."""
        cache = self.__dict__.setdefault("_telling", {})
        key = (frozenset(scope), pattern.pattern)
        if key not in cache:
            cache[key] = tuple(c for rid in sorted(scope) for c in self.index.by_ruleset(rid)
                               if c.text and pattern.search(c.text))
        best = max(((len(said & set(terms(c.text))), c) for c in cache[key]), key=lambda x: x[0], default=(0, None))
        return Hit(best[1], 1.0) if best[0] >= need else None

    def _has_signals(self, scope: set[str]) -> bool:
        return any(c.kind == "signal" for rid in scope for c in self.index.by_ruleset(rid))

    @staticmethod
    def gesture_told_of(question: str, own, other) -> bool:
        """Whether ``question`` tells the gesture of the signal ``own`` describes (a part of the body and
        at least :data:`OWN_SIGNAL_SHARED` words of its description: "she doesn't put her arm up the way
        she does for a delayed call", RHA 409 (b)) and none of the words of ``other``'s, the better
        match by name ("misconduct": FIRS's hands on hips)."""
        said = set(terms(question))
        mine = said & set(terms(own.description))
        return (len(mine) >= OWN_SIGNAL_SHARED and bool(mine & {stem(w) for w in BODY})
                and not said & set(terms(other.description)))

    def _signals_elsewhere(self, question: str, scope: set[str], intent: Intent, limit: int) -> Answer:
        """A signal question asked of rulebooks without a signal list: answered from a signal their
        rules describe in passing (RHA 409 (b): "signify the calling of a delayed penalty by raising
        his/her arm") when the gesture matches, else from the rulebooks that have a list (FIRS Annex B),
        saying so."""
        from rulebot.signals import load_signals, search_signals

        others = {rid for rid in self.index.rulesets if self._has_signals({rid})}
        names = ", ".join(self.index.rulesets[r].short_name for r in sorted(scope))
        pq = self.parsed(question)
        hits = [h for rid in sorted(others) for h in self.search(pq.text or question, rid, limit)]
        hits.sort(key=lambda h: -h.score)
        # the gesture matches a signal their own rules describe about as well as any of the list's
        # (OWN_SIGNAL_SHARE): their own
        signals = load_signals(self.index)
        best = search_signals(signals, pq.text or question, 1)
        own = search_signals([s for s in signals if s.ruleset in scope], pq.text or question, 1)
        # ... or a case of it the question asks about ("do I raise my arm for a misconduct?": RHA 409 (b)
        # "Should the infraction call for a misconduct ..., the Referee shall not raise his/her arm")
        clause = self.index.get(own[0][0].clause_id) if own else None
        case = clause is not None and case_of_signal(own[0][0], clause, question)
        if own and best and (own[0][1] >= OWN_SIGNAL_SHARE * best[0][1] or case
                             or self.gesture_told_of(pq.text or question, own[0][0], best[0][0])):
            best = own
        if best and best[0][0].ruleset in scope and (best[0][1] >= SIGNAL_MIN_SCORE or case):
            sig = best[0][0]
            clause = self.index.get(sig.clause_id)
            top = hits[0].score if hits else 1.0
            cites = tuple(citation(self.index, h.clause, h.score)
                          for h in [Hit(clause, top * (1 + best[0][1])), *hits][:limit])
            told = case_of_signal(sig, clause, question) or sig.description
            text = f"{sig.name} — signal: {told.rstrip('.')} [{label(self.index, clause)}]"
            return Answer(question, None, text, cites, kind="signal")
        none = ("describe no signal like that" if any(s.ruleset in scope for s in load_signals(self.index))
                else "describe no referee signals")
        where = ", ".join(self.index.rulesets[r].short_name for r in sorted(others))
        # a gesture told ("arms crossed"), not the asker's arm asked about ("what do I do with my arm?")
        text_ = pq.text or question
        told_text = OWN_ARMS_ASKED.sub(" ", text_) if own_arms_asked(text_) else text_
        names_body = bool(set(words(told_text)) & BODY)
        gesture_fits = bool(best) and best[0][1] >= SIGNAL_MIN_SCORE and names_body
        # the words that ask for a signal ("how does the ref show ...") are no topic: the rule is
        # searched for what is shown ("... that a penalty is coming")
        topic = signal_asked_as_word(pq.text or question)
        asked = set(terms(topic)) - _SIGNAL_WORDS
        tells = told = None
        if gesture_fits:
            # a gesture told that only another rulebook's list has: the asker's own rule still answers
            # when it tells the case the question tells (U9 18 "Goaltender freezes the puck - the
            # official blows the whistle to indicate the attacking team backs off" for "the ref blew the
            # whistle when our goalie covered the puck, then waved the kids back"; RHA 409 (b) for
            # "which arm goes up for the delayed call"); looked for among the rules that say "signal"
            # before any search, as most gestures asked of such a rulebook have none
            need = max(OWN_SIGNAL_SHARED, min(OWN_CASE_SHARED, math.ceil(OWN_CASE_SHARE * len(asked))))
            tells = self._rule_sharing(asked, scope, _SIGNALS_TOLD, need)
        if tells is not None or not gesture_fits:
            told = sorted((h for rid in sorted(scope) for h in self.search(topic, rid, max(limit, OWN_SIGNAL_DEPTH))),
                          key=lambda h: -h.score)
        if tells is not None:
            tells = next((h for h in told if h.clause.id == tells.clause.id), Hit(tells.clause, told[0].score if told else 1.0))
        elif not gesture_fits:
            shared = [(h, len(asked & set(terms(h.clause.text)))) for h in told[:OWN_SIGNAL_DEPTH]
                      if _SIGNALS_TOLD.search(h.clause.text)]
            # one that tells the gesture ("shall signify ... by raising his/her arm", RHA 409 (b)) before
            # one that only mentions a signal ("after the Referee has signaled a penalty", 409 (c) NOTE 2)
            tells = (next((h for h, n in shared if n and RULE_TELLS_SIGNAL.search(h.clause.text)), None)
                     or self._rule_telling_signal(signal_asked_as_word(pq.text or question, "show"), scope)
                     or next((h for h, n in shared if n >= OWN_SIGNAL_SHARED), None))
        if tells is not None:
            # no gesture told, or none a list's signal fits, and a rule that answers it says what the
            # official signals (U9 16: "the official will signal the attacking players to back off
            # three metres"; RHA 409 (b) "shall signify the calling of a delayed penalty by raising
            # his/her arm"): that rule, not the nearest signal of another rulebook's list
            told = [tells, *(h for h in told if h is not tells)]
            quoted: list = []
            text = short_answer(self.index, told, question, intent, quoted)
            told = quoted_after_first(told, quoted, limit)
            return Answer(question, None, text, tuple(citation(self.index, h.clause, h.score) for h in told[:limit]),
                          kind="signal")
        if not best or best[0][1] < SIGNAL_MIN_SCORE:
            # "what's the signal for a minor penalty?": no signal of any rulebook fits
            see = tuple(citation(self.index, h.clause, h.score) for h in hits[:limit])
            return Answer(question, None, f"The {names} rules {none}, and no {where} signal fits it.", (),
                          answered=False, kind="signal", see_also=see)
        clause = self.index.get(best[0][0].clause_id)
        if clause is not None and best[0][0].ruleset in others:
            top = hits[0].score if hits else 1.0
            hits = [Hit(clause, top * (1 + best[0][1])), *(h for h in hits if h.clause.id != clause.id)]
        quoted: list = []
        text = (f"The {names} rules {none}; from the {where} signals: "
                + short_answer(self.index, hits, question, intent, quoted))
        hits = quoted_after_first(hits, quoted, limit)
        return Answer(question, None, text, tuple(citation(self.index, h.clause, h.score) for h in hits[:limit]),
                      kind="signal")

    def uncovered_terms(self, query: str, scope: set[str], topics: list[str] | None = None) -> list[str]:
        """Rule topics named in the query (the ``topics`` list of ``rulebot/data/synonyms.yaml``:
        icing, offside, mercy rule, shootout ...; or the ``topics`` given) that the rulebooks in ``scope``
        never mention, nor any synonym of them: the question is not covered there (e.g. icing asked of the
        ball-hockey league).  Worked out once per query and scope in a process."""
        key = (query, frozenset(scope), tuple(topics) if topics is not None else None,
               len(self.index.clauses), tuple(self.index.rulesets))
        return list(kept(self, "_uncovered", key, lambda: tuple(self._uncovered_terms(query, scope, topics)),
                         PARSED_KEPT))

    def _uncovered_terms(self, query: str, scope: set[str], topics: list[str] | None = None) -> list[str]:
        from rulebot.search.text import NUMBER_WORDS

        ranker = self.ranker
        syn = load_synonyms()
        # a misspelt topic is the topic ("how long is a mjor penalty" asks about majors)
        qwords = [ranker.correct(w) or w for w in words(query)]
        qtext = " " + " ".join(qwords) + " "

        def in_scope(phrase: str) -> bool:
            closed = stem("".join(words(phrase)))  # "warm-up" written "warmup"
            if " " in phrase or "-" in phrase:
                if any(ranker.ruleset_of[d] in scope for d in ranker.postings.get(closed, {})):
                    return True
            elif len(words(phrase)) == 1:
                # "mouthguard" written "mouth guard": two words of the rulebook, side by side
                word = words(phrase)[0]
                for i in range(3, len(word) - 2):
                    if in_scope(f"{word[:i]} {word[i:]}") and f"{word[:i]} {word[i:]}" in self._texts(scope):
                        return True
            common = None
            for t in terms(phrase):
                docs = {d for d in ranker.postings.get(t, {}) if ranker.ruleset_of[d] in scope}
                common = docs if common is None else common & docs
                if not common:
                    return False
            return bool(common)

        def phrase_in_scope(phrase: str) -> bool:
            # another wording of the topic, said as such ("blow out" for a mercy rule), not its words apart
            # in one clause ("blow the whistle ... out")
            from rulebot.search.ranker import phrase_term

            return any(ranker.ruleset_of[d] in scope for d in ranker.postings.get(phrase_term(phrase), {}))

        # a topic word said only inside a longer phrase of the synonym list that means something else
        # ("points" in "level on points", a tie; not "minor" in "minor penalty") is not the topic
        phrases: list[tuple[str, ...]] | None = None  # worked out when a topic is said (most say none)

        def said_alone(tw: list[str]) -> bool:
            nonlocal phrases
            if phrases is None:
                phrases = [tuple(words(p)) for p in ranker.query_phrases(qwords) if len(words(p)) > 1]
            masked = _TIED_ON_POINTS.sub(" ", qtext)  # "tied on points" is a tie, wherever it is said
            for p in phrases:
                kin = {tuple(words(m)) for gi in syn.by_phrase.get(p, ()) for m in syn.groups[gi]}
                if len(p) > len(tw) and f" {' '.join(tw)} " in f" {' '.join(p)} " and tuple(tw) not in kin:
                    masked = masked.replace(f" {' '.join(p)} ", " ")
            return f" {' '.join(tw)} " in masked

        missing: list[str] = []
        qset = set(qwords)
        listed = tuple(syn.topics if topics is None else topics)
        opened = _topics_opened(listed)
        # only the topics one of the question's words opens, in the list's order (most say none)
        for topic in (listed[i] for i in sorted({i for w in qset for i in opened.get(w, ())})):
            tw = words(topic)
            if len(tw) == 1 and tw[0] not in qwords and _said_as_verb(
                    qwords, {sp for sp in _topic_spellings(topic) if sp + "s" == tw[0]}):
                continue  # "skate backwards", "skate with it": skating, not the skates
            if _put_on(qtext, topic):
                continue  # "one team is still lacing up skates at start time": not ready, not the skates
            # the topic, another spelling of it, or that spelling's plural ("slap shots" for "slapshot")
            if not tw or ((f" {' '.join(tw)} " not in qtext or not said_alone(tw))
                          and not (f" {' '.join(tw)}s " in qtext and said_alone(tw[:-1] + [tw[-1] + "s"]))
                          and not any(f" {sp} " in qtext or f" {sp}s " in qtext for sp in _topic_spellings(topic))):
                continue
            if any(f" {' '.join(tw)} " in f" {' '.join(words(m))} " for m in missing):
                continue
            if any("".join(tw).rstrip("s") == "".join(words(m)).rstrip("s") for m in missing):
                continue  # "timeout" and "timeouts" after "time out": one topic, said once
            # other spellings are not other words; alternatives with a number ("two minute") are too
            # loose to prove a rulebook covers the topic
            alts = [a for a in syn.expansions(tw) if "".join(words(a)) != "".join(tw)
                    and not any(w.isdigit() or w in NUMBER_WORDS for w in words(a))]
            if in_scope(topic) or any(in_scope(alt) if len(words(alt)) == 1 else phrase_in_scope(alt) for alt in alts):
                continue
            said = _topic_said().get(" ".join(tw))
            if said is not None and said.search(self._texts(scope)):
                continue  # a mercy rule worded without "mercy": "A team leading by 7 goals or more ..."
            missing.append(topic)
        return missing

    def unreadable(self, question: str) -> bool:
        """True when ``question`` has no word of two letters or more beyond the small ones ("x", "%s
        {0}"; a rule number is looked up before), or when at least two and most of its words mean nothing
        here (:meth:`ClauseRanker.known_word`: "lorem ipsum dolor sit amet"); a typo of a rulebook word or
        any English word counts as meaning something."""
        said = [w for w in re.findall(r"[^\W\d_]+", question.lower()) if len(w) >= 2 and w not in STOP_WORDS]
        if not said:  # ... unless the synonym list reads it ("2+2": a double minor)
            return not any(len(group) > 1 for _, group in self.ranker.concepts(question))
        # the rulebooks' own words first: the English word list (about 150 ms to load) and the typo search
        # are consulted only when most words are none of theirs
        odd = [w for w in said if not self.ranker.rulebook_word(w)]
        if len(odd) < 2 or 2 * len(odd) <= len(said):
            return False
        unknown = [w for w in odd if not self.ranker.known_word(w)]
        return len(unknown) >= 2 and 2 * len(unknown) > len(said)

    def infractions_named(self, topics: list[str]) -> bool:
        """True when every one of ``topics`` names an infraction in some rulebook's penalty table
        (tripping, slashing; not a penalty class such as a major): a rulebook without it may still say
        what any penalty brings (U9: "Penalty results in penalty shot")."""
        names = self.infraction_names()
        return all(" ".join(words(t)) in names for t in topics)

    def infraction_names(self) -> frozenset[str]:
        """The infractions of every rulebook's penalty table, each as its words joined by spaces
        ("checking from behind"); worked out once per searcher."""
        from rulebot.penalties import infractions

        names = self.__dict__.get("_infraction_names")
        if names is None:
            names = self.__dict__["_infraction_names"] = frozenset(
                " ".join(words(i.infraction)) for i in infractions(self.index))
        return names

    def missing_only_told(self, question: str, missing: list[str], top: Hit, told_of: bool = False) -> bool:
        """Whether the rule topics of ``missing`` (the synonym list's, never mentioned by the rulebook asked)
        are an aside: each said only in the sentences that tell (not those ending in "?"), while the asking
        ones name :data:`ASKED_REST` things a rulebook rules on, one of them said by ``top``, the clause
        that would answer ("Team wants a time out to sort out a kid's broken skate lace. How long is a time
        out and how many do they get?": ball hockey 8).  When the story tells another rulebook's rule
        (``told_of``: "In FIRS the third penalty gets you a 10-minute misconduct. What's the ball hockey
        equivalent?"), ``top`` must say :data:`TOLD_SHARED` things of the question besides the topics
        instead (ball hockey 39: three penalties in a game)."""
        # the sentences that end in "?", else a request ("I would like the jury to confirm what ...")
        asking = " ".join(re.findall(r"[^.?!]*\?", question)) or sentences_and_asking(question)[1]
        if not asking.strip() or len(asking.strip()) == len(question.strip()):
            return False
        if self.rule_matters(asking) < ASKED_REST and _PART_REFERS_BACK.search(asking):
            # "... The organizers are talking about giving us a loss. Can they do that?": the sentence
            # before the question says what "that" is
            told = re.split(r"(?<=[.!])\s+", question.split("?")[0].strip())
            if len(told) > 1:
                asking = f"{told[-2]} {asking}"
        said = set(terms(asking))
        if any(set(terms(topic)) & said for topic in missing):
            return False
        if told_of:
            return self.things_said(_without_words(question, missing), top) >= TOLD_SHARED
        return self.rule_matters(asking) >= ASKED_REST and self.things_said(asking, top) >= 1

    def fouls_unnamed(self, question: str, scope: set[str]) -> bool:
        """Whether ``question`` tells fouls (:func:`fouls_told`: "kid trips a guy", "hooked someone") that
        name an infraction of some rulebook's penalty table and none of the rulebooks in ``scope`` names
        (the U9 tournament names no tripping or hooking: what it says of penalties answers)."""
        named = {t for name in self.infraction_names() for t in terms(name)}
        # a foul in one word ("trips", "cross-checks"), not a deed told in several ("falls on the puck")
        told = [terms(f) for f in fouls_told(question) if " " not in f]
        if not told or not all(stems and set(stems) <= named for stems in told):
            return False
        r = self.ranker
        for stems in told:
            # the foul's words together in one clause ("cross-checks": not "check" alone)
            docs = set.intersection(*(set(r.postings.get(t, {})) for t in stems))
            if not docs or any(r.ruleset_of[d] in scope for d in docs):
                return False
        return True

    def missing_in_claim(self, question: str, missing: list[str], top: Hit) -> bool:
        """Whether ``question`` asks to check a statement (:data:`_CLAIM_CHECKED`: "True or false: ...",
        "correct or not", "is it true that") whose subject (its first :data:`CLAIM_SUBJECT_WORDS` words) is no
        topic of ``missing`` and whose other words name at least :data:`CLAIM_SHARED` things a rulebook rules
        on that ``top``, the clause that would answer, says: the statement is checked against it, the topics
        of ``missing`` being what it gets wrong."""
        m = _CLAIM_CHECKED.search(question)
        if m is None:
            return False
        # ... what the statement is about is not the topic missing ("True or false: offside applies in ball
        # hockey when ...": not covered)
        subject = [w for w in words(question[m.end():]) if w not in STOP_WORDS][:CLAIM_SUBJECT_WORDS]
        if any(set(words(topic)) & set(subject) for topic in missing):
            return False
        return self.things_said(_without_words(question, missing), top) >= CLAIM_SHARED

    def missing_an_alternative(self, question: str, missing: list[str], top: Hit) -> bool:
        """Whether ``question`` offers alternatives ("Do we forfeit them, or start the game and give a delay
        of game penalty?", "do we go to a shootout, or play two-minute sudden-death periods?", an exam
        question's options), the topics of ``missing`` all in one, and the others name things a rulebook
        rules on that ``top``, the clause that would answer, says (one of two alternatives; OPTIONS_SAID of
        three or more)."""
        sides = _ALTERNATIVES.split(question)
        if len(sides) < 2:
            return False
        said = [{topic for topic in missing if set(terms(topic)) & set(terms(side))} for side in sides]
        guessed = [i for i, topics in enumerate(said) if topics]
        if len(guessed) != 1 or len(said[guessed[0]]) < len(missing):
            return False
        # the options of an exam question are alternatives too ("A) forfeit B) game starts, 1-minute
        # delay-of-game penalty C) game delayed 5 minutes"): the others together
        guess = sides[guessed[0]]
        other = " ".join(side for i, side in enumerate(sides) if i != guessed[0])
        # "Is there icing in ball hockey, or does play just continue?" asks about the topic itself
        return (not _ASKS_EXISTS.search(guess) and self.rule_matters(other) >= OPEN_GUESS_REST
                and self.things_said(other, top) >= (1 if len(sides) == 2 else OPTIONS_SAID))

    def things_said(self, query: str, hit: Hit) -> int:
        """How many of the things a rulebook rules on that ``query`` names (:meth:`rule_matters`) the clause
        of ``hit`` says, itself or by a synonym."""
        return self.said_by(hit, self.ruled_things(query))

    def said_by(self, hit: Hit, groups: list[frozenset[str]]) -> int:
        """How many of ``groups`` (each the stems that say one thing) the clause of ``hit`` says; 0 for a
        clause the ranker does not hold."""
        d = self.ranker.doc_of.get(hit.clause.id)
        if d is None:
            return 0
        own = self.ranker.doc_terms[d]
        return sum(1 for group in groups if group & own)

    def rule_matters(self, query: str) -> int:
        """How many things a rulebook rules on a question names besides the people and places of any
        game (player, coach, bench, floor) and the asking words ("allowed", "legal"): 0 for "is vaping
        allowed on the bench?", 4 for "a dad filming on his phone screams at my ref, can I throw him out?"
        (:meth:`ruled_things`)."""
        return len(self.ruled_things(query))

    def ruled_things(self, query: str) -> list[frozenset[str]]:
        """The things a rulebook rules on that ``query`` names, each as the stems that say it: concepts of
        :meth:`ClauseRanker.concepts` with an idf of at least 1.5, not the people and places of any game."""
        return [group for weight, group in self.ranker.concepts(query)
                if weight >= 1.5 and not group & _setting_stems()]

    def _texts(self, scope: set[str]) -> str:
        """The lower-case text of every clause of the rulebooks in ``scope``, one string (cached)."""
        key = frozenset(scope)
        cache = self.__dict__.setdefault("_scope_texts", {})
        if key not in cache:
            cache[key] = " ".join(c.text.lower() for c in self.ranker.docs if c.ruleset in scope)
        return cache[key]

    def silent(self, scope: set[str]) -> str:
        """Who says nothing: "the RHA rules say nothing" for the rulebooks asked, "no rulebook says
        anything" when every rulebook was."""
        if len(scope) > 1 and scope >= set(self.index.rulesets):
            return "no rulebook says anything"
        names = ", ".join(self.index.rulesets[r].short_name for r in sorted(scope))
        if re.search(r"\brules$", names, re.I):  # a short name written as "Summer Cup Rules"
            return f"the {names} say nothing"
        return f"the {names} rules say nothing"

    def deferrals(self, scope: set[str]) -> tuple[Citation, ...]:
        """The clauses in which the rulebooks of ``scope`` say which other rules they follow (U9: "Hockey
        Canada Playing Rules are followed except as stated below."), each cited: what a question they
        do not cover is governed by, as :meth:`not_covered_text` quotes it."""
        out = []
        for r in sorted(scope):
            said = self.index.rulesets[r].follows
            key = " ".join(said.lower().split()) if said else ""
            clause = next((c for c in self.index.by_ruleset(r) if key and key in " ".join(c.text.lower().split())), None)
            if clause is not None:
                out.append(citation(self.index, clause, 0.0))
        return tuple(out)

    def unknown_foul(self, question: str) -> list[str]:
        """``[foul]`` for a call asked for a foul named in words no rulebook has (:meth:`ClauseRanker.
        rulebook_word`, alone or two written as one), nor the synonym list, the learned terms or a spelling
        correction ("what's the penalty for biting?"): no rule names it, and no call is made up; else []."""
        from rulebot.search.learned import learned_terms

        m = _PENALTY_FOR.search(question)
        if m is None:
            return []
        said = [w for w in words(m.group("x")) if w not in STOP_WORDS]
        if words(m.group("x"))[0] in _POINTS_BACK:
            return []  # "what's the actual penalty for that in FIRS lol": the play told, not a foul named
        learned = learned_terms()
        known = self.ranker.rulebook_word

        def unknown(w: str) -> bool:
            # ... nor two such words written as one ("headshot", "cheapshot")
            return (not known(w) and not load_synonyms().expansions([w]) and not self.ranker.correct(w)
                    and stem(w) not in learned and not any(known(w[:i]) and known(w[i:]) for i in range(3, len(w) - 2)))

        return [m.group("x").strip()] if said and all(unknown(w) for w in said) else []

    def not_covered_text(self, missing: list[str], scope: set[str]) -> str:
        """The answer for a question the selected rulebooks do not cover."""
        text = f"Not covered: {self.silent(scope)} about {', '.join(missing)}."
        follows = [(self.index.rulesets[r].short_name, self.index.rulesets[r].follows) for r in sorted(scope)
                   if self.index.rulesets[r].follows]
        if len(scope) == 1 and follows:
            text += f" (The rulebook says: “{follows[0][1]}”)"
        elif follows:  # each preamble is its own rulebook's, not all of them (U9: "Hockey Canada ...")
            text += " " + " ".join(f"(The {name} rulebook says: “{f}”)" for name, f in follows)
        return text

    def class_length_asked(self, question: str) -> str:
        """For a question that asks how long one penalty class is ("Which rulebook has the shortest minor
        penalty - FIRS, RHA, ball hockey or the youth cup?", "I keep mixing up how long a minor is between
        the books. Is it two minutes everywhere?"): that question put plainly ("how long is a minor"), which
        :meth:`class_question` reads; "" when the question names no class or several, asks no length of it
        in one sentence (:data:`_LENGTH_ASKED`), names a foul, or asks what the records are charged."""
        names = {class_named(m) for m in _CLASS_NAME.finditer(question.lower())}
        if (len(names) != 1 or "penalty shot" in names or _RECORDS_ASKED.search(question)
                or fouls_told(question) or _PENALTY_FOR.search(question)
                or (names == {"match"} and not re.search(r"\bmatch penalt", question, re.I))):
            return ""  # ... nor a match that is a game ("which rulebook has the shortest match?")
        # the length asked of the class, in one sentence ("how long is a minor"; not "Our goalie gets a match
        # penalty. How long do we get for the change?")
        if not any(_LENGTH_ASKED.search(x) and _CLASS_NAME.search(x.lower()) for x in sentences(question)):
            return ""
        return f"how long is a {next(iter(names))}"

    def compare(self, question: str, rulesets: tuple[str, ...], intent: Intent, limit: int = 5) -> Answer:
        """One line per ruleset ("RHA: ...") for a question asked across rulebooks — each the answer
        that ruleset alone gives (its call, its class definition, or "not covered") — with each
        ruleset's best clauses cited in turn (its best first, then its second ...)."""
        from rulebot.search.intent import strip_comparison

        pq = self.parsed(question)
        rest = strip_comparison(pq.text)
        if not any(ch.isalnum() for ch in rest):
            names = ", ".join(self.index.rulesets[r].short_name for r in rulesets)
            return Answer(question, None, f"What should I compare across {names}? Ask about a rule, "
                          "e.g. how long periods are.", (), answered=False, kind="comparison")
        asked = self.class_length_asked(question)
        lines: list[str] = []
        per: list[tuple[Citation, ...]] = []
        from rulebot.layering import layered_answer

        defined: dict[str, list] = {}  # ruleset -> the definitions of the class asked, when one is

        def plain(q: str, rid: str, n: int) -> Answer:
            # the length of one penalty class asked ("Which rulebook has the shortest minor?"): the class's
            # definition in each rulebook that has it, as when asked alone
            classes = defined[rid] = self.class_question(asked, {rid}) if asked else []
            one = self.class_answer(q, rid, classes, n) if classes else None
            return one if one is not None else self._ask_one(q, rid, n, compare=False)

        for rid in rulesets:
            base = self.index.rulesets[rid].base
            # a tournament sheet over the rules it amends answers as when asked alone: its own rules, else
            # its base's (issue 7), not "not covered" for what only the base says
            one = layered_answer(self.index, plain, rest, rid, 3) if base in self.index.rulesets else plain(rest, rid, 3)
            name = self.index.rulesets[rid].short_name
            text = one.answer[len(name) + 1:] if one.answer.startswith(f"{name} ") else one.answer
            lines.append(f"{name}: {text}")
            if one.answered:
                per.append(one.citations)
        # (the rulebooks compared, not the base a tournament sheet was answered over)
        extreme = class_extreme(question, {r: defined.get(r, []) for r in rulesets}, self.index) if asked else ""
        if extreme:
            lines.insert(0, extreme)
        ordered: list[Citation] = []
        for rank in range(3):
            ordered.extend(c[rank] for c in per if len(c) > rank)
        n = max(limit, len(per))
        if not ordered:
            return Answer(question, None, "\n".join(lines) or "No rule found for that question.", (),
                          answered=False, kind="comparison")
        return Answer(question, None, "\n".join(lines), tuple(ordered[:n]), kind="comparison")


#: An extreme asked of a length across rulebooks ("which rulebook has the shortest minor?").
_EXTREME_ASKED = re.compile(r"\b(shortest|longest|least|most|fewest|quickest|briefest|lowest|highest)\b", re.I)


def class_extreme(question: str, defined: dict[str, list], index: ClauseIndex) -> str:
    """For "which rulebook has the shortest (longest) minor?": the line that names it ("Shortest: Ball hockey
    penalty, 1 minute"), from the length of each rulebook's own definition of the class asked (``defined``:
    ruleset id -> :class:`~rulebot.penalties.PenaltyClass` list, as :meth:`Searcher.class_question` reads them),
    its shortest form for "shortest" (RHA's "1:30 or 2 minutes": 1:30); "" when the question asks no extreme or
    fewer than two rulebooks give a length."""
    m = _EXTREME_ASKED.search(question)
    if not m:
        return ""
    shortest = m.group(1).lower() in ("shortest", "least", "fewest", "quickest", "briefest", "lowest")
    lengths = []
    for rid, classes in defined.items():
        for pc in classes[:1]:
            options = [x for x in (pc.minutes, *pc.alt_minutes) if x is not None]
            if options:
                lengths.append((min(options) if shortest else max(options), rid, pc))
    if len(lengths) < 2:
        return ""
    best = min(x[0] for x in lengths) if shortest else max(x[0] for x in lengths)
    from rulebot.penalties import duration_words

    named = [f"{index.rulesets[rid].short_name} {pc.name}, {pc.duration_words or duration_words(best)}"
             for x, rid, pc in lengths if x == best]
    return f"{'Shortest' if shortest else 'Longest'}: {'; '.join(named)}"


#: A length asked: "how long", "how many minutes", "the shortest", "is it two minutes".
_LENGTH_ASKED = re.compile(r"\b(?:how long|how many minutes|shortest|longest|length|duration"
                           r"|(?:is|are|was|be) (?:it |they |a \w+ |\w+ )?(?:always |only |just |really )?"
                           r"(?:one|two|four|five|ten|\d+(?::\d+)?) minutes?)\b", re.I)
#: ... not what is charged in the records ("how many penalty minutes go on the score sheet").
_RECORDS_ASKED = re.compile(r"\b(?:score ?sheet|records?|charged|stats?|statistics)\b", re.I)
#: "what's the signal for X?", "signal of X": X, ending the sentence, is the infraction whose signal is asked for.
#: Words that point back to the play told rather than name a foul ("the penalty for that").
_POINTS_BACK = frozenset("that this it these those".split())
_SIGNAL_FOR = re.compile(r"\bsignal(?:led)?\s+(?:for|of)\s+(?:an?\s+|the\s+)?"
                         # ... not a question word or a word pointing back ("that's the signal for what again")
                         rf"(?P<x>(?!(?:{'|'.join(sorted(_POINTS_BACK | {'what', 'which'}))})\b)[^?.!,;:]{{3,40}}?)"
                         r"\s*(?:[?.!]|\s[-\u2013\u2014]\s|$)", re.I)
#: The call the asker says he gives ("I'm giving the penalty shot", "I'm awarding a penalty shot", "I'm going to call
#: delay of game"), whose signal a signal question asks rather than the play's.
_CALL_GIVEN = re.compile(r"\bi(?:'m| am)\s+(?:giving|calling|awarding|going to (?:give|call|award))\s+"
                         r"(?:(?:him|her|them|the guy|a guy|the player)\s+)?(?:an?\s+|the\s+)?"
                         r"(?P<x>(?!for\b)[a-z][\w' -]{2,30}?)\s*(?=[?.!,;:]|\s(?:for|and|but|so|now|then|here)\b|\s[-\u2013\u2014]\s|$)",
                         re.I)
#: A whistle that is blown, not the hand holding it ("the whistle hand", "the non-whistle hand").
_WHISTLE_BLOWN = re.compile(r"\bwhistle\b(?![- ]?(?:hand|arm|side|fist|palm))", re.I)
#: Who a signal is given for, not what it is for ("the hooking signal for the inline refs"): no infraction named.
_SIGNAL_AUDIENCE = re.compile(r"(?:(?:the|my|our|your|all|both|new|young|other|inline|roller|ball|hockey|firs|rha|"
                              r"junior|off-ice|on-ice)\s+)*(?:refs?|referees?|officials?|linesm[ae]n|linespersons?|"
                              r"partners?|crew|timekeepers?|scorers?|scorekeepers?|box|bench(?:es)?|table|"
                              r"crowd|fans|kids|guys)", re.I)
#: A rule that says what an official signals ("the official will signal the attacking players ...").
_SIGNALS_TOLD = re.compile(r"\b(?:signal(?:s|led|ed|ling|ing)?|signify|signifies|to indicate)\b", re.I)
#: "the penalty for X?", "what do you get for X?": X, ending the question, is the foul whose call is asked.
_PENALTY_FOR = re.compile(r"\b(?:penalty|penalties|call|punishment|sanction|(?:do|does|would|will) (?:you|he|she|they|a "
                          r"player|someone) get) for (?:a |an |the |his |her )?(?P<x>[a-z][\w-]*(?: [a-z][\w-]*){0,2})"
                          r"\s*(?:[?.!]|$)", re.I)
#: How many hits of the ranker over all rulebooks order the rulebooks of an answer that gives each one's
#: number (a number asked with no rulebook chosen).
COMPARE_ORDER_DEPTH = 20
#: How many of the asker's own rulebook's hits are read for a rule that tells a signal.
OWN_SIGNAL_DEPTH = 8
#: How deep in the hits a procedure looks for an item of the best rule that points to another rule.
POINTER_DEPTH = 3
#: A rule of the asker's own rulebook that tells a signal answers a signal question sharing this many
#: words with it besides signal words ("whistle", "possession", "attacking" for U9 16), not "what's the
#: signal for tripping?".
OWN_SIGNAL_SHARED = 2
#: ... and, for a gesture another rulebook's list has, this many words of the case told.
OWN_CASE_SHARED = 4
#: ... or this share of them, when the question says fewer ("which arm goes up for the delayed call": RHA
#: 409 (b) "shall signify the calling of a delayed penalty by raising his/her arm").
OWN_CASE_SHARE = 0.6
#: A question naming a rule by number asks about it (its answering sub-clause first) when the rest names
#: this many things a rulebook rules on.
NAMED_RULE_ASKED = 2
#: ... and its answering sub-clause scores this many times its first.
NAMED_RULE_MARGIN = 2.5
#: ... but not one asking what the rule is ("What's rule 6.4.8 about, and what changes if it happens in the
#: last two minutes?": the rule from its start).
_ASKS_WHAT_RULE_IS = re.compile(r"\bwhat(?:'s| is| does)\b[^?]*\b(?:about|cover|covers|say|says|deal with|deals with"
                                r"|that one|that rule|this rule|actually is)\b|\bpull up\b.*\bwording\b", re.I)
#: A word in capitals, maybe plural, not within a heading of capitals ("the GMs", not "RULE 634 - REFUSING TO ...").
_SHORTHAND_WRITTEN = re.compile(r"(?<![A-Z] )\b([A-Z]{2,})(s?)\b(?! [A-Z]{2,}\b)")
#: What an official is to do or signal asked (:meth:`Searcher.duty_case_matched`) ...
_DUTY_ASKED = re.compile(r"\b(?:signal\w*|show|let (?:me|the ref\w*|the referee) know|supposed to do|do with (?:my|his|her|"
                         r"their) (?:arms?|hands?)|what do i do|what am i supposed)\b", re.I)
#: ... not a gesture told ("sticks both arms straight out": what it means is asked, :meth:`gesture_item_matched`).
_GESTURE_MOVED = re.compile(r"\b(?:straight|sideways|raises?|raised|throws?|threw|sticks?|stuck|holds?|holding|puts?|"
                            r"shoots?|sweeps?|lifts?|(?:over|above) (?:his|her|their) heads?|to the sides?|out to)\b", re.I)
#: The case a duty is for: what follows its "if" or "when" ("... if a shot is made on goal which does not score").
_CASE_OF_DUTY = re.compile(r"\b(?:if|when)\b(.+)", re.I | re.S)
#: The official asking, named: no case ("goal judge" is no goal).
_OFFICIAL_NAMED = re.compile(r"\bgoal[- ]judges?\b", re.I)
#: How much more (idf-weighted concepts) the best duty's case must share with the question than the next.
DUTY_CASE_MARGIN = 2.0
#: Gestures offered to choose from ("is it one arm straight up, both hands up, or arms out to the sides?").
_GESTURES_OFFERED = re.compile(r"\b(?:arms?|hands?)\b[^.?!]*\bor\b[^.?!]*\b(?:arms?|hands?)\b", re.I)
#: Teams tied in the standings ("tied on points", "the same number of points"): a tie, not the points topic
#: (U9 27, "In case of a tie after the Round Robin play", though the U9 rules never name points).
_TIED_ON_POINTS = re.compile(r"(?<= )(?:tied|tie|level|equal|even|same|same number of|identical)"
                             r"(?: on| in| with)? points(?= )")
#: A word that says a call is shown ("let everybody know" says it in other words).
_SHOW_WORD = re.compile(r"\b(?:show\w*|signal\w*|signif\w*|indicat\w*|cue\w*|gestur\w*)\b", re.I)
#: Words of a signal question that name no infraction.
_SIGNAL_WORDS = frozenset({"signal", "penalti", "call", "foul", "infract", "refere", "ref", "offici"})

#: The official who gives a signal, named in a story ("... and the ref sweeps both arms out").
_GIVER = re.compile(r"\b(?:the\s+|my\s+|our\s+)?(?:ref|refs|referee|referees|official|linesman|partner|zebra)\b", re.I)
#: An official signalled to, not signalling ("how do I signal the head referee that ..."): what comes before him.
_SIGNALLED_TO = re.compile(r"\b(?:signal|signals|signalled|signaled|signalling|signaling)\s+(?:to\s+)?"
                           r"(?:the\s+|my\s+|our\s+)?(?:head\s+|main\s+|other\s+)?$", re.I)
#: The asker as the one who signals ("how do I show ...", "what do I do with my arm").
_ASKER_GIVES = re.compile(r"\b(?:do|should|can|must|would)\s+I\b|\bmy\s+(?:arms?|hands?)\b", re.I)


#: The longest clause whose steps written after "as follows:" a procedure answer quotes whole.
INLINE_STEPS_CHARS = 1200


def steps_inline(text: str) -> bool:
    """Whether a clause announces steps and then gives them as sentences of its own ("... shall be
    taken as follows: The Referees will name ... The goaltender must stay in the crease ...": RHA 406
    (a)), at least two after the announcement."""
    m = ANNOUNCES.search(text)
    return m is not None and len(sentences(text[m.end():])) >= 2


def told_of_here(question: str) -> str:
    """``question`` without the parts that tell how another game does it ("We get a full skate in ice.",
    "In minor hockey I'd call body checking - "), when a part is left, and without a foul's name used for
    running into a place: a topic named only there is not what is asked of these rulebooks."""
    parts = [p for p in re.split(r"(?<=[.?!;])\s+|\s+-+\s+", question) if p.strip()]
    here = [p for p in parts if not _ELSEWHERE.search(p)]
    told = " ".join(here) if here and len(here) < len(parts) else question
    # "come charging into our green area" is running in, not the foul of charging an opponent
    return _INTO_A_PLACE.sub(" ", told)


def _without_words(text: str, phrases: list[str]) -> str:
    """``text`` without the words of ``phrases`` ("forfeit" out of "do we forfeit, or what happens?")."""
    for phrase in phrases:
        text = re.sub(r"[\s-]+".join(re.escape(w) for w in words(phrase)) + r"\w*", " ", text, flags=re.I)
    return text


#: "how long is a minor", "how long should a penalty be", "how long do penalties last": what is measured.
_LENGTH_OF = re.compile(r"\bhow long (?:is|are|should|do|does|will|would|must|can) (?:a |an |the |each |one |our |their )?"
                        r"([a-z][\w-]+)(?= (?:be|last|run|go|take)\b|\s*[?.!,]|$)", re.I)
#: Extra time after a tie: its periods are no answer to how long the game's periods are.
_EXTRA_TIME = re.compile(r"\bover-?time\b|\bsudden death\b|\bshoot-?outs?\b|\bOT\b|\bextra (?:time|period)", re.I)
#: "how big is the crease", "how wide are the goals": the thing whose size is asked.
_SIZE_OF = re.compile(r"\bhow (?:big|large|wide|deep|tall|high) (?:is|are|should|must|can) (?:a |an |the |each |our |their )?"
                      r"([a-z][\w-]+(?: [a-z][\w-]+)?)(?= (?:be|in|at|under|for)\b|\s*[?.!,]|$)", re.I)
#: :meth:`Searcher.prefer_numbered_subject`: a clause that never names the thing whose size is asked weighs this
#: ("how big is the crease": not FIRS 2.1 C, the rink's size).
SUBJECT_MISS_WEIGHT = 0.8

#: Words before a "one" that counts ("minimum of one official", "only one time-out", "allowed one") and
#: words after it that make it no count ("one of", "one another", "one stick length").
_ONE_COUNTS = frozenset("of only just exactly allowed least most than minimum maximum have has get gets receive "
                        "with and".split())
_ONE_NOT_COUNTED = frozenset("of another who which that stick foot hand knee skate arm leg".split())
_ONE_HYPHENATED = re.compile(r"\bone-(?=\w)", re.I)


def quoted_after_first(hits: list[Hit], quoted: list, limit: int) -> list[Hit]:
    """``hits`` with the clauses an answer quoted beyond them (the sentence it refers back to) right after
    the first, at the first's score; at most ``limit``.  A signal's rule, which its answer quotes first
    (:func:`rulebot.search.answer.signal_answer`: "... straight above the head [FIRS 6.3 B]. In Annex B: ..."),
    comes before the signal.
    Those the search found come first, in its order: of a list's items quoted in list order (U9 28 "...
    as followis:" then 30-32), the one that fits the question best ("how many skaters a side": 32)."""
    if not hits or not quoted:
        return hits
    if hits[0].clause.kind == "signal":
        # the signal's rule, quoted before the list's drawing of it: the answer rests on the rule (not so the
        # sentence an answer refers back to, quoted before the one that answers)
        hits = [Hit(quoted[0], hits[0].score)] + [h for h in hits if h.clause.id != quoted[0].id]
        quoted = quoted[1:]
    place = {h.clause.id: i for i, h in enumerate(hits)}
    quoted = sorted(quoted, key=lambda c: place.get(c.id, len(hits)))
    ids = {c.id for c in quoted}
    return (hits[:1] + [Hit(c, hits[0].score) for c in quoted] + [h for h in hits[1:] if h.clause.id not in ids])[:limit]


@lru_cache(maxsize=4096)
def _number_facts(text: str) -> tuple[tuple[str, ...], frozenset[int], tuple[int, ...], dict[str, tuple[int, ...]],
                                      bool]:
    """What :meth:`Searcher.prefer_numbered_subject` reads of a clause text, once per text: ``(stems,
    places of the numbers, each stem's place in words apart, the places of each stem, whether it tells of
    extra time)``.  Words apart do not count the numbers and their units between ("3 meters (10 feet) away
    from the players facing-off", FIRS 5.5.1 B: "facing-off" is the distance's subject)."""
    stems, nums = _numbered_stems(text)
    numbered = frozenset(nums)
    at = tuple(accumulate((0 if i in numbered or x in _MEASURES else 1 for i, x in enumerate(stems)), initial=0))
    places: dict[str, list[int]] = {}
    for i, x in enumerate(stems):
        places.setdefault(x, []).append(i)
    return stems, numbered, at, {x: tuple(ps) for x, ps in places.items()}, bool(_EXTRA_TIME.search(text))


def _numbered_stems(text: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """``(stems, numbers)``: the stems of a clause text's words without stop words ("15 feet of the
    players" -> 15, feet, player), and the places of those that are numbers, digits or words."""
    from rulebot.search.text import NUMBER_WORDS

    # "one" is a small word, except as the number it is ("Minimum of one official per game", U9 3; not
    # "the one taking the draw", "one of", "one another", nor a length in "one stick length")
    # ... and words the rulebooks also write as one are one ("time-out": the asked "timeout", by units)
    us = units(words(_ONE_HYPHENATED.sub("a ", text)))  # "one-minute duration" describes, it counts nothing
    raw = [w for w, _ in us]
    counted = {i for i, x in enumerate(raw) if x == "one" and 0 < i and raw[i - 1] in _ONE_COUNTS
               and raw[i + 1:i + 2] and raw[i + 1] not in _ONE_NOT_COUNTED}
    # "three-on-three", "4-on-4": a count of players a side, the "on" standing for them
    a_side = {i for i in range(1, len(raw) - 1) if raw[i] == "on" and all(
        any(ch.isdigit() for ch in x) or x in NUMBER_WORDS for x in (raw[i - 1], raw[i + 1]))}
    kept_at = [i for i, x in enumerate(raw) if x not in STOP_WORDS or i in counted or i in a_side]
    nums = tuple(n for n, i in enumerate(kept_at)
                 if any(ch.isdigit() for ch in raw[i]) or raw[i] in NUMBER_WORDS or i in counted)
    return tuple("player" if i in a_side else us[i][1] for i in kept_at), nums


def _unsaid_sentences(piece: str, text: str) -> str:
    """Of a quoted piece ("sentences [label]"), the sentences ``text`` does not have, with the piece's
    label; "" when it has them all or the piece has no label."""
    m = re.match(r"(.*?)(\s*\[[^\]]+\])\s*$", piece, re.S)
    if m is None:
        return ""
    fresh = [x.strip() for x in sentences(m.group(1)) if x.strip() and x.strip() not in text]
    return f"{' '.join(fresh)}{m.group(2)}" if fresh else ""


def gesture_told(question: str) -> str:
    """The part of a question that tells the official's gesture: from the official named in a story (not
    one signalled to: "how do I signal the referee that ...", a goal judge's) to the end of that
    sentence ("Puck squeaks across during a scramble and the ref sweeps both arms flat
    out to the sides" -> "the ref sweeps both arms flat out to the sides"; "across" is the puck's, not
    the signal's); the whole question when it names no official, starts with one, or tells the gesture
    before naming him."""
    from rulebot.signals import signal_concepts

    # not an official signalled to ("how do I signal the referee that ...": a goal judge's signal)
    m = next((g for g in _GIVER.finditer(question) if not _SIGNALLED_TO.search(question, 0, g.start())), None)
    if not m or m.start() == 0:
        return question
    end = re.search(r"[.?!](?:\s|$)", question[m.start():])
    told = question[m.start(): m.start() + end.start()] if end else question[m.start():]
    # "Closed fist, arm punched straight out - what's the ref signalling?": the gesture is before him
    return told if len(signal_concepts(told)) >= 2 else question


#: A size: a number and a unit of length ("45 cm", "18\"", "6.1 meters"; :data:`_MEASURE` also counts times).
_SIZE = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:cm|mm|m|metres?|meters?|feet|foot|ft|inch(?:es)?|\"|”|')(?!\w)", re.I)
#: A clause giving this many measures specifies equipment or the rink (FIRS 2.2 C, the drop net) ...
SPEC_MEASURES = 3
#: ... and weighs this much for a question that asks no size ...
SPEC_WEIGHT = 0.7
#: ... unless it asks whether a thing is made to the rules ("is my curved stick legal?", "rules for the goal
#: cage").
_ASKS_SPEC = re.compile(r"\b(?:legal|illegal|allowed|permitted|too (?:big|long|wide|short|small|high)|dimensions?"
                        r"|size|measure\w*|specs?|rules? for|regulation)\b", re.I)


def measures_later(hits: list[Hit], question: str, index: ClauseIndex, depth: int = 10) -> list[Hit]:
    """For a question that asks no number and gives no measure: of the first ``depth`` hits, a clause that
    gives :data:`SPEC_MEASURES` measures or more (FIRS 2.2 C: "a depth of 45 cm (18") ... a maximum width
    of 180 cm (71") and height of 110 cm (43")") weighs :data:`SPEC_WEIGHT`, unless the question asks about
    the thing its heading names (:data:`_ASKS_SPEC`: "is my stick legal?", "the rules for the goal cage"); the
    play told is not the drop net's make."""
    if _SIZE.search(question):
        return hits
    said = set(terms(question)) if _ASKS_SPEC.search(question) else set()

    def spec(h: Hit) -> bool:  # ... unless the question asks about what it specifies ("is my stick legal?")
        heading = set(terms(index.heading(h.clause) or ""))
        return _text_marks(h.clause.text).sizes >= SPEC_MEASURES and not (heading and heading <= said)

    out = [Hit(h.clause, h.score * (SPEC_WEIGHT if n < depth and spec(h) else 1.0)) for n, h in enumerate(hits)]
    return sorted(out, key=lambda h: -h.score)


@lru_cache(maxsize=8192)
def _has_unit(text: str, units: frozenset[str]) -> bool:
    """Whether ``text`` gives a number of one of ``units``: a unit word with a number among the three
    words before it ("ten (10) minute misconduct", "3 meters (10 feet)", "one-minute duration")."""
    from rulebot.search.text import NUMBER_WORDS

    toks = re.findall(r"[a-z0-9]+", text.lower())
    return any(t in units and any(x.isdigit() or x in NUMBER_WORDS or x == "one" for x in toks[max(0, i - 3):i])
               for i, t in enumerate(toks))


def _aggravated(text: str) -> bool:
    """True for a clause text about an aggravated form (injury, "may also be treated as a match
    penalty", a penalty shot ...)."""
    return bool(_aggravations(text))


def _says_none(text: str, asked: set[str]) -> bool:
    """Whether ``text`` says there is none of a thing asked about ("There are no time-outs in the
    Tournament": {"timeout"})."""
    return any(set(terms(m.group(1))) & asked for m in _NONE_OF.finditer(text.lower()))


#: "There are no time-outs in ...", "No time-outs shall be ...": the thing a sentence says there is none of,
#: the last word before what is said of it (not "no roster substitutions", where "roster" only tells which;
#: not "... but no assist shall be awarded", none in one case).
_NONE_OF = re.compile(r"(?:^|[.;:]\s+|\bthere (?:are|is|will be|shall be)\s+)no\s+(?:[a-z][\w-]*\s+)?([a-z][\w-]*)"
                      r"(?=\s+(?:in|during|at|for|are|is|shall|will|may|can)\b|\s*[.,;]|$)")


@lru_cache(maxsize=8192)
def _aggravations(text: str, negate: bool = False) -> frozenset[str]:
    """The kinds of aggravated form a text tells: "injury", "harsher" (a further or subsequent penalty,
    an altercation) and "chance" (a penalty shot, a breakaway, a foul from behind); with ``negate``, not one
    said right after a negation (:data:`_NEGATED_BEFORE`: "no injury tho", "without hurting him"; "no injury
    on the first jab, but the second one injured him" tells the injury)."""
    low = text.lower()
    return frozenset(m.lastgroup for m in _AGGRAVATED.finditer(low)
                     if not (negate and _NEGATED_BEFORE.search(low[max(0, m.start() - 30):m.start()])))


#: A negation just before a mention ("no ", "not ", "without ", "never ", "wasn't "), at most two words away.
_NEGATED_BEFORE = re.compile(r"\b(?:no|not|without|never|\w+n't)\s+(?:\w+\s+){0,2}$")


#: Words after a verb of moving that make the word before it that verb ("skate backwards", "skate with it"),
#: not a thing of the same name.
_MOTION_AFTER = frozenset("""backwards backward forward forwards away around toward towards with back
past""".split())
#: Words before a noun ("a skate with a loose blade"), never before the verb.
_BEFORE_NOUN = frozenset("a an the my his her their our your this that each every one".split())


def _said_as_verb(qwords: list[str], forms: set[str]) -> bool:
    """True when every time one of ``forms`` (the bare singular of a rule topic named in the plural, "skate"
    for "skates") is said in ``qwords`` a word of moving follows it (:data:`_MOTION_AFTER`) and no article
    or possessive comes before it: the verb, not the thing ("make our kids skate backwards"; not "a skate
    with a loose blade")."""
    at = [i for i, w in enumerate(qwords) if w in forms]
    return bool(at) and all(i + 1 < len(qwords) and qwords[i + 1] in _MOTION_AFTER
                            and not (i and qwords[i - 1] in _BEFORE_NOUN) for i in at)


#: Gear being put on, said before the gear ("still lacing up skates", "strapping on his pads", "tying their
#: skates"): a team or player not yet ready, a story's moment, not a question about the gear ("must players
#: lace up their skates before the warm-up?" asks about the gear).
_PUT_ON = (r"(?:(?:lacing|tying|strapping)(?: up| on)?|(?:putting|pulling) on) (?:(?:the|his|her|their|our|your|my) )?")


def _put_on(qtext: str, topic: str) -> bool:
    """True when every time ``topic`` (or its plural) is said in ``qtext`` (lower-case words, space-joined,
    with a space at each end) it is gear being put on (:data:`_PUT_ON`)."""
    spoken = "|".join(re.escape(" ".join(words(t))) for t in (topic, *_topic_spellings(topic)))
    said = re.findall(rf" (?:{spoken})s? ", qtext)
    return bool(said) and len(re.findall(rf" {_PUT_ON}(?:{spoken})s? ", qtext)) == len(said)


@lru_cache(maxsize=None)
def _topic_openings(topic: str) -> frozenset[str]:
    """The first words a question says a rule topic with: of the topic and its other spellings, each also
    with a plural "s" (:meth:`Searcher.uncovered_terms` looks no further when none is said)."""
    firsts = {words(sp)[0] for sp in (topic, *_topic_spellings(topic)) if words(sp)}
    return frozenset(firsts | {w + "s" for w in firsts})


@lru_cache(maxsize=8)
def _topics_opened(topics: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """The places in ``topics`` of the topics each first word opens (:func:`_topic_openings`): the few a
    question's words can say, found without testing every topic."""
    out: dict[str, list[int]] = {}
    for i, topic in enumerate(topics):
        for w in _topic_openings(topic):
            out.setdefault(w, []).append(i)
    return {w: tuple(at) for w, at in out.items()}


@lru_cache(maxsize=None)
def _topic_spellings(topic: str) -> tuple[str, ...]:
    """The other spellings of a rule topic in the synonym list ("slapshot" -> "slap shot",
    "slapshots"), each as space-joined words."""
    from rulebot.search.text import load_synonyms

    tw = words(topic)
    return tuple(" ".join(words(a)) for a in load_synonyms().expansions(tw)
                 if "".join(words(a)).rstrip("s") == "".join(tw).rstrip("s"))


def _first_asked(question: str) -> str:
    """The first thing a question asks when it opens by asking ("how long is a misconduct, and can the
    team replace him?" -> "how long is a misconduct"); the whole question when it opens with a story
    ("Player whacks the boards ... What's the penalty and how long is it?")."""
    first = question_parts(question)[0]
    if first != question:
        return first if question.lstrip().startswith(first[:20]) else question
    # one question, then what is said about it ("How long is a minor? Our league does 90 seconds but
    # the visiting coach swears it's two."): the question, when it asks how long or what something is
    head = re.split(r"(?<=[?])\s+", question.strip(), maxsplit=1)[0]
    if head != question.strip():
        intent = classify(head)
        if intent.number or intent.definition:
            return head.rstrip("?").strip()
    # ... or after a comma ("how long is a minor, running a combined event and the clocks dont match")
    m = re.match(r"([^,?]+),\s+(.+)$", question.strip())
    if (m and len(words(m.group(1))) >= 4 and not ASKS_ON.match(m.group(2)) and not _CONDITION_ON.match(m.group(2))
            and classify(m.group(1)).number):
        return m.group(1).strip()
    return question


#: A word of four letters or more, as :meth:`Searcher.typos_fixed` reads a question ...
_WORD = re.compile(r"(?<![\w'-])[A-Za-z]{4,}(?![\w'-])")
#: ... and how alike (rapidfuzz ratio) a misspelt word and the rulebook word it is taken for are.
TYPO_FIXED_SIMILARITY = 85
#: What narrows the question after a comma ("how long is a major, for a goalie who leaves his crease to
#: fight?", "..., if they score on the power play"): part of what is asked.
_CONDITION_ON = re.compile(r"(?:if|for|when|whenever|unless|during|with|without|while|in case|after|before|once"
                           r"|where|since|because)\b", re.I)
#: A term the question puts in quotes ("what does 'control' of the puck mean"): up to 5 words.
_QUOTED = re.compile(r"(?<![\w])['\"‘“]([A-Za-z][\w -]{1,40}?)['\"’”](?![\w])")
_LEADING_SMALL = re.compile(r"^(?:(?:in|the|a|an|to|be|being|on|of)\s+)+")
#: How much a clause that defines the quoted term ("Control of the puck means ...") gains.
QUOTED_TERM_WEIGHT = 3.0


#: Stems by which a question names a family of :data:`GAME_STATE` ("they're killing a penalty", "on the pp").
_STATE_STEMS = {"strength": frozenset({"penal", "power", "powerplay", "short_hand", "kill", "advantag", "pp", "pk"}),
                "late": frozenset({"last", "final", "end", "remain", "left"}),
                "empty": frozenset({"remov", "pull", "empti"}),
                "keeper": frozenset({"goali", "goalkeep", "goaltend", "keeper", "netmind", "tender"})}
#: A clause that opens on the goalkeeper's case: "If a goalkeeper's helmet comes off", "When the goaltender
#: ..." (not "When the goalkeeper has been removed", an empty net).
_GOALIE_OPENING = re.compile(r"^\W*(?:if|when|whenever|should)\s+(?:an?|the|any)\s+"
                             r"goal\s*(?:keeper|ie|tender)s?(?:'s|’s)?\b(?!\s+(?:has been |is |was )?removed)", re.I)
UNMET_STATE_WEIGHT = 0.85


@lru_cache(maxsize=4096)
def _opening_states(text: str) -> frozenset[str]:
    """The :data:`GAME_STATE` families a clause's opening condition ("When/If ...,") names, and
    "keeper" for a case of the goalkeeper ("If a goalkeeper's helmet comes off during the play ...",
    FIRS 6.4.3 E: not the case of a skater whose helmet comes off)."""
    m = OPENING_CONDITION.match(text) or _STATE_OPENING.match(text)
    states = frozenset(s.lastgroup for s in GAME_STATE.finditer(m.group(0))) if m else frozenset()
    return states | {"keeper"} if _GOALIE_OPENING.match(text) else states


#: A condition on the team's state opening a clause with no comma after it: "If when a team is
#: “short-handed” by reason of ..." (FIRS 6.3 E, RHA 409 (c) NOTE 3): the state as its first words say it.
_STATE_OPENING = re.compile(r"^\W*(?:if when|if while|when|if|while) (?:a|the|either|one) team is\W+[\w-]+\W", re.I)


def _unmet(states: frozenset[str], asked: set[str]) -> bool:
    return bool(states) and not any(_STATE_STEMS[st] & asked for st in states)


def changed_case(query: str) -> tuple[str, str] | None:
    """``(case told, changed case asked)`` when ``query`` states a case and then changes a detail of it
    ("A hook on a breakaway is a penalty shot, right? But what if he wasn't on a breakaway?"); else None.
    The case told has three words or more and asks nothing itself (:data:`_ASKS_HERE`)."""
    low = query.lower()
    if not any(hint in low for hint in _CHANGED_HINTS):
        return None  # most questions change no case: the pattern is not tried
    m = _CHANGED_CASE.search(query)
    if (m is None or len(words(query[:m.start()])) < 3 or not query[m.end():].strip(" ?.!")
            or any(_ASKS_HERE.match(part.lstrip(" \t\n'\"‘“(-–—"))
                   for part in _CLAUSE_BREAK.split(query[:m.start()]))):
        return None
    return query[:m.start()], query[m.start():].lstrip(" .?!;:,–—-")


#: The thing a "what is" question asks about: "what (exactly) is a gross misconduct", "what does a
#: gross misconduct (actually) mean", "what continuous play means", "define icing".
_ASKED_TERM = re.compile(
    r"\bwhat(?: exactly| actually)?(?:'?s| is| are)(?: (?:exactly|actually|really))? (?:an? |the )?(?P<a>[a-z][\w-]*(?: [a-z][\w-]*){0,2}?)"
    r"\s*(?:[?.!,;:]|\s[-–—]\s|$| in (?:the )?(?:rules?|book|rulebook)\b| exactly\b| actually\b| anyway\b)"
    r"|\bwhat(?: exactly| actually)? (?:does|do)(?: being)?(?: in)? (?:an? |the )?(?P<b>[a-z][\w-]*(?: [a-z][\w-]*){0,3}?)"
    r"(?: actually| exactly| really| even)? (?:mean|involve|entail)\b"
    # ... also a form's field ("define: Game Misconduct penalty | need: ...")
    r"|\b(?:define|definition of|meaning of):? (?:an? |the )?(?P<c>[a-z][\w-]*(?: [a-z][\w-]*){0,2}?)(?:\s*(?:[?.!,;:|]|$)|\s[-–—]\s)"
    r"|\b(?:counts? as|is considered|constitutes?|go(?:es)? down as|(?:is|be) (?:recorded|credited) as)(?: being)?(?: in)? (?:an? |the )?(?P<d>[a-z][\w-]*(?: [a-z][\w-]*){0,3}?)"
    r"(?:\s*(?:[?.!,;:]|$)|\s(?:in|under|per|cause|because|since|when|if)\b|\s[-–—]\s)"
    # "what's the ref's crease like": the thing
    r"|\bwhat(?:'?s| is) (?:an? |the )(?P<g>[a-z][\w'-]*(?: [a-z][\w'-]*){0,2}?)(?: in (?:the )?[\w-]+)? like\b"
    # "what's the difference between directing the puck and it bouncing off him": both things
    r"|\bdifference between (?:an? |the )?(?P<e>[a-z][\w-]*(?: [a-z][\w-]*){0,3}?) and (?:an? |the )?"
    r"(?P<f>[a-z][\w-]*(?: [a-z][\w-]*){0,5}?)(?: in (?:the )?[\w-]+)?\s*(?:[?.!,;:]|$| and\b| when\b)",
    re.I)
#: "When is a stick considered broken?": the thing and the state asked of it ("broken stick").
_WHEN_CONSIDERED = re.compile(r"\bwhen (?:is|are|does|do) (?:an? |the )?(?P<thing>[a-z][\w-]*) (?:\w+ly )?(?:considered|"
                              r"deemed|regarded as|treated as|counted as|classed as) (?:an? )?(?P<state>[a-z][\w-]*)\b"
                              # "when do we treat a stick as broken?" (not "treat him as a goalie")
                              r"|" + TREATS_AS + r" (?:an? |the )?"
                              r"(?!(?:him|her|them|it|he|she|they|this|that)\b)(?P<thing2>[a-z][\w-]*) (?:as )?"
                              r"(?:an? |the )?(?P<state2>[a-z][\w-]*)\b", re.I)
#: Words that are no term of the rules ("what is it", "what's going on").
_NO_TERM = frozenset("it this that he she they we i you going happening up the call there".split())


def asked_terms(question: str, intent: Intent) -> list[str]:
    """Terms a question asks the meaning of, lower case: those in quotes ("what does 'continuous play'
    mean"), and for a definition question the thing after "what is a", "what does a ... mean", the
    thing in a state asked of it ("when is a stick considered broken" -> "broken stick"), or a term said
    to mean something ("T/F: cross checking means ..." -> "cross checking")."""
    terms = [_LEADING_SMALL.sub("", q.strip().lower()) for q in _QUOTED.findall(question) if len(q.split()) <= 5]
    if intent.definition:
        for m in _ASKED_TERM.finditer(question):
            said = [m.group("e"), m.group("f")] if m.group("e") else [m.group("a") or m.group("b") or m.group("c")
                                                                       or m.group("d") or m.group("g") or ""]
            for term in (t.lower() for t in said if t):
                if term.split()[0] not in _NO_TERM:
                    terms.append(term)
        terms += [f"{m.group('state') or m.group('state2')} {m.group('thing') or m.group('thing2')}".lower()
                  for m in _WHEN_CONSIDERED.finditer(question)]
        # ... and a term said to mean something ("cross checking means a stick held vertically")
        terms += [m.group("stated").lower() for m in _STATED.finditer(question)]
    return terms


_STATED = re.compile(DEFINITION_STATED, re.I)


#: A clause that names its subject first and says what it is: "A Gross Misconduct penalty involves ...",
#: "Continuous play - when whistles lead to ...", "Hooking: Impeding a player ..." (after the term).
_DEFINING_HEAD = re.compile(r"^(?:\s*(?:penalty|penalties|rule))?\w*[\"'”’]?\s*(?:\s[-–—]\s|:\s|(?:involves?|means|is defined as"
                            r"|shall (?:mean|include|involve)|includes?|is|are) )", re.I)


#: "... shall be considered the player in possession": a clause that says who or what counts as the term.
_CONSIDERED_THE = re.compile(r"\b(?:shall|will) be (?:considered|deemed) (?:to be )?((?:the|a|an) [\w -]{2,40})", re.I)


#: "... shall be known as the Referee's Crease", "referred to as the goal line": a clause naming what it describes.
_KNOWN_AS = re.compile(r"\b(?:known as|referred to as)\s+(?:the |an? )?([\w'’ -]{2,40})", re.I)


def _said_by(term: str, name: str, shortened: bool = False) -> bool:
    """Whether every word of ``term`` is one of ``name``'s by stem, or a shortening of one ("directed" and
    "Directing the Puck", "ref's crease" and "Referee s Crease"); with ``shortened``, every word of ``term``
    is one of ``name``'s or has one of them as its shortening."""
    asked, named = set(terms(term)), set(terms(name))
    if shortened:
        return bool(asked) and all(any(a.startswith(n) for n in named) for a in asked)
    return bool(asked) and all(any(n.startswith(a) for n in named) for a in asked)


def defines_term(clause, term: str) -> bool:
    """True when ``clause`` says what ``term`` (lower case) is: a glossary entry with it as title, a text
    naming it in its first words and then defining it (:data:`STATES_DEFINITION`, :data:`_DEFINING_HEAD`),
    or one that says who or what "shall be considered" the term (:data:`_CONSIDERED_THE`)."""
    if clause.kind == "definition" and (term in clause.title.lower() or _said_by(term, clause.title)):
        return True  # "directed" is the glossary's "Directing the Puck"
    head = re.sub(r"^\W*(?:(?:an?|the)\s+)?[\"'“‘]?", "", clause.text[:len(term) + 80].lower())
    if head.startswith(term) and _DEFINING_HEAD.match(head[len(term):]):
        return True
    start = clause.text[:60].lower()
    if (start.startswith(term) or f" {term}" in start[:len(term) + 20]) and STATES_DEFINITION.search(clause.text):
        return True
    # "This area shall be known as the Referee s Crease" (RHA 107 (a)): the clause names what it tells of
    named = _KNOWN_AS.search(clause.text)
    if named is not None and _said_by(term, named.group(1)) and _said_by(named.group(1), term, shortened=True):
        return True  # both ways: "crease" alone is not the Referee s Crease
    # "The last player to touch the puck ... shall be considered the player in possession" (RHA 624 NOTE 1)
    said = _CONSIDERED_THE.search(clause.text)
    return said is not None and re.search(rf"\b{re.escape(term)}\b", said.group(1), re.I) is not None


def states_penalty(clause, index: ClauseIndex | None) -> bool:
    """True when ``clause`` states a penalty itself (:func:`imposes_penalty`) or is an item of a list a
    penalty is stated for (RHA 601 (f) 2 under "a Gross Misconduct penalty shall be assessed")."""
    return imposes_penalty(clause.text) or (index is not None and penalty_list_of(index, clause) is not None)


def penalty_stated_first(hits: list[Hit], index: ClauseIndex, query: str = "", depth: int = 3) -> list[Hit]:
    """For a question asking for the call: when the best clause states no penalty (U9 9 "On the buzzer,
    players must relinquish control of the puck"), one of the next that states one (U9 11 "Failure to
    relinquish control of the puck ... may result in a penalty") comes first when it scores at least
    PENALTY_SHARE of the best, and says every word of ``query`` that the best one does: not a penalty for
    something else ("what's the penalty for a hand pass": FIRS 6.4.20 E, a face-off, not 6.4.20 A's minor
    for closing the hand on the puck)."""
    if not hits or states_penalty(hits[0].clause, index):
        return hits
    top = hits[0].clause
    parent = index.get(top.parent) if top.parent else None
    if (top.kind == "note" and parent is not None and _VIOLATION_OF_THIS.search(parent.text)
            and states_penalty(parent, index)):
        # a NOTE that tells the case ("too many players on the floor", RHA 205 (c) NOTE 1) and the rule
        # it notes, which gives the call ("For any violation of this rule, a Bench Minor Penalty")
        return [Hit(parent, hits[0].score), hits[0]] + [h for h in hits[1:] if h.clause.id != parent.id]
    after = [c for c in (index.children(parent) if parent is not None else ()) if c.order > top.order and c.text]
    for sib in after[:1]:
        if _VIOLATION_OF_THIS.search(sib.text) and states_penalty(sib, index):
            # the rule forbids ("No player may leave the player bench ... to enter an altercation"); the
            # clause right after it gives "for a violation of this rule" the penalty (FIRS 6.4.27 E, F)
            return [hits[0], Hit(sib, hits[0].score)] + [h for h in hits[1:] if h.clause.id != sib.id]
        defined = _defined_term(top.text)
        if defined and all(t in terms(sib.text) for t in defined) and states_penalty(sib, index):
            # the rule defines the foul, the clause right after gives its penalty ("Fighting is defined as
            # ...", then "A Major Penalty and a Game Misconduct Penalty shall be imposed on any player who
            # starts fighting", FIRS 6.4.19 A, B)
            return [hits[0], Hit(sib, hits[0].score)] + [h for h in hits[1:] if h.clause.id != sib.id]
    keeper = roles(query) == GOALKEEPER_ONLY
    for i, h in enumerate(hits[1:depth], 1):
        if (h.score >= PENALTY_SHARE * hits[0].score and states_penalty(h.clause, index)
                and says_as_much(hits[0].clause, h.clause, query)
                # not a penalty for everyone but the goalkeeper asked about ("goalie covers the puck in the
                # crease": FIRS 6.4.35 E, "a defending player, except the goalkeeper, falls on the puck")
                and not (keeper and excludes_goalkeeper(h.clause.text))):
            return [h] + hits[:i] + hits[i + 1:]
    return hits


#: A clause that defines a term: "Fighting is defined as ...", "“Spearing” shall mean ...".
_DEFINED_AS = re.compile(r"^\W*(?:for the purposes? of this (?:rule|section),?\s+)?(?:an?\s+|the\s+)?[\"“']?"
                         r"(?P<term>[\w' -]{3,40}?)[\"”']?\s+(?:is|are|shall be|will be)\s+defined\s+as\b"
                         r"|^\W*[\"“'](?P<quoted>[^\"”']{3,40})[\"”']\s+(?:shall\s+)?means?\b", re.I)


def _defined_term(text: str) -> list[str]:
    """The stems of the term a clause defines ("Fighting is defined as ..." -> ["fight"]); [] when it defines
    none, or only a person ("A player is defined as ...", whom every penalty names: :func:`_role_stems`)."""
    m = _DEFINED_AS.search(text)
    if m is None:
        return []
    stems = terms(m.group("term") or m.group("quoted"))
    return [] if not stems or all(t in _role_stems() for t in stems) else stems


#: The clause that gives the penalty for breaking the rule before it ("For a violation of this rule a
#: double Minor Penalty and a Game Misconduct shall be imposed", FIRS 6.4.27 F).
_VIOLATION_OF_THIS = re.compile(r"\bviolation of this (?:rule|section|provision)\b", re.I)


#: How much a clause that says an answer to the thing a question asks (an ``asks`` phrase of the synonym
#: list: "who shoots first" -> "coin toss", "started by") gains over the clauses only about its topic.
ASKED_ANSWER_WEIGHT = 1.3
ASKED_ANSWER_DEPTH = 10


def asked_answer_first(hits: list[Hit], question: str) -> list[Hit]:
    """For "who shoots first in the shoot-out": of the first ASKED_ANSWER_DEPTH clauses, one that says
    an answer to the asked phrase ("Team captains will use a coin toss prior to the start of the
    shoot-out", FIRS 1.3 E) weighs ASKED_ANSWER_WEIGHT more than one that is only about shoot-outs."""
    pats = ask_answers_in(question)
    if not pats:
        return hits
    out = [Hit(h.clause, h.score * (ASKED_ANSWER_WEIGHT if n < ASKED_ANSWER_DEPTH and any(
        p.search(fold(h.clause.text)) for p in pats) else 1.0)) for n, h in enumerate(hits)]
    return sorted(out, key=lambda h: -h.score)


def prefer_defining_clause(hits: list[Hit], question: str, intent: Intent) -> list[Hit]:
    """For "what does it mean that he had 'control' of the puck", "what exactly is a gross misconduct":
    a clause that defines the term asked about (:func:`defines_term`: "Control of the puck means the act
    of propelling ...", RHA 642 (e) NOTE 2; "A Gross Misconduct penalty involves ...", RHA 404 (g))
    weighs QUOTED_TERM_WEIGHT more than the clauses that only use it."""
    terms = asked_terms(question, intent)
    if not terms:
        return hits
    out = [Hit(h.clause, h.score * (QUOTED_TERM_WEIGHT if any(defines_term(h.clause, t) for t in terms) else 1.0))
           for h in hits]
    return sorted(out, key=lambda h: -h.score)


@lru_cache(maxsize=1)
def _role_stems() -> frozenset[str]:
    """The stems of the words that name people on the floor (:data:`rulebot.search.ranker.ROLES`): the
    story's actors ("our defenceman"), not the case it tells."""
    from rulebot.search.ranker import ROLES

    return frozenset(stem(w) for names in ROLES.values() for w in names)


@lru_cache(maxsize=1)
def _topic_said() -> dict[str, re.Pattern]:
    """Topics a rulebook states without naming them, by how it words them (a mercy rule: "a team leading
    by 7 goals", "an eight (8) goal differential", as :data:`rulebot.layering.MERCY_WORDED` reads it; the
    power play a penalty does not bring: "the team will play even strength", U9 21)."""
    from rulebot.layering import MERCY_WORDED

    return {"mercy": re.compile(rf"\b(?:{MERCY_WORDED})\b", re.I),
            # no power play, said as how the team plays after a penalty (U9 21)
            "power play": re.compile(r"\bplay even strength\b", re.I)}


#: A question naming a thing around the game (``around`` in the synonym list) and at most this many rule
#: matters besides (:meth:`Searcher.rule_matters`) is about that thing.
AROUND_ALONE = 1
#: A rule number cited with what the question is about stands when the question's words, asked without
#: it, find a clause of that rule among their first this many (:meth:`Searcher.cited_rule_checked`).
CITED_RULE_DEPTH = 3
#: A rule number cited for a claim the asker wants checked, not asked about ("what does rule 608 say?"):
#: after "per", "under", "according to" ("the draw goes to the end-zone dot, per 6.4.20?"); said to say,
#: make or give something ("RHA 601 makes that a misconduct", "RHA 608 is boarding"); guessed at the end
#: ("which RHA rule is the mercy rule - 634?", "..., right? 409?"); or in a question ending in a tag ("..., right?").
#: (the numbers of :data:`~rulebot.search.query.RULE_NUMBER`, and one or two digits after "rule": "rule 4")
_CITED_NUM = rf"(?:{NUMBER_PATTERN}|(?<=rule )\d{{1,3}}\b|\b\d{{2}}\b)(?:\s?\(\s?[a-z]\s?\))?"
#: ... said to say, make or give something, anywhere:
_CITED_FOR_CLAIM = re.compile(
    rf"{_CITED_NUM}\s+(?:says?|makes?|gives?|is|puts?|calls? for)\s+(?!about\b|for\b|in\b|on\b|what\b|which\b"
    r"|how\b|who\b|when\b|where\b)\w", re.I)
#: ... guessed at the end of the question (looked for in its last CLAIM_TAIL_CHARS characters, as the others):
_GUESSED_AT_END = re.compile(
    rf"(?:\b\w+\b\W*?){{3,}}(?:[-–,;?]|\bthat'?s|\bis it|\bis that|\bor)\s*(?:[A-Z]{{2,5}}\s+)?(?:rule\s+)?"
    rf"{_CITED_NUM}\s*\?+\s*$", re.I)
#: ... and, in a question that does not open by asking about a rule (:data:`_ASKS_OF_RULE`):
_CITED_FOR_CLAIM_END = re.compile(
    rf"\b(?:per|under|according to)\s+(?:the\s+)?(?:[A-Z]{{2,5}}\s+)?(?:rule\s+|section\s+)?{_CITED_NUM}\s*\??\s*$"
    r"|(?:[,;–-]\s*|\?\s*)(?:right|correct|yeah|yes|true|yep|no|eh)\s*\?*\s*$"
    r"|\b(?:isn'?t (?:it|that|he|she|they)|doesn'?t (?:it|he|she|that)|don'?t (?:they|we|i)|aren'?t (?:they|we)"
    r"|is(?:n'?t)? that (?:right|correct|it|so|the signal)|am i right|do(?:n'?t)? i|that'?s? (?:\w+ )?\d[\w.() ]*)"
    r"\s*\?*\s*$", re.I)
CLAIM_TAIL_CHARS = 200
#: A question that opens by asking about a rule ("What's rule 630 about, right?", "What is the penalty
#: under rule 608?", "Can you explain rule 613, eh?"): the rule asked about, no claim to check.
_ASKS_OF_RULE = re.compile(r"\W*(?:what|which|how|who|whose|when|where|why|can you|could you|would you|pull up|show"
                           r"|tell me|explain|read)\b", re.I)
#: The words that tag a claim or fill around it ("..., right?", "hey ref, quick one"): no topic.
_CLAIM_WORDS = re.compile(r"\b(?:right|correct|yeah|yes|true|yep|no|eh|isn'?t|doesn'?t|don'?t|aren'?t|it|that|is|so"
                          r"|hey|hi|ref|quick|one|sorry|more|question|again|please|thanks)\b", re.I)
#: (ruleset, topic) scans :meth:`Searcher._stating_unnamed` keeps per searcher before starting afresh.
TOPIC_STATING_KEPT = 64
#: A rule cited for something else is shown by its title or its first this many characters.
CITED_RULE_CHARS = 100
#: A penalty class a rulebook lacks, guessed for a play that names at least this many things a rulebook
#: rules on besides, is an aside to the play's call (:meth:`Searcher._ask_one`).
CLASS_GUESS_REST = 4
#: ... when the clause that would answer says at least this many of them (a play the rulebook has).
CLASS_GUESS_SAID = 2
#: A question about one penalty class of what it names ("what about a minor?", "is there a major for
#: that?"); "just a minor?" doubts the class rather than asks for it.
_ASKS_CLASS = re.compile(r"\b(?:what about|how about|is there|when is it|when is there|can it be|could it be)\s+"
                         r"(?:a|an)\s+(minor|major|misconduct|match penalty|double minor)\b"
                         r"|(?:^|[-:,]\s*)(?:and\s+)?(?:a|an)\s+(minor|major|misconduct|double minor)\s*\?", re.I)
#: Things the rules rule on that an open question must name besides the topic it guesses (see below).
OPEN_GUESS_REST = 3
#: ... and of three alternatives or more (an exam question's options), the clause says this many of the others'.
OPTIONS_SAID = 3
#: ... and a topic missing only in the story is an aside when the asking sentences name this many.
ASKED_REST = 3
#: ... or, when the story tells another rulebook's rule, the clause says this many things of the question.
TOLD_SHARED = 1
#: A statement given to be checked: "True or false: ...", "T/F:", "Correct or not:", "is it true that ...",
#: "... Yes or no?".
_CLAIM_CHECKED = re.compile(r"\b(?:true or false|t\s?/\s?f\b|correct or (?:not|incorrect)|right or wrong|yes or no"
                            r"|is (?:it|this|that) (?:true|correct) that|fact or myth)", re.I)
#: ... about a case the rulebook rules on: the answering clause says this many of its things.
CLAIM_SHARED = 3
#: ... whose subject, its first this many words besides the small ones, is not the topic missing.
CLAIM_SUBJECT_WORDS = 3
#: Another game an asker compares with ("in ice", "like ice hockey", "in the NHL", "in minor hockey").
_ELSEWHERE = re.compile(r"\b(?:in|like|than)\s+(?:ice(?:\s+hockey)?\b(?!\s+(?:surface|level))|(?:the\s+)?nhl\b|"
                        r"minor hockey\b|usa hockey\b|hockey canada\b|field hockey\b)", re.I)
#: A foul's name used for running into a place ("come charging into our green area").
_INTO_A_PLACE = re.compile(r"\bcharg(?:e|es|ed|ing)(?=\s+(?:in(?:to)?|through|across|towards?)\s+(?:(?:the|our|their|his|"
                           r"my|your)\s+)?(?:\w+\s+)?(?:area|zone|crease|end|slot|corner|box|bench)\b)", re.I)
#: A clause about penalties at all: what a foul its rulebook never names may still be answered by.
_OF_PENALTIES = re.compile(r"penal|offend|infraction|foul", re.I)
#: What follows "or" in an open question: the asker offers a guess and asks openly ("..., or what happens?").
_OPEN_TAIL = r"(?:what\b|something else\b|anything else\b|is there something\b|how does\b)"
#: Between two alternatives offered: "do we forfeit them, or start the game ...", not an open one ("or what?").
_ALTERNATIVES = re.compile(rf"(?:,\s*|\s+)\bor\s+(?!{_OPEN_TAIL})", re.I)
#: "Is there X?", "do we have X?": a side of an either/or that asks whether a thing exists.
_ASKS_EXISTS = re.compile(r"\b(?:is|are) there\b|\b(?:do|does) (?:we|they|you|ball hockey|u9|it|the \w+) (?:even )?"
                          r"(?:have|use|play|call)\b", re.I)
#: "..., or what happens?", "or what?", "or something else?": the asker offers a guess and asks openly.
#: ... or asks what happens and then offers the guess ("What happens, do we have to forfeit?").
_OPEN_ALTERNATIVE = re.compile(rf"\bor {_OPEN_TAIL}|\bwhat happens\s*[,;:?\-–—]+\s*(?:do|does|is|are|should|must|can|will)\b",
                               re.I)


@lru_cache(maxsize=1)
def _setting_stems() -> frozenset[str]:
    """Stems of the people and places of any game and of asking whether something may be done."""
    from rulebot.search.ranker import ROLES

    # spectators are a rule matter of their own ("a fan throws his phone onto the floor")
    setting = [w for role, ws in ROLES.items() if role != "spectator" for w in ws] + """bench benches floor rink game games team teams play
        ref refs referee referees official officials allowed allow legal illegal okay ok wear wears wearing
        anything""".split()
    return frozenset(stem(w) for w in setting)


#: Stems of the words that ask for a verdict on a case: whether it may be done.
_VERDICT_STEMS = frozenset(stem(w) for w in "allowed allow legal illegal okay ok permitted".split())

#: Words that ask about a topic without saying anything of the case ("high sticking call", "is body
#: checking allowed", "rule on fighting").
_ASKING = frozenset("""call calls called penalty penalties allowed legal illegal rule rules what whats is are
    the a an on for about of in ok okay""".split())
#: At most this many words of its own make a question a bare topic.
BARE_WORDS = 4


def bare_topic(query: str) -> bool:
    """True for a question that only names a topic ("fighting", "too many men on the floor", "high
    sticking call"): at most :data:`BARE_WORDS` words besides asking words, and no number."""
    ws = [w for w in words(query) if w not in _ASKING]
    return (0 < len(ws) <= BARE_WORDS and not any(w.isdigit() or w in _SPECIFIC for w in ws)
            and not _aggravated(query) and not _ASKS_MAJOR.search(query.lower()))
    # "hooking that causes an injury", "a major for hooking" are cases of their own


#: Words that ask something particular of a topic ("how long is a team timeout", "when can a goalie
#: be changed"): such a question is no bare topic.
_SPECIFIC = frozenset("""how when where who whom whose why which that does do did can could
    should may must might if after before during while until against with without""".split())


def is_fragment(text: str) -> bool:
    """True for a list item that says nothing alone: short and no sentence ("Points", "Goal
    difference"), not a short rule ("The teams shall not change ends.")."""
    text = text.strip()
    return len(text) < FRAGMENT_CHARS and not text.endswith((".", "!", "?"))


def heading_like(clause) -> bool:
    """True for a rule whose own text is a short line above its sub-clauses, not a rule statement
    ("(age appropriate and custom RHA event adaptations)", RHA 630)."""
    return clause.kind == "rule" and bool(clause.children) and len(clause.text) < 60


#: A NOTE that widens its rule to cases the rule's words may not reach: "An attempt to butt-end shall
#: include all cases in which a butt-end gesture is made, regardless of whether body contact is made".
_WIDENS = re.compile(r"\b(?:shall|will) include all\b|\bregardless of whether\b|\bwhether or not\b", re.I)
#: A question whether a case still counts as what a rule names: "does it count if the stick never touches
#: him", "is it still an attempted butt-end", "does it need contact" (not "is it still a penalty?", which
#: asks the call).
_ASKS_IF_IT_COUNTS = re.compile(r"\b(?:does|do|would|will) (?:it|that|this|an? [\w-]+(?: [\w-]+)?) (?:even |still )?count\b"
                                r"|\b(?:is|was) (?:it|that|this) still (?:an?|considered) (?!penalty\b)[\w-]+"
                                r"|\bneed(?:s)? (?:contact|to (?:touch|hit|connect))\b", re.I)


def rule_before_note(hits: list[Hit], query: str = "", depth: int = 3) -> list[Hit]:
    """The first NOTE among the ``depth`` best hits after the rule it explains, when that rule is among
    the ten best and scores at least :data:`NOTE_SHARE` of it: RHA 617 (f), "A player shall be permitted
    to ... bat a puck ... This rule is disregarded ... in the defensive zone", before its NOTE 1, "The
    object of this rule is to ensure continuous action ...".  A NOTE that widens its rule (:data:`_WIDENS`)
    stays first for a question whether a case still counts (:data:`_ASKS_IF_IT_COUNTS`: "does an attempted
    butt-end count if the stick never touches him?", RHA 607 (a) NOTE 1), and one that defines the term
    asked about for a question what it is ("what makes a stick 'broken'": RHA 606 (a) NOTE 1, "A broken
    stick is one which ...")."""
    out = list(hits)
    for i, h in enumerate(out[:depth]):
        if h.clause.kind != "note" or not h.clause.parent:
            continue
        if ((_WIDENS.search(h.clause.text) and _ASKS_IF_IT_COUNTS.search(query))
                or any(defines_term(h.clause, t) for t in asked_terms(query, classify(query)))):
            j = next((j for j in range(i) if out[j].clause.id == h.clause.parent), None)
            if j is not None:  # the widening or defining NOTE before its rule
                out.insert(j, Hit(out.pop(i).clause, out[j].score))
            break
        j = next((j for j in range(i + 1, min(len(out), 10)) if out[j].clause.id == h.clause.parent), None)
        if j is not None and out[j].score >= NOTE_SHARE * h.score:
            out.insert(i, Hit(out.pop(j).clause, h.score))
        break
    return out


#: The case a clause opens with, up to its comma, colon or semicolon ("When a goal is disallowed as a
#: result of ...,", "After a goal is scored:").
_PREMISE = re.compile(r"^\W*(?:when|whenever|if|after|following|should|in the event (?:of|that))\b([^,.;:]*)[,;:]",
                      re.I)


def premise_terms(text: str) -> frozenset[str]:
    """The content stems of the case a clause opens with ("When the ball is covered by the goaltender,"
    -> ball, cover, goaltend); empty when it opens with no "when", "if", "after" ... case."""
    m = _PREMISE.match(text)
    if not m:
        return frozenset()
    return frozenset(t for w, t in units(words(m.group(1))) if w not in STOP_WORDS and t not in WEAK_STEMS)


def _goal_only_premised(text: str) -> bool:
    """True when a clause speaks of a goal's ruling only in the case it opens with ("When a goal is
    disallowed ..., the face-off shall be ..."), not as what it rules."""
    m = _PREMISE.match(text)
    return m is not None and bool(GOAL_STANDS.search(m.group(0))) and not GOAL_STANDS.search(text[m.end():])


#: The puck placed on a face-off spot for a penalty shot ("The Referee shall place the puck on the centre face-off spot",
#: FIRS 6.1.8 A •8): where the shot starts, no face-off's place ("where's the next face-off after the save?").
_PLACED_FOR_SHOT = re.compile(r"\bplace (?:the puck|the ball) on the (?:cent(?:re|er) )?face-?\s?off spot\b", re.I)


class _TextMarks(NamedTuple):
    """What :func:`kind_weight` and :func:`measures_later` read of a clause's text, read once per text."""

    defines: bool
    goal_stands: bool
    faceoff_place: bool
    goal_only_premised: bool
    resumes: bool
    introduces_list: bool
    sizes: int  # how many sizes (:data:`_SIZE`) it gives
    placed_for_shot: bool  # the puck placed for a penalty shot (:data:`_PLACED_FOR_SHOT`)


@lru_cache(maxsize=8192)
def _text_marks(text: str) -> _TextMarks:
    """The :class:`_TextMarks` of a clause text (kept per text: the same clauses come back question after
    question)."""
    return _TextMarks(bool(STATES_DEFINITION.search(text)), bool(GOAL_STANDS.search(text)),
                      bool(FACEOFF_PLACE.search(text)), _goal_only_premised(text), bool(RESUMES.search(text)),
                      bool(introduces_list(text)), len(_SIZE.findall(text)), bool(_PLACED_FOR_SHOT.search(text)))


def kind_weight(clause, intent: Intent, index: ClauseIndex | None = None) -> float:
    """How much a clause's kind suits the question: signals only for gesture questions, glossary
    definitions for "what is" questions, penalty statements for "what's the call" (a penalty-index row,
    whose title repeats its text, after the rule it summarises); a heading-like rule text ("(age
    appropriate and custom RHA event adaptations)") gives way to its sub-clauses."""
    marks = _text_marks(clause.text)
    w = 1.0
    if heading_like(clause):
        w *= 0.7
    if clause.kind == "signal":
        w *= 1.6 if intent.signal else 0.25
    elif intent.signal:
        w *= 0.7
    if clause.kind == "definition":
        w *= 1.3 if intent.definition else (0.6 if intent.penalty else 0.75)
    elif intent.definition and marks.defines:
        w *= 1.3  # "Fighting is defined as the actual throwing of a punch(es) ..." (FIRS 6.4.19 A)
    elif (intent.penalty or intent.number) and marks.defines and not states_penalty(clause, index):
        # "jabs at him with the toe of his blade and misses - how much time?": the penalty, not what
        # "spearing" means (FIRS 6.4.31 B NOTE)
        w *= DEFINED_FOR_CALL
    if intent.goal and marks.goal_stands and (intent.restart or not marks.faceoff_place):
        # "goal or no goal?": a clause that says whether the goal stands, not where the face-off after
        # a disallowed goal is ("When a goal is disallowed ..., the face-off shall be at ...")
        w *= GOAL_WEIGHT
    elif (intent.goal and not (intent.restart or intent.restart_after) and marks.faceoff_place
          and marks.goal_only_premised):
        # "When a goal is disallowed as a result of ..., the face-off shall be at ..." (RHA 613 (i)) tells
        # the restart after a ruling; whether the goal stands is ruled elsewhere (RHA 616 (f))
        w *= FACEOFF_FOR_GOAL
    if intent.restart and marks.faceoff_place and not marks.placed_for_shot:
        w *= 1.5  # "where is the face-off after ...": a clause that names the place (not where a penalty shot starts)
    if intent.resume and marks.resumes:
        w *= RESUME_WEIGHT  # "goalie covers the ball, how do we restart?": "the defending team gets possession"
    if intent.procedure and marks.introduces_list:
        w *= 1.2  # "walk me through a penalty shot": the clause that sets out the steps
    if clause.kind == "table-row":
        w *= 0.85 if intent.penalty else 0.7
    elif intent.penalty and states_penalty(clause, index):
        w *= 1.3
    return w


def rerank(hits: list[Hit], intent: Intent, index: ClauseIndex | None = None) -> list[Hit]:
    """Re-weigh ranked hits by :func:`kind_weight`, best first."""
    scored = [Hit(h.clause, h.score * kind_weight(h.clause, intent, index)) for h in hits]
    return sorted(scored, key=lambda h: -h.score)


@lru_cache(maxsize=1)
def get_searcher() -> Searcher:
    """The process-wide searcher over :func:`ranked_index`."""
    from rulebot.search.text import adopt_synonyms

    searcher = Searcher(ranked_index())
    # the ranker is at this code's version, so its synonym list is the packaged one: use it rather than
    # read and stem the file again (not on unpickling: a stale cached ranker is rebuilt from the file)
    adopt_synonyms(searcher.ranker.synonyms)
    return searcher


def ranked_index():
    """:func:`rulebot.corpus.load_index` with its ranker, cached in the same file at this code's version
    (the CLI's searcher and the app's index)."""
    from rulebot.corpus import load_index

    return load_index(derived={"ranker": (ranker_version(), ClauseRanker)})


def ranker_version() -> str:
    """A digest of the code a :class:`ClauseRanker` is built by (a change rebuilds the cached one;
    :func:`rulebot.search.ranker.code_version`)."""
    from rulebot.search.ranker import code_version

    return code_version()
