"""Time: the time predicates of the row conditions as periods (``periods``), and those that
shape a value (``value_periods``: ``COUNTIF(created_at >= '2025-10-01' AND ...)``, ``SUM(x)
FILTER (WHERE d >= ...)``, ``SUM(CASE WHEN d >= ... THEN x END)``), read by
:func:`stef_core.sql.read_periods` in every dialect, and only when the tree has something
date-like in it (a time function, a literal spelled like a date, a column named like one).

``order_date >= '2024-03-01' AND order_date < '2024-04-01'``, ``strftime('%Y-%m', order_date) =
'2024-03'`` and ``DATE_TRUNC('month', order_date) = DATE '2024-03-01'`` are one period. A
value period ("Q4 vs Q4 last year" in two COUNTIFs) answers a period the question names as
surely as a row filter.

The question's counterpart is :mod:`stef_question.concepts.time`.
"""

from __future__ import annotations

from sqlglot import exp

from stef_core.spec import Filter, Period, Source
from stef_core.sql import operand_column, read_condition
from stef_sql.read.aggregates import value_condition_exprs
from stef_sql.read.filters import row_conditions
from stef_sql.read.tree import Build, Tree


def read(tree: Tree) -> Build:
    timeish = tree.timeish()
    tables: dict[tuple[str, str], None] = {}
    fields = {"periods": _periods(tree, tables) if timeish else (),
              "value_periods": _value_periods(tree, tables) if timeish else (),
              "period_tables": tuple(tables)}
    return lambda texts: fields


def _note_tables(tree: Tree, node: exp.Expr, tables: dict[tuple[str, str], None]) -> None:
    """Files ``(column, base table)`` for the columns of a time operand (a few per query)."""
    columns = [node] if type(node) is exp.Column else list(node.find_all(exp.Column))
    for col in columns[:8]:
        resolved = tree.resolver.resolve(col) if tree.derived else col
        if isinstance(resolved, exp.Column):
            tables[(resolved.name.lower(), tree.table_of(resolved))] = None


def _periods(tree: Tree, tables: dict[tuple[str, str], None]) -> tuple[Period, ...]:
    from stef_core.sql import read_periods

    resolver = tree.resolver

    def column_of(node: exp.Expr) -> str | None:
        column = operand_column(node, resolver)
        if column is not None:
            _note_tables(tree, node, tables)
        return column

    out: list[Period] = []
    for condition, source, excluded in row_conditions(tree):

        def filters_of(node: exp.Expr, source: Source = source,
                       excluded: bool = excluded) -> list[Filter]:
            return read_condition(node, resolver, source, excluded=excluded)

        out.extend(read_periods(condition, column_of, filters_of, source, excluded=excluded))
    return tuple(out)


def _value_periods(tree: Tree, tables: dict[tuple[str, str], None]) -> tuple[Period, ...]:
    if not (tree.ifs or tree.aggs):
        return ()
    from stef_core.sql import read_periods

    resolver = tree.resolver

    def column_of(node: exp.Expr) -> str | None:
        column = operand_column(node, resolver)
        if column is not None:
            _note_tables(tree, node, tables)
        return column

    def filters_of(node: exp.Expr) -> list[Filter]:
        return read_condition(node, resolver, "case")

    out: list[Period] = []
    for condition in value_condition_exprs(tree):
        out.extend(read_periods(condition, column_of, filters_of, "case"))
    return tuple(out)
