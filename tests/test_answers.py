"""Answers on the real corpus (issue 4): the call, comparisons, knowing when it doesn't know."""

from __future__ import annotations

from rulebot.search import get_searcher
from rulebot.search.answer import normalise_numbers, story_and_parts
from rulebot.search.intent import classify


def test_short_handed_is_one_term_and_its_meaning_answers_what_counts_as_it():
    from rulebot.search.text import terms

    assert terms("short-handed") == terms("shorthanded") == ["short_hand"] and terms("shorts") == ["short"]
    a = get_searcher().ask("can a player play in shorts", "rha")
    assert "pants" in a.citations[0].text  # not the rule on a short-handed team
    b = get_searcher().ask("What does 'short-handed' mean when a goal ends a minor?", "rha")
    assert b.answer.startswith('"Short-handed" means that the team must be below the numerical strength')


def test_a_list_of_short_lettered_items_is_one_sentence():
    from rulebot.search.answer import sentences

    text = ("Tie-breakers in the round robin: (a) points; (b) head-to-head result; (c) goal difference; "
            "(d) coin toss. Ties in the playoffs go to overtime.")
    assert sentences(text) == ["Tie-breakers in the round robin: (a) points; (b) head-to-head result; "
                               "(c) goal difference; (d) coin toss.", "Ties in the playoffs go to overtime."]
    # long lettered sub-clauses stay sentences of their own
    long = ("(a) A minor penalty shall be imposed on any player who trips an opponent with the stick; "
            "(b) A major penalty shall be imposed on any player who injures an opponent by tripping.")
    assert len(sentences(long)) == 2


def test_numbers_written_as_words_are_normalised():
    assert normalise_numbers("two periods of twenty (20) minutes each") == "two periods of 20 minutes each"
    assert normalise_numbers("a five (5) minute rest") == "a 5 minute rest"
    assert normalise_numbers("not yet 20 (twenty) seconds") == "not yet 20 seconds"
    # counts keep the words and the digits as printed: "three" and "3" are both in the answer
    assert normalise_numbers("three (3) different players") == "three (3) different players"


def test_a_signal_is_asked_about_not_narrated():
    assert classify("What's the signal for boarding?").signal
    assert classify("delayed penalty signal").signal
    assert classify("How does a goal judge signal that the puck crossed the line?").signal
    assert not classify("The Referee signals a delayed minor and the other team scores. What happens?").signal
    # the purpose that opens a fill-in-the-blank card asks the signal; a step of the rule does not
    assert classify("Annex B: to signal a penalty shot the referee ___ ?").signal
    assert not classify("To signal a line change, is a buzzer or a whistle used?").signal
    assert not classify("In order to signal the timekeeper, can the referee blow the whistle?").signal
    assert not classify("The goal judge steps up to the screen to signal the referee. Is that allowed?").signal
    # a signal told of in the story, a definition asked ("... rather than using a signal. How does this league
    # define a cross check?": ball hockey 31)
    q = "Ref called cross checking and said so out loud rather than using a signal. How does this league define a cross check?"
    assert not classify(q).signal and first_rule(q, "ball-hockey") == "31"
    # ... but "how is that defined?" of the gesture told asks what the signal is
    for q in ("Ref puts both hands on his hips. How is that penalty defined?",
              "Ref crossed his arms in front of his chest. What's the definition of that?"):
        assert classify(q).signal, q
    assert first_rule("Ref puts both hands on his hips. How is that penalty defined?", "firs-2017") == "Annex B Misconduct"
    # a body part in the name of a hit is no gesture ("throw a hip check": RHA 604 (a), body checking)
    assert not classify("can I throw a hip check, or is that a penalty?").signal
    assert first_rule("can I throw a hip check, or is that a penalty?", "rha") == "604 (a)"
    assert classify("ref puts both hands on his hips, what is that?").signal


def test_intent_reads_the_question():
    assert classify("Ref taps his elbow with his other hand, what is it?").signal
    assert classify("What's the penalty for spearing?").penalty
    assert not classify("How many shooters does each team get in the shootout?").penalty
    assert classify("How long are periods in each ruleset?").compare
    assert classify("What exactly counts as a fight?").definition
    # "defined" asks for a meaning and is no word to search: "how is charging defined?" is not FIRS 6.4.19 A's
    # "Fighting is defined as ..."
    assert "fight" not in get_searcher().ask("how is charging defined?").answer.lower()
    # the meaning asked with a word between: "what actually makes ..."
    assert classify("What actually makes a play a breakaway?").definition
    # "can I give him something?" and a closing "Anything?" ask for a call; "miss anything?" does not
    assert classify("He embellishes a trip. Can I give him something as well?").penalty
    assert classify("Kid won't give up the puck at the change buzzer. Anything?").penalty
    # asking whether someone is penalised asks for the call
    assert classify("They asked for a stick check and lost it. Does their bench get penalised?").penalty
    assert classify("The trainer yells at me from the door. Can I penalize that?").penalty
    assert not classify("Coach was ejected yesterday. Does he miss anything?").penalty
    assert classify("what happens if a player fights").penalty  # a foul after "what happens if"
    assert not classify("what happens if the puck hits the ref").penalty
    # a blow told in a few words is a call, not a gesture; a long story with one asks what it asks
    assert classify("knee to the knee").penalty and not classify("knee to the knee").signal
    assert not classify("Goalie took a shot to the throat and is down, the other team still has the puck "
                        "in our zone. When do I stop it?").penalty
    # "what's he telling me?" after an official's gesture asks for the signal, and is no definition
    assert classify("Ref pats the top of his head with one hand. What's he telling me?").signal
    assert not classify("The goal judge lifts one arm. What's he telling me?").definition
    # a gesture told first, with no one named, then "which penalty is he showing?": the signal
    assert classify("Forearms crossing, one sliding under the other, before he heads to the box. What's the call?").signal
    assert classify("Clenched fist, arm punched straight out. Which penalty is he showing the scorer?").signal
    assert not classify("Arm around his neck, what is the call?").signal  # one gesture word: a hold
    # a gesture in the story, then a question about who gets the ball, from where, how long: not a signal
    assert not classify("Ref had his arm up for a penalty on them. Once he blows it down, who gets the ball "
                        "and from where?").signal
    assert not classify("Both benches change at the whistle. Who changes first, and how long before the ref "
                        "drops his arm?").signal


def test_may_result_in_a_penalty_states_a_penalty():
    from rulebot.search.intent import imposes_penalty

    assert imposes_penalty("Entering the ice too early may result in a penalty.")
    assert not imposes_penalty("Players change on the fly at the buzzer.")


def test_penalty_question_answers_with_the_call_first():
    a = get_searcher().ask("What's the penalty for kicking an opponent?", "rha")
    assert a.answered
    assert a.answer.lower().startswith("match")
    assert any(c.rule.startswith("626") for c in a.citations[:2])


def test_answer_comes_from_the_cited_clause():
    a = get_searcher().ask("how long is a minor penalty", "rha")
    first = a.citations[0]
    assert first.rule == "402 (a)"
    assert "1:30 or 2 minutes" in a.answer and "402 (a)" in a.answer


def test_comparison_gives_one_line_per_ruleset():
    a = get_searcher().ask("How long is a minor penalty in FIRS compared with RHA?")
    lines = a.answer.splitlines()
    assert a.kind == "comparison" and len(lines) == 2
    assert {c.ruleset for c in a.citations[:2]} == {"firs-2017", "rha"}
    assert any(line.startswith("FIRS:") for line in lines) and any(line.startswith("RHA:") for line in lines)


def test_question_not_covered_is_not_answered():
    s = get_searcher()
    a = s.ask("Is icing called when the ball is shot down the whole floor?", "ball-hockey")
    assert not a.answered and "icing" in a.answer.lower()
    assert a.citations == () and a.see_also  # nearest clauses offered, no rule invented
    assert a.to_json()["answered"] is False
    # the same topic where the rulebook has it is answered
    b = s.ask("Is icing called here?", "challenge-cup-u9")
    assert b.answered and "icing" in b.citations[0].text.lower()


def test_a_thing_around_the_game_the_rules_never_name():
    s = get_searcher()
    a = s.ask("Can a player wear a GoPro on his helmet?", "rha")
    assert not a.answered and a.answer.startswith("Not covered: the RHA rules say nothing about gopro.")
    assert a.citations == () and a.see_also
    b = s.ask("Coach is on his cell phone on the bench, anything?", "firs-2017")
    assert not b.answered and "nothing about cell phone." in b.answer  # the longer name, once
    # named beside a rule matter, it is answered, saying what the rules do not cover
    c = s.ask("A fan throws his phone onto the floor during play. What do I do?", "rha")
    assert c.answered and c.citations
    assert c.answer.endswith("(The RHA rules say nothing about phone.)")
    # a captain the ball-hockey rules never name, calling for the time-out they do rule on
    d = s.ask("Our captain screams for a time-out while the ball is still live. Does the ref give it to him?",
              "ball-hockey")
    assert d.answered and d.citations[0].rule == "8" and "say nothing about captain" in d.answer


def test_how_many_a_side_and_out_of_bounds_are_the_rulebooks_words():
    s = get_searcher()
    assert s.ask("how many players on each team?", "ball-hockey").citations[0].text.startswith(
        "All games will be played 4 on 4")
    assert s.ask("player shoots the ball over the glass", "ball-hockey").citations[0].text.startswith(
        "Out of bounds:")


def test_a_helmet_that_comes_off_is_a_helmet_lost_in_play():
    # before the phrase group, "knocked off" found nothing about helmets lost in play
    a = get_searcher().ask("Helmet knocked off a forward during a rush and he carries on without it. Is that allowed?",
                           "firs-2017")
    assert any("loses a helmet" in c.text for c in a.citations[:3])


def test_a_team_official_on_the_floor_unasked_is_on_the_floor_without_permission():
    a = get_searcher().ask("Their manager stepped onto the floor during play and no one waved him on. Penalty?", "rha")
    assert any(c.text.startswith("Any Team Official who gets on the floor after the start of the game without "
                                 "permission") for c in a.citations[:2])


def test_a_puck_sitting_on_top_of_the_boards_has_come_to_rest_there():
    a = get_searcher().ask("The puck is sitting on top of the boards after a clearing attempt. Do I blow it dead?",
                           "firs-2017")
    assert a.citations[0].text.startswith("If the puck comes to rest on top of the boards")


def test_a_bare_topic_gets_its_rules_general_case_first():
    from rulebot.search import bare_topic

    s = get_searcher()
    assert bare_topic("fighting") and bare_topic("is body checking allowed") and bare_topic("too many men")
    assert not bare_topic("how long is a team timeout") and not bare_topic("when can a goalie be changed")
    # the call of the rule, not a special case of it (gloves dropped; the last two minutes)
    assert s.ask("fighting", "rha").citations[0].rule == "615 (a)"
    assert s.ask("too many men", "rha").citations[0].rule == "205 (c)"
    assert s.ask("high sticking call", "rha").citations[0].rule == "619 (a)"
    # a rule that sets no penalty has no general case: each sub-clause is its own subject
    assert s.ask("quad skates are prohibited", "rha").citations[0].rule == "302 (e)"


def test_not_covered_names_whose_rules_are_silent_and_offers_other_rulebooks():
    s = get_searcher()
    a = s.ask("can a skater wear a GoPro?")  # every rulebook: no U9 preamble said as if all had it
    assert a.answer.startswith("Not covered: no rulebook says anything about gopro. (The U9 Challenge Cup "
                               "rulebook says: ")
    # a topic the rulebook asked never names: not covered there, the others under see also
    b = s.ask("embellishment", "firs-2017")
    assert not b.answered and b.answer.startswith("Not covered: the FIRS rules say nothing about embellishment.")
    assert any(c.ruleset == "ball-hockey" for c in b.see_also)
    # a topic the rulebook writes as two words ("mouth guard") is covered
    c = s.ask("is a mouthguard required?", "firs-2017")
    assert c.answered and "mouth guard" in c.citations[0].text.lower()


def test_who_does_something_is_answered_by_a_clause_that_says_it():
    # FIRS 6.4.7 A sets a goalkeeper's minor but does not say who serves it; 6.1.2 B does
    a = get_searcher().ask("Our goalie gets called for a minor. Who serves it?", "firs-2017")
    assert a.citations[0].rule == "6.1.2 B"


def test_a_major_asked_for_is_the_major_case():
    a = get_searcher().ask("a major for hooking?", "rha")
    assert a.citations[0].rule == "622 (b)" and a.answer.startswith("Major")


def test_penalty_class_questions_answer_from_the_class_definition():
    s = get_searcher()
    a = s.ask("how long is a major in RHA")
    assert a.answer.startswith("RHA major 4 or 5 min") and a.citations[0].rule == "403 (a)"
    b = s.ask("What's the difference between a game ejection and a game misconduct?", "rha")
    lines = b.answer.splitlines()
    assert len(lines) == 2 and {c.rule for c in b.citations[:2]} == {"404 (c)", "404 (d)"}
    # a question about an infraction is not a class question
    c = s.ask("is boarding a major?", "firs-2017")
    assert c.citations[0].rule.startswith("6.4.13")
    # time in the box said in slang is the class's length too
    d = s.ask("how much sin bin time does a minor get in ball hockey")
    assert d.answer.startswith("Ball hockey penalty 1 min") and d.citations[0].rule == "23"
    # ... and so is a terse "penalty length?", "pen length" (Ball hockey 23: "Penalties are 1 minute long")
    for q in ("pen length ball hockey?", "penalty length in this league?"):
        e = s.ask(q, "ball-hockey")
        assert e.answer.startswith("Ball hockey penalty 1 min") and e.citations[0].rule == "23", q
    # ... but with another class named, that class is asked ("penalty length for a major?": FIRS 6.1.3 A)
    f = s.ask("penalty length for a major?", "firs-2017")
    assert f.answer.startswith("FIRS major 5 min") and f.citations[0].rule == "6.1.3 A"


def test_ruleset_names_work_like_ids():
    s = get_searcher()
    assert s.ask("tripping", "FIRS").citations[0].ruleset == "firs-2017"
    assert s.search("hooking", "ball hockey")[0].clause.ruleset == "ball-hockey"


def test_printed_numbers_as_the_whole_question():
    s = get_searcher()
    for ruleset, number in (("ball-hockey", "35 ¶2"), ("youth-cup", "Format 2A"), ("challenge-cup-u9", "27 a"),
                            ("rha", "402 Situation #1"), ("rha", "205 (c) NOTE 1"),
                            ("firs-2017", "Annex C row 12"), ("firs-2017", "Annex B Boarding")):
        assert s.ask(number, ruleset).citations[0].rule == number, number
    assert s.ask("ball hockey rule 35").citations[0].rule == "35"


def test_what_is_the_penalty_gives_the_basic_case_first():
    s = get_searcher()
    # FIRS 6.4.30 A (minor, or major + game misconduct) before 6.4.30 B (causing injury)
    a = s.ask("what's the penalty for slashing in FIRS")
    assert a.citations[0].rule == "6.4.30 A" and a.answer.lower().startswith("minor")
    # asking about the injury gets the injury case
    b = s.ask("hooking that causes an injury in RHA, what's the penalty")
    assert b.citations[0].rule == "622 (b)"


def test_period_lengths_in_each_ruleset_quote_each_game_format():
    a = get_searcher().ask("how long are periods in each ruleset")
    lines = dict(line.split(": ", 1) for line in a.answer.splitlines())
    assert lines["Youth Cup"].startswith("The duration of a game is 2 x 20 minutes")  # not the 50-minute maximum
    assert lines["FIRS"].startswith("Regulation games will be played in two periods of 20 minutes each")
    assert lines["U9 Challenge Cup"].startswith("two 24-minute periods")


def test_comparison_lines_say_not_covered_where_a_rulebook_is_silent():
    a = get_searcher().ask("how long is a minor penalty in each ruleset")
    lines = dict(line.split(": ", 1) for line in a.answer.splitlines())
    assert lines["RHA"].startswith("minor 1:30 or 2 min")
    assert lines["Youth Cup"].startswith("minor 2 min")
    assert lines["U9 Challenge Cup"].startswith("Not covered")


def test_synonym_phrases_match_as_phrases():
    # "too many men" is the rulebook's "too many players": found as a phrase, not as every "players"
    hits = get_searcher().search("Bad change, the guy plays the puck before he's off. Too many men?", "rha", 3)
    assert any("too many players on the floor" in h.clause.text for h in hits)


