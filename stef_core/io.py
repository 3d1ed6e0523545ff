"""Reading records from JSONL, JSON, CSV, Parquet (and stdin) and writing results as JSONL.

The promise: every input line, array element or row yields exactly one item, whatever it holds.
A record that cannot be read becomes a :class:`BadRecord` whose error says where
(``logs.jsonl:12:5``) and what to do; the run goes on. Readers stream (a JSONL or CSV file of
any size is read a record at a time; Parquet a row group at a time) and bound what one record
may cost (``--limit line``, and for Parquet cells the field limits too).

Readers are a table keyed by suffix (:data:`READERS`), one small function per format. A reader
only finds and decodes records: it yields :class:`Raw` items (the decoded value and where it
was, or why it could not be read); one common step, :func:`validate`, turns each into a
:class:`~stef_core.models.Record` or a :class:`BadRecord`. A step that rewrites raw mappings
(renaming fields) goes between the two, the same for every format.

What the readers repair rather than reject, each reported once per run through :class:`Notes`:
invalid UTF-8 bytes (replaced by U+FFFD), lone UTF-16 surrogates such as ``"\\ud800"`` (which
no UTF-8 output can hold: replaced by U+FFFD), integers longer than 4,300 digits (kept as
their text: Python refuses to convert them, and converting is quadratic anyway). A UTF-8 BOM
is skipped, and only ``\\n`` ends a line: a raw CR inside a line or between JSON tokens splits
nothing and shifts no line number.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import IO, Any

from pydantic_core import PydanticSerializationError

from stef_core import safejson
from stef_core.contracts import StefError
from stef_core.limits import Limits
from stef_core.mapping import FieldMap
from stef_core.models import ErrorKind, Result
from stef_core.records import BadRecord, Item, record_from_mapping

_BOM = b"\xef\xbb\xbf"


class InputError(StefError):
    """An input that cannot be read at all (missing file, unknown format)."""


class Notes:
    """Repairs and oddities the readers and the writer met, counted per kind, with the first
    place each was seen; ``stef eval`` prints one warning per kind at the end of the run.

    >>> notes = Notes()
    >>> notes.add("bad_utf8", "a.jsonl:3"); notes.add("bad_utf8", "a.jsonl:9")
    >>> notes.warnings()
    ['2 records held invalid UTF-8 bytes, replaced by U+FFFD (first at a.jsonl:3)']
    """

    TEXT = {
        "bad_utf8": "held invalid UTF-8 bytes, replaced by U+FFFD",
        "surrogates": "held lone UTF-16 surrogates (such as \\ud800), which UTF-8 cannot "
                      "encode: replaced by U+FFFD",
        "big_int": "held integers of more than 4,300 digits, kept as text",
        "csv_rows_in_quotes": "held a quoted field over several lines, some of which read as "
                              "CSV rows of their own: if a quote was left open there, those "
                              "rows were read as part of the field",
    }

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.first: dict[str, str] = {}
        self.extra: list[str] = []

    def add(self, kind: str, where: str) -> None:
        self.counts[kind] += 1
        self.first.setdefault(kind, where)

    def warnings(self) -> list[str]:
        out = []
        for kind, n in self.counts.items():
            noun = "record" if n == 1 else "records"
            out.append(f"{n} {noun} {self.TEXT.get(kind, kind)} (first at {self.first[kind]})")
        return out + self.extra


@dataclass(frozen=True, slots=True)
class Raw:
    """One record as a reader found it, before validation.

    ``data`` is the decoded value (a mapping, when the input is right); ``where`` names its
    place in errors (``logs.jsonl:12``, ``logs.parquet: row 7``); ``default_id`` is the id it
    gets without an ``id`` field. A record that could not be read has ``error`` set instead
    (``data`` is None), and the id, agent and timestamp it is reported under when they could
    be read.
    """

    data: Any
    default_id: str
    line: int
    where: str
    error: str | None = None
    id: str | None = None
    agent: str = "default"
    timestamp: str | None = None


def _unreadable(default_id: str, error: str, line: int, **known: Any) -> Raw:
    """The :class:`Raw` of a record that could not be read: ``error`` says where and why."""
    return Raw(None, default_id, line, "", error=error, **known)


#: what every reader is: the records of one file (path, the limits, where repairs are noted)
Reader = Callable[[str, Limits, "Notes"], Iterator[Raw]]


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
        if p.suffix.lower() not in READERS:
            raise InputError(
                f"{path}: unknown input format {p.suffix or '(no suffix)'!r}; "
                f"use one of {', '.join(READERS)} or '-' for JSONL on stdin"
            )


def read_raw(paths: list[str], *, limits: Limits | None = None,
             notes: Notes | None = None, delimiter: str | None = None) -> Iterator[Raw]:
    """Every record of every input, in order, as the readers found it (not yet validated).
    ``delimiter`` is the CSV files' field separator (``--delimiter``; sniffed when None)."""
    limits = limits or Limits()
    notes = notes if notes is not None else Notes()
    for path in paths:
        if path == "-":
            yield from read_stdin(limits, notes)
        elif delimiter is not None and Path(path).suffix.lower() == ".csv":
            yield from read_csv(path, limits, notes, delimiter=delimiter)
        else:
            yield from READERS[Path(path).suffix.lower()](path, limits, notes)


