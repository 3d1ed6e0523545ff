"""A rating averaged with its missing values turned into zeros: ``aggregation.mismatch``
(major). Also any other measure (a count of attendees, a handicap index) so averaged in a query
with no outer join, unless it names an amount, a quantity or a time, which is often none when
missing: the zeros can only be the table's own missing values (session 39: 6 of 6 such answers
in the tuned production half wrong, and the 7 that average a LEFT JOIN's "zero for none" right).

AVG skips NULLs: the average rating is over the rows that have one. ``AVG(COALESCE(stars,
0))`` (``IFNULL``, ``NVL``, ``ISNULL``, ``ZEROIFNULL`` read alike) counts every review without
stars as a 0-star review and drags each average down. It is read so only for a column named
as a rating, score or percentage, or as a physical reading (a depth, a temperature, a weight,
by its name or its unit: ``depth_cm``, ``temp_c``): a sensor that was down read nothing, not
zero. A missing amount is often no amount (``COALESCE(discount,
0)`` over orders is the average discount per order), and a question that says to count the
missing ones as zero asks for it (the person's own words: an agent's reformulation that adds
"treating missing as 0" restates its own mistake).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("avg courier rating by vehicle type last month", None)
>>> sql = extract_spec("SELECT vehicle_type, AVG(COALESCE(courier_stars, 0)) FROM ratings "
...                    "GROUP BY vehicle_type")
>>> [(r.code, r.severity) for r in check(q, sql)]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec("SELECT AVG(COALESCE(discount_amt, 0)) FROM orders"))
[]
>>> q = question_spec("avg attendees per visitation last quarter", None)
>>> [r.severity for r in check(q, extract_spec("SELECT AVG(COALESCE(s.attendee_cnt, 0)) FROM "
...                                             "services s JOIN cases c ON c.case_id = "
...                                             "s.case_id WHERE s.status_cd = 'HELD'"))]
['major']
>>> check(q, extract_spec("SELECT AVG(COALESCE(r.attendee_cnt, 0)) FROM visitations v LEFT "
...                       "JOIN registers r ON r.visit_id = v.visit_id"))
[]
>>> q = question_spec("avg base depth per resort last month", None)
>>> [r.severity for r in check(q, extract_spec("SELECT resort, AVG(NVL(depth_cm, 0)) "
...                                             "FROM snow_daily GROUP BY resort"))]
['major']
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: ``AVG(COALESCE(x, 0))`` as the SQL reader writes it (a cast round it or not), and
#: ``AVG(CASE WHEN x IS NULL THEN 0 ELSE x END)`` (Snowflake's ZEROIFNULL).
_ZEROED = re.compile(
    r"\bavg\(\s*(?:cast\(\s*)?(?:coalesce\(\s*([\w.]+)\s*,\s*0(?:\.0*)?\s*\)"
    r"|case when ([\w.]+) is null then 0(?:\.0*)? else \2 end)", re.IGNORECASE)
#: Name parts of a rating, a score or a percentage: a missing one is not a zero.
_RATINGS = frozenset({"rating", "ratings", "stars", "star", "score", "scores", "satisfaction",
                      "nps", "csat", "grade", "pct", "percent", "percentage",
                      # physical readings, by name or unit: a missing reading is no zero depth
                      "depth", "temp", "temperature", "humidity", "pressure", "moisture",
                      "weight", "height", "cm", "mm", "kg", "celsius", "fahrenheit", "psi"})
#: Name parts of an amount, a quantity or a time that is often none when missing (no
#: discount, no tip, no delay, no overtime): averaged as zero, it may be what was meant.
_NONE_WHEN_MISSING = frozenset({
    "amt", "amount", "usd", "eur", "gbp", "cents", "fee", "fees", "tip", "tips", "discount",
    "cost", "price", "revenue", "paid", "balance", "credit", "refund", "charge", "spend",
    "total", "sales", "qty", "quantity", "units", "delay", "late", "lateness", "overtime",
    "downtime", "penalty", "bonus", "commission", "minutes", "mins", "hours", "hrs", "days",
    "value", "val", "dollars", "net", "gross", "margin", "tax"})
#: The question asks to count the missing ones as zero.
_AS_ZERO = re.compile(r"\b(?:as|at|count(?:ing)?)\s+(?:0|zero)\b|\bzeros?\b|\bas 0\b",
                      re.IGNORECASE)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    # the person's own words: a reformulation that adds "treating missing as 0" is the
    # mistake itself, not a request (the person asked for the average)
    if "AVG" not in {a.func for a in sql.aggregations[:64]} or _AS_ZERO.search(q.own_words):
        return []
    for p in sql.projections[:64]:
        if p.aggregate != "AVG":
            continue
        m = _ZEROED.search(p.expr)
        if m is None:
            continue
        column = (m.group(1) or m.group(2)).split(".")[-1]
        names = set(re.split(r"[^a-z]+", column.lower()))
        # (any other measure read without an outer join: the zeros can only be the table's
        # own missing values, not the rows a LEFT JOIN found nothing for, which "zero for
        # none" counts on purpose; an amount or a duration missing is often none)
        if names & _RATINGS or (not sql.keeps_unmatched and not names & _NONE_WHEN_MISSING):
            return [reason(
                "aggregation.mismatch",
                f"the SQL averages {column} with its missing values turned into 0 "
                f"({p.expr.split(' AS ')[0][:80]}): every row without a {column} counts as a "
                f"zero and pulls the average down, while AVG({column}) skips them",
                "major",
            )]
    return []
