"""A share's denominator read over another period: ``filter.missing`` (major) when the SQL
divides by a scalar subquery (``COUNT(*) / (SELECT COUNT(*) FROM enrollments WHERE org_id =
5)``) whose WHERE leaves out the period the query's own WHERE keeps (``enrolled_ts`` in
February): "share of last month's enrollments that were dropped" then divides February's by
every month's. Only a period column: leaving out the part's own condition (``status =
'dropped'``) is what a share does. A question that asks against all time ("of all-time
revenue", "overall", "ever") is left alone.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("share of last month's enrollments that were dropped", None)
>>> sql = ("SELECT COUNT(*) * 1.0 / (SELECT COUNT(*) FROM enrollments WHERE org_id = 5) "
...        "FROM enrollments WHERE org_id = 5 AND status = 'dropped' "
...        "AND enrolled_ts >= '2026-02-01' AND enrolled_ts < '2026-03-01'")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql.replace("org_id = 5)", "org_id = 5 AND enrolled_ts >= "
...                                   "'2026-02-01' AND enrolled_ts < '2026-03-01')")))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: A question that measures against every period.
_ALL_TIME = re.compile(r"\b(?:all[- ]time|overall|ever|lifetime|since inception|to date total)\b")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.denominator_drops:
        return []
    dated = {p.column.lower() for p in sql.periods if p.column and p.source == "where"}
    if not dated or _ALL_TIME.search(q.text[:2000].lower()):
        return []
    for text, dropped in sql.denominator_drops[:8]:
        lost = sorted(dated.intersection(dropped))
        if lost:
            return [reason(
                "filter.missing",
                f"the share's denominator is a subquery over every {lost[0]} ({text}) while "
                f"the query keeps one period of it: the part and the whole cover different "
                f"periods",
                "major",
            )]
    return []
