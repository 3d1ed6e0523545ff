"""The period dated by the wrong event (``date.wrong_event``, :mod:`stef_align.events`): for a
question that dates its rows by a later event of their life ("cancelled in July", "refunds in
Q2"), a period on a column of that event never draws the finding, nor does one on a column
whose name says no event; a period on a record's opening named for itself (``requested_at``,
``enrolled_at``) always does, whatever the period and the spelling of the column.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align.events import EVENTS, OPENING, check, column_event
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

#: Later events with a verb form a question dates rows by ("refunded in april"); a return is
#: read from column names only (a question's "returned" may be a trip's or a customer's).
LATER = sorted((word, event) for event, words in EVENTS.items()
               if event not in OPENING | {"start", "update", "return"}
               for word in words if word.endswith("ed") and " " not in word)
PERIODS = [
    ("in 2024", "'2024-01-01'", "'2025-01-01'"),
    ("in March 2024", "'2024-03-01'", "'2024-04-01'"),
    ("in Q2 2023", "'2023-04-01'", "'2023-07-01'"),
]
SUFFIXES = ["_at", "_ts", "_date", "_dt", "_on"]
NEUTRAL = ["dt", "event_ts", "order_ts", "txn_date", "day"]
OPENINGS = ["requested", "enrolled", "booked", "registered", "opened", "placed"]


def _codes(question: str, column: str, start: str, end: str) -> list[str]:
    sql = extract_spec(f"SELECT COUNT(*) FROM items WHERE {column} >= {start} "
                       f"AND {column} < {end}")
    return [r.code for r in check(question_spec(question, None), sql)]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(LATER), st.sampled_from(PERIODS), st.sampled_from(SUFFIXES))
def test_the_asked_events_own_column_answers_it(verb: tuple[str, str],
                                               period: tuple[str, str, str],
                                               suffix: str) -> None:
    word, event = verb
    column = f"{word}{suffix}"
    assert column_event(column) == event
    text, start, end = period
    assert _codes(f"how many items were {word} {text}", column, start, end) == []


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LATER), st.sampled_from(PERIODS), st.sampled_from(NEUTRAL))
def test_a_column_naming_no_event_says_nothing(verb: tuple[str, str],
                                               period: tuple[str, str, str],
                                               column: str) -> None:
    text, start, end = period
    assert _codes(f"how many items were {verb[0]} {text}", column, start, end) == []


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(LATER), st.sampled_from(PERIODS), st.sampled_from(OPENINGS),
       st.sampled_from(SUFFIXES))
def test_a_records_opening_does_not_date_a_later_event(verb: tuple[str, str],
                                                       period: tuple[str, str, str],
                                                       opening: str, suffix: str) -> None:
    text, start, end = period
    assert _codes(f"how many items were {verb[0]} {text}", f"{opening}{suffix}", start,
                  end) == ["date.wrong_event"]
