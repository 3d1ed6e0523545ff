"""The LLM cascade measured on recorded verdicts: which records to send to the model, and what
it costs and buys.

For a labelled dev file and the recorded replies of a strong LLM to STEF's judge prompt for its
records (``../shared/data/recorded/``), this scores every record offline, finds each record's
recorded reply by its record key (as ``benchmarks/replay_server.py`` does), and for a range of
escalation policies prints

* the share of records sent to the model, and its cost per 1,000 records at a stated price
  (``--price-in`` / ``--price-out`` USD per million tokens; tokens estimated from the prompts
  STEF builds now and the recorded replies, four characters a token);
* AUROC of the final gamma and of the final score against the labels, pairwise accuracy of
  gamma (one question, a right and a wrong SQL), and calibration of the final gamma (expected
  calibration error and Brier score);

for the families: the offline judge's gamma band alone (keep the offline verdict outside the
band, ask inside it), the cascade's policy without a cap (a ``critical`` or ``major`` finding
settles the record offline, the gamma band decides the rest), the cascade's policy with a share
cap (``stef_judges.cascade.Policy``: at most a share of the records, the likelier right by the
offline judge first; the records go to it in the engine's batches of 64, in file order, as the
cap sees them), and the all-LLM and all-offline ends. Then:

* **the default policy**, chosen on one half of the file and reported on the other: the halves
  split by question (the SHA-256 of the normalised question text, even or odd), so a question's
  right and wrong SQL stay together. The choice (``--fit``) keeps the share cap ``--share``
  (0.7: issue 25's check allows 75 %) and takes the band ``[LOW, 0.9]`` (LOW in steps of 0.1
  from 0 to 0.5) and settling severities (``critical,major`` or ``critical``) with the best
  AUROC of gamma on the tuned half; ties go to the smaller share, then to the policy that
  settles more. ``--fit --write FILE`` writes it as the policy file the cascade judge ships
  (``plugins/stef_judges/calibration/cascade-policy.json``);
* the held-out budget frontier of the band alone: for budgets of 40 to 75 % of the records, the
  policy of a finer grid (bands in steps of 0.05; settling ``critical,major,minor`` too) with
  the best AUROC within the budget on one half, and its figures on the other half, both ways
  round: what a budget buys on records the choice never saw;
* the share cap held out: for the same budgets, ``--fit``'s choice under a cap of the budget on
  one half, reported on the other, both ways round, with the candidates under the cap ranked by
  offline gamma (was shipped) or by an escalation-value model (a logistic regression on the offline
  evidence, fitted on the choosing half to predict where the model's verdict disagrees with the
  offline one);
* what the offline judge found, ranking the candidates under the cap, held out: for budgets of
  50, 60 and 70 %, the default's band and settling under a cap of the budget with its
  candidates ranked by offline gamma (was shipped), by a change model (a logistic model of where
  the model's verdict disagrees with the offline one, or moves gamma by more than 0.4: on the
  offline gamma and the minor and info findings, or on every evidence feature), by a label
  model (likelier right first, or most uncertain first), or with the records that carry a
  minor or info finding first; models fitted on one half, reported on the other, both ways
  round, and the ranking best on the choosing half reported as chosen. ``--splits N`` repeats
  the shipped ranking against the smallest change model over N more splits by question, and
  over the same splits compares, under caps of 50, 60 and 74 %, rankings by the finding kinds
  (a logistic model of the label on the offline gamma and one indicator per code and severity:
  likelier right first, or the offline judge likelier on the wrong side of 0.5 first), by the
  expected gain of asking (the chance a record kept offline is misordered against the others),
  the finding kinds precise on the choosing half settling too, and the escalated records'
  gamma combined with the offline one (not fitted: the model's logit plus 0.15 of the offline
  gamma's);
* where the loss against all-LLM comes from, under caps of 50, 60 and 74 %: the (right,
  wrong) pairs the cascade misorders less those all-LLM misorders, by where the two records
  were judged (both kept offline, one kept and one asked, both asked), and a floor for the
  pairs of records kept offline (the least expected share of them misordered, given P(right)
  from the offline gamma or from the kind model fitted on the other half);
* ``--traffic PATH ...`` (and ``--production``: the tuned half of benchmarks/production, each
  domain with its rules): the default's share escalated on labelled files without recorded
  replies, and why the rest stays offline (a settling finding, outside the band, the cap),
  and AUROC of gamma with the model's replies simulated (``--simulate N``: drawn from the
  recorded replies to records of the same label; given the recorded dev file itself as
  traffic, the simulation can be checked against the real replies), and how precise each kind
  of settling finding (``code@severity``) is on each file (records, share wrong);
* ``--draws N``: issue 25's hidden check simulated, the default on N runs of 120 records drawn
  by question (share escalated, loss of AUROC of gamma and of the score against all-LLM, the
  runs over the check's margin), what fails it (for each run over the margin, the record kept
  offline whose asking alone would pass it), and the same runs with the cap's candidates
  ranked otherwise or the settling findings asked too (ranked with the rest, or only when the
  cap has room);
* score-level combinations held out: the deciding judge's gamma, a Platt map per deciding
  judge, and for escalated records a logistic model of the model's and the offline gamma;
* the final gamma from both judges held out (session 16, issue 25's item 1), under caps of 50,
  60 and 74 %, the candidates ranked likelier right first or nearest 0.5 first: the deciding
  judge's gamma, the ranking's P(right) for the records the cap keeps offline, and that with a
  logistic model of the model's and the offline gamma for the escalated ones (models fitted on
  the other half): AUROC of gamma and of the score, pairwise accuracy, ECE pooled and per
  deciding judge, and with ``--draws`` the check simulated for each; since session 30 also the
  candidates ranked by the chance that the model's verdict and the offline one fall on either
  side of 0.5, and every record kept offline placed in the model's scale (the ranking's
  P(right) mapped onto p_correct by an isotonic fit on the other half); ``--splits N`` repeats
  the whole comparison over N more splits by question, each way round;
* calibration per deciding judge and pooled, raw and after a leave-one-out Platt refit per
  judge (if the refit does not improve the pooled figures, the mix needs no remapping);
* whether the model respects a critical finding: of the records with such a finding, how many
  it calls right (p_correct >= 0.75) and how many of those are right;
* ``--replay``: the default policy run end to end, ``stef eval``'s engine with ``--judge
  cascade:llm:openai/gpt-4o`` against the replay server, checked against the simulation;
* with ``--out DIR``: JSON, Markdown, and the curve of AUROC against share escalated as an
  HTML page with an inline SVG (the form of ``stef report --html``), and a PNG of it when
  headless Chromium is installed.

    python benchmarks/cascade.py ../shared/data/recorded/nl2sql_bugs_public.judge-4.jsonl \\
        ../shared/data/dev/nl2sql_bugs_public.jsonl --out benchmarks/results/cascade --replay
    python benchmarks/cascade.py RECORDED DEV --fit \\
        --write plugins/stef_judges/calibration/cascade-policy.json
    python benchmarks/cascade.py RECORDED DEV --splits 40 --production \\
        --traffic ../shared/data/dev/spider_dev.jsonl

The replies answer the prompt of their time (``judge-4``); where STEF's prompt for a record has
changed since, its recorded reply approximates what the model would say now.
"""

from __future__ import annotations

import argparse
import bisect
import hashlib
import html
import json
import math
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from replay_server import ReplayServer, record_key, tokens  # noqa: E402
from validity import auroc, calibration, pairwise  # noqa: E402

INPUT_FIELDS = (
    "id",
    "question",
    "enriched_question",
    "sql",
    "dialect",
    "agent",
    "timestamp",
    "label",
)
SETTLES: tuple[tuple[str, ...], ...] = (("critical", "major"), ("critical",), ())
GRID = tuple(round(i / 10, 1) for i in range(11))
PLAIN_BANDS = ((0.15, 0.85), (0.25, 0.75), (0.30, 0.70))
#: The budget frontier's policies: bands in steps of 0.05, and a minor finding may settle too.
FRONTIER_GRID = tuple(round(i / 20, 2) for i in range(21))
FRONTIER_SETTLES: tuple[tuple[str, ...], ...] = (
    ("critical", "major", "minor"),
    ("critical", "major"),
    ("critical",),
    (),
)
BUDGETS = (0.4, 0.5, 0.6, 0.7, 0.75)
#: ``--fit``'s grid: the band's lower end (its upper end stays at 0.9: a calibrated 0.9 is as
#: sure as the model's usual "correct"; a free upper end chose noise on one half and lost on the
#: other) and the settling severities; the share cap is ``--share``.
FIT_LOWS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5)
FIT_HIGH = 0.9
FIT_SETTLES: tuple[tuple[str, ...], ...] = (("critical", "major"), ("critical",))
#: The default share cap: issue 25's check allows 75 %. 0.74 (0.7 until session 7): on
#: 120-record draws of the recorded file, 0.7 lost more than 0.02 of score AUROC against
#: all-LLM in 36 % of draws, 0.74 in 27 %, its share never above 74.2 %.
CAP = 0.74
#: The engine's default batch size: the cascade judge sees the records in batches of it.
BATCH = 64
#: Share caps drawn on the curve and tabled for the fitted band and settling.
CAPS = (*(round(0.3 + i * 0.05, 2) for i in range(14)), 1.0)


# --------------------------------------------------------------------------------------------
# the records
# --------------------------------------------------------------------------------------------


@dataclass
class Row:
    """One record: its label, what the offline judge found, and the model's recorded reply."""

    id: str
    label: int
    group: tuple[str, str]
    half: int  # 0: the tuned half, 1: the reported half
    scored: bool
    offline_gamma: float = 0.0
    severities: tuple[tuple[str, str], ...] = ()  # (code, severity) of every finding
    status: str | None = None  # the filter status
    request: Any = None
    offline_verdict: Any = None
    p_correct: float | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    features: dict[str, float] = field(default_factory=dict)  # the offline evidence vector
    memo: dict[str, Any] = field(default_factory=dict)


def half_of(question: str) -> int:
    """0 or 1: the parity of the SHA-256 of the normalised question text."""
    text = " ".join(question.lower().split())
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16) % 2


def load(
    recorded: Path | None, dev: Path, today: str | None, rules: Path | None = None
) -> tuple[list[Row], Any]:
    """Score ``dev`` offline (with the ruleset ``rules``, if given) and join the recorded
    replies by record key (none without ``recorded``)."""
    from stef_judges.llm_prompt import judge_messages

    from stef_core.contracts import JudgeRequest
    from stef_core.engine import Engine, record_from_mapping
    from stef_core.rules import load_rules

    replies: dict[str, dict[str, Any]] = {}
    for line in recorded.open(encoding="utf-8") if recorded is not None else ():
        if line.strip():
            row = json.loads(line)
            replies[row["record_key"]] = row["reply"]
    ruleset = load_rules(rules) if rules is not None else None
    engine = Engine(ruleset, judge="offline", today=today)
    rows: list[Row] = []
    for n, line in enumerate(dev.open(encoding="utf-8"), 1):
        if not line.strip():
            continue
        raw = json.loads(line)
        item = record_from_mapping({k: raw.get(k) for k in INPUT_FIELDS}, default_id=str(n))
        row = Row(
            id=str(raw.get("id", n)),
            label=int(raw["label"]),
            group=(str(raw.get("db_id")), " ".join(raw["question"].lower().split())),
            half=half_of(raw["question"]),
            scored=False,
        )
        request = engine.analyse(item) if not hasattr(item, "error") else None
        if isinstance(request, JudgeRequest):
            verdict = engine.judge.judge(request)
            messages = judge_messages(request) if replies else []
            reply = replies.get(record_key(messages[1]["content"]) or "") if replies else None
            row.scored = True
            row.request, row.offline_verdict = request, verdict
            row.offline_gamma = verdict.confidence
            row.severities = tuple((r.code, r.severity) for r in request.alignment.reasons)
            row.status = request.alignment.filters.status
            row.features = engine.judge.evidence(request)
            if reply is not None:
                row.p_correct = float(reply["p_correct"])
                row.prompt_tokens = sum(tokens(m["content"]) for m in messages)
                row.completion_tokens = tokens(json.dumps(reply))
        rows.append(row)
    return rows, engine


# --------------------------------------------------------------------------------------------
# policies and their figures
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Family:
    """A policy: a gamma band, the severities whose findings settle a record offline, the
    share cap (1: none) and the ranking of the candidates under it (None: offline gamma)."""

    low: float
    high: float
    settle: tuple[str, ...] = ()
    share: float = 1.0
    ranking: Any = None
    fill: bool = False  # under the cap, settled records fill the room it leaves

    def policy(self) -> Any:
        from stef_judges.cascade import Policy

        return Policy(
            self.low, self.high, frozenset(self.settle), self.share, self.ranking, self.fill
        )

    def escalates(self, row: Row) -> bool:
        """The decision on one record alone: only for a policy without a share cap."""
        assert self.share >= 1, "a capped policy decides over a sequence: decisions()"
        return bool(self.policy().decide(row.offline_gamma, _reasons(row))[0])

    def decisions(self, rows: Sequence[Row], priority: Sequence[float] | None = None) -> list[bool]:
        """Which of ``rows`` (one run, in this order) the cascade escalates: the scored ones
        in batches of :data:`BATCH`, as the engine gives them to the judge, through
        ``Policy.plan`` (``priority``: another ranking under the cap, one number per row;
        not given: the family's ranking, as the cascade judge ranks)."""
        policy = self.policy()
        if priority is None and self.ranking is not None:
            priority = [
                policy.priority(r.offline_gamma, _reasons(r), r.status) if r.scored else 0.0
                for r in rows
            ]
        out = [False] * len(rows)
        scored = [i for i, r in enumerate(rows) if r.scored]
        seen = used = 0
        for start in range(0, len(scored), BATCH):
            idx = scored[start : start + BATCH]
            plan = policy.plan(
                [(rows[i].offline_gamma, _reasons(rows[i])) for i in idx],
                seen,
                used,
                None if priority is None else [priority[i] for i in idx],
            )
            for i, (escalate, _) in zip(idx, plan):
                out[i] = escalate
            seen += len(idx)
            used += sum(e for e, _ in plan)
        return out

    def escalator(
        self, rows: Sequence[Row], priority: Sequence[float] | None = None
    ) -> Callable[[Row], bool]:
        """:meth:`decisions` as the per-row function :func:`measure` takes."""
        decided = {id(r): d for r, d in zip(rows, self.decisions(rows, priority))}
        return lambda r: decided[id(r)]

    def name(self) -> str:
        settle = "+".join(self.settle) if self.settle else "none"
        cap = f", cap {self.share * 100:g}%" if self.share < 1 else ""
        ranked = ", ranked by P(right)" if self.ranking is not None and self.share < 1 else ""
        filled = (
            ", settled asked when it has room"
            if self.fill and self.share < 1 and self.settle
            else ""
        )
        return f"[{self.low:g}, {self.high:g}] settle {settle}{cap}{ranked}{filled}"


