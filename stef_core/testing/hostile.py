"""Hostile input files for fuzzing: every input format, with the values that broke readers and
plugins before (issue 16), and how many records each file holds.

STEF promises one output line per input record whatever the record holds; these generators
build files to check that promise against, seeded so that a failure can be replayed::

    import random
    from stef_core.testing.hostile import write_file

    case = write_file(random.Random(7), tmp_path, "csv", n=50)
    # run `stef eval case.path`; expect case.records output lines

Used by the fuzz tests (``tests/property/test_fuzz_inputs.py``) and the larger campaign
(``benchmarks/campaign.py``). Plain :mod:`random`: no test dependency needed.
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: input formats the generators write
FORMATS = ("jsonl", "json", "csv", "parquet", "stdin")

QUESTIONS = (
    "How many users are active?",
    "Total sales in 2023 by region",
    "List the 5 most expensive products in 'Books'",
    "Average salary of employees hired after 2020-01-01",
    "Which customers from France spent more than 1,000?",
)
SQLS = (
    "SELECT COUNT(*) FROM users WHERE status = 'active'",
    "SELECT region, SUM(amount) FROM sales WHERE year = 2023 GROUP BY region",
    "SELECT name FROM products WHERE category = 'Books' ORDER BY price DESC LIMIT 5",
    "SELECT AVG(salary) FROM employees WHERE hired > '2020-01-01'",
    "SELECT c.name FROM customers c JOIN orders o ON o.cid = c.id WHERE c.country = 'France' "
    "GROUP BY c.name HAVING SUM(o.total) > 1000",
)

#: text that broke something once: markup, escapes, script openers, surrogates, controls
NASTY_TEXT = (
    "[/bold]", "[link=http://evil.example]x[/link]", "\x1b[31mred\x1b]0;title\x07",
    "<!--<script>", "</script><script>alert(1)</script>", "\ud800", "a\udfffb", "\u202eevil",
    "line\rbreak", "two\nlines", "tab\there", "nul\x00byte", "\ufeffbom", "'; DROP TABLE x; --",
    '"quoted, with comma"', "semi;colon", "pipe | cell", ":smile:", "\u2028sep", "", " ",
    "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-14:00", "not a date", "NaN", "null",
)
NASTY_SQL = (
    "SELECT FROM WHERE", "SELECT 1; SELECT 2", "", "SELECT " + "(" * 300 + "1" + ")" * 300,
    "SELECT * FROM t WHERE " + " OR ".join(f"a = {i}" for i in range(300)),
    "SELECT * FROM t WHERE c IN (" + ",".join(f"'v{i}'" for i in range(300)) + ")",
    "SELECT '\ud800' FROM t", "SELECT * FROM t WHERE name = 'O''Brien\r\n'",
    "WITH a AS (SELECT 1) SELECT * FROM a", "SELECT `x` FROM [y] WHERE \"z\" = 1",
    "DROP TABLE users", "SELECT 1 /* unterminated", "SELECT 'unterminated",
)


def nasty_value(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON-ish value that might sit in a field: text, numbers (huge ones too), nesting."""
    kind = rng.randrange(12)
    if kind < 4:
        return rng.choice(NASTY_TEXT)
    if kind == 4:
        return rng.choice(QUESTIONS) + rng.choice(NASTY_TEXT)
    if kind == 5:
        return rng.choice([0, -1, 2**63, 1.5, float("1e308"), True, None])
    if kind == 6:
        # An integer past Python's int <-> str limit: Python cannot even build it from text,
        # so it travels as a marker that the writers below spell out as digits.
        return f"__int_{rng.choice([10, 4301, 5000])}_digits__"
    if kind == 7 and depth < 3:
        return [nasty_value(rng, depth + 1) for _ in range(rng.randrange(3))]
    if kind == 8 and depth < 3:
        return {rng.choice(NASTY_TEXT) or "k": nasty_value(rng, depth + 1)
                for _ in range(rng.randrange(3))}
    if kind == 9:
        return "x" * rng.choice([1000, 20_000])  # over some limits
    if kind == 10:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(40)))
    return rng.choice(NASTY_TEXT) * rng.randrange(1, 4)


