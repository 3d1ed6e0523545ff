"""Numbers: every number the SQL spells anywhere (``spelled_numbers``): its numeric literals,
the numbers inside its string literals (``INTERVAL '14 days'``, which sqlglot keeps as the
string '14'), and those inside its names (``churned_30d``, ``retained_d7``); and the spans it
spells with a unit (``spelled_spans``: ``INTERVAL 1 DAY``, ``DATEADD(day, 1, x)``,
``add_months(x, 1)``), where a bare 1 says nothing. Whether a number or a span the question
states survives in the SQL in some form is all this answers: where and how it is used is the
other readers' to say.

>>> from stef_sql.extract import extract_spec
>>> spec = extract_spec("SELECT COUNT(*) FROM t WHERE b <= a + INTERVAL '14 days' "
...                     "AND churned_30d = 1 AND c < add_months(d, 1)")
>>> sorted(spec.spelled_numbers), sorted(spec.spelled_spans)
([1.0, 14.0, 30.0], [(1.0, 'month'), (14.0, 'day')])
"""

from __future__ import annotations

import re

from sqlglot import exp

from stef_sql.read.tree import Build, Tree

#: Most numbers kept from one query.
MAX_NUMBERS = 256
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
#: A name holding a digit (a name without one spells no number: what _NUMBER reads).
_DIGIT = re.compile(r"\d")
#: Node types that may spell a span: ``add_months`` and every type with a ``unit`` argument
#: (sqlglot's parser sets no argument a node type does not declare); and every type sorted.
_SPAN_TYPES: set[type] = set()
_SORTED: set[type] = set()


def read(tree: Tree) -> Build:
    found: set[float] = set()
    texts = [str(lit.this) for lit in tree.literals[:MAX_NUMBERS]]
    names = tree.names[:MAX_NUMBERS]
    # (one search of all the names first: most queries name no column with a digit)
    if _DIGIT.search(" ".join(names)):
        texts += [name for name in names if _DIGIT.search(name)]
    for text in texts:
        found.update(float(m.group(0)) for m in _NUMBER.finditer(text[:200]))
        if len(found) >= MAX_NUMBERS:
            break
    fields = {"spelled_numbers": frozenset(found), "spelled_spans": frozenset(_spans(tree))}
    return lambda texts: fields


def _spans(tree: Tree) -> set[tuple[float, str]]:
    """``(amount, unit)`` of every interval and date arithmetic with a literal amount."""
    out: set[tuple[float, str]] = set()
    # The query's node types (a set made without a Python step per node): most queries hold
    # no type that may spell a span, and their nodes are not walked one by one.
    types = set(map(type, tree.nodes))
    new = types - _SORTED
    if new:
        _SPAN_TYPES.update(t for t in new if issubclass(t, exp.AddMonths)
                           or "unit" in getattr(t, "arg_types", ()))
        _SORTED.update(new)
    if types.isdisjoint(_SPAN_TYPES):
        return out
    for node in tree.nodes:
        if isinstance(node, exp.AddMonths):
            amount, unit = node.args.get("expression"), "month"
        elif node.args.get("unit") is not None:
            amount = node.this if isinstance(node, exp.Interval) else node.args.get("expression")
            unit = node.args["unit"].name.lower().rstrip("s")
        else:
            continue
        if isinstance(amount, exp.Literal):
            try:
                out.add((float(amount.this), unit))
            except ValueError:
                continue
            if len(out) >= MAX_NUMBERS:
                break
    return out
