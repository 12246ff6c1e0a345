"""Question banks: load ``quizzes/<ruleset>-l<level>.yaml`` files and validate them against the schema
in ``quizzes/README.md``.

Every problem is reported with the file and the line it is on (``path:line: message``): the YAML is
composed into a node tree first, so each question and each field keeps the line it starts on, and
pydantic's error locations (``("questions", 3, "answer")``) are mapped back to those nodes.

Shapes:

- :class:`Cite` -- ``ruleset``, ``rule`` (the number as rulebot prints it), ``quote`` (verbatim words).
- :class:`QuestionSpec` -- one question exactly as the file states it (the schema).
- :class:`Question` -- a ``QuestionSpec`` plus where it comes from (bank ruleset and level, file, line).
- :class:`Bank` -- one file: ``ruleset``, ``level``, ``title``, ``pass_mark`` and its questions.
- :class:`Problem` -- ``path``, ``line`` (1-based, or None) and ``message``; ``str()`` gives
  ``path:line: message``.

Errors: :func:`load_bank` and :func:`load_banks` raise :class:`BankError` (a
:class:`rulebot.errors.DataError`) for an invalid bank and :class:`rulebot.errors.NotFoundError` for a
missing file; :func:`read_bank` returns the problems instead of raising (``rulebot quiz check``).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Literal, Union

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from rulebot.errors import DataError, NotFoundError

QuestionKind = Literal["choice", "multi", "truefalse", "numeric"]

#: Pass mark of an exam when the bank does not set one (share of points, 0-1).
DEFAULT_PASS_MARK = 0.8

#: Name of the embedded bank files: ``<ruleset>-l<level>.yaml``.
BANK_NAME = re.compile(r"^(?P<ruleset>[a-z0-9][a-z0-9-]*?)-l(?P<level>[1-9])\.yaml$")

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]*$")
_TOPIC = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_MAX_OPTIONS = 26  # options are lettered a-z


# --------------------------------------------------------------------------------------------------
# The schema


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _non_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value.strip()


class Cite(_Frozen):
    """One clause a question rests on."""

    ruleset: StrictStr
    """The ruleset id (``firs-2017``, ``rha``, ...)."""
    rule: StrictStr
    """The rule number as rulebot prints it (``"1.2 A"``, ``"402 (a)"``), a glossary term or an
    unnumbered clause's title."""
    quote: StrictStr
    """Verbatim words from that clause (checked against the clause text, whitespace and case aside)."""

    @field_validator("rule", mode="before")
    @classmethod
    def _rule_as_text(cls, value: Any) -> Any:
        # ``rule: 23`` is fine; ``rule: 1.10`` would silently become 1.1, so floats are refused.
        if isinstance(value, bool):
            return value
        if isinstance(value, int):
            return str(value)
        if isinstance(value, float):
            raise ValueError(f'put the rule number in quotes ("{value}" is read as a number)')
        return value

    _strip = field_validator("ruleset", "rule", "quote")(_non_blank)

    @property
    def label(self) -> str:
        """``"rha 402 (a)"``: ruleset and rule for display."""
        return f"{self.ruleset} {self.rule}"


AnswerValue = Union[StrictBool, StrictInt, StrictFloat, StrictStr, tuple[StrictStr, ...]]


