"""First-time rows: ``filter.missing`` (major) when the question asks for first-time ones
("first time pass rate", "first-time donors", "passed on the first attempt") and the SQL has no
way of picking a first one: every row of the period counts, retakes and repeat donors included.

A first one is picked by its rank (``ROW_NUMBER() ... = 1``, ``RANK``, ``FIRST_VALUE``, ``LAG``),
by the earliest time (``MIN(gift_dt)``), by the absence of an earlier row (``NOT EXISTS``,
``NOT IN``, an anti-join), by a group's count (``HAVING``; a count per job in a subquery,
"first-time fix" as jobs with one visit), or by a column the warehouse keeps
for it (``is_first_visit``, ``attempt_no``, ``new_donor_flag``): any of these and the SQL has
tried, whether it tried right is the other readers' to say. Only the person's words or the
agent's reformulation of them are read, both in plain phrases; "first name", "first of the
month" and a superlative "the first order" are other things.

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(text="first time pass rate for practicals this year")
>>> sql = ("SELECT SUM(result = 'PASS') / COUNT(*) AS first_time_pass_rate FROM tests "
...        "WHERE kind = 'PRACTICAL' AND test_dt >= '2026-01-01'")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, "mysql"))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql.replace("FROM tests", "FROM tests t WHERE NOT EXISTS (SELECT 1 "
...       "FROM tests e WHERE e.learner_id = t.learner_id AND e.test_dt < t.test_dt) AND 1 = 1"
...       ).replace("WHERE kind", "AND kind"), "mysql"))
[]
"""

from __future__ import annotations

from stef_align.occurrences import tells_occurrences
from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: "first time pass rate", "first-time donors", "first timers", "on the first attempt",
#: "first try", "first-attempt fix rate".
_FIRST_TIME = gated(r"\bfirst[- ]?(?:time|timers?)\b|\bfirst[- ](?:attempts?|try|tries)\b")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    m = _FIRST_TIME.search(q.text[:2000])
    if m is None or tells_occurrences(sql):
        return []
    return [reason(
        "filter.missing",
        f"the question asks for {m.group(0)} rows but the SQL picks no first one (no rank, "
        "earliest date, earlier-row test or first-time column): every row of the period "
        "counts, repeats included",
        "major",
    )]
