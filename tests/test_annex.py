"""FIRS Annex B (signals) and Annex C (penalty index) rebuilt from the real extracted text."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebot.corpus.annex import (
    PenaltyRow,
    SignalEntry,
    annex_words,
    load_corrections,
    parse_penalty_index,
    parse_signals,
)

ROOT = Path(__file__).resolve().parents[1]
SOURCE = (ROOT / "corpus" / "firs-2017" / "source.txt").read_text(encoding="utf-8")
FOOTER = re.compile(r"(?:^|\s)\d{1,4}\s+V1 May 1, 2017\s*$")


def annex_body(heading: str, until: str | None) -> str:
    """The annex body the FIRS parser hands over: the lines after ``heading`` up to ``until``,
    footers removed, one paragraph per non-empty line, blank lines between."""
    lines = SOURCE.split("\n")
    start = next(i for i, ln in enumerate(lines) if ln.strip() == heading)
    end = next((i for i, ln in enumerate(lines) if until and ln.strip().startswith(until)), len(lines))
    paras = [FOOTER.sub("", ln).strip() for ln in lines[start + 1:end]]
    return "\n\n".join(p for p in paras if p)


SIGNALS_TEXT = annex_body("Annex B FIRS Penalty Signals", "Annex C FIRS")
INDEX_TEXT = annex_body("Annex C FIRS PENALTY INDEX", None)


# ------------------------------------------------------------------------------------------ Annex B

EXPECTED_SIGNALS = [
    ("Boarding", "Strike the clenched fist of one hand into the open palm of the other hand in front of the chest"),
    ("Body Checking", "The non-whistle hand is placed on the shoulder and then moved out and to the side."),
    ("Butt-Ending", "A crossing motion of the forearms, one moving under the other."),
    ("Cross-Checking", "A single forward and back motion with both fists clenched in front of the chest."),
    ("Checking from Behind", "Both open hands extended out from the body in a pushing motion."),
    ("Delay Penalty", "The extension of the action arm above the body with an open palm. Fingers are together."),
    ("Charging", "Rotating clenched fists around one another in front of the chest"),
    ("Delay of Game", "The non-whistle hand, palm open, is placed across the chest and then fully extended."),
    ("Elbowing", "Tapping either elbow with the opposite hand."),
    ("Roughing", "Fist clenched, fully extending the arm out from the body."),
    ("Goal Scored", "Point at the net with the nonwhistle hand."),
    ("Misconduct", "Both hands placed on the hips"),
    ("High-Sticking", "Holding both fists one above the other to the side of the body."),
    ("Holding", "Grasping the wrist of the whistle hand in front of the body."),
    ("Match", "The non-whistle hand placed on the top of the helmet."),
    ("Hooking", "A tug of both closed fists in toward the body."),
    ("Hand Pass", "The non-whistle hand with and open palm pushed out away from the body."),
    ("Interference", "Crossed arms with both fists closed in front of the body."),
    ("Kneeing", "The non-whistle hand placed on the knee with both skates on the surface."),
    ("Slashing", "A chop to the forearm of the whistle hand with the non-whistle hand."),
    ("Penalty Shot", "Crossed arms above the head with closed fists."),
    ("Tripping", "Keeping both skates on the surface swipe the non-whistle hand to the knee."),
    ("Timeout", "Using both hands form a “T’ in front of the chest."),
    ("Unsportsmanlike", "Using both hands form a “T’ in front of the chest."),
    ("Spearing", "A single jab with both arms extending out from the body."),
    ("Washout", "Both arms fully extended out from the body with open palms."),
]


def test_every_signal_with_its_exact_description():
    table = parse_signals(SIGNALS_TEXT)
    assert [(s.name, s.description) for s in table.signals] == EXPECTED_SIGNALS
    assert table.leftover == []


def test_signal_words_all_kept_once():
    table = parse_signals(SIGNALS_TEXT)
    out = Counter()
    for s in table.signals:
        out.update(annex_words(s.name) + annex_words(s.description))
    out.update(table.leftover)
    assert out == Counter(annex_words(SIGNALS_TEXT))


def test_timeout_and_unsportsmanlike_share_a_description():
    by_name = {s.name: s.description for s in parse_signals(SIGNALS_TEXT).signals}
    assert by_name["Timeout"] == by_name["Unsportsmanlike"]


def test_glued_name_is_split_off_its_description():
    table = parse_signals("Kneeing\n\nHand on the knee. Slashing\n\nA chop to the forearm.")
    assert table.signals == [SignalEntry("Kneeing", "Hand on the knee."),
                             SignalEntry("Slashing", "A chop to the forearm.")]


def test_interleaved_block_pairs_in_order():
    text = "Alpha\n\nBeta Gamma\n\nFirst thing done.\n\nSecond thing done.\n\nDelta\n\nThird thing."
    table = parse_signals(text)
    assert [(s.name, s.description) for s in table.signals] == [
        ("Alpha", "First thing done."), ("Beta Gamma", "Second thing done."), ("Delta", "Third thing.")]


def test_unpaired_words_are_left_over():
    table = parse_signals("Alpha\n\nBeta\n\nOnly one description here.")
    assert table.signals == [SignalEntry("Alpha", "Only one description here.")]
    assert table.leftover == ["Beta"]


# ------------------------------------------------------------------------------------------ Annex C

def test_annex_c_row_count_and_headers():
    table = parse_penalty_index(INDEX_TEXT)
    assert len(table.rows) == 83
    assert table.headers == ["DESCRIPTION", "RULE", "DURATION"] * 2


SAMPLE_ROWS = [
    (0, "Adjustment to Clothing and Equipment", "6.4.5", "2'"),   # description printed on page 2
    (1, "Boarding", "6.4.13", "2'"),
    (9, "Handling Puck with Hand", "6.4.20 A, B", "2'"),
    (16, "Illegal Substitution", "6.4.6C", "2'"),
    (20, "Refusal to Start Play", "8.1 A", "2'"),
    (23, "Stick Swung above shoulder", "6.4.21C", "2'"),
    (27, "Spearing and Butt-Ending (attempted)", "6.4.31A", "2+2'"),
    (28, "Three Stick Penalties", "6.1.7 C", "GE"),
    (29, "Cross Checking *", "6.4.14B", "5'+GM"),
    (31, "Cross Checking Goalkeeper with in the crease", "6.4.14B", "5'+GM"),
    (36, "Slashing during Altercation", "6.4.30 C", "MP"),
    (37, "Spearing and Butt-Ending causing Injury", "6.4.31B", "MP"),
    # page 2: the first two rows' descriptions are packed into one paragraph after the header
    (38, "Leaving the Player or Penalty Benches( During a fight or for purpose of starting a fight)",
     "6.4.27 F", "2+2+GM"),
    (39, "Throwing Stick", "6.4.32 A", "2'+GM"),
    (40, "Boarding *", "6.4.13", "5'+GM"),
    (43, "Checking From Behind", "6.4.26 A", "5'+GM"),
    (48, "Hooking Causing Injury", "6.4.23B", "5'+GM"),
    (55, "Elbowing or Kneeing *", "6.4.17A", "5'+GM"),
    (57, "Fighting (Intervene in fight)", "6.4.19 E", "GM"),
    (62, "Obscene or Profane Language or Gestures", "6.4.29", "GM"),
    (65, "Second Misconduct same game", "6.1.7D", "GM"),
    (66, "Shooting the puck out of the reach of an official", "6.4.9 B", "MIS"),
    (72, "Physical Abuse of Officials", "6.4.28A B, C", "MP"),
    (74, "Deliberate Displacement of the Goal Post", "6.4.8", "PS"),
    (75, "Penalty Shots –Awarded Goals", "6.4.35", None),          # no duration printed
    (76, "Banging Boards", "6.4.9 C", "10'"),
    (77, "Entering the Referee Crease without permission", "6.4.9K", "10'"),
    # the last three durations are packed into the table's final line
    (80, "Third Minor Penalty", "6.1.7 A", "10'"),
    (81, "Interference by Spectators", "6.4.25", "Face off report to authority"),
    (82, "Subsequent Penalty", "6.1.7 B", "GE"),
]


@pytest.mark.parametrize("index, description, rule, code", SAMPLE_ROWS)
def test_annex_c_sample_rows(index, description, rule, code):
    rows = parse_penalty_index(INDEX_TEXT).rows
    assert rows[index] == PenaltyRow(description, rule, code)


def test_annex_c_rows_all_complete():
    rows = parse_penalty_index(INDEX_TEXT).rows
    assert all(r.description and r.rule for r in rows)
    assert [r.description for r in rows if r.code is None] == ["Penalty Shots –Awarded Goals"]
    # every asterisk row is the severe (major + game misconduct) form
    assert sum(r.code == "2'" for r in rows) == 27
    assert {r.code for r in rows if r.description.endswith("*")} == {"5'+GM"}


def test_annex_c_words_all_kept_once():
    table = parse_penalty_index(INDEX_TEXT)
    out = Counter(table.headers)
    for r in table.rows:
        out.update(annex_words(r.description) + annex_words(r.rule) + annex_words(r.code or ""))
    assert out == Counter(annex_words(INDEX_TEXT))


def test_simple_table_reads_row_by_row():
    text = "DESCRIPTION\n\nRULE\n\nDURATION\n\nBoarding\n\n6.4.13\n\n2'\n\nProtest\n\n6.4.2\n\n10'"
    table = parse_penalty_index(text)
    assert table.rows == [PenaltyRow("Boarding", "6.4.13", "2'"), PenaltyRow("Protest", "6.4.2", "10'")]


# ------------------------------------------------------------------------------------------ corrections

def test_corrections_have_reasons_and_occur_in_the_source():
    raw = yaml.safe_load((ROOT / "rulebot" / "data" / "annex_corrections.yaml").read_text(encoding="utf-8"))
    squashed = re.sub(r"\s+", " ", SOURCE)
    fixes = load_corrections()
    assert fixes.signals, "the signal corrections are expected for the real annex"
    for fix in fixes.signals:
        assert fix.reason
        assert fix.name in squashed
        assert fix.description in squashed
    for fix in fixes.splits:
        assert fix.reason and fix.text in squashed
    assert len(raw["signals"]) == len(fixes.signals)


def test_every_signal_correction_is_used():
    table = parse_signals(SIGNALS_TEXT)
    pairs = {(s.name, s.description) for s in table.signals}
    for fix in load_corrections().signals:
        assert (fix.name, fix.description) in pairs


# ------------------------------------------------------------------------------------------ properties

_PARA = st.one_of(
    st.sampled_from(["DESCRIPTION", "RULE", "DURATION", "RULE 6.4.5", "6.4.21C", "6.4.20 A, B", "2'",
                     "5'+GM", "GM", "MP", "10' Face off GE", "Boarding *", "Holding Causing Injury",
                     "DESCRIPTION Leaving the Benches( During a fight) Throwing Stick"]),
    st.text(alphabet="abcXYZ 12'+().", min_size=1, max_size=20),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_PARA, max_size=25))
def test_penalty_index_never_loses_or_invents_words(paras):
    text = "\n\n".join(paras)
    table = parse_penalty_index(text)
    out = Counter(table.headers)
    for r in table.rows:
        out.update(annex_words(r.description) + annex_words(r.rule) + annex_words(r.code or ""))
    assert out == Counter(annex_words(text))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["Boarding", "Roughing /", "Delay of Game", "Match",
                                           "Hand on the knee. Slashing", "Fists closed.",
                                           "The non-whistle hand placed on the top of the helmet."]),
                          st.text(alphabet="aBc. /", min_size=1, max_size=15)), max_size=20))
def test_signals_never_lose_or_invent_words(paras):
    text = "\n\n".join(paras)
    table = parse_signals(text)
    out = Counter(table.leftover)
    for s in table.signals:
        out.update(annex_words(s.name) + annex_words(s.description))
    assert out == Counter(annex_words(text))
