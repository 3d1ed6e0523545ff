"""The composite score (docs/scoring.md, step 5).

``B = min(max_base, filter_score + verdict_score + bonus)`` and
``Phi = B / max_base * 100 * Gamma``, where Gamma is the factor of the highest confidence tier
whose threshold the judge's confidence reaches (defaults: >= 0.85 -> 1.0, >= 0.65 -> 0.8,
else 0.5). Every constant comes from R_app ``scoring``.

>>> from stef_core.models import Ruleset, Verdict, FilterAlignment
>>> from stef_core.contracts import Alignment
>>> fa = FilterAlignment(status="fully_applied")
>>> v = Verdict(label="likely_correct", confidence=0.7)
>>> s = CompositeScorer().score(Alignment(filters=fa), v, Ruleset())
>>> (s.filter_points, s.verdict_points, s.base, s.confidence_factor, s.score, s.band)
(5.0, 3.0, 8.0, 0.8, 64.0, 'marginal')
"""

from __future__ import annotations

from stef_core import hookimpl
from stef_core.contracts import Alignment, Score, Scorer
from stef_core.models import Band, Bands, Ruleset, Scoring, Verdict


def confidence_factor(confidence: float, scoring: Scoring) -> float:
    """Gamma for a judge confidence gamma: the factor of the highest tier it reaches."""
    best: tuple[float, float] | None = None
    for tier in scoring.confidence_tiers:
        if confidence >= tier.threshold and (best is None or tier.threshold > best[0]):
            best = (tier.threshold, tier.factor)
    return best[1] if best is not None else 0.0


def band_of(score: float, bands: Bands) -> Band:
    """excellent >= 90 > good >= 75 > marginal >= 50 > poor (bounds from R_app)."""
    if score >= bands.excellent:
        return "excellent"
    if score >= bands.good:
        return "good"
    if score >= bands.marginal:
        return "marginal"
    return "poor"


class CompositeScorer(Scorer):
    """B = min(10, filter + verdict + bonus); score = B / 10 * 100 * Gamma(confidence)."""

    id = "composite"
    version = "1"

    def score(self, alignment: Alignment, verdict: Verdict, rules: Ruleset) -> Score:
        scoring = rules.scoring
        filter_points = float(getattr(scoring.filter, alignment.filters.status))
        verdict_points = float(getattr(scoring.verdict, verdict.label))
        bonus = scoring.bonus if alignment.bonus else 0.0
        base = min(scoring.max_base, filter_points + verdict_points + bonus)
        base = max(0.0, float(base))
        factor = confidence_factor(verdict.confidence, scoring)
        phi = round(base / scoring.max_base * 100 * factor, 2) if scoring.max_base else 0.0
        return Score(phi, band_of(phi, scoring.bands), base, float(bonus), factor,
                     filter_points=filter_points, verdict_points=verdict_points)


@hookimpl
def stef_register_scorers() -> list[type[Scorer]]:
    return [CompositeScorer]
