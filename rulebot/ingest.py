"""Bringing your own rules (issue 7): read a tournament's rule sheet (``.pdf``, ``.txt``, ``.md``),
store it as a user ruleset, remove it again.

A user ruleset is a folder ``<user data dir>/rulesets/<id>/`` holding ``source.txt`` (the extracted
text, what the parsers read) and ``ruleset.yaml`` (id, title, layout, ``base`` for layering, and an
``ingest`` block recording the file: name, format, SHA-256, pages and pages without text).
:func:`rulebot.corpus.loader.load_index` picks it up on the next start.

Guarantees:

- **idempotent**: the same file with the same options writes byte-identical files; a second ingest
  finds them equal and writes nothing (status ``"unchanged"``);
- **atomic**: the folder is written in a staging folder beside ``rulesets/`` and renamed into place,
  so a failure leaves either the old ruleset or the new one, never a mix or a half-written folder;
- **refusals** are one-line errors naming the file: a missing file (NotFoundError), an unsupported
  type, an id that is not a slug or is a built-in ruleset, an unknown ``--base`` (UsageError); an empty,
  binary, huge or unreadable file, a PDF with no text layer (DataError, suggesting OCR), or text in
  which the parser finds no clause (DataError).
"""

from __future__ import annotations

import codecs
import hashlib
import os
import re
import shutil
import uuid
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from rulebot.corpus.builder import FOLLOWS
from rulebot.errors import DataError, NotFoundError, UsageError
from rulebot.models import Ruleset

