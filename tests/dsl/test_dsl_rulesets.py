"""The committed artefacts stay fresh: the R_app JSON Schema (generated from the pydantic model)
and the compiled JSON next to every bundled ``.stef`` ruleset."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from stef_core import resources
from stef_core.dsl import compile_file, format_text, ruleset_json
from stef_core.dsl.compiler import installed_rule_ids
from stef_core.models import Ruleset
from stef_core.schema import schema_text

RULESETS = resources.rulesets_dir()
BUNDLED = sorted(p.name for p in RULESETS.glob("*.stef"))


def test_bundled_rulesets_exist() -> None:
    assert {"default.stef", "support_desk.stef", "retail_sales.stef"} <= set(BUNDLED)


def test_committed_schema_is_fresh() -> None:
    committed = resources.schema_path().read_text(encoding="utf-8")
    assert committed == schema_text(), (
        "rulesets/schema/ruleset.schema.json is stale; regenerate it with "
        "`stef rules schema -o rulesets/schema/ruleset.schema.json`"
    )


@pytest.mark.parametrize("name", BUNDLED)
def test_committed_json_equals_a_fresh_compile(name: str) -> None:
    stef = RULESETS / name
    committed = stef.with_suffix(".json").read_text(encoding="utf-8")
    assert committed == ruleset_json(compile_file(stef)), (
        f"{stef.with_suffix('.json').name} is stale; regenerate it with "
        f"`stef rules compile rulesets/{name} -o rulesets/{stef.with_suffix('.json').name}`"
    )


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_rulesets_are_canonically_formatted(name: str) -> None:
    text = (RULESETS / name).read_text(encoding="utf-8")
    assert format_text(text) == text


@pytest.mark.parametrize("name", BUNDLED)
def test_committed_json_validates_against_committed_schema(name: str) -> None:
    schema = json.loads(resources.schema_path().read_text(encoding="utf-8"))
    data = json.loads((RULESETS / name).with_suffix(".json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)


def test_default_stef_spells_out_the_builtin_defaults() -> None:
    compiled = compile_file(RULESETS / "default.stef")
    assert compiled.model_dump(exclude={"rules"}) == Ruleset().model_dump(exclude={"rules"})
    # Every installed rule is listed, and on, as it is when rules are not given.
    assert compiled.rules == {rule_id: True for rule_id in compiled.rules}
    assert set(compiled.rules) == set(installed_rule_ids())


def test_examples_use_their_statements() -> None:
    desk = compile_file(RULESETS / "support_desk.stef")
    assert {"column": "tenant_id", "op": "=", "value": "*"} in [
        b.model_dump() for b in desk.benign_filters
    ]
    assert {"column": "is_deleted", "op": "=", "value": 0} in [
        b.model_dump() for b in desk.benign_filters
    ]
    assert desk.synonyms["customer_id"] == ["customer", "client", "requester"]
    # The vocabulary the notes used to state in prose is now statements the judge can use.
    assert desk.categories["priority"].values == ["low", "normal", "high", "urgent"]
    assert desk.categories["priority"].words == {"critical": "urgent"}
    assert desk.categories["status"].words["waiting on the customer"] == "pending"
    assert desk.predicates == {"unresolved": "status NOT IN ('solved', 'closed')"}
    assert not any("critical" in note or "pending" in note for note in desk.notes)
    retail = compile_file(RULESETS / "retail_sales.stef")
    assert retail.terms["revenue"] == "SUM(price * quantity)"
    assert retail.predicates == {"returned items": "is_return = true"}
    assert retail.categories["order_status"].words == {"canceled": "cancelled"}
    assert retail.rules == {"order_by_tolerance": False}
    assert retail.limit_guard == 5000
    assert retail.scoring.filter.fully_applied_with_extras == 3


def test_resources_find_the_grammar_in_a_checkout() -> None:
    assert resources.grammar_path().name == "stef.lark"
    assert "start:" in resources.grammar_text()
    assert resources.grammar_path().parent.parent == Path(resources.__file__).parents[1]


def test_resources_prefer_the_installed_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An installed wheel carries the folders under stef_core/_data (pyproject force-include).
    (tmp_path / "_data" / "grammar").mkdir(parents=True)
    (tmp_path / "_data" / "grammar" / "stef.lark").write_text("start: 'x'\n")
    (tmp_path / "_data" / "rulesets").mkdir()
    monkeypatch.setattr(resources.resources, "files", lambda package: tmp_path)
    assert resources.grammar_path() == tmp_path / "_data" / "grammar" / "stef.lark"
    assert resources.rulesets_dir() == tmp_path / "_data" / "rulesets"
