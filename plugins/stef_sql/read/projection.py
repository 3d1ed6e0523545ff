"""Projection: what the outer SELECT shows (``projections``, ``select_star``, ``distinct``).

Each item keeps its text, its alias, every column it reads (resolved through CTEs and derived
tables), the one column when it reads one, and the outermost aggregate it computes: ``SELECT
region, SUM(amount) AS total`` shows ``region`` and ``SUM(amount)`` aliased ``total``.

The question's counterpart is :mod:`stef_question.concepts.projection` (what it asks to see).
"""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from stef_core.spec import Projection
from stef_sql.read.tree import Build, Tree, first_aggregate


def read(tree: Tree) -> Build:
    select = tree.select
    parts: list[tuple[str | None, str | None, tuple[str, ...]]] = []
    select_star = False
    if select is not None:
        for item in select.expressions:
            inner = item.this if isinstance(item, exp.Alias) else item
            alias = item.alias if isinstance(item, exp.Alias) else None
            if isinstance(inner, exp.Star) or (
                isinstance(inner, exp.Column) and isinstance(inner.this, exp.Star)
            ):
                select_star = True
            resolved = tree.resolver.resolve(inner) if isinstance(inner, exp.Column) else inner
            parts.append((first_aggregate(resolved), alias.lower() if alias else None,
                          tree.columns_of(inner)))
            tree.texts.add("projection", item)

    def build(texts: dict[str, list[str]]) -> dict[str, Any]:
        return {
            "projections": tuple(
                Projection(expr=text, column=cols[0] if len(cols) == 1 else None,
                           aggregate=agg, alias=alias, columns=cols)
                for text, (agg, alias, cols) in zip(texts["projection"], parts)
            ),
            "select_star": select_star,
            "distinct": bool(select is not None and select.args.get("distinct")),
        }

    return build
