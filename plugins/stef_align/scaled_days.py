"""Whole days multiplied into hours: ``date.wrong_unit`` (major).

A DATEDIFF counted in days (``DATEDIFF(day, opened_ts, resolved_ts)``, Spark's
``datediff(resolved_ts, opened_ts)``, DuckDB's ``date_diff('day', ...)``, BigQuery's
``TIMESTAMP_DIFF(..., DAY)``) counts the midnights crossed (or whole days elapsed), a whole
number. Multiplying it by 24, 1440 or 86400 turns the unit into hours, minutes or seconds but
not the precision: a ticket solved the same day is 0 hours, one solved ten minutes after
midnight 24. Between two moments (``_ts``, ``_at``, ``_time`` columns) the figure is not the
duration asked; a difference counted in minutes or seconds and divided (``DATEDIFF(minute,
a, b) / 60.0``), or SQLite's julianday difference (a fraction of a day), is. Between two
days (``checkin_date``) whole days are exact, and nothing is said.

The SQL alone says so, whatever the question: the reader keeps such products
(:attr:`stef_core.spec.SqlSpec.scaled_days`).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("avg resolution time in hours last month", None)
>>> sql = "SELECT AVG(datediff(resolved_ts, opened_ts) * 24) FROM tickets"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, dialect="databricks"))]
[('date.wrong_unit', 'major')]
>>> sql = "SELECT AVG((unix_timestamp(resolved_ts) - unix_timestamp(opened_ts)) / 3600) FROM t"
>>> check(q, extract_spec(sql, dialect="databricks"))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.scaled_days:
        return []
    shown = sql.scaled_days[0]
    return [reason(
        "date.wrong_unit",
        f"the SQL counts a duration in whole days and multiplies it into a finer unit "
        f"({shown}): a difference in days counts the midnights crossed, so something done the "
        f"same day counts 0 and something done just after midnight a whole day; count the "
        f"difference in minutes or seconds and divide (DATEDIFF(minute, a, b) / 60.0)",
        "major",
    )]
