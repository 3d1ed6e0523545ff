"""A share taken the wrong way up: ``aggregation.mismatch`` (major).

"Scrap rate by asset type" answered with ``100.0 * COUNT(*) / COUNT(*) FILTER (WHERE grade =
'X')``: every asset over the scrapped ones, the whole over its part, above 100 % whenever
anything is kept. A rate, share or percentage is the part over the whole (``COUNT(*) FILTER
(WHERE grade = 'X') / COUNT(*)``). Read where the person asks a share, rate or percentage and
the SQL divides an unconditioned count or total by the same count or total under a condition
(``SqlSpec.inverted_shares``).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("scrap rate by asset type last month", None)
>>> sql = ("SELECT asset_type, 100.0 * COUNT(*) / COUNT(*) FILTER (WHERE grade = 'X') "
...        "FROM assets GROUP BY asset_type")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("COUNT(*) / COUNT(*) FILTER (WHERE grade = 'X')",
...                                   "COUNT(*) FILTER (WHERE grade = 'X') / COUNT(*)")))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import SHARE_WORDS, any_word

#: A share asked: the share words, "rate", "%" (not "ratio": "the ratio of orders to
#: returns" may ask the whole over a part).
_SHARE = any_word((*(w for w in SHARE_WORDS if w != "ratio"), "rates"), percent_sign=True)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.inverted_shares or _SHARE.search(q.own_words) is None:
        return []
    return [reason(
        "aggregation.mismatch",
        f"the question asks for a share, but the SQL divides the whole by its part "
        f"({sql.inverted_shares[0]}): a share is the part over the whole, at most 100 %",
        "major")]
