"""The Textual app (issue 6): ``rulebot`` with no arguments opens it, ``rulebot serve`` serves it in a
browser.

- :mod:`rulebot.ui.app` -- :class:`~rulebot.ui.app.RulebotApp` and :func:`~rulebot.ui.app.make_app`,
  the factory the CLI and the tests share; styles in ``app.tcss`` beside it.
- :mod:`rulebot.ui.library` -- a headless adapter over the library (index, search, penalties,
  signals, quizzes): the only place the UI reaches into the core.  No Textual import there.
- :mod:`rulebot.ui.settings` -- the persisted app settings (ruleset choice, theme).
- :mod:`rulebot.ui.widgets` -- one module per tab (Ask, Browse, Penalties, Signals, Quiz).
- :mod:`rulebot.ui.providers` -- the command-palette provider that jumps to any rule.

The core (everything outside this package and :mod:`rulebot.cli.app`) never imports Textual.
"""
