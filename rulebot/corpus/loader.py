"""Loading rulesets: reading ``ruleset.yaml`` and ``source.txt`` from the embedded corpus and the user's
data directory, choosing the parser for the layout, and building (or loading from cache) the index."""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from rulebot.corpus.builder import ParseResult
from rulebot.corpus.index import ClauseIndex
from rulebot.errors import DataError
from rulebot.models import Ruleset

#: Bump when parser output changes, so cached indexes are rebuilt.
INDEX_FORMAT = 3

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
    contents (see :func:`_has_dotted_contents`; dot leaders in a penalty list, "- Tripping ........ 90
    sec", are none); ``outline`` when it has markdown headings, keyword headings ("Article 3", "Section 2.1"),
    lines opening with a decimal number ("3.2") or lettered items ("a)", "(b)") -- see
    :mod:`rulebot.corpus.outline`; ``numbered`` when three or more lines open with "N." or "NA.";
    ``inline`` for a few long unnumbered paragraphs, or any text in which the numbered parser finds no
    heading or numbered rule (plain paragraphs), also once a list of dot-leader lines and the sentence
    introducing it ("Penalties are as follows:" / "Tripping.............2 min", see
    :func:`rulebot.corpus.inline.dot_leader_lists`) are set aside; else ``numbered`` (headings and
    paragraphs)."""
    lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
    if len(re.findall(r"\bRULE\s+\d{3}\b", text)) >= 3:
        return "rha"
    if _has_dotted_contents(text):
        return "decimal"
    if _looks_outlined(lines):
        return "outline"
    if sum(bool(re.match(r"\d{1,3}[A-Z]?[.)]\s", ln)) for ln in lines) >= 3:
        return "numbered"
    if len(lines) <= 3 and sum(len(ln) for ln in lines) > 800:
        return "inline"
    if not _has_structure(text):
        return "inline"  # plain paragraphs ("Minor penalties are 90 seconds. ..."): one clause a sentence
    from rulebot.corpus.inline import dot_leader_lists

    listed = dot_leader_lists(lines)
    if listed and not _has_structure("\n".join(
            ln for i, ln in enumerate(lines) if i not in listed and i + 1 not in listed)):
        # paragraphs with a list of dot-leader lines after a sentence that introduces it ("Penalties are
        # as follows:" / "Tripping.............2 min" / "Fighting.............match"): the list is no
        # heading structure, the sheet is prose
        return "inline"
    return "numbered"


def _has_structure(text: str) -> bool:
    """Whether the numbered parser finds a heading with something under it or a numbered rule in
    ``text``; a heading with nothing under it is no structure (the "Dave" under an e-mail's
    "Cheers,"), nor are unnumbered paragraphs ("¶1")."""
    probe = parser_for("numbered")("probe", text, "").clauses
    parents = {c.parent for c in probe}
    return any(c.kind != "document" and not c.number.startswith("¶") and (c.kind != "section" or c.id in parents)
               for c in probe)


#: A contents entry's dot leader and page number ("GLOSSARY ........ 7", "Rink ..... 11 Goal Cages"):
#: the number ends the line or is followed by the next entry, never by a unit or a word in lower case
#: ("Tripping ........ 90 sec", "........ 1:30", "........ 2.5 min" are times, not pages).
_CONTENTS_ENTRY = re.compile(r"\.{4,}[ \t]*(\d{1,4})\b(?![ \t]*[a-z:'’]|[.,]\d)")


def _has_dotted_contents(text: str) -> bool:
    """Whether ``text`` has a dotted table of contents: three or more dot leaders ending in a page
    number (:data:`_CONTENTS_ENTRY`), on lines that are not list items, with page numbers that never
    go down (FIRS: "FOREWORD ..... 5 TERMINOLOGY ..... 6 GLOSSARY ..... 7 ...").  A list written
    with dot leaders ("- Tripping ........ 90 sec", "- Fighting ........ Match penalty", or a column of
    penalty minutes "Roughing ..... 2" / "Fighting ..... 5" / "Hooking ..... 2") is no contents."""
    pages: list[int] = []
    for line in text.split("\n"):
        if re.match(r"\s*[•▪◦·*+–-]", line):
            continue  # a bulleted list line is never a contents entry
        pages += [int(m.group(1)) for m in _CONTENTS_ENTRY.finditer(line)]
    return len(pages) >= 3 and all(a <= b for a, b in zip(pages, pages[1:]))


def _looks_outlined(lines: list[str]) -> bool:
    """Whether a document without a dotted contents is an outline (issue 7: rule sheets users
    ingest): two markdown or keyword headings, three decimal-numbered lines (two under the numbered
    rule they belong to) or two lettered items."""
    def count(pattern: str) -> int:
        return sum(bool(re.match(pattern, ln)) for ln in lines)

    # "1.1", "1.2" under a "1. Game Format" line: two sub-rules of a numbered rule are an outline too
    tops = {m.group(1) for ln in lines if (m := re.match(r"(\d{1,3})[.)]\s+\S", ln))}
    subs = [m.group(1) for ln in lines if (m := re.match(r"(\d{1,3})(?:\.\d{1,3})+\.?\s+\S", ln))]
    return (count(r"#{1,6}\s+\S") >= 2
            or count(r"(?:Article|ARTICLE|Section|SECTION|Chapter|CHAPTER|Part|PART|Rule|§)\s*\d{1,3}\b") >= 2
            or len(subs) >= 3 or (len(subs) >= 2 and set(subs) <= tops)
            or count(r"\(?[a-h][.)]\s+\S") >= 2
            or count(r"\(\d{1,2}\)\s+\S") >= 2)


#: ``ruleset.yaml`` keys that hold one text value (or nothing).
_SCALAR_KEYS = ("short_name", "governing_body", "edition", "sport", "layout", "base", "follows", "source")
_RULESET_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def read_ruleset_yaml(path, embedded: bool) -> Ruleset:
    """Read a ``ruleset.yaml`` (a Path or importlib Traversable) into a Ruleset.

    Keys: ``id`` (letters, digits, ``.``, ``_``, ``-``) and ``title`` are required; ``short_name``,
    ``governing_body``, ``edition``, ``sport``, ``base``, ``follows``, ``source`` are one value each
    (or absent); ``aliases`` a list of values; ``layout`` one of :data:`LAYOUTS` (or ``firs``).  Other
    keys are ignored (``rulebot ingest`` records an ``ingest`` block).

    Raises DataError naming the file and the line (``path:line: message``) when the file is not UTF-8,
    not YAML, not a mapping, or a key is missing or of the wrong kind."""
    import yaml

    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError("not UTF-8 text", path, raw[:exc.start].count(b"\n") + 1) from None
    from rulebot.yamlnodes import YamlSyntaxError, load_node

    try:
        node, data = load_node(text)
    except YamlSyntaxError as exc:
        raise DataError(exc.message, path, exc.line) from None
    if not isinstance(node, yaml.MappingNode) or not isinstance(data, dict):
        raise DataError("ruleset.yaml must be a mapping with at least 'id' and 'title'", path,
                        node.start_mark.line + 1 if node is not None else 1)
    lines = {k.value: k.start_mark.line + 1 for k, _v in node.value if isinstance(k, yaml.ScalarNode)}
    end_line = node.end_mark.line + 1

    def scalar(key: str, required: bool = False) -> str | None:
        value = data.get(key)
        if value is None or value == "":
            if required:
                raise DataError(f"ruleset.yaml needs {key!r}", path, lines.get(key, end_line))
            return None
        if isinstance(value, (list, dict, set)):
            raise DataError(f"{key!r} must be one value, not a {type(value).__name__}", path, lines.get(key))
        return str(value)

    rid = scalar("id", required=True)
    if not _RULESET_ID.fullmatch(rid):
        raise DataError(f"'id' {rid!r} must be letters, digits, '.', '_' or '-'", path, lines.get("id"))
    title = scalar("title", required=True)
    values = {key: scalar(key) for key in _SCALAR_KEYS}
    aliases, loose = data.get("aliases") or [], data.get("loose_aliases") or []
    for key, names in (("aliases", aliases), ("loose_aliases", loose)):
        if not isinstance(names, list) or any(isinstance(a, (list, dict, set)) or a is None for a in names):
            raise DataError(f"{key!r} must be a list of names", path, lines.get(key))
    layout = values["layout"]
    if layout is not None and layout not in (*LAYOUTS, "firs"):
        raise DataError(f"unknown layout {layout!r} (known: {', '.join(LAYOUTS)})", path, lines.get("layout"))
    return Ruleset(
        id=rid,
        title=title,
        short_name=values["short_name"] or rid,
        aliases=tuple(str(a) for a in aliases),
        loose_aliases=tuple(str(a) for a in loose),
        governing_body=values["governing_body"],
        edition=values["edition"],
        sport=values["sport"],
        layout=layout,
        base=values["base"],
        follows=values["follows"],
        embedded=embedded,
        source_path=values["source"] or "source.txt",
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
    _restore_interrupted_ingest(user)
    for entry in sorted(user.iterdir()):
        if entry.is_dir() and (entry / "ruleset.yaml").is_file():
            out.append((entry, False))
    return out


def _restore_interrupted_ingest(user: Path) -> None:
    """Put back a user ruleset that an ingest killed mid-replacement left aside (issue 8).

    :func:`rulebot.ingest.ingest_file` replaces ``rulesets/<id>`` in two renames: the old folder to
    ``ingest-staging/old-<id>-<8 hex>``, then the new one into place.  A process killed between the two
    leaves no ``rulesets/<id>``; the newest such aside is renamed back, so the previous version is
    what the next start sees.  Failures (another process restoring it first) are ignored."""
    staging = user.parent / "ingest-staging"
    if not staging.is_dir():
        return
    asides = [a for a in staging.glob("old-*") if re.fullmatch(r"old-.+-[0-9a-f]{8}", a.name)]
    for aside in sorted(asides, key=lambda a: a.stat().st_mtime, reverse=True):
        target = user / aside.name[len("old-"):-len("-12345678")]
        if target.exists() or not (aside / "ruleset.yaml").is_file():
            continue
        try:
            os.replace(aside, target)
        except OSError:
            pass


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
    """Parse every ruleset folder (``ruleset.yaml`` + source) into a fresh index (no cache).

    Raises DataError naming the file (and line) for a malformed ``ruleset.yaml`` (see
    :func:`read_ruleset_yaml`) or a source that is missing, unreadable or not UTF-8 in the embedded
    corpus; a user ruleset with such a fault is left out and its error kept in ``index.skipped``
    (one broken sheet does not stop questions to the others)."""
    index = ClauseIndex()
    for d, embedded in dirs if dirs is not None else _ruleset_dirs():
        try:
            _add_folder(index, d, embedded)
        except DataError as err:
            if embedded:
                raise
            index.skipped[d.name] = str(err)
    return index


def _add_folder(index: ClauseIndex, d, embedded: bool) -> None:
    """Parse one ruleset folder into ``index`` (see :func:`build_index`)."""
    rs = read_ruleset_yaml(d.joinpath("ruleset.yaml"), embedded)
    src = d.joinpath(rs.source_path)
    try:
        raw = src.read_bytes()
    except FileNotFoundError:
        raise DataError("source file not found", src) from None
    except OSError as exc:
        raise DataError(f"source file cannot be read ({exc.strerror or exc})", src) from None
    try:
        text = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")  # as read_text() does
    except UnicodeDecodeError as exc:
        raise DataError("source file is not UTF-8 text", src, raw[:exc.start].count(b"\n") + 1) from None
    if rs.id in index.rulesets:
        # A user ruleset may not shadow an embedded one.
        return
    index.add(rs, parse_ruleset(rs, text), text)


#: What a cache file holds: ``(CACHE_TAG, index, {derived name: version})``.
CACHE_TAG = "rulebot-index-cache"

#: ``{name: (version, build)}``: structures built from the index and cached with it; ``version`` is a
#: digest of the code that builds them (a changed version rebuilds them), ``build(index)`` makes one.
Derived = Mapping[str, tuple[str, Callable[[ClauseIndex], object]]]


def load_index(use_cache: bool = True, derived: Derived | None = None) -> ClauseIndex:
    """The clause index of the embedded corpus plus the user's ingested rulesets.

    Loads a pickled copy from the user's cache directory when the sources and the parser code are
    unchanged (start-up in milliseconds), else parses and refreshes the cache (written to a temporary
    file, then renamed).  ``RULEBOT_NO_CACHE=1`` or ``use_cache=False`` always parses.

    ``derived`` (e.g. ``{"ranker": (version, ClauseRanker)}``) names structures built from the index
    that are pickled in the same file, sharing its clauses, so a start-up loads them instead of
    building them: on return each is in ``index.derived[name]``, loaded when the cache holds it with
    the same version, else built (and the cache rewritten once).  Structures cached earlier but not
    asked for are kept in ``index.derived`` too.
    """
    from rulebot import paths

    wanted = dict(derived or {})
    dirs = _ruleset_dirs()
    if not use_cache or os.environ.get("RULEBOT_NO_CACHE"):
        index = build_index(dirs)
        _build_derived(index, {}, wanted)
        return _note_skipped(index)
    key = _fingerprint(dirs)
    cache = paths.user_cache_dir() / f"index-{key}.pickle"
    loaded = _read_cache(cache)
    if loaded is not None:
        index, versions = loaded
        if not _build_derived(index, versions, wanted):
            return _note_skipped(index)
    else:
        index, versions = build_index(dirs), {}
        _build_derived(index, versions, wanted)
    _write_cache(cache, index, versions)
    return _note_skipped(index)


_SKIPPED: dict[str, str] = {}


def _note_skipped(index: ClauseIndex) -> ClauseIndex:
    _SKIPPED.clear()
    _SKIPPED.update(index.skipped)
    return index


def skipped_rulesets() -> dict[str, str]:
    """The user ruleset folders the last :func:`load_index` of this process left out, folder -> error
    (see :func:`build_index`); the CLI warns of them."""
    return dict(_SKIPPED)


def _build_derived(index: ClauseIndex, versions: dict[str, str], wanted: dict) -> bool:
    """Build the wanted structures the index does not hold at their version; True when any was built."""
    built = False
    for name, (version, build) in wanted.items():
        if versions.get(name) == version and name in index.derived:
            continue
        index.derived[name] = build(index)
        versions[name] = version
        built = True
    return built


def _read_cache(cache: Path) -> tuple[ClauseIndex, dict[str, str]] | None:
    """``(index, derived versions)`` from a cache file, or None when it is missing or unusable."""
    import gc

    if not cache.is_file():
        return None
    enabled = gc.isenabled()
    gc.disable()  # unpickling makes ~10^6 objects, none of them garbage: no collections meanwhile
    try:
        with cache.open("rb") as fh:
            data = pickle.load(fh)
    except Exception:  # a damaged cache is rebuilt, never trusted
        return None
    finally:
        if enabled:
            gc.enable()
    if (isinstance(data, tuple) and len(data) == 3 and data[0] == CACHE_TAG
            and isinstance(data[1], ClauseIndex) and isinstance(data[2], dict)):
        index, versions = data[1], dict(data[2])
        # keep only the versions of what is really there
        return index, {k: v for k, v in versions.items() if k in index.derived}
    return None


def _write_cache(cache: Path, index: ClauseIndex, versions: dict[str, str]) -> None:
    """Replace every cached index by this one (temporary file, then rename); a read-only cache
    directory only costs start-up time."""
    try:
        for old in cache.parent.glob("index-*.pickle"):
            old.unlink(missing_ok=True)
        for stale in cache.parent.glob("index-*.tmp*"):  # left by a process killed mid-write
            if time.time() - stale.stat().st_mtime > 600:
                stale.unlink(missing_ok=True)
        tmp = cache.with_suffix(f".tmp{os.getpid()}")
        with tmp.open("wb") as fh:
            pickle.dump((CACHE_TAG, index, versions), fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, cache)
    except Exception:  # noqa: BLE001 - an unwritable cache (full disk, unpicklable value) only costs time
        try:
            tmp.unlink(missing_ok=True)
        except (OSError, NameError):
            pass
