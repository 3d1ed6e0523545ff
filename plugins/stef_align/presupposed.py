"""What is in force: a state the question's own word presupposes, or the state it asks for
kept by the data as a validity window.

**Presupposed.** What is expiring or up for renewal is in force.

"Contracts expiring in the next 90 days", "subs up for renewal in the next 30 days", "leases
expiring next month", "deposits maturing this quarter": only a contract, subscription, lease
or deposit in force can expire, lapse, renew or mature, so ``status = 'active'`` (``IN
('active', 'current')``, ``is_active``, ``status NOT IN ('cancelled', 'terminated')``) beside
the end-date window says what the word already says. Such a filter is not an extra.

The filter must keep only in-force states (with ``=`` / ``IN`` / a flag on its "yes" side) or
leave out only states that are not (with ``<>`` / ``NOT IN``): ``'expired'`` or ``'draft'``
kept for "expiring" stays an extra, as does every filter of a question without such a word.

What is overdue or outstanding is likewise not settled, but which states are settled is the
business's own choice (an invoice ``'issued'`` only, or also ``'partially_paid'``; ``<>
'paid'`` also keeps disputed and cancelled ones): the production corpus's wrong answers make
exactly that mistake, so that reading is left out on purpose.

**Upcoming.** Only what is scheduled can be upcoming: "upcoming shows in the next 30 days"
over ``perf_status = 'sched'``, "upcoming installs" over ``status = 'scheduled'``
(:func:`upcoming_state`).

**In a window.** "Active policies", "current contracts", "valid certifications": a state
many deployments keep as dates, not as a value; a row is in force while its end date is to
come (``expiry_date >= CURRENT_DATE``, ``valid_to > '2025-09-15'``): :func:`in_force_window`
answers the question's state word (:func:`asks_in_force`), and is no extra. An end date kept
in the past (``expiry_date < CURRENT_DATE``: the expired rows) answers nothing.

>>> from stef_core.spec import Filter
>>> presupposed(Filter("status", "=", "active"), "contracts expiring in the next 90 days")
True
>>> presupposed(Filter("status", "=", "expired"), "contracts expiring in the next 90 days")
False
>>> presupposed(Filter("status", "not in", ("cancelled", "terminated")), "leases up for renewal")
True
>>> presupposed(Filter("status", "=", "active"), "contracts signed last month")
False
"""

from __future__ import annotations

from datetime import date, timedelta

from stef_align.names import parts
from stef_core.gated import gated
from stef_core.spec import ANCHOR_DAY, Filter, Period
from stef_core.values import kept_side, state_key

#: Words that say the thing is in force (it can expire, lapse, renew or mature).
_IN_FORCE_CUE = gated(r"\b(?:expir(?:e|es|ing|ation|y)|renew(?:al|als|s|ing)?|laps(?:e|es|ing)"
                      r"|matur(?:e|es|ing|ity))\b")
#: States of a thing in force, and of one that is not (any more, or not yet).
IN_FORCE = frozenset({"active", "current", "live", "open", "in_force", "inforce", "effective",
                      "valid", "ongoing", "enabled", "running"})
NOT_IN_FORCE = frozenset({"expired", "cancelled", "canceled", "terminated", "ended", "closed",
                          "inactive", "lapsed", "churned", "void", "voided", "draft",
                          "pending", "suspended", "archived", "deleted"})
#: Parts of a flag that keeps the rows in force on its "yes" side (``is_active``).
_IN_FORCE_FLAGS = frozenset({"active", "current", "live", "valid", "enabled"})


def _flag_kept(f: Filter) -> bool | None:
    """True / False for a flag kept on its "yes" / "no" side, None for no flag test."""
    values = f.values
    return kept_side(f.op, values[0]) if len(values) == 1 else None


def in_force_states(f: Filter) -> bool:
    """Does ``f`` keep only in-force states, or leave out only states that are not?"""
    values = f.values
    keys = [state_key(v) for v in values]
    if not keys or not all(keys):
        return False
    if f.op in ("=", "in"):
        return all(k in IN_FORCE for k in keys)
    if f.op in ("!=", "<>", "not in"):
        return all(k in NOT_IN_FORCE for k in keys)
    return False


