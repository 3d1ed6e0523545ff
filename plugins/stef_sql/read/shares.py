"""Shares: what each side of a division keeps (``share_bases``, ``denominator_drops``,
``constant_shares``, ``group_count_shares``, ``inverted_shares``).

A share is a part over its whole: ``COUNT(*) FILTER (WHERE status = 'no_show') / COUNT(*)``
under ``WHERE job_type = 'repair'`` is the no-shows among repair jobs. Two spellings give the
part conditions its whole lacks:

* ``share_bases``: the numerator's own condition is a conjunction (``countIf(status =
  'no_show' AND job_type = 'repair') / count()``) and some of its conditions are neither in the
  denominator's condition nor in the query's WHERE: each such division with those conditions
  (as filters) and the number of conditions the numerator has. Whether a condition belongs to
  the whole is the question's to say (:mod:`stef_align.shares`).
* ``denominator_drops``: the denominator is a scalar subquery (``COUNT(*) / (SELECT COUNT(*)
  FROM enrollments WHERE org_id = 5)``) whose WHERE leaves out columns the query's own WHERE
  conditions on: each such division with those columns.
* ``constant_shares``: the numerator counts rows by a condition (``COUNT_IF(passed)``,
  ``SUM(CASE WHEN renewed = 'Y' THEN 1 ELSE 0 END)``, ``SUM(passed)``) that the query's WHERE
  already keeps on every row, over a denominator that counts every row kept (``COUNT(*)``,
  or a condition the WHERE keeps too), or both sides count by one condition: the share is 1
  (100 %) whatever the data.
* ``inverted_shares``: the whole over its part, an unconditioned count or total divided by
  the same count or total under a condition (``100.0 * COUNT(*) / COUNT(*) FILTER (WHERE
  grade = 'X')``): a share the wrong way up, above 100 % (:mod:`stef_align.inverted_shares`).
* ``group_count_shares``: a division the outer SELECT shows whose numerator counts rows
  (``COUNT(*)``, ``COUNT(1)``, scaled by a number or cast) and whose denominator is the same
  count over an empty window (``COUNT(*) OVER ()``, in NULLIF or a cast too): over a grouped
  result the window counts the groups, not the rows (:mod:`stef_align.group_counts`).

>>> from stef_sql.extract import extract_spec
>>> spec = extract_spec("SELECT SUM(CASE WHEN status = 'x' AND kind = 'y' THEN 1 ELSE 0 END)"
...                     " / COUNT(*) FROM t WHERE d >= '2025-01-01'")
>>> [(f.column, f.value) for f in spec.share_bases[0][1]]
[('status', 'x'), ('kind', 'y')]
>>> spec = extract_spec("SELECT COUNT(*) / (SELECT COUNT(*) FROM t WHERE org = 5) FROM t "
...                     "WHERE org = 5 AND d >= '2025-01-01'")
>>> spec.denominator_drops[0][1]
('d',)
>>> extract_spec("SELECT SUM(passed) / COUNT(*) FROM tests WHERE passed = 1").constant_shares
('SUM(passed) / COUNT(*)',)
>>> extract_spec("SELECT SUM(passed) / COUNT(*) FROM tests WHERE kind = 'x'").constant_shares
()
>>> extract_spec("SELECT k, ROUND(100.0 * COUNT(*) / NULLIF(COUNT(*) OVER (), 0), 1) FROM t "
...              "GROUP BY k").group_count_shares
('100.0 * COUNT(*) / NULLIF(COUNT(*) OVER (), 0)',)
>>> extract_spec("SELECT k, COUNT(*) / SUM(COUNT(*)) OVER () FROM t GROUP BY k").group_count_shares
()
"""

from __future__ import annotations

from sqlglot import exp

from stef_core.spec import Filter
from stef_core.sql import read_condition
from stef_core.sql.conditions import flatten
from stef_sql.read.aggregates import _counted_condition, _strip
from stef_sql.read.tree import Build, Tree, inside, owner_select, text_of

#: At most this many divisions are read per query (evidence, not a workload).
_MAX = 16
_NONE: dict[str, tuple[()]] = {"share_bases": (), "denominator_drops": (),
                                "constant_shares": (), "group_count_shares": (),
                                "inverted_shares": ()}
