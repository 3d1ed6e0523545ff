"""A no-show rate over every booking: ``filter.missing`` (major; minor for a flag).

A no-show is a booking that was still due when its time came and nobody came; a booking
cancelled beforehand (or one still to come) can never be one. The no-show rate is therefore
the no-shows over the bookings that were due, kept or missed. "No-show rate for driving
lessons last month" answered by ``SUM(CASE WHEN status = 'no_show' THEN 1 ELSE 0 END) * 1.0 /
COUNT(*)`` (or ``AVG(IF(status = 'no_show', 1, 0))``) with nothing that conditions on the
status column (``status IN ('no_show', 'completed')``, ``status <> 'cancelled'``, in the WHERE
of the query, of a CTE, or in the denominator's own count) nor on a cancellation or another
status column counts every cancelled lesson in the base: the rate comes out too low.

Which bookings a deployment's no-show rate is over is its own definition (some count no-shows
over every booking scheduled, and a table may hold no cancelled rows at all), which the words
and the SQL alone do not settle. Session 25 made it minor, a doubt: the production corpus's
tuned half 4 fires of 4 wrong, the held-out half 4 of 6. Session 33, on the corpus grown to 87
domains: major where the no-show is one named state of a column of states (``appt_status =
'NO_SHOW'``: such a column holds the other states a booking ends in, the cancelled one among
them), minor for a flag (``no_show_flag = 1``: a table of attendance records may hold only the
bookings that were due). Tuned half 12 wrong answers of 12 crossed below 75 (8 of 8 with the
rulesets), held-out half (counted only) 8 wrong and 2 right (5 and 2 with the rulesets).

Read so only when the person's own words ask for the rate ("no-show rate", "no show %",
"percentage of no-shows"): a reformulation that restates the base as "over appointments
scheduled" restates the mistake; and not when they ask for the share of every booking ("of
all bookings", "cancellations included"). The ratio of no-shows to shows is another figure
(:mod:`stef_align.numerators` reads odds), and so is a cancellation rate, which is over every
booking.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("no-show rate for driving lessons last month", None)
>>> sql = ("SELECT SUM(CASE WHEN status = 'no_show' THEN 1 ELSE 0 END) * 1.0 / COUNT(*) "
...        "FROM lessons WHERE school_id = 4 AND lesson_ts >= '2026-05-01'")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.missing', 'major')]
>>> [r.severity for r in check(q, extract_spec(sql.replace("status = 'no_show'", "no_show = 1")))]
['minor']
>>> check(q, extract_spec(sql.replace("school_id = 4", "school_id = 4 AND status <> 'x'")))
[]
>>> check(question_spec("cancellation rate for driving lessons", None), extract_spec(
...     sql.replace("'no_show'", "'cancelled'")))
[]
"""

from __future__ import annotations

import re

from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import Filter, QuestionSpec, SqlSpec
from stef_core.words import norm

#: The rate of no-shows asked: "no-show rate", "no show %", "noshow pct", "percentage of
#: no-shows", "% no-shows" (not "the ratio of no-shows to shows": odds, another figure).
_ASKED = gated(
    r"\bno[- ]?shows?\s*(?:rate|%|percent(?:age)?|pct|share)"
    r"|(?:\brate|\bshare|\bpercent(?:age)?|\bpct|%)\s+(?:of\s+)?(?:the\s+)?no[- ]?shows?\b",
    re.IGNORECASE)
#: The person asks for the share of every booking, cancelled ones too.
_EVERY = re.compile(
    r"\b(?:of|over|among|out of)\s+(?:all|every|total)\b"
    r"|\bcancel\w*\s+(?:included|incl\b|too|as well)|\bincl(?:uding|uded|\.)?\s+cancel",
    re.IGNORECASE)
#: Name parts of a column that says whether a booking was cancelled or where it stands.
_STANDING = frozenset({"status", "state", "stat", "st", "sts", "cancel", "cancelled", "canceled",
                       "cancellation", "cxl", "canx", "void", "voided", "outcome", "result"})


def _standing(column: str) -> bool:
    """Does ``column`` say how a booking stands (``appt_status``, ``cancelled_at``,
    ``is_canceled``, ``res_stat_cd``), read by its name's parts (``estate_id`` is no state)?"""
    return any(p in _STANDING or p.startswith("cancel") or p.endswith("status")
               for p in re.split(r"[^a-z0-9]+", column.lower().split(".")[-1]))


def _column(f: Filter) -> str:
    return norm((f.column or "").split(".")[-1])


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    # The SQL's side first: most queries count no condition in a value.
    if not sql.conditions or not (sql.divides or any(a.func == "AVG" for a in sql.aggregations)):
        return []
    own = q.own_words
    if _ASKED.search(own) is None or _EVERY.search(own):
        return []
    # The numerator's condition: one condition on one column, the only one of that column
    # among the conditions that shape values (a denominator that counts the due bookings by
    # the same column, ``COUNTIF(status IN ('no_show', 'attended'))``, conditions it too).
    columns = {_column(f) for f in sql.conditions[:32]}
    if len(columns) != 1:
        return []
    column = next(iter(columns))
    if not column or len({(f.op, str(f.value)) for f in sql.conditions[:32]}) != 1:
        return []
    # The base: nothing in any WHERE or JOIN condition on that column or on a column that
    # says how a booking stands (a cancellation stamp, another status).
    for f in sql.filters[:64]:
        name = _column(f)
        if name == column or _standing(f.column or ""):
            return []
    shown = sql.conditions[0]
    return [reason(
        "filter.missing",
        f"the question asks for a no-show rate, but the SQL counts the no-shows "
        f"({shown.column} {shown.op} {shown.value!r}) over every booking: nothing in its WHERE "
        f"or its denominator conditions on {shown.column} or on a cancellation, so bookings "
        f"cancelled beforehand (or still to come), which can never be no-shows, are in the "
        f"base and the rate comes out too low; divide by the bookings that were due (kept or "
        f"missed)",
        "major" if _states(shown) else "minor",
    )]


def _states(counted: Filter) -> bool:
    """Is the no-show counted as one state of a column of states (``appt_status = 'NO_SHOW'``,
    ``status_cd = 'N'``), not as a flag (``no_show_flag = 1``, ``NOT attended``)? A column
    that holds a no-show among named states holds the other states a booking ends in, the
    cancelled one among them, so a base that keeps every value of it counts cancelled bookings;
    a 0/1 flag says nothing of the table's other rows (a table of attendance records may hold
    only the bookings that were due)."""
    return (counted.op == "=" and isinstance(counted.value, str)
            and not counted.value.isdigit() and counted.value not in ("true", "false")
            and _standing(counted.column or ""))
