"""Known and missing values: "customers with a known email" is ``email IS NOT NULL``,
"orders with a missing ship date" ``ship_date IS NULL``.

The SQL counterpart is ``IS [NOT] NULL`` on the named column (or ``<> ''`` for text).

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> read(tokenize("List the customers with a known email"), lexicon(), frozenset())
(('email', 'is not null', 3, 7),)
>>> read(tokenize("Which orders have an unknown ship_date?"), lexicon(), frozenset())
(('ship_date', 'is null', 2, 6),)
"""

from __future__ import annotations

from stef_question.lexicon import Lexicon
from stef_question.text import Text

_HAVE = frozenset({"with", "has", "have", "having", "had"})
_ARTICLES = frozenset({"a", "an", "the", "their", "its"})
_BE = frozenset({"is", "are", "was", "were"})


def read(
    text: Text, lex: Lexicon, claimed: frozenset[int]
) -> tuple[tuple[str, str, int, int], ...]:
    """``(column word, 'is null' | 'is not null', start, end)`` for each presence phrase."""
    words = text.words
    n = len(words)
    out: list[tuple[str, str, int, int]] = []
    for i, w in enumerate(words):
        if i in claimed or w not in _HAVE:
            continue
        j = i + 1
        if j < n and words[j] in _ARTICLES:
            j += 1
        m = lex.at("presence", words, j)
        if m is None or m.phrase.startswith("without") or m.end >= n:
            continue
        if text.tokens[m.end].kind == "word":
            out.append((words[m.end], m.meaning, i, m.end + 1))
    for i in range(1, n - 1):
        if words[i] in _BE and text.tokens[i - 1].kind == "word" and i - 1 not in claimed:
            m = lex.at("presence", words, i + 1)
            if m is not None and not m.phrase.startswith("without") and m.phrase != "available":
                out.append((words[i - 1], m.meaning, i - 1, m.end))
    return tuple(out)
