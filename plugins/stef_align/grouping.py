"""Grouping: "per X" / "for each X" / "by X" / "monthly" / "of their X" against GROUP BY and
PARTITION BY.

* ``groupby.missing`` (critical): the question asks per X and the SQL aggregates without
  grouping (a window without PARTITION BY does not group), or groups only by keys none of which
  matches X;
* ``groupby.extra`` (minor): a grouping neither the question nor the SELECT needs.

A key matches X by identifier parts and stems ("customers" ~ ``customer_id``, "priority
level" ~ ``priority``), R_app synonyms and enrichment bindings ("A3 refers to region"); a
time word ("month", "day", "year") matches a date key or a date function. A group the
question states as a ratio ("revenue per employee", computed by a division) needs no GROUP BY.
"""

from __future__ import annotations

from stef_align.names import word_matches
from stef_align.reasons import reason
from stef_core.models import Reason, Ruleset
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import norm

_TIME_WORDS = frozenset({"day", "days", "week", "weeks", "month", "months", "year", "years",
                         "quarter", "quarters", "hour", "hours", "weekday", "weekdays",
                         "date", "dates", "season", "seasons"})
_DATE_KEYS = ("date", "day", "week", "month", "year", "quarter", "hour", "time", "strftime",
              "extract", "trunc", "format", "_at", "period", "weekday", "dow", "season")


def key_matches(group: str, key: str, q: QuestionSpec, rules: Ruleset) -> bool:
    """Does the GROUP BY / PARTITION BY key ``key`` group by the question's ``group``?"""
    words = group.split()
    if any(word_matches(w, key) for w in words):
        return True
    if norm(key) in ("name", "id", "fullname", "title", "code"):
        return True  # "per singer" / GROUP BY name: an entity grouped by its name or key
    if any(norm(key) in {w[:i] + "id" for i in (1, 2, 3)} for w in words if len(w) > 2):
        return True  # "each boat" / GROUP BY bid: the boat's id, abbreviated
    lowered = key.lower()
    if any(w in _TIME_WORDS for w in words) and any(d in lowered for d in _DATE_KEYS):
        return True
    for column, synonyms in rules.synonyms.items():
        if word_matches(column, key) and any(s.lower() in group for s in synonyms):
            return True
    for b in q.bindings:
        if any(w in b.phrase.split() for w in words) and any(
                word_matches(c, key) or c == key.lower() for c in b.columns):
            return True
    return False


def _as_ratio(group: str, sql: SqlSpec) -> bool:
    """"revenue per employee" computed by a division over the group's table or column."""
    if not sql.divides:
        return False
    names = (*list(sql.columns)[:256], *sql.tables)
    return any(word_matches(w, n) for w in group.split() for n in names)


def check(q: QuestionSpec, sql: SqlSpec, rules: Ruleset) -> list[Reason]:
    out: list[Reason] = []
    # Outer aggregates only: a scalar subquery per row ("for each author, the number of
    # books") answers per author without grouping.
    aggregates = any(not a.nested for a in sql.aggregations) or bool(sql.windows)
    # A grouping inside a derived table answers "per X" when the outer query reads that table
    # alone ("on average per teacher"), not when it joins it to other rows.
    nested = sql.nested_group_by if not sql.joins else ()
    keys = (*sql.group_by, *sql.implied_group_by, *sql.partition_by, *nested)
    if q.loose_groups and aggregates and not keys:
        out.append(reason(
            "groupby.missing",
            f"the question asks per {q.loose_groups[0]} but the SQL groups nothing "
            "(no GROUP BY, no PARTITION BY)",
            "critical",
        ))
    if q.group_by and aggregates:
        for group in q.group_by:
            if any(key_matches(group, k, q, rules) for k in keys) or _as_ratio(group, sql):
                continue
            if keys:
                message = (f"the question asks per {group} but the SQL groups by "
                           f"{', '.join(dict.fromkeys(keys[:3]))}")
            else:
                message = f"the question asks per {group} but the SQL does not group"
            out.append(reason("groupby.missing", message, "critical"))
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
