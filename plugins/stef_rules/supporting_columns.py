"""Rule 5, ``supporting_columns``: the value a ranking is by, shown beside the answer, is a
supporting column, not a column too many.

Why: asked "which payment method had the most failed payments?", an agent shows the method
and how many failed payments it had; asked for "the top 5 products by units sold", the units
beside each product. That is the answer a person wants to read, not an error. (Benchmarks
labelled by execution match count the extra column as a wrong result: a deployment whose
answers are read by a program that expects one column, or a benchmark with such labels,
switches the rule off with ``rule supporting_columns off``, and ``projection.extra`` reports
the column again, major when the question asks for one thing.)

Before::

    -- "which payment method had the most failed payments this month"
    SELECT payment_method, COUNT(*) AS failed_payments FROM payments
    WHERE status = 'failed' GROUP BY payment_method ORDER BY failed_payments DESC LIMIT 1

After: the COUNT(*) column is marked ``tolerated`` (``supporting_columns``); no
``projection.extra`` is raised, and the judge does not count it as an extra output column. A
question that asks for a different value, or a query that shows only aggregates, is left to
the aligner.
"""

from __future__ import annotations

from dataclasses import replace

from stef_core import hookimpl
from stef_core.contracts import Context, Normalizer

#: The mark the aligner and the judge read.
TOLERATED = "supporting_columns"


def supporting_columns(ctx: Context) -> Context:
    sql, q = ctx.sql, ctx.question
    if TOLERATED in sql.tolerated or (q.superlative is None and q.top_k is None):
        return ctx  # only a ranking has a value it is by
    if not (sql.order_by or sql.ranking or sql.nested_order_by):
        return ctx
    shown = [p for p in sql.projections[:64] if p.aggregate]
    if not shown or len(shown) == len(sql.projections):
        return ctx  # nothing beside the answer, or no answer beside the values
    new_sql = replace(sql, tolerated=(*sql.tolerated, TOLERATED))
    return replace(ctx, sql=new_sql, fired=(*ctx.fired, SupportingColumns.id))


class SupportingColumns(Normalizer):
    """The value a ranking is by, shown beside the answer, is a supporting column."""

    id = "supporting_columns"
    order = 500

    def apply(self, ctx: Context) -> Context:
        return supporting_columns(ctx)


@hookimpl
def stef_register_normalizers() -> list[type[Normalizer]]:
    return [SupportingColumns]
