"""Grouping: "per customer", "for each region", "in each class", "by department" ask for one
answer per group.

"per" after or before a unit ("miles per gallon", "income per capita") is a rate, not a
grouping; "by" counts only where the question aggregates ("total sales by region") and is not
the agent of a passive ("orders placed by customers", "sorted by name"). Several groupings are
read ("per customer per year").

The SQL counterpart is ``GROUP BY`` (or ``PARTITION BY``) on a column whose name matches the
grouped word by identifier parts, plural or R_app synonym.

>>> from stef_question.lexicon import lexicon
>>> from stef_question.text import tokenize
>>> def groups(q):
...     return read(tokenize(q), lexicon(), frozenset(), aggregated=True)[0]
>>> groups("What is the total revenue per customer per year?")
('customer', 'year')
>>> groups("What is the average miles per gallon of cars?")
()
>>> groups("How many tickets were opened by customers in each region?")
('region',)
"""

from __future__ import annotations

from stef_question.lexicon import Lexicon
from stef_question.text import Text

_DETERMINERS = frozenset({"the", "their", "its", "his", "her", "a", "an", "every", "each",
                          "one", "single", "given", "different", "distinct", "unique"})
_PASSIVE_ENDINGS = ("ed", "en")
_NOT_BEFORE_EACH = frozenset({"after", "before", "with", "from", "to", "than", "between",
                              "against", "about", "like", "into", "onto", "upon"})
_PASSIVES = frozenset({"done", "held", "run", "sold", "bought", "paid", "given", "made", "won",
                       "taught", "led", "built", "kept", "shown", "seen", "owned", "written",
                       "sorted", "ordered", "ranked", "arranged", "grouped", "followed"})
_NOT_GROUP_NOUNS = frozenset({"far", "name", "way", "means", "default", "themselves", "itself",
                              "hand", "contrast", "chance", "accident", "mistake", "law",
                              "order", "size", "weight", "number", "count", "amount"})


def _passive_before(words: tuple[str, ...], i: int) -> bool:
    """Is ``by`` at ``i`` the agent of a passive ("placed by", "written by")?"""
    if i == 0:
        return False
    prev = words[i - 1]
    return prev in _PASSIVES or (len(prev) > 3 and prev.endswith(_PASSIVE_ENDINGS))


def read(
    text: Text, lex: Lexicon, claimed: frozenset[int], *, aggregated: bool
) -> tuple[tuple[str, ...], frozenset[int]]:
    """Grouped words (the head noun after the cue) and the tokens the cues claim.

    Args:
        aggregated: whether the question aggregates (a "by" only groups then).
    """
    words = text.words
    n = len(words)
    out: list[str] = []
    taken: set[int] = set()
    has_each = any(w in ("each", "every", "per") for w in words)
    for m in lex.find("grouping", words, claimed):
        if m.phrase in ("each", "every") and m.start > 0 and words[m.start - 1] in _NOT_BEFORE_EACH:
            continue  # "after each transaction", "with each order": not one answer per group
        if m.phrase == "by":
            if not aggregated or _passive_before(words, m.start):
                continue
            if not has_each and not aggregated:
                continue
        j = m.end
        while j < n and words[j] in _DETERMINERS and j not in claimed:
            j += 1
        if j >= n or text.tokens[j].kind != "word" or j in claimed:
            continue
        if m.phrase == "by" and text.tokens[j].cap:
            continue  # "books by Jane Austen": an author, not a grouping
        head = words[j]
        if lex.has("unit", head) or lex.has("unit", head.rstrip("s")):
            continue
        if m.phrase == "per" and m.start > 0 and (
            lex.has("unit", words[m.start - 1]) or lex.has("unit", words[m.start - 1].rstrip("s"))
        ):
            continue  # "miles per gallon", "points per game"
        if m.phrase == "per" and any(text.tokens[k].kind == "number"
                                     for k in range(max(0, m.start - 2), m.start)):
            continue  # "at least 250,000 per account", "29.00 per unit": a rate
        if head in _NOT_GROUP_NOUNS:
            continue
        # "per customer id", "for each product category": the last word of a short compound
        # names the group ("category"), the first is kept when it stands alone.
        noun = head
        if j + 1 < n and text.tokens[j + 1].kind == "word" and words[j + 1] in (
            "id", "ids", "name", "names", "type", "types", "category", "categories", "code",
            "codes", "level", "group", "status", "class",
        ):
            noun = f"{head} {words[j + 1]}"
        if noun not in out:
            out.append(noun)
        taken.update(range(m.start, j + 1))
    return tuple(out), frozenset(taken)
