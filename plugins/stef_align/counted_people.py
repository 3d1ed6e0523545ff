"""People counted for occurrences: ``aggregation.mismatch`` (major) when the person counts
occurrences ("how many visits did we do last month", "how many bookings this week") and the
SQL counts the distinct people on them (``COUNT(DISTINCT client_id)``, ``uniqExact(client_id)``):
a client seen three times is one visit in the answer instead of three.

Read only where the texts leave no doubt: the counted noun is an occurrence (a visit, an
order, a booking: :data:`stef_align.aggregates.OCCURRENCES`), the SQL's one count is distinct
and its column is an id named after a person's role (:data:`stef_align.counted_roles.STAFF`
or :data:`~stef_align.counted_roles.CLIENTS`). A distinct count of the occurrences' own ids
(``COUNT(DISTINCT visit_id)``) or of anything else is left alone, and so is a question that
asks per person.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("how many visits did we do last month", None)
>>> sql = "SELECT COUNT(DISTINCT client_id) FROM consults WHERE status = 'DONE'"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("client_id", "consult_id")))
[]
>>> check(question_spec("how many clients did we see last month", None), extract_spec(sql))
[]
"""

from __future__ import annotations

from stef_align.aggregates import DISTINCT_COUNTS, OCCURRENCES
from stef_align.counted_roles import role_of, role_side
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """The finding (module docstring), at most one."""
    if not q.counted or "COUNT" not in q.aggregations or q.group_by or q.distinct_count:
        return []
    noun = q.counted[0]
    if noun not in OCCURRENCES:
        return []
    counts = [a for a in sql.aggregations[:32] if not a.nested and (
        a.func == "COUNT" or a.func in DISTINCT_COUNTS)]
    if len(counts) != 1:
        return []
    count = counts[0]
    if not (count.distinct or count.func in DISTINCT_COUNTS) or "," in count.arg:
        return []
    role = role_of(count.arg)
    if role is None or role_side(role) is None:
        return []
    return [reason(
        "aggregation.mismatch",
        f"the question counts {noun}, but the SQL counts the distinct {role}s on them "
        f"({count.func}(DISTINCT {count.arg})): one with several {noun} counts once; count "
        f"the {noun} (COUNT(*))",
        "major",
    )]
