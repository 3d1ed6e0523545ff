"""Hypothesis strategies for property-testing STEF plugins.

Every strategy builds *valid* input: SELECT statements are assembled with sqlglot's expression
builders (so they parse in any dialect sqlglot writes), identifiers avoid SQL keywords, and
rulesets pass the R_app model's validation. Use them for invariants such as "a rule is
idempotent" or "a rule never changes the score of SQL it does not fire on"::

    from hypothesis import given
    from stef_core.testing import strategies as sst

    @given(sst.records())
    def test_my_rule_never_breaks_scoring(record):
        result = score_one(record.question, record.sql, registry=my_registry)
        assert result.status == "scored"
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import sqlglot

try:
    from hypothesis import strategies as st
except ImportError as _exc:  # `pip install stef` leaves the test tools out
    raise ImportError(
        "stef_core.testing.strategies needs hypothesis, which plain `pip install stef` does not "
        "install: pip install 'stef[testing]' (pytest and hypothesis for plugin authors)"
    ) from _exc
from sqlglot import exp
from sqlglot.tokens import Tokenizer

from stef_core.models import (
    BUILTIN_RULE_IDS,
    BenignFilter,
    Record,
    Ruleset,
)

__all__ = [
    "aggregates",
    "identifiers",
    "literals",
    "predicates",
    "records",
    "rulesets",
    "select_expressions",
    "selects",
]

# Words no generated identifier may be: every keyword sqlglot's tokenizer knows, plus names
# some dialect treats specially even though the base tokenizer does not.
_RESERVED = {k.upper() for k in Tokenizer.KEYWORDS} | {
    "USER", "DATE", "TIME", "TIMESTAMP", "YEAR", "MONTH", "DAY", "KEY", "VALUE", "LEVEL",
    "ROW", "ROWS", "RANGE", "FORMAT", "FILTER", "QUALIFY", "WINDOW", "OFFSET", "TOP",
}

#: Plausible table and column words; mixed with generated names so failures read naturally.
TABLE_WORDS = ("orders", "customers", "users", "products", "employees", "payments", "events")
COLUMN_WORDS = ("status", "country", "amount", "price", "created_at", "region", "name",
                "category", "quantity", "age", "city", "plan")


def identifiers() -> st.SearchStrategy[str]:
    """Lower-case SQL identifiers that are never keywords (``orders``, ``c_x1``)."""
    return _IDENTIFIERS


@lru_cache(maxsize=4096)
def _plain_name(name: str) -> bool:
    """Not a keyword, and reads as a column in every clause a strategy puts it in: the
    tokenizer's keyword list misses names the parser treats as functions (``if``)."""
    if name.upper() in _RESERVED:
        return False
    try:
        sqlglot.parse_one(f"SELECT {name} FROM {name} WHERE {name} = 0 GROUP BY {name}")
    except Exception:
        return False
    return True


def _identifiers() -> st.SearchStrategy[str]:
    generated = st.builds(
        lambda head, tail: head + tail,
        st.sampled_from("abcdefghijklmnopqrstuvwxyz"),
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_", max_size=7),
    ).filter(_plain_name)
    # Mostly familiar words: examples stay small and failures read like real queries.
    return st.one_of(st.sampled_from(COLUMN_WORDS + TABLE_WORDS), generated)


def literals() -> st.SearchStrategy[exp.Expr]:
    """SQL literals: integers, two-decimal numbers, short strings, ISO dates."""
    return _LITERALS


def _literals() -> st.SearchStrategy[exp.Expr]:
    words = st.sampled_from(("active", "france", "gold", "pending", "north east", "x"))
    dates = st.dates().map(lambda d: d.isoformat())
    return st.one_of(
        st.integers(-1000, 100000).map(exp.Literal.number),
        st.integers(0, 1_000_000).map(lambda n: exp.Literal.number(f"{n / 100:.2f}")),
        st.one_of(words, dates).map(exp.Literal.string),
    )


def _column() -> st.SearchStrategy[exp.Column]:
    return _COLUMNS


# Strategies are built once: building them per draw costs Hypothesis a validation each time,
# which made generation ten times slower.
_IDENTIFIERS = _identifiers()
_LITERALS = _literals()
_COLUMNS = _IDENTIFIERS.map(lambda name: exp.column(name))


@st.composite
def predicates(draw: st.DrawFn, column: str | None = None) -> exp.Expr:
    """One predicate: ``col op literal``, ``col IN (...)``, ``col BETWEEN a AND b``,
    ``col LIKE 'x%'`` or ``col IS [NOT] NULL``. Pass ``column`` to fix the column.

    Render it with ``.sql()``; ``predicates().map(lambda p: p.sql())`` gives text.
    """
    col = exp.column(column) if column else draw(_column())
    kind = draw(st.sampled_from(["cmp", "cmp", "cmp", "in", "between", "like", "null"]))
    if kind == "cmp":
        op = draw(st.sampled_from([exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE]))
        return op(this=col, expression=draw(literals()))
    if kind == "in":
        values = draw(st.lists(literals(), min_size=1, max_size=4))
        return exp.In(this=col, expressions=values)
    if kind == "between":
        low, high = sorted(draw(st.lists(st.integers(0, 10000), min_size=2, max_size=2)))
        return exp.Between(this=col, low=exp.Literal.number(low), high=exp.Literal.number(high))
    if kind == "like":
        word = draw(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8))
        return exp.Like(this=col, expression=exp.Literal.string(word + "%"))
    null: exp.Expr = exp.Is(this=col, expression=exp.Null())
    return exp.Not(this=null) if draw(st.booleans()) else null


