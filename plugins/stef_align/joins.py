"""Joins: ``join.key_mismatch`` when two tables are joined on each one's own key
(``client.client_id = card.card_id``, ``coins.id = historical.id``): the join pairs rows that
have nothing to do with each other; ``join.unmatched_filtered`` when the WHERE keeps the rows a
LEFT JOIN did not match (``t.agent_id IS NULL``) and also requires a value of that table
(``t.status = 'solved'``), which such rows never hold: the query returns nothing.

Three more findings read what a join does to the rows a question is about (the facts are the
SQL reader's, :mod:`stef_sql.read.joins`):

* ``join.fan_out`` (major): a SUM / AVG of one table's amount over a join to a table that holds
  many rows per row of the first (``AVG(o.total_amt)`` with ``JOIN order_items oi ON oi.order_id
  = o.order_id``): the first table's key (``orders.order_id``) is joined to a column that is not
  the second table's own key, so each order is repeated once per line and its amount summed (or
  weighted) as many times. So is the denominator of a share that counts the first table's rows
  without DISTINCT over such a join (``COUNT(DISTINCT e.shipment_id) / COUNT(*)`` with ``LEFT
  JOIN exceptions e ON e.shipment_id = s.shipment_id``): a shipment with two exceptions is
  counted twice in the base. Only a query that starts from the repeated table (``FROM orders o
  JOIN order_items oi``), or from a table it hangs below (``FROM patrons p JOIN fees f ON
  f.ptrn_id = p.ptrn_id LEFT JOIN fee_txns t ON t.fee_id = f.fee_id``: a patron's fees, each
  repeated once per payment), is read: one that starts from the other rows and looks an amount
  up by its key (``FROM subscriptions s JOIN plans p``: the plan's fee per subscription)
  counts it per row on purpose, and so is a unit price (``SUM(p.price)`` over order lines).
  A key abbreviated from its table's name (:func:`abbreviated_key`: ``plantings.plt_id``) is
  the table's own. The key is read past
  a schema's prefix (:func:`named_key`: ``rx_fills.fill_id``, ``pos_txn.txn_id`` joined to
  ``pos_lines``). Last, a share or rate whose base counts DISTINCT keys of one table and whose
  numerator counts the rows of the other (:func:`repeated_share`: ``COUNT(pu.purchase_id) /
  COUNT(DISTINCT p.player_id)`` for "% of installs who became payers"): the DISTINCT says
  the join repeats rows, the numerator counts the repeats.
* ``join.drops_empty`` (major): the SQL looks for the groups with nothing (``HAVING
  SUM(oi.quantity) = 0`` for "no sales"; ``COUNT(*) = 0`` whatever the question) after inner
  joins only, where every group has a matched row; or the
  question asks to show the groups with nothing ("show zeros") and nothing in the SQL can
  keep a group without rows (no outer join, scalar subquery or conditional count).
  In a logged record (an agent's traffic: it has a timestamp) so is a HAVING that keeps the
  groups with little after inner joins only ("associates with fewer than 100 billable hrs" /
  ``FROM time_entries JOIN timekeepers ... HAVING SUM(e.hours) < 100``): the associate with
  no time at all has fewer still but is never a group (the benchmark files' curated answers
  take "fewer than" over the rows that exist, so they are not read).
  Also a share of one key over the same key that an inner join equates (``COUNT(DISTINCT
  o.customer_id) / COUNT(DISTINCT c.customer_id)`` with ``JOIN orders o ON o.customer_id =
  c.customer_id``, :func:`matched_share`): the rows with no match are gone, so it is 1.
* ``subquery.not_in_null`` (info): ``x NOT IN (SELECT col FROM t)`` on a column that is not
  ``t``'s own key and that the subquery does not keep non-NULL: if one value is NULL, NOT IN
  is never true and the query returns nothing. Whether ``col`` holds NULLs is the schema's
  to say, so this is a note; ``major`` when the deployment's ruleset says it does: a term
  that tests the column for NULL (``term "guest checkout" = customer_id IS NULL``, ``term
  "off-site clinic" = store_id IS NULL``) declares rows where it is NULL, and so does a note
  that says so in the deployment's words ("Guest checkouts have orders.customer_id NULL").
  ``major`` in a logged record too (an agent's production log: the record has a timestamp)
  when the subquery reads another table's key (``customers.customer_id NOT IN (SELECT
  customer_id FROM orders)``): a production warehouse's rows often leave it empty (a guest
  checkout's order, a ticket from an unknown requester, a common-area work order, an organic
  install's campaign), where the curated databases of the public benchmarks hardly ever do
  (Spider's NOT IN subqueries are labelled right four times in five; on the production
  corpus's tuned half the answers this note fires on are wrong four times in five). A set
  difference of one column between two slices of its own table (``player_id NOT IN (SELECT
  player_id FROM sessions ...)`` over sessions: yesterday's players not among the day
  before's) stays a note: the rows counted are the column's own. A table named after the
  thing the column keys holds that thing's own rows (:func:`owned_rows`: ``lift_id NOT IN
  (SELECT lift_id FROM lift_downtime ...)``, ``truck_maint.truck_id``): none is without its
  thing, so nothing is found.

>>> own_key("client", "client_id"), own_key("card", "client_id")
(True, False)
>>> from stef_sql.extract import extract_spec
>>> matched_share(extract_spec("SELECT COUNT(DISTINCT o.cust_id) / COUNT(DISTINCT c.cust_id) "
...                            "FROM customers c JOIN orders o ON o.cust_id = c.cust_id"))
'COUNT(DISTINCT o.cust_id) / COUNT(DISTINCT c.cust_id)'
>>> matched_share(extract_spec("SELECT COUNT(DISTINCT o.cust_id) / COUNT(DISTINCT c.cust_id) "
...                            "FROM customers c LEFT JOIN orders o ON o.cust_id = c.cust_id"))
"""

