"""Percentages divided into fractions by a whole number (``percent_divisions``).

"Net revenue after commission" as ``gross_amt - gross_amt * (commission_pct / 100)``: a
column named as a percentage (``commission_pct``, ``discount_percent``) often holds whole
numbers (15 for 15 %), and where the dialect's ``/`` of two integers is an integer division
(Postgres, Redshift, Trino, T-SQL, SQLite: sqlglot marks such a division ``typed``), ``15 /
100`` is 0, so the fraction is lost whatever the data. The same percentage scaled after
another factor (``gross_amt * commission_pct / 100``: the product is decimal first), divided
by ``100.0`` or cast first is exact, and is not kept.

Only a division whose numerator is the percentage column alone (in parentheses, or ``100 -
pct``) and whose denominator is the integer literal 100 is kept, as written.

>>> from stef_sql.extract import extract_spec
>>> extract_spec("SELECT SUM(g * (c.fee_pct / 100)) FROM t", "trino").percent_divisions
('c.fee_pct / 100',)
>>> extract_spec("SELECT SUM(g * c.fee_pct / 100) FROM t", "trino").percent_divisions
()
>>> extract_spec("SELECT SUM(g * (c.fee_pct / 100.0)) FROM t", "trino").percent_divisions
()
>>> extract_spec("SELECT SUM(g * (c.fee_pct / 100)) FROM t", "snowflake").percent_divisions
()
"""

from __future__ import annotations

import re

from sqlglot import exp

from stef_sql.read.tree import Build, Tree, text_of

#: A column named as a percentage: ``commission_pct``, ``pct_off``, ``discount_percent``.
_PERCENT_NAME = re.compile(r"(?:^|_)(?:pct|percent|percentage|perc)(?:_|$)")
#: Most divisions kept from one query.
MAX_KEPT = 8


def _percent_column(node: exp.Expr) -> bool:
    """Is ``node`` a column named as a percentage, or 100 minus one (``100 - pct``)?"""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Column):
        return _PERCENT_NAME.search(node.name.lower()) is not None
    if isinstance(node, exp.Sub):
        left = node.this
        return (isinstance(left, exp.Literal) and left.is_int
                and _percent_column(node.expression))
    return False


def read(tree: Tree) -> Build:
    kept: list[str] = []
    if tree.divides:
        for d in tree.divisions:
            den = d.expression
            if (d.args.get("typed") and isinstance(den, exp.Literal) and den.is_int
                    and den.this == "100" and _percent_column(d.this)):
                kept.append(text_of(d)[:160])
                if len(kept) >= MAX_KEPT:
                    break
    fields = {"percent_divisions": tuple(dict.fromkeys(kept))}
    return lambda texts: fields
