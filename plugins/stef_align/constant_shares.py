"""A share that is 100 % whatever the data: ``aggregation.mismatch`` (critical).

"Pass rate on placement tests" answered by ``SUM(passed) / COUNT(*) ... WHERE passed = 1``:
the WHERE keeps only the rows the numerator counts, so the denominator counts them too and
the rate is 1 on every run; ``COUNT(*) FILTER (WHERE late) / COUNT(*) FILTER (WHERE late)``
divides a count by itself. The SQL's own text says so (``SqlSpec.constant_shares``), whatever
the question's words: the condition belongs to the numerator alone.

>>> from stef_sql.extract import extract_spec
>>> sql = extract_spec("SELECT SUM(CASE WHEN renewed = 'Y' THEN 1 ELSE 0 END) / COUNT(*) "
...                    "FROM memberships WHERE renewed = 'Y' AND expire_dt >= '2026-04-01'")
>>> [(r.code, r.severity) for r in check(sql)]
[('aggregation.mismatch', 'critical')]
>>> check(extract_spec("SELECT SUM(CASE WHEN renewed = 'Y' THEN 1 ELSE 0 END) / COUNT(*) "
...                    "FROM memberships WHERE expire_dt >= '2026-04-01'"))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec


def check(sql: SqlSpec) -> list[Reason]:
    if not sql.constant_shares:
        return []
    return [reason(
        "aggregation.mismatch",
        f"the SQL's share ({sql.constant_shares[0]}) divides by a whole that holds only "
        f"the rows of its numerator (the same condition in the WHERE or in the denominator, "
        f"or a window total over each group alone), so it is 1 (100 %) whatever the data: "
        f"let the denominator count the whole",
        "critical",
    )]
