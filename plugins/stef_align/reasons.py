"""Reason codes, their NL2SQL-Bugs category, and how a finding is made.

Severity says what a finding does to the score (the offline judge guarantees it):
``critical`` (a precise finding of a wrong answer: a wrong value, a reversed direction, a
wrong aggregate, a missing strong filter ...) brings the record below 75; ``major`` and
``minor`` lower confidence; ``info`` is reported only.
"""

from __future__ import annotations

from typing import Literal

from stef_core.models import Reason

Severity = Literal["info", "minor", "major", "critical"]

CATEGORY = {
    "filter.missing": "condition",
    "filter.value_mismatch": "value",
    "filter.operator_mismatch": "operator",
    "filter.extra": "condition",
    "filter.guard": "condition",
    "filter.column_mismatch": "attribute",
    "aggregation.mismatch": "function",
    "aggregation.missing": "function",
    "groupby.missing": "clause",
    "groupby.extra": "clause",
    "orderby.direction": "clause",
    "orderby.missing": "clause",
    "limit.unrequested": "clause",
    "limit.missing_topk": "clause",
    "limit.k_mismatch": "clause",
    "projection.missing": "attribute",
    "projection.extra": "attribute",
    "distinct.missing": "clause",
    "enrichment.drift": "other",
    "join.key_mismatch": "table",
    "enrichment.expression_missing": "attribute",
    "date.end_of_day": "value",
}


def reason(code: str, message: str, severity: Severity = "minor") -> Reason:
    """A finding with its NL2SQL-Bugs category looked up from its code."""
    return Reason(code=code, message=message, category=CATEGORY.get(code, "other"),
                  severity=severity)
