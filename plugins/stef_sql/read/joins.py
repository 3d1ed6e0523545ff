"""Joins: what the joins and subqueries of a query do to its rows, read where a query's answer
may differ from its question whatever the data.

* ``joined_aggregates``: a SUM / AVG of one table's column in a SELECT that joins that table
  to another on a column of each (``AVG(o.total_amt) ... JOIN order_items oi ON oi.order_id =
  o.order_id``). If the other table holds many rows per row of the first (its lines, payments,
  legs), the join repeats the first table's amount once per match; the aligner reads which
  side repeats from the keys' names (:mod:`stef_align.joins`), ``leads`` says whether the
  SELECT starts from the aggregated table. Aggregates of a CASE (a conditional count), of
  DISTINCT values, in a window, over a CTE or derived table (often the child pre-aggregated
  per key), or an AVG grouped by the join column itself (one row's amount averaged with its
  copies) are not read.
* ``joined_counts``: the denominator of a share that counts the SELECT's first table's rows
  without DISTINCT (``COUNT(*)``, ``COUNT(s.shipment_id)``) while its numerator counts DISTINCT
  values, in a SELECT that joins that table to another on a column of each (``LEFT JOIN
  exceptions e ON e.shipment_id = s.shipment_id``): the numerator says the join repeats rows,
  the base counts every repeat.
* ``joined_row_counts``: a ``COUNT(*)`` of the outer SELECT that starts from one table and
  joins it to another on a column of each (``FROM jobs j JOIN job_parts jp ON jp.job_id =
  j.job_id``) in its SELECT list, outside any division and with no DISTINCT, nor a GROUP BY on
  the first table's join column, nor an anti-join (``WHERE jp.job_id IS NULL``): it counts the
  joined rows, so if the other table holds many rows per row of the first, each of the first
  is counted once per match. Whether the question counts the first table's things is the
  aligner's to read.
* ``empty_tests``: HAVING tests that keep the groups with nothing (``COUNT(*) = 0``,
  ``SUM(oi.quantity) = 0``, ``COUNT(x) < 1``) in a SELECT without outer joins. A group has at
  least one row, and an inner join keeps only the rows that have a match, so the entities with
  no row at all ("the categories with no sales") are never among the groups. ``COUNT(*) = 0``
  is never true; a SUM or COUNT of a column is read only when the SELECT joins (over one table
  ``SUM(stock) = 0`` may well be the question's own test).
* ``few_tests``: HAVING tests that keep the groups with few rows or a small total
  (``SUM(e.hours) < 100``, ``COUNT(*) <= 2``) in a SELECT that joins without an outer join:
  the entities with nothing have less still, yet no group is formed for them.
* ``keeps_unmatched``: can a row or group the data has nothing for reach the result (an outer
  join, a scalar subquery in the SELECT list, a lateral, a set operation)? Without one, a
  count per group is never 0: "show zeros" is not answered.
* ``counted_unmatched``: a ``COUNT(b.col)`` of the outer SELECT where ``b`` is LEFT JOINed and
  the WHERE keeps ``b``'s join key IS NULL (an anti-join: the rows with no match): every
  column of ``b`` is NULL on every row kept, so the count is 0 whatever the data
  (``COUNT(a.col)`` of the kept side counts them, as meant).
* ``having_row_counts``: a ``COUNT(*)`` in the HAVING of a SELECT that starts from one table
  and joins it to another on a column of each (``FROM orders o JOIN order_lines l ON
  l.order_id = o.order_id ... GROUP BY o.customer_id HAVING COUNT(*) >= 3``), with no GROUP BY
  on the first table's join column and no anti-join: the groups are kept by a number of joined
  rows. Whether the question counts the first table's things is the aligner's to read.
* ``padded_counts``: a ``COUNT(*)`` (``COUNT(1)``) shown per group of a SELECT that groups by
  one table's join column (``GROUP BY t.teacher_id``) and LEFT JOINs another table on it
  (``LEFT JOIN lessons l ON l.teacher_id = t.teacher_id``), whose WHERE reads no column of the
  joined table (a WHERE that does makes the join inner, or an anti-join): an entity with no
  match keeps one row of NULLs, and COUNT(*) counts it as 1. Which side holds one row per key
  is the aligner's to read (a LEFT JOIN to a parent, ``orders LEFT JOIN customers``, repeats
  nothing).
* ``averaged_counts``: an AVG of a column that a nested query (a derived table or CTE)
  computes as a COUNT per group over inner joins only (``AVG(n)`` over ``SELECT d.dog_id,
  COUNT(*) AS n FROM dogs d JOIN walks w ON w.dog_id = d.dog_id GROUP BY d.dog_id``), where a
  join equates a GROUP BY key to another table's column: a group is formed only from rows
  that found a match, so the entities with nothing are not averaged in at 0. Which side holds
  one row per key, and whether the question's entities may have nothing, is the aligner's to
  read.
* ``exclusions``: ``x NOT IN (SELECT column FROM table ...)``. If the subquery yields one
  NULL, ``x NOT IN (...)`` is unknown for every row and the query returns nothing; a ``WHERE
  column IS NOT NULL`` in the subquery (``guarded``) or NOT EXISTS is safe. Whether the
  column can be NULL is the schema's to say. ``same`` when ``x`` is that column of that table
  too; none in ClickHouse (:data:`NULL_FREE_IN`), whose IN sets leave NULLs out.

>>> from stef_core.sql import parse_statement
>>> from stef_sql.read import spec_of
>>> spec = spec_of(parse_statement(
...     "SELECT o.channel, AVG(o.total_amt) FROM orders o "
...     "JOIN order_items oi ON oi.order_id = o.order_id GROUP BY o.channel"))
>>> [(j.table, j.key, j.joined, j.joined_key) for j in spec.joined_aggregates]
[('orders', 'order_id', 'order_items', 'order_id')]
>>> spec_of(parse_statement(
...     "SELECT COUNT(DISTINCT e.shipment_id) / COUNT(*) FROM shipments s "
...     "LEFT JOIN exceptions e ON e.shipment_id = s.shipment_id")).joined_counts[0].joined
'exceptions'
>>> spec_of(parse_statement(
...     "SELECT p.category FROM products p JOIN order_items oi ON oi.product_id = p.product_id "
...     "GROUP BY p.category HAVING SUM(oi.quantity) = 0")).empty_tests
(('SUM(oi.quantity) = 0', False),)
"""

