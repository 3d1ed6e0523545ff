"""A rate whose numerator counts the other outcome: ``filter.value_mismatch`` or, for a
yes/no flag, ``filter.operator_mismatch`` (major).

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

A rate over a yes/no flag the question's own word names ("completion rate" / ``is_complete``,
"conversion rate" / ``converted``, "pass rate" / ``passed``) whose numerator counts the flag's
other side (``countIf(is_complete = 0)``, ``COUNT_IF(NOT converted)``, ``AVG(IFF(passed, 0,
1))``) computes the complement as well. A question that says the other side ("incomplete
rate", "share not vaccinated") asks for it, and ``1 - ...`` turns it back: both left alone.

>>> q = question_spec("completion rate by app", None)
>>> sql = "SELECT app, countIf(is_complete = 0) / count() FROM downloads GROUP BY app"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, "clickhouse"))]
[('filter.operator_mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("= 0", "= 1"), "clickhouse"))
[]
>>> check(question_spec("incomplete rate by app", None), extract_spec(sql, "clickhouse"))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import SHARE_WORDS, any_word

#: One equality inside an aggregate's condition, as the SQL reader prints it.
_COUNTED = re.compile(
    r"\b(?:WHEN|IIF\s*\(|IF\s*\(|COUNT_?IF\s*\(|WHERE)\s*([\w.]+)\s*=\s*'([^']{1,80})'"
    r"(?=\s*(?:THEN\b|,|\)))",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z][a-z0-9]*")
#: A rate asked in words: the share words and "rates".
_RATE = any_word((*SHARE_WORDS, "rates"), percent_sign=True)
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


#: The flag's other side counted inside an aggregate's condition, as the SQL reader prints it
#: (``WHEN NOT x``, ``COUNT_IF(x = 0)``, ``WHERE x <> TRUE``, ``WHEN x THEN 0 ELSE 1``,
#: ``CAST((NOT x) AS INT)``): group 1 (or 2 ...) is the flag column.
_OPEN = r"(?:\bWHEN|\bCOUNT_?IF\s*\(|\bWHERE|\bIIF\s*\(|\bIF\s*\()\s*"
_CLOSE = r"(?=\s*(?:THEN\b|,|\)))"
_FLAG_FALSE = re.compile(
    rf"{_OPEN}NOT\s+\(?([\w.]+)\)?{_CLOSE}"
    rf"|{_OPEN}([\w.]+)\s*=\s*(?:0|FALSE|'N'|'NO'){_CLOSE}"
    rf"|{_OPEN}([\w.]+)\s*(?:<>|!=)\s*(?:1|TRUE|'Y'|'YES'){_CLOSE}"
    r"|\bWHEN\s+([\w.]+)(?:\s*=\s*(?:1|TRUE))?\s+THEN\s+0\s+ELSE\s+1\b"
    r"|\bCAST\s*\(\s*\(\s*NOT\s+([\w.]+)\s*\)\s+AS\b",
    re.IGNORECASE,
)
#: ``1 - rate``: the complement of a complement.
_ONE_MINUS = re.compile(r"(?<![\w.])1(?:\.0*)?\s*-\s*")
#: The parts of a flag's name that say it is a flag, not what it flags.
_FLAG_PARTS = frozenset({"is", "has", "was", "did", "flag", "flg", "ind", "yn", "fl", "b"})
#: Words that ask for the other side themselves ("share not vaccinated", "non-renewed").
_OTHER_SIDE = frozenset({"not", "no", "non", "never", "without", "excluding", "except",
                         "zero", "none"})


def _flag_word(column: str) -> str | None:
    """What a flag column flags (``is_complete`` -> complete, ``picked_up`` -> picked), or
    None when its name says no yes/no state: a flag is named ``is_`` / ``has_`` ... or
    ``_flag`` / ``_ind``, or by a past participle (``converted``, ``refunded``); a quantity
    (``scrap_qty = 0``: none scrapped) is no flag."""
    parts = [p for p in column.split(".")[-1].lower().split("_") if p]
    flagged = bool(parts) and (parts[0] in _FLAG_PARTS or parts[-1] in _FLAG_PARTS)
    parts = [p for p in parts if p not in _FLAG_PARTS]
    if not parts or not parts[0].isalpha() or len(parts[0]) < 4:
        return None
    return parts[0] if flagged or parts[0].endswith("ed") else None


def _flag_complement(q: QuestionSpec, sql: SqlSpec, own: str) -> list[Reason]:
    words = _WORD.findall(own)
    if _OTHER_SIDE.intersection(words):
        return []
    for p in sql.projections[:MAX_ITEMS]:
        if not p.aggregate:
            continue
        numerator = p.expr.split(" / ", 1)[0]
        if _ONE_MINUS.search(numerator):
            continue
        for groups in _FLAG_FALSE.findall(numerator):
            column = next((g for g in groups if g), "")
            flag = _flag_word(column)
            if flag is None or not _said(flag, words):
                continue
            # "incomplete", "unvaccinated": a word holding the flag's stem after a prefix
            stem = flag[:5]
            if any(stem in w and not w.startswith(stem) for w in words):
                continue
            return [reason(
                "filter.operator_mismatch",
                f"the question asks for the rate of {column} being true, but the SQL's "
                f"numerator counts the rows where it is false: the complement of the rate "
                f"asked",
                "major",
            )]
    return []


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    own = q.own_words[:2000]
    if not _RATE.search(own):
        return []
    flagged = _flag_complement(q, sql, own)
    if flagged:
        return flagged
    lists = {(f.column or "").split(".")[-1].lower(): f.value for f in sql.filters[:MAX_ITEMS]
             if f.op == "in" and isinstance(f.value, tuple) and len(f.value) >= 2}
    if not lists:
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
