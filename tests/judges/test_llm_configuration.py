"""Configuration mistakes are said as such, at once, without a call, and never blamed on the
server; where calls go and which key they carry follow docs/judges.md (issue 21, issue 25)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from llm_fake_server import Reply, verdict_json

from stef_core.engine import Engine, record_from_mapping
from stef_core.models import Result

pytestmark = pytest.mark.slow

SECRET = "sk-provider-secret-0123456789"


def records(n: int) -> list[Any]:
    return [
        record_from_mapping(
            {
                "id": f"r{i}",
                "question": f"How many users are in team {i}?",
                "sql": f"SELECT COUNT(*) FROM users WHERE team = {i}",
            },
            default_id=str(i),
        )
        for i in range(n)
    ]


def run(judge: Any, items: list[Any]) -> list[Result]:
    return list(Engine(judge=judge).run(items))


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ("OPENAI_API_KEY", "OPENAI_API_BASE", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


# ---- model names ----------------------------------------------------------------------------


def test_a_model_without_a_provider_on_a_named_server_is_openai_compatible(make_judge, llm_server):
    judge = make_judge(model="fake-model")
    [r] = run(judge, records(1))
    assert r.status == "scored", r.error
    assert r.verdict is not None and r.verdict.judge == "llm:openai/fake-model"
    assert llm_server.requests[0]["model"] == "fake-model"  # the server sees its own name


def test_a_model_litellm_cannot_place_fails_at_once_saying_what_to_write(make_judge, llm_server):
    rs = run(make_judge(model="Qwen/Qwen2.5-7B-Instruct", retries=4), records(3))
    assert [r.status for r in rs] == ["unscored"] * 3
    expected = (
        "judge: configuration: litellm cannot tell which provider serves the model "
        "'Qwen/Qwen2.5-7B-Instruct'; for an OpenAI-compatible server (vLLM, llama.cpp, "
        "Ollama's /v1, a proxy) write llm:openai/Qwen/Qwen2.5-7B-Instruct with "
        "--api-base URL, otherwise llm:<provider>/<model> (e.g. llm:anthropic/<model>)"
    )
    assert {r.error for r in rs} == {expected}
    assert llm_server.calls == 0  # never sent, never retried
    assert all(r.usage is None or r.usage.calls == 0 for r in rs)


def test_the_default_endpoint_without_its_key_fails_at_once(make_judge, clean_env):
    rs = run(make_judge(api_base=None, api_key=None, model="openai/gpt-4o-mini"), records(2))
    assert {r.error for r in rs} == {
        "judge: configuration: the default endpoint of 'openai' needs a key and OPENAI_API_KEY "
        "is not set; set it, or name the variable that holds the key with --api-key-env NAME "
        "(a local server: --api-base URL)"
    }


def test_a_bad_request_from_the_server_is_not_retried(make_judge, llm_server):
    llm_server.default = Reply(status=400)
    [r] = run(make_judge(retries=4), records(1))
    assert llm_server.calls == 1
    assert r.error is not None and r.error.startswith("judge: model server answered HTTP 400")


# ---- where calls go, with which key (issue 21) ----------------------------------------------


@pytest.mark.parametrize("variable", ["OPENAI_BASE_URL", "OPENAI_API_BASE"])
def test_a_base_url_from_the_environment_gets_no_provider_key(
    make_judge, llm_server, clean_env, variable
):
    clean_env.setenv("OPENAI_API_KEY", SECRET)
    clean_env.setenv(variable, llm_server.url)
    judge = make_judge(api_base=None, api_key=None)
    assert judge.config.server == f"{llm_server.url} (from {variable})"
    [r] = run(judge, records(1))
    assert r.status == "scored", r.error
    assert llm_server.headers[0].get("authorization") == "Bearer no-key"
    assert SECRET not in repr(llm_server.headers)
    # said on purpose, it goes
    run(
        make_judge(api_base=None, api_key=None, api_key_env="OPENAI_API_KEY", no_cache=True),
        records(1),
    )
    assert llm_server.headers[-1].get("authorization") == f"Bearer {SECRET}"


def test_an_authentication_error_names_where_the_server_came_from(
    make_judge, llm_server, clean_env
):
    clean_env.setenv("OPENAI_BASE_URL", llm_server.url)
    llm_server.default = Reply(status=401)
    [r] = run(make_judge(api_base=None, api_key=None), records(1))
    assert r.error == (
        "judge: authentication failed (HTTP 401): check the API key; a server "
        "named by OPENAI_BASE_URL gets no key unless --api-key-env NAME names "
        "the variable that holds it"
    )


# ---- the reply's fields ---------------------------------------------------------------------


def test_a_label_field_gets_the_repair_turn_that_names_the_field(make_judge, llm_server):
    llm_server.queue = [
        Reply(json.dumps({"p_correct": 0.95, "label": "incorrect"})),
        Reply(verdict_json(0.2, "incorrect")),
    ]
    [r] = run(make_judge(), records(1))
    assert r.status == "scored" and r.verdict is not None
    assert r.verdict.confidence == 0.2  # not the 0.95 a silently dropped label would have kept
    repair = llm_server.requests[1]["messages"][-1]["content"]
    assert "named 'verdict', not 'label'" in repair


def test_a_boolean_probability_is_not_one(make_judge, llm_server):
    llm_server.default = Reply(json.dumps({"p_correct": True}))
    [r] = run(make_judge(), records(1))
    assert r.status == "unscored"
    assert r.error == (
        "judge: malformed model output after one repair attempt: p_correct: "
        "p_correct must be a number from 0 to 1, not true"
    )


# ---- the local-model recipes of docs/judges.md -------------------------------------------------


@pytest.mark.parametrize(
    "judge, served",
    [
        ("llm:openai/Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-7B-Instruct"),  # vLLM
        ("llm:openai/local", "local"),  # llama.cpp's llama-server
        ("llm:qwen2.5:7b", "qwen2.5:7b"),  # Ollama's /v1, the model as `ollama list` names it
        ("cascade:llm:qwen2.5:7b", "qwen2.5:7b"),  # the same model behind the cascade
    ],
)
def test_local_server_recipes_need_no_key(llm_server, clean_env, tmp_path, judge, served):
    from click.testing import CliRunner

    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    src = tmp_path / "in.jsonl"
    src.write_text(
        json.dumps(
            {
                "id": "1",
                "question": "How many users are active?",
                "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'",
            }
        )
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli,
        [
            "eval",
            str(src),
            "--judge",
            judge,
            "--api-base",
            llm_server.url,
            "--concurrency",
            "4",
            "--timeout",
            "30",
            "--no-cache",
            "--no-progress",
            "-o",
            str(out),
            # the cascade asks about every record here, so the recipe's call is made
            *(["--escalate", "0,1"] if judge.startswith("cascade:") else []),
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    [row] = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["status"] == "scored" and row["verdict"]["judge"].startswith("llm:openai/")
    assert [r["model"] for r in llm_server.requests] == [served]
    assert llm_server.headers[0].get("authorization") == "Bearer no-key"


def test_a_vllm_model_name_without_openai_says_what_to_write(make_judge, llm_server):
    [r] = run(make_judge(model="Qwen/Qwen2.5-7B-Instruct"), records(1))
    assert r.error is not None and "write llm:openai/Qwen/Qwen2.5-7B-Instruct" in r.error
    assert llm_server.calls == 0
