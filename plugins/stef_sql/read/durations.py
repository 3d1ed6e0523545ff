"""Durations: the differences of two time columns the SQL computes (``date_differences``):
``DATEDIFF(day, created_at, closed_at)`` in any dialect's spelling (sqlglot reads them all as
the later moment minus the earlier one), ``closed_at - created_at``, SQLite's
``julianday(closed_at) - julianday(created_at)`` and ``EXTRACT(EPOCH FROM b - a)``. Each is
kept as written, with the column it subtracts from and the column it subtracts, so that the
aligner can tell a duration computed backwards (:mod:`stef_align.events`). A difference under
``ABS`` or a negation has no direction and is left out.
"""

from __future__ import annotations

from sqlglot import exp

from stef_core.sql import column_name
from stef_sql.read.tree import Build, Tree

_DIFFS = (exp.DateDiff, exp.TimestampDiff, exp.DatetimeDiff, exp.TsOrDsDiff)
#: Wrappers that keep a moment where it is (a cast, a reader's conversion, parentheses).
_KEEP = (exp.Cast, exp.TryCast, exp.TimeStrToTime, exp.TsOrDsToDate, exp.TsOrDsToTimestamp,
         exp.Paren, exp.Date)
#: Most differences kept from one query.
MAX_DIFFERENCES = 16


def read(tree: Tree) -> Build:
    out: list[tuple[str, str, str]] = []
    for node in tree.nodes:
        if len(out) >= MAX_DIFFERENCES:
            break
        if isinstance(node, _DIFFS):
            ends = (node.this, node.expression)
        elif isinstance(node, exp.Sub):
            ends = (_julian(node.this) or node.this, _julian(node.expression) or node.expression)
        else:
            continue
        later, earlier = _column(ends[0]), _column(ends[1])
        if later and earlier and later != earlier and not _undirected(node):
            out.append((node.sql(dialect=tree.dialect or None)[:160], later, earlier))
    fields = {"date_differences": tuple(dict.fromkeys(out))}
    return lambda texts: fields


def _julian(node: exp.Expr | None) -> exp.Expr | None:
    """The argument of SQLite's ``julianday(x)``."""
    if isinstance(node, exp.Anonymous) and str(node.this).upper() == "JULIANDAY" and len(
            node.expressions) == 1:
        arg: exp.Expr = node.expressions[0]
        return arg
    return None


def _column(node: exp.Expr | None) -> str:
    depth = 0
    while isinstance(node, _KEEP) and depth < 6:
        node = node.this
        depth += 1
    return column_name(node) if isinstance(node, exp.Column) else ""


def _undirected(node: exp.Expr) -> bool:
    """Is the difference taken without its sign (``ABS(...)``, ``-(...)``, ``-1 * ...``)?"""
    parent = node.parent
    depth = 0
    while parent is not None and depth < 6:
        if isinstance(parent, (exp.Abs, exp.Neg)):
            return True
        if isinstance(parent, exp.Mul) and any(
                isinstance(side, exp.Neg) for side in (parent.this, parent.expression)):
            return True
        if not isinstance(parent, (exp.Paren, exp.Cast, exp.TryCast, exp.Div, exp.Mul,
                                   exp.Extract, exp.Round)):
            return False
        parent = parent.parent
        depth += 1
    return False
