"""State rows: ``filter.missing`` (major) when the person asks about rows named by a state or
an event they are in ("no-shows by vehicle class last month", "how many cancellations this
week", "refunds per store") and the SQL keeps every row of its tables but its guards and its
period: nothing in it names the state (no table, column or value: ``status = 'NO_SHOW'``,
``is_cancelled``, a ``refunds`` table, the code 'NS') and no condition is left that could be
its code.

A right answer keeps the state some way the SQL shows; any condition beyond the deployment's
guards and the period, readable or not, leaves this rule silent, as does a negation of the
word ("revenue excluding refunds", "rides other than no-shows"). Read only in the person's own
words: an agent's reformulation that drops the state ("Number of rides per vehicle class") is
the mistake itself.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("how many no-shows last month", None)
>>> sql = ("SELECT COUNT(*) FROM appointments WHERE org_id = 3 AND appt_at >= '2026-06-01' "
...        "AND appt_at < '2026-07-01'")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.missing', 'major')]
>>> check(q, extract_spec(sql + " AND status_cd = 'NS'"))
[]
"""

from __future__ import annotations

import re

from stef_align.flipped_values import named_anywhere
from stef_align.names import parts
from stef_align.unread_kinds import guard_condition
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import SUBQUERY, QuestionSpec, SqlSpec
from stef_core.values import abbreviates

#: Most conditions looked through per record (bounded work).
_MAX = 64
#: Rows named by a state or an event they are in, as the question says them (plural), and
#: the words their codes and columns spell them with.
STATE_NOUNS = {
    "no-shows": ("noshow", "no_show", "ns"), "noshows": ("noshow", "no_show", "ns"),
    "cancellations": ("cancel", "cxl", "cncl", "canc"), "refunds": ("refund", "rfnd"),
    "chargebacks": ("chargeback", "cb"), "rejections": ("reject",), "denials": ("deni",),
    "voids": ("void",), "disputes": ("dispute",), "escalations": ("escalat",),
    "reschedules": ("resched",), "dropouts": ("dropout",), "withdrawals": ("withdr", "wd"),
    "write-offs": ("writeoff", "write_off", "wo"), "writeoffs": ("writeoff", "wo"),
    "defects": ("defect",), "walkouts": ("walkout",), "late cancels": ("late", "lc"),
}
#: The nouns, found in one pass.
_SAID = re.compile(r"(?<![\w-])(" + "|".join(re.escape(n) for n in STATE_NOUNS) + r")(?![\w-])")
#: Words before the noun that leave the rows out or count them away.
_NEGATING = re.compile(r"\b(?:excluding|excl|except|without|not|no|minus|net of|other than|"
                       r"less|ignoring|besides|leaving out|after|before)\s+(?:the\s+|any\s+)?$")


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """The finding (module docstring), at most one."""
    own = q.own_words[:600].lower()
    said = [(m.group(1), m.start()) for m in _SAID.finditer(own)]
    if not said or sql.set_operation or not sql.tables:
        return []
    conds = [*sql.filters[:_MAX], *sql.conditions[:_MAX]]
    if any(s.value == SUBQUERY for s in conds) or any(not guard_condition(s) for s in conds):
        return []  # a condition the rule cannot read may keep the state
    for noun, at in said:
        if _NEGATING.search(own[max(0, at - 30):at]) or re.search(
                r"\b(?:left out|excluded|not counted)\b", own[at:at + 60]):
            continue
        spellings = STATE_NOUNS[noun]
        names = [p for c in list(sql.columns)[:256] for p in parts(c.split(".")[-1])]
        names += [p for t in sql.tables[:16] for p in parts(t.split(".")[-1])]
        if named_anywhere(noun.rstrip("s"), sql) or any(
                any(p.startswith(sp) or (len(p) <= 4 and abbreviates(p, sp)) for sp in spellings)
                for p in names):
            continue
        return [reason(
            "filter.missing",
            f"the question asks about {noun}, but nothing in the SQL keeps them (no table, "
            f"column or value names them) and it keeps no condition beyond its guards and "
            f"period: every row of {sql.tables[0]} is counted",
            "major")]
    return []
