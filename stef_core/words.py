"""Words and identifiers: the one stemmer and the one identifier folding every stage uses.

The question reader anchors enrichment phrases in the question by stem and the aligner
matches the question's words with the SQL's identifiers by stem, both with :func:`stem`, so a
word that one stage calls the same as another is the same in the other. :func:`norm` folds an
identifier to compare column names spelled with other case or punctuation.

The offline judge's evidence (the SQL's words and tables found among the question's) uses
:func:`light_stem`, a lighter stemmer its shipped calibration was fitted on: stemming that
evidence with :func:`stem` changes the score of about 950 of the 7,900 dev-file records, so it
stays until the calibration is refitted (with a new evidence version).

>>> [stem(w) for w in ("cities", "emails", "closed", "closes", "matches", "running")]
['city', 'email', 'clos', 'clos', 'match', 'run']
>>> [light_stem(w) for w in ("cities", "emails", "closed", "closes", "matches", "running")]
['city', 'email', 'clos', 'clos', 'match', 'runn']
>>> norm("Free Meal Count"), norm("free_meal_count")
('freemealcount', 'freemealcount')

The words that ask for a rate, a share or a mean are here too, once: several aligner rules ask
"does the person ask for a rate?" or "... for a mean?", each with its own reading of the
question, fitted on its own records. Each builds its reading from these lists with
:func:`any_word` and says in its own module which part it takes and what it adds, so a word
added for one rule is added to the others knowingly.

>>> rate = any_word((*SHARE_WORDS, "rates"), percent_sign=True)
>>> [bool(rate.search(t)) for t in ("no-show rate", "% late", "their rates", "ratings")]
[True, True, True, False]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from stef_core.gated import Gated, gated, needles

__all__ = ["CODED_COLUMN_WORDS", "CODE_PARTS", "KEY_PARTS", "MEAN_FORMS", "MEAN_WORDS",
           "NAME_PARTS", "RATE_MEASURES", "SHARE_WORDS", "any_word", "light_stem", "norm",
           "one_of", "stem"]

_NOT_ALNUM = re.compile(r"[^a-z0-9]")


@lru_cache(maxsize=16384)
def norm(name: str) -> str:
    """An identifier without case or punctuation: ``Free Meal Count`` -> ``freemealcount``."""
    return _NOT_ALNUM.sub("", name.lower())


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A crude English stem: plural, -ing and -ed endings off ("cities" -> "city"), then a
    final e ("close", "closed" and "closes" -> "clos"). A verb's doubled last consonant goes
    with its ending ("shipped", "shipping" -> "ship"; "cancelled" -> "cancel", as British
    spelling doubles an l after e), and "-ied" is "-y" ("denied" -> "deny"), so a state
    value spelled as a participle meets the verb the question asks with.

    >>> [stem(w) for w in ("cancel", "cancelled", "canceling", "shipped", "denied", "closed")]
    ['cancel', 'cancel', 'cancel', 'ship', 'deny', 'clos']
    >>> [stem(w) for w in ("filled", "called", "added", "billing", "spelled")]
    ['fill', 'call', 'add', 'bill', 'spell']
    >>> [stem(w) for w in ("centres", "center", "labour", "labor", "colours", "hours", "genre")]
    ['center', 'center', 'labor', 'labor', 'color', 'hour', 'genr']
    """
    w = word.lower()
    if len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 4 and w.endswith(("sses", "ches", "shes", "xes")):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    elif len(w) > 5 and w.endswith("ing"):
        w = _undouble(w[:-3])
    elif len(w) > 4 and w.endswith("ied"):
        w = w[:-3] + "y"
    elif len(w) > 4 and w.endswith("ed"):
        w = _undouble(w[:-2])
    # British spelling meets American: "centre" a ``center_nm``, "theatre" "theater",
    # "labour" ``labor_cost``, "colour" ``color`` (only -tre/-bre and -our after five letters:
    # "genre", "store", "hour" and "four" keep theirs)
    if len(w) > 4 and w.endswith(("tre", "bre")):
        w = w[:-2] + "er"
    elif len(w) > 5 and w.endswith("our"):
        w = w[:-2] + "r"
    if len(w) > 3 and w.endswith("e") and not w.endswith(("ee", "ie", "ue")):
        w = w[:-1]
    return w


#: Consonants a verb doubles before -ed / -ing ("ship" -> "shipped", "submit" ->
#: "submitted"); not d (a base "add") nor s, z, f (a base "pass", "buzz", "staff").
_DOUBLED = frozenset("bgmnprt")


def _undouble(w: str) -> str:
    """``w`` (a word without its -ed / -ing) without a doubled last consonant the ending
    added: "shipp" -> "ship"; "cancell" -> "cancel" (l after e in a longer word: "spell",
    "fill" and "call" keep theirs)."""
    if len(w) < 4 or w[-1] != w[-2]:
        return w
    if w[-1] in _DOUBLED or (w[-1] == "l" and w[-3] == "e" and len(w) >= 6):
        return w[:-1]
    return w


