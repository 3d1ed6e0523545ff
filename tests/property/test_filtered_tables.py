"""The SQL reader's filtered tables (stef_sql.read.filters._filtered_tables) walk a row
condition without the nodes below a plain predicate or a primitive node: the tables must be
those the full walk (every node of the condition, find_all's order) files, cap included."""

from __future__ import annotations

import sqlglot
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot import exp
from stef_sql.read import filters
from stef_sql.read.tree import Tree, subtree

SETTINGS = settings(max_examples=300, deadline=None)

_ALIASES = ["a", "b", "c"]
_COLUMNS = st.sampled_from(_ALIASES).flatmap(
    lambda t: st.sampled_from(["id", "status", "amount", "is_test", "day"]).map(
        lambda c: f"{t}.{c}")) | st.sampled_from(["status", "is_active", "x"])
_VALUES = st.sampled_from(["'x'", "5", "NULL", "TRUE", "'2020-01-01'", "-2", "(1 + 2)"])
_NESTED = st.sampled_from(["d.status = 'z'", "d.is_test", "NOT d.is_test", "d.day > 3",
                           "d.day > d.id", "(d.status = 'z' OR d.amount < 2)"])


def _atoms() -> st.SearchStrategy[str]:
    col = _COLUMNS
    return st.one_of(
        st.tuples(col, st.sampled_from(["=", "<>", ">", "<="]), _VALUES | col).map(" ".join),
        col,  # a flag
        col.map(lambda c: f"NOT {c}"),
        col.map(lambda c: f"{c} IS NULL"),
        st.tuples(col, _VALUES, _VALUES).map(lambda t: f"{t[0]} BETWEEN {t[1]} AND {t[2]}"),
        st.tuples(col, _VALUES).map(lambda t: f"{t[0]} IN ({t[1]}, 'y')"),
        st.tuples(col, col).map(lambda t: f"LOWER({t[0]}) LIKE {t[1]}"),
        st.tuples(col, col, _VALUES).map(lambda t: f"COALESCE({t[0]}, {t[1]}) = {t[2]}"),
        # a predicate below another one (not below a WHERE of its own)
        st.tuples(col, col).map(
            lambda t: f"CASE WHEN {t[0]} = 'x' THEN {t[1]} ELSE 0 END = 1"),
        # subqueries: tables filed only from the conditions inside them
        st.tuples(col, _NESTED).map(
            lambda t: f"{t[0]} IN (SELECT d.id FROM stores d WHERE {t[1]})"),
        _NESTED.map(lambda c: f"EXISTS (SELECT 1 FROM stores d WHERE d.id = a.id AND {c})"),
    )


_CONDITIONS = st.recursive(
    _atoms(),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["AND", "OR"]), inner).map(lambda t: f"({' '.join(t)})"),
        inner.map(lambda c: f"NOT ({c})"),
    ),
    max_leaves=24,
)


def _full_walk(tree: Tree) -> frozenset[str]:
    """What _filtered_tables answers, by walking every node of each condition."""
    out: set[str] = set()
    for condition, _, _ in filters.row_conditions(tree):
        for pred in subtree(condition):
            if isinstance(pred, exp.Column):
                if not isinstance(pred.parent, (exp.Not, exp.And, exp.Or, exp.Where)):
                    continue
                columns = [pred]
            elif isinstance(pred, exp.Predicate):
                plain = filters._plain_operands(pred)
                if plain is None:
                    below = subtree(pred)
                    columns = [c for c in below if isinstance(c, exp.Column)]
                    if any(isinstance(n, exp.Select) for n in below):
                        continue
                else:
                    columns = plain
                if len(columns) != 1:
                    continue
            else:
                continue
            resolved = tree.resolver.resolve(columns[0]) if tree.derived else columns[0]
            if isinstance(resolved, exp.Column) and (table := tree.table_of(resolved)):
                out.add(table)
            if len(out) >= 16:
                return frozenset(out)
    return frozenset(out)


@SETTINGS
@given(_CONDITIONS, st.none() | _CONDITIONS, st.booleans())
def test_the_pruned_walk_files_the_tables_the_full_walk_does(
        where: str, on: str | None, cte: bool) -> None:
    joins = f" JOIN customers b ON {on if on is not None else 'b.id = a.id'}"
    body = f"SELECT a.id FROM orders a{joins} JOIN items c ON c.id = a.id WHERE {where}"
    sql = f"WITH s AS (SELECT * FROM stores) {body}" if cte else body
    root = sqlglot.parse_one(sql)
    assert filters._filtered_tables(Tree(root)) == _full_walk(Tree(root)), sql


def test_a_condition_over_many_tables_stops_at_the_same_sixteen() -> None:
    names = [f"t{i}" for i in range(24)]
    sql = ("SELECT 1 FROM t0 " + " ".join(f"JOIN {n} ON {n}.id = t0.id" for n in names[1:])
           + " WHERE " + " AND ".join(f"({n}.x = 1 OR ({n}.y IN (SELECT 1 FROM t0 WHERE "
                                      f"{names[-1 - i]}.z = 2)))" for i, n in enumerate(names)))
    root = sqlglot.parse_one(sql)
    got = filters._filtered_tables(Tree(root))
    assert len(got) == 16
    assert got == _full_walk(Tree(root))