from __future__ import annotations

import re
from functools import lru_cache

from stef_align.names import initials, parts
from stef_core.gated import gated
from stef_core.models import Anchor, Reason, Ruleset
from stef_core.reasons import reason
from stef_core.spec import JoinedAggregate, QuestionSpec, SqlSpec
from stef_core.values import abbreviates
from stef_core.words import MEAN_WORDS, SHARE_WORDS, any_word, norm

#: Aggregates a per-group count or total is made of (a zero is one of theirs).
_COUNTS = frozenset({"COUNT", "SUM", "COUNTIF", "COUNT_IF"})
#: Table name parts that say one row per key of another table (an extension of it, its
#: settings, its current state): joined on that key they repeat nothing.
ONE_PER_KEY = frozenset({"profile", "profiles", "detail", "details", "setting", "settings",
                          "info", "ext", "extension", "current", "latest", "summary",
                          "summaries", "stats", "attributes", "preferences", "config"})
#: Column parts that say an amount is per unit, meant to be counted once per sale or line.
_UNIT_AMOUNTS = frozenset({"price", "unitprice"})


def own_key(table: str, column: str) -> bool:
    """Is ``column`` the key named after ``table`` (``client.client_id``, ``card.cardid``)?"""
    t, c = norm(table), norm(column)
    if not c.endswith("id"):
        return False
    stem = c[:-2]
    if stem and len(stem) >= 4 and t.startswith(stem) and len(parts(table.split(".")[-1])) == 1:
        return True  # ``appliances.appl_id``, ``customers.cust_id``: the name cut short
    return bool(stem) and (t == stem or t.rstrip("s") == stem or stem.rstrip("s") == t.rstrip("s"))


def keyed(table: str, column: str) -> bool:
    """Is ``column`` the key of ``table``: named after it, or a bare ``id``?"""
    return norm(column) == "id" or own_key(table, column)


