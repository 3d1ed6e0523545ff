"""LEFT JOINs the WHERE turns inner: ``join.drops_empty`` (major) when a query LEFT JOINs the
rows it counts, so that the entities with none stay, counts on those entities (``HAVING
COUNT(p.payment_id) = 0``, ``COALESCE(SUM(b.nights), 0)``) and also requires a value of the
joined table in its WHERE (``p.paid_on >= ...``), which their all-NULL row never meets.

"Clients with no payments so far this year" as ``clients c LEFT JOIN payments p ... WHERE
p.paid_on >= date_trunc('year', current_date) ... HAVING count(p.payment_id) = 0``: a client
with no payment this year is left out by the WHERE before the HAVING reads it, so the query
returns nothing (or, with a conditional count, only the entities that had some rows). The
SQL's own LEFT JOIN and its test for nothing say what it meant; the condition belongs in the
JOIN's ON. The facts are the SQL reader's (:mod:`stef_sql.read.defeated`); the question is
not read: the SQL states what it counts on.

>>> from stef_sql.extract import extract_spec
>>> sql = ("SELECT c.id FROM clients c LEFT JOIN payments p ON p.client_id = c.id "
...        "WHERE p.paid_on >= '2026-01-01' GROUP BY c.id HAVING COUNT(p.payment_id) = 0")
>>> [(r.code, r.severity) for r in check(extract_spec(sql))]
[('join.drops_empty', 'major')]
>>> check(extract_spec(sql.replace("WHERE", "AND")))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec


def check(sql: SqlSpec) -> list[Reason]:
    if not sql.defeated_joins:
        return []
    condition, counted = sql.defeated_joins[0]
    return [reason(
        "join.drops_empty",
        f"the SQL LEFT JOINs the rows it counts and counts on the entities with none "
        f"({counted}), but its WHERE also requires {condition}, which their unmatched row "
        f"(every joined column NULL) never meets: those entities are removed before they are "
        f"counted, as by an inner join; the condition belongs in the JOIN's ON",
        "major",
    )]
