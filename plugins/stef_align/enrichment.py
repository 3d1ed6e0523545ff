"""Enrichment findings: drift, and columns the enrichment defines the answer with.

* ``enrichment.drift``: the reformulation dropped or changed a constraint of the question
  (minor), or added one (info), once per constraint and in plain words. Drift is a function
  of the two texts and the record's anchor, never of the SQL, so on one question it fires on
  right and wrong SQL alike. A reformulation that resolves, restates or names what the
  question said is no drift: "last month" restated as "April 2025" (periods are compared
  resolved against the anchor, :func:`stef_align.time.period_drift`), "water damage" as
  ``peril = 'water_damage'``. An added constraint is most often what a reformulation is for
  (it makes "at risk" read ``gpa < 2.0``), so it is shown to the reviewer and weighs little,
  while a dropped one says the agent answered less than was asked;
* ``enrichment.expression_missing``: the enrichment defines the answer with columns ("rate =
  `A` / `B`", "type of food refers to food_type") and the SQL reads none of them (major when
  most are unread, else minor). A column R_app ignores (``ignore filter region``) is no
  requirement, whichever way the enrichment names it.
"""

from __future__ import annotations

import re

from stef_align.flipped_values import named_anywhere
from stef_align.time import now_read_as_period, period_drift
from stef_core.models import Anchor, Reason, Ruleset
from stef_core.reasons import Severity, reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import norm, stem

#: At most this many SQL columns and tables are compared with the enrichment's columns.
MAX_COLUMNS = 512


def check(q: QuestionSpec, sql: SqlSpec, rules: Ruleset | None = None,
          anchor: Anchor | None = None) -> list[Reason]:
    out: list[Reason] = []
    ignored = {norm(c) for c in rules.ignored_filters} if rules is not None else set()
    hint_cols = {norm(c) for c in sorted(q.columns)[:64] if len(norm(c)) > 2} - ignored
    if hint_cols:
        sql_cols = {norm(c) for c in (*sql.columns, *sql.tables)[:MAX_COLUMNS]}
        unused = sorted(
            c for c in hint_cols
            if c not in sql_cols and not any(c in s or s in c for s in sql_cols if len(s) > 3)
        )
        if unused:
            severity: Severity = "major" if 2 * len(unused) > len(hint_cols) else "minor"
            out.append(reason(
                "enrichment.expression_missing",
                "the SQL never reads the column(s) the enrichment names: " + ", ".join(unused[:3]),
                severity,
            ))
    for item in q.drift:
        out.append(reason("enrichment.drift", _plain(item),
                          "info" if item.startswith("added ") else "minor"))
    for kind, message in period_drift(q, anchor):
        out.append(reason("enrichment.drift", message, "info" if kind == "added" else "minor"))
    if (now := now_read_as_period(q, sql, anchor)) is not None:
        out.append(reason("filter.value_mismatch", now, "major"))
    if (dropped := _dropped_conjunct(q, sql)) is not None:
        out.append(reason("filter.missing", dropped, "major"))
    return out


#: Two states said of one noun, joined: "missed and skipped lifts", "refunded or voided
#: orders" (participles both; "billed vs collected" compares two figures, not read).
_CONJOINED = re.compile(r"\b([a-z]{3,}ed)\s+(?:and|or|&|\+)\s+([a-z]{3,}ed)\s+([a-z]{3,})")
_WORD = re.compile(r"[a-z]+")


def _dropped_conjunct(q: QuestionSpec, sql: SqlSpec) -> str | None:
    """Why one of two states the person joins is answered alone, or None: the question
    joins two states of one noun ("missed and skipped lifts"), the agent's reformulation
    keeps one and drops the other ("Missed lifts (lift_status 'M')"), and nothing in the SQL
    reads the dropped one (no column, table or value of its word): its rows are left out."""
    restated = q.restated_words
    if not restated:
        return None
    m = _CONJOINED.search(q.own_words[:2000])
    if m is None:
        return None
    said = {stem(w) for w in _WORD.findall(restated[:2000])[:120]}
    first, second = m.group(1), m.group(2)
    kept = [w for w in (first, second) if stem(w) in said]
    lost = [w for w in (first, second) if stem(w) not in said]
    if len(kept) != 1 or len(lost) != 1 or named_anywhere(lost[0], sql):
        return None
    return (f"the question asks for {first} and {second} {m.group(3)}, but the reformulation "
            f"keeps only '{kept[0]}' and nothing in the SQL reads '{lost[0]}': the "
            f"{lost[0]} ones are left out")


def _plain(item: str) -> str:
    """A drift item of the question spec ("added stage = 'won'", "dropped ? = 'x'") in plain
    words."""
    kind, _, what = item.partition(" ")
    what = what.removeprefix("? = ")  # a value whose column the question does not name
    if kind == "added":
        return f"the reformulation adds {what}, which the question does not ask for"
    if kind == "dropped":
        return f"the reformulation drops {what}, which the question asks for"
    return f"the reformulation changes the question: {item}"
