"""The Quiz tab: choose ruleset, level, number of questions and mode; answer with keys; practice
feedback quotes the clause; exam results by topic; past attempts.

The quiz itself is :class:`rulebot.quiz.session.QuizSession` (a pure state machine): this tab only
reads keys, calls :func:`rulebot.quiz.session.parse_response` and ``session.answer``/``finish``, stores
each answer in :class:`rulebot.quiz.history.History` and shows what the session returns.
"""

from __future__ import annotations

import time
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Key
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, ContentSwitcher, Input, Label, Select, Static

from rulebot.errors import RulebotError

ANY = "__any__"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


class QuestionCard(Static, can_focus=True):
    """The current question and its lettered options; takes the answer keys.

    choice: a letter answers; truefalse: ``t`` or ``f``; multi: letters toggle options, Enter answers;
    numeric: type the number in the box below and press Enter."""

    BINDINGS = [Binding("enter", "submit", "Answer", show=False)]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.item: Any = None
        self.marked: set[str] = set()
        self.answered = False

    def show_item(self, item: Any, head: str) -> None:
        """Show ``item`` (a :class:`rulebot.quiz.session.Item`) under the header line ``head``."""
        self.item = item
        self.marked = set()
        self.answered = False
        self._render_item(head)

    def show_answered(self) -> None:
        """The question as answered: without the hint on how to answer it (the feedback is below)."""
        self.answered = True
        self._render_item()

    def _render_item(self, head: str | None = None) -> None:
        if head is not None:
            self._head = head
        q = self.item.question
        lines = [Content.from_markup("[dim]$h[/dim]", h=self._head), Content.from_markup("[b]$q[/b]", q=q.question)]
        for i, option in enumerate(self.item.options):
            letter = LETTERS[i]
            box = ("[x] " if letter in self.marked else "[ ] ") if q.kind == "multi" else ""
            lines.append(Content.from_markup("  [b]$l)[/b] $box$o", l=letter, box=box, o=option))
        hint = {"choice": "Press the letter of your answer.",
                "multi": "Press letters to mark every right option, then Enter.",
                "truefalse": "Press t (true) or f (false).",
                "numeric": f"Type a number ({q.unit or 'value'}) below and press Enter."}[q.kind]
        if not self.answered:
            lines.append(Content.from_markup("[dim]$h[/dim]", h=hint))
        self.update(Content("\n").join(lines))

    def on_key(self, event: Key) -> None:
        if self.item is None or event.character is None:
            return
        q = self.item.question
        ch = event.character.lower()
        if q.kind == "choice" and ch in LETTERS[: len(self.item.options)]:
            event.stop()
            self.post_message(QuizPane.Answer(ch))
        elif q.kind == "truefalse" and ch in "tfyn":
            event.stop()
            self.post_message(QuizPane.Answer(ch))
        elif q.kind == "multi" and ch in LETTERS[: len(self.item.options)]:
            event.stop()
            self.marked ^= {ch}
            self._render_item()
        elif q.kind in ("choice", "truefalse") and ch.isalpha() and len(ch) == 1:
            # another letter: graded as an answer, which says what the question takes ("answer with a
            # letter from a to d") under it, rather than nothing happening
            event.stop()
            self.post_message(QuizPane.Answer(ch))

    def action_submit(self) -> None:
        """Enter: answer a several-answer question with the marked letters."""
        if self.item is not None and self.item.question.kind == "multi":
            self.post_message(QuizPane.Answer("".join(sorted(self.marked))))


