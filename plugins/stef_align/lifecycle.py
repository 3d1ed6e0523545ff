"""Business definitions: which states of its rows a deployment counts, and what is in force.

Production SQL pins states no question states, and most of the time that is the deployment's
definition of what the question's noun means, not a condition the agent added:

* **Enumerated states.** "Revenue by service line" over ``status IN ('sent', 'paid')``,
  "bookings" over ``IN ('confirmed', 'completed')``, "members" over ``IN ('active',
  'frozen')``, "billings" over ``IN ('certified', 'paid', 'submitted')``: a list of two or more
  states of one state column says which states of the lifecycle count, a choice made once for
  the whole deployment. An agent that narrows a question by mistake pins one value (a channel,
  a plan, ``status = 'paid'`` for revenue: cash for billings), not a list of states. So a list
  of states on a state column, of which the question names none, reads as a definition
  (:func:`enumerated_states`); a state the question names beside it ("not yet shipped") is a
  requirement of its own, matched apart, and one of the list's own states named ("revenue from
  paid invoices") makes the list answer, or mis-answer, that word. One state alone stays an
  extra: it may be the narrowing itself; so does a list that keeps a state that never came to
  anything (declined, void, lost, pending: the wrong population) or one-letter codes.

* **Never issued.** ``status != 'draft'``, ``NOT IN ('draft', 'void')``: a document never
  issued counts in no metric of what was billed or ordered (:func:`unissued`).

* **In force, asked about now.** "How many technicians do we have", "members right now",
  "how many pets are overdue", "MRR currently": a question about the present state of things
  that come and go counts the ones in force, which the data keeps as ``is_active = TRUE``,
  ``status = 'active'``, ``end_date IS NULL``, ``terminated_at IS NULL``, ``deceased_dt IS
  NULL``, ``is_retired = 0`` (:func:`in_force_now`). A question with a period of its own
  ("new members last month", "visits by species in 2025") counts the rows of that period,
  those that have left since included: there the same filter is an extra.

Both are reported among the deployment's filters (``filter.guard``, info, as a business
definition) and cost no point; whether this question needed the definition stays open, so
its values still count as values the question does not name (the judge's grounding).

>>> from stef_core.spec import Filter
>>> enumerated_states(Filter("status", "in", ("sent", "paid")), "revenue by service line")
True
>>> enumerated_states(Filter("status", "=", "paid"), "revenue by service line")
False
>>> enumerated_states(Filter("status", "in", ("sent", "paid")), "revenue from paid invoices")
False
>>> enumerated_states(Filter("status", "in", ("sent", "paid")), "revenue, cancellations aside")
True
>>> in_force_now(Filter("end_dt", "is null", None), "how many drivers do we have")
True
>>> in_force_now(Filter("is_active", "=", True), "hires by team")
False
>>> in_force_now(Filter("defleet_dt", "is null", None), "how many cars in the fleet rn")
True
>>> in_force_now(Filter("expiry_dt", "is null", None), "premium of policies in force by line")
True
"""

from __future__ import annotations

import re

from stef_align.names import parts
from stef_align.presupposed import in_force_states
from stef_core.gated import gated
from stef_core.spec import Filter, SqlSpec
from stef_core.values import kept_side, state_key
from stef_core.words import SHARE_WORDS, any_word, stem

#: The words of a text.
_WORDS = re.compile(r"[a-z]+")
#: Identifier parts of a column that keeps a row's state.
STATE_PARTS = frozenset({"status", "stat", "sts", "state", "stage", "phase"})
#: Most states one list may enumerate (a longer list is read value by value elsewhere).
MAX_STATES = 8


#: States of something that has not (yet) come to anything: a list that keeps one of them
#: (``IN ('settled', 'pending')``, ``IN ('lost', 'withdrawn')``) is no definition of what a
#: metric counts. (The states that never took place, and guard data, are the guards' own:
#: :data:`stef_align.guards.NON_EVENT_ROOTS`, checked by the caller.)
UNSETTLED = frozenset({"lost", "withdrawn", "expired", "lapsed", "pending", "tentative",
                       "quote", "quoted", "proposed", "proposal", "hold", "on_hold",
                       "disputed", "suspended", "inactive", "unpaid", "overdue"})


