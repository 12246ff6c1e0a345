"""Text analysis for search: tokenising, stop words, stemming (Snowball English), and the hockey
synonym list (``rulebot/data/synonyms.yaml``) used to expand queries."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from operator import itemgetter

_TOKEN = re.compile(r"[a-z0-9]+(?:[+'][a-z0-9]+)*")
#: A possessive or contracted ending: "the goalie's stick" and "it's" are "goalie" and "it".
_CLITIC = re.compile(r"'(?:s|re|ve|ll|d|m)$")

NUMBER_WORDS = {
    "zero": "0", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
    "fifteen": "15", "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50", "ninety": "90",
}

#: Irregular English forms the Snowball stemmer leaves apart ("shot" / "shoots", "fell" / "falls",
#: "criteria" / "criterion", "wooden" / "wood"), as rulebooks and referees use them, and compounds
#: written as one word ("timeout"); words that are also hockey nouns ("stuck"/"stick", "left") are not here.
IRREGULAR = {
    "shot": "shoot", "shots": "shoot", "struck": "strike", "threw": "throw", "thrown": "throw",
    "fell": "fall", "fallen": "fall", "held": "hold", "kept": "keep", "caught": "catch",
    "broke": "break", "broken": "break", "came": "come", "lost": "lose", "won": "win", "began": "begin",
    "begun": "begin", "took": "take", "taken": "take", "ran": "run", "drew": "draw",
    "sat": "sit", "stood": "stand", "chose": "choose", "chosen": "choose", "spat": "spit",
    "fought": "fight", "sent": "send", "wore": "wear", "worn": "wear", "swung": "swing",
    "bled": "bleed", "rode": "ride", "ridden": "ride", "dove": "dive",
    "froze": "freeze", "frozen": "freeze", "slid": "slide", "flew": "fly", "thrust": "thrust",
    "shooter": "shoot", "shooters": "shoot", "shootout": "shoot_out", "shootouts": "shoot_out",
    "timeout": "time_out", "timeouts": "time_out", "faceoff": "face_off", "faceoffs": "face_off",
    "shorthanded": "short_hand",
    "wooden": "wood", "criteria": "criterion", "blown": "blow", "blew": "blow",
}

#: British spellings and their American forms, so that a question and a rulebook spelled the other way
#: meet ("defence" and "defense", "penalise" and "penalize"): the stem is taken of the American form.
#: Word by word, as "-ise" or "-re" endings are no rule ("exercise", "are").  "Centre" is not here: the
#: player ("which centre puts his stick down first") is no RHA "center" ice; the synonym list pairs them
#: where they mean the same ("centre line", "center line").
_BRITISH = """
defence:defense defences:defenses defenceman:defenseman defencemen:defensemen defencive:defensive
offence:offense offences:offenses licence:license licences:licenses
metre:meter metres:meters centimetre:centimeter centimetres:centimeters millimetre:millimeter
millimetres:millimeters kilometre:kilometer kilometres:kilometers litre:liter litres:liters
colour:color colours:colors coloured:colored behaviour:behavior behaviours:behaviors
favour:favor favours:favors honour:honor labour:labor neighbour:neighbor
penalise:penalize penalised:penalized penalises:penalizes penalising:penalizing
recognise:recognize recognised:recognized minimise:minimize minimised:minimized realise:realize
realised:realized apologise:apologize criticise:criticize authorise:authorize authorised:authorized
jeopardise:jeopardize finalise:finalize penalisation:penalization
practise:practice practised:practiced practising:practicing judgement:judgment jewellery:jewelry
travelling:traveling travelled:traveled cancelled:canceled cancelling:canceling grey:gray
programme:program programmes:programs analyse:analyze analysed:analyzed catalogue:catalog
"""
BRITISH = dict(pair.split(":") for pair in _BRITISH.split())

STOP_WORDS = frozenset("""
a an the and or but if then than that this these those there here of to in on at by for with from
into onto over under about as is are was were be been being am do does did doing done have has had
having i me my we our you your he him his she her they them their it its what which who whom whose
when where why how can could would should shall will may might must so such not no nor only own same
too very just also any all both each few more most other another some s t don now get gets got go goes going
let lets ok okay guy guys kid kids dude dudes someone somebody anything something whats does
happen happens call called calls give gives given say says said mean means define defines defined definition rule rules
under per case like just still even really many much anyway gone somebody one
exactly precisely basically honestly
compared compare comparison versus vs between difference
doesn't isn't can't won't
""".split())

#: Words that carry the question's intent but say little about which rule is meant, kept at a lower
#: weight: the game's everyday words and light verbs ("takes a swing", "put up", "what puck do we use"),
#: and "allowed", which asks whether ("how long is a stick allowed to be") more than it names a rule
#: ("Each team is allowed one time-out").
WEAK_WORDS = frozenset("""
penalty penalties player players team teams game games play referee ref official before after
take takes taking took taken make makes made making put puts up full need needs needed allowed use
tournament tournaments format
""".split())


@lru_cache(maxsize=1024)  # one question is respelt more than once in one ask (its parts, its searches)
def respell(text: str, keep: frozenset[str] = frozenset()) -> str:
    """A typed question in full words: chat spellings ("how long r the periods", "b4", "w/") as the
    ``spellings`` list of ``rulebot/data/synonyms.yaml`` writes them out ("are", "before", "with"), and
    officials' shorthand written out, but for the forms in ``keep``, left as written (a rulebook's own:
    ball hockey 39's "the GMs" are its league's general managers)."""
    text = _MINUTES.sub(r"\1 minutes", text)  # "5 min OT" is five minutes, not a minimum
    # "five and a game", "a 2 and 10": two classes by their minutes, before "a 5" alone is read as one
    text = _MAJOR_AND_GAME.sub("major and a game misconduct", text)
    text = _MINOR_AND_TEN.sub(lambda m: f"{m.group(1) or ''}minor and a misconduct", text)
    # "we get a 5 for boarding and they get a 2": the classes officials call by their minutes
    text = _CLASS_BY_MINUTES.sub(lambda m: f"{m.group(1)} {_MINUTES_CLASS[m.group(2).lower()]}", text)
    text = _PLAIN_CLASS.sub(lambda m: "a " if m.group(1) else "", text)  # "an ordinary minor" is a minor
    text = _CLASS_GIVEN.sub(lambda m: f"{m.group(1)} a {_MINUTES_CLASS[m.group(2).lower()]}", text)
    text = _OFFICIAL_ADJECTIVE.sub("officially", text)
    text = _MOST_OF.sub("the maximum ", text)
    text = _DRAWS_BLOOD.sub("caused bleeding", text)
    text = _TIME_AS_VERB.sub(r"\1 ", text)
    low = text.lower()
    if "hand" in low:
        text = _HANDS_OUT.sub(lambda m: _GIVES[(m.group(1) or m.group(2)).lower()], text)  # "handing out a misconduct": no hand
    if any(hint in low for hint in _FORGOTTEN_HINTS):
        # "the scuffle - whatever it's called -": the name not recalled (an aside alone stays: it is all that
        # was said)
        bare = _NAME_FORGOTTEN.sub(" ", text)
        text = bare if re.search(r"[^\W\d_]{2}", bare) else text
    text = _SWEARS_THAT.sub("insists ", text)  # "my partner swears it went in off a skate": no profanity
    text = _HOLD_ON.sub(r"\1wait", text)  # "rookie wants to whistle it, I say hold on": no holding
    text = _DRAWS_A_CALL.sub(lambda m: f"{m.group(1) or m.group(2)} get", text)  # "what should that draw?": a call
    text = _NUMBER_OF.sub(r"\1 ", text)  # "the minimum number of players": a count asked, not a jersey number
    syn = load_synonyms()
    short = syn.abbreviations
    # shouted or not by the longer words: "TMM in FIRS" and a bare "TMM" are shorthand, not shouting
    letters = [ch for w in re.findall(r"[^\W\d_]+", text)
               if len(w) > SHORTHAND_LETTERS or not w.isupper() or w.lower() in STOP_WORDS for ch in w]
    if short and sum(ch.isupper() for ch in letters) <= SHOUTED_SHARE * len(letters):
        # officials' shorthand in capitals ("DOG", "TMM", "TO"), as written: "dog" stays a dog, and a
        # question typed in capitals is no string of abbreviations
        text = _abbreviation_pattern(tuple(short)).sub(
            lambda m: m.group(0) if m.group(0) in keep else short[m.group(1)], text)
    # typed in lower case on a phone ("ot length rr", "tmm?"): those that are no English word ("so",
    # "dog", "to" stay words)
    lower = _lower_abbreviations(tuple(short))
    if lower:
        # an English word ("dog", "en") is looked up only when said: the word list loads in ~150 ms
        text = _abbreviation_pattern(tuple(lower)).sub(
            lambda m: m.group(0) if is_english_word(m.group(1)) else lower[m.group(1)], text)
    # a dropped g ("their tendy still strappin pads", "whats he tellin me"): the word with it, when only that is
    # an English word
    text = _G_DROPPED.sub(_g_restored, text)
    spell = syn.spellings
    if not spell:
        return text
    return _spelling_pattern(tuple(spell)).sub(lambda m: spell[m.group(0).lower()], text)


#: A word that may have dropped the g of its "-ing" ("strappin", "tellin'"): a consonant before "in".
_G_DROPPED = re.compile(r"\b([a-z]{2,}[b-df-hj-np-tv-z]in)'?(?![\w'])", re.I)
#: Common English words that end so (the word list is loaded only for a word not among them).
_ENDS_IN_IN = frozenset("within begin margin cabin cousin origin basin robin latin satin penguin coffin muffin chin shin "
                        "twin spin skin thin grin akin napkin pumpkin dolphin admin goblin violin raisin resin toxin "
                        "protein bulletin javelin vermin sin bin kin pin tin gin din fin".split())


def _g_restored(m: re.Match) -> str:
    word = m.group(1)
    low = word.lower()
    if low in _ENDS_IN_IN or low in STOP_WORDS or is_english_word(low) or not is_english_word(low + "g"):
        return m.group(0)
    return word + "g"


#: "Handing out" a penalty is giving it ("I'm handing out a misconduct", "he was handed out two minors"),
#: not the hand of a signal ("hand pass", "both hands out the front of his body" stay).
_HANDS_OUT = re.compile(r"\b(handing|handed) out(?= (?:an?|two|three|2|3|his|her|their|another|"
                        r"(?:\w+ )?(?:minor|major|misconduct|penalt)\w*)\b)"
                        # "when I hand out a misconduct": a penalty class named after it ("a hand out a little"
                        # is a gesture)
                        r"|\b(hand|hands) out(?= (?:(?:an?|two|three|2|3|his|her|their|another|the) )?(?:\w+ )?"
                        r"(?:minor|major|misconduct|match penalt|penalt)\w*\b(?! (?:box|bench)))", re.I)
_GIVES = {"handing": "giving", "handed": "given", "hand": "give", "hands": "gives"}
#: An aside that the asker cannot recall a thing's name ("whatever it's called", "name escapes me", "on the
#: tip of my tongue", "the, uh, scuffle"): no word of it is the rules'.  Not "what's it called when ..." nor "what
#: do you call it?", which ask for the name.
_NAME = r"(?:proper |official |right |real )?(?:name|word|term)"
_NAME_FORGOTTEN = re.compile(
    r"\b(?:uh+|um+|erm)\b,?"
    r"|\b(?:or )?whatever (?:it'?s|it is|they'?re|they are|the [\w'’]+(?:'s| is))(?: really| officially)? called(?: there)?"
    r"|\b(?:or )?whatever (?:they|you|people|the (?:book|rules?|rulebook)) calls? (?:it|them|that)(?: there)?"
    r"|\bwhatever (?:its|their|his|her|the) (?:name|title|term) is"
    r"|\b(?:i )?(?:can'?t|cannot|couldn'?t) (?:think of|remember|recall|pull up|grab|come up with) "
    rf"(?:the|its|their|his|her) {_NAME}(?: for (?:it|that|this|them))?"
    r"|\b(?:i )?(?:can'?t|cannot|don'?t) (?:remember|recall) what (?:it'?s|it is|they'?re|they are|that'?s) called"
    r"|\b(?:i )?(?:can'?t|cannot) recall it\b"
    rf"|\b(?:the |its |their )?{_NAME}(?:'s| is)? (?:escapes|escaping|slipping|is slipping|gone from|has gone from) "
    r"(?:me|my (?:head|mind))"
    rf"|\bblanking on (?:the|its|their) {_NAME}|\bdrawing a blank"
    r"|\b(?:it'?s |its name is |the name is )?on the tip of my tongue"
    rf"|\bi (?:always )?(?:forget|forgot) (?:the|its|their) {_NAME}"
    rf"|\bthere'?s an? {_NAME} for (?:it|that|this)", re.I)
#: Letters every aside of :data:`_NAME_FORGOTTEN` has: most questions have none and skip the pattern.
_FORGOTTEN_HINTS = ("uh", "um", "erm", "whatever", "can", "couldn", "don", "name", "word", "term", "blank",
                    "tongue", "forg")
#: "Swears" that says something is so ("my partner swears it went in off a skate", "the coach swore that
#: he'd served it", "coach swears there's nothing in the book"), not the profanity of "swears at the ref" (nor
#: "swears his head off", "swears no end at the linesman"); "I swear" and a clause ("swear rha does 1:30")
#: likewise.
_SWEARS_THAT = re.compile(r"(?:\b(?:swears|swore|sworn)|(?:\bi\s+|^\s*|(?<=[?.!,;:]\s)|(?<=[?.!,;:]))swear)\s+"
                          r"(?:blind\s+|up and down\s+)?(?=(?:that|it|it's|he|she|they|he's|she's|they're|we|i|i'm|"
                          r"there's|there|nothing|the|rha|firs)\s)", re.I)
#: "Minimum number of" asking a count ("minimum number of players to start"), not a jersey number.
_NUMBER_OF = re.compile(r"\b(minimum|maximum)\s+number of\s+", re.I)
#: "Hold on", "hold off" said to wait ("I say hold on", "told him to hold off", "Hold on, ..."), not the
#: goalie holding on to the puck ("the goalie tried to hold on").
_HOLD_ON = re.compile(r"(\b(?:say|said|says|told (?:him|her|them|me) to|tell (?:him|her|them) to)\s+|^\s*|[.!?]\s+)"
                      r"hold (?:on|off|up)\b", re.I)
#: "Draw" as what a foul brings ("what should that draw?", "does it draw a major?"), not a face-off.
_DRAWS_A_CALL = re.compile(r"\b((?:what|how much|how many minutes) (?:does|do|should|would|will|did|could|can|might)"
                           r" (?:that|it|this|he|she|they|(?:an?|the|his|her) [\w-]+(?: [\w-]+)?))"
                           r" draw(?=\s*(?:[?.!,]|$))"
                           r"|\b((?:does|do|would|will|should|could|can|did|might) (?:that|it|this)) draw"
                           r"(?= (?:a |an )?(?:minor|major|misconduct|penalty|penalties|game|match|double|bench|"
                           r"ejection|suspension)\b)", re.I)
#: "official" that says approved, not the referee: "which puck is official", "the official game
#: roster" (written "officially", its stem without the referee's synonyms and everyday weight).
_OFFICIAL_ADJECTIVE = re.compile(
    r"(?:(?<=\bis )|(?<=\bare ))official(?=\s*(?:[?.!,;]|$|for\b|in\b|at\b|under\b))"
    r"|\bofficial(?= (?:puck|pucks|ball|balls|roster|rosters|score|scoresheet|score sheet|sheet|game sheet|"
    r"game roster|rules?|rule ?book|scorer|size|time|clock|record|records|report|result|results|standings|one|ones|"
    r"stats|statistics|letter|language|colou?rs?|jerseys?|uniforms?|sticks?|dimensions?|rink)\b)", re.I)
#: The goal judge told without his name: "the judge", or someone sitting or standing behind the goal
#: ("the guy sitting behind the net throws both hands up": FIRS 4.6 D, a goal).
GOAL_JUDGE_TOLD = re.compile(r"\bjudge\b|\b(?:sits?|sitting|stands?|standing|seated|official|guy|man|person|someone)"
                             r"\s+(?:\w+\s+){0,2}behind (?:the |our |their )?(?:net|goal|cage)\b", re.I)
#: A question with more than this share of its letters in capitals is shouted, not abbreviated.
SHOUTED_SHARE = 0.6
#: Words in capitals of at most this many letters ("TMM", "FIRS") are shorthand or names, and do not make
#: a question shouted; small words in capitals ("HOW LONG IS A TO") do.
SHORTHAND_LETTERS = 5
#: "a 5 for boarding", "they get a 2", "the extra 10?": a penalty called by its minutes.
_CLASS_BY_MINUTES = re.compile(r"\b(a|the|his|their|our|another|extra|that)\s+(2|two|5|five|10|ten)"
                               r"(?=\s+(?:for|at|and|on (?:him|them|us|the same)|too|as well)\b|\s*[,.?!]|\s*$)", re.I)
#: ... and after a verb of giving or getting, before "for" and a foul ("goalie just got two for delay",
#: "gave him five for boarding", "... and two for roughing"); not "we got two and they got one" (goals)
#: or "do teams get two for overtime" (time-outs).
_CLASS_GIVEN = re.compile(r"\b((?:got|gets|get|getting|gave|gives|give|given|giving|took|takes|take|taking|called|"
                          r"assessed|and)(?:\s+(?:him|her|them|me|us|you))?)\s+(2|two|5|five|10|ten)(?=\s+for\s+(?:an?\s+)?"
                          r"(?:\w+ing\b|delay|interference|too many|unsportsmanlike|abuse|high[- ]?stick|cross[- ]?check"
                          r"|butt[- ]?end|head[- ]?butt|obstruction|misconduct|that\b|it\b))", re.I)
#: A penalty class said to be the plain one ("an ordinary minor", "a regular major"): the class itself.
_PLAIN_CLASS = re.compile(r"\b(an?\s+)?(?:ordinary|regular|normal|standard|basic|plain|simple|usual|typical|straight)\s+"
                          r"(?=(?:minor|major|misconduct|double minor|bench minor)s?\b)", re.I)
_MINUTES_CLASS = {"2": "minor", "two": "minor", "5": "major", "five": "major", "10": "misconduct", "ten": "misconduct"}
_MINUTES = re.compile(r"\b(\d{1,2}|one|two|three|four|five|ten|fifteen|twenty)[\s-]?mins?\b", re.I)
#: "drew blood": an injury, not a face-off's draw nor a tied game (IRREGULAR's "drew" -> "draw").
_DRAWS_BLOOD = re.compile(r"\b(?:drew|draws?|drawn|drawing) blood\b", re.I)
#: Two classes called by their minutes, as officials say them: "five and a game" (a major and a game
#: misconduct) and "2+10", "two plus ten" (a minor and a misconduct, FIRS 6.1.4 C).
_MAJOR_AND_GAME = re.compile(r"\b(?:5|five)\s*(?:\+|plus|and)\s*(?:a\s+)?game\b(?![\s-]*misconduct)", re.I)
#: ... "and" only after a giving word or an article ("got 2 and 10", "a two and ten"), not "players 2 and 10",
#: "rules 2 and 10", "went 2 and 10"
_MINOR_AND_TEN = re.compile(r"(?:\b((?:got|gets|get|getting|gave|gives|give|given|giving|took|takes|take|taking"
                            r"|assessed|a|an|for)\s+)(?:2|two)\s+and\s+|\b(?:2|two)\s*(?:\+|plus)\s*)(?:10|ten)\b"
                            r"(?![\s-]*(?:minutes?|mins?|seconds?|players?|goals?|points?|years?)\b)", re.I)
#: "time" as what the timekeeper does ("how long do I time the penalties"), not the game's time.
_TIME_AS_VERB = re.compile(r"\b(to|i|we|you|they)\s+time\s+"
                           r"(?=(?:the|a|an|his|their|each|all|it|them|penalt\w*)\b)", re.I)
#: "the most players he is allowed": a count's upper limit asked in everyday words ("the maximum players",
#: as rules say it; "most" alone is a small word), not a comparison ("the team with the most men on the floor").  Not "the fewest": rules say how few by what
#: a team is not reduced below, seldom "minimum" (FIRS 6.2.1 A).
_MOST_OF = re.compile(r"\bthe most (?=(?:players|skaters|goalies|goaltenders|shooters|non-players|officials|coaches|"
                      r"time-?outs|subs|substitutes)\b[^.?!]{0,40}\b(?:allowed|can|may|permitted|dress|roster)\b)", re.I)


@lru_cache(maxsize=4)
def _abbreviation_pattern(keys: tuple[str, ...]) -> re.Pattern:
    alts = "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True))
    # whole words as written, also in the plural ("PIMs"); never a rule number's letters ("6.4.21 C"), nor
    # a league's people ("one of the league GMs": its general managers)
    return re.compile(rf"(?<![\w/(.-])(?<![Ll]eague )(?<!LEAGUE )({alts})s?(?![\w/)])")


@lru_cache(maxsize=4)
def _lower_abbreviations(keys: tuple[str, ...]) -> dict[str, str]:
    """The abbreviations of the synonym list written in lower case ("rr": round robin), leaving out those
    that are English words ("so", "dog", "en") and those a synonym group lists already ("pk", which may be
    a penalty kill or the penalties), unless the group is the abbreviation and what it stands for alone
    ("gm", "game misconduct": written out, the question reads as one that names it)."""
    syn = load_synonyms()
    alone = {frozenset(g) for g in syn.groups if len(g) == 2}
    return {k.lower(): syn.abbreviations[k] for k in keys
            if k.lower() not in STOP_WORDS and ((k.lower(),) not in syn.by_phrase
                                                or frozenset((k.lower(), syn.abbreviations[k])) in alone)}


@lru_cache(maxsize=4)
def _spelling_pattern(keys: tuple[str, ...]) -> re.Pattern:
    alts = "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True))
    # whole words, and never a sub-clause letter in brackets ("601 (r)")
    return re.compile(rf"(?<![\w/(])(?:{alts})(?![\w/)])", re.I)


def fold(text: str) -> str:
    """NFKC, lower case, curly quotes straightened."""
    text = unicodedata.normalize("NFKC", text).lower()
    return text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')


def words(text: str) -> list[str]:
    """Lower-case word tokens (letters and digits; "5+20" and "don't" stay whole; "guy's" and "it's"
    are "guy" and "it", so the stop-word and weak-word lists hold for them)."""
    return list(_words(text))


@lru_cache(maxsize=65536)
def _words(text: str) -> tuple[str, ...]:
    # the same synonym phrases and question parts are split again and again while a question is asked
    # a lone "s" is an apostrophe the extraction lost ("the Timekeeper s seat", "REFEREE S CREASE")
    return tuple(_CLITIC.sub("", w) for w in _TOKEN.findall(fold(text)) if w != "s")


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def snowball(word: str) -> str:
    """The plain Snowball English stem of one lower-case word (no irregular forms or compounds), for
    the penalty-index and signal searches."""
    return _stemmer().stemWord(word)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Snowball English stem of one lower-case word (numbers unchanged, number words as digits)."""
    if word.endswith("'s"):
        word = word[:-2]  # possessive: "whistle's" is "whistle"
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    if not word.isalpha():
        return word
    if word in KEEP_WHOLE:
        return word
    if word.endswith("s") and word[:-1] in KEEP_WHOLE:
        return word[:-1]
    word = BRITISH.get(word, word)
    return _stemmer().stemWord(IRREGULAR.get(word, word))


