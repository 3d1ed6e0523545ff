"""Time predicates of SQL as :class:`~stef_core.spec.Period` values, in every dialect.

Every predicate on a time column becomes a half-open interval ``[start, end)`` or a periodic
constraint, read from sqlglot's typed nodes (never from the SQL text), so that the many
spellings of one period are one value::

    order_date >= '2024-03-01' AND order_date < '2024-04-01'     -- the pair is merged
    strftime('%Y-%m', order_date) = '2024-03'                    -- sqlite
    DATE_TRUNC('month', order_date) = '2024-03-01'               -- postgres, snowflake
    FORMAT_DATE('%Y-%m', order_date) = '2024-03'                 -- bigquery
    YEAR(order_date) = 2024 AND MONTH(order_date) = 3            -- tsql, mysql, snowflake
    order_date LIKE '2024-03%'

all read as ``Period("order_date", "2024-03-01", "2024-04-01", grain="month")``. Relative
expressions (``date('now', '-7 day')``, ``CURRENT_DATE - INTERVAL '7' DAY``, ``DATEADD``,
``DATE_SUB``, ``YEAR(d) = YEAR(GETDATE())``) keep bounds relative to the anchor date (a
:class:`~stef_core.spec.RelativeDate`), resolved against the record's anchor where periods are
compared (:func:`stef_core.periods.resolve`).

Only predicates with a date-like operand are looked at (a time function, a literal spelled
like a date, a column whose name says date, time or year), so reading time costs little more
than reading the filters. The calendar arithmetic and the period algebra are
:mod:`stef_core.periods`; the SQL reader and the question reader (for a hint's SQL-like
fragments) both read time through :func:`read_periods`.

>>> from stef_core.sql.parse import parse_condition
>>> def column_of(node):
...     return node.name if isinstance(node, exp.Column) else None
>>> def no_filters(node):
...     return []
>>> cond = parse_condition("created_at >= '2024-01-01' AND created_at <= '2024-12-31'")
>>> [(p.column, p.start, p.end, p.grain) for p in read_periods(cond, column_of, no_filters)]
[('created_at', '2024-01-01', '2025-01-01', 'day')]
>>> cond = parse_condition("d >= CURRENT_DATE - INTERVAL '7' DAY", "postgres")
>>> [p.start.describe() for p in read_periods(cond, column_of, no_filters)]
['today - 7 days']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any

from sqlglot import exp

from stef_core.periods import (
    UNITS,
    Span,
    add,
    bounded,
    floor,
    iso,
    iso_monday,
    literal_span,
    merge,
    merge_all,
    name_kind,
    relative_unit,
    split_years,
)
from stef_core.spec import (
    ANCHOR_DAY,
    Filter,
    Period,
    RelativeDate,
    RelativeUnit,
    Shift,
    Source,
    StartOf,
)
from stef_core.sql.conditions import BACK_STEPS, STEP_FUNCTIONS, flatten, is_now

_TIME_TEXT = re.compile(r"\s*(?:\d{4}(?:[-/]\d|%)|\d{1,2}:\d{2})")


#: The step functions the time reader moves a moment by (conditions' own, and sqlglot's
#: TsOrDsAdd, a day-or-moment step).
_STEPS: tuple[type[exp.Expr], ...] = (*STEP_FUNCTIONS, exp.TsOrDsAdd)


def looks_like_time(text: str) -> bool:
    """A string literal that starts like a date with a month, a LIKE prefix of a year or a time
    of day (``'2024-03'``, ``'2024/3/5 10:00'``, ``'2024%'``, ``'09:30'``): worth reading
    whatever the column is called."""
    return _TIME_TEXT.match(text) is not None


# --------------------------------------------------------------------------------------------
# reading one side of a comparison: the time term and the value
# --------------------------------------------------------------------------------------------

_MONTH_WORDS = {
    name: i
    for i, names in enumerate(
        [
            ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
            ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
            ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
            ("december", "dec"),
        ],
        1,
    )
    for name in names
}
#: Wrappers that do not change which moment a column holds.
_TRANSPARENT = (
    exp.Paren, exp.TsOrDsToTimestamp, exp.TimeStrToTime, exp.StrToTime, exp.TsOrDsToTime,
)
_DAY_TYPES = {"DATE", "DATE32"}
_MOMENT_TYPES = {
    "TIMESTAMP", "TIMESTAMPTZ", "TIMESTAMPLTZ", "TIMESTAMPNTZ", "DATETIME", "DATETIME2",
    "SMALLDATETIME", "DATETIMEOFFSET", "TIMESTAMP_S", "TIMESTAMP_MS", "TIMESTAMP_NS",
}
_TEXT_TYPES = {"TEXT", "VARCHAR", "CHAR", "NVARCHAR", "NCHAR", "STRING"}
_NUMBER_TYPES = {"INT", "INTEGER", "BIGINT", "SMALLINT", "TINYINT", "INT64", "NUMBER",
                 "DECIMAL", "NUMERIC"}
_PART_UNITS = {
    "YEAR": "year", "YEARS": "year", "YY": "year", "YYYY": "year", "Y": "year",
    "QUARTER": "quarter", "QQ": "quarter", "Q": "quarter",
    "MONTH": "month", "MONTHS": "month", "MM": "month", "M": "month",
    "DAY": "day", "DAYS": "day", "DD": "day", "D": "day", "DAYOFMONTH": "day",
    "HOUR": "hour", "HOURS": "hour", "HH": "hour",
    "YEAR_MONTH": "year_month",
    # ISO weeks (Monday first) and the ISO year they belong to; plain WEEK differs by dialect
    "WEEKISO": "isoweek", "ISOWEEK": "isoweek", "ISO_WEEK": "isoweek", "ISOWK": "isoweek",
    "ISOYEAR": "isoyear", "YEAROFWEEKISO": "isoyear",
}
_TRUNC_UNITS = {
    "YEAR": "year", "QUARTER": "quarter", "MONTH": "month", "WEEK": "week", "DAY": "day",
    "HOUR": "hour", "MINUTE": "minute", "SECOND": "second",
    # Oracle's format models (TRUNC(d, 'MM')) and Snowflake's abbreviations; the ambiguous
    # ones ('D', 'W', 'Y', Oracle's 'WW') are left out
    "YYYY": "year", "YYY": "year", "YY": "year", "SYYYY": "year", "SYEAR": "year",
    "YR": "year", "Q": "quarter", "QTR": "quarter", "MM": "month", "MON": "month",
    "RM": "month", "IW": "week", "WK": "week", "DD": "day", "DDD": "day", "J": "day",
    "ISOWEEK": "week", "WEEK(MONDAY)": "week",  # BigQuery's Monday-based weeks
    "HH": "hour", "HH12": "hour", "HH24": "hour", "MI": "minute",
}
_INTERVAL_UNITS = {
    "YEAR": "year", "QUARTER": "quarter", "MONTH": "month", "WEEK": "week", "DAY": "day",
    "HOUR": "hour", "YY": "year", "YYYY": "year", "MM": "month", "M": "month", "DD": "day",
    "D": "day", "WK": "week", "WW": "week", "QQ": "quarter", "HH": "hour",
    # finer than a relative date moves (relative_unit says None): durations count in them
    "MINUTE": "minute", "MI": "minute", "N": "minute", "SECOND": "second", "SS": "second",
    "S": "second",
}


class _Term:
    """What the column side of a comparison yields from its column.

    ``kind`` is ``raw`` (the column itself: the literal says the grain), ``day`` (truncated to
    the day: ``DATE(d)``, ``CAST(d AS DATE)``), ``trunc`` (``DATE_TRUNC(unit, d)``), ``fmt``
    (a rendering: ``strftime``, ``TO_CHAR``, ``substr``; ``fmt`` holds the strftime layout),
    ``part`` (``YEAR(d)``, ``EXTRACT(MONTH FROM d)``; ``unit``) or ``clock`` (time of day).
    """

    __slots__ = ("column", "first", "fmt", "kind", "named", "text", "unit")

    def __init__(self, column: str, kind: str, unit: str = "", fmt: str = "",
                 text: bool = False, named: bool = False, first: int = 0) -> None:
        self.column = column
        self.kind = kind
        self.unit = unit
        # the weekday (0 Monday ... 6 Sunday) a truncated week starts on: BigQuery's
        # DATE_TRUNC(d, WEEK) weeks start on Sunday
        self.first = first
        self.fmt = fmt
        self.text = text  # characters cut out of the stored text (substr), not a parsed date
        # a raw term whose column is referenced by its own name, not through an alias that a
        # subquery or CTE may have computed (``DATE_TRUNC('month', order_ts) AS month``)
        self.named = named

    def spelling(self, span_spelling: str) -> str:
        """How this term assumes the data spells dates (see :attr:`Period.spelling`)."""
        if self.kind == "raw":
            return span_spelling
        if self.text:  # substr(d, 1, 7) = '2024-03' reads 'YYYY-MM...'; (1, 6) 'YYYYMM...'
            if "-" in self.fmt or ":" in self.fmt:
                return "iso"
            return "compact" if self.fmt not in ("%Y", "%m", "%d") else ""
        return "function"  # strftime, YEAR(), DATE_TRUNC ... parse the stored value as a date


#: Functions that make a moment of a date without moving it (BigQuery TIMESTAMP(d), DATETIME(d)).
_MOMENT_OF: tuple[type[exp.Expr], ...] = tuple(
    t for t in (getattr(exp, "Timestamp", None), getattr(exp, "Datetime", None),
                getattr(exp, "TsOrDsToDatetime", None))
    if isinstance(t, type))


#: ClickHouse's casts to a date or a time, spelled as functions: ``toDate('2025-07-01')``,
#: ``toDateTime(now())``, ``toDateTime64('2025-07-01 00:00:00', 3)`` (a precision or a time
#: zone after the value).
_CAST_FUNCTIONS = frozenset({"TODATE", "TODATE32", "TODATETIME", "TODATETIME32", "TODATETIME64",
                             "TODATEORNULL", "TODATETIMEORNULL", "TODATEORZERO",
                             "TODATETIMEORZERO"})


def _cast_call(node: exp.Expr, moments_only: bool = False) -> exp.Expr | None:
    """The value a cast spelled as a function (:data:`_CAST_FUNCTIONS`) reads, or None; with
    ``moments_only``, only a cast to a moment (``toDateTime``): ``toDate(created_at)`` is the
    day of a moment, not the moment."""
    if (isinstance(node, exp.Anonymous) and node.expressions
            and str(node.this).upper() in _CAST_FUNCTIONS
            and not (moments_only and "TIME" not in str(node.this).upper())):
        value: exp.Expr = node.expressions[0]
        return value
    return None


def _unwrap(node: exp.Expr) -> exp.Expr:
    while True:
        if isinstance(node, _TRANSPARENT) or (
            isinstance(node, (exp.Cast, exp.TryCast)) and _type_name(node) in _MOMENT_TYPES
        ) or (isinstance(node, _MOMENT_OF) and node.this is not None
              and not node.args.get("zone") and not node.expressions):
            node = node.this
            continue
        inner = _cast_call(node, moments_only=True)
        if inner is None:
            return node
        node = inner


def _type_name(node: exp.Expr) -> str:
    to = node.args.get("to")
    if isinstance(to, exp.DataType):
        return str(to.this.name if hasattr(to.this, "name") else to.this).upper()
    return ""


def _unit_name(node: Any) -> str:
    if isinstance(node, exp.WeekStart):  # BigQuery WEEK(MONDAY): ISO weeks; others are not
        return "WEEK" if _unit_name(node.this) == "MONDAY" else ""
    if isinstance(node, (exp.Var, exp.Literal, exp.Identifier)):
        return str(node.this).upper()
    if isinstance(node, exp.Column):
        return node.name.upper()
    return ""


def _int_literal(node: Any) -> int | None:
    if isinstance(node, exp.Paren):
        return _int_literal(node.this)
    if isinstance(node, exp.Neg):
        inner = _int_literal(node.this)
        return -inner if inner is not None else None
    if isinstance(node, exp.Mul):
        # Spark / Hive DATE_SUB(d, 1) is read as TsOrDsAdd(d, 1 * -1)
        a, b = _int_literal(node.this), _int_literal(node.expression)
        return a * b if a is not None and b is not None else None
    if isinstance(node, exp.Literal):
        try:
            return int(str(node.this).strip())
        except ValueError:
            return None
    return None


_STRFTIME_OF_TOKEN = (
    ("YYYY", "%Y"), ("HH24", "%H"), ("MM", "%m"), ("DD", "%d"), ("MI", "%M"), ("SS", "%S"),
    ("HH", "%H"), ("Q", "%q"),
)


_STRICT_MARK = re.compile(r"(%[a-zA-Z])strict")


def _to_strftime(fmt: str) -> str:
    """A TO_CHAR-style format (Snowflake keeps them as written) in strftime notation.

    sqlglot's Spark and Hive readers turn ``date_format(d, 'yyyy-MM')``'s ``MM`` and ``dd`` into
    ``%mstrict`` and ``%dstrict`` (the strict-parsing mark of their mapping, not a character
    of the text): the mark is dropped.

    >>> _to_strftime("%Y-%mstrict"), _to_strftime("YYYY-MM")
    ('%Y-%m', '%Y-%m')
    """
    if "%" in fmt:
        return _STRICT_MARK.sub(r"\1", fmt)
    out = ""
    i = 0
    upper = fmt.upper()
    while i < len(fmt):
        for token, directive in _STRFTIME_OF_TOKEN:
            if upper.startswith(token, i):
                out += directive
                i += len(token)
                break
        else:
            out += fmt[i]
            i += 1
    return out


#: substr(d, start, length) of 'YYYY-MM-DD HH:MM:SS' (or of compact 'YYYYMMDD') as a layout.
_SUBSTR_LAYOUT = {
    (1, 4): "%Y", (1, 7): "%Y-%m", (1, 10): "%Y-%m-%d", (1, 13): "%Y-%m-%d %H",
    (1, 16): "%Y-%m-%d %H:%M", (1, 19): "%Y-%m-%d %H:%M:%S", (1, 6): "%Y%m", (1, 8): "%Y%m%d",
    (6, 2): "%m", (9, 2): "%d", (5, 2): "%m", (7, 2): "%d", (12, 2): "%H", (12, 5): "%H:%M",
    (12, 8): "%H:%M:%S",
}


def _typed(node: exp.Expr) -> exp.Expr:
    """The typed node a dialect would have made of a function the default reader leaves
    anonymous (records without a dialect): ``strftime``, ``DATE_FORMAT``, ``FORMAT_DATE``,
    ``DATEPART``, ``DATEADD``."""
    if not isinstance(node, exp.Anonymous):
        return node
    name = str(node.this).upper()
    args = node.expressions
    if name in ("STRFTIME", "FORMAT_DATE", "FORMAT_TIMESTAMP", "FORMAT_DATETIME") and len(
        args
    ) == 2:
        return exp.TimeToStr(this=args[1], format=args[0])
    if name in ("DATE_FORMAT", "FORMAT") and len(args) == 2:
        fmt = args[1]
        if isinstance(fmt, exp.Literal) and "%" not in str(fmt.this):
            fmt = exp.Literal.string(_net_format(str(fmt.this)))
        return exp.TimeToStr(this=args[0], format=fmt)
    if name in ("DATEPART", "DATE_PART") and len(args) == 2:
        return exp.Extract(this=exp.var(_unit_name(args[0])), expression=args[1])
    if name == "YEARWEEK" and len(args) == 2 and _int_literal(args[1]) in (1, 3):
        return exp.Anonymous(this="ISO_YEARWEEK", expressions=[args[0]])  # ISO (Monday) weeks
    if name == "DATEADD" and len(args) == 3:
        return exp.DateAdd(this=args[2], expression=args[1], unit=exp.var(_unit_name(args[0])))
    # ClickHouse, which sqlglot leaves anonymous: toYear(d), toDate(d), yesterday(),
    # addMonths(today(), -1), toYYYYMM(d), toStartOfWeek(d, 1)
    if name in _CLICKHOUSE_PARTS and len(args) == 1:
        return exp.Extract(this=exp.var(_CLICKHOUSE_PARTS[name]), expression=args[0])
    if name in ("TODATE", "TODATEORNULL", "TODATE32") and len(args) == 1:
        return exp.TsOrDsToDate(this=args[0])
    if name in ("TODATETIME", "TODATETIME64") and args:
        moment: exp.Expr = args[0]  # the same moment
        return moment
    if name == "TRUNC" and len(args) == 1:  # Oracle TRUNC(d): the day
        return exp.DateTrunc(this=args[0], unit=exp.Literal.string("DD"))  # type: ignore[no-untyped-call]
    if name == "TOSTARTOFWEEK" and len(args) in (2, 3) and (_int_literal(args[1]) or 0) % 2:
        # toStartOfWeek(d, 1): an odd week mode starts weeks on Monday, as toMonday(d) does
        return exp.TimestampTrunc(this=args[0], unit=exp.var("WEEK"))
    if name == "TOSTARTOFWEEK" and (len(args) == 1 or (
            len(args) in (2, 3) and _int_literal(args[1]) in (0, 2, 4, 6))):
        # toStartOfWeek(d) (mode 0, the default) starts weeks on Sunday: the Sunday before the
        # Monday that starts the week of the day after (on a Sunday, the day itself)
        day_after = exp.Add(this=args[0], expression=exp.Literal.number(1))
        return exp.Sub(this=exp.TimestampTrunc(this=day_after, unit=exp.var("WEEK")),
                       expression=exp.Literal.number(1))
    if name.startswith("TOINTERVAL") and len(args) == 1 and name[10:] in _CLICKHOUSE_UNITS:
        # ClickHouse toIntervalMonth(1): INTERVAL 1 MONTH (today() - toIntervalMonth(1))
        return exp.Interval(this=args[0], unit=exp.var(name[10:]))
    if name == "YESTERDAY" and not args:
        return exp.Sub(this=exp.CurrentDate(), expression=exp.Literal.number(1))
    step = _CLICKHOUSE_STEPS.get(name)
    if step is not None and len(args) == 2:
        kind = exp.DateSub if name.startswith("SUBTRACT") else exp.DateAdd
        return kind(this=args[0], expression=args[1], unit=exp.var(step))
    if name == "TOYYYYMM" and len(args) == 1:
        return exp.TimeToStr(this=args[0], format=exp.Literal.string("%Y%m"))
    if name == "TOYYYYMMDD" and len(args) == 1:
        return exp.TimeToStr(this=args[0], format=exp.Literal.string("%Y%m%d"))
    return node


#: ClickHouse's calendar-part functions, as EXTRACT units.
_CLICKHOUSE_PARTS = {"TOYEAR": "YEAR", "TOMONTH": "MONTH", "TOQUARTER": "QUARTER",
                     "TODAYOFMONTH": "DAY", "TOHOUR": "HOUR", "TOISOWEEK": "WEEK"}
#: ClickHouse's interval units (toIntervalMonth(n), toIntervalQuarter(n) ...).
_CLICKHOUSE_UNITS = frozenset({"YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "HOUR", "MINUTE",
                               "SECOND"})
#: ClickHouse's date steps: addMonths(d, n), subtractDays(d, n) ...
_CLICKHOUSE_STEPS = {f"{verb}{unit.upper()}S": unit.upper()
                     for verb in ("ADD", "SUBTRACT")
                     for unit in ("year", "quarter", "month", "week", "day", "hour")}


def _net_format(fmt: str) -> str:
    """A .NET format (T-SQL ``FORMAT(d, 'yyyy-MM')``) in strftime notation."""
    for token, directive in (("yyyy", "%Y"), ("MM", "%m"), ("dd", "%d"), ("HH", "%H"),
                             ("mm", "%M"), ("ss", "%S")):
        fmt = fmt.replace(token, directive)
    return fmt


def _term(node: exp.Expr, column_of: Callable[[exp.Expr], str | None]) -> _Term | None:
    """The time term of one comparison side, or None when it is not one."""
    node = _typed(_unwrap(node))
    if isinstance(node, exp.Column):
        col = column_of(node)
        return _Term(col, "raw", named=node.name.lower() == col.lower()) if col else None
    if isinstance(node, (exp.Cast, exp.TryCast)) and _type_name(node) in _NUMBER_TYPES:
        return _term(node.this, column_of)  # CAST(strftime('%m', d) AS INTEGER)
    quarter = _quarter_of_month(node, column_of)
    if quarter is not None:
        return quarter
    inner: exp.Expr | None = None
    term: _Term | None = None
    if isinstance(node, exp.WeekOfYear):  # Snowflake WEEKISO(d), MySQL WEEKOFYEAR(d)
        inner, term = node.this, _Term("", "part", unit="isoweek")
    elif isinstance(node, exp.YearOfWeekIso):
        inner, term = node.this, _Term("", "part", unit="isoyear")
    elif isinstance(node, exp.Anonymous) and str(node.this) == "ISO_YEARWEEK":
        inner, term = node.expressions[0], _Term("", "part", unit="yearweek")
    elif isinstance(node, (exp.Date, exp.TsOrDsToDate, exp.DateStrToDate)) or (
        isinstance(node, (exp.Cast, exp.TryCast)) and _type_name(node) in _DAY_TYPES
    ):
        inner, term = node.this, _Term("", "day")
    elif isinstance(node, exp.Convert):
        target = node.this
        if isinstance(target, exp.DataType) and target.this.name.upper() in _DAY_TYPES:
            inner, term = node.expression, _Term("", "day")
        elif isinstance(target, exp.DataType) and target.this.name.upper() in _TEXT_TYPES:
            # CONVERT(VARCHAR(7), d, 120): the first characters of 'YYYY-MM-DD hh:mi:ss'
            length = _int_literal(target.expressions[0].this) if target.expressions else None
            layout = _SUBSTR_LAYOUT.get((1, length or 0))
            if layout:
                inner, term = node.expression, _Term("", "fmt", fmt=layout, text=True)
    elif (isinstance(node, (exp.Cast, exp.TryCast)) and _type_name(node) == "TIME") or isinstance(
        node, exp.Time
    ):
        inner, term = node.this, _Term("", "clock")
    elif isinstance(node, (exp.TimeToStr, exp.ToChar)):
        fmt = node.args.get("format")
        if isinstance(fmt, exp.Literal):
            inner, term = node.this, _Term("", "fmt", fmt=_to_strftime(str(fmt.this)))
    elif isinstance(node, (exp.Year, exp.Month, exp.Day, exp.DayOfMonth, exp.Quarter, exp.Hour)):
        unit = {
            exp.Year: "year", exp.Month: "month", exp.Day: "day", exp.DayOfMonth: "day",
            exp.Quarter: "quarter", exp.Hour: "hour",
        }[type(node)]
        inner, term = node.this, _Term("", "part", unit=unit)
    elif isinstance(node, exp.Extract):
        unit = _PART_UNITS.get(_unit_name(node.this), "")
        if unit:
            inner, term = node.expression, _Term("", "part", unit=unit)
    elif isinstance(node, (exp.DateTrunc, exp.TimestampTrunc, exp.DatetimeTrunc)):
        week_first = _week_first_day(node.args.get("unit"))
        unit = "week" if week_first else _TRUNC_UNITS.get(_unit_name(node.args.get("unit")), "")
        if unit:
            inner, term = node.this, _Term("", "trunc", unit=unit, first=week_first)
    elif isinstance(node, (exp.Substring, exp.Left)):
        first: int | None = 1
        if isinstance(node, exp.Left):
            length = _int_literal(node.expression)
        else:
            first, length = _int_literal(node.args.get("start")), _int_literal(
                node.args.get("length")
            )
        layout = _SUBSTR_LAYOUT.get((first or 0, length or 0))
        if layout:
            source = node.this
            if isinstance(source, exp.Cast) and _type_name(source) in _TEXT_TYPES:
                source = source.this
            inner, term = source, _Term("", "fmt", fmt=layout, text=True)
    if inner is None or term is None:
        return None
    inner = _unwrap(inner)
    # YEAR(DATE(d)), strftime('%Y', CAST(d AS DATE)); BigQuery FORMAT_DATE('%Y-%m', DATE(ts))
    # reads as TimeToStr(TsOrDsToDate(Date(ts))): a day of a day is that day
    for _ in range(3):
        if isinstance(inner, (exp.Date, exp.TsOrDsToDate)) or (
            isinstance(inner, (exp.Cast, exp.TryCast)) and _type_name(inner) in _DAY_TYPES
        ):
            inner = _unwrap(inner.this)
        else:
            break
    if not isinstance(inner, exp.Column):
        return None
    col = column_of(inner)
    if not col:
        return None
    term.column = col
    return term


def _quarter_of_month(node: exp.Expr,
                      column_of: Callable[[exp.Expr], str | None]) -> _Term | None:
    """The quarter computed from the month where a dialect has no quarter function (SQLite):
    ``(month + 2) / 3`` or ``(month - 1) / 3 + 1``, ``month`` being ``CAST(strftime('%m', d)
    AS INTEGER)``, ``MONTH(d)`` or the like, with integer division."""
    month: exp.Expr | None = None
    if isinstance(node, (exp.Div, exp.IntDiv)) and _int_literal(node.expression) == 3:
        num = _typed(_unwrap(node.this))
        if isinstance(num, exp.Add) and _int_literal(num.expression) == 2:
            month = num.this
    elif isinstance(node, exp.Add) and _int_literal(node.expression) == 1:
        div = _typed(_unwrap(node.this))
        if isinstance(div, (exp.Div, exp.IntDiv)) and _int_literal(div.expression) == 3:
            num = _typed(_unwrap(div.this))
            if isinstance(num, exp.Sub) and _int_literal(num.expression) == 1:
                month = num.this
    if month is None:
        return None
    term = _term(month, column_of)
    if term is None or _periodic_unit(term) != "month":
        return None
    return _Term(term.column, "part", unit="quarter")


_SQLITE_MODIFIER = re.compile(
    r"\s*([+-]?\s*\d+)\s+(year|month|day|hour|minute|second)s?\s*|\s*start of (year|month|day)\s*",
    re.IGNORECASE,
)


_SQLITE_WEEKDAY = re.compile(r"\s*weekday\s+([0-6])\s*", re.IGNORECASE)


def _date_parts(node: exp.Expr) -> tuple[exp.Expr, exp.Expr, exp.Expr] | None:
    """The year, month and day of a date built from its parts: ``DATEFROMPARTS`` (T-SQL),
    ``DATE_FROM_PARTS`` (Snowflake), ``DATE(y, m, d)`` (BigQuery), ``MAKE_DATE``."""
    if isinstance(node, exp.DateFromParts):
        year, month, day = (node.args.get(k) for k in ("year", "month", "day"))
        if year is not None and month is not None and day is not None:
            return year, month, day
    if (isinstance(node, exp.Anonymous) and str(node.this).upper() in {"MAKE_DATE", "MAKEDATE"}
            and len(node.expressions) == 3):
        year, month, day = node.expressions
        return year, month, day
    if (isinstance(node, exp.Anonymous) and str(node.this).upper() == "MAKEDATE"
            and len(node.expressions) == 2):
        # MySQL MAKEDATE(year, day of the year): MAKEDATE(YEAR(CURDATE()), 1) is this year's
        # first day, day 32 is February's first (read as January's 32nd: not a date, unread)
        year, day = node.expressions
        return year, exp.Literal.number(1), day
    return None


def _unwrap_int(node: exp.Expr) -> exp.Expr:
    """``node`` without the casts to a number a date part is wrapped in
    (``EXTRACT(YEAR FROM CURRENT_DATE)::int``): a part is a number either way."""
    node = _unwrap(node)
    integers = exp.DataType.INTEGER_TYPES
    while isinstance(node, (exp.Cast, exp.TryCast)) and node.to.is_type(*integers):
        node = _unwrap(node.this)
    return node


def _part_of(node: exp.Expr, part: type[exp.Func], unit: str) -> exp.Expr | None:
    """The date whose ``unit`` ``node`` takes: ``YEAR(d)`` or ``EXTRACT(YEAR FROM d)``."""
    found: exp.Expr | None = None
    if isinstance(node, part):
        found = node.this
    elif (isinstance(node, exp.Extract) and isinstance(node.this, exp.Var)
            and node.this.name.upper() == unit):
        found = node.expression
    return found


def _relative_parts(node: exp.Expr) -> RelativeDate | None:
    """A date built from the parts of today's date: ``DATEFROMPARTS(YEAR(GETDATE()), 1, 1)``
    (this year's start), ``DATEFROMPARTS(YEAR(d), MONTH(d), 1)`` with ``d`` a month ago (last
    month's start)."""
    parts = _date_parts(node)
    if parts is None:
        return None
    year, month, day = (_unwrap_int(p) for p in parts)
    years_on = 0  # DATEFROMPARTS(YEAR(GETDATE()) - 1, 1, 1): last year's start
    if isinstance(year, (exp.Add, exp.Sub)):
        step = _int_literal(year.expression)
        if step is None:
            return None
        years_on = -step if isinstance(year, exp.Sub) else step
        year = _unwrap_int(year.this)
    of_year = _part_of(year, exp.Year, "YEAR")
    base = _relative(of_year) if of_year is not None else None
    day_n = _int_literal(day)
    if base is None or day_n is None or not 1 <= day_n <= 31:
        return None
    of_month = _part_of(month, exp.Month, "MONTH")
    of_quarter = _quarter_first_month(month)
    if of_quarter is not None:
        # DATEFROMPARTS(YEAR(GETDATE()), (DATEPART(QUARTER, GETDATE()) - 1) * 3 + 1, 1): the
        # first month of the current quarter
        if _relative(of_quarter) != base or years_on:
            return None
        start = base.start_of("quarter")
    elif of_month is not None:
        if _relative(of_month) != base:
            return None
        start = base.start_of("month")
    else:
        month_n = _int_literal(month)
        if month_n is None or not 1 <= month_n <= 12:
            return None
        start = base.start_of("year").shifted("month", month_n - 1)
    if years_on:
        if of_month is not None:
            return None  # YEAR(d) - 1 with MONTH(d): no spelling agents use
        start = start.shifted("year", years_on)
    return start.shifted("day", day_n - 1) if day_n > 1 else start


def _quarter_first_month(node: exp.Expr) -> exp.Expr | None:
    """The date whose quarter's first month ``node`` computes: ``(QUARTER(d) - 1) * 3 + 1`` or
    ``3 * QUARTER(d) - 2`` (``DATEPART(QUARTER, d)``, ``EXTRACT(QUARTER FROM d)``), else None.

    >>> import sqlglot
    >>> m = sqlglot.parse_one("SELECT (DATEPART(QUARTER, GETDATE()) - 1) * 3 + 1", read="tsql")
    >>> _quarter_first_month(m.expressions[0]) is not None
    True
    >>> _quarter_first_month(sqlglot.parse_one("SELECT 3 * x - 2").expressions[0]) is None
    True
    """
    node = _unwrap_int(node)
    quarter: exp.Expr | None = None
    if isinstance(node, exp.Add) and _int_literal(node.expression) == 1:
        mul = _unwrap_int(node.this)
        if isinstance(mul, exp.Mul) and _int_literal(mul.expression) == 3:
            sub = _unwrap_int(mul.this)
            if isinstance(sub, exp.Sub) and _int_literal(sub.expression) == 1:
                quarter = _unwrap_int(sub.this)
    elif isinstance(node, exp.Sub) and _int_literal(node.expression) == 2:
        mul = _unwrap_int(node.this)
        if isinstance(mul, exp.Mul) and _int_literal(mul.this) == 3:
            quarter = _unwrap_int(mul.expression)
    if quarter is None:
        return None
    return _part_of(quarter, exp.Quarter, "QUARTER")


def _relative(node: exp.Expr) -> RelativeDate | None:
    """An expression of the current date as a date relative to the anchor, or None."""
    node = _typed(_unwrap(node))
    if _date_parts(node) is not None:
        return _relative_parts(node)
    if (isinstance(node, exp.Date) and node.args.get("zone") is not None
            and is_now(node.this, _unwrap)):
        # the default reader's date('now', '-7 day'): the modifier lands in `zone`
        return _relative(exp.Anonymous(this="DATE", expressions=[node.this, node.args["zone"]]))
    if is_now(node, _unwrap):
        return ANCHOR_DAY
    if isinstance(node, (exp.Cast, exp.TryCast, exp.Date, exp.TsOrDsToDate)) or (
            isinstance(node, _MOMENT_OF) and node.this is not None):
        # BigQuery TIMESTAMP(DATE_TRUNC(CURRENT_DATE(), YEAR)), DATETIME(...): the same moment
        return _relative(node.this)
    if isinstance(node, exp.Convert):
        return _relative(node.expression)
    if isinstance(node, exp.Trunc) and node.args.get("decimals") is None:
        # Redshift / Snowflake / Oracle TRUNC(GETDATE()): the day (no digits to keep)
        inner = _relative(node.this)
        return inner.start_of("day") if inner is not None else None
    if isinstance(node, (exp.TimeToStr, exp.ToChar)):
        # MySQL DATE_FORMAT(CURDATE() - INTERVAL 1 MONTH, '%Y-%m-01'): the first day of a
        # month (or '%Y-01-01', of a year) written out as a date
        fmt = node.args.get("format")
        unit = (_FIRST_DAY_FORMATS.get(_to_strftime(str(fmt.this)))
                if isinstance(fmt, exp.Literal) else None)
        if unit == "month" and (aligned := _month_start(node.this)) is not None:
            return aligned
        inner = _relative(node.this) if unit is not None else None
        return inner.start_of(unit) if inner is not None and unit is not None else None
    if isinstance(node, (exp.Concat, exp.DPipe)):
        return _written_date(node)
    if (isinstance(node, (exp.StrToDate, exp.StrToTime))
            and isinstance(node.this, (exp.Concat, exp.DPipe))):
        # MySQL STR_TO_DATE(CONCAT(YEAR(CURDATE()), '-01-01'), '%Y-%m-%d'): the day written
        # out as text, parsed back (a literal's own parse is read as a literal elsewhere)
        fmt = node.args.get("format")
        if isinstance(fmt, exp.Literal) and _to_strftime(str(fmt.this)) in _DAY_LAYOUTS:
            return _written_date(node.this)
        return None
    if isinstance(node, exp.LastDay):  # LAST_DAY / EOMONTH: the month's last day
        inner = _relative(node.this)
        if inner is None:
            return None
        return inner.start_of("month").shifted("month", 1).shifted("day", -1)
    epoch_start = _epoch_trunc(node)
    if epoch_start is not None:
        return epoch_start
    if isinstance(node, exp.Anonymous) and str(node.this).upper() in {"DATE", "DATETIME"}:
        # sqlite: date('now', '-7 day', 'start of month', ...)
        args = node.expressions
        if not args or not is_now(args[0], _unwrap):
            return None
        bound = ANCHOR_DAY
        for arg in args[1:]:
            if _sqlite_quarter_offset(arg):
                # printf('-%d months', (strftime('%m', 'now') - 1) % 3): back to the first
                # month of the quarter (SQLite has no 'start of quarter')
                bound = bound.start_of("quarter")
                continue
            if not (isinstance(arg, exp.Literal) and arg.is_string):
                return None
            m = _SQLITE_MODIFIER.fullmatch(str(arg.this))
            if m is None:
                if str(arg.this).strip().lower() in {"localtime", "utc"}:
                    continue
                weekday = _SQLITE_WEEKDAY.fullmatch(str(arg.this))
                if weekday is None:
                    return None
                # 'weekday N' (0 Sunday ... 6 Saturday): forward to the next such day, or stay
                # on it: the start of the week that starts on the day after N, less one day
                after = int(weekday.group(1)) % 7  # N + 1 as days after Monday
                bound = bound.start_of_week(after).shifted("day", 6)
                continue
            if m.group(3):
                start_unit = relative_unit(m.group(3).lower())
                if start_unit is None:
                    return None
                bound = bound.start_of(start_unit)
            else:
                unit = relative_unit(m.group(2).lower())
                if unit is None:
                    return None
                bound = bound.shifted(unit, int(m.group(1).replace(" ", "")))
        return bound
    if isinstance(node, (exp.DateTrunc, exp.TimestampTrunc, exp.DatetimeTrunc)):
        first = _week_first_day(node.args.get("unit"))
        if first:
            # BigQuery DATE_TRUNC(d, WEEK) (= WEEK(SUNDAY)) or WEEK(SATURDAY): weeks that start
            # on another day than Monday
            inner = _relative(node.this)
            return inner.start_of_week(first) if inner is not None else None
        unit = relative_unit(_TRUNC_UNITS.get(_unit_name(node.args.get("unit")), ""))
        inner = _relative(node.this)
        if unit is None or inner is None:
            return None
        return inner.start_of(unit)
    if isinstance(node, _STEPS):
        base = _relative(node.this)
        step = node.expression
        if isinstance(step, exp.Interval):
            unit_node: Any = step.args.get("unit")
            step = step.this
        else:
            unit_node = node.args.get("unit")
        n = _int_literal(step)
        unit = relative_unit(_INTERVAL_UNITS.get(_unit_name(unit_node).rstrip("S") or "DAY", ""))
        sub = isinstance(node, BACK_STEPS)
        if base is not None and unit is not None and n is None:
            # MySQL DATE_SUB(CURDATE(), INTERVAL WEEKDAY(CURDATE()) + 7 DAY): last Monday
            return _calendar_step(base, step, unit, sub)
        if base is None or n is None or unit is None:
            return None
        return base.shifted(unit, -n if sub else n)
    if isinstance(node, exp.AddMonths):  # Oracle ADD_MONTHS(d, -6)
        base, n = _relative(node.this), _int_literal(node.expression)
        if base is None or n is None:
            return None
        return base.shifted("month", n)
    if isinstance(node, (exp.Add, exp.Sub)):
        base = _relative(node.this)
        if base is None:
            return None
        step = _typed(_unwrap(node.expression))  # ClickHouse toIntervalMonth(1) too
        amount_unit: RelativeUnit
        if isinstance(step, exp.Interval):
            got = _interval_amount(step)
            if got is None:
                # CURDATE() - INTERVAL WEEKDAY(CURDATE()) DAY: this week's Monday
                step_unit = relative_unit(
                    _INTERVAL_UNITS.get(_unit_name(step.args.get("unit")).rstrip("S"), ""))
                return (_calendar_step(base, step.this, step_unit, isinstance(node, exp.Sub))
                        if step_unit is not None else None)
            amount, amount_unit = got
        else:
            count = _int_literal(step)  # CURRENT_DATE - 7: days
            if count is None:
                # TRUNC(SYSDATE, 'IW') - 1/86400: one second before a day starts, the last
                # moment of the day before (what an inclusive BETWEEN bound means by it)
                return base.shifted("day", -1) if (
                    isinstance(node, exp.Sub) and _day_fraction(step)) else None
            amount, amount_unit = count, "day"
        return base.shifted(amount_unit, -amount if isinstance(node, exp.Sub) else amount)
    return None


#: Days after Monday that a week starting on each day (BigQuery ``WEEK(<day>)``) starts.
_WEEK_FIRST_DAYS = {"MONDAY": 0, "TUESDAY": 1, "WEDNESDAY": 2, "THURSDAY": 3, "FRIDAY": 4,
                    "SATURDAY": 5, "SUNDAY": 6}


def _week_first_day(unit: Any) -> int:
    """The weekday (0 Monday ... 6 Sunday) a BigQuery week unit starts on, when it is not
    Monday (sqlglot reads its plain ``WEEK`` as ``WEEK(SUNDAY)``, as BigQuery means it);
    0 for every other unit."""
    if isinstance(unit, exp.WeekStart):
        return _WEEK_FIRST_DAYS.get(_unit_name(unit.this), 0)
    return 0



def _written_date(node: exp.Concat | exp.DPipe) -> RelativeDate | None:
    """A day written out as text from the parts of today: ``CONCAT(YEAR(CURDATE()), '-01-01')``
    (this year's first day; ``YEAR(CURDATE()) - 1``, last year's), ``CONCAT(DATE_FORMAT(
    CURDATE(), '%Y-%m'), '-01')`` (this month's). Only a year or a year-month followed by the
    rest of a day is read."""
    pieces = ([node.this, node.expression] if isinstance(node, exp.DPipe)
              else list(node.expressions))
    if len(pieces) != 2 or not (isinstance(pieces[1], exp.Literal) and pieces[1].is_string):
        return None
    head, rest = _unwrap(pieces[0]), str(pieces[1].this)
    years_on = 0
    if isinstance(head, (exp.Add, exp.Sub)) and _int_literal(head.expression) is not None:
        years_on = _int_literal(head.expression) or 0
        years_on, head = (-years_on if isinstance(head, exp.Sub) else years_on), _unwrap(
            head.this)
    fmt = head.args.get("format") if isinstance(head, (exp.TimeToStr, exp.ToChar)) else None
    layout = _to_strftime(str(fmt.this)) if isinstance(fmt, exp.Literal) else None
    if isinstance(head, exp.Year) or layout == "%Y":
        m = re.fullmatch(r"-(\d{2})-(\d{2})", rest)
        unit: RelativeUnit = "year"
    elif layout == "%Y-%m" and not years_on:
        m = re.fullmatch(r"-()(\d{2})", rest)
        unit = "month"
    else:
        return None
    day = _relative(head.this) if m is not None else None
    if m is None or day is None:
        return None
    month, day_n = int(m.group(1) or 1), int(m.group(2))
    if not (1 <= month <= 12 and 1 <= day_n <= 28):
        return None
    start = day.start_of(unit).shifted("year", years_on).shifted("month", month - 1)
    return start.shifted("day", day_n - 1)


#: The layouts a day written ``YYYY-MM-DD`` is parsed back with (STR_TO_DATE's format).
_DAY_LAYOUTS = frozenset({"%Y-%m-%d", "%Y-%m-%d %H:%M:%S"})


def _sqlite_quarter_offset(node: exp.Expr) -> bool:
    """SQLite's modifier that moves a month's first day back to its quarter's:
    ``printf('-%d months', (CAST(strftime('%m', 'now') AS INTEGER) - 1) % 3)`` (the months
    since the quarter began, the month of 'now' less one, modulo three).

    >>> import sqlglot
    >>> _sqlite_quarter_offset(sqlglot.parse_one(
    ...     "printf('-%d months', (CAST(strftime('%m', 'now') AS INTEGER) - 1) % 3)",
    ...     read="sqlite"))
    True
    >>> _sqlite_quarter_offset(sqlglot.parse_one("printf('-%d months', 3)", read="sqlite"))
    False

    The same modifier written by concatenation: ``'-' || ((CAST(strftime('%m', 'now') AS
    INTEGER) - 1) % 3) || ' months'``.

    >>> _sqlite_quarter_offset(sqlglot.parse_one(
    ...     "'-' || ((CAST(strftime('%m', 'now') AS INTEGER) - 1) % 3) || ' months'",
    ...     read="sqlite"))
    True
    >>> _sqlite_quarter_offset(sqlglot.parse_one("'-' || 3 || ' months'", read="sqlite"))
    False
    """
    if isinstance(node, exp.DPipe):
        pieces = [_unwrap(p) for p in _piped(node)]
        if not (len(pieces) == 3 and all(isinstance(p, exp.Literal) and p.is_string
                                         for p in (pieces[0], pieces[2]))
                and str(pieces[0].this).strip() == "-"
                and re.fullmatch(r"\s*months?\s*", str(pieces[2].this), re.IGNORECASE)):
            return False
        value = pieces[1]
    elif (isinstance(node, exp.Anonymous) and str(node.this).upper() == "PRINTF"
            and len(node.expressions) == 2):
        fmt, value = node.expressions
        if not (isinstance(fmt, exp.Literal) and fmt.is_string and re.fullmatch(
                r"\s*-\s*%d\s+months?\s*", str(fmt.this), re.IGNORECASE)):
            return False
    else:
        return False
    value = _unwrap(value)
    if not (isinstance(value, exp.Mod) and _int_literal(value.expression) == 3):
        return False
    month = _unwrap(value.this)
    if not (isinstance(month, exp.Sub) and _int_literal(month.expression) == 1):
        return False
    month = _unwrap(month.this)
    if isinstance(month, (exp.Cast, exp.TryCast)):
        month = _unwrap(month.this)
    fmt_node = month.args.get("format") if isinstance(month, exp.TimeToStr) else None
    return (isinstance(fmt_node, exp.Literal) and str(fmt_node.this) == "%m"
            and _relative(month.this) == ANCHOR_DAY)


def _piped(node: exp.Expr) -> list[exp.Expr]:
    """The first pieces of a ``a || b || c`` chain, in order (eight at most). Walked down its
    left spine in a loop: a chain of thousands of pieces is no deeper a recursion.

    >>> import sqlglot
    >>> [p.sql() for p in _piped(sqlglot.parse_one("'-' || x || ' months'", read="sqlite"))]
    ["'-'", 'x', "' months'"]
    """
    rights: list[exp.Expr] = []
    while isinstance(node, exp.DPipe) and isinstance(node.this, exp.Expr):
        rights.append(node.expression)
        node = node.this
    return [node, *reversed(rights)][:8]


def _calendar_field(node: exp.Expr) -> tuple[str, RelativeDate, int] | None:
    """An amount written from a day's own calendar fields, ``FIELD(d) + c``, as ``(FIELD, d,
    c)``: MySQL ``WEEKDAY(d)`` (0 on Monday), ``DAYOFMONTH(d)`` / ``DAY(d)``, ``DAYOFYEAR(d)``,
    ``MONTH(d)``, ``QUARTER(d)``, and ``(MONTH(d) - 1) % 3`` (the months since the quarter
    began, field ``month_in_quarter``), each with ``d`` a day relative to the anchor."""
    node = _unwrap(node)
    c = 0
    if isinstance(node, (exp.Add, exp.Sub)) and _int_literal(node.expression) is not None:
        amount = _int_literal(node.expression) or 0
        c = -amount if isinstance(node, exp.Sub) else amount
        node = _unwrap(node.this)
    elif isinstance(node, exp.Add) and _int_literal(node.this) is not None:
        c, node = _int_literal(node.this) or 0, _unwrap(node.expression)  # 7 + WEEKDAY(d)
    if isinstance(node, exp.Mod) and _int_literal(node.expression) == 3:
        inner = _calendar_field(node.this)
        if inner is None or inner[0] != "month" or inner[2] != -1:
            return None
        return "month_in_quarter", inner[1], c
    if (isinstance(node, exp.Anonymous) and str(node.this).upper() == "WEEKDAY"
            and len(node.expressions) == 1):
        day = _relative(node.expressions[0])
        return ("weekday", day, c) if day is not None else None
    names: dict[type[exp.Expr], str] = {
        exp.DayOfMonth: "dayofmonth", exp.Day: "dayofmonth", exp.DayOfYear: "dayofyear",
        exp.Month: "month", exp.Quarter: "quarter"}
    name = names.get(type(node))
    if name is None:
        return None
    day = _relative(node.this)
    return (name, day, c) if day is not None else None


#: Moving a day back by one of its own fields (plus ``c``) in days lands on the start of the
#: unit the field counts within, ``c`` days (plus one when the field counts from 1) earlier.
_BACK_TO_START: dict[str, tuple[RelativeUnit, int]] = {
    "weekday": ("week", 0), "dayofmonth": ("month", 1), "dayofyear": ("year", 1)}


def _calendar_step(base: RelativeDate, step: exp.Expr, unit: RelativeUnit,
                   sub: bool) -> RelativeDate | None:
    """``base`` moved by an amount read from its own calendar (MySQL, which has no
    DATE_TRUNC): ``CURDATE() - INTERVAL WEEKDAY(CURDATE()) + 7 DAY`` is last week's Monday,
    ``CURDATE() - INTERVAL DAYOFMONTH(CURDATE()) - 1 DAY`` this month's first day,
    ``MAKEDATE(YEAR(CURDATE()), 1) + INTERVAL QUARTER(CURDATE()) - 1 QUARTER`` this quarter's
    first day. An amount of another day than ``base`` (or any other arithmetic) is unread."""
    field = _calendar_field(step)
    if field is None:
        return None
    name, day, c = field
    if sub and day == base and unit == "day" and name in _BACK_TO_START:
        start, counted_from = _BACK_TO_START[name]
        return base.start_of(start).shifted("day", -(c + counted_from))
    if not sub and name == unit and name in ("month", "quarter") and base == day.start_of(
            "year"):
        # the year's first day plus (QUARTER(d) - 1) quarters: d's quarter's first day
        return day.start_of(name).shifted(name, c + 1)
    return None


def _month_start(node: exp.Expr) -> RelativeDate | None:
    """The first day of the month a day moved back by its months since a larger unit began
    falls in: ``CURDATE() - INTERVAL (MONTH(CURDATE()) - 1) % 3 MONTH`` is a day in the
    quarter's first month, whose first day (``DATE_FORMAT(..., '%Y-%m-01')``) is the quarter's;
    ``- INTERVAL MONTH(CURDATE()) - 1 MONTH`` a day in January. None for anything else."""
    node = _typed(_unwrap(node))
    if isinstance(node, (exp.DateSub, exp.Sub)):
        step = node.expression
        unit_node: Any = node.args.get("unit")
        if isinstance(step, exp.Interval):
            unit_node, step = step.args.get("unit"), step.this
        if _unit_name(unit_node).rstrip("S") != "MONTH":
            return None
        field, base = _calendar_field(step), _relative(node.this)
        if field is None or base is None or field[1] != base:
            return None
        name, _, c = field
        if name == "month_in_quarter":
            return base.start_of("quarter").shifted("month", -c)
        if name == "month" and c == -1:
            return base.start_of("year")
    return None


def _day_fraction(node: exp.Expr) -> bool:
    """``1/86400``, ``1/1440``, ``1/24``: a step of less than a day in Oracle date arithmetic."""
    node = _unwrap(node)
    if not isinstance(node, exp.Div):
        return False
    a, b = _int_literal(node.this), _int_literal(node.expression)
    return a is not None and b is not None and 0 < a < b


#: Date formats that write out the first day of the date's month or year.
_FIRST_DAY_FORMATS: dict[str, RelativeUnit] = {
    "%Y-%m-01": "month", "%Y-%m-01 00:00:00": "month", "%Y%m01": "month",
    "%Y-01-01": "year", "%Y-01-01 00:00:00": "year", "%Y0101": "year",
}


def _is_epoch(node: exp.Expr) -> bool:
    node = _unwrap(node)
    if isinstance(node, exp.TsOrDsToDate):
        node = _unwrap(node.this)
    if isinstance(node, exp.Literal):
        return str(node.this).strip() in ("0", "1900-01-01")
    return False


def _week_anchor(node: exp.Expr) -> int | None:
    """The weekday (0 Monday ... 6 Sunday) of a date literal a week idiom counts weeks from
    (``'19000107'``, ``'1900-01-07'``: a Sunday), or None."""
    node = _unwrap(node)
    if isinstance(node, exp.TsOrDsToDate):
        node = _unwrap(node.this)
    if not isinstance(node, exp.Literal) or not node.is_string:
        return None
    span = literal_span(str(node.this).strip(), compact=True)
    return span[0].weekday() if span is not None and span[2] == "day" else None


def _epoch_trunc(node: exp.Expr) -> RelativeDate | None:
    """T-SQL's start-of-unit idiom: ``DATEADD(quarter, DATEDIFF(quarter, 0, GETDATE()) + k,
    0)`` is the start of the current quarter moved by k quarters. Weeks may be counted from
    another day: ``DATEADD(week, DATEDIFF(week, '19000107', GETDATE()) - 1, '19000107')``
    counts them from a Sunday, so they start on Sundays (session 44)."""
    if not isinstance(node, exp.DateAdd):
        return None
    first = None if _is_epoch(node.this) else _week_anchor(node.this)
    if first is None and not _is_epoch(node.this):
        return None
    step: Any = node.expression
    offset = 0
    if isinstance(step, (exp.Add, exp.Sub)):
        k = _int_literal(step.expression)
        if k is None:
            return None
        offset, step = (k if isinstance(step, exp.Add) else -k), step.this
    if not isinstance(step, exp.DateDiff):
        return None
    unit = relative_unit(
        _INTERVAL_UNITS.get(_unit_name(step.args.get("unit")).rstrip("S") or "DAY", ""))
    outer = _INTERVAL_UNITS.get(_unit_name(node.args.get("unit")).rstrip("S") or "DAY", "")
    if unit is None or unit != outer:
        return None
    later, earlier = _unwrap(step.this), _unwrap(step.expression)
    if first is not None:
        if unit != "week" or _week_anchor(earlier) != first:
            return None
        start = ANCHOR_DAY.start_of("week") if first == 0 else ANCHOR_DAY.start_of_week(first)
        return start.shifted("week", offset) if is_now(later, _unwrap) else None
    if not (is_now(later, _unwrap) and _is_epoch(earlier)):
        return None
    return ANCHOR_DAY.start_of(unit).shifted(unit, offset)


def _interval_amount(node: exp.Interval) -> tuple[int, RelativeUnit] | None:
    """``INTERVAL '7' DAY``, ``INTERVAL '7 days'``, ``INTERVAL 7 DAY`` as ``(7, "day")``."""
    value = node.this
    unit = _unit_name(node.args.get("unit")).rstrip("S")
    text = str(value.this).strip() if isinstance(value, exp.Literal) else ""
    m = re.fullmatch(r"([+-]?\d+)(?:\s+([a-z]+?)s?)?", text, re.IGNORECASE)
    if not m:
        return None
    if m.group(2):
        unit = m.group(2).upper()
    unit_name = relative_unit(_INTERVAL_UNITS.get(unit, ""))
    if unit_name is None:
        return None
    return int(m.group(1)), unit_name


# --------------------------------------------------------------------------------------------
# values: what the other side of the comparison is, at the term's grain
# --------------------------------------------------------------------------------------------

# A value is (start, end, grain) where start/end are ISO or relative bounds, or a periodic
# value ("month", 3) / clock second.


def _literal_text(node: exp.Expr) -> tuple[str, bool] | None:
    """``(text, is_string)`` of a literal, looking through casts (``DATE '2024-03-01'``); the
    last day of a literal's month (``EOMONTH('2024-02-01')``) is that day's literal."""
    while True:
        if isinstance(node, (exp.Cast, exp.TryCast, exp.Paren, exp.TsOrDsToDate,
                             exp.DateStrToDate, *_MOMENT_OF)):  # Oracle DATE '...'
            node = node.this
        elif (cast := _cast_call(node)) is not None:  # ClickHouse toDate('...')
            node = cast
        else:
            break
    if isinstance(node, exp.LastDay):
        inner = _literal_text(node.this)
        span = literal_span(inner[0]) if inner else None
        if span is None:
            return None
        last = add(floor(span[0], "month"), "month", 1) - timedelta(days=1)
        return last.date().isoformat(), True
    if isinstance(node, exp.Literal):
        return str(node.this), bool(node.is_string)
    if isinstance(node, (exp.StrToDate, exp.StrToTime)):  # TO_DATE('2025-04-01', 'YYYY-MM-DD')
        return _parsed_literal(node)
    parts = _date_parts(node)
    if parts is not None:  # DATEFROMPARTS(2024, 3, 1): the literal date
        numbers = [_int_literal(_unwrap(p)) for p in parts]
        if None in numbers:
            return None
        year, month, day = (n for n in numbers if n is not None)
        try:
            return date(year, month, day).isoformat(), True
        except ValueError:
            return None
    if isinstance(node, exp.Neg) and isinstance(node.this, exp.Literal):
        return "-" + str(node.this.this), False
    return _stepped_literal(node)


#: A fixed step from a day: DATE_SUB, DATEADD, Spark's DATE_SUB (TsOrDsAdd) and their kin.


def _stepped_literal(node: exp.Expr) -> tuple[str, bool] | None:
    """A written-out day moved by a fixed step, as the literal of the day it lands on:
    ``DATE_SUB('2025-10-02', INTERVAL 90 DAY)``, ``DATEADD(dd, -90, '2025-10-02')``, ``DATE
    '2025-10-02' - 90``, sqlite ``date('2025-10-02', '-90 day')``. Agents resolve "the last 90
    days" against the day they were asked and write that day out; the bound is as literal as
    the day (read like ``CURRENT_DATE - 90``, which :func:`_relative` reads).

    >>> from stef_core.sql.parse import parse_condition
    >>> _stepped_literal(parse_condition("DATE_SUB('2025-10-02', INTERVAL 90 DAY)", "mysql"))
    ('2025-07-04', True)
    """
    node = _typed(node)
    moves: list[tuple[int, str]] = []
    if isinstance(node, _STEPS):
        got = _step(node.expression, relative_unit(_INTERVAL_UNITS.get(
            _unit_name(node.args.get("unit")).rstrip("S") or "DAY", "")))
        if got is None:
            return None
        sub = isinstance(node, BACK_STEPS)
        moves.append((-got[0] if sub else got[0], got[1]))
        base: exp.Expr = node.this
    elif isinstance(node, (exp.Add, exp.Sub)):
        got = _step(node.expression, "day")  # DATE '2025-10-02' - 90: days
        if got is None:
            return None
        moves.append((-got[0] if isinstance(node, exp.Sub) else got[0], got[1]))
        base = node.this
    elif (isinstance(node, exp.Anonymous) and str(node.this).upper() in {"DATE", "DATETIME"}
          and len(node.expressions) >= 2):
        # sqlite date('2025-10-02', '-90 day'): plain steps only ('start of ...' is no step)
        for arg in node.expressions[1:]:
            m = (_SQLITE_MODIFIER.fullmatch(str(arg.this))
                 if isinstance(arg, exp.Literal) and arg.is_string else None)
            unit_of = relative_unit(m.group(2).lower()) if m and not m.group(3) else None
            if m is None or unit_of is None:
                return None
            moves.append((int(m.group(1).replace(" ", "")), unit_of))
        base = node.expressions[0]
    else:
        return None
    lit = _literal_text(base)
    span = literal_span(lit[0]) if lit is not None and lit[1] else None
    if span is None or span[2] not in ("day", "minute", "second"):
        return None  # a day or a moment; '2025-10' - 90 is no day
    moment = span[0]
    for n, step_unit in moves:
        if step_unit not in ("year", "quarter", "month", "week", "day"):
            return None  # an hour from a written day lands on no day
        moment = add(moment, step_unit, n)
    return iso(moment).replace("T", " "), True


def _step(step: exp.Expr, unit: str | None) -> tuple[int, str] | None:
    """A step's amount and unit: an INTERVAL's own, or a bare whole number counted in
    ``unit`` (None: no unit known, no step)."""
    if isinstance(step, exp.Interval):
        return _interval_amount(step)
    count = _int_literal(step)
    return None if count is None or unit is None else (count, unit)


def _parsed_literal(node: exp.StrToDate | exp.StrToTime) -> tuple[str, bool] | None:
    """The moment a string parsed with a format denotes, as an ISO literal: Oracle and
    Postgres ``TO_DATE('01-APR-2025', 'DD-MON-YYYY')``, MySQL ``STR_TO_DATE``, BigQuery
    ``PARSE_DATE``, Trino ``date_parse``. sqlglot hands the format over in strftime form; one
    Python cannot parse (or a text that does not fit it) leaves the value unread."""
    text, fmt = node.this, node.args.get("format")
    if not (isinstance(text, exp.Literal) and text.is_string and isinstance(fmt, exp.Literal)):
        return None
    try:
        moment = datetime.strptime(str(text.this).strip(), str(fmt.this))
    except ValueError:
        return None
    if isinstance(node, exp.StrToDate) or moment.time() == datetime.min.time():
        return moment.date().isoformat(), True
    return moment.isoformat(sep=" "), True


def _absolute(start: datetime, end: datetime, grain: str) -> Span:
    return Span(iso(start), iso(end), grain)


def _span_at(term: _Term, node: exp.Expr) -> Span | None:
    """The value side as a span at the grain the term gives it (None: not a time value)."""
    rel = _relative_value(term, node)
    if rel is not None:
        return rel
    lit = _literal_text(node)
    if lit is None:
        return None
    text, is_string = lit
    kind = term.kind
    if kind in ("raw", "day"):
        return _raw_span(term, text, is_string)
    if kind == "trunc":
        span = literal_span(text) if is_string else None
        if span is None:
            return None
        start = floor(span[0], term.unit)
        return _absolute(start, add(start, term.unit, 1), term.unit)
    if kind == "fmt":
        return _fmt_span(term.fmt, text)
    if kind == "part":
        if term.unit == "yearweek":  # YEARWEEK(d, 1) = 202410: ISO week 10 of 2024
            m = re.fullmatch(r"(\d{4})(\d{2})", text.strip())
            monday = iso_monday(int(m.group(1)), int(m.group(2))) if m else None
            return _absolute(monday, add(monday, "week", 1), "week") if monday else None
        if term.unit == "year":
            number = text.strip()
            span = literal_span(number) if re.fullmatch(r"\d{4}", number) else None
            return _absolute(*span) if span else None
        if term.unit == "year_month":
            span = literal_span(text.strip(), compact=True)
            return _absolute(*span) if span and span[2] == "month" else None
    return None


#: The literal patterns of :func:`_raw_span` and :func:`_clock_value`, compiled once (a
#: module-level ``re`` call looks its pattern up in re's cache on every literal).
_POINT_ZEROS = re.compile(r"\.0+$")
_FOUR_DIGITS = re.compile(r"\d{4}")
_COMPACT_DATE = re.compile(r"\d{6}|\d{8}")
_CLOCK = re.compile(r"\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*")


def _raw_span(term: _Term, text: str, is_string: bool) -> Span | None:
    """A literal compared with the column itself (or its day): its own precision says the
    grain; bare years and compact 'YYYYMM' need a column whose name says time."""
    name = name_kind(term.column)
    number = _POINT_ZEROS.sub("", text.strip()) if not is_string else text.strip()
    spelling = "iso"
    span = literal_span(text) if is_string else None
    if span is not None and span[2] == "year":
        if term.kind == "raw" and name == "":
            return None  # '2024' against a column that says nothing of time
        spelling = "year"
    if span is None:
        if _FOUR_DIGITS.fullmatch(number) and name in ("year", "date"):
            span, spelling = literal_span(number), "year"
        elif _COMPACT_DATE.fullmatch(number) and name in ("date", "month"):
            span, spelling = literal_span(number, compact=True), "compact"
    if span is None:
        return None
    start, end, grain = span
    if term.kind == "day" and UNITS.index(grain) > UNITS.index("day"):
        start, end, grain = floor(start, "day"), floor(start, "day") + timedelta(days=1), "day"
    if spelling == "year" and name != "date":
        spelling = ""  # a year column holds years: nothing to check
    return Span(iso(start), iso(end), grain, spelling if term.kind == "raw" else "")


def _fmt_span(fmt: str, text: str) -> Span | None:
    """A rendered value read back through its layout, when the layout starts at the year."""
    layout = _layout(fmt)
    if layout is None or layout[1] is None:
        return None
    m = layout[0].fullmatch(text.strip())
    if m is None:
        return None
    fields = m.groupdict()
    try:
        year = int(fields["Y"])
        if "m" not in fields:
            start = datetime(year, 1, 1)
            return _absolute(start, add(start, "year", 1), "year")
        month = int(fields["m"])
        if "d" not in fields:
            start = datetime(year, month, 1)
            return _absolute(start, add(start, "month", 1), "month")
        start = datetime(year, month, int(fields["d"]))
        if "H" not in fields:
            return _absolute(start, start + timedelta(days=1), "day")
        start = start.replace(hour=int(fields["H"]))
        if "M" not in fields:
            return _absolute(start, start + timedelta(hours=1), "hour")
        start = start.replace(minute=int(fields["M"]))
        if "S" not in fields:
            return _absolute(start, start + timedelta(minutes=1), "minute")
        start = start.replace(second=int(fields["S"]))
        return _absolute(start, start + timedelta(seconds=1), "second")
    except (ValueError, OverflowError):
        return None


_DIRECTIVE = {
    "Y": r"(?P<Y>\d{4})", "m": r"(?P<m>\d{1,2})", "d": r"(?P<d>\d{1,2})",
    "H": r"(?P<H>\d{1,2})", "M": r"(?P<M>\d{2})", "S": r"(?P<S>\d{2})",
    "B": r"(?P<B>[a-z]+)", "b": r"(?P<b>[a-z]+)", "q": r"(?P<q>[1-4])",
}
#: Absolute layouts must spell fields from the year down without gaps.
_ABSOLUTE_ORDER = "YmdHMS"


@lru_cache(maxsize=256)
def _layout(fmt: str) -> tuple[re.Pattern[str], str | None, tuple[str, ...]] | None:
    """``(regex, finest absolute field or None, fields)`` of a strftime layout."""
    pattern = ""
    fields: list[str] = []
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch == "%" and i + 1 < len(fmt):
            d = fmt[i + 1]
            if d not in _DIRECTIVE or d in fields:
                return None
            pattern += _DIRECTIVE[d]
            fields.append(d)
            i += 2
        else:
            pattern += re.escape(ch)
            i += 1
    if not fields:
        return None
    absolute = None
    if fields[0] == "Y" and "".join(fields) == _ABSOLUTE_ORDER[: len(fields)]:
        absolute = fields[-1]
    return re.compile(pattern, re.IGNORECASE), absolute, tuple(fields)


def _relative_value(term: _Term, node: exp.Expr) -> Span | None:
    """``CURRENT_DATE - 7``, ``strftime('%Y', 'now')``, ``YEAR(GETDATE()) - 1`` at the term's
    grain."""
    grain = _term_grain(term)
    if grain is None:
        return None
    offset = 0
    base = _typed(_unwrap(node))
    if term.kind == "raw":
        at_grain = _own_grain_value(term, base)
        if at_grain is not None:
            return at_grain
    if isinstance(base, (exp.Sub, exp.Add)) and term.kind == "part":
        step = _int_literal(base.expression)
        if step is None:
            return None
        offset = -step if isinstance(base, exp.Sub) else step
        base = _typed(_unwrap(base.this))
    if term.kind == "part" and term.unit == "yearweek":
        if not (isinstance(base, exp.Anonymous) and str(base.this) == "ISO_YEARWEEK"):
            return None
        rel = _relative(base.expressions[0])
    elif term.kind == "part":
        # YEAR(d) = YEAR(CURDATE()); MONTH(d) = MONTH(CURDATE() - INTERVAL 1 MONTH), which
        # agents write beside the year's (read as that month: with the year, it is)
        own: dict[type[exp.Expr], str] = {exp.Year: "year", exp.Month: "month",
                                          exp.Quarter: "quarter"}
        if isinstance(base, exp.Extract):
            unit_of, inner = _PART_UNITS.get(_unit_name(base.this)), base.expression
        elif type(base) in own:
            unit_of, inner = own[type(base)], base.this
        else:
            return None
        if unit_of != term.unit:
            return None
        rel = _relative(inner)
    elif term.kind == "fmt" and isinstance(base, (exp.DPipe, exp.Concat)):
        # strftime('%Y', 'now') || '-03': March of this year, written out
        return _year_concat(term, base)
    elif term.kind == "fmt":
        moved = _sqlite_strftime(base)
        fmt: exp.Expr | None
        if moved is not None:  # strftime('%Y-%m', 'now', 'start of month', '-1 month')
            fmt, moment = moved
        elif isinstance(base, (exp.TimeToStr, exp.ToChar)):
            fmt, moment = base.args.get("format"), base.this
        else:
            return None
        if not isinstance(fmt, exp.Literal) or _to_strftime(str(fmt.this)) != term.fmt:
            return None
        rel = _relative(moment)
    elif term.kind == "trunc" and isinstance(
        base, (exp.DateTrunc, exp.TimestampTrunc, exp.DatetimeTrunc)
    ):
        rel = _relative(base.this)
    else:
        rel = _relative(base)
    unit = relative_unit(grain)
    if rel is None or unit is None:
        return None
    start = (rel.start_of_week(term.first) if term.kind == "trunc" and term.first
             else rel.start_of(unit))
    if offset:
        start = start.shifted(unit, offset)
    return Span(start, start.shifted(unit, 1), grain)


def _own_grain_value(term: _Term, base: exp.Expr) -> Span | None:
    """A period column set to today's period written at its grain: ``policy_year =
    YEAR(CURRENT_DATE())`` (a column named for years, ``- 1`` for last year), ``period =
    date_format(add_months(current_date(), -1), 'yyyy-MM')`` (the layout says the grain): the
    period's rows, as ``YEAR(d) = YEAR(CURRENT_DATE())`` keeps them."""
    offset = 0
    if isinstance(base, (exp.Sub, exp.Add)):
        step = _int_literal(base.expression)
        if step is None:
            return None
        offset = -step if isinstance(base, exp.Sub) else step
        base = _typed(_unwrap(base.this))
    grain: str | None = None
    moment: exp.Expr | None = None
    if isinstance(base, exp.Year) and name_kind(term.column) == "year":
        grain, moment = "year", base.this
    elif (isinstance(base, exp.Extract) and name_kind(term.column) == "year"
          and _PART_UNITS.get(_unit_name(base.this)) == "year"):
        grain, moment = "year", base.expression
    elif isinstance(base, (exp.TimeToStr, exp.ToChar)) and not offset:
        fmt = base.args.get("format")
        layout = _layout(_to_strftime(str(fmt.this))) if isinstance(fmt, exp.Literal) else None
        if layout is not None and layout[1] is not None:
            grain, moment = {"Y": "year", "m": "month", "d": "day"}.get(layout[1]), base.this
    if grain is None or moment is None:
        return None
    rel, unit = _relative(moment), relative_unit(grain)
    if rel is None or unit is None:
        return None
    start = rel.start_of(unit).shifted(unit, offset) if offset else rel.start_of(unit)
    return Span(start, start.shifted(unit, 1), grain)


def _year_concat(term: _Term, node: exp.DPipe | exp.Concat) -> Span | None:
    """A relative year written out and joined to a fixed month (and day): ``strftime('%Y',
    'now') || '-03'`` compared with ``strftime('%Y-%m', d)`` is March of this year;
    ``YEAR(CURDATE()) - 1 || ...`` is not read (only the year of a moment, formatted)."""
    pieces = ([node.this, node.expression] if isinstance(node, exp.DPipe)
              else list(node.expressions))
    if len(pieces) != 2:
        return None
    year, rest = _unwrap(pieces[0]), pieces[1]
    fmt = year.args.get("format") if isinstance(year, (exp.TimeToStr, exp.ToChar)) else None
    if not (isinstance(fmt, exp.Literal) and _to_strftime(str(fmt.this)) == "%Y"
            and isinstance(rest, exp.Literal) and rest.is_string):
        return None
    m = re.fullmatch(r"-(\d{2})(?:-(\d{2}))?", str(rest.this))
    if m is None or term.fmt != ("%Y-%m-%d" if m.group(2) else "%Y-%m"):
        return None
    month, day = int(m.group(1)), int(m.group(2) or 1)
    rel = _relative(year.this)
    if rel is None or not 1 <= month <= 12 or not 1 <= day <= 31:
        return None
    start = rel.start_of("year").shifted("month", month - 1)
    if m.group(2):
        start = start.shifted("day", day - 1)
        return Span(start, start.shifted("day", 1), "day")
    return Span(start, start.shifted("month", 1), "month")


def _sqlite_strftime(node: exp.Expr) -> tuple[exp.Expr, exp.Expr] | None:
    """SQLite's ``strftime(fmt, 'now', modifier, ...)`` (which sqlglot leaves a plain call
    when modifiers follow the moment) as its format and the moment ``date('now', modifier,
    ...)`` it formats."""
    if not (isinstance(node, exp.Anonymous) and str(node.this).upper() == "STRFTIME"
            and len(node.expressions) >= 3):
        return None
    fmt, *moment = node.expressions
    return fmt, exp.Anonymous(this="DATE", expressions=list(moment))


#: The nodes sqlglot reads the dialects' date and time differences into (DATEDIFF, DATE_DIFF,
#: TIMESTAMPDIFF, ...): what :func:`difference_unit` reads the unit of.
DATE_DIFFS = (exp.DateDiff, exp.TimestampDiff, exp.DatetimeDiff, exp.TsOrDsDiff)


def difference_unit(node: exp.Expr) -> str | None:
    """The unit a DATEDIFF-like node counts in (``DATEDIFF(minute, a, b)``: minute; a day when
    it names none), or None for one this reader does not know.

    >>> difference_unit(exp.DateDiff(this=exp.column("b"), expression=exp.column("a"),
    ...                              unit=exp.var("MINUTE")))
    'minute'
    """
    name = _unit_name(node.args.get("unit")).strip("'\"") or "DAY"
    return _INTERVAL_UNITS.get(name) or _INTERVAL_UNITS.get(name.rstrip("S"))


#: SQLite date modifiers that keep the day: ``julianday('now', 'start of day')``.
_TODAY_MODIFIERS = frozenset({"start of day", "localtime", "utc"})


def _is_now_literal(node: exp.Expr) -> bool:
    return isinstance(node, exp.Literal) and node.is_string and str(node.this).lower() == "now"


def julianday_difference(node: exp.Expr) -> exp.DateDiff | None:
    """SQLite's ``julianday(a) - julianday(b)``: the days from ``b`` to ``a``, read as
    ``DATEDIFF(day, b, a)``."""
    if not isinstance(node, exp.Sub):
        return None
    sides = []
    for side in (node.this, node.expression):
        side = _unwrap(side)
        if not (isinstance(side, exp.Anonymous) and str(side.this).upper() == "JULIANDAY"
                and side.expressions):
            return None
        first, *modifiers = side.expressions
        # julianday('now', 'start of day'): today at midnight, a day's reading of now; any
        # other modifier ('-7 days', 'start of month') moves the day
        if modifiers and not (_is_now_literal(first) and all(
                isinstance(m, exp.Literal) and m.is_string
                and str(m.this).strip().lower() in _TODAY_MODIFIERS for m in modifiers)):
            return None
        sides.append(first)
    return exp.DateDiff(this=sides[0], expression=sides[1], unit=exp.var("DAY"))


def _term_grain(term: _Term) -> str | None:
    if term.kind in ("raw", "day"):
        return "day"
    if term.kind == "trunc":
        return term.unit
    if term.kind == "part":
        return {"year": "year", "yearweek": "week", "month": "month",
                "quarter": "quarter"}.get(term.unit)
    if term.kind == "fmt":
        layout = _layout(term.fmt)
        if layout is None or layout[1] is None:
            return None
        return {"Y": "year", "m": "month", "d": "day", "H": "hour"}.get(layout[1])
    return None


# ---- periodic values (month of year, day of month) and clock times -------------------------

_PERIODIC_DOMAIN = {"month": range(1, 13), "day": range(1, 32)}


def _periodic_unit(term: _Term) -> str | None:
    """``month``, ``day``, ``quarter`` or ``hour`` when the term yields a field that repeats."""
    if term.kind == "part":
        return term.unit if term.unit in ("month", "day", "quarter", "hour", "isoweek",
                                          "isoyear") else None
    if term.kind == "fmt":
        layout = _layout(term.fmt)
        if layout is None or layout[1] is not None or len(layout[2]) != 1:
            return None
        return {"m": "month", "d": "day", "B": "month", "b": "month", "q": "quarter",
                "H": "hour"}.get(layout[2][0])
    if term.kind == "raw" and name_kind(term.column) == "month":
        return "month"
    if term.kind == "raw" and name_kind(term.column) == "week":
        return "isoweek"  # opened_week = 45: the week number of the year
    return None


def _field_value(unit: str, node: exp.Expr) -> int | None:
    lit = _literal_text(node)
    if lit is None:
        return None
    text = lit[0].strip().lower()
    if unit == "month" and text in _MONTH_WORDS:
        return _MONTH_WORDS[text]
    if not re.fullmatch(r"\d{1,4}", text):
        return None
    if unit == "isoyear":
        return int(text) if re.fullmatch(r"\d{4}", text) else None
    value = int(text)
    limits = {"month": (1, 12), "day": (1, 31), "quarter": (1, 4), "hour": (0, 23),
              "isoweek": (1, 53)}[unit]
    return value if limits[0] <= value <= limits[1] else None


def _clock_value(node: exp.Expr) -> tuple[int, int] | None:
    """``'09:30'`` as the seconds it covers: ``(34200, 34260)``."""
    lit = _literal_text(node)
    if lit is None:
        return None
    m = _CLOCK.fullmatch(lit[0])
    if m is None:
        return None
    hour, minute = int(m.group(1)), int(m.group(2))
    if hour > 24 or minute > 59:
        return None
    start = hour * 3600 + minute * 60
    if m.group(3) is None:
        return start, start + 60
    start += int(m.group(3))
    return start, start + 1


# --------------------------------------------------------------------------------------------
# predicates -> periods
# --------------------------------------------------------------------------------------------

_CMP_OPS: dict[type[exp.Expr], str] = {
    exp.EQ: "=", exp.NEQ: "!=", exp.GT: ">", exp.GTE: ">=", exp.LT: "<", exp.LTE: "<=",
}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!="}
_NEGATE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "=": "!=", "!=": "="}


