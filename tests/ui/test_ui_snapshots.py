"""Snapshot tests (pytest-textual-snapshot): every tab at 80x24 and 120x40, plus the light theme.

Deterministic by construction: no clock in the header, no cursor blink (conftest), a fixed quiz seed,
an empty per-test data dir, and every worker finished before the screenshot.  Regenerate the
baselines with ``pytest tests/ui --snapshot-update`` and look at the SVGs before committing them.
"""

from __future__ import annotations

import pytest
from textual.widgets import Button, Input, Select
from ui_support import settle

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@SIZES
def test_ask(make, snap_compare, size):
    async def run_before(pilot):
        await settle(pilot, pilot.app)
        await pilot.press(*"how long is a major in RHA", "enter")
        await settle(pilot, pilot.app)

    assert snap_compare(make(), terminal_size=size, run_before=run_before)


@SIZES
def test_ask_citation_expanded(make, snap_compare, size):
    async def run_before(pilot):
        from rulebot.ui.widgets.ask import CitationBlock

        await settle(pilot, pilot.app)
        await pilot.press(*"what is a match penalty in FIRS", "enter")
        await settle(pilot, pilot.app)
        pilot.app.query(CitationBlock).first().collapsed = False
        await settle(pilot, pilot.app)

    assert snap_compare(make(), terminal_size=size, run_before=run_before)


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


def test_light_theme_80x24(make, snap_compare):
    async def run_before(pilot):
        await settle(pilot, pilot.app)
        await pilot.press("f6")
        await pilot.press(*"how long is a minor in FIRS", "enter")
        await settle(pilot, pilot.app)

    assert snap_compare(make(), terminal_size=(80, 24), run_before=run_before)
