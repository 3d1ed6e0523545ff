"""Summary statistics over results (SPEC section 4).

Percentiles interpolate linearly between closest ranks, as numpy's default does.

>>> percentile([10, 20, 30, 40], 50)
25.0
>>> percentile([10, 20, 30, 40], 90)
37.0
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from stef_core.models import BANDS, Result


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0-100) with linear interpolation; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return float(ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo))


class Accumulator:
    """Collects what a summary needs from a stream of results, one group."""

    def __init__(self) -> None:
        self.records = 0
        self.scores: list[float] = []
        self.bands: dict[str, int] = {b: 0 for b in BANDS}
        self.reasons: dict[str, int] = {}
        self.errors: dict[str, int] = {}

    def add(self, result: Result) -> None:
        self.records += 1
        if result.status == "scored" and result.score is not None:
            self.scores.append(result.score)
            if result.band:
                self.bands[result.band] += 1
            if result.score < 75:
                for reason in result.reasons:
                    self.reasons[reason.code] = self.reasons.get(reason.code, 0) + 1
        elif result.error:
            kind = result.error.split(":", 1)[0]
            self.errors[kind] = self.errors.get(kind, 0) + 1

    def summary(self) -> dict[str, Any]:
        scored = len(self.scores)
        mean = sum(self.scores) / scored if scored else None
        top = sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
        return {
            "records": self.records,
            "scored": scored,
            "coverage": round(scored / self.records, 4) if self.records else None,
            "mean": round(mean, 2) if mean is not None else None,
            "p50": _round(percentile(self.scores, 50)),
            "p90": _round(percentile(self.scores, 90)),
            "bands": dict(self.bands),
            "top_reasons": [{"code": c, "count": n} for c, n in top],
            "unscored_by_kind": dict(sorted(self.errors.items())),
        }


def _round(x: float | None) -> float | None:
    return round(x, 2) if x is not None else None


class Summary:
    """Overall and per-agent accumulators."""

    def __init__(self) -> None:
        self.overall = Accumulator()
        self.agents: dict[str, Accumulator] = {}

    def add(self, result: Result) -> None:
        self.overall.add(result)
        self.agents.setdefault(result.agent, Accumulator()).add(result)

    def to_dict(self) -> dict[str, Any]:
        return {
            "overall": self.overall.summary(),
            "agents": {name: acc.summary() for name, acc in sorted(self.agents.items())},
        }


def summarize(results: Iterable[Result]) -> dict[str, Any]:
    summary = Summary()
    for r in results:
        summary.add(r)
    return summary.to_dict()
