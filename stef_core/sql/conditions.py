"""The condition reader: a WHERE, HAVING or ON condition as normalized :class:`Filter` values.

Every reader of SQL conditions goes through here: the SQL reader for the statement it scores,
the question reader for the SQL-like fragments of a hint (``year(date) = 2013``), R_app's
predicates. Filters are normalized as they are read (the normalize step of docs/scoring.md):
values folded (:mod:`stef_core.values`), ``IN`` with one value and ``LIKE`` without wildcards
become ``=``, OR-chains of equalities on one column become ``IN``, ``BETWEEN`` becomes ``>=``
and ``<=``, ``5 < x`` becomes ``x > 5`` and ``NOT`` is folded into the operator (De Morgan
under it).

Columns are named as they are stored: :class:`Resolver` looks through CTEs and derived tables
(a column read from a CTE is the expression the CTE projects under that name) and through
aliases, so ``WITH t AS (SELECT amount AS a FROM s) SELECT * FROM t WHERE a > 5`` filters
``amount``.

>>> from stef_core.sql.parse import parse_condition
>>> cond = parse_condition("u.status = 'Active' AND 18 <= u.age AND NOT city IN ('Oslo')")
>>> [f.describe() for f in read_condition(cond, Resolver(cond, nested=False))]
["status = 'active'", 'age >= 18', "city != 'oslo'"]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, cast

from sqlglot import exp
from sqlglot.optimizer.scope import Scope, build_scope

from stef_core.spec import FLIPPED_OP, NEGATED_OP, SUBQUERY, Filter, Op, Scalar, Source, Value
from stef_core.sql.matching import matched
from stef_core.values import fold_text, number

__all__ = [
    "PREDICATES",
    "STRING_TYPES",
    "SUBQUERY",
    "Resolver",
    "column_name",
    "columns_of",
    "flatten",
    "is_now",
    "literal_value",
    "operand_column",
    "read_condition",
    "roles_of",
]

_CMP: dict[type[exp.Expr], Op] = {
    exp.EQ: "=",
    exp.NEQ: "!=",
    exp.GT: ">",
    exp.GTE: ">=",
    exp.LT: "<",
    exp.LTE: "<=",
    exp.NullSafeEQ: "=",
    exp.NullSafeNEQ: "!=",
}
#: The comparison types, as ``isinstance`` takes them (made once, not per predicate).
_CMP_TYPES: tuple[type[exp.Expr], ...] = tuple(_CMP)
#: Node types :func:`read_condition` reads as predicates (besides a bare boolean column).
PREDICATES: tuple[type[exp.Expr], ...] = (
    *_CMP, exp.In, exp.Between, exp.Like, exp.ILike, exp.Is, exp.And, exp.Or, exp.Not,
)
#: String literals sqlglot keeps apart from ``Literal`` (T-SQL's N'...', raw strings).
STRING_TYPES: tuple[type[exp.Expr], ...] = tuple(
    t for t in (getattr(exp, n, None) for n in ("National", "RawString")) if isinstance(t, type)
)


#: What :func:`literal_value` looks through.
_WRAPPERS: tuple[type[exp.Expr], ...] = (exp.Paren, exp.Cast, exp.TryCast)


def literal_value(node: exp.Expr) -> tuple[bool, Scalar]:
    """``(True, value)`` when ``node`` is a constant, else ``(False, None)``."""
    while isinstance(node, _WRAPPERS):
        node = node.this
    kind = type(node)
    # The two most frequent nodes first, by exact type (neither is a subclass of another type
    # tested below, so each answer is the one the tests below give): a literal, a column.
    if kind is exp.Literal:
        text = str(node.this)
        if node.is_string:
            return True, fold_text(text)
        num = number(text)
        return True, num if num is not None else text
    if kind is exp.Column:
        column = cast(exp.Column, node)
        if (isinstance(column.this, exp.Identifier) and column.this.quoted and not column.table
                and "%" in column.name):
            return True, fold_text(column.name)  # a LIKE pattern (below)
        return False, None
    if isinstance(node, STRING_TYPES):  # N'...' (T-SQL), raw strings: strings all the same
        return True, fold_text(str(node.this))
    if isinstance(node, exp.Literal):
        text = str(node.this)
        if node.is_string:
            return True, fold_text(text)
        num = number(text)
        return True, num if num is not None else text
    if isinstance(node, exp.Neg):
        ok, inner = literal_value(node.this)
        if ok and isinstance(inner, (int, float)) and not isinstance(inner, bool):
            return True, -inner
        return False, None
    if isinstance(node, exp.Boolean):
        return True, bool(node.this)
    if isinstance(node, exp.Null):
        return True, None
    if (isinstance(node, exp.Column) and isinstance(node.this, exp.Identifier)
            and node.this.quoted and not node.table and "%" in node.name):
        # SQLite reads a double-quoted word that names no column as a string: a LIKE pattern
        # ("%w%") is never a column's name
        return True, fold_text(node.name)
    return False, None


def subtree(node: exp.Expr) -> list[exp.Expr]:
    """``node`` and every node below it, breadth first: what ``node.walk()`` yields, as a list
    made by a plain loop (no generator per node; a SELECT item or an aggregate's argument is
    a handful of nodes)."""
    out = [node]
    append = out.append
    i = 0
    while i < len(out):
        for value in out[i].args.values():
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, exp.Expr):
                        append(item)
            elif isinstance(value, exp.Expr):
                append(value)
        i += 1
    return out


def _tables_in(root: exp.Expr) -> list[exp.Table]:
    """``root.find_all(exp.Table)`` as a list, in its order (breadth first over the arguments,
    as sqlglot's walk): a hint's condition is read this way once per condition, and the
    generator walk costs several times the plain loop of :func:`subtree`."""
    return [node for node in subtree(root) if isinstance(node, exp.Table)]


class Resolver:
    """Maps columns to what they mean, looking through CTEs and derived tables.

    Scope analysis is only run when the query has something to look through (a CTE, a derived
    table, a nested SELECT): for the flat queries that make up most logs, a column is itself and
    its table comes from the FROM/JOIN aliases.
    """

    def __init__(
        self, root: exp.Expr, nested: bool = True, tables: list[exp.Table] | None = None,
        joins: list[exp.Join] | None = None,
    ) -> None:
        self.scope_of: dict[int, Scope] = {}
        self.root_scope: Scope | None = None
        self.aliases: dict[str, str] = {}
        self._joins = joins or []
        self._roles: dict[str, str] | None = None
        if nested:
            try:
                self.root_scope = build_scope(root)
            except Exception:  # scope analysis is best effort; plain names still work
                self.root_scope = None
        if self.root_scope is not None:
            for scope in self.root_scope.traverse():
                self.scope_of[id(scope.expression)] = scope
        else:
            for table in tables if tables is not None else _tables_in(root):
                self.aliases[table.alias_or_name.lower()] = table.name.lower()

    @property
    def roles(self) -> dict[str, str]:
        """The role each joined alias plays (:func:`roles_of`), read on first use: only a
        column-to-column comparison asks."""
        if self._roles is None:
            self._roles = roles_of(self._joins)
        return self._roles

    def scope_for(self, node: exp.Expr) -> Scope | None:
        if not self.scope_of:
            return None
        parent: Any = node
        while parent is not None:
            scope = self.scope_of.get(id(parent))
            if scope is not None:
                return scope
            parent = parent.parent
        return None

    def resolve(self, column: exp.Column, depth: int = 0) -> exp.Expr:
        """The expression ``column`` stands for (itself when it is a base-table column)."""
        if depth > 8:
            return column
        scope = self.scope_for(column)
        if scope is None:
            return column
        source = scope.sources.get(column.table) if column.table else None
        if source is None and not column.table:
            derived = [s for s in scope.sources.values() if isinstance(s, Scope)]
            if len(scope.sources) == 1 and derived:
                source = derived[0]
        if not isinstance(source, Scope):
            return column
        select = source.expression
        if not isinstance(select, exp.Select):
            return column
        for projection in select.expressions:
            if projection.alias_or_name.lower() == column.name.lower():
                inner = projection.this if isinstance(projection, exp.Alias) else projection
                if isinstance(inner, exp.Column):
                    return self.resolve(inner, depth + 1)
                return cast(exp.Expr, inner)
        return column


def name_of(node: exp.Expr) -> str:
    """``node.name``, read directly for the usual plain identifier: sqlglot's ``name`` is a
    property chain (``text()``, isinstance tests, the ``this`` property) that the readers ask
    of thousands of columns a run."""
    ident = node.args.get("this")
    if type(ident) is exp.Identifier:
        text = ident.args.get("this")
        if type(text) is str:
            return text
    return node.name


def column_name(node: exp.Expr) -> str:
    """A column's bare name in lower case; any other expression as lower-case SQL."""
    return name_of(node).lower() if isinstance(node, exp.Column) else node.sql().lower()


# --------------------------------------------------------------------------------------------
# filters
# --------------------------------------------------------------------------------------------


def roles_of(joins: list[exp.Join]) -> dict[str, str]:
    """The role each joined alias plays, read from its join key: ``ON e.manager_id = m.id``
    makes ``m`` the manager (a key named after a role, pointing at the other alias's id)."""
    roles: dict[str, str] = {}
    for join in joins[:32]:
        on = join.args.get("on")
        if on is None:
            continue
        for eq in on.find_all(exp.EQ):
            a, b = eq.left, eq.right
            if not (isinstance(a, exp.Column) and isinstance(b, exp.Column)):
                continue
            for ref, key in ((a, b), (b, a)):
                name, table = ref.name.lower(), key.table.lower()
                if (table and key.name.lower() in ("id", "key") and name.endswith("_id")
                        and len(name) > 3 and ref.table.lower() != table):
                    roles[table] = name[:-3].replace("_", " ")
    return roles


def _in_role(node: exp.Expr, column: str | None, resolver: Resolver) -> str | None:
    """``column`` prefixed with the role of the alias it is read from, when it has one."""
    if column is None or not isinstance(node, exp.Column):
        return column
    role = resolver.roles.get(node.table.lower()) if node.table else None
    return f"{role} {column}" if role else column


def operand_column(node: exp.Expr, resolver: Resolver) -> str | None:
    """The column a predicate constrains: a bare column, or the one column inside an
    expression (``LOWER(name)``, ``strftime('%Y', d)``), else the expression itself."""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Column):
        resolved = resolver.resolve(node)
        if isinstance(resolved, exp.Column):
            return name_of(resolved).lower()
        node = resolved
    cols = columns_of(node, resolver)
    if len(cols) == 1:
        return cols[0]
    if not cols:
        return None
    return node.sql().lower()


