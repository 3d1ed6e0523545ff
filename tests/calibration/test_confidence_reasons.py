"""The offline judge says what took gamma below the ``correct`` cut (issue 20): a record below
the cut with no critical or major finding carries ``confidence.*`` reasons of severity minor,
in plain words; a record above it, or one a strong finding already explains, carries none."""

from __future__ import annotations

import json

import pytest

from stef_core.testing import score_one

CUT = 0.75


def _codes(result: object) -> list[str]:
    return [r.code for r in result.reasons]  # type: ignore[attr-defined]


def test_a_guessed_value_is_named_when_it_takes_gamma_below_the_cut() -> None:
    r = score_one("How many customers are there?",
                  "SELECT COUNT(*) FROM customers c JOIN regions g ON g.id = c.region_id "
                  "WHERE g.name = 'Bavaria' AND c.segment = 'smb'")
    assert r.confidence is not None and r.confidence < CUT
    assert not [x for x in r.reasons if x.severity in ("critical", "major")]
    mine = [x for x in r.reasons if x.code.startswith("confidence.")]
    assert mine and all(x.severity == "minor" for x in mine)
    value = next(x for x in mine if x.code == "confidence.unnamed_value")
    assert "'bavaria'" in value.message and "'smb'" in value.message
    assert value.category == "value"


def test_no_confidence_reason_above_the_cut() -> None:
    r = score_one("How many users are active?",
                  "SELECT COUNT(*) FROM users WHERE status = 'active'")
    assert r.confidence is not None and r.confidence >= CUT
    assert not [c for c in _codes(r) if c.startswith("confidence.")]


def test_a_strong_finding_speaks_for_itself() -> None:
    r = score_one("What is the largest invoice amount?", "SELECT MIN(amount) FROM invoices")
    assert "aggregation.mismatch" in _codes(r)
    assert not [c for c in _codes(r) if c.startswith("confidence.")]


def test_a_one_table_lookup_is_never_called_complex() -> None:
    r = score_one("how many users", "SELECT COUNT(*) FROM t WHERE country = 'Germany'")
    assert "confidence.complexity" not in _codes(r)


@pytest.mark.parametrize(("question", "sql"), [
    ("How many customers are there?",
     "SELECT COUNT(*) FROM customers c JOIN regions g ON g.id = c.region_id "
     "WHERE g.name = 'Bavaria'"),
    ("What are the names of the products sold in the largest store of each region by total "
     "revenue in the last fiscal period?",
     "SELECT p.name FROM a JOIN b ON a.x = b.y JOIN c ON c.z = b.z JOIN d ON d.q = c.q "
     "JOIN e ON e.k = d.k"),
    ("top customer", "SELECT c.first_name, c.last_name, c.city, c.zip, SUM(o.amt) "
     "FROM c JOIN o ON o.cid = c.id GROUP BY 1, 2, 3, 4 ORDER BY 5 DESC LIMIT 1"),
])
def test_every_record_below_the_cut_says_why(question: str, sql: str) -> None:
    r = score_one(question, sql)
    assert r.confidence is not None
    if r.confidence < CUT:
        assert [x for x in r.reasons if x.severity != "info"], r.reasons


def test_the_reasons_are_written_once_in_the_result() -> None:
    r = score_one("How many customers are there?",
                  "SELECT COUNT(*) FROM customers c JOIN regions g ON g.id = c.region_id "
                  "WHERE g.name = 'Bavaria'")
    data = json.loads(r.model_dump_json())
    assert "reasons" not in data["verdict"]
    assert any(x["code"].startswith("confidence.") for x in data["reasons"])


@pytest.mark.parametrize("sql", [
    "SELECT region, SUM(amount) FROM orders GROUP BY region",
    "SELECT g.name, SUM(o.amount) FROM orders o JOIN regions g ON g.id = o.region_id "
    "GROUP BY g.name",
])
def test_a_terse_logged_question_is_said_to_leave_little_to_check(sql: str) -> None:
    # In logged traffic the calibration weighs a question's words and the SQL's filters in
    # its favour (what the question states, the SQL is checked against): a three-word
    # question with no filter falls below the cut for having too little, and the reason
    # must say so, never call a one- or two-table query complex.
    r = score_one("revenue by region", sql, timestamp="2026-03-20T09:00:00Z")
    assert r.confidence is not None and r.confidence < CUT
    codes = _codes(r)
    assert "confidence.little_to_check" in codes and "confidence.complexity" not in codes
    little = next(x for x in r.reasons if x.code == "confidence.little_to_check")
    assert "3 words" in little.message and "no filter" in little.message


def test_complexity_names_only_what_lowered_gamma() -> None:
    # Five tables lower gamma; the one filter (weighed in the SQL's favour) is not named.
    r = score_one("Which instructor has the best average quiz score this year?",
                  "SELECT i.name FROM instructors i JOIN courses c ON c.instructor_id = i.id "
                  "JOIN modules m ON m.course_id = c.id JOIN quizzes q ON q.module_id = m.id "
                  "JOIN attempts a ON a.quiz_id = q.id WHERE a.taken_at >= DATE '2026-01-01' "
                  "GROUP BY i.name ORDER BY AVG(a.score) DESC LIMIT 1",
                  timestamp="2026-03-20T09:00:00Z")
    assert r.confidence is not None and r.confidence < CUT
    complexity = next(x for x in r.reasons if x.code == "confidence.complexity")
    assert "5 tables" in complexity.message and "filter" not in complexity.message