def test_a_synonym_phrase_is_found_with_a_few_words_between_its_own():
    from rulebot.search.text import PHRASE_GAP, _alike, load_synonyms, words

    syn = load_synonyms()
    # three words or more with up to PHRASE_GAP words between ("too many of our men on the floor")
    assert "too many players" in syn.expansions(words("we had too many of our men on the floor"))
    at_most = "too many " + "of our " * (PHRASE_GAP // 2) + "men on the floor"
    too_far = "too many " + "of our " * (PHRASE_GAP // 2 + 1) + "men on the floor"
    assert "too many players" in syn.expansions(words(at_most))
    assert "too many players" not in syn.expansions(words(too_far))
    # two words only as written, with small words between ("restart after goal": "restart after a goal")
    assert "after a goal is scored" in syn.expansions(words("restart after goal"))
    assert "a player short" not in syn.expansions(words("can a player play in shorts"))
    assert "puck drop" not in syn.expansions(words("the players facing off"))
    # ... never without a small word that says what it means ("how many players" is no "too many
    # players", "too dangerous for players" neither), nor with a number ("5 and a game")
    assert "too many men" not in syn.expansions(words("how many players on the floor"))
    assert "too many men" not in syn.expansions(words("Is it too dangerous for players under 9"))
    assert syn.expansions(words("in the last 5 minutes of the game")) == []
    # forms of one word, not words the stemmer joins
    assert _alike("traps", "trap") and _alike("pinned", "pinning")
    assert not _alike("shots", "shooters") and not _alike("boards", "boarding")


def test_every_synonym_phrase_keeps_at_least_two_terms():
    # "is up" would be the phrase term "~up" ("is" is a filler) and match every "up"
    from rulebot.search.ranker import phrase_term
    from rulebot.search.text import load_synonyms, words

    syn = load_synonyms()
    members = [m for g in syn.groups for m in g] + [m for v in syn.rewrites.values() for m in v]
    collapsed = [m for m in members if len(words(m)) > 1 and " " not in phrase_term(m) and "_" not in phrase_term(m)]
    assert collapsed == []


def test_possessives_and_irregular_forms_meet_the_rulebook_words():
    from rulebot.search.text import stem

    assert stem("whistle's") == stem("whistle")
    assert stem("shot") == stem("shoots") and stem("fell") == stem("falls")
    assert stem("blown") == stem("blew") == stem("blow")


def test_a_question_that_asks_two_things_is_split_into_its_parts():
    from rulebot.search.answer import question_parts

    assert question_parts("Kid trips somebody. Does he go to the sin bin, and do they play a man down?") == [
        "Does he go to the sin bin", "do they play a man down"]
    assert question_parts("How long is a minor penalty?") == ["How long is a minor penalty?"]


def test_a_list_is_cited_from_its_first_item_and_a_procedure_answered_with_its_steps():
    s = get_searcher()
    hits = s.search("FIRS quarter-final tied after regulation - how long is the OT?", None, 3)
    # 1.3 B only announces the list ("settled as follows:"); its first item holds the 10 minutes
    assert hits[0].clause.number == "1.3 B •1"
    assert {h.clause.number for h in hits[1:]} & {"1.3 B", "1.3 B •2"}
    answer = s.ask("Walk me through setting up a penalty shot.", "firs-2017").answer
    assert "as follows: • All players, except player taking penalty shot" in answer


def test_a_rule_asked_for_by_number_says_what_it_is_about():
    a = get_searcher().ask("What's RHA Rule 630 about?")
    # 630's own line is a heading-like "(age appropriate ...)": its first sub-clause comes first
    assert a.answer.startswith("RHA 630 MERCY RULE: Should a team score enough goals")
    assert a.citations[0].rule == "630 (a)"


def test_list_items_are_found_by_what_their_list_is_for():
    # RHA 639 (b) 4 "a shootout shall take place as follows: A. ... C. Teams will alternately take a
    # penalty shot, with the visiting team shooting first": item C never says "shootout" itself
    hits = get_searcher().search("In a shootout, which team shoots first?", "rha", 3)
    assert "639 (b) 4 C" in [h.clause.number for h in hits]


def test_compound_terms_are_one_term():
    from rulebot.search.text import terms

    assert terms("a time-out, a timeout, the face-off spot, penalty shots, a shoot-out, shootouts") == [
        "time_out", "time_out", "face_off", "spot", "penalti_shoot", "shoot_out", "shoot_out"]
    assert terms("a bench minor is not a minor") == ["bench_minor", "minor"]
    # "second" the ordinal is not the unit of time: a second penalty is not a 60 second one
    assert terms("a second penalty, the 2nd period, 60 seconds, a five second interval") == [
        "2nd", "penalti", "2nd", "period", "60", "second", "5", "second", "interval"]
    # "who serves a goalie's minor": FIRS 6.1.2 B, not the bench minor of 6.1.2 D
    assert get_searcher().ask("who serves a goalie's minor penalty", "firs-2017").citations[0].rule == "6.1.2 B"
    # "how long is a game" is about the game's periods, not the "Game time out" of RHA 640 (b)
    hits = get_searcher().search("how long is a game", "rha", 1)
    assert hits[0].clause.text.startswith("The game shall be played in two periods")
    # and FIRS's periods are 1.2 A ("two periods of twenty (20) minutes"), not the time-out of 1.2 B
    # ("one time out of one-minute duration per period"): the number next to the asked word
    assert get_searcher().search("how long are periods", "firs-2017", 1)[0].clause.number == "1.2 A"


def test_a_call_says_how_play_restarts_when_the_rules_say_so():
    s = get_searcher()
    bh = s.ask("what's the penalty for hooking", "ball-hockey").answer
    assert bh.startswith("Penalty (1 minute) — Hooking:")
    assert "Restart: After a penalty is called and play is blown down, possession is given" in bh
    firs = s.ask("what do I give for boarding", "firs-2017").answer
    assert "Restart: The resulting face-off shall be made at one of the end zone face-off spots" in firs
    # not a penalty: no restart line
    assert "Restart:" not in s.ask("Slap shot from past half, is that a penalty?", "ball-hockey").answer


def test_a_foul_told_as_a_story_gets_the_call_and_how_rules_combine():
    a = get_searcher().ask("attacker on a breakaway from centre gets hooked from behind and never gets a shot away",
                           "firs-2017")
    # the call comes from 6.4.35 H ("tripped or otherwise fouled from behind"), cited first
    assert a.answer.startswith("Penalty shot — When a player, in control of the puck in the attacking zone")
    assert a.citations[0].rule == "6.4.35 H"
    assert "Signal: Penalty Shot" in a.answer
    assert "Rules combine: If the offense for which the penalty shot was awarded" in a.answer
    assert classify("guy gets hooked from behind").penalty
    assert not classify("how long is a penalty for hooking").penalty or classify("how long is a penalty for hooking").number


def test_chat_spellings_are_written_out_but_not_sub_clause_letters():
    from rulebot.search.text import respell

    assert respell("how long r the periods w/ OT b4 the 2nd?") == "how long are the periods with OT before the second?"
    assert respell("RHA 601 (r) and U9") == "RHA 601 (r) and U9"
    assert respell("at the youth tourney") == "at the youth tournament"  # the Youth Cup's alias
    # a count's upper limit in everyday words, as rules say it; "the most" of anything else stays
    assert respell("the most players he is allowed on his roster") == "the maximum players he is allowed on his roster"
    assert respell("the most dangerous hit") == "the most dangerous hit"
    # "drew blood" is an injury, not a face-off's draw (FIRS 6.4.21 E's major)
    assert get_searcher().ask("hi stick drew blood", "firs-2017").citations[0].rule == "6.4.21 E"
    assert respell("the team with the most men on the floor gets the penalty") == (
        "the team with the most men on the floor gets the penalty")
    # officials' shorthand in capitals is written out; the same letters in lower case are words
    assert respell("DOG on the goalie, then an EN goal and TMM") == ("delay of game on the goalie, then an "
                                                                     "empty net goal and too many men")
    assert respell("the dog ran on the floor") == "the dog ran on the floor"
    assert respell("6.4.21 C and PIMs") == "6.4.21 C and penalty minutes"
    a = get_searcher().ask("how long r the games", "youth-cup")
    assert a.question == "how long r the games"  # the asker's words are kept
    assert a.citations[0].text == "The duration of a game is 2 x 20 minutes (raw time)."


def test_a_length_of_play_is_no_penalty_length():
    from rulebot.search.ranker import ClauseRanker
    from rulebot.search.text import respell, stem, words

    r: ClauseRanker = get_searcher().ranker
    assert respell("5 min OT, then a 2-min minor") == "5 minutes OT, then a 2 minutes minor"
    assert "five minute" in r.query_phrases(words("he gets a five minute for boarding"))
    # a stretch of play ("a five minute OT", "with two minutes left") is not a major or a minor
    for q in ("still tied after the five minute OT", "with two minutes left he hooks", "in the last 5 minutes"):
        ws = words(q)
        assert not {"five minute", "5 minute", "two minute", "2 minute"} & set(r.query_phrases(ws)), q
        assert not any("~5 minut" in g or "~2 minut" in g for _, g in r.concepts(q)), q
    assert "~5 minut" not in r.doc_terms[r.doc_of[_clause_id("rha", "A five-minute overtime period")]]
    assert [stem(w) for w in words("minutes left")] == ["minut", "left"]


def test_the_length_of_a_named_fouls_penalty_is_its_rules_call_not_the_classes_lengths():
    # RHA 642 (a) says "A minor penalty" and no number; 402 (a)/403 (a) give the classes' minutes but not
    # for tripping: the foul's rule leads and the answer gives its class's minutes from the penalty index
    for q, rule in (("how long is the penalty for tripping", "642 (a)"), ("how long is the penalty for hooking", "622 (a)")):
        a = get_searcher().ask(q, "rha")
        assert a.citations[0].rule == rule, q
        assert a.answer.startswith("Minor (1:30 or 2 minutes)"), q
    # ... also when the foul's penalty is named as one ("a tripping penalty", "high sticking penalty length")
    assert get_searcher().ask("how long is a tripping penalty", "rha").citations[0].rule == "642 (a)"
    assert get_searcher().ask("high sticking penalty length", "firs-2017").citations[0].rule == "6.4.21 C"
    assert not classify("how long is a major penalty").penalty  # a class's length, no call asked
    # a NOTE that names the class is no basic case (FIRS 6.4.19 F NOTE 2, "play short-handed for the duration of
    # the Major Penalty"): fighting's own rule, 6.4.19 B
    assert get_searcher().ask("how long is the penalty for fighting", "firs-2017").citations[0].rule == "6.4.19 B"
    # a length asked of something that is not the foul's rule keeps the clause that gives the number
    a = get_searcher().ask("how long is a major penalty", "rha")
    assert a.citations[0].rule == "403 (a)"


def _clause_id(ruleset: str, starts: str) -> str:
    return next(c.id for c in get_searcher().index.all_clauses() if c.ruleset == ruleset and c.text.startswith(starts))


def test_steps_printed_after_the_clause_announcing_them_are_its_steps():
    from rulebot.search.answer import announced_steps

    s = get_searcher()
    intro = next(c for c in s.index.by_ruleset("youth-cup") if c.text.endswith("will be played as follows:"))
    steps = announced_steps(s.index, intro)
    assert [c.number.split()[-1] for c in steps] == ["•2", "•3", "•4"]  # not the ¶1 after the list
    a = s.ask("Semifinal ended in a tie. How does the winning shot contest work?", "youth-cup")
    # a step first (the substance), then the clause announcing the steps
    assert a.citations[0].clause_id == steps[0].id and a.citations[1].clause_id == intro.id
    assert a.answer.startswith("If the ranking match") and "• The winning goal contest is started with three" in a.answer


def test_a_procedure_answers_with_the_steps_asked_about_and_cites_them():
    a = get_searcher().ask("how do we set up a penalty shot - where does the puck start and can the goalie come out?",
                           "firs-2017")
    assert "• The Referee shall place the puck on the centre face-off spot" in a.answer
    assert "• If the goalkeeper leaves the goal crease prior to the player touching the puck" in a.answer
    rules = [c.rule for c in a.citations]
    # the step that fits best first, then the clause announcing the steps, then the other steps quoted
    assert rules[0] in ("6.1.8 A •8", "6.1.8 A •9") and rules[1] == "6.1.8 A"
    assert "6.1.8 A •8" in rules and "6.1.8 A •9" in rules


def test_an_item_of_a_penalty_list_carries_the_lists_penalty():
    a = get_searcher().ask("player spits at the other team's bench, what's that", "rha")
    assert a.answer.startswith("Gross misconduct — If any player or Team Official does any of the following")
    assert a.citations[0].rule == "601 (f) 2"


def test_how_long_is_a_penalty_in_a_rulebook_without_a_plain_penalty_is_its_minor():
    s = get_searcher()
    assert s.ask("how long is a penalty", "ball-hockey").answer.startswith("Ball hockey penalty 1 min")
    assert s.ask("how long is a penalty", "firs-2017").answer.startswith("FIRS minor 2 min")
    # a sentence running through every class is how penalties are called, not a call
    assert not classify("x").penalty
    from rulebot.search.intent import imposes_penalty
    assert not imposes_penalty("Should an infraction of the rules which would call for a minor, major, "
                               "misconduct or match penalty be committed by a player of the side in possession")


def test_a_rule_number_that_does_not_exist_is_said_so():
    s = get_searcher()
    a = s.ask("rule 9.9.9", "firs-2017")
    assert a.answer == "No rule 9.9.9 in the FIRS rules." and not a.answered and not a.citations
    assert s.ask("6.4.21 C").citations[0].rule == "6.4.21 C"


def test_the_signal_is_the_one_for_the_infraction_asked_about():
    s = get_searcher()
    assert "Signal: Spearing" in s.ask("what's the penalty for spearing in FIRS").answer
    assert "Signal: Butt-Ending" in s.ask("what's the penalty for butt-ending in FIRS").answer


def test_whether_a_goal_or_a_decision_stands_is_not_a_penalty_question():
    assert not classify("kicked the puck in the net, goal or no goal").penalty
    assert not classify("my partner waved off a goal that went in off a skate, right call?").penalty
    assert classify("guy kicks an opponent, what's the call?").penalty
    a = get_searcher().ask("kicked the puck in the net, goal or no goal", "rha")
    assert a.citations[0].rule.startswith("627")


def test_an_answer_that_refers_back_quotes_what_it_refers_to():
    # FIRS 3.2.12 C "This supply of pucks shall be kept at the penalty bench" goes on from 3.2.12 B
    a = get_searcher().ask("where are the spare pucks kept during a game?", "firs-2017")
    assert a.answer.index("adequate supply of official pucks") < a.answer.index("This supply of pucks shall be kept")
    # on a one-paragraph sheet the parser keeps such a sentence with its rule: U9 21 "Penalties: Penalty
    # results in penalty shot. The offending player will sit out the next shift, ..."
    a = get_searcher().ask("how long is a penalty in U9")
    assert a.citations[0].rule == "21" and a.citations[0].text == (
        "Penalties: Penalty results in penalty shot. The offending player will sit out the next shift, but the "
        "team will play even strength.")


def test_a_short_sentence_between_two_chosen_ones_is_kept():
    from rulebot.search.answer import best_sentences

    text = ("If the goalie is not ready by game time: the game will start and a 1 minute delay of game penalty "
            "will be assessed. The offending team must play with 3 runners for 1 minute. After the penalty is "
            "over, the team must play with 4 runners until the goalie is ready.")
    got = best_sentences(text, "goalie not ready at game time, do we wait for the goalie?")
    assert "3 runners for 1 minute" in got and got.startswith("If the goalie is not ready")


def test_with_no_rulebook_chosen_the_answer_says_where_else_the_rule_is():
    a = get_searcher().ask("attacker on a breakaway gets hooked from behind")
    others = a.answer.split("Other rulebooks: ", 1)[1]
    assert "RHA 642 (e)" in others and "FIRS 6.4.35 H" in others
    assert "Other rulebooks" not in get_searcher().ask("attacker on a breakaway gets hooked from behind", "rha").answer


def test_a_goalie_closing_his_hand_on_the_ball_in_the_crease():
    # the example of ../shared/eval/FORMAT.md: ball hockey 35 ¶2, a penalty shot
    a = get_searcher().ask("Goalie smothers the ball in his crease with his hand - what's the call?", "ball-hockey")
    assert a.answer.startswith("Penalty shot — Players closing their hand on the ball within their defensive crease")
    # an answer sentence that begins "This includes" comes with the sentence it refers to
    b = get_searcher().ask("their goalie covers the ball in the crease", "ball-hockey")
    assert "Delay of game: Any player/team deliberately delaying the game" in b.answer.split("This includes")[0]


def test_an_infraction_the_rulebook_never_names_gets_its_general_penalty_rule():
    a = get_searcher().ask("I called a trip. Does the kid go to the box, or what happens?", "challenge-cup-u9")
    assert a.answer.startswith("The U9 Challenge Cup rules do not name that infraction")
    assert "Penalty results in penalty shot." in a.answer and "sit out the next shift" in a.answer
    assert a.citations[0].rule == "21"


def test_what_the_question_says_did_not_happen_weighs_against_a_clause_that_says_it_did():
    from rulebot.search.text import negated_terms, polarity

    negated = negated_terms("Open-ice hit from behind, not into the boards - what does FIRS give?")
    assert "board" in negated and "wall" in negated and "fir" not in negated  # synonyms, not past the dash
    assert {"goali", "goalkeep"} <= negated_terms("Their D-man, not the goalie, dives on the puck")
    assert negated_terms("the player won't hand his stick over") == frozenset()  # a refusal
    # "except the goalkeeper" says the same as "not the goalie"
    assert polarity("If a defending player, except the goalkeeper, falls on the puck",
                    frozenset({"goalkeep"})) == (False, True)
    assert polarity("shoots the puck directly (non-deflected) outside", frozenset({"deflect"})) == (False, True)
    hits = get_searcher().search("Open-ice hit from behind, not into the boards - what does FIRS give?", None, 2)
    # 6.4.26 A (from behind, anywhere), not 6.4.26 B ("from behind into the boards")
    assert hits[0].clause.number == "6.4.26 A"
    # what a contrast sets aside ("..., not into the boards") draws no clause; a state told is kept
    from rulebot.search.text import contrasted_terms

    assert "board" in contrasted_terms("hit from behind, not into the boards")
    assert contrasted_terms("the team is not on the floor ready at game time") == frozenset()
    a = get_searcher().ask("player hit from behind, not into the boards", "firs-2017")
    assert a.citations[0].rule == "6.4.26 A"


def test_a_call_under_review_weighs_less_than_the_play_told():
    from rulebot.search.text import contrasted_terms, stem

    review = "Black #9 grabbed an opponent's cage. The ref gave a regular holding minor. Was that the right call?"
    # the call told is what is in doubt; the play told ("grabbed ... cage") is not
    assert stem("minor") in contrasted_terms(review) and stem("cage") not in contrasted_terms(review)
    # not a review: the same call told is the question's subject
    assert contrasted_terms("The ref gave a holding minor. How long does he sit?") == frozenset()
    a = get_searcher().ask("Black #9 grabbed an opponent's cage with his hand in front of the net. The ref gave a "
                           "regular holding minor. Was that the right size of penalty?", "rha")
    assert a.citations[0].rule == "620 (b)" and "major" in a.answer.lower()  # holding the facemask


def test_a_negation_reaches_no_further_than_a_preposition_after_its_word():
    from rulebot.search.text import negated_terms

    assert "readi" in negated_terms("the team is not ready at game time")
    assert "game" not in negated_terms("the team is not ready at game time")
    assert "board" in negated_terms("not into the boards")  # a preposition before any word of it


def test_a_negation_that_qualifies_a_word_said_elsewhere_sets_aside_only_the_qualified_thing():
    from rulebot.search.text import negated_terms, stem

    # "(not a game misconduct)": the game misconduct is set aside, the misconduct asked is not
    q = "The timekeeper asks what to put on the clock for a misconduct (not a game misconduct). How long is it?"
    assert stem("misconduct") not in negated_terms(q)
    # the goalie said twice is still set aside when the negation names only him
    assert stem("goalie") in negated_terms("a defenceman, not the goalie, falls on the puck in front of the goalie")
    a = get_searcher().ask("The penalty timekeeper asked me how long to put on the clock for a player given a "
                           "misconduct (not a game misconduct). How many minutes does a misconduct penalty last?",
                           "firs-2017")
    assert a.citations[0].rule == "6.1.4 A" and "10 minutes" in a.answer
    # a class set aside is not a class asked (FIRS 6.1.4 A alone, not 6.1.5 A too)
    a = get_searcher().ask("how long does a misconduct (not a game misconduct) last?", "firs-2017")
    assert a.answer.count("\n") == 0 and "10 minutes" in a.answer


def test_the_sentence_whose_case_names_the_class_asked_answers():
    from rulebot.search.answer import classes_asked

    # RHA 409 (b): the arm goes up for a minor, major or match penalty, not for a misconduct
    assert classes_asked("for a misconduct-type foul the referee raises his arm just like for a delayed minor") \
        == {"misconduct"}
    assert classes_asked("I raise my arm for a delayed minor - but what if it calls for a misconduct instead?") \
        == {"misconduct"}
    for q in ("does the referee raise his arm for a misconduct when the other team has the puck",
              "True or false: in RHA, for a misconduct-type foul by the team without the puck, the referee raises "
              "his arm just like for a delayed minor.",
              "what is the signal for a delayed misconduct"):
        a = get_searcher().ask(q, "rha")
        assert a.citations[0].rule == "409 (b)" and "shall not raise his/her arm" in a.answer, q
    a = get_searcher().ask("A player on the team without the puck just hooked someone and play is still going. "
                           "What do I do with my arm?", "rha")
    assert a.citations[0].rule == "409 (b)" and "by raising his/her arm" in a.answer
    # the signal said after the call is told at the case asked, and not again when quoted already
    a = get_searcher().ask("delayed penalty for a game misconduct - when do I blow the whistle?", "rha")
    assert "shall not raise his/her arm" in a.answer and "by raising his/her arm" not in a.answer
    # the signal of a class alone, with no delayed call told: the list of a rulebook that has one
    assert "Both hands placed on the hips" in get_searcher().ask("what is the signal for a misconduct", "rha").answer


def test_a_negation_reaches_three_words_past_small_ones():
    from rulebot.search.text import polarity, stem

    # "not in possession of the puck": the puck is not had
    assert polarity("a player of the team not in possession of the puck", frozenset({stem("puck")})) == (False, True)
    assert polarity("the puck is shot, not in possession of the team", frozenset({stem("puck")})) == (True, False)


def test_the_basic_case_weighed_up_is_of_the_foul_the_asking_part_names():
    # the story tells of a complaint (FIRS 6.4.2 A, a misconduct); the question asks of kicking (6.4.15 C)
    q = ("In our game one opposing skater kicked our forward in the leg and received only a minor for roughing. "
         "We protest. What penalty does FIRS prescribe for kicking or attempting to kick an opponent?")
    a = get_searcher().ask(q, "firs-2017")
    assert a.citations[0].rule == "6.4.15 C" and "Match" in a.answer
    # the story's foul when the asking part names none (RHA 626 (a))
    assert first_rule("Kid kicked at an opponent's legs with his skate. What's the penalty, and when can they "
                      "put a sub out?", "rha") == "626 (a)"


def test_a_meaning_stated_to_be_checked_asks_for_the_terms_definition():
    assert classify("T/F: In our ball-hockey gym rules, cross checking means a stick held vertically").definition
    assert not classify("the ref gave a minor, which means he sits for two").definition
    # ball hockey 31 "Cross checking: Having a stick horizontal ...", not 30's spearing the words describe
    a = get_searcher().ask("T/F: In our ball-hockey gym rules, cross checking means a stick held vertically and "
                           "jabbed at a player.", "ball-hockey")
    assert a.citations[0].rule == "31" and "horizontal" in a.answer


def test_a_statement_to_check_that_names_what_the_rulebook_lacks_is_checked_against_the_case():
    # U9 has no shoot-out: its overtime answers (U9 28-31), the shoot-out an aside
    a = get_searcher().ask("True or false: Challenge Cup U9 medal games still tied after regulation go straight "
                           "to a shootout.", "challenge-cup-u9")
    assert a.answered and a.citations[0].rule == "28" and "three-on-three" in a.answer
    assert "say nothing about shootout" in a.answer
    # ... but a statement about the missing topic alone is still not covered
    assert not get_searcher().ask("True or false: icing is called in the gym league.", "ball-hockey").answered


def test_the_length_of_one_class_compared_across_rulebooks_is_each_ones_definition():
    s = get_searcher()
    assert s.class_length_asked("Which rulebook has the shortest minor penalty - FIRS, RHA or ball hockey?") == (
        "how long is a minor")
    # the length asked of another thing, or no length of the class: not so
    assert not s.class_length_asked("Our goalie gets a match penalty. How long do we get for the change?")
    assert not s.class_length_asked("Which bench mistake in the last two minutes hands them a penalty shot?")
    a = s.ask("I keep mixing up how long a minor is between the books - FIRS, RHA, the gym ball-hockey league and "
              "the youth cup. Is it two minutes everywhere?")
    lines = a.answer.splitlines()
    assert a.kind == "comparison" and len(lines) == 4
    # ball hockey's plain penalty (23), not its time-out (8)
    assert "Ball hockey: penalty 1 minute — Penalties are 1 minute long." in lines[0]
    assert any(line.startswith("RHA: minor 1:30 or 2 minutes") for line in lines)


def test_being_eligible_is_participating():
    # RHA 639 (b) 4 F: "No player who has any un-expired penalty time ... may participate in the shootout."
    assert first_rule("The opposing player who was still serving penalty time when regulation ended was then "
                      "allowed to take a shot in the shootout and scored. Under the RHA tied-games rule, was that "
                      "player even eligible to shoot?", "rha") == "639 (b) 4 F"


def test_the_size_of_a_thing_asks_its_dimensions():
    # FIRS 2.2 A: "... a rectangular face opening with inside dimension height of 105 cm", not 2.2 D's placing
    a = get_searcher().ask("Give me the size of the goal opening.", "firs-2017")
    assert a.citations[0].rule == "2.2 A" and "105 cm" in a.answer


def test_a_class_length_offered_to_check_is_a_question_about_the_class():
    # RHA 404 (a), ten minutes, not 404 (h) NOTE 1's gross-misconduct record minutes
    a = get_searcher().ask("T/F: a misconduct in RHA is 5 minutes", "rha")
    assert a.citations[0].rule == "404 (a)" and "10 minutes" in a.answer


def test_the_readings_of_the_thirty_second_pass_keep_to_their_cases():
    from rulebot.search.query import without_purpose

    s = get_searcher()
    # a purpose is only "for our/my ...": "For a protest, ..." names the topic (FIRS 9.1 B, the deadline)
    assert without_purpose("For a protest, what is the deadline after the game?") == (
        "For a protest, what is the deadline after the game?")
    assert first_rule("For a protest, what is the deadline after the game?", "firs-2017") == "9.1 B"
    # a statement about the topic missing is not covered, whatever else it names
    assert not s.ask("True or false: offside applies in ball hockey when a player crosses the centre line "
                     "before the ball", "ball-hockey").answered
    # no length asked of the class: "one minute left", "serve all two minutes", a match that is a game
    for q in ("In every rulebook, a minor with one minute left in the game - does it carry over?",
              "does a minor end early when the other team scores, or do they serve all two minutes?",
              "Which rulebook has the shortest match?"):
        assert not s.class_length_asked(q), q
    # a definition stated by someone is not a term ("My partner refers to the crease as the box")
    assert not classify("My partner refers to the crease as the box - is that right?").definition


def test_what_colour_asks_for_a_colour():
    a = get_searcher().ask("what colour are the pucks", "challenge-cup-u9")
    assert a.citations[0].text == "Black pucks will be used."


def test_a_foul_the_story_says_was_sold_or_slight_is_not_what_is_asked():
    from rulebot.search.text import contrasted_terms

    assert "hook" in contrasted_terms("he flops to sell a hook")
    assert "slash" in contrasted_terms("goes down on a light slash")
    assert "touch" in contrasted_terms("he was barely touched")
    assert contrasted_terms("a little kid trips the goalie") == frozenset()
    # the embellishment, not the slash it sold (ball hockey 38 ¶2, not 24)
    a = get_searcher().ask("Forward flops to sell a slash. Can I penalize him?", "ball-hockey")
    assert a.citations[0].rule == "38 ¶2"
    assert "Embellishment" in a.answer


def test_a_list_printed_as_the_paragraphs_after_it_is_answered_and_cited_with_them():
    # U9 28 "... overtime periods will be played as followis: ..." and its items 29-33 are paragraphs
    a = get_searcher().ask("How is overtime played in a U9 medal game?", "challenge-cup-u9")
    assert "The first team to score wins." in a.answer and "three-on-three" in a.answer
    # cited with them, the announcing clause first, its items best first
    rules = [c.rule for c in a.citations[:4]]
    assert rules[0] == "28" and sorted(rules) == ["28", "29", "30", "31"]


def test_a_penalty_index_row_found_first_gives_way_to_the_rule_it_summarises():
    # Annex C row 81 "Third Minor Penalty 6.1.7 A 10'" summarises FIRS 6.1.7 A: the rule is quoted first
    a = get_searcher().ask("What does a player get for his third minor penalty in one game?", "firs-2017")
    assert a.answer.startswith("Misconduct (10 minutes) — On the third (3 ) penalty assessed")
    assert [c.rule for c in a.citations[:2]] == ["6.1.7 A", "Annex C row 81"]
    # asked for by its number, the row itself comes first
    assert get_searcher().ask("Annex C row 81", "firs-2017").citations[0].rule == "Annex C row 81"


def test_how_long_questions_prefer_a_clause_that_states_a_number():
    # FIRS 1.3 E speaks of "sudden death overtime" and the shoot-out but gives no length; 1.3 B •1 does
    a = get_searcher().ask("How long is the FIRS sudden-death overtime before the shoot-out?")
    assert a.citations[0].rule == "1.3 B •1" and "10 minute sudden death" in a.answer


def test_not_covered_with_nothing_near_offers_what_other_rulebooks_say():
    a = get_searcher().ask("is icing called?", "ball-hockey")
    assert not a.answered and a.answer.startswith("Not covered: the Ball hockey rules say nothing about icing.")
    assert a.see_also and a.see_also[0].text == "No icing or offside."  # U9 14, not "the ice"
    assert all(c.ruleset != "ball-hockey" for c in a.see_also)


def test_typo_correction_leaves_real_words_alone():
    ranker = get_searcher().ranker
    assert ranker.correct("trippng") == "tripping" and ranker.correct("goalei") == "goalie"
    assert ranker.correct("swears") is None   # a referee word of the synonym list ("wears" is no fix)
    assert ranker.correct("looking") is None  # a typo keeps its first letter ("hooking" is no fix)


def test_synonyms_match_inflections_the_list_does_not_spell_out():
    from rulebot.search.text import load_synonyms

    assert "unsportsmanlike" in load_synonyms().expansions(["swears"])  # the list has "swear", "swearing"
    a = get_searcher().ask("player swears at me", "firs-2017")
    # FIRS 6.4.29 Obscene or Profane Language, or 6.4.9 Abuse of Officials; not "wearing" equipment
    assert a.citations[0].rule.startswith(("6.4.29", "6.4.9"))


def test_swearing_a_thing_is_so_is_no_profanity():
    from rulebot.search.text import respell

    assert "swears" not in respell("Coach swears there's nothing in the book stopping his players")
    assert "swears" in respell("player swears at me")
    assert "swears" in respell("player swears his head off at the ref")
    assert "swears" in respell("player swears no end at the linesman")


def test_kicking_the_puck_is_not_a_foul_story():
    from rulebot.search.intent import classify

    assert not classify("kicked puck goes into the net").penalty
    assert classify("he kicks the goalie").penalty


def test_a_question_that_is_only_a_gesture_asks_for_a_signal():
    from rulebot.search.intent import classify

    assert classify("hands on hips").signal and not classify("what is a hand pass").signal
    assert get_searcher().ask("hands on hips", "firs-2017").answer.startswith("Misconduct — signal")


def test_a_topic_named_in_another_spelling_is_still_checked_for_cover():
    a = get_searcher().ask("can u9 players shoot slap shots", "challenge-cup-u9")
    assert not a.answered and "say nothing about slapshot" in a.answer


def test_slang_the_rulebooks_never_use_searches_for_their_word_almost_as_its_own():
    from rulebot.search import ranker

    weights = {t.term: t.weight for t in get_searcher().ranker.query_terms("he broke his twig")}
    assert weights["stick"] == ranker.SLANG_WEIGHT > ranker.SYNONYM_WEIGHT  # "twig" is in no rulebook
    weights = {t.term: t.weight for t in get_searcher().ranker.query_terms("he broke his goalie's stick")}
    assert weights["goalkeep"] == ranker.SYNONYM_WEIGHT  # "goalie" is a rulebook word: a plain synonym


def test_the_basic_penalty_for_an_infraction_comes_from_its_rule():
    # the penalty-index rows "Tripping 6.4.33 A 2'" speak for 6.4.33 A, whose text only says "to trip";
    # "shall cause the player's opponent to trip" is the basic case, not an aggravated one
    a = get_searcher().ask("what's the penalty for tripping in FIRS")
    assert a.citations[0].rule == "6.4.33 A" and a.answer.startswith("Minor (2 minutes)")


def test_laying_hands_on_an_official_is_abuse_of_officials_not_a_signal():
    from rulebot.search.intent import classify

    assert not classify("player grabs the linesman by the arm").signal  # the official receives it
    assert classify("ref grabs his wrist").signal                        # the official does it
    a = get_searcher().ask("player deliberately shoves a referee", "firs-2017")
    assert a.citations[0].rule.startswith("6.4.28")  # Physical Abuse of Officials


def test_where_is_the_face_off_asks_for_the_place_not_a_call():
    from rulebot.search.intent import classify

    intent = classify("where is the face-off after a minor penalty is called?")
    assert intent.restart and not intent.penalty
    assert classify("face-off location after an offside?").restart and classify("which dot do we use?").restart
    # a goal told by how it went in asks whether it stands
    assert classify("goal off a kicked puck").goal and not classify("the goal judge's light").goal
    a = get_searcher().ask("where is the face-off after a minor penalty is called?", "firs-2017")
    assert a.answer.startswith("The resulting face-off shall be made at one of the end zone face-off spots")


def test_a_gesture_then_which_penalty_is_that_asks_for_a_signal_and_worth_asks_for_the_call():
    from rulebot.search.intent import classify

    assert classify("Arms crossed in front of his body with closed fists. Which penalty is that?").signal
    assert classify("one of them takes a full swing at the other with his stick. What's that worth?").penalty
    a = get_searcher().ask("what's the hand signal for cross-checking?", "firs-2017")
    assert a.answer.startswith("Cross-Checking — signal")  # by its name, not the "crossed arms" of another


def test_a_foul_named_by_a_part_of_the_body_is_no_gesture():
    # "head" three times in "head-butt" is no head touched in a signal: the rule and its penalty are asked
    q = ("I need to cite the correct rule in a supplementary report about a head-butt attempt. Which rule number "
         "covers head-butting, and what penalty does it carry?")
    assert not classify(q).signal
    a = get_searcher().ask(q, "rha")
    # the rule's number asked: its number and name first, then the call
    assert a.citations[0].rule.startswith("618") and a.answer.startswith("RHA 618 HEAD-BUTTING: Major")


def test_me_and_my_in_a_referees_question_are_the_official():
    from rulebot.search.query import official_words

    assert official_words("Player grabs my arm while he's arguing a call") == "abuse of officials"
    assert official_words("Shot hits my skate and goes in") == "deflected off an official"
    assert official_words("my partner blew it dead") == "" and official_words("He hits the post") == ""
    # the puck, not a player, hitting the referee: FIRS 5.5.11 I "deflected directly into the net from an official"
    assert official_words("puck hits the referee and goes in the goal") == "deflected off an official"
    assert official_words("their forward hits the referee") == ""
    # ... also when it touches his skate, or "my partner", whom nobody abused
    assert official_words("Shot touch the referee skate and go direct in the goal") == "deflected off an official"
    assert official_words("shot hit my partner's skate and went straight in") == "deflected off an official"
    assert official_words("the pass hit his partner on the bench") == ""
    assert get_searcher().ask("puck hits the referee and goes in the goal", "firs-2017").citations[0].rule in (
        "5.5.11 I", "5.5.1 I")
    a = get_searcher().ask("Player grabs my arm while he's arguing a call. What does he get?", "firs-2017")
    assert a.citations[0].rule.startswith("6.4.28") and a.answer.startswith("Match")


def test_a_class_asked_about_for_an_infraction_the_rulebook_never_names():
    a = get_searcher().ask("Kid gets a major for boarding. How long does he sit?", "youth-cup")
    assert a.answered and a.answer.startswith("The Youth Cup rules do not name boarding. What they say of a major:")
    assert "5 minutes" in a.answer


def test_light_verbs_and_counts_in_words_weigh_little():
    weights = {t.term: t.weight for t in get_searcher().ranker.query_terms(
        "Two guys tangle up and one of them takes a full swing at the other with his stick")}
    assert weights["swing"] == 1.0 and weights["stick"] == 1.0
    assert weights["take"] < 0.5 and weights["full"] < 0.5 and weights["2"] < 0.5


def test_possessives_and_contractions_keep_their_word_lists():
    # "it's" and "the guy's" are the stop words "it" and "guy"; "team's" is the weak word "team"
    weights = {t.term: t.weight for t in get_searcher().ranker.query_terms(
        "it's the guy's stick, and the team's bench")}
    assert "it" not in weights and "guy" not in weights and weights["team"] < 0.5
    assert weights["stick"] == 1.0 and weights["bench"] == 1.0


def test_a_clause_about_someone_the_question_does_not_name_weighs_less():
    from rulebot.search.ranker import roles

    assert roles("How long can a skater's stick be?") == {"skater"}
    assert roles("dude w/ a broken stick keeps playing") == {"skater"}
    assert roles("The blade of the goalkeeper’s stick may not exceed 13 cm") == {"goalkeeper"}
    assert roles("any manager, coach or trainer who holds or strikes an official") == {"team official"}
    # FIRS 3.2.2 C (any stick), not 3.2.2 D (the goalkeeper's stick)
    hits = get_searcher().search("What's the longest stick a skater may play with?", "firs-2017", 1)
    assert hits[0].clause.number == "3.2.2 C"
    # ... and so when the question names no one: the goalkeeper's stick is the special case
    hits = get_searcher().search("how long can the stick be", "firs-2017", 1)
    assert hits[0].clause.number == "3.2.2 C"


def test_the_words_a_question_phrase_asks_for_count_once():
    from rulebot.search.text import load_synonyms

    text, groups = load_synonyms().rewrite("how long can a stick be")
    assert "how long" not in text and ["long", "length", "minutes", "seconds", "duration", "hour"] in groups
    # "how long" is one concept (length or minutes or ...), not five: the stick rule, not the
    # minimum-skaters rule with its numbers
    hits = get_searcher().search("How long may a skater's stick be?", "rha", 1)
    assert hits[0].clause.number == "301 (b)"


def test_a_superlative_asks_for_a_number_not_a_definition():
    intent = classify("What's the longest stick a skater may play with?")
    assert intent.number and not intent.definition
    assert classify("What is the maximum number of players on a roster?").number
    assert classify("What's a penalty shot?").definition


def test_who_goes_first_is_answered_by_the_clause_that_names_the_order():
    # RHA 639 (b) 4 C "with the visiting team shooting first"; Youth Cup "started by the away team"
    a = get_searcher().ask("It's going to a shootout. Who goes first?", "rha")
    assert "visiting team shooting first" in a.answer
    a = get_searcher().ask("It's going to a shootout. Who goes first?", "youth-cup")
    assert "started by the away team" in a.answer
    # the order, not any "first" ("After the first round, ..."): also after the story of the game
    a = get_searcher().ask("OT solved nothing, shootout coming. Which team shoots first?", "rha")
    assert a.citations[0].text.startswith("Teams will alternately take a penalty shot, with the visiting team")
    a = get_searcher().ask("We need a shootout. How is it decided which team shoots first?", "firs-2017")
    assert "coin toss" in a.citations[0].text


def test_a_list_announced_without_a_colon_is_answered_with_its_items():
    # Youth Cup "The ranking of each team in each group will be determined by following rules" then
    # "1. Points 2. Goal difference ...": the sentence first, then the criteria it announces
    a = get_searcher().ask("Two teams finish level on points in the group. How do we decide who places higher?",
                           "youth-cup")
    assert a.citations[0].text.startswith("The ranking of each team in each group")
    assert "Goal difference" in a.answer


def test_a_term_in_quotes_is_the_term_asked_to_be_defined():
    from rulebot.search import asked_terms, classify, prefer_defining_clause

    assert prefer_defining_clause([], "what does 'icing' mean", classify("what does 'icing' mean")) == []
    assert asked_terms("what does 'icing' mean", classify("what does 'icing' mean")) == ["icing"]
    assert asked_terms("What exactly is a gross misconduct - can he come back?",
                       classify("What exactly is a gross misconduct - can he come back?")) == ["gross misconduct"]
    # RHA 642 (e) NOTE 2 "Control of the puck means the act of propelling the puck with the stick",
    # not the penalty-shot rules the rest of the question is about
    a = get_searcher().ask("He was fouled from behind on the breakaway - what counts as 'control' of the "
                           "puck for the penalty shot?", "rha")
    assert a.citations[0].text.startswith("Control of the puck means")


def test_the_clause_defining_the_very_term_asked_stays_first():
    from rulebot.search import asked_terms

    # a form's field: "define: X | need: ..." asks what X is
    form = "ruleset: RHA | define: Game Misconduct penalty | need: how long the player is out"
    assert asked_terms(form, classify(form)) == ["game misconduct penalty"]
    # RHA 404 (d) 'A "Game Misconduct Penalty" involves ...' defines the term; 404 (a), the first clause
    # under the rule's title "MISCONDUCT PENALTIES", defines only the misconduct
    for question in (form, "define game misconduct penalty"):
        a = get_searcher().ask(question, "rha")
        assert a.citations[0].rule == "404 (d)", question
        assert "next game" in a.answer


def test_a_goalkeepers_mask_coming_off_is_his_helmet_coming_off():
    # FIRS 6.4.3 E "If a goalkeeper's helmet comes off during the play the Referee shall stop play immediately"
    a = get_searcher().ask("The goalie loses his mask during play in FIRS, the other team is attacking. "
                           "Do I stop play?")
    assert a.citations[0].rule == "6.4.3 E" and "stop play immediately" in a.answer


def test_what_is_the_call_is_not_a_definition_question():
    assert not classify("What's the call?").definition
    assert not classify("Still tied after regulation - what's the tiebreak?").definition
    assert classify("what is icing?").definition and classify("Whats a hand pass").definition
    # ball hockey 25 "... will be called a hook" defines hooking; it is not the tiebreak
    a = get_searcher().ask("Still tied after regulation - what's the tiebreak?", "ball-hockey")
    assert a.citations[0].rule == "7"


def test_goal_or_no_goal_asks_for_the_clause_that_says_whether_a_goal_stands():
    assert classify("goal or no goal?").goal and classify("do I wave it off, it went in off his skate").goal
    assert not classify("Does a deflection count as possession?").goal  # no goal in question
    # FIRS 5.5.11 H "The goal shall not be allowed if an attacking player kicks the puck ...", not the
    # drop net of 2.2 C that shares its words
    a = get_searcher().ask("The winger boots the puck into their net. Does the goal stand?", "firs-2017")
    assert a.citations[0].rule in ("5.5.11 H", "5.5.8 A") and "not" in a.answer.split(".")[0]


def test_a_when_question_is_answered_with_the_sentence_that_says_when():
    # FIRS 6.1.8 A 9: "The goalkeeper must stay in the crease until ...", not "If the goalkeeper leaves
    # the goal crease prior to ... the player will re-take the penalty shot"
    a = get_searcher().ask("On a penalty shot, when is the goalie allowed out of the crease?", "firs-2017")
    assert a.answer.startswith("The goalkeeper must stay in the crease until")


def test_two_words_the_rulebook_writes_as_one_are_found_and_covered():
    # ball hockey 5 "1-2 minute warmup time before each game": "warm-up" is no topic it leaves out
    a = get_searcher().ask("Is there a warm-up before games in the gym league?", "ball-hockey")
    assert a.answered and a.citations[0].rule == "5"
    assert "warmup" in get_searcher().ranker.closed_compounds(["warm", "up"])
    assert get_searcher().ranker.closed_compounds(["hurt", "so", "one", "of"]) == []  # no "soon"


def test_a_quoted_rulebook_word_is_defined_whatever_else_the_question_asks():
    a = get_searcher().ask("The rule book says 'altercation' - does pushing count, or must there be a penalty?",
                           "firs-2017")
    assert a.citations[0].title == "Altercation" and a.answer.startswith("Any physical interaction")


def test_a_loose_alias_names_its_ruleset_only_when_no_other_is_named_or_chosen():
    from rulebot.search.query import parse_query

    s = get_searcher()
    # "inline" is FIRS's loose alias (corpus/firs-2017/ruleset.yaml): RHA plays inline hockey too
    assert parse_query(s.index, "In the inline rules, what makes a breakaway?").rulesets == ("firs-2017",)
    assert parse_query(s.index, "In RHA inline games, how long is a minor?").rulesets == ("rha",)
    assert parse_query(s.index, "Is body checking allowed in inline?", "rha").rulesets == ()
    # ... not as a plain word ("inline skates", "inline with the goal line"), nor where a base is looked for
    assert parse_query(s.index, "what size wheels are allowed on inline skates?").rulesets == ()
    assert parse_query(s.index, "inline with the goal line, is the puck over?").rulesets == ()
    assert parse_query(s.index, "USA Hockey InLine rules apply except as noted", loose=False).rulesets == ()
    assert s.ask("Is body checking allowed in inline?", "rha").citations[0].rule == "604 (a)"
    assert s.ask("how long is a minor in inline?").citations[0].rule == "6.1.2 A"


def test_a_ruleset_alias_that_is_also_a_word_of_its_rules_is_still_searched():
    from rulebot.search.query import parse_query

    s = get_searcher()
    pq = parse_query(s.index, "In a U12 game, do we call icing?")
    assert pq.rulesets == ("youth-cup",) and "U12" in pq.text
    assert parse_query(s.index, "how long is a minor under RHA").text == "how long is a minor"
    # the age group's players, named by it ("can u9s body check")
    assert parse_query(s.index, "can u9s body check").rulesets == ("challenge-cup-u9",)
    a = s.ask("In a U12 game, do we call icing?")
    assert "icing" in a.citations[0].text and a.citations[0].ruleset == "youth-cup"


def test_a_moment_late_in_the_game_is_the_rulebooks_last_two_minutes():
    from rulebot.search.query import late_game_words

    assert late_game_words("with 40 sec left in the game") == "last two minutes"
    assert late_game_words("under a minute to go") == "last two minutes"
    assert late_game_words("he left the bench") == ""
    # FIRS 6.4.8 B: displacing the goal in the last two minutes is a penalty shot, not 6.4.8 A's minor
    hits = get_searcher().search("Goalie knocks the net off its pegs on purpose, 30 seconds to go. Call?", "firs-2017", 3)
    assert "6.4.8 B" in [h.clause.number for h in hits]


def test_what_is_the_minimum_after_a_foul_asks_for_the_least_call():
    intent = classify("He lunges at a guy with his head and misses. What's the minimum I can give?")
    assert intent.penalty and not intent.number
    assert classify("What is the minimum number of skaters on the floor?").number
    # RHA 618 (a): a major for head-butting or attempting to; not 401 (c) "The minimum number of players"
    a = get_searcher().ask("He lunges at a guy with his head and misses. What's the minimum I can give?", "rha")
    assert a.citations[0].rule == "618 (a)" and a.answer.startswith("Major")


def test_a_whole_gesture_told_without_naming_the_official_is_a_signal_question():
    assert classify("Arms crossed in front of the chest, fists closed, not above the head.").signal
    assert not classify("He crossed the line with the puck and his stick up").signal


def test_two_classes_compared_are_answered_in_the_order_asked():
    a = get_searcher().ask("Is a gross misconduct worse than a game misconduct in RHA?")
    assert a.answer.startswith("RHA gross misconduct") and "RHA game misconduct" in a.answer


def test_the_call_a_question_guesses_counts_less_than_the_play_it_describes():
    # ball hockey 25: "Hooking: ... will be called a hook. Stick lifts/tying up the opponent is not a penalty"
    a = get_searcher().ask("Their D lifted my forward's stick off the ball. Was that a hook?", "ball-hockey")
    assert a.answer.startswith("No penalty")


def test_a_step_of_a_list_inside_the_procedure_can_answer():
    # RHA 639 (b) 4 C, an item of the shootout list inside the overtime list
    a = get_searcher().ask("Tournament plays one overtime and then a shootout - how does that go, and which "
                           "team shoots first?", "rha")
    assert "visiting team shooting first" in a.answer


def test_a_puck_shot_out_of_play_is_no_shoot_out():
    from rulebot.search.text import terms, units, words

    assert "shoot_out" not in terms("Puck shot out of play - the offending team backs off")
    assert ("time out", "time_out") in units(words("one time out of one-minute duration"))
    assert ("shoot out", "shoot_out") in units(words("the shoot out decides it"))
    a = get_searcher().ask("a player fires the puck into the crowd, how is play restarted", "challenge-cup-u9")
    assert a.citations[0].rule == "19"


def test_a_goal_off_an_official_is_answered_by_whether_it_stands():
    # "my skate" is the official's: the rules that disallow the goal and place the face-off after it
    a = get_searcher().ask("A pass bounces off my leg and into their goal. Good goal?", "firs-2017")
    assert a.citations[0].rule == "5.5.11 I"
    a = get_searcher().ask("Shot from the blue line ricochets off my skate and in. Do we count it?", "rha")
    assert {c.rule for c in a.citations[:2]} == {"616 (f)", "613 (i)"}


def test_everyday_words_for_the_crease_play_and_the_skater_in_net():
    a = get_searcher().ask("attacker camped in the crease doesn't hinder the keeper and the puck goes in - allowed?",
                           "rha")
    assert a.citations[0].rule == "616 (j)"
    a = get_searcher().ask("a skater straps on the pads because both goalies are injured, what is he called",
                           "firs-2017")
    assert a.citations[0].title == "Temporary Goalkeeper"


def test_blown_is_blow_and_who_gets_the_ball_is_possession():
    a = get_searcher().ask("a penalty is called - when is play blown down and who gets the ball", "ball-hockey")
    assert a.citations[0].rule == "23"


def test_how_do_we_rank_them_asks_for_the_tie_breaking_order():
    a = get_searcher().ask("Two sides are level on points after the group games. How do we rank them?", "youth-cup")
    assert a.citations[0].rule == "Rules ¶11"


def test_the_first_tie_breaker_is_the_first_item_of_the_list():
    a = get_searcher().ask("U9: what is the first tie-breaker when two clubs are level after the round robin?")
    assert a.citations[0].rule == "27 a" and a.answer.startswith("The team who won head to head")
    a = get_searcher().ask("U9: two clubs are level after the round robin. Which tie-breaker uses goals against?")
    assert a.citations[0].rule == "27 b"  # only "first" prefers the first item


def test_a_wet_floor_is_the_rulebooks_unsafe_condition_and_a_third_official_its_assistant():
    for q in ("There's a puddle by the bench from a leak in the roof. Can we stop the game?",
              "Roof leak left the floor slippery in one corner. What can the referee do?"):
        assert "640 (d)" in [c.rule for c in get_searcher().ask(q, "rha").citations[:3]]
    a = get_searcher().ask("what does the third official do at RHA finals")
    assert a.citations[0].rule.startswith("503")


def test_an_english_word_is_no_typo_of_a_rulebook_word():
    r = get_searcher().ranker
    assert r.correct("puddle") is None and r.correct("thing") is None and r.correct("bottle") is None
    assert r.correct("slahsing") == "slashing" and r.correct("trippin") == "tripping"


def test_a_word_does_not_also_search_the_phrases_that_only_narrow_it():
    from rulebot.search.text import load_synonyms

    syn = load_synonyms()
    assert "line change" in syn.expansions(["change"])
    assert "line change" not in syn.expansions(["change"], narrowing=False)
    assert "line change" in syn.expansions(["substitution"], narrowing=False)  # a synonym, not a narrowing
    assert "into the boards" in syn.expansions(["boarding"], narrowing=False)  # only small words added
    a = get_searcher().ask("At the U9 change buzzer a kid refuses to give up the puck. What now?")
    # what refusing costs (11, then 21, the penalty its "(see below)" names), then the rule to relinquish
    # the puck (9); not "players change on the fly"
    assert [c.rule for c in a.citations[:3]] == ["11", "21", "9"]


def test_whether_to_blow_the_whistle_is_not_a_question_about_the_call():
    assert not classify("A parent leans over and grabs my player's stick. Whistle right away?").penalty
    assert not classify("He hooks the puck carrier. When do I blow it down?").penalty
    assert classify("He hooks the puck carrier. What do I give him?").penalty
    # "what can we do?" asks for a call only after a foul
    assert not classify("Roof is leaking onto the floor. What can we do?").penalty
    assert classify("He slashes the goalie, what do I do?").penalty


def test_laying_hands_on_a_spectator_is_physically_interfering_with_him():
    a = get_searcher().ask("A parent yells at the bench and one of our players pushes him back over the glass. "
                           "What does the player get?", "rha")
    assert a.citations[0].rule == "625 (b)" and a.answer.startswith("Gross misconduct")


def test_an_official_doing_something_with_his_body_is_a_signal_question():
    assert classify("ref makes a T with his hands").signal
    assert not classify("Referee gets hit in the head by the puck, can he go on?").signal
    a = get_searcher().ask("ref pats the top of his head")  # no rulebook named: the signal list has it
    assert a.citations[0].rule == "Annex B Match" and a.kind == "signal"
    assert get_searcher().ask("what's the penalty for spearing in FIRS").kind == "penalty"


def test_a_minor_asked_of_a_rulebook_with_one_plain_penalty_is_that_penalty():
    a = get_searcher().ask("how long is a minor", "ball-hockey")  # ball hockey: "Penalties are 1 minute long."
    assert a.answer.startswith("Ball hockey penalty 1 min") and a.citations[0].rule == "23"


def test_a_team_that_turns_up_late_is_the_rule_on_being_ready_in_time():
    a = get_searcher().ask("what if a team turns up late for its game at the youth cup")
    assert a.citations[0].rule == "Rules ¶5"  # ready 5 minutes before, or a technical loss


def test_going_at_someone_with_the_head_is_head_butting_and_the_minimum_there_is_the_least_call():
    from rulebot.search.intent import PENALTY_LEAST

    assert PENALTY_LEAST.search("What's the minimum there?")
    a = get_searcher().ask("A skater goes at him with his head but misses. What's the minimum there?", "rha")
    assert a.citations[0].rule == "618 (a)" and a.answer.startswith("Major")


def test_two_players_colliding_is_the_rulebooks_incidental_contact():
    a = get_searcher().ask("Two U9 skaters collide going for a loose puck. Do I call anything?")
    assert a.citations[0].rule == "13"  # "Incidental contact may happen, but body-checking is not permitted."


def test_nobody_touched_it_is_the_rulebooks_non_deflected():
    a = get_searcher().ask("our goalkeeper fires the puck over the glass and nobody touched it - is that a penalty?",
                           "rha")
    assert a.citations[0].rule == "610 (b)" and a.answer.startswith("Minor")


def test_an_age_group_is_a_division():
    a = get_searcher().ask("He got a game misconduct in U14 and also plays U16 - can he play the U16 game?", "rha")
    assert a.citations[0].rule == "410 (c)"  # serve it in the division it was acquired in


def test_a_gesture_with_a_contrast_is_still_only_a_gesture():
    # the README's example: "not over the head" is part of the description, not another subject
    a = get_searcher().ask("arms crossed in front, not over the head")
    assert a.kind == "signal" and a.citations[0].rule == "Annex B Interference"


def test_how_many_players_a_team_can_dress_is_its_roster_not_the_dressing_room():
    a = get_searcher().ask("how many players is a team allowed to dress at the youth cup")
    assert a.citations[0].rule == "Rules ¶4"


def test_the_center_floor_line_is_the_center_line():
    a = get_searcher().ask("can the goalie play the puck once he's over the red line?", "rha")
    assert a.citations[0].rule == "407 (d)"  # "beyond the center floor line ... a minor penalty"


def test_a_repeated_penalty_is_answered_with_what_the_repeat_brings():
    # Youth Cup Penalties 3: the sentence on a second game misconduct, not the class's definition
    a = get_searcher().ask("Our team manager has picked up another game misconduct at this tournament. What now?",
                           "youth-cup")
    assert "second Game Misconduct penalty in the tournament, he is suspended for the next game" in a.answer


def test_a_request_for_a_rule_is_not_searched_as_its_subject():
    from rulebot.search.query import without_request

    assert without_request("Can you pull up the rule on broken sticks?") == "broken sticks?"
    assert without_request("where in the book does it say who serves a goalie's penalty") == "who serves a goalie's penalty"
    assert without_request("Which rule covers a puck over the glass") == "a puck over the glass"
    assert without_request("show me the rule") == "show me the rule"  # nothing else asked: kept
    # "definition of" asks what the thing is; the thing is what is searched (not every clause saying "definitions")
    assert without_request("definition of a delayed penalty") == "a delayed penalty"
    assert without_request("What's the meaning of icing?") == "icing?"
    # the tournament a question is asked at is an everyday word (WEAK_WORDS), not the clause to find
    assert "tournament" in without_request("Can that player keep playing in the tournament?")
    assert "tournament" in without_request("Can a player play for two teams in this tournament?")
    assert "league" in without_request("Is this league's rule different?")
    a = get_searcher().ask("How long do the games run at this tournament?", "youth-cup")
    assert "2 x 20 minutes" in a.answer
    # "pull" is no longer searched as the rulebooks' "pull": the penalty timekeeper's rules come up
    hits = get_searcher().search("Pull up the rule on what the penalty timekeeper has to do", "firs-2017", 3)
    assert any(h.clause.number.startswith("4.5") for h in hits)


def test_penalty_box_and_penalty_shot_do_not_ask_for_a_call():
    assert not classify("what's the penalty box attendant for?").penalty
    assert not classify("what is the penalty shot procedure").penalty
    assert classify("what's the penalty for spearing?").penalty


def test_a_phrase_of_the_synonym_list_is_one_concept_with_what_it_stands_for():
    from rulebot.search.ranker import phrase_term

    ranker = get_searcher().ranker
    groups = [g for _, g in ranker.concepts("A kid fires the puck over the boards into the stands")]
    # "over the boards" is a concept of its own, met by a clause that says "out of play"
    assert any(phrase_term("out of play") in g and phrase_term("over the boards") in g for g in groups)
    assert any("board" in g and phrase_term("out of play") not in g for g in groups)  # and "boards" alone


def test_just_a_minor_and_a_check_from_behind_ask_for_the_call():
    assert classify("He hooks him and the guy stays down, hurt. Just a minor?").penalty
    assert classify("Their D checks our forward from behind into the boards").penalty
    assert not classify("Just a minute, where is the face-off after a goal?").penalty


def test_a_question_asked_first_then_told_about_is_answered_as_asked():
    # "How long is a minor?" then what the teams say: the class's length, not the "swears" of the story
    a = get_searcher().ask("How long is a minor? Our house league does 90 seconds but the other coach swears "
                           "it's two.", "rha")
    assert a.citations[0].rule == "402 (a)" and "1:30 or 2" in a.answer


def test_a_topic_word_inside_another_phrase_does_not_make_a_question_not_covered():
    # "level on points" is a tie, which the U9 rules settle, though they never say "points"
    a = get_searcher().ask("Two teams finished round robin level on points. How do I slot them?", "challenge-cup-u9")
    assert a.answered and not a.answer.startswith("Not covered")
    assert any(c.text.startswith("Head to Head. The team who won head to head") for c in a.citations[:3])


def test_a_rulebook_named_with_a_word_hyphened_on_is_named():
    from rulebot.search.query import parse_query

    index = get_searcher().index
    assert parse_query(index, "what floor size is allowed for RHA-sanctioned events?").rulesets == ("rha",)
    assert parse_query(index, "is that FIRS-approved tape?").rulesets == ("firs-2017",)
    # "at RHA events" names the rulebook, and "events" goes with the name, not to the search
    assert parse_query(index, "Which puck do we use at RHA events?").text.split() == "Which puck do we use ?".split()


def test_a_shot_told_in_slang_after_the_whistle_is_the_shot():
    a = get_searcher().ask("Whistle's long gone and their winger still rips one at my goalie. What's the call?", "rha")
    assert a.citations[0].rule == "601 (b)"  # "Any player who shoots the puck after the whistle"


def test_the_words_of_a_phrase_said_in_the_question_count_less_alone():
    from rulebot.search.ranker import PHRASE_WORD_WEIGHT

    ranker = get_searcher().ranker
    dive = {t.term: t.weight for t in ranker.query_terms("he goes down like he got shot")}
    shot = {t.term: t.weight for t in ranker.query_terms("the winger's shot went in off the post")}
    assert dive["shoot"] == PHRASE_WORD_WEIGHT < 1.0 == shot["shoot"]
    assert dive["embellish"] > 0  # what the phrase means


def test_a_power_cut_is_an_unsafe_floor_and_the_regular_season_is_no_regular_penalty():
    a = get_searcher().ask("power goes out in the arena midgame, what do we do", "rha")
    assert a.citations[0].rule == "640 (d)"  # "suspended anytime the playing area is ... in an unsafe condition"
    a = get_searcher().ask("Game tied at the end of regulation in the regular season. What happens?", "ball-hockey")
    assert a.citations[0].rule == "7"  # "If the game is tied it will go to shootout"


def test_a_gesture_told_without_naming_the_official_is_a_signal_question():
    s = get_searcher()
    for told, signal in (("he taps his elbow with his other hand", "Elbowing"),
                         ("stood with both hands on his hips after the whistle", "Misconduct"),
                         ("grabbed his own wrist in front of him", "Holding")):
        a = s.ask(told)
        assert a.kind == "signal" and a.citations[0].rule == f"Annex B {signal}", told
    # a player's hands, the game's things, or a lost helmet: play, not a signal
    assert not classify("their winger grabs the stick with both hands and hacks at him").signal
    assert not classify("he lost his helmet and kept playing").signal
    assert not classify("his hand closed on the puck in the crease").signal
    # an injury to one's own arm is no gesture: RHA 303 (c) on casts, not a FIRS signal
    assert not classify("Her daughter fractured her wrist and plays in a padded splint. Is that legal?").signal


def test_a_hit_is_no_banging_of_the_boards():
    s = get_searcher()
    # RHA 604 (e) "checks an opponent from behind", not 601 (d) 5 "bangs the boards ... with a stick"
    assert s.ask("A player is hit from behind into the boards", "rha").citations[0].rule == "604 (e)"
    a = s.ask("Player slams his stick against the boards after the call. What does he get?", "firs-2017")
    assert a.citations[0].rule == "6.4.9 C"  # "bang the boards or goal cage with the stick"


def test_a_team_that_does_not_show_up_forfeits():
    a = get_searcher().ask("The other team never showed up. What goes on the score sheet?", "firs-2017")
    assert a.citations[0].rule.startswith("8.1")  # FIRS 8.1 Forfeiture


def test_the_gesture_is_read_from_where_the_official_comes_in():
    from rulebot.search import gesture_told

    told = "Puck squeaks across in a scramble and the ref sweeps both arms flat out to the sides. What's that?"
    assert gesture_told(told) == "the ref sweeps both arms flat out to the sides"  # "across" is the puck's
    before = "Closed fist, arm punched straight out from the body - what's the ref signalling?"
    assert gesture_told(before) == before
    assert get_searcher().ask(told, "firs-2017").citations[0].rule == "Annex B Washout"
    # the referee signalled to is not the one signalling: the goal judge's "crossed the line" is no crossed arms
    judge = "Goal judge here. How am I supposed to signal the referee that the puck fully crossed the line?"
    assert gesture_told(judge) == judge
    assert gesture_told("As goal judge, how do I signal the head referee that the puck crossed the line?").startswith("As")
    assert get_searcher().ask(judge, "firs-2017").citations[0].rule == "4.6 D •3"


def test_a_rulebook_named_in_the_question_answers_over_the_one_selected_and_says_so():
    s = get_searcher()
    a = s.ask("how long is a minor in the ball hockey rules", "rha")
    assert a.ruleset == "ball-hockey" and a.citations[0].ruleset == "ball-hockey"
    assert "which the question names, not RHA" in a.answer
    assert "which the question names" not in s.ask("how long is a minor in the ball hockey rules").answer


def test_a_list_of_short_items_is_answered_whole():
    answer = get_searcher().ask("what decides the group ranking when teams are level", "youth-cup")
    assert "• Points" in answer.answer and "• Dice" in answer.answer  # all eight, not the first four


def test_a_bare_topic_with_the_special_cases_own_word_gets_that_case():
    # "in the crease" is what FIRS 6.4.18 B (a penalty shot) says and 6.4.18 A (the minor) does not
    answer = get_searcher().ask("defenceman falls on the puck in his crease", "firs-2017")
    assert answer.citations[0].rule == "6.4.18 B" and "penalty shot" in answer.answer.lower()


def test_a_call_on_a_condition_says_what_is_allowed_first():
    # FIRS 2.3 B: freezing the puck is allowed at the crease; a minor only outside it
    answer = get_searcher().ask("goalie smothers the puck, what's the call?", "firs-2017")
    assert answer.citations[0].rule == "2.3 B"
    assert "shall be allowed to freeze the puck" in answer.answer and "outside the goal crease" in answer.answer


def test_what_a_rule_may_include_is_said_as_an_option():
    # RHA 642 (d): "Any major penalty assessed for tripping may include a game ejection or game misconduct"
    answer = get_searcher().ask("does a major for tripping come with a game ejection", "rha")
    assert answer.citations[0].rule == "642 (d)"
    assert answer.answer.startswith("Major (4 or 5 minutes), which may include a game ejection or game misconduct")


def test_diving_to_draw_a_penalty_is_embellishment_not_a_face_off():
    answer = get_searcher().ask("kid dives to draw a penalty, can I call him for it?", "ball-hockey")
    assert answer.citations[0].rule == "38 ¶2"  # "Embellishment of an infraction ..."


def test_a_goalie_covering_the_puck_is_no_foul_a_skater_covering_it_is():
    s = get_searcher()
    assert not classify("goalie covers the puck").penalty
    assert classify("defenceman covers the puck in the crease").penalty
    answer = s.ask("goalie covers the puck", "rha")
    assert answer.citations[0].rule == "617 (b)"  # "Upon the goaltender making a save, the play shall be stopped ..."
    assert answer.answer.startswith("Upon the goaltender making a save")
    assert not s.ask("goalie covers the ball", "ball-hockey").answer.startswith("Penalty shot")


def test_a_double_minor_is_given_as_two_minors_where_the_rulebook_gives_no_length_for_it():
    answer = get_searcher().ask("what's the penalty for spearing", "firs-2017")
    assert answer.answer.startswith("Double minor (2 × 2 minutes)")


def test_a_rule_for_a_power_play_gives_way_when_the_question_names_none():
    # ball hockey 42 "When the penalized team's goalie freezes the ball ..." is for a power play;
    # a plain "goalie covered it, how do we restart" is rule 13 (green area, 5 seconds)
    a = get_searcher().ask("Keeper covers the ball up and I stop play. How do we restart, and where must "
                           "the other team wait?", "ball-hockey")
    assert a.citations[0].text.startswith("When the ball is covered by the goaltender")
    # and a question that says the team is shorthanded still gets 42
    a = get_searcher().ask("Shorthanded team's keeper covers the ball up. Who restarts with it?", "ball-hockey")
    assert a.citations[0].text.startswith("When the penalized team's goalie freezes the ball")


def test_a_list_inside_a_list_is_given_when_the_question_names_its_subject():
    # RHA 639 (b): "... the following shall take place: 1. ... 4. If no team scores during the
    # overtime period, a shootout shall take place as follows: A. ... F." - the shootout's own steps
    a = get_searcher().ask("How does a shoot-out work under RHA?", None)
    assert a.answer.startswith("If no team scores during the overtime period, a shootout shall take place")
    assert "visiting team shooting first" in a.answer
    # asked about as a whole, a short procedure is given whole (A-F, 683 characters) ...
    assert "sudden death" in a.answer and "un-expired penalty time" in a.answer and "steps)" not in a.answer
    # ... a long one by its first steps (FIRS 6.1.8 A, eleven steps)
    assert get_searcher().ask("walk me through a penalty shot", "firs-2017").answer.endswith("(4 of 11 steps)")


def test_a_bare_topic_gets_the_general_call_before_a_last_minutes_case():
    # FIRS 6.4.6 C (deliberate illegal substitution in the last two minutes: penalty shot) words the
    # topic as "more men on the floor"; the rule's general call is 6.4.6 A (a bench minor)
    s = get_searcher()
    assert s.search("too many men", "firs-2017")[0].clause.number == "6.4.6 A"
    # named, the last two minutes get their own case
    assert s.search("too many men on the floor in the last two minutes", "firs-2017")[0].clause.number == "6.4.6 C"


def test_a_number_asked_of_no_rulebook_is_given_for_each():
    # no rulebook selected or named: the U9 tournament's periods alone would mislead a FIRS referee
    a = get_searcher().ask("how long is each period?")
    assert a.kind == "comparison"
    lines = a.answer.splitlines()
    assert any(ln.startswith("FIRS: ") and "20 minutes" in ln for ln in lines)
    assert any(ln.startswith("U9 Challenge Cup: ") for ln in lines)
    # a rulebook selected: its answer only
    assert get_searcher().ask("how long is each period?", "firs-2017").kind != "comparison"


def test_a_question_matching_a_list_as_a_whole_is_answered_with_the_list_in_order():
    # U9 27 "... we will use the following tie breaker:" a) head to head, b) goals against, c) ratio:
    # all three items match "tiebreaker ... round robin"; the answer gives them in the rule's order
    a = get_searcher().ask("round robin tiebreaker at the U9 tournament")
    assert a.answer.startswith("In case of a tie after the Round Robin play we will use the following tie breaker:")
    assert a.answer.index("head to head") < a.answer.index("lowest goals against")
    # the item that scored best stays the first citation, the list it is quoted from second
    assert a.citations[1].rule == "27" and a.citations[0].rule.startswith("27 ")


def test_a_list_and_a_signal_are_quoted_as_printed():
    # Youth Cup: "The ranking of each team in each group will be determined by following rules" then
    # "1. Points" ... "8. Dice" as paragraphs of their own; the sentence alone tells a referee nothing
    from rulebot.search.answer import quoted_text

    index = get_searcher().index
    ranking = quoted_text(index, index.get("youth-cup:rules.p11"))
    assert ranking.startswith("The ranking of each team in each group will be determined by following rules 1. Points 2. Goal")
    assert ranking.endswith("7. Penalty minutes 8. Dice")
    # U9 27: each lettered item keeps its printed heading ("a. Head to Head. The team who won ...")
    assert "tie breaker: a. Head to Head. The team who won head to head will advance. b. Goals Against." in \
        quoted_text(index, index.get("challenge-cup-u9:27"))
    # ... and alone, as printed: a full stop before a capital, a colon before a lower-case word
    assert quoted_text(index, index.get("challenge-cup-u9:27.a")) == "Head to Head. The team who won head to head will advance."
    assert quoted_text(index, index.get("challenge-cup-u9:27.c")).startswith("Tie Breaker Ratio: teams with the same")
    assert "c. Tie Breaker Ratio: teams with the same" in quoted_text(index, index.get("challenge-cup-u9:27"))
    # a list too long to quote whole (FIRS 8.1 A, the reasons for a forfeit) is cited item by item
    assert quoted_text(index, index.get("firs-2017:8.1.a")) == index.get("firs-2017:8.1.a").text
    # a signal is quoted with the name printed above its description (FIRS Annex B)
    assert quoted_text(index, index.get("firs-2017:annex-b.misconduct")) == "Misconduct: Both hands placed on the hips"
    # the JSON citation carries it
    a = get_searcher().ask("two teams level on points in the group, what decides the order?", "youth-cup")
    assert any(c.text.endswith("8. Dice") for c in a.citations)


def test_a_bare_topic_keeps_its_own_clause_when_the_rules_first_call_is_about_something_else():
    # RHA 601 (b), shooting the puck after the whistle, is the first call of rule 601 but no case of
    # swearing at an official (601 (d) 1)
    a = get_searcher().ask("skater swearing at an official", "rha")
    assert a.citations[0].rule == "601 (d) 1"
    # a late-game case worded "less than two minutes remaining" is a special case too (RHA 205 (c) NOTE 3)
    assert get_searcher().ask("too many men", "rha").citations[0].rule == "205 (c)"


def test_taking_a_penalty_is_committing_one():
    # U9 21-22 "Penalty results in penalty shot. The offending player will sit out the next shift",
    # not U9 6 "Teams should be prepared to take the ice ..."
    a = get_searcher().ask("U9: a kid takes a penalty, what happens?")
    assert a.citations[0].rule == "21" and "sit out the next shift" in a.answer


def test_things_around_a_game_no_rulebook_covers_are_not_covered():
    s = get_searcher()
    for q in ("how much does a referee get paid?", "can players wear jeans?", "who gets the trophy?"):
        a = s.ask(q)
        assert not a.answered and a.answer.startswith("Not covered: no rulebook says anything about"), q


def test_hi_stick_is_high_sticking():
    assert get_searcher().ask("is hi-sticking the ball a penalty in ball hockey?").citations[0].rule == "28"


def test_a_foul_done_to_a_player_is_done_to_an_opponent():
    # ball hockey 27 "High sticking an opposing player" (game ejection), not 28 "High sticking the ball"
    a = get_searcher().ask("what do I give for high sticking another player?", "ball-hockey")
    assert a.citations[0].rule == "27" and "game ejection" in a.answer
    # "stick" as a noun is no foul: the longest stick a skater may use is in the equipment rules
    assert get_searcher().ask("What is the longest stick a skater may use?", "firs-2017").citations[0].rule.startswith("3.2")


def test_an_exception_the_question_does_not_name_is_not_the_answer():
    # RHA 402 (d) NOTE 1 ends "If a goal is scored on a penalty shot against a team that is already
    # shorthanded ..., no penalized player shall be permitted to return": not what a power-play goal does
    a = get_searcher().ask("They score on the power play. Does our guy in the box get to come out?", "rha")
    assert "no penalized player shall be permitted to return" not in a.answer
    # the penalty-shot case named: that sentence
    from rulebot.search.answer import best_sentences

    note = get_searcher().index.get("rha:402.d.note1")
    assert best_sentences(note.text, "goal on a penalty shot while shorthanded: does the penalty end?").startswith(
        "If a goal is scored on a penalty shot")


def test_leaving_the_box_early_is_leaving_before_the_penalty_expired():
    # RHA 629 (c) "... leaves the penalty bench before his/her penalty has expired ... an additional minor",
    # not 629 (b) "At the end of each period, no penalized player may ... leave the penalty bench"
    a = get_searcher().ask("a penalized skater steps out of the penalty box early, what now?", "rha")
    assert a.citations[0].rule == "629 (c)"


def test_an_inline_heading_is_not_what_its_first_sentence_says():
    # ball hockey 33 "Body/Roughing/Elbowing: The free hand may be used to push ... Using two hands or an
    # elbow to strike a player is not allowed.": for elbowing, the sentence on elbows
    a = get_searcher().ask("is elbowing a penalty in the gym league?", "ball-hockey")
    assert "an elbow to strike a player is not allowed" in a.answer


def test_a_question_in_two_parts_splits_from_its_story():
    story, parts = story_and_parts("Their goalie smothers it. Who gets the ball, and where do we restart?")
    assert story == "Their goalie smothers it."
    assert parts == ["Who gets the ball", "where do we restart"]
    assert story_and_parts("How long is a minor?") == ("", ["How long is a minor?"])
    # a piece with a question mark asks, whatever its first word; a comma parts two questions
    assert story_and_parts("Attacker's parked in the crease when a shot goes in. Goal? Where do we drop it?")[1] == [
        "Goal", "Where do we drop it"]
    assert story_and_parts("FIRS - capt wants to protest. how's that done, is there a fee?")[1] == [
        "how's that done", "is there a fee"]
    # a comma after what happened parts nothing: "when" opens the case, not a question
    assert len(story_and_parts("When a player gets a match penalty, how many minutes go on the sheet?")[1]) == 1
    assert len(story_and_parts("If he is hurt, can he come back?")[1]) == 1


def test_each_part_of_a_two_part_question_is_answered():
    # the best clause for the whole question defines a fight; the second part (is shoving enough?) is
    # answered on its own: pushing and shoving are roughing, cited after the definition
    a = get_searcher().ask("What exactly is a fight, and is grabbing and shoving enough?", "firs-2017")
    assert a.answer.startswith("The actual throwing of a punch(es)")
    assert "guilty of roughing" in a.answer
    assert "6.4.34 A" in [c.rule for c in a.citations]


def test_a_part_asking_who_goes_first_is_answered_by_who_starts_not_by_the_word_first():
    # FIRS 1.3 E •1 gives the shooters; "who goes first" is •2's coin toss, further down the same
    # list, not 1.3 B •1's "the first team to score will be declared the winner"
    a = get_searcher().ask("Sudden death didn't settle it. How do I set up the shootout - how many shooters "
                           "and who goes first?", "firs-2017")
    assert a.answer.startswith("Shoot-outs will take place using three shooters")
    assert "coin toss" in a.answer and "first team to score" not in a.answer


def test_a_call_asked_for_comes_from_the_clause_stating_the_penalty():
    # U9 9 says what players must do at the buzzer; 11 what failing to do it costs
    a = get_searcher().ask("The change buzzer sounds and a player keeps the puck. Is there a penalty?", "challenge-cup-u9")
    assert a.citations[0].rule == "11"
    assert classify("Our winger keeps carrying the puck after the buzzer. Is that a problem?").penalty
    # "what do I do?" after the story asks the same: U9 11 before 9, what must be done
    a = get_searcher().ask("Buzzer goes for the change and a kid keeps skating with the puck. What do I do?",
                           "challenge-cup-u9")
    assert [c.rule for c in a.citations[:3]] == ["11", "21", "9"]  # 21: what 11's "(see below)" names


def test_a_phrase_of_the_synonym_list_is_found_in_another_inflection():
    from rulebot.search.text import load_synonyms, words

    # "checks from behind" is the list's "check from behind", so also "checks an opponent from behind"
    # (RHA 604 (e), a major and a game misconduct), not boarding (605 (a)) for "into the boards"
    assert "checks an opponent from behind" in load_synonyms().expansions(words("he checks from behind"))
    a = get_searcher().ask("player checks from behind into the boards", "rha")
    assert a.citations[0].rule == "604 (e)"
    # two-word phrases are not: "facing off" is no "face off" spot
    assert not load_synonyms().expansions(words("facing off"))


def test_a_part_that_refers_back_is_asked_with_the_part_before_it_and_in_the_rulebook_named():
    s = get_searcher()
    # "each one" is a time-out: not FIRS 3.2.9 B's "long-sleeve shirts"
    a = s.ask("how many timeouts, and how long is each one", "firs-2017")
    assert all(c.rule.startswith(("5.5.2", "1.2")) for c in a.citations)
    # the rulebook the first part names is the one the second part is asked of
    a = s.ask("how long is a minor penalty in ball hockey and do you serve the full time on a PP goal")
    assert {c.ruleset for c in a.citations} == {"ball-hockey"}
    assert "Other rulebooks" not in a.answer


def test_a_clearing_attempt_is_no_clear_advantage():
    # ball hockey 17 (the ball hits the roof), not 14 ("if a clear advantage is created")
    a = get_searcher().ask("A clearing attempt hits the gym ceiling. What now?", "ball-hockey")
    assert a.citations[0].rule == "17"
    # a teammate is also the rulebook's "team mate" (ball hockey 16, hand passes)
    a = get_searcher().ask("He swats the ball with his hand to his buddy. Play on?", "ball-hockey")
    assert a.citations[0].rule == "16"


def test_ices_the_puck_asks_about_icing():
    # icing named as a verb is the icing topic: the ball-hockey league has none
    a = get_searcher().ask("the short-handed team ices the ball", "ball-hockey")
    assert not a.answered and "icing" in a.answer


def test_a_parts_answer_repeats_no_line_the_answer_has():
    a = get_searcher().ask("What is the penalty for fighting, and does the player get ejected?", "firs-2017")
    assert a.answer.count("Restart:") <= 1


def test_a_sheets_inline_heading_speaks_for_the_sentences_after_it():
    # U9: "Timed buzzer or whistle for line changes: Game does not stop ... (7) If there are fewer than
    # four players on the bench ... (8) On the buzzer/whistle, players must relinquish ... (9)": the
    # heading is the context of 7-15, not the title of 7 alone, and stops at the next one (16 "Change
    # of possession")
    ranker = get_searcher().ranker
    for number, under in (("7", True), ("9", True), ("11", True), ("16", False), ("17", False)):
        doc = ranker.doc_of[f"challenge-cup-u9:{number}"]
        assert ("line" in ranker.doc_terms[doc]) is under, number
    hits = get_searcher().search("Only two kids left on our bench at the change whistle - who stays on the ice?",
                                 "challenge-cup-u9", 1)
    assert hits[0].clause.number == "8"


def test_a_clause_meeting_only_the_story_gives_way_to_one_meeting_the_question():
    from rulebot.models import Hit

    searcher = get_searcher()
    ot, first = (searcher.index.get(f"rha:639.{n}") for n in ("a", "b.4.C"))
    assert ot is not None and first is not None
    # equal scores: "If at the end of the two periods, the score shall be tied ..." meets only the story
    hits = searcher.asked_over_story([Hit(ot, 10.0), Hit(first, 10.0)],
                                     "Overtime is done and still no winner. Who shoots first in the shootout?")
    assert hits[0].clause is first and hits[1].score < 10.0
    # a question with no story is left as it is
    assert searcher.asked_over_story([Hit(ot, 10.0), Hit(first, 10.0)], "who shoots first?")[0].clause is ot


def test_a_foul_played_down_with_several_words_is_still_the_foul_sold():
    # "a tiny little hook": the hook is played down (embellishment, ball hockey 38 ¶2), and "can also be
    # given an unsportsmanlike conduct penalty" states a penalty
    answer = get_searcher().ask("Winger flops on a tiny little hook. Anything for him?", "ball-hockey")
    assert answer.citations[0].rule == "38 ¶2" and "unsportsmanlike" in answer.answer.lower()


def test_official_meaning_approved_is_not_the_referee():
    from rulebot.search.text import respell

    # "which puck is official": RHA 306 (a), the Rocket Puck, not the referees' duties
    assert get_searcher().ask("What puck is official at RHA events?").citations[0].rule == "306 (a)"
    assert get_searcher().ask("Which puck is the official one for RHA games?").citations[0].rule == "306 (a)"
    assert "officially" in respell("who keeps the official score sheet?")
    assert respell("can the official stop play?") == "can the official stop play?"


def test_being_in_an_area_is_having_entered_it():
    # "camp in the crease": ball hockey 34, "Players are not allowed to enter the crease ... before the ball"
    answer = get_searcher().ask("Is an attacker allowed to camp in the crease before the ball arrives?", "ball-hockey")
    assert answer.citations[0].rule == "34"


def test_asking_what_the_book_calls_someone_asks_for_a_definition():
    from rulebot.search.intent import classify

    assert classify("Our backup is hurt too, so a defenceman is in net. What does the rulebook call him?").definition
    assert classify("A forward took over in goal. What's his status?").definition
    # clothes worn: RHA 502 (k), "All Referees shall be dressed in black pants ..."
    assert get_searcher().ask("What clothes do RHA referees wear?").citations[0].rule == "502 (k)"


def test_words_that_look_alike_but_mean_other_things():
    s = get_searcher()
    # a tie game is not "Blood drawn" (ball hockey 27): rule 7, "If the game is tied it will go to shootout"
    assert s.ask("what happens in a tie game", "ball-hockey").citations[0].rule == "7"
    # a high stick on a player (27, "... and immediate game ejection"), not on the ball (28)
    answer = s.ask("Forward high-sticks a guy right in the face. What's the call?", "ball-hockey")
    assert answer.citations[0].rule == "27" and "ejection" in answer.answer
    # "another kid" is an opposing player too
    assert s.ask("one kid high sticks another kid", "ball-hockey").citations[0].rule == "27"
    # the periods before OT are regulation: RHA 640 (a), not the five-minute overtime of 639 (b) 2
    assert s.ask("how long are the periods before overtime?", "rha").citations[0].rule == "640 (a)"


def test_a_deliberate_act_told_asks_for_the_call():
    from rulebot.search.intent import classify

    # FIRS 6.4.16 A: deliberately shooting the puck out of the playing area is a minor, not just a face-off
    assert classify("D-man fires the puck over the glass on purpose from his own end").penalty
    answer = get_searcher().ask("Their defenceman intentionally shoots the puck out of the rink in his own end",
                                "firs-2017")
    assert answer.citations[0].rule == "6.4.16 A" and answer.answer.startswith("Minor")


def test_a_count_of_things_meets_the_same_count():
    from rulebot.search.ranker import counted_things
    from rulebot.search.text import units, words

    assert counted_things(units(words("When three or more teams are tied in points"))) == ["#3 team"]
    assert counted_things(units(words("a 5 minute major, 2 points for a win"))) == ["#2 point"]  # no units of time
    # Youth Cup: "three teams level on points" is "When three or more teams are tied in points" (Rules ¶12),
    # not "2 points for a game they have won ... a draw" (¶10)
    hits = get_searcher().search("Three teams end up level on points in the group. How do we rank them?",
                                 "youth-cup", 1)
    assert hits[0].clause.text.startswith("When three or more teams are tied")


def test_a_rule_comes_before_the_note_that_explains_it():
    # RHA 617 (f) says batting the puck to a teammate is no stoppage in the defensive zone; its NOTE 1
    # only explains why. Asked about a glove pass in one's own end, the rule leads.
    answer = get_searcher().ask("Deep in our end our defenceman bats the puck with his open hand over to his "
                                "partner. Is that a hand pass stoppage?", "rha")
    assert answer.citations[0].rule == "617 (f)"
    assert "defensive zone" in answer.citations[0].text


def test_a_phrase_said_without_its_article_is_still_the_phrase():
    # "killing clock" is the synonym list's "killing the clock": one concept, with the rulebook's words for
    # it (FIRS 5.5.7 B, "shall always advance the puck")
    ranker = get_searcher().ranker
    concepts = [group for _, group in ranker.concepts("their D is just killing clock behind his net")]
    assert any("~delay of game" in group for group in concepts)
    # ... while a running clock, the game's clock mode, is no stalling ("running the clock" would be the
    # same phrase without its article, so the synonym list does not use it)
    concepts = [group for _, group in ranker.concepts("on a running clock when does penalty time start")]
    assert not any("~delay of game" in group for group in concepts)


def test_how_long_and_how_close_ask_for_the_words_rules_answer_them_in():
    s = get_searcher()
    # "how long before" is answered in hours too: RHA 634 (c) NOTE 1, "ONE HALF HOUR prior to their
    # scheduled playing time"
    answer = s.ask("How long ahead of our game time do we need to be suited up and ready?", "rha")
    assert "HALF HOUR" in answer.citations[0].text
    # "how close can they come" is answered by where they may not enter: ball hockey 13, "The other team
    # cannot enter the green area for 5 seconds"
    answer = s.ask("Their goalie covers up the ball. How close can the other team come?", "ball-hockey")
    assert answer.citations[0].rule == "13" and "5 seconds" in answer.answer


def test_a_later_case_of_a_rule_that_the_question_tells_of_is_not_played_down():
    # FIRS 6.4.30 C, "Any player who swings the player's stick at another player in the course of any
    # altercation shall be assessed a match penalty", is the case told, not an add-on to 6.4.30 A
    answer = get_searcher().ask("A shoving match after the whistle, and one forward takes a big swing with his "
                                "stick at a guy in the pile. What does that get?", "firs-2017")
    assert answer.citations[0].rule == "6.4.30 C" and answer.answer.startswith("Match")


def test_how_many_asks_for_a_clause_that_counts_the_thing():
    from rulebot.search.ranker import asked_counts
    from rulebot.search.text import units, words

    # shooters are counted as shooters (or as the skaters who shoot), not as the shots a round has
    assert asked_counts(units(words("how many of the shooters go for each side"))) == ["#* shooter", "#* skater"]
    assert asked_counts(units(words("so shooters how many?"))) == ["#* shooter", "#* skater"]  # typed last
    answer = get_searcher().ask("Overtime's done and it's still tied - how many shooters, and who shoots first?",
                                "rha")
    # RHA 639 (b) 4 A, "Only four skaters shall be allowed to shoot", not 4 D's "four shots" a round
    assert answer.citations[0].rule == "639 (b) 4 A" and "four skaters" in answer.answer
    # FIRS 1.3 E •1, "three shooters from each team", is among the clauses quoted (it was not: the story's
    # overtime and tie clauses, 1.3 B, came first)
    answer = get_searcher().ask("Overtime did not settle the FIRS final. How many shooters take part and how is "
                                "the first shooter chosen?", "firs-2017")
    assert "1.3 E •1" in [c.rule for c in answer.citations[:3]]


def test_no_answer_cites_a_clause_twice():
    s = get_searcher()
    # a signal told in its own rule (RHA 409 (b)) and a clause quoted for two rulebooks of a comparison
    for question, ruleset in (("ref raises one arm straight up and keeps it there", None),
                              ("Under the Youth Cup rules and under the U9 rules, what does a player do when "
                               "called for a penalty?", None),
                              ("Parent asking: is body checking allowed at the Challenge Cup U9? And in U12 at "
                               "the youth cup?", None)):
        cited = [(c.ruleset, c.rule) for c in s.ask(question, ruleset).citations]
        assert cited and len(cited) == len(set(cited)), cited


def test_a_sheet_section_named_by_its_title_is_not_named_twice_in_a_citation():
    from rulebot.search.answer import rule_name

    assert rule_name("Fall Fête", "Fall Fête Rules •2") == "Fall Fête Rules •2"
    assert rule_name("RHA", "402 (a)") == "RHA 402 (a)"
    assert rule_name("Fall", "Fallen rules 2") == "Fall Fallen rules 2"  # a name is a whole word


def test_a_rule_asked_about_by_number_alone_is_outlined_by_its_sub_clauses():
    s = get_searcher()
    a = s.ask("What's section 9.3 of the FIRS rule book about?")
    assert a.answer.startswith("FIRS 9.3 Final positioning")
    for part in ("9.3 A", "9.3 B", "9.3 C"):  # C: the head-to-head tie-breaker, not only A's points
        assert f"[FIRS {part} " in a.answer
    # a question about something in the rule is answered from that, not outlined
    b = s.ask("what does rule 641 say about warming up the goalie", "rha")
    assert "[RHA 641 (a)" in b.answer and "[RHA 641 (b)" not in b.answer


def test_what_counts_as_a_thing_asks_for_the_clause_that_says_what_it_is():
    # FIRS 4.6 D NOTE "A save is only when the puck that would have entered the net is stopped", not
    # 4.6 D •7, which only counts saves
    a = get_searcher().ask("For the goalie stats, what actually counts as a save?", "firs-2017")
    assert a.citations[0].rule == "4.6 D NOTE"


def test_british_and_american_spellings_are_one_term():
    from rulebot.search.text import terms

    assert terms("penalise defence offence metres colour") == terms("penalize defense offense meters color")
    assert terms("exercise") != terms("exercize")  # word by word, not by ending


def test_a_player_out_of_the_box_before_his_time_is_asked_in_the_rulebooks_words():
    from rulebot.search.query import early_release_words

    told = ("Kid in my box stood up and skated out with like 40 seconds left on his minor.",
            "I'm the penalty box person. If a kid leaves early what do I do?",
            "Box timer lets our guy out 20 secs early by mistake and we score while he's on.")
    assert all(early_release_words(q).startswith("leaves the penalty bench before his penalty has expired")
               for q in told)
    assert "error by the penalty timekeeper" in early_release_words(told[2])  # the attendant's mistake
    for other in ("goalie comes out early on the penalty shot", "we score with 10 seconds left in the box",
                  "team left the bench early"):
        assert early_release_words(other) == "", other
    a = get_searcher().ask("Kid in my box gets impatient and skates out maybe 20 seconds early while play's on. "
                           "What does he get for that?", "rha")
    assert a.citations[0].rule == "629 (c)"  # "an additional minor penalty"


def test_officials_call_penalties_by_their_minutes_and_a_time_out_a_to():
    from rulebot.search.text import respell

    assert respell("we get a 5 for boarding and they get a 2 at the same stoppage") == (
        "we get a major for boarding and they get a minor at the same stoppage")
    assert respell("does he still get the extra 10?") == "does he still get the extra misconduct?"
    for kept in ("a 10 minute misconduct", "a 5 on 3", "a 2-1 lead", "the 2 of them"):
        assert respell(kept) == kept
    assert respell("Coach calls a TO at the whistle") == "Coach calls a time-out at the whistle"
    assert respell("HOW LONG IS A TO") == "HOW LONG IS A TO"  # shouted, not abbreviated
    assert respell("What's a GM worth here, and a PS on the PK?") == (
        "What's a game misconduct worth here, and a penalty shot on the penalty kill?")


def test_two_classes_called_by_their_minutes_and_time_as_a_verb():
    from rulebot.search.text import respell

    assert respell("#22 gets two plus ten on the same call") == "#22 gets minor and a misconduct on the same call"
    assert respell("I gave five and a game, right?") == "I gave major and a game misconduct, right?"
    assert respell("5+game for boarding") == "major and a game misconduct for boarding"
    assert respell("He got a 5 and a game for checking from behind") == (
        "He got a major and a game misconduct for checking from behind")  # before "a 5" alone is read
    assert respell("#22 gets a 2 and 10") == "#22 gets a minor and a misconduct"
    for kept in ("five and a game misconduct", "five and a game-misconduct", "two and ten minutes",
                 "we get 2 and 10 players", "score was 5 and 10", "Players 2 and 10 both went to the box",
                 "see rules 2 and 10", "our team went 2 and 10", "Can time penalties be served by a teammate?"):
        assert respell(kept) == kept
    assert respell("How long do I time the penalties?") == "How long do I the penalties?"
    # FIRS 6.1.4 C: "The misconduct penalty will start when the Minor Penalty has ended"
    a = get_searcher().ask("#22 gets two plus ten on the same call. When does the ten actually start running on "
                           "my clock?", "firs-2017")
    assert a.citations[0].rule == "6.1.4 C"
    # ball hockey 23: "Penalties are 1 minute long" (not game time, ball hockey 6)
    a = get_searcher().ask("How long do I time the penalties in the gym ball hockey league?", "ball-hockey")
    assert "1 minute" in a.answer and a.citations[0].rule == "23"


def test_raw_time_is_running_time_and_clear_time_is_stopped():
    # Youth Cup Rules ¶2 "The last minute of the second period – clear time." for a stopped clock
    a = get_searcher().ask("Youth cup games are running time, right? Is there any point where I have to stop the "
                           "clock on whistles?", "youth-cup")
    assert a.citations[0].text == "The last minute of the second period – clear time."


def test_time_left_on_a_penalty_is_no_time_left_in_the_game():
    from rulebot.search.query import late_game_words, penalty_time_left_words

    told = "Coach lists a guy who still had 40 seconds left on a minor at the horn. Can he shoot in the shootout?"
    assert late_game_words(told) == "" and penalty_time_left_words(told) == "un-expired penalty time"
    assert late_game_words("they pull the goalie with 40 seconds left") == "last two minutes"
    assert penalty_time_left_words("they pull the goalie with 40 seconds left") == ""
    # RHA 639 (b) 4 F: "No player who has any un-expired penalty time at the end of the game may participate"
    assert get_searcher().ask(told, "rha").citations[0].rule == "639 (b) 4 F"


def first_rule(question: str, ruleset: str) -> str:
    """The rule number of the first citation ``ask`` gives (its title for a glossary entry)."""
    cite = get_searcher().ask(question, ruleset).citations[0]
    return cite.rule


def test_a_step_told_in_the_story_comes_before_the_first_step_of_the_same_procedure():
    # both steps share "three"; the search ranks "still tied after three shots" higher, the list order does not
    cite = get_searcher().ask("Still even after three winning shots each - what happens next?", "youth-cup").citations[0]
    assert "still tied after three shots" in cite.text


def test_a_gesture_seen_on_video_is_still_the_signal():
    a = get_searcher().ask("On the game video the ref puts his free hand on his knee, both skates on the "
                           "floor. What is he calling?", "firs-2017")
    assert a.answered and a.answer.startswith("Kneeing") and "say nothing about video" in a.answer


def test_a_stick_that_measures_legal_is_an_unsubstantiated_request():
    for q in ("Their coach had us measure our forward's stick and it turned out legal. Anything for them?",
              "We asked for a curve check on their captain and the stick came back legal. Do we get penalized?"):
        assert first_rule(q, "rha") == "610 (f)", q


def test_the_arm_going_up_is_the_delayed_penalty_in_words_of_its_own():
    # ball hockey never says "delayed": "play is blown down when the offending team gets possession"
    assert first_rule("Arm went up on their player for a hook. When do I stop play and who gets possession?",
                      "ball-hockey") == "23"
    # the raised arm is the story; "when does play stop", "whose ball" ask no signal (ball hockey has none,
    # and FIRS's signal list is not the answer)
    for q in ("Ref's arm went up on them. When does he whistle it, and whose ball is it?",
              "The ref put his arm up for a penalty against them - when does play stop?"):
        assert not classify(q).signal, q
        assert first_rule(q, "ball-hockey") == "23", q


def test_a_penalty_row_speaks_for_its_rule_by_the_share_of_its_description_the_question_says():
    # "Stick Swung above shoulder" shares two of its four words: it no longer outweighs the altercation
    assert first_rule("Two players start a scrap and one swings his stick at the other. What do I give?",
                      "firs-2017") == "6.4.30 C"


def test_a_defined_term_told_in_other_words_is_the_glossary_entry_asked_for():
    assert first_rule("Two goalies injured, a skater goes in net. What is his status?", "firs-2017") == "Temporary Goalkeeper"
    # a term said outright keeps its own entry ("goal cage" is no story of another term)
    assert "105 cm" in get_searcher().ask("What are the inside dimensions of the goal cage?", "firs-2017").answer


def test_the_first_player_off_the_bench_into_a_fight():
    assert first_rule("Brawl breaks out and one of theirs hops the boards off the bench first. What's he get?",
                      "firs-2017") == "6.4.27 F"


def test_a_note_that_tells_the_case_comes_before_its_rule():
    # RHA 621 (a) NOTE 2: a stick caught in an opponent's sweater is no penalty (the sweater is the case)
    assert first_rule("A forward's stick gets tangled up in the defenceman's sweater. Do I call holding the stick?",
                      "rha") == "621 (a) NOTE 2"


def test_a_player_on_the_bench_who_plays_the_puck():
    assert first_rule("A guy sitting on the bench reaches over and stops the puck with his stick as it goes by. "
                      "What's the penalty?", "firs-2017") == "6.4.24 B"


def test_does_it_go_down_as_a_save_asks_what_a_save_is():
    assert classify("Does that go down as a save?").definition
    assert first_rule("The shot was missing the net but the goalie blocked it with his pad. Does that go down as "
                      "a save?", "firs-2017") == "4.6 D NOTE"


def test_not_covered_cites_the_rule_that_says_which_rules_apply_instead():
    # U9: "Hockey Canada Playing Rules are followed except as stated below." is what governs a major there
    a = get_searcher().ask("Kid gets a major for a hit to the head. How many games does he sit?", "challenge-cup-u9")
    assert not a.answered and a.answer.startswith("Not covered")
    assert [c.rule for c in a.citations] == ["1"] and "Hockey Canada Playing Rules" in a.citations[0].text
    assert a.see_also  # the nearest clauses, as before
    # a rulebook that names no other rules cites nothing for a topic it lacks
    b = get_searcher().ask("is icing called in ball hockey?")
    assert not b.answered and not b.citations and b.see_also


def test_too_many_men_on_the_floor_is_the_too_many_men_rule():
    # "on the floor" is where, not what: the bench minor of RHA 205 (c), not fighting off the playing surface
    for q in ("too many men on the floor, what's the call", "too many players on the floor", "too many men on the floor"):
        assert first_rule(q, "rha") == "205 (c)", q


def test_who_can_call_a_time_out_is_answered_by_whom():
    assert first_rule("who can call a time-out", "rha") == "641 (a)"


def test_a_topic_not_covered_is_named_once_however_it_is_spelled():
    a = get_searcher().ask("how many timeouts do we get?", "youth-cup")
    assert a.answer.startswith("Not covered: the Youth Cup rules say nothing about time out.")


def test_a_word_inside_a_phrase_means_the_phrase_not_its_own_synonyms():
    # "goal" in "goal crease" is no goal cage (FIRS 2.2 B, the cage's depth)
    assert first_rule("how big is the goal crease", "firs-2017") == "2.3 A"


def test_walk_me_through_a_bulleted_procedure_gives_its_steps():
    # FIRS 1.3 E names the shoot-out and its four bullets are the steps, though it does not end "as follows:"
    a = get_searcher().ask("walk me through a shootout in FIRS")
    assert "three shooters" in a.answer and "coin toss" in a.answer and "tie-break shoot-out" in a.answer


def test_the_signal_for_an_infraction_with_none_says_there_is_none():
    # FIRS Annex B has no too-many-men signal: not Misconduct's hands on hips, but the rule and "none"
    a = get_searcher().ask("what's the signal for too many men", "firs-2017")
    assert a.answer.startswith("The FIRS signal list has no signal for too many men.")
    assert a.citations and not any(c.rule.startswith("Annex B") for c in a.citations)
    # a signal named in other words is still found
    assert get_searcher().ask("what's the signal for a trip", "firs-2017").citations[0].rule == "Annex B Tripping"


def test_a_topic_is_covered_by_another_wording_said_as_a_phrase_not_by_its_words_apart():
    # "blow out" (a mercy rule) is no FIRS phrase, though "blow" and "out" meet in one of its clauses
    a = get_searcher().ask("Is there a mercy rule if one team is up by ten goals?", "firs-2017")
    assert not a.answered and a.answer.startswith("Not covered: the FIRS rules say nothing about mercy")


def test_a_glossary_entry_asked_for_is_answered_with_its_defining_sentence():
    a = get_searcher().ask("What is a temporary goalkeeper?", "firs-2017")
    assert a.answer.startswith("A player not designated as a goalkeeper on the Official Score Sheet")


def test_keeping_on_at_an_official_after_a_bench_minor_is_persisting():
    # FIRS 6.4.9 L: "If a team official persists, after he/she has been assessed a bench Minor Penalty ..."
    a = get_searcher().ask("coach keeps arguing after I gave him a bench minor", "firs-2017")
    assert a.citations[0].rule == "6.4.9 L"
    assert a.answer.startswith("If a team official persists")


def test_throwing_yourself_at_a_carriers_feet_is_a_dive():
    # RHA 642 (b): "deliberately dives onto the playing surface, except to block a shot"
    a = get_searcher().ask("A defenceman throws himself on the floor and takes the puck carrier's legs out. "
                           "What's the call?", "rha")
    assert "642 (b)" in [c.rule for c in a.citations[:3]]


def test_an_odd_man_rush_is_a_scoring_opportunity():
    # RHA 629 (e): play goes on when a player leaves the box early while "the non-offending team is in the
    # process of a scoring opportunity"
    a = get_searcher().ask("player leaves the box early while the other team is on a 2 on 1, do I stop play?", "rha")
    assert a.citations[0].rule == "629 (e)"


def test_penalties_already_being_served_are_no_call():
    from rulebot.search.intent import imposes_penalty

    # RHA 402 (h) speaks of minors being served; it imposes none
    assert not imposes_penalty("A team may not be deprived of a man advantage situation in a game due to any "
                               "minor penalties already being served.")
    assert imposes_penalty("will receive an additional minor penalty to be served after serving the un-expired "
                           "penalty")


def test_how_long_asks_for_a_time_not_a_count():
    # FIRS 6.1.5 B: "... shall be allowed 10 minutes to dress in the goalkeeper's full equipment"; the
    # roster's "six (6) floor players and two (2) goalies" (3.1.1 A) counts players, it says no time
    a = get_searcher().ask("Our goalie got a game misconduct and a skater has to put on the goalie gear. "
                           "How long does he get to dress?", "firs-2017")
    assert a.citations[0].rule == "6.1.5 B"


def test_a_unit_word_needs_a_number_before_it():
    from rulebot.search import _DISTANCE_UNITS, _TIME_UNITS, _has_unit

    assert _has_unit("an additional ten (10) minute misconduct", _TIME_UNITS)
    assert _has_unit("at least 3 meters (10 feet) away", _DISTANCE_UNITS)
    assert not _has_unit("a minimum of six (6) floor players", _TIME_UNITS)
    assert not _has_unit("at the end of the minute", _TIME_UNITS)


def test_what_being_in_control_means_is_the_note_that_defines_control():
    # RHA 642 (e) NOTE 2: "Control of the puck means the act of propelling the puck with the stick."
    s = get_searcher()
    for q in ("the ref says he wasn't in control any more, what does in control even mean?",
              "What does being in control of the puck actually mean for a penalty shot?",
              "what counts as being in control of the puck on a breakaway?"):
        assert s.ask(q, "rha").citations[0].rule == "642 (e) NOTE 2", q


def test_a_game_watched_on_video_is_still_a_rules_question():
    # "video" is what the game was watched on, not the topic asked (FIRS 6.4.7 C, three seconds);
    # video review itself is not in the FIRS rules
    s = get_searcher()
    a = s.ask("On the video of my game I can see the goalie holding the puck for about five seconds "
              "with nobody near him. Penalty?", "firs-2017")
    assert a.answered and a.citations[0].rule == "6.4.7 C"
    for q in ("Can we use video replay to check if the puck crossed the line?", "can we look at the video?"):
        assert not s.ask(q, "firs-2017").answered, q


def test_the_clause_that_answers_the_asked_phrase_beats_the_one_only_about_its_topic():
    # FIRS 1.3 E: "Team captains will use a coin toss prior to the start of the shoot-out to determine which
    # team will initiate the alternating sequence of shots" answers "who shoots first"; 1.3 E's opening
    # sentence is only about shoot-outs
    a = get_searcher().ask("Tied after overtime, we go to a shoot-out. How is it decided who shoots first?",
                           "firs-2017")
    assert "coin toss" in a.citations[0].text


def test_asked_answers_are_found_for_the_asks_phrases_said():
    from rulebot.search.answer import ask_answers_in

    assert any(p.search("the team captains will use a coin toss") for p in ask_answers_in("who shoots first?"))
    assert ask_answers_in("what's the call for tripping?") == []


def test_what_the_referee_should_do_is_answered_with_the_officials_action_and_what_follows():
    # RHA 205 (d): "The referee may hold the clock and issue a warning to a team deliberately delaying the
    # game. Any subsequent delay after this will result in a bench minor penalty."
    a = get_searcher().ask("Running clock and one bench is slow changing at every whistle. What should the "
                           "referee do about it?", "rha")
    assert a.citations[0].rule == "205 (d)"
    assert "issue a warning" in a.answer and "bench minor" in a.answer


def test_an_infraction_a_sheet_never_names_gets_its_general_penalty_rule():
    # U9 21: "Penalty results in penalty shot." covers tripping, which the sheet never names; a penalty
    # class it never names (a major) is still not covered
    s = get_searcher()
    a = s.ask("what's the penalty for tripping", "challenge-cup-u9")
    assert a.answer.startswith("The U9 Challenge Cup rules do not name that infraction") and a.citations
    assert not s.ask("Kid gets a major for a hit to the head. How many games does he sit?",
                     "challenge-cup-u9").answered


def test_a_clause_that_sends_the_reader_to_another_rule_gives_way_to_that_rule():
    from rulebot.corpus import load_index
    from rulebot.search.answer import pointed_to

    index = load_index()
    # "... proceed to a Shootout to determine a winner. (See 1.3 E)"; "Too many men: see 14."
    assert pointed_to(index, index.lookup("firs-2017", "1.3 B •2")).number == "1.3 E"
    assert pointed_to(index, index.lookup("ball-hockey", "36")).number == "14"
    assert pointed_to(index, index.lookup("firs-2017", "1.3 E •1")) is None
    a = get_searcher().ask("In the FIRS rules, if overtime doesn't settle it and we go to shots, how many "
                           "shooters does each side get?", "firs-2017")
    assert a.citations[0].rule.startswith("1.3 E") and "three" in a.answer
    a = get_searcher().ask("Still tied after overtime in the quarter-final - how do we run the shootout?", "firs-2017")
    assert a.citations[0].rule.startswith("1.3 E") and "coin toss" in a.answer
    # the pointing item next to the best one (1.3 B •2 after •1, the sudden death), for a procedure
    for q in ("Semi still tied after the sudden-death OT. How do we run the shootout?",
              "If this semi is still tied after the sudden death, walk me through the shootout."):
        a = get_searcher().ask(q, "firs-2017")
        assert a.citations[0].rule.startswith("1.3 E"), q
    # ... not for a question that asks no procedure
    a = get_searcher().ask("How long is the sudden death in a semi-final?", "firs-2017")
    assert a.citations[0].rule.startswith("1.3 B")


def test_a_condition_told_before_a_procedure_request_picks_no_step():
    from rulebot.search.intent import without_opening_condition

    assert without_opening_condition("If this semi is still tied after the sudden death, walk me through "
                                     "the shootout.").strip() == "walk me through the shootout."
    # no request after it: the question stays whole
    assert without_opening_condition("If this semi is still tied, who shoots first?").startswith("If this semi")


def test_a_bulleted_list_under_the_clause_that_names_it_is_the_procedure():
    # FIRS 1.3 E "Shoot-Out: When additional game time is not available ..." over its four bullets
    a = get_searcher().ask("Final is still level after the sudden-death overtime. How do we run the shoot-out?",
                           "firs-2017")
    assert "three shooters" in a.answer and "coin toss" in a.answer
    assert {c.rule for c in a.citations[:3]} >= {"1.3 E"}


def test_a_second_part_answered_by_another_sentence_of_the_quoted_clause_gets_that_sentence():
    # RHA 206 (g): play stopped immediately; no return until the bleeding has stopped and the wound is covered
    a = get_searcher().ask("Kid's nose is pouring blood on the floor mid-shift. Do we let it play out, and "
                           "when can he come back?", "rha")
    assert "stopped immediately" in a.answer and "wound covered" in a.answer
    assert a.answer.count("206 (g)") == 2 and a.citations[0].rule == "206 (g)"


def test_a_topic_offered_as_one_guess_of_an_open_question_is_an_aside():
    s = get_searcher()
    # ball hockey never names a forfeit, but rule 41 says what happens when the goalie is not ready
    a = s.ask("Manager: our goalie is stuck in traffic at game time. Do we forfeit, or what happens?", "ball-hockey")
    assert a.answered and a.citations[0].rule == "41" and "3 runners" in a.answer
    assert "say nothing about forfeit" in a.answer
    # the topic asked about, with nothing else: still not covered
    for question in ("Is there icing in this league or what?", "Do you call icing on a long clear, or what happens?",
                     "They iced the ball while we were shorthanded. What happens?"):
        b = s.ask(question, "ball-hockey")
        assert not b.answered and "icing" in b.answer


def test_a_rule_that_forbids_gets_its_penalty_from_the_clause_for_a_violation_of_it():
    # FIRS 6.4.27 E forbids leaving the bench to enter an altercation; F: "For a violation of this rule a
    # double Minor Penalty and a Game Misconduct shall be imposed on the player ... first to leave"
    a = get_searcher().ask("Player came off the bench to join a fight. What does he get?", "firs-2017")
    assert [c.rule for c in a.citations[:2]] == ["6.4.27 F", "6.4.27 E"]
    assert a.answer.startswith("Double minor (2 × 2 minutes) + game misconduct")


def test_an_act_the_rule_says_is_no_penalty_is_answered_no_penalty():
    s = get_searcher()
    # ball hockey 25: "Hooking: ... will be called a hook. Stick lifts/tying up the opponent is not a penalty ..."
    a = s.ask("Defender lifts the attacker's stick to strip him of the ball. They're screaming hook. Is it?",
              "ball-hockey")
    assert a.answer.startswith("No penalty — Stick lifts/tying up the opponent is not a penalty")
    # the infraction itself still gets its call
    assert s.ask("what is the penalty for hooking", "ball-hockey").answer.startswith("Penalty (1 minute) — Hooking")


def test_goal_or_no_asks_whether_the_goal_stands():
    assert classify("Shot from the point caroms off the ref's skate and straight in. Goal or no?").goal
    # asked first, whether it stands decides; the face-off is a part of its own
    both = classify("Shot ticked off my skate and went straight in. Good goal? And where's the draw?")
    assert both.goal and not both.restart
    assert classify("Where's the face-off after a goal off the ref, and does it count?").restart
    a = get_searcher().ask("Shot from the point caroms off the ref's skate and straight in. Goal or no?", "firs-2017")
    assert a.citations[0].rule == "5.5.11 I" and "not be allowed" in a.answer


def test_an_infraction_named_alone_is_answered_from_the_rule_of_that_title():
    s = get_searcher()
    cases = [("firs-2017", "what's the penalty for boarding", "6.4.13 A"),  # not 6.4.26 B "... into the boards"
             ("firs-2017", "boarding", "6.4.13 A"),
             ("firs-2017", "what's the penalty for delay of game", "6.4.16 A"),  # not 6.4.8 A, the goal post
             ("rha", "what's the penalty for holding", "620 (a)"),  # HOLDING AN OPPONENT, not ... S STICK
             ("rha", "what's the penalty for interference", "624 (a)"),  # not 625 INTERFERENCE BY SPECTATOR
             ("rha", "what's the penalty for abuse of officials", "601 (a)")]  # not 601 (b), a shot after the whistle
    for ruleset, question, rule in cases:
        assert s.ask(question, ruleset).citations[0].rule == rule, question


def test_a_note_that_tells_the_case_gets_the_call_of_the_rule_it_notes():
    # RHA 205 (c) NOTE 1 is the too-many-players case; 205 (c): "For any violation of this rule, a Bench
    # Minor Penalty shall be imposed" -- not NOTE 3's penalty shot in the last two minutes
    a = get_searcher().ask("TMM on a line change, whats the call", "rha")
    assert a.answer.startswith("Bench minor") and "205 (c)" in {c.rule for c in a.citations[:2]}


def test_a_list_item_s_call_and_the_nested_list_a_procedure_answer_cites():
    s = get_searcher()
    # RHA 601 (d) 4 "Touches or holds any Game Official" is an item of 601 (d), whose opening gives the call
    a = s.ask("player grabs the referee's arm", "rha")
    assert a.citations[0].rule == "601 (d) 4" and a.answer.startswith("Misconduct (10 minutes) or game misconduct")
    # the shootout's own list (639 (b) 4), not the overtime steps of the list it sits in (639 (b))
    b = s.ask("how does the shootout work", "rha")
    assert [c.rule for c in b.citations[:2]] == ["639 (b) 4 A", "639 (b) 4"]
    # who serves a penalty is not asking for the call
    assert not classify("goalie takes a hooking minor - who goes to the box?").penalty


def test_a_bare_topic_asked_of_every_rulebook_names_the_other_rulebooks_general_case():
    a = get_searcher().ask("fighting", None)
    assert "Other rulebooks: RHA 615 (a)" in a.answer  # not 615 (d), gloves dropped
    assert [c.rule for c in a.citations if c.ruleset == "rha"][:1] == ["615 (a)"]


def test_what_a_process_keeps_of_its_questions_never_changes_an_answer():
    s = get_searcher()
    questions = [("Player shoots the puck at the net well after my whistle. Do I let it go?", "rha"),
                 ("how does the shootout work", "rha"), ("what's the penalty for boarding", "firs-2017")]
    first = [s.ask(q, r).to_json() for q, r in questions]
    again = [s.ask(q, r).to_json() for q, r in questions]  # read from what was kept
    s.forget_questions()
    fresh = [s.ask(q, r).to_json() for q, r in questions]  # read anew
    assert first == again == fresh


def test_the_step_after_the_warning_goes_with_it():
    # RHA 634 (a): warn the captain, fifteen seconds; "If, at the end of that time, the team shall still
    # refuse to play, the Referees shall impose a bench minor penalty for delay of game"
    a = get_searcher().ask("team refuses to come out for the 2nd half after I warn the captain", "rha")
    assert "fifteen seconds" in a.answer and "bench minor penalty for delay of game" in a.answer


def test_a_how_many_part_is_answered_only_by_a_count():
    # RHA 610 (f) says what follows an unsubstantiated request; SECTION III NOTE 1 how many there may be
    a = get_searcher().ask("coach wants a stick measured. how many requests can he make, and what if it's legal?",
                           "rha")
    assert "bench minor" in a.answer and "limited to one per team" in a.answer


def test_what_a_penalty_class_carries_over_is_a_question_about_the_class():
    s = get_searcher()
    for question in ("Our kid got a game misconduct in the last pool game. Does that carry over - is he out of "
                     "tomorrow's semi?", "What does a game misconduct actually cover here - just the rest of "
                     "tonight, or more?"):
        a = s.ask(question, "rha")
        assert a.citations[0].rule == "404 (d)" and "the next game" in a.answer, question


def test_a_note_that_widens_its_rule_answers_whether_a_case_counts():
    s = get_searcher()
    # RHA 607 (a) NOTE 1: "An attempt to butt-end shall include all cases in which a butt-end gesture is
    # made, regardless of whether body contact is made or not", then 607 (a)'s call
    answer = s.ask("Does an attempted butt-end count if the stick never actually touches the guy?", "rha")
    assert answer.citations[0].rule == "607 (a) NOTE 1"
    assert "A major penalty" in answer.answer
    told = s.ask("Guy jabs the top end of his stick toward an opponent but never connects. Does that even count "
                 "as butt-ending?", "rha")
    assert told.answer.startswith("An attempt to butt-end shall include all cases") and "A major penalty" in told.answer
    # asking for the call of a miss is answered by the rule itself (RHA 618 (a)), not its NOTE
    assert s.ask("Guy lunges to head-butt somebody but misses him completely. What's the least I can give?",
                 "rha").citations[0].rule == "618 (a)"


def test_how_play_resumes_is_answered_by_the_clause_that_gives_possession():
    # ball hockey 12: "After a goal is scored: the defending team gets possession ...", not 15's rule on
    # slapshots after a goal
    assert classify("We just scored. How does the other team restart?").resume
    assert not classify("Where is the face-off after an icing?").resume  # the place: restart, not resume
    a = get_searcher().ask("We just scored. How does the other team restart?", "ball-hockey")
    assert a.citations[0].rule == "12" and "gets possession" in a.answer


def test_a_sheet_sentence_with_an_inline_heading_is_quoted_with_it():
    # U9 2 is printed "Game format: two 24-minute periods with a run-time clock."; its title is the heading
    a = get_searcher().ask("How long are the periods at the U9 challenge cup?", "challenge-cup-u9")
    assert a.citations[0].text == "Game format: two 24-minute periods with a run-time clock."
    # a numbered rule's text is quoted as it is
    b = get_searcher().ask("how long is a minor penalty", "rha")
    assert not b.citations[0].text.startswith(b.citations[0].title)


def test_a_rule_telling_an_officials_gesture_beats_a_signal_it_matched_better_than():
    # FIRS 5.5.4 G: "the Referee not conducting the face-off shall raise an arm to indicate that the visiting
    # team may no longer change", not Annex B's Delay Penalty (an arm raised)
    a = get_searcher().ask("During a stoppage the ref who wasn't dropping the puck put one arm up for a few seconds "
                           "and then dropped it. What was he signalling to the benches?", "firs-2017")
    assert a.citations[0].rule == "5.5.4 G"


def test_how_a_referee_indicates_a_call_asks_for_its_signal():
    assert classify("How should a referee indicate a kneeing call?").signal
    assert not classify("the ref signals a delayed penalty and we score, does it count").signal
    a = get_searcher().ask("Under the FIRS signals, how should a referee indicate a kneeing call?", None)
    assert a.citations[0].rule == "Annex B Kneeing"


def test_an_official_named_after_the_body_part_receives_the_gesture():
    # "grabbed my arm ... putting his hands on the referee": a player's act on the referee, not a signal
    q = ("A kid I'd just sent to the box grabbed my arm with his glove while he was arguing. What am I supposed "
         "to give a kid for putting his hands on the referee like that?")
    assert not classify(q).signal
    assert classify("Describe the arm signal a FIRS referee uses to call a delay-of-game penalty.").signal


def test_a_word_of_two_synonym_groups_takes_the_sense_of_the_phrase_around_it():
    from rulebot.search.text import load_synonyms

    # "draw" is a face-off and a tie; "taking the draw" is the face-off
    said = load_synonyms().expansions("the two taking the draw".split())
    assert "faceoff" in said and "tie" not in said
    assert "tie" in load_synonyms().expansions(["draw"])  # alone, both senses
    a = get_searcher().ask("how far back do all the other kids have to stand from the two taking the draw?", "rha")
    assert a.citations[0].rule.startswith("613")


def test_a_clause_that_says_see_below_is_followed_to_the_clause_it_names():
    from rulebot.search.answer import named_below

    s = get_searcher()
    # U9 11 "... may result in a penalty (see below)" -> U9 21 "Penalties: Penalty results in penalty shot."
    eleven = s.index.lookup("challenge-cup-u9", "11")
    assert named_below(s.index, eleven).title == "Penalties"
    a = s.ask("change buzzer goes, kid keeps dangling with the puck. what's the call?", "challenge-cup-u9")
    assert "Penalty results in penalty shot" in a.answer and a.citations[1].rule == "21"
    assert named_below(s.index, s.index.lookup("rha", "402 (a)")) is None  # no pointer


def test_what_should_have_happened_is_answered_by_the_sentence_stating_the_outcome():
    # FIRS 6.1.8 A •9's third sentence: "If the goalkeeper leaves the goal crease prior to the player
    # touching the puck at centre and the player does not score ..., the player will re-take the penalty shot."
    a = get_searcher().ask("Penalty shot: the goalkeeper came off his line before the shooter touched the puck at "
                           "centre, and the shooter then missed. What should have happened?", "firs-2017")
    assert a.answer.startswith("If the goalkeeper leaves the goal crease") and "re-take" in a.answer


def test_a_goal_question_leads_with_the_ruling_in_the_rulebooks_words():
    from rulebot.search.answer import goal_ruling

    assert goal_ruling("..., a goal shall not be allowed. [FIRS 6.4.24 D]") == "Goal not allowed"
    assert goal_ruling("..., the goal shall be disallowed. [RHA 616 (f)]") == "Goal disallowed"
    assert goal_ruling("A goal cannot be scored by any attacking player who kicks ... [RHA 627 (b)]") == "No goal"
    assert goal_ruling("A goal shall be scored if the puck is put into the goal ... [RHA 616 (c)]") == ""
    a = get_searcher().ask("An attacker without the puck was standing in the crease and the shot went in. Should "
                           "the goal have stood?", "firs-2017")
    assert a.answer.startswith("Goal not allowed — ")


def test_an_item_is_read_with_the_opening_of_its_list_that_gives_the_call():
    # FIRS 6.4.29 A •1 "Who uses obscene ... racial remarks;" under "A game misconduct penalty shall be
    # assessed on any player, manager, coach and trainer:"
    a = get_searcher().ask("Is it true a racial remark toward an opponent is a straight game misconduct, not just "
                           "a ten-minute misconduct?", "firs-2017")
    assert a.citations[0].rule == "6.4.29 A •1"
    assert a.answer.startswith("A game misconduct penalty shall be assessed on any player")


def test_goal_then_where_is_the_face_off_gets_both_in_one_answer():
    a = get_searcher().ask("Attacker's parked in the crease without the puck when a shot goes in. Goal? Where do "
                           "we drop it?", "firs-2017")
    assert a.answer.startswith("Goal not allowed — ")
    assert "faced off at the centre face-off spot" in a.answer and "drop net" not in a.answer


def test_when_is_a_thing_considered_so_asks_its_definition():
    from rulebot.search import asked_terms

    q = "A player kept playing with a cracked stick. When is a stick considered broken?"
    assert asked_terms(q, classify(q)) == ["broken stick"]
    # RHA 606 (a) NOTE 1: "A broken stick is one which, in the opinion of the Referees, is unfit for normal play"
    assert get_searcher().ask(q, "rha").citations[0].rule == "606 (a) NOTE 1"


def test_the_answer_does_not_depend_on_how_many_citations_are_shown():
    s = get_searcher()
    for question, ruleset in (("what are the tie breakers", "challenge-cup-u9"),
                              ("how long is a major penalty", "rha")):
        full, one = s.ask(question, ruleset, 5), s.ask(question, ruleset, 1)
        assert one.answer == full.answer and [c.rule for c in one.citations] == [c.rule for c in full.citations[:1]]


def test_a_topic_said_in_the_plural_that_a_rulebook_never_names_is_not_covered():
    a = get_searcher().ask("must players wear helmets", "ball-hockey")
    assert not a.answered and "helmet" in a.answer
    # the youth cup's "dark-colored forms" are its jerseys
    assert get_searcher().ask("At the youth cup, which team counts as the home team, and what colour jerseys do "
                              "they wear?", "youth-cup").answered


def test_a_clause_naming_the_goalkeeper_the_question_names_weighs_more_unless_a_call_is_asked():
    s = get_searcher()
    # RHA 402 (b) "... If a Minor Penalty is assessed to a goaltender, a player on that team that was on the
    # floor ... must serve the penalty", not 402 (c)'s bench minor, which names no goaltender
    a = s.ask("Our goalie took a minor for delay. Does he go sit in the box himself, or who serves it?", "rha")
    assert a.citations[0].rule == "402 (b)" and "was on the floor" in a.answer
    # a call asked: ball hockey 35 ¶2's "Players closing their hand on the ball within their defensive
    # crease", not 35's delay of game, which names the goalie
    b = s.ask("Goalie smothers the ball in his crease with his hand - what's the call?", "ball-hockey")
    assert b.citations[0].rule == "35 ¶2"


def test_shorthand_typed_in_lower_case_is_written_out_unless_it_is_a_word():
    from rulebot.search.text import respell

    assert respell("ot length rr") == "ot length round robin"
    assert respell("tmm bench minor?") == "too many men bench minor?"
    # English words stay words; "pk" stays for its synonym group (a penalty kill, or the penalties)
    assert respell("walk the dog so he is ready") == "walk the dog so he is ready"
    assert respell("how low can pks take a team?") == "how low can pks take a team?"


def test_a_rulebooks_own_shorthand_means_what_the_rulebook_means():
    from rulebot.search.text import respell

    s = get_searcher()
    # ball hockey 39 writes "the GMs" (its league's general managers) and never "game misconduct"; headings
    # in capitals ("RULE 634 - REFUSING TO START ...") are no shorthand
    assert s.own_shorthand("ball-hockey") == {"GMs"} and s.own_shorthand("firs-2017") == frozenset()
    assert s.own_shorthand("rha") == frozenset()
    assert respell("do the GMs look at it?", s.own_shorthand("ball-hockey")) == "do the GMs look at it?"
    assert "game misconduct" in respell("do the GMs look at it?")
    for q, rs in (("Same player picks up his third penalty of the night. Is he done? And do the GMs look at it?",
                   "ball-hockey"),
                  ("ball hockey - can the GMs review a player's actions after the game?", None),
                  ("who are the GMs in ball hockey?", "rha")):
        a = s.ask(q, rs)
        assert a.answered and a.citations[0].rule == "39" and "GMs" in a.answer
    # "a GM" is a game misconduct, which ball hockey does not have; FIRS's "GM" is its game misconduct
    assert not s.ask("how long is a GM?", "ball-hockey").answered
    assert s.ask("what's a GM in FIRS?", "ball-hockey").citations[0].rule == "6.1.5 A"


def test_a_question_with_no_word_a_rulebook_uses_is_not_covered():
    s = get_searcher()
    for nonsense in ("x", "%s {0}", "lorem ipsum dolor sit amet", "asdf qwer"):
        answer = s.ask(nonsense, "rha")
        assert not answer.answered and answer.citations == () and "no words a rulebook uses" in answer.answer
    # ... while shorthand, typos and rule numbers still are read
    assert s.ask("2+2?", "firs-2017").answered
    assert s.ask("how lnog is a minor", "rha").answered
    assert s.ask("402", "rha").citations[0].rule.startswith("402")


def test_a_signal_question_of_a_rulebook_without_signals_reads_its_rules_only_when_no_signal_fits():
    s = get_searcher()
    # RHA 409 (b) "shall signify the calling of a delayed penalty by raising his/her arm", found among
    # the first few hits of a delayed penalty told, not only as the first
    answer = s.ask("The other team fouls somebody but the team that got fouled still has the puck, so I'm "
                   "letting it go on. How do I show everyone I'm going to call something?", "rha")
    assert answer.citations[0].rule == "409 (b)" and "raising his/her arm" in answer.answer
    # U9 16 says what the official signals at a change of possession; no listed signal is that
    answer = s.ask("u9 possession change what do i signal", "challenge-cup-u9")
    assert answer.citations[0].rule == "16" and "back off three metres" in answer.answer
    # a trip has a signal in FIRS Annex B: that, not a U9 rule that happens to say "signal"
    assert "Tripping" in s.ask("what's the signal for tripping?", "challenge-cup-u9").answer
    # a FIRS gesture that shares a word or two ("over", "under-9") is no gesture told: U9's own rule
    answer = s.ask("In the under-9 games, when my whistle means the puck goes over to the other team, what am I "
                   "supposed to signal to the kids who were attacking?", "challenge-cup-u9")
    assert answer.citations[0].rule == "16"
    # U9 18 tells the signal "to indicate" the attackers back off
    answer = s.ask("Our little goalie smothered the puck and the ref whistled it. How does the ref show what "
                   "happens next?", "challenge-cup-u9")
    assert answer.answered and answer.citations[0].rule == "18"
    # a gesture told with arms is still read in the FIRS list
    assert "Penalty Shot" in s.ask("ref crosses his arms over his head, what is it?", "challenge-cup-u9").answer


def test_how_an_official_shows_a_call_is_a_signal_question():
    assert classify("What does the rule book say the referee does to show a delayed penalty?").signal
    assert classify("What do I do with my arms to show everybody I'm giving a penalty shot?").signal
    assert classify("How does the referee show spearing?").signal
    assert classify("How is that person supposed to show me the puck actually went in?").signal
    # ... not what a player shows, nor a story with "show" in it
    assert not classify("He shows disrespect to an official. What's the penalty?").signal
    assert not classify("Can a player show up late and still play?").signal
    assert not classify("How many players does the score sheet show?").signal
    assert not classify("How are players supposed to show proof of age?").signal
    assert not classify("How does the game sheet show the penalty minutes?").signal
    assert not classify("What does a coach do to indicate he wants a timeout?").signal
    assert not classify("How do I show up on time for my games?").signal
    # ... and as a second language asks it, without "does"
    assert classify("How the referee shows hooking with the arms?").signal
    assert classify("Which penalty does he indicate with both arms crossed?").signal
    assert not classify("How the ref shows up late, is it a problem?").signal
    assert not classify("Can the goalie show the ball with one hand before throwing it?").signal
    assert not classify("The coach indicates with his hand that he wants a timeout").signal


def test_rulebook_words_for_what_a_referee_tells_in_his_own():
    from rulebot.search.query import bench_player_words, injured_player_argue_words, official_words

    assert official_words("I go to pick up the puck and a player flicks it away from me.") != ""
    assert official_words("the puck went past me into the net, goal?") == ""
    assert official_words("he skated away from me, is it a penalty?") == ""
    # someone of the asker's team is not the asker
    assert official_words("One of their forwards grabbed my goalie's cage. What should that draw?") == ""
    assert official_words("he grabbed my arm, what do I give him?") == "abuse of officials"
    assert bench_player_words("A guy sitting on his bench reached his stick over the boards and knocked the puck.")
    assert not bench_player_words("A player jumps from the bench and trips an opponent. Too many men?")
    assert not bench_player_words("A kid sitting on the bench tosses his stick out onto the floor.")
    assert injured_player_argue_words("The coach went out to his injured player and argued the call.")
    assert not injured_player_argue_words("The coach asked if the injured player could come back. I told him no.")


def test_a_rule_number_said_in_words_is_looked_up():
    from rulebot.search.query import spoken_rule_numbers

    assert spoken_rule_numbers("what's rule six twenty seven about") == "what's rule 627 about"
    assert spoken_rule_numbers("FIRS six point four point eight") == "FIRS 6.4.8"
    assert spoken_rule_numbers("rule six hundred and two") == "rule 602"
    assert spoken_rule_numbers("rule number four oh two") == "rule number 402"
    # numbers that are no rule number stay words
    assert spoken_rule_numbers("two minutes for one official, six point five") == "two minutes for one official, six point five"
    s = get_searcher()
    assert s.ask("what's rule six twenty seven in the RHA book about", None).citations[0].rule.startswith("627")
    assert s.ask("what does FIRS rule six point four point eight say", None).citations[0].rule.startswith("6.4.8")


def test_whether_a_penalised_player_may_play_a_later_game_asks_for_his_suspension():
    from rulebot.search.query import later_game_words

    assert later_game_words("He got a match penalty this morning. Can he dress for the game this afternoon?")
    assert later_game_words("Apart from tonight, can that player keep playing in the tournament?")
    assert not later_game_words("Can he play the rest of this game after his minor?")
    assert not later_game_words("Is the next game at noon?")


def test_a_time_asked_is_not_answered_by_a_measurement_next_to_the_words():
    s = get_searcher()
    # FIRS 3.2.5 C gives the glove's centimetres; 6.4.7 C the seconds a goalkeeper may hold the puck
    answer = s.ask("How long can a goalie keep the puck in his glove with nobody near him?", "firs-2017")
    assert answer.citations[0].rule == "6.4.7 C" and "three seconds" in answer.answer
    # ... while "how long can a stick be" asks for a length
    assert s.ask("How long can a skater's stick be?", "rha").citations[0].rule == "301 (b)"


def test_a_clause_announcing_what_follows_is_cited_with_the_clauses_it_announces():
    s = get_searcher()
    # FIRS 9.3 B "... the team's position is determined as follows:" is followed by 9.3 C-G
    answer = s.ask("Two teams finished the pool on the same number of points. How do we decide who places higher?",
                   "firs-2017")
    assert [c.rule for c in answer.citations[:2]] == ["9.3 C", "9.3 B"]
    assert "head-to-head" in answer.answer


def test_a_gesture_told_picks_the_item_of_an_officials_list_that_tells_it():
    s = get_searcher()
    # FIRS 4.6 D: •4 "extend their arms straight out from their sides", •6 "extend one arm above the head"
    answer = s.ask("The goal judge stuck one arm straight up in the air. What is he trying to tell the referee?",
                   "firs-2017")
    assert answer.citations[0].rule == "4.6 D •6" and "frozen the puck" in answer.answer
    answer = s.ask("The goal judge put both arms straight out to his sides. What does that mean?", "firs-2017")
    assert answer.citations[0].rule == "4.6 D •4"


def test_everyday_words_for_a_fight_and_a_team_short():
    s = get_searcher()
    # RHA 615 (f) "all players not engaged shall immediately proceed to the area of their players bench"
    assert s.ask("When a fight breaks out, what are the guys who aren't in it supposed to do?",
                 "rha").citations[0].rule == "615 (f)"
    # 615 (e) "... including any player entering as a peacemaker, shall receive a game ejection penalty"
    assert s.ask("Two guys are fighting and a third jumps in to split them up. Anything for him?",
                 "rha").citations[0].rule == "615 (e)"
    # 402 (d) NOTE 1: a goal on a penalty shot releases no one from a team "short-handed"
    answer = s.ask("They're down a man on a minor and score on a penalty shot against us. Does the guy come out?",
                   "rha")
    assert answer.citations[0].rule == "402 (d) NOTE 1"


def test_swears_that_says_something_is_so_and_is_no_profanity():
    from rulebot.search.text import respell

    assert respell("My partner swears it went in off a skate") == "My partner insists it went in off a skate"
    assert respell("the player swears at the ref") == "the player swears at the ref"
    s = get_searcher()
    answer = s.ask("My partner swears that goal went in off a skate, I saw it come off the stick. We can't agree - "
                   "whose call stands?", "firs-2017")
    assert answer.citations[0].rule.startswith("4.2") and "Lead Referee" in answer.answer


def test_the_difference_between_two_terms_asks_their_definitions():
    s = get_searcher()
    answer = s.ask("What's the difference between directing the puck and it just bouncing off him?", "firs-2017")
    assert answer.citations[0].rule == "Directing the Puck" and "intentionally" in answer.answer


def test_hand_out_is_giving_not_a_hand_signal():
    from rulebot.search.intent import classify

    assert not classify("Ref radios in that a player used a racial slur. What penalty is he supposed to hand out?").signal
    assert classify("The ref put his hand out flat, palm down. What's he calling?").signal
    s = get_searcher()
    answer = s.ask("Ref radios in that a player used a racial slur on an opponent. What penalty does he hand out?",
                   "firs-2017")
    assert answer.citations[0].rule == "6.4.29 A •1" and "Game misconduct" in answer.answer


def test_everyday_words_for_the_officials_and_the_players_a_side():
    s = get_searcher()
    # U9 3 "Minimum of one official per game."
    assert s.ask("I'm the only ref who showed up. Can we run the game with one official?",
                 "challenge-cup-u9").citations[0].rule == "3"
    # ball hockey 11 "All games will be played 4 on 4 (including goalie)."
    assert s.ask("How many a side do we play?", "ball-hockey").citations[0].rule == "11"


def test_what_a_term_is_asked_in_more_ways():
    s = get_searcher()
    # FIRS glossary "Altercation"; the term asked is followed by more words, not by the question mark
    answer = s.ask("what actually counts as an altercation in the FIRS book cause the bench clearing rules use it",
                   None)
    assert answer.citations[0].rule == "Altercation"
    # RHA 107 (a) "... This area shall be known as the Referee s Crease."
    assert s.ask("what's the ref's crease in RHA like, where is it and how big is it", None).citations[0].rule == "107 (a)"
    # voice typing: "gross miss conduct" is a gross misconduct (RHA 404 (g), 601 (f))
    assert "Gross Misconduct" in s.ask("what is a gross miss conduct in the RHA book", None).answer


def test_everyday_words_for_the_scorer_and_the_penalty_clock():
    s = get_searcher()
    # FIRS 8.1 B •2 "The Captain of the victorious team shall be awarded one goal." (the score: "1 to 0")
    ranked = [c.rule for c in s.ask("a team forfeits, how do I write up the score and goals on the game sheet",
                                    "firs-2017").citations[:3]]
    assert any(r.startswith("8.1 B") for r in ranked)
    # RHA 409 (d) "... the penalty time will start when the Official drops the puck"
    assert s.ask("on running time when does the guy's penalty start counting down?",
                 "rha").citations[0].rule == "409 (d)"


def test_hold_on_is_waiting_and_a_double_shift_is_staying_out():
    from rulebot.search.text import respell

    assert respell("Rookie wants to whistle it right now, I say hold on. Who's right?").count("wait") == 1
    assert "hold on" in respell("the goalie tries to hold on to the puck")
    s = get_searcher()
    # U9 8 "If there are fewer than four players on the bench, the active player designated to stay out ..."
    assert s.ask("only three kids on the bench so somebody has to double shift, what's the rule?",
                 "challenge-cup-u9").citations[0].rule == "8"


def test_who_may_call_a_time_out_is_asked_not_told():
    from rulebot.search.query import time_out_call_words

    assert time_out_call_words("Can the coach call our timeout from the bench, or does it have to come from a player?")
    assert time_out_call_words("coach was yelling for a timeout mid-shift, who's allowed to call it and when")
    assert not time_out_call_words("The other team just called their time-out. Can my guy in the box go to his bench?")
    assert not time_out_call_words("Is he allowed to go to the bench?")
    s = get_searcher()
    assert s.ask("Can the coach call our timeout from the bench, or does it have to come from a player?",
                 "rha").citations[0].rule == "641 (a)"


def test_a_note_written_for_the_case_told_is_not_weighed_down_as_a_clarification():
    s = get_searcher()
    # RHA 621 (a) NOTE 2: "When a player s stick is caught in the equipment or sweater ..." (no penalty)
    answer = s.ask("An opponent's blade gets snagged in a skater's jersey and gets dragged along as he skates off. "
                   "Do I call holding the stick?", "rha")
    assert answer.citations[0].rule == "621 (a) NOTE 2"


def test_a_face_off_for_the_thing_asked_is_not_overruled_by_a_penalty_for_something_else():
    s = get_searcher()
    # FIRS 6.4.20 E: a hand pass is a face-off; 6.4.20 A's minor is for closing the hand on the puck
    answer = s.ask("what's the penalty for a hand pass", "firs-2017")
    assert answer.citations[0].rule == "6.4.20 E" and not answer.answer.startswith("Minor")


def test_a_clause_with_no_number_does_not_answer_how_many_because_it_speaks_of_overtime():
    s = get_searcher()
    # FIRS 5.5.2 B "One time-out ... per half", not 5.5.2 D "No time-outs ... during an overtime period"
    assert s.ask("how many timeouts does a team get", "firs-2017").citations[0].rule == "5.5.2 B"


def test_whether_something_is_allowed_is_answered_by_the_rules_basic_case():
    s = get_searcher()
    # RHA 604 (a) "A minor penalty or major penalty ... on any player who intentionally body checks", not
    # 604 (f) "Body Checking may also be treated as a match penalty"
    assert s.ask("can you body check", "rha").citations[0].rule == "604 (a)"


def test_the_number_of_things_asks_a_count_not_a_jersey_number():
    from rulebot.search.text import respell

    assert respell("what is the minimum number of players to start") == "what is the minimum players to start"
    assert "same number of points" in respell("finished with the same number of points")
    s = get_searcher()
    # FIRS 5.3 B "To start a game a team must have a goalie and four skaters", not 3.2.9 C's jersey numbers
    assert s.ask("minimum number of players to start a game", "firs-2017").citations[0].rule == "5.3 B"


def test_one_foot_in_the_box_counts_nothing():
    s = get_searcher()
    # ball hockey 11 "All games will be played 4 on 4", not 14's "at least one foot in the blue box"
    assert s.ask("how many players on the floor", "ball-hockey").citations[0].rule == "11"


def test_everyday_readings_leave_the_rules_words_alone():
    from rulebot.search.intent import classify
    from rulebot.search.query import later_game_words, spoken_rule_numbers, time_out_call_words
    from rulebot.search.text import respell

    # a number after "rule" is a rule number only where one can be
    assert spoken_rule_numbers("is the rule two minutes or four for high sticking") == \
        "is the rule two minutes or four for high sticking"
    assert spoken_rule_numbers("under the rules one ref is enough?") == "under the rules one ref is enough?"
    assert spoken_rule_numbers("what's rule thirty five?") == "what's rule 35?"
    # the goalie holding on to the puck, and profanity, stay as said
    assert "hold on" in respell("the goalie tried to hold on, what's the call?")
    assert "swearing" in respell("player swearing the whole game, what's the call?")
    # a hand put out is a gesture; a call handed out is not
    assert classify("ref sticks a hand out to the side, what does it mean").signal
    # the current game is no later game; a time-out taken is no question of who calls one
    assert not later_game_words("he got a minor, can he come back in the final minute tonight?")
    assert not time_out_call_words("can the goalie go to the bench during a time-out?")


def test_a_signal_told_in_a_story_is_not_asked_but_the_refs_arms_are():
    from rulebot.search.intent import classify

    assert not classify("I signalled that he came out of the box early and the ref let play go on. Right?").signal
    assert classify("what does the ref do with his arms when he calls tripping?").signal


def test_minutes_given_and_a_plain_class_name_the_class():
    from rulebot.search.text import respell

    assert "got a minor for delay" in respell("the goalie got two for delay of game")
    assert respell("we got two and they got one") == "we got two and they got one"  # goals, not minutes
    assert respell("how long is an ordinary minor?") == "how long is a minor?"


def test_a_score_told_by_its_margin_is_the_goal_differential():
    from rulebot.search.query import score_margin_words

    assert score_margin_words("we were down by eight, does the game end?") == "goal differential"
    assert score_margin_words("they beat us by 10") == "goal differential"
    # a team short, a distance or a time is no score
    for told in ("we are down by one man, can we ice the puck?", "his stick is up by one inch",
                 "the clock was behind by two seconds", "the rush was led by one of their defencemen"):
        assert score_margin_words(told) == "", told
    # RHA 630 (a), the mercy rule's "eight (8) goal differential"
    a = get_searcher().ask("we were losing by eight and the referee ended the game, can he?", "rha")
    assert a.citations[0].rule == "630 (a)"


def test_a_goal_against_the_short_handed_team_ends_the_minor_asked_about():
    from rulebot.search.query import early_release_words, goal_release_words
    from rulebot.search.text import respell

    # FIRS 6.2.1 B: "the first of such penalties shall automatically terminate"
    a = get_searcher().ask("They score on the power play while our guy is in the box - does he come out?",
                           "firs-2017")
    assert a.citations[0].rule == "6.2.1 B"
    assert goal_release_words(respell("PK ends early if they score on the PP?")) == "automatically terminate"
    # out with time left after the other team scored on the short side: the release, not a player out early
    told = ("We were down a man, the other team scored, and our guy came straight out of the penalty box even though "
            "he still had time left. Why did he get to come out early?")
    assert goal_release_words(told) == "automatically terminate" and early_release_words(told) == ""
    # not a misconduct, the goalkeeper coming out of his crease, or a player let out early
    for told in ("he's in the box for a misconduct, they score, can he come out?",
                 "we're shorthanded, they score, can the goalie come out of his crease?",
                 "I let a player out of the box early by mistake and his team scores"):
        assert goal_release_words(told) == "", told


def test_which_rule_covers_names_the_rule_and_quotes_it_from_its_start():
    s = get_searcher()
    a = s.ask("Which rule covers the penalty timekeeper duties?", "rha")
    assert a.answer.startswith("RHA 505 PENALTY TIMEKEEPER: ")
    assert a.citations[0].rule == "505" and a.citations[0].text.startswith("RULE 505 - PENALTY TIMEKEEPER (a) ")
    assert a.citations[1].rule == "505 (a)"
    # "which rule says X": the clause that says X, under its rule's name
    b = s.ask("which rule says a game misconduct means missing the next game?", "rha")
    assert b.answer.startswith("RHA 404 MISCONDUCT PENALTIES: ") and b.citations[0].rule == "404 (d)"


def test_the_same_in_both_compares_and_the_sport_said_with_a_name_is_the_name():
    a = get_searcher().ask("is a minor the same length in both FIRS inline games and RHA?")
    assert a.kind == "comparison"
    assert [c.rule for c in a.citations[:2]] == ["6.1.2 A", "402 (a)"]


def test_a_team_that_is_late_is_the_rule_on_being_ready():
    # Youth Cup Rules ¶5 "The team must be ready to come on ice 5 minutes before the games starts"
    a = get_searcher().ask("what if a team is late", "youth-cup")
    assert a.citations[0].rule == "Rules ¶5"


def test_a_procedure_written_as_sentences_after_as_follows_is_quoted_whole():
    # RHA 406 (a): "... shall be taken as follows: The Referees will name the player ... The goaltender
    # must stay in the crease until the player touches the puck ... No goal can be scored on a rebound"
    a = get_searcher().ask("walk me through a penalty shot", "rha")
    assert a.citations[0].rule == "406 (a)"
    assert "must stay in the crease" in a.answer and "No goal can be scored on a rebound" in a.answer


def test_how_long_a_thing_is_allowed_to_be_is_its_length():
    # RHA 301 (b) "No stick shall exceed 63 inches in length", not 641 (b) NOTE 1's "thirty-seconds long"
    a = get_searcher().ask("how long is a stick allowed to be", "rha")
    assert a.citations[0].rule == "301 (b)"


def test_minutes_given_for_something_else_name_no_class():
    from rulebot.search.text import respell

    assert "got a minor for tripping and a minor for roughing" in respell("got two for tripping and two for roughing")
    for said in ("do we take five for the break between periods?", "do teams get two for overtime or just one?"):
        assert respell(said) == said


def test_my_partner_is_no_partnered_event():
    # RHA 410 (d)'s "RHA Partnered Events" is no referee's partner
    a = get_searcher().ask("my partner called TMM but the guy was w/in 5 ft of the bench, is that right?", "rha")
    assert a.citations[0].rule != "410 (d)" and all(c.rule != "410 (d)" for c in a.citations[:3])


def test_what_a_foul_costs_him_or_draws_is_the_call():
    from rulebot.search.text import respell

    assert classify("He grabbed the other guy's face cage. How much does that cost him?").penalty
    assert not classify("He grabbed the other guy's face cage. How much does that cost him?").number
    # ... not a protest's fee, nor a price
    assert not classify("How do we protest, and what does it cost us?").penalty
    assert classify("how much does a stick cost?").number
    # "draw" as what a foul brings, not a face-off
    assert "draw" not in respell("What should that draw?") and "draw" not in respell("does it draw a major?")
    assert "draw" in respell("who takes the draw?") and "draw" in respell("will they draw for first shot?")
    assert "draw" not in respell("what does a slash draw?")
    # ... the face-off asked where, and drawing a penalty from the other team
    assert "draw" in respell("Penalty called in the neutral zone, where does it draw?")
    assert "draw" in respell("Can he draw a penalty by diving?")
    a = get_searcher().ask("He grabbed the other guy's face cage with his glove. How much does that cost him?", "rha")
    assert a.citations[0].rule == "620 (b)" and "Major" in a.answer


def test_a_rule_is_answered_with_what_failing_it_brings_a_clause_or_two_on():
    # U9 9 "players must relinquish control of the puck immediately"; U9 11 "Failure to relinquish
    # control of the puck ... may result in a penalty", after U9 10 "The new players enter the ice."
    a = get_searcher().ask("buzzer went, kid keeps puck", "challenge-cup-u9")
    assert a.citations[0].rule == "9" and "may result in a penalty" in a.answer
    assert [c.rule for c in a.citations[:2]] == ["9", "11"]
    # a clause that names too few of the rule's words is no failure of it: U9 8's "active player ...
    # must return to the bench area" is not what U9 9's neighbours fail
    from rulebot.corpus import load_index
    from rulebot.search.answer import _sequel

    index = load_index()
    assert _sequel(index, index.lookup("challenge-cup-u9", "8")) is None


def test_a_misspelt_topic_a_rulebook_never_names_is_not_covered_there():
    s = get_searcher()
    for q in ("how long is a major penalty", "how long is a mjor penalty"):
        a = s.ask(q, "challenge-cup-u9")
        assert not a.answered and "say nothing about major" in a.answer, q
    # ... and "hw" is "how"
    a = s.ask("hw long is a mjor penalty in FIRS", "firs-2017")
    assert a.citations[0].rule == "6.1.3 A"


def test_a_player_pulled_down_is_a_foul_told():
    assert classify("attacker pulled down from behind on a breakaway").penalty
    a = get_searcher().ask("attacker pulled down from behind on a breakaway", "firs-2017")
    assert a.answer.startswith("Penalty shot")
    assert not classify("He pulled down the ball with his glove and passed it, hand pass?").penalty
    assert not classify("the scores were taken down wrong on the game sheet, who fixes it?").penalty


def test_second_language_words_for_the_power_play_and_the_puck():
    from rulebot.search.text import load_synonyms

    syn = load_synonyms()
    assert "power play" in syn.expansions(["superiority"])
    assert "shorthanded" in syn.expansions(["inferiority"])
    assert "puck" in syn.expansions(["disc"])


def test_a_blowout_told_by_its_score_line_is_the_goal_differential():
    from rulebot.search.query import score_margin_words

    assert score_margin_words("Roller Hockey Alliance pool game and it's 10-2 now. Do they call it?")
    assert score_margin_words("one team was up 7-0 in the second half and then made it 8-0")
    assert not score_margin_words("we won 3-2 in overtime")
    assert not score_margin_words("is there a 5-10 minute warm-up?")


def test_a_shot_after_the_whistle_told_in_a_story():
    from rulebot.search.query import shot_after_whistle_words

    assert shot_after_whistle_words("The whistle went and he still ripped one top shelf. Anything for that?")
    assert shot_after_whistle_words("Player shoot the disc after I whistle, and he had the time to stop.")
    assert not shot_after_whistle_words("I blew the whistle for offside, then the faceoff, he shot and scored")
    assert not shot_after_whistle_words("After the whistle for icing, who takes the shot?")
    # the rulebook words added to a question make no phrase with its last word: "... Penalty?" and "shoots
    # the puck after the whistle" are no "penalty shot" (RHA 406), but RHA 601 (b)
    a = get_searcher().ask("Player shoot the disc after I whistle, and he had the time to stop. Penalty in RHA?", "rha")
    assert a.citations[0].rule == "601 (b)"


def test_words_of_other_languages_rulebooks():
    # "exclusion" is a penalty, "which sign ... with the arms" asks for a signal, an "arbiter" is a referee
    a = get_searcher().ask("In FIRS for the try to spear, also when he don't touch the opponent, how big is the "
                           "exclusion?", "firs-2017")
    assert "double minor" in a.answer.lower()
    assert classify("Which sign I make with the arms for slashing? I forget it").signal
    assert not classify("Which sign do I use on the game sheet?").signal
    assert "Slashing" in get_searcher().ask("Which sign I make with the arms for slashing?", "firs-2017").answer


def test_a_hand_on_an_opponents_cage_is_the_facemask_held():
    from rulebot.search.query import facemask_words

    assert facemask_words("a forward grabbed the defender's cage and yanked on it")
    assert facemask_words("Defender take with his hand the grid of the helmet of the attacker and pull it")
    # the goal's cage, or the puck held against it, is no facemask
    assert not facemask_words("the goalie pulled the cage off its pegs on purpose")
    assert not facemask_words("goalie held the puck against the cage")
    a = get_searcher().ask("RHA game, a forward grabbed the defender's cage and yanked on it. What's the penalty?", "rha")
    assert a.citations[0].rule == "620 (b)" and a.answer.startswith("Major")


def test_the_penalty_for_breaking_a_procedure_does_not_answer_what_the_procedure_is():
    # RHA 641 TIME OUTS: (b) NOTE 1 "one time-out per game, thirty-seconds long", not (d) "Any violations of
    # the above rule may result in a two-minute bench minor penalty"
    for q in ("timeouts per game", "how long is a timeout and do we get like 2 of them"):
        a = get_searcher().ask(q, "rha")
        assert a.citations[0].rule == "641 (b) NOTE 1", q
    # ... while a number of the game's own time is no penalty's minutes
    assert not classify("How long is one period? Two halfs of how many minutes?").penalty
    assert classify("he got a major, how many minutes?").penalty
    assert classify("how many minutes for a game misconduct?").penalty
    a = get_searcher().ask("How long is one period in the FIRS game? Two halfs of how many minutes?", "firs-2017")
    assert a.citations[0].rule == "1.2 A" and "20 minutes" in a.answer


def test_a_class_answer_says_its_minutes_in_words():
    a = get_searcher().ask("What is the duration of a penalty in the ball-hockey league?", "ball-hockey")
    assert a.answer.startswith("Ball hockey penalty 1 minute — ")


def test_where_people_must_go_in_a_fight_asks_no_call():
    # RHA 615 (f) "all players not engaged shall immediately proceed to the area of their players bench"
    assert not classify("A fight breaks out in the corner. Where are all the other players supposed to go?").penalty
    assert classify("A fight breaks out in the corner. What do they get?").penalty
    assert classify("He slashes the goalie, where would that be a major?").penalty
    assert classify("He trips a guy. Where does he go, box or dressing room?").penalty
    a = get_searcher().ask("There is a fight. The other players who don't fight, where they have to go?", "rha")
    assert a.citations[0].rule == "615 (f)" and "bench" in a.answer


def test_a_clause_opening_with_the_case_told_answers_what_happens_next():
    # ball hockey 13 "When the ball is covered by the goaltender, the defending team gets possession ..."
    for q in ("Goalie covers the ball. What happens next?",
              "Goalie smothers the ball with no penalty on. How does the restart work?"):
        assert get_searcher().ask(q, "ball-hockey").citations[0].rule == "13", q


def test_when_a_thing_counts_as_a_state_asks_what_the_state_means():
    from rulebot.search import asked_terms

    # RHA 606 (a) NOTE 1 "A broken stick is one which, in the opinion of the Referees, is unfit for normal play."
    for q in ("When is a stick actually considered broken?", "Blade's cracked. When do we treat a stick as broken?"):
        assert asked_terms(q, classify(q)) == ["broken stick"], q
        assert get_searcher().ask(q, "rha").citations[0].rule == "606 (a) NOTE 1", q
    assert asked_terms("When do refs consider a stick broken?", classify("When do refs consider a stick broken?")) == [
        "broken stick"]
    assert asked_terms("When do we treat him as a goalie?", classify("When do we treat him as a goalie?")) == []


def test_a_players_third_penalty_told_is_the_three_penalty_rule():
    from rulebot.search.query import penalty_count_words

    assert penalty_count_words("one player have already two exclusions and now he make the third one")
    assert penalty_count_words("already been called for a hook and a trip tonight and now I've got him for holding")
    assert not penalty_count_words("he already took a penalty for a hook and a trip")
    assert not penalty_count_words("we already have two players in the box")
    assert not penalty_count_words("They scored a third one in the last minute, now what?")
    assert not penalty_count_words("Their coach already came out with a whistle and a clipboard, now he is yelling")
    # ball hockey 39 "Any player receiving three penalties in a game will receive an immediate game ejection"
    a = get_searcher().ask("Ball hockey, one guy on red has already been called for a hook and a trip tonight and "
                           "now I've got him for holding. Is there a limit before he's done for the night?", "ball-hockey")
    assert a.citations[0].rule == "39" and "ejection" in a.answer


def test_a_signal_asked_by_what_it_means_is_not_the_nearest_gesture_of_one_word():
    # "indicate" and "touch" tell no gesture: the signal the words mean, as the search ranks it, not
    # Change of Players (5.5.4 G raises an arm "to indicate") or Elbowing ("tapping")
    for q in ("According to the FIRS rules, how does the referee indicate that a delayed penalty is being "
              "called against the team not in possession of the puck?",
              "I see a foul by the team that doesn't have the puck, so I'm letting play go on until they "
              "touch it. How do I show everybody I've got something coming?"):
        assert first_rule(q, "firs-2017") in {"Annex B Delay Penalty", "6.3 B"}, q
    # a gesture of one word that names no meaning still decides ("a pulling motion": Hooking's tug)
    assert first_rule("what's the signal when the ref makes a pulling motion", "firs-2017") == "Annex B Hooking"
    # a gesture told in words still decides
    assert first_rule("The ref punched his fist into his open palm in front of his chest. What does that mean?",
                      "firs-2017") == "Annex B Boarding"


def test_the_delayed_penalty_signal_says_first_what_its_rule_tells_in_words():
    # FIRS 6.3 B: "a raised right arm straight above the head", the rule, first and cited first; Annex B's
    # drawing of it ("the action arm") after
    a = get_searcher().ask("which arm goes up for the delayed call", "firs-2017")
    assert a.answer.startswith("Delay Penalty — signal: The Referee shall signify the calling of a delayed penalty by "
                               "using a raised right arm straight above the head [FIRS 6.3 B")
    assert "In Annex B: The extension of the action arm" in a.answer
    assert [c.rule for c in a.citations[:2]] == ["6.3 B", "Annex B Delay Penalty"]
    # asked of a rulebook with no signals, the same from FIRS
    a = get_searcher().ask("delayed penalty signal", "ball-hockey")
    assert [c.rule for c in a.citations[:2]] == ["6.3 B", "Annex B Delay Penalty"]
    # a signal whose rule tells no gesture says only its own
    a = get_searcher().ask("what's the signal for hooking", "firs-2017")
    assert "In Annex B" not in a.answer and a.citations[0].rule == "Annex B Hooking"
    # the sentence an answer refers back to, quoted first, is cited after the one that answers (FIRS 4.6 B "They
    # shall not ... be replaced", 4.6 A naming the goal judges)
    a = get_searcher().ask("FIRS: one of the goal judges is obviously making partisan calls. Who may replace him "
                           "during the game?", "firs-2017")
    assert [c.rule for c in a.citations[:2]] == ["4.6 B", "4.6 A"]


def test_a_distance_belongs_to_the_words_after_its_units():
    # "at least 3 meters (10 feet) away from the players facing-off" (FIRS 5.5.1 B) puts the number by the
    # face-off once the units between are not counted; 2.4 C's spots are placed at distances, not kept
    for q in ("On a draw, how far off does everybody else have to stay from the two centres?",
              "faceoff how far back others"):
        assert first_rule(q, "firs-2017") == "5.5.1 B", q
    # RHA 613 (c): "... not closer than ten (10) feet to the players facing-off"
    assert first_rule("On a draw, how far back do the other players have to line up?", "rha") == "613 (c)"


def test_a_goal_and_a_restart_said_apart_ask_the_restart_after_a_goal():
    # the synonym list's "together": "scores" and "restart" in one question, in any order and words apart
    for q in ("after someone scores in the gym league how do we restart, is there a faceoff or what",
              "Right after somebody scores, how does play start back up - who gets the ball and where?"):
        assert first_rule(q, "ball-hockey") == "12", q
    # either alone is no such question, nor "the score" (a noun: the words as written, not their stems)
    from rulebot.search.text import load_synonyms, words
    syn = load_synonyms()
    assert "restart after a goal" in syn.expansions(words("they scored, how do we restart"))
    assert "restart after a goal" not in syn.expansions(words("how do we restart after the ball hits the roof"))
    assert "restart after a goal" not in syn.expansions(words("who scored the winning goal"))
    assert "restart after a goal" not in syn.expansions(words("if the score is tied after regulation how do we start "
                                                                "again for overtime"))
    assert "restart after a goal" not in syn.expansions(words("a shot on goal in overtime hit the post, how does play "
                                                                "resume"))


def test_the_goalie_not_ready_is_his_own_case_not_the_team_late():
    # ball hockey 40 "If a team is not ready by game time"; 41 "If the goalie is not ready by game time"
    for q in ("Under the ball hockey league rules, a team's goalie is not ready at the scheduled start time. "
              "How does the game proceed?",
              "Our goalie is still strapping on his pads and the ref wants to drop the ball. Do they wait for him or what?"):
        assert first_rule(q, "ball-hockey") == "41", q
    assert first_rule("what if a team is not ready at game time", "ball-hockey") == "40"


def test_a_story_going_on_with_did_not_is_told_not_asked():
    # "... and did not get off" goes on telling; the question is "what do i do": U9 11, what failing brings
    from rulebot.search.answer import sentences_and_asking
    story, asking = sentences_and_asking("the buzzer went and one kid kept skating with the puck and did not get off. "
                                         "what do i do")
    assert story.endswith("did not get off.") and asking == "what do i do"
    assert sentences_and_asking("he tripped him and did the ref see it?")[1].endswith("did the ref see it")
    for q in ("u9 game, the line change buzzer went and one kid just kept skating with the puck and didnt get off. "
              "what do i do",
              "The buzzer went for the change but my son still had the puck so he kept going for the net, and the "
              "ref called something. What did he do wrong?"):
        assert first_rule(q, "challenge-cup-u9") == "11", q


def test_a_puck_up_on_the_net_is_the_puck_that_remains_on_it_not_the_crossbar():
    # FIRS 5.5.9 C "should the puck remain on the net for longer than three seconds"; 2.2 C is the net's
    # build ("the top cross bar"); RHA 631 (e) "comes to rest on top of the goal frame"
    assert first_rule("puck sitting on the cage how long", "firs-2017") == "5.5.9 C"
    assert first_rule("Puck lands on top of the cage and sits there, nobody plays it. How long do we let it ride?",
                      "firs-2017") == "5.5.9 C"


def test_a_goalkeepers_case_is_not_a_skaters():
    # FIRS 6.4.3 E opens "If a goalkeeper's helmet comes off ...": not the case of a skater's helmet
    from rulebot.search import _opening_states
    assert "keeper" in _opening_states("If a goalkeeper's helmet comes off during the play the Referee shall stop play.")
    assert "keeper" not in _opening_states("When the goalkeeper has been removed from the floor, a goal is awarded.")
    skater = get_searcher().ask("My daughter's helmet popped off in a scramble and she just kept chasing the puck "
                                "without it, then the ref stopped everything and sent her to the box.", "firs-2017")
    assert "6.4.3 E" not in [c.rule for c in skater.citations[:2]]
    assert first_rule("goalie's helmet comes off during play what happens", "firs-2017") == "6.4.3 E"
    assert "keeper" in _opening_states("When the goaltender has frozen the puck, play shall be stopped.")
    # "bucket" is a helmet, "bareheaded" is playing without one: FIRS 6.4.5 A NOTE, 5.5.3 B NOTE
    assert first_rule("My defenceman's bucket got knocked off and he just kept playing the puck bareheaded. "
                      "What's the call on that?", "firs-2017") in {"6.4.5 A NOTE", "5.5.3 B NOTE"}


def test_a_topic_said_as_a_verb_of_moving_is_not_the_thing():
    # "skate backwards" is skating, not the skates the U9 rules never mention: not "not covered"
    answer = get_searcher().ask("Their little goalie covered the puck, the ref whistled and then made our kids skate "
                                "backwards away from the net. Why did they have to back off?", "challenge-cup-u9")
    assert answer.answered and answer.citations[0].rule == "18"
    # the thing is still the thing: after an article ("a skate with a loose blade"), or another topic's
    # plural before "after" or "with" ("protests after the game")
    assert not get_searcher().ask("are skates with plastic blades allowed", "challenge-cup-u9").answered
    assert not get_searcher().ask("Does a skate with a loose blade have to be fixed before the next shift?",
                                  "challenge-cup-u9").answered
    assert not get_searcher().ask("Are protests after the game allowed?", "challenge-cup-u9").answered


def test_the_goalie_coming_out_on_a_penalty_shot_is_staying_in_the_crease():
    # RHA 406 (a) "The goaltender must stay in the crease until the player touches the puck"; not 614 (c)
    # NOTE 1, on when a penalty shot is awarded for falling on the puck in the crease
    answer = get_searcher().ask("running a penalty shot, when is the goalie allowed to come out of his crease", "rha")
    assert answer.citations[0].rule == "406 (a)"
    assert answer.answer.startswith("The goaltender must stay in the crease until the player touches the puck.")


def test_a_number_next_to_a_synonym_phrase_of_the_thing_asked_answers_how_long():
    # FIRS 1.3 B •1 never says "overtime": "the teams will play a 10 minute sudden death play-off"
    answer = get_searcher().ask("how long is overtime", "firs-2017")
    assert answer.citations[0].rule == "1.3 B •1" and "10 minute" in answer.answer


def test_a_rulebook_named_with_book_leaves_no_book_to_search():
    # "the RHA book": not RHA's closing note on "amendments and/or additions to the rule book"
    answer = get_searcher().ask("How high can a player carry his stick before it's a call - inline FIRS rules "
                                "versus the RHA book?")
    assert [c.rule for c in answer.citations[:2]] == ["6.4.21 A", "619 (a)"]


def test_a_class_asked_then_told_about_after_a_comma_is_the_class():
    # "how long is a minor, running a combined event ...": the class's length in each rulebook
    answer = get_searcher().ask("how long is a minor in firs vs rha, running a combined event and the clocks dont match")
    assert [c.rule for c in answer.citations[:2]] == ["6.1.2 A", "402 (a)"]
    from rulebot.search import _first_asked
    assert _first_asked("how long is a minor, our league runs 90 seconds") == "how long is a minor"
    # a condition after the comma is part of what is asked
    for q in ("how long is a major penalty, for a goalie who leaves his crease to fight?",
              "how long does a player sit for a minor, if they score on the power play"):
        assert _first_asked(q) == q


def test_a_signal_asked_of_a_rule_quotes_the_sentence_that_tells_it():
    # RHA 409 (b): "... the Referees shall signify the calling of a delayed penalty by raising his/her arm."
    q = ("RHA - defending team fouls while the other guys have the puck, it's a minor. How do I let everyone know "
         "it's coming before I blow the whistle?")
    assert classify(q).signal
    answer = get_searcher().ask(q, "rha")
    assert answer.citations[0].rule == "409 (b)"
    assert "signify the calling of a delayed penalty by raising his/her arm" in answer.answer.split("[")[0]
    # ... and, asked why the arm did not go up, the sentence that says when it does not
    why = get_searcher().ask("Weird - this time the ref did NOT put his arm up, he just waited and then gave our "
                             "kid a misconduct. Why no arm?", "rha")
    assert "shall not raise his/her arm" in why.answer
    from rulebot.search.answer import _NOT_SIGNALLED
    assert _NOT_SIGNALLED.search("why didn't the ref put his arm up") and _NOT_SIGNALLED.search("no arm?")
    assert not _NOT_SIGNALLED.search("There was no whistle, just the arm up")
    # "let everyone know" asks a signal only for a call, not the time left
    assert not classify("How do I let the benches know how much time is left in the period?").signal


def test_a_measure_told_twice_is_answered_where_the_rulebook_first_tells_it():
    # ball hockey 34 "... enter the crease (1 meter in front of the net)"; 35 ¶2 repeats it for a hand on the ball
    answer = get_searcher().ask("How far out from the net does the crease go?", "ball-hockey")
    assert [c.rule for c in answer.citations[:2]] == ["34", "35 ¶2"]


def test_why_there_is_a_shootout_picks_no_step_of_it():
    # "still tied after overtime" is why there is a shoot-out (FIRS 1.3 E says so itself), not 1.3 E •4's
    # "still tied after three shots": the steps from the first
    answer = get_searcher().ask("Still tied after overtime in the quarter-final - how do we run the shootout?",
                                "firs-2017")
    assert answer.citations[0].rule == "1.3 E •1"
    assert "three shooters" in answer.answer and "coin toss" in answer.answer


def test_play_stopped_is_a_stoppage_not_a_stopped_clock():
    # RHA 402 (c) NOTE 1 "a minor ... terminates during a stoppage of play"; 402 (a) "stopped or running clock"
    assert first_rule("We're on running time and a minor expires while play is stopped. Does the player come "
                      "straight out?", "rha") == "402 (c) NOTE 1"


def test_an_aggravated_form_of_another_kind_than_the_one_told_weighs_less():
    # "on a breakaway" tells a chance to score, no injury: RHA 622 (a)'s minor, not (b) "injures an opponent"
    answer = get_searcher().ask("player gets hooked on a breakaway", "rha")
    assert answer.citations[0].rule == "622 (a)"
    assert "622 (b)" != answer.citations[1].rule


def test_a_rule_that_there_is_none_answers_how_long_and_how_many():
    # U9 4 "There are no time-outs in the Tournament", not U9 2's period length
    for q in ("how long is a time out in U9", "how many time outs do we get"):
        answer = get_searcher().ask(q, "challenge-cup-u9")
        assert answer.citations[0].rule == "4" and "no time-outs" in answer.answer, q
    from rulebot.search import _says_none
    assert not _says_none("Once the Championship has begun, no roster substitutions may be made.", {"roster"})


def test_a_call_shown_before_it_is_made_is_the_delayed_penalty():
    s = get_searcher()
    # RHA has no signal list: the rule that tells the gesture ("shall signify the calling of a delayed
    # penalty by raising his/her arm", 409 (b)), not one that mentions a signal (409 (c) NOTE 2) nor
    # "Shows disrespect to an Official by means of language or gestures" (601 (d) 6)
    for q in ("Team without the puck hooks somebody and I want to let the play run. How do I show everyone that "
              "a call is coming?",
              "When a penalty is coming in an RHA game but the ref lets play carry on, what does he do so the crowd "
              "knows?", "how does the ref show a penalty is coming",
              "what does the referee do to show that a call is coming while play goes on?"):
        a = s.ask(q, "rha")
        assert a.citations[0].rule == "409 (b)" and "raising his/her arm" in a.answer, q
    # FIRS: the signal found by its meaning, and the rule it quotes cited with it
    a = s.ask("I see a foul by the team that doesn't have the puck, so I'm letting play go on until they touch it. "
              "How do I show everybody I've got something coming?", "firs-2017")
    assert [c.rule for c in a.citations[:2]] == ["6.3 B", "Annex B Delay Penalty"] and "raised right arm" in a.answer


def test_a_signal_asked_in_other_words_is_a_signal_question():
    for q in ("What arm animation should my referee play when he awards a penalty shot?",
              "How does a FIRS referee show everyone in the building that he's awarding a penalty shot?",
              "What motion does a FIRS ref make to call slashing?",
              "When the team without the puck commits a minor, what visual cue does my ref give?"):
        assert classify(q).signal, q
    assert first_rule("What motion does a FIRS ref make to call slashing?", "firs-2017") == "Annex B Slashing"
    assert first_rule("What arm animation should my referee play when he awards a penalty shot?",
                      "firs-2017") == "Annex B Penalty Shot"


def test_me_is_no_official_when_the_asker_plays():
    from rulebot.search.query import official_words

    assert official_words("Their guy trips me in my crease while they don't have the puck.") == ""
    assert official_words("a player shoves me after the whistle") == "abuse of officials"


def test_a_number_asked_of_every_rulebook_leads_with_the_one_that_matches_best():
    # no rulebook chosen: each one's line, the one that matches best leading (not the index's order)
    s = get_searcher()
    for q, first in (("how many seconds can a player pin the ball against the boards before possession changes?",
                      "ball-hockey 18"),
                     ("how many shooters start the winning goal contest?",
                      "youth-cup The winning goal race of the ranking matches •2"),
                     ("how long is a shift before the buzzer?", "challenge-cup-u9 12")):
        a = s.ask(q)
        assert a.kind == "comparison" and f"{a.citations[0].ruleset} {a.citations[0].rule}" == first, q


def test_league_gms_are_people_not_game_misconducts():
    from rulebot.search.text import respell

    assert "game misconduct" not in respell("One of the league GMs told me players can be penalized for diving.")
    assert "game misconduct" in respell("he got two GMs in one game")


def test_does_it_stand_asks_what_follows_from_the_case():
    # FIRS 6.1.8 A •9's last sentence: "If the goalkeeper leaves the goal crease prior to the player touching the
    # puck at centre and the player does not score on the penalty shot, the player will re-take the penalty shot."
    a = get_searcher().ask("Penalty shot: the goalie comes out of his crease before the shooter touches the puck at "
                           "centre, and the shooter misses. Does the miss stand?", "firs-2017")
    assert a.citations[0].rule == "6.1.8 A •9" and "re-take" in a.answer


def test_a_goalkeeper_legally_substituted_is_a_pulled_goalie():
    # FIRS 6.4.18 B: "If the goalkeeper has been legally substituted the Penalty Shot shall not be taken but the
    # non-offending team shall be awarded a goal"
    assert first_rule("Team pulled their goalie. A defender (not a goalie) then drops onto the puck inside his own "
                      "crease. What's the call?", "firs-2017") == "6.4.18 B"


def test_water_on_the_floor_is_an_unsafe_playing_area():
    assert first_rule("Water from a leaky roof is pooling near one blue line and players keep slipping. What can "
                      "the referees do about it?", "rha") == "640 (d)"


def test_the_world_championship_is_the_firs_rulebook():
    assert get_searcher().parsed("im 13, can i play for the junior inline worlds team").rulesets == ("firs-2017",)


def test_how_long_is_x_measures_x_not_the_minutes_told_around_it():
    # ball hockey 23 "Penalties are 1 minute long", not 6's "2 periods of 16 minutes run time" for a story
    # about "running two-minute penalties"
    assert first_rule("The ref in the other gym is running two-minute penalties in ball hockey. How long should "
                      "a penalty be?", "ball-hockey") == "23"


def test_n_on_n_counts_players_a_side():
    from rulebot.search import _numbered_stems

    stems, nums = _numbered_stems("Teams will commence the overtime period by playing three-on-three (excluding the "
                                  "goaltender).")
    at = stems.index("player")
    assert at - 1 in nums and at + 1 in nums


def test_shorthand_beside_a_rulebook_name_is_no_shouting():
    from rulebot.search.text import respell

    assert respell("TMM in FIRS") == "too many men in FIRS" and respell("TMM") == "too many men"
    assert respell("WHAT IS THE PENALTY FOR TRIPPING") == "WHAT IS THE PENALTY FOR TRIPPING"
    assert first_rule("TMM in FIRS", "firs-2017").startswith("6.4.6")


def test_the_goalkeeper_a_story_is_about_is_what_is_asked():
    # RHA 606 (b) "A goaltender may continue to play with a broken stick ...", not 606 (a), a skater's
    # "provided he/she immediately drops his/her stick", though the question asks about dropping it
    assert first_rule("Goalie's stick snaps mid-rush. Does he have to drop it straight away like a skater would?",
                      "rha") == "606 (b)"


def test_a_note_that_defines_the_bare_term_asked_stays_first():
    # RHA 642 (e) NOTE 2: "Control of the puck means the act of propelling the puck with the stick"
    assert first_rule("control of puck meaning", "rha") == "642 (e) NOTE 2"


def test_still_tied_after_overtime_is_the_shootout():
    # RHA 639 (b) 4: "If no team scores during the overtime period, a shootout shall take place as follows"
    a = get_searcher().ask("what happens if it's still tied after overtime in RHA", "rha")
    assert a.citations[0].rule.startswith("639 (b) 4")


def test_what_a_foul_is_worth_asks_the_call():
    assert classify("what's a butt-end worth").penalty and not classify("what's a butt-end worth").definition
    a = get_searcher().ask("what's a butt-end worth", "firs-2017")
    assert a.citations[0].rule == "6.4.31 A" and a.answer.startswith("Double minor")


def test_a_power_play_the_rulebook_rules_out_without_naming_it_is_covered():
    # U9 21: "... The offending player will sit out the next shift, but the team will play even strength."
    a = get_searcher().ask("A kid trips my goalie and the ref calls it. What happens now? Do we get a power play?",
                           "challenge-cup-u9")
    assert a.answered and a.citations[0].rule == "21" and "even strength" in a.answer
    # a rulebook that names the power play is searched for it as usual
    assert first_rule("what is a power play", "firs-2017") == "Power Play"


def test_what_breaking_a_whole_rule_brings_answers_what_happens():
    # RHA 303 (g) "Violation of the goaltender equipment rule will result in a minor penalty ...", for 303 (b)'s
    # blocker size, under GOALTENDER EQUIPMENT
    a = get_searcher().ask("Other coach asked for a measurement and my blocker came up oversized. What happens to "
                           "me now?", "rha")
    assert a.citations[0].rule == "303 (g)" and "minor penalty" in a.answer


def test_a_call_asked_for_a_foul_no_rulebook_names_is_not_covered():
    s = get_searcher()
    a = s.ask("what's the penalty for biting")
    assert not a.answered and a.answer.startswith("Not covered") and "biting" in a.answer
    # a foul a rulebook names, or that the synonym list or the learned terms know, is answered
    assert s.ask("what's the penalty for slashing", "rha").answered
    assert s.ask("what do you get for spitting?", "rha").answered


def test_signal_words_and_worth_are_read_narrowly():
    # a player's gesture or a stick's motion asks no official's signal; a win's worth is standings points
    for q in ("What gesture by a player gives a misconduct?", "what motion of the stick makes it a high stick?",
              "what do I do so the table knows who scored?", "what hand position for a faceoff?"):
        assert not classify(q).signal, q
    assert not classify("what's a win worth in the standings?").penalty
    # "signal a penalty for X" is X's signal, not the delayed penalty's "signaled a penalty" (RHA 409 (b))
    assert get_searcher().ask("how does the referee signal a penalty for slashing?", "rha").citations[0].rule == (
        "Annex B Slashing")


def test_only_a_leagues_gms_are_people_and_referees_wear_skates():
    from rulebot.search.query import official_words
    from rulebot.search.text import respell

    assert "time-out" in respell("how many team TOs per game")
    assert "game misconduct" not in respell("League GMs said so")
    assert official_words("a player grabbed me by the jersey and kicked my skates") == "abuse of officials"


def test_a_signal_borrowed_from_another_rulebook_cites_the_rule_it_quotes():
    a = get_searcher().ask("what is the signal for a delayed penalty?", "ball-hockey")
    assert [c.rule for c in a.citations[:2]] == ["6.3 B", "Annex B Delay Penalty"] and "[FIRS 6.3 B" in a.answer


def test_a_count_a_side_counts_players():
    from rulebot.search.ranker import counted_things
    from rulebot.search.text import units, words

    # U9 31 "playing three-on-three (excluding the goaltender)": three players a side, counted once
    assert counted_things(units(words("playing three-on-three (excluding the goaltender)"))) == ["#3 player"]
    # Youth Cup "started with three (3) different players": players, not "different"
    assert counted_things(units(words("started with three (3) different players"))) == ["#3 player"]
    assert first_rule("how many skaters does each team play in overtime?", "challenge-cup-u9") == "31"
    assert first_rule("is overtime in the medal games still 4 on 4?", "challenge-cup-u9") == "31"


def test_a_goalkeeper_named_only_to_be_left_out_makes_a_rule_about_skaters():
    from rulebot.search.ranker import roles

    assert roles("Teams will commence the overtime period by playing three-on-three (excluding the goaltender).") \
        == {"skater"}
    assert roles("No defending player except the goalkeeper will be permitted to fall on the puck") == {"skater"}
    assert roles("the goalkeeper may not leave his crease to join a fight") == {"goalkeeper"}


def test_whom_the_asker_compares_with_is_not_asked():
    from rulebot.search.query import without_comparison

    assert without_comparison("Does he have to drop it straight away like a skater would?").split() == \
        "Does he have to drop it straight away ?".split()
    told = "as the player is shooting, the goalie throws his stick"  # "as" tells when, it compares nothing
    assert without_comparison(told) == told
    assert first_rule("does a goalie have to leave his broken stick like a player does?", "rha") == "606 (b)"
    # ice hockey as the asker's habit: "like in ice" is no part of the question (its "ice" searched the rink's floor,
    # RHA 101 (a)); a thing made for it is (RHA 304 (a) "Helmet designed for ice hockey")
    assert without_comparison("can I throw a hip check like in ice, or is that a penalty?").split() == \
        "can I throw a hip check , or is that a penalty?".split()
    assert without_comparison("In ice you get five for fighting. What does he get?").split() == \
        "you get five for fighting. What does he get?".split()
    for kept in ("too many men on the ice", "half ice u9 game", "not ready to take the ice 5 minutes before",
                 "an open ice hit like ice time", "Does the helmet have to be designed for ice hockey?",
                 "is a helmet from ice hockey legal?", "can I wear blades like ice skates?"):
        assert without_comparison(kept) == kept, kept
    assert get_searcher().ask("Does the helmet have to be designed for ice hockey?", "rha").citations[0].rule == "304 (a)"
    a = get_searcher().ask("So in RHA roller hockey, can I throw a hip check like in ice, or is that a penalty?", "rha")
    assert [c.rule for c in a.citations[:1]] == ["604 (a)"] and "101 (a)" not in a.answer


def test_letting_everyone_know_a_penalty_is_coming_asks_the_delayed_penalty_signal():
    for q in ("how does the referee let the benches know a penalty is coming?",
              "how's the zebra supposed to show a delayed call?"):
        assert classify(q).signal and not classify(q).penalty, q
        a = get_searcher().ask(q, "rha")
        assert a.citations[0].rule == "409 (b)" and "raising" in a.answer, q
    assert not classify("how does the referee let the timekeeper know the penalty time?").signal


def test_whether_a_game_penalty_reaches_past_the_game_asks_the_suspension():
    # RHA 404 (d): "... suspension of a player for a minimum of the balance of the game and the next game"
    assert first_rule("does a game misconduct follow the player past this game or is it just tonight?",
                      "rha") == "404 (d)"
    # Youth Cup Penalties 4: "... automatically suspended for the next game as well"
    a = get_searcher().ask("our coach got a match penalty, does it carry over into the next game?", "youth-cup")
    assert "next game" in a.citations[0].text
    # FIRS 8.2 C: "Any player who holds or strikes an official shall be suspended from the remainder of the
    # tournament": "barred from playing" asks the suspension, not the game's call
    assert first_rule("A player grabbed and struck a referee after a goal was waved off. Beyond whatever was called "
                      "in that game, how long is he barred from playing?", "firs-2017") == "8.2 C"


def test_the_step_after_the_one_told_comes_first():
    # "head to head" is the tie-break, not the head of a gesture (it had been read as a signal question)
    from rulebot.search.intent import classify

    assert not classify("head to head didn't separate them, which criterion next").signal
    assert classify("ref taps his head with his hand, what is that?").signal
    assert first_rule("head to head didn't separate them, which criterion next", "challenge-cup-u9") == "27 b"
    # U9 27 a "Head to Head" told as not separating the teams: 27 b, "Goals Against", is what comes next
    assert first_rule("we're tied on points and head to head didn't separate us either. what's next?",
                      "challenge-cup-u9") == "27 b"
    # no tie told: a head is no "Head to Head"
    assert first_rule("a kid took a stick to the head, what's next?", "challenge-cup-u9") != "27 b"
    # a NOTE after a list is no step of it (RHA 634 (e) 6, 7, then NOTE 1)
    from rulebot.search.answer import list_of

    index = get_searcher().index
    assert all(c.kind != "note" for c in list_of(index, index.get("rha:634.e.6")))
    # FIRS 9.3 C-G are paragraphs after 9.3 B's "as follows:": head-to-head told (9.3 C), 9.3 D is next
    assert first_rule("Round robin: two teams finish level on points and their head-to-head game was a tie. "
                      "What decides who places higher next?", "firs-2017") == "9.3 D"
    assert first_rule("Two nations finished level on points in our pool, and the game between them ended in a draw, "
                      "so head-to-head does not separate them. Which criterion do I apply next to decide the placement?",
                      "firs-2017") == "9.3 D"
    # a step told only by the case it starts from is no step told: "still tied after three shots" asks
    # Youth Cup •3, the step that case starts
    assert first_rule("Semi's still tied after three shooters each in the winning-shot contest. Then what?",
                      "youth-cup").endswith("•3")


def test_the_longest_shift_asks_a_time():
    # U9 12 "Shift length will not exceed 90 seconds", not 8's "four players on the bench ... stay out"
    assert first_rule("what's the longest shift a kid can stay out for?", "challenge-cup-u9") == "12"


def test_teams_tied_on_points_is_a_tie_where_the_rules_never_name_points():
    # the U9 rules rank ties after the round robin (27) without ever saying "points"
    a = get_searcher().ask("two teams are tied on points after the round robin, how do we break it?",
                           "challenge-cup-u9")
    assert a.answered and a.citations[0].rule.startswith("27")


def test_how_many_a_side_counts_players():
    assert first_rule("how many a side in overtime?", "challenge-cup-u9") == "31"


def test_whether_we_shoot_first_asks_the_shootout_order():
    # RHA 639 (b) 4 C "... with the visiting team shooting first"
    assert first_rule("shootout time - can we pick whether we shoot first?", "rha") == "639 (b) 4 C"


def test_a_player_let_out_early_by_the_box_is_no_further_penalty():
    # FIRS 6.4.27 C "... through an error by the penalty timekeeper, that player is not to serve an
    # additional penalty, but must serve the player's unexpired time"
    a = get_searcher().ask("the timekeeper let our guy out of the box early by mistake, is that another penalty?",
                           "firs-2017")
    assert a.citations[0].rule == "6.4.27 C" and a.answer.startswith("No penalty")


def test_a_foul_by_a_spectator_asks_what_the_referee_does_not_a_call():
    q = "a spectator reached over the boards and held our player's stick, what now?"
    assert not classify(q).penalty
    assert first_rule(q, "firs-2017") == "6.4.25 A"  # "... being held or interfered with by a spectator"
    assert classify("a fan grabbed me and I shoved him back. what am I getting?").penalty
    assert classify("a player went into the stands and punched a fan, what now?").penalty



def test_the_game_a_ruleset_name_is_said_with_stays_when_it_is_asked_about():
    from rulebot.search.query import parse_query

    s = get_searcher()
    assert "game" in parse_query(s.index, "how long is a ball hockey game?").text.split()
    assert "game" not in parse_query(s.index, "In a FIRS game the coach wants to protest").text.split()
    assert first_rule("how long is a ball hockey game?", "ball-hockey") == "6"  # "Game time is 2 periods ..."
    # ... and when it is what is ended, won, started: "ends a ... game early" is the mercy rule (RHA 630 (a))
    assert "game" in parse_query(s.index, "the goal spread that ends a Roller Hockey Alliance game early").text.split()
    assert first_rule("Tell me the goal spread that ends a Roller Hockey Alliance game early.", None) == "630 (a)"


def test_a_clause_of_measures_weighs_less_for_a_question_asking_no_size():
    from rulebot.models import Hit
    from rulebot.search import measures_later

    s = get_searcher()
    net, crease = s.index.lookup("firs-2017", "2.2 C"), s.index.lookup("firs-2017", "6.4.18 B")
    hits = [Hit(net, 10.0), Hit(crease, 9.0)]  # the drop net's "45 cm (18") ... 180 cm (71") ..."
    assert measures_later(hits, "a defender covers the puck in the crease, what now?", s.index)[0].clause is crease
    assert measures_later(hits, "is the drop net 45 cm deep?", s.index)[0].clause is net  # a size told
    assert measures_later(hits, "what are the rules for the goal cage?", s.index)[0].clause is net  # its heading


def test_players_slang_names_the_people_and_the_puck():
    from rulebot.search.ranker import roles

    assert roles("their D-man dives while his tendy is down") == {"skater", "goalkeeper"}
    # hands on the biscuit are a player's, not a signal
    q = "their d-man smothers the biscuit with his hands in the paint. what's the call?"
    assert not classify(q).signal and classify(q).penalty


def test_a_goal_waved_off_or_in_the_twine_asks_whether_it_counts():
    assert classify("shot went straight into the twine off the ref's skate, do I count it?").goal
    assert classify("it bounced in off the official and they waved it off. right call?").goal


def test_the_zones_as_players_say_them():
    # FIRS 6.4.20 E and its NOTE (a hand pass "in the defending zone"), not 6.4.9 B's "knocks ... the
    # puck out of the reach of an official", as before the zones were read
    assert first_rule("a defenceman in his own end knocks the puck with his glove to his partner, do I blow it?",
                      "firs-2017").startswith("6.4.20 E")


def test_charging_out_of_the_crease_is_a_movement_not_the_foul():
    q = "penalty shot: the goalie came charging out of his crease before the shooter touched the puck. now what?"
    assert not classify(q).penalty
    assert classify("he charged my goalie in the crease, what's the call?").penalty
    assert classify("he charged in and flattened my goalie, what happens?").penalty
    # FIRS 6.1.8 A •9: "... the player will re-take the penalty shot"
    assert first_rule(q, "firs-2017") == "6.1.8 A •9"


def test_idioms_that_look_like_other_things():
    # "how far can they push that" asks a limit, not a distance; a team "rolls up" arrives
    assert not classify("how far can they push that before the ref calls it?").number
    assert classify("how far back do the other players stand?").number
    # a goal kicked in is no kick at a player: no call asked (RHA 616 (d), not 626 (a)'s match penalty)
    assert not classify("a goal is kicked in with the skate").penalty
    assert classify("he kicked the guy in the leg, what's the call?").penalty


def test_a_rulebook_only_told_of_is_not_asked():
    s = get_searcher()
    # FIRS in what the asker already knows, RHA in the sentence that asks: RHA 409 (b), one line
    a = s.ask("In FIRS I shoot my right arm straight up for a delayed penalty. What does the RHA book say to do?")
    assert a.citations[0].ruleset == "rha" and a.citations[0].rule == "409 (b)"
    assert {c.ruleset for c in a.citations} == {"rha"}
    # "like in FIRS" compares; the game is RHA's (617 (e): picking the puck up in the crease)
    b = s.ask("RHA game: defenceman grabs the puck off the floor with his glove inside his own crease "
              "while play is going. Penalty shot like in FIRS?")
    assert b.citations[0].ruleset == "rha"
    # asking of neither, with a rulebook selected: that one
    c = s.ask("RHA game - blood on a player's jersey after a collision. FIRS doesn't really cover it; "
              "what do I do here?", "rha")
    assert c.citations[0].ruleset == "rha"
    # both in the asking clause, in a label before it, compared in so many words, or a wish ("I'd like"):
    # both answered, one line each, whichever rulebook is selected
    for q in ("spearing - does FIRS give the same as RHA?", "FIRS or RHA: how long are periods?",
              "I'd like the FIRS rule and the RHA rule for boarding?"):
        for selected in (None, "rha"):
            assert {c.ruleset for c in s.ask(q, selected).citations} >= {"firs-2017", "rha"}, (q, selected)


def test_the_play_told_then_how_to_signal_it_asks_the_delayed_penalty_signal():
    # the foul in the story draws its own signal (hooking's tug for "hauls down") or the penalty shot;
    # what is asked is the signal while the other team keeps the puck (FIRS 6.3 B, RHA 409 (b))
    a = get_searcher().ask("Defender hauls down an attacker but the attacking team still has the puck and is "
                           "pressing. How do I show the bench a penalty is coming?", "firs-2017")
    assert [c.rule for c in a.citations[:2]] == ["6.3 B", "Annex B Delay Penalty"]
    for q in ("Defender trips a guy, but the attacking team still has the puck. What do I do with my arm while "
              "play goes on?",
              "Team without the puck commits a foul and I'm going to let the play run until they touch it. "
              "What do I do with my arm in the meantime?"):
        assert classify(q).signal, q
        assert get_searcher().ask(q, "rha").citations[0].rule == "409 (b)", q
    # a goal judge's arms are his duties' list (FIRS 4.6 D), not the referee's signals, whichever rulebook
    # is selected; an official a player laid hands on asks the call (abuse of officials, RHA 601 (d))
    for selected in ("firs-2017", "rha"):
        judge = get_searcher().ask("I'm goal judge tonight. When the puck goes all the way over the line, what am "
                                   "I supposed to do with my arms to show it's a goal?", selected)
        assert judge.citations[0].rule.startswith("4.6 D"), selected
    grabbed = "Player grabs my arm. What do I do with my hands?"
    assert not classify(grabbed).signal
    assert get_searcher().ask(grabbed, "rha").citations[0].rule.startswith("601 (d)")


def test_a_topic_missing_only_in_the_story_is_an_aside():
    # ball hockey never names skates; the question asks about its time-out (ball hockey 8)
    a = get_searcher().ask("Team wants a time out to sort out a kid's broken skate lace. How long is a time out "
                           "and how many do they get?", "ball-hockey")
    assert a.answered and a.citations[0].rule == "8" and "30 second" in a.answer
    assert "say nothing about skates" in a.answer
    # ... but a topic missing in what is asked is still not covered, with what other rulebooks say (the
    # terms learned for "icing" alone find nothing near in ball hockey)
    b = get_searcher().ask("Our league is strict. Is icing called?", "ball-hockey")
    assert not b.answered and b.see_also[0].ruleset == "challenge-cup-u9"
    # ... and so is one asked with too little else to go on ("where is the face-off?")
    assert not get_searcher().ask("There was icing on the play. Where is the face-off?", "ball-hockey").answered
    # a request asks as a question does: the protest told is an aside (Youth Cup says nothing of protests)
    a = get_searcher().ask("We are lodging a protest after our U12 defenceman was sent off for a clean body check. I "
                           "would like the jury to confirm what this youth tournament's rules say about body checking "
                           "in the U12 age group.", "youth-cup")
    assert a.answered and "Body checking is allowed in the U12 age group." in a.answer


def test_walk_us_through_how_it_is_taken_asks_a_procedure():
    for q in ("RHA penalty shot: walk us through how it's taken.", "the shootout: how is it done?"):
        assert classify(q).procedure, q
    # RHA 406 (a): "... shall be taken as follows:", the steps, not 406 (d)'s foul by the shooter
    a = get_searcher().ask("RHA penalty shot: walk us through how it's taken.", "rha")
    assert a.citations[0].rule == "406 (a)"


def test_another_rulebooks_rule_told_leaves_its_words_an_aside():
    # "misconduct" is FIRS's word in the story; ball hockey 39 answers: three penalties, an ejection
    a = get_searcher().ask("In FIRS the third penalty in a game gets you a 10-minute misconduct. What's the ball "
                           "hockey equivalent?", "ball-hockey")
    assert a.answered and a.citations[0].rule == "39" and "ejection" in a.answer
    assert get_searcher().parsed("In FIRS it's a minor. What does RHA give?").told_of == ("firs-2017",)


def test_the_most_players_asks_the_limit_and_a_lineup_is_a_roster():
    # RHA 201 (a): "A roller hockey team will consist of no more than 15 players."
    for q in ("What's the most players a team can have?", "How many players can we have in our lineup?"):
        assert first_rule(q, "rha") == "201 (a)", q


def test_a_defender_falling_on_the_puck_told_alone_asks_the_call():
    # RHA 614 (c): "... For infringement of this rule ... a penalty shot shall be ordered"
    assert classify("defender falls on the puck in his own crease").penalty
    a = get_searcher().ask("defender falls on the puck in his own crease", "rha")
    assert a.citations[0].rule == "614 (c)" and a.answer.startswith("Penalty shot")


def test_a_long_story_weighs_less_than_what_the_question_asks():
    # the story names a fight, a goalie, the boards; the question asks what a breakaway is (FIRS glossary)
    q = ("their forward steals it at our line, one of our D is caught up ice, the other is wrestling a winger "
         "on the boards, our goalie skates way out, the bench is yelling, and their coach insists a back-checker "
         "was close. what counts as a breakaway in the book?")
    assert get_searcher().asking_over_long_story(q)
    assert "no opposition between the player and the opposing goal" in get_searcher().ask(q, "firs-2017").answer
    # a short story is read whole
    assert not get_searcher().asking_over_long_story("Shot hits my skate and goes in. Do we count it?")


def test_a_fight_that_broke_out_is_no_broken_stick():
    assert first_rule("A fight broke out. What do I give the two who fought?", "rha") == "615 (a)"
    # a blade that broke out of the shaft did break
    assert first_rule("the blade broke out of the shaft, does he have to drop it?", "firs-2017") == "6.4.11 A"


def test_a_signal_asked_in_formal_words_and_the_delayed_penalty_told_by_its_case():
    a = get_searcher().ask("Which gesture is employed by officials under FIRS to denote hooking?", "firs-2017")
    assert a.citations[0].rule == "Annex B Hooking"
    # "make known" asks a signal only as "make known that ..."; a complaint made known is no signal
    assert classify("How does the referee make known that a penalty is coming but not yet called?").signal
    assert not classify("How should the referee handle a captain who wants to make known his complaint?").signal
    b = get_searcher().ask("The side without the puck takes a minor and I'm letting play go on because the "
                           "other team still has possession. Which arm signal do I give?", "firs-2017")
    assert [c.rule for c in b.citations[:2]] == ["6.3 B", "Annex B Delay Penalty"]


def test_the_raised_arm_told_with_its_call_or_a_signal_word_in_the_story_is_not_the_question():
    # RHA 409 (c): a minor is not imposed when the other team scores on the delayed call
    q = "Ref has his arm up for a minor on white and black scores before the whistle. Does the minor still count?"
    assert not classify(q).signal
    assert "Annex B" not in get_searcher().ask(q, "firs-2017").citations[0].rule
    # ball hockey 8: "Each team is allowed one 30 second time out per game"
    q = "Goal, then a scuffle, then the coach signals for a time-out. How long is it and how many do they get?"
    assert not classify(q).signal and first_rule(q, "ball-hockey") == "8"


def test_one_guess_of_an_either_or_the_rulebook_lacks_is_an_aside():
    # "forfeit" is no ball-hockey word; the other guess is ball hockey 40's delay of game penalty
    a = get_searcher().ask("Ball hockey: their goalie isn't dressed at game time. Do we forfeit them, or start "
                           "the game and give a delay of game penalty?", "ball-hockey")
    assert a.answered and a.citations[0].rule == "40" and "forfeit" in a.answer
    # asking whether the thing exists stays not covered
    assert not get_searcher().ask("Is there icing in ball hockey, or does play just continue?", "ball-hockey").answered


def test_a_foul_the_rulebook_never_names_gets_what_it_says_of_penalties():
    a = get_searcher().ask("kid trips a guy on a rush. what's the pen in this u9 format?", "challenge-cup-u9")
    assert a.citations[0].rule == "21" and "do not name that infraction" in a.answer
    # the youth cup's own penalty table answers its trip, though it never says "tripping"
    assert first_rule("kid trips a guy on a rush, what's the pen?", "youth-cup") == "Penalties 1"


def test_a_goal_ruling_asked_with_its_restart_quotes_the_ruling_clauses_face_off():
    # FIRS 6.4.24 D: no goal, and "The puck shall be faced off at the centre face-off spot."
    a = get_searcher().ask("An attacker without the puck parks in the crease and his teammate scores. Does the goal "
                           "count, and how is play restarted?", "firs-2017")
    assert a.answer.startswith("Goal not allowed") and "Restart: The puck shall be faced off at the centre" in a.answer


def test_a_rule_number_cited_for_a_claim_is_checked_against_what_the_claim_is_about():
    s = get_searcher()
    # the wrong number: the rule on what is asked, and what the number cited is
    a = s.ask("RHA 608 is boarding and it's an automatic major, isn't it?", "rha")
    assert a.citations[0].rule.startswith("605") and a.answer.startswith("Not RHA 608 (CHARGING): ")
    b = s.ask("Which RHA rule is the mercy rule - 634?", "rha")
    assert b.citations[0].rule.startswith("630") and b.answer.startswith("Not RHA 634 (")
    # the right rule, and its sub-clause the claim is about (613 (c): fifteen feet), no note
    c = s.ask("Face-off in RHA: everybody else has to stay 10 feet off the draw, that's 613?", "rha")
    assert c.citations[0].rule == "613 (c)" and "fifteen feet" in c.answer and not c.answer.startswith("Not ")
    # the number guessed after the claim's tag ("..., right? 409?")
    e = s.ask("Their player earns a misconduct for abuse while my team has the puck - I put my arm up for the "
              "delayed call like any other, right? 409?", "rha")
    assert "shall not raise his/her arm" in e.citations[0].text
    # the number the rulebook has, with no rulebook chosen ("rule 28" is ball hockey's)
    d = s.ask("Rule 28 - high stick to a guy's face is just the usual one-minute penalty, right?")
    assert d.citations[0].ruleset == "ball-hockey" and "ejection" in d.answer
    # a rule asked about by its number is that rule, as before
    for question in ("What's rule 621?", "Quick one - RHA Rule 621?", "what does rule 608 say",
                     "Ref wrote 'Rule 621' beside my player's minor on the game sheet. What's rule 621?"):
        assert s.ask(question, "rha").citations[0].rule.split()[0] in ("621", "608"), question


def test_the_clock_time_and_sweater_numbers_of_a_told_game_are_not_searched():
    from rulebot.search.query import without_game_labels

    assert without_game_labels("Red #2 and Blue #17 both got roughing minors at 10:10 of the second") == \
        "Red and Blue both got roughing minors"
    # how long is left and a penalty's length are the rules' matter
    assert without_game_labels("with 3:30 left his 1:30 runs out") == "with 3:30 left his 1:30 runs out"
    a = get_searcher().ask("Red #2 and Blue #17 both go off at 10:10 with roughing minors. What exactly makes "
                           "penalties coincidental, and do both teams get to put a sub on right away?", "firs-2017")
    assert "simultaneously receive equal length penalties" in a.citations[0].text


def test_the_arm_up_for_a_teams_minor_is_the_story_not_a_signal_asked():
    assert not classify("Ref's arm went up for a Blue minor, Red kept the puck and scored before the whistle. "
                        "Do I still start a two-minute clock for the Blue player, and does it go on the sheet?").signal
    assert classify("Ref's arm went up. What is that signal?").signal


def test_a_penalty_class_the_rulebook_lacks_guessed_for_a_play_is_an_aside_to_the_plays_call():
    s = get_searcher()
    a = s.ask("Major? Stick came up and caught him in the mouth, blood everywhere.", "ball-hockey")
    assert a.answered and "immediate game ejection" in a.answer and a.citations[0].rule == "27"
    assert "say nothing about major" in a.answer
    # the class asked about alone is still not covered there
    assert not s.ask("is there a major penalty in ball hockey?", "ball-hockey").answered


def test_where_the_shooter_starts_is_where_the_rulebook_places_the_puck():
    a = get_searcher().ask("Where does the shooter start on a penalty shot?", "firs-2017")
    assert "place the puck on the centre face-off spot" in a.citations[0].text


def test_a_clause_for_a_short_handed_team_opening_without_a_comma_is_for_that_state_alone():
    from rulebot.search import _opening_states

    s = get_searcher()
    assert _opening_states(s.index.get("rha:409.c.note3").text) == {"strength"}
    a = s.ask("Ref has his arm up for a minor on the blue team and the red team scores before the whistle. "
              "Does the minor still go on the penalty clock, and does it go on the game sheet?", "firs-2017")
    assert a.citations[0].rule != "6.3 E"


def test_a_rule_asked_about_by_number_is_no_claim_to_check():
    s = get_searcher()
    # the number is cut out once, also where two patterns find it ("rule 605")
    assert s.parsed("Rule 605 is boarding, yes?", "rha").uncited == "is boarding, yes?"
    for question, rule in (("What is the penalty under rule 608?", "608"), ("Hey ref, quick one - rule 621?", "621"),
                           ("Rule 608 is what again?", "608"), ("Can you explain rule 613 for me, eh?", "613"),
                           ("What's rule 630 about, right?", "630"),
                           ("What does rule 613 say about lining up on the left or right", "613")):
        a = s.ask(question, "rha")
        assert a.citations[0].rule.split()[0] == rule and not a.answer.startswith("Not "), question
    # a right claim keeps the rule's heading; a clause outside any rule (a U9 line) can agree
    assert s.ask("Under rule 630, when does the mercy rule kick in?", "rha").answer.startswith("RHA 630 MERCY RULE")
    u9 = s.ask("Rule 4 says there are no time-outs, right?", "challenge-cup-u9")
    assert u9.citations[0].rule == "4" and not u9.answer.startswith("Not ")
    # the rule cited next to the best clause is named, not corrected
    d = s.ask("Rule 28 - high stick to a guy's face is just the usual one-minute penalty, right?")
    assert "cited, is quoted below" in d.answer


def test_penalty_lengths_on_the_clock_and_rule_numbers_stay_in_the_question():
    from rulebot.search.query import without_game_labels

    assert without_game_labels("Is a minor over at 1:30 or at 2:00?") == "Is a minor over at 1:30 or at 2:00?"
    assert without_game_labels("what does rule #12 say") == "what does rule #12 say"
    assert without_game_labels("can we dress no. 5 players") == "can we dress no. 5 players"
    assert without_game_labels("scored at 14:20:33 of the second") == "scored"


def test_a_clock_time_in_a_period_is_a_label_even_when_it_reads_like_a_penalty_length():
    from rulebot.search.query import without_game_labels

    # "2:00 of the 1st" is a time on the game clock, not a minor's length
    assert without_game_labels("#14 got called at 2:00 of the 1st, again at 9:40 of the 1st") == \
        "got called , again"
    assert without_game_labels("3:05 of the 2nd, #4 walks out of my box") == ", walks out of my box"
    # a length asked of a period or of overtime stays
    assert without_game_labels("serve 2:00 of the second minor") == "serve 2:00 of the second minor"
    assert without_game_labels("Do we play 5:00 in OT or 10:00?") == "Do we play 5:00 in OT or 10:00?"
    assert get_searcher().ask("Do we play 5:00 in OT or 10:00?", "rha").citations[0].clause_id == "rha:639.b.2"


def test_a_told_score_is_asked_as_a_tie_or_a_lead():
    from rulebot.search.query import with_score_told

    assert with_score_told("U9 game ends 3-3 on the run clock") == "U9 game ends tied 3-3 on the run clock"
    assert with_score_told("it's 9-1 at the half") == "it's 9-1, an 8-goal lead at the half"
    assert with_score_told("tied 2-2 at the buzzer") == "tied 2-2 at the buzzer"
    assert with_score_told("down 3-2 with a minute left") == "down 3-2, a one-goal game with a minute left"
    # a close score told beside another question is a label of the game, like its clock time
    assert with_score_told("down 3-2, our goalie gets a minor. Who serves it?") == \
        "down , our goalie gets a minor. Who serves it?"
    assert get_searcher().ask("At 12:40 of the 2nd, down 3-2, our goalie gets a minor for tripping. Who serves it?",
                              "firs-2017").citations[0].clause_id == "firs-2017:6.1.2.b"
    assert with_score_told("regular season: 2-2 when the clock runs out") == \
        "regular season: tied 2-2 when the clock runs out"
    # a length or a count of players is no score
    assert with_score_told("1-2 minute warmup") == "1-2 minute warmup"
    for text in ("is 5-3 players legal", "we're at 5-3 and they take another penalty", "up 8-10 goals",
                 "ban is 3-5 games", "7-8 year olds", "OT is played at 3-3"):
        assert with_score_told(text) == text
    s = get_searcher()
    a = s.ask("RHA tourney game, it's 9-1 at 6:30 of the 2nd. Do we keep playing it out?")
    assert a.citations[0].clause_id == "rha:630.a" and "eight (8) goal differential" in a.citations[0].text


def test_what_the_asker_will_tell_an_audience_is_the_case_not_an_order_to_them():
    from rulebot.search.query import without_reporting_frame

    assert without_reporting_frame("I'll tell the captains regulation is two 20-minute halves, right?") == \
        "regulation is two 20-minute halves, right?"
    assert without_reporting_frame("We're on running time. I'll tell them the clock stops late - when?") == \
        "We're on running time. the clock stops late - when?"
    # a coach who is told something in the case stays, and so does one the asker tells now
    assert "coach" in without_reporting_frame("The ref told the coach to sit down. Can he stay on the bench?")
    for text in ("So I tell the coach he has to sit down. Can he?", "I'll warn the coach that he is out. Can I do that?"):
        assert without_reporting_frame(text) == text


def test_what_goes_up_on_a_clock_is_no_gesture_and_what_am_i_calling_after_one_is():
    s = get_searcher()
    a = s.ask("First minor of the day. What do I put up on the penalty clock, 2:00 or something shorter?", "rha")
    assert a.citations[0].clause_id == "rha:402.a"
    assert classify("If they see me cross my arms over my head with my fists closed, what am I calling?").signal
    b = s.ask("When I tug both fists in toward my body, what am I telling the bench?", "firs-2017")
    assert b.answer.startswith("Hooking")


def test_who_writes_a_letter_is_no_part_of_its_case_unless_told_by_whose_he_is():
    from rulebot.search.query import without_letter_frame

    assert without_letter_frame("A coach writes: 'Their goalie sat on it.' Is that legal?") == \
        "'Their goalie sat on it.' Is that legal?"
    assert without_letter_frame("From a bench boss: 'We got one timeout.' How many?") == "'We got one timeout.' How many?"
    # the writer's player is the case; a rulebook named before a colon is no writer
    assert without_letter_frame("A goalie's dad writes: 'his helmet came off'") == "A goalie's dad writes: 'his helmet came off'"
    assert without_letter_frame("RHA rules: we're up 7-0") == "RHA rules: we're up 7-0"
    # a rule or an official that says something is no writer
    for text in ("RHA 402 says: a minor is 2 minutes. Is that right?", "The ref said: play on. Was he right?"):
        assert without_letter_frame(text) == text
    a = get_searcher().ask("A coach writes: 'Their goalie caught the puck and just sat on it with none of our guys "
                           "anywhere near him.' What does FIRS say about a goalie hanging on to the puck?", "firs-2017")
    assert a.citations[0].clause_id == "firs-2017:6.4.7.c"


def test_done_for_the_night_after_a_third_call_is_the_ejection():
    a = get_searcher().ask("I'd already been called twice, then I got a hooking call, and the ref told me I was done "
                           "for the night. Is there some kind of limit?", "ball-hockey")
    assert "three penalties in a game" in a.citations[0].text and "game ejection" in a.answer


def test_a_shot_fired_after_the_asker_blew_the_whistle_is_the_shot_after_the_whistle():
    s = get_searcher()
    for question in ("Guys who fire the puck at the net after I've already blown the whistle - what do I tell them "
                     "that'll cost?", "Ref blows the whistle and you still fire it at the net anyway - what'll that get you?"):
        assert s.ask(question, "rha").citations[0].clause_id == "rha:601.b", question


def test_whats_going_on_after_a_refs_gesture_asks_for_the_signal():
    a = get_searcher().ask("Sometimes the ref shoots his right arm straight up but play just carries on - what's going "
                           "on there?", "firs-2017")
    assert a.answer.startswith("Delay Penalty")
    # with no gesture told, "what's going on" asks no signal
    assert not classify("The clock stopped at 3:10 and nobody moved. What's going on?").signal


def test_the_signal_asked_after_the_call_the_asker_gives_is_that_calls():
    s = get_searcher()
    a = s.ask("Breakaway guy just got hauled down from behind and I'm giving the penalty shot. What do I show with my "
              "arms?", "firs-2017")
    assert a.answer.startswith("Penalty Shot")
    # a call that names no referee's signal leaves the play's ("the shot" is a goal judge's word)
    b = s.ask("Penalty shot - what's my arm signal? Tripped from behind on a clean breakaway, I'm awarding the shot.",
              "firs-2017")
    assert b.answer.startswith("Penalty Shot")


def test_the_face_off_after_a_saved_penalty_shot_is_not_where_the_shot_starts():
    s = get_searcher()
    for question in ("Goalie just stoned the penalty shot. Where do I drop the next face-off?",
                     "Their goalie stopped the penalty shot. Where should you have dropped the next face-off?"):
        a = s.ask(question, "rha")
        assert a.citations[0].clause_id == "rha:406.f", question
    b = s.ask("Penalty shot in this clip, goalie makes the save and it goes into the corner. Where should the next "
              "face-off have been?", "firs-2017")
    assert "If a goal is scored from a penalty shot" in b.citations[0].text


def test_a_call_or_a_time_asked_is_the_penalty_not_what_the_foul_means():
    s = get_searcher()
    assert classify("guy stabs a dman, whiffs. whats he get").penalty
    for question in ("firs inline, guy tries to stab a dman w the toe of his blade, whiffs, no contact at all. whats he get",
                     "#21 jabs at a guy with the toe of his blade and misses him completely. Ref calls spearing anyway. "
                     "How much time do I put up?"):
        a = s.ask(question, "firs-2017")
        assert a.citations[0].clause_id == "firs-2017:6.4.31.a" and "double minor" in a.answer.lower(), question
    # what it means, asked, is still the definition ("defn" written out)
    assert s.ask("whats the actual defn of butt ending", "firs-2017").citations[0].clause_id.startswith("firs-2017:glossary.")


def test_what_a_penalty_involves_is_asked_of_the_clause_that_says_what_it_involves():
    s = get_searcher()
    for q in ("In RHA terms, what exactly does a game misconduct involve - is it only the rest of this game?",
              'Player: "So I\'m done for tonight?" Me: "Under the RHA book it\'s more." What does a game '
              "misconduct involve?"):
        assert s.ask(q, None if q.startswith("Player") else "rha").citations[0].rule == "404 (d)", q


def test_a_gesture_asked_which_penalty_and_how_long_is_the_signals_call():
    a = get_searcher().ask("My partner puts both hands on his hips. Which penalty is he calling, and how many "
                           "minutes is it?", "firs-2017")
    assert a.citations[0].rule == "Annex B Misconduct" and "10 min" in a.answer


def test_a_rulebook_said_loosely_is_no_word_of_its_rules():
    # RHA's closing lines name "North American Roller Hockey Championships" and the "rule book"
    a = get_searcher().ask("In the American roller book, what does a game misconduct actually mean for the "
                           "player?", "rha")
    assert a.citations[0].rule == "404 (d)"
    a = get_searcher().ask("American roller book: both teams are on the floor and one of them refuses to play. "
                           "What's the procedure?", "rha")
    assert a.citations[0].rule == "634 (a)"


def test_handing_out_a_penalty_is_giving_it_not_a_hand():
    from rulebot.search.text import respell

    assert respell("I'm handing out a misconduct") == "I'm giving a misconduct"
    assert "hands out" in respell("ref puts both hands out to the side")
    assert respell("when I hand out a game misconduct") == "when I give a game misconduct"
    assert respell("he puts a hand out a little") == "he puts a hand out a little"  # a gesture
    assert respell("he held his hand out the penalty box door") == "he held his hand out the penalty box door"
    a = get_searcher().ask("I'm handing out a misconduct - what's the signal?", "firs-2017")
    assert a.citations[0].rule == "Annex B Misconduct"


def test_holding_up_a_penalty_is_the_delayed_penalty_not_holding():
    a = get_searcher().ask("I'm holding up a penalty while they keep the puck - which signal do I show?", "firs-2017")
    assert [c.rule for c in a.citations[:2]] == ["6.3 B", "Annex B Delay Penalty"]


def test_an_aside_that_the_name_escapes_the_asker_is_not_searched():
    from rulebot.search.text import respell

    said = respell("when a punch-up starts - the, uh, scuffle, whatever it's called, name escapes me - what do "
                   "players not involved do?")
    assert "called" not in said and "name" not in said and "uh" not in said.split()
    # asking for the name is a question, not an aside
    assert "what's it called" in respell("what's it called when a player kicks the puck in?")


def test_a_thing_told_and_its_name_asked_is_a_definition():
    for q in ("What's the proper word for when a player has the puck with nobody between him and the goal?",
              "What situation does FIRS call it when one team has more floor players than the other?",
              "what's the term for a player who is not a goalkeeper but plays in net?"):
        assert classify(q).definition, q
    assert not classify("what's the name of the rule that covers slashing").definition
    a = get_searcher().ask("What's the proper word for when a player has the puck under control with nobody "
                           "between him and the other goal and a real chance to score?", "firs-2017")
    assert a.citations[0].text.startswith("A condition whereby a player is in control of the puck")



def test_a_case_told_then_changed_is_answered_for_the_changed_case():
    from rulebot.search import changed_case

    assert changed_case("Elbowing is tapping the elbow - and if it was kneeing, what's the signal?") == (
        "Elbowing is tapping the elbow", "and if it was kneeing, what's the signal?")
    assert changed_case("what if the goalie plays it?") is None  # nothing told before
    # a question, then a second one: no case told
    assert changed_case("Winning-shot contest: which team shoots first, and if it's still even after three "
                        "each, how does it continue?") is None
    assert changed_case("Guy shoots right after the whistle. If he couldn't stop in time, it's no penalty?") is None
    assert changed_case("U9: when the goalie freezes the puck the defence gets it - what if it's shot out of "
                        "play?")[1] == "what if it's shot out of play?"
    s = get_searcher()
    a = s.ask("An attempted head-butt is a major in the RHA book - what if he actually makes severe contact "
              "with the head-butt?", "rha")
    assert "severe contact" in a.citations[0].text
    a = s.ask("Elbowing is tapping the elbow with the other hand - and if it was kneeing, what's the signal?",
              "firs-2017")
    assert a.citations[0].rule == "Annex B Kneeing"
    # a signal told, another foul asked: its signal
    a = s.ask("Misconduct is both hands on the hips - what about when I'm awarding a penalty shot?", "firs-2017")
    assert a.citations[0].rule == "Annex B Penalty Shot"


def test_a_figure_asked_that_the_rulebook_spells_leads_in_digits():
    from rulebot.search.answer import figure_lead

    assert figure_lead("... for a period of ten minutes each. [RHA 404 (a)]", "how long is he off?") == "10 minutes — "
    assert figure_lead("two 24-minute periods [U9 Challenge Cup 2]", "how long is a game?") == ""  # digits given
    # only a figure in the unit asked: no minutes for "how many skaters", no "4" of "twenty-four"
    assert figure_lead("two-minute periods, three skaters [U9 30]", "medal game ot, how many skaters a side") == ""
    assert figure_lead("twenty-four minutes [x]", "how long") == ""
    a = get_searcher().ask("How many penalty minutes go in the records against a player for a game misconduct?",
                           "firs-2017")
    assert a.answer.startswith("10 minutes — ") and "a total of ten minutes" in a.answer


def test_the_new_readings_leave_ordinary_questions_alone():
    """Cases a reviewer found the first versions of this pass's readings got wrong."""
    from rulebot.search import changed_case
    from rulebot.search.text import respell

    s = get_searcher()
    # "in the rule book" goes, "the stick" stays; the score book is no rulebook
    assert s.ask("What's the length of the stick in the rule book?", "rha").citations[0].rule == "301 (b)"
    assert s.ask("What's the size of the crease in the rulebook?", "rha").citations[0].rule == "103 (b)"
    # whether to call something is no definition; a player's name is asked of no rule
    assert not classify("Stick breaks and he keeps playing with it - does the back ref call that or me?").definition
    assert not classify("What's the name of the player who serves the bench minor?").definition
    # a foul told as what players do is no signal told
    a = s.ask("Cross-checking is both hands on the stick and hitting - what if it's to the head?", "firs-2017")
    assert not a.citations[0].rule.startswith("Annex B")
    # another question about the same case is no changed case
    assert changed_case("Goalie leaves his crease to join a fight. What about the players who come off the bench?") \
        is None
    assert changed_case("Player gets a major for boarding. Suppose the injured player can't continue, who serves?") \
        is None
    # hands held out are a signal's; an aside alone is what was said; asking the name is no aside
    assert "hands out" in respell("The referee holds both hands out the front of his body, what signal is that")
    assert respell("whatever it's called") == "whatever it's called"
    assert respell("Player kicks the puck in - what do you call it?").endswith("what do you call it?")


def test_a_multiple_choice_question_asks_its_stem_and_the_options_only_complete_it():
    from rulebot.search.query import multiple_choice

    # a stem that asks is asked alone: the wrong options are no case told
    assert multiple_choice("how long? a) one b) two c) three") == "how long?"
    # ... and one that asks about the options is asked with them
    assert multiple_choice("Which of the following is a penalty shot? A) x B) y C) z") == (
        "Which of the following is a penalty shot x or y or z?")
    # players and teams told by a letter are no options; nor is "402 a) b) c)"
    assert multiple_choice("Player A: trips player B. Player C: slashes player A. What penalties?") is None
    assert multiple_choice("does 402 a) b) c) apply") is None
    # a stem the options complete, or one that only asks which is right, is asked with them
    assert multiple_choice("the call is: A. minor B. major C. none. Which letter?") == "the call is: minor or major or none?"
    assert multiple_choice("Which is right? (A) x (B) y (C) z") == "x or y or z?"
    # figures to choose from ask the number, not the figures (FIRS 1.2 A's "twenty (20) minutes" periods)
    assert multiple_choice("In FIRS a misconduct is: A) 5 minutes B) 10 minutes C) 20 minutes D) rest of the game") == (
        "In FIRS a misconduct is - how long?")
    # a rule's sub-clauses are no options
    assert multiple_choice("what do RHA 402 (a), (b) and (c) say") is None
    assert multiple_choice("rule 601 (a) (b) (c)") is None
    # "D) both hands on his hips" is no signal asked: RHA 409 (b), the raised arm of a delayed penalty
    a = get_searcher().ask("Quiz: how does the referee show that a penalty is coming while the other team keeps "
                           "the puck? A) blows the whistle B) raises his arm C) crosses his arms D) both hands on "
                           "his hips. Which is right?", "rha")
    assert a.citations[0].rule == "409 (b)"
    assert a.question.endswith("Which is right?")  # the asker's words are kept


def test_a_questions_message_frame_and_its_games_stage_are_not_searched():
    from rulebot.search.query import without_game_stage, without_letter_frame

    assert without_letter_frame("Subject: Broken stick\nDear Rules Committee, may a goalie play on with a broken "
                                "stick? Kind regards, J. Novak, Level 2 Referee") == ("Broken stick may a goalie play "
                                                                                      "on with a broken stick?")
    assert without_letter_frame("hey ref what is the penalty for hooking? thanks!") == "hey ref what is the penalty for hooking?"
    assert without_letter_frame("how do I thank the timekeeper") == "how do I thank the timekeeper"
    for q in ("Hi sticking, what's the call?", "After the goal the crowd cheers and throws objects on the floor",
              "Captain respectfully asks the referee to explain the call - allowed"):
        assert without_letter_frame(q) == q  # no greeting, no sign-off
    assert "final minute" in without_game_stage("During the final minute, a team knocks the net off")
    assert without_letter_frame("Thanks!") == "Thanks!"  # nothing else said
    # a line wrapped mid-sentence is no sentence break
    assert without_letter_frame("Hi,\nmisconduct is both hands on hips - what about\na penalty shot?\nThanks") == (
        "misconduct is both hands on hips - what about a penalty shot?")
    # the stage a game is told in, unless the question asks what the stage rules on
    assert without_game_stage("a goalie broke his stick in our quarter-final, may he play on?") == (
        "a goalie broke his stick , may he play on?")
    assert "semi-final" in without_game_stage("the semi-final is tied after regulation, is there overtime?")
    assert "placement" not in without_game_stage("in our placement match the opponents scored off a kick")
    from rulebot.search.query import without_purpose

    # what the answer is for is no topic ("For our protest, ..."; U9 says nothing of protests)
    assert without_purpose("Refs differ. For our protest, what does each rulebook allow?") == (
        "Refs differ.  what does each rulebook allow?")
    assert without_purpose("is that for the protest, or not") == "is that for the protest, or not"
    a = get_searcher().ask("Our festival's referees have been inconsistent about time-outs. For our protest, what "
                           "does each rulebook actually allow for team time-outs?")
    assert "protest" not in a.answer and "There are no time-outs in the Tournament." in a.answer
    a = get_searcher().ask("Dear Committee, a goalkeeper broke his stick during play in our quarter-final. May he keep "
                           "playing with it until the next stoppage? Many thanks, Anna Kowalski, National Referee",
                           "firs-2017")
    assert a.citations[0].rule == "6.4.11 A"


def test_of_two_signals_named_the_one_the_asking_part_names_is_shown():
    s = get_searcher()
    a = s.ask("Spearing vs butt-ending - I always mix them up. What is the spearing signal, so I don't show "
              "butt-ending?", "firs-2017")
    assert a.citations[0].rule == "Annex B Spearing"
    # the part that asks, not a sentence told after it
    assert s.ask("How do I signal spearing? Last game I showed butt-ending by mistake.", "firs-2017").citations[0].rule == (
        "Annex B Spearing")
    # a gesture told and both names asked is no choice made ("is that kneeing or tripping?")
    assert s.signal_asked_of_two("Ref swipes his hand at his knee. Is that kneeing or tripping?", {"firs-2017"}) == (
        "Ref swipes his hand at his knee. Is that kneeing or tripping?")


def test_a_rulebook_told_by_what_sets_it_apart_is_asked_without_that():
    from rulebot.search.query import without_book_description

    assert without_book_description("For the youth tournament with two groups of five teams, can a team list 22?") == (
        "For the youth tournament, can a team list 22?")
    assert without_book_description("Which tournament has two groups of five?") == "Which tournament has two groups of five?"
    # a description that is the question, or with too little after it, stays
    for q in ("In the tournament where teams play 4-on-4 how long is a minor?", "Is this a tournament with body checking?",
              "rules with a delayed penalty", "what happens at the youth cup with a tie after the group games?"):
        assert without_book_description(q) == q
    a = get_searcher().ask("At the youth tournament with two groups of five teams, how many players can a team list?")
    assert a.citations[0].text.startswith("22 players can be applied per team")
    # with no rulebook named or selected, the description is what names it, and stays
    assert get_searcher().search("the tournament with two groups of five teams: how many players per team?")[0].clause.ruleset == "youth-cup"


def test_two_figures_offered_to_choose_from_ask_the_number():
    from rulebot.search.intent import figure_choice_asked

    assert figure_choice_asked("are penalties 1 minute or 2 minutes?") == "are penalties how long?"
    assert figure_choice_asked("can a team list 20 players or 22?") == "can a team list how many players?"
    assert figure_choice_asked("is it 3-2 or 4-3?") == "is it 3-2 or 4-3?"  # scores, not figures asked
    assert classify("is a minor 1:30 or 2:00?").number
    assert figure_choice_asked("20 or 22 players at the youth cup?") == "how many players at the youth cup?"
    # a foul told with the figures asks its call ("spears him, 2 or 4 minutes?": FIRS 6.4.31 A, a double minor)
    assert classify("Player spears an opponent, 2 or 4 minutes?").penalty
    # a count of penalties is no call asked; nor is a suspension's length
    assert not classify("how many tripping penalties before a misconduct?").penalty
    assert not classify("how long is the fighting penalty suspension?").penalty
    import time
    t = time.perf_counter()
    classify("is a minor 2 or 4" + " " * 20000 + "minutes long?")
    assert time.perf_counter() - t < 2.0  # linear, not quadratic (was 80 s)
    # ball hockey 23, "Penalties are 1 minute long", not 6's "1 minute half-time break"
    a = get_searcher().ask("are penalties 1 minute or 2 minutes?", "ball-hockey")
    assert "Penalties are 1 minute long" in a.citations[0].text


def test_classes_offered_to_choose_from_ask_the_fouls_basic_case():
    # "a minor or a major" tells no major: the rule's first call, not its injury clause (RHA 622 (b), 642 (c))
    for q, rule in (("Is hooking a minor or a major?", "622 (a)"), ("Is tripping a minor or a major?", "642 (a)")):
        a = get_searcher().ask(q, "rha")
        assert a.citations[0].rule == rule, q
        assert a.answer.startswith("Minor (1:30 or 2 minutes)"), q


def test_a_question_brought_by_someone_is_the_question_without_who_brought_it():
    from rulebot.search.query import without_reporting_frame as bare

    assert bare("Ref on rink 2 asks how long a minor is in RHA.") == "how long a minor is in RHA."
    assert bare("A parent at the U9 games asked whether icing gets called.") == "whether icing gets called."
    assert bare("Ref on rink 3 reports a player tore his own helmet off before going after an opponent. "
                "He wants to know what extra penalty that carries.") == (
        "a player tore his own helmet off before going after an opponent. what extra penalty that carries.")
    # a game action, a partner's claim, a role that may be the topic: kept
    for q in ("The ref asks for the stick to be measured. Who pays?", "Partner says tripping is a hand on the knee.",
              "Manager asks how many players he can list for the cup."):
        assert bare(q) == q, q
    # the referee who brings it does no gesture: the high stick, not FIRS's body-checking signal
    a = get_searcher().ask("Ref asks what happens when a player's stick catches an opponent above the shoulders.",
                           "ball-hockey")
    assert a.answered and a.citations[0].ruleset == "ball-hockey" and "game ejection" in a.answer


def test_a_face_off_commences_when_it_starts():
    # RHA 613 (d) NOTE 1: the rulebook's "commences" for the everyday "start" / "begin"
    assert first_rule("For the no-contact rule, at what point does a face-off officially start?", "rha") == (
        "613 (d) NOTE 1")


def test_the_quoted_item_of_a_list_that_fits_the_question_is_cited_first_after_the_list():
    # U9 28 announces the medal-game overtime "as followis:" and 29-32 follow as paragraphs; the short answer
    # quotes them in list order, the citations put the one the search found best (30, the clock) right after 28
    a = get_searcher().ask("Medal game's tied after regulation. Do I stop the clock at whistles in overtime?",
                           "challenge-cup-u9")
    rules = [c.rule for c in a.citations]
    assert rules[0] == "28" and rules[1] == "30"
    assert "The clock will remain running" in a.answer


def test_the_item_of_a_paragraph_list_that_counts_what_is_asked_leads():
    # U9 31 "playing three-on-three" counts the players a side that "is overtime still 4-on-4?" asks; U9 28
    # announces the list and counts none
    for q in ("Medal game's tied after regulation. Is overtime still 4-on-4?",
              "Challenge Cup U9 medal games: if they go to overtime, how many skaters does each side play with?"):
        assert first_rule(q, "challenge-cup-u9") == "31", q
    # nothing counted asked: the announcing clause leads
    assert first_rule("Medal game's tied after regulation. How long is each overtime period?",
                      "challenge-cup-u9") == "28"


def test_a_stage_told_as_over_and_undecided_weighs_as_a_story():
    # "still tied after the sudden-death period": the sudden death is over (FIRS 1.3 B •1); the shoot-out asked
    # is 1.3 E •1, three shooters from each team
    q = ("FIRS game still tied after the sudden-death period, so it's a shootout. How many shooters per team, and "
         "how do we decide who shoots first?")
    assert get_searcher().asking_over_long_story(q)
    assert first_rule(q, "firs-2017") == "1.3 E •1"


def test_the_call_asked_in_past_and_modal_forms():
    for q in ("Red #5 jabbed the toe of his blade and missed. What should the penalty have been?",
              "He pokes him with the top end of the shaft. Even if he misses, what's he getting?",
              "What should he have gotten for that?", "I swing my twig at one of their guys. What am I looking at?"):
        assert classify(q).penalty, q
    # FIRS 6.4.31 A, the double minor for an attempt to spear, not 6.4.31 B NOTE's definition of spearing
    a = get_searcher().ask("Red #5 jabbed the toe of his blade at an opponent's midsection and missed completely. "
                           "The crew gave nothing. What should the penalty have been?", "firs-2017")
    assert a.citations[0].rule == "6.4.31 A" and a.answer.startswith("Double minor")


def test_an_aggravation_the_question_negates_is_not_told():
    # "no injury tho": FIRS 6.4.31 A's double minor, not 6.4.31 B's match penalty for injuring by spearing
    a = get_searcher().ask("guy spears a d-man, no injury tho. what's the pen?", "firs-2017")
    assert a.citations[0].rule == "6.4.31 A" and a.answer.startswith("Double minor")
    assert first_rule("guy spears a d-man and injures him. what's the pen?", "firs-2017") == "6.4.31 B"


def test_how_long_penalties_run_asks_the_ordinary_penalty():
    # ball hockey 23 "Penalties are 1 minute long", not rule 6's "16 minutes run time"
    a = get_searcher().ask("How long do penalties run in this league?", "ball-hockey")
    assert a.citations[0].rule == "23" and "1 minute" in a.answer
    # ... and the time put on the clock for one, in a timekeeper's words
    a = get_searcher().ask("How much time goes on the clock when someone takes a penalty?", "ball-hockey")
    assert a.citations[0].rule == "23" and "1 minute" in a.answer
    a = get_searcher().ask("What time do I put on the penalty clock for a minor?", "rha")
    assert a.citations[0].rule == "402 (a)" and "1:30 or 2 minutes" in a.answer
    # a penalty taken for an infraction is no class question
    assert not get_searcher().class_question("How much time when he takes a penalty for hooking?", {"ball-hockey"})
    # ... nor one taken without the clock said ("can a player serving a minor take the penalty shot?")
    assert not get_searcher().class_question("Can a player serving a minor take the penalty shot?", {"firs-2017"})
    # whether a class leaves the team short is the class's own account (RHA 404 (a): "A substitute player
    # is permitted ..."), not the definition of short-handed
    a = get_searcher().ask("misconduct - does the team play a man short?", "rha")
    assert a.citations[0].rule == "404 (a)"


def test_the_readings_of_the_thirty_third_pass_keep_to_their_cases():
    from rulebot.search.query import without_reporting_frame as bare

    # one ref's claim against another's, a ref's or a player's saying, a condition: the case, kept
    for q in ("One ref says it was a minor and the other says a major. What gets called?",
              "The ref says nothing and play continues. Is that a goal?", "He says he didn't touch him. What's the call?",
              "What if the referee asks whether the stick is legal?", "The coach and the ref asked whether the goal counts",
              "My partner ref says tripping is a hand on the knee"):
        assert bare(q) == q, q
    # a ruling asked of a play is no call asked; a thing given or received is no penalty; time left is no call
    for q in ("What would the call be if the puck is kicked into the net?",
              "What does the rule say about the time given to fix a broken skate?",
              "What did the coach do after he received the warning?",
              "What are we looking at for time left when a penalty shot is awarded?"):
        assert not classify(q).penalty, q
    # an injury negated once and told later is told (FIRS 6.4.31 B, the match penalty)
    assert first_rule("guy spears a d-man. no injury on the first jab, but the second one injured him. what's the "
                      "pen?", "firs-2017") == "6.4.31 B"
    # "penalties run over" asks no class length
    assert not get_searcher().class_question("Do penalties run over?", {"ball-hockey"})


def test_what_is_the_thing_named_asks_what_it_is():
    assert classify("What is the goalkeeper's privileged area?").definition
    for q in ("what is the penalty for tripping?", "what is the call?", "what's the tiebreak?",
              "What is the delayed penalty signal?", "what is the longest shift?"):
        assert not classify(q).definition, q
    # FIRS 2.3 A NOTE "shall be defined as", not 2.3 B's freezing the puck
    assert first_rule("What is the goalkeeper's privileged area?", "firs-2017") == "2.3 A NOTE"


def test_a_penalty_for_all_but_the_goalkeeper_is_not_the_goalkeepers():
    # the goalie may freeze the puck in his crease (FIRS 2.3 B, RHA 617 (b)); FIRS 6.4.35 E and RHA 614 (c) are for
    # "a defending player, except the goalkeeper"
    assert first_rule("goalie covers the puck in the crease, what's the call?", "firs-2017") == "2.3 B"
    assert first_rule("goalie covers the puck in the crease, what's the call?", "rha") == "617 (b)"
    assert first_rule("defenceman falls on the puck in his own crease, what's the call?", "firs-2017") in (
        "6.4.18 B", "6.4.35 E")


def test_a_lettered_option_after_a_time_is_an_option():
    from rulebot.search.query import multiple_choice

    q = "Under FIRS, a minor penalty lasts: A) 1 minute B) 1:30 C) 2 minutes D) 5 minutes. Which is right?"
    assert multiple_choice(q) is not None
    a = get_searcher().ask(q)
    assert a.citations[0].rule == "6.1.2 A" and "2 minutes" in a.answer
    assert multiple_choice("see rule 402 a) and 402 b) and 402 c) for that") is None


def test_which_rulebook_has_the_shortest_class_is_named():
    a = get_searcher().ask("which rulebook has the shortest minor?")
    assert a.answer.splitlines()[0] == "Shortest: Ball hockey penalty, 1 minute"
    a = get_searcher().ask("Which rulebook has the longest major penalty?")
    first = a.answer.splitlines()[0]
    assert first.startswith("Longest: ") and "RHA major, 4 or 5 minutes" in first and "Ball hockey" not in first
    # no extreme asked: no such line
    assert not get_searcher().ask("how long is a minor in each rulebook?").answer.startswith(("Shortest", "Longest"))


def test_how_big_a_thing_is_asks_a_clause_that_names_it():
    # FIRS 2.3 A, the goal crease's lines, not 2.1 C's minimum size of the rink
    assert first_rule("how big is the crease in FIRS?", "firs-2017") == "2.3 A"


def test_a_one_way_synonym_is_no_name_for_the_defined_term():
    # "on the pp" also searches "shorthanded" (the rules are written from the short side), but the team on the
    # power play is not short-handed: FIRS's glossary "Power Play" ("... replace its goalkeeper with a floor
    # player, then that team does NOT have a power play"), not "Shorthanded"
    a = get_searcher().ask("team pulled their goalie for an extra skater, do they count as being on a pp?", "firs-2017")
    assert a.citations[0].rule == "Power Play"


def test_whether_a_thing_is_really_what_it_is_called_asks_its_definition():
    for q in ("Team pulled their goalie for an extra attacker and the announcer called it a power play. Is it actually "
              "a power play under the definitions?",
              "if a team pulls the goalie for a 5th skater is that technically a pp"):
        assert classify(q).definition, q
        assert get_searcher().ask(q, "firs-2017").citations[0].rule == "Power Play", q
    assert not classify("Is it a minor or a major?").definition
    assert not classify("is it actually a penalty if he just bumps the goalie?").definition  # the call asked


def test_which_puck_is_official_asks_the_official_puck():
    # RHA 306 (a) "The official puck used for all games is the Rocket Puck", not 631 (a)'s "kept in motion" for an
    # aside after the question
    for q in ("What puck is official for RHA games? Ours keeps bouncing.",
              "Which puck is the official one for RHA games? I need to order them for our tournament."):
        assert get_searcher().ask(q, "rha").citations[0].rule == "306 (a)", q


def test_tied_after_regulation_is_the_end_of_regulation():
    # U9 28 "In the event of a tie at the end of regulation in Medal Games, overtime periods ...", the case told, not
    # 23's "The 1st seed from each flight will play in the Gold medal game"
    a = get_searcher().ask("Gold medal game is tied after regulation. What now?", "challenge-cup-u9")
    assert a.citations[0].rule == "28"


def test_a_fight_in_a_rulebook_without_fighting_is_not_covered():
    # ball hockey has no fighting rule: not its three-penalties ejection (39) as the call
    a = get_searcher().ask("what happens if players fight", "ball-hockey")
    assert not a.answered and "nothing about fight" in a.answer
    assert get_searcher().ask("what happens if players fight", "rha").answered


def test_a_goal_judges_gesture_is_answered_from_his_duties():
    # FIRS 4.6 D •6 "To extend one arm above the head to signal to the Referee When the goalie has frozen the puck",
    # not the referee's Delay Penalty (a raised arm too), even when the words of the story rank another item first
    for q in ("At the qualifier the goal judge behind our net stuck one arm straight up over his head while our goalie "
              "was lying on the puck. Our kids thought he was signalling a goal for them. What is the goal judge "
              "actually telling the ref with one arm up?",
              "Goal judge behind the cage just shot one arm straight up. What's he telling me?"):
        assert get_searcher().ask(q, "firs-2017").citations[0].rule == "4.6 D •6", q
    a = get_searcher().ask("When goal judges are in use, what is the goal judge telling the referee if he holds both "
                           "arms out horizontally at his sides?", "firs-2017")
    assert a.citations[0].rule == "4.6 D •4"


def test_a_rulebook_without_signals_answers_a_gesture_from_its_own_rule_telling_the_case():
    # U9 18 "Goaltender freezes the puck - the official blows the whistle to indicate the attacking team backs off
    # three metres", not the nearest FIRS signal (Cross-Checking) for "waved ... back with his arms"
    a = get_searcher().ask("Half-ice U9 game: the ref blew the whistle when our goalie covered the puck, then waved the "
                           "other team's kids back with his arms. What is he signalling and how far back do they have "
                           "to go?", "challenge-cup-u9")
    assert a.citations[0].ruleset == "challenge-cup-u9" and "three metres" in a.citations[0].text
    # RHA 409 (b) "shall signify the calling of a delayed penalty by raising his/her arm", not FIRS 6.3 B
    c = get_searcher().ask("which arm goes up for the delayed call", "rha")
    assert c.citations[0].ruleset == "rha" and c.citations[0].rule == "409 (b)" and c.kind == "signal"
    # a gesture its rules don't tell still gets the FIRS list, said as such
    b = get_searcher().ask("ref pats his head, what is it", "ball-hockey")
    assert b.answer.startswith("The Ball hockey rules describe no referee signals; from the FIRS signals:")


def test_a_question_referring_back_takes_its_subject_from_the_sentence_before():
    # "Can they do that?" asks about the technical loss told before it, so "skates" in the story is an aside, not
    # a topic the Youth Cup rules lack (Rules ¶5: ready 5 minutes before the game)
    a = get_searcher().ask("Our previous game ran long at the other rink and we walked in with skates still off about "
                           "2 minutes before puck drop. The organizers are talking about giving us a loss. Can they do "
                           "that?", "youth-cup")
    assert a.answered and "5 minutes before" in a.citations[0].text


def test_a_rule_named_with_a_question_about_it_leads_with_the_sub_clause_that_answers():
    a = get_searcher().ask("Pull up rule 641 for me - how many time-outs does each team get and how long are they?",
                           "rha")
    assert a.citations[0].rule == "641 (b) NOTE 1" and a.answer.startswith("RHA 641 TIME OUTS:")
    # what the rule is about: from its start
    for q in ("What is rule 6.4.8 about?", "Can you pull up 6.4.8 for me, the one about shifting the goal post out of "
                                          "place?"):
        assert get_searcher().ask(q, "firs-2017").citations[0].rule == "6.4.8 A", q


def test_gm_typed_in_lower_case_is_a_game_misconduct():
    from rulebot.search.text import respell

    assert respell("gm in rha is that just this game or more").startswith("game misconduct in rha")
    assert respell("the ps was stopped") == "the ps was stopped"  # an English word ("P.S.") stays as typed
    a = get_searcher().ask("gm in rha is that just this game or more", "rha")
    assert a.citations[0].rule == "404 (d)"


def test_how_a_forfeit_is_recorded():
    # the score recorded (RHA 634 (d) 1, FIRS 8.1 B •1 "... recorded as 1 to 0"), not the sanctions of 634 (e)
    a = get_searcher().ask("A team didn't show up and the tournament director declared a forfeit. How is that game "
                           "recorded on the score sheet?", "rha")
    assert "recorded as 1 to 0" in a.citations[0].text
    assert "recorded as 1 to 0" in get_searcher().ask("how is a forfeit recorded", "firs-2017").citations[0].text
    # ... and a rulebook without forfeits still says nothing about one
    for rs in ("ball-hockey", "youth-cup"):
        for q in ("how is a forfeit recorded", "what's the score of a forfeit"):
            a = get_searcher().ask(q, rs)
            assert not a.answered and "nothing about forfeit" in a.answer, (rs, q)


def test_a_goalie_holding_the_puck_in_his_glove():
    a = get_searcher().ask("Our goalie caught a floater from the point, nobody from the other team was anywhere near "
                           "him, and he just sat there holding it in his glove so our guys could change. Ref gave him a "
                           "minor. Is there some time limit on holding it?", "firs-2017")
    assert a.citations[0].rule == "6.4.7 C"


def test_where_to_drop_the_puck_asks_the_face_off_not_the_drop_net():
    a = get_searcher().ask("puck sitting on the back of the cage for like 4 sec, nobody playing it, where do we drop it",
                           "firs-2017")
    assert a.citations[0].rule == "5.5.9 C"  # not 2.2 C's drop net


def test_whether_a_penalised_player_plays_the_final_asks_his_suspension():
    a = get_searcher().ask("Our player got a game misconduct in the semifinal. Is he allowed to play in the final?", "rha")
    assert a.citations[0].rule == "404 (d)" and "next game" in a.answer


def test_a_goalie_sitting_on_it_with_nobody_around():
    # FIRS 6.4.7 C "... if there are no attacking players in the immediate vicinity"
    a = get_searcher().ask("The goalie catches the puck and just hangs onto it, and there's nobody from the other team "
                           "anywhere near him. Is there a limit?", "firs-2017")
    assert a.citations[0].rule == "6.4.7 C"


def test_a_rule_number_asked_for_is_cited_first_as_printed():
    a = get_searcher().ask("Which rule number deals with kneeing?", "rha")
    assert a.answer.startswith("RHA 628 KNEEING:")
    assert a.citations[0].rule == "628" and a.citations[0].text.startswith("RULE 628 - KNEEING (a) A minor penalty")
    b = get_searcher().ask("which rule number is hand on the puck / closing hand on puck in the firs book", "firs-2017")
    assert b.citations[0].text.startswith("6.4.20 Handling Puck with Hand A. A Minor Penalty shall be imposed")
    assert len(b.citations) == len(get_searcher().ask("closing hand on puck", "firs-2017").citations)
    # the rule's number asked for a case it rules on: the clause on the case, under the rule's name
    c = get_searcher().ask("Rule number for the goalie holding the puck?", "firs-2017")
    assert c.answer.startswith("FIRS 6.4.7 Goalkeeper Penalties:") and c.citations[0].rule == "6.4.7 C"


def test_playing_on_after_the_helmet_came_off():
    # FIRS 6.4.5 A NOTE "If such player participates in play, the play must be stopped immediately and a minor
    # penalty shall be assessed", not 5.5.10 A's scramble
    a = get_searcher().ask("Inline game last night: a kid's helmet popped off in a scramble, he just kept going and made "
                           "a pass without it, and the ref blew it dead and sent him to the box. Is that really a "
                           "penalty?", "firs-2017")
    assert a.citations[0].rule == "6.4.5 A NOTE" and "participates in play" in a.answer
    # a goalkeeper's helmet, and a shot by the other team: FIRS 6.4.3 E, play stopped at once
    b = get_searcher().ask("Goalie lost his helmet and the other team took a shot. What do I do?", "firs-2017")
    assert b.citations[0].rule == "6.4.3 E"


def test_a_rule_number_after_the_rulebooks_name_and_what_is():
    s = get_searcher()
    for q, rule in (("what's ball hockey rule 39", "39"), ("what is u9 rule 21", "21"),
                    ("whats youth cup penalties 3", "Penalties 3")):
        a = s.ask(q)
        assert a.answered and a.citations[0].rule == rule, q


def test_dog_typed_in_lower_case_as_the_call_is_delay_of_game():
    a = get_searcher().ask("whats the penalty for dog in rha")
    assert a.answered and "delays the game" in a.citations[0].text
    assert not get_searcher().ask("a dog ran onto the rink, what do we do", "rha").answered  # a dog


def test_a_goalie_joining_a_scrum_and_a_player_flipping_the_ref_off():
    s = get_searcher()
    # RHA 615 (h) "... a goaltender that leaves the immediate vicinity of the goal crease to participate in an
    # altercation", not 103 (a)'s crease markings
    a = s.ask("goalie leaves his crease and joins a scrum near the blue line", "rha")
    assert "immediate vicinity of the goal crease" in a.citations[0].text
    assert "obscene gestures" in s.ask("dude flipped the ref off, what's that", "rha").citations[0].text


def test_an_official_asking_what_he_may_do_about_a_foul_he_saw_is_answered_with_his_duty():
    s = get_searcher()
    # RHA 503 (c): "The Assistant Official may report to the Referees any infraction of the rules not seen by
    # the Referees", not the call on the trip told (642 (e)'s penalty shot)
    for q in ("Saw a trip behind the play the refs missed. As the assistant, can I do anything about it?",
              "as the AO i saw a slash behind the play both refs missed. can i tell them and does it get called"):
        a = s.ask(q, "rha")
        assert a.citations[0].rule == "503 (c)" and "may report" in a.answer
    assert s.ask("im the AO, can i call a penalty?", "rha").citations[0].rule == "503 (c)"
    # the call is still asked when the official asks for it, and an assistant coach is no official
    for q in ("As the assistant I saw a trip. What's the penalty?", "As the AO, what do I call for a trip?",
              "As the assistant I saw a spear behind the play. Do I call a major?",
              "I'm the assistant coach, my player got speared. Can I ask for a major?"):
        assert classify(q).penalty, q


def test_a_team_that_wont_play_or_line_up_when_told_is_refusing_to_start_play():
    s = get_searcher()
    # RHA 634 (a): "... shall refuse to play when ordered to do so by the Referees, he/she shall warn the Captain
    # ... and allow the team so refusing fifteen seconds"
    for q in ("Both teams are on the floor but one of them just won't line up and play when told to. What steps do I "
              "take?", "team wont come out for 2nd period after warning"):
        a = s.ask(q, "rha")
        assert a.citations[0].rule == "634 (a)" and "fifteen seconds" in a.citations[0].text, q


def test_what_the_learned_table_adds_is_not_the_number_asked_about():
    s = get_searcher()
    terms = {t.term: t for t in s.ranker.query_terms("Trying to plan when to burn it.")}
    # the question's own word is not learned; what the table adds for "plan" and "burn" is
    assert not terms["tri"].learned and any(t.learned for t in terms.values())
    # "how long do they last?" asks the time-outs' length, not FIRS 1.2 A's "two periods of twenty (20) minutes"
    a = s.ask("how many time-outs do I get and how long do they last? Trying to plan when to burn it.", "firs-2017")
    assert a.citations[0].rule in ("1.2 B", "5.5.2 B")


def test_a_goal_judge_asking_what_to_do_in_a_case_gets_the_duty_for_that_case():
    s = get_searcher()
    # FIRS 4.6 D: each duty a gesture for its case; the case told picks it, not the arm words
    a = s.ask("As goal judge, what do I do with my arm when the goalie covers the puck and it's dead?", "firs-2017")
    assert a.citations[0].rule == "4.6 D •6"  # "When the goalie has frozen the puck and it becomes unplayable"
    a = s.ask("First time sitting goal judge at an inline event - when the puck is all the way over the line, what am "
              "I supposed to do with my arms?", "firs-2017")
    assert a.citations[0].rule == "4.6 D •3"  # "when the puck has completely crossed the goal line"
    # a team's play that happens to rank a goal judge's duties is no goal judge's question: left as searched
    q = "Team keeps taking the puck back behind its own net to run the clock. What do I do the first time?"
    hits = s.search(q, "firs-2017", 10)
    assert s.duty_case_matched(hits, q) == hits


def test_an_open_question_asked_before_its_guess_and_exam_options_keep_the_rule():
    s = get_searcher()
    # "What happens, do we have to forfeit?": asked openly first, forfeit offered after (ball hockey 41)
    for question in ("Our goalie is stuck in traffic and won't be dressed by game time. What happens, do we have "
                     "to forfeit?", "Our goalie is still not ready at the scheduled start time. What happens - do we "
                     "have to forfeit?"):
        a = s.ask(question, "ball-hockey")
        assert a.answered and a.citations[0].rule == "41" and "say nothing about forfeit" in a.answer
    # an exam question's options are alternatives: forfeit is one, ball hockey 41 says what the others do
    a = s.ask("Ball hockey exam: a team's goalie isn't ready when the game is due to start. Which is right? "
              "A) forfeit B) game starts, 1-minute delay-of-game penalty, team plays with 3 runners for that minute "
              "C) game delayed 5 minutes D) 2-minute minor to the captain", "ball-hockey")
    assert a.answered and a.citations[0].rule == "41"
    # forfeit asked about alone stays not covered
    assert not s.ask("do we forfeit a team that doesn't show?", "ball-hockey").answered


def test_gear_being_put_on_is_the_story_not_the_topic():
    s = get_searcher()
    # the Youth Cup never names skates, but ¶5 says what follows when a team is not ready
    a = s.ask("One team is still lacing up skates and isn't ready to go out at start time. What can happen to "
              "them?", "youth-cup")
    assert a.answered and "technical loss" in a.answer
    a = s.ask("It's start time and one team is still tying skates in the hallway. Do we hold the game for them?",
              "ball-hockey")
    assert a.answered and a.citations[0].rule == "40"
    # skates asked about are still a topic the rulebook lacks; and getting a penalty is no gear put on
    assert not s.ask("are skates required", "youth-cup").answered
    assert not s.ask("U9 half-ice: kid gets a major for a hit to the head. How many games does he sit?",
                     "challenge-cup-u9").answered


def test_the_penalty_for_that_points_back_to_the_play_told():
    a = get_searcher().ask("player whacks his stick on the boards after the call, doesn't touch anyone, and gets "
                           "10 minutes. what's the actual penalty for that in FIRS lol", "firs-2017")
    assert a.answered and a.citations[0].rule == "6.4.9 C"


def test_the_signal_for_what_asks_what_a_gesture_means():
    # "the signal for what" names no signal: the gesture told is looked up (FIRS Annex B Penalty Shot)
    for question in ("crossed arms over my hed with fists closed - thats the signal for what again",
                     "Crossed arms above my head, fists closed: that's the signal for which call?"):
        a = get_searcher().ask(question, "firs-2017")
        assert a.citations[0].rule == "Annex B Penalty Shot" and "has no signal" not in a.answer


def test_the_gym_game_names_the_ball_hockey_league():
    a = get_searcher().ask("In the indoor gym game, a shot strikes the ceiling. What happens to play, and which team "
                           "is given the ball?", None)
    assert a.citations[0].ruleset == "ball-hockey" and a.citations[0].rule == "17"


def test_how_long_a_class_keeps_a_player_out_is_its_length():
    a = get_searcher().ask("In the RHA book, how long does a game misconduct keep a player out? I need to keep it "
                           "distinct from a game ejection in my glossary.", "rha")
    assert a.citations[0].rule == "404 (d)" and "next game" in a.answer


def test_a_delayed_penalty_is_not_the_further_minor_on_a_shorthanded_team():
    # RHA 409 (c): the minor is not imposed when the non-offending team scores; 409 (c) NOTE 3 is the
    # case of a team already short-handed, which the question does not tell
    a = get_searcher().ask("delayed penalty and they score, does the minor still count", "rha")
    assert a.citations[0].rule == "409 (c)"


def test_a_misspelt_word_is_read_as_the_rulebook_word_by_every_reader():
    s = get_searcher()
    # "penatly": each rulebook's minor, as for "how long is the penalty" (RHA 402 (a), FIRS 6.1.2 A)
    a = s.ask("how long is the penatly", None)
    assert a.answer.startswith("RHA: minor 1:30 or 2 minutes") and "FIRS: minor 2 minutes" in a.answer
    assert s.typos_fixed("when is a stick considerd broken?") == "when is a stick considered broken?"
    # slang with letters added to a rulebook word is left to the ranker ("tendy" is no "tend")
    assert s.typos_fixed("the backup tendy") == "the backup tendy"


def test_a_forfeit_at_the_youth_cup_is_its_technical_loss():
    a = get_searcher().ask("what's the score for a forfeit", "youth-cup")
    assert a.citations[0].rule == "Rules ¶5" and "0:5" in a.answer



def test_gear_asked_about_is_still_the_topic():
    s = get_searcher()
    for question in ("do players have to put on helmets?", "can a player tie his skates on the bench during play?",
                     "must players lace up their skates before the warm-up?"):
        assert not s.ask(question, "youth-cup").answered
    # a pointing word alone names no foul, but "him biting" names one no rulebook has
    assert not s.ask("what's the penalty for him biting?", "firs-2017").answered


def test_a_misspelling_is_fixed_but_names_slang_and_other_words_are_not():
    s = get_searcher()
    assert s.typos_fixed("ref puts both hands on his hipps") == "ref puts both hands on his hips"
    for text in ("Brody got ragdolled by Colton", "backup tendy", "he got ragdolled"):
        assert s.typos_fixed(text) == text


def test_a_rulebooks_own_name_is_no_misspelling():
    # the ball-hockey league is also "gym hockey": "gym" is no typo of another word, whatever the rulebooks say
    s = get_searcher()
    assert {"gym", "firs", "rha", "hockey"} <= s._ruleset_words()


def test_a_signal_asked_for_an_audience_is_the_signal_named_before_it():
    # "the hooking signal for the inline refs": who it is shown for names no infraction (FIRS Annex B Hooking)
    a = get_searcher().ask("Double-check the hooking signal for the inline refs - how do we show it?", "firs-2017")
    assert a.citations[0].clause_id == "firs-2017:annex-b.hooking"
    assert "has no signal" not in a.answer
    # a signal the list does not have is still said to be missing
    a = get_searcher().ask("what's the signal for slew footing?", "firs-2017")
    assert a.answer.startswith("The FIRS signal list has no signal for slew footing")


def test_a_whistle_blown_in_a_signal_question_is_no_whistle_hand():
    # FIRS Annex B Misconduct, "Both hands placed on the hips", not Slashing's "forearm of the whistle hand"
    s = get_searcher()
    for question in ("I'm giving a guy ten minutes for mouthing off after the whistle. How do I signal that to the box?",
                     "I'm giving a misconduct for mouthing off after the whistle. How do I signal that?"):
        assert s.ask(question, "firs-2017").citations[0].clause_id == "firs-2017:annex-b.misconduct", question
    assert s.ask("ref chops the forearm of his whistle hand, what's that",
                 "firs-2017").citations[0].clause_id == "firs-2017:annex-b.slashing"


def test_a_gesture_then_what_that_one_means_is_a_signal_question():
    assert classify("other stripe put both hands on his hips after the scrum by the bench, whats that one mean again").signal
    a = get_searcher().ask("other stripe put both hands on his hips after the scrum by the bench, whats that one mean again")
    assert a.citations[0].clause_id == "firs-2017:annex-b.misconduct"


def test_a_goal_judges_gesture_said_not_to_be_both_arms_is_his_one_arm():
    # FIRS 4.6 D •6 "To extend one arm above the head ...", not •3's "both hands above the head"
    s = get_searcher()
    for question, ruleset in (("Remind me what it means when the goal judge sticks one arm straight up over his head. "
                               "Not both arms, just the one. FIRS games.", "firs-2017"),
                              ("goal judge behind the cage sticks one arm str8 up, no goal went in, whats he tellin me",
                               None)):
        assert s.ask(question, ruleset).citations[0].clause_id == "firs-2017:4.6.d.i6", question


def test_i_swear_and_a_clause_says_something_is_so():
    from rulebot.search.text import respell

    assert respell("same time in the box? swear rha sometimes does 1:30") == "same time in the box? insists rha sometimes does 1:30"
    assert respell("I swear the ref missed it") == "insists the ref missed it"
    for text in ("players swear the whole game", "can players swear at the ref"):
        assert respell(text) == text


def test_a_dropped_g_is_put_back_only_where_the_word_needs_it():
    from rulebot.search.text import respell

    assert respell("their tendy still strappin pads") == "their tendy still strapping pads"
    assert respell("he was leavin' the box") == "he was leaving the box"
    for text in ("the puck stays within the crease", "sin bin again", "the margin"):
        assert respell(text) == text
    # ball hockey 41: "If the goalie is not ready by game time ..."
    a = get_searcher().ask("ball hockey their tendy still strappin pads at start time. how do we play it", "ball-hockey")
    assert a.citations[0].rule == "41"


def test_a_tie_break_that_does_not_split_them_asks_the_next_step():
    # U9 Challenge Cup 27 b, the step after head to head
    a = get_searcher().ask("What's our rule on U9 round-robin ties if head-to-head doesn't split them - they tied each "
                           "other?")
    assert a.citations[0].clause_id == "challenge-cup-u9:27.b"


def test_straight_running_time_is_the_youth_cups_raw_time():
    a = get_searcher().ask("youth cup how long r periods, stop time or straight running", "youth-cup")
    assert a.citations[0].rule == "Rules ¶1" and "20 minutes" in a.answer


def test_a_rule_whose_list_is_of_exceptions_is_cited_before_them():
    # RHA 619 (e): "... the ensuing face-off shall take place at one of offending team's end zone face-off
    # spots unless:" then the two cases play goes on; the rule answers where the face-off is, not its exception
    a = get_searcher().ask("Called it off for a high stick on the puck. Where do we drop it?", "rha")
    assert a.citations[0].clause_id == "rha:619.e" and "end zone face-off spots" in a.answer


def test_last_as_the_verb_of_how_long_is_no_last_minute():
    # Youth Cup Rules ¶1 "The duration of a game is 2 x 20 minutes", not ¶2 "The last minute of the second period"
    a = get_searcher().ask("In the youth cup format, how long does one game last?", "youth-cup")
    assert a.citations[0].rule == "Rules ¶1"


def test_a_contest_that_kicks_off_starts_and_is_no_kicking():
    a = get_searcher().ask("Semi-final tied at the youth tournament. How does the winning-shot contest kick off - "
                           "three shooters each, or straight to one-on-one?", "youth-cup")
    assert a.answered and "infraction" not in a.answer
    assert "three (3) different players" in " ".join(c.text for c in a.citations[:2])


def test_what_is_left_of_a_comparison_once_the_rulebooks_are_named_is_not_searched():
    from rulebot.search.intent import strip_comparison

    assert strip_comparison("How high can a kid lift the stick - is it different and ?") == (
        "How high can a kid lift the stick -")
    assert strip_comparison("Do and differ on how many time-outs?") == "how many time-outs"
    # FIRS 6.4.21 A (shoulders), not 6.2.2 C NOTE's "DIFFERENT players"
    a = get_searcher().ask("How high can a kid lift the stick before it's a foul - is it different in FIRS and RHA?")
    assert a.citations[0].clause_id == "firs-2017:6.4.21.a"


def test_a_foul_defined_in_one_paragraph_takes_its_call_from_the_next():
    # FIRS 6.4.19 A "Fighting is defined as ...", B "A Major Penalty and a Game Misconduct Penalty shall be
    # imposed on any player who starts fighting" (not 6.4.32 A's bench minor for throwing a stick)
    a = get_searcher().ask("two guys drop the gloves and throw punches, what do they get", "firs-2017")
    assert a.citations[0].clause_id == "firs-2017:6.4.19.b" and a.answer.startswith("Major (5 minutes) + game misconduct")


def test_how_many_are_on_the_ice_for_each_team_is_how_many_a_side():
    # U9 Challenge Cup 1: "4-on-4 (plus a goaltender ...)", not 6's "take the ice ... 15 min. prior"
    a = get_searcher().ask("how many guys r on the ice for each team", "challenge-cup-u9")
    assert a.citations[0].rule == "1" and "4-on-4" in a.answer


def test_how_long_keeps_a_last_that_is_no_verb_and_a_term_defined_is_a_foul_not_a_person():
    from rulebot.search import _LAST_ASKED, _defined_term
    from rulebot.search.intent import fouls_told

    for q in ("how long does the player who touched it last, the defender, sit?",
              "how long does the team that scored last in regulation get?"):
        assert _LAST_ASKED.sub(r"\1", q) == q
    assert _defined_term("Fighting is defined as the actual throwing of a punch") == ["fight"]
    assert _defined_term("“Spearing” shall mean stabbing an opponent") == ["spear"]
    assert _defined_term("A player is defined as a member of the team") == []
    assert _defined_term("Referees are directed by means of signals") == []
    # a game that kicks off starts; a coach kicked off the bench is sent off, as before
    assert fouls_told("how does the contest kick off") == [] and fouls_told("coach got kicked off the bench")


def test_how_long_a_class_lasts_quotes_the_sentence_with_its_time():
    # Youth Cup Penalties 4: "A Match penalty (25 minutes) - ... suspended for the next game as well.", not the
    # second offence's disqualification after it
    a = get_searcher().ask("how long is a match penalty", "youth-cup")
    assert "25 minutes" in a.answer and "suspended for the next game" in a.answer
    assert "second Match penalty" not in a.answer


def test_still_a_penalty_and_how_heavily_punished_ask_the_call():
    # FIRS 6.4.31 A "A Double Minor Penalty shall be imposed on a player who spears or attempts to spear", before
    # 6.4.31 B NOTE's definition of spearing
    assert classify("Is it still a penalty if he didn't even touch him?").penalty
    assert classify("Does a miss like that still get punished, and how heavily?").penalty
    for q in ("How hard must the puck be?", "How heavily padded must the goalie be?",
              "Is it still a penalty box if it has no door?",
              "Is it still a penalty shot if the goalie moves off his line early?"):
        assert not classify(q).penalty, q
    a = get_searcher().ask("A kid tried to jab another kid with the pointy end of his blade but totally missed him. "
                           "Is it still a penalty if he didn't even touch him?", "firs-2017")
    assert a.citations[0].rule == "6.4.31 A" and "double minor" in a.answer.lower()


def test_what_a_gesture_stands_for_and_what_goal_judges_do_with_their_arms_ask_a_signal():
    assert classify("What does that gesture stand for? The ref patted his head.").signal
    assert classify("What should the goal judges do with their arms when the puck goes all the way in?").signal
    # someone else's hands, or no official named, is no signal asked
    for q in ("What should he do with his hands if his stick breaks?",
              "Player grabs my arm. What do I do with my hands?",
              "What does he stand for in the face-off?"):
        assert not classify(q).signal, q
    a = get_searcher().ask("I'm letting two campers be goal judges behind the nets. What should they do with "
                           "their arms when the puck goes all the way in?", "firs-2017")
    # FIRS 4.6 D: "To extend both hands above the head when the puck has completely crossed the goal line"
    assert any("completely crossed the goal line" in c.text for c in a.citations[:3])


def test_bleeding_the_clock_also_reaches_stalling():
    # "bleed" still reads as blood too (RHA 206 (g)); the phrase adds the stalling goalie's rule
    a = get_searcher().ask("Our goalie keeps lying on every puck to bleed the clock. The ref has already "
                           "warned her once. If she does it again, what's the consequence?", "rha")
    # RHA 617 (b): "after an initial warning by the Referees, a goaltender that holds the puck unnecessarily ..."
    assert any("initial warning" in c.text for c in a.citations[:3])


def test_a_t_made_with_the_hands_is_the_timeout_and_a_hand_pushed_out_still_the_hand_pass():
    # FIRS Annex B: Timeout "Using both hands form a “T’ in front of the chest"; Hand Pass "The non-whistle hand
    # with and open palm pushed out away from the body"
    s = get_searcher()
    assert s.ask("ref makes a T with his hands", "firs-2017").citations[0].rule in ("Annex B Timeout",
                                                                                   "Annex B Unsportsmanlike")
    for q in ("ref moved his hand out away from his body", "ref sticks his hand out"):
        assert s.ask(q, "firs-2017").citations[0].rule == "Annex B Hand Pass", q
