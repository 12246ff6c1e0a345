"""``rulebot ingest / remove / check`` (issue 7): rule sheets in each numbering style as .txt, .md and
real PDFs, the five seeds re-ingested, idempotence, atomicity and refusals."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml

from ingest_support import DATA, run_cli, write_pdf
from rulebot import paths
from rulebot.corpus import load_index
from rulebot.errors import DataError
from rulebot.ingest import MAX_TEXT_BYTES, ingest_file


def _clauses(index, rid):
    """(key, number, title, kind, text, parent key) of every clause, the root's title aside."""
    out = []
    for c in index.by_ruleset(rid):
        parent = c.parent.split(":", 1)[1] if c.parent else None
        out.append((c.key, c.number, c.title, c.kind, c.text, parent))
    return out


def _user_dirs() -> list[str]:
    return sorted(p.name for p in paths.user_rulesets_dir().iterdir())


def _staging_left() -> list[str]:
    root = paths.user_data_dir() / "ingest-staging"
    return sorted(p.name for p in root.iterdir()) if root.exists() else []


# ------------------------------------------------------------------------------------ each style


def test_decimal_sections_txt(capsys):
    status, out, err = run_cli(capsys, "ingest", str(DATA / "spring-classic.txt"), "--base", "rha")
    assert status == 0, err
    assert "Added ruleset 'spring-classic'" in out and "layered over rha" in out
    assert "15 clauses" in out and "no problems found" in out
    index = load_index(use_cache=False)
    rs = index.rulesets["spring-classic"]
    assert not rs.embedded and rs.base == "rha" and rs.layout == "outline"
    assert rs.follows == "All games are played under the Roller Hockey Alliance rules except as stated below."
    section = index.lookup("spring-classic", "2")
    assert (section.kind, section.title) == ("section", "OVERTIME")
    rule = index.lookup("spring-classic", "2.2")
    assert rule.parent == section.id and rule.kind == "rule"
    assert rule.text == "Playoff games tied after regulation go to a 5 minute sudden death overtime, 3 on 3."
    # "(see 4.1)" resolves inside the ingested ruleset
    assert [r.target for r in index.lookup("spring-classic", "3.3").refs] == ["spring-classic:4.1"]
    status, out, _ = run_cli(capsys, "rulesets", "--json")
    assert any(r["id"] == "spring-classic" and not r["embedded"] for r in yaml.safe_load(out))


def test_rule_nnn_txt_uses_the_rha_parser(tmp_path):
    sheet = tmp_path / "valley-open.txt"
    sheet.write_text(
        "Valley Open Roller Hockey Rules\n"
        "RULE 101 - GAME LENGTH Games are two 15 minute running time periods. (a) The last minute of "
        "the second period is stop time. (b) There is a 2 minute break between periods.\n"
        "RULE 102 - OVERTIME A tied playoff game goes to a 5 minute sudden death overtime.\n"
        "RULE 103 - PENALTIES Minor penalties are 2 minutes. NOTE 1: Penalties are served in full.\n",
        encoding="utf-8")
    result = ingest_file(sheet)
    assert result.ruleset.layout == "rha" and result.status == "added"
    index = load_index(use_cache=False)
    assert index.lookup("valley-open", "101").title == "GAME LENGTH"
    assert index.lookup("valley-open", "101 (b)").text == "There is a 2 minute break between periods."
    assert index.lookup("valley-open", "103 NOTE 1").text == "Penalties are served in full."


def test_numbered_list_txt(tmp_path):
    sheet = tmp_path / "river-cup.txt"
    sheet.write_text(
        "River Cup Rules\n\nTime\n\n1. Games are two 20 minute periods, running time.\n"
        "2. Each team gets one 30 second timeout.\n\nPenalties\n\n"
        "3. Minor penalties are 2 minutes.\n4. Any fight means ejection from the tournament.\n",
        encoding="utf-8")
    ingest_file(sheet, "river-cup", "River Cup")
    index = load_index(use_cache=False)
    assert index.rulesets["river-cup"].layout == "numbered"
    assert index.rulesets["river-cup"].title == "River Cup"
    assert index.lookup("river-cup", "3").text == "Minor penalties are 2 minutes."
    assert index.get(index.lookup("river-cup", "3").parent).title == "Penalties"


def test_a_sheet_whose_saved_copy_was_damaged_is_added_again(tmp_path):
    sheet = tmp_path / "creek-cup.txt"
    sheet.write_text("Creek Cup Rules\n\n1. Minor penalties are 2 minutes.\n2. Games are two 15 minute halves.\n"
                     "3. Ties go to a shootout.\n", encoding="utf-8")
    ingest_file(sheet, "creek-cup", "Creek Cup")
    (paths.user_rulesets_dir() / "creek-cup" / "source.txt").write_bytes(b"\xff\xfe not utf-8 \x80")
    assert ingest_file(sheet, "creek-cup", "Creek Cup").status == "replaced"
    assert load_index(use_cache=False).lookup("creek-cup", "1").text == "Minor penalties are 2 minutes."


def test_plain_paragraph_sheet_txt(tmp_path):
    # a sheet as tournaments e-mail them: a title line and prose, no numbers or headings
    sheet = tmp_path / "summer-jam.txt"
    sheet.write_text(
        "Summer Jam 3-on-3 Tournament Rules\n\nAll games are 2 x 12 minute running time halves. Minor "
        "penalties are 90 seconds and result in a power play. A major penalty is 3 minutes.\n\n"
        "Fighting results in ejection from the tournament. Goalies may not cross the center line.\n",
        encoding="utf-8")
    ingest_file(sheet, "summer-jam")
    index = load_index(use_cache=False)
    rs = index.rulesets["summer-jam"]
    assert rs.layout == "inline" and rs.title == "Summer Jam 3-on-3 Tournament Rules"
    assert [c.text for c in index.by_ruleset("summer-jam") if c.text][1] == (
        "Minor penalties are 90 seconds and result in a power play.")
    from rulebot.search import Searcher

    answer = Searcher(index).ask("how long is a minor", "summer-jam")
    assert answer.answered and "90 seconds" in answer.answer