class ConfirmEnd(ModalScreen[bool]):
    """Asks before a quiz is ended early: the questions not answered would count as wrong.  Dismissed
    with True to end it, False (the focused "Keep going", or Escape) to go on."""

    BINDINGS = [Binding("escape", "keep_going", "Keep going")]

    def __init__(self, unanswered: int) -> None:
        super().__init__()
        self.unanswered = unanswered

    def compose(self) -> ComposeResult:
        n = self.unanswered
        with Vertical(id="confirm-end"):
            yield Static(f"End the quiz now? {n} unanswered question{'' if n == 1 else 's'} will count as wrong.")
            with Horizontal(classes="quiz-row"):
                yield Button("Keep going", id="confirm-keep", compact=True, variant="primary")
                yield Button("End quiz", id="confirm-end-now", compact=True, variant="error")

    def on_mount(self) -> None:
        self.query_one("#confirm-keep", Button).focus()

    @on(Button.Pressed, "#confirm-end-now")
    def _end(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#confirm-keep")
    def action_keep_going(self) -> None:
        """Close the question and go on with the quiz."""
        self.dismiss(False)


class QuizPane(Vertical):
    """Setup form → questions → (practice feedback) → result, with the history on the setup page."""

    class Answer(Message):
        """A typed answer for the current question (letters, t/f or a number as text)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    BINDINGS = [Binding("ctrl+n", "next", "Next", show=False)]

    def compose(self) -> ComposeResult:
        with ContentSwitcher(initial="quiz-setup", id="quiz-switcher"):
            with VerticalScroll(id="quiz-setup"):
                with Horizontal(classes="quiz-row"):
                    yield Label("Ruleset", classes="quiz-label")
                    yield Select([("All rulesets", ANY)], value=ANY, allow_blank=False, compact=True,
                                 id="quiz-ruleset")
                with Horizontal(classes="quiz-row"):
                    yield Label("Level", classes="quiz-label")
                    yield Select([("Any level", ANY)], value=ANY, allow_blank=False, compact=True,
                                 id="quiz-level")
                with Horizontal(classes="quiz-row"):
                    yield Label("Questions", classes="quiz-label")
                    yield Input("10", type="integer", compact=True, id="quiz-count")
                with Horizontal(classes="quiz-row"):
                    yield Label("Mode", classes="quiz-label")
                    yield Select([("Practice: feedback after each answer", "practice"),
                                  ("Exam: timed, results at the end", "exam")],
                                 value="practice", allow_blank=False, compact=True, id="quiz-mode")
                with Horizontal(classes="quiz-row"):
                    yield Button("Start quiz", id="quiz-start", compact=True, variant="primary")
                    yield Button("Resume", id="quiz-resume", compact=True)
                yield Static("", id="quiz-history")
            with VerticalScroll(id="quiz-question"):
                yield Static("", id="quiz-clock")
                yield QuestionCard(id="question-card")
                yield Input(placeholder="Your answer", compact=True, id="quiz-answer")
                yield Static("", id="quiz-feedback")
                yield Button("End quiz", id="quiz-end", compact=True)
            with VerticalScroll(id="quiz-result"):
                yield Static("", id="result-summary")
                yield Button("New quiz", id="quiz-again", compact=True, variant="primary")  # focused: visibly

    def on_mount(self) -> None:
        self.session: Any = None
        self.attempt_id: int | None = None
        self.result: Any = None
        self._history: Any = None
        self._waiting_next = False
        self.choice: Any = None
        self.query_one("#quiz-answer", Input).display = False
        self.query_one("#quiz-start", Button).disabled = True
        self.query_one("#quiz-resume", Button).display = False
        self._started_loading = False

    def on_show(self) -> None:
        """Load the banks and the history the first time the tab is shown (not at start-up)."""
        if not self._started_loading:
            self._started_loading = True
            self.query_one("#quiz-history", Static).update(Content("Loading the question banks…"))
            self._load_banks()

    @work(thread=True, group="quiz-banks")
    def _load_banks(self) -> None:
        """Load the question banks off the UI thread (a few hundred ms of YAML)."""
        library = self.app.library  # type: ignore[attr-defined]
        try:
            choice = library.quiz_choice()
        except RulebotError as err:  # a bad bank: say which, keep the app running
            self.app.call_from_thread(self._banks_failed, str(err))
            return
        self.app.call_from_thread(self._banks_loaded, choice)

    def _banks_failed(self, message: str) -> None:
        self.query_one("#quiz-history", Static).update(Content(f"Quiz banks unavailable: {message}"))

    def _banks_loaded(self, choice: Any) -> None:
        library = self.app.library  # type: ignore[attr-defined]
        self.choice = choice
        rulesets = [("All rulesets", ANY)] + [(library.ruleset_name(rid), rid) for rid in choice.levels]
        select = self.query_one("#quiz-ruleset", Select)
        with self.prevent(Select.Changed):
            select.set_options(rulesets)
            select.value = ANY
        self._set_levels(None)
        self.query_one("#quiz-start", Button).disabled = False
        self._show_history()

    @property
    def ready(self) -> bool:
        """True once the question banks are loaded and a quiz can start."""
        return self.choice is not None

    def on_unmount(self) -> None:
        if self._history is not None:
            self._history.close()

    def focus_main(self) -> None:
        """Focus the first control of the page on show."""
        switcher = self.query_one("#quiz-switcher", ContentSwitcher)
        if switcher.current == "quiz-setup":
            self.query_one("#quiz-ruleset", Select).focus()
        elif switcher.current == "quiz-question":
            self._focus_answer()
        else:
            self.query_one("#quiz-again", Button).focus()

    # -- setup ---------------------------------------------------------------------------------------

    @property
    def history(self) -> Any:
        """The quiz history database (opened on first use, in the user data dir)."""
        if self._history is None:
            from rulebot.quiz.history import History

            self._history = History.open()
            if self._history.recovered_from is not None:
                self.app.notify(f"The quiz history was corrupt; moved it to {self._history.recovered_from}",
                                severity="warning")
        return self._history

    def _set_levels(self, ruleset: str | None) -> None:
        counts: dict[int, int] = {}
        for rid, levels in (self.choice.levels.items() if self.choice else ()):
            if ruleset is None or rid == ruleset:
                for level, n in levels.items():
                    counts[level] = counts.get(level, 0) + n
        names = {1: "basics", 2: "penalties and signals", 3: "situations"}
        options = [("Any level", ANY)] + [(f"{lv} {names.get(lv, '')} ({n} questions)".replace("  ", " "), str(lv))
                                          for lv, n in sorted(counts.items())]
        select = self.query_one("#quiz-level", Select)
        chosen = select.value
        with self.prevent(Select.Changed):
            select.set_options(options)
            # a level chosen before the ruleset stays when the ruleset has questions at it
            select.value = chosen if chosen in {value for _, value in options} else ANY

    @on(Select.Changed, "#quiz-ruleset")
    def _ruleset_changed(self, event: Select.Changed) -> None:
        self._set_levels(None if event.value in (ANY, Select.NULL) else str(event.value))

    def _show_history(self) -> None:
        resume = self.query_one("#quiz-resume", Button)
        try:
            attempts = self.history.attempts(5)
            unfinished = self.history.latest_open()
        except RulebotError as err:
            self.query_one("#quiz-history", Static).update(Content(f"History unavailable: {err}"))
            resume.display = False
            return
        resume.display = unfinished is not None
        if unfinished is not None:
            resume.label = f"Resume quiz #{unfinished}"
        if not attempts:
            text = Content.from_markup("[b]History[/b]\nNo quizzes yet.")
        else:
            lines = [Content.from_markup("[b]History[/b] (last $n)", n=str(len(attempts)))]
            for a in reversed(attempts):
                what = " ".join(p for p in (self.app.library.ruleset_name(a.ruleset) if a.ruleset else "all rulesets",  # type: ignore[attr-defined]
                                            f"level {a.level}" if a.level else "") if p)
                if a.status == "open":
                    score = f"unfinished, {a.answered}/{a.total} answered"
                else:
                    score = f"{a.score}/{a.total} ({100 * (a.fraction or 0):.0f}%)"
                    if a.mode == "exam":
                        score += " passed" if a.passed else " not passed"
                lines.append(Content(f"#{a.id} {a.started_at[:10]} {a.mode} · {what} · {score}"))
            text = Content("\n").join(lines)
        self.query_one("#quiz-history", Static).update(text)

    @on(Button.Pressed, "#quiz-start")
    def start_quiz(self) -> None:
        """Start a quiz with the chosen ruleset, level, count and mode."""
        library = self.app.library  # type: ignore[attr-defined]
        rs = self.query_one("#quiz-ruleset", Select).value
        lv = self.query_one("#quiz-level", Select).value
        count_text = self.query_one("#quiz-count", Input).value.strip()
        try:
            count = int(count_text)
        except ValueError:
            count = 0  # an empty or unreadable field starts nothing (it used to start 10 quietly)
        if count < 1:
            self.app.notify("Choose how many questions (1 or more)", severity="warning")
            return
        mode = str(self.query_one("#quiz-mode", Select).value)
        try:
            self.session, self.attempt_id = library.new_quiz(
                self.history, ruleset=None if rs in (ANY, Select.NULL) else str(rs),
                level=None if lv in (ANY, Select.NULL) else int(str(lv)), count=count, mode=mode,
                seed=self.app.quiz_seed)  # type: ignore[attr-defined]
        except RulebotError as err:
            self.app.notify(str(err), severity="error")
            return
        self._begin()

    @on(Button.Pressed, "#quiz-resume")
    def resume_quiz(self) -> None:
        """Go on with the latest unfinished quiz where it stopped (as ``rulebot quiz --resume``; an
        exam's clock has kept running since it started)."""
        try:
            self.attempt_id, self.session, _filters = self.history.resume(None)
        except RulebotError as err:
            self.app.notify(str(err), severity="error")
            self._show_history()
            return
        done = len(self.session.answers)
        self.app.notify(f"Resuming quiz #{self.attempt_id}: {done} of {len(self.session.items)} answered.")
        self._begin()

    def _begin(self) -> None:
        """Start the clock of ``self.session`` and show its first unanswered question."""
        self.session.start(time.monotonic())
        self.result = None
        self.query_one("#quiz-switcher", ContentSwitcher).current = "quiz-question"
        clock = self.query_one("#quiz-clock", Static)
        clock.display = self.session.time_limit is not None
        if self.session.time_limit is not None:
            self._tick()
            self._clock = self.set_interval(1.0, self._tick)
        self._next_question()

    def _tick(self) -> None:
        """The exam's time left (the clock runs from the start), and its end when it runs out."""
        if self.session is None or self.result is not None:
            return
        left = self.session.time_left(time.monotonic())
        if left is None:
            return
        self.query_one("#quiz-clock", Static).update(f"Time left {int(left) // 60}:{int(left) % 60:02d}")
        if left <= 0:
            self.app.notify("Time is up.", severity="warning")
            self._finish()

    @on(Button.Pressed, "#quiz-end")
    def end_quiz(self) -> None:
        """End the quiz now, after asking when questions are still unanswered (they count as wrong);
        the attempt is saved."""
        if self.session is None or self.result is not None:
            return
        unanswered = len(self.session.items) - len(self.session.answers)
        if not unanswered:
            self._finish()
            return

        def decided(end: bool | None) -> None:
            if end and self.session is not None and self.result is None:
                self._finish()
            elif self.result is None:
                self._focus_answer()

        self.app.push_screen(ConfirmEnd(unanswered), decided)

    # -- questions -----------------------------------------------------------------------------------

    def _next_question(self) -> None:
        self._waiting_next = False
        self.query_one("#quiz-feedback", Static).update("")
        now = time.monotonic()
        item = self.session.current
        if item is None or self.session.is_expired(now):
            self._finish()
            return
        q = item.question
        head = f"Question {item.position + 1} of {len(self.session.items)} · {q.ruleset} · level {q.level} · {q.topic}"
        if self.session.time_limit is not None:
            head += f" · exam, {int(self.session.time_limit) // 60} min in all"
        card = self.query_one(QuestionCard)
        card.show_item(item, head)
        answer_box = self.query_one("#quiz-answer", Input)
        answer_box.display = q.kind == "numeric"
        answer_box.clear()
        self._focus_answer()
        self.query_one("#quiz-question", VerticalScroll).scroll_home(animate=False)

    def _focus_answer(self) -> None:
        item = self.session.current if self.session else None
        if item is not None and item.question.kind == "numeric" and not self._waiting_next:
            self.query_one("#quiz-answer", Input).focus()
        else:
            self.query_one(QuestionCard).focus()

    @on(Input.Submitted, "#quiz-answer")
    def _typed(self, event: Input.Submitted) -> None:
        event.stop()
        if not self._waiting_next:
            self.post_message(self.Answer(event.value))

    @on(Answer)
    def answer(self, event: Answer) -> None:
        """Grade the answer through the session and show feedback (practice) or move on (exam)."""
        from rulebot.quiz.session import parse_response

        if self.session is None or self._waiting_next:
            return
        item = self.session.current
        if item is None:
            return
        try:
            response = parse_response(item, event.text)
        except RulebotError as err:
            # said under the question until the next answer, not only in a passing notification
            self.query_one("#quiz-feedback", Static).update(Content.from_markup("[b $warning]$e[/]", e=f"{err}."))
            return
        step = self.session.answer(response, time.monotonic())
        if step.expired:
            self.app.notify("Time is up: that answer came after the time limit.", severity="warning")
            self._finish()
            return
        try:
            self.history.record_answer(self.attempt_id, step.record)
        except RulebotError as err:
            self.app.notify(str(err), severity="error")
        if step.feedback is not None:
            self._waiting_next = True
            self.query_one("#quiz-answer", Input).display = False
            self.query_one("#quiz-feedback", Static).update(
                feedback_text(step.feedback, last=self.session.done, index=self.app.library.index))  # type: ignore[attr-defined]
            self.query_one(QuestionCard).show_answered()
            self.query_one(QuestionCard).focus()
            self.call_after_refresh(self.query_one("#quiz-question", VerticalScroll).scroll_end, animate=False)
        else:
            self._next_question()

    def on_key(self, event: Key) -> None:
        if self._waiting_next and event.key in ("enter", "n", "space"):
            event.stop()
            self._next_question()

    def action_next(self) -> None:
        """Go on after practice feedback."""
        if self._waiting_next:
            self._next_question()

    # -- result --------------------------------------------------------------------------------------

    def _finish(self) -> None:
        clock = getattr(self, "_clock", None)
        if clock is not None:
            clock.stop()
            self._clock = None
        self.result = self.session.finish(time.monotonic())
        try:
            self.history.finish_attempt(self.attempt_id, self.result)
        except RulebotError as err:
            self.app.notify(str(err), severity="error")
        self.query_one("#result-summary", Static).update(
            result_text(self.result, self.attempt_id, index=self.app.library.index))  # type: ignore[attr-defined]
        self.query_one("#quiz-switcher", ContentSwitcher).current = "quiz-result"
        self.query_one("#quiz-again", Button).focus()

    @on(Button.Pressed, "#quiz-again")
    def _again(self) -> None:
        self.session = None
        self._show_history()
        self.query_one("#quiz-switcher", ContentSwitcher).current = "quiz-setup"
        self.query_one("#quiz-start", Button).focus()


def feedback_text(feedback: Any, last: bool = False, index: Any = None) -> Content:
    """Practice feedback: right or wrong, the right answer, the explanation and the quoted clauses (with
    ``index``, each quote's whole sentence, :func:`rulebot.quiz.check.quote_in_full`)."""
    from rulebot.quiz.check import quote_in_full

    if feedback.correct:
        lines = [Content.from_markup("[b $success]Right.[/]")]
    elif feedback.response is None:
        lines = [Content.from_markup("[b $error]Not answered.[/] The answer: $a", a=feedback.right_answer)]
    else:
        lines = [Content.from_markup("[b $error]Wrong:[/] you said $y. The answer: $a",
                                     y=feedback.response.display(feedback.item), a=feedback.right_answer)]
    lines.append(Content(feedback.explanation))
    for cite in feedback.cites:
        quote = quote_in_full(index, cite) if index is not None else cite.quote  # the whole sentence
        lines.append(Content.from_markup("[b]$label[/b]: “$quote”", label=cite.label, quote=quote))
    lines.append(Content.from_markup("[dim]$n[/dim]", n="Press Enter for your result." if last
                                     else "Press Enter for the next question."))
    return Content("\n").join(lines)


def result_text(result: Any, attempt_id: int | None, index: Any = None) -> Content:
    """The result: score, pass or fail (exam), points by topic, clauses to reread, exam feedback."""
    pct = 100 * result.fraction
    head = f"Score: {result.score}/{result.total} ({pct:.0f}%)"
    lines = [Content.from_markup("[b]$h[/b]", h=head)]
    if result.passed is not None:
        verdict = "[b $success]PASSED[/]" if result.passed else "[b $error]NOT PASSED[/]"
        lines.append(Content.from_markup(f"Pass mark $pm · {verdict}", pm=f"{100 * result.pass_mark:.0f}%"))
    if result.expired:
        lines.append(Content("Time ran out."))
    lines.append(Content.from_markup("[b]By topic[/b]"))
    width = max((len(t.topic) for t in result.by_topic), default=5)
    for t in result.by_topic:
        lines.append(Content(f"  {t.topic.ljust(width)}  {t.right}/{t.total}"))
    if result.reread:
        lines.append(Content.from_markup("[b]Clauses to reread:[/b] $c", c=", ".join(c.label for c in result.reread)))
    if result.mode == "exam":
        lines.append(Content.from_markup("[b]Questions[/b]"))
        for fb in result.feedback:
            lines.append(Content.from_markup("[dim]$n.[/dim] $q", n=str(fb.item.position + 1), q=fb.question.question))
            lines.append(_short_feedback(fb, index))
    if attempt_id is not None:
        lines.append(Content.from_markup("[dim]Attempt $a saved in your history.[/dim]", a=str(attempt_id)))
    return Content("\n").join(lines)


def _short_feedback(fb: Any, index: Any = None) -> Content:
    body = feedback_text(fb, index=index)
    # Drop the "press Enter" line: the result page has its own button.
    return Content("\n").join(body.split("\n")[:-1])
