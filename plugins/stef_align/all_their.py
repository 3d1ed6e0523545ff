"""Every one of their rows, kept as any one: ``filter.operator_mismatch`` (critical) when the
person keeps those whose rows are all in one state ("students who withdrew from all their
classes", "members who cancelled all their bookings", "accounts whose invoices are all paid")
and the SQL is a flat filter over the rows, with nothing that looks at an owner's other rows.

"All their classes" is a test on each student's whole set of rows: a HAVING that compares the
state's count with every row, ``BOOL_AND`` / ``LOGICAL_AND``, ``MIN`` = ``MAX``, or ``NOT
EXISTS`` of a row in another state. A query with no grouping, no subquery, no window and no
anti-join keeps the rows in the state and the owners of any one of them: a student who
withdrew from one class of four is counted. Only the person's own words are read, and "all
their" after a word that sums ("spend across all their orders", "total of all their
invoices") or that asks to see them ("show all their open tickets") asks for no test.

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(text="students who withdrew from all their classes spring 2026")
>>> sql = ("SELECT COUNT(DISTINCT student_id) FROM enrollments WHERE term_cd = '202620' "
...        "AND reg_status_cd = 'WD'")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, "postgres"))]
[('filter.operator_mismatch', 'critical')]
>>> check(q, extract_spec("SELECT COUNT(*) FROM (SELECT student_id FROM enrollments WHERE "
...       "term_cd = '202620' GROUP BY student_id HAVING bool_and(reg_status_cd = 'WD')) t",
...       "postgres"))
[]
>>> check(QuestionSpec(text="top 3 customers by spend across all their orders"),
...       extract_spec("SELECT customer_id FROM orders WHERE status = 'paid' LIMIT 3"))
[]
"""

from __future__ import annotations

from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: "all their classes", "all of its invoices", "every one of their bookings"; "whose invoices
#: are all paid", "whose orders were all cancelled". Searched only in a question holding "all",
#: "every" or "whose" (every match does; most questions hold none).
_ALL_THEIR = gated(
    r"\b(?:(?P<before>[a-z]+)\s+)?(?:all|every\s+one)\s+(?:of\s+)?(?:their|its|his|her)\s+"
    r"(?P<noun>[a-z]+)"
    r"|\bwhose\s+(?P<noun2>[a-z]+)\s+(?:are|were|have\s+been|had\s+been)\s+all\b")
#: Words before "all their" that gather the rows into a figure ("spend across all their
#: orders") or ask to see them ("show all their open tickets", "the account and all its
#: contacts"), asking for no test on them.
_GATHERING = frozenset({"across", "over", "of", "for", "summed", "sum", "total", "totals",
                        "among", "including", "with", "on", "by", "per", "from", "in", "and",
                        "plus", "list", "show", "give", "get", "see", "display", "pull",
                        "find", "return", "print", "fetch"})
#: Verbs whose "from all their" is the state itself ("withdrew from all their classes").
_FROM_STATES = frozenset({"withdrew", "withdrawn", "dropped", "removed", "unsubscribed",
                          "resigned", "excluded", "absent", "missing"})


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    # the SQL is tested first: most queries fail a test below, and the question is not read
    if (sql.group_by or sql.nested_group_by or sql.subqueries or sql.windows
            or sql.set_operation or sql.anti_joined_tables or sql.partition_by
            or any(f.source == "having" for f in sql.filters[:128])):
        return []  # something looks at an owner's other rows (or may): not read
    if not any(f.column and f.op in ("=", "in") and not f.excluded
               and isinstance(f.value, (str, tuple)) for f in sql.filters[:128]):
        return []  # no state kept: nothing says which rows are tested
    own = q.own_words[:600].lower()
    found = None
    for m in _ALL_THEIR.finditer(own):
        before = m.group("before") or ""
        if before in _GATHERING and not (before == "from" and _from_state(own, m.start())):
            continue
        found = m.group("noun") or m.group("noun2")
        break
    if found is None:
        return []
    return [reason(
        "filter.operator_mismatch",
        f"the question keeps those whose {found} are all in one state, but the SQL only keeps "
        f"the rows in that state (no grouping, HAVING, NOT EXISTS or window looks at their "
        f"other {found}): one with a single such row among several is kept too",
        "critical",
    )]


def _from_state(own: str, start: int) -> bool:
    """Is the "from" opening the match at ``start`` the one of a leaving verb ("withdrew from
    all their classes"), the state itself, rather than rows gathered from?"""
    words = own[:start].split()
    return bool(words) and words[-1] in _FROM_STATES
