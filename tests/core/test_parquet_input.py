"""Parquet is read row group by row group within the per-record limits (issue 21, item 4).

Reproducers: one damaged row group of three lost the whole file (one output line, exit 0); a
10 KB file whose question column was one dictionary-encoded 1 MiB string in 4,096 rows took
4.3 GB, because every cell became its own Python string before any limit was checked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stef_core.io import Notes, read_items, read_raw
from stef_core.limits import Limits

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

SQL = "SELECT COUNT(*) FROM users WHERE status = 'active'"


def three_groups(path: Path, rows: int = 40) -> None:
    """Three row groups of ``rows`` rows, compressed (so that damage is detected)."""
    n = 3 * rows
    table = pa.table({"id": [f"r{i + 1}" for i in range(n)],
                      "question": [f"How many users are active, case {i}?" for i in range(n)],
                      "sql": [f"{SQL} AND k = {i}" for i in range(n)]})
    pq.write_table(table, path, row_group_size=rows, compression="snappy", use_dictionary=False)


def damage_group(path: Path, group: int) -> None:
    """Flip bytes inside every column chunk of one row group."""
    meta = pq.ParquetFile(path).metadata.row_group(group)
    data = bytearray(path.read_bytes())
    for c in range(meta.num_columns):
        chunk = meta.column(c)
        start = chunk.data_page_offset + chunk.total_compressed_size // 2
        for k in range(16):
            data[start + k] ^= 0x5A
    path.write_bytes(bytes(data))


def test_a_damaged_row_group_costs_only_its_own_rows_each_reported(tmp_path: Path) -> None:
    path = tmp_path / "logs.parquet"
    three_groups(path)
    damage_group(path, 1)
    items = list(read_items([str(path)]))
    assert len(items) == 120  # one item per row, whatever happened to its row group
    read = [it for it in items if not hasattr(it, "error")]
    lost = [it for it in items if hasattr(it, "error")]
    assert [r.id for r in read] == [f"r{i}" for i in (*range(1, 41), *range(81, 121))]
    assert [b.id for b in lost] == [str(n) for n in range(41, 81)]
    assert lost[0].error.startswith(
        f"input: {path}: row 41: row group 2 of 3 (rows 41-80) could not be read: ")
    assert lost[-1].error.startswith(f"input: {path}: row 80: row group 2 of 3 (rows 41-80)")
    assert lost[0].error.endswith("; the other row groups were read")


def test_dictionary_indices_past_their_dictionary_cost_only_their_rows(tmp_path: Path) -> None:
    """Damage pyarrow decodes without an error: a dictionary index past the dictionary. The
    whole run stopped on an IndexError traceback (campaign, parquet family)."""
    import io

    import pyarrow.compute as pc

    rows = 100
    table = pa.table({"id": [f"r{i + 1}" for i in range(3 * rows)],
                      "question": [f"How many users are active, case {i % 3}?"
                                   for i in range(3 * rows)],
                      "sql": [SQL] * (3 * rows)})
    buf = io.BytesIO()
    pq.write_table(table, buf, row_group_size=rows, compression="none")
    pristine = buf.getvalue()
    chunk = pq.ParquetFile(io.BytesIO(pristine)).metadata.row_group(1).column(1)
    assert chunk.has_dictionary_page
    # The first byte of group 2's question data page whose change still decodes, but to
    # indices past the dictionary (test set-up: pyarrow finds it, STEF is not involved).
    for at in range(chunk.data_page_offset,
                    chunk.dictionary_page_offset + chunk.total_compressed_size):
        data = bytearray(pristine)
        data[at] ^= 0xFF
        try:
            [batch] = pq.ParquetFile(io.BytesIO(bytes(data)), read_dictionary=["question"]
                                     ).iter_batches(row_groups=[1])
            indices = batch.column("question").indices
            if pc.max(indices).as_py() >= len(batch.column("question").dictionary):
                break
        except Exception:  # damage pyarrow reports itself: not this case
            continue
    else:
        pytest.fail("no damage of that kind found")
    path = tmp_path / "logs.parquet"
    path.write_bytes(bytes(data))
    items = list(read_items([str(path)]))
    assert len(items) == 3 * rows
    lost = [it for it in items if hasattr(it, "error")]
    assert [b.id for b in lost] == [str(n) for n in range(rows + 1, 2 * rows + 1)]
    assert lost[0].error.startswith(
        f"input: {path}: row 101: rows 101-200 of row group 2 of 3 could not be read: "
        "ValueError: column 'question': dictionary index ")
    assert lost[0].error.endswith("; the other rows were read")
    assert [it.id for it in items[:rows]] == [f"r{i + 1}" for i in range(rows)]


def test_one_long_dictionary_encoded_value_is_measured_once_never_decoded(
        tmp_path: Path) -> None:
    """200 rows sharing one 1 MiB question: decoded, that is 200 MiB in Arrow and again in
    Python; read as its dictionary it is 1 MiB, and each row is a `limit:` result."""
    path = tmp_path / "long.parquet"
    rows = 200
    table = pa.table({"id": [str(i) for i in range(rows)], "question": ["q" * (1 << 20)] * rows,
                      "sql": [SQL] * rows})
    pq.write_table(table, path, use_dictionary=True, dictionary_pagesize_limit=4 << 20)
    del table
    base = pa.total_allocated_bytes()
    peak = 0
    items = []
    for raw in read_raw([str(path)]):
        peak = max(peak, pa.total_allocated_bytes() - base)
        items.append(raw)
    assert len(items) == rows
    assert peak < 32 << 20, f"Arrow held {peak >> 20} MiB"
    assert {r.error for r in items} == {
        "limit: the question has 1,048,576 characters, over the limit of 10,000; "
        "raise it with --limit question=N"}
    assert [r.id for r in items[:3]] == ["0", "1", "2"]  # the row's own id, still read


def test_a_cell_past_the_field_limit_is_a_limit_result_like_in_jsonl(tmp_path: Path) -> None:
    path = tmp_path / "ids.parquet"
    table = pa.table({"id": ["x" * 1500, "ok"], "agent": ["bot", "b" * 2000],
                      "question": ["How many users are active?"] * 2, "sql": [SQL] * 2})
    pq.write_table(table, path)
    first, second = read_items([str(path)])
    assert first.error == ("limit: the 'id' field has 1,500 characters, over the limit of "
                           "1,000; raise it with --limit field=N")
    assert first.id == "1" and first.agent == "bot"  # the id cell is not kept, the agent is
    assert second.error == ("limit: the 'agent' field has 2,000 characters, over the limit of "
                            "1,000; raise it with --limit field=N")
    assert second.id == "ok"


def test_a_row_past_the_line_limit_is_a_limit_result_and_the_next_row_is_read(
        tmp_path: Path) -> None:
    path = tmp_path / "wide.parquet"
    table = pa.table({"question": ["How many users are active?"] * 2, "sql": [SQL] * 2,
                      "notes": ["n" * 5000, "short"]})
    pq.write_table(table, path)
    first, second = read_items([str(path)], limits=Limits(line=4096))
    assert first.error == (f"limit: input: {path}: row 1: the row has 5,076 bytes, over the "
                           "limit of 4,096; raise it with --limit line=N")
    assert second.question == "How many users are active?"


def test_text_that_is_not_utf8_is_repaired_and_noted_not_lost(tmp_path: Path) -> None:
    path = tmp_path / "bytes.parquet"
    schema = pa.schema([("question", pa.string()), ("sql", pa.string())])
    bad = pa.array([b"How many users are active\xff?"], pa.binary()).view(pa.string())
    pq.write_table(pa.Table.from_arrays([bad, pa.array([SQL])], schema=schema), path)
    notes = Notes()
    [item] = read_items([str(path)], notes=notes)
    assert item.question == "How many users are active\ufffd?"
    assert notes.warnings() == [f"1 record held invalid UTF-8 bytes, replaced by U+FFFD (first "
                                f"at {path}: row 1)"]