from __future__ import annotations

import re
from typing import Any

from sqlglot import exp

from stef_core.spec import Exclusion, JoinedAggregate
from stef_sql.read.tree import Build, Tree, owner_select, text_of, under_window

#: Most aggregates, equalities and subqueries one query is read for (a bound on the work).
MAX_READ = 64
_OUTER = frozenset({"LEFT", "RIGHT", "FULL"})


def read(tree: Tree) -> Build:
    fields: dict[str, Any] = {
        "joined_aggregates": tuple(dict.fromkeys(_joined_aggregates(tree))),
        "joined_counts": tuple(dict.fromkeys(_joined_counts(tree))),
        "joined_row_counts": tuple(dict.fromkeys(_joined_row_counts(tree))),
        "empty_tests": tuple(dict.fromkeys(_empty_tests(tree))),
        "few_tests": tuple(dict.fromkeys(_few_tests(tree))),
        "keeps_unmatched": _keeps_unmatched(tree),
        "counted_unmatched": tuple(dict.fromkeys(_counted_unmatched(tree))),
        "padded_counts": tuple(dict.fromkeys(_padded_counts(tree))),
        "averaged_counts": tuple(dict.fromkeys(_averaged_counts(tree))),
        "having_row_counts": tuple(dict.fromkeys(_having_row_counts(tree))),
        "exclusions": tuple(_exclusions(tree)),
    }
    return lambda texts: fields


def _cte_names(tree: Tree) -> frozenset[str]:
    return frozenset(c.alias_or_name.lower() for c in tree.ctes)


def _join_equalities(select: exp.Select) -> list[tuple[exp.Column, exp.Column]]:
    """``a.x = b.y`` column equalities of ``select``'s own JOIN ON and WHERE clauses (not of
    its subqueries: ``EXISTS (SELECT 1 ... WHERE i.order_id = o.order_id)`` repeats nothing),
    each as its two columns."""
    places: list[exp.Expr] = [j.args["on"] for j in select.args.get("joins") or ()
                              if j.args.get("on") is not None]
    where = select.args.get("where")
    if where is not None:
        places.append(where)
    out: list[tuple[exp.Column, exp.Column]] = []
    for place in places:
        for eq in place.find_all(exp.EQ):
            left, right = eq.left, eq.right
            if (isinstance(left, exp.Column) and isinstance(right, exp.Column)
                    and owner_select(eq) is select):
                out.append((left, right))
                if len(out) >= MAX_READ:
                    return out
    return out


def _joined_aggregates(tree: Tree) -> list[JoinedAggregate]:
    if not tree.joins:
        return []
    ctes = _cte_names(tree)
    out: list[JoinedAggregate] = []
    for node in tree.aggs[:MAX_READ]:
        if type(node) not in (exp.Sum, exp.Avg) or under_window(node):
            continue
        arg = node.this
        if (not isinstance(arg, exp.Expr) or isinstance(arg, exp.Distinct)
                or arg.find(exp.Case, exp.If, exp.Select) is not None):
            continue  # a conditional count, distinct values or a subquery: not an amount
        cols = list(arg.find_all(exp.Column))
        alias = cols[0].table.lower() if cols else ""
        if not alias or any(c.table.lower() != alias for c in cols[1:]):
            continue  # the columns of one table, named by its alias
        select = owner_select(node)
        if not isinstance(select, exp.Select) or not select.args.get("joins"):
            continue
        table = tree.table_of(cols[0])
        if not table or table in ctes:
            continue
        source = select.args.get("from_")
        first = source.this.alias_or_name.lower() if source is not None else ""
        leads = first == alias
        grouped = {c.name.lower() for c in _group_columns(select) if c.table.lower() == alias}
        equalities = _join_equalities(select)
        via = () if leads else _via(tree, equalities, alias, first)
        unmatched = _unmatched(select)
        text = ""  # the aggregate's SQL, written once (the generator copies the node first)
        for left, right in equalities:
            for mine, other in ((left, right), (right, left)):
                if mine.table.lower() != alias or not other.table or \
                        other.table.lower() in (alias, *unmatched):
                    continue
                if isinstance(node, exp.Avg) and mine.name.lower() in grouped:
                    continue  # one row per group: its amount averaged with itself
                joined = tree.table_of(other)
                if joined and joined != table and joined not in ctes:
                    text = text or text_of(node)[:200]
                    out.append(JoinedAggregate(text, table, cols[0].name.lower(),
                                               mine.name.lower(), joined, other.name.lower(),
                                               leads, _siblings(tree, equalities, other,
                                                                (alias, other.table.lower())),
                                               via))
    return out