def test_numbered_titles_over_paragraphs_and_a_preamble_txt(tmp_path):
    # "4. Mercy rule" on its own line, its rule in the paragraph below; a sentence before rule 1
    sheet = tmp_path / "lake-cup.txt"
    sheet.write_text(
        "Lake Cup Local Rules\n\nThe RHA rule book applies except as amended below.\n\n"
        "1. Game length\nGames are two 15-minute running-time halves.\n\n"
        "2. Mercy rule\nIf a team leads by 6 goals the game ends.\n\n"
        "3. Tie-breakers\nTeams level on points are ranked by:\n\n"
        "4. Goal difference\n5. Goals for\n6. Coin toss\nThe coin toss is done by the referee.\n",
        encoding="utf-8")
    ingest_file(sheet, "lake-cup", base="rha")
    index = load_index(use_cache=False)
    mercy = index.lookup("lake-cup", "2")
    assert (mercy.title, mercy.text) == ("Mercy rule", "If a team leads by 6 goals the game ends.")
    assert index.lookup("lake-cup", "¶1").text == "The RHA rule book applies except as amended below."
    # the last entry of a list of short entries keeps its own text; the paragraph after it is not its text
    assert index.lookup("lake-cup", "6").text == "Coin toss"
    from rulebot.search import Searcher

    answer = Searcher(index).ask("what is the mercy rule", "lake-cup")
    assert answer.answer.startswith("If a team leads by 6 goals the game ends.")


def test_the_greeting_and_sign_off_of_a_mailed_sheet_are_no_rules(tmp_path):
    sheet = tmp_path / "notes.txt"
    sheet.write_text("Hi refs, a few notes for Saturday's tournament. Games are 2 x 18 minutes. Each team gets "
                     "one 60-second timeout per game. Body checking is not allowed. Thanks, Dave\n", encoding="utf-8")
    ingest_file(sheet, "notes", base="rha")
    index = load_index(use_cache=False)
    texts = [c.text for c in index.by_ruleset("notes") if c.text]
    assert texts == ["Games are 2 x 18 minutes.", "Each team gets one 60-second timeout per game.",
                     "Body checking is not allowed."]
    # the same laid out as a letter: greeting, body and sign-off on lines of their own
    sheet.write_text("Hi refs,\n\nGames are 2 x 18 minutes. Body checking is not allowed.\n\nCheers,\nDave\n",
                     encoding="utf-8")
    ingest_file(sheet, "notes")
    texts = [c.text for c in load_index(use_cache=False).by_ruleset("notes") if c.text]
    assert texts == ["Games are 2 x 18 minutes.", "Body checking is not allowed."]
    # a line introducing the sheet, and whom to ask just before the sign-off, are no rules either
    sheet.write_text("Hi coaches,\n\nHere are the rules for the Fall Fête tournament. Games are 2 x 18 minutes.\n"
                     "Body checking is not allowed.\n\nIf you have questions contact Sam at 555-1234.\nCheers,\nSam\n",
                     encoding="utf-8")
    ingest_file(sheet, "notes")
    texts = [c.text for c in load_index(use_cache=False).by_ruleset("notes") if c.text]
    assert texts == ["Games are 2 x 18 minutes.", "Body checking is not allowed."]
    # ... and under a sign-off of three lines (a name and a role under "Thanks,")
    sheet.write_text("Games are 2 x 18 minutes.\nBody checking is not allowed.\n\n"
                     "If you have any questions, contact me at 555-0199.\n\nThanks,\nDana Whitfield\n"
                     "Tournament Director\n", encoding="utf-8")
    ingest_file(sheet, "notes")
    texts = [c.text for c in load_index(use_cache=False).by_ruleset("notes") if c.text]
    assert texts == ["Games are 2 x 18 minutes.", "Body checking is not allowed."]


def test_a_ruleset_id_from_a_name_with_accents_keeps_its_letters():
    from rulebot.ingest import slug

    assert slug("Fall Fête Rules") == "fall-fete-rules"
    assert slug("Coupe d'Été 2025!") == "coupe-d-ete-2025"
    assert slug("???") == "my-rules"


def _sheet_classes(tmp_path, name: str, text: str, base: str) -> tuple[dict, object]:
    """Ingest ``text`` as sheet ``name`` over ``base``: its penalty classes by name, and the index."""
    from rulebot.penalties import penalty_classes

    sheet = tmp_path / name
    sheet.write_text(text, encoding="utf-8")
    ingest_file(sheet, sheet.stem, base=base)
    index = load_index(use_cache=False)
    return {c.name: c for c in penalty_classes(index, sheet.stem)}, index


def test_a_sheets_plural_shorthand_defines_its_penalty_classes(tmp_path):
    classes, index = _sheet_classes(tmp_path, "fall-faceoff.md", "# Fall Faceoff\n\n## Penalties\n- Minors are 2 minutes "
                                    "stop time.\n- Majors are 5 minutes and come with a game misconduct.\n\n## Format\n"
                                    "- Two 18 minute periods.\n", "firs-2017")
    assert {(c.name, c.minutes) for c in classes.values()} == {("minor", 2.0), ("major", 5.0)}
    from rulebot.search import Searcher

    answer = Searcher(index).ask("how long is a major", "fall-faceoff")
    assert "Majors are 5 minutes" in answer.answer and "do not cover" not in answer.answer


def test_lettered_items_txt():
    ingest_file(DATA / "lettered.txt")
    index = load_index(use_cache=False)
    assert index.rulesets["lettered"].title == "Lakeside U12 Jamboree Rules"
    penalties = index.lookup("lettered", "Penalties")
    assert [c.number for c in index.children(penalties)] == ["Penalties a", "Penalties b", "Penalties c"]
    assert index.lookup("lettered", "Penalties b").text == "A major penalty is 5 minutes and a game misconduct."
    tie = index.lookup("lettered", "Standings b")
    assert [c.text for c in index.children(tie)] == ["head to head result;", "fewest goals against;", "coin toss."]


def test_keyword_headings_txt():
    ingest_file(DATA / "sections.txt", "metro-playoffs")
    index = load_index(use_cache=False)
    c = index.lookup("metro-playoffs", "Section 3")
    assert c is index.lookup("metro-playoffs", "3")
    assert (c.number, c.title) == ("Section 3", "Overtime")
    assert c.text.startswith("Overtime is 10 minutes of sudden victory")


def test_markdown_headings_md():
    result = ingest_file(DATA / "harbour-cup.md", base="firs-2017")
    assert result.meta["format"] == "md"
    index = load_index(use_cache=False)
    rs = index.rulesets["harbour-cup"]
    assert rs.title == "Harbour Cup Inline Rules" and rs.base == "firs-2017"
    art2 = index.lookup("harbour-cup", "Article 2")
    assert art2.title == "Game length" and art2.text == "Games are two periods of 15 minutes running time."
    assert index.lookup("harbour-cup", "Article 2 ¶2").text == "The final 2 minutes of the second period are stop time."
    assert index.lookup("harbour-cup", "Article 1 (1)").text == "A roster holds at most 15 players and 2 goalkeepers."
    assert index.lookup("harbour-cup", "Article 3 (b)").text.startswith("A major penalty is 5 minutes")
    term = index.lookup("harbour-cup", "Running time")
    assert term.kind == "definition" and term.text == "the clock does not stop when play stops."
    # markdown markup is not part of any clause text
    assert not any("**" in c.text or c.text.startswith("#") for c in index.by_ruleset("harbour-cup"))


