"""A period one day off its calendar unit: ``date.day_off_period`` (major).

A month, a quarter or a year spelled in the SQL as a range from a unit's first day:

* half open, ending before the unit's last day (``sold_on >= '2026-04-01' AND sold_on <
  '2026-06-30'``): the last day (June 30) is left out;
* closed, ending on the next unit's first day (``order_dt BETWEEN '2026-04-01' AND
  '2026-07-01'``) on a column of days: the next unit's first day (July 1) is taken in, and in a
  comparison of two periods it is counted in both.

The WHERE's period is compared with the question's already (``filter.value_mismatch``); this
reading is for the CASE / IF / COUNTIF buckets of a comparison ("Q2 vs Q1", "september vs
august"), whose WHERE spans both periods and looks right, and for a WHERE whose period the
question does not name. A question that names the SQL's closing day ("until june 30", "from
april 1 to july 1") asks for that range; a range shorter than four weeks is no calendar unit.
On a column whose name says it holds moments (``paid_at``), a closed bound on the 1st takes in
its midnight alone, which is left to ``date.end_of_day``.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("day passes sold Q2 vs Q1", None)
>>> sql = extract_spec("SELECT SUM(CASE WHEN sold_on >= '2026-04-01' AND sold_on < '2026-06-30' "
...                    "THEN 1 END) AS q2 FROM passes WHERE sold_on >= '2026-01-01'")
>>> [(r.code, r.severity) for r in check(q, sql)]
[('date.day_off_period', 'major')]
>>> check(q, extract_spec("SELECT SUM(CASE WHEN sold_on >= '2026-04-01' AND sold_on < "
...                       "'2026-07-01' THEN 1 END) AS q2 FROM passes"))
[]
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from stef_core.models import Reason
from stef_core.periods import is_timestamp_name, parse_iso
from stef_core.reasons import reason
from stef_core.spec import Period, QuestionSpec, SqlSpec

#: At most this many periods are read.
_MAX = 24
#: The shortest range read as a calendar unit (a month).
_MONTH = timedelta(days=27)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    for p in (*sql.value_periods, *sql.periods)[:_MAX]:
        off = _day_off(p)
        if off is None:
            continue
        kind, day = off
        if _names_day(q.text, day):
            continue
        if kind == "drops":
            said = f"ends before {day:%Y-%m-%d}, the last day of its month"
            what = f"{day:%Y-%m-%d} is left out; end it before {day + timedelta(days=1):%Y-%m-%d}"
        else:
            said = f"ends on {day:%Y-%m-%d} inclusive, the first day of the next period"
            what = (f"{day:%Y-%m-%d} is taken in; end it on {day - timedelta(days=1):%Y-%m-%d} "
                    f"or before {day:%Y-%m-%d}")
        where = "a CASE / IF bucket" if p.source != "where" else "the WHERE"
        return [reason(
            "date.day_off_period",
            f"{where} reads {p.column} from {p.start} and {said}: {what}",
            "major",
        )]
    return []


def _day_off(p: Period) -> tuple[str, datetime] | None:
    """("drops", the last day left out) or ("takes", the next unit's first day taken in)
    when ``p`` is a calendar range one day off; None otherwise."""
    if (p.negated or p.periodic or not p.column or not isinstance(p.start, str)
            or not isinstance(p.end, str) or p.clock is not None):
        return None
    try:
        start, end = parse_iso(p.start), parse_iso(p.end)
    except ValueError:
        return None
    if start.day != 1 or start.time() != datetime.min.time() or end.time() != start.time():
        return None
    if not p.end_of_day:
        # half open: the exclusive end is a unit's last day (the day after it is a 1st)
        if (end + timedelta(days=1)).day == 1 and end - start >= _MONTH:
            return "drops", end
        return None
    # closed on a 1st: read as that whole day, so the end is the 2nd
    first = end - timedelta(days=1)
    if first.day == 1 and first - start >= _MONTH and not is_timestamp_name(p.column):
        return "takes", first
    return None


def _names_day(text: str, day: datetime) -> bool:
    """Does the question name ``day``: its day of the month as a number ("30", "30th"), the
    date in digits, or "first" for a 1st?"""
    said = rf"(?<![\w.,]){day.day}(?:st|nd|rd|th)?(?![\d%])|{day:%Y-%m-%d}"
    if day.day == 1:
        said += r"|\bfirst\b"
    return re.search(said, text, re.IGNORECASE) is not None