class QuestionSpec(_Frozen):
    """One question as written in a bank (see ``quizzes/README.md``).

    Field order matters: ``answer``, ``unit`` and ``tolerance`` are checked against ``kind`` and
    ``options`` validated before them.
    """

    id: StrictStr
    """Unique across all banks (``firs-l1-001``)."""
    topic: StrictStr
    """Short slug (``game-time``); exam results are summarised by topic."""
    kind: QuestionKind
    """``choice`` (one right option), ``multi`` (several), ``truefalse`` or ``numeric``."""
    question: StrictStr
    options: tuple[StrictStr, ...] | None = Field(default=None, validate_default=True)
    """The options (choice / multi only), 2-26 of them, no two alike."""
    answer: AnswerValue
    """choice: the right option's text; multi: a list of option texts; truefalse: true / false;
    numeric: a number."""
    unit: StrictStr | None = Field(default=None, validate_default=True)
    """numeric only: ``minutes``, ``seconds``, ``metres``, ``players``, ..."""
    tolerance: float = 0
    """numeric only: answers within ``answer ± tolerance`` are right (same unit)."""
    key: StrictStr | None = None
    """The words of the cited text that support the answer (default: the answer itself)."""
    cite: tuple[Cite, ...]
    """One or more clauses the question rests on."""
    explanation: StrictStr

    @field_validator("cite")
    @classmethod
    def _check_cite(cls, value: tuple[Cite, ...]):
        if not value:
            raise ValueError("cite at least one clause")
        return value

    _strip = field_validator("question", "explanation")(_non_blank)

    @field_validator("id")
    @classmethod
    def _check_id(cls, value: str) -> str:
        if not _ID.match(value):
            raise ValueError(f"id {value!r}: use letters, digits, '.', '_', '-' (e.g. firs-l1-001)")
        return value

    @field_validator("topic")
    @classmethod
    def _check_topic(cls, value: str) -> str:
        if not _TOPIC.match(value):
            raise ValueError(f"topic {value!r}: use a short lower-case slug (e.g. game-time)")
        return value

    @field_validator("options")
    @classmethod
    def _check_options(cls, value: tuple[str, ...] | None, info: ValidationInfo):
        kind = info.data.get("kind")
        if kind in ("truefalse", "numeric"):
            if value is not None:
                raise ValueError(f"a {kind} question has no options")
            return value
        if kind in ("choice", "multi"):
            if value is None:
                raise ValueError(f"a {kind} question needs options")
            if not 2 <= len(value) <= _MAX_OPTIONS:
                raise ValueError(f"a {kind} question needs 2 to {_MAX_OPTIONS} options, not {len(value)}")
            seen: set[str] = set()
            for option in value:
                if not option.strip():
                    raise ValueError("an option is empty")
                folded = _fold(option)
                if folded in seen:
                    raise ValueError(f"option {option!r} is listed twice")
                seen.add(folded)
            return tuple(option.strip() for option in value)
        return value

    @field_validator("answer")
    @classmethod
    def _check_answer(cls, value: Any, info: ValidationInfo):
        kind = info.data.get("kind")
        if kind is None:  # kind itself is invalid; that error is reported
            return value
        if kind == "truefalse":
            if not isinstance(value, bool):
                raise ValueError("a truefalse answer is true or false")
            return value
        if kind == "numeric":
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ValueError("a numeric answer is a number (put the unit in unit:)")
            return value
        options = info.data.get("options")
        if options is None:  # missing or invalid options are reported on their own
            return value
        by_fold = {_fold(option): option for option in options}
        if kind == "choice":
            if not isinstance(value, str):
                raise ValueError("a choice answer is the right option's text")
            if _fold(value) not in by_fold:
                raise ValueError(f"answer {value!r} is not one of the options")
            return by_fold[_fold(value)]
        # multi
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, tuple)) or not value:
            raise ValueError("a multi answer is a list of option texts")
        out = []
        for item in value:
            if _fold(item) not in by_fold:
                raise ValueError(f"answer {item!r} is not one of the options")
            if by_fold[_fold(item)] in out:
                raise ValueError(f"answer {item!r} is listed twice")
            out.append(by_fold[_fold(item)])
        return tuple(out)

    @field_validator("unit")
    @classmethod
    def _check_unit(cls, value: str | None, info: ValidationInfo):
        kind = info.data.get("kind")
        if kind == "numeric" and (value is None or not value.strip()):
            raise ValueError("a numeric question needs a unit (minutes, seconds, players, ...)")
        if kind in ("choice", "multi", "truefalse") and value is not None:
            raise ValueError("unit is for numeric questions only")
        return value.strip() if value else value

    @field_validator("tolerance")
    @classmethod
    def _check_tolerance(cls, value: float, info: ValidationInfo):
        if value < 0 or not math.isfinite(value):
            raise ValueError("tolerance must be 0 or more")
        if value and info.data.get("kind") not in ("numeric", None):
            raise ValueError("tolerance is for numeric questions only")
        return value

    @field_validator("key")
    @classmethod
    def _check_key(cls, value: str | None):
        if value is not None and not value.strip():
            raise ValueError("key must not be empty (leave it out instead)")
        return value.strip() if value else value

    # -- derived -------------------------------------------------------------------------------------

    @property
    def right_options(self) -> tuple[str, ...]:
        """The right options' texts (choice / multi), in the bank's order; () for other kinds."""
        if self.kind == "choice":
            return (self.answer,)  # type: ignore[return-value]
        if self.kind == "multi":
            return tuple(self.answer)  # type: ignore[arg-type]
        return ()

    @property
    def answer_text(self) -> str:
        """The right answer for display: ``"20 minutes"``, ``"True"``, ``"a; b"``."""
        if self.kind == "truefalse":
            return "True" if self.answer else "False"
        if self.kind == "numeric":
            number = _format_number(self.answer)  # type: ignore[arg-type]
            tol = f" (± {_format_number(self.tolerance)})" if self.tolerance else ""
            unit = self.unit
            if number == "1" and unit.endswith("s") and not unit.endswith("ss"):
                unit = unit[:-1]  # "1 assist", "1 minute"
            return f"{number} {unit}{tol}"
        return "; ".join(self.right_options)


