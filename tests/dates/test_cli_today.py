"""``stef eval --today``: the anchor of relative dates for records without a timestamp."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

RECORDS = [
    {"id": "stamped", "question": "How many orders were placed last month?",
     "sql": "SELECT COUNT(*) FROM orders WHERE order_date >= '2024-05-01' AND order_date < "
            "'2024-06-01'", "timestamp": "2024-06-20T10:00:00Z"},
    {"id": "unstamped", "question": "How many orders were placed last month?",
     "sql": "SELECT COUNT(*) FROM orders WHERE order_date >= '2024-05-01' AND order_date < "
            "'2024-06-01'"},
    {"id": "absolute", "question": "How many orders were placed in 2024?",
     "sql": "SELECT COUNT(*) FROM orders WHERE YEAR(order_date) = 2024", "dialect": "mysql"},
]


def stef(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "stef_core", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.slow
def test_today_anchors_records_without_a_timestamp() -> None:
    stdin = "".join(json.dumps(r) + "\n" for r in RECORDS)
    proc = stef("eval", "-", "--today", "2024-06-15", "--no-progress", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    out = {r["id"]: r for r in map(json.loads, proc.stdout.splitlines())}
    assert out["stamped"]["anchor"] == {"date": "2024-06-20", "source": "timestamp"}
    assert out["unstamped"]["anchor"] == {"date": "2024-06-15", "source": "--today"}
    assert out["unstamped"]["filter_alignment"]["status"] == "fully_applied"
    assert "anchor" not in out["absolute"]  # only when a relative date was read


@pytest.mark.slow
@pytest.mark.parametrize("bad", ["2024-13-01", "yesterday", "15/06/2024"])
def test_bad_today_is_a_usage_error(bad: str) -> None:
    proc = stef("eval", "-", "--today", bad, stdin=json.dumps(RECORDS[0]) + "\n")
    assert proc.returncode == 2
    assert proc.stderr.strip() == (
        f"stef: error: --today: {bad!r} is not a date; write YYYY-MM-DD"
    )
    assert proc.stdout == ""


def test_help_documents_today() -> None:
    from click.testing import CliRunner

    from stef_core.cli import (
        cli,
        commands,  # noqa: F401  (registers the subcommands)
    )

    result = CliRunner().invoke(cli, ["eval", "--help"])
    assert "--today YYYY-MM-DD" in result.output
    assert "relative dates" in result.output


def test_engine_rejects_a_bad_today_without_a_traceback() -> None:
    from stef_core.contracts import StefError
    from stef_core.engine import Engine

    with pytest.raises(StefError, match="not a date"):
        Engine(today="2024-02-30")
