"""Durations: the differences of two time columns the SQL computes (``date_differences``):
``DATEDIFF(day, created_at, closed_at)`` in any dialect's spelling (sqlglot reads them all as
the later moment minus the earlier one), ``closed_at - created_at``, SQLite's
``julianday(closed_at) - julianday(created_at)`` and ``EXTRACT(EPOCH FROM b - a)``. Each is
kept as written, with the column it subtracts from and the column it subtracts, so that the
aligner can tell a duration computed backwards (:mod:`stef_align.events`). A difference under
``ABS`` or a negation has no direction and is left out.

A difference counted in whole days between two moments and then multiplied into hours, minutes
or seconds (``DATEDIFF(day, opened_ts, resolved_ts) * 24``, Spark's ``datediff(b, a) * 24``) is
kept as written (``scaled_days``): DATEDIFF counts the midnights crossed, so the figure is whole
days in another unit (a ticket solved the same day 0 hours, one solved just after midnight 24).
SQLite's julianday difference is a fraction of a day and is not one of them.

A moment compared as it stands with a column of days (``delivered_ts > promised_dt``,
``finished_at <= due_date``) is kept as ``(moment, operator, day)``, the moment on the left
(``moments_on_days``): the day compares as its midnight, so every moment of that day itself is
after it. A cast or a function on either side (``CAST(delivered_ts AS DATE)``) is another
comparison and is not kept; nor is a day column whose name says it holds moments.
"""

from __future__ import annotations

import re

from sqlglot import exp

from stef_core.periods import UNIT_SECONDS, is_timestamp_name, unit_factor
from stef_core.sql import DATE_DIFFS, column_name, difference_unit, julianday_difference
from stef_sql.read.tree import Build, Tree

#: Wrappers that keep a moment where it is (a cast, a reader's conversion, parentheses).
_KEEP = (exp.Cast, exp.TryCast, exp.TimeStrToTime, exp.TsOrDsToDate, exp.TsOrDsToTimestamp,
         exp.Paren, exp.Date)
#: Most differences kept from one query.
MAX_DIFFERENCES = 16


_NONE: dict[str, tuple[()]] = {"date_differences": (), "duration_bounds": (),
                               "measured_units": (), "scaled_days": (), "moments_on_days": ()}
#: Comparisons read for a moment held against a day, and the operator seen from the other side.
_MIRROR: dict[type[exp.Expr], str] = {exp.GT: "<", exp.GTE: "<=", exp.LT: ">", exp.LTE: ">="}
_OP: dict[type[exp.Expr], str] = {exp.GT: ">", exp.GTE: ">=", exp.LT: "<", exp.LTE: "<="}
#: Last name parts of a column of days (``promised_dt``, ``due_date``, ``sched_day``).
_DAY_SUFFIXES = frozenset({"dt", "date", "day", "dte"})
#: Factors that turn a number of days into hours, minutes or seconds.
_DAY_FACTORS = frozenset({24.0, 1440.0, 86400.0})
#: Functions a measured duration passes through to the SELECT list unchanged in unit.
_SAME_UNIT = (exp.Paren, exp.Cast, exp.TryCast, exp.Round, exp.Floor, exp.Ceil, exp.Avg,
              exp.Sum, exp.Max, exp.Min, exp.Median, exp.Abs, exp.Coalesce)


def read(tree: Tree) -> Build:
    if not tree.timeish():
        return lambda texts: _NONE  # no time function nor time-named column: no duration
    out: list[tuple[str, str, str]] = []
    bounds: list[tuple[str, str, float]] = []
    units: list[str] = []
    scaled: list[str] = []
    on_days: list[tuple[str, str, str]] = []
    for node in tree.nodes:
        if len(out) >= MAX_DIFFERENCES:
            break
        if type(node) in _OP and len(on_days) < MAX_DIFFERENCES:
            found = _moment_on_day(node)
            if found is not None:
                on_days.append(found)
            continue
        if isinstance(node, DATE_DIFFS):
            ends = (node.this, node.expression)
        elif isinstance(node, exp.Sub):
            julian = julianday_difference(node)  # julianday(b) - julianday(a)
            ends = (julian.this, julian.expression) if julian else (node.this, node.expression)
        else:
            continue
        later, earlier = _column(ends[0]), _column(ends[1])
        if not (later and earlier and later != earlier):
            continue
        if not _undirected(node):
            out.append((node.sql(dialect=tree.dialect or None)[:160], later, earlier))
        compared = _compared(node)
        if compared is not None and len(bounds) < MAX_DIFFERENCES:
            bounds.append(compared)
        measured = _measured(node)
        if measured is not None:
            units.append(measured)
        if (isinstance(node, DATE_DIFFS) and difference_unit(node) == "day"
                and (is_timestamp_name(later) or is_timestamp_name(earlier))):
            factor = _day_factor(node)
            if factor is not None:
                scaled.append(factor.sql(dialect=tree.dialect or None)[:160])
    fields = {"date_differences": tuple(dict.fromkeys(out)),
              "duration_bounds": tuple(dict.fromkeys(bounds)),
              "measured_units": tuple(dict.fromkeys(units)),
              "scaled_days": tuple(dict.fromkeys(scaled)),
              "moments_on_days": tuple(dict.fromkeys(on_days))}
    return lambda texts: fields


