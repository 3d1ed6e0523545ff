"""Does the SQL tell one occurrence of a thing from another: its first time from a later one?

"first-time donors" and "returning customers" ask the same of the SQL: something that sets a
thing's first row apart from the rows after it. Either reader (``first_times``, ``repeats``)
lowers the score only when the SQL has nothing of the kind, and whether what it has is right is
the other readers' to say, so both ask this one question:

- a rank or an earlier row looked up: a window (``ROW_NUMBER``, ``LAG``, ``FIRST_VALUE``), a
  subquery, an anti-join or ``NOT EXISTS``, a self-join, a set operation;
- a count of times: ``HAVING``, a grouping inside, a threshold of two or more
  (``visits_cnt >= 2``);
- the first or last time: ``MIN`` / ``MAX`` / ``ARG_MIN`` of a group;
- a column or value the warehouse keeps for it: ``is_first_visit``, ``attempt_no``,
  ``visit_seq``, ``customer_type = 'repeat'``.

>>> from stef_sql.extract import extract_spec
>>> tells_occurrences(extract_spec("SELECT COUNT(*) FROM donations WHERE gift_dt >= '2026-01-01'"))
False
>>> tells_occurrences(extract_spec("SELECT COUNT(*) FROM donations WHERE is_first_gift"))
True
>>> tells_occurrences(extract_spec("SELECT donor_id, MIN(gift_dt) FROM donations GROUP BY 1"))
True
"""

from __future__ import annotations

import re

from stef_align.names import parts
from stef_core.spec import SUBQUERY, SqlSpec

#: Name parts of a column kept for the first one or its rank: ``is_first_visit``,
#: ``attempt_no``, ``new_donor_flag``, ``visit_seq``, ``prior_gifts``, ``retake``.
_FIRST_PARTS = frozenset({"first", "attempt", "attempts", "try", "seq", "sequence", "nth",
                          "new", "prior", "previous", "prev", "retake", "retest", "initial",
                          "repeat", "returning", "ordinal", "rank", "rn",
                          # the metrics' initials: first-time fix, first-contact resolution,
                          # first-pass yield, right first time
                          "ftf", "ftfr", "fcr", "fpy", "rft"})
#: A column or value that names returning rows: ``is_returning``, ``customer_type = 'repeat'``,
#: ``loyalty_tier``, ``new_customer``.
_NAMED = re.compile(r"return|repeat|recurr|loyal|first|new_|prior|previous", re.IGNORECASE)
#: Aggregates that find the earliest (or latest) row of a group, or its rank.
_FIRST_OR_LAST = frozenset({"MIN", "MAX", "ARG_MIN", "MIN_BY", "ARGMIN"})


def threshold(op: str, value: object) -> int | None:
    """The smallest whole count a comparison keeps (``> 2``: 3, ``>= 2``: 2), or None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return {">": value + 1, ">=": value}.get(op)


def tells_occurrences(sql: SqlSpec) -> bool:
    """Has the SQL any way of telling a thing's first row from a later one (see the module)?"""
    if (sql.windows or sql.subqueries or sql.excluded_tables or sql.having
            or sql.nested_group_by or sql.set_operation):
        return True
    conditions = (*sql.filters[:64], *sql.conditions[:64])
    if any(f.source == "having" or f.value == SUBQUERY for f in conditions):
        return True
    if any(t1 == t2 for t1, _, t2, _ in sql.join_keys[:16]):
        return True  # a self-join: the same thing's other rows
    if any((threshold(f.op, f.value) or 0) >= 2 for f in conditions):
        return True  # a stored count (``visits_cnt >= 2``)
    if any(a.func.upper() in _FIRST_OR_LAST for a in sql.aggregations[:64]):
        return True
    columns = sorted(sql.columns)[:512]
    if any(p in _FIRST_PARTS for c in columns for p in parts(c)):
        return True
    named = [*columns, *(str(v) for v in sql.literals[:256])][:512]
    return any(_NAMED.search(str(c)) for c in named)
