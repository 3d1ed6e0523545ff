"""Mistakes visible from the texts alone (session 16): a share whose whole only the numerator
keeps (:mod:`stef_align.shares`) and a COUNT(*) over a join that repeats the counted things
(:mod:`stef_align.counted_joins`). A share fires exactly when the whole's condition is left out
of the denominator and the WHERE, in every dialect's spelling; a count fires exactly when the
question counts the first table's things and nothing de-duplicates them.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align import counted_joins, shares
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

WHOLES = [("repair", "job_type"), ("app", "channel"), ("premium", "tier")]
SHARE_SPELLINGS = [
    ("postgres", "COUNT(*) FILTER (WHERE {c}) * 1.0 / COUNT(*)"),
    ("bigquery", "SAFE_DIVIDE(COUNTIF({c}), COUNT(*))"),
    ("clickhouse", "countIf({c}) / count()"),
    ("snowflake", "SUM(CASE WHEN {c} THEN 1 ELSE 0 END) / NULLIF(COUNT(*), 0)"),
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(WHOLES), st.sampled_from(SHARE_SPELLINGS), st.booleans())
def test_a_shares_whole_must_reach_its_denominator(whole: tuple[str, str],
                                                   spelling: tuple[str, str],
                                                   in_where: bool) -> None:
    value, column = whole
    q = question_spec(f"share of {value} orders that were cancelled last month", None)
    part = "status = 'cancelled'" if in_where else f"status = 'cancelled' AND {column} = '{value}'"
    where = f" AND {column} = '{value}'" if in_where else ""
    sql = extract_spec(f"SELECT {spelling[1].format(c=part)} AS s FROM orders WHERE "
                       f"placed_at >= '2025-10-01'{where}", dialect=spelling[0])
    codes = [r.code for r in shares.check(q, sql)]
    assert codes == ([] if in_where else ["filter.missing"])


PARENTS = [("orders", "order_id", "refunds"), ("jobs", "job_id", "job_parts"),
           ("shipments", "shipment_id", "shipment_legs")]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PARENTS), st.sampled_from(["COUNT(*)", "COUNT(DISTINCT p.{k})"]),
       st.sampled_from(["JOIN", "LEFT JOIN"]))
def test_a_count_over_a_repeating_join_is_flagged_unless_distinct(
        parent: tuple[str, str, str], count: str, join: str) -> None:
    table, key, child = parent
    q = question_spec(f"how many {table} had {child.split('_')[-1]} last week", None)
    sql = extract_spec(f"SELECT {count.format(k=key)} FROM {table} p {join} {child} c "
                       f"ON c.{key} = p.{key}")
    codes = [r.code for r in counted_joins.check(q, sql, logged=True)]
    assert codes == ([] if "DISTINCT" in count else ["join.fan_out"])
