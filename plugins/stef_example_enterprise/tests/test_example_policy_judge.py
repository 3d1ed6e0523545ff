"""The policy judge: forbidden tables from options and R_app notes; deferral otherwise."""

from __future__ import annotations

import pytest
from stef_example_enterprise.policy_judge import PolicyJudge, forbidden_tables

from stef_core.contracts import StefError
from stef_core.engine import Engine, evaluate
from stef_core.models import Record
from stef_core.registry import Registry
from stef_core.testing import fake_judge, score_one

QUESTION = "What is the average salary per department?"
SALARY_SQL = "SELECT dept, AVG(amount) FROM hr.Salaries GROUP BY dept"
SAFE_SQL = "SELECT COUNT(*) FROM users WHERE status = 'active'"


def test_forbidden_table_from_options_is_incorrect_with_full_confidence(
    example_registry: Registry,
) -> None:
    r = score_one(QUESTION, SALARY_SQL, judge=PolicyJudge(tables="salaries"),
                  registry=example_registry)
    assert r.verdict is not None
    assert (r.verdict.label, r.verdict.confidence, r.verdict.judge) == ("incorrect", 1.0, "policy")
    assert r.verdict.rationale == "policy: the SQL reads forbidden table(s) salaries"


def test_forbidden_table_from_rules_notes(example_registry: Registry) -> None:
    [r] = evaluate([{"question": QUESTION, "sql": "SELECT * FROM payroll p JOIN staff s ON 1=1"}],
                   judge="policy", rules={"notes": ["forbid table payroll"]},
                   registry=example_registry)
    assert r.verdict is not None and r.verdict.label == "incorrect"
    assert "payroll" in r.verdict.rationale


def test_cli_style_argument_names_the_tables(example_registry: Registry) -> None:
    # `stef eval --judge policy:salaries,payroll` reaches the judge as model="salaries,payroll".
    engine = Engine(judge="policy:salaries,payroll", registry=example_registry)
    [r] = engine.evaluate_batch([Record(id="1", question=QUESTION, sql=SALARY_SQL)])
    assert r.verdict is not None and r.verdict.label == "incorrect"


def test_other_sql_gets_the_offline_verdict(example_registry: Registry) -> None:
    plain = score_one("How many users are active?", SAFE_SQL, registry=example_registry)
    policed = score_one("How many users are active?", SAFE_SQL,
                        judge=PolicyJudge(tables="salaries"), registry=example_registry)
    assert policed.verdict is not None and plain.verdict is not None
    assert policed.verdict.label == plain.verdict.label == "correct"
    assert policed.verdict.judge == "policy>offline"
    assert policed.score == plain.score == 100.0


def test_batch_mixes_violations_and_deferrals_in_order() -> None:
    judge = PolicyJudge(tables="salaries")
    judge._fallback = fake_judge("likely_correct", 0.7)  # no registry needed for the fallback
    engine = Engine(judge=judge)
    results = engine.evaluate_batch([
        Record(id="a", question="q", sql=SAFE_SQL),
        Record(id="b", question="q", sql=SALARY_SQL),
        Record(id="c", question="q", sql=SAFE_SQL),
    ])
    assert [(r.id, r.verdict.label if r.verdict else None) for r in results] == [
        ("a", "likely_correct"), ("b", "incorrect"), ("c", "likely_correct")]
    assert len(judge._fallback.requests) == 2


def test_forbidden_tables_parsing() -> None:
    assert forbidden_tables({"tables": "hr.Salaries, `payroll`"}, []) == {"salaries", "payroll"}
    assert forbidden_tables({}, ["Forbid tables a, b", "forbid nothing", "prefer table c"]) == {
        "a", "b"}
    assert forbidden_tables({"tables": ["x.Y"]}, []) == {"y"}


def test_fallback_cannot_be_itself() -> None:
    with pytest.raises(StefError, match="cannot be 'policy' itself"):
        PolicyJudge(fallback="policy")
