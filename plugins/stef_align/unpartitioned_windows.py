"""A ranking or running total asked per group, windowed over every row: ``groupby.missing``
(major).

"Top 3 boats per landing by passengers" answered with ``ROW_NUMBER() OVER (ORDER BY
SUM(passengers) DESC) ... WHERE rn <= 3``: the three biggest boats of all landings together,
not three per landing; "running total of riders per route by day" with ``SUM(riders) OVER
(ORDER BY ride_day)``: one total running across the routes. The window needs ``PARTITION BY``
the group. Read where the person asks a top-k or a running (cumulative) figure per a group the
window's own ORDER BY does not name, and no window of the query is partitioned.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("top 3 boats per landing by passengers last month", None)
>>> sql = ("SELECT landing_nm, boat_nm, pax FROM (SELECT landing_nm, boat_nm, SUM(p) AS pax, "
...        "ROW_NUMBER() OVER (ORDER BY SUM(p) DESC) AS rn FROM t GROUP BY 1, 2) x "
...        "WHERE rn <= 3")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('groupby.missing', 'major')]
>>> check(q, extract_spec(sql.replace("OVER (ORDER BY", "OVER (PARTITION BY landing_nm ORDER BY")))
[]
"""

from __future__ import annotations

import re

from stef_align.names import parts, word_matches
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: A running figure asked: "running total", "cumulative", "to date by day".
_RUNNING = re.compile(r"\b(?:running|cumulative|cumulatively|cume)\b")
#: Groups a window runs along rather than within ("by day", "by week"): its ORDER BY.
_TIME_UNITS = frozenset({"hour", "day", "date", "week", "month", "quarter", "year", "days",
                         "weeks", "months", "quarters", "years", "period", "night", "shift"})
_ORDER = re.compile(r"ORDER\s+BY\s+(.*?)(?:\s+(?:ROWS|RANGE)\b|\)\s*$)", re.IGNORECASE)


def _named(group: str, text: str) -> bool:
    """Does the window's ORDER BY name the group (a day for "by day")?"""
    words = [w for w in re.findall(r"[a-z_]+", text.lower())]
    return any(word_matches(g, w) or any(word_matches(g, p) for p in parts(w))
               for g in group.split()[-1:] for w in words)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not q.group_by or not sql.windows or sql.partition_by:
        return []
    ranked = q.top_k is not None and q.top_k > 0 and sql.rank_limit is not None
    running = _RUNNING.search(q.own_words) is not None and any(
        re.match(r"\s*(?:SUM|COUNT)\s*\(", w, re.IGNORECASE) for w in sql.windows[:16])
    # (a running total along the groups themselves, "running total of revenue by client,
    # largest first", is a Pareto over the clients: only one that runs along time beside
    # another group must restart for each)
    running = running and any(g.split()[-1] in _TIME_UNITS for g in q.group_by[:4])
    if not (ranked or running):
        return []
    orders = " ".join(m.group(1) for w in sql.windows[:16] if (m := _ORDER.search(w)))
    for group in q.group_by[:4]:
        if group.split()[-1] in _TIME_UNITS or _named(group, orders):
            continue  # "by day": the running order itself
        what = f"the top {q.top_k}" if ranked else "a running total"
        return [reason(
            "groupby.missing",
            f"the question asks for {what} per {group}, but the SQL's window runs over every "
            f"row together ({sql.windows[0][:120]}): no PARTITION BY {group}", "major")]
    return []
