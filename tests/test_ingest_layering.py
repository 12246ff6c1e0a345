"""Layering (issue 7, item 3): a tournament sheet ingested with ``--base`` answers first; the base
answers what it does not cover; base rules on a subject the sheet changes are labelled replaced."""

from __future__ import annotations

import json

import pytest

from ingest_support import DATA, run_cli
from rulebot.corpus import load_index
from rulebot.layering import layer_chain, layer_citations, layered_answer, same_subject, subjects_of
from rulebot.models import Hit


@pytest.fixture
def layered(capsys):
    status, _, err = run_cli(capsys, "ingest", str(DATA / "spring-classic.txt"), "--base", "rha")
    assert status == 0, err
    from rulebot.search import Searcher

    searcher = Searcher(load_index(use_cache=False))
    return searcher


def _sheet(capsys, path, text: str, base: str):
    """Ingest ``text`` as the sheet ``path`` layered over ``base``; a searcher over the index with it."""
    from rulebot.search import Searcher

    path.write_text(text, encoding="utf-8")
    status, _, err = run_cli(capsys, "ingest", str(path), "--base", base)
    assert status == 0, err
    return Searcher(load_index(use_cache=False))


def _ask(searcher, question, limit=5):
    # Searcher.ask layers a ruleset that has a base; it must equal the layering function run on the
    # un-layered ask.
    answer = searcher.ask(question, "spring-classic", limit)
    assert answer == layered_answer(searcher.index, searcher._ask_one, question, "spring-classic", limit)
    return answer


def test_game_length_tournament_first_base_replaced(layered):
    answer = _ask(layered, "How long is a game?")
    first = answer.citations[0]
    assert (first.ruleset, first.layer, first.rule) == ("spring-classic", "tournament", "1.1")
    assert "12 minute" in answer.answer and answer.answer.startswith("Games consist of two 12 minute")
    replaced = [c for c in answer.citations if c.layer == "replaced"]
    assert replaced and all(c.ruleset == "rha" for c in replaced)
    assert any(c.rule.startswith("640") and "two periods" in c.text for c in replaced)
    layers = [c.layer for c in answer.citations]
    assert layers[: layers.index("replaced")] == ["tournament"] * layers.index("replaced")
    assert answer.to_json()["layers"] == {"tournament": "spring-classic", "base": "rha"}
    assert answer.to_json()["citations"][0]["layer"] == "tournament"


def test_another_rulebooks_signal_is_labelled_neither_the_sheets_nor_the_bases(layered):
    # RHA describes no penalty-shot signal: FIRS Annex B's is offered, and it is no clause of the sheet
    answer = layered.ask("what's the signal for a penalty shot?", "spring-classic")
    assert answer.citations[0].ruleset == "firs-2017" and "Crossed arms" in answer.citations[0].text
    assert all(c.layer is None for c in answer.citations if c.ruleset not in ("spring-classic", "rha"))
    assert "FIRS" in answer.answer


def test_overtime_replaces_the_base_tied_games_rule(layered):
    answer = _ask(layered, "What happens if a playoff game is tied after regulation?")
    assert answer.citations[0].rule == "2.2" and answer.citations[0].layer == "tournament"
    assert any(c.layer == "replaced" and c.rule.startswith("639") for c in answer.citations)


def test_penalty_length_puts_the_tournament_penalty_rule_first(layered):
    answer = _ask(layered, "How long is a minor penalty?")
    assert answer.citations[0].rule == "3.1" and answer.citations[0].layer == "tournament"
    assert "Minor penalties are 1.5 minutes" in answer.answer
    assert any(c.layer == "replaced" and c.rule.startswith("402") for c in answer.citations)


def test_the_length_of_a_penalty_the_sheet_does_not_name_is_the_bases_call_in_the_sheets_lengths(layered):
    # the sheet sets only the classes' lengths: "how long is the penalty for boarding" is RHA 605's call,
    # as "what is the penalty for boarding" is, not "the sheet does not name that infraction"
    for q in ("How long is the penalty for boarding?", "how long is a boarding penalty"):
        answer = _ask(layered, q)
        assert (answer.citations[0].ruleset, answer.citations[0].layer) == ("rha", "base"), q
        assert answer.citations[0].rule.startswith("605"), q
        assert answer.answer.startswith("Minor (1.5 minutes) or major (4 minutes)"), q


def test_falls_back_to_the_base_for_what_the_sheet_does_not_cover(layered):
    answer = _ask(layered, "What is the penalty for boarding?")
    assert answer.citations[0].ruleset == "rha" and answer.citations[0].layer == "base"
    assert answer.citations[0].rule.startswith("605")
    assert "replaced" not in {c.layer for c in answer.citations}
    # the call comes from RHA 605, its lengths from the sheet's 3.1 ("Minor penalties are 1.5 minutes
    # and major penalties are 4 minutes"), which is cited next
    assert answer.answer.startswith("Minor (1.5 minutes) or major (4 minutes)")
    assert "(from RHA; penalty lengths from the tournament's rule 3.1)" in answer.answer
    assert (answer.citations[1].rule, answer.citations[1].layer) == ("3.1", "tournament")
    answer = _ask(layered, "Where is the face-off after a goal?")
    assert "the tournament rules do not cover this" in answer.answer


