"""A trend by calendar buckets over a window rolled back from today: ``filter.value_mismatch``
(major) when the first bucket is cut.

"monthly revenue last 6 months" counts six whole months: the SQL groups by month and its
window starts at a month's start. A lower bound rolled back from today (``>= current_date -
interval '6 months'``, ``DATEADD(month, -6, GETDATE())``) starts mid-month, so the first month
of the trend holds only its last days, and without an upper bound the current, partial month
is a point of the trend too: neither is comparable with the others. The same holds for weeks
("weekly cancellations last 4 weeks" with ``>= CURRENT_DATE - 28``).

It fires only where the texts show it: the question's own window counts in the unit the SQL
groups by ("last 6 months" by month; not "last 90 days" by week, which asks for a rolling
window), the SQL groups by a truncation of the very column it bounds, and that bound is today
moved back with no start-of-unit step at all. A window started at a bucket's start
(``DATE_TRUNC('month', CURRENT_DATE) - INTERVAL '6 months'``) is right; "rolling" or
"trailing" in the question asks for the rolled-back window.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("monthly gross sales last 6 months", None)
>>> sql = extract_spec("SELECT DATE_TRUNC('month', sold_ts), SUM(face_amt) FROM tickets "
...                    "WHERE sold_ts >= DATEADD(month, -6, GETDATE()) GROUP BY 1", "redshift")
>>> [(r.code, r.severity) for r in check(q, sql)]
[('filter.value_mismatch', 'major')]
>>> sql = extract_spec("SELECT DATE_TRUNC('month', sold_ts), SUM(face_amt) FROM tickets WHERE "
...                    "sold_ts >= DATEADD(month, -6, DATE_TRUNC('month', GETDATE())) GROUP BY 1",
...                    "redshift")
>>> check(q, sql)
[]
"""

from __future__ import annotations

import re

from stef_align.grouping import grain
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import Period, QuestionSpec, RelativeDate, Shift, SqlSpec, StartOf

#: Calendar buckets a trend is read in; a day is whole whatever the bound.
_BUCKETS = frozenset({"week", "month", "quarter"})
#: The question asks for the rolled-back window itself.
_ROLLING = re.compile(r"\b(?:rolling|trailing|moving)\b", re.IGNORECASE)
#: At most this many periods and group keys are compared.
_MAX = 16


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.group_by or not sql.periods:
        return []
    asked = {u for p in q.periods[:_MAX] if (u := _counted_unit(p)) is not None}
    if not asked & _BUCKETS or _ROLLING.search(q.text):
        return []
    keys = [(key.lower(), unit) for key in sql.group_by[:_MAX]
            if (unit := grain(key)) in asked and unit in _BUCKETS]
    for p in sql.periods[:_MAX]:
        if (p.source != "where" or p.negated or p.excluded or not p.column
                or not isinstance(p.start, RelativeDate) or not _rolled(p.start)):
            continue
        column = p.column.lower()
        for key, unit in keys:
            if re.search(rf"(?<![\w]){re.escape(column)}(?![\w])", key):
                return [reason(
                    "filter.value_mismatch",
                    f"the question asks for whole {unit}s and the SQL groups by {unit}, but "
                    f"its window on {p.column} starts {p.start.describe()}, mid-{unit}: the "
                    f"first {unit} of the trend is partial"
                    + ("" if p.end is not None else f", and so is the current {unit}")
                    + f"; start the window at a {unit}'s start",
                    "major",
                )]
    return []


def _counted_unit(p: Period) -> str | None:
    """The unit a question's window counts back in ("last 6 months": month), when its start
    is today moved back by whole units of one kind."""
    if not isinstance(p.start, RelativeDate) or p.negated or not p.start.steps:
        return None
    steps = p.start.steps
    if len(steps) == 1 and isinstance(steps[0], Shift) and steps[0].n < 0:
        return steps[0].unit
    return None


def _rolled(start: RelativeDate) -> bool:
    """Is ``start`` today moved back with no start-of-unit step (a rolled-back bound)?"""
    return bool(start.steps) and not any(isinstance(s, StartOf) for s in start.steps) and any(
        isinstance(s, Shift) and s.n < 0 for s in start.steps)
