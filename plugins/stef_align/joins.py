"""Joins: ``join.key_mismatch`` when two tables are joined on each one's own key
(``client.client_id = card.card_id``, ``coins.id = historical.id``): the join pairs rows that
have nothing to do with each other; ``join.unmatched_filtered`` when the WHERE keeps the rows a
LEFT JOIN did not match (``t.agent_id IS NULL``) and also requires a value of that table
(``t.status = 'solved'``), which such rows never hold: the query returns nothing.

>>> own_key("client", "client_id"), own_key("card", "client_id")
(True, False)
"""

from __future__ import annotations

from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SqlSpec
from stef_core.words import norm


def own_key(table: str, column: str) -> bool:
    """Is ``column`` the key named after ``table`` (``client.client_id``, ``card.cardid``)?"""
    t, c = norm(table), norm(column)
    if not c.endswith("id"):
        return False
    stem = c[:-2]
    return bool(stem) and (t == stem or t.rstrip("s") == stem or stem.rstrip("s") == t.rstrip("s"))


def check(sql: SqlSpec) -> list[Reason]:
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
    return out