def _periodic(column: str, unit: str, values: set[int], negated: bool = False) -> Period:
    ordered = sorted(values)
    if unit == "hour" and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return Period(column, clock=(ordered[0] * 3600, (ordered[-1] + 1) * 3600), grain="hour",
                      negated=negated)
    if unit == "quarter":
        ordered = sorted({3 * (q - 1) + i for q in values for i in (1, 2, 3)})
        unit = "month"
    grain = {"isoweek": "week", "isoyear": "year"}.get(unit, unit)
    return Period(column, periodic=tuple((unit, v) for v in ordered), grain=grain,
                  negated=negated)


def _field_set(unit: str, op: str, value: int) -> set[int]:
    if unit == "isoyear":
        return {value} if op == "=" else set()
    domain = {"month": range(1, 13), "day": range(1, 32), "quarter": range(1, 5),
              "hour": range(0, 24), "isoweek": range(1, 54)}[unit]
    test: dict[str, Callable[[int], bool]] = {
        "=": lambda v: v == value, "!=": lambda v: v == value, ">": lambda v: v > value,
        ">=": lambda v: v >= value, "<": lambda v: v < value, "<=": lambda v: v <= value,
    }
    return {v for v in domain if test[op](v)}


def _compare(term: _Term, op: str, value: exp.Expr) -> list[Period] | None:
    """One comparison ``term op value`` as periods (alternatives), or None."""
    punit = _periodic_unit(term)
    field = _field_value(punit, value) if punit is not None else None
    if punit is not None and field is not None:
        values = _field_set(punit, op, field)
        if not values:
            return None
        return [_periodic(term.column, punit, values, negated=op == "!=")]
    clock = _clock_value(value) if term.kind in ("clock", "raw") else None
    if term.kind == "clock" or (clock is not None and name_kind(term.column) == "date"):
        # a time of day: CAST(t AS TIME) >= '09:00', or a time column: t = '21:20:00'
        if clock is None:
            return None
        start, end = clock
        bounds = {"=": (start, end), "!=": (start, end), ">=": (start, 86400),
                  ">": (end, 86400), "<": (0, start), "<=": (0, end)}[op]
        return [Period(term.column, clock=bounds, grain="minute", negated=op == "!=")]
    span = _span_at(term, value)
    if span is None:
        return None
    if op == "=" and term.kind == "raw":
        span = _period_row(term.column, span) or span
    elif op in ("<=", ">") and term.kind == "raw":
        # the operators that read the value's end: ``month <= '2026-10-01'`` keeps October
        span = _period_end_row(term.column, span) or span
    raw_moment = term.kind == "raw" and not isinstance(span.start, RelativeDate)
    period = bounded(term.column, span, op, raw_moment)
    if period is None:
        return None
    # the column itself equal to a day, relative or not: a moment equals only its midnight
    moment_day = op == "=" and term.kind == "raw" and term.named and span.grain == "day"
    return [replace(period, spelling=term.spelling(span.spelling), moment_day=moment_day,
                    step=_number_step(term, value))]


