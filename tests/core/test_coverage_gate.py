"""A run that scores nothing, or less than `--min-coverage`, fails in one line (issue 21,
item 7).

Reproducer: a `;`-separated CSV left every row unscored (each with a good hint), yet the run
exited 0 at 0 % coverage with no run-level word.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

GOOD = {"question": "How many users are active?",
        "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"}
BAD = {"question": "How many users are active?", "sql": "SELEC nothing FROM"}


def stef(*args: str) -> tuple[int, str]:
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    res = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return res.exit_code, res.stderr


def half_scored(path: Path) -> Path:
    rows = [{**GOOD, "id": "a"}, {**BAD, "id": "b"}, {**GOOD, "id": "c"}, {**BAD, "id": "d"}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_min_coverage_fails_the_run_in_one_line_with_exit_1(tmp_path: Path) -> None:
    src = half_scored(tmp_path / "in.jsonl")
    out = tmp_path / "out.jsonl"
    code, err = stef("eval", str(src), "-o", str(out), "--min-coverage", "60", "--no-progress")
    assert code == 1
    assert err.splitlines()[-1] == (
        "stef: coverage 50.0% (2 of 4 records scored) is below --min-coverage 60% (unscored: "
        "sql: 2); the first says: sql: does not parse at line 1, column 18: Invalid expression "
        "/ Unexpected token (near 'FROM'); no dialect was given (set the record's 'dialect' or "
        "--dialect)")
    assert len(out.read_text().splitlines()) == 4  # the results are written all the same
    code, _ = stef("eval", str(src), "-o", str(out), "--min-coverage", "50", "--no-progress")
    assert code == 0


def test_a_run_that_scores_nothing_fails_without_being_asked(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({**BAD, "id": "x"}) + "\n")
    code, err = stef("eval", str(src), "-o", str(tmp_path / "out.jsonl"), "--no-progress")
    assert code == 1
    last = err.splitlines()[-1]
    assert last.startswith("stef: no record was scored (0 of 1; unscored: sql: 1); the first "
                           "says: sql: ")


def test_an_empty_input_is_not_a_coverage_failure(tmp_path: Path) -> None:
    src = tmp_path / "empty.jsonl"
    src.write_text("")
    assert stef("eval", str(src), "-o", str(tmp_path / "out.jsonl"), "--no-progress")[0] == 0
