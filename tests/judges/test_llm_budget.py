"""--max-cost is never exceeded, whatever the concurrency: each call reserves its worst case
first. The fake server reports the prompt tokens a real one would (litellm's count of what it
received), so the figures below are the ones a provider would bill."""

from __future__ import annotations

from typing import Any

import pytest
from llm_fake_server import FakeLlmServer, Reply, verdict_json

from stef_core.engine import Engine, record_from_mapping
from stef_core.models import Result
from stef_core.stats import summarize

pytestmark = pytest.mark.slow

MODEL = "openai/gpt-4o-mini"  # a model litellm prices


def records(n: int) -> list[Any]:
    return [record_from_mapping({"id": f"r{i}", "question": f"How many users are in team {i}?",
                                 "sql": f"SELECT COUNT(*) FROM users WHERE team = {i}"},
                                default_id=str(i)) for i in range(n)]


def billing_server(server: FakeLlmServer, delay: float = 0.2, completion: int = 60) -> list[float]:
    """Make ``server`` answer with honest token counts; returns the list it bills into."""
    import litellm

    billed: list[float] = []

    def answer(body: dict[str, Any]) -> Reply:
        prompt = litellm.token_counter(model=MODEL, messages=body["messages"])
        p_cost, c_cost = litellm.cost_per_token(model=MODEL, prompt_tokens=prompt,
                                                completion_tokens=completion)
        billed.append(p_cost + c_cost)
        return Reply(verdict_json(0.9), delay=delay, prompt_tokens=prompt,
                     completion_tokens=completion)

    server.default = answer
    return billed


def run(judge: Any, items: list[Any]) -> list[Result]:
    return list(Engine(judge=judge).run(items))


def test_max_cost_is_never_exceeded_at_high_concurrency(make_judge, llm_server):
    from stef_judges.llm_prompt import judge_messages

    billed = billing_server(llm_server)
    judge = make_judge(model=MODEL, concurrency=8, no_cache=True)
    engine = Engine(judge=judge)
    request = engine.analyse(records(1)[0])
    assert not isinstance(request, Result)
    worst = judge.client.worst_case_cost(judge_messages(request))
    cap = 3.5 * worst
    judge = make_judge(model=MODEL, concurrency=8, no_cache=True, max_cost=cap)
    rs = run(judge, records(24))

    overall = summarize(rs)["overall"]
    assert sum(billed) <= cap  # what the provider would bill
    assert overall["cost_usd"] == pytest.approx(sum(billed), rel=1e-3)  # what STEF reports
    scored = [r for r in rs if r.status == "scored"]
    capped = [r for r in rs if r.status == "unscored"]
    # Reservations are released down to the real cost: more calls fit than the 3 worst cases
    # that could be in flight at once, and every call made was a scored record.
    assert 4 <= len(scored) == llm_server.calls < 24
    assert all((r.error or "").startswith(f"judge: cost cap reached (--max-cost {cap:g} USD: ")
               and r.error.endswith("the record was not judged") for r in capped)
    assert llm_server.max_in_flight <= 3


def test_a_cap_on_a_model_without_a_price_makes_no_call(make_judge, llm_server):
    rs = run(make_judge(model="openai/fake", max_cost=1, no_cache=True), records(3))
    assert [r.status for r in rs] == ["unscored"] * 3
    assert {r.error for r in rs} == {
        "judge: cost cap: litellm knows no price for 'openai/fake', so --max-cost cannot be "
        "enforced; drop --max-cost (a local server costs nothing) or use a model in litellm's "
        "price map"}
    assert llm_server.calls == 0


def test_a_call_that_timed_out_keeps_its_worst_case_against_the_cap(make_judge, llm_server):
    from stef_judges.llm_prompt import judge_messages

    billing_server(llm_server, delay=0)
    llm_server.queue = [Reply(delay=1.0)]  # the first call times out: it may still be billed
    judge = make_judge(model=MODEL, concurrency=1, no_cache=True, timeout=0.2, retries=0)
    request = Engine(judge=judge).analyse(records(1)[0])
    assert not isinstance(request, Result)
    worst = judge.client.worst_case_cost(judge_messages(request))
    judge = make_judge(model=MODEL, concurrency=1, no_cache=True, timeout=0.2, retries=0,
                       max_cost=1.5 * worst)
    rs = run(judge, records(3))
    assert rs[0].error == "judge: timed out after 0.2 s (after 1 attempt); raise --timeout"
    assert all((r.error or "").startswith("judge: cost cap reached") for r in rs[1:])
    assert llm_server.calls == 1


def test_cached_replies_need_no_room_under_the_cap(make_judge, llm_server, tmp_path):
    billing_server(llm_server, delay=0)
    items = records(3)
    run(make_judge(model=MODEL, cache_dir=str(tmp_path / "c")), items)
    calls = llm_server.calls
    rs = run(make_judge(model=MODEL, cache_dir=str(tmp_path / "c"), max_cost=0), items)
    assert [r.status for r in rs] == ["scored"] * 3
    assert llm_server.calls == calls