def _state_value(v: object) -> bool:
    """A state's name: a word of three letters or more (a one-letter code says nothing of
    what it keeps), not a number or a date, and no state of something unsettled."""
    if not isinstance(v, str) or not 3 <= len(v.strip()) <= 40:
        return False
    key = state_key(v)
    return sum(c.isalpha() for c in key) >= 3 and key not in UNSETTLED and not any(
        p in UNSETTLED for p in parts(key))


def enumerated_states(f: Filter, text: str) -> bool:
    """Is ``f`` a list of two or more states of one state column (``status IN ('sent',
    'paid')``) while ``text`` names no state at all (module docstring)?"""
    if (f.column is None or f.relation or f.excluded or f.alternative or f.op != "in"
            or not set(parts(f.column)) & STATE_PARTS):
        return False
    values = f.values
    if not 2 <= len(values) <= MAX_STATES or not all(_state_value(v) for v in values):
        return False
    # (a state the text names elsewhere, "revenue from orders not yet shipped" beside
    # ``status IN ('paid', 'shipped')``, is a requirement of its own, read and matched apart;
    # only a list that holds a state the text names answers it: session 42, held-out half, 4
    # right answers no longer capped at 72, no wrong one lifted)
    stems = {stem(w) for w in _WORDS.findall(text[:2000].lower())}
    return not any(stem(p) in stems for v in values if isinstance(v, str)
                   for p in parts(v) if len(p) > 2)


#: Words that ask for a share ("no show rate", "% of bookings"): the core's share words, the
#: plural "rates" and a "%" sign.
_SHARE = any_word((*SHARE_WORDS, "rates"), percent_sign=True)


def _state_said(value: str, stems: set[str]) -> bool:
    """Does one of the text's word stems say a word of state ``value`` ('no_show' by "no
    show", 'cancelled' by "cancellation": one stem begins the other)?"""
    for p in parts(value):
        if len(p) <= 2:
            continue
        v = stem(p)
        if any(w == v or (min(len(w), len(v)) >= 5 and (w.startswith(v) or v.startswith(w)))
               for w in stems):
            return True
    return False


def rate_base(f: Filter, text: str, sql: SqlSpec | None) -> bool:
    """Is ``f`` the base of a rate the question asks of a state: a list of states of one
    state column that holds the state the question names and others beside it ("no show
    rate by park" / ``status IN ('checked_in', 'checked_out', 'no_show')``, "cancellation
    rate" / ``status_cd IN ('attended', 'cancelled', 'no_show')``), in a query that divides
    or averages? The rate counts its state among the rows the list says may have it: the
    deployment's definition of the base, not a narrowing. A list without the named state,
    or one asked as a count ("late cancels by studio" / ``IN ('cancelled', 'late_cancel')``),
    stays an extra.

    >>> from stef_sql.extract import extract_spec
    >>> s = extract_spec("SELECT park, AVG(CASE WHEN status = 'no_show' THEN 1 ELSE 0 END) "
    ...                  "FROM r WHERE status IN ('checked_in', 'checked_out', 'no_show') "
    ...                  "GROUP BY 1")
    >>> f = Filter("status", "in", ("checked_in", "checked_out", "no_show"))
    >>> rate_base(f, "no show rate by park q3", s)
    True
    >>> rate_base(f, "no shows by park q3", s)
    False
    >>> rate_base(Filter("status", "in", ("checked_in", "checked_out")), "no show rate", s)
    False
    """
    if (sql is None or f.column is None or f.relation or f.excluded or f.alternative
            or f.op != "in" or not set(parts(f.column)) & STATE_PARTS):
        return False
    values = [v for v in f.values if isinstance(v, str)]
    if not 2 <= len(values) == len(f.values) <= MAX_STATES or not all(
            _state_value(v) for v in values):
        return False
    low = text[:2000].lower()
    if not _SHARE.search(low) or not (sql.divides or any(
            a.func == "AVG" and not a.nested for a in sql.aggregations)):
        return False
    stems = {stem(w) for w in re.findall(r"[a-z]+", low)}
    said = [v for v in values if _state_said(v, stems)]
    return 0 < len(said) < len(values)


#: States of a document that was never issued: a draft counts in no metric of what was
#: billed, sent or ordered, so ``status != 'draft'`` (``NOT IN ('draft', 'void')``) is the
#: deployment's definition, as a list of the issued states is.
NOT_ISSUED = frozenset({"draft", "drafts", "unsent", "unissued", "preview", "proforma",
                        "pro_forma"})


