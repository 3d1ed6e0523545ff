"""Filter matching is a table of small rules (stef_align.filters.MATCHERS): each requirement
is decided by the first rule that claims it, and a requirement none claims is unmet."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import stef_align.filters as filters
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

from stef_core.models import Ruleset
from stef_core.spec import Filter

CASES = [
    # question, SQL, the rules that decided each requirement, the status
    ("How many orders are not cancelled?",
     "SELECT COUNT(*) FROM orders WHERE status != 'cancelled'",
     ["_match_negation"], "fully_applied"),
    ("Which employees have no manager?",
     "SELECT name FROM employees WHERE manager_id IS NULL",
     ["_match_nullness"], "fully_applied"),
    ("Which employees have no manager?",
     "SELECT name FROM employees WHERE manager_id IS NOT NULL",
     ["_match_nullness"], "partially_applied"),
    ("Orders from 'Paris'", "SELECT * FROM orders WHERE city = 'Paris'",
     ["_match_value"], "fully_applied"),
    ("Orders from 'Paris'",
     "SELECT SUM(CASE WHEN city = 'Paris' THEN 1 ELSE 0 END) FROM orders",
     ["_match_value"], "fully_applied"),
    ("Products priced over 100", "SELECT * FROM products WHERE price < 100",
     ["_match_other_operator"], "partially_applied"),
    # (a count held at zero keeps the groups where every row fails its condition: read as
    # that condition negated, the asked value itself)
    ("Customers with no orders of status 'returned'",
     "SELECT c.id FROM customers c LEFT JOIN orders o ON o.customer_id = c.id GROUP BY c.id "
     "HAVING SUM(CASE WHEN o.status = 'returned' THEN 1 ELSE 0 END) = 0",
     ["_match_value"], "fully_applied"),
    ("Orders from 'Paris'", "SELECT * FROM orders", [], "not_applied"),
]


@pytest.fixture
def decided(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the matchers that decided a requirement, in order."""
    log: list[str] = []

    def logged(match: filters.Matcher) -> filters.Matcher:
        def run(r: Filter, m: filters._Match) -> bool:
            verdict = match(r, m)
            if verdict:
                log.append(match.__name__)
            return verdict
        return run

    monkeypatch.setattr(filters, "MATCHERS", tuple(logged(f) for f in filters.MATCHERS))
    yield log


@pytest.mark.parametrize(("question", "sql", "rules", "status"), CASES)
def test_each_requirement_is_decided_by_the_first_rule_that_claims_it(
        decided: list[str], question: str, sql: str, rules: list[str], status: str) -> None:
    fa, _, _ = filters.align_filters(question_spec(question, None), extract_spec(sql),
                                     Ruleset())
    assert decided == rules
    assert fa.status == status


def test_every_matcher_says_what_it_matches() -> None:
    assert len(set(filters.MATCHERS)) == len(filters.MATCHERS)
    for match in filters.MATCHERS:
        assert match.__name__.startswith("_match_")
        assert match.__doc__ and len(match.__doc__.split()) >= 8
