"""Aggregates: every aggregate computed outside a window (``aggregations``), whether anything
divides (``divides``), and the conditions that shape a value rather than filter rows
(``conditions``: CASE WHEN / IIF / IF branches, ``FILTER (WHERE ...)``, a predicate summed
directly as in ``SUM(x = 1)``).

A division of two integer counts (``COUNT``, ``COUNT_IF``, a ``SUM`` of 0/1 CASE branches) in a
dialect whose integer division truncates is kept as written (``integer_divisions``): sqlglot
marks such a division ``typed`` when it reads those dialects, and a factor such as ``1.0 *`` or
a cast on either side makes it exact. So is ClickHouse's ``intDiv(a, b)`` of two counts
(``intDiv(100 * countIf(cancelled), count())``): an integer division by name, in any dialect,
which cuts the share (or percentage) to a whole number; and so is Spark's, MySQL's or DuckDB's
``a DIV b`` (``a // b``) of two aggregates whose dividend is a count or a percentage (``SUM(IF(gf,
qty, 0)) * 100 div SUM(qty)``). A share of two totals of a column kept in cents
(``SUM(CASE WHEN card THEN subtotal_cents ELSE 0 END) / SUM(subtotal_cents)``) is one of two
integers too: money is stored in cents to be whole.

An aggregation keeps its function, its argument (the columns it reads, or its text when it
reads none), DISTINCT, and whether it sits in a CTE or subquery rather than the outer SELECT.
An AVG of a date difference counted in whole hours, days or longer (``AVG(DATEDIFF(day, a,
b))``) in a dialect whose AVG of integers is an integer (T-SQL, Redshift) is kept as written
(``integer_averages``): the average comes back truncated to whole units; a cast or a factor
(``* 1.0``, ``/ 24.0``) inside the AVG makes it exact. So is a duration divided by a whole
number where integer division truncates (``AVG(DATEDIFF(minute, a, b) / 60)``, any such
dialect): each duration is cut to whole hours before it is averaged.

A ratio's numerator lives in the conditions: ``SUM(CASE WHEN status = 'late' THEN 1 END) /
COUNT(*)`` divides, computes SUM and COUNT, and conditions a value on ``status = 'late'``.

A share compared with a number (``compared_shares``) keeps its scale: ``fraction`` (0 to 1: a
division, the AVG of a 0/1 value) or ``percent`` (one multiplied by 100), through the alias a
query gives it (``HAVING completion_rate < 20``, an outer ``WHERE rate > 0.2``). Averages of
each row's ratio (``AVG(cost / miles)``) and of a nested query's per-group averages are kept in
``averaged_ratios``. A share whose base counts a plain column's values (``COUNT_IF(ready_ts <=
promised_ts) / COUNT(ready_ts)``: the rows where it is NULL drop out of the base) is kept as
written in ``valued_bases``.

The question's counterpart is :mod:`stef_question.concepts.aggregates`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from sqlglot import exp

from stef_core.spec import Aggregation, Filter
from stef_core.sql import DATE_DIFFS, literal_value, operand_column, read_condition
from stef_core.sql.conditions import PREDICATES
from stef_core.words import CODE_PARTS, KEY_PARTS
from stef_sql.read.tree import (
    Build,
    Tree,
    agg_name,
    owner_select,
    text_of,
    under_window,
    within,
)


def read(tree: Tree) -> Build:
    root_select_id = id(tree.select) if tree.select is not None else None
    # name, arg, text?, distinct, nested, values nulls, counts rows
    parts: list[tuple[str, str | None, bool, bool, bool, bool, bool]] = []
    for node in tree.aggs:
        name = agg_name(node)
        if not name or under_window(node):
            continue
        if isinstance(node, exp.AnonymousAggFunc):  # ClickHouse uniqExact(x): the name is `this`
            arg = node.expressions[0] if node.expressions else exp.Star()
        else:
            arg = node.this if node.this is not None else exp.Star()
        if not isinstance(arg, exp.Expr):
            arg = exp.Star()
        distinct = isinstance(arg, exp.Distinct)
        if isinstance(arg, exp.Distinct):
            arg = arg.expressions[0] if arg.expressions else exp.Star()
        owner = owner_select(node)
        nested = owner is None or id(owner) != root_select_id
        if isinstance(arg, exp.Star):
            parts.append((name, "*", False, distinct, nested, False, False))
            continue
        arg_cols = ",".join(tree.columns_of(arg))
        parts.append((name, arg_cols or None, not arg_cols, distinct, nested,
                      _values_nulls(arg), name == "SUM" and _ones(arg)))
        if not arg_cols:
            tree.texts.add("aggregate", arg)
    conditions = _value_conditions(tree) if (tree.ifs or tree.aggs) else ()
    buckets = _bucket_conditions(tree) if len(tree.ifs) > 1 else ()
    value_relations = _value_relations(tree) if (tree.ifs or tree.aggs) else ()
    integer_divisions = tuple(
        text_of(d)[:200] for d in tree.divisions if _truncated_share(d)) if tree.divides else ()
    if tree.aggs:
        integer_divisions += tuple(_int_div_calls(tree))

    compared = _compared_shares(tree) if (tree.divides or tree.aggs) else ()
    averaged = _averaged_ratios(tree) if tree.aggs else ()
    complements = _complement_ratios(tree) if (tree.divides and tree.aggs) else ()
    valued = _valued_bases(tree) if (tree.divides and tree.aggs) else ()
    integer_averages = tuple(_integer_averages(tree)) if (
        tree.dialect in INTEGER_AVG or tree.divides) else ()

    def build(texts: dict[str, list[str]]) -> dict[str, Any]:
        rendered = iter(texts["aggregate"])
        aggregations = [
            Aggregation(name, (next(rendered).lower() if is_text else arg) or "*", distinct,
                        nested, values_nulls, counts)
            for name, arg, is_text, distinct, nested, values_nulls, counts in parts
        ]
        return {"aggregations": tuple(dict.fromkeys(aggregations)), "divides": tree.divides,
                "conditions": conditions, "bucket_conditions": buckets,
                "value_relations": value_relations,
                "integer_divisions": integer_divisions,
                "division_sides": _division_sides(tree) if tree.divides else (),
                "compared_shares": compared, "averaged_ratios": averaged,
                "integer_averages": integer_averages, "complement_ratios": complements,
                "valued_bases": valued}

    return build


#: What gives a value where a column is NULL (``IFNULL`` and ``NVL`` parse as COALESCE).
_NULL_VALUERS = (exp.Coalesce, exp.Case, exp.If, exp.Is, exp.Concat, exp.ConcatWs)
#: Functions sqlglot leaves anonymous that do the same.
_NULL_VALUER_NAMES = frozenset({"zeroifnull", "nvl2", "ifnull", "isnull", "nvl"})


def _values_nulls(arg: exp.Expr) -> bool:
    """Can ``arg`` give a value where a column it reads is NULL (``COALESCE(x, 0)``, a CASE,
    ``IIF``, ``x IS NULL``, CONCAT)? Plain arithmetic and date functions give NULL."""
    if arg.find(*_NULL_VALUERS) is not None:
        return True
    return any(str(a.this).lower() in _NULL_VALUER_NAMES for a in arg.find_all(exp.Anonymous))


#: Comparisons a share may be held against a threshold with: the tree's ``inequalities``
#: (exp.GT, exp.GTE, exp.LT, exp.LTE).
#: Wrappers that keep a value's scale: ``ROUND(x, 2)``, ``CAST(x AS DECIMAL)``, ``(x)``.
_SAME_SCALE = (exp.Paren, exp.Cast, exp.TryCast, exp.Round, exp.Coalesce, exp.Nullif)
#: At most this many aliases and comparisons are read per query (evidence, not a workload).
_MAX_SHARES = 64


def _number(node: exp.Expr) -> float | None:
    """The value of a numeric literal (through parentheses), else None."""
    while isinstance(node, exp.Paren):
        node = node.this
    if isinstance(node, exp.Literal) and not node.is_string:
        try:
            return float(str(node.this))
        except ValueError:
            return None
    return None


def _flag_average(node: exp.Avg) -> str | None:
    """The scale of ``AVG(CASE WHEN ... THEN 1 ELSE 0 END)``, ``AVG(IF(c, 100, 0))``,
    ``AVG(CAST(flag AS INT))``: a fraction when the branches are 0 and 1, a percentage when
    they are 0 and 100; None for the average of anything else (a measure)."""
    arg = node.this
    while isinstance(arg, exp.Paren):
        arg = arg.this
    if isinstance(arg, exp.Cast) and isinstance(arg.this, (exp.Column, exp.Paren, exp.Boolean)):
        return "fraction"  # AVG(is_late::int), AVG(CAST(converted AS INT64))
    branches = _branches(arg)
    if branches is None:
        return None
    values = {_number(b) if b is not None else 0.0 for b in branches}
    if values <= {0.0, 1.0} and 1.0 in values:
        return "fraction"
    if values <= {0.0, 100.0} and 100.0 in values:
        return "percent"
    return None


def _factors(node: exp.Expr) -> list[exp.Expr]:
    """The factors of a product, through parentheses (``100 * 1.0 * x``: 100, 1.0, x)."""
    node = _strip(node)
    if not isinstance(node, exp.Mul):
        return [node]
    out: list[exp.Expr] = []
    stack = [node.this, node.expression]
    while stack and len(out) < 16:
        f = _strip(stack.pop())
        if isinstance(f, exp.Mul):
            stack.extend((f.this, f.expression))
        else:
            out.append(f)
    return out


def share_scale(node: exp.Expr, depth: int = 0) -> str | None:
    """The scale of a share the expression computes: ``percent`` when a division (or the
    AVG of a 0/1 value) is multiplied by 100, ``fraction`` when it is not, None when the
    expression computes no share (a plain column, a sum, an average of a measure).

    >>> from sqlglot import parse_one
    >>> share_scale(parse_one("SAFE_DIVIDE(COUNTIF(done), COUNT(*))", read="bigquery"))
    'fraction'
    >>> share_scale(parse_one("ROUND(100.0 * SUM(CASE WHEN late THEN 1 ELSE 0 END) / COUNT(*), 1)"))
    'percent'
    >>> share_scale(parse_one("AVG(amount)")) is None
    True
    """
    if depth > 12:
        return None
    node = _strip(node)
    if isinstance(node, exp.Mul):
        factors = _factors(node)
        scales = {share_scale(f, depth + 1) for f in factors if _number(f) is None}
        scales.discard(None)
        if any(_number(f) == 100.0 for f in factors):
            return "percent" if scales else None  # 100 * COUNT_IF(x) / COUNT(*)
        return scales.pop() if len(scales) == 1 else None  # 1.0 * (a / b)
    if isinstance(node, (exp.Div, exp.SafeDivide)):
        top = node.this
        if share_scale(top, depth + 1) == "percent" or any(
                _number(f) == 100.0 for f in _factors(top)):
            return "percent"  # 100.0 * COUNT_IF(x) / COUNT(*), 100 * 1.0 * a / b
        return "fraction"
    if isinstance(node, exp.If):  # Snowflake DIV0(a, b): IFF(b = 0, 0, a / b)
        scales = {share_scale(x, depth + 1) for x in (node.args.get("true"),
                                                       node.args.get("false")) if x is not None}
        scales.discard(None)
        return scales.pop() if len(scales) == 1 else None
    if isinstance(node, exp.Avg):
        return _flag_average(node)
    return None


def _compared_shares(tree: Tree) -> tuple[tuple[str, float, str], ...]:
    """Shares compared with a number in a WHERE, HAVING or QUALIFY: the share written inline
    or named by an alias the query gives it (``HAVING completion_rate < 20``, an outer
    ``WHERE rate > 0.2`` over a CTE's ``rate``)."""
    aliases: dict[str, str | None] = {}
    for alias in tree.alias_nodes[:_MAX_SHARES]:
        name = alias.alias.lower()
        scale = share_scale(alias.this)
        # one name given two scales (or a share and a plain value) says nothing
        aliases[name] = scale if aliases.get(name, scale) == scale else None
    out: list[tuple[str, float, str]] = []
    for clause in (*tree.wheres, *tree.havings, *tree.qualifies):
        for cmp in within(tree.inequalities, clause)[:_MAX_SHARES]:
            for side, other in ((cmp.this, cmp.expression), (cmp.expression, cmp.this)):
                value = _number(other)
                if value is None:
                    continue
                bare = side
                while isinstance(bare, exp.Paren):
                    bare = bare.this
                scale = (aliases.get(bare.name.lower()) if isinstance(bare, exp.Column)
                         else share_scale(side))
                if scale is not None:
                    out.append((scale, value, text_of(cmp)[:160]))
    return tuple(dict.fromkeys(out))


def _strip(node: exp.Expr) -> exp.Expr:
    """``node`` through the wrappers that keep its scale, and through a guard that only
    keeps a division from a zero divisor."""
    while True:
        while isinstance(node, _SAME_SCALE):
            node = node.this
        guarded = _guarded_division(node)
        if guarded is None:
            return node
        node = guarded


def _guarded_division(node: exp.Expr) -> exp.Expr | None:
    """The division a zero guard wraps, else None: Snowflake's ``DIV0(a, b)`` and
    ``DIV0NULL(a, b)``, which sqlglot spells ``IF(b = 0 ..., 0, a / b)``, and the hand-written
    ``CASE WHEN COUNT(*) = 0 THEN NULL ELSE a / b END``. The guard decides only what an empty
    divisor gives, so the rate is the division's.

    >>> from sqlglot import parse_one
    >>> _guarded_division(parse_one("DIV0(COUNT_IF(x), COUNT(*))", read="snowflake")).sql()
    'COUNT_IF(x) / COUNT(*)'
    >>> _guarded_division(parse_one("IFF(late, 1, 0)", read="snowflake")) is None
    True
    """
    if isinstance(node, exp.If):
        guard, division = node.args.get("true"), node.args.get("false")
    elif isinstance(node, exp.Case) and len(node.args.get("ifs") or []) == 1:
        guard, division = node.args["ifs"][0].args.get("true"), node.args.get("default")
    else:
        return None
    if not isinstance(division, (exp.Div, exp.SafeDivide)) or not isinstance(guard, exp.Expr):
        return None
    return division if isinstance(guard, exp.Null) or _number(guard) == 0.0 else None


def _row_ratio(node: exp.Expr) -> bool:
    """Does ``node`` divide values of one row (``cost / miles``, ``(price - cost) / price *
    100``, a product of such ratios as OEE's ``(run / planned) * (ideal / run) * (good /
    total)``), with no aggregate inside?"""
    node = _strip(node)
    if isinstance(node, exp.Mul):
        # every factor a number or a row ratio, one ratio at least
        sides = (node.this, node.expression)
        return all(_number(x) is not None or _row_ratio(x) for x in sides) and any(
            _number(x) is None for x in sides)
    # a denominator with no column is a unit (``minutes / 60.0``), not a ratio
    return (isinstance(node, (exp.Div, exp.SafeDivide)) and node.find(exp.AggFunc) is None
            and node.this.find(exp.Column) is not None
            and node.expression.find(exp.Column) is not None)


#: Functions that divide their first argument by their second (NULL or 0 for a zero divisor).
_DIVIDING = frozenset({"div0", "div0null", "try_divide", "divide", "safe_divide"})


def _aggregate_ratio(node: exp.Expr) -> bool:
    """Does ``node`` divide one aggregate by another (``COUNTIF(done) / COUNT(*)``,
    ``100.0 * SUM(scrap) / SUM(good + scrap)``, ``SAFE_DIVIDE(SUM(a), SUM(b))``): a rate of a
    group's totals?"""
    node = _strip(node)
    if isinstance(node, exp.Mul):
        sides = [x for x in (node.this, node.expression) if _number(x) is None]
        return len(sides) == 1 and _aggregate_ratio(sides[0])
    if isinstance(node, (exp.Div, exp.SafeDivide)):
        top, bottom = node.this, node.expression
    elif (isinstance(node, exp.Anonymous) and str(node.this).lower() in _DIVIDING
          and len(node.expressions) == 2):
        top, bottom = node.expressions
    else:
        return False
    return (isinstance(top, exp.Expr) and isinstance(bottom, exp.Expr)
            and top.find(exp.AggFunc) is not None and bottom.find(exp.AggFunc) is not None)


def _averaged_ratios(tree: Tree) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Averages of each row's ratio (``AVG(cost / miles)``), of a nested query's per-group
    averages (``AVG(avg_invoice)`` where a CTE computes ``AVG(total) AS avg_invoice`` per
    account) and of a nested query's per-group rates (``AVG(rate)`` where a CTE computes
    ``COUNTIF(done) / COUNT(*) AS rate`` per course: ``group ratio``), outside windows."""
    nested_avgs: dict[str, tuple[str, tuple[str, ...]]] = {}
    for alias in tree.alias_nodes[:_MAX_SHARES]:
        if isinstance(_strip(alias.this), exp.Avg):
            kind = "group average"
        elif _aggregate_ratio(alias.this):
            kind = "group ratio"
        else:
            continue
        owner = owner_select(alias)
        group = owner.args.get("group") if owner is not None else None
        if owner is None or owner is tree.select or group is None:
            continue
        nested_avgs[alias.alias.lower()] = (kind, tuple(
            text_of(e).lower()[:80] for e in group.expressions[:16]))
    out: list[tuple[str, str, tuple[str, ...]]] = []
    for node in tree.aggs[:_MAX_SHARES]:
        if not isinstance(node, exp.Avg) or under_window(node):
            continue
        if _row_ratio(node.this):
            out.append(("row ratio", text_of(node)[:160], ()))
            continue
        arg = _strip(node.this)
        if isinstance(arg, exp.Column) and arg.name.lower() in nested_avgs and (
                owner_select(node) is not None):
            kind, keys = nested_avgs[arg.name.lower()]
            out.append((kind, text_of(node)[:160], keys))
    return tuple(dict.fromkeys(out))


#: Dialects whose AVG of an integer argument is an integer (SQL Server and Fabric return the
#: argument's type, Redshift a BIGINT).
INTEGER_AVG = frozenset({"tsql", "fabric", "redshift"})
#: Date-difference units whose truncation to a whole number changes an average by a lot.
_COARSE_UNITS = frozenset({"HOUR", "HH", "DAY", "DD", "D", "WEEK", "WK", "WW", "MONTH", "MM",
                           "M", "QUARTER", "QQ", "Q", "YEAR", "YY", "YYYY"})
#: Wrappers a dialect's reader puts round DATEDIFF's arguments (T-SQL reads them as times).
_WRAPPERS = (exp.TimeStrToTime, exp.Cast, exp.TsOrDsToDate, exp.Paren)


#: Name parts of a column that holds a whole count (``days_supply``, ``nights``, ``qty``,
#: ``seat_cnt``): averaged as it is in an INTEGER_AVG dialect, the average is truncated.
_COUNT_PARTS = frozenset({"days", "nights", "qty", "quantity", "units", "cnt", "count",
                          "seats", "items", "pallets", "visits", "stops", "legs", "pax",
                          "passengers", "sessions", "tickets"})
#: ... unless another part says it is a decimal figure (``avg_days``, ``days_rate``).
_DECIMAL_PARTS = frozenset({"avg", "average", "mean", "rate", "pct", "ratio", "share", "amt",
                            "amount", "price", "usd", "eur", "cost", "score", "hours", "hrs",
                            "weight", "kg", "km", "miles", "per"})


def _count_column(node: exp.Expr) -> bool:
    """Is ``node`` a column whose name says it holds a whole count (:data:`_COUNT_PARTS`)?"""
    if not isinstance(node, exp.Column):
        return False
    words = set(re.split(r"[^a-z]+", node.name.lower()))
    return bool(words & _COUNT_PARTS) and not words & _DECIMAL_PARTS


def _integer_averages(tree: Tree) -> list[str]:
    """The ``DATEDIFF(day, a, b)`` an AVG averages as it is: a whole number of coarse units,
    with nothing inside the AVG that makes it a decimal (a cast, ``* 1.0``); or a column
    whose name says it holds a whole count (``AVG(days_supply)``, ``AVG(nights)``); both where
    AVG of integers is an integer (:data:`INTEGER_AVG`). In any dialect whose integer division
    truncates, a duration divided by a whole number (``AVG(DATEDIFF(minute, a, b) / 60)``):
    each is cut to whole hours before the average."""
    out: list[str] = []
    whole = tree.dialect in INTEGER_AVG
    for node in tree.aggs[:64]:
        if type(node) is not exp.Avg or under_window(node):
            continue
        arg = node.this
        while isinstance(arg, exp.Paren):
            arg = arg.this
        if _truncated_duration(arg):
            out.append(text_of(arg)[:200])
            continue
        if not whole:
            continue
        if isinstance(arg, exp.Column) and tree.derived:
            # A column a CTE or derived table computes is judged by its computation, not by
            # its name: ``DATEDIFF(day, a, b) * 1.0 AS wait_days`` averages as a decimal.
            meant = tree.resolver.resolve(arg)
            while isinstance(meant, exp.Paren):
                meant = meant.this
            if not isinstance(meant, exp.Column):
                if _decimal_made(meant):
                    continue
                arg = meant
        if _count_column(arg):
            out.append(text_of(arg)[:200])
            continue
        if not isinstance(arg, DATE_DIFFS):
            continue
        unit = arg.args.get("unit")
        name = (unit.name if isinstance(unit, exp.Expr) else str(unit or "")).upper()
        if name in _COARSE_UNITS:
            ends = [_unwrapped(arg.expression), _unwrapped(arg.this)]
            out.append(f"DATEDIFF({name.lower()}, {ends[0]}, {ends[1]})"[:200])
    return out


def _decimal_made(node: exp.Expr) -> bool:
    """Does ``node`` make its value a decimal: a cast to a non-integer number, or a product or
    quotient with a decimal literal (``x * 1.0``, ``x / 24.0``)?"""
    if isinstance(node, exp.Cast):
        return node.to.is_type(*exp.DataType.REAL_TYPES)
    if isinstance(node, (exp.Mul, exp.Div)):
        sides = (node.this.unnest(), node.expression.unnest())
        return any((isinstance(s, exp.Literal) and s.is_number and not s.is_int)
                   or _decimal_made(s) for s in sides)
    return False


def _truncated_duration(node: exp.Expr) -> bool:
    """Is ``node`` a date difference (or an integer cast) divided by a whole number where the
    dialect's division of integers truncates (sqlglot marks it ``typed``):
    ``DATEDIFF(minute, a, b) / 60`` in T-SQL, ``epoch::int / 3600`` in Postgres, whole hours
    whatever the minutes?"""
    if not isinstance(node, exp.Div) or not node.args.get("typed"):
        return False
    divisor = node.expression
    if not (isinstance(divisor, exp.Literal) and divisor.is_int):
        return False
    left = node.this.unnest()
    if isinstance(left, exp.Column):
        # duration_sec / 60, handle_secs / 60, bay_minutes / 60: a column kept in whole
        # seconds or minutes, cut to whole minutes or hours
        words = set(re.split(r"[^a-z0-9]+", left.name.lower()))
        return (str(divisor.this) in _TIME_FACTORS and bool(words & _WHOLE_TIME_PARTS)
                and not words & _DECIMAL_PARTS)
    return isinstance(left, DATE_DIFFS) or (
        isinstance(left, exp.Cast) and left.to.is_type(*exp.DataType.INTEGER_TYPES))


#: Name parts of a column kept in whole seconds or minutes (``duration_sec``, ``wait_mins``).
_WHOLE_TIME_PARTS = frozenset({"sec", "secs", "second", "seconds", "min", "mins", "minute",
                               "minutes"})
#: The whole numbers that turn seconds or minutes into minutes, hours or days.
_TIME_FACTORS = frozenset({"60", "3600", "1440", "86400"})


def _unwrapped(node: Any) -> str:
    """An argument of DATEDIFF as the SQL names it (without the reader's casts)."""
    depth = 0
    while isinstance(node, _WRAPPERS) and depth < 8:
        node = node.this
        depth += 1
    return text_of(node)[:80] if isinstance(node, exp.Expr) else "?"


def _value_conditions(tree: Tree) -> tuple[Filter, ...]:
    """Conditions that shape values rather than rows: CASE WHEN / IIF / IF branches, the
    predicates of ``FILTER (WHERE ...)`` and predicates aggregated directly (``SUM(x = 1)``)."""
    resolver = tree.resolver
    out: list[Filter] = []
    for branch in tree.ifs:
        cond = branch.this
        case = branch.parent
        if isinstance(case, exp.Case) and case.this is not None:
            # CASE x WHEN 'a' THEN ...: the branch holds the value, the CASE the operand.
            ok, value = literal_value(cond)
            if ok:
                out.append(Filter(operand_column(case.this, resolver), "=", value, "case"))
            continue
        if isinstance(cond, exp.Expr):
            cond = _turned(cond, _counts_otherwise(branch) != _held_at_zero(branch))
            out.extend(f for f in read_condition(cond, resolver, "case") if not f.relation)
    for where in tree.wheres:
        if isinstance(where.parent, exp.Filter) and isinstance(where.this, exp.Expr):
            # (COUNT(*) FILTER (WHERE x) = 0: none is x)
            out.extend(read_condition(_turned(where.this, _held_at_zero(where.parent)),
                                      resolver, "case"))
    for agg in tree.aggs:
        predicate = _aggregated_predicate(agg)
        if predicate is not None:
            out.extend(read_condition(_turned(predicate, _held_at_zero(agg)), resolver, "case"))
        out.extend(_decoded(agg, resolver))
        missing = _counted_missing(agg)
        if missing is not None:
            out.extend(read_condition(exp.Is(this=missing.copy(), expression=exp.Null()),
                                      resolver, "case"))
    return tuple(dict.fromkeys(out))


def _bucket_conditions(tree: Tree) -> tuple[Filter, ...]:
    """The conditions of a CASE that labels rows ("spots by length: under 30 s, 30-59 s, a
    minute or more" / ``CASE WHEN length_sec < 30 THEN 'under 30s' WHEN length_sec < 60 THEN
    '30-59s' ELSE '60s+' END``): two branches or more, every result a string (or NULL), outside
    any aggregate. Each edge is a bucket's, which a question listing ranges names; none keeps
    or drops rows.

    >>> from stef_core.sql import parse_statement
    >>> t = Tree(parse_statement("SELECT CASE WHEN x < 30 THEN 'a' WHEN x < 60 THEN 'b' ELSE "
    ...                          "'c' END AS k, COUNT(*) FROM t GROUP BY 1"), "postgres")
    >>> [f.describe() for f in _bucket_conditions(t)]
    ['x < 30', 'x < 60']
    >>> t = Tree(parse_statement("SELECT SUM(CASE WHEN x < 30 THEN 1 WHEN x < 60 THEN 2 END) "
    ...                          "FROM t"), "postgres")
    >>> _bucket_conditions(t)
    ()
    """
    out: list[Filter] = []
    seen: set[int] = set()
    for branch in tree.ifs[:32]:
        case = branch.parent
        if not isinstance(case, exp.Case) or case.this is not None or id(case) in seen:
            continue
        seen.add(id(case))
        branches = case.args.get("ifs") or []
        results = [b.args.get("true") for b in branches] + [case.args.get("default")]
        if len(branches) < 2 or not all(
                r is None or isinstance(r, exp.Null) or (isinstance(r, exp.Literal) and r.is_string)
                for r in results) or case.find_ancestor(exp.AggFunc) is not None:
            continue
        for b in branches[:16]:
            if isinstance(b.this, exp.Expr):
                out.extend(f for f in read_condition(b.this, tree.resolver, "case")
                           if not f.relation)
    return tuple(dict.fromkeys(out))


def _counted_missing(agg: exp.Expr) -> exp.Column | None:
    """The column whose NULLs ``COUNT(*) - COUNT(col)`` counts (the rows still out:
    ``COUNT(*) - COUNT(returned_ts)``), as ``SUM(CASE WHEN col IS NULL THEN 1 ELSE 0 END)``
    does; ``agg`` is the subtracted ``COUNT(col)``. None for any other aggregate.

    >>> from stef_core.sql import parse_statement
    >>> sub = parse_statement("SELECT COUNT(*) - COUNT(r.ret_ts) FROM rentals r").find(exp.Sub)
    >>> _counted_missing(sub.expression).sql()
    'r.ret_ts'
    >>> _counted_missing(parse_statement("SELECT COUNT(ret_ts) FROM r").find(exp.Count)) is None
    True
    """
    sub = agg.parent
    while isinstance(sub, exp.Paren):
        sub = sub.parent
    if not (isinstance(agg, exp.Count) and isinstance(sub, exp.Sub) and isinstance(
            agg.this, exp.Column)):
        return None
    right, left = sub.expression.unnest(), sub.this.unnest()
    if right is not agg or not isinstance(left, exp.Count):
        return None
    # every row: COUNT(*), COUNT(1)
    counted = left.this
    if not (isinstance(counted, exp.Star) or (isinstance(counted, exp.Literal)
                                              and not counted.is_string)):
        return None
    return agg.this


def _value_relations(tree: Tree) -> tuple[Filter, ...]:
    """Column-to-column comparisons that shape a value: ``SUM(CASE WHEN delivered_dt <=
    promised_dt THEN 1 ELSE 0 END)``, ``COUNTIF(ready_at > promised_at)``, ``FILTER (WHERE ...)``
    (a CASE that gives 0 where its condition holds counts the rows where it fails: turned).

    >>> from stef_sql.extract import extract_spec
    >>> s = extract_spec("SELECT AVG(CASE WHEN a_ts < due_ts THEN 1.0 ELSE 0 END) FROM t", "duckdb")
    >>> [(f.column, f.op, f.value) for f in s.value_relations]
    [('a_ts', '<', 'due_ts')]
    >>> s = extract_spec("SELECT SUM(CASE WHEN a_ts < due_ts THEN 0 ELSE 1 END) FROM t", "duckdb")
    >>> [(f.column, f.op, f.value) for f in s.value_relations]
    [('a_ts', '>=', 'due_ts')]
    """
    resolver = tree.resolver
    out: list[Filter] = []
    for branch in tree.ifs:
        cond = branch.this
        case = branch.parent
        if (isinstance(case, exp.Case) and case.this is not None) or not isinstance(
                cond, exp.Expr):
            continue
        cond = _turned(cond, _counts_otherwise(branch) != _held_at_zero(branch))
        out.extend(f for f in read_condition(cond, resolver, "case") if f.relation)
    for where in tree.wheres:
        if isinstance(where.parent, exp.Filter) and isinstance(where.this, exp.Expr):
            cond = _turned(where.this, _held_at_zero(where.parent))
            out.extend(f for f in read_condition(cond, resolver, "case") if f.relation)
    for agg in tree.aggs:
        predicate = _aggregated_predicate(agg)
        if predicate is not None:
            cond = _turned(predicate, _held_at_zero(agg))
            out.extend(f for f in read_condition(cond, resolver, "case") if f.relation)
    return tuple(dict.fromkeys(out))


def _turned(cond: exp.Expr, turn: bool) -> exp.Expr:
    """``cond`` negated when ``turn``: the rows a count keeps are those where it fails (a CASE
    that counts 0 where it holds, or a count held at zero)."""
    return exp.Not(this=cond.copy()) if turn else cond


def _held_at_zero(node: exp.Expr) -> bool:
    """Is the aggregate ``node`` is in (or is) compared equal to zero (``HAVING COUNT_IF(late)
    = 0``, ``HAVING SUM(CASE WHEN ccy <> 'EUR' THEN 1 ELSE 0 END) = 0``)? Then every row of
    the groups kept fails its condition: the condition the rows hold is its negation.

    >>> from stef_core.sql import parse_statement
    >>> q = parse_statement("SELECT k FROM t GROUP BY k HAVING COUNT_IF(x > 15) = 0")
    >>> _held_at_zero(q.find(exp.CountIf))
    True
    >>> _held_at_zero(parse_statement("SELECT COUNT_IF(x > 15) FROM t").find(exp.CountIf))
    False
    """
    agg = node if isinstance(node, (exp.AggFunc, exp.Filter)) else node.find_ancestor(
        exp.AggFunc)
    if agg is None:
        return False
    up = agg.parent
    while isinstance(up, exp.Paren):
        up = up.parent
    if not isinstance(up, exp.EQ):
        return False
    other = up.expression if up.this is agg or agg in up.this.find_all(exp.AggFunc) else up.this
    return isinstance(other, exp.Literal) and not other.is_string and other.this in ("0", "0.0")


def _counts_otherwise(branch: exp.If) -> bool:
    """Does the only branch of a CASE (or an IIF / IFF) give 0 where its condition holds and
    a number otherwise (``CASE WHEN vaccinated THEN 0 ELSE 1 END``, ``IFF(is_escalated, 0,
    1)``)? Then the rows it counts are those where the condition fails.

    >>> from stef_core.sql import parse_statement
    >>> case = parse_statement("SELECT AVG(CASE WHEN vaccinated THEN 0 ELSE 1 END) FROM p")
    >>> _counts_otherwise(case.find(exp.If))
    True
    >>> case = parse_statement("SELECT SUM(CASE WHEN paid THEN 1 ELSE 0 END) FROM p")
    >>> _counts_otherwise(case.find(exp.If))
    False
    """
    case = branch.parent
    if isinstance(case, exp.Case):
        if len(case.args.get("ifs") or ()) != 1:
            return False
        otherwise = case.args.get("default")
    else:
        otherwise = branch.args.get("false")
    true = branch.args.get("true")
    if not isinstance(true, exp.Expr) or not isinstance(otherwise, exp.Expr):
        return False
    other = _number(otherwise)
    return _number(true) == 0 and other is not None and other != 0


def _decoded(agg: exp.Expr, resolver: Any) -> list[Filter]:
    """Oracle's ``DECODE(x, 'a', 1, 'b', 1, 0)`` aggregated (``SUM(DECODE(status, 'DEFAULTED',
    1, 0))``, a conditional count): ``CASE x WHEN 'a' THEN 1 ...``, one condition per searched
    value (the last argument of an even count is the default, no condition)."""
    arg = agg.this
    while isinstance(arg, exp.Paren):
        arg = arg.this
    if not isinstance(arg, exp.DecodeCase) or len(arg.expressions) < 3:
        return []
    operand, *rest = arg.expressions
    column = operand_column(operand, resolver)
    out = []
    for search in rest[0:len(rest) - 1:2][:16]:
        ok, value = literal_value(search)
        if ok and value is not None:
            out.append(Filter(column, "=", value, "case"))
    return out


def _aggregated_predicate(agg: exp.Expr) -> exp.Expr | None:
    """The predicate an aggregate reads directly (``COUNTIF(x > 1)``, ``SUM(x = 1)``), through
    parentheses, casts and DISTINCT; None when it reads anything else."""
    arg = agg.this
    while isinstance(arg, (exp.Paren, exp.Cast, exp.Distinct)):
        arg = arg.this if not isinstance(arg, exp.Distinct) else (
            arg.expressions[0] if arg.expressions else None)
    if isinstance(arg, PREDICATES):
        return arg
    # COUNTIF(is_active), COUNT_IF(NOT is_deleted): a conditional count's argument is its
    # condition, a bare flag included
    if isinstance(agg, exp.CountIf) and isinstance(arg, (exp.Column, exp.Not)) and (
            not isinstance(arg, exp.Not) or isinstance(arg.this, exp.Column)):
        return arg
    # ClickHouse's -If combinators (sumIf(x, cond), avgIf(x, cond), uniqExactIf(x, cond)):
    # the last argument is the condition the value is taken under
    if (isinstance(agg, exp.CombinedAggFunc) and str(agg.this).lower().endswith("if")
            and len(agg.expressions) >= 2 and isinstance(agg.expressions[-1], PREDICATES)):
        found: exp.Expr = agg.expressions[-1]
        return found
    return None


def value_condition_exprs(tree: Tree) -> Iterator[exp.Expr]:
    """The conditions of the ``conditions`` field as trees (CASE WHEN / IIF / IF branches,
    ``FILTER (WHERE ...)``, aggregated predicates such as ``COUNTIF(...)``), for the periods
    that shape a value (:mod:`stef_sql.read.time`)."""
    for branch in tree.ifs:
        case = branch.parent
        if not (isinstance(case, exp.Case) and case.this is not None) and isinstance(
                branch.this, exp.Expr):
            yield branch.this
    for where in tree.wheres:
        if isinstance(where.parent, exp.Filter):
            yield where.this
    for agg in tree.aggs:
        predicate = _aggregated_predicate(agg)
        if predicate is not None:
            yield predicate


#: A column named as a yes/no flag (``is_digital``, ``has_photo``, ``late_flag``, ``void_flg``).
_FLAG_NAME = re.compile(r"^(?:is|has|was|did)_[a-z0-9_]+$|_(?:flag|flg)$")
#: A column named as a count of things (``renew_cnt``, ``guest_count``, ``num_guests``,
#: ``n_visits``): whole numbers, so its SUM is an integer count as well.
_COUNT_NAME = re.compile(r"(?:^|_)(?:cnt|count)$|^(?:cnt|num|n)_[a-z]")


#: Functions that divide and drop the remainder whatever their arguments' types (ClickHouse).
_INT_DIV_FUNCS = frozenset({"intdiv", "intdivorzero"})


def _int_div_calls(tree: Tree) -> Iterator[str]:
    """``intDiv(a, b)`` calls and ``a DIV b`` (``a // b``) that divide a share
    (:func:`_divided_share`): it comes back cut to a whole number (a rate of 9.09 % as 9, a
    fraction as 0 or 1), whatever the data and the types. A division by a constant
    (``intDiv(seconds, 60)``) counts no share and is no such call."""
    for node in tree.nodes:
        if isinstance(node, exp.IntDiv):
            sides = [node.this, node.expression]
        elif (isinstance(node, exp.Anonymous) and str(node.this).lower() in _INT_DIV_FUNCS
                and len(node.expressions) == 2):
            sides = node.expressions
        else:
            continue
        if _divided_share(sides[0], sides[1]):
            yield text_of(node)[:200]


#: Most divisions read for their sides (bounded work).
_MAX_DIVISIONS = 16


def _division_sides(tree: Tree) -> tuple[tuple[str, str], ...]:
    """The column names each side of a division reads (:attr:`SqlSpec.division_sides`), for
    divisions whose two sides read a column or count rows: a division by a constant converts
    units (``/ 60``, ``/ 100``) and takes no ratio of two things."""
    out: list[tuple[str, str]] = []
    for node in tree.nodes:
        if not isinstance(node, (exp.Div, exp.SafeDivide)):
            continue
        sides = (_names_read(node.this), _names_read(node.expression))
        if all(sides):
            out.append(sides)
            if len(out) >= _MAX_DIVISIONS:
                break
    return tuple(out)


def _names_read(node: exp.Expr) -> str:
    """The names of the columns ``node`` measures, as written (a CTE's output column by its
    own name: ``placed.placed_usd``), comma-separated; ``*`` for a side that counts rows and
    measures no column; '' for a constant. A column a condition reads (a WHERE of a
    subquery, a CASE WHEN, a FILTER) picks rows and measures nothing: not named."""
    names = dict.fromkeys(
        c.name.lower() for c in node.find_all(exp.Column)
        if not _in_condition(c, node))
    if not names and node.find(exp.Count) is not None:
        return "*"
    return ",".join(list(names)[:8])


def _in_condition(column: exp.Expr, top: exp.Expr) -> bool:
    """Is ``column`` read by a condition below ``top`` (a comparison, a WHERE, a JOIN)?"""
    node = column.parent
    while node is not None and node is not top:
        if isinstance(node, (exp.Predicate, exp.Where, exp.Having, exp.Join)):
            return True
        node = node.parent
    return False


def _truncated_share(node: exp.Expr) -> bool:
    """Does the division ``node`` (a ``/`` that sqlglot marks ``typed``: the dialect's division
    of integers truncates) divide two integer counts or two totals in cents?"""
    if not node.args.get("typed"):
        return False
    return ((_integer_count(node.this) and _integer_count(node.expression))
            or (_cents_total(node.this) and _cents_total(node.expression)))


def _divided_share(top: exp.Expr, bottom: exp.Expr) -> bool:
    """Is ``top`` over ``bottom`` a share: two integer counts, or a percentage (a total times
    100) over a total? A constant divisor (``DIV 60``) makes no share, nor does an average (a
    total over a count, no 100)."""
    if _integer_count(top) and _integer_count(bottom):
        return True
    return _percent_total(top) and _aggregated(bottom)


def _percent_total(node: exp.Expr) -> bool:
    """Is ``node`` an aggregate multiplied by the literal 100 (``SUM(x) * 100``)?"""
    while isinstance(node, exp.Paren):
        node = node.this
    if not isinstance(node, exp.Mul):
        return False
    sides = (node.this, node.expression)
    return (any(isinstance(x, exp.Literal) and x.this == "100" for x in sides)
            and any(_aggregated(x) for x in sides))


def _aggregated(node: exp.Expr) -> bool:
    """Is ``node`` an aggregate (through parentheses), not a constant?"""
    while isinstance(node, exp.Paren):
        node = node.this
    return isinstance(node, exp.AggFunc)


#: A column of money kept in whole cents (``subtotal_cents``, ``fee_cents``).
_CENTS_NAME = re.compile(r"_cents$")


def _cents_total(node: exp.Expr) -> bool:
    """Is ``node`` a ``SUM`` of a column kept in cents, or of a CASE / IF whose branches are such
    columns or integer literals (``SUM(CASE WHEN card THEN subtotal_cents ELSE 0 END)``)?"""
    while isinstance(node, exp.Paren):
        node = node.this
    if not isinstance(node, exp.Sum):
        return False
    arg = node.this
    while isinstance(arg, exp.Paren):
        arg = arg.this
    branches = _branches(arg) or [arg]
    cents = [b for b in branches if isinstance(b, exp.Column)
             and _CENTS_NAME.search(b.name.lower()) is not None]
    return bool(cents) and all(
        b is None or isinstance(b, exp.Null) or _integer_literal(b) or b in cents
        for b in branches)


def _branches(node: exp.Expr) -> list[exp.Expr | None] | None:
    """The values a CASE or an IF / IIF gives (None for a missing ELSE), or None for any
    other node."""
    if isinstance(node, exp.Case):
        out: list[exp.Expr | None] = [i.args.get("true") for i in node.args.get("ifs") or []]
        out.append(node.args.get("default"))
        return out
    if isinstance(node, exp.If):
        return [node.args.get("true"), node.args.get("false")]
    return None


def _integer_count(node: exp.Expr) -> bool:
    """Is ``node`` an integer count: ``COUNT(...)``, ``COUNT_IF(...)``, a ``SUM`` whose CASE or
    IIF branches are all integer literals (``SUM(CASE WHEN late THEN 1 ELSE 0 END)``), of a
    cast to an integer type (``SUM(is_late::int)``), of a column named as a flag
    (``SUM(is_digital)``) or as a count (``SUM(renew_cnt)``), or a
    sum or product of such counts and integer literals with at least one count?"""
    while isinstance(node, (exp.Paren, exp.Filter, exp.Nullif)):
        # COUNT(*) FILTER (WHERE ...); NULLIF(COUNT(*), 0): the count, or NULL where it is 0
        node = node.this
    if isinstance(node, (exp.Count, exp.CountIf)):
        return True
    if isinstance(node, exp.Sum):
        arg = node.this
        while isinstance(arg, exp.Paren):
            arg = arg.this
        if isinstance(arg, (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)):
            return True  # SUM(kept = 1): where a comparison can be summed, it is 0 or 1
        branches = _branches(arg)
        if branches is not None:
            return all(b is None or isinstance(b, exp.Null) or _integer_literal(b)
                       for b in branches)
        if isinstance(arg, exp.Cast):
            # SUM(is_late::int), SUM(CAST(is_hazmat AS INT)): a sum of integers
            return arg.to.this in exp.DataType.INTEGER_TYPES
        if isinstance(arg, exp.Column):
            # SUM(is_digital), SUM(germinated_flag): where division truncates (these
            # dialects) a boolean cannot be summed, so a flag that is summed holds 0/1 integers;
            # SUM(renew_cnt): a column of counts holds whole numbers
            name = arg.name.lower()
            return (_FLAG_NAME.search(name) is not None or _COUNT_NAME.search(name) is not None
                    or _headcount(arg))
        if isinstance(arg, (exp.Add, exp.Coalesce)):
            # SUM(adult_pax + child_pax), SUM(COALESCE(guests, 0)): whole numbers added up
            return _whole_terms(arg)
        return False
    if isinstance(node, (exp.Add, exp.Sub, exp.Mul)):
        sides = (node.this, node.expression)
        return (all(_integer_count(x) or _integer_literal(x) for x in sides)
                and any(_integer_count(x) for x in sides))
    return False


#: Name parts of a column that counts people or places (``booked_pax``, ``seat_capacity``,
#: ``child_tickets``, ``guests``): whole numbers, where division truncates (these dialects)
#: as integer as a ``_cnt`` column.
#: (Not ``qty`` nor ``days``: a quantity or a length of stay may be a decimal column.)
_HEAD_PARTS = frozenset({"pax", "passengers", "seats", "capacity", "guests", "beds", "headcount",
                         "attendees", "tickets", "nights", "units", "visits", "stops", "legs",
                         "sessions", "items", "pallets", "cnt", "count"})
#: ... unless another part names a measure (``capacity_kw``, ``seats_pct``, ``avg_pax``).
_MEASURE_PARTS = _DECIMAL_PARTS | {"kw", "kwh", "mw", "mwh", "gb", "tb", "mb", "kg", "lb", "lbs",
                                   "tons", "tonnes", "liters", "litres", "gal", "gallons",
                                   "sqft", "m2", "m3", "factor", "util", "utilization"}


def _headcount(node: exp.Column) -> bool:
    """Is ``node`` a column whose name says it counts people or places (:data:`_HEAD_PARTS`,
    ``booked_pax``, ``seat_capacity``) and names no measure (:data:`_MEASURE_PARTS`)?"""
    words = set(re.split(r"[^a-z0-9]+", node.name.lower()))
    return bool(words & _HEAD_PARTS) and not words & _MEASURE_PARTS


def _whole_terms(node: exp.Expr, depth: int = 0) -> bool:
    """Is ``node`` a sum of whole-number columns (:func:`_headcount`, ``_cnt`` ones), possibly
    defaulted to an integer literal (``adult_pax + child_pax``, ``COALESCE(guests, 0)``)?"""
    while isinstance(node, exp.Paren):
        node = node.this
    if depth > 6:
        return False
    if isinstance(node, exp.Column):
        return _headcount(node) or _COUNT_NAME.search(node.name.lower()) is not None
    if isinstance(node, exp.Add):
        return _whole_terms(node.this, depth + 1) and _whole_terms(node.expression, depth + 1)
    if isinstance(node, exp.Coalesce):
        rest = node.expressions
        return _whole_terms(node.this, depth + 1) and all(
            _integer_literal(x) or _whole_terms(x, depth + 1) for x in rest)
    return False


def _ones(arg: exp.Expr) -> bool:
    """Does a SUM's argument give 1 on the rows it counts and 0 or NULL elsewhere
    (``CASE WHEN d >= '2025-07-01' THEN 1 ELSE 0 END``, ``IIF(late, 1, 0)``, ``x > y``)? The
    sum is then a count of those rows.

    >>> from stef_core.sql import parse_statement
    >>> _ones(parse_statement("SELECT SUM(CASE WHEN d > 1 THEN 1 ELSE 0 END) FROM t").find(
    ...     exp.Sum).this)
    True
    >>> _ones(parse_statement("SELECT SUM(CASE WHEN d > 1 THEN amt ELSE 0 END) FROM t").find(
    ...     exp.Sum).this)
    False
    """
    while isinstance(arg, exp.Paren):
        arg = arg.this
    if isinstance(arg, (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)):
        return True
    branches = _branches(arg)
    values = [None if b is None or isinstance(b, exp.Null) else _number(b)
              for b in branches or ()]
    return bool(values) and 1 in values and all(v in (None, 0, 1) for v in values) and not any(
        b is not None and not isinstance(b, exp.Null) and _number(b) is None
        for b in branches or ())


def _integer_literal(node: exp.Expr) -> bool:
    while isinstance(node, exp.Paren):
        node = node.this
    return (isinstance(node, exp.Literal) and not node.is_string
            and str(node.this).lstrip("-").isdigit())


def _expr(node: object) -> exp.Expr | None:
    """``node`` when it is an expression (an argument sqlglot may leave unset)."""
    return node if isinstance(node, exp.Expr) else None


def _counted_condition(tree: Tree, node: exp.Expr, depth: int = 0) -> exp.Expr | None:
    """The one condition a side of a division counts or totals rows by: ``COUNT_IF(c)``,
    ``countIf(c)``, ``SUM(CASE WHEN c THEN 1 ELSE 0 END)``, ``COUNT(*) FILTER (WHERE c)``,
    ``SUM(c)``, through a constant factor, a wrapper or an alias of the same SELECT
    (ClickHouse's ``cancelled / operated``); None otherwise."""
    node = _strip(node)
    if isinstance(node, exp.Mul):
        sides = [x for x in (node.this, node.expression) if _number(x) is None]
        return _counted_condition(tree, sides[0], depth) if len(sides) == 1 else None
    if isinstance(node, exp.Column) and not node.table and depth == 0:
        owner = owner_select(node)
        for e in (owner.expressions if owner is not None else [])[:64]:
            if isinstance(e, exp.Alias) and e.alias.lower() == node.name.lower():
                return _counted_condition(tree, e.this, depth + 1)
        return None
    if isinstance(node, exp.Filter) and isinstance(node.this, exp.Count):
        where = node.expression
        return _expr(where.this) if isinstance(where, exp.Where) else None
    if isinstance(node, exp.CountIf):
        return _expr(node.this)
    if isinstance(node, exp.Anonymous) and str(node.this).lower() in ("countif", "count_if"):
        return _expr(node.expressions[0]) if len(node.expressions) == 1 else None
    if isinstance(node, exp.Sum):
        arg = _strip(node.this)
        if isinstance(arg, exp.Case) and len(arg.args.get("ifs") or []) == 1:
            branch = arg.args["ifs"][0]
            default = arg.args.get("default")
            true = _expr(branch.args.get("true"))
            if true is not None and _number(true) == 1.0 and (default is None
                                                              or _number(default) == 0.0):
                return _expr(branch.this)
            return None
        true = _expr(arg.args.get("true")) if isinstance(arg, exp.If) else None
        if true is not None and _number(true) == 1.0:
            return _expr(arg.this)
        if isinstance(arg, PREDICATES):
            return arg
    return None


#: Last parts of a column's name that name a key or an identifier (``order_id``, ``po_no``):
#: counted, it counts the rows that have one, as COUNT(*) does where it is always set.
_KEY_PARTS = KEY_PARTS | CODE_PARTS


def _valued_bases(tree: Tree) -> tuple[str, ...]:
    """Shares whose numerator counts rows by a condition and whose base counts the values of
    a plain column (``100 * SUM(CASE WHEN g.home_state <> p.state_cd THEN 1 ELSE 0 END) /
    COUNT(g.home_state)``): COUNT(column) leaves out the rows where the column is NULL, so
    the share is over the rows that have a value, not over the rows the query keeps. A key
    or identifier counted (``COUNT(o.order_id)``, the matched rows of an outer join) and a
    DISTINCT count are other readings and are left alone. As written.

    >>> from stef_sql.extract import extract_spec
    >>> extract_spec("SELECT COUNTIF(ready_ts <= promised_ts) / COUNT(ready_ts) "
    ...              "FROM preorders").valued_bases
    ('COUNT_IF(ready_ts <= promised_ts) / COUNT(ready_ts)',)
    >>> extract_spec("SELECT COUNTIF(late) / COUNT(order_id) FROM orders").valued_bases
    ()
    """
    out: list[str] = []
    for base in tree.aggs[:_MAX_SHARES]:
        if type(base) is not exp.Count or not isinstance(base.this, exp.Column):
            continue
        d = base.parent
        while isinstance(d, _SAME_SCALE) and d.parent is not None:
            d = d.parent
        if (not isinstance(d, (exp.Div, exp.SafeDivide)) or _strip(d.expression) is not base
                or _counted_condition(tree, d.this) is None):
            continue
        name = base.this.name.lower()
        if name.endswith("id") or name.split("_")[-1] in _KEY_PARTS:
            continue
        out.append(text_of(d)[:160])
    return tuple(dict.fromkeys(out))


#: A comparison and the one that holds exactly where it does not (``a > b`` / ``a <= b``).
_OPPOSITE_COMPARISONS = ((exp.EQ, exp.NEQ), (exp.NEQ, exp.EQ), (exp.GT, exp.LTE),
                         (exp.LTE, exp.GT), (exp.LT, exp.GTE), (exp.GTE, exp.LT))
#: Name parts of a column that holds one outcome per row (a status, a result, a yes/no flag):
#: two of its values are two exclusive parts of the same rows. A type or a kind is not one:
#: ``txn_type = 'RETURN'`` over ``txn_type = 'SALE'`` is how a retail return rate is written
#: (two kinds of rows, not a part over the rest of the same rows).
_OUTCOME_PARTS = frozenset({"status", "stat", "state", "outcome", "result", "response",
                            "disposition", "decision", "verdict", "resolution", "flag", "flg",
                            "yn", "ind"})
_FLAG_PREFIXES = ("is", "has", "was", "did")


def _outcome_column(node: exp.Expr) -> bool:
    """Does ``node`` name a column that holds one outcome per row (``status``,
    ``return_status``, ``is_callback``, ``late_flg``)?"""
    if not isinstance(node, exp.Column):
        return False
    words = [w for w in re.split(r"[^a-z]+", node.name.lower()) if w]
    return bool(words) and (words[0] in _FLAG_PREFIXES or bool(set(words) & _OUTCOME_PARTS))


def _complementary(a: exp.Expr, b: exp.Expr) -> bool:
    """Is ``b`` the negation of ``a`` (``status = 'x'`` / ``status <> 'x'``, ``c`` / ``NOT
    c``, ``IN`` / ``NOT IN`` the same list, ``a > b`` / ``a <= b``), or another part of the
    same rows that excludes it: another value of one outcome column (``status = 'failed'`` /
    ``status = 'succeeded'``)?"""
    a, b = _strip(a), _strip(b)
    if isinstance(b, exp.Not):
        return text_of(_strip(b.this)).lower() == text_of(a).lower()
    if isinstance(a, exp.Not):
        return text_of(_strip(a.this)).lower() == text_of(b).lower()
    for x, y in _OPPOSITE_COMPARISONS:
        if isinstance(a, x) and isinstance(b, y):
            return (text_of(a.this).lower(), text_of(a.expression).lower()) == (
                text_of(b.this).lower(), text_of(b.expression).lower())
    if isinstance(a, exp.EQ) and isinstance(b, exp.EQ):
        left, right = _strip(a.this), _strip(b.this)
        mine, theirs = _strip(a.expression), _strip(b.expression)
        return (_outcome_column(left) and text_of(left).lower() == text_of(right).lower()
                and isinstance(mine, (exp.Literal, exp.Boolean))
                and isinstance(theirs, (exp.Literal, exp.Boolean))
                and text_of(mine).lower() != text_of(theirs).lower())
    return False


def _complement_ratios(tree: Tree) -> tuple[str, ...]:
    """Divisions of the rows that meet a condition by the rows that do not
    (``countIf(status = 'cancelled') / countIf(status != 'cancelled')``), or by another part
    that excludes them (``countIf(status = 'failed') / countIf(status = 'succeeded')``): a
    ratio of one part to another, not a rate over all of them. As written.

    >>> from stef_sql.extract import extract_spec
    >>> extract_spec("SELECT COUNT_IF(status = 'failed') / COUNT_IF(status = 'succeeded') "
    ...              "FROM payments").complement_ratios
    ("COUNT_IF(status = 'failed') / COUNT_IF(status = 'succeeded')",)
    >>> spec = extract_spec("SELECT SUM(CASE WHEN txn_type = 'RETURN' THEN 1 ELSE 0 END) / "
    ...                     "SUM(CASE WHEN txn_type = 'SALE' THEN 1 ELSE 0 END) FROM pos")
    >>> spec.complement_ratios
    ()
    """
    out: list[str] = []
    for d in tree.divisions[:_MAX_SHARES]:
        top = _counted_condition(tree, d.this)
        bottom = _counted_condition(tree, d.expression) if top is not None else None
        if top is not None and bottom is not None and _complementary(top, bottom):
            out.append(text_of(d)[:160])
    return tuple(dict.fromkeys(out))
