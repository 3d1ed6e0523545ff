"""Superlatives and top-k: which way the question ranks, and how many rows it keeps.

"the 10 most recent orders" ranks descending and keeps 10; "which region has the fewest
stores" ranks ascending and keeps one row (a singular superlative); "the three cheapest
products" keeps 3; "the second highest salary" keeps one row, the one at rank 2 (``rank``).
"oldest" and "youngest" rank by age: descending by an age, ascending by a birth or start date.

The SQL counterpart is ``ORDER BY ... [DESC] LIMIT k`` (or TOP / FETCH FIRST), ``MAX`` /
``MIN``, a ranking window, or a nested ``ORDER BY ... LIMIT``.

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> def sup(q):
...     s, _ = read(tokenize(q), lexicon(), frozenset())
...     return s.direction, s.k, s.singular
>>> sup("Show the 10 most recent orders.")
('desc', 10, False)
>>> sup("Which region has the fewest stores?")
('asc', 1, True)
>>> sup("Which regions have the fewest stores?")
('asc', None, False)
>>> sup("List the top three customers by revenue")
('desc', 3, False)
>>> sup("Who is the youngest player?")  # the smallest age (the latest birth date)
('asc', 1, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from stef_question.concepts.comparatives import number_at
from stef_question.lexicon import Lexicon
from stef_question.text import Text

#: Words that may stand between k and its superlative ("5 agents who closed the most").
MAX_SPREAD = 5
_EST = re.compile(r"^[a-z]{3,}est$")
_NOT_EST = frozenset({"best", "worst", "least", "rest", "interest", "interests", "test", "tests",
                      "request", "requests", "forest", "guest", "guests", "west", "east", "nest",
                      "honest", "modest", "contest", "protest", "suggest", "latest", "earliest",
                      "invest", "manifest", "harvest", "chest", "quest", "digest", "arrest"})
#: direction meaning -> (direction, the column kind that reverses it, whether only the column
#: can tell): "oldest" is the largest age but the earliest birth date.
_KINDS = {"old": ("desc", "date", True), "young": ("asc", "date", True),
          "long": ("desc", "date", False), "short": ("asc", "date", False),
          "slow": ("desc", "speed", False), "fast": ("asc", "speed", False),
          "best": ("desc", "rank", False), "worst": ("asc", "rank", False)}
_LISTERS = frozenset({"list", "show", "give", "name", "find", "return", "display", "provide",
                      "select", "get", "fetch", "retrieve", "mention", "state"})
_SINGULAR_VERBS = frozenset({"is", "was", "has", "had", "does", "did"})
_PLURAL_VERBS = frozenset({"are", "were", "have", "do"})
#: Nouns spelled the same in the singular and the plural.
_SAME_PLURAL = frozenset({"species", "series", "aircraft", "sheep", "deer", "fish", "moose",
                          "offspring", "headquarters", "spacecraft", "salmon", "trout"})
_ASKERS = frozenset({"which", "what", "who", "whose", "list", "show", "give", "find", "name",
                     "display", "return", "provide", "identify", "tell", "state", "indicate"})


@dataclass(frozen=True, slots=True)
class Superlative:
    """``direction`` asc/desc (None when the words disagree or do not say), ``k`` rows kept,
    ``singular`` when k = 1 comes from a singular superlative; ``by_age`` when only the
    column can tell the direction (oldest, youngest), ``flip_on`` the kind of column that
    reverses it ("the longest wait" is the earliest start date)."""

    direction: str | None = None
    k: int | None = None
    singular: bool = False
    by_age: bool = False
    present: bool = False
    spans: tuple[tuple[int, int], ...] = ()
    flip_on: str = ""  # date, speed or rank: the column kind that reverses the direction
    rank: int | None = None  # "the second highest": the one row at rank 2


#: Words placing a period in time ("the latest March", "the last full quarter", "the first
#: half"): with a calendar word after them they name a date, not a ranking of rows.
_RECENCY = frozenset({"latest", "most recent", "newest", "last", "first", "earliest"})
_PERIOD_WORDS = frozenset({
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
    "sept", "oct", "nov", "dec", "q1", "q2", "q3", "q4", "h1", "h2", "quarter", "qtr", "month",
    "week", "year", "half", "day", "weekend", "period", "season", "semester", "fortnight",
    # a school's or a season's ("the most recent summer session", "the latest fall term")
    "spring", "summer", "autumn", "winter", "term", "trimester"})
_PERIOD_MODIFIERS = frozenset({"full", "complete", "completed", "closed", "whole", "calendar",
                               "fiscal", "entire", "finished", "academic", "school"})


#: Words before "peak hour" / "peak day" that make it a time the rows fall in, not the one
#: ranked first ("calls at peak hour", "staffing during peak day").
_AT_PEAK = frozenset({"at", "during", "in", "on", "outside", "over"})


def _names_period(words: tuple[str, ...], end: int, plural: bool = False) -> bool:
    """Does a calendar word follow ``end`` ("the latest March", "the most recent full
    quarter"; with ``plural``, "months" and "weeks" too), a few modifiers aside?"""
    j = end
    while j < len(words) and words[j] in _PERIOD_MODIFIERS:
        j += 1
    return j < len(words) and (words[j] in _PERIOD_WORDS or (
        plural and words[j].endswith("s") and words[j][:-1] in _PERIOD_WORDS))


_SPREAD_STOP = frozenset({"whose", "where", "when", "is", "are", "was", "were", "in", "of",
                          "and", "or", "than", "from", "to", "on", "at", "for"})
_BE = frozenset({"is", "are", "was", "were", "equals", "="})


def _describes(text: Text, lex: Lexicon, end: int) -> bool:
    """Is the superlative at ``end`` part of a name compared with a value ("the lowest grade
    is 9", "highest grade = 12")?"""
    toks = text.tokens
    for j in range(end, min(end + 4, len(toks) - 1)):
        if toks[j].low in _BE:
            nxt = toks[j + 1]
            return nxt.kind in ("number", "quoted") or number_at(nxt, lex) is not None
        if toks[j].kind != "word":
            return False
    return False


#: Calendar units a number measures a span in when the unit follows it in the singular.
_SPAN_UNITS = frozenset({"minute", "hour", "day", "night", "week", "month", "quarter", "year",
                         "yr", "mo", "wk"})


def _span(text: Text, i: int) -> bool:
    """Is the number at token ``i`` the length of a span ("highest 12 month retention",
    "largest 90-day spend", "the 3 month period with the most ..."): a number followed by a
    calendar unit in the singular measures a window, it counts no rows. ("the 3 months with
    the most sales" counts months: the plural is left to the ranking.)"""
    toks = text.tokens
    j = i + 1
    if j < len(toks) and toks[j].low == "-":
        j += 1
    # (and "3rd party leads", "first-party data": an ordinal of a compound word, no rank)
    return j < len(toks) and toks[j].kind == "word" and (
        toks[j].low in _SPAN_UNITS or toks[j].low in ("party", "parties"))


def _plural(word: str) -> bool:
    return (len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "ics"))) \
        or word in ("people", "children", "men", "women", "staff", "data")


