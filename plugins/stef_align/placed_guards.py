"""A run's guard of one table applied to another table only: ``filter.guard_missing`` (major).

A deployment that soft-deletes rows (``deleted_at IS NULL``, ``NOT is_deleted``, ``del_flg =
'N'``, ``is_archived = 0``) leaves them out of every table that has them: nearly every query of
the run that reads ``subscriptions`` keeps ``s.deleted_at IS NULL`` on it
(:attr:`stef_core.run.RunProfile.placed`). A query that reads subscriptions, picks rows of them
(a condition on one of their columns, :attr:`~stef_core.spec.SqlSpec.filtered_tables`) and
writes the same guard, but on another table only (``a.deleted_at IS NULL`` on the accounts it
joins, ``w.deleted_at IS NULL`` in a ``NOT EXISTS`` over work orders) counts the deleted
subscriptions: "MRR lost to churn last month" then adds a deleted duplicate's MRR.

The guard the query does write shows that the query knows the deployment's rule, so the
missing one is no other reading of the question; :func:`stef_align.guards.missing_guards`
does not see it, as it reads the guard's key in the query whatever table it is placed on.
Read only where the query places the guard's column on known tables (a qualified column, or
the one table of its SELECT) and never on the table the run guards: an unqualified
``deleted_at IS NULL`` over a join may be that table's, and a query that reads the column of
that table otherwise (``deleted_at IS NOT NULL`` for "deleted customers") chose its rows.

>>> from stef_core.run import RunGuard, RunProfile
>>> from stef_sql.extract import extract_spec
>>> g = RunGuard("deletedat is null", "s.deleted_at IS NULL", 30, frozenset({"subs"}), 31)
>>> run = RunProfile(placed=(g,))
>>> sql = extract_spec("SELECT SUM(s.mrr) FROM subs s JOIN accounts a ON a.id = s.account_id "
...                    "WHERE s.status = 'canceled' AND a.deleted_at IS NULL")
>>> [(r.code, r.severity) for r in check(sql, run)]
[('filter.guard_missing', 'major')]
>>> check(extract_spec("SELECT SUM(s.mrr) FROM subs s JOIN accounts a ON a.id = s.account_id "
...                    "WHERE s.status = 'canceled' AND a.deleted_at IS NULL "
...                    "AND s.deleted_at IS NULL"), run)
[]
"""

from __future__ import annotations

from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.run import RunProfile, filter_key, table_key
from stef_core.spec import SqlSpec
from stef_core.words import norm

#: Name parts of a column that marks a row removed (``deleted_at``, ``is_deleted``,
#: ``del_flg``, ``archived_ts``): each table's rows are removed on their own. A test flag is
#: not read (``is_test_account`` held on accounts or on their sessions marks the same
#: accounts, whichever table the query keeps it on).
_REMOVED = frozenset({"deleted", "delete", "del", "removed", "purged", "archived"})


def check(sql: SqlSpec, run: RunProfile) -> list[Reason]:
    """``filter.guard_missing`` for each table guard of the run (``run.placed``) the query
    writes on other tables only, while it picks rows of the guarded table. (A key it holds is
    never one :func:`stef_align.guards.missing_guards` reports: no finding is said twice.)"""
    if not run.placed or not sql.column_tables:
        return []
    held = {k for f in sql.filters[:64] if (k := filter_key(f)) is not None}
    picked = {table_key(t) for t in (*sql.filtered_tables, *sql.excluded_tables)}
    out: list[Reason] = []
    for g in run.placed:
        if g.key not in held or len(out) == 3:
            continue
        [table] = g.tables
        if table not in picked:
            continue  # a table the query joins through: its rows are not counted
        column = g.key.split(" ", 1)[0]
        if not _REMOVED & set(parts(g.example.split(" ", 1)[0].rsplit(".", 1)[-1])):
            continue
        on = {table_key(t) for c, t in sql.column_tables if norm(c) == column}
        if not on or table in on:
            continue  # placed on no known table, or on the guarded one
        others = ", ".join(sorted(on))
        guard = g.example.split(" ", 1)  # as the run writes it, without its table's alias
        shown = " ".join([guard[0].rsplit(".", 1)[-1], *guard[1:]])
        out.append(reason(
            "filter.guard_missing",
            f"the SQL applies {shown} to {others} but not to {table}, which it also picks "
            f"rows of: {g.queries} of the run's {g.reading} queries reading {table} apply it "
            f"there (the deployment's guard), so rows of {table} it leaves out elsewhere may "
            f"be counted here",
            "major",
        ))
    return out
