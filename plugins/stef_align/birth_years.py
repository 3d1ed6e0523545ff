"""An age bound counted in calendar years: ``date.age_by_year`` (major).

"members under 18", "visitors aged 65 or older": the age is the whole years since birth. The
SQL that subtracts the birth year from this year (``YEAR(CURRENT_DATE) - YEAR(dob) >= 65``),
or counts a difference in years by the year boundaries it crosses (T-SQL's ``DATEDIFF(year,
dob, GETDATE())``), reads everyone whose birthday is still to come this year a year older, so
a 64-year-old born in December is 65 all year (:attr:`~stef_core.spec.SqlSpec.year_ages`).

Read in logged traffic only (the record has a timestamp: an agent's answer), as
:mod:`stef_align.counted_joins`: the curated benchmarks' gold SQL counts ages by years
(``strftime('%Y', 'now') - strftime('%Y', birthday)``), so their labels would call the
finding wrong there. "turning 18 this year" asks for the calendar years and is left alone.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("members aged 18 or older", None)
>>> sql = extract_spec("SELECT member_id FROM members WHERE DATEDIFF(year, dob, GETDATE()) >= 18",
...                    "tsql")
>>> [(r.code, r.severity) for r in check(q, sql, logged=True)]
[('date.age_by_year', 'major')]
>>> check(q, sql)  # a curated benchmark record: not read
[]
>>> check(question_spec("members turning 18 this year", None), sql, logged=True)
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: The question asks for the age reached this calendar year, which the year difference is.
_TURNING = re.compile(r"\bturn(?:s|ing|ed)?\b|\bbirth ?years?\b|\byear of birth\b",
                      re.IGNORECASE)


def check(q: QuestionSpec, sql: SqlSpec, logged: bool = False) -> list[Reason]:
    """``date.age_by_year`` (module docstring); ``logged``: the record is an agent's logged
    traffic (its anchor is its timestamp)."""
    if not logged or not sql.year_ages or _TURNING.search(q.text):
        return []
    column, how = sql.year_ages[0]
    counted = ("subtracts the birth year from this year" if how == "year subtraction"
               else "counts the year boundaries crossed since birth")
    return [reason(
        "date.age_by_year",
        f"the SQL bounds an age from {column} in calendar years (it {counted}): everyone "
        f"whose birthday is still to come this year is counted a year older; bound {column} "
        f"N years before today instead",
        "major",
    )]