class Question(QuestionSpec):
    """A validated question with where it comes from.

    ``ruleset`` and ``level`` are the bank's; ``source`` is the bank's path as displayed (or
    ``"<generated>"``); ``line`` the line its entry starts on (0 when unknown); ``lines`` maps field
    names to their lines (see :meth:`line_of`); ``generated`` is True for questions built from the
    index by :mod:`rulebot.quiz.generate`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    ruleset: str
    level: int
    source: str = ""
    line: int = 0
    lines: tuple[tuple[str, int], ...] = ()
    generated: bool = False

    def line_of(self, field: str) -> int:
        """The line a field is on: ``"answer"``, ``"cite.0"``, ``"cite.0.quote"``; falls back to the
        nearest enclosing field, then to the question's own line."""
        lines = dict(self.lines)
        while field:
            if field in lines:
                return lines[field]
            field = field.rpartition(".")[0]
        return self.line

    def spec(self) -> dict:
        """The question as a bank would state it (JSON-ready; used to snapshot it in the history)."""
        return self.model_dump(mode="json", exclude={"ruleset", "level", "source", "line", "lines", "generated"},
                               exclude_none=True)


class BankSpec(_Frozen):
    """One bank file as written: the header and the questions."""

    ruleset: StrictStr
    level: Literal[1, 2, 3]
    title: StrictStr
    pass_mark: float = Field(default=DEFAULT_PASS_MARK, gt=0, le=1)
    """Share of points needed to pass an exam (0 < pass_mark <= 1)."""
    questions: tuple[QuestionSpec, ...]

    _strip = field_validator("ruleset", "title")(_non_blank)

    @field_validator("questions")
    @classmethod
    def _check_questions(cls, value: tuple[QuestionSpec, ...]):
        if not value:
            raise ValueError("a bank needs at least one question")
        return value


class Bank(_Frozen):
    """A loaded bank: ``path`` as displayed, the header fields and its :class:`Question` s."""

    path: str
    ruleset: str
    level: int
    title: str
    pass_mark: float = DEFAULT_PASS_MARK
    questions: tuple[Question, ...]
    line_of_ruleset: int = 1
    line_of_level: int = 1


# --------------------------------------------------------------------------------------------------
# Problems


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a bank: ``str()`` is ``path:line: message`` (``path: message`` without line)."""

    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}" if self.line else f"{self.path}: {self.message}"


class BankError(DataError):
    """A bank that does not load or validate; ``problems`` lists everything found (the message
    names the first one and how many more there are)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        first = problems[0]
        more = f" (and {len(problems) - 1} more; run `rulebot quiz check`)" if len(problems) > 1 else ""
        super().__init__(first.message + more, path=first.path, line=first.line)
        self.problems = tuple(problems)


# --------------------------------------------------------------------------------------------------
# Loading


BankSource = Union[Path, Traversable]


def display_path(source: BankSource) -> str:
    """How a bank file is named in messages: relative to the working directory when under it."""
    if isinstance(source, Path):
        try:
            rel = source.resolve().relative_to(Path.cwd().resolve())
        except ValueError:
            return str(source)
        return str(rel)
    return str(source)


