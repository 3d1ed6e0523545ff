""""Blank or missing" kept as missing only: ``filter.missing`` (major).

"Customers with a blank or missing county" answered with ``county IS NULL``: a county stored
as an empty string ('') is blank, and the SQL leaves those customers out. "Blank", "empty"
said beside "missing" or "null" asks for both spellings of no value (``county IS NULL OR
TRIM(county) = ''``, ``COALESCE(county, '') = ''``, ``NULLIF(TRIM(county), '') IS NULL``).
Read where the person's own words say both and the SQL tests a column for NULL with no empty
string (and no 0 a length could be compared with) anywhere.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("customers with a blank or missing county", None)
>>> sql = "SELECT customer_id FROM customers WHERE company_id = 7 AND county IS NULL"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql.replace("county IS NULL", "(county IS NULL OR county = '')")))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.values import value_key

#: Both spellings of no value asked: "blank or missing", "null or empty", "missing/blank".
_BOTH = re.compile(r"\b(?:blank|empty)\s*(?:or|/|and)\s*(?:missing|null|absent|unset)\b|"
                   r"\b(?:missing|null|absent|unset)\s*(?:or|/|and)\s*(?:blank|empty)\b")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if _BOTH.search(q.own_words) is None:
        return []
    nulls = [f for f in sql.filters[:128] if f.op == "is null" and f.column and not f.excluded]
    if not nulls:
        return []
    said = {value_key(v) for v in sql.literals[:256]}
    if "" in said or "0" in said:
        return []  # an empty string, or a length compared with 0, is tested somewhere
    return [reason(
        "filter.missing",
        f"the question asks for blank or missing values, but the SQL keeps {nulls[0].column} "
        f"IS NULL only: a value stored as an empty string ('') is blank too and is left out",
        "major")]
