"""The other side of the trade counted: ``projection.missing`` (major) when the person counts
people in one role ("how many hunters went after pronghorn", "how many instructors taught
lyra") and the SQL counts the ids of people in the other role of the same rows: the staff who
serve (``COUNT(DISTINCT h.guide_id)``) for the clients served, or the clients
(``COUNT(DISTINCT e.student_id)``) for the staff. The rows pair both, and the answer is the
number of the wrong people.

Read only where the texts leave no doubt: the counted noun is a role of one side
(:data:`STAFF` or :data:`CLIENTS`), the count's column is an id named after a role of the other
side, and no id of the counted role is counted beside it. A client counted by another client
word (``client_id`` for "hunters", ``account_id`` for "customers") is the same people, and
a role neither list holds ("babies", "families") is left alone.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("how many hunters went after pronghorn this year", None)
>>> sql = "SELECT COUNT(DISTINCT h.guide_id) FROM hunts h WHERE h.species_cd = 'PRONG'"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('projection.missing', 'major')]
>>> check(q, extract_spec(sql.replace("guide_id", "hunter_id")))
[]
>>> check(q, extract_spec(sql.replace("guide_id", "client_id")))
[]
>>> check(question_spec("how many guides led a pronghorn hunt", None), extract_spec(sql))
[]
"""

from __future__ import annotations

from stef_align.names import parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import stem

#: People who serve, teach, treat or drive (singular stems).
STAFF = frozenset({
    "guide", "instructor", "teacher", "tutor", "coach", "trainer", "driver", "courier",
    "technician", "tech", "mechanic", "agent", "rep", "consultant", "stylist", "therapist",
    "nurse", "doctor", "physician", "dentist", "hygienist", "vet", "veterinarian", "pilot",
    "captain", "employee", "installer", "inspector", "cleaner", "groomer", "walker", "sitter",
    "photographer", "server", "bartender", "chef", "dispatcher", "counselor", "advisor",
    "adviser", "recruiter", "lifeguard", "caseworker", "clinician", "provider", "salesperson",
    "midwife", "surgeon", "pharmacist", "optometrist", "audiologist", "estimator",
})
#: People served (singular stems).
CLIENTS = frozenset({
    "customer", "client", "patient", "student", "learner", "guest", "rider", "passenger",
    "hunter", "angler", "buyer", "shopper", "donor", "patron", "borrower", "attendee",
    "camper", "diner", "visitor", "traveler", "traveller", "tenant", "resident", "subscriber",
    "listener", "viewer", "golfer", "skier", "bidder", "renter", "homeowner", "applicant",
    "participant", "member", "pupil", "trainee", "enrollee", "policyholder",
})
#: Last parts of a column that holds a person's id.
_ID_PARTS = frozenset({"id", "no", "nbr", "num", "key", "cd"})


#: The two lists by stem, a role word looked up singular or plural.
_SIDES = {**{stem(w): "clients" for w in CLIENTS}, **{stem(w): "staff" for w in STAFF}}


def role_side(word: str) -> str | None:
    """``staff``, ``clients`` or None for a role word (singular or plural)."""
    return _SIDES.get(stem(word.lower()))


def role_of(column: str) -> str | None:
    """The role an id column names (``guide_id``: guide; ``lead_instructor_id``: instructor),
    or None."""
    ps = parts(column.split(".")[-1])
    if len(ps) < 2 or ps[-1] not in _ID_PARTS:
        return None
    return ps[-2]


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """The finding (module docstring), at most one."""
    if not q.counted or "COUNT" not in q.aggregations or q.group_by:
        return []
    noun = q.counted[0]
    side = role_side(noun)
    if side is None:
        return []
    counts = [a for a in sql.aggregations[:32] if a.func == "COUNT" and not a.nested]
    if len(counts) != 1 or counts[0].arg == "*" or "," in counts[0].arg:
        return []
    role = role_of(counts[0].arg)
    if role is None or role_side(role) in (None, side):
        return []
    return [reason(
        "projection.missing",
        f"the question counts {noun}, but the SQL counts {counts[0].arg}, the ids of the "
        f"{role}s on those rows, the other side of the trade: count the {noun} themselves",
        "major",
    )]
