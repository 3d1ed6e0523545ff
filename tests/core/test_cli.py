"""`stef eval` end to end, in a subprocess, as a user or a script runs it (issue 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "support_desk.jsonl"
OUTPUT_KEYS = {
    "id",
    "agent",
    "status",
    "score",
    "band",
    "base",
    "bonus",
    "confidence",
    "confidence_factor",
    "filter_alignment",
    "verdict",
    "normalizations",
    "reasons",
    "error",
}


def stef(
    *args: str, stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stef_core", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_eval_example_writes_one_line_per_record_and_a_summary(tmp_path: Path) -> None:
    out, summary = tmp_path / "out.jsonl", tmp_path / "summary.json"
    proc = stef("eval", str(EXAMPLE), "-o", str(out), "--summary-json", str(summary))
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(x) for x in EXAMPLE.read_text().splitlines()]
    results = lines(out)
    assert [r["id"] for r in results] == [r["id"] for r in records]
    for r in results:
        assert set(r) >= OUTPUT_KEYS
    scored = [r for r in results if r["status"] == "scored"]
    assert all(0 <= r["score"] <= 100 for r in scored)  # type: ignore[operator]
    bad = [r for r in results if r["status"] == "unscored"]
    assert [r["id"] for r in bad] == ["sd-011"] and str(bad[0]["error"]).startswith("sql:")
    data = json.loads(summary.read_text())
    assert set(data) == {"overall", "agents"}
    assert set(data["agents"]) == {"helpdesk-bot@1.4", "helpdesk-bot@1.5"}
    overall = data["overall"]
    for key in ("records", "scored", "coverage", "mean", "p50", "p90", "bands"):
        assert key in overall
    assert overall["records"] == len(records) and overall["scored"] == len(records) - 1
    assert overall["coverage"] == pytest.approx((len(records) - 1) / len(records), abs=1e-4)
    assert "STEF summary" in proc.stdout and "helpdesk-bot@1.5" in proc.stdout


def test_wrong_answers_score_lower_than_right_ones(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert stef("eval", str(EXAMPLE), "-o", str(out)).returncode == 0
    by_id = {r["id"]: r for r in lines(out)}
    # sd-004 filters Germany for a question about France; sd-005 averages for a "total".
    assert by_id["sd-004"]["score"] < by_id["sd-007"]["score"]  # type: ignore[operator]
    assert by_id["sd-005"]["score"] < by_id["sd-006"]["score"]  # type: ignore[operator]
    codes = {c["code"] for c in by_id["sd-004"]["reasons"]}  # type: ignore[union-attr]
    assert codes & {"filter.missing", "filter.value_mismatch"}


def test_fail_under_gates_on_the_mean(tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl"
    assert stef("eval", str(EXAMPLE), "-o", str(out), "--fail-under", "99").returncode == 1
    assert stef("eval", str(EXAMPLE), "-o", str(out), "--fail-under", "1").returncode == 0


def test_stdin_json_and_csv_inputs(tmp_path: Path) -> None:
    rec = {
        "question": "How many users are active?",
        "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'",
    }
    proc = stef("eval", "-", stdin=json.dumps(rec) + "\n")
    assert proc.returncode == 0, proc.stderr
    [line] = [json.loads(x) for x in proc.stdout.splitlines() if x.startswith("{")]
    assert line["id"] == "1" and line["status"] == "scored"
    (tmp_path / "a.json").write_text(json.dumps([rec, rec]))
    (tmp_path / "a.csv").write_text(
        'question,sql\n"How many users?","SELECT COUNT(*) FROM users"\n'
    )
    out = tmp_path / "o.jsonl"
    assert (
        stef("eval", str(tmp_path / "a.json"), str(tmp_path / "a.csv"), "-o", str(out)).returncode
        == 0
    )
    assert [r["status"] for r in lines(out)] == ["scored"] * 3


def test_bad_records_become_unscored_lines_and_never_stop_the_run(tmp_path: Path) -> None:
    src = tmp_path / "bad.jsonl"
    src.write_text(
        "\n".join(
            [
                '{"id": "ok", "question": "How many users?", "sql": "SELECT COUNT(*) FROM users"}',
                "this is not json",
                '{"id": "noq", "sql": "SELECT 1"}',
                '{"id": "two", "question": "q", "sql": "SELECT 1; SELECT 2"}',
                '{"id": "broken", "question": "q", "sql": "SELECT FROM WHERE"}',
                '{"id": "last", "question": "How many users?", '
                '"sql": "SELECT COUNT(*) FROM users"}',
            ]
        )
        + "\n"
    )
    out = tmp_path / "o.jsonl"
    proc = stef("eval", str(src), "-o", str(out), "--summary-json", str(tmp_path / "s.json"))
    assert proc.returncode == 0, proc.stderr
    results = lines(out)
    assert [r["status"] for r in results] == [
        "scored",
        "unscored",
        "unscored",
        "unscored",
        "unscored",
        "scored",
    ]
    assert f"{src}:2:1: not JSON" in str(results[1]["error"])
    assert "line 3" in str(results[2]["error"]) or ":3:" in str(results[2]["error"])
    assert "missing required field 'question'" in str(results[2]["error"])
    assert "2 statements" in str(results[3]["error"])
    assert str(results[4]["error"]).startswith("sql: does not parse")
    summary = json.loads((tmp_path / "s.json").read_text())
    assert summary["overall"]["records"] == 6 and summary["overall"]["scored"] == 2
    assert "Traceback" not in proc.stderr


def test_sql_the_dialect_cannot_render_exactly_prints_nothing_on_stderr(tmp_path: Path) -> None:
    # sqlglot warns when it renders Oracle's TO_NUMBER without a format; STEF renders SQL only
    # for its messages, so that warning must not reach the terminal as a bare, placeless line.
    log = tmp_path / "oracle.jsonl"
    log.write_text(json.dumps({
        "id": "o1", "question": "total fare of rides over 10", "dialect": "oracle",
        "sql": "SELECT SUM(TO_NUMBER(fare_txt)) FROM rides WHERE TO_NUMBER(fare_txt) > 10",
    }) + "\n")
    proc = stef("eval", str(log), "--no-progress", "-o", str(tmp_path / "out.jsonl"))
    assert proc.returncode == 0, proc.stderr
    assert "TO_NUMBER" not in proc.stderr
    assert lines(tmp_path / "out.jsonl")[0]["status"] == "scored"


def test_empty_file_gives_an_empty_summary(tmp_path: Path) -> None:
    src = tmp_path / "empty.jsonl"
    src.write_text("")
    proc = stef(
        "eval",
        str(src),
        "-o",
        str(tmp_path / "o.jsonl"),
        "--summary-json",
        str(tmp_path / "s.json"),
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["overall"]["records"] == 0 and data["agents"] == {}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["eval", "does-not-exist.jsonl"], "does-not-exist.jsonl: no such file"),
        (["eval", str(EXAMPLE), "--judge", "ofline"], "did you mean 'offline'"),
        (["eval", str(EXAMPLE), "--dialect", "postgress"], "postgress"),
        (["eval", str(EXAMPLE), "--rules", "nope.json"], "nope.json: no such rules file"),
    ],
)
def test_usage_errors_exit_2_with_one_clear_line(args: list[str], message: str) -> None:
    proc = stef(*args)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_invalid_json_rules_point_at_the_json_path(tmp_path: Path) -> None:
    rules = tmp_path / "r.json"
    rules.write_text(json.dumps({"benign_filters": [{"column": "x", "op": "EQ", "value": 1}]}))
    proc = stef("eval", str(EXAMPLE), "--rules", str(rules))
    assert proc.returncode == 2
    assert "$.benign_filters[0].op" in proc.stderr and "Traceback" not in proc.stderr


def test_plugins_and_version() -> None:
    proc = stef("plugins")
    assert proc.returncode == 0
    for plugin_id in (
        "sql",
        "question",
        "required_group_by",
        "benign_group_by",
        "order_by_tolerance",
        "limit_tolerance",
        "default",
        "offline",
        "composite",
    ):
        assert plugin_id in proc.stdout
    version = stef("--version")
    assert version.returncode == 0 and "stef" in version.stdout
