"""Two tables summed across a join that repeats the rows of both: ``join.fan_out`` (major).

"How many students owe more than $500" as ``charges c JOIN payments p ON p.student_id =
c.student_id`` with ``SUM(c.amount) - SUM(p.amount)``: charges and payments each hold many
rows per student, and the join pairs every charge of a student with every payment of the
same student, so each charge is counted once per payment and each payment once per charge
(a chasm trap). Read where the same SELECT sums a column of each of two tables
(``SqlSpec.joined_aggregates``, each the other's joined table) and every column the two are
joined on (``SqlSpec.join_keys``) is the own key of neither by its name (a shared parent's
``student_id``, a tenant's ``college_cd``, a ``store_id`` beside a day): no side holds one row
per match of the other. A table named as one row per key (``donor_profiles``, ``_stats``,
``_summary``) repeats nothing; a single aggregate over both tables' columns (``SUM(l.hrs *
r.rate)``) is one amount per joined row and is not read. The fan-out of one table over its
lines is :func:`stef_align.joins.fan_out`'s.

>>> from stef_sql.extract import extract_spec
>>> sql = ("SELECT c.student_id, SUM(c.amount) - SUM(p.amount) FROM charges c "
...        "JOIN payments p ON p.student_id = c.student_id GROUP BY c.student_id")
>>> [(r.code, r.severity) for r in check(extract_spec(sql, "postgres"))]
[('join.fan_out', 'major')]
>>> check(extract_spec("SELECT SUM(o.ship_amt), SUM(t.total_amt) FROM orders o "
...                    "JOIN order_totals t ON t.order_id = o.order_id", "postgres"))
[]
"""

from __future__ import annotations

from stef_align.joins import ONE_PER_KEY, abbreviated_key, keyed, named_key, short_key
from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec
from stef_core.words import norm


def check(sql: SqlSpec) -> list[Reason]:
    found = sql.joined_aggregates[:32]
    if len(found) < 2 or sql.set_operation:
        return []
    for a in found:
        if a.table == a.joined or ONE_PER_KEY & set(parts(a.table)) or ONE_PER_KEY & set(
                parts(a.joined)):
            continue
        b = next((b for b in found if b.table == a.joined and b.joined == a.table), None)
        if b is None:
            continue
        keys = _keys(sql, a.table, a.joined)
        if not keys or not any(norm(x).endswith("id") for x, _ in keys) or any(
                _own(a.table, x, a.joined) or _own(a.joined, y, a.table) for x, y in keys):
            continue  # one side keyed by the join: the other's fan-out, or none
        on = " and ".join(f"{a.table}.{x} = {a.joined}.{y}" for x, y in keys[:3])
        return [reason(
            "join.fan_out",
            f"the SQL computes {a.expr} and {b.expr} over a join of {a.table} and {a.joined} "
            f"on {on}, the own key of neither: each row of {a.table} is repeated once per "
            f"matching row of {a.joined} and each row of {a.joined} once per row of "
            f"{a.table}, so both totals are inflated; sum each table per {a.key} first, "
            f"then join the totals",
            "major",
        )]
    return []


def _own(table: str, column: str, other: str) -> bool:
    """Is ``column`` ``table``'s own key by its name, written in any of the ways
    :mod:`stef_align.joins` reads?"""
    return (keyed(table, column) or named_key(table, column, other) or short_key(table, column)
            or abbreviated_key(table, column))


def _keys(sql: SqlSpec, table: str, other: str) -> list[tuple[str, str]]:
    """The columns ``table`` and ``other`` are equated on, as (``table``'s, ``other``'s)."""
    out: list[tuple[str, str]] = []
    for t1, c1, t2, c2 in sql.join_keys[:32]:
        if (t1, t2) == (table, other):
            out.append((c1, c2))
        elif (t1, t2) == (other, table):
            out.append((c2, c1))
    return out