def _reasons(row: Row) -> tuple[Any, ...]:
    from stef_core.models import Reason

    return tuple(
        Reason(code=c, message="", severity=s)  # type: ignore[arg-type]
        for c, s in row.severities
    )


def final(row: Row, escalate: bool, engine: Any) -> tuple[float, float, str]:
    """gamma, score and deciding judge of a record under a decision (unscored: 0, 0)."""
    if not row.scored:
        return 0.0, 0.0, "none"
    key = "llm" if escalate and row.p_correct is not None else "offline"
    if key not in row.memo:
        if key == "llm":
            from stef_core.models import Verdict

            p = round(float(row.p_correct or 0.0), 4)
            rules = row.request.rules
            verdict = Verdict(label=rules.scoring.label_for(p), confidence=p)
        else:
            verdict = row.offline_verdict
        score = engine.scorer.score(row.request.alignment, verdict, row.request.rules).score
        row.memo[key] = (verdict.confidence, score, key)
    return row.memo[key]  # type: ignore[no-any-return]


def measure(
    rows: Sequence[Row], decide: Callable[[Row], bool], engine: Any, price: tuple[float, float]
) -> dict[str, Any]:
    """The figures of one policy on ``rows``."""
    decisions = [row.scored and decide(row) for row in rows]
    outs = [final(r, d, engine) for r, d in zip(rows, decisions)]
    labels = [r.label for r in rows]
    gammas = [o[0] for o in outs]
    scores = [o[1] for o in outs]
    asked = [r for r, d in zip(rows, decisions) if d]
    groups: dict[Any, list[tuple[float, int]]] = {}
    for r, g in zip(rows, gammas):
        groups.setdefault(r.group, []).append((g, r.label))
    usd = sum(r.prompt_tokens * price[0] + r.completion_tokens * price[1] for r in asked) / 1e6
    cal = calibration(gammas, labels)
    return {
        "records": len(rows),
        "escalated": len(asked),
        "share": round(len(asked) / len(rows), 4) if rows else None,
        "usd_per_1000": round(1000 * usd / len(rows), 4) if rows else None,
        "auroc_gamma": _r(auroc(gammas, labels)),
        "auroc_score": _r(auroc(scores, labels)),
        "pairwise_gamma": pairwise(groups)["accuracy"],
        "ece": cal["ece"],
        "brier": cal["brier"],
    }


def _r(x: float | None) -> float | None:
    return round(x, 4) if x is not None else None


def grid_policies() -> list[Family]:
    out = [Family(lo, hi, st) for st in SETTLES for lo in GRID for hi in GRID if lo <= hi]
    return out


def fit(
    rows: Sequence[Row], engine: Any, price: tuple[float, float], share: float
) -> tuple[Family, dict[str, Any], float]:
    """The default policy on ``rows`` (module docstring): the band and settling of the grid
    (:data:`FIT_LOWS`, :data:`FIT_SETTLES`) with the best AUROC of gamma under the share cap
    ``share`` (ties: the smaller share escalated, then the policy that settles more); its
    figures there and the all-LLM AUROC there."""
    all_llm = measure(rows, lambda r: True, engine, price)["auroc_gamma"] or 0.0
    best: tuple[tuple[float, float, int], Family, dict[str, Any]] | None = None
    for settle in FIT_SETTLES:
        for low in FIT_LOWS:
            family = Family(low, FIT_HIGH, settle, share)
            m = measure(rows, family.escalator(rows), engine, price)
            key = (-(m["auroc_gamma"] or 0.0), m["share"], -len(family.settle))
            if best is None or key < best[0]:
                best = (key, family, m)
    assert best is not None
    return best[1], best[2], all_llm


def frontier(rows: Sequence[Row], engine: Any, price: tuple[float, float]) -> list[dict[str, Any]]:
    """The held-out budget frontier: for each budget (a share of records the model may see) and
    each way round (choose on the tuned half, report on the other; then the reverse), the
    policy of the finer grid (:data:`FRONTIER_GRID`, :data:`FRONTIER_SETTLES`) with the best
    AUROC on the half it is chosen on within the budget there (ties: the smaller share), and
    its figures on the half it never saw, beside the all-LLM AUROC of that half."""
    families = [
        Family(lo, hi, st)
        for st in FRONTIER_SETTLES
        for lo in FRONTIER_GRID
        for hi in FRONTIER_GRID
        if lo <= hi
    ]
    halves = ([r for r in rows if r.half == 0], [r for r in rows if r.half == 1])
    # which records each policy escalates, once: the policy is a pure function of the row
    decisions = {f: [f.escalates(r) for r in rows] for f in families}
    index = {id(r): i for i, r in enumerate(rows)}
    measured: dict[tuple[Family, int], dict[str, Any]] = {}

    def on(family: Family, half: int) -> dict[str, Any]:
        if (family, half) not in measured:
            d = decisions[family]
            measured[family, half] = measure(halves[half], lambda r: d[index[id(r)]], engine, price)
        return measured[family, half]

    out = []
    for budget in BUDGETS:
        for chosen_on, reported_on in ((0, 1), (1, 0)):
            best: tuple[tuple[float, float], Family] | None = None
            for family in families:
                m = on(family, chosen_on)
                if m["share"] > budget:
                    continue
                key = (-(m["auroc_gamma"] or 0.0), m["share"])
                if best is None or key < best[0]:
                    best = (key, family)
            assert best is not None  # escalating nothing is within every budget
            family = best[1]
            out.append(
                {
                    "budget": budget,
                    "chosen_on": ("tuned", "reported")[chosen_on],
                    "policy": family.name(),
                    "chosen_half": on(family, chosen_on),
                    "held_out": on(family, reported_on),
                    "held_out_all_llm_auroc": measure(
                        halves[reported_on], lambda r: True, engine, price
                    )["auroc_gamma"],
                }
            )
    return out


# --------------------------------------------------------------------------------------------
# the share cap held out; an escalation-value model; score-level combinations
# --------------------------------------------------------------------------------------------


def _logit(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return math.log(p / (1 - p))


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination, partial pivoting; a is small and regularised)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def _logistic(xs: Sequence[Sequence[float]], ys: Sequence[float], l2: float) -> list[float]:
    """Weights (intercept first) of a logistic regression with an L2 penalty on all but the
    intercept (Newton, 12 steps)."""
    d = len(xs[0]) + 1
    w = [0.0] * d
    for _ in range(12):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys):
            z = [1.0, *x]
            q = _sigmoid(sum(a * b for a, b in zip(w, z)))
            v = q * (1 - q)
            for i in range(d):
                g[i] += (q - y) * z[i]
                vi = v * z[i]
                hi = h[i]
                for j in range(i, d):
                    hi[j] += vi * z[j]
        for i in range(d):
            for j in range(i):
                h[i][j] = h[j][i]
            h[i][i] += l2 if i else 1e-6
            if i:
                g[i] += l2 * w[i]
        w = [a - b for a, b in zip(w, _solve(h, g))]
    return w


def _apply(w: Sequence[float], x: Sequence[float]) -> float:
    return _sigmoid(w[0] + sum(a * b for a, b in zip(w[1:], x)))


def value_model(rows: Sequence[Row]) -> Callable[[Row], float]:
    """The escalation value: a logistic model on the offline evidence (the logit of the offline
    gamma and every feature of ``stef_judges.evidence``, standardised on ``rows``), fitted on
    ``rows`` to predict where the model's verdict disagrees with the offline one (p_correct and
    the offline gamma on either side of 0.5): the records whose ranking the model would
    change."""
    return evidence_model(rows, None, _disagrees)


def _disagrees(r: Row) -> float:
    """1 where the model's verdict and the offline one fall on either side of 0.5."""
    return float(((r.p_correct or 0.0) >= 0.5) != (r.offline_gamma >= 0.5))


def evidence_model(
    rows: Sequence[Row], names: Sequence[str] | None, target: Callable[[Row], float]
) -> Callable[[Row], float]:
    """A logistic model of ``target`` on the logit of the offline gamma and the evidence
    features ``names`` (None: every feature found on ``rows``), standardised on ``rows`` and
    fitted on those of them with a recorded reply (L2 5 on all but the intercept); 0 for an
    unscored record."""
    fitted = [r for r in rows if r.scored and r.p_correct is not None]
    keys = sorted({k for r in fitted for k in r.features}) if names is None else list(names)

    def raw(r: Row) -> list[float]:
        return [_logit(r.offline_gamma), *(r.features.get(k, 0.0) for k in keys)]

    xs = [raw(r) for r in fitted]
    mean = [sum(c) / len(c) for c in zip(*xs)]
    sd = [
        max(1e-9, math.sqrt(sum((v - m) ** 2 for v in c) / len(c))) for c, m in zip(zip(*xs), mean)
    ]

    def std(x: list[float]) -> list[float]:
        return [(v - m) / s for v, m, s in zip(x, mean, sd)]

    w = _logistic([std(x) for x in xs], [target(r) for r in fitted], l2=5.0)
    return lambda r: _apply(w, std(raw(r))) if r.scored else 0.0


#: The findings-aware rankings' features (besides the logit of the offline gamma): the
#: findings the offline judge does not settle on (minor, info), and for the label model the
#: size of what there is to get wrong too.
CHANGE_FEATURES = ("findings@minor", "findings@info")
LABEL_FEATURES = (
    "findings@minor",
    "findings@info",
    "shape:filters",
    "shape:tables",
    "question:words",
)
RANK_BUDGETS = (0.5, 0.6, 0.7)


def rankings(there: Sequence[Row]) -> list[tuple[str, Callable[[Row], float] | None]]:
    """The rankings under the cap compared by :func:`findings_rankings`, the models fitted on
    ``there``: higher goes to the model first (None: the offline gamma, shipped)."""
    label = evidence_model(there, LABEL_FEATURES, lambda r: float(r.label))
    return [
        ("offline gamma (was shipped)", None),
        (
            "change model: gamma, minor and info findings",
            evidence_model(there, CHANGE_FEATURES, _disagrees),
        ),
        ("change model: every evidence feature", value_model(there)),
        (
            "large change: every evidence feature",
            evidence_model(
                there, None, lambda r: float(abs((r.p_correct or 0.0) - r.offline_gamma) > 0.4)
            ),
        ),
        ("label model, likelier right first", label),
        ("label model, most uncertain first", lambda r: label(r) * (1 - label(r))),
        (
            "a minor or info finding first, then gamma",
            lambda r: r.offline_gamma + float(any(s in ("minor", "info") for _, s in r.severities)),
        ),
    ]


def findings_rankings(
    rows: Sequence[Row], engine: Any, price: tuple[float, float], chosen: Family
) -> list[dict[str, Any]]:
    """Which candidates go to the model first under a share cap, by what the offline judge
    found (issue 25, session 7): for each budget and each way round, the default's band and
    settling under a cap of the budget, its candidates ranked by each of :func:`rankings`
    (models fitted on the choosing half); then the ranking with the best AUROC on the
    choosing half (ties: the shipped one), reported on the other half."""
    halves = _halves(rows)
    out = []
    for chosen_on, reported_on in ((0, 1), (1, 0)):
        there_rows, held_rows = halves[chosen_on], halves[reported_on]
        all_llm = measure(held_rows, lambda r: True, engine, price)["auroc_gamma"]
        ranked = rankings(there_rows)
        for budget in RANK_BUDGETS:
            family = Family(chosen.low, chosen.high, chosen.settle, budget)
            lines = []
            for name, priority in ranked:
                ranks = _ranks(priority)
                lines.append(
                    {
                        "budget": budget,
                        "chosen_on": ("tuned", "reported")[chosen_on],
                        "policy": f"{family.name()}, {name}",
                        "chosen_half": measure(
                            there_rows,
                            family.escalator(there_rows, ranks(there_rows)),
                            engine,
                            price,
                        ),
                        "held_out": measure(
                            held_rows, family.escalator(held_rows, ranks(held_rows)), engine, price
                        ),
                        "held_out_all_llm_auroc": all_llm,
                    }
                )
            best = max(lines, key=lambda x: x["chosen_half"]["auroc_gamma"] or 0.0)
            out += [*lines, {**best, "policy": f"chosen: {best['policy']}"}]
    return out


def _halves(rows: Sequence[Row]) -> tuple[list[Row], list[Row]]:
    return [r for r in rows if r.half == 0], [r for r in rows if r.half == 1]


def _ranks(
    priority: Callable[[Row], float] | None,
) -> Callable[[Sequence[Row]], list[float] | None]:
    """The ranking under the cap for a run of rows: None (offline gamma) or ``priority``."""
    return lambda subset: None if priority is None else [priority(r) for r in subset]


def held_out_caps(
    rows: Sequence[Row], engine: Any, price: tuple[float, float]
) -> list[dict[str, Any]]:
    """For each budget and each way round: the band and settling ``--fit`` chooses on one
    half under a share cap of the budget, reported on the other half, with the records
    ranked under the cap by offline gamma (the shipped rule) and by the escalation-value model
    fitted on the choosing half (:func:`value_model`)."""
    halves = _halves(rows)
    out = []
    for chosen_on, reported_on in ((0, 1), (1, 0)):
        there_rows, held_rows = halves[chosen_on], halves[reported_on]
        value = value_model(there_rows)
        all_llm = measure(held_rows, lambda r: True, engine, price)["auroc_gamma"]
        for budget in BUDGETS:
            family, there, _ = fit(there_rows, engine, price, budget)
            for ranking, priority in (("offline gamma", None), ("escalation-value model", value)):
                ranks = _ranks(priority)
                there_m = (
                    there
                    if priority is None
                    else measure(
                        there_rows, family.escalator(there_rows, ranks(there_rows)), engine, price
                    )
                )
                out.append(
                    {
                        "budget": budget,
                        "chosen_on": ("tuned", "reported")[chosen_on],
                        "policy": f"{family.name()}, {ranking} first",
                        "chosen_half": there_m,
                        "held_out": measure(
                            held_rows, family.escalator(held_rows, ranks(held_rows)), engine, price
                        ),
                        "held_out_all_llm_auroc": all_llm,
                    }
                )
    return out


