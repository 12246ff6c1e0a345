"""Certification quizzes (issue 5): question banks, generated questions, the session state machine
and the progress history.

- :mod:`rulebot.quiz.bank` -- load and validate ``quizzes/<ruleset>-l<level>.yaml`` (``Question``, ``Bank``).
- :mod:`rulebot.quiz.check` -- ``rulebot quiz check``: the schema plus cites, quotes and answers against
  the clause index.
- :mod:`rulebot.quiz.generate` -- questions built from the signal and penalty tables.
- :mod:`rulebot.quiz.session` -- the quiz as a pure state machine (practice and exam modes), driven by
  the CLI (:mod:`rulebot.cli.quiz`) and the TUI alike.
- :mod:`rulebot.quiz.history` -- attempts and answers in SQLite, resumable.

None of these modules imports Textual or rich.
"""
