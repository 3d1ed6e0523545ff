"""Reading any log layout: ``--map sql=query --map question=inputs.question``.

Teams keep their logs in their own shapes: a field named ``query`` instead of ``sql``, the
question inside ``inputs``, span attributes of a trace export. A :class:`FieldMap` says where
each record field is; it rewrites every raw record (a JSON object, a CSV or Parquet row, a
DataFrame row) before validation, the same for every format, and errors name the mapping.

A source is a dotted path, read one step at a time:

* in an object, the longest key that matches, so flat keys with dots in them work as well as
  nested objects (``attributes.input.value`` finds ``{"attributes": {"input.value": ...}}``,
  ``{"attributes": {"input": {"value": ...}}}`` and a CSV column named
  ``attributes.input.value``);
* in a list, a position (``messages.0.content``; ``-1`` is the last), or, in an OpenTelemetry
  attribute list (``[{"key": "input.value", "value": {"stringValue": "..."}}]``), the key;
* in a string that holds a JSON object or array (OpenInference writes ``input.value`` as JSON
  text), the parsed JSON.

>>> fm = FieldMap.parse(["sql=query", "question=inputs.question"])
>>> fm.apply({"query": "SELECT 1", "inputs": {"question": "How many?"}})
({'query': 'SELECT 1', 'inputs': {'question': 'How many?'}, 'sql': 'SELECT 1', \
'question': 'How many?'}, None)
>>> resolve({"attributes": {"input.value": '{"question": "How many?"}'}},
...         "attributes.input.value.question")
'How many?'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from stef_core.contracts import StefError

#: The record fields a mapping may fill (``stef eval``'s input fields).
RECORD_FIELDS = ("id", "question", "sql", "enriched_question", "agent", "dialect", "timestamp",
                 "metadata", "label")
#: Fields a record cannot go without: a mapped one that is missing is an error naming it.
REQUIRED = ("question", "sql")
#: OpenTelemetry's typed attribute values (OTLP JSON), unwrapped to the plain value.
_OTEL_VALUES = ("stringValue", "intValue", "doubleValue", "boolValue")
#: A path reads at most this many steps (and JSON text at most this long), so a mapping costs
#: little whatever the record holds.
MAX_STEPS = 32
MAX_JSON_TEXT = 1 << 20


class MappingError(StefError):
    """A ``--map`` that cannot be used (a usage error, before any record is read)."""


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


#: What :func:`resolve` returns when a path leads nowhere.
MISSING: Any = _Missing()


def resolve(data: Any, path: str) -> Any:
    """The value at dotted ``path`` inside ``data``, or :data:`MISSING`.

    >>> resolve({"a": {"b.c": [1, {"d": 2}]}}, "a.b.c.1.d")
    2
    >>> resolve({"attributes": [{"key": "db.statement", "value": {"stringValue": "SELECT 1"}}]},
    ...         "attributes.db.statement")
    'SELECT 1'
    >>> resolve({"a": 1}, "a.b") is MISSING
    True
    """
    return _walk(data, path.split("."), 0, 0)


def _walk(value: Any, parts: list[str], i: int, steps: int) -> Any:
    if i == len(parts):
        return value
    if steps >= MAX_STEPS:
        return MISSING
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in ("{", "[") and len(text) <= MAX_JSON_TEXT:
            try:
                return _walk(json.loads(text), parts, i, steps + 1)
            except (ValueError, RecursionError):
                return MISSING
        return MISSING
    if isinstance(value, Mapping):
        # The longest key first: "input.value" as one key before "input" then "value".
        for j in range(len(parts), i, -1):
            key = ".".join(parts[i:j])
            if key in value:
                found = _walk(value[key], parts, j, steps + 1)
                if found is not MISSING:
                    return found
        return MISSING
    if isinstance(value, list):
        part = parts[i]
        if part.lstrip("-").isdigit():
            k = int(part)
            if -len(value) <= k < len(value):
                return _walk(value[k], parts, i + 1, steps + 1)
            return MISSING
        # An OpenTelemetry attribute list: [{"key": ..., "value": {"stringValue": ...}}]
        for j in range(len(parts), i, -1):
            key = ".".join(parts[i:j])
            for item in value:
                if isinstance(item, Mapping) and item.get("key") == key:
                    found = _walk(_otel_value(item.get("value")), parts, j, steps + 1)
                    if found is not MISSING:
                        return found
        return MISSING
    return MISSING


def _otel_value(value: Any) -> Any:
    if isinstance(value, Mapping):
        for kind in _OTEL_VALUES:
            if kind in value:
                return value[kind]
    return value


@dataclass(frozen=True)
class FieldMap:
    """Where each record field is: ``{target: source path}``, applied to raw records.

    Fields it does not name are read as they are (``--map sql=query`` keeps ``question``).
    """

    sources: Mapping[str, str]

    @classmethod
    def parse(cls, specs: Iterable[str], fields: tuple[str, ...] = RECORD_FIELDS,
              option: str = "--map") -> FieldMap:
        """``["sql=query", ...]`` as a map; a malformed spec or an unknown field is a
        :class:`MappingError` that says what to write.

        >>> FieldMap.parse(["query=sql"])
        Traceback (most recent call last):
        ...
        stef_core.mapping.MappingError: --map query=sql: 'query' is not a record field; \
write FIELD=PATH with FIELD one of id, question, sql, enriched_question, agent, dialect, \
timestamp, metadata, label (did you mean --map sql=query?)
        """
        sources: dict[str, str] = {}
        for spec in specs:
            target, sep, source = spec.partition("=")
            target, source = target.strip(), source.strip()
            if not sep or not target or not source:
                raise MappingError(f"{option} {spec!r}: write FIELD=PATH, e.g. {option} "
                                   "sql=query or {option} question=inputs.question"
                                   .replace("{option}", option))
            if target not in fields:
                hint = (f" (did you mean {option} {source}={target}?)"
                        if source in fields else "")
                raise MappingError(f"{option} {spec}: {target!r} is not a record field; write "
                                   f"FIELD=PATH with FIELD one of {', '.join(fields)}{hint}")
            if target in sources:
                raise MappingError(f"{option} {spec}: {target!r} is mapped twice (also from "
                                   f"{sources[target]!r})")
            if any(not p for p in source.split(".")):
                raise MappingError(f"{option} {spec}: {source!r} has an empty step; write a "
                                   "dotted path such as inputs.question")
            sources[target] = source
        return cls(sources)

    def __bool__(self) -> bool:
        return bool(self.sources)

    def apply(self, data: Any) -> tuple[Any, str | None]:
        """``data`` with every mapped field filled in from its source, and a problem (a
        required field whose source is missing) or None. Anything but an object is returned
        as it is, for validation to report."""
        if not self.sources or not isinstance(data, Mapping):
            return data, None
        out = dict(data)
        for target, source in self.sources.items():
            value = resolve(data, source)
            if value is MISSING:
                out.pop(target, None)  # a field of that name is not the one asked for
                if target in REQUIRED:
                    keys = ", ".join(str(k) for k in list(data)[:12]) or "none"
                    return out, (f"missing field {source!r} (mapped to {target!r} by --map "
                                 f"{target}={source}); the record's fields: {keys}")
            else:
                out[target] = value
        return out, None

    def notes(self) -> dict[str, str]:
        """What errors add after a mapped field's name: `` (--map label=review.verdict)``."""
        return {t: f" (--map {t}={s})" for t, s in self.sources.items()}
