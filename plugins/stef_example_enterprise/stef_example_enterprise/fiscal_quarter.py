"""``fiscal_quarter``: "Q3 2024" in a question is the date range of that fiscal quarter.

Why: finance users say "Q3 2024" or "fiscal Q3 of 2024" and mean their company's fiscal
quarter. STEF reads "Q3 2024" as the calendar quarter (a period, July to September); when the
fiscal year starts in another month, that is the wrong stretch of time.

Before (the question's spec)::

    periods: [2024-07-01, 2024-10-01)     # the calendar quarter

After (fiscal year starting in July)::

    periods: [2024-01-01, 2024-04-01)     # fiscal Q3 of FY2024

So ``WHERE order_date BETWEEN '2024-01-01' AND '2024-03-31'`` (or any other spelling of that
interval: ``>=`` and ``<``, ``DATE_TRUNC``, ``EXTRACT``) aligns as fully applied, and a range
for another quarter does not.

The fiscal year starts in :data:`FISCAL_YEAR_START_MONTH` (1 = January, the calendar year).
A fiscal year that starts in another month is named after the calendar year in which it ends,
as most companies do: with ``FISCAL_YEAR_START_MONTH = 7``, "Q1 2024" is July-September 2023.
Change the constant for your company (or subclass :class:`FiscalQuarter` and override
:attr:`FiscalQuarter.start_month`).

The rule fires only when the question names exactly one quarter and one year: "fiscal Q3" with
no year, or "Q1 and Q2 2024", is left alone.

>>> quarter_range(3, 2024)
('2024-07-01', '2024-09-30')
>>> quarter_range(1, 2024, start_month=7)
('2023-07-01', '2023-09-30')
"""

from __future__ import annotations

import calendar
import re
from dataclasses import replace
from datetime import date, timedelta

from stef_core import hookimpl
from stef_core.contracts import Context, Normalizer
from stef_core.models import Reason
from stef_core.spec import Period

#: First month of the fiscal year, 1-12. 1 means fiscal quarters are calendar quarters.
FISCAL_YEAR_START_MONTH = 1

_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3,
             "fourth": 4, "4th": 4}
_QUARTER = re.compile(
    r"\bq([1-4])\b|\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter\b"
)
_YEAR = re.compile(r"\b(?:fy\s*'?)?((?:19|20)\d{2})\b|\bfy\s*'?(\d{2})\b")


def quarter_range(quarter: int, year: int, *, start_month: int = 1) -> tuple[str, str]:
    """First and last day (ISO dates) of fiscal ``quarter`` of fiscal ``year``.

    Args:
        quarter: 1 to 4.
        year: The fiscal year, named after the calendar year in which it ends.
        start_month: The fiscal year's first month, 1-12.
    """
    if not 1 <= quarter <= 4 or not 1 <= start_month <= 12:
        raise ValueError(f"quarter {quarter} / start month {start_month} out of range")
    first_year = year if start_month == 1 else year - 1
    m0 = start_month - 1 + 3 * (quarter - 1)  # months after January of first_year
    y1, m1 = first_year + m0 // 12, m0 % 12 + 1
    y2, m2 = first_year + (m0 + 2) // 12, (m0 + 2) % 12 + 1
    last_day = calendar.monthrange(y2, m2)[1]
    return f"{y1:04d}-{m1:02d}-01", f"{y2:04d}-{m2:02d}-{last_day:02d}"


def find_quarter(text: str) -> tuple[int, int] | None:
    """``(quarter, fiscal year)`` named by a folded question, or None unless exactly one each.

    >>> find_quarter("revenue in fiscal q3 of 2024")
    (3, 2024)
    >>> find_quarter("revenue in fiscal q3") is None
    True
    """
    quarters = {int(m.group(1)) if m.group(1) else _ORDINALS[m.group(2)]
                for m in _QUARTER.finditer(text)}
    years = {int(m.group(1)) if m.group(1) else 2000 + int(m.group(2))
             for m in _YEAR.finditer(text)}
    if len(quarters) != 1 or len(years) != 1:
        return None
    return quarters.pop(), years.pop()


class FiscalQuarter(Normalizer):
    """A fiscal quarter in the question ("Q3 2024") is read with the company's fiscal year."""

    id = "fiscal_quarter"
    version = "1"
    # Before the built-in structural rules (100-400): it only rewrites the question's filters.
    order = 50

    @property
    def start_month(self) -> int:
        """The fiscal year's first month; reads :data:`FISCAL_YEAR_START_MONTH` at call time."""
        return FISCAL_YEAR_START_MONTH

    def apply(self, ctx: Context) -> Context:
        found = find_quarter(ctx.question.text)
        if found is None:
            return ctx
        quarter, year = found
        start, end = quarter_range(quarter, year, start_month=self.start_month)
        # STEF read "Q3 2024" as the calendar quarter; the fiscal one replaces it.
        after_end = (date.fromisoformat(end) + timedelta(days=1)).isoformat()
        fiscal = Period(None, start, after_end, grain="quarter", source="question",
                        text=f"fiscal Q{quarter} {year}")
        kept = tuple(p for p in ctx.question.periods
                     if p.grain != "quarter" or p.source != "question" or p.strength == "weak")
        question = replace(ctx.question, periods=(*kept, fiscal))
        note = Reason(
            code="fiscal_quarter.range",
            message=f"fiscal Q{quarter} {year} read as dates {start} to {end}",
            category="value",
            severity="info",
        )
        return replace(ctx, question=question, fired=(*ctx.fired, self.id),
                       notes=(*ctx.notes, note))


@hookimpl
def stef_register_normalizers() -> list[type[Normalizer]]:
    return [FiscalQuarter]