def _number_step(term: _Term, value: exp.Expr) -> int:
    """The step added to today's calendar number when ``term`` (a month or quarter number) is
    compared with it: -1 for ``QUARTER(d) = QUARTER(CURDATE()) - 1``, 0 for anything else
    (``MONTH(d) = MONTH(CURRENT_DATE - INTERVAL 1 MONTH)`` shifts the date, which wraps)."""
    if term.kind != "part" or term.unit not in ("month", "quarter"):
        return 0
    base = _typed(_unwrap(value))
    if not isinstance(base, (exp.Sub, exp.Add)):
        return 0
    step = _int_literal(base.expression)
    if not step:
        return 0
    return -step if isinstance(base, exp.Sub) else step


#: Words of a column name that say each row holds one period, keyed by its start (a
#: monthly snapshot's ``usage_month``, a forecast's ``period_start_dt``, ``fiscal_qtr``); ""
#: for a period of a unit the name does not say; ``prod_mo`` and ``bill_mnth`` are how
#: warehouses abbreviate a month.
_GRAIN_WORDS = {"month": "month", "months": "month", "mth": "month", "mnth": "month",
                "mo": "month", "monthly": "month",
                "quarter": "quarter", "qtr": "quarter", "quarterly": "quarter",
                "week": "week", "wk": "week", "weekly": "week", "year": "year", "yr": "year",
                "yearly": "year", "annual": "year", "period": ""}


