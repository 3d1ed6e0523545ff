"""Neither X nor Y: ``filter.operator_mismatch`` (critical) when the question asks for rows
that lack both and the SQL keeps the rows that lack either (``NOT EXISTS (contacts) OR NOT
EXISTS (activities)``, ``a IS NULL OR b IS NULL``).

"Prospects with neither a contact nor any logged activity" are those with no contact *and* no
activity; an OR of the two absences also counts the prospects that have one of them. Only the
person's own words are read (``QuestionSpec.text`` is "question . reformulation": an agent's
reformulation that rewrites "neither ... nor" as "no X or no Y" is the mistake itself).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("How many accounts have neither a contact nor any activity?", None)
>>> sql = ("SELECT COUNT(*) FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM contacts c WHERE "
...        "c.account_id = a.id) OR NOT EXISTS (SELECT 1 FROM activities x WHERE "
...        "x.account_id = a.id)")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.operator_mismatch', 'critical')]
>>> check(q, extract_spec(sql.replace(" OR ", " AND ")))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

_NEITHER = re.compile(r"\bneither\b.{1,120}?\bnor\b")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.negated_alternatives:
        return []
    m = _NEITHER.search(q.own_words[:2000])
    if m is None:
        return []
    return [reason(
        "filter.operator_mismatch",
        f"the question asks for rows with '{m.group(0)}' (both absent), but the SQL keeps "
        f"the rows that lack either one ({sql.negated_alternatives[0]}): AND, not OR",
        "critical",
    )]
