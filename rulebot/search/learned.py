"""Rulebook words for everyday words, learned from referees' questions and the clauses that answer them.

A referee types "his lid came off", "chucks his stick", "the twig snapped"; the clause that answers says
"helmet", "throws", "broken".  For each word of a question that the rulebooks hardly use (at most
:data:`RARE_DF` clauses), :func:`learn` counts the rulebook terms of the clauses that answer the
questions it is said in, where the question does not say the term itself (words the synonym list has
are left to it).  A term the answering clauses
of a word share often (:data:`MIN_SHARE` of that word's questions, at least :data:`MIN_QUESTIONS` of
them, answered by at least :data:`MIN_CLAUSES` different clauses) and far more often than clauses in
general do (:data:`MIN_LIFT`) is one of the word's learned terms.  The search adds a word's learned terms
to a query at a weight below the question's own words (see ``ClauseRanker.query_terms``).

The table is built by ``benchmarks/learn_terms.py`` from the question sets in ``benchmarks/questions``
(never the evaluation's development set) and shipped as ``rulebot/data/learned_terms.json``.  It holds
stems, not questions: a question nobody asked before that says "lid" is helped as much as one that did.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from functools import lru_cache

from rulebot.search.text import STOP_WORDS, WEAK_WORDS, load_synonyms, respell, units, words

#: A question word found in at most this many clauses is one the rulebooks hardly use ("lid", "chuck").
RARE_DF = 3
#: Question-clause pairs a word and a term must meet in, and distinct clauses among them.
MIN_QUESTIONS = 2
MIN_CLAUSES = 2
#: Share of the word's questions whose answering clause has the term.
MIN_SHARE = 0.3
#: How many times more often the answering clauses have the term than all clauses do.
MIN_LIFT = 5.0
#: A learned term's query weight per unit of share (a question's own word weighs 1.0).
WEIGHT = 0.7
#: Learned terms kept per word, the most shared first.
MAX_TERMS = 5

LEARNED_FILE = "learned_terms.json"

Table = dict[str, list[tuple[str, float]]]


def question_stems(question: str, postings: dict) -> set[str]:
    """The stems of ``question`` that the rulebooks hardly use: content words (no stop or weak words, nor
    a word whose stem is one: "others", "happened") found in at most :data:`RARE_DF` clauses (``postings``
    maps a stem to the clauses that have it) that the synonym list says nothing of ("shove" is roughing
    there; a learned guess does not overrule it), leaving out the words that ask for a procedure
    (:func:`rulebot.search.intent.asks_procedure_span`)."""
    from rulebot.search.intent import asks_procedure_span

    syn = load_synonyms()
    # the words that ask for a procedure ("walk me through", "set up") say nothing of its subject
    return {t for w, t in units(words(asks_procedure_span(respell(question))))
            if w not in STOP_WORDS and w not in WEAK_WORDS and t not in STOP_WORDS and t.isalpha()
            and len(postings.get(t, ())) <= RARE_DF
            and not syn.expansions([w])}


def learn(examples: Iterable[tuple[str, Sequence[int]]], doc_terms: Sequence[frozenset[str]],
          postings: dict) -> Table:
    """Learned terms from ``examples``: pairs of a question and the documents (ranker document numbers)
    that answer it.  ``doc_terms`` holds each document's index terms, ``postings`` each term's documents.

    Returns {question stem: [(rulebook term, query weight), ...]}, the most shared term first; weights
    are :data:`WEIGHT` times the share (so at most :data:`WEIGHT`)."""
    n_docs = max(len(doc_terms), 1)
    asked: Counter[str] = Counter()  # questions a rare word is said in
    met: Counter[tuple[str, str]] = Counter()  # ... whose answer has a term the question does not say
    clauses: defaultdict[tuple[str, str], set[int]] = defaultdict(set)
    for question, docs in examples:
        if not docs:
            continue
        answer = {t for d in docs for t in doc_terms[d] if t.isalpha()}
        for word in question_stems(question, postings):
            if word in answer:
                continue
            asked[word] += 1
            for term in answer:
                met[word, term] += 1
                clauses[word, term].add(docs[0])
    table: defaultdict[str, list[tuple[str, float]]] = defaultdict(list)
    for (word, term), n in met.items():
        share = n / asked[word]
        if (n >= MIN_QUESTIONS and len(clauses[word, term]) >= MIN_CLAUSES and share >= MIN_SHARE
                and share * n_docs / len(postings[term]) >= MIN_LIFT):
            table[word].append((term, round(WEIGHT * share, 3)))
    return {w: sorted(ts, key=lambda tw: (-tw[1], tw[0]))[:MAX_TERMS] for w, ts in sorted(table.items())}


def dump(table: Table) -> str:
    """``table`` as the JSON text of :data:`LEARNED_FILE` (one word per line, sorted)."""
    lines = [f"  {json.dumps(w)}: {json.dumps([[t, x] for t, x in ts])}" for w, ts in sorted(table.items())]
    return "{\n" + ",\n".join(lines) + "\n}\n"


@lru_cache(maxsize=1)
def learned_terms() -> dict[str, tuple[tuple[str, float], ...]]:
    """The packaged table (``rulebot/data/learned_terms.json``): {question stem: ((term, weight), ...)};
    empty when the file is missing."""
    from rulebot.paths import data_file

    path = data_file(LEARNED_FILE)
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {w: tuple((t, float(x)) for t, x in ts) for w, ts in data.items()}
