"""A count of things over a join that repeats them: ``join.fan_out`` (major) when the question
counts the things of one table ("how many install jobs needed parts") and the SQL counts
``COUNT(*)`` over a join of that table to another that holds many rows per thing (``FROM jobs
j JOIN job_parts jp ON jp.job_id = j.job_id``): a job with three parts counts three times.

Which side repeats is read from the keys' names, as for a fanned-out SUM
(:func:`stef_align.joins.fan_out`): the first table's join column is its own key
(``jobs.job_id``) and the other's is not (``job_parts.job_id``). The question must count the
first table's things: its head word ("jobs") comes after "how many" / "number of" before any
word of the other table's own ("parts"), so "how many parts were used on install jobs" (the
joined rows are what is counted) is left alone, and so is a question that counts by another
name (a synonym proves nothing).

Read in a logged record only (an agent's traffic: it has a timestamp), as the few-rows test of
:func:`stef_align.joins.dropped_empty`: the public benchmark files' curated answers count the
joined rows for "how many movies ... rated below 3" (BIRD's gold SQL does), so their labels
would call the finding wrong there.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("how many install jobs needed parts last month", None)
>>> sql = ("SELECT COUNT(*) FROM jobs j JOIN job_parts jp ON jp.job_id = j.job_id "
...        "WHERE j.job_type = 'install'")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql), logged=True)]
[('join.fan_out', 'major')]
>>> check(question_spec("how many parts were used on install jobs", None), extract_spec(sql),
...       logged=True)
[]
>>> check(q, extract_spec(sql.replace("COUNT(*)", "COUNT(DISTINCT j.job_id)")), logged=True)
[]
>>> check(q, extract_spec(sql))  # a curated benchmark record: not read
[]

The mirror case: the many rows are the first table's, the thing counted is the joined one.

>>> q = question_spec("how many invoices did we pay late in january", None)
>>> sql = ("SELECT COUNT(*) FROM payments p JOIN invoices i ON i.invoice_id = p.invoice_id "
...        "WHERE p.paid_on > i.due_date")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql), logged=True)]
[('join.fan_out', 'major')]
"""

from __future__ import annotations

import re

from stef_align.joins import keyed, named_key
from stef_align.names import head_stem, parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import JoinedAggregate, QuestionSpec, SqlSpec
from stef_core.words import state_before, stem

#: What a count question counts: the words after "how many" / "number of" / "count of".
_COUNTED = re.compile(r"(?:\b(?:how many|number of|count of|no\. of)|#\s*of)\s+"
                      r"((?:[a-z0-9'-]+\s*){1,5})")


#: Words before a counted noun that do not change what is counted.
_LEADING = frozenset({"distinct", "different", "unique", "new", "the", "our", "all"})


def _past_state(words: list[str]) -> list[str]:
    """The counted words without a leading state said as a participle ("recalled appliances",
    "cancelled orders": the things are the appliances, the orders)."""
    while len(words) > 1 and state_before(words[0], words[1]):
        words = words[1:]
    return words


def _mirrored(j: JoinedAggregate, phrases: list[list[str]]) -> Reason | None:
    """The mirror case: the first table holds many rows per thing (its join column is not
    its own key: ``supplier_payments.invoice_id``) and the joined table is the thing, joined
    on its own key (``supplier_invoices.invoice_id``), and the question counts the joined
    table's things first ("how many invoices did we pay late"), not a compound that names the
    first table ("learner sessions")."""
    if (not named_key(j.joined, j.joined_key, j.table) or named_key(j.table, j.key, j.joined)
            or keyed(j.table, j.key)):
        return None
    theirs = head_stem(j.joined)
    mine = {stem(w) for w in parts(j.table.split(".")[-1])} - {
        stem(w) for w in parts(j.joined.split(".")[-1])}
    if not theirs or not mine:
        return None
    for words in phrases:
        head = [w for w in words if w not in _LEADING]
        if head[:1] != [theirs] or mine & set(head[1:2]):
            continue
        return reason(
            "join.fan_out",
            f"the question counts {j.joined} but the SQL counts {j.expr} over {j.table} "
            f"joined to {j.joined} on {j.table}.{j.key} = {j.joined}.{j.joined_key}: each of "
            f"{j.joined} is counted once per matching row of {j.table}; count DISTINCT "
            f"{j.joined}.{j.joined_key}",
            "major",
        )
    return None


def check(q: QuestionSpec, sql: SqlSpec, logged: bool = False) -> list[Reason]:
    """``join.fan_out`` (module docstring); ``logged``: the record is an agent's logged
    traffic (its anchor is its timestamp)."""
    if not logged or not sql.joined_row_counts:
        return []
    if any(a.func.upper() == "COUNT" and a.distinct and not a.nested
           for a in sql.aggregations[:64]):
        return []  # COUNT(DISTINCT c.cust_id) answers it; the COUNT(*) beside it is the rows'
    phrases = [[stem(w) for w in _past_state(m.split())]
               for m in _COUNTED.findall(q.text[:2000].lower())]
    if not phrases:
        return []
    for j in sql.joined_row_counts[:8]:
        if not named_key(j.table, j.key, j.joined) or keyed(j.joined, j.joined_key):
            mirrored = _mirrored(j, phrases)
            if mirrored is not None:
                return [mirrored]
            continue
        mine = head_stem(j.table)
        theirs = {stem(w) for w in parts(j.joined.split(".")[-1])} - {
            stem(w) for w in parts(j.table.split(".")[-1])}
        for words in phrases:
            if mine not in words:
                continue
            before = words[:words.index(mine)]
            if theirs & set(before) or not theirs:
                continue
            return [reason(
                "join.fan_out",
                f"the question counts {j.table} but the SQL counts {j.expr} over a join of "
                f"{j.table} to {j.joined} on {j.table}.{j.key} = {j.joined}.{j.joined_key}: "
                f"each of {j.table} is counted once per matching row of {j.joined}; count "
                f"DISTINCT {j.table}.{j.key}, or test {j.joined} with EXISTS",
                "major",
            )]
    return []