def read_bank(source: BankSource, *, name: str | None = None) -> tuple[Bank | None, list[Problem]]:
    """Read and validate one bank file; never raises for a bad bank.

    ``source`` is a file path or an importlib.resources Traversable; ``name`` overrides how the file
    is named in problems.  Returns ``(bank, [])`` when it is valid; ``(None, problems)`` with every
    schema problem found, each with its line, when it does not validate; ``(bank, problems)`` when it
    validates but gives a key or a question id twice (not a valid bank: :func:`load_bank` refuses it).
    """
    shown = name or display_path(source)
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, [Problem(shown, None, "no such file")]
    except UnicodeDecodeError as exc:
        line = source.read_bytes()[:exc.start].count(b"\n") + 1
        return None, [Problem(shown, line, "cannot read: not UTF-8 text")]
    except OSError as exc:
        return None, [Problem(shown, None, f"cannot read: {exc}")]
    return parse_bank(text, shown)


def parse_bank(text: str, name: str) -> tuple[Bank | None, list[Problem]]:
    """Validate the YAML ``text`` of a bank named ``name`` in messages; see :func:`read_bank`."""
    from rulebot.yamlnodes import YamlSyntaxError, load_node

    try:
        node, data = load_node(text)
    except YamlSyntaxError as exc:
        return None, [Problem(name, exc.line, exc.message)]

    if node is None or not isinstance(node, yaml.MappingNode) or not isinstance(data, dict):
        line = node.start_mark.line + 1 if node is not None else 1  # an empty file: its first line
        return None, [Problem(name, line, "a bank is a mapping with ruleset, level, title and questions")]

    problems = list(_duplicate_keys(node, name))
    try:
        spec = BankSpec.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            problems.append(Problem(name, _line_at(node, error["loc"]), _message(error)))
        problems.sort(key=lambda p: (p.line or 0))
        return None, problems

    questions: list[Question] = []
    seen: dict[str, int] = {}
    q_nodes = _child(node, "questions")
    for position, q in enumerate(spec.questions):
        q_node = q_nodes.value[position] if isinstance(q_nodes, yaml.SequenceNode) else None
        line = q_node.start_mark.line + 1 if q_node is not None else 0
        lines = _field_lines(q_node)
        if q.id in seen:
            problems.append(Problem(name, dict(lines).get("id", line),
                                    f"duplicate id {q.id!r} (first at line {seen[q.id]})"))
        else:
            seen[q.id] = dict(lines).get("id", line)
        questions.append(Question(**dict(q), ruleset=spec.ruleset, level=spec.level,
                                  source=name, line=line, lines=lines))
    problems.sort(key=lambda p: (p.line or 0))
    head = dict(_field_lines(node, deep=False))
    bank = Bank(path=name, ruleset=spec.ruleset, level=spec.level, title=spec.title,
                pass_mark=spec.pass_mark, questions=tuple(questions),
                line_of_ruleset=head.get("ruleset", 1), line_of_level=head.get("level", 1))
    # a bank whose only problems are a key or an id given twice is whole otherwise: returned with them,
    # so that ``quiz check`` goes on to check its cites and answers in the same run
    return bank, problems


def load_bank(source: BankSource, *, name: str | None = None) -> Bank:
    """Load one valid bank.

    Raises :class:`rulebot.errors.NotFoundError` when the file does not exist and :class:`BankError`
    (``path:line: message``) when it does not validate.
    """
    if isinstance(source, Path) and not source.exists():
        raise NotFoundError(f"no such bank: {source}")
    bank, problems = read_bank(source, name=name)
    if problems:
        raise BankError(problems)
    assert bank is not None
    return bank


def embedded_banks_root() -> Traversable:
    """The folder of the banks shipped with rulebot.

    Installed: :func:`rulebot.paths.quizzes_root` (the ``rulebot._quizzes`` package).  Run from a
    source checkout without installing (``PYTHONPATH=.``), that package does not exist, so the
    checkout's ``quizzes/`` folder next to the ``rulebot`` package is used.
    Raises :class:`rulebot.errors.NotFoundError` when neither is there.
    """
    from rulebot.paths import quizzes_root

    try:
        return quizzes_root()
    except ModuleNotFoundError:
        pass
    import rulebot

    checkout = Path(rulebot.__file__).resolve().parent.parent / "quizzes"
    if checkout.is_dir():
        return checkout
    raise NotFoundError("the embedded question banks are missing (rulebot._quizzes)")


