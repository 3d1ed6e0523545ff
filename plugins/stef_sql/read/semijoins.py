"""Semi- and anti-joins read as the EXISTS / NOT EXISTS they stand for.

Spark / Databricks, ClickHouse and DuckDB keep the rows of one table that have a match in
another (``LEFT SEMI JOIN``, DuckDB's ``SEMI JOIN``) or have none (``LEFT ANTI JOIN``,
``ANTI JOIN``). Such a join adds no column and repeats no row: "members that never delivered"
/ ``members m LEFT ANTI JOIN deliveries d ON d.member_id = m.member_id`` is ``WHERE NOT
EXISTS (SELECT 1 FROM deliveries d WHERE d.member_id = m.member_id)`` in Spark's words. The
tree is rewritten so, once, before it is read: every reader then sees the rows kept away (a
period in the ON is excluded, the negation the question asks is there) and no join that
could repeat an amount.

>>> from stef_core.sql import parse_statement
>>> root = parse_statement(
...     "SELECT m.id FROM members m LEFT ANTI JOIN deliveries d ON d.member_id = m.id "
...     "WHERE m.coop_id = 7", "spark")
>>> rewrite(list(root.find_all(exp.Join)))
True
>>> root.args["where"].sql("spark")
'WHERE m.coop_id = 7 AND NOT EXISTS(SELECT 1 FROM deliveries AS d WHERE d.member_id = m.id)'
"""

from __future__ import annotations

from sqlglot import exp

__all__ = ["rewrite"]

#: The join kinds read here (sqlglot's ``Join.kind``).
KINDS = frozenset({"SEMI", "ANTI"})


def rewrite(joins: list[exp.Join]) -> bool:
    """Turn every left semi- or anti-join of ``joins`` with an ON into the EXISTS / NOT
    EXISTS of its SELECT's WHERE, in place; True when one was rewritten. A RIGHT one (rows
    of the joined table kept) or one joined with USING is left as it is."""
    done = False
    for join in joins[:32]:
        kind = join.kind
        select = join.parent
        on = join.args.get("on")
        if (kind not in KINDS or join.side not in ("LEFT", "") or on is None
                or join.this is None or not isinstance(select, exp.Select)
                or join.args.get("using")):
            continue
        join.pop()
        inner = exp.Select(expressions=[exp.Literal.number(1)]).from_(join.this, copy=False)
        inner = inner.where(on, copy=False)
        test: exp.Expr = exp.Exists(this=inner)
        if kind == "ANTI":
            test = exp.Not(this=test)
        select.where(test, copy=False)
        done = True
    return done