def _unparen(node: exp.Expr) -> exp.Expr:
    while isinstance(node, exp.Paren):
        node = node.this
    return node


def _flag_fallback(node: exp.Expr, value: bool) -> bool:
    """Is ``node`` ``COALESCE(column, v)`` with ``v`` the boolean ``value`` compared with?"""
    node = _unparen(node)
    if not isinstance(node, exp.Coalesce) or len(node.expressions) != 1:
        return False
    ok, fallback = literal_value(node.expressions[0])
    return isinstance(_unparen(node.this), exp.Column) and ok and fallback is value


def _blank_fallback(node: exp.Expr, value: object) -> bool:
    """Is ``node`` ``COALESCE(column, v)`` (``IFNULL``, ``NVL``) with ``v`` the blank
    ``value`` compared with ('' or 0): true exactly where the column has no value?"""
    node = _unparen(node)
    if not isinstance(node, exp.Coalesce) or len(node.expressions) != 1:
        return False
    if not isinstance(_unparen(node.this), exp.Column) or isinstance(value, bool) \
            or value not in ("", 0):
        return False
    ok, fallback = literal_value(node.expressions[0])
    return ok and fallback == value and type(fallback) is type(value)


def flatten(node: exp.Expr, kind: type[exp.Expr]) -> Iterator[exp.Expr]:
    """The operands of a chain of ``kind`` (AND or OR), left to right, through parentheses.

    Iterative: parsers nest a flat chain ``a OR b OR c ...`` one level per term, so a
    recursive walk would fail on long generated chains (40,000 terms).
    """
    stack = [node]
    while stack:
        node = stack.pop()
        while isinstance(node, exp.Paren):
            node = node.this
        if isinstance(node, kind):
            binary = cast(exp.Binary, node)
            stack.append(binary.right)
            stack.append(binary.left)
        else:
            yield node


