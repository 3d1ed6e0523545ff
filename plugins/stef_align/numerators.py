"""A rate whose numerator counts the other outcome: ``filter.value_mismatch`` (major).

A rate is often written over the outcomes it is taken over: the base keeps ``status IN
('approved', 'rejected')`` and a conditional count on top counts one of them
(``COUNTIF(status = 'approved') / COUNT(*)``). When the question names one of the listed
outcomes ("permit approval rate") and not the one the numerator counts (``COUNTIF(status =
'rejected')``), the SQL computes the complement of the rate asked. The outcome named is read
from the person's own words by the start its words share with a listed value ("approval" /
'approved', "cancelled" / 'cancelled', "pass" / 'passed'); a question that names both, or
neither ("abandonment rate" over ``('sold', 'rts')``), is left alone.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("permit approval rate last quarter", None)
>>> sql = ("SELECT COUNTIF(status = 'rejected') / COUNT(*) FROM permits "
...        "WHERE status IN ('approved', 'rejected')")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, "bigquery"))]
[('filter.value_mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("= 'rejected'", "= 'approved'"), "bigquery"))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: One equality inside an aggregate's condition, as the SQL reader prints it.
_COUNTED = re.compile(
    r"\b(?:WHEN|IIF\s*\(|IF\s*\(|COUNT_?IF\s*\(|WHERE)\s*([\w.]+)\s*=\s*'([^']{1,80})'"
    r"(?=\s*(?:THEN\b|,|\)))",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z][a-z0-9]*")
_RATE = re.compile(r"\b(?:rate|rates|share|ratio|percent|percentage|pct|proportion)\b|%")
#: At most this many output columns and filters are read.
MAX_ITEMS = 64


def _said(value: str, words: list[str]) -> bool:
    """Does a word of the question name ``value`` ("approval" names 'approved')?"""
    for v in _WORD.findall(value.lower().replace("_", " ")):
        for w in words:
            n = 0
            for a, b in zip(v, w, strict=False):
                if a != b:
                    break
                n += 1
            if n >= 5 or (n >= 4 and n == min(len(v), len(w))):
                return True
    return False


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    lists = {(f.column or "").split(".")[-1].lower(): f.value for f in sql.filters[:MAX_ITEMS]
             if f.op == "in" and isinstance(f.value, tuple) and len(f.value) >= 2}
    if not lists:
        return []
    own = q.own_words[:2000]
    if not _RATE.search(own):
        return []
    words = _WORD.findall(own)
    for p in sql.projections[:MAX_ITEMS]:
        if not p.aggregate:
            continue
        for column, value in _COUNTED.findall(p.expr):
            listed = lists.get(column.split(".")[-1].lower())
            if listed is None:
                continue
            values = [str(v) for v in listed]
            if value.lower() not in {v.lower() for v in values} or _said(value, words):
                continue
            named = [v for v in values if v.lower() != value.lower() and _said(v, words)]
            if len(named) == 1:
                return [reason(
                    "filter.value_mismatch",
                    f"the question asks for the rate of '{named[0]}', but the SQL's numerator "
                    f"counts {column} = '{value}' (the base keeps {', '.join(values[:4])}): "
                    f"the complement of the rate asked",
                    "major",
                )]
    return []
