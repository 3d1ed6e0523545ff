"""Requirements are a function of the question, the enriched question and R_app only: the same
question yields the same required constraints whatever SQL it is paired with.

Checked over every question of the textbook corpus (tests/corpus): each question is scored
with its right SQL, its wrong SQL and SQL drawn from other questions, and the filter
alignment's ``required`` list must not change; the question spec itself must not depend on the
SQL either.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stef_core.contracts import JudgeRequest
from stef_core.engine import Engine
from stef_core.models import Record, Ruleset
from stef_core.testing import load_rule_cases

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


@lru_cache(maxsize=1)
def corpus() -> tuple[tuple[tuple[str, str | None, str | None], tuple[str, ...]], ...]:
    """(question, enrichment, dialect) -> every SQL the corpus pairs with it."""
    by_question: dict[tuple[str, str | None, str | None], list[str]] = {}
    for case in load_rule_cases(CORPUS):
        if case.rules:
            continue  # R_app is part of the input; keep one ruleset (the default) here
        key = (case.question, case.enriched_question, case.dialect)
        sqls = by_question.setdefault(key, [])
        sqls.append(case.sql)
        other = case.expect.get("equivalent_to")
        if other:
            sqls.append(str(other))
    return tuple((k, tuple(v)) for k, v in by_question.items())


@lru_cache(maxsize=1)
def engine() -> Engine:
    return Engine()


def required(question: str, enriched: str | None, sql: str, dialect: str | None
             ) -> list[str] | None:
    [result] = engine().evaluate_batch([Record(
        id="p", question=question, enriched_question=enriched, sql=sql, dialect=dialect)])
    if result.filter_alignment is None:
        return None  # SQL that does not parse in this dialect: no alignment to compare
    return result.filter_alignment.required


#: A time of day within a stretch of dates, listed as one period ("? in [2026-10-01,
#: 2026-11-01) 22:00-24:00 of any day") where the SQL bounds one column by both, and as two
#: where it does not (stef_align.time._clock_within): the same two requirements.
_CLOCK_WITHIN = re.compile(
    r"^\? in (.+?) (\d\d:\d\d-\d\d:\d\d of any day)( \(relative to [^)]*\))?$")


def requirements(found: list[str]) -> tuple[str, ...]:
    """The required list with a time of day within dates said as its two parts."""
    out: list[str] = []
    for item in found:
        both = _CLOCK_WITHIN.match(item)
        # a relative period says what it is relative to once, after the dates
        out.extend([f"? in {both[2]}", f"? in {both[1]}{both[3] or ''}"] if both else [item])
    return tuple(sorted(out))


def test_the_corpus_is_there() -> None:
    assert len(corpus()) >= 300


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_required_constraints_do_not_depend_on_the_sql(data: st.DataObject) -> None:
    items = corpus()
    (question, enriched, dialect), own = data.draw(st.sampled_from(items))
    foreign = [sql for (_, _, d), sqls in items for sql in sqls if d == dialect]
    sqls = [*own, *data.draw(st.lists(st.sampled_from(foreign), min_size=1, max_size=3))]
    seen = {requirements(r) for sql in sqls
            if (r := required(question, enriched, sql, dialect)) is not None}
    assert len(seen) <= 1, (question, seen)


def test_a_time_of_day_within_dates_is_the_same_two_requirements() -> None:
    question = "calls after 10 pm in october 2026"
    seen = {requirements(r) for sql in (
        "SELECT COUNT(*) FROM calls WHERE EXTRACT(HOUR FROM called_at) >= 22"
        " AND called_at >= '2026-10-01' AND called_at < '2026-11-01'",
        "SELECT COUNT(*) FROM calls WHERE called_at >= '2026-10-01' AND called_at < '2026-11-01'",
        "SELECT COUNT(*) FROM calls") if (r := required(question, None, sql, None)) is not None}
    assert seen == {("? in 22:00-24:00 of any day", "? in [2026-10-01, 2026-11-01)")}


@lru_cache(maxsize=1)
def analysed() -> tuple[tuple[str, tuple[tuple[tuple[str, ...], Any], ...]], ...]:
    """Each corpus question with what the engine read from each of its SQL: the required
    list (as :func:`requirements`) and the question's filters after normalization; SQL that
    does not parse in its dialect is left out. The two tests below share this one pass over
    the corpus (the corpus grows every session; two passes took a quarter of the suite)."""
    out = []
    for (question, enriched, dialect), sqls in corpus():
        reads = []
        for sql in sqls:
            request = engine().analyse(Record(id="p", question=question,
                                              enriched_question=enriched, sql=sql,
                                              dialect=dialect))
            if isinstance(request, JudgeRequest):
                reads.append((requirements(request.alignment.filters.required),
                              request.question.filters))
        out.append((question, tuple(reads)))
    return tuple(out)


def test_every_corpus_question_keeps_its_requirements_across_its_own_sql() -> None:
    compared = 0
    for question, reads in analysed():
        seen = {found for found, _ in reads}
        assert len(seen) <= 1, (question, seen)
        compared += len(reads) > 1
    assert compared >= 300  # the property was checked, not skipped


def test_normalization_adds_or_drops_no_requirement() -> None:
    """The normalization rules (which see the SQL) leave the requirements as read."""
    from stef_question.frame import question_spec

    for ((question, enriched, _), _), (_, reads) in zip(corpus(), analysed(), strict=True):
        read = question_spec(question, enriched, Ruleset()).filters
        for _, filters in reads:
            assert filters == read, question
