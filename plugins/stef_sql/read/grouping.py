"""Grouping: the outer GROUP BY keys (``group_by``) and HAVING (``having``), window PARTITION
BY and DISTINCT ON keys (``partition_by``: groupings that keep the rows), and the GROUP BY keys
and DISTINCT of nested SELECTs (``nested_group_by``, ``nested_distinct``), and whether the main
SELECT reads one grouped query alone (``grouped_source``: its rows are the groups), and whether
it takes a central value of what a grouped query computes (``averaged_groups``).

A key is a column's name (an alias or a position, ``GROUP BY 1``, stands for the SELECT item it
names), or a grouping expression's text: ``GROUP BY DATE_TRUNC('month', created_at)`` keeps
``date_trunc('month', created_at)``, whose calendar unit the aligner reads. ``GROUP BY ALL``
(DuckDB, Snowflake, Databricks) stands for every SELECT item that is not an aggregate, and a
position in a CTE's GROUP BY for the item it names, as in the outer query.

The question's counterpart is :mod:`stef_question.concepts.grouping`.
"""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from stef_core.sql import column_name
from stef_sql.read.tree import Build, Tree, alias_or_name, int_of, positional


def read(tree: Tree) -> Build:
    select = tree.select
    keys: list[str | None] = []  # None: an expression, rendered last
    tables: dict[tuple[str, str], None] = {}  # (key, its base table)
    having = False
    if select is not None:
        group = select.args.get("group")
        if group is not None:
            for key in group_keys(select):
                target = (
                    tree.aliases.get(key.name.lower(), key)
                    if isinstance(key, exp.Column) and not key.table
                    else key
                )
                item = positional(select, target)  # GROUP BY 1
                if item is not None:
                    target = item
                if isinstance(target, exp.Column):
                    resolved = tree.resolver.resolve(target)
                    keys.append(column_name(resolved))
                    if isinstance(resolved, exp.Column) and len(tables) < 32:
                        tables[(resolved.name.lower(), tree.table_of(resolved))] = None
                else:
                    keys.append(None)
                    tree.texts.add("group", target)
        having = select.args.get("having") is not None
    partition_by = _partition_keys(tree) if tree.windows else ()
    unordered = _unordered_totals(tree) if tree.windows else ()
    backward = _backward_totals(tree) if tree.windows else ()
    framed = _framed_totals(tree) if tree.windows else ()
    partition_by = tuple(dict.fromkeys((*partition_by, *distinct_on(tree), *limit_by(tree)[0])))
    nested_group_by, nested_distinct = _nested_grouping(tree) if len(tree.selects) > 1 else (
        (), False)
    grouped_source = len(tree.selects) > 1 and _grouped_source(tree)
    averaged_groups = len(tree.selects) > 1 and _averaged_groups(tree)

    def build(texts: dict[str, list[str]]) -> dict[str, Any]:
        rendered = iter(texts["group"])
        return {
            "group_by": tuple(dict.fromkeys(
                k if k is not None else next(rendered).lower() for k in keys)),
            "group_tables": tuple(tables),
            "having": having,
            "partition_by": partition_by,
            "unordered_totals": unordered,
            "backward_totals": backward,
            "framed_totals": framed,
            "nested_group_by": tuple(dict.fromkeys(
                (*nested_group_by, *(t.lower() for t in texts["nested_group"])))),
            "nested_distinct": nested_distinct,
            "grouped_source": grouped_source,
            "averaged_groups": averaged_groups,
        }

    return build


def group_keys(select: exp.Select) -> list[exp.Expr]:
    """The GROUP BY keys of ``select`` as written; for ``GROUP BY ALL`` (DuckDB, Snowflake,
    Databricks) the SELECT items it stands for: every item that computes no aggregate (a
    window is not a key either)."""
    group = select.args.get("group")
    if group is None:
        return []
    if not group.args.get("all"):
        return list(group.expressions)
    items = [i.this if isinstance(i, exp.Alias) else i for i in select.expressions[:64]]
    return [i for i in items if not isinstance(i, exp.Star)
            and i.find(exp.AggFunc, exp.Window) is None]


def distinct_on(tree: Tree) -> tuple[str, ...]:
    """The keys of the main SELECT's ``DISTINCT ON (...)`` (one row per key: a top-1 per
    group), else ()."""
    distinct = tree.select.args.get("distinct") if tree.select is not None else None
    if isinstance(distinct, exp.Distinct) and distinct.args.get("on") is not None:
        return tree.columns_of(distinct.args["on"])
    return ()


def limit_by(tree: Tree) -> tuple[tuple[str, ...], int | None]:
    """The keys and the k of the main SELECT's ``LIMIT k BY keys`` (ClickHouse: the first k
    rows of each key in the ORDER BY's order, a top-k per group), else ((), None)."""
    limit = tree.select.args.get("limit") if tree.select is not None else None
    if not (isinstance(limit, exp.Limit) and limit.expressions):
        return (), None
    keys: list[str] = []
    for key in limit.expressions[:8]:
        keys.extend(tree.columns_of(key))
    return tuple(dict.fromkeys(keys)), int_of(limit.expression)


