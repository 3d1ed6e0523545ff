"""Rule 2, ``benign_group_by``: grouping on a column that WHERE pins to one value changes
nothing, so it is ignored.

Why: ``WHERE country = 'FR' GROUP BY country`` yields one group, the same rows as no grouping;
agents add it so the pinned column can be projected.

Before::

    SELECT country, COUNT(*) FROM users WHERE country = 'FR' GROUP BY country

After: ``country`` leaves the spec's ``group_by``; "How many users are in FR?" aligns.
"""

from __future__ import annotations

from dataclasses import replace

from stef_core import hookimpl
from stef_core.contracts import Context, Normalizer


def benign_group_by(ctx: Context) -> Context:
    sql = ctx.sql
    if not sql.group_by:
        return ctx
    pinned = {
        f.column
        for f in sql.filters
        if (f.op == "=" and f.source in ("where", "join") and not f.alternative
                and not f.excluded and f.column is not None)
    }
    kept = tuple(k for k in sql.group_by if k not in pinned)
    if kept == sql.group_by:
        return ctx
    implied = tuple(k for k in sql.implied_group_by if k in kept)
    new_sql = replace(sql, group_by=kept, implied_group_by=implied)
    return replace(ctx, sql=new_sql, fired=(*ctx.fired, BenignGroupBy.id))


class BenignGroupBy(Normalizer):
    """GROUP BY on a column pinned by WHERE col = value is ignored."""

    id = "benign_group_by"
    order = 200

    def apply(self, ctx: Context) -> Context:
        return benign_group_by(ctx)


@hookimpl
def stef_register_normalizers() -> list[type[Normalizer]]:
    return [BenignGroupBy]
