"""Registers the default question-side extractor and the R_app vocabulary rule."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from typing import Any

from stef_core import hookimpl
from stef_core.contracts import Context, Normalizer, QuestionExtractor
from stef_core.models import Ruleset
from stef_core.spec import QuestionSpec


class RuleBasedQuestionExtractor(QuestionExtractor):
    """Reads aggregations, filters, grouping, order and top-k from the question and its hint."""

    id = "question"
    version = "1"

    #: Production logs repeat questions (dashboards, retries, several agents on one question):
    #: specs are frozen, so one extraction serves every repeat.
    cache_size = 2048

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)  # model options are for LLM extractors; none are needed here
        self._cache: OrderedDict[tuple[str, str | None, int], QuestionSpec] = OrderedDict()

    def extract(self, question: str, enriched_question: str | None, rules: Ruleset) -> QuestionSpec:
        from stef_question.extract import extract_question

        key = (question, enriched_question, id(rules))
        spec = self._cache.get(key)
        if spec is None:
            spec = extract_question(question, enriched_question, rules)
            self._cache[key] = spec
            if len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return spec


class Vocabulary(Normalizer):
    """Applies R_app synonyms and terms: question words become the columns and SQL they mean.

    Why: a deployment knows that "revenue" is ``SUM(price * quantity)`` and that "client"
    means ``customer_id``; without that, a correct query looks ungrounded.

    Before: question "total revenue per client", SQL ``SUM(price * quantity) ... customer_id``.
    After: the question spec names the column ``customer_id`` and the expression.
    """

    id = "vocabulary"
    order = 50

    def apply(self, ctx: Context) -> Context:
        rules = ctx.rules
        if not rules.synonyms and not rules.terms:
            return ctx
        from stef_question.extract import with_synonyms

        q = with_synonyms(ctx.question, rules)
        exprs = list(q.expressions)
        aggs = list(q.aggregations)
        for phrase in q.terms:
            sql = rules.terms[phrase]
            exprs.append(sql)
            head = sql.strip().split("(", 1)[0].strip().upper()
            if head in {"SUM", "AVG", "COUNT", "MIN", "MAX"} and head not in aggs:
                aggs.append(head)
        q = replace(q, expressions=tuple(exprs), aggregations=tuple(aggs))
        if q == ctx.question:
            return ctx
        return replace(ctx, question=q, fired=(*ctx.fired, self.id))


@hookimpl
def stef_register_extractors() -> list[type[QuestionExtractor]]:
    return [RuleBasedQuestionExtractor]


@hookimpl
def stef_register_normalizers() -> list[type[Normalizer]]:
    return [Vocabulary]
