"""Properties of a ruleset's condition term on a flag or a number (``term "final exam" =
is_final = TRUE``, ``"new scripts" = fill_nbr = 0``; stef_align.filters): the requirement is met
by its own column whatever else the SQL filters, and never by the same value on another flag
(``passed = TRUE``, ``is_training = 0``) nor by that value used in a computation (``ELSE 0``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from stef_core.testing import score_one

#: (phrase, its column, its value as SQL)
TERMS = [("final exams", "is_final", "TRUE"), ("new scripts", "fill_nbr", "0"),
         ("first orders", "order_seq", "1"), ("trial accounts", "on_trial", "TRUE")]
#: other flags a deployment filters on, with a value of each kind
OTHERS = [("is_training", "0"), ("passed", "TRUE"), ("is_test", "FALSE"), ("void_flg", "0"),
          ("attempt_no", "1")]


def critical_missing(question: str, sql: str, term: tuple[str, str, str]) -> bool:
    phrase, column, value = term
    rules = {"predicates": {phrase: f"{column} = {value}"}}
    result = score_one(f"how many {phrase}", sql, rules=rules, dialect="postgres")
    return any(r.code == "filter.missing" and r.severity == "critical" for r in result.reasons)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(TERMS), st.lists(st.sampled_from(OTHERS), min_size=1, max_size=3,
                                        unique=True))
def test_another_flag_with_the_same_value_never_meets_it(term: tuple[str, str, str],
                                                        others: list[tuple[str, str]]) -> None:
    where = " AND ".join(f"{c} = {v}" for c, v in others)
    with_value = f"{where} AND {others[0][0]} = {term[2]}"
    sql = f"SELECT SUM(CASE WHEN x > 2 THEN 1 ELSE 0 END) FROM rows WHERE {with_value}"
    assert critical_missing(term[0], sql, term)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(TERMS), st.lists(st.sampled_from(OTHERS), max_size=3, unique=True))
def test_its_own_column_always_meets_it(term: tuple[str, str, str],
                                        others: list[tuple[str, str]]) -> None:
    conditions = [f"{term[1]} = {term[2]}", *(f"{c} = {v}" for c, v in others)]
    sql = f"SELECT COUNT(*) FROM rows WHERE {' AND '.join(conditions)}"
    assert not critical_missing(term[0], sql, term)
