"""A results file with NaN or infinite numbers is rejected at the line, never read as a score
(issue 21, item 5).

Reproducers: `"score": NaN` (or `1e999`) in a results file crashed `stef report`; one such line
turned `stef compare`'s regression (exit 1) into "no clear change" (exit 0); `--json` wrote
NaN.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import result, run, write


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_non_finite_score_is_an_error_at_its_line_in_report_and_compare(
        tmp_path: Path, number: str) -> None:
    base = write(tmp_path / "base.jsonl", [result(f"r{i}", "bot", 90.0) for i in range(30)])
    new = write(tmp_path / "new.jsonl", [result(f"r{i}", "bot", 40.0) for i in range(30)])
    assert run("compare", base, new).exit_code == 1  # a clear regression
    lines = Path(new).read_text().splitlines()
    lines[6] = lines[6].replace('"score": 40.0', f'"score": {number}')
    Path(new).write_text("\n".join(lines) + "\n")
    expected = (f"stef: error: {new}:7: not a STEF result: the number {number} is not finite "
                "(NaN, Infinity and numbers past 1e308 are not JSON numbers); a results file "
                "holds the JSON lines `stef eval` writes\n")
    compared = run("compare", base, new, "--json", str(tmp_path / "c.json"))
    assert (compared.exit_code, compared.stderr) == (2, expected)  # never green
    assert not (tmp_path / "c.json").exists()
    reported = run("report", new)
    assert (reported.exit_code, reported.stderr) == (2, expected)


def test_compare_json_is_strict_json(tmp_path: Path) -> None:
    base = write(tmp_path / "base.jsonl", [result("a", "bot", 80.0)])
    new = write(tmp_path / "new.jsonl", [result("a", "bot", 70.0)])
    out = tmp_path / "c.json"
    assert run("compare", base, new, "--json", str(out)).exit_code in (0, 1)
    json.loads(out.read_text(), parse_constant=lambda token: pytest.fail(f"{token} in --json"))