def _quantified_subquery(op: str, right: exp.Expr) -> Op | None:
    """``x <> ALL (SELECT ...)`` is ``x NOT IN (SELECT ...)`` (Snowflake's reader writes NOT IN
    so) and ``x = ANY (SELECT ...)`` / ``x = SOME (...)`` is ``x IN (SELECT ...)``: the
    membership they test, else None (``x > ALL (...)`` compares with every value)."""
    if not (isinstance(right, (exp.All, exp.Any))
            and isinstance(_unparen(right.this), (exp.Select, exp.Subquery))):
        return None  # = ANY (ARRAY['a', 'b']): a list, read elsewhere
    if isinstance(right, exp.All) and op == "!=":
        return "not in"
    if isinstance(right, exp.Any) and op == "=":
        return "in"
    return None


def _spread(left: exp.Expr, right: exp.Expr, op: Op, resolver: Resolver) -> str | None:
    """The column of ``MIN(c) <> MAX(c)`` (``MIN(c) < MAX(c)``, ``MAX(c) > MIN(c)``): a group
    whose values of ``c`` differ, two distinct values at least; None for anything else.

    >>> from sqlglot import parse_one
    >>> sel = parse_one("SELECT k FROM t GROUP BY k HAVING MIN(br_id) <> MAX(br_id)")
    >>> [f.describe() for f in read_condition(sel.args["having"].this, Resolver(sel),
    ...                                       "having")]
    ['br_id > 1']
    >>> sel = parse_one("SELECT k FROM t GROUP BY k HAVING MAX(br_id) > MIN(br_id)")
    >>> [f.describe() for f in read_condition(sel.args["having"].this, Resolver(sel),
    ...                                       "having")]
    ['br_id > 1']
    """
    left, right = _unparen(left), _unparen(right)
    if isinstance(left, exp.Max) and isinstance(right, exp.Min):
        left, right, op = right, left, FLIPPED_OP[op]
    if not (isinstance(left, exp.Min) and isinstance(right, exp.Max)) or op not in ("!=", "<"):
        return None
    if not isinstance(left.this, exp.Column) or left.this != right.this:
        return None
    return operand_column(left.this, resolver)


