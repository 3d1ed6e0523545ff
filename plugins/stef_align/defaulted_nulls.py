"""A ClickHouse anti-join that keeps nothing: ``join.drops_empty`` (major).

"How many fields haven't had a visit" answered, in ClickHouse, by ``LEFT JOIN visits v ...
WHERE v.fld_id IS NULL``: unless ``join_use_nulls = 1`` is set, ClickHouse fills the columns
of an unmatched row with their type's default (0 for a number, '' for a string), not NULL, so
the test is never met and the count is 0 whatever the data. ``LEFT ANTI JOIN``, ``NOT IN``
or a test of the default (``v.fld_id = 0``) keep the unmatched rows. Read from the SQL and
its dialect alone (``SqlSpec.defaulted_nulls``); a key declared Nullable would hold NULL, so
the finding is major, not critical.

>>> from stef_sql.extract import extract_spec
>>> sql = ("SELECT count() FROM fields f LEFT JOIN visits v ON v.fld_id = f.fld_id "
...        "WHERE v.fld_id IS NULL")
>>> [(r.code, r.severity) for r in check(extract_spec(sql, "clickhouse"))]
[('join.drops_empty', 'major')]
>>> check(extract_spec(sql, "postgres"))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec


def check(sql: SqlSpec) -> list[Reason]:
    if not sql.defaulted_nulls:
        return []
    return [reason(
        "join.drops_empty",
        f"the SQL keeps a LEFT JOIN's unmatched rows by {sql.defaulted_nulls[0]} in "
        f"ClickHouse, which fills an unmatched row's columns with their type's default (0, "
        f"''), not NULL, unless join_use_nulls = 1: the test is never met and no row is "
        f"kept; use LEFT ANTI JOIN, NOT IN, or SETTINGS join_use_nulls = 1",
        "major",
    )]
