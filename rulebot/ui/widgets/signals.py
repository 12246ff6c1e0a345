"""The Signals tab: describe what the referee did in everyday words ("hands on hips") and see the
signals it matches as you type, each with its name, description, meaning and penalties."""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Input, Static

from rulebot.ui.library import SignalView

#: Signals listed per search.
LIMIT = 8


class SignalCard(Static):
    """One signal: name, description, meaning, penalties and the rule that prints it."""

    def __init__(self, signal: SignalView, rank: int, ruleset_name: str) -> None:
        self.signal = signal
        lines = [Content.from_markup("[b]$rank. $name[/b]  [dim]$rs[/dim]", rank=str(rank), name=signal.name,
                                     rs=ruleset_name),
                 Content.from_markup("[i]Signal:[/i] $d", d=signal.description)]
        if signal.meaning:
            lines.append(Content.from_markup("[i]Meaning:[/i] $m", m=signal.meaning))
        if signal.penalties:
            lines.append(Content.from_markup("[i]Penalties:[/i] $p", p=", ".join(signal.penalties)))
        if signal.rules:
            lines.append(Content.from_markup("[i]Rules:[/i] $r", r=", ".join(signal.rules)))
        super().__init__(Content("\n").join(lines), classes="signal-card")


class SignalsPane(Vertical):
    """Search box and the matching signals."""

    def compose(self) -> ComposeResult:
        yield Input(placeholder="What did the referee do? e.g. hands on hips", id="signal-query", compact=True)
        yield VerticalScroll(id="signal-results")

    def on_mount(self) -> None:
        self.results: list[SignalView] = []
        self._loaded = False

    def on_show(self) -> None:
        """List every signal the first time the tab is shown (not at start-up)."""
        if not self._loaded:
            self._loaded = True
            self._search(self.query_one("#signal-query", Input).value)

    def focus_main(self) -> None:
        """Focus the search box."""
        self.query_one("#signal-query", Input).focus()

    @on(Input.Changed, "#signal-query")
    def _changed(self, event: Input.Changed) -> None:
        self._search(event.value)

    @work(exclusive=True, group="signals", thread=True)
    def _search(self, query: str) -> None:
        """Search in a thread; a newer keystroke supersedes an older search."""
        from textual.worker import get_current_worker

        library = self.app.library  # type: ignore[attr-defined]
        results = library.search_signals(query, LIMIT)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show, query, results)

    async def _show(self, query: str, results: list[SignalView]) -> None:
        if query != self.query_one("#signal-query", Input).value:
            return  # a newer search is on its way
        library = self.app.library  # type: ignore[attr-defined]
        self.results = results
        box = self.query_one("#signal-results", VerticalScroll)
        await box.remove_children()
        if not results:
            await box.mount(Static(Content("No signal matches that description."), classes="signal-none"))
        else:
            await box.mount_all(SignalCard(s, i, library.ruleset_name(s.ruleset)) for i, s in enumerate(results, 1))
        box.scroll_home(animate=False)