def _via(tree: Tree, equalities: list[tuple[exp.Column, exp.Column]], alias: str,
         first: str) -> tuple[tuple[str, str], ...]:
    """The columns of ``alias`` that ``equalities`` equate with a column of ``first``, the
    alias the SELECT starts from, as ``(column, first's table)``: how the aggregated table
    hangs from the query's first rows (``f.ptrn_id = p.ptrn_id``)."""
    out: list[tuple[str, str]] = []
    for left, right in equalities:
        for mine, other in ((left, right), (right, left)):
            if mine.table.lower() == alias and other.table.lower() == first and first:
                table = tree.table_of(other)
                if table and (mine.name.lower(), table) not in out:
                    out.append((mine.name.lower(), table))
    return tuple(out[:8])


def _siblings(tree: Tree, equalities: list[tuple[exp.Column, exp.Column]],
              key: exp.Column, taken: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    """The other tables ``equalities`` join on ``key`` (``s.merchant_id = m.merchant_id``
    beside ``t.merchant_id = m.merchant_id``), as ``(table, column)``: not the aliases in
    ``taken``, nor a CTE or derived table (often the rows pre-aggregated per key)."""
    ctes = _cte_names(tree)
    alias, name = key.table.lower(), key.name.lower()
    out: list[tuple[str, str]] = []
    for left, right in equalities:
        for mine, other in ((left, right), (right, left)):
            if mine.table.lower() != alias or mine.name.lower() != name:
                continue
            if not other.table or other.table.lower() in taken:
                continue
            table = tree.table_of(other)
            if table and table not in ctes and (table, other.name.lower()) not in out:
                out.append((table, other.name.lower()))
    return tuple(out[:4])


def _bare(node: exp.Expr) -> exp.Expr:
    """``node`` without the parentheses, casts, NULLIF (..., 0) and numeric functions around
    it (``NULLIF(COUNT(*), 0)``, ``CAST(COUNT(*) AS DECIMAL)``, ``(COUNT(*))``)."""
    for _ in range(8):
        if isinstance(node, (exp.Paren, exp.Cast, exp.TryCast, exp.Nullif, exp.Round)):
            node = node.this
        else:
            break
    return node


def _joined_counts(tree: Tree) -> list[JoinedAggregate]:
    """Denominators that count the rows of the SELECT's first table without DISTINCT
    (``COUNT(DISTINCT e.k) / COUNT(*)``, ``... / COUNT(o.order_id)``) under a numerator that
    counts DISTINCT values or another table's rows (``COUNT(r.refund_id) / COUNT(o.order_id)``),
    where that SELECT joins the table to another on a column of each: the numerator says the
    join repeats rows, the base counts the repeats."""
    if not tree.joins:
        return []
    ctes = _cte_names(tree)
    out: list[JoinedAggregate] = []
    for div in tree.divisions[:MAX_READ]:
        below = _bare(div.args["expression"])
        if not isinstance(below, exp.Count) or under_window(below):
            continue
        counts = list(div.this.find_all(exp.Count))
        distinct = any(isinstance(c.this, exp.Distinct) for c in counts)
        # the numerator counts the rows of the other table (COUNT(r.refund_id) / COUNT(o.order_id)
        # over a LEFT JOIN of orders to refunds): the base counts each order once per refund
        other_rows = [c.this for c in counts if isinstance(c.this, exp.Column) and c.this.table]
        # or counts the rows by a condition on another table's columns (``COUNT_IF(x.addon_cd
        # = 'LUNCH') / COUNT(*)`` over ``bookings b LEFT JOIN booking_addons x``): the
        # numerator is of the joined rows, the base of the first table's, once per match
        # (read where that table is LEFT JOINed: an inner join of the benchmarks' curated
        # ``SUM(CASE WHEN T2.x ...) / COUNT(*)`` keeps one row per match on purpose)
        owner = owner_select(below)
        outer = {j.this.alias_or_name.lower() for j in (
            owner.args.get("joins") or [] if isinstance(owner, exp.Select) else [])[:16]
            if j.side == "LEFT" and isinstance(j.this, exp.Table)}
        # (not a test of the match itself, ``COUNTIF(r.response_id IS NULL)``: one row per
        # unmatched ticket, the share of tickets without one)
        other_rows += [c for node in div.this.find_all(exp.CountIf, exp.Sum)
                       for c in node.find_all(exp.Column)
                       if c.table.lower() in outer and not isinstance(c.parent, exp.Is)][:8]
        if not distinct and not other_rows:
            continue  # the numerator counts the joined rows too: one base for both
        arg = below.this
        if isinstance(arg, exp.Distinct) or not isinstance(arg, (exp.Star, exp.Column)):
            continue
        select = owner_select(below)
        if not isinstance(select, exp.Select) or not select.args.get("joins"):
            continue
        if not distinct and not outer and isinstance(arg, exp.Star):
            # ``COUNT(rv.remedied_dt) / COUNT(*)`` over ``recalls r JOIN recall_vins rv``: an
            # inner join's rows are the matched rows, one per joined row; a share of them
            # counted by another column of the joined table (not its join key, never NULL
            # there) is a share of those rows
            keys = {c.name.lower() for pair in _join_equalities(select)[:16] for c in pair}
            if all(isinstance(c, exp.Column) and c.name.lower() not in keys
                   for c in other_rows[:8]):
                continue
        source = select.args.get("from_")
        first = source.this if source is not None else None
        if not isinstance(first, exp.Table):
            continue
        alias = first.alias_or_name.lower()
        if isinstance(arg, exp.Column) and arg.table.lower() not in ("", alias):
            continue  # the count of another table's column
        if not distinct and all(c.table.lower() in ("", alias) for c in other_rows):
            continue  # both count the first table's rows: one base for both
        table = first.name.lower()
        if not table or table in ctes:
            continue
        for left, right in _join_equalities(select):
            for mine, other in ((left, right), (right, left)):
                if mine.table.lower() != alias or not other.table or \
                        other.table.lower() == alias:
                    continue
                joined = tree.table_of(other)
                if joined and joined != table and joined not in ctes:
                    column = arg.name.lower() if isinstance(arg, exp.Column) else "*"
                    out.append(JoinedAggregate(text_of(below)[:200], table, column,
                                               mine.name.lower(), joined, other.name.lower(),
                                               True))
        if len(out) >= MAX_READ:
            break
    return out


def _joined_row_counts(tree: Tree) -> list[JoinedAggregate]:
    """``COUNT(*)`` in the outer SELECT over a join of its first table to another (module
    docstring), one entry per join equality on the first table."""
    select = tree.select
    if not tree.joins or not isinstance(select, exp.Select) or not select.args.get("joins") \
            or select.args.get("distinct") is not None:
        return []
    source = select.args.get("from_")
    first = source.this if source is not None else None
    if not isinstance(first, exp.Table):
        return []
    table, alias = first.name.lower(), first.alias_or_name.lower()
    if not table or table in _cte_names(tree):
        return []
    out: list[JoinedAggregate] = []
    for node in tree.aggs[:MAX_READ]:
        if (type(node) is not exp.Count or not isinstance(node.this, exp.Star)
                or under_window(node) or owner_select(node) is not select
                or _divided(node, select) or not _shown(node, select)):
            continue
        grouped = {c.name.lower() for c in _group_columns(select)
                   if c.table.lower() in ("", alias)}
        unmatched = _unmatched(select)
        text = ""  # the count's SQL, written once (the generator copies the node first)
        for left, right in _join_equalities(select):
            for mine, other in ((left, right), (right, left)):
                if mine.table.lower() != alias or not other.table or \
                        other.table.lower() == alias or mine.name.lower() in grouped:
                    continue
                joined = tree.table_of(other)
                if joined and joined != table and joined not in _cte_names(tree) \
                        and other.table.lower() not in unmatched:
                    text = text or text_of(node)[:200]
                    out.append(JoinedAggregate(text, table, "*", mine.name.lower(),
                                               joined, other.name.lower(), True))
        break  # one COUNT(*) says it
    return out


def _counted_unmatched(tree: Tree) -> list[str]:
    """``COUNT(b.col)`` over an anti-join's missing side (module docstring), as written.

    >>> from stef_sql.extract import extract_spec
    >>> extract_spec("SELECT COUNT(b.lane_id) FROM lanes l LEFT JOIN bookings b ON "
    ...              "b.lane_id = l.lane_id WHERE b.booking_id IS NULL").counted_unmatched
    ('COUNT(b.lane_id)',)
    >>> extract_spec("SELECT COUNT(l.lane_id) FROM lanes l LEFT JOIN bookings b ON "
    ...              "b.lane_id = l.lane_id WHERE b.lane_id IS NULL").counted_unmatched
    ()
    >>> extract_spec("SELECT COUNT(b.lane_id) FROM lanes l LEFT JOIN bookings b ON "
    ...              "b.lane_id = l.lane_id WHERE b.coupon_id IS NULL").counted_unmatched
    ()
    """
    select = tree.select
    if not isinstance(select, exp.Select) or not select.args.get("joins"):
        return []
    where = select.args.get("where")
    if where is None:
        return []
    missing: set[str] = set()  # aliases LEFT JOINed whose ON key the WHERE keeps NULL
    for join in select.args["joins"][:16]:
        on = join.args.get("on")
        if (join.side or "").upper() != "LEFT" or on is None:
            continue
        if not isinstance(join.this, exp.Table):
            continue
        alias, name = join.this.alias_or_name.lower(), join.this.name.lower()
        # its ON key, or its own key (``booking_id`` of ``bookings``, ``id``): NULL only on a
        # row with no match (a nullable column, ``coupon_id``, is NULL on matched rows too)
        keys = {c.name.lower() for c in on.find_all(exp.Column) if c.table.lower() == alias}
        keys |= {"id", name.rstrip("s") + "_id", name.rstrip("s") + "id"}
        for test in where.find_all(exp.Is):
            if (isinstance(test.this, exp.Column) and isinstance(test.expression, exp.Null)
                    and not isinstance(test.parent, exp.Not) and alias
                    and test.this.table.lower() == alias and test.this.name.lower() in keys
                    and owner_select(test) is select):
                missing.add(alias)
    out: list[str] = []
    for node in tree.aggs[:MAX_READ]:
        if (type(node) is exp.Count and isinstance(node.this, exp.Column)
                and node.this.table.lower() in missing and owner_select(node) is select
                and not under_window(node)):
            out.append(text_of(node)[:200])
    return out


def _having_row_counts(tree: Tree) -> list[JoinedAggregate]:
    """``COUNT(*)`` in a HAVING over a join (module docstring), one entry per join equality
    between the SELECT's first table and another.

    >>> from stef_sql.extract import extract_spec
    >>> sql = ("SELECT o.customer_id FROM orders o JOIN order_lines l ON l.order_id = "
    ...        "o.order_id GROUP BY o.customer_id HAVING COUNT(*) >= 3")
    >>> [(j.table, j.key, j.joined) for j in extract_spec(sql).having_row_counts]
    [('orders', 'order_id', 'order_lines')]
    >>> extract_spec(sql.replace("COUNT(*)", "COUNT(DISTINCT o.order_id)")).having_row_counts
    ()
    """
    out: list[JoinedAggregate] = []
    ctes = _cte_names(tree)
    for node in tree.aggs[:MAX_READ]:
        if (type(node) is not exp.Count or node.args.get("distinct") is not None
                or not isinstance(node.this, exp.Star) or under_window(node)):
            continue
        select = owner_select(node)
        if not isinstance(select, exp.Select) or not select.args.get("joins") or not (
                _in_having(node, select)):
            continue
        source = select.args.get("from_")
        first = source.this if source is not None else None
        if not isinstance(first, exp.Table) or first.name.lower() in ctes:
            continue
        alias = first.alias_or_name.lower()
        grouped = {c.name.lower() for c in _group_columns(select)}
        unmatched = _unmatched(select)
        text = ""  # the count's SQL, written once (the generator copies the node first)
        for left, right in _join_equalities(select):
            for mine, other in ((left, right), (right, left)):
                if (mine.table.lower() != alias or not other.table
                        or other.table.lower() in (alias, *unmatched)
                        or mine.name.lower() in grouped):
                    continue
                joined = tree.table_of(other)
                if joined and joined != first.name.lower() and joined not in ctes:
                    text = text or node.sql()[:200]
                    out.append(JoinedAggregate(text, first.name.lower(), "*",
                                               mine.name.lower(), joined, other.name.lower(),
                                               True))
        if out:
            break  # one COUNT(*) says it
    return out


def _in_having(node: exp.Expr, select: exp.Select) -> bool:
    """Is ``node`` in ``select``'s HAVING?"""
    current, depth = node, 0
    while current.parent is not None and current.parent is not select and depth < 12:
        current, depth = current.parent, depth + 1
    return current.parent is select and current.arg_key == "having"


#: A column that names the entity of its row (``park_nm``, ``boat_name``, ``title``).
_ENTITY_NAME = re.compile(r"(?:^|_)(?:nm|name|title)$")


def _padded_counts(tree: Tree) -> list[JoinedAggregate]:
    """``COUNT(*)`` per entity over a LEFT JOIN (module docstring): one entry per LEFT JOINed
    table equated to a grouped column.

    >>> from stef_sql.extract import extract_spec
    >>> sql = ("SELECT t.teacher_id, COUNT(*) FROM teachers t LEFT JOIN lessons l "
    ...        "ON l.teacher_id = t.teacher_id GROUP BY t.teacher_id")
    >>> [(j.table, j.key, j.joined) for j in extract_spec(sql).padded_counts]
    [('teachers', 'teacher_id', 'lessons')]
    >>> extract_spec(sql.replace("COUNT(*)", "COUNT(l.lesson_id)")).padded_counts
    ()
    >>> extract_spec(sql.replace("GROUP BY", "WHERE l.kind = 'x' GROUP BY")).padded_counts
    ()
    """
    out: list[JoinedAggregate] = []
    ctes = _cte_names(tree)
    for node in tree.aggs[:MAX_READ]:
        if (type(node) is not exp.Count or node.args.get("distinct") is not None
                or not (isinstance(node.this, exp.Star) or (
                    isinstance(node.this, exp.Literal) and str(node.this.this) == "1"))
                or under_window(node)):
            continue
        select = owner_select(node)
        if (not isinstance(select, exp.Select) or not select.args.get("joins")
                or not _shown(node, select) or _divided(node, select)):
            continue
        grouped = {(c.table.lower(), c.name.lower()) for c in _group_columns(select)}
        if not grouped:
            continue
        where = select.args.get("where")
        read = ({c.table.lower() for c in where.find_all(exp.Column)}
                if where is not None else set())
        text = ""  # the count's SQL, written once (the generator copies the node first)
        for join in select.args["joins"][:16]:
            on = join.args.get("on")
            if (join.side or "").upper() != "LEFT" or on is None or not isinstance(
                    join.this, exp.Table):
                continue
            alias, name = join.this.alias_or_name.lower(), join.this.name.lower()
            if alias in read or name in ctes or any(t == alias for t, _ in grouped):
                continue
            for eq in on.find_all(exp.EQ):
                sides = (eq.this, eq.expression)
                if not all(isinstance(x, exp.Column) for x in sides):
                    continue
                for mine, other in (sides, sides[::-1]):
                    if (mine.table.lower() != alias or not other.table
                            or other.table.lower() == alias):
                        continue
                    if (other.table.lower(), other.name.lower()) not in grouped and (
                            "", other.name.lower()) not in grouped and not any(
                            t == other.table.lower() and _ENTITY_NAME.search(c) is not None
                            for t, c in grouped):
                        continue  # (or grouped by the kept side's name, ``p.park_nm``: one
                        # group per park, and a park with no match still counts as one row;
                        # a category of it, ``m.city``, may be joined to a table of one row
                        # per member, its profile, and is not read)
                    table = tree.table_of(other)
                    if table and table not in ctes:
                        text = text or node.sql()[:200]
                        out.append(JoinedAggregate(text, table, "*", other.name.lower(), name,
                                                   mine.name.lower(), True))
        if out:
            break  # one COUNT(*) says it
    return out


def _averaged_counts(tree: Tree) -> list[JoinedAggregate]:
    """An AVG of a count per entity computed over inner joins (module docstring): one entry
    per AVG, for the first GROUP BY key of the nested query that a join equates to a column
    of another table.

    >>> from stef_sql.extract import extract_spec
    >>> sql = ("SELECT AVG(n) FROM (SELECT d.dog_id, COUNT(*) AS n FROM dogs d JOIN walks w "
    ...        "ON w.dog_id = d.dog_id GROUP BY d.dog_id) t")
    >>> [(j.table, j.key, j.joined, j.column) for j in extract_spec(sql).averaged_counts]
    [('dogs', 'dog_id', 'walks', '*')]
    >>> extract_spec(sql.replace("JOIN", "LEFT JOIN")).averaged_counts
    ()
    """
    if not tree.joins or tree.set_operation:
        return []
    ctes = {c.alias_or_name.lower(): c.this for c in tree.ctes}
    out: list[JoinedAggregate] = []
    for node in tree.aggs[:MAX_READ]:
        if type(node) is not exp.Avg or under_window(node):
            continue
        arg = node.this
        while isinstance(arg, (exp.Cast, exp.TryCast, exp.Paren)):
            arg = arg.this
        select = owner_select(node)
        if not isinstance(arg, exp.Column) or not isinstance(select, exp.Select):
            continue
        source = select.args.get("from_")
        inner: exp.Expr | None = None
        if source is not None and isinstance(source.this, exp.Subquery):
            inner = source.this.this
        elif source is not None and isinstance(source.this, exp.Table):
            inner = ctes.get(source.this.name.lower())
        if (not isinstance(inner, exp.Select) or select.args.get("joins")
                or not inner.args.get("joins")):
            continue
        joins = inner.args["joins"]
        if any(j.side or (j.kind or "").upper() == "CROSS" or j.args.get("on") is None
               for j in joins[:16]):
            continue  # an outer join keeps the entities with nothing
        count = next((e.this for e in inner.expressions[:MAX_READ]
                      if isinstance(e, exp.Alias) and e.alias.lower() == arg.name.lower()), None)
        if not isinstance(count, exp.Count):
            continue
        counted = count.this
        if isinstance(counted, exp.Distinct):
            counted = counted.expressions[0] if counted.expressions else None
        # the sources of the nested SELECT by alias (a derived table or CTE: "")
        tables: dict[str, str] = {}
        for src in [inner.args.get("from_"), *joins[:16]]:
            this = src.this if src is not None else None
            if isinstance(this, exp.Expr) and this.alias_or_name:
                name = this.name.lower() if isinstance(this, exp.Table) else ""
                tables[this.alias_or_name.lower()] = "" if name in ctes else name
        found = _key_joined_elsewhere(_group_columns(inner), _join_equalities(inner), tables)
        if found is None:
            continue
        if isinstance(counted, exp.Column):
            column, leads = counted.name.lower(), counted.table.lower() == found[4]
        elif counted is None or isinstance(counted, exp.Star) or (
                isinstance(counted, exp.Literal) and str(counted.this) == "1"):
            # COUNT(*), COUNT(1) and ClickHouse's count()
            column, leads = "*", False
        else:
            continue
        out.append(JoinedAggregate(node.sql()[:200], found[0], column, found[1], found[2],
                                   found[3], leads))
    return out


def _key_joined_elsewhere(keys: list[exp.Column],
                          equalities: list[tuple[exp.Column, exp.Column]],
                          tables: dict[str, str]) -> tuple[str, str, str, str, str] | None:
    """The first GROUP BY key a join equates to a column of another named table, as (its
    table, the key, the other table, its column, the key's alias), or None."""
    pairs = [(a, b) for left, right in equalities for a, b in ((left, right), (right, left))]
    for key in keys:
        mine = key.table.lower()
        if not tables.get(mine):
            continue
        for a, b in pairs:
            other = b.table.lower()
            if (a.table.lower() == mine and a.name.lower() == key.name.lower()
                    and other != mine and tables.get(other)):
                return tables[mine], key.name.lower(), tables[other], b.name.lower(), mine
    return None


def _unmatched(select: exp.Select) -> set[str]:
    """The aliases whose columns ``select``'s WHERE tests IS NULL: an anti-join (``LEFT JOIN
    w ... WHERE w.wo_id IS NULL``) keeps one row per row of the first table, nothing is
    repeated."""
    where = select.args.get("where")
    return {n.this.table.lower() for n in (where.find_all(exp.Is) if where else ())
            if isinstance(n.this, exp.Column) and isinstance(n.expression, exp.Null)
            and not isinstance(n.parent, exp.Not)}


def _shown(node: exp.Expr, select: exp.Select) -> bool:
    """Is ``node`` in ``select``'s list (not only its ORDER BY or HAVING: "the paper that
    cites the most papers" ranks by the joined rows on purpose)?"""
    current, depth = node, 0
    while current.parent is not None and current.parent is not select and depth < 12:
        current, depth = current.parent, depth + 1
    return current.parent is select and current.arg_key == "expressions"


def _divided(node: exp.Expr, select: exp.Select) -> bool:
    """Is ``node`` part of a division (a share's base is :func:`_joined_counts`'s)?"""
    parent = node.parent
    depth = 0
    while parent is not None and parent is not select and depth < 12:
        if isinstance(parent, (exp.Div, exp.SafeDivide)):
            return True
        parent = parent.parent
        depth += 1
    return False


def _group_columns(select: exp.Select) -> list[exp.Column]:
    group = select.args.get("group")
    if group is None:
        return []
    return [e for e in group.expressions[:MAX_READ] if isinstance(e, exp.Column)]


def _zero_test(cmp: exp.Binary) -> exp.Expr | None:
    """The aggregate ``cmp`` tests for nothing (``COUNT(x) = 0``, ``0 = SUM(x)``, ``SUM(x) <=
    0``, ``COUNT(x) < 1``; through a COALESCE), else None."""
    left, right = cmp.left, cmp.right
    if isinstance(left, exp.Literal) and isinstance(cmp, exp.EQ):
        left, right = right, left
    if not isinstance(right, exp.Literal) or right.is_string:
        return None
    wanted = "1" if isinstance(cmp, exp.LT) else "0"
    if right.this != wanted:
        return None
    while isinstance(left, exp.Coalesce):
        left = left.this
    if not isinstance(left, (exp.Count, exp.Sum)):
        return None
    arg = left.this
    if isinstance(arg, exp.Expr) and arg.find(exp.Case, exp.If) is not None:
        return None  # a conditional count: 0 for groups that have rows
    if isinstance(left.parent, exp.Filter):
        return None  # COUNT(*) FILTER (WHERE ...): conditional too
    return left


def _empty_tests(tree: Tree) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    for having in tree.havings[:MAX_READ]:
        select = having.parent
        if not isinstance(select, exp.Select):
            continue
        joins = select.args.get("joins") or ()
        if any(j.side in _OUTER for j in joins) or select.args.get("laterals"):
            continue
        for cmp in having.this.find_all(exp.EQ, exp.LTE, exp.LT):
            agg = _zero_test(cmp) if isinstance(cmp, exp.Binary) else None
            if agg is None:
                continue
            star = isinstance(agg, exp.Count) and isinstance(agg.this, exp.Star)
            if star or joins:
                out.append((text_of(cmp)[:200], star))
    return out


def _few_tests(tree: Tree) -> list[str]:
    """HAVING tests that keep the groups with few rows or a small total (``SUM(e.hours) <
    100``, ``COUNT(*) <= 2``) in a SELECT that joins and has no outer join: the entities with
    no row at all have fewer still, but no group is formed for them. A test that also asks
    for at least some (``COUNT(*) >= 2 AND COUNT(*) <= 5``) and a conditional count are not
    read."""
    out: list[str] = []
    for having in tree.havings[:MAX_READ]:
        select = having.parent
        if not isinstance(select, exp.Select):
            continue
        joins = select.args.get("joins") or ()
        if not joins or any(j.side in _OUTER for j in joins) or select.args.get("laterals"):
            continue
        if any(_positive(c.right) for c in having.this.find_all(exp.GT, exp.GTE)):
            continue
        for cmp in having.this.find_all(exp.LTE, exp.LT):
            agg = cmp.left
            if not isinstance(agg, (exp.Count, exp.Sum)) or not _positive(cmp.right):
                continue
            arg = agg.this
            if (isinstance(arg, exp.Expr) and arg.find(exp.Case, exp.If) is not None) or \
                    isinstance(agg.parent, exp.Filter):
                continue
            if isinstance(cmp, exp.LT) and _literal(cmp.right) == 1:
                continue  # COUNT(x) < 1: a test for nothing (empty_tests)
            out.append(text_of(cmp)[:200])
    return out


def _literal(node: exp.Expr) -> float | None:
    if isinstance(node, exp.Literal) and not node.is_string:
        try:
            return float(node.this)
        except ValueError:
            return None
    return None


def _positive(node: exp.Expr) -> bool:
    value = _literal(node)
    return value is not None and value > 0


def _keeps_unmatched(tree: Tree) -> bool:
    if tree.set_operation or any(j.side in _OUTER for j in tree.joins):
        return True
    read = tree.selects[:MAX_READ]
    if any(select.args.get("laterals") for select in read):
        return True
    # A SELECT item with a SELECT inside: (SELECT COUNT(*) FROM ... WHERE x.id = t.id) is 0
    # when nothing matches. Found from the nested SELECTs up, not by walking every item.
    owners = {id(select) for select in read}
    for nested in tree.selects[1:]:
        child: exp.Expr = nested
        parent = nested.parent
        while parent is not None:
            if child.arg_key == "expressions" and id(parent) in owners:
                return True
            child, parent = parent, parent.parent
    return False


def _not_null(test: exp.Is, name: str) -> bool:
    """Is ``test`` ``name IS NOT NULL``? sqlglot spells it ``Is(negate=True)`` or, in older
    releases and some dialects, ``NOT (name IS NULL)``."""
    negated = bool(test.args.get("negate")) != isinstance(test.parent, exp.Not)
    return (negated and isinstance(test.this, exp.Column) and test.this.name.lower() == name
            and isinstance(test.expression, exp.Null))


#: Comparisons never true for a NULL operand (so a row where it is NULL is never kept).
_NULL_REJECTING = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Like, exp.ILike,
                   exp.Between, exp.In)


