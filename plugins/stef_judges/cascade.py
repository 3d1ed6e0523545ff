"""The ``cascade`` judge: the offline judge on every record, an LLM judge only where the offline
verdict is uncertain, for at most a set share of the records.

``--judge cascade:llm:openai/gpt-4o-mini`` scores every record offline first. The
:class:`Policy` then reads what the offline judge found and decides, record by record, whether
to ask the model:

1. a finding of a *settling* severity (``--settle``; shipped ``critical``) keeps the offline
   verdict: such findings are precise (57 of the 58 records of nl2sql_bugs_public that carry a
   critical one are wrong, at session 17), and the offline judge already caps gamma below the
   ``correct`` cut for them;
2. otherwise the record is a candidate when the offline gamma lies in the uncertain band
   (``--escalate LOW,HIGH``, both ends included), and keeps the offline verdict outside it;
3. the share cap (``--escalate-share``; shipped 0.74): of the records the judge has seen so far,
   at most that share (rounded to the nearest record) goes to the model. When a batch has more
   candidates than the cap leaves room for, those the offline judge rates likelier right are
   asked first: a right answer kept offline sits below nearly every wrong one the model
   judges (its offline gamma is low), so the records kept offline cost the least AUROC when
   they are the surest wrong. "Likelier right" is the policy's :class:`Ranking`, a logistic
   model of P(right) on the offline gamma, the filter status and the kinds of finding (fitted
   on half of the recorded file); without one, the offline gamma. The cap holds whatever the
   traffic: the shipped band and settling alone ask for 85 % of nl2sql_bugs_public but 88-95 %
   of the BIRD and Spider dev samples;
4. the cap's room (``fill``, shipped since session 15; ``--settled-stay-offline`` turns it
   off): when a batch's candidates leave room under the cap, the records a finding settled
   in step 1 (with a gamma in the band) fill it, the likelier right first. Where the cap binds
   (nl2sql_bugs_public, the BIRD and Spider samples) this changes nothing; on the production
   corpus, where many records lie above the band, it asks about the settled records, of which
   about a fifth are right there, instead of leaving the budget unspent.

The shipped values live in ``calibration/cascade-policy.json`` beside the offline calibration,
with how they were chosen.

Every verdict of a cascade carries ``escalation`` (escalated or not, and why), and ``judge``
says which judge decided: ``offline`` or ``llm:<model>``. An escalated record whose model call
fails (after its retries, with the breaker open, or past the cost cap) keeps its offline verdict
and says why in ``escalation.fallback``: it counts as scored, with what the failed calls cost.

The final gamma is the deciding judge's: both are P(correct), and on the recorded verdicts of
nl2sql_bugs_public the mix is as well calibrated as either judge alone (benchmarks/cascade.py,
which also re-fits the shipped policy from recorded verdicts: ``--fit``).

>>> from stef_core.models import Reason
>>> p = Policy(0.3, 0.9, frozenset({"critical", "major"}))
>>> p.decide(0.55, ())
(True, 'offline gamma 0.550 is in the uncertain band [0.3, 0.9]')
>>> p.decide(0.05, (Reason(code="filter.missing", message="", severity="critical"),))
(False, 'a critical finding (filter.missing) settles it offline')
>>> p.decide(0.95, ())
(False, 'offline gamma 0.950 is outside the uncertain band [0.3, 0.9]')
>>> capped = Policy(0.3, 0.9, frozenset(), share=0.5)
>>> [e for e, _ in capped.plan([(0.4, ()), (0.8, ()), (0.6, ()), (0.1, ())], seen=0, used=0)]
[False, True, True, False]
>>> print(capped.plan([(0.4, ())], seen=1, used=1)[0][1])  # doctest: +NORMALIZE_WHITESPACE
offline gamma 0.400 is in the uncertain band [0.3, 0.9], but the share cap is spent: at most
50% of the records go to the model, the likelier right by the offline judge first
>>> ranked = Policy(0.3, 0.9, frozenset(), 0.5, Ranking(0.0, 1.0, (("partially_applied", -3.0),)))
>>> round(ranked.priority(0.8, (), "partially_applied"), 3), round(ranked.priority(0.6, ()), 3)
(0.166, 0.6)
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from stef_core import hookimpl
from stef_core.calibration import Calibration
from stef_core.contracts import Judge, JudgeRequest, PendingVerdicts
from stef_core.errors import JudgeError, JudgeInterrupted, StefError
from stef_core.models import Escalation, Reason, Verdict
from stef_judges.evidence import EVIDENCE_VERSION, NONPOSITIVE
from stef_judges.offline import OfflineJudge

SEVERITIES = ("critical", "major", "minor", "info")

#: The default policy: chosen on half of the recorded verdicts of nl2sql_bugs_public and
#: reported on the other half (benchmarks/README.md, "LLM cascade"), and written by
#: `python benchmarks/cascade.py RECORDED DEV --fit --write <this file>`.
POLICY_FILE = "cascade-policy.json"

USAGE = (
    "--judge cascade:llm:<litellm model>, e.g. cascade:llm:openai/gpt-4o-mini "
    "(with --api-base URL for an OpenAI-compatible server)"
)


def _logit(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return math.log(p / (1 - p))


@dataclass(frozen=True)
class Ranking:
    """P(right) of a record from what the offline judge found: a logistic model on the logit
    of the offline gamma, the filter status, whether a finding of each severity is there, and
    one indicator per kind of finding (``code@severity``). It orders the candidates under the
    share cap (likelier right asked first); it never changes a verdict. Weights absent from
    the model count 0 (an unseen status or kind of finding: the offline gamma decides)."""

    intercept: float
    gamma: float
    statuses: tuple[tuple[str, float], ...] = ()
    severities: tuple[tuple[str, float], ...] = ()
    kinds: tuple[tuple[str, float], ...] = ()

    def p_right(self, gamma: float, reasons: Sequence[Reason], status: str | None) -> float:
        found = {r.severity for r in reasons}
        kinds = {f"{r.code}@{r.severity}" for r in reasons}
        z = self.intercept + self.gamma * _logit(gamma)
        z += sum(w for s, w in self.statuses if s == status)
        z += sum(w for s, w in self.severities if s in found)
        z += sum(w for k, w in self.kinds if k in kinds)
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ranking:
        def pairs(key: str) -> tuple[tuple[str, float], ...]:
            return tuple(sorted((str(k), float(v)) for k, v in data.get(key, {}).items()))

        return cls(
            float(data["intercept"]),
            float(data["gamma_logit"]),
            pairs("status"),
            pairs("severity"),
            pairs("kind"),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "intercept": self.intercept,
            "gamma_logit": self.gamma,
            "status": dict(self.statuses),
            "severity": dict(self.severities),
            "kind": dict(self.kinds),
        }


@dataclass(frozen=True)
class Policy:
    """Which records a cascade sends to its model; a function of the offline verdict's gamma
    and of the severities of the offline findings only."""

    #: The uncertain band of the offline gamma, both ends included.
    low: float
    high: float
    #: Severities whose findings keep the offline verdict.
    settle: frozenset[str]
    #: At most this share of the records a judge has seen goes to the model (1: no cap).
    share: float = 1.0
    #: How the candidates beyond the cap are ranked (None: by the offline gamma).
    ranking: Ranking | None = None
    #: Under a share cap (< 1), the records a finding settles (with a gamma in the band) fill
    #: the room the cap leaves after every other candidate, likelier right first.
    fill: bool = False

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Policy:
        """``escalate`` ("LOW,HIGH" or a pair), ``settle`` ("critical,major", "none" or a
        list), ``escalate_share`` (a number in (0, 1]) and ``settled_stay_offline`` (true:
        no fill) from the judge's options; the defaults for what is not given.

        Raises:
            StefError: a band that is not two numbers with 0 <= LOW <= HIGH <= 1, an unknown
                severity, or a share that is not a number in (0, 1].
        """
        default = default_policy()
        low, high = default.low, default.high
        band = options.get("escalate")
        if band is not None:
            parts = band.split(",") if isinstance(band, str) else list(band)
            try:
                low, high = (float(x) for x in parts)
            except (TypeError, ValueError):
                raise StefError(
                    f"--escalate: expected LOW,HIGH (two numbers from 0 to 1, e.g. "
                    f"0.3,0.9), found {band!r}"
                ) from None
            if not 0 <= low <= high <= 1:
                raise StefError(f"--escalate: expected 0 <= LOW <= HIGH <= 1, found {band!r}")
        settle: Iterable[str] = default.settle
        given = options.get("settle")
        if given is not None:
            words = given.split(",") if isinstance(given, str) else list(given)
            settle = [w.strip().lower() for w in words if w.strip()]
            if settle == ["none"]:
                settle = []
            unknown = [w for w in settle if w not in SEVERITIES]
            if unknown:
                raise StefError(
                    f"--settle: unknown severity {unknown[0]!r}; use a comma list "
                    f"of {', '.join(SEVERITIES)}, or none"
                )
        share = default.share
        given_share = options.get("escalate_share")
        if given_share is not None:
            try:
                share = float(given_share)
            except (TypeError, ValueError):
                share = math.nan
            if not 0 < share <= 1:  # NaN fails too
                raise StefError(
                    f"--escalate-share: expected a share of the records in (0, 1], e.g. 0.7 "
                    f"(1: no cap), found {given_share!r}"
                )
        fill = default.fill and not options.get("settled_stay_offline")
        return cls(low, high, frozenset(settle), share, default.ranking, fill)

    def priority(self, gamma: float, reasons: Sequence[Reason], status: str | None = None) -> float:
        """How likely right the offline judge finds a record (its gamma, findings and filter
        status): the order in which the share cap asks candidates."""
        if self.ranking is None:
            return gamma
        return self.ranking.p_right(gamma, reasons, status)

    def decide(self, gamma: float, reasons: Sequence[Reason]) -> tuple[bool, str]:
        """Whether to ask the model about a record, and why, from its offline gamma and
        findings."""
        for severity in SEVERITIES:  # the most severe settling finding names the reason
            if severity in self.settle:
                for r in reasons:
                    if r.severity == severity:
                        return False, f"a {severity} finding ({r.code}) settles it offline"
        band = f"[{self.low:g}, {self.high:g}]"
        if self.low <= gamma <= self.high:
            return True, f"offline gamma {gamma:.3f} is in the uncertain band {band}"
        return False, f"offline gamma {gamma:.3f} is outside the uncertain band {band}"

    def plan(
        self,
        batch: Sequence[tuple[float, Sequence[Reason]]],
        seen: int,
        used: int,
        priority: Sequence[float] | None = None,
    ) -> list[tuple[bool, str]]:
        """Whether to ask the model about each record of a batch (its offline gamma and
        findings), and why, when ``seen`` records came before it and ``used`` of them were
        escalated: :meth:`decide`, then the share cap (module docstring, step 3).

        After the batch, at most ``round(share * (seen + len(batch)))`` records (halves up) are
        escalated in all; a batch's candidates beyond the cap are kept offline, the lowest
        ``priority`` first (one number per record, higher asked first; ties: the later record;
        not given: the offline gamma; the cascade judge gives :meth:`priority`).
        """
        decisions = [self.decide(gamma, reasons) for gamma, reasons in batch]
        asked = [i for i, (escalate, _) in enumerate(decisions) if escalate]
        room = math.floor(self.share * (seen + len(batch)) + 0.5) - used
        rank = [g for g, _ in batch] if priority is None else list(priority)
        if len(asked) <= room:
            if self.fill and self.share < 1 and len(asked) < room:
                settled = [
                    i
                    for i, (gamma, reasons) in enumerate(batch)
                    if not decisions[i][0]
                    and self.low <= gamma <= self.high
                    and any(r.severity in self.settle for r in reasons)
                ]
                for i in sorted(settled, key=lambda i: (-rank[i], i))[: room - len(asked)]:
                    decisions[i] = (
                        True,
                        f"{decisions[i][1].replace('settles it', 'would settle it')}, but the "
                        f"share cap has room: at most {self.share * 100:g}% of the records go "
                        "to the model, those a finding settles last",
                    )
            return decisions
        ranked = sorted(asked, key=lambda i: (-rank[i], i))
        for i in ranked[max(room, 0) :]:
            decisions[i] = (
                False,
                f"{decisions[i][1]}, but the share cap is spent: at most "
                f"{self.share * 100:g}% of the records go to the model, the likelier right by "
                "the offline judge first",
            )
        return decisions

    def describe(self) -> str:
        """The policy in words, for messages and reports."""
        settle = ", ".join(s for s in SEVERITIES if s in self.settle) or "none"
        cap = f"; at most {self.share * 100:g}% of the records" if self.share < 1 else ""
        if cap and self.fill and self.settle:
            cap += ", the settled ones when the cap has room"
        return f"escalate gamma in [{self.low:g}, {self.high:g}]; settled offline by {settle}{cap}"


@lru_cache(maxsize=1)
def default_policy() -> Policy:
    """The shipped policy (:data:`POLICY_FILE`, read once per process)."""
    res = resources.files("stef_judges") / "calibration" / POLICY_FILE
    data = json.loads(res.read_text(encoding="utf-8"))
    low, high = (float(x) for x in data["escalate"])
    share = float(data.get("share", 1.0))
    ranking = Ranking.from_json(data["ranking"]) if data.get("ranking") else None
    fill = bool(data.get("fill", False))
    return Policy(low, high, frozenset(str(s) for s in data["settle"]), share, ranking, fill)


class CascadeJudge(Judge):
    """The offline judge on every record; an LLM judge only where the offline verdict is
    uncertain."""

    id = "cascade"
    version = "1"
    # The offline judge's gamma drives the policy, so its calibrations apply here too.
    evidence_version = EVIDENCE_VERSION
    nonpositive_features = NONPOSITIVE
    calibration_judge = "offline"

    def __init__(self, calibration: Calibration | None = None, **options: Any) -> None:
        super().__init__(**options)
        spec = str(options.get("model") or "").strip()
        name, _, model = spec.partition(":")
        if name.strip() != "llm" or not model.strip():
            found = f" (found {spec!r})" if spec else ""
            raise StefError(
                f"the cascade judge names the LLM judge it escalates to: {USAGE}{found}"
            )
        self.policy = Policy.from_options(options)
        self.offline = OfflineJudge(calibration=calibration)
        self.calibration = self.offline.calibration
        from stef_judges.llm import LlmJudge  # the client loads only for a judge that calls

        self.llm = LlmJudge(**{**options, "model": model.strip()})
        #: Records judged so far and how many of them were escalated: the share cap's count.
        self.seen = 0
        self.escalated = 0

    def evidence(self, request: JudgeRequest) -> dict[str, float]:
        return self.offline.evidence(request)

    def judge(self, request: JudgeRequest) -> Verdict:
        [out] = self.judge_many([request])
        if isinstance(out, JudgeError):
            raise out
        return out

    def judge_many(self, requests: Sequence[JudgeRequest]) -> list[Verdict | JudgeError]:
        """Offline verdicts for all, the model's for the escalated ones.

        Raises:
            JudgeInterrupted: on Ctrl-C, with every verdict that is final (the offline ones
                kept, the model's that came back); records whose call was cancelled are left
                for ``--resume``.
        """
        return self.start_many(requests).result()

    def start_many(self, requests: Sequence[JudgeRequest]) -> PendingVerdicts:
        """The offline verdicts now, the escalated records' calls sent now; the model's
        verdicts are waited for by the result's ``result()``."""
        offline: list[Verdict | JudgeError] = []
        for request in requests:
            try:
                offline.append(self.offline.judge(request))
            except JudgeError as exc:
                offline.append(exc)
            except Exception as exc:  # a bug costs its record only, never the batch
                offline.append(
                    JudgeError(f"internal: plugin 'offline' failed: {type(exc).__name__}: {exc}")
                )
        out: list[Verdict | JudgeError | None] = list(offline)
        judged = [i for i, v in enumerate(offline) if isinstance(v, Verdict)]
        batch = [
            (offline[i].confidence, requests[i].alignment.reasons)  # type: ignore[union-attr]
            for i in judged
        ]
        priority = [
            self.policy.priority(gamma, reasons, requests[i].alignment.filters.status)
            for i, (gamma, reasons) in zip(judged, batch)
        ]
        plan = self.policy.plan(batch, self.seen, self.escalated, priority)
        asked: list[int] = []
        reasons: dict[int, str] = {}
        for i, (escalate, why) in zip(judged, plan):
            verdict = offline[i]
            assert isinstance(verdict, Verdict)
            if escalate:
                asked.append(i)
                reasons[i] = why
                out[i] = None
            else:
                out[i] = verdict.model_copy(
                    update={"escalation": Escalation(escalated=False, reason=why)}
                )
        self.seen += len(judged)
        self.escalated += len(asked)
        calls = self.llm.start_many([requests[i] for i in asked]) if asked else None

        def collect() -> list[Verdict | JudgeError]:
            if calls is not None:
                try:
                    answers = calls.result()
                except JudgeInterrupted as exc:
                    for i, answer in zip(asked, exc.partial):
                        if answer is not None:
                            out[i] = self._settle(offline[i], answer, reasons[i])
                    raise JudgeInterrupted(out) from None
                for i, answer in zip(asked, answers):
                    out[i] = self._settle(offline[i], answer, reasons[i])
            return [v if v is not None else JudgeError("judge: no verdict") for v in out]

        return PendingVerdicts(collect, calls.cancel if calls is not None else None)

    @staticmethod
    def _settle(offline: Verdict | JudgeError, answer: Verdict | JudgeError, why: str) -> Verdict:
        """The verdict of an escalated record: the model's, or the offline one when the model
        gave none (with what the failed calls cost)."""
        assert isinstance(offline, Verdict)
        if isinstance(answer, Verdict):
            return answer.model_copy(update={"escalation": Escalation(escalated=True, reason=why)})
        return offline.model_copy(
            update={
                "escalation": Escalation(escalated=True, reason=why, fallback=str(answer)),
                "usage": answer.usage or offline.usage,
            }
        )

    def close(self) -> None:
        self.llm.close()


@hookimpl
def stef_register_judges() -> list[type[Judge]]:
    return [CascadeJudge]
