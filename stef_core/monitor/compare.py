"""Comparing two runs: per agent, the change in mean score with a bootstrap 95 % confidence
interval, coverage change, band and reason-code shifts, and the release gate.

Pairing. When the same questions occur in both runs, the comparison is paired: it bootstraps
the per-record differences, which removes the spread between easy and hard questions and gives
a much tighter interval. Two pairings are tried and the one that pairs more records is used
(``paired.by`` says which, ``paired.unpaired`` how many records of each side found no partner):

* by ``id``: ids that occur once per run and are scored in both; when both sides recorded the
  question and the questions differ, the ids are only line numbers of different inputs and the
  pair is dropped;
* by question: the question text *normalised* (:func:`question_key`: Unicode compatibility
  form, case, punctuation and spacing ignored, so "Revenue last month?" and "revenue  last
  month" pair), which is how two agent versions answering the same traffic under their own ids
  are compared; a question asked several times pairs its k-th occurrence in one run with its
  k-th in the other.

Results files written by ``stef eval`` carry the question (and the run store keeps it), so
both pairings are available; results without questions pair by id only.

Primary analysis. The paired one when at least :data:`MIN_PAIRS` pairs exist and they cover at
least half of the smaller run's scored records; otherwise the unpaired one (both runs resampled
independently).

Gate rule (``--max-drop D``, default 2 points). An agent **regressed** when, in its primary
analysis, the point change in mean is below ``-D`` **and** the upper bound of the 95 % interval
is below 0 (the drop is larger than D, and a drop of any size is statistically clear). The gate
fails (exit 1) when any agent present in both runs regressed; when the runs share no agent name
(two agent versions logged under different names), the gate applies to all records together.
Coverage changes are reported, not gated.

Estimated accuracy. Next to the mean score, each agent's change in estimated accuracy (the mean
of gamma, the judge's probability that the SQL is correct, over scored records) is reported
with its own bootstrap 95 % interval, paired and chosen the same way as the mean's. It is
reported, not gated: the gate stays on the score.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from stef_core.models import BANDS
from stef_core.monitor.results import Loaded
from stef_core.peers import question_key
from stef_core.stats import Accumulator, bootstrap_diff_ci, bootstrap_mean_ci

MIN_PAIRS = 10
ALL = "(all)"
#: summary figures of each side shown in a comparison
_KEPT = ("records", "scored", "coverage", "mean", "p50", "p90", "estimated_accuracy")


@dataclass
class Side:
    """One run's records of one agent."""

    acc: Accumulator = field(default_factory=lambda: Accumulator(keep_worst=0))
    scores: list[float] = field(default_factory=list)
    gammas: list[float] = field(default_factory=list)
    #: id -> (score, gamma, question key) of ids that occur once
    by_id: dict[str, tuple[float | None, float | None, str | None]] = field(
        default_factory=dict)
    dup_ids: set[str] = field(default_factory=set)
    #: question key -> (score, gamma) of each occurrence, in input order
    by_question: dict[str, list[tuple[float | None, float | None]]] = field(
        default_factory=dict)
    records: int = 0

    def add(self, item: Loaded) -> None:
        r = item.result
        self.acc.add(r)
        self.records += 1
        score = r.score if r.status == "scored" else None
        gamma = r.confidence if score is not None else None
        if score is not None:
            self.scores.append(score)
        if gamma is not None:
            self.gammas.append(gamma)
        key = question_key(item.question) if item.question is not None else None
        if r.id in self.by_id or r.id in self.dup_ids:
            self.by_id.pop(r.id, None)
            self.dup_ids.add(r.id)
        else:
            self.by_id[r.id] = (score, gamma, key)
        if key:
            self.by_question.setdefault(key, []).append((score, gamma))


def load_sides(items: Iterable[Loaded]) -> dict[str, Side]:
    sides: dict[str, Side] = {}
    overall = Side()
    for item in items:
        sides.setdefault(item.result.agent, Side()).add(item)
        overall.add(item)
    sides[ALL] = overall
    return sides


@dataclass(frozen=True)
class Pairing:
    """How two sides were paired: by ``id``, ``question`` or ``none``, the per-record
    differences (new - base) of the score and of gamma, and the records left unpaired."""

    by: str
    score_diffs: list[float]
    gamma_diffs: list[float]
    unpaired_base: int
    unpaired_new: int

    @property
    def pairs(self) -> int:
        return len(self.score_diffs)

    def summary(self) -> dict[str, Any]:
        return {"by": self.by, "pairs": self.pairs,
                "unpaired": {"base": self.unpaired_base, "new": self.unpaired_new}}


