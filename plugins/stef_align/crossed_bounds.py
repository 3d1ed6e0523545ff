"""Two bounds joined the other way: ``filter.operator_mismatch`` (major).

"Boats with 6+ berths or over 60 ft" answered with ``berths >= 6 AND length_ft > 60`` keeps
only the boats that meet both; "in-stock specimens under $300 and over 100 grams" answered
with ``(list_price_usd < 300 OR weight_g > 100)`` keeps the ones that meet either. The person
joins two bounds on numbers by one "or" or "and" (``QuestionSpec.joined_bounds``); the SQL
keeps them, on two columns, by the other: both as conditions of the WHERE for "or", as the
two sides of an OR for "and".

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("boats with 6+ berths or over 60 ft", None)
>>> sql = "SELECT boat_nm FROM boats WHERE fleet_id = 3 AND berths >= 6 AND length_ft > 60"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.operator_mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("berths >= 6 AND length_ft > 60",
...                                   "(berths >= 6 OR length_ft > 60)")))
[]
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import Filter, QuestionSpec, SqlSpec
from stef_core.values import value_key


def _kept(bound: Filter, sql: SqlSpec) -> list[Filter]:
    """The SQL's row conditions on a column that compare with the bound's number."""
    key = value_key(bound.value)
    return [f for f in sql.filters[:128]
            if f.column and not f.excluded and f.source == "where" and f.op == bound.op
            and not isinstance(f.value, tuple) and value_key(f.value) == key]


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    for a, b, word in q.joined_bounds[:4]:
        kept_a, kept_b = _kept(a, sql), _kept(b, sql)
        if len(kept_a) != 1 or len(kept_b) != 1:
            continue
        fa, fb = kept_a[0], kept_b[0]
        if fa.column == fb.column:
            continue  # a range on one column ("over 10 and under 20")
        if word == "or" and not fa.alternative and not fb.alternative:
            return [reason(
                "filter.operator_mismatch",
                f"the question asks for {a.op} {a.value} or {b.op} {b.value} (either one), but "
                f"the SQL requires both: {fa.describe()} AND {fb.describe()}", "major")]
        if word == "and" and fa.alternative and fb.alternative:
            return [reason(
                "filter.operator_mismatch",
                f"the question asks for {a.op} {a.value} and {b.op} {b.value} (both), but the "
                f"SQL keeps the rows that meet either: {fa.describe()} OR {fb.describe()}",
                "major")]
    return []
