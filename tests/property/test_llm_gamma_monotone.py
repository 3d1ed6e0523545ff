"""Issue 14: with the LLM judge, for a fixed filter status the composite score never decreases
when gamma (the model's P(correct)) rises, for one sample or the mean of several.

Driven through the judge's own seam (``combine``: replies -> label and gamma, with the label
from ``Scoring.label_for``) and the built-in composite scorer; no model, no litellm."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from stef_judges.llm import combine
from stef_judges.llm_prompt import JudgeReply
from stef_scoring.composite import CompositeScorer

from stef_core.contracts import Alignment
from stef_core.models import FILTER_STATUSES, FilterAlignment, FilterStatus, Ruleset, Verdict

RULES = Ruleset()
SCORER = CompositeScorer()
probability = st.floats(min_value=0, max_value=1, allow_nan=False)


def score(status: FilterStatus, bonus: bool, probabilities: list[float]) -> float:
    replies = [JudgeReply(p_correct=p) for p in probabilities]
    label, gamma, _ = combine(replies, len(replies), RULES.scoring)
    assert label == RULES.scoring.label_for(gamma)  # the label follows from gamma
    verdict = Verdict(label=label, confidence=gamma)
    alignment = Alignment(filters=FilterAlignment(status=status), bonus=bonus)
    return SCORER.score(alignment, verdict, RULES).score


@given(st.sampled_from(FILTER_STATUSES), st.booleans(), probability, probability)
def test_score_never_falls_when_gamma_rises(status, bonus, a, b):
    low, high = sorted((a, b))
    assert score(status, bonus, [low]) <= score(status, bonus, [high])


@given(st.sampled_from(FILTER_STATUSES), st.booleans(),
       st.lists(probability, min_size=2, max_size=5), st.data())
def test_score_never_falls_when_one_sample_rises(status, bonus, samples, data):
    i = data.draw(st.integers(0, len(samples) - 1))
    raised = list(samples)
    raised[i] = data.draw(st.floats(min_value=samples[i], max_value=1, allow_nan=False))
    assert score(status, bonus, samples) <= score(status, bonus, raised)
