"""The latest value of a thing taken as its largest: ``aggregation.mismatch`` (major).

"latest inspection result for each boat" answered by ``MAX(i.insp_dt), MAX(i.result_cd) ...
GROUP BY boat``: the MAX of a date is the latest one, but the MAX of any other column is its
largest value over every row of the group ('PASS' over 'FAIL' alphabetically), not the value of
the latest row. The latest value needs that row (``ROW_NUMBER() OVER (PARTITION BY ... ORDER BY
d DESC) = 1``, QUALIFY, a join on the MAX date, ``ARG_MAX`` / ``MAX_BY``).

Read where the question asks for the latest or most recent of something per group (its
superlative the maximum of a single row, "for each" / "per" a group the SQL keys), and the SQL
groups and takes MAX or MIN of a column that names what is asked and holds no moment, no
order of its own (a date or a time, an id, a version or a sequence number: their largest is
the latest), beside the MAX of a date.

>>> from stef_sql.extract import extract_spec
>>> from stef_question.extract import extract_question
>>> q = extract_question("latest inspection result for each boat", None)
>>> sql = extract_spec("SELECT b.boat_nm, MAX(i.insp_dt), MAX(i.result_cd) FROM inspections i "
...                    "JOIN boats b ON b.boat_id = i.boat_id GROUP BY b.boat_nm")
>>> [(r.code, r.severity) for r in check(q, sql)]
[('aggregation.mismatch', 'major')]
>>> check(q, extract_spec("SELECT boat_id, MAX(insp_dt) FROM inspections GROUP BY boat_id"))
[]
>>> q = extract_question("latest order id for each customer", None)
>>> check(q, extract_spec("SELECT cust_id, MAX(order_dt), MAX(order_id) FROM orders "
...                       "GROUP BY cust_id"))
[]
"""

from __future__ import annotations

import re

from stef_align.names import bare, parts, word_matches
from stef_core.models import Reason
from stef_core.periods import name_kind
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: The words that ask for the latest of something.
_LATEST = re.compile(r"\b(?:latest|most\s+recent|last|newest|current)\s+((?:[a-z]+\s+){0,2}"
                     r"[a-z]+)")
#: Words that end what is asked ("latest result for each boat").
_STOP = frozenset({"for", "per", "of", "by", "in", "at", "on", "from", "each", "every", "with"})
#: Name parts of a column whose largest value is its latest (an id, a version, a sequence).
_ORDERED = frozenset({"id", "key", "no", "nbr", "num", "number", "seq", "sequence", "version",
                      "ver", "rev", "revision", "year", "yr", "cnt", "count", "qty", "total"})


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.group_by or sql.windows or sql.set_operation:
        return []
    m = _LATEST.search(q.text[:500])
    if m is None:
        return []
    asked = m.group(1).split()
    while asked and asked[-1] in _STOP:
        asked.pop()  # "latest inspection result for each boat": what is asked ends before "for"
    if not asked:
        return []
    said = " ".join(m.group(0).split()[:-len(m.group(1).split())] + asked)
    extremes = [a for a in sql.aggregations[:32]
                if a.func in ("MAX", "MIN") and not a.nested and a.arg]
    dated = [a for a in extremes if name_kind(bare(a.arg)) == "date"]
    if not dated:
        return []
    for a in extremes:
        column = bare(a.arg)
        ps = parts(column)
        if (a in dated or not ps or name_kind(column) or set(ps) & _ORDERED
                or not any(word_matches(w, column) for w in asked[-2:])):
            continue
        return [reason(
            "aggregation.mismatch",
            f"the question asks for the {said} of each group, but the SQL takes "
            f"{a.func}({a.arg}), the {'largest' if a.func == 'MAX' else 'smallest'} value "
            f"over all of the group's rows, not the one of its latest row (beside "
            f"{dated[0].func}({dated[0].arg})); take the latest row (ROW_NUMBER, QUALIFY, "
            f"a join on the latest date)",
            "major",
        )]
    return []
