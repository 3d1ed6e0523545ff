"""Logged traffic is its own context of the offline judge's evidence (stef_judges.evidence):
a record with a timestamp gets the ``/logged`` features and ``context:logged``, the shipped
model weighs them from the production corpus, and a fit can add that context on top of a model
without moving the rest (``fit_logistic(fixed=...)``, ``calibrate.py --base``)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_judges.evidence import CONTEXT_LOGGED, LOGGED, base_feature, features
from stef_judges.offline import OfflineJudge, _weak, shipped_calibration

from stef_core.calibration import Calibration, Example, fit_logistic
from stef_core.contracts import JudgeRequest
from stef_core.engine import Engine
from stef_core.models import Reason, Record

Q = "How many tickets were opened by customers in France?"
SQL = ("SELECT COUNT(*) FROM tickets t JOIN customers c ON t.customer_id = c.id "
       "WHERE c.country = 'France' AND t.status <> 'spam'")


def request(timestamp: str | None) -> JudgeRequest:
    req = Engine().analyse(Record(id="1", question=Q, sql=SQL, timestamp=timestamp))
    assert isinstance(req, JudgeRequest)
    return req


def test_a_timestamped_record_is_read_in_the_logged_context() -> None:
    bench, logged = features(request(None)), features(request("2026-11-03T08:45:00Z"))
    assert CONTEXT_LOGGED not in bench and not any(k.endswith(LOGGED) for k in bench)
    assert logged[CONTEXT_LOGGED] == 1.0
    # every size and reach feature moves to the context; severity counts are kept and twinned
    for key, value in bench.items():
        if key.startswith("finding:"):
            assert logged[key] == value
        elif key.startswith("findings@"):
            assert logged[key] == logged[key + LOGGED] == value
        else:
            assert key not in logged and logged[key + LOGGED] == value
    assert {base_feature(k) for k in logged if k != CONTEXT_LOGGED} == set(bench)


def test_the_shipped_model_weighs_the_logged_context() -> None:
    cal = shipped_calibration()
    assert CONTEXT_LOGGED in cal.weights
    assert all(cal.weight(k) <= 0 for k in cal.weights
               if k.endswith(LOGGED) and k.startswith(("risk:", "findings@")))
    judge = OfflineJudge()
    # the same record in either context gets a probability, and they differ: the contexts are
    # weighed apart (on logged traffic the size of a query predicts little)
    a = judge.judge(request(None)).confidence
    b = judge.judge(request("2026-11-03T08:45:00Z")).confidence
    assert 0 < a < 1 and 0 < b < 1 and a != b


def test_weak_findings_stay_weak_in_the_logged_context() -> None:
    assert _weak("findings@info" + LOGGED) and _weak("findings@minor" + LOGGED)
    assert not _weak("findings@major" + LOGGED) and not _weak("shape:tables" + LOGGED)
    # a minor finding on a logged record never takes it below the correct cut on its own
    req = request("2026-11-03T08:45:00Z")
    judge = OfflineJudge()
    plain = judge.judge(req).confidence
    minor = Reason(code="groupby.extra", message="m", severity="minor")
    weaker = judge.judge(replace(req, alignment=replace(
        req.alignment, reasons=(*req.alignment.reasons, minor)))).confidence
    cut = req.rules.scoring.verdict_cuts.correct
    assert weaker <= plain
    if plain >= cut:
        assert weaker >= cut


def test_a_fixed_model_keeps_its_weights_and_the_rest_is_fitted() -> None:
    base = Calibration(name="b", evidence="e", intercept=1.5, weights={"shape:tables": -0.4})
    data = ([Example({"shape:tables": 1.0, "context:logged": 1.0}, 1)] * 3
            + [Example({"shape:tables": 1.0, "context:logged": 1.0}, 0)] * 3
            + [Example({"shape:tables": 2.0}, 1)] * 5 + [Example({"shape:tables": 2.0}, 0)])
    b, w = fit_logistic(data, l2=0.0, fixed=base)
    assert b == 1.5 and w["shape:tables"] == -0.4
    # P = 1/2 where the context fires: 1.5 - 0.4 + w = 0
    assert abs(w["context:logged"] + 1.1) < 1e-4


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 3), st.booleans(), st.integers(0, 1)), min_size=2,
                max_size=30),
       st.floats(-3, 3), st.floats(-2, 0))
def test_fixed_weights_are_never_moved(rows: list[tuple[float, bool, int]], b0: float,
                                       w0: float) -> None:
    base = Calibration(name="b", evidence="e", intercept=b0, weights={"risk:x": w0})
    data = [Example({"risk:x": x, **({"context:logged": 1.0} if ctx else {})}, y)
            for x, ctx, y in rows]
    b, w = fit_logistic(data, nonpositive=("risk:",), fixed=base)
    assert b == b0 and w["risk:x"] == w0
