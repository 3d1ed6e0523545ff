"""Declared values: a guessed spelling of a value the ruleset declares.

A deployment's ruleset lists the values of its categorical columns (``values stage_nm =
'Prospecting', ..., 'Closed Won', 'Closed Lost'``). A SQL condition on such a column with a
value that is not in the list but is a part or a near spelling of one that is (``stage_nm =
'Lost'`` for 'Closed Lost', ``'canceled'`` for 'cancelled') keeps no row (or, negated, every
row): the agent guessed the data's spelling. Lists are seldom complete (a column name shared
by two tables, a status nobody listed), so a value unlike every declared one says nothing.
This rests on the deployment's own words: ``filter.value_mismatch``, major. Flags, numbers,
patterns and columns the ruleset declares no list for are left alone.

>>> from stef_core.models import Category, Ruleset
>>> from stef_core.spec import Filter, SqlSpec
>>> rules = Ruleset(categories={"stage_nm": Category(values=["Closed Won", "Closed Lost"])})
>>> [r.severity for r in check(SqlSpec(filters=(Filter("stage_nm", "=", "lost"),)), rules)]
['major']
>>> check(SqlSpec(filters=(Filter("stage_nm", "=", "closed lost"),)), rules)
[]
>>> check(SqlSpec(filters=(Filter("stage_nm", "=", "in_house"),)), rules)
[]
"""

from __future__ import annotations

from difflib import SequenceMatcher

from stef_core.models import Reason, Ruleset
from stef_core.reasons import reason
from stef_core.spec import SUBQUERY, SqlSpec
from stef_core.values import value_key
from stef_core.words import norm

#: Most conditions and values looked at in one query.
MAX_CONDITIONS = 64
MAX_VALUES = 16
#: Longest declared list read: a column of states or categories; a longer one holds names
#: (products, cities), whose near spellings say nothing, and bounds the work per record.
MAX_DECLARED = 64


def check(sql: SqlSpec, rules: Ruleset) -> list[Reason]:
    """At most one finding: the first condition with a value its column never holds."""
    if not rules.categories:
        return []
    # (a column several tables hold, declared per table: ``values refunds.status = ...``,
    # ``values payouts.status = ...``, holds each one's values)
    declared: dict[str, set[str]] = {}
    for key, category in rules.categories.items():
        if 0 < len(category.values) <= MAX_DECLARED:
            declared.setdefault(norm(key.rsplit(".", 1)[-1]), set()).update(
                value_key(v) for v in category.values)
    if not declared:
        return []
    for f in (*sql.filters[:MAX_CONDITIONS], *sql.conditions[:MAX_CONDITIONS]):
        if not f.column or f.relation or f.op not in ("=", "!=", "in", "not in"):
            continue
        known = declared.get(norm(f.column.rsplit(".", 1)[-1]))
        if not known:
            continue
        values = f.values
        for v in values[:MAX_VALUES]:
            if not isinstance(v, str) or v == SUBQUERY or value_key(v) in known:
                continue
            near = _near(value_key(v), known)
            if near is not None:
                keeps = "no row" if f.op in ("=", "in") else "every row"
                return [reason(
                    "filter.value_mismatch",
                    f"the SQL compares {f.column} with '{v}', which the ruleset does not list "
                    f"among the values {f.column} holds ('{near}' is): the condition keeps "
                    f"{keeps} that way",
                    "major",
                )]
    return []


def _near(value: str, known: set[str]) -> str | None:
    """The declared value ``value`` is a part of ('lost' of 'closed lost') or a near spelling
    of ('canceled', 'cancelled'), or None."""
    words = set(value.replace("_", " ").split())
    if not words:
        return None
    for k in sorted(known):
        if words < set(k.replace("_", " ").split()):
            return k
        if len(value) >= 5 and SequenceMatcher(None, value, k).ratio() >= 0.85:
            return k
    return None