def _period_row(column: str, span: Span) -> Span | None:
    """``usage_month = DATE '2025-05-01'``, ``period_start_dt = DATE_TRUNC('quarter',
    CURRENT_DATE)``: a column whose name says it holds a month (quarter, week, year, period)
    compared with the start of one answers that whole period, not its first day (and ``<=``,
    ``>`` or a BETWEEN's upper bound keep or pass the whole period). The unit
    comes from the name, or, for a bare "period", from the value (the start of a quarter);
    a value that is not the start of such a unit is left as it is."""
    named = {_GRAIN_WORDS[w] for w in re.split(r"[^a-z]+", column.lower()) if w in _GRAIN_WORDS}
    if not named or span.grain != "day":
        return None
    start = span.start
    if isinstance(start, RelativeDate):
        starts = [st.unit for st in start.steps if isinstance(st, StartOf)]
        shifts = {st.unit for st in start.steps if isinstance(st, Shift)}
        unit = starts[-1] if starts and shifts <= {starts[-1]} else None
        if unit is None or (named - {""} and unit not in named):
            return None
        return Span(start, start.shifted(unit, 1), unit)
    try:
        day = datetime.fromisoformat(start)
    except ValueError:
        return None
    for unit in ("year", "quarter", "month", "week"):
        if unit in named and floor(day, unit) == day:
            return Span(start, iso(add(day, unit, 1))[:10], unit)
    return None