def _unit_of(node: exp.Expr) -> str | None:
    """The unit a difference counts in: DATEDIFF's own, days for SQLite's julianday and
    Oracle's date arithmetic, seconds for ``EXTRACT(EPOCH FROM ...)``; None when unknown
    (a Postgres interval)."""
    if isinstance(node, DATE_DIFFS):
        return difference_unit(node)
    if isinstance(node, exp.Sub) and julianday_difference(node) is not None:
        return "day"
    return None


def _number(node: exp.Expr) -> float | None:
    """A numeric literal's value (``60.0``, ``24``)."""
    if isinstance(node, exp.Literal) and node.is_number:
        try:
            return float(node.this)
        except ValueError:
            return None
    return None


def _compared(node: exp.Expr) -> tuple[str, str, float] | None:
    """``(unit, operator, number)`` when the difference, scaled by constant factors, is
    compared with a number (``julianday(b) - julianday(a) <= 24``: days, ``<=``, 24)."""
    unit = _unit_of(node)
    current: exp.Expr = node
    parent = node.parent
    depth = 0
    if unit is None and isinstance(parent, exp.Extract) and parent.name.upper() == "EPOCH":
        unit, current, parent = "second", parent, parent.parent
    while unit is not None and parent is not None and depth < 6:
        if isinstance(parent, (exp.Paren, exp.Cast, exp.TryCast, exp.Round, exp.Floor)):
            current, parent = parent, parent.parent
        elif isinstance(parent, (exp.Mul, exp.Div)):
            other = parent.expression if parent.this is current else parent.this
            factor = _number(other)
            if factor is None:
                return None
            # ``* 24``: days to hours; ``/ 3600``: seconds to hours
            unit = next((u for u in UNIT_SECONDS
                         if (unit_factor(unit, u) if isinstance(parent, exp.Mul)
                             else unit_factor(u, unit)) == factor), None)
            current, parent = parent, parent.parent
        elif isinstance(parent, (exp.LT, exp.LTE, exp.GT, exp.GTE, exp.EQ)):
            other = parent.expression if parent.this is current else parent.this
            number = _number(other)
            return (unit, type(parent).__name__, number) if number is not None else None
        else:
            return None
        depth += 1
    return None


def _measured(node: exp.Expr) -> str | None:
    """The unit a difference the SELECT list shows counts in once scaled by constant factors
    (``AVG(TIMESTAMPDIFF(MINUTE, a, b)) / 60``: hour), ``?`` when it is scaled by something
    else; None when it is not shown as a measure (compared, or part of a larger computation).

    >>> import sqlglot
    >>> tree = sqlglot.parse_one("SELECT AVG(TIMESTAMPDIFF(DAY, a, b)) FROM t", read="mysql")
    >>> _measured(tree.find(exp.TimestampDiff))
    'day'
    """
    unit = _unit_of(node)
    current: exp.Expr = node
    parent = node.parent
    if unit is None and isinstance(parent, exp.Extract) and parent.name.upper() == "EPOCH":
        unit, current, parent = "second", parent, parent.parent
    depth = 0
    while unit is not None and parent is not None and depth < 8:
        if isinstance(parent, exp.Select):
            return unit  # a bare item of the SELECT list
        if isinstance(parent, exp.Alias):
            return unit if isinstance(parent.parent, exp.Select) else None
        if isinstance(parent, _SAME_UNIT):
            current, parent = parent, parent.parent
        elif isinstance(parent, (exp.Mul, exp.Div)):
            other = parent.expression if parent.this is current else parent.this
            factor = _number(other)
            if factor is None or (isinstance(parent, exp.Div) and parent.this is not current):
                return "?"
            unit = next((u for u in UNIT_SECONDS
                         if (unit_factor(unit, u) if isinstance(parent, exp.Mul)
                             else unit_factor(u, unit)) == factor), "?")
            current, parent = parent, parent.parent
        else:
            return None
        depth += 1
    return None


def _moment_on_day(node: exp.Expr) -> tuple[str, str, str] | None:
    """``(moment, operator, day)`` for a bare moment column compared with a bare column of
    days (``delivered_ts > d.promised_dt``; ``promised_dt < delivered_ts`` is read the same
    way), None otherwise."""
    left, right = node.this, node.expression
    if not (isinstance(left, exp.Column) and isinstance(right, exp.Column)):
        return None
    a, b = column_name(left), column_name(right)
    if _moment(a) and _day(b):
        return a, _OP[type(node)], b
    if _day(a) and _moment(b):
        return b, _MIRROR[type(node)], a
    return None


def _moment(name: str) -> bool:
    return bool(name) and is_timestamp_name(name.split(".")[-1])


def _day(name: str) -> bool:
    bare = name.split(".")[-1].lower()
    return (bool(bare) and not is_timestamp_name(bare)
            and re.split(r"[^a-z0-9]+", bare)[-1] in _DAY_SUFFIXES)


def _day_factor(node: exp.Expr) -> exp.Expr | None:
    """The product that multiplies a whole-day difference into hours, minutes or seconds
    (``DATEDIFF(day, a, b) * 24``, through parentheses or a cast), or None."""
    current: exp.Expr = node
    parent = node.parent
    depth = 0
    while isinstance(parent, (exp.Paren, exp.Cast, exp.TryCast)) and depth < 4:
        current, parent = parent, parent.parent
        depth += 1
    if not isinstance(parent, exp.Mul):
        return None
    other = parent.expression if parent.this is current else parent.this
    return parent if _number(other) in _DAY_FACTORS else None


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
