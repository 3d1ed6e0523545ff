"""The R_app JSON Schema, generated from :class:`stef_core.models.Ruleset` (the one source of
truth) and committed at ``rulesets/schema/ruleset.schema.json``; a test keeps it fresh."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from stef_core.models import Ruleset

SCHEMA_ID = "https://stef.dev/schema/ruleset.schema.json"


def ruleset_schema() -> dict[str, Any]:
    schema = Ruleset.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_ID
    schema["title"] = "STEF ruleset (R_app)"
    return schema


def schema_text() -> str:
    return json.dumps(ruleset_schema(), indent=2, sort_keys=True) + "\n"


@lru_cache(maxsize=1)
def _validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(ruleset_schema())


def validate_rules_data(data: Any) -> list[str]:
    """Every schema violation as ``$.path: message``, most relevant first."""
    import jsonschema

    errors = sorted(_validator().iter_errors(data), key=jsonschema.exceptions.relevance)
    return [f"{e.json_path}: {e.message}" for e in errors]