def test_no_base_means_a_plain_answer(layered):
    searcher = layered
    plain = layered_answer(searcher.index, searcher.ask, "How long is a game?", "rha", 3)
    assert all(c.layer is None for c in plain.citations)
    assert layer_chain(searcher.index, "spring-classic") == ["spring-classic", "rha"]
    assert layer_chain(searcher.index, "rha") == ["rha"]


def test_subjects_and_same_subject(layered):
    index = layered.index
    assert subjects_of("TIME OF GAME") == {"game-length"}
    assert "overtime" in subjects_of("TIED GAMES")
    assert subjects_of("MINOR PENALTIES") >= {"minor-penalties", "penalties"}
    t = index.lookup("spring-classic", "3.1")
    assert same_subject(index, t, index.lookup("rha", "402 (a)"), "how long is a minor penalty")
    # a rule on penalty lengths does not replace the boarding rule, though both mention penalties
    assert not same_subject(index, t, index.lookup("rha", "605 (a)"), "how long is a minor penalty")
    assert not same_subject(index, index.lookup("spring-classic", "1.1"), index.lookup("rha", "639 (a)"),
                            "how long is a game")
    # a clause under TIME OF GAME that only mentions periods in passing is not on game length: suspending
    # a game (640 (d)), overtime penalties carrying over (640 (c)); the clause that states the length is
    games = index.lookup("spring-classic", "1.1")
    assert same_subject(index, games, index.lookup("rha", "640 (a)"), "how long is a game")
    assert not same_subject(index, games, index.lookup("rha", "640 (d)"), "how long is a game")
    assert not same_subject(index, games, index.lookup("rha", "640 (c)"), "how long is a game")


def test_layer_citations_keeps_a_base_slot(layered):
    index = layered.index
    tour = [Hit(index.lookup("spring-classic", n), 10.0 - i) for i, n in enumerate(["1.1", "1.2", "1.3", "2.2"])]
    base = [Hit(index.lookup("rha", "640 (a)"), 9.0), Hit(index.lookup("rha", "605 (a)"), 8.0)]
    cites = layer_citations(index, "spring-classic", tour, base, limit=3, question="how long is a game")
    assert [c.layer for c in cites] == ["tournament", "tournament", "replaced"]
    assert cites[2].rule == "640 (a)"
    # a tournament hit far below the base's best is a weak match and goes last
    weak = [Hit(index.lookup("spring-classic", "4.2"), 1.0)]
    cites = layer_citations(index, "spring-classic", weak, base, limit=5, question="boarding")
    assert [c.layer for c in cites] == ["base", "base", "tournament"]


def test_cli_ask_is_layered_once_wired(layered, capsys):
    import json

    status, out, err = run_cli(capsys, "ask", "-r", "spring-classic", "--json", "How long is a game?")
    assert status == 0, err
    data = json.loads(out)
    assert "layers" in data
    assert data["citations"][0]["layer"] == "tournament"
    assert any(c.get("layer") == "replaced" for c in data["citations"])
    # the text output shows each citation's layer as a visible tag
    status, out, err = run_cli(capsys, "ask", "-r", "spring-classic", "How long is a game?")
    assert status == 0, err
    assert "[tournament]" in out and "[replaced]" in out


def test_an_emailed_sheet_answers_its_own_subjects_however_it_words_them(tmp_path):
    from rulebot.ingest import ingest_file
    from rulebot.search import Searcher

    sheet = tmp_path / "spring.txt"
    sheet.write_text(
        "Spring Classic 2024 - rules for all teams\n\nAnything not listed here follows the RHA rule book.\n\n"
        "GAME LENGTH\nGames are two 18 minute running time halves. Last 2 minutes of the 2nd half are stop "
        "time if the goal difference is 2 or less.\nWarm up is 3 minutes.\n\n"
        "PENALTIES\nAll minor penalties are 2 minutes running time.\nMajors are 5 minutes.\n"
        "A fight = ejection from the tournament, no exceptions.\n", encoding="utf-8")
    ingest_file(sheet, "spring", base="rha")
    searcher = Searcher(load_index(use_cache=False))
    for question, said in [("how long is a game", "two 18 minute running time halves"),
                           ("how long is a minor penalty", "All minor penalties are 2 minutes"),
                           ("player gets in a fight, what happens?", "ejection from the tournament")]:
        answer = searcher.ask(question, "spring")
        assert said in answer.answer and "do not cover" not in answer.answer, question
        assert answer.citations[0].layer == "tournament", question
        assert any(c.layer == "replaced" for c in answer.citations), question
    # what the sheet does not touch still comes from RHA
    boarding = searcher.ask("what is the penalty for boarding", "spring")
    assert boarding.citations[0].layer == "base" and boarding.citations[0].rule == "605 (a)"


