"""Day-N retention read as a window: ``date.retention_window`` (major) when the question asks
for "d7 retention" / "day-30 retention" and the SQL ties the cohort's activity to its start
by a range of days, never by day N itself.

Day-N retention is the share of a cohort active on day N after its start (install, signup,
first order). SQL that keeps activity on any day up to N (``DATE_DIFF(s.d, c.d0, DAY)
BETWEEN 0 AND 7``, ``<= 30``) counts the start day's own activity, which every member has,
and the days between; SQL that keeps day N or later (``s.d >= c.d0 + 30``) counts anyone who
ever came back after it. Both are other metrics (rolling and unbounded retention), asked for
by those names: a question that says "rolling", "unbounded", "within" or "by day N" is not
read. The offsets are the SQL reader's (``SqlSpec.day_offsets``); a query that ties them by
day N exactly anywhere (``= 7``, ``= DATE_ADD(..., INTERVAL 7 DAY)``) is not read either.

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(text="d7 retention for april installs")
>>> sql = ("SELECT COUNT(DISTINCT s.p) / COUNT(DISTINCT c.p) FROM c LEFT JOIN s ON s.p = c.p "
...        "AND DATE_DIFF(s.d, c.d0, DAY) BETWEEN 0 AND 7")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, "bigquery"))]
[('date.retention_window', 'major')]
>>> check(q, extract_spec(sql.replace("BETWEEN 0 AND 7", "= 7"), "bigquery"))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import Filter, QuestionSpec, SqlSpec

#: "d7 retention", "D30 retention", "day 30 retention", "day-1 retention", "retention on
#: day 7", "retention (d7)": the day asked for.
_DAY_N = re.compile(
    r"\b(?:d|day[\s-]?)(\d{1,3})\s+retention\b|\bretention\s+(?:on\s+|at\s+|\()?(?:d|day[\s-]?)"
    r"(\d{1,3})\b")
#: Words that ask for a window or an open-ended retention by name.
_OTHER_METRIC = re.compile(
    r"\b(?:rolling|unbounded|within|by day|up to|through day|bracket|cumulative|ever)\b")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.day_offsets:
        return []  # (most queries: the question's words go unread)
    text = q.own_words[:2000]
    m = _DAY_N.search(text)
    if m is None or _OTHER_METRIC.search(text) or not sql.day_offsets:
        return []
    day = float(m.group(1) or m.group(2))
    offsets = sql.day_offsets[:16]
    if any(op == "EQ" for op, _ in offsets):
        return []  # some day is pinned: a day-N reading (or another question's) is there
    lower = [n for op, n in offsets if op in ("GTE", "GT")]
    upper = [n for op, n in offsets if op in ("LTE", "LT")]
    if upper and any(n in (day, day + 1) for n in upper) and not any(n >= day for n in lower):
        start = min(lower) if lower else None
        span = (f"days {start:g} to {day:g}" if start is not None
                else f"any day up to day {day:g}, the start day included")
        return [_reason(m.group(0), span)]
    if lower and any(n in (day, day - 1) for n in lower) and not upper:
        return [_reason(m.group(0), f"day {day:g} or any later day")]
    return []


#: A difference of two dates as the SQL reader writes a filter's column
#: (``datediff(s.session_date, c.install_date, day)``, ``s.visit_date - c.joined_on``).
_DIFFERENCE = re.compile(r"^(?:date_?diff|timestamp_?diff|datetime_?diff)\(|^[\w.]+ - [\w.]+$")


def asked_day_offsets(q: QuestionSpec, extras: list[Filter]) -> list[Filter]:
    """The filters among ``extras`` that pin a difference of two dates to the day a
    "dN retention" question names (``DATEDIFF(day, c.first_dt, a.opened_date) = 1`` for "D1
    retention"): asked for, not extras.

    >>> from stef_core.spec import Filter
    >>> q = QuestionSpec(text="d7 retention for april installs")
    >>> f = Filter(column="datediff(s.session_date, c.install_date, day)", op="=", value=7)
    >>> asked_day_offsets(q, [f]) == [f]
    True
    """
    # (the extras first: most records have none such, and the question's words go unread)
    pinned = [f for f in extras[:64] if f.op == "=" and isinstance(f.value, (int, float))
              and not isinstance(f.value, bool) and f.column and _DIFFERENCE.search(f.column)]
    if not pinned:
        return []
    m = _DAY_N.search(q.own_words[:2000])
    if m is None:
        return []
    day = float(m.group(1) or m.group(2))
    return [f for f in pinned if isinstance(f.value, (int, float)) and float(f.value) == day]


def _reason(asked: str, span: str) -> Reason:
    return reason(
        "date.retention_window",
        f"the question asks for {asked}, the share active on that day after the cohort's "
        f"start, but the SQL counts activity on {span}: another metric (rolling or "
        f"unbounded retention); compare the days after the start with = that day",
        "major",
    )
