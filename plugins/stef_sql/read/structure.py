"""Structure: what the query reads and how it is built: base tables (``tables``, CTE names
aside), every column name (``columns``), the literals compared with data (``literals``; date
arithmetic aside), window texts (``windows``), CTE names, the number of nested SELECTs and
joins, and a top-level set operation.

The judges read these (how much a query reaches, which literals the question never names).
"""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from stef_core.spec import Scalar
from stef_core.sql import literal_value
from stef_core.values import fold_value
from stef_sql.read.tree import Build, Tree

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