def test_a_sheet_sentence_naming_a_penalty_class_without_its_length_is_not_on_that_class():
    from rulebot.layering import _sheet_subjects

    text = "Minor penalties are 90 seconds. A player who receives two major penalties is suspended for the next game."
    found = _sheet_subjects(text)
    assert "minor-penalties" in found and "major-penalties" not in found and "suspensions" in found
    assert "body-checking" not in subjects_of("Checking From Behind")
    assert "body-checking" in subjects_of("Body checking is not allowed")


def test_a_re_ingest_keeps_the_base_and_the_aliases_the_user_wrote(layered, capsys):
    import yaml

    from rulebot import paths

    stored = paths.user_rulesets_dir() / "spring-classic" / "ruleset.yaml"
    data = yaml.safe_load(stored.read_text(encoding="utf-8"))
    stored.write_text(yaml.safe_dump({**data, "aliases": ["spring cup"], "loose_aliases": ["classic"]}),
                      encoding="utf-8")
    status, out, err = run_cli(capsys, "ingest", str(DATA / "spring-classic.txt"))  # no --base this time
    assert status == 0, err
    assert "layered over rha" in out
    data = yaml.safe_load(stored.read_text(encoding="utf-8"))
    assert data["base"] == "rha" and data["aliases"] == ["spring cup"] and data["loose_aliases"] == ["classic"]
    status, out, err = run_cli(capsys, "ingest", str(DATA / "spring-classic.txt"), "--base", "none")
    assert status == 0, err
    assert yaml.safe_load(stored.read_text(encoding="utf-8"))["base"] is None


def test_the_rule_list_of_a_sheet_starts_with_its_preamble(layered, capsys):
    status, out, _ = run_cli(capsys, "rule", "spring-classic")
    assert status == 0 and out.startswith("(preamble) All games are played under the Roller Hockey")
    assert "1.1 Games consist of two 12 minute" in out


def test_a_sheet_named_in_the_question_is_layered_as_if_selected(layered):
    answer = layered.ask("what's the penalty for hooking in the spring classic?")
    assert answer.answered and answer.ruleset == "spring-classic"
    assert {c.layer for c in answer.citations} >= {"base"}  # RHA answers what the sheet does not cover


def test_a_shoot_out_written_with_of_after_it_is_the_sheets_shoot_out(tmp_path):
    from rulebot.ingest import ingest_file
    from rulebot.search import Searcher

    sheet = tmp_path / "classic.txt"
    sheet.write_text(
        "Classic Cup - Tournament Rules\n\nThe RHA rule book applies except as amended below.\n\n"
        "1. Overtime. A game tied after regulation goes to a 3-minute sudden-death overtime. If still tied, "
        "a shoot-out of 3 shooters per team decides the game.\n\n"
        "2. Minor penalties are 90 seconds.\n", encoding="utf-8")
    ingest_file(sheet, "classic", base="rha")
    answer = Searcher(load_index(use_cache=False)).ask("how many shooters in the shootout", "classic")
    assert answer.citations[0].layer == "tournament" and answer.citations[0].rule == "1"
    assert "a shoot-out of 3 shooters per team" in answer.answer and "do not cover" not in answer.answer


def test_a_sheet_rule_on_a_topic_no_subject_names_amends_the_base_rule_on_it(tmp_path):
    """'Slapshots' is no subject of SUBJECTS, but it is a topic of its own in the ball-hockey rules
    (one rule has it): the sheet's rule on it answers first and the base's is marked replaced."""
    from rulebot.ingest import ingest_file
    from rulebot.search import Searcher

    sheet = tmp_path / "fall.txt"
    sheet.write_text("Fall Classic\n\nThe league rules apply except as noted.\n\n1. Penalties are 2 minutes.\n"
                     "2. No slapshots anywhere on the floor.\n", encoding="utf-8")
    ingest_file(sheet, "fall", base="ball-hockey")
    searcher = Searcher(load_index(use_cache=False))
    answer = searcher.ask("are slapshots allowed", "fall")
    assert answer.citations[0].layer == "tournament" and "No slapshots" in answer.answer
    assert [c.rule for c in answer.citations if c.layer == "replaced"] == ["15"]
    # a question on something else leaves the base's slapshot rule unmarked
    goal = searcher.ask("what happens after a goal is scored", "fall")
    assert all(c.layer != "replaced" for c in goal.citations if c.rule == "15")


