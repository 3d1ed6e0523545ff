"""Calibration models: evidence (named features) -> gamma, the probability that the SQL is right.

A judge that can be calibrated (the offline judge) describes each record by a small feature
vector, a plain ``{name: value}`` mapping; a :class:`Calibration` maps it to gamma with a
logistic model. The model is fitted here, in pure Python (a projected Newton method for an L2
-penalised logistic regression), so that ``stef calibrate`` needs nothing beyond a base install,
and is stored as a small, versioned JSON file.

Two rules keep the model honest:

* weights of the features whose names start with one of the model's ``nonpositive`` prefixes
  (findings and risks: things that can only make a wrong answer more likely) are held at or
  below zero, so a finding can only lower gamma, whatever the data say;
* the penalty pulls every weight towards a *prior* model (the shipped one when a user
  calibrates on their own reviews), so a few hundred reviewed records adjust the shipped model
  rather than replace it; the intercept (the base rate) is not penalised.

The metrics used to judge a calibration (expected calibration error over equal-width bins,
Brier score, AUROC, the reliability table) live here too, so that ``stef calibrate``,
``stef report`` and the benchmarks compute them the same way.

>>> cal = Calibration(name="demo", evidence="demo-1", intercept=2.0,
...                   weights={"finding:x": -3.0}, nonpositive=["finding:"])
>>> round(cal.predict({}), 3), round(cal.predict({"finding:x": 1.0}), 3)
(0.881, 0.269)
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from stef_core.errors import CalibrationError

FORMAT = "stef-calibration"
FORMAT_VERSION = 1
#: a calibration file larger than this is refused before it is read (like a rules file)
MAX_CALIBRATION_BYTES = 8 * 1024 * 1024


class Calibration(BaseModel):
    """A fitted calibration model, as stored in its JSON file.

    ``gamma = 1 / (1 + exp(-(intercept + sum(weights[f] * x[f]))))`` over the features ``x``
    the judge computes; a feature the model has no weight for counts zero.
    """

    # Every number finite: a NaN floor or weight would turn every gamma into NaN.
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    format: Literal["stef-calibration"] = "stef-calibration"
    format_version: Literal[1] = 1
    name: str = Field(min_length=1, description="model id, e.g. offline-v1")
    judge: str = Field(default="offline", description="the judge whose evidence it maps")
    evidence: str = Field(min_length=1, description="version of the judge's feature vector")
    intercept: float
    weights: dict[str, float] = Field(default_factory=dict)
    nonpositive: list[str] = Field(
        default_factory=list, description="prefixes of features whose weights must be <= 0"
    )
    priors: dict[str, float] = Field(
        default_factory=dict,
        description="glob pattern -> the weight of a feature this model has no weight for "
        "(e.g. finding:*@major: -1.0), in predictions and as the value a refit pulls it "
        "towards; the first matching pattern wins",
    )
    floors: dict[str, float] = Field(
        default_factory=dict,
        description="glob pattern -> the lowest weight a matching feature may take (e.g. "
        "finding:*@minor: -0.5, so that a minor finding lowers gamma only a little, as its "
        "severity says); the first matching pattern wins",
    )
    l2: float = Field(default=1.0, ge=0)
    prior_l2: float = Field(default=1.0, ge=0, description="strength of the pattern priors")
    fitted: dict[str, Any] = Field(
        default_factory=dict, description="provenance: data, records, command, metrics"
    )

    @field_validator("intercept")
    @classmethod
    def _finite(cls, v: float) -> float:
        if not math.isfinite(v):
            raise ValueError("must be a finite number")
        return v

    @field_validator("weights")
    @classmethod
    def _finite_weights(cls, v: dict[str, float]) -> dict[str, float]:
        bad = [k for k, w in v.items() if not math.isfinite(w)]
        if bad:
            raise ValueError(f"weight of {bad[0]!r} must be a finite number")
        return v

    @model_validator(mode="after")
    def _signs(self) -> Calibration:
        wrong = [k for k, w in self.weights.items() if w > 0 and self.constrained(k)]
        if wrong:
            prefix = next(p for p in self.nonpositive if wrong[0].startswith(p))
            raise ValueError(
                f"weight of {wrong[0]!r} is {self.weights[wrong[0]]}, but features starting "
                f"with {prefix!r} may only lower gamma (weight <= 0)"
            )
        bad = [k for k, w in self.priors.items() if w > 0 and self.constrained(k)]
        if bad:
            raise ValueError(f"prior of {bad[0]!r} is {self.priors[bad[0]]}, but it covers "
                             "features that may only lower gamma (prior <= 0)")
        floors = tuple(self.floors.items())
        low = [k for k, w in self.weights.items()
               if (f := floor_of(k, floors)) is not None and w < f - 1e-9]
        if low:
            raise ValueError(f"weight of {low[0]!r} is {self.weights[low[0]]}, below the floor "
                             f"{floor_of(low[0], floors)} its pattern allows")
        return self

    def constrained(self, feature: str) -> bool:
        """Must this feature's weight stay <= 0?"""
        return any(feature.startswith(p) for p in self.nonpositive)

    def weight(self, feature: str) -> float:
        """The weight of ``feature``: fitted, else its prior (a feature the fit never saw,
        such as a reason code newer than the model, keeps what the model assumes of its kind;
        see ``priors``), else 0."""
        w = self.weights.get(feature)
        if w is not None:
            return w
        return _pattern_weight(feature, tuple(self.priors.items())) if self.priors else 0.0

    def logit(self, features: Mapping[str, float]) -> float:
        """The linear predictor for ``features``."""
        z = self.intercept
        weights = self.weights  # (read once: an attribute of a model costs a lookup hook)
        for name, value in features.items():
            if value:
                w = weights.get(name)
                z += (w if w is not None else self.weight(name)) * value
        return z

    def predict(self, features: Mapping[str, float]) -> float:
        """gamma for ``features``."""
        return sigmoid(self.logit(features))

    def contributions(self, features: Mapping[str, float]) -> list[tuple[str, float]]:
        """Each feature's share of the logit (weight x value), most negative first."""
        out = [(n, self.weight(n) * v) for n, v in features.items() if v and self.weight(n)]
        return sorted(out, key=lambda kv: (kv[1], kv[0]))

    def to_json(self) -> str:
        """The file text: keys in a fixed order, weights sorted by name, so that refitting on
        the same data gives the same bytes."""
        data = self.model_dump()
        data["weights"] = dict(sorted(self.weights.items()))
        return json.dumps(data, indent=1, sort_keys=False) + "\n"


