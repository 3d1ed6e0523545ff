"""Summary statistics over results, per agent and overall (``stef eval``, ``stef report``).

Percentiles interpolate linearly between closest ranks, as numpy's default does.

>>> percentile([10, 20, 30, 40], 50)
25.0
>>> percentile([10, 20, 30, 40], 90)
37.0
"""

from __future__ import annotations

import heapq
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from stef_core.calibration import Reliability
from stef_core.models import BANDS, Reason, Result


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0-100) with linear interpolation; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return float(ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo))


def percentile_counts(counts: Mapping[float, int], q: float) -> float | None:
    """:func:`percentile` over a value -> count table, without expanding it.

    Scores take few distinct values (a few filter, verdict and confidence steps), so a count
    table keeps memory flat however many records a run has, and gives exactly the same answer
    as the expanded list.

    >>> percentile_counts({10: 1, 20: 1, 30: 1, 40: 1}, 90)
    37.0
    >>> percentile_counts({50: 3, 100: 1}, 50) == percentile([50, 50, 50, 100], 50)
    True
    """
    items = sorted((v, n) for v, n in counts.items() if n > 0)
    total = sum(n for _, n in items)
    if not total:
        return None
    pos = (total - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, total - 1)

    def at(rank: int) -> float:
        seen = 0
        for value, n in items:
            seen += n
            if rank < seen:
                return float(value)
        return float(items[-1][0])

    lo_v, hi_v = at(lo), at(hi)
    return float(lo_v + (hi_v - lo_v) * (pos - lo))


def bootstrap_mean_ci(
    values: Sequence[float],
    *,
    resamples: int = 2000,
    level: float = 0.95,
    seed: int = 0,
) -> tuple[float, float] | None:
    """Percentile-bootstrap confidence interval of the mean of ``values``; None below 2 values.

    Seeded: the same inputs give the same interval. Large samples use numpy when it is
    installed (same method, different random stream, so the bounds may differ in the last
    decimals from the pure-Python path).

    >>> bootstrap_mean_ci([5.0, 5.0, 5.0])
    (5.0, 5.0)
    """
    n = len(values)
    if n < 2:
        return None
    means = _resample_means(values, resamples, seed)
    tail = (1 - level) / 2 * 100
    lo, hi = percentile(means, tail), percentile(means, 100 - tail)
    assert lo is not None and hi is not None
    return (lo, hi)


def bootstrap_diff_ci(
    base: Sequence[float],
    new: Sequence[float],
    *,
    resamples: int = 2000,
    level: float = 0.95,
    seed: int = 0,
) -> tuple[float, float] | None:
    """Bootstrap CI of ``mean(new) - mean(base)`` for two independent samples.

    Each resample draws both samples anew (with replacement, same sizes). None when either
    side has fewer than 2 values.

    >>> bootstrap_diff_ci([1.0, 1.0], [3.0, 3.0])
    (2.0, 2.0)
    """
    if len(base) < 2 or len(new) < 2:
        return None
    new_means = _resample_means(new, resamples, seed)
    base_means = _resample_means(base, resamples, seed + 1)
    diffs = [w - b for w, b in zip(new_means, base_means, strict=True)]
    tail = (1 - level) / 2 * 100
    lo, hi = percentile(diffs, tail), percentile(diffs, 100 - tail)
    assert lo is not None and hi is not None
    return (lo, hi)


#: above this many draws (resamples x sample size) the bootstrap uses numpy when installed
_NUMPY_THRESHOLD = 1_000_000
#: above this many draws, and without numpy, a bootstrap over a count table is replaced by the
#: normal approximation it converges to (the pure-Python draws would take seconds per group)
_PURE_COUNTS_LIMIT = 400_000


def bootstrap_mean_ci_counts(
    counts: Mapping[float, int],
    *,
    resamples: int = 2000,
    level: float = 0.95,
    seed: int = 0,
) -> tuple[float, float] | None:
    """:func:`bootstrap_mean_ci` over a value -> count table, without expanding it.

    Each resample draws the sample size anew from the table's distribution (multinomial
    counts with numpy, weighted draws in pure Python). For samples so large that pure-Python
    draws would be slow and numpy is not installed, the interval is the normal approximation
    ``mean +- z * sd / sqrt(n)``, which the bootstrap of a mean converges to. None below 2
    values. Seeded: the same table gives the same interval.

    >>> bootstrap_mean_ci_counts({0.5: 3})
    (0.5, 0.5)
    """
    items = tuple(sorted((float(v), int(n)) for v, n in counts.items() if n > 0))
    return _bootstrap_counts(items, resamples, level, seed)