def _diffs(pairs: list[tuple[tuple[float | None, float | None],
                             tuple[float | None, float | None]]]) -> tuple[list[float],
                                                                           list[float]]:
    scores = [n[0] - b[0] for b, n in pairs if b[0] is not None and n[0] is not None]
    gammas = [n[1] - b[1] for b, n in pairs if b[1] is not None and n[1] is not None]
    return scores, gammas


def pairing(base: Side, new: Side) -> Pairing:
    """Pair the records of two sides by id and by normalised question, and keep the pairing
    that pairs more scored records (module docstring)."""
    Pair = tuple[tuple[float | None, float | None], tuple[float | None, float | None]]
    by_id: list[Pair] = []
    for rid, (b_score, b_gamma, b_q) in base.by_id.items():
        other = new.by_id.get(rid)
        if other is None:
            continue
        n_score, n_gamma, n_q = other
        if b_q is not None and n_q is not None and b_q != n_q:
            continue  # line numbers of different inputs
        by_id.append(((b_score, b_gamma), (n_score, n_gamma)))
    by_question: list[Pair] = []
    for key, b_items in base.by_question.items():
        by_question.extend(zip(b_items, new.by_question.get(key, ())))
    id_scores, id_gammas = _diffs(by_id)
    q_scores, q_gammas = _diffs(by_question)
    if id_scores and len(id_scores) >= len(q_scores):
        by, scores, gammas, n = "id", id_scores, id_gammas, len(by_id)
    elif q_scores:
        by, scores, gammas, n = "question", q_scores, q_gammas, len(by_question)
    else:
        by, scores, gammas, n = "none", [], [], 0
    return Pairing(by, scores, gammas, base.records - n, new.records - n)


def pairs(base: Side, new: Side, *, of: str = "score") -> tuple[list[float], str]:
    """Per-record differences (new - base) of the score (``of="score"``) or of gamma
    (``of="gamma"``), and how the records were paired."""
    p = pairing(base, new)
    return (p.score_diffs if of == "score" else p.gamma_diffs), p.by


def _change(base: list[float], new: list[float], diffs: list[float], *, resamples: int,
            seed: int) -> dict[str, Any]:
    """Point change, unpaired and paired intervals, and the primary analysis (the paired one
    when the pairs are enough: module docstring)."""
    change = sum(new) / len(new) - sum(base) / len(base) if base and new else None
    ci = bootstrap_diff_ci(base, new, resamples=resamples, seed=seed)
    paired_change = sum(diffs) / len(diffs) if diffs else None
    paired_ci = bootstrap_mean_ci(diffs, resamples=resamples, seed=seed) if diffs else None
    use_paired = (
        len(diffs) >= MIN_PAIRS
        and len(diffs) >= 0.5 * min(len(base), len(new))
        and paired_ci is not None
    )
    return {
        "change": change, "ci": ci, "paired_change": paired_change, "paired_ci": paired_ci,
        "use_paired": use_paired,
        "primary_change": paired_change if use_paired else change,
        "primary_ci": paired_ci if use_paired else ci,
    }


def estimated_accuracy_change(base: Side, new: Side, *, resamples: int, seed: int,
                              paired: Pairing | None = None) -> dict[str, Any]:
    """The change in estimated accuracy (mean gamma), paired like the mean score's."""
    p = paired or pairing(base, new)
    diffs = p.gamma_diffs
    c = _change(base.gammas, new.gammas, diffs, resamples=resamples, seed=seed)
    return {
        "base": _r4(sum(base.gammas) / len(base.gammas) if base.gammas else None),
        "new": _r4(sum(new.gammas) / len(new.gammas) if new.gammas else None),
        "change": _r4(c["change"]),
        "ci95": _ci4(c["ci"]),
        "paired": {**p.summary(), "pairs": len(diffs), "change": _r4(c["paired_change"]),
                   "ci95": _ci4(c["paired_ci"])},
        "analysis": "paired" if c["use_paired"] else "unpaired",
        "primary_change": _r4(c["primary_change"]),
        "primary_ci95": _ci4(c["primary_ci"]),
    }


def _shares(acc: Accumulator) -> dict[str, float]:
    scored = acc.scored
    return {b: (acc.bands[b] / scored if scored else 0.0) for b in BANDS}


