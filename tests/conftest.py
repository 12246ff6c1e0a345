"""Shared test fixtures.  Tests never touch the real user directories."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path, monkeypatch):
    """Point ``RULEBOT_DATA_DIR`` and ``RULEBOT_CACHE_DIR`` at per-test folders under ``tmp_path``
    (also inherited by subprocesses started by the test)."""
    data = tmp_path / "user-data"
    cache = tmp_path / "user-cache"
    monkeypatch.setenv("RULEBOT_DATA_DIR", str(data))
    monkeypatch.setenv("RULEBOT_CACHE_DIR", str(cache))
    yield
