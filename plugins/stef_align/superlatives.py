"""Superlatives, top-k, requested order and LIMIT.

* ``orderby.direction``: the question ranks one way and the SQL sorts the other ("the 10 most
  recent orders" / ``ORDER BY created_at ASC LIMIT 10``), or an explicit order request is
  reversed;
* ``aggregation.mismatch``: the question ranks one way and the SQL takes the other extreme
  ("the largest invoice amount" / ``MIN(amount)``);
* ``limit.missing_topk``: a top-k or singular superlative without LIMIT, MAX/MIN or ranking;
* ``limit.k_mismatch``: the question asks for k rows and the SQL keeps another number, or it
  asks for the row at a rank below the top ("the second highest") and the SQL has nothing that
  reaches below it (no OFFSET, ranking window, nested ORDER BY/LIMIT or comparison excluding a
  nested extreme), or it asks for the top k in each group ("top 3 stores per merchant", "top
  2 defect types for each line") and the SQL keeps k rows in all (an outer LIMIT k, no
  ranking window or nested top-k per group): the k largest groups' rows of the whole
  result, most groups get none;
* ``orderby.missing``: a LIMIT without ORDER BY (which rows is arbitrary), or an asked order
  the SQL lacks;
* ``limit.unrequested``: a small LIMIT the question did not ask for (critical when it cuts a
  list the question asks for, minor from :data:`SAFETY_CAP` rows: a cap an agent puts on every
  list, below R_app's ``limit_guard`` that ignores it altogether);
* ``filter.missing``: the extreme is taken by a subquery over every row while the query keeps
  only some ("the tallest athlete from Sweden" / ``WHERE region = 'Sweden' AND height =
  (SELECT MAX(height) FROM person)``).

"oldest" / "youngest" rank by age: by an age column the direction is as read, by a date
(birth, start, founded ...) it is reversed; by a column that says neither, it is not checked.
"""

from __future__ import annotations

import re

from stef_align.aggregates import family
from stef_align.names import bare, parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SUBQUERY, OrderItem, QuestionSpec, SqlSpec

_DATE_PARTS = frozenset({"date", "dates", "time", "year", "years", "birth", "birthday", "born",
                         "dob", "start", "started", "founded", "established", "created",
                         "opened", "joined", "hired", "hire", "since", "day", "month",
                         "timestamp", "at", "on", "debut", "built", "released", "published",
                         "signup", "registered", "dt", "ts", "dttm", "datetime"})
_AGE_PARTS = frozenset({"age", "ages", "old", "seniority", "tenure", "duration", "days",
                        "years", "elapsed", "length", "wait", "waiting", "delay"})
_SPEED_PARTS = frozenset({"speed", "rate", "throughput", "velocity", "mph", "kmh", "fps"})
_RANK_PARTS = frozenset({"rank", "ranking", "position", "place", "seed"})
#: Measures where more is worse: the "worst" shift by scrap rate has the highest one.
_BAD_PARTS = frozenset({
    "scrap", "reject", "rejects", "rejected", "defect", "defects", "error", "errors", "fail",
    "failed", "failure", "failures", "churn", "churned", "downtime", "delay", "delays",
    "late", "lateness", "cost", "costs", "complaint", "complaints", "refund", "refunds",
    "wait", "cancel", "cancels", "cancelled", "canceled", "cancellation", "cancellations",
    "return", "returns", "returned", "damage", "damaged", "incident", "incidents", "breakdown",
    "breakdowns", "dropped", "abandon", "abandoned", "abandonment", "bounce", "noshow",
    "overdue", "arrears", "loss", "losses", "waste", "outage", "outages", "dpd"})
