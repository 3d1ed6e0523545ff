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
from typing import Any, cast

import sqlglot
from sqlglot import exp
from sqlglot.errors import ParseError, TokenError
from sqlglot.optimizer.scope import Scope, build_scope

from stef_core.contracts import SqlParseError
from stef_core.spec import (
    FLIPPED_OP,
    NEGATED_OP,
    Aggregation,
    Filter,
    OrderItem,
    Period,
    Projection,
    Scalar,
    SqlSpec,
    Value,
)
from stef_core.values import fold_text, fold_value, number

_CMP: dict[type[exp.Expr], str] = {
    exp.EQ: "=",
    exp.NEQ: "!=",
    exp.GT: ">",
    exp.GTE: ">=",
    exp.LT: "<",
    exp.LTE: "<=",
    exp.NullSafeEQ: "=",
    exp.NullSafeNEQ: "!=",
}
_AGG_NAMES: dict[type[exp.Expr], str] = {
    exp.Count: "COUNT",
    exp.Sum: "SUM",
    exp.Avg: "AVG",
    exp.Min: "MIN",
    exp.Max: "MAX",
}
SUBQUERY = "<subquery>"
#: Source suffix of a column-to-column comparison (see ``SqlSpec.relations``).
RELATION = ":rel"
#: Tried, in order, when a record names no dialect and the default reader fails.
_FALLBACK_DIALECTS = ("mysql", "tsql")
_MAX_SQL_CHARS = 4_000_000


# --------------------------------------------------------------------------------------------
# parsing
# --------------------------------------------------------------------------------------------


def parse_statement(sql: str, dialect: str | None = None) -> exp.Query:
    """Parse exactly one statement or raise :class:`SqlParseError` saying where and why."""
    if not sql or not sql.strip():
        raise SqlParseError("sql: empty SQL")
    if len(sql) > _MAX_SQL_CHARS:
        raise SqlParseError(
            f"sql: {len(sql)} characters is more than the {_MAX_SQL_CHARS} STEF "
            "analyses; split the statement or raise the limit"
        )
    try:
        statements = [s for s in sqlglot.parse(sql, read=dialect) if s is not None]
    except (ParseError, TokenError) as exc:
        if dialect is None:
            # No dialect given: logs mix `backticks` and [brackets]; try the dialects that
            # read them before calling the SQL broken.
            for fallback in _FALLBACK_DIALECTS:
                try:
                    return parse_statement(sql, fallback)
                except SqlParseError:
                    continue
            raise SqlParseError(
                _parse_message(exc) + "; no dialect was given (set the record's 'dialect' or "
                "--dialect)"
            ) from None
        raise SqlParseError(_parse_message(exc)) from None
    except RecursionError:
        raise SqlParseError("sql: nested too deeply to analyse") from None
    except ValueError as exc:  # unknown dialect
        raise SqlParseError(f"sql: {exc}") from None
    if not statements:
        raise SqlParseError("sql: no statement found")
    if len(statements) > 1:
        raise SqlParseError(
            f"sql: {len(statements)} statements found; STEF scores exactly one statement per record"
        )
    statement = statements[0]
    if not isinstance(statement, exp.Query):
        kind = type(statement).__name__.upper()
        raise SqlParseError(f"sql: a {kind} statement is not a query; STEF scores SELECT queries")
    return statement


def _parse_message(exc: Exception) -> str:
    errors = getattr(exc, "errors", None)
    if errors:
        first = errors[0]
        desc = str(first.get("description") or "syntax error").splitlines()[0]
        line, col = first.get("line"), first.get("col")
        where = f" at line {line}, column {col}" if line else ""
        near = str(first.get("highlight") or "").strip()
        return f"sql: does not parse{where}: {desc}" + (f" (near {near!r})" if near else "")
    return f"sql: does not parse: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"


# --------------------------------------------------------------------------------------------
# values and columns
# --------------------------------------------------------------------------------------------


_STRINGS: tuple[type[exp.Expr], ...] = tuple(
    t for t in (getattr(exp, n, None) for n in ("National", "RawString")) if isinstance(t, type)
)


