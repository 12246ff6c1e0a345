"""Snapshot tests (pytest-textual-snapshot): every tab at 80x24 and 120x40, plus the light theme.

Deterministic by construction: no clock in the header, no cursor blink (conftest), a fixed quiz seed,
an empty per-test data dir, every worker finished before the screenshot, and fixed answers on the Ask
tab (answer wording is tuned elsewhere; the pilot tests check the real answers).  The Penalties,
Signals, Browse and Quiz snapshots show real library data: regenerate them when that data changes.  Regenerate the
baselines with ``pytest tests/ui --snapshot-update`` and look at the SVGs before committing them.
"""

from __future__ import annotations

import pytest
from textual.widgets import Button, Input, Select
from ui_support import settle

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


class FixedAnswers:
    """The real searcher, except that ``ask`` gives a fixed answer citing real clauses: the Ask
    snapshots test the layout, and stay put while answer ranking and wording are tuned."""

    CITES = ("rha:403.a", "rha:403.b", "rha:402.a", "firs-2017:6.1.4")

    def __init__(self, searcher):
        self._searcher = searcher
        self.index = searcher.index

    def __getattr__(self, name):
        return getattr(self._searcher, name)

    def ask(self, question, ruleset=None, limit=5):
        from rulebot.models import Answer
        from rulebot.search.answer import citation

        clauses = [self.index.get(cid) for cid in self.CITES]
        cites = tuple(citation(self.index, c, 10.0 - i) for i, c in enumerate(clauses) if c is not None)
        return Answer(question, ruleset, "Major penalties are 4 or 5 minutes, whichever the league uses "
                      "consistently. [RHA 403 (a)]", cites[:limit])


@pytest.fixture
def fixed(shared_library_parts):
    """A library whose answers are fixed (see :class:`FixedAnswers`)."""
    from rulebot.ui.library import Library

    index, searcher = shared_library_parts
    return Library(index, searcher=FixedAnswers(searcher))


@SIZES
def test_ask(make, fixed, snap_compare, size):
    async def run_before(pilot):
        await settle(pilot, pilot.app)
        await pilot.press(*"how long is a major in RHA", "enter")
        await settle(pilot, pilot.app)

    assert snap_compare(make(library=fixed), terminal_size=size, run_before=run_before)


@SIZES
def test_ask_citation_expanded(make, fixed, snap_compare, size):
    async def run_before(pilot):
        from rulebot.ui.widgets.ask import CitationBlock

        await settle(pilot, pilot.app)
        await pilot.press(*"how long is a major in RHA", "enter")
        await settle(pilot, pilot.app)
        pilot.app.query(CitationBlock).first().collapsed = False
        await settle(pilot, pilot.app)

    assert snap_compare(make(library=fixed), terminal_size=size, run_before=run_before)


@SIZES
def test_browse(make, snap_compare, size):
    async def run_before(pilot):
        await settle(pilot, pilot.app)
        pilot.app.action_open_clause("firs-2017:6.4.21")
        await settle(pilot, pilot.app)

    assert snap_compare(make(), terminal_size=size, run_before=run_before)


@SIZES
def test_penalties(make, snap_compare, size):
    async def run_before(pilot):
        await settle(pilot, pilot.app)
        await pilot.press("f3")
        await settle(pilot, pilot.app)
        await pilot.press(*"boarding")
        await settle(pilot, pilot.app)

    assert snap_compare(make(), terminal_size=size, run_before=run_before)


@SIZES
def test_signals(make, snap_compare, size):
    async def run_before(pilot):
        await settle(pilot, pilot.app)
        await pilot.press("f4")
        await settle(pilot, pilot.app)
        await pilot.press(*"hands on hips")
        await settle(pilot, pilot.app)

    assert snap_compare(make(), terminal_size=size, run_before=run_before)


@SIZES
def test_quiz_setup(make, snap_compare, size):
    async def run_before(pilot):
        await settle(pilot, pilot.app)
        await pilot.press("f5")
        await settle(pilot, pilot.app, 0.6)

    assert snap_compare(make(), terminal_size=size, run_before=run_before)


@SIZES
def test_quiz_question(make, snap_compare, size):
    async def run_before(pilot):
        app = pilot.app
        await settle(pilot, app)
        await pilot.press("f5")
        await settle(pilot, app, 0.6)
        app.query_one("#quiz-ruleset", Select).value = "rha"
        await settle(pilot, app)
        app.query_one("#quiz-level", Select).value = "1"
        app.query_one("#quiz-count", Input).value = "3"
        app.query_one("#quiz-start", Button).press()
        await settle(pilot, app)

    assert snap_compare(make(), terminal_size=size, run_before=run_before)


def test_light_theme_80x24(make, fixed, snap_compare):
    async def run_before(pilot):
        await settle(pilot, pilot.app)
        await pilot.press("f6")
        await pilot.press(*"how long is a major in RHA", "enter")
        await settle(pilot, pilot.app)

    assert snap_compare(make(library=fixed), terminal_size=(80, 24), run_before=run_before)
