"""Fixtures of the LLM judge's tests: a fake OpenAI-compatible server and a judge factory."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from llm_fake_server import FakeLlmServer

pytest.importorskip("litellm")  # the `test` extra installs it; without it these tests skip


@pytest.fixture(scope="session")
def _server() -> Iterator[FakeLlmServer]:
    server = FakeLlmServer()
    yield server
    server.close()


@pytest.fixture
def llm_server(_server: FakeLlmServer, monkeypatch: pytest.MonkeyPatch) -> FakeLlmServer:
    """The shared fake server, reset for this test; no proxy may intercept loopback calls."""
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    _server.reset()
    return _server


@pytest.fixture
def make_judge(llm_server: FakeLlmServer, tmp_path: Any) -> Iterator[Callable[..., Any]]:
    """Build an LlmJudge against the fake server (fast retries, a fresh cache folder).

    The timeout is generous: on a loaded machine (CI on 2 shared cores) a first call that
    imports the client can take seconds, and a retry would break the tests that count calls.
    Tests of timeouts set their own."""
    from stef_judges.llm import LlmJudge

    made: list[Any] = []

    def make(**options: Any) -> Any:
        opts: dict[str, Any] = {
            "model": "openai/fake",
            "api_base": llm_server.url,
            "api_key": "test",
            "cache_dir": str(tmp_path / "cache"),
            "retries": 2,
            "retry_backoff": 0.01,
            "timeout": 60,
        }
        opts.update(options)
        judge = LlmJudge(**opts)
        made.append(judge)
        return judge

    yield make
    for judge in made:
        judge.close()
