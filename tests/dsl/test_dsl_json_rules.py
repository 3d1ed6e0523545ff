"""Hand-written R_app JSON is validated with the schema; every error carries its JSON path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stef_core.rules import RulesError, load_rules, ruleset_from_data

OPS = "['=', '!=', '<>', '<', '<=', '>', '>=', 'IN', 'LIKE', 'IS']"


def _errors(data: object) -> list[str]:
    with pytest.raises(RulesError) as info:
        ruleset_from_data(data, "rules.json")
    return info.value.messages


def test_wrong_operator_points_at_its_path() -> None:
    data = {"benign_filters": [{"column": "a"}, {"column": "b"}, {"column": "c", "op": "EQ"}]}
    assert _errors(data) == [f"rules.json: $.benign_filters[2].op: 'EQ' is not one of {OPS}"]


def test_every_problem_is_reported_with_its_path() -> None:
    data = {
        "limit_guard": 0,
        "rules": {"limit_tolerance": "no"},
        "scoring": {"confidence_tiers": [{"threshold": 2, "factor": 0.5}]},
        "limitguard": 5,
    }
    assert sorted(_errors(data)) == sorted([
        "rules.json: $: Additional properties are not allowed ('limitguard' was unexpected)",
        "rules.json: $.limit_guard: 0 is less than the minimum of 1",
        "rules.json: $.rules.limit_tolerance: 'no' is not of type 'boolean'",
        "rules.json: $.scoring.confidence_tiers[0].threshold: 2 is greater than the maximum of 1",
    ])


def test_not_an_object() -> None:
    assert _errors([1]) == ["rules.json: $: [1] is not of type 'object'"]


def test_json_syntax_error_gives_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "rules.json"
    path.write_text('{\n  "name": "x",\n  "version": ,\n}\n')
    with pytest.raises(RulesError) as info:
        load_rules(path)
    assert info.value.messages == [f"{path}:3:14: not JSON: Expecting value"]


def test_valid_json_loads(tmp_path: Path) -> None:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"name": "x", "benign_filters": [{"column": "tenant_id"}]}))
    ruleset = load_rules(path)
    assert ruleset.benign_filters[0].value == "*"


def test_other_suffixes_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("name: x\n")
    with pytest.raises(RulesError, match=r"rules must be a \.stef ruleset or compiled \.json"):
        load_rules(path)