def test_a_sheet_over_a_sheet_reaches_the_rulebook_under_both(tmp_path):
    from rulebot.ingest import ingest_file
    from rulebot.search import Searcher

    middle = tmp_path / "league.txt"
    middle.write_text("Summer League\n\nRHA rules apply except as below.\n\n1. Games are two 20 minute halves.\n"
                      "2. Minor penalties are 2 minutes.\n", encoding="utf-8")
    top = tmp_path / "cup.txt"
    top.write_text("Rink Rats Cup\n\n1. Games are two 15 minute halves.\n2. Goalies may not cross the centre line.\n",
                   encoding="utf-8")
    ingest_file(middle, "league", base="rha")
    ingest_file(top, "cup", base="league")
    searcher = Searcher(load_index(use_cache=False))
    answer = searcher.ask("what's the penalty for spearing", "cup")
    assert answer.answered and answer.citations[0].ruleset == "rha" and answer.citations[0].rule.startswith("636")
    assert searcher.ask("how long are games", "cup").citations[0].ruleset == "cup"


def test_a_rulebook_named_against_a_selected_sheet_answers_from_the_one_named(layered):
    answer = layered.ask("how long is a minor penalty in FIRS", "spring-classic")
    assert answer.ruleset == "firs-2017" and "layers" not in answer.to_json()
    assert all(c.ruleset == "firs-2017" and c.layer is None for c in answer.citations)
    assert "which the question names, not" in answer.answer


def test_of_the_base_rules_on_a_subject_only_those_saying_what_the_sheet_says_are_replaced(layered):
    # the sheet: "Each team is allowed one 30 second timeout per game." — RHA 641 (b) NOTE 1 says how
    # many time-outs there are; 641 (a), who may call one, still holds
    answer = _ask(layered, "how many timeouts does a team get and who can call one")
    layers = {c.rule: c.layer for c in answer.citations}
    assert layers.get("641 (b) NOTE 1") == "replaced", layers
    assert layers.get("641 (a)", "base") == "base", layers


def test_the_penalty_list_of_a_sheet_without_one_is_its_bases_and_says_so(layered, capsys):
    status, out, err = run_cli(capsys, "penalties", "tripping", "--ruleset", "spring-classic", "--json")
    rows = json.loads(out)
    assert status == 0 and rows and all(r["ruleset"] == "rha" for r in rows)
    assert "lists no infractions of its own" in err and "RHA" in err
    # in the sheet's lengths ("Minor penalties are 1.5 minutes and major penalties are 4 minutes"), not
    # RHA's "1:30 or 2 minutes"
    minors = [r for r in rows if r["parts"] == ["minor"]]
    assert minors and all(r["duration"] == "1:30 min" for r in minors)


def test_the_apps_penalty_list_of_a_sheet_without_one_is_its_bases(layered):
    from rulebot.ui.library import Library

    rows = Library(layered.index).search_penalties("", "spring-classic")
    assert rows and {r.ruleset for r in rows} == {"rha"}
    assert "4 min" in {r.duration for r in Library(layered.index).search_penalties("boarding", "spring-classic")}


def test_how_long_is_a_game_finds_a_sheet_that_says_halves(tmp_path):
    from rulebot.ingest import ingest_file
    from rulebot.search import Searcher

    sheet = tmp_path / "slam.txt"
    sheet.write_text("SUMMER SLAM TOURNAMENT RULES\nThe RHA rule book applies except as amended below.\n\n"
                     "1. Game Format\n1.1 Games are two 15 minute running-time halves with a 1 minute break.\n"
                     "1.2 The clock stops in the last minute of the second half.\n"
                     "1.3 Teams must be ready 10 minutes before scheduled game time.\n\n2. Penalties\n"
                     "2.1 Minor penalties are 90 seconds running time.\n2.2 Major penalties are 4 minutes.\n",
                     encoding="utf-8")
    ingest_file(sheet, "slam", base="rha")
    answer = Searcher(load_index(use_cache=False)).ask("how long is a game", "slam")
    assert answer.citations[0].rule == "1.1"  # not 1.3, which only says "game time"


def test_a_sheet_rule_on_ejection_worded_as_sitting_out_the_rest_of_the_game(capsys, tmp_path):
    searcher = _sheet(capsys, tmp_path / "maple-cup.txt", "Maple Cup Rules\n1. Games are two 15 minute halves.\n"
                      "2. A player with two penalties in one game sits out the rest of the game.\n"
                      "3. Rosters are limited to 12 players.\n", "ball-hockey")
    answer = searcher.ask("When does a player get ejected?", "maple-cup")
    assert (answer.citations[0].layer, answer.citations[0].rule) == ("tournament", "2")


