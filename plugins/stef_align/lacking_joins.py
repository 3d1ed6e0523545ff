"""Rows that lack a thing, read through an inner join to that thing: ``join.drops_empty``
(major) when the question or its reformulation asks about rows with no X ("invoices with no
PO", "properties that had no reviews", "tickets without a survey response") and the SQL
inner-joins X's table (``JOIN purchase_orders po ON po.po_id = si.po_id``): an inner join keeps
only the rows that have a match, so the rows with no X are never among them, whatever the rest
of the query computes.

X is one of the two words right after "no" / "without (a, an, any)" / "never had (a, an,
any)" (the thing, or a word that qualifies it and the thing: "no late deliveries"), and names
the joined table by its last word (``reviews``, ``shipments``) or by its initials (a PO is a
``purchase_orders`` row). The table the query starts from is not read: the rows counted there
are X's own.

Left alone: a query that can keep unmatched rows (an outer join, a scalar subquery, a set
operation) or looks them up by an anti-join (any NOT EXISTS / NOT IN: X's table may be read in
a CTE the anti-join reads, ``site_id NOT IN (SELECT site_id FROM active_sites)``); a join to X
whose number the query tests for nothing (``s.qty_on_hand = 0``, ``< 1``: a row that says
"none", as a stock table holds one per product and warehouse; a NULL test of a joined column,
``po.contract_id IS NULL``, finds rows that have an X); "no show" (an event, not a lack); and
rows with nothing the question leaves out ("excluding customers with no orders").

>>> from stef_core.spec import QuestionSpec
>>> from stef_sql.extract import extract_spec
>>> q = QuestionSpec(text="maverick spend % . invoices with no po or on a po without a contract.")
>>> sql = ("SELECT SUM(CASE WHEN po.contract_id IS NULL THEN si.amount END) / SUM(si.amount) "
...        "FROM supplier_invoices si JOIN purchase_orders po ON po.po_id = si.po_id")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('join.drops_empty', 'major')]
>>> check(q, extract_spec(sql.replace("JOIN", "LEFT JOIN")))
[]
>>> check(QuestionSpec(text="which products have no stock"), extract_spec(
...     "SELECT p.sku FROM products p JOIN stock s ON s.sku = p.sku WHERE s.qty = 0"))
[]

"No PO" is a lack in any case; "no of orders" is a number of orders:

>>> [r.code for r in check(QuestionSpec(text="Invoices with No PO"), extract_spec(sql))]
['join.drops_empty']
>>> check(QuestionSpec(text="invoices by no of po lines"), extract_spec(sql))
[]
"""

from __future__ import annotations

import re
from itertools import islice

from stef_align.names import initials, parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import stem

#: The two words after "no", "without (a / an / any)", "never had (a / an / any)" ...: the
#: thing lacked, or its modifier and the thing ("no late deliveries", "without a survey
#: response"). In any case: a question or a reformulation may be written "No PO" (session 29).
_LACKS = re.compile(r"\b(?:no|without(?:\s+(?:a|an|any))?|never\s+(?:had|got|received)"
                    r"(?:\s+(?:a|an|any))?)\s+([a-z][a-z0-9]*)\b(?:\s+([a-z][a-z0-9]*)\b)?",
                    re.IGNORECASE)
#: What every match of :data:`_LACKS` holds, searched (case-sensitive, so fast) in the
#: lower-cased text of an ASCII question: "no", "without" or "never" and a blank.
_LACK_WORD = re.compile(r"(?:no|without|never)\s")
#: Words after "no" that say something else than a lack of rows ("no show", "no later than"),
#: "of" among them: "no of orders" (and "no. of", which the pattern does not take) is "number of"
#: (session 29).
_NOT_A_THING = frozenset({"show", "shows", "longer", "later", "earlier", "more", "less",
                          "than", "one", "other", "data", "value", "values", "date", "dates",
                          "of"})
#: Words that leave the rows with nothing out ("excluding customers with no orders"): then the
#: inner join does what was asked.
_LEFT_OUT = re.compile(r"\b(?:exclud\w*|ignor\w*|except|omit\w*|leav\w* out|drop\w*|skip\w*|"
                       r"remov\w*|filter\w* out|not counting)\b")
#: Tests of a joined number that find a row saying "none" (a zero quantity).
_NOTHING_OPS = frozenset({"=", "<=", "<"})


def _named(word: str, table: str) -> bool:
    """Does ``word`` name ``table``: its last word's stem, or its initials ("po" for
    ``purchase_orders``, two letters at least)?"""
    words = parts(table.split(".")[-1])
    if not words:
        return False
    w = stem(word)
    return w == stem(words[-1]) or (len(words) > 1 and len(w) >= 2 and w == initials(table))


def _tests_nothing(sql: SqlSpec, table: str) -> bool:
    """Does the query test a number of ``table`` for nothing (``= 0``, ``<= 0``, ``< 1``)?"""
    columns = {c for c, t in sql.column_tables if t == table}
    for f in (*sql.filters[:64], *sql.conditions[:64]):
        if (f.column in columns and f.op in _NOTHING_OPS and not isinstance(f.value, bool)
                and isinstance(f.value, (int, float)) and f.value <= (1 if f.op == "<" else 0)):
            return True
    return False


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    # (the SQL first: most queries join nothing or keep unmatched rows)
    if not sql.joins or sql.keeps_unmatched or len(sql.tables) < 2:
        return []
    if sql.excluded_tables or any(f.op == "not in" for f in sql.filters[:64]):
        return []  # an anti-join finds the rows with nothing, X's table read in a CTE included
    words: list[str] = []
    if q.text.isascii() and _LACK_WORD.search(q.text.lower()) is None:
        return []  # (on other text IGNORECASE also matches beyond ASCII letters)
    for m in islice(_LACKS.finditer(q.text), 8):  # the first eight, the rest never searched
        first, second = m.group(1).lower(), m.group(2) and m.group(2).lower()
        if first in _NOT_A_THING or _LEFT_OUT.search(q.text[max(0, m.start() - 40):m.start()]):
            continue
        words += [first, second] if second else [first]
    if not words:
        return []
    for table in sql.tables[1:16]:
        if table in sql.excluded_tables or table == sql.tables[0]:
            continue
        word = next((w for w in words if _named(w, table)), None)
        if word is None or _tests_nothing(sql, table):
            continue
        return [reason(
            "join.drops_empty",
            f"the question asks about rows with no {word}, but the SQL inner-joins {table}: "
            f"an inner join keeps only the rows that have a match there, so those with no "
            f"{word} are never counted; LEFT JOIN {table} (and test it for NULL) or look the "
            f"rows up with NOT EXISTS",
            "major",
        )]
    return []
