"""A small fake clause index (the shape of :class:`rulebot.corpus.ClauseIndex`) and fake signal and
penalty tables, for the quiz tests."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rulebot.models import Clause, Ruleset

DATA = Path(__file__).parent / "data" / "quiz"
DEMO_BANK = DATA / "demo-l1.yaml"


def _key(number: str) -> str:
    return re.sub(r"[\s.()]+", ".", number.strip().lower()).strip(".")


class FakeIndex:
    """``rulesets``, ``clauses``, ``get``, ``by_ruleset``, ``lookup`` (numbers tolerant of spacing and
    case, then titles)."""

    def __init__(self, rulesets: list[Ruleset], clauses: list[Clause]) -> None:
        self.rulesets = {r.id: r for r in rulesets}
        self.clauses = {c.id: c for c in clauses}

    def get(self, clause_id: str) -> Clause | None:
        return self.clauses.get(clause_id)

    def by_ruleset(self, rid: str) -> list[Clause]:
        return sorted((c for c in self.clauses.values() if c.ruleset == rid), key=lambda c: c.order)

    def lookup(self, ruleset: str, number: str) -> Clause | None:
        for c in self.by_ruleset(ruleset):
            if c.number and _key(c.number) == _key(number):
                return c
        for c in self.by_ruleset(ruleset):
            if c.title and c.title.lower() == number.strip().lower():
                return c
        return None


def _clause(ruleset, key, number, title, text, kind="rule", parent=None, children=(), order=0):
    return Clause(ruleset=ruleset, id=f"{ruleset}:{key}", number=number, title=title, text=text, kind=kind,
                  parent=parent, children=tuple(f"{ruleset}:{c}" for c in children), order=order)


def demo_index() -> FakeIndex:
    """The "demo" ruleset the fixture bank cites, plus a FIRS-like "fakefirs" with signals, an
    annex-C-like penalty table and penalty classes."""
    d = "demo"
    f = "fakefirs"
    clauses = [
        _clause(d, "", "", "Demo rules", "", "document", None, ("1.2", "1.3", "3.4", "4.1", "4.2"), 0),
        _clause(d, "1.2", "1.2", "Game time",
                "A game consists of two periods of twenty (20) minutes each, with a rest of five minutes.",
                parent=f"{d}:", order=1),
        _clause(d, "1.3", "1.3", "Tied games",
                "If the score is tied, a five (5) minute overtime is played, then penalty shots.",
                parent=f"{d}:", order=2),
        _clause(d, "3.4", "3.4", "Goalkeeper equipment",
                "A goalkeeper must wear a helmet with a full face mask and a throat protector.",
                parent=f"{d}:", order=3),
        _clause(d, "4.1", "4.1", "Referees", "", parent=f"{d}:", children=("4.1.i1",), order=4),
        _clause(d, "4.1.i1", "4.1 •1", "", "Each game is officiated by two (2) referees.", "item",
                parent=f"{d}:4.1", order=5),
        _clause(d, "4.2", "4.2", "Linesmen", "Linesmen call offside and icing.", parent=f"{d}:", order=6),
        # fakefirs: signals, penalty index rows, penalty classes
        _clause(f, "", "", "Fake FIRS", "", "document", None, (), 0),
        _clause(f, "annex-b", "Annex B", "Penalty Signals", "", "section", f"{f}:",
                ("annex-b.boarding", "annex-b.holding", "annex-b.hooking", "annex-b.timeout",
                 "annex-b.unsportsmanlike"), 1),
        _clause(f, "annex-b.boarding", "", "Boarding",
                "Strike the clenched fist of one hand into the open palm of the other hand.", "signal",
                f"{f}:annex-b", order=2),
        _clause(f, "annex-b.holding", "", "Holding",
                "Grasping the wrist of the whistle hand in front of the body.", "signal", f"{f}:annex-b", order=3),
        _clause(f, "annex-b.hooking", "", "Hooking", "A tug of both closed fists in toward the body.", "signal",
                f"{f}:annex-b", order=4),
        _clause(f, "annex-b.timeout", "", "Timeout", "Using both hands form a T in front of the chest.", "signal",
                f"{f}:annex-b", order=5),
        _clause(f, "annex-b.unsportsmanlike", "", "Unsportsmanlike",
                "Using both hands form a T in front of the chest.", "signal", f"{f}:annex-b", order=6),
        _clause(f, "annex-c", "Annex C", "Penalty Index", "", "section", f"{f}:",
                ("annex-c.row1", "annex-c.row2", "annex-c.row3", "annex-c.row4", "annex-c.row5"), 7),
        _clause(f, "annex-c.row1", "Annex C row 1", "Boarding", "Boarding 6.4.13 2'", "table-row",
                f"{f}:annex-c", order=8),
        _clause(f, "annex-c.row2", "Annex C row 2", "Boarding *", "Boarding * 6.4.13 5'+GM", "table-row",
                f"{f}:annex-c", order=9),
        _clause(f, "annex-c.row3", "Annex C row 3", "Holding", "Holding 6.4.23 2'", "table-row",
                f"{f}:annex-c", order=10),
        _clause(f, "annex-c.row4", "Annex C row 4", "Spearing", "Spearing 6.4.37 5'+GM", "table-row",
                f"{f}:annex-c", order=11),
        _clause(f, "annex-c.row5", "Annex C row 5", "Abuse of Officials", "Abuse of Officials 6.4.2 MIS",
                "table-row", f"{f}:annex-c", order=12),
        _clause(f, "7.2", "7.2", "Minor Penalties",
                "For a minor penalty the player is ruled off for two (2) minutes.", parent=f"{f}:", order=13),
        _clause(f, "7.3", "7.3", "Major Penalties",
                "For a major penalty the player is ruled off for five (5) minutes.", parent=f"{f}:", order=14),
        _clause(f, "7.4", "7.4", "Misconduct Penalties",
                "A misconduct penalty removes the player for ten (10) minutes.", parent=f"{f}:", order=15),
        _clause(f, "7.5", "7.5", "Match Penalties", "A match penalty suspends the player for the rest of the game.",
                parent=f"{f}:", order=16),
    ]
    rulesets = [Ruleset(id=d, title="Demo rules", short_name="Demo"),
                Ruleset(id=f, title="Fake FIRS", short_name="FFIRS", aliases=("FF",))]
    return FakeIndex(rulesets, clauses)


@dataclass(frozen=True)
class Signal:
    name: str
    description: str
    ruleset: str
    clause_id: str
    penalties: tuple = ()
    rules: tuple = ()


@dataclass(frozen=True)
class Infraction:
    ruleset: str
    infraction: str
    rule: str
    code: str | None
    parts: tuple = ()
    minutes: float | None = None
    severe: bool = False
    clause_id: str | None = None
    row_id: str | None = None


@dataclass(frozen=True)
class PenaltyClass:
    ruleset: str
    name: str
    minutes: float | None
    alt_minutes: tuple[float, ...]
    effect: str
    rule: str
    clause_id: str
    duration: str = ""
    defined: bool = True


def fake_signals(index: FakeIndex) -> list[Signal]:
    return [Signal(c.title, c.text, c.ruleset, c.id) for c in index.by_ruleset("fakefirs") if c.kind == "signal"]


def fake_infractions() -> list[Infraction]:
    f = "fakefirs"
    return [
        Infraction(f, "Boarding", "6.4.13", "2'", ("2'",), 2, False, None, f"{f}:annex-c.row1"),
        Infraction(f, "Boarding", "6.4.13", "5'+GM", ("5'", "GM"), 5, True, None, f"{f}:annex-c.row2"),
        Infraction(f, "Holding", "6.4.23", "2'", ("2'",), 2, False, None, f"{f}:annex-c.row3"),
        Infraction(f, "Spearing", "6.4.37", "5'+GM", ("5'", "GM"), 5, True, None, f"{f}:annex-c.row4"),
        Infraction(f, "Abuse of Officials", "6.4.2", "MIS", ("MIS",), 10, False, None, f"{f}:annex-c.row5"),
        Infraction(f, "Tripping", "6.4.40", None, (), 2, False, None, None),  # from rule text: no code
    ]


def fake_classes() -> list[PenaltyClass]:
    f = "fakefirs"
    return [
        PenaltyClass(f, "minor", 2, (), "For a minor penalty the player is ruled off for two (2) minutes.",
                     "7.2", f"{f}:7.2", "two (2) minutes"),
        PenaltyClass(f, "major", 5, (), "For a major penalty the player is ruled off for five (5) minutes.",
                     "7.3", f"{f}:7.3", "five (5) minutes"),
        PenaltyClass(f, "misconduct", 10, (), "A misconduct penalty removes the player for ten (10) minutes.",
                     "7.4", f"{f}:7.4", "ten (10) minutes"),
        PenaltyClass(f, "match", 5, (), "A match penalty suspends the player for the rest of the game.",
                     "7.5", f"{f}:7.5", ""),
        PenaltyClass(f, "double minor", None, (), "", "7.2", f"{f}:7.2", "", defined=False),
    ]
