"""The examples in the LLM modules' docstrings are true."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", [
    "stef_judges.llm", "stef_judges.llm_client", "stef_judges.llm_cache",
    "stef_judges.llm_prompt", "stef_judges.llm_config", "stef_judges.llm_budget",
    "stef_judges.llm_breaker", "stef_judges.llm_transport", "stef_judges.cascade",
])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
