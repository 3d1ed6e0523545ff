"""Do a required value and a SQL value mean the same constant?

Values are compared by key (``5`` and ``'5'``, case and spaces folded), then loosely: a LIKE
pattern that covers the value, one name inside the other ('smith' in 'john smith'), an
abbreviation ('svk' for 'slovakia', 'eur' for 'euro'), a date written with and without
separators ('2013-05' and 201305), and a year against a date in it (1950 and '1950-01-01').

>>> value_match("new york", "york", "=")
False
>>> value_match("slovakia", "svk", "="), value_match("euro", "eur", "=")
(True, True)
>>> value_match(1950, "1950-01-01", "<"), value_match("2013-05", 201305, "=")
(True, True)
"""

from __future__ import annotations

import re
from functools import lru_cache

from stef_core.countries import country_of, is_code_of, is_country_code
from stef_core.spec import SUBQUERY, Scalar, Value
from stef_core.values import abbreviates, value_key

#: Most values of one IN list compared loosely (exact keys are looked up, not scanned).
MAX_LOOSE = 64
_NUM = re.compile(r"-?\d+(\.\d+)?")
_DATEISH = re.compile(r"\d{4}[-/]\d{2}([-/]\d{2})?")
_DIGITS_ONLY = re.compile(r"[\d\-/ :.]{6,}")


#: Most elements of one IN list compared (a pasted list of 50,000 ids is matched on its first
#: ones: enough to tell whether a value is there, never a quadratic cost).
MAX_KEYS = 4096


def keys(value: Value) -> frozenset[str]:
    """Comparison keys of a value (every element of a tuple, up to :data:`MAX_KEYS`)."""
    if isinstance(value, tuple):
        return _tuple_keys(value[:MAX_KEYS])
    return frozenset((value_key(value),))


@lru_cache(maxsize=256)
def _tuple_keys(values: tuple[Scalar, ...]) -> frozenset[str]:
    return frozenset(value_key(v) for v in values)


def is_number(key: str) -> bool:
    return _NUM.fullmatch(key) is not None


def is_year(value: object) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool) and 1800 <= value <= 2100) or (
        isinstance(value, str) and re.fullmatch(r"(18|19|20)\d\d", value) is not None
    )


def _like_covers(pattern: str, value: str) -> bool:
    core = pattern.strip("%").replace("%", " ").replace("_", " ").strip()
    return bool(core) and (core in value or value in core)


#: Words a name may carry that its stored value drops ("Alameda County" is 'Alameda').
GENERIC = frozenset({
    "county", "city", "town", "state", "province", "region", "district", "country", "republic",
    "school", "schools", "university", "college", "street", "road", "avenue", "st", "rd", "ave",
    "company", "inc", "corp", "corporation", "ltd", "llc", "co", "team", "club", "department",
    "dept", "airport", "station", "park", "the", "of", "area", "island", "islands", "lake",
    "river", "mountain", "hospital", "store", "shop", "restaurant", "hotel", "group", "museum",
    "library", "center", "centre", "category", "segment", "type", "brand", "genre", "airlines",
    "airline", "airways", "motor", "motors", "holdings", "international", "olympics",
    "games", "season", "event", "events", "sku", "isbn", "vin", "upc", "asin", "ean",
    "professor", "prof", "dr", "doctor", "mr", "mrs", "ms", "miss", "sir", "dame", "captain",
    "coach", "judge", "senator", "president",
})


_DEMONYM_ENDINGS = ("an", "ian", "ish", "ese", "ean", "i", "ic", "n", "ns", "s")


def _demonym_of(a: str, b: str) -> bool:
    """Is one word the people's adjective of the other ('european' / 'europe', 'swedish' /
    'sweden'): they share all but the last two letters of the shorter, and the longer ends in
    a demonym ending? ('austria' / 'australia', 'bangalore' / 'bangladesh' are not.)

    >>> _demonym_of("european", "europe"), _demonym_of("austria", "australia")
    (True, False)
    """
    short, long_ = sorted((a, b), key=len)
    n = 0
    while n < len(short) and short[n] == long_[n]:
        n += 1
    return n >= max(4, len(short) - 2) and len(long_) - n <= 4 and long_[n:].endswith(
        _DEMONYM_ENDINGS)


