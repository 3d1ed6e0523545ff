"""A share of each group's rows divided by the number of groups: ``aggregation.mismatch``
(critical).

"Share of checkins by pass type" as ``COUNT(*) / SUM(COUNT(*)) OVER ()`` over ``GROUP BY
pass_type`` divides each group's count by the count of every row. Written ``COUNT(*) /
COUNT(*) OVER ()``, the window counts the rows of the grouped result: one per pass type. The
figure is each group's count over the number of groups, no share of anything (with three pass
types, 100 checkins of one type read 3333 %). The divisions are read from the SQL's tree
(``SqlSpec.group_count_shares``, :mod:`stef_sql.read.shares`): a row count, scaled or cast,
over the row count of an empty window, in a zero guard or not.

>>> from stef_sql.extract import extract_spec
>>> sql = ("SELECT pass_type, 100.0 * COUNT(*) / COUNT(*) OVER () AS pct FROM checkins "
...        "GROUP BY pass_type")
>>> [(r.code, r.severity) for r in check(extract_spec(sql))]
[('aggregation.mismatch', 'critical')]
>>> check(extract_spec(sql.replace("/ COUNT(*) OVER ()", "/ SUM(COUNT(*)) OVER ()")))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec


def check(sql: SqlSpec) -> list[Reason]:
    if not sql.group_by or not sql.group_count_shares:
        return []
    return [reason(
        "aggregation.mismatch",
        f"the SQL divides each group's count by COUNT(*) OVER () ({sql.group_count_shares[0]}), "
        "which over a grouped result counts the groups, not the rows: the share of all rows is "
        "COUNT(*) / SUM(COUNT(*)) OVER ()",
        "critical")]
