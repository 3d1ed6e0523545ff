"""A running total with nothing that runs: ``aggregation.mismatch`` (major) when the question
asks for a running (cumulative) total and the SQL's only SUM / COUNT windows have no ORDER BY
(``SUM(SUM(amount)) OVER ()``, ``OVER (PARTITION BY month)``): without an order a window adds
up its whole partition, so every row shows the grand total (or its own group's), never the
total so far. A running total written another way (a self-join, a correlated subquery) has no
such window and is left alone.

A running total along time ("running total of revenue by month") whose only SUM / COUNT
windows run backwards is the same finding: ``OVER (ORDER BY month DESC)`` adds up each month
and the months after it, ``OVER (ORDER BY amount)`` the smaller amounts first, neither the
total so far. Without a time axis in the question the order may be the one asked (a running
total by customer, largest first, is a Pareto curve) and nothing is read.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("running total of deposits by date this year", None)
>>> sql = "SELECT d, SUM(SUM(amount)) OVER () AS running FROM deposits GROUP BY d ORDER BY d"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("OVER ()", "OVER (ORDER BY d)")))
[]
>>> check(question_spec("deposits by date this year", None), extract_spec(sql))
[]
>>> back = "SELECT d, SUM(SUM(amount)) OVER (ORDER BY d DESC) FROM deposits GROUP BY d"
>>> [(r.code, r.severity) for r in check(q, extract_spec(back))]
[('aggregation.mismatch', 'major')]
>>> check(question_spec("running total of deposits by customer, largest first", None),
...       extract_spec("SELECT c, SUM(SUM(x)) OVER (ORDER BY SUM(x) DESC) FROM t GROUP BY c"))
[]
>>> check(question_spec("cumulative spend per customer", None), extract_spec(
...     "SELECT c, SUM(SUM(x)) OVER (PARTITION BY c) FROM t GROUP BY c"))
[]

A window framed to its last few rows (``ROWS BETWEEN 1 PRECEDING AND CURRENT ROW``, ``ROWS 3
PRECEDING``) is a moving sum: the same finding, with or without a time axis (session 23).

>>> moving = sql.replace("OVER ()", "OVER (ORDER BY d ROWS BETWEEN 6 PRECEDING AND CURRENT ROW)")
>>> [(r.code, r.severity) for r in check(q, extract_spec(moving))]
[('aggregation.mismatch', 'major')]

A running total along time with nothing that could run at all is the same finding (issue 25,
session 21): "cumulative billings by month" answered by ``SUM(amount) ... GROUP BY month``
with no window, no subquery and no join on an inequality (the ways a total so far is
written) gives each month its own figure. A column that is already a total so far
(``cumulative_m3``, ``balance``, ``ytd_amt``) is left alone, and so is a question without a
time axis ("running total of sales by store": each store's total is its total so far).

>>> flat = "SELECT d, SUM(amount) AS deposits FROM deposits GROUP BY d ORDER BY d"
>>> [(r.code, r.severity) for r in check(q, extract_spec(flat))]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec("SELECT a.d, SUM(b.amount) FROM deposits a JOIN deposits b "
...                       "ON b.d <= a.d GROUP BY a.d"))
[]
>>> check(q, extract_spec("SELECT d, SUM(ytd_amount) FROM deposits GROUP BY d"))
[]
>>> check(question_spec("running total of sales by store", None),
...       extract_spec("SELECT store, SUM(amount) FROM sales GROUP BY store"))
[]
"""

from __future__ import annotations

import re

from stef_align.names import parts
from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: "running total", "running sum of": a total so far, said outright.
_RUNNING = gated(r"\brunning\s+(?:total|sum|count|tally)s?\b")
#: "cumulative revenue by month", "cumulative signups per day": a total so far along time.
#: "cumulative spend per customer" alone is a lifetime total (one per customer), so
#: "cumulative" needs a time axis.
_CUMULATIVE = gated(r"\bcumulative(?:ly)?\b|\bcumulated\b")
_TIME_AXIS = re.compile(r"\b(?:by|per|each|every|over)\s+(?:the\s+)?(?:day|date|week|month|"
                        r"quarter|year|hour)s?\b|\b(?:daily|weekly|monthly|quarterly|"
                        r"over time)\b")


#: Name parts of a column that already holds a total so far: adding it up per period reads
#: the total so far, not the period's own amount.
_SO_FAR = frozenset({"cum", "cumul", "cumulative", "running", "ytd", "mtd", "qtd", "ltd",
                     "balance", "lifetime", "todate", "odometer"})


def _flat_total(sql: SqlSpec) -> str | None:
    """The outer SUM / COUNT of a grouped query that has none of the ways a total so far is
    written: no window, no subquery (a correlated or a derived self-join), no join on an
    inequality; None otherwise, or when a summed column already holds a total so far."""
    if sql.windows or sql.subqueries or not sql.group_by or sql.set_operation:
        return None
    if any(r.op in ("<", "<=", ">", ">=") for r in sql.relations):
        return None
    totals = [a for a in sql.aggregations if a.func in ("SUM", "COUNT") and not a.nested]
    if not totals:
        return None
    if any(_SO_FAR & set(parts(c)) for a in sql.aggregations for c in a.arg.split(",")):
        return None
    a = totals[0]
    return f"{a.func}({'DISTINCT ' if a.distinct else ''}{a.arg})"


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    text = q.text[:2000]
    # (the time axis is looked for only in a question that asks for a total so far)
    running = _RUNNING.search(text) is not None
    if not (running or _CUMULATIVE.search(text)):
        return []
    along_time = _TIME_AXIS.search(text) is not None
    if not (running or along_time):
        return []
    if sql.framed_totals:
        return [reason(
            "aggregation.mismatch",
            f"the question asks for a running (cumulative) total but the SQL's window "
            f"({sql.framed_totals[0]}) adds up only the last rows of its frame, a moving sum, "
            f"not the total so far; start the frame at UNBOUNDED PRECEDING (or leave it out)",
            "major",
        )]
    if not (sql.unordered_totals or sql.backward_totals):
        flat = _flat_total(sql) if along_time else None
        if flat is None:
            return []
        return [reason(
            "aggregation.mismatch",
            f"the question asks for a running (cumulative) total along time but the SQL "
            f"gives each group its own {flat}: it has no window, no self-join and no "
            f"subquery that could add up the total so far; use SUM(...) OVER (ORDER BY "
            f"the time key)",
            "major",
        )]
    if not sql.unordered_totals:
        if not along_time:
            return []  # by customer, largest first: a Pareto curve runs that way
        return [reason(
            "aggregation.mismatch",
            f"the question asks for a running (cumulative) total along time but the SQL's "
            f"window ({sql.backward_totals[0]}) runs descending or by its own amount: each "
            f"row adds up the rows after it (or the smaller amounts), not the total so far; "
            f"order the window by the time key, ascending",
            "major",
        )]
    return [reason(
        "aggregation.mismatch",
        f"the question asks for a running (cumulative) total but the SQL's window has no ORDER "
        f"BY ({sql.unordered_totals[0]}): it adds up its whole partition, so each row shows "
        f"the total of all its rows, not the total so far; add ORDER BY to the window",
        "major",
    )]
