"""The other answers to the same question in a run (stef_core.peers): an answer that parts
from what two or more others agree on (a table, a date column, an output column) says so, in
the judge's request and, when it takes gamma below the cut, in a ``confidence.other_answers``
reason; how the SQL is spelled never counts."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from stef_core.engine import Engine
from stef_core.models import Record
from stef_core.peers import (
    MOST_ODD,
    Disagreement,
    answer_parts,
    disagreement,
    odd_answers,
    odd_kinds,
    question_key,
)
from stef_core.run import RunProfile
from stef_core.spec import SqlSpec

CASES = yaml.safe_load((Path(__file__).parent / "peers.yml").read_text(encoding="utf-8"))
STAMP = "2025-05-02T10:00:00Z"


def _records(case: dict) -> list[Record]:
    # a record may carry its own timestamp: the versions answered on different days
    return [Record(**{"timestamp": STAMP, **r}) for r in case["records"]]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_peers_cases(case: dict) -> None:
    records = _records(case)
    engine = Engine()
    engine.learn(records)
    for rec in records:
        req = engine.analyse(rec)
        assert not hasattr(req, "status"), req
        found = sorted(f"{d.kind} {'unique' if d.unique else 'lacking'}"
                       for d in req.disagreement  # type: ignore[union-attr]
                       if not d.weak)
        assert sorted(set(found)) == sorted(case["expect"][rec.id]), (rec.id, found)
        if rec.id in case.get("weak", {}):  # the readings weighed apart (risk:peers_weak)
            weak = {f"{d.kind} {'unique' if d.unique else 'lacking'}"
                    for d in req.disagreement if d.weak}  # type: ignore[union-attr]
            assert sorted(weak) == sorted(case["weak"][rec.id]), (rec.id, weak)
        if rec.id in case.get("odd", {}):  # how many of the others part from the rest
            assert req.odd_peers == case["odd"][rec.id], rec.id  # type: ignore[union-attr]


def test_the_odd_answer_carries_a_reason_in_words_and_a_lower_gamma() -> None:
    case = CASES[0]
    results = {r.id: r for r in Engine().run(_records(case))}
    assert results["c"].confidence < results["a"].confidence  # type: ignore[operator]
    assert results["a"].confidence == results["b"].confidence
    assert not [x for x in results["a"].reasons if x.code == "confidence.other_answers"]
    if results["c"].confidence < 0.75:  # type: ignore[operator]
        [why] = [x for x in results["c"].reasons if x.code == "confidence.other_answers"]
        assert "'payments'" in why.message and "other 2 answers" in why.message
        assert why.severity == "minor"


def test_a_benchmark_record_without_a_timestamp_is_not_compared() -> None:
    # The benchmark context is held as fitted on the public files (stef_judges.evidence).
    case = CASES[0]
    plain = [r.model_copy(update={"timestamp": None}) for r in _records(case)]
    results = {r.id: r for r in Engine().run(plain)}
    assert results["c"].confidence == results["a"].confidence


def test_the_profile_carries_the_answers_through_json() -> None:
    profile = RunProfile(answers=(("revenue", "a", frozenset({"table:invoices"})),
                                  ("revenue", "b", frozenset({"table:payments"}))))
    again = RunProfile.from_json(profile.to_json())
    assert again == profile
    assert again.peers("revenue", "a") == [frozenset({"table:payments"})]
    assert again.peers("other", "a") == []


def test_the_parts_are_read_only_where_a_record_has_enough_peers() -> None:
    # A record is compared only with MIN_PEERS other answers or more: learning leaves the
    # parts of a question fewer records ask empty (never read), and a late record asking it
    # again is told how many others there are, as before.
    case = CASES[0]
    records = _records(case)
    alone = Record(id="z", question="a question asked once", sql="SELECT x FROM t",
                   timestamp=STAMP)
    engine = Engine()
    profile = engine.learn([*records, alone])
    parts = {rid: p for _, rid, p in profile.answers}
    assert parts["z"] == frozenset()
    assert all(parts[r.id] for r in records)
    late = engine.analyse(alone.model_copy(update={"id": "z2"}))
    assert late.peers == 1 and late.disagreement == ()  # type: ignore[union-attr]


_PARTS = st.frozensets(st.sampled_from(
    ["table:a", "table:b", "period:d", "period:e", "output:x", "output:y", "reads:x"]),
    max_size=7)


@given(_PARTS, st.lists(_PARTS, max_size=5))
def test_disagreement_needs_two_peers_and_agrees_with_agreeing_peers(
        mine: frozenset[str], peers: list[frozenset[str]]) -> None:
    found = [d for d in disagreement(mine, peers) if not d.weak]
    if len(peers) < 2:
        assert found == []
    if peers and all(p == mine for p in peers):
        assert found == []
    for d in found:
        part = f"{d.kind}:{d.name}"
        if d.unique:
            assert part in mine and not any(part in p for p in peers)
            assert d.kind != "output"  # a column shown by one answer alone may support it
        else:
            assert part not in mine and all(part in p for p in peers)
        # a table or date column of its own only in place of one the others agree on, a
        # table left out only with one of its own instead, a column read elsewhere is no lack
        if d.kind in ("table", "period") and d.unique:
            assert any(e.kind == d.kind and not e.unique for e in found)
        if d.kind == "table" and not d.unique:
            assert any(e.kind == "table" and e.unique for e in found)
        if d.kind == "output":
            assert f"reads:{d.name}" not in mine
    assert odd_kinds(found) <= 6


_EXTRACT = Engine().sql_extractor.extract


@settings(deadline=None)
@given(st.sampled_from(["SELECT", "select", "Select"]), st.sampled_from(["", " AS t"]),
       st.sampled_from([" ", "\n  "]))
def test_the_parts_ignore_typography(kw: str, alias: str, space: str) -> None:
    base = _EXTRACT("SELECT SUM(net_amt) FROM invoices WHERE issued_at >= '2025-04-01'", None)
    sql = (f"{kw}{space}SUM(net_amt) FROM invoices{alias}{space}WHERE issued_at >= "
           "'2025-04-01'")
    assert answer_parts(_EXTRACT(sql, None)) == answer_parts(base)


def test_questions_are_compared_with_case_and_spacing_folded() -> None:
    assert question_key(" Revenue\tLAST month ") == question_key("revenue last month")
    assert question_key("revenue last month") != question_key("revenue this month")


def test_a_disagreement_says_what_it_is() -> None:
    assert "other 3 answers read the table 'x'" in Disagreement("table", "x", False, 3).describe()
    assert "none of the other 2" in Disagreement("period", "d", True, 2).describe()
    assert answer_parts(SqlSpec()) == frozenset()


def test_the_odd_answers_are_counted_among_a_few_answers_only() -> None:
    # quadratic in the answers to one question: a question asked hundreds of times says 0
    swap = frozenset({"table:payments"})
    usual = frozenset({"table:invoices"})
    assert odd_answers(usual, [usual, swap]) == 1
    assert odd_answers(usual, [usual] * (MOST_ODD - 1) + [swap]) == 1
    assert odd_answers(usual, [usual] * MOST_ODD + [swap]) == 0
    assert odd_answers(swap, [usual, usual]) == 0


def test_a_period_started_elsewhere_says_so_in_words() -> None:
    assert Disagreement("range", "refunded_at", False, 2).describe() == (
        "the other 2 answers agree on the period of 'refunded_at', this one starts it elsewhere")


def test_the_period_is_read_against_each_answers_own_date() -> None:
    # the same calendar month written on two days, and 30 days back from a month's last day
    sql = ("SELECT COUNT(*) FROM refunds WHERE refunded_at >= '2025-04-01' "
           "AND refunded_at < '2025-05-01'")
    april = answer_parts(_EXTRACT(sql, None), date(2025, 5, 2))
    may = answer_parts(_EXTRACT("SELECT COUNT(*) FROM refunds WHERE refunded_at >= '2025-05-01' "
                                "AND refunded_at < '2025-06-01'", None), date(2025, 6, 20))
    rolling = answer_parts(_EXTRACT("SELECT COUNT(*) FROM refunds WHERE refunded_at >= "
                                    "CURRENT_DATE - 30", None), date(2025, 5, 31))
    assert [d.kind for d in disagreement(rolling, [april, may])] == ["range"]
    assert disagreement(april, [may, may]) == []
    # without a date to read it against, no period is compared
    assert not [p for p in answer_parts(_EXTRACT(sql, None)) if p.startswith("range:")]
