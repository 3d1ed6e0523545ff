"""Days counted as rows: ``distinct.missing`` (major) when the question keeps the things
active on a number of days ("pass holders who skied 5+ days", "users active on at least 3
days") and the SQL keeps the groups whose COUNT of the rows of a table of occurrences (scans,
sessions, logins, orders) reaches that number.

A day with several rows (five lift scans on one morning, three logins in an afternoon) is one
day, so ``HAVING COUNT(*) >= 5`` over the scans keeps a pass scanned five times on a single day;
``COUNT(DISTINCT CAST(scan_ts AS DATE))``, or the distinct days taken first in a CTE, counts the
days. Read only where the SQL's own threshold is the question's number of days (the SQL counts
rows toward it: a duration, "open 14+ days", is a date difference, not a count) and nothing in
it de-duplicates (no DISTINCT anywhere, only counts aggregated); not over a table kept one row
per day (``snow_daily``, ``attendance_days``); and in a logged record only (an agent's traffic:
it has a timestamp), as :mod:`stef_align.having_counts`.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("how many pass holders skied 5+ days this season", None)
>>> sql = ("SELECT COUNT(*) FROM (SELECT pass_id FROM lift_scans WHERE scan_ts >= DATE "
...        "'2026-11-01' GROUP BY pass_id HAVING COUNT(*) >= 5) x")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql), logged=True)]
[('distinct.missing', 'major')]
>>> check(q, extract_spec(sql.replace("COUNT(*) >= 5", "COUNT(DISTINCT CAST(scan_ts AS DATE)) "
...                                   ">= 5")), logged=True)
[]
>>> check(q, extract_spec(sql.replace(">= 5", ">= 4")), logged=True)  # another threshold
[]
>>> [r.code for r in check(q, extract_spec(sql.replace(">= 5", "> 4")), logged=True)]
['distinct.missing']
>>> more = question_spec("pass holders who skied on more than 4 days", None)
>>> [r.code for r in check(more, extract_spec(sql), logged=True)]
['distinct.missing']
>>> check(more, extract_spec(sql.replace(">= 5", ">= 4")), logged=True)
[]
>>> check(question_spec("members with 5+ visits this month", None), extract_spec(
...     sql.replace("lift_scans", "visits")), logged=True)
[]
"""

from __future__ import annotations

import re

from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}
_NUMBER = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
#: A threshold on a number of days: "5+ days", "five or more days", "at least 3 different
#: days", "on more than 10 separate days" (a period, "the last 30 days", "within 7 days", is
#: not one: no threshold word).
_DAYS = re.compile(
    rf"\b(at least|more than|no fewer than|a minimum of)\s+{_NUMBER}\s+"
    rf"(?:different\s+|distinct\s+|separate\s+)?days?\b"
    rf"|\b{_NUMBER}\s*(?:\+|or more|plus)\s*(?:different\s+|distinct\s+|separate\s+)?days?\b")
#: Last words of tables whose rows are occurrences, several a day for one thing: a scan, a
#: session, a login, an order.
_OCCURRENCES = frozenset({
    "scans", "swipes", "taps", "sessions", "logins", "events", "clicks", "views", "pageviews",
    "plays", "checkins", "transactions", "txns", "orders", "purchases", "trips", "rides",
    "calls", "messages", "entries", "uses", "readings", "pings",
})
#: Name parts of a table kept one row per day (its COUNT is a count of days).
_DAILY = frozenset({"daily", "day", "days", "dates", "calendar"})
#: The aggregates that count rows: every aggregate of the SQL must be one (a SUM or a MAX of
#: days may count days as days).
_COUNTS = frozenset({"COUNT", "COUNT_BIG", "COUNTIF", "COUNT_IF"})


def check(q: QuestionSpec, sql: SqlSpec, logged: bool = False) -> list[Reason]:
    """``distinct.missing`` when ``sql`` compares a count of a table of occurrences' rows with
    the number of days the question keeps (module docstring); [] otherwise, and always for a
    record that is not ``logged``."""
    if not logged or sql.distinct or sql.nested_distinct:
        return []
    # The fewest days each threshold keeps: "5+ days" and "at least 5 days" 5, "more than 4
    # days" 5 (the words are cut before they are lower-cased: bounded work).
    asked = {(_NUMBERS.get(a or b, 0) or int(a or b)) + (word == "more than")
             for word, a, b in _DAYS.findall(q.own_words[:2000].lower())}
    if not asked:
        return []
    aggregates = sql.aggregations[:64]
    if not aggregates or any(a.distinct or a.func.upper() not in _COUNTS for a in aggregates):
        return []  # a DISTINCT count, or a sum of days: the days may be counted as days
    # The fewest rows each HAVING threshold keeps: ">= 5" and "> 4" both 5. Only a threshold
    # that is the question's own number of days says the SQL counts rows as days; another
    # one ("5+ days" as ">= 4") is a different mistake, not this one.
    thresholds = {f.value + (f.op == ">") for f in sql.filters[:128] if f.source == "having"
                  and f.op in (">=", ">") and isinstance(f.value, int)}
    number = next((n for n in sorted(asked) if n in thresholds), None)
    if number is None:
        return []
    for name in sql.tables[:16]:
        words = parts(name.split(".")[-1])
        if not words or _DAILY & set(words):
            return []
    table = next((t for t in sql.tables[:16] if parts(t.split(".")[-1])[-1] in _OCCURRENCES),
                 None)
    if table is None:
        return []
    return [reason(
        "distinct.missing",
        f"the question keeps what happened on {number} or more days, but the SQL keeps the "
        f"groups with {number} or more rows of {table}: several {parts(table.split('.')[-1])[-1]} "
        f"on one day count as several days; count the distinct days (COUNT(DISTINCT "
        f"CAST(... AS DATE)))",
        "major",
    )]
