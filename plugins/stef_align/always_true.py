"""An OR that keeps every row: ``filter.operator_mismatch`` (critical).

"Students who neither dropped nor were dismissed" as ``status <> 'DROP' OR status <> 'DISM'``:
every status differs from one of the two, so the condition keeps every row whose status is
set, the dropped and the dismissed included. "Neither ... nor" and "excluding X and Y" are
``NOT IN ('DROP', 'DISM')`` (or the two inequalities ANDed). Read from the SQL alone
(``SqlSpec.always_true``): no question makes such a condition mean anything.

>>> from stef_sql.extract import extract_spec
>>> sql = "SELECT COUNT(*) FROM s WHERE t = 1 AND (st <> 'DROP' OR st <> 'DISM')"
>>> [(r.code, r.severity) for r in check(extract_spec(sql))]
[('filter.operator_mismatch', 'critical')]
>>> check(extract_spec(sql.replace(" OR ", " AND ")))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec


def check(sql: SqlSpec) -> list[Reason]:
    if not sql.always_true:
        return []
    return [reason(
        "filter.operator_mismatch",
        f"the SQL keeps {sql.always_true[0]}, which every row meets (each differs from one of "
        f"the two values): to leave both out, AND the two tests or use NOT IN",
        "critical",
    )]