def _period_end_row(column: str, span: Span) -> Span | None:
    """:func:`_period_row` for a value that closes a range (``<=``, ``>``, BETWEEN's upper
    bound). A written Monday is left a day: ``week_start_dt BETWEEN '2025-01-01' AND
    '2025-03-31'`` keeps the weeks that start in Q1, and March 31 is a month's last day that
    happens to be a Monday; the first of a month, a quarter or a year is no such accident."""
    row = _period_row(column, span)
    if row is None or (row.grain == "week" and not isinstance(span.start, RelativeDate)):
        return None
    return row


def _between(term: _Term, low: exp.Expr, high: exp.Expr, negated: bool) -> list[Period] | None:
    punit = _periodic_unit(term)
    if punit is not None:
        lo, hi = _field_value(punit, low), _field_value(punit, high)
        if lo is not None and hi is not None:
            values = _field_set(punit, ">=", lo) & _field_set(punit, "<=", hi)
            return [_periodic(term.column, punit, values, negated)] if values else None
        if term.kind != "raw":
            return None
        # ``week_start_dt BETWEEN '2026-10-01' AND '2026-10-31'``: a column only its name
        # calls a week or a month number, compared with dates, holds dates: read below, as
        # its >= and <= are
    a_clock = _clock_value(low) if term.kind in ("clock", "raw") else None
    if term.kind == "clock" or (a_clock is not None and name_kind(term.column) == "date"):
        b_clock = _clock_value(high)
        if a_clock is None or b_clock is None:
            return None
        return [Period(term.column, clock=(a_clock[0], b_clock[1]), grain="minute",
                       negated=negated)]
    a_span, b_span = _span_at(term, low), _span_at(term, high)
    if a_span is None or b_span is None:
        return None
    if term.kind == "raw":
        # ``month BETWEEN DATE '2026-05-01' AND DATE '2026-10-01'`` on a column of month
        # starts: the closing month is kept whole
        b_span = _period_end_row(term.column, b_span) or b_span
    eod = (term.kind == "raw" and b_span.grain == "day"
           and not isinstance(b_span.end, RelativeDate))
    grain = a_span.grain if UNITS.index(a_span.grain) > UNITS.index(b_span.grain) else b_span.grain
    return [Period(term.column, a_span.start, b_span.end, grain=grain, negated=negated,
                   end_of_day=eod, spelling=term.spelling(a_span.spelling or b_span.spelling))]


