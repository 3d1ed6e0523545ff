from stef_core.engine import evaluate


def test_one_record_scores_end_to_end() -> None:
    [r] = evaluate([{"question": "How many users are active?",
                     "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"}])
    assert r.status == "scored"
    assert r.filter_alignment is not None and r.filter_alignment.status == "fully_applied"
    assert r.score == 100.0
