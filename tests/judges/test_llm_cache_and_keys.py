"""The judge's cache holds everything that can change a verdict and is private to its user; API
keys go only where the user says."""

from __future__ import annotations

import os
import stat
from typing import Any

import pytest
from click.testing import CliRunner
from llm_fake_server import FakeLlmServer

from stef_core.contracts import StefError
from stef_core.engine import Engine, record_from_mapping
from stef_core.models import Result, Ruleset

pytestmark = pytest.mark.slow

SECRET = "sk-provider-secret-0123456789"


def item(sql: str = "SELECT name FROM people WHERE name = 'Ann  Lee'") -> Any:
    return record_from_mapping({"id": "r", "question": "Which person is called 'Ann  Lee'?",
                                "sql": sql}, default_id="r")


def run(judge: Any, items: list[Any], rules: Ruleset | None = None) -> list[Result]:
    return list(Engine(rules, judge=judge).run(items))


def mode(path: Any) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


# ---- the cache key ------------------------------------------------------------------------


def test_another_api_base_is_not_served_from_the_first_ones_cache(make_judge, llm_server,
                                                                  tmp_path):
    cache = str(tmp_path / "c")
    run(make_judge(cache_dir=cache), [item()])
    other = FakeLlmServer()
    try:
        [r] = run(make_judge(cache_dir=cache, api_base=other.url), [item()])
        assert r.status == "scored"
        assert other.calls == 1  # its own verdict, not the first server's
    finally:
        other.close()
    run(make_judge(cache_dir=cache, api_base=llm_server.url + "/"), [item()])
    assert llm_server.calls == 1  # the same server with a trailing slash: a hit


def test_whitespace_inside_a_string_literal_is_not_folded(make_judge, llm_server, tmp_path):
    cache = str(tmp_path / "c")
    run(make_judge(cache_dir=cache), [item("SELECT name FROM people WHERE name = 'Ann  Lee'")])
    run(make_judge(cache_dir=cache), [item("SELECT name FROM people WHERE name = 'Ann Lee'")])
    assert llm_server.calls == 2
    run(make_judge(cache_dir=cache), [item("SELECT name FROM people WHERE name = 'Ann Lee'")])
    assert llm_server.calls == 2  # the very same texts hit


def test_another_ruleset_or_model_is_a_miss(make_judge, llm_server, tmp_path):
    cache = str(tmp_path / "c")
    run(make_judge(cache_dir=cache), [item()])
    run(make_judge(cache_dir=cache), [item()], Ruleset(limit_guard=500))
    assert llm_server.calls == 2
    run(make_judge(cache_dir=cache, model="openai/other"), [item()])
    assert llm_server.calls == 3


# ---- a private cache ----------------------------------------------------------------------


def test_the_cache_is_created_private(make_judge, llm_server, tmp_path):
    folder = tmp_path / "new" / "cache"
    old = os.umask(0o022)
    try:
        run(make_judge(cache_dir=str(folder)), [item()])
    finally:
        os.umask(old)
    assert mode(folder) == 0o700
    files = sorted(folder.iterdir())
    assert files and all(mode(f) == 0o600 for f in files)


def test_an_existing_readable_cache_is_made_private(make_judge, llm_server, tmp_path):
    from stef_judges.llm_cache import FILE_NAME

    folder = tmp_path / "cache"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    (folder / FILE_NAME).touch()
    (folder / FILE_NAME).chmod(0o644)
    run(make_judge(cache_dir=str(folder)), [item()])
    assert mode(folder) == 0o700
    assert mode(folder / FILE_NAME) == 0o600


def test_a_shared_folder_keeps_its_mode_and_the_file_is_private(make_judge, llm_server,
                                                                tmp_path):
    from stef_judges.llm_cache import FILE_NAME

    folder = tmp_path / "project"
    folder.mkdir()
    folder.chmod(0o755)
    (folder / "notes.txt").write_text("mine")
    run(make_judge(cache_dir=str(folder)), [item()])
    assert mode(folder) == 0o755  # not ours to change
    assert mode(folder / FILE_NAME) == 0o600


# ---- API keys -----------------------------------------------------------------------------


