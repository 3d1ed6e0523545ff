"""LEFT JOINs the WHERE turns inner: ``join.drops_empty`` (major) when a query LEFT JOINs the
rows it counts, so that the entities with none stay, counts on those entities (``HAVING
COUNT(p.payment_id) = 0``, ``COALESCE(SUM(b.nights), 0)``) and also requires a value of the
joined table in its WHERE (``p.paid_on >= ...``), which their all-NULL row never meets.

"Clients with no payments so far this year" as ``clients c LEFT JOIN payments p ... WHERE
p.paid_on >= date_trunc('year', current_date) ... HAVING count(p.payment_id) = 0``: a client
with no payment this year is left out by the WHERE before the HAVING reads it, so the query
returns nothing (or, with a conditional count, only the entities that had some rows). The
SQL's own LEFT JOIN and its test for nothing say what it meant; the condition belongs in the
JOIN's ON. An anti-join in the same WHERE (``c.circ_id IS NULL``, "patrons who never
borrowed") keeps only the unmatched rows, so with such a condition it keeps nothing at all. The
facts are the SQL reader's (:mod:`stef_sql.read.defeated`): the SQL states
what it counts on. So does a question that asks for the entities with none ("classes per
instructor this month, including instructors with none": ``QuestionSpec.keeps_empty``) over a
grouped count or total: a LEFT JOIN the WHERE defeats cannot show them at 0. So does a count
of the joined rows per group (not a distinct count: "bookings per deckhand" / ``COUNT(d.dep_id)
... GROUP BY c.crew_nm``), and a question that asks, in its own words, "for each" or "every"
over any grouping ("first delivery for each client" as ``MIN(j.svc_dt)``): the query LEFT
JOINed the rows of the entities it groups to keep every one of them, and the WHERE takes away
those with none. On the production corpus (session 42) every one of the 37 answers with such
a join under a grouping was wrong; a total per group ("revenue per store" as a SUM), which
need not list the stores with none, is left alone, as is a distinct count.

>>> from stef_sql.extract import extract_spec
>>> sql = ("SELECT c.id FROM clients c LEFT JOIN payments p ON p.client_id = c.id "
...        "WHERE p.paid_on >= '2026-01-01' GROUP BY c.id HAVING COUNT(p.payment_id) = 0")
>>> from stef_core.spec import QuestionSpec
>>> [(r.code, r.severity) for r in check(QuestionSpec(), extract_spec(sql))]
[('join.drops_empty', 'major')]
>>> check(QuestionSpec(), extract_spec(sql.replace("WHERE", "AND")))
[]
>>> per = ("SELECT l.loc_nm, COUNT(b.bkg_id) FROM locations l LEFT JOIN bookings b ON "
...        "b.loc_id = l.loc_id WHERE b.event_type = 'SCHOOL' GROUP BY l.loc_nm")
>>> [(r.code, r.severity) for r in check(QuestionSpec(text="shoots for each location"),
...                                      extract_spec(per))]
[('join.drops_empty', 'major')]
>>> total = per.replace("COUNT(b.bkg_id)", "SUM(b.fee)")
>>> check(QuestionSpec(text="revenue per location"), extract_spec(total))
[]
>>> anti = ("SELECT COUNT(*) FROM patrons p LEFT JOIN checkouts c ON c.ptrn_id = p.ptrn_id "
...         "WHERE c.is_test = 0 AND c.circ_id IS NULL")
>>> [(r.code, r.severity) for r in check(QuestionSpec(), extract_spec(anti))]
[('join.drops_empty', 'major')]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: Words that ask for every one of the groups ("for each location", "every client").
_EACH = re.compile(r"\b(?:each|every)\b")
#: Counts of the joined rows per group, which a LEFT JOIN lets be 0.
_COUNTS = frozenset({"COUNT", "COUNT_IF", "COUNTIF"})
#: Aggregates a count or total per group is made of.
_TOTALS = frozenset({"COUNT", "SUM", "COUNT_IF", "COUNTIF"})


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    for condition, counted in sql.defeated_joins[:8]:
        if counted:
            return [_reason(condition, counted)]
    grouped = bool(sql.group_by) and any(a.func in _TOTALS for a in sql.aggregations)
    if q.keeps_empty and grouped and sql.defeated_joins:
        return [_reason(sql.defeated_joins[0][0], "the question asks for those with none")]
    # (a grouping over the LEFT JOIN says so as well: "school shoots last quarter for each
    # location" / locations l LEFT JOIN bookings b ... WHERE b.event_type = 'SCHOOL' GROUP BY
    # l.loc_nm, or the first delivery of each client as MIN(j.svc_dt): the SQL's own LEFT JOIN
    # kept every entity for its group, and the WHERE takes the ones with none away; on the
    # production corpus every such answer was wrong, 17 of 17, session 42)
    counts = any(a.func in _COUNTS and not a.distinct and not a.nested
                 for a in sql.aggregations[:32])
    if sql.group_by and sql.defeated_joins and (counts or (
            _EACH.search(q.own_words[:2000]) and any(not a.nested for a in sql.aggregations))):
        return [reason(
            "join.drops_empty",
            f"the SQL LEFT JOINs a table to keep every entity it groups, those with no "
            f"matching row included, but its WHERE also requires "
            f"{sql.defeated_joins[0][0]}, which their unmatched row (every joined column NULL) "
            f"never meets: the entities with none are left out, as by an inner join; the "
            f"condition belongs in the JOIN's ON",
            "major",
        )]
    return []


def _reason(condition: str, counted: str) -> Reason:
    if counted.upper().endswith(" IS NULL"):
        # the anti-join in the same WHERE (stef_sql.read.defeated): nothing is left at all
        return reason(
            "join.drops_empty",
            f"the SQL LEFT JOINs a table and keeps only the rows with no match ({counted}), "
            f"but its WHERE also requires {condition}, which such a row (every joined column "
            f"NULL) never meets: the query keeps nothing; the condition belongs in the "
            f"JOIN's ON",
            "major",
        )
    return reason(
        "join.drops_empty",
        f"the SQL LEFT JOINs the rows it counts and counts on the entities with none "
        f"({counted}), but its WHERE also requires {condition}, which their unmatched row "
        f"(every joined column NULL) never meets: those entities are removed before they are "
        f"counted, as by an inner join; the condition belongs in the JOIN's ON",
        "major",
    )
