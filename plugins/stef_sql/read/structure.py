"""Structure: what the query reads and how it is built: base tables (``tables``, CTE names
aside), every column name (``columns``), the literals compared with data (``literals``; date
arithmetic aside), window texts (``windows``), CTE names, the number of nested SELECTs and
joins, a top-level set operation, the LEFT JOINs whose unmatched rows the WHERE both keeps
and rules out (``unmatched_filtered``), the anti-joins whose NULL test ClickHouse never
meets (``defaulted_nulls``), and comparisons with NULL by ``=`` or ``<>``
(``null_equalities``), which are never true.

The judges read these (how much a query reaches, which literals the question never names).
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

from sqlglot import exp

from stef_core.spec import Scalar
from stef_core.sql import literal_value
from stef_core.sql.conditions import flatten
from stef_core.values import fold_value
from stef_sql.read.tree import (
    Build,
    Tree,
    alias_of,
    anti_joins,
    name_of,
    sql_text,
    table_name,
    text_of,
)
from stef_sql.read.tree import qualifier as qualifier_of

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
            name for t in tree.tables if (name := table_name(t).lower()) not in cte_names)),
        "columns": frozenset(n.lower() for n in tree.names if n),
        "column_tables": _column_tables(tree, cte_names),
        "literals": tuple(literals),
        "ctes": cte_names,
        "subqueries": sum(1 for s in tree.selects if s is not tree.select),
        "joins": len(tree.joins),
        "outer_joins": len(tree.select.args.get("joins") or ()) if tree.select is not None else 0,
        "set_operation": tree.set_operation,
        "unmatched_filtered": tuple(_unmatched_filtered(tree)),
        "defaulted_nulls": tuple(_defaulted_nulls(tree)),
        "null_equalities": tuple(_null_equalities(tree)),
        "negated_alternatives": tuple(_negated_alternatives(tree)),
        "scalar_set_operations": tuple(_scalar_set_operations(tree)),
        "disjoint_alternatives": tuple(_disjoint_alternatives(tree)),
        "impossible_conjunctions": tuple(_impossible_conjunctions(tree)),
        "undefined_tables": tuple(_undefined_tables(tree)),
    }

    def build(texts: dict[str, list[str]]) -> dict[str, Any]:
        return {**fields, "windows": tuple(texts["window"])}

    return build


#: Most columns read for :func:`_column_tables` (a query's first ones: enough to place them).
MAX_PLACED = 48


def _column_tables(tree: Tree, cte_names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """``(column, base table)`` for the columns the query reads whose base table the
    qualifier (or the one table of the column's SELECT) gives, through CTEs and derived
    tables; a CTE's own name is no base table."""
    out: dict[tuple[str, str], None] = {}
    for col in islice(tree.columns, MAX_PLACED):
        resolved = tree.resolver.resolve(col) if tree.derived else col
        if not isinstance(resolved, exp.Column):
            continue
        name = name_of(resolved)
        if not name:
            continue
        table = tree.table_of(resolved)
        if table and table not in cte_names:
            out[(name.lower(), table)] = None
    return tuple(out)


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
    nodes = [*tree.eqs[:256], *(n for n in tree.neqs if type(n) is exp.NEQ)]
    out: list[str] = []
    for node in nodes:
        if isinstance(node.this, exp.Null) or isinstance(node.expression, exp.Null):
            out.append(text_of(node)[:120])
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


def _null_kept(a: exp.Expr, b: exp.Expr) -> bool:
    """Is one side ``c IS NULL`` and the other a test of that column alone (``c IS NULL OR c
    NOT IN ('SHORT', 'WET')``)? One absence, its NULLs kept, not two absences.

    >>> from stef_core.sql import parse_statement
    >>> w = parse_statement("SELECT 1 FROM d WHERE c IS NULL OR NOT c IN ('A', 'B')").find(exp.Or)
    >>> _null_kept(w.this, w.expression)
    True
    """
    for one, other in ((a, b), (b, a)):
        while isinstance(one, exp.Paren):
            one = one.this
        if (isinstance(one, exp.Is) and isinstance(one.this, exp.Column)
                and isinstance(one.expression, exp.Null)):
            column = one.this.sql().lower()
            if {c.sql().lower() for c in other.find_all(exp.Column)} == {column}:
                return True
    return False


def _negated_alternatives(tree: Tree) -> list[str]:
    """``NOT EXISTS (...) OR NOT EXISTS (...)`` and the like (see ``SqlSpec``): two absences
    joined by OR, in a WHERE or HAVING."""
    out: list[str] = []
    for node in tree.ors:
        if (type(node) is exp.Or and _negative(node.this) and _negative(node.expression)
                and not _null_kept(node.this, node.expression)
                and node.find_ancestor(exp.Where, exp.Having) is not None):
            out.append(text_of(node)[:160])
        if len(out) >= 4:
            break
    return out


def _one_row_aggregate(node: exp.Expr) -> bool:
    """A SELECT that returns one row of aggregates: every output is an aggregate (no window),
    no GROUP BY."""
    while isinstance(node, (exp.Subquery, exp.Paren)):
        node = node.this
    if not isinstance(node, exp.Select) or node.args.get("group") or not node.expressions:
        return False
    return all(e.find(exp.AggFunc) is not None and e.find(exp.Window) is None
               for e in node.expressions)


def _scalar_set_operations(tree: Tree) -> list[tuple[str, str]]:
    """``(operator, text)`` for each UNION / INTERSECT / EXCEPT of two one-row aggregates
    (``SELECT COUNT(*) FROM a WHERE ... INTERSECT SELECT COUNT(*) FROM a WHERE ...``): the set
    operation combines the two numbers (an INTERSECT keeps the number when both are equal), not
    the rows they count."""
    out: list[tuple[str, str]] = []
    for node in tree.set_operations:
        if not isinstance(node, exp.SetOperation):
            continue
        if _one_row_aggregate(node.left) and _one_row_aggregate(node.right):
            op = type(node).__name__.upper()
            if isinstance(node, exp.Union) and node.args.get("distinct") is False:
                op = "UNION ALL"
            out.append((op, text_of(node)[:200]))
        if len(out) >= 4:
            break
    return out


def _bound(node: exp.Expr) -> tuple[str, str, float | str] | None:
    """``(column, direction, value)`` of ``column > value`` (or the reverse, ``value <
    column``): direction ``>`` (``>``, ``>=``) or ``<``; None for anything else."""
    while isinstance(node, exp.Paren):
        node = node.this
    if not isinstance(node, (exp.GT, exp.GTE, exp.LT, exp.LTE)):
        return None
    left, right = node.this, node.expression
    up = isinstance(node, (exp.GT, exp.GTE))
    if isinstance(right, exp.Column) and not isinstance(left, exp.Column):
        left, right, up = right, left, not up
    if not isinstance(left, exp.Column) or not isinstance(right, exp.Literal):
        return None
    ok, value = literal_value(right)
    if not ok or not isinstance(value, (int, float, str)) or isinstance(value, bool):
        return None
    return sql_text(left).lower(), ">" if up else "<", value


def _comparable(a: float | str, b: float | str) -> bool:
    """Two bounds' values that order against each other: two numbers, or two strings."""
    return type(a) is type(b) or (isinstance(a, (int, float)) and isinstance(b, (int, float)))


def _disjoint_alternatives(tree: Tree) -> list[str]:
    """``age > 40 OR age < 30`` (see ``SqlSpec``): two bounds of one column in opposite
    directions that no value meets both of, joined by OR in a WHERE whose SELECT has no HAVING
    (a HAVING may ask each group for both: ``HAVING MAX(age) > 40 AND MIN(age) < 30``)."""
    out: list[str] = []
    for node in tree.ors:
        if type(node) is not exp.Or:
            continue
        a, b = _bound(node.this), _bound(node.expression)
        if a is None or b is None or a[0] != b[0] or a[1] == b[1]:
            continue
        low, high = (a, b) if a[1] == "<" else (b, a)  # column < low[2] OR column > high[2]
        if not _comparable(low[2], high[2]):
            continue
        try:
            disjoint = low[2] <= high[2]  # type: ignore[operator]
        except TypeError:
            continue
        where = node.find_ancestor(exp.Where, exp.Having, exp.Join, exp.If, exp.Case)
        select = node.find_ancestor(exp.Select)
        if (disjoint and isinstance(where, exp.Where) and select is not None
                and not select.args.get("having")):
            out.append(text_of(node)[:160])
        if len(out) >= 4:
            break
    return out


def _impossible_conjunctions(tree: Tree) -> list[str]:
    """Two terms of one WHERE's AND that no row meets together (see ``SqlSpec``): bounds of
    one column in opposite directions with no value between them, or one column equal to two
    different literals."""
    out: list[str] = []
    for where in tree.wheres[:16]:
        top = where.this
        while isinstance(top, exp.Paren):
            top = top.this
        if not isinstance(top, exp.And):
            continue  # one term (most WHEREs): no two to clash
        bounds: dict[str, list[tuple[str, float | str, exp.Expr]]] = {}
        equals: dict[str, tuple[object, exp.Expr]] = {}
        for term in islice(flatten(where.this, exp.And), 64):
            b = _bound(term)
            if b is not None:
                bounds.setdefault(b[0], []).append((b[1], b[2], term))
                continue
            if (type(term) is exp.EQ and isinstance(term.this, exp.Column)
                    and isinstance(term.expression, exp.Literal)):
                ok, value = literal_value(term.expression)
                if not ok:
                    continue
                key = sql_text(term.this).lower()
                value = value.lower() if isinstance(value, str) else value
                if key in equals and equals[key][0] != value:
                    out.append(f"{text_of(equals[key][1])} AND {text_of(term)}"[:160])
                equals.setdefault(key, (value, term))
        for items in bounds.values():
            lows = [(v, t) for d, v, t in items if d == ">"]
            highs = [(v, t) for d, v, t in items if d == "<"]
            for low, lt in lows:
                for high, ht in highs:
                    strict = isinstance(lt, (exp.GT, exp.LT)) or isinstance(ht, (exp.GT, exp.LT))
                    if _comparable(low, high) and (
                            low > high or (low == high and strict)):  # type: ignore[operator]
                        out.append(f"{text_of(lt)} AND {text_of(ht)}"[:160])
        if len(out) >= 4:
            break
    return out[:4]


#: Qualifiers that name no table of the query and are no mistake (an upsert's or a
#: trigger's rows).
_PSEUDO_TABLES = frozenset({"excluded", "new", "old", "inserted", "deleted"})
#: Dialects where ``a.b`` may read the field ``b`` of a struct, object or record column ``a``.
_STRUCT_DIALECTS = frozenset({
    "bigquery", "snowflake", "duckdb", "databricks", "spark", "spark2", "hive", "trino",
    "presto", "athena", "clickhouse", "redshift", "doris", "starrocks", "risingwave",
    "materialize", "dremio", "exasol", "teradata", "druid"})
#: A qualifier shaped like an alias (``t3``, ``c``, ``co``): no struct column is named so.
_ALIAS_LIKE = re.compile(r"[a-z]{1,2}\d{0,2}|t\d+")


def _undefined_tables(tree: Tree) -> list[str]:
    """``T3.url`` where no table, alias, CTE or derived table of the query is T3 (see
    ``SqlSpec``). Where a dialect reads ``a.b`` as a field of a struct column (BigQuery,
    Snowflake, DuckDB, Spark ...), only a qualifier shaped like an alias counts."""
    known = set(_PSEUDO_TABLES)
    for t in tree.tables:
        known.add(table_name(t).lower())
        if alias := alias_of(t):
            known.add(alias.lower())
    for cte in tree.ctes:
        known.add(cte.alias_or_name.lower())
    for node in tree.table_aliases:
        if isinstance(node, exp.TableAlias) and (name := name_of(node)):
            known.add(name.lower())
    struct = tree.dialect in _STRUCT_DIALECTS
    out: list[str] = []
    for column in tree.columns:
        qualifier = qualifier_of(column)
        if not qualifier or qualifier.lower() in known:
            continue
        if struct and not _ALIAS_LIKE.fullmatch(qualifier.lower()):
            continue
        out.append(f"{qualifier}.{column.name}")
        if len(out) >= 4:
            break
    return list(dict.fromkeys(out))


#: Predicates true of a NULL (they keep rows a LEFT JOIN did not match).
_NULL_TOLERANT = (exp.Is, exp.Coalesce, exp.Or, exp.Not)


def _defaulted_nulls(tree: Tree) -> list[str]:
    """The IS NULL tests of anti-joins (``LEFT JOIN v ... WHERE v.k IS NULL``) in ClickHouse
    without ``join_use_nulls = 1``: ClickHouse fills an unmatched row's columns with their
    type's default (0, ''), not NULL, so the test is never met and nothing is kept.

    >>> from stef_sql.extract import extract_spec
    >>> sql = ("SELECT count() FROM fields f LEFT JOIN visits v ON v.fld_id = f.fld_id "
    ...        "WHERE v.fld_id IS NULL")
    >>> extract_spec(sql, "clickhouse").defaulted_nulls
    ('v.fld_id IS NULL',)
    >>> extract_spec(sql + " SETTINGS join_use_nulls = 1", "clickhouse").defaulted_nulls
    ()
    >>> extract_spec(sql, "duckdb").defaulted_nulls
    ()
    """
    if tree.dialect != "clickhouse":
        return []
    for select in tree.selects[:32]:
        for setting in (select.args.get("settings") or [])[:16]:
            if "join_use_nulls" in text_of(setting).lower():
                return []
    return [text_of(anti.nulls[0]) for anti in anti_joins(tree)[:4]
            if isinstance(anti.nulls[0], exp.Is) and not _nullable(tree, anti.nulls[0])
            and not _or_long_ago(anti.nulls[0])]


def _or_long_ago(test: exp.Is) -> bool:
    """Is ``test`` an aggregate's IS NULL beside another side of an OR (``HAVING MAX(o.dt) IS
    NULL OR MAX(o.dt) < ...``)? The other side keeps a group whose default date is long ago,
    so the groups asked are kept either way.

    >>> from stef_sql.extract import extract_spec
    >>> sql = ("SELECT a.id FROM agencies a LEFT JOIN orders o ON o.agency_id = a.id "
    ...        "GROUP BY a.id HAVING MAX(o.order_dt) IS NULL")
    >>> extract_spec(sql, "clickhouse").defaulted_nulls
    ('MAX(o.order_dt) IS NULL',)
    >>> extract_spec(sql + " OR MAX(o.order_dt) < today() - 60", "clickhouse").defaulted_nulls
    ()
    """
    parent = test.parent
    while isinstance(parent, exp.Paren):
        parent = parent.parent
    return isinstance(test.this, (exp.Max, exp.Min)) and isinstance(parent, exp.Or)


def _nullable(tree: Tree, test: exp.Is) -> bool:
    """Does the SQL test the anti-join's column for NULL somewhere else too (``customer_id
    IS NOT NULL`` in the joined subquery)? Then the column is Nullable, and ClickHouse fills
    an unmatched row's Nullable column with NULL whatever join_use_nulls says: the anti-join
    keeps what it should.

    >>> from stef_sql.extract import extract_spec
    >>> sql = ("SELECT count() FROM members m LEFT JOIN (SELECT DISTINCT customer_id FROM "
    ...        "bookings WHERE customer_id IS NOT NULL) b ON b.customer_id = m.customer_id "
    ...        "WHERE b.customer_id IS NULL")
    >>> extract_spec(sql, "clickhouse").defaulted_nulls
    ()
    """
    col = test.this
    if not isinstance(col, exp.Column):
        return False
    name = col.name.lower()
    return any(other is not test and isinstance(other.this, exp.Column)
               and other.this.name.lower() == name and isinstance(other.expression, exp.Null)
               for other in tree.root.find_all(exp.Is))


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
            out.append((text_of(t), text_of(anti.nulls[0])))
    return out
