"""The offline judge's gamma: calibrated, capped by strong findings, and new reason codes count
from the day they exist (issue 14)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from stef_judges.evidence import PRIORS
from stef_judges.offline import OfflineJudge, shipped_calibration

from stef_core.calibration import Calibration
from stef_core.contracts import JudgeRequest
from stef_core.engine import Engine
from stef_core.models import Reason, Record, Ruleset, Scoring, VerdictCuts

Q = "How many users are active?"
SQL = "SELECT COUNT(*) FROM users WHERE status = 'active'"


def request(rules: Ruleset | None = None) -> JudgeRequest:
    req = Engine(rules).analyse(Record(id="1", question=Q, sql=SQL))
    assert isinstance(req, JudgeRequest)
    return req


def with_reason(req: JudgeRequest, code: str, severity: str) -> JudgeRequest:
    reason = Reason(code=code, message="m", severity=severity)  # type: ignore[arg-type]
    return replace(req, alignment=replace(req.alignment,
                                          reasons=(*req.alignment.reasons, reason)))


def test_a_code_newer_than_the_model_weighs_what_its_severity_assumes() -> None:
    cal = shipped_calibration()
    assert "finding:date.brand_new@minor" not in cal.weights
    assert cal.weight("finding:date.brand_new@minor") == PRIORS["finding:*@minor"] < 0
    judge, req = OfflineJudge(), request()
    plain = judge.judge(req).confidence
    newer = judge.judge(with_reason(req, "date.brand_new", "minor")).confidence
    assert newer < plain


def test_strong_findings_cap_gamma_below_the_correct_cut_of_the_rules() -> None:
    # A model that is sure of everything: only the cap can keep the label below correct.
    sure = Calibration(name="sure", evidence=OfflineJudge.evidence_version or "",
                       intercept=10.0, nonpositive=["finding:"])
    judge = OfflineJudge(calibration=sure)
    req = request()
    assert judge.judge(req).confidence == 1.0
    for severity in ("major", "critical"):
        v = judge.judge(with_reason(req, "x.y", severity))
        assert (v.confidence, v.label) == (0.749, "likely_correct")
    minor = judge.judge(with_reason(req, "x.y", "minor"))
    assert minor.label == "correct"
    strict = Ruleset(scoring=Scoring(verdict_cuts=VerdictCuts(correct=0.95)))
    v = judge.judge(with_reason(request(strict), "x.y", "critical"))
    assert (v.confidence, v.label) == (0.949, "likely_correct")


def test_filters_r_app_declared_benign_or_ignored_cost_no_confidence() -> None:
    from stef_core.testing import score_one

    q = "How many open tickets are there?"
    plain = score_one(q, "SELECT COUNT(*) FROM tickets WHERE status = 'open'")
    guarded = "SELECT COUNT(*) FROM tickets WHERE status = 'open' AND tenant_id = 42"
    benign = score_one(q, guarded, rules={"benign_filters": [{"column": "tenant_id"}]})
    ignored = score_one(q, guarded, rules={"ignored_filters": ["tenant_id"]})
    undeclared = score_one(q, guarded)
    # Undeclared, the tenant guard is read as a guard: no extra, no cost, and no bonus.
    assert benign.confidence == ignored.confidence == plain.confidence == undeclared.confidence
    assert undeclared.filter_alignment is not None
    assert undeclared.filter_alignment.status == "fully_applied"
    assert undeclared.filter_alignment.guards == ["tenant_id = 42"]
    extra = score_one(q, "SELECT COUNT(*) FROM tickets WHERE status = 'open' AND channel = 'web'")
    assert extra.confidence != plain.confidence  # an extra filter and literal count
    assert extra.filter_alignment is not None
    assert extra.filter_alignment.status == "fully_applied_with_extras"


def test_a_benign_declaration_skips_its_condition_not_its_column() -> None:
    # ``benign filter status IN ('approved', 'paid')`` says nothing of the question's own
    # status = 'active': it counts as it does without the ruleset (a filter and a literal).
    from stef_core.testing import score_one

    q = "How many active suppliers are there?"
    sql = "SELECT COUNT(*) FROM suppliers WHERE company_id = 58 AND status = 'active'"
    rules = {"benign_filters": [{"column": "company_id"},
                                {"column": "status", "op": "IN", "value": ["approved", "paid"]}]}
    assert (score_one(q, sql, rules=rules).confidence
            == score_one(q, sql, rules={"benign_filters": [{"column": "company_id"}]}).confidence)


def test_a_fit_keeps_minor_findings_above_their_floor() -> None:
    from stef_core.calibration import Example, fit_logistic

    # A minor finding that the labels say is always wrong: unbounded, its weight would run
    # far below zero; the floor keeps a minor finding a minor one.
    data = [Example({"finding:x@minor": 1.0}, 0)] * 40 + [Example({}, 1)] * 40
    _, free = fit_logistic(data, l2=0.01, nonpositive=["finding:"])
    _, held = fit_logistic(data, l2=0.01, nonpositive=["finding:"],
                           floors={"finding:*@minor": -0.5})
    assert free["finding:x@minor"] < -2
    assert held["finding:x@minor"] == pytest.approx(-0.5)


def test_a_calibration_file_below_its_floor_is_refused() -> None:
    with pytest.raises(ValueError, match=r"below the floor -0\.5"):
        Calibration(name="x", evidence="e", intercept=1.0,
                    weights={"finding:a@minor": -2.0}, floors={"finding:*@minor": -0.5})


@pytest.mark.parametrize("severity", ["minor", "info"])
def test_weak_findings_lower_gamma_but_not_across_the_correct_cut(severity: str) -> None:
    # Just above the cut without findings: a weak finding lowers gamma to the cut, not below
    # it (issue 12: weaker findings lower confidence; crossing 75 takes a precise one).
    edge = Calibration(name="edge", evidence=OfflineJudge.evidence_version or "",
                       intercept=1.3, weights={"finding:x.y@minor": -2.0,
                                               "finding:x.y@info": -2.0},
                       nonpositive=["finding:"])
    judge, req = OfflineJudge(calibration=edge), request()
    plain = judge.judge(req)
    assert plain.confidence > 0.75 and plain.label == "correct"
    weak = judge.judge(with_reason(req, "x.y", severity))
    assert weak.confidence == 0.75 < plain.confidence
    assert weak.label == "correct"
    # Below the cut already, a weak finding lowers gamma further as fitted.
    low = Calibration(name="low", evidence=OfflineJudge.evidence_version or "", intercept=0.5,
                      weights={"finding:x.y@minor": -2.0, "finding:x.y@info": -2.0},
                      nonpositive=["finding:"])
    judge = OfflineJudge(calibration=low)
    assert judge.judge(with_reason(req, "x.y", severity)).confidence < \
        judge.judge(req).confidence < 0.75
