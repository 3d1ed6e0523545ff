"""A total asked, a list of rows answered: ``aggregation.missing`` when the question asks one
amount over many rows ("total revenue last month", "sum of refunds in q1", "how much did we
spend on fuel in may", "how much is still owed on november invoices") and the SQL lists the
rows themselves with their own key (``SELECT order_id, amount_usd FROM orders WHERE ...``):
no aggregate anywhere, no GROUP BY, no window, one line per order.

An amount column shown as is answers a total only when the row holds the total already (a
column named ``total_amt`` passes the aggregate reader's test for a stored total); shown beside
the key of the rows it lies on, each line is one order's amount, and the total is left for
the reader to add up. Severity by what the words say: the person's own "total" / "sum of" is
critical (the count's "it lists rows" twin); "how much" with a verb or noun of money that
accrues (spend, paid, owed, revenue) and a total only the agent's reformulation states are
major.

Not read (the amount of each row is the answer):

* an amount per row asked: "how much was each invoice", "total for each order", "per",
  "every", "individual", a breakdown ("by vendor") or a list ("list ... and their totals",
  "which invoices");
* one row picked: a filter on the rows' key or name (``invoice_id = 1042``, ``plan_nm =
  'Premium'``), LIMIT 1, a superlative ("how much was the largest booking");
* a total compared with a number ("invoices over $500 total"): a condition on each row;
* a price ("how much does the premium plan cost", "how much do our plans cost"): no verb of
  money that accrues, a present-tense cost is a price;
* a total computed anywhere (a CTE, a subquery, a window) and shown by the outer SELECT;
* rows without their key (a stored monthly figure, ``SELECT revenue FROM monthly_kpis``):
  the aggregate reader weighs those.

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(aggregations=("SUM",), text="total revenue last month")
>>> [(r.code, r.severity) for r in check(q, extract_spec(
...     "SELECT order_id, amount_usd FROM orders WHERE created_at >= '2026-04-01'"))]
[('aggregation.missing', 'critical')]
>>> check(q, extract_spec("SELECT SUM(amount_usd) FROM orders WHERE created_at >= '2026-04-01'"))
[]
>>> each = QuestionSpec(aggregations=("SUM",), text="total for each order last week")
>>> check(each, extract_spec("SELECT order_id, order_total FROM orders"))
[]
"""

from __future__ import annotations

import re

from stef_align.joins import keyed, named_key
from stef_align.names import bare, parts
from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.reasons import Severity, reason
from stef_core.spec import QuestionSpec, SqlSpec

#: "how much" and what follows it up to the end of the clause.
_HOW_MUCH = gated(r"\bhow much\b([^.?!;]{0,80})")
#: After "how much": a difference or a part ("how much more", "how much of our revenue"),
#: no total of the rows asked.
_NOT_TOTAL = re.compile(r"^\s*(?:more|less|longer|shorter|higher|lower|bigger|smaller|faster|"
                        r"slower|further|farther|earlier|later|of|time|space|room|"
                        r"storage|capacity|stock|inventory)\b")
#: Words of money that accrues over rows: what was spent, paid, earned, billed or is owed
#: adds up; "does it cost" is a price and is not among them ("did ... cost" is: the cost of
#: what happened).
_ACCRUES = re.compile(
    r"\b(?:spend|spends|spent|spending|pay|paid|payout|payouts|earn|earned|earnings|make|made|"
    r"bill|billed|charge|charged|collect|collected|refund|refunded|refunds|raise|raised|"
    r"donate|donated|donations|lose|lost|owe|owed|owing|outstanding|unpaid|overdue|invoice|"
    r"invoiced|sell|sold|receive|received|generate|generated|brought\s+in|bring\s+in|"
    r"written\s+off|wrote\s+off|waived|revenue|revenues|sales|income|profit|profits|"
    r"payroll|tips|fees|commissions?|money|cash|tax|taxes)\b"
    r"|\b(?:did|have|has|had)\b[^.?!;]{0,40}\bcost\b")
#: An amount asked of each row, a breakdown or a list: the rows' own amounts are the answer.
_PER_ROW = gated(
    r"\b(?:each|every|per|apiece|individual|individually|respective|respectively|itemi[sz]ed?|"
    r"breakdown|broken\s+down|line\s+by\s+line|list|listing|which|by|detail|details|"
    r"and\s+their|with\s+their|with\s+amounts?|one\s+by\s+one)\b")