#: Aggregates of a value summed only where a condition holds (ClickHouse ``sumIf(x, c)``).
_IF_AGGREGATES = frozenset({"sumif", "countif", "avgif"})


def read(tree: Tree) -> Build:
    if not (tree.divides and tree.aggs):
        return lambda texts: _NONE
    # BigQuery's SAFE_DIVIDE(a, b) is no Div: found as the parent of an aggregate it divides,
    # without another walk of the tree.
    safe = [a.parent for a in tree.aggs if isinstance(a.parent, exp.SafeDivide)]
    bases: list[tuple[str, tuple[Filter, ...], int]] = []
    drops: list[tuple[str, tuple[str, ...]]] = []
    constant: list[str] = []
    over_groups: list[str] = []
    inverted: list[str] = []
    shown = tree.select.expressions if isinstance(tree.select, exp.Select) else []
    key = _Keys()  # the divisions of one query share their WHERE's conditions
    divisions = [*tree.divisions, *safe]
    # (equal divisions read once: sqlglot hashes a node by its whole subtree, so a query's one
    # division is not hashed)
    for d in (list(dict.fromkeys(divisions)) if len(divisions) > 1 else divisions)[:_MAX]:
        top, bottom = d.this, d.expression
        if not (isinstance(top, exp.Expr) and isinstance(bottom, exp.Expr)):
            continue
        owner = owner_select(d)
        where = owner.args.get("where") if owner is not None else None
        kept = _atoms(where.this) if isinstance(where, exp.Where) else []
        text = ""  # the division's SQL, written only for a division kept below (the generator
        # copies the node first: most divisions are neither kind)
        part = _condition(tree, top)
        whole = _condition(tree, bottom)
        if part is not None and (whole is not None or _plain_aggregate(bottom)):
            atoms = _atoms(part)
            known = {key(a) for a in [*(_atoms(whole) if whole is not None else []),
                                               *kept]}
            only = [a for a in atoms if key(a) not in known]
            if len(atoms) >= 2 and only:
                found = tuple(f for a in only for f in read_condition(a, tree.resolver))
                if found:
                    text = text or d.sql(dialect=tree.dialect or None)[:160]
                    bases.append((text, found, len(atoms)))
        if _kept_everywhere(tree, top, bottom, kept, key) or _own_group_total(
                tree, owner, top, bottom):
            text = text or d.sql(dialect=tree.dialect or None)[:160]
            constant.append(text)
        if (_counts_rows(_unscaled(top)) and _over_every_row(bottom)
                and any(inside(d, e) for e in shown)):
            text = text or d.sql(dialect=tree.dialect or None)[:160]
            over_groups.append(text)
        if part is None and whole is not None and _same_measure(top, bottom):
            text = text or d.sql(dialect=tree.dialect or None)[:160]
            inverted.append(text)
        inner = _scalar_select(bottom)
        if inner is not None and kept:
            inner_where = inner.args.get("where")
            inner_cols = ({c.name.lower() for c in inner_where.find_all(exp.Column)}
                          if isinstance(inner_where, exp.Where) else set())
            outer_cols = {c.name.lower() for a in kept for c in a.find_all(exp.Column)}
            dropped = tuple(sorted(outer_cols - inner_cols))
            if dropped:
                text = text or d.sql(dialect=tree.dialect or None)[:160]
                drops.append((text, dropped))
    fields = {"share_bases": tuple(bases), "denominator_drops": tuple(drops),
              "constant_shares": tuple(constant), "group_count_shares": tuple(over_groups),
              "inverted_shares": tuple(inverted[:4])}
    return lambda texts: fields


class _Keys:
    """A condition's SQL text, lower-cased: what two conditions are compared by, written
    once per node of the query being read (the tree does not change while it is read)."""

    __slots__ = ("texts",)

    def __init__(self) -> None:
        self.texts: dict[int, str] = {}

    def __call__(self, node: exp.Expr) -> str:
        text = self.texts.get(id(node))
        if text is None:
            text = self.texts[id(node)] = text_of(node).lower()
        return text


