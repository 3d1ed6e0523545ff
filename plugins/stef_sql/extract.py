"""SQL -> :class:`SqlSpec`, exactly, from the sqlglot AST.

The tree is parsed once and only read afterwards. Aliases are resolved through sqlglot's scope
analysis: a column read from a CTE or a derived table is replaced by the expression that CTE
projects under that name, so ``WITH t AS (SELECT amount AS a FROM s) SELECT SUM(a) FROM t`` has
the aggregation ``SUM(amount)``.

Filters are normalized as they are read (SPEC 2.2): values folded, ``IN`` with one value and
``LIKE`` without wildcards become ``=``, OR-chains of equalities on one column become ``IN``,
``BETWEEN`` becomes ``>=`` and ``<=``, ``5 < x`` becomes ``x > 5`` and ``NOT`` is folded into
the operator.

>>> spec = extract_spec("SELECT name FROM users u WHERE u.status = 'Active' AND 18 <= u.age")
>>> [(f.column, f.op, f.value) for f in spec.filters]
[('status', '=', 'active'), ('age', '>=', 18)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from sqlglot import exp

from stef_core.spec import (
    SUBQUERY,
    Aggregation,
    Filter,
    OrderItem,
    Period,
    Projection,
    Scalar,
    Source,
    SqlSpec,
)
from stef_core.sql import (
    Resolver,
    column_name,
    columns_of,
    literal_value,
    operand_column,
    parse_statement,
    read_condition,
)
from stef_core.sql.conditions import PREDICATES, STRING_TYPES
from stef_core.values import fold_value

__all__ = ["SUBQUERY", "extract_spec", "parse_statement", "spec_of"]
_AGG_NAMES: dict[type[exp.Expr], str] = {
    exp.Count: "COUNT",
    exp.Sum: "SUM",
    exp.Avg: "AVG",
    exp.Min: "MIN",
    exp.Max: "MAX",
}
# --------------------------------------------------------------------------------------------
# filters
# --------------------------------------------------------------------------------------------


def _table_of(column: exp.Column, resolver: Resolver) -> str:
    """The base table a column reads from, through its qualifier ("" when unknown)."""
    if not resolver.scope_of:
        if column.table:
            return resolver.aliases.get(column.table.lower(), "")
        tables = set(resolver.aliases.values())
        return tables.pop() if len(tables) == 1 else ""
    scope = resolver.scope_for(column)
    if scope is None:
        return ""
    if column.table:
        source = scope.sources.get(column.table)
    elif len(scope.sources) == 1:
        source = next(iter(scope.sources.values()))
    else:
        return ""
    return source.name.lower() if isinstance(source, exp.Table) else ""


def _join_keys(idx: _Index, resolver: Resolver) -> tuple[tuple[str, str, str, str], ...]:
    keys: list[tuple[str, str, str, str]] = []
    for eq in idx.eqs:
        left, right = eq.left, eq.right
        if isinstance(left, exp.Column) and isinstance(right, exp.Column):
            keys.append(
                (
                    _table_of(left, resolver),
                    left.name.lower(),
                    _table_of(right, resolver),
                    right.name.lower(),
                )
            )
    return tuple(dict.fromkeys(keys))


def _excluded(node: exp.Expr) -> bool:
    """Is ``node`` inside a subquery whose rows the query excludes (NOT IN (...), NOT EXISTS
    (...), ... EXCEPT (...)), an odd number of times (a NOT IN inside a NOT IN includes)?"""
    child: Any = node
    parent = node.parent
    depth = 0
    flips = 0
    while parent is not None and depth < 64:
        if isinstance(parent, exp.Except) and child is parent.expression:
            flips += 1
        elif isinstance(parent, exp.In) and child is parent.args.get("query"):
            if parent.args.get("negate") or isinstance(parent.parent, exp.Not):
                flips += 1
        elif isinstance(parent, exp.Exists) and isinstance(parent.parent, exp.Not):
            flips += 1
        child, parent = parent, parent.parent
        depth += 1
    return flips % 2 == 1


def _conditions(idx: _Index) -> Iterator[tuple[exp.Expr, Source, bool]]:
    """Every row condition with its source (WHERE, HAVING, JOIN ON) and whether it sits inside
    a subquery whose rows are excluded (see :class:`Filter`). ``COUNT(*) FILTER (WHERE ...)``
    shapes a value: it is a value condition (:func:`_value_conditions`), not a row filter."""
    nested = len(idx.selects) > 1
    for where in idx.wheres:
        if isinstance(where.parent, exp.Filter):
            continue
        yield where.this, "where", nested and _excluded(where)
    for having in idx.havings:
        yield having.this, "having", nested and _excluded(having)
    for join in idx.joins:
        on = join.args.get("on")
        if on is not None:
            yield on, "join", False


def _periods(idx: _Index, resolver: Resolver) -> tuple[Period, ...]:
    """Time predicates as periods (stef_core.sql.time); only read when the tree has something
    date-like in it."""
    if not idx.timeish():
        return ()
    from stef_core.sql import read_periods

    def column_of(node: exp.Expr) -> str | None:
        return operand_column(node, resolver)

    out: list[Period] = []
    for condition, source, excluded in _conditions(idx):

        def filters_of(node: exp.Expr, source: Source = source,
                       excluded: bool = excluded) -> list[Filter]:
            return read_condition(node, resolver, source, excluded=excluded)

        out.extend(read_periods(condition, column_of, filters_of, source, excluded=excluded))
    return tuple(out)


def _value_periods(idx: _Index, resolver: Resolver) -> tuple[Period, ...]:
    """Periods that shape a value ("Q4 vs Q4 last year": ``COUNTIF(created_at >=
    '2025-10-01' AND ...)``, ``SUM(x) FILTER (WHERE d >= ...)``, ``SUM(CASE WHEN d >= ...
    THEN x END)``): they answer a period the question names as surely as a row filter."""
    if not idx.timeish() or not (idx.ifs or idx.aggs):
        return ()
    from stef_core.sql import read_periods

    def column_of(node: exp.Expr) -> str | None:
        return operand_column(node, resolver)

    out: list[Period] = []
    for condition in _value_condition_exprs(idx):
        out.extend(read_periods(condition, column_of,
                                lambda node: read_condition(node, resolver, "case"), "case"))
    return tuple(out)


def _value_condition_exprs(idx: _Index) -> Iterator[exp.Expr]:
    """The conditions of :func:`_value_conditions` as trees (CASE WHEN / IIF / IF branches,
    ``FILTER (WHERE ...)``, aggregated predicates such as ``COUNTIF(...)``)."""
    for branch in idx.ifs:
        case = branch.parent
        if not (isinstance(case, exp.Case) and case.this is not None) and isinstance(
                branch.this, exp.Expr):
            yield branch.this
    for where in idx.wheres:
        if isinstance(where.parent, exp.Filter):
            yield where.this
    for agg in idx.aggs:
        arg = agg.this
        while isinstance(arg, (exp.Paren, exp.Cast, exp.Distinct)):
            arg = arg.this if not isinstance(arg, exp.Distinct) else (
                arg.expressions[0] if arg.expressions else None)
        if isinstance(arg, PREDICATES):
            yield arg


def _filters(idx: _Index, resolver: Resolver) -> tuple[Filter, ...]:
    out: list[Filter] = []
    for condition, source, excluded in _conditions(idx):
        out.extend(read_condition(condition, resolver, source, excluded=excluded))
    # One filter written twice is one constraint.
    seen: set[tuple[object, ...]] = set()
    unique: list[Filter] = []
    for f in out:
        key = (f.column, f.op, f.value, f.relation)
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return tuple(unique)


def _value_conditions(idx: _Index, resolver: Resolver) -> tuple[Filter, ...]:
    """Conditions that shape values rather than rows: CASE WHEN / IIF / IF branches, the
    predicates of ``FILTER (WHERE ...)`` and predicates aggregated directly (``SUM(x = 1)``)."""
    out: list[Filter] = []
    for branch in idx.ifs:
        cond = branch.this
        case = branch.parent
        if isinstance(case, exp.Case) and case.this is not None:
            # CASE x WHEN 'a' THEN ...: the branch holds the value, the CASE the operand.
            ok, value = literal_value(cond)
            if ok:
                out.append(Filter(operand_column(case.this, resolver), "=", value, "case"))
            continue
        if isinstance(cond, exp.Expr):
            out.extend(f for f in read_condition(cond, resolver, "case") if not f.relation)
    for where in idx.wheres:
        if isinstance(where.parent, exp.Filter):
            out.extend(read_condition(where.this, resolver, "case"))
    for agg in idx.aggs:
        arg = agg.this
        while isinstance(arg, (exp.Paren, exp.Cast, exp.Distinct)):
            arg = arg.this if not isinstance(arg, exp.Distinct) else (
                arg.expressions[0] if arg.expressions else None)
        if isinstance(arg, PREDICATES):
            out.extend(read_condition(arg, resolver, "case"))
    return tuple(dict.fromkeys(out))


def _nested_grouping(idx: _Index, main: exp.Select | None,
                     resolver: Resolver) -> tuple[tuple[str, ...], bool]:
    """GROUP BY keys and DISTINCT of the SELECTs nested in CTEs and subqueries."""
    keys: list[str] = []
    distinct = False
    for select in idx.selects:
        if select is main:
            continue
        distinct = distinct or bool(select.args.get("distinct"))
        group = select.args.get("group")
        if group is not None:
            for key in group.expressions[:32]:
                keys.extend(columns_of(key, resolver))
    return tuple(dict.fromkeys(keys)), distinct


_RANKERS = tuple(t for t in (getattr(exp, n, None) for n in ("RowNumber", "Rank", "DenseRank"))
                 if isinstance(t, type))


def _rankings(idx: _Index, main: exp.Select | None, resolver: Resolver
              ) -> tuple[tuple[OrderItem, ...], int | None, tuple[str, ...]]:
    """Top-k per group written with a ranking window (``ROW_NUMBER() OVER (PARTITION BY d
    ORDER BY s DESC)`` kept by ``= 1`` / ``<= 3`` in WHERE or QUALIFY) or ``DISTINCT ON``:
    the window's ORDER BY keys, the k kept, and DISTINCT ON's keys."""
    order: list[OrderItem] = []
    names: set[str] = set()
    for window in idx.windows:
        if not isinstance(window.this, _RANKERS):
            continue
        spec = window.args.get("order")
        for ordered in (spec.expressions if spec is not None else [])[:4]:
            cols = columns_of(ordered.this, resolver)
            order.append(OrderItem(expr=",".join(cols), desc=bool(ordered.args.get("desc")),
                                   aggregate=_first_aggregate(ordered.this), columns=cols))
        if isinstance(window.parent, exp.Alias):
            names.add(window.parent.alias.lower())
    k: int | None = None
    if order:
        for holder in (*idx.wheres, *idx.qualifies):
            for cmp in holder.find_all(exp.EQ, exp.LTE, exp.LT):
                left = cmp.this
                ranked = (isinstance(left, exp.Window) and isinstance(left.this, _RANKERS)) or (
                    isinstance(left, exp.Column) and left.name.lower() in names)
                value = _int_of(cmp.expression)
                if ranked and value is not None:
                    k = value - 1 if isinstance(cmp, exp.LT) else value
    distinct_on: tuple[str, ...] = ()
    distinct = main.args.get("distinct") if main is not None else None
    if isinstance(distinct, exp.Distinct) and distinct.args.get("on") is not None:
        distinct_on = columns_of(distinct.args["on"], resolver)
        k = 1
    return tuple(order), k, distinct_on


def _unscoped_extremes(idx: _Index, resolver: Resolver) -> tuple[str, ...]:
    """Columns compared with an extreme taken over a whole table while the comparing query
    keeps only some rows: ``WHERE region = 'Sweden' AND height = (SELECT MAX(height) FROM
    person)`` finds the tallest of everyone, then keeps them only if Swedish."""
    out: list[str] = []
    for sub in idx.subqueries[:32]:
        inner = sub.this
        if not isinstance(inner, exp.Select) or len(inner.expressions) != 1:
            continue
        if inner.args.get("where") or inner.args.get("group") or inner.args.get("having"):
            continue
        item = inner.expressions[0]
        item = item.this if isinstance(item, exp.Alias) else item
        if not isinstance(item, (exp.Max, exp.Min)):
            continue
        cmp_node = sub.parent
        if not isinstance(cmp_node, exp.EQ):
            continue  # "> (SELECT MIN ...)" ("not the minimum") compares with everyone
        where = cmp_node.parent
        while isinstance(where, (exp.And, exp.Paren)):
            where = where.parent
        if not isinstance(where, exp.Where):
            continue
        others = [f for f in read_condition(where.this, resolver, "sql")
                  if f.value != SUBQUERY and not f.relation]
        if others:
            out.append(column_name(item.this) if isinstance(item.this, exp.Column) else "")
    return tuple(dict.fromkeys(out))


def _partition_keys(idx: _Index, resolver: Resolver) -> tuple[str, ...]:
    keys: list[str] = []
    for window in idx.windows:
        for key in window.args.get("partition_by") or ():
            keys.extend(columns_of(key, resolver))
    return tuple(dict.fromkeys(keys))


def _nested_order(
    idx: _Index, main: exp.Select | None, resolver: Resolver
) -> tuple[tuple[OrderItem, ...], int | None]:
    """ORDER BY keys of nested SELECTs that keep a few rows (ORDER BY ... LIMIT k), and the
    k of the first of them."""
    items: list[OrderItem] = []
    k: int | None = None
    for select in idx.selects:
        if select is main or select.args.get("limit") is None:
            continue
        if k is None and select.args.get("order") is not None:
            limit = select.args["limit"]
            k = _int_of(limit.expression if isinstance(limit, exp.Limit)
                        else limit.args.get("count"))
        order = select.args.get("order")
        if order is None:
            continue
        for ordered in order.expressions:
            key = ordered.this
            cols = columns_of(key, resolver)
            items.append(OrderItem(expr=",".join(cols), desc=bool(ordered.args.get("desc")),
                                   aggregate=_first_aggregate(key), columns=cols))
    return tuple(items), k


# --------------------------------------------------------------------------------------------
# the rest of the spec
# --------------------------------------------------------------------------------------------


def _agg_name(node: Any) -> str | None:
    name = _AGG_NAMES.get(type(node))
    if name:
        return name
    if isinstance(node, exp.AggFunc):
        return node.key.upper()
    return None


def _first_aggregate(node: exp.Expr) -> str | None:
    for sub in node.walk():
        if isinstance(sub, exp.Window):
            continue
        name = _agg_name(sub)
        if name and sub.find_ancestor(exp.Window) is None:
            return name
    return None


def _int_of(node: exp.Expr | None) -> int | None:
    if node is None:
        return None
    ok, value = literal_value(node)
    if ok and isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value)
    return None


def _main_select(query: exp.Expr) -> exp.Select | None:
    node: Any = query
    while isinstance(node, (exp.SetOperation, exp.Subquery)):
        node = node.left if isinstance(node, exp.SetOperation) else node.this
    return node if isinstance(node, exp.Select) else None


_DATE_ARITHMETIC = (exp.Interval, exp.DateAdd, exp.DateSub, exp.TimestampAdd, exp.TimestampSub,
                    exp.DatetimeAdd, exp.DatetimeSub, exp.DateDiff, exp.TimeStrToTime)


def _time_arithmetic(lit: exp.Expr) -> bool:
    """A literal that only moves a date (``INTERVAL '7' DAY``, ``DATEADD(day, -7, ...)``, the
    T-SQL epoch of ``DATEDIFF(quarter, 0, GETDATE())``): time arithmetic, which the periods
    judge, not a value the question should name."""
    parent = lit.parent
    while isinstance(parent, (exp.Neg, exp.Paren)):
        parent = parent.parent
    return isinstance(parent, _DATE_ARITHMETIC)


def extract_spec(sql: str, dialect: str | None = None) -> SqlSpec:
    """Parse ``sql`` and return its spec; :class:`SqlParseError` when it cannot be analysed."""
    return spec_of(parse_statement(sql, dialect))


class _Index:
    """Every node of interest, collected in one walk over the tree (instead of a dozen
    ``find_all`` passes: extraction costs about what the parse costs, not several times it)."""

    def __init__(self, root: exp.Expr) -> None:
        self.columns: list[exp.Column] = []
        self.literals: list[exp.Expr] = []
        self.tables: list[exp.Table] = []
        self.selects: list[exp.Select] = []
        self.joins: list[exp.Join] = []
        self.wheres: list[exp.Where] = []
        self.havings: list[exp.Having] = []
        self.ctes: list[exp.CTE] = []
        self.subqueries: list[exp.Subquery] = []
        self.windows: list[exp.Window] = []
        self.limits: list[exp.Expr] = []
        self.eqs: list[exp.EQ] = []
        self.aggs: list[exp.Expr] = []
        self.ifs: list[exp.If] = []  # CASE WHEN branches, IIF, IF
        self.qualifies: list[exp.Qualify] = []
        self.divides = False
        self.time_nodes = False  # a time function or CURRENT_DATE somewhere
        buckets: dict[type, list[Any]] = {
            exp.Column: self.columns, exp.Literal: self.literals, exp.Table: self.tables,
            **{t: self.literals for t in STRING_TYPES},
            exp.Select: self.selects, exp.Join: self.joins, exp.Where: self.wheres,
            exp.Having: self.havings, exp.CTE: self.ctes, exp.Subquery: self.subqueries,
            exp.Window: self.windows, exp.Limit: self.limits, exp.Fetch: self.limits,
            exp.EQ: self.eqs, exp.If: self.ifs, exp.Qualify: self.qualifies,
        }
        for node in root.walk():
            bucket = buckets.get(type(node))
            if bucket is not None:
                bucket.append(node)
            elif isinstance(node, exp.AggFunc):
                self.aggs.append(node)
            elif isinstance(node, exp.Div):
                self.divides = True
            elif isinstance(node, _TIME_NODES):
                self.time_nodes = True

    def timeish(self) -> bool:
        """Could a predicate here be about time? (a time function, a literal spelled like a
        date, a column whose name says date, time, year or month)"""
        if self.time_nodes:
            return True
        from stef_core.periods import name_kind
        from stef_core.sql import looks_like_time

        return any(name_kind(c.name) for c in self.columns if c.name) or any(
            lit.is_string and looks_like_time(str(lit.this)) for lit in self.literals
        )


#: Node types that make a tree worth reading for periods (stef_core.sql.time).
_TIME_NODES: tuple[type[exp.Expr], ...] = (
    exp.TimeToStr, exp.ToChar, exp.Year, exp.Month, exp.Day, exp.Quarter, exp.Hour,
    exp.Extract, exp.DateTrunc, exp.TimestampTrunc, exp.DatetimeTrunc, exp.CurrentDate,
    exp.CurrentTimestamp, exp.CurrentDatetime, exp.Date, exp.TsOrDsToDate, exp.DateAdd,
    exp.DateSub, exp.DateDiff, exp.Anonymous, exp.Time, exp.Substring, exp.Left,
    exp.WeekOfYear, exp.YearOfWeekIso, exp.LastDay, exp.TimestampSub, exp.TimestampAdd,
    exp.DatetimeSub, exp.DatetimeAdd, exp.Convert,
)

_TEXT_GENERATOR: Any = None


def _texts(nodes: list[exp.Expr]) -> list[str]:
    """SQL text of ``nodes`` with one shared generator and no copies. Rendering may normalize
    a node in place (sqlglot wraps divisors in NULLIF), so it runs after every read."""
    global _TEXT_GENERATOR
    if _TEXT_GENERATOR is None:
        from sqlglot.dialects.dialect import Dialect

        _TEXT_GENERATOR = Dialect.get_or_raise(None).generator()
    out = []
    for node in nodes:
        text = _plain_column(node)
        out.append(text if text is not None else _TEXT_GENERATOR.generate(node, copy=False))
    return out


#: An identifier the generator writes as it is (no quotes needed).
_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _plain_column(node: exp.Expr) -> str | None:
    """``name`` or ``table.name`` for a column of plain, unquoted identifiers: what the
    generator writes for it, without the generator's cost (most texts a spec keeps are such
    columns). None for anything else."""
    if type(node) is not exp.Column:
        return None
    args = node.args
    name, table = args.get("this"), args.get("table")
    if args.get("db") or args.get("catalog") or type(name) is not exp.Identifier:
        return None
    if name.args.get("quoted") or not _PLAIN_NAME.match(name.this):
        return None
    if table is None:
        return str(name.this)
    if type(table) is not exp.Identifier or table.args.get("quoted") or not _PLAIN_NAME.match(
            table.this):
        return None
    return f"{table.this}.{name.this}"


def _under_window(node: exp.Expr) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, exp.Window):
            return True
        parent = parent.parent
    return False


def _owner_select(node: exp.Expr) -> exp.Expr | None:
    parent = node.parent
    while parent is not None and not isinstance(parent, exp.Select):
        parent = parent.parent
    return parent


def spec_of(root: exp.Expr) -> SqlSpec:
    """The spec of a parsed query. Pass a tree you own (``extract_spec`` does): reading it is
    pure, but rendering the few SQL texts the spec keeps may normalize nodes in place."""
    idx = _Index(root)
    select = _main_select(root)
    set_operation = None
    if isinstance(root, exp.SetOperation):
        set_operation = type(root).__name__.upper()
    nested = bool(idx.ctes or idx.subqueries or len(idx.selects) > 1 or set_operation)
    resolver = Resolver(root, nested=nested, tables=idx.tables, joins=idx.joins)

    # Texts are rendered last (see _texts): (node, where the text goes).
    text_nodes: list[exp.Expr] = []

    aliases: dict[str, exp.Expr] = {}
    proj_parts: list[tuple[str | None, str | None, tuple[str, ...]]] = []
    select_star = False
    if select is not None:
        for item in select.expressions:
            inner = item.this if isinstance(item, exp.Alias) else item
            alias = item.alias if isinstance(item, exp.Alias) else None
            if alias:
                aliases[alias.lower()] = inner
            if isinstance(inner, exp.Star) or (
                isinstance(inner, exp.Column) and isinstance(inner.this, exp.Star)
            ):
                select_star = True
            inner_for_agg = resolver.resolve(inner) if isinstance(inner, exp.Column) else inner
            agg = _first_aggregate(inner_for_agg)
            cols = columns_of(inner, resolver)
            proj_parts.append((agg, alias.lower() if alias else None, cols))
            text_nodes.append(item)

    root_select_id = id(select) if select is not None else None
    agg_parts: list[tuple[str, str | None, exp.Expr | None, bool, bool]] = []
    for node in idx.aggs:
        name = _agg_name(node)
        if not name or _under_window(node):
            continue
        arg = node.this if node.this is not None else exp.Star()
        distinct = isinstance(arg, exp.Distinct)
        if isinstance(arg, exp.Distinct):
            arg = arg.expressions[0] if arg.expressions else exp.Star()
        owner = _owner_select(node)
        is_nested = owner is None or id(owner) != root_select_id
        if isinstance(arg, exp.Star):
            agg_parts.append((name, "*", None, distinct, is_nested))
        else:
            arg_cols = ",".join(columns_of(arg, resolver))
            agg_parts.append(
                (name, arg_cols or None, None if arg_cols else arg, distinct, is_nested)
            )
            if not arg_cols:
                text_nodes.append(arg)

    group_parts: list[str | exp.Expr] = []
    having = False
    if select is not None:
        group = select.args.get("group")
        if group is not None:
            for key in group.expressions:
                target = (
                    aliases.get(key.name.lower(), key)
                    if isinstance(key, exp.Column) and not key.table
                    else key
                )
                if isinstance(target, exp.Literal) and not target.is_string:  # GROUP BY 1
                    pos = _int_of(target)
                    if pos and 0 < pos <= len(select.expressions):
                        item = select.expressions[pos - 1]
                        target = item.this if isinstance(item, exp.Alias) else item
                if isinstance(target, exp.Column):
                    group_parts.append(column_name(resolver.resolve(target)))
                else:
                    group_parts.append(target)
                    text_nodes.append(target)
        having = select.args.get("having") is not None

    order_node = (
        root.args.get("order")
        if set_operation
        else (select.args.get("order") if select is not None else None)
    )
    order_parts: list[tuple[bool, str | None, tuple[str, ...]]] = []
    if order_node is not None:
        for ordered in order_node.expressions:
            key = ordered.this
            if isinstance(key, exp.Column) and not key.table and key.name.lower() in aliases:
                key = aliases[key.name.lower()]
            elif isinstance(key, exp.Literal) and not key.is_string and select is not None:
                pos = _int_of(key)
                if pos and 0 < pos <= len(select.expressions):
                    item = select.expressions[pos - 1]
                    key = item.this if isinstance(item, exp.Alias) else item
            if isinstance(key, exp.Column):
                resolved = resolver.resolve(key)
                agg = _first_aggregate(resolved) if not isinstance(resolved, exp.Column) else None
            else:
                agg = _first_aggregate(key)
            order_parts.append(
                (bool(ordered.args.get("desc")), agg, columns_of(key, resolver))
            )
            text_nodes.append(key)

    holder = root if set_operation else select
    limit = offset = None
    limit_node = holder.args.get("limit") if holder is not None else None
    if holder is not None:
        if isinstance(limit_node, exp.Limit):
            limit = _int_of(limit_node.expression)
        elif isinstance(limit_node, exp.Fetch):
            limit = _int_of(limit_node.args.get("count"))
            if limit is None and limit_node.args.get("count") is None:
                limit = 1
        offset_node = holder.args.get("offset")
        if isinstance(offset_node, exp.Offset):
            offset = _int_of(offset_node.expression)
    nested_limit = any(node is not limit_node for node in idx.limits)

    cte_names = tuple(c.alias_or_name.lower() for c in idx.ctes)
    tables = tuple(
        dict.fromkeys(t.name.lower() for t in idx.tables if t.name.lower() not in cte_names)
    )
    columns = frozenset(c.name.lower() for c in idx.columns if c.name)
    literals: list[Scalar] = []
    for lit in idx.literals:
        if lit.arg_key == "default_date" or _time_arithmetic(lit):
            continue  # no value the data is compared with (see _time_arithmetic)
        ok, val = literal_value(lit)
        if ok:
            literals.append(fold_value(val))
    found = _filters(idx, resolver)
    # A ranking window kept by ``rn <= 3`` is the top-k (``rank_limit``), not a filter.
    filters = tuple(f for f in found if not f.relation
                    and not (f.column and " over (" in f.column))
    relations = tuple(f for f in found if f.relation)
    conditions = _value_conditions(idx, resolver) if (idx.ifs or idx.aggs) else ()
    partition_by = _partition_keys(idx, resolver) if idx.windows else ()
    ranking, rank_limit, distinct_on = (
        _rankings(idx, select, resolver) if idx.windows or select is not None else ((), None, ())
    )
    partition_by = tuple(dict.fromkeys((*partition_by, *distinct_on)))
    nested_order_by, nested_k = (
        _nested_order(idx, select, resolver) if len(idx.selects) > 1 else ((), None)
    )
    nested_group_by, nested_distinct = (
        _nested_grouping(idx, select, resolver) if len(idx.selects) > 1 else ((), False)
    )
    periods = _periods(idx, resolver)
    value_periods = _value_periods(idx, resolver)
    join_keys = _join_keys(idx, resolver)
    window_count = len(idx.windows)
    text_nodes.extend(idx.windows)

    # Every read is done: render the texts.
    texts = iter(_texts(text_nodes))
    projections = tuple(
        Projection(expr=next(texts), column=cols[0] if len(cols) == 1 else None,
                   aggregate=agg, alias=alias, columns=cols)
        for agg, alias, cols in proj_parts
    )
    aggregations: list[Aggregation] = []
    for name, arg_text, arg_node, distinct, is_nested in agg_parts:
        text = arg_text if arg_node is None else next(texts).lower()
        aggregations.append(Aggregation(name, text or "*", distinct, is_nested))
    group_by = tuple(
        dict.fromkeys(k if isinstance(k, str) else next(texts).lower() for k in group_parts)
    )
    order_items = tuple(
        OrderItem(expr=next(texts), desc=desc, aggregate=agg, columns=cols)
        for desc, agg, cols in order_parts
    )
    windows = tuple(next(texts) for _ in range(window_count))

    return SqlSpec(
        projections=projections,
        aggregations=tuple(dict.fromkeys(aggregations)),
        filters=filters,
        group_by=group_by,
        having=having,
        order_by=order_items,
        limit=limit,
        offset=offset,
        nested_limit=nested_limit,
        distinct=bool(select is not None and select.args.get("distinct")),
        tables=tables,
        columns=columns,
        literals=tuple(literals),
        windows=windows,
        ctes=cte_names,
        subqueries=sum(1 for s in idx.selects if s is not select),
        joins=len(idx.joins),
        set_operation=set_operation,
        join_keys=join_keys,
        divides=idx.divides,
        select_star=select_star,
        conditions=conditions,
        partition_by=partition_by,
        nested_order_by=nested_order_by,
        nested_group_by=nested_group_by,
        nested_distinct=nested_distinct,
        relations=relations,
        ranking=ranking,
        rank_limit=rank_limit,
        nested_k=nested_k,
        unscoped_extremes=_unscoped_extremes(idx, resolver),
        periods=periods,
        value_periods=value_periods,
    )
