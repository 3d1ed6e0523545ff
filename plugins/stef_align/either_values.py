"""One of two values kept: ``filter.missing`` (major) when the person asks for rows in either of
two states or kinds ("cancelled because of weather or breakdowns", "declined or abandoned
rugs") and the SQL keeps the first by its value (``cancel_rsn = 'WEATHER'``, ``status =
'DECL'``) and nothing in it names the second: no value, column or table reads it, and the
column of the first is kept at that one value.

Read in the person's own words only, for two words joined by "or" that each could be a value
(not function words, comparatives, or words of a period), where the SQL's condition that
names one of them keeps a single value (an ``IN`` list or an OR of two values may hold the
other under a code the rule cannot read: silent). The reformulation that drops the second
word is the mistake itself.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("how many gigs got cancelled because of weather or breakdowns", None)
>>> sql = "SELECT COUNT(*) FROM gigs WHERE op_id = 5 AND cancel_rsn = 'WEATHER'"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql.replace("= 'WEATHER'", "IN ('WEATHER', 'MECH')")))
[]
>>> [r.code for r in check(q, extract_spec(sql.replace("'WEATHER'", "'BREAKDOWN'")))]
['filter.missing']
"""

from __future__ import annotations

import re

from stef_align.flipped_values import named_anywhere
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.values import abbreviates
from stef_core.words import stem

#: Two words joined by "or" ("weather or breakdowns", "declined or abandoned").
_EITHER = re.compile(r"(?<![\w-])([a-z][a-z-]{2,})\s+or\s+([a-z][a-z-]{2,})(?![\w-])")
#: Words that are no value of the rows: function words, comparatives, periods, quantities.
NOT_VALUES = frozenset({
    "more", "less", "fewer", "higher", "lower", "greater", "above", "below", "over", "under",
    "longer", "shorter", "older", "younger", "later", "earlier", "better", "worse", "not",
    "were", "was", "are", "is", "been", "have", "has", "had", "did", "does", "the", "any",
    "all", "both", "either", "neither", "and", "two", "three", "one", "day", "days", "week",
    "weeks", "month", "months", "year", "years", "today", "yesterday", "tomorrow",
    "whichever", "whatever", "else", "otherwise", "other", "others", "something", "anything",
    "per", "each", "every", "total", "sum", "average", "avg", "count", "number", "much",
    "many", "never", "ever", "vs", "versus", "without", "with",
})
#: Most conditions looked at (bounded work).
_MAX = 32


def keeps(word: str, value: str) -> bool:
    """Does a stored value spell the word: by stem ("breakdowns" / 'BREAKDOWN'), as a word of
    a compound code ('WEATHER_CXL'), or as its abbreviation ('DECL' for "declined")?"""
    w = stem(word)
    parts = [p for p in re.split(r"[^a-z0-9]+", value.lower()) if p]
    return any(stem(p) == w or (len(p) <= 4 and abbreviates(p, word)) for p in parts[:6])


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """The finding (module docstring), at most one."""
    own = q.own_words[:600].lower()
    if " or " not in own or sql.set_operation:
        return []
    for m in _EITHER.finditer(own):
        first, second = m.group(1), m.group(2)
        if first in NOT_VALUES or second in NOT_VALUES:
            continue
        for kept, other in ((first, second), (second, first)):
            conds = [f for f in sql.filters[:_MAX] if f.column and not f.excluded
                     and f.op in ("=", "in") and any(
                         isinstance(v, str) and keeps(kept, v) for v in f.values[:8])]
            if not conds or any(len(f.values) != 1 for f in conds):
                continue
            if named_anywhere(other, sql, aliases=False):
                continue
            f = conds[0]
            return [reason(
                "filter.missing",
                f"the question asks for {first} or {second}, but the SQL keeps only "
                f"{f.describe()}: nothing in it reads {other}",
                "major",
            )]
    return []
