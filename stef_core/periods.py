"""Periods and the calendar both sides share.

The SQL reader (:mod:`stef_core.sql.time`) and the question reader read time into one form,
:class:`~stef_core.spec.Period`; the aligner and the judges compare periods. What they all
need is here, free of any parser:

* the calendar: :func:`add` (month arithmetic clamps the day; a move past the calendar's
  edges stops there), :func:`floor` (the start of a unit), :func:`iso` and :func:`parse_iso`,
  :func:`literal_span` (the stretch of time a date literal covers);
* bounds: :func:`resolve` turns an ISO bound or a :class:`~stef_core.spec.RelativeDate` into a
  moment for an anchor date, :func:`shift` moves either kind;
* periods: :func:`merge` and :func:`merge_all` (conjuncts on one column), :func:`fold_periodic`
  (calendar fields inside an interval), :func:`bounded` (the period ``column op value``
  covers), :func:`filter_periods` (plain filters on years and dates), :func:`describe` (a
  period for messages, relative bounds in words);
* column names: :func:`name_kind` and :func:`is_timestamp_name` (what a name says it holds).

>>> from datetime import date
>>> from stef_core.spec import ANCHOR_DAY, Period
>>> last_month = Period("d", ANCHOR_DAY.start_of("month").shifted("month", -1),
...                     ANCHOR_DAY.start_of("month"), grain="month")
>>> resolve(last_month.start, date(2024, 6, 15)), describe(last_month)
(datetime.datetime(2024, 5, 1, 0, 0), '[start of this month - 1 month, start of this month)')
>>> describe(merge(Period("d", "2024-03-01"), Period("d", None, "2024-04-01")))
'[2024-03-01, 2024-04-01)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from functools import lru_cache

from stef_core.spec import (
    ANCHOR_DAY,
    Bound,
    Filter,
    Period,
    RelativeDate,
    RelativeUnit,
    Shift,
    StartOf,
)

__all__ = [
    "EARLIEST",
    "LATEST",
    "MONTHS",
    "UNITS",
    "UNIT_SECONDS",
    "WEEKDAYS",
    "Span",
    "add",
    "bounded",
    "days_in_month",
    "describe",
    "describe_bound",
    "filter_periods",
    "floor",
    "fold_periodic",
    "is_timestamp_name",
    "iso",
    "iso_monday",
    "literal_span",
    "merge",
    "merge_all",
    "name_kind",
    "parse_iso",
    "relative_unit",
    "resolve",
    "shift",
    "split_years",
    "stated_durations",
    "unit_factor",
    "week_floor",
    "weeks_from",
    "years_from",
]

# --------------------------------------------------------------------------------------------
# calendar
# --------------------------------------------------------------------------------------------

#: Units from coarse to fine; ``grain`` of a period is one of them.
UNITS = ("year", "quarter", "month", "week", "day", "hour", "minute", "second", "microsecond")
_RELATIVE: dict[str, RelativeUnit] = {
    "year": "year", "quarter": "quarter", "month": "month", "week": "week", "day": "day",
    "hour": "hour",
}
_MONTHS_PER = {"year": 12, "quarter": 3, "month": 1}
_DELTA = {
    "week": timedelta(weeks=1),
    "day": timedelta(days=1),
    "hour": timedelta(hours=1),
    "minute": timedelta(minutes=1),
    "second": timedelta(seconds=1),
    "microsecond": timedelta(microseconds=1),
}


def relative_unit(unit: str) -> RelativeUnit | None:
    """``unit`` when a relative date can move by it or start at it (year down to hour), else
    None (minutes and seconds are finer than the anchor day).

    >>> relative_unit("month"), relative_unit("minute")
    ('month', None)
    """
    return _RELATIVE.get(unit)


#: The calendar's edges: a moment moved past one stops there. SQL and questions can name
#: moments no calendar holds (``date('now', '+8000 years')``, ``CURRENT_DATE - INTERVAL
#: '99999999999' DAY``, "the week starting 9999-12-30"); as bounds they mean "after (or
#: before) any date", which the edge says, and the comparison goes on.
EARLIEST, LATEST = datetime.min, datetime.max


def add(moment: datetime, unit: str, n: int) -> datetime:
    """``moment`` moved by ``n`` units; month arithmetic clamps the day (Mar 31 - 1m = Feb 29),
    and a move past the calendar's edges stops at :data:`EARLIEST` or :data:`LATEST`.

    >>> add(datetime(2024, 3, 31), "month", -1)
    datetime.datetime(2024, 2, 29, 0, 0)
    >>> add(datetime(2024, 6, 15), "year", 8000) == LATEST, add(LATEST, "day", -1).day
    (True, 30)
    >>> add(datetime(2024, 6, 15), "day", -99999999999) == EARLIEST
    True
    """
    if unit in _MONTHS_PER:
        total = moment.year * 12 + moment.month - 1 + n * _MONTHS_PER[unit]
        year, month = divmod(total, 12)
        if year < EARLIEST.year:
            return EARLIEST
        if year > LATEST.year:
            return LATEST
        day = min(moment.day, days_in_month(year, month + 1))
        return moment.replace(year=year, month=month + 1, day=day)
    try:
        return moment + _DELTA[unit] * n
    except OverflowError:  # past the edge, or a number of days no timedelta holds
        return LATEST if n > 0 else EARLIEST


def days_in_month(year: int, month: int) -> int:
    """How many days ``month`` of ``year`` has (February of a leap year: 29)."""
    if month == 12:
        return 31
    return (date(year, month + 1, 1) - date(year, month, 1)).days


def floor(moment: datetime, unit: str) -> datetime:
    """The start of the ``unit`` that contains ``moment`` (weeks start on Monday)."""
    if unit == "year":
        return datetime(moment.year, 1, 1)
    if unit == "quarter":
        return datetime(moment.year, 3 * ((moment.month - 1) // 3) + 1, 1)
    if unit == "month":
        return datetime(moment.year, moment.month, 1)
    if unit == "week":
        day = datetime(moment.year, moment.month, moment.day)
        return day - timedelta(days=day.weekday())
    if unit == "day":
        return datetime(moment.year, moment.month, moment.day)
    if unit == "hour":
        return moment.replace(minute=0, second=0, microsecond=0)
    if unit == "minute":
        return moment.replace(second=0, microsecond=0)
    if unit == "second":
        return moment.replace(microsecond=0)
    return moment


def week_floor(moment: datetime, first: int = 0) -> datetime:
    """The first day of the week holding ``moment``, for weeks that start ``first`` days after
    Monday (0: ISO weeks, :func:`floor`; 6: Sunday weeks, a deployment's ``week starts``).

    >>> week_floor(datetime(2024, 3, 10), 6), week_floor(datetime(2024, 3, 10))
    (datetime.datetime(2024, 3, 10, 0, 0), datetime.datetime(2024, 3, 4, 0, 0))
    """
    day = datetime(moment.year, moment.month, moment.day)
    return day - timedelta(days=(day.weekday() - first) % 7)


def weeks_from(bound: Bound, first: int) -> Bound:
    """A bound read with ISO weeks, read with weeks that start ``first`` days after Monday:
    every "start of the week" step of a relative bound ("last week", "this week", "week to
    date") moves to that weekday; ISO bounds and other steps stay.

    >>> last_week = ANCHOR_DAY.start_of("week").shifted("week", -1)
    >>> weeks_from(last_week, 6).describe()
    'start of the week of (today + 1 day) - 1 day - 1 week'
    """
    if not first or not isinstance(bound, RelativeDate):
        return bound
    out = ANCHOR_DAY
    for step in bound.steps:
        if isinstance(step, Shift):
            out = out.shifted(step.unit, step.n)
        else:
            out = out.start_of_week(first) if step.unit == "week" else out.start_of(step.unit)
    return out


def years_from(bound: Bound, first_month: int) -> Bound:
    """A bound read with calendar years, read with years that start in month ``first_month``
    (a fiscal or school year: 7 for July-June): every "start of the year" step of a relative
    bound ("this year", "last year", "ytd") moves to the start of the year that begins that
    month, and every "start of the quarter" step to that year's quarters; ISO bounds and other
    steps stay. The year holding the anchor is the one begun on the latest such 1st.

    >>> from datetime import date
    >>> last_year = ANCHOR_DAY.start_of("year").shifted("year", -1)
    >>> resolve(years_from(last_year, 7), date(2026, 3, 10))
    datetime.datetime(2024, 7, 1, 0, 0)
    >>> resolve(years_from(ANCHOR_DAY.start_of("quarter"), 2), date(2026, 3, 10))
    datetime.datetime(2026, 2, 1, 0, 0)
    """
    if not isinstance(bound, RelativeDate) or not 1 < first_month <= 12:
        return bound
    out = ANCHOR_DAY
    for step in bound.steps:
        if isinstance(step, Shift):
            out = out.shifted(step.unit, step.n)
            continue
        k = {"year": first_month - 1, "quarter": (first_month - 1) % 3}.get(step.unit, 0)
        # the start of the unit holding the moment k months earlier, moved k months on
        out = (out.shifted("month", -k).start_of(step.unit).shifted("month", k) if k
               else out.start_of(step.unit))
    return out


def iso(moment: datetime) -> str:
    """ISO 8601: the date alone at midnight, else date and time."""
    if moment.hour == moment.minute == moment.second == moment.microsecond == 0:
        return moment.date().isoformat()
    return moment.isoformat()


def parse_iso(text: str) -> datetime:
    """An ISO bound written by :func:`iso` back into a datetime."""
    return datetime.fromisoformat(text)


def iso_monday(year: int, week: int) -> datetime | None:
    """Monday of ISO ``week`` of ``year`` (None when the year has no such week)."""
    try:
        day = date.fromisocalendar(year, week, 1)
    except ValueError:
        return None
    return datetime(day.year, day.month, day.day)


_DATE_TEXT = re.compile(
    r"\s*(\d{4})(?:([-/.])(\d{1,2})(?:\2(\d{1,2}))?)?"
    r"(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?"
    r"\s*(?:z|[+-]\d{2}(?::?\d{2})?)?\s*",
    re.IGNORECASE,
)
_COMPACT = re.compile(r"\s*(\d{4})(\d{2})(\d{2})?\s*")


def literal_span(text: str, compact: bool = False) -> tuple[datetime, datetime, str] | None:
    """The stretch of time a date literal covers: ``(start, end, grain)``.

    ``'2024'`` is the year, ``'2024-03'`` the month, ``'2024-03-05'`` the day, ``'2024-03-05
    10:30'`` the minute. ``compact`` also reads ``'202403'`` and ``'20240305'``.

    >>> literal_span('2024-03')[:2]
    (datetime.datetime(2024, 3, 1, 0, 0), datetime.datetime(2024, 4, 1, 0, 0))
    """
    return _literal_span(text, compact)


@lru_cache(maxsize=4096)
def _literal_span(text: str, compact: bool) -> tuple[datetime, datetime, str] | None:
    m = _DATE_TEXT.fullmatch(text)
    try:
        if m:
            year = int(m.group(1))
            if not 1000 <= year <= 2999:
                return None
            if m.group(3) is None:
                start = datetime(year, 1, 1)
                return start, add(start, "year", 1), "year"
            month = int(m.group(3))
            if m.group(4) is None:
                start = datetime(year, month, 1)
                return start, add(start, "month", 1), "month"
            start = datetime(year, month, int(m.group(4)))
            if m.group(5) is None:
                return start, start + _DELTA["day"], "day"
            start = start.replace(hour=int(m.group(5)), minute=int(m.group(6)))
            if m.group(7) is None:
                return start, start + _DELTA["minute"], "minute"
            start = start.replace(second=int(m.group(7)))
            if m.group(8) is None:
                return start, start + _DELTA["second"], "second"
            digits = m.group(8)
            start = start.replace(microsecond=int(digits.ljust(6, "0")))
            return start, start + timedelta(microseconds=10 ** (6 - len(digits))), "second"
        c = _COMPACT.fullmatch(text) if compact else None
        if c:
            year, month = int(c.group(1)), int(c.group(2))
            if not 1000 <= year <= 2999:
                return None
            if c.group(3) is None:
                start = datetime(year, month, 1)
                return start, add(start, "month", 1), "month"
            start = datetime(year, month, int(c.group(3)))
            return start, start + _DELTA["day"], "day"
    except (ValueError, OverflowError):  # month 13, February 30: not a date
        return None
    return None


# --------------------------------------------------------------------------------------------
# bounds: absolute (ISO) or relative to the anchor
# --------------------------------------------------------------------------------------------


def resolve(bound: Bound, anchor: date) -> datetime:
    """A bound as a datetime: ISO as written, a relative date applied to ``anchor``.

    >>> from stef_core.spec import ANCHOR_DAY
    >>> resolve(ANCHOR_DAY.start_of("quarter").shifted("quarter", -1), date(2024, 6, 15))
    datetime.datetime(2024, 1, 1, 0, 0)
    >>> resolve("2024-03-01", date(2024, 6, 15))
    datetime.datetime(2024, 3, 1, 0, 0)
    """
    if not isinstance(bound, RelativeDate):
        return parse_iso(bound)
    moment = datetime(anchor.year, anchor.month, anchor.day)
    for step in bound.steps:
        if isinstance(step, Shift):
            moment = add(moment, step.unit, step.n)
        else:
            moment = floor(moment, step.unit)
    return moment


def shift(bound: Bound, unit: RelativeUnit, n: int) -> Bound:
    """Any bound (ISO or relative) moved by ``n`` units."""
    if isinstance(bound, RelativeDate):
        return bound.shifted(unit, n)
    return iso(add(parse_iso(bound), unit, n))


def describe_bound(bound: Bound | None) -> str:
    """A bound for messages: ISO as written, a relative date in words, ``...`` for none."""
    if bound is None:
        return "..."
    return bound.describe() if isinstance(bound, RelativeDate) else bound


# --------------------------------------------------------------------------------------------
# column names
# --------------------------------------------------------------------------------------------

_YEAR_NAME = re.compile(r"year|^yr$|_yr$|^yr_|^yyyy$")
_MONTH_NAME = re.compile(r"(^|_)month($|_)|^mon$|^mnth$|^mth$")
_WEEK_NAME = re.compile(r"(^|_)(iso)?week($|_)|^wk$|_wk$")
_DATE_NAME = re.compile(
    r"date|time|day|_at$|^at_|_on$|_dt$|^dt_|^dt$|_ts$|^ts_|^ts$|period|yearmonth|created|updated|"
    r"modified|when|^ym$"
)
_TIMESTAMP_NAME = re.compile(r"_at$|time|_ts$|^ts_|^ts$|_dttm$|_dtm$")
_COMPACT_NAME = re.compile(r"yyyymm|yearmonth|year_month|yyyy_mm|(^|_)ym($|_)|(^|_)yyyymmdd")


@lru_cache(maxsize=4096)
def name_kind(column: str) -> str:
    """What a column's name says it holds: ``year``, ``month``, ``week``, ``date`` or ``""``.

    >>> name_kind("order_date"), name_kind("fiscal_year"), name_kind("yyyymm"), name_kind("qty")
    ('date', 'year', 'date', '')
    """
    name = column.lower()
    if _COMPACT_NAME.search(name):
        return "date"  # months or days spelled 202403 / 20240305
    if _YEAR_NAME.search(name):
        return "year"
    if _MONTH_NAME.search(name):
        return "month"
    if _WEEK_NAME.search(name):
        return "week"
    if _DATE_NAME.search(name):
        return "date"
    return ""


@lru_cache(maxsize=4096)
def is_timestamp_name(column: str) -> bool:
    """Does the name say the column holds a moment, not a day (``created_at``,
    ``event_time``, ``order_timestamp``)?"""
    return _TIMESTAMP_NAME.search(column.lower()) is not None


# --------------------------------------------------------------------------------------------
# the period a comparison covers
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of absolute or relative time ``[start, end)`` at ``grain``: what one value
    of a comparison covers. ``spelling`` says how a literal compared with a raw column wrote
    it (see :attr:`Period.spelling`)."""

    start: Bound
    end: Bound
    grain: str
    spelling: str = ""


def bounded(column: str, span: Span, op: str, raw_moment: bool) -> Period | None:
    """The period ``column op value`` covers, for a value spanning ``span`` (None for an
    operator that bounds no period). ``raw_moment``: the column itself is compared, so a
    bare closing date (``<= '2024-12-31'``) is read as the whole day (``end_of_day``)."""
    negated = op == "!="
    start: Bound | None
    end: Bound | None
    if op in ("=", "!="):
        start, end = span.start, span.end
    elif op == ">=":
        start, end = span.start, None
    elif op == ">":
        start, end = span.end, None
    elif op == "<":
        start, end = None, span.start
    elif op == "<=":
        start, end = None, span.end
    else:
        return None
    # `<= '2024-12-31'` (or `= '2024-12-31'`) on a column that holds moments reads the whole
    # day, though the database stops at its midnight.
    eod = raw_moment and op in ("<=",) and span.grain == "day"
    return Period(column, start, end, grain=span.grain, negated=negated, end_of_day=eod,
                  spelling=span.spelling)


def filter_periods(f: Filter) -> list[Period]:
    """A plain filter read as periods if its values are times: years in a column whose name
    says nothing (``founded > 1990``, ``Model = '1980'``, ``birth_year IN (1948, 1949)``) or
    dates the SQL compares outside a period (``d = '2013-05-03' OR d IS NULL``). The aligner
    uses them when the question names a time the SQL's periods do not hold.

    >>> [(p.start, p.end) for p in filter_periods(Filter("founded", ">", 1990))]
    [('1991-01-01', None)]
    """
    if f.column is None or f.op not in ("=", "!=", ">", ">=", "<", "<=", "in"):
        return []
    values = f.values
    out: list[Period] = []
    for value in values:
        if isinstance(value, bool) or value is None:
            return []
        text = str(value)
        if re.fullmatch(r"\d{4}", text):
            if not 1800 <= int(text) <= 2199:
                return []
            span = literal_span(text)
        elif re.fullmatch(r"(?:19|20)\d{4}(?:\d{2})?", text):
            span = literal_span(text, compact=True)  # 202403, '20220502'
        elif isinstance(value, str):
            span = literal_span(text)
        else:
            return []
        if span is None:
            return []
        op = "=" if f.op == "in" else f.op
        period = bounded(f.column, Span(iso(span[0]), iso(span[1]), span[2]), op, False)
        if period is None:
            return []
        out.append(replace(period, parts=(f,)))
    return out


# --------------------------------------------------------------------------------------------
# merging the conjuncts on one column
# --------------------------------------------------------------------------------------------


def _later(a: Bound | None, b: Bound | None) -> tuple[bool, Bound | None]:
    """(comparable, the later start) of two starts; None is unbounded."""
    if a is None or b is None:
        return True, a if b is None else b
    if isinstance(a, RelativeDate) or isinstance(b, RelativeDate):
        finer = _nested(a, b)
        return (True, finer) if finer is not None else (a == b, a)
    return True, max(a, b, key=parse_iso)


def _earlier(a: Bound | None, b: Bound | None) -> tuple[bool, Bound | None]:
    if a is None or b is None:
        return True, a if b is None else b
    if isinstance(a, RelativeDate) or isinstance(b, RelativeDate):
        finer = _nested(a, b)
        return (True, finer) if finer is not None else (a == b, a)
    return True, min(a, b, key=parse_iso)


#: Units each of which holds whole units of the next ones (a week holds no whole month).
_NESTING = ("year", "quarter", "month", "day")


def _unit_bound(bound: RelativeDate) -> tuple[tuple[object, ...], str, int] | None:
    """``(base, unit, k)`` of a bound written as the start of the ``unit`` holding ``base``,
    moved on by ``k`` (0 or 1) of that unit: the start or the end of that unit."""
    steps = bound.steps
    k = 0
    if steps and isinstance(steps[-1], Shift) and steps[-1].n == 1:
        k, unit_step, steps = 1, steps[-1], steps[:-1]
    if not steps or not isinstance(steps[-1], StartOf):
        return None
    unit = steps[-1].unit
    if k and unit_step.unit != unit:
        return None
    return steps[:-1], unit, k


def _nested(a: Bound, b: Bound) -> Bound | None:
    """Of two bounds of calendar units holding one moment (``YEAR(d) = YEAR(x) AND MONTH(d) =
    MONTH(x)``: the start or end of x's year, and of x's month), the one of the finer unit: it
    lies within the coarser unit, so it is the later start and the earlier end. None when the
    bounds are not of that shape, or are of different moments or of different ends."""
    if not (isinstance(a, RelativeDate) and isinstance(b, RelativeDate)):
        return None
    ua, ub = _unit_bound(a), _unit_bound(b)
    if ua is None or ub is None or ua[0] != ub[0] or ua[2] != ub[2]:
        return None
    if ua[1] not in _NESTING or ub[1] not in _NESTING:
        return None
    return a if _NESTING.index(ua[1]) >= _NESTING.index(ub[1]) else b


def _finer(a: str, b: str) -> str:
    rank = {u: i for i, u in enumerate(UNITS)}
    return a if rank.get(a, 4) >= rank.get(b, 4) else b


def merge(a: Period, b: Period) -> Period | None:
    """Both constraints at once on one column (AND), or None when they do not combine into one
    non-empty period (contradictory bounds, a negation, bounds relative to different things).

    >>> merge(Period("d", "2024-03-01"), Period("d", None, "2024-04-01")).end
    '2024-04-01'
    """
    if a.negated or b.negated or a.column != b.column:
        return None
    ok1, start = _later(a.start, b.start)
    ok2, end = _earlier(a.end, b.end)
    if not (ok1 and ok2):
        return None
    if (
        isinstance(start, str) and isinstance(end, str)
        and parse_iso(start) >= parse_iso(end)
    ):
        return None
    periodic = _merge_periodic(a.periodic, b.periodic)
    if periodic is None:
        return None
    clock = a.clock or b.clock
    if a.clock and b.clock:
        clock = (max(a.clock[0], b.clock[0]), min(a.clock[1], b.clock[1]))
        if clock[0] >= clock[1]:
            return None
    merged = Period(
        a.column, start, end, periodic=periodic, grain=_finer(a.grain, b.grain),
        source=a.source, parts=(*a.parts, *b.parts), end_of_day=a.end_of_day or b.end_of_day,
        clock=clock, spelling=a.spelling or b.spelling, strength=a.strength, excluded=a.excluded,
    )
    return fold_periodic(merged)


def merge_all(periods: list[Period]) -> list[Period]:
    """The periods of one column ANDed: each merged into the first it combines with (see
    :func:`merge`), the rest kept apart.

    >>> [p.end for p in merge_all([Period("d", "2024-03-01"), Period("d", None, "2024-04-01")])]
    ['2024-04-01']
    """
    merged: list[Period] = []
    for p in periods:
        for i, m in enumerate(merged):
            both = merge(m, p)
            if both is not None:
                merged[i] = both
                break
        else:
            merged.append(p)
    return merged


def _merge_periodic(
    a: tuple[tuple[str, int], ...], b: tuple[tuple[str, int], ...]
) -> tuple[tuple[str, int], ...] | None:
    fields: dict[str, set[int]] = {}
    for items in (a, b):
        mine: dict[str, set[int]] = {}
        for unit, value in items:
            mine.setdefault(unit, set()).add(value)
        for unit, values in mine.items():
            fields[unit] = fields[unit] & values if unit in fields else set(values)
            if not fields[unit]:
                return None
    return tuple((unit, v) for unit in sorted(fields) for v in sorted(fields[unit]))


#: The days of the week, Monday first (ISO).
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: The months of the year, January first (a ruleset's ``year starts``).
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
#: The seasons' names, a school's or a league's terms ("fall 2026", "spring '27").
SEASONS = ("spring", "summer", "fall", "autumn", "winter")
#: Seconds in each unit a duration is counted in (months and years vary, and are left out).
UNIT_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800}
#: The words a column's name gives a unit of time in ("duration_sec", "length_mins",
#: "airtime_seconds"), by unit.
UNIT_ABBREVIATIONS = {"ms": "millisecond", "msec": "millisecond", "millis": "millisecond",
                      "milliseconds": "millisecond",
                      "sec": "second", "secs": "second", "seconds": "second",
                      "second": "second", "min": "minute", "mins": "minute",
                      "minutes": "minute", "minute": "minute", "hr": "hour", "hrs": "hour",
                      "hours": "hour", "hour": "hour"}
#: A duration a text states: "within 24 hours", "more than 3 days", "over 90 mins".
_DURATION_TEXT = re.compile(r"\b(\d+(?:\.\d+)?)\s*-?\s*(seconds?|secs?|minutes?|mins?|hours?|"
                            r"hrs?|days?|weeks?|months?|years?)\b")
_UNIT_WORDS = {"sec": "second", "min": "minute", "hr": "hour"}


def stated_durations(text: str) -> tuple[tuple[float, str], ...]:
    """The durations a (folded) text states, as (number, unit), at most 8.

    >>> stated_durations("completed within 24 hours, or 2-day shipping")
    ((24.0, 'hour'), (2.0, 'day'))
    """
    out: list[tuple[float, str]] = []
    for number, word in _DURATION_TEXT.findall(text.lower())[:8]:
        unit = word.rstrip("s")
        out.append((float(number), _UNIT_WORDS.get(unit, unit)))
    return tuple(out)


def unit_factor(unit: str, smaller: str) -> float | None:
    """How many ``smaller`` units one ``unit`` holds (day, hour: 24), or None when either has
    no fixed length.

    >>> unit_factor("day", "hour"), unit_factor("hour", "day"), unit_factor("month", "day")
    (24.0, 0.041666666666666664, None)
    """
    if unit not in UNIT_SECONDS or smaller not in UNIT_SECONDS:
        return None
    return UNIT_SECONDS[unit] / UNIT_SECONDS[smaller]


def _month_run(p: Period) -> list[int]:
    """The months of ``p``'s fields when they are months only, one unbroken run (3, 4, 5);
    [] otherwise."""
    months = sorted(v for u, v in p.periodic if u == "month")
    if not months or len(months) != len(p.periodic) or months != list(
            range(months[0], months[-1] + 1)):
        return []
    return months


def split_years(p: Period) -> list[Period]:
    """Months of the year inside an interval of several years, one stretch per year: Q1 of
    2024 and of 2025 for ``EXTRACT(QUARTER FROM d) = 1 AND d >= '2024-01-01' AND d <
    '2025-04-01'`` ("q1 vs q1 last year"). A period of one year or less, or with other
    fields, is ``[fold_periodic(p)]``.

    >>> [describe(x) for x in split_years(Period("d", "2024-01-01", "2025-04-01",
    ...                                          periodic=(("month", 1), ("month", 2),
    ...                                                    ("month", 3))))]
    ['[2024-01-01, 2024-04-01)', '[2025-01-01, 2025-04-01)']
    """
    months = _month_run(p)
    if not months or not isinstance(p.start, str) or not isinstance(p.end, str):
        return [fold_periodic(p)]
    start, end = parse_iso(p.start), parse_iso(p.end)
    if end <= add(start, "year", 1) or end > add(start, "year", 6):
        return [fold_periodic(p)]
    out: list[Period] = []
    for year in range(start.year, end.year + 1):
        lo = max(start, datetime(year, months[0], 1))
        hi = min(end, add(datetime(year, months[-1], 1), "month", 1))
        if lo < hi:
            out.append(replace(p, start=iso(lo), end=iso(hi), periodic=(),
                               grain=_finer(p.grain, "month")))
    return out or [fold_periodic(p)]


def fold_periodic(p: Period) -> Period:
    """Calendar fields inside an interval become a narrower interval: the year 2024 with the
    months 3-5 is ``[2024-03-01, 2024-06-01)``; May 2013 with day 5 is that day; ISO year
    2023 with ISO week 5 is that week.

    >>> describe(fold_periodic(Period("d", "2024-01-01", "2025-01-01", grain="year",
    ...                               periodic=(("month", 3), ("month", 4)))))
    '[2024-03-01, 2024-05-01)'
    """
    years = [v for u, v in p.periodic if u == "isoyear"]
    weeks = [v for u, v in p.periodic if u == "isoweek"]
    if len(years) == 1 and len(weeks) == 1 and p.start is None and p.end is None:
        monday = iso_monday(years[0], weeks[0])
        if monday is not None:
            rest = tuple((u, v) for u, v in p.periodic if u not in ("isoyear", "isoweek"))
            return replace(p, start=iso(monday), end=iso(monday + _DELTA["week"]),
                           periodic=rest, grain="week")
    if p.periodic and isinstance(p.start, RelativeDate) and isinstance(p.end, RelativeDate):
        # YEAR(d) = YEAR(CURRENT_DATE) AND quarter 3: the months of this year
        months = _month_run(p)
        if (months and p.start.start_of("year") == p.start
                and p.end == p.start.shifted("year", 1)):
            first = p.start.shifted("month", months[0] - 1)
            return replace(p, start=first, end=first.shifted("month", len(months)),
                           periodic=(), grain=_finer(p.grain, "month"))
        return p
    if not p.periodic or not isinstance(p.start, str) or not isinstance(p.end, str):
        return p
    start, end = parse_iso(p.start), parse_iso(p.end)
    weeks = [v for u, v in p.periodic if u == "isoweek"]
    if len(weeks) == 1 and start == floor(start, "year") and end == add(start, "year", 1):
        # YEAR(d) = 2024 AND DATEPART(iso_week, d) = 10: that week, within the year
        monday = iso_monday(start.year, weeks[0])
        if monday is None:
            return p
        lo, hi = max(monday, start), min(monday + _DELTA["week"], end)
        rest = tuple((u, v) for u, v in p.periodic if u != "isoweek")
        return replace(p, start=iso(lo), end=iso(hi), periodic=rest, grain="week")
    months = sorted(v for u, v in p.periodic if u == "month")
    days = sorted(v for u, v in p.periodic if u == "day")
    other = [(u, v) for u, v in p.periodic if u not in ("month", "day")]
    grain = p.grain
    if months and start == floor(start, "year") and end == add(start, "year", 1):
        if months != list(range(months[0], months[-1] + 1)):
            return p
        start = start.replace(month=months[0])
        end = add(start, "month", len(months))
        months = []
        grain = _finer(grain, "month")
    if days and not months and start == floor(start, "month") and end == add(start, "month", 1):
        if days != list(range(days[0], days[-1] + 1)) or days[-1] > days_in_month(
            start.year, start.month
        ):
            return p
        start = start.replace(day=days[0])
        end = start + _DELTA["day"] * len(days)
        days = []
        grain = _finer(grain, "day")
    periodic = tuple([("day", d) for d in days] + [("month", m) for m in months] + other)
    if periodic == p.periodic:
        return p
    return replace(p, start=iso(start), end=iso(end), periodic=periodic, grain=grain)


# --------------------------------------------------------------------------------------------
# messages
# --------------------------------------------------------------------------------------------


def describe(p: Period) -> str:
    """A period for messages: ``[2024-03-01, 2024-04-01)``, ``[2024-01-01, ...)``, ``month 3
    of any year``, ``09:00-17:00 of any day``; ``not`` before a negated one; relative bounds
    in words (``[start of this month - 1 month, start of this month)``)."""
    parts: list[str] = []
    if p.start is not None or p.end is not None:
        parts.append(f"[{describe_bound(p.start)}, {describe_bound(p.end)})")
    if p.periodic:
        fields: dict[str, list[int]] = {}
        for unit, value in p.periodic:
            fields.setdefault(unit, []).append(value)
        scope = " of any month" if set(fields) == {"day"} else " of any year"
        parts.append(" ".join(f"{u} {','.join(map(str, vs))}" for u, vs in fields.items())
                     + ("" if parts else scope))
    if p.clock is not None:
        a, b = p.clock
        parts.append(f"{a // 3600:02d}:{a % 3600 // 60:02d}-{b // 3600:02d}:{b % 3600 // 60:02d}"
                     " of any day")
    return ("not " if p.negated else "") + (" ".join(parts) or "any time")
