"""Ties cut that the question keeps: ``limit.k_mismatch`` (major) when the question asks for
every row tied at the top ("all of them if tied", "ties included", "every song if there is a
tie") and the SQL keeps k rows by LIMIT / TOP / FETCH FIRST without WITH TIES: one of the
tied rows is returned, picked arbitrarily. ``TOP 1 WITH TIES``, ``= (SELECT MAX(...))`` and a
RANK window kept at 1 keep them all (none of them is a plain LIMIT).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("most requested song this month, every song if there is a tie", None)
>>> sql = "SELECT song_id, COUNT(*) AS n FROM requests GROUP BY song_id ORDER BY n DESC LIMIT 1"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('limit.k_mismatch', 'major')]
>>> check(question_spec("most requested song this month", None), extract_spec(sql))
[]
>>> check(q, extract_spec("SELECT TOP 1 WITH TIES song_id, COUNT(*) AS n FROM requests "
...                       "GROUP BY song_id ORDER BY n DESC", dialect="tsql"))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: "all of them if tied", "every song if there is a tie", "ties included", "including ties",
#: "with ties", "keep ties", "if several tie": the rows tied at the top are all asked for.
_KEEPS_TIES = re.compile(
    r"\b(?:if|when|in case of|in case)\s+(?:there\s+(?:is|are|'s)\s+)?(?:a\s+|any\s+)?"
    r"(?:tie|ties|tied|several tie|more than one)\b"
    r"|\bties?\s+(?:included|too|as well|kept)\b|\b(?:including|include|with|keep|keeping)\s+"
    r"(?:any\s+|all\s+|the\s+)?ties\b|\ball\s+(?:the\s+)?tied\b")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if sql.limit is None or sql.with_ties or not _KEEPS_TIES.search(q.own_words[:2000]):
        return []
    return [reason(
        "limit.k_mismatch",
        f"the question asks for every row tied at the top, but the SQL keeps {sql.limit} "
        f"row{'s' if sql.limit != 1 else ''} by LIMIT without WITH TIES: a tied row is "
        f"dropped, picked arbitrarily; use WITH TIES, RANK() or = (SELECT MAX(...))",
        "major",
    )]
