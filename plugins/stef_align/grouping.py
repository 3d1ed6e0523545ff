"""Grouping: "per X" / "for each X" / "by X" against GROUP BY and PARTITION BY.

* ``groupby.missing``: the question asks per X, the SQL aggregates and groups by nothing
  (critical); or it groups, but by no column that matches X (minor: without a schema a key
  may be named unlike the word);
* ``groupby.extra``: a grouping neither the question nor the SELECT needs (minor).

A key matches X by identifier parts and stems ("customers" ~ ``customer_id``), R_app synonyms
and enrichment bindings ("A3 refers to region").
"""

from __future__ import annotations

from stef_core.models import Reason, Ruleset
from stef_core.spec import QuestionSpec, SqlSpec
from stef_align.names import word_matches
from stef_align.reasons import reason


def key_matches(group: str, key: str, q: QuestionSpec, rules: Ruleset) -> bool:
    """Does the GROUP BY / PARTITION BY key ``key`` group by the question's ``group``?"""
    words = group.split()
    if any(word_matches(w, key) for w in words):
        return True
    for column, synonyms in rules.synonyms.items():
        if word_matches(column, key) and any(s.lower() in group for s in synonyms):
            return True
    for b in q.bindings:
        if any(w in b.phrase for w in words) and any(word_matches(c, key) or c == key.lower()
                                                     for c in b.columns):
            return True
    return False


def check(q: QuestionSpec, sql: SqlSpec, rules: Ruleset) -> list[Reason]:
    out: list[Reason] = []
    aggregates = any(p.aggregate for p in sql.projections) or any(
        not a.nested for a in sql.aggregations
    )
    keys = (*sql.group_by, *sql.implied_group_by, *sql.partition_by)
    if q.group_by and aggregates:
        if not keys and not sql.windows:
            out.append(reason(
                "groupby.missing",
                f"the question asks per {q.group_by[0]} but the SQL does not GROUP BY",
                "critical",
            ))
        elif keys:
            for group in q.group_by:
                if not any(key_matches(group, k, q, rules) for k in keys):
                    out.append(reason(
                        "groupby.missing",
                        f"the question asks per {group} but the SQL groups by "
                        f"{', '.join(keys[:3])}",
                        "minor",
                    ))
                    break
    extra_keys = [k for k in sql.group_by if k not in sql.implied_group_by]
    ranked = any(o.aggregate for o in sql.order_by) or sql.having
    if extra_keys and not q.group_by and not ranked and not any(
        p.aggregate for p in sql.projections
    ):
        out.append(reason(
            "groupby.extra",
            f"the SQL groups by {', '.join(extra_keys)}, which neither the question nor the "
            "SELECT needs",
            "minor",
        ))
    return out