def _atom(node: exp.Expr, resolver: Resolver, source: Source, negate: bool,
          excluded: bool) -> list[Filter]:
    """Filters for one predicate that contains no AND/OR."""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Not):
        return read_condition(node.this, resolver, source, not negate, excluded=excluded)
    if node.args.get("negate"):  # newer sqlglot spells NOT LIKE / NOT IN as a flag
        negate = not negate

    def make(col: str | None, op: Op, value: Value, relation: bool = False) -> Filter:
        return Filter(col, NEGATED_OP[op] if negate else op, value, source, relation=relation,
                      excluded=excluded)

    text_match = matched(node)
    if text_match is not None:  # REGEXP_LIKE, RLIKE, CONTAINS, position(...) > 0 ...
        operand, match_op, match_text = text_match
        return [make(operand_column(operand, resolver), match_op, fold_text(match_text))]
    if isinstance(node, _CMP_TYPES):
        op = _CMP[type(node)]
        binary = cast(exp.Binary, node)
        left, right = binary.left, binary.right
        quantified = _quantified_subquery(op, right)
        if quantified is not None:
            return [make(operand_column(left, resolver), quantified, SUBQUERY)]
        if op not in ("=", "!="):
            bound = _interval_bound(left, right, op, resolver)
            if bound is not None:
                return [make(*bound)]
        lok, lval = literal_value(left)
        rok, rval = literal_value(right)
        if not (lok or rok) and op not in ("=", "!="):
            # (an equality is a join on a shifted day: "day-1 retention" / session_date =
            # install_date + INTERVAL 1 DAY, no bound on a duration)
            duration = _duration(left, right, op, resolver)
            if duration is not None:
                return [make(*duration)]
        if lok and not rok:  # 5 < x  ->  x > 5
            left, right, rval, rok, op = right, left, lval, True, FLIPPED_OP[op]
        if rok:
            col = operand_column(left, resolver)
            if rval is None and op in {"=", "!="}:
                return [make(col, "is null" if op == "=" else "is not null", None)]
            if op in {"=", "!="} and isinstance(rval, bool) and _flag_fallback(left, rval):
                # COALESCE(is_test, FALSE) = FALSE: the rows whose flag is not TRUE (NULL or
                # FALSE), as ``is_test IS NOT TRUE`` reads them, not the rows without a flag
                col = operand_column(cast(exp.Coalesce, _unparen(left)).this, resolver)
                return [make(col, "!=" if op == "=" else "=", not rval)]
            if op in {"=", "!="} and _blank_fallback(left, rval):
                # COALESCE(x, '') = '', COALESCE(x, 0) = 0: the rows without an x (a blank
                # is no value either), as x IS NULL reads them
                col = operand_column(cast(exp.Coalesce, _unparen(left)).this, resolver)
                return [make(col, "is null" if op == "=" else "is not null", None)]
            epoch = _epoch_difference(left, resolver)
            return [make(epoch or col, op, rval)]
        if isinstance(right, (exp.Subquery, exp.Select)) or isinstance(left, exp.Subquery):
            target = left if not isinstance(left, exp.Subquery) else right
            return [make(operand_column(target, resolver), op, SUBQUERY)]
        if source == "having":
            spread = _spread(left, right, op, resolver)
            if spread is not None:
                # HAVING MIN(branch_id) <> MAX(branch_id): the group holds two values at
                # least, as COUNT(DISTINCT branch_id) > 1 says ("from 2+ different branches")
                return [make(spread, ">", 1)]
        if op in ("=", "!=") and not negate:
            return []  # column = column: a join condition, not a filter
        # Column against column ("salary > manager salary"): a relation between two columns,
        # kept apart from the filters (its value names the other column).
        lcol, rcol = operand_column(left, resolver), operand_column(right, resolver)
        # A table joined to itself in a role ("employees m ON e.manager_id = m.id"): the
        # role names the side ("manager salary"), as the question does ("than their manager").
        lcol, rcol = _in_role(left, lcol, resolver), _in_role(right, rcol, resolver)
        if lcol and rcol:
            return [make(lcol, op, rcol, relation=True)]
        return []
    if isinstance(node, exp.In):
        col = operand_column(node.this, resolver)
        if node.args.get("query") is not None:
            return [make(col, "in", SUBQUERY)]
        values: list[Scalar] = []
        for item in node.expressions:
            ok, val = literal_value(item)
            if not ok:
                return []
            values.append(val)
        if len(values) == 1:
            return [make(col, "=", values[0])]
        return [make(col, "in", _sorted_tuple(values))]
    if isinstance(node, exp.Between):
        col = operand_column(node.this, resolver)
        lok, low = literal_value(node.args["low"])
        hok, high = literal_value(node.args["high"])
        if not (lok and hok):
            return []
        if negate:  # NOT BETWEEN: outside the range
            return [Filter(col, "<", low, source, excluded=excluded),
                    Filter(col, ">", high, source, excluded=excluded)]
        return [Filter(col, ">=", low, source, excluded=excluded),
                Filter(col, "<=", high, source, excluded=excluded)]
    if isinstance(node, (exp.Like, exp.ILike)):
        col = operand_column(node.this, resolver)
        ok, pattern = literal_value(node.expression)
        if not ok:
            return []
        if isinstance(pattern, str) and "%" not in pattern and "_" not in pattern:
            return [make(col, "=", pattern)]
        return [make(col, "like", pattern)]
    if isinstance(node, exp.Is):
        col = operand_column(node.this, resolver)
        ok, val = literal_value(node.expression)
        if ok and val is None:
            return [make(col, "is null", None)]
        if ok:
            return [make(col, "=", val)]
        return []
    if isinstance(node, exp.Exists):
        return [make(None, "in", SUBQUERY)]
    if isinstance(node, exp.Column):  # WHERE flag
        stands = _flag_condition(node, resolver)
        if isinstance(stands, (exp.LogicalAnd, exp.LogicalOr)):
            return []  # a group's verdict on its rows (bool_and), no condition on a row
        if stands is not None:
            return read_condition(stands, resolver, source, negate, excluded=excluded)
        return [make(operand_column(node, resolver), "=", True)]
    return []