def _asks_one(text: Text, sup_start: int) -> bool:
    """Does the question ask for one thing ("which region has", "the most expensive product",
    "who is") rather than several ("which regions have", "list the most expensive
    products")?"""
    words = text.words
    if words[sup_start + 1:sup_start + 2] and words[sup_start + 1] in _SHARE_NOUNS and (
            words[sup_start + 2:sup_start + 3] in ((), ("of",), ("by",), ("in",), (",",))):
        # "the top quartile of growers": a share of the rows, several ("the most third
        # party leads" is no share)
        return False
    # "members who came most often", "growers with the biggest deliveries": the subject the
    # question opens with is plural, whatever follows the superlative
    j = 1 if words[:1] in (("the",), ("all",)) else 0
    if j + 1 < sup_start and text.tokens[j].kind == "word" and _plural(words[j]) and (
            words[j + 1] in ("who", "that", "which", "whose", "with")):
        return False
    for i, w in enumerate(words[:sup_start]):
        if w in ("which", "what") and i + 1 < sup_start:
            nxt = words[i + 1]
            if nxt in _SINGULAR_VERBS:
                return True  # "what is the highest ..."
            if nxt in _PLURAL_VERBS:
                return False
            if nxt in _SAME_PLURAL:
                # "which species brought in the most": one species unless the verb says
                # several ("which species have the most ...")
                return words[i + 2:i + 3] != () and words[i + 2] not in _PLURAL_VERBS
            if text.tokens[i + 1].kind == "word":
                return not _plural(nxt)  # "which region ..." / "which regions ..."
        if w == "who":
            return words[i + 1 : i + 2] not in (("are",), ("were",))
    # (the head noun may follow a few modifiers: "oldest open streetlight requests")
    for j in range(sup_start + 1, min(sup_start + 5, len(words))):
        tok = text.tokens[j]
        if tok.kind != "word" or tok.low in ("of", "in", "for", "with", "by", "on", "and"):
            break
        if _plural(tok.low):
            return False  # "the most expensive products", "the best finishes"
    for i, w in enumerate(words[:sup_start]):
        if w in _LISTERS:
            j = i + 1
            while j < sup_start and words[j] in ("the", "all", "me"):
                j += 1
            if j < sup_start and text.tokens[j].kind == "word":
                return not _plural(words[j])  # "list the customers with the highest ..."
    return True


