"""The Penalties tab: the penalty index (:mod:`rulebot.penalties`, issue 3) as a table you can filter
as you type (the library's penalty search: name, penalty, rule text) and sort by any column (click a
header, or ctrl+s), with the signal and the clause of the selected row below it."""

from __future__ import annotations

import re

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import DataTable, Input, Select, Static

from rulebot.ui.library import PenaltyView, sort_penalties

#: Table columns: (key, header, width); the infraction column (width None) takes the rest.
COLUMNS = (("ruleset", "Ruleset", 10), ("infraction", "Infraction", None), ("rule", "Rule", 9),
           ("code", "Code", 12), ("duration", "Duration", 13))
#: Narrowest infraction column.
MIN_INFRACTION = 16
#: Widest ruleset column (a rulebook's short name is cut after this many characters).
MAX_RULESET = 16
#: Characters the code column grows by when the infraction column keeps WIDE_INFRACTION.
WIDE_CODE_EXTRA = 12
WIDE_INFRACTION = 40
ALL = "__all__"


class PenaltiesPane(Vertical):
    """Filter box and ruleset choice, the sortable table, and the selected row's detail."""

    BINDINGS = [Binding("ctrl+s", "cycle_sort", "Sort")]

    def compose(self) -> ComposeResult:
        library = self.app.library  # type: ignore[attr-defined]
        options = [("All rulesets", ALL)] + [(rs.short_name, rs.id) for rs in library.rulesets()]
        with Horizontal(id="penalty-bar"):
            yield Input(placeholder="Filter: infraction, rule or code", id="penalty-filter", compact=True)
            yield Select(options, value=ALL, allow_blank=False, compact=True, id="penalty-ruleset")
        table: DataTable = DataTable(id="penalty-table", cursor_type="row", zebra_stripes=True)
        yield table
        with VerticalScroll(id="penalty-detail"):
            yield Static("", id="penalty-info")

    def on_mount(self) -> None:
        #: The column sorted by; None keeps the library's order (best match first when filtering).
        self.sort_column: str | None = None
        self.sort_reverse = False
        self._penalty_rows: list[PenaltyView] = []
        self._loaded = False

    def on_show(self) -> None:
        """Fill the table the first time the tab is shown (not at start-up)."""
        if not self._loaded:
            self._loaded = True
            self.refresh_rows()

    def focus_main(self) -> None:
        """Focus the filter box."""
        self.query_one("#penalty-filter", Input).focus()

    @property
    def shown(self) -> list[PenaltyView]:
        """The rows in the table, in display order."""
        return list(self._penalty_rows)

    def refresh_rows(self) -> None:
        """Re-filter and re-sort the library's rows into the table."""
        library = self.app.library  # type: ignore[attr-defined]
        table = self.query_one("#penalty-table", DataTable)
        info = self.query_one("#penalty-info", Static)
        if not library.penalties_available():
            table.display = False
            info.update(Content("The penalty index is not installed yet (rulebot.penalties, issue 3). "
                                "Ask about penalties on the Ask tab meanwhile."))
            return
        value = self.query_one("#penalty-ruleset", Select).value
        ruleset = None if value in (ALL, Select.NULL) else str(value)
        text = self.query_one("#penalty-filter", Input).value
        rows = library.search_penalties(text, ruleset)
        if self.sort_column is not None:
            rows = sort_penalties(rows, self.sort_column, self.sort_reverse)
        self._penalty_rows = rows
        table.clear(columns=True)
        total = table.size.width or self.size.width or 80
        widths = {key: width for key, _, width in COLUMNS}
        # the rulebooks' names whole ("Ball hockey", not "Ball hock…"), up to MAX_RULESET characters
        names = [len(library.ruleset_name(row.ruleset)) for row in rows]
        widths["ruleset"] = min(MAX_RULESET, max([widths["ruleset"], *names]))
        fixed = sum(w for w in widths.values() if w) + 2 * len(COLUMNS) + 1  # cell padding, scrollbar
        if total - fixed - WIDE_CODE_EXTRA >= WIDE_INFRACTION:
            # room for a whole penalty where a rulebook has no code ("major + game ejection", RHA)
            widths["code"] += WIDE_CODE_EXTRA
            fixed += WIDE_CODE_EXTRA
        rest = max(total - fixed, MIN_INFRACTION)
        for key, header, _ in COLUMNS:
            mark = (" ▼" if self.sort_reverse else " ▲") if key == self.sort_column else ""
            table.add_column(Text(header + mark), key=key, width=widths[key] or rest)
        for i, row in enumerate(self._penalty_rows):
            name = _cell(row.infraction + (" *" if row.severe and not row.infraction.endswith("*") else ""))
            # a penalty where the rulebook has no code wraps onto a second line rather than lose its end
            # ("major + game ejection" and "major + game misconduct" are not both "major + gam…")
            long = not row.code and len(row.penalty) > widths["code"]
            code = _cell(row.code) if row.code else _cell(row.penalty, "italic", wrap=long)
            table.add_row(_cell(library.ruleset_name(row.ruleset)), name, _cell(_spaced(row.rule)), code,
                          _cell(row.duration or "–"), key=str(i), height=None if long else 1)
        if self._penalty_rows:
            self._show_detail(self._penalty_rows[0])
        else:
            info.update(Content("No penalty matches that filter."))

    def on_resize(self) -> None:
        if self._loaded and self.app.library.penalties_available():  # type: ignore[attr-defined]
            self.call_after_refresh(self.refresh_rows)

    @on(Input.Changed, "#penalty-filter")
    @on(Select.Changed, "#penalty-ruleset")
    def _filter_changed(self) -> None:
        self.refresh_rows()

    @on(DataTable.HeaderSelected, "#penalty-table")
    def _header(self, event: DataTable.HeaderSelected) -> None:
        self.sort_by(str(event.column_key.value))

    def sort_by(self, column: str) -> None:
        """Sort by ``column``; choosing the same column again reverses the order."""
        if column == self.sort_column:
            self.sort_reverse = not self.sort_reverse
        else:
            self.sort_column, self.sort_reverse = column, False
        self.refresh_rows()

    def action_cycle_sort(self) -> None:
        """Sort by the next column (ctrl+s)."""
        keys = [k for k, _, _ in COLUMNS]
        nxt = 0 if self.sort_column is None else (keys.index(self.sort_column) + 1) % len(keys)
        self.sort_by(keys[nxt])

    @on(DataTable.RowHighlighted, "#penalty-table")
    def _row(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key is not None and event.row_key.value is not None:
            i = int(event.row_key.value)
            if 0 <= i < len(self._penalty_rows):
                self._show_detail(self._penalty_rows[i])

    @on(DataTable.RowSelected, "#penalty-table")
    def _open(self, event: DataTable.RowSelected) -> None:
        i = int(event.row_key.value or 0)
        if 0 <= i < len(self._penalty_rows) and self._penalty_rows[i].clause_id:
            self.app.action_open_clause(self._penalty_rows[i].clause_id)  # type: ignore[attr-defined]

    def _show_detail(self, row: PenaltyView) -> None:
        library = self.app.library  # type: ignore[attr-defined]
        signal = library.signal_for(row)
        parts = [Content.from_markup("[b]$name[/b]  $rs $rule · $pen $dur", name=row.infraction,
                                     rs=library.ruleset_name(row.ruleset), rule=_spaced(row.rule),
                                     pen=" ".join(p for p in (row.code, row.penalty) if p),
                                     dur=f"({row.duration})" if row.duration else "")]
        if signal is not None:
            parts.append(Content.from_markup("[b]Signal:[/b] $name – $desc", name=signal.name, desc=signal.description))
        else:
            parts.append(Content.from_markup("[dim]No referee signal listed for this infraction.[/dim]"))
        clause = library.clause(row.clause_id) if row.clause_id else None
        if clause is not None:
            text = clause.text or " ".join(c.text for c in library.index.subtree(clause)[1:3])
            parts.append(Content.from_markup("[b]$label:[/b] $text [dim](Enter opens it)[/dim]",
                                             label=library.clause_label(clause), text=text))
        elif row.rule:
            parts.append(Content.from_markup("[dim]Rule $rule is not in the rulebook's index.[/dim]", rule=row.rule))
        self.query_one("#penalty-info", Static).update(Content("\n").join(parts))


def _spaced(rule: str) -> str:
    """A rule number as the rulebooks' clauses are labelled: "6.4.21C" (as FIRS's penalty index prints
    it) -> "6.4.21 C", beside rows read from rule text ("6.4.21 C")."""
    return re.sub(r"(?<=\d)([A-Z])$", r" \1", rule)


def _cell(text: str, style: str = "", wrap: bool = False) -> Text:
    """A table cell that ends in an ellipsis when it is wider than its column (``wrap``: that goes on
    over more lines instead)."""
    return Text(text, style=style, no_wrap=not wrap, overflow="fold" if wrap else "ellipsis")
