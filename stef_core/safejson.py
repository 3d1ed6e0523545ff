"""JSON from text STEF does not control (logs, hand-made results files), read so that no value
can stop a run.

* Integers longer than 4,300 digits stay as their text: Python refuses to convert them
  (``sys.int_info.default_max_str_digits``), and converting is quadratic in the digits anyway.
* Lone UTF-16 surrogates (``"\\ud800"``) become U+FFFD: no UTF-8 output can hold them.
* Control characters inside strings (raw tabs, CRs) are accepted, as logs carry them.
* Nesting deeper than the decoder's recursion limit raises ``RecursionError`` for the caller
  to report; nothing here recurses itself.

>>> loaded = loads('{"id": "\\\\ud800", "n": ' + "9" * 5000 + "}")
>>> loaded.value["id"], len(loaded.value["n"]), loaded.big_ints, loaded.surrogates
('\ufffd', 5000, True, True)
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

#: Python's own bound on int <-> str conversion
MAX_INT_DIGITS = 4300
SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


@dataclass(frozen=True)
class Loaded:
    """A decoded value and what was repaired in it."""

    value: Any
    big_ints: bool = False
    surrogates: bool = False


class NotFinite(ValueError):
    """A number JSON does not allow: ``NaN``, ``Infinity``, or one past the float range
    (``1e999``), which Python's decoder would otherwise accept as a float."""

    def __init__(self, token: str) -> None:
        super().__init__(f"the number {token[:40]} is not finite (NaN, Infinity and numbers "
                         "past 1e308 are not JSON numbers)")


def _constant(token: str) -> float:
    raise NotFinite(token)


def _finite_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise NotFinite(token)
    return value


def loads(text: str, *, finite: bool = False) -> Loaded:
    """Decode ``text``; raises ``json.JSONDecodeError`` or ``RecursionError``, and with
    ``finite`` :class:`NotFinite` for a number that is not (for files whose numbers are
    computed with: a NaN score must never pass for one)."""
    big: list[str] = []

    def parse_int(digits: str) -> int | str:
        if len(digits) > MAX_INT_DIGITS:
            big.append(digits)
            return digits
        return int(digits)

    options: dict[str, Any] = {"parse_constant": _constant, "parse_float": _finite_float} \
        if finite else {}
    value = json.JSONDecoder(parse_int=parse_int, strict=False, **options).decode(text)
    found = False
    if _SURROGATE_ESCAPE.search(text):  # only an escape can put a lone surrogate in a value
        value, found = scrub(value)
    return Loaded(value, bool(big), found)


def scrub(value: Any) -> tuple[Any, bool]:
    """``value`` with every lone surrogate in its strings (keys too) replaced by U+FFFD, and
    whether any was found. Iterative: the value may be nested as deep as the parser allows.

    >>> scrub({"a\\udfff": ["x\\ud800"]})
    ({'a\ufffd': ['x\ufffd']}, True)
    """

    def fix(s: str) -> str:
        return SURROGATE.sub("\ufffd", s)

    if isinstance(value, str):
        fixed = fix(value)
        return fixed, fixed != value
    found = False
    root: list[Any] = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        parent, key = stack.pop()
        item = parent[key]
        if isinstance(item, str):
            fixed = fix(item)
            if fixed != item:
                parent[key] = fixed
                found = True
        elif isinstance(item, list):
            stack.extend((item, i) for i in range(len(item)))
        elif isinstance(item, dict):
            if any(SURROGATE.search(k) for k in item):
                renamed = {fix(k): v for k, v in item.items()}
                item.clear()
                item.update(renamed)
                found = True
            stack.extend((item, k) for k in item)
    return root[0], found


def finite(value: Any) -> Any:
    """``value`` with every NaN or infinite float replaced by None (lists and dicts are changed
    in place; iteratively, like :func:`scrub`): what JSON can hold.

    >>> finite({"mean": float("nan"), "ci": [1.0, float("inf")]})
    {'mean': None, 'ci': [1.0, None]}
    """
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    root: list[Any] = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        parent, key = stack.pop()
        item = parent[key]
        if isinstance(item, float) and not math.isfinite(item):
            parent[key] = None
        elif isinstance(item, list):
            stack.extend((item, i) for i in range(len(item)))
        elif isinstance(item, dict):
            stack.extend((item, k) for k in item)
        elif isinstance(item, tuple):
            parent[key] = list(item)
            stack.append((parent, key))
    return root[0]


def json_text(data: Any) -> str:
    """``data`` as indented JSON that any reader accepts: never ``NaN`` or ``Infinity``
    (written as null), which Python's json module would otherwise emit.

    >>> json_text({"mean": float("nan")})
    '{\\n  "mean": null\\n}'
    """
    return json.dumps(finite(data), indent=2, allow_nan=False)
