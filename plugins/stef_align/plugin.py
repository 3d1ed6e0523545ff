"""Registers the default aligner (entry point ``stef = align``)."""

from __future__ import annotations

from stef_core import hookimpl
from stef_core.contracts import Aligner, Alignment, Context


class DefaultAligner(Aligner):
    """Matches required filters by value and column; reports structure findings with codes."""

    id = "default"
    version = "1"

    def align(self, ctx: Context) -> Alignment:
        from stef_align.align import align

        return align(ctx)


@hookimpl
def stef_register_aligners() -> list[type[Aligner]]:
    return [DefaultAligner]