def aggregates(column: str | None = None) -> st.SearchStrategy[exp.Expr]:
    """``COUNT(*)``, ``COUNT(DISTINCT c)``, ``SUM(c)``, ``AVG(c)``, ``MIN(c)``, ``MAX(c)``."""
    col = st.just(exp.column(column)) if column else _column()
    return st.one_of(
        st.just(exp.Count(this=exp.Star())),
        col.map(lambda c: exp.Count(this=exp.Distinct(expressions=[c]))),
        col.map(lambda c: exp.Sum(this=c)),
        col.map(lambda c: exp.Avg(this=c)),
        col.map(lambda c: exp.Min(this=c)),
        col.map(lambda c: exp.Max(this=c)),
    )


@st.composite
def select_expressions(
    draw: st.DrawFn,
    *,
    max_filters: int = 3,
    aggregate: bool | None = None,
    order: bool | None = None,
    limit: bool | None = None,
) -> exp.Select:
    """A single-table SELECT as a sqlglot tree: projections, optional WHERE (ANDed
    predicates), aggregates with a matching GROUP BY, ORDER BY and LIMIT.

    ``aggregate``, ``order`` and ``limit`` force a clause on (True) or off (False); None lets
    Hypothesis choose. A grouped query groups by exactly its non-aggregated columns, so every
    statement is valid SQL in every dialect.
    """
    table = draw(st.sampled_from(TABLE_WORDS) | identifiers())
    names = draw(st.lists(identifiers(), min_size=1, max_size=3, unique=True))
    use_agg = draw(st.booleans()) if aggregate is None else aggregate
    projections: list[exp.Expr] = [exp.column(n) for n in names]
    if use_agg:
        keys = projections[: draw(st.integers(0, len(projections)))]
        aggs = draw(st.lists(aggregates(), min_size=1, max_size=2))
        projections = [*keys, *aggs]
    query = sqlglot.select(*projections).from_(table)
    filters = draw(st.lists(predicates(), max_size=max_filters))
    if filters:
        query = query.where(*filters)
    if use_agg and keys:
        query = query.group_by(*[k.copy() for k in keys])
    if order if order is not None else draw(st.booleans()):
        key = draw(st.sampled_from(projections)).copy()
        query = query.order_by(exp.Ordered(this=key, desc=draw(st.booleans())))
    if limit if limit is not None else draw(st.booleans()):
        query = query.limit(draw(st.sampled_from([1, 5, 10, 100, 1000, 5000])))
    return query


def selects(dialect: str | None = None, **kwargs: Any) -> st.SearchStrategy[str]:
    """SQL text of :func:`select_expressions` (same options), written for ``dialect``.

    >>> from hypothesis import find
    >>> find(selects(), lambda sql: "WHERE" in sql).startswith("SELECT")
    True
    """
    return select_expressions(**kwargs).map(lambda q: q.sql(dialect=dialect))


_QUESTION_STARTS = ("How many", "List the", "Show", "What is the total", "Which", "Count the")


@st.composite
def records(draw: st.DrawFn, dialect: str | None = None) -> Record:
    """A :class:`~stef_core.models.Record`: a question built from the SQL's own words (so it is
    plausibly about the same thing) and a SELECT from :func:`selects`."""
    query = draw(select_expressions())
    words = sorted({c.name for c in query.find_all(exp.Column)}
                   | {t.name for t in query.find_all(exp.Table)})
    question = f"{draw(st.sampled_from(_QUESTION_STARTS))} {' '.join(words)}?"
    return Record(
        id=str(draw(st.integers(1, 10**9))),
        question=question,
        sql=query.sql(dialect=dialect),
        enriched_question=draw(st.none() | st.just(f"{question} ({query.sql()})")),
        agent=draw(st.sampled_from(["default", "agent-a", "agent-b"])),
        dialect=dialect,
    )


_COLS = st.sampled_from(COLUMN_WORDS)
_BENIGN = st.builds(
    BenignFilter,
    column=_COLS,
    op=st.sampled_from(["=", "!=", "IS", ">="]),
    value=st.one_of(st.just("*"), st.integers(0, 10), st.booleans(),
                    st.sampled_from(["active", "eu"])),
)
_RULESET_PARTS = st.fixed_dictionaries({
    "name": st.sampled_from(["default", "acme", "sales-eu", "support_desk"]),
    "synonyms": st.dictionaries(_COLS, st.lists(_IDENTIFIERS, min_size=1, max_size=3),
                                max_size=3),
    "benign_filters": st.lists(_BENIGN, max_size=3),
    "ignored_filters": st.lists(_COLS, max_size=2, unique=True),
    "limit_guard": st.sampled_from([100, 500, 1000, 10000]),
    "week_start": st.sampled_from(["monday", "sunday", "saturday"]),
    "notes": st.lists(st.sampled_from(["amounts are in cents", "forbid table salaries"]),
                      max_size=2, unique=True),
})


def rulesets(rule_ids: tuple[str, ...] = BUILTIN_RULE_IDS) -> st.SearchStrategy[Ruleset]:
    """A valid R_app :class:`~stef_core.models.Ruleset`: synonyms, benign and ignored filters,
    a limit guard, a week start, rule switches over ``rule_ids`` and notes (scoring stays at
    its defaults, so scores remain comparable across examples)."""
    switches = st.dictionaries(st.sampled_from(rule_ids), st.booleans()) if rule_ids \
        else st.just({})
    return st.builds(lambda parts, rules: Ruleset(**parts, rules=rules), _RULESET_PARTS, switches)
