"""Properties of gamma (issue 14): it means P(correct), so a higher gamma never scores lower;
the offline judge's label follows from it; a finding can only lower it; typography never moves
it; the calibration fit keeps its sign constraints and is deterministic."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from stef_judges.evidence import NONPOSITIVE, features
from stef_judges.offline import OfflineJudge
from stef_scoring.composite import CompositeScorer

from stef_core.calibration import Example, fit_logistic
from stef_core.contracts import Alignment, JudgeRequest
from stef_core.engine import Engine
from stef_core.models import (
    FILTER_STATUSES,
    FilterAlignment,
    FilterStatus,
    Reason,
    Record,
    Scoring,
    Verdict,
)
from stef_core.ruleset_checks import scoring_problems
from stef_core.testing import strategies as sst

SETTINGS = settings(max_examples=60, deadline=None)

unit = st.floats(0, 1, allow_nan=False)


@st.composite
def scorings(draw: st.DrawFn) -> Scoring:
    """Any scoring configuration that passes validation (the model's ranges and the orderings
    `stef rules check` enforces): drawn ordered most of the time, shuffled sometimes, kept
    only when valid."""
    score = st.floats(0, 5, allow_nan=False)
    v = sorted(draw(st.lists(score, min_size=4, max_size=4)), reverse=True)
    f = sorted(draw(st.lists(score, min_size=4, max_size=4)), reverse=True)
    if draw(st.integers(0, 4)) == 0:  # sometimes unordered: validation must refuse those
        v = draw(st.permutations(v))
    thresholds = sorted(draw(st.lists(unit, min_size=1, max_size=4, unique=True)))
    factors = sorted(draw(st.lists(unit, min_size=len(thresholds), max_size=len(thresholds))))
    if draw(st.integers(0, 4)) == 0:
        factors = draw(st.permutations(factors))
    cuts = sorted(draw(st.lists(unit, min_size=3, max_size=3, unique=True)), reverse=True)
    data = {
        "verdict": dict(zip(("correct", "likely_correct", "potentially_incorrect",
                             "incorrect"), v)),
        "filter": dict(zip(FILTER_STATUSES, f)),
        "confidence_tiers": [{"threshold": t, "factor": x} for t, x in zip(thresholds, factors)],
        "verdict_cuts": dict(zip(("correct", "likely_correct", "potentially_incorrect"), cuts)),
        "bonus": draw(st.floats(0, 5, allow_nan=False)),
        "max_base": draw(st.floats(0.5, 20, allow_nan=False)),
    }
    try:
        scoring = Scoring.model_validate(data)
    except ValidationError:
        assume(False)
        raise  # unreachable: assume(False) stops the example
    assume(not scoring_problems(scoring))
    return scoring


@SETTINGS
@given(scoring=scorings(), status=st.sampled_from(FILTER_STATUSES), bonus=st.booleans(),
       gammas=st.lists(unit, min_size=2, max_size=8))
def test_the_score_never_falls_as_gamma_rises(
    scoring: Scoring, status: FilterStatus, bonus: bool, gammas: list[float]
) -> None:
    from stef_core.models import Ruleset

    rules = Ruleset(scoring=scoring)
    fa = FilterAlignment(status=status)
    scorer = CompositeScorer()
    scores = []
    for g in sorted(gammas):
        verdict = Verdict(label=scoring.label_for(g), confidence=g)
        scores.append(scorer.score(Alignment(filters=fa, bonus=bonus), verdict, rules).score)
    assert scores == sorted(scores)


def test_validation_refuses_scorings_where_more_confidence_scores_less() -> None:
    def problems(data: dict[str, object]) -> str:
        return " ".join(p.message for p in scoring_problems(Scoring.model_validate(data)))

    assert "must not be above verdict.correct" in problems(
        {"verdict": {"correct": 3, "likely_correct": 4}})
    assert "a more confident judge must never count less" in problems(
        {"confidence_tiers": [{"threshold": 0.9, "factor": 0.5},
                              {"threshold": 0.5, "factor": 0.8}]})
    assert "must be below cut.correct" in problems(
        {"verdict_cuts": {"correct": 0.5, "likely_correct": 0.7}})


# ---- the offline judge --------------------------------------------------------------------


@lru_cache(maxsize=1)
def engine() -> Engine:
    return Engine()


@lru_cache(maxsize=1)
def judge() -> OfflineJudge:
    return OfflineJudge()


def analyse(question: str, sql: str) -> JudgeRequest:
    req = engine().analyse(Record(id="p", question=question, sql=sql))
    assert isinstance(req, JudgeRequest), req
    return req


questions = st.sampled_from([
    "How many orders are there?",
    "List the customers in France with status 'active'",
    "What is the average price per category?",
    "Show the 5 most expensive products",
    "Which employees earn more than 5000?",
])

reasons = st.builds(
    Reason,
    code=st.sampled_from(["filter.missing", "aggregation.mismatch", "limit.unrequested",
                          "made.up_code", "projection.missing"]),
    message=st.just("a finding"),
    severity=st.sampled_from(["info", "minor", "major", "critical"]),
)


@SETTINGS
@given(question=questions, sql=sst.selects(), extra=st.lists(reasons, min_size=1, max_size=3))
def test_label_follows_gamma_and_a_finding_never_raises_it(
    question: str, sql: str, extra: list[Reason]
) -> None:
    req = analyse(question, sql)
    before = judge().judge(req)
    assert before.label == req.rules.scoring.label_for(before.confidence)
    more = replace(req, alignment=replace(req.alignment,
                                          reasons=(*req.alignment.reasons, *extra)))
    after = judge().judge(more)
    assert after.label == req.rules.scoring.label_for(after.confidence)
    assert after.confidence <= before.confidence
    if any(r.severity in ("critical", "major") for r in extra):
        assert after.confidence < req.rules.scoring.verdict_cuts.correct
        assert after.label != "correct"


def _respell(sql: str, upper: bool, spaces: str) -> str:
    """The same SQL in another typography: keyword case, spacing, identifier quoting."""
    words = re.split(r"(\s+|'[^']*')", sql)
    out = []
    for w in words:
        if w.startswith("'") or not w.strip():
            out.append(w if w.startswith("'") else spaces)
        else:
            out.append(w.upper() if upper and w.lower() in _KEYWORDS else
                       (w.lower() if w.lower() in _KEYWORDS else w))
    return "".join(out)


_KEYWORDS = {"select", "from", "where", "and", "or", "group", "by", "order", "limit", "as",
             "count", "sum", "avg", "max", "min", "desc", "asc", "distinct", "having"}


@SETTINGS
@given(question=questions, sql=sst.selects(), upper=st.booleans(),
       spaces=st.sampled_from([" ", "  ", "\n  ", "\t"]))
def test_typography_never_moves_the_evidence(
    question: str, sql: str, upper: bool, spaces: str
) -> None:
    respelled = _respell(sql, upper, spaces)
    assume(respelled != sql)
    assert features(analyse(question, respelled)) == features(analyse(question, sql))


# ---- the fit ------------------------------------------------------------------------------

feature_names = st.sampled_from(["finding:a@major", "finding:b@minor", "risk:x", "shape:y",
                                 "question:z"])
examples = st.lists(
    st.builds(Example,
              features=st.dictionaries(feature_names, st.sampled_from([1.0, 2.0]), max_size=3),
              label=st.integers(0, 1),
              weight=st.sampled_from([1.0, 0.5, 2.0])),
    min_size=4, max_size=40,
)


@settings(max_examples=40, deadline=None)
@given(data=examples, l2=st.sampled_from([0.1, 1.0, 10.0]))
def test_the_fit_keeps_finding_weights_at_or_below_zero_and_is_deterministic(
    data: list[Example], l2: float
) -> None:
    assume(0 < sum(e.label for e in data) < len(data))
    b1, w1 = fit_logistic(data, l2=l2, nonpositive=NONPOSITIVE)
    b2, w2 = fit_logistic(list(data), l2=l2, nonpositive=NONPOSITIVE)
    assert (b1, w1) == (b2, w2)
    for name, w in w1.items():
        if name.startswith(NONPOSITIVE):
            assert w <= 0.0, (name, w)


def test_the_parts_of_an_asked_rate_shown_beside_it_are_no_extra_columns() -> None:
    """The numerator and the denominator of a rate shown beside it are what a reader checks
    the answer with; plain columns beyond what a list asks still count."""
    from stef_core.engine import record_from_mapping

    def extra(question: str, sql: str) -> float:
        req = Engine().analyse(record_from_mapping({"question": question, "sql": sql},
                                                   default_id="1"))
        assert isinstance(req, JudgeRequest)
        return features(req)["risk:extra_columns"]

    assert extra("sla breach rate by priority last quarter",
                 "SELECT priority, COUNT(*) AS tickets, SUM(CASE WHEN breached THEN 1 ELSE 0 "
                 "END) AS breached, 100.0 * AVG(CASE WHEN breached THEN 1 ELSE 0 END) AS pct "
                 "FROM tickets GROUP BY priority") == 0.0
    assert extra("list the customers in Lyon",
                 "SELECT id, name, email, phone, city FROM customers WHERE city = 'Lyon'") > 0
