"""A duration asked in one unit, totalled or averaged in another: ``date.wrong_unit`` (major).

"avg kiln time in hours last week" answered by ``AVG(date_diff('minute', kiln_in_at,
kiln_out_at))``, "overtime hours per crew" by ``SUM(t.minutes_worked)``, "avg solo flight time
in minutes" by ``AVG(airtime_sec)``: the figure comes back in minutes (or seconds), sixty times
the hours asked, and nothing in the expression converts it.

Read only where both units are said outright: the question's ("in hours", "hours per crew",
"minutes by", "in days") and the SQL's, in the name of the summed or averaged column
(``setup_min``, ``minutes_worked``, ``airtime_sec``, ``duration_hrs``) or in the unit a date
difference counts (``DATEDIFF(minute, ...)``, ``date_diff('second', ...)``), in the very
projection that shows the figure. Any factor between the units in that projection (``/ 60``,
``* 24``, ``/ 3600.0``, ``/ 86400``) converts it, and an interval or epoch arithmetic is not
read; a conversion made in a CTE leaves a column named in the asked unit (``hrs``), or in
none, which is not read either.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("avg crew setup time in hours by race type", None)
>>> sql = "SELECT race_type, AVG(setup_min) FROM jobs GROUP BY race_type"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('date.wrong_unit', 'major')]
>>> check(q, extract_spec(sql.replace("AVG(setup_min)", "AVG(setup_min) / 60.0")))
[]
"""

from __future__ import annotations

import re

from stef_core.models import Reason
from stef_core.periods import UNIT_ABBREVIATIONS
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: Unit words and name parts: a column's (stef_core.periods.UNIT_ABBREVIATIONS, whole
#: seconds and up) and days.
_UNIT_OF = {w: u for w, u in UNIT_ABBREVIATIONS.items() if u != "millisecond"} | {
    "days": "day", "day": "day"}
#: The unit the question asks the figure in: "in hours", "hours per crew", "minutes by tech".
_ASKED = re.compile(r"\bin\s+(seconds|minutes|hours|days|secs|mins|hrs)\b"
                    r"|\b(seconds|minutes|hours|secs|mins|hrs)\s+(?:per|by|for each)\b")
#: A date difference and the unit it counts, as the SQL reader prints it.
_DIFF_UNIT = re.compile(r"\b(?:DATE_?DIFF|TIMESTAMP_?DIFF|DATETIME_DIFF)\([^()]*?,\s*'?"
                        r"(SECOND|MINUTE|HOUR|DAY)'?\s*\)|\b(?:DATE_?DIFF|TIMESTAMPDIFF)\(\s*'?"
                        r"(SECOND|MINUTE|HOUR|DAY)'?\s*,", re.IGNORECASE)
#: A factor between two of the units, anywhere in the projection.
_FACTOR = re.compile(r"[*/]\s*\(?\s*(?:NULLIF\(\s*)?(?:60|3600|1440|86400|24|60000|3600000)"
                     r"(?:\.0*)?\b", re.IGNORECASE)
#: An aggregate call: two in one projection make a ratio, no duration.
_CALL = re.compile(r"\b(?:SUM|AVG|COUNT|MAX|MIN)\(", re.IGNORECASE)
#: An identifier of the expression that is no function's name.
_NAME = re.compile(r"[a-z_][a-z0-9_]*\b(?!\s*\()", re.IGNORECASE)


def _stored_unit(expr: str) -> str | None:
    """The unit the figure of ``expr`` is in: a date difference's, else one column's name."""
    diff = _DIFF_UNIT.search(expr)
    if diff is not None:
        return (diff.group(1) or diff.group(2)).lower()
    # (the columns' names, not the functions': ``minutes_worked``, ``airtime_sec``; a name of
    # one word, ``min``, is no unit but the function or a column of minima)
    found = {_UNIT_OF[p] for name in _NAME.findall(expr.split(" AS ")[0]) if "_" in name
             for p in name.lower().split("_") if p in _UNIT_OF}
    return found.pop() if len(found) == 1 else None


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    m = _ASKED.search(q.own_words.lower()[:2000])
    if m is None or not sql.aggregations:
        return []
    asked = _UNIT_OF[m.group(1) or m.group(2)]
    for p in sql.projections[:32]:
        if (p.aggregate not in ("AVG", "SUM") or _FACTOR.search(p.expr)
                or "INTERVAL" in p.expr.upper() or len(_CALL.findall(p.expr)) > 1):
            continue
        stored = _stored_unit(p.expr)
        if stored is None or stored == asked:
            continue
        return [reason(
            "date.wrong_unit",
            f"the question asks the figure in {asked}s but the SQL shows {p.expr[:80]} in "
            f"{stored}s, with nothing to convert it (divide or multiply by the factor between "
            f"them)",
            "major",
        )]
    return []
