"""Two output columns named for two things and computed alike: ``projection.duplicate``
(major).

"Disconnections and reconnections per month" answered by ``SUM(CASE WHEN order_type =
'DISCONNECT' THEN 1 ELSE 0 END) AS disconnections`` and the very same sum ``AS
reconnections``: a column copied and renamed, whose condition was never changed, so the
second column shows the first one's figure. Only conditional aggregates (a CASE, IF, IIF,
COUNTIF or FILTER inside the aggregate) under aliases whose words differ are read: a plain
``COUNT(*)`` shown twice says nothing wrong, and two aliases of one word ("orders",
"order_count") name one thing.

>>> from stef_sql.extract import extract_spec
>>> sql = extract_spec("SELECT COUNTIF(status = 'approved') AS approved, "
...                    "COUNTIF(status = 'approved') AS rejected FROM permits", "bigquery")
>>> [(r.code, r.severity) for r in check(sql)]
[('projection.duplicate', 'major')]
>>> check(extract_spec("SELECT COUNTIF(status = 'approved') AS approved, "
...                    "COUNTIF(status = 'rejected') AS rejected FROM permits", "bigquery"))
[]
"""

from __future__ import annotations

import re

from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec
from stef_core.words import stem

#: A condition inside an aggregate, as the SQL reader prints it.
_CONDITIONAL = re.compile(r"\b(?:CASE\s+WHEN|IIF\s*\(|IF\s*\(|COUNT_?IF\s*\(|FILTER\s*\()",
                          re.IGNORECASE)
#: At most this many output columns are compared.
MAX_ITEMS = 64


def _words(alias: str) -> frozenset[str]:
    return frozenset(stem(w) for w in parts(alias) if not w.isdigit())


def check(sql: SqlSpec) -> list[Reason]:
    seen: dict[str, str] = {}
    for p in sql.projections[:MAX_ITEMS]:
        if not p.alias or not p.aggregate or not _CONDITIONAL.search(p.expr):
            continue
        body = p.expr
        suffix = re.search(r"\s+AS\s+\S+\s*$", body, re.IGNORECASE)
        if suffix is not None:
            body = body[:suffix.start()]
        other = seen.get(body)
        if other is not None and _words(other) != _words(p.alias):
            return [reason(
                "projection.duplicate",
                f"the SQL computes {p.alias} and {other} alike ({body}): one of them shows "
                f"the other's figure under its own name",
                "major",
            )]
        seen.setdefault(body, p.alias)
    return []