def named_key(table: str, column: str, other: str) -> bool:
    """Is ``column`` ``table``'s own key, its name read past a schema's prefix: the last word
    of the table (``rx_fills.fill_id``, ``production_runs.run_id``), or what is left once the
    prefix both joined tables share is taken off (``pos_txn.txn_id`` joined to
    ``pos_lines``)?

    >>> named_key("rx_fills", "fill_id", "claims"), named_key("pos_txn", "txn_id", "pos_lines")
    (True, True)
    >>> named_key("pos_lines", "txn_id", "pos_txn"), named_key("orders", "customer_id", "c")
    (False, False)

    A table of two words or more may be keyed by its initials, the way it is said
    (``purchase_orders.po_id``, ``work_orders.wo_id``); ``po_lines.po_id`` is not its own:

    >>> named_key("purchase_orders", "po_id", "po_lines"), named_key("po_lines", "po_id", "x")
    (True, False)

    Initials that spell the table's first word name that word's thing, the table's parent
    (``ra_addons``, the add-ons of a rental agreement, an RA: its ``ra_id`` is the RA's):

    >>> named_key("ra_addons", "ra_id", "rental_agreements")
    False
    """
    if own_key(table, column):
        return True
    words, others = parts(table), parts(other)
    if len(words) > 1 and (own_key(words[-1], column) or (
            initials(table) != words[0] and own_key(initials(table), column))):
        return True
    shared = 0
    while shared < min(len(words), len(others)) - 1 and words[shared] == others[shared]:
        shared += 1
    return shared > 0 and own_key("_".join(words[shared:]), column)


#: Last words of a table that holds the lines of another thing (``po_lines``, ``order_items``).
_LINES = frozenset({"lines", "line", "items", "details", "detail"})


def lines_of(table: str, column: str) -> bool:
    """Does ``table`` hold the lines of the thing ``column`` keys, many rows per value: its name
    is that thing's followed by "lines", "items" or "details" (``po_lines.po_id``,
    ``order_items.order_id``)?

    >>> lines_of("po_lines", "po_id"), lines_of("order_items", "order_id")
    (True, True)
    >>> lines_of("po_lines", "po_line_id"), lines_of("supplier_invoices", "po_id")
    (False, False)
    """
    words = parts(table.split(".")[-1])
    return (len(words) > 1 and words[-1] in _LINES
            and own_key("_".join(words[:-1]), column))


def owned_rows(table: str, column: str) -> bool:
    """Does ``table`` hold the rows of the thing ``column`` keys: its name is that thing's
    followed by what they are (``lift_downtime.lift_id``, ``truck_maint.truck_id``,
    ``order_items.order_id``, ``po_receipts.po_id``)? Such a row belongs to its thing and is
    never without it, so the column is not NULL (``subquery.not_in_null``); a table named after
    another thing (``lift_scans.pass_id``, ``orders.customer_id``) may leave it empty.

    >>> owned_rows("skidw.lift_downtime", "lift_id"), owned_rows("ops.truck_maint", "truck_id")
    (True, True)
    >>> owned_rows("lift_scans", "pass_id"), owned_rows("orders", "customer_id")
    (False, False)
    """
    words = parts(table.split(".")[-1])
    return len(words) > 1 and (own_key(words[0], column)
                               or own_key("_".join(words[:-1]), column))


def short_key(table: str, column: str) -> bool:
    """Is ``column`` ``table``'s key written short, its stem the start of the table's last
    word (``projects.proj_id``, ``campaigns.camp_id``)?

    >>> short_key("projects", "proj_id"), short_key("budget_lines", "proj_id")
    (True, False)
    >>> short_key("projects", "id"), short_key("pos", "po_id")
    (False, False)
    """
    stem, words = _key_stem(column), parts(table.split(".")[-1])
    return len(stem) >= 3 and bool(words) and words[-1] != stem and words[-1].startswith(stem)


def _key_stem(column: str) -> str:
    """What a key column names before its ``id`` (``proj_id``: "proj"), "" for another column."""
    c = norm(column)
    return c[:-2] if c.endswith("id") else ""


def abbreviated_key(table: str, column: str) -> bool:
    """Is ``column`` ``table``'s key written as an abbreviation of its last word, the word's
    first letter and some of its others in order (``plantings.plt_id``, ``patrons.ptrn_id``,
    ``appointments.appt_id``), as a warehouse shortens names it writes every day?

    >>> abbreviated_key("plantings", "plt_id"), abbreviated_key("patrons", "ptrn_id")
    (True, True)
    >>> abbreviated_key("scale_tickets", "plt_id"), abbreviated_key("fees", "fee_id")
    (False, False)
    """
    stem, words = _key_stem(column), parts(table.split(".")[-1])
    # three letters at least, and at least three the word has beyond them
    return (len(stem) >= 3 and bool(words) and len(words[-1]) >= len(stem) + 3
            and abbreviates(stem, words[-1], longest=5))


