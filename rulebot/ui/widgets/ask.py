"""The Ask tab: a chat with the rulebooks.

A question goes to :class:`rulebot.ui.library.Conversation` (the library answers; follow-ups keep the
last question's ruleset); the answer appears as a bubble with its cited clauses, each a collapsible
that expands to the full clause and has a button that opens it in Browse.  The ruleset selector (or
"All rulesets") is remembered between runs.
"""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.message import Message
from textual.widgets import Button, Collapsible, Input, Label, Select, Static

from rulebot.errors import RulebotError
from rulebot.models import Answer, Citation

#: The selector's value for "all rulesets" (Select values cannot be None).
ALL = "__all__"

WELCOME = ("Ask a rule question in plain words, e.g. [b]how long is a major in RHA[/b]. "
           "Follow-up questions keep the ruleset. Expand a cited clause to read it whole; "
           "[b]ctrl+p[/b] jumps to any rule.")


class OpenClauseButton(Button):
    """A small button that opens one clause in the Browse tab."""

    def __init__(self, clause_id: str) -> None:
        super().__init__("Open in Browse", compact=True, classes="open-clause")
        self.clause_id = clause_id


class QuestionBubble(Static):
    """The user's question in the chat history."""


class CitationBlock(Collapsible):
    """One cited clause: collapsed it shows the rule's label; expanded, the clause with all its
    sub-clauses and a button that opens it in Browse."""

    def __init__(self, position: int, label: str, body: Content, clause_id: str) -> None:
        super().__init__(Static(body, classes="clause-text"), OpenClauseButton(clause_id),
                         title=f"{position}. {label}", collapsed=True, classes="citation")
        self.clause_id = clause_id


class AnswerBubble(Vertical):
    """One answer in the chat history: the short answer, then its citations (best first)."""

    def __init__(self) -> None:
        super().__init__(classes="answer-bubble")

    def compose(self) -> ComposeResult:
        yield Static("Looking it up…", classes="answer-text")

    def show(self, answer: Answer, asked_of: str, blocks: list[CitationBlock]) -> None:
        """Fill the bubble with ``answer`` (asked of ``asked_of``) and its citation ``blocks``."""
        self.set_class(not answer.answered, "unanswered")
        text = self.query_one(".answer-text", Static)
        resolved = answer.extra.get("resolved_question") if isinstance(answer.extra, dict) else None
        where = f"asked of {asked_of}" + (f" as “{resolved}”" if resolved else "")
        text.update(Content.from_markup("$answer\n[dim]$where[/dim]", answer=answer.answer, where=where))
        if blocks:
            self.mount_all(blocks)

    def show_error(self, message: str) -> None:
        """Show a one-line error instead of an answer."""
        self.add_class("unanswered")
        self.query_one(".answer-text", Static).update(Content(message))