#: What separates the words of a stored code ('past_due', 'follow-up') or of a phrase.
_SEPARATORS = re.compile(r"[\s_\-]+")


def _loose(q: str, s: str, s_op: str) -> bool:
    if is_number(s):
        return False  # 100000 is not "part of" 1000000
    if len(q) > 3 and q.rstrip("s") == s.rstrip("s"):
        return True  # "Machine-op-inspcts" / 'machine-op-inspct'
    if len(q) > 3 and _SEPARATORS.sub(" ", q) == _SEPARATORS.sub(" ", s):
        return True  # "past due" / 'past_due', "follow up" / 'follow-up'
    if " " not in q and " " not in s and min(len(q), len(s)) >= 5 and q.isalpha() \
            and s.isalpha() and _demonym_of(q, s):
        return True  # a demonym for its place: "European" / 'europe', "Swedish" / 'sweden'
    if s_op in ("like", "not like") and _like_covers(s, q):
        return True
    if len(s) >= 3 and (s.startswith(q) or (len(q) >= 4 and q in s)):
        return True  # the SQL spells the value out more fully ('smith' -> 'john smith')
    if len(s) >= 3 and s in q:
        # The SQL value drops words of the question's: fine when they only say what kind of
        # thing it is ("Alameda County" -> 'alameda'), not when they name it ("New York").
        rest = q.replace(s, " ").split()
        if all(w in GENERIC for w in rest):
            return True
    if " " not in s and abbreviates(s, q):
        return True
    return " " not in q and abbreviates(q, s)  # 'bk' for 'book'


def value_match(q: Value, s: Value, s_op: str) -> bool:
    """Do two normalized values mean the same constant (or does the SQL pattern cover it)?"""
    if s == SUBQUERY:
        return False
    qk, sk = keys(q), keys(s)
    if qk & sk:
        return True
    # Dates written with and without separators: '2013-05' and 201305.
    qd = {re.sub(r"\D", "", k) for k in qk if _DATEISH.fullmatch(k)}
    if qd:
        for k in list(sk)[:MAX_LOOSE]:
            if _DIGITS_ONLY.fullmatch(k):
                digits = re.sub(r"\D", "", k)
                if digits in qd or any(digits.startswith(d) for d in qd):
                    return True
    # A year against a date inside it: 1950 and '1950-01-01', '2010%'.
    years = [k for k in qk if is_year(k)]
    if years:
        for k in list(sk)[:MAX_LOOSE]:
            if any(k[:4] == y and not k[4:5].isdigit() for y in years):
                return True
    if s_op in ("like", "not like") and any(
            k.strip("%") in qk for k in list(sk)[:MAX_LOOSE] if k.strip("%")):
        return True  # "the letter 'w'" / LIKE '%w%'
    qs = [k for k in qk if len(k) >= 2 and not is_number(k)]
    if not qs:
        return False
    ss = list(sk)[:MAX_LOOSE]
    countries = [k for k in qs[:MAX_LOOSE] if country_of(k) is not None]
    if countries and any(is_country_code(k) for k in ss):
        # a country by its ISO code: 'DE' or 'DEU' for "German", never 'GE' (Georgia's)
        return any(is_code_of(s1, q1) for q1 in countries for s1 in ss)
    return any(_loose(q1, s1, s_op) for q1 in qs[:MAX_LOOSE] for s1 in ss)


def mentions(text: str, value: str) -> bool:
    """Does folded ``text`` spell out ``value`` as whole words (LIKE wildcards stripped)?"""
    core = value.strip("%_ ").replace("%", " ").strip()
    if len(core) < 2 or not text:
        return False
    start = text.find(core)
    while start >= 0:
        end = start + len(core)
        if (start == 0 or not text[start - 1].isalnum()) and (
            end == len(text) or not text[end].isalnum()
        ):
            return True
        start = text.find(core, start + 1)
    return False
