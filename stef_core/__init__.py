"""STEF core: the contracts every stage plugs into, the engine and the command line.

A plugin needs nothing but the marker::

    from stef_core import hookimpl

    @hookimpl
    def stef_register_judges():
        return [MyJudge]
"""

from __future__ import annotations

import pluggy

__version__ = "0.1.0"

hookimpl = pluggy.HookimplMarker("stef")
"""Marker for STEF hook implementations (``@hookimpl``)."""

__all__ = ["__version__", "hookimpl"]


def __getattr__(name: str) -> object:
    # The engine is imported lazily so that `from stef_core import hookimpl` stays cheap
    # for plugin modules (pluggy imports them at start-up).
    if name in {"evaluate", "Engine"}:
        from stef_core import engine

        return getattr(engine, name)
    raise AttributeError(name)