def test_a_providers_key_is_not_sent_to_a_custom_api_base(make_judge, llm_server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    run(make_judge(api_key=None), [item()])
    [headers] = llm_server.headers
    assert headers.get("authorization") == "Bearer no-key"
    assert SECRET not in repr(llm_server.headers)


def test_the_key_named_by_api_key_env_is_sent(make_judge, llm_server, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.setenv("MY_SERVER_KEY", "local-key-42")
    run(make_judge(api_key=None, api_key_env="MY_SERVER_KEY"), [item()])
    assert llm_server.headers[0].get("authorization") == "Bearer local-key-42"


def test_api_key_env_errors_never_echo_a_key(make_judge, monkeypatch):
    monkeypatch.delenv("MISSING_KEY_VAR", raising=False)
    with pytest.raises(StefError) as missing:
        make_judge(api_key=None, api_key_env="MISSING_KEY_VAR")
    assert str(missing.value) == ("llm judge: --api-key-env MISSING_KEY_VAR: the environment "
                                  "variable MISSING_KEY_VAR is not set or is empty")
    with pytest.raises(StefError) as pasted:
        make_judge(api_key=None, api_key_env=SECRET)
    assert SECRET not in str(pasted.value)
    assert "takes the name of an environment variable" in str(pasted.value)
    with pytest.raises(StefError) as hex_key:  # looks like a name, but not a conventional one
        make_judge(api_key=None, api_key_env="a1b2c3d4e5f60718")
    assert "a1b2c3d4e5f60718" not in str(hex_key.value)


def test_the_default_endpoint_is_left_to_the_providers_own_key(make_judge):
    # No --api-base: no key is set by STEF, so litellm reads the provider's variable
    # (OPENAI_API_KEY for openai/...) for the provider's own endpoint only.
    judge = make_judge(api_base=None, api_key=None)
    kwargs = judge.client._request([{"role": "user", "content": "x"}], 0.0)
    assert "api_key" not in kwargs and "api_base" not in kwargs


def test_cli_api_key_env(llm_server: FakeLlmServer, tmp_path, monkeypatch):
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    src = tmp_path / "in.jsonl"
    src.write_text('{"id": "1", "question": "How many users?", "sql": "SELECT COUNT(*) FROM '
                   'users"}\n', encoding="utf-8")
    args = ["eval", str(src), "--judge", "llm:openai/fake", "--api-base", llm_server.url,
            "--no-cache", "--no-progress", "-o", str(tmp_path / "out.jsonl")]
    monkeypatch.setenv("TEAM_LLM_KEY", "team-key-7")
    ok = CliRunner().invoke(cli, [*args, "--api-key-env", "TEAM_LLM_KEY"])
    assert ok.exit_code == 0, ok.output
    assert llm_server.headers[-1].get("authorization") == "Bearer team-key-7"
    monkeypatch.delenv("TEAM_LLM_KEY")
    bad = CliRunner().invoke(cli, [*args, "--api-key-env", "TEAM_LLM_KEY"])
    assert bad.exit_code == 2
    assert "stef: error: llm judge: --api-key-env TEAM_LLM_KEY: the environment variable " \
           "TEAM_LLM_KEY is not set or is empty" in bad.output


def test_a_request_made_again_while_its_call_is_in_flight_waits_for_that_reply(
        make_judge, llm_server, tmp_path):
    """The engine starts a batch's calls while the previous batch's are out: a record that
    repeats one in flight is answered by that call's reply, as the cache would answer it once
    the reply is in, not by a second call. A failed first call leaves the others to call."""
    from llm_fake_server import Reply

    llm_server.default = Reply(delay=0.3)
    records = [record_from_mapping({"id": f"r{i}", "question": "How many people are there?",
                                    "sql": "SELECT COUNT(*) FROM people"}, default_id="r")
               for i in range(3)]
    results = list(Engine(judge=make_judge(), batch_size=1).run(records))
    assert llm_server.calls == 1
    assert [r.status for r in results] == ["scored"] * 3
    assert [r.verdict.usage.cached for r in results] == [False, True, True]
    assert len({(r.score, r.confidence, r.verdict.rationale) for r in results}) == 1

    llm_server.reset()
    llm_server.queue = [Reply(status=500, delay=0.2)]  # the first call fails (no retry)
    llm_server.default = Reply(delay=0.2)
    results = list(Engine(judge=make_judge(cache_dir=str(tmp_path / "c2"), retries=0),
                          batch_size=1).run(records))
    assert results[0].status == "unscored"
    assert [r.status for r in results[1:]] == ["scored", "scored"]
    assert llm_server.calls == 2  # the second record called for itself, the third waited
