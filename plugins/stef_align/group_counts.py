"""A share of each group's rows divided by the number of groups: ``aggregation.mismatch``
(critical).

"Share of checkins by pass type" as ``COUNT(*) / SUM(COUNT(*)) OVER ()`` over ``GROUP BY
pass_type`` divides each group's count by the count of every row. Written ``COUNT(*) /
COUNT(*) OVER ()``, the window counts the rows of the grouped result: one per pass type. The
figure is each group's count over the number of groups, no share of anything (with three pass
types, 100 checkins of one type read 3333 %).

>>> from stef_sql.extract import extract_spec
>>> sql = ("SELECT pass_type, 100.0 * COUNT(*) / COUNT(*) OVER () AS pct FROM checkins "
...        "GROUP BY pass_type")
>>> [(r.code, r.severity) for r in check(extract_spec(sql))]
[('aggregation.mismatch', 'critical')]
>>> check(extract_spec(sql.replace("/ COUNT(*) OVER ()", "/ SUM(COUNT(*)) OVER ()")))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec

#: A row count divided by a window that counts the rows of the result: ``COUNT(*) /
#: COUNT(*) OVER ()`` (``COUNT(1)`` alike), an empty window (no PARTITION BY).
_OVER_GROUPS = re.compile(
    r"count\(\s*(?:\*|1)\s*\)[^/()]{0,24}\)?\s*/\s*\(?\s*(?:nullif\(\s*)?count\(\s*(?:\*|1)\s*\)\s+"
    r"over\s*\(\s*\)", re.IGNORECASE)


def check(sql: SqlSpec) -> list[Reason]:
    if not sql.group_by or not sql.windows:
        return []
    for p in sql.projections[:64]:
        if _OVER_GROUPS.search(p.expr):
            return [reason(
                "aggregation.mismatch",
                "the SQL divides each group's count by COUNT(*) OVER (), which over a grouped "
                "result counts the groups, not the rows: the share of all rows is COUNT(*) / "
                "SUM(COUNT(*)) OVER ()",
                "critical")]
    return []
