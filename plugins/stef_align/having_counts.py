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
from stef_core.words import stem

#: A threshold on a count: "3 or more orders", "3+ orders", "at least 5 visits", "more than
#: two bookings": the words that follow the number.
_THRESHOLD = re.compile(
    r"\b(?:at least|more than|over|no fewer than|a minimum of|min(?:imum)?)\s+(?:\d+|two|three|"
    r"four|five|six|seven|eight|nine|ten)\s+((?:[a-z0-9'-]+\s*){1,3})"
    r"|\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s*(?:\+|or more|plus|and up)\s*"
    r"((?:[a-z0-9'-]+\s*){1,3})")


def check(q: QuestionSpec, sql: SqlSpec, logged: bool = False) -> list[Reason]:
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