def _rejects_null(select: exp.Select, item: exp.Column) -> bool:
    """Does the subquery itself leave out the rows where ``item`` is NULL: a comparison on the
    bare column among its AND-ed conditions (``WHERE p.rep_id > 0``, ``= o.customer_id``), or
    an inner join on it (``JOIN warehouses w ON w.wh_id = s.origin_wh_id``)? Either is never
    true for NULL, as ``IS NOT NULL`` is not; under an OR, or in an outer join, it is no guard.
    """
    def names_it(node: exp.Expr) -> bool:
        return (isinstance(node, exp.Column) and node.name.lower() == item.name.lower()
                and (not node.table or not item.table or node.table == item.table))

    def kept_by(cond: exp.Expr | None) -> bool:
        if cond is None:
            return False
        parts = list(cond.flatten()) if isinstance(cond, exp.And) else [cond]
        return any(isinstance(c, _NULL_REJECTING) and not c.args.get("negate")
                   and (names_it(c.this) or (not isinstance(c, (exp.Between, exp.In))
                                             and names_it(c.expression)))
                   for c in parts[:32])

    where = select.args.get("where")
    if where is not None and kept_by(_unparen(where.this)):
        return True
    return any(not join.side and join.kind.upper() in ("", "INNER")
               and kept_by(_unparen(join.args.get("on")))
               for join in (select.args.get("joins") or [])[:8])


