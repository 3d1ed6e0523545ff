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
    ("What's the average claim for water damage?",
     "Average claim_amount where peril = 'water_damage'.",
     ["added peril = 'water_damage'"]),
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
