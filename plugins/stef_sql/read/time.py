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

from dataclasses import replace

from sqlglot import exp

from stef_core.spec import Filter, Period, Source
from stef_core.sql import operand_column, read_condition
from stef_sql.read.aggregates import value_condition_exprs
from stef_sql.read.filters import row_conditions
from stef_sql.read.tree import Build, Tree


def read(tree: Tree) -> Build:
    timeish = tree.timeish()
    tables: dict[tuple[str, str], None] = {}
    params = _parameters(tree) if timeish else {}
    fields = {"periods": _periods(tree, tables, params) if timeish else (),
              "value_periods": _value_periods(tree, tables, params) if timeish else (),
              "period_tables": tuple(tables)}
    return lambda texts: fields


def _note_tables(tree: Tree, node: exp.Expr, tables: dict[tuple[str, str], None]) -> None:
    """Files ``(column, base table)`` for the columns of a time operand (a few per query)."""
    columns = [node] if type(node) is exp.Column else list(node.find_all(exp.Column))
    for col in columns[:8]:
        resolved = tree.resolver.resolve(col) if tree.derived else col
        if isinstance(resolved, exp.Column):
            tables[(resolved.name.lower(), tree.table_of(resolved))] = None


def _periods(tree: Tree, tables: dict[tuple[str, str], None],
             params: dict[str, exp.Expr]) -> tuple[Period, ...]:
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
        if params:
            # The same condition with its named bounds written out: each period it gives
            # keeps the filters of the condition as written, so that a matched period
            # accounts for them (``f.fill_dt >= p.m_start``).
            for period in read_periods(_written_out(condition, params), column_of,
                                       lambda node: [], source, excluded=excluded):
                if period.column and not any(p.column == period.column for p in out):
                    out.append(replace(period, parts=tuple(filters_of(condition))))
    return tuple(out)


#: Most named values read from parameter CTEs (a handful in practice).
MAX_PARAMETERS = 16


def _parameters(tree: Tree) -> dict[str, exp.Expr]:
    """The named values of single-row parameter CTEs (``WITH p AS (SELECT DATEADD(month,
    DATEDIFF(month, 0, GETDATE()) - 1, 0) AS m_start, ...) ... WHERE d >= p.m_start``), by
    ``cte.alias`` and by bare alias: agents name a period's bounds once and compare with
    them. Only a SELECT with no FROM, WHERE or GROUP BY is one."""
    out: dict[str, exp.Expr] = {}
    for cte in tree.ctes[:8]:
        if not isinstance(cte, exp.CTE):
            continue
        query = cte.this
        if not isinstance(query, exp.Select) or any(
                query.args.get(k) for k in ("from", "from_", "where", "group", "joins")):
            continue
        name = cte.alias.lower()
        # the CTE by its name and by every alias a FROM gives it ("CROSS JOIN bounds b")
        names = {name} | {t.alias.lower() for t in tree.tables
                          if isinstance(t, exp.Table) and t.name.lower() == name and t.alias}
        for item in query.expressions[:MAX_PARAMETERS]:
            if isinstance(item, exp.Alias) and item.alias:
                for n in names:
                    out[f"{n}.{item.alias.lower()}"] = item.this
                out.setdefault(item.alias.lower(), item.this)
    return out


def _written_out(condition: exp.Expr, params: dict[str, exp.Expr]) -> exp.Expr:
    """``condition`` with each column that names a parameter replaced by its value."""

    def value(node: exp.Expr) -> exp.Expr:
        if type(node) is exp.Column:
            key = f"{node.table.lower()}.{node.name.lower()}" if node.table else node.name.lower()
            found = params.get(key)
            if found is not None:
                return found.copy()
        return node

    return condition.copy().transform(value)


def _value_periods(tree: Tree, tables: dict[tuple[str, str], None],
                   params: dict[str, exp.Expr]) -> tuple[Period, ...]:
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
        found = read_periods(condition, column_of, filters_of, "case")
        if params and not found:
            found = [replace(p, parts=tuple(filters_of(condition))) for p in read_periods(
                _written_out(condition, params), column_of, lambda node: [], "case")]
        out.extend(found)
    return tuple(out)
