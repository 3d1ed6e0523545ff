"""STEF core: the contracts every stage plugs into, the engine and the command line.

A plugin needs nothing but the marker::

    from stef_core import hookimpl

    @hookimpl
    def stef_register_judges():
        return [MyJudge]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:
    import pluggy

    hookimpl: pluggy.HookimplMarker
    """Marker for STEF hook implementations (``@hookimpl``)."""

__all__ = ["__version__", "hookimpl"]


def __getattr__(name: str) -> object:
    # Nothing is imported eagerly: `import stef_core` (which the `stef` command does first)
    # stays instant, so Ctrl-C at start-up lands in code that handles it; and the engine is
    # imported only when asked for, so `from stef_core import hookimpl` stays cheap for
    # plugin modules (pluggy imports them at start-up).
    if name == "hookimpl":
        import pluggy

        marker = pluggy.HookimplMarker("stef")
        globals()["hookimpl"] = marker  # one marker for everyone, looked up once
        return marker
    if name in {"evaluate", "Engine"}:
        from stef_core import engine

        return getattr(engine, name)
    raise AttributeError(name)