def validate(raw: Raw, require: tuple[str, ...] = (), fields: FieldMap | None = None) -> Item:
    """The common step after every reader: a :class:`~stef_core.models.Record`, or a
    :class:`BadRecord` that says what to fix. ``require`` names optional record fields this
    use needs (``label`` for ``stef calibrate``); ``fields`` (``--map``) says where each field
    is in this log's layout, and errors name the mapping."""
    if raw.error is not None:
        return BadRecord(raw.id or raw.default_id, raw.error, agent=raw.agent, line=raw.line,
                         timestamp=raw.timestamp)
    try:
        data = raw.data
        if fields:
            data, problem = fields.apply(data)
            if problem is not None:
                rid = data.get("id") if isinstance(data, dict) else None
                return BadRecord(str(rid) if isinstance(rid, (str, int)) and len(str(rid)) <= 1000
                                 else raw.default_id, f"input: {raw.where}: {problem}",
                                 line=raw.line)
        return record_from_mapping(data, default_id=raw.default_id, line=raw.line,
                                   where=raw.where, require=require,
                                   mapped=fields.notes() if fields else None)
    except Exception as exc:  # a reader must not stop the run, whatever the record holds
        return BadRecord(raw.default_id, f"internal: reading {raw.where} failed: "
                                         f"{type(exc).__name__}: {str(exc)[:200]}; please "
                                         "report this", line=raw.line, kind="internal")


def read_items(paths: list[str], *, limits: Limits | None = None,
               notes: Notes | None = None, require: tuple[str, ...] = (),
               fields: FieldMap | None = None, delimiter: str | None = None) -> Iterator[Item]:
    """Every record of every input, in order: one item per line, element or row. ``require``
    names optional record fields this use needs (``label`` for ``stef calibrate``): a record
    without one becomes a :class:`BadRecord` that says where. ``fields`` maps this log's
    layout (``--map``), ``delimiter`` separates CSV fields (``--delimiter``)."""
    for raw in read_raw(paths, limits=limits, notes=notes, delimiter=delimiter):
        yield validate(raw, require, fields)


# --------------------------------------------------------------------------------------------
# Lines, text and JSON values, safely
# --------------------------------------------------------------------------------------------


def _lines(fh: IO[bytes], limit: int) -> Iterator[tuple[int, bytes | None, int]]:
    """``(line number, bytes, size)`` per ``\\n``-terminated line; bytes is None for a line
    over ``limit`` bytes, which is skipped without being held in memory."""
    lineno = 0
    while True:
        raw = fh.readline(limit + 1)
        if not raw:
            return
        lineno += 1
        if lineno == 1 and raw.startswith(_BOM):
            raw = raw[len(_BOM):]
        if len(raw) <= limit or raw.endswith(b"\n"):
            yield lineno, raw, len(raw)
            continue
        size = len(raw)
        while not raw.endswith(b"\n"):  # skip the rest of the long line in bounded reads
            raw = fh.readline(1 << 20)
            if not raw:
                break
            size += len(raw)
        yield lineno, None, size


