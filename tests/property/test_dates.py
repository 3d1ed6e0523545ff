"""Properties of dates (issue 13): for random intervals (a year, a quarter, a month, a day) and
random dialects, every equivalent rendering of the interval scores the same and is
``fully_applied``; moving either bound by one unit (a day, a month, a year) is never a match."""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from functools import lru_cache

from hypothesis import example, given, settings
from hypothesis import strategies as st

from stef_core.engine import Engine
from stef_core.models import Record, Result

DIALECTS = ("sqlite", "postgres", "tsql", "bigquery", "snowflake", "mysql")
GRAINS = ("year", "quarter", "month", "day")


@lru_cache(maxsize=1)
def engine() -> Engine:
    return Engine()


#: The moment every question is asked: after every generated year, so that no year is still
#: running (a year asked while it runs is read to date, and any later end answers it).
ASKED_AT = "2099-06-15T12:00:00Z"


def score(question: str, sql: str, dialect: str) -> Result:
    [result] = engine().evaluate_batch(
        [Record(id="p", question=question, sql=sql, dialect=dialect, timestamp=ASKED_AT)]
    )
    assert result.status == "scored", result.error
    return result


def add_months(day: date, n: int) -> date:
    total = day.year * 12 + day.month - 1 + n
    return date(total // 12, total % 12 + 1, 1)


def interval(grain: str, year: int, part: int) -> tuple[date, date]:
    """``[start, end)`` of the grain: part is the quarter, month or day of the year."""
    if grain == "year":
        return date(year, 1, 1), date(year + 1, 1, 1)
    if grain == "quarter":
        start = date(year, 3 * (part % 4) + 1, 1)
        return start, add_months(start, 3)
    if grain == "month":
        start = date(year, part % 12 + 1, 1)
        return start, add_months(start, 1)
    start = date(year, 1, 1) + timedelta(days=part % 365)
    return start, start + timedelta(days=1)


def question(grain: str, start: date) -> str:
    when = {
        "year": f"in {start.year}",
        "quarter": f"in Q{(start.month - 1) // 3 + 1} {start.year}",
        "month": f"in {calendar.month_name[start.month]} {start.year}",
        "day": f"on {calendar.month_name[start.month]} {start.day}, {start.year}",
    }[grain]
    return f"How many orders were placed {when}?"


def renderings(grain: str, start: date, end: date, dialect: str) -> list[str]:
    """WHERE conditions on order_date that select exactly [start, end)."""
    s, e, last = start.isoformat(), end.isoformat(), (end - timedelta(days=1)).isoformat()
    y, m, q = start.year, start.month, (start.month - 1) // 3 + 1
    out = [
        f"order_date >= '{s}' AND order_date < '{e}'",
        f"order_date BETWEEN '{s}' AND '{last}'",
        f"'{s}' <= order_date AND order_date < '{e}'",
    ]
    year_of = {"sqlite": f"strftime('%Y', order_date) = '{y}'",
               "postgres": f"EXTRACT(YEAR FROM order_date) = {y}",
               "tsql": f"YEAR(order_date) = {y}",
               "bigquery": f"EXTRACT(YEAR FROM order_date) = {y}",
               "snowflake": f"YEAR(order_date) = {y}",
               "mysql": f"YEAR(order_date) = {y}"}[dialect]
    if grain == "year":
        out += [year_of, f"order_date LIKE '{y}%'"]
        out += {
            "sqlite": [f"substr(order_date, 1, 4) = '{y}'"],
            "postgres": [f"DATE_TRUNC('year', order_date) = '{s}'",
                         f"TO_CHAR(order_date, 'YYYY') = '{y}'"],
            "tsql": [f"DATEPART(year, order_date) = {y}", f"FORMAT(order_date, 'yyyy') = '{y}'"],
            "bigquery": [f"FORMAT_DATE('%Y', order_date) = '{y}'",
                         f"DATE_TRUNC(order_date, YEAR) = '{s}'"],
            "snowflake": [f"DATE_PART(year, order_date) = {y}",
                          f"TO_CHAR(order_date, 'YYYY') = '{y}'"],
            "mysql": [f"DATE_FORMAT(order_date, '%Y') = '{y}'", f"LEFT(order_date, 4) = '{y}'"],
        }[dialect]
    elif grain == "quarter":
        out += {
            "sqlite": [f"{year_of} AND strftime('%m', order_date) BETWEEN '{3 * q - 2:02d}' AND "
                       f"'{3 * q:02d}'"],
            "postgres": [f"{year_of} AND EXTRACT(QUARTER FROM order_date) = {q}",
                         f"DATE_TRUNC('quarter', order_date) = '{s}'"],
            "tsql": [f"{year_of} AND DATEPART(quarter, order_date) = {q}"],
            "bigquery": [f"{year_of} AND EXTRACT(QUARTER FROM order_date) = {q}"],
            "snowflake": [f"{year_of} AND QUARTER(order_date) = {q}"],
            "mysql": [f"{year_of} AND QUARTER(order_date) = {q}"],
        }[dialect]
    elif grain == "month":
        ym = f"{y}-{m:02d}"
        out += [f"order_date LIKE '{ym}%'"]
        out += {
            "sqlite": [f"strftime('%Y-%m', order_date) = '{ym}'",
                       f"{year_of} AND strftime('%m', order_date) = '{m:02d}'",
                       f"substr(order_date, 1, 7) = '{ym}'"],
            "postgres": [f"DATE_TRUNC('month', order_date) = '{s}'",
                         f"TO_CHAR(order_date, 'YYYY-MM') = '{ym}'",
                         f"{year_of} AND EXTRACT(MONTH FROM order_date) = {m}"],
            "tsql": [f"{year_of} AND MONTH(order_date) = {m}",
                     f"FORMAT(order_date, 'yyyy-MM') = '{ym}'"],
            "bigquery": [f"FORMAT_DATE('%Y-%m', order_date) = '{ym}'",
                         f"DATE_TRUNC(order_date, MONTH) = '{s}'"],
            "snowflake": [f"{year_of} AND MONTH(order_date) = {m}",
                          f"DATE_TRUNC('month', order_date) = '{s}'",
                          f"TO_CHAR(order_date, 'YYYY-MM') = '{ym}'"],
            "mysql": [f"{year_of} AND MONTH(order_date) = {m}",
                      f"DATE_FORMAT(order_date, '%Y-%m') = '{ym}'"],
        }[dialect]
    else:
        out += [f"order_date = '{s}'", f"order_date LIKE '{s}%'"]
        out += {
            "sqlite": [f"date(order_date) = '{s}'", f"strftime('%Y-%m-%d', order_date) = '{s}'"],
            "postgres": [f"CAST(order_date AS DATE) = '{s}'", f"order_date::date = '{s}'"],
            "tsql": [f"CAST(order_date AS DATE) = '{s}'", f"CONVERT(date, order_date) = '{s}'"],
            "bigquery": [f"DATE(order_date) = '{s}'"],
            "snowflake": [f"TO_DATE(order_date) = '{s}'", f"order_date::DATE = '{s}'"],
            "mysql": [f"DATE(order_date) = '{s}'"],
        }[dialect]
    return out


intervals = st.tuples(
    st.sampled_from(GRAINS), st.integers(1995, 2030), st.integers(0, 400)
).map(lambda t: (t[0], *interval(*t)))


@settings(max_examples=60, deadline=None)
@given(iv=intervals, dialect=st.sampled_from(DIALECTS))
def test_every_rendering_of_an_interval_scores_the_same(
    iv: tuple[str, date, date], dialect: str
) -> None:
    grain, start, end = iv
    q = question(grain, start)
    results = [(where, score(q, f"SELECT COUNT(*) FROM orders WHERE {where}", dialect))
               for where in renderings(grain, start, end, dialect)]
    for where, result in results:
        assert result.filter_alignment is not None
        assert result.filter_alignment.status == "fully_applied", (where, result.reasons)
    assert len({r.score for _, r in results}) == 1, [(w, r.score) for w, r in results]


def shift(day: date, unit: str, n: int) -> date:
    if unit == "day":
        return day + timedelta(days=n)
    if unit == "month":
        moved = add_months(date(day.year, day.month, 1), n)
        return moved.replace(day=min(day.day, calendar.monthrange(moved.year, moved.month)[1]))
    return day.replace(year=day.year + n, day=min(day.day, 28) if day.month == 2 else day.day)


@settings(max_examples=60, deadline=None)
@given(
    iv=intervals,
    dialect=st.sampled_from(DIALECTS),
    bound=st.sampled_from(("start", "end")),
    unit=st.sampled_from(("day", "month", "year")),
    direction=st.sampled_from((-1, 1)),
)
# the year the suite runs in, moved a year on: a match only if the question ran to date
@example(iv=("year", date(2026, 1, 1), date(2027, 1, 1)), dialect="bigquery", bound="end",
         unit="year", direction=1)
def test_moving_a_bound_by_one_unit_is_never_a_match(
    iv: tuple[str, date, date], dialect: str, bound: str, unit: str, direction: int
) -> None:
    grain, start, end = iv
    if bound == "start":
        start2, end2 = shift(start, unit, direction), end
    else:
        start2, end2 = start, shift(end, unit, direction)
    if start2 >= end2:
        start2, end2 = shift(start, unit, -1), shift(end, unit, 1)  # widened on both sides
    result = score(question(grain, start),
                   f"SELECT COUNT(*) FROM orders WHERE order_date >= '{start2.isoformat()}' "
                   f"AND order_date < '{end2.isoformat()}'", dialect)
    assert result.filter_alignment is not None
    assert result.filter_alignment.status != "fully_applied"
    assert "filter.value_mismatch" in {r.code for r in result.reasons}
    assert result.score is not None and result.score < 75


# ---- the time reader's pre-check (issue 23): it changes the cost, never the result ----------

_PIECES = (
    "in", "on", "at", "since", "before", "after", "until", "between", "and", "from", "to", "the",
    "of", "last", "past", "this", "next", "previous", "ago", "days", "week", "weeks", "month",
    "quarter", "year", "hours", "today", "yesterday", "tonight", "ytd", "qtd", "year-to-date",
    "so far", "March", "may", "Sept.", "aug", "December", "Q1", "q4", "H2", "first", "4th",
    "half", "fiscal", "noon", "midnight", "2 pm", "10:30", "3am", "12", "31", "2024", "1999",
    "2023-05", "2024-03-05", "8/26/2012", "26.08.2012", "3/2024", "2019-2021", "1990s", "15th",
    "2024-W12", ",", "-", "seven", "twenty", "each", "orders", "revenue", "Paris", "id 42",
)


@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=9), st.sampled_from(
    (str, str.upper, str.title)))
@settings(max_examples=300, deadline=None)
def test_time_precheck_changes_no_reading(pieces: list[str], case: object) -> None:
    from stef_question.concepts.time import _atoms

    text = case(" ".join(pieces))  # type: ignore[operator]
    assert _atoms(text) == _atoms(text, gate=False)
