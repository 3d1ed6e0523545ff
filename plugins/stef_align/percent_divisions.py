"""A percentage cut to 0 by integer division: ``aggregation.mismatch`` (major).

"Net revenue by channel" as ``SUM(b.gross_amt - b.gross_amt * (c.commission_pct / 100))`` in
Trino (Postgres, Redshift, T-SQL, SQLite: a ``/`` of two integers is an integer division): a
percentage kept as a whole number (15 for 15 %) divided by the integer 100 is 0, so the
commission comes off as nothing and the net equals the gross, whatever the data. The SQL
alone says so (:attr:`stef_core.spec.SqlSpec.percent_divisions`, from
:mod:`stef_sql.read.percents`): ``/ 100.0``, a cast, or the product first (``gross_amt *
commission_pct / 100``) is exact.

Major, not critical: a column named ``_pct`` may be a decimal (12.5), and then the division is
exact; the name does not say its type.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("net revenue by channel last qtr", None)
>>> sql = "SELECT ch, SUM(gross - gross * (commission_pct / 100)) FROM b GROUP BY ch"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, dialect="postgres"))]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("/ 100", "/ 100.0"), dialect="postgres"))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.percent_divisions:
        return []
    shown = sql.percent_divisions[0]
    return [reason(
        "aggregation.mismatch",
        f"the SQL divides a percentage by the integer 100 ({shown}) in a dialect whose "
        f"integer division truncates: a whole-number percentage (15) comes back 0, so the "
        f"fraction is lost; divide by 100.0 or multiply first",
        "major",
    )]