def _flag_condition(node: exp.Column, resolver: Resolver) -> exp.Expr | None:
    """The condition a flag of a nested query stands for: ``WHERE big`` over ``total_amt >
    100 AS big`` keeps the rows where ``total_amt > 100`` holds, not rows where a column
    ``total_amt`` is TRUE; ``WHERE all_wd`` over ``bool_and(reg_status_cd = 'WD') AS all_wd``
    keeps the groups whose rows all hold it (the aggregate itself is returned: no condition
    on a row). None when the flag is a column of its own.

    >>> from sqlglot import parse_one
    >>> sel = parse_one("SELECT COUNT(*) FROM (SELECT k, amt > 100 AS a FROM t) x WHERE a")
    >>> [f.describe() for f in read_condition(sel.args["where"].this, Resolver(sel), "where")]
    ['amt > 100']
    >>> sel = parse_one("SELECT COUNT(*) FROM (SELECT k, BOOL_AND(s = 'WD') AS a FROM t "
    ...                 "GROUP BY k) x WHERE a", read="postgres")
    >>> read_condition(sel.args["where"].this, Resolver(sel), "where")
    []
    """
    resolved = _unparen(resolver.resolve(node))
    if isinstance(resolved, (exp.LogicalAnd, exp.LogicalOr)):
        return resolved
    if isinstance(resolved, exp.Predicate) and not isinstance(resolved, exp.Exists):
        return resolved
    return None


#: A fixed step of a moment: DATEADD(hour, 2, d), DATE_SUB(d, INTERVAL 1 DAY) and their kin
#: (the time reader adds sqlglot's TsOrDsAdd); the BACK ones move it earlier.
STEP_FUNCTIONS: tuple[type[exp.Expr], ...] = (
    exp.DateAdd, exp.DateSub, exp.TimestampAdd, exp.TimestampSub, exp.DatetimeAdd,
    exp.DatetimeSub)
BACK_STEPS: tuple[type[exp.Expr], ...] = (exp.DateSub, exp.TimestampSub, exp.DatetimeSub)
_AMOUNT = re.compile(r"\s*([+-]?\d+(?:\.\d+)?)(?:\s*[a-z]+)?\s*", re.IGNORECASE)


def _amount(node: exp.Expr) -> int | float | None:
    """The number of an interval (``INTERVAL '10 minutes'``, ``INTERVAL 5 MINUTE``) or of a
    step's count (``DATEADD(hour, 2, d)``'s 2); the unit is the question's business."""
    node = _unparen(node)
    if isinstance(node, exp.Interval):
        node = node.this
    ok, value = literal_value(node)
    if isinstance(value, str):
        m = _AMOUNT.fullmatch(value)
        value = number(m.group(1)) if m else None
    if not ok or not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    return value


def _moved(node: exp.Expr) -> tuple[exp.Expr, int | float] | None:
    """A moment moved by a fixed step, as ``(moment, signed step)``: ``b + INTERVAL '5'
    MINUTE`` is ``(b, 5)``, ``b - INTERVAL 24 HOURS`` and ``DATE_SUB(b, INTERVAL 1 DAY)`` are
    ``(b, -24)`` and ``(b, -1)``."""
    node = _unparen(node)
    if isinstance(node, (exp.Add, exp.Sub)) and isinstance(_unparen(node.expression), exp.Interval):
        k = _amount(node.expression)
        return (node.this, -k if isinstance(node, exp.Sub) else k) if k is not None else None
    if isinstance(node, STEP_FUNCTIONS):
        k = _amount(node.expression)
        return (node.this, -k if isinstance(node, BACK_STEPS) else k) if k is not None else None
    return None


def _duration(left: exp.Expr, right: exp.Expr, op: Op,
              resolver: Resolver) -> tuple[str, Op, int | float] | None:
    """A duration between two moments compared with a number, written as one moment against
    the other moved by an interval: ``a > b + INTERVAL '5' MINUTE`` is ``a - b > 5``, as
    ``DATEDIFF(minute, b, a) > 5`` reads. A step back (``a > b - INTERVAL 24 HOURS``) is the
    other difference: ``b - a < 24``. The column is the difference; the number is what the
    question says ("delayed over 5 minutes", "less than 24h before"). A difference compared
    with an interval (``a - b > INTERVAL '10 minutes'``) is not read: its unit is not checked
    against the question's, and unchecked it let a wrong answer through."""
    for this, other, cmp in ((left, right, op), (right, left, FLIPPED_OP[op])):
        moved = _moved(other)
        if moved is None:
            continue
        base, step = moved
        a, b = operand_column(this, resolver), operand_column(base, resolver)
        if not (a and b and a != b and len(columns_of(this, resolver)) == 1
                and len(columns_of(base, resolver)) == 1):
            return None
        if step < 0:  # a > b - 24h: b - a < 24
            return f"{b} - {a}", FLIPPED_OP[cmp], -step
        return f"{a} - {b}", cmp, step
    return None


#: The units of time an interval literal counts in (``INTERVAL '5 minutes'``, ``INTERVAL 2
#: HOUR``), by the word's first letters as dialects write them.
_INTERVAL_UNITS = {"second": "second", "sec": "second", "minute": "minute", "min": "minute",
                   "hour": "hour", "hr": "hour", "day": "day", "week": "week",
                   "month": "month", "mon": "month", "year": "year", "yr": "year"}


def _interval_unit(node: exp.Interval) -> str | None:
    """The unit an interval counts in (``INTERVAL '5 minutes'``: minute), else None."""
    unit = node.args.get("unit")
    word = (unit.name if isinstance(unit, exp.Expr) else "").lower().rstrip("s")
    return _INTERVAL_UNITS.get(word)


