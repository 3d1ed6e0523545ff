"""Repeat customers: ``filter.operator_mismatch`` (major) when the question asks for repeat (or
returning) customers, guests, buyers ... and the SQL's count threshold keeps three or more.

A repeat customer is one with a second order: "repeat customer rate" is the share of customers
with two or more. ``CASE WHEN n > 2`` (or ``HAVING COUNT(*) >= 3``) keeps those with three or
more and leaves the two-order customers out. Only a question that states no number of its own
is read ("customers with more than 2 orders" says what it means), and only when the SQL holds
no threshold of two anywhere (``>= 2``, ``> 1``). The number is looked for in the person's
own words: a reformulation that restates "repeat riders" as "riders with more than 2 rides"
is the agent's misreading, the very one the SQL carries, not a count the person asked for.

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(text="repeat customer rate ytd")
>>> sql = ("WITH c AS (SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY customer_id) "
...        "SELECT 100.0 * SUM(CASE WHEN n > 2 THEN 1 ELSE 0 END) / COUNT(*) FROM c")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.operator_mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("n > 2", "n >= 2")))
[]
"""

from __future__ import annotations

import re

from stef_align.occurrences import tells_occurrences, threshold
from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SUBQUERY, Filter, QuestionSpec, SqlSpec

#: "repeat customers", "repeat guest rate", "returning buyers": the ones who came back at
#: least once, two or more in all.
_REPEAT = gated(r"\b(?:repeat|returning)\s+([a-z]+)")
#: A count the person states ("customers with 3+ orders", "ordered twice or more").
_OWN_NUMBER = re.compile(
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|once|twice|thrice)\b")


#: A column that holds a count: ``n``, ``cnt``, ``ride_count``, ``num_orders``, ``n_visits``.
_COUNT_COLUMN = re.compile(r"^(?:n|cnt|num|.*count.*|.*_cnt|cnt_.*|num_.*|n_.*)$")


def repeat_thresholds(q: QuestionSpec, extras: list[Filter]) -> list[Filter]:
    """The filters among ``extras`` that say what "repeat" means: "repeat riders last month"
    answered by ``HAVING COUNT(t.trip_id) >= 2`` keeps the riders with a second ride, which is
    what a repeat rider is; the threshold is the question's word, not a condition the SQL adds.
    Only a count threshold of two (``>= 2``, ``> 1``) on a count (HAVING, or a column named as
    one), and only when neither the question nor its reformulation states a number.

    >>> from stef_sql.extract import extract_spec
    >>> sql = extract_spec("SELECT COUNT(*) FROM (SELECT rider_id FROM trips GROUP BY rider_id "
    ...                    "HAVING COUNT(trip_id) >= 2) x")
    >>> q = QuestionSpec(text="repeat riders last month")
    >>> [f.describe() for f in repeat_thresholds(q, list(sql.filters))]
    ['trip_id >= 2']
    >>> repeat_thresholds(QuestionSpec(text="riders last month"), list(sql.filters))
    []
    """
    kept = [f for f in extras[:64] if not f.excluded and threshold(f.op, f.value) == 2
            and (f.source == "having" or _COUNT_COLUMN.match(
                (f.column or "").split(".")[-1].lower()) is not None)]
    if not kept or q.numbers or _REPEAT.search(q.text[:2000]) is None:
        return []
    return kept


def _prior_rows(sql: SqlSpec) -> bool:
    """Does the SQL look for the rows' earlier ones through a subquery (``EXISTS (SELECT 1
    FROM tickets e WHERE e.jumper_id = t.jumper_id AND e.visit_dt < '2026-01-01')``)?"""
    return any(f.value == SUBQUERY and f.op == "in" and not f.excluded
               for f in sql.filters[:64])


def prior_bounds(q: QuestionSpec, sql: SqlSpec, extras: list[Filter]) -> list[Filter]:
    """The filters among ``extras`` that say what "returning" means: "returning jumpers this
    year" answered by an EXISTS over the same rows before the year (``e.visit_dt <
    '2026-01-01'`` beside ``t.visit_dt >= '2026-01-01'``): the earlier visit that makes a
    jumper a returning one, not a condition the SQL adds.

    >>> from stef_sql.extract import extract_spec
    >>> sql = extract_spec("SELECT COUNT(DISTINCT t.j) FROM t WHERE t.d >= '2026-01-01' AND "
    ...                    "EXISTS (SELECT 1 FROM t e WHERE e.j = t.j AND e.d < '2026-01-01')")
    >>> [f.describe() for f in prior_bounds(QuestionSpec(text="returning jumpers this year"),
    ...                                     sql, list(sql.filters))]
    ["d < '2026-01-01'"]
    """
    if _REPEAT.search(q.text[:2000]) is None or not _prior_rows(sql):
        return []
    starts = {(f.column, str(f.value)) for f in sql.filters[:64] if f.op in (">=", ">")}
    return [f for f in extras[:64] if f.op in ("<", "<=") and not f.excluded
            and (f.column, str(f.value)) in starts]


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    m = _REPEAT.search(q.text[:2000])
    if m is not None and _REPEAT.search(q.own_words[:2000]) and not tells_occurrences(sql):
        return [reason(
            "filter.missing",
            f"the question asks for {m.group(0)}, those who came back after an earlier "
            f"time, but nothing in the SQL tells them from the first-timers (no earlier row "
            f"looked up, no count of times): all {m.group(1)} are counted",
            "major",
        )]
    if m is None or _OWN_NUMBER.search(q.own_words[:2000]):
        return []
    kept = [(f, t) for f in (*sql.filters[:64], *sql.conditions[:64])
            if not f.excluded and (t := threshold(f.op, f.value)) is not None]
    if not kept or any(t == 2 for _, t in kept):
        return []
    f = next((f for f, t in kept if t == 3), None)
    if f is None:
        return []
    return [reason(
        "filter.operator_mismatch",
        f"the question asks for repeat {m.group(1)}, those who came back at least once (two "
        f"or more), but the SQL keeps {f.column or 'a count'} {f.op} {f.value}, three or "
        f"more: the ones with exactly two are left out; >= 2",
        "major",
    )]