#: Words the stemmer would merge with another word: "icing" is not the "ice", "heading" (for the bench)
#: not the "head", "clearing" (the puck) not a "clear" advantage or shot, an "assistant" official not a
#: scorer's "assist", RHA's "Partnered Events" no referee's "partner". Their plurals are the same terms.
KEEP_WHOLE = frozenset({"icing", "heading", "clearing", "assistant", "partnered"})


#: Compound terms of the game that are one thing, not their words: a "penalty shot" is not a "shot",
#: a "time-out" not the game's "time", a "face-off" not a "face", a "shoot-out" not a "shot", a "bench
#: minor" or "double minor" not a "minor", a "dressing room" no team "dressed", the "referee's crease" no
#: goal crease (the stems of each pair
#: become one term, "penalti_shoot"; "timeout", "faceoff" and "shootout" written as one word are the
#: same terms).
COMPOUNDS = frozenset({("penalti", "shoot"), ("time", "out"), ("face", "off"), ("shoot", "out"), ("bench", "minor"),
                       ("doubl", "minor"), ("short", "hand"), ("dress", "room"), ("refere", "creas")})


#: Compounds that are a verb and its particle before "of": "puck shot out of play" is no shoot-out
#: ("one time out of one-minute duration" is a time-out), unless written as the noun ("a shoot-out of
#: 3 shooters per team"): the pair's stems -> the noun's first word.
VERB_BEFORE_OF = {("shoot", "out"): "shoot"}


