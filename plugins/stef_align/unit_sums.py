"""A per-unit figure added up as a total: ``aggregation.mismatch`` (major) when the SQL sums
a column named as the amount of one unit (``unit_cost``, ``unit_price``, ``price_per_litre``,
``cost_per_ton``) and nothing else: "parts cost by trade" as ``SUM(p.unit_cost)``, "savings vs
contract price" as ``SUM(pl.contract_unit_price - pl.unit_price)``.

A unit price is what one unit costs; summed over rows it gives a total only when every row is
one unit, so a line of ten breakers costs one. The total multiplies it by the quantity
(``SUM(unit_cost * qty)``: the SUM then reads a column that is no unit figure, and is left
alone), and so does any argument that reads another column (a CASE on a status). An average
of a unit price is what the column is for. A question that speaks of the unit itself ("total
of the unit prices", "sum of price per litre") is taken at its word. Per-time rates
(``rate_per_hour``, ``cost_per_day``) are not read: rows of hours or days add up.

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(text="parts cost by trade last month")
>>> [(r.code, r.severity) for r in check(q, extract_spec(
...     "SELECT trade, SUM(p.unit_cost) FROM wo_parts p GROUP BY trade"))]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec("SELECT trade, SUM(p.unit_cost * p.qty) FROM wo_parts p GROUP BY trade"))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: The physical units a price or a cost is stated per (not hours or days: rows of those add
#: up to a period's total).
_PER = (r"(?:unit|item|piece|pc|ea|each|litre|liter|gallon|gal|ton|tonne|kg|lb|bushel|seat|"
        r"kwh|mile|km|share)")
#: A column holding the amount of one unit.
_UNIT_COLUMN = re.compile(
    rf"^(?:\w+_)?unit_?(?:price|cost|rate|fee|amt|amount|value)s?(?:_\w+)?$"
    rf"|^\w*(?:price|cost|rate|fee|charge|amt|amount)_?per_?{_PER}$")
#: The question speaks of the unit figure itself.
_UNIT_WORDS = re.compile(rf"\bunit\b|\bper\s+{_PER}s?\b|\bprice per\b|\bcost per\b")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    for agg in sql.aggregations[:64]:
        if agg.func != "SUM" or agg.distinct or not agg.arg or agg.arg == "*":
            continue
        columns = [c.strip().split(".")[-1].lower() for c in agg.arg.split(",")]
        if columns and all(_UNIT_COLUMN.match(c) for c in columns):
            if _UNIT_WORDS.search(q.own_words):
                return []  # (searched only here: most queries sum no unit figure)
            return [reason(
                "aggregation.mismatch",
                f"the SQL adds up {', '.join(columns)}, the amount of one unit, as a total: "
                f"summed over rows it counts each row as one unit, whatever its quantity; the "
                f"total multiplies it by the quantity (SUM({columns[0]} * quantity))",
                "major",
            )]
    return []