def compare_agent(
    base: Side, new: Side, *, max_drop: float, resamples: int, seed: int
) -> dict[str, Any]:
    """The comparison of one agent (or of all records)."""
    bs, ns = base.acc.summary(), new.acc.summary()
    out: dict[str, Any] = {
        "base": {k: bs[k] for k in _KEPT},
        "new": {k: ns[k] for k in _KEPT},
    }
    p = pairing(base, new)
    diffs = p.score_diffs
    c = _change(base.scores, new.scores, diffs, resamples=resamples, seed=seed)
    change, ci = c["change"], c["ci"]
    paired_change, paired_ci, use_paired = c["paired_change"], c["paired_ci"], c["use_paired"]
    primary_change, primary_ci = c["primary_change"], c["primary_ci"]
    regressed = (
        primary_change is not None and primary_ci is not None
        and primary_change < -max_drop and primary_ci[1] < 0
    )
    improved = primary_ci is not None and primary_ci[0] > 0
    out.update({
        "change": _r(change),
        "ci95": _ci(ci),
        "paired": {**p.summary(), "change": _r(paired_change), "ci95": _ci(paired_ci)},
        "analysis": "paired" if use_paired else "unpaired",
        "primary_change": _r(primary_change),
        "primary_ci95": _ci(primary_ci),
        "coverage_change": (round(ns["coverage"] - bs["coverage"], 4)
                            if ns["coverage"] is not None and bs["coverage"] is not None
                            else None),
        "band_shift": {b: round((_shares(new.acc)[b] - _shares(base.acc)[b]) * 100, 2)
                       for b in BANDS},
        "reason_shift": reason_shift(base.acc, new.acc),
        "verdict": "regressed" if regressed else ("improved" if improved else "no clear change"),
        "estimated_accuracy": estimated_accuracy_change(base, new, resamples=resamples,
                                                        seed=seed, paired=p),
    })
    return out


def reason_shift(base: Accumulator, new: Accumulator, top: int = 5) -> list[dict[str, Any]]:
    """Reason codes whose rate (per 100 scored records) changed most."""
    rows: list[dict[str, Any]] = []
    for code in set(base.reasons) | set(new.reasons):
        b = base.reasons.get(code, 0) / base.scored * 100 if base.scored else 0.0
        n = new.reasons.get(code, 0) / new.scored * 100 if new.scored else 0.0
        rows.append({"code": code, "base_per_100": round(b, 2), "new_per_100": round(n, 2),
                     "change": round(n - b, 2)})
    rows.sort(key=lambda r: (-abs(r["change"]), r["code"]))
    return [r for r in rows if r["change"]][:top]


def compare(
    base: Iterable[Loaded],
    new: Iterable[Loaded],
    *,
    max_drop: float = 2.0,
    resamples: int = 2000,
    seed: int = 0,
) -> dict[str, Any]:
    """Compare two runs; ``result["failed"]`` says whether the gate fails (module docstring)."""
    b_sides, n_sides = load_sides(base), load_sides(new)
    common = sorted((set(b_sides) & set(n_sides)) - {ALL})
    agents = {a: compare_agent(b_sides[a], n_sides[a], max_drop=max_drop,
                               resamples=resamples, seed=seed) for a in common}
    overall = compare_agent(b_sides[ALL], n_sides[ALL], max_drop=max_drop,
                            resamples=resamples, seed=seed)
    gated = list(agents) if agents else [ALL]
    regressed = [a for a in gated if (agents.get(a) or overall)["verdict"] == "regressed"]
    return {
        "max_drop": max_drop,
        "resamples": resamples,
        "seed": seed,
        "agents": agents,
        "overall": overall,
        "only_in_base": sorted(set(b_sides) - set(n_sides)),
        "only_in_new": sorted(set(n_sides) - set(b_sides)),
        "gated": gated,
        "regressed": regressed,
        "failed": bool(regressed),
    }


def _r(x: float | None) -> float | None:
    return round(x, 2) if x is not None else None


def _ci(ci: tuple[float, float] | None) -> list[float] | None:
    return [round(ci[0], 2), round(ci[1], 2)] if ci is not None else None


def _r4(x: float | None) -> float | None:
    return round(x, 4) if x is not None else None


def _ci4(ci: tuple[float, float] | None) -> list[float] | None:
    return [round(ci[0], 4), round(ci[1], 4)] if ci is not None else None
