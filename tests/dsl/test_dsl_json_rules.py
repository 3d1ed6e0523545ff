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


def test_json_gets_the_same_semantic_checks_with_paths(tmp_path: Path) -> None:
    data = {
        "scoring": {
            "bands": {"excellent": 40},
            "filter": {"partially_applied": 4.5},
            "verdict": {"potentially_incorrect": 4},
            "verdict_cuts": {"likely_correct": 0.9},
            "confidence_tiers": [{"threshold": 0.9, "factor": 0.5},
                                 {"threshold": 0.5, "factor": 0.8}],
        },
        "synonyms": {"priority": ["urgency"], "customer_id": ["Urgency"]},
        "terms": {"gold": "tier = 'gold'", "bad": "SUM(("},
        "predicates": {"revenue": "SUM(price)", "top priority": "priority = 'urgent'"},
        "categories": {"priority": {"values": ["low", "urgent", "low"],
                                    "words": {"critical": "urgnet", "top priority": "urgent",
                                              "low": "urgent"}}},
        "lexicon": {"agregate": {"tally": "COUNT"}, "direction": {"up": "ascending"},
                    "aggregate": {"tally": "count"}},
        "calibration": "missing.json",
    }
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RulesError) as info:
        load_rules(path)
    assert [m.removeprefix(f"{path}: ") for m in info.value.messages] == [
        "$.scoring.filter.partially_applied: filter.partially_applied (4.5) must not be above "
        "filter.fully_applied_with_extras (4)",
        "$.scoring.verdict.potentially_incorrect: verdict.potentially_incorrect (4) must not be "
        "above verdict.likely_correct (3)",
        "$.scoring.bands.good: band.good (75) must be below band.excellent (40)",
        "$.scoring.verdict_cuts.likely_correct: cut.likely_correct (0.9) must be below "
        "cut.correct (0.75)",
        "$.scoring.confidence_tiers[1].factor: confidence tier 0.5 has factor 0.8, above the "
        "factor 0.5 of tier 0.9: a more confident judge must never count less",
        "$.terms.gold: \"tier = 'gold'\" is a condition; conditions go under predicates",
        "$.terms.bad: does not parse: Required keyword: 'this' missing",
        "$.predicates.revenue: 'SUM(price)' is not a condition; metrics go under terms",
        "$.synonyms.customer_id[0]: 'urgency' already means column priority "
        "($.synonyms.priority[0]); a word means one thing",
        "$.categories.priority.words.critical: 'urgnet' is not one of the values of priority: "
        "'low', 'urgent', 'low'",
        "$.categories.priority.words.low: 'low' is itself a value of priority",
        "$.predicates['top priority']: 'top priority' already means priority = 'urgent' "
        "($.categories.priority.words['top priority']); a word means one thing",
        "$.lexicon.agregate: unknown concept 'agregate' (did you mean 'aggregate'?); one of "
        "aggregate, direction, comparative, negation, grouping, unit, ignore",
        "$.lexicon.direction.up: 'ascending' is not a meaning of direction; one of asc, desc",
        "$.calibration: cannot use 'missing.json': no such file",
    ]


def test_json_warnings_and_calibration_relative_to_the_file(tmp_path: Path) -> None:
    (tmp_path / "cal").mkdir()
    (tmp_path / "cal" / "c.json").write_text("{}")
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"categories": {"s": {"values": ["a", "A"]}},
                                "calibration": "cal/c.json"}))
    warnings: list[str] = []
    ruleset = load_rules(path, warnings=warnings)
    assert ruleset.calibration == str((tmp_path / "cal" / "c.json").resolve())
    assert warnings == [f"{path}: $.categories.s.values[1]: warning: value 'A' is listed twice"]


def test_json_ranges_come_from_the_schema() -> None:
    assert sorted(_errors({"scoring": {"verdict": {"correct": -3}, "bands": {"good": 120},
                                       "verdict_cuts": {"correct": 1.5}}})) == [
        "rules.json: $.scoring.bands.good: 120 is greater than the maximum of 100",
        "rules.json: $.scoring.verdict.correct: -3 is less than the minimum of 0",
        "rules.json: $.scoring.verdict_cuts.correct: 1.5 is greater than the maximum of 1",
    ]


def test_json_word_may_name_a_column_and_a_value(tmp_path: Path) -> None:
    """A column's synonym and a value's word are two kinds of meaning, as in the language: the
    question tells which by where it says the word. Two columns or two values stay errors."""
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({
        "name": "shop",
        "synonyms": {"refund_amt": ["refund"]},
        "categories": {"txn_type": {"values": ["SALE", "REFUND"], "words": {"refund": "REFUND"}}},
    }))
    assert load_rules(path).synonyms == {"refund_amt": ["refund"]}
    path.write_text(json.dumps({
        "name": "shop",
        "synonyms": {"refund_amt": ["refund"], "credit_amt": ["refund"]},
        "categories": {"txn_type": {"values": ["SALE", "REFUND"], "words": {"back": "REFUND"}},
                       "kind": {"values": ["A", "B"], "words": {"back": "A"}}},
    }))
    with pytest.raises(RulesError) as info:
        load_rules(path)
    assert [m.removeprefix(f"{path}: ") for m in info.value.messages] == [
        "$.synonyms.credit_amt[0]: 'refund' already means column refund_amt "
        "($.synonyms.refund_amt[0]); a word means one thing",
        "$.categories.kind.words.back: 'back' already means txn_type = 'REFUND' "
        "($.categories.txn_type.words.back); a word means one thing",
    ]
