"""Drift of periods (issue 20): a reformulation that resolves a period against the record's
anchor restates it; one that reads another stretch of time changes it. Messages are plain
words, never the internal notation of relative bounds."""

from __future__ import annotations

from datetime import date

import pytest
from stef_align.time import period_drift
from stef_question.extract import extract_question

from stef_core.models import Anchor, Ruleset


def drift(question: str, reformulation: str, anchor: str) -> list[tuple[str, str]]:
    return period_drift(extract_question(question, reformulation, Ruleset()),
                        Anchor(date=date.fromisoformat(anchor), source="timestamp"))


@pytest.mark.parametrize(("question", "reformulation", "anchor"), [
    ("revenue last month", "Total revenue for last month (April 2025).", "2025-05-03"),
    ("revenue last month", "Revenue for 2025-04-01 to 2025-04-30.", "2025-05-13"),
    ("signups this month", "Signups from 2025-05-01 to today (2025-05-12).", "2025-05-12"),
    ("new customers this year", "Customers who signed up in 2025.", "2025-05-03"),
    ("new customers this year", "Customers with signup_date since 2025-01-01.", "2025-05-13"),
    ("repeat customer rate ytd", "Repeat customer rate for 2025 year to date.", "2025-05-08"),
    ("top 5 products in april", "Top 5 products by units sold in April 2025.", "2025-05-05"),
    ("share of revenue from the app in Q1", "Percent of Q1 2025 revenue from the app.",
     "2025-05-08"),
    ("tickets solved in december", "Tickets solved in December 2025.", "2026-02-12"),
    ("customers without orders since june", "No orders created since 2024-06-01.",
     "2024-09-02"),
    ("revenue q1 vs q1 last year", "Revenue in Q1 2025 and Q1 2024.", "2025-05-08"),
    ("avg invoice by segment last qtr", "Average invoice per segment for Q3 2025.",
     "2025-11-09"),
    ("failed payments last week", "Failed payments from Monday 2025-11-03 to Sunday 2025-11-09.",
     "2025-11-12"),
    ("tickets by email last month", "Tickets created in the previous calendar month.",
     "2026-02-26"),
    ("invoices by segment last qtr", "Mean invoice total dated July-September 2025.",
     "2025-11-12"),
    ("overdue invoices", "Invoices with status = 'open' and due_dt < 2025-11-24.", "2025-11-24"),
    ("orders last month", "Orders last month, as of 2025-05-15.", "2025-05-15"),
    ("collections by month for 2025", "Collections per month. Period: 2025-01-01 to date.",
     "2025-08-12"),
    # days of one month with the year once (session 37)
    ("refund rate this month", "Refunds over orders placed November 1-18, 2026.", "2026-11-18"),
    ("dau last 7 days", "Distinct users for each of the last 7 full days (Nov 11-17, 2026).",
     "2026-11-18"),
    # no event since a day is the last one before it
    ("customers who havent ordered since june",
     "Customers whose most recent order was placed before June 1, 2026.", "2026-11-18"),
    ("accounts with no login in the past 60 days",
     "Active accounts whose most recent login is more than 60 days ago.", "2026-11-18"),
    # a weekday abbreviated before each end of a range
    ("deliveries last week", "Deliveries from Mon Nov 9 to Sun Nov 15, 2026.", "2026-11-18"),
])
def test_a_resolved_period_is_no_drift(question: str, reformulation: str, anchor: str) -> None:
    assert drift(question, reformulation, anchor) == []


@pytest.mark.parametrize(("question", "reformulation", "anchor", "expected"), [
    ("top 5 products by units sold in april", "Which 5 products sold the most in April 2024?",
     "2025-05-27", [("changed", "the reformulation reads 'april' (April 2025) as April 2024")]),
    ("revenue last month", "Total revenue over the last 30 days.", "2025-05-29",
     [("changed", "the reformulation reads 'last month' (April 2025) as 2025-04-29 to "
                  "2025-05-29")]),
    ("how many accounts churned last quarter", "Accounts churned this quarter.", "2025-11-04",
     [("changed", "the reformulation reads 'last quarter' (Q3 2025) as Q4 2025")]),
    ("orders by channel in 2024", "Orders by channel.", "2025-05-03",
     [("dropped", "the reformulation drops '2024' (2024)")]),
    ("collections by month for 2025", "Collections per month. Period: 2024-01-01 to date.",
     "2025-08-12", [("changed", "the reformulation reads '2025' (2025) as since 2024-01-01")]),
    ("orders by channel", "Orders by channel in March 2025.", "2025-05-03",
     [("added", "the reformulation adds the period March 2025, which the question does not "
                "name")]),
    # the last event before another day than the one "since" names
    ("customers who havent ordered since june",
     "Customers whose most recent order was placed before May 1, 2026.", "2026-11-18",
     [("changed", "the reformulation reads 'since june' (since 2026-06-01) as before "
                  "2026-05-01")]),
])
def test_a_changed_dropped_or_added_period_is_drift_once_in_plain_words(
        question: str, reformulation: str, anchor: str,
        expected: list[tuple[str, str]]) -> None:
    found = drift(question, reformulation, anchor)
    assert found == expected
    assert not any("@" in message or "start of" in message for _, message in found)


def test_no_reformulation_no_drift() -> None:
    spec = extract_question("revenue last month", None, Ruleset())
    assert spec.restated_periods is None
    assert period_drift(spec, "2025-05-03") == []
