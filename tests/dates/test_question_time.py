"""The question side of dates (plugins/stef_question/concepts/time.py): every common spelling
of a time expression reads as the period it names."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

import pytest
from stef_question.concepts.time import mentions, question_periods, read_time, time_spans
from stef_question.extract import extract_question

from stef_core.periods import describe_bound
from stef_core.spec import ANCHOR_DAY, Filter

M = "2024-03-01", "2024-04-01"


def stretches(text: str) -> list[tuple[object, ...]]:
    """(start, end) of each period, relative bounds in words ("start of this month")."""
    return [(p.start and describe_bound(p.start), p.end and describe_bound(p.end))
            for p in read_time(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # years, decades, centuries
        ("How many orders were placed in 2024?", [("2024-01-01", "2025-01-01")]),
        ("Sales in the 1990s", [("1990-01-01", "2000-01-01")]),
        ("Plays written in the 1500s", [("1500-01-01", "1600-01-01")]),
        # quarters and halves
        ("Revenue in Q2 2023", [("2023-04-01", "2023-07-01")]),
        ("Revenue in the second quarter of 2023", [("2023-04-01", "2023-07-01")]),
        ("Revenue for 2023 Q4", [("2023-10-01", "2024-01-01")]),
        ("Sales in H1 2022", [("2022-01-01", "2022-07-01")]),
        ("Sales in the second half of 2022", [("2022-07-01", "2023-01-01")]),
        # months
        ("Orders in March 2024", [M]),
        ("Orders in Mar 2024", [M]),
        ("Orders in March of 2024", [M]),
        ("Orders in 2024-03", [M]),
        ("Orders in 3/2024", [M]),
        # weeks
        ("Orders in week 12 of 2024", [("2024-03-18", "2024-03-25")]),
        ("Orders in 2024-W12", [("2024-03-18", "2024-03-25")]),
        # days, every common spelling
        ("Orders on 2012/8/26", [("2012-08-26", "2012-08-27")]),
        ("Orders on 8/26/2012", [("2012-08-26", "2012-08-27")]),
        ("Orders on 26/8/2012", [("2012-08-26", "2012-08-27")]),
        ("Orders on 2012-08-26", [("2012-08-26", "2012-08-27")]),
        ("Orders on 26 August 2012", [("2012-08-26", "2012-08-27")]),
        ("Orders on the 26th of August, 2012", [("2012-08-26", "2012-08-27")]),
        ("Orders on August 26th, 2012", [("2012-08-26", "2012-08-27")]),
        ("Orders on Aug. 26, 2012", [("2012-08-26", "2012-08-27")]),
        ("Orders on 26.08.2012", [("2012-08-26", "2012-08-27")]),
        # a time of day with a day
        ("Orders on 2024-03-05 at 2 pm", [("2024-03-05T14:00:00", "2024-03-05T15:00:00")]),
        ("Orders at 2012/8/23 21:20:00", [("2012-08-23T21:20:00", "2012-08-23T21:20:01")]),
        # ranges and bounds
        ("Orders between 2019 and 2021", [("2019-01-01", "2022-01-01")]),
        ("Orders from March to May 2024", [("2024-03-01", "2024-06-01")]),
        ("Orders between August and November 2013", [("2013-08-01", "2013-12-01")]),
        ("Orders from 1/1/2000 to 12/31/2005", [("2000-01-01", "2006-01-01")]),
        ("Orders in 2019-2021", [("2019-01-01", "2022-01-01")]),
        # a day without its year joined to a dated day, no "from": one range (session 28)
        ("Stays arriving May 1 - Sep 30, 2026", [("2026-05-01", "2026-10-01")]),
        ("Stays arriving May 1 through Sep 30, 2026", [("2026-05-01", "2026-10-01")]),
        ("Stays arriving Nov 15-Mar 31 2026", [("2025-11-15", "2026-04-01")]),
        # days of one month joined by a dash, the year once at the end (session 37)
        ("Orders placed November 1-18, 2026", [("2026-11-01", "2026-11-19")]),
        ("Deliveries for Nov 11-17, 2026", [("2026-11-11", "2026-11-18")]),
        ("Time entries dated October 1\u201331, 2026", [("2026-10-01", "2026-11-01")]),
        ("Visits 1-18 November 2026", [("2026-11-01", "2026-11-19")]),
        ("Orders on May 3-4 2025", [("2025-05-03", "2025-05-05")]),
        ("Orders since 2020", [("2020-01-01", None)]),
        ("Orders from 2020 onwards", [("2020-01-01", None)]),
        ("Orders in 2014 or after", [("2014-01-01", None)]),
        ("Orders after 2019", [("2020-01-01", None)]),
        ("Orders after 2000/1/1", [("2000-01-02", None)]),
        ("Orders before 1997", [(None, "1997-01-01")]),
        ("Orders until March 2024", [(None, "2024-04-01")]),
        ("Orders through 2024-03-31", [(None, "2024-04-01")]),
        ("Orders no later than 2024-03-31", [(None, "2024-04-01")]),
        ("Orders no earlier than 2020", [("2020-01-01", None)]),
        ("Papers in or before 2009", [(None, "2010-01-01")]),
        ("Orders in 2014 or 2015", [("2014-01-01", "2015-01-01"), ("2015-01-01", "2016-01-01")]),
        # relative to the anchor
        ("Orders placed today", [("today", "today + 1 day")]),
        ("Orders placed yesterday", [("today - 1 day", "today")]),
        ("Orders this week", [("start of this week", "start of this week + 1 week")]),
        ("Orders this month", [("start of this month", "start of this month + 1 month")]),
        ("Orders last month", [("start of this month - 1 month", "start of this month")]),
        ("Orders in the previous quarter",
         [("start of this quarter - 1 quarter", "start of this quarter")]),
        ("Orders next year", [("start of this year + 1 year", "start of this year + 2 years")]),
        ("Orders in the past 7 days", [("today - 7 days", "today + 1 day")]),
        ("Orders in the last 3 months", [("today - 3 months", "today + 1 day")]),
        ("Orders year to date", [("start of this year", "today + 1 day")]),
        ("Sales YTD", [("start of this year", "today + 1 day")]),
        ("Orders since last month", [("start of this month - 1 month", None)]),
        # "older than": made before the day that long ago; "a week" is one (session 37)
        ("Open orders older than 7 days", [(None, "today - 6 days")]),
        ("Open orders older than a week", [(None, "today - 1 week + 1 day")]),
        ("Tickets older than a month", [(None, "today - 1 month + 1 day")]),
    ],
)
def test_time_expression_reads_as_period(text: str, expected: list[tuple[object, ...]]) -> None:
    assert stretches(text) == expected


@pytest.mark.parametrize(
    ("text", "periodic"),
    [
        ("Orders in March", (("month", 3),)),
        ("Orders in May", (("month", 5),)),
        ("January orders", (("month", 1),)),
        ("Orders in the first quarter", (("month", 1), ("month", 2), ("month", 3))),
        ("Orders on March 5", (("day", 5), ("month", 3))),
    ],
)
def test_month_without_a_year_is_periodic(text: str, periodic: tuple[object, ...]) -> None:
    """Two readings: that month of any year, and (the bounds) the latest one at the anchor."""
    [p] = read_time(text)
    assert p.periodic == periodic
    assert p.relative and p.start and p.end


@pytest.mark.parametrize(
    ("text", "clock"),
    [("Orders placed after 6 pm", (18 * 3600, 86400)),
     ("Orders placed between 9 am and 5 pm", (9 * 3600, 17 * 3600)),
     ("Transactions during 8:00-9:00", (8 * 3600, 9 * 3600)),
     ("Orders at noon", (12 * 3600, 13 * 3600))],
)
def test_times_of_day(text: str, clock: tuple[int, int]) -> None:
    [p] = read_time(text)
    assert p.clock == clock


@pytest.mark.parametrize(
    "text",
    [
        "May I see the orders?",
        "List the restaurants with street number greater than 2000.",
        "Products priced over 2000 dollars",
        "Which model has 2000 horsepower?",
        "Customers with an income of 2000 and below",
        "Geographic identifiers with an income that ranges from 2100 to 2500",
        "Orders by customer 1234",
    ],
)
def test_numbers_that_are_not_times(text: str) -> None:
    assert read_time(text) == ()


@pytest.mark.parametrize(
    ("text", "strength"),
    [
        ("How many accounts were closed in 2023?", "strong"),
        ("Count the number of papers in NAACL 2000.", "weak"),
        ("How many athletes competed in the 2016 Summer Olympics?", "weak"),
        ("Papers between 2000 and 2009", "strong"),
        ("Paragraphs with paragraph number between 1900 to 1950", "weak"),
    ],
)
def test_a_year_with_a_time_word_is_strong(text: str, strength: str) -> None:
    [p] = read_time(text)
    assert (p.source, p.strength) == ("question", strength)


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("Orders not placed in 2014", True),
        ("Orders except in 2014", True),
        ("Stadiums that did not have a concert in 2014", False),
        ("Customers who did not respond in February of 2007", False),
    ],
)
def test_only_a_negated_time_is_negated(text: str, negated: bool) -> None:
    [p] = read_time(text)
    assert p.negated is negated


def test_spans_cover_bounds_and_words() -> None:
    text = "How many orders since March 2024 by 'ACME'?"
    [(start, end)] = time_spans(text)
    assert text[start:end] == "since March 2024"
    [(_span, period)] = mentions(text)
    assert period.text == "since March 2024"


def test_year_is_not_also_a_number_filter() -> None:
    spec = extract_question("How many orders were placed in March 2024 by 'ACME'?", None)
    assert [f.value for f in spec.filters] == ["acme"]
    assert [(p.start, p.end) for p in spec.periods] == [M]


# ---- hints -------------------------------------------------------------------------------


def hinted(question: str, hint: str) -> list[tuple[object, ...]]:
    spec = extract_question(question, f"{question} Hint: {hint}")
    return [(p.column, p.start, p.end, p.source, p.spelling) for p in spec.periods]


def test_hint_spelling_replaces_the_questions_period() -> None:
    got = hinted("Which client ID consumed the most in September 2013?",
                 "September 2013 refers to yearmonth.date = '201309'")
    assert got == [("date", "2013-09-01", "2013-10-01", "hint", "compact")]


def test_hint_with_several_fragments_is_one_period() -> None:
    got = hinted("How many coins were added in May 2013?",
                 "in May 2013 refers to year(date_added) = 2013 and month(date_added) = 5")
    assert got == [("date_added", "2013-05-01", "2013-06-01", "hint", "function")]


def test_hint_that_redefines_a_bound_wins() -> None:
    got = hinted("From 1593 onwards, how many comedies?", "From 1593 onwards refers to Date > 1593")
    assert got == [("date", "1594-01-01", None, "hint", "year")]


def test_hint_that_spells_the_bounded_date_keeps_the_bound() -> None:
    got = hinted("How many coins were burned until 2013/4/28?",
                 "2013/4/28 refers to date = '2013-04-28'")
    assert got == [("date", None, "2013-04-29", "question", "iso")]


def test_hint_with_spaced_operators() -> None:
    got = hinted("Works in the 1500s", "in the 1500s refers to DATE > = 1500 AND DATE < = 1599")
    assert got == [("date", "1500-01-01", "1600-01-01", "hint", "year")]


def test_compact_spelling_without_a_column_marks_the_period() -> None:
    got = hinted("Who had the least consumption in 2012?",
                 "Year 2012 can be presented as Between 201201 And 201212")
    assert got == [(None, "2012-01-01", "2013-01-01", "question", "compact")]


@pytest.mark.parametrize(
    ("question", "hint"),
    [
        ("How many athletes competed in the 2016 Summer Olympics?",
         "the 2016 Summer Olympics refer to games_name = '2016 Summer'"),
        ("What is the number of committed crimes in 1995 in the district?",
         "A15 contains information about number of committed crimes in 1995"),
        ("Which coin creates the most value in the past 24 hours?",
         "the most value in the past 24 hours refers to max(volume_24h)"),
    ],
)
def test_hint_explains_a_time_as_something_else(question: str, hint: str) -> None:
    assert hinted(question, hint) == []


def test_other_hint_periods_are_required_too() -> None:
    got = hinted("What is the supply for Frozen in 2014?",
                 "in 2017 refers to date BETWEEN '2017-01-01' AND '2017-12-31'")
    assert sorted(got, key=str) == sorted([
        ("date", "2017-01-01", "2018-01-01", "hint", "iso"),
        (None, "2014-01-01", "2015-01-01", "question", ""),
    ], key=str)


def test_hint_filters_that_spell_a_period_leave_the_filters() -> None:
    part = Filter("date", "=", "201309", "hint")
    periods, rest = question_periods("consumption in September 2013",
                                     "September 2013 refers to date = '201309'",
                                     [part, Filter("segment", "=", "kam", "hint")])
    assert [f.column for f in rest] == ["segment"]
    assert periods[0].parts == (part,)


def test_reformulation_that_changes_the_period_is_drift() -> None:
    from stef_align.time import period_drift

    from stef_core.models import Anchor

    spec = extract_question("How many orders in March 2024?", "How many orders in April 2024?")
    assert period_drift(spec, Anchor(date=date(2024, 6, 15), source="--today")) == [
        ("changed", "the reformulation reads 'March 2024' (March 2024) as April 2024")]


def test_bounds_joined_by_and_make_a_range_only_when_they_overlap() -> None:
    assert stretches("Stations opened after 2010 and before 2015") == [
        ("2011-01-01", "2015-01-01")]
    assert stretches("Singers born before 1945 and after 1955") == [
        (None, "1945-01-01"), ("1956-01-01", None)]


# ---- the reader is a table fed by the lexicon (issue 22) -----------------------------------


def test_every_month_word_of_the_lexicon_is_read() -> None:
    from stef_question.lexicon import lexicon

    lex = lexicon()
    names = {**lex.table("month"), **lex.table("month_abbreviation")}
    assert len(names) >= 23
    for name, number in names.items():
        month = int(number)
        start = f"2024-{month:02d}-01"
        end = f"2024-{month + 1:02d}-01" if month < 12 else "2025-01-01"
        assert stretches(f"Orders in {name} 2024") == [(start, end)], name
        assert stretches(f"Orders on {name.title()} 5, 2024") == [
            (f"2024-{month:02d}-05", f"2024-{month:02d}-06")], name


def test_rules_have_names_and_run_in_table_order() -> None:
    from stef_question.concepts.time import RULES

    names = [r.name for r in RULES]
    assert len(names) == len(set(names))
    # a full date is claimed before its year is read as a bare year
    assert names.index("iso_date") < names.index("bare_year")
    assert stretches("Orders on 2024-03-05") == [("2024-03-05", "2024-03-06")]


@pytest.mark.parametrize("text", [
    "Which customers live in Paris?", "List the products by name", "How many orders?", ""])
def test_text_without_a_time_reads_nothing(text: str) -> None:
    from stef_question.concepts.time import _atoms

    assert _atoms(text) == []


@pytest.mark.parametrize(("text", "days"), [
    ("signups in the past fourteen days", 14), ("orders in the last ninety days", 90),
    ("orders in the last fifty days", 50), ("returns in the past seven days", 7)])
def test_number_words_of_the_lexicon_count_days(text: str, days: int) -> None:
    [p] = read_time(text)
    assert (p.start, p.end) == (ANCHOR_DAY.shifted("day", -days), ANCHOR_DAY.shifted("day", 1))


# ---- a month, quarter or half named without a year: the latest one at the anchor (issue 20) --


def _latest_start(anchor: date, month: int, day: int = 1) -> date:
    """The latest ``month``/``day`` at or before ``anchor``, by counting back."""
    year = anchor.year
    while date(year, month, day) > anchor:
        year -= 1
    return date(year, month, day)


def test_a_yearless_month_or_day_is_the_latest_one_at_the_anchor_on_every_day() -> None:
    from stef_core.periods import resolve

    anchors = [date(2023, 1, 1) + timedelta(days=k) for k in range(0, 3 * 366, 1)]
    for month in range(1, 13):
        [p] = read_time(f"orders in {calendar.month_name[month]}")
        for day in (1, 5, 28, 30, 31):
            if day > calendar.monthrange(2023, month)[1]:
                continue
            [q] = read_time(f"orders on {calendar.month_name[month]} {day}")
            for anchor in anchors:
                assert resolve(p.start or "", anchor).date() == _latest_start(anchor, month)
                assert resolve(q.start or "", anchor).date() == _latest_start(anchor, month, day)


@pytest.mark.parametrize(("text", "anchor", "expected"), [
    ("revenue in april", "2025-05-03", ("2025-04-01", "2025-05-01")),
    ("revenue in april", "2025-02-10", ("2024-04-01", "2024-05-01")),
    ("revenue in April", "2025-04-15", ("2025-04-01", "2025-05-01")),  # the current one
    ("revenue in Q1", "2025-05-08", ("2025-01-01", "2025-04-01")),
    ("tickets in q4", "2026-02-05", ("2025-10-01", "2026-01-01")),
    ("sales in H2", "2025-03-01", ("2024-07-01", "2025-01-01")),
    ("customers with no orders since june", "2024-09-02", ("2024-06-01", None)),
    ("orders before March", "2024-09-02", (None, "2024-03-01")),
])
def test_yearless_periods_resolve_against_the_anchor(
        text: str, anchor: str, expected: tuple[str | None, str | None]) -> None:
    from stef_core.periods import iso, resolve

    [p] = read_time(text)
    day = date.fromisoformat(anchor)
    got = tuple(iso(resolve(b, day)) if b else None for b in (p.start, p.end))
    assert got == expected


@pytest.mark.parametrize(
    ("text", "portion", "expected"),
    [
        # placed, not bounded to the day: the month, with the part it names
        ("orders in the first half of March 2024", "first half", [M]),
        ("tickets opened in early March 2024", "early", [M]),
        ("bookings made mid-March 2024", "mid", [M]),
        ("sales in the middle of March 2024", "mid", [M]),
        ("claims filed in late March 2024", "late", [M]),
        ("revenue in the second half of March 2024", "second half", [M]),
        # bounded to the day
        ("units sold in the first 10 days of March 2024", "", [("2024-03-01", "2024-03-11")]),
        ("signups in the first two weeks of March 2024", "", [("2024-03-01", "2024-03-15")]),
        ("shipments in the last week of March 2024", "", [("2024-03-25", "2024-04-01")]),
        # no part of the month: "late" of the fees, the half of a year
        ("late fees charged in March 2024", "", [M]),
        ("sales in the first half of 2024", "", [("2024-01-01", "2024-07-01")]),
    ],
)
def test_part_of_a_month(text: str, portion: str, expected: list[tuple[object, ...]]) -> None:
    assert stretches(text) == expected
    assert [p.portion for p in read_time(text)] == [portion]


def test_part_of_a_month_without_a_year_keeps_its_words_out_of_other_readings() -> None:
    # "the last week of September": one period, not last week and September
    [p] = read_time("shipments in the last week of September")
    assert p.text == "in the last week of September" and not p.periodic
    [p] = read_time("tickets opened in early May")
    assert (p.portion, p.periodic) == ("early", (("month", 5),))
