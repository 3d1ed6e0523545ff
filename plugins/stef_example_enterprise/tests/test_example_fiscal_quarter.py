"""The fiscal_quarter rule: YAML cases through the shared runner, plus its date arithmetic."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from stef_example_enterprise import fiscal_quarter
from stef_example_enterprise.fiscal_quarter import FiscalQuarter, find_quarter, quarter_range

from stef_core.contracts import Context
from stef_core.models import Ruleset
from stef_core.registry import Registry
from stef_core.spec import Period, QuestionSpec, SqlSpec
from stef_core.testing import RuleCase, load_rule_cases, run_rule_case

CASES = load_rule_cases(Path(__file__).parent / "cases")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_rule_case(case: RuleCase, example_registry: Registry) -> None:
    run_rule_case(case, registry=example_registry)


@pytest.mark.parametrize(
    ("quarter", "year", "start_month", "expected"),
    [
        (1, 2024, 1, ("2024-01-01", "2024-03-31")),
        (3, 2024, 1, ("2024-07-01", "2024-09-30")),
        (4, 2024, 1, ("2024-10-01", "2024-12-31")),
        (1, 2024, 2, ("2023-02-01", "2023-04-30")),
        (1, 2024, 7, ("2023-07-01", "2023-09-30")),  # Microsoft's fiscal year
        (4, 2024, 10, ("2024-07-01", "2024-09-30")),  # US federal fiscal year
        (1, 2024, 12, ("2023-12-01", "2024-02-29")),  # leap year February
    ],
)
def test_quarter_range(quarter: int, year: int, start_month: int,
                       expected: tuple[str, str]) -> None:
    assert quarter_range(quarter, year, start_month=start_month) == expected


@given(st.integers(1, 12), st.integers(1990, 2090))
def test_four_quarters_tile_the_fiscal_year(start_month: int, year: int) -> None:
    ranges = [quarter_range(q, year, start_month=start_month) for q in (1, 2, 3, 4)]
    assert ranges[0][0].endswith("-01")
    for (_, end), (nxt, _) in itertools.pairwise(ranges):
        # The next quarter starts the day after this one ends (ISO dates compare as text).
        assert end < nxt and nxt.endswith("-01")
    assert ranges[3][1][:4] == str(year)  # the fiscal year ends in its own calendar year


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("revenue in q3 2024", (3, 2024)),
        ("revenue for 2024 q4", (4, 2024)),
        ("fiscal q1 fy2025", (1, 2025)),
        ("q2 fy24 bookings", (2, 2024)),
        ("the second quarter of 2023", (2, 2023)),
        ("fiscal q3", None),
        ("q1 and q2 2024", None),
        ("q3 2023 versus q3 2024", None),
        ("how many users", None),
    ],
)
def test_find_quarter(text: str, expected: tuple[int, int] | None) -> None:
    assert find_quarter(text) == expected


def _ctx(text: str) -> Context:
    periods = (Period(None, "2024-07-01", "2024-10-01", grain="quarter", source="question"),
               Period(None, "2024-03-01", "2024-04-01", grain="month", source="question"))
    return Context(question=QuestionSpec(periods=periods, text=text), sql=SqlSpec(),
                   rules=Ruleset())


def test_apply_replaces_the_calendar_quarter_and_keeps_the_rest() -> None:
    before = _ctx("revenue in emea for q3 2024 and in march 2024")
    after = FiscalQuarter().apply(before)
    assert after.fired == ("fiscal_quarter",)
    assert [(p.start, p.end, p.grain) for p in after.question.periods] == [
        ("2024-03-01", "2024-04-01", "month"), ("2024-07-01", "2024-10-01", "quarter")]
    assert after.question.periods[-1].text == "fiscal Q3 2024"
    assert before.question.periods[0].text == ""  # the input is not mutated
    assert FiscalQuarter().apply(replace(before, question=replace(before.question, text="hi"))) \
        .fired == ()


def test_start_month_constant_is_read_at_call_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fiscal_quarter, "FISCAL_YEAR_START_MONTH", 7)
    after = FiscalQuarter().apply(_ctx("q3 2024"))
    assert (after.question.periods[-1].start, after.question.periods[-1].end) == (
        "2024-01-01", "2024-04-01")