#: Words that say the thing is still to come ("upcoming shows", "installs coming up"):
#: only what is scheduled can be upcoming.
_UPCOMING_CUE = gated(r"\b(?:upcoming|coming up|forthcoming)\b")
#: States of a thing still to come (a show on the schedule, a visit booked).
SCHEDULED = frozenset({"scheduled", "sched", "schd", "planned", "booked", "confirmed",
                       "upcoming", "not_started"})


def upcoming_state(f: Filter, text: str) -> bool:
    """Is ``f`` the scheduled state an "upcoming" of ``text`` presupposes ("upcoming shows" /
    ``perf_status = 'sched'``, "upcoming installs" / ``IN ('scheduled', 'confirmed')``)? The
    same state for a past period ("installs last month") is no such word's, and stays an
    extra.

    >>> upcoming_state(Filter("perf_status_cd", "=", "sched"), "upcoming shows next 30 days")
    True
    >>> upcoming_state(Filter("status", "=", "scheduled"), "installs by crew last month")
    False
    """
    if (f.column is None or f.relation or f.excluded or f.alternative
            or f.op not in ("=", "in") or _UPCOMING_CUE.search(text[:2000]) is None):
        return False
    keys = [state_key(v) for v in f.values]
    return bool(keys) and all(k in SCHEDULED for k in keys)


def presupposed(f: Filter, text: str) -> bool:
    """Is the SQL filter ``f`` the in-force state an "expiring" / "renewal" word of ``text``
    presupposes, or the scheduled state of an "upcoming" (module docstring)?"""
    if upcoming_state(f, text):
        return True
    if (f.column is None or f.relation or f.excluded or f.alternative
            or _IN_FORCE_CUE.search(text) is None):
        return False
    side = _flag_kept(f)
    if side is not None:
        return side and bool(set(parts(f.column)) & _IN_FORCE_FLAGS)
    return in_force_states(f)


#: The question's words for a state a validity window keeps ("active policies").
IN_FORCE_WORDS = frozenset({"active", "current", "valid", "unexpired", "live", "in force",
                            "inforce", "effective", "ongoing"})
#: Parts of a column that holds when a row stops being in force.
_END_PARTS = frozenset({"expiry", "expiration", "expires", "expire", "exp", "end", "ends",
                        "ended", "until", "thru", "through", "to", "maturity", "termination",
                        "renewal", "renews"})
#: (public: a column named so is an end, for the period aligner's "begun and not ended")
END_PARTS = _END_PARTS
_TODAY = (ANCHOR_DAY, ANCHOR_DAY.shifted("day", 1))


def asks_in_force(f: Filter) -> bool:
    """Is the question's requirement ``f`` an in-force state word with no column of its own
    (``? = 'active'``)?"""
    return (f.op == "=" and f.column is None and isinstance(f.value, str)
            and " ".join(f.value.lower().replace("_", " ").split()) in IN_FORCE_WORDS)


#: The same words in the text ("valid certifications", "policies in force"); "current" of a
#: period ("the current month") is a date, not a state.
_IN_FORCE_SAID = gated(r"\b(?:active|valid|unexpired|live|in[- ]force|effective|ongoing"
                       r"|current(?!\s+(?:day|week|month|quarter|year|period|fiscal)))\b")


def says_in_force(text: str) -> bool:
    """Does the text ask for rows in force ("active policies", "valid certifications")?

    >>> says_in_force("valid certifications per worker"), says_in_force("the current month")
    (True, False)
    """
    return _IN_FORCE_SAID.search(text[:2000]) is not None


def in_force_window(p: Period, today: date) -> bool:
    """Is the SQL period ``p`` an end date kept from today on, open to the future
    (``expiry_date >= CURRENT_DATE``, ``valid_to > '2025-09-15'`` asked on 2025-09-15)?

    >>> from stef_sql.extract import extract_spec
    >>> [p] = extract_spec("SELECT 1 FROM p WHERE expiry_date >= CURRENT_DATE").periods
    >>> in_force_window(p, date(2025, 9, 15))
    True
    >>> [p] = extract_spec("SELECT 1 FROM p WHERE expiry_date < CURRENT_DATE").periods
    >>> in_force_window(p, date(2025, 9, 15))
    False
    """
    if (p.end is not None or p.negated or p.excluded or p.periodic or p.clock
            or not set(parts(p.column or "")) & _END_PARTS):
        return False
    if p.start in _TODAY:
        return True
    days = {today.isoformat(), (today + timedelta(days=1)).isoformat()}
    return isinstance(p.start, str) and p.start[:10] in days
