"""The runnable examples in the docstrings of the core, the SQL reader, the rules, the scorer
and the offline judge stay true (the question reader's, the aligner's and the LLM judge's are
run by tests/question and tests/judges)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest
import stef_judges
import stef_rules
import stef_scoring
import stef_sql

import stef_core

MODULES = sorted(
    name
    for pkg in (stef_core, stef_sql, stef_rules, stef_scoring, stef_judges)
    for name in (m.name for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."))
    if not name.startswith("stef_judges.llm")
)
#: The shared primitives plugins build on: each shows how it is used.
PRIMITIVES = ("stef_core.errors", "stef_core.periods", "stef_core.records", "stef_core.spec",
              "stef_core.values", "stef_core.words")


#: Modules whose examples need an optional extra: skipped where it is not installed.
NEEDS = {"stef_core.integrations.mlflow": "mlflow"}


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


@pytest.mark.parametrize("name", PRIMITIVES)
def test_every_primitive_module_has_examples(name: str) -> None:
    finder = doctest.DocTestFinder()
    examples = sum(len(t.examples) for t in finder.find(importlib.import_module(name)))
    assert examples > 0, f"{name} has no runnable example"
