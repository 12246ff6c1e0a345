"""Referee signals (issue 3): records linked to what they signal, and search from everyday words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from rulebot.corpus import load_index
from rulebot.errors import DataError
from rulebot.signals import _read_vocabulary, load_signals, load_vocabulary, search_signals, signal_concepts

DATA = Path(__file__).parent / "data"
PARAPHRASES = yaml.safe_load((DATA / "signal_paraphrases.yaml").read_text(encoding="utf-8"))
MORE = yaml.safe_load((DATA / "signal_paraphrases_more.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def index():
    return load_index()


@pytest.fixture(scope="module")
def signals(index):
    """FIRS Annex B: the signals listed as such (RHA's one, told inside rule 409 (b), is tested apart)."""
    return [s for s in load_signals(index) if index.get(s.clause_id).kind == "signal"]


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _by_name(signals):
    return {s.name: s for s in signals}


# ------------------------------------------------------------------------------------------ records

def test_every_signal_clause_is_a_signal(index, signals):
    clauses = [c for c in index.all_clauses() if c.kind == "signal"]
    assert len(signals) == len(clauses) == 26
    for s, c in zip(signals, clauses):
        assert (s.clause_id, s.name, s.description, s.ruleset) == (c.id, c.title, c.text, c.ruleset)


def test_signals_link_to_the_penalty_index(signals):
    sig = _by_name(signals)
    assert sig["Boarding"].penalties == ("Boarding",)
    assert sig["Boarding"].rules == ("6.4.13",)
    assert sig["Boarding"].calls == ("Boarding 6.4.13 2'", "Boarding * 6.4.13 5'+GM")
    assert sig["High-Sticking"].rules == ("6.4.21 C", "6.4.21 D", "6.4.21 E")
    assert sig["Delay of Game"].penalties == ("Delaying the Game",)
    assert "Spearing and Butt-Ending (attempted)" in sig["Butt-Ending"].penalties
    assert set(sig["Elbowing"].penalties) == set(sig["Kneeing"].penalties) == {
        "Elbowing or Kneeing", "Elbowing or Kneeing causing Injury"}


def test_penalty_class_signals_name_their_class(signals):
    sig = _by_name(signals)
    assert sig["Misconduct"].meaning == "misconduct penalty (10 min)"
    assert "Banging Boards" in sig["Misconduct"].penalties
    assert sig["Match"].meaning == "match penalty (5 min)"
    assert "Kicking Opponent" in sig["Match"].penalties
    assert "Deliberate Displacement of the Goal Post" in sig["Penalty Shot"].penalties


def test_signals_without_an_index_row_cite_their_rule(signals):
    sig = _by_name(signals)
    assert sig["Delay Penalty"].rules == ("6.3 B",)     # "signify ... a delayed penalty by ... a raised arm"
    assert sig["Timeout"].rules == ("5.5.2",)
    assert sig["Unsportsmanlike"].rules == ("6.4.9 L",)


def test_to_json_shape(signals):
    data = _by_name(signals)["Slashing"].to_json()
    assert {"name", "description", "ruleset", "penalties", "rule"} <= set(data)
    assert data["rule"] == "6.4.30 A" and "Slashing 6.4.30 A 2'" in data["penalties"]


# ------------------------------------------------------------------------------------------ concepts

@pytest.mark.parametrize("text, concept", [
    ("closed hand", "fist"), ("clenched", "fist"), ("knuckles", "fist"),
    ("open hand", "open_hand"), ("palm", "open_hand"),
    ("helmet", "head"), ("top of his head", "head"),
    ("karate chop", "chop"), ("pounds", "strike"),
    ("yanks", "pull"), ("taps", "tap"), ("spins", "rotate"),
    ("one on top of the other", "stacked"), ("arms akimbo", "hip"),
])
def test_words_name_concepts(text, concept):
    assert concept in signal_concepts(text)


def test_phrases_are_read_before_their_words():
    found = signal_concepts("crossed arms above the head")
    assert "above_head" in found and "head" not in found


def test_hands_are_counted():
    assert "pair" in signal_concepts("both fists") and "one_hand" not in signal_concepts("both fists")
    assert "one_hand" in signal_concepts("a clenched fist")


def test_bad_vocabulary_names_the_file():
    with pytest.raises(DataError, match="signal_words.yaml"):
        _read_vocabulary(Path("signal_words.yaml"), "concepts:\n  fist: {words: []}\n")
    with pytest.raises(DataError, match="weight"):
        _read_vocabulary(Path("signal_words.yaml"), "concepts:\n  fist: {words: [fist], weight: -1}\n")
    with pytest.raises(DataError, match="conflict"):
        _read_vocabulary(Path("signal_words.yaml"), "concepts:\n  fist: {words: [fist]}\nconflicts: [[fist, nope, 1]]\n")


def test_shipped_vocabulary_loads():
    vocab = load_vocabulary()
    assert vocab.phrases and vocab.weights and vocab.aliases


# ------------------------------------------------------------------------------------------ search

@pytest.mark.parametrize("query, name", [
    ("ref taps his elbow", "Elbowing"),
    ("both hands on the hips", "Misconduct"),
    ("arms crossed above the head, fists closed", "Penalty Shot"),
    ("chopping motion on the forearm", "Slashing"),
    ("hand on top of the helmet", "Match"),
])
def test_issue_examples_come_first(signals, query, name):
    assert search_signals(signals, query)[0][0].name == name


def test_own_paraphrases_cover_every_signal(signals):
    assert {_key(s.name) for s in signals} == {_key(p["name"]) for p in PARAPHRASES}


@pytest.mark.parametrize("items", [PARAPHRASES, MORE], ids=["paraphrases", "more"])
def test_own_paraphrases_hit_rates(signals, items):
    hits1 = hits3 = 0
    misses = []
    for item in items:
        names = [_key(s.name) for s, _ in search_signals(signals, item["paraphrase"], 5)]
        want = _key(item["name"])
        rank = names.index(want) + 1 if want in names else None
        hits1 += rank == 1
        hits3 += rank is not None and rank <= 3
        if rank != 1:
            misses.append((item["paraphrase"], item["name"], rank))
    n = len(items)
    assert hits1 / n >= 0.9, misses
    assert hits3 / n >= 0.97, misses


def test_search_limits_and_blank(signals):
    assert search_signals(signals, "   ") == []
    assert search_signals(signals, "xyzzy qwerty") == []
    assert len(search_signals(signals, "fists", limit=3)) == 3
    scores = [s for _, s in search_signals(signals, "fists clenched", limit=10)]
    assert scores == sorted(scores, reverse=True)


def test_meaning_tells_the_two_t_signals_apart(signals):
    assert search_signals(signals, "hands make a T, the coach wants a time out")[0][0].name == "Timeout"
    assert search_signals(signals, "hands in a T after the player kept taunting")[0][0].name == "Unsportsmanlike"


def test_asking_by_name(signals):
    assert search_signals(signals, "what is the signal for hooking")[0][0].name == "Hooking"


def test_what_the_gesture_is_not_counts_against_a_signal(signals):
    from rulebot.search.text import without_negated

    assert without_negated("arms crossed in front, not over his head. What is it?") == (
        "arms crossed in front,  . What is it?", "not over his head")
    top = search_signals(signals, "arms crossed with fists closed in front of the chest, not over his head", 1)
    assert top[0][0].name == "Interference"  # not the Penalty Shot's "Crossed arms above the head"
    plain = search_signals(signals, "arms crossed with fists closed over his head", 1)
    assert plain[0][0].name == "Penalty Shot"


def test_a_signal_asked_by_its_name_alone_is_found_however_spaced(signals):
    assert search_signals(signals, "washout", 1)[0][0].name == "Washout"
    assert search_signals(signals, "high sticking", 1)[0][0].name == "High-Sticking"


def test_a_signal_name_inside_the_description_is_not_the_name_asked():
    from rulebot.corpus import load_index
    from rulebot.signals import load_signals, search_signals

    signals = load_signals(load_index())
    q = "The ref puts both fists one above the other at his side, like he's holding a bat. Which penalty is that?"
    assert search_signals(signals, q, 1)[0][0].name == "High-Sticking"
    assert search_signals(signals, "how does the ref signal holding", 1)[0][0].name == "Holding"


def _sheet(text: str):
    """A clause index of one unseen rule sheet, ``club``."""
    from rulebot.corpus.index import ClauseIndex
    from rulebot.corpus.loader import parse_ruleset
    from rulebot.models import Ruleset

    rs = Ruleset(id="club", title="Club rules", short_name="Club", embedded=False)
    club = ClauseIndex()
    club.add(rs, parse_ruleset(rs, text), text)
    return club


def test_signals_told_inside_rules_are_read_too(index):
    from rulebot.signals import rule_text_signals

    rha = [s for s in load_signals(index) if s.ruleset == "rha"]
    # RHA 409 (b): "signify the calling of a delayed penalty by raising his/her arm", not the sentence
    # after it ("the Referee shall not raise his/her arm")
    assert [(s.name, s.rules, s.in_rule) for s in rha] == [("Delayed penalty", ("409 (b)",), True)]
    # FIRS has Annex B as its list; the signals its rules tell that the list does not give are read
    # too: the goal judges' arms (4.6 D, given by the goal judge, not a referee) and the arm raised
    # when the visiting team may no longer change (5.5.4 G); 6.3 B's is Annex B's Delay Penalty
    told = [s for s in load_signals(index) if s.ruleset == "firs-2017" and s.in_rule]
    assert [s.rules[0] for s in told] == ["4.6 D •3", "4.6 D •4", "4.6 D •6", "5.5.4 G"]
    assert [s.official for s in told] == ["goal judge"] * 3 + [""]
    club = _sheet("Club rules\n\n1. Goals. The referee shall signal a goal by pointing at the net with the "
                  "whistle hand.\n\n2. Penalties. The referee shall signal the penalty to the scorer after the "
                  "whistle.\n\n3. Goal judges\nThe goal judge shall raise one arm to indicate that the puck has "
                  "crossed the goal line.\n\n4. Players\nA player who raises his arm to call for a pass is not "
                  "signalling anything.\n")
    assert [(s.name, s.rules, s.official) for s in rule_text_signals(club, "club")] == [
        ("Goal", ("1",), ""), ("Goal judges: the puck has crossed the goal line", ("3",), "goal judge")]


def test_a_gesture_a_rule_tells_comes_first_when_the_story_is_that_rules():
    from rulebot.search import get_searcher

    # the arm raised at a line change is FIRS 5.5.4 G's ("the Referee not conducting the face off shall
    # raise an arm to indicate that the visiting team may no longer change"), not Annex B's delay penalty
    a = get_searcher().ask("During a line change at the whistle, the back ref puts his arm up for a few "
                           "seconds. What does that arm mean for the benches?", "firs-2017")
    assert a.citations[0].rule == "5.5.4 G"
    # with no such story, the arm raised is the delayed penalty
    b = get_searcher().ask("Ref raises his arm straight up and keeps it there. What's that?", "firs-2017")
    assert [c.rule for c in b.citations[:2]] == ["6.3 B", "Annex B Delay Penalty"]


def test_a_goal_judges_signal_answers_only_a_question_about_the_goal_judge(index):
    signals = [s for s in load_signals(index) if s.ruleset == "firs-2017"]
    # "one arm straight up" is one arm above the head (4.6 D •6), not both hands (4.6 D •3)
    top = search_signals(signals, "the goal judge sticks one arm straight up over his head", 3)
    assert top[0][0].rules == ("4.6 D •6",)
    assert not any(s.official for s, _ in search_signals(signals, "one arm straight up over his head", 10))
    # both hands above the head, told of the goal judge: his goal signal (4.6 D •3), not the
    # referee's penalty shot (crossed arms above the head)
    assert search_signals(signals, "the goal judge raises both hands above his head", 1)[0][0].rules == ("4.6 D •3",)
    # arms "out to the side" are arms extended and at the side: the goal judge's no-goal (4.6 D •4,
    # "arms straight out from their sides"), not his goal (both hands above the head)
    assert search_signals(signals, "goal judge puts both arms out to the side", 1)[0][0].rules == ("4.6 D •4",)
    # the goal judge told by where he sits, not by name
    top = search_signals(signals, "the man seated behind our goal lifts both hands high above his head", 1)
    assert top[0][0].rules == ("4.6 D •3",)
    from rulebot.search.intent import classify

    assert classify("The fellow standing behind the cage puts both arms out sideways. What's he telling us?").signal
    # one fist on top of the other is both fists (High-Sticking), not one
    top = search_signals(signals, "ref holds one fist on top of the other, off to his side", 1)
    assert top[0][0].name == "High-Sticking"


def test_a_chop_is_told_from_a_grasp(signals):
    # the action decides: a chop on the wrist is Slashing's chop to the forearm, not Holding's grasp
    assert search_signals(signals, "ref chops the side of his wrist with the other hand")[0][0].name == "Slashing"
    assert search_signals(signals, "ref grabs his own wrist in front of him")[0][0].name == "Holding"


def test_a_signal_answer_cites_its_rule_by_a_clause_with_text_and_names_it_once():
    from rulebot.search import get_searcher

    answer = get_searcher().ask("ref puts his hand on his knee, skates on the floor, what's the signal?", "firs-2017")
    assert answer.citations[0].rule == "Annex B Kneeing"
    assert all(c.text for c in answer.citations)  # not FIRS 6.4.17, a heading with no text of its own
    rule = next(c for c in answer.citations if c.rule.startswith("6.4.17"))
    assert "knee" in rule.text
    from rulebot.corpus import load_index

    assert load_index().get(answer.citations[0].clause_id).label == "Annex B Kneeing"


def test_a_penalty_class_signal_goes_only_with_a_clause_that_gives_that_penalty():
    # FIRS Annex B links the Penalty Shot signal to rule 6.4.8 (its B, the last two minutes); 6.4.8 A is a minor
    from rulebot.corpus import load_index
    from rulebot.search.answer import signal_for

    index = load_index()
    assert signal_for(index, index.lookup("firs-2017", "6.4.8 A")) is None
    assert signal_for(index, index.lookup("firs-2017", "6.4.8 B")).name == "Penalty Shot"


def test_a_signal_named_as_what_the_gesture_looks_like():
    from rulebot.corpus import load_index
    from rulebot.signals import load_signals, search_signals

    found = search_signals(load_signals(load_index()), "both arms swept out across his chest, like a wash out")
    assert found[0][0].name == "Washout"


def test_a_signal_asked_by_another_form_of_its_name():
    from rulebot.corpus import load_index
    from rulebot.signals import load_signals, search_signals

    found = search_signals(load_signals(load_index()), "which signal does the ref give for a high stick?")
    assert found[0][0].name == "High-Sticking"


@pytest.mark.parametrize("question, name", [
    # the meaning asked outright, whatever else the story tells
    ("Watching myself on tape I bring the edge of my free hand down onto the forearm of my whistle arm. "
     "What penalty am I showing?", "Slashing"),
    ("If I call a hook, what do you two show the bench and the box?", "Hooking"),
    # a gesture told, then "what's it mean?"
    ("Puck goes in and you see me with both arms straight out to the sides, palms open. "
     "Tell the table what that means.", "Washout"),
    ("Both hands on the hips - you'll see me do that after some chirping at the bench. What's it mean?", "Misconduct"),
    # "drive a fist into the palm" strikes it; "chest high" is at the chest, not above the head
    ("From across the rink you see your partner drive a closed fist into his other open palm, chest high. "
     "What has he got?", "Boarding"),
])
def test_a_gesture_asked_about_in_a_referee_s_words_is_answered_with_its_signal(question, name):
    from rulebot.search import get_searcher
    from rulebot.search.intent import classify

    assert classify(question).signal
    assert get_searcher().ask(question, None).answer.startswith(f"{name} — signal")


def test_the_arm_s_meaning_asked_after_a_story_of_play_is_the_rulebook_s_own_signal():
    from rulebot.search import get_searcher

    question = ("My partner put his arm up but let play go on after a D-man hooked the puck carrier. "
                "What's the arm mean and when does he blow it dead?")
    answer = get_searcher().ask(question, "rha")
    assert answer.answer.startswith("Delayed penalty — signal") and answer.citations[0].rule == "409 (b)"


def test_no_signal_of_that_name_asked_of_every_rulebook_quotes_the_signal_list_s_own_rule_first():
    from rulebot.search import get_searcher

    a = get_searcher().ask("what's the signal for too many men?", None)
    assert a.answer.startswith("The FIRS signal list has no signal for too many men.")
    assert (a.citations[0].ruleset, a.citations[0].rule) == ("firs-2017", "6.4.6 A")


@pytest.mark.parametrize("question, name", [
    ("blanking. hooking sig - what do i do w/ my hands?", "Hooking"),  # "sig" is a signal
    ("PS sig - crossed fists over the head or in front of the chest?", "Penalty Shot"),
    ("new guy on my crew chops his whistle-hand forearm w/ the other hand. what's he calling", "Slashing"),
    # the official does something with his own wrist, whatever the story told before
    ("After their kid wrapped up my forward, the ref grabbed his own wrist in front of his body. Which "
     "penalty goes on the game sheet?", "Holding"),
])
def test_a_signal_asked_in_rink_shorthand(question, name):
    from rulebot.search import get_searcher

    assert get_searcher().ask(question, "firs-2017").answer.startswith(f"{name} — signal")


def test_the_edge_of_one_hand_slashed_across_the_other_is_a_chop(index):
    signals = [s for s in load_signals(index) if s.ruleset == "firs-2017"]
    # Slashing: "A chop to the forearm of the whistle hand with the non-whistle hand", not Holding's wrist
    top = search_signals(signals, "ref slashes the edge of one hand across the wrist of the other", 1)
    assert top[0][0].name == "Slashing"


def test_a_gesture_the_rulebook_describes_in_passing_wins_over_a_signal_named_by_its_meaning():
    from rulebot.search import get_searcher

    # RHA has no signal list; its 409 (b) tells the delayed call's arm, and not raising it for a
    # misconduct; FIRS's Misconduct signal (hands on hips) matches "misconduct" by name only
    a = get_searcher().ask("She was told that for a misconduct she doesn't put her arm up the way she does for "
                           "a normal delayed call. Is that right in RHA?", "rha")
    assert a.citations[0].ruleset == "rha" and "shall not raise his/her arm" in a.citations[0].text


def test_the_signal_asked_by_name_is_the_one_named_first_not_the_gesture_guessed_after_it():
    from rulebot.search import get_searcher

    a = get_searcher().ask("Is the FIRS referee signal for slashing the tap on the elbow?", "firs-2017")
    assert a.citations[0].clause_id == "firs-2017:annex-b.slashing" and "chop to the forearm" in a.answer


def test_a_signal_asked_as_one_name_or_another_is_not_taken_by_order():
    from rulebot.search import get_searcher

    named = get_searcher().signal_named("Is tapping the elbow the signal for slashing or elbowing?", {"firs-2017"})[1]
    assert named is not None and named.name == "Elbowing"


def test_arms_crossed_over_the_chest_are_crossed_arms_not_a_hand_across_it(signals):
    # FIRS Annex B Interference, "Crossed arms with both fists closed in front of the body"; Delay of Game is
    # one open hand "placed across the chest": "over his chest" says where, not a motion across
    assert signal_concepts("ref crosses his arms over his chest").get("across") is None
    found = search_signals(signals, "ref crosses his arms over his chest", 3)
    assert found[0][0].name == "Interference"
    assert search_signals(signals, "he puts his open hand across his chest and then extends it", 1)[0][0].name == (
        "Delay of Game")