def combinations(
    rows: Sequence[Row], engine: Any, price: tuple[float, float]
) -> list[dict[str, Any]]:
    """Score-level combination, each way round: the default's procedure (``--fit`` with the
    cap :data:`CAP`) on one half, and on the other half the final gamma (a) as the deciding
    judge gives it, (b) mapped by a Platt fit per deciding judge made on the choosing half,
    (c) for escalated records a logistic model of the model's and the offline gamma (fitted on
    the choosing half's escalated records), Platt for the others; and with the model on every
    record, its p_correct alone and (c)'s model of both."""
    halves = _halves(rows)
    out = []

    def figures(subset: Sequence[Row], gammas: list[float]) -> dict[str, Any]:
        labels = [r.label for r in subset]
        cal = calibration(gammas, labels)
        return {"auroc_gamma": _r(auroc(gammas, labels)), "ece": cal["ece"], "brier": cal["brier"]}

    for chosen_on, reported_on in ((0, 1), (1, 0)):
        there, held = halves[chosen_on], halves[reported_on]
        family, _, _ = fit(there, engine, price, CAP)
        d_there = family.decisions(there)
        d_held = family.decisions(held)

        def deciding(r: Row, d: bool) -> tuple[str, float]:
            if not r.scored:
                return "none", 0.0
            if d and r.p_correct is not None:
                return "llm", float(r.p_correct)
            return "offline", r.offline_gamma

        platt: dict[str, list[float]] = {}
        for judge in ("offline", "llm"):
            pairs = [
                (g, r.label)
                for r, d in zip(there, d_there)
                for j, g in [deciding(r, d)]
                if j == judge
            ]
            platt[judge] = _logistic([[_logit(g)] for g, _ in pairs], [y for _, y in pairs], 1e-3)
        both_rows = [(r, d) for r, d in zip(there, d_there) if deciding(r, d)[0] == "llm"]
        both = _logistic(
            [[_logit(float(r.p_correct or 0.0)), _logit(r.offline_gamma)] for r, _ in both_rows],
            [r.label for r, _ in both_rows],
            1e-3,
        )
        every = [r for r in there if r.scored and r.p_correct is not None]
        both_all = _logistic(
            [[_logit(float(r.p_correct or 0.0)), _logit(r.offline_gamma)] for r in every],
            [r.label for r in every],
            1e-3,
        )
        raw, mapped, combined = [], [], []
        for r, d in zip(held, d_held):
            judge, g = deciding(r, d)
            raw.append(g)
            mapped.append(_apply(platt[judge], [_logit(g)]) if judge != "none" else 0.0)
            if judge == "llm":
                combined.append(_apply(both, [_logit(g), _logit(r.offline_gamma)]))
            else:
                combined.append(mapped[-1])
        llm_only = [float(r.p_correct or 0.0) for r in held]
        llm_both = [
            _apply(both_all, [_logit(float(r.p_correct or 0.0)), _logit(r.offline_gamma)])
            for r in held
        ]
        side = ("tuned", "reported")[chosen_on]
        share = sum(d_held) / len(held)
        for name, gammas in (
            (f"{family.name()}: the deciding judge's gamma", raw),
            (f"{family.name()}: Platt per deciding judge", mapped),
            (f"{family.name()}: escalated by model and offline gamma", combined),
            ("all LLM: p_correct", llm_only),
            ("all LLM: model and offline gamma", llm_both),
        ):
            out.append(
                {
                    "chosen_on": side,
                    "combination": name,
                    "held_out_share": round(share if "all LLM" not in name else 1.0, 4),
                    **figures(held, gammas),
                }
            )
    return out


#: Session 16 (issue 25, item 1): the final gamma from both judges, under caps of these shares.
MIX_CAPS = (0.5, 0.6, 0.74)
MIX_RANKINGS = (
    "likelier right first",
    "most uncertain first",
    # session 30: the records whose ranking the model would change, asked first
    "the model likelier to disagree first",
)
MIX_FINALS = (
    "the deciding judge's gamma",
    "kept by the cap: P(right)",
    "kept by the cap: P(right); escalated: model and offline gamma",
    # session 30: every record kept offline placed among the model's verdicts
    "kept: P(right) in the model's scale",
)


def isotonic(xs: Sequence[float], ys: Sequence[float]) -> Callable[[float], float]:
    """The non-decreasing function of x nearest ``ys`` in least squares (pool adjacent
    violators), read between its blocks by straight lines through each block's mean x and
    value, and flat beyond the first and last: a monotone map of one judge's scale onto
    another's that keeps the order of what it maps (a step function would tie whole blocks)."""
    same: dict[float, list[float]] = {}  # the points of one x are one block from the start
    for x, y in zip(xs, ys):
        same.setdefault(x, []).append(y)
    blocks: list[list[float]] = []  # [sum of x, sum of y, count]
    for x, v in sorted(same.items()):
        blocks.append([x * len(v), sum(v), float(len(v))])
        while len(blocks) > 1 and blocks[-2][1] * blocks[-1][2] >= blocks[-1][1] * blocks[-2][2]:
            sx, sy, n = blocks.pop()
            blocks[-1] = [blocks[-1][0] + sx, blocks[-1][1] + sy, blocks[-1][2] + n]
    knots = [(sx / n, sy / n) for sx, sy, n in blocks]
    at = [x for x, _ in knots]

    def f(x: float) -> float:
        i = bisect.bisect_right(at, x)
        if i == 0:
            return knots[0][1]
        if i == len(knots):
            return knots[-1][1]
        (x0, y0), (x1, y1) = knots[i - 1], knots[i]
        return y0 + (y1 - y0) * (x - x0) / (x1 - x0)

    return f


def _scored(row: Row, gamma: float, engine: Any) -> tuple[float, float]:
    """A record's gamma (rounded as a verdict's) and the score the engine gives a verdict of it:
    the score's label and confidence tier follow the gamma, so a remapped gamma moves it."""
    from stef_core.models import Verdict

    g = round(gamma, 4)
    key = f"scored {g}"
    if key not in row.memo:
        rules = row.request.rules
        verdict = Verdict(label=rules.scoring.label_for(g), confidence=g)
        row.memo[key] = engine.scorer.score(row.request.alignment, verdict, rules).score
    return g, float(row.memo[key])


