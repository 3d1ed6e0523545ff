"""Columns a query gives a value where they are NULL, and sums of two columns added.

* ``defaulted_columns``: the columns a query reads through ``COALESCE`` (``IFNULL``, ``NVL``,
  ``ISNULL`` parse as it): ``COALESCE(appr_rev_amt, 0)`` says its writer
  expects ``appr_rev_amt`` to be NULL on some rows. A run's queries that do so tell the others
  (:attr:`stef_core.run.RunProfile.defaulted`).
* ``added_sums``: a ``SUM`` or ``AVG`` (outside a window) of two bare columns added,
  ``SUM(orig_bud_amt + appr_rev_amt)``, as (the function, the one column, the other): where
  either is NULL the row's sum is NULL, and the aggregate passes the row over, its other
  amount with it. Columns a CTE or derived table computes are not read (their computation
  decides whether they can be NULL).

>>> from stef_sql.extract import extract_spec
>>> s = extract_spec("SELECT SUM(b.orig_amt + b.rev_amt), AVG(COALESCE(x, 0) + y) FROM b")
>>> s.added_sums, sorted(s.defaulted_columns)
((('SUM', 'orig_amt', 'rev_amt'),), ['x'])
"""

from __future__ import annotations

from sqlglot import exp

from stef_sql.read.tree import Build, Tree, agg_name, under_window

#: Most sums kept from one query.
MAX_SUMS = 8
_NONE: dict[str, object] = {"defaulted_columns": frozenset(), "added_sums": ()}


def read(tree: Tree) -> Build:
    defaulted: set[str] = set()
    for column in tree.columns:  # (the columns filed by the one walk: no second walk)
        parent = column.parent
        while isinstance(parent, exp.Paren):
            parent = parent.parent
        if isinstance(parent, exp.Coalesce) and column.name:
            defaulted.add(column.name.lower())
    sums: list[tuple[str, str, str]] = []
    derived = {a.alias.lower() for a in tree.alias_nodes if a.alias} if tree.derived else set()
    for node in tree.aggs[:64]:
        name = agg_name(node)
        if name not in ("SUM", "AVG") or under_window(node) or len(sums) == MAX_SUMS:
            continue
        arg = node.this
        if not isinstance(arg, exp.Expr):
            continue
        arg = arg.unnest()
        if not isinstance(arg, exp.Add):
            continue
        left, right = arg.this.unnest(), arg.expression.unnest()
        if not (isinstance(left, exp.Column) and isinstance(right, exp.Column)):
            continue
        names = (left.name.lower(), right.name.lower())
        if not all(names) or set(names) & derived:
            continue
        sums.append((name, names[0], names[1]))
    if not defaulted and not sums:
        return lambda texts: _NONE
    out = {"defaulted_columns": frozenset(defaulted), "added_sums": tuple(dict.fromkeys(sums))}
    return lambda texts: out
