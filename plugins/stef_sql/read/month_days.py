"""Days of a month spelled as a number (``month_days``).

"Lane utilisation by centre last month" as ``SUM(minutes) / 60 / (lanes * open_hours * 30)``,
"avg fills per day per store last month" as ``COUNT(*) / 31.0``: a figure per day of a
calendar month divides (or multiplies) by the month's number of days, and the SQL spells it
as a number. Each such number from 28 to 31 is kept with the arithmetic it stands in, as
written, where it sits in a division with an aggregate (the divisor itself, a factor of it,
or a factor of the aggregate divided): ``(28.0, ...)``. Whether the month the query keeps
has that many days is the aligner's to read (it knows the anchor). A number inside an
interval, a date function or a comparison (``duration_sec > 30 * 60``, ``INTERVAL 30 DAY``)
is no day count of a month and is not kept.

>>> from stef_sql.extract import extract_spec
>>> extract_spec("SELECT c, COUNT(*) / 31.0 FROM f GROUP BY c").month_days
((31.0, 'COUNT(*) / 31.0'),)
>>> extract_spec("SELECT SUM(m) / (ANY_VALUE(lanes) * 30) FROM b", "bigquery").month_days
((30.0, 'SUM(m) / (ANY_VALUE(lanes) * 30)'),)
>>> extract_spec("SELECT COUNT(CASE WHEN d > 30 * 60 THEN 1 END) / COUNT(*) FROM r").month_days
()
>>> extract_spec("SELECT COUNT(*) FROM r WHERE d >= CURRENT_DATE - 30").month_days
()
"""

from __future__ import annotations

from sqlglot import exp

from stef_sql.read.tree import Build, Tree, text_of

#: The numbers of days a calendar month may have.
_MONTH_LENGTHS = frozenset({28.0, 29.0, 30.0, 31.0})
#: Most day counts kept from one query.
MAX_KEPT = 8
#: What a day count may pass through on its way to the division it stands in.
_THROUGH = (exp.Paren, exp.Mul, exp.Cast, exp.TryCast)


def _value(node: exp.Literal) -> float | None:
    if not node.is_number:
        return None
    try:
        return float(node.this)
    except ValueError:
        return None


def _aggregated(node: exp.Expr, tree: Tree) -> bool:
    """Does ``node`` hold an aggregate of the query (``SUM``, ``COUNT``, ``ANY_VALUE``)?"""
    ids = {id(a) for a in tree.aggs}
    return id(node) in ids or any(id(n) in ids for n in node.walk())


def _arithmetic(node: exp.Literal, tree: Tree) -> exp.Expr | None:
    """The division (or product) with an aggregate that ``node`` stands in, or None."""
    current: exp.Expr = node
    parent = node.parent
    depth = 0
    found: exp.Expr | None = None
    while parent is not None and depth < 6:
        if isinstance(parent, exp.Div):
            return parent if _aggregated(parent, tree) else None
        if isinstance(parent, exp.Mul):
            other = parent.expression if parent.this is current else parent.this
            if isinstance(other, exp.Literal):
                return None  # 30 * 60: seconds, not a month's days
            if found is None and _aggregated(other, tree):
                found = parent
        elif not isinstance(parent, _THROUGH):
            break
        current, parent = parent, parent.parent
        depth += 1
    return found


def read(tree: Tree) -> Build:
    kept: list[tuple[float, str]] = []
    literals = [n for d in tree.divisions[:32] for n in d.find_all(exp.Literal)
                ] if tree.aggs and tree.divides else []
    if literals:
        for node in literals:
            value = _value(node)
            if value not in _MONTH_LENGTHS:
                continue
            arithmetic = _arithmetic(node, tree)
            if arithmetic is not None and value is not None:
                kept.append((value, text_of(arithmetic)[:160]))
                if len(kept) >= MAX_KEPT:
                    break
    fields = {"month_days": tuple(dict.fromkeys(kept))}
    return lambda texts: fields
