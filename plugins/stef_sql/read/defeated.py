"""LEFT JOINs the WHERE turns inner, where the query counts on the rows they keep.

A SELECT that starts from every entity and LEFT JOINs the rows it counts (``FROM clients c
LEFT JOIN payments p``) keeps the entities with no matching row, their joined columns NULL. A
condition on the joined table in the WHERE (``p.paid_on >= DATE '2026-01-01'``) is never true
on such a row, so the WHERE removes them again: the query is an inner join. That changes
nothing for a count per entity that only shows the entities with rows; it changes the answer
where the query says it wants those rows (``defeated_joins``):

* a HAVING test for nothing (``COUNT(p.payment_id) = 0``, ``count_if(r.status = 'NS') = 0``,
  ``SUM(x) <= 0``): the entities with no row were what it looked for, and they are gone;
* a total or count defaulted to 0 in the SELECT list (``COALESCE(SUM(b.nights), 0)``): the 0
  was meant for the entities with none, which no longer reach it.
* a test in the same WHERE that the joined row is missing (``c.circ_id IS NULL``, the
  anti-join of "patrons who never borrowed"): it keeps only the unmatched rows, and the
  condition on that table keeps none of them, so the query keeps nothing.

Each defeated LEFT JOIN is kept with what counts on its unmatched rows ("" when nothing in the
SQL does: the question may, "including instructors with none", which is the aligner's to read).

Only conditions AND-ed at the top of the WHERE, on a column of the LEFT JOINed table, that no
NULL meets (a comparison, IN, BETWEEN, LIKE or IS NOT NULL, on the bare column or one function
of it) are read: ``p.paid_on >= ... OR p.paid_on IS NULL`` and ``COALESCE(p.amt, 0) = 0`` keep
the unmatched rows. ClickHouse fills an unmatched row with its columns' defaults (0, '', the
epoch) unless ``join_use_nulls`` is set, so there only a test that a default fails is read:
equal to (or in a list of) values that are not 0 or '', or at least a value that is not.

>>> from stef_sql.extract import extract_spec
>>> extract_spec("SELECT c.id FROM clients c LEFT JOIN payments p ON p.client_id = c.id "
...              "WHERE p.paid_on >= '2026-01-01' GROUP BY c.id "
...              "HAVING COUNT(p.payment_id) = 0").defeated_joins
(("p.paid_on >= '2026-01-01'", 'COUNT(p.payment_id) = 0'),)
>>> extract_spec("SELECT c.id FROM clients c LEFT JOIN payments p ON p.client_id = c.id "
...              "AND p.paid_on >= '2026-01-01' GROUP BY c.id "
...              "HAVING COUNT(p.payment_id) = 0").defeated_joins
()
>>> extract_spec("SELECT c.id, COUNT(p.payment_id) FROM clients c LEFT JOIN payments p "
...              "ON p.client_id = c.id WHERE p.paid_on >= '2026-01-01' GROUP BY c.id"
...              ).defeated_joins
(("p.paid_on >= '2026-01-01'", ''),)
>>> extract_spec("SELECT COUNT(*) FROM patrons p LEFT JOIN checkouts c ON c.ptrn_id = p.ptrn_id "
...              "WHERE c.is_test = 0 AND c.circ_id IS NULL").defeated_joins
(('c.is_test = 0', 'c.circ_id IS NULL'),)
"""

from __future__ import annotations

from sqlglot import exp

from stef_sql.read.tree import Build, Tree, text_of

#: Most SELECTs, conditions and list items one query is read for (a bound on the work).
MAX_READ = 32
#: Conditions never true where their column is NULL.
_NULL_REJECTING = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Like, exp.ILike,
                   exp.Between, exp.In)
#: Functions that give a value for a NULL argument: a condition through them keeps NULLs.
_NULL_SAFE = (exp.Coalesce, exp.Nullif, exp.If, exp.Case, exp.Concat, exp.ConcatWs, exp.Is)
#: Aggregates a HAVING tests for nothing with.
_COUNTS = (exp.Count, exp.Sum, exp.CountIf)
#: Dialects whose LEFT JOIN fills an unmatched row with defaults, not NULLs (by default).
DEFAULTS_FOR_NULLS = frozenset({"clickhouse"})


def read(tree: Tree) -> Build:
    fields = {"defeated_joins": tuple(dict.fromkeys(_defeated(tree)))}
    return lambda texts: fields


def _defeated(tree: Tree) -> list[tuple[str, str]]:
    if not tree.joins or not tree.wheres:
        return []
    out: list[tuple[str, str]] = []
    for select in tree.selects[:MAX_READ]:
        left = {j.this.alias_or_name.lower() for j in (select.args.get("joins") or ())[:16]
                if (j.side or "").upper() == "LEFT"
                and isinstance(j.this, (exp.Table, exp.Subquery)) and j.this.alias_or_name}
        where = select.args.get("where")
        if not left or where is None:
            continue
        conditions = [c for c in _conjuncts(where.this)
                      if _rejecting_alias(c, tree.dialect) in left]
        if not conditions:
            continue
        # The anti-join in the same WHERE (``c.circ_id IS NULL``) keeps only the unmatched
        # rows, which the condition on that table then removes: the query keeps nothing.
        absent = _absent(where.this, tree.dialect)
        anti = [c for c in conditions if _rejecting_alias(c, tree.dialect) in absent]
        if anti:
            out.append((str(text_of(anti[0]))[:200],
                        absent[_rejecting_alias(anti[0], tree.dialect) or ""]))
            continue
        out.append((str(text_of(conditions[0]))[:200], _counted_on(select)))
    return out