_FLIPS = {"date": _DATE_PARTS, "speed": _SPEED_PARTS, "rank": _RANK_PARTS | _BAD_PARTS}
#: A time that may be a length ("the longest processed time", "the shortest flight time")
#: flips "longest" / "shortest" only when it is surely a point in time (a date, a start).
#: A column spelled ``*_dt`` / ``*_ts`` names a point in time for "oldest" (by age), but a
#: difference of two of them is a length ("the longest arrival delays").
_LENGTHS = frozenset({"time", "year", "years", "day", "days", "month", "on", "at", "dt", "ts",
                      "dttm", "datetime"})

#: A top-k asked within each group: "top 3 stores per merchant" ("per" right after the
#: ranked noun: after the criterion it may be a ratio, "top 5 stores by sales per sq ft"),
#: "top 3 restaurants by GMV in each city", "the top 2 defect types for every line".
_PER_GROUP_TOPK = re.compile(
    r"\b(?:top|bottom)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?:(?:[a-z][\w-]*\s+){1,2}?per\s+[a-z]"
    r"|[^.;?!|]{0,60}?\b(?:in|for|within|of)\s+(?:each|every)\s+[a-z])")

#: A LIMIT this large on a list the question asks for is a display cap (LIMIT 500, TOP 100),
#: not a cut of the answer: weak evidence.
SAFETY_CAP = 100


#: Verb endings after a word inside a name part: ``seeded_ac`` is the acres planted, not a
#: tournament seed; ``seeding_dt`` the day of planting.
_VERB_ENDING = re.compile(r"(?:ed|ing)(?![a-z])")


def _words(columns: tuple[str, ...]) -> set[str]:
    """The words of the ranking key's names, with the date and rank words found inside a
    longer part (``birthdate``, ``worldrank``), unless a verb ending follows them there."""
    out: set[str] = set()
    for c in columns:
        out.update(parts(c))
        low = c.lower()
        out.update(w for w in (*_DATE_PARTS, *_RANK_PARTS) if len(w) > 3 and w in low
                   and not _inflected(low, w))
    return out


def _inflected(low: str, word: str) -> bool:
    """Does every occurrence of ``word`` in the name ``low`` carry a verb ending
    (``seeded``, ``seeding``)?

    >>> _inflected("seeded_ac", "seed"), _inflected("seed_no", "seed")
    (True, False)
    """
    at = low.find(word)
    while at >= 0:
        if not _VERB_ENDING.match(low, at + len(word)):
            return False
        at = low.find(word, at + 1)
    return True


#: Time units a throughput is counted per ("rides_per_hour", "picks per minute").
_PER_TIME = frozenset({"hour", "hr", "minute", "min", "second", "sec", "day", "week", "shift"})
#: A key that measures the time between two moments: a date difference function, or one
#: moment subtracted from another (an INTERVAL added or taken away moves a moment instead).
_DIFFERENCE = re.compile(r"\b(?:date|datetime|timestamp|time)_?diff\(|\bage\(|\s-\s", re.I)


_COUNTED = re.compile(r"count\(|countif\(|count_if\(", re.I)
#: A sum of what moved ("the slowest selling wines" by ``COALESCE(SUM(bottles), 0)``) is a
#: count over the period as well, unless it sums a length of time (minutes on the road).
_SUMMED = re.compile(r"\bsum\(", re.I)
_DURATIONS = frozenset({"min", "mins", "minute", "minutes", "hour", "hours", "hr", "hrs",
                        "sec", "secs", "second", "seconds", "day", "days", "duration", "time",
                        "length", "elapsed", "wait", "lead"})


def _throughput(columns: tuple[str, ...]) -> bool:
    """Does a ranking key name a count per unit of time (``avg_rides_per_hour``,
    ``words_per_hour``)? More of it is faster, as a speed."""
    for c in columns:
        ps = parts(c)
        if any(p == "per" and ps[i + 1] in _PER_TIME for i, p in enumerate(ps[:-1])):
            return True
    return False


def _length(expr: str) -> bool:
    """Is a ranking key the difference of two moments (a length of time, not a point in
    time): ``DATEDIFF(minute, started_at, ended_at)``, ``closed_at - opened_at``?"""
    return bool(_DIFFERENCE.search(expr)) and "interval" not in expr.lower()