def literal_value(node: exp.Expr) -> tuple[bool, Scalar]:
    """``(True, value)`` when ``node`` is a constant, else ``(False, None)``."""
    while isinstance(node, (exp.Paren, exp.Cast, exp.TryCast)):
        node = node.this
    if isinstance(node, _STRINGS):  # N'...' (T-SQL), raw strings: strings all the same
        return True, fold_text(str(node.this))
    if isinstance(node, exp.Literal):
        text = str(node.this)
        if node.is_string:
            return True, fold_text(text)
        num = number(text)
        return True, num if num is not None else text
    if isinstance(node, exp.Neg):
        ok, inner = literal_value(node.this)
        if ok and isinstance(inner, (int, float)) and not isinstance(inner, bool):
            return True, -inner
        return False, None
    if isinstance(node, exp.Boolean):
        return True, bool(node.this)
    if isinstance(node, exp.Null):
        return True, None
    return False, None


class _Resolver:
    """Maps columns to what they mean, looking through CTEs and derived tables.

    Scope analysis is only run when the query has something to look through (a CTE, a derived
    table, a nested SELECT): for the flat queries that make up most logs, a column is itself and
    its table comes from the FROM/JOIN aliases.
    """

    def __init__(
        self, root: exp.Expr, nested: bool = True, tables: list[exp.Table] | None = None,
        joins: list[exp.Join] | None = None,
    ) -> None:
        self.scope_of: dict[int, Scope] = {}
        self.root_scope: Scope | None = None
        self.aliases: dict[str, str] = {}
        self._joins = joins or []
        self._roles: dict[str, str] | None = None
        if nested:
            try:
                self.root_scope = build_scope(root)
            except Exception:  # scope analysis is best effort; plain names still work
                self.root_scope = None
        if self.root_scope is not None:
            for scope in self.root_scope.traverse():
                self.scope_of[id(scope.expression)] = scope
        else:
            for table in tables if tables is not None else root.find_all(exp.Table):
                self.aliases[table.alias_or_name.lower()] = table.name.lower()

    @property
    def roles(self) -> dict[str, str]:
        """The role each joined alias plays (:func:`_roles`), read on first use: only a
        column-to-column comparison asks."""
        if self._roles is None:
            self._roles = _roles(self._joins)
        return self._roles

    def _scope_for(self, node: exp.Expr) -> Scope | None:
        if not self.scope_of:
            return None
        parent: Any = node
        while parent is not None:
            scope = self.scope_of.get(id(parent))
            if scope is not None:
                return scope
            parent = parent.parent
        return None

    def resolve(self, column: exp.Column, depth: int = 0) -> exp.Expr:
        """The expression ``column`` stands for (itself when it is a base-table column)."""
        if depth > 8:
            return column
        scope = self._scope_for(column)
        if scope is None:
            return column
        source = scope.sources.get(column.table) if column.table else None
        if source is None and not column.table:
            derived = [s for s in scope.sources.values() if isinstance(s, Scope)]
            if len(scope.sources) == 1 and derived:
                source = derived[0]
        if not isinstance(source, Scope):
            return column
        select = source.expression
        if not isinstance(select, exp.Select):
            return column
        for projection in select.expressions:
            if projection.alias_or_name.lower() == column.name.lower():
                inner = projection.this if isinstance(projection, exp.Alias) else projection
                if isinstance(inner, exp.Column):
                    return self.resolve(inner, depth + 1)
                return inner
        return column


def column_name(node: exp.Expr) -> str:
    return node.name.lower() if isinstance(node, exp.Column) else node.sql().lower()


# --------------------------------------------------------------------------------------------
# filters
# --------------------------------------------------------------------------------------------


def _roles(joins: list[exp.Join]) -> dict[str, str]:
    """The role each joined alias plays, read from its join key: ``ON e.manager_id = m.id``
    makes ``m`` the manager (a key named after a role, pointing at the other alias's id)."""
    roles: dict[str, str] = {}
    for join in joins[:32]:
        on = join.args.get("on")
        if on is None:
            continue
        for eq in on.find_all(exp.EQ):
            a, b = eq.left, eq.right
            if not (isinstance(a, exp.Column) and isinstance(b, exp.Column)):
                continue
            for ref, key in ((a, b), (b, a)):
                name, table = ref.name.lower(), key.table.lower()
                if (table and key.name.lower() in ("id", "key") and name.endswith("_id")
                        and len(name) > 3 and ref.table.lower() != table):
                    roles[table] = name[:-3].replace("_", " ")
    return roles


def _in_role(node: exp.Expr, column: str | None, resolver: _Resolver) -> str | None:
    """``column`` prefixed with the role of the alias it is read from, when it has one."""
    if column is None or not isinstance(node, exp.Column):
        return column
    role = resolver.roles.get(node.table.lower()) if node.table else None
    return f"{role} {column}" if role else column


