"""A count threshold on the wrong rows: ``filter.missing`` (major) when the question keeps the
groups whose rows in one state reach a number ("learners who failed their practical 2+ times")
and the SQL's HAVING counts every row of the group (``HAVING COUNT(*) >= 2``) while that state
is counted only in the SELECT (``SUM(result = 'FAIL') AS fails``): a learner with one fail and a
later pass has two tests and is kept.

Read only when the state's value is said in the person's words (its stem: 'fail' in
"failed"), no WHERE condition keeps it, and the HAVING's number is the question's own; a
HAVING on the conditional count itself (``HAVING SUM(result = 'FAIL') >= 2``, or on its alias)
is the right spelling.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("learners who failed their practical 2+ times this year", None)
>>> sql = ("SELECT t.learner_id, SUM(t.result = 'FAIL') AS fails FROM tests t WHERE "
...        "t.kind = 'PRACTICAL' GROUP BY t.learner_id HAVING COUNT(*) >= 2")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, "mysql"))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql.replace("COUNT(*) >= 2", "fails >= 2"), "mysql"))
[]
"""

from __future__ import annotations

from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import Filter, QuestionSpec, SqlSpec
from stef_core.values import value_key
from stef_core.words import KEY_PARTS, stem

#: Name parts of a column that counts rows whatever their state (``COUNT(t.test_id)``).
_KEY_PARTS = KEY_PARTS


#: Counts said in words ("more than twice", "three or more times").
_WORD_NUMBERS = {"twice": 2.0, "thrice": 3.0, "two": 2.0, "three": 3.0, "four": 4.0,
                 "five": 5.0}


def _every_row(f: Filter) -> bool:
    """Does a HAVING threshold count every row: ``COUNT(*)`` (no column) or a key's count?"""
    if f.column is None:
        return True
    ps = parts(f.column.split(".")[-1])
    return bool(ps) and ps[-1] in _KEY_PARTS


def _number(f: Filter) -> float | None:
    """The least count a threshold keeps (``>= 2``: 2, ``> 1``: 2), or None."""
    if isinstance(f.value, bool) or not isinstance(f.value, (int, float)):
        return None
    return {">=": float(f.value), ">": float(f.value) + 1}.get(f.op)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.having:
        return []
    said = {*q.numbers, *(n for w in q.own_words[:2000].split()
                          if (n := _WORD_NUMBERS.get(w)) is not None)}
    thresholds = [f for f in sql.filters[:64] if f.source == "having" and _every_row(f)
                  and (_number(f) in said or f.value in said)]
    if not thresholds:
        return []
    own = {stem(w) for w in q.own_words[:2000].split()}
    kept = {(f.column or "").split(".")[-1].lower() for f in sql.filters[:64]
            if f.source == "where"}
    for c in sql.conditions[:64]:
        if c.source != "case" or not c.column or c.op != "=" or not isinstance(c.value, str):
            continue
        if c.column.split(".")[-1].lower() in kept:
            continue  # the state's column is bounded in the WHERE too: read elsewhere
        state = stem(value_key(c.value))
        if len(state) >= 3 and state in own:
            return [reason(
                "filter.missing",
                f"the question counts the rows that are {c.value!s} (a threshold of "
                f"{thresholds[0].value}), but the HAVING counts every row of the group; "
                f"{c.column} = '{c.value}' is counted only in the SELECT",
                "major",
            )]
    return []
