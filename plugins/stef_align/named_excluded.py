"""A state named and left out: ``filter.operator_mismatch`` (critical) when the question names
the rows by a state ("cancelled bookings by venue last month") and the SQL keeps every row
but those in it (``status != 'cancelled'``, ``status NOT IN ('cancelled')``). The rows may be
named by the action's noun ("cancellations by venue", "withdrawals per cohort") and the state
by a short cancel code (``status <> 'CXL'``).

The question's word is the state the rows are in; the SQL's exclusion answers its opposite. Only
the person's own words are read, and only a word no negation reaches ("not cancelled",
"non-cancelled", "excluding cancelled", "other than cancelled", "without cancelled ones"
ask for the exclusion itself); a value also kept positively elsewhere in the SQL (a CASE on
it, a second branch) is left alone.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("cancelled bookings by venue last month", None)
>>> sql = "SELECT venue_id, COUNT(*) FROM bookings WHERE status != 'cancelled' GROUP BY 1"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.operator_mismatch', 'critical')]
>>> check(question_spec("bookings by venue, not cancelled", None), extract_spec(sql))
[]

The same holds for a kind the question names its rows by ("pop-up revenue this month" /
``visit_kind <> 'POPUP'``, critical) and for a flag its words name kept on its unset side
("after-hours calls" / ``is_after_hours = false``, major: the flag is only probably the
word's).

>>> def codes(question, sql):
...     return [(r.code, r.severity) for r in check(question_spec(question, None),
...                                                 extract_spec(sql))]
>>> codes("pop-up revenue this month", "SELECT SUM(amt) FROM visits WHERE kind <> 'POPUP'")
[('filter.operator_mismatch', 'critical')]
>>> codes("after-hours calls", "SELECT COUNT(*) FROM jobs WHERE is_after_hours = false")
[('filter.value_mismatch', 'major')]
>>> codes("after-hours calls", "SELECT COUNT(*) FROM jobs WHERE is_after_hours = true")
[]
"""

from __future__ import annotations

import re

from stef_align.filters import families, family
from stef_align.guards import CANCEL_CODES
from stef_align.names import flag_column, parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.values import kept_side, value_key
from stef_core.words import FLAG_PARTS

#: Words that leave rows out or negate: a question holding one may ask for the exclusion
#: itself ("outside France", "excluding those in Sales", "other than cancelled").
_NEGATING = frozenset({"not", "non", "no", "never", "excluding", "exclude", "excludes",
                       "excluded", "except", "without", "other", "than", "ignoring", "ignore",
                       "minus", "nor", "neither", "outside", "besides", "apart", "aside",
                       "leaving", "omitting", "remove", "removing", "drop", "dropping",
                       "vs", "versus", "isnt", "arent", "wasnt", "werent", "un",
                       "exclusive", "barring", "bar", "excepting", "save", "sans", "less",
                       "but", "beyond", "instead", "unlike", "net", "excl"})
#: Words after which a participle stands before its noun as a state ("the cancelled
#: bookings", "how many cancelled orders", "with refunded orders").
_BEFORE_STATE = frozenset({"the", "all", "any", "many", "of", "with", "for", "per", "most",
                           "list", "show", "count", "total", "our", "my", "these", "those"})
_FUNCTION = frozenset({"in", "on", "at", "by", "to", "from", "for", "of", "with", "and", "or",
                       "last", "this", "yesterday", "today", "since", "before", "after",
                       "during", "between", "per", "than", "as", "is", "are", "was", "were"})
_WORD = re.compile(r"[a-z][a-z_']*")


def _named_state(words: list[str], i: int) -> bool:
    """Is ``words[i]`` a participle standing as a state before its noun: opening the question
    or after a determiner ("cancelled bookings by venue", "the refunded orders")?"""
    w = words[i]
    return (len(w) > 4 and w.endswith("ed") and i + 1 < len(words)
            and words[i + 1] not in _FUNCTION and (i == 0 or words[i - 1] in _BEFORE_STATE))


#: The states a short cancel code ('CXL', :data:`stef_align.guards.CANCEL_CODES`) spells.
_CANCELLED = frozenset({"cancelled", "canceled"})
#: Nouns of an action whose rows are the ones in its state: "cancellations by venue" are the
#: cancelled bookings, "withdrawals per cohort" the withdrawn students.
_ACTION = re.compile(r"[a-z]{4,}(?:ations?|ions?|als?)")


def _named_action(words: list[str], said: str) -> bool:
    """Does the question count an action by its noun ("cancellations by venue", "withdrawals
    per cohort") whose state the SQL's excluded value ``said`` is ('cancelled', 'withdrawn',
    'CXL')? The rows it asks for are those in that state.

    >>> _named_action(["cancellations", "by", "venue"], "cancelled")
    True
    >>> _named_action(["cancellations", "by", "venue"], "cxl")
    True
    >>> _named_action(["bookings", "by", "venue"], "cancelled")
    False
    >>> _named_action(["total", "by", "venue"], "refunded")
    False
    >>> _named_action(["revenue", "after", "cancellations"], "cancelled")
    False
    """
    root = family(said)
    if root == said or len(root) < 4:
        return False
    return any(_ACTION.fullmatch(w) and (i == 0 or words[i - 1] in _BEFORE_STATE)
               and root in families(w) for i, w in enumerate(words[:64]))