def _absent(where: exp.Expr, dialect: str) -> dict[str, str]:
    """The aliases the WHERE keeps only the unmatched rows of, by a top-level ``alias.col IS
    NULL``, with that test as written (not in ClickHouse, whose unmatched rows hold defaults)."""
    if dialect in DEFAULTS_FOR_NULLS:
        return {}
    out: dict[str, str] = {}
    for cond in _conjuncts(where):
        if (isinstance(cond, exp.Is) and not cond.args.get("negate")
                and isinstance(cond.expression, exp.Null) and isinstance(cond.this, exp.Column)
                and cond.this.table):
            out.setdefault(cond.this.table.lower(), str(text_of(cond))[:200])
    return out


def _unparen(node: exp.Expr) -> exp.Expr:
    while isinstance(node, exp.Paren):
        node = node.this
    return node


def _conjuncts(cond: exp.Expr) -> list[exp.Expr]:
    cond = _unparen(cond)
    parts = list(cond.flatten()) if isinstance(cond, exp.And) else [cond]
    return [_unparen(p) for p in parts[:MAX_READ]]


def _column_of(side: exp.Expr | None) -> exp.Column | None:
    """The column a comparison side is, bare or under one function that passes a NULL on
    (``DATE(t.started_at)``, ``toDate(...)``, a cast); None for anything else."""
    if isinstance(side, exp.Column):
        return side
    if isinstance(side, exp.Func) and not isinstance(side, (*_NULL_SAFE, exp.AggFunc)):
        cols = list(side.find_all(exp.Column))
        if len(cols) == 1 and side.find(*_NULL_SAFE) is None:
            return cols[0]
    return None


def _default_like(node: exp.Expr | None) -> bool:
    """Is ``node`` a literal an unmatched ClickHouse row may hold (0, '', a negative)?"""
    if isinstance(node, exp.Neg):
        return True
    if not isinstance(node, exp.Literal):
        return False
    if node.is_string:
        return str(node.this) == ""
    try:
        return float(node.this) <= 0
    except ValueError:
        return True


def _rejecting_alias(cond: exp.Expr, dialect: str) -> str | None:
    """The table alias whose NULL row ``cond`` rejects, or None (module docstring)."""
    if isinstance(cond, exp.Not):
        inner = _unparen(cond.this)
        if (isinstance(inner, exp.Is) and isinstance(inner.expression, exp.Null)
                and isinstance(inner.this, exp.Column) and dialect not in DEFAULTS_FOR_NULLS):
            return inner.this.table.lower() or None  # IS NOT NULL
        return None
    if isinstance(cond, exp.Is):
        if (cond.args.get("negate") and isinstance(cond.expression, exp.Null)
                and isinstance(cond.this, exp.Column) and dialect not in DEFAULTS_FOR_NULLS):
            return cond.this.table.lower() or None
        return None
    if not isinstance(cond, _NULL_REJECTING) or cond.args.get("negate"):
        return None
    column = _column_of(cond.this)
    other: exp.Expr | None = cond.args.get("expression")
    flipped = False
    if column is None and not isinstance(cond, (exp.Between, exp.In)):
        column, other, flipped = _column_of(cond.expression), cond.this, True
    if column is None or not column.table:
        return None
    if dialect in DEFAULTS_FOR_NULLS and not _fails_default(cond, other, flipped):
        return None
    return column.table.lower()


def _fails_default(cond: exp.Expr, other: exp.Expr | None, flipped: bool) -> bool:
    """Does an unmatched ClickHouse row (0, '', the epoch) fail ``cond``? Only equality to
    values that are not defaults, or a lower bound that is not one, are sure to."""
    if isinstance(cond, exp.EQ):
        return not _default_like(other) and not isinstance(other, exp.Column)
    if isinstance(cond, exp.In):
        values = cond.expressions
        return bool(values) and not any(_default_like(v) for v in values)
    if isinstance(cond, exp.Between):
        low = cond.args.get("low")
        return low is not None and not _default_like(low) and not isinstance(low, exp.Column)
    lower = isinstance(cond, (exp.GT, exp.GTE)) != flipped  # the column is bounded below
    return lower and not _default_like(other) and not isinstance(other, exp.Column)


def _counted_on(select: exp.Select) -> str:
    """What in ``select`` counts on the rows with no match: a HAVING test for nothing or a
    total defaulted to 0 in its list, as written; "" when nothing does."""
    having = select.args.get("having")
    if having is not None:
        for cmp in having.this.find_all(exp.EQ, exp.LTE, exp.LT):
            if isinstance(cmp, exp.Binary) and _tests_nothing(cmp):
                return str(text_of(cmp))[:200]
    for item in select.expressions[:MAX_READ]:
        for default in item.find_all(exp.Coalesce):
            zero = any(isinstance(v, exp.Literal) and not v.is_string and _zero(v)
                       for v in default.expressions)
            if zero and isinstance(_unparen(default.this), exp.AggFunc):
                return str(text_of(default))[:200]
    return ""


def _zero(node: exp.Literal) -> bool:
    try:
        return float(node.this) == 0
    except ValueError:
        return False


def _tests_nothing(cmp: exp.Binary) -> bool:
    """``COUNT(x) = 0``, ``0 = count_if(...)``, ``SUM(x) <= 0``, ``COUNT(x) < 1`` (through a
    COALESCE), conditional counts included: the LEFT JOIN says the entities with no row were
    meant to be tested too."""
    left, right = cmp.left, cmp.right
    if isinstance(left, exp.Literal):
        if not isinstance(cmp, exp.EQ):
            return False
        left, right = right, left
    if not isinstance(right, exp.Literal) or right.is_string:
        return False
    if right.this != ("1" if isinstance(cmp, exp.LT) else "0"):
        return False
    while isinstance(left, (exp.Coalesce, exp.Paren)):
        left = left.this
    return isinstance(left, _COUNTS)
