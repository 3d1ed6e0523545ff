"""benchmarks/corpus.py: the xfail rewrite edits marks and nothing else, problems are named
shortly and stably, and a run over a small corpus reports per-side pass rates."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[2] / "benchmarks" / "corpus.py"

FILE = """\
# a comment that stays
rule: corpus.sample
pairs:
  - name: active_users
    xfail: {wrong: "old mark"}
    question: How many users are active?
    right: SELECT COUNT(*) FROM users WHERE status = 'active'
    wrong: |
      SELECT COUNT(*)
      FROM users
    code: filter.missing
  - name: "quoted name"
    question: How many users are there?
    right: SELECT COUNT(*) FROM users
    wrong: SELECT * FROM users
    code: aggregation.missing
equivalent:
  - name: count_spellings
    question: How many users are there?
    a: SELECT COUNT(1) FROM users
    b: SELECT COUNT(*) FROM users
"""


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("corpus_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["corpus_tool"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_rewrite_replaces_marks_and_keeps_everything_else(tool: ModuleType) -> None:
    new = tool.rewrite_xfail(FILE, {
        "quoted name": {"right": "scores below 75", "wrong": "misses aggregation.missing"},
        "count_spellings": {"case": "equivalent spellings score apart"},
    })
    assert "old mark" not in new
    assert ('  - name: "quoted name"\n'
            '    xfail: {right: "scores below 75", wrong: "misses aggregation.missing"}\n'
            ) in new
    assert '  - name: count_spellings\n    xfail: "equivalent spellings score apart"\n' in new
    assert new.replace('    xfail: {right: "scores below 75", wrong: '
                       '"misses aggregation.missing"}\n', "").replace(
        '    xfail: "equivalent spellings score apart"\n', "") == FILE.replace(
        '    xfail: {wrong: "old mark"}\n', "")
    assert tool.rewrite_xfail(new, {}) == FILE.replace('    xfail: {wrong: "old mark"}\n', "")


def test_short_problems_carry_no_scores(tool: ModuleType) -> None:
    assert tool.short_problem("expected reason filter.missing") == "misses filter.missing"
    assert tool.short_problem("unexpected reason groupby.extra") == "carries groupby.extra"
    assert tool.short_problem("expected score >= 75.0, got 48.0") == "scores below 75"
    assert tool.short_problem("expected score < 75.0, got 100.0") == "scores 75 or more"
    assert tool.first_problem("f.yml:p (wrong): expected reason x; expected score < 75.0\n{}",
                              "f.yml:p (wrong)") == "expected reason x"


def test_write_xfail_marks_failing_sides_and_the_suite_agrees(tool: ModuleType,
                                                              tmp_path: Path) -> None:
    path = tmp_path / "sample.yml"
    path.write_text(FILE, encoding="utf-8")
    outcomes = tool.run_file(path)
    summary = tool.summarize(outcomes)
    total = summary["total"]
    assert (total["pairs"], total["right"], total["wrong"], total["equivalent"]) == (2, 2, 2, 1)
    assert total["pairs_passed"] == sum(
        all(o.passed for o in outcomes if o.entry == e and o.kind in ("right", "wrong"))
        for e in ("active_users", "quoted name"))
    tool.write_xfail(outcomes)
    from stef_core.testing import load_rule_cases, run_rule_case

    for case in load_rule_cases(path):  # strict xfail: every mark must match the outcome
        try:
            run_rule_case(case)
            failed = False
        except AssertionError:
            failed = True
        assert failed == bool(case.xfail), case.id
