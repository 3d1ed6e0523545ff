"""Superlatives and top-k beyond the outer ORDER BY ... LIMIT: a ranking window kept by a
filter (``ranking``, ``rank_limit``: ``ROW_NUMBER() OVER (PARTITION BY d ORDER BY s DESC)``
kept by ``rn = 1`` in WHERE or QUALIFY, ``DISTINCT ON`` or ClickHouse's ``LIMIT k BY``), a
top-k taken in a nested SELECT (``nested_order_by``, ``nested_k``: ``WHERE x = (SELECT x ...
ORDER BY y DESC LIMIT 1)``), and
the columns compared with an extreme taken over every row while the query keeps only some
(``unscoped_extremes``).

The question's counterpart is :mod:`stef_question.concepts.superlatives`.
"""

from __future__ import annotations

from sqlglot import exp

from stef_core.spec import SUBQUERY, OrderItem
from stef_core.sql import column_name, read_condition
from stef_sql.read.grouping import distinct_on, limit_by
from stef_sql.read.tree import RANKERS as _RANKERS
from stef_sql.read.tree import Build, Tree, first_aggregate, int_of, rank_aliases


def read(tree: Tree) -> Build:
    ranking, rank_limit = (_rankings(tree) if tree.windows or tree.select is not None
                           else ((), None))
    nested_order_by, nested_k = _nested_order(tree) if len(tree.selects) > 1 else ((), None)
    fields = {
        "ranking": ranking,
        "rank_limit": rank_limit,
        "nested_order_by": nested_order_by,
        "nested_k": nested_k,
        "unscoped_extremes": _unscoped_extremes(tree),
    }
    return lambda texts: fields


def _rankings(tree: Tree) -> tuple[tuple[OrderItem, ...], int | None]:
    """Top-k per group written with a ranking window kept by ``= 1`` / ``<= 3`` in WHERE or
    QUALIFY, or with ``DISTINCT ON``: the window's ORDER BY keys and the k kept."""
    order: list[OrderItem] = []
    names = rank_aliases(tree)
    for window in tree.windows:
        if not isinstance(window.this, _RANKERS):
            continue
        spec = window.args.get("order")
        order.extend(_order_item(tree, o)
                     for o in (spec.expressions if spec is not None else [])[:4])
    k: int | None = None
    if order:
        for holder in (*tree.wheres, *tree.qualifies):
            for cmp in holder.find_all(exp.EQ, exp.LTE, exp.LT):
                left = cmp.this
                ranked = (isinstance(left, exp.Window) and isinstance(left.this, _RANKERS)) or (
                    isinstance(left, exp.Column) and left.name.lower() in names)
                value = int_of(cmp.expression)
                if ranked and value is not None:
                    k = value - 1 if isinstance(cmp, exp.LT) else value
    if distinct_on(tree):
        k = 1
    by_keys, by_k = limit_by(tree)
    if by_keys and by_k is not None:
        # ClickHouse LIMIT k BY keys: the first k rows of each key, ranked by the ORDER BY
        # keys after the grouping ones (ORDER BY user_id, login_at DESC LIMIT 1 BY user_id)
        k = by_k
        outer = tree.select.args.get("order") if tree.select is not None else None
        for ordered in (outer.expressions if outer is not None else [])[:6]:
            item = _order_item(tree, ordered)
            if item.columns and not set(item.columns) <= set(by_keys):
                order.append(item)
    return tuple(order), k


def _nested_order(tree: Tree) -> tuple[tuple[OrderItem, ...], int | None]:
    """ORDER BY keys of nested SELECTs that keep a few rows (ORDER BY ... LIMIT k), and the
    k of the first of them."""
    items: list[OrderItem] = []
    k: int | None = None
    # a query with no column named ROWNUM keeps no rows by it (no WHERE is searched for one)
    rownum = any(name.upper() == "ROWNUM" for name in tree.names)
    for select in tree.selects:
        kept = _rownum_kept(select) if rownum else None
        if kept is not None:
            order = _ordered_source(select)
            if order is not None:
                k = kept if k is None else k
                items.extend(_order_item(tree, o) for o in order.expressions[:4])
            continue
        if select is tree.select or select.args.get("limit") is None:
            continue
        if k is None and select.args.get("order") is not None:
            limit = select.args["limit"]
            k = int_of(limit.expression if isinstance(limit, exp.Limit)
                       else limit.args.get("count"))
        order = select.args.get("order")
        if order is None:
            continue
        items.extend(_order_item(tree, o) for o in order.expressions)
    return tuple(items), k


def _order_item(tree: Tree, ordered: exp.Expr) -> OrderItem:
    """One ORDER BY key (of a window or a nested SELECT) as the spec keeps it."""
    cols = tree.columns_of(ordered.this)
    return OrderItem(expr=",".join(cols), desc=bool(ordered.args.get("desc")),
                     aggregate=first_aggregate(ordered.this), columns=cols)


def _ordered_source(select: exp.Select) -> exp.Expr | None:
    """The ORDER BY of the subquery ``select`` reads from: Oracle's ``SELECT ... FROM (SELECT
    ... ORDER BY y DESC) WHERE ROWNUM = 1`` keeps its first row (a ROWNUM beside an ORDER BY of
    its own SELECT numbers the rows before they are sorted, and is not read)."""
    source = select.args.get("from_")
    inner = source.this.this if source is not None and isinstance(
        source.this, exp.Subquery) else None
    order = inner.args.get("order") if isinstance(inner, exp.Select) else None
    return order if isinstance(order, exp.Expr) else None


def _rownum_kept(select: exp.Select) -> int | None:
    """The k of an Oracle ``WHERE ROWNUM <= k`` (``= 1``, ``< k + 1``) in ``select``."""
    where = select.args.get("where")
    if where is None:
        return None
    for cmp in where.find_all(exp.EQ, exp.LTE, exp.LT):
        left = cmp.this
        if isinstance(left, exp.Column) and not left.table and left.name.upper() == "ROWNUM":
            value = int_of(cmp.expression)
            if value is not None:
                return value - 1 if isinstance(cmp, exp.LT) else value
    return None


def _unscoped_extremes(tree: Tree) -> tuple[str, ...]:
    """Columns compared with an extreme taken over a whole table while the comparing query
    keeps only some rows: ``WHERE region = 'Sweden' AND height = (SELECT MAX(height) FROM
    person)`` finds the tallest of everyone, then keeps them only if Swedish."""
    out: list[str] = []
    for sub in tree.subqueries[:32]:
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
        others = [f for f in read_condition(where.this, tree.resolver, "sql")
                  if f.value != SUBQUERY and not f.relation]
        if others:
            out.append(column_name(item.this) if isinstance(item.this, exp.Column) else "")
    return tuple(dict.fromkeys(out))