def _hangs_below(j: JoinedAggregate) -> bool:
    """Does the aggregated table hang below the query's first table rather than being looked
    up from it: every column it is joined to that table by is not its own key (``FROM
    patrons p JOIN fees f ON f.ptrn_id = p.ptrn_id``: a patron's fees, many rows each, not a
    fee looked up per patron)? Then its rows are the query's own as much as the first
    table's, and a further join on its key repeats them as it would from the FROM (a fee
    once per payment of it). A table joined by its own key (``JOIN plans p ON p.plan_id =
    s.plan_id``) is a lookup, counted per row on purpose.

    >>> from stef_core.spec import JoinedAggregate
    >>> def j(*via):
    ...     return JoinedAggregate("SUM(f.fee_amt)", "fees", "fee_amt", "fee_id", "fee_txns",
    ...                            "fee_id", via=via)
    >>> _hangs_below(j(("ptrn_id", "patrons"))), _hangs_below(j(("fee_id", "fee_txns")))
    (True, False)
    >>> _hangs_below(j())
    False
    """
    return bool(j.via) and not any(
        keyed(j.table, column) or named_key(j.table, column, first) or short_key(j.table, column)
        or abbreviated_key(j.table, column) for column, first in j.via)


def _sibling(j: JoinedAggregate) -> tuple[str, str] | None:
    """The table that repeats ``j``'s rows as a sibling, or None: ``j`` sums a table joined
    to another table's own key by a column that is not its own (``transactions.merchant_id``
    to ``merchants.merchant_id``: many rows per merchant), and the same SELECT joins a third
    table on that key by a column that is not that table's own either (``stores.merchant_id``):
    each transaction comes back once per store of its merchant. Keys are read by their names
    (:func:`named_key`): a column named like an id on both children, the parent's own; a
    table named as one row per key (``merchant_profiles``) repeats nothing.

    >>> from stef_core.spec import JoinedAggregate
    >>> def j(*siblings):
    ...     return JoinedAggregate("SUM(t.amount)", "transactions", "amount", "merchant_id",
    ...                            "merchants", "merchant_id", False, siblings)
    >>> _sibling(j(("stores", "merchant_id")))
    ('stores', 'merchant_id')
    >>> _sibling(j(("merchant_profiles", "merchant_id"))), _sibling(j(("mccs", "mcc")))
    (None, None)
    """
    if not j.siblings or not norm(j.key).endswith("id"):
        return None
    if named_key(j.table, j.key, j.joined) or not (
            named_key(j.joined, j.joined_key, j.table) or short_key(j.joined, j.joined_key)):
        return None  # a lookup of the aggregated table's own key, or no parent's key
    if _UNIT_AMOUNTS & set(parts(j.column)):
        return None
    for table, column in j.siblings:
        if (table in (j.table, j.joined) or not norm(column).endswith("id")
                or named_key(table, column, j.joined) or ONE_PER_KEY & set(parts(table))):
            continue
        return table, column
    return None


