"""Days of the week kept in another numbering than the dialect's (``filter.weekday_number``).

"% of stays arriving fri or sat" kept as ``dayofweek(arrival_dt) IN (6, 7)`` in DuckDB (0 =
Sunday .. 6 = Saturday) is Saturday alone, 7 never comes back; "weekend sales" kept as
``EXTRACT(DAYOFWEEK FROM d) IN (6, 7)`` in BigQuery (1 = Sunday .. 7 = Saturday) is Friday
and Saturday. The SQL reader reads which days each comparison of a weekday function with
numbers keeps, in each numbering the dialect may give it (``SqlSpec.weekday_numbers``, from
:mod:`stef_sql.read.weekdays`); here the days the question names decide.

The days asked are read from the user's words (from the reformulation only when they name
none: a reformulation may restate the mistake, "weekend days (day of week 6 and 7)"):
"weekend" Saturday and Sunday, "weekday(s)", "business days" Monday to Friday, a day's name
or its short form ("fri", "sat") that day. A comparison answers them when, in some numbering
of its function, every number is a day and the days it keeps are all asked (a CASE branch
of "saturday and sunday sales, each" keeps one of them; "weekend vs weekday" asks every
day) or exactly the days not asked ("not on weekends" kept as the working week); "which
weekday", "by weekday" ask for a breakdown and name no days.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("% of stays arriving fri or sat this season", None)
>>> sql = extract_spec("SELECT COUNT(*) FILTER (WHERE dayofweek(arrival_dt) IN (6, 7)) * 100.0"
...                    " / COUNT(*) FROM reservations", "duckdb")
>>> [r.code for r in check(q, sql)]
['filter.weekday_number']
>>> sql = extract_spec("SELECT COUNT(*) FILTER (WHERE isodow(arrival_dt) IN (5, 6)) * 100.0"
...                    " / COUNT(*) FROM reservations", "duckdb")
>>> check(q, sql)
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.periods import WEEKDAYS
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec, asked_and_restated

#: The ISO number (1 = Monday) of each day's name and short forms.
_DAY_WORDS = {
    **{day: n for n, day in enumerate(WEEKDAYS, 1)},
    **{day[:3]: n for n, day in enumerate(WEEKDAYS, 1)},
    "tues": 2, "thur": 4, "thurs": 4,
}
_WEEKEND = frozenset({6, 7})
_WORKWEEK = frozenset({1, 2, 3, 4, 5})
_ALL = frozenset(range(1, 8))
#: Words that name days of the week (a day, the weekend, the working week), plural too.
_DAYS = re.compile(
    r"\b(?:(?P<breakdown>which|what|busiest|slowest|quietest|by|per|each|every|best|worst)"
    r"\s+)?(?P<word>week[- ]?ends?|week[- ]?days?|business\s+days?|working\s+days?|"
    + "|".join(sorted(_DAY_WORDS, key=len, reverse=True)) + r")s?\b")
_UNITS = {"weekend": _WEEKEND, "weekday": _WORKWEEK, "business": _WORKWEEK,
          "working": _WORKWEEK}
_NAMES = {n: day.capitalize() for n, day in enumerate(WEEKDAYS, 1)}


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if sql.weekday_labels:
        return [misnamed(sql)]
    if not sql.weekday_numbers:
        return []
    asked_text, reformulation = asked_and_restated(q.text)
    asked = _asked_days(asked_text)
    if asked is None:
        asked = _asked_days(reformulation)
    if asked is None:
        return []
    split = _split(asked_text) or (asked == _ALL and _split(reformulation))
    for call, numbers, readings in sql.weekday_numbers:
        if any(_answers(days, outside, asked, split) for _, days, outside in readings):
            continue
        name, days, outside = readings[0]
        kept = ", ".join(_NAMES[d] for d in days) or "no day"
        said = (f"{call} compared with {numbers} keeps {kept} ({name}"
                + ("; a number there is no day of it" if outside else "") + ")")
        if len(readings) > 1:
            said += " in every numbering the session may give it"
        return [reason(
            "filter.weekday_number",
            f"the question asks {_SPLIT_TEXT if split else _days_text(asked)} but {said}",
            "major")]
    return []


def misnamed(sql: SqlSpec) -> Reason:
    """``filter.weekday_number`` (major) for days named by number in a CASE in another
    numbering than the dialect's (``SqlSpec.weekday_labels``): ``CASE strftime('%w', d) WHEN
    '0' THEN 'Monday' ...`` in SQLite shows Sunday's rows as Monday's, and each day under the
    next one's name, whatever the question asks ("busiest weekday" answers the wrong day).

    >>> from stef_sql.extract import extract_spec
    >>> sql = extract_spec("SELECT CASE strftime('%w', d) WHEN '0' THEN 'Monday' WHEN '1' "
    ...                    "THEN 'Tuesday' ELSE 'Sunday' END AS wd, COUNT(*) FROM s "
    ...                    "GROUP BY 1", "sqlite")
    >>> [(r.code, r.severity) for r in check(QuestionSpec(text="busiest weekday"), sql)]
    [('filter.weekday_number', 'major')]
    """
    call, label, numbering = sql.weekday_labels[0]
    return reason(
        "filter.weekday_number",
        f"the SQL names the days of {call} by number in a CASE ({label}), but the dialect "
        f"numbers them {numbering}: each day is shown under another day's name",
        "major")


def _answers(days: tuple[int, ...], outside: bool, asked: frozenset[int],
             split: bool = False) -> bool:
    """Do the days a comparison keeps answer the days asked: all asked (one branch of a
    CASE may keep some of them), or exactly the others ("not on weekends" kept as the
    working week)? A ``split`` of the week ("weekend vs weekday bookings") asks every day,
    so a comparison answers it by keeping one side whole: the weekend or the working week."""
    if outside or not days:
        return False
    kept = frozenset(days)
    if split:
        return kept in (_WEEKEND, _WORKWEEK)
    return kept <= asked or kept == _ALL - asked


#: "weekend vs weekday", "weekdays and weekends": the week split in its two sides.
_SPLIT = re.compile(
    r"\bweek[- ]?ends?\b.*\b(?:week[- ]?days?|business\s+days?|working\s+days?)\b"
    r"|\b(?:week[- ]?days?|business\s+days?|working\s+days?)\b.*\bweek[- ]?ends?\b")


_SPLIT_TEXT = "the weekend (Saturday and Sunday) beside weekdays (Monday to Friday)"


def _split(text: str) -> bool:
    """Does ``text`` set the weekend beside the working week ("weekend vs weekday")?"""
    return _SPLIT.search(text) is not None


def _asked_days(text: str) -> frozenset[int] | None:
    """The ISO days ``text`` names, None when it names none."""
    days: set[int] = set()
    for m in _DAYS.finditer(text):
        word = m.group("word").replace("-", "").replace(" ", "")
        unit = next((u for k, u in _UNITS.items() if word.startswith(k)), None)
        if unit is not None:
            if word.startswith("weekday") and m.group("breakdown"):
                continue  # "which weekday", "revenue by weekday": a breakdown, no days
            days |= unit
        else:
            days.add(_DAY_WORDS[word])
    return frozenset(days) if days else None


def _days_text(days: frozenset[int]) -> str:
    if days == _WEEKEND:
        return "the weekend (Saturday and Sunday)"
    if days == _WORKWEEK:
        return "weekdays (Monday to Friday)"
    return " or ".join(_NAMES[d] for d in sorted(days))
