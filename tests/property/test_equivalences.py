"""Properties of scoring (issue 4): equivalent SQL scores the same; removing a required filter
or adding an unrequested one never raises the score."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from stef_core.engine import Engine
from stef_core.models import Record, Result

COLUMNS = ["status", "country", "category", "region", "tier"]
VALUES = ["active", "France", "books", "EMEA", "gold", "closed", "Spain", "toys"]


@lru_cache(maxsize=1)
def engine() -> Engine:
    return Engine()


def score(question: str, sql: str) -> Result:
    [result] = engine().evaluate_batch([Record(id="p", question=question, sql=sql)])
    assert result.status == "scored", result.error
    return result


def same(a: Result, b: Result) -> bool:
    assert a.filter_alignment is not None and b.filter_alignment is not None
    return a.score == b.score and a.filter_alignment.status == b.filter_alignment.status


filters = st.lists(
    st.tuples(st.sampled_from(COLUMNS), st.sampled_from(VALUES)),
    # Distinct columns and distinct values: "status 'active' and tier 'active'" names one value
    # twice, and without a schema no one can tell which column a bare value belongs to.
    min_size=1,
    max_size=3,
    unique_by=(lambda t: t[0], lambda t: t[1]),
)


def question_for(fs: list[tuple[str, str]]) -> str:
    return "How many orders have " + " and ".join(f"{c} '{v}'" for c, v in fs) + "?"


def where(fs: list[tuple[str, str]], alias: str = "") -> str:
    return " AND ".join(f"{alias}{c} = '{v}'" for c, v in fs)


@settings(max_examples=25, deadline=None)
@given(fs=filters, data=st.data())
def test_reordered_and_terms_score_the_same(fs: list[tuple[str, str]], data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(fs))
    q = question_for(fs)
    assert same(
        score(q, f"SELECT COUNT(*) FROM orders WHERE {where(fs)}"),
        score(q, f"SELECT COUNT(*) FROM orders WHERE {where(list(shuffled))}"),
    )


@settings(max_examples=25, deadline=None)
@given(fs=filters, upper=st.booleans())
def test_aliases_and_keyword_case_do_not_matter(fs: list[tuple[str, str]], upper: bool) -> None:
    q = question_for(fs)
    plain = f"SELECT COUNT(*) FROM orders WHERE {where(fs)}"
    aliased = f"select count(*) from orders AS o where {where(fs, 'o.')}"
    if upper:
        aliased = aliased.replace("select", "SELECT").replace("from", "FROM")
    assert same(score(q, plain), score(q, aliased))


@settings(max_examples=25, deadline=None)
@given(
    col=st.sampled_from(COLUMNS),
    vals=st.lists(st.sampled_from(VALUES), min_size=2, max_size=4, unique=True),
)
def test_in_list_equals_or_chain(col: str, vals: list[str]) -> None:
    q = "How many orders have " + " or ".join(f"{col} '{v}'" for v in vals) + "?"
    in_list = ", ".join(f"'{v}'" for v in vals)
    or_chain = " OR ".join(f"{col} = '{v}'" for v in reversed(vals))
    assert same(
        score(q, f"SELECT COUNT(*) FROM orders WHERE {col} IN ({in_list})"),
        score(q, f"SELECT COUNT(*) FROM orders WHERE ({or_chain})"),
    )


@settings(max_examples=25, deadline=None)
@given(lo=st.integers(0, 500), span=st.integers(1, 500))
def test_between_equals_two_comparisons(lo: int, span: int) -> None:
    hi = lo + span
    q = f"How many orders have an amount between {lo} and {hi}?"
    assert same(
        score(q, f"SELECT COUNT(*) FROM orders WHERE amount BETWEEN {lo} AND {hi}"),
        score(q, f"SELECT COUNT(*) FROM orders WHERE amount >= {lo} AND {hi} >= amount"),
    )


@settings(max_examples=25, deadline=None)
@given(fs=filters)
def test_like_without_wildcards_equals_eq(fs: list[tuple[str, str]]) -> None:
    q = question_for(fs)
    like = " AND ".join(f"{c} LIKE '{v}'" for c, v in fs)
    assert same(
        score(q, f"SELECT COUNT(*) FROM orders WHERE {where(fs)}"),
        score(q, f"SELECT COUNT(*) FROM orders WHERE {like}"),
    )


@settings(max_examples=25, deadline=None)
@given(fs=filters, guard=st.integers(1000, 100000))
def test_guard_limit_and_default_order_change_nothing(
    fs: list[tuple[str, str]], guard: int
) -> None:
    q = "List the orders with " + " and ".join(f"{c} '{v}'" for c, v in fs)
    base = f"SELECT id, amount FROM orders WHERE {where(fs)}"
    assert same(score(q, base), score(q, f"{base} LIMIT {guard}"))
    assert same(score(q, base), score(q, f"{base} ORDER BY amount DESC"))


@settings(max_examples=25, deadline=None)
@given(fs=filters, data=st.data())
def test_removing_a_required_filter_never_raises_the_score(
    fs: list[tuple[str, str]], data: st.DataObject
) -> None:
    q = question_for(fs)
    full = score(q, f"SELECT COUNT(*) FROM orders WHERE {where(fs)}")
    drop = data.draw(st.integers(0, len(fs) - 1))
    rest = fs[:drop] + fs[drop + 1 :]
    sql = (
        f"SELECT COUNT(*) FROM orders WHERE {where(rest)}"
        if rest
        else "SELECT COUNT(*) FROM orders"
    )
    reduced = score(q, sql)
    assert reduced.score is not None and full.score is not None
    assert reduced.score <= full.score
    assert reduced.filter_alignment is not None
    assert reduced.filter_alignment.status in ("partially_applied", "not_applied")


@settings(max_examples=25, deadline=None)
@given(
    fs=filters,
    extra_col=st.sampled_from(["priority", "channel", "segment"]),
    extra_val=st.sampled_from(["high", "web", "smb"]),
)
def test_adding_an_unrequested_filter_never_raises_the_score(
    fs: list[tuple[str, str]], extra_col: str, extra_val: str
) -> None:
    q = question_for(fs)
    base = score(q, f"SELECT COUNT(*) FROM orders WHERE {where(fs)}")
    more = score(
        q, f"SELECT COUNT(*) FROM orders WHERE {where(fs)} AND {extra_col} = '{extra_val}'"
    )
    assert more.score is not None and base.score is not None
    assert more.score <= base.score
    assert more.filter_alignment is not None
    assert more.filter_alignment.status == "fully_applied_with_extras"