def test_replaced_labels_follow_what_the_base_rule_says(capsys, tmp_path):
    searcher = _sheet(capsys, tmp_path / "lake-open.txt",
                      "Lake Open Rules\n1. Mercy rule: if a team leads by 6 goals or more, the game is ended.\n"
                      "2. No slapshots anywhere on the rink. A slapshot results in a face-off in the offending "
                      "team's end.\n3. Helmets with full cages are required for all players under 18.\n", "rha")
    # RHA 630 (a), the eight-goal differential that ends a game, is what the sheet's mercy rule replaces
    mercy = searcher.ask("is there a mercy rule?", "lake-open")
    assert any(c.layer == "replaced" and c.rule == "630 (a)" for c in mercy.citations)
    # RHA has no slapshot rule: the sheet's face-off consequence replaces no face-off rule
    slap = searcher.ask("can you take a slapshot?", "lake-open")
    assert slap.citations[0].layer == "tournament" and not any(c.layer == "replaced" for c in slap.citations)
    # holding an opponent's facemask (RHA 620 (b)) is no rule on wearing cages
    cages = searcher.ask("are cages required?", "lake-open")
    assert not any(c.layer == "replaced" and c.rule.startswith("620") for c in cages.citations)


def test_a_mercy_rule_worded_without_mercy_is_found_and_sentences_stay_apart(capsys, tmp_path):
    searcher = _sheet(capsys, tmp_path / "pine-cup.txt",
                      "Hi coaches,\n\nFIRS rules apply except as amended below.\nGames are two 15 minute periods.\n"
                      "A team leading by 7 goals or more will play running time for the rest of the game.\n"
                      "Teams must be on the bench 10 minutes before the scheduled start or forfeit the game.\n"
                      "Helmets with full cages are mandatory for all skaters.\n\nThanks,\nSam\n", "firs-2017")
    answer = searcher.ask("is there a mercy rule?", "pine-cup")
    assert answer.answered and answer.answer.startswith("A team leading by 7 goals or more")
    # the sentence after it (the forfeit rule) is a rule of its own, not part of this answer
    assert "forfeit" not in searcher.ask("what happens when a team is up by 7 goals?", "pine-cup").answer


def test_replaced_means_the_base_rule_setting_what_the_sheet_sets(capsys, tmp_path):
    searcher = _sheet(capsys, tmp_path / "elm-cup.txt",
                      "Elm Cup Rules\n1. Minor penalties are 90 seconds.\n2. Major penalties are 4 minutes.\n"
                      "3. Each team gets one 30 second timeout per game.\n", "firs-2017")

    def labels(question):
        return {c.rule: c.layer for c in searcher.ask(question, "elm-cup").citations if c.ruleset == "firs-2017"}

    minor = labels("how long is a minor penalty?")
    # 6.1.2 A sets the minor's two minutes; 6.4.7 C ("holds the puck ... longer than three seconds") does not
    assert minor.get("6.1.2 A") == "replaced" and minor.get("6.4.7 C") != "replaced"
    # one time-out a half (5.5.2 B) is what the sheet changes, not going to the bench during one (5.5.2 C)
    timeouts = labels("how many timeouts?")
    assert timeouts.get("5.5.2 B") == "replaced" and timeouts.get("5.5.2 C") != "replaced"
    # a match penalty's five minutes are no major's length
    assert labels("how long is a major?").get("6.1.6 C") != "replaced"


def test_a_sheet_rule_for_the_other_phase_of_the_tournament_does_not_answer(capsys, tmp_path):
    searcher = _sheet(capsys, tmp_path / "oak-cup.txt",
                      "Oak Cup Rules\n1. Playoff games tied after regulation go to a 5 minute sudden death overtime.\n"
                      "2. No timeouts in round robin games.\n", "ball-hockey")
    # a tied round-robin game: the base's shootout (ball hockey 7), not the sheet's playoff overtime
    tied = searcher.ask("what happens to a tied round robin game?", "oak-cup")
    assert (tied.citations[0].layer, tied.citations[0].rule) == ("base", "7")
    # a time-out in the playoffs: the base's one 30 second time-out, not the round-robin rule
    timeout = searcher.ask("can a team call a timeout in a playoff game?", "oak-cup")
    assert (timeout.citations[0].layer, timeout.citations[0].rule) == ("base", "8")
    # the playoff case itself: the sheet's
    assert searcher.ask("what if a playoff game is tied?", "oak-cup").citations[0].layer == "tournament"


def test_an_infraction_a_sheet_with_penalties_of_its_own_does_not_name_comes_from_its_base(capsys, tmp_path):
    from rulebot.ui.library import Library

    sheet = tmp_path / "harbour-cup.txt"
    sheet.write_text("Harbour Cup Rules\n\n1. Minor penalties are 90 seconds.\n"
                     "2. No slapshots in the crease area. A slapshot results in a minor penalty.\n")
    status, _, err = run_cli(capsys, "ingest", str(sheet), "--base", "rha")
    assert status == 0, err
    status, out, _ = run_cli(capsys, "penalties", "slapshot", "--ruleset", "harbour-cup", "--json")
    assert status == 0 and {r["ruleset"] for r in json.loads(out)} == {"harbour-cup"}  # its own penalty
    status, out, err = run_cli(capsys, "penalties", "tripping", "--ruleset", "harbour-cup", "--json")
    rows = json.loads(out)
    assert status == 0 and rows and all(r["ruleset"] == "rha" for r in rows), err
    assert "does not name 'tripping'" in err and "RHA" in err
    assert any(r["rule"].startswith("642") and r["duration"] == "1:30 min" for r in rows)
    # the same in the app's penalty list
    library = Library(load_index(use_cache=False))
    assert {r.ruleset for r in library.search_penalties("tripping", "harbour-cup")} == {"rha"}