def test_one_markdown_heading_over_a_numbered_list_is_the_title(tmp_path):
    sheet = tmp_path / "cup.md"
    sheet.write_text("# Harbour Cup\n\n1. Games are two 15-minute halves of running time.\n"
                     "2. Minor penalties are 90 seconds.\n", encoding="utf-8")
    result = ingest_file(sheet)
    assert result.ruleset.title == "Harbour Cup"
    texts = [c.text for c in load_index(use_cache=False).by_ruleset("cup") if c.text]
    assert texts == ["Games are two 15-minute halves of running time.", "Minor penalties are 90 seconds."]


def test_a_sheet_saved_as_utf16_reads_like_its_utf8_copy(tmp_path):
    text = (DATA / "spring-classic.txt").read_text(encoding="utf-8")
    (tmp_path / "notepad.txt").write_bytes(text.encode("utf-16"))  # byte-order mark first, as Notepad writes
    ingest_file(tmp_path / "notepad.txt", "notepad")
    ingest_file(DATA / "spring-classic.txt")
    index = load_index(use_cache=False)
    strip = lambda rows: [r[1:] for r in rows]  # noqa: E731
    assert strip(_clauses(index, "notepad")) == strip(_clauses(index, "spring-classic"))


def test_real_pdf_with_running_footer(tmp_path, capsys):
    text = (DATA / "spring-classic.txt").read_text(encoding="utf-8")
    cut = text.index("3. PENALTIES")
    pdf = write_pdf(tmp_path / "spring.pdf", [text[:cut], text[cut:]],
                    footer="Spring Classic 2024 - page {page} of 2")
    status, out, err = run_cli(capsys, "ingest", str(pdf), "--id", "spring-pdf")
    assert status == 0, err
    assert "pages: 2, 2 with text; 2 lines of page numbers/headers/footers removed" in out
    index = load_index(use_cache=False)
    ingest_file(DATA / "spring-classic.txt")
    index = load_index(use_cache=False)
    # the PDF gives the same clauses as the text file
    strip = lambda rows: [r[1:] for r in rows]  # noqa: E731
    assert strip(_clauses(index, "spring-pdf")) == strip(_clauses(index, "spring-classic"))
    assert not any("page 1 of 2" in c.text for c in index.by_ruleset("spring-pdf"))


def test_pdf_with_a_scanned_page_is_reported(tmp_path, capsys):
    text = (DATA / "sections.txt").read_text(encoding="utf-8")
    pdf = write_pdf(tmp_path / "metro.pdf", [text, None, None])
    status, out, err = run_cli(capsys, "ingest", str(pdf))
    assert status == 0, err
    assert "pages with no text: 2-3 (scanned images?): run OCR" in out
    status, out, _ = run_cli(capsys, "check", "metro", "--json")
    report = yaml.safe_load(out)
    assert report["empty_pages"] == [2, 3] and report["pages"] == 3 and report["ok"] is False


# ------------------------------------------------------------------------------------ the seeds


@pytest.mark.parametrize("rid", ["firs-2017", "rha", "ball-hockey", "youth-cup", "challenge-cup-u9"])
def test_seed_reingested_gives_the_embedded_index(rid, tmp_path, capsys):
    src = paths.corpus_root().joinpath(rid, "source.txt").read_text(encoding="utf-8")
    copy = tmp_path / f"{rid}.txt"
    copy.write_text(src, encoding="utf-8")
    status, out, err = run_cli(capsys, "ingest", str(copy), "--id", f"my-{rid}")
    assert status == 0, err
    index = load_index(use_cache=False)
    assert index.rulesets[f"my-{rid}"].layout == index.rulesets[rid].layout
    assert _clauses(index, f"my-{rid}") == _clauses(index, rid)
    assert len(index.by_ruleset(rid)) > 30


# ------------------------------------------------------------------------------------ idempotent, atomic


def test_same_file_twice_writes_nothing_new(capsys):
    run_cli(capsys, "ingest", str(DATA / "harbour-cup.md"))
    folder = paths.user_rulesets_dir() / "harbour-cup"
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}
    status, out, _ = run_cli(capsys, "ingest", str(DATA / "harbour-cup.md"))
    assert status == 0 and out.startswith("Unchanged (already ingested): ruleset 'harbour-cup'")
    after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}
    assert before == after and set(before) == {"ruleset.yaml", "source.txt"}
    assert _user_dirs() == ["harbour-cup"] and _staging_left() == []


def test_ingest_result_is_the_same_in_a_fresh_data_dir(tmp_path, monkeypatch):
    ingest_file(DATA / "lettered.txt", base="youth-cup")
    first = {p.name: p.read_bytes() for p in (paths.user_rulesets_dir() / "lettered").iterdir()}
    monkeypatch.setenv("RULEBOT_DATA_DIR", str(tmp_path / "other"))
    ingest_file(DATA / "lettered.txt", base="youth-cup")
    second = {p.name: p.read_bytes() for p in (paths.user_rulesets_dir() / "lettered").iterdir()}
    assert first == second


def test_failure_mid_write_leaves_nothing(monkeypatch, capsys):
    import rulebot.ingest as ingest

    real = ingest._write
    calls = []

    def failing(path, text):
        calls.append(path.name)
        if path.name == "ruleset.yaml":
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(ingest, "_write", failing)
    status, out, err = run_cli(capsys, "ingest", str(DATA / "sections.txt"))
    assert status == 4 and calls == ["source.txt", "ruleset.yaml"]
    assert err.count("\n") == 1 and "No space left on device" in err and "nothing was changed" in err
    assert _user_dirs() == [] and _staging_left() == []
    assert "sections" not in load_index(use_cache=False).rulesets


def test_failed_replacement_keeps_the_old_version(tmp_path, monkeypatch):
    sheet = tmp_path / "cup.txt"
    sheet.write_text((DATA / "sections.txt").read_text(encoding="utf-8"), encoding="utf-8")
    ingest_file(sheet)
    folder = paths.user_rulesets_dir() / "cup"
    old = {p.name: p.read_bytes() for p in folder.iterdir()}
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("three 15 minute", "three 17 minute"),
                     encoding="utf-8")
    real_replace = os.replace

    def failing(src, dst):
        if Path(src).name.startswith("new-"):  # the new version moving into place
            raise OSError(5, "Input/output error")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing)
    with pytest.raises(DataError, match="Input/output error"):
        ingest_file(sheet)
    monkeypatch.setattr(os, "replace", real_replace)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == old
    assert _user_dirs() == ["cup"] and _staging_left() == []
    result = ingest_file(sheet)
    assert result.status == "replaced"
    assert "three 17 minute" in load_index(use_cache=False).lookup("cup", "Section 2").text


