"""Two amounts added inside SUM or AVG where one is NULL on some rows: ``aggregation.mismatch``
(major).

"Revised budget by job" answered by ``SUM(orig_bud_amt + appr_rev_amt)``: on a budget line
with no revision ``appr_rev_amt`` is NULL, so ``orig_bud_amt + appr_rev_amt`` is NULL and SUM
passes the line over, its original budget with it; ``AVG(green_fee + cart_fee)`` leaves out
every round played without a cart. ``SUM(a) + SUM(b)`` or ``COALESCE(b, 0)`` keeps them.

Whether a column holds NULLs is the schema's, which a record does not carry; the run's own
queries show it: one that reads the column through ``COALESCE(appr_rev_amt, 0)``
(:attr:`stef_core.run.RunProfile.defaulted`) was written by someone who expects NULLs there.
Read only for an addition (a difference ``total_amt - paid_amt`` is read by many right answers
over rows where both are set), of two bare columns (not a CTE's computed ones), when the query
itself defaults neither column anywhere nor filters on it (``cart_fee IS NOT NULL``, ``cart_fee
> 0``: the rows without one were left out on purpose), and neither is a date or a time (an end
still open is another question).

>>> from stef_core.run import RunProfile
>>> from stef_sql.extract import extract_spec
>>> run = RunProfile(defaulted=frozenset({"appr_rev_amt"}))
>>> sql = extract_spec("SELECT job_id, SUM(b.orig_bud_amt + b.appr_rev_amt) FROM budget_lines b "
...                    "GROUP BY job_id")
>>> [(r.code, r.severity) for r in check(sql, run)]
[('aggregation.mismatch', 'major')]
>>> check(sql, RunProfile())
[]
>>> check(extract_spec("SELECT SUM(b.orig_bud_amt + b.appr_rev_amt) FROM budget_lines b "
...                    "WHERE b.appr_rev_amt IS NOT NULL"), run)
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.run import RunProfile
from stef_core.spec import SqlSpec

#: A column whose name says it holds a date or a moment.
_TIMEISH = re.compile(r"(?:^|_)(?:dt|ts|at|date|time|day|on)$")


def check(sql: SqlSpec, run: RunProfile) -> list[Reason]:
    if not sql.added_sums or not run.defaulted:
        return []
    filtered = {(f.column or "").rsplit(".", 1)[-1].lower() for f in sql.filters[:64]}
    for func, one, other in sql.added_sums:
        if _TIMEISH.search(one) or _TIMEISH.search(other):
            continue
        nullable = [c for c in (one, other) if c in run.defaulted]
        if not nullable or {one, other} & (sql.defaulted_columns | filtered):
            continue
        shown = nullable[0]
        return [reason(
            "aggregation.mismatch",
            f"{func}({one} + {other}) adds two columns inside the {func}: where {shown} is "
            f"NULL (the run's other queries read it through COALESCE, so it is on some rows) "
            f"the sum is NULL and {func} passes the row over, its "
            f"{other if shown == one else one} with it; add COALESCE({shown}, 0) or "
            f"{func}s of each column",
            "major",
        )]
    return []
