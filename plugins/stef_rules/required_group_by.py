"""Rule 1, ``required_group_by``: a GROUP BY that the SELECT list forces is not an extra.

Why: ``SELECT region, SUM(amount)`` is invalid without ``GROUP BY region``; an agent that adds
it did what the question ("total amount per region", or even "total amount by region") needs,
even when the question never says "group".

Before::

    SELECT region, SUM(amount) FROM sales GROUP BY region   -- group-by looks unrequested

After: ``region`` is listed in ``implied_group_by``; the aligner raises no ``groupby.extra``.
"""

from __future__ import annotations

from dataclasses import replace

from stef_core import hookimpl
from stef_core.contracts import Context, Normalizer


def required_group_by(ctx: Context) -> Context:
    sql = ctx.sql
    if not sql.group_by or not any(p.aggregate for p in sql.projections):
        return ctx
    plain: set[str] = set()
    for p in sql.projections:
        if p.aggregate is None:
            plain.update(p.columns)
            if p.expr:
                plain.add(p.expr.lower())
    implied = tuple(k for k in sql.group_by if k in plain)
    if not implied:
        return ctx
    return replace(
        ctx, sql=replace(sql, implied_group_by=implied), fired=(*ctx.fired, RequiredGroupBy.id)
    )


class RequiredGroupBy(Normalizer):
    """GROUP BY on the plain columns of an aggregating SELECT is required, not an extra."""

    id = "required_group_by"
    order = 100

    def apply(self, ctx: Context) -> Context:
        return required_group_by(ctx)


@hookimpl
def stef_register_normalizers() -> list[type[Normalizer]]:
    return [RequiredGroupBy]
