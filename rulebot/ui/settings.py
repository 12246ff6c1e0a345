"""The app's persisted settings: the ruleset chosen on the Ask tab and the theme.

Stored as JSON in ``<user data dir>/app-settings.json`` (see :func:`rulebot.paths.user_data_dir`),
written to a temporary file in the same folder and renamed over the old one, so a crash never leaves
half a file.  A missing or unreadable file gives the defaults: settings are a convenience, never a
reason not to start.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, replace
from pathlib import Path

FILE_NAME = "app-settings.json"


@dataclass(frozen=True)
class Settings:
    """``ruleset``: the ruleset id asked by default (None: all rulesets); ``theme``: a Textual theme
    name (None: Textual's default)."""

    ruleset: str | None = None
    theme: str | None = None

    def with_(self, **changes) -> Settings:
        """A copy with ``changes`` applied."""
        return replace(self, **changes)


def default_path() -> Path:
    """``<user data dir>/app-settings.json``."""
    from rulebot.paths import user_data_dir

    return user_data_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """The settings stored at ``path`` (default :func:`default_path`); defaults when the file is
    missing, not JSON, or holds values of the wrong type."""
    path = path or default_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    ruleset = data.get("ruleset")
    theme = data.get("theme")
    return Settings(ruleset if isinstance(ruleset, str) and ruleset else None,
                    theme if isinstance(theme, str) and theme else None)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` to ``path`` (default :func:`default_path`) atomically (temp file + rename).

    Raises OSError when the folder is not writable."""
    path = path or default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".app-settings-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(asdict(settings), fh, indent=2)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