def _kept_everywhere(tree: Tree, top: exp.Expr, bottom: exp.Expr,
                     kept: list[exp.Expr], key: _Keys) -> bool:
    """Does the numerator count rows by a condition every row the WHERE keeps meets, over a
    denominator that counts the same rows (every row kept, or by a condition kept too)?"""
    part = _counted_condition(tree, top)
    whole = _counted_condition(tree, bottom)
    if part is not None and whole is not None and {key(a) for a in _atoms(part)} == {
            key(a) for a in _atoms(whole)}:
        return True  # ``COUNT(*) FILTER (WHERE late) / COUNT(*) FILTER (WHERE late)``
    if not kept:
        return False
    # (written only here: each ``.sql()`` copies its node first)
    known = {key(a) for a in kept}
    if part is None:
        flag = _strip(top)
        if not (isinstance(flag, exp.Sum) and isinstance(_strip(flag.this), exp.Column)):
            return False
        column = _strip(flag.this)
        # ``SUM(passed)`` under ``WHERE passed = 1`` (or ``= TRUE``, or ``WHERE passed``)
        name = text_of(column).lower()
        if not ({name, f"{name} = 1", f"{name} = true"} & known):
            return False
    elif not all(key(a) in known for a in _atoms(part)):
        return False
    if whole is not None:
        return all(key(a) in known for a in _atoms(whole))
    return _counts_rows(_unscaled(bottom))


def _atoms(node: exp.Expr) -> list[exp.Expr]:
    """The conjuncts of a condition, parentheses off."""
    return [_strip(a) for a in flatten(_strip(node), exp.And)]


def _condition(tree: Tree, node: exp.Expr) -> exp.Expr | None:
    """The condition one side of a division counts or totals rows by (``countIf(c)``,
    ``SUM(CASE WHEN c THEN amount ELSE 0 END)``, ``sumIf(amount, c)``, ``SUM(x) FILTER (WHERE
    c)``), or None."""
    found = _counted_condition(tree, node)
    if found is not None:
        return found
    node = _strip(node)
    if isinstance(node, exp.Mul):
        sides = [x for x in (node.this, node.expression)
                 if not (isinstance(_strip(x), exp.Literal))]
        node = _strip(sides[0]) if len(sides) == 1 else node
    if isinstance(node, exp.Filter) and isinstance(node.expression, exp.Where):
        cond = node.expression.this
        return cond if isinstance(node.this, exp.AggFunc) and isinstance(cond, exp.Expr) else None
    if (isinstance(node, exp.CombinedAggFunc) and str(node.this).lower() in _IF_AGGREGATES
            and len(node.expressions) == 2 and isinstance(node.expressions[1], exp.Expr)):
        found_if: exp.Expr = node.expressions[1]
        return found_if
    if isinstance(node, exp.Sum):
        arg = _strip(node.this)
        if isinstance(arg, exp.Case) and len(arg.args.get("ifs") or []) == 1:
            default = arg.args.get("default")
            if default is None or isinstance(default, exp.Null) or (
                    isinstance(default, exp.Literal) and str(default.this) in ("0", "0.0")):
                cond = arg.args["ifs"][0].this
                return cond if isinstance(cond, exp.Expr) else None
    return None


def _unscaled(node: exp.Expr) -> exp.Expr | None:
    """``node`` without the literal factors that scale it (``100.0 * COUNT(*)`` is a
    ``COUNT(*)``), parentheses off; None for a product of two expressions."""
    node = _strip(node)
    while isinstance(node, exp.Mul):
        sides = [x for x in (node.this, node.expression)
                 if not isinstance(_strip(x), exp.Literal)]
        if len(sides) != 1:
            return None
        node = _strip(sides[0])
    return node


def _counts_rows(node: exp.Expr | None) -> bool:
    """A count of every row: ``COUNT(*)``, ``COUNT(1)``, ClickHouse's ``count()``."""
    if isinstance(node, exp.Count):
        arg = node.this
        return (arg is None or isinstance(arg, exp.Star)
                or (isinstance(arg, exp.Literal) and str(arg.this) == "1")) and not node.args.get(
                    "distinct")
    return isinstance(node, exp.Anonymous) and str(node.this).lower() == "count" and not (
        node.expressions)


def _over_every_row(node: exp.Expr) -> bool:
    """A count of every row over an empty window (``COUNT(*) OVER ()``), through a zero
    guard, a cast or a number it is scaled by."""
    window = _unscaled(node)
    return (isinstance(window, exp.Window) and not window.args.get("partition_by")
            and not window.args.get("order") and not window.args.get("spec")
            and _counts_rows(window.this))


