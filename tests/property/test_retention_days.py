"""Properties of ``date.retention_window`` (stef_align.retention): "dN retention" answered by
activity on exactly day N never fires, whatever the dialect's spelling of the offset (a
DATEDIFF compared with N, the date shifted by N days) and whichever side of the comparison
it stands on; activity on a range of days ending or starting at N always does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align.retention import check
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

#: (dialect, the days from the install to the session, the install date shifted by N days)
SPELLINGS = [
    ("bigquery", "DATE_DIFF(s.session_date, c.install_date, DAY)",
     "DATE_ADD(c.install_date, INTERVAL {n} DAY)"),
    ("snowflake", "DATEDIFF(day, c.install_date, s.session_date)",
     "DATEADD(day, {n}, c.install_date)"),
    ("postgres", "s.session_date - c.install_date", "c.install_date + {n}"),
    ("duckdb", "date_diff('day', c.install_date, s.session_date)",
     "c.install_date + INTERVAL {n} DAY"),
]
SQL = ("SELECT COUNT(DISTINCT s.player_id) / COUNT(DISTINCT c.player_id) FROM cohort c "
       "LEFT JOIN sessions s ON s.player_id = c.player_id AND {cond}")


def codes(day: int, cond: str, dialect: str) -> list[str]:
    q = question_spec(f"d{day} retention for april installs", None)
    return [r.code for r in check(q, extract_spec(SQL.format(cond=cond), dialect))]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SPELLINGS), st.sampled_from([1, 7, 14, 30, 90]), st.booleans())
def test_the_day_itself_never_fires(spelling: tuple[str, str, str], day: int,
                                    flipped: bool) -> None:
    dialect, diff, shifted = spelling
    cond = f"{day} = {diff}" if flipped else f"{diff} = {day}"
    assert codes(day, cond, dialect) == []
    assert codes(day, f"s.session_date = {shifted.format(n=day)}", dialect) == []


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SPELLINGS), st.sampled_from([1, 7, 14, 30, 90]), st.sampled_from([0, 1]))
def test_a_window_of_days_always_fires(spelling: tuple[str, str, str], day: int,
                                       start: int) -> None:
    dialect, diff, shifted = spelling
    start = min(start, day - 1)  # BETWEEN 1 AND 1 is day 1 itself
    for cond in (f"{diff} BETWEEN {start} AND {day}", f"{diff} <= {day}",
                 f"s.session_date >= {shifted.format(n=day)}"):
        assert codes(day, cond, dialect) == ["date.retention_window"], cond
