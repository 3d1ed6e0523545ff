"""`stef report a.jsonl b.jsonl` never merges the same records silently (issue 21, item 7)."""

from __future__ import annotations

import os
from pathlib import Path

from .helpers import result, run, write


def test_results_shared_by_two_files_are_named_in_a_warning(tmp_path: Path) -> None:
    a = write(tmp_path / "a.jsonl", [result(str(i), "bot", 80.0) for i in range(1, 5)])
    b = write(tmp_path / "b.jsonl", [result(str(i), "bot", 70.0) for i in range(3, 7)])
    res = run("report", a, b)
    assert res.exit_code == 0
    assert res.stderr == (
        f"stef: warning: {b}: 2 results have an agent and id already read from {a} ('3', "
        "'4'); the report counts both: if they are two runs of the same records, report one "
        "at a time (or compare them with stef compare)\n")
    # another agent's records with the same ids are not the same records
    c = write(tmp_path / "c.jsonl", [result(str(i), "other", 70.0) for i in range(1, 5)])
    assert run("report", a, c).stderr == ""


def test_one_file_given_twice_is_refused(tmp_path: Path) -> None:
    a = write(tmp_path / "a.jsonl", [result("1", "bot", 80.0)])
    res = run("report", a, os.path.join(tmp_path, ".", "a.jsonl"))
    assert (res.exit_code, res.stderr) == (
        2, f"stef: error: {tmp_path}/./a.jsonl: is {a} again (the same file); each of its "
           "results would be counted twice: give it once\n")
