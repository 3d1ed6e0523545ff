"""The SQL side of dates (plugins/stef_sql/time.py; the calendar is stef_core/periods.py): every
spelling of a time predicate, in each dialect, reads as the period it selects."""

from __future__ import annotations

from datetime import date

import pytest
from stef_sql.extract import extract_spec

from stef_core.periods import describe, describe_bound, filter_periods, literal_span, merge, resolve
from stef_core.spec import ANCHOR_DAY, Bound, Filter, Period

MARCH = ("d", "2024-03-01", "2024-04-01")
YEAR = ("d", "2024-01-01", "2025-01-01")
DAY = ("d", "2024-03-05", "2024-03-06")


def periods(where: str, dialect: str | None) -> list[tuple[object, ...]]:
    """(column, start, end), relative bounds in words ("today - 7 days")."""
    spec = extract_spec(f"SELECT COUNT(*) FROM t WHERE {where}", dialect)
    return [(p.column, p.start and describe_bound(p.start), p.end and describe_bound(p.end))
            for p in spec.periods]


# (dialect, WHERE condition, the period it reads as)
CASES = [
    # comparisons and BETWEEN on literals; the pair >= a AND < b is one interval
    ("sqlite", "d >= '2024-03-01' AND d < '2024-04-01'", MARCH),
    ("postgres", "d >= DATE '2024-03-01' AND d < DATE '2024-04-01'", MARCH),
    ("tsql", "d >= CAST('2024-03-01' AS DATETIME) AND d < '2024-04-01'", MARCH),
    ("mysql", "d BETWEEN '2024-03-01' AND '2024-03-31'", MARCH),
    ("bigquery", "d BETWEEN '2024-01-01' AND '2024-12-31'", YEAR),
    ("snowflake", "d > '2024-02-29' AND d <= '2024-03-31'", MARCH),
    ("postgres", "d BETWEEN '2024-03-01 00:00:00' AND '2024-03-31 23:59:59'", MARCH),
    ("sqlite", "'2024-03-01' <= d AND '2024-04-01' > d", MARCH),
    ("sqlite", "d = '2024-03-05'", DAY),
    ("sqlite", "d >= '2024-01-01'", ("d", "2024-01-01", None)),
    # a date column its name calls a week or a month, BETWEEN dates: dates, as with >= and <=
    # (session 28)
    ("databricks", "week_start_dt BETWEEN '2024-03-01' AND '2024-03-31'",
     ("week_start_dt", "2024-03-01", "2024-04-01")),
    ("duckdb", "month_start_dt BETWEEN DATE '2024-01-01' AND DATE '2024-12-31'",
     ("month_start_dt", "2024-01-01", "2025-01-01")),
    # a column of month (quarter) starts: the month an upper bound names is kept whole, the
    # one a lower ">" names passed whole (session 31)
    ("bigquery", "month BETWEEN DATE '2026-05-01' AND DATE '2026-10-01'",
     ("month", "2026-05-01", "2026-11-01")),
    ("postgres", "usage_month <= DATE '2024-03-01'", ("usage_month", None, "2024-04-01")),
    ("postgres", "usage_month > DATE '2024-03-01'", ("usage_month", "2024-04-01", None)),
    ("snowflake", "fiscal_quarter BETWEEN '2024-01-01' AND '2024-04-01'",
     ("fiscal_quarter", "2024-01-01", "2024-07-01")),
    ("postgres", "d <= DATE '2024-03-01'", ("d", None, "2024-03-02")),
    # ... but a written Monday stays a day: March 31 2025 closes Q1 (weeks starting in it)
    ("trino", "week_start_dt BETWEEN DATE '2025-01-01' AND DATE '2025-03-31'",
     ("week_start_dt", "2025-01-01", "2025-04-01")),
    ("postgres", "week_start_dt <= DATE '2025-03-31'", ("week_start_dt", None, "2025-04-01")),
    ("sqlite", "d < '2024-01-01'", ("d", None, "2024-01-01")),
    # strftime / TO_CHAR / FORMAT_DATE / DATE_FORMAT / FORMAT
    ("sqlite", "strftime('%Y', d) = '2024'", YEAR),
    ("sqlite", "strftime('%Y-%m', d) = '2024-03'", MARCH),
    ("sqlite", "strftime('%Y', d) = '2024' AND strftime('%m', d) = '03'", MARCH),
    ("sqlite", "strftime('%Y-%m-%d', d) = '2024-03-05'", DAY),
    ("sqlite", "strftime('%Y', d) BETWEEN '2020' AND '2022'", ("d", "2020-01-01", "2023-01-01")),
    (None, "strftime('%Y', d) = '2024'", YEAR),
    ("postgres", "TO_CHAR(d, 'YYYY-MM') = '2024-03'", MARCH),
    ("snowflake", "TO_CHAR(d, 'YYYY-MM') = '2024-03'", MARCH),
    ("bigquery", "FORMAT_DATE('%Y-%m', d) = '2024-03'", MARCH),
    ("bigquery", "FORMAT_TIMESTAMP('%Y', d) = '2024'", YEAR),
    ("mysql", "DATE_FORMAT(d, '%Y-%m') = '2024-03'", MARCH),
    ("tsql", "FORMAT(d, 'yyyy-MM') = '2024-03'", MARCH),
    ("tsql", "CONVERT(VARCHAR(7), d, 120) = '2024-03'", MARCH),
    # YEAR(), MONTH(), DATEPART, EXTRACT, QUARTER
    ("tsql", "YEAR(d) = 2024", YEAR),
    ("mysql", "YEAR(d) = 2024 AND MONTH(d) = 3", MARCH),
    ("snowflake", "YEAR(d) = 2024 AND MONTH(d) = 3", MARCH),
    ("tsql", "DATEPART(year, d) = 2024 AND DATEPART(month, d) = 3", MARCH),
    ("tsql", "DATEPART(yy, d) = 2024", YEAR),
    ("postgres", "EXTRACT(YEAR FROM d) = 2024 AND EXTRACT(MONTH FROM d) = 3", MARCH),
    ("postgres", "date_part('year', d) = 2024", YEAR),
    ("bigquery", "EXTRACT(YEAR FROM d) = 2024 AND EXTRACT(MONTH FROM d) = 3", MARCH),
    ("snowflake", "DATE_PART(year, d) = 2024", YEAR),
    ("mysql", "EXTRACT(YEAR_MONTH FROM d) = 202403", MARCH),
    ("mysql", "YEAR(d) = 2024 AND QUARTER(d) = 2", ("d", "2024-04-01", "2024-07-01")),
    ("tsql", "YEAR(d) = 2024 AND DATEPART(quarter, d) = 1", ("d", "2024-01-01", "2024-04-01")),
    ("postgres", "EXTRACT(YEAR FROM d) >= 2020", ("d", "2020-01-01", None)),
    ("tsql", "YEAR(d) > 2020", ("d", "2021-01-01", None)),
    # DATE_TRUNC
    ("postgres", "DATE_TRUNC('month', d) = '2024-03-01'", MARCH),
    ("snowflake", "DATE_TRUNC('MONTH', d) = '2024-03-01'", MARCH),
    ("bigquery", "DATE_TRUNC(d, MONTH) = '2024-03-01'", MARCH),
    ("bigquery", "TIMESTAMP_TRUNC(d, YEAR) = TIMESTAMP '2024-01-01'", YEAR),
    ("postgres", "DATE_TRUNC('year', d) = '2024-01-01'", YEAR),
    # substr / SUBSTRING / LEFT of a date string
    ("sqlite", "substr(d, 1, 7) = '2024-03'", MARCH),
    ("sqlite", "substr(d, 1, 4) = '2024' AND substr(d, 6, 2) = '03'", MARCH),
    ("postgres", "SUBSTRING(d, 1, 4) = '2024'", YEAR),
    ("mysql", "LEFT(d, 7) = '2024-03'", MARCH),
    ("tsql", "LEFT(d, 4) = '2024'", YEAR),
    # LIKE
    ("sqlite", "d LIKE '2024-03%'", MARCH),
    ("mysql", "d LIKE '2024%'", YEAR),
    ("snowflake", "d LIKE '2024-03-05%'", DAY),
    # CAST(... AS DATE), DATE(), TO_DATE, CONVERT
    ("postgres", "CAST(d AS DATE) = '2024-03-05'", DAY),
    ("postgres", "d::date = '2024-03-05'", DAY),
    ("sqlite", "date(d) = '2024-03-05'", DAY),
    ("mysql", "DATE(d) = '2024-03-05'", DAY),
    ("bigquery", "DATE(d) BETWEEN '2024-03-01' AND '2024-03-31'", MARCH),
    ("snowflake", "TO_DATE(d) = '2024-03-05'", DAY),
    ("tsql", "CONVERT(date, d) = '2024-03-05'", DAY),
    ("tsql", "CAST(d AS DATE) = '2024-03-05'", DAY),
    # compact YYYYMM / YYYYMMDD literals on a date column
    ("sqlite", "date = '201309'", ("date", "2013-09-01", "2013-10-01")),
    ("sqlite", "date BETWEEN 201101 AND 201112", ("date", "2011-01-01", "2012-01-01")),
    ("sqlite", "tourney_date BETWEEN 20130101 AND 20131231", ("tourney_date", "2013-01-01",
                                                             "2014-01-01")),
    ("sqlite", "substr(date, 1, 6) = '201306'", ("date", "2013-06-01", "2013-07-01")),
    ("sqlite", "substr(date, 1, 4) = '2013' AND substr(date, 5, 2) BETWEEN '08' AND '11'",
     ("date", "2013-08-01", "2013-12-01")),
    # years in year columns
    ("sqlite", "year = 2014", ("year", "2014-01-01", "2015-01-01")),
    ("sqlite", "Year IN ('2014', '2015')", ("year", "2014-01-01", "2015-01-01")),
    ("sqlite", "open_year > '2010'", ("open_year", "2011-01-01", None)),
]


