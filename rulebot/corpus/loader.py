"""Loading rulesets: reading ``ruleset.yaml`` and ``source.txt`` from the embedded corpus and the user's
data directory, choosing the parser for the layout, and building (or loading from cache) the index."""

from __future__ import annotations

import hashlib
import os
import pickle
import re
from collections.abc import Callable
from pathlib import Path

from rulebot.corpus.builder import ParseResult
from rulebot.corpus.index import ClauseIndex
from rulebot.errors import DataError
from rulebot.models import Ruleset

#: Bump when parser output changes, so cached indexes are rebuilt.
INDEX_FORMAT = 1

LAYOUTS = ("decimal", "rha", "numbered", "inline", "outline")


def parser_for(layout: str) -> Callable[[str, str, str], ParseResult]:
    """The parse function for a layout name (``decimal``/``firs``, ``rha``, ``numbered``, ``inline``).

    Raises DataError for an unknown layout."""
    if layout in ("decimal", "firs"):
        from rulebot.corpus.decimal import parse_decimal
        return parse_decimal
    if layout == "rha":
        from rulebot.corpus.rha import parse_rha
        return parse_rha
    if layout == "numbered":
        from rulebot.corpus.numbered import parse_numbered
        return parse_numbered
    if layout == "inline":
        from rulebot.corpus.inline import parse_inline
        return parse_inline
    if layout == "outline":
        from rulebot.corpus.outline import parse_outline
        return parse_outline
    raise DataError(f"unknown layout {layout!r} (known: {', '.join(LAYOUTS)})")


def detect_layout(text: str) -> str:
    """Guess a document's numbering style from its text.

    ``rha`` when it has three or more "RULE nnn" headings; ``decimal`` when it has a dotted table of
    contents; ``outline`` when it has markdown headings, keyword headings ("Article 3", "Section 2.1"),
    lines opening with a decimal number ("3.2") or lettered items ("a)", "(b)") -- see
    :mod:`rulebot.corpus.outline`; ``numbered`` when three or more lines open with "N." or "NA.";
    ``inline`` for a few long unnumbered paragraphs; else ``numbered`` (headings and paragraphs)."""
    lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
    if len(re.findall(r"\bRULE\s+\d{3}\b", text)) >= 3:
        return "rha"
    if re.search(r"\.{4,}\s*\d+", text):
        return "decimal"
    if _looks_outlined(lines):
        return "outline"
    if sum(bool(re.match(r"\d{1,3}[A-Z]?[.)]\s", ln)) for ln in lines) >= 3:
        return "numbered"
    if len(lines) <= 3 and sum(len(ln) for ln in lines) > 800:
        return "inline"
    return "numbered"


def _looks_outlined(lines: list[str]) -> bool:
    """Whether a document without a dotted contents is an outline (issue 7: rule sheets users
    ingest): two markdown or keyword headings, three decimal-numbered lines or two lettered items."""
    def count(pattern: str) -> int:
        return sum(bool(re.match(pattern, ln)) for ln in lines)

    return (count(r"#{1,6}\s+\S") >= 2
            or count(r"(?:Article|ARTICLE|Section|SECTION|Chapter|CHAPTER|Part|PART|Rule|§)\s*\d{1,3}\b") >= 2
            or count(r"\d{1,3}(?:\.\d{1,3})+\.?\s+\S") >= 3
            or count(r"\(?[a-h][.)]\s+\S") >= 2
            or count(r"\(\d{1,2}\)\s+\S") >= 2)


