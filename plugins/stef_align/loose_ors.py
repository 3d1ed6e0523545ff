"""An OR written beside an AND chain with no parentheses: ``filter.missing`` (major).

"Meteorite sales this year via web or shows" as ``... WHERE s.tenant_id = 'geode' AND
s.sold_at >= '2026-01-01' AND s.channel = 'WEB' OR s.channel = 'SHOW'``: AND binds before OR,
so the query keeps every show sale of every tenant and every year; the chain's conditions
hold for the web sales only. ``s.channel IN ('WEB', 'SHOW')``, or the OR in parentheses,
keeps both under every condition. Read from the SQL alone (``SqlSpec.loose_ors``): where the
lone side tests a column the chain tests too, or the chain holds three conditions or more.

>>> from stef_sql.extract import extract_spec
>>> sql = "SELECT COUNT(*) FROM s WHERE t = 1 AND y >= 2026 AND ch = 'WEB' OR ch = 'SHOW'"
>>> [(r.code, r.severity) for r in check(extract_spec(sql))]
[('filter.missing', 'major')]
>>> check(extract_spec(sql.replace("ch = 'WEB' OR ch = 'SHOW'", "(ch = 'WEB' OR ch = 'SHOW')")))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec


def check(sql: SqlSpec) -> list[Reason]:
    if not sql.loose_ors:
        return []
    return [reason(
        "filter.missing",
        f"the SQL writes {sql.loose_ors[0]} with no parentheses: AND binds before OR, so the "
        f"rows of the OR's lone side are kept whatever the AND chain's conditions say (its "
        f"guards and period included); put the OR in parentheses",
        "major",
    )]