def test_a_sheets_own_penalties_are_listed_however_it_words_them(capsys, tmp_path):
    sheet = tmp_path / "lakeshore-open.txt"
    sheet.write_text("Lakeshore Open Rules\n\nThe RHA rules apply except as amended below.\n\n"
                     "1. Penalties\n1.1 Minor penalties are 90 seconds.\n"
                     "1.2 Slew footing is a major penalty and a game misconduct.\n"
                     "1.3 Hip check: a major penalty of 5 minutes shall be imposed on any player who hip checks.\n"
                     "2. Checking\nBody contact is not permitted. A minor penalty shall be imposed for body checking.\n")
    status, _, err = run_cli(capsys, "ingest", str(sheet), "--base", "rha")
    assert status == 0, err
    status, out, err = run_cli(capsys, "penalties", "--ruleset", "lakeshore-open", "--json")
    rows = {r["rule"]: r for r in json.loads(out)}
    assert status == 0 and "lists no infractions" not in err
    # "X is a major penalty": the sheet sets no major length, so RHA's (4 or 5 minutes) holds
    assert rows["1.2"]["parts"] == ["major", "game misconduct"] and rows["1.2"]["duration"].startswith("4")
    assert rows["1.3"]["duration"] == "5 min"  # written in the rule
    assert rows["2"]["parts"] == ["minor"] and rows["2"]["duration"] == "1:30 min"  # a heading with text of its own


def test_a_sheet_rule_giving_the_call_for_an_act_does_not_replace_the_class_length(capsys, tmp_path):
    sheet = tmp_path / "dune-cup.txt"
    sheet.write_text("Dune Cup Rules\n\nThe FIRS rules apply except as amended below.\n\n"
                     "1. Minor penalties are 90 seconds.\n"
                     "2. A major penalty of 5 minutes and a game misconduct shall be imposed on any player who "
                     "slew foots an opponent.\n")
    status, _, err = run_cli(capsys, "ingest", str(sheet), "--base", "firs-2017")
    assert status == 0, err
    from rulebot.search import Searcher

    answer = Searcher(load_index(use_cache=False)).ask("how long is a major penalty", "dune-cup")
    layers = {c.rule: c.layer for c in answer.citations if c.ruleset == "firs-2017"}
    # rule 2 is the call for slew footing; FIRS 6.1.3 A, how long a major is, still holds
    assert layers.get("6.1.3 A", "base") == "base", layers


def test_every_line_of_a_sheets_penalty_list_is_in_its_penalty_index(capsys):
    # the fresh user's sheet: "- Tripping - 90 sec", "- Fighting - Match penalty (...)", "- Checking from
    # behind : 4 min major + game misconduct", "-Unsportsmanlike conduct    1:30" beside a sentence
    for fixture in ("summer-slam.txt", "summer-slam-dotted.txt"):  # the second with dot leaders
        status, _, err = run_cli(capsys, "ingest", str(DATA / fixture), "--base", "firs-2017")
        assert status == 0, err
        rid = fixture.removesuffix(".txt")
        status, out, err = run_cli(capsys, "penalties", "--ruleset", rid, "--json")
        assert status == 0 and "lists no infractions" not in err
        rows = [(r["infraction"], r["rule"], r["parts"], r["duration"]) for r in json.loads(out)
                if r["rule"].startswith("PENALTIES")]
        assert rows == [
            ("Slew footing", "PENALTIES •1", ["major", "game misconduct"], "4 min"),
            ("Tripping", "PENALTIES •2", ["minor"], "1:30 min"),  # 90 sec: the sheet's minor
            ("Fighting", "PENALTIES •3", ["match"], "5 min"),  # the time of FIRS's match penalty (6.1.7)
            ("Checking from behind", "PENALTIES •4", ["major", "game misconduct"], "4 min"),
            ("Unsportsmanlike conduct", "PENALTIES •5", ["minor"], "1:30 min"),
        ], fixture
        assert all(r["ruleset"] == rid for r in json.loads(out))
    # the sheet's own rows answer a search for them, not the base's
    status, out, _ = run_cli(capsys, "penalties", "checking from behind", "--ruleset", "summer-slam", "--json")
    first = json.loads(out)[0]
    assert (first["ruleset"], first["rule"], first["parts"]) == ("summer-slam", "PENALTIES •4",
                                                                 ["major", "game misconduct"])
    # ... and a question about one of them: the sheet's call, not the base rule in the sheet's lengths
    status, out, _ = run_cli(capsys, "ask", "what's the penalty for tripping", "--ruleset", "summer-slam", "--json")
    answer = json.loads(out)
    assert answer["citations"][0]["rule"] == "PENALTIES •2" and answer["citations"][0]["layer"] == "tournament"
    assert answer["answer"].startswith("Minor (1:30 minutes) — Tripping - 90 sec")
    # the rulebook named in the question: answered from it, and the question kept as it was typed
    status, out, _ = run_cli(capsys, "ask", "what's the penalty for tripping at summer slam", "--json")
    answer = json.loads(out)
    assert answer["question"] == "what's the penalty for tripping at summer slam"
    assert answer["citations"][0]["ruleset"].startswith("summer-slam")


