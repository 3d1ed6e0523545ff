"""An age asked in years answered from a birth date.

"members 65+", "dogs aged 8 or older", "players under 12": the question bounds an age, a
number of whole years, and the data keeps the birth date. The age is the time since birth, so
the SQL keeps it as a bound on the birth date N years before today (``birth_date <=
CURRENT_DATE - INTERVAL '65 years'``, ``dob <= ADD_MONTHS(CURRENT_DATE, -96)``) or as the
months since birth (``MONTHS_BETWEEN(CURRENT_DATE, dob) >= 96``, 12 a year). Either is the
question's number said in the data's terms; a bound at another age stays unread (missing, or
another number).

>>> from stef_sql.extract import extract_spec
>>> [p] = extract_spec("SELECT 1 FROM m WHERE birth_date <= CURRENT_DATE - INTERVAL '65 years'",
...                    dialect="postgres").periods
>>> age_period(Filter(None, ">=", 65, "question"), [p], date(2026, 4, 14)) is p
True
>>> age_period(Filter(None, ">=", 60, "question"), [p], date(2026, 4, 14)) is None
True
>>> age_in_months(Filter(None, ">=", 8, "question"), [Filter("dob", ">=", 96)])
0
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, timedelta

from stef_core.periods import add, resolve
from stef_core.spec import Filter, Period

#: A column that holds a birth date: birth_dt, date_of_birth, dob, born_on, birthdate.
_BIRTH = re.compile(r"birth|(?:^|_)dob(?:_|$)|(?:^|_)born(?:_|$)")

#: The ages a question may bound (years); beyond them a number is no one's age.
_MAX_AGE = 130

#: Operators of an age bound: older (the birth date on or before a day), younger (after it).
_OLDER = (">=", ">")
_YOUNGER = ("<", "<=")


def is_birth_column(column: str | None) -> bool:
    """Does ``column`` name a birth date (``birth_dt``, ``date_of_birth``, ``dob``)?

    >>> [is_birth_column(c) for c in ("birth_dt", "pet_dob", "dob", "doberman_cnt", "born_on")]
    [True, True, True, False, True]
    """
    return column is not None and _BIRTH.search(column.lower()) is not None


def _years(r: Filter) -> int | None:
    """The age in years ``r`` bounds: a whole number the question says, with no column."""
    if (r.column is not None or r.op not in (*_OLDER, *_YOUNGER) or not isinstance(r.value, int)
            or isinstance(r.value, bool) or not 0 < r.value <= _MAX_AGE):
        return None
    return r.value


def near_day(moment: datetime, day: datetime) -> bool:
    """Is ``moment`` the day ``day`` or the next (an inclusive and an exclusive bound)?"""
    return timedelta(0) <= moment - day <= timedelta(days=1)


def age_period(r: Filter, periods: Sequence[Period], today: date) -> Period | None:
    """The SQL period on a birth date that keeps the ages the question's ``r`` asks ("65+" /
    ``birth_date <= today - 65 years``, "under 12" / ``dob > today - 12 years``), or None.
    A strict bound in whole years reads either way ("older than 10": born on or before today
    10 or 11 years back), as agents write it both ways."""
    n = _years(r)
    if n is None:
        return None
    now = datetime(today.year, today.month, today.day)
    # the birthdays N years back whose side the bound keeps; a strict (or loose-younger) one
    # may also mean one year further
    ages = (n,) if r.op in (">=", "<") else (n, n + 1)
    days = [add(now, "year", -a) for a in ages]
    for p in periods[:32]:
        if (not is_birth_column(p.column) or p.negated or p.excluded or p.periodic
                or p.clock or p.source == "case"):
            continue
        if r.op in _OLDER and p.start is None and p.end is not None:
            bound = p.end
        elif r.op in _YOUNGER and p.end is None and p.start is not None:
            bound = p.start
        else:
            continue
        moment = resolve(bound, today)
        if any(near_day(moment, d) for d in days):
            return p
    return None


def age_in_months(r: Filter, preds: Sequence[Filter]) -> int | None:
    """The index in ``preds`` of a SQL filter that keeps the question's age ``r`` in months
    since birth (``MONTHS_BETWEEN(CURRENT_DATE, dob) >= 96`` for "8+", read as ``dob >=
    96``): 12 a year, under the same operator; else None."""
    n = _years(r)
    if n is None:
        return None
    return next((i for i, s in enumerate(preds[:64])
                 if is_birth_column(s.column) and s.op == r.op and not s.excluded
                 and isinstance(s.value, (int, float)) and not isinstance(s.value, bool)
                 and s.value == 12 * n), None)
