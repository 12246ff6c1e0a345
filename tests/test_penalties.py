"""Penalty classes and infractions (issue 3), on the real embedded rulebooks."""

from __future__ import annotations

import re

import pytest

from rulebot import penalties as P
from rulebot.corpus import load_index
from rulebot.errors import UsageError


@pytest.fixture(scope="module")
def index():
    return load_index()


def _classes(index, rid):
    return {c.name: c for c in P.penalty_classes(index, rid)}


def _norm(text):
    return re.sub(r"\s+", " ", text).strip()


# ------------------------------------------------------------------------------------------ codes

@pytest.mark.parametrize("code, kinds, minutes", [
    ("2'", ("minor",), 2.0),
    ("2+2'", ("double minor",), 4.0),
    ("5'+GM", ("major", "game misconduct"), 5.0),
    ("2'+GM", ("minor", "game misconduct"), 2.0),
    ("2+2+GM", ("double minor", "game misconduct"), 4.0),
    ("10'", ("misconduct",), 10.0),
    ("MIS", ("misconduct",), None),
    ("GM", ("game misconduct",), None),
    ("MP", ("match",), None),
    ("PS", ("penalty shot",), None),
    ("GE", ("game ejection",), None),
])
def test_parse_code(code, kinds, minutes):
    parts = P.parse_code(code)
    assert parts.raw == code
    assert parts.kinds == kinds
    assert parts.minutes == minutes


def test_parse_code_keeps_words_that_are_not_a_code():
    parts = P.parse_code("Face off report to authority")
    assert parts.parts == () and parts.note == "Face off report to authority"
    assert parts.label == "Face off report to authority"


@pytest.mark.parametrize("sentence, expected", [
    ("A Minor Penalty or at the discretion of the Referee, a Major Penalty and a Game Misconduct Penalty "
     "shall be imposed on a player who holds an opponent", [("minor",), ("major", "game misconduct")]),
    ("Any major penalty assessed for slashing may also include a game ejection or game misconduct penalty "
     "at the Referee s discretion.", [("major", "game ejection"), ("major", "game misconduct")]),
    ("A 10-minute misconduct, game ejection or game misconduct penalty shall be assessed to any player",
     [("misconduct",), ("game ejection",), ("game misconduct",)]),
    ("Should a player refuse to surrender his/her stick for measurement, that player shall be assessed a "
     "minor plus a misconduct penalty.", [("minor", "misconduct")]),
    ("A minor penalty shall be assessed to any player on the playing surface who throws a stick in any "
     "zone except when such act has been penalized by a penalty shot or awarded a goal.", [("minor",)]),
    ("If an injured player receives a minor penalty, the penalized team shall place a substitute player "
     "on the penalty bench", []),
    ("For infringement of this rule play shall immediately be stopped and a penalty shot shall be "
     "ordered against the offending team but no other penalty shall be given.", [("penalty shot",)]),
    ("A Minor Penalty/Bench Minor Penalty shall be assessed to any player or team official who "
     "challenges or disputes the rulings of any official", [("minor",), ("bench minor",)]),
])
def test_parts_from_text(sentence, expected):
    assert [alt.kinds for alt in P.parts_from_text(sentence)] == expected


def test_generic_penalty_only_where_the_ruleset_has_one():
    s = "High sticking an opposing player will result in a penalty and immediate game ejection."
    assert [a.kinds for a in P.parts_from_text(s, "penalty")] == [("penalty", "game ejection")]
    assert [a.kinds for a in P.parts_from_text(s, None)] == [("game ejection",)]


def test_split_rule_refs():
    assert P.split_rule_refs("6.4.20 A, B") == ["6.4.20 A", "6.4.20 B"]
    assert P.split_rule_refs("6.4.28A B, C") == ["6.4.28 A", "6.4.28 B", "6.4.28 C"]
    assert P.split_rule_refs("6.4.21C") == ["6.4.21 C"]
    assert P.split_rule_refs("6.4.5") == ["6.4.5"]


def test_format_minutes():
    assert P.format_minutes(2.0) == "2" and P.format_minutes(1.5) == "1:30" and P.format_minutes(None) == ""


# ------------------------------------------------------------------------------------------ classes

