"""Properties of the partial first bucket (stef_align.buckets): "<unit>ly ... last N <unit>s"
grouped by that unit is flagged exactly when the window's start is today rolled back (a
mid-bucket start), whatever the count, the unit and the dialect's spelling; a window started
at a bucket's start never is, nor is a rolled-back window without a bucket grouping."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align.buckets import check
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

#: (dialect, a bucket of ts, the start of this bucket, today rolled back n buckets, the start
#: of this bucket rolled back n buckets) as each dialect spells them; {u} the unit, {n} a count
SPELLINGS = [
    ("postgres", "date_trunc('{u}', ts)", "current_date - interval '{n} {u}s'",
     "date_trunc('{u}', current_date) - interval '{n} {u}s'"),
    ("snowflake", "DATE_TRUNC('{u}', ts)", "DATEADD({u}, -{n}, CURRENT_DATE())",
     "DATEADD({u}, -{n}, DATE_TRUNC('{u}', CURRENT_DATE()))"),
    ("redshift", "DATE_TRUNC('{u}', ts)", "DATEADD({u}, -{n}, GETDATE())",
     "DATEADD({u}, -{n}, DATE_TRUNC('{u}', GETDATE()))"),
    ("trino", "date_trunc('{u}', ts)", "current_date - INTERVAL '{n}' {u}",
     "date_trunc('{u}', current_date) - INTERVAL '{n}' {u}"),
]


def fires(question: str, sql: str, dialect: str) -> bool:
    return any(r.code == "filter.value_mismatch"
               for r in check(question_spec(question, None), extract_spec(sql, dialect)))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SPELLINGS), st.sampled_from(["week", "month"]),
       st.integers(min_value=2, max_value=24))
def test_rolled_back_start_fires_and_bucket_start_does_not(
        spelling: tuple[str, str, str, str], unit: str, n: int) -> None:
    dialect, bucket, rolled, aligned = (s.format(u=unit, n=n) for s in spelling)
    question = f"{unit}ly orders last {n} {unit}s"
    grouped = "SELECT {b} AS b, COUNT(*) FROM orders WHERE ts >= {s} GROUP BY 1"
    assert fires(question, grouped.format(b=bucket, s=rolled), dialect)
    assert not fires(question, grouped.format(b=bucket, s=aligned), dialect)
    assert not fires(question, f"SELECT COUNT(*) FROM orders WHERE ts >= {rolled}", dialect)
