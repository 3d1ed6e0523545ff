"""Late or on time at the deadline itself (``filter.late_bound``).

"Orders ready late", "on-time delivery rate", "SLA compliance": what happens exactly at its
deadline (delivered on the promised day, resolved at the SLA due time) is on time, so late is
``done > due`` and on time ``done <= due``. Two spellings put the deadline's own rows on the
other side: ``done >= due`` counts them late and ``done < due`` counts them missed; on a
column of days that is a whole day's rows (every parcel delivered on its promised date).
So does a moment held as it stands against a column of days (``delivered_ts > promised_dt``,
``finished_at <= due_date``): the day compares as its midnight, so the deadline day's own
rows are late (or not on time) whichever way the bound is written; its day
(``CAST(delivered_ts AS DATE)``) is what compares with the deadline.

Read on the comparisons of a moment with a deadline anywhere in the query (the WHERE, a CASE
bucket, ``COUNTIF``, ``FILTER``), the deadline a bare column named for one (``due_dt``,
``promised_at``, ``sla_due_ts``, ``sched_depart_ts``): with a margin (``> due_ts + INTERVAL 29
MINUTE``, a grace period) the bound is the deployment's own. Only for a question that asks
for lateness or punctuality in those words and says no side of the deadline outright
("before the promised date", "on or after", "early": then the question decides), read in the
user's words, not the agent's reformulation (which may restate the mistake).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("on-time delivery rate by driver", None)
>>> sql = extract_spec("SELECT driver_id, COUNT_IF(delivered_dt < promised_dt) / COUNT(*) "
...                    "FROM parcels GROUP BY driver_id", "snowflake")
>>> [r.code for r in check(q, sql)]
['filter.late_bound']
>>> sql = extract_spec("SELECT COUNT_IF(delivered_dt <= promised_dt) / COUNT(*) FROM parcels",
...                    "snowflake")
>>> check(q, sql)
[]
>>> sql = extract_spec("SELECT COUNT_IF(delivered_ts <= promised_dt) / COUNT(*) FROM parcels",
...                    "snowflake")
>>> [r.code for r in check(q, sql)]
['filter.late_bound']
"""

from __future__ import annotations

import re

from stef_align.names import bare, parts
from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import Filter, QuestionSpec, SqlSpec

#: Words that ask whether things kept their deadline.
_LATENESS = gated(r"\b(?:late|lateness|on[- ]time|otp|sla|slas|punctual(?:ity)?)\b")
#: Words that say a side of the deadline outright: then the question's own bound decides.
_SAID = gated(r"\b(?:before|after|early|earlier|ahead|prior|later than|or later|or earlier"
              r"|at or|on or|no later|exactly|same day|same time)\b")
#: Words of a column's name that say it holds a deadline (when something should happen).
_DEADLINE = frozenset({"due", "deadline", "promised", "promise", "sla", "sched", "scheduled",
                       "eta", "committed", "target"})
#: How a moment compared with its deadline counts the deadline's own rows: ``done >= due``
#: late, ``done < due`` not on time. Flipped when the deadline is written first.
_WRONG = {">=": "late", "<": "missed"}
_FLIP = {">": "<", ">=": "<=", "<": ">", "<=": ">="}
#: At most this many comparisons are read.
_MAX = 16


#: Words that ask for the late side of a deadline, and for the kept one.
_LATE = gated(r"\b(?:late|lateness|tardy|delayed)\b")
_ON_TIME = gated(r"\b(?:on[- ]time|otp|punctual(?:ity)?)\b")
#: A negation just before the side's word.
_NEGATED = re.compile(r"(?:\bnot|n't|\bnever|\b(?:was|were|is|are)nt)(?:\s+\w+){0,2}\s+$")
#: A share turned to its complement (``1 - AVG(...)``, ``100 - ...``).
_COMPLEMENT = re.compile(r"(?<![\w.])(?:1|1\.0+|100(?:\.0+)?)\s*-\s*")


#: "late drops", "were late", "paid late": the question asks for the late ones in that word.
_LATE_WORD = gated(r"\blate\b")
#: Words of a reformulation that still state lateness (or a bound standing for it).
_RESTATES_LATE = re.compile(
    r"\b(?:late|lateness|tardy|delay|delayed|overdue|after|past|beyond|behind|exceed"
    r"|exceeding|over|more than|longer than|within|missed)\b|[<>]")
#: Parts of a column's or a value's name that say it holds a deadline, a delay or lateness.
_LATE_PARTS = _DEADLINE | frozenset({
    "late", "lateness", "overdue", "od", "delay", "delayed", "delays", "window", "grace",
    "expected", "planned", "tardy", "ontime", "otp", "dpd"})


