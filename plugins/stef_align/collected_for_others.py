"""Revenue that adds money collected for others: ``aggregation.mismatch`` (major) when the
question asks for revenue, sales or an order value and the SQL's aggregate adds a tax or a tip
column to the amount (``SUM(ra.total_amt + ra.tax_amt)`` for "revenue by branch type",
``SUM(amt + tip_amt)`` for "F&B revenue by outlet").

Sales tax (VAT, GST) is owed to the tax office and tips belong to the staff: the business
collects them with its sales, and neither is its revenue. That holds whatever the deployment,
so the reading needs no ruleset. The person's own words decide (the agent's reformulation
"gross revenue including tax" is the misreading itself): a question that speaks of tax or tips
("revenue including tax", "total tips"), of gross receipts, or of what was charged, paid or
collected is taken at its word. Only an addition is read: ``total_amt - tax_amt`` is the net
figure. Fees (a booking fee, a delivery fee) are not read: a platform's fee is often its own
revenue.

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(text="revenue by branch type this qtr")
>>> sql = ("SELECT b.br_type, SUM(ra.total_amt + ra.tax_amt) FROM rental_agreements ra "
...        "JOIN branches b ON b.br_id = ra.out_br_id GROUP BY b.br_type")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec(sql.replace("+", "-")))
[]
>>> check(q, extract_spec(sql.replace("ra.total_amt + ra.tax_amt", "ra.pre_tax_amt + ra.fuel_amt")))
[]
>>> [r.code for r in check(QuestionSpec(text="f&b revenue by outlet"), extract_spec(
...     "SELECT outlet_cd, SUM(amt) + SUM(COALESCE(tip_amt, 0)) FROM pos_txn GROUP BY 1"))]
['aggregation.mismatch']
>>> check(QuestionSpec(text="revenue including tax by branch type"), extract_spec(sql))
[]
>>> check(QuestionSpec(text="gmv last month"), extract_spec(
...     "SELECT SUM(subtotal_amt + delivery_fee) FROM orders"))
[]
"""

from __future__ import annotations

import re

from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: The measures that are the business's own money coming in.
_MEASURE = re.compile(r"\b(?:revenues?|rev|sales|aov|order values?|gmv|income|turnover|takings)\b")
#: The person speaks of the collected money itself, or of what changed hands whatever it was.
_ASKED = re.compile(r"\b(?:tax\w*|vat|gst|hst|tips?|tipped|gratuit\w*|gross|receipts|incl\w*|"
                    r"charged|collected|paid|billed|cash)\b")
#: Name parts of a column holding money collected for others.
_FOR_OTHERS = frozenset({"tax", "taxes", "vat", "gst", "hst", "tip", "tips", "gratuity",
                         "gratuities"})
#: Name parts that say the amount is without it (``pre_tax_amt``, ``net_of_tax``, ``amt_ex_vat``).
_WITHOUT = frozenset({"pre", "ex", "excl", "exclusive", "net", "before", "less", "without",
                      "wo", "after", "no", "untaxed"})
#: A column added by ``+`` (on either side of it), possibly inside a call: ``COALESCE(tax, 0)``,
#: ``SUM(amt) + SUM(tip_amt)``. A name before ``+`` is tried from its first character only
#: (the lookbehind): tried from each of its characters, a long name with no ``+`` after it is
#: read again from every one.
_ADDED = re.compile(
    r"(?<![\w.\"`\[\]])([\w.\"`\[\]]+)\s*\)?\s*(?=\+)"
    r"|\+\s*(?:\w+\s*\(\s*)*([\w.\"`\[\]]+)", re.I)


def _collected(expr: str) -> str | None:
    """The tax or tip column an expression adds to something, or None."""
    for m in _ADDED.finditer(expr[:2000]):
        name = (m.group(1) or m.group(2) or "").split(".")[-1].strip("\"`[]")
        words = set(parts(name)) if name else set()
        if words & _FOR_OTHERS and not words & _WITHOUT:
            return name
    return None


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    # (the SQL first: most queries add no tax column, and then the question goes unsearched)
    for p in sql.projections[:64]:
        if not p.aggregate or "+" not in p.expr:
            continue
        column = _collected(p.expr)
        if column is None:
            continue
        own = q.own_words
        measure = _MEASURE.search(own)
        if measure is None or _ASKED.search(own):
            return []
        return [reason(
            "aggregation.mismatch",
            f"the question asks for {measure.group(0)} but the SQL adds "
            f"{column} to the amount: tax is owed to the tax office and tips belong to the "
            f"staff, money collected for others, not the business's revenue; leave it out",
            "major",
        )]
    return []