def fan_out(sql: SqlSpec) -> list[Reason]:
    """``join.fan_out`` (module docstring): each aggregated table once."""
    out: list[Reason] = []
    seen: set[str] = set()
    for j in sql.joined_aggregates[:32]:
        sibling = _sibling(j)
        if sibling is not None and j.table not in seen:
            seen.add(j.table)
            out.append(reason(
                "join.fan_out",
                f"the SQL computes {j.expr} over {j.table} and {sibling[0]}, both joined on "
                f"{j.joined}.{j.joined_key} and each holding many rows per {j.joined_key}: "
                f"every row of {j.table} is repeated once per matching row of {sibling[0]}, "
                f"so its {j.column} is "
                f"{'weighted' if j.expr.upper().startswith('AVG') else 'counted'} that many "
                f"times; aggregate each table per {j.joined_key} before joining them",
                "major",
            ))
            if len(out) >= 2:
                break
            continue
        # the aggregated table's key is named after it (a bare ``id`` joined to ``x.person_id``
        # is as often a one-to-one link table as a one-to-many one), the joined column is not
        # the other table's key; or the joined table holds the lines of the thing the join
        # key names (``LEFT JOIN po_lines pl ON pl.po_id = si.po_id``): many rows per key,
        # whatever the aggregated table holds per key
        # (a key written short, ``invoices.inv_id``, or abbreviated, ``plantings.plt_id``, is
        # the table's own as well)
        own = (named_key(j.table, j.key, j.joined) or short_key(j.table, j.key)
               or (abbreviated_key(j.table, j.key) and not short_key(j.joined, j.joined_key)))
        # (``reviews.res_id = reservations.res_id``: "res" abbreviates "reviews" as well, but
        # it is the start of "reservations", whose key it is: a lookup, one per review)
        lines = (j.key == j.joined_key and lines_of(j.joined, j.joined_key)
                 and not lines_of(j.table, j.key) and not own)
        # (a key both tables' last words name, ``order_items.item_id`` joined to
        # ``menu_items.item_id``, is the looked-up table's as much as the aggregated one's:
        # the lines of an order and the items of a menu, one menu item per line)
        if j.table in seen or not (lines or (own and not keyed(j.joined, j.joined_key) and not (
                named_key(j.joined, j.joined_key, j.table)))):
            continue
        if not j.leads and not _hangs_below(j):
            # the query starts from the other rows and looks the amount up (a plan's fee per
            # subscription, a course's price per enrolment): counted per row on purpose
            continue
        if _UNIT_AMOUNTS & set(parts(j.column)):
            continue  # a unit price summed per line is the lines' amount
        seen.add(j.table)
        out.append(reason(
            "join.fan_out",
            f"the SQL computes {j.expr} over a join of {j.table} to {j.joined} on "
            f"{j.table}.{j.key} = {j.joined}.{j.joined_key}: each row of {j.table} is "
            f"repeated once per matching row of {j.joined}, so its {j.column} is "
            f"{'weighted' if j.expr.upper().startswith('AVG') else 'counted'} that many "
            f"times; aggregate {j.joined} per {j.joined_key} first, or test it with EXISTS",
            "major",
        ))
        if len(out) >= 2:
            break
    for j in sql.joined_counts[:32]:
        # a share of the first table's rows whose base counts them once per match of the
        # other table: the same key names as above (the joined column is not its own key);
        # the first table's key may be written as its name's initials or its last word
        # (``rental_agreements.ra_id`` joined to ``ra_addons``)
        if (j.table in seen or not named_key(j.table, j.key, j.joined)
                or keyed(j.joined, j.joined_key) or named_key(j.joined, j.joined_key, j.table)):
            continue
        if j.column != "*" and not keyed(j.table, j.column):
            continue  # the count of another column (a foreign key): not the table's rows
        seen.add(j.table)
        out.append(reason(
            "join.fan_out",
            f"the SQL divides by {j.expr} over a join of {j.table} to {j.joined} on "
            f"{j.table}.{j.key} = {j.joined}.{j.joined_key}: each row of {j.table} is counted "
            f"once per matching row of {j.joined}, so the base of the share is inflated; count "
            f"DISTINCT {j.table}.{j.key}, or test {j.joined} with EXISTS",
            "major",
        ))
        break
    return out


#: The question asks for what has nothing ("no sales", "never ordered", "haven't opened",
#: "zero orders"): a HAVING SUM(x) = 0 or COUNT(x) = 0 test is its answer, not a threshold
#: ("accounts whose transactions net to zero or less" is one).
NOTHING = gated(r"\b(?:no|none|never|without|zero|nothing|not)\b|n't\b")


