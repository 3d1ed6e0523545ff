"""Golden fixtures for the rule language: valid files pin their compiled R_app and their
canonical formatting, invalid files pin the whole error text.

Regenerate after an intended change with ``STEF_UPDATE_GOLDEN=1 pytest tests/dsl`` and review
the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stef_core.dsl import compile_file, compile_text, format_text, ruleset_json
from stef_core.rules import RulesError

FIXTURES = Path(__file__).parent / "fixtures"
UPDATE = os.environ.get("STEF_UPDATE_GOLDEN") == "1"
# Pinned so that the goldens do not change when another plugin adds a rule.
RULE_IDS = ("vocabulary", "required_group_by", "benign_group_by", "order_by_tolerance",
            "limit_tolerance")

VALID = sorted(p.name for p in (FIXTURES / "valid").glob("*.stef"))
INVALID = sorted(p.name for p in (FIXTURES / "invalid").glob("*.stef"))


def _golden(path: Path, actual: str) -> str:
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"missing golden {path}; run with STEF_UPDATE_GOLDEN=1 to create it")
        path.write_text(actual, encoding="utf-8")
    return path.read_text(encoding="utf-8")


def _errors(name: str, monkeypatch: pytest.MonkeyPatch) -> str:
    # Errors name files as given, so compile from the fixtures folder with a relative path.
    monkeypatch.chdir(FIXTURES)
    with pytest.raises(RulesError) as info:
        compile_file(f"invalid/{name}", rule_ids=RULE_IDS)
    return "\n".join(info.value.messages) + "\n"


@pytest.mark.parametrize("name", VALID)
def test_valid_fixture_compiles_to_pinned_r_app(name: str) -> None:
    ruleset = compile_file(FIXTURES / "valid" / name, rule_ids=RULE_IDS)
    # `calibration` compiles to an absolute path: pin it relative to the fixtures.
    actual = ruleset_json(ruleset).replace(str(FIXTURES.resolve()), "<fixtures>")
    assert actual == _golden(FIXTURES / "valid" / name.replace(".stef", ".json"), actual)


@pytest.mark.parametrize("name", VALID)
def test_valid_fixture_warnings_are_pinned(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES)
    warnings: list[str] = []
    compile_file(f"valid/{name}", rule_ids=RULE_IDS, warnings=warnings)
    golden = FIXTURES / "valid" / name.replace(".stef", ".warn")
    actual = "".join(w + "\n" for w in warnings)
    if not warnings and not golden.exists():
        return  # a file without warnings has no .warn golden
    assert actual == _golden(golden, actual)


@pytest.mark.parametrize("name", VALID)
def test_valid_fixture_formats_to_pinned_text(name: str) -> None:
    path = FIXTURES / "valid" / name
    text = path.read_text(encoding="utf-8")
    formatted = format_text(text, str(path))
    assert formatted == _golden(path.with_suffix(".fmt"), formatted)
    assert format_text(formatted) == formatted  # idempotent
    before = compile_file(path, rule_ids=RULE_IDS)
    after = compile_text(formatted, str(path), rule_ids=RULE_IDS)
    assert after == before


@pytest.mark.parametrize("name", INVALID)
def test_invalid_fixture_reports_pinned_errors(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    actual = _errors(name, monkeypatch)
    assert actual == _golden(FIXTURES / "invalid" / name.replace(".stef", ".err"), actual)


def test_every_error_in_a_file_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _errors("wrong_types.stef", monkeypatch)
    source_lines = (FIXTURES / "invalid" / "wrong_types.stef").read_text().splitlines()
    reported = {int(block.split(":")[1]) for block in text.split("\ninvalid/")
                if block.strip()} | {1}
    # Every line of the fixture holds exactly one mistake.
    assert reported == set(range(1, len(source_lines) + 1))


def test_error_blocks_have_location_source_caret_and_expected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = _errors("unknown_rule.stef", monkeypatch)
    assert text.splitlines()[:4] == [
        "invalid/unknown_rule.stef:2:6: unknown rule id 'limit_tolerence' "
        "(did you mean 'limit_tolerance'?)",
        "    rule limit_tolerence off",
        "         ^^^^^^^^^^^^^^^",
        "    expected: a rule id: benign_group_by, limit_tolerance, order_by_tolerance, "
        "required_group_by, vocabulary",
    ]


def test_caret_follows_tabs() -> None:
    with pytest.raises(RulesError) as info:
        compile_text('ruleset "t"\n\trule\tnope off', "t.stef", rule_ids=RULE_IDS)
    assert info.value.messages == [
        "t.stef:2:7: unknown rule id 'nope'\n    \trule\tnope off\n    \t    \t^^^^\n"
        "    expected: a rule id: benign_group_by, limit_tolerance, order_by_tolerance, "
        "required_group_by, vocabulary"
    ]
