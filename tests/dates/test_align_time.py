"""Comparison of periods (plugins/stef_align/time.py) and the anchor of relative dates, end to
end through the engine."""

from __future__ import annotations

from datetime import date

import pytest
from stef_align.time import align_periods

from stef_core.engine import Engine
from stef_core.models import Anchor, Record, Result, Ruleset
from stef_core.spec import Period, QuestionSpec, SqlSpec
from stef_core.testing import score_one

Q_MARCH = "How many orders were placed in March 2024?"


def codes(result: Result) -> list[str]:
    return [r.code for r in result.reasons]


@pytest.mark.parametrize(
    ("sql", "dialect"),
    [
        ("SELECT COUNT(*) FROM orders WHERE order_date >= '2024-03-01' AND order_date < "
         "'2024-04-01'", None),
        ("SELECT COUNT(*) FROM orders WHERE order_date BETWEEN '2024-03-01' AND '2024-03-31'",
         None),
        ("SELECT COUNT(*) FROM orders WHERE strftime('%Y-%m', order_date) = '2024-03'", "sqlite"),
        ("SELECT COUNT(*) FROM orders WHERE YEAR(order_date) = 2024 AND MONTH(order_date) = 3",
         "tsql"),
        ("SELECT COUNT(*) FROM orders WHERE DATE_TRUNC('month', order_date) = '2024-03-01'",
         "postgres"),
        ("SELECT COUNT(*) FROM orders WHERE FORMAT_DATE('%Y-%m', order_date) = '2024-03'",
         "bigquery"),
        ("SELECT COUNT(*) FROM orders WHERE order_date LIKE '2024-03%'", "mysql"),
    ],
)
def test_same_interval_is_matched_whatever_the_spelling(sql: str, dialect: str | None) -> None:
    result = score_one(Q_MARCH, sql, dialect=dialect)
    assert result.filter_alignment is not None
    assert result.filter_alignment.status == "fully_applied"
    assert result.filter_alignment.extras == []
    assert result.score is not None and result.score >= 90


def test_another_interval_is_a_value_mismatch_showing_both() -> None:
    result = score_one(Q_MARCH, "SELECT COUNT(*) FROM orders WHERE order_date >= '2024-02-01' "
                                "AND order_date < '2024-03-01'")
    [reason] = [r for r in result.reasons if r.code == "filter.value_mismatch"]
    assert reason.message == ("the question asks March 2024 but the SQL filters order_date on "
                              "another period: February 2024")
    assert result.score is not None and result.score < 75
    assert "filter.extra" not in codes(result)  # the SQL's bounds were compared, not extras


@pytest.mark.parametrize(
    ("question", "sql"),
    [
        ("How many orders were placed in 2024?",
         "SELECT COUNT(*) FROM orders WHERE order_date >= '2024-01-01'"),
        ("How many orders were placed since 2024?",
         "SELECT COUNT(*) FROM orders WHERE YEAR(order_date) = 2024"),
    ],
)
def test_open_for_closed_is_an_operator_mismatch(question: str, sql: str) -> None:
    result = score_one(question, sql, dialect="mysql")
    assert "filter.operator_mismatch" in codes(result)
    assert result.score is not None and result.score < 75


def test_dropped_year_is_a_major_missing_filter() -> None:
    result = score_one("How many accounts were closed in 2023?",
                       "SELECT COUNT(*) FROM accounts WHERE status = 'closed'")
    [reason] = [r for r in result.reasons if r.code == "filter.missing"]
    assert reason.severity == "major" and "2023" in reason.message
    assert result.score is not None and result.score < 75


def test_a_bare_year_the_sql_ignores_is_minor() -> None:
    result = score_one("Count the number of papers in NAACL 2000.",
                       "SELECT COUNT(*) FROM papers WHERE venue = 'NAACL'")
    assert [(r.code, r.severity) for r in result.reasons if "2000" in r.message] == [
        ("filter.missing", "minor")]


def test_end_of_day_is_a_minor_finding_of_its_own() -> None:
    result = score_one("How many orders were placed in 2024?",
                       "SELECT COUNT(*) FROM orders WHERE created_at BETWEEN '2024-01-01' AND "
                       "'2024-12-31'")
    [reason] = [r for r in result.reasons if r.code == "date.end_of_day"]
    assert reason.severity == "minor" and reason.category == "value"
    assert result.filter_alignment is not None
    assert result.filter_alignment.status == "fully_applied"
    # A minor finding weighs little: the calibrated judge keeps the record at least
    # likely_correct (score 64 or more) and lowers gamma only a little below the exclusive end.
    assert result.band != "poor" and result.score is not None and result.score >= 60
    # a date column, or an exclusive end, is fine
    assert "date.end_of_day" not in codes(score_one(
        "How many orders were placed in 2024?",
        "SELECT COUNT(*) FROM orders WHERE order_date BETWEEN '2024-01-01' AND '2024-12-31'"))
    exclusive = score_one(
        "How many orders were placed in 2024?",
        "SELECT COUNT(*) FROM orders WHERE created_at >= '2024-01-01' AND created_at < "
        "'2025-01-01'")
    assert "date.end_of_day" not in codes(exclusive)
    assert result.confidence is not None and exclusive.confidence is not None
    assert exclusive.confidence - 0.15 <= result.confidence < exclusive.confidence