def _ordinal(text: Text, lex: Lexicon, i: int) -> int | None:
    """The rank an ordinal at token ``i`` names ("2nd", "third"), else None."""
    tok = text.tokens[i]
    if tok.kind == "number" and text.raw[tok.start:tok.end].lower().endswith(
            ("st", "nd", "rd", "th")):
        return int(tok.low) if tok.low.isdigit() else None
    word = lex.get("ordinal", tok.low) if tok.kind == "word" else None
    return int(word) if word else None


#: Shares of the rows a ranking keeps ("the top quartile", "the bottom third").
_SHARE_NOUNS = frozenset({"quartile", "quintile", "decile", "percentile", "tercile", "half",
                          "third", "quarter", "fifth", "tenth", "quartiles", "deciles",
                          "percentiles"})
#: Words that make the number after "top" a share of the rows ("top 10 percent").
_PERCENT_WORDS = frozenset({"%", "percent", "pct"})
#: Words that say whose rows "first" or "last" ranks ("their first order").
_OWNERS = frozenset({"their", "its", "his", "her", "our", "my", "your"})
#: The words of a date: "first job date" asks for the date the first job has.
_DATE_WORDS = frozenset({"date", "dates", "day", "timestamp"})


def _when_last(words: tuple[str, ...], at: int) -> bool:
    """Is the "last" (or "first") at ``at`` the adverb of a "when" question ("when did each
    rep last sign a contract", "when was each machine last serviced"): the latest (earliest)
    time of the thing, a ranking of its times?

    >>> _when_last(tuple("when did each rep last sign a contract".split()), 4)
    True
    >>> _when_last(tuple("approved first in 1993".split()), 1)
    False
    """
    return (at >= 2 and words[0] == "when" and words[1] in _WHEN_VERBS
            and at + 1 < len(words) and words[at + 1] not in ("time", "week", "month", "year"))


#: Auxiliaries a "when" question opens with ("when did", "when was", "when were").
_WHEN_VERBS = frozenset({"did", "was", "were", "has", "have", "had", "is", "are", "do",
                         "does"})


def _owned_first(words: tuple[str, ...], start: int, end: int) -> bool:
    """Is "first" / "last" at ``start`` one thing's first or last row: after a possessive
    ("each customer's first order date", "their last visit date") or opening the question
    ("first job date for each customer"), and asking its date? Then it ranks the rows by
    time (MIN / MAX of the date), as "earliest" does.

    >>> _owned_first(("each", "customer's", "first", "order", "date"), 2, 3)
    True
    >>> _owned_first(("first", "job", "date", "for", "each", "customer"), 0, 1)
    True
    >>> _owned_first(("first", "class", "passengers"), 0, 1)
    False
    """
    before = words[start - 1] if start else ""
    owned = start == 0 or before.endswith(("'s", "\u2019s")) or before in _OWNERS
    # (without its date, "their first purchase in May" may ask for first-time buyers)
    return owned and not _DATE_WORDS.isdisjoint(words[end:end + 3])