def _moment_operand(node: exp.Expr, resolver: Resolver) -> str | None:
    """The one column a moment reads (``t.ended_at``, ``CAST(d AS DATE)``), or
    ``current_date`` for now; else None."""
    if is_now(node):
        return "current_date"
    if len(columns_of(node, resolver)) != 1:
        return None
    return operand_column(node, resolver)


def _difference(node: exp.Expr, resolver: Resolver) -> tuple[str, str] | None:
    """The two moments a duration is measured between, later first: ``a - b`` and
    Postgres ``AGE(a, b)`` are ``(a, b)``, ``AGE(b)`` is ``(current_date, b)``."""
    node = _unparen(node)
    pair: tuple[exp.Expr, exp.Expr] | None = None
    if isinstance(node, exp.Sub):
        pair = (node.this, node.expression)
    elif isinstance(node, exp.Anonymous) and str(node.this).lower() == "age":
        args = node.expressions
        if len(args) == 1:
            a = _moment_operand(args[0], resolver)
            return ("current_date", a) if a else None
        if len(args) == 2:
            pair = (args[0], args[1])
    if pair is None:
        return None
    a, b = _moment_operand(pair[0], resolver), _moment_operand(pair[1], resolver)
    return (a, b) if a and b and a != b else None


def _interval_bound(left: exp.Expr, right: exp.Expr, op: Op,
                    resolver: Resolver) -> tuple[str, Op, int | float] | None:
    """A duration between two moments bounded by an interval: ``ended_at - started_at >
    INTERVAL '5 minutes'`` or ``age(birth_dt) > INTERVAL '65 years'`` is the number of the
    interval on the difference counted in its unit, as ``TIMESTAMP_DIFF(ended_at, started_at,
    MINUTE) > 5`` reads (``timestampdiff(ended_at, started_at, minute) > 5``): the unit stays
    in the column, where the aligner checks it against the question's ("longer than 5
    minutes" answered by ``INTERVAL '5 seconds'`` is another duration)."""
    for this, other, cmp in ((left, right, op), (right, left, FLIPPED_OP[op])):
        other = _unparen(other)
        if not isinstance(other, exp.Interval):
            continue
        unit, amount = _interval_unit(other), _amount(other)
        pair = _difference(this, resolver)
        if unit is None or amount is None or pair is None:
            return None
        return f"timestampdiff({pair[0]}, {pair[1]}, {unit})", cmp, amount
    return None


def _epoch_difference(node: exp.Expr, resolver: Resolver) -> str | None:
    """The seconds between two moments, as ``EXTRACT(EPOCH FROM (a - b))`` and Postgres
    ``DATE_PART('epoch', a - b)`` count them: ``timestampdiff(a, b, second)``, the unit named
    as :func:`_interval_bound` names it; else None."""
    node = _unparen(node)
    if not isinstance(node, exp.Extract) or node.this.name.lower() != "epoch":
        return None
    pair = _difference(node.expression, resolver)
    return f"timestampdiff({pair[0]}, {pair[1]}, second)" if pair else None


def _sorted_tuple(values: list[Scalar]) -> tuple[Scalar, ...]:
    return tuple(sorted(set(values), key=lambda v: (type(v).__name__, str(v))))


def read_condition(
    node: exp.Expr, resolver: Resolver, source: Source = "where", negate: bool = False, *,
    excluded: bool = False,
) -> list[Filter]:
    """Every filter a condition states (see the module docstring), each with ``source``.

    A disjunction that is not one column's IN list keeps its atoms, flagged ``alternative``;
    a column compared with another column is flagged ``relation`` (``SqlSpec.relations``);
    ``negate`` reads the condition under a NOT; ``excluded`` flags every filter of a
    condition inside a subquery whose rows the query excludes (see :class:`Filter`).
    """
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Not):
        return read_condition(node.this, resolver, source, not negate, excluded=excluded)
    conj, disj = (exp.Or, exp.And) if negate else (exp.And, exp.Or)
    # De Morgan: under NOT, AND and OR swap roles.
    if isinstance(node, conj):
        out: list[Filter] = []
        for part in flatten(node, conj):
            out.extend(read_condition(part, resolver, source, negate, excluded=excluded))
        return out
    if isinstance(node, disj):
        if not negate:
            open_end = _open_end_now(node, resolver, source, excluded)
            if open_end is not None:
                return open_end
        parts = [f for p in flatten(node, disj)
                 for f in read_condition(p, resolver, source, negate, excluded=excluded)]
        window = _open_relation(parts)
        if window is not None:
            return [window]
        return _fold_disjunction(parts, source, negate, excluded)
    return _atom(node, resolver, source, negate, excluded)


#: Functions that say "now" without arguments in one dialect or another (``NOW()``,
#: ClickHouse ``today()``; the others parse to sqlglot's CurrentDate / CurrentTimestamp).
#: One list for the condition reader and :mod:`stef_core.sql.time`, which imports it.
NOW_CALLS = frozenset({"NOW", "GETDATE", "SYSDATE", "CURDATE", "CURRENT_DATE",
                        "CURRENT_TIMESTAMP", "SYSDATETIME", "GETUTCDATE", "LOCALTIMESTAMP",
                        "UTC_TIMESTAMP", "UTC_DATE", "TODAY", "SYSTIMESTAMP"})


