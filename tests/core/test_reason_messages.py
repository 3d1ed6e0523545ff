"""A finding's message names the SQL's own evidence for it, not another filter that happens to
share a number with what the question asks."""

from __future__ import annotations

import pytest

from stef_core.testing import score_one

CASES = [
    # (question, sql, code, the message names, the message does not name)
    ("customers who ordered more than 5 times this year",
     "SELECT customer_id, COUNT(*) AS n FROM orders WHERE org_id = 5 AND order_dt >= "
     "DATE '2026-01-01' GROUP BY customer_id HAVING COUNT(*) >= 5",
     "filter.operator_mismatch", ">= 5", "org_id"),
]


@pytest.mark.parametrize(("question", "sql", "code", "named", "not_named"), CASES)
def test_a_message_names_the_evidence(question: str, sql: str, code: str, named: str,
                                      not_named: str) -> None:
    result = score_one(question, sql, dialect="duckdb", timestamp="2026-11-18T14:05:00Z")
    messages = [r.message for r in result.reasons if r.code == code]
    assert messages, [r.code for r in result.reasons]
    assert named in messages[0] and not_named not in messages[0]
