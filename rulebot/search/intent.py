"""What kind of answer a question wants, read from its wording: a signal ("ref taps his elbow"),
a definition ("what counts as a fight"), a penalty or call ("what do I give him"), a number ("how long",
"how many").  Used to weigh clause kinds when ranking and to shape the short answer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rulebot.search.text import GOAL_JUDGE_TOLD, words

_GESTURE = frozenset("""
signal signals signalling signaling gesture gestures motion motions arm arms hand hands fist fists palm
palms hip hips chest wrist wrists forearm forearms elbow elbows helmet head shoulder shoulders knee knees
taps tap tapping crosses crossed crossing waves waving points pointing extends extended extending
stab stabs stabbing thrusts thrusting
pumps pumping chop chops chopping tug tugs tugging swipe swipes swiping jab jabs stacked stacks
grabs grasps grasping clenched closed open rolls rotating rotates sweeps sweeping shoves pushing
yanks raised raises
""".split())
#: Parts of the body a signal is made with: a question naming one describes a gesture.
BODY = _BODY = frozenset("arm arms hand hands fist fists palm palms hip hips chest wrist wrists forearm forearms elbow "
                  "elbows helmet head knee knees shoulder shoulders".split())
_SMALL_WORDS = frozenset("a an the on over of in at to with his her their both one other above below "
                         "behind front from and or ref's what's what is it this that not no but".split())
_WHICH_IS_THAT = re.compile(r"\b(?:which|what)\b[^?.!]{0,25}\b(?:penalty|call|infraction|signal|foul)\b"
                            r"[^?.!]{0,15}\b(?:(?:is|was|does) (?:that|this|it)\b|(?:is|was) (?:he|she|the ref|the referee)"
                            r" (?:showing|signall?ing|calling|indicating|giving|putting up)\b)", re.I)
_META = frozenset("signal signals signalling signaling gesture gestures motion motions".split())
_OFFICIAL = frozenset("ref referee refs official officials linesman linesmen zebra stripe stripes ump partner partners judge "
                      "judges".split())
#: "What's he telling me?", "what does that mean?", "what's going on there?": after a gesture, a question about what it
#: signals.
_WHAT_IT_SAYS = re.compile(r"\bwhat(?:'s|s| is| does| do)? (?:he|she|they|that|this|it|the (?:goal judge|referee|ref|official|"
                           r"linesman)) (?:telling|saying|tell|say|mean|"
                           r"means|indicat\w*|signal\w*)\b"
                           r"|\bwhat(?:'s|s| is) going on(?: there| here)?\s*[?.!]*\s*$", re.I)
#: A gesture's meaning asked outright ("what's the arm mean?", "which arm goes up?", "what do you two
#: show the bench?", "what penalty am I showing?"): a signal question, whatever else the story tells.
_ASKS_GESTURE = re.compile(
    r"\bwhat(?:'s| is| does| do)? (?:the|that|this|his|her|my|your) (?:raised )?(?:arm|arms|hand|hands|gesture|motion)"
    r" (?:mean|means|say|says|tell|tells|stands? for)\b"
    r"|\bwhich (?:arm|hand)\b"
    # "what the ref does with his arms when he calls slashing"
    r"|\bwhat (?:does |do )?(?:the |a |my |our )?(?:ref|referee|official|linesman)s? (?:does|do|doing) with "
    r"(?:his|her|their) (?:arms?|hands?)\b"
    # "what should the goal judges do with their arms when it goes in?"
    # (an official's: "Player grabs my arm. What do I do with my hands?" asks the call)
    r"|\bwhat (?:should|must|would|will) (?:the |a |my |our )?(?:ref|referee|official|linesman|goal judge|judge)s? "
    r"do with (?:his|her|their) (?:arms?|hands?)\b"
    # not what goes up on a clock or board ("what do I put up on the penalty clock?")
    r"|\bwhat (?:do|should|will|would) (?:you|i|we|they)(?: two| both| guys)? (?:show|put up)\b"
    r"(?!\s+on\s+(?:the\s+|my\s+)?(?:\w+\s+){0,2}(?:clock|board|scoreboard|sheet|screen)s?\b)"
    r"|\bwhat (?:penalty|call|infraction|foul) (?:am i|are you|is he|is she|was i|was he|were you) "
    r"(?:showing|signall?ing|indicating|calling|putting up)\b"
    # the official does something with his own wrist, arm or hand ("the ref grabbed his own wrist in front
    # of his body. Which penalty goes on the game sheet?")
    r"|\b(?:ref|referee|official|linesman|partner)s?\b[^.?!]{0,30}\b(?:his|her) own (?:wrist|arm|hand|elbow|knee|"
    r"head|hip|chest|shoulder|forearm)s?\b", re.I)
#: "What should they do with their arms?" (goal judges named before it): what an official shows, asked of a
#: pronoun, when the question names an official (:data:`_OFFICIAL`; not "what should he do with his hands if his
#: stick breaks?").
_PRONOUN_ARMS = re.compile(r"\bwhat (?:should|must|would|will) (?:he|she|they) do with (?:his|her|their) (?:arms?|hands?)\b",
                           re.I)
#: After a gesture is told, "what's it mean?", "tell the table what that means", "what has he got?", "what am I
#: calling?".
_WHAT_IT_MEANS = re.compile(r"\bwhat(?:'s|s| is| does| do)? (?:it|that|this)(?: one)? means?\b|\bwhat (?:that|it|this) means\b"
                            r"|\bwhat (?:that|it|this) (?:\w+ )?stands? for\b"
                            r"|\bwhat(?:'s| is| was) (?:he|she) (?:calling|telling|saying|showing|signall?ing|indicating)\b"
                            r"|\bwhat am i (?:calling|telling|saying|showing|signall?ing|indicating)\b"
                            r"|\bwhat (?:has|have|did) (?:he|she|they|you|my partner) (?:got|get)\b", re.I)
#: Who shows a call: the asker or an official ("how do I show ...", "how is that person supposed to show
#: ...", "what does the referee do to show ..."), not a coach, a player or the score sheet.
_SHOWER = (r"(?:i|you|we|he|she|they|(?:the |a |an |that |my |our )?(?:firs |rha |inline |roller |home |other )?"
           r"(?:ref|refs|referee|referees|official|officials|linesman|linesmen|partner|goal judge|person|volunteer"
           r"|stripe|stripes|zebra|zebras))")
#: "signal" as the thing asked about ("what's the signal for boarding", "how does the goal judge signal
#: a goal", "which signal is this", "hand signal") rather than a step of a story ("the Referee signals a
#: delayed minor and they score").
_ASKS_SIGNAL = re.compile(
    # "the signal that means", not "I signalled that he left the box" (a story)
    r"\b(?:what|which|how)\b[^.?!]{0,40}\bsignal|\bsignals?\s+(?:for|mean|means|look|looks|is|that)\b"
    r"|\bsignall?ed\s+for\b"
    r"|\b(?:the|a|an|this|that|arm|hand|referee'?s?|official'?s?)\s+signals?\b(?!\s+(?:a|an|the)\b)"
    # "what is the gesture for cross-check?" (a signal in other rulebooks' and languages' words)
    r"|\b(?:gesture|hand sign|arm sign) for (?:a |an |the )?(?!(?:him|her|them|it|me|us)\b)\w"
    # "which sign I make with the arms for slashing?", "what sign for a penalty shot?" (a signal in other
    # languages' word for it), not signing the game sheet
    r"|\b(?:which|what) signs?\b(?! (?:the|a|an|this|that|of)\b)(?=[^.?!]{0,40}\b(?:arms?|hands?|for|make|makes|give"
    r"|gives|show|shows)\b)"
    r"|\bsignals?\b(?!\s+(?:a|an|the|that|to|when|if)\b)|\b(?:arm|hand) signals?\b"
    # "To signal a penalty shot, the referee ___": the purpose that opens the question, the official the
    # one who signals (not "To signal a line change, is a buzzer used?", "to signal the timekeeper")
    r"|(?:^|[:;.]\s*|\bin order )to signal (?:a|an|the) (?!(?:timekeeper|scorekeeper|end|start|line change|bench)\b)"
    r"[^?.!,]{0,30},?\s+(?:the |a )?(?:ref|referee|official)s?\b"
    # "how should a referee indicate a kneeing call?"
    r"|\bhow (?:do|does|should|would|must|can|to|is) (?:i|you|we|he|she|they|an?|the)?\s*(?:ref|referee|official)?s?"
    r"\s*(?:indicate|signal)\b"
    # "how is that person supposed to show me the puck went in?", "how do I show everyone I'm calling
    # something?", "what does the referee do to show a delayed penalty?"
    # ... and in a formal register: "How does the referee, under the RHA book, make known that ..."
    r"|\bhow(?:'s| (?:do|does|should|would|must|can|is|are|am)) " + _SHOWER + r"\b[^.?!]{0,40}\b(?:show|signify)\b"
    r"(?!\s+(?:up|proof)\b)"
    r"|\bhow(?:'s| (?:do|does|should|would|must|can|is|are|am)) " + _SHOWER
    + r"\b[^.?!]{0,60}\bmake (?:it )?known that\b"
    # "Which gesture is employed by officials to denote hooking?"
    r"|\b(?:which|what)\s+(?:\w+\s+)?(?:gesture|hand sign|arm sign|motion|movement)s?\s+(?:is|are|should be|must be)"
    r"\s+(?:employed|used|made|given|shown)\s+by\s+" + _SHOWER + r"\b"
    r"|" + _SHOWER + r"\b[^.?!]{0,30}\b(?:do|does|doing) (?:with [^.?!]{0,25} )?to (?:show|indicate|signify)\b"
    # "How the referee shows hooking with the arms?" (a second language's question without "does")
    r"|\bhow " + _SHOWER + r"\s+(?:shows?|indicates?|signif(?:y|ies))\b(?!\s+(?:up|proof)\b)"
    r"|\b" + _SHOWER + r"\s+(?:\w+\s+){0,2}?(?:show|shows|indicate|indicates)\b[^.?!]{0,40}\bwith (?:the|his|her|my|their"
    r"|both|one|an?) (?:arms?|hands?|fists?)\b"
    # "how do I let everyone know it's coming?", "how does the ref let us know a penalty's coming?", "... that
    # I'm calling a penalty?" (a call, not the time left)
    r"|\bhow(?:'s| (?:do|does|should|would|can|to|is|am)) " + _SHOWER + r"\s+(?:supposed to\s+)?let "
    r"(?:everyone|everybody|the benches|both benches|both teams|people|the players|us|me|them|him|the crowd"
    r"|the fans) know\b"
    r"(?=[^.?!]{0,30}\b(?:coming|call|calling|penalty|foul)\b)"
    # "what does he do so the crowd knows?": an official's doing, for the crowd, not the table's record
    r"|\bwhat (?:does|do|did|should|would|will|must|can) " + _SHOWER + r" do so (?:that )?(?:the crowd|everyone|everybody"
    r"|the fans|the benches|both benches|the players) (?:knows?|can see|sees?)\b"
    # "what arm animation should my referee play", "what visual cue does my ref give", "what motion does a
    # ref make to call slashing": an official's cue or motion, not a player's ("what motion of the stick")
    r"|\bwhat (?:\w+ )?(?:visual cue|cue|motion|gesture|movement|animation|arm pose|arm position)s? (?:does|do|did|should"
    r"|would|will|must|can) " + _SHOWER + r"\b"
    # "the exact arm pose for the delayed penalty indicator"
    r"|\barm (?:animation|pose|position|motion)s? for\b",
    re.I)

#: The asker's own arm or hand asked about ("what do I do with my arm while play goes on?").
OWN_ARMS_ASKED = re.compile(r"\bwhat (?:do|should|must|can|am) I (?:supposed to )?do with my (?:arms?|hands?)\b",
                            re.I)
_GOAL_JUDGING = re.compile(r"\bgoal[- ]?judg", re.I)


def goal_judge_told(question: str) -> bool:
    """Whether ``question`` is about a goal judge, named ("I'm goal judging tomorrow") or told by where he
    sits (:data:`GOAL_JUDGE_TOLD`: "the guy behind the net")."""
    return bool(GOAL_JUDGE_TOLD.search(question) or _GOAL_JUDGING.search(question))


def own_arms_asked(question: str) -> bool:
    """Whether the asker, an official, asks what to do with his own arms or hands ("what do I do with my arm
    while play goes on?"): not a goal judge, whose arms are his duties' list (FIRS 4.6 D), nor an official
    a player laid hands on ("Player grabs my arm. What do I do with my hands?": abuse of officials)."""
    if not OWN_ARMS_ASKED.search(question) or goal_judge_told(question):
        return False
    from rulebot.search.query import official_words

    return official_words(question) != "abuse of officials"


#: A word one of :data:`_ASKS_SIGNAL`'s ways of asking needs (as a part of a word, any case): a question
#: with none is not read by the long pattern.
_SIGNAL_ASKING_WORDS = re.compile(r"sign|gesture|show|indicat|know|see|cue|motion|movement|animation|pose|position",
                                  re.I)


def _asks_signal(question: str) -> bool:
    """Whether ``question`` asks for a signal in one of :data:`_ASKS_SIGNAL`'s ways."""
    return bool(_SIGNAL_ASKING_WORDS.search(question)) and bool(_ASKS_SIGNAL.search(question))


#: "How much does that cost him?" after a foul: the call; not a protest's fee ("how do we protest, and
#: what does it cost us?") nor what a forfeit costs in the standings.
_COSTS_HIM = re.compile(r"\b(?:how much|what) (?:does|will|would|did) (?:that|it|this) cost (?:him|her|them|us|me|you"
                        r"|the team)(?=\s*(?:[?.!]|$|in (?:minutes|penalty|penalties)\b))", re.I)
_MONEY = re.compile(r"\b(?:protest\w*|fees?|dollars?|euros?|money|file|filing|forfeit\w*|standings|points)\b|\$", re.I)

#: The words that change a case just told ("... but what if", "and if it was", "same thing but", "now say"): read
#: after a case in one question (:func:`rulebot.search.changed_case`) and opening a chat follow-up.
CHANGED_OPENING = (r"(?:(?:but|and|ok|okay|so|now)\b,?\s+)?(?:what|how) if\b"
                   r"|(?:but|and) if (?:instead|it'?s|it is|it was|he|she|they)\b"
                   r"|(?:(?:but|and|now)\b,?\s+)?(?:same (?:thing|play|situation) but|(?:now|but) say|say instead)\b")
#: "When do we treat (a stick as broken)?", "when do refs consider ...": what a thing counts as.
TREATS_AS = (r"\bwhen (?:do|does|should|would|can) (?:we|you|i|they|refs?|referees?|the refs?|the referees?) "
             r"(?:\w+ly )?(?:treat|consider|count|deem|regard)\b")

#: A term said to mean something, opening a sentence or after a comma or colon ("T/F: In our rules, cross
#: checking means a stick held vertically"): the meaning is what is asked.
DEFINITION_STATED = (r"(?:^\s*|(?<=[,:;.?!] ))(?:an? |the )?(?!(?:it|that|this|which|what|who|he|she|they|so|and|but|or"
                     r"|then|also|still|i|we|you|my|our|your|his|her|their|coach|ref|referee|partner|player)\b)(?P<stated>[a-z][\w-]*(?: [a-z][\w-]*){0,2}) (?:means|is defined as"
                     r"|refers to)\b")
#: Nouns a "what is the ...?" question asks a fact of, not a thing to define ("what is the penalty for ...", "what is
#: the longest ...").
_ASKED_NOUNS = (r"(?:penalt\w*|rule|rules|time|score|signal|procedure|difference|number|minimum|maximum|max|min"
                r"|limit|size|length|result|ruling|restart|deal|story|point|reason|sanction|punishment|code|order|call\w*"
                r"|longest|shortest|most|least|best|first|last|next|same|right|correct|proper|official|usual|normal)\b")
#: "What is a penalty shot", "what's icing?", "what exactly counts as", "define": a question about what
#: something is; "what's the call" and "what's the tiebreak" ask for something else.
_DEFINITION = re.compile(r"\b(what(?:'?s| is) (?:a|an)|what are|what exactly|define|definition|meaning of|counts? as|glossary"
                         # a meaning stated to be checked: "True or false: cross checking means a stick held ..."
                         r"|" + DEFINITION_STATED +
                         r"|go(?:es)? down as|(?:is|be) (?:recorded|credited) as"
                         # "is it actually a power play under the definitions?": what the thing is by the book
                         r"|\b(?:under|by|per|in|according to) (?:the |their |its )?(?:rules'? )?definitions?\b"
                         r"|\b(?:is|was) (?:it|that|this) (?:actually|really|technically|officially) (?:a|an) "
                         r"(?!(?:penalty|foul|call|goal|minor|major|misconduct|infraction|violation)\b)"
                         r"|difference between|what does .* (?:mean|involve|entail)|what(?:'s| is) (?:the )?(?:definition|meaning)"
                         # a thing told, its name asked: "what's the proper word for when ...", "what situation
                         # does FIRS call it when ..." (not "the name of the rule that ...", "of the player who ...")
                         r"|what(?:'?s| is)? (?:the |a )?(?:\w+ )?(?:term|word) (?:for|of)\b"
                         r"|what(?:'?s| is)? (?:the |a )?(?:\w+ )?name (?:for|of)"
                         r"(?! (?:the |that |this |a |an )?(?:rule|section|player|person|team|official|guy|kid)\b)"
                         r"|\bwhat (?:\w+ )?(?:does|do) [\w ]{1,25}? call (?:it|that|this|him|her|them)\b"
                         r"|considered|treated (?:like|as)|" + TREATS_AS + r"|means? by|what(?:'?s| is) this|what(?:'?s| is) (?:he|she|it|that) called|what (?:am i|are we|are they|are you) called|called in the rules?"
                         r"|(?:book|rules|rulebook|rule book) (?:says|calls|means)|(?:book|rules|rulebook|rule book)'?s? (?:idea|definition) of"
                         r"|(?:book|rules|rulebook|rule book) (?:call|name)s? (?:him|her|them|it|that|this)"
                         r"|what(?:'?s| is) (?:his|her|their) status|what (?:is|are) (?:he|she|they) (?:under|in|according to) the (?:rules?|book)"
                         r"|what ['\"‘“][\w -]{2,40}['\"’”] means?"
                         r"|what (?:\w+ly )?makes (?:a|an|the|it|him|her|someone|something)|who(?:'?s| is) ['\"‘“]"
                         r"|^\W*[\w' -]{2,40} meaning(?! to\b))\b"
                         r"|\bwhat(?:'?s| is) (?!the\b|that\b|it\b|this\b|he\b|she\b|they\b|we\b|i\b|you\b)[\w-]+(?: [\w-]+){0,2}\s*\??\s*$"
                         # "what is the goalkeeper's privileged area?": a thing named, not what is asked of one ("what
                         # is the penalty / call / rule / time / score?")
                         r"|^\W*what(?:'?s| is) the (?:(?!" + _ASKED_NOUNS + r")[\w'-]+ ){1,3}(?!" + _ASKED_NOUNS
                         + r")[\w-]+\s*\??\s*$", re.I)
#: A question that asks for the call outright ("what's the penalty for ...", "what do I give him").
#: "what's a butt-end worth?", "how much is a trip worth": the call, not what the thing is.
_WORTH = (r"\b(?:what(?:'s| is| are)|how much is) (?!(?:a |an |the )?(?:win|wins|tie|ties|loss|losses|draw|forfeit"
          r"|victory|goal|goals|point|points|it|that|this)\b)(?:a |an |the )?[\w -]{2,30}? worth\b"
          r"(?!\s+(?:in|for|on) (?:the )?(?:standings|points|table|ranking))")
CALL_ASKED = re.compile(
    _WORTH + r"|"
    r"\b(?:what(?:'s| is| are)? (?:the )?(?:(?:penalty|penalties)(?! (?:box|bench|timekeeper|time keeper|shot|kill))"
    r"|call|code|punishment|sanction)"
    r"|penalty (?:for|is(?! (?:called|assessed|given|served|signall?ed|imposed|over|up|done|expired|coming)\b)|code)"
    r"|penalty and how|is (?:it|that|this) (?:still |even |really |actually |always |ever )?a penalty"
    r"(?! (?:box|bench|shot|kill|timekeeper)\b)|anything for (?:that|it|this)"
    # "does a miss like that still get punished, and how heavily?" (not "how heavily padded must he be?")
    r"|\b(?:gets?|getting|got|be|being) punished\b"
    r"|\bhow (?:heavily|harshly|severely)\b(?=\s*(?:[?.!]|$)|\s+(?:\w+\s+){0,3}(?:punish|penali[sz]|sanction|dealt))"
    r"|what (?:do|should|can|would) (?:i|we|you) (?:call|give|hand out|assess)"
    # ... and as asked in a second language: "What I give?", "What I can give him?", "which penalty I give?"
    r"|(?:what|which penalty|which call) (?:i|we) (?:can |must |should |have to )?(?:call|give|assess)"
    r"(?: (?:him|her|them|it|here|now))?\s*[?.!]*\s*$"
    r"|(?:can|do|should|could) (?:i|we|you) (?:give|call|assess|hand) (?:him|her|them|the \w+ )?(?:something|anything|a penalty)"
    r"|(?:^|[.!?]\s*)anything\s*\?\s*$"
    r"|\bis (?:that|this|it) a problem\b"
    r"|what (?:does|do|did|would|will|should) [\w' ]{0,40}\b(?:get|receive|give)\b"
    r"|what(?:'s| am| is| are) (?:i|he|she|they|we|you|the player|the kid|the guy) (?:getting|gonna get|going to get)\b"
    # "whats he get?" (typed for "what does he get?")
    r"|what(?:'s|s| is) (?:he|she|they|the player|the kid|the guy) get\b"
    # "what should he have gotten?", "what am I looking at?" (at the end: not "looking at for time left")
    r"|what should (?:i|he|she|they|we|you|the player|the kid|the guy) have (?:gotten|got|received|been given)\b"
    r"|what (?:am i|is he|is she|are they|are we) looking at\s*[?.!]*\s*$"
    # "what should the penalty have been?" (not "what would the call be": a goal or a play may be ruled)
    r"|what (?:should|would|could|must|will) (?:the |his |her |their |my )?(?:penalty|punishment|sanction)"
    r" (?:have been|be)\b"
    # (not the length of the game's own time: "Two halves of how many minutes?", "how many minutes is a
    # period?")
    r"|(?<!\bof )how many minutes(?! (?:is|are|does|do|for|in) (?:a |an |the |each |one |every )?(?:period|half|halves"
    r"|halfs|game|overtime|ot|intermission|break|warm-?up|time-?out)s?\b(?!\s+(?:misconduct|ejection|violation|penalt)))"
    r"|minutes is that|what happens to (?:him|her|the player|them)"
    r"|what(?:'s| is) (?:that|it|this) worth"
    r"|how (?:do|should|would|can) (?:i|we|you) (?:treat|handle|deal with|punish|penali[sz]e|sanction)"
    r" (?:him|her|them|the player|that player|this player|the kid|the guy)"
    r"|what's the least|is (?:that|it|this) (?:a )?(?:minor|major|misconduct|penalty)"
    r"|(?:^|[.!?]\s*)(?:just|only) (?:a |an )?(?:minor|major|misconduct|penalty|two|five|2|5)\b[^.?!]{0,20}\?"
    r"|\b(?:gets?|getting|got|be|being) penali[sz]ed\b|(?:can|do|should|could|would) (?:i|we|you) penali[sz]e"
    r"|(?<!delayed )(?:call|penalty|infraction)\?)", re.I)  # "how is the delayed call shown?" asks a signal
_COMPARE = re.compile(r"\b(each|every|all (?:the )?|both|across|different) (?:rule ?sets?|rule ?books?|"
                      r"tournaments?|leagues?|rules)\b|\bcompared? (?:with|to)\b|\bversus\b|\bvs\.?\b",
                      re.I)
_PROCEDURE = re.compile(r"\b(how (?:does|do|is|are|should|must|a|an|the) .{0,40}\b(?:go|work|done|taken|run|"
                        r"played|restart|handled|set up|decided|broken|conducted|organi[sz]ed|carried out|administered)"
                        # "walk us through how it's taken"
                        r"|walk (?:me|us|you|everyone|everybody) through"
                        r"|how (?:it|this)(?:'s| is| gets| will be) (?:taken|done|run|played|handled|set up|conducted)"
                        r"|what(?:'s| is) the "
                        r"(?:process|procedure)|procedure|steps|step by step|set(?:ting)? up|how do (?:i|we)(?: (?:decide|determine|sort(?: out)?|settle|"
                        r"work out|figure out|break))?|"
                        r"what happens (?:after|next))\b", re.I)
#: Covering the puck, a foul for a skater and the goalkeeper's right ("goalie covers the puck").
_COVERS = re.compile(r"smother|covers the|closes? (?:his|her|their) hand", re.I)
#: "Goalie takes a hooking minor - who goes to the box?": who serves the penalty, not the call.
_WHO_SERVES = re.compile(r"\bwho (?:goes|serves|sits|has to (?:go|sit|serve)|must (?:go|sit|serve)|should (?:go|sit|serve))"
                         r"\b(?! first)", re.I)
#: "What happens if/when ...": with a foul told after it, the call.
_WHAT_HAPPENS_IF = re.compile(r"\bwhat happens (?:if|when)\b", re.I)
#: A foul described in a question ("gets hooked from behind", "trips somebody", "slashes the goalie"):
#: a situation that asks for the call even without "what's the call".
_FOUL = re.compile(
    r"\b(?:hook(?:s|ed|ing)?|trip(?:s|ped|ping)?|slash(?:es|ed|ing)?|spear(?:s|ed|ing)?|butt[- ]end(?:s|ed|ing)?"
    r"|cross[- ]check(?:s|ed|ing)?|high[- ]stick(?:s|ed|ing)?|board(?:ed|ing)|charg(?:es|ed|ing)(?! (?:out|off) (?:of )?(?:his|her|the|their) (?:crease|net|goal|paint|blue)\b)|elbow(?:s|ed|ing)"
    r"|knee(?:s|d|ing)|rough(?:s|ed|ing)|shov(?:es|ed|ing)|interfer(?:es|ed|ing|ence)|punch(?:es|ed|ing)?|fight(?:s|ing)?|scrap"
    r"|(?:hauled|pulled|dragged|yanked|tackled) (?:him |her |them )?down"
    r"(?!\s+(?:the |a |his |her |their )?(?:ball|puck|net|mask|jersey|helmet|shorts|socks)\b)|hold(?:s|ing)|held|grab(?:s|bed|bing)?|kicked(?!\s+(?:the\s+|a\s+)?(?:puck|ball|it)\b)(?<!\bis kicked)|kick(?:s|ing)?(?!\s+(?:the\s+|a\s+)?(?:puck|ball|it)\b|\s+off\b|-off\b)|checked from behind"
    r"|hit from behind|check(?:s|ed|ing)?(?: \w+){0,2} from behind|headbutt(?:s|ed|ing)?|head[- ]butt(?:s|ed|ing)?|spit(?:s|ting)?|swear(?:s|ing)?"
    r"|smother(?:s|ed|ing)?|covers the (?:ball|puck)|closes? (?:his|her|their) hand"
    # "defender falls on the puck in his own crease", "throws his stick at the puck": a foul told
    r"|(?:falls?|fell|falling|dives?|dove) on (?:the )?(?:ball|puck)"
    r"|(?:throws?|threw|throwing|tosses|tossed) (?:his|her|their|a|the) stick"
    r"|deliberately|intentionally|on purpose)\b", re.I)


#: A foul's penalty named as one ("how long is a tripping penalty", "high sticking penalty length"): the call
#: asked, as "the penalty for tripping" is (:data:`CALL_ASKED`).
_FOUL_PENALTY = re.compile(r"(?:" + _FOUL.pattern + r")\s+penalty\b(?!\s+(?:suspension|lasts?|if|counts?)\b)", re.I)
#: A count asked ("how many tripping penalties", "the number of fighting penalties"): no call asked.
_COUNT_ASKED = re.compile(r"\bnumber of\b|\bhow many\b(?!\s+(?:minutes?|mins?|seconds?|secs?)\b)", re.I)

#: Words :data:`_FOUL` reads as a foul told that say how, not what ("deliberately").
_MANNER = frozenset({"deliberately", "intentionally", "on purpose"})


def fouls_told(question: str) -> list[str]:
    """The fouls ``question`` tells, as written ("trips", "hooked", "cross-checks"; :data:`_FOUL`), not a
    manner ("deliberately") nor a penalty's name ("like penalty kicks in soccer")."""
    return [m.group(0).lower() for m in _FOUL.finditer(question)
            if m.group(0).lower() not in _MANNER and not question[:m.start()].lower().endswith("penalty ")]


#: After a gesture, a question that asks something else: who gets the ball, from where, how long
#: ("Ref had his arm up for a penalty. Once he blows it down, who gets the ball and from where?").
_ASKS_ELSE = re.compile(r"\b(?:who (?:gets|goes|changes|takes|serves|decides)|from where|where (?:is|does|do|will)"
                        r"|how long|how many|when (?:does|do|should|must|can|will) (?:\w+ ){0,2}(?:stop|blow|whistle|kill))\b"
                        r"|\bwhose (?:ball|puck)\b"
                        # "... rather than using a signal. How does this league define a cross check?" (a thing
                        # named, not "how is that defined?" of the gesture told)
                        r"|\b(?:define|defines|definition of)\s+(?!(?:it|that|this|them|those)\b)(?:a |an |the )?\w",
                        re.I)
#: The delayed call's raised arm told with what it is up for: "has his arm up for a minor", "had the arm
#: up on the trip", "arm went up for a Blue minor".
_ARM_UP_FOR = re.compile(r"\barms?\s+(?:is\s+|was\s+|went\s+|goes\s+)?up\s+(?:for|on)\s+(?:a|an|the|his|their)?\s*"
                         r"(?:[a-z]+\s+)?(?:minor|major|penalty|call|foul|trip|hook|slash|high[- ]stick|interference|delayed)\w*\b",
                         re.I)
#: A gesture told first, with no one named: "Forearms crossing, one sliding under the other ...".
GESTURE_OPENING = 2
#: A question of at most this many words that names a blow asks for the call.
BLOW_WORDS = 8
#: A blow told by what hit where ("elbow to the head", "knee to the knee"): contact, not a gesture.
_BLOW = re.compile(r"\b(?:elbow|knee|shoulder|stick|glove|fist|forearm|hit|shot|check)s? (?:to|into|in) "
                   r"(?:the|his|her|a) (?:head|face|chin|jaw|neck|throat|back|ribs|knee|knees)\b", re.I)
#: "What's the minimum I'm giving?", "what's the least I can call?": the lightest call for what the
#: question describes, not a minimum number.
PENALTY_LEAST = re.compile(r"\b(?:the )?(?:minimum|least)\b(?=(?:\s+(?:i'?m giving|i am giving|i can give|i have to give"
                           r"|i give|i can call|penalty|call|he gets|he can get|there|here|for that|for this|for it))?"
                           r"\s*[?.!]*\s*$)", re.I)
#: A question about a goal: the puck in the net, a goal, a shot going in.
_GOAL_WORDS = re.compile(r"\b(?:goals?|net|twine|scores?d?|(?:goes|went|go)\b[^.?!]{0,15}\bin"
                         r"|bounc(?:es|ed|ing)? (?:\w+ ){0,2}?in(?=\s*(?:[.,;!?]|$|lol\b))"
                         r"|waved? (?:it |that )?off)\b", re.I)
#: A clause that says whether a goal stands ("The goal shall not be allowed if ...", "a goal may not be
#: scored by the kicking of the puck", "the goal shall be disallowed").
#: What a rule may say became of a goal (:data:`GOAL_STANDS`, and the ruling an answer leads with).
GOAL_OUTCOMES = "allowed|disallowed|counted|scored|awarded|permitted|legal|valid"
GOAL_STANDS = re.compile(r"\bgoals?\b[^.]{0,120}\b(?:shall|will|may|is|be)\s+(?:not\s+)?(?:be\s+)?"
                         rf"(?:{GOAL_OUTCOMES})\b"
                         r"|\b(?:disallow\w*|no goal|not count)\b", re.I)
#: Whether a goal or a decision stands ("goal or no goal", "does it count", "right call?"): not a penalty.
_VALIDITY = re.compile(r"\b(?:goal or no goal|goal or (?:no|not)\b|no goal\b|good goal|(?:good|counts?|stands?) or (?:no|not)\b|does (?:it|the goal|that) (?:count|stand)|count (?:it|that|this)\b|count (?:the|that|this) goal"
                       r"|counts?\s*\?|allowed\s*\?|legal\s*\?|(?:right|correct|good|bad|wrong) call"
                       r"|(?:give|allow|award|accept) (?:the|that|this|a|his|their) goal\b(?!\s+judge)"
                       r"|\bgoal (?:be |get |gets |got |was |is )?(?:wiped|washed|taken) (?:out|off)"
                       r"|waved? (?:it|that|the goal) off|waved? off|disallow\w*|is (?:it|that) a goal|goal stands?|goal (?:have |has )?stood|(?:^|[.!?,;:-]\s*)goal\s*\?"
                       r"|^\W*(?:a )?goal (?:scored )?(?:with|off|by|on|from) (?:a|an|the|his|her)\b"
                       r"(?! (?:power ?-?play|pp|man advantage|penalty kill|pk)\b))", re.I)
#: Whether or when to stop play ("whistle right away?", "do I blow it down?"), not the call.
_STOPPAGE = re.compile(r"\bwhistle (?:it )?(?:right away|now|immediately|straight away)|\b(?:do|should|can|must|when do) (?:i|we)"
                       r"(?: \w+ly)? (?:blow|stop play|whistle)|\bblow (?:it|the play|play) (?:dead|down)\s*(?:right away|now)?\s*\?", re.I)
#: Words that ask whether a case is a foul ("what exactly counts as hooking?"), not what a gesture means.
_COUNTS_AS = re.compile(r"\b(?:counts? as|constitutes?)\b", re.I)
#: Words that ask what something is, even with a foul in the question ("what counts as a fight").
_DEFINES = re.compile(r"\b(?:define[sd]?|definition|mean|means|meaning|counts? as|considered|constitutes?|"
                      r"what(?:'s| is) an? |what makes )\b|\bwho(?:'?s| is) ['\"‘“]", re.I)
_FIGURE_UNITS = (r"minutes?|mins?|seconds?|secs?|players?|skaters?|goals?|meters?|metres?|feet|foot|ft|m|points?")
#: Two figures offered to choose from, at the end of a question ("are penalties 1 minute or 2 minutes?", "can a
#: team list 20 players or 22?", "is a minor 1:30 or 2:00?", "20 or 22 players at the youth cup?"): a number asked
#: (:func:`figure_choice_asked`).
FIGURE_CHOICE = re.compile(r"\b\d+(?::\d\d)?(?:\s*(?:-\s*)?(?P<unit>" + _FIGURE_UNITS + r"))?\s+or\s+"
                           r"(?:\d+(?::\d\d)?|two|three|four|five|six|ten)\b(?:\s*(?:-\s*)?(?P<unit2>" + _FIGURE_UNITS
                           + r"))?(?=\s*(?:\?|(?:at|in|for|under|per)\b[^?\n]{0,40}\?))", re.I)


def figure_choice_asked(question: str) -> str:
    """``question`` with two figures offered to choose from put as the number asked ("are penalties 1 minute or 2
    minutes?" -> "are penalties how long?", "can a team list 20 players or 22?" -> "... how many players?"): the
    figures offered are the asker's guesses, no words of the rule (the "1 minute half-time break" of ball hockey 6
    is no penalty's length)."""
    def asked(m: re.Match) -> str:
        return number_asked(m.group("unit") or m.group("unit2") or "", ":" in m.group(0))
    return FIGURE_CHOICE.sub(asked, question) if " or " in question else question


def number_asked(unit: str, clock: bool = False) -> str:
    """How a number of ``unit`` is asked: "how long" for minutes, seconds, hours or a clock time (``clock``), "how
    far" for metres, centimetres or feet, else "how many" and the unit ("how many players")."""
    unit = unit.lower()
    if clock or unit.startswith(("min", "sec", "hour")):
        return "how long"
    if unit.startswith(("met", "fe", "foo", "ft", "cm")) or unit == "m":
        return "how far"
    return f"how many {unit}".strip()


_NUMBER = re.compile(r"\b(how (?:long|many|much|far(?! (?:can|could|may|do|does|should) (?:i|we|you|they|he|she) "
                     r"(?:push|take|go with|stretch|bend)\b)|near|big|wide|high|few|old|tall|heavy|close|soon|often)"
                     r"|what size"
                     r"|(?<!keep your )(?<!keep his )(?<!keep their )distance(?! from (?:him|her|them)\b)"
                     r"|(?<!full )(?<!full-)length|duration"
                     r"|max(?:imum)?|min(?:imum)?|number of|longest|shortest|fewest|biggest|smallest|highest|lowest"
                     r"|the (?:most|least)"
                     # "is there a fee for that?": the amount answers (FIRS 9.1 A "a protest fee of $US200")
                     r"|(?:is there|do (?:we|they|you|i) (?:have to )?pay) (?:a |an |any )?(?:\w+ )?(?:fee|cost|charge|deposit))\b",
                     re.I)
#: "what is" that only leads into a number asked for ("what's the longest stick", "what is the
#: maximum number of players"), not a request for a definition.
_WHAT_IS = re.compile(r"\bwhat(?:'s| is| are)\b", re.I)
#: "What's the ref's crease in RHA like?": what a thing of the rules is, also when its size is asked too.
_WHAT_LIKE = re.compile(r"\bwhat(?:'?s| is) (?:the|a|an) (?!call\b|penalty\b|ruling\b|punishment\b)[\w'-]+(?: [\w'-]+){0,2}"
                        r"(?: in (?:the )?[\w-]+)? like\b", re.I)


#: "Where is the face-off after ...", "where does play restart": the place play resumes.
_WHERE_RESTART = re.compile(r"\bwhere\b[^?.!]{0,40}\b(?:face-?offs?|draw|restart\w*|resum\w*|puck drop|drop (?:the puck|it)\b)"
                            r"|\b(?:face-?off|draw|restart)\b[^?.!]{0,20}\bwhere\b"
                            r"|\b(?:face-?off|draw) (?:location|spot|dot)\b|\bwhich (?:dot|spot|circle)\b", re.I)
#: An official who names his own role and asks what he may do about what he saw ("Saw a trip the refs
#: missed. As the assistant, can I do anything about it?", "I'm the AO, can I call a penalty?": RHA 503 (c),
#: the Assistant Official may report it), not for the call on the foul told; not an assistant coach or captain,
#: nor "what do I call", "do I give him a major", which ask for the call.
_OFFICIAL_ROLE = (r"(?:assistant(?: official| referee)?(?! coach| captain)|ao|linesman|linesperson|goal judge|"
                  r"(?:penalty )?timekeeper|scorekeeper|off-ice official)")
_OFFICIAL_MAY = re.compile(rf"(?:\b(?:as|i'?m|i am) (?:the |an? )?{_OFFICIAL_ROLE}|\b{_OFFICIAL_ROLE} here)\b"
                           r"[^?]{0,80}(?<!what )\b(?:can|may|should|do|could) (?:i|we)\b"
                           r"(?! (?:call|give|assess|hand out) (?:him |her |them )?(?:an? |the )?(?:minor|major|double|"
                           r"misconduct|game|match|bench|penalty shot)\b)", re.I)
#: "Where are the other players supposed to go?" in a fight: where people must be, not the call.
_WHERE_TO = re.compile(r"\bwhere\b[^?.!]{0,30}\b(?:players|skaters|guys|everyone|everybody|others|teammates|the rest)\b"
                       r"[^?.!]{0,25}\b(?:go|stand|stay|sit|wait|line up|head)\b"
                       r"|\b(?:other|all the|the rest of the)\s+(?:players|skaters|guys)\b[^?]{0,60}\bwhere\b"
                       r"|\bwhere (?:are|is|do|does|should|must) (?:they|we|you|all|everyone|everybody) (?:\w+ )?"
                       r"(?:supposed|meant|required|expected) to (?:go|stand|stay|be|sit)\b", re.I)
#: "How do we restart?", "who gets the ball?", "what should the restart have been?": how play resumes,
#: by a face-off or by possession (ball hockey 13: "the defending team gets possession").
_HOW_RESUMES = re.compile(r"\bhow (?:do|does|should|is|are|must|will) (?:\w+ ){0,3}(?:restart\w*|resum\w*)"
                          r"|\brestart (?:procedure|work)|\bthe restart\b|\bwho gets (?:the )?(?:ball|puck|possession)\b"
                          r"|\bwhose (?:ball|puck|possession)\b", re.I)
#: A clause that says how play resumes: a face-off, or possession given (spelled "posession" too).
RESUMES = re.compile(r"\b(?:gets|given|receiv\w+|awarded|get) poss?ession\b|\bposs?ession (?:is|shall be|will be|goes)\b"
                     r"|\bface-?off shall\b|\bfaced off\b|\bexecute play\b", re.I)
#: A clause that says where a face-off is taken ("shall be made at one of the end zone face-off spots").
FACEOFF_PLACE = re.compile(r"face-?off[^.]{0,80}\b(?:spots?|cent(?:re|er)|zones?|circle|(?:made|take place|taken) at)"
                           r"|\b(?:spot|cent(?:re|er) ice|cent(?:re|er) floor)\b[^.]{0,40}face-?off", re.I)


#: A text's opening condition, up to its first comma: "When the penalized team's goalie freezes the ball
#: and play is blown down,", "If a goal is scored on a penalty shot against a team ...,".
OPENING_CONDITION = re.compile(r"^\W*(?:when|if|should|whenever|in (?:the )?(?:case|event)|during)\b[^,.;]{0,200}[,;]",
                               re.I)
#: Game states a rule may be for alone, by family: a power play (a penalized team, short-handed play),
#: the last minutes of a game, an empty net.
GAME_STATE = re.compile(r"(?P<strength>\bpenali[sz]ed team|\bpower ?-?plays?\b|\bshort-?handed\b)"
                        r"|(?P<late>\b(?:last|final) (?:two|2|five|5) minutes\b"
                        r"|\b(?:less than|under|fewer than) (?:two|2|five|5) minutes (?:remaining|left|to play)\b)"
                        r"|(?P<empty>\bgoal(?:keeper|ie|tender) (?:has been |is |was )?removed\b)", re.I)
#: The special cases a sentence may open on: the game states, a penalty shot, overtime, a shoot-out.
SPECIAL_CASE = re.compile(GAME_STATE.pattern + r"|(?P<shot>\bpenalty shots?\b)|(?P<extra>\bover-?time\b|\bshoot-?outs?\b)",
                          re.I)


@dataclass(frozen=True)
class Intent:
    """Flags for what a question asks for (several may be set)."""

    signal: bool
    definition: bool
    penalty: bool
    number: bool
    compare: bool = False
    procedure: bool = False
    restart: bool = False  # where play restarts ("where is the face-off after a goal?")
    resume: bool = False  # how play resumes ("how do we restart?", "who gets the ball?")
    goal: bool = False  # whether a goal stands ("goal or no goal?", "does it count?", "do I wave it off?")
    restart_after: bool = False  # the face-off place asked after whether a goal stands ("... and where's the draw?")


#: An official hurt or struck ("ref gets hit in the head by the puck"): no gesture.
_HURT = re.compile(r"\b(?:hurt\w*|injur\w*|hit|hits|struck|bleed\w*|blood|cut|knocked|broke|broken|fractur\w*|sprain\w*"
                   r"|casts?|splints?|brace|bandag\w*|stitches)\b", re.I)

#: Gesture words that make a question a signal question with no official named.
GESTURE_ALONE = 5

#: A part of one's own body named in a question ("taps his elbow", "both hands on his hips", "an open
#: hand", "pats the top of his helmet"): with nothing of the game named, the official's gesture.
_OWN_BODY = re.compile(
    r"\b(?:his|her|their|own|both|an?|one)\s+(?:own\s+|other\s+|free\s+|open\s+|closed\s+|clenched\s+)?"
    r"(?:arm|arms|hand|hands|fist|fists|palm|palms|hip|hips|chest|wrist|forearm|forearms|elbow|elbows|shoulder"
    r"|shoulders|knee|knees|leg|legs)\b(?![\s-]+(?:pass|check\w*))"  # "throw a hip check" is a hit
    r"|\b(?:pats?|taps?|touch\w*|places?|puts?)\s+(?:\w+\s+){0,3}?(?:his|her)\s+(?:own\s+)?(?:head|helmet)\b", re.I)
#: Things of the game: a question naming one tells of play, not of a signal.
_GAME_THINGS = frozenset("puck ball goal net cage player players opponent opponents guy guys kid kids shot stick "
                         "sticks boards bench goalie goalkeeper goaltender team teams winger defenceman "
                         "defenseman skater skaters coach "
                         # and in players' slang ("smothers the biscuit with his hands ... his tendy")
                         "biscuit disc pill rock twine lumber twig tendy tender crease paint".split())


def last_sentence(question: str) -> str:
    """The last sentence of ``question`` (the whole question when it is one sentence)."""
    parts = [p for p in re.split(r"(?<=[.?!])\s+", question.strip()) if p.strip()]
    return parts[-1] if parts else question


def _gesture_first(question: str) -> bool:
    """True when ``question`` opens on a gesture, its first words a body part or a movement and at
    least :data:`GESTURE_OPENING` of them, with nothing of the game in that first sentence ("Forearms
    crossing, one sliding under the other, before he heads to the box"), and no hurt or blow told."""
    first = re.split(r"[.?!]", question.strip(), maxsplit=1)[0]
    ws = [w for w in words(first) if w not in _SMALL_WORDS]
    if not ws or (ws[0] not in _BODY and ws[0] not in _GESTURE) or ws[0] in _META:
        return False
    return (sum(1 for w in ws if w in _GESTURE) >= GESTURE_OPENING and not set(ws) & _GAME_THINGS
            and not _HURT.search(first) and not _BLOW.search(first))


#: "Hand out" as giving ("what penalty do I hand out", "handed down a major"), not someone's hand.
_HAND_AS_GIVE = re.compile(r"\b(?:to|i|we|you|he|she|they|ref|refs|referee|referees|did|do|does|will|would|should|can"
                           r"|could|must)\s+hand(?:s|ed|ing)?\s+(?:out|down)\b", re.I)
#: A foul named by a part of the body ("head-butting", "a head butt"): no gesture of that part.
_BODY_FOUL = re.compile(r"\bhead[- ]?butt", re.I)


def signal_asked_as_word(question: str, word: str = "signal") -> str:
    """``question`` with the words that ask for a signal put as one ``word`` ("How does the ref show that a
    penalty is coming?" -> " signal  that a penalty is coming?"): what is shown, for a search that should
    not match "show" in "Shows disrespect to an Official" (RHA 601 (d) 6)."""
    return _ASKS_SIGNAL.sub(f" {word} ", question)


#: "Head to head", the tie-break by the game between two teams: no head of a gesture.
_HEAD_TO_HEAD = re.compile(r"\bhead[- ]to[- ]head\b", re.I)


@lru_cache(maxsize=4096)
def classify(question: str) -> Intent:
    """Read a question's intent from its words (no model, a few word lists and patterns)."""
    if _HEAD_TO_HEAD.search(question):
        return classify(_HEAD_TO_HEAD.sub("headtohead", question))
    found: dict[re.Pattern, re.Match | None] = {}

    def has(pattern: re.Pattern) -> re.Match | None:
        # each pattern searched once: several tests below ask the same one
        if pattern not in found:
            found[pattern] = pattern.search(question)
        return found[pattern]

    ws = words(_BODY_FOUL.sub("butt", _HAND_AS_GIVE.sub(lambda m: m.group(0).split()[0] + " give", question)))
    wset = set(ws)
    gesture = sum(1 for w in ws if w in _GESTURE)
    body = bool(wset & _BODY)
    content = [w for w in ws if w not in _SMALL_WORDS]
    # the official does the gesture ("ref grabs his wrist"), not receives it ("grabs the linesman")
    official_first = next((i for i, w in enumerate(ws) if w in _OFFICIAL), None)
    if official_first is None and has(GOAL_JUDGE_TOLD):
        official_first = 0  # "the guy sitting behind the net ...": the goal judge
    acts = next((i for i, w in enumerate(ws) if w in _GESTURE and w not in _BODY and w not in _META), None)
    # with no act named, the body part comes after the official ("the ref, both arms crossed"), not
    # before ("grabbed my arm ... putting his hands on the referee": the official receives it)
    shown = next((i for i, w in enumerate(ws) if w in _GESTURE), None) if acts is None else acts
    by_official = official_first is not None and (shown is None or official_first < shown)
    asks_signal = _asks_signal(question)
    signal = (asks_signal or (body and gesture >= 2 and by_official)
              # "what do I do with my arm while play goes on?" (a goal judge's arms are his duties' list)
              or own_arms_asked(question)
              # nothing but a gesture: "hands on hips", "arms crossed above the head"
              or (body and len(content) >= 2 and all(w in _GESTURE or w in _BODY or w in _OFFICIAL
                                                      for w in content) and not has(_BLOW))
              # the official as the subject, doing something with a part of his body ("ref pats the
              # top of his head", "ref makes a T with his hands")
              or (body and official_first is not None and official_first <= 1 and not has(_FOUL)
                  and not has(_HURT))
              # an official's gesture, then "what's he telling me?"
              or (body and official_first is not None and bool(has(_WHAT_IT_SAYS)))
              # a gesture, then "which penalty is that?"
              or (body and gesture >= 3 and bool(has(_WHICH_IS_THAT)))
              # a whole gesture told with no one named ("crossed his arms in front, fists closed, at
              # chest level"): the signal
              or (body and gesture >= GESTURE_ALONE and not has(_FOUL))
              # someone's own arm or hand, with nothing of the game named ("taps his elbow with his
              # other hand", "grabs his own wrist"): the official's gesture
              or (bool(has(_OWN_BODY)) and not wset & _GAME_THINGS and not has(_HURT))
              # a gesture told in the first words, before anything else ("Clenched fist, arm punched
              # straight out from his body. Which penalty ...?")
              or _gesture_first(question)
              # a gesture told, then "what's it mean?" ("both arms straight out, palms open: tell the
              # table what that means")
              or (body and gesture >= 2 and bool(has(_WHAT_IT_MEANS)) and not has(_HURT)
                  and not has(_FOUL)))
    asks_gesture = bool(has(_ASKS_GESTURE) or (has(_PRONOUN_ARMS) and wset & _OFFICIAL))
    if signal and has(_COUNTS_AS) and not asks_signal:
        signal = False  # "What exactly counts as hooking? I just had my blade on his hip": a foul told
    signal = signal or asks_gesture
    last = last_sentence(question)
    if signal and asks_signal and last != question and _ASKS_ELSE.search(last) and not _asks_signal(last):
        # "signal" only in the story ("the coach signals for a time-out. how long is the time-out?")
        asks_signal = False
    if (signal and (_ASKS_ELSE.search(last) or (has(_ARM_UP_FOR) and not set(words(last)) & _BODY))
            and not asks_signal and not asks_gesture and not _WHICH_IS_THAT.search(last)):
        # the gesture is the story; the question asks who, where or how long, or what follows a call
        # whose arm is told with what it is up for ("Ref has his arm up for a minor and they score.
        # Does the minor go on the sheet?")
        signal = False
    least = bool(has(PENALTY_LEAST))  # "what's the minimum I'm giving?": the least call
    costs_him = bool(has(_COSTS_HIM)) and not has(_MONEY)
    asked_number = has(_NUMBER)
    # "how much does that cost him?" asks for the call, not an amount
    number = bool(asked_number) and not least and not (costs_him and asked_number.group(0).lower() == "how much")
    definition = ((bool(_DEFINITION.search(_WHAT_IS.sub(" ", question) if number else question))
                   or bool(has(_WHAT_LIKE))) and not re.search(_WORTH, question, re.I))
    procedure = bool(has(_PROCEDURE))
    # a foul told as a story asks for the call, unless the question asks something else about it
    # ... and a blow named in a few words ("elbow to the head") is one
    # ("what happens if a player fights" asks for the call too)
    fouls = {m.group(0).lower() for m in _FOUL.finditer(question)}
    if fouls:
        from rulebot.search.ranker import roles

        if all(_COVERS.match(f) for f in fouls) and roles(question) == {"goalkeeper"}:
            fouls = set()  # "goalie covers the puck": the goalkeeper's own right, a stoppage, not a foul
        elif not has(CALL_ASKED) and roles(question[:has(_FOUL).start()]) == {"spectator"}:
            # "a fan grabbed a player's jersey, what does the ref do?": no one to penalise (not "a player
            # punched a fan")
            fouls = set()
    foul = bool(fouls or (has(_BLOW) and len(ws) <= BLOW_WORDS)) and not (
        has(_WHO_SERVES) or
        signal or number or (procedure and not has(_WHAT_HAPPENS_IF)) or has(_DEFINES)
        or has(_VALIDITY) or has(_STOPPAGE) or has(_WHERE_TO) or has(_OFFICIAL_MAY))
    if not number and not foul and " or " in question and has(FIGURE_CHOICE):
        number = True  # two figures offered to choose from ("are penalties 1 minute or 2 minutes?"); a foul told
        # with them ("spears him, 2 or 4 minutes?") asks its call
    call_asked = has(CALL_ASKED)
    if call_asked and has(_OFFICIAL_MAY) and re.match(r"(?:can|may|do|should|could)\b", call_asked.group(0), re.I):
        call_asked = None  # "I'm the AO, can I call a penalty?": whether he may, his duty (RHA 503 (c))
    restart = bool(has(_WHERE_RESTART))
    goal = bool(has(_VALIDITY)) and bool(has(_GOAL_WORDS))
    restart_after = bool(restart and goal
                         and has(_VALIDITY).start() < has(_WHERE_RESTART).start())
    if restart_after:
        restart = False  # "Good goal? And where's the draw?": whether it stands first, the face-off as a part
    return Intent(
        signal=signal,
        definition=definition,
        penalty=((bool(call_asked) and not has(_VALIDITY)) or foul or least
                 or costs_him or (number and bool(fouls) and bool(has(_FOUL_PENALTY)) and not has(_COUNT_ASKED)))
                and not restart,
        number=number,
        compare=bool(has(_COMPARE)),
        procedure=procedure,
        restart=restart,
        goal=goal,
        restart_after=restart_after,
        resume=bool(has(_HOW_RESUMES)) and not restart,
    )


_IMPOSES = re.compile(
    r"\b(minor|major|misconduct|match|bench minor|double minor|game ejection)\b[^.]{0,60}"
    r"\b(penalty|penalties)\b(?! (?:already )?being served)"  # "minor penalties already being served": no call
    r"|\b(?:shall|will) (?:\w+ly )?be (?:imposed|assessed|awarded|given)\b"
    r"|\b(?:can|may) also be (?:imposed|assessed|awarded|given)\b"
    r"|\b(?:will|may|shall) (?:\w+ly )?(?:result in|receive)\b"
    r"|\bawards? (?:a |the )?penalty shot|\bresults? in (?:a )?penalty shot"
    r"|\bis not a penalty\b|\bshall (?:\w+ly )?(?:receive|incur)\b", re.I)


_CLASS_WORDS = re.compile(r"\b(bench minor|double minor|game misconduct|gross misconduct|minor|major|"
                          r"misconduct|match)\b", re.I)


@lru_cache(maxsize=8192)  # asked of the same clause texts over and over while ranking
def imposes_penalty(text: str) -> bool:
    """True when a clause's text states a penalty ("A Minor Penalty shall be imposed ..."); not for a
    sentence that runs through the classes in general ("an infraction which would call for a minor,
    major, misconduct or match penalty", FIRS 6.3 A: how penalties are called, not a call)."""
    if len({m.group(1).lower() for m in _CLASS_WORDS.finditer(text)}) >= 4:
        return False
    return bool(_IMPOSES.search(text))


@lru_cache(maxsize=8192)
def imposes_in_a_sentence(text: str) -> bool:
    """:func:`imposes_penalty` of any one sentence of ``text``: true for a clause that escalates, one
    class a sentence ("... shall be assessed a minor penalty for unsportsmanlike conduct. If the player
    persists ... a misconduct ... a game misconduct", RHA 601 (a))."""
    from rulebot.search.answer import sentences

    return any(imposes_penalty(sent) for sent in sentences(text))


def asks_procedure_span(question: str) -> str:
    """The question without the words that ask for a procedure ("walk me through", "set up", "how
    does ... work"): what is left asks about particular steps ("where does the puck start")."""
    return _PROCEDURE.sub(" ", question)


def without_opening_condition(question: str) -> str:
    """``question`` without a condition told before its request for a procedure ("If this semi is still
    tied after the sudden death, walk me through the shootout" -> "walk me through the shootout"): the
    situation, not a step of it (:data:`OPENING_CONDITION`); unchanged otherwise."""
    opening = OPENING_CONDITION.match(question)
    asked = _PROCEDURE.search(question)
    if opening and asked and asked.start() >= opening.end():
        return question[opening.end():]
    return question


#: The words that set rulebooks side by side: "the same length in both", "in each", "in one of them".
_SAME_IN_BOTH = re.compile(r"\b(?:the same|any different|different)\b(?=[^.?!]{0,25}\bin (?:both|each)\s*(?:[?.!,]|$))"
                           r"|\bin (?:both|each|all|one) of (?:them|the two|those)\b|\bin (?:both|each)(?=\s*(?:[?.!,]|$))",
                           re.I)


_LEFT_OF_NAMES = re.compile(
    r"\b(?:(?:(?:is|are|was)\s+(?:it|they|that|this|those)\s+(?:any\s+)?(?:different|the\s+same|same|similar|alike))"
    r"|(?:any\s+)?different)\s+(?:(?:in|for|between|than|as)\s+)?(?:and|or|vs\.?|versus|than|as)?\s*(?=[?.!]*\s*$)"
    r"|\b(?:and|or|vs\.?|versus)\s*(?=[?.!]*\s*$)"
    r"|^\s*(?:(?:how|where|why|what)\s+)?(?:do|does|did)\s+(?:and\s+|or\s+)?(?:differ|vary|compare)"
    r"\s+(?:on|in|about|when it comes to)?\b", re.I)


def strip_comparison(question: str) -> str:
    """The question without its "in each ruleset" / "compared with" words (asked of one rulebook at
    a time when comparing)."""
    text = _COMPARE.sub(" ", question)
    text = _SAME_IN_BOTH.sub(" ", text)
    # ... and what is left of "is it different in FIRS and RHA?", "do FIRS and RHA differ on ..." once the
    # rulebooks' names are read out of it
    left = _LEFT_OF_NAMES.sub(" ", text)
    text = left if left.strip(" ?.!-") else text
    text = re.sub(r"\b(?:in|across|for|of|between)\s*[?.!]*\s*$", " ", text.strip())
    return re.sub(r"\s+", " ", text).strip(" ?")
