"""A bound at the moment the question is asked: what "overdue", "on hand" or "over 60 days"
says in SQL.

A question with no period of its own asks about now. "How many invoices are past due", "pets
overdue for rabies", "ketamine on hand by clinic", "total overdue amount by region": the SQL
keeps the rows whose date has passed (``due_date < CURRENT_DATE``, ``mv_ts < '2026-11-20'``
asked that day), which is what the question's word means, not a period it adds. "AR over 60
days", "claims pending more than 60 days": the bound sits that many days before the moment
asked (``due_dt < CURRENT_DATE - INTERVAL 60 DAY``, ``DATEDIFF(day, submitted_dt, GETDATE()) >
60``), the question's own number. Either is answered, no extra.

Only an open-start bound reads so (rows before a day, never a window), ending at the day the
question is asked (:func:`ends_now`, with a word of the present: "overdue", "past due", "on
hand", "outstanding", "so far", "now" ...) or that many days, weeks, months or years before it
(:func:`ends_ago`, with the number and its unit in the question).

>>> from datetime import date, datetime
>>> today = date(2026, 10, 23)
>>> up_to_now(None, datetime(2026, 8, 24), "AR over 60 days", today)
True
>>> up_to_now(None, datetime(2026, 10, 23), "how many invoices are past due?", today)
True
>>> up_to_now(None, datetime(2026, 10, 23), "invoices by customer", today)
False
>>> up_to_now(datetime(2026, 1, 1), datetime(2026, 10, 23), "how many are past due", today)
False
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from stef_core.gated import gated
from stef_core.periods import add

#: Words that say the question is about what holds now, up to the moment it is asked.
_PRESENT = gated(r"\b(?:overdue|past[- ]due|late|outstanding|unpaid|open|on hand|in stock"
                 r"|so far|to date|as of (?:now|today)|right now|now|currently|current"
                 r"|still|aging|aged|expired|lapsed|lapsing|balance|backlog|pending)\b")
#: A number and its unit after a word of more or of age ("over 60 days", "more than 90
#: days", "older than 30 days", "60+ days", "> 45 days").
_AGO = re.compile(r"(?:\b(?:over|more than|older than|longer than|at least|beyond|past"
                  r"|greater than|above)\s+|>\s*=?\s*)(\d{1,4})\s*\+?\s*"
                  r"(days?|d|weeks?|wks?|months?|mos?|years?|yrs?)\b"
                  r"|\b(\d{1,4})\s*\+\s*(days?|d|weeks?|wks?|months?|mos?|years?|yrs?)\b")


#: Words that put what the question counts from the moment asked on ("upcoming recitals",
#: "future bookings", "events still to come").
_AHEAD = gated(r"\b(?:upcoming|coming up|forthcoming|future|still to come|yet to come"
               r"|from now on|going forward)\b")


def from_now(start: datetime | None, end: datetime | None, text: str, today: date) -> bool:
    """Is an open-end period starting on the day asked (or the next) the question's
    "upcoming" (:data:`_AHEAD`): ``recital_dt >= CURRENT_DATE`` for "upcoming recitals",
    what the word means, not a period the SQL adds?

    >>> from datetime import date, datetime
    >>> from_now(datetime(2026, 10, 23), None, "upcoming recitals", date(2026, 10, 23))
    True
    >>> from_now(datetime(2026, 10, 23), None, "recitals by studio", date(2026, 10, 23))
    False
    >>> from_now(datetime(2026, 9, 1), None, "upcoming recitals", date(2026, 10, 23))
    False
    """
    if start is None or end is not None or start.time() != datetime.min.time():
        return False
    return start.date() in (today, today + timedelta(days=1)) and _AHEAD.search(
        text[:2000].lower()) is not None


#: The first letter of a unit the question writes -> its name in stef_core.periods.
_UNITS = {"d": "day", "w": "week", "m": "month", "y": "year"}


def _ago(today: date, n: int, unit: str) -> date:
    """The day ``n`` units before ``today`` (stef_core.periods.add: the day clamped to the
    month's last, a move past the calendar's edge stopped there: "over 9999 years").

    >>> _ago(date(2026, 3, 31), 1, "month"), _ago(date(2026, 1, 5), 9999, "years").year
    (datetime.date(2026, 2, 28), 1)
    """
    return add(datetime.combine(today, time()), _UNITS[unit[0]], -n).date()


def ends_now(end: datetime, text: str, today: date) -> bool:
    """Does the bound end at the day asked (its start or its end), with a word of the
    present in the question?"""
    return end.date() in (today, today + timedelta(days=1)) and end.time() == datetime.min.time(
    ) and _PRESENT.search(text[:2000].lower()) is not None


def ends_ago(end: datetime, text: str, today: date) -> bool:
    """Does the bound end as many days (weeks, months, years) before the day asked as the
    question's "over N days" says (a day either side: ``<`` or ``<=``)?"""
    if end.time() != datetime.min.time():
        return False
    for m in _AGO.finditer(text[:2000].lower()):
        n, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        day = _ago(today, int(n), unit)
        if abs((end.date() - day).days) <= 1:
            return True
    return False


def up_to_now(start: datetime | None, end: datetime | None, text: str, today: date) -> bool:
    """Is an open-start period ending at ``end`` the question's "now" or its "over N days",
    asked on ``today`` (module docstring)? The caller knows the question asks no period of
    its own, or that the period it asks bounds another date."""
    if start is not None or end is None:
        return False
    return ends_now(end, text, today) or ends_ago(end, text, today)
