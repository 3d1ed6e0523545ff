"""Question -> :class:`QuestionSpec` (the entry point other plugins import).

The reading itself lives in :mod:`stef_question.frame` (the typed question frame) and the
concept modules under :mod:`stef_question.concepts`, with the cue words in ``lexicon.json``.

>>> spec = extract_question("How many orders over 100 were placed by 'ACME' per region?", None)
>>> spec.aggregations, spec.group_by, [(f.op, f.value) for f in spec.filters]
(('COUNT',), ('region',), [('>', 100), ('=', 'acme')])
"""

from __future__ import annotations

import re
from dataclasses import replace

from stef_core.models import Ruleset
from stef_core.spec import QuestionSpec
from stef_core.values import fold_text
from stef_question.concepts.enrichment import condition_filters, split_enrichment
from stef_question.frame import content_words, question_spec

__all__ = ["content_words", "extract_question", "split_enrichment", "with_synonyms"]

#: One SQL-like condition read by the SQL extractor's predicate reader (the R_app vocabulary
#: rule reads predicate terms with it, so both sides normalize alike).
_condition_filters = condition_filters


def extract_question(
    question: str, enriched_question: str | None, rules: Ruleset | None = None
) -> QuestionSpec:
    """The spec of a question and its enrichment under R_app (see :mod:`stef_question.frame`)."""
    return question_spec(question, enriched_question, rules)


def with_synonyms(spec: QuestionSpec, rules: Ruleset) -> QuestionSpec:
    """Map words in the question to the columns R_app says they mean."""
    if not rules.synonyms:
        return spec
    columns = set(spec.synonym_columns)
    for column, words in rules.synonyms.items():
        # Whole words or phrases of the (folded) question: "client" is not in "clientele".
        if any(_word_in(fold_text(word), spec.text) for word in words):
            columns.add(column.lower())
    return replace(spec, synonym_columns=frozenset(columns))


def _word_in(phrase: str, text: str) -> bool:
    return bool(phrase) and re.search(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", text) is not None
