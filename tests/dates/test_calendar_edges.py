"""Dates past the calendar's edges are clamped, never an `internal:` error (issue 21, item 5).

Reproducers: `date('now', '+8000 years')`, `date('now','-1000000 day')`, `CURRENT_DATE -
INTERVAL '99999999999' DAY`, `DATEADD(day,-99999999999,GETDATE())` and "the week starting
9999-12-30" each crashed the record as `internal:` (1,305 of 4,410 fuzzed date cases did).
"""

from __future__ import annotations

from datetime import datetime

import pytest

from stef_core.engine import evaluate
from stef_core.periods import EARLIEST, LATEST, add

QUESTION = "How many orders were placed in the last week?"


@pytest.mark.parametrize(("sql", "dialect"), [
    ("SELECT COUNT(*) FROM orders WHERE d > date('now', '+8000 years')", "sqlite"),
    ("SELECT COUNT(*) FROM orders WHERE d > date('now','-1000000 day')", "sqlite"),
    ("SELECT COUNT(*) FROM orders WHERE d > CURRENT_DATE - INTERVAL '99999999999' DAY", None),
    ("SELECT COUNT(*) FROM orders WHERE d > DATEADD(day,-99999999999,GETDATE())", "tsql"),
    ("SELECT COUNT(*) FROM orders WHERE d >= DATEADD(month, 99999999999, GETDATE())", "tsql"),
    ("SELECT COUNT(*) FROM orders WHERE YEARWEEK(d, 1) = 999952", "mysql"),
])
def test_sql_dates_out_of_range_are_a_finding_not_a_crash(sql: str, dialect: str | None) -> None:
    [result] = evaluate([{"question": QUESTION, "sql": sql, "dialect": dialect}],
                        today="2024-06-15")
    assert result.status == "scored", result.error
    assert result.filter_alignment is not None
    assert result.filter_alignment.status != "fully_applied"  # not the week asked


@pytest.mark.parametrize("question", [
    "How many orders in the week starting 9999-12-30?",
    "How many orders on 9999-12-31 at 23:59?",
    "How many orders on 9999-12-31 between 23:00 and 23:59?",
])
def test_question_dates_at_the_edge_are_read_not_a_crash(question: str) -> None:
    [result] = evaluate([{"question": question, "sql": "SELECT COUNT(*) FROM orders"}],
                        today="2024-06-15")
    assert result.status == "scored", result.error


def test_the_calendar_stops_at_its_edges() -> None:
    day = datetime(2024, 6, 15)
    assert add(day, "year", 8000) == LATEST and add(day, "quarter", -9000) == EARLIEST
    assert add(day, "day", 99999999999) == LATEST and add(day, "week", -99999999999) == EARLIEST
    assert add(datetime(9999, 12, 30), "week", 1) == LATEST
    assert add(day, "month", 1) == datetime(2024, 7, 15)  # inside the calendar, as before