def test_firs_classes(index):
    c = _classes(index, "firs-2017")
    assert (c["minor"].minutes, c["minor"].rule) == (2.0, "6.1.2 A")
    assert (c["bench minor"].minutes, c["bench minor"].rule) == (2.0, "6.1.2 D")
    assert (c["major"].minutes, c["major"].rule) == (5.0, "6.1.3 A")
    assert (c["misconduct"].minutes, c["misconduct"].rule) == (10.0, "6.1.4 A")
    assert c["game misconduct"].minutes is None and c["game misconduct"].charged_minutes == 10.0
    assert (c["match"].minutes, c["match"].charged_minutes, c["match"].rule) == (5.0, 5.0, "6.1.6 A")
    assert "balance of the game" in c["game ejection"].effect
    assert c["penalty shot"].rule.startswith("6.1.8")
    assert all(c[n].defined for n in ("minor", "bench minor", "major", "misconduct", "game misconduct",
                                       "match", "game ejection", "penalty shot"))


def test_rha_classes(index):
    c = _classes(index, "rha")
    assert (c["minor"].minutes, c["minor"].alt_minutes, c["minor"].rule) == (1.5, (2.0,), "402 (a)")
    assert c["minor"].duration_label == "1:30 or 2 min"
    assert (c["bench minor"].minutes, c["bench minor"].alt_minutes) == (1.5, (2.0,))
    assert (c["major"].minutes, c["major"].alt_minutes, c["major"].rule) == (4.0, (5.0,), "403 (a)")
    assert (c["misconduct"].minutes, c["misconduct"].rule) == (10.0, "404 (a)")
    assert c["game ejection"].rule == "404 (c)" and c["game ejection"].charged_minutes == 10.0
    assert c["game misconduct"].rule == "404 (d)" and "next game" in c["game misconduct"].effect
    assert c["gross misconduct"].rule == "404 (g)"
    assert (c["match"].minutes, c["match"].alt_minutes, c["match"].rule) == (4.0, (5.0,), "405 (a)")
    assert c["penalty shot"].rule == "406 (a)"


def test_ball_hockey_classes(index):
    c = _classes(index, "ball-hockey")
    assert (c["penalty"].minutes, c["penalty"].rule) == (1.0, "23")
    ejection = c["game ejection"]
    assert not ejection.defined
    assert [index.get(i).number for i in ejection.clause_ids] == ["27", "39"]
    assert "three penalties" in ejection.effect


def test_youth_cup_classes(index):
    c = _classes(index, "youth-cup")
    assert [(n, c[n].minutes) for n in ("minor", "major", "game misconduct", "match")] == [
        ("minor", 2.0), ("major", 5.0), ("game misconduct", 25.0), ("match", 25.0)]
    assert c["game misconduct"].duration == "(5+20)"
    assert "next game" in c["match"].effect


def test_u9_class(index):
    c = _classes(index, "challenge-cup-u9")
    assert list(c) == ["penalty shot"]
    assert "sit out the next shift" in c["penalty shot"].effect


def test_every_class_cites_the_clause_it_quotes(index):
    for pc in P.penalty_classes(index):
        clause = index.get(pc.clause_id)
        assert clause is not None and clause.ruleset == pc.ruleset
        first = re.sub(r"^(?:NOTE\s*\d*:\s*|\d+\.\s+)", "", pc.effect.split(". ")[0])[:40]
        texts = " ".join(_norm(index.get(i).text) for i in pc.clause_ids)
        assert _norm(first) in texts, (pc.ruleset, pc.name)


# ------------------------------------------------------------------------------------------ Annex C

def test_annex_c_infractions(index):
    rows = P.infractions(index, "firs-2017")
    assert len(rows) == 83
    assert all(r.source == "index" and r.row_id for r in rows)
    boarding = [r for r in rows if r.infraction == "Boarding"]
    assert [(r.rule, r.code, r.severe, r.penalty, r.minutes) for r in boarding] == [
        ("6.4.13", "2'", False, "minor", 2.0),
        ("6.4.13", "5'+GM", True, "major + game misconduct", 5.0)]
    spear = next(r for r in rows if r.infraction == "Spearing and Butt-Ending causing Injury")
    assert (spear.rule, spear.code, spear.parts.kinds, spear.minutes) == ("6.4.31B", "MP", ("match",), 5.0)
    assert spear.clause_id == "firs-2017:6.4.31.b"
    shoot = next(r for r in rows if r.code == "MIS")
    assert (shoot.parts.kinds, shoot.minutes) == (("misconduct",), 10.0)


def test_every_annex_c_reference_resolves_or_is_listed(index):
    rows = P.infractions(index, "firs-2017")
    for r in rows:
        assert r.clause_ids or r.missing_refs, r
        for cid in r.clause_ids:
            assert index.get(cid).ruleset == "firs-2017"
        assert r.unresolved == bool(r.missing_refs)
    missing = {(r.infraction, ref) for r in rows for ref in r.missing_refs}
    # 6.4.28 has paragraphs A and B only; the index also cites a C
    assert missing == {("Physical Abuse of Officials", "6.4.28 C")}
    handling = next(r for r in rows if r.rule == "6.4.20 A, B")
    assert handling.clause_ids == ("firs-2017:6.4.20.a", "firs-2017:6.4.20.b")


