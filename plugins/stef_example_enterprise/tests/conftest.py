"""Fixtures for the example plugin's tests; they run whether or not the plugin is installed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from stef_core.registry import Registry

# Installed, the package imports as usual. Run from a checkout, import it from this
# distribution's folder (seen from STEF's own checkout, ``plugins/`` is on sys.path and this
# folder would otherwise pass for an empty namespace package).
_spec = importlib.util.find_spec("stef_example_enterprise")
if _spec is None or _spec.origin is None:
    sys.modules.pop("stef_example_enterprise", None)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


@pytest.fixture(scope="session")
def example_registry():  # type: ignore[no-untyped-def]
    """The installed STEF plugins plus this distribution's modules, registered directly."""
    from stef_example_enterprise import fiscal_quarter, policy_judge


    return Registry.discover(extra=[fiscal_quarter, policy_judge])
