"""Conditions joined by OR that cannot mean what their writer meant.

* ``always_true``: an OR of two inequalities of one column with different values
  (``status <> 'DROP' OR status <> 'DISM'``, "neither dropped nor dismissed" with OR for AND):
  every row differs from one of them, so the condition keeps every row whose column is set;
* ``loose_ors``: an OR beside an AND chain with no parentheses (``s.tenant_id = 7 AND
  s.sold_at >= '2026-01-01' AND s.channel = 'WEB' OR s.channel = 'SHOW'``): AND binds first,
  so the lone side keeps its rows whatever the chain says, the tenant guard and the period
  included. Read where the lone side tests a column the chain tests too (the writer meant
  ``channel IN ('WEB', 'SHOW')`` under the chain's conditions) or the chain holds three
  conditions or more; two AND chains ORed (``a = 1 AND b = 2 OR a = 3 AND b = 4``) are how
  precedence is used on purpose.

>>> from stef_sql.extract import extract_spec
>>> extract_spec("SELECT * FROM s WHERE t = 1 AND (st <> 'A' OR st <> 'B')").always_true
("st <> 'A' OR st <> 'B'",)
>>> extract_spec("SELECT * FROM s WHERE t = 1 AND NOT st IN ('A', 'B')").always_true
()
>>> extract_spec("SELECT * FROM s WHERE t = 1 AND ch = 'WEB' OR ch = 'SHOW'").loose_ors
("t = 1 AND ch = 'WEB' OR ch = 'SHOW'",)
>>> extract_spec("SELECT * FROM s WHERE t = 1 AND (ch = 'WEB' OR ch = 'SHOW')").loose_ors
()
>>> extract_spec("SELECT * FROM s WHERE a = 1 AND b = 2 OR a = 3 AND b = 4").loose_ors
()
"""

from __future__ import annotations

from itertools import islice
from typing import Any

from sqlglot import exp

from stef_core.sql.conditions import flatten
from stef_sql.read.tree import Build, Tree, text_of

#: Most OR nodes one query is read for (a bound on the work).
MAX_ORS = 32


def read(tree: Tree) -> Build:
    always: list[str] = []
    loose: list[str] = []
    for node in tree.ors[:MAX_ORS]:
        if isinstance(node.parent, exp.Or):
            continue  # read from the top of its chain
        terms = _terms(node, exp.Or)
        if _always_true(terms):
            always.append(text_of(node)[:200])
        if _loose(node):
            loose.append(text_of(node)[:200])

    def build(texts: dict[str, list[str]]) -> dict[str, Any]:
        return {"always_true": tuple(always[:4]), "loose_ors": tuple(loose[:4])}

    return build


def _terms(node: exp.Expr, kind: type[exp.Expr]) -> list[exp.Expr]:
    """The first 16 terms of a chain of ``kind`` (OR or AND), through parentheses."""
    return list(islice(flatten(node, kind), 16))


def _unequal(term: exp.Expr) -> tuple[str, str] | None:
    """(column, value) of ``col <> 'v'`` or ``NOT col = 'v'``, a literal on either side."""
    if isinstance(term, exp.Not) and isinstance(term.this, exp.EQ):
        term = exp.NEQ(this=term.this.this, expression=term.this.expression)
    if not isinstance(term, exp.NEQ):
        return None
    left, right = term.this, term.expression
    if isinstance(left, exp.Literal) and isinstance(right, exp.Column):
        left, right = right, left
    if isinstance(left, exp.Column) and isinstance(right, exp.Literal):
        return left.sql().lower(), right.sql().lower()
    return None


def _always_true(terms: list[exp.Expr]) -> bool:
    """Two terms of one OR chain that say the same column differs from two values."""
    seen: dict[str, str] = {}
    for term in terms:
        pair = _unequal(term)
        if pair is None:
            continue
        column, value = pair
        if column in seen and seen[column] != value:
            return True
        seen.setdefault(column, value)
    return False


def _tested(node: exp.Expr) -> set[str]:
    return {c.sql().lower() for c in node.find_all(exp.Column)}


def _loose(node: exp.Or) -> bool:
    """An AND chain and a lone condition joined by this OR with no parentheses."""
    sides = (node.this, node.expression)
    chains = [s for s in sides if isinstance(s, exp.And)]
    if len(chains) != 1:
        return False
    chain = chains[0]
    lone = sides[1] if chain is sides[0] else sides[0]
    if isinstance(lone, exp.Or):
        return False
    conditions = _terms(chain, exp.And)
    return len(conditions) >= 3 or bool(_tested(lone) & set().union(
        *(_tested(c) for c in conditions)))
