"""Unread kinds: ``filter.missing`` (major) when the person names a kind of the rows the SQL
reads ("avg invoice on commercial jobs", "aov for restaurant customers", "intros for elite
clients") and the SQL keeps every row of that table but its guards, its period and its states:
nothing in it reads the word (no column, table or value names it, nor abbreviates it) and no
condition is left that could be the word's code.

"commercial jobs" over ``jobs`` is a kind of job: a right answer keeps it some way the SQL
shows (``job_type = 'COM'``, a join to a table of commercial accounts, an EXISTS, a CASE), and
any such condition, readable or not, leaves this rule silent. Only the SQL that keeps nothing
beyond what every query of the deployment keeps (the tenant, test and deleted rows, the period,
the row's done or cancelled state) is found: every job is averaged, the residential ones too.
Major, not critical: the word might still be the table's own kind (a deployment whose jobs
are all commercial).

Read only in the person's own words (an agent's reformulation that drops the word is the
mistake itself), only for a word of :data:`QUALIFIERS` right before the rows' noun (not in a
comparison: "auto vs manual lessons" asks for both), and not for a participle where the SQL
keeps a state ("financed jobs" / ``status = 'DONE'``).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("avg invoice on commercial jobs last month", None)
>>> sql = ("SELECT AVG(invoice_usd) FROM jobs WHERE firm_id = 'c1' AND is_test = 0 AND "
...        "completed_at >= '2026-03-01'")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql + " AND job_type = 'COM'"))
[]
"""

from __future__ import annotations

import re

from stef_align.flipped_values import named_anywhere
from stef_align.names import head_stem, parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SUBQUERY, Filter, QuestionSpec, SqlSpec
from stef_core.values import abbreviates
from stef_core.words import KEY_PARTS, stem

#: Most conditions looked through per record (bounded work).
_MAX = 64
_WORD = re.compile(r"[a-z][a-z'-]*")
#: Name parts of the flags and dates of rows every query of a deployment leaves out (test,
#: deleted and void rows), and of the columns of the tenant it keeps.
_LEFT_OUT_PARTS = frozenset({"test", "tst", "demo", "deleted", "del", "void", "voided",
                             "internal", "training", "sandbox", "dummy", "archived"})
#: (Not ``guards.SCOPE_WORDS``: there a customer's or a project's key kept at a constant is a
#: tenant's scope; here it is a condition that may be the very kind the question names.)
_SCOPE_PARTS = frozenset({"tenant", "org", "co", "company", "firm", "brand", "chain", "grp",
                          "group", "client", "acct", "account", "operator", "op", "partner",
                          "site", "shop", "store", "banner", "network", "agency", "producer",
                          "workspace", "ws", "env", "region"})
_MOMENT_PARTS = frozenset({"at", "ts", "dt", "date", "time", "timestamp", "dttm", "day",
                           "month", "year", "week"})
#: Name parts of a column that holds the row's state.
_STATE_PARTS = frozenset({"status", "stat", "state", "stage", "outcome", "result", "disp"})


def guard_condition(s: Filter) -> bool:
    """Is ``s`` one of the conditions every query keeps (a tenant key at a constant, a test or
    deleted flag, a deleted or void date kept null) or a bound of a period?"""
    names = set(parts((s.column or "").split(".")[-1]))
    if not names:
        return False
    if names & _MOMENT_PARTS and s.op in ("=", ">", ">=", "<", "<=", "between", "is null",
                                          "is not null"):
        return True
    if names & _LEFT_OUT_PARTS:
        return True
    return s.op == "=" and bool(names & (_LEFT_OUT_PARTS | _SCOPE_PARTS)) and bool(
        names & (KEY_PARTS | {"cd"}))


#: Words that name a kind of a business's rows by channel, segment, tier, place, payment or
#: service level: a deployment keeps such kinds in a column (``chnl_cd``, ``cust_segment``,
#: ``tier``), seldom in a table of their own. (A word outside this list may name the table's
#: own rows: "maintenance contracts" of a firm that sells nothing else, "app crashes", "cash
#: balance", "phone calls"; a customer's history, "repeat" or "first-time", is read by
#: :mod:`stef_align.repeats` and ``first_times``.)
QUALIFIERS = frozenset({
    "online", "offline", "instore", "walkin", "international", "domestic", "overseas",
    "foreign", "commercial", "residential", "corporate", "enterprise", "wholesale", "retail",
    "restaurant", "institutional", "government", "nonprofit", "premium", "elite", "vip", "gold",
    "silver", "platinum", "bronze", "deluxe", "financed", "emergency", "express", "rush",
    "priority", "urgent", "weekend", "weekday", "overnight", "afterhours", "virtual",
    "inperson", "remote", "outdoor", "indoor",
})


def _rows_noun(words: list[str], sql: SqlSpec) -> list[tuple[str, str, str]]:
    """(word, noun, table) for each word right before a noun that names a table of the SQL."""
    if QUALIFIERS.isdisjoint(w.replace("-", "") for w in words[:40]):
        return []  # (most questions: no word of the list, nothing to read)
    heads = {head_stem(t): t for t in sql.tables[:16] if head_stem(t)}
    out = []
    for i in range(1, min(len(words), 40)):
        table = heads.get(stem(words[i]))
        if table is None:
            continue
        w = words[i - 1].replace("-", "")
        if i >= 2 and words[i - 2] in ("vs", "versus", "and", "or"):
            continue  # "auto vs manual lessons": both kinds, a breakdown
        if i < len(words) - 1 and words[i + 1] in ("vs", "versus"):
            continue
        if w in QUALIFIERS and stem(w) not in heads:
            out.append((words[i - 1], words[i], table))
    return out


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """The finding (module docstring), at most one."""
    if sql.set_operation or sql.select_star or not sql.tables:
        return []
    own = q.own_words[:600].lower()
    found = _rows_noun(_WORD.findall(own), sql)
    if not found:
        return []
    conds = [*sql.filters[:_MAX], *sql.conditions[:_MAX]]
    if any(s.value == SUBQUERY for s in conds):
        return []  # an EXISTS or IN (SELECT ...) may keep the kind
    states = [s for s in conds if set(parts((s.column or "").split(".")[-1])) & _STATE_PARTS]
    if any(not guard_condition(s) and s not in states for s in conds):
        return []  # any other condition, readable or not, may be the word's code
    for w, noun, table in found:
        if states and w.endswith(("ed", "ing")):
            continue  # "completed jobs" / status = 'DONE': the state may be the word
        if named_anywhere(w, sql) or any(
                len(p) >= 3 and abbreviates(p, w) for c in list(sql.columns)[:256]
                for p in parts(c.split(".")[-1])) or any(
                isinstance(v, str) and any(abbreviates(x, w) or x.startswith(w[:4])
                                           for x in re.findall(r"[a-z]+", v.lower()))
                for s in conds for v in s.values[:16]):
            continue
        return [reason(
            "filter.missing",
            f"the question asks for {w} {noun}, a kind of the rows of {table}, but nothing in "
            f"the SQL reads '{w}' (no condition, column or value names it) and it keeps no "
            f"condition beyond its guards, period and states: every one of {noun} is counted",
            "major")]
    return []
