"""Registers the default aligner (entry point ``stef = align``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from stef_core import hookimpl
from stef_core.contracts import Aligner, Alignment, Context


class DefaultAligner(Aligner):
    """Checks the question's requirements against the SQL wherever they constrain the result
    (WHERE, HAVING, JOIN ON, CTEs and subqueries, CASE inside an aggregate), one module per
    concept; never adds or drops a requirement. Findings carry a code and a severity:
    critical ones are precise signs of a wrong answer (the offline judge keeps them below 75).
    """

    id = "default"
    version = "2"

    def align(self, ctx: Context) -> Alignment:
        return _align()(ctx)


@lru_cache(maxsize=1)
def _align() -> Callable[[Context], Alignment]:
    """The aligner, imported on first use and kept: an import statement run for every record
    costs more than some checks."""
    from stef_align.align import align

    return align


@hookimpl
def stef_register_aligners() -> list[type[Aligner]]:
    return [DefaultAligner]