def _unparen(node: Any) -> Any:
    while isinstance(node, exp.Paren):
        node = node.this
    return node


#: Dialects whose ``NOT IN`` never meets a NULL of its subquery: ClickHouse leaves NULLs out of
#: an IN set (``transform_null_in = 0``, the default) and its columns are not Nullable unless
#: declared so, so ``x NOT IN (SELECT ...)`` keeps the rows it reads as written.
NULL_FREE_IN = frozenset({"clickhouse"})


def _exclusions(tree: Tree) -> list[Exclusion]:
    """The ``exclusions`` (module docstring), one per SELECT of a UNION the NOT IN reads.

    >>> from stef_core.sql import parse_statement
    >>> from stef_sql.read import spec_of
    >>> [(e.table, e.column) for e in spec_of(parse_statement(
    ...     "SELECT t.nm FROM teams t WHERE t.team_id NOT IN (SELECT home_id FROM games "
    ...     "UNION SELECT away_id FROM games)")).exclusions]
    [('games', 'home_id'), ('games', 'away_id')]
    """
    out: list[Exclusion] = []
    if tree.dialect in NULL_FREE_IN:
        return out
    for select in tree.selects[1:MAX_READ]:
        sub = select.parent
        while isinstance(sub, exp.Union):
            # NOT IN (SELECT a FROM t UNION SELECT b FROM t): one NULL of either side is in
            # the set the rows are compared with (EXCEPT and INTERSECT decide otherwise)
            sub = sub.parent
        if isinstance(sub, exp.Subquery) and isinstance(sub.parent, exp.All):
            sub = sub.parent
        pred: exp.Expr | None
        if isinstance(sub, exp.All):
            # x <> ALL (SELECT ...): NOT IN as Snowflake's reader writes it, the same NULL trap
            pred = sub.parent
            if not (isinstance(pred, exp.NEQ) and pred.expression is sub):
                continue
        else:
            pred = sub.parent if isinstance(sub, exp.Subquery) else None
            if not isinstance(pred, exp.In) or pred.args.get("query") is not sub:
                continue
            if not (pred.args.get("negate") or isinstance(pred.parent, exp.Not)):
                continue
        if len(select.expressions) != 1:
            continue
        item = select.expressions[0]
        item = item.this if isinstance(item, exp.Alias) else item
        if not isinstance(item, exp.Column):
            continue  # an expression: its NULLs are not the column's
        table = tree.table_of(item)
        name = item.name.lower()
        where = select.args.get("where")
        guarded = ((where is not None and any(_not_null(n, name)
                                              for n in where.find_all(exp.Is)))
                   or _rejects_null(select, item))
        text = (f"{text_of(pred.this)[:80]} NOT IN (SELECT {text_of(item)} "
                f"FROM {table or '...'} ...)")
        outer = pred.this
        same = (isinstance(outer, exp.Column) and outer.name.lower() == name and bool(table)
                and tree.table_of(outer) == table)
        out.append(Exclusion(text, table, name, guarded, same))
    return out