def _text(raw: bytes, where: str, notes: Notes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        notes.add("bad_utf8", where)
        return raw.decode("utf-8", errors="replace")


def _loads(text: str, where: str, notes: Notes) -> Any:
    """:func:`stef_core.safejson.loads`, with what it repaired noted against ``where``."""
    loaded = safejson.loads(text)
    if loaded.big_ints:
        notes.add("big_int", where)
    if loaded.surrogates:
        notes.add("surrogates", where)
    return loaded.value


def _too_deep(where: str) -> str:
    return (f"input: {where}: nested too deeply (JSON deeper than about "
            f"{sys.getrecursionlimit()} levels); flatten the record")


def _too_long(where: str, size: int, limits: Limits, what: str = "the line") -> str:
    return (f"limit: input: {where}: {what} has {size:,} bytes, over the limit of "
            f"{limits.line:,}; raise it with --limit line=N")


# --------------------------------------------------------------------------------------------
# JSONL
# --------------------------------------------------------------------------------------------


def read_jsonl(path: str, limits: Limits, notes: Notes) -> Iterator[Raw]:
    """One record a line (``.jsonl``, ``.ndjson``)."""
    with open(path, "rb") as fh:
        yield from _jsonl(fh, path, limits, notes)


def read_stdin(limits: Limits, notes: Notes) -> Iterator[Raw]:
    """JSONL on standard input (``-``)."""
    # Bytes, so that only \n ends a line; a text-only stand-in (no .buffer) is encoded.
    stdin = getattr(sys.stdin, "buffer", None) or io.BytesIO(
        sys.stdin.read().encode("utf-8", "surrogatepass"))
    yield from _jsonl(stdin, "<stdin>", limits, notes)


def _jsonl(fh: IO[bytes], name: str, limits: Limits, notes: Notes) -> Iterator[Raw]:
    for lineno, raw, size in _lines(fh, limits.line):
        where = f"{name}:{lineno}"
        if raw is None:
            yield _unreadable(str(lineno), _too_long(where, size, limits), lineno)
            continue
        if not raw.strip():
            continue
        text = _text(raw, where, notes)
        try:
            data = _loads(text, where, notes)
        except json.JSONDecodeError as exc:
            yield _unreadable(str(lineno), f"input: {where}:{exc.colno}: not JSON: {exc.msg}; "
                                           "each line must be one JSON object", lineno)
            continue
        except RecursionError:
            yield _unreadable(str(lineno), _too_deep(where), lineno)
            continue
        yield Raw(data, str(lineno), lineno, where)


# --------------------------------------------------------------------------------------------
# JSON: one array of records (or {"records": [...]}), split into elements before parsing
# --------------------------------------------------------------------------------------------

# Strings (so that brackets and commas inside them are not structure), a lone quote (a string
# that never ends), brackets and commas. The string pattern is the unrolled loop: linear.
_JSON_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|"|[\[\]{},]', re.DOTALL)


def _elements(text: str, start: int) -> Iterator[tuple[int, int, str | None]]:
    """``(start, end, problem)`` of each element of the array opening at ``text[start]``;
    problem is None, or says why the array ends early (a string or bracket never closed)."""
    depth = 0
    elem = start + 1
    for m in _JSON_TOKEN.finditer(text, start):
        tok = m.group()
        c = tok[0]
        if c == '"':
            if len(tok) == 1:
                yield elem, len(text), "a string opened here is never closed"
                return
            continue
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
            if depth == 0:
                if text[elem:m.start()].strip():
                    yield elem, m.start(), None
                return
        elif depth == 1:  # a comma between two elements
            yield elem, m.start(), None
            elem = m.end()
    if text[elem:].strip():
        yield elem, len(text), "the array is never closed (the file ends inside it)"


def _records_array(text: str, start: int) -> int | None:
    """Where the ``"records"`` array of the object opening at ``text[start]`` begins."""
    depth = 0
    for m in _JSON_TOKEN.finditer(text, start):
        tok = m.group()
        if tok[0] == '"':
            if depth == 1 and len(tok) > 1 and tok == '"records"':
                after = re.compile(r"\s*:\s*").match(text, m.end())
                if after and text.startswith("[", after.end()):
                    return after.end()
            continue
        if tok in "[{":
            depth += 1
        elif tok in "]}":
            depth -= 1
            if depth == 0:
                return None
    return None


def read_json(path: str, limits: Limits, notes: Notes) -> Iterator[Raw]:
    """One array of records (or ``{"records": [...]}``), split into elements before parsing."""
    raw = Path(path).read_bytes()
    if raw.startswith(_BOM):
        raw = raw[len(_BOM):]
    text = _text(raw, path, notes)
    del raw
    first = re.compile(r"\s*").match(text)
    start = first.end() if first else 0
    if text.startswith("{", start):
        array = _records_array(text, start)
    else:
        array = start if text.startswith("[", start) else None
    if array is None:
        raise InputError(f"{path}: a .json input must hold an array of records (or an object "
                         "whose \"records\" field is one); for one record a line, use .jsonl")
    line, pos, line_start = 1, 0, 0  # where we are, kept as we go: linear in the file
    for n, (a, b, problem) in enumerate(_elements(text, array), start=1):
        lead = re.compile(r"\s*").match(text, a)
        a = lead.end() if lead else a
        line += text.count("\n", pos, a)
        last_nl = text.rfind("\n", pos, a)
        if last_nl >= 0:
            line_start = last_nl + 1
        pos = a
        where = f"{path}:{line}"
        col = a - line_start + 1
        if problem is not None:
            yield _unreadable(str(n), f"input: {where}:{col}: {problem}; records from here on "
                                      "could not be read", line)
            return
        if b - a > limits.line:
            yield _unreadable(str(n), _too_long(where, b - a, limits, what=f"record {n}"), line)
            continue
        try:
            data = _loads(text[a:b], where, notes)
        except json.JSONDecodeError as exc:
            err_line = line + exc.lineno - 1
            err_col = exc.colno + (col - 1 if exc.lineno == 1 else 0)
            yield _unreadable(str(n), f"input: {path}:{err_line}:{err_col}: record {n} is not "
                                      f"JSON: {exc.msg}", line)
            continue
        except RecursionError:
            yield _unreadable(str(n), _too_deep(f"{where} (record {n})"), line)
            continue
        yield Raw(data, str(n), n, f"{path}: record {n}")


# --------------------------------------------------------------------------------------------
# CSV: records assembled from lines by following the quotes, then parsed one at a time
# --------------------------------------------------------------------------------------------

#: stands in for a raw CR while the csv module parses a record (it would end the row there)
_CR = "\ufdd0"
_DELIMITERS = {";": "';'", "\t": "tab", "|": "'|'"}
#: how to write each on a command line
_SHELL = {";": "';'", "\t": "tab", "|": "'|'"}


def _quote_state(line: str, in_quotes: bool, delimiter: str = ",") -> bool:
    """Whether a record is inside a quoted field at the end of ``line``, given the state at its
    start (RFC 4180: a field is quoted when it starts with a quote; ``""`` inside is a quote).
    """
    i, n = 0, len(line)
    if not in_quotes and '"' not in line:
        return False
    at_field_start = not in_quotes
    while i < n:
        if in_quotes:
            j = line.find('"', i)
            if j < 0:
                return True
            if line.startswith('""', j):
                i = j + 2
                continue
            in_quotes = False
            i = j + 1
            at_field_start = False
            continue
        if at_field_start and line[i] == '"':
            in_quotes = True
            i += 1
            continue
        j = line.find(delimiter, i)  # an unquoted field: quotes inside it are plain characters
        if j < 0:
            return False
        i = j + 1
        at_field_start = True
    return in_quotes


class _Lines:
    """The lines of a file, with a way to read some of them again (after a bad quote)."""

    def __init__(self, fh: IO[bytes], limit: int) -> None:
        self._source = _lines(fh, limit)
        self._pending: list[tuple[int, bytes | None, int]] = []

    def next(self) -> tuple[int, bytes | None, int] | None:
        if self._pending:
            return self._pending.pop()
        return next(self._source, None)

    def again(self, held: list[tuple[int, bytes | None, int]]) -> None:
        """Read ``held`` (in order) before anything else."""
        self._pending.extend(reversed(held))


_Held = list[tuple[int, bytes | None, int]]


def _csv_records(lines: _Lines, path: str, limits: Limits, notes: Notes, delimiter: str = ","
                 ) -> Iterator[tuple[int, int, str | None, str | None, _Held]]:
    """``(first line, last line, text, problem, held lines)`` per CSV record; text is None when
    the record cannot be read (problem says why). A record whose quote never closes is reported
    and the lines after its first are read again as records, so no row is swallowed silently;
    the caller may do the same with ``held`` for a record it finds suspicious."""
    while True:
        first = lines.next()
        if first is None:
            return
        lineno, raw, size = first
        if raw is None:
            yield lineno, lineno, None, _too_long(f"{path}:{lineno}", size, limits), []
            continue
        text = _text(raw, f"{path}:{lineno}", notes)
        in_quotes = _quote_state(text, False, delimiter)
        if not in_quotes:
            yield lineno, lineno, text, None, [first]
            continue
        parts, held, total, last = [text], [first], size, lineno
        while in_quotes:
            nxt = lines.next()
            if nxt is None:
                break
            held.append(nxt)
            last, raw, size = nxt
            total += size
            if raw is None or total > limits.line:
                break
            line_text = _text(raw, f"{path}:{last}", notes)
            parts.append(line_text)
            in_quotes = _quote_state(line_text, True, delimiter)
        if not in_quotes:
            yield lineno, last, "".join(parts), None, held
            continue
        if total > limits.line:
            # Too big to hold: skip to where the quotes close, holding nothing.
            while in_quotes:
                nxt = lines.next()
                if nxt is None:
                    break
                last, raw, size = nxt
                total += size
                in_quotes = raw is not None and _quote_state(_text(raw, "", Notes()), True,
                                                             delimiter)
            if not in_quotes:
                yield lineno, last, None, _too_long(f"{path}:{lineno}", total, limits,
                                                    what=f"the record on lines {lineno}-{last}"), []
                continue
            yield lineno, last, None, (
                f"input: {path}:{lineno}: a quoted field opened on this line is never closed; "
                f"lines {lineno}-{last} could not be read (close the quote; a quote inside a "
                'quoted field is written "")'), []
            continue
        # The file ended inside the quotes: the quote on this line was never closed. Report it
        # and read the lines after it again, as records of their own.
        lines.again(held[1:])
        yield lineno, lineno, None, (
            f"input: {path}:{lineno}: a quoted field opened on this line is never closed (close "
            'the quote; a quote inside a quoted field is written ""); the lines after it were '
            "read as records"), [first]


def _parse_csv_record(text: str, delimiter: str = ",") -> list[str]:
    body = text[:-2] if text.endswith("\r\n") else text.rstrip("\n")
    has_cr = "\r" in body
    if has_cr:
        body = body.replace("\r", _CR)
    row = next(csv.reader([body], strict=True, delimiter=delimiter), [])
    return [f.replace(_CR, "\r") for f in row] if has_cr else row


def _first_field(held: _Held, header: list[str], field: str, delimiter: str = ","
                 ) -> str | None:
    """``field`` of the row starting on the first held line, read from that line alone (the
    id of a record that cannot be read as a whole), or None."""
    if not held or held[0][1] is None or field not in header:
        return None
    try:
        row = next(csv.reader([held[0][1].decode("utf-8", "replace").rstrip("\r\n")],
                              delimiter=delimiter), [])
    except csv.Error:
        return None
    i = header.index(field)
    value = row[i].strip() if i < len(row) else ""
    return value if value and len(value) <= 1000 else None


def _swallows_rows(held: _Held, width: int, delimiter: str = ",") -> bool:
    """Whether a quoted field that runs over several lines holds, between its first and last
    line, lines that read as complete rows of their own: a stray quote, not a long text."""
    for _, raw, _ in held[1:-1]:
        if raw is None:
            continue
        text = raw.decode("utf-8", "replace").rstrip("\r\n")
        if '"' in text or not text:
            continue
        if len(next(csv.reader([text], delimiter=delimiter), [])) == width:
            return True
    return False


def sniff_delimiter(header: str) -> str | None:
    """The separator a CSV header line uses when it is not a comma: ``;``, a tab or ``|``, the
    one that occurs (outside quotes) when no comma does; None otherwise.

    >>> sniff_delimiter("id;question;sql"), sniff_delimiter("id,question,sql")
    (';', None)
    """
    outside = re.sub(r'"[^"]*"', "", header)
    if "," in outside:
        return None
    found = [d for d in _DELIMITERS if d in outside]
    return found[0] if len(found) == 1 else None


def check_delimiter(value: str) -> str:
    r"""``--delimiter``: one character (``tab`` or ``\t`` for a tab), not a quote or a line end.

    >>> check_delimiter("tab"), check_delimiter(";")
    ('\t', ';')
    """
    delimiter = "\t" if value in ("tab", "\\t", "TAB") else value
    if len(delimiter) != 1 or delimiter in "\"\r\n":
        raise InputError(f"--delimiter {value!r}: give one character such as ';' or '|' (or "
                         "'tab'), not a quote or a line end")
    return delimiter


def read_csv(path: str, limits: Limits, notes: Notes, *,
             delimiter: str | None = None) -> Iterator[Raw]:
    """CSV with a header row, comma-separated unless ``delimiter`` says otherwise; records
    assembled from lines by the quotes. Without ``delimiter``, a header with no comma but
    ``;``, tabs or ``|`` is read with that separator, and a warning says so."""
    if csv.field_size_limit() < limits.line:
        csv.field_size_limit(limits.line)  # records are bounded before they reach csv
    hint = ""
    if delimiter is None:
        delimiter = ","
        with open(path, "rb") as fh:
            top = next(_lines(fh, limits.line), None)
        sniffed = sniff_delimiter(top[1].decode("utf-8", "replace")) if top and top[1] \
            else None
        if sniffed is not None:
            delimiter = sniffed
            notes.extra.append(f"{path}: read as {_DELIMITERS[sniffed]}-separated (its header "
                               f"has no comma); give --delimiter {_SHELL[sniffed]} to say so, "
                               "or --delimiter , to read it comma-separated")
    with open(path, "rb") as fh:
        lines = _Lines(fh, limits.line)
        header: list[str] | None = None
        for first, last, text, problem, held in _csv_records(lines, path, limits, notes,
                                                             delimiter):
            where = f"{path}:{first}"
            rid = (_first_field(held, header, "id", delimiter) if header else None) or str(first)
            if text is None:
                yield _unreadable(str(first), problem or f"input: {where}: unreadable", first,
                                  id=rid)
                continue
            if not text.strip():
                continue
            try:
                row = _parse_csv_record(text, delimiter)
            except csv.Error as exc:
                yield _unreadable(str(first), f"input: {where}: not CSV: {exc}; quote fields "
                                              'that hold a comma or a quote ("a ""b"" c")',
                                  first, id=rid)
                continue
            if header is None:
                header = [h.strip() for h in row]
                if len(header) == 1:
                    for delim, name in _DELIMITERS.items():
                        if delim != delimiter and delim in header[0]:
                            hint = (f"; the header {header[0][:80]!r} looks like {name}-separated"
                                    f"; read it with --delimiter {_SHELL[delim]}, or convert it "
                                    "to JSONL")
                            break
                continue
            if hint:
                yield _unreadable(str(first), f"input: {where}: missing required fields "
                                              f"'question' and 'sql'{hint}", first, id=rid)
                continue
            if last > first and len(row) != len(header):
                lines.again(held[1:])
                yield _unreadable(str(first), f"input: {where}: a quoted field opened on this "
                                              f"line runs to line {last} and the row has "
                                              f"{len(row)} fields, not {len(header)}: a quote is "
                                              "probably not closed (a quote inside a quoted "
                                              'field is written ""); the lines after it were '
                                              "read as records", first, id=rid)
                continue
            if last > first and _swallows_rows(held, len(header), delimiter):
                # Multi-line SQL often reads like that too: say so, change nothing.
                notes.add("csv_rows_in_quotes", where)
            if len(row) > len(header):
                yield _unreadable(str(first), f"input: {where}: {len(row)} fields, but the "
                                              f"header names {len(header)}; quote fields that "
                                              'hold a comma ("a, b")', first, id=rid)
                continue
            clean: dict[str, Any] = {k: (v if v != "" else None)
                                     for k, v in zip(header, row) if k}
            yield Raw(clean, str(first), first, where)


# --------------------------------------------------------------------------------------------
# Parquet
# --------------------------------------------------------------------------------------------


#: Arrow memory one Parquet batch should take, estimated from the column sizes the file's
#: metadata gives: rows are read this many bytes' worth at a time (1 to 4,096 rows)
PARQUET_BATCH_BYTES = 64 << 20

#: record fields whose Parquet cells are bounded by a field limit before they become Python
#: strings, in the order the engine checks them (so both paths report the same limit); every
#: other cell counts towards the row's size, bounded by ``line`` like a JSONL line
_CELL_LIMITS = (("question", "question", "the question"), ("sql", "sql", "the SQL"),
                ("enriched_question", "enriched", "the enriched question"),
                ("id", "field", "the 'id' field"), ("agent", "field", "the 'agent' field"),
                ("dialect", "field", "the 'dialect' field"),
                ("timestamp", "field", "the 'timestamp' field"))


def read_parquet(path: str, limits: Limits, notes: Notes) -> Iterator[Raw]:
    """A table, read row group by row group in batches sized from the file's metadata.

    A cell past its limit is reported before it becomes a Python string; a dictionary-encoded
    text column stays encoded (one long value repeated in 4,096 rows is held once, not 4,096
    times); a row group that cannot be read costs only its own rows, each reported.
    """
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError(
            f"{path}: reading Parquet needs pyarrow: pip install 'stef[parquet]'"
        ) from None
    try:
        reader = pq.ParquetFile(path)
        meta = reader.metadata
        encoded = _dictionary_columns(reader)
        if encoded:
            reader = pq.ParquetFile(path, read_dictionary=encoded)
    except Exception as exc:  # pyarrow raises several types for a damaged or foreign file
        raise InputError(f"{path}: not a readable Parquet file: {exc}") from None
    groups = meta.num_row_groups
    start = 0  # rows before this row group
    for g in range(groups):
        size = meta.row_group(g).num_rows
        batches = reader.iter_batches(batch_size=_batch_rows(meta.row_group(g)), row_groups=[g])
        done = 0
        while True:
            try:
                batch = next(batches, None)
            except Exception as exc:  # a damaged row group: each of its rows not yet read
                reason = f"{type(exc).__name__}: {str(exc)[:200]}"
                for n in range(start + done + 1, start + size + 1):
                    yield _unreadable(str(n), (
                        f"input: {path}: row {n}: row group {g + 1} of {groups} (rows "
                        f"{start + 1}-{start + size}) could not be read: {reason}; the other "
                        "row groups were read"), n)
                done = max(done, size)
                break
            if batch is None:
                break
            try:
                _check_indices(batch)
                rows = list(_parquet_rows(batch, path, start + done, limits, notes))
            except Exception as exc:  # this batch's rows only; the next batch may be whole
                reason = f"{type(exc).__name__}: {str(exc)[:200]}"
                first, last = start + done + 1, start + done + batch.num_rows
                rows = [_unreadable(str(n), (
                    f"input: {path}: row {n}: rows {first}-{last} of row group {g + 1} of "
                    f"{groups} could not be read: {reason}; the other rows were read"), n)
                    for n in range(first, last + 1)]
            yield from rows
            done += batch.num_rows
        start += done


def _check_indices(batch: Any) -> None:
    """Damaged pages can decode without an error from pyarrow: a dictionary index past its
    dictionary. Said here rather than as an IndexError while converting (invalid UTF-8, which
    a full validation would also reject, is repaired later instead)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    for name, array in zip(batch.schema.names, batch.columns):
        if pa.types.is_dictionary(array.type) and len(array):
            low, high = pc.min_max(array.indices).values()
            if low.is_valid and (low.as_py() < 0 or high.as_py() >= len(array.dictionary)):
                raise ValueError(f"column {name!r}: dictionary index {high.as_py()} past its "
                                 f"{len(array.dictionary)} values")


def _dictionary_columns(reader: Any) -> list[str]:
    """Top-level text columns stored with a dictionary page in some row group."""
    text = {f.name for f in reader.schema_arrow if _is_text(f.type)}
    meta = reader.metadata
    found: set[str] = set()
    for g in range(meta.num_row_groups):
        group = meta.row_group(g)
        for c in range(group.num_columns):
            chunk = group.column(c)
            name = chunk.path_in_schema.split(".")[0]
            if name in text and chunk.has_dictionary_page:
                found.add(name)
    return sorted(found)


def _is_text(kind: Any) -> bool:
    import pyarrow as pa

    return bool(pa.types.is_string(kind) or pa.types.is_large_string(kind)
                or pa.types.is_binary(kind) or pa.types.is_large_binary(kind))


def _batch_rows(group: Any) -> int:
    """Rows per batch for a row group: about :data:`PARQUET_BATCH_BYTES` of decoded data."""
    rows = max(1, group.num_rows)
    decoded = sum(group.column(c).total_uncompressed_size for c in range(group.num_columns))
    return max(1, min(4096, int(PARQUET_BATCH_BYTES * rows // max(1, decoded))))


def _parquet_rows(batch: Any, path: str, before: int, limits: Limits,
                  notes: Notes) -> Iterator[Raw]:
    """The rows of one batch (rows ``before + 1`` on), over-long cells never converted."""
    columns: dict[str, list[Any]] = {}
    over: dict[str, dict[int, int]] = {}  # column -> row in batch -> its length
    cell_limits = {column: getattr(limits, name) for column, name, _ in _CELL_LIMITS}
    measured: list[tuple[Any, int]] = []  # each text column's cell sizes (bytes), its largest
    for name, array in zip(batch.schema.names, batch.columns):
        values, long_cells, nbytes, longest = _column(
            array, cell_limits.get(name, limits.line), path, before, notes)
        columns[name] = values
        if long_cells:
            over[name] = long_cells
        if nbytes is not None:
            measured.append((nbytes, longest))
    sizes: list[int] | None = None  # bytes of each row's text, when some row may be too large
    if sum(longest for _, longest in measured) > limits.line:
        sizes = [0] * batch.num_rows
        for nbytes, _ in measured:
            sizes = [a + b for a, b in zip(sizes, nbytes.fill_null(0).to_pylist())]
    for i in range(batch.num_rows):
        n = before + i + 1
        where = f"{path}: row {n}"
        problem = None
        if sizes is not None and sizes[i] > limits.line:
            problem = _too_long(where, sizes[i], limits, what="the row")
        else:
            for column, name, what in _CELL_LIMITS:
                if i in over.get(column, {}):
                    problem = limits.message(name, over[column][i], what=what)
                    break
        if problem is not None:
            known = {f: v for f in ("id", "agent", "timestamp")
                     if isinstance(v := _cell(columns, f, i, over), str) and v}
            yield _unreadable(str(n), problem, n, **known)
            continue
        try:
            clean = {k: plain_value(v[i]) for k, v in columns.items()}
            clean, found = safejson.scrub(clean)
            if found:
                notes.add("surrogates", where)
        except Exception as exc:
            yield _unreadable(str(n), f"input: {where}: {type(exc).__name__}: "
                                      f"{str(exc)[:200]}", n)
            continue
        yield Raw(clean, str(n), n, where)


def _cell(columns: dict[str, list[Any]], name: str, i: int,
          over: dict[str, dict[int, int]]) -> Any:
    if name not in columns or i in over.get(name, {}):
        return None
    value = plain_value(columns[name][i])
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _column(array: Any, limit: int, path: str, before: int, notes: Notes
            ) -> tuple[list[Any], dict[int, int], Any, int]:
    """A column's cells as Python values, with every cell longer than ``limit`` (characters;
    bytes for binary) left as None and listed (row in batch -> its length); for a text
    column also each cell's size in bytes (an Arrow array) and the largest. Dictionary-encoded
    text is measured and converted once per distinct value."""
    import pyarrow as pa
    import pyarrow.compute as pc

    encoded = pa.types.is_dictionary(array.type)
    values = array.dictionary if encoded else array
    if not _is_text(values.type):
        return array.to_pylist(), {}, None, 0
    nbytes = pc.binary_length(values)
    longest = pc.max(nbytes).as_py() or 0
    long_cells: dict[int, int] = {}
    if longest > limit:  # bytes >= characters: below the limit in bytes, no cell is over it
        chars = pa.types.is_string(values.type) or pa.types.is_large_string(values.type)
        lengths = pc.utf8_length(values) if chars else nbytes
        too_long = pc.greater(lengths, limit).fill_null(False)
        values = pc.if_else(too_long, pa.scalar(None, values.type), values)
        flags, counts = too_long.to_pylist(), lengths.to_pylist()
        keys = array.indices.to_pylist() if encoded else range(len(array))
        long_cells = {i: counts[k] for i, k in enumerate(keys) if k is not None and flags[k]}
    items = _pylist(values, path, before, notes)
    if encoded:
        items = [items[k] if k is not None else None for k in array.indices.to_pylist()]
        nbytes = pc.take(nbytes, array.indices)
    return items, long_cells, nbytes, longest


def _pylist(values: Any, path: str, before: int, notes: Notes) -> list[Any]:
    """``values.to_pylist()``; text that is not valid UTF-8 is decoded with U+FFFD instead
    (and noted) rather than losing the batch."""
    try:
        return list(values.to_pylist())
    except UnicodeDecodeError:
        import pyarrow as pa

        notes.add("bad_utf8", f"{path}: row {before + 1}")
        raw = values.cast(pa.large_binary()).to_pylist()
        return [v.decode("utf-8", "replace") if v is not None else None for v in raw]


# --------------------------------------------------------------------------------------------
# The readers, by suffix (a new format is one function and one line here)
# --------------------------------------------------------------------------------------------

READERS: dict[str, Reader] = {
    ".jsonl": read_jsonl,
    ".ndjson": read_jsonl,
    ".json": read_json,
    ".csv": read_csv,
    ".parquet": read_parquet,
}
#: the input suffixes STEF reads
SUFFIXES = tuple(READERS)


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


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------


def result_json(result: Result) -> str:
    """One output line; ``line`` (an input bookkeeping field) is not part of it.

    A Ctrl-C that lands while pydantic runs one of the model's serializer functions comes out
    as a ``PydanticSerializationError`` naming ``KeyboardInterrupt`` (pydantic keeps no cause):
    it is raised again as the interrupt it is, so that the run stops as documented (exit 130,
    no traceback) instead of failing on a serialization error."""
    try:
        return result.model_dump_json(exclude={"line"})
    except PydanticSerializationError as exc:
        if "KeyboardInterrupt" in str(exc):
            raise KeyboardInterrupt from None
        raise


def output_line(result: Result, limits: Limits | None = None, notes: Notes | None = None,
                *, encode: Callable[[Result], str] = result_json) -> tuple[str, Result]:
    """The JSON line for ``result`` (valid UTF-8 JSON whatever the result holds, with no
    character any reader could take for a line end) and the result that line encodes.

    Lone surrogates (from the Python API or a plugin) are replaced by U+FFFD; a line longer than
    ``limits.output`` bytes is replaced by an unscored result that says so; a result that cannot
    be encoded at all becomes an unscored ``internal:`` one. Either way: one line per result.
    """
    limits = limits or Limits()
    try:
        line = encode(result)
    except Exception:
        try:
            data, _ = safejson.scrub(result.model_dump(mode="json", exclude={"line"}))
            result = Result.model_validate(data)
            line = encode(result)
            if notes is not None:
                notes.add("surrogates", f"result {data.get('id', '?')!r}")
        except Exception as exc:
            result = _replacement(result, f"internal: the result could not be written as JSON: "
                                          f"{type(exc).__name__}; please report this", "internal")
            line = encode(result)
    if _LINE_BREAKS.search(line):
        line = _LINE_BREAKS.sub(lambda m: f"\\u{ord(m.group()):04x}", line)
    if len(line) * 4 > limits.output and len(line.encode("utf-8")) > limits.output:
        size = len(line.encode("utf-8"))
        result = _replacement(result, limits.message("output", size, what="the result"),
                              "limit")
        line = encode(result)
    return line, result


# Characters JSON may leave raw inside strings but that str.splitlines() and some JSONL readers
# take for line ends: written as \u escapes, so that one result is one line for everyone.
_LINE_BREAKS = re.compile("[\x85\u2028\u2029]")


def _replacement(result: Result, error: str, kind: ErrorKind) -> Result:
    """An unscored stand-in for a result that cannot be written, keeping its id and agent."""
    def safe(text: str | None, default: str) -> str:
        text = safejson.SURROGATE.sub("\ufffd", text) if text is not None else default
        return text if len(text) <= 1000 else text[:1000] + "..."

    return Result(id=safe(result.id, "?"), agent=safe(result.agent, "default"),
                  status="unscored", error=error, error_kind=kind,
                  timestamp=safe(result.timestamp, "") or None, line=result.line)
