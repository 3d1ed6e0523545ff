"""A ratio taken the wrong way round: ``aggregation.mismatch`` (major) when the question (or
its reformulation) names what is divided by what ("avg price per foot", "volume per guest",
"money collected ... divided by the balance placed") and the SQL divides by the measure asked
for: ``SUM(linear_ft) / SUM(price_usd)`` for the price per foot, feet per dollar.

Read from the division's own columns (:attr:`stef_core.spec.SqlSpec.division_sides`): the
denominator names the measure (a column part matches its word: ``price_usd`` for "price"),
while the numerator does not and the denominator names nothing of the "per" side. A division
that names the measure above (``SUM(price_usd) / SUM(linear_ft)``) or the "per" side below
(``COUNT(*) / COUNT(DISTINCT guest_id)``) anywhere in the query is the ratio asked, and a
division of constant or nameless sides (``COUNT(*) / 30``) tells nothing: both leave the rule
silent.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("avg price per foot by branch last quarter", None)
>>> sql = "SELECT branch, SUM(linear_ft) / SUM(price_usd) AS price_per_ft FROM jobs GROUP BY 1"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("SUM(linear_ft) / SUM(price_usd)",
...                                   "SUM(price_usd) / SUM(linear_ft)")))
[]
"""

from __future__ import annotations

import re

from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import stem

#: "X per Y": the two words before and the two after.
#: (words, not parts of a column's name written in the text: "gross_amt / bu_paid per ...")
_PER = re.compile(r"(?<![\w.])((?:[a-z][a-z'-]*\s+)?[a-z][a-z'-]+)\s+per\s+"
                  r"([a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?)(?![\w.])")
#: A share or a percentage, whose "per" is a breakdown of it ("% of budget per project").
_SHARE = re.compile(r"%|\b(?:percent|percentage|pct|share|proportion|fraction)\b")
#: Words that name no measure or thing of their own.
_EMPTY = frozenset({
    "avg", "average", "mean", "total", "number", "count", "the", "a", "an", "of", "on", "in",
    "for", "from", "with", "and", "or", "that", "those", "these", "each", "every", "all", "its",
    "their", "per", "by", "to", "at", "is", "are", "was", "were", "be", "sum", "amount",
    "share", "rate", "ratio", "percent", "percentage", "how", "much", "many", "what",
})
#: Short names of units in column names (``linear_ft``, ``loaded_mi``).
_UNITS = {"ft": "foot", "feet": "foot", "sqft": "foot", "mi": "mile", "hr": "hour", "hrs": "hour",
          "mins": "minute", "min": "minute", "qty": "quantity", "lb": "pound", "lbs": "pound",
          "gal": "gallon", "km": "kilometer", "kg": "kilogram", "pax": "guest"}
#: Nouns that name a ratio themselves (its base is named before them).
_RATIO_NOUNS = frozenset({"attainment", "utilization", "utilisation", "occupancy", "rate",
                          "ratio", "share", "efficiency", "yield", "conversion", "margin",
                          "coverage", "fill", "factor", "percentage", "pct", "productivity"})
#: Units of time after "per": the breakdown or the rate's period, not a thing divided by.
_TIME_UNITS = frozenset({"day", "week", "month", "quarter", "year", "hour", "minute", "night",
                         "shift", "season", "weekday", "weekend", "period", "term"})
#: Adjectives a "per" may come before its noun with.
_QUALIFIERS = frozenset({"active", "paying", "new", "returning", "unique", "distinct",
                         "completed", "available", "occupied", "billable", "open", "each"})
#: Content words taken from each side of "A divided by B": the head of each phrase.
_HEAD_WORDS = 3


def _content(text: str, most: int) -> tuple[str, ...]:
    """The first ``most`` words of ``text`` that name something (:data:`_EMPTY` left out)."""
    words = [w for w in re.findall(r"[a-z][a-z'-]+", text) if w not in _EMPTY and len(w) > 2]
    return tuple(words[:most])


def _phrases(q: QuestionSpec) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(measure words, "per" side words) of each ratio the texts name."""
    out: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    texts = [q.own_words[:600], (q.restated_words or "")[:600]]
    for text in texts:
        if " per " not in text or _SHARE.search(text):
            continue  # ("approved change orders as % of budget per project": a breakdown)
        for m in _PER.finditer(text):
            # ("paint materials per paint hour by shop": materials per hour, the words both
            # sides share left out, the "per" side up to a word of no content)
            measure = _content(m.group(1), 2)
            after = m.group(2).split()
            per = _content(" ".join(after[:1] if after[0] in _EMPTY else after[:2]), 2)
            shared = set(measure) & set(per)
            measure = tuple(w for w in measure if w not in shared)
            # (not "per day" / "per month": a breakdown or a rate over time, no measure to
            # put below; an adjective before the thing, "per active rider", is no thing)
            per = tuple(w for w in per if w not in shared and w not in _QUALIFIERS)
            # (a ratio's own name, "quota attainment per rep", "deck utilisation per route":
            # the words before it name its base, which the SQL rightly divides by)
            if measure and per and not set(per) & _TIME_UNITS and not set(
                    m.group(1).split()) & _RATIO_NOUNS:
                out.append((measure, per))
    restated = texts[1]
    at = restated.find(" divided by ")
    while at >= 0 and len(out) < 8:
        # "A divided by B" in one sentence: the clause right before it ("volume per guest,
        # net contract volume ... divided by" divides the net contract volume), and after it
        # up to the sentence's end
        before = restated[:at].rstrip(" ,")
        begin = max(before.rfind(c) for c in ".;:,") + 1
        end = min((i for i in (restated.find(c, at + 12) for c in ".;:") if i >= 0),
                  default=len(restated))
        top = _content(before[begin:], _HEAD_WORDS)
        bottom = _content(restated[at + 12:end], _HEAD_WORDS)
        shared = set(top) & set(bottom)
        top = tuple(w for w in top if w not in shared)
        bottom = tuple(w for w in bottom if w not in shared)
        if top and bottom:
            out.append((top, bottom))
        at = restated.find(" divided by ", at + 12)
    return out[:8]


def _names(side: str, words: tuple[str, ...]) -> bool:
    """Does a column of ``side`` (comma-separated names) have a part that is one of ``words``
    (by stem: ``guests`` ~ "guest") or is its unit's short name (``ft`` ~ "foot")? Not a part that
    only starts with it (``rider_id`` names no ride)."""
    if side == "*":
        return False
    stems = {stem(w) for w in words}
    return any(stem(p) in stems or stem(_UNITS.get(p, p)) in stems
               for c in side.split(",")[:16] for p in parts(c))


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """The finding (module docstring), at most one."""
    if not sql.division_sides:
        return []
    sides = sql.division_sides[:16]
    keys = ",".join(sql.group_by[:16])
    # ("attainment per rep" grouped by the rep: a breakdown, no ratio by its words)
    phrases = [(m, p) for m, p in _phrases(q) if not (keys and _names(keys, p))]
    if any(_names(top, m) or _names(bottom, p) for m, p in phrases for top, bottom in sides):
        return []  # a division the right way round for one reading of the texts
    for measure, per in phrases:
        for top, bottom in sides:
            if _names(bottom, measure):
                return [reason(
                    "aggregation.mismatch",
                    f"the texts ask for {' '.join(measure)} per {' '.join(per)}, but the SQL "
                    f"divides by the {' '.join(measure)} ({top.split(',')[0]} over "
                    f"{bottom.split(',')[0]}): the ratio is taken the wrong way round",
                    "major",
                )]
    return []
