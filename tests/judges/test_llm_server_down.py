"""A model server that cannot be reached: said as such, and detected once for the whole run (a
circuit breaker), not paid for with retries on every record."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from llm_fake_server import FakeLlmServer, Reply

from stef_core.engine import Engine, record_from_mapping
from stef_core.models import Result
from stef_core.stats import summarize

pytestmark = pytest.mark.slow


def records(n: int) -> list[Any]:
    return [record_from_mapping({"id": f"r{i}", "question": f"How many users are in team {i}?",
                                 "sql": f"SELECT COUNT(*) FROM users WHERE team = {i}"},
                                default_id=str(i)) for i in range(n)]


def run(judge: Any, items: list[Any]) -> list[Result]:
    return list(Engine(judge=judge).run(items))


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port nothing listens on: connecting to it is refused.

    The port stays bound (without listening) for the test: a released port could be handed
    out again as the source port of the very connection to it, which then connects to itself.
    """
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield int(sock.getsockname()[1])


def test_refused_connection_is_said_and_stops_calls_for_the_rest(make_judge, closed_port):
    url = f"http://127.0.0.1:{closed_port}/v1"
    judge = make_judge(api_base=url, retries=4, retry_backoff=0.05, concurrency=2,
                       breaker_cooldown=600, no_cache=True)
    rs = run(judge, records(12))
    assert all(r.status == "unscored" for r in rs)
    errors = [r.error or "" for r in rs]
    assert not any("HTTP 500" in e for e in errors)
    tried = [e for e in errors if "cannot reach the model server" in e]
    assert tried and all(e.startswith(
        f"judge: cannot reach the model server: connection refused ({url}; after ")
        for e in tried), errors
    # once 5 calls in a row were refused, the other records fail at once, without a call
    skipped = [r for r in rs if "record not sent" in (r.error or "")]
    assert len(skipped) >= 10
    # A call already in flight when the breaker opened may fail after it: 5 or more in a row.
    sent = re.compile(
        r"judge: model server unreachable, record not sent: (\d+) calls in a row failed \(last: "
        + re.escape(f"connection refused ({url})); is the server running? STEF tries again "
                    "every 600 s") + "$")
    assert all((m := sent.match(r.error or "")) and int(m.group(1)) >= 5 for r in skipped), errors
    assert all(r.usage is None or r.usage.calls == 0 for r in skipped), [r.usage for r in rs]
    attempts = summarize(rs)["overall"]["judge_calls"]
    assert 5 <= attempts <= 5 + 2  # the threshold, plus at most one attempt per call in flight


def test_timeouts_across_records_open_the_breaker(make_judge, llm_server: FakeLlmServer):
    llm_server.default = Reply(delay=1.0)
    judge = make_judge(timeout=0.2, retries=0, concurrency=1, breaker_threshold=3,
                       breaker_cooldown=600, no_cache=True)
    rs = run(judge, records(6))
    assert [r.status for r in rs] == ["unscored"] * 6
    assert [r.error for r in rs[:3]] == [
        "judge: timed out after 0.2 s (after 1 attempt); raise --timeout"] * 3
    assert all((r.error or "").startswith(
        "judge: model server unreachable, record not sent: 3 calls in a row failed (last: "
        f"timed out ({llm_server.url}))") for r in rs[3:])
    assert llm_server.calls == 3


def test_the_breaker_lets_a_probe_through_after_its_cooldown(make_judge, llm_server):
    llm_server.queue = [Reply(delay=1.0)] * 2
    judge = make_judge(timeout=0.2, retries=0, concurrency=1, breaker_threshold=2,
                       breaker_cooldown=0.5, no_cache=True)
    first = run(judge, records(4))
    assert [r.status for r in first] == ["unscored"] * 4
    assert "record not sent" in (first[3].error or "")
    calls = llm_server.calls
    time.sleep(0.6)  # the cooldown passes: the next call is a probe, and the server is back
    second = run(judge, records(3))
    assert [r.status for r in second] == ["scored"] * 3
    assert llm_server.calls == calls + 3


def test_answers_with_errors_do_not_open_the_breaker(make_judge, llm_server):
    # The server answers (HTTP 500): it is up, so each record gets its own retries.
    llm_server.default = Reply(status=500)
    rs = run(make_judge(retries=1, breaker_threshold=2, no_cache=True), records(4))
    assert all("model server answered HTTP 500 after 2 attempts" in (r.error or "") for r in rs)
    assert llm_server.calls == 8


@pytest.mark.parametrize("cause, said", [
    (ConnectionRefusedError(111, "Connect call failed"), "connection refused"),
    (socket.gaierror(-2, "Name or service not known"), "host name not found (DNS)"),
    (TimeoutError(), "timed out"),
])
def test_how_a_server_could_not_be_reached_is_read_from_the_cause_chain(cause, said):
    from stef_judges.llm_breaker import unreachable as _unreachable

    # litellm's shape: InternalServerError (status 500) <- APIConnectionError <- ... <- cause
    class APIConnectionError(Exception):
        pass

    inner = APIConnectionError("Connection error.")
    inner.__cause__ = cause
    outer = RuntimeError("litellm.InternalServerError: Connection error.")
    outer.__cause__ = inner
    assert _unreachable(outer) == said
    assert _unreachable(RuntimeError("HTTP 500")) is None
