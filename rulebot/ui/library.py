"""The app's single doorway into the core: clause index, search and answers, penalties, signals and
quizzes, as small immutable view records the widgets display.

Nothing here parses rule text, ranks or grades: each method calls the library (``rulebot.search``,
``rulebot.penalties``, ``rulebot.signals``, ``rulebot.quiz``) and reshapes its records for display.
This module does not import Textual, so it is testable on its own and usable from other front ends.

Penalties and signals come from issue 3's modules.  While :mod:`rulebot.signals` is not installed the
Signals tab falls back to the FIRS Annex B signal clauses found by the ordinary clause search (name and
description only); while :mod:`rulebot.penalties` is not installed the Penalties tab says so.
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rulebot.corpus.index import ClauseIndex
from rulebot.errors import NotFoundError, UsageError
from rulebot.models import Answer, Clause, Ruleset, names_title

#: Questions in a quiz when the user does not choose (matches ``rulebot quiz``).
DEFAULT_QUIZ_COUNT = 10
#: Exam time per question in seconds (matches ``rulebot quiz --exam``).
EXAM_SECONDS_PER_QUESTION = 60
#: Signals listed for a description: those scoring at least this share of the best match's score.
SIGNAL_SHARE = 0.5


# --------------------------------------------------------------------------------------------------
# View records


@dataclass(frozen=True)
class SignalView:
    """One referee signal as the Signals tab shows it.

    ``name`` ("Misconduct"), ``description`` (what the referee does), ``meaning`` (what it calls, or
    "" when the library gives none), ``penalties`` (infractions or penalty classes it goes with),
    ``ruleset`` and ``clause_id`` of the clause that prints it.
    """

    name: str
    description: str
    meaning: str
    penalties: tuple[str, ...]
    ruleset: str
    clause_id: str | None
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class PenaltyView:
    """One row of the penalty index: ``ruleset`` id, ``infraction``, ``rule`` as printed, ``code``
    as the penalty index prints it ("" for infractions read from rule text), ``penalty`` what it
    carries ("minor", "major + game misconduct"), ``minutes`` time served (None when untimed, for
    sorting), ``duration`` for display ("1:30 or 2 min"; "" when untimed), ``clause_id`` the rule it
    cites (None when unresolved), ``severe`` for Annex C asterisk rows."""

    ruleset: str
    infraction: str
    rule: str
    code: str
    penalty: str
    minutes: float | None
    duration: str
    clause_id: str | None
    severe: bool = False


@dataclass(frozen=True)
class QuizChoice:
    """What the Quiz tab offers: per ruleset id, the levels with questions and how many each has."""

    levels: dict[str, dict[int, int]] = field(default_factory=dict)


# --------------------------------------------------------------------------------------------------
# Follow-up context


class Conversation:
    """Keeps the context between questions on the Ask tab.

    The ruleset of the last question (named in it, chosen, or that of its best citation) is kept as
    context, so a follow-up ("what about a minor penalty?" after "how long is a major in RHA") is
    asked of RHA too; a question that stands alone is asked of all rulesets; a ruleset named in the
    new question, or chosen in the selector, always wins.  When the
    library provides ``rulebot.search.conversation.Conversation`` (issue 4) it is given that ruleset
    and resolves the follow-up itself ("and in FIRS?", "what's the signal for that?").
    """

    def __init__(self, library: Library) -> None:
        self.library = library
        self.context_ruleset: str | None = None
        self.asked_of: str | None = None
        self._lock = threading.Lock()
        self._delegate: Any = None
        self._delegate_checked = False

    def _conversation_delegate(self) -> Any:
        """The library's conversation object (built on the first question: it needs the searcher,
        which takes a moment to build), or None when the library has none."""
        if not self._delegate_checked:
            self._delegate_checked = True
            try:
                from rulebot.search import conversation as conv_mod  # issue 4
            except ImportError:
                conv_mod = None
            cls = getattr(conv_mod, "Conversation", None) if conv_mod else None
            if cls is not None:
                try:
                    self._delegate = cls(self.library.searcher)
                except TypeError:
                    self._delegate = None
        return self._delegate

    def ask(self, question: str, ruleset: str | None) -> Answer:
        """Answer ``question`` in ``ruleset`` (None: all, or the conversation's context).

        Raises :class:`rulebot.errors.UsageError` for an empty question or unknown ruleset."""
        with self._lock:
            return self._ask(question, ruleset)

    def _ask(self, question: str, ruleset: str | None) -> Answer:
        from rulebot.search.conversation import is_follow_up
        from rulebot.search.query import parse_query

        searcher = self.library.searcher
        named = parse_query(searcher.index, question, ruleset).rulesets if question.strip() else ()
        effective = ruleset
        if effective is None and not named and self.context_ruleset and is_follow_up(question):
            # "what about a minor penalty?" goes on in the last question's rulebook; a question that
            # stands alone ("how long is a major penalty") is asked of all of them
            effective = self.context_ruleset
        delegate = self._conversation_delegate()
        if delegate is not None:
            # rulebot.search.conversation.Conversation(searcher, ruleset=None): the ruleset is an
            # attribute; it resolves "and in RHA?" / "what's the signal for that?" itself.
            delegate.ruleset = effective
            answer = delegate.ask(question)
            turns = getattr(delegate, "turns", None)
            asked_of = turns[-1].ruleset if turns else None
        else:
            answer = searcher.ask(question, effective)
            asked_of = effective
        # the rulebook the question went to (None: all of them), for the answer's "asked of" line
        self.asked_of = named[0] if len(named) == 1 else asked_of
        if len(named) == 1:
            self.context_ruleset = named[0]
        elif asked_of:
            self.context_ruleset = asked_of
        elif answer.kind == "comparison":
            self.context_ruleset = None  # one line per rulebook: no one rulebook to go on in
        elif answer.answered and answer.citations:
            self.context_ruleset = answer.citations[0].ruleset
        return answer

    def reset(self) -> None:
        """Forget the context (a new conversation)."""
        with self._lock:
            self.context_ruleset = None
            if self._delegate is not None:
                if hasattr(self._delegate, "reset"):
                    self._delegate.reset()
                elif isinstance(getattr(self._delegate, "turns", None), list):
                    self._delegate.turns.clear()


# --------------------------------------------------------------------------------------------------
# The library


class Library:
    """Everything the app reads, built lazily and once.

    ``index`` defaults to :func:`rulebot.corpus.load_index`; the searcher, signals and penalties are
    built on first use (thread-safe, so a worker thread may warm them up while the app starts).
    ``signals_module`` / ``penalties_module`` override the issue-3 modules (tests pass small fakes);
    ``None`` means import them when present.
    """

    def __init__(self, index: ClauseIndex | None = None, *, searcher: Any = None,
                 signals_module: Any = None, penalties_module: Any = None, quiz_banks: Any = None) -> None:
        self._index = index
        self._searcher = searcher
        self._signals_module = signals_module
        self._penalties_module = penalties_module
        self._quiz_banks = quiz_banks
        self._lock = threading.RLock()
        self._signals: list[Any] | None = None
        self._penalties: list[PenaltyView] | None = None

    # -- index and search ---------------------------------------------------------------------------

    @property
    def index(self) -> ClauseIndex:
        """The clause index (loaded on first use; a cached pickle, so fast)."""
        with self._lock:
            if self._index is None:
                from rulebot.search import ranked_index

                self._index = ranked_index()  # with its ranker, cached as the CLI's is
            return self._index

    @property
    def searcher(self) -> Any:
        """The :class:`rulebot.search.Searcher` over :attr:`index` (built on first use)."""
        with self._lock:
            if self._searcher is None:
                from rulebot.search import Searcher

                self._searcher = Searcher(self.index)
            return self._searcher

    def warm_up(self) -> None:
        """Build the searcher, the signal and penalty tables and the quiz banks now (call from a
        worker thread); a failure here is left for the tab that needs the data to report."""
        from rulebot.errors import RulebotError

        self.searcher  # noqa: B018 - built for its side effect
        for step in (self.signal_records, self.penalties, self.quiz_questions):
            try:
                step()
            except RulebotError:
                pass

    def rulesets(self) -> list[Ruleset]:
        """The loaded rulesets in load order."""
        return list(self.index.rulesets.values())

    def ruleset_name(self, rid: str | None) -> str:
        """The short display name of a ruleset id ("FIRS", "RHA"); "All rulesets" for None."""
        if rid is None:
            return "All rulesets"
        rs = self.index.rulesets.get(rid)
        return rs.short_name if rs else rid

    def clause(self, clause_id: str) -> Clause | None:
        """The clause with this id, or None."""
        return self.index.get(clause_id)

    def clause_label(self, clause: Clause) -> str:
        """``"RHA 403 (a) MAJOR PENALTIES"``: ruleset short name, number and nearest heading."""
        from rulebot.search.answer import rule_name

        heading = self.index.heading(clause)
        if heading and clause.number and names_title(clause.number, heading):
            heading = ""  # "FIRS Annex B Hooking", not "... Hooking Hooking"
        parts = [rule_name(self.ruleset_name(clause.ruleset), clause.number), heading]
        return " ".join(p for p in parts if p)

    def clause_subtree(self, clause_id: str) -> list[tuple[int, Clause]]:
        """The clause and its sub-clauses in order, each with its depth below the clause (0, 1, ...)."""
        clause = self.index.get(clause_id)
        if clause is None:
            return []
        base = len(self.index.ancestors(clause))
        return [(len(self.index.ancestors(c)) - base, c) for c in self.index.subtree(clause)]

    def conversation(self) -> Conversation:
        """A new follow-up-aware conversation for the Ask tab."""
        return Conversation(self)

    def rule_targets(self) -> list[tuple[str, str]]:
        """``(clause_id, "FIRS 6.4.21 High Sticks")`` for every numbered or titled clause, for the
        command palette (document order, roots left out)."""
        out = []
        for c in self.index.all_clauses():
            if c.kind == "document" or not (c.number or c.title):
                continue
            out.append((c.id, self.clause_label(c)))
        return out

    # -- signals ------------------------------------------------------------------------------------

    def _signals_mod(self) -> Any:
        if self._signals_module is None:
            try:
                import rulebot.signals as mod  # issue 3
            except ImportError:
                mod = False
            self._signals_module = mod
        return self._signals_module or None

    def signal_records(self) -> list[Any]:
        """The library's signal records (``rulebot.signals.load_signals``), or [] without the module."""
        with self._lock:
            if self._signals is None:
                mod = self._signals_mod()
                self._signals = list(mod.load_signals(self.index)) if mod else []
            return self._signals

    def search_signals(self, query: str, limit: int = 10) -> list[SignalView]:
        """Signals best matching an everyday description ("hands on hips"), best first, those scoring at
        least :data:`SIGNAL_SHARE` of the best; every signal when ``query`` is blank."""
        mod = self._signals_mod()
        if mod:
            records = self.signal_records()
            if not query.strip():
                return [self._signal_view(_unwrap(r, "signal")) for r in records]
            found = mod.search_signals(records, query, limit)
            best = max((score for _, score in found), default=0.0)
            # the signals that match about as well as the best, not the rest of the list under it
            return [self._signal_view(sig) for sig, score in found if score >= SIGNAL_SHARE * best]
        # Fallback until issue 3 lands: the signal clauses, ranked by the ordinary clause search.
        if not query.strip():
            clauses = [c for c in self.index.all_clauses() if c.kind == "signal"]
        else:
            clauses = [h.clause for h in self.searcher.search(query, None, 60) if h.clause.kind == "signal"]
        return [SignalView(c.title, c.text, "", (), c.ruleset, c.id) for c in clauses[:limit]]

    def _signal_view(self, sig: Any) -> SignalView:
        penalties = tuple(_label(p) for p in (getattr(sig, "penalties", None) or ()))
        rules = tuple(_label(r) for r in (getattr(sig, "rules", None) or ()))
        return SignalView(
            name=str(getattr(sig, "name", "")),
            description=str(getattr(sig, "description", "")),
            meaning=str(getattr(sig, "meaning", "") or ""),
            penalties=penalties,
            ruleset=str(getattr(sig, "ruleset", "")),
            clause_id=getattr(sig, "clause_id", None),
            rules=rules,
        )

    def signal_for(self, row: PenaltyView) -> SignalView | None:
        """The signal that goes with a penalty row: one whose penalties or rules name the row's
        infraction, rule or cited clause (same ruleset), else None."""
        for sig in self.signal_records():
            view = self._signal_view(sig)
            if view.ruleset != row.ruleset:
                continue
            names = {p.casefold() for p in view.penalties} | {r.casefold() for r in view.rules}
            ids = {getattr(r, "clause_id", None) for r in (getattr(sig, "penalties", None) or ())}
            if row.infraction.rstrip(" *").casefold() in names or row.rule.casefold() in names \
                    or (row.clause_id and row.clause_id in ids) or view.name.casefold() == row.infraction.casefold():
                return view
        return None

    # -- penalties ----------------------------------------------------------------------------------

    def penalties_available(self) -> bool:
        """True when the penalty index (issue 3) is installed."""
        return self._penalties_mod() is not None

    def _penalties_mod(self) -> Any:
        if self._penalties_module is None:
            try:
                import rulebot.penalties as mod  # issue 3
            except ImportError:
                mod = False
            self._penalties_module = mod
        return self._penalties_module or None

    def penalties(self) -> list[PenaltyView]:
        """Every penalty-index row of every ruleset (``rulebot.penalties.infractions``), in the
        library's order; [] when the penalty index is not installed."""
        with self._lock:
            if self._penalties is None:
                mod = self._penalties_mod()
                rows = list(mod.infractions(self.index)) if mod else []
                self._penalties = [self._penalty_view(r) for r in rows]
            return self._penalties

    def search_penalties(self, query: str, ruleset: str | None = None) -> list[PenaltyView]:
        """Rows matching ``query`` best first (``rulebot.penalties.search_penalties``: infraction
        name, penalty and rule text), in ``ruleset`` (None: all; a tournament sheet: its own, or its
        base's when it has none or none matching, ``rulebot.penalties.search_listed``); every row, in the
        library's order, for a blank query."""
        mod = self._penalties_mod()
        if not mod:
            return []
        if query.strip():
            # a sheet's own rows, or its base's in the sheet's penalty lengths (search_listed)
            hits, _ = mod.search_listed(self.index, query, ruleset)
            return [self._penalty_view(_unwrap(r, "infraction")) for r in hits]
        listed = mod.listed_for(self.index, ruleset)  # a sheet with none of its own: its base's
        if listed == ruleset:
            return [r for r in self.penalties() if ruleset is None or r.ruleset == ruleset]
        found = mod.with_sheet_lengths(self.index, mod.infractions(self.index, listed), ruleset)
        return [self._penalty_view(r) for r in found]

    @staticmethod
    def _penalty_view(row: Any) -> PenaltyView:
        minutes = getattr(row, "minutes", None)
        penalty = getattr(row, "penalty", "") or ""
        parts = getattr(row, "parts", None)
        if not penalty and parts is not None:
            penalty = getattr(parts, "label", "") or ""
        return PenaltyView(
            ruleset=str(getattr(row, "ruleset", "")),
            infraction=str(getattr(row, "infraction", "")),
            rule=str(getattr(row, "rule", "") or ""),
            code=str(getattr(row, "code", "") or ""),
            penalty=str(penalty),
            minutes=float(minutes) if isinstance(minutes, (int, float)) and not isinstance(minutes, bool) else None,
            duration=str(getattr(row, "duration", "") or ""),
            clause_id=getattr(row, "clause_id", None),
            severe=bool(getattr(row, "severe", False)),
        )

    # -- quizzes ------------------------------------------------------------------------------------

    def quiz_questions(self) -> list[Any]:
        """Every question of the embedded banks (``rulebot.quiz.bank.load_banks``)."""
        with self._lock:
            if self._quiz_banks is None:
                from rulebot.quiz.bank import load_banks

                self._quiz_banks = load_banks()
            return [q for bank in self._quiz_banks for q in bank.questions]

    def quiz_choice(self) -> QuizChoice:
        """The rulesets and levels that have questions, with counts."""
        levels: dict[str, dict[int, int]] = {}
        for q in self.quiz_questions():
            per = levels.setdefault(q.ruleset, {})
            per[q.level] = per.get(q.level, 0) + 1
        return QuizChoice({rid: dict(sorted(v.items())) for rid, v in sorted(levels.items())})

    def new_quiz(self, history: Any, *, ruleset: str | None, level: int | None, count: int | None,
                 mode: str, seed: int | None = None) -> tuple[Any, int]:
        """Start a quiz the way ``rulebot quiz`` does: filter the bank questions, pick ``count`` of
        them (practice favours those answered wrong lately), create the
        :class:`rulebot.quiz.session.QuizSession` and store an open attempt in ``history``.

        Returns ``(session, attempt_id)``; the session is not started.  Raises
        :class:`rulebot.errors.NotFoundError` when no question matches."""
        from rulebot.quiz.bank import DEFAULT_PASS_MARK
        from rulebot.quiz.session import QuizSession, filter_questions, select_questions

        if mode not in ("practice", "exam"):
            raise UsageError(f"unknown quiz mode {mode!r}")
        pool = filter_questions(self.quiz_questions(), ruleset=ruleset, level=level)
        if not pool:
            raise NotFoundError("no questions for that choice of ruleset and level")
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        # practice: the questions missed last time first, those missed lately weighed up
        weights, again = (None, set()) if mode == "exam" else history.practice_order(q.id for q in pool)
        chosen = select_questions(pool, count=count or DEFAULT_QUIZ_COUNT, seed=seed, weights=weights, first=again)
        marks = {(b.ruleset, b.level): b.pass_mark for b in (self._quiz_banks or ())}
        pass_mark = max(marks.get((q.ruleset, q.level), DEFAULT_PASS_MARK) for q in chosen)
        time_limit = EXAM_SECONDS_PER_QUESTION * len(chosen) if mode == "exam" else None
        session = QuizSession.create(chosen, seed=seed, mode=mode, pass_mark=pass_mark,  # type: ignore[arg-type]
                                     time_limit=time_limit)
        attempt_id = history.start_attempt(session, ruleset=ruleset, level=level)
        return session, attempt_id


def _unwrap(item: Any, attr: str) -> Any:
    """A record from a search result that may be the record, a ``(record, score)`` pair or a hit
    object with the record in ``attr``."""
    if isinstance(item, tuple) and item:
        return item[0]
    inner = getattr(item, attr, None)
    return inner if inner is not None else item


def _label(value: Any) -> str:
    """Display text for a penalty or rule reference that may be a string or a record."""
    if isinstance(value, str):
        return value
    for attr in ("infraction", "name", "label", "rule", "number"):
        text = getattr(value, attr, None)
        if text:
            return str(text)
    return str(value)


def sort_penalties(rows: Sequence[PenaltyView], column: str, reverse: bool = False) -> list[PenaltyView]:
    """Rows ordered by ``column`` (``ruleset``, ``infraction``, ``rule``, ``code`` or ``duration``);
    rows without a duration sort last; rule numbers sort as numbers ("6.4.5" before "6.4.13")."""
    if column == "duration":
        def key(r: PenaltyView):
            return (r.minutes is None, r.minutes or 0.0, r.infraction.casefold())
    elif column == "rule":
        def key(r: PenaltyView):
            return (_natural(r.rule), r.infraction.casefold())
    elif column in ("ruleset", "infraction", "code"):
        def key(r: PenaltyView):
            return (getattr(r, column).casefold(), r.infraction.casefold())
    else:
        raise UsageError(f"cannot sort by {column!r}")
    return sorted(rows, key=key, reverse=reverse)


def _natural(text: str) -> tuple:
    """A sort key that orders the digit runs of ``text`` as numbers."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.casefold())
                 for part in re.findall(r"\d+|\D+", text))
