"""Day offsets: how many days after one time column another must fall (``day_offsets``).

Cohort queries tie an event to its cohort's start day by a number of days, in any of three
spellings: the difference compared with a number (``DATE_DIFF(s.session_date,
c.install_date, DAY) = 7``, ``v.visit_date - c.joined_on BETWEEN 0 AND 30``), or one column
compared with the other shifted by an interval (``s.session_date = DATE_ADD(c.install_date,
INTERVAL 7 DAY)``, ``v.visit_date >= c.joined_on + 30``). Each is kept as ``(operator,
days)`` with the later column on the left: ``("EQ", 7.0)``, ``("GTE", 0.0)`` and ``("LTE",
30.0)`` for the BETWEEN, ``("GTE", 30.0)``. Only differences counted in days are read (a
DATEDIFF in days, Postgres' and Oracle's date minus date, an interval of days or weeks), so
the aligner can tell "on day 7" from "within 7 days" and "from day 30 on".

>>> from stef_sql.extract import extract_spec
>>> extract_spec("SELECT 1 FROM c JOIN s ON s.d = DATE_ADD(c.d0, INTERVAL 7 DAY)",
...              "bigquery").day_offsets
(('EQ', 7.0),)
>>> extract_spec("SELECT 1 FROM c JOIN s ON DATEDIFF(day, c.d0, s.d) BETWEEN 0 AND 7",
...              "snowflake").day_offsets
(('GTE', 0.0), ('LTE', 7.0))
>>> extract_spec("SELECT 1 FROM c JOIN s ON s.visit_date BETWEEN c.joined_on + 1 AND "
...              "c.joined_on + 7", "postgres").day_offsets
(('GTE', 1.0), ('LTE', 7.0))
"""

from __future__ import annotations

from sqlglot import exp

from stef_core.sql import DATE_DIFFS, difference_unit
from stef_sql.read.tree import Build, Tree, unwrapped

#: Most offsets kept from one query.
MAX_OFFSETS = 16
_SHIFTS = (exp.DateAdd, exp.TsOrDsAdd, exp.DatetimeAdd, exp.TimestampAdd)
#: Wrappers that keep a moment or a number what it is.
_KEEP = (exp.Cast, exp.TryCast, exp.Paren, exp.Date, exp.TsOrDsToDate)
_COMPARE = (exp.EQ, exp.GT, exp.GTE, exp.LT, exp.LTE)
#: The operator seen from the other side (``7 <= d`` is ``d >= 7``).
_MIRROR = {"EQ": "EQ", "GT": "LT", "GTE": "LTE", "LT": "GT", "LTE": "GTE"}
_NONE: dict[str, tuple[()]] = {"day_offsets": ()}


def read(tree: Tree) -> Build:
    if not tree.timeish():
        return lambda texts: _NONE
    out: list[tuple[str, float]] = []
    for node in tree.nodes:
        if len(out) >= MAX_OFFSETS:
            break
        if isinstance(node, exp.Between):
            low, high = node.args.get("low"), node.args.get("high")
            if _days_between(node.this):  # DATEDIFF(day, a, b) BETWEEN 0 AND 7
                first, last = _number(low), _number(high)
            elif isinstance(_bare(node.this), exp.Column):  # b BETWEEN a + 1 AND a + 7
                first, last = _shift_days(low), _shift_days(high)
            else:
                continue
            if first is not None and last is not None:
                out += [("GTE", first), ("LTE", last)]
        elif isinstance(node, _COMPARE):
            found = _offset(node)
            if found is not None:
                out.append(found)
    fields = {"day_offsets": tuple(dict.fromkeys(out))}
    return lambda texts: fields


def _bare(node: exp.Expr | None) -> exp.Expr | None:
    return unwrapped(node, _KEEP)


def _number(node: exp.Expr | None) -> float | None:
    node = _bare(node)
    negative = isinstance(node, exp.Neg)
    if negative:
        node = _bare(node.this)  # type: ignore[union-attr]
    if isinstance(node, exp.Literal):
        try:
            value = float(str(node.this).strip())
        except ValueError:
            return None
        return -value if negative else value
    return None


def _days_between(node: exp.Expr | None) -> bool:
    """Is ``node`` the days from one column to another (a DATEDIFF in days, or a date minus
    a date)?"""
    node = _bare(node)
    if isinstance(node, DATE_DIFFS):
        return (difference_unit(node) == "day" and isinstance(_bare(node.this), exp.Column)
                and isinstance(_bare(node.expression), exp.Column))
    if isinstance(node, exp.Sub):
        return (isinstance(_bare(node.this), exp.Column)
                and isinstance(_bare(node.expression), exp.Column))
    return False


def _shift_days(node: exp.Expr | None) -> float | None:
    """The days ``node`` shifts a column by (``DATE_ADD(d, INTERVAL 7 DAY)``, ``d + 30``,
    ``d + INTERVAL '30 days'``, ``DATEADD(day, 7, d)``), or None."""
    node = _bare(node)
    if isinstance(node, _SHIFTS):
        given = node.args.get("unit")
        unit = str(given.name if isinstance(given, exp.Expr) else given or "DAY")
        unit = unit.upper().strip("'\"")
        if not isinstance(_bare(node.this), exp.Column):
            return None
        n = _number(node.expression)
        return None if n is None else _in_days(n, unit)
    if isinstance(node, exp.Add) and isinstance(_bare(node.this), exp.Column):
        step = _bare(node.expression)
        if isinstance(step, exp.Interval):
            unit = str(step.unit.name if step.unit else "").upper()
            n = _number(step.this)
            if n is None and isinstance(step.this, exp.Literal):  # '30 days'
                parts = str(step.this.this).split()
                if len(parts) == 2:
                    unit = parts[1].upper()
                    try:
                        n = float(parts[0])
                    except ValueError:
                        n = None
            return None if n is None else _in_days(n, unit)
        n = _number(step)
        return n  # date + a number: days
    return None


def _in_days(n: float, unit: str) -> float | None:
    unit = unit.rstrip("S")
    if unit in ("DAY", "D", "DD"):
        return n
    if unit in ("WEEK", "WK", "WW"):
        return n * 7
    return None


def _offset(cmp: exp.Expr) -> tuple[str, float] | None:
    op = type(cmp).__name__
    left, right = cmp.this, cmp.expression
    if _days_between(left):
        n = _number(right)
        return (op, n) if n is not None else None
    if _days_between(right):
        n = _number(left)
        return (_MIRROR[op], n) if n is not None else None
    if isinstance(_bare(left), exp.Column):
        n = _shift_days(right)
        return (op, n) if n is not None else None
    if isinstance(_bare(right), exp.Column):
        n = _shift_days(left)
        return (_MIRROR[op], n) if n is not None else None
    return None
