"""A level and those above it: ``filter.operator_mismatch`` (critical) when the question asks
for a named level "or higher" ("advanced or higher divers", "gold or above members") and the
SQL keeps that one level alone (``cert_level = 'advanced'``).

"Or higher" reaches every level above the one named, which the data spells as other values
(``'master'``, ``'instructor'``) or as a rank: an equality on the named value alone leaves them
out. Only the person's own words are read (``QuestionSpec.own_words``): a reformulation that
drops the "or higher" is the mistake itself. Numbers ("3 or more") are comparisons, read
elsewhere.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("advanced or higher divers who signed up in june", None)
>>> sql = "SELECT diver_id FROM divers WHERE cert_level = 'advanced'"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.operator_mismatch', 'critical')]
>>> check(q, extract_spec("SELECT diver_id FROM divers WHERE cert_level IN ('advanced', "
...                       "'master')"))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SUBQUERY, QuestionSpec, SqlSpec
from stef_core.values import value_key

#: A level named, then "or higher" and its like: the level and every one above it.
_OR_HIGHER = re.compile(
    r"\b([a-z][a-z-]{2,})\s+or\s+(?:higher|above|better|greater|up|more\s+senior)\b")
#: Words before "or higher" that name no level: a quantity or a comparison said otherwise.
_NO_LEVEL = frozenset({"more", "less", "fewer", "one", "two", "three", "four", "five", "six",
                       "seven", "eight", "nine", "ten", "equal", "same", "level", "grade",
                       "rank", "tier", "rated", "rating", "score", "and"})


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    own = q.own_words[:2000]
    if " or " not in own:
        return []
    levels = {m.group(1) for m in _OR_HIGHER.finditer(own)} - _NO_LEVEL
    if not levels:
        return []
    if any(f.op in (">", ">=", "<", "<=") and f.value == SUBQUERY for f in sql.filters[:256]):
        return []  # level_rank >= (SELECT level_rank ... WHERE level_nm = 'advanced')
    for f in sql.filters[:256]:
        values = f.value if isinstance(f.value, tuple) else (f.value,)
        if f.column is None or f.op not in ("=", "in") or len(values) != 1 or not isinstance(
                values[0], str):
            continue
        said = value_key(values[0])
        if said in levels:
            return [reason(
                "filter.operator_mismatch",
                f"the question asks for '{said}' or higher, but the SQL keeps "
                f"{f.column} = '{values[0]}' alone: the levels above it are left out",
                "critical",
            )]
    return []
