"""Loading R_app: compiled JSON (validated against the schema) or the ``.stef`` rule language.

Errors point at the place: ``rules.json: $.benign_filters[2].op: 'EQ' is not one of [...]``
for JSON, ``FILE:LINE:COL`` with the source line and a caret for ``.stef``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from stef_core.errors import RulesError, RulesFileError
from stef_core.models import Ruleset
from stef_core.ruleset_checks import json_path

__all__ = ["RulesError", "json_path", "load_rules", "ruleset_from_data"]


def ruleset_from_data(
    data: Any,
    source: str = "<rules>",
    *,
    base_dir: Path | None = None,
    warnings: list[str] | None = None,
) -> Ruleset:
    """Validate R_app JSON data against the schema, build the model, and run the checks the
    schema cannot state (orderings, words with two meanings, SQL of terms and predicates,
    lexicon concepts, the calibration file); every problem is reported with its JSON path.

    Args:
        data: the parsed JSON.
        source: the name messages start with.
        base_dir: where a relative ``calibration`` path starts; it is resolved against it.
        warnings: when given, harmless oddities are appended to it.
    """
    from stef_core.ruleset_checks import check_ruleset
    from stef_core.schema import validate_rules_data

    problems = validate_rules_data(data)
    if problems:
        raise RulesError([f"{source}: {p}" for p in problems])
    try:
        ruleset = Ruleset.model_validate(data)
    except ValidationError as exc:
        raise RulesError(
            [f"{source}: {json_path(e['loc'])}: {e['msg']}" for e in exc.errors()]
        ) from None
    found: list[str] = []
    problems = check_ruleset(ruleset, base_dir, found)
    if problems:
        raise RulesError([f"{source}: {p}" for p in problems])
    if warnings is not None:
        warnings.extend(f"{source}: {w}" for w in found)
    if ruleset.calibration is not None and base_dir is not None:
        # Relative to the rules file, as documented; consumers get a path that works anywhere.
        resolved = (base_dir / ruleset.calibration).resolve()
        ruleset = ruleset.model_copy(update={"calibration": str(resolved)})
    return ruleset


def load_rules(path: str | Path, *, warnings: list[str] | None = None,
               sources: list[str] | None = None) -> Ruleset:
    """Read a ``.json`` R_app file or compile a ``.stef`` ruleset.

    Args:
        path: the rules file.
        warnings: when given, warnings (a categorical value declared twice) are appended to it.
        sources: when given, every file read is appended to it (the file and its includes), so
            that a command can refuse to write over one of them.
    """
    p = Path(path)
    if not p.exists():
        raise RulesError([f"{path}: no such rules file"])
    if p.suffix == ".stef":
        from stef_core.dsl import compile_file

        return compile_file(p, warnings=warnings, sources=sources)
    if sources is not None:
        sources.append(str(path))
    if p.suffix == ".json":
        from stef_core.dsl.compiler import read_rules_text

        try:
            data = json.loads(read_rules_text(p))
        except RulesFileError as exc:
            raise RulesError([f"{path}: cannot read: {exc}"]) from None
        except json.JSONDecodeError as exc:
            raise RulesError([f"{path}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}"]) from None
        except RecursionError:
            raise RulesError([f"{path}: not JSON: nested too deeply"]) from None
        return ruleset_from_data(data, str(path), base_dir=p.parent, warnings=warnings)
    raise RulesError([f"{path}: rules must be a .stef ruleset or compiled .json R_app"])
