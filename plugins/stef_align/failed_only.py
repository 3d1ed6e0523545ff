"""Money taken counted with only the failures left out: ``filter.missing`` (major).

"Pass revenue last qtr", "fees collected last month", "iap revenue ytd": the money a business
took in is what was paid and kept. A SQL that sums the payments, sales or vends and leaves
out only the failed ones (``pay_status <> 'FAILED'``, ``status NOT IN ('failed',
'declined')``, ``status_cd <> 'VEND_FAIL'``) keeps every other state of the column: the
payments refunded or reversed since (money given back), the voided and the ones still
pending. Revenue counts the settled ones (``status = 'completed'``), or leaves the refunds out
as well.

Read only when the person's own words ask for money taken in (revenue, sales, income, gmv,
takings, earnings, fees or money collected) and say nothing of failures or refunds (then the
question decides), the SQL sums something, every condition on that status column is such an
exclusion of failures alone (nothing kept by ``=`` or ``IN``, nothing refunded, voided or
pending named among the values left out), and no column of the query names a refund, a
reversal or a void (``refunded_at IS NULL``, ``is_refunded``, ``refund_amt``: refunds dealt
with otherwise). On the production corpus this reading fires on wrong answers only, on both
halves.

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(text="pass revenue last qtr by plan")
>>> sql = ("SELECT plan_cd, SUM(amount) FROM pass_payments WHERE operator_id = 4 "
...        "AND pay_status <> 'FAILED' GROUP BY plan_cd")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql, "sqlite"))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql.replace("<> 'FAILED'", "= 'SETTLED'"), "sqlite"))
[]
>>> check(q, extract_spec(sql.replace("<> 'FAILED'", "NOT IN ('FAILED', 'REFUNDED')"), "sqlite"))
[]
>>> check(QuestionSpec(text="revenue lost to failed payments"), extract_spec(sql, "sqlite"))
[]
"""

from __future__ import annotations

from stef_align.names import parts
from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import Filter, QuestionSpec, SqlSpec

#: Money the business took in, as the person asks for it.
_MONEY = gated(r"\b(?:revenues?|sales|gmv|income|takings|earnings|fees|collected)\b")
#: The person speaks of failures, refunds or states of payment: the question decides.
_SAID = gated(r"\b(?:fail\w*|declin\w*|refund\w*|revers\w*|void\w*|chargeback\w*|pending|"
              r"gross|attempt\w*|status\w*)\b")
#: Name parts of a value that says a payment failed (``FAILED``, ``VEND_FAIL``, ``declined``).
_FAILED = frozenset({"fail", "failed", "failure", "declined", "decline", "error", "errored"})
#: Name parts of a value or a column that deals with money given back or never settled.
_SETTLING = ("refund", "revers", "void", "chargeback", "cancel", "pending", "disput", "credit",
             "return")
#: Name parts of a column that holds a payment's state.
_STATE = frozenset({"status", "stat", "state", "sts", "cd", "code", "result", "outcome"})


def _values(f: Filter) -> list[str]:
    return [v.lower() for v in f.values if isinstance(v, str)]


def _state_column(column: str) -> bool:
    ps = parts(column.split(".")[-1].lower())
    return any(p in _STATE or p.endswith("status") for p in ps)


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not any(a.func == "SUM" for a in sql.aggregations):
        return []
    own = q.own_words
    if _MONEY.search(own) is None or _SAID.search(own) is not None:
        return []
    conditions = [*sql.filters[:64], *sql.conditions[:32]]
    found: Filter | None = None
    for f in conditions:
        if f.relation or f.excluded or not f.column or f.op not in ("!=", "not in"):
            continue
        values = _values(f)
        if values and _state_column(f.column) and all(
                set(parts(v)) & _FAILED for v in values):
            found = f
            break
    if found is None:
        return []
    column = (found.column or "").lower()
    for f in conditions:
        if (f.column or "").lower() != column or f is found:
            continue
        if f.op not in ("!=", "not in") or any(
                s in v for v in _values(f) for s in _SETTLING):
            return []  # the column is kept by a value, or money given back is left out too
    if any(s in c.lower() for c in sql.columns for s in _SETTLING):
        return []  # refunds or voids dealt with by another column
    shown = ", ".join(f"'{v}'" for v in _values(found)[:3])
    return [reason(
        "filter.missing",
        f"the question asks for money taken in, but the SQL leaves out only the failed "
        f"payments ({found.column} {found.op} {shown}): every other state of {found.column} "
        f"is summed, refunded or reversed payments (money given back), voided and pending "
        f"ones included; keep the settled ones ({found.column} = the completed state)",
        "major",
    )]
