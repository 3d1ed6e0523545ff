"""What happened: a state that says the event a question counts or sums took place.

"Refunds by reason last quarter", "transfers per type in April", "how much did payroll runs
pay out": the rows a count or a sum stands for are events that happened, and the data keeps
that as the row's state: ``refund_status = 'processed'``, ``xfer_status_cd = 'DONE'``,
``run_state = 'SUCCEEDED'``. Such a filter says what the question's noun already says, as
"expiring" says the contract is in force (:mod:`stef_align.presupposed`): it is not an extra.

Only a state column (a status, state, stage or code) kept on done states with ``=`` / ``IN``
reads so; a question that names a state of its own (``"cancelled hires"``, ``"pending
payouts"``, ``"failed runs"``, ``"products shipped"``, ``"by status"``) asks for that state, not
the one kept, and the filter stays what the other readings make of it. Which not-done states
a business still counts (a payout 'HELD' beside 'SCHEDULED') is its own choice: only done
states are read here.

**One state, two words.** "Completed transfers" / ``xfer_status = 'DONE'``, "successful
charges" / ``'SUCCEEDED'``: the question's word and the data's value name the same done state
(:func:`same_done_state`); 'FAILED' or 'refunded' for either does not.

>>> from stef_core.spec import Filter
>>> happened(Filter("refund_status", "=", "processed"), "refunds by reason last quarter")
True
>>> happened(Filter("refund_status", "=", "pending"), "refunds by reason last quarter")
False
>>> happened(Filter("hire_status", "=", "completed"), "cancelled tool hires per branch")
False
>>> happened(Filter("item_status", "=", "delivered"), "how many products have been shipped")
False
>>> happened(Filter("status", "=", "paid"), "tickets sold per event this month")
True
>>> happened(Filter("status", "=", "paid"), "revenue by artist last month")
False
>>> happened(Filter("stage", "=", "won"), "which sales rep closed the most revenue")
True
>>> happened(Filter("stage", "=", "lost"), "which sales rep closed the most revenue")
False
>>> same_done_state("completed", "done"), same_done_state("completed", "failed")
(True, False)
"""

from __future__ import annotations

import re

from stef_align.names import parts
from stef_core.spec import Filter
from stef_core.values import state_key
from stef_core.words import stem

#: Values that say the event completed: what a count or a sum of those events stands for.
DONE = frozenset({"done", "complete", "completed", "finished", "processed", "succeeded",
                  "successful", "success", "settled", "fulfilled", "delivered", "flown",
                  "sold"})
#: Done states of a step that only some words presuppose, with those words: what was sold or
#: bought was paid for ("tickets sold per event" / ``status = 'paid'``), a deal closed in the
#: sales sense was won ("which rep closed the most revenue" / ``stage = 'won'``: lost deals
#: bring none). Elsewhere the same state narrows ("revenue" over ``status = 'paid'`` is cash,
#: not billings): it stays what the other readings make of it.
_DONE_WHEN_SAID = {
    "paid": frozenset({"sold", "sell", "sells", "purchase", "purchases", "purchased",
                       "bought"}),
    "won": frozenset({"closed", "close", "closes", "won"}),
    "closed_won": frozenset({"closed", "close", "closes", "won"}),
}
#: Steps that come after the work is done, kept beside a done state (``status IN ('done',
#: 'picked_up')``: repairs finished, whether or not the bike was collected yet; ``IN
#: ('resolved', 'closed')``, ``IN ('completed', 'invoiced')``): the list still keeps the work
#: that was done. Alone, such a step narrows to its own stage and stays what the other
#: readings make of it.
_AFTER_DONE = frozenset({"picked_up", "collected", "closed", "invoiced", "billed", "archived"})
#: Words of the question and values of the data for one and the same done state ("completed"
#: / 'DONE'); 'delivered', 'settled', 'sold' and 'flown' are steps of their own business that
#: another done word need not mean.
_SAME_DONE = frozenset({"done", "complete", "completed", "finished", "processed", "succeeded",
                        "successful", "success"})
