"""A time elapsed asked in days, weeks or months answered by a date that long before today.

"members 60+ days overdue", "tickets open 7+ days", "invoices more than 45 days past due":
the question bounds the time since some date (a due date, an opening, a last visit) and names no
column; the reader keeps the number ("? >= 60"). The SQL keeps it where the data has it, as a
bound on that date N units before today (``due_dt < CURDATE() - INTERVAL 60 DAY``,
``created_at <= DATEADD(day, -7, GETDATE())``, ``DATEDIFF(CURDATE(), due_dt) > 60``, which the
SQL reader reads as the same bound). Either is the question's number said in the data's terms.
Whether day N itself is in ("60+", ``<=``) or out ("more than 60", ``<``) is a reading of
everyday words, so both boundaries answer; a bound at another number of days, or the other side
of it (the recent rows), stays unread (missing, or another number).

>>> from stef_sql.extract import extract_spec
>>> [p] = extract_spec("SELECT 1 FROM d WHERE due_dt < CURDATE() - INTERVAL 60 DAY",
...                    dialect="mysql").periods
>>> text = "how many members are 60+ days overdue"
>>> elapsed_period(Filter(None, ">=", 60, "question"), text, [p], date(2026, 11, 10)) is p
True
>>> elapsed_period(Filter(None, ">=", 30, "question"), "30+ days", [p], date(2026, 11, 10))
>>> elapsed_period(Filter(None, ">=", 60, "question"), "60+ rounds", [p], date(2026, 11, 10))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, timedelta

from stef_align.ages import near_day
from stef_core.periods import add, resolve
from stef_core.spec import Filter, Period

#: The units a time elapsed is counted in, as a question spells them after its number ("60+
#: days", "3 wks", "6+ months", "48 hours"), with the unit :func:`stef_core.periods.add` takes.
_UNITS = {"day": "day", "days": "day", "week": "week", "weeks": "week", "wk": "week",
          "wks": "week", "month": "month", "months": "month", "mo": "month", "mos": "month",
          "year": "year", "years": "year", "yr": "year", "yrs": "year", "hour": "hour",
          "hours": "hour", "hr": "hour", "hrs": "hour"}

#: The number, an optional "+", and a unit word right after it.
_AFTER = r"\s*\+?\s*-?\s*([a-z]+)\b"

#: The most units a time elapsed may count (ten years of days); beyond it a number is no age.
_MAX = 3660

#: Operators of "at least / more than N units ago".
_OLDER = (">=", ">")


def _units(n: int, text: str) -> list[str]:
    """The units ``text`` names right after the number ``n`` ("60+ days" -> ["day"])."""
    found = re.finditer(rf"(?<![\w.]){n}{_AFTER}", text[:2000])
    return list(dict.fromkeys(_UNITS[w] for m in found if (w := m.group(1)) in _UNITS))


def elapsed_period(r: Filter, text: str, periods: Sequence[Period], today: date
                   ) -> Period | None:
    """The SQL period that keeps the rows whose date lies at least the time the question's
    ``r`` asks before today ("60+ days" / ``due_dt <= today - 60 days``), or None. ``text``
    is the question's text, which says the unit after the number."""
    n = _asked(r)
    if n is None:
        return None
    return _bounded(n, _units(n, text), periods, today, older=True)


def elapsed_reversed(r: Filter, text: str, periods: Sequence[Period], today: date
                     ) -> tuple[Period, str] | None:
    """The SQL period that keeps the other side of the question's bound (``due_date >=
    today - 45 days`` for "more than 45 days past due": the last 45 days, the recent rows),
    with the unit the question counts in, or None."""
    n = _asked(r)
    if n is None:
        return None
    for unit in _units(n, text):
        p = _bounded(n, [unit], periods, today, older=False)
        if p is not None:
            return p, unit
    return None


def _asked(r: Filter) -> int | None:
    """The number of units ``r`` asks at least ("? >= 60", "? > 45"), or None."""
    n = r.value
    if (r.column is not None or r.op not in _OLDER or not isinstance(n, int)
            or isinstance(n, bool) or not 0 < n <= _MAX):
        return None
    return n


def _bounded(n: int, units: Sequence[str], periods: Sequence[Period], today: date,
             older: bool) -> Period | None:
    """A period on a date bounded N ``units`` before today: from the far past up to that day
    (``older``), or from that day on."""
    now = datetime(today.year, today.month, today.day)
    # N units back, and one day further: "60+" (the day in) and "more than 60" (out) alike
    days = [d for u in units for back in (add(now, u, -n),)
            for d in (back, back - timedelta(days=1))]
    for p in periods[:32]:
        if older and p.excluded and not p.negated and p.column and p.end is None and (
                p.start is not None and not p.periodic and not p.clock):
            # no row since that day (``HAVING MAX(a.starts_at) < today - 90 days``, or with
            # its ``OR MAX(...) IS NULL``): the last one is at least that long ago
            if any(near_day(resolve(p.start, today), d) for d in days):
                return p
            continue
        if (not p.column or p.negated or p.excluded or p.periodic or p.clock
                or p.source == "case"):
            continue
        if older and p.start is None and p.end is not None:
            moment = resolve(p.end, today)
        elif not older and p.end is None and p.start is not None:
            moment = resolve(p.start, today) + timedelta(days=1)
        else:
            continue
        if any(near_day(moment, d) for d in days):
            return p
    return None