def bank_files(paths: Iterable[str | os.PathLike] | None = None) -> list[BankSource]:
    """The bank files to load: each ``*.yaml`` in the given folders (sorted by name) and the given
    files; with ``paths`` None, the embedded banks.

    Raises :class:`rulebot.errors.NotFoundError` for a path that does not exist.
    """
    if paths is None:
        root = embedded_banks_root()
        return sorted((f for f in root.iterdir() if f.name.endswith(".yaml") and f.is_file()),
                      key=lambda f: f.name)
    out: list[BankSource] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(sorted(p for p in path.glob("*.yaml") if p.is_file()))
        elif path.is_file():
            out.append(path)
        else:
            raise NotFoundError(f"no such bank file or folder: {path}")
    return out


def load_banks(paths: Iterable[str | os.PathLike] | None = None) -> list[Bank]:
    """Load every bank in ``paths`` (see :func:`bank_files`; None: the embedded banks).

    Raises :class:`BankError` for the first invalid bank, :class:`rulebot.errors.DataError` when two
    banks use the same question id, :class:`rulebot.errors.NotFoundError` for a missing path.
    """
    banks = [load_bank(source) for source in bank_files(paths)]
    seen: dict[str, Question] = {}
    for bank in banks:
        for question in bank.questions:
            first = seen.setdefault(question.id, question)
            if first is not question:
                raise DataError(f"duplicate id {question.id!r} (also at {first.source}:{first.line_of('id')})",
                                path=question.source, line=question.line_of("id"))
    return banks


def iter_questions(banks: Iterable[Bank]) -> Iterator[Question]:
    """Every question of ``banks``, in bank and file order."""
    for bank in banks:
        yield from bank.questions


# --------------------------------------------------------------------------------------------------
# Helpers


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def _format_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _child(node: yaml.Node | None, key: str) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key:
                return v
    return None


def _field_lines(node: yaml.Node | None, prefix: str = "", deep: bool = True) -> tuple[tuple[str, int], ...]:
    """``(path, line)`` for every field under ``node``: ``"answer"``, ``"cite.0"`` (an item's first
    line), ``"cite.0.quote"`` (a key's line); only the top level when ``deep`` is False."""
    out: list[tuple[str, int]] = []
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode):
                path = f"{prefix}{k.value}"
                out.append((path, k.start_mark.line + 1))
                if deep:
                    out.extend(_field_lines(v, path + ".", deep))
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            path = f"{prefix}{i}"
            out.append((path, item.start_mark.line + 1))
            if deep:
                out.extend(_field_lines(item, path + ".", deep))
    return tuple(out)


def _line_at(root: yaml.Node, loc: Sequence[int | str]) -> int:
    """The line of the deepest node of ``root`` that ``loc`` (a pydantic error location) reaches:
    a mapping field's key line, a list item's first line."""
    node = root
    line = root.start_mark.line + 1
    for part in loc:
        if isinstance(node, yaml.MappingNode) and isinstance(part, str):
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value == part:
                    node, line = v, k.start_mark.line + 1
                    break
            else:
                break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line


def _message(error: dict) -> str:
    """A one-line message for one pydantic error: ``questions[3].answer: ...``."""
    loc = [part for part in error["loc"] if not (isinstance(part, str) and _is_type_tag(part))]
    where = ""
    for part in loc:
        where += f"[{part}]" if isinstance(part, int) else (f".{part}" if where else str(part))
    kind = error["type"]
    msg = error["msg"]
    if kind == "missing":
        msg = "missing (required)"
    elif kind == "extra_forbidden":
        msg = "unknown field"
    elif kind == "value_error":
        msg = msg.removeprefix("Value error, ")
    elif kind == "literal_error":
        msg = f"must be {msg.removeprefix('Input should be ')}"
    return f"{where}: {msg}" if where else msg


def _is_type_tag(part: str) -> bool:
    # union members in pydantic locations ("int", "list[str]", "function-after[...]")
    return part in {"bool", "int", "float", "str"} or "[" in part


def _duplicate_keys(node: yaml.Node, name: str) -> Iterator[Problem]:
    """PyYAML keeps the last of two equal keys silently; report each repeat."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.MappingNode):
            seen: set[str] = set()
            for k, v in current.value:
                if isinstance(k, yaml.ScalarNode):
                    if k.value in seen:
                        yield Problem(name, k.start_mark.line + 1, f"{k.value}: given twice")
                    seen.add(k.value)
                stack.append(v)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)
