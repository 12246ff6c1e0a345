"""Terminal rendering (rich) shared by the CLI commands."""

from __future__ import annotations

from rulebot.corpus.index import ClauseIndex
from rulebot.models import Answer, Clause, names_title


def console():
    """A rich Console on stdout (colours only on a terminal)."""
    from rich.console import Console

    return Console(highlight=False)


def indented(text: str, indent: int, width: int | None) -> str:
    """``text`` wrapped to ``width`` columns with every line ``indent`` spaces in, so a long clause
    stays one block under its number; one line, indented, for ``width`` None (output that is no terminal,
    so that ``| grep`` finds a whole clause)."""
    import textwrap

    pad = " " * indent
    if width is None or width < indent + 20:
        return pad + text
    return textwrap.fill(text, width=width, initial_indent=pad, subsequent_indent=pad, break_on_hyphens=False)


def print_answer(answer: Answer, index: ClauseIndex) -> None:
    """The short answer, then each citation with its ruleset, number, title and quoted text, then the
    "see also" clauses the same way."""
    from rich.markup import escape
    from rich.panel import Panel

    from rulebot.search.answer import rule_name

    con = console()
    style = "bold" if answer.answered else "bold yellow"
    con.print(Panel(escape(answer.answer), title="Answer", title_align="left", border_style=style))
    # the clauses the answer rests on (for a question not covered: the rule saying which other rules
    # apply), then the nearest clauses as "see also"
    for heading, cites in (("", answer.citations), ("See also:", answer.see_also)):
        if heading and cites:
            con.print(f"[yellow]{heading}[/yellow]")
        for i, c in enumerate(cites, 1):
            rs = index.rulesets.get(c.ruleset)
            name = rs.short_name if rs else c.ruleset
            # the layer (tournament / base / replaced) as a visible tag, escaped so rich does not read it as markup
            layer = f" [magenta]{escape(f'[{c.layer}]')}[/magenta]" if c.layer else ""
            title = f" {escape(c.title)}" if c.title and not names_title(c.rule, c.title) else ""
            con.print(f"[bold cyan]{i}. {escape(rule_name(name, c.rule))}[/bold cyan]{title}{layer}")
            if c.text:
                con.print(f"[dim]{escape(indented(f'“{c.text}”', 3, con.width if con.is_terminal else None))}[/dim]",
                          soft_wrap=not con.is_terminal)


def print_clause_tree(clause: Clause, index: ClauseIndex) -> None:
    """A clause with all its sub-clauses, indented."""
    from rich.markup import escape

    con = console()
    base = len(index.ancestors(clause))
    for c in index.subtree(clause):
        depth = len(index.ancestors(c)) - base
        pad = "  " * depth
        head = " ".join(x for x in (c.number, c.title) if x)
        if head:
            con.print(f"{pad}[bold cyan]{escape(head)}[/bold cyan]")
        if c.text:
            # wrapped lines keep the clause's indent (a long clause stays readable as one block)
            con.print(escape(indented(c.text, len(pad) + 2, con.width if con.is_terminal else None)), soft_wrap=not con.is_terminal)