def _modifier(words: list[str], said: str) -> tuple[str, str] | None:
    """The question's words that name ``said`` as a kind of the rows, and the noun after them
    ("pop-up revenue" / 'POPUP', "online orders" / 'online', "after hours calls" /
    ``after_hours``)."""
    for n in (1, 2, 3):
        for i in range(len(words) - n):
            if i > 0 and words[i - 1] == "self":
                continue  # "self-guided rentals": without a guide, the flag's unset side
            # ("after hours": a function word inside a compound is part of its name)
            if "".join(words[i:i + n]) == said and words[i + n] not in _FUNCTION and (
                    (len(said) >= 3 and words[i] not in _FUNCTION) or n > 1):
                return " ".join(words[i:i + n]), words[i + n]
    return None


#: Flags a deployment keeps unset on every query (test, deleted, void rows ...): a word of
#: the question that spells one ("test weight", "void fill") does not ask for its rows.
_GUARD_FLAGS = frozenset({"test", "tst", "demo", "deleted", "del", "void", "voided", "internal",
                          "training", "train", "sandbox", "dummy", "fake", "archived", "hidden",
                          "spam", "fraud", "dup", "duplicate", "trial", "staff", "stafftest"})


def _flag_name(column: str) -> str:
    """A flag column's name without its flag parts (``is_after_hours``, ``after_hrs_flg``
    -> 'afterhours', 'afterhrs')."""
    return "".join(p for p in parts(column.split(".")[-1]) if p not in FLAG_PARTS)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    unset = [f for f in sql.filters[:256] if f.column and flag_column(f.column)
             and not f.excluded and f.source == "where" and kept_side(f.op, f.value) is False]
    if not unset and not any(f.column is not None and f.op in ("!=", "not in")
                             and not f.excluded for f in sql.filters[:256]):
        return []  # the SQL keeps no value out, the only thing read below: question unread
    own = q.own_words[:2000].lower()
    words = _WORD.findall(own.replace("n't", " not").replace("-", " "))
    if not words or set(words) & _NEGATING:
        return []
    # a negation is the filter aligner's to judge
    if any(f.op in ("!=", "not in") for f in q.filters[:64]):
        return []
    read = {value_key(v) for f in q.filters[:64]
            for v in (f.value if isinstance(f.value, tuple) else (f.value,))
            if isinstance(v, str)}
    positive = {value_key(v) for f in sql.filters[:256] if f.op in ("=", "in")
                for v in (f.value if isinstance(f.value, tuple) else (f.value,))
                if isinstance(v, str)}
    for f in sql.filters[:256]:
        if f.column is None or f.op not in ("!=", "not in") or f.excluded:
            continue
        values = f.value if isinstance(f.value, tuple) else (f.value,)
        if len(values) != 1 or not isinstance(values[0], str):
            continue
        said = value_key(values[0])
        if said in positive or said in read:
            continue
        if any((w == said or (said in CANCEL_CODES and w in _CANCELLED))
               and _named_state(words, i) for i, w in enumerate(words)) or _named_action(
                   words, said):
            return [reason(
                "filter.operator_mismatch",
                f"the question asks for the "
                f"{'cancelled' if said in CANCEL_CODES else said} rows, but the SQL keeps "
                "every row except "
                f"them ({f.column} {f.op} '{values[0]}')",
                "critical",
            )]
        # "pop-up revenue this month" / ``visit_kind <> 'POPUP'``: the kind the question
        # names its rows by is the one value the SQL leaves out (session 44, issue 20)
        named = _modifier(words, said.replace("_", ""))
        if named is not None:
            return [reason(
                "filter.operator_mismatch",
                f"the question asks for {' '.join(named)}, but the SQL keeps every row except "
                f"the {named[0]} ones ({f.column} {f.op} '{values[0]}')",
                "critical",
            )]
    kept = {f.column for f in sql.filters[:256] if f.column and kept_side(f.op, f.value)}
    for f in unset:
        name = _flag_name(f.column or "")
        if name in _GUARD_FLAGS:
            continue  # "median test wt" / is_test = 0: a guard's flag, not the word's
        named = _modifier(words, name) if f.column not in kept else None
        if named is not None:
            # "after-hours calls this month" / ``is_after_hours = false``: the flag the
            # question's word names is kept on its unset side
            return [reason(
                "filter.value_mismatch",
                f"the question asks for {' '.join(named)}, but the SQL keeps those whose "
                f"{f.column} is not set ({f.describe()})",
                "major",
            )]
    return []
