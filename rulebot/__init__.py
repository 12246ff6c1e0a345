"""rulebot: rules lookup, penalty and signal index, and certification quizzes for hockey officials.

Flow: corpus text -> :mod:`rulebot.corpus` (parser) -> :class:`rulebot.corpus.index.ClauseIndex`
-> :mod:`rulebot.search` (ranking, answers) -> :mod:`rulebot.cli` and :mod:`rulebot.ui`.
"""

__version__ = "0.1.0"