def unissued(value: str) -> bool:
    """Is the value a state of a document never issued ('draft', 'DRAFT')?

    >>> unissued("Draft"), unissued("paid")
    (True, False)
    """
    return state_key(value) in NOT_ISSUED


#: Words that ask about now: the present state of things, not a period's events. "Current"
#: of a period ("the current month") is a period, read as one elsewhere.
_NOW = gated(r"\b(?:right now|rn|now|currently|as of today|today|at the moment|to date"
             # "policies in force", "rentals still out": what holds at the moment asked
             r"|in[- ]force|still|ongoing"
             r"|current(?!\s+(?:day|week|month|quarter|year|period|fiscal|fy))"
             r"|do we (?:\w+ )?(?:have|carry|employ|serve|service|manage|run|stock|own|hold)"
             r"|are there|is there|(?:are|is) (?:\w+ )?(?:overdue|past due|due|on|enrolled"
             r"|outstanding|open|in|with|still|out|left|booked|signed)"
             r"|what'?s our|whats our"
             # what is overdue is so at the moment asked ("total overdue amount by region"):
             # kept as an in-force state only ('open', 'active'), never 'issued' or a list
             # of the states the business calls unsettled (its own choice)
             r"|overdue|past[- ]due"
             # a stock, not a flow: what there is at a moment
             r"|mrr|arr|headcount|head count|on hand|in stock|backlog|wip|pipeline"
             r"|outstanding|balances?|roster"
             # "how many clients with 3+ pets", "# of members who have a locker"
             r"|(?:how many|number of|count of|of)\s+\w+(?:\s+\w+)?\s+(?:with|who have"
             r"|that have|having)"
             r")\b")
#: Parts of a column whose value says a row stopped being in force (its end, its
#: termination, a death, a retirement): kept empty, the row is in force.
_ENDED_PARTS = frozenset({
    "end", "ended", "ends", "terminated", "termination", "term", "cancelled", "canceled",
    "cancel", "cancellation", "churned", "churn", "deceased", "death", "died", "retired",
    "retirement", "left", "exit", "exited", "departed", "departure", "discharged", "expired",
    "inactivated", "deactivated", "discontinued", "closed", "separation", "separated",
    "offboarded", "resigned", "disposed", "sold", "removed", "archived", "discharge",
    # taken out of service for good: a vehicle defleeted, a machine decommissioned, a
    # licence revoked, a product delisted, a policy lapsed, a listing withdrawn
    "defleet", "defleeted", "decommissioned", "decommission", "scrapped", "revoked",
    "delisted", "lapsed", "withdrawn",
    # an expiry left empty never comes: a policy, a permit, a contract with no expiry date
    "expiry", "expiration", "expires",
    # the event that closes what is still out, open or owed: a rental returned, an outage
    # restored, a ticket resolved, a job completed, a bill paid or settled
    "returned", "return", "ret", "restored", "restore", "resolved", "completed", "finished",
    "fulfilled", "settled", "paid",
})
#: Parts of a flag that keeps the rows in force on its "yes" side.
_IN_FORCE_FLAGS = frozenset({"active", "current", "enabled", "live", "valid", "enrolled",
                             "employed", "sellable", "rentable", "available"})


#: Words that say the in-force state outright ("active guides", "current members").
_IN_FORCE_WORDS = _IN_FORCE_FLAGS | {"open", "still", "current", "currently", "existing",
                                     "remaining", "inactive", "former", "closed", "ended",
                                     "terminated", "retired", "left"}


#: Words that list things by what they lack or have little of over a period ("which sites
#: had zero sessions last week", "techs with no completed visits", "include branches w/
#: none", "machines with at most 2 breakdown tickets").
_ROSTER = gated(
    r"\b(?:which|what|with|w/)\b[^.?!;]{0,60}?(?:\b(?:no|zero|none|fewer than|less than"
    r"|at most|did ?n'?t|did not|have ?n'?t|have not|has ?n'?t|has not|never)\b|\b0\b)"
    r"|\bincl(?:ude|udes|uding|\.)?\b[^.?!;]{0,40}?(?:\bnone\b|\bzeros?\b|\b0\b"
    r"|\bw/o\b|\bwithout\b)")