#: Words before "to the highest": a comparison with the extreme, no ranking ("close to the
#: highest price", "compared to the most recent").
_BEFORE_TO = (["close"], ["closest"], ["next"], ["compared"], ["relative"], ["up"], ["equal"],
              ["similar"], ["nearest"], ["set"], ["rounded"], ["due"])


def read(text: Text, lex: Lexicon, claimed: frozenset[int]) -> tuple[Superlative, frozenset[int]]:
    """The question's superlative (if any) and the tokens its k claims."""
    words = text.words
    n = len(words)
    k: int | None = None
    rank: int | None = None  # "the second highest": the row at rank 2
    k_dir: str | None = None
    taken: set[int] = set()
    # "top 3", "first five", "bottom 10"
    topk = lex.starts("topk")
    for i in range(n) if not topk.keys().isdisjoint(words) else ():
        if i in claimed or words[i] not in topk:  # (no phrase opens there: lex.at says None)
            continue
        m = lex.at("topk", words, i)
        if m is None or m.end >= n or m.end in claimed:
            continue
        value = number_at(text.tokens[m.end], lex)
        if value is not None and float(value).is_integer() and 1000 < value <= 10**7 and not (
                1800 <= value <= 2100):
            # "the first 60,000 customers": a cut-off of the data, not a ranking to check
            taken.update(range(i, m.end + 1))
            continue
        if value is not None and words[i] in _RECENCY and _names_period(
                words, m.end + 1, plural=True):
            # "the last 4 full weeks", "the last six complete months": a period, no ranking
            taken.update(range(i, m.end + 1))
            continue
        if value is not None and _span(text, m.end):
            # "top 12 month revenue": the number measures a window; it stays claimed here
            # (no condition of the question's either), and no k is read
            taken.add(m.end)
            continue
        if value is not None and (text.tokens[m.end].low.endswith("%") or (
                m.end + 1 < n and words[m.end + 1] in _PERCENT_WORDS)):
            # "top 10% of customers by spend": a share of the rows, no count of them (a
            # window, NTILE or PERCENT_RANK keeps it; no k to hold the LIMIT to)
            taken.update(range(i, m.end + 1))
            continue
        if value is not None and float(value).is_integer() and 0 < value <= 1000:
            k, k_dir = int(value), m.meaning  # "top 3", "the first five"
            taken.update(range(i, m.end + 1))
            break
    # Directions (the lexicon claims "at least", "first name" ... as "none").
    directions: list[tuple[int, int, str]] = []
    skip = claimed | frozenset(taken)
    # "highest-grossing", "best-selling", "top-rated": the ranking word leads the compound
    cues = tuple(w.split("-")[0] if "-" in w and w[:1].isalpha() else w for w in words) \
        if "-" in "".join(words) else words
    for m in lex.find("direction", cues, skip):
        if m.phrase in ("first", "last") and (m.start == 0 or words[m.start - 1] != "the") and (
                not _owned_first(words, m.start, m.end)) and not _when_last(words, m.start):
            continue  # "approved first in 1993": an adverb; "the first client" ranks
        if m.phrase in ("first", "last") and words[m.end:m.end + 1] in (("and",), ("or",), (",",)):
            continue  # "the first and second line": ordinals, not a ranking
        back = [w for w in words[max(0, m.start - 2):m.start] if w != "the"]
        wider = [w for w in words[max(0, m.start - 3):m.start] if w != "the"]
        if back[-1:] == ["from"] or (back[-1:] == ["to"] and (
                "from" in words[:m.start] or wider[-2:-1] in _BEFORE_TO)):
            # "ordered from the oldest to the youngest": an order, not a ranking ("who
            # responded to the most entrapments" ranks)
            continue
        if _describes(text, lex, m.end):
            continue  # "whose lowest grade is 9": a column named by the word, not a ranking
        if m.phrase.startswith("peak ") and back and back[-1] in _AT_PEAK:
            continue  # "wait times at peak hour", "during peak day": a condition, no ranking
        if m.phrase in _RECENCY and _names_period(words, m.end):
            continue  # "the latest March", "the most recent full quarter": a date, no ranking
        directions.append((m.start, m.end, m.meaning))
    if not directions:
        for i, w in enumerate(words):
            # "the hardest", "the closest": an -est adjective after "the" ranks, direction unsaid
            if i not in skip and i > 0 and words[i - 1] == "the" and _EST.match(w) \
                    and w not in _NOT_EST and lex.at("direction", words, i) is None \
                    and not _describes(text, lex, i + 1):
                directions.append((i, i + 1, "any"))
                break
    # "the lowest three", "the highest 5": k right after the superlative
    if k is None and directions:
        s_end = directions[0][1]
        if s_end < n and s_end not in claimed:
            value = number_at(text.tokens[s_end], lex)
            if value is not None and _span(text, s_end):
                taken.add(s_end)  # "the largest 90-day spend": a window, claimed, no k
            elif value is not None and float(value).is_integer() and 1 < value <= 100:
                k = int(value)
                taken.add(s_end)
    # "5 most", "the three largest", "10 agents who closed the most"
    if k is None and directions:
        first = directions[0][0]
        for i in range(max(0, first - MAX_SPREAD - 1), first):
            if i in claimed:
                continue
            tok = text.tokens[i]
            ordinal = _ordinal(text, lex, i)
            value = ordinal if ordinal is not None else number_at(tok, lex)
            if value is None or not float(value).is_integer() or not 1 < value <= (
                    10**6 if ordinal is not None else 100):
                continue
            if _span(text, i):
                taken.add(i)  # "the 3 month period with the highest": a window, no k
                continue
            between = text.tokens[i + 1 : first]
            if any(t.kind != "word" or t.low in _SPREAD_STOP for t in between):
                continue
            if i > 0 and text.tokens[i - 1].cap and not text.tokens[i - 1].sentence_start:
                continue  # "Lunch Provision 2 whose lowest": the number is part of a name
            # "the 2nd most popular", "the third largest": the one row at that rank
            k = 1 if ordinal is not None else int(value)
            rank = int(value) if ordinal is not None else None
            taken.add(i)
            break
    if k is None and directions:
        # "The 10 bulletin faces in service with the lowest weekly rate": the count the
        # sentence opens with, before its plural noun, is the k of the ranking that follows
        j = 1 if words[:1] == ("the",) else 0
        value = number_at(text.tokens[j], lex) if j < n and j not in claimed else None
        if (value is not None and float(value).is_integer() and 1 < value <= 100
                and j < directions[0][0] and not _span(text, j)
                and any(text.tokens[h].kind == "word" and _plural(words[h])
                        for h in range(j + 1, min(j + 4, directions[0][0])))):
            k = int(value)
            taken.add(j)
    if not directions and k is None:
        # "List 5 github addresses", "Name any three comedies": k rows, in no order
        for i in range(min(n - 1, 6)):
            if words[i] in _LISTERS and i + 1 < n:
                j = i + 1
                while j < n and words[j] in ("down", "out", "me", "any", "some", "the", "only"):
                    j += 1
                value = number_at(text.tokens[j], lex) if j < n and j not in claimed else None
                if (value is not None and float(value).is_integer() and 0 < value <= 100
                        and j + 1 < n and text.tokens[j + 1].kind == "word"):
                    taken.add(j)
                    return Superlative(None, int(value), False, False, True), frozenset(taken)
        return Superlative(), frozenset(taken)
    meanings = {d for _, _, d in directions} - {"any"}
    if k_dir in ("asc", "desc") and not meanings:
        meanings = {k_dir}
    kinds = {_KINDS.get(d, (d, "", False)) for d in meanings}
    direction: str | None = None
    flip_on = ""
    by_age = False
    if len(kinds) == 1:
        direction, flip_on, by_age = kinds.pop()
    singular = False
    if k == 1 and any(_ordinal(text, lex, i) is not None for i in taken):
        singular = True
    elif k is None and directions and (
            words[directions[0][1]:directions[0][1] + 1] == ("first",)
            or words[directions[0][1]:directions[0][1] + 2] in (("one", "first"),
                                                                ("ones", "first"))):
        # "reject rate by supplier, worst first", "list the most recent one first": an order
        # of every row, no top-1
        pass
    elif k is None and directions and _asks_one(text, directions[0][1] - 1):
        k, singular = 1, True
    spans = tuple((s, e) for s, e, _ in directions)
    return (
        Superlative(direction, k, singular, by_age, True, spans, flip_on, rank),
        frozenset(taken),
    )
