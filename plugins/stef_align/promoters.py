"""A net promoter score answered by the mean score: ``aggregation.mismatch`` (major).

NPS is the share of promoters (9 or 10 on the 0-10 "would you recommend" scale) minus the
share of detractors (0 to 6), a number between -100 and 100; the average answer (7.8) is
another figure, and ranks properties differently. Read when the person asks for NPS (or a
net promoter score) without a word for a mean, and every average the SQL takes is of a plain
score or rating column (``AVG(nps_score)``) with no condition anywhere that could sort the
answers into promoters and detractors. A column that already holds an NPS (``AVG(nps)`` over
monthly NPS figures) is not a raw answer and is left alone.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("NPS by property last quarter", None)
>>> sql = "SELECT property_id, AVG(nps_score) AS nps FROM reviews GROUP BY property_id"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec("SELECT property_id, 100.0 * (COUNT_IF(nps_score >= 9) - "
...       "COUNT_IF(nps_score <= 6)) / COUNT(*) FROM reviews GROUP BY property_id",
...       dialect="snowflake"))
[]
>>> check(question_spec("average nps score by property", None), extract_spec(sql))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import MEAN_WORDS, any_word

#: "NPS", "net promoter score": the metric, not the answers' mean.
_NPS = re.compile(r"\bnps\b|\bnet\s+promoter(?:\s+score)?\b", re.IGNORECASE)
#: Words that ask for a mean ("average NPS score", "mean rating"): the mean words,
#: "averages", "averaged" and "typical", in any case.
_MEAN = any_word((*MEAN_WORDS, "averages", "averaged", "typical"), flags=re.IGNORECASE)
#: Name parts of a raw answer on the scale (``nps_score``, ``score``, ``rating``,
#: ``likelihood_to_recommend``).
_ANSWER = frozenset({"score", "scores", "rating", "ratings", "response", "answer",
                     "likelihood", "recommend", "value"})


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    # (the SQL first: most queries take no AVG, and then the question's words go unread)
    averages = [a for a in sql.aggregations[:32] if a.func == "AVG"]
    if not averages or len(averages) != len(sql.aggregations) or sql.conditions:
        return []
    asked = q.own_words[:2000]
    if not _NPS.search(asked) or _MEAN.search(asked):
        return []
    for a in averages:
        column = a.arg.split(".")[-1].lower()
        if not re.fullmatch(r"[a-z0-9_]+", column) or not (
                set(column.split("_")) & _ANSWER):
            return []
    column = averages[0].arg.split(".")[-1]
    return [reason(
        "aggregation.mismatch",
        f"the question asks for NPS but the SQL averages the answers (AVG({column})): NPS is "
        f"the % of promoters (9-10) minus the % of detractors (0-6), not the mean score",
        "major",
    )]
