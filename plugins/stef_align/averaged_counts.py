"""A mean count per entity over inner joins: ``join.drops_empty`` (major).

"Average number of walks per dog signed up in May" as ``AVG(n)`` over ``SELECT d.dog_id,
COUNT(*) AS n FROM dogs d JOIN walks w ON w.dog_id = d.dog_id ... GROUP BY d.dog_id``: a dog
with no walk has no joined row, so it forms no group, and the mean is over the dogs that had
some walks, too high. Starting from the dogs with a LEFT JOIN and counting ``w.walk_id`` (or
dividing the count by ``COUNT(DISTINCT d.dog_id)``) averages their zeros in
(``SqlSpec.averaged_counts``).

Which side is the entity is read from the keys' names (:func:`stef_align.joins.named_key`):
the grouped table counted by a column of the other is the entity (``GROUP BY d.dog_id``,
``COUNT(w.walk_id)``); a grouped column of the counted rows that the join equates to another
table's own key (``GROUP BY p.household_id`` over pickups, ``h.household_id`` of households)
makes that other table the entity. Left alone: the lines of a thing (``invoice_lines`` per
invoice: none is without), a counted table joined by its own key (one row per entity: nothing
is dropped), and a question whose own words keep only the entities that have some ("only
members who came at least once"). Read only where the person asks a mean in words ("avg",
"average", "mean"): the person's own words, not an agent's reformulation, which restates its
own reading ("over learners who finished at least one").

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("average number of walks per dog signed up in may", None)
>>> sql = ("SELECT AVG(n) FROM (SELECT d.dog_id, COUNT(*) AS n FROM dogs d JOIN walks w "
...        "ON w.dog_id = d.dog_id GROUP BY d.dog_id) t")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('join.drops_empty', 'major')]
>>> check(q, extract_spec(sql.replace("JOIN walks", "LEFT JOIN walks")))
[]
"""

from __future__ import annotations

import re

from stef_align.joins import lines_of, named_key, short_key
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import MEAN_WORDS, any_word

#: A mean asked in words: the mean words and "averages".
_MEAN = any_word((*MEAN_WORDS, "averages"))
#: The person keeps only the entities that have some: "who came at least once", "with at
#: least one order", "only those with any".
_SOME = re.compile(r"\bat least (?:one|once|1|a|an)\b|\b(?:with|who had|who have|that had|"
                   r"that have) (?:any|some)\b|\bonly (?:those|ones|the ones)\b")


def _keyed(table: str, column: str, other: str) -> bool:
    return named_key(table, column, other) or short_key(table, column)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.averaged_counts:
        return []
    own = q.own_words.lower()
    if _MEAN.search(own) is None or _SOME.search(own):
        return []
    for j in sql.averaged_counts[:8]:
        if j.column != "*":
            counted_grouped = j.leads
        else:  # COUNT(*): the rows of the side whose join column is not its own key
            counted_grouped = (_keyed(j.joined, j.joined_key, j.table)
                               and not _keyed(j.table, j.key, j.joined))
        if counted_grouped:
            entity, key, rows, rows_key = j.joined, j.joined_key, j.table, j.key
        else:
            entity, key, rows, rows_key = j.table, j.key, j.joined, j.joined_key
        if _keyed(rows, rows_key, entity) or lines_of(rows, rows_key) or lines_of(rows, key):
            continue  # one row per entity, or its lines (every entity has some)
        return [reason(
            "join.drops_empty",
            f"the SQL takes {j.expr} of a count per {entity}.{key} computed over an inner "
            f"join of {entity} to {rows}: a {entity} row with no {rows} row forms no group, "
            f"so the mean leaves out the zeros and is too high; start from {entity} with a "
            f"LEFT JOIN and count a column of {rows} (or divide the count by COUNT(DISTINCT "
            f"{entity}.{key}))",
            "major",
        )]
    return []