def _date_diff(node: exp.Expr, op: str, value: exp.Expr,
               column_of: Callable[[exp.Expr], str | None]) -> list[Period] | None:
    """``DATEDIFF(day, d, GETDATE()) <= 7``: ``d`` within the last 7 days."""
    if not isinstance(node, exp.DateDiff):
        return None
    # (Spark's two-argument ``datediff(end, start)`` reads its sides as dates: a count of days
    # between two moments is the same whether they are days or times)
    later, earlier = _undated(node.this), _undated(node.expression)
    unit = relative_unit(
        _INTERVAL_UNITS.get(_unit_name(node.args.get("unit")).rstrip("S") or "DAY", ""))
    n = _int_literal(value)
    if n is None or unit is None:
        return None
    # DateDiff is `this - expression` in units crossed.
    if is_now(later, _unwrap) and isinstance(earlier, exp.Column):
        column, flipped, offset = column_of(earlier), _FLIP[op], -n  # now - d <= n: d >= now - n
    elif is_now(earlier, _unwrap) and isinstance(later, exp.Column):
        column, flipped, offset = column_of(later), op, n  # d - now <= n: d <= now + n
    else:
        # julianday('2026-10-14') - julianday(reg_dt) > 14: the same, from a day written out
        # (an agent often writes the day it was asked on): reg_dt before 2026-09-30
        day_later, day_earlier = _literal_day(later), _literal_day(earlier)
        if day_later is not None and isinstance(earlier, exp.Column):
            column, flipped, offset, day = column_of(earlier), _FLIP[op], -n, day_later
        elif day_earlier is not None and isinstance(later, exp.Column):
            column, flipped, offset, day = column_of(later), op, n, day_earlier
        else:
            return None
        if not column or unit not in ("day", "week"):
            return None
        first = add(day, unit, offset) if unit == "day" else day + timedelta(weeks=offset)
        found = bounded(column, _absolute(first, add(first, "day", 1) if unit == "day"
                                          else first + timedelta(weeks=1), unit), flipped, False)
        return [found] if found is not None else None
    if not column:
        return None
    start = ANCHOR_DAY.start_of(unit).shifted(unit, offset)
    span = Span(start, start.shifted(unit, 1), unit)
    period = bounded(column, span, flipped, False)
    return [period] if period is not None else None


