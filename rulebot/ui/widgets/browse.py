"""The Browse tab: a tree of rulesets → sections → rules → sub-clauses (filled in as nodes open), the
highlighted clause shown in full beside it, and its cross-references as links that open their clause."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Label, OptionList, Static, Tree
from textual.widgets.option_list import Option
from textual.widgets.tree import TreeNode

from rulebot.models import Clause
from rulebot.ui.widgets.ask import clause_body

#: Characters of an unnumbered, untitled clause's text used as its tree label.
LABEL_CHARS = 48


def node_label(clause: Clause) -> Text:
    """A tree label: number and title; a number with no title is followed by the start of its text
    ("12 After a goal is scored: the defending…", U9 and ball hockey number their rules only); else the
    start of the text (notes, items, paragraphs)."""
    if clause.label and (clause.title or not clause.text):
        return Text(clause.label)
    text = clause.text_start(LABEL_CHARS)
    if clause.label:
        return Text.assemble(f"{clause.label} ", (text, "italic"))
    return Text(text or clause.kind, style="italic")


class ClauseView(VerticalScroll):
    """The selected clause: where it sits, its full text with sub-clauses, its cross-references."""

    def compose(self) -> ComposeResult:
        yield Static("", id="clause-path")
        yield Static(Content("Choose a rule in the tree (Enter opens a node)."), id="clause-body")
        yield Label("Cross-references", id="refs-label")
        yield OptionList(id="refs", compact=True)

    def on_mount(self) -> None:
        self.query_one("#refs-label").display = False
        self.query_one("#refs").display = False

    def show(self, clause: Clause) -> None:
        """Show ``clause`` in full."""
        library = self.app.library  # type: ignore[attr-defined]
        index = library.index
        trail = [library.ruleset_name(clause.ruleset)] + [a.label or a.kind for a in reversed(index.ancestors(clause))]
        self.query_one("#clause-path", Static).update(Content.from_markup("[dim]$path[/dim]", path=" › ".join(trail)))
        head = library.clause_label(clause) if clause.kind != "document" else index.rulesets[clause.ruleset].title
        body = Content.from_markup("[b]$head[/b]\n", head=head) + clause_body(library, clause.id, clause.text)
        if clause.kind == "document" or (not clause.text and len(index.subtree(clause)) > 60):
            kids = ", ".join(c.label or c.kind for c in index.children(clause))
            body = Content.from_markup("[b]$head[/b]\n$kids", head=head, kids=kids)
        self.query_one("#clause-body", Static).update(body)
        refs = self.query_one("#refs", OptionList)
        refs.clear_options()
        links = [r for c in index.subtree(clause)[:80] for r in c.refs]
        seen = set()
        for ref in links:
            key = (ref.raw, ref.target)
            if key in seen:
                continue
            seen.add(key)
            target = index.get(ref.target) if ref.target else None
            if target is not None:
                prompt = Content.from_markup("[u]$raw[/u] [dim]$label[/dim]", raw=ref.raw,
                                             label=library.clause_label(target))
                refs.add_option(Option(prompt, id=ref.target))
            else:
                refs.add_option(Option(Content.from_markup("$raw [dim](not in this rulebook)[/dim]", raw=ref.raw),
                                       disabled=True))
        has_refs = refs.option_count > 0
        self.query_one("#refs-label").display = has_refs
        refs.display = has_refs
        self.scroll_home(animate=False)


class BrowsePane(Horizontal):
    """The Browse tab: the clause tree and the clause view."""

    def compose(self) -> ComposeResult:
        tree: Tree[str] = Tree("Rulebooks", id="clause-tree")
        tree.show_root = False
        tree.guide_depth = 2
        yield tree
        yield ClauseView(id="clause-view")

    def on_mount(self) -> None:
        library = self.app.library  # type: ignore[attr-defined]
        tree = self.query_one("#clause-tree", Tree)
        self._clause_nodes: dict[str, TreeNode[str]] = {}
        self._filled: set[str] = set()
        for rs in library.rulesets():
            roots = [c for c in library.index.by_ruleset(rs.id) if c.kind == "document"]
            if not roots:
                continue
            # the short name in bold, the title after it dimmed: at 80 columns the name is what shows
            label = Text(rs.short_name, style="bold")
            if rs.title and rs.title != rs.short_name:
                label.append(f"  {rs.title}", style="dim")
            node = tree.root.add(label, roots[0].id)
            self._clause_nodes[roots[0].id] = node

    def focus_main(self) -> None:
        """Focus the tree."""
        self.query_one("#clause-tree", Tree).focus()

    def _fill(self, node: TreeNode[str]) -> None:
        """Add a node's children the first time it opens."""
        cid = node.data
        if cid is None or cid in self._filled:
            return
        self._filled.add(cid)
        index = self.app.library.index  # type: ignore[attr-defined]
        clause = index.get(cid)
        if clause is None:
            return
        for child in index.children(clause):
            if child.children:
                sub = node.add(node_label(child), child.id)
            else:
                sub = node.add_leaf(node_label(child), child.id)
            self._clause_nodes[child.id] = sub

    @on(Tree.NodeExpanded, "#clause-tree")
    def _expanded(self, event: Tree.NodeExpanded[str]) -> None:
        self._fill(event.node)

    @on(Tree.NodeHighlighted, "#clause-tree")
    def _highlighted(self, event: Tree.NodeHighlighted[str]) -> None:
        clause = self.app.library.clause(event.node.data) if event.node.data else None  # type: ignore[attr-defined]
        if clause is not None:
            self.query_one(ClauseView).show(clause)

    @on(OptionList.OptionSelected, "#refs")
    def _follow_ref(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.show_clause(event.option.id)

    def show_clause(self, clause_id: str) -> None:
        """Open the tree down to ``clause_id``, put the cursor on it and show it in full."""
        library = self.app.library  # type: ignore[attr-defined]
        clause = library.clause(clause_id)
        if clause is None:
            return
        index = library.index
        root = next((c for c in index.by_ruleset(clause.ruleset) if c.kind == "document"), None)
        path = [a.id for a in reversed(index.ancestors(clause))] + [clause.id]
        if root is not None and clause.id != root.id:
            path.insert(0, root.id)
        for cid in path[:-1]:
            node = self._clause_nodes.get(cid)
            if node is None:
                break
            self._fill(node)
            node.expand()
        self.query_one(ClauseView).show(clause)
        target = self._clause_nodes.get(clause.id)
        tree = self.query_one("#clause-tree", Tree)
        if target is not None:
            def move() -> None:
                tree.move_cursor(target)
                tree.scroll_to_node(target, animate=False)
            self.call_after_refresh(move)
        tree.focus()
