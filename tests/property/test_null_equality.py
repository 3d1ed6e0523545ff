"""Properties of the NULL comparison finding (stef_align.nulls): ``x = NULL`` and ``x <> NULL``
are found wherever they stand (WHERE, HAVING, JOIN ON, a CASE condition) in every dialect, and
``IS [NOT] NULL`` or NULL used as a value (a CASE branch, COALESCE) never is."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align import neither as neither_rule
from stef_align import nulls
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

COLUMNS = ["csm_owner", "assignee_id", "t.closed_at", "customer_id", "region"]
DIALECTS = ["postgres", "snowflake", "tsql", "bigquery", "sqlite", "mysql", "oracle"]


def codes(sql: str, dialect: str) -> list[tuple[str, str]]:
    return [(r.code, r.severity) for r in nulls.check(extract_spec(sql, dialect))]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(COLUMNS), st.sampled_from(DIALECTS), st.sampled_from(["=", "<>"]),
       st.integers(min_value=0, max_value=2))
def test_a_comparison_with_null_is_found_wherever_it_stands(column: str, dialect: str,
                                                            op: str, where: int) -> None:
    test = f"{column} {op} NULL"
    sql = [f"SELECT COUNT(*) FROM accounts t WHERE {test}",
           f"SELECT t.region, COUNT(*) FROM accounts t GROUP BY t.region HAVING MAX({column}) "
           f"{op} NULL",
           f"SELECT SUM(CASE WHEN {test} THEN 1 ELSE 0 END) FROM accounts t"][where]
    assert codes(sql, dialect) == [("filter.operator_mismatch", "critical")]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(COLUMNS), st.sampled_from(DIALECTS), st.booleans())
def test_null_tests_and_null_values_are_no_finding(column: str, dialect: str,
                                                   negated: bool) -> None:
    test = f"{column} IS {'NOT ' if negated else ''}NULL"
    for sql in (f"SELECT COUNT(*) FROM accounts t WHERE {test}",
                f"SELECT AVG(CASE WHEN {column} = 0 THEN NULL ELSE 1 END) FROM accounts t",
                f"SELECT COALESCE({column}, NULL) FROM accounts t"):
        assert codes(sql, dialect) == []


# -- "neither X nor Y" (stef_align.neither) -------------------------------------------------

ABSENCES = ["NOT EXISTS (SELECT 1 FROM contacts c WHERE c.account_id = t.id)",
            "t.owner_id IS NULL", "t.id NOT IN (SELECT account_id FROM activities)",
            "NOT t.is_active"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(ABSENCES), min_size=2, max_size=2, unique=True),
       st.sampled_from(DIALECTS), st.sampled_from(["OR", "AND"]), st.booleans())
def test_neither_nor_fires_exactly_on_an_or_of_two_absences(pair: list[str], dialect: str,
                                                            joiner: str, neither: bool) -> None:
    words = "neither a contact nor an owner" if neither else "no contact or no owner"
    q = question_spec(f"how many accounts have {words}", None)
    sql = f"SELECT COUNT(*) FROM accounts t WHERE ({pair[0]} {joiner} {pair[1]})"
    found = neither_rule.check(q, extract_spec(sql, dialect))
    assert bool(found) == (neither and joiner == "OR")
