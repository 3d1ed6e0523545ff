"""A period written as a calendar number shifted from today's: ``filter.value_mismatch``
when ``QUARTER(d) = QUARTER(CURDATE()) - 1`` (``EXTRACT(MONTH FROM d) = EXTRACT(MONTH FROM
CURRENT_DATE) - 1``, ``DATEPART``, ``toQuarter`` ...) cannot mean the period before today's.

The SQL reader reads such a comparison as "the quarter (month) before today's", which is what
the agent meant, and marks it with its step (:attr:`stef_core.spec.Period.step`). Two things
make it another period, both read against the record's anchor (its timestamp, or ``--today``;
never the run date, which says nothing about when the question was asked):

* the number does not wrap: asked in Q1 (January), ``QUARTER(CURDATE()) - 1`` is 0, which no
  row has, so the answer is empty whatever the year's condition says (critical);
* without a condition on the year (``YEAR(d) = YEAR(CURDATE())``, or bounds on ``d`` itself)
  it is that quarter (month) of every year (major), as ``MONTH(d) = 3`` is March of any year.

Shifting the date instead (``MONTH(d) = MONTH(CURDATE() - INTERVAL 1 MONTH)``) wraps, and
has no step.

>>> from datetime import date
>>> from stef_core.models import Anchor
>>> from stef_sql.extract import extract_spec
>>> sql = extract_spec("SELECT COUNT(*) FROM receipts WHERE YEAR(received_at) = YEAR(CURDATE()) "
...                    "AND QUARTER(received_at) = QUARTER(CURDATE()) - 1", "mysql")
>>> [(r.code, r.severity) for r in check(sql, Anchor(date=date(2026, 3, 23), source="timestamp"))]
[('filter.value_mismatch', 'critical')]
>>> check(sql, Anchor(date=date(2026, 8, 3), source="timestamp"))
[]
>>> sql = extract_spec("SELECT COUNT(*) FROM receipts "
...                    "WHERE QUARTER(received_at) = QUARTER(CURDATE()) - 1", "mysql")
>>> [(r.code, r.severity) for r in check(sql, Anchor(date=date(2026, 8, 3), source="timestamp"))]
[('filter.value_mismatch', 'major')]
"""

from __future__ import annotations

from stef_core.models import Anchor, Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec

#: How many numbers each stepped field has in a year.
_SIZES = {"month": 12, "quarter": 4}


def _number(unit: str, day_month: int) -> int:
    return day_month if unit == "month" else (day_month - 1) // 3 + 1


def check(sql: SqlSpec, anchor: Anchor | None) -> list[Reason]:
    if anchor is None or anchor.source == "run date":
        return []
    periods = sql.periods[:64]
    for p in periods:
        if not p.step or p.column is None or p.grain not in _SIZES:
            continue
        unit = p.grain
        now = _number(unit, anchor.date.month)
        target = now + p.step
        sign = "-" if p.step < 0 else "+"
        written = f"{unit.upper()}({p.column}) = {unit.upper()}(today) {sign} {abs(p.step)}"
        if not 1 <= target <= _SIZES[unit]:
            return [reason(
                "filter.value_mismatch",
                f"the SQL keeps {written}, which on {anchor.date.isoformat()} is {unit} "
                f"{target}: no row has it, so the {unit} before today's is never reached "
                f"(bound {p.column} by dates, or shift the date, not its {unit} number)",
                "critical",
            )]
        fixed = any(o is not p and o.column == p.column and not o.step and not o.periodic
                    and o.source == p.source for o in periods)
        if not fixed:
            return [reason(
                "filter.value_mismatch",
                f"the SQL keeps {written} and no condition on the year: {unit} {target} of "
                f"every year, not only the latest one",
                "major",
            )]
    return []