def _want_desc(q: QuestionSpec, columns: tuple[str, ...], expr: str = "") -> bool | None:
    """Should the ranking key sort descending? None when the words cannot tell."""
    if q.superlative is None:
        return None
    desc = q.superlative == "max"
    words = _words(columns)
    if q.flip_on == "speed" and (_throughput(columns) or _COUNTED.search(expr) or (
            _SUMMED.search(expr) and not words & _DURATIONS)):
        # "the slowest lift" by rides per hour, "the slowest selling products" by how many
        # sold: a count over the period is a rate, the slowest has the least
        words = words | {"rate"}
    flip = q.flip_on or ("date" if q.by_age else "")
    if flip == "date" and not q.by_age and _length(expr):
        # "the longest trip" by ended_at - started_at: the key is a length already, read as
        # worded. (An age computed from a birth date for "the oldest" is one too, but is
        # left as it was: on spider_dev the one such answer is wrong for another reason.)
        return desc
    flips = _FLIPS.get(flip, frozenset())
    if flip == "date" and not q.by_age:
        flips = flips - _LENGTHS
    if flip and words & flips and not (
            flip == "date" and q.by_age and words & _AGE_PARTS and not words & _DATE_PARTS):
        return not desc  # "oldest" by birth date, "waiting the longest" by opening date
    if q.by_age and not words & _AGE_PARTS:
        return None  # "oldest" by a column that says neither age nor date
    return desc


def _named(item: OrderItem, sql: SqlSpec) -> tuple[str, ...]:
    """The columns an ORDER BY key reads, and the output alias it sorts by: an alias names
    what an expression measures (``dateDiff('minute', sched_arr, actual_arr) AS mins_late``
    ... ``ORDER BY mins_late``), which its columns do not say.

    >>> from stef_sql.extract import extract_spec
    >>> _named(*(lambda s: (s.order_by[0], s))(extract_spec(
    ...     "SELECT f, a - b AS mins_late FROM t ORDER BY mins_late DESC LIMIT 5")))
    ('a', 'b', 'mins_late')
    """
    for p in sql.projections[:64]:
        # an expression (``COUNT(*) * 1.0 / SUM(open_minutes) AS items_per_minute``, whose
        # one column sqlglot reports), not a column renamed
        if p.alias and item.expr != p.column and p.expr == f"{item.expr} AS {p.alias}":
            return (*item.columns, p.alias)
    return item.columns


def _grouping_key(item: OrderItem, q: QuestionSpec, sql: SqlSpec) -> bool:
    """Is the ORDER BY key the grouping of a per-group top-k ("the latest reading of each
    sensor": ORDER BY sensor_id, read_at DESC)?"""
    keys = set(sql.partition_by) | set(sql.group_by)
    return bool(item.columns) and all(c in keys for c in item.columns) and not item.aggregate


def _evidence(q: QuestionSpec,
              sql: SqlSpec) -> list[tuple[str, bool, tuple[str, ...], str]]:
    """How the SQL ranks: ``(kind, descending, columns, expression)`` for a top-k ORDER BY
    (outer or nested), a ranking window and MAX / MIN aggregates."""
    out: list[tuple[str, bool, tuple[str, ...], str]] = []
    # "first job date for each customer" / MAX(requested_ts) ... GROUP BY customer ORDER BY it:
    # the extreme of each group picks the answer; an ORDER BY with no LIMIT only sorts the
    # groups, and says nothing of which extreme was asked
    # (not when the question names an extreme of its own to rank by: "the region with the
    # lowest max temperature")
    per_group = (sql.limit is None and bool(sql.group_by) and bool(q.group_by)
                 and not {"MAX", "MIN"} & set(q.aggregations) and any(
                     family(a.func) in ("MAX", "MIN") for a in sql.aggregations if not a.nested))
    if sql.order_by and not per_group and (
            sql.limit is not None or "order_by" not in sql.tolerated):
        keys = [o for o in sql.order_by if not _grouping_key(o, q, sql)] or list(sql.order_by)
        out.append(("order", keys[0].desc, _named(keys[0], sql), keys[0].expr))
    for item in (*sql.nested_order_by[:4], *sql.ranking[:2]):
        out.append(("order", item.desc, _named(item, sql), item.expr))
    for a in sql.aggregations:
        func = family(a.func)  # MAX_BY / ARG_MAX take the row of the MAX
        if func in ("MAX", "MIN"):
            out.append(("extreme", func == "MAX", tuple(a.arg.split(",")), a.arg))
    return out