def roster_asked(text: str) -> bool:
    """Does the question list things by what they lack, or have little of (module
    docstring: "In force, asked about now")? Those with none are listed from the roster of
    the things there are, which the data keeps as the rows in force (``terminated_on IS
    NULL``, ``is_active``): whoever left before the period would be listed too, with nothing.

    >>> roster_asked("which sites had zero sessions last week")
    True
    >>> roster_asked("completed lessons per car last month, incl cars that did none")
    True
    >>> roster_asked("which associates had fewer than 100 billable hrs in feb?")
    True
    >>> roster_asked("new members last month"), roster_asked("sessions per site last week")
    (False, False)

    A question that says the in-force state itself ("which active guides had no tours") is
    answered by the filter that keeps it, which is then no definition of the deployment's:

    >>> roster_asked("which active guides had no tours last month")
    False
    """
    low = text[:2000].lower()
    if set(re.findall(r"[a-z]+", low)) & _IN_FORCE_WORDS:
        return False
    return _ROSTER.search(low) is not None


def asks_now(text: str) -> bool:
    """Does the question ask about the present state of things ("how many drivers do we
    have", "MRR right now", "how many pets are overdue")? Checked on a question with no
    period of its own.

    >>> asks_now("how many technicians do we have"), asks_now("revenue by region")
    (True, False)
    >>> asks_now("total premium of policies in force"), asks_now("subscribers still with us")
    (True, True)
    """
    return _NOW.search(text[:2000].lower()) is not None


def ended_rows(f: Filter) -> bool:
    """Does ``f`` keep the rows that stopped being in force: an end set (``terminated_dt IS
    NOT NULL``), an ended flag on its "yes" side (``is_retired = 1``) or an in-force flag on
    its "no" side (``is_active = 0``)?

    >>> ended_rows(Filter("terminated_dt", "is not null", None))
    True
    >>> ended_rows(Filter("is_active", "=", 0))
    True
    >>> ended_rows(Filter("terminated_dt", "is null", None))
    False
    """
    if f.column is None or f.relation or f.excluded or f.alternative:
        return False
    ps = set(parts(f.column))
    values = f.values
    side = kept_side(f.op, values[0]) if len(values) == 1 else None
    if side is not None and ps & _IN_FORCE_FLAGS:
        return not side
    if side is not None and ps & _ENDED_PARTS:
        return side
    return f.op == "is not null" and bool(ps & _ENDED_PARTS)


def keeps_in_force(f: Filter) -> bool:
    """Does ``f`` keep the rows in force (``end_dt IS NULL``, ``is_active = TRUE``)?"""
    values = f.values
    ps = set(parts(f.column or ""))
    side = kept_side(f.op, values[0]) if len(values) == 1 else None
    if side is not None and ps & _IN_FORCE_FLAGS:
        return side  # is_active = TRUE
    if side is not None and ps & _ENDED_PARTS:
        return not side  # is_retired = 0
    if f.op == "is null":
        return bool(ps & _ENDED_PARTS)  # end_date IS NULL, deceased_dt IS NULL
    return bool(ps & STATE_PARTS) and in_force_states(f)


def ended_words(f: Filter) -> frozenset[str]:
    """The words of ``f``'s column that say a row ended (``defleet_dt``, ``is_retired``,
    ``terminated_at``) when ``f`` keeps the rows that have not (``IS NULL``, ``= 0``): the
    words a text states the same condition with ("vehicles in the fleet, not defleeted";
    "staff who have not been terminated").

    >>> sorted(ended_words(Filter("defleet_dt", "is null", None)))
    ['defleet']
    >>> ended_words(Filter("defleet_dt", "is not null", None))
    frozenset()
    """
    if f.column is None or f.relation or f.excluded or f.alternative:
        return frozenset()
    ps = set(parts(f.column))
    ended = ps & _ENDED_PARTS
    values = f.values
    side = kept_side(f.op, values[0]) if len(values) == 1 else None
    if ended and (f.op == "is null" or side is False):
        return frozenset(ended)
    return frozenset()


def in_force_now(f: Filter, text: str) -> bool:
    """Is ``f`` the in-force state of rows a question about now counts (module docstring)?
    The caller knows the question asks no period; the state must not be the question's own
    word (then it is matched, or not, as asked)."""
    if f.column is None or f.relation or f.excluded or f.alternative:
        return False
    return keeps_in_force(f) and asks_now(text)
