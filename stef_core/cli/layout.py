"""``--map`` and ``--delimiter``: the options that read any log layout, shared by every command
that reads records (``stef eval``, ``stef rules suggest``, ``stef calibrate``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from stef_core.mapping import FieldMap

F = TypeVar("F", bound=Callable[..., Any])


def layout_options(func: F) -> F:
    """Add ``--map FIELD=PATH`` (repeatable) and ``--delimiter CHAR`` to a command; it receives
    them as ``map_specs`` and ``delimiter``."""
    func = click.option(
        "--delimiter", metavar="CHAR",
        help="CSV field separator (';', '|', 'tab'). Default: comma, or the header's own "
             "separator when it has no comma (with a warning).")(func)
    return click.option(
        "--map", "map_specs", multiple=True, metavar="FIELD=PATH",
        help="Where a record field is in this log (repeatable): --map sql=query --map "
             "question=inputs.question. PATH is a column or a dotted path into nested JSON.")(func)


def read_layout(map_specs: tuple[str, ...], delimiter: str | None
                ) -> tuple[FieldMap | None, str | None]:
    """The parsed options (a usage error, exit 2, for a malformed one)."""
    from stef_core.io import check_delimiter
    from stef_core.mapping import FieldMap

    fields = FieldMap.parse(map_specs) if map_specs else None
    return fields, check_delimiter(delimiter) if delimiter is not None else None
