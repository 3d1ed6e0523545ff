"""Both of two values asked, either kept: ``filter.missing`` (major) when the person asks for
the ones that have both of two kinds ("guests who've been to both the boston and providence
rooms", "riders who had both dialysis and chemo rides") and the SQL keeps the rows of either
(``city IN ('Boston', 'Providence')``, or the two values ORed) and groups them with nothing
that requires both per group: no HAVING, no grouped subquery filtered after, no EXISTS or
other subquery, no INTERSECT, no table joined to itself.

Read in the person's own words only ("both X and Y" after a verb or a relative word: the ones
that have both), where one condition of the SQL names the two values (by stem, as a word of
a code or as its abbreviation) and the query lists or counts groups (GROUP BY, or a distinct
count). A sum over both kinds ("revenue from both X and Y") has no verb before "both" that
makes it the ones that have both, and is left alone.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("guests who've been to both the boston and providence rooms", None)
>>> sql = ("SELECT g.guest_id, COUNT(*) FROM visits v JOIN guests g ON g.guest_id = v.guest_id "
...        "WHERE v.city IN ('Boston', 'Providence') GROUP BY g.guest_id")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql + " HAVING COUNT(DISTINCT v.city) = 2"))
[]
"""

from __future__ import annotations

import re

from stef_align.either_values import NOT_VALUES, keeps
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: "both X and Y" after a word that makes it the ones having both ("who've been to both",
#: "customers that bought both", "families have both", "orders got both").
_BOTH = re.compile(
    r"\b(?:who|who've|that|which|whose|have|has|had|got|get|with|used|bought|ordered|booked|"
    r"took|visited|been|exchanged|attended|received)\b[^.?;]{0,40}?\bboth\s+(?:the\s+|an?\s+)?"
    r"([a-z][a-z-]{2,})\s+and\s+(?:the\s+|an?\s+)?([a-z][a-z-]{2,})\b")
#: Most conditions looked at (bounded work).
_MAX = 32


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """The finding (module docstring), at most one."""
    own = q.own_words[:600].lower()
    if "both" not in own or not (sql.group_by or any(a.distinct for a in sql.aggregations[:16])):
        return []
    if (sql.set_operation or sql.subqueries or sql.nested_group_by or sql.having
            or any(t1 == t2 for t1, _, t2, _ in sql.join_keys[:16])):
        return []
    for m in _BOTH.finditer(own):
        first, second = m.group(1), m.group(2)
        if first in NOT_VALUES or second in NOT_VALUES:
            continue
        for f in sql.filters[:_MAX]:
            if f.excluded or f.op != "in" or not f.column or f.source != "where":
                continue
            values = [v for v in f.values[:16] if isinstance(v, str)]
            if any(keeps(first, v) for v in values) and any(keeps(second, v) for v in values):
                return [reason(
                    "filter.missing",
                    f"the question asks for those with both {first} and {second}, but the SQL "
                    f"keeps the rows of either ({f.describe()}) and nothing requires both in "
                    f"a group (HAVING COUNT(DISTINCT {f.column}) = 2, or two EXISTS)",
                    "major",
                )]
    return []