def test_a_comparison_answers_a_sheet_from_its_base_where_the_sheet_is_silent(capsys, tmp_path):
    # asked alone, a sheet with no time-out rule answers from FIRS; in "each ruleset" it said "Not covered"
    searcher = _sheet(capsys, tmp_path / "summer-cup.txt", "Summer Cup Rules\n\n1. Games are two 15 minute "
                      "running time halves.\n2. Minor penalties are 90 seconds.\n", "firs-2017")
    alone = searcher.ask("how many timeouts", "summer-cup")
    assert alone.citations[0].ruleset == "firs-2017"
    answer = searcher.ask("how many timeouts in each ruleset")
    line = next(ln for ln in answer.answer.splitlines() if ln.startswith("Summer Cup"))
    assert "Not covered" not in line and f"FIRS {alone.citations[0].rule}" in line


def test_a_numbered_sheets_opening_lines_are_its_preamble_not_rules(capsys, tmp_path):
    searcher = _sheet(capsys, tmp_path / "summer-slam.txt", (
        "Summer Slam Inline - Tournament Rules\n\n"
        "Here are the rules for the Summer Slam Inline tournament this weekend. "
        "FIRS rules apply except for the following:\n\n"
        "1. Games are two 15 minute running time halves.\n"
        "2. Minor penalties are 90 seconds.\n\n"
        "Penalties are as follows:\n- Tripping - 2 min\n- Slew foot - 5 min + game\n"), "firs-2017")
    index = searcher.index
    rules = [c for c in index.by_ruleset("summer-slam") if c.text]
    # the sentence naming the rules that apply is a paragraph of its own, not a heading over rules 1 and 2;
    # the sentence introducing the sheet is no rule
    assert index.lookup("summer-slam", "¶1").text == "FIRS rules apply except for the following:"
    assert not any("Here are the rules" in c.text for c in rules)
    assert all(not c.title for c in rules if c.kind == "rule") and [c.number for c in rules if c.kind == "rule"] == ["1", "2"]
    assert index.rulesets["summer-slam"].follows == "FIRS rules apply except for the following:"
    # a list item under a heading is labelled once: "Penalties are as follows •2", not "... •2 Penalties are ..."
    from rulebot.search.answer import label

    item = next(c for c in rules if "Slew foot" in c.text)
    assert label(index, item) == "Summer Slam Inline Penalties are as follows •2"


def test_a_sheet_rule_with_no_number_does_not_answer_how_long(tmp_path):
    from rulebot.ingest import ingest_file
    from rulebot.search import Searcher

    # "Body checking is a minor penalty" names a minor but not its length: FIRS 6.1.2 A's two minutes
    sheet = tmp_path / "july-jam.txt"
    sheet.write_text("July Jam Inline Rules\nFIRS rules apply except for the following:\n"
                     "1. Games are 2 x 18 minute stop time periods.\n"
                     "2. Body checking is not allowed. Body checking is a minor penalty.\n", encoding="utf-8")
    ingest_file(sheet, "july-jam", base="firs-2017")
    searcher = Searcher(load_index(use_cache=False))
    answer = searcher.ask("how long is a minor", "july-jam")
    assert answer.citations[0].ruleset == "firs-2017" and answer.citations[0].rule == "6.1.2 A"
    assert searcher.ask("how long are the periods", "july-jam").citations[0].rule == "1"