#: A total compared with a number ("over $500 total", "a total above 1,000"): a condition on
#: each row's total.
_COMPARED = re.compile(
    r"\btotals?\b\s*(?:[a-z]+\s+){0,2}(?:over|above|under|below|exceeding|more\s+than|"
    r"less\s+than|at\s+least|at\s+most|greater\s+than|[<>])"
    r"|\b(?:over|above|under|below|exceeding|more\s+than|less\s+than|at\s+least|at\s+most)"
    r"\s+\$?\s?[\d,.]+\s*k?\s+(?:in\s+)?totals?\b")
#: Name parts of a column that picks one row by its name or number (``plan_nm``,
#: ``invoice_no``).
_PICKING_PARTS = frozenset({"name", "nm", "title", "no", "num", "number", "code", "cd", "ref",
                            "uuid", "key", "sku"})


def _asked(q: QuestionSpec) -> tuple[str, Severity] | None:
    """How a total is asked, as (what the message quotes, severity), or None: the person's
    own "total" / "sum" (critical), "how much" of money that accrues (major), a total only
    the reformulation states (major)."""
    own = q.own_words[:2000]
    strong = "SUM" in q.aggregations and "SUM" not in q.weak_aggregations
    if _PER_ROW.search(own) is not None or _COMPARED.search(own) is not None:
        return None
    restated = q.restated_words
    if strong and re.search(r"\b(?:total|sum|combined|altogether|in all)\b", own):
        return "a total", "critical"
    m = _HOW_MUCH.search(own)
    if m is not None and _NOT_TOTAL.match(m.group(1)) is None and _ACCRUES.search(
            m.group(1)) is not None:
        return "how much", "major"
    if strong and restated and re.search(r"\b(?:total|sum)\b", restated[:2000]) and (
            _PER_ROW.search(restated[:2000]) is None
            and _COMPARED.search(restated[:2000]) is None):
        return "a total (in the reformulation)", "major"
    return None


def _row_key(sql: SqlSpec) -> tuple[str, str] | None:
    """The shown column that keys the rows listed and its table (``order_id`` of ``orders``,
    ``fill_id`` of ``fuel_fills``), or ``*``: each line is one row of its table."""
    if sql.select_star:
        return ("*", sql.tables[0]) if len(sql.tables) == 1 else None
    for p in sql.projections[:32]:
        if p.column is None:
            continue
        column = bare(p.column)
        table = _table_of(sql, column)
        if table and (keyed(table, column) or any(
                named_key(table, column, other) for other in (*sql.tables[:8], "")
                if other != table)):
            return column, table
    return None


def _table_of(sql: SqlSpec, column: str) -> str:
    """The table a column is read from ("" when the query does not say)."""
    owners = {t for c, t in sql.column_tables[:256] if c == column}
    if len(owners) == 1:
        return owners.pop()
    return sql.tables[0] if len(sql.tables) == 1 and not owners else ""


def _picks_one(sql: SqlSpec, key: str, table: str) -> bool:
    """Does a filter pick one of the rows listed: an equality on their key, or on a name or
    number of their table (``invoice_id = 1042``, ``plan_nm = 'Premium'``)? A name of
    another table (``account_nm = 'Acme'`` over the account's charges) picks whose rows."""
    for f in sql.filters[:64]:
        if f.op != "=" or f.column is None or isinstance(f.value, tuple):
            continue
        column = bare(f.column)
        if column == key or (set(parts(column)) & _PICKING_PARTS
                             and _table_of(sql, column) in (table, "")):
            return True
    return False


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if sql.aggregations or sql.windows or sql.group_by or sql.set_operation:
        return []  # (most queries: something is computed, the question goes unread)
    if sql.limit == 1 or q.superlative is not None or q.top_k is not None or q.group_by:
        return []
    if any(p.aggregate is not None for p in sql.projections[:64]):
        return []
    asked = _asked(q)
    if asked is None:
        return []
    keyed_by = _row_key(sql)
    if keyed_by is None or _picks_one(sql, *keyed_by):
        return []
    key = keyed_by[0]
    words, severity = asked
    shown = "every column" if key == "*" else key
    return [reason(
        "aggregation.missing",
        f"the question asks for {words} but the SQL lists rows (one line per {shown}) and "
        f"adds nothing up: a SUM over them answers it",
        severity,
    )]