def test_annex_c_rows_link_back_to_their_row_clause(index):
    for r in P.infractions(index, "firs-2017"):
        row = index.get(r.row_id)
        assert row.kind == "table-row" and row.text.startswith(r.infraction)


# ------------------------------------------------------------------------------------------ rule text

def test_rha_playing_rules_carry_their_penalties(index):
    infs = P.infractions(index, "rha")
    by_rule = {}
    for i in infs:
        by_rule.setdefault(i.rule, []).append(i.parts.kinds)
    assert by_rule["636 (a)"] == [("major",)]
    assert by_rule["636 (c)"] == [("major", "game misconduct")]
    assert by_rule["635 (a)"] == [("minor",), ("major",)]
    assert by_rule["635 (e)"] == [("major", "game ejection"), ("major", "game misconduct")]
    assert by_rule["626 (a)"] == [("match",)]
    assert by_rule["620 (b)"] == [("major",)]
    assert ("game misconduct",) in by_rule["615 (d)"]
    assert by_rule["301 (e)"] == [("minor", "misconduct")]
    assert by_rule["638 (b)"] == [("minor",)]
    assert by_rule["629 (j)"] == [("bench minor", "game ejection"), ("bench minor", "game misconduct")]
    # every playing rule 601-642 that imposes anything has records; the others impose nothing
    rules = [c for c in index.by_ruleset("rha") if c.kind == "rule" and c.number.startswith("6")]
    without = {c.number for c in rules if not any(i.rule.split()[0] == c.number for i in infs)}
    assert without == {"616", "627", "630", "632", "633", "637", "639", "640"}
    # section IV defines the classes: no infractions from it
    assert not [i for i in infs if i.rule.startswith("4")]


def test_rha_durations_use_its_classes(index):
    spear = next(i for i in P.infractions(index, "rha") if i.rule == "636 (a)")
    assert (spear.minutes, spear.alt_minutes, spear.duration) == (4.0, (5.0,), "4 or 5 min")
    stick = next(i for i in P.infractions(index, "rha") if i.rule == "301 (e)")
    assert stick.duration == "1:30/2 + 10 min"
    double = next(i for i in P.infractions(index, "rha") if i.parts.kinds == ("double minor",))
    assert (double.minutes, double.alt_minutes) == (3.0, (4.0,))


def test_ball_hockey_penalty_rules(index):
    infs = P.infractions(index, "ball-hockey")
    numbers = {i.rule for i in infs}
    assert {str(n) for n in range(24, 42)} <= numbers | {"35"}
    by_rule = {}
    for i in infs:
        by_rule.setdefault(i.rule, []).append(i)
    assert by_rule["27"][0].parts.kinds == ("penalty", "game ejection")
    assert by_rule["35 ¶2"][0].parts.kinds == ("penalty shot",)
    assert by_rule["39"][0].parts.kinds == ("game ejection",)
    assert by_rule["40"][0].infraction == "Delay of game" and by_rule["40"][0].minutes == 1.0
    assert by_rule["25"][0].infraction == "Hooking" and by_rule["25"][0].duration == "1 min"


def test_u9_infraction(index):
    infs = P.infractions(index, "challenge-cup-u9")
    assert [(i.rule, i.parts.kinds) for i in infs] == [("11", ("penalty shot",))]


# ------------------------------------------------------------------------------------------ search

def test_search_penalties(index):
    hits = P.search_penalties(index, "spearing causing injury", "firs-2017")
    assert (hits[0][0].rule, hits[0][0].code) == ("6.4.31B", "MP")
    hits = P.search_penalties(index, "kicking", "firs-2017")
    assert hits[0][0].infraction == "Kicking Opponent"
    hits = P.search_penalties(index, "spearing", "rha")
    assert hits[0][0].rule.startswith("636")
    hits = P.search_penalties(index, "refuses to hand over his stick for measurement", "rha")
    assert hits[0][0].rule == "301 (e)"


def test_search_by_code(index):
    rows = [i for i, _ in P.search_penalties(index, None, "firs-2017", code="MP")]
    assert rows and all(i.parts.kinds == ("match",) for i in rows)
    assert len(rows) == 8
    severe = [i for i, _ in P.search_penalties(index, None, None, code="5'+GM")]
    assert {i.ruleset for i in severe} == {"firs-2017", "rha"}
    assert all({"major", "game misconduct"} <= set(i.parts.kinds) for i in severe)
    assert [i for i, _ in P.search_penalties(index, None, "rha", code="major")]