# ------------------------------------------------------------------------------------ refusals


def _refused(capsys, *argv):
    status, out, err = run_cli(capsys, "ingest", *argv)
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("rulebot: error: "), err
    assert _user_dirs() == [] and _staging_left() == []
    return status, err


def test_refuses_an_empty_file(tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    status, err = _refused(capsys, str(empty))
    assert status == 4 and f"{empty}: the file is empty" in err
    blank = tmp_path / "blank.md"
    blank.write_text("\n   \n\n", encoding="utf-8")
    status, err = _refused(capsys, str(blank))
    assert status == 4 and "empty" in err


def test_refuses_a_note_that_speaks_of_no_game(tmp_path, capsys):
    # sentences, but none a rule: a message sent by mistake is not stored as a ruleset
    note = tmp_path / "note.txt"
    note.write_text("Hi all,\nLooking forward to seeing everyone Saturday.\nCheers, Bob\n", encoding="utf-8")
    status, err = _refused(capsys, str(note))
    assert status == 4 and f"{note}: no rule found in the text" in err
    # ... nor one that names only where the game is ("the rink"), nor wishes the teams luck
    for text in ("Hi all,\n\nSee you Saturday at the rink! Bring water.\n\nThanks,\nDave\n",
                 "Good luck to all teams this weekend, see you at the game!\n"):
        note.write_text(text, encoding="utf-8")
        status, err = _refused(capsys, str(note))
        assert status == 4 and "no rule found" in err
    # ... while a short sheet with one rule is one
    note.write_text("Spring House Rules\n\nBody checking is not allowed at any time in this league.\n\n"
                    "Have fun out there!\n", encoding="utf-8")
    status, out, err = run_cli(capsys, "ingest", str(note), "--id", "spring-house")
    assert status == 0, err


def test_refuses_a_binary_file(tmp_path, capsys):
    binary = tmp_path / "rules.txt"
    binary.write_bytes(bytes(range(256)) * 64)
    status, err = _refused(capsys, str(binary))
    assert status == 4 and "binary file" in err and str(binary) in err


def test_refuses_a_huge_file(tmp_path, capsys):
    huge = tmp_path / "huge.txt"
    line = "1. Games are two 20 minute periods and the clock runs without stopping.\n"
    huge.write_text(line * (MAX_TEXT_BYTES // len(line) + 10), encoding="utf-8")
    status, err = _refused(capsys, str(huge))
    assert status == 4 and "too large" in err


def test_refuses_a_scanned_pdf(tmp_path, capsys):
    pdf = write_pdf(tmp_path / "scan.pdf", [None, None])
    status, err = _refused(capsys, str(pdf))
    assert status == 4 and "no text in any of its 2 pages" in err and "OCR" in err


def test_refuses_a_broken_pdf(tmp_path, capsys):
    pdf = tmp_path / "broken.pdf"
    pdf.write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog >>\ngarbage\n")
    status, err = _refused(capsys, str(pdf))
    assert status == 4 and "not a readable PDF" in err


def test_refuses_other_types_missing_files_and_bad_ids(tmp_path, capsys):
    doc = tmp_path / "rules.docx"
    doc.write_bytes(b"PK\x03\x04 not really")
    status, err = _refused(capsys, str(doc))
    assert status == 2 and "unsupported file type '.docx'" in err
    status, err = _refused(capsys, str(tmp_path / "nope.txt"))
    assert status == 3 and "no such file" in err
    status, err = _refused(capsys, str(DATA / "sections.txt"), "--id", "rha")
    assert status == 2 and "built-in ruleset and cannot be overwritten" in err
    status, err = _refused(capsys, str(DATA / "sections.txt"), "--id", "Bad Id!")
    assert status == 2 and "--id" in err
    status, err = _refused(capsys, str(DATA / "sections.txt"), "--id", "")  # not the file name instead
    assert status == 2 and "--id ''" in err
    status, err = _refused(capsys, str(DATA / "sections.txt"), "--base", "nhl")
    assert status == 2 and "--base 'nhl': no such ruleset" in err


def test_a_table_of_values_is_refused(tmp_path, capsys):
    roster = tmp_path / "roster.txt"
    roster.write_text("team,player,number\nFalcons,Ames,3\nFalcons,Baker,18\nOwls,Chen,21\nOwls,Diaz,5\n",
                      encoding="utf-8")
    status, err = _refused(capsys, str(roster))
    assert status == 4 and f"{roster}:1: this looks like a table of values" in err
    # a rule sheet whose rules have commas is rule text
    sheet = tmp_path / "sheet.txt"
    sheet.write_text("1. Games are two 20 minute halves, running time.\n2. Minor penalties are 2 minutes, "
                     "majors 5.\n3. Ties after pool play, a shootout.\n", encoding="utf-8")
    status, out, err = run_cli(capsys, "ingest", str(sheet))
    assert status == 0, err


def test_too_little_text_is_refused(tmp_path, capsys):
    tiny = tmp_path / "tiny.txt"
    tiny.write_text("Rules\n1. Play", encoding="utf-8")
    status, err = _refused(capsys, str(tiny))
    assert status == 4 and "too little text" in err
    one = tmp_path / "one.txt"
    one.write_text("1. Minor penalties are 90 seconds.\n", encoding="utf-8")  # a sheet of one rule is a sheet
    status, out, err = run_cli(capsys, "ingest", str(one))
    assert status == 0, err


def test_a_sheet_in_which_no_rule_is_found_is_refused(tmp_path, capsys):
    # a contents page and nothing else: the parser finds no clause, so nothing is stored
    toc = tmp_path / "contents.txt"
    toc.write_text("Contents\nGeneral rules ........ 3\nRink and goals ........ 4\nPenalties ........ 5\n",
                   encoding="utf-8")
    status, err = _refused(capsys, str(toc), "--base", "firs-2017")
    assert status == 4 and f"{toc}: no rule found in the text" in err and "nothing was saved" in err


def test_dot_leaders_in_a_penalty_list_are_no_table_of_contents(capsys):
    from rulebot.corpus.loader import detect_layout
    from rulebot.paths import corpus_root

    # "- Tripping ........ 90 sec": a penalty list written with dot leaders (a fresh user's sheet)
    status, out, err = run_cli(capsys, "ingest", str(DATA / "summer-slam-dotted.txt"), "--base", "firs-2017")
    assert status == 0, err
    index = load_index(use_cache=False)
    assert index.rulesets["summer-slam-dotted"].layout == "numbered"
    assert [c.number for c in index.by_ruleset("summer-slam-dotted") if c.kind == "rule"] == \
        ["1", "2", "3", "4", "5", "6", "7", "8"]
    # a column of penalty minutes is no contents either; page numbers that never go down are
    assert detect_layout("Penalties\nRoughing ..... 2\nFighting ..... 5\nHooking ..... 2\n") != "decimal"
    assert detect_layout("Contents\nGeneral ..... 3\nRink ..... 4\nPenalties ..... 9\n1. General\n") == "decimal"
    assert detect_layout(corpus_root().joinpath("firs-2017", "source.txt").read_text(encoding="utf-8")) == "decimal"


def test_an_unbulleted_dot_leader_list_in_a_mailed_sheet_is_a_list_not_headings(capsys, tmp_path):
    from rulebot.corpus.loader import detect_layout
    from rulebot.penalties import infractions

    # greeting, prose, "Penalties are as follows:" over "Tripping.............2 min" lines with no
    # bullets, a paragraph, whom to ask and a sign-off (a fresh user's e-mailed sheet)
    status, out, err = run_cli(capsys, "ingest", str(DATA / "fall-fete-dotted.txt"), "--base", "ball-hockey")
    assert status == 0, err
    index = load_index(use_cache=False)
    assert index.rulesets["fall-fete-dotted"].layout == "inline"
    clauses = _clauses(index, "fall-fete-dotted")
    assert not any("....." in (title or "") for _, _, title, *_ in clauses)  # no dot-leader line is a heading
    names = ["Tripping.............2 min", "Hooking..............2 min", "High sticking........2 min",
             "Body contact.........2 min", "Slapshot.............2 min", "Cross checking.......5 min",
             "Fighting.............match"]
    assert clauses[9:18] == [
        ("9", "9", "", "paragraph", "There is no body contact of any kind.", ""),
        ("10", "10", "Penalties are as follows", "paragraph", "", ""),
        *[(f"10.i{k}", f"10 •{k}", "", "item", text, "10") for k, text in enumerate(names, 1)],
    ]
    assert clauses[1][4] == "Games are two 18 minute halves with a running clock."
    assert clauses[18:] == [("11", "11", "", "paragraph",
                             "A player with two majors in the tournament is suspended for the next game.", "")]
    # the greeting, the line introducing the sheet, whom to ask and the sign-off are no clauses
    texts = " ".join(c[4] for c in clauses)
    assert "Here are the rules" not in texts and "contact Marie" not in texts and "coaches" not in texts
    assert "good luck" not in texts
    rows = [(i.infraction, i.rule, i.penalty, i.minutes) for i in infractions(index, "fall-fete-dotted")]
    assert rows == [("Tripping", "10 •1", "penalty", 2.0), ("Hooking", "10 •2", "penalty", 2.0),
                    ("High sticking", "10 •3", "penalty", 2.0), ("Body contact", "10 •4", "penalty", 2.0),
                    ("Slapshot", "10 •5", "penalty", 2.0), ("Cross checking", "10 •6", "penalty", 5.0),
                    ("Fighting", "10 •7", "match", None)]
    # in a sheet whose minors are 2 minutes and majors 5, the lengths are those classes
    sheet = tmp_path / "fall-classes.txt"
    sheet.write_text((DATA / "fall-fete-dotted.txt").read_text(encoding="utf-8").replace(
        "There is no body contact of any kind.",
        "There is no body contact of any kind. Minor penalties are 2 minutes. Major penalties are 5 minutes."),
        encoding="utf-8")
    assert detect_layout(sheet.read_text(encoding="utf-8")) == "inline"
    ingest_file(sheet, "fall-classes", base="ball-hockey")
    rows = [(i.infraction, i.penalty, i.minutes) for i in infractions(load_index(use_cache=False), "fall-classes")]
    assert rows[0] == ("Tripping", "minor", 2.0) and rows[5] == ("Cross checking", "major", 5.0)
    assert rows[6] == ("Fighting", "match", None)


def test_a_dot_leader_line_is_never_a_heading_of_a_numbered_sheet():
    from rulebot.corpus.numbered import _is_heading, parse_numbered

    assert not _is_heading("Fighting.............match") and not _is_heading("Tripping.............2 min")
    assert _is_heading("Penalties are as follows:")
    # a numbered sheet with the same list: the dot-leader lines are the heading's items
    result = parse_numbered("s", "Spring Cup\n\n1. Games are 2 x 18 minutes.\n2. Body checking is not allowed.\n"
                                 "3. No slapshots.\n\nPenalties\nTripping.............2 min\n"
                                 "Fighting.............match\n")
    items = [(c.number, c.kind, c.text) for c in result.clauses if c.parent == "s:penalties"]
    assert items == [("Penalties •1", "item", "Tripping.............2 min"),
                     ("Penalties •2", "item", "Fighting.............match")]
    assert [c.title for c in result.clauses if c.kind == "section"][-1] == "Penalties"
    assert not any("...." in c.title for c in result.clauses)


# ------------------------------------------------------------------------------------ remove, check


def test_remove_deletes_only_user_rulesets(capsys):
    ingest_file(DATA / "sections.txt", "metro")
    ingest_file(DATA / "lettered.txt", "jamboree", base="metro")
    status, out, _ = run_cli(capsys, "remove", "metro")
    assert status == 0 and "Removed ruleset 'metro'" in out and "jamboree named it as --base" in out
    assert _user_dirs() == ["jamboree"]
    assert "metro" not in load_index(use_cache=False).rulesets
    status, _, err = run_cli(capsys, "remove", "metro")
    assert status == 3 and "no ruleset 'metro'" in err
    status, _, err = run_cli(capsys, "remove", "firs-2017")
    assert status == 2 and "built-in" in err
    assert "firs-2017" in load_index(use_cache=False).rulesets
    # jamboree does stand alone: its ruleset.yaml names no base, so a new "metro" is not layered under it
    stored = yaml.safe_load((paths.user_rulesets_dir() / "jamboree" / "ruleset.yaml").read_text(encoding="utf-8"))
    assert "base" not in stored and stored["id"] == "jamboree"
    ingest_file(DATA / "sections.txt", "metro")
    assert load_index(use_cache=False).rulesets["jamboree"].base is None


def test_a_sheet_naming_the_rules_it_amends_says_so_when_not_layered_over_them(capsys):
    sheet = str(DATA / "spring-classic.txt")  # "All games are played under the Roller Hockey Alliance rules ..."
    status, out, _ = run_cli(capsys, "ingest", sheet, "--id", "spring", "--base", "firs-2017")
    assert status == 0
    assert ("Note: the sheet says \u201cAll games are played under the Roller Hockey Alliance rules except as "
            "stated below.\u201d but it is layered over firs-2017; to layer it over rha:") in out
    status, out, _ = run_cli(capsys, "ingest", sheet, "--id", "spring", "--base", "rha")
    assert status == 0 and "Note:" not in out
    status, out, _ = run_cli(capsys, "ingest", sheet, "--id", "spring", "--json")
    assert json.loads(out)["named_base"] == "rha"


def test_a_base_loop_is_refused(capsys):
    ingest_file(DATA / "sections.txt", "metro", base="firs-2017")
    ingest_file(DATA / "lettered.txt", "jamboree", base="metro")
    status, _, err = run_cli(capsys, "ingest", str(DATA / "sections.txt"), "--id", "metro", "--base", "jamboree")
    assert status == 2 and "jamboree is itself layered over metro; that would be a loop" in err
    assert load_index(use_cache=False).rulesets["metro"].base == "firs-2017"  # nothing changed


def test_a_ruleset_whose_settings_cannot_be_read_can_still_be_removed(capsys):
    ingest_file(DATA / "sections.txt", "metro")
    (paths.user_rulesets_dir() / "metro" / "ruleset.yaml").write_text("id: [metro\n", encoding="utf-8")
    status, out, err = run_cli(capsys, "remove", "metro")
    assert status == 0 and "Removed ruleset 'metro'" in out, err
    assert _user_dirs() == []


def test_check_reports_gaps_duplicates_and_unresolved_refs(tmp_path, capsys):
    sheet = tmp_path / "gappy.txt"
    sheet.write_text(
        "Gappy Cup Rules\n\n1. GAMES\n1.1 Games are two 10 minute periods.\n1.2 Warm-up is 3 minutes.\n"
        "1.4 Overtime is played as in rule 2.9.\n2. PENALTIES\n2.1 Minor penalties are 2 minutes.\n"
        "2.1 Major penalties are 5 minutes.\n", encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", str(sheet))
    assert status == 0
    assert "numbering gap: 1.2 then 1.4: 3 missing" in out
    assert "duplicate number: 2.1 printed 2 times" in out
    assert "unresolved reference: gappy 1.4 cites '2.9', which is not in this ruleset" in out
    assert _user_dirs() == []  # check FILE stores nothing
    short = tmp_path / "short.txt"
    short.write_text("Short Cup Rules\n\n1. Games are two 15 minute halves.\n2. Minors are 90 seconds.\n"
                     "3. Overtime: see rule 9.\n4. Ties in the standings: see 2.\n", encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", str(short))
    assert "cites '9', which is not in this ruleset" in out and "cites '2'" not in out


def test_check_embedded_and_unknown(capsys):
    status, out, _ = run_cli(capsys, "check", "youth-cup")
    assert status == 0 and out.startswith("youth-cup: 41 clauses") and "layout numbered" in out
    status, out, _ = run_cli(capsys, "check", "rha", "--json")
    report = yaml.safe_load(out)
    assert report["layout"] == "rha" and {"clause": "RHA 406 (c)", "ref": "643 (c)"} in report["unresolved"]
    status, _, err = run_cli(capsys, "check", "no-such-thing")
    assert status == 2 and "neither a ruleset" in err


def test_a_sheet_named_with_an_everyday_word_is_named_only_as_a_name(tmp_path):
    from rulebot.search import Searcher

    sheet = tmp_path / "long.txt"
    sheet.write_text("Long weekend rules\n\n1. Games are two periods of 10 minutes.\n2. Minor penalties are 90 "
                     "seconds.\n", encoding="utf-8")
    ingest_file(sheet, "long")
    searcher = Searcher(load_index(use_cache=False))
    # "how long" does not name the sheet: RHA, as selected, answers
    assert searcher.ask("how long is a minor penalty", "rha").citations[0].ruleset == "rha"
    # ... "in the long rules" does
    assert searcher.ask("how long is a minor penalty in the long rules").citations[0].ruleset == "long"


def test_a_title_line_over_the_sheets_one_list_is_its_title_and_an_edited_title_stays(tmp_path, capsys):
    sheet = tmp_path / "classic.txt"
    sheet.write_text("Spring Classic 2026 - Tournament Rules\n\n1. Games are two periods of 15 minutes.\n"
                     "2. Minor penalties are 90 seconds.\n", encoding="utf-8")
    result = ingest_file(sheet, "classic")
    assert result.ruleset.title == "Spring Classic 2026 - Tournament Rules"
    assert [c.number for c in load_index(use_cache=False).by_ruleset("classic") if c.text] == ["1", "2"]
    stored = result.path / "ruleset.yaml"
    stored.write_text(stored.read_text(encoding="utf-8").replace(
        "\ntitle: Spring Classic 2026 - Tournament Rules", "\ntitle: Spring Classic", 1), encoding="utf-8")
    sheet.write_text(sheet.read_text(encoding="utf-8") + "3. Each team gets one timeout.\n", encoding="utf-8")
    assert ingest_file(sheet, "classic").ruleset.title == "Spring Classic"  # the same sheet, edited title kept
    other = tmp_path / "fall.txt"
    other.write_text("Fall Cup\n\n1. Games are two periods of 20 minutes.\n", encoding="utf-8")
    status, out, _ = run_cli(capsys, "ingest", str(other), "--id", "classic")
    assert status == 0 and out.startswith("Replaced ruleset 'classic' \u2013 Fall Cup (it was classic.txt)")


def test_the_sign_off_of_a_numbered_sheet_is_no_rule(tmp_path):
    sheet = tmp_path / "weekend.txt"
    sheet.write_text("Weekend Classic Roller Hockey Tournament 2026 - Rules Sheet\n\nThe RHA rule book applies.\n\n"
                     "1. Game length\nGames are two 15 minute halves.\n\n2. Timeouts\nOne 30-second timeout per team."
                     "\n\nThanks and see you at the rink!\nTournament Director\n", encoding="utf-8")
    result = ingest_file(sheet, "weekend")
    assert result.ruleset.title == "Weekend Classic Roller Hockey Tournament 2026 - Rules Sheet"
    texts = [c.text for c in load_index(use_cache=False).by_ruleset("weekend") if c.text]
    assert texts == ["The RHA rule book applies.", "Games are two 15 minute halves.", "One 30-second timeout per team."]
    artefacts = load_index(use_cache=False).reports["weekend"].artefacts
    assert ("Thanks and see you at the rink! Tournament Director",
            "sign-off of a sheet sent as a message, not a rule") in artefacts
    # a closing line saying whom to ask is no rule either; a rule naming a number stays
    sheet.write_text("Weekend Classic\n\n1. Games are two 15 minute halves.\n\n2. Report injuries to the desk at "
                     "555-0199.\n\nQuestions to the tournament director: Jane Smith, 555-0100.\n", encoding="utf-8")
    ingest_file(sheet, "weekend")
    texts = [c.text for c in load_index(use_cache=False).by_ruleset("weekend") if c.text]
    assert texts == ["Games are two 15 minute halves.", "Report injuries to the desk at 555-0199."]


def test_a_sheets_opening_sentence_naming_the_rules_that_apply_is_its_preamble(tmp_path, capsys):
    from rulebot.search import Searcher

    sheets = [("slam.md", "# Summer Slam Rules\n\nBall hockey league rules apply except as below.\n\n## Penalties\n"
               "- Penalties are 2 minutes.\n- Three penalties in a game means ejection.\n", "ball-hockey",
               "Ball hockey league rules apply except as below.", "Penalties"),
              # an e-mailed sheet, one rule a sentence: the sentence is no rule 1
              ("birch.txt", "Hi all,\n\nThe FIRS 2017 rules apply except as amended below.\nGames are two 15 "
               "minute periods.\nMinor penalties are 90 seconds.\n\nThanks,\nLee\n", "firs-2017",
               "The FIRS 2017 rules apply except as amended below.", "1 Games are two 15 minute periods"),
              ("lake.txt", "Hey all,\n\nWe play under RHA rules with these changes. Games are two 20 minute "
               "periods. No slapshots.\n\nCheers,\nJo\n", "rha", "We play under RHA rules with these changes.",
               "1 Games are two 20 minute periods")]
    for name, text, base, preamble, after in sheets:
        sheet = tmp_path / name
        sheet.write_text(text, encoding="utf-8")
        ingest_file(sheet, sheet.stem, base=base)
        status, out, _ = run_cli(capsys, "rule", sheet.stem)
        lines = out.splitlines()
        assert status == 0 and lines[0] == f"(preamble) {preamble}" and lines[1].strip().startswith(after), lines[:2]
    # the preamble ends at its colon when a rule follows on the same line
    fete = tmp_path / "fete.txt"
    fete.write_text("Fall Fete Rules\n\nFIRS rules apply except for the following: Games are two 20 minute periods. "
                    "Minor penalties are 90 seconds.\n", encoding="utf-8")
    ingest_file(fete, "fete", base="firs-2017")
    status, out, _ = run_cli(capsys, "rule", "fete")
    lines = out.splitlines()
    assert lines[0] == "(preamble) FIRS rules apply except for the following:", lines[:2]
    assert lines[1].startswith("1 Games are two 20 minute periods"), lines[:2]
    # ... and not at a clock's colon ("the 10:00 games")
    noon = tmp_path / "noon.txt"
    noon.write_text("Noon Cup Rules\n\nFIRS rules apply with these changes for the 10:00 games.\n"
                    "Minor penalties are 90 seconds.\n", encoding="utf-8")
    ingest_file(noon, "noon", base="firs-2017")
    status, out, _ = run_cli(capsys, "rule", "noon")
    assert out.splitlines()[0] == "(preamble) FIRS rules apply with these changes for the 10:00 games.", out
    answer = Searcher(load_index(use_cache=False)).ask("how long is a penalty", "slam")
    assert "Penalties are 2 minutes." in answer.answer and "ejection" not in answer.answer.split("\n")[0]
    assert answer.citations[0].text == "Penalties are 2 minutes."


def test_a_sentence_broken_over_lines_is_one_rule_text(tmp_path):
    sheet = tmp_path / "wrapped.txt"
    sheet.write_text("1. Overtime\nPlayoff games play five minutes of\n3-on-3 sudden death.\n\n2. Penalties\n"
                     "A player gets\ntwo minutes for a minor.\n", encoding="utf-8")
    ingest_file(sheet, "wrapped")
    rules = [(c.number, c.title, c.text) for c in load_index(use_cache=False).by_ruleset("wrapped") if c.number]
    assert rules == [("1", "Overtime", "Playoff games play five minutes of 3-on-3 sudden death."),
                     ("2", "Penalties", "A player gets two minutes for a minor.")]


def test_a_sheets_short_name_is_its_title_without_rules():
    from rulebot.ingest import short_name

    assert short_name("Spring Classic 2025 - Tournament Rules", "spring") == "Spring Classic 2025"
    assert short_name("Fall Fête Rules", "fall") == "Fall Fête"
    assert short_name("Fall Faceoff", "fall") == "Fall Faceoff"
    assert short_name("Rules of Play", "club") == "club"
    assert short_name("The Very Long Name Of A Summer Tournament Held Yearly", "summer") == "summer"


def test_a_sheet_is_also_asked_by_its_name_without_the_sport(tmp_path):
    from rulebot.ingest import name_aliases

    assert name_aliases("Summer Slam Inline") == ["Summer Slam"]
    assert name_aliases("Fall Classic Ball Hockey") == ["Fall Classic"]
    assert name_aliases("Lakeside Cup") == [] and name_aliases("Metro Roller Hockey") == []
    # a year before or after the name is left out too ("at the lakeside summer slam")
    assert name_aliases("Lakeside Summer Slam 2025") == ["Lakeside Summer Slam"]
    assert name_aliases("2025-26 Metro Inline Cup") == ["Metro Inline Cup"]
    assert name_aliases("Summer Slam Inline 2025") == ["Summer Slam Inline", "Summer Slam"]
    sheet = tmp_path / "harbour.txt"
    sheet.write_text("Harbour Jam Inline Tournament Rules\n1. Mercy rule: a 6 goal lead ends the game.\n"
                     "2. Minor penalties are 90 seconds.\n", encoding="utf-8")
    ingest_file(sheet, "harbour-jam")
    from rulebot.search import Searcher

    answer = Searcher(load_index(use_cache=False)).ask("what's the mercy rule at harbour jam?")
    assert answer.ruleset == "harbour-jam" and answer.citations[0].ruleset == "harbour-jam"


def test_two_classes_in_one_sheet_sentence_are_quoted_as_the_sheet_says_them(tmp_path):
    classes, _ = _sheet_classes(tmp_path, "cup.txt", "Hi coaches,\n\nFIRS rules apply except for the following.\n"
                                "All games are two 12 minute periods.\nMinor penalties are 90 seconds and major "
                                "penalties are 4 minutes.\nEach team gets one 30 second timeout per game.\n\n"
                                "Thanks,\nDana\n", "firs-2017")
    assert (classes["minor"].minutes, classes["major"].minutes) == (1.5, 4.0)
    # verbatim, and not run on into the next rule ("... 90 seconds Each team gets one 30 second timeout")
    assert classes["minor"].effect == "Minor penalties are 90 seconds and major penalties are 4 minutes."


def test_two_sub_rules_under_a_numbered_rule_are_sub_rules(tmp_path):
    sheet = tmp_path / "slam.txt"
    sheet.write_text("SUMMER SLAM TOURNAMENT RULES\n\n1. Game Format\n1.1 Games are two 15 minute running-time halves.\n"
                     "1.2 Teams must be ready 10 minutes before scheduled game time.\n", encoding="utf-8")
    ingest_file(sheet, "slam", base="rha")
    numbers = {c.number: c.text for c in load_index(use_cache=False).by_ruleset("slam") if c.text}
    assert numbers == {"1.1": "Games are two 15 minute running-time halves.",
                       "1.2": "Teams must be ready 10 minutes before scheduled game time."}


def test_a_sheets_rule_word_sub_rules_and_a_list_after_a_heading_are_its_rules(capsys):
    # a fresh user's sheet: "Rule 8 - ...", an indented "5.1", and "7)" after the PENALTIES bullets
    status, out, err = run_cli(capsys, "ingest", str(DATA / "summer-slam.txt"), "--base", "firs-2017")
    assert status == 0, err
    assert "unresolved reference" not in out  # "Rule 8" was read as a reference in "7 ¶2"
    index = load_index(use_cache=False)
    rid = "summer-slam"
    top = [c.number or c.title for c in index.children(index.get(f"{rid}:"))]
    assert top == ["¶1", "1", "2", "3", "4", "5", "6", "PENALTIES", "7", "8"]
    sub = index.lookup(rid, "5.1")
    assert (sub.parent, sub.kind) == (f"{rid}:5", "rule")
    assert sub.text == "A second slapshot by the same player is a minor penalty for unsportsmanlike conduct."
    assert index.lookup(rid, "8").text == "Each team must supply one volunteer for the penalty box."
    assert index.lookup(rid, "7").text == "Helmets with full cage required for all players under 18."
    listed = [(c.number, c.text) for c in index.children(index.get(f"{rid}:penalties"))]
    assert [n for n, _ in listed] == [f"PENALTIES •{k}" for k in range(1, 6)]
    assert listed[-1][1] == "Unsportsmanlike conduct 1:30"  # "-Unsportsmanlike ...": a bullet that lost its space


def test_a_number_that_only_looks_like_a_sub_rule_stays_text(tmp_path):
    sheets = {"wrap-cup": "Wrap Cup Rules\n\n1. A minor penalty is served for\n1.5 minutes of running time.\n"
                          "2. Games are two 15 minute halves.\n3. Rules under a heading stay under it.\n"
                          "Penalties\n4. Tripping is a minor penalty.\n",
              "gap-cup": "Gap Cup Rules\n\n1. Games are two 15 minute halves.\n2. Ties stay ties.\n"
                         "2.3 Teams change ends at half time.\n3. No slapshots.\n"}
    for rid, text in sheets.items():
        (tmp_path / f"{rid}.txt").write_text(text, encoding="utf-8")
        assert ingest_file(tmp_path / f"{rid}.txt", rid).ruleset.layout == "numbered"
    index = load_index(use_cache=False)
    assert index.lookup("wrap-cup", "1").text == "A minor penalty is served for 1.5 minutes of running time."
    # a heading right over numbered rules keeps them
    assert index.get(index.lookup("wrap-cup", "4").parent).title == "Penalties"
    # "2.3" with no "2.1" before it is no sub-rule
    assert index.lookup("gap-cup", "2.3") is None
    assert index.lookup("gap-cup", "2 ¶2").text == "2.3 Teams change ends at half time."


def test_a_sheet_named_with_accents_is_named_without_them_too(tmp_path, capsys):
    sheet = tmp_path / "Fall Fête Rules.txt"
    sheet.write_text("Fall Fête Rules\n\n1. Games are 2 x 18 minutes.\n\n2. Body checking is not allowed.\n",
                     encoding="utf-8")
    rid = ingest_file(sheet).ruleset.id
    from rulebot.search import Searcher
    from rulebot.search.query import parse_query

    index = load_index(use_cache=False)
    for typed in ("how long are games at the Fall Fête?", "how long are games at the fall fete?"):
        assert parse_query(index, typed).rulesets == (rid,), typed
    assert Searcher(index).ask("how long are games at the fall fete?").citations[0].ruleset == rid
    # `rulebot rulesets` shows the short name a question can use
    status, out, _ = run_cli(capsys, "rulesets")
    assert status == 0 and "Fall Fête" in out.split("Fall Fête Rules", 1)[1]


def test_the_ingest_report_counts_one_clause_as_one(tmp_path, capsys):
    sheet = tmp_path / "one-rule-cup.txt"
    sheet.write_text("One Rule Cup\n\n1. Games are two 15 minute halves.\n")
    status, out, err = run_cli(capsys, "ingest", str(sheet))
    assert status == 0, err
    assert " 1 clause (" in out + err and " 1 clauses" not in out + err


def test_bullets_under_a_numbered_rule_that_announces_them_are_its_items(tmp_path, capsys):
    from rulebot.penalties import search_penalties
    from rulebot.search import get_searcher

    # a fresh user's sheet: "6. Penalties are as follows:" then a bullet list, then "7. ..."
    sheet = tmp_path / "april-open.txt"
    sheet.write_text(
        "April Open Tournament Rules\n\nThe RHA rule book applies except as amended below.\n\n"
        "1. Games are two 15 minute running time halves.\n2. Minor penalties are 90 seconds.\n"
        "3. Penalties are as follows:\n- Tripping - 90 sec\n- Slew footing - 4 min major + game misconduct\n"
        "4. A team more than 10 minutes late forfeits the game 5-0.\n", encoding="utf-8")
    status, out, err = run_cli(capsys, "ingest", str(sheet), "--base", "rha")
    assert status == 0, err
    index = load_index(use_cache=False)
    rule = index.lookup("april-open", "3")
    assert [index.get(c).text for c in rule.children] == [
        "Tripping - 90 sec", "Slew footing - 4 min major + game misconduct"]
    assert index.lookup("april-open", "4").text.startswith("A team more than 10 minutes late")
    # the list is the sheet's penalty list: tripping is a minor of 90 seconds there, and asked of the
    # sheet, its own line answers
    tripping = [i for i, _ in search_penalties(index, "tripping", "april-open") if i.infraction == "Tripping"]
    assert tripping and tripping[0].penalty == "minor" and tripping[0].minutes == 1.5
    a = get_searcher().ask("what's the penalty for tripping", "april-open")
    assert a.citations[0].ruleset == "april-open" and a.citations[0].rule == "3 •1"


def test_a_closing_line_that_sends_questions_to_someone_is_no_rule():
    from rulebot.corpus.builder import CONTACT_ASK

    assert CONTACT_ASK.match("Email Marie with any questions.")
    assert CONTACT_ASK.match("Please contact Marie at the desk with any questions.")
    assert CONTACT_ASK.match("Text Joe your questions")
    assert not CONTACT_ASK.match("Email scores to the tournament director after each game.")
    assert CONTACT_ASK.match("Questions? Contact Marie at the tournament desk.")
    assert not CONTACT_ASK.match("Questions about eligibility go to the league.")