@pytest.mark.parametrize(("dialect", "where", "expected"), CASES,
                         ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_time_predicate_reads_as_period(dialect: str | None, where: str,
                                        expected: tuple[object, ...]) -> None:
    assert expected in periods(where, dialect)


# Relative bounds: (dialect, condition, period with anchor-relative bounds)
RELATIVE = [
    ("sqlite", "d >= date('now', '-7 day')", ("d", "today - 7 days", None)),
    (None, "d >= date('now', '-7 day')", ("d", "today - 7 days", None)),
    ("sqlite", "d >= datetime('now', '-1 month')", ("d", "today - 1 month", None)),
    ("sqlite", "d >= date('now', 'start of month', '-1 month') AND d < date('now', 'start of "
               "month')", ("d", "start of this month - 1 month", "start of this month")),
    ("sqlite", "strftime('%Y', d) = strftime('%Y', 'now')",
     ("d", "start of this year", "start of this year + 1 year")),
    ("postgres", "d >= CURRENT_DATE - INTERVAL '7' DAY", ("d", "today - 7 days", None)),
    ("postgres", "d >= CURRENT_DATE - INTERVAL '7 days'", ("d", "today - 7 days", None)),
    ("postgres", "d >= NOW() - INTERVAL '1 month'", ("d", "today - 1 month", None)),
    ("postgres", "d >= CURRENT_DATE - 7", ("d", "today - 7 days", None)),
    ("postgres", "d >= DATE_TRUNC('month', CURRENT_DATE) - INTERVAL '1 month' AND d < "
                 "DATE_TRUNC('month', CURRENT_DATE)",
     ("d", "start of this month - 1 month", "start of this month")),
    ("postgres", "DATE_TRUNC('year', d) = DATE_TRUNC('year', CURRENT_DATE)",
     ("d", "start of this year", "start of this year + 1 year")),
    ("tsql", "d >= DATEADD(day, -7, GETDATE())", ("d", "today - 7 days", None)),
    ("tsql", "d >= DATEADD(DAY, -7, CAST(GETDATE() AS DATE))", ("d", "today - 7 days", None)),
    ("tsql", "YEAR(d) = YEAR(GETDATE()) - 1",
     ("d", "start of this year - 1 year", "start of this year")),
    ("tsql", "DATEDIFF(day, d, GETDATE()) <= 7", ("d", "today - 7 days", None)),
    ("snowflake", "d >= DATEADD(day, -7, CURRENT_DATE())", ("d", "today - 7 days", None)),
    ("snowflake", "d >= DATEADD(month, -1, DATE_TRUNC('month', CURRENT_DATE))",
     ("d", "start of this month - 1 month", None)),
    ("bigquery", "d >= DATE_SUB(CURRENT_DATE(), INTERVAL 7 DAY)", ("d", "today - 7 days", None)),
    ("bigquery", "d >= DATE_ADD(CURRENT_DATE(), INTERVAL -7 DAY)", ("d", "today - 7 days", None)),
    ("bigquery", "EXTRACT(YEAR FROM d) = EXTRACT(YEAR FROM CURRENT_DATE())",
     ("d", "start of this year", "start of this year + 1 year")),
    ("mysql", "d >= DATE_SUB(CURDATE(), INTERVAL 7 DAY)", ("d", "today - 7 days", None)),
    ("mysql", "d >= CURDATE() - INTERVAL 7 DAY", ("d", "today - 7 days", None)),
    ("mysql", "d >= DATE_ADD(NOW(), INTERVAL -1 MONTH)", ("d", "today - 1 month", None)),
    ("mysql", "DATE(d) = CURDATE()", ("d", "today", "today + 1 day")),
]


@pytest.mark.parametrize(("dialect", "where", "expected"), RELATIVE,
                         ids=[f"{c[0]}: {c[1]}" for c in RELATIVE])
def test_relative_predicate_keeps_anchor_relative_bounds(
    dialect: str | None, where: str, expected: tuple[object, ...]
) -> None:
    assert expected in periods(where, dialect)


@pytest.mark.parametrize(
    ("dialect", "where", "field"),
    [
        ("sqlite", "strftime('%m', d) = '03'", ("month", 3)),
        ("mysql", "MONTH(d) = 3", ("month", 3)),
        ("postgres", "EXTRACT(MONTH FROM d) = 3", ("month", 3)),
        ("tsql", "DATENAME(month, d) = 'March'", ("month", 3)),
        ("sqlite", "month = 3", ("month", 3)),
        ("sqlite", "bill_month BETWEEN 3 AND 3", ("month", 3)),
        ("mysql", "DAY(d) = 5", ("day", 5)),
    ],
)
def test_month_of_year_is_periodic(dialect: str, where: str, field: tuple[str, int]) -> None:
    [p] = extract_spec(f"SELECT 1 FROM t WHERE {where}", dialect).periods
    assert (p.start, p.end, p.periodic) == (None, None, (field,))


def test_quarter_of_any_year_is_three_months() -> None:
    [p] = extract_spec("SELECT 1 FROM t WHERE QUARTER(d) = 2", "mysql").periods
    assert p.periodic == (("month", 4), ("month", 5), ("month", 6))


@pytest.mark.parametrize(
    ("dialect", "where", "clock"),
    [
        ("postgres", "EXTRACT(HOUR FROM d) BETWEEN 9 AND 16", (9 * 3600, 17 * 3600)),
        ("mysql", "HOUR(d) >= 18", (18 * 3600, 24 * 3600)),
        ("sqlite", "strftime('%H', d) = '10'", (10 * 3600, 11 * 3600)),
        ("postgres", "d::time >= '09:30'", (9 * 3600 + 1800, 86400)),
        ("sqlite", "event_time = '21:20:00'", (76800, 76801)),
    ],
)
def test_time_of_day_is_a_clock(dialect: str, where: str, clock: tuple[int, int]) -> None:
    [p] = extract_spec(f"SELECT 1 FROM t WHERE {where}", dialect).periods
    assert p.clock == clock


def test_period_keeps_the_filters_it_was_read_from() -> None:
    spec = extract_spec("SELECT 1 FROM t WHERE d >= '2024-03-01' AND d < '2024-04-01' "
                        "AND status = 'open'")
    [p] = spec.periods
    assert set(p.parts) == {f for f in spec.filters if f.column == "d"}
    assert all(part in spec.filters for part in p.parts)


def test_bare_closing_date_is_flagged_end_of_day() -> None:
    [p] = extract_spec("SELECT 1 FROM t WHERE created_at BETWEEN '2024-01-01' AND "
                       "'2024-12-31'").periods
    assert p.end_of_day and p.end == "2025-01-01"
    [q] = extract_spec("SELECT 1 FROM t WHERE created_at < '2025-01-01'").periods
    assert not q.end_of_day
    [r] = extract_spec("SELECT 1 FROM t WHERE DATE(created_at) <= '2024-12-31'", "mysql").periods
    assert not r.end_of_day  # the day of each moment is compared: nothing is dropped


@pytest.mark.parametrize(
    ("where", "negated"),
    [("d <> '2024-03-05'", True), ("d NOT BETWEEN '2024-01-01' AND '2024-12-31'", True),
     ("d NOT LIKE '2024%'", True), ("d = '2024-03-05'", False)],
)
def test_negations_are_kept(where: str, negated: bool) -> None:
    [p] = extract_spec(f"SELECT 1 FROM t WHERE {where}").periods
    assert p.negated is negated


@pytest.mark.parametrize(
    "where",
    [
        "price > 2000",  # a number against a column that says nothing of time
        "name = '2024'",
        "d = other_d",  # a join condition
        "status = 'open'",
        "d >= '2024-03-01' AND d < '2024-02-01'",  # an empty intersection is two periods
    ],
)
def test_non_time_or_contradictory_predicates(where: str) -> None:
    got = extract_spec(f"SELECT 1 FROM t WHERE {where}").periods
    assert len(got) != 1 or got[0].start is None or got[0].end is None


def test_periods_in_join_and_subquery() -> None:
    spec = extract_spec("SELECT 1 FROM a JOIN b ON a.id = b.id AND b.d >= '2024-01-01' "
                        "WHERE a.id IN (SELECT id FROM c WHERE YEAR(c.e) = 2023)", "mysql")
    assert {(p.column, p.start) for p in spec.periods} == {("d", "2024-01-01"),
                                                          ("e", "2023-01-01")}


def test_no_time_in_query_reads_nothing() -> None:
    assert extract_spec("SELECT name FROM users WHERE status = 'active'").periods == ()


# ---- calendar ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "compact", "expected"),
    [
        ("2024", False, ("2024-01-01", "2025-01-01", "year")),
        ("2024-03", False, ("2024-03-01", "2024-04-01", "month")),
        ("2024/3/5", False, ("2024-03-05", "2024-03-06", "day")),
        ("2024-03-05 10:30", False, ("2024-03-05T10:30:00", "2024-03-05T10:31:00", "minute")),
        ("2024-03-31 23:59:59.999", False, ("2024-03-31T23:59:59.999000", "2024-04-01T00:00:00",
                                            "second")),
        ("201309", True, ("2013-09-01", "2013-10-01", "month")),
        ("201309", False, None),
        ("2024-13", False, None),
        ("2023-02-29", False, None),
    ],
)
def test_literal_span(text: str, compact: bool, expected: tuple[str, str, str] | None) -> None:
    got = literal_span(text, compact=compact)
    if expected is None:
        assert got is None
    else:
        assert got is not None
        assert (got[0].isoformat(), got[1].isoformat(), got[2]) == (
            expected[0] + ("T00:00:00" if "T" not in expected[0] else ""),
            expected[1] + ("T00:00:00" if "T" not in expected[1] else ""),
            expected[2],
        )


