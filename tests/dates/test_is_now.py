"""One recogniser of "now" (session 29): :func:`stef_core.sql.conditions.is_now` says whether an
expression is the moment or the day of the query, in every dialect's spelling, for the
condition reader (the in-force OR ``end IS NULL OR end > today``) and the time reader alike.

A truncation to the day is still today (Oracle ``TRUNC(SYSDATE)``, ``TRUNC(SYSDATE, 'DD')``,
Redshift ``TRUNC(GETDATE())``, ``DATE_TRUNC('day', NOW())``); a truncation to a week is not:
Oracle's ``TRUNC(d, 'DAY')``, ``'D'`` and ``'DY'`` are the first day of d's week (the territory's
first weekday), ``'IW'`` its ISO Monday. Snowflake's and BigQuery's ``'DAY'`` in the same
string-unit form mean the day, so that form is ambiguous and not taken for today; the keyword
form (``DATE_TRUNC('day', x)``, T-SQL ``DATETRUNC(d, x)``) is a day in every dialect that has it.
"""

from __future__ import annotations

import pytest
from sqlglot import exp, parse_one

from stef_core.sql.conditions import Resolver, is_now, read_condition


def _expr(sql: str, dialect: str | None) -> exp.Expr:
    select = parse_one(f"SELECT {sql}", read=dialect)
    assert isinstance(select, exp.Select)
    return select.expressions[0]


NOW = [
    ("postgres", "CURRENT_DATE"),
    ("postgres", "now()"),
    ("postgres", "'now'::date"),
    ("postgres", "DATE_TRUNC('day', now())"),
    ("duckdb", "date_trunc('d', now())"),
    ("snowflake", "DATE_TRUNC('DAY', CURRENT_DATE)"),
    ("tsql", "GETDATE()"),
    ("tsql", "CAST(GETDATE() AS date)"),
    ("tsql", "CONVERT(date, GETDATE())"),
    ("tsql", "DATETRUNC(dd, GETDATE())"),
    ("oracle", "SYSDATE"),
    ("oracle", "SYSTIMESTAMP"),
    ("oracle", "TRUNC(SYSDATE)"),
    ("oracle", "TRUNC(SYSDATE, 'DD')"),
    ("oracle", "TRUNC(SYSDATE, 'dd')"),
    ("oracle", "TRUNC(SYSDATE, 'DDD')"),
    ("oracle", "TRUNC(SYSDATE, 'J')"),
    ("redshift", "TRUNC(GETDATE())"),
    ("mysql", "CURDATE()"),
    ("mysql", "NOW()"),
    ("sqlite", "date('now')"),
    ("sqlite", "datetime('now')"),
    (None, "date('now')"),
    (None, "datetime('now')"),
    ("clickhouse", "today()"),
    ("bigquery", "CURRENT_TIMESTAMP()"),
]

NOT_NOW = [
    # Oracle's week starts: the first day of the week, not today
    ("oracle", "TRUNC(SYSDATE, 'DAY')"),
    ("oracle", "TRUNC(SYSDATE, 'D')"),
    ("oracle", "TRUNC(SYSDATE, 'DY')"),
    ("oracle", "TRUNC(SYSDATE, 'IW')"),
    ("oracle", "TRUNC(CURRENT_DATE, 'DAY')"),
    # a month's or a week's first day
    ("oracle", "TRUNC(SYSDATE, 'MM')"),
    ("postgres", "DATE_TRUNC('week', now())"),
    ("postgres", "DATE_TRUNC('month', CURRENT_DATE)"),
    # a day moved from today (SQLite's modifiers), a function of now with arguments
    ("sqlite", "date('now', '-7 day')"),
    (None, "date('now', '-7 day')"),
    (None, "date('now', 'start of month')"),
    ("postgres", "CURRENT_DATE - 1"),
    # not a moment at all
    ("postgres", "'2025-01-01'"),
    ("postgres", "ended_at"),
    ("mysql", "NOW(3) + 1"),
]


@pytest.mark.parametrize(("dialect", "sql"), NOW)
def test_now(dialect: str | None, sql: str) -> None:
    assert is_now(_expr(sql, dialect)), sql


@pytest.mark.parametrize(("dialect", "sql"), NOT_NOW)
def test_not_now(dialect: str | None, sql: str) -> None:
    assert not is_now(_expr(sql, dialect)), sql


def _filters(where: str, dialect: str) -> list[tuple[str, bool]]:
    select = parse_one(f"SELECT 1 FROM p WHERE {where}", read=dialect)
    assert isinstance(select, exp.Select)
    return [(f.describe(), f.alternative)
            for f in read_condition(select.args["where"].this, Resolver(select))]


@pytest.mark.parametrize(("dialect", "today"), [
    ("oracle", "TRUNC(SYSDATE)"), ("oracle", "TRUNC(SYSDATE, 'DD')"), ("oracle", "SYSTIMESTAMP"),
    ("sqlite", "datetime('now')"), ("redshift", "TRUNC(GETDATE())"),
    ("postgres", "'now'::date"),
])
def test_open_end_to_today_is_the_state(dialect: str, today: str) -> None:
    """``end IS NULL OR end > today``: the rows in force, read as the end left empty."""
    assert _filters(f"exp_dt IS NULL OR exp_dt > {today}", dialect) == [("exp_dt IS NULL", False)]


@pytest.mark.parametrize("unit", ["DAY", "D", "DY", "IW"])
def test_open_end_to_a_week_start_is_not_the_state(unit: str) -> None:
    """Ends after the week's first day include the rows that ended earlier this week: not the
    rows in force today, so the OR stays alternatives (as with a month's first day), not the
    end left empty."""
    got = _filters(f"exp_dt IS NULL OR exp_dt > TRUNC(SYSDATE, '{unit}')", "oracle")
    assert got and all(alternative for _, alternative in got), got
