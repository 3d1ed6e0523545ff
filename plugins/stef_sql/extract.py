"""SQL -> :class:`SqlSpec`, exactly, from the sqlglot AST: the entry points of the SQL reader.

The tree is parsed once (:func:`stef_core.sql.parse_statement`) and walked once; the concept
readers of :mod:`stef_sql.read` read the spec from that walk. Aliases are resolved through CTEs
and derived tables: ``WITH t AS (SELECT amount AS a FROM s) SELECT SUM(a) FROM t`` has the
aggregation ``SUM(amount)``. Filters are normalized as they are read (the normalize
step of docs/scoring.md).

>>> spec = extract_spec("SELECT name FROM users u WHERE u.status = 'Active' AND 18 <= u.age")
>>> [(f.column, f.op, f.value) for f in spec.filters]
[('status', '=', 'active'), ('age', '>=', 18)]
"""

from __future__ import annotations

from stef_core.spec import SUBQUERY
from stef_core.sql import parse_statement
from stef_sql.read import READERS, extract_spec, spec_of

__all__ = ["READERS", "SUBQUERY", "extract_spec", "parse_statement", "spec_of"]