@lru_cache(maxsize=16384)
def light_stem(word: str) -> str:
    """The offline judge's stemmer (see the module docstring): ``-ies`` to ``y``, else the
    first of ``-es``, ``-s``, ``-ing``, ``-ed`` that leaves three letters; no final e, and
    ``word`` is expected in lower case."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for suffix in ("es", "s", "ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


#: Words that ask for a share of rows or a rate: "the no-show rate", "what share of orders",
#: "the ratio", "percent late", "pct", "the proportion". Every rate or share reader takes
#: them and a "%" sign (the rule for an averaged row ratio in ``stef_align.aggregates`` all
#: but "proportion"); the plurals "rates", "percents", "percentages" and "fraction" only some.
SHARE_WORDS: tuple[str, ...] = ("rate", "share", "ratio", "percent", "percentage", "pct",
                                "proportion")
#: Measures that are rates by name, with no share word: "gross margin", "crop yield", "quota
#: attainment", "fleet utilisation", "seat occupancy" (regular-expression fragments).
RATE_MEASURES: tuple[str, ...] = ("margin", "yield", "attainment", "utili[sz]ation",
                                  "occupancy")
#: Words that ask for a mean: "avg order value", "the average wait", "mean score".
MEAN_WORDS: tuple[str, ...] = ("avg", "average", "mean")
#: Their other forms ("the average of the monthly averages", "averaged over", "means");
#: "typical" and "median" ask for a mean too in some readings, each says so.
MEAN_FORMS: tuple[str, ...] = ("averages", "averaged", "means")

#: Identifier name parts: the last part of a column that names a row rather than a fact about
#: it (``customer_id``, ``order_no``, ``invoice_nbr``, ``badge_number``, ``txn_ref``,
#: ``account_key``, ``user_uuid``, ``store_sk``). Rules that ask "is this column a key?" or
#: "which words does this key name?" take these, with :data:`CODE_PARTS` and
#: :data:`NAME_PARTS` when a code or a name identifies the row as well; a rule with a narrower
#: reading (the tenant guard's ``*_id``/``*_key`` only) says so in its own module.
KEY_PARTS: frozenset[str] = frozenset({"id", "ids", "key", "uuid", "guid", "sk", "no", "nbr",
                                       "num", "number", "nr", "ref"})
#: Code parts: ``status_cd``, ``region_code``.
CODE_PARTS: frozenset[str] = frozenset({"code", "cd"})
#: Words of a column that holds one coded value of a kind, state or outcome (``job_type``,
#: ``audit_result``): a reformulation names a code after them ("(status WAITING_PARTS)").
CODED_COLUMN_WORDS: frozenset[str] = frozenset({
    "status", "stage", "type", "code", "state", "result", "outcome", "disposition", "kind",
    "category", "reason", "channel", "tier", "level", "grade", "segment", "class", "source",
    "method", "mode"})
#: Name parts: ``dept_nm``, ``customer_name``.
NAME_PARTS: frozenset[str] = frozenset({"name", "nm"})
#: Yes/no flag parts: ``is_refund``, ``has_locker``, ``refund_flg``, ``vip_ind``, ``paid_yn``.
FLAG_PARTS: frozenset[str] = frozenset({"is", "has", "flag", "flg", "ind", "yn"})
#: Short codes data writes a word with, too short or too far from it to read as its
#: abbreviation by letters: 'MX_CXL' is a cancellation for maintenance, ``pax`` passengers.
#: (The short codes of a cancelled state are ``stef_align.guards.CANCEL_CODES``.)
SHORT_WORDS: dict[str, str] = {"mx": "maintenance", "mnt": "maintenance",
                               "maint": "maintenance", "wx": "weather", "intl": "international",
                               "pax": "passengers"}


def state_before(word: str, following: str) -> bool:
    """Is ``word`` a state said as a past participle before the noun it qualifies ("recalled
    appliances", "cancelled orders"): the thing named is ``following``?

    >>> state_before("recalled", "appliances"), state_before("need", "parts")
    (True, False)
    """
    return len(word) > 4 and word.endswith("ed") and not following.endswith("ed")


def one_of(words: Iterable[str]) -> str:
    r"""A regular-expression group matching any of ``words`` (each a fragment, as written):
    ``(?:avg|average|mean)``, for a pattern that holds a word list among other parts."""
    return "(?:" + "|".join(words) + ")"


def any_word(words: Iterable[str], *, percent_sign: bool = False,
             flags: int = 0) -> Gated | re.Pattern[str]:
    r"""A pattern that finds any of ``words`` as a whole word (each a fragment:
    ``utili[sz]ation``, ``load\s+factor``) and, with ``percent_sign``, a "%" anywhere. Gated
    (:func:`stef_core.gated.gated`: searched only in texts that hold one of its literals)
    where its literals can be read; compiled as it is where they cannot (case ignored, more
    words than are worth testing), as a gate without needles would search every text anyway.

    >>> p = any_word(MEAN_WORDS)
    >>> p.pattern, bool(p.search("the avg wait")), bool(p.search("averaged"))
    ('\\b(?:avg|average|mean)\\b', True, False)
    """
    pattern = rf"\b{one_of(words)}\b"
    if percent_sign:
        pattern = "%|" + pattern
    return gated(pattern, flags) if needles(pattern, flags) else re.compile(pattern, flags)