def units(ws: list[str]) -> list[tuple[str, str]]:
    """``(surface, term)`` for each word of ``ws``, the two words of a :data:`COMPOUNDS` pair as one
    unit (``("time out", "time_out")``)."""
    return list(_units(tuple(ws)))


@lru_cache(maxsize=4096)  # one question's words are read many times in one ask
def _units(ws: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(ws):
        pair = (stem(ws[i]), stem(ws[i + 1])) if i + 1 < len(ws) else None
        if pair in COMPOUNDS and not (pair in VERB_BEFORE_OF and ws[i + 2:i + 3] == ("of",)
                                      and ws[i] != VERB_BEFORE_OF[pair]):
            out.append((f"{ws[i]} {ws[i + 1]}", f"{stem(ws[i])}_{stem(ws[i + 1])}"))
            i += 2
        else:
            out.append((ws[i], word_term(ws, i)))
            i += 1
    return tuple(out)


def word_term(ws: list[str], i: int) -> str:
    """The index term of the word ``ws[i]``: its stem, or :data:`ORDINAL_SECOND` for "second" not
    after a number."""
    if ws[i] == "second" and not (i and _is_number(ws[i - 1])):
        return ORDINAL_SECOND
    return stem(ws[i])


#: The term of "second" as an ordinal ("a second penalty", "the second period", written "2nd" too), apart
#: from the unit of time ("30 seconds", "a five second interval"), which keeps the stem "second".
ORDINAL_SECOND = "2nd"


def _is_number(word: str) -> bool:
    return word.isdigit() or word in NUMBER_WORDS or word in ("one", "few", "several", "many")


#: Words after a length of time that make it a stretch of play, not a penalty's length: "a five minute
#: OT", "with two minutes left", "the 10 minute mark" (a "five minute" is otherwise a major).
_PLAY_TIME_AFTER = frozenset(stem(w) for w in """left remaining remain go period periods half halves ot overtime
    game games match matches intermission break rest warmup warm clock running run stop stopped sudden mercy
    shootout mark into straight""".split())
_PLAY_TIME_BEFORE = frozenset(stem(w) for w in "last first final".split())


def play_time(stems: list[str], start: int, length: int) -> bool:
    """True when the phrase ``stems[start:start + length]`` is a length of time ending in minutes or
    seconds (stems: "5 minut") that is a stretch of play by the word after or before it ("5 minut ot",
    "last 2 minut"), not a penalty's length ("5 minut for board")."""
    if length < 2 or stems[start + length - 1] not in ("minut", "second", "min", "sec"):
        return False
    after = stems[start + length] if start + length < len(stems) else ""
    before = stems[start - 1] if start > 0 else ""
    return after in _PLAY_TIME_AFTER or before in _PLAY_TIME_BEFORE


def terms(text: str, keep_stop_words: bool = False) -> list[str]:
    """Index terms of a text: stemmed words, stop words removed (unless ``keep_stop_words``), the
    words of a :data:`COMPOUNDS` pair joined into one term (:func:`units`)."""
    return list(_terms(text, keep_stop_words))


@lru_cache(maxsize=65536)
def _terms(text: str, keep_stop_words: bool) -> tuple[str, ...]:
    return tuple(term for w, term in units(words(text)) if keep_stop_words or w not in STOP_WORDS)





#: A phrase of at least this many words is also found by its stems ("checks from behind" is "check
#: from behind"); two-word ones are not ("facing off" is not "face off", the spot's name).
PHRASE_STEMS_MIN = 3
#: A phrase of the list is also found with up to this many other words between two of its content words.
PHRASE_GAP = 4
#: Small words a phrase found with words between its own must still have: "too many players" is no
#: "how many players", "goal is not scored" no "goal is scored".
_GAP_KEPT = frozenset("not no never without too many much still one nobody none nothing only more less fewer".split())


class Synonyms:
    """Synonym groups for query expansion (:meth:`expansions`), question rewrites (:meth:`rewrite`),
    rule topics, and one-way "broader" words ("hooked" also searches "fouled").

    Built from the YAML file's ``groups``, ``rewrites``, ``asks``, ``topics``, ``around``, ``broader``
    ``spellings``, ``abbreviations`` and ``together`` (two kinds of words said anywhere in one question that
    mean a phrase of a group).  Raises ValueError for a ``together`` entry without ``when`` and ``means``
    or whose ``means`` is no phrase of a group."""

    def __init__(self, groups: list[list[str]], rewrites: dict[str, list[str]] | None = None,
                 topics: list[str] | None = None, broader: dict[str, list[str]] | None = None,
                 spellings: dict[str, str] | None = None, asks: dict[str, list[str]] | None = None,
                 around: list[str] | None = None, abbreviations: dict[str, str] | None = None,
                 together: list[dict] | None = None) -> None:
        self.topics = [fold(str(t)) for t in (topics or [])]
        # longest first: "cell phone" is named, not "phone" as well
        self.around = sorted((fold(str(t)) for t in (around or [])), key=lambda t: -len(t))
        self.spellings = {str(k).lower(): str(v) for k, v in (spellings or {}).items()}
        self.abbreviations = {str(k): str(v) for k, v in (abbreviations or {}).items()}  # as written: "DOG"
        self.groups = [[fold(str(w)) for w in g] for g in groups]
        self._one_way: set[int] = set()
        # one-way: a specific word also searches for the general one ("hooked" -> "fouled"), never
        # the other way (a question about "fouled" is not about hooking)
        for narrow, wide in (broader or {}).items():
            for w in str(narrow).split(","):
                if w.strip():
                    self.groups.append([fold(w.strip())] + [fold(str(x)) for x in wide])
                    self._one_way.add(len(self.groups) - 1)
        self.rewrites = {fold(k): [fold(str(w)) for w in v] for k, v in (rewrites or {}).items()}
        self.asks = {fold(k): [fold(str(w)) for w in v] for k, v in (asks or {}).items()}
        self.by_phrase: dict[tuple[str, ...], list[int]] = {}
        self.by_stem: dict[str, list[int]] = {}  # one-word members by stem: "swears" finds "swear"
        # phrases by their stems too: "checks from behind" is the list's "check from behind"
        self.by_phrase_stems: dict[tuple[str, ...], list[int]] = {}
        for gi, group in enumerate(self.groups):
            for member in (group[:1] if gi in self._one_way else group):
                key = tuple(words(member))
                self.by_phrase.setdefault(key, []).append(gi)
                if len(key) >= PHRASE_STEMS_MIN:
                    found = self.by_phrase_stems.setdefault(tuple(stem(w) for w in key), [])
                    if gi not in found:
                        found.append(gi)
                if len(key) == 1:
                    self.by_stem.setdefault(word_term(list(key), 0), []).append(gi)
        self.max_len = max((len(k) for k in self.by_phrase), default=1)
        # two kinds of words said anywhere in one question that mean a phrase of the list ("after someone
        # scores in the gym league how do we restart": "restart after a goal"): each kind's words and
        # phrases by their stems, and the groups of the phrase meant
        # ... by the words as written, not their stems ("the score is tied" is no goal scored)
        # ... with the first words of each kind's phrases, for the cheap test in _expansions
        self.together: list[tuple[tuple[tuple[tuple[str, ...], ...], ...], tuple[int, ...],
                                  tuple[frozenset[str], ...]]] = []
        for entry in together or []:
            if not isinstance(entry, dict) or not entry.get("when") or not entry.get("means"):
                raise ValueError(f"together: each entry needs 'when' (lists of words) and 'means', not {entry!r}")
            kinds = tuple(tuple(tuple(words(fold(str(x)))) for x in kind) for kind in entry["when"])
            meant = tuple(self.by_phrase.get(tuple(words(fold(str(entry["means"])))), ()))
            if not meant:
                raise ValueError(f"together: {entry['means']!r} is no phrase of the list")
            if len(kinds) < 2 or set.intersection(*({x for x in kind if len(x) == 1} for kind in kinds)):
                # two kinds with no one word in common: one word alone never says both (:meth:`_expansions`)
                raise ValueError(f"together: {entry['when']!r} needs two kinds of words with no word in both")
            self.together.append((kinds, meant, tuple(frozenset(x[0] for x in kind if x) for kind in kinds)))

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        # worked out again by each process; the phrases by their content words (:meth:`content_phrases`,
        # about 50 ms to work out, and :meth:`_content_by_second`) are kept with the ranker that worked them
        # out
        for store in ("_patterns", "_lengths", "_lengths_kept", "_members_kept", "_expanded"):
            state.pop(store, None)
        return state

    def rewrite(self, text: str) -> tuple[str, list[list[str]]]:
        """Take question phrases ("how long is a game", "how long") out of ``text`` and return the words
        rulebooks answer them with: ``(text without the phrases, groups)``, where each group is one
        concept: one word of a rewrite (``["game time"]``, ``["periods"]``), or all the words of an
        ``asks`` phrase (``["long", "length", "minutes", "seconds", "duration"]``)."""
        out = fold(text)
        groups: list[list[str]] = []
        for phrase, pat, repl, as_one in self._rewrite_patterns():
            if phrase in out and pat.search(out):  # a substring test first: most phrases are not asked
                out = pat.sub(" ", out)
                groups.extend([list(repl)] if as_one else [[w] for w in repl])
        return out, groups

    def _rewrite_patterns(self) -> list[tuple[str, re.Pattern, list[str], bool]]:
        """``(phrase, pattern, replacement, as_one)`` for each rewrite, then each ``asks`` phrase;
        compiled once (an unpickled list has none yet)."""
        pats = self.__dict__.get("_patterns")
        if pats is None:
            pats = self.__dict__["_patterns"] = [
                (phrase, re.compile(rf"\b{re.escape(phrase)}\b"), repl, as_one)
                for phrases, as_one in ((self.rewrites, False), (self.asks, True))
                for phrase, repl in phrases.items()]
        return pats

    def content_phrases(self) -> dict[str, list[tuple[str, tuple[tuple[str, str], ...], frozenset[str], int]]]:
        """The list's members of two content words or more, by the stem of their first content word:
        ``{stem: [(first word, ((stem, word) of the others), their stems, group), ...]}``; worked out once."""
        found = self.__dict__.get("_content")
        if found is None:
            found = {}
            for gi, group in enumerate(self.groups):
                for member in (group[:1] if gi in self._one_way else group):
                    content = [(stem(w), w) for w in words(member) if w not in STOP_WORDS or w in _GAP_KEPT]
                    # not a phrase with a number: "5 and a game" is no "5 minutes of the game"
                    if len(content) >= 2 and not any(w in NUMBER_WORDS or any(ch.isdigit() for ch in w)
                                                     for _, w in content):
                        found.setdefault(content[0][0], []).append(
                            (content[0][1], tuple(content[1:]), frozenset(t for t, _ in content[1:]), gi))
            self.__dict__["_content"] = found
        return found

    def _phrase_lengths(self):
        """``(by_word, by_stem, members)``: the lengths of the list's phrases of two words or more by
        their first word, and by its stem for those looked up by stems; each group's members with
        their words.  Worked out once (an unpickled list has none yet)."""
        found = self.__dict__.get("_lengths")
        if found is None:
            by_word: dict[str, set[int]] = {}
            by_stem: dict[str, set[int]] = {}
            for key in self.by_phrase:
                if len(key) > 1:
                    by_word.setdefault(key[0], set()).add(len(key))
            for key in self.by_phrase_stems:
                by_stem.setdefault(key[0], set()).add(len(key))
            members = [[(m, tuple(words(m))) for m in group] for group in self.groups]
            found = self.__dict__["_lengths"] = (by_word, by_stem, members)
        return found

    def one_way(self, gi: int) -> bool:
        """Whether group ``gi`` is a one-way one of ``broader``: its first word also searches the others,
        never the reverse ("on the pp" -> "shorthanded")."""
        return gi in self._one_way

    def expansions(self, query_words: list[str], narrowing: bool = True) -> list[str]:
        """Other members of every group a query word or phrase belongs to (as text phrases).  With
        ``narrowing`` False, a phrase that adds a content word to the one query word it comes from
        ("change" -> "line change") is left out: a clause with the phrase has the word already, and the
        question did not say which change.  Other forms of the word stay ("boarding" -> "into the
        boards").  The groups are found once per process for the same words (:meth:`_expansions`)."""
        found = self._one_word(query_words[0]) if len(query_words) == 1 else None
        if found is None:
            found = kept(self, "_expanded", tuple(query_words), lambda: tuple(self._expansions(query_words)),
                         EXPANSIONS_KEPT)
        return [member for member, narrows in found if narrowing or not narrows]

    def _one_word(self, word: str) -> tuple[tuple[str, bool], ...] | None:
        """:meth:`_expansions` of the one word ``word`` from :meth:`one_word_table` (a fact of the list:
        a word the list spells out, else its stem), or None when the table does not tell ("second")."""
        by_word, by_stem = self.one_word_table()
        found = by_word.get(word)
        if found is not None:
            return found
        if word in STOP_WORDS:
            return ()
        if word == "second":
            return None  # its term is the ordinal's, not its stem (word_term)
        return by_stem.get(stem(word), ())

    def one_word_table(self) -> tuple[dict[str, tuple], dict[str, tuple]]:
        """``(by word, by stem)``: :meth:`_expansions` of every word the list spells out, and of any other
        word by its stem for the stems the list looks words up by; worked out once, with the ranker, and
        cached with it (a word's synonyms are asked for many times in every question)."""
        found = self.__dict__.get("_one_word_table")
        if found is None:
            by_word = {key[0]: tuple(self._expansions([key[0]])) for key in self.by_phrase if len(key) == 1}
            # a word the list does not spell out finds its groups by its stem alone (_expansions)
            members = self._phrase_lengths()[2]
            by_stem = {}
            for st in self.by_stem:
                # any word of that stem the list does not spell out: the groups, members and "narrows" of
                # _expansions depend on the stem only (_narrows compares stems)
                by_stem[st] = tuple((member, len(mw) > 1 and _narrows_stem(st, mw))
                                    for gi in self.by_stem[st] for member, mw in members[gi])
            found = self.__dict__["_one_word_table"] = (by_word, by_stem)
        return found

    def _expansions(self, query_words: list[str]) -> list[tuple[str, bool]]:
        """(member, narrows) for the other members of every group a query word or phrase belongs to;
        ``narrows``: the member adds a content word to the one query word it comes from."""
        n = len(query_words)
        stems = [stem(w) for w in query_words]
        matches: list[tuple[int, tuple[str, ...], list[int]]] = []
        for i in range(n):
            for length in self._lengths_from(query_words[i], stems[i]):
                if i + length > n or (length > 1 and play_time(stems, i, length)):
                    continue
                key = tuple(query_words[i:i + length])
                found = self.by_phrase.get(key)
                if found is None and length == 1 and key[0] not in STOP_WORDS:
                    found = self.by_stem.get(word_term(query_words, i))  # an inflection the list does not spell out
                elif found is None and length >= PHRASE_STEMS_MIN:
                    found = self.by_phrase_stems.get(tuple(stems[i:i + length]))  # "checks from behind"
                if found:
                    matches.append((i, key, list(found)))
        if PHRASE_GAP and n > 1:
            # a phrase of the list said with other words between its own ("traps the ball against the
            # wall" is "traps it on the wall"): its content words in order, PHRASE_GAP words apart at most
            had = {gi for _, _, gs in matches for gi in gs}
            by_second = self._content_by_second()
            said = set(stems)
            for i in range(n):
                seconds = by_second.get(stems[i])
                if not seconds:
                    continue
                # only the phrases whose second content word is said too, in the list's order
                candidates = [e for s2 in (seconds.keys() & said) for e in seconds[s2]]
                if len(candidates) > 1:
                    candidates.sort(key=itemgetter(0))
                for _, (first, rest, needed, gi) in candidates:
                    if gi in had or not needed <= said:
                        continue
                    # two words are the phrase only as written and with small words between them ("restart
                    # after goal": "restart after a goal"; "player play in shorts" is no "a player short");
                    # three or more in any of their forms, and with up to PHRASE_GAP words of any kind
                    two = len(rest) == 1
                    alike = str.__eq__ if two else _alike
                    if not alike(query_words[i], first):
                        continue
                    at, ok = i, True
                    for want, word in rest:
                        nxt = next((j for j in range(at + 1, min(n, at + 2 + PHRASE_GAP))
                                    if stems[j] == want and alike(query_words[j], word)), None)
                        if nxt is None:
                            ok = False
                            break
                        at = nxt
                    if ok:
                        had.add(gi)
                        matches.append((i, tuple(query_words[i:at + 1]), [gi]))
        had = {gi for _, _, gs in matches for gi in gs}
        said_words = set(query_words)
        # (two kinds of words: never one word alone, the most asked for: a word's own synonyms)
        for kinds, meant, firsts in self.together if n > 1 else ():
            # a word of every kind said first (the cheap test: most rules have none), then the phrases
            if any(said_words.isdisjoint(first) for first in firsts):
                continue
            if not set(meant) <= had and all(any(_said_at(query_words, x) for x in kind) for kind in kinds):
                matches.append((0, (), [gi for gi in meant if gi not in had]))
        out: list[tuple[str, bool]] = []
        for i, key, groups in matches:
            if len(key) == 1 and len(groups) > 1:
                # a word of two groups ("draw": a face-off, a tie) means the one of a longer phrase around
                # it ("the two taking the draw"); both when no phrase says
                around = {g for j, k, gs in matches if len(k) > 1 and j <= i < j + len(k) for g in gs}
                groups = [g for g in groups if g in around] or groups
            for gi in groups:
                out += self._members_for(key, gi)
        return out

    def _members_for(self, key: tuple[str, ...], gi: int) -> tuple[tuple[str, bool], ...]:
        """(member, narrows) for the members of group ``gi`` other than the said ``key`` (:meth:`_expansions`);
        a fact of the list, kept per process."""
        return kept(self, "_members_kept", (key, gi), lambda: tuple(
            (member, len(key) == 1 and len(mw) > 1 and _narrows(key[0], mw))
            for member, mw in self._phrase_lengths()[2][gi] if mw != key), MEMBERS_KEPT)

    def _content_by_second(self) -> dict[str, dict[str, list[tuple[int, tuple]]]]:
        """:meth:`content_phrases` by the stems of their first and second content words:
        ``{first: {second: [(place in the list, entry), ...]}}``; worked out once."""
        found = self.__dict__.get("_by_second")
        if found is None:
            found = {}
            for first, entries in self.content_phrases().items():
                for at, entry in enumerate(entries):
                    found.setdefault(first, {}).setdefault(entry[1][0][0], []).append((at, entry))
            self.__dict__["_by_second"] = found
        return found

    def _lengths_from(self, word: str, word_stem: str) -> tuple[int, ...]:
        """The lengths, longest first, of the list's phrases that start with ``word`` (or its stem), and 1;
        a fact of the list, kept per word for the process."""
        kept_lengths = self.__dict__.setdefault("_lengths_kept", {})
        found = kept_lengths.get(word)
        if found is None:
            by_word, by_stem, _ = self._phrase_lengths()
            own, stemmed = by_word.get(word), by_stem.get(word_stem)
            if not (own or stemmed):
                return (1,)  # most words start no phrase and are not kept: the store holds words of the list's stems
            found = kept_lengths[word] = tuple(sorted((own or set()) | (stemmed or set()) | {1}, reverse=True))
        return found



#: Word lists whose expansions a synonym list keeps (per process).
EXPANSIONS_KEPT = 4096
#: (said phrase, group) pairs whose other members a synonym list keeps (per process; an inflection the list
#: does not spell out, or a phrase said with words between, is a key too, so the store is emptied at this size).
MEMBERS_KEPT = 16384


def kept(owner: object, store: str, key, make, limit: int):
    """``make()`` for ``key``, worked out once and kept in ``owner.__dict__[store]`` (a dict emptied when
    it holds ``limit`` entries): what a process read of a question, asked again within one ask.  The
    stores are per process: the classes that keep them leave them out when pickled."""
    memo = owner.__dict__.setdefault(store, {})
    if key not in memo:
        if len(memo) >= limit:
            memo.clear()
        memo[key] = make()
    return memo[key]


def _said_at(said: list[str], phrase: tuple[str, ...]) -> bool:
    """Whether the words of ``phrase`` come one after the other in ``said``."""
    n = len(phrase)
    return any(tuple(said[i:i + n]) == phrase for i in range(len(said) - n + 1)) if n else False


def _alike(a: str, b: str) -> bool:
    """Two words that are forms of one word: the same but for "-s"/"-es", "-ed"/"-d" or "-ing" ("traps",
    "trap"; "ended", "ends"; "tied", "tie"), though not a plural and an "-ing" ("boards", "boarding": the
    wall and the penalty), nor two words the stemmer joins that differ otherwise ("shots", "shooters")."""
    if a == b:
        return True
    (base_a, end_a), (base_b, end_b) = _word_ending(a), _word_ending(b)
    return base_a == base_b and {end_a, end_b} != {"s", "ing"}


def _word_ending(word: str) -> tuple[str, str]:
    """``(word without its ending, "s" | "ed" | "ing" | "")``: "traps" -> ("trap", "s"), "tied" -> ("tie", "ed")."""
    for suffix, kind in (("ing", "ing"), ("es", "s"), ("ed", "ed"), ("s", "s"), ("d", "ed")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[:-len(suffix)], kind
    return word, ""


def _narrows(word: str, phrase: tuple[str, ...]) -> bool:
    """True when ``phrase`` has ``word`` (by stem) and a content word besides ("line change")."""
    return _narrows_stem(stem(word), phrase)


def _narrows_stem(own: str, phrase: tuple[str, ...]) -> bool:
    """:func:`_narrows` for a word of stem ``own``."""
    stems = [stem(w) for w in phrase]
    return own in stems and any(s != own and w not in STOP_WORDS for w, s in zip(phrase, stems))


@lru_cache(maxsize=1)
def _english():
    from spellchecker import SpellChecker  # about 0.15 s to load: only when a word looks like a typo

    return SpellChecker(distance=1)


def is_english_word(word: str) -> bool:
    """True when ``word`` (lower case) is in pyspellchecker's English word list ("puddle", "thing"),
    so no typo of a rulebook word ("paddle", "think")."""
    return word in _english()


_ADOPTED: Synonyms | None = None


def adopt_synonyms(synonyms: Synonyms) -> None:
    """Use ``synonyms`` (the packaged list as a ranker of this code's version read it: its version
    digests the file) instead of reading and stemming the file again: a few tens of ms at start-up."""
    global _ADOPTED
    _ADOPTED = synonyms


def load_synonyms() -> Synonyms:
    """The packaged synonym list (``rulebot/data/synonyms.yaml``), read once per process (or adopted
    from a cached ranker, :func:`adopt_synonyms`)."""
    return _ADOPTED if _ADOPTED is not None else _read_synonyms()


@lru_cache(maxsize=1)
def _read_synonyms() -> Synonyms:
    """The packaged synonym list, read from its file."""
    import yaml

    from rulebot.paths import data_file

    # libyaml's loader when PyYAML has it: a third of the time of the pure-Python one at start-up
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(data_file("synonyms.yaml").read_text(encoding="utf-8"), Loader=loader) or {}
    return Synonyms(data.get("groups", []), data.get("rewrites", {}), data.get("topics", []),
                    data.get("broader", {}), data.get("spellings", {}), data.get("asks", {}), data.get("around", []),
                    data.get("abbreviations", {}), data.get("together", []))




NEGATION_REACH = 2  # content words a negation reaches ("not the goalie", "no injury")
#: A preposition after a negated word ends what the negation reaches ("not ready at game time").
_PREPOSITIONS = frozenset("at in on by during before after for with within from to".split())
_NEGATION = frozenset("""not no non never without nobody none except excluding n't isn't doesn't don't didn't
wasn't aren't can't cannot""".split())
#: "won't hand his stick over" is a refusal (RHA "refuses to surrender"), not something that did not happen.
_REFUSAL = frozenset("won't wont will".split())
_SCOPE_END = re.compile(r"[,.;:!?()]|\s[-–]\s|\b(?:but|and|or|then|so|if)\b", re.I)


def _negated_words(query: str) -> list[str]:
    """The content words a negation reaches in ``query``, up to :data:`NEGATION_REACH` after each
    "not", "no", "without", "except" ... and never past a comma, dash or "but"."""
    out: list[str] = []
    for piece in _SCOPE_END.split(query):
        ws = words(piece)
        for i, w in enumerate(ws):
            if (w in _NEGATION or w.endswith("n't")) and w not in _REFUSAL and not (i and ws[i - 1] in _REFUSAL):
                content: list[str] = []
                for x in ws[i + 1:]:
                    if content and x in _PREPOSITIONS:
                        break  # "not ready at game time": ready, not the game
                    if x not in STOP_WORDS and x not in WEAK_WORDS:
                        content.append(x)
                out += content[:NEGATION_REACH]
    return out


@lru_cache(maxsize=1024)  # asked of one question by its search, its ranking and its answer
def negated_terms(query: str) -> frozenset[str]:
    """Stems the question says are not the case, with the rulebooks' words for them ("not into the
    boards" -> {"board", "wall", ...}; "no injury" -> {"injuri", ...}; "a defender, not the goalie," ->
    {"goali", "goalkeep", ...}), less those it says outside its negations: "a misconduct (not a game
    misconduct)" sets aside the game misconduct, not the misconduct."""
    return _stems_and_synonyms(_unless_asserted(_negated_words(query), query))


def _unless_asserted(negated: list[str], query: str) -> list[str]:
    """The ``negated`` words less those the negation only qualifies: a word ``query`` also says outside
    its negated spans (:func:`without_negated`) right after a word it does not ("a misconduct (not a
    game misconduct)": the game misconduct is set aside, not the misconduct); "the defenceman, not the
    goalie, falls on the puck in front of the goalie" still sets the goalie aside."""
    said, spans = without_negated(query)
    asserted = set(terms(said))
    ws = words(spans)
    qualified = {w for prev, w in zip(ws, ws[1:])
                 if asserted.intersection(terms(w)) and prev not in STOP_WORDS and prev not in _NEGATION
                 and not asserted.intersection(terms(prev))}
    return [w for w in negated if w not in qualified]


def _stems_and_synonyms(ws: list[str]) -> frozenset[str]:
    """The stems of ``ws`` and of their one-word synonyms: what the rulebooks call the same things ("not
    the goalie" is not the goalkeeper either)."""
    out: set[str] = set()
    for x in ws:
        out.update(terms(x))
        out.update(stem(m) for m in load_synonyms().expansions([x]) if " " not in m)
    return frozenset(out)


#: A negation that sets something aside after saying what did happen: "hit from behind, not into the
#: boards", "a defender - not the goalie -", "but not over the head".
_CONTRAST = re.compile(r"(?:[,;(\u2013\u2014]|\s-|\bbut)\s*not\b[^,.;:?!()\u2013\u2014]*", re.I)


def without_contrast(query: str) -> str:
    """``query`` without what it sets aside (:data:`_CONTRAST`): "how long is a misconduct (not a game
    misconduct)?" -> "how long is a misconduct )?"."""
    return _CONTRAST.sub(" ", query)


#: A foul the story plays down or says was faked: "flops to sell a hook", "goes down on a little hook",
#: "after a light stick tap", "a hook that was barely there", "barely touched". The question is about
#: the one who sold it (embellishment), not the foul.
_PLAYED_DOWN = re.compile(r"\b(?:to )?(?:sell|sells|selling|sold|draw|draws|drawing|drew) (?:a|an|the) "
                          r"(?!call\b|penalty\b)(?P<a>[\w-]+(?: [\w-]+)?)"
                          r"|\b(?:a|an) (?:(?:little|light|tiny|slight|soft|small|weak|wee) )+(?P<b>[\w-]+)"
                          r"|\b(?:a|an) (?P<c>[\w-]+) (?:that|which) was barely there\b"
                          r"|\bbarely (?:got |been |even |was )?(?P<d>touched|hit|clipped|tapped|grazed|brushed)\b", re.I)


#: A question that reviews a call already made: "was that the right call?", "should it have counted?",
#: "what should the restart have been?", "did the crew get it right?".
_REVIEWED = re.compile(r"\b(?:(?:was|is) (?:that|this|it|he|she|they|the \w+) (?:the )?(?:right|correct|proper|wrong)"
                       r"|should (?:it|he|she|they|we|i|the \w+) have|what should (?:\w+ ){1,3}have been"
                       r"|(?:right|correct|wrong) (?:call|decision|sanction|outcome|restart)"
                       r"|(?:get|got) (?:it|that) right)\b", re.I)
#: The call an official made, told in a question that reviews it: "the crew gave five plus a game
#: misconduct", "the ref set up a face-off in front of the net", "the referee let the home team shoot
#: first". What was called is the thing in doubt, not what the rule says: its words weigh less.
_CALL_TOLD = re.compile(r"\b(?:ref|refs|referee|referees|crew|officials?|linesm[ae]n|i|we)"
                        r" (?:just |then |only |instead )?"
                        r"(?:gave|called|awarded|assessed|handed|set up|let|kept|allowed|sent|ruled|counted|"
                        r"disallowed|waved off|whistled|blew|signalled|signaled|put)\b"
                        r"(?P<call>[^.;:?!]*)", re.I)


def contrasted_terms(query: str) -> frozenset[str]:
    """The :func:`negated_terms` of the question's contrasting negations only ("..., not into the
    boards"), not of a state it tells ("no blood", "the team is not ready"); the stems of a foul
    it plays down (:data:`_PLAYED_DOWN`); and, in a question that reviews a call ("... the crew gave
    five and a game. Was that right?"), the stems of the call told (:data:`_CALL_TOLD`)."""
    played = [next(w for w in m.groups() if w) for m in _PLAYED_DOWN.finditer(query)]
    told = ([m.group("call") for m in _CALL_TOLD.finditer(query) if m.group("call").strip()]
            if _REVIEWED.search(query) else [])
    return frozenset().union(*(_stems_and_synonyms(_unless_asserted(_negated_words(m.group(0)), query))
                               for m in _CONTRAST.finditer(query)),
                             *(negated_terms(f"not {w}") for w in played),
                             *(_stems_and_synonyms([w for w in words(call) if w not in STOP_WORDS
                                                    and w not in WEAK_WORDS]) for call in told))


def without_negated(query: str) -> tuple[str, str]:
    """(the query without its negated spans, those spans): "crossed arms in front, not over his head"
    -> ("crossed arms in front, ", "not over his head")."""
    kept: list[str] = []
    spans: list[str] = []
    for piece in re.split(f"({_SCOPE_END.pattern})", query, flags=re.I):
        piece = piece or ""
        if piece and not _SCOPE_END.fullmatch(piece) and _negated_words(piece):
            cue = re.search(r"\b(?:" + "|".join(re.escape(w) for w in _NEGATION) + r")\b|\w+n't\b", piece, re.I)
            last = _negated_words(piece)[-1]
            end = [m.end() for m in re.finditer(rf"\b{re.escape(last)}\b", piece, re.I)]
            if cue and end and end[-1] > cue.start():
                spans.append(piece[cue.start():end[-1]])
                piece = piece[:cue.start()] + " " + piece[end[-1]:]
        kept.append(piece)
    return "".join(kept), " ".join(spans)


@lru_cache(maxsize=8192)
def _text_units(text: str) -> tuple[tuple[str, str], ...]:
    """:func:`units` of a rulebook text's words, kept per text: the same clauses are read question after
    question, and :meth:`Searcher.forget_questions` empties :func:`_units`' store, not this one (only
    :func:`polarity` reads clause texts through it)."""
    return tuple(units(words(text)))


def polarity(text: str, stems: frozenset[str]) -> tuple[bool, bool]:
    """(asserted, negated): whether ``text`` mentions any of ``stems`` outside the reach of a negation
    (the :data:`NEGATION_REACH` words after "not", "except" ..., small words not counted: "not in possession
    of the puck" reaches the puck), and whether it mentions one inside it."""
    asserted = negated = False
    last_neg = -10
    i = 0  # words counted, small words not ("not in possession of the puck": the puck is the second)
    for w, t in _text_units(text):
        if w in _NEGATION or w.endswith("n't"):
            last_neg = i
        elif w in STOP_WORDS:
            continue
        i += 1
        if t in stems:
            if i - last_neg <= NEGATION_REACH + 1:  # the negation's own count is one
                negated = True
            else:
                asserted = True
    return asserted, negated
