"""Every statement's effect on a score, end to end: the same record scored with and without it.

Rules are written in the DSL and compiled; records are scored in-process with the offline judge.
"""

from __future__ import annotations

from pathlib import Path

from stef_core.contracts import Judge, JudgeRequest
from stef_core.dsl import compile_file, compile_text
from stef_core.models import Result, Verdict
from stef_core.testing import fake_judge, score_one

TICKETS_Q = "How many open tickets are there?"
# An extra filter the question does not ask for (a business condition, not a guard).
TICKETS_SQL = "SELECT COUNT(*) FROM tickets WHERE status = 'open' AND channel = 'email'"
# The deployment's tenant guard: read as a guard, declared benign by a ruleset.
GUARDED_SQL = "SELECT COUNT(*) FROM tickets WHERE status = 'open' AND tenant_id = 42"
FRANCE_Q = "List customers in France"


def _score(question: str, sql: str, body: str = "", judge: object = "offline") -> Result:
    rules = compile_text('ruleset "e2e"\n' + body, "e2e.stef")
    result = score_one(question, sql, rules=rules, judge=judge)
    assert result.status == "scored", result.error
    return result


def _status(result: Result) -> str:
    assert result.filter_alignment is not None
    return result.filter_alignment.status


def test_benign_filter_turns_an_extra_into_a_bonus() -> None:
    judge = fake_judge("correct", 0.9)
    before = _score(TICKETS_Q, TICKETS_SQL, judge=judge)
    after = _score(TICKETS_Q, TICKETS_SQL, "benign filter channel = 'email'", judge=judge)
    assert (_status(before), before.bonus, before.score) == ("fully_applied_with_extras", 0, 90)
    assert (_status(after), after.bonus, after.score) == ("fully_applied", 1, 100)
    assert after.filter_alignment and after.filter_alignment.benign_extras == ["channel = 'email'"]


def test_benign_filter_turns_a_guard_into_a_bonus() -> None:
    before = _score(TICKETS_Q, GUARDED_SQL)
    after = _score(TICKETS_Q, GUARDED_SQL, "benign filter tenant_id = *")
    assert before.filter_alignment and before.filter_alignment.guards == ["tenant_id = 42"]
    assert (_status(before), before.bonus) == ("fully_applied", 0)
    assert (_status(after), after.bonus) == ("fully_applied", 1)
    assert after.filter_alignment and after.filter_alignment.benign_extras == ["tenant_id = 42"]
    assert "filter.guard" in [r.code for r in before.reasons]
    assert "filter.guard" not in [r.code for r in after.reasons]


def test_benign_filter_with_a_value_only_matches_that_value() -> None:
    other = _score(TICKETS_Q, TICKETS_SQL, "benign filter channel = 'web'")
    assert _status(other) == "fully_applied_with_extras"


def test_ignore_filter_removes_the_extra_without_a_bonus() -> None:
    after = _score(TICKETS_Q, GUARDED_SQL, "ignore filter tenant_id")
    assert after.filter_alignment and after.filter_alignment.extras == []
    assert (_status(after), after.bonus, after.score) == ("fully_applied", 0, 100)


def test_limit_guard_decides_whether_a_limit_is_unrequested() -> None:
    sql = "SELECT name FROM customers WHERE country = 'France' LIMIT 500"
    before = _score(FRANCE_Q, sql)
    after = _score(FRANCE_Q, sql, "limit guard >= 500")
    assert "limit.unrequested" in [r.code for r in before.reasons]
    assert "limit.unrequested" not in [r.code for r in after.reasons]
    assert "limit_tolerance" in after.normalizations
    assert before.score is not None and after.score is not None and after.score > before.score


def test_rule_off_stops_the_rule_firing() -> None:
    sql = "SELECT name FROM customers WHERE country = 'France' LIMIT 1000"
    on = _score(FRANCE_Q, sql)
    off = _score(FRANCE_Q, sql, "rule limit_tolerance off")
    assert "limit_tolerance" in on.normalizations
    assert "limit_tolerance" not in off.normalizations
    assert on.score == 100 and off.score is not None and off.score < 100