#: Units a date is truncated to that keep its day, written as a string (the form of Oracle's
#: TRUNC format models, its default 'DD'): 'DDD' and 'J' too. Not 'DAY', 'DY' or 'D': in Oracle
#: they are the first day of the week (as 'IW' is the ISO Monday), where Snowflake's TRUNC and
#: BigQuery's DATE_TRUNC in the same string form mean the day; read without the dialect, the
#: form is ambiguous, and a week's start taken for today makes ``end > TRUNC(SYSDATE, 'DAY')``
#: (ended earlier this week or not) the rows in force.
_DAY_FORMATS = frozenset({"DD", "DDD", "J"})
#: The same as a keyword (``DATE_TRUNC('day', x)``, T-SQL ``DATETRUNC(dd, x)``, DuckDB 'd'):
#: the day in every dialect that writes it so.
_DAY_KEYWORDS = frozenset({"DAY", "DAYS", "DD", "D"})


#: Functions that make a moment of a date without moving it (``DATETIME(d)``, BigQuery
#: ``TIMESTAMP(d)``) when no zone is given.
_MOMENT_OF: tuple[type[exp.Expr], ...] = tuple(
    t for t in (getattr(exp, "Timestamp", None), getattr(exp, "Datetime", None),
                getattr(exp, "TsOrDsToDatetime", None))
    if isinstance(t, type))


def _day_truncated(node: exp.Expr) -> exp.Expr | None:
    """The moment ``node`` truncates to its day (``TRUNC(SYSDATE)``, ``TRUNC(SYSDATE, 'DD')``,
    ``DATE_TRUNC('day', NOW())``, Redshift ``TRUNC(GETDATE())``), or None."""
    if isinstance(node, exp.Trunc) and node.args.get("decimals") is None:
        return node.this if isinstance(node.this, exp.Expr) else None
    if not isinstance(node, (exp.DateTrunc, exp.TimestampTrunc)) or not isinstance(
            node.this, exp.Expr):
        return None
    unit = node.args.get("unit")
    if isinstance(unit, exp.Literal) and unit.is_string:
        return node.this if str(unit.this).strip().upper() in _DAY_FORMATS else None
    if isinstance(unit, (exp.Var, exp.Identifier)):
        return node.this if str(unit.this).strip().upper() in _DAY_KEYWORDS else None
    return None


def is_now(node: exp.Expr, unwrap: Callable[[exp.Expr], exp.Expr] | None = None) -> bool:
    """Is ``node`` the moment or the day of the query: ``CURRENT_DATE``, ``NOW()``, ``SYSDATE``,
    ``SYSTIMESTAMP``, ``TRUNC(SYSDATE)``, ``CAST(GETDATE() AS DATE)``, ``CONVERT(date,
    GETDATE())``, SQLite ``date('now')`` and ``datetime('now')``, a bare ``'now'`` (PostgreSQL's
    ``'now'::date``)? One recogniser for the condition reader (the in-force OR) and
    :mod:`stef_core.sql.time`, which passes its own ``unwrap`` (the wrappers that keep a moment,
    in its reading) to apply at every level. A day moved from now (SQLite ``date('now', '-7
    day')``) and a week's or a month's start are not now.

    >>> from sqlglot import parse_one
    >>> [is_now(parse_one(f"SELECT {s}", read="oracle").expressions[0])
    ...  for s in ("TRUNC(SYSDATE)", "TRUNC(SYSDATE, 'DD')", "TRUNC(SYSDATE, 'DAY')")]
    [True, True, False]
    """
    for _ in range(8):
        node = _unparen(unwrap(node) if unwrap is not None else node)
        if isinstance(node, exp.Date) and node.args.get("zone") is not None:
            return False  # the default reader's date('now', '-7 day'): a modifier moves it
        if isinstance(node, (exp.Cast, exp.TryCast, exp.Date, exp.TsOrDsToDate)) and isinstance(
                node.this, exp.Expr):
            node = node.this
        elif (isinstance(node, _MOMENT_OF) and isinstance(node.this, exp.Expr)
              and not node.args.get("zone") and not node.expressions):
            node = node.this  # the default reader's datetime('now'), BigQuery TIMESTAMP(...)
        elif isinstance(node, exp.Convert) and isinstance(node.expression, exp.Expr):
            node = node.expression  # CONVERT(date, GETDATE())
        elif (day := _day_truncated(node)) is not None:
            node = day  # TRUNC(SYSDATE), TRUNC(SYSDATE, 'DD'): today, not a month's start
        else:
            break
    if isinstance(node, (exp.CurrentDate, exp.CurrentTimestamp, exp.CurrentDatetime,
                         exp.Systimestamp)):
        return True
    if isinstance(node, exp.Literal) and node.is_string:
        return str(node.this).strip().lower() == "now"  # 'now'::date, date('now')
    if isinstance(node, exp.Anonymous):
        name, args = str(node.this).upper(), node.expressions
        if name in NOW_CALLS and not args:
            return True
        # SQLite's datetime('now'), date('now') read as functions of their own
        return (name in {"DATE", "DATETIME"} and len(args) == 1
                and isinstance(args[0], exp.Literal) and args[0].is_string
                and str(args[0].this).strip().lower() == "now")
    return False


