"""The question-understanding and date corpora (tests/corpus/**/*.yml): textbook pairs of a
right and a wrong SQL for one question, and equivalent spellings, through the shared runner.

``pytest tests/corpus -k superlative`` runs one concept; ``python benchmarks/corpus.py`` reports
pass rates per concept (known gaps, marked ``xfail`` in the files, included).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stef_core.testing import RuleCase, load_rule_cases, run_rule_case

CASES = load_rule_cases(Path(__file__).parent)


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, id=c.id, marks=pytest.mark.xfail(strict=True, reason=c.xfail))
        if c.xfail else pytest.param(c, id=c.id)
        for c in CASES
    ],
)
def test_corpus_case(case: RuleCase) -> None:
    run_rule_case(case)
