"""Rule documents -> clause index.  ``load_index()`` is the entry point."""

from rulebot.corpus.index import ClauseIndex
from rulebot.corpus.loader import load_index

__all__ = ["ClauseIndex", "load_index"]
