"""The composite score of SPEC 2.5, table-driven over every status x verdict x confidence tier."""

from __future__ import annotations

import itertools

import pytest
from stef_scoring.composite import CompositeScorer, band_of, confidence_factor

from stef_core.contracts import Alignment
from stef_core.models import FILTER_STATUSES, VERDICT_LABELS, FilterAlignment, Ruleset, Verdict

FILTER = {
    "fully_applied": 5,
    "fully_applied_with_extras": 4,
    "partially_applied": 3,
    "not_applied": 0,
}
VERDICT = {"correct": 5, "likely_correct": 3, "potentially_incorrect": 2, "incorrect": 0}
TIERS = [(0.9, 1.0), (0.85, 1.0), (0.7, 0.8), (0.65, 0.8), (0.64, 0.5), (0.0, 0.5)]


@pytest.mark.parametrize(
    ("status", "label", "tier", "bonus"),
    list(itertools.product(FILTER_STATUSES, VERDICT_LABELS, TIERS, [False, True])),
)
def test_composite_formula(status: str, label: str, tier: tuple[float, float], bonus: bool) -> None:
    gamma, factor = tier
    alignment = Alignment(
        filters=FilterAlignment(status=status, score=FILTER[status]),  # type: ignore[arg-type]
        bonus=bonus,
    )
    verdict = Verdict(label=label, confidence=gamma)  # type: ignore[arg-type]
    s = CompositeScorer().score(alignment, verdict, Ruleset())
    base = min(10, FILTER[status] + VERDICT[label] + (1 if bonus else 0))
    assert s.base == base
    assert s.confidence_factor == factor
    assert s.score == pytest.approx(base / 10 * 100 * factor)
    assert s.band == (
        "excellent"
        if s.score >= 90
        else "good"
        if s.score >= 75
        else "marginal"
        if s.score >= 50
        else "poor"
    )


def test_bonus_never_pushes_base_past_ten() -> None:
    a = Alignment(filters=FilterAlignment(status="fully_applied", score=5), bonus=True)
    s = CompositeScorer().score(a, Verdict(label="correct", confidence=1.0), Ruleset())
    assert (s.base, s.bonus, s.score) == (10, 1, 100)


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
    a = Alignment(filters=FilterAlignment(status="fully_applied", score=4), bonus=True)
    s = CompositeScorer().score(a, Verdict(label="correct", confidence=0.6), rules)
    assert s.base == 10 and s.confidence_factor == 0.9 and s.score == 90 and s.band == "good"
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
