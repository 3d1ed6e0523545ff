"""The runnable examples in the question reader's and the aligner's docstrings stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest
import stef_align
import stef_question
import stef_question.concepts

MODULES = sorted(
    name for pkg in (stef_question, stef_question.concepts, stef_align)
    for name in (f"{pkg.__name__}.{m.name}" for m in pkgutil.iter_modules(pkg.__path__))
    if not name.endswith(".plugin")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_every_concept_module_has_examples() -> None:
    concepts = [m for m in MODULES if m.startswith("stef_question.concepts.")]
    assert len(concepts) >= 8
    for name in concepts:
        finder = doctest.DocTestFinder()
        examples = sum(len(t.examples) for t in finder.find(importlib.import_module(name)))
        assert examples > 0, f"{name} has no runnable example"
