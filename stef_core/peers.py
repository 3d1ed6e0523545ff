"""What the other answers to the same question in a run say about one answer.

A deployment that runs several agent versions (or asks one agent again) logs the same question
answered more than once. Most of what an agent gets wrong without any visible mistake is a
choice of the schema it cannot see: the wrong table (gross amounts for revenue), the wrong date
column (the day a stay was booked for the night it was spent), a guard or a status filter left
out. When two or more other answers to the question agree on such a choice and this one does
not, it is more often wrong: on the tuned half of the production corpus, among the answers
with no critical or major finding and two other answers to compare with, 37 % of those with one
kind of disagreement are wrong (57 of 154), 74 % of those with two or more (40 of 54), 11 % of
those with none (label-free: nothing but the run's own SQL is read; measured before periods
bounded inside an aggregate were compared).

Only what an answer reaches is compared, never how it is spelled (a join or an IN subquery, a
CTE or a flat query give the same parts), and only the parts where versions that are right
rarely differ (measured on the same corpus, answers without a critical or major finding):

============ ===================================================== ==============
part         disagreement                                          share wrong
============ ===================================================== ==============
table        reads a table none of the others reads, or leaves     51 % / 69 %
             out one all of them read
period       bounds a date column none of the others bounds, or    58 % / 74 %
             not the one all of them bound
output       leaves out a column all of the others show            46 %
============ ===================================================== ==============

Filter columns, aggregates and groupings were measured too and left out: right answers differ
there nearly as often as wrong ones (a status written as a flag, a grouping by a name or by its
key), 15-35 % wrong.

>>> from stef_core.spec import SqlSpec
>>> mine = answer_parts(SqlSpec(tables=("orders",)))
>>> theirs = answer_parts(SqlSpec(tables=("orders", "refunds")))
>>> [d.describe() for d in disagreement(mine, [theirs, theirs])]
["the other 2 answers read the table 'refunds', this one does not"]
>>> [d.describe() for d in disagreement(theirs, [mine, mine])]
["this answer reads the table 'refunds', which none of the other 2 answers to the question does"]
>>> disagreement(mine, [theirs])  # one other answer: which of the two is right is open
[]
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from stef_core.limits import QUESTION_CACHE
from stef_core.spec import SqlSpec

#: Punctuation (and the underscore) a question key reads as a space.
_PUNCT = re.compile(r"[^\w\s]|_")
#: How many other answers to the question it takes to say that they agree.
MIN_PEERS = 2
#: The parts compared: a part present in this answer and in no other, or in every other and
#: not in this one (``lacking`` only: a column shown by this answer alone is a supporting one
#: as often as a wrong one).
UNIQUE = ("table", "period")
LACKING = ("table", "period", "output")


@lru_cache(maxsize=QUESTION_CACHE)  # asked three times a record: learning, the run, the record
def question_key(text: str) -> str:
    """The key two records asking the same question share: compatibility form, case,
    punctuation and spacing ignored (``stef compare`` pairs two runs' records by it too).

    >>> question_key("Revenue  last month?") == question_key("revenue last month")
    True
    >>> question_key("top-5 products") == question_key("top 5 products")
    True
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_PUNCT.sub(" ", folded).split())


def _column(name: str) -> str:
    """A table or column name without its qualifier, quoting or case."""
    return name.rsplit(".", 1)[-1].strip('"`[]').lower()


def answer_parts(spec: SqlSpec) -> frozenset[str]:
    """The parts of an answer that are compared (``kind:name``): the tables it reads, the
    date columns it bounds (in its rows or inside an aggregate) and the columns it shows."""
    parts = {f"table:{_column(t)}" for t in spec.tables}
    # a period bounded inside an aggregate (COUNTIF(d >= ...), SUM(x) FILTER (WHERE d ...))
    # bounds the date column as a WHERE does: how the bound is spelled is not compared
    parts.update(f"period:{_column(p.column)}" for p in (*spec.periods, *spec.value_periods)
                 if p.column)
    parts.update(f"output:{_column(c)}" for p in spec.projections for c in p.columns)
    return frozenset(parts)


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A part this answer has and no other has (``unique``), or lacks and all others have."""

    kind: str
    name: str
    unique: bool
    peers: int

    def describe(self) -> str:
        """The disagreement in words."""
        if self.unique:
            what = {"table": "reads the table", "period": "bounds the dates of",
                    "output": "shows the column"}[self.kind]
            return (f"this answer {what} {self.name!r}, which none of the other {self.peers} "
                    "answers to the question does")
        what = {"table": "read the table", "period": "bound the dates of",
                "output": "show the column"}[self.kind]
        return f"the other {self.peers} answers {what} {self.name!r}, this one does not"


def disagreement(parts: frozenset[str], peers: Sequence[frozenset[str]]) -> list[Disagreement]:
    """Where this answer's ``parts`` part from what its ``peers`` (the other answers to the
    same question) agree on; [] when fewer than :data:`MIN_PEERS` answered."""
    if len(peers) < MIN_PEERS:
        return []
    every = frozenset.intersection(*peers)
    some = frozenset.union(*peers)
    out = []
    for part in sorted(parts - some):
        kind, name = part.split(":", 1)
        if kind in UNIQUE:
            out.append(Disagreement(kind, name, True, len(peers)))
    for part in sorted(every - parts):
        kind, name = part.split(":", 1)
        if kind in LACKING:
            out.append(Disagreement(kind, name, False, len(peers)))
    return out


def odd_kinds(found: Sequence[Disagreement]) -> int:
    """How many kinds of disagreement (a kind of part, unique or lacking) an answer shows: the
    evidence's count (a CTE read instead of three tables is one choice, not three)."""
    return len({(d.kind, d.unique) for d in found})