#: Largest text or markdown file accepted (bytes): the FIRS rulebook is 150 KB.
MAX_TEXT_BYTES = 5_000_000
#: Largest PDF accepted (bytes) and most pages read.
MAX_PDF_BYTES = 50_000_000
MAX_PDF_PAGES = 500
#: Fewest words a rule text must have.
MIN_WORDS = 5
SUFFIXES = (".pdf", ".txt", ".md", ".markdown", ".text")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,47}$")
_LIGATURES = {"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "\u00ad": "", "\u00a0": " "}
_PAGE_NUMBER = re.compile(r"(?:page\s*)?[-–]?\s*\d{1,4}\s*[-–]?(?:\s*(?:of|/)\s*\d{1,4})?", re.I)


@dataclass(frozen=True)
class Extracted:
    """Text read from a file: ``text`` (``\\n`` line ends), ``format`` ("pdf", "txt", "md"),
    ``pages`` and ``empty_pages`` (1-based) for PDFs, ``removed`` page-furniture lines dropped."""

    text: str
    format: str
    pages: int | None = None
    empty_pages: tuple[int, ...] = ()
    removed: tuple[str, ...] = ()


@dataclass(frozen=True)
class IngestResult:
    """What :func:`ingest_file` did: ``status`` is "added", "replaced" or "unchanged"; ``path`` the
    ruleset folder; ``report`` the parse report (:class:`rulebot.corpus.report.ParseReport`)."""

    ruleset: Ruleset
    status: str
    path: Path
    report: object
    meta: dict = field(default_factory=dict)
    #: The file the ruleset was ingested from before ("rules-v1.pdf"), None for a new one.
    previous_file: str | None = None


# ---------------------------------------------------------------------------------------- reading


#: Words of which a rule sheet uses at least one: a text without any is no rule sheet (a note, a letter).
_GAME_WORDS = frozenset("""penalty penalties penalized player players team teams game games goal goals goalie goalies
    goalkeeper goalkeepers goaltender goaltenders referee referees official officials minute minutes second seconds
    period periods half halves puck pucks ball stick sticks rink floor ice shot shots score scored scores overtime
    shootout shoot-out forfeit forfeits roster rosters tie tied ties points face-off faceoff face-offs faceoffs bench
    box coach coaches captain captains skater skaters match matches tournament league rule rules icing offside
    offsides check checking checks contact slapshot slapshots mercy hockey helmet helmets goaltending""".split())


#: ... where it is played, which a note about the day names too ("see you Saturday at the rink").
_PLACE_WORDS = frozenset("rink ice floor hockey tournament league".split())
#: A text with game words is a rule sheet when it says how something must be ("Body checking is not
#: allowed", "Games are 2 x 20 minutes") or names this many game words.
GAME_WORDS_ALONE = 3
_RULE_CUE = re.compile(r"\b(?:must|shall|may|will be|not allowed|allowed|prohibited|penalt\w*|forfeit\w*|minutes?"
                       r"|seconds?|\d+)\b", re.I)


def _clean(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    for bad, good in _LIGATURES.items():
        text = text.replace(bad, good)
    return text


def _check_text(text: str, path: Path) -> None:
    """Refuse text that is not rule text: no words, or mostly control characters."""
    if not text.strip():
        raise DataError("the file is empty (no text to ingest)", path)
    sample = text[:20000]
    control = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\n\t\f")
    if control > 0.01 * len(sample):
        raise DataError("this is a binary file, not rule text (use .pdf, .txt or .md)", path)
    words = re.findall(r"[A-Za-z0-9]+", text)  # "1. Minor penalties are 90 seconds." is 6 words
    if len(words) < MIN_WORDS:
        raise DataError(f"too little text to be a rule sheet ({len(words)} word{'s' if len(words) != 1 else ''})",
                        path)
    table = _table_of_values(text)
    if table is not None:
        raise DataError(f"this looks like a table of values (CSV), not rule text: {table[1]!r}", path, table[0])


#: A line of a table of values: two or more short fields split by a comma, semicolon or tab, and no
#: sentence ("Hawks,Smith,12").
_RECORD = re.compile(r"^[^,;\t.!?]{0,40}(?:[,;\t][^,;\t.!?]{0,40})+$")


def _table_of_values(text: str) -> tuple[int, str] | None:
    """``(line number, line)`` of the first line of a text that is a table of values (a CSV roster or
    schedule: at least 3 lines, 80 % of them records with the same number of fields), else None."""
    lines = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    if len(lines) < 3:
        return None
    records = [(n, ln) for n, ln in lines if _RECORD.match(ln) and len(ln.split()) <= 3 * len(re.split(r"[,;\t]", ln))]
    if len(records) < 0.8 * len(lines):
        return None
    widths = Counter(len(re.split(r"[,;\t]", ln)) for _, ln in records)
    return lines[0] if widths.most_common(1)[0][1] >= 0.8 * len(lines) else None


def read_text_file(path: Path, fmt: str) -> Extracted:
    """Read a ``.txt`` / ``.md`` file (UTF-8, UTF-16 with its byte-order mark, else Windows-1252).
    Raises DataError for a binary, huge or empty file."""
    size = path.stat().st_size
    if size == 0:
        raise DataError("the file is empty (no text to ingest)", path)
    if size > MAX_TEXT_BYTES:
        raise DataError(f"the file is too large for a rule sheet ({size / 1e6:.1f} MB; at most "
                        f"{MAX_TEXT_BYTES / 1e6:.0f} MB of text)", path)
    data = path.read_bytes()
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # Notepad's "Unicode"
        try:
            data = data.decode("utf-16").encode("utf-8")
        except UnicodeDecodeError:
            raise DataError("this file starts like UTF-16 text but is not (use .pdf, .txt or .md)", path) from None
    if b"\x00" in data[:8192]:
        raise DataError("this is a binary file, not rule text (use .pdf, .txt or .md)", path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
        if text.count("\ufffd") > 0.001 * len(text) + 2:
            raise DataError("this is a binary file or an unknown encoding, not UTF-8 rule text", path) from None
    text = _clean(text)
    _check_text(text, path)
    return Extracted(text=text, format=fmt)


def _page_furniture(pages: list[list[str]]) -> tuple[list[list[str]], list[str]]:
    """Drop page numbers ("3", "Page 3 of 8", "- 3 -") and running headers/footers (a first or last
    line repeated, digits aside, on at least half of the pages and at least twice) from each page's
    lines.  Returns the pages and the lines removed."""
    def norm(line: str) -> str:
        return re.sub(r"\d+", "#", line.strip().lower())

    edges: Counter[str] = Counter()
    for lines in pages:
        ends = {norm(ln) for ln in lines[:2] + lines[-2:] if ln.strip()}
        edges.update(ends)
    text_pages = sum(1 for p in pages if p)
    repeated = {k for k, n in edges.items() if n >= 2 and n * 2 >= text_pages and len(k) <= 80}
    removed: list[str] = []
    out: list[list[str]] = []
    for lines in pages:
        keep: list[str | None] = list(lines)
        for idx in sorted({i for i in (0, 1, len(keep) - 2, len(keep) - 1) if 0 <= i < len(keep)}):
            line = (keep[idx] or "").strip()
            if line and (_PAGE_NUMBER.fullmatch(line) or norm(line) in repeated):
                removed.append(line)
                keep[idx] = None
        out.append([ln for ln in keep if ln is not None])
    return out, removed


def read_pdf(path: Path) -> Extracted:
    """Extract a PDF's text layer with pypdf, page by page, dropping page numbers and running
    headers/footers.  Raises DataError for an unreadable, encrypted, huge or text-less (scanned) PDF."""
    size = path.stat().st_size
    if size == 0:
        raise DataError("the file is empty (no text to ingest)", path)
    if size > MAX_PDF_BYTES:
        raise DataError(f"the PDF is too large for a rule sheet ({size / 1e6:.1f} MB; at most "
                        f"{MAX_PDF_BYTES / 1e6:.0f} MB)", path)
    with path.open("rb") as fh:
        if not fh.read(1024).lstrip().startswith(b"%PDF-"):
            raise DataError("not a PDF file (it does not start with %PDF-)", path)
    import logging

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError, PyPdfError

    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted and not reader.decrypt(""):
            raise DataError("the PDF is password-protected; save an unprotected copy and ingest that", path)
        n = len(reader.pages)
    except (PdfReadError, PyPdfError, ValueError, KeyError, TypeError) as exc:
        raise DataError(f"not a readable PDF ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})",
                        path) from None
    if n > MAX_PDF_PAGES:
        raise DataError(f"the PDF has {n} pages; a rule sheet has at most {MAX_PDF_PAGES}", path)
    pages: list[list[str]] = []
    empty: list[int] = []
    for i in range(n):
        try:
            text = reader.pages[i].extract_text() or ""
        except Exception:  # noqa: BLE001 - one bad page must not stop the rest
            text = ""
        text = _clean(text)
        if not re.search(r"[A-Za-z]{2,}", text):
            empty.append(i + 1)
            pages.append([])
            continue
        pages.append([ln.rstrip() for ln in text.split("\n")])
    if len(empty) == n:
        raise DataError(f"no text in {'its page' if n == 1 else f'any of its {n} pages'}: this looks like a "
                        "scanned document; run OCR (e.g. `ocrmypdf in.pdf out.pdf`) and ingest the result", path)
    pages, removed = _page_furniture(pages)
    text = "\n".join("\n".join(p) for p in pages if p).strip() + "\n"
    _check_text(text, path)
    return Extracted(text=text, format="pdf", pages=n, empty_pages=tuple(empty), removed=tuple(removed))


def extract(path: str | os.PathLike) -> Extracted:
    """Read a rule file by its type (``.pdf``; ``.txt``/``.text``; ``.md``/``.markdown``).  A file that
    starts with ``%PDF-`` is read as a PDF whatever its name.

    Raises NotFoundError for a missing file, UsageError for another type, DataError for a file that
    is not rule text (see the module docstring)."""
    p = Path(path)
    if not p.exists():
        raise NotFoundError(f"{p}: no such file")
    if not p.is_file():
        raise UsageError(f"{p}: not a file")
    suffix = p.suffix.lower()
    with p.open("rb") as fh:
        head = fh.read(8)
    if suffix == ".pdf" or head.startswith(b"%PDF-"):
        return read_pdf(p)
    if suffix in (".txt", ".text", ""):
        return read_text_file(p, "txt")
    if suffix in (".md", ".markdown"):
        return read_text_file(p, "md")
    raise UsageError(f"{p}: unsupported file type {suffix!r} (ingest .pdf, .txt or .md; save other "
                     "documents as PDF first)")


# ---------------------------------------------------------------------------------------- storing


def slug(text: str) -> str:
    """A ruleset id from a file name or title: lower case, a-z0-9 and hyphens, at most 48 characters;
    accented letters lose their accents ("Fall Fête Rules" -> "fall-fete-rules")."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    s = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:48].strip("-")
    return s or "my-rules"


#: The words after a sheet's name in its title ("Spring Classic 2025 - Tournament Rules"): answers say
#: "the Spring Classic 2025 rules", not "the ... Tournament Rules rules".
_RULES_SUFFIX = re.compile(r"[\s:,–—-]*\b(?:(?:official|tournament|league|game|playing)\s+)*"
                           r"(?:rules?|rule ?book|regulations)(?:\s+of\s+(?:play|the\s+game))?\s*$", re.I)


def short_name(title: str, rid: str) -> str:
    """A ruleset's short name from its title: the title without a closing "(Tournament) Rules" ("Fall
    Fête Rules" -> "Fall Fête"), or ``rid`` when that leaves nothing or more than 32 characters."""
    short = _RULES_SUFFIX.sub("", title).strip()
    return short if short and len(short) <= 32 else rid


#: The sport or format after a sheet's name ("Summer Slam Inline", "Fall Classic Ball Hockey", "Metro
#: 3-on-3 Tournament"): the name is also said without it ("at summer slam").
_SPORT_SUFFIX = re.compile(r"\s+(?:(?:inline|in-line|roller|ball|street|floor|dek|ice|youth|adult|3-on-3|"
                           r"4-on-4)\s+)*(?:inline|in-line|roller|hockey|tournament|league|event|festival)$",
                           re.I)


#: A season or year before or after a sheet's name ("Lakeside Summer Slam 2025", "2025-26 Metro Cup").
_YEAR = re.compile(r"^\s*(?:19|20)\d\d(?:[/-]\d\d(?:\d\d)?)?\s+|\s+(?:19|20)\d\d(?:[/-]\d\d(?:\d\d)?)?\s*$")


def name_aliases(short: str) -> list[str]:
    """Other names a sheet is asked by: its short name without its year ("Lakeside Summer Slam 2025" ->
    "Lakeside Summer Slam") or the sport or format at its end ("Summer Slam Inline" -> "Summer Slam"), or
    both, when two or more words remain; else []."""
    out: list[str] = []
    for name in dict.fromkeys((_YEAR.sub("", short).strip(), short)):
        for alias in (name, _SPORT_SUFFIX.sub("", name).strip()):
            if alias != short and len(alias.split()) >= 2 and alias not in out:
                out.append(alias)
    return out


def _embedded_ids() -> set[str]:
    from rulebot import paths

    root = paths.corpus_root()
    return {e.name for e in root.iterdir() if e.is_dir() and e.joinpath("ruleset.yaml").is_file()}


def resolve_base(base: str, own_id: str) -> str:
    """The ruleset id ``base`` names (an id, short name or alias, any case).  Raises UsageError when
    nothing is loaded under that name, or when it is the ruleset itself."""
    from rulebot.corpus import load_index

    index = load_index()
    want = base.strip().lower()
    found = None
    for rs in index.rulesets.values():
        names = {rs.id.lower(), rs.short_name.lower(), *(a.lower() for a in rs.aliases)}
        if want in names:
            found = rs.id
            if rs.id.lower() == want:
                break
    if found is None:
        raise UsageError(f"--base {base!r}: no such ruleset (known: {', '.join(sorted(index.rulesets))})")
    if found == own_id:
        raise UsageError(f"--base {base!r}: a ruleset cannot be layered over itself")
    under, seen = index.rulesets[found].base, {found}
    while under and under not in seen:  # x over y over x: each would answer "not covered" for the other
        if under == own_id:
            raise UsageError(f"--base {base!r}: {found} is itself layered over {own_id}; that would be a loop")
        seen.add(under)
        under = index.rulesets[under].base if under in index.rulesets else None
    return found


def _follows(text: str) -> str | None:
    """The sentence among the first 40 lines that says which rules apply otherwise ("Hockey Canada
    rules apply except as stated below."), or None."""
    lines = [ln.strip() for ln in text.split("\n") if ln.strip()][:40]
    for line in lines:
        for sentence in re.split(r"(?<=[.!?])\s+", line):
            if FOLLOWS.search(sentence) and len(sentence.split()) <= 60:
                return sentence
    return None


def _yaml_text(data: dict) -> str:
    import yaml

    return "# Written by `rulebot ingest`; edit title, short_name, aliases, loose_aliases or base freely.\n" + yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=100)


def _write(path: Path, text: str) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())


def _staging_root() -> Path:
    from rulebot import paths

    root = paths.user_data_dir() / "ingest-staging"
    root.mkdir(parents=True, exist_ok=True)
    return root


def _swap_in(staged: Path, target: Path) -> None:
    """Rename ``staged`` to ``target``; an existing ``target`` is first renamed aside and deleted after,
    or renamed back when the second rename fails (so a failure keeps the old ruleset)."""
    if not target.exists():
        os.replace(staged, target)
        return
    aside = staged.parent / f"old-{target.name}-{uuid.uuid4().hex[:8]}"
    os.replace(target, aside)
    try:
        os.replace(staged, target)
    except BaseException:
        os.replace(aside, target)
        raise
    shutil.rmtree(aside, ignore_errors=True)


def _stored_settings(rid: str) -> dict:
    """The settings of the user ruleset ``rid`` as stored (its ruleset.yaml), {} when there is none or
    it cannot be read."""
    import yaml

    from rulebot import paths

    try:
        data = yaml.safe_load((paths.user_rulesets_dir() / rid / "ruleset.yaml").read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    return data if isinstance(data, dict) else {}


def ingest_file(path: str | os.PathLike, ruleset_id: str | None = None, title: str | None = None,
                base: str | None = None) -> IngestResult:
    """Read ``path``, parse it, and store it as user ruleset ``ruleset_id`` (default: the file name
    as a slug) layered over ``base`` (an id or name of a loaded ruleset; None keeps the base a
    re-ingested ruleset had, "none" drops it).  The aliases, governing body, edition and sport written
    into a stored ruleset.yaml are kept.

    ``title`` defaults to the document's own title line, else the file name.  Returns an
    :class:`IngestResult`; raises the errors listed in the module docstring.  Nothing is written
    when the stored ruleset is already identical (idempotent) or when anything fails (atomic)."""
    from rulebot import paths
    from rulebot.corpus.loader import detect_layout
    from rulebot.corpus.report import report_for_text

    src = Path(path)
    rid = ruleset_id.strip() if ruleset_id is not None else slug(src.stem)
    if not _ID.match(rid):
        raise UsageError(f"--id {rid!r}: use lower-case letters, digits and hyphens (e.g. spring-cup-2024)")
    if rid in _embedded_ids():
        raise UsageError(f"{rid!r} is a built-in ruleset and cannot be overwritten; choose another --id")
    extracted = extract(src)
    text = extracted.text
    kept = _stored_settings(rid)
    if base is None:
        base_id = kept.get("base")  # a re-ingest keeps the base it had ("--base none" drops it)
    elif base.strip().lower() in ("none", ""):
        base_id = None
    else:
        base_id = resolve_base(base, rid)
    layout = detect_layout(text)
    meta = {
        "file": src.name,
        "format": extracted.format,
        "sha256": hashlib.sha256(src.read_bytes()).hexdigest(),
    }
    if extracted.pages is not None:
        meta.update(pages=extracted.pages, pages_without_text=list(extracted.empty_pages),
                    removed_lines=len(extracted.removed))
    draft = Ruleset(id=rid, title=title or rid, short_name=rid, layout=layout, base=base_id,
                    embedded=False, source_path="source.txt")
    report, idx = report_for_text(draft, text, meta)
    if report.clauses == 0:
        # a sheet the parser finds no rule in would answer nothing: refuse it rather than store it
        raise DataError(f"no rule found in the text (read as layout {layout!r}: nothing looks like a numbered "
                        "rule, a heading or a sentence of rules); nothing was saved", src)
    text_all = " ".join(c.text for c in idx.by_ruleset(rid))
    said = {w for w in re.findall(r"[a-z-]+", text_all.lower()) if w in _GAME_WORDS and w not in _PLACE_WORDS}
    named = {w[:-1] if w.endswith("s") else w for w in said}  # "player" and "players" are one word
    if not named or (len(named) < GAME_WORDS_ALONE and not _RULE_CUE.search(text_all)):
        # "Hi all, see you Saturday at the rink!", "Good luck to all teams, see you at the game!":
        # sentences, but none a rule of a game
        raise DataError("no rule found in the text (no sentence reads as a rule about players, teams, penalties, "
                        "goals or game time); nothing was saved", src)
    doc_title = (idx.get(f"{rid}:").title if idx.get(f"{rid}:") else "") or ""
    final_title = (title or doc_title or src.stem).strip()
    short = short_name(final_title, rid)
    before = kept.get("ingest") if isinstance(kept.get("ingest"), dict) else {}
    previous_file = before.get("file")
    meta["title"] = final_title  # the title ingest gave it, to tell an edited one
    stored = kept.get("title").strip() if isinstance(kept.get("title"), str) else ""
    if title is None and previous_file == src.name and stored and stored not in (
            before.get("title"), final_title, src.stem, rid):
        # the same sheet again: a title and short name written into ruleset.yaml stay
        final_title = stored
        kept_short = kept.get("short_name")
        short = kept_short.strip() if isinstance(kept_short, str) and kept_short.strip() else short
    data = {
        "id": rid,
        "title": final_title,
        "short_name": short,
        # what the user wrote into ruleset.yaml stays through a re-ingest
        "aliases": kept.get("aliases") or name_aliases(short),
        **({"loose_aliases": kept["loose_aliases"]} if kept.get("loose_aliases") else {}),
        "governing_body": kept.get("governing_body"),
        "edition": kept.get("edition"),
        "sport": kept.get("sport"),
        "layout": layout,
        "base": base_id,
        "follows": _follows(text),
        "source": "source.txt",
        "ingest": meta,
    }
    ruleset = Ruleset(id=rid, title=final_title, short_name=short, layout=layout, base=base_id,
                      follows=data["follows"], embedded=False, source_path="source.txt")
    report = replace(report, title=final_title)
    yaml_text = _yaml_text(data)
    target = paths.user_rulesets_dir() / rid
    if target.is_dir():
        try:
            same = ((target / "ruleset.yaml").read_text(encoding="utf-8") == yaml_text
                    and (target / "source.txt").read_text(encoding="utf-8") == text)
        except (OSError, UnicodeDecodeError):  # a saved copy damaged since: replaced, not compared
            same = False
        if same:
            return IngestResult(ruleset, "unchanged", target, report, meta, previous_file)
    status = "replaced" if target.exists() else "added"
    staged = _staging_root() / f"new-{rid}-{uuid.uuid4().hex[:8]}"
    try:
        staged.mkdir()
        _write(staged / "source.txt", text)
        _write(staged / "ruleset.yaml", yaml_text)
        _swap_in(staged, target)
    except OSError as exc:
        raise DataError(f"could not store the ruleset ({exc.strerror or exc}); nothing was changed",
                        target) from exc
    finally:
        if staged.exists():
            shutil.rmtree(staged, ignore_errors=True)
    return IngestResult(ruleset, status, target, report, meta, previous_file)


def named_base(ruleset: Ruleset) -> str | None:
    """The loaded ruleset a sheet's own words say it amends ("The RHA rule book applies except as
    amended below." -> "rha"), found by the names and aliases questions use; None when the sheet names
    none, or several."""
    if not ruleset.follows:
        return None
    from rulebot.corpus import load_index
    from rulebot.search.query import parse_query

    named = [r for r in parse_query(load_index(), ruleset.follows, loose=False).rulesets if r != ruleset.id]
    return named[0] if len(named) == 1 else None


def remove_ruleset(ruleset_id: str) -> tuple[Path, list[str]]:
    """Delete user ruleset ``ruleset_id`` (renamed aside, then deleted, so it vanishes at once).

    Returns the folder removed and the ids of user rulesets that were layered over it: they lose
    their base (``base`` is taken out of their ruleset.yaml, written to a temporary file and renamed).
    A ruleset whose ruleset.yaml cannot be read is removed by its folder name.  Raises UsageError for a
    built-in ruleset, NotFoundError for an unknown one."""
    import yaml

    from rulebot import paths

    if ruleset_id in _embedded_ids():
        raise UsageError(f"{ruleset_id!r} is a built-in ruleset and cannot be removed")
    root = paths.user_rulesets_dir()
    target = root / ruleset_id if (root / ruleset_id / "ruleset.yaml").is_file() else None
    dependants: dict[Path, dict] = {}
    for entry in sorted(root.iterdir()) if root.is_dir() else ():
        f = entry / "ruleset.yaml"
        if not f.is_file():
            continue
        try:
            data = yaml.safe_load(f.read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError):
            continue
        if not isinstance(data, dict):
            continue
        if str(data.get("id")) == ruleset_id:
            target = entry
        elif data.get("base") == ruleset_id:
            dependants[f] = data
    if target is None:
        raise NotFoundError(f"no ruleset {ruleset_id!r} of yours to remove (see `rulebot rulesets`)")
    aside = _staging_root() / f"removed-{target.name}-{uuid.uuid4().hex[:8]}"
    os.replace(target, aside)
    shutil.rmtree(aside, ignore_errors=True)
    for f, data in dependants.items():
        data = {k: v for k, v in data.items() if k != "base"}
        temp = f.with_name(f".ruleset-{uuid.uuid4().hex[:8]}.yaml")
        _write(temp, _yaml_text(data))
        os.replace(temp, f)
    return target, [str(d.get("id")) for d in dependants.values()]
