"""Registers the default question-side extractor (the R_app vocabulary rule is in
:mod:`stef_question.vocabulary`, its own entry point)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from stef_core import hookimpl
from stef_core.contracts import QuestionExtractor
from stef_core.limits import QUESTION_CACHE
from stef_core.models import Ruleset
from stef_core.spec import QuestionSpec


class RuleBasedQuestionExtractor(QuestionExtractor):
    """Reads a typed question frame: values, comparatives and negation, aggregates,
    superlatives and top-k, grouping, projection, periods, and the enrichment's bindings.

    One small module per concept (``stef_question.concepts``), cue words as data
    (``lexicon.json``, extended by R_app's ``lexicon``). The required constraints are a
    function of the question, its enrichment and R_app only, never of the SQL; each has a
    strength (strong: the SQL must meet it; weak: missing it only lowers confidence).
    """

    id = "question"
    version = "2"

    #: Production logs repeat questions (dashboards, retries, several agents on one question):
    #: specs are frozen, so one extraction serves every repeat.
    cache_size = QUESTION_CACHE

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)  # model options are for LLM extractors; none are needed here
        self._cache: OrderedDict[tuple[str, str | None, int], QuestionSpec] = OrderedDict()

    def extract(self, question: str, enriched_question: str | None, rules: Ruleset) -> QuestionSpec:
        key = (question, enriched_question, id(rules))
        spec = self._cache.get(key)
        if spec is None:
            spec = _extract_question()(question, enriched_question, rules)
            self._cache[key] = spec
            if len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return spec


@lru_cache(maxsize=1)
def _extract_question() -> Callable[[str, str | None, Ruleset], QuestionSpec]:
    """The reader, imported on first use and kept: an import statement run for every record
    costs more than some readers."""
    from stef_question.extract import extract_question

    return extract_question


@hookimpl
def stef_register_extractors() -> list[type[QuestionExtractor]]:
    return [RuleBasedQuestionExtractor]