def test_search_errors(index):
    with pytest.raises(UsageError):
        P.search_penalties(index, "boarding", "nhl")
    with pytest.raises(UsageError):
        P.search_penalties(index, None, None, code="XYZ")


def test_to_json_is_plain(index):
    import json

    for i in P.infractions(index)[:50]:
        json.dumps(i.to_json())
    # the rule as printed ("6.4.31B") and as the clause index numbers it, which `rulebot show` finds
    row = next(i for i in P.infractions(index, "firs-2017") if i.rule == "6.4.31B")
    assert row.to_json()["rules"] == ["6.4.31 B"] and index.lookup("firs-2017", "6.4.31 B") is not None


# ------------------------------------------------------------------------------------------ properties

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_CODE_TEXT = st.one_of(st.text(max_size=20), st.text(alphabet="0123456789'+GMSPEIM ", max_size=12))


@settings(max_examples=300, deadline=None)
@given(_CODE_TEXT)
def test_parse_code_never_raises_and_keeps_its_text(code):
    parts = P.parse_code(code)
    assert parts.raw == code.strip()
    assert parts.parts or parts.note == code.strip()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["a", "minor", "major", "or", "and", "plus", "game", "misconduct",
                                 "penalty", "shot", "match", "may", "also", "include", "no", "shall",
                                 "be", "imposed", ",", "If", "except", "ejection", "double", "bench"]),
                max_size=25))
def test_parts_from_text_never_raises(words):
    sentence = " ".join(words)
    for alt in P.parts_from_text(sentence, "penalty"):
        assert alt.parts and all(p.kind in P.CLASS_NAMES + ("penalty",) for p in alt.parts)


def test_lengths_in_seconds_and_two_categories_in_one_sentence():
    from rulebot.penalties import _BARE_PLURAL_AND, _duration

    assert _duration("Minor penalties are 90 seconds.") == (1.5, (), "90 seconds")
    assert _duration("Each team is allowed one 30 second timeout") == (0.5, (), "30 second")
    assert _BARE_PLURAL_AND.split("Minors are 90 seconds and majors are 4 minutes.") == [
        "Minors are 90 seconds", "majors are 4 minutes."]


def test_a_penalty_search_reads_the_whole_clause_not_only_its_penalty_sentence():
    """RHA 642 (c): "A major penalty ... who injures an opponent by tripping. This includes but is not
    limited to the act of slew footing." — the second sentence names the infraction asked about."""
    from rulebot.corpus import load_index
    from rulebot.penalties import search_penalties

    hits = search_penalties(load_index(), "slew footing", "rha")
    assert hits[0][0].rule == "642 (c)" and hits[0][0].parts.kinds == ("major",)
    # ... while a clause that names spearing only in a list of stick penalties is no row for spearing
    assert all("spear" in i.infraction.lower() for i, _ in search_penalties(load_index(), "spearing"))


def test_a_penalty_search_knows_the_synonym_lists_names():
    """FIRS names too many men on the floor "Illegal Substitution" (Annex C, 6.4.6C)."""
    from rulebot.corpus import load_index
    from rulebot.penalties import search_penalties

    hits = search_penalties(load_index(), "too many men", "firs-2017")
    assert hits and hits[0][0].infraction == "Illegal Substitution"


# ------------------------------------------------------------------------------------------ penalty lists

def _calls(line, in_list=True):
    """``(name, [(kinds, minutes of each part), ...])`` of a penalty-list line, or None."""
    found = P.list_line_call(line, {1.5: "minor", 4.0: "major"}.get, in_list)
    if found is None:
        return None
    name, calls = found
    return name, [(c.kinds, tuple(p.minutes for p in c.parts)) for c in calls]