def mixed_gammas(
    rows: Sequence[Row],
    engine: Any,
    chosen: Family,
    draws: int,
    halves: tuple[list[Row], list[Row]] | None = None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The cascade's final gamma from both judges, held out (issue 25, item 1). Under the
    default's band, settling and fill with a cap of each of :data:`MIX_CAPS`, the candidates
    ranked by P(right) (the ranking :func:`fit_ranking` fits) likelier right first (the
    default) or nearest 0.5 first; the final gamma of a record (:data:`MIX_FINALS`) the
    deciding judge's (shipped), or for a record the cap keeps offline (a candidate not asked)
    the ranking's P(right), and with that for an escalated record a logistic model (L2 1) of
    the label on the logits of the model's and the offline gamma. Every model is fitted on the
    other half than the one reported. Session 30 (the ideas of issue 25's brief not yet
    measured): the candidates ranked by the chance that the model's verdict and the offline
    one fall on either side of 0.5 (the ranking's features, :func:`fit_ranking` with
    :func:`_disagrees`), most likely first; and every record kept offline (by the cap or by a
    settling finding) given the ranking's P(right) mapped onto the model's p_correct by an
    :func:`isotonic` fit on the other half, so that the pairs across the two judges order as
    the model would order them. Per half: share escalated, AUROC of gamma and of the
    score beside all-LLM's, pairwise accuracy, ECE pooled and per deciding judge; with
    ``draws``, issue 25's check simulated (:func:`check_draws`, each record's models fitted on
    the other half). ``halves``: another split than the tuned and reported halves
    (:func:`mixed_splits`)."""
    halves = halves or _halves(rows)
    side = {id(r): h for h in (0, 1) for r in halves[h]}
    rank = {h: fit_ranking(halves[1 - h]) for h in (0, 1)}
    # session 30: where the model's verdict and the offline one fall on either side of 0.5,
    # by the ranking's features; and the ranking's P(right) mapped onto the model's
    # p_correct (what the model answers, on average, for records the ranking rates so), so
    # that a record kept offline sits among the model's verdicts where records like it do
    disagree = {h: fit_ranking(halves[1 - h], _disagrees) for h in (0, 1)}
    scale = {
        h: isotonic(
            [rank[h].p_right(r.offline_gamma, _reasons(r), r.status) for r in there],
            [float(r.p_correct or 0.0) for r in there],
        )
        for h in (0, 1)
        for there in [[r for r in halves[1 - h] if r.scored and r.p_correct is not None]]
    }
    both = {}
    for h in (0, 1):
        there = [r for r in halves[1 - h] if r.scored and r.p_correct is not None]
        both[h] = _logistic(
            [[_logit(float(r.p_correct or 0.0)), _logit(r.offline_gamma)] for r in there],
            [r.label for r in there],
            1.0,
        )

    def p_right(r: Row) -> float:
        return float(rank[side[id(r)]].p_right(r.offline_gamma, _reasons(r), r.status))

    def priority(name: str, subset: Sequence[Row]) -> list[float]:
        if name == MIX_RANKINGS[2]:
            return [
                disagree[side[id(r)]].p_right(r.offline_gamma, _reasons(r), r.status)
                if r.scored
                else 0.0
                for r in subset
            ]
        ps = [p_right(r) if r.scored else 0.0 for r in subset]
        return ps if name == MIX_RANKINGS[0] else [-abs(p - 0.5) for p in ps]

    def in_scale(r: Row) -> float:
        # the map is flat beyond its ends: a thousandth of P(right) keeps the ranking's order
        q = p_right(r)
        return min(1.0, max(0.0, scale[side[id(r)]](q) + 0.001 * (q - 0.5)))

    def finals_of(variant: int, family: Family) -> Callable[..., list[tuple[float, float]]]:
        def finals(run: Sequence[Row], asked: Sequence[bool]) -> list[tuple[float, float]]:
            out = []
            for r, a in zip(run, asked):
                if not r.scored:
                    out.append((0.0, 0.0))
                    continue
                if a and r.p_correct is not None:
                    p = float(r.p_correct)
                    out.append(
                        _scored(
                            r,
                            _apply(both[side[id(r)]], [_logit(p), _logit(r.offline_gamma)]),
                            engine,
                        )
                        if variant == 2
                        else final(r, True, engine)[:2]
                    )
                    continue
                if variant == 3:
                    out.append(_scored(r, in_scale(r), engine))
                    continue
                g = r.offline_gamma
                by_cap = family.low <= g <= family.high and not any(
                    s in family.settle for _, s in r.severities
                )
                out.append(
                    _scored(r, p_right(r), engine)
                    if variant and by_cap
                    else final(r, False, engine)[:2]
                )
            return out

        return finals

    table: list[dict[str, Any]] = []
    risks: list[dict[str, Any]] = []
    for cap in MIX_CAPS:
        family = replace(chosen, share=cap, ranking=None)
        for ranking in MIX_RANKINGS:
            for variant, final_name in enumerate(MIX_FINALS):
                finals = finals_of(variant, family)
                for h, half in enumerate(halves):
                    asked = family.decisions(half, priority(ranking, half))
                    mine = finals(half, asked)
                    labels = [r.label for r in half]
                    all_llm = [final(r, True, engine)[:2] for r in half]
                    groups: dict[Any, list[tuple[float, int]]] = {}
                    for r, m in zip(half, mine):
                        groups.setdefault(r.group, []).append((m[0], r.label))
                    ece = {
                        judge: calibration(
                            [m[0] for m, a, r in zip(mine, asked, half) if r.scored and a == e],
                            [r.label for a, r in zip(asked, half) if r.scored and a == e],
                        )["ece"]
                        for judge, e in (("escalated", True), ("kept", False))
                    }
                    table.append(
                        {
                            "cap": cap,
                            "ranking": ranking,
                            "final": final_name,
                            "reported_on": ("tuned", "reported")[h],
                            "share": round(sum(asked) / len(half), 4),
                            "auroc_gamma": _r(auroc([m[0] for m in mine], labels)),
                            "all_llm_gamma": _r(auroc([m[0] for m in all_llm], labels)),
                            "auroc_score": _r(auroc([m[1] for m in mine], labels)),
                            "all_llm_score": _r(auroc([m[1] for m in all_llm], labels)),
                            "pairwise_gamma": pairwise(groups)["accuracy"],
                            "ece": calibration([m[0] for m in mine], labels)["ece"],
                            "ece_escalated": ece["escalated"],
                            "ece_kept": ece["kept"],
                        }
                    )
                if draws:
                    order = {id(r): p for r, p in zip(rows, priority(ranking, rows))}
                    v = check_draws(
                        rows,
                        engine,
                        family,
                        draws,
                        priority=[order[id(r)] for r in rows],
                        finals=finals,
                    )
                    risks.append({"cap": cap, "ranking": ranking, "final": final_name, **v})
    return table, risks


def mixed_splits(
    rows: Sequence[Row], engine: Any, chosen: Family, splits: int
) -> list[dict[str, Any]]:
    """:func:`mixed_gammas` over ``splits`` other splits by question (:func:`_split`, salts 1
    to ``splits``), each way round: for each cap, ranking and final gamma, the mean loss of
    AUROC of gamma and of the score against all-LLM on the half the models never saw, how
    often the loss of gamma is within 0.03, and how often each is smaller than the shipped
    variant's (likelier right first, the deciding judge's gamma) on the same half."""
    losses: dict[tuple[float, str, str], list[tuple[float, float]]] = {}
    for salt in range(1, splits + 1):
        table, _ = mixed_gammas(rows, engine, chosen, 0, _split(rows, salt))
        for m in table:
            losses.setdefault((m["cap"], m["ranking"], m["final"]), []).append(
                (
                    (m["all_llm_gamma"] or 0.0) - (m["auroc_gamma"] or 0.0),
                    (m["all_llm_score"] or 0.0) - (m["auroc_score"] or 0.0),
                )
            )
    out = []
    for (cap, ranking, final_name), pairs in losses.items():
        shipped = losses[cap, MIX_RANKINGS[0], MIX_FINALS[0]]
        itself = (ranking, final_name) == (MIX_RANKINGS[0], MIX_FINALS[0])
        n = len(pairs)
        out.append(
            {
                "cap": cap,
                "ranking": ranking,
                "final": final_name,
                "fits": n,
                "gamma_mean_loss": round(sum(g for g, _ in pairs) / n, 4),
                "score_mean_loss": round(sum(x for _, x in pairs) / n, 4),
                "gamma_within_003": round(sum(g <= 0.03 for g, _ in pairs) / n, 3),
                "gamma_better": None
                if itself
                else round(sum(a[0] < b[0] for a, b in zip(pairs, shipped)) / n, 3),
                "score_better": None
                if itself
                else round(sum(a[1] < b[1] for a, b in zip(pairs, shipped)) / n, 3),
            }
        )
    return out


MIX_SPLITS_HEAD = (
    "| cap | ranking | final gamma | fits | mean loss: gamma | score | gamma within 0.03 | "
    "better than shipped: gamma | score |\n|---:|---|---|---:|---:|---:|---:|---:|---:|"
)


def _mix_splits_line(m: dict[str, Any]) -> str:
    return (
        f"| {m['cap'] * 100:g}% | {m['ranking']} | {m['final']} | {m['fits']} | "
        f"{m['gamma_mean_loss']:.4f} | {m['score_mean_loss']:.4f} | "
        f"{m['gamma_within_003'] * 100:.0f}% | {_pct0(m['gamma_better'])} | "
        f"{_pct0(m['score_better'])} |"
    )


def _pct0(x: float | None) -> str:
    return "-" if x is None else f"{x * 100:.0f}%"


MIX_HEAD = (
    "| cap | ranking | final gamma | reported on | share | AUROC gamma (all LLM) | "
    "AUROC score (all LLM) | pairwise | ECE pooled | escalated | kept |\n"
    "|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
)


def _mix_line(m: dict[str, Any]) -> str:
    return (
        f"| {m['cap'] * 100:g}% | {m['ranking']} | {m['final']} | {m['reported_on']} half | "
        f"{m['share'] * 100:.1f}% | {m['auroc_gamma']:.3f} ({m['all_llm_gamma']:.3f}) | "
        f"{m['auroc_score']:.3f} ({m['all_llm_score']:.3f}) | {m['pairwise_gamma']:.3f} | "
        f"{m['ece']:.3f} | {m['ece_escalated']:.3f} | {m['ece_kept']:.3f} |"
    )


MIX_DRAWS_HEAD = (
    "| cap | ranking | final gamma | runs | largest share | mean loss: gamma | score | over the "
    "margin: gamma (> 0.031) | score (> 0.020) |\n|---:|---|---|---:|---:|---:|---:|---:|---:|"
)


def _mix_draws_line(v: dict[str, Any]) -> str:
    return f"| {v['cap'] * 100:g}% | {v['ranking']} | {v['final']} " + _draws_line("", v)[3:]


# --------------------------------------------------------------------------------------------
# calibration of the mix, the model and critical findings
# --------------------------------------------------------------------------------------------


def _platt_loo(xs: list[float], ys: list[int]) -> list[float]:
    """Each x mapped by a logistic fit on logit(x) made without it (Newton, 25 steps)."""

    def logit(p: float) -> float:
        p = min(max(p, 1e-3), 1 - 1e-3)
        return math.log(p / (1 - p))

    zs = [logit(x) for x in xs]
    out = []
    for k in range(len(zs)):
        a, b = 1.0, 0.0
        for _ in range(25):
            ga = gb = haa = hab = hbb = 0.0
            for i, (z, y) in enumerate(zip(zs, ys)):
                if i == k:
                    continue
                q = 1 / (1 + math.exp(-(a * z + b)))
                w = q * (1 - q)
                ga += (q - y) * z
                gb += q - y
                haa += w * z * z
                hab += w * z
                hbb += w
            haa, hbb = haa + 1e-6, hbb + 1e-6
            det = haa * hbb - hab * hab
            a -= (hbb * ga - hab * gb) / det
            b -= (haa * gb - hab * ga) / det
        out.append(1 / (1 + math.exp(-(a * zs[k] + b))))
    return out


def mix_calibration(rows: Sequence[Row], family: Family, engine: Any) -> dict[str, Any]:
    """ECE and Brier of the final gamma, per deciding judge and pooled, raw and after a
    leave-one-out Platt refit per judge."""
    decided: dict[str, tuple[list[float], list[int]]] = {"offline": ([], []), "llm": ([], [])}
    escalates = family.escalator(rows)
    for r in rows:
        if not r.scored:
            continue
        gamma, _, judge = final(r, escalates(r), engine)
        decided[judge][0].append(gamma)
        decided[judge][1].append(r.label)
    out: dict[str, Any] = {}
    pooled_raw: tuple[list[float], list[int]] = ([], [])
    pooled_loo: tuple[list[float], list[int]] = ([], [])
    for judge, (gs, ys) in decided.items():
        if not gs:
            continue
        loo = _platt_loo(gs, ys)
        raw_c, loo_c = calibration(gs, ys), calibration(loo, ys)
        out[judge] = {
            "records": len(gs),
            "share_correct": round(sum(ys) / len(ys), 3),
            "mean_gamma": round(sum(gs) / len(gs), 3),
            "ece": raw_c["ece"],
            "brier": raw_c["brier"],
            "ece_loo_refit": loo_c["ece"],
            "brier_loo_refit": loo_c["brier"],
        }
        pooled_raw[0].extend(gs)
        pooled_raw[1].extend(ys)
        pooled_loo[0].extend(loo)
        pooled_loo[1].extend(ys)
    raw_p, loo_p = calibration(*pooled_raw), calibration(*pooled_loo)
    out["pooled"] = {
        "records": len(pooled_raw[0]),
        "ece": raw_p["ece"],
        "brier": raw_p["brier"],
        "ece_loo_refit": loo_p["ece"],
        "brier_loo_refit": loo_p["brier"],
        "auroc_raw": _r(auroc(*pooled_raw)),
        "auroc_loo_refit": _r(auroc(*pooled_loo)),
        "reliability": raw_p["reliability"],
    }
    return out


def _finding_bound(row: Row) -> float:
    """The gamma the offline judge gives at most to a record with a critical or major finding:
    just below the row's ``correct`` cut (0.749 under default scoring; rows built without a
    request, as in tests, use that)."""
    from stef_judges.offline import CAP_MARGIN

    cut = row.request.rules.scoring.verdict_cuts.correct if row.request is not None else 0.75
    return max(0.0, round(cut - CAP_MARGIN, 3))


def critical_findings(rows: Sequence[Row]) -> dict[str, Any]:
    """Does the model respect a finding of severity critical (or major)? Of the records that
    carry one, how many it calls right (p_correct >= 0.75) and how many of those are right;
    and what bounding the model as the offline judge bounds itself would do: the all-LLM
    AUROC of gamma on each half and the whole file, as recorded and with p_correct capped at
    the offline judge's bound (:func:`_finding_bound`) on the records with a critical finding
    (row ``critical``) or a critical or major one (row ``major``, as the offline judge caps)."""
    out = {}
    halves = _halves(rows)
    bounded: set[str] = set()
    for severity in ("critical", "major"):
        bounded.add(severity)
        with_it = [
            r
            for r in rows
            if r.scored and r.p_correct is not None and any(s == severity for _, s in r.severities)
        ]
        called_right = [r for r in with_it if (r.p_correct or 0) >= 0.75]
        capped: dict[str, dict[str, float | None]] = {}
        for title, subset in (
            ("tuned half", halves[0]),
            ("reported half", halves[1]),
            ("whole file", list(rows)),
        ):
            there = [r for r in subset if r.scored and r.p_correct is not None]
            labels = [r.label for r in there]
            ps = [float(r.p_correct or 0.0) for r in there]
            bound = [
                min(p, _finding_bound(r)) if any(s in bounded for _, s in r.severities) else p
                for p, r in zip(ps, there)
            ]
            capped[title] = {"recorded": _r(auroc(ps, labels)), "capped": _r(auroc(bound, labels))}
        out[severity] = {
            "records": len(with_it),
            "right": sum(r.label for r in with_it),
            "model_says_right": len(called_right),
            "of_those_right": sum(r.label for r in called_right),
            "auroc_model": _r(
                auroc([r.p_correct or 0.0 for r in with_it], [r.label for r in with_it])
            ),
            "auroc_offline": _r(
                auroc([r.offline_gamma for r in with_it], [r.label for r in with_it])
            ),
            "all_llm_capped": capped,
        }
    return out


def split_robustness(
    rows: Sequence[Row], engine: Any, price: tuple[float, float], chosen: Family, splits: int
) -> list[dict[str, Any]]:
    """One split of ~200 records is noisy: the offline-gamma ranking against the smallest
    change model (gamma, minor and info findings) over ``splits`` other splits by question
    (the SHA-256 of a salt and the normalised question text, even or odd), each way round:
    for each budget, the mean loss against all-LLM on the half the model was not fitted on,
    how often the change model does better, and how often each is within 0.03."""
    losses: dict[float, list[tuple[float, float]]] = {b: [] for b in RANK_BUDGETS}
    for salt in range(1, splits + 1):
        halves = _split(rows, salt)
        for there, held in (halves, halves[::-1]):
            change = evidence_model(there, CHANGE_FEATURES, _disagrees)
            all_llm = measure(held, lambda r: True, engine, price)["auroc_gamma"] or 0.0
            for budget in RANK_BUDGETS:
                family = Family(chosen.low, chosen.high, chosen.settle, budget)
                shipped = measure(held, family.escalator(held), engine, price)["auroc_gamma"]
                model = measure(
                    held, family.escalator(held, [change(r) for r in held]), engine, price
                )["auroc_gamma"]
                losses[budget].append((all_llm - (shipped or 0.0), all_llm - (model or 0.0)))
    out = []
    for budget, pairs in losses.items():
        n = len(pairs)
        out.append(
            {
                "budget": budget,
                "fits": n,
                "shipped_mean_loss": round(sum(a for a, _ in pairs) / n, 4),
                "change_model_mean_loss": round(sum(b for _, b in pairs) / n, 4),
                "change_model_better": round(sum(b < a for a, b in pairs) / n, 3),
                "shipped_within_003": round(sum(a <= 0.03 for a, _ in pairs) / n, 3),
                "change_model_within_003": round(sum(b <= 0.03 for _, b in pairs) / n, 3),
            }
        )
    return out


def _split(rows: Sequence[Row], salt: int) -> tuple[list[Row], list[Row]]:
    """Another split by question: the SHA-256 of ``salt`` and the normalised question text,
    even or odd."""

    def side(r: Row) -> int:
        text = f"{salt}\0{r.group[1]}".encode()
        return int(hashlib.sha256(text).hexdigest(), 16) % 2

    return [r for r in rows if side(r) == 0], [r for r in rows if side(r) == 1]


SPLITS_HEAD = (
    "| budget | fits | loss vs all-LLM: offline gamma (was shipped) | change model | change model "
    "better | within 0.03: shipped | change model |\n|---:|---:|---:|---:|---:|---:|---:|"
)


def _splits_line(s: dict[str, Any]) -> str:
    return (
        f"| {s['budget'] * 100:.0f}% | {s['fits']} | {s['shipped_mean_loss']:.3f} | "
        f"{s['change_model_mean_loss']:.3f} | {s['change_model_better'] * 100:.0f}% | "
        f"{s['shipped_within_003'] * 100:.0f}% | {s['change_model_within_003'] * 100:.0f}% |"
    )


# --------------------------------------------------------------------------------------------
# finding kinds and the expected gain of asking, over many splits (session 10)
# --------------------------------------------------------------------------------------------

#: A finding kind (code@severity) enters a kind model when at least this many scored records of
#: the half it is fitted on carry it.
KIND_MIN = 4
#: A finding kind settles records offline (as a critical finding does) when at least
#: ``KIND_SETTLE_MIN`` records of the choosing half carry it and at least ``KIND_SETTLE_WRONG``
#: of them are wrong (a Laplace estimate: (wrong + 0.5) / (records + 1)).
KIND_SETTLE_MIN = 5
KIND_SETTLE_WRONG = 0.9
#: The fixed weight of the offline gamma's logit added to the model's for escalated records
#: (not fitted: a rule that does not depend on one model's calibration).
MIX_WEIGHT = 0.15
KIND_BUDGETS = (0.5, 0.6, 0.74)


def _kinds(r: Row) -> set[str]:
    return {f"{code}@{severity}" for code, severity in r.severities}


def _frequent_kinds(rows: Sequence[Row]) -> list[str]:
    """The finding kinds (``code@severity``) on at least :data:`KIND_MIN` of ``rows``, sorted."""
    counts = Counter(k for r in rows for k in _kinds(r))
    return sorted(k for k, n in counts.items() if n >= KIND_MIN)


def kind_model(rows: Sequence[Row]) -> Callable[[Row], float]:
    """P(right) from the logit of the offline gamma and one indicator per finding kind (code
    and severity) on at least :data:`KIND_MIN` scored records of ``rows``: a logistic model (L2
    1) fitted on ``rows``, the offline gamma sharpened by the kinds of finding the offline
    judge is unreliable about; 0 for an unscored record."""
    fitted = [r for r in rows if r.scored]
    kinds = _frequent_kinds(fitted)

    def x(r: Row) -> list[float]:
        found = _kinds(r)
        return [_logit(r.offline_gamma), *(float(k in found) for k in kinds)]

    w = _logistic([x(r) for r in fitted], [float(r.label) for r in fitted], l2=1.0)
    return lambda r: _apply(w, x(r)) if r.scored else 0.0


#: The ranking's statuses and severities (fully applied and no finding: the baseline).
RANK_STATUSES = ("fully_applied_with_extras", "partially_applied", "not_applied")
RANK_SEVERITIES = ("critical", "major", "minor", "info")


def fit_ranking(rows: Sequence[Row], target: Callable[[Row], float] | None = None) -> Any:
    """The share cap's ranking (``stef_judges.cascade.Ranking``) fitted on ``rows``: P(right)
    by a logistic model (L2 1) of the label (or of ``target``, a 0/1 function of a record with
    a recorded reply) on the logit of the offline gamma, the filter status, whether a finding
    of each severity is there, and one indicator per kind of finding (code and severity) on at
    least :data:`KIND_MIN` scored records of ``rows``. The kind model (:func:`kind_model`)
    with the filter status and the severities beside the kinds: issue 25's check fails mostly
    where a right answer is kept offline under the cap, and the status and severities place
    the surest wrong answers below the others."""
    from stef_judges.cascade import Ranking

    fitted = [r for r in rows if r.scored and (target is None or r.p_correct is not None)]
    kinds = _frequent_kinds(fitted)

    def x(r: Row) -> list[float]:
        found = _kinds(r)
        severities = {s for _, s in r.severities}
        return [
            _logit(r.offline_gamma),
            *(float(r.status == s) for s in RANK_STATUSES),
            *(float(s in severities) for s in RANK_SEVERITIES),
            *(float(k in found) for k in kinds),
        ]

    ys = [float(r.label) if target is None else target(r) for r in fitted]
    w = [round(v, 4) for v in _logistic([x(r) for r in fitted], ys, 1.0)]
    n, m = len(RANK_STATUSES), len(RANK_SEVERITIES)
    return Ranking(
        w[0],
        w[1],
        tuple(zip(RANK_STATUSES, w[2 : 2 + n])),
        tuple(zip(RANK_SEVERITIES, w[2 + n : 2 + n + m])),
        tuple(zip(kinds, w[2 + n + m :])),
    )


def cross_fitted(rows: Sequence[Row], family: Family) -> list[float]:
    """Each row's priority under the cap by the ranking fitted on the other half
    (:func:`fit_ranking`): the ranking's figures on records it never saw."""
    halves = _halves(rows)
    models = {h: replace(family, ranking=fit_ranking(halves[1 - h])).policy() for h in (0, 1)}
    return [
        models[r.half].priority(r.offline_gamma, _reasons(r), r.status) if r.scored else 0.0
        for r in rows
    ]


