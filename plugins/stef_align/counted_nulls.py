"""A column counted where the WHERE keeps it NULL: ``aggregation.mismatch`` (critical).

COUNT(col) counts the rows where ``col`` is not NULL, so ``SELECT COUNT(promo_code) FROM
orders WHERE promo_code IS NULL`` is 0 whatever the data: the rows asked for ("how many
orders had no promo code") are counted by ``COUNT(*)``. Read in a query of one table with
no subquery, where the column counted and the column tested are the same column: with a
join, ``COUNT(c.customer_id) ... LEFT JOIN orders o ... WHERE o.customer_id IS NULL`` counts
the customers without orders, as meant. The join's missing side counted is the same
mistake: ``COUNT(b.lane_id) FROM lanes l LEFT JOIN bookings b ... WHERE b.booking_id IS NULL``
counts a column of the rows that have no booking, NULL on every one of them
(``SqlSpec.counted_unmatched``).

>>> from stef_sql.extract import extract_spec
>>> sql = "SELECT COUNT(product_id) FROM sales WHERE operator_id = 7 AND product_id IS NULL"
>>> [(r.code, r.severity) for r in check(extract_spec(sql))]
[('aggregation.mismatch', 'critical')]
>>> check(extract_spec(sql.replace("COUNT(product_id)", "COUNT(*)")))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec


def check(sql: SqlSpec) -> list[Reason]:
    if sql.counted_unmatched and not sql.set_operation:
        return [reason(
            "aggregation.mismatch",
            f"the SQL counts {sql.counted_unmatched[0]}, a column of the LEFT JOINed table "
            f"its WHERE keeps unmatched (key IS NULL): that column is NULL on every row "
            f"kept, so the count is 0 whatever the data; count the rows (COUNT(*)) or the "
            f"kept table's key",
            "critical",
        )]
    if len(sql.tables) != 1 or sql.subqueries or sql.set_operation:
        return []
    nulls = {f.column for f in sql.filters[:64]
             if f.op == "is null" and f.source == "where" and f.column
             and not (f.alternative or f.excluded)}
    if not nulls:
        return []
    for a in sql.aggregations[:32]:
        column = a.arg.split(".")[-1].lower()
        if a.func == "COUNT" and not a.distinct and not a.nested and column in nulls:
            return [reason(
                "aggregation.mismatch",
                f"the SQL counts {a.arg} where its WHERE keeps {column} IS NULL: COUNT of a "
                f"column skips its NULLs, so the count is 0 whatever the data; count the rows "
                f"(COUNT(*))",
                "critical",
            )]
    return []
