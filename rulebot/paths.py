"""Where rulebot's data lives: the embedded corpus and quizzes (inside the package, found through
importlib.resources) and the user's own data and cache directories (platformdirs).

Environment overrides, used by tests and by users who want a portable set-up:
``RULEBOT_DATA_DIR`` (ingested rulesets, quiz history, settings) and ``RULEBOT_CACHE_DIR``.
"""

from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

APP_NAME = "rulebot"


def _ensure_dir(path: Path, env: str) -> Path:
    """Create ``path`` if needed; raise DataError naming it (and the variable that sets it) when it
    cannot be a directory."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        from rulebot.errors import DataError

        raise DataError(f"not a directory (set {env} to a folder)", path) from None
    except OSError as exc:
        from rulebot.errors import DataError

        raise DataError(f"cannot create this folder ({exc.strerror}); set {env} to another", path) from None
    return path


def corpus_root() -> Traversable:
    """The embedded corpus: one folder per ruleset id holding ``ruleset.yaml`` and ``source.txt``."""
    return resources.files("rulebot._corpus")


def quizzes_root() -> Traversable:
    """The embedded question banks (``*.yaml``)."""
    return resources.files("rulebot._quizzes")


@lru_cache(maxsize=64)
def data_file(name: str) -> Traversable:
    """A data file shipped in ``rulebot/data`` (e.g. ``synonyms.yaml``); where the package lies does
    not change while a process runs, so it is looked up once per name."""
    return resources.files("rulebot.data").joinpath(name)


def user_data_dir() -> Path:
    """The user's data directory (created on demand): ingested rulesets, quiz history, settings."""
    env = os.environ.get("RULEBOT_DATA_DIR")
    if env:
        path = Path(env)
    else:
        from platformdirs import user_data_path

        path = user_data_path(APP_NAME, appauthor=False)
    return _ensure_dir(path, "RULEBOT_DATA_DIR")


def user_cache_dir() -> Path:
    """The user's cache directory (created on demand): the pickled clause index."""
    env = os.environ.get("RULEBOT_CACHE_DIR")
    if env:
        path = Path(env)
    else:
        from platformdirs import user_cache_path

        path = user_cache_path(APP_NAME, appauthor=False)
    return _ensure_dir(path, "RULEBOT_CACHE_DIR")


def user_rulesets_dir() -> Path:
    """Folder of rulesets the user ingested, one sub-folder per ruleset id."""
    return _ensure_dir(user_data_dir() / "rulesets", "RULEBOT_DATA_DIR")