def read_ruleset_yaml(path, embedded: bool) -> Ruleset:
    """Read a ``ruleset.yaml`` (a Path or importlib Traversable) into a Ruleset.

    Raises DataError naming the file (and line, for YAML syntax errors) when it is malformed."""
    import yaml

    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        raise DataError(f"invalid YAML: {getattr(exc, 'problem', exc)}", path,
                        None if line is None else line + 1) from None
    if not isinstance(data, dict) or not data.get("id") or not data.get("title"):
        raise DataError("ruleset.yaml needs at least 'id' and 'title'", path, 1)
    aliases = data.get("aliases") or []
    if not isinstance(aliases, list):
        raise DataError("'aliases' must be a list", path)
    return Ruleset(
        id=str(data["id"]),
        title=str(data["title"]),
        short_name=str(data.get("short_name") or data["id"]),
        aliases=tuple(str(a) for a in aliases),
        governing_body=data.get("governing_body"),
        edition=None if data.get("edition") is None else str(data.get("edition")),
        sport=data.get("sport"),
        layout=data.get("layout"),
        base=data.get("base"),
        follows=data.get("follows"),
        embedded=embedded,
        source_path=str(data.get("source") or "source.txt"),
    )


def parse_ruleset(ruleset: Ruleset, text: str) -> ParseResult:
    """Parse one ruleset's source text with its layout's parser (detected when not set)."""
    layout = ruleset.layout or detect_layout(text)
    # The root clause's title comes from the source itself (its title line), not from ruleset.yaml.
    return parser_for(layout)(ruleset.id, text, "")


def _ruleset_dirs() -> list[tuple[object, bool]]:
    from rulebot import paths

    out: list[tuple[object, bool]] = []
    root = paths.corpus_root()
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.is_dir() and entry.joinpath("ruleset.yaml").is_file():
            out.append((entry, True))
    user = paths.user_rulesets_dir()
    for entry in sorted(user.iterdir()):
        if entry.is_dir() and (entry / "ruleset.yaml").is_file():
            out.append((entry, False))
    return out


def _fingerprint(dirs: list[tuple[object, bool]]) -> str:
    h = hashlib.sha256(f"rulebot-index-{INDEX_FORMAT}".encode())
    # The parsers' own code is part of the key, so a code change rebuilds the cache.
    for mod in sorted(Path(__file__).parent.glob("*.py")):
        h.update(mod.read_bytes())
    for d, _embedded in dirs:
        for name in ("ruleset.yaml", "source.txt"):
            f = d.joinpath(name)
            if f.is_file():
                h.update(str(d).encode())
                h.update(f.read_bytes())
    return h.hexdigest()[:24]


def build_index(dirs: list[tuple[object, bool]] | None = None) -> ClauseIndex:
    """Parse every ruleset folder (``ruleset.yaml`` + source) into a fresh index (no cache)."""
    index = ClauseIndex()
    for d, embedded in dirs if dirs is not None else _ruleset_dirs():
        rs = read_ruleset_yaml(d.joinpath("ruleset.yaml"), embedded)
        src = d.joinpath(rs.source_path)
        try:
            text = src.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DataError("source file not found", src) from None
        if rs.id in index.rulesets:
            # A user ruleset may not shadow an embedded one.
            continue
        index.add(rs, parse_ruleset(rs, text), text)
    return index


def load_index(use_cache: bool = True) -> ClauseIndex:
    """The clause index of the embedded corpus plus the user's ingested rulesets.

    Loads a pickled copy from the user's cache directory when the sources and the parser code are
    unchanged (start-up in milliseconds), else parses and refreshes the cache (written to a temporary
    file, then renamed).  ``RULEBOT_NO_CACHE=1`` or ``use_cache=False`` always parses.
    """
    from rulebot import paths

    dirs = _ruleset_dirs()
    if not use_cache or os.environ.get("RULEBOT_NO_CACHE"):
        return build_index(dirs)
    key = _fingerprint(dirs)
    cache = paths.user_cache_dir() / f"index-{key}.pickle"
    if cache.is_file():
        try:
            with cache.open("rb") as fh:
                index = pickle.load(fh)
            if isinstance(index, ClauseIndex):
                return index
        except Exception:  # a damaged cache is rebuilt, never trusted
            pass
    index = build_index(dirs)
    try:
        for old in cache.parent.glob("index-*.pickle"):
            old.unlink(missing_ok=True)
        tmp = cache.with_suffix(f".tmp{os.getpid()}")
        with tmp.open("wb") as fh:
            pickle.dump(index, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, cache)
    except OSError:
        pass  # a read-only cache directory only costs start-up time
    return index