def _own_group_total(tree: Tree, owner: exp.Expr | None, top: exp.Expr,
                     bottom: exp.Expr) -> bool:
    """Is ``bottom`` the total of ``top`` over a window partitioned by every key the query
    groups by (``SUM(lb) / SUM(SUM(lb)) OVER (PARTITION BY market_nm)`` under ``GROUP BY
    market_nm``)? Each group is then its own whole: the share is 1 (100 %) in every row.

    >>> from stef_sql.extract import extract_spec
    >>> sql = ("SELECT m, SUM(lb) / SUM(SUM(lb)) OVER (PARTITION BY m) FROM t GROUP BY m")
    >>> extract_spec(sql).constant_shares
    ('SUM(lb) / SUM(SUM(lb)) OVER (PARTITION BY m)',)
    >>> extract_spec(sql.replace("PARTITION BY m", "")).constant_shares
    ()
    """
    window = _unscaled(bottom)
    while isinstance(window, (exp.Nullif, exp.Cast)):
        window = _unscaled(window.this)
    if not (isinstance(owner, exp.Select) and isinstance(window, exp.Window)
            and isinstance(window.this, exp.Sum)):
        return False
    keys = [text_of(k).lower() for k in (owner.args["group"].expressions
                                         if owner.args.get("group") else [])]
    parts = {text_of(k).lower() for k in window.args.get("partition_by") or []}
    base = _unscaled(top)
    return bool(keys) and set(keys) <= parts and base is not None and (
        text_of(base).lower() == text_of(_strip(window.this.this)).lower())


def _same_measure(top: exp.Expr, bottom: exp.Expr) -> bool:
    """Is ``top`` an unconditioned aggregate of what ``bottom`` aggregates under a condition:
    every row over the rows counted by a condition (``COUNT(*) / COUNT(*) FILTER (WHERE
    grade = 'X')``, ``count() / countIf(c)``), or a total over the total of some rows
    (``SUM(fee) / SUM(fee) FILTER (WHERE paid)``, ``SUM(CASE WHEN c THEN fee ELSE 0
    END)``)? The whole over its part."""
    base = _unscaled(top)
    if _counts_rows(base):
        low = _unscaled(bottom)
        while isinstance(low, (exp.Nullif, exp.Cast, exp.Filter)):
            low = _unscaled(low.this)
        # (a count of rows, not of distinct keys: "orders per active customer" is COUNT(*)
        # over COUNT(DISTINCT customer_id) FILTER (...), a mean, no share)
        return _counts_rows(low) or isinstance(low, exp.CountIf) or _ones_sum(low) or (
            isinstance(low, exp.CombinedAggFunc) and str(low.this).lower() == "countif")
    if isinstance(base, exp.Sum) and isinstance(_strip(base.this), exp.Column):
        measured = text_of(_strip(base.this)).lower()
        return any(text_of(c).lower() == measured for c in bottom.find_all(exp.Column))
    return False


def _ones_sum(node: exp.Expr | None) -> bool:
    """``SUM(CASE WHEN c THEN 1 ELSE 0 END)``: a count of the rows meeting ``c``."""
    if not isinstance(node, exp.Sum):
        return False
    arg = _strip(node.this)
    ifs = arg.args.get("ifs") if isinstance(arg, exp.Case) else None
    return bool(ifs) and all(isinstance(i.args.get("true"), exp.Literal)
                             and str(i.args["true"].this) == "1" for i in ifs or ())


def _plain_aggregate(node: exp.Expr) -> bool:
    """An unconditioned total or count (``COUNT(*)``, ``SUM(amount)``, ``count()``)."""
    base = _unscaled(node)
    return isinstance(base, (exp.Count, exp.Sum)) or (
        isinstance(base, exp.Anonymous) and str(base.this).lower() == "count")


def _scalar_select(node: exp.Expr) -> exp.Select | None:
    """The SELECT of a scalar subquery computing one aggregate, through wrappers."""
    node = _strip(node)
    if isinstance(node, exp.Subquery):
        node = node.this
    if isinstance(node, exp.Select) and len(node.expressions) == 1 and not node.args.get(
            "group") and node.find(exp.AggFunc) is not None:
        return node
    return None
