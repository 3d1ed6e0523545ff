"""Ordering and limits: the outer ORDER BY (``order_by``: each key's direction, its columns and
the aggregate it sorts by), the rows kept (``limit`` from LIMIT, TOP or FETCH FIRST; ``offset``)
and whether a nested SELECT keeps a few rows of its own (``nested_limit``).

For a set operation (``... UNION ... ORDER BY 1 LIMIT 5``) the order and limit are the whole
query's. ``FETCH FIRST ROW ONLY`` keeps one row.

The question's counterparts are :mod:`stef_question.concepts.ordering` (an asked order) and
:mod:`stef_question.concepts.superlatives` (a top-k).
"""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from stef_core.spec import OrderItem
from stef_sql.read.tree import Build, Tree, first_aggregate, int_of, positional


def read(tree: Tree) -> Build:
    select = tree.select
    holder = tree.root if tree.set_operation else select
    order_node = holder.args.get("order") if holder is not None else None
    parts: list[tuple[bool, str | None, tuple[str, ...]]] = []
    if order_node is not None:
        for ordered in order_node.expressions:
            key = ordered.this
            if isinstance(key, exp.Column) and not key.table and key.name.lower() in tree.aliases:
                key = tree.aliases[key.name.lower()]
            else:
                item = positional(select, key)  # ORDER BY 2
                if item is not None:
                    key = item
            if isinstance(key, exp.Column):
                resolved = tree.resolver.resolve(key)
                agg = first_aggregate(resolved) if not isinstance(resolved, exp.Column) else None
            else:
                agg = first_aggregate(key)
            parts.append((bool(ordered.args.get("desc")), agg, tree.columns_of(key)))
            tree.texts.add("order", key)
    limit = offset = None
    limit_node = holder.args.get("limit") if holder is not None else None
    if holder is not None:
        if isinstance(limit_node, exp.Limit) and not limit_node.expressions:
            # (LIMIT k BY keys keeps k rows of each key, no k rows in all: a ranking, read
            # by the superlatives reader)
            limit = int_of(limit_node.expression)
        elif isinstance(limit_node, exp.Fetch):
            limit = int_of(limit_node.args.get("count"))
            if limit is None and limit_node.args.get("count") is None:
                limit = 1  # FETCH FIRST ROW ONLY
        offset_node = holder.args.get("offset")
        if isinstance(offset_node, exp.Offset):
            offset = int_of(offset_node.expression)
    nested_limit = any(node is not limit_node for node in tree.limits)
    # TOP k WITH TIES / FETCH FIRST k ROWS WITH TIES keeps every row tied with the k-th
    options = limit_node.args.get("limit_options") if limit_node is not None else None
    with_ties = bool(options is not None and options.args.get("with_ties"))

    def build(texts: dict[str, list[str]]) -> dict[str, Any]:
        return {
            "order_by": tuple(OrderItem(expr=text, desc=desc, aggregate=agg, columns=cols)
                              for text, (desc, agg, cols) in zip(texts["order"], parts)),
            "limit": limit,
            "offset": offset,
            "nested_limit": nested_limit,
            "with_ties": with_ties,
        }

    return build