def test_hint_spelling_the_sql_does_not_follow_is_a_mismatch() -> None:
    question = "How much did the KAM customers consume in total in May 2013?"
    enriched = question + " Hint: May 2013 refers to yearmonth.date = 201305"
    right = score_one(question, "SELECT SUM(consumption) FROM yearmonth WHERE date = 201305",
                      enriched_question=enriched)
    wrong = score_one(question, "SELECT SUM(consumption) FROM yearmonth WHERE date = '2013-05'",
                      enriched_question=enriched)
    assert "filter.value_mismatch" not in codes(right)
    [reason] = [r for r in wrong.reasons if r.code == "filter.value_mismatch"]
    assert "compactly" in reason.message


def test_date_column_compared_with_a_bare_year_is_a_mismatch() -> None:
    result = score_one("How many accounts were opened in 1993?",
                       "SELECT COUNT(*) FROM account WHERE account.date = 1993")
    [reason] = [r for r in result.reasons if r.code == "filter.value_mismatch"]
    assert "bare year" in reason.message
    # a year column holds years
    assert codes(score_one("How many accounts were opened in 1993?",
                           "SELECT COUNT(*) FROM account WHERE open_year = 1993")) == []


def test_years_in_plain_columns_answer_year_questions() -> None:
    result = score_one("Which institutions were founded after 1990?",
                       "SELECT name FROM institution WHERE founded > 1990")
    assert codes(result) == []
    # ... but not an id, nor a name that happens to be a year
    assert "filter.missing" in codes(score_one(
        "Show orchestras founded before 2003", "SELECT name FROM orchestra WHERE "
                                               "orchestra_id < 2003"))


def test_until_accepts_either_reading_of_its_end() -> None:
    for end in ("< '2024-04-01'", "< '2024-03-01'", "<= '2024-03-31'"):
        result = score_one("How many orders until March 2024?",
                           f"SELECT COUNT(*) FROM orders WHERE order_date {end}")
        assert result.filter_alignment is not None
        assert result.filter_alignment.status == "fully_applied", end


def test_a_day_and_a_time_on_two_columns_make_the_moment() -> None:
    result = score_one("What segment did the customer have at 2012/8/23 21:20:00?",
                       "SELECT segment FROM transactions WHERE date = '2012-08-23' AND "
                       "time = '21:20:00'")
    assert result.filter_alignment is not None
    assert result.filter_alignment.status == "fully_applied"


def test_dates_used_in_case_when_answer_the_question() -> None:
    result = score_one(
        "What is the increase of the balance from 1993/3/22 to 1998/12/27?",
        "SELECT SUM(CASE WHEN date = '1998-12-27' THEN balance ELSE 0 END) - SUM(CASE WHEN "
        "date = '1993-03-22' THEN balance ELSE 0 END) FROM trans")
    assert not [r for r in result.reasons if r.code.startswith("filter.")]


def test_relative_sql_filter_the_question_did_not_ask_for_is_an_extra() -> None:
    result = score_one("How many orders are there?",
                       "SELECT COUNT(*) FROM orders WHERE order_date >= date('now', '-7 day')",
                       dialect="sqlite")
    assert result.filter_alignment is not None
    assert result.filter_alignment.status == "fully_applied_with_extras"


def test_align_periods_directly() -> None:
    q = QuestionSpec(periods=(Period(None, "2024-03-01", "2024-04-01", grain="month",
                                     source="question", text="March 2024"),))
    s = SqlSpec(periods=(Period("d", "2024-03-01", "2024-04-01"),))
    got = align_periods(q, s, Ruleset(), Anchor(date=date(2024, 6, 15), source="--today"))
    assert got.matched == ["d in [2024-03-01, 2024-04-01)"] and not got.reasons
    assert got.required == ["? in [2024-03-01, 2024-04-01)"]
    ignored = align_periods(q, s, Ruleset(ignored_filters=["d"]), None)
    assert [r.code for r in ignored.reasons] == ["filter.missing"]


# ---- relative dates and their anchor ------------------------------------------------------

LAST_MONTH = ("SELECT COUNT(*) FROM orders WHERE order_date >= '2024-05-01' AND order_date < "
              "'2024-06-01'")


def run(engine: Engine, **record: str) -> Result:
    [result] = engine.evaluate_batch([Record(id="r", **record)])  # type: ignore[arg-type]
    return result


