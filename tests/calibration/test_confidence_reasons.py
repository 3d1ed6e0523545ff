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