def sigmoid(z: float) -> float:
    """The logistic function, safe for large ``|z|``."""
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def load_calibration(path: str | Path) -> Calibration:
    """Read and validate a calibration file; :class:`CalibrationError` names the file and the
    place (``cal.json:3:5`` for JSON syntax, ``$.weights`` for content)."""
    from stef_core.files import FileReadError, read_small_text

    if Path(path).is_dir():
        raise CalibrationError(f"{path}: is a directory; give a calibration JSON written by "
                               "`stef calibrate`")
    try:
        # Capped like a rules file (a calibration is a few KiB); a FIFO or a device is refused
        # before it is read.
        text = read_small_text(str(path), limit=MAX_CALIBRATION_BYTES, what="calibration")
    except FileReadError as exc:
        raise CalibrationError(f"{path}: {exc}; give a calibration JSON written by "
                               "`stef calibrate`") from None
    return calibration_from_text(text, str(path))


def calibration_from_text(text: str, source: str = "<calibration>") -> Calibration:
    """:func:`load_calibration` over a file's text (``source`` names it in errors)."""
    from stef_core.safejson import NotFinite, loads

    try:
        data = loads(text, finite=True).value
    except NotFinite as exc:
        raise CalibrationError(f"{source}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise CalibrationError(f"{source}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    except RecursionError:
        raise CalibrationError(f"{source}: not JSON: nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CalibrationError(
            f"{source}: not a STEF calibration file (expected a JSON object with "
            f"\"format\": \"{FORMAT}\"); write one with `stef calibrate REVIEWED.jsonl -o FILE`"
        )
    try:
        return Calibration.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ")
        raise CalibrationError(f"{source}: {where}: {msg}") from None


# --------------------------------------------------------------------------------------------
# Fitting
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """One labelled record: its features, its label (1 correct, 0 not) and its weight."""

    features: Mapping[str, float]
    label: int
    weight: float = 1.0


@dataclass
class _Problem:
    """Examples compressed to distinct feature vectors (many records share one), in a fixed
    order, with their total and positive weight."""

    names: list[str]
    rows: list[list[tuple[int, float]]] = field(default_factory=list)
    total: list[float] = field(default_factory=list)
    positive: list[float] = field(default_factory=list)


def _compress(examples: Iterable[Example], names: list[str]) -> _Problem:
    index = {n: i + 1 for i, n in enumerate(names)}  # 0 is the intercept
    slots: dict[tuple[tuple[int, float], ...], int] = {}
    prob = _Problem(names)
    for ex in examples:
        key = tuple(sorted((index[n], float(v)) for n, v in ex.features.items()
                           if v and n in index))
        slot = slots.get(key)
        if slot is None:
            slot = slots[key] = len(prob.rows)
            prob.rows.append([(0, 1.0), *key])
            prob.total.append(0.0)
            prob.positive.append(0.0)
        prob.total[slot] += ex.weight
        prob.positive[slot] += ex.weight * (1 if ex.label else 0)
    return prob


def _softplus(z: float) -> float:
    return z + math.log1p(math.exp(-z)) if z > 0 else math.log1p(math.exp(z))


def _objective(
    prob: _Problem, theta: list[float], prior: list[float], strength: list[float]
) -> float:
    loss = 0.0
    for row, tot, pos in zip(prob.rows, prob.total, prob.positive):
        z = sum(theta[j] * v for j, v in row)
        loss += tot * _softplus(z) - pos * z
    return loss + 0.5 * sum(strength[j] * (theta[j] - prior[j]) ** 2
                            for j in range(1, len(theta)))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` for a symmetric positive definite ``a`` (Cholesky)."""
    n = len(b)
    low = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            s = a[i][j] - sum(low[i][k] * low[j][k] for k in range(j))
            if i == j:
                low[i][i] = math.sqrt(max(s, 1e-12))
            else:
                low[i][j] = s / low[j][j]
    y = [0.0] * n
    for i in range(n):
        y[i] = (b[i] - sum(low[i][k] * y[k] for k in range(i))) / low[i][i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (y[i] - sum(low[k][i] * x[k] for k in range(i + 1, n))) / low[i][i]
    return x


@lru_cache(maxsize=4096)
def _pattern_weight(feature: str, patterns: tuple[tuple[str, float], ...]) -> float:
    for pattern, value in patterns:
        if fnmatchcase(feature, pattern):
            return value
    return 0.0


def floor_of(feature: str, floors: tuple[tuple[str, float], ...]) -> float | None:
    """The lowest weight ``feature`` may take: the first glob of ``floors`` it matches.

    >>> floor_of("finding:x@minor", (("finding:*@minor", -0.5),))
    -0.5
    >>> floor_of("finding:x@major", (("finding:*@minor", -0.5),)) is None
    True
    """
    for pattern, value in floors:
        if fnmatchcase(feature, pattern):
            return value
    return None


def prior_weight(feature: str, weights: Mapping[str, float],
                 patterns: Mapping[str, float]) -> float:
    """The weight a fit pulls ``feature`` towards: its weight in the prior model, else the
    first glob pattern of ``patterns`` it matches, else 0.

    >>> prior_weight("finding:x@major", {}, {"finding:*@major": -0.7})
    -0.7
    """
    if feature in weights:
        return weights[feature]
    return _pattern_weight(feature, tuple(patterns.items()))


def fit_logistic(
    examples: Sequence[Example],
    *,
    l2: float = 1.0,
    nonpositive: Sequence[str] = (),
    prior: Calibration | None = None,
    priors: Mapping[str, float] | None = None,
    prior_l2: float | None = None,
    floors: Mapping[str, float] | None = None,
    fixed: Calibration | None = None,
    max_iter: int = 200,
    tol: float = 1e-7,
) -> tuple[float, dict[str, float]]:
    """Fit ``P(label = 1) = sigmoid(b + w . x)``; return ``(b, w)``.

    Minimises the weighted log loss plus ``l2 / 2 * sum((w - w_prior) ** 2)`` (the intercept
    is free), with the weights of features starting with a ``nonpositive`` prefix held <= 0,
    and those matching a glob of ``floors`` (default: the prior model's) held at or above its
    value, by projected Newton steps with a backtracking line search. ``w_prior`` comes from
    ``prior`` (a model) where it has a weight; other features matching a glob of ``priors``
    (default: the prior model's) are pulled towards that pattern's weight with strength
    ``prior_l2`` instead (:func:`prior_weight`). With ``fixed``, that model's intercept and
    weights are held as they are and only the features it has no weight for are fitted (a
    context added on top of a fitted model: :mod:`stef_judges.evidence`). Deterministic: the
    same examples in the same order give the same numbers.

    >>> data = [Example({"finding:x": 1.0}, 0)] * 3 + [Example({}, 1)] * 3 + [
    ...     Example({}, 0), Example({"finding:x": 1.0}, 1)]
    >>> b, w = fit_logistic(data, l2=0.0, nonpositive=["finding:"])
    >>> round(b, 3), round(w["finding:x"], 3)
    (1.099, -2.197)
    """
    if not examples:
        raise CalibrationError("no labelled records to fit on")
    prior_w = dict(prior.weights) if prior else {}
    patterns = dict(priors if priors is not None else (prior.priors if prior else {}))
    if prior_l2 is None and prior is not None:
        prior_l2 = prior.prior_l2
    names = sorted({n for ex in examples for n, v in ex.features.items() if v} | set(prior_w)
                   | set(fixed.weights if fixed else ()))
    constrained = [False] + [any(n.startswith(p) for p in nonpositive) for n in names]
    floor_items = tuple((floors if floors is not None
                         else (prior.floors if prior else {})).items())
    lower: list[float | None] = [None, *(floor_of(n, floor_items) for n in names)]
    prob = _compress(examples, names)
    total = sum(prob.total)
    pos = sum(prob.positive)
    if total <= 0:
        raise CalibrationError("the labelled records have no weight")
    dim = len(names) + 1
    prior_vec = [0.0] + [min(prior_weight(n, prior_w, patterns), 0.0) if constrained[i + 1]
                         else prior_weight(n, prior_w, patterns) for i, n in enumerate(names)]
    prior_vec = [v if lo is None else max(v, lo) for v, lo in zip(prior_vec, lower)]
    # Features the prior model has a weight for are pulled towards it with strength l2;
    # others that a pattern covers, towards the pattern's weight with strength prior_l2.
    pl2 = l2 if prior_l2 is None else prior_l2
    strength = [0.0] + [pl2 if n not in prior_w and any(fnmatchcase(n, p) for p in patterns)
                        else l2 for n in names]
    share = min(max(pos / total, 1e-4), 1 - 1e-4)
    theta = list(prior_vec)
    theta[0] = prior.intercept if prior else math.log(share / (1 - share))

    def project(t: list[float]) -> list[float]:
        out = [min(v, 0.0) if constrained[j] else v for j, v in enumerate(t)]
        return [v if (lo := lower[j]) is None else max(v, lo) for j, v in enumerate(out)]

    held: set[int] = set()
    if fixed is not None:
        held = {0} | {i + 1 for i, n in enumerate(names) if n in fixed.weights}
        theta[0] = fixed.intercept
        for i, n in enumerate(names):
            if n in fixed.weights:
                theta[i + 1] = prior_vec[i + 1] = fixed.weights[n]
    theta = project(theta)
    loss = _objective(prob, theta, prior_vec, strength)
    for _ in range(max_iter):
        grad = [0.0] * dim
        hess = [[0.0] * dim for _ in range(dim)]
        for row, tot, p_w in zip(prob.rows, prob.total, prob.positive):
            z = sum(theta[j] * v for j, v in row)
            p = sigmoid(z)
            r = tot * p - p_w
            c = tot * p * (1 - p)
            for j, v in row:
                grad[j] += r * v
                hj = hess[j]
                for k, u in row:
                    hj[k] += c * v * u
        for j in range(1, dim):
            grad[j] += strength[j] * (theta[j] - prior_vec[j])
            hess[j][j] += strength[j]
        # Weights at their bound whose gradient pushes them past it stay put this step.
        blocked = held | {j for j in range(dim)
                          if (constrained[j] and theta[j] >= -1e-12 and grad[j] < 0)
                          or ((lo := lower[j]) is not None and theta[j] <= lo + 1e-12
                              and grad[j] > 0)}
        projected = [0.0 if j in blocked else g for j, g in enumerate(grad)]
        if max(abs(g) for g in projected) < tol * max(1.0, total):
            break
        free = [j for j in range(dim) if j not in blocked]
        # A tiny ridge keeps the system solvable when a feature never varies.
        sub = [[hess[i][j] + (1e-9 if i == j else 0.0) for j in free] for i in free]
        step = _solve(sub, [-grad[j] for j in free])
        direction = [0.0] * dim
        for j, s in zip(free, step):
            direction[j] = s
        t = 1.0
        improved = False
        while t > 1e-10:
            cand = project([a + t * d for a, d in zip(theta, direction)])
            cand_loss = _objective(prob, cand, prior_vec, strength)
            decrease = sum(g * (c - a) for g, c, a in zip(grad, cand, theta))
            if cand_loss <= loss + 1e-4 * decrease:
                improved = loss - cand_loss > 1e-12 * max(1.0, abs(loss))
                theta, loss = cand, cand_loss
                break
            t /= 2
        if not improved:
            break
    weights = {n: theta[i + 1] for i, n in enumerate(names)}
    return theta[0], weights


# --------------------------------------------------------------------------------------------
# Metrics
# --------------------------------------------------------------------------------------------

BINS = 10


def bin_of(gamma: float, bins: int = BINS) -> int:
    """The equal-width bin of ``gamma`` (1.0 falls in the last one)."""
    return min(bins - 1, max(0, int(gamma * bins)))


@dataclass
class Reliability:
    """Streaming reliability table: per equal-width bin of gamma, the count, the sum of gamma
    and the number labelled correct. Memory is a few numbers per bin, however many records."""

    bins: int = BINS
    n: list[int] = field(default_factory=list)
    gamma_sum: list[float] = field(default_factory=list)
    correct: list[int] = field(default_factory=list)
    sq_error: float = 0.0

    def __post_init__(self) -> None:
        self.n = self.n or [0] * self.bins
        self.gamma_sum = self.gamma_sum or [0.0] * self.bins
        self.correct = self.correct or [0] * self.bins

    def add(self, gamma: float, label: int) -> None:
        b = bin_of(gamma, self.bins)
        self.n[b] += 1
        self.gamma_sum[b] += gamma
        self.correct[b] += 1 if label else 0
        self.sq_error += (gamma - (1 if label else 0)) ** 2

    def merge(self, other: Reliability) -> None:
        for b in range(self.bins):
            self.n[b] += other.n[b]
            self.gamma_sum[b] += other.gamma_sum[b]
            self.correct[b] += other.correct[b]
        self.sq_error += other.sq_error

    @property
    def total(self) -> int:
        return sum(self.n)

    def ece(self) -> float | None:
        """Expected calibration error: the count-weighted mean of |mean gamma - share
        correct| over the bins."""
        total = self.total
        if not total:
            return None
        return sum(abs(g - c) for g, c, n in zip(self.gamma_sum, self.correct, self.n)
                   if n) / total

    def brier(self) -> float | None:
        return self.sq_error / self.total if self.total else None

    def table(self) -> list[dict[str, Any]]:
        """One row per non-empty bin: its range, count, mean gamma and share correct."""
        rows = []
        for b in range(self.bins):
            if not self.n[b]:
                continue
            rows.append({
                "bin": [round(b / self.bins, 4), round((b + 1) / self.bins, 4)],
                "n": self.n[b],
                "mean_gamma": round(self.gamma_sum[b] / self.n[b], 4),
                "share_correct": round(self.correct[b] / self.n[b], 4),
            })
        return rows

    def to_dict(self) -> dict[str, Any]:
        ece, brier = self.ece(), self.brier()
        return {
            "labelled": self.total,
            "share_correct": round(sum(self.correct) / self.total, 4) if self.total else None,
            "mean_gamma": round(sum(self.gamma_sum) / self.total, 4) if self.total else None,
            "ece": round(ece, 4) if ece is not None else None,
            "brier": round(brier, 4) if brier is not None else None,
            "table": self.table(),
        }


def reliability(gammas: Sequence[float], labels: Sequence[int], bins: int = BINS) -> Reliability:
    """The :class:`Reliability` of paired gammas and labels."""
    rel = Reliability(bins)
    for g, y in zip(gammas, labels, strict=True):
        rel.add(g, y)
    return rel


def auroc(scores: Sequence[float], labels: Sequence[int]) -> float | None:
    """Area under the ROC curve (Mann-Whitney, ties counted half); None without both labels.

    >>> auroc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])
    0.75
    """
    pos = sum(1 for y in labels if y)
    neg = len(labels) - pos
    if not pos or not neg:
        return None
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    rank_sum = 0.0
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        avg = (i + j) / 2 + 1
        rank_sum += avg * sum(1 for k in range(i, j + 1) if labels[order[k]])
        i = j + 1
    return (rank_sum - pos * (pos + 1) / 2) / (pos * neg)