def test_score_filter_override_changes_the_score() -> None:
    judge = fake_judge("correct", 0.9)
    after = _score(TICKETS_Q, TICKETS_SQL, "score filter.fully_applied_with_extras = 2\n"
                   "score filter.partially_applied = 1", judge=judge)
    assert (after.base, after.score) == (7, 70)


def test_score_verdict_override_changes_the_score() -> None:
    judge = fake_judge("correct", 0.9)
    after = _score(TICKETS_Q, TICKETS_SQL, "score verdict.correct = 4", judge=judge)
    assert after.score == 80


def test_score_bonus_override_changes_the_bonus() -> None:
    judge = fake_judge("correct", 0.9)
    after = _score(TICKETS_Q, GUARDED_SQL, "benign filter tenant_id = *\nscore bonus = 0.5",
                   judge=judge)
    assert (after.bonus, after.base, after.score) == (0.5, 10, 100)  # 5 + 5 + 0.5 clamps to 10
    lower = _score(TICKETS_Q, GUARDED_SQL,
                   "benign filter tenant_id = *\nscore bonus = 0.5\nscore verdict.correct = 3",
                   judge=judge)
    assert (lower.base, lower.score) == (8.5, 85)


def test_score_confidence_tier_changes_the_factor() -> None:
    # A judge of fixed confidence 0.9: the tier, not the (calibrated) judge, changes here.
    judge = fake_judge("correct", 0.9)
    before = _score(TICKETS_Q, TICKETS_SQL, judge=judge)
    after = _score(TICKETS_Q, TICKETS_SQL, "score confidence 0.9 = 0.7\n"
                   "score confidence 0.85 = 0.7\nscore confidence 0.65 = 0.7", judge=judge)
    assert (before.confidence_factor, after.confidence_factor) == (1.0, 0.7)
    assert (before.score, after.score) == (90, 63)


def test_score_band_override_changes_the_band() -> None:
    judge = fake_judge("correct", 0.9)
    before = _score(TICKETS_Q, TICKETS_SQL, judge=judge)
    after = _score(TICKETS_Q, TICKETS_SQL, "score band.excellent = 95", judge=judge)
    assert (before.band, after.band) == ("excellent", "good")


def test_term_makes_a_wrong_aggregation_visible() -> None:
    q = "What is the revenue by store?"
    sql = "SELECT store_id, AVG(price) FROM sales GROUP BY store_id"
    before = _score(q, sql)
    after = _score(q, sql, 'term "revenue" = SUM(price * quantity)')
    assert "aggregation.mismatch" not in [r.code for r in before.reasons]
    assert "vocabulary" in after.normalizations
    assert "aggregation.mismatch" in [r.code for r in after.reasons]
    # The finding lowers gamma (P(correct)) and so the score; with gamma calibrated, a plain
    # grouped answer may already score below 100 without it.
    assert after.confidence is not None and before.confidence is not None
    assert after.confidence < before.confidence
    assert after.score is not None and before.score is not None and after.score <= before.score
    assert after.verdict is not None and after.verdict.label != "correct"


def test_synonym_is_applied_by_the_vocabulary_rule() -> None:
    # Today's aligner already matches this filter without the synonym, so the score does not
    # move; the synonym's effect shows as the vocabulary rule firing.
    q = "How many tickets does client 42 have?"
    sql = "SELECT COUNT(*) FROM tickets WHERE customer_id = 42"
    before = _score(q, sql)
    after = _score(q, sql, "synonym customer_id = client")
    assert "vocabulary" not in before.normalizations
    assert "vocabulary" in after.normalizations
    assert after.score == before.score == 100


class _NoteJudge(Judge):
    """Says correct only when the rules hand it a note (a stand-in for an LLM judge)."""

    id = "note_judge"

    def judge(self, request: JudgeRequest) -> Verdict:
        label = "correct" if request.rules.notes else "incorrect"
        return Verdict(label=label, confidence=1.0, judge=self.id)


