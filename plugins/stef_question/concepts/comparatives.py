"""Comparatives and negation: "more than 5" is ``> 5``, "5 or more" (or "5+") ``>= 5``,
"between 2 and 4" ``>= 2`` and ``<= 4``, "not", "excluding", "other than" negate the value that
follows.

The SQL counterpart is the operator of a WHERE / HAVING / JOIN ON predicate (``amount > 5``,
``HAVING COUNT(*) >= 3``), or ``!=`` / ``NOT IN`` / ``NOT LIKE`` for a negated value.

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> found, _ = read(tokenize("Orders over the amount of $250, at least two items, not above 9"),
...                 lexicon(), frozenset())
>>> [(c.op, c.value) for c in found]
[('>', 250), ('>=', 2), ('<=', 9)]
>>> [(c.op, c.value) for c in read(tokenize("players with 10 or more goals between 1 and 3"),
...                                 lexicon(), frozenset())[0]]
[('>=', 10), ('>=', 1), ('<=', 3)]
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from stef_core.spec import NEGATED_OP, Op, Scalar, Strength, as_op
from stef_core.values import number
from stef_question.concepts.seasons import season_at
from stef_question.lexicon import Lexicon, Match
from stef_question.text import Text, Token

#: Words that may stand between a comparative and its number ("over the age of 20").
MAX_GAP_WORDS = 3
_CURRENCY = frozenset({"$", "€", "£", "us$", "usd", "rs", "eur", "gbp", "inr"})
#: How far back a negation reaches ("not in 'Paris'", "excluding the 'test' accounts").
NEGATION_REACH = 3


@dataclass(frozen=True, slots=True)
class Comparison:
    """``op value`` read at tokens ``start`` to ``end``; ``year`` when the number looks like
    a year (a time constraint, read again by the time concept). A comparison with another
    quantity instead of a number ("more than their manager", "later than promised") has
    ``value`` None and ``other`` the words of that quantity."""

    op: Op
    value: Scalar
    start: int
    end: int
    year: bool = False
    other: str = ""
    #: The number is a duration ("within 1 hour", "older than 30 days"): the SQL may spell it
    #: in another unit or as date arithmetic (``<= 60`` minutes, ``INTERVAL 30 DAY``), so the
    #: number itself is weak evidence.
    duration: bool = False


@dataclass(frozen=True, slots=True)
class Negated:
    """A negated predicate: "not shipped", "never returned", "excluding online courses"; the
    SQL must hold it negated (``<>``, ``NOT IN``, ``IS NULL``, ``NOT flag``), never plainly."""

    word: str
    start: int
    end: int
    # "…, no subs": a terse exclusion may also be an idiom ("no matter the region", "no
    # duplicates"), so unanswered it only lowers confidence
    strength: Strength = "strong"


def number_at(tok: Token, lex: Lexicon) -> int | float | None:
    """The number a token spells: ``12``, ``1,200``, ``3.5%`` (as 3.5) or a number word."""
    if tok.kind == "number":
        return number(tok.low.rstrip("%"))
    if tok.kind == "word":
        word = lex.get("number_word", tok.low)
        return number(word) if word else _TIMES.get(tok.low)
    return None


#: A count of times said as one word: "ordered more than twice" is ``> 2`` (but "twice as
#: many" multiplies: :func:`_number_after` leaves it out).
_TIMES = {"twice": 2, "thrice": 3}


def _whole(value: int | float) -> int | float:
    return int(value) if float(value).is_integer() else value


def looks_like_year(value: Scalar) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1800 <= value <= 2100


# A negation after the word: "trialing excluded", "drafts left out", "voids don't count",
# "refunds not included", and after the words listed with it ("trials and test listeners
# excluded": only a list right after the word, so "active plans and test accounts excluded"
# leaves "active" asked) ("dropped", "skipped", "taken out" and "set aside" are states as
# often: "missed and skipped lifts", "loans taken out").
_NEGATION_AFTER = re.compile(
    r"^(?:(?:\s+\w+){0,2}?|\s+(?:and|or|nor|&)(?:\s+[\w-]+){1,2})\s+"
    r"(?:excluded|excepted|left\s+out|filtered\s+out|removed|(?<!\bset\s)aside|"
    r"not\s+counted|not\s+included|"
    r"(?:do|does|did|should|would|will|are|is|were|was)(?:n't|nt|\s+not)\s+"
    r"(?:count|counted|included|be\s+counted|be\s+included))\b")


def negated_after(text: str, end: int) -> bool:
    """Is the word ending at ``end`` negated by what follows ("trialing excluded")?

    >>> negated_after("current mrr, trialing excluded", 21), negated_after("trialing mrr", 8)
    (True, False)
    >>> negated_after("missed and skipped lifts", 6)
    False
    >>> negated_after("cancelled ones don't count", 9), negated_after("voids not included", 5)
    (True, True)
    >>> negated_after("orders, cancelled ones aside", 17), negated_after("cash set aside", 4)
    (True, False)
    >>> negated_after("trials and test accounts excluded", 6)
    True
    >>> negated_after("active plans and test accounts excluded", 6)
    False
    """
    return _NEGATION_AFTER.search(text[end : end + 40]) is not None


def negated_before(text: Text, lex: Lexicon, i: int, reach: int = NEGATION_REACH) -> bool:
    """Is the token at ``i`` negated by a cue at most ``reach`` tokens before it, within its
    clause ("not in 'Paris'", "other than Lyon")?"""
    words = text.words
    cues = lex.starts("negation")
    lo = max(0, i - reach - 2)
    j = i - 1
    while j >= lo:
        tok = text.tokens[j]
        # ("no shift_status = 'WORKED' shift": a reformulation's code keeps its negation)
        if tok.kind == "punct" and tok.low not in ("'", "-", "=", "_"):
            return False
        if tok.low in _CLAUSE_WORDS or tok.low == "with":
            # "not discontinued and cost less than 50", "not yet paid with an amount above
            # $2,500": another predicate
            return False
        for k in range(max(lo, j - 2), j + 1):
            if words[k] not in cues:
                continue  # opens no negation (lex.at would say None)
            m = lex.at("negation", words, k)
            if (m is not None and m.end == j + 1 and m.meaning == "not"
                    and i - m.end <= reach):
                return True
        j -= 1
    return False


_SCALES = {"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000, "k": 1_000,
           "grand": 1_000,  # "over two grand": dollars, as people say them
           "m": 1_000_000, "bn": 1_000_000_000}
#: Nouns that name a quantity a row's figure is held against ("above list price", "below
#: reorder level", "below target").
_QUANTITIES = frozenset({"price", "cost", "budget", "target", "quota", "limit", "threshold",
                         "average", "par", "plan", "forecast", "estimate", "msrp", "level",
                         "capacity", "minimum", "maximum", "goal", "benchmark", "baseline"})
#: A count of times said as a word: "more than once", "more than twice". It is the whole
#: quantity compared with; the word after it (a period: "more than once ytd") is not part of it.
_TIMES_SAID = frozenset({"once", "twice", "thrice"})
_OTHER_SKIP = frozenset({"their", "its", "his", "her", "the", "a", "an", "that", "those", "what"})
_OTHER_STOP = frozenset({"and", "or", "in", "of", "for", "with", "by", "on", "at", "to", "from",
                         "is", "are", "was", "were", "?", ".", ",", ";", "who", "which", "that",
                         # "within the next month": a period (the time concept reads it)
                         "next", "coming", "past", "last", "previous"})
_CLAUSE_WORDS = frozenset({"and", "but", "while", "whereas", "who", "which", "that", "where",
                           "whose"})
_FUNCTION_WORDS = frozenset({"in", "of", "to", "for", "with", "at", "by", "from", "on", "into",
                             "than", "more", "less", "only", "equal", "null", "have", "has",
                             "had", "a", "an", "the", "and", "or", "be", "is", "are",
                             # pronouns: "customers without one" names what it stands for
                             "one", "ones", "it", "them", "that", "those", "this", "these"})
_NEGATED_SKIP = frozenset({"yet", "been", "be", "being", "ever", "even", "still", "currently",
                           "already", "the", "a", "an", "any", "all", "those", "have", "has",
                           "had", "get", "got", "gotten", "once", "as"})


#: Verbs a negation leaves rows out of a figure with ("not counting", "not included").
_TALLY_VERBS = frozenset({"count", "counting", "counted", "include", "including", "included"})


#: What may stand between the labels of a list of buckets ("0-30 / 31-60 / 61-90 / 90+").
_LIST_SEPARATORS = frozenset({"/", ",", ";", "|", "and", "or", "then"})


def _range_bounds(tok: Token) -> tuple[int, int] | None:
    """The two ends of a range token (``31-60``), or None."""
    ends = tok.low.replace("\u2013", "-").split("-")
    if tok.kind != "range" or len(ends) != 2 or not all(e.isdigit() for e in ends):
        return None
    lo, hi = int(ends[0]), int(ends[1])
    return (lo, hi) if lo < hi else None


def bucket_label(text: Text, start: int, end: int, op: str, value: Scalar) -> bool:
    """Is the comparison ``op value`` at tokens ``start`` to ``end`` the open end of a list of
    buckets, not a filter? "AR aging buckets 0-30 / 31-60 / 61-90 / 90+", "ages 18-24, 25-34,
    35+", "under 18, 18-24, 25+": a list of ranges names the groups the answer is cut into, and
    its open-ended label (``90+``, "over 90", "under 18") continues the range next to it: it
    starts where the range before it ends (90 or 91 after 61-90) or ends where the range after
    it starts. A bound on its own ("tickets open 90+ days", "customers aged 65+") stays a
    filter, and so does one that does not continue its neighbour ("orders of 1-5 items over
    300 dollars").

    >>> from stef_question.text import tokenize
    >>> t = tokenize("AR aging buckets 0-30 / 31-60 / 61-90 / 90+")
    >>> bucket_label(t, 9, 11, ">=", 90)
    True
    >>> t = tokenize("under 18, 18-24, 25+")
    >>> bucket_label(t, 0, 2, "<", 18), bucket_label(t, 5, 7, ">=", 25)
    (True, True)
    >>> bucket_label(tokenize("customers aged 65+"), 2, 4, ">=", 65)
    False
    >>> bucket_label(tokenize("orders of 1-5 items over 300 dollars"), 4, 6, ">", 300)
    False
    """
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    toks = text.tokens
    if op in (">", ">="):  # the last bucket: a range before it
        j = start - 1
        while j >= 0 and toks[j].low in _LIST_SEPARATORS:
            j -= 1
        bounds = _range_bounds(toks[j]) if j >= 0 and j < start - 1 else None
        return bounds is not None and value in (bounds[1], bounds[1] + 1)
    if op in ("<", "<="):  # the first bucket: a range after it
        j = end
        while j < len(toks) and toks[j].low in _LIST_SEPARATORS:
            j += 1
        bounds = _range_bounds(toks[j]) if j < len(toks) and j > end else None
        return bounds is not None and value in (bounds[0], bounds[0] - 1)
    return False


#: Words before a number range that make it something else than a bound: a rank ("top 5-10"),
#: a page or a chapter, a school's grade span ("schools teaching grades 1-12": a label the data
#: may keep as one value, 'K-12').
_NOT_RANGE_BEFORE = frozenset({"top", "bottom", "rank", "ranked", "ranks", "page", "pages",
                               "chapter", "chapters", "section", "sections", "week", "weeks",
                               "q", "quarter", "quarters", "h", "fy", "no", "id", "#",
                               "grade", "grades"})


def _range_at(text: Text, lex: Lexicon, i: int) -> tuple[Comparison, Comparison] | None:
    """``>= lo`` and ``<= hi`` for the number range at token ``i`` ("aged 18-24", "parties of
    6-8", "an azimuth of 135-225"): both ends are asked, inclusive, as "between 18 and 24"
    says. Not a range that is one of a list of buckets ("18-24, 25-34, 35+") or one of several
    in the text ("promoters 9-10 minus detractors 0-6": the bands a measure is cut into), days
    after a month ("Sep 1-30": a period), years ("2019-2021": a period, the time concept's),
    a rank or a page ("top 5-10"), nor a measure's scale ("on a 1-5 scale", "score (0-10)":
    a range in parentheses says what a word means more often than it asks for rows).

    >>> from stef_question.lexicon import lexicon
    >>> from stef_question.text import tokenize
    >>> t = tokenize("members aged 18-24 who booked")
    >>> [(c.op, c.value) for c in _range_at(t, lexicon(), 2)]
    [('>=', 18), ('<=', 24)]
    >>> _range_at(tokenize("members by age 18-24, 25-34, 35+"), lexicon(), 3) is None
    True
    >>> _range_at(tokenize("signups Sep 1-30"), lexicon(), 2) is None
    True
    >>> _range_at(tokenize("avg rating on a 1-10 scale"), lexicon(), 4) is None
    True
    """
    bounds = _range_bounds(text.tokens[i])
    if bounds is None or any(looks_like_year(b) for b in bounds):
        return None
    toks = text.tokens
    if season_at(toks, i) is not None:
        return None  # "school year 25-26": one school year, the values' (concepts.seasons)
    if sum(1 for t in toks if t.kind == "range") > 1:
        return None
    before = toks[i - 1].low if i > 0 else ""
    if before in _NOT_RANGE_BEFORE or lex.has("month", before) or lex.has(
            "month_abbreviation", before) or before in _LIST_SEPARATORS - {"and", "or"}:
        return None
    after = toks[i + 1].low if i + 1 < len(toks) else ""
    if after in _LIST_SEPARATORS - {"and", "or"} or after == "+" or after in ("st", "nd", "th"):
        return None  # "0-30 / 90+": a list of buckets
    if before == "(" or after == ")" or any(
            t.low in ("scale", "scaled") for t in toks[max(0, i - 3):i + 3]):
        return None  # "NPS score (0-10)", "satisfaction on a 1-5 scale": the measure's scale
    lo = _whole(scaled(text, i, bounds[0]))
    hi = _whole(scaled(text, i, bounds[1]))
    duration = i + 1 < len(toks) and lex.has("calendar_unit", text.words[i + 1])
    return (Comparison(">=", lo, i, i + 1, duration=duration),
            Comparison("<=", hi, i, i + 1, duration=duration))


def _spelled_range(text: Text, lex: Lexicon, i: int,
                   claimed: Collection[int]) -> tuple[Comparison, Comparison] | None:
    """``>= lo`` and ``<= hi`` for "<lo> to <hi>" at token ``i`` ("for 7 to 14 nights"): the
    range "7-14" spells, under the same conditions (:func:`_range_at`), and only a rising one
    of two numbers that are not years.

    >>> from stef_question.lexicon import lexicon
    >>> from stef_question.text import tokenize
    >>> t = tokenize("bookings for 7 to 14 nights")
    >>> [(c.op, c.value) for c in _spelled_range(t, lexicon(), 2, set())]
    [('>=', 7), ('<=', 14)]
    >>> _spelled_range(tokenize("ranked 5 to 10"), lexicon(), 1, set()) is None
    True
    """
    toks = text.tokens
    if i + 2 in claimed or toks[i + 2].kind != "number":
        return None
    lo, hi = number_at(toks[i], lex), number_at(toks[i + 2], lex)
    if lo is None or hi is None or lo >= hi or looks_like_year(lo) or looks_like_year(hi):
        return None
    before = toks[i - 1].low if i > 0 else ""
    if before in _NOT_RANGE_BEFORE or before in ("from", "between", "up", "of") or lex.has(
            "month", before) or lex.has("month_abbreviation", before):
        return None
    after = toks[i + 3].low if i + 3 < len(toks) else ""
    if after in (":", "/", ".") or any(t.low in ("scale", "scaled")
                                       for t in toks[max(0, i - 3):i + 5]):
        return None  # a clock ("9 to 5"), a measure's scale ("1 to 5 scale")
    lo_v, hi_v = _whole(scaled(text, i, lo)), _whole(scaled(text, i + 2, hi))
    duration = i + 3 < len(toks) and lex.has("calendar_unit", text.words[i + 3])
    return (Comparison(">=", lo_v, i, i + 1, duration=duration),
            Comparison("<=", hi_v, i + 1, i + 3, duration=duration))


def joined(text: Text, found: tuple[Comparison, ...]) -> tuple[tuple[Comparison, Comparison,
                                                                    str], ...]:
    """Two bounds on numbers the question joins by one "and" or "or" with no punctuation
    between them ("6+ berths or over 60 ft", "under $300 and over 100 grams"), in the order
    said: the conjunction says whether a row must meet both or either. Not the two ends of
    one range ("between 10 and 20": nothing stands between them).

    >>> from stef_question.lexicon import lexicon
    >>> from stef_question.text import tokenize
    >>> t = tokenize("boats with 6+ berths or over 60 ft")
    >>> [(a.value, b.value, c) for a, b, c in joined(t, read(t, lexicon(), frozenset())[0])]
    [(6, 60, 'or')]
    >>> t = tokenize("boats with between 6 and 8 berths")
    >>> joined(t, read(t, lexicon(), frozenset())[0])
    ()
    """
    bounds = sorted((c for c in found if c.value is not None and not c.year),
                    key=lambda c: c.start)
    out: list[tuple[Comparison, Comparison, str]] = []
    for a, b in pairwise(bounds):
        between = text.tokens[a.end:b.start]
        if not between or len(between) > 6 or any(
                t.kind == "punct" and t.low not in ("$", "%") for t in between):
            continue
        said = {t.low for t in between} & {"and", "or"}
        if len(said) == 1:
            out.append((a, b, said.pop()))
    return tuple(out[:4])


#: Words that make an "m" after a number metres, not millions: "5 m long", "longer than 12 m",
#: "a 3 m wide gate" (a length is said with them; an amount of money or count is not).
_LENGTH_WORDS = frozenset({"long", "wide", "tall", "deep", "length", "width", "height",
                           "depth", "longer", "shorter", "wider", "narrower", "taller",
                           "deeper", "lengths"})


def scaled(text: Text, j: int, value: int | float) -> int | float:
    """``2 million`` -> 2000000: a scale word right after the number multiplies it; an "m" a
    length word stands beside ("5 m long", "longer than 12 m") is metres and leaves it.

    >>> from stef_question.text import tokenize
    >>> scaled(tokenize("over 5 m long"), 1, 5), scaled(tokenize("revenue over 5 m"), 2, 5)
    (5, 5000000)
    """
    if j + 1 < len(text.tokens):
        unit = text.tokens[j + 1].low
        factor = _SCALES.get(unit)
        if unit == "m" and any(t.low in _LENGTH_WORDS  # the comparative, or the word after
                               for t in (*text.tokens[max(0, j - 3):j], *text.tokens[j + 2:j + 3])):
            return value
        if factor:
            return value * factor
    return value


def _other(text: Text, lex: Lexicon, i: int) -> str:
    """The quantity a number-less comparative compares with: "(than) their manager"."""
    words = text.words
    j = i
    if j < len(words) and words[j] == "than":
        j += 1
    taken: list[str] = []
    while j < len(words) and len(taken) < 2:
        tok = text.tokens[j]
        if tok.kind != "word" or words[j] in _OTHER_STOP or tok.cap:
            break
        if words[j] not in _OTHER_SKIP:
            taken.append(words[j].removesuffix("'s"))
        if words[j] in _TIMES_SAID:
            if j + 1 < len(words) and words[j + 1] == "as":
                taken.append("as")  # "twice as many": a multiplier, no count of times
            break  # "more than once ytd": a count of times, whatever word follows it
        j += 1
    return " ".join(taken)


_ABSTRACT = frozenset({"need", "use", "help", "doubt", "exception", "regard", "respect",
                       "reason", "question", "limit", "change", "delay"})


#: Parts of an amount a figure is stated without ("revenue excluding tax", "sales excl.
#: shipping", "spend excluding fees"): which amount is summed, not which rows are kept.
_AMOUNT_PARTS = frozenset({"tax", "taxes", "vat", "gst", "hst", "shipping", "freight",
                           "tips", "tip", "gratuity", "gratuities", "surcharge", "surcharges",
                           "fees", "duties", "postage"})
#: Negations that leave a part out of an amount ("excluding tax"), not a state ("not taxed");
#: "without shipping" is read by the presence reader (an order with no shipping) unless an
#: amount stands before it (:func:`amount_without`).
_LEAVING_OUT = frozenset({"excluding", "excl", "exclude", "leaving out", "apart from",
                          "aside from", "omitting"})

#: Amounts a figure names: stated "without" one of :data:`_AMOUNT_PARTS`, it is that amount
#: net of the part ("sales without shipping", "revenue without tax").
_AMOUNTS = frozenset({"sales", "revenue", "revenues", "total", "totals", "spend", "spending",
                      "cost", "costs", "amount", "amounts", "price", "prices", "gmv", "income",
                      "earnings", "billings", "turnover", "value", "payout", "payouts"})


def amount_without(words: tuple[str, ...] | list[str], i: int) -> bool:
    """Is the "without" at ``words[i]`` a part left out of the amount before it ("sales
    without shipping", "revenue without tax"), not an absence said of the rows ("orders
    without shipping": orders with none)?

    >>> amount_without("sales without shipping last month".split(), 1)
    True
    >>> amount_without("orders without shipping last month".split(), 1)
    False
    """
    return (0 < i < len(words) - 1 and words[i] == "without" and words[i - 1] in _AMOUNTS
            and words[i + 1] in _AMOUNT_PARTS)


#: Punctuation after which a "no" opens a terse exclusion ("hours by tech, no subs").
_CLAUSE_OPENERS = frozenset({",", ";", "(", "-", "–", "—"})


def _terse_exclusion(text: Text, i: int) -> bool:
    """Is the "no" at token ``i`` a terse exclusion appended to a question ("labor hrs by tech
    this month, no subs", "revenue by region (no test accounts)") rather than an absence said
    of the rows ("customers with no orders", which the aligner reads as an anti-join)?

    >>> from stef_question.text import tokenize
    >>> [_terse_exclusion(t, i) for t in (tokenize("hrs by tech, no subs"),
    ...  tokenize("customers with no orders")) for i, w in enumerate(t.words) if w == "no"]
    [True, False]
    """
    before = text.tokens[i - 1] if i > 0 else None
    return before is not None and before.kind == "punct" and before.low in _CLAUSE_OPENERS


#: Words that ask for rows to be kept beside the others ("include the ones we never
#: identified", "including bogs that haven't delivered", "even those without").
_INCLUDING = frozenset({"include", "includes", "including", "incl", "even"})


def _included_before(text: Text, i: int) -> bool:
    """Does an inclusion word open the clause a negation at token ``i`` stands in ("jobs by
    species, include the ones we never identified")? The negated rows are asked for as well,
    not left out: no condition.

    >>> from stef_question.text import tokenize
    >>> t = tokenize("jobs by species, include the ones we never identified")
    >>> _included_before(t, t.words.index("never"))
    True
    >>> t = tokenize("jobs we never identified")
    >>> _included_before(t, t.words.index("never"))
    False
    """
    for k in range(i - 1, max(-1, i - 8), -1):
        tok = text.tokens[k]
        if tok.kind == "punct" and tok.low not in ("'", "-", "."):
            return False
        if tok.low in _INCLUDING:
            return True
    return False


def negations(text: Text, lex: Lexicon, claimed: frozenset[int]) -> tuple[Negated, ...]:
    """Negated predicates on plain words ("not shipped", "never been returned", "excluding
    online courses"): the word right after the negation (auxiliaries skipped)."""
    words = text.words
    out: list[Negated] = []
    for m in lex.find("negation", words, claimed):
        if m.meaning != "not" or (m.phrase == "no" and not _terse_exclusion(text, m.start)):
            continue  # "customers with no orders": an absence, read by the aligner
        if m.start > 0 and words[m.start - 1] in ("vs", "versus"):
            continue  # "members vs non members": both sides compared, neither kept
        if _included_before(text, m.start):
            continue  # "include the ones we never identified": kept beside the others
        j = m.end
        if m.phrase == "excl" and j < len(words) and words[j] == ".":
            j += 1  # "excl. warranty"
        while j < len(words) and words[j] in _NEGATED_SKIP:
            j += 1
        if j >= len(words) or j in claimed:
            continue
        if words[j] in _TALLY_VERBS:
            # "(not counting unpaid ones)", "refunds not counted": rows left out of the
            # figure, which the value reader negates; counting is no state of the rows. A
            # state participle right after it is the state left out: "revenue not counting
            # cancelled orders" asks NOT cancelled
            k = j + 1
            while k < len(words) and words[k] in _NEGATED_SKIP:
                k += 1
            if not (k + 1 < len(words) and k not in claimed
                    and lex.has("state_participle", words[k])
                    and text.tokens[k + 1].kind == "word"):
                continue
            # the state alone: "cancelled", not "cancelled calls" (the noun is the rows')
            out.append(Negated(words[k], m.start, k + 1, "strong"))
            continue
        tok = text.tokens[j]
        if tok.kind != "word" or tok.cap or lex.has("stop_proper", tok.low) or (
                tok.low in _FUNCTION_WORDS or lex.at("value_word", words, j) is not None):
            continue  # "not in 'Paris'", "not open": a value the value reader negates
        if lex.at("comparative", words, j) is not None or lex.at("presence", words, j):
            continue
        if tok.low in _ABSTRACT:
            continue  # "without the need of compilation", "without any doubt": no predicate
        if tok.low in _AMOUNT_PARTS and (m.phrase in _LEAVING_OUT or (
                m.phrase == "without" and amount_without(words, m.start))):
            continue  # "revenue excluding tax", "sales excl. shipping": the amount, not rows
        ahead = text.tokens[j + 1 : j + 4]
        if any(t.kind in ("quoted", "number") or t.cap for t in ahead):
            continue  # "don't work in Berlin", "does not end in 'x.com'": the value is negated
        if j + 1 < len(words) and words[j + 1] in ("whose", "where"):
            continue  # "except orders whose channel is 'marketplace'": the clause says which
        if any(lex.at("comparative", words, k) is not None
               for k in range(j, min(j + 5, len(words)))):
            continue  # "have not cost more than 1000": the comparative carries the negation
        # "not flagged as fraud", "does not own a cat": the word and what it is about
        phrase = [tok.low]
        k = j + 1
        while k < len(words) and len(phrase) < 3 and k - j <= 4:
            nxt = text.tokens[k]
            if nxt.kind != "word" or nxt.cap or k in claimed:
                break  # "not serviced in the last 6 months": the period is no part of it
            if words[k] in ("as", "by", "for", "to", "a", "an", "the", "any", "in", "with"):
                k += 1
                continue
            if words[k] in _FUNCTION_WORDS or lex.has("stop_proper", words[k]):
                break
            phrase.append(words[k])
            k += 1
        # "not picked up by their owner on time": what is negated is the timing, which the
        # SQL may say as a comparison of two moments (actual_check_out > planned_check_out)
        timed = any(tuple(words[k:k + 2]) in (("on", "time"), ("in", "time"))
                    for k in range(j + 1, min(j + 8, len(words))))
        out.append(Negated(" ".join(phrase), m.start, j + 1,
                           "weak" if m.phrase == "no" or timed else "strong"))
    out += _left_out_after(text, lex, claimed, {n.start for n in out})
    return tuple(out)


#: Participles that leave out what comes before them ("reprints excluded", "quotes and
#: cancellations left out", "reversed ones removed").
LEFT_OUT = frozenset({"excluded", "excepted", "removed"})
LEFT_OUT_PAIRS = frozenset({("left", "out"), ("filtered", "out")})


def _left_out_after(text: Text, lex: Lexicon, claimed: frozenset[int],
                    taken: set[int]) -> list[Negated]:
    """Rows left out after they are named ("orders placed in January (reprints excluded)",
    "(quotes, cancellations and reprints left out)", "payments, bounced ones left out",
    "warranty redos excluded"): each item of the list before the participle, a phrase of up
    to three plain words, as "excluding warranty redos" reads it. A word the value reader
    knows ("trialing excluded") is left to it.

    >>> from stef_question.text import tokenize
    >>> from stef_question.lexicon import lexicon
    >>> t = tokenize("orders in january (quotes, cancellations and reprints left out)")
    >>> [n.word for n in _left_out_after(t, lexicon(), frozenset(), set())]
    ['reprints', 'cancellations', 'quotes']
    >>> t = tokenize("payments since january, bounced ones excluded, warranty redos removed")
    >>> [n.word for n in _left_out_after(t, lexicon(), frozenset(), set())]
    ['bounced', 'warranty redos']
    >>> t = tokenize("started after schedule, test cases excluded")
    >>> [n.word for n in _left_out_after(t, lexicon(), frozenset(), set())]
    ['test cases']
    >>> t = tokenize("alpaca compared with wool, cancelled and returned orders excluded")
    >>> [n.word for n in _left_out_after(t, lexicon(), frozenset(), set())]
    ['returned orders', 'cancelled']
    >>> t = tokenize("batches brewed in 2025, R&D batches left out")
    >>> [n.word for n in _left_out_after(t, lexicon(), frozenset(), set())]
    []
    """
    words, toks = text.words, text.tokens
    out: list[Negated] = []

    def plain(j: int) -> bool:
        tok = toks[j]
        return not (tok.kind != "word" or tok.cap or j in claimed or j in taken
                    or tok.low in _FUNCTION_WORDS or tok.low in ("and", "or", "ones", "out")
                    or tok.low in LEFT_OUT
                    or lex.has("stop_proper", tok.low)
                    or lex.at("value_word", words, j) is not None
                    or lex.at("negation", words, j) is not None)

    for i in range(1, len(words)):
        if not (words[i] in LEFT_OUT or tuple(words[i:i + 2]) in LEFT_OUT_PAIRS):
            continue
        j = i - 1
        if words[j] == "ones" and j > 0:
            j -= 1  # "bounced ones left out": the state said of the rows
        # a list goes on past a comma once its "and" or "or" is met, inside a parenthesis
        # only ("(quotes, cancellations and reprints left out)"): outside one a comma ends
        # the clause ("alpaca compared with wool, cancelled and returned orders excluded")
        opened = max((k for k in range(i) if words[k] == "("), default=-1)
        in_paren = opened >= 0 and ")" not in words[opened:i]
        listed = False
        while j >= 0 and len(out) < 8 and plain(j):
            k = j
            while k - 1 >= 0 and j - k < 2 and plain(k - 1):
                k -= 1  # "warranty redos", "sold communities": the item's words
            if (k > 0 and toks[k - 1].kind == "word" and words[k - 1] not in ("and", "or")
                    and words[k - 1] not in _FUNCTION_WORDS):
                break  # "R&D batches", "voided invoices": a qualifier read otherwise, or not
            if words[k].startswith(("non", "un")) and len(words[k]) > 5:
                break  # "(non-billable entries excluded)": a negated state, the value reader's
            out.append(Negated(" ".join(words[k:j + 1]), k, j + 1, "strong"))
            k -= 1
            if k >= 0 and (words[k] in ("and", "or", "&")
                           or (words[k] == "," and listed and in_paren)):
                listed = True
                k -= 1
                if k >= 0 and words[k] in ("and", "or"):
                    k -= 1  # "a, b, and c"
                j = k
                continue
            break
    return out


#: Words that make a comparison a ratio of two quantities ("at least double their 2024
#: count"): the number after them is not the bound.
_MULTIPLIERS = frozenset({"double", "doubled", "triple", "tripled", "quadruple", "half"})
#: Words after "N times" that make it a multiplier ("3 times their 2024 revenue", "2 times
#: as many"), not a count of times ("at least 3 times a week", "ordered more than 3 times";
#: "3 times last month" is one, so "last" is left out).
_MULTIPLIED = frozenset({"as", "the", "their", "its", "his", "her", "what", "that", "more",
                         "larger", "bigger", "higher", "greater", "longer", "our"})


def _number_after(text: Text, lex: Lexicon, i: int, claimed: frozenset[int]) -> int | None:
    """Index of the number a comparative ending at ``i`` governs, within a few words; None
    past a multiplier ("at least double their 2024 count": 2024 is no bound).

    >>> from stef_question.lexicon import lexicon
    >>> from stef_question.text import tokenize
    >>> _number_after(tokenize("at least double their 2024 count"), lexicon(), 2,
    ...               frozenset()) is None
    True
    >>> _number_after(tokenize("at least 3 times a week"), lexicon(), 2, frozenset())
    2
    """
    gap = 0
    j = i
    n = len(text.tokens)
    while j < n and gap <= MAX_GAP_WORDS:
        tok = text.tokens[j]
        if j in claimed or tok.low in _MULTIPLIERS:
            return None
        if number_at(tok, lex) is not None and tok.kind in ("number", "word"):
            if tok.kind == "word" and lex.get("number_word", tok.low) is None and not (
                    tok.low in _TIMES and (j + 1 >= n or text.tokens[j + 1].low != "as")):
                return None
            return j
        if tok.kind == "punct":
            if tok.low in _CURRENCY:
                j += 1
                continue
            return None
        if tok.kind != "word":
            return None
        if tok.low not in _CURRENCY:
            gap += 1
        j += 1
    return None


#: Words that end the noun a number counts before its "or more" ("5 orders or more", "3 times
#: a week or more"): past one of them the "or more" belongs to something else.
_NOUN_STOP = frozenset({"and", "or", "than", "to", "of", "in", "from", "by", "with", "per",
                        "between", "not", "no", "at", "on", "for"})
#: How many words a counted noun may take between its number and its "or more".
_NOUN_WORDS = 3


def _or_more_after_noun(text: Text, lex: Lexicon, i: int, claimed: frozenset[int]) -> Match | None:
    """"5 orders or more", "3 times a week or more", "2 breakdowns or fewer": the bound said
    after the noun the number counts (the lexicon's "or ..." phrases only: "5 stars and up"
    keeps its own reading), or None.

    >>> from stef_question.lexicon import lexicon
    >>> from stef_question.text import tokenize
    >>> [(c.op, c.value) for c in read(tokenize("customers with 5 orders or more"),
    ...                                 lexicon(), frozenset())[0]]
    [('>=', 5)]
    >>> [(c.op, c.value) for c in read(tokenize("sites serviced 3 times a week or more"),
    ...                                 lexicon(), frozenset())[0]]
    [('>=', 3)]
    >>> read(tokenize("5 orders or 3 returns"), lexicon(), frozenset())[0]
    ()
    """
    words = text.words
    for k in range(i + 1, min(i + 1 + _NOUN_WORDS, len(words))):
        tok = text.tokens[k]
        if k in claimed or tok.kind != "word" or tok.low in _NOUN_STOP:
            return None
        after = lex.at("comparative_after", words, k + 1)
        if after is not None and after.phrase.startswith("or "):
            return after
    return None


#: A grade, level or tier code: a letter or two and its number ("V5", "L3", "P2", "T4").
_GRADE_CODE = re.compile(r"[a-z]{1,2}(\d{1,2})")


#: Bounds after a code that count up its numbers, whatever the scale ranks first.
_UP_THE_SCALE = frozenset({"and up", "+"})


def _graded_at(text: Text, lex: Lexicon, i: int) -> Comparison | None:
    """"routes V5 and up", "L3 or higher", "P2+": a code on an ordered scale with a bound
    after it is a threshold on the scale's number (``CAST(SUBSTRING(grade, 2) AS INT) >=
    5``), not the one code V5. Only said as up the scale's numbers ("and up", "+"): "P2 or
    higher" may mean the more urgent P1 (a priority ranks the other way).

    >>> from stef_question.lexicon import lexicon
    >>> from stef_question.text import tokenize
    >>> c = _graded_at(tokenize("routes V5 and up"), lexicon(), 1)
    >>> (c.op, c.value, c.end) if c else None
    ('>=', 5, 4)
    >>> _graded_at(tokenize("routes V5 and V6"), lexicon(), 1) is None
    True
    """
    tok = text.tokens[i]
    low = tok.low
    # (a code is two to four characters ending in a digit: most words are not tried)
    if tok.kind != "word" or not 2 <= len(low) <= 4 or not low[-1].isdecimal():
        return None
    m = _GRADE_CODE.fullmatch(low)
    if m is None:
        return None
    after = lex.at("comparative_after", text.words, i + 1)
    if after is None or (after.phrase == "+" and after.end < len(text.tokens)
                         and text.tokens[after.end].kind == "number"):
        return None
    if after.phrase not in _UP_THE_SCALE:
        return None
    return Comparison(">=", int(m.group(1)), i, after.end, False)


#: Verbs an "up to" follows as their particle ("add up to", "sums up to", "comes up to").
_ADDING_UP = frozenset({"add", "adds", "added", "adding", "sum", "sums", "summed", "summing",
                        "come", "comes", "came", "total", "totals", "totalled", "totaled"})


def read(
    text: Text, lex: Lexicon, claimed: frozenset[int]
) -> tuple[tuple[Comparison, ...], frozenset[int]]:
    """Comparatives with their numbers, and the tokens they claim."""
    words = text.words
    found: list[Comparison] = []
    taken: set[int] = set()
    n = len(words)
    bounds, comparing = lex.starts("comparative_bound"), lex.starts("comparative")
    # A word token spells a number only as a one-word number phrase (lex.get says None for any
    # other): number_at is asked only of numbers and those words, not of every token.
    spelled = lex.singles("number_word")
    cues = _cues(lex)
    i = 0
    while i < n:
        if i in claimed or i in taken:
            i += 1
            continue
        tok = text.tokens[i]
        graded = _graded_at(text, lex, i)
        if graded is not None:
            found.append(graded)
            taken.update(range(i, graded.end))
            i = graded.end
            continue
        if words[i] not in cues and tok.kind not in ("number", "range"):
            i += 1  # (most tokens: no reading below starts at a word that opens none of them)
            continue
        # from <n> to <m> ("from account number 1 to account number 10")
        if tok.low == "from":
            lo_i = _number_after(text, lex, i + 1, claimed)
            to_i = lo_i + 1 if lo_i is not None else None
            if to_i is not None and to_i < n and words[to_i] in ("to", "through", "until"):
                hi_i = _number_after(text, lex, to_i + 1, claimed)
                if hi_i is not None:
                    lo_v = number_at(text.tokens[lo_i], lex)  # type: ignore[index]
                    hi_v = number_at(text.tokens[hi_i], lex)
                    if lo_v is not None and hi_v is not None and lo_v <= hi_v:
                        year = looks_like_year(lo_v) and looks_like_year(hi_v)
                        found.append(Comparison(">=", lo_v, i, to_i, year))
                        found.append(Comparison("<=", hi_v, to_i, hi_i + 1, year))
                        taken.update(range(i, hi_i + 1))
                        i = hi_i + 1
                        continue
        # between <n> and <m>
        if tok.low == "between":
            lo_i = _number_after(text, lex, i + 1, claimed)
            # "between 500k and 750k": a scale word right after the low end is its own
            gap = 2 if lo_i is not None and lo_i + 1 < n and words[lo_i + 1] in _SCALES else 1
            if lo_i is not None and lo_i + gap + 1 < n and words[lo_i + gap] in ("and", "to"):
                hi_i = lo_i + gap + 1
                if words[hi_i] in _CURRENCY and hi_i + 1 < n:
                    hi_i += 1  # "between $500k and $750k"
                lo_v = number_at(text.tokens[lo_i], lex)
                hi_v = number_at(text.tokens[hi_i], lex)
                if lo_v is not None and hi_v is not None and hi_i not in claimed:
                    # "between 1 and 2 million": the scale belongs to both ends
                    hi_s = scaled(text, hi_i, hi_v)
                    lo_s = scaled(text, lo_i, lo_v)
                    if lo_s == lo_v and hi_s != hi_v and lo_v <= hi_v:
                        lo_s = lo_v * (hi_s / hi_v)
                    lo_v, hi_v = _whole(lo_s), _whole(hi_s)
                    year = looks_like_year(lo_v) and looks_like_year(hi_v)
                    found.append(Comparison(">=", lo_v, i, lo_i + gap, year))
                    found.append(Comparison("<=", hi_v, lo_i + gap, hi_i + 1, year))
                    taken.update(range(i, hi_i + 1))
                    i = hi_i + 1
                    continue
        # <n> to <m>: "bookings for 7 to 14 nights", "paid 20 to 30 an hour", both ends asked
        # as "between" says (not a rank, a page, a day of a month: _NOT_RANGE_BEFORE)
        ranged = _spelled_range(text, lex, i, claimed) if (
            tok.kind == "number" and i + 2 < n and words[i + 1] in ("to", "through")) else None
        if ranged is not None:
            found.extend(ranged)
            taken.update(range(i, i + 3))
            i += 3
            continue
        # <n>-<m>: "aged 18-24", "parties of 6-8"
        ranged = _range_at(text, lex, i) if tok.kind == "range" else None
        if ranged is not None:
            found.extend(ranged)
            taken.add(i)
            i += 1
            continue
        # <n> or more
        value = number_at(tok, lex) if tok.kind == "number" or tok.low in spelled else None
        if value is not None:
            # "50k or more", "2 million+": the scale word is the number's, not a counted noun
            big = _whole(scaled(text, i, value))
            step = 2 if big != value else 1
            after = lex.at("comparative_after", words, i + step)
            if after is not None and after.phrase == "+" and after.end < len(text.tokens) and \
                    text.tokens[after.end].kind == "number":
                after = None  # "2+2" is a sum, "3+ visits" a bound
            if after is None:
                after = _or_more_after_noun(text, lex, i, claimed)
            if after is not None and step == 2 and after.start != i + 2:
                after = None  # a scale word, then another noun: "5 m long or more" is no money
            if after is not None and after.meaning == "none" and not any(
                    k in claimed for k in range(i, after.end)):
                # "leaf grade 3 or better": a bound on a scale whose better end the words do
                # not say (1 is the best leaf grade, 5 the best rating): no direction to hold
                # the SQL to, and the number is no value asked either
                taken.update(range(i, after.end))
                i = after.end
                continue
            if after is not None and not any(k in claimed for k in range(i, after.end)):
                value = big if step == 2 else value
                # ("2000+ board feet": a plus before a noun bounds a quantity, not a year)
                plus_noun = after.phrase == "+" and after.end < n and \
                    text.tokens[after.end].kind == "word"
                if not bucket_label(text, i, after.end, as_op(after.meaning), value):
                    found.append(Comparison(as_op(after.meaning), value, i, after.end,
                                            looks_like_year(value) and not plus_noun))
                taken.update(range(i, after.end))
                i = after.end
                continue
        # (a word that opens no bound or comparative phrase has neither: lex.at says None)
        bound = _bound_at(text, lex, i, claimed) if words[i] in bounds else None
        if bound is not None:
            found.append(bound)
            taken.update(range(bound.start, bound.end))
            i = bound.end
            continue
        m = lex.at("comparative", words, i) if words[i] in comparing else None
        if m is None or m.meaning == "none":
            i += 1
            continue
        if m.phrase == "up to" and ((i > 0 and words[i - 1] in _ADDING_UP) or (
                m.end < n and words[m.end] in comparing
                and lex.at("comparative", words, m.end) is not None)):
            i = m.end  # "tickets that add up to more than 500 yards": a verb, no bound of its own
            continue
        j = _number_after(text, lex, m.end, claimed)
        one = _one_unit(text, lex, m.end) if j is None and m.meaning in (
            ">", "<", ">=", "<=") and m.phrase not in _TIME_WORDS else None
        if one is not None:
            # "longer than an hour", "more than a day": one of the unit, a duration's bound
            op = as_op(m.meaning)
            if negated_before(text, lex, i, reach=4) and op in NEGATED_OP:
                op = NEGATED_OP[op]
            found.append(Comparison(op, 1, i, one, duration=True))
            taken.update(range(i, one))
            i = one
            continue
        if j is None or j in taken:
            other = _other(text, lex, m.end) if m.meaning in (">", "<", ">=", "<=") else ""
            if other and m.phrase not in ("over", "under", "after", "before", "since", "until",
                                          "above", "below", "beyond", "up to"):
                found.append(Comparison(as_op(m.meaning), None, i, m.end, other=other))
            elif other and m.phrase in ("above", "below", "over", "under") and words[
                    m.end:m.end + 1] in (("their",), ("its",), ("the",)):
                # "under their reorder point", "above the average": another quantity
                found.append(Comparison(as_op(m.meaning), None, i, m.end, other=other))
            elif other and m.phrase in ("above", "below") and other.split()[-1] in _QUANTITIES:
                # "sold above list price", "stock below reorder level": another quantity of
                # the same row, named without an article
                found.append(Comparison(as_op(m.meaning), None, i, m.end, other=other))
            i = m.end
            continue
        value = number_at(text.tokens[j], lex)
        if value is not None:
            value = _whole(scaled(text, j, value))
        if value == 1 and m.meaning == ">=" and text.tokens[j].low == "one":
            taken.update(range(i, j + 1))
            i = j + 1  # "at least one order": there is one, a join or EXISTS says so
            continue
        if m.phrase == "within" and (j + 1 >= n or text.tokens[j + 1].kind != "word"):
            i = m.end  # "within 24 hours" wants its unit
            continue
        if text.tokens[j].low.endswith("%") and j + 1 < n and words[j + 1] == "of":
            i = m.end  # "greater than 89% of the average": a share of something else
            continue
        if j + 2 < n and words[j + 1] == "times" and words[j + 2] in _MULTIPLIED:
            # "revenue at least 3 times their 2024 revenue": a ratio of two quantities, no
            # value of a column (as "twice as many": the SQL compares two quantities)
            found.append(Comparison(as_op(m.meaning), None, i, j + 2,
                                    other=f"{words[j]} times"))
            taken.update(range(i, j + 2))
            i = j + 2
            continue
        if _margin(text, j):
            # "at least 20% over their budget": a margin over another quantity, no value of a
            # column (its tokens are claimed, so no reader takes the 20 for one)
            taken.update(range(i, j + 1))
            i = j + 1
            continue
        year = looks_like_year(value)
        if m.phrase in ("after", "before", "since", "until", "prior to", "later than",
                        "earlier than", "starting from") and not year:
            i = m.end  # "before 5 pm", "after 3 attempts": time words want a year here
            continue
        op = as_op(m.meaning)
        if negated_before(text, lex, i, reach=4) and op in NEGATED_OP:
            op = NEGATED_OP[op]  # "not higher than 4", "have not cost more than 1000"
        duration = j + 1 < n and lex.has("calendar_unit", words[j + 1])
        if not bucket_label(text, i, j + 1, op, value):
            found.append(Comparison(op, value, i, j + 1, year, duration=duration))
        taken.update(range(i, j + 1))
        i = j + 1
    return tuple(found), frozenset(taken)


#: Comparative phrases that place a moment, not a length ("after a day" is no duration).
_TIME_WORDS = frozenset({"after", "before", "since", "until", "prior to", "later than",
                         "earlier than", "starting from", "within"})


def _one_unit(text: Text, lex: Lexicon, k: int) -> int | None:
    """The end of the article at ``k`` when "a" / "an" and a calendar unit follow a
    comparative ("more than an hour", "longer than a week"): the article says one of the
    unit, as "more than 1 hour" does; else None."""
    words = text.words
    if k + 1 < len(words) and words[k] in ("a", "an") and lex.has("calendar_unit", words[k + 1]):
        return k + 1
    return None


@lru_cache(maxsize=64)  # one per lexicon (a ruleset's), as lexicon() keeps them
def _cues(lex: Lexicon) -> frozenset[str]:
    """Every word at which :func:`read` may find something besides a number: "from",
    "between", and the first words of a bound, a comparative or a spelled number."""
    return frozenset({"from", "between", *lex.starts("comparative_bound"),
                      *lex.starts("comparative"), *lex.starts("number_word")})


#: Words after a percentage that make it a margin over another quantity ("20% over budget",
#: "10% below quota", "5% higher than last year"), not a value of a column.
_MARGIN_WORDS = frozenset({"over", "above", "below", "under", "more", "less", "higher", "lower",
                           "greater", "beyond", "short", "up", "down"})


def _margin(text: Text, j: int) -> bool:
    """Is the number at ``j`` a percentage said as a margin over another quantity ("at least
    20% over their supply budget": spend >= 1.2 * budget), the word after it comparing and no
    number after that ("10% below 500" compares with 500, said outright)?

    >>> from stef_question.text import tokenize
    >>> _margin(tokenize("at least 20% over their budget"), 2)
    True
    >>> _margin(tokenize("contamination over 5% last week"), 2)
    False
    """
    words = text.words
    k = j + 1
    if not text.tokens[j].low.endswith("%"):
        if k < len(words) and words[k] in ("percent", "pct", "%"):
            k += 1
        else:
            return False
    if k >= len(words) or words[k] not in _MARGIN_WORDS:
        return False
    rest = text.tokens[k + 1:k + 4]
    return not any(t.kind == "number" for t in rest)


def _bound_at(text: Text, lex: Lexicon, i: int, claimed: frozenset[int]) -> Comparison | None:
    """"min 20 deliveries", "max 3 per customer": a bound word (``comparative_bound``) right
    before a number, ``>= 20`` / ``<= 3``. Only with the number next to it: "min price in
    2024" asks for an aggregate, and after a number the word is a unit ("30 min 2 days ago").

    >>> from stef_question.lexicon import lexicon
    >>> from stef_question.text import tokenize
    >>> t = tokenize("top 3 carriers by on-time rate, min 20 deliveries")
    >>> b = _bound_at(t, lexicon(), 7, frozenset())
    >>> (b.op, b.value)
    ('>=', 20)
    >>> _bound_at(tokenize("min price in 2024"), lexicon(), 0, frozenset()) is None
    True
    """
    m = lex.at("comparative_bound", text.words, i)
    j = i + 1 if m is not None else None
    if m is None or j is None or j >= len(text.tokens) or j in claimed:
        return None
    if text.tokens[j].kind != "number" or (i > 0 and text.tokens[i - 1].kind == "number"):
        return None
    value = number_at(text.tokens[j], lex)
    if value is None or looks_like_year(value):
        return None
    value = _whole(scaled(text, j, value))
    duration = j + 1 < len(text.tokens) and lex.has("calendar_unit", text.words[j + 1])
    return Comparison(as_op(m.meaning), value, i, j + 1, duration=duration)
