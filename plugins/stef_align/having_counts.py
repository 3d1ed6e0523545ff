"""A threshold on a count of things kept by a HAVING over a join that repeats them:
``join.fan_out`` (major).

"Customers with 3 or more orders last month" as ``FROM orders o JOIN order_lines l ON
l.order_id = o.order_id ... GROUP BY o.customer_id HAVING COUNT(*) >= 3``: the join repeats
each order once per line, so COUNT(*) counts lines, and a customer with one order of three
lines passes. ``COUNT(DISTINCT o.order_id)`` counts the orders. Which side repeats is read from
the keys' names, as for a count in the SELECT list (:mod:`stef_align.counted_joins`): the
first table's join column is its own key (``orders.order_id``) and the other's is not
(``order_lines.order_id``); and the question's threshold must count the first table's things
("3 or more orders", "at least 5 visits", "more than two bookings").

Read in a logged record only (an agent's traffic: it has a timestamp), as
:mod:`stef_align.counted_joins`: the public benchmark files' curated answers rank and keep
groups by joined rows on purpose.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("customers with 3 or more orders last month", None)
>>> sql = ("SELECT o.customer_id FROM orders o JOIN order_lines l ON l.order_id = "
...        "o.order_id GROUP BY o.customer_id HAVING COUNT(*) >= 3")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql), logged=True)]
[('join.fan_out', 'major')]
>>> check(question_spec("customers with 3 or more order lines", None), extract_spec(sql),
...       logged=True)
[]
"""

from __future__ import annotations

import re

from stef_align.joins import keyed, named_key
from stef_align.names import head_stem, parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import CODE_PARTS, KEY_PARTS, stem

#: A threshold on a count: "3 or more orders", "3+ orders", "at least 5 visits", "more than
#: two bookings": the words that follow the number.
_THRESHOLD = re.compile(
    r"\b(?:at least|more than|over|no fewer than|a minimum of|min(?:imum)?)\s+(?:\d+|two|three|"
    r"four|five|six|seven|eight|nine|ten)\s+((?:[a-z0-9'-]+\s*){1,3})"
    r"|\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s*(?:\+|or more|plus|and up)\s*"
    r"((?:[a-z0-9'-]+\s*){1,3})")


#: "more than one language", "two or more languages", "several languages", "multiple
#: sites": a number of different values, the noun that follows.
_SEVERAL = re.compile(
    r"\b(?:more than (?:one|1)|at least (?:two|2)|(?:two|2) or more|(?:two|2)\+|several"
    r"|multiple)\s+(?:different\s+)?([a-z]{3,})")
#: Name parts of a column that holds a reference, not a value of the thing itself.
_REF = KEY_PARTS | CODE_PARTS


def counted_values(q: QuestionSpec, sql: SqlSpec, logged: bool = False) -> list[Reason]:
    """"Students taking more than one language" kept by ``HAVING COUNT(c.language) > 1`` over
    enrolments joined to courses: COUNT counts the rows that carry a language, so a student
    in two French courses passes; the number of different languages is ``COUNT(DISTINCT
    c.language)``. Only for a column named by the question's noun that holds the value
    itself (not an id), over a join (one table of one language per row counts right), in a
    logged record.

    >>> from stef_question.frame import question_spec
    >>> from stef_sql.extract import extract_spec
    >>> q = question_spec("students taking more than one language", None)
    >>> sql = ("SELECT e.student_id FROM enrollments e JOIN courses c ON c.course_id = "
    ...        "e.course_id GROUP BY e.student_id HAVING COUNT(c.language) > 1")
    >>> [(r.code, r.severity) for r in counted_values(q, extract_spec(sql), logged=True)]
    [('distinct.missing', 'major')]
    >>> counted_values(q, extract_spec(sql.replace("COUNT(", "COUNT(DISTINCT ")), logged=True)
    []
    """
    if not logged or not sql.having or not sql.joins:
        return []
    nouns = {stem(m) for m in _SEVERAL.findall(q.own_words.lower()[:2000])}
    if not nouns:
        return []
    distinct = {a.arg.lower() for a in sql.aggregations[:64] if a.distinct}
    tested = {(f.column or "").lower() for f in sql.filters[:256]
              if f.source == "having" and f.op in (">", ">=")}
    for a in sql.aggregations[:64]:
        arg = a.arg.lower()
        if a.func != "COUNT" or a.distinct or arg in distinct or arg not in tested:
            continue
        ps = parts(arg.split(".")[-1])
        if not ps or set(ps) & _REF or stem(ps[-1]) not in nouns:
            continue
        return [reason(
            "distinct.missing",
            f"the question asks for a number of different {ps[-1]} values, but the SQL's "
            f"HAVING counts the rows that carry one (COUNT({a.arg})) over a join: the same "
            f"{ps[-1]} twice counts twice; count DISTINCT {a.arg}",
            "major")]
    return []


def check(q: QuestionSpec, sql: SqlSpec, logged: bool = False) -> list[Reason]:
    return [*_joined(q, sql, logged), *counted_values(q, sql, logged)]


def _joined(q: QuestionSpec, sql: SqlSpec, logged: bool) -> list[Reason]:
    if not logged or not sql.having_row_counts:
        return []
    counted = [[stem(w) for w in (a or b).split()]
               for a, b in _THRESHOLD.findall(q.own_words.lower()[:2000])]
    if not counted:
        return []
    for j in sql.having_row_counts[:8]:
        if not named_key(j.table, j.key, j.joined) or keyed(j.joined, j.joined_key) or \
                named_key(j.joined, j.joined_key, j.table):
            continue
        mine = head_stem(j.table)
        theirs = {stem(w) for w in parts(j.joined.split(".")[-1])} - {
            stem(w) for w in parts(j.table.split(".")[-1])}
        for words in counted:
            if mine not in words[:2] or theirs & set(words[:words.index(mine) + 2]):
                continue
            return [reason(
                "join.fan_out",
                f"the question keeps the groups by a number of {j.table} but the SQL tests "
                f"{j.expr} in its HAVING over a join of {j.table} to {j.joined} on "
                f"{j.table}.{j.key} = {j.joined}.{j.joined_key}: each of {j.table} is counted "
                f"once per matching row of {j.joined}; count DISTINCT {j.table}.{j.key}",
                "major",
            )]
    return []
