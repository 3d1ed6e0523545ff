"""A rate answered by the average of per-group rates: ``aggregation.mismatch`` (major).

"Overall no-show rate for lessons in May" or "completion rate by category" asks for the rate
of the rows asked: their part over their whole (``SUM(no_show) / COUNT(*)``). A query that
first computes a rate per group the question never names (per day, per course:
``COUNTIF(completed) / COUNT(*) AS rate ... GROUP BY course_id`` in a CTE) and then averages
those rates (``AVG(rate)``) weighs a course with two enrolments as much as one with two
hundred: the unweighted mean of rates, another figure (``SqlSpec.averaged_ratios``, kind
``group ratio``).

Read so only when the person's own words ask for a rate and no mean ("average", "mean",
"typical", "median": "average daily completion rate" asks for the mean of daily rates; an
agent's reformulation that says "average of the course rates" restates its own mistake), and
when a key of the per-group rates is neither named by the question nor kept by the outer
GROUP BY ("completion rate by course" averaged over the course's one row is the course's own
rate).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("completion rate by category", None)
>>> sql = ("WITH c AS (SELECT category, course_id, COUNTIF(done) / COUNT(*) AS rate "
...        "FROM enrollments GROUP BY category, course_id) "
...        "SELECT category, AVG(rate) FROM c GROUP BY category")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, dialect="bigquery"))]
[('aggregation.mismatch', 'major')]
>>> check(question_spec("average course completion rate by category", None),
...       extract_spec(sql, dialect="bigquery"))
[]
"""

from __future__ import annotations

import re

from stef_align.names import word_matches
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import MEAN_FORMS, MEAN_WORDS, RATE_MEASURES, SHARE_WORDS, any_word

#: A rate asked in words: "completion rate", "no-show %", "the share", "conversion": the share
#: words and "rates", the measures that are rates by name and "conversion".
_RATE = any_word((*SHARE_WORDS, "rates", *RATE_MEASURES, "conversion"), percent_sign=True)
#: A key that is a day, a week or a moment (``CAST(played_ts AS DATE)``, ``DATE_TRUNC('week',
#: ts)``, ``visit_dt``): named by the question only by a period word ("daily", "by week"), not
#: by the noun its column is named after ("lessons" for ``lesson_dt``).
_TEMPORAL_KEY = re.compile(r"\bas date\b|date_trunc|\b(?:date|trunc|to_date|day|week|month)\(|"
                           r"(?:_dt|_ts|_date|_at|_day|_week|_month)\b")
#: Words that name a period per which rates may be asked ("daily no-show rate").
_PERIOD_WORDS = re.compile(r"\b(?:daily|day|days|weekly|week|weeks|monthly|month|months|hourly|"
                           r"hour|hours|date|dates|weekday|weekdays|yearly|year|years)\b")
#: A mean asked in words, "typical" and "median" too: the mean of per-group rates may be what
#: is meant.
_MEAN = any_word((*MEAN_WORDS, *MEAN_FORMS, "typical", "median"))


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    found = [(text, keys) for kind, text, keys in sql.averaged_ratios[:16]
             if kind == "group ratio"]
    if not found:
        return []
    own = q.own_words.lower()
    if _RATE.search(own) is None or _MEAN.search(own):
        return []
    outer = {g.split(".")[-1] for g in sql.group_by[:32]}
    for text, keys in found:
        unnamed = [k for k in keys if k.split(".")[-1] not in outer and not (
            _PERIOD_WORDS.search(own) if _TEMPORAL_KEY.search(k)
            else any(word_matches(w, k) for w in q.words))]
        if unnamed:
            return [reason(
                "aggregation.mismatch",
                f"the question asks for a rate, but the SQL averages per-group rates ({text}, "
                f"each computed per {unnamed[0]}, which the question does not name): a group "
                f"with few rows weighs as much as one with many, so this is the unweighted "
                f"mean of rates; divide the totals of the rows asked instead (SUM(...) / "
                f"COUNT(*))",
                "major",
            )]
    return []