def _undated(node: exp.Expr) -> exp.Expr:
    """``node`` unwrapped, and through the cast to a date a day count reads its sides with
    (``TsOrDsToDate``)."""
    node = _unwrap(node)
    while isinstance(node, exp.TsOrDsToDate) and isinstance(node.this, exp.Expr):
        node = _unwrap(node.this)
    return node


def _date_difference(node: exp.Expr) -> exp.DateDiff | None:
    """``node`` as a day count between two moments (``DATEDIFF``, or SQLite's difference of
    two ``julianday`` calls), or None."""
    diff = _unwrap(node)
    diff = julianday_difference(diff) or diff
    return diff if isinstance(diff, exp.DateDiff) else None


def _diff_between(node: exp.Between, column_of: Callable[[exp.Expr], str | None],
                  negate: bool) -> list[Period] | None:
    """``datediff(event_dt, current_date()) BETWEEN 0 AND 14``: the two bounds of one day
    count, read as one period (``event_dt`` from today to 14 days ahead).

    >>> from sqlglot import parse_one
    >>> node = parse_one("datediff(event_dt, current_date()) BETWEEN 0 AND 14", read="spark")
    >>> [(p.column, p.start is not None, p.end is not None)
    ...  for p in _diff_between(node, lambda c: c.name, False)]
    [('event_dt', True, True)]
    """
    diff = _date_difference(node.this)
    if negate or diff is None:
        return None
    low = _date_diff(diff, ">=", node.args["low"], column_of)
    high = _date_diff(diff, "<=", node.args["high"], column_of)
    if not low or not high or len(low) != 1 or len(high) != 1:
        return None
    a, b = low[0], high[0]
    if a.column != b.column:
        return None
    start = a.start if a.start is not None else b.start
    end = a.end if a.end is not None else b.end
    if start is None or end is None:
        return None
    return [replace(a, start=start, end=end)]