LAST_MONTH = ANCHOR_DAY.start_of("month").shifted("month", -1)


@pytest.mark.parametrize(
    ("bound", "expected"),
    [(ANCHOR_DAY, "2024-06-15"), (ANCHOR_DAY.shifted("day", -7), "2024-06-08"),
     (ANCHOR_DAY.start_of("month"), "2024-06-01"), (LAST_MONTH, "2024-05-01"),
     (ANCHOR_DAY.start_of("year"), "2024-01-01"), (ANCHOR_DAY.start_of("quarter"), "2024-04-01"),
     (ANCHOR_DAY.start_of("week"), "2024-06-10"),
     (ANCHOR_DAY.start_of("year").shifted("year", 1), "2025-01-01"),
     (ANCHOR_DAY.shifted("month", -1).start_of("month"), "2024-05-01"),
     ("2024-03-01", "2024-03-01")],
    ids=describe_bound,
)
def test_resolve(bound: Bound, expected: str) -> None:
    assert resolve(bound, date(2024, 6, 15)).date().isoformat() == expected


def test_relative_arithmetic_is_canonical() -> None:
    """One moment, one value: steps that cancel or repeat a start fold away."""
    assert ANCHOR_DAY.shifted("day", -1).shifted("day", 1) == ANCHOR_DAY
    assert LAST_MONTH.start_of("month") == LAST_MONTH
    assert LAST_MONTH.start_of("quarter") != LAST_MONTH
    assert ANCHOR_DAY.start_of("hour") == ANCHOR_DAY.start_of("day") == ANCHOR_DAY
    week = ANCHOR_DAY.start_of("week").shifted("week", -1)
    assert week.start_of("month") != week  # a week's Monday is not a month's start
    assert ANCHOR_DAY.shifted("day", -7).start_of("month").describe() == (
        "start of the month of (today - 7 days)")


def test_relative_bounds_read_as_words_in_messages() -> None:
    period = Period("d", LAST_MONTH, ANCHOR_DAY.start_of("month"))
    assert describe(period) == "[start of this month - 1 month, start of this month)"
    assert "@" not in describe(Period("d", ANCHOR_DAY.shifted("day", -7)))


def test_merge_intersects_and_refuses_contradictions() -> None:
    both = merge(Period("d", "2024-01-01"), Period("d", None, "2024-04-01"))
    assert both is not None and (both.start, both.end) == ("2024-01-01", "2024-04-01")
    assert merge(Period("d", "2024-05-01"), Period("d", None, "2024-04-01")) is None
    assert merge(Period("d", "2024-01-01", negated=True), Period("d", None, "2024-04-01")) is None


def test_filter_periods_reads_years_and_dates_of_plain_filters() -> None:
    [p] = filter_periods(Filter("founded", ">", 1990))
    assert (p.start, p.end) == ("1991-01-01", None)
    assert len(filter_periods(Filter("birth_year", "in", (1948, 1949)))) == 2
    assert filter_periods(Filter("price", ">", 25000)) == []
    [q] = filter_periods(Filter("d", "!=", "2013-05-03"))
    assert q.negated