def test_note_reaches_the_judge() -> None:
    sql = "SELECT COUNT(*) FROM tickets WHERE status = 'open'"
    without = _score(TICKETS_Q, sql, judge=_NoteJudge())
    with_note = _score(TICKETS_Q, sql, 'note "open means not solved"', judge=_NoteJudge())
    assert (without.score, with_note.score) == (50, 100)


def test_include_brings_the_shared_guards(tmp_path: Path) -> None:
    (tmp_path / "tenancy.stef").write_text('ruleset "tenancy"\nbenign filter tenant_id = *\n')
    main = tmp_path / "desk.stef"
    main.write_text('ruleset "desk"\ninclude "tenancy.stef"\n')
    result = score_one(TICKETS_Q, GUARDED_SQL, rules=compile_file(main))
    assert (_status(result), result.bonus, result.score) == ("fully_applied", 1, 100)


SHIP_Q = "How many shipments are still pending?"


def test_values_make_a_named_value_a_requirement() -> None:
    body = "values status = pending, shipped, delivered"
    none = _score(SHIP_Q, "SELECT COUNT(*) FROM shipments")
    missing = _score(SHIP_Q, "SELECT COUNT(*) FROM shipments", body)
    right = _score(SHIP_Q, "SELECT COUNT(*) FROM shipments WHERE status = 'pending'", body)
    wrong = _score(SHIP_Q, "SELECT COUNT(*) FROM shipments WHERE status = 'shipped'", body)
    assert none.score == 100  # without R_app nothing says "pending" is a status
    assert missing.score is not None and missing.score < 75
    assert "filter.missing" in [r.code for r in missing.reasons]
    assert right.score is not None and right.score >= 90
    assert wrong.score is not None and wrong.score < 75
    assert "filter.value_mismatch" in [r.code for r in wrong.reasons]


def test_value_words_mean_their_value() -> None:
    body = "values priority = low, normal, high, urgent\nvalue priority urgent = critical"
    q = "How many critical tickets are there?"
    sql = "SELECT COUNT(*) FROM tickets WHERE priority = 'urgent'"
    before, after = _score(q, sql), _score(q, sql, body)
    assert before.score is not None and before.score < 75  # 'urgent' looks like a guess
    assert after.score == 100 and "vocabulary" in after.normalizations
    negated = _score("How many tickets are not critical?", sql, body)
    assert "filter.operator_mismatch" in [r.code for r in negated.reasons]


def test_a_condition_term_is_required_and_a_metric_term_is_not() -> None:
    body = "term \"gold members\" = tier = 'gold'\nterm \"revenue\" = SUM(price * quantity)"
    q = "What is the revenue from gold members?"
    missing = _score(q, "SELECT SUM(price * quantity) FROM orders", body)
    right = _score(q, "SELECT SUM(price * quantity) FROM orders WHERE tier = 'gold'", body)
    assert missing.score is not None and right.score is not None
    # With gamma calibrated, a plain right answer is at least likely_correct (64); whether it
    # is excellent depends on the calibration, not on the term.
    assert missing.score < 60 <= right.score
    assert missing.filter_alignment and missing.filter_alignment.missing == ["tier = 'gold'"]


def test_cue_and_calibration_reach_r_app(tmp_path: Path) -> None:
    (tmp_path / "cal.json").write_text("{}")
    (tmp_path / "r.stef").write_text(
        'ruleset "r"\ncue aggregate "tally" = count\ncalibration "cal.json"\n'
        "score cut.correct = 0.9\n")
    rules = compile_file(tmp_path / "r.stef")
    assert rules.lexicon == {"aggregate": {"tally": "COUNT"}}
    assert rules.calibration == str((tmp_path / "cal.json").resolve())
    assert rules.scoring.verdict_cuts.correct == 0.9
    assert rules.scoring.label_for(0.87) == "likely_correct"
