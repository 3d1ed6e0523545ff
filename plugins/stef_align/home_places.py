"""A place of events taken from a person's home place: ``column.opposite`` (major).

"GM hours by venue last month" as ``FROM shifts s JOIN staff st ON st.staff_id = s.staff_id
JOIN venues v ON v.venue_id = st.home_venue_id ... GROUP BY v.venue_nm``; "hours tutored by
centre" through ``students.home_centre_id``; "lessons at Riverside" through the instructor's
``home_branch_id``. The rows the query counts or sums (shifts, sessions, lessons) happened
somewhere, and the query places them instead at the home place of the person who worked or
attended them: a manager covering another venue, an online session of an in-person student,
a lesson given by an instructor from another branch is credited to the wrong place. A
column named ``home_...`` says outright that it is the person's own place, not the event's.

Read where the query starts from a table of things that happen at a place (its name ends in
shifts, sessions, lessons, visits, bookings ...: not invoices or memberships, billed to the
person's home on purpose), joins a person's table, and joins
the place table on that person's ``home_...`` column, and groups or filters by it (the place
is what the figure is broken down or kept by); not where the person asks for the home place
("total owed by home branch"), nor where the home column is on the rows themselves
(``memberships.home_studio_id``: the membership's own studio) or the place table is the one
the query starts from ("new students by centre" from centres LEFT JOIN students).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("gm hours by venue last month", None)
>>> sql = ("SELECT v.venue_nm, SUM(s.hours) FROM shifts s JOIN staff st ON st.staff_id = "
...        "s.staff_id JOIN venues v ON v.venue_id = st.home_venue_id GROUP BY v.venue_nm")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('column.opposite', 'major')]
>>> check(question_spec("gm hours by home venue last month", None), extract_spec(sql))
[]
>>> sql = ("SELECT l.loc_nm, SUM(i.amt) FROM invoices i JOIN members m ON m.member_id = "
...        "i.member_id JOIN locations l ON l.location_id = m.home_location_id GROUP BY 1")
>>> check(question_spec("total invoiced per location last month", None), extract_spec(sql))
[]
>>> sql = ("SELECT c.centre_nm, COUNT(st.student_id) FROM centres c LEFT JOIN students st "
...        "ON st.home_centre_id = c.centre_id GROUP BY c.centre_nm")
>>> check(question_spec("new students by centre", None), extract_spec(sql))
[]
"""

from __future__ import annotations

import re

from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: Last words of tables whose rows happen at a place, which each row may name apart from its
#: person's home: work done (shifts, timesheets), classes, lessons, sessions, visits, tests,
#: bookings of a place. Not money (invoices, payments) nor standing agreements (memberships,
#: subscriptions), which happen nowhere and are credited to the person's home on purpose.
_HAPPENINGS = frozenset({
    "shifts", "timesheets", "sessions", "lessons", "classes", "visits", "checkins", "scans",
    "bookings", "appointments", "appts", "tests", "exams", "games", "matches", "tours",
    "rides", "trips", "jobs", "repairs", "inspections", "attendance", "entries", "events",
})
#: The person asks for the home place: "by home branch", "home club", "based at".
_HOME = re.compile(r"\bhome\b|\bbased (?:at|in)\b|\bhome[- ]?(?:base|site)\b")


def _home_join(sql: SqlSpec) -> tuple[str, str, str] | None:
    """``(place table, person table, home column)`` for a join of a place table on a home
    column of a person table, neither the table the query starts from, or None."""
    if len(sql.tables) < 3:
        return None
    first = sql.tables[0]
    words = parts(first.split(".")[-1])
    if not words or words[-1] not in _HAPPENINGS:
        return None
    for t1, c1, t2, c2 in sql.join_keys[:16]:
        for place, person, home in ((t1, t2, c2), (t2, t1, c1)):
            if (place and person and place != person and first not in (place, person)
                    and "home" in parts(home)):
                return place, person, home
    return None


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.join_keys or not (sql.group_by or sql.filters):
        return []
    found = _home_join(sql)
    if found is None or _HOME.search(q.own_words.lower()):
        return []
    place, person, home = found
    if not sql.group_by and place not in sql.filtered_tables:
        return []
    rows = sql.tables[0].split(".")[-1]
    return [reason(
        "column.opposite",
        f"the SQL places the rows of {rows} at the home place of the {person.split('.')[-1]} "
        f"row they belong to ({place.split('.')[-1]} joined on {home}), not where they "
        f"happened: one that happened at another place is credited to the home one; join "
        f"{place.split('.')[-1]} on {rows}'s own place column",
        "major",
    )]
