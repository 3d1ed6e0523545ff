"""Loading R_app: compiled JSON (validated against the schema) or the ``.stef`` rule language.

Errors point at the place: ``rules.json: $.benign_filters[2].op: 'EQ' is not one of [...]``
for JSON, ``FILE:LINE:COL`` with the source line and a caret for ``.stef``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from stef_core.contracts import StefError
from stef_core.models import Ruleset


class RulesError(StefError):
    """Invalid rules. ``messages`` holds every problem found, each a complete line (or block)."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = messages
        super().__init__("\n".join(messages))


def json_path(loc: tuple[Any, ...] | list[Any]) -> str:
    """``("benign_filters", 2, "op")`` -> ``$.benign_filters[2].op``."""
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def ruleset_from_data(data: Any, source: str = "<rules>") -> Ruleset:
    """Validate R_app JSON data against the schema and build the model; every problem is
    reported with its JSON path."""
    from stef_core.schema import validate_rules_data

    problems = validate_rules_data(data)
    if problems:
        raise RulesError([f"{source}: {p}" for p in problems])
    try:
        return Ruleset.model_validate(data)
    except ValidationError as exc:
        raise RulesError(
            [f"{source}: {json_path(e['loc'])}: {e['msg']}" for e in exc.errors()]
        ) from None


def load_rules(path: str | Path) -> Ruleset:
    """Read a ``.json`` R_app file or compile a ``.stef`` ruleset.

    A relative ``calibration`` path is taken relative to the rules file, so a ruleset and its
    calibration can move together.
    """
    p = Path(path)
    if not p.exists():
        raise RulesError([f"{path}: no such rules file"])
    if p.suffix == ".stef":
        from stef_core.dsl import compile_file

        return _anchor_calibration(compile_file(p), p)
    if p.suffix == ".json":
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise RulesError([f"{path}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}"]) from None
        return _anchor_calibration(ruleset_from_data(data, str(path)), p)
    raise RulesError([f"{path}: rules must be a .stef ruleset or compiled .json R_app"])


def _anchor_calibration(rules: Ruleset, path: Path) -> Ruleset:
    if rules.calibration and not Path(rules.calibration).is_absolute():
        return rules.model_copy(update={"calibration": str(path.parent / rules.calibration)})
    return rules
