"""Kinds: ``filter.missing`` (major) when the question asks for one kind of the rows the SQL
reads and the SQL shows the column of their kind without keeping any value of it.

"which chippers are overdue for pm" over ``equipment``: no table or column is named after
chippers, so they are one kind of equipment, and ``SELECT unit_no, equip_type, next_pm_dt``
shows that the rows come in kinds; with no condition on ``equip_type`` (nor a value that names
chippers anywhere) every overdue unit is listed, bucket trucks and stump grinders with the
chippers. A SQL that does not show the kind column says nothing of the rows' kinds, and a
question whose thing names a table or a column ("which customers ...") is about those rows.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("which chippers are overdue for pm", None)
>>> sql = ("SELECT unit_no, equip_type, next_pm_dt FROM equipment WHERE retired_dt IS NULL "
...        "AND next_pm_dt < CURRENT_DATE")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql + " AND equip_type = 'CHIPPER'"))
[]
"""

from __future__ import annotations

from stef_align.names import parts, word_matches
from stef_align.projection import shown_columns
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import norm

#: Last parts of a column that says which kind of thing a row is.
_KIND_PARTS = frozenset({"type", "typ", "kind", "category", "cat", "class", "cls"})


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """The finding (module docstring), at most one."""
    entities = [a for a in q.asks[:4] if a.kind == "entity" and a.words.endswith("s")
                and " " not in a.words]
    if len(entities) != 1 or len(sql.tables) != 1 or sql.select_star:
        return []
    thing = entities[0].words
    names = (*sql.tables, *sorted(sql.columns)[:256])
    if any(word_matches(thing, p) for n in names for p in parts(n.split(".")[-1])):
        return []  # "which customers ...": the rows of a table (or a column) named after them
    kinds = [c for c in shown_columns(sql) if parts(c) and parts(c)[-1] in _KIND_PARTS]
    if len(kinds) != 1:
        return []
    kept = {norm(f.column or "") for f in sql.filters[:256]}
    if norm(kinds[0]) in kept or any(isinstance(v, str) and word_matches(thing, v.lower())
                                     for v in sql.literals[:256]):
        return []
    return [reason(
        "filter.missing",
        f"the question asks for {thing}, one kind of the rows of {sql.tables[0]}, but the SQL "
        f"shows their {kinds[0]} and keeps every value of it: rows of every kind are listed",
        "major")]
