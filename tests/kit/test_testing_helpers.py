"""stef_core.testing: the package keeps the rule-case API, adds a fake judge and the assertion
helper, and stays cheap to import (pytest loads its plugin in every run)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import stef_core.testing as testing
from stef_core.engine import Engine, evaluate
from stef_core.registry import Registry
from stef_core.testing import (
    FakeJudge,
    RuleCase,
    assert_sql_answers,
    fake_judge,
    load_rule_cases,
    run_rule_case,
    score_one,
)

ACTIVE_Q = "How many users are active?"
ACTIVE_SQL = "SELECT COUNT(*) FROM users WHERE status = 'active'"
QUOTED_Q = "How many users have status 'active'?"  # a quoted value is always required


def test_existing_names_stay_importable() -> None:
    for name in ("RuleCase", "load_rule_cases", "run_rule_case", "score_one"):
        assert callable(getattr(testing, name))


def test_importing_the_pytest_plugin_loads_nothing_heavy() -> None:
    code = ("import sys, stef_core.testing.pytest_plugin\n"
            "heavy = ['sqlglot', 'pydantic', 'yaml', 'hypothesis', 'stef_core.engine',"
            " 'stef_core.models', 'stef_sql']\n"
            "print(sorted(m for m in heavy if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60).stdout
    assert out.strip() == "[]"


def test_fake_judge_gives_its_verdict_and_records_requests() -> None:
    judge = fake_judge("likely_correct", 0.7)
    assert isinstance(judge, FakeJudge)
    [r] = evaluate([{"question": ACTIVE_Q, "sql": ACTIVE_SQL}], judge=judge)
    assert r.verdict is not None
    assert (r.verdict.label, r.verdict.confidence, r.verdict.judge) == (
        "likely_correct", 0.7, "fake")
    assert [req.record.sql for req in judge.requests] == [ACTIVE_SQL]
    # filters 5 + likely_correct 3 = 8 of 10, confidence 0.7 -> factor 0.8: 64.
    assert r.score == 64.0


def test_fake_judge_with_a_function() -> None:
    def by_table(request):  # type: ignore[no-untyped-def]
        from stef_core.models import Verdict

        bad = "salaries" in request.sql.tables
        return Verdict(label="incorrect" if bad else "correct", confidence=0.9)

    engine = Engine(judge=FakeJudge(verdict=by_table))
    from stef_core.models import Record

    labels = [r.verdict.label if r.verdict else None for r in engine.evaluate_batch([
        Record(id="1", question="q", sql="SELECT * FROM salaries"),
        Record(id="2", question="q", sql="SELECT * FROM users")])]
    assert labels == ["incorrect", "correct"]


def test_fake_judge_rejects_bad_settings() -> None:
    with pytest.raises(ValueError, match="unknown label 'right'"):
        fake_judge("right")
    with pytest.raises(ValueError, match=r"confidence 1.5 is not in \[0, 1\]"):
        fake_judge("correct", 1.5)


def test_fake_judge_is_not_registered_globally() -> None:
    assert "fake" not in Registry.discover().plugins("judge")


def test_score_one_caches_one_engine_per_rules_and_judge() -> None:
    testing.close_engines()
    score_one(ACTIVE_Q, ACTIVE_SQL)
    score_one("How many orders?", "SELECT COUNT(*) FROM orders")
    score_one(ACTIVE_Q, ACTIVE_SQL, rules={"limit_guard": 50})
    assert len(testing._ENGINES) == 2
    testing.close_engines()
    assert testing._ENGINES == {}


def test_assert_sql_answers_passes_and_returns_the_result() -> None:
    result = assert_sql_answers(ACTIVE_Q, ACTIVE_SQL, min_score=90)
    assert result.score == 100.0


def test_assert_sql_answers_message() -> None:
    with pytest.raises(AssertionError) as info:
        assert_sql_answers(QUOTED_Q, "SELECT COUNT(*)\n  FROM users", min_score=90,
                           judge=fake_judge("potentially_incorrect", 0.6, rationale="no filter"))
    lines = str(info.value).splitlines()
    assert lines[:6] == [
        "STEF score 10 is below min_score 90",  # (0 + 2) / 10 x factor 0.5
        f"  question:  {QUOTED_Q}",
        "  sql:       SELECT COUNT(*) FROM users",
        "  score:     10.0 (poor)",
        "  filters:   not_applied (missing ? = 'active')",
        "  verdict:   potentially_incorrect (confidence 0.60, judge fake)",
    ]
    assert lines[6] == "  rationale: no filter"
    assert lines[7] == "  reasons:"
    assert any(ln.startswith("    - filter.missing: ") for ln in lines[8:])


def test_assert_sql_answers_unscored_sql() -> None:
    with pytest.raises(AssertionError) as info:
        assert_sql_answers(ACTIVE_Q, "SELEC nonsense", min_score=10)
    first, *_, last = str(info.value).splitlines()
    assert first == "STEF score unscored is below min_score 10"
    assert last.startswith("  status:    unscored (")


def test_rule_case_runner_with_explicit_registry_and_judge(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "limit_tolerance.yml"
    path.write_text(
        "rule: limit_tolerance\ncases:\n"
        "  - name: guard\n    question: List customers in France\n"
        "    sql: SELECT name FROM customers WHERE country = 'France' LIMIT 1000\n"
        "    expect: {fired: true, verdict: likely_correct}\n", encoding="utf-8")
    [case] = load_rule_cases(path)
    assert isinstance(case, RuleCase) and case.id == "limit_tolerance.guard"
    run_rule_case(case, registry=Registry.discover(), judge=fake_judge("likely_correct", 0.9))
    with pytest.raises(AssertionError, match="expected verdict likely_correct, got incorrect"):
        run_rule_case(case, judge=fake_judge("incorrect"))


def test_pair_xfail_marks_both_sides_or_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    pair = ("  - name: p\n    question: How many users are active?\n"
            "    right: SELECT COUNT(*) FROM users WHERE status = 'active'\n"
            "    wrong: SELECT COUNT(*) FROM users\n    code: filter.missing\n")
    path = tmp_path / "c.yml"
    path.write_text("rule: corpus.x\npairs:\n" + pair + "    xfail: gap\n", encoding="utf-8")
    assert [(c.kind, c.xfail) for c in load_rule_cases(path)] == [
        ("right", "gap"), ("wrong", "gap")]
    path.write_text("rule: corpus.x\npairs:\n" + pair + "    xfail: {wrong: gap}\n",
                    encoding="utf-8")
    assert [(c.kind, c.xfail) for c in load_rule_cases(path)] == [
        ("right", None), ("wrong", "gap")]
    path.write_text("rule: corpus.x\npairs:\n" + pair + "    xfail: {left: gap}\n",
                    encoding="utf-8")
    with pytest.raises(ValueError, match=r"'p': unknown xfail keys \['left'\]"):
        load_rule_cases(path)


@pytest.mark.parametrize("tags", ["[dates, null]", "[yes]", "[1]", "dates", "5"])
def test_a_tag_yaml_reads_as_another_value_is_an_error(tmp_path, tags) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "c.yml"
    path.write_text("rule: corpus.x\ncases:\n  - name: c\n    question: How many users?\n"
                    f"    sql: SELECT COUNT(*) FROM users\n    tags: {tags}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"c\.yml: 'c': tags must be a list of words"):
        load_rule_cases(path)
    text = path.read_text(encoding="utf-8").replace(f"tags: {tags}", "tags: [dates, 'null']")
    path.write_text(text, encoding="utf-8")
    assert load_rule_cases(path)[0].tags == ("dates", "null")
