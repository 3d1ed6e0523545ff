"""Estimated accuracy (the mean of gamma) in `stef eval`'s summary, with its interval; labels
carried from input records into results."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from stef_core.models import Result
from stef_core.stats import Accumulator, bootstrap_mean_ci, bootstrap_mean_ci_counts

RECORDS = [
    {"id": "1", "agent": "a", "question": "How many users are active?",
     "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'", "label": 1},
    {"id": "2", "agent": "a", "question": "How many users are active?",
     "sql": "SELECT COUNT(*) FROM users WHERE status = 'gone'", "label": "incorrect"},
    {"id": "3", "agent": "b", "question": "List the products", "sql": "SELECT name FROM products"},
    {"id": "4", "agent": "b", "question": "List the products", "sql": "SELECT FROM WHERE"},
]


def test_summary_gives_estimated_accuracy_and_labels_travel_with_results(tmp_path: Path) -> None:
    from stef_core.cli import (
        cli,
        commands,  # noqa: F401
    )

    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    out, summary = tmp_path / "out.jsonl", tmp_path / "s.json"
    res = CliRunner().invoke(cli, ["eval", str(src), "-o", str(out), "--summary-json",
                                   str(summary)])
    assert res.exit_code == 0, res.output
    results = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r.get("label") for r in results] == [1, 0, None, None]
    assert "label" not in results[2]  # no label in, none out
    data = json.loads(summary.read_text())
    a, b = data["agents"]["a"], data["agents"]["b"]
    gammas = [r["confidence"] for r in results[:2]]
    assert a["estimated_accuracy"] == round(sum(gammas) / 2, 4)
    assert a["estimated_accuracy_ci95"][0] <= a["estimated_accuracy"] <= \
        a["estimated_accuracy_ci95"][1]
    assert (a["labelled"], a["accuracy"]) == (2, 0.5)
    # b: one scored record, one unscored (excluded from the estimate; coverage shows it)
    assert b["estimated_accuracy"] == results[2]["confidence"] and b["coverage"] == 0.5
    assert b["estimated_accuracy_ci95"] is None and b["accuracy"] is None
    assert "est. accuracy (95% CI)" in res.stdout and "labelled accuracy" in res.stdout


def test_bootstrap_over_a_count_table_matches_the_expanded_one() -> None:
    rng = random.Random(3)
    values = [rng.choice([0.2, 0.5, 0.75, 0.9]) for _ in range(150)]
    counts: dict[float, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    lo, hi = bootstrap_mean_ci_counts(counts)  # type: ignore[misc]
    elo, ehi = bootstrap_mean_ci(values)  # type: ignore[misc]
    assert lo == pytest.approx(elo, abs=0.02) and hi == pytest.approx(ehi, abs=0.02)
    assert bootstrap_mean_ci_counts(counts) == bootstrap_mean_ci_counts(counts)  # seeded


def test_large_groups_get_the_normal_interval_without_numpy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import builtins

    real_import = builtins.__import__

    def no_numpy(name: str, *args: object, **kwargs: object) -> object:
        if name == "numpy":
            raise ImportError("no numpy here")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_numpy)
    counts = {0.0: 5000, 1.0: 5000}
    lo, hi = bootstrap_mean_ci_counts(counts)  # type: ignore[misc]
    half = 1.959964 * math.sqrt(0.25 * 10000 / 9999 / 10000)
    assert (lo, hi) == (pytest.approx(0.5 - half, abs=1e-5), pytest.approx(0.5 + half, abs=1e-5))


def test_accumulator_interval_is_shifted_to_the_exact_mean() -> None:
    acc = Accumulator()
    # the count table keeps two decimals (0.80, 0.80, 0.81, 0.81); the mean stays exact and
    # the interval is moved by the rounding's offset, so it is off by at most half a step
    for g in (0.801, 0.803, 0.806, 0.809):
        acc.add(Result(id="x", agent="a", status="scored", score=64.0, band="marginal",
                       confidence=g))
    est = acc.estimated_accuracy()
    assert est["estimated_accuracy"] == 0.8048
    lo, hi = est["estimated_accuracy_ci95"]
    assert 0.801 - 0.005 <= lo <= 0.8048 <= hi <= 0.809 + 0.005
