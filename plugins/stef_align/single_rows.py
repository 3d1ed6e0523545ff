""""The largest single X" ranked by a total: ``aggregation.mismatch`` (major) when the
question asks for one row at its extreme ("which client made the largest single payment",
"biggest single order per family") and the SQL adds up each group's rows and shows or ranks
the totals (``SUM(p.amount) ... GROUP BY c.client_name ORDER BY total_paid DESC LIMIT 1``).

"Single" says the extreme is one payment, not a client's sum of them: a client with many
small payments outranks the one who paid the biggest cheque. Not read:

* a total per the single thing itself, which is its size (the lines of an order summed per
  ``order_id`` for "the largest single order"): a GROUP BY key that names the thing;
* a single period ("largest single-day revenue", "the biggest single month"): a day's
  revenue is a total, grouped by an expression of a date;
* a query whose ranking or shown measure is not a SUM (``MAX(amount)``, ``ORDER BY amount``).

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(text="which client made the largest single payment in 2025")
>>> sql = "SELECT c, SUM(amount) AS t FROM payments GROUP BY c ORDER BY t DESC LIMIT 1"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec("SELECT c, amount FROM payments ORDER BY amount DESC LIMIT 1"))
[]
"""

from __future__ import annotations

import re

from stef_align.names import bare, parts, word_matches
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.values import abbreviates

#: "largest single payment", "biggest single-match kill count", "the single largest order":
#: the thing that is one row.
_SINGLE = re.compile(
    r"\b(?:(?:largest|biggest|highest|greatest|costliest|heaviest|longest|most expensive|top)"
    r"\s+single|single\s+(?:largest|biggest|highest|greatest|costliest|heaviest|longest|"
    r"most expensive))[\s-]+([a-z]+)(?:[\s-]+([a-z]+))?")
#: Words after the thing that are not a second word of its name.
_NOT_NOUNS = frozenset({"last", "this", "next", "in", "of", "per", "for", "by", "ever", "so",
                        "yet", "today", "on", "at", "from", "to", "and", "or", "the", "we",
                        "made", "paid", "placed", "sold", "issued", "landed", "did", "was"})
#: A single period or occasion: its total is what is ranked.
_PERIODS = frozenset({"day", "week", "month", "year", "quarter", "hour", "shift", "night",
                      "weekend", "season", "term", "date", "minute", "session", "visit",
                      "trip", "event"})


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.group_by:
        return []  # (most queries: the question's words go unread)
    m = _SINGLE.search(q.own_words[:2000])
    if m is None:
        return []
    # the thing is the word after "single", or the next one ("single repair ticket")
    things = [w.lower() for w in m.groups() if w and w.lower() not in _NOT_NOUNS]
    asked = m.group(0).strip() if len(things) == 2 else q.own_words[m.start():m.end(1)]
    if things[0] in _PERIODS or things[0].rstrip("s") in _PERIODS:
        return []
    ranked = sql.order_by[0].aggregate if sql.order_by else None
    shown = [p.aggregate for p in sql.projections[:32] if p.aggregate]
    if ranked != "SUM" and not (not sql.order_by and shown and set(shown) == {"SUM"}):
        return []
    for key in sql.group_by[:16]:
        name = bare(key).lower()
        if "(" in key or any(word_matches(w, name) or any(
                abbreviates(p, w) for p in parts(name) if p not in ("id", "no", "cd"))
                for w in things):
            return []  # a total per the thing itself, or per an expression (a date)
    return [reason(
        "aggregation.mismatch",
        f"the question asks for the {asked} (one row at its extreme), but the "
        f"SQL "
        f"adds up each group's rows (GROUP BY {', '.join(sql.group_by[:3])}) and ranks the "
        f"totals: many small rows outrank one large one; rank the rows themselves (ORDER BY "
        f"the amount, or MAX)",
        "major",
    )]
