"""Structure: what the query reads and how it is built: base tables (``tables``, CTE names
aside), every column name (``columns``), the literals compared with data (``literals``; date
arithmetic aside), window texts (``windows``), CTE names, the number of nested SELECTs and
joins, a top-level set operation, the LEFT JOINs whose unmatched rows the WHERE both keeps
and rules out (``unmatched_filtered``), and comparisons with NULL by ``=`` or ``<>``
(``null_equalities``), which are never true.

The judges read these (how much a query reaches, which literals the question never names).
"""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from stef_core.spec import Scalar
from stef_core.sql import literal_value
from stef_core.values import fold_value
from stef_sql.read.tree import Build, Tree, anti_joins

_DATE_ARITHMETIC = (exp.Interval, exp.DateAdd, exp.DateSub, exp.TimestampAdd, exp.TimestampSub,
                    exp.DatetimeAdd, exp.DatetimeSub, exp.DateDiff, exp.TimeStrToTime)


def read(tree: Tree) -> Build:
    cte_names = tuple(c.alias_or_name.lower() for c in tree.ctes)
    literals: list[Scalar] = []
    for lit in tree.literals:
        if lit.arg_key == "default_date" or _time_arithmetic(lit):
            continue  # no value the data is compared with (see _time_arithmetic)
        ok, val = literal_value(lit)
        if ok:
            literals.append(fold_value(val))
    for window in tree.windows:
        tree.texts.add("window", window)
    fields: dict[str, Any] = {
        "tables": tuple(dict.fromkeys(
            t.name.lower() for t in tree.tables if t.name.lower() not in cte_names)),
        "columns": frozenset(n.lower() for n in tree.names if n),
        "literals": tuple(literals),
        "ctes": cte_names,
        "subqueries": sum(1 for s in tree.selects if s is not tree.select),
        "joins": len(tree.joins),
        "set_operation": tree.set_operation,
        "unmatched_filtered": tuple(_unmatched_filtered(tree)),
        "null_equalities": tuple(_null_equalities(tree)),
        "negated_alternatives": tuple(_negated_alternatives(tree)),
    }

    def build(texts: dict[str, list[str]]) -> dict[str, Any]:
        return {**fields, "windows": tuple(texts["window"])}

    return build


def _time_arithmetic(lit: exp.Expr) -> bool:
    """A literal that only moves a date (``INTERVAL '7' DAY``, ``DATEADD(day, -7, ...)``, the
    T-SQL epoch of ``DATEDIFF(quarter, 0, GETDATE())``): time arithmetic, which the periods
    judge, not a value the question should name."""
    parent = lit.parent
    while isinstance(parent, (exp.Neg, exp.Paren)):
        parent = parent.parent
    return isinstance(parent, _DATE_ARITHMETIC)



def _null_equalities(tree: Tree) -> list[str]:
    """``x = NULL`` and ``x <> NULL`` (WHERE, HAVING, JOIN ON, CASE: wherever they stand; the
    walk filed every EQ and every node, so this is a scan of lists, not another walk),
    as written: a comparison with NULL is unknown for every row. ``IS NULL`` is meant."""
    nodes = [*tree.eqs[:256], *(n for n in tree.nodes if type(n) is exp.NEQ)]
    out: list[str] = []
    for node in nodes:
        if isinstance(node.this, exp.Null) or isinstance(node.expression, exp.Null):
            out.append(node.sql()[:120])
    return list(dict.fromkeys(out))


def _negative(node: exp.Expr) -> bool:
    """Does ``node`` say something is absent: NOT ..., NOT EXISTS, NOT IN, IS NULL?"""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Not):
        return True
    if isinstance(node, exp.Is):
        return isinstance(node.expression, exp.Null) and not node.args.get("negate")
    if isinstance(node, exp.NEQ) and isinstance(node.expression, exp.All):
        return True  # x NOT IN (SELECT ...) as some dialects read it: x <> ALL (SELECT ...)
    return isinstance(node, exp.In) and bool(node.args.get("negate"))


def _negated_alternatives(tree: Tree) -> list[str]:
    """``NOT EXISTS (...) OR NOT EXISTS (...)`` and the like (see ``SqlSpec``): two absences
    joined by OR, in a WHERE or HAVING."""
    out: list[str] = []
    for node in tree.nodes:
        if (type(node) is exp.Or and _negative(node.this) and _negative(node.expression)
                and node.find_ancestor(exp.Where, exp.Having) is not None):
            out.append(node.sql()[:160])
        if len(out) >= 4:
            break
    return out


#: Predicates true of a NULL (they keep rows a LEFT JOIN did not match).
_NULL_TOLERANT = (exp.Is, exp.Coalesce, exp.Or, exp.Not)


def _unmatched_filtered(tree: Tree) -> list[tuple[str, str]]:
    """``(requirement, null test)`` for each anti-join (:class:`~stef_sql.read.tree.AntiJoin`:
    the WHERE keeps the rows ``LEFT JOIN t`` did not match) whose WHERE also requires a value
    of ``t`` (``t.status = 'solved'``): an unmatched row holds NULL in every column of ``t``,
    so the query returns nothing. The requirement belongs in the ON clause."""
    out: list[tuple[str, str]] = []
    for anti in anti_joins(tree):
        for t in anti.terms:
            if isinstance(t, _NULL_TOLERANT) or t.find(exp.Coalesce, exp.Or):
                continue
            cols = list(t.find_all(exp.Column))
            if not isinstance(t, exp.Predicate) or not cols or any(
                    c.table.lower() != anti.alias for c in cols):
                continue  # a condition on another table, or one that reads no column of t
            out.append((t.sql(), anti.nulls[0].sql()))
    return out
