"""benchmarks/cascade.py: issue 25's check simulated (``check_draws``) measures the final gamma it
is given. Given the deciding judge's own gamma and score it reports exactly what it reports
without, and given the model's on every record it reports no loss: the session-16 comparison
of mixed final gammas stands on that hook. The isotonic map that places a record kept offline
in the model's scale (session 30) never reverses the ranking's order. Synthetic records, no
recorded data."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

TOOL = Path(__file__).resolve().parents[2] / "benchmarks" / "cascade.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cascade_bench", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cascade_bench"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


# one question: its right and its wrong SQL, each with an offline gamma and the model's p_correct
QUESTION = st.tuples(*(st.floats(0.0, 1.0) for _ in range(4)))


def _rows(bench: ModuleType, questions: Sequence[tuple[float, float, float, float]]) -> list[Any]:
    rows = []
    for n, (g_right, p_right, g_wrong, p_wrong) in enumerate(questions):
        for label, g, p in ((1, g_right, p_right), (0, g_wrong, p_wrong)):
            row = bench.Row(
                id=f"q{n}-{label}",
                label=label,
                group=("db", f"question {n}"),
                half=n % 2,
                scored=True,
                offline_gamma=round(g, 4),
                p_correct=round(p, 4),
            )
            # the deciding judge's gamma and score, as final() keeps them: no engine needed
            row.memo["offline"] = (row.offline_gamma, round(100 * row.offline_gamma), "offline")
            row.memo["llm"] = (row.p_correct, round(100 * row.p_correct), "llm")
            rows.append(row)
    return rows


@settings(max_examples=25, deadline=None)
@given(questions=st.lists(QUESTION, min_size=4, max_size=30))
def test_the_check_measures_the_final_gamma_it_is_given(
    bench: ModuleType, questions: list[tuple[float, float, float, float]]
) -> None:
    rows = _rows(bench, questions)
    family = bench.Family(0.0, 0.9, ("critical",), 0.5, None, True)

    def deciding(run: Sequence[Any], asked: Sequence[bool]) -> list[tuple[float, float]]:
        return [bench.final(r, a, None)[:2] for r, a in zip(run, asked)]

    def model_everywhere(run: Sequence[Any], asked: Sequence[bool]) -> list[tuple[float, float]]:
        return [bench.final(r, True, None)[:2] for r in run]

    plain = bench.check_draws(rows, None, family, 5)
    assert bench.check_draws(rows, None, family, 5, finals=deciding) == plain
    same = bench.check_draws(rows, None, family, 5, finals=model_everywhere)
    assert same["runs"] == plain["runs"]
    if same["runs"]:
        assert same["gamma_mean_loss"] == same["score_mean_loss"] == 0
        assert same["gamma_over_margin"] == same["score_over_margin"] == 0


# one record: its label, the model's p_correct and the severity of its one finding (None: none)
RECORD = st.tuples(
    st.integers(0, 1),
    st.floats(0.0, 1.0),
    st.sampled_from([None, "critical", "major", "minor"]),
)


def _found(bench: ModuleType, records: Sequence[tuple[int, float, str | None]]) -> list[Any]:
    return [
        bench.Row(
            id=f"r{n}",
            label=label,
            group=("db", f"question {n}"),
            half=n % 2,
            scored=True,
            severities=(("filter.missing", severity),) if severity else (),
            p_correct=round(p, 4),
        )
        for n, (label, p, severity) in enumerate(records)
    ]


@settings(max_examples=50, deadline=None)
@given(records=st.lists(RECORD, min_size=2, max_size=40))
def test_bounding_the_model_at_a_finding_caps_only_the_records_with_one(
    bench: ModuleType, records: list[tuple[int, float, str | None]]
) -> None:
    """The all-LLM AUROC with p_correct capped as the offline judge caps (0.749) moves only
    when a record with a bounding finding is rated above the bound, and never falls when every
    such record is wrong (a wrong answer rated lower misorders no more pairs)."""
    found = bench.critical_findings(_found(bench, records))
    for severity, bounding in (("critical", {"critical"}), ("major", {"critical", "major"})):
        above = [(y, p) for y, p, s in records if s in bounding and round(p, 4) > 0.749]
        for v in found[severity]["all_llm_capped"].values():
            if v["recorded"] is None:
                assert v["capped"] is None
            elif not above:
                assert v["capped"] == v["recorded"]
            elif all(y == 0 for y, _, s in records if s in bounding):
                assert v["capped"] >= v["recorded"]


def test_a_wrong_answer_the_finding_catches_is_ranked_below_the_right_one(
    bench: ModuleType,
) -> None:
    rows = _found(bench, [(1, 0.8, None), (0, 0.9, "critical"), (1, 0.7, "major"), (0, 0.2, None)])
    found = bench.critical_findings(rows)
    whole = found["critical"]["all_llm_capped"]["whole file"]
    # the wrong answer at 0.9 falls to 0.749: below the right one at 0.8, still above 0.7
    assert (whole["recorded"], whole["capped"]) == (0.5, 0.75)
    # bounding major findings too leaves the right answer at 0.7, below the bound, where it is
    assert found["major"]["all_llm_capped"]["whole file"]["capped"] == 0.75
    assert found["critical"]["records"] == 1 and found["critical"]["model_says_right"] == 1


# session 30: the map of the ranking's P(right) onto the model's p_correct (pool adjacent
# violators, read by straight lines between the blocks)
POINTS = st.lists(st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0)), min_size=1, max_size=40)


@settings(max_examples=100, deadline=None)
@given(points=POINTS, probes=st.lists(st.floats(-0.5, 1.5), min_size=2, max_size=20))
def test_the_isotonic_map_never_reverses_the_order_it_maps(
    bench: ModuleType, points: list[tuple[float, float]], probes: list[float]
) -> None:
    """A record the ranking rates likelier right is never placed lower on the model's scale,
    and the map stays within the values it was fitted to."""
    f = bench.isotonic([x for x, _ in points], [y for _, y in points])
    ys = [y for _, y in points]
    values = [f(x) for x in sorted(probes)]
    assert all(a <= b + 1e-12 for a, b in pairwise(values))
    assert all(min(ys) - 1e-12 <= v <= max(ys) + 1e-12 for v in values)


def test_the_isotonic_map_pools_what_runs_against_the_order(bench: ModuleType) -> None:
    # 1 -> 1 and 2 -> 0 run against the order: one block at x 1.5 of value 0.5; then 3 -> 2
    f = bench.isotonic([1.0, 2.0, 3.0], [1.0, 0.0, 2.0])
    assert [f(0.0), f(1.5), f(2.25), f(3.0), f(9.0)] == [0.5, 0.5, 1.25, 2.0, 2.0]
    # points of one x are one block from the start, whatever their order
    g = bench.isotonic([1.0, 1.0, 2.0], [1.0, 0.0, 1.0])
    assert [g(1.0), g(1.5), g(2.0)] == [0.5, 0.75, 1.0]
    # already in order: the map runs through every point
    h = bench.isotonic([0.1, 0.4, 0.8], [0.05, 0.3, 0.9])
    assert [round(h(x), 10) for x in (0.1, 0.4, 0.8)] == [0.05, 0.3, 0.9]
