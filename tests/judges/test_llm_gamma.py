"""gamma is P(the SQL answers the question correctly): the model gives it, the label follows
from it with the ruleset's cut points, and a reply that contradicts itself is repaired once or
reported (issue 14)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from llm_fake_server import FakeLlmServer, Reply, verdict_json

from stef_core.engine import Engine, record_from_mapping
from stef_core.models import Result, Ruleset, Scoring, VerdictCuts

pytestmark = pytest.mark.slow


def one(judge: Any, rules: Ruleset | None = None) -> Result:
    item = record_from_mapping({"id": "r", "question": "How many users are active?",
                                "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"},
                               default_id="r")
    [result] = Engine(rules, judge=judge).run([item])
    return result


def test_the_label_follows_from_gamma_not_from_the_models_label(make_judge, llm_server):
    # "correct" next to 0.7 is a neighbouring label (tolerated), but 0.7 means likely_correct
    llm_server.default = Reply(verdict_json(0.7, "correct", "counts active users"))
    r = one(make_judge())
    assert r.verdict is not None
    assert (r.verdict.label, r.verdict.confidence) == ("likely_correct", 0.7)
    assert llm_server.calls == 1


def test_the_label_uses_the_rulesets_cut_points(make_judge, llm_server):
    llm_server.default = Reply(verdict_json(0.7))
    cuts = VerdictCuts(correct=0.6, likely_correct=0.5, potentially_incorrect=0.3)
    r = one(make_judge(), Ruleset(scoring=Scoring(verdict_cuts=cuts)))
    assert r.verdict is not None and r.verdict.label == "correct"


def test_a_contradiction_gets_one_repair_turn(make_judge, llm_server: FakeLlmServer):
    llm_server.queue = [Reply(verdict_json(0.95, "incorrect", "wrong table")),
                        Reply(verdict_json(0.1, "incorrect", "wrong table"))]
    r = one(make_judge())
    assert r.status == "scored", r.error
    assert r.verdict is not None
    assert (r.verdict.label, r.verdict.confidence) == ("incorrect", 0.1)
    assert r.verdict.usage is not None and r.verdict.usage.calls == 2
    repair = llm_server.requests[1]["messages"]
    assert [m["role"] for m in repair] == ["system", "user", "assistant", "user"]
    assert repair[3]["content"].startswith(
        "Your reply contradicts itself: verdict 'incorrect' with p_correct 0.95, which means "
        "'correct'.")


def test_a_contradiction_that_stays_is_reported_never_guessed(make_judge, llm_server, tmp_path):
    llm_server.default = Reply(verdict_json(0.95, "incorrect"))
    r = one(make_judge(cache_dir=str(tmp_path / "c")))
    assert r.status == "unscored" and r.verdict is None
    assert r.error == ("judge: the model's answer contradicts itself after one repair attempt: "
                       "verdict 'incorrect' with p_correct 0.95, which means 'correct'")
    assert r.usage is not None and r.usage.calls == 2
    one(make_judge(cache_dir=str(tmp_path / "c")))
    assert llm_server.calls == 4  # not cached: the next run asks again


def test_samples_gamma_is_the_mean_probability_and_agreement_is_reported(make_judge,
                                                                          llm_server):
    llm_server.queue = [Reply(verdict_json(p, rationale=f"p={p}")) for p in (0.9, 0.3, 0.9)]
    r = one(make_judge(samples=3))
    assert r.verdict is not None
    assert (r.verdict.label, r.verdict.confidence) == ("likely_correct", 0.7)
    assert r.verdict.rationale.startswith("p=0.9 (gamma is the mean P(correct) of 3 samples: ")
    assert r.verdict.rationale.endswith("; 2 of 3 agree)")
    assert r.verdict.usage is not None and r.verdict.usage.calls == 3
    assert sorted(b["temperature"] for b in llm_server.requests) == [0, 0.7, 0.7]


def test_a_failed_sample_is_left_out_of_the_mean_and_counted(make_judge, llm_server):
    llm_server.queue = [Reply(status=400), Reply(verdict_json(0.8)), Reply(verdict_json(0.6))]
    r = one(make_judge(samples=3))
    assert r.verdict is not None
    assert r.verdict.confidence == pytest.approx(0.7)
    assert r.verdict.rationale.endswith("; 2 of 2 agree; 1 of 3 failed)")
    assert r.verdict.usage is not None and r.verdict.usage.calls == 3


def test_the_system_prompt_asks_for_p_correct(make_judge, llm_server):
    one(make_judge())
    system = llm_server.requests[0]["messages"][0]["content"]
    assert "p_correct" in system and "probability" in system
    assert json.loads(verdict_json(0.5))["p_correct"] == 0.5


def _one_record(judge: Any, question: str, sql: str) -> Result:
    item = record_from_mapping({"id": "r", "question": question, "sql": sql}, default_id="r")
    [result] = Engine(judge=judge).run([item])
    return result


@pytest.mark.parametrize(("p", "severity"), [(0.1, "major"), (0.6, "minor"), (0.9, None)])
def test_a_doubting_model_says_why_in_the_reasons(make_judge, llm_server, p, severity):
    # issue 20: no score below 75 without a reason that says why; the model's rationale was
    # only in verdict.rationale
    llm_server.default = Reply(verdict_json(p, rationale="counts every user, not the active"))
    r = one(make_judge())
    doubts = [x for x in r.reasons if x.code == "judge.doubt"]
    if severity is None:
        assert doubts == [] and r.score is not None and r.score >= 75
        return
    assert r.score is not None and r.score < 75
    [d] = doubts
    assert d.severity == severity
    assert f"at {p:.2f}" in d.message and "counts every user, not the active" in d.message


def test_a_finding_that_says_why_is_not_doubled_by_the_model(make_judge, llm_server):
    llm_server.default = Reply(verdict_json(0.05, rationale="sorts ascending for 'most'"))
    r = _one_record(make_judge(), "Which 3 customers spent the most?",
                    "SELECT customer_id, SUM(amount) s FROM orders GROUP BY customer_id "
                    "ORDER BY s ASC LIMIT 3")
    codes = {(x.code, x.severity) for x in r.reasons}
    assert ("orderby.direction", "critical") in codes
    assert not any(code == "judge.doubt" for code, _ in codes)