def test_relative_question_is_anchored_at_the_records_timestamp() -> None:
    engine = Engine(today="2030-01-01")
    result = run(engine, question="How many orders were placed last month?", sql=LAST_MONTH,
                 timestamp="2024-06-15T08:00:00Z")
    assert result.anchor == Anchor(date=date(2024, 6, 15), source="timestamp")
    assert result.filter_alignment is not None
    assert result.filter_alignment.status == "fully_applied"
    shifted = run(engine, question="How many orders were placed last month?", sql=LAST_MONTH,
                  timestamp="2024-07-15T08:00:00Z")
    assert "filter.value_mismatch" in codes(shifted)


def test_relative_question_falls_back_to_today_then_to_the_run_date() -> None:
    result = run(Engine(today="2024-06-15"), question="How many orders were placed last month?",
                 sql=LAST_MONTH)
    assert result.anchor == Anchor(date=date(2024, 6, 15), source="--today")
    assert codes(result) == []
    fallback = run(Engine(), question="How many orders were placed last month?", sql=LAST_MONTH)
    assert fallback.anchor is not None and fallback.anchor.source == "run date"


def test_anchor_is_only_reported_when_a_relative_date_was_read() -> None:
    result = run(Engine(today="2024-06-15"), question="How many orders were placed in 2024?",
                 sql="SELECT COUNT(*) FROM orders WHERE YEAR(order_date) = 2024")
    assert result.anchor is None
    sql_side = run(Engine(today="2024-06-15"), question="How many orders?",
                   sql="SELECT COUNT(*) FROM orders WHERE order_date >= CURRENT_DATE - 7")
    assert sql_side.anchor == Anchor(date=date(2024, 6, 15), source="--today")


@pytest.mark.parametrize(
    ("question", "sql", "dialect"),
    [
        ("How many orders in the past 7 days?",
         "SELECT COUNT(*) FROM orders WHERE order_date >= CURRENT_DATE - INTERVAL '7' DAY",
         "postgres"),
        ("How many orders in the past 7 days?",
         "SELECT COUNT(*) FROM orders WHERE order_date >= date('now', '-7 day')", "sqlite"),
        ("How many orders this year?",
         "SELECT COUNT(*) FROM orders WHERE YEAR(order_date) = YEAR(GETDATE())", "tsql"),
        ("How many orders year to date?",
         "SELECT COUNT(*) FROM orders WHERE order_date >= DATE_TRUNC('year', CURRENT_DATE)",
         "postgres"),
        ("How many orders yesterday?",
         "SELECT COUNT(*) FROM orders WHERE DATE(order_date) = DATE_SUB(CURDATE(), INTERVAL 1 "
         "DAY)", "mysql"),
        ("How many orders last month?",
         "SELECT COUNT(*) FROM orders WHERE order_date >= DATEADD(month, -1, DATE_TRUNC('month', "
         "CURRENT_DATE)) AND order_date < DATE_TRUNC('month', CURRENT_DATE)", "snowflake"),
    ],
)
def test_relative_spellings_match(question: str, sql: str, dialect: str) -> None:
    result = run(Engine(today="2024-06-15"), question=question, sql=sql, dialect=dialect)
    assert result.filter_alignment is not None
    assert result.filter_alignment.status == "fully_applied", result.reasons


def test_relative_mismatch_message_names_the_anchor() -> None:
    result = run(Engine(today="2024-06-15"), question="How many orders last month?",
                 sql="SELECT COUNT(*) FROM orders WHERE order_date >= DATE_TRUNC('month', "
                     "CURRENT_DATE)", dialect="postgres")
    [reason] = [r for r in result.reasons if r.code.startswith("filter.")]
    assert "'last month' (May 2024, as of 2024-06-15)" in reason.message
    assert "since 2024-06-01" in reason.message and "@" not in reason.message


def test_hint_compact_spelling_is_not_read_by_a_date_function() -> None:
    question = "Which client ID consumed the most in September 2013?"
    enriched = question + " Hint: September 2013 refers to yearmonth.date = '201309'"
    wrong = score_one(question, "SELECT customerid FROM yearmonth WHERE strftime('%Y-%m', date) "
                                "= '2013-09'", enriched_question=enriched, dialect="sqlite")
    assert "filter.value_mismatch" in codes(wrong)
    right = score_one(question, "SELECT customerid FROM yearmonth WHERE substr(date, 1, 6) = "
                                "'201309'", enriched_question=enriched, dialect="sqlite")
    assert "filter.value_mismatch" not in codes(right)


def test_week_numbers_in_a_week_column() -> None:
    right = score_one("How many tickets were opened in week 45?",
                      "SELECT COUNT(*) FROM tickets WHERE opened_week = 45")
    assert codes(right) == []
    wrong = score_one("How many tickets were opened in week 45?",
                      "SELECT COUNT(*) FROM tickets WHERE opened_week = 46")
    assert "filter.value_mismatch" in codes(wrong)
