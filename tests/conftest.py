"""Shared fixtures. Tests never touch the network or ../shared/data."""

from __future__ import annotations

import os

import pytest

# litellm must not fetch its price map from the network when a test imports it.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


@pytest.fixture(scope="session")
def engine():
    from stef_core.engine import Engine

    return Engine()
