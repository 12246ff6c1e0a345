"""Pilot tests: drive each tab of the app as a user would and check what it shows and stores."""

from __future__ import annotations

import json

from ui_support import settle, sync
from textual.widgets import Button, DataTable, Input, Select, TabbedContent, Tree

from rulebot.ui.widgets.ask import AnswerBubble, CitationBlock
from rulebot.ui.widgets.browse import ClauseView
from rulebot.ui.widgets.quiz import LETTERS, QuestionCard

SIZE = (100, 36)


def active_tab(app) -> str:
    return app.query_one("#tabs", TabbedContent).active


def text_of(widget) -> str:
    return str(widget.render())


async def ask(pilot, app, question: str) -> None:
    app.query_one("#question", Input).focus()
    await pilot.pause()
    await pilot.press(*question, "enter")
    await settle(pilot, app)


async def press(pilot, app, *keys: str) -> None:
    """Press ``keys`` and let the app settle."""
    await pilot.press(*keys)
    await settle(pilot, app)


# -------------------------------------------------------------------------------------------- Ask


@sync
async def test_question_gets_an_answer_with_the_cited_rule(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.focused is app.query_one("#question", Input)
        await ask(pilot, app, "how long is a major in RHA")
        bubble = app.query_one(AnswerBubble)
        assert "4 or 5 minutes" in text_of(bubble.query_one(".answer-text"))
        cites = list(app.query(CitationBlock))
        assert cites and cites[0].clause_id == "rha:403.a"
        assert all(c.collapsed for c in cites)
        assert app.query_one("#question", Input).value == ""


@sync
async def test_f1_on_the_ask_tab_goes_back_to_the_question_box(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await ask(pilot, app, "how long is a major in RHA")
        app.query(CitationBlock).first().query_one("CollapsibleTitle").focus()
        await settle(pilot, app)
        assert app.focused is not app.query_one("#question", Input)
        await press(pilot, app, "f1")
        assert app.focused is app.query_one("#question", Input)


@sync
async def test_citation_expands_to_the_full_clause_and_opens_in_browse(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await ask(pilot, app, "how long is a major in RHA")
        first = app.query(CitationBlock).first()
        first.collapsed = False
        await settle(pilot, app)
        body = text_of(first.query_one(".clause-text"))
        assert "major penalties may be either 4 or 5 minutes" in body
        first.query_one(Button).press()
        await settle(pilot, app)
        assert active_tab(app) == "browse"
        tree = app.query_one("#clause-tree", Tree)
        assert tree.cursor_node is not None and tree.cursor_node.data == "rha:403.a"
        view = text_of(app.query_one("#clause-body"))
        assert "RHA 403 (a)" in view and "4 or 5 minutes" in view


@sync
async def test_follow_up_keeps_the_ruleset_of_the_last_question_a_new_question_does_not(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await ask(pilot, app, "how long is a major in RHA")
        await ask(pilot, app, "what about a minor penalty")
        second = list(app.query(AnswerBubble))[-1]
        cites = list(second.query(CitationBlock))
        assert cites and all(c.clause_id.startswith("rha:") for c in cites)  # asked of RHA again
        assert "RHA" in text_of(app.query_one("#context"))
        await ask(pilot, app, "is icing called in ball hockey?")
        await ask(pilot, app, "how long is a major penalty")  # stands alone: all rulesets
        last = list(app.query(AnswerBubble))[-1]
        assert "Not covered" not in text_of(last)
        assert "asked of all rulesets" in text_of(last.query_one(".answer-text"))  # not its best citation's rulebook
        assert len({c.clause_id.split(":")[0] for c in last.query(CitationBlock)}) > 1


@sync
async def test_ruleset_choice_persists_between_runs(make, tmp_path):
    settings = tmp_path / "settings.json"
    app = make(settings_path=settings)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        app.query_one("#ruleset", Select).focus()
        app.query_one("#ruleset", Select).value = "firs-2017"
        await settle(pilot, app)
        assert app.focused is app.query_one("#question", Input)  # typing goes on into the question
    assert json.loads(settings.read_text())["ruleset"] == "firs-2017"
    again = make(settings_path=settings)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, again)
        assert again.query_one("#ruleset", Select).value == "firs-2017"
        await ask(pilot, again, "how long is a major penalty")
        cites = list(again.query(CitationBlock))
        assert cites and all(c.clause_id.startswith("firs-2017:") for c in cites)


@sync
async def test_empty_question_is_ignored(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await ask(pilot, app, "   ")
        assert not list(app.query(AnswerBubble))


# ----------------------------------------------------------------------------------------- Browse


@sync
async def test_browse_tree_opens_rulesets_and_shows_cross_references(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("f2")
        await settle(pilot, app)
        tree = app.query_one("#clause-tree", Tree)
        assert app.focused is tree
        assert len(tree.root.children) == len(app.library.rulesets())
        app.action_open_clause("firs-2017:6.4.21")
        await settle(pilot, app)
        view = app.query_one(ClauseView)
        assert "6.4.21" in text_of(view.query_one("#clause-body"))
        refs = view.query_one("#refs")
        clause = app.library.clause("firs-2017:6.4.21")
        targets = {r.target for c in app.library.index.subtree(clause) for r in c.refs if r.target}
        if targets:  # follow the first cross-reference like a link
            assert refs.display
            refs.highlighted = 0
            option = refs.get_option_at_index(0)
            refs.action_select()
            await settle(pilot, app)
            assert tree.cursor_node is not None and tree.cursor_node.data == option.id


@sync
async def test_command_palette_jumps_to_a_rule_by_number(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("ctrl+p")
        await settle(pilot, app)
        await pilot.press(*"RHA 403 MAJOR")
        await settle(pilot, app, 0.8)
        await pilot.press("enter")
        await settle(pilot, app)
        assert active_tab(app) == "browse"
        node = app.query_one("#clause-tree", Tree).cursor_node
        assert node is not None and node.data.startswith("rha:403")


# -------------------------------------------------------------------------------------- Penalties


@sync
async def test_penalties_filter_ruleset_and_sort(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("f3")
        await settle(pilot, app)
        pane = app.query_one("#penalties-pane")
        everything = len(pane.shown)
        assert everything > 50
        # every rulebook's name fits its column: "Ball hockey", not "Ball hock…"
        ruleset = next(c for c in app.query_one("#penalty-table", DataTable).columns.values() if c.key == "ruleset")
        assert ruleset.width >= len("Ball hockey")
        assert app.focused is app.query_one("#penalty-filter", Input)
        await pilot.press(*"spearing")
        await settle(pilot, app)
        rows = pane.shown
        assert 0 < len(rows) < everything
        assert all("spear" in r.infraction.lower() for r in rows)
        assert app.query_one("#penalty-table", DataTable).row_count == len(rows)
        app.query_one("#penalty-ruleset", Select).value = "firs-2017"
        await settle(pilot, app)
        assert pane.shown and all(r.ruleset == "firs-2017" for r in pane.shown)
        info = text_of(app.query_one("#penalty-info"))
        assert "Spearing" in info and "Signal:" in info
        await pilot.press("ctrl+s")  # sort by ruleset, then infraction ...
        await pilot.press("ctrl+s")
        await settle(pilot, app)
        names = [r.infraction.casefold() for r in pane.shown]
        assert pane.sort_column == "infraction" and names == sorted(names)
        pane.sort_by("infraction")
        await settle(pilot, app)
        assert [r.infraction.casefold() for r in pane.shown] == sorted(names, reverse=True)


# ---------------------------------------------------------------------------------------- Signals


@sync
async def test_signal_search_as_you_type(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("f4")
        await settle(pilot, app)
        assert app.focused is app.query_one("#signal-query", Input)
        await pilot.press(*"hands on hips")
        await settle(pilot, app)
        pane = app.query_one("#signals-pane")
        assert pane.results and pane.results[0].name == "Misconduct"
        card = text_of(app.query(".signal-card").first())
        assert "Misconduct" in card and "hips" in card


def test_a_signal_search_lists_the_close_matches_not_the_rest(library):
    # "hands on hips" is the misconduct signal; the washout's open arms score far lower
    assert [s.name for s in library.search_signals("hands on hips", 10)] == ["Misconduct"]
    # two signals FIRS describes alike ("Using both hands form a T in front of the chest") both stay
    names = [s.name for s in library.search_signals("both hands form a T in front of the chest", 10)]
    assert {"Timeout", "Unsportsmanlike"} <= set(names)


# ------------------------------------------------------------------------------------------- Quiz


def right_keys(item) -> list[str]:
    """The keys that answer ``item`` correctly."""
    q = item.question
    if q.kind == "choice":
        return [LETTERS[item.options.index(q.right_options[0])]]
    if q.kind == "multi":
        return [LETTERS[item.options.index(o)] for o in q.right_options] + ["enter"]
    if q.kind == "truefalse":
        return ["t" if q.answer else "f"]
    return [*f"{q.answer:g}", "enter"]


def wrong_keys(item) -> list[str]:
    """Keys that answer ``item`` wrongly."""
    q = item.question
    if q.kind == "choice":
        return [next(LETTERS[i] for i, o in enumerate(item.options) if o not in q.right_options)]
    if q.kind == "multi":
        return [LETTERS[i] for i, o in enumerate(item.options) if o not in q.right_options][:1] + ["enter"]
    if q.kind == "truefalse":
        return ["f" if q.answer else "t"]
    return [*f"{q.answer + q.tolerance + 7:g}", "enter"]


async def start_quiz(pilot, app, *, ruleset: str, count: int | str, mode: str):
    await pilot.press("f5")
    await settle(pilot, app, 0.5)
    pane = app.query_one("#quiz-pane")
    assert pane.ready
    app.query_one("#quiz-ruleset", Select).value = ruleset
    await settle(pilot, app)
    app.query_one("#quiz-level", Select).value = "1"
    app.query_one("#quiz-count", Input).value = str(count)
    app.query_one("#quiz-mode", Select).value = mode
    await settle(pilot, app)
    app.query_one("#quiz-start", Button).press()
    await settle(pilot, app)
    return pane


@sync
async def test_practice_quiz_gives_feedback_quoting_the_clause_and_a_result(make):
    from rulebot.quiz.history import History

    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        pane = await start_quiz(pilot, app, ruleset="rha", count=2, mode="practice")
        first = pane.session.current
        assert first is not None and first.position == 0
        assert app.focused in (app.query_one(QuestionCard), app.query_one("#quiz-answer"))
        hints = ("Press the letter", "Press t (true)", "Press letters", "Type a number")
        assert any(h in text_of(app.query_one(QuestionCard)) for h in hints)
        await press(pilot, app, *right_keys(first))
        feedback = text_of(app.query_one("#quiz-feedback"))
        assert feedback.startswith("Right.")
        assert first.question.cite[0].quote in feedback
        # answered, the question no longer says how to answer it
        assert not any(h in text_of(app.query_one(QuestionCard)) for h in hints)
        await press(pilot, app, "enter")
        second = pane.session.current
        assert second is not None and second.position == 1
        await press(pilot, app, *wrong_keys(second))
        assert text_of(app.query_one("#quiz-feedback")).startswith("Wrong")
        await press(pilot, app, "enter")
        summary = text_of(app.query_one("#result-summary"))
        assert "Score: 1/2 (50%)" in summary and "By topic" in summary
        assert pane.result.score == 1 and pane.result.mode == "practice"
    with History.open() as history:
        attempts = history.attempts()
    assert [(a.status, a.score, a.total, a.mode) for a in attempts] == [("finished", 1, 2, "practice")]


@sync
async def test_a_quiz_left_unfinished_is_resumed_where_it_stopped(make):
    from rulebot.quiz.history import History

    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        pane = await start_quiz(pilot, app, ruleset="rha", count=2, mode="practice")
        assert not app.query_one("#quiz-resume", Button).display  # nothing unfinished before this one
        pane.post_message(type(pane).Answer("zz"))  # no answer to any kind of question: said, not taken
        await settle(pilot, app)
        assert text_of(app.query_one("#quiz-feedback")).startswith("answer with")
        assert pane.session.current.position == 0
        await press(pilot, app, *right_keys(pane.session.current))
        second_id = pane.session.items[1].question.id
    app = make()  # the app quit mid-quiz and started again
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("f5")
        await settle(pilot, app, 0.5)
        pane = app.query_one("#quiz-pane")
        resume = app.query_one("#quiz-resume", Button)
        assert resume.display and "Resume quiz #1" in str(resume.label)
        resume.press()
        await settle(pilot, app)
        item = pane.session.current
        assert item.position == 1 and item.question.id == second_id
        await press(pilot, app, *right_keys(item))
        await press(pilot, app, "enter")
        assert "Score: 2/2 (100%)" in text_of(app.query_one("#result-summary"))
        app.query_one("#quiz-again", Button).press()
        await settle(pilot, app)
        assert not app.query_one("#quiz-resume", Button).display
    with History.open() as history:
        assert [(a.status, a.score, a.total) for a in history.attempts()] == [("finished", 2, 2)]


@sync
async def test_exam_shows_results_by_topic_and_history(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        pane = await start_quiz(pilot, app, ruleset="firs-2017", count=3, mode="exam")
        while pane.session is not None and pane.session.current is not None:
            item = pane.session.current
            await pilot.press(*right_keys(item))
            await settle(pilot, app)
            assert text_of(app.query_one("#quiz-feedback")) == ""  # no feedback during an exam
        summary = text_of(app.query_one("#result-summary"))
        assert "Score: 3/3 (100%)" in summary and "PASSED" in summary
        for topic in pane.result.by_topic:
            assert topic.topic in summary
        app.query_one("#quiz-again", Button).press()
        await settle(pilot, app)
        history = text_of(app.query_one("#quiz-history"))
        assert "exam" in history and "3/3 (100%) passed" in history


@sync
async def test_an_exam_shows_its_time_left_and_can_be_ended_early(make):
    from rulebot.quiz.history import History

    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        pane = await start_quiz(pilot, app, ruleset="rha", count=2, mode="exam")
        assert text_of(app.query_one("#quiz-clock")).startswith("Time left ")
        await pilot.press(*right_keys(pane.session.current))
        await settle(pilot, app)
        # ending early asks first; "Keep going" (focused, or Escape) goes on with the quiz
        app.query_one("#quiz-end", Button).press()
        await settle(pilot, app)
        assert "1 unanswered question will count as wrong" in text_of(app.screen.query_one("#confirm-end Static"))
        await pilot.press("enter")
        await settle(pilot, app)
        assert pane.result is None and pane.session.current is not None
        app.query_one("#quiz-end", Button).press()
        await settle(pilot, app)
        app.screen.query_one("#confirm-end-now", Button).press()
        await settle(pilot, app)
        assert "Score: 1/2 (50%)" in text_of(app.query_one("#result-summary"))
    with History.open() as history:
        assert [(a.status, a.score, a.total) for a in history.attempts()] == [("finished", 1, 2)]


@sync
async def test_a_quiz_with_no_number_of_questions_does_not_start(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        pane = await start_quiz(pilot, app, ruleset="rha", count="", mode="exam")
        assert pane.session is None
        assert app.query_one("#quiz-switcher").current == "quiz-setup"


@sync
async def test_quiz_rejects_a_letter_that_is_not_an_option(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        pane = await start_quiz(pilot, app, ruleset="rha", count=1, mode="practice")
        item = pane.session.current
        # the seeded first RHA question is a choice question (a check, not a skip, if that changes)
        assert item.question.kind in ("choice", "multi")
        await pilot.press("z")
        await settle(pilot, app)
        assert pane.session.current is item and not pane.session.answers
        # and says what it takes, under the question (a choice question; a multi one toggles letters)
        feedback = str(app.query_one("#quiz-feedback").render())
        assert item.question.kind == "multi" or "answer with a letter from a to" in feedback


# ------------------------------------------------------------------------------------------ Keys


@sync
async def test_the_keys_panel_closes_with_escape_and_escape_is_otherwise_left_alone(make):
    from textual.widgets import HelpPanel

    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert not app.check_action("hide_help_panel", ())  # nothing to hide: Escape goes on to the widgets
        app.action_show_help_panel()  # the palette's "Keys"
        await settle(pilot, app)
        assert app.screen.query(HelpPanel)
        await pilot.press("escape")
        await settle(pilot, app)
        assert not app.screen.query(HelpPanel)


# ------------------------------------------------------------------------------------------ Theme


@sync
async def test_theme_toggles_and_persists(make, tmp_path):
    settings = tmp_path / "settings.json"
    app = make(settings_path=settings)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        dark = app.current_theme.dark
        await pilot.press("f6")
        await settle(pilot, app)
        assert app.current_theme.dark is not dark
    again = make(settings_path=settings)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, again)
        assert again.current_theme.dark is not dark


@sync
async def test_tab_from_the_question_goes_to_the_newest_answer(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await ask(pilot, app, "how long is a major in RHA")
        await ask(pilot, app, "what's the penalty for tripping in FIRS")
        assert app.focused is app.query_one("#question", Input)
        await pilot.press("tab")
        await settle(pilot, app)
        newest = list(app.query(AnswerBubble))[-1]
        assert app.focused is not None and newest in app.focused.ancestors
        await pilot.press("tab")  # and on from there as usual
        await settle(pilot, app)
        assert app.focused is not None


@sync
async def test_a_quiz_level_chosen_before_the_ruleset_stays(make):
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("f5")
        await settle(pilot, app, 0.5)
        assert app.query_one("#quiz-pane").ready
        app.query_one("#quiz-level", Select).value = "2"
        await settle(pilot, app)
        app.query_one("#quiz-ruleset", Select).value = "firs-2017"
        await settle(pilot, app)
        assert app.query_one("#quiz-level", Select).value == "2"


def test_a_numbered_rule_without_a_title_is_labelled_with_the_start_of_its_text():
    from rulebot.corpus import load_index
    from rulebot.ui.widgets.browse import node_label

    index = load_index()
    rule = next(c for c in index.by_ruleset("ball-hockey") if c.number == "12")
    assert node_label(rule).plain.startswith("12 After a goal is scored")
    titled = next(c for c in index.by_ruleset("rha") if c.number == "622")
    assert node_label(titled).plain == titled.label  # a title says enough


@sync
async def test_a_citation_of_a_sheet_over_its_base_says_its_layer(make, tmp_path):
    from rulebot.corpus import load_index
    from rulebot.ingest import ingest_file
    from rulebot.ui.library import Library

    sheet = tmp_path / "cup.txt"
    sheet.write_text("Spring Cup\n\n1. Games are two 15 minute halves.\n2. Minor penalties are 90 seconds.\n",
                     encoding="utf-8")
    ingest_file(sheet, "cup", base="rha")
    app = make(library=Library(load_index(use_cache=False)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await ask(pilot, app, "how long is a minor penalty at the spring cup")
        from textual.widgets._collapsible import CollapsibleTitle

        titles = [text_of(c.query_one(CollapsibleTitle)) for c in app.query(CitationBlock)]  # as drawn
        assert titles[0].endswith("[tournament]") and any(t.endswith("[replaced]") for t in titles), titles


def test_a_comparison_leaves_follow_ups_with_every_rulebook():
    from rulebot.corpus import load_index
    from rulebot.ui.library import Library

    convo = Library(load_index()).conversation()
    answer = convo.ask("how long are periods in each ruleset?", None)
    assert answer.kind == "comparison" and convo.context_ruleset is None
    convo.ask("how long is a major in RHA?", None)
    assert convo.context_ruleset == "rha"


def test_a_clause_label_names_a_heading_once(library):
    # an Annex B signal is numbered by its name: "FIRS Annex B Hooking", not "... Hooking Hooking"
    clause = library.index.lookup("firs-2017", "Annex B Hooking")
    assert library.clause_label(clause) == "FIRS Annex B Hooking"
    assert library.clause_label(library.index.lookup("rha", "403 (a)")) == "RHA 403 (a) MAJOR PENALTIES"
