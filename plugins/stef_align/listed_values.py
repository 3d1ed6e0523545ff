"""A list of values the question names, kept short by one: ``filter.value_mismatch`` (major).

"Dozens sold last month of titleist, callaway or taylormade" answered with ``brand IN
('titleist', 'callaway')``, "cherry and birch orders" with ``species IN ('CHERRY')``: the SQL
keeps a list of values every one of which the question names in one coordinated list, and
leaves out another word of that list, which nothing in the SQL reads (no literal, no column or
table). The list in the SQL is the question's list, one item short.

Read only where the list's words are single words of the person's own text, each SQL value
matches one of them (its value key, or a code that starts with the word: ``'RACC'`` for
"raccoon"), and the word left out is read nowhere in the SQL.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("cherry and birch orders last month by zone", None)
>>> sql = "SELECT zone, COUNT(*) FROM o WHERE species IN ('CHERRY') GROUP BY zone"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.value_mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("('CHERRY')", "('CHERRY', 'BIRCH')")))
[]
"""

from __future__ import annotations

import re

from stef_align.names import in_identifiers
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.values import value_key
from stef_core.words import stem

#: A coordinated list of single words: "a, b or c", "a and b", "a, b, and c".
_LIST = re.compile(r"\b([a-z][a-z0-9-]{2,})((?:\s*,\s*[a-z][a-z0-9-]{2,}){0,4})\s*,?\s+(?:and|or)"
                   r"\s+([a-z][a-z0-9-]{2,})\b")
#: Words a coordinated list holds that are no values (function words, pronouns, measures).
_NOT_VALUES = frozenset({"the", "their", "its", "all", "any", "each", "every", "both", "either",
                         "neither", "those", "these", "them", "they", "who", "which", "that",
                         # a second clause: "still open and what are they worth"
                         "what", "how", "where", "when", "why", "whose", "show", "list",
                         "give", "tell", "see", "also", "then", "there", "here", "our", "your",
                         "his", "her", "she", "him", "you", "yet", "still",
                         # "BAL and other cities": the rest, no value
                         "other", "others", "another", "rest", "remaining", "else",
                         "with", "without", "per", "by", "for", "from", "not", "more", "less",
                         "count", "total", "number", "name", "names", "email", "phone", "date",
                         "dates", "amount", "revenue", "sales", "orders",
                         # verbs: "rejected or had over 10% rot" joins two predicates
                         "had", "has", "have", "was", "were", "are", "is", "did", "does", "do",
                         "went", "got", "made", "came", "been", "being", "will", "can",
                         # comparatives: "advanced or higher" is a bound, not a second value
                         "higher", "lower", "above", "below", "better", "worse", "older",
                         "newer", "over", "under", "greater", "fewer", "later", "earlier"})
#: Words that make the next one a period or a group, not a list item ("last quarter, ...").
_TIMED = re.compile(r"\b(?:last|this|next|past|per|by|each|every|previous|prior)\s+$")


def _lists(text: str) -> list[list[str]]:
    out = []
    for m in _LIST.finditer(text[:2000]):
        words = [m.group(1), *re.findall(r"[a-z][a-z0-9-]{2,}", m.group(2)), m.group(3)]
        if _TIMED.search(text[max(0, m.start() - 12):m.start()]):
            words = words[1:]  # "last quarter, dual and solo only": a period, then the list
        if not any(w in _NOT_VALUES for w in words):
            out.append(words)
    return out[:8]


def _names(word: str, value: str) -> bool:
    """Does a listed word name an SQL value: the same key or one stem? (A code the word
    starts with may stand for more than the word: "school and team orders" / 'SCH', the
    school-and-team segment.)"""
    w, v = value_key(word), value_key(value).replace("_", " ")
    return w == v or stem(w) == stem(v)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    lists = _lists(q.own_words.lower())
    if not lists:
        return []
    said = " ".join(value_key(str(v)) for v in sql.literals[:256])
    for f in sql.filters[:64]:
        if f.op not in ("=", "in") or f.excluded or not f.column:
            continue
        values = [v for v in f.values if isinstance(v, str)]
        if not values or len(values) != len(f.values):
            continue
        for words in lists:
            if not all(any(_names(w, v) for w in words) for v in values):
                continue  # a value the list does not name: another list
            left = [w for w in words if not any(_names(w, v) for v in values)
                    and stem(w) not in said and not in_identifiers(w, sql)]
            if left and len(left) < len(words):
                kept = ", ".join(f"'{v}'" for v in values)
                return [reason(
                    "filter.value_mismatch",
                    f"the question lists {', '.join(words)}, but the SQL keeps {f.column} in "
                    f"({kept}): {left[0]} is left out and nothing in the SQL reads it",
                    "major")]
    return []
