"""Rule 3, ``order_by_tolerance``: a default sort is fine when the question asked for no
order; it is not fine when the question asked for a different one.

Why: agents sort results by the metric, descending, to make them readable. Without a LIMIT the
rows are the same rows.

Before::

    -- "Total sales per region"
    SELECT region, SUM(amount) FROM sales GROUP BY region ORDER BY SUM(amount) DESC

After: the ORDER BY is marked ``tolerated``; no ``orderby`` reason is raised. A question that
asks "from lowest to highest" keeps the ORDER BY under scrutiny (``orderby.direction``), and a
top-k question needs it.
"""

from __future__ import annotations

from dataclasses import replace

from stef_core import hookimpl
from stef_core.contracts import Context, Normalizer


def order_by_tolerance(ctx: Context) -> Context:
    sql, q = ctx.sql, ctx.question
    if not sql.order_by or "order_by" in sql.tolerated:
        return ctx
    if q.order is not None or q.top_k is not None or q.superlative is not None:
        return ctx  # the question cares about order: the aligner checks it
    if sql.limit is not None and sql.limit < ctx.rules.limit_guard:
        return ctx  # ORDER BY + small LIMIT is a top-k, not a presentation sort
    new_sql = replace(sql, tolerated=(*sql.tolerated, "order_by"))
    return replace(ctx, sql=new_sql, fired=(*ctx.fired, OrderByTolerance.id))


class OrderByTolerance(Normalizer):
    """An ORDER BY the question did not ask for, without a top-k LIMIT, is a harmless sort."""

    id = "order_by_tolerance"
    order = 400

    def apply(self, ctx: Context) -> Context:
        return order_by_tolerance(ctx)


@hookimpl
def stef_register_normalizers() -> list[type[Normalizer]]:
    return [OrderByTolerance]