def _open_end_now(node: exp.Expr, resolver: Resolver, source: Source,
                  excluded: bool) -> list[Filter] | None:
    """``end_dt IS NULL OR end_dt > CURRENT_DATE`` (``>=``, ``NOW()``, ``SYSDATE``): the rows
    whose end has not come, the in-force state a question about now ("active", "current",
    "in the fleet right now") counts, read as ``end_dt IS NULL``: an end set in the future is
    rare and means the same state, so the state readers (:mod:`stef_align.lifecycle`) read
    either spelling alike. Only the two branches on one column, the bound being today; with
    a date of its own (``ended_at > '2025-08-31'``) it is a day's snapshot, left to the time
    reader. None for any other disjunction.

    >>> from sqlglot import parse_one
    >>> sel = parse_one("SELECT 1 FROM v WHERE defleet_dt IS NULL OR defleet_dt > current_date")
    >>> [f.describe() for f in read_condition(sel.args["where"].this, Resolver(sel))]
    ['defleet_dt IS NULL']
    >>> sel = parse_one("SELECT 1 FROM v WHERE ended_at IS NULL OR ended_at >= "
    ...                 "date_trunc('month', current_date)")  # a month's first day: a snapshot
    >>> [f.alternative for f in read_condition(sel.args["where"].this, Resolver(sel))]
    [True]
    >>> sel = parse_one("SELECT 1 FROM p WHERE exp_dt IS NULL OR exp_dt > TRUNC(SYSDATE)",
    ...                 read="oracle")
    >>> [f.describe() for f in read_condition(sel.args["where"].this, Resolver(sel))]
    ['exp_dt IS NULL']
    >>> sel = parse_one("SELECT 1 FROM v WHERE end_dt IS NULL OR start_dt > CURRENT_DATE")
    >>> [(f.describe(), f.alternative) for f in read_condition(sel.args["where"].this,
    ...                                                       Resolver(sel))]
    [('end_dt IS NULL', True)]
    """
    branches = [_unparen(b) for b in flatten(node, exp.Or)]
    if len(branches) != 2:
        return None
    nulls = [b.this for b in branches
             if isinstance(b, exp.Is) and isinstance(b.expression, exp.Null)]
    bounds = [b for b in branches if isinstance(b, (exp.GT, exp.GTE, exp.LT, exp.LTE))]
    if len(nulls) != 1 or len(bounds) != 1:
        return None
    bound = bounds[0]
    end, now = ((bound.this, bound.expression) if isinstance(bound, (exp.GT, exp.GTE))
                else (bound.expression, bound.this))
    end, null = _unparen(end), _unparen(nulls[0])
    if not (isinstance(end, exp.Column) and isinstance(null, exp.Column) and is_now(now)):
        return None
    column = operand_column(end, resolver)
    if column is None or column != operand_column(null, resolver):
        return None
    return [Filter(column, "is null", None, source, excluded=excluded)]


def _open_relation(parts: list[Filter]) -> Filter | None:
    """``m.eff_to_dt IS NULL OR o.order_ts < m.eff_to_dt``: a row compared with another
    table's validity end, open where that end is unset (a price or a plan in force on the
    day), is one relation between the two, no filter of its own: the relation, or None.

    >>> f = [Filter("eff_to_dt", "is null", None), Filter("order_ts", "<", "eff_to_dt",
    ...                                                    relation=True)]
    >>> _open_relation(f).relation, _open_relation(f[:1])
    (True, None)
    """
    if len(parts) != 2:
        return None
    unset = next((f for f in parts if f.op == "is null" and f.column), None)
    related = next((f for f in parts if f.relation and f.op in ("<", "<=", ">", ">=")), None)
    if unset is None or related is None or unset.column not in (related.value, related.column):
        return None
    return related


def _fold_disjunction(parts: list[Filter], source: Source, negate: bool,
                      excluded: bool) -> list[Filter]:
    """``a = 1 OR a = 2`` -> ``a IN (1, 2)``; other disjunctions keep their atoms, marked."""
    positive: Op = "=" if not negate else "!="
    merged_op: Op = "in" if not negate else "not in"
    if parts and all(f.op in (positive, merged_op) for f in parts):
        cols = {f.column for f in parts}
        if len(cols) == 1:
            values: list[Scalar] = []
            for f in parts:
                if isinstance(f.value, tuple):
                    values.extend(f.value)
                else:
                    values.append(f.value)
            merged = _sorted_tuple(values)
            if len(merged) == 1:
                return [Filter(parts[0].column, positive, merged[0], source, excluded=excluded)]
            return [Filter(parts[0].column, merged_op, merged, source, excluded=excluded)]
    # Each atom as an alternative of the WHERE's source; a column comparison among them is
    # an alternative filter, not a relation (the aligner reads an OR's parts as filters).
    return [Filter(f.column, f.op, f.value, source, alternative=True, excluded=excluded)
            for f in parts]


def columns_of(node: exp.Expr, resolver: Resolver) -> tuple[str, ...]:
    """Every column ``node`` reads, resolved through CTEs and derived tables, in order."""
    out: list[str] = []
    for col in node.find_all(exp.Column):
        resolved = resolver.resolve(col)
        if isinstance(resolved, exp.Column):
            out.append(name_of(resolved).lower())
        else:
            out.extend(name_of(c).lower() for c in resolved.find_all(exp.Column))
    return tuple(dict.fromkeys(out))
