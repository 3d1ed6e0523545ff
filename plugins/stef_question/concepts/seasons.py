"""Seasons: a season, school year or fiscal year the question names as one value, written as
two years ("2026/27", "2025-26", "26/27"): the data keeps it as a code in any spelling
(:func:`stef_core.values.year_span`), never as two numbers nor a division.

A first year of four digits says a year outright. Two two-digit numbers one apart say it only
beside a word that names such a period ("the 25/26 season", "school year 25-26", "fiscal
24/25", "pass holders 26/27": a pass is sold per season): without one they are as often two
ages, sizes or scores ("customers aged 25/26", "shoe sizes 10/11", "scored 89/90") or a day
of a month ("on 11/12"), which no season code answers.

>>> from stef_question.text import tokenize
>>> season_at(tokenize("by tier 26/27 season").tokens, 2)[:3]
('2026/27', '2026-27', '2627')
>>> season_at(tokenize("school year 2025-26").tokens, 2)[2], season_at(
...     tokenize("aged 5-17").tokens, 1), season_at(tokenize("3/4 of rows").tokens, 0)
('2526', None, None)
>>> season_at(tokenize("customers aged 25/26").tokens, 2), season_at(
...     tokenize("school year 25-26").tokens, 2)[2]
(None, '2526')
"""

from __future__ import annotations

from stef_core.values import year_span
from stef_question.text import Token

#: Words that name a period running across New Year, said next to its two-digit years. A pass
#: (a ski or season pass) is sold per season: "pass holders 26/27".
SEASON_WORDS = frozenset({"season", "seasons", "seasonal", "school", "academic", "fiscal",
                          "financial", "fy", "ay", "sy", "winter", "ski", "pass", "passes"})
#: How many tokens before and after the span a season word may stand ("pass holders by tier
#: 26/27": four before).
_BEFORE, _AFTER = 5, 3


def season_at(toks: tuple[Token, ...], i: int) -> tuple[str, ...] | None:
    """The spellings of the season or school year that starts at token ``i`` ("2026/27" as
    number, slash, number; "2025-26" as one range token), else None (module docstring)."""
    tok = toks[i]
    if tok.kind == "range":
        first, sep, second = tok.low.partition("-")
        end = i + 1
        if not sep:
            return None
    elif (tok.kind != "number" or i + 2 >= len(toks) or toks[i + 1].low != "/"
            or toks[i + 2].kind != "number" or toks[i + 1].start != tok.end
            or toks[i + 2].start != toks[i + 1].end):
        return None
    elif i + 3 < len(toks) and toks[i + 3].low == "/" and toks[i + 3].start == toks[i + 2].end:
        return None  # "12/13/2026": a date
    else:
        first, second, end = tok.low, toks[i + 2].low, i + 3
    span = year_span(first, second)
    if span is None or len(first) == 4:
        return span
    near = toks[max(0, i - _BEFORE):i] + toks[end:end + _AFTER]
    return span if any(t.low in SEASON_WORDS for t in near) else None