def dropped_empty(q: QuestionSpec, sql: SqlSpec, logged: bool = False) -> list[Reason]:
    """``join.drops_empty`` (module docstring); ``logged``: the record is an agent's logged
    traffic (its anchor is its timestamp)."""
    tests = [t for t, star in sql.empty_tests[:8] if star or NOTHING.search(q.text)]
    if tests:
        return [reason(
            "join.drops_empty",
            f"the SQL looks for groups with nothing ({tests[0]}) after inner joins "
            f"only: a group is formed only from rows that found a match, so the ones with no "
            f"row at all never appear and the test is not met by them; start from the "
            f"entities with a LEFT JOIN (or use NOT EXISTS)",
            "major",
        )]
    if logged and sql.few_tests and not sql.keeps_unmatched:
        return [reason(
            "join.drops_empty",
            f"the SQL keeps the groups with little ({sql.few_tests[0]}) after inner joins "
            f"only: a group is formed only from rows that found a match, so the ones with "
            f"nothing at all, which have less still, never appear; start from the entities "
            f"with a LEFT JOIN and count or add up their rows (COALESCE(..., 0))",
            "major",
        )]
    share = matched_share(sql)
    if share is not None:
        return [reason(
            "join.drops_empty",
            f"the SQL divides two counts of one key that its inner join equates ({share}): "
            f"only the rows that found a match are left, so every key counted in the "
            f"denominator is counted in the numerator too and the share is 1 (100 %) whatever "
            f"the data; start from all the rows with a LEFT JOIN",
            "major",
        )]
    counts = {a.func for a in sql.aggregations} & _COUNTS
    # (grouped in the query or in a subquery it joins: "claims per crew, zero if none" /
    # crews JOIN (SELECT crew_id, count() ... GROUP BY crew_id))
    if (q.keeps_empty and counts and (sql.group_by or (sql.nested_group_by and sql.outer_joins))
            and not sql.keeps_unmatched and not sql.conditions):
        return [reason(
            "join.drops_empty",
            "the question asks to show the groups with nothing too (zeros), but the SQL "
            "counts only rows that exist (no outer join, no subquery per group): a group "
            "without rows is missing instead of showing 0; start from the groups with a "
            "LEFT JOIN",
            "major",
        )]
    return []


_DISTINCT_COUNT = re.compile(r"COUNT\(\s*DISTINCT\s+([\w.`\"\[\]]+)\s*\)", re.I)
#: A share whose numerator counts one table's rows and whose denominator counts another
#: table's keys once each: ``COUNT(pu.purchase_id) / COUNT(DISTINCT p.player_id)``, also
#: written ``SAFE_DIVIDE(COUNT(a.x), COUNT(DISTINCT b.y))``.
_COUNT_OVER_DISTINCT = re.compile(
    r"\bCOUNT\(\s*(\w+)\.(\w+)\s*\)\s*(?:\*\s*[\d.]+\s*)?(?:/|,)\s*(?:NULLIF\(\s*)?"
    r"COUNT\(\s*DISTINCT\s+(\w+)\.(\w+)\s*\)", re.I)
#: "% of april installs who became payers", "refund rate per category": a share of the things
#: counted below the line; "average activities per opportunity" asks for a mean per thing.
#: The share words, "fraction" and the plurals "percents", "percentages"; the mean words.
_SHARE_WORDS = any_word((*SHARE_WORDS, "percents", "percentages", "fraction"),
                        percent_sign=True)
_MEAN_WORDS = any_word(MEAN_WORDS)
_DIVIDES = re.compile(r"/|\b(?:SAFE_DIVIDE|TRY_DIVIDE|DIV0|DIV0NULL|DIVIDE)\s*\(", re.I)


def matched_share(sql: SqlSpec) -> str | None:
    """A share that is 1 whatever the data, as written, or None: ``COUNT(DISTINCT
    o.customer_id) / COUNT(DISTINCT c.customer_id)`` in one SELECT that inner-joins ``o`` to
    ``c`` on that very column. Every key counted below the line found its match, so it is
    counted above it too: "what % of July signups ordered in August" comes back 100 %."""
    if sql.keeps_unmatched or sql.set_operation or not sql.divides:
        return None
    joined = {norm(lc) for _, lc, _, rc in sql.join_keys[:32] if norm(lc) == norm(rc)}
    if not joined:
        return None
    outer = {norm(a.arg.split(".")[-1]) for a in sql.aggregations
             if a.distinct and not a.nested}
    for p in sql.projections[:32]:
        found = list(_DISTINCT_COUNT.finditer(p.expr))
        if len(found) != 2:
            continue
        (a, b) = (m.group(1) for m in found)
        column = norm(a.split(".")[-1])
        if (norm(a) == norm(b) or column != norm(b.split(".")[-1]) or column not in joined
                or column not in outer):
            continue  # one column counted twice, or two columns no join equates
        between = p.expr[found[0].end():found[1].start()]
        if "/" in between or (_DIVIDES.search(p.expr[:found[0].start()]) and "," in between):
            return p.expr.split(" AS ")[0] if " AS " in p.expr else p.expr
    return None


