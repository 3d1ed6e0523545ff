"""Enrichment findings: drift, and columns the enrichment defines the answer with.

* ``enrichment.drift`` (minor): the reformulation added, changed or dropped a constraint of the
  question;
* ``enrichment.expression_missing``: the enrichment defines the answer with columns ("rate =
  `A` / `B`", "type of food refers to food_type") and the SQL reads none of them (major when
  most are unread, else minor).
"""

from __future__ import annotations

from stef_align.names import norm
from stef_align.reasons import Severity, reason
from stef_core.models import Reason
from stef_core.spec import QuestionSpec, SqlSpec


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    out: list[Reason] = []
    hint_cols = {norm(c) for c in q.columns if len(norm(c)) > 2}
    if hint_cols:
        sql_cols = {norm(c) for c in sql.columns} | {norm(t) for t in sql.tables}
        unused = sorted(
            c for c in hint_cols
            if c not in sql_cols and not any(c in s or s in c for s in sql_cols if len(s) > 3)
        )
        if unused:
            severity: Severity = "major" if 2 * len(unused) > len(hint_cols) else "minor"
            out.append(reason(
                "enrichment.expression_missing",
                "the SQL never reads the column(s) the enrichment names: " + ", ".join(unused[:3]),
                severity,
            ))
    for item in q.drift:
        out.append(reason(
            "enrichment.drift", f"the enriched question changed a constraint: {item}", "minor"
        ))
    return out
