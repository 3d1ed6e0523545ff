"""The SQL primitives every plugin shares: the parse path and the condition reader.

* :mod:`stef_core.sql.parse`: one statement (:func:`parse_statement`) or one condition
  (:func:`parse_condition`) into a sqlglot tree, with the one list of
  :data:`FALLBACK_DIALECTS` tried when no dialect is given;
* :mod:`stef_core.sql.conditions`: the column resolver (:class:`Resolver`, through CTEs,
  derived tables and aliases) and the condition reader (:func:`read_condition`: a condition
  as normalized filters);
* :mod:`stef_core.sql.time`: time predicates as periods (:func:`read_periods`), in every
  dialect.

The SQL reader (the ``sql`` plugin) builds the whole :class:`~stef_core.spec.SqlSpec` with
them; the question reader reads a hint's SQL-like fragments with the same functions, so a
condition means the same on both sides. Importing this package loads sqlglot: plugins import
it where they parse, not at start-up.

>>> cond = parse_condition("status = 'Active' AND created_at >= '2024-03-01'")
>>> [f.describe() for f in read_condition(cond, Resolver(cond, nested=False))]
["status = 'active'", "created_at >= '2024-03-01'"]
"""

from __future__ import annotations

from stef_core.spec import SUBQUERY
from stef_core.sql.conditions import (
    Resolver,
    column_name,
    columns_of,
    flatten,
    literal_value,
    operand_column,
    read_condition,
    roles_of,
)
from stef_core.sql.parse import FALLBACK_DIALECTS, MAX_SQL_CHARS, parse_condition, parse_statement
from stef_core.sql.time import (
    DATE_DIFFS,
    difference_unit,
    julianday_difference,
    looks_like_time,
    read_periods,
)

__all__ = [
    "DATE_DIFFS",
    "FALLBACK_DIALECTS",
    "MAX_SQL_CHARS",
    "SUBQUERY",
    "Resolver",
    "column_name",
    "columns_of",
    "difference_unit",
    "flatten",
    "julianday_difference",
    "literal_value",
    "looks_like_time",
    "operand_column",
    "parse_condition",
    "parse_statement",
    "read_condition",
    "read_periods",
    "roles_of",
]