def _literal_day(node: exp.Expr) -> datetime | None:
    """The day a date literal names (``'2026-10-14'``, ``DATE '2026-10-14'``), or None."""
    node = _typed(_unwrap(node))
    if isinstance(node, (exp.Cast, exp.TryCast, exp.Date, exp.TsOrDsToDate)) and isinstance(
            node.this, exp.Expr):
        node = _unwrap(node.this)
    if not isinstance(node, exp.Literal) or not node.is_string:
        return None
    span = literal_span(str(node.this).strip())
    return span[0] if span is not None and span[2] == "day" else None


def _interval_moved(left: exp.Expr, right: exp.Expr,
                    column_of: Callable[[exp.Expr], str | None]) -> tuple[_Term, exp.Expr] | None:
    """A date column shifted by an interval on one side of a comparison, moved to the other
    (``d + INTERVAL '60 days' < CURRENT_DATE`` is ``d < CURRENT_DATE - INTERVAL '60 days'``),
    as the column's term and the other side; None for anything else."""
    if not isinstance(left, (exp.Add, exp.Sub)) or not isinstance(left.expression, exp.Interval):
        return None
    term = _term(left.this, column_of)
    if term is None or _term(right, column_of) is not None:
        return None
    back = exp.Sub if isinstance(left, exp.Add) else exp.Add
    return term, back(this=right.copy(), expression=left.expression.copy())


def read_atom(node: exp.Expr, column_of: Callable[[exp.Expr], str | None],
              negate: bool = False) -> list[Period] | None:
    """The periods one predicate without AND states (alternatives when it is an IN list or an
    OR of periods), or None when it is not a time predicate."""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Not):
        return read_atom(node.this, column_of, not negate)
    if node.args.get("negate"):
        negate = not negate
    op = _CMP_OPS.get(type(node))
    if op is not None:
        left, right = node.this, node.expression
        term = _term(left, column_of)
        if term is None and (moved := _interval_moved(left, right, column_of)) is not None:
            # ``due_dt + INTERVAL '60 days' < CURRENT_DATE``: ``due_dt < CURRENT_DATE - 60 days``
            term, right = moved
        if term is None:
            term = _term(right, column_of)
            if term is None:
                diff = _date_difference(left)
                return _date_diff(diff, _NEGATE[op] if negate else op, right,
                                  column_of) if diff is not None else None
            left, right, op = right, left, _FLIP[op]
        if negate:
            op = _NEGATE[op]
        return _compare(term, op, right)
    if isinstance(node, exp.Between):
        term = _term(node.this, column_of)
        if term is None:
            return (_diff_between(node, column_of, negate)
                    or _moment_between(node, column_of, negate))
        return _between(term, node.args["low"], node.args["high"], negate)
    if isinstance(node, exp.In):
        if node.args.get("query") is not None or negate:
            return None
        term = _term(node.this, column_of)
        if term is None:
            listed = _unwrap(node.this)
            if not isinstance(listed, exp.DateDiff):
                return None
            # DATEDIFF(month, d, GETDATE()) IN (1, 2): each of the months it names
            found: list[Period] = []
            for item in node.expressions[:12]:
                got = _date_diff(listed, "=", item, column_of)
                if got is None:
                    return None
                found.extend(got)
            return found or None
        out: list[Period] = []
        for item in node.expressions:
            got = _compare(term, "=", item)
            if got is None:
                return None
            out.extend(got)
        return out or None
    if isinstance(node, (exp.Like, exp.ILike)):
        term = _term(node.this, column_of)
        lit = _literal_text(node.expression)
        if term is None or term.kind not in ("raw", "fmt") or lit is None:
            return None
        pattern = lit[0].strip()
        if "%" not in pattern and "_" not in pattern:  # LIKE without wildcards is =
            return _compare(term, "!=" if negate else "=", node.expression)
        m = re.fullmatch(r"(\d{4}(?:[-/]\d{1,2}(?:[-/]\d{1,2})?)?|\d{6}|\d{8})%", pattern)
        if m is None:
            return None
        compact = "-" not in m.group(1) and "/" not in m.group(1)
        if compact and len(m.group(1)) > 4 and name_kind(term.column) != "date":
            return None
        span = literal_span(m.group(1), compact=compact)
        if span is None:
            return None
        spelling = "compact" if compact and len(m.group(1)) > 4 else (
            "iso" if not compact else "")
        return [Period(term.column, iso(span[0]), iso(span[1]), grain=span[2], negated=negate,
                       spelling=spelling if term.kind == "raw" else "")]
    if isinstance(node, exp.Or) and not negate:
        out = []
        for part in flatten(node, exp.Or):
            got = read_atom(part, column_of)
            if got is None:
                got = _range_of(part, column_of)
            if got is None:
                return None
            out.extend(got)
        return out
    return None


def _range_of(node: exp.Expr, column_of: Callable[[exp.Expr], str | None]) -> list[Period] | None:
    """One stretch written as bounds joined by AND inside an OR (``(d >= '2026-01-01' AND d <
    '2026-11-19') OR (d >= '2025-01-01' AND d < '2025-11-19')``, a year so far beside the same
    days a year back): the bounds on one column merged, or None.

    >>> from sqlglot import parse_one
    >>> node = parse_one("(d >= DATE '2026-02-01' AND d < DATE '2026-03-01') OR "
    ...                  "(d >= DATE '2025-02-01' AND d < DATE '2025-03-01')")
    >>> [(p.start, p.end) for p in read_atom(node, lambda c: c.name)]
    [('2026-02-01', '2026-03-01'), ('2025-02-01', '2025-03-01')]
    """
    while isinstance(node, exp.Paren):
        node = node.this
    if not isinstance(node, exp.And):
        return None
    bounds: list[Period] = []
    for conjunct in flatten(node, exp.And):
        got = read_atom(conjunct, column_of)
        if got is None or len(got) != 1:
            return None
        bounds.extend(got)
    if len({b.column for b in bounds}) != 1 or len(bounds) > 4:
        return None
    merged = merge_all(bounds)
    # (a stretch of the calendar with both ends: hours of the day, or a bound left open, are
    # no year beside another)
    if len(merged) != 1 or merged[0].start is None or merged[0].end is None or (
            merged[0].periodic or merged[0].clock):
        return None
    return merged


def _moment_between(node: exp.Between, column_of: Callable[[exp.Expr], str | None],
                    negate: bool) -> list[Period] | None:
    """``date('now') BETWEEN start_dt AND end_dt``: a moment between two columns, the rows in
    force then, read as ``start_dt <= now`` and ``end_dt >= now`` (two periods, one per
    column). Negated it is an OR of the two opposites, which no list of periods says.

    >>> from sqlglot import parse_one
    >>> node = parse_one("date('now') BETWEEN start_dt AND end_dt", read="sqlite")
    >>> [(p.column, p.start is None, p.end is None)
    ...  for p in _moment_between(node, lambda c: c.name, False)]
    [('start_dt', True, False), ('end_dt', False, True)]
    """
    if negate or node.this.find(exp.Column) is not None:
        return None
    low, high = _term(node.args["low"], column_of), _term(node.args["high"], column_of)
    if low is None or high is None or low.column == high.column:
        return None
    after, before = _compare(low, "<=", node.this), _compare(high, ">=", node.this)
    if not after or not before:
        return None
    return [*after, *before]


def read_periods(
    condition: exp.Expr,
    column_of: Callable[[exp.Expr], str | None],
    filters_of: Callable[[exp.Expr], list[Filter]],
    source: Source = "where",
    *,
    excluded: bool = False,
) -> list[Period]:
    """Every period a WHERE (or ON, HAVING) condition states.

    The condition's conjuncts are read one by one; those on one column are merged into one
    period (``>= a AND < b``; ``YEAR(d) = 2024 AND MONTH(d) = 3``). Each period keeps the
    filters its conjuncts read as (``filters_of``), so that a matched period accounts for them,
    and ``source`` and ``excluded`` as a :class:`Filter` of the condition would.
    """
    singles: dict[str, list[Period]] = {}
    alternatives: dict[str, list[list[Period]]] = {}
    order: list[str] = []
    out_of_order: list[Period] = []
    for conjunct in flatten(condition, exp.And):
        read = read_atom(conjunct, column_of)
        if not read:
            continue
        parts = tuple(filters_of(conjunct))
        read = [replace(p, parts=parts, source=source, excluded=excluded) for p in read]
        if len({p.column for p in read}) > 1:  # an OR across columns: each as it stands
            out_of_order.extend(read)
            continue
        column = read[0].column or ""
        if column not in order:
            order.append(column)
        if len(read) == 1:
            singles.setdefault(column, []).append(read[0])
        else:
            alternatives.setdefault(column, []).append(read)
    out: list[Period] = []
    for column in order:
        merged = merge_all(singles.get(column, []))
        alts = alternatives.get(column, [])
        if len(alts) == 1 and len(merged) == 1:
            # YEAR(d) = 2024 AND MONTH(d) IN (1, 2, 3): each alternative within the year.
            within = [merge(merged[0], alt) for alt in alts[0]]
            if all(b is not None for b in within):
                out.extend(b for b in within if b is not None)
                continue
        out.extend(x for p in merged for x in split_years(p))
        for alt in alts:
            out.extend(alt)
    return out + out_of_order