@lru_cache(maxsize=8)
def _bootstrap_counts(items: tuple[tuple[float, int], ...], resamples: int, level: float,
                      seed: int) -> tuple[float, float] | None:
    """:func:`bootstrap_mean_ci_counts` of a sorted table. Remembered: a run's summary asks
    for the same table twice when it has one agent (overall, and that agent), and its table
    is then tens of milliseconds of draws (numpy's import aside)."""
    n = sum(c for _, c in items)
    if n < 2:
        return None
    values = [v for v, _ in items]
    tail = (1 - level) / 2 * 100
    means: list[float]
    try:
        import numpy as np
    except ImportError:
        np = None  # type: ignore[assignment]
    if np is not None and n * resamples > 20_000:
        rng_np = np.random.default_rng(seed)
        probs = np.asarray([c for _, c in items], dtype=float) / n
        vals = np.asarray(values)
        means = []
        step = max(1, 2_000_000 // len(values))  # chunks: memory stays bounded
        for start in range(0, resamples, step):
            draws = rng_np.multinomial(n, probs, size=min(step, resamples - start))
            means.extend(float(m) for m in draws @ vals / n)
    elif n * resamples <= _PURE_COUNTS_LIMIT:
        rng = random.Random(seed)
        cum: list[int] = []
        run = 0
        for _, c in items:
            run += c
            cum.append(run)
        means = [math.fsum(rng.choices(values, cum_weights=cum, k=n)) / n
                 for _ in range(resamples)]
    else:
        mean = math.fsum(v * c for v, c in items) / n
        var = math.fsum(c * (v - mean) ** 2 for v, c in items) / (n - 1)
        from statistics import NormalDist

        half = NormalDist().inv_cdf(1 - tail / 100) * math.sqrt(var / n)
        return (mean - half, mean + half)
    lo, hi = percentile(means, tail), percentile(means, 100 - tail)
    assert lo is not None and hi is not None
    return (lo, hi)


def _resample_means(values: Sequence[float], resamples: int, seed: int) -> list[float]:
    n = len(values)
    if n * resamples > _NUMPY_THRESHOLD:
        try:
            import numpy as np
        except ImportError:  # pure Python below: slower, same method
            pass
        else:
            rng_np = np.random.default_rng(seed)
            arr = np.asarray(values, dtype=float)
            # in chunks, so memory stays bounded for very large samples
            out: list[float] = []
            step = max(1, 4_000_000 // n)
            for start in range(0, resamples, step):
                k = min(step, resamples - start)
                idx = rng_np.integers(0, n, size=(k, n))
                out.extend(float(m) for m in arr[idx].mean(axis=1))
            return out
    rng = random.Random(seed)
    data = list(values)
    return [math.fsum(rng.choices(data, k=n)) / n for _ in range(resamples)]


#: Severities that cap gamma below the ``correct`` cut: on their own they take a record below 75.
BLOCKING = ("critical", "major")
#: The order reasons are ranked in: what took records below 75 first.
_SEVERITY_RANK = {"critical": 0, "major": 0, "minor": 1, "info": 2}


#: How much of a worst record's question and SQL a report keeps.
WORST_QUESTION_CHARS = 240
WORST_SQL_CHARS = 320


def wilson_ci(k: int, n: int, z: float = 1.959964) -> tuple[float, float] | None:
    """The Wilson score interval (95 % by default) of a share of ``k`` in ``n``; None for n = 0.
    Unlike the normal interval it stays inside [0, 1] and is honest for small ``n``.

    >>> [round(x, 3) for x in wilson_ci(8, 10)]
    [0.49, 0.943]
    """
    if n <= 0:
        return None
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def shorten(text: str | None, limit: int) -> str | None:
    r"""``text`` on one line (runs of whitespace as one space), cut to ``limit`` characters
    with an ellipsis.

    >>> shorten("SELECT a,\n       b   FROM t", 100)
    'SELECT a, b FROM t'
    >>> shorten("How many tickets are still open?", 16)
    'How many tick...'
    """
    if text is None:
        return None
    one_line = " ".join(text[: limit * 4].split())  # bounded work on a very long text
    return one_line if len(one_line) <= limit else one_line[: limit - 3].rstrip() + "..."


def reason_roles(reasons: Iterable[Reason]) -> list[tuple[str, str, str]]:
    """``(code, severity, role)`` per distinct code and severity of a low-scored record.

    The role says what the reason did: ``cause`` when it took the record below 75 (a critical
    or major finding; minor findings when there is none of those, since together they lowered
    gamma), ``noted`` for info findings (reported, never a cause), ``other`` for minor findings
    beside a critical or major one.

    >>> for role in reason_roles([
    ...         Reason(code="filter.missing", message="", severity="critical"),
    ...         Reason(code="filter.extra", message="", severity="info"),
    ...         Reason(code="date.end_of_day", message="", severity="minor")]):
    ...     print(*role)
    filter.missing critical cause
    filter.extra info noted
    date.end_of_day minor other
    """
    items: list[tuple[str, str]] = list(dict.fromkeys((r.code, r.severity) for r in reasons))
    blocking = any(sev in BLOCKING for _, sev in items)
    out = []
    for code, sev in items:
        if sev == "info":
            role = "noted"
        elif sev in BLOCKING or not blocking:
            role = "cause"
        else:
            role = "other"
        out.append((code, sev, role))
    return out


class Accumulator:
    """Collects what a summary needs from a stream of results, one group.

    Memory stays flat: scores are kept as a value -> count table, the worst records in a
    bounded heap, and one example per reason code.

    Args:
        keep_worst: how many of the lowest-scored records to remember (ties: earlier first).
    """

    def __init__(self, keep_worst: int = 5) -> None:
        self.records = 0
        self.score_counts: Counter[float] = Counter()
        self.score_sum = 0.0
        # gamma of scored records (the estimated accuracy), as a count table like the scores
        self.gamma_counts: Counter[float] = Counter()
        # in millionths, an integer: the sum is exact, so one order of the records or another
        # (a Spark job's partitions, a local run) gives the same mean to the last digit
        self.gamma_micro = 0
        # reviewer labels, when results carry them: reliability of gamma, precision per band
        self.reliability = Reliability()
        self.labelled = 0
        self.labelled_correct = 0
        self.band_labels: dict[str, list[int]] = {b: [0, 0] for b in BANDS}
        self.bands: dict[str, int] = {b: 0 for b in BANDS}
        self.reasons: dict[str, int] = {}
        #: (code, severity) -> low-scored records it took below 75; info codes apart
        self.causes: Counter[tuple[str, str]] = Counter()
        self.noted: Counter[str] = Counter()
        #: reason code -> (record id, message) of the first record that carried it
        self.examples: dict[str, tuple[str, str]] = {}
        self.errors: dict[str, int] = {}
        # What judge calls cost (LLM judges; the offline judge reports zeros).
        self.tokens = 0
        self.cost_usd = 0.0
        self.judge_calls = 0
        self.cache_hits = 0
        # A cascade judge's records: how many it judged, sent to its model, and kept offline
        # because the model gave no verdict (with the first such reason, as an example).
        self.cascade = 0
        self.escalated = 0
        self.fallbacks = 0
        self.fallback_example = ""
        self.keep_worst = keep_worst
        # A min-heap over (-score, -arrival): its root is the kept record to drop first, the
        # highest score and, on a tie, the latest.
        self._worst: list[tuple[float, int, dict[str, Any]]] = []

    @property
    def scores(self) -> list[float]:
        """Every score, ascending (expanded from the count table)."""
        return [v for v, n in sorted(self.score_counts.items()) for _ in range(n)]

    @property
    def scored(self) -> int:
        return sum(self.score_counts.values())

    def add(self, result: Result) -> None:
        self.records += 1
        usage = result.judge_usage  # unscored records count what their judge calls cost too
        if usage is not None:
            self.tokens += usage.prompt_tokens + usage.completion_tokens
            self.cost_usd += usage.cost_usd
            self.judge_calls += usage.calls
            self.cache_hits += int(usage.cached)
        escalation = result.verdict.escalation if result.verdict is not None else None
        if escalation is not None:
            self.cascade += 1
            self.escalated += int(escalation.escalated)
            if escalation.fallback is not None:
                self.fallbacks += 1
                self.fallback_example = self.fallback_example or escalation.fallback
        if result.status == "scored" and result.score is not None:
            self.score_counts[result.score] += 1
            self.score_sum += result.score
            if result.band:
                self.bands[result.band] += 1
            if result.confidence is not None:
                self.add_gamma(result.confidence)
                if result.label is not None:
                    self.add_label(result.confidence, result.label, result.band)
            if result.score < 75:
                for reason in result.reasons:
                    self.reasons[reason.code] = self.reasons.get(reason.code, 0) + 1
                    self.examples.setdefault(reason.code, (result.id, reason.message))
                for code, severity, role in reason_roles(result.reasons):
                    self.add_role(code, severity, role)
            self._remember_worst(result)
        elif result.error:
            # results written before error_kind existed name it by the error's first word
            kind = result.error_kind or result.error.split(":", 1)[0]
            self.errors[kind] = self.errors.get(kind, 0) + 1

    def add_counts(
        self,
        n: int,
        *,
        score: float | None = None,
        band: str | None = None,
        error_kind: str | None = None,
        reason_code: str | None = None,
        reason_count: int = 0,
        reason_severity: str | None = None,
        reason_role: str | None = None,
        reason_records: int = 0,
        tokens: int = 0,
        cost_usd: float = 0.0,
        judge_calls: int = 0,
        cache_hits: int = 0,
        cascade: int = 0,
        escalated: int = 0,
        fallbacks: int = 0,
        fallback_example: str | None = None,
    ) -> None:
        """Add ``n`` records that share a score (or an error kind) at once: how engines that
        aggregate elsewhere (Spark) feed the same summary. Worst records and reason examples
        are not available that way. ``cascade``, ``escalated`` and ``fallbacks`` count those
        of the ``n`` a cascade judge judged, sent to its model, and kept offline for want of
        the model's verdict (``fallback_example``: why, for one of them)."""
        self.records += n
        if score is not None:
            self.score_counts[score] += n
            self.score_sum += score * n
            if band:
                self.bands[band] += n
        elif error_kind is not None:
            self.errors[error_kind] = self.errors.get(error_kind, 0) + n
        if reason_code is not None:
            self.reasons[reason_code] = self.reasons.get(reason_code, 0) + reason_count
            if reason_severity is not None and reason_role is not None:
                self.add_role(reason_code, reason_severity, reason_role, reason_records)
        self.tokens += tokens
        self.cost_usd += cost_usd
        self.judge_calls += judge_calls
        self.cache_hits += cache_hits
        self.cascade += cascade
        self.escalated += escalated
        self.fallbacks += fallbacks
        self.fallback_example = self.fallback_example or fallback_example or ""

    def add_role(self, code: str, severity: str, role: str, n: int = 1) -> None:
        """Count ``n`` low-scored records on which ``code`` played ``role`` (see
        :func:`reason_roles`)."""
        if role == "cause":
            self.causes[(code, severity)] += n
        elif role == "noted":
            self.noted[code] += n

    def add_gamma(self, gamma: float, n: int = 1) -> None:
        """Count ``n`` scored records of confidence ``gamma`` (engines that aggregate
        elsewhere call this directly)."""
        # Two decimals keep the table at 101 entries, so the bootstrap stays fast however
        # many groups a report has; the interval is shifted back to the exact mean below.
        self.gamma_counts[round(gamma, 2)] += n
        self.gamma_micro += round(gamma * 1_000_000) * n

    def add_label(self, gamma: float, label: int, band: str | None) -> None:
        """A scored record a reviewer labelled (1 correct, 0 not)."""
        self.labelled += 1
        self.labelled_correct += 1 if label else 0
        self.reliability.add(gamma, label)
        if band in self.band_labels:
            self.band_labels[band][0] += 1
            self.band_labels[band][1] += 1 if label else 0

    def estimated_accuracy(self) -> dict[str, Any]:
        """Mean gamma of the scored records and its bootstrap 95 % interval."""
        n = sum(self.gamma_counts.values())
        if not n:
            return {"estimated_accuracy": None, "estimated_accuracy_ci95": None}
        mean = self.gamma_micro / 1_000_000 / n
        shift = mean - math.fsum(v * c for v, c in self.gamma_counts.items()) / n
        ci = bootstrap_mean_ci_counts(self.gamma_counts)
        return {
            # rounded from the exact fraction, not from its float (0.80475 is 0.8048)
            "estimated_accuracy": float(round(Fraction(self.gamma_micro, 1_000_000 * n), 4)),
            "estimated_accuracy_ci95": ([round(min(1.0, max(0.0, ci[0] + shift)), 4),
                                         round(min(1.0, max(0.0, ci[1] + shift)), 4)]
                                        if ci else None),
        }

    def calibration(self) -> dict[str, Any] | None:
        """Reliability of gamma and precision per band over the labelled scored records;
        None when no result carried a label."""
        if not self.labelled:
            return None
        return {
            **self.reliability.to_dict(),
            "bands": {b: {"labelled": n, "correct": k,
                          "precision": round(k / n, 4) if n else None}
                      for b, (n, k) in self.band_labels.items()},
        }

    def _remember_worst(self, result: Result) -> None:
        if self.keep_worst <= 0 or result.score is None:
            return
        key = (-result.score, -self.records)
        if len(self._worst) >= self.keep_worst and key <= self._worst[0][:2]:
            return
        # The most severe reason first: it is the one that says why the score is low.
        reasons = sorted(result.reasons, key=lambda r: _SEVERITY_RANK.get(r.severity, 3))
        entry = {
            "id": result.id,
            "agent": result.agent,
            "score": result.score,
            "band": result.band,
            "reasons": list(dict.fromkeys(r.code for r in reasons)),
            "message": reasons[0].message if reasons else "",
            # shortened here, so that memory stays bounded however long a record's SQL is
            "question": shorten(result.question, WORST_QUESTION_CHARS),
            "sql": shorten(result.sql, WORST_SQL_CHARS),
        }
        item = (key[0], key[1], entry)
        if len(self._worst) < self.keep_worst:
            heapq.heappush(self._worst, item)
        else:
            heapq.heapreplace(self._worst, item)

    def worst(self) -> list[dict[str, Any]]:
        """The remembered lowest-scored records, lowest first (ties in arrival order)."""
        return [t[2] for t in sorted(self._worst, key=lambda t: (-t[0], -t[1]))]

    def ranked_causes(self, n: int = 5) -> list[dict[str, Any]]:
        """The reasons that took records below 75, most records first: critical and major
        ones, then minor ones (those that stood alone); ``{code, severity, count}``."""
        top = sorted(self.causes.items(),
                     key=lambda kv: (_SEVERITY_RANK.get(kv[0][1], 3), -kv[1], kv[0]))[:n]
        return [{"code": code, "severity": sev, "count": count} for (code, sev), count in top]

    def ranked_noted(self, n: int = 5) -> list[dict[str, Any]]:
        """Info codes on low-scored records, most records first (reported, never a cause)."""
        top = sorted(self.noted.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
        return [{"code": code, "count": count} for code, count in top]

    def top_reasons(self, n: int = 5) -> list[dict[str, Any]]:
        """:meth:`ranked_causes`, each with one example."""
        out = []
        for item in self.ranked_causes(n):
            rid, message = self.examples.get(item["code"], ("", ""))
            out.append({**item, "example_id": rid, "example": message})
        return out

    def summary(self) -> dict[str, Any]:
        scored = self.scored
        mean = self.score_sum / scored if scored else None
        return {
            "records": self.records,
            "scored": scored,
            "coverage": round(scored / self.records, 4) if self.records else None,
            "mean": round(mean, 2) if mean is not None else None,
            "p50": _round(percentile_counts(self.score_counts, 50)),
            "p90": _round(percentile_counts(self.score_counts, 90)),
            "bands": dict(self.bands),
            **self.estimated_accuracy(),
            "labelled": self.labelled,
            "accuracy": (round(self.labelled_correct / self.labelled, 4)
                         if self.labelled else None),
            # what took records below 75 (critical and major first), and info codes apart
            "top_reasons": self.ranked_causes(5),
            "noted_reasons": self.ranked_noted(5),
            "unscored_by_kind": dict(sorted(self.errors.items())),
            "tokens": self.tokens,
            "cost_usd": round(self.cost_usd, 6),
            "judge_calls": self.judge_calls,
            "cache_hits": self.cache_hits,
            "escalation": self.escalation(),
        }

    def escalation(self) -> dict[str, Any] | None:
        """What a cascade judge did: records it judged, the share it sent to its model, and
        those that kept the offline verdict because the model gave none; None without a
        cascade."""
        if not self.cascade:
            return None
        return {
            "records": self.cascade,
            "escalated": self.escalated,
            "share": round(self.escalated / self.cascade, 4),
            "model_verdicts": self.escalated - self.fallbacks,
            "fallbacks": self.fallbacks,
            "fallback_example": self.fallback_example or None,
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
