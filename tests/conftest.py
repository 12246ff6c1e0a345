"""Shared test fixtures.  Tests never touch the real user directories."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest


def pytest_configure(config):
    """Before any fixture (module- and session-scoped ones too) runs, point the user directories at a
    throw-away folder, so a developer's own ingested rulesets, history and cache never leak into tests."""
    root = tempfile.mkdtemp(prefix="rulebot-tests-")
    config._rulebot_root = root
    os.environ["RULEBOT_DATA_DIR"] = os.path.join(root, "user-data")
    os.environ["RULEBOT_CACHE_DIR"] = os.path.join(root, "user-cache")


def pytest_unconfigure(config):
    """Remove the throw-away folder made in ``pytest_configure``."""
    root = getattr(config, "_rulebot_root", None)
    if root:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path, monkeypatch):
    """Point ``RULEBOT_DATA_DIR`` and ``RULEBOT_CACHE_DIR`` at per-test folders under ``tmp_path``
    (also inherited by subprocesses started by the test)."""
    data = tmp_path / "user-data"
    cache = tmp_path / "user-cache"
    monkeypatch.setenv("RULEBOT_DATA_DIR", str(data))
    monkeypatch.setenv("RULEBOT_CACHE_DIR", str(cache))
    yield
