"""Follow-up questions (issue 4): "and in RHA?", "what's the signal for that?"."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from rulebot.search import get_searcher
from rulebot.search.conversation import Conversation


def test_and_in_another_rulebook_reuses_the_question():
    convo = Conversation(get_searcher())
    first = convo.ask("how long is a minor penalty in RHA")
    assert first.citations[0].ruleset == "rha"
    question, ruleset = convo.resolve("and in FIRS?")
    assert ruleset == "firs-2017" and "minor penalty" in question
    second = convo.ask("and in FIRS?")
    assert second.citations and all(c.ruleset == "firs-2017" for c in second.citations)


def test_one_ending_a_follow_up_is_the_previous_subject():
    convo = Conversation(get_searcher())
    convo.ask("how long is a time-out in RHA?")
    question, ruleset = convo.resolve("and who can call one?")
    assert ruleset == "rha" and "time out" in question.lower()
    assert convo.ask("and who can call one?").answered
    # asked of every rulebook (the best-matching one first, whichever it is; a sheet's sentence sits under a
    # section heading, "Time"): the subject is what the question asked about, not the heading
    convo = Conversation(get_searcher())
    convo.ask("how long is a time-out?")
    resolved = convo.resolve("and who can call one?")[0].lower()
    assert re.search(r"\btime[- ]?outs?\b", resolved) and "call time?" not in resolved
    # "one" inside a question is a number, not the subject
    assert convo.resolve("how long is one period?") == ("how long is one period?", None)


def test_signal_for_that_uses_the_previous_subject():
    convo = Conversation(get_searcher(), "firs-2017")
    convo.ask("what's the penalty for spearing")
    answer = convo.ask("what's the signal for that?")
    assert answer.citations[0].rule == "Annex B Spearing"
    assert "jab" in answer.answer


def test_a_person_is_never_the_previous_subject():
    convo = Conversation(get_searcher(), "rha")
    convo.ask("what is the penalty for boarding?")
    # "he" is the player; "it" is what he did (a fresh user's find: "BOARDING did it again - what now?")
    question, ruleset = convo.resolve("he did it again - what now?")
    assert ruleset == "rha" and question.lower().startswith("he did boarding again")
    # "that's his third penalty" says what it is, not what it is about
    assert convo.resolve("and again, that's his third penalty tonight")[0] == "and again, that's his third penalty tonight"


def test_signal_question_of_a_rulebook_without_signals_says_so():
    answer = get_searcher().ask("what is the referee signal for hooking", "rha")
    assert "describe no signal like that" in answer.answer
    assert answer.citations[0].ruleset == "firs-2017"
    answer = get_searcher().ask("what does the ref's signal for hooking look like", "ball-hockey")
    assert "describe no referee signals" in answer.answer
    # no signal of any rulebook is named for a class of penalty: said, with the nearest as see-also
    answer = get_searcher().ask("what is the signal for minor penalties?", "rha")
    assert not answer.answered and answer.answer.endswith("and no FIRS signal fits it.") and answer.see_also


def test_signal_a_rulebook_describes_inside_a_rule_answers_first():
    # RHA 409 (b): "the Referees shall signify the calling of a delayed penalty by raising his/her arm"
    answer = get_searcher().ask("Ref has his hand up in the air and play keeps going - what does that mean?",
                                "rha")
    assert answer.kind == "signal" and answer.answer.startswith("Delayed penalty")
    assert answer.citations[0].rule == "409 (b)"
    # a gesture that fits a FIRS signal better is still answered from FIRS
    answer = get_searcher().ask("the referee folds both arms above his head with fists closed", "rha")
    assert answer.citations[0].ruleset == "firs-2017"


def test_chat_command_reads_piped_questions():
    proc = subprocess.run([sys.executable, "-m", "rulebot", "chat", "--json"], text=True, timeout=120,
                          input="how long is a minor penalty in RHA\nhelp\nand in FIRS?\n", capture_output=True)
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(x) for x in proc.stdout.splitlines()]  # every line JSON, the help too
    assert len(rows) == 3 and "and in RHA?" in rows[1]["help"]
    assert rows[2]["resolved_question"].startswith("how long is a minor penalty")
    assert rows[2]["question"] == "and in FIRS?"  # what was typed; the question asked is resolved_question
    assert "resolved_question" not in rows[0]


def test_a_follow_up_stays_with_the_rulebook_that_answered():
    # asked of every rulebook, "spearing" is answered from one; "what about a major?" asks that one again
    convo = Conversation(get_searcher())
    first = convo.ask("what is the penalty for spearing")
    assert first.ruleset is None and first.kind != "comparison"
    assert convo.resolve("what about a major?")[1] == first.citations[0].ruleset


def test_chat_does_not_echo_a_question_it_did_not_rewrite():
    proc = subprocess.run([sys.executable, "-m", "rulebot", "chat"], text=True, timeout=120,
                          input="how long is a minor penalty in RHA   \n", capture_output=True)
    assert proc.returncode == 0 and "(asking:" not in proc.stdout


def test_a_follow_up_with_nothing_before_it_asks_what_is_meant():
    convo = Conversation(get_searcher())
    answer = convo.ask("what's the signal for that?")
    assert not answer.answered and "Which rule" in answer.answer
    # a whole question that happens to end in "it" is answered
    first = Conversation(get_searcher()).ask("goalie takes a minor in RHA, who serves it?")
    assert first.answered and first.citations[0].ruleset == "rha"


def test_what_about_adds_a_qualifier_or_swaps_the_infraction_and_keeps_the_named_rulebook():
    convo = Conversation(get_searcher())
    convo.ask("what is the penalty for slashing under RHA")
    question, ruleset = convo.resolve("what about a major?")
    assert (question, ruleset) == ("what is the penalty for slashing - a major?", "rha")
    assert convo.ask("what about a major?").citations[0].rule.startswith("635")  # RHA SLASHING
    question, ruleset = convo.resolve("and hooking?")
    assert "hooking" in question and "slashing" not in question and ruleset == "rha"
    assert convo.ask("and hooking?").citations[0].rule.startswith("622")  # RHA HOOKING


def test_a_penalty_class_after_a_signal_question_asks_for_that_penalty():
    convo = Conversation(get_searcher(), "rha")
    convo.ask("what's the penalty for tripping")
    convo.ask("what's the signal for that?")
    question, _ = convo.resolve("what about a major?")
    assert question == "a major for tripping?"
    major = convo.ask("what about a major?")
    assert major.answer.startswith("Major") and major.citations[0].rule.startswith("642")
    assert convo.resolve("and hooking?")[0] == "a major for hooking?"


def test_the_signal_for_that_is_the_signal_the_answer_named():
    convo = Conversation(get_searcher(), "firs-2017")
    first = convo.ask("attacker on a breakaway gets hooked from behind")
    assert "Signal: Penalty Shot" in first.answer
    question, _ = convo.resolve("what's the signal for that?")
    assert question == "what's the signal for Penalty Shot?"  # not the rule's title, "Penalty Shots -Awarded Goals"
    assert convo.ask("what's the signal for that?").citations[0].rule == "Annex B Penalty Shot"


def test_the_signal_for_a_penalty_shot_call_in_a_rulebook_without_signals_is_the_penalty_shot_signal():
    convo = Conversation(get_searcher(), "rha")
    first = convo.ask("guy on a clean breakaway gets dragged down from behind")
    assert first.citations[0].rule.startswith("642") and "penalty shot" in first.answer.lower()
    question, _ = convo.resolve("what's the signal for that?")
    assert question == "what's the signal for penalty shot?"  # not 642's title, TRIPPING
    assert convo.ask("what's the signal for that?").citations[0].rule == "Annex B Penalty Shot"


def test_a_signal_the_selected_rulebook_names_wins_over_a_like_named_list_signal():
    # RHA 409 (b) "delayed penalty" and FIRS Annex B "Delay Penalty": asked of RHA, RHA's
    answer = get_searcher().ask("Under RHA, which fouls get the raised arm of a delayed penalty?")
    assert answer.citations[0].rule == "409 (b)"


def test_an_infraction_after_a_class_asks_for_its_call():
    chat = Conversation(get_searcher(), "rha")
    chat.ask("how long is a major")
    # not "how long is a hooking" (RHA 622 (b), the injury case): the call for hooking
    assert chat.resolve("and hooking?")[0] == "what is the penalty for hooking?"
    assert chat.ask("and hooking?").citations[0].rule == "622 (a)"


def test_a_follow_up_topic_replaces_the_whole_subject_it_stands_for():
    chat = Conversation(get_searcher())
    chat.ask("who can call a time-out in RHA?")
    chat.ask("and who can call one?")
    answer = chat.ask("and tripping?")
    resolved = answer.extra["resolved_question"]
    assert "tripping" in resolved and "-out" not in resolved and "OUTS" not in resolved


def test_a_question_ending_on_it_that_says_what_it_is_is_no_follow_up():
    from rulebot.search.conversation import is_follow_up

    assert not is_follow_up("goalie gets a minor, who serves it")
    assert is_follow_up("what's the signal for that?") and is_follow_up("who serves it?")


def test_a_follow_up_asking_another_penalty_class_gets_that_class_s_clause():
    from rulebot.search import get_searcher
    from rulebot.search.conversation import Conversation

    chat = Conversation(get_searcher(), "firs-2017")
    assert chat.ask("fighting").citations[0].rule == "6.4.19 B"
    # FIRS 6.4.19 C: "A Minor Penalty shall be imposed on a player who having been struck shall retaliate"
    assert chat.ask("what about a minor?").citations[0].rule == "6.4.19 C"


def test_one_in_a_follow_up_is_what_the_question_before_asked_about():
    chat = Conversation(get_searcher())
    chat.ask("how long is a time-out in ball hockey")
    a = chat.ask("and who can call one?")
    # "one" is the time-out asked about, not "Time", the heading its rule sits under (ball hockey 8)
    assert a.extra["resolved_question"] == "and who can call time-out?" and a.citations[0].rule == "8"


def test_a_signal_follow_up_on_a_sheet_rule_asks_for_the_name_the_rule_opens_with():
    convo = Conversation(get_searcher())
    convo.ask("goalie holds the ball for ages in ball hockey, what's the call?")
    answer = convo.ask("what's the signal for that?")
    # ball hockey 35 "Delay of game: ..." sits under the section "Penalties": the signal for delay of game
    assert "Delay of Game" in answer.answer and "Penalties?" not in answer.question


def test_what_if_after_a_case_changes_that_case_in_the_same_rulebook():
    convo = Conversation(get_searcher())
    convo.ask("tripping is a minor in RHA")
    question, ruleset = convo.resolve("but what if he was on a breakaway?")
    assert ruleset == "rha" and question.startswith("tripping is a minor in RHA - but what if")
    a = convo.ask("but what if he was on a breakaway?")
    assert a.citations[0].rule == "642 (e)" and a.answer.startswith("Penalty shot")


def test_a_follow_up_after_a_question_not_covered_keeps_what_was_asked():
    # not the nearest clause offered under see also (ball hockey has no icing: not the first see-also's rule)
    convo = Conversation(get_searcher(), "ball-hockey")
    assert not convo.ask("whats the penalty for icing").answered
    convo.ask("what's the signal for that?")
    assert convo.turns[-1].asked == "what's the signal for icing?"


def test_another_infraction_replaces_a_hyphened_subject_whole():
    convo = Conversation(get_searcher(), "rha")
    convo.ask("what's the penalty for cross checking")
    convo.ask("what's the signal for that?")
    a = convo.ask("and hooking?")
    assert a.extra["resolved_question"] == "what's the signal for hooking?" and "Hooking — signal" in a.answer
