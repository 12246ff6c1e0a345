"""The referee's rules assistant: a Textual app with five tabs (Ask, Browse, Penalties, Signals, Quiz),
a command palette that jumps to any rule, and key bindings in the footer.

Build it with :func:`make_app` (the CLI and the tests both do); run it with ``rulebot`` or serve it
in a browser with ``rulebot serve``.  Styles live in ``app.tcss`` beside this file.
"""

from __future__ import annotations

from pathlib import Path

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.lazy import Lazy
from textual.widgets import Footer, Header, TabbedContent, TabPane

from rulebot.ui.library import Library
from rulebot.ui.providers import RuleCommands
from rulebot.ui.settings import Settings, load_settings, save_settings
from rulebot.ui.widgets.ask import AskPane
from rulebot.ui.widgets.browse import BrowsePane
from rulebot.ui.widgets.penalties import PenaltiesPane
from rulebot.ui.widgets.quiz import QuizPane
from rulebot.ui.widgets.signals import SignalsPane

#: Tab ids in display order, with their titles.
TABS = (("ask", "Ask"), ("browse", "Browse"), ("penalties", "Penalties"), ("signals", "Signals"),
        ("quiz", "Quiz"))

DARK_THEME = "textual-dark"
LIGHT_THEME = "textual-light"


class RulebotApp(App[None]):
    """The app.  ``library`` gives it every piece of data; ``settings_path`` is where the ruleset
    choice and theme persist (None: the user data dir); ``quiz_seed`` fixes question order (tests);
    ``warm_up`` builds the searcher and tables in a background thread after the first paint."""

    CSS_PATH = "app.tcss"
    TITLE = "rulebot"
    SUB_TITLE = "referee's rules assistant"
    COMMANDS = App.COMMANDS | {RuleCommands}
    BINDINGS = [
        Binding("f1", "show_tab('ask')", "Ask"),
        Binding("f2", "show_tab('browse')", "Browse"),
        Binding("f3", "show_tab('penalties')", "Penalties"),
        Binding("f4", "show_tab('signals')", "Signals"),
        Binding("f5", "show_tab('quiz')", "Quiz"),
        Binding("f6", "toggle_theme", "Theme", show=False),  # in the key panel; the footer fits 80 columns
        Binding("ctrl+q", "quit", "Quit", priority=True),
        # the keys panel (ctrl+p, "Keys") closes with Escape as a dialog does
        Binding("escape", "hide_help_panel", "Hide keys", show=False),
    ]

    def __init__(self, library: Library, *, settings_path: Path | None = None, quiz_seed: int | None = None,
                 warm_up: bool = True) -> None:
        super().__init__()
        self.library = library
        self.settings_path = settings_path
        self.settings: Settings = load_settings(settings_path)
        self.quiz_seed = quiz_seed
        self._warm_up = warm_up

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(initial="ask", id="tabs"):
            with TabPane("Ask", id="ask"):
                yield AskPane(id="ask-pane")
            # The hidden tabs are mounted just after the first paint (start-up under a second).
            with TabPane("Browse", id="browse"):
                yield Lazy(BrowsePane(id="browse-pane"))
            with TabPane("Penalties", id="penalties"):
                yield Lazy(PenaltiesPane(id="penalties-pane"))
            with TabPane("Signals", id="signals"):
                yield Lazy(SignalsPane(id="signals-pane"))
            with TabPane("Quiz", id="quiz"):
                yield Lazy(QuizPane(id="quiz-pane"))
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        if self._warm_up:
            # After the first paint, so the threads do not compete with it for the interpreter.
            self.call_after_refresh(self._warm)

    @work(thread=True, exclusive=True, group="warm-up")
    def _warm(self) -> None:
        """Build the searcher, the signal and penalty tables and the quiz banks off the UI thread."""
        self.library.warm_up()

    # -- settings ------------------------------------------------------------------------------------

    def update_settings(self, **changes) -> None:
        """Change and persist settings (``ruleset=``, ``theme=``); a write failure is shown, not raised."""
        new = self.settings.with_(**changes)
        if new == self.settings:
            return
        self.settings = new
        try:
            save_settings(new, self.settings_path)
        except OSError as exc:
            self.notify(f"Could not save settings: {exc}", severity="warning")

    # -- actions -------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape hides the keys panel only while it is shown; otherwise it goes to the widgets."""
        if action == "hide_help_panel":
            return bool(self.screen.query("HelpPanel"))
        return True

    def action_show_tab(self, tab: str) -> None:
        """Switch to a tab (``ask``, ``browse``, ``penalties``, ``signals``, ``quiz``) and focus its
        main control."""
        tabs = self.query_one("#tabs", TabbedContent)
        pane = self.query_one(f"#{tab}-pane")
        focus = getattr(pane, "focus_main", None)
        if tabs.active == tab:
            if focus is not None:
                focus()  # F1 from a cited clause: back to the question box
            return
        # Drop the focus first: otherwise the widget losing it, now hidden, hands it to a sibling
        # after the new pane's widget has taken it.
        self.screen.set_focus(None)
        tabs.active = tab
        if focus is not None:
            self.call_after_refresh(focus)

    def action_toggle_theme(self) -> None:
        """Switch between the dark and the light theme (remembered between runs)."""
        self.theme = LIGHT_THEME if self.current_theme.dark else DARK_THEME
        self.update_settings(theme=self.theme)

    def action_open_clause(self, clause_id: str) -> None:
        """Show a clause in the Browse tab (from a citation, a cross-reference or the palette)."""
        if self.library.clause(clause_id) is None:
            self.notify(f"No clause {clause_id}", severity="warning")
            return
        tabs = self.query_one("#tabs", TabbedContent)
        if tabs.active != "browse":
            self.screen.set_focus(None)  # see action_show_tab
            tabs.active = "browse"
        self.query_one(BrowsePane).show_clause(clause_id)


def make_app(library: Library | None = None, *, settings_path: Path | None = None,
             quiz_seed: int | None = None, warm_up: bool = True) -> RulebotApp:
    """The app over ``library`` (default: the embedded corpus via :class:`Library`).

    Used by ``rulebot``/``rulebot app``/``rulebot serve`` and by the tests (which pass a fixed
    ``quiz_seed`` and may turn ``warm_up`` off)."""
    return RulebotApp(library or Library(), settings_path=settings_path, quiz_seed=quiz_seed, warm_up=warm_up)
