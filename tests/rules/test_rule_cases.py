"""Every YAML rule case under tests/rules/cases, through the shared runner.

``pytest -k limit_tolerance`` runs one rule's cases.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stef_core.testing import RuleCase, load_rule_cases, rule_case_params, run_rule_case

CASES = load_rule_cases(Path(__file__).parent / "cases")


@pytest.mark.parametrize("case", rule_case_params(CASES))
def test_rule_case(case: RuleCase) -> None:
    run_rule_case(case)


def test_every_builtin_rule_has_cases() -> None:
    rules = {c.rule for c in CASES}
    assert {
        "required_group_by",
        "benign_group_by",
        "order_by_tolerance",
        "limit_tolerance",
    } <= rules