def settling_kinds(rows: Sequence[Row]) -> set[str]:
    """The finding kinds precise enough on ``rows`` to settle a record offline."""
    tally: dict[str, list[int]] = {}
    for r in rows:
        if r.scored:
            for k in _kinds(r):
                t = tally.setdefault(k, [0, 0])
                t[0] += 1
                t[1] += 1 - r.label
    return {
        k
        for k, (n, wrong) in tally.items()
        if n >= KIND_SETTLE_MIN and (wrong + 0.5) / (n + 1) >= KIND_SETTLE_WRONG
    }


def _expected_gain(there: Sequence[Row], q: Callable[[Row], float]) -> Callable[[Row], float]:
    """The expected gain of asking about a record, from the choosing half: kept offline at its
    gamma, a right record sits below the wrong ones whose final gamma is higher and a wrong one
    above the right ones whose final gamma is lower; with P(right) from the kind model and the
    final gammas of the choosing half half offline, half the model's."""
    scored = [r for r in there if r.scored and r.p_correct is not None]
    finals = {
        y: [
            sorted(r.offline_gamma for r in scored if r.label == y),
            sorted(float(r.p_correct or 0.0) for r in scored if r.label == y),
        ]
        for y in (0, 1)
    }

    def gain(r: Row) -> float:
        g = r.offline_gamma
        wrong_above = (
            sum((len(s) - bisect.bisect_right(s, g)) / max(1, len(s)) for s in finals[0]) / 2
        )
        right_below = sum(bisect.bisect_left(s, g) / max(1, len(s)) for s in finals[1]) / 2
        p = q(r)
        return p * wrong_above + (1 - p) * right_below

    return gain


def kind_robustness(
    rows: Sequence[Row], engine: Any, price: tuple[float, float], chosen: Family, splits: int
) -> list[dict[str, Any]]:
    """Issue 25's ideas after session 8, over ``splits`` splits by question (as
    :func:`split_robustness`), each way round: under the default's band and settling with a
    cap of each of :data:`KIND_BUDGETS`, the candidates ranked by offline gamma (was shipped), by
    the kind model (likelier right first), by the chance that the offline judge is on the
    wrong side of 0.5 (the kind model's P(right) for a record it places below 0.5, P(wrong)
    above), by the expected gain of asking (:func:`_expected_gain`); the finding kinds precise
    on the choosing half settling too (ranked by offline gamma); and the shipped ranking with
    the escalated records' gamma combined with the offline one (the logit of p_correct plus
    :data:`MIX_WEIGHT` times the offline gamma's). Per budget and policy: the mean held-out
    loss of AUROC against all-LLM, how often it beats the shipped policy, how often it is
    within 0.03, and the largest held-out share."""
    results: dict[tuple[float, str], list[tuple[float, float]]] = {}
    for salt in range(1, splits + 1):
        halves = _split(rows, salt)
        for there, held in (halves, halves[::-1]):
            q = kind_model(there)
            ranked = replace(chosen, ranking=fit_ranking(there)).policy()
            gain = _expected_gain(there, q)
            settled = settling_kinds(there)
            labels = [r.label for r in held]
            all_llm = measure(held, lambda r: True, engine, price)["auroc_gamma"] or 0.0
            settled_held = [
                replace(r, severities=(*r.severities, ("kind.settled", "critical")))
                if _kinds(r) & settled
                else r
                for r in held
            ]
            for budget in KIND_BUDGETS:
                family = Family(chosen.low, chosen.high, chosen.settle, budget)
                shipped = family.decisions(held)
                policies = {
                    "offline gamma (was shipped)": shipped,
                    "kind model, likelier right first": family.decisions(
                        held, [q(r) for r in held]
                    ),
                    "P(right) with status and severities (shipped since session 14)": (
                        family.decisions(
                            held,
                            [ranked.priority(r.offline_gamma, _reasons(r), r.status) for r in held],
                        )
                    ),
                    "kind model, offline judge on the wrong side of 0.5 first": family.decisions(
                        held,
                        [1 - q(r) if r.offline_gamma >= 0.5 else q(r) for r in held],
                    ),
                    "expected gain of asking first": family.decisions(
                        held, [gain(r) for r in held]
                    ),
                    "precise finding kinds settle too, offline gamma": Family(
                        chosen.low, chosen.high, (*chosen.settle, "critical"), budget
                    ).decisions(settled_held),
                }
                for name, decided in policies.items():
                    gammas = [final(r, d, engine)[0] for r, d in zip(held, decided)]
                    results.setdefault((budget, name), []).append(
                        (all_llm - (auroc(gammas, labels) or 0.0), sum(decided) / len(held))
                    )
                mixed = [
                    _sigmoid(_logit(float(r.p_correct)) + MIX_WEIGHT * _logit(r.offline_gamma))
                    if d and r.scored and r.p_correct is not None
                    else final(r, d, engine)[0]
                    for r, d in zip(held, shipped)
                ]
                results.setdefault(
                    (budget, f"shipped, escalated gamma + {MIX_WEIGHT:g} x offline logit"), []
                ).append((all_llm - (auroc(mixed, labels) or 0.0), sum(shipped) / len(held)))
    out = []
    for (budget, name), losses in results.items():
        base = results[(budget, "offline gamma (was shipped)")]
        n = len(losses)
        out.append(
            {
                "budget": budget,
                "ranking": name,
                "fits": n,
                "mean_loss": round(sum(x for x, _ in losses) / n, 4),
                "better_than_shipped": round(
                    sum(x < b - 1e-9 for (x, _), (b, _) in zip(losses, base)) / n, 3
                ),
                "within_003": round(sum(x <= 0.03 for x, _ in losses) / n, 3),
                "max_share": round(max(s for _, s in losses), 4),
            }
        )
    return out


KINDS_HEAD = (
    "| budget | policy | fits | mean loss vs all-LLM | better than shipped | within 0.03 | "
    "largest share |\n|---:|---|---:|---:|---:|---:|---:|"
)


def _kinds_line(s: dict[str, Any]) -> str:
    return (
        f"| {s['budget'] * 100:.0f}% | {s['ranking']} | {s['fits']} | {s['mean_loss']:.4f} | "
        f"{s['better_than_shipped'] * 100:.0f}% | {s['within_003'] * 100:.0f}% | "
        f"{s['max_share'] * 100:.1f}% |"
    )


# --------------------------------------------------------------------------------------------
# where the loss comes from (session 12)
# --------------------------------------------------------------------------------------------

#: The caps whose loss against all-LLM is taken apart.
LOSS_BUDGETS = (0.5, 0.6, 0.74)
#: Where the two records of a misordered (right, wrong) pair were judged: kept offline or asked.
PAIR_KINDS = ("kept/kept", "kept right/asked wrong", "asked right/kept wrong", "asked/asked")


def _misordered(
    gammas: Sequence[float], labels: Sequence[int], kept: Sequence[bool]
) -> list[float]:
    """The (right, wrong) pairs ``gammas`` misorders (ties count half), by :data:`PAIR_KINDS`."""
    out = [0.0] * len(PAIR_KINDS)
    wrong = [(g, k) for g, y, k in zip(gammas, labels, kept) if y == 0]
    for g, y, k in zip(gammas, labels, kept):
        if y == 1:
            for h, kh in wrong:
                if g <= h:
                    at = (0 if kh else 1) if k else (2 if kh else 3)
                    out[at] += 1.0 if g < h else 0.5
    return out


def _kept_floor(qs: Sequence[float], keep: int) -> tuple[float, list[int]]:
    """The least expected number of misordered (right, wrong) pairs among ``keep`` records
    kept offline, given each record's P(right) ``qs`` and ordered by it (the best order for
    them): over the kept sets made of the ``a`` lowest and the ``keep - a`` highest, which
    hold the surest records; and that set's indices."""
    order = sorted(range(len(qs)), key=lambda i: qs[i])

    def expected(idx: list[int]) -> float:
        total = wrong_above = 0.0
        for i in reversed(idx):  # idx ascends by q: a right record below a wrong one above it
            total += qs[i] * wrong_above
            wrong_above += 1 - qs[i]
        return total

    best: tuple[float, list[int]] = (math.inf, [])
    for a in range(keep + 1):
        idx = order[:a] + (order[len(order) - (keep - a) :] if keep > a else [])
        best = min(best, (expected(idx), idx), key=lambda x: x[0])
    return best


def loss_sources(rows: Sequence[Row], engine: Any, chosen: Family) -> list[dict[str, Any]]:
    """Where the default's loss of AUROC against all-LLM comes from, on each half and the whole
    file, under caps of :data:`LOSS_BUDGETS`: the (right, wrong) pairs the cascade misorders
    minus those all-LLM misorders, by where the two records were judged (as shares of all
    pairs, so the four parts add up to the loss). And on each half, a floor for the pairs of
    records kept offline: with P(right) from the kind model fitted on the other half (or the
    offline gamma, calibrated as shipped), the least expected share of pairs misordered among
    any set of that many records kept offline (the surest ones, ordered by P(right)), less
    what the model misorders among the same pairs."""
    out = []
    halves = _halves(rows)
    for title, subset, other in (
        ("tuned half", halves[0], halves[1]),
        ("reported half", halves[1], halves[0]),
        ("whole file", list(rows), None),
    ):
        subset = [r for r in subset if r.scored and r.p_correct is not None]
        labels = [r.label for r in subset]
        pairs = sum(labels) * (len(labels) - sum(labels))
        if not pairs:
            continue
        model = [final(r, True, engine)[0] for r in subset]
        q = kind_model(other) if other is not None else None
        for budget in LOSS_BUDGETS:
            family = replace(chosen, share=budget)
            asked = family.decisions(subset)
            kept = [not a for a in asked]
            gammas = [final(r, a, engine)[0] for r, a in zip(subset, asked)]
            ours = _misordered(gammas, labels, kept)
            theirs = _misordered(model, labels, kept)
            line: dict[str, Any] = {
                "on": title,
                "budget": budget,
                "share": round(sum(asked) / len(subset), 4),
                "loss": round((sum(ours) - sum(theirs)) / pairs, 4),
                "parts": {
                    k: round((a - b) / pairs, 4) for k, a, b in zip(PAIR_KINDS, ours, theirs)
                },
            }
            for name, p in (("offline gamma", None), ("kind model", q)):
                if name == "kind model" and p is None:  # the whole file has no other half
                    continue
                qs = [r.offline_gamma if p is None else p(r) for r in subset]
                floor, idx = _kept_floor(qs, sum(kept))
                mask = [False] * len(subset)
                for i in idx:
                    mask[i] = True
                model_there = _misordered(model, labels, mask)[0]
                line[f"floor_{name.replace(' ', '_')}"] = round((floor - model_there) / pairs, 4)
            out.append(line)
    return out