def repeated_share(q: QuestionSpec, sql: SqlSpec) -> str | None:
    """A share whose base de-duplicates what the join repeats and whose numerator does not,
    as written, or None: ``COUNT(pu.purchase_id) / COUNT(DISTINCT p.player_id)`` for "% of
    installs who became payers" (``LEFT JOIN purchases pu``). The DISTINCT below the line says
    the join repeats each player once per purchase; the count above it counts those repeats,
    so a player who bought three times counts three times and the share can pass 100 %. Read
    only where the question asks a share or a rate, never a mean ("average activities per
    opportunity" divides one table's rows by the other's keys on purpose).

    >>> from stef_core.spec import QuestionSpec
    >>> from stef_sql.extract import extract_spec
    >>> sql = extract_spec("SELECT COUNT(pu.purchase_id) / COUNT(DISTINCT p.player_id) FROM "
    ...                    "players p LEFT JOIN purchases pu ON pu.player_id = p.player_id")
    >>> repeated_share(QuestionSpec(text="% of april installs who became payers"), sql)
    'COUNT(pu.purchase_id) / COUNT(DISTINCT p.player_id)'
    >>> repeated_share(QuestionSpec(text="average purchase rate per player"), sql)
    """
    if len(sql.tables) < 2 or not sql.divides or sql.set_operation:
        return None
    text = q.text[:2000]
    if not _SHARE_WORDS.search(text) or _MEAN_WORDS.search(text):
        return None
    for p in sql.projections[:32]:
        m = _COUNT_OVER_DISTINCT.search(p.expr[:4000])
        if m is not None and norm(m.group(1)) != norm(m.group(3)):
            return m.group(0)
    return None


#: A note's words saying a column holds NULLs: "customer_id is NULL for ...", "orders.customer_id
#: NULL", "may have courier_id NULL", "learner_id NULL rows". Only snake_case names (a name the
#: deployment writes for a column) and NULL in capitals (the SQL word) are read.
_NOTE_NULL = re.compile(r"\b(?:([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\.)?([a-z][a-z0-9]*_[a-z0-9_]+)\s+"
                        r"(?:(?:is|are|can\s+be|may\s+be|stays?)\s+)?NULL\b")


@lru_cache(maxsize=64)
def declared_nullable(predicates: tuple[str, ...], notes: tuple[str, ...] = ()) -> frozenset[str]:
    """The columns a ruleset says hold NULLs: those its condition terms test for NULL
    (``customer_id IS NULL``, ``churned_at IS NOT NULL``) and those its notes say are NULL
    ("Guest checkouts have orders.customer_id NULL"), as ``norm(column)`` or, where the note
    names the table, ``norm(table).norm(column)``.

    >>> sorted(declared_nullable(("customer_id IS NULL", "churned_at IS NOT NULL",
    ...                           "tier = 'gold'")))
    ['churnedat', 'customerid']
    >>> sorted(declared_nullable((), ("Guest checkouts have orders.customer_id NULL.",
    ...                               "'cancelled' rows may have courier_id NULL",
    ...                               "Nothing here is null.")))
    ['courierid', 'orders.customerid']
    """
    import sqlglot
    from sqlglot import exp

    out: set[str] = set()
    for text in predicates[:256]:
        try:
            tree = sqlglot.parse_one(text)
        except Exception:  # the compiler checked it parses; a hand-made JSON may not
            continue
        for test in tree.find_all(exp.Is):
            if isinstance(test.this, exp.Column) and isinstance(test.expression, exp.Null):
                out.add(norm(test.this.name))
    for note in notes[:256]:
        for m in _NOTE_NULL.finditer(note[:4000]):
            table, column = m.group(1), m.group(2)
            out.add(f"{norm(table)}.{norm(column)}" if table else norm(column))
    return frozenset(out)


