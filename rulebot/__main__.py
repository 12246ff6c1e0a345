"""``python -m rulebot`` runs the command line."""

from rulebot.cli import main

raise SystemExit(main())