def nasty_record(rng: random.Random) -> dict[str, Any]:
    """A record mapping: mostly well-formed, any field possibly hostile or missing."""
    rec: dict[str, Any] = {
        "id": f"r{rng.randrange(10**6)}" if rng.random() < 0.7 else nasty_value(rng),
        "question": rng.choice(QUESTIONS) if rng.random() < 0.6 else nasty_value(rng),
        "sql": rng.choice(SQLS) if rng.random() < 0.6 else rng.choice(NASTY_SQL),
    }
    for name in ("agent", "dialect", "timestamp", "enriched_question", "metadata"):
        if rng.random() < 0.3:
            rec[name] = nasty_value(rng)
    if rng.random() < 0.05:
        rec["metadata"] = _deep(1200)
    for name in ("question", "sql"):
        if rng.random() < 0.05:
            del rec[name]
    return rec


def _deep(levels: int) -> Any:
    """A value nested ``levels`` deep (past the JSON decoder's recursion limit at ~1000)."""
    value: Any = []
    for _ in range(levels):
        value = [value]
    return value


def _dumps(value: Any, rng: random.Random) -> str:
    """JSON text for ``value``: lone surrogates as \\u escapes, sometimes raw CRs between
    tokens; nested values too deep for json.dumps are written by hand."""
    try:
        text = json.dumps(value, ensure_ascii=rng.random() < 0.5)
    except (RecursionError, ValueError):
        text = json.dumps({k: v for k, v in value.items() if k != "metadata"})
        text = text[:-1] + ', "metadata": ' + "[" * 1200 + "]" * 1200 + "}"
    if "\ud800" in text or any("\ud800" <= c <= "\udfff" for c in text):
        text = json.dumps(value, ensure_ascii=True)  # a lone surrogate only travels escaped
    if rng.random() < 0.2:
        text = text.replace(", ", ",\r ", 1)  # a raw CR between tokens: still valid JSON
    return _BIG.sub(lambda m: "9" * int(m.group(1)), text)


_BIG = re.compile(r'"__int_(\d+)_digits__"')


def jsonl_bytes(rng: random.Random, n: int) -> bytes:
    """``n`` records, one a line, some of them broken as JSON or as UTF-8; blank lines between
    some of them (not records); maybe a BOM first."""
    out = io.BytesIO()
    if rng.random() < 0.2:
        out.write(b"\xef\xbb\xbf")
    for _ in range(n):
        kind = rng.randrange(10)
        if kind == 0:
            line = rng.choice([b"not json", b"{", b'{"a": }', b"[1, 2", b"\x00\x01",
                               b'{"question": "x\xff\xfe", "sql": "SELECT 1"}', b"42", b'"s"'])
        elif kind == 1:
            line = _dumps(nasty_record(rng), rng).encode("utf-8", "surrogatepass")
            line = line.replace(b"a", b"\xff", 1)  # an invalid byte inside
        else:
            line = _dumps(nasty_record(rng), rng).encode("utf-8", "surrogatepass")
        out.write(line.replace(b"\n", b"\\n") + rng.choice([b"\n", b"\r\n"]))
        if rng.random() < 0.1:
            out.write(rng.choice([b"\n", b"   \n", b"\r\n"]))
    return out.getvalue()


def json_bytes(rng: random.Random, n: int) -> bytes:
    """An array of ``n`` elements (objects mostly, any JSON value sometimes), maybe wrapped in
    ``{"records": [...]}``, with invalid bytes inside strings sometimes."""
    parts = []
    for _ in range(n):
        value: Any = nasty_record(rng) if rng.random() < 0.9 else nasty_value(rng)
        text = _dumps(value, rng).encode("utf-8", "surrogatepass")
        if rng.random() < 0.1:
            text = text.replace(b"r", b"\xff", 1)
        parts.append(text)
    body = b"[" + rng.choice([b",", b",\n", b" ,\r\n "]).join(parts) + b"]"
    if rng.random() < 0.3:
        body = b'{"version": 1, "records": ' + body + b', "note": "]"}'
    return (b"\xef\xbb\xbf" if rng.random() < 0.2 else b"") + body