def _operand_column(node: exp.Expr, resolver: _Resolver) -> str | None:
    """The column a predicate constrains: a bare column, or the one column inside an
    expression (``LOWER(name)``, ``strftime('%Y', d)``), else the expression itself."""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Column):
        resolved = resolver.resolve(node)
        if isinstance(resolved, exp.Column):
            return resolved.name.lower()
        node = resolved
    cols = _columns_of(node, resolver)
    if len(cols) == 1:
        return cols[0]
    if not cols:
        return None
    return node.sql().lower()


def _flatten(node: exp.Expr, kind: type[exp.Expr]) -> Iterator[exp.Expr]:
    """The operands of a chain of ``kind`` (AND or OR), left to right, through parentheses.

    Iterative: parsers nest a flat chain ``a OR b OR c ...`` one level per term, so a
    recursive walk would fail on long generated chains (40,000 terms).
    """
    stack = [node]
    while stack:
        node = stack.pop()
        while isinstance(node, exp.Paren):
            node = node.this
        if isinstance(node, kind):
            binary = cast(exp.Binary, node)
            stack.append(binary.right)
            stack.append(binary.left)
        else:
            yield node


def _atom(node: exp.Expr, resolver: _Resolver, source: str, negate: bool) -> list[Filter]:
    """Filters for one predicate that contains no AND/OR."""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Not):
        return _predicate(node.this, resolver, source, not negate)
    if node.args.get("negate"):  # newer sqlglot spells NOT LIKE / NOT IN as a flag
        negate = not negate

    def make(col: str | None, op: str, value: Value) -> Filter:
        return Filter(col, NEGATED_OP[op] if negate else op, value, source)

    if isinstance(node, tuple(_CMP)):
        op = _CMP[type(node)]
        binary = cast(exp.Binary, node)
        left, right = binary.left, binary.right
        lok, lval = literal_value(left)
        rok, rval = literal_value(right)
        if lok and not rok:  # 5 < x  ->  x > 5
            left, right, rval, rok, op = right, left, lval, True, FLIPPED_OP[op]
        if rok:
            col = _operand_column(left, resolver)
            if rval is None and op in {"=", "!="}:
                return [make(col, "is null" if op == "=" else "is not null", None)]
            return [make(col, op, rval)]
        if isinstance(right, (exp.Subquery, exp.Select)) or isinstance(left, exp.Subquery):
            target = left if not isinstance(left, exp.Subquery) else right
            return [make(_operand_column(target, resolver), op, SUBQUERY)]
        if op in ("=", "!=") and not negate:
            return []  # column = column: a join condition, not a filter
        # Column against column ("salary > manager salary"): a relation between two columns,
        # kept apart from the filters (its value names the other column).
        lcol, rcol = _operand_column(left, resolver), _operand_column(right, resolver)
        # A table joined to itself in a role ("employees m ON e.manager_id = m.id"): the
        # role names the side ("manager salary"), as the question does ("than their manager").
        lcol, rcol = _in_role(left, lcol, resolver), _in_role(right, rcol, resolver)
        if lcol and rcol:
            return [Filter(lcol, NEGATED_OP[op] if negate else op, rcol, source + RELATION)]
        return []
    if isinstance(node, exp.In):
        col = _operand_column(node.this, resolver)
        if node.args.get("query") is not None:
            return [make(col, "in", SUBQUERY)]
        values: list[Scalar] = []
        for item in node.expressions:
            ok, val = literal_value(item)
            if not ok:
                return []
            values.append(val)
        if len(values) == 1:
            return [make(col, "=", values[0])]
        return [make(col, "in", _sorted_tuple(values))]
    if isinstance(node, exp.Between):
        col = _operand_column(node.this, resolver)
        lok, low = literal_value(node.args["low"])
        hok, high = literal_value(node.args["high"])
        if not (lok and hok):
            return []
        if negate:  # NOT BETWEEN: outside the range
            return [Filter(col, "<", low, source), Filter(col, ">", high, source)]
        return [Filter(col, ">=", low, source), Filter(col, "<=", high, source)]
    if isinstance(node, (exp.Like, exp.ILike)):
        col = _operand_column(node.this, resolver)
        ok, pattern = literal_value(node.expression)
        if not ok:
            return []
        if isinstance(pattern, str) and "%" not in pattern and "_" not in pattern:
            return [make(col, "=", pattern)]
        return [make(col, "like", pattern)]
    if isinstance(node, exp.Is):
        col = _operand_column(node.this, resolver)
        ok, val = literal_value(node.expression)
        if ok and val is None:
            return [make(col, "is null", None)]
        if ok:
            return [make(col, "=", val)]
        return []
    if isinstance(node, exp.Exists):
        return [make(None, "in", SUBQUERY)]
    if isinstance(node, exp.Column):  # WHERE flag
        return [make(_operand_column(node, resolver), "=", True)]
    return []