def not_in_nulls(sql: SqlSpec, nullable: frozenset[str] = frozenset(),
                 logged: bool = False) -> list[Reason]:
    """``subquery.not_in_null`` (module docstring); ``nullable``: the columns the ruleset
    says hold NULLs (:func:`declared_nullable`); ``logged``: the record is an agent's logged
    traffic (its anchor is its timestamp).

    >>> from stef_sql.extract import extract_spec
    >>> s = extract_spec("SELECT name FROM customers WHERE customer_id NOT IN "
    ...                  "(SELECT customer_id FROM orders)")
    >>> [r.severity for r in not_in_nulls(s)], [r.severity for r in not_in_nulls(s, logged=True)]
    (['info'], ['major'])
    >>> not_in_nulls(extract_spec("SELECT 1 FROM m WHERE m.acct_id NOT IN (SELECT acct_id FROM "
    ...                           "accounts WHERE is_test = 1)"), logged=True)
    []
    """
    for e in sql.exclusions[:8]:
        if e.guarded or not e.table or keyed(e.table, e.column) or owned_rows(e.table, e.column):
            continue
        if short_key(e.table, e.column) or abbreviated_key(e.table, e.column):
            continue  # the table's own key written short (``accounts.acct_id``): never NULL
        if norm(e.column) in nullable or f"{norm(e.table)}.{norm(e.column)}" in nullable:
            return [reason(
                "subquery.not_in_null",
                f"the SQL excludes rows with {e.expr}, and the ruleset says {e.column} can be "
                f"NULL: one NULL in {e.table}.{e.column} makes NOT IN true for no row, so the "
                f"query returns nothing; NOT EXISTS, or WHERE {e.column} IS NOT NULL in the "
                f"subquery, is safe",
                "major",
            )]
        if logged and not e.same:
            return [reason(
                "subquery.not_in_null",
                f"the SQL excludes rows with {e.expr}: in a production warehouse a column "
                f"like {e.table}.{e.column}, another table's key, is often NULL on some rows, "
                f"and one NULL makes NOT IN true for no row, so the query returns nothing; "
                f"NOT EXISTS, or WHERE {e.column} IS NOT NULL in the subquery, is safe",
                "major",
            )]
        return [reason(
            "subquery.not_in_null",
            f"the SQL excludes rows with {e.expr}: if {e.table}.{e.column} holds a NULL, NOT "
            f"IN is true for no row and the query returns nothing; NOT EXISTS, or WHERE "
            f"{e.column} IS NOT NULL in the subquery, is safe",
            "info",
        )]
    return []


def check(q: QuestionSpec, sql: SqlSpec, rules: Ruleset | None = None,
          anchor: Anchor | None = None) -> list[Reason]:
    out: list[Reason] = [reason(
        "join.unmatched_filtered",
        f"the SQL keeps the rows its LEFT JOIN found no match for ({null}) but also requires "
        f"{required} in WHERE, which such rows never meet (every column of the joined table "
        f"is NULL there): it returns no rows; the condition belongs in the JOIN's ON",
        "critical",
    ) for required, null in sql.unmatched_filtered[:2]]
    for lt, lc, rt, rc in sql.join_keys[:32]:
        if not lt or not rt or lt == rt:
            continue
        if lc != rc and own_key(lt, lc) and own_key(rt, rc):
            out.append(reason(
                "join.key_mismatch",
                f"the SQL joins {lt}.{lc} to {rt}.{rc}: each is its own table's key, so the "
                "join pairs unrelated rows",
                "major",
            ))
        elif norm(lc) == norm(rc) == "id":
            # Two bare ``id`` columns are often each table's own key, but a schema may name a
            # foreign key ``ID`` too (a patient's laboratory rows): a doubt, not a finding.
            out.append(reason(
                "join.key_mismatch",
                f"the SQL joins {lt}.{lc} to {rt}.{rc}: if each is its own table's key, the "
                "join pairs unrelated rows",
                "minor",
            ))
    nullable = (declared_nullable(tuple(rules.predicates.values()), tuple(rules.notes))
                if rules is not None else frozenset())
    fanned = fan_out(sql)
    share = None if fanned else repeated_share(q, sql)
    if share is not None:
        fanned.append(reason(
            "join.fan_out",
            f"the SQL divides {share}: the DISTINCT below the line says the join repeats each "
            f"row of the base once per matching row of the other table, and the count above "
            f"it counts those repeats, so one with several matches counts several times and "
            f"the share can pass 100 %; count DISTINCT the same key above the line too",
            "major",
        ))
    logged = anchor is not None and anchor.source == "timestamp"
    return out + fanned + dropped_empty(q, sql, logged) + not_in_nulls(sql, nullable, logged)
