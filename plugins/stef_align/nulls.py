"""NULL compared by ``=``: ``filter.operator_mismatch`` (critical) for ``x = NULL`` or ``x <>
NULL``, which is never true.

A comparison with NULL is unknown for every row, so ``WHERE csm_owner = NULL`` keeps no row and
"how many accounts have no CSM" comes back 0, whatever the data; ``<> NULL`` keeps none either.
``IS NULL`` / ``IS NOT NULL`` is what such a query means (the filter alignment reads it so, which
is why the operator is a finding of its own). No dialect STEF reads makes ``= NULL`` true by
default (SQL Server's ``ANSI_NULLS OFF`` is deprecated and off in every client today).

>>> from stef_sql.extract import extract_spec
>>> [(r.code, r.severity) for r in check(extract_spec("SELECT COUNT(*) FROM accounts "
...                                                   "WHERE csm_owner = NULL"))]
[('filter.operator_mismatch', 'critical')]
>>> check(extract_spec("SELECT COUNT(*) FROM accounts WHERE csm_owner IS NULL"))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec


def check(sql: SqlSpec) -> list[Reason]:
    if not sql.null_equalities:
        return []
    written = sql.null_equalities[0]
    meant = "IS NOT NULL" if "<>" in written or "!=" in written else "IS NULL"
    return [reason(
        "filter.operator_mismatch",
        f"the SQL compares with NULL by an operator ({written}), which is never true: no row "
        f"passes, whatever the data; {meant} is meant",
        "critical",
    )]