def _sorted_tuple(values: list[Scalar]) -> tuple[Scalar, ...]:
    return tuple(sorted(set(values), key=lambda v: (type(v).__name__, str(v))))


def _predicate(
    node: exp.Expr, resolver: _Resolver, source: str, negate: bool = False
) -> list[Filter]:
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Not):
        return _predicate(node.this, resolver, source, not negate)
    conj, disj = (exp.Or, exp.And) if negate else (exp.And, exp.Or)
    # De Morgan: under NOT, AND and OR swap roles.
    if isinstance(node, conj):
        out: list[Filter] = []
        for part in _flatten(node, conj):
            out.extend(_predicate(part, resolver, source, negate))
        return out
    if isinstance(node, disj):
        parts = [f for p in _flatten(node, disj) for f in _predicate(p, resolver, source, negate)]
        return _fold_disjunction(parts, source, negate)
    return _atom(node, resolver, source, negate)


def _fold_disjunction(parts: list[Filter], source: str, negate: bool) -> list[Filter]:
    """``a = 1 OR a = 2`` -> ``a IN (1, 2)``; other disjunctions keep their atoms, marked."""
    positive, merged_op = ("=", "in") if not negate else ("!=", "not in")
    if parts and all(f.op in (positive, merged_op) for f in parts):
        cols = {f.column for f in parts}
        if len(cols) == 1:
            values: list[Scalar] = []
            for f in parts:
                if isinstance(f.value, tuple):
                    values.extend(f.value)
                else:
                    values.append(f.value)
            merged = _sorted_tuple(values)
            if len(merged) == 1:
                return [Filter(parts[0].column, positive, merged[0], source)]
            return [Filter(parts[0].column, merged_op, merged, source)]
    return [Filter(f.column, f.op, f.value, source + ":or") for f in parts]


def _table_of(column: exp.Column, resolver: _Resolver) -> str:
    """The base table a column reads from, through its qualifier ("" when unknown)."""
    if not resolver.scope_of:
        if column.table:
            return resolver.aliases.get(column.table.lower(), "")
        tables = set(resolver.aliases.values())
        return tables.pop() if len(tables) == 1 else ""
    scope = resolver._scope_for(column)
    if scope is None:
        return ""
    if column.table:
        source = scope.sources.get(column.table)
    elif len(scope.sources) == 1:
        source = next(iter(scope.sources.values()))
    else:
        return ""
    return source.name.lower() if isinstance(source, exp.Table) else ""


def _join_keys(idx: _Index, resolver: _Resolver) -> tuple[tuple[str, str, str, str], ...]:
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


#: Source suffix of a filter inside a subquery whose rows are excluded (``NOT IN``, ``NOT
#: EXISTS``, the right side of ``EXCEPT``): it constrains the result the other way round.
NEGATED = ":neg"


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


def _conditions(idx: _Index) -> Iterator[tuple[exp.Expr, str]]:
    """Every row condition with its source: WHERE, HAVING (``:neg`` inside a subquery whose
    rows are excluded) and JOIN ON. ``COUNT(*) FILTER (WHERE ...)`` shapes a value: it is a
    value condition (:func:`_value_conditions`), not a row filter."""
    nested = len(idx.selects) > 1
    for where in idx.wheres:
        if isinstance(where.parent, exp.Filter):
            continue
        yield where.this, "where" + (NEGATED if nested and _excluded(where) else "")
    for having in idx.havings:
        yield having.this, "having" + (NEGATED if nested and _excluded(having) else "")
    for join in idx.joins:
        on = join.args.get("on")
        if on is not None:
            yield on, "join"


def _periods(idx: _Index, resolver: _Resolver) -> tuple[Period, ...]:
    """Time predicates as periods (stef_sql.time); only read when the tree has something
    date-like in it."""
    if not idx.timeish():
        return ()
    from stef_sql.time import read_periods

    def column_of(node: exp.Expr) -> str | None:
        return _operand_column(node, resolver)

    out: list[Period] = []
    for condition, source in _conditions(idx):

        def filters_of(node: exp.Expr, source: str = source) -> list[Filter]:
            return _predicate(node, resolver, source)

        out.extend(read_periods(condition, column_of, filters_of, source))
    return tuple(out)