def test_a_sheets_penalty_lengths_however_written_and_a_tab_separated_penalty_table(tmp_path):
    from rulebot.ingest import ingest_file
    from rulebot.penalties import penalty_classes, search_penalties

    # "1:30" as a clock reads it, "shall be", a colon; and not the next rule's 18 minutes
    for k, said in enumerate(("Minor penalties are 1:30.", "Minor penalties shall be 90 seconds.",
                              "Minor penalties: 90 seconds")):
        sheet = tmp_path / f"may-cup-{k}.txt"
        sheet.write_text(f"May Cup Rules\n\n1. {said}\n2. Games are two 18 minute periods.\n", encoding="utf-8")
        ingest_file(sheet, f"may-cup-{k}", base="rha")
        minor = [pc for pc in penalty_classes(load_index(use_cache=False), f"may-cup-{k}") if pc.name == "minor"]
        assert minor and minor[0].minutes == 1.5, said
    # a penalty table pasted with tabs: each line an infraction with its call
    sheet = tmp_path / "ironwood.txt"
    sheet.write_text("Ironwood Cup Rules\n\nGENERAL\n1.\tGames are two 20 minute halves.\n\nPENALTY LENGTHS\n"
                     "Tripping\t2 min\nFighting\tMatch\nAbuse of officials\tGame misconduct\n", encoding="utf-8")
    ingest_file(sheet, "ironwood", base="rha")
    index = load_index(use_cache=False)
    listed = {i.infraction: i.penalty for i, _ in search_penalties(index, None, "ironwood")}
    assert listed == {"Tripping": "minor", "Fighting": "match", "Abuse of officials": "game misconduct"}


def test_the_line_saying_which_rules_apply_is_no_heading_over_a_lettered_sheet(tmp_path):
    from rulebot.ingest import ingest_file

    sheet = tmp_path / "lake-open.txt"
    sheet.write_text("Lake Open Rules\n\nFIRS rules apply except for the following:\n\n"
                     "1. Game time. Games shall be played as follows:\n   (a) two periods of 18 minutes stop time;\n"
                     "   (b) a 3 minute intermission between periods.\n"
                     "2. Penalty time. Minor penalties shall be 1:30. Major penalties shall be 4 minutes.\n",
                     encoding="utf-8")
    ingest_file(sheet, "lake-open", base="firs-2017")
    index = load_index(use_cache=False)
    assert not [c for c in index.by_ruleset("lake-open") if c.kind == "section"]
    assert index.get(index.lookup("lake-open", "1").parent).kind == "document"


def test_a_paragraph_before_the_first_rule_is_a_rule_of_its_own(tmp_path):
    from rulebot.ingest import ingest_file
    from rulebot.search import Searcher

    # after the line saying which rules apply, "All games are played 4 on 4 ..." is a rule to find
    sheet = tmp_path / "harbour-days.txt"
    sheet.write_text("Harbour Days Tournament Rules\n\nWelcome to Harbour Days. Where these rules are silent, RHA "
                     "rules govern.\n\nAll games are played 4 on 4 plus goalies. Games consist of two 17 minute "
                     "halves with running time.\n\n1. Timeouts\n1.1 One 30 second timeout per team per game.\n"
                     "2. Penalties\n2.1 Minor penalties are 2 minutes running time.\n"
                     "2.2 A minor penalty shall be imposed for body checking.\n", encoding="utf-8")
    ingest_file(sheet, "harbour-days", base="rha")
    index = load_index(use_cache=False)
    assert index.lookup("harbour-days", "¶1").text.startswith("All games are played 4 on 4")
    answer = Searcher(index).ask("how long is a game", "harbour-days")
    assert answer.citations[0].rule == "¶1"
    # the infraction a penalty is imposed for is its name
    from rulebot.penalties import search_penalties

    assert [i.infraction for i, _ in search_penalties(index, None, "harbour-days")] == ["Body checking"]


def test_a_word_of_the_selected_sheet_that_names_another_rulebook_is_the_sheets_word(capsys, tmp_path):
    # "U12" is an alias of the youth cup; in a sheet's own rule it is the sheet's word, and the sheet
    # selected answers (a fresh user's find: it was answered "not covered" from the youth cup)
    searcher = _sheet(capsys, tmp_path / "u12-classic.txt",
                      "U12 Classic\n\n1. No slapshots in the U12 division. Penalty: minor.\n", "rha")
    answer = searcher.ask("can U12 players take slapshots", "u12-classic")
    assert answer.answered and answer.citations[0].ruleset == "u12-classic"
    assert "Answered from Youth Cup" not in answer.answer
    # an embedded rulebook selected still yields to the one named ("U12" asked of RHA is the youth cup)
    assert searcher.ask("is body checking allowed in U12", "rha").ruleset == "youth-cup"


def test_a_sheets_own_game_length_answers_how_long_games_are(capsys, tmp_path):
    # "Games are 12 minutes." under a heading "Games" is the sheet's game length, not a rule RHA 640 (a) covers
    searcher = _sheet(capsys, tmp_path / "clean.txt", "1. Games\n1.1 Games are 12 minutes.\n2. Penalties\n"
                      "2.1 Minor penalties are 1 minute.\n", "rha")
    assert subjects_of("Games are 12 minutes.") == {"game-length"}
    assert subjects_of("Games will be two 18 minute halves") >= {"game-length"}
    answer = searcher.ask("how long are games", "clean")
    first = answer.citations[0]
    assert (first.ruleset, first.rule, first.layer) == ("clean", "1.1", "tournament")
    assert answer.answer.startswith("Games are 12 minutes.") and "do not cover" not in answer.answer