#: Name parts of a column that closes a row's validity (``end_dt``, ``valid_to``) or marks
#: the current row (``is_current``, ``curr_flag``).
_CLOSING_PARTS = frozenset({"end", "ended", "to", "thru", "through", "until", "expiry",
                            "expires", "expired"})
_CURRENT_PARTS = frozenset({"current", "curr", "latest"})


#: "for each unit", "of every subscriber": a thing per group, grouped or not.
_EACH = re.compile(r"\b(?:each|every|per)\b")


def _current_rows(sql: SqlSpec) -> bool:
    """Does the SQL keep each thing's current row by the table's own mark: an open end
    (``end_dt IS NULL``, ``valid_to IS NULL``) or a current flag (``is_current = 1``)?"""
    for f in sql.filters[:256]:
        if not f.column or f.source.endswith(":neg"):
            continue
        ps = set(parts(f.column.split(".")[-1]))
        if f.op == "is null" and ps & _CLOSING_PARTS:
            return True
        if f.op == "=" and ps & _CURRENT_PARTS and any(
                v in (1, True, "y", "yes", "true") for v in f.values):
            return True
    return False


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    out = _check(q, sql)
    if q.restated_ranking:
        # The ranking is the reformulation's ("as of the latest snapshot"), not the user's:
        # the agent's reading, whose mismatch lowers confidence only.
        out = [reason(r.code, r.message + " (a ranking only the reformulation states)",
                      "minor") if r.severity in ("critical", "major") else r for r in out]
    return out


