"""A measure the question asks to see that the SQL only ranks by: ``projection.missing``
(critical).

"Top 5 accounts by revenue ytd and how much each spent" asks for the accounts *and* their
amounts; ``SELECT account_nm ... GROUP BY account_nm ORDER BY SUM(total_usd) DESC LIMIT 5``
computes the amount to rank by and shows only the names. Read only when the person's own words
add the amount as a second ask ("and how much ...", "and how many ..."), and the outer SELECT
shows only the keys it groups by (no aggregate, no computed or other stored value) while it
ranks by an aggregate.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("top 5 accounts by revenue and how much each spent", None)
>>> sql = ("SELECT a.nm FROM orders o JOIN accounts a ON a.id = o.account_id GROUP BY a.nm "
...        "ORDER BY SUM(o.total) DESC LIMIT 5")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('projection.missing', 'critical')]
>>> check(q, extract_spec(sql.replace("SELECT a.nm", "SELECT a.nm, SUM(o.total) AS spent")))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: The amount asked as a second item: "... and how much each spent", "..., and how many".
_AND_HOW = re.compile(r"(?:\band|\bplus|\bwith|,)\s+how (much|many)\b")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    # the SQL's shape first: most queries leave the question unread
    if sql.select_star or not sql.aggregations or not sql.projections:
        return []
    if sql.set_operation or not (sql.group_by or sql.order_by):
        return []
    m = _AND_HOW.search(q.own_words[:2000])
    if m is None:
        return []
    if any(p.aggregate or p.column is None or p.expr.strip().lower() != _plain(p)
           for p in sql.projections[:32]):
        return []  # an aggregate or a computed value is shown
    if not any(o.aggregate for o in sql.order_by[:8]):
        return []
    keys = {k.lower().rsplit(".", 1)[-1] for k in sql.group_by[:16]}
    if not all((p.column or "").lower() in keys for p in sql.projections[:32]):
        return []  # a stored value shown beside the keys ("and how many rank points ...")
    return [reason(
        "projection.missing",
        f"the question also asks how {m.group(1)} each, but the SQL shows only "
        f"{', '.join(p.expr for p in sql.projections[:4])} and ranks by an aggregate it does "
        f"not show",
        "critical")]


def _plain(p: object) -> str:
    """A projection's text when it is a bare (possibly qualified or aliased) column."""
    expr = str(getattr(p, "expr", "")).strip().lower()
    return expr if re.fullmatch(r"[\w.\"`\[\] ]+", expr) else ""