def _filters(idx: _Index, resolver: _Resolver) -> tuple[Filter, ...]:
    out: list[Filter] = []
    for condition, source in _conditions(idx):
        out.extend(_predicate(condition, resolver, source))
    # One filter written twice is one constraint.
    seen: set[tuple[object, ...]] = set()
    unique: list[Filter] = []
    for f in out:
        key = (f.column, f.op, f.value, f.source.endswith(RELATION))
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return tuple(unique)


_PREDICATES = (*_CMP, exp.In, exp.Between, exp.Like, exp.ILike, exp.Is, exp.And, exp.Or, exp.Not)


def _value_conditions(idx: _Index, resolver: _Resolver) -> tuple[Filter, ...]:
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
                out.append(Filter(_operand_column(case.this, resolver), "=", value, "case"))
            continue
        if isinstance(cond, exp.Expr):
            out.extend(f for f in _predicate(cond, resolver, "case")
                       if not f.source.endswith(RELATION))
    for where in idx.wheres:
        if isinstance(where.parent, exp.Filter):
            out.extend(_predicate(where.this, resolver, "case"))
    for agg in idx.aggs:
        arg = agg.this
        while isinstance(arg, (exp.Paren, exp.Cast, exp.Distinct)):
            arg = arg.this if not isinstance(arg, exp.Distinct) else (
                arg.expressions[0] if arg.expressions else None)
        if isinstance(arg, _PREDICATES):
            out.extend(_predicate(cast(exp.Expr, arg), resolver, "case"))
    return tuple(dict.fromkeys(out))


def _nested_grouping(idx: _Index, main: exp.Select | None,
                     resolver: _Resolver) -> tuple[tuple[str, ...], bool]:
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
                keys.extend(_columns_of(key, resolver))
    return tuple(dict.fromkeys(keys)), distinct


_RANKERS = tuple(t for t in (getattr(exp, n, None) for n in ("RowNumber", "Rank", "DenseRank"))
                 if isinstance(t, type))


def _rankings(idx: _Index, main: exp.Select | None, resolver: _Resolver
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
            cols = _columns_of(ordered.this, resolver)
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
        distinct_on = _columns_of(distinct.args["on"], resolver)
        k = 1
    return tuple(order), k, distinct_on


def _unscoped_extremes(idx: _Index, resolver: _Resolver) -> tuple[str, ...]:
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
        others = [f for f in _predicate(where.this, resolver, "sql")
                  if f.value != SUBQUERY and not f.source.endswith(RELATION)]
        if others:
            out.append(column_name(item.this) if isinstance(item.this, exp.Column) else "")
    return tuple(dict.fromkeys(out))


def _partition_keys(idx: _Index, resolver: _Resolver) -> tuple[str, ...]:
    keys: list[str] = []
    for window in idx.windows:
        for key in window.args.get("partition_by") or ():
            keys.extend(_columns_of(key, resolver))
    return tuple(dict.fromkeys(keys))


def _nested_order(
    idx: _Index, main: exp.Select | None, resolver: _Resolver
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
            cols = _columns_of(key, resolver)
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


def _columns_of(node: exp.Expr, resolver: _Resolver) -> tuple[str, ...]:
    out: list[str] = []
    for col in node.find_all(exp.Column):
        resolved = resolver.resolve(col)
        if isinstance(resolved, exp.Column):
            out.append(resolved.name.lower())
        else:
            out.extend(c.name.lower() for c in resolved.find_all(exp.Column))
    return tuple(dict.fromkeys(out))


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
        self.time_nodes = False  # a time function or CURRENT_DATE somewhere (stef_sql.time)
        buckets: dict[type, list[Any]] = {
            exp.Column: self.columns, exp.Literal: self.literals, exp.Table: self.tables,
            **{t: self.literals for t in _STRINGS},
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
        from stef_sql.time import looks_like_time

        return any(name_kind(c.name) for c in self.columns if c.name) or any(
            lit.is_string and looks_like_time(str(lit.this)) for lit in self.literals
        )


#: Node types that make a tree worth reading for periods (stef_sql.time).
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
    resolver = _Resolver(root, nested=nested, tables=idx.tables, joins=idx.joins)

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
            cols = _columns_of(inner, resolver)
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
            arg_cols = ",".join(_columns_of(arg, resolver))
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
                (bool(ordered.args.get("desc")), agg, _columns_of(key, resolver))
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
    filters = tuple(f for f in found if not f.source.endswith(RELATION)
                    and not (f.column and " over (" in f.column))
    relations = tuple(f for f in found if f.source.endswith(RELATION))
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
    )
