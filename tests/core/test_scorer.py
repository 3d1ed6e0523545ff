"""The composite score (docs/scoring.md, step 5), checked against a table worked out by hand from
its constants (filter 5/4/3/0, verdict 5/3/2/0, bonus +1, B at most 10, Gamma 1.0 from 0.85, 0.8
from 0.65, else 0.5; bands from 90, 75 and 50), never against the formula written again."""

from __future__ import annotations

import pytest
from stef_scoring.composite import CompositeScorer, band_of, confidence_factor

from stef_core.contracts import Alignment
from stef_core.models import FilterAlignment, FilterStatus, Ruleset, Verdict, VerdictLabel

# status, verdict, gamma, bonus -> filter points, verdict points, B, Gamma, score, band
TABLE: list[tuple[FilterStatus, VerdictLabel, float, bool, float, float, float, float, float,
                  str]] = [
    ("fully_applied", "correct", 0.90, False, 5, 5, 10, 1.0, 100.0, "excellent"),
    ("fully_applied", "correct", 0.85, True, 5, 5, 10, 1.0, 100.0, "excellent"),  # B capped
    ("fully_applied", "correct", 0.70, False, 5, 5, 10, 0.8, 80.0, "good"),
    ("fully_applied", "correct", 0.64, False, 5, 5, 10, 0.5, 50.0, "marginal"),
    ("fully_applied", "likely_correct", 0.90, False, 5, 3, 8, 1.0, 80.0, "good"),
    ("fully_applied", "likely_correct", 0.70, False, 5, 3, 8, 0.8, 64.0, "marginal"),
    ("fully_applied", "potentially_incorrect", 0.65, True, 5, 2, 8, 0.8, 64.0, "marginal"),
    ("fully_applied", "incorrect", 0.10, False, 5, 0, 5, 0.5, 25.0, "poor"),
    ("fully_applied_with_extras", "correct", 0.90, False, 4, 5, 9, 1.0, 90.0, "excellent"),
    ("fully_applied_with_extras", "correct", 0.90, True, 4, 5, 10, 1.0, 100.0, "excellent"),
    ("fully_applied_with_extras", "likely_correct", 0.85, False, 4, 3, 7, 1.0, 70.0, "marginal"),
    ("fully_applied_with_extras", "potentially_incorrect", 0.65, False, 4, 2, 6, 0.8, 48.0,
     "poor"),
    ("partially_applied", "correct", 0.90, False, 3, 5, 8, 1.0, 80.0, "good"),
    ("partially_applied", "likely_correct", 0.64, False, 3, 3, 6, 0.5, 30.0, "poor"),
    ("partially_applied", "potentially_incorrect", 0.85, True, 3, 2, 6, 1.0, 60.0, "marginal"),
    ("partially_applied", "incorrect", 0.00, True, 3, 0, 4, 0.5, 20.0, "poor"),
    ("not_applied", "correct", 0.90, False, 0, 5, 5, 1.0, 50.0, "marginal"),
    ("not_applied", "correct", 0.90, True, 0, 5, 6, 1.0, 60.0, "marginal"),
    ("not_applied", "potentially_incorrect", 0.70, True, 0, 2, 3, 0.8, 24.0, "poor"),
    ("not_applied", "incorrect", 0.90, False, 0, 0, 0, 1.0, 0.0, "poor"),
]


@pytest.mark.parametrize(
    ("status", "label", "gamma", "bonus", "filter_points", "verdict_points", "base", "factor",
     "score", "band"),
    TABLE,
    ids=[f"{r[0]}-{r[1]}-{r[2]}{'-bonus' if r[3] else ''}" for r in TABLE],
)
def test_composite_score(status: FilterStatus, label: VerdictLabel, gamma: float, bonus: bool,
                         filter_points: float, verdict_points: float, base: float,
                         factor: float, score: float, band: str) -> None:
    alignment = Alignment(filters=FilterAlignment(status=status), bonus=bonus)
    s = CompositeScorer().score(alignment, Verdict(label=label, confidence=gamma), Ruleset())
    assert (s.filter_points, s.verdict_points, s.base, s.bonus, s.confidence_factor) == (
        filter_points, verdict_points, base, 1.0 if bonus else 0.0, factor)
    assert (s.score, s.band) == (score, band)


def test_every_constant_is_overridable() -> None:
    rules = Ruleset.model_validate(
        {
            "scoring": {
                "filter": {"fully_applied": 4},
                "verdict": {"correct": 4},
                "bonus": 2,
                "confidence_tiers": [
                    {"threshold": 0.5, "factor": 0.9},
                    {"threshold": 0, "factor": 0.1},
                ],
                "bands": {"excellent": 95, "good": 60, "marginal": 40},
            }
        }
    )
    a = Alignment(filters=FilterAlignment(status="fully_applied"), bonus=True)
    s = CompositeScorer().score(a, Verdict(label="correct", confidence=0.6), rules)
    assert (s.filter_points, s.verdict_points, s.base, s.confidence_factor) == (4, 4, 10, 0.9)
    assert (s.score, s.band) == (90, "good")
    assert confidence_factor(0.2, rules.scoring) == 0.1


def test_band_edges() -> None:
    bands = Ruleset().scoring.bands
    assert [band_of(x, bands) for x in (100, 90, 89.99, 75, 74.9, 50, 49.9, 0)] == [
        "excellent",
        "excellent",
        "good",
        "good",
        "marginal",
        "marginal",
        "poor",
        "poor",
    ]


def test_a_score_below_the_good_band_always_has_a_reason_that_says_why() -> None:
    """Extras alone keep a confident verdict out of the good band (72): the extra filter is
    then reported as minor, not info; in the good band it stays info."""
    from stef_core.engine import _explained
    from stef_core.reasons import reason

    extra = reason("filter.extra", "the SQL adds the filter channel = 'web'")
    note = reason("filter.guard", "store_id = 17 reads as the deployment's")
    low = _explained([note, extra], "marginal", "fully_applied_with_extras")
    assert [(r.code, r.severity) for r in low] == [("filter.guard", "info"),
                                                   ("filter.extra", "minor")]
    assert "good band" in low[1].message
    assert _explained([extra], "good", "fully_applied_with_extras") == [extra]
    # an extra period reports no filter.extra of its own: one is added, minor
    [added] = _explained([], "marginal", "fully_applied_with_extras",
                         ["created_at in [2025-01-01, ...)"])
    assert (added.code, added.severity) == ("filter.extra", "minor")
    assert "created_at in [2025-01-01, ...)" in added.message
    # another finding already says why: the extras stay info
    other = reason("filter.missing", "x", "minor")
    assert _explained([extra, other], "poor", "fully_applied_with_extras") == [extra, other]


def test_engine_results_below_75_carry_a_reason_beyond_info() -> None:
    from pathlib import Path

    from stef_core.engine import Engine
    from stef_core.io import read_items

    root = Path(__file__).resolve().parents[2] / "examples"
    for name in ("crm_log.jsonl", "support_desk.jsonl"):
        for res in Engine().run(read_items([str(root / name)])):
            if res.status == "scored" and res.score is not None and res.score < 75:
                assert any(r.severity != "info" for r in res.reasons), (name, res.id)
