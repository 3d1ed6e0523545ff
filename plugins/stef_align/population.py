"""A rate's population: the rows a share is measured among, kept by a filter on the very
column whose value the share counts.

"Win rate", "refund rate", "claim rejection rate": the share of the rows in one state among
the rows whose state decides it. Production SQL keeps those rows (``stage IN ('won',
'lost')``, ``status IN ('completed', 'refunded')``, ``claim_status <> 'X'``) and counts the
ones in the state the rate is of (``AVG(CASE WHEN stage = 'won' THEN 1.0 ELSE 0 END)``,
``COUNTIF(status = 'refunded') / COUNT(*)``). The filter is the ratio's denominator, which
the question's "rate" asks for, not a condition it forgot to state: it is not an extra.

The evidence is in the SQL alone and exact: the row filter and the counted condition test
the same column, and the filter keeps the counted value(s) and one other, the outcome the
counted one is weighed against (a filter that leaves the counted value out makes the rate 0,
one that keeps only it makes it 1: neither is a population; one that keeps two or more other
states, ``IN ('won', 'lost', 'accepted')``, chooses a population the rate's word does not
say: all stay extras), or leaves out states other than the counted one (``<> 'X'``). Only
when the question asks for a ratio.

>>> from stef_sql.extract import extract_spec
>>> from stef_core.spec import QuestionSpec
>>> sql = extract_spec("SELECT AVG(CASE WHEN stage = 'won' THEN 1.0 ELSE 0 END) FROM deals "
...                    "WHERE stage IN ('won', 'lost')")
>>> q = QuestionSpec(text="win rate", asks_ratio=True)
>>> is_population(sql.filters[0], q, sql)
True
>>> is_population(sql.filters[0], QuestionSpec(text="deals won and lost"), sql)
False
>>> sql = extract_spec("SELECT AVG(CASE WHEN stage = 'won' THEN 1.0 ELSE 0 END) FROM deals "
...                    "WHERE stage IN ('lost', 'open')")
>>> is_population(sql.filters[0], q, sql)
False
"""

from __future__ import annotations

from stef_align.names import bare
from stef_core.spec import Filter, QuestionSpec, SqlSpec
from stef_core.values import value_key
from stef_core.words import norm

#: Most counted conditions looked at per filter (a ratio has one or two).
MAX_CONDITIONS = 16
#: The row filters that keep a set of states (``IN``) or leave some out (``<>``, ``NOT IN``).
_KEEPS = frozenset({"in"})
_LEAVES = frozenset({"!=", "<>", "not in"})


def _keys(f: Filter) -> frozenset[str]:
    values = f.values
    return frozenset(value_key(v) for v in values if isinstance(v, (str, int)))


def is_population(s: Filter, q: QuestionSpec, sql: SqlSpec) -> bool:
    """Is the SQL row filter ``s`` the population of a ratio the question asks for: a filter
    on the column a counted condition tests, keeping the counted values and more?"""
    if (not q.asks_ratio or s.column is None or s.op not in _KEEPS | _LEAVES
            or s.source not in ("where", "join") or s.excluded or s.relation or s.alternative
            or not sql.conditions):
        return False
    column = norm(bare(s.column))
    kept = _keys(s)
    if not kept:
        return False
    for c in sql.conditions[:MAX_CONDITIONS]:
        if (c.column is None or c.op not in ("=", "in") or c.relation or c.excluded
                or norm(bare(c.column)) != column):
            continue
        counted = _keys(c)
        if not counted:
            continue
        if s.op in _KEEPS and counted < kept and len(kept - counted) == 1:
            return True  # IN ('won', 'lost') around CASE WHEN stage = 'won'
        if s.op in _LEAVES and not counted & kept:
            return True  # <> 'X' around CASE WHEN claim_status = 'R'
    return False
