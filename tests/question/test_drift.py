"""Drift: what the reformulation added or dropped, each constraint once, never the SQL's."""

from __future__ import annotations

import pytest
from stef_question.extract import extract_question

from stef_core.models import Ruleset

CASES = [
    # (question, reformulation, expected drift)
    ("How many enterprise deals closed?",
     "Count the deals with segment = 'enterprise' and stage = 'closed_won'.",
     ["added stage = 'closed_won'"]),
    # naming what the question said is no drift ("water damage" as 'water_damage')
    ("What's the average claim for water damage?",
     "Average claim_amount where peril = 'water_damage'.",
     []),
    # nor is one bound said two ways ("more than one" as "at least two")
    ("Which customers have more than one active subscription?",
     "Accounts with at least 2 subscriptions in status 'active'.",
     []),
    # nor the deployment's scope (one store, test rows flagged out)
    ("How many gold members do we have?",
     "Count of customers with loyalty_tier = 'gold'; store_id = 17, is_test = false.",
     []),
    # a list of values added once, not once more per value
    ("What was revenue last month?",
     "SUM(total) of orders with status IN ('paid', 'shipped'); last month = April 2025.",
     ["added status IN ('paid', 'shipped')"]),
    ("How many staff members work in Paris?",
     "Count the employees whose office_city = 'Paris'.",
     []),
]


@pytest.mark.parametrize(("question", "reformulation", "drift"), CASES)
def test_each_added_value_is_reported_once(question: str, reformulation: str,
                                           drift: list[str]) -> None:
    spec = extract_question(question, reformulation, Ruleset())
    assert list(spec.drift) == drift


def test_an_added_condition_stays_a_strong_requirement() -> None:
    spec = extract_question("Which students are at risk?",
                            "List the students with gpa < 2.0 or attendance_rate < 0.75.",
                            Ruleset())
    assert spec.drift  # reported as drift ...
    strong = {f.describe() for f in spec.filters if f.strength == "strong"}
    assert any("gpa" in d for d in strong)  # ... and still required as the agent wrote it
