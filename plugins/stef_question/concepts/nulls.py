"""Known and missing values: "customers with a known email" is ``email IS NOT NULL``,
"orders with a missing ship date", "employees without a manager", "customers who do not have
an email address" are ``IS NULL``.

The SQL counterpart is ``IS [NOT] NULL`` on the named column (or ``<> ''`` for text).

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> read(tokenize("List the customers with a known email"), lexicon(), frozenset())
(('email', 'is not null', 3, 7),)
>>> read(tokenize("Which orders have an unknown ship_date?"), lexicon(), frozenset())
(('ship_date', 'is null', 2, 6),)
>>> read(tokenize("Which customers do not have an email address on file?"), lexicon(), frozenset())
(('email address', 'is null', 3, 8),)
>>> read(tokenize("sales without shipping last month"), lexicon(), frozenset())
()
>>> read(tokenize("orders without shipping last month"), lexicon(), frozenset())
(('shipping', 'is null', 1, 3),)
"""

from __future__ import annotations

from stef_core.spec import Op, as_op
from stef_question.concepts.comparatives import amount_without
from stef_question.lexicon import Lexicon
from stef_question.text import Text

_HAVE = frozenset({"with", "has", "have", "having", "had"})
_ARTICLES = frozenset({"a", "an", "the", "their", "its"})
_BE = frozenset({"is", "are", "was", "were"})
_NOT_NOUNS = frozenset({"more", "less", "fewer", "longer", "later", "earlier", "other", "one",
                        "doubt", "exception", "limit", "regard", "reason", "need", "use",
                        "help", "being", "having", "respect", "exceeding"})


#: A part an amount is stated without ("sales without shipping"): see
#: :func:`stef_question.concepts.comparatives.amount_without`.


def read(
    text: Text, lex: Lexicon, claimed: frozenset[int]
) -> tuple[tuple[str, Op, int, int], ...]:
    """``(column word, 'is null' | 'is not null', start, end)`` for each presence phrase."""
    words = text.words
    n = len(words)
    out: list[tuple[str, Op, int, int]] = []
    # Each pass below reads only around its own words ("with", "have" ...; "without"; "is",
    # "are" ...): a question holding none of them is not walked (most hold none of the first).
    have = not _HAVE.isdisjoint(words)
    for i, w in enumerate(words if have else ()):
        if i in claimed or w not in _HAVE:
            continue
        j = i + 1
        if j < n and words[j] in _ARTICLES:
            j += 1
        m = lex.at("presence", words, j)
        if m is None or m.phrase.startswith("without") or m.end >= n:
            continue
        if text.tokens[m.end].kind == "word":
            out.append((words[m.end], as_op(m.meaning), i, m.end + 1))
    # "without a manager", "do not have an email address", "have no phone": IS NULL
    for i, w in enumerate(words if have or "without" in words else ()):
        if i in claimed:
            continue
        start: int | None = None
        if w == "without":
            start = i + 1
        elif i + 1 < n and (
                (w in ("not", "n't", "never") and words[i + 1] in _HAVE)
                or (w in _HAVE and w != "with" and words[i + 1] == "no")):
            start = i + 2
        if start is None:
            continue
        if w == "without" and amount_without(words, i):
            continue  # "sales without shipping": the amount summed, not orders with none
        j = start
        while j < n and words[j] in (*_ARTICLES, "any"):
            j += 1
        if j < n and (lex.at("comparative", words, j) is not None or words[j] in _NOT_NOUNS):
            continue  # "have no more than 2", "without any doubt"
        if any(t.kind in ("quoted", "number") or t.cap for t in text.tokens[j:j + 3]):
            continue  # "do not have the nationality 'USA'": a value, negated by the value reader
        if j + 1 < n and words[j + 1] == "of":
            continue  # "without the need of compilation", "without a change of": no column
        if j < n and text.tokens[j].kind == "word" and j not in claimed and not text.tokens[j].cap:
            end = j + 1
            while end < n and text.tokens[end].kind == "word" and words[end] in (
                    "address", "number", "date", "name", "id"):
                end += 1
            out.append((" ".join(words[j:end]), "is null", i, end))
    for i in range(1, n - 1) if not _BE.isdisjoint(words) else ():
        if words[i] in _BE and text.tokens[i - 1].kind == "word" and i - 1 not in claimed:
            m = lex.at("presence", words, i + 1)
            if m is not None and not m.phrase.startswith("without") and m.phrase != "available":
                out.append((words[i - 1], as_op(m.meaning), i - 1, m.end))
    return tuple(out)
