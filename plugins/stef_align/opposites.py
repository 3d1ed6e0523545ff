"""One side of a pair asked, the other side's column read: ``column.opposite`` (major).

Some things come in pairs whose two sides a warehouse keeps in two columns: a trip's origin
and destination, exports and imports, a shipment's shipper and consignee, a transfer's sender
and recipient, a rental's pickup and drop-off, a flight's departure and arrival, a plan's
upgrades and downgrades. When the person's own words name one side ("diverted flights by
destination") and not the other, and the SQL reads a column named after the other side
(``GROUP BY origin``) and none named after the side asked, the SQL answers the mirror
question: the wrong airports, the wrong meter.

Words are matched generously for the side asked (``dst``, ``dest`` and ``destination`` all
answer "destination"; a literal answers it too: ``direction = 'export'``) and strictly for the
other side (whole parts of a column name), so the finding needs a column that can only mean
the other side and no sign of the side asked anywhere in the SQL. A question that names both
sides ("from origin to destination", "flights from JFK by destination" answered with
``origin_airport = 'JFK'`` and ``GROUP BY dst_airport``) is never flagged.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("diverted flights by destination 2026", None)
>>> sql = "SELECT origin, COUNT(*) FROM legs WHERE status = 'diverted' GROUP BY origin"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('column.opposite', 'major')]
>>> check(q, extract_spec(sql.replace("origin", "dest")))
[]
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.values import value_key
from stef_core.words import norm


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a pair: how the question names it, what in the SQL may stand for it (a
    fragment of a column, table or literal, matched inside the name), and the whole parts of
    a column name that can only mean it."""

    name: str
    words: re.Pattern[str]
    present: tuple[str, ...]
    only: frozenset[str]


def _side(name: str, words: str, present: tuple[str, ...], only: set[str]) -> Side:
    return Side(name, re.compile(words), present, frozenset(only))


#: The pairs, each side with its spellings (see :class:`Side`).
PAIRS: tuple[tuple[Side, Side], ...] = (
    (_side("destination", r"\bdestinations?\b", ("dest", "dst", "destination", "arriv"),
           {"destination", "dest", "dst"}),
     _side("origin", r"\borigins?\b", ("orig", "src", "source", "depart"), {"origin", "orig"})),
    (_side("export", r"\bexport(?:s|ed|ing)?\b", ("export", "exp", "feedin", "outflow"),
           {"export", "exports", "exported"}),
     _side("import", r"\bimport(?:s|ed|ing)?\b", ("import", "imp", "inflow"),
           {"import", "imports", "imported"})),
    (_side("inbound", r"\binbound\b", ("inbound", "incoming", "inb"), {"inbound"}),
     _side("outbound", r"\boutbound\b", ("outbound", "outgoing", "outb"), {"outbound"})),
    (_side("shipper", r"\bshippers?\b", ("shipper", "sender", "consignor"), {"shipper"}),
     _side("consignee", r"\bconsignees?\b", ("consignee", "receiver", "recipient"),
           {"consignee"})),
    (_side("sender", r"\bsenders?\b", ("sender", "payer", "src", "source", "orig"),
           {"sender"}),
     _side("recipient", r"\b(?:recipients?|receivers?)\b",
           ("recipient", "receiver", "rcpt", "payee", "beneficiary", "dest", "dst"),
           {"recipient", "receiver"})),
    (_side("buyer", r"\bbuyers?\b", ("buyer", "purchaser", "customer"), {"buyer"}),
     _side("seller", r"\bsellers?\b", ("seller", "vendor", "merchant", "store"), {"seller"})),
    (_side("pickup", r"\bpick(?:ed)?[- ]?ups?\b", ("pickup", "pick", "start", "origin"),
           {"pickup"}),
     _side("drop-off", r"\bdrop(?:ped)?[- ]?offs?\b", ("dropoff", "drop", "return", "dest"),
           {"dropoff"})),
    (_side("upgrade", r"\bupgrad(?:e|es|ed|ing)\b", ("upgrad", "upsell"),
           {"upgrade", "upgrades", "upgraded"}),
     _side("downgrade", r"\bdowngrad(?:e|es|ed|ing)\b", ("downgrad", "downsell"),
           {"downgrade", "downgrades", "downgraded"})),
    (_side("arrival", r"\barriv(?:al|als|e|es|ed|ing)\b", ("arr", "ata", "eta", "landing",
                                                              "dest", "inbound"),
           {"arrival", "arrivals", "arrived", "arr"}),
     _side("departure", r"\bdepart(?:ure|ures|s|ed|ing)?\b", ("dep", "atd", "etd", "takeoff",
                                                                "origin", "outbound"),
           {"departure", "departures", "departed", "dep"})),
)

#: Every side's words in one pattern: a question naming no side (nearly every one) is
#: searched once instead of once per side.
_ANY_SIDE = re.compile("|".join(side.words.pattern for pair in PAIRS for side in pair))

#: At most this many names and literals are read.
MAX_NAMES = 256


def _names(sql: SqlSpec) -> tuple[list[str], list[tuple[str, ...]]]:
    """The SQL's column and table names and literals, folded (for the side asked), and its
    columns' parts, with each two neighbouring parts glued (``drop_off`` is ``dropoff``)."""
    columns = sorted(sql.columns)[:MAX_NAMES]
    folded = [norm(c) for c in (*columns, *sql.tables[:MAX_NAMES])]
    folded += [norm(value_key(v)) for v in sql.literals[:MAX_NAMES] if isinstance(v, str)]
    split = []
    for c in columns:
        ps = parts(c.split(".")[-1])
        split.append(ps + tuple(a + b for a, b in itertools.pairwise(ps)))
    return folded, split


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.columns:
        return []
    own = q.own_words[:2000]
    if not _ANY_SIDE.search(own):
        return []
    folded: list[str] | None = None
    split: list[tuple[str, ...]] = []
    for a, b in PAIRS:
        for asked, other in ((a, b), (b, a)):
            if not asked.words.search(own) or other.words.search(own):
                continue
            if folded is None:
                folded, split = _names(sql)
            if any(p in name for name in folded for p in asked.present):
                continue
            read = [c for c, ps in zip(sorted(sql.columns)[:MAX_NAMES], split, strict=False)
                    if other.only.intersection(ps)]
            if read:
                return [reason(
                    "column.opposite",
                    f"the question asks about the {asked.name} but the SQL reads "
                    f"{', '.join(read[:3])}, the {other.name}'s, and no {asked.name} column",
                    "major",
                )]
    return []
