"""Aggregates: "how many" is COUNT, "total" SUM, "average" AVG, "maximum" / "minimum" MAX /
MIN, "different" / "distinct" / "unique" de-duplicate, "percentage" / "ratio" / "share" divide.

A cue is *strong* when it states what the answer is ("How many ...", "What is the average
...", "the percentage of ..."), *weak* when it may only describe a stored column or a ranking
("the highest number of students", "the total price of each item"): a strong aggregate the SQL
does not compute is a finding on its own, a weak one lowers confidence. "different" is also
weak ("the different template codes" often means all of them) while "distinct" / "unique" and
"how many different" are not.

The SQL counterpart is the aggregate function (anywhere: outer query, CTE, subquery, window),
``COUNT(DISTINCT ...)`` / ``SELECT DISTINCT`` / ``GROUP BY`` for distinct, and a division (or
the AVG of a 0/1 flag) for a ratio.

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> def agg(q):
...     a = read(tokenize(q), lexicon(), frozenset())[0]
...     return a.strong, a.weak, a.distinct, a.distinct_count, a.ratio
>>> agg("How many different cities do our suppliers operate in?")
(('COUNT',), ('DISTINCT',), True, True, False)
>>> agg("Which school has the highest number of students?")
((), ('COUNT',), False, False, False)
>>> agg("What percentage of orders were returned?")
((), (), False, False, True)
>>> agg("What is the average total price of the transactions?")
(('AVG',), ('SUM',), False, False, False)
>>> agg("unique listeners this month")
((), (), True, True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from stef_core.words import state_before
from stef_question.lexicon import Lexicon
from stef_question.text import Text

#: A cue within this many tokens of the start states what the answer is.
HEAD_TOKENS = 6
_HEAD_SKIP = frozenset({"what", "what's", "whats", "is", "are", "was", "were", "the", "give",
                        "show", "find", "list", "calculate", "compute", "tell", "me", "return",
                        "provide", "state", "indicate", "get", "display", "count", "please",
                        "and", "of", "all", "in"})


#: "number of" and its written short forms ("the no. of districts"), as the lexicon joins them.
_NUMBER_OF = frozenset({"number of", "numbers of", "no . of", "nos . of", "# of"})


_SKIP_COUNTED = frozenset({"the", "of", "different", "distinct", "unique", "total", "all",
                           "times", "in"})


def _valued(text: Text, end: int) -> bool:
    """Is the noun after an aggregate cue given a value ("an average earnings of 2", "a
    total score = 90"): at most two words, then "of" / "=" / "is", then a number?"""
    toks = text.tokens
    for j in range(end, min(end + 3, len(toks) - 1)):
        if toks[j].low in ("of", "=", "is", "equal") and toks[j + 1].kind == "number":
            return j > end  # "average of 5 numbers" is no stored value
        if toks[j].kind != "word":
            return False
    return False


@dataclass(frozen=True, slots=True)
class Aggregates:
    """Aggregate functions asked (strong, weak), distinct, and ratio."""

    strong: tuple[str, ...] = ()
    weak: tuple[str, ...] = ()
    distinct: bool = False
    distinct_count: bool = False
    ratio: bool = False
    spans: tuple[tuple[int, int, str], ...] = ()  # (start, end, function) of every cue
    weak_ratio: bool = False  # a ratio word that may name a stored rate
    counted: tuple[str, ...] = ()  # the nouns counted: "how many stars" -> stars


#: "how much did we collect / make / spend ...": the money taken or paid, a total, unless
#: an average or a rate is asked beside it.
_HOW_MUCH_MONEY = re.compile(
    r"\bhow much\b(?:\s+(?:money|cash|revenue|\$))?\s+(?:did|do|does|have|has|had|will|was|were)"
    r"\s+(?:[\w'-]+\s+){0,3}?(?:collect|make|made|earn|earned|spend|spent|pay|paid|bill|billed"
    r"|charge|charged|bring|brought|take|took|raise|raised|receive|received|refund|refunded"
    r"|lose|lost|owe|owed|sell|sold|invoice|invoiced|gross|grossed|generate|generated)\b"
    r"(?!.*\b(?:average|avg|mean|median|per|each|typical|typically|usually)\b)")


def _compared(text: Text, lex: Lexicon, end: int) -> bool:
    """Is the aggregate phrase ending at ``end`` compared with a number within a few words?"""
    for j in range(end, min(end + 4, len(text.tokens))):
        if lex.at("comparative", text.words, j) is not None:
            return True
        if text.tokens[j].kind != "word":
            return False
    return False


#: Plural agent nouns: people or things that act ("skaters", "members", "visitors").
_AGENT_ENDINGS = ("ers", "ors", "ists", "ians")


def _things_after(text: Text, lex: Lexicon, j: int) -> bool:
    """Does "total" at ``j - 1`` total things, not an amount: "total skaters today", "total
    bookings" (a counted noun, or a plural agent noun that is no unit: "total liters" is an
    amount)? Such a total is a count (of rows, or of a stored count), which the agent may
    answer either way."""
    words = text.words
    if j >= len(words) or text.tokens[j].kind != "word":
        return False
    w = words[j]
    if lex.has("metric", w) or lex.has("unit", w) or lex.has("unit", w.rstrip("s")) or (
            j + 1 < len(words) and words[j + 1] in ("of", "amount", "value", "cost")):
        return False
    return lex.has("counted_noun", w) or (len(w) > 5 and w.endswith(_AGENT_ENDINGS))


def _in_head(words: tuple[str, ...], i: int) -> bool:
    """Is token ``i`` at the head of its clause ("What is the total ...", "Count the ...")?"""
    j = i - 1
    while j >= 0 and i - j <= HEAD_TOKENS:
        w = words[j]
        if w in (",", ".", "?", ";", ":"):
            return True
        if w not in _HEAD_SKIP:
            return False
        j -= 1
    return j < 0 or i - j <= HEAD_TOKENS


def _compound(text: Text, lex: Lexicon, i: int) -> bool:
    """Is the "number" at token ``i`` part of a noun ("flight numbers of flights", "the phone
    number of a customer") rather than a count ("the number of", "a large number of", "the
    highest number of")? It is when the word before it is a content word: not a determiner,
    quantity or ranking word (``count_modifier``, ``direction``, ``aggregate`` and the stop
    words of ``stop_proper`` in the lexicon)."""
    if i == 0:
        return False
    before = text.tokens[i - 1]
    if before.kind != "word":
        return False  # "3 numbers of", "(number of": no noun before it
    w = before.low
    return not any(lex.get(concept, w) for concept in
                   ("count_modifier", "direction", "aggregate", "stop_proper"))


#: Words after the verb "counts" that open what a definition takes in ("revenue counts only
#: paid orders", "a no-show counts as a visit").
_COUNTS_TAKES = frozenset({"only", "as", "every", "all", "both", "each", "any", "just",
                           "toward", "towards"})


def _counts_as_verb(text: Text, i: int) -> bool:
    """Is the "counts" at token ``i`` the verb of a definition ("revenue counts BOARDED and
    NO_SHOW bookings", "revenue counts only paid orders"): a noun before it, and after it a
    code in capitals or a word that opens what it takes in? Not "the counts of", "daily
    counts per store", "ticket counts by show", which ask for counts.

    >>> from stef_question.text import tokenize
    >>> t = tokenize("revenue counts BOARDED and NO_SHOW bookings")
    >>> _counts_as_verb(t, 1), _counts_as_verb(tokenize("ticket counts by show"), 1)
    (True, False)
    >>> _counts_as_verb(tokenize("show counts of ORDERS"), 1)
    False
    """
    toks = text.tokens
    if i == 0 or i + 1 >= len(toks) or toks[i - 1].kind != "word":
        return False
    if toks[i - 1].low in ("the", "a", "an", "show", "give", "get", "list", "their", "its",
                           "row", "total", "daily", "weekly", "monthly", "with"):
        return False
    nxt = toks[i + 1]
    return nxt.low in _COUNTS_TAKES or (
        nxt.kind == "word" and len(nxt.text) >= 2 and nxt.text.isupper())


def _unit_of_minutes(text: Text, i: int) -> bool:
    """Is the "min" at token ``i`` a unit ("in min", "30 min", "min per session", "avg prep
    time (min)") rather than an aggregate ("min price", "the min")? Alone in brackets after a
    measure, it labels the unit the answer is given in, as "(usd)" or "(days)" would.

    >>> from stef_question.text import tokenize
    >>> [_unit_of_minutes(tokenize(t), 6) for t in ("avg prep time last month (min)",
    ...                                             "price by store , the ( min , max )")]
    [True, False]
    >>> _unit_of_minutes(tokenize("flights delayed 15+ min yesterday"), 4)
    True
    """
    if text.tokens[i].low != "min" or i == 0:
        return False
    before = text.tokens[i - 1]
    if before.low == "(" and i + 1 < len(text.tokens) and text.tokens[i + 1].low == ")":
        return True
    # "15+ min", "5-10 min": a bound's sign or a range between the number and its unit
    if before.low == "+" and i >= 2 and text.tokens[i - 2].kind == "number":
        return True
    return before.kind in ("number", "range") or before.low in ("in", "of", "per")


#: What may stand between a comparison and the limit it compares with ("under the min pax").
_LIMIT_SKIP = frozenset({"the", "their", "its", "a", "his", "her"})


def _compared_limit(text: Text, lex: Lexicon, i: int) -> bool:
    """Is the extreme word at token ``i`` a limit a comparison is made against ("departures
    that ran under min pax", "skus below the minimum stock level", "over max capacity")? Each
    row carries such a limit (a column), or a subquery computes it: the answer is no MIN or
    MAX, so the word is only a weak cue (read by inference, never a critical finding).

    >>> from stef_question.lexicon import lexicon
    >>> from stef_question.text import tokenize
    >>> [_compared_limit(tokenize(t), lexicon(), i) for t, i in (
    ...     ("departures ran under min pax", 3), ("skus below the minimum stock", 3),
    ...     ("the min price by store", 1))]
    [True, True, False]
    """
    words = text.words
    j = i - 1
    while j >= 0 and words[j] in _LIMIT_SKIP:
        j -= 1
    for start in range(max(0, j - 2), j + 1):
        m = lex.at("comparative", words, start)
        if m is not None and m.end == j + 1 and m.meaning in ("<", ">", "<=", ">="):
            return True
    return False


#: Nouns a weak ratio word names a thing with: "rate plan", "rate card", "rate class".
_RATE_COMPOUNDS = frozenset({"plan", "plans", "card", "cards", "class", "classes", "code",
                             "codes", "table", "tables", "sheet", "sheets", "tier", "tiers",
                             "schedule", "schedules", "limit", "limits"})


#: Words a number right before names one of ("the 95th percentile", "the 90th quantile").
_QUANTILE_WORDS = frozenset({"percentile", "percentiles", "quantile", "quantiles", "pctl"})


def read(
    text: Text, lex: Lexicon, claimed: frozenset[int]
) -> tuple[Aggregates, frozenset[int]]:
    """The aggregates asked and the tokens their cues claim."""
    words = text.words
    taken: set[int] = set()
    ratio = weak_ratio = False
    for m in lex.find("ratio", words, claimed):
        if m.start > 0 and text.tokens[m.start - 1].kind == "number":
            continue  # "a rate of 4.5 percent": the unit of a value, no ratio asked
        if m.meaning == "weak":
            # "the defect rate" asks a ratio, and "the rate 2" is a label.
            nxt = text.tokens[m.end] if m.end < len(text.tokens) else None
            if nxt is not None and nxt.kind == "number":
                continue
            if nxt is not None and nxt.low in _RATE_COMPOUNDS:
                continue  # "by rate plan", "the rate card": a thing named, no ratio asked
        if any(lex.at("direction", words, j) is not None
               for j in range(max(0, m.start - 4), m.start)):
            # "the highest unemployment rate", "the highest percentage price change": a
            # ranking, often of a stored ratio
            weak_ratio = True
            continue
        ratio = True
        taken.update(range(m.start, m.end))
    # "the 95th percentile", "90th quantile": the number says which one, no value to filter on
    if "ntile" in text.raw or "NTILE" in text.raw or "pctl" in text.raw:  # most name none
        for i, tok in enumerate(text.tokens[1:], 1):
            if tok.low in _QUANTILE_WORDS and text.tokens[i - 1].kind == "number" and (
                    i - 1) not in claimed:
                taken.add(i - 1)
    skip = claimed | frozenset(taken)
    strong: list[str] = []
    weak: list[str] = []
    spans: list[tuple[int, int, str]] = []
    distinct = distinct_count = distinct_said = False
    matches = lex.find("aggregate", words, skip)
    ratio_tokens = frozenset(taken)
    for idx, m in enumerate(matches):
        func = m.meaning
        if func == "COUNT" and m.phrase == "how many" and m.end in ratio_tokens:
            continue  # "How many percent more ...": a ratio, not a count
        if m.phrase in _NUMBER_OF and _compound(text, lex, m.start):
            continue  # "the flight numbers of flights": an attribute's name, no count
        prev_m = matches[idx - 1] if idx else None
        if (m.phrase in ("count", "counts", "count of") and prev_m is not None
                and prev_m.meaning in ("AVG", "SUM", "MAX", "MIN")
                and m.start - 2 <= prev_m.end < m.start
                and all(text.tokens[j].kind == "word" and words[j] not in ("of", "the", "a", "an")
                        for j in range(prev_m.end, m.start))):
            continue  # "avg guest count", "average final guest count": a count on each row
        if m.phrase == "counts" and _counts_as_verb(text, m.start):
            continue  # "revenue counts BOARDED and NO_SHOW bookings": a definition, no COUNT
        if m.phrase in ("min", "max") and _unit_of_minutes(text, m.start):
            continue  # "session length in min", "30 min": minutes, no MIN
        things = func == "SUM" and m.phrase in ("total", "combined") and _things_after(
            text, lex, m.end)
        if things:
            func = "COUNT"  # "total skaters today": how many, by a count or a stored one
        taken.update(range(m.start, m.end))
        spans.append((m.start, m.end, func))
        prev = matches[idx - 1] if idx else None
        if func == "DISTINCT":
            distinct = True
            if m.phrase != "different":
                distinct_said = True  # "distinct", "unique": said outright
            if prev is not None and prev.meaning == "COUNT" and m.start - prev.end <= 2:
                distinct_count = True
            elif (m.start > 0 and text.tokens[m.start - 1].kind == "number") or (
                    m.start > 0 and lex.get("number_word", words[m.start - 1])):
                distinct_count = True  # "at least 3 different courses": a count of distinct
            continue
        # "the highest number of", "average number of", "most number of": a ranking or a
        # stored count, not a COUNT of rows on its own.
        ranked = any(lex.at("direction", words, j) is not None
                     for j in range(max(0, m.start - 3), m.start))
        after_agg = prev is not None and m.start - prev.end <= 1 and prev.meaning != "COUNT"
        if m.phrase in ("how many", "how often", "count", "counts", "count of", "tally",
                        "total number of", "total count of"):
            is_strong = not ranked
        elif m.phrase in _NUMBER_OF or (
                func == "SUM" and m.phrase in ("total", "totals", "aggregate", "combined")):
            is_strong = not ranked and not after_agg and _in_head(words, m.start)
        elif func in ("MAX", "MIN"):
            is_strong = not _compared_limit(text, lex, m.start)
        else:
            # "the highest average score": a ranking by a stored or grouped average
            is_strong = not ranked
        if things:
            is_strong = False  # a count read from "total": the agent's choice, weak
        if after_agg and prev is not None and prev.meaning == "AVG":
            is_strong = False  # "average total price": the AVG is the answer
        elif func in ("AVG", "SUM") and _valued(text, m.end):
            continue  # "with an average earnings of 2": a stored value it equals, no AVG
        elif not is_strong and _compared(text, lex, m.end):
            is_strong = True  # "a total order volume above 10,000": a HAVING condition
        target = strong if is_strong else weak
        if func not in target:
            target.append(func)
    weak = [f for f in weak if f not in strong]
    low = text.raw[:400].lower()
    if not strong and not ratio and "how much" in low and _HOW_MUCH_MONEY.search(low):
        # "how much did we collect in april", "how much did each client spend": a total of
        # money (a reformulation's "average payment" is its own reading, not the ask)
        strong.append("SUM")
        weak = [f for f in weak if f != "SUM"]
    if "COUNT" in strong and any(t.sentence_start and lex.get("request", t.low) == "list"
                                 for t in text.tokens[1:]):
        # "How many directors ...? List them.": the list answers it as well as a count
        strong.remove("COUNT")
        weak.append("COUNT")
    if (distinct_said and not distinct_count and len(matches) == 1 and not ratio
            and matches[0].start == 0):
        # "unique listeners this month", "distinct borrowers last week": a terse question
        # that opens on the word and asks nothing else; a count that answers it counts
        # different ones (a list of the distinct values answers it as well)
        distinct_count = True
    if distinct and not distinct_said:
        weak.append("DISTINCT")  # "the different template codes" often means all of them
    counted: list[str] = []
    for _, b, func in spans:
        if func == "COUNT":
            j = b
            while j < len(words) and words[j] in _SKIP_COUNTED:
                j += 1
            if (j + 1 < len(words) and text.tokens[j + 1].kind == "word"
                    and words[j + 1] not in _SKIP_COUNTED and state_before(words[j], words[j + 1])):
                j += 1  # "# of recalled appliances": the state, then the thing counted
            if j < len(words) and text.tokens[j].kind == "word":
                counted.append(words[j])
    return (
        Aggregates(tuple(strong), tuple(weak), distinct, distinct_count, ratio, tuple(spans),
                   weak_ratio and not ratio, tuple(counted)),
        frozenset(taken),
    )
