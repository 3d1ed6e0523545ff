"""Aggregates: every aggregate computed outside a window (``aggregations``), whether anything
divides (``divides``), and the conditions that shape a value rather than filter rows
(``conditions``: CASE WHEN / IIF / IF branches, ``FILTER (WHERE ...)``, a predicate summed
directly as in ``SUM(x = 1)``).

A division of two integer counts (``COUNT``, ``COUNT_IF``, a ``SUM`` of 0/1 CASE branches) in a
dialect whose integer division truncates is kept as written (``integer_divisions``): sqlglot
marks such a division ``typed`` when it reads those dialects, and a factor such as ``1.0 *`` or
a cast on either side makes it exact.

An aggregation keeps its function, its argument (the columns it reads, or its text when it
reads none), DISTINCT, and whether it sits in a CTE or subquery rather than the outer SELECT.
A ratio's numerator lives in the conditions: ``SUM(CASE WHEN status = 'late' THEN 1 END) /
COUNT(*)`` divides, computes SUM and COUNT, and conditions a value on ``status = 'late'``.

The question's counterpart is :mod:`stef_question.concepts.aggregates`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlglot import exp

from stef_core.spec import Aggregation, Filter
from stef_core.sql import literal_value, operand_column, read_condition
from stef_core.sql.conditions import PREDICATES
from stef_sql.read.tree import Build, Tree, agg_name, owner_select, under_window


def read(tree: Tree) -> Build:
    root_select_id = id(tree.select) if tree.select is not None else None
    parts: list[tuple[str, str | None, bool, bool, bool]] = []  # name, arg, text?, distinct, nested
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
            parts.append((name, "*", False, distinct, nested))
            continue
        arg_cols = ",".join(tree.columns_of(arg))
        parts.append((name, arg_cols or None, not arg_cols, distinct, nested))
        if not arg_cols:
            tree.texts.add("aggregate", arg)
    conditions = _value_conditions(tree) if (tree.ifs or tree.aggs) else ()
    integer_divisions = tuple(
        d.sql()[:200] for d in tree.root.find_all(exp.Div)
        if d.args.get("typed") and _integer_count(d.this) and _integer_count(d.expression)
    ) if tree.divides else ()

    def build(texts: dict[str, list[str]]) -> dict[str, Any]:
        rendered = iter(texts["aggregate"])
        aggregations = [
            Aggregation(name, (next(rendered).lower() if is_text else arg) or "*", distinct,
                        nested)
            for name, arg, is_text, distinct, nested in parts
        ]
        return {"aggregations": tuple(dict.fromkeys(aggregations)), "divides": tree.divides,
                "conditions": conditions, "integer_divisions": integer_divisions}

    return build


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
            out.extend(f for f in read_condition(cond, resolver, "case") if not f.relation)
    for where in tree.wheres:
        if isinstance(where.parent, exp.Filter):
            out.extend(read_condition(where.this, resolver, "case"))
    for agg in tree.aggs:
        predicate = _aggregated_predicate(agg)
        if predicate is not None:
            out.extend(read_condition(predicate, resolver, "case"))
    return tuple(dict.fromkeys(out))


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


def _integer_count(node: exp.Expr) -> bool:
    """Is ``node`` an integer count: ``COUNT(...)``, ``COUNT_IF(...)``, a ``SUM`` whose CASE or
    IIF branches are all integer literals (``SUM(CASE WHEN late THEN 1 ELSE 0 END)``), or a
    sum or product of such counts and integer literals with at least one count?"""
    while isinstance(node, (exp.Paren, exp.Filter)):  # COUNT(*) FILTER (WHERE ...)
        node = node.this
    if isinstance(node, (exp.Count, exp.CountIf)):
        return True
    if isinstance(node, exp.Sum):
        arg = node.this
        while isinstance(arg, exp.Paren):
            arg = arg.this
        if isinstance(arg, exp.Case):
            branches = [i.args.get("true") for i in arg.args.get("ifs") or []]
            branches.append(arg.args.get("default"))
        elif isinstance(arg, exp.If):
            branches = [arg.args.get("true"), arg.args.get("false")]
        else:
            return False
        return all(b is None or isinstance(b, exp.Null) or _integer_literal(b) for b in branches)
    if isinstance(node, (exp.Add, exp.Sub, exp.Mul)):
        sides = (node.this, node.expression)
        return (all(_integer_count(x) or _integer_literal(x) for x in sides)
                and any(_integer_count(x) for x in sides))
    return False


def _integer_literal(node: exp.Expr) -> bool:
    while isinstance(node, exp.Paren):
        node = node.this
    return (isinstance(node, exp.Literal) and not node.is_string
            and str(node.this).lstrip("-").isdigit())
