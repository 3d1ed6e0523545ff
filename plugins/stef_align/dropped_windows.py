"""A window the question states, lost by the reformulation and the SQL alike:
``filter.missing`` (major) when the person asks for a span ("canceled within 30 days" of a
downgrade, "cancelled within 24 hours of class start", "trips longer than 45 minutes"), the
agent's reformulation restates the question without it ("Accounts with a downgrade this year
whose subscription was later canceled") and the SQL follows the reformulation: the number
appears nowhere in it, nor the same span in another unit (720 hours, 2592000 seconds, one
month for 30 days, as a span with its unit: a bare 1 says nothing; a name like
``canceled_30d`` counts too).

Without a reformulation, a SQL that spells no such number says little on its own (a flag
column may carry the window: the filters keep that as a doubt); a reformulation that keeps
the number, while the SQL does not, is the agent's reading kept and not applied, which the
filters weigh. Both losing it is the reformulation's drop carried into the answer: the rows
outside the window are counted too. Only the person's own words state the window, and only
a span introduced by a bound ("within", "in under", "more than", "at least" ...): "the last
30 days" is a period, read elsewhere.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("accounts that canceled within 30 days of a downgrade",
...                   "Accounts with a downgrade whose subscription was later canceled.")
>>> sql = ("SELECT COUNT(*) FROM plan_changes pc JOIN subscriptions s ON s.sub_id = pc.sub_id "
...        "WHERE s.canceled_ts > pc.changed_ts")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql + " AND s.canceled_ts <= pc.changed_ts + INTERVAL '30' DAY"))
[]
>>> check(q, extract_spec(sql + " AND s.canceled_ts <= pc.changed_ts + INTERVAL '1' MONTH"))
[]
"""

from __future__ import annotations

import re

from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.periods import UNIT_SECONDS
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: A span stated with a bound: "within 30 days", "in under 2 hours", "longer than 45 minutes".
_WINDOW = gated(
    r"\b(within|inside|in under|in less than|less than|under|no more than|at most|up to|"
    r"more than|over|longer than|at least)\s+(\d+(?:\.\d+)?)\s*-?\s*(seconds?|secs?|"
    r"minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?)\b")
_UNITS = {"sec": "second", "min": "minute", "hr": "hour", "wk": "week"}
#: Spans without a fixed length in seconds, in days (a month read as 30 or 31 days).
_LONG_DAYS = {"month": (30.0, 31.0), "year": (365.0, 366.0)}
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
          8: "eight", 9: "nine", 10: "ten", 12: "twelve", 14: "fourteen", 15: "fifteen",
          20: "twenty", 30: "thirty", 45: "forty-five", 60: "sixty", 90: "ninety"}
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _unit(word: str) -> str:
    word = word.rstrip("s")
    return _UNITS.get(word, word)


def _spans(number: float, unit: str) -> dict[str, float]:
    """The span ``number unit`` in every unit it is a whole number of (30 day: 30 days, 720
    hours, 43200 minutes, 2592000 seconds, 1 month)."""
    out = {unit: number}
    if unit in _LONG_DAYS:
        days = [number * d for d in _LONG_DAYS[unit]]
        if unit == "year":
            out["month"] = number * 12
    else:
        days = [number * UNIT_SECONDS[unit] / UNIT_SECONDS["day"]]
        for name, (low, high) in _LONG_DAYS.items():
            if name == "month" and low <= days[0] <= high:
                out[name] = 1.0
    for day in days:
        for name, seconds in UNIT_SECONDS.items():
            value = day * UNIT_SECONDS["day"] / seconds
            if value == int(value) and name not in out:
                out[name] = value
    return out


def _said(spans: dict[str, float], text: str) -> bool:
    """Does ``text`` state one of ``spans`` (digits, a number word, "a day", "an hour")?"""
    numbers = {float(m.group(0)) for m in _NUMBER.finditer(text)}
    for name, value in spans.items():
        if value in numbers or (value == int(value) and int(value) in _WORDS
                                and re.search(rf"\b{_WORDS[int(value)]}\b", text)):
            return True
        if value == 1 and re.search(rf"\b(?:a|an|one)\s+{name}\b", text):
            return True
    return False


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    own = q.own_words
    if q.restated_periods is None or len(own) >= len(q.text):
        return []  # no reformulation: the SQL alone is no evidence
    reform = q.text[len(own):]
    for m in _WINDOW.finditer(own[:2000]):
        number, unit = float(m.group(2)), _unit(m.group(3))
        if unit not in UNIT_SECONDS and unit not in _LONG_DAYS:
            continue
        spans = _spans(number, unit)
        if _said(spans, reform) or any(
                (v != 1 and v in sql.spelled_numbers) or (v, name) in sql.spelled_spans
                for name, v in spans.items()):
            continue
        return [reason(
            "filter.missing",
            f"the question asks for '{m.group(0)}'; the reformulation drops it and the SQL "
            f"follows: no {number:g} {unit}s, nor the same span in another unit, appears in "
            f"the SQL, so the rows outside that window are counted too",
            "major",
        )]
    return []