def _partition_keys(tree: Tree) -> tuple[str, ...]:
    keys: list[str] = []
    for window in tree.windows:
        for key in window.args.get("partition_by") or ():
            keys.extend(tree.columns_of(key))
    return tuple(dict.fromkeys(keys))


#: Window aggregates that add rows up: with an ORDER BY they run (a running total), without one
#: each row gets its partition's whole total.
_TOTALS = (exp.Sum, exp.Count)


def _unordered_totals(tree: Tree) -> tuple[str, ...]:
    """The SUM / COUNT windows with no ORDER BY (``SUM(SUM(x)) OVER ()``, ``OVER (PARTITION BY
    month)``), as written, when no SUM / COUNT window of the query has one: nothing there
    adds up in order.

    >>> from stef_sql.extract import extract_spec
    >>> extract_spec("SELECT d, SUM(SUM(x)) OVER () FROM t GROUP BY d").unordered_totals
    ('SUM(SUM(x)) OVER ()',)
    >>> extract_spec("SELECT d, SUM(SUM(x)) OVER (ORDER BY d) FROM t GROUP BY d").unordered_totals
    ()
    """
    totals = [w for w in tree.windows[:32] if isinstance(w.this, _TOTALS)]
    if any(w.args.get("order") is not None for w in totals):
        return ()
    return tuple(w.sql(dialect=tree.dialect or None)[:120] for w in totals[:4])


def _backward_totals(tree: Tree) -> tuple[str, ...]:
    """The SUM / COUNT windows ordered so that nothing adds up from the start, as written,
    when no SUM / COUNT window of the query adds up forward: ordered descending only
    (``SUM(rev) OVER (ORDER BY month DESC)``: each row sums itself and the rows after it) or
    by the very amount they add up (``SUM(lb) OVER (ORDER BY lb)``: the smaller values first,
    whatever their place). Whether that order is the one asked (a Pareto curve runs by amount,
    largest first) is the question's to say.

    >>> from stef_sql.extract import extract_spec
    >>> extract_spec("SELECT m, SUM(r) OVER (ORDER BY m DESC) FROM x").backward_totals
    ('SUM(r) OVER (ORDER BY m DESC)',)
    >>> extract_spec("SELECT m, SUM(r) OVER (ORDER BY r) FROM x").backward_totals
    ('SUM(r) OVER (ORDER BY r)',)
    >>> extract_spec("SELECT m, SUM(r) OVER (ORDER BY m) FROM x").backward_totals
    ()
    """
    backward: list[exp.Window] = []
    for w in tree.windows[:32]:
        if not isinstance(w.this, _TOTALS) or w.args.get("order") is None:
            continue
        keys = [o for o in w.args["order"].expressions[:8] if isinstance(o, exp.Ordered)]
        if not keys:
            continue
        if all(o.args.get("desc") for o in keys) or all(o.this == w.this.this for o in keys):
            backward.append(w)
        else:
            return ()  # one window adds up forward: a running total is there
    return tuple(w.sql(dialect=tree.dialect or None)[:120] for w in backward[:4])


def _framed_totals(tree: Tree) -> tuple[str, ...]:
    """The ordered SUM / COUNT windows whose frame starts a few rows (or a span) back, as
    written, when no ordered SUM / COUNT window of the query starts at the first row: each
    row adds up only its last rows, a moving sum, not the total so far.

    >>> from stef_sql.extract import extract_spec
    >>> sql = "SELECT m, SUM(t) OVER (ORDER BY m ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM x"
    >>> extract_spec(sql).framed_totals
    ('SUM(t) OVER (ORDER BY m ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)',)
    >>> extract_spec(sql.replace("1 PRECEDING", "UNBOUNDED PRECEDING")).framed_totals
    ()
    >>> extract_spec("SELECT m, SUM(t) OVER (ORDER BY m) FROM x").framed_totals
    ()
    """
    framed: list[exp.Window] = []
    for w in tree.windows[:32]:
        if not isinstance(w.this, _TOTALS) or w.args.get("order") is None:
            continue
        spec = w.args.get("spec")
        start = spec.args.get("start") if isinstance(spec, exp.WindowSpec) else None
        if (isinstance(start, exp.Expr) and spec is not None
                and str(spec.args.get("start_side") or "").upper() == "PRECEDING"):
            framed.append(w)
        else:
            return ()  # one window adds up from the first row: a running total is there
    return tuple(w.sql(dialect=tree.dialect or None)[:120] for w in framed[:4])


