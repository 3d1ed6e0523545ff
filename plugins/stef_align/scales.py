"""Numbers a question says as a span, where the SQL writes the span's bounds.

* **The top of a rating scale.** "How many appointments got 4 or 5 stars": on a five-star
  scale 4 or 5 is every rating from 4 up, which SQL writes ``rating >= 4`` (or ``> 3``) as
  often as ``IN (4, 5)``. Read so only where the two numbers are consecutive, the second is
  a scale's top (5 or 10) and the text says they are stars or a rating ("4 or 5 stars",
  "rated 9 or 10"), and only where the SQL bounds a column from below at the first number:
  the two values are then one requirement ``>= 4``; a SQL that lists them keeps them as two.
* **A decade said by its tens.** "Houses built in the 90s", "patients in their 60s":
  the ten years or values from 1990 (or 90, 60) to 1999 (99, 69), which SQL writes
  ``BETWEEN 1990 AND 1999`` or ``>= 1990 AND < 2000``. The question's bare 90 is then the
  two bounds the SQL spells, when it bounds one column on both sides of such a span.

>>> from stef_core.spec import Filter
>>> asked = [Filter(None, "=", 4, "question"), Filter(None, "=", 5, "question", "weak")]
>>> sql = [Filter("rating", ">=", 4)]
>>> [f.describe() for f in read_spans(asked, "how many got 4 or 5 stars", sql)]
['? >= 4']
>>> [f.describe() for f in read_spans(asked, "how many got 4 or 5 stars",
...                                    [Filter("rating", "in", (4, 5))])]
['? = 4', '? = 5']
>>> [f.describe() for f in read_spans(asked, "customers with 4 or 5 orders", sql)]
['? = 4', '? = 5']
>>> nineties = [Filter(None, "=", 90, "question")]
>>> span = [Filter("year_built", ">=", 1990), Filter("year_built", "<=", 1999)]
>>> [f.describe() for f in read_spans(nineties, "houses built in the 90s", span)]
['? >= 1990', '? <= 1999']
>>> [f.describe() for f in read_spans(nineties, "houses built in the 90s",
...                                    [Filter("year_built", ">=", 1980),
...                                     Filter("year_built", "<=", 1989)])]
['? = 90']
"""

from __future__ import annotations

import re

from stef_core.spec import Filter

#: "4 or 5 stars", "4-5 stars", "rated 9 or 10", "a rating of 4 or 5".
_TOP_OF_SCALE = re.compile(
    r"\b(?:(?:rated|rating|ratings|scored|score|scores)\s+(?:of\s+)?)?(\d{1,2})\s*(?:or|-|/|to)"
    r"\s*(\d{1,2})(?:[\s-]*(?:stars?|star\s+ratings?)\b)?")
#: Scales whose top a question's second number may be.
_TOPS = (5, 10)
#: "the 90s", "their 60s", "the '90s".
_TENS = re.compile(r"\b(?:the|their|his|her|its)\s+'?([1-9]0)'?s\b")
#: The numbers ``_TENS`` reads.
_TENS_SAID = frozenset(range(10, 100, 10))


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _lower_bound(sql: list[Filter], n: int) -> bool:
    """Does the SQL bound a column from below at ``n`` (``>= n``, ``> n - 1``)?"""
    return any(s.column is not None and not s.excluded and _is_int(s.value) and (
        (s.op == ">=" and s.value == n) or (s.op == ">" and s.value == n - 1)) for s in sql)


def _top_of_scale(asked: list[Filter], text: str, sql: list[Filter]) -> list[Filter]:
    for m in _TOP_OF_SCALE.finditer(text[:2000].lower()):
        lo, hi = int(m.group(1)), int(m.group(2))
        said = m.group(0)
        if hi != lo + 1 or hi not in _TOPS or not (
                "star" in said or not said[:1].isdigit()):
            continue  # not a scale's top, or not said to be a rating
        pair = [f for f in asked if f.column is None and f.op == "=" and f.value in (lo, hi)
                and _is_int(f.value)]
        if {f.value for f in pair} != {lo, hi} or not _lower_bound(sql, lo):
            continue
        first = next(f for f in pair if f.value == lo)
        at = asked.index(first)
        rest = [f for f in asked if f not in pair]
        rest.insert(min(at, len(rest)), Filter(None, ">=", lo, "question", "strong"))
        asked = rest
    return asked


def _decade_bounds(sql: list[Filter], tens: int) -> tuple[int, int] | None:
    """The span of ten ``tens`` names that the SQL bounds one column on both sides with."""
    for base in (tens, 1900 + tens, 2000 + tens):
        lo, hi = base, base + 9
        for s in sql:
            if s.column is None or s.excluded or not _is_int(s.value):
                continue
            if not ((s.op == ">=" and s.value == lo) or (s.op == ">" and s.value == lo - 1)):
                continue
            if any(t.column == s.column and not t.excluded and _is_int(t.value) and (
                    (t.op == "<=" and t.value == hi) or (t.op == "<" and t.value == hi + 1))
                    for t in sql):
                return lo, hi
    return None


def _decades(asked: list[Filter], text: str, sql: list[Filter]) -> list[Filter]:
    for m in _TENS.finditer(text[:2000].lower()):
        tens = int(m.group(1))
        said = [f for f in asked if f.column is None and f.op == "=" and f.value == tens
                and _is_int(f.value)]
        if not said:
            continue
        span = _decade_bounds(sql, tens)
        if span is None:
            continue
        at = asked.index(said[0])
        rest = [f for f in asked if f not in said]
        strength = said[0].strength
        rest[at:at] = [Filter(None, ">=", span[0], "question", strength),
                       Filter(None, "<=", span[1], "question", strength)]
        asked = rest
    return asked


def read_spans(asked: list[Filter], text: str, sql: list[Filter]) -> list[Filter]:
    """The question's requirements with a scale's top values ("4 or 5 stars") and a decade
    said by its tens ("the 90s") read as the bounds the SQL writes them with (module
    docstring); the others as they are."""
    if not asked or not sql:
        return asked
    # Each reading replaces bare numbers the question says (``? = 4``): without them the
    # text is not searched. The top of a scale needs 4 and 5 or 9 and 10, a decade its tens;
    # the first reading only takes numbers away, so the second's test holds after it.
    said = {f.value for f in asked if f.column is None and f.op == "=" and _is_int(f.value)}
    if not said:
        return asked
    if {4, 5} <= said or {9, 10} <= said:
        asked = _top_of_scale(asked, text, sql)
    if not said.isdisjoint(_TENS_SAID):
        asked = _decades(asked, text, sql)
    return asked
