"""A share's period kept in its numerator only: ``filter.missing`` (major).

"Photo quote conversion rate last month" answered with ``COUNT(*) FILTER (WHERE status =
'BOOKED' AND requested_at >= '2025-09-01' AND requested_at < '2025-10-01') / COUNT(*)`` and
no period in the WHERE: the booked estimates of September over every estimate ever made. The
period the question asks belongs to the whole as much as to the part. Read where the person
asks a share or rate for a period, and the SQL's dates on a column appear only in the
numerator's condition (``SqlSpec.share_bases``), never as a condition of the rows.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("photo quote conversion rate last month", None)
>>> sql = ("SELECT COUNT(*) FILTER (WHERE status = 'BOOKED' AND requested_at >= '2025-09-01' "
...        "AND requested_at < '2025-10-01') * 100.0 / COUNT(*) FROM estimates WHERE t = 1")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql.replace("WHERE t = 1", "WHERE t = 1 AND requested_at >= "
...                                   "'2025-09-01' AND requested_at < '2025-10-01'")))
[]
"""

from __future__ import annotations

import re

from stef_align.names import bare
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import SHARE_WORDS, any_word

_SHARE = any_word((*SHARE_WORDS, "rates"), percent_sign=True)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _column(name: str) -> str:
    return bare(name).lower()


#: Rates whose whole is a population at the period's start, its part the events in the
#: period ("churn rate last month": cancelled in September over active on September 1).
_POPULATION_RATES = re.compile(r"\b(?:churn|attrition|retention|retained|turnover|lapse|renewal)")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if (not sql.share_bases or not q.periods or _SHARE.search(q.own_words) is None
            or _POPULATION_RATES.search(q.text) or sql.periods):
        return []
    kept = {_column(f.column) for f in sql.filters[:256]
            if f.column and f.source == "where" and f.op in (">", ">=", "<", "<=", "between")}
    kept |= {_column(p.column) for p in sql.periods[:32] if p.column}
    for text, found, _ in sql.share_bases[:4]:
        dated = [f for f in found if f.column and f.op in (">", ">=", "<", "<=")
                 and isinstance(f.value, str) and _DATE.match(f.value)]
        # (a whole that bounds the column its own way, "countIf(end_dt IS NULL OR end_dt >=
        # ...)" for a churn rate's members at the start, keeps a period of its own)
        whole = text.split("/", 1)[1].lower() if "/" in text else ""
        if dated and not _DATE.search(whole) and not any(
                _column(f.column or "") in kept or _column(f.column or "") in whole
                for f in dated):
            return [reason(
                "filter.missing",
                f"the question asks for a share in a period, but the SQL bounds "
                f"{dated[0].column} in the numerator only ({text}): the whole counts every "
                f"period; bound the rows in the WHERE", "major")]
    return []
