"""Properties of ``date.moment_equals_day`` (stef_align.time): a column whose name says it holds
moments, compared for equality with a day, is always the finding, whatever the dialect, the
day (a literal or one relative to today) and the alias; its date compared instead, a
half-open day, or a column named for days never is."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align.time import align_periods
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

from stef_core.models import Ruleset

MOMENTS = ["created_at", "opened_ts", "event_time", "submitted_at", "logged_ts"]
DAYS_COLUMNS = ["order_date", "service_dt", "signup_date"]
#: (dialect, a day, the day after it) as each dialect spells them
DAYS = [
    ("postgres", "'2025-03-03'", "'2025-03-04'"),
    ("postgres", "CURRENT_DATE - 1", "CURRENT_DATE"),
    ("tsql", "DATEADD(day, -1, CAST(GETDATE() AS DATE))", "CAST(GETDATE() AS DATE)"),
    ("sqlite", "date('now', '-1 day')", "date('now')"),
    ("snowflake", "'2025-03-03'", "'2025-03-04'"),
]
QUESTION = question_spec("how many rows on that day", None)


def codes(sql: str, dialect: str) -> list[str]:
    spec = extract_spec(sql, dialect)
    return [r.code for r in align_periods(QUESTION, spec, Ruleset()).reasons]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(MOMENTS), st.sampled_from(DAYS), st.sampled_from(["", "t."]))
def test_a_moment_equal_to_a_day_always_fires(column: str, day: tuple[str, str, str],
                                              prefix: str) -> None:
    dialect, value, _ = day
    sql = f"SELECT COUNT(*) FROM events t WHERE {prefix}{column} = {value}"
    assert "date.moment_equals_day" in codes(sql, dialect)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(MOMENTS), st.sampled_from(DAYS_COLUMNS), st.sampled_from(DAYS))
def test_dates_ranges_and_day_columns_never_fire(moment: str, day_column: str,
                                                 day: tuple[str, str, str]) -> None:
    dialect, value, after = day
    for where in (f"CAST({moment} AS DATE) = {value}",
                  f"{moment} >= {value} AND {moment} < {after}",
                  f"{day_column} = {value}"):
        assert "date.moment_equals_day" not in codes(
            f"SELECT COUNT(*) FROM events WHERE {where}", dialect)