#: Identifier parts of a column that keeps a row's state.
_STATE_PARTS = frozenset({"status", "stat", "state", "stage", "phase", "cd", "code"})
#: The question naming a state of its own (or every state): the filter keeps the state the
#: question names, or another one ("how many products have been shipped" / 'delivered'), never
#: a state the events presuppose.
_SAID_STATES = frozenset({
    "pending", "fail", "failed", "fails", "failure", "failures", "cancel", "cancelled",
    "canceled", "cancellation", "cancellations", "void", "voided", "declined", "rejected",
    "abandoned", "attempted", "attempts", "processing", "unprocessed", "incomplete",
    "unfinished", "open", "draft", "drafts", "held", "scheduled", "upcoming", "queued",
    "disputed", "reversed", "returned", "shipped", "dispatched", "paid", "unpaid", "approved",
    "accepted", "confirmed", "booked", "active", "inactive", "expired", "closed", "resolved",
    "won", "lost", "status", "statuses", "state", "states", "regardless", "any", *DONE})
_WORD = re.compile(r"[a-z]+")
#: Things that are held, i.e. take place at a set time ("the session was held"): for them
#: 'held' is the done state ("sessions per weekday" / ``status = 'held'``: the sessions that
#: took place), where for a payment or an order it says it is on hold, not done.
_HELD_THINGS = frozenset(stem(w) for w in (
    "session", "meeting", "class", "lesson", "event", "workshop", "seminar", "webinar",
    "interview", "hearing", "ceremony", "tournament", "appointment", "consultation",
    "rehearsal", "lecture", "tutorial", "conference", "exam"))


def _done(f: Filter, text: str = "") -> bool:
    """Does ``f`` keep only done states (``= 'DONE'``, ``IN ('settled', 'completed')``)?
    'held' is one where ``text`` counts things that are held (:data:`_HELD_THINGS`).

    >>> _done(Filter("status", "=", "held"), "sessions per weekday last month")
    True
    >>> _done(Filter("status", "=", "held"), "payouts per creator last month")
    False
    >>> _done(Filter("status", "in", ("done", "picked_up"))), _done(Filter("status", "=", "closed"))
    (True, False)
    """
    if f.op not in ("=", "in"):
        return False
    keys = [state_key(v) for v in f.values]
    words = _WORD.findall(text[:2000].lower())
    if "held" in keys and not any(stem(w) in _HELD_THINGS for w in words):
        return False
    after = any(k in DONE for k in keys)  # a later step counts beside a done state only
    return bool(keys) and all(k in DONE or k == "held" or (after and k in _AFTER_DONE) or (
        k in _DONE_WHEN_SAID and not _DONE_WHEN_SAID[k].isdisjoint(words)) for k in keys)


def happened(f: Filter, text: str, tables: tuple[str, ...] = ()) -> bool:
    """Is the SQL filter ``f`` the done state the events ``text`` counts or sums presuppose
    (module docstring)? ``tables``, the SQL's, may name the things held ("top engineer by
    billed hours" over ``sessions`` / ``status = 'held'``)."""
    named = " ".join([text[:2000], *(" ".join(parts(t)) for t in tables[:8])])
    # A done state inside NOT EXISTS ("students with no lesson in the last 30 days" /
    # NOT EXISTS (... lessons ... status = 'done')) says what counts as the event that did
    # not happen, as it does for the events counted (the aligner reads it turned round).
    if f.excluded and f.op in ("!=", "not in"):
        f = f.turned()
    if (f.column is None or f.relation or f.alternative
            or not set(parts(f.column)) & _STATE_PARTS or not _done(f, named)):
        return False
    said = _SAID_STATES.intersection(_WORD.findall(text[:2000].lower()))
    kept = {state_key(v) for v in f.values}
    if kept & _SAME_DONE and kept <= _SAME_DONE | _AFTER_DONE:
        kept |= _SAME_DONE  # "successful charges" / 'SUCCEEDED': the same done state
    # ("tickets sold" / 'paid', "closed the most revenue" / 'won': the word the state meets)
    met = {w for k in kept for w in _DONE_WHEN_SAID.get(k, ())}
    return not said - kept - met


def same_done_state(asked: object, stored: object) -> bool:
    """Do the question's state word and the data's value name the same done state?"""
    values = stored if isinstance(stored, tuple) else (stored,)
    return (state_key(asked) in _SAME_DONE and bool(values)
            and all(state_key(v) in _SAME_DONE for v in values))