@pytest.mark.parametrize("line, expected", [
    # the fresh user's Summer Slam sheet: a dash, a dot leader, a colon, a run of spaces
    ("Tripping - 90 sec", ("Tripping", [(("minor",), (1.5,))])),
    ("Tripping ........ 90 sec", ("Tripping", [(("minor",), (1.5,))])),
    ("Fighting - Match penalty (suspension for next game)", ("Fighting", [(("match",), (None,))])),
    # a call, then what else it brings
    ("Fighting - Match penalty and the player is out for the tournament.", ("Fighting", [(("match",), (None,))])),
    ("Slashing - minor, plus a warning to the coach", ("Slashing", [(("minor",), (None,))])),
    ("Checking from behind : 4 min major + game misconduct",
     ("Checking from behind", [(("major", "game misconduct"), (4.0, None))])),
    ("Unsportsmanlike conduct 1:30", ("Unsportsmanlike conduct", [(("minor",), (1.5,))])),
    # other common forms
    ("Boarding: minor or major", ("Boarding", [(("minor",), (None,)), (("major",), (None,))])),
    ("Roughing - 2 min minor", ("Roughing", [(("minor",), (2.0,))])),
    ("Checking: major (5 min)", ("Checking", [(("major",), (5.0,))])),
    ("Too many men - bench minor", ("Too many men", [(("bench minor",), (None,))])),
    ("Interference - 3 min", ("Interference", [(("penalty",), (3.0,))])),  # a length no class has
    # a second fresh user's sheets: "5 + game" (minutes and a game misconduct), a bare "match"
    ("Checking from behind - 4 + game", ("Checking from behind", [(("major", "game misconduct"), (4.0, None))])),
    ("Head contact: 5 + game misconduct", ("Head contact", [(("penalty", "game misconduct"), (5.0, None))])),
    ("Fighting.....match", ("Fighting", [(("match",), (None,))])),
])
def test_a_penalty_list_line_gives_the_infraction_and_its_call(line, expected):
    assert _calls(line) == expected


@pytest.mark.parametrize("line", [
    "Minor penalties are 90 seconds",           # a sentence: its would-be name has a verb
    "Major penalties: 4 minutes",               # a class's length, not an infraction
    "Game misconduct - 10 min",
    "Overtime: 5 minute sudden death",          # the call must be nothing but penalties
    "Game length: 2 x 20 min",
    "Mercy rule: if a team leads by 7 goals the game ends.",
    "Slew footing is a major penalty and a game misconduct.",
    "Penalty shot - 1 shooter",
    "Delay of game: 2",                         # a bare number is no length
])
def test_ordinary_sentences_are_no_penalty_list_lines(line):
    assert _calls(line) is None


def test_a_length_alone_is_a_penalty_only_in_a_list_of_penalties():
    assert _calls("Halftime - 2 min", in_list=False) is None
    assert _calls("Timeouts: 30 sec", in_list=False) is None
    assert _calls("Tripping - 90 sec", in_list=False) is None
    # a class named outright is a call anywhere; "match" alone only in a list of penalties
    assert _calls("Fighting - Match penalty", in_list=False) == ("Fighting", [(("match",), (None,))])
    assert _calls("Jerseys: match", in_list=False) is None


@given(st.lists(st.sampled_from(["Tripping", "-", ":", "........", "90", "sec", "1:30", "4", "min", "major",
                                 "+", "game", "misconduct", "or", "minor", "match", "penalty", "(", ")",
                                 "is", "a", "2", "'", "shot", "and", "s"]), max_size=12))
def test_list_line_call_never_raises(words):
    found = P.list_line_call(" ".join(words), {1.5: "minor"}.get, True)
    if found is not None:
        name, calls = found
        assert name and calls and all(c.parts and all(p.kind in P.CLASS_NAMES + ("penalty",) for p in c.parts)
                                      for c in calls)


def test_a_call_of_a_minute_and_a_half_is_written_as_the_rulebooks_write_it():
    from rulebot.corpus import load_index
    from rulebot.penalties import CodeParts, PenaltyPart
    from rulebot.search.answer import describe_call

    call = describe_call(load_index(), "ball-hockey", [CodeParts("", (PenaltyPart("penalty", 1.5),))])
    assert call == "penalty (1:30 minutes)"


def test_what_a_list_line_adds_after_its_call_is_the_calls_note():
    name, calls = P.list_line_call("Fighting - Match penalty and the player is out for the tournament.", None, True)
    assert name == "Fighting" and calls[0].note == "the player is out for the tournament"
    # a length alone is no call to add to; nor is a line whose start names no penalty
    assert P.list_line_call("Halftime - 2 min and teams switch ends", None, True) is None
    assert P.list_line_call("Overtime - sudden death and the first goal wins", None, True) is None
    # a rest that names a penalty is a second call, never a note of the first
    for line in ("Spearing - major; game misconduct", "Tripping - minor and a 10 min misconduct",
                 "Boarding - minor, major if injury", "Fighting - major, match penalty for the instigator"):
        found = P.list_line_call(line, None, True)
        assert found is None or all(not c.note for c in found[1]), line


def test_duration_words_say_minutes_as_the_rulebooks_do():
    assert P.duration_words(2) == "2 minutes"
    assert P.duration_words(1) == "1 minute"
    assert P.duration_words(1.5, (2.0,)) == "1:30 or 2 minutes"
    assert P.duration_words(25, (), "(5+20)") == "25 minutes (5+20)"
