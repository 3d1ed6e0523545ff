"""Value normalization shared by the SQL and question sides: one spelling per meaning."""

from __future__ import annotations

import re
from functools import lru_cache

from stef_core.spec import Scalar

_WS = re.compile(r"\s+")


@lru_cache(maxsize=4096)
def fold_text(text: str) -> str:
    """Case- and whitespace-fold a string value: ``'  New   York '`` -> ``'new york'``."""
    return _WS.sub(" ", text).strip().casefold()


def number(text: str) -> int | float | None:
    """``'5'`` -> 5, ``'5.0'`` -> 5, ``'0.25'`` -> 0.25, ``'abc'`` -> None."""
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        return None
    if value != value or value in (float("inf"), float("-inf")):
        return None
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def fold_value(value: Scalar) -> Scalar:
    """Normalize a scalar: strings folded, integral floats made int."""
    if isinstance(value, str):
        return fold_text(value)
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


@lru_cache(maxsize=16384)
def value_key(value: Scalar) -> str:
    """A comparison key under which equal-meaning values coincide (``5`` and ``'5'``)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, float)):
        v = fold_value(value)
        return str(v)
    if value is None:
        return "null"
    folded = fold_text(value)
    as_num = number(folded) if folded[:1].isdigit() or folded[:1] in "-." else None
    return str(as_num) if as_num is not None else folded
