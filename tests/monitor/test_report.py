"""stef report: numbers against hand computation, windows, Markdown, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stef_core.monitor.render import markdown
from stef_core.monitor.report import Report
from stef_core.stats import Accumulator, percentile, percentile_counts

from .helpers import result, run, write

# agent a: 50, 70 (limit.x), 80, 100, one unscored -> records 5, coverage 0.8
# agent b: 40 (filter.missing, limit.x), 60 (filter.missing), 100
RESULTS = [
    result("1", "a", 50, ts="2026-01-05T10:00:00Z", reasons=("limit.x",)),
    result("2", "a", 70, ts="2026-01-05T23:30:00-02:00", reasons=("limit.x",)),
    result("3", "a", 80, ts="2026-01-06T09:00:00Z"),
    result("4", "a", 100),
    result("5", "a", None, ts="2026-01-06T09:00:00Z", error="sql: does not parse"),
    result("6", "b", 40, ts="2026-01-05", reasons=("filter.missing", "limit.x")),
    result("7", "b", 60, ts="2026-01-12", reasons=("filter.missing",)),
    result("8", "b", 100, ts="not a date"),
]


def test_per_agent_numbers_match_hand_computation() -> None:
    data = Report().add_all(RESULTS).to_dict()
    a, b = data["groups"]
    assert (a["agent"], a["records"], a["scored"], a["coverage"]) == ("a", 5, 4, 0.8)
    assert a["mean"] == 75.0                              # (50+70+80+100)/4
    assert a["p50"] == 75.0                               # halfway between 70 and 80
    assert a["p90"] == 94.0                               # 80 + 0.7 * (100 - 80)
    assert a["bands"] == {"excellent": 1, "good": 1, "marginal": 2, "poor": 0}
    assert a["unscored_by_kind"] == {"sql": 1}
    assert b["mean"] == 66.67 and b["p50"] == 60.0 and b["p90"] == 92.0
    assert b["top_reasons"][0] == {"code": "filter.missing", "severity": "minor", "count": 2,
                                   "example_id": "6", "example": "filter.missing in 6"}
    assert [w["id"] for w in a["worst"]] == ["1", "2"]  # only scores below 75, lowest first
    assert data["overall"]["records"] == 8
    assert data["reasons"][0] == {"code": "limit.x", "severity": "minor", "count": 3,
                                  "example_id": "1", "example": "limit.x in 1"}


def test_windows_by_day_and_week_in_utc_with_unknown() -> None:
    data = Report(by="agent,day").add_all(RESULTS).to_dict()
    keys = [(g["agent"], g["window"], g["records"]) for g in data["groups"]]
    # 23:30 at -02:00 is 01:30 UTC on the 6th; no timestamp and a bad one go to "unknown"
    assert keys == [("a", "2026-01-05", 1), ("a", "2026-01-06", 3), ("a", "unknown", 1),
                    ("b", "2026-01-05", 1), ("b", "2026-01-12", 1), ("b", "unknown", 1)]
    assert data["bad_timestamps"] == 1
    weeks = Report(by="agent,week").add_all(RESULTS).to_dict()
    assert [(g["agent"], g["window"]) for g in weeks["groups"]][:2] == [
        ("a", "2026-W02"), ("a", "unknown")]
    tl = data["timeline"]
    assert tl["windows"] == ["2026-01-05", "2026-01-06", "2026-01-12", "unknown"]
    assert tl["series"]["a"] == [50.0, 75.0, None, 100.0]


def test_histogram_bins_put_100_in_the_last_bin() -> None:
    data = Report().add_all(RESULTS).to_dict()
    assert data["agents"]["a"]["histogram"] == [0, 0, 0, 0, 0, 1, 0, 1, 1, 1]


def test_percentile_counts_equals_percentile_and_memory_is_bounded() -> None:
    acc = Accumulator(keep_worst=3)
    values = []
    for i in range(20000):
        v = float((i * 37) % 11 * 10)
        values.append(v)
        acc.add(result(str(i), "a", v, reasons=("r.x",)))
    # flat memory: a count per distinct score, three worst, one example per code
    assert len(acc.score_counts) == 11 and len(acc._worst) == 3 and len(acc.examples) == 1
    for q in (0, 10, 50, 90, 100):
        assert percentile_counts(acc.score_counts, q) == percentile(values, q)
    assert [w["score"] for w in acc.worst()] == [0.0, 0.0, 0.0]


def test_cli_table_markdown_json(tmp_path: Path) -> None:
    src = write(tmp_path / "r.jsonl", RESULTS)
    md, js = tmp_path / "r.md", tmp_path / "r.json"
    out = run("report", src, "--markdown", str(md), "--json", str(js))
    assert out.exit_code == 0, out.output
    assert "STEF report" in out.stdout
    line_a = next(line for line in out.stdout.splitlines() if line.startswith("│ a "))
    cells = [c.strip() for c in line_a.split("│")]
    assert cells[2:12] == ["5", "80.0%", "75.0", "75.0", "94.0", "-", "1", "1", "2", "0"]
    assert "filter.missing (minor) x2  e.g. 6: filter.missing in 6" in out.stdout
    text = md.read_text()
    assert "| a | 5 | 80.0% | 75.0 | 75.0 | 94.0 | - | 1 | 1 | 2 | 0 |" in text
    assert "| `filter.missing` | minor | 2 | 6: filter.missing in 6 |" in text
    assert json.loads(js.read_text())["groups"][0]["mean"] == 75.0


def test_markdown_escapes_pipes() -> None:
    data = Report().add_all([result("x|1", "a|b", 10, reasons=("c",))]).to_dict()
    text = markdown(data)
    assert "| a\\|b | 1 |" in text and "x\\|1" in text


def test_bad_inputs_give_one_line_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "1", "agent": "a", "status": "scored"}\n{"id": oops}\n')
    out = run("report", str(bad))
    assert out.exit_code == 2
    assert out.stderr.startswith(f"stef: error: {bad}:2:8: not JSON: Expecting value")
    out = run("report", str(tmp_path / "missing.jsonl"))
    assert out.exit_code == 2 and "missing.jsonl: no such results file" in out.stderr
    out = run("report", str(bad), "--by", "week")
    assert out.exit_code == 2 and "--by: unknown grouping 'week'" in out.stderr
    out = run("report", "3")
    assert out.exit_code == 2 and "give --store PATH or set STEF_STORE" in out.stderr


LABELLED = [
    result("1", "a", 100.0, gamma=0.9, label=1),
    result("2", "a", 100.0, gamma=0.95, label=0),
    result("3", "a", 64.0, gamma=0.7, label=1),
    result("4", "a", 35.0, gamma=0.3, label=0),
    result("5", "b", 64.0, gamma=0.72, label=1),
    result("6", "b", 64.0, gamma=0.8),  # not reviewed
    result("7", "b", None, label=1),  # unscored: no gamma, not in the reliability
]


def test_estimated_accuracy_and_reliability_match_hand_computation() -> None:
    data = Report().add_all(LABELLED).to_dict()
    a, b = data["groups"]
    assert a["estimated_accuracy"] == 0.7125  # (0.9 + 0.95 + 0.7 + 0.3) / 4
    lo, hi = a["estimated_accuracy_ci95"]
    assert 0.3 <= lo < 0.7125 < hi <= 0.95
    assert (a["labelled"], a["accuracy"]) == (4, 0.5)
    assert (b["estimated_accuracy"], b["labelled"], b["accuracy"]) == (0.76, 1, 1.0)
    cal = data["calibration"]["overall"]
    assert cal["labelled"] == 5 and cal["share_correct"] == 0.6
    # bins: [0.3,0.4): 0.3/0; [0.7,0.8): 0.7/1, 0.72/1; [0.9,1.0]: 0.9/1, 0.95/0
    assert cal["table"] == [
        {"bin": [0.3, 0.4], "n": 1, "mean_gamma": 0.3, "share_correct": 0.0},
        {"bin": [0.7, 0.8], "n": 2, "mean_gamma": 0.71, "share_correct": 1.0},
        {"bin": [0.9, 1.0], "n": 2, "mean_gamma": 0.925, "share_correct": 0.5},
    ]
    # |0.3-0| * 1/5 + |0.71-1| * 2/5 + |0.925-0.5| * 2/5
    assert cal["ece"] == pytest.approx(0.3 / 5 + 0.29 * 2 / 5 + 0.425 * 2 / 5, abs=1e-4)
    assert cal["bands"]["excellent"] == {"labelled": 2, "correct": 1, "precision": 0.5}
    assert cal["bands"]["marginal"] == {"labelled": 2, "correct": 2, "precision": 1.0}
    assert Report().add_all(RESULTS).to_dict()["calibration"] is None  # no labels, no section


def test_labelled_report_prints_reliability_and_band_precision(tmp_path: Path) -> None:
    src = write(tmp_path / "r.jsonl", LABELLED)
    md = tmp_path / "r.md"
    out = run("report", src, "--markdown", str(md))
    assert out.exit_code == 0, out.output
    assert "Reliability: gamma against the reviewers' labels" in out.stdout
    assert "Band precision" in out.stdout
    text = md.read_text()
    assert "| 0.9-1.0 | 2 | 0.925 | 0.500 |" in text
    assert "| excellent | 2 | 1 | 0.500 |" in text
    assert "0.71 [" in text  # the estimated-accuracy column


def test_reasons_are_ranked_by_what_took_records_below_75() -> None:
    from stef_core.models import Reason

    def low(rid: str, *codes: tuple[str, str]) -> object:
        r = result(rid, "a", 40)
        return r.model_copy(update={"reasons": [
            Reason(code=c, message=f"{c} in {rid}", severity=s)  # type: ignore[arg-type]
            for c, s in codes]})

    results = [
        # an info code on every low record: reported apart, never first
        low("1", ("filter.extra", "info"), ("filter.missing", "critical")),
        low("2", ("filter.extra", "info"), ("filter.missing", "critical"),
            ("filter.missing", "critical")),  # counted once per record
        low("3", ("filter.extra", "info"), ("limit.unrequested", "major")),
        # a minor finding beside a critical one did not take the record down
        low("4", ("filter.extra", "info"), ("date.end_of_day", "minor"),
            ("filter.missing", "critical")),
        # minor findings alone did (they lowered gamma together)
        low("5", ("filter.extra", "info"), ("date.end_of_day", "minor")),
        low("6", ("filter.extra", "info"), ("date.end_of_day", "minor")),
        low("7", ("filter.extra", "info"), ("date.end_of_day", "minor")),
        low("8", ("filter.extra", "info"), ("date.end_of_day", "minor")),
    ]
    data = Report().add_all(results).to_dict()  # type: ignore[arg-type]
    assert [(r["code"], r["severity"], r["count"]) for r in data["reasons"]] == [
        ("filter.missing", "critical", 3), ("limit.unrequested", "major", 1),
        ("date.end_of_day", "minor", 4)]
    assert data["noted_reasons"] == [{"code": "filter.extra", "count": 8}]
    # the summary `stef eval` prints says the same
    from stef_core.stats import summarize

    summary = summarize(results)["overall"]  # type: ignore[arg-type]
    assert summary["top_reasons"][0] == {"code": "filter.missing", "severity": "critical",
                                         "count": 3}
    assert summary["noted_reasons"] == [{"code": "filter.extra", "count": 8}]