def _check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    out: list[Reason] = []
    if sql.unscoped_extremes and (q.superlative is not None
                                  or {"MAX", "MIN"} & set(q.aggregations)):
        # "the tallest athlete from Sweden" / WHERE region = 'Sweden' AND height = (SELECT
        # MAX(height) FROM person): the tallest of everyone, kept only if Swedish.
        column = sql.unscoped_extremes[0] or "the value"
        out.append(reason(
            "filter.missing",
            f"the SQL takes the extreme of {column} over every row (a subquery without the "
            "question's conditions), then keeps it only if it meets them",
            "critical",
        ))
    has_extreme = (
        any(family(a.func) in ("MAX", "MIN") for a in sql.aggregations)
        or bool(sql.windows)
        or sql.nested_limit
        or bool(sql.nested_order_by)
    )
    # The rows kept: LIMIT / TOP / FETCH, or the k of a ranking window per group.
    kept = sql.limit if sql.limit is not None else (
        sql.rank_limit if sql.rank_limit is not None else sql.nested_k)
    # ("top 5 caves for first visits" / ROW_NUMBER() OVER (PARTITION BY client ...) = 1 in a
    # CTE, then COUNT(*) ... GROUP BY cave FETCH FIRST 5: the rank picks each client's first
    # visit before the outer query groups by another key; its LIMIT is the top-k)
    picked_first = bool(sql.group_by) and not {
        bare(k).lower() for k in sql.partition_by[:8]} & {bare(k).lower() for k in sql.group_by[:8]}
    if (sql.limit is not None and sql.rank_limit is not None and sql.partition_by
            and sql.limit > sql.rank_limit and not picked_first):
        # "top 2 attendants at each stand" / RANK() OVER (PARTITION BY stand ...) <= 2, then
        # LIMIT 200: the ranking keeps k in each group; a LIMIT above it caps the output
        kept = sql.rank_limit

    # Direction of the ranking.
    evidence = _evidence(q, sql) if q.superlative is not None else []
    verdicts = []
    for kind, desc, columns, expr in evidence:
        want = _want_desc(q, columns, expr)
        if want is not None:
            verdicts.append((kind, desc == want, desc, want))
    if verdicts and not any(ok for _, ok, _, _ in verdicts):
        kind, _, desc, want = verdicts[0]
        asked = "descending (most, highest, latest ...)" if q.superlative == "max" else \
            "ascending (least, lowest, earliest ...)"
        if want != (q.superlative == "max"):
            # "the 5 worst delays" by a delay: the word reverses on what the key measures
            asked = (f"{'descending' if want else 'ascending'} (the word reverses on what the "
                     "key measures: the worst delay is the longest, the best rank the lowest)")
        if q.by_age:
            asked = "the other way (oldest / youngest)"
        if kind == "order":
            out.append(reason(
                "orderby.direction",
                f"the question ranks {asked} but the SQL sorts {'DESC' if desc else 'ASC'}",
                "critical",
            ))
        else:
            out.append(reason(
                "aggregation.mismatch",
                f"the question ranks {asked} but the SQL takes the "
                f"{'MAX' if desc else 'MIN'}",
                "critical",
            ))

    # How many rows.
    computed = {family(a.func) for a in sql.aggregations if not a.nested} - {"MAX", "MIN"}
    # "top 3 per city": a top-k in each group, which GROUP BY / PARTITION BY may answer. A
    # grouping only the reformulation states ("revenue by country, highest first" for "top 5
    # countries") makes no per-group top-k of the question's.
    asked_groups = [g for g in q.group_by if g not in q.restated_groups]
    if q.top_k is not None:
        if q.singular and sql.limit is None and not has_extreme and computed and not (
            sql.group_by
        ):
            # "What is the highest salary?" / AVG(salary): another aggregate than the extreme
            out.append(reason(
                "aggregation.mismatch",
                f"the question asks for the {'highest' if q.superlative == 'max' else 'lowest'}"
                f" value but the SQL computes {', '.join(sorted(computed))}",
                "critical",
            ))
        elif kept is None and not has_extreme and not (asked_groups and (
                sql.group_by or sql.partition_by)):
            # "the current plan of every subscriber" / WHERE end_dt IS NULL: the latest row
            # of each group kept by the table's own mark of the current row (a slowly
            # changing table), which only the schema can vouch for: minor
            current = bool(asked_groups or _EACH.search(q.text)) and q.singular and (
                _current_rows(sql))
            out.append(reason(
                "limit.missing_topk",
                (f"the question asks for the top {q.top_k} but the SQL has no LIMIT, "
                 "MAX/MIN or ranking" if not q.singular else
                 "the question asks for the one row that ranks first but the SQL keeps every "
                 "row (no LIMIT, MAX/MIN or ranking)")
                + (" (it keeps the rows marked current)" if current else ""),
                "minor" if current else "critical",
            ))
        elif kept is not None and kept != q.top_k and not (q.singular and kept == 1) and not (
                q.rank is not None and kept == q.rank and sql.limit is None):
            # ("the second highest" kept by a ranking window's ``r = 2``: the row at rank 2)
            out.append(reason(
                "limit.k_mismatch",
                f"the question asks for {q.top_k} row(s) but the SQL keeps {kept}"
                + (f" (LIMIT {kept})" if sql.limit is not None else
                   " (per group)" if sql.rank_limit is not None else " (in a subquery)"),
                "critical",
            ))
        elif (sql.limit is not None and not sql.order_by and not has_extreme
              and (q.superlative is not None or q.order is not None)):
            out.append(reason(
                "orderby.missing",
                "the SQL takes a LIMIT without ORDER BY: which rows is arbitrary",
                "critical",
            ))
    elif (sql.limit is not None and q.superlative is None and q.order is None
          and not q.asks_yes_no):
        # Cutting a list the question asks for ("List the customers in France" / LIMIT 5)
        # drops answers; LIMIT 1 on a question about one thing changes nothing.
        out.append(reason(
            "limit.unrequested",
            f"the SQL keeps only {sql.limit} row(s) (LIMIT {sql.limit}) though the question "
            "asks for no top-k",
            "critical" if q.asks_list and 1 < sql.limit < SAFETY_CAP else "minor",
        ))

    # "top 3 stores per merchant" / ORDER BY n DESC LIMIT 3: three rows in all.
    if (q.top_k is not None and q.top_k > 1 and sql.limit == q.top_k
            and sql.rank_limit is None and not sql.partition_by and not sql.nested_limit
            and not sql.nested_order_by and _PER_GROUP_TOPK.search(q.text[:2000])):
        out.append(reason(
            "limit.k_mismatch",
            f"the question asks for the top {q.top_k} in each group but the SQL keeps "
            f"{q.top_k} rows in all (LIMIT {q.top_k}): the groups whose rows rank lower get "
            f"none; rank within each group (ROW_NUMBER() OVER (PARTITION BY ...)) and keep "
            f"the first {q.top_k} of each",
            "critical",
        ))

    # "top lead guide on each river" / ROW_NUMBER() OVER (ORDER BY guests DESC) ... rn = 1:
    # one window over every group's rows keeps the first k of all, not k per river.
    if (q.top_k is not None and sql.rank_limit is not None and sql.limit is None
            and not sql.partition_by and not sql.group_by):
        for group in asked_groups[:2]:
            if re.search(r"\b(?:each|every|per)\s+(?:[a-z]+\s+)?" + re.escape(group) + r"\b",
                         q.text[:2000]):
                out.append(reason(
                    "groupby.missing",
                    f"the question asks for the top {q.top_k} on each {group} but the SQL "
                    f"ranks every row in one window (no PARTITION BY) and keeps the first "
                    f"{sql.rank_limit} of all: most {group} values get none",
                    "critical",
                ))
                break

    # "the second highest salary": the row at that rank, which the top row is not.
    if q.rank is not None and (not _skips_first(sql) or (
            sql.rank_limit is not None and sql.limit is None and sql.rank_limit < q.rank)):
        out.append(reason(
            "limit.k_mismatch",
            f"the question asks for the row at rank {q.rank} but the SQL takes the first "
            "(no OFFSET, ranking window or nested extreme to skip the rows above it)",
            "critical",
        ))

    # An explicitly requested order.
    if q.order is not None and q.order.direction and sql.order_by and (
        "order_by" not in sql.tolerated
    ):
        first = sql.order_by[0]
        want_desc = q.order.direction == "desc"
        if first.desc != want_desc:
            out.append(reason(
                "orderby.direction",
                f"the question asks for {q.order.direction}ending order but the SQL sorts "
                f"{'DESC' if first.desc else 'ASC'}",
                "critical",
            ))
    elif q.order is not None and not sql.order_by and q.order.by:
        out.append(reason(
            "orderby.missing",
            "the question asks for an order but the SQL has no ORDER BY",
            "major",
        ))
    return out


def _skips_first(sql: SqlSpec) -> bool:
    """Can the SQL reach a row below the top one: an OFFSET, a ranking window, a nested
    ORDER BY / LIMIT, or a comparison that excludes an extreme taken in a subquery ("salary <
    (SELECT MAX(salary) ...)"; ``= (SELECT MAX ...)`` is the top row itself)?"""
    return bool(
        sql.offset or sql.windows or sql.ranking or sql.nested_order_by or sql.nested_limit
        or any(f.value == SUBQUERY and f.op in ("<", ">", "<=", ">=", "!=", "not in")
               for f in sql.filters[:MAX_RANK_SCAN])
    )


#: At most this many SQL filters are looked at for a nested extreme.
MAX_RANK_SCAN = 256
