"""Test helpers for STEF and for plugin authors.

Rule cases are YAML files, one per rule, run by one runner (as sqlfluff does)::

    rule: limit_tolerance            # the normalizer id the cases exercise
    cases:
      - name: guard_limit_is_ignored
        question: List customers in France
        sql: SELECT name FROM customers WHERE country = 'France' LIMIT 1000
        rules: {limit_guard: 1000}   # optional R_app (JSON form) for this case
        expect:
          fired: true                # the rule is listed in `normalizations`
          status: fully_applied      # filter status
          reasons_include: []        # reason codes that must be present
          reasons_exclude: [limit.unrequested]
          min_score: 90              # also: max_score, score, verdict, band

Use them from pytest::

    from stef_core.testing import load_rule_cases, run_rule_case

    @pytest.mark.parametrize("case", load_rule_cases("tests/rules/cases"), ids=lambda c: c.id)
    def test_rule_case(case):
        run_rule_case(case)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from stef_core.models import Result, Ruleset

_EXPECT_KEYS = {
    "fired", "status", "reasons_include", "reasons_exclude", "score", "min_score", "max_score",
    "verdict", "band", "unscored", "same_score_as",
}


@dataclass(frozen=True)
class RuleCase:
    """One YAML case. ``id`` is ``<rule>.<name>`` so ``pytest -k limit_tolerance`` selects."""

    rule: str
    name: str
    question: str
    sql: str
    enriched_question: str | None = None
    dialect: str | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    expect: dict[str, Any] = field(default_factory=dict)
    source: str = ""

    @property
    def id(self) -> str:
        return f"{self.rule}.{self.name}"


def load_rule_cases(path: str | Path) -> list[RuleCase]:
    """Every case of a YAML file, or of every ``*.yml``/``*.yaml`` file under a folder."""
    p = Path(path)
    files = sorted([*p.glob("*.yml"), *p.glob("*.yaml")]) if p.is_dir() else [p]
    cases: list[RuleCase] = []
    for file in files:
        data = yaml.safe_load(file.read_text(encoding="utf-8")) or {}
        rule = str(data.get("rule") or file.stem)
        for i, raw in enumerate(data.get("cases") or []):
            name = str(raw.get("name") or f"case{i}")
            unknown = set(raw.get("expect") or {}) - _EXPECT_KEYS
            if unknown:
                raise ValueError(f"{file}: case {name!r}: unknown expect keys {sorted(unknown)}; "
                                 f"known: {sorted(_EXPECT_KEYS)}")
            cases.append(RuleCase(
                rule=rule, name=name, question=str(raw["question"]), sql=str(raw["sql"]),
                enriched_question=raw.get("enriched_question"), dialect=raw.get("dialect"),
                rules=dict(raw.get("rules") or {}), expect=dict(raw.get("expect") or {}),
                source=f"{file}:{name}",
            ))
    return cases


def score_one(
    question: str,
    sql: str,
    *,
    enriched_question: str | None = None,
    rules: Ruleset | dict[str, Any] | None = None,
    dialect: str | None = None,
    judge: Any = "offline",
) -> Result:
    """Score one record in-process (offline by default)."""
    from stef_core.engine import evaluate

    record = {"id": "case", "question": question, "sql": sql,
              "enriched_question": enriched_question, "dialect": dialect}
    [result] = evaluate([record], rules=rules, judge=judge)
    return result


def run_rule_case(case: RuleCase) -> Result:
    """Score a case and assert its expectations; the failure message shows the whole result."""
    result = score_one(case.question, case.sql, enriched_question=case.enriched_question,
                       rules=case.rules or None, dialect=case.dialect)
    exp = case.expect
    codes = [r.code for r in result.reasons]
    problems: list[str] = []
    if exp.get("unscored"):
        if result.status != "unscored":
            problems.append("expected the record to be unscored")
    elif result.status != "scored":
        problems.append(f"expected a score, got unscored: {result.error}")
    if "fired" in exp and (case.rule in result.normalizations) != bool(exp["fired"]):
        problems.append(f"expected rule {case.rule!r} {'to' if exp['fired'] else 'not to'} fire; "
                        f"fired: {result.normalizations}")
    fa = result.filter_alignment
    if "status" in exp and (fa is None or fa.status != exp["status"]):
        problems.append(f"expected filter status {exp['status']}, got {fa.status if fa else None}")
    for code in exp.get("reasons_include") or []:
        if code not in codes:
            problems.append(f"expected reason {code}")
    for code in exp.get("reasons_exclude") or []:
        if code in codes:
            problems.append(f"unexpected reason {code}")
    score = result.score if result.score is not None else -1.0
    if "score" in exp and score != float(exp["score"]):
        problems.append(f"expected score {exp['score']}, got {result.score}")
    if "min_score" in exp and score < float(exp["min_score"]):
        problems.append(f"expected score >= {exp['min_score']}, got {result.score}")
    if "max_score" in exp and score > float(exp["max_score"]):
        problems.append(f"expected score <= {exp['max_score']}, got {result.score}")
    if "verdict" in exp and (result.verdict is None or result.verdict.label != exp["verdict"]):
        problems.append(f"expected verdict {exp['verdict']}, got "
                        f"{result.verdict.label if result.verdict else None}")
    if "band" in exp and result.band != exp["band"]:
        problems.append(f"expected band {exp['band']}, got {result.band}")
    if "same_score_as" in exp:
        other = score_one(case.question, str(exp["same_score_as"]),
                          enriched_question=case.enriched_question,
                          rules=case.rules or None, dialect=case.dialect)
        if other.score != result.score or (other.filter_alignment and fa and
                                           other.filter_alignment.status != fa.status):
            problems.append(f"expected the same score as {exp['same_score_as']!r}: "
                            f"{result.score} vs {other.score}")
    if problems:
        raise AssertionError(
            f"{case.source}: " + "; ".join(problems) + "\n" + result.model_dump_json(indent=2)
        )
    return result
