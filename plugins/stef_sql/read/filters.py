"""Filters: the row conditions of WHERE, HAVING and JOIN ON (``filters``), the comparisons of
one column with another (``relations``) and the column equalities that join tables
(``join_keys``).

Conditions are read by :func:`stef_core.sql.read_condition` (normalized as it reads them: values
folded, ``BETWEEN`` as two bounds, ``NOT`` into the operator ...). A filter inside a subquery
whose rows the query excludes (``NOT IN (...)``, ``NOT EXISTS``, the right side of ``EXCEPT``)
is flagged ``excluded``. ``COUNT(*) FILTER (WHERE ...)`` shapes a value, not the rows: it is a
condition of :mod:`stef_sql.read.aggregates`. A ranking window kept by ``rn <= 3`` is a top-k
(:mod:`stef_sql.read.superlatives`), not a filter.

The question's counterparts are :mod:`stef_question.concepts.values`, ``comparatives`` and
``nulls``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from sqlglot import exp

from stef_core.spec import Filter, Source
from stef_core.sql import read_condition
from stef_sql.read.tree import (
    AntiJoin,
    Build,
    Tree,
    anti_joins,
    int_of,
    name_of,
    rank_aliases,
)


def read(tree: Tree) -> Build:
    found = _filters(tree)
    fields: dict[str, Any] = {
        "filters": tuple(f for f in found if not f.relation
                         and not (f.column and " over (" in f.column)),
        "relations": tuple(f for f in found if f.relation),
        "join_keys": _join_keys(tree),
        "filtered_tables": _filtered_tables(tree),
        "excluded_tables": _excluded_tables(tree),
    }
    fields["anti_joined_tables"], fields["anti_join_tests"] = _anti_joined_tables(tree)
    return lambda texts: fields


def _anti_joined_tables(tree: Tree) -> tuple[frozenset[str], tuple[str, ...]]:
    """The base tables a LEFT JOIN kept to its unmatched rows reads (``LEFT JOIN certificates
    ce ON ... WHERE ce.cert_id IS NULL``; through a CTE or derived table, the tables it reads),
    and the IS NULL tests that keep them (bare column names): the SQL's other way to say
    "pickups with no certificate", as NOT EXISTS says it.

    >>> from stef_sql.extract import extract_spec
    >>> s = extract_spec("WITH b AS (SELECT DISTINCT res_id FROM store_sales) SELECT COUNT(*) "
    ...                  "FROM stays s LEFT JOIN b ON b.res_id = s.res_id WHERE b.res_id IS NULL")
    >>> sorted(s.anti_joined_tables), s.anti_join_tests
    (['store_sales'], ('res_id',))
    >>> extract_spec("SELECT * FROM a LEFT JOIN b ON b.id = a.id").anti_joined_tables
    frozenset()
    """
    tables: set[str] = set()
    tests: list[str] = []
    ctes = {c.alias_or_name.lower(): c.this for c in tree.ctes[:32]}
    for anti in anti_joins(tree)[:8]:
        tests += [n.this.name.lower() for n in anti.nulls if isinstance(n, exp.Is)
                  and isinstance(n.this, exp.Column)]
        source = anti.join.this
        if isinstance(source, exp.Table) and source.name.lower() not in ctes:
            tables.add(source.name.lower())
            continue
        body = ctes.get(source.name.lower()) if isinstance(source, exp.Table) else source.this
        for select in (body.find_all(exp.Select) if isinstance(body, exp.Expr) else ()):
            for part in (select.args.get("from_"), *(select.args.get("joins") or ())):
                if part is not None and isinstance(part.this, exp.Table) and (
                        part.this.name.lower() not in ctes):
                    tables.add(part.this.name.lower())
    return frozenset(tables), tuple(dict.fromkeys(tests))


def _filtered_tables(tree: Tree) -> frozenset[str]:
    """The base tables of the columns row conditions compare with a value (no other column,
    no subquery) or test as flags: ``r.brand_cd = 'AUR'`` files ``reservations``, ``NOT
    s.is_test`` ``shipments`` (see ``SqlSpec``)."""
    out: set[str] = set()
    for condition, _, _ in row_conditions(tree):
        # find_all's walk, breadth first, without the nodes below a plain predicate (its
        # columns' parent is the predicate, so none is a flag, and it holds no predicate) or a
        # primitive node (an identifier, a literal: strings and flags): the nodes left are met
        # in the same order, so the same tables are filed first
        queue = [condition]
        append = queue.append
        i = 0
        while i < len(queue):
            pred = queue[i]
            i += 1
            plain = None
            if isinstance(pred, exp.Predicate):
                plain = _plain_operands(pred)
            if plain is None:
                for value in pred.args.values():
                    if isinstance(value, list):
                        for item in value:
                            if isinstance(item, exp.Expr) and not item.is_primitive:
                                append(item)
                    elif isinstance(value, exp.Expr) and not value.is_primitive:
                        append(value)
            if isinstance(pred, exp.Column):
                if not isinstance(pred.parent, (exp.Not, exp.And, exp.Or, exp.Where)):
                    continue  # a flag tested as it is (WHERE is_active, NOT is_test)
                columns = [pred]
            elif isinstance(pred, exp.Predicate):
                if plain is None:  # not only names and literals: walk it
                    column = _one_column(pred)
                    if column is None:
                        continue
                    columns = [column]
                else:
                    columns = plain
                if len(columns) != 1:
                    continue
            else:
                continue
            resolved = tree.resolver.resolve(columns[0]) if tree.derived else columns[0]
            if isinstance(resolved, exp.Column) and (table := tree.table_of(resolved)):
                out.add(table)
            if len(out) >= 16:
                return frozenset(out)
    return frozenset(out)


def _one_column(pred: exp.Expr) -> exp.Column | None:
    """The one column below ``pred`` when it holds exactly one and no SELECT, else None: what
    ``subtree(pred)`` says of them, its walk left at a second column or a SELECT (either
    answers None), so a predicate over two columns is not walked to its end."""
    found: exp.Column | None = None
    queue = [pred]
    append = queue.append
    i = 0
    while i < len(queue):
        node = queue[i]
        i += 1
        if isinstance(node, exp.Column):
            if found is not None:
                return None
            found = node
        elif isinstance(node, exp.Select):
            return None
        for value in node.args.values():
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, exp.Expr):
                        append(item)
            elif isinstance(value, exp.Expr):
                append(value)
    return found


def _plain_operands(pred: exp.Expr) -> list[exp.Column] | None:
    """The columns of a predicate whose operands are plain columns and literals (``r.brand_cd =
    'AUR'``: most of them), in order, without walking it: what ``subtree(pred)`` holds of
    columns, no SELECT among them; None for any other predicate. A plain column holds only
    names (identifiers), a literal nothing."""
    columns: list[exp.Column] = []
    for value in pred.args.values():
        if value is None or isinstance(value, (str, bool)):
            continue
        if not isinstance(value, (exp.Column, exp.Literal)):
            return None
        for part in value.args.values():
            if part is not None and not isinstance(part, (exp.Identifier, str, bool)):
                return None
        if isinstance(value, exp.Column):
            columns.append(value)
    return columns


def _excluded_tables(tree: Tree) -> frozenset[str]:
    """The base tables a subquery whose rows the query excludes reads (``NOT EXISTS (SELECT 1
    FROM time_entries e WHERE e.matter_id = m.matter_id)``, ``NOT IN (SELECT ...)``): the
    rows it finds decide which rows are kept away (see ``SqlSpec``)."""
    if len(tree.selects) < 2:
        return frozenset()
    out: set[str] = set()
    for select in tree.selects[:16]:
        if not _excluded(select):
            continue
        sources = [select.args.get("from_"), *(select.args.get("joins") or ())]
        for source in sources:
            if source is not None and isinstance(source.this, exp.Table):
                out.add(source.this.name.lower())
    return frozenset(out)


def row_conditions(tree: Tree) -> tuple[tuple[exp.Expr, Source, bool], ...]:
    """Every row condition with its source (WHERE, HAVING, JOIN ON) and whether it sits inside
    a subquery whose rows are excluded (see :class:`Filter`); found once per tree (the filters,
    the filtered tables and the periods read them)."""
    if tree._row_conditions is None:
        tree._row_conditions = tuple(_row_conditions(tree))
    return tree._row_conditions


def _row_conditions(tree: Tree) -> Iterator[tuple[exp.Expr, Source, bool]]:
    nested = len(tree.selects) > 1
    # The ON of an anti-join ("LEFT JOIN tickets t ON ... AND t.status = 'solved' WHERE
    # t.id IS NULL") says which rows are kept away, as a NOT EXISTS subquery does; so do the
    # conditions of the CTE or derived table it joins ("LEFT JOIN done d ... WHERE d.id IS
    # NULL" over ``done AS (SELECT ... WHERE status = 'delivered')``).
    found = anti_joins(tree)
    anti = {id(a.join) for a in found}
    kept_away = _anti_joined(found) if nested else (frozenset(), frozenset())
    for where in tree.wheres:
        if isinstance(where.parent, exp.Filter):
            continue  # COUNT(*) FILTER (WHERE ...): a value condition
        yield where.this, "where", nested and (
            _excluded(where) != _inside(where, *kept_away))
    for having in tree.havings:
        yield having.this, "having", nested and (
            _excluded(having) != _inside(having, *kept_away))
    for join in tree.joins:
        on = join.args.get("on")
        if on is not None:
            yield on, "join", id(join) in anti


def _filters(tree: Tree) -> tuple[Filter, ...]:
    out: list[Filter] = []
    for condition, source, excluded in row_conditions(tree):
        out.extend(read_condition(condition, tree.resolver, source, excluded=excluded))
    ranks = _rank_filters(tree)
    if ranks:
        out = [f for f in out if (f.column, f.op, f.value) not in ranks]
    # Oracle's ROWNUM numbers the rows a query returns: ``ROWNUM <= 10`` keeps the first ten
    # (a top-k, read by stef_sql.read.superlatives), it constrains no column.
    out = [f for f in out if (f.column or "").lower() != "rownum"]
    out = _point_ranges(out)
    # One filter written twice is one constraint; written once for the rows kept and once
    # inside a NOT EXISTS (``(SELECT MAX(t.ts) ... WHERE t.status = 'done') AS last_done`` beside
    # ``NOT EXISTS (... t.status = 'done' ...)``) it is two, one of them turned.
    seen: set[tuple[object, ...]] = set()
    unique: list[Filter] = []
    for f in out:
        key = (f.column, f.op, f.value, f.relation, f.excluded)
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return tuple(unique)


def _point_ranges(filters: list[Filter]) -> list[Filter]:
    """A range closed on one value (``x >= 5 AND x <= 5``, ``BETWEEN 5 AND 5``) is ``x = 5``:
    the same rows, so it answers "exactly 5" as the equality does. Numbers only: a range of
    dates or times is a period, read from the tree by the time reader, which matches its bounds.

    >>> [f.describe() for f in _point_ranges([Filter("price", ">=", 5), Filter("price", "<=", 5),
    ...                                       Filter("qty", ">=", 1)])]
    ['price = 5', 'qty >= 1']
    """
    def key(f: Filter) -> tuple[object, ...]:
        return (f.column, f.value, f.source, f.excluded, f.relation, f.alternative)

    def numeric(f: Filter) -> bool:
        return (f.column is not None and not f.relation
                and isinstance(f.value, (int, float)) and not isinstance(f.value, bool))

    lows = {key(f) for f in filters if f.op == ">=" and numeric(f)}
    highs = {key(f) for f in filters if f.op == "<=" and numeric(f)}
    points = lows & highs
    if not points:
        return filters
    out: list[Filter] = []
    done: set[tuple[object, ...]] = set()
    for f in filters:
        k = key(f)
        if f.op in (">=", "<=") and k in points:
            if k not in done:
                done.add(k)
                out.append(replace(f, op="="))
            continue
        out.append(f)
    return out


def _rank_filters(tree: Tree) -> set[tuple[object, ...]]:
    """The filters that keep the first rows of a ranking window named in a nested SELECT
    (``WHERE rk = 1`` over ``RANK() OVER (...) AS rk``): a top-k, read by
    :mod:`stef_sql.read.superlatives`, whatever column the alias resolves to."""
    names = rank_aliases(tree) if tree.windows else frozenset()
    if not names:
        return set()
    out: set[tuple[object, ...]] = set()
    for where in tree.wheres[:16]:
        for cmp in where.find_all(exp.EQ, exp.LTE, exp.LT):
            left = cmp.this
            if isinstance(left, exp.Column) and left.name.lower() in names and int_of(
                    cmp.expression) is not None:
                out.update((f.column, f.op, f.value)
                           for f in read_condition(cmp, tree.resolver, "where"))
    return out


def _anti_joined(found: list[AntiJoin]) -> tuple[frozenset[str], frozenset[int]]:
    """The CTEs (by name) and derived tables (by id) that an anti-join reads."""
    names = frozenset(a.join.this.name.lower() for a in found
                      if isinstance(a.join.this, exp.Table) and not a.join.this.db)
    derived = frozenset(id(a.join.this) for a in found if isinstance(a.join.this, exp.Subquery))
    return names, derived


def _inside(node: exp.Expr, names: frozenset[str], derived: frozenset[int]) -> bool:
    """Is ``node`` in a CTE named in ``names`` or in a derived table of ``derived``?"""
    if not names and not derived:
        return False
    parent = node.parent
    depth = 0
    while parent is not None and depth < 64:
        if id(parent) in derived or (
                isinstance(parent, exp.CTE) and parent.alias_or_name.lower() in names):
            return True
        parent = parent.parent
        depth += 1
    return False


def _excluded(node: exp.Expr) -> bool:
    """Is ``node`` inside a subquery whose rows the query excludes (NOT IN (...), <> ALL (...),
    NOT EXISTS (...), ... EXCEPT (...)), an odd number of times (a NOT IN inside a NOT IN
    includes)?"""
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
        elif (isinstance(parent, exp.All) and isinstance(parent.parent, exp.NEQ)
              and parent is parent.parent.expression):
            flips += 1  # x <> ALL (SELECT ...): NOT IN as Snowflake's reader writes it
        child, parent = parent, parent.parent
        depth += 1
    return flips % 2 == 1


def _join_keys(tree: Tree) -> tuple[tuple[str, str, str, str], ...]:
    """Column-to-column equalities (JOIN ON, WHERE): (table, column, table, column), tables
    resolved from aliases ("" when unknown)."""
    keys: list[tuple[str, str, str, str]] = []
    for eq in tree.eqs:
        left, right = eq.left, eq.right
        if isinstance(left, exp.Column) and isinstance(right, exp.Column):
            keys.append((tree.table_of(left), name_of(left).lower(), tree.table_of(right),
                         name_of(right).lower()))
    return tuple(dict.fromkeys(keys))
