"""The SQL reader, one module per concept (as :mod:`stef_question.concepts` reads the
question): the tree is walked once (:class:`~stef_sql.read.tree.Tree`), then each reader of
:data:`READERS` reads its part of the :class:`~stef_core.spec.SqlSpec` from that walk, and
the spec is the fold of their parts.

* :mod:`~stef_sql.read.projection`: what the outer SELECT shows;
* :mod:`~stef_sql.read.aggregates`: aggregates, divisions and value conditions (CASE, FILTER);
* :mod:`~stef_sql.read.filters`: row conditions, column comparisons and join keys;
* :mod:`~stef_sql.read.time`: time conditions as periods;
* :mod:`~stef_sql.read.grouping`: GROUP BY, HAVING, PARTITION BY, DISTINCT ON, nested groups;
* :mod:`~stef_sql.read.ordering`: ORDER BY, LIMIT / TOP / FETCH, OFFSET;
* :mod:`~stef_sql.read.superlatives`: ranking windows, nested top-k, unscoped extremes;
* :mod:`~stef_sql.read.structure`: tables, columns, literals, windows, CTEs, joins;
* :mod:`~stef_sql.read.durations`: differences of two time columns;
* :mod:`~stef_sql.read.offsets`: how many days after one time column another must fall;
* :mod:`~stef_sql.read.year_ages`: ages bounded in calendar years (this year minus the birth
  year);
* :mod:`~stef_sql.read.weekdays`: days of the week kept by number, in each numbering the
  dialect may use;
* :mod:`~stef_sql.read.shares`: what the part and the whole of a share each keep;
* :mod:`~stef_sql.read.joins`: what joins and subqueries do to the rows (an amount repeated
  by a join, a HAVING that looks for groups an inner join never keeps, NOT IN (SELECT ...));
* :mod:`~stef_sql.read.defeated`: LEFT JOINs the WHERE turns inner where the query counts on
  the rows they keep;
* :mod:`~stef_sql.read.spelled`: every number the SQL spells, in literals and names;
* :mod:`~stef_sql.read.nulls`: columns read through COALESCE, sums of two columns added;
* :mod:`~stef_sql.read.month_days`: a month's days spelled as a number (28 to 31) in a
  division or product with an aggregate;
* :mod:`~stef_sql.read.percents`: a percentage column divided by the integer 100 where the
  dialect's integer division truncates;
* :mod:`~stef_sql.read.precedence`: ORs that keep every row, and ORs written beside an AND
  chain with no parentheses.

A reader is ``read(tree) -> build``: it reads everything it needs from the tree and asks
``tree.texts`` for the SQL texts it keeps; once every reader has read, the texts are rendered
(rendering may normalize nodes in place) and each ``build(texts)`` returns its fields.

>>> spec = extract_spec("SELECT name FROM users u WHERE u.status = 'Active' AND 18 <= u.age")
>>> [(f.column, f.op, f.value) for f in spec.filters]
[('status', '=', 'active'), ('age', '>=', 18)]
"""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from stef_core.spec import SqlSpec, sql_spec
from stef_core.sql import parse_statement
from stef_sql.read import (
    aggregates,
    defeated,
    durations,
    filters,
    grouping,
    joins,
    month_days,
    nulls,
    offsets,
    ordering,
    percents,
    precedence,
    projection,
    semijoins,
    shares,
    spelled,
    structure,
    superlatives,
    time,
    weekdays,
    year_ages,
)
from stef_sql.read.tree import Reader, Tree

__all__ = ["READERS", "extract_spec", "spec_of"]

#: The concept readers, in the order they read (their fields do not overlap).
READERS: tuple[Reader, ...] = (
    projection.read,
    aggregates.read,
    grouping.read,
    ordering.read,
    filters.read,
    superlatives.read,
    time.read,
    structure.read,
    joins.read,
    defeated.read,
    spelled.read,
    durations.read,
    offsets.read,
    shares.read,
    year_ages.read,
    weekdays.read,
    nulls.read,
    percents.read,
    precedence.read,
    month_days.read,
)


def spec_of(root: exp.Expr, dialect: str | None = None) -> SqlSpec:
    """The spec of a parsed query (read in ``dialect``, when known). Pass a tree you own
    (``extract_spec`` does): reading it is pure, but rendering the few SQL texts the spec
    keeps may normalize nodes in place."""
    return _spec(_tree(root, dialect))


def _tree(root: exp.Expr, dialect: str | None) -> Tree:
    """The query read once; a semi- or anti-join (Spark, ClickHouse, DuckDB) is first
    rewritten as the EXISTS / NOT EXISTS it stands for (:mod:`~stef_sql.read.semijoins`) and
    the rewritten tree read again: rare, and the walk has found the joins already."""
    tree = Tree(root, dialect)
    return Tree(root, dialect) if semijoins.rewrite(tree.joins) else tree


def _spec(tree: Tree) -> SqlSpec:
    builds = [read(tree) for read in READERS]
    texts = tree.texts.render()  # every read is done
    fields: dict[str, Any] = {}
    for build in builds:
        fields.update(build(texts))
    return sql_spec(fields)


def extract_spec(sql: str, dialect: str | None = None) -> SqlSpec:
    """Parse ``sql`` and return its spec; :class:`SqlParseError` when it cannot be analysed."""
    tree = _tree(parse_statement(sql, dialect), dialect)
    try:
        return _spec(tree)
    finally:
        tree.release()  # the tree is this function's own: freed without the cyclic collector
