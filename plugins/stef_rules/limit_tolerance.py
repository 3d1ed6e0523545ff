"""Rule 4, ``limit_tolerance``: a high guard LIMIT (>= lambda_min, R_app ``limit_guard``,
default 1000) is a safety rail, not a top-k.

Why: production agents cap every result set so a runaway query cannot flood the client; a
cap far above any answer's size changes no answer.

Before::

    SELECT name FROM customers WHERE country = 'FR' LIMIT 1000

After: the spec has no LIMIT. A small LIMIT the question did not ask for stays and is reported
(``limit.unrequested``); a top-k question without ORDER BY and LIMIT is ``limit.missing_topk``.
"""

from __future__ import annotations

from dataclasses import replace

from stef_core import hookimpl
from stef_core.contracts import Context, Normalizer


def limit_tolerance(ctx: Context) -> Context:
    sql = ctx.sql
    if sql.limit is None or sql.limit < ctx.rules.limit_guard:
        return ctx
    new_sql = replace(sql, limit=None, tolerated=(*sql.tolerated, "limit"))
    return replace(ctx, sql=new_sql, fired=(*ctx.fired, LimitTolerance.id))


class LimitTolerance(Normalizer):
    """A LIMIT at or above the guard (default 1000) is a safety rail and is ignored."""

    id = "limit_tolerance"
    order = 300

    def apply(self, ctx: Context) -> Context:
        return limit_tolerance(ctx)


@hookimpl
def stef_register_normalizers() -> list[type[Normalizer]]:
    return [LimitTolerance]