CSV_HEADER = ["id", "question", "sql", "agent", "timestamp"]


def _cell(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return "nested"
    if value is None:
        return ""
    text = _BIG.sub(lambda m: "9" * int(m.group(1)), json.dumps(value))
    text = text[1:-1] if isinstance(value, str) and text.startswith('"') else str(value)
    return text.replace("\ud800", "?").encode("utf-8", "replace").decode("utf-8")


def csv_bytes(rng: random.Random, n: int) -> bytes:
    """A header and ``n`` rows written by the csv module (so quoting is right), with commas,
    quotes, CRs, newlines and long values inside fields, and rows with too many or too few
    fields."""
    buf = io.StringIO(newline="")
    writer = csv.writer(buf, lineterminator=rng.choice(["\n", "\r\n"]))
    writer.writerow(CSV_HEADER)
    for _ in range(n):
        rec = nasty_record(rng)
        row = [_cell(rec.get(c)) for c in CSV_HEADER]
        if rng.random() < 0.1:
            row.append("extra, field")
        elif rng.random() < 0.1:
            row = row[:2]
        if not any(row):
            row[0] = "empty"  # an all-empty row with one field would be a blank line
        writer.writerow(row)
    data = buf.getvalue().encode("utf-8", "surrogatepass")
    return (b"\xef\xbb\xbf" if rng.random() < 0.2 else b"") + data


@dataclass(frozen=True)
class Case:
    """A generated input: where it is (``-`` with ``stdin`` bytes for stdin) and how many
    records it holds (the output lines a run must write)."""

    path: str
    records: int
    fmt: str
    stdin: bytes | None = None


def write_file(rng: random.Random, folder: Path, fmt: str, n: int) -> Case:
    """Write ``n`` hostile records in format ``fmt`` under ``folder``."""
    name = f"hostile-{rng.randrange(10**9)}"
    if fmt in ("jsonl", "stdin"):
        data = jsonl_bytes(rng, n)
        if fmt == "stdin":
            return Case("-", n, fmt, data)
        path = folder / f"{name}.jsonl"
        path.write_bytes(data)
    elif fmt == "json":
        path = folder / f"{name}.json"
        path.write_bytes(json_bytes(rng, n))
    elif fmt == "csv":
        path = folder / f"{name}.csv"
        path.write_bytes(csv_bytes(rng, n))
    elif fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        rows = [nasty_record(rng) for _ in range(n)]
        cols = {c: [_cell(r.get(c)) if c in r else None for r in rows]
                for c in ("id", "question", "sql", "agent", "timestamp", "enriched_question")}
        path = folder / f"{name}.parquet"
        pq.write_table(pa.table(cols), path)
    else:
        raise ValueError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")
    return Case(str(path), n, fmt)


def violations(output: bytes, stderr: str, returncode: int, case: Case) -> list[str]:
    """What a ``stef eval`` run on ``case`` did wrong (empty: nothing): exit code other than 0,
    a traceback, output that is not UTF-8 or not one JSON object a line, a line count other
    than the record count, a result without a status or an unscored one without its error,
    or an ``internal:`` error (a bug, even though the run survived it)."""
    found = []
    if returncode != 0:
        found.append(f"exit code {returncode}")
    if "Traceback" in stderr:
        found.append("traceback on stderr: " + stderr[stderr.index("Traceback"):][-300:])
    try:
        text = output.decode("utf-8")
    except UnicodeDecodeError as exc:
        return [*found, f"output is not UTF-8: {exc}"]
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    else:
        found.append("the output does not end with a newline")
    if len(lines) != case.records:
        found.append(f"{len(lines)} output lines for {case.records} records")
    for n, line in enumerate(lines, start=1):
        try:
            data = json.loads(line)
        except ValueError as exc:
            found.append(f"line {n} is not JSON: {exc}")
            continue
        status, error = data.get("status"), data.get("error")
        if status not in ("scored", "unscored") or (status == "unscored") != bool(error):
            found.append(f"line {n}: status {status!r} with error {error!r}")
        elif error and error.startswith("internal:"):
            found.append(f"line {n}: {error[:300]}")
    return found
