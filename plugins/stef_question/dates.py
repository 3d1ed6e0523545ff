"""Dates spelled out in a question, as the previous extractor read them (ISO prefixes with an
operator). Kept unchanged until the time concept (``concepts/time.py``, periods on both specs)
replaces it; the frame only calls :func:`read`.

>>> [(op, iso) for _, op, iso in read("How many schools opened between 1/1/2000 and 12/31/2005?")]
[('>=', '2000-01-01'), ('<=', '2005-12-31')]
>>> [(op, iso) for _, op, iso in read("tickets closed in October 2026")]
[('=', '2026-10')]
"""

from __future__ import annotations

import re

_MONTHS = {
    m: i
    for i, m in enumerate(
        ["january", "february", "march", "april", "may", "june", "july", "august",
         "september", "october", "november", "december"],
        1,
    )
}
_DATE_YMD = re.compile(r"\b(\d{4})[/-](\d{1,2})[/-](\d{1,2})\b")
_DATE_MDY = re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b")
_MONTH_NAMES = "|".join(_MONTHS)
_DATE_WORDS = re.compile(
    rf"\b({_MONTH_NAMES})\s+(?:(\d{{1,2}})(?:st|nd|rd|th)?,?\s*)?(\d{{4}})\b", re.IGNORECASE
)
_DATE_DMY_WORDS = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+({_MONTH_NAMES}),?\s+(\d{{4}})\b", re.IGNORECASE
)
_OPS = (
    (re.compile(r"(after|later than)\s+$"), ">"),
    (re.compile(r"(between|from|since)\s+$"), ">="),
    (re.compile(r"(before|earlier than|prior to)\s+$"), "<"),
    (re.compile(r"(until|through)\s+$"), "<="),
)
_RANGE_END = re.compile(r"\b(and|to|-)\s+$")


def _spans(text: str) -> list[tuple[tuple[int, int], str]]:
    out: list[tuple[tuple[int, int], str]] = []
    for m in _DATE_YMD.finditer(text):
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if 1 <= mo <= 12 and 1 <= d <= 31:
            out.append((m.span(), f"{y:04d}-{mo:02d}-{d:02d}"))
    for m in _DATE_MDY.finditer(text):
        mo, d, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if 1 <= mo <= 12 and 1 <= d <= 31:
            out.append((m.span(), f"{y:04d}-{mo:02d}-{d:02d}"))
    for m in _DATE_WORDS.finditer(text):
        mo = _MONTHS[m.group(1).lower()]
        y = int(m.group(3))
        iso = f"{y:04d}-{mo:02d}" + (f"-{int(m.group(2)):02d}" if m.group(2) else "")
        out.append((m.span(), iso))
    for m in _DATE_DMY_WORDS.finditer(text):
        d, mo, y = int(m.group(1)), _MONTHS[m.group(2).lower()], int(m.group(3))
        out.append((m.span(), f"{y:04d}-{mo:02d}-{d:02d}"))
    out.sort()
    return out


def read(text: str) -> list[tuple[tuple[int, int], str, str]]:
    """``(character span, operator, ISO date or prefix)`` for each date the text spells."""
    out: list[tuple[tuple[int, int], str, str]] = []
    ends: list[int] = []
    for span, iso in _spans(text):
        if ends and span[0] < ends[-1]:
            continue  # overlapping spellings of one date
        before = text[max(0, span[0] - 25) : span[0]].lower()
        op = "="
        for pattern, cmp_op in _OPS:
            if pattern.search(before):
                op = cmp_op
        if op == "=" and _RANGE_END.search(before) and out and out[-1][1] == ">=":
            op = "<="  # the end of "between <date> and <date>"
        out.append((span, op, iso))
        ends.append(span[1])
    return out
