"""A deployment's ruleset words read with the care the question's own words get (issue 20):
negations over listed values, requirements the SQL keeps on another column, a bare month the
reformulation resolves to the coming one."""

from __future__ import annotations

from datetime import date

from stef_align.filters import _kept_elsewhere
from stef_align.time import _resolved_year
from stef_question.frame import question_spec
from stef_question.vocabulary import Matcher
from stef_sql.extract import extract_spec

from stef_core.models import Category, Ruleset
from stef_core.spec import Filter, QuestionSpec

STATUSES = Ruleset(categories={"status": Category(
    values=["confirmed", "cancelled", "no_show", "solved", "closed", "open"],
    words={"cancellation": "cancelled"})})


def _ops(text: str) -> dict[object, str]:
    found, _, _ = Matcher.build(STATUSES).requirements(text)
    return {f.value: f.op for f in found}


def test_a_negation_covers_the_values_listed_with_its_word() -> None:
    assert _ops("stays excluding cancellations and no-shows") == {
        "cancelled": "!=", "no_show": "!="}
    assert _ops("tickets not yet solved or closed") == {"solved": "!=", "closed": "!="}
    assert _ops("tickets not solved, closed or open") == {
        "solved": "!=", "closed": "!=", "open": "!="}


def test_a_negation_stops_where_the_list_does() -> None:
    assert _ops("not solved tickets that are open") == {"solved": "!=", "open": "="}
    assert _ops("confirmed and no-show stays") == {"confirmed": "=", "no_show": "="}


def _rules_filter(column: str, value: object) -> Filter:
    return Filter(column, "=", value, "rules")


def test_a_ruleset_word_may_be_kept_by_a_flag_or_the_same_word_elsewhere() -> None:
    q = QuestionSpec(text="loads per active carrier")
    sql = extract_spec("SELECT c.name FROM carriers c WHERE c.is_active = 1")
    kept = _kept_elsewhere(_rules_filter("acct_status", "a"), q, sql, list(sql.filters))
    assert kept is not None and kept.column == "is_active"
    q = QuestionSpec(text="players who completed level 30")
    sql = extract_spec("SELECT COUNT(*) FROM level_events WHERE level_no = 30 "
                       "AND event_type = 'complete'")
    kept = _kept_elsewhere(_rules_filter("status", "completed"), q, sql, list(sql.filters))
    assert kept is not None and kept.column == "event_type"


def test_a_ruleset_value_may_be_kept_by_a_flag_named_for_its_word() -> None:
    # ``value inv_status V = void`` (of invoices) / the tickets' own ``is_void`` flag
    rules = Ruleset(categories={"inv_status": Category(values=["O", "V"], words={"void": "V"})})
    q = QuestionSpec(text="tons from non-void tickets")
    r = Filter("inv_status", "!=", "v", "rules")
    sql = extract_spec("SELECT SUM(net_tons) FROM disp_tkts WHERE is_void = FALSE")
    kept = _kept_elsewhere(r, q, sql, [], rules)
    assert kept is not None and kept.column == "is_void"
    # kept the other way, or without the ruleset's word for it: not kept
    sql = extract_spec("SELECT SUM(net_tons) FROM disp_tkts WHERE is_void = TRUE")
    assert _kept_elsewhere(r, q, sql, [], rules) is None
    sql = extract_spec("SELECT SUM(net_tons) FROM disp_tkts WHERE is_void = FALSE")
    assert _kept_elsewhere(r, q, sql, []) is None


def test_a_ruleset_word_is_not_kept_by_nothing_or_by_its_own_column() -> None:
    q = QuestionSpec(text="how many active carriers")
    sql = extract_spec("SELECT COUNT(*) FROM carriers")
    assert _kept_elsewhere(_rules_filter("acct_status", "a"), q, sql, list(sql.filters)) is None
    sql = extract_spec("SELECT COUNT(*) FROM carriers WHERE acct_status = 'I'")
    assert _kept_elsewhere(_rules_filter("acct_status", "a"), q, sql, list(sql.filters)) is None
    # a question's own requirement is the question reader's to weigh, not this rule's
    sql = extract_spec("SELECT COUNT(*) FROM carriers WHERE is_active = 1")
    own = Filter("acct_status", "=", "a", "question")
    assert _kept_elsewhere(own, q, sql, list(sql.filters)) is None


def test_a_bare_month_is_the_coming_one_when_the_reformulation_says_so() -> None:
    today = date(2025, 9, 9)
    coming = question_spec("pickup for october", "Room nights for October 2025 stay dates.")
    [p] = [p for p in coming.periods if p.source == "question"]
    resolved = _resolved_year(p, coming.restated_periods or (), today)
    assert (resolved.start, resolved.end) == ("2025-10-01", "2025-11-01")
    older = question_spec("pickup for october", "Room nights for October 2023 stay dates.")
    [p] = [p for p in older.periods if p.source == "question"]
    assert _resolved_year(p, older.restated_periods or (), today) == p
    both = question_spec("revenue q1 vs q1 last year", "Revenue in Q1 2025 and Q1 2024.")
    for p in both.periods:
        assert _resolved_year(p, both.restated_periods or (), date(2025, 5, 8)) == p


def test_an_absence_negates_the_value_of_the_rows_it_denies() -> None:
    assert _ops("lines with no confirmed stays") == {"confirmed": "!="}
    assert _ops("lines with zero confirmed stays") == {"confirmed": "!="}
    assert _ops("guests who don't have any confirmed stay") == {"confirmed": "!="}
    assert _ops("guests who never made a confirmed booking") == {"confirmed": "!="}
    # a comparative after "no" bounds a number, it denies no value
    assert _ops("no more than 3 confirmed stays") == {"confirmed": "="}
    assert _ops("guests who made a confirmed booking") == {"confirmed": "="}


def test_a_lowercase_month_abbreviation_that_is_also_a_name_is_a_month() -> None:
    def texts(question: str) -> list[str]:
        return [p.text for p in question_spec(question, None).periods]

    assert texts("d30 retention jan installs") == ["jan"]
    assert texts("dec signups by channel") == ["dec"]
    assert texts("Jun Li sales") == []  # a name where it is written as one


PLANS = Ruleset(
    categories={"plan_code": Category(values=["M", "A"], words={"monthly": "M", "annual": "A"}),
                "status": Category(values=["active", "paused"]),
                "charge_cd": Category(values=["RENT", "LATE"], words={"rent": "RENT"})},
    terms={"rent collected": "SUM(amount)"}, synonyms={"monthly_rent": ["monthly rent"]})


def _strengths(text: str) -> dict[object, str]:
    found, _, _ = Matcher.build(PLANS).requirements(text)
    return {f.value: f.strength for f in found}


def test_a_period_word_before_a_measure_is_its_grain_not_a_value() -> None:
    # "monthly" as plan 'M' and "active" as status 'active' are one reading of two there
    assert _strengths("monthly active users last quarter") == {"m": "weak", "active": "weak"}
    assert _strengths("current monthly recurring revenue") == {"m": "weak"}
    assert _strengths("monthly count of new signups") == {"m": "weak"}
    # ... and a value where it names the rows
    assert _strengths("how many monthly subscribers are active") == {
        "m": "strong", "active": "strong"}
    assert _strengths("annual plans signed in may") == {"a": "strong"}


def test_a_value_word_inside_a_phrase_the_ruleset_defines_is_one_reading_of_two() -> None:
    assert _strengths("rent collected last month") == {"rent": "weak"}
    assert _strengths("average monthly rent by city") == {"m": "weak", "rent": "weak"}
    assert _strengths("rent charges billed last month") == {"rent": "strong"}