def _nested_grouping(tree: Tree) -> tuple[tuple[str, ...], bool]:
    """GROUP BY keys and DISTINCT of the SELECTs nested in CTEs and subqueries."""
    keys: list[str] = []
    distinct = False
    for select in tree.selects:
        if select is tree.select:
            continue
        distinct = distinct or bool(select.args.get("distinct"))
        if select.args.get("group") is not None:
            aliases: dict[str, exp.Expr] | None = None
            for key in group_keys(select)[:32]:
                # GROUP BY 1 in a CTE: the item it points at (date_format(d, 'yyyy-MM'))
                key = positional(select, key) or key
                if isinstance(key, exp.Column) and not key.table:
                    # GROUP BY d where the subquery's SELECT says DATE(started_at) AS d: the
                    # expression the alias names (its calendar unit answers "per day"), or
                    # the column (customer_id AS c)
                    if aliases is None:
                        aliases = {i.alias.lower(): i.this for i in select.expressions[:64]
                                   if isinstance(i, exp.Alias)}
                    named = aliases.get(key.name.lower())
                    if named is not None and named.find(exp.AggFunc, exp.Window) is None:
                        key = named
                if isinstance(key, exp.Column):
                    keys.extend(tree.columns_of(key))
                elif tree.columns_of(key):
                    # TRUNC(d, 'MM') in a CTE's GROUP BY: its calendar unit answers "per
                    # month", as it does in the outer query (the bare column would answer
                    # any unit: the expression stands for itself)
                    tree.texts.add("nested_group", key)
    return tuple(dict.fromkeys(keys)), distinct


# Central values: a mean, median or percentile keeps the grain of the rows it is taken over.
_CENTRAL = (exp.Avg, exp.Median, exp.PercentileCont, exp.PercentileDisc, exp.ApproxQuantile,
            exp.ApproxQuantiles, exp.Quantile)


def _averaged_groups(tree: Tree) -> bool:
    """Does the main SELECT take a mean, median or percentile of a value a grouped subquery or
    CTE computes (``AVG(p.tickets)`` over ``per_tech AS (SELECT shop_id, tech_id, COUNT(*) AS
    tickets ... GROUP BY shop_id, tech_id) p``), whatever it joins for the groups' names?
    The inner groups are the mean's base: "avg tickets per tech by shop".

    >>> from stef_sql.extract import extract_spec
    >>> sql = ("WITH p AS (SELECT shop_id, tech_id, COUNT(*) AS n FROM t GROUP BY 1, 2) "
    ...        "SELECT s.nm, AVG(p.n) FROM p JOIN shops s ON s.id = p.shop_id GROUP BY s.nm")
    >>> extract_spec(sql).averaged_groups
    True
    >>> extract_spec(sql.replace("AVG(p.n)", "AVG(s.size)")).averaged_groups
    False
    """
    select = tree.select
    if select is None:
        return False
    sources: dict[str, exp.Select] = {}
    source = select.args.get("from_")
    for node in (source.this if isinstance(source, exp.From) else None,
                 *(j.this for j in select.args.get("joins") or ())):
        inner: exp.Expr | None = None
        if isinstance(node, exp.Table) and not node.args.get("db"):
            inner = next((c.this for c in tree.ctes if c.alias.lower() == node.name.lower()),
                         None)
        elif isinstance(node, exp.Subquery):
            inner = node.this
        if isinstance(inner, exp.Select) and inner.args.get("group") is not None:
            sources[alias_or_name(node).lower()] = inner
    if not sources:
        return False
    for item in select.expressions[:64]:
        for central in item.find_all(*_CENTRAL):
            columns = list(central.find_all(exp.Column))
            if columns and all(_computed_by(c, sources) for c in columns[:8]):
                return True
    return False


def _computed_by(column: exp.Column, sources: dict[str, exp.Select]) -> bool:
    """Is ``column`` an aggregate a grouped source computes (``p.tickets`` where ``p`` says
    ``COUNT(*) AS tickets``)? An unqualified column is read from the one grouped source."""
    inner = sources.get(column.table.lower()) if column.table else (
        next(iter(sources.values())) if len(sources) == 1 else None)
    if inner is None:
        return False
    name = column.name.lower()
    return any(isinstance(i, exp.Alias) and i.alias.lower() == name
               and i.this.find(exp.AggFunc) is not None for i in inner.expressions[:64])


def _grouped_source(tree: Tree) -> bool:
    """Does the main SELECT count, with no join, the rows of one subquery or CTE grouped by a
    single key (``SELECT COUNT(*) FROM (SELECT buyer_id FROM orders GROUP BY buyer_id) b``)?
    Its rows are the distinct keys, one each: the count is a count of distinct values."""
    select = tree.select
    if select is None or select.args.get("joins"):
        return False
    source = select.args.get("from_")
    inner = source.this if isinstance(source, exp.From) else None
    if isinstance(inner, exp.Table) and not inner.args.get("db"):
        name = inner.name.lower()
        inner = next((c.this for c in tree.ctes if c.alias.lower() == name), None)
    elif isinstance(inner, exp.Subquery):
        inner = inner.this
    # The count is the outer one: a COUNT the grouped query shows ("how many different courses
    # per teacher, on average": AVG of a per-group COUNT) counts rows of its own (a HAVING
    # COUNT only picks the groups).
    return (isinstance(inner, exp.Select) and inner.args.get("group") is not None
            and len(group_keys(inner)) == 1
            and all(e.find(exp.Count) is None for e in inner.expressions[:64])
            and any(e.find(exp.Count) is not None for e in select.expressions[:64]))