class AskPane(Vertical):
    """The Ask tab: ruleset selector, chat history, question input.  Tab from the question box goes
    to the newest answer's first citation."""

    BINDINGS = [Binding("tab", "latest_answer", "Latest answer", show=False)]

    class Answered(Message):
        """Posted when an answer has been shown (tests and other tabs may listen)."""

        def __init__(self, answer: Answer) -> None:
            super().__init__()
            self.answer = answer

    def compose(self) -> ComposeResult:
        library = self.app.library  # type: ignore[attr-defined]
        saved = self.app.settings.ruleset  # type: ignore[attr-defined]
        options = [("All rulesets", ALL)] + [(f"{rs.short_name} – {rs.title}", rs.id) for rs in library.rulesets()]
        value = saved if saved in {rid for _, rid in options} else ALL
        with Horizontal(id="ask-bar"):
            yield Label("Ruleset", id="ruleset-label")
            yield Select(options, value=value, allow_blank=False, compact=True, id="ruleset")
            yield Label("", id="context")
        with VerticalScroll(id="chat"):
            yield Static(Content.from_markup(WELCOME), classes="welcome")
        yield Input(placeholder="Ask a question and press Enter", id="question", compact=True)

    def on_mount(self) -> None:
        self.conversation = self.app.library.conversation()  # type: ignore[attr-defined]
        self.focus_main()

    def action_latest_answer(self) -> None:
        """Tab: from the question box to the newest answer's first citation; elsewhere, the next
        widget as usual."""
        bubbles = list(self.query(AnswerBubble))
        titles = list(bubbles[-1].query("CollapsibleTitle")) if bubbles else []
        if self.app.focused is self.query_one("#question", Input) and titles:
            titles[0].focus()
            self.query_one("#chat", VerticalScroll).scroll_to_widget(bubbles[-1], animate=False)
        else:
            self.screen.focus_next()

    def focus_main(self) -> None:
        """Focus the question box."""
        self.query_one("#question", Input).focus()

    @property
    def ruleset(self) -> str | None:
        """The ruleset chosen in the selector (None: all)."""
        value = self.query_one("#ruleset", Select).value
        return None if value in (ALL, Select.NULL) else str(value)

    @on(Select.Changed, "#ruleset")
    def _ruleset_changed(self, event: Select.Changed) -> None:
        self.app.update_settings(ruleset=self.ruleset)  # type: ignore[attr-defined]
        self.conversation.reset()
        self._show_context()
        self.query_one("#question", Input).focus()  # the next thing typed is the question

    @on(Input.Submitted, "#question")
    def _submitted(self, event: Input.Submitted) -> None:
        question = event.value.strip()
        if not question:
            return
        event.input.clear()
        chat = self.query_one("#chat", VerticalScroll)
        bubble = AnswerBubble()
        chat.mount(QuestionBubble(Content(question)), bubble)
        chat.scroll_end(animate=False)
        self._ask(question, self.ruleset, bubble)

    @work(thread=True, group="ask")
    def _ask(self, question: str, ruleset: str | None, bubble: AnswerBubble) -> None:
        """Ask the library in a thread (it may still be building its index) and show the answer."""
        try:
            answer = self.conversation.ask(question, ruleset)
        except RulebotError as err:
            self.app.call_from_thread(bubble.show_error, str(err))
            return
        self.app.call_from_thread(self._show_answer, bubble, answer)

    def _citation_blocks(self, answer: Answer) -> list[CitationBlock]:
        library = self.app.library  # type: ignore[attr-defined]
        # the clauses the answer rests on, then the nearest ones offered as "see also"
        cites: list[tuple[Citation, bool]] = ([(c, False) for c in answer.citations]
                                              + [(c, True) for c in answer.see_also])
        blocks = []
        for i, (cite, see_also) in enumerate(cites, 1):
            clause = library.clause(cite.clause_id)
            label = library.clause_label(clause) if clause else f"{library.ruleset_name(cite.ruleset)} {cite.rule}"
            if see_also:
                label = f"see also: {label}"
            if cite.layer:  # a tournament sheet over its base: which layer the clause is from (as the CLI says)
                label = f"{label} [{cite.layer}]"
            label = escape(label)  # the title is read as markup: "[tournament]" is text
            blocks.append(CitationBlock(i, label, clause_body(library, cite.clause_id, cite.text), cite.clause_id))
        return blocks

    def _show_answer(self, bubble: AnswerBubble, answer: Answer) -> None:
        library = self.app.library  # type: ignore[attr-defined]
        blocks = self._citation_blocks(answer)
        # the rulebook the answer was asked of; an answer from all of them says so (the rulebook of
        # its best citation is the follow-ups' context, shown apart)
        used = answer.ruleset or self.conversation.asked_of
        bubble.show(answer, library.ruleset_name(used) if used else "all rulesets", blocks)
        self._show_context()
        self.call_after_refresh(self._scroll_to_exchange, bubble)
        self.post_message(self.Answered(answer))

    def _scroll_to_exchange(self, bubble: AnswerBubble) -> None:
        """Show the question and the start of its answer (the call, then the clauses below it), not
        the end of a long answer's last citation."""
        chat = self.query_one("#chat", VerticalScroll)
        children = list(chat.children)
        at = children.index(bubble) if bubble in children else -1
        start = children[at - 1] if at > 0 and isinstance(children[at - 1], QuestionBubble) else bubble
        chat.scroll_to_widget(start, top=True, animate=False)

    def _show_context(self) -> None:
        library = self.app.library  # type: ignore[attr-defined]
        ctx = self.conversation.context_ruleset
        label = self.query_one("#context", Label)
        if self.ruleset is None and ctx:
            label.update(Content.from_markup("[dim]follow-ups: $name[/dim]", name=library.ruleset_name(ctx)))
        else:
            label.update("")

    @on(Button.Pressed, ".open-clause")
    def _open_clause(self, event: Button.Pressed) -> None:
        event.stop()
        self.app.action_open_clause(event.button.clause_id)  # type: ignore[attr-defined]


def clause_body(library, clause_id: str, fallback: str = "") -> Content:
    """A clause with its sub-clauses as display text: each sub-clause's number in bold, indented by
    depth; ``fallback`` (the cited text) when the clause is not in the index."""
    rows = library.clause_subtree(clause_id)
    if not rows:
        return Content(fallback)
    parts: list[Content] = []
    for depth, clause in rows:
        head = clause.label
        pad = "  " * depth
        if head and depth:
            parts.append(Content.from_markup("$pad[b]$head[/b]", pad=pad, head=head))
        if clause.text:
            parts.append(Content(pad + clause.text))
    return Content("\n").join(parts) if parts else Content(fallback)
