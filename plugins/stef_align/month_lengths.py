"""A month's figure per day over another number of days: ``aggregation.mismatch`` (major).

"Lane utilisation by centre last month" asked on 2026-11-05, as ``SUM(b.duration_min) / 60 /
(ANY(c.lane_count) * ANY(c.open_hours) * 30)`` over ``start_ts`` in October: October has 31
days, so the hours available are a day short and every utilisation is 3 % too high; a daily
average of a 31-day month divided by 30 (or of a 30-day month by 31) is off the same way. The
SQL spells the month's days as a number (:attr:`stef_core.spec.SqlSpec.month_days`, from
:mod:`stef_sql.read.month_days`) and keeps one whole calendar month; on the record's anchor
(its timestamp or ``--today``) that month has another number of days than every number spelled.

Not read: a period that is not one whole calendar month ("last 30 days" divided by 30 is
right), two different periods, a relative period without a record's own date (the run date
is not the day the question was asked), and a number that matches the month.

>>> from datetime import date
>>> from stef_core.models import Anchor
>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("avg fills per day per store last month", None)
>>> sql = ("SELECT store, COUNT(*) / 30.0 FROM fills WHERE fill_dt >= '2026-10-01' "
...        "AND fill_dt < '2026-11-01' GROUP BY store")
>>> a = Anchor(date=date(2026, 11, 5), source="timestamp")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql), a)]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("30.0", "31.0")), a)
[]
>>> check(q, extract_spec(sql.replace("'2026-10-01'", "'2026-10-06'")), a)
[]
"""

from __future__ import annotations

from datetime import datetime

from stef_core.models import Anchor, Reason
from stef_core.periods import add, resolve
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec


def _month(sql: SqlSpec, anchor: Anchor) -> datetime | None:
    """The first day of the one whole calendar month every period of the query keeps (the
    same span on every column), or None."""
    starts: set[datetime] = set()
    for p in sql.periods[:16]:
        if p.negated or p.periodic or p.start is None or p.end is None:
            return None
        if p.relative and anchor.source == "run date":
            return None
        start, end = resolve(p.start, anchor.date), resolve(p.end, anchor.date)
        if start.day != 1 or start.time() != datetime.min.time() or end != add(start, "month", 1):
            return None
        starts.add(start)
    return starts.pop() if len(starts) == 1 else None


def check(q: QuestionSpec, sql: SqlSpec, anchor: Anchor | None) -> list[Reason]:
    if not sql.month_days or anchor is None or not sql.periods:
        return []
    month = _month(sql, anchor)
    if month is None:
        return []
    days = (add(month, "month", 1) - month).days
    if any(int(v) == days for v, _ in sql.month_days):
        return []
    value, text = sql.month_days[0]
    return [reason(
        "aggregation.mismatch",
        f"the SQL keeps {month:%B %Y}, which has {days} days, but counts its days as "
        f"{value:g} ({text}): every figure per day (or per available day) is off by "
        f"{abs(days - value):g} day{'s' if abs(days - value) != 1 else ''}",
        "major",
    )]
