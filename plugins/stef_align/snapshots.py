"""A snapshot table added up over every snapshot: ``aggregation.mismatch`` (major).

A table of snapshots (``mrr_snapshots``, ``inventory_snapshots``) holds the state of each
thing once per snapshot date: the MRR of each account at each month end, the stock of each
item each night. A SUM or COUNT over it that picks no snapshot (no condition on a snapshot
date), nor groups by one, adds each thing up once per snapshot: an account's MRR times the
months it was billed, a CSM whose large accounts churned last year still on top. Read when
no column the SQL names anywhere (filters, conditions, keys, a CTE's IFF) is a date or a
period of any kind; an AVG over snapshots (the average stock) is a mean, not read.

>>> from stef_sql.extract import extract_spec
>>> sql = ("SELECT a.csm, 12 * SUM(m.mrr) AS arr FROM mrr_snapshots m JOIN accounts a "
...        "ON a.account_id = m.account_id WHERE a.deleted_at IS NULL GROUP BY a.csm")
>>> [(r.code, r.severity) for r in check(extract_spec(sql))]
[('aggregation.mismatch', 'major')]
>>> check(extract_spec(sql.replace("WHERE", "WHERE m.snapshot_date = '2026-01-31' AND")))
[]
"""

from __future__ import annotations

from stef_align.names import bare, parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec

#: Name parts of a table of snapshots.
_SNAPSHOT_TABLE = frozenset({"snapshot", "snapshots", "snap", "snaps"})
#: Name parts of a column that dates a row or names a period (``snapshot_dt``, ``as_of``,
#: ``month``, ``fiscal_period``): a condition or a key on one picks or splits the snapshots.
_DATED = frozenset({"snapshot", "snap", "asof", "as", "date", "dt", "day", "days", "week",
                    "month", "mon", "quarter", "qtr", "year", "yr", "period", "ts", "time",
                    "timestamp", "eom", "eod"})
#: The additive aggregates (a mean over snapshots is an average state, as meant).
_ADDS = frozenset({"SUM", "COUNT"})


def _parts(name: str) -> set[str]:
    return set(parts(bare(name)))


def _dated(name: str) -> bool:
    low = name.lower().split(".")[-1]
    return bool(_parts(low) & _DATED) or low.startswith(("date", "snapshot", "month")) or (
        "date_trunc" in low or "(" in low)


def check(sql: SqlSpec) -> list[Reason]:
    snapshots = [t for t in sql.tables[:16] if _parts(t) & _SNAPSHOT_TABLE]
    if not snapshots or sql.windows or sql.set_operation:
        return []
    adds = [a for a in sql.aggregations[:32] if a.func in _ADDS and not a.nested]
    if not adds or any(a.func not in _ADDS for a in sql.aggregations[:32]):
        return []
    # any column the SQL names, anywhere (a CTE's SUM(IFF(snapshot_date = ..., mrr, 0)) picks
    # a snapshot as surely as a WHERE does)
    columns = [*sorted(sql.columns)[:256],
               *(f.column or "" for f in (*sql.filters[:64], *sql.conditions[:64]))]
    keys = [*sql.group_by[:32], *sql.nested_group_by[:32], *sql.partition_by[:32]]
    if any(_dated(c) for c in (*columns, *keys) if c):
        return []
    a = adds[0]
    return [reason(
        "aggregation.mismatch",
        f"the SQL adds up {a.func}({a.arg}) over {snapshots[0]}, a table of snapshots, with no "
        f"snapshot date picked or grouped by: each thing is counted once per snapshot, so "
        f"the total grows with the history kept; pick one snapshot (the latest, or the "
        f"period's last) or group by the snapshot date",
        "major",
    )]
