"""Properties of a period written as a calendar number shifted from today's
(``stef_align.part_steps``, issue 20): the number wraps exactly when the anchor's month or
quarter plus the step leaves the year, and then the finding is critical whatever the year's
condition; a shifted date (``MONTH(CURDATE() - INTERVAL 1 MONTH)``) is never flagged."""

from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align.part_steps import check
from stef_sql.extract import extract_spec

from stef_core.models import Anchor

SETTINGS = settings(max_examples=60, deadline=None)
UNITS = {"MONTH": 12, "QUARTER": 4}


@SETTINGS
@given(unit=st.sampled_from(sorted(UNITS)), month=st.integers(1, 12), step=st.integers(1, 3),
       with_year=st.booleans())
def test_wraps_exactly_when_the_number_leaves_the_year(unit: str, month: int, step: int,
                                                       with_year: bool) -> None:
    year = " AND YEAR(d) = YEAR(CURDATE())" if with_year else ""
    sql = extract_spec(f"SELECT COUNT(*) FROM t WHERE {unit}(d) = {unit}(CURDATE()) - {step}"
                       f"{year}", "mysql")
    found = check(sql, Anchor(date=date(2026, month, 15), source="timestamp"))
    now = month if unit == "MONTH" else (month - 1) // 3 + 1
    if now - step < 1:
        assert [r.severity for r in found] == ["critical"]
    elif with_year:
        assert found == []
    else:
        assert [r.severity for r in found] == ["major"]


@SETTINGS
@given(month=st.integers(1, 12))
def test_a_shifted_date_is_never_flagged(month: int) -> None:
    sql = extract_spec("SELECT COUNT(*) FROM t WHERE MONTH(d) = MONTH(CURDATE() - INTERVAL 1 "
                       "MONTH) AND YEAR(d) = YEAR(CURDATE() - INTERVAL 1 MONTH)", "mysql")
    assert check(sql, Anchor(date=date(2026, month, 15), source="timestamp")) == []


@SETTINGS
@given(month=st.integers(1, 12))
def test_the_run_date_is_no_anchor(month: int) -> None:
    sql = extract_spec("SELECT COUNT(*) FROM t WHERE MONTH(d) = MONTH(CURDATE()) - 1", "mysql")
    assert check(sql, Anchor(date=date(2026, month, 15), source="run date")) == []
