"""Input records as the engine takes them: a valid :class:`~stef_core.models.Record`, or a
:class:`BadRecord` that says what is wrong with an input line and where.

Every reader (JSONL, CSV, Parquet, DataFrames, Spark rows) turns raw data into these with
:func:`record_from_mapping`, so one mistake is worded the same whatever the input format.

>>> record_from_mapping({"question": "q"}, default_id="7", line=7).error
"input: line 7: missing required field 'sql'"
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from stef_core.models import ERROR_KINDS, ErrorKind, Record


@dataclass(frozen=True)
class BadRecord:
    """An input line that could not become a :class:`Record`.

    ``kind`` is the result's ``error_kind`` (see :data:`~stef_core.models.ErrorKind`); a
    reader that only has a message leaves it None and :attr:`error_kind` reads it off the
    message's first word (``limit: ...``, ``internal: ...``, else ``input``).

    >>> BadRecord("7", "limit: input: logs.jsonl:7: the line has 9 bytes").error_kind
    'limit'
    """

    id: str
    error: str
    agent: str = "default"
    line: int | None = None
    timestamp: str | None = None
    kind: ErrorKind | None = None

    @property
    def error_kind(self) -> ErrorKind:
        if self.kind is not None:
            return self.kind
        for kind in ERROR_KINDS:
            if self.error.startswith(f"{kind}:"):
                return kind
        return "input"


Item = Record | BadRecord


def record_from_mapping(
    data: Any,
    *,
    default_id: str,
    line: int | None = None,
    where: str | None = None,
    require: tuple[str, ...] = (),
    mapped: Mapping[str, str] | None = None,
) -> Item:
    """Validate one raw record; a mistake becomes a :class:`BadRecord` that says what to fix.

    ``where`` names the place in errors (readers pass ``logs.jsonl:12``); by default it is the
    line, or the record's position. ``require`` names optional fields this use needs (``stef
    calibrate`` requires ``label``). ``mapped`` says, per field filled by a ``--map``, what
    errors add after its name (:meth:`stef_core.mapping.FieldMap.notes`).
    """
    mapped = mapped or {}
    if where is None:
        where = f"line {line}" if line is not None else f"record {default_id}"
    if not isinstance(data, dict):
        return BadRecord(default_id, f"input: {where}: expected a JSON object, found "
                         f"{type(data).__name__}", line=line)
    raw = {k: v for k, v in data.items() if v is not None or k in {"enriched_question"}}
    raw.setdefault("id", default_id)
    if isinstance(raw.get("metadata"), str):
        try:
            raw["metadata"] = json.loads(raw["metadata"]) if raw["metadata"] else {}
        except (ValueError, RecursionError):  # not JSON, too deep, or an over-long integer
            raw["metadata"] = {"text": raw["metadata"]}
    if raw.get("enriched_question") == "":
        raw["enriched_question"] = None
    try:
        record = Record.model_validate(raw)
        missing = [f for f in require if getattr(record, f, None) is None]
        if missing:
            hint = " (1 correct, 0 incorrect)" if missing == ["label"] else ""
            return BadRecord(record.id, f"input: {where}: missing required field "
                             f"{missing[0]!r}{mapped.get(missing[0], '')}{hint}",
                             agent=record.agent, line=line)
        return record
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            field = ".".join(str(p) for p in err["loc"]) or "record"
            note = mapped.get(str(err["loc"][0]), "") if err["loc"] else ""
            if err["type"] == "missing":
                problems.append(f"missing required field {field!r}{note}")
            else:
                msg = str(err["msg"]).removeprefix("Value error, ")
                problems.append(f"field {field!r}{note}: {msg}")
        # The error names the record by its id when that is usable as one, else by position.
        given = raw.get("id")
        if isinstance(given, int) and not isinstance(given, bool) and abs(given) < 10**100:
            given = str(given)
        ident = given if isinstance(given, str) and len(given) <= 1000 else default_id
        agent = raw.get("agent")
        if not isinstance(agent, str) or not agent or len(agent) > 1000:
            agent = "default"
        return BadRecord(ident, f"input: {where}: " + "; ".join(problems), agent=agent,
                         line=line)
