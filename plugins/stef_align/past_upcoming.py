"""What is upcoming kept in the past (``filter.operator_mismatch``).

"Upcoming corporate events", "bookings coming up", "future installs": only what has not
happened yet is upcoming, so an answer that bounds the things' dates by now from above
(``event_ts < CURRENT_TIMESTAMP()``, ``install_dt <= CURRENT_DATE``) and from nowhere at or
after now keeps what already took place: the other side of now. The reading is the user's own
words (the reformulation may restate the mistake: "events whose time is before now"), and only
a bound of now itself counts (``< CURRENT_DATE + 30`` ends a window ahead, and a question
with "past", "already" or "ago" asks about both sides).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("upcoming corporate events", None)
>>> past = extract_spec("SELECT * FROM bookings WHERE event_ts < CURRENT_TIMESTAMP()")
>>> [r.code for r in check(q, past)]
['filter.operator_mismatch']
>>> check(q, extract_spec("SELECT * FROM bookings WHERE event_ts >= CURRENT_TIMESTAMP()"))
[]
>>> check(question_spec("corporate events", None), past)
[]
"""

from __future__ import annotations

from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import ANCHOR_DAY, Period, QuestionSpec, RelativeDate, Shift, SqlSpec

#: Words that say the things are still to come.
_UPCOMING = gated(r"\b(?:upcoming|coming up|forthcoming|future)\b")
#: Words that ask about what already happened too: then both sides of now are asked.
_PAST_TOO = gated(r"\b(?:past|already|ago|previous|happened|held|last|overdue|missed)\b")
#: At most this many periods are read.
_MAX = 16


def _now(bound: object) -> bool:
    """Is ``bound`` now or today (``CURRENT_TIMESTAMP``, ``CURRENT_DATE``, or the end of
    today: ``<= CURRENT_DATE`` read as before tomorrow)?"""
    if not isinstance(bound, RelativeDate):
        return False
    return bound == ANCHOR_DAY or bound.steps in ((), (Shift("day", 1),))


def _ahead(p: Period) -> bool:
    """Does ``p`` keep anything at or after now (a start of now or later, or no end)?"""
    return p.end is None or not _now(p.end)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    periods = [p for p in sql.periods[:_MAX] if not p.negated and not p.excluded]
    if not periods:
        return []
    words = q.own_words
    if _UPCOMING.search(words) is None or _PAST_TOO.search(words) is not None:
        return []
    past = [p for p in periods if p.start is None and _now(p.end) and p.source == "where"]
    if not past or any(_ahead(p) for p in periods):
        return []
    column = past[0].column or "the date"
    return [reason(
        "filter.operator_mismatch",
        f"the question asks for what is upcoming, but the SQL keeps {column} before now: "
        f"what already took place, the other side of now",
        "major",
    )]
