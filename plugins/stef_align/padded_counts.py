"""COUNT(*) per entity over a LEFT JOIN: ``aggregation.mismatch`` (major).

"Lessons per teacher this month, including teachers with none" as ``teachers t LEFT JOIN
lessons l ON l.teacher_id = t.teacher_id ... GROUP BY t.teacher_id`` with ``COUNT(*)``: the
LEFT JOIN keeps a teacher with no lesson as one row whose lesson columns are NULL, and
COUNT(*) counts that row, so the teacher shows 1 where the answer is 0. ``COUNT(l.lesson_id)``
counts the matches. The SQL's own LEFT JOIN says entities with none were meant to be kept,
whatever the question's words (``SqlSpec.padded_counts``).

Read only when the grouped side is joined on its own key (``teachers.teacher_id``) and the
LEFT JOINed table is not keyed by that column (``lessons.teacher_id``: many lessons per
teacher): a LEFT JOIN to a parent (``orders LEFT JOIN customers ON customer_id``, grouped by
``o.customer_id``) counts the first table's rows, as meant.

>>> from stef_sql.extract import extract_spec
>>> sql = ("SELECT t.teacher_id, COUNT(*) FROM teachers t LEFT JOIN lessons l "
...        "ON l.teacher_id = t.teacher_id GROUP BY t.teacher_id")
>>> [(r.code, r.severity) for r in check(extract_spec(sql))]
[('aggregation.mismatch', 'major')]
>>> check(extract_spec("SELECT o.customer_id, COUNT(*) FROM orders o LEFT JOIN customers c "
...                    "ON c.customer_id = o.customer_id GROUP BY o.customer_id"))
[]
"""

from __future__ import annotations

from stef_align.joins import keyed, named_key, short_key
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec


def check(sql: SqlSpec) -> list[Reason]:
    for j in sql.padded_counts[:8]:
        if keyed(j.joined, j.joined_key) or named_key(j.joined, j.joined_key, j.table):
            continue  # the LEFT JOINed table holds one row per key: nothing is counted twice
        if not (named_key(j.table, j.key, j.joined) or short_key(j.table, j.key)):
            continue  # the grouped side is not plainly one row per key
        return [reason(
            "aggregation.mismatch",
            f"the SQL counts {j.expr} per {j.table}.{j.key} over a LEFT JOIN of {j.joined}: "
            f"a {j.table} row with no {j.joined} keeps one row of NULLs, which {j.expr} "
            f"counts, so it shows 1 instead of 0; count a column of {j.joined} "
            f"(COUNT({j.joined}.{j.joined_key}) or its own key)",
            "major",
        )]
    return []
