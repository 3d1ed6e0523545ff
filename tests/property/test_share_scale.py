"""Property of the share-scale check: a stated percentage ("under 20%") held against a share
the SQL computes is a finding exactly when the two sit on different scales (a fraction
compared with 20, a percentage compared with 0.2), whatever the dialect's division, the
wrappers around it, or whether the comparison reads the share inline or through its alias."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align import aggregates
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

#: (dialect, a fraction of the rows that are done) in each dialect's own spelling.
FRACTIONS = [
    ("bigquery", "SAFE_DIVIDE(COUNTIF(done), COUNT(*))"),
    ("snowflake", "DIV0(COUNT_IF(done), COUNT(*))"),
    ("postgres", "1.0 * COUNT(*) FILTER (WHERE done) / COUNT(*)"),
    ("tsql", "AVG(CASE WHEN done = 1 THEN 1.0 ELSE 0 END)"),
    ("mysql", "SUM(done = 1) / COUNT(*)"),
]
WRAPPERS = ["{}", "ROUND({}, 3)", "CAST({} AS FLOAT)", "({})"]


def threshold_findings(question: str, sql: str, dialect: str) -> list[str]:
    found = aggregates.check(question_spec(question, None), extract_spec(sql, dialect))
    return [r.message for r in found if "threshold" in r.message]


@settings(max_examples=40, deadline=None)
@given(
    p=st.integers(min_value=2, max_value=95),
    spelling=st.sampled_from(FRACTIONS),
    wrap=st.sampled_from(WRAPPERS),
    percent=st.booleans(),
    as_fraction=st.booleans(),
    through_alias=st.booleans(),
)
def test_a_threshold_is_a_finding_exactly_when_the_scales_differ(
        p: int, spelling: tuple[str, str], wrap: str, percent: bool, as_fraction: bool,
        through_alias: bool) -> None:
    dialect, fraction = spelling
    share = wrap.format(f"100 * {fraction}" if percent else fraction)
    number = f"{p / 100:g}" if as_fraction else str(p)
    compared = "rate" if through_alias else share
    sql = (f"SELECT team, {share} AS rate FROM tasks GROUP BY team "
           f"HAVING {compared} < {number}")
    if through_alias and dialect in ("postgres", "tsql"):
        # these dialects read no SELECT alias in HAVING: the share comes from a CTE
        sql = (f"WITH t AS (SELECT team, {share} AS rate FROM tasks GROUP BY team) "
               f"SELECT team, rate FROM t WHERE rate < {number}")
    wrong = percent == as_fraction  # a percentage against 0.2, a fraction against 20
    found = threshold_findings(f"Which teams finish under {p}% of their tasks?", sql, dialect)
    assert bool(found) == wrong, (sql, found)


# -- AVG of a whole count in a dialect whose AVG of integers is an integer ------------------

COUNT_COLUMNS = ["days_supply", "nights", "qty", "seat_cnt", "item_count", "num_visits"]
DECIMAL_COLUMNS = ["total_amt", "unit_price", "rating_score", "avg_days", "weight_kg"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(COUNT_COLUMNS), st.sampled_from(["tsql", "redshift", "fabric"]),
       st.sampled_from(["", "t."]))
def test_average_of_a_count_column_is_truncated_where_avg_is_integer(
        column: str, dialect: str, prefix: str) -> None:
    sql = f"SELECT AVG({prefix}{column}) FROM rows_t t"
    assert extract_spec(sql, dialect).integer_averages
    # cast or scaled inside the AVG, or averaged where AVG is a decimal: no truncation
    for safe in (f"SELECT AVG(CAST({prefix}{column} AS FLOAT)) FROM rows_t t",
                 f"SELECT AVG({prefix}{column} * 1.0) FROM rows_t t"):
        assert not extract_spec(safe, dialect).integer_averages
    for other in ("postgres", "snowflake", "sqlite", "bigquery"):
        assert not extract_spec(sql, other).integer_averages


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(DECIMAL_COLUMNS), st.sampled_from(["tsql", "redshift"]))
def test_average_of_a_decimal_column_is_no_truncation(column: str, dialect: str) -> None:
    assert not extract_spec(f"SELECT AVG({column}) FROM rows_t", dialect).integer_averages
