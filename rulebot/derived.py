"""Caching for indexes derived from the clause index (the penalty index, the signals, the signal
vocabulary): kept in memory per index object and pickled in the user's cache directory next to the
clause index, so a command starts in milliseconds.

A cached copy is used only when its key matches: a digest of the clause index's content (ids,
numbers, titles and texts of every clause) and of the code and data files that build it.
``RULEBOT_NO_CACHE=1`` skips the disk cache.  A damaged or unreadable cache file is rebuilt, and a
read-only cache directory only costs start-up time.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import weakref
from pathlib import Path
from typing import Any, Callable, TypeVar

T = TypeVar("T")

_MEMORY: dict[tuple[int, str], tuple[weakref.ref | None, str, Any]] = {}
_FINGERPRINTS: dict[int, tuple[weakref.ref, tuple, str]] = {}


def index_fingerprint(index) -> str:
    """A digest of the clause index's content (memoised per index object and its size)."""
    stamp = (len(index.clauses), tuple(index.rulesets))
    hit = _FINGERPRINTS.get(id(index))
    if hit is not None and hit[0]() is index and hit[1] == stamp:
        return hit[2]
    h = hashlib.sha1()
    for rid in index.rulesets:
        h.update(rid.encode())
        for c in index.by_ruleset(rid):
            h.update("\x1f".join((c.id, c.kind, c.number, c.title, c.text)).encode("utf-8", "replace"))
            h.update(b"\x1e")
    digest = h.hexdigest()[:16]
    try:
        _FINGERPRINTS[id(index)] = (weakref.ref(index), stamp, digest)
    except TypeError:
        pass
    return digest


def files_digest(*files: Path | str) -> str:
    """A digest of the bytes of ``files`` (a missing or unreadable file counts as ``b"-"``); a file is read
    again only when its size or modification time changed (the signals are looked up on every question)."""
    h = hashlib.sha1()
    for f in files:
        h.update(_file_digest(str(f)))
    return h.hexdigest()[:16]


_FILE_DIGESTS: dict[str, tuple[tuple[int, int, int], bytes]] = {}


def _file_digest(path: str) -> bytes:
    """The SHA-1 digest of the bytes of the file at ``path`` (b"-" when it cannot be read)."""
    try:
        st = os.stat(path)
    except OSError:
        return b"-"
    stamp = (st.st_mtime_ns, st.st_ctime_ns, st.st_size)  # a chmod changes the ctime
    hit = _FILE_DIGESTS.get(path)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    try:
        digest = hashlib.sha1(Path(path).read_bytes()).digest()
    except OSError:
        return b"-"
    _FILE_DIGESTS[path] = (stamp, digest)
    return digest


def cached(kind: str, key: str, build: Callable[[], T], index: Any = None) -> T:
    """The value ``build()`` makes, from memory or the disk cache when ``key`` matches.

    ``kind`` names the cache file (``<kind>-<key>.pickle``; older files of the same kind are
    removed); ``index``, when given, ties the memory copy to that index object.
    """
    mem_key = (id(index) if index is not None else 0, kind)
    hit = _MEMORY.get(mem_key)
    if hit is not None and hit[1] == key and (hit[0] is None or hit[0]() is index):
        return hit[2]
    value = _load(kind, key)
    if value is None:
        value = build()
        _store(kind, key, value)
    try:
        ref = weakref.ref(index) if index is not None else None
        _MEMORY[mem_key] = (ref, key, value)
    except TypeError:
        pass
    return value


def _path(kind: str, key: str) -> Path | None:
    if os.environ.get("RULEBOT_NO_CACHE"):
        return None
    try:
        from rulebot.paths import user_cache_dir

        return user_cache_dir() / f"{kind}-{key}.pickle"
    except OSError:
        return None


def _load(kind: str, key: str) -> Any:
    path = _path(kind, key)
    if path is None or not path.is_file():
        return None
    try:
        with path.open("rb") as fh:
            data = pickle.load(fh)
        if isinstance(data, tuple) and len(data) == 2 and data[0] == key:
            return data[1]
    except Exception:  # a damaged cache is rebuilt, never trusted
        pass
    return None


def _store(kind: str, key: str, value: Any) -> None:
    path = _path(kind, key)
    if path is None:
        return
    try:
        for old in path.parent.glob(f"{kind}-*.pickle"):
            old.unlink(missing_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        with tmp.open("wb") as fh:
            pickle.dump((key, value), fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except (OSError, pickle.PicklingError):
        pass