def _lateness_unread(q: QuestionSpec, sql: SqlSpec) -> Reason | None:
    """The person asks for late things ("driver with most late drops"), the agent's
    reformulation drops the word ("the most delivered drops") and the SQL reads nothing that
    could tell late from on time: no two moments compared, no duration, no column or value
    named for a deadline, a delay or lateness. Every drop is counted, late or not. Without a
    reformulation nothing is read (the SQL may read lateness through a column named
    otherwise)."""
    restated = q.restated_words
    if not restated or _LATE_WORD.search(q.own_words) is None:
        return None
    if _RESTATES_LATE.search(restated[:2000]) is not None:
        return None
    if sql.date_differences or sql.duration_bounds or sql.moments_on_days:
        return None
    # (an output's alias, ``AS late_deliveries``, is the agent's name for it, no reading)
    aliases = {(p.alias or "").lower() for p in sql.projections[:64]}
    names = [*sorted(c for c in sql.columns if c.lower() not in aliases)[:256], *sql.tables[:32],
             *(v for v in sql.literals[:128] if isinstance(v, str))]
    if any(p in _LATE_PARTS for n in names for p in parts(bare(str(n)))):
        return None
    return reason(
        "filter.missing",
        "the question asks for late ones, but the reformulation drops 'late' and the SQL "
        "reads nothing that tells late from on time (no deadline, delay or late value "
        "compared): every one is counted",
        "major",
    )


def _other_side(q: QuestionSpec, found: list[tuple[str, str, str]], sql: SqlSpec) -> Reason | None:
    """The question asks for one side of a deadline ("late deliveries", "on-time rate") and
    every comparison of a moment with its deadline keeps the other (``delivered_at <=
    promised_at`` for "late", ``COUNT_IF(delivered_at > promised_at)`` for "on time"): the
    opposite rows. A question naming both sides, a comparison in both directions (a CASE that
    labels both) or one subtracted from 1 is left alone."""
    words = q.own_words
    late, on_time = _LATE.search(words), _ON_TIME.search(words)
    if (late is None) == (on_time is None) or not found:
        return None
    said = late or on_time
    assert said is not None
    if _NEGATED.search(words[max(0, said.start() - 24):said.start()]):
        # "orders not delivered on time", "shipments that weren't late": the other side
        late, on_time = on_time, late
    sides = {"late" if op in (">", ">=") else "on time" for _, op, _ in found}
    if len(sides) != 1 or any(_COMPLEMENT.search(p.expr) for p in sql.projections[:_MAX]):
        return None
    [kept] = sides
    asked = "late" if late is not None else "on time"
    if kept == asked:
        return None
    moment, op, deadline = found[0]
    return reason(
        "filter.operator_mismatch",
        f"the question asks for what was {asked} but the SQL keeps {moment} {op} {deadline}, "
        f"the rows {kept}: the other side of the deadline",
        "major",
    )


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    relations = (*sql.relations, *sql.value_relations)
    if not relations:
        unread = _lateness_unread(q, sql)
        return [unread] if unread is not None else []
    asked = q.own_words  # the user's words, not the reformulation's
    if _LATENESS.search(asked) is None or _SAID.search(asked) is not None:
        return []
    flipped = _other_side(q, [f for f in (_against_deadline(r) for r in relations[:_MAX])
                              if f is not None], sql)
    if flipped is not None:
        return [flipped]
    for rel in relations[:_MAX]:
        found = _against_deadline(rel)
        if found is None:
            continue
        moment, op, deadline = found
        side = _WRONG.get(op)
        if side is None:
            continue
        said = (f"{moment} >= {deadline} counts what was done exactly at its deadline as late"
                if side == "late" else
                f"{moment} < {deadline} counts what was done exactly at its deadline as not "
                f"on time")
        fix = f"{moment} > {deadline}" if side == "late" else f"{moment} <= {deadline}"
        return [reason(
            "filter.late_bound",
            f"{said}: at the deadline is on time (on a column of days, that is the whole "
            f"day's rows); compare with {fix}",
            "major",
        )]
    # A moment held as it stands against a column of days (delivered_ts > promised_dt): the
    # day compares as its midnight, so everything done during the deadline day itself is
    # after it, counted late by ``>`` and not on time by ``<=`` (``>=`` and ``<`` are read
    # above).
    for moment, op, day in sql.moments_on_days[:_MAX]:
        if op not in _ON_DAY or not _deadline(day):
            continue
        moment, day = bare(moment), bare(day)
        return [reason(
            "filter.late_bound",
            f"{moment} {op} {day} compares a moment with a column of days, which compares as "
            f"its midnight: everything done during the deadline day itself is {_ON_DAY[op]}; "
            f"compare the moment's day (CAST({moment} AS DATE) {op} {day})",
            "major",
        )]
    return []


#: A moment compared with a day's deadline, and what it makes of the deadline day's rows.
_ON_DAY = {">": "counted late", "<=": "counted as not on time"}


def _deadline(column: str) -> bool:
    return any(p in _DEADLINE for p in parts(bare(column)))


def _against_deadline(rel: Filter) -> tuple[str, str, str] | None:
    """``(moment, op, deadline)`` of a moment compared with a deadline column, written in
    either order; None for anything else (two deadlines, two moments, a value)."""
    left, right = rel.column or "", rel.value
    if not left or not isinstance(right, str) or rel.op not in _FLIP:
        return None
    if re.search(r"[^\w.\"`\[\]]", right) is not None:
        return None  # an expression (a margin, a grace period): the deployment's bound
    lo, ro = _deadline(left), _deadline(right)
    if ro and not lo:
        return bare(left), rel.op, bare(right)
    if lo and not ro:
        return bare(right), _FLIP[rel.op], bare(left)
    return None
