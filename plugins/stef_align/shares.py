"""A share's whole kept in its numerator only: ``filter.missing`` (major) when the question
asks for a share of some rows ("share of repair jobs that were no-shows", "cancellation rate
of app bookings", "what percentage of deals won this year were expansions") and the SQL puts
the condition that picks those rows in the numerator alone (``COUNT(*) FILTER (WHERE status =
'no_show' AND job_type = 'repair') / COUNT(*)``): the denominator then counts every job, and
the share is of all jobs.

The whole is what the question names between "share of" (percentage, proportion, fraction,
rate, ratio, % of) and the words that say which part ("that", "which", "were", "paid by"
...). A numerator condition counts as the whole's when the words of its value (or of a flag's
column) are among the whole's words, the numerator has another condition (the part), and
neither the denominator nor the WHERE holds it. "Share of jobs that were repair no-shows"
names no repair in its whole and is left alone.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("share of repair jobs that were no-shows last month", None)
>>> sql = ("SELECT COUNT(*) FILTER (WHERE status = 'no_show' AND job_type = 'repair') * 1.0 "
...        "/ COUNT(*) FROM jobs WHERE scheduled_ts >= '2026-02-01'")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, dialect="postgres"))]
[('filter.missing', 'major')]
>>> sql = ("SELECT COUNT(*) FILTER (WHERE status = 'no_show') * 1.0 / COUNT(*) FROM jobs "
...        "WHERE job_type = 'repair' AND scheduled_ts >= '2026-02-01'")
>>> check(q, extract_spec(sql, dialect="postgres"))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import Filter, QuestionSpec, SqlSpec
from stef_core.words import stem

#: The whole of a share: the words after "share of" up to those that name the part.
_WHOLE = re.compile(
    r"\b(?:share|percentage|percent|pct|proportion|fraction|ratio|rate|%)\s+of\s+(?:the\s+|all\s+)?"
    r"(.{2,80}?)(?=\s+(?:that|which|who|whose|were|was|are|is|had|have|paid|made|came|come|"
    r"coming|ended|done|placed|by|from|with|where|in which|for which|to)\b|[,;:?()]|$)")
_WORD = re.compile(r"[a-z0-9]+")
#: Words of a flag's column that name no rows (``is_won``: won).
_FLAG_WORDS = frozenset({"is", "has", "flag", "ind", "yn", "bool"})


def _words(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text.lower()) if len(w) > 1}


def _named(f: Filter, whole: set[str]) -> bool:
    """Is the condition ``f`` said in the whole's words (every word of a one- or two-word
    value, at least one of a longer one; a flag's column words)?"""
    if f.op not in ("=", "in"):
        return False
    values = f.value if isinstance(f.value, (tuple, list, frozenset)) else (f.value,)
    if any(isinstance(v, bool) for v in values):
        if not all(v is True for v in values):
            return False
        words = _words((f.column or "").replace("_", " ")) - _FLAG_WORDS
        return bool(words) and words <= whole
    for v in values:
        if not isinstance(v, str):
            return False
        words = _words(v.replace("_", " "))
        if not words:
            return False
        hit = words & whole
        if not (hit == words or (len(words) > 2 and hit) or (len(words) == 2 and hit
                                                              and len(hit) == 1
                                                              and _closed(words - hit))):
            return False
    return True


def _closed(rest: set[str]) -> bool:
    """A stage's generic word the question leaves out ("closed" of 'Closed Won')."""
    return rest <= {"clos", "clo", "status", "stage"}


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.share_bases:
        return []
    wholes = [_words(m) for m in _WHOLE.findall(q.text[:2000].lower())]
    if not wholes:
        return []
    for text, conditions, count in sql.share_bases[:8]:
        for f in conditions:
            if count >= 2 and any(_named(f, whole) for whole in wholes):
                return [reason(
                    "filter.missing",
                    f"the question asks for a share of the rows with {f.column} = "
                    f"{f.value!r}, but only the numerator keeps them ({text}): the "
                    f"denominator counts the other rows too",
                    "major",
                )]
    return []
