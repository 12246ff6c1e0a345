"""Fixtures for the app's pilot and snapshot tests: one shared clause index and searcher (built once),
no cursor blink, a fixed quiz seed, and settings in the per-test data dir (see tests/conftest.py)."""

from __future__ import annotations

import pytest

@pytest.fixture(scope="session")
def shared_library_parts():
    """The embedded index and its searcher, built once for the whole session."""
    from rulebot.corpus import load_index
    from rulebot.search import Searcher

    index = load_index()
    return index, Searcher(index)


@pytest.fixture
def library(shared_library_parts):
    """A fresh :class:`rulebot.ui.library.Library` over the shared index (its own caches)."""
    from rulebot.ui.library import Library

    index, searcher = shared_library_parts
    return Library(index, searcher=searcher)


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch):
    """Inputs do not blink, so screenshots do not depend on when they are taken."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "cursor_blink", False)


@pytest.fixture
def make(library):
    """Build the app the way the CLI does, with a fixed quiz seed and no background warm-up."""
    from rulebot.ui.app import make_app

    def factory(**kwargs):
        kwargs.setdefault("quiz_seed", 7)
        kwargs.setdefault("warm_up", False)
        return make_app(kwargs.pop("library", library), **kwargs)

    return factory
