"""Reading records from JSONL, JSON, CSV (and stdin) and writing results as JSONL.

Readers stream: a JSONL or CSV file of any size is read a line at a time. A line that is not a
valid record becomes a :class:`BadRecord` carrying the file and line number, so the run goes on
and the result says exactly where the problem is.
"""

from __future__ import annotations

import csv
import json
import math
import sys
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import IO, Any

from stef_core.contracts import StefError
from stef_core.engine import BadRecord, Item, record_from_mapping
from stef_core.models import Result

SUFFIXES = (".jsonl", ".ndjson", ".json", ".csv", ".parquet")


class InputError(StefError):
    """An input that cannot be read at all (missing file, unknown format)."""


def check_inputs(paths: list[str]) -> None:
    """Fail early, before any scoring, when an input cannot be opened."""
    for path in paths:
        if path == "-":
            continue
        p = Path(path)
        if not p.exists():
            raise InputError(f"{path}: no such file")
        if p.is_dir():
            raise InputError(f"{path}: is a directory; give the files inside it")
        if p.suffix.lower() not in SUFFIXES:
            raise InputError(
                f"{path}: unknown input format {p.suffix or '(no suffix)'!r}; "
                f"use one of {', '.join(SUFFIXES)} or '-' for JSONL on stdin"
            )


def read_items(paths: list[str], *, require: tuple[str, ...] = ()) -> Iterator[Item]:
    """Every record of every input, in order. ``require`` names optional record fields this
    use needs (a record without one becomes a :class:`BadRecord` that says where)."""
    for path in paths:
        if path == "-":
            yield from _read_jsonl(sys.stdin, "<stdin>", require)
            continue
        suffix = Path(path).suffix.lower()
        if suffix in (".jsonl", ".ndjson"):
            with open(path, encoding="utf-8", errors="replace", newline="") as fh:
                yield from _read_jsonl(fh, path, require)
        elif suffix == ".json":
            yield from _read_json(path, require)
        elif suffix == ".csv":
            yield from _read_csv(path, require)
        elif suffix == ".parquet":
            yield from _read_parquet(path, require)


def _read_jsonl(fh: IO[str], name: str, require: tuple[str, ...] = ()) -> Iterator[Item]:
    for lineno, line in enumerate(fh, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            yield BadRecord(
                str(lineno),
                f"input: {name}:{lineno}:{exc.colno}: not JSON: {exc.msg}; "
                "each line must be one JSON object",
                line=lineno,
            )
            continue
        yield record_from_mapping(data, default_id=str(lineno), line=lineno,
                                  where=f"{name}:{lineno}", require=require)


def _read_json(path: str, require: tuple[str, ...] = ()) -> Iterator[Item]:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    if isinstance(data, dict) and isinstance(data.get("records"), list):
        data = data["records"]
    if not isinstance(data, list):
        raise InputError(f"{path}: a .json input must hold an array of records")
    for n, rec in enumerate(data, start=1):
        yield record_from_mapping(rec, default_id=str(n), line=n, where=f"{path}: record {n}",
                                  require=require)


def _read_csv(path: str, require: tuple[str, ...] = ()) -> Iterator[Item]:
    with open(path, encoding="utf-8", errors="replace", newline="") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            lineno = reader.line_num
            clean: dict[str, Any] = {k: (v if v != "" else None) for k, v in row.items() if k}
            yield record_from_mapping(clean, default_id=str(lineno), line=lineno,
                                      where=f"{path}:{lineno}", require=require)


def _read_parquet(path: str, require: tuple[str, ...] = ()) -> Iterator[Item]:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError(
            f"{path}: reading Parquet needs pyarrow: pip install 'stef[parquet]'"
        ) from None
    try:
        reader = pq.ParquetFile(path)
    except Exception as exc:  # pyarrow raises several types for a damaged or foreign file
        raise InputError(f"{path}: not a readable Parquet file: {exc}") from None
    n = 0
    # Row groups stream in batches: memory stays flat however large the file is.
    for batch in reader.iter_batches(batch_size=4096):
        for row in batch.to_pylist():
            n += 1
            clean = {k: plain_value(v) for k, v in row.items()}
            yield record_from_mapping(clean, default_id=str(n), line=n, where=f"{path}: row {n}",
                                      require=require)


def plain_value(value: Any) -> Any:
    """A table cell as a record field: missing (None, NaN, NaT) -> None, a date or time -> ISO
    8601 text (the ``timestamp`` field is text), anything else unchanged.

    >>> plain_value(float("nan")) is None
    True
    >>> plain_value(datetime(2026, 1, 5, 10, 30))
    '2026-01-05T10:30:00'
    """
    if value is None:
        return None
    if type(value).__module__ == "numpy" and hasattr(value, "item"):
        value = value.item()  # numpy scalars -> int, float, str, bool
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, (datetime, date)):
        # pandas' NaT is a datetime subclass whose isoformat() is "NaT"
        text = value.isoformat()
        return None if text == "NaT" else text
    if type(value).__name__ in ("NaTType", "NAType"):  # pandas' missing markers
        return None
    return value


def records_from_dataframe(frame: Any) -> Iterator[dict[str, Any]]:
    """The rows of a pandas DataFrame as record dicts, missing cells dropped, timestamps as
    ISO 8601 text; one row at a time."""
    columns = [str(c) for c in frame.columns]
    for row in frame.itertuples(index=False, name=None):
        rec = {c: plain_value(v) for c, v in zip(columns, row, strict=True)}
        rid = rec.get("id")
        if isinstance(rid, float) and rid.is_integer():
            rec["id"] = int(rid)  # an id column with gaps is float64 in pandas: 7.0 means 7
        yield rec


def result_json(result: Result) -> str:
    """One output line; ``line`` (an input bookkeeping field) is not part of it, and ``label``
    and ``usage`` only when they have a value (the model's serializer drops them)."""
    return result.model_dump_json(exclude={"line"})