LOSS_HEAD = (
    "| on | cap | share | loss vs all-LLM | kept/kept | kept right below asked wrong | "
    "asked right below kept wrong | asked/asked | kept/kept floor: offline gamma | "
    "kind model |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def _loss_line(x: dict[str, Any]) -> str:
    parts = " | ".join(f"{x['parts'][k]:.4f}" for k in PAIR_KINDS)
    kind = x.get("floor_kind_model")
    return (
        f"| {x['on']} | {x['budget'] * 100:.0f}% | {x['share'] * 100:.1f}% | {x['loss']:.4f} | "
        f"{parts} | {x['floor_offline_gamma']:.4f} | {'-' if kind is None else f'{kind:.4f}'} |"
    )


#: Issue 25's hidden check: this many records, at most 75 % escalated, AUROC at least 0.92,
#: where all-LLM has AUROC 0.951 of gamma and 0.940 of the score: the margins are the losses
#: against all-LLM the check allows.
CHECK_RECORDS = 120
CHECK_MARGINS = {"gamma": 0.951 - 0.92, "score": 0.940 - 0.92}


def check_draws(
    rows: Sequence[Row],
    engine: Any,
    chosen: Family,
    draws: int,
    seed: int = 7,
    priority: Sequence[float] | None = None,
    rescue: bool = False,
    finals: Callable[[Sequence[Row], Sequence[bool]], list[tuple[float, float]]] | None = None,
) -> dict[str, Any]:
    """The default on ``draws`` random runs of :data:`CHECK_RECORDS` records drawn by question
    (whole questions, in a random order, the last one cut to fit): a stand-in for issue 25's
    hidden check. Per run the share escalated and the loss of AUROC of gamma and of the score
    against all-LLM on the same records; the mean loss, the share of runs whose loss exceeds
    the check's margin (:data:`CHECK_MARGINS`) and the largest share escalated. ``priority``
    (one number per row of ``rows``): the cap's ranking instead of the family's. ``finals``
    (a run's rows and decisions -> each row's gamma and score): the cascade's final gamma
    otherwise than the deciding judge's (all-LLM stays the model's p_correct).

    With ``rescue``, what fails the check, per measure: for each run over the margin, the
    record kept offline whose asking alone brings the run within it (the one that lowers the
    loss most; none when no single record does), counted by record (``rescued_by``, the most
    frequent first), and the share of runs over the margin among the runs holding none of
    the records that rescue at least a tenth of the failing runs (``over_margin_without``)."""
    import random

    ranked = {id(r): p for r, p in zip(rows, priority)} if priority is not None else None
    groups: dict[tuple[str, str], list[Row]] = {}
    for r in rows:
        if r.scored and r.p_correct is not None:
            groups.setdefault(r.group, []).append(r)
    keys = list(groups)
    rng = random.Random(seed)
    losses: dict[str, list[float]] = {"gamma": [], "score": []}
    shares: list[float] = []
    failing: dict[str, list[tuple[frozenset[str], str | None]]] = {"gamma": [], "score": []}
    held: list[frozenset[str]] = []
    for _ in range(draws):
        rng.shuffle(keys)
        run: list[Row] = []
        for k in keys:
            run += groups[k]
            if len(run) >= CHECK_RECORDS:
                break
        run = run[:CHECK_RECORDS]
        labels = [r.label for r in run]
        if len(set(labels)) < 2:
            continue
        asked = chosen.decisions(run, None if ranked is None else [ranked[id(r)] for r in run])
        shares.append(sum(asked) / len(run))
        ids = frozenset(r.id for r in run)
        held.append(ids)
        mine = (
            finals(run, asked)
            if finals is not None
            else [final(r, a, engine)[:2] for r, a in zip(run, asked)]
        )
        for at, name in ((0, "gamma"), (1, "score")):
            ours = auroc([m[at] for m in mine], labels) or 0.0
            theirs = auroc([final(r, True, engine)[at] for r in run], labels) or 0.0
            losses[name].append(theirs - ours)
            if rescue and theirs - ours > CHECK_MARGINS[name]:
                failing[name].append((ids, _rescuer(run, asked, labels, at, theirs, engine, name)))
    n = len(shares)
    rescued: dict[str, Any] = {}
    for name, fails in failing.items():
        if not rescue:
            continue
        counts = Counter(who for _, who in fails if who is not None)
        top = {who for who, c in counts.items() if c * 10 >= len(fails)}
        without = [i for i, ids in enumerate(held) if not ids & top]
        rescued[f"{name}_rescued_by"] = dict(counts.most_common(5))
        rescued[f"{name}_rescued_by_one"] = sum(counts.values())
        rescued[f"{name}_over_margin_without"] = (
            round(sum(losses[name][i] > CHECK_MARGINS[name] for i in without) / len(without), 3)
            if without
            else None
        )
        rescued[f"{name}_runs_without"] = len(without)
    return {
        "policy": chosen.name(),
        "runs": n,
        "records": CHECK_RECORDS,
        "largest_share": round(max(shares), 4) if n else None,
        **{f"{name}_mean_loss": round(sum(v) / n, 4) if n else None for name, v in losses.items()},
        **{
            f"{name}_over_margin": round(sum(x > CHECK_MARGINS[name] for x in v) / n, 3)
            if n
            else None
            for name, v in losses.items()
        },
        **rescued,
    }


def _rescuer(
    run: Sequence[Row],
    asked: Sequence[bool],
    labels: Sequence[int],
    at: int,
    theirs: float,
    engine: Any,
    name: str,
) -> str | None:
    """The record kept offline in ``run`` whose asking alone brings the run's loss (of gamma,
    ``at`` 0, or of the score, 1) within the check's margin, the one that lowers it most; None
    when no single record does."""
    values = [final(r, a, engine)[at] for r, a in zip(run, asked)]
    best: tuple[float, str] | None = None
    for i, (r, a) in enumerate(zip(run, asked)):
        if a or not r.scored:
            continue
        flipped = [*values[:i], final(r, True, engine)[at], *values[i + 1 :]]
        loss = theirs - (auroc(flipped, labels) or 0.0)
        if loss <= CHECK_MARGINS[name] and (best is None or loss < best[0]):
            best = (loss, r.id)
    return best[1] if best is not None else None


DRAWS_HEAD = (
    "| ranking | runs | largest share | mean loss: gamma | score | over the margin: gamma "
    "(> 0.031) | score (> 0.020) |\n|---|---:|---:|---:|---:|---:|---:|"
)


def _draws_line(name: str, v: dict[str, Any]) -> str:
    return (
        f"| {name} | {v['runs']} | {v['largest_share'] * 100:.1f}% | {v['gamma_mean_loss']:.4f} "
        f"| {v['score_mean_loss']:.4f} | {v['gamma_over_margin'] * 100:.1f}% | "
        f"{v['score_over_margin'] * 100:.1f}% |"
    )


def _rescue_lines(v: dict[str, Any]) -> list[str]:
    """What fails the simulated check (:func:`check_draws` with ``rescue``), one line per
    measure."""
    out = []
    for name in ("score", "gamma"):
        if f"{name}_rescued_by" not in v:
            continue
        fails = round(v[f"{name}_over_margin"] * v["runs"])
        who = ", ".join(f"{k} {c}" for k, c in v[f"{name}_rescued_by"].items()) or "none"
        without = v[f"{name}_over_margin_without"]
        out.append(
            f"{name}: of the {fails} runs over the margin, {v[f'{name}_rescued_by_one']} are "
            f"brought within it by asking one record kept offline ({who}); the "
            f"{v[f'{name}_runs_without']} runs holding none of those that rescue a tenth of "
            "them: " + ("-" if without is None else f"{without * 100:.1f}%") + " over the margin"
        )
    return out


# --------------------------------------------------------------------------------------------
# the default's share on other traffic (no recorded replies)
# --------------------------------------------------------------------------------------------


def traffic(
    paths: Sequence[Path],
    chosen: Family,
    today: str | None,
    replies: dict[int, list[float]],
    draws: int,
    kinds: dict[str, dict[str, list[int]]] | None = None,
) -> list[dict[str, Any]]:
    """The default policy on labelled files without recorded replies: how many records it
    sends to the model (in the engine's batches, file order), and why the others stay
    offline. A directory is a production domain: its ``log.jsonl`` scored with its
    ``rules.stef``. Several production domains are pooled too (each keeps its own cap
    count, as one ``stef eval`` per log would). With ``draws``, AUROC of gamma under a
    simulated model too (:func:`_simulated`). ``kinds``, when given, gains per file (the
    production domains pooled) the tally of :func:`settling_tally`."""
    out = []
    pooled: list[tuple[Row, bool]] = []
    policy = chosen.policy()
    for path in paths:
        if path.is_dir():
            rows, engine = load(None, path / "log.jsonl", today, path / "rules.stef")
            name = f"production/{path.name} (rules)"
        else:
            rows, engine = load(None, path, today)
            name = path.name
        engine.close()
        decided = chosen.decisions(rows)
        if kinds is not None:
            settling_tally(
                rows,
                chosen,
                kinds.setdefault("production (tuned half)" if path.is_dir() else path.name, {}),
            )
        if path.is_dir():
            pooled += list(zip(rows, decided))
        out.append(_traffic_line(name, list(zip(rows, decided)), policy, replies, draws))
    if sum(1 for p in paths if p.is_dir()) > 1:
        out.append(_traffic_line("production, pooled", pooled, policy, replies, draws))
    return out


def settling_tally(rows: Sequence[Row], chosen: Family, into: dict[str, list[int]]) -> None:
    """Add to ``into`` (kind -> [records, wrong]) the scored ``rows`` that carry each kind of
    finding (``code@severity``) of a severity ``chosen`` settles offline: how precise each
    settling kind is on a file."""
    for r in rows:
        if r.scored:
            for kind in {f"{c}@{s}" for c, s in r.severities if s in chosen.settle}:
                tally = into.setdefault(kind, [0, 0])
                tally[0] += 1
                tally[1] += 1 - r.label


def _kinds_table(kinds: dict[str, dict[str, list[int]]]) -> list[str]:
    """The settling kinds' precision per file, as a Markdown table (kinds on at least
    :data:`KIND_MIN` records in all, the most frequent first; a cell: records, share wrong)."""
    files = list(kinds)
    total: Counter[str] = Counter()
    for tallies in kinds.values():
        for kind, (n, _) in tallies.items():
            total[kind] += n
    head = "| settling kind | " + " | ".join(files) + " |\n|---|" + "---:|" * len(files)
    lines = [head]
    for kind, n in total.most_common():
        if n < KIND_MIN:
            continue
        cells = []
        for f in files:
            k, wrong = kinds[f].get(kind, [0, 0])
            cells.append(f"{k} ({wrong / k * 100:.0f}% wrong)" if k else "-")
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    return lines


def _simulated(
    decided: Sequence[tuple[Row, bool]], replies: dict[int, list[float]], draws: int
) -> tuple[float, float]:
    """Mean AUROC of gamma, under the default and with the model on every record, when the
    model's p_correct for each record is drawn from the recorded replies to the dev file's
    records of the same label (seeds 0 .. draws-1). An assumption, stated: the model errs as
    often here as there, and independently of what the offline judge found. On the recorded
    file itself it reproduces the measured figures (benchmarks/README.md)."""
    import random

    labels = [r.label for r, _ in decided]
    ours = mine = 0.0
    for seed in range(draws):
        rng = random.Random(seed)
        p = [rng.choice(replies[r.label]) if r.scored else 0.0 for r, _ in decided]
        final_gamma = [
            (q if d else r.offline_gamma) if r.scored else 0.0 for (r, d), q in zip(decided, p)
        ]
        ours += auroc(final_gamma, labels) or 0.0
        mine += auroc(p, labels) or 0.0
    return ours / draws, mine / draws


def _traffic_line(
    name: str,
    decided: Sequence[tuple[Row, bool]],
    policy: Any,
    replies: dict[int, list[float]],
    draws: int,
) -> dict[str, Any]:
    scored = [(r, d) for r, d in decided if r.scored]
    n = len(decided)
    settled = band_out = capped = settled_wrong = 0
    for r, d in scored:
        if d:
            continue
        candidate, why = policy.decide(r.offline_gamma, _reasons(r))
        if candidate:
            capped += 1
        elif "finding" in why:
            settled += 1
            settled_wrong += 1 - r.label
        else:
            band_out += 1
    simulated = _simulated(decided, replies, draws) if draws and n else None
    return {
        "traffic": name,
        "records": n,
        "right": round(sum(r.label for r, _ in decided) / n, 4) if n else None,
        "share": round(sum(d for _, d in scored) / n, 4) if n else None,
        "settled_by_finding": round(settled / n, 4) if n else None,
        "settled_wrong": round(settled_wrong / settled, 4) if settled else None,
        "outside_band": round(band_out / n, 4) if n else None,
        "kept_by_cap": round(capped / n, 4) if n else None,
        "offline_auroc_gamma": _r(
            auroc([r.offline_gamma for r, _ in decided], [r.label for r, _ in decided])
        ),
        "simulated_auroc_gamma": None if simulated is None else _r(simulated[0]),
        "simulated_all_llm_auroc_gamma": None if simulated is None else _r(simulated[1]),
        "simulated_draws": draws,
    }


TRAFFIC_HEAD = (
    "| traffic | records | right | escalated | settled by a finding (of them wrong) | "
    "outside the band | kept by the cap | offline AUROC gamma | simulated AUROC gamma: "
    "default / all-LLM |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x * 100:.0f}%"


def _traffic_line_md(t: dict[str, Any]) -> str:
    return (
        f"| {t['traffic']} | {t['records']} | {t['right'] * 100:.0f}% | {t['share'] * 100:.1f}% | "
        f"{t['settled_by_finding'] * 100:.1f}% ({_pct(t['settled_wrong'])}) | "
        f"{t['outside_band'] * 100:.1f}% | "
        f"{t['kept_by_cap'] * 100:.1f}% | {t['offline_auroc_gamma']:.3f} | "
        + (
            f"{t['simulated_auroc_gamma']:.3f} / {t['simulated_all_llm_auroc_gamma']:.3f} |"
            if t["simulated_auroc_gamma"] is not None
            else "- |"
        )
    )


# --------------------------------------------------------------------------------------------
# end to end through the replay server
# --------------------------------------------------------------------------------------------


def replay(
    recorded: Path, dev: Path, family: Family, today: str | None, model: str
) -> dict[str, Any]:
    """``stef eval``'s engine with the cascade against the replay server: the figures from
    its results, and the calls the server answered."""
    from stef_core.engine import Engine, record_from_mapping
    from stef_core.stats import summarize

    server = ReplayServer(recorded)
    try:
        with tempfile.TemporaryDirectory(prefix="stef-cascade-") as cache:
            engine = Engine(
                judge=f"cascade:llm:{model}",
                today=today,
                judge_options={
                    "api_base": server.url,
                    "cache_dir": cache,
                    "concurrency": 16,
                    "escalate": f"{family.low},{family.high}",
                    "settle": ",".join(family.settle) or "none",
                    "escalate_share": family.share,
                },
            )
            raws = [json.loads(line) for line in dev.open(encoding="utf-8") if line.strip()]
            items = [
                record_from_mapping({k: r.get(k) for k in INPUT_FIELDS}, default_id=str(i))
                for i, r in enumerate(raws, 1)
            ]
            try:
                results = list(engine.run(items))
            finally:
                engine.close()
    finally:
        server.close()
    labels = [int(r["label"]) for r in raws]
    gammas = [r.confidence if r.confidence is not None else 0.0 for r in results]
    scores = [r.score if r.score is not None else 0.0 for r in results]
    overall = summarize(results)["overall"]
    return {
        "records": len(results),
        "scored": overall["scored"],
        "escalation": overall["escalation"],
        "server_calls": server.total_calls,
        "judge_calls": overall["judge_calls"],
        "tokens": overall["tokens"],
        "cost_usd": overall["cost_usd"],
        "auroc_gamma": _r(auroc(gammas, labels)),
        "auroc_score": _r(auroc(scores, labels)),
    }


# --------------------------------------------------------------------------------------------
# the plot
# --------------------------------------------------------------------------------------------


def curve_svg(
    points: dict[str, list[tuple[float, float, str]]], marks: list[tuple[float, float, str]]
) -> str:
    """AUROC against share escalated: one colour per family, the marked policies on top."""
    w, h, left, right, top, bottom = 760, 440, 60, 20, 20, 50
    ys = [p[1] for ps in points.values() for p in ps] + [m[1] for m in marks]
    y0 = math.floor(min(ys) * 20) / 20
    y1 = 1.0

    def px(share: float) -> float:
        return left + share * (w - left - right)

    def py(v: float) -> float:
        return top + (y1 - v) / (y1 - y0) * (h - top - bottom)

    colors = {
        "gamma band alone": "#9aa5b1",
        "cascade (findings and band)": "#2563eb",
        "share cap (default band and settling)": "#16a34a",
    }
    out = [
        f'<svg id="cascade-curve" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" font-size="12">'
    ]
    for i in range(11):
        x = px(i / 10)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{h - bottom}" stroke="#eee"/>')
        out.append(f'<text x="{x:.1f}" y="{h - bottom + 16}" text-anchor="middle">{i * 10}%</text>')
    steps = round((y1 - y0) / 0.05)
    for i in range(steps + 1):
        v = y0 + i * 0.05
        out.append(
            f'<line x1="{left}" y1="{py(v):.1f}" x2="{w - right}" y2="{py(v):.1f}" stroke="#eee"/>'
        )
        out.append(f'<text x="{left - 6}" y="{py(v) + 4:.1f}" text-anchor="end">{v:.2f}</text>')
    out.append(
        f'<text x="{(left + w - right) / 2}" y="{h - 8}" text-anchor="middle">share of '
        "records sent to the model</text>"
    )
    out.append(
        f'<text transform="translate(14 {(top + h - bottom) / 2}) rotate(-90)" '
        'text-anchor="middle">AUROC of the final gamma</text>'
    )
    legend_y = top + 10
    for name, ps in points.items():
        color = colors.get(name, "#555")
        frontier: list[tuple[float, float]] = []
        for share, value, _ in sorted(ps):
            out.append(
                f'<circle cx="{px(share):.1f}" cy="{py(value):.1f}" r="2.5" '
                f'fill="{color}" opacity="0.45"/>'
            )
            if not frontier or value > frontier[-1][1]:
                frontier.append((share, value))
        path = " ".join(f"{px(s):.1f},{py(v):.1f}" for s, v in frontier)
        out.append(
            f'<polyline class="frontier" points="{path}" fill="none" stroke="{color}" '
            'stroke-width="2"/>'
        )
        out.append(
            f'<rect x="{w - right - 230}" y="{legend_y - 9}" width="10" height="10" '
            f'fill="{color}"/><text x="{w - right - 215}" y="{legend_y}">'
            f"{html.escape(name)}</text>"
        )
        legend_y += 16
    for share, value, label in marks:
        out.append(
            f'<circle class="mark" cx="{px(share):.1f}" cy="{py(value):.1f}" r="5" fill="#dc2626"/>'
        )
        out.append(
            f'<text x="{px(share) - 8:.1f}" y="{py(value) + 4:.1f}" '
            f'text-anchor="end">{html.escape(label)}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def write_plot(out: Path, svg: str, title: str, caption: str) -> Path | None:
    """The HTML page, and a PNG of it when headless Chromium is installed."""
    page = out / "cascade.html"
    page.write_text(
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;"
        "margin:24px;color:#111}p{max-width:760px}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>{svg}<p>{html.escape(caption)}</p></body></html>\n",
        encoding="utf-8",
    )
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        return None
    png = out / "cascade.png"
    with tempfile.TemporaryDirectory(prefix="stef-chromium-") as profile:
        subprocess.run(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                f"--user-data-dir={profile}",
                "--hide-scrollbars",
                f"--screenshot={png.resolve()}",
                "--window-size=820,640",
                page.resolve().as_uri(),
            ],
            capture_output=True,
            timeout=120,
            check=False,
        )
    return png if png.exists() else None


# --------------------------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------------------------


def _line(name: str, m: dict[str, Any]) -> str:
    return (
        f"| {name} | {m['share'] * 100:.1f}% | ${m['usd_per_1000']:.2f} | "
        f"{m['auroc_gamma']:.3f} | {m['auroc_score']:.3f} | {m['pairwise_gamma']:.3f} | "
        f"{m['ece']:.3f} | {m['brier']:.3f} |"
    )


HEAD = (
    "| policy | escalated | USD / 1,000 records | AUROC gamma | AUROC score | pairwise | "
    "ECE | Brier |\n|---|---:|---:|---:|---:|---:|---:|---:|"
)


FRONTIER_HEAD = (
    "| budget | chosen on | policy | share there | AUROC there | held-out share | held-out AUROC "
    "| below all-LLM | held-out AUROC score | pairwise | ECE |\n"
    "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def _frontier_line(f: dict[str, Any]) -> str:
    there, held = f["chosen_half"], f["held_out"]
    return (
        f"| {f['budget'] * 100:.0f}% | {f['chosen_on']} half | {f['policy']} | "
        f"{there['share'] * 100:.1f}% | {there['auroc_gamma']:.3f} | {held['share'] * 100:.1f}% | "
        f"{held['auroc_gamma']:.3f} | {f['held_out_all_llm_auroc'] - held['auroc_gamma']:.3f} | "
        f"{held['auroc_score']:.3f} | {held['pairwise_gamma']:.3f} | {held['ece']:.3f} |"
    )


COMBO_HEAD = (
    "| fitted on | final gamma | held-out share | AUROC gamma | ECE | Brier |\n"
    "|---|---|---:|---:|---:|---:|"
)


def _combo_line(c: dict[str, Any]) -> str:
    return (
        f"| {c['chosen_on']} half | {c['combination']} | {c['held_out_share'] * 100:.1f}% | "
        f"{c['auroc_gamma']:.3f} | {c['ece']:.3f} | {c['brier']:.3f} |"
    )


def _section(
    report: dict[str, Any],
    key: str,
    rows: list[dict[str, Any]],
    intro: str,
    line: Callable[[dict[str, Any]], str],
) -> None:
    """One printed table of the report: its rows kept under ``key``, an intro, a line each."""
    report[key] = rows
    print(intro)
    for r in rows:
        print(line(r))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("recorded", type=Path, help="recorded verdicts (*.judge-N.jsonl)")
    ap.add_argument("dev", type=Path, help="the labelled dev file they answer")
    ap.add_argument("--today", default=None, help="--today for records without a timestamp")
    ap.add_argument(
        "--price-in",
        type=float,
        default=2.50,
        help="USD per million prompt tokens (default 2.50, GPT-4o's list price)",
    )
    ap.add_argument(
        "--price-out",
        type=float,
        default=10.00,
        help="USD per million completion tokens (default 10.00)",
    )
    ap.add_argument(
        "--share",
        type=float,
        default=CAP,
        help=f"--fit: the share cap the default keeps (default {CAP})",
    )
    ap.add_argument(
        "--fit",
        action="store_true",
        help="choose the default policy on the tuned half (else the shipped one)",
    )
    ap.add_argument(
        "--rank-only",
        action="store_true",
        help="with --fit: keep the shipped band, settling and cap; fit only the ranking under "
        "the cap (the band's fit chooses by AUROC of gamma on one half, not by issue 25's check)",
    )
    ap.add_argument(
        "--write",
        type=Path,
        metavar="FILE",
        help="with --fit: write the chosen policy as the cascade's policy file",
    )
    ap.add_argument(
        "--replay",
        action="store_true",
        help="also run the default end to end against the replay server",
    )
    ap.add_argument(
        "--model",
        default="openai/gpt-4o",
        help="--replay: the model name the cascade is given (priced by litellm)",
    )
    ap.add_argument(
        "--splits",
        type=int,
        default=0,
        metavar="N",
        help="compare the cap's rankings over N more splits by question (e.g. 40)",
    )
    ap.add_argument(
        "--traffic",
        type=Path,
        nargs="+",
        default=[],
        metavar="PATH",
        help="labelled files without recorded replies (a directory: a production domain, "
        "its log.jsonl with its rules.stef): the default's share escalated there",
    )
    ap.add_argument(
        "--simulate",
        type=int,
        default=20,
        metavar="N",
        help="--traffic: AUROC under a simulated model, N draws of its replies from the "
        "recorded replies of the same label (default 20; 0: none)",
    )
    ap.add_argument(
        "--production",
        action="store_true",
        help="--traffic for the tuned half of benchmarks/production (each domain with its rules)",
    )
    ap.add_argument(
        "--draws",
        type=int,
        default=0,
        metavar="N",
        help=f"the default on N random runs of {CHECK_RECORDS} records drawn by question, "
        "as issue 25's hidden check (e.g. 1000)",
    )
    ap.add_argument("--out", type=Path, metavar="DIR", help="write JSON, Markdown and the plot")
    args = ap.parse_args(argv)
    price = (args.price_in, args.price_out)

    rows, engine = load(args.recorded, args.dev, args.today)
    missing = sum(1 for r in rows if r.scored and r.p_correct is None)
    tuned = [r for r in rows if r.half == 0]
    reported = [r for r in rows if r.half == 1]
    print(
        f"{args.dev.name}: {len(rows)} records ({sum(r.label for r in rows)} right), "
        f"{sum(r.scored for r in rows)} scored offline, {missing} without a recorded reply; "
        f"tuned half {len(tuned)}, reported half {len(reported)}"
    )

    from stef_judges.cascade import default_policy

    shipped = default_policy()
    chosen = Family(
        shipped.low,
        shipped.high,
        tuple(s for s in ("critical", "major", "minor", "info") if s in shipped.settle),
        shipped.share,
        shipped.ranking,
        shipped.fill,
    )
    if args.fit and not args.rank_only:
        chosen, _, _ = fit(tuned, engine, price, args.share)
        chosen = replace(chosen, fill=shipped.fill)
    if args.fit:
        chosen = replace(chosen, ranking=fit_ranking(tuned))
    tuned_m = measure(tuned, chosen.escalator(tuned), engine, price)
    tuned_all = measure(tuned, lambda r: True, engine, price)["auroc_gamma"]
    report: dict[str, Any] = {
        "file": args.dev.name,
        "records": len(rows),
        "missing": missing,
        "price_per_million": {"prompt": price[0], "completion": price[1]},
        "policy": {
            "escalate": [chosen.low, chosen.high],
            "settle": list(chosen.settle),
            "share": chosen.share,
            "ranking": chosen.ranking.to_json() if chosen.ranking is not None else None,
            "fill": chosen.fill,
        },
        "fitted_here": args.fit,
    }

    def ends(subset: Sequence[Row]) -> dict[str, dict[str, Any]]:
        return {
            "offline only": measure(subset, lambda r: False, engine, price),
            "all LLM": measure(subset, lambda r: True, engine, price),
        }

    sections = [("tuned half", tuned), ("reported half", reported), ("whole file", rows)]
    report["halves"] = {}
    for title, subset in sections:
        figures = {
            **ends(subset),
            "default " + chosen.name(): measure(subset, chosen.escalator(subset), engine, price),
        }
        report["halves"][title] = figures
    origin = (
        ("the ranking " if args.rank_only else "") + "fitted on the tuned half"
        if args.fit
        else "shipped"
    )
    print(
        f"\nDefault policy {chosen.name()} ({origin}"
        f"; tuned half: all-LLM AUROC {tuned_all:.3f}, the default {tuned_m['auroc_gamma']:.3f} "
        f"at {tuned_m['share'] * 100:.1f}%)\n"
    )
    if chosen.ranking is not None:
        # the ranking on records it never saw: each half ranked by the model fitted on the other
        crossed = dict(zip(map(id, rows), cross_fitted(rows, chosen)))
        for title, subset in sections:
            prio = [crossed[id(r)] for r in subset]
            report["halves"][title]["the same, ranking cross-fitted by half"] = measure(
                subset, chosen.escalator(subset, prio), engine, price
            )
    for title, figures in report["halves"].items():
        print(f"{title}:\n{HEAD}")
        for name, m in figures.items():
            print(_line(name, m))
        print()

    # the range of policies, on the whole file
    curve: dict[str, list[tuple[float, float, str]]] = {
        "gamma band alone": [],
        "cascade (findings and band)": [],
        "share cap (default band and settling)": [],
    }
    table: list[tuple[str, dict[str, Any]]] = []
    for family in grid_policies():
        if family.settle not in (("critical", "major"), ()):
            continue
        m = measure(rows, family.escalates, engine, price)
        name = "gamma band alone" if not family.settle else "cascade (findings and band)"
        curve[name].append((m["share"], m["auroc_gamma"], family.name()))
    for lo, hi in PLAIN_BANDS:
        table.append(
            (
                f"gamma band alone [{lo:g}, {hi:g}]",
                measure(rows, Family(lo, hi).escalates, engine, price),
            )
        )
    for lo in (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6):
        family = Family(lo, 0.9, ("critical", "major"))
        table.append((f"cascade {family.name()}", measure(rows, family.escalates, engine, price)))
    for cap in CAPS:
        family = replace(chosen, share=cap)
        m = measure(rows, family.escalator(rows), engine, price)
        curve["share cap (default band and settling)"].append(
            (m["share"], m["auroc_gamma"], family.name())
        )
        if cap in (0.5, 0.6, 0.65, 0.7, 0.75, 1.0):
            mark = " (default)" if cap == chosen.share else ""
            table.append((f"cascade {family.name()}{mark}", m))
    report["range"] = {name: m for name, m in table}
    print(f"A range of policies on the whole file:\n{HEAD}")
    for name, m in table:
        print(_line(name, m))

    _section(
        report,
        "frontier",
        frontier(rows, engine, price),
        "\nThe held-out budget frontier: for each budget, the policy with the best AUROC "
        "within it on one half (bands in steps of 0.05; settle critical+major+minor, "
        "critical+major, critical or none), reported on the other half\n" + FRONTIER_HEAD,
        _frontier_line,
    )
    _section(
        report,
        "held_out_caps",
        held_out_caps(rows, engine, price),
        "\nThe share cap held out: for each budget, the band and settling --fit chooses on "
        "one half under a cap of the budget, reported on the other half; the candidates "
        "beyond the cap ranked by offline gamma (was shipped) or by an escalation-value model "
        "(logistic, offline evidence -> the model disagrees with the offline verdict) "
        "fitted on the choosing half\n" + FRONTIER_HEAD,
        _frontier_line,
    )
    _section(
        report,
        "combinations",
        combinations(rows, engine, price),
        "\nScore-level combination, held out (chosen and fitted on one half, reported on "
        f"the other):\n{COMBO_HEAD}",
        _combo_line,
    )

    mixed, mixed_risks = mixed_gammas(rows, engine, chosen, args.draws)
    _section(
        report,
        "mixed_gammas",
        mixed,
        "\nThe final gamma from both judges, held out (models fitted on the other half): the "
        "default's band, settling and fill under a cap; candidates ranked by P(right), likelier "
        "right first (the default) or nearest 0.5 first; the final gamma the deciding judge's "
        "(shipped), P(right) for the records the cap keeps offline, and with it a logistic "
        "model of the model's and the offline gamma for the escalated ones; ECE pooled and per "
        "deciding judge\n" + MIX_HEAD,
        _mix_line,
    )
    if mixed_risks:
        _section(
            report,
            "mixed_gammas_draws",
            mixed_risks,
            f"\nThe same on {args.draws} runs of {CHECK_RECORDS} records drawn by question "
            "(issue 25's check simulated; each record's models fitted on the other half)\n"
            + MIX_DRAWS_HEAD,
            _mix_draws_line,
        )

    _section(
        report,
        "findings_rankings",
        findings_rankings(rows, engine, price, chosen),
        "\nWhat the offline judge found, ranking the candidates under the cap, held out: "
        "for each budget, the default's band and settling under a cap of the budget, the "
        "candidates ranked by offline gamma (was shipped), by a logistic model of where the "
        "model changes the verdict (disagrees across 0.5; moves gamma by more than 0.4) "
        "or of the label, or findings first; models fitted on one half, reported on the "
        "other; 'chosen' is the best on the choosing half\n" + FRONTIER_HEAD,
        _frontier_line,
    )

    _section(
        report,
        "loss_sources",
        loss_sources(rows, engine, chosen),
        "\nWhere the loss against all-LLM comes from: the (right, wrong) pairs the default's "
        "band and settling under a cap misorders, less those all-LLM misorders, by where the "
        "two records were judged (shares of all pairs; the four parts add up to the loss); "
        "and a floor for the pairs kept offline: the least expected share misordered among "
        "that many records kept offline, the surest by P(right) (the offline gamma, or the "
        "kind model fitted on the other half), less what the model misorders there\n" + LOSS_HEAD,
        _loss_line,
    )

    if args.splits:
        _section(
            report,
            "splits",
            split_robustness(rows, engine, price, chosen, args.splits),
            f"\nThe offline-gamma ranking against the change model over {args.splits} "
            "other splits by question, each way round (held-out loss against all-LLM)\n"
            + SPLITS_HEAD,
            _splits_line,
        )
        _section(
            report,
            "mixed_splits",
            mixed_splits(rows, engine, chosen, args.splits),
            f"\nThe final gamma from both judges over {args.splits} other splits by question, "
            "each way round (held-out loss against all-LLM; 'better': than the shipped "
            "variant, likelier right first with the deciding judge's gamma, on the same half)\n"
            + MIX_SPLITS_HEAD,
            _mix_splits_line,
        )
        _section(
            report,
            "kinds",
            kind_robustness(rows, engine, price, chosen, args.splits),
            f"\nFinding kinds, the expected gain of asking and a combined gamma over "
            f"{args.splits} other splits by question, each way round (the default's band and "
            "settling under a cap of the budget; held-out loss against all-LLM)\n" + KINDS_HEAD,
            _kinds_line,
        )

    if args.draws:
        risk = check_draws(rows, engine, chosen, args.draws, rescue=True)
        report["check_draws"] = risk
        print(
            f"\nThe default on {risk['runs']} runs of {CHECK_RECORDS} records drawn by question "
            f"(issue 25's check: at most 75 % escalated, AUROC at least 0.92 where all-LLM has "
            f"0.951 of gamma, 0.940 of the score): largest share "
            f"{risk['largest_share'] * 100:.1f}%; mean loss against all-LLM, gamma "
            f"{risk['gamma_mean_loss']:.4f}, score {risk['score_mean_loss']:.4f}; runs losing "
            f"more than the check allows: gamma (> {CHECK_MARGINS['gamma']:.3f}) "
            f"{risk['gamma_over_margin'] * 100:.1f}%, score (> {CHECK_MARGINS['score']:.3f}) "
            f"{risk['score_over_margin'] * 100:.1f}%"
        )
        for line in _rescue_lines(risk):
            print("  " + line)
        if chosen.ranking is not None:
            variants: dict[str, tuple[Family, list[float] | None]] = {
                "ranking cross-fitted (each half ranked by the model fitted on the other)": (
                    chosen,
                    cross_fitted(rows, chosen),
                ),
                "candidates ranked by offline gamma (was shipped)": (
                    replace(chosen, ranking=None),
                    None,
                ),
            }
            if chosen.settle:
                # the settling findings as candidates: ranked with the rest, or asked only
                # when the cap has room (after every other candidate)
                free = replace(chosen, settle=())
                policy = chosen.policy()
                ranked_all = [
                    policy.priority(r.offline_gamma, _reasons(r), r.status) if r.scored else 0.0
                    for r in rows
                ]
                last = [
                    p - 2.0 if any(s in chosen.settle for _, s in r.severities) else p
                    for r, p in zip(rows, ranked_all)
                ]
                variants["settling nothing, every finding ranked with the rest"] = (
                    free,
                    ranked_all,
                )
                if chosen.fill:
                    variants["settled records never asked (before session 15)"] = (
                        replace(chosen, fill=False),
                        None,
                    )
                else:
                    variants["settling findings asked only when the cap has room"] = (
                        free,
                        last,
                    )
            report["check_draws_variants"] = {}
            for name, (family, ranked) in variants.items():
                v = check_draws(rows, engine, family, args.draws, priority=ranked)
                report["check_draws_variants"][name] = v
                print(
                    f"  the same runs, {name}: largest share {v['largest_share'] * 100:.1f}%; "
                    f"mean loss gamma {v['gamma_mean_loss']:.4f}, score "
                    f"{v['score_mean_loss']:.4f}; over the margin: gamma "
                    f"{v['gamma_over_margin'] * 100:.1f}%, score "
                    f"{v['score_over_margin'] * 100:.1f}%"
                )

    paths = list(args.traffic)
    if args.production:
        from production import CORPUS, TUNED

        paths += [CORPUS / d for d in TUNED]
    if paths:
        replies: dict[int, list[float]] = {0: [], 1: []}
        for r in rows:
            if r.scored and r.p_correct is not None:
                replies[r.label].append(r.p_correct)
        draws = args.simulate if replies[0] and replies[1] else 0
        kinds: dict[str, dict[str, list[int]]] = {args.dev.name: {}}
        settling_tally(rows, chosen, kinds[args.dev.name])
        _section(
            report,
            "traffic",
            traffic(paths, chosen, args.today, replies, draws, kinds),
            f"\nThe default ({chosen.name()}) on other traffic, without recorded replies: "
            f"the share escalated and why the rest stays offline; AUROC with the model's replies "
            f"drawn from the recorded ones of the same label ({draws} draws)\n{TRAFFIC_HEAD}",
            _traffic_line_md,
        )
        report["settling_kinds"] = kinds
        print(
            "\nThe kinds of finding that settle a record offline, per file: records, share "
            "wrong (the recorded file's labels are experts', the dev files' execution match)\n"
            + "\n".join(_kinds_table(kinds))
        )

    cal = mix_calibration(rows, chosen, engine)
    report["calibration"] = cal
    print(
        "\nCalibration of the final gamma under the default (whole file): ECE / Brier raw, "
        "and after a leave-one-out Platt refit per deciding judge"
    )
    for judge, c in cal.items():
        print(
            f"  {judge:8s} {c['records']:4d} records: ECE {c['ece']:.3f} / Brier "
            f"{c['brier']:.3f}; refit {c['ece_loo_refit']:.3f} / {c['brier_loo_refit']:.3f}"
        )
    crit = critical_findings(rows)
    report["critical_findings"] = crit
    for severity, c in crit.items():
        print(
            f"Records with a {severity} finding: {c['records']} ({c['right']} right); the model "
            f"calls {c['model_says_right']} right (p_correct >= 0.75), {c['of_those_right']} "
            f"of them are; AUROC there: model {c['auroc_model']}, offline {c['auroc_offline']}"
        )
        where = "a critical finding" if severity == "critical" else "a critical or major finding"
        print(
            f"  all-LLM AUROC of gamma, p_correct as recorded -> capped as the offline judge "
            f"caps at {where}: "
            + ", ".join(
                f"{title} {v['recorded']} -> {v['capped']}"
                for title, v in c["all_llm_capped"].items()
            )
        )

    if args.replay:
        rep = replay(args.recorded, args.dev, chosen, args.today, args.model)
        report["replay"] = rep
        esc = rep["escalation"] or {}
        print(
            f"\nEnd to end (cascade:llm:{args.model} against the replay server): "
            f"{esc.get('escalated')} of {esc.get('records')} escalated, {rep['server_calls']} "
            f"calls answered, {rep['tokens']} tokens, ${rep['cost_usd']:.4f} at litellm's "
            f"price; AUROC gamma {rep['auroc_gamma']}, score {rep['auroc_score']}"
        )
    if args.fit and args.write:
        whole = report["halves"]["whole file"]["default " + chosen.name()]
        rep_m = report["halves"]["reported half"]["default " + chosen.name()]
        policy_file = {
            "policy": "cascade-v4" if chosen.fill else "cascade-v3",
            "escalate": [chosen.low, chosen.high],
            "settle": list(chosen.settle),
            "share": chosen.share,
            "fill": chosen.fill,
            "ranking": chosen.ranking.to_json() if chosen.ranking is not None else None,
            "fitted": {
                "recorded": args.recorded.name,
                "dev": args.dev.name,
                "tuned": "questions whose SHA-256 (normalised text) is even",
                "objective": (
                    "the band, settling and cap kept from the policy shipped before"
                    if args.rank_only
                    else f"under a share cap of {chosen.share:g}, the band [LOW, "
                    f"{FIT_HIGH:g}] (LOW in {', '.join(f'{x:g}' for x in FIT_LOWS)}) and "
                    f"settling ({' or '.join('+'.join(x) for x in FIT_SETTLES)}) with the best "
                    "AUROC of gamma on the tuned half"
                )
                + "; the ranking under the cap (P(right) by a logistic model of the label on "
                "the offline gamma, filter status, severities and finding kinds: "
                "benchmarks/cascade.py fit_ranking) fitted on the tuned half"
                + (
                    "; fill (not fitted): under the cap, the records a settling finding keeps "
                    "offline are asked when the cap has room after every other candidate, "
                    "likelier right first"
                    if chosen.fill
                    else ""
                ),
                "tuned_half": {
                    "share": tuned_m["share"],
                    "auroc_gamma": tuned_m["auroc_gamma"],
                    "all_llm_auroc_gamma": tuned_all,
                },
                "reported_half": {
                    "share": rep_m["share"],
                    "auroc_gamma": rep_m["auroc_gamma"],
                    "all_llm_auroc_gamma": report["halves"]["reported half"]["all LLM"][
                        "auroc_gamma"
                    ],
                },
                "whole_file": {
                    "share": whole["share"],
                    "auroc_gamma": whole["auroc_gamma"],
                    "all_llm_auroc_gamma": report["halves"]["whole file"]["all LLM"]["auroc_gamma"],
                },
            },
        }
        args.write.write_text(json.dumps(policy_file, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.write}")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "cascade.json").write_text(
            json.dumps(report, indent=2) + "\n", encoding="utf-8"
        )
        whole = report["halves"]["whole file"]
        marks = [
            (m["share"], m["auroc_gamma"], label)
            for label, m in (
                ("all LLM", whole["all LLM"]),
                ("default", whole["default " + chosen.name()]),
                ("offline", whole["offline only"]),
            )
        ]
        caption = (
            f"{args.dev.name}, {len(rows)} records: each dot is a policy (gamma band in "
            "steps of 0.1; the cascade also settles records with a critical or major "
            "finding offline; the share cap keeps the default's band and settling and caps "
            "the share from 30 % to 95 %, and none); lines join the best AUROC at each share. "
            f"Replies recorded for prompt {args.recorded.name}."
        )
        png = write_plot(
            args.out, curve_svg(curve, marks), "AUROC against share escalated", caption
        )
        md = [f"# LLM cascade on {args.dev.name}", ""]
        for title, figures in report["halves"].items():
            md += [f"## {title}", "", HEAD]
            md += [_line(name, m) for name, m in figures.items()] + [""]
        md += ["## A range of policies (whole file)", "", HEAD]
        md += [_line(name, m) for name, m in table]
        md += ["", "## The held-out budget frontier", "", FRONTIER_HEAD]
        md += [_frontier_line(f) for f in report["frontier"]]
        md += ["", "## The share cap held out", "", FRONTIER_HEAD]
        md += [_frontier_line(f) for f in report["held_out_caps"]]
        md += ["", "## Findings-aware rankings under the cap, held out", "", FRONTIER_HEAD]
        md += [_frontier_line(f) for f in report["findings_rankings"]]
        md += ["", "## Where the loss against all-LLM comes from", "", LOSS_HEAD]
        md += [_loss_line(x) for x in report["loss_sources"]]
        if report.get("check_draws"):
            md += ["", "## Issue 25's check simulated (runs of 120 records)", "", DRAWS_HEAD]
            md += [_draws_line("the default", report["check_draws"])]
            md += [
                _draws_line(name, v) for name, v in report.get("check_draws_variants", {}).items()
            ]
            md += [""] + [f"- {line}" for line in _rescue_lines(report["check_draws"])]
        if report.get("splits"):
            md += ["", "## Rankings over other splits", "", SPLITS_HEAD]
            md += [_splits_line(x) for x in report["splits"]]
            md += ["", "## Finding kinds and the expected gain, over other splits", "", KINDS_HEAD]
            md += [_kinds_line(x) for x in report["kinds"]]
            md += ["", "## The final gamma from both judges, over other splits", ""]
            md += [MIX_SPLITS_HEAD, *(_mix_splits_line(m) for m in report["mixed_splits"])]
        if report.get("traffic"):
            md += ["", "## The default on other traffic", "", TRAFFIC_HEAD]
            md += [_traffic_line_md(t) for t in report["traffic"]]
            md += [
                "",
                "## The settling kinds' precision per file",
                "",
                *_kinds_table(report["settling_kinds"]),
            ]
        md += ["", "## Score-level combination, held out", "", COMBO_HEAD]
        md += [_combo_line(c) for c in report["combinations"]]
        md += ["", "## The final gamma from both judges, held out", "", MIX_HEAD]
        md += [_mix_line(m) for m in report["mixed_gammas"]]
        if report.get("mixed_gammas_draws"):
            md += ["", "## The final gamma from both judges: the check simulated", ""]
            md += [MIX_DRAWS_HEAD, *(_mix_draws_line(v) for v in report["mixed_gammas_draws"])]
        (args.out / "cascade.md").write_text("\n".join(md) + "\n", encoding="utf-8")
        print(
            f"\nwrote {args.out}/cascade.json, cascade.md, cascade.html"
            + (", cascade.png" if png else " (no PNG: headless Chromium is not installed)")
        )
    engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
