"""The runnable examples in the docstrings of the mapping, readers' delimiter, statistics,
report, suggestion and DataFrame modules stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["stef_core.mapping", "stef_core.io", "stef_core.stats", "stef_core.suggest",
           "stef_core.monitor.report", "stef_core.monitor.html", "stef_core.dataframe"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    if name == "stef_core.dataframe":
        pytest.importorskip("pandas")
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0
