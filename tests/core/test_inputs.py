"""Every input line or row yields exactly one result, whatever it holds (issue 16).

Each test is one of the hostile-input campaign's reproducers: before the fix it stopped the run
with a traceback, swallowed or shifted records, or lost one silently.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from stef_core.io import Notes, output_line, read_items
from stef_core.limits import Limits
from stef_core.models import Result

OK = ('"question": "How many users are active?", '
      '"sql": "SELECT COUNT(*) FROM users WHERE status = \'active\'"')
OK_CSV = "How many users are active?,SELECT COUNT(*) FROM users WHERE status = 'active'"


def stef_eval(*args: str, stdin: bytes | None = None) -> tuple[int, list[dict[str, Any]], str]:
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    res = CliRunner().invoke(cli, ["eval", *args, "--no-progress"], input=stdin,
                             catch_exceptions=False)
    lines = [json.loads(x) for x in res.stdout.splitlines() if x.startswith("{")]
    return res.exit_code, lines, res.stderr


def run_file(tmp_path: Path, name: str, content: bytes, *args: str
             ) -> tuple[list[dict[str, Any]], str]:
    """Results and stderr of `stef eval` on ``content``; a bad record never changes the exit
    code (0), and the output is one valid UTF-8 JSON line per record."""
    path = tmp_path / name
    path.write_bytes(content)
    out = tmp_path / "out.jsonl"
    code, _, err = stef_eval(str(path), "-o", str(out), *args)
    assert code == 0, err
    raw = out.read_bytes()
    raw.decode("utf-8")  # strict: the output is valid UTF-8 whatever the input held
    results = [json.loads(x) for x in raw.splitlines()]
    assert "Traceback" not in err
    return results, err


def statuses(results: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(r["id"], r["status"]) for r in results]


# ---- JSON values that used to raise -------------------------------------------------------


def test_an_integer_of_5000_digits_is_kept_as_text_and_said_once(tmp_path: Path) -> None:
    big = "1" * 5000
    content = (f'{{"id": "a", {OK}, "metadata": {{"n": {big}}}}}\n'
               f'{{"id": {big}, {OK}}}\n{{"id": "c", {OK}}}\n').encode()
    results, err = run_file(tmp_path, "big.jsonl", content)
    assert [r["status"] for r in results] == ["scored", "unscored", "scored"]
    # an id of 5,000 digits is over the field limit, and says so; it is not a crash
    assert results[1]["error"].startswith("limit: the 'id' field has 5,000 characters")
    assert "stef: warning: 2 records held integers of more than 4,300 digits, kept as text " \
           "(first at " in err


def test_lone_surrogates_become_u_fffd_everywhere_and_the_run_says_so(tmp_path: Path) -> None:
    content = (f'{{"id": "\\ud800", {OK}}}\n'
               f'{{"id": "b", "agent": "bot\\udfff", "dialect": "sqlite", {OK}}}\n'
               f'{{"id": "c", "timestamp": "2026-01-05\\udc00", {OK}}}\n'
               '{"id": "d", "question": "Users named \'\\ud83d\'?", '
               '"sql": "SELECT * FROM users WHERE name = \'\\ud83d\'"}\n').encode()
    results, err = run_file(tmp_path, "s.jsonl", content)
    assert [r["id"] for r in results] == ["\ufffd", "b", "c", "d"]
    assert results[1]["agent"] == "bot\ufffd" and results[2]["timestamp"] == "2026-01-05\ufffd"
    assert all(r["status"] == "scored" for r in results)
    assert "4 records held lone UTF-16 surrogates" in err and "replaced by U+FFFD" in err


def test_the_writer_replaces_surrogates_a_plugin_or_the_api_let_through() -> None:
    notes = Notes()
    line, result = output_line(Result(id="\ud800x", agent="a", status="unscored",
                                      error="sql: \udfff"), notes=notes)
    line.encode("utf-8")
    assert json.loads(line)["id"] == "\ufffdx" and result.error == "sql: \ufffd"
    assert notes.counts["surrogates"] == 1


def test_json_nested_a_thousand_deep_is_one_bad_record(tmp_path: Path) -> None:
    deep = "[" * 1000 + "]" * 1000
    content = (f'{{"id": "a", {OK}, "metadata": {deep}}}\n{{"id": "b", {OK}}}\n').encode()
    results, _ = run_file(tmp_path, "deep.jsonl", content)
    assert statuses(results) == [("1", "unscored"), ("b", "scored")]
    assert results[0]["error"].startswith(f"input: {tmp_path / 'deep.jsonl'}:1: nested too "
                                          "deeply")
    results, _ = run_file(tmp_path, "deep.json",
                                f'[{{"id": "a", {OK}, "m": {deep}}}, {{"id": "b", {OK}}}]'.encode())
    assert statuses(results) == [("1", "unscored"), ("b", "scored")]


def test_bad_bytes_in_a_json_array_are_replaced_like_jsonl(tmp_path: Path) -> None:
    content = b'[{"id": "a\xff", ' + OK.encode() + b'},\n {"id": "b", ' + OK.encode() + b"}]"
    results, err = run_file(tmp_path, "bad.json", content)
    assert statuses(results) == [("a\ufffd", "scored"), ("b", "scored")]
    assert "held invalid UTF-8 bytes, replaced by U+FFFD" in err
    results, _ = run_file(tmp_path, "bad.jsonl", content[1:-1].replace(b",\n ", b"\n"))
    assert statuses(results) == [("a\ufffd", "scored"), ("b", "scored")]


def test_a_broken_element_of_a_json_array_costs_only_itself(tmp_path: Path) -> None:
    content = (f'[{{"id": "a", {OK}}},\n {{"id": "b", "question": }},\n'
               f' {{"id": "c", {OK}, "note": "a ] and a , in a string"}},\n 42]').encode()
    results, _ = run_file(tmp_path, "mixed.json", content)
    assert statuses(results) == [("a", "scored"), ("2", "unscored"), ("c", "scored"),
                                 ("4", "unscored")]
    assert results[1]["error"].startswith(f"input: {tmp_path / 'mixed.json'}:2:")
    assert "record 2 is not JSON" in results[1]["error"]
    assert "expected a JSON object, found int" in results[3]["error"]


def test_a_json_array_cut_short_reports_where_it_stops(tmp_path: Path) -> None:
    content = f'{{"records": [{{"id": "a", {OK}}}, {{"id": "b", "question": "x'.encode()
    results, _ = run_file(tmp_path, "cut.json", content)
    assert statuses(results) == [("a", "scored"), ("2", "unscored")]
    assert "a string opened here is never closed" in results[1]["error"]


# ---- CR, BOM --------------------------------------------------------------------------------


def test_a_raw_cr_splits_no_record_and_shifts_no_line(tmp_path: Path) -> None:
    content = (f'{{"id": "a",\r{OK}}}\n'  # a CR between JSON tokens
               '{"id": "b", "question": "How many\rusers?", "sql": "SELECT COUNT(*) FROM u"}\n'
               "not json\n").encode()
    results, _ = run_file(tmp_path, "cr.jsonl", content)
    assert statuses(results) == [("a", "scored"), ("b", "scored"), ("3", "unscored")]
    assert results[2]["error"].startswith(f"input: {tmp_path / 'cr.jsonl'}:3:1: not JSON")
    code, results, _ = stef_eval("-", stdin=content)  # stdin too
    assert code == 0 and [r["id"] for r in results] == ["a", "b", "3"]
    csv_content = (f"id,question,sql\r\na,{OK_CSV}\r\nb,How many\rusers?,SELECT 1\r\n"
                   'c,"two\r\nlines",SELECT 2\r\nd,x\n').encode()
    results, _ = run_file(tmp_path, "cr.csv", csv_content)
    assert statuses(results) == [("a", "scored"), ("b", "scored"), ("c", "scored"),
                                 ("d", "unscored")]
    assert results[3]["error"].startswith(f"input: {tmp_path / 'cr.csv'}:6:")  # line 6, not 7


def test_a_utf8_bom_loses_neither_the_first_record_nor_the_id_column(tmp_path: Path) -> None:
    bom = b"\xef\xbb\xbf"
    results, _ = run_file(tmp_path, "bom.jsonl",
                                bom + f'{{"id": "a", {OK}}}\n{{"id": "b", {OK}}}\n'.encode())
    assert statuses(results) == [("a", "scored"), ("b", "scored")]
    results, _ = run_file(tmp_path, "bom.csv",
                                bom + f"id,question,sql\nx7,{OK_CSV}\n".encode())
    assert statuses(results) == [("x7", "scored")]
    results, _ = run_file(tmp_path, "bom.json", bom + f'[{{"id": "j", {OK}}}]'.encode())
    assert statuses(results) == [("j", "scored")]


# ---- CSV ------------------------------------------------------------------------------------


def test_a_csv_field_over_128_kib_is_a_limit_not_a_crash(tmp_path: Path) -> None:
    content = (f'id,question,sql\na,"{"x" * 140_000}",SELECT 1\nb,{OK_CSV}\n').encode()
    results, _ = run_file(tmp_path, "big.csv", content)
    assert statuses(results) == [("a", "unscored"), ("b", "scored")]
    assert results[0]["error"] == ("limit: the question has 140,000 characters, over the limit "
                                   "of 10,000; raise it with --limit question=N")
    results, _ = run_file(tmp_path, "big2.csv", content, "--limit", "line=65536")
    assert statuses(results) == [("2", "unscored"), ("b", "scored")]
    assert results[0]["error"].startswith("limit: input: ")
    assert "raise it with --limit line=N" in results[0]["error"]


def test_an_unterminated_quote_is_reported_and_swallows_no_row(tmp_path: Path) -> None:
    content = (f'id,question,sql\na,"How many users?,SELECT 1\nb,{OK_CSV}\nc,{OK_CSV}\n').encode()
    results, _ = run_file(tmp_path, "open.csv", content)
    # the broken row keeps its id, read from its first line alone
    assert statuses(results) == [("a", "unscored"), ("b", "scored"), ("c", "scored")]
    assert results[0]["error"] == (
        f"input: {tmp_path / 'open.csv'}:2: a quoted field opened on this line is never closed "
        '(close the quote; a quote inside a quoted field is written ""); the lines after it '
        "were read as records")
    # A quote closed a few lines later (by another stray quote) is caught by the field count,
    # and the lines in between are read again as rows.
    content = (f'id,question,sql\na,"How many,SELECT 1\nb,{OK_CSV}\nc,x",SELECT 3,z\n'
               f"d,{OK_CSV}\n").encode()
    results, err = run_file(tmp_path, "stray.csv", content)
    assert statuses(results) == [("a", "unscored"), ("b", "scored"), ("c", "unscored"),
                                 ("d", "scored")]
    assert "runs to line 4 and the row has 4 fields, not 3" in results[0]["error"]
    # With the right field count it cannot be told from a multi-line field: it is read as one,
    # and the run says so.
    content = (f'id,question,sql\na,"How many,SELECT 1\nb,{OK_CSV}\nc,x",SELECT 3\n'
               f"d,{OK_CSV}\n").encode()
    results, err = run_file(tmp_path, "stray2.csv", content)
    assert [r["id"] for r in results] == ["a", "d"]
    assert ("stef: warning: 1 record held a quoted field over several lines, some of which read "
            "as CSV rows of their own" in err)


def test_a_quoted_multiline_field_is_one_record(tmp_path: Path) -> None:
    content = ('id,question,sql\na,"How many users\nare active?","SELECT COUNT(*)\nFROM users"\n'
               f'b,{OK_CSV}\n').encode()
    results, _ = run_file(tmp_path, "multi.csv", content)
    assert statuses(results) == [("a", "scored"), ("b", "scored")]


def test_a_row_with_extra_fields_is_an_error_not_shifted_values(tmp_path: Path) -> None:
    content = f"id,question,sql\na,How many users?,SELECT COUNT(*) FROM users,x\nb,{OK_CSV}\n"
    results, _ = run_file(tmp_path, "extra.csv", content.encode())
    assert statuses(results) == [("a", "unscored"), ("b", "scored")]
    assert results[0]["error"] == (
        f"input: {tmp_path / 'extra.csv'}:2: 4 fields, but the header names 3; quote fields "
        'that hold a comma ("a, b")')


def test_a_semicolon_separated_file_is_read_as_such_with_a_warning(tmp_path: Path) -> None:
    content = "id;question;sql\na;How many users?;SELECT COUNT(*) FROM users\n"
    results, err = run_file(tmp_path, "semi.csv", content.encode())
    assert statuses(results) == [("a", "scored")]
    assert (f"stef: warning: {tmp_path / 'semi.csv'}: read as ';'-separated (its header has no "
            "comma); give --delimiter ';' to say so, or --delimiter , to read it "
            "comma-separated") in err
    # said explicitly: no warning; read as commas on purpose: the hint names the way out
    results, err = run_file(tmp_path, "semi.csv", content.encode(), "--delimiter", ";")
    assert statuses(results) == [("a", "scored")] and "warning" not in err
    # Read as commas on purpose, every record is unscored: the run says why in one line and
    # exits 1, like a failed gate (it exited 0 at 0 % coverage, issue 21)
    out = tmp_path / "out.jsonl"
    code, _, err = stef_eval(str(tmp_path / "semi.csv"), "-o", str(out), "--delimiter", ",")
    results = [json.loads(x) for x in out.read_text().splitlines()]
    assert statuses(results) == [("2", "unscored")]
    assert "looks like ';'-separated; read it with --delimiter ';'" in results[0]["error"]
    assert code == 1
    assert err.splitlines()[-1] == (
        "stef: no record was scored (0 of 1; unscored: input: 1); the first says: "
        + results[0]["error"])


# ---- duplicate ids and --resume ------------------------------------------------------------


def test_duplicate_ids_warn_once_with_counts_and_resume_keys_on_position(tmp_path: Path) -> None:
    rows = [f'{{"id": "{i}", "agent": "n{n}", {OK}}}\n' for n, i in
            enumerate(["x", "x", "y", "x", "z", "y"])]
    src = tmp_path / "dup.jsonl"
    src.write_text("".join(rows))
    out = tmp_path / "out.jsonl"
    code, _, err = stef_eval(str(src), "-o", str(out))
    assert err.count("stef: warning:") == 1
    assert "2 ids occur more than once ('x' x3, 'y' x2)" in err
    full = out.read_text().splitlines(keepends=True)
    # a run cut after the fourth record (the third 'x' follows): resume must add records 5-6
    # only, whatever the ids are
    out.write_text("".join(full[:4]))
    code, _, err = stef_eval(str(src), "-o", str(out), "--resume")
    assert code == 0, err
    again = [json.loads(x) for x in out.read_text().splitlines()]
    assert [(r["id"], r["agent"]) for r in again] == [
        ("x", "n0"), ("x", "n1"), ("y", "n2"), ("x", "n3"), ("z", "n4"), ("y", "n5")]


def test_resume_refuses_an_input_that_changed(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("".join(f'{{"id": "{i}", {OK}}}\n' for i in "abc"))
    out = tmp_path / "out.jsonl"
    assert stef_eval(str(src), "-o", str(out))[0] == 0
    out.write_text("".join(out.read_text().splitlines(keepends=True)[:2]))
    src.write_text("".join(f'{{"id": "{i}", {OK}}}\n' for i in "xbc"))
    code, _, err = stef_eval(str(src), "-o", str(out), "--resume")
    assert code == 2
    assert f"stef: error: --resume: {out} was made from other inputs or settings: input 1 " \
           f"({src}) is not the file it read ({src}, " in err
    assert len(out.read_text().splitlines()) == 2  # nothing appended
    # Without its fingerprint (an older STEF's output), the ids still tell, before anything
    # is written (no OUT.partial started from the wrong lines)
    Path(f"{out}.fingerprint").unlink()
    code, _, err = stef_eval(str(src), "-o", str(out), "--resume")
    assert code == 2
    assert f"--resume: {out} was made from other inputs or settings: line 1 is the result of " \
           "id 'a', input record 1 has id 'x'; to start afresh, run without --resume" in err
    assert len(out.read_text().splitlines()) == 2  # nothing appended
    assert not Path(f"{out}.partial").exists() and not Path(f"{out}.fingerprint").exists()


# ---- one item per record, from the reader itself -----------------------------------------


@pytest.mark.parametrize("limit", [64, 4 * 1024 * 1024])
def test_an_over_long_line_is_skipped_without_being_held(tmp_path: Path, limit: int) -> None:
    src = tmp_path / "long.jsonl"
    src.write_text(f'{{"id": "a", {OK}, "pad": "{"x" * 200}"}}\n{{"id": "b", {OK}}}\n')
    items = list(read_items([str(src)], limits=Limits(line=limit)))
    assert [i.id for i in items] == (["1", "2"] if limit == 64 else ["a", "b"])
    if limit == 64:
        assert "limit: input:" in items[0].error  # type: ignore[union-attr]


def test_dates_at_the_calendars_edges_are_no_internal_error() -> None:
    # found by the fuzz suite: a year-9999 timestamp anchored relative dates past the calendar,
    # and a year-9999 date in a question overflowed when read as a period
    from stef_core.engine import evaluate

    results = evaluate([
        {"question": "Total sales in 2023 by region", "timestamp": "9999-12-31T23:59:59-14:00",
         "sql": "SELECT region, SUM(amount) FROM sales WHERE year = 2023 GROUP BY region"},
        {"question": "Orders last month", "timestamp": "0001-01-01T00:00:00+01:00",
         "sql": "SELECT * FROM orders"},
        {"question": "9999-12-31T23:59:59-14:00", "sql": "SELECT name FROM products"},
    ])
    assert [r.status for r in results] == ["scored"] * 3, [r.error for r in results]
