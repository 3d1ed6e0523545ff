"""Value folding: one spelling per meaning, shared by every reader, the aligner and the judges.

The SQL reader folds its literals with these functions, the question reader its quoted
values and numbers, the aligner and the judges compare both under :func:`value_key`, and the
ruleset checks compare declared category values under the same key, so a value that one side
calls equal to another is equal everywhere.

>>> fold_text("  New   York "), number("1,250.0"), fold_value(3.0)
('new york', 1250, 3)
>>> value_key(5) == value_key("5") == value_key(" 5.0 "), value_key(True), value_key(None)
(True, '1', 'null')
>>> abbreviates("svk", "slovakia"), abbreviates("ca", "texas")
(True, False)
"""

from __future__ import annotations

import re
from functools import lru_cache

from stef_core.spec import Scalar

__all__ = ["abbreviates", "fold_text", "fold_value", "number", "value_key"]

_WS = re.compile(r"\s+")


@lru_cache(maxsize=4096)
def fold_text(text: str) -> str:
    """Case- and whitespace-fold a string value: ``'  New   York '`` -> ``'new york'``."""
    if "  " not in text and text.isprintable():
        # Blanks only as single ASCII spaces (every other blank is unprintable): nothing to
        # fold between the words, and the substitution costs a match per space.
        return text.strip().casefold()
    return _WS.sub(" ", text).strip().casefold()


def number(text: str) -> int | float | None:
    """``'5'`` -> 5, ``'5.0'`` -> 5, ``'0.25'`` -> 0.25, ``'1,000'`` -> 1000, ``'abc'`` ->
    None; not-a-number and infinities are None too.

    >>> number("5.0"), number("0.25"), number("abc"), number("nan")
    (5, 0.25, None, None)
    """
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
    """A comparison key under which equal-meaning values coincide: ``5``, ``5.0`` and
    ``'5'``; ``'New York'`` and ``'new  york'``; ``True`` and ``1``.

    >>> value_key("1.50"), value_key(1.5), value_key("New  York"), value_key(False)
    ('1.5', '1.5', 'new york', '0')
    """
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


@lru_cache(maxsize=16384)
def abbreviates(short: str, long: str) -> bool:
    """Is ``short`` (2-4 letters) an abbreviation of ``long``: same first letter, its letters
    in order ('svk' ~ 'slovakia', 'ca' ~ 'california', 'eur' ~ 'euro')?"""
    if not (2 <= len(short) <= 4) or not short.isalpha() or len(long) <= len(short):
        return False
    if short[0] != long[0]:
        return False
    it = iter(long)
    return all(ch in it for ch in short)


#: How data spells a flag's two values (``False == 0`` and ``True == 1`` hash alike).
FLAG_NO = frozenset({False, "0", "n", "no", "false", "f"})
FLAG_YES = frozenset({True, "1", "y", "yes", "true", "t"})


def kept_side(op: str, value: object) -> bool | None:
    """The side of a flag that ``flag op value`` keeps: True for its "yes" rows (``= 1``,
    ``!= false``), False for its "no" rows (``= 'N'``, ``!= TRUE``), None when the comparison
    is no test of one flag value. One reading for every spelling of a guard (``NOT is_test``,
    ``is_test = 0``, ``is_test IS NOT TRUE``).

    >>> kept_side("=", "N"), kept_side("!=", 0), kept_side("<>", True), kept_side("=", "open")
    (False, True, False, None)
    """
    if op not in ("=", "!=", "<>") or isinstance(value, (tuple, list)):
        return None
    v = value.lower() if isinstance(value, str) else value
    try:
        yes, no = v in FLAG_YES, v in FLAG_NO
    except TypeError:  # an unhashable value
        return None
    if yes or no:
        return yes == (op == "=")
    return None
