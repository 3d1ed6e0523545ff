"""Question text as tokens: the one pass every concept reader starts from.

A :class:`Text` is the (capped) text and its tokens: words, numbers, number ranges, quoted
strings and punctuation, each with its character span. Tokenizing is one regular-expression
pass, linear in the text; the text is capped at :data:`MAX_CHARS` characters and
:data:`MAX_TOKENS` tokens, so every reader downstream works on a bounded input whatever a log
line holds.

>>> t = tokenize("How many orders over 100 came from 'ACME Corp' in Rotterdam?")
>>> [(tok.kind, tok.low) for tok in t.tokens if tok.kind != "punct"][-5:]
[('word', 'came'), ('word', 'from'), ('quoted', 'acme corp'), ('word', 'in'), ('word', 'rotterdam')]
>>> t.tokens[-2].cap, t.tokens[0].sentence_start
(True, True)
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

#: Longest question (or enrichment) text read, in characters. Real questions are a few hundred
#: characters; the cap bounds the work on a pathological log line.
MAX_CHARS = 4000
#: Most tokens read from one text.
MAX_TOKENS = 600

# Only make the scan cheaper, never change a token: the blanks before a token are taken with
# it (``\s*``; the token is its group's span), so the loop below sees one match a token instead
# of two; a run of blanks no token follows is consumed at once by the last branch (else every
# branch is tried at each blank); a word whose first letter opens no other branch (only money
# opens with a letter: U, E, G, R) is taken before the ten branches it would fail first; it is
# the ``word`` branch's pattern. The same for punctuation no other branch opens with (all but
# quotes and the minus of a number: ``mark``, read as ``punct``), and the branches are ordered
# by the character they open with where that changes no match: a branch is tried only where its
# first character stands, and the letters' (money, then word) come before the digits' seven
# (which keep their order, as quotes and the minus keep theirs before ``punct``).
_TOKEN = re.compile(
    r"""
    \s*(?:
    (?P<plain>[^\W\d_UuEeGgRr][\w]*(?:['’&-][\w]+)*)
  | (?P<mark>[^\s\w"'“‘`-])
  | (?P<quoted>
        (?<![\w])"(?P<dq>[^"\n]{1,200})"
      | (?<![\w'])'(?P<sq>[^'\n]{1,200})'(?![\w])
      | “(?P<cdq>[^”\n]{1,200})”
      | ‘(?P<csq>[^’\n]{1,200})’
      | `(?P<bq>[^`\n]{1,200})`
    )
  | (?P<money>(?<![\w])(?:[Uu][Ss][Dd]|[Uu][Ss]\$|[Ee][Uu][Rr]|[Gg][Bb][Pp]|[Rr]s\.?)\s?
        (?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)
  | (?P<word>[^\W\d_][\w]*(?:['’&-][\w]+)*)
  | (?P<clock>(?<![\w:])\d{1,2}:\d{2}(?::\d{2})?(?![\w:]))
  | (?P<version>(?<![\w.])\d+(?:\.\d+){2,}(?![\w.]))
  | (?P<fraction>(?<![\w/])\d+[-\s]\d+/\d+(?![\w/]))
  | (?P<range>\d+(?:[-–]\d+)+)
  | (?P<decade>(?<![\w])\d{3}0'?s\b)
  | (?P<ordinal>(?<![\w])\d+(?:st|nd|rd|th)\b)
  | (?P<code>(?<![\w])\d+[A-Z][\w-]*|(?<![\w])\d+[a-z]+\d[\w-]*)
  | (?P<number>(?<![\w])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?)
  | (?P<punct>[^\s\w])
    )
  | (?P<space>\s+)
    """,
    re.VERBOSE,
)


class Token(NamedTuple):
    """One token. ``low`` is the lower-cased form (for quoted strings: the folded content);
    ``cap`` whether a word starts with a capital; ``sentence_start`` whether it opens a
    sentence (so its capital is typography, not a name). A named tuple: a question makes a few
    dozen, and a tuple is made in a third of a frozen dataclass's time."""

    text: str
    low: str
    start: int
    end: int
    kind: str  # word (codes included), number, range, quoted, punct
    cap: bool = False
    sentence_start: bool = False


#: A token's end (``Token.end``, its fourth field).
_END = itemgetter(3)


@dataclass(frozen=True, slots=True)
class Text:
    """A capped text and its tokens."""

    raw: str
    tokens: tuple[Token, ...]
    #: The lower-cased form of every token, in order (what lexicon phrases match).
    words: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.words and self.tokens:
            object.__setattr__(self, "words", tuple(t.low for t in self.tokens))

    def span_text(self, i: int, j: int) -> str:
        """The raw text of tokens ``i`` to ``j`` (exclusive)."""
        if i >= j:
            return ""
        return self.raw[self.tokens[i].start : self.tokens[j - 1].end]

    def index_at(self, char: int) -> int:
        """Index of the first token that ends after character offset ``char``."""
        # (the binary search in C: the tokens' ends ascend)
        return bisect_right(self.tokens, char, key=_END)


#: Besides word characters, the characters before a cut that a token's look-behind reads
#: (``(?<![\w'])'``, ...); a word character is what ``str.isalnum`` says and ``_``, as for
#: ``\w``: tested on the one character without a pattern call.
_LOOKED_BEHIND = frozenset("_'.:")
#: Besides word characters, the character after a cut that a token's look-ahead or ``\b``
#: reads like a word's (the others read like no character).
_NOT_AS_END = frozenset("_:")


def tokens_within(text: Text, start: int, end: int) -> tuple[int, int] | None:
    """The tokens ``i`` to ``j`` (exclusive) of ``text`` that ``tokenize(text.raw[start:end])``
    would make on its own (the same words, kinds and spans, moved by ``start``), or None
    when the cut could change them: a token crosses it, or a pattern's look-around would read
    the characters beyond it differently (a word character or ``'.:`` before it; a word
    character or ``:`` after it, or a full stop after a digit: "1.2.3." holds no version).
    Lets a reader split a text it has tokenized without tokenizing the pieces again.

    >>> t = tokenize("female refers to gender = 'F'; born after 1990 refers to year > 1990.")
    >>> i, j = tokens_within(t, 31, 68)
    >>> t.words[i:j] == tokenize(t.raw[31:68]).words
    True
    >>> tokens_within(t, 32, 68) is None  # "orn": inside a word
    True
    >>> tokens_within(tokenize("v 1.2.3."), 0, 7) is None  # "1.2.3" alone is a version
    True
    """
    raw, tokens = text.raw, text.tokens
    if start > 0 and ((before := raw[start - 1]).isalnum() or before in _LOOKED_BEHIND):
        return None
    if end < len(raw) and ((after := raw[end]).isalnum() or after in _NOT_AS_END
                           or (after == "." and _dotted_before(raw, end))):
        return None
    i, j = text.index_at(start), text.index_at(end)
    if (i < len(tokens) and tokens[i].start < start) or (j < len(tokens) and tokens[j].start < end):
        return None
    return i, j


def _dotted_before(raw: str, end: int) -> bool:
    """Does ``raw[:end]`` end with ``\\d.\\d+.\\d+`` (a version the full stop at ``end``
    keeps from matching)?"""
    k = end
    for _ in range(2):
        digits_end = k
        while k > 0 and raw[k - 1].isdecimal():
            k -= 1
        if k == digits_end or k == 0 or raw[k - 1] != ".":
            return False
        k -= 1
    return k > 0 and raw[k - 1].isdecimal()


_WS = re.compile(r"\s+")
#: ``_new(Token, (text, low, ...))`` is ``Token(text, low, ...)`` without the named tuple's
#: generated ``__new__``: one Python call less per token (every field given).
_new = tuple.__new__
#: Words before a number that a plural "s" makes a noun ("the most 10s", "how many 180s");
#: after a comparison ("under 30s") the "s" is seconds and the number stays one.
_PLURAL_CUES = frozenset({"most", "many", "fewest", "more", "fewer", "of", "the", "any", "no",
                          "some", "all", "their", "his", "her", "its", "our"})
#: ... except a decade after them ("during the 90s", "in their 20s"): the time reader's.
_DECADE_CUES = frozenset({"the", "their", "his", "her", "its", "our", "of"})
#: Abbreviations whose full stop ends no sentence ("Dr. Patel", "St. Louis").
_TITLES = frozenset({"dr", "mr", "mrs", "ms", "st", "prof", "jr", "sr", "no", "vs", "mt", "ft"})


#: Texts :func:`tokenize` keeps. Its hits are the readers of one record asking for the same
#: text (a question, its reformulation, its hint and clauses: 47 % of the calls on
#: bird_train_sample, 52 % on nl2sql_bugs_public, at this size as at 8,192); a question asked
#: again is answered by the question extractor's cache of specs (QUESTION_CACHE) before any
#: text is tokenized (0 % on spider_dev at any size). A Text holds some 2.4 KB: 8,192 of them
#: (2 x QUESTION_CACHE, before) held 20 MiB of `benchmarks/scale.py`'s peak from 25,000 records
#: on (100,000 records: 124.9 -> 104.3 MiB).
TOKENIZED = 1024


@lru_cache(maxsize=TOKENIZED)
def tokenize(text: str) -> Text:
    """Split ``text`` (capped at :data:`MAX_CHARS`) into at most :data:`MAX_TOKENS` tokens."""
    raw = text[:MAX_CHARS]
    tokens: list[Token] = []
    append = tokens.append
    boundary = True  # the next word opens a sentence
    for m in _TOKEN.finditer(raw):
        group = m.lastgroup or "punct"  # the token's own span: the match's blanks left out
        if group == "plain" or group == "word":  # most tokens: the general path below, shorter
            if len(tokens) >= MAX_TOKENS:
                raw = raw[: tokens[-1].end]
                break
            start, end = m.span(group)
            word = raw[start:end]
            if (word == "s" and len(tokens) > 1 and tokens[-1][4] == "number"
                    and tokens[-1][3] == start and tokens[-2][1] in _PLURAL_CUES
                    and not (tokens[-2][1] in _DECADE_CUES and tokens[-1][1].endswith("0"))):
                # "the most 10s", "how many 180s": a number made a noun, the things called
                # so (grades of ten, maximum throws), no count or value of its own
                prev = tokens.pop()
                append(_new(Token, (prev[0] + "s", prev[1] + "s", prev[2], end, "word",
                                    False, prev[6])))
                boundary = False
                continue
            # A capital among the first four (most words have none: all lower case, tested
            # without cutting the four out).
            if word.islower():
                cap = False
            else:
                head = word[:4]
                cap = not head.islower() and any(c.isupper() for c in head)
            append(_new(Token, (word, word.lower(), start, end, "word", cap, boundary)))
            boundary = False
            continue
        if group == "space":
            continue
        if len(tokens) >= MAX_TOKENS:
            raw = raw[: tokens[-1].end]
            break
        start, end = m.span(group)
        kind = "punct" if group == "mark" else group
        if kind in ("dq", "sq", "cdq", "csq", "bq"):
            kind = "quoted"
        if kind == "quoted":
            inner = next(g for g in (m.group("dq"), m.group("sq"), m.group("cdq"),
                                     m.group("csq"), m.group("bq")) if g is not None)
            low = _WS.sub(" ", inner).strip().casefold()
            tokens.append(_new(Token, (inner, low, start, end, "quoted", False, False)))
            boundary = False
            continue
        word = raw[start:end]
        if kind == "money":  # "USD100,000": the amount, without its currency
            word = re.sub(r"^[^\d]+", "", word)
            kind = "number"
        elif kind == "ordinal":  # "the 5th act": the number
            word = word[:-2]
            kind = "number"
        if kind == "punct":
            tokens.append(_new(Token, (word, word, start, end, "punct", False, False)))
            # "No.5", "3.5", "St.Louis": a full stop inside a word opens no sentence.
            after_title = word == "." and len(tokens) > 1 and tokens[-2].low in _TITLES
            if word in "?!;" or (word in ".:" and raw[end : end + 1].isspace()
                                 and not after_title):
                boundary = True
            continue
        if kind in ("code", "version", "decade", "fraction"):
            # "00D2", "3M", "3.2.1" read as names; "the 1980s" is no value; nor is a mixed
            # number ("staple of 1-1/8 inch"), which the data keeps in its own unit (32nds)
            kind = "word"
        # A capital among the first four characters (checked one by one only where the
        # four are not all lower case: most words of a question are).
        head = word[:4]
        cap = kind == "word" and ((not head.islower() and any(c.isupper() for c in head))
                                  or group == "version")
        tokens.append(_new(Token, (word, word.lower(), start, end, kind, cap, boundary)))
        boundary = False
    return Text(raw, tuple(tokens), tuple([t[1] for t in tokens]))  # t[1]: the token's low
