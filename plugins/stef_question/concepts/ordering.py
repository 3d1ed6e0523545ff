"""Requested order: "sorted by age", "in descending order", "from highest to lowest".

Only an explicit request: a superlative ("the most expensive") is a ranking, read by
:mod:`stef_question.concepts.superlatives`. "from the oldest to the youngest" is left out on
purpose: by age it is descending, by birth date ascending; the words do not say which column
sorts.

The SQL counterpart is the outer ``ORDER BY`` and the direction of its first key.

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> read(tokenize("List the players sorted by age in descending order."), lexicon(), frozenset())
OrderRequest(direction='desc', by='age')
>>> read(tokenize("Show the names alphabetically."), lexicon(), frozenset())
OrderRequest(direction='asc', by=None)
"""

from __future__ import annotations

import re
from typing import Literal

from stef_core.spec import OrderRequest
from stef_question.lexicon import Lexicon
from stef_question.text import Text

#: Words after which "order" is the noun ("per order by channel", "each order by date"),
#: among them the first halves of compound nouns ("the largest purchase order by total",
#: "work orders by priority" is a grouping of work orders, not a sort).
_NOUN_BEFORE = frozenset({"per", "each", "every", "an", "the", "one", "first", "last", "any",
                          "same", "single", "their", "its", "his", "her", "my", "our", "your",
                          "purchase", "sales", "sale", "work", "change", "service", "transfer",
                          "production", "blanket", "standing", "repair", "job", "customer",
                          "supplier", "vendor", "return", "replenishment", "manufacturing",
                          "maintenance", "release", "call-off", "limit", "market", "stop"})
#: Words after "ordered by" that make it the verb of a purchase ("dishes ordered by that
#: customer", "items ordered by each client"): a determiner or pronoun of who ordered, never a
#: sort key.
_BY_WHOM = frozenset({"that", "this", "these", "those", "each", "every", "any", "some", "a",
                      "an", "them", "him", "her", "whom", "who", "which", "me", "us", "you",
                      "someone", "somebody", "anyone"})
#: A superlative adjective right before "order" ("largest", "biggest", "latest"): a noun follows.
_SUPERLATIVE = re.compile(r"[a-z]{2,}est")
_BY_STOP = frozenset({",", ".", ";", "?", "!", "in", "from", "and", "then", "with"})


def read(text: Text, lex: Lexicon, claimed: frozenset[int]) -> OrderRequest | None:
    """The order the question asks for, or None."""
    words = text.words
    direction: Literal["asc", "desc"] | None = None
    by: str | None = None
    for m in lex.find("order", words, claimed):
        if m.phrase.startswith("order ") and m.start > 0 and (
                words[m.start - 1] in _NOUN_BEFORE or _SUPERLATIVE.fullmatch(words[m.start - 1])):
            # "items per order by region", "the biggest order by value": the noun "order",
            # then a grouping or what it is ranked by
            continue
        if m.phrase == "ordered by" and words[m.end:m.end + 1] and words[m.end] in _BY_WHOM:
            continue  # "the dishes ordered by that customer": bought, not sorted
        if m.meaning in ("asc", "desc"):
            direction = direction or ("asc" if m.meaning == "asc" else "desc")
            continue
        if by is None:
            taken: list[str] = []
            j = m.end
            while j < len(words) and words[j] not in _BY_STOP and len(taken) < 4:
                if lex.at("order", words, j) is not None:
                    break
                if words[j] not in ("the", "their", "its"):
                    taken.append(words[j])
                j += 1
            by = " ".join(taken) or None
    if direction is None and by is None:
        return None
    return OrderRequest(direction=direction, by=by)
