"""Amounts added up once per distinct value: ``aggregation.mismatch`` (major) when the SQL
sums DISTINCT values of a column (``SUM(DISTINCT i.billed_amount)``) and the question does
not ask for distinct values.

DISTINCT in a SUM keeps each value once, not each row: two invoices of 1,200.00 in a month
add 1,200.00. Agents write it to undo the repeats of a join (an invoice once per payment), and
it drops the equal amounts of different rows with them; the rows are de-duplicated by their
key (a subquery per invoice) or the amount summed where the join does not repeat it. A
question that says "distinct", "different" or "unique" asks for the values themselves.

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(text="billed by month this year")
>>> [(r.code, r.severity) for r in check(q, extract_spec(
...     "SELECT m, SUM(DISTINCT i.billed_amount) FROM invoices i GROUP BY m"))]
[('aggregation.mismatch', 'major')]
>>> check(QuestionSpec(text="sum of the distinct prices"), extract_spec(
...     "SELECT SUM(DISTINCT price) FROM tiers"))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: The question asks for distinct values.
_DISTINCT_WORDS = re.compile(r"\b(?:distinct|different|unique|each value|deduplicated)\b")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    for agg in sql.aggregations[:64]:
        if agg.func == "SUM" and agg.distinct and agg.arg and agg.arg != "*":
            if _DISTINCT_WORDS.search(q.own_words):
                return []  # (searched only here: most queries sum nothing DISTINCT)
            return [reason(
                "aggregation.mismatch",
                f"the SQL adds up the DISTINCT values of {agg.arg}: rows with equal amounts "
                f"are counted once, so two different rows of the same amount add only one; "
                f"de-duplicate the rows by their key, not by the amount",
                "major",
            )]
    return []
