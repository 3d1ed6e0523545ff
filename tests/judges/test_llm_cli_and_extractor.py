"""`stef eval --judge llm:...` end to end, the LLM question extractor, and the missing extra."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from llm_fake_server import FakeLlmServer, Reply, verdict_json

pytestmark = pytest.mark.slow


def write_records(path: Path, n: int) -> Path:
    lines = [
        json.dumps({"id": f"q{i}", "agent": "a",
                    "question": f"How many orders did customer {i} place?",
                    "sql": f"SELECT COUNT(*) FROM orders WHERE customer_id = {i}"})
        for i in range(n)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_cli_eval_with_the_llm_judge(llm_server: FakeLlmServer, tmp_path, monkeypatch):
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)  # a local server needs no key
    llm_server.default = Reply(verdict_json(0.95, "correct", "counts the orders"))
    src = write_records(tmp_path / "in.jsonl", 3)
    out = tmp_path / "out.jsonl"
    summary = tmp_path / "summary.json"
    args = ["eval", str(src), "--judge", "llm:openai/fake", "--api-base", llm_server.url,
            "--cache-dir", str(tmp_path / "cache"), "--concurrency", "2", "--timeout", "5",
            "--no-progress", "-o", str(out), "--summary-json", str(summary)]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["status"] for r in rows] == ["scored"] * 3
    assert {r["verdict"]["judge"] for r in rows} == {"llm:openai/fake"}
    assert llm_server.calls == 3
    assert "Bearer no-key" not in json.dumps(llm_server.requests)  # the key is a header, not data
    overall = json.loads(summary.read_text())["overall"]
    assert (overall["judge_calls"], overall["tokens"]) == (3, 3 * 120)
    assert "Judge: 3 calls, 0 records from the cache, 360 tokens" in result.output

    again = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert again.exit_code == 0, again.output
    assert llm_server.calls == 3  # second run: all from the cache
    assert "Judge: 0 calls, 3 records from the cache" in again.output


def test_cli_unscored_records_say_judge(llm_server: FakeLlmServer, tmp_path):
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    llm_server.default = Reply("not json at all")
    src = write_records(tmp_path / "in.jsonl", 1)
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(cli, [
        "eval", str(src), "--judge", "llm:openai/fake", "--api-base", llm_server.url,
        "--no-cache", "--no-progress", "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 1, result.output  # no record scored: the coverage gate
    [row] = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["status"] == "unscored"
    assert row["error"].startswith("judge: malformed model output after one repair attempt")


def test_llm_question_extractor(llm_server: FakeLlmServer, tmp_path):
    from stef_core.engine import Engine, record_from_mapping

    spec = {"aggregations": ["count"], "filters": [
        {"column": "Status", "op": "=", "value": "Active "}], "group_by": [],
        "order": None, "top_k": None, "distinct": False, "projections": []}
    llm_server.default = Reply(json.dumps(spec))
    engine = Engine(judge="offline", question_extractor="llm:openai/fake",
                    judge_options={"api_base": llm_server.url, "api_key": "test",
                                   "cache_dir": str(tmp_path / "c"), "retry_backoff": 0.01})
    try:
        q = engine.question_extractor.extract("How many users are active?", None, engine.rules)
        assert q.aggregations == ("COUNT",)
        assert [(f.column, f.op, f.value, f.source) for f in q.filters] == [
            ("status", "=", "active", "question")]
        assert "active" in q.text  # grounding still comes from the question's words
        body = llm_server.requests[0]
        user = body["messages"][1]["content"]
        assert "<question>\nHow many users are active?\n</question>" in user
        [r] = list(engine.run([record_from_mapping({
            "id": "1", "question": "How many users are active?",
            "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"}, default_id="1")]))
        assert r.status == "scored"
        assert r.filter_alignment is not None and r.filter_alignment.status == "fully_applied"
    finally:
        engine.close()


def test_llm_question_extractor_failure_is_an_unscored_record(llm_server, tmp_path):
    from stef_core.engine import Engine, record_from_mapping

    llm_server.default = Reply(status=400)
    engine = Engine(question_extractor="llm:openai/fake",
                    judge_options={"api_base": llm_server.url, "api_key": "test",
                                   "no_cache": True})
    try:
        [r] = list(engine.run([record_from_mapping(
            {"id": "1", "question": "q?", "sql": "SELECT 1"}, default_id="1")]))
    finally:
        engine.close()
    assert r.status == "unscored"
    assert r.error is not None and r.error.startswith("question: model server answered HTTP 400")


def test_module_imports_without_litellm_and_the_judge_says_what_to_install():
    code = (
        "import sys; sys.modules['litellm'] = None\n"
        "import stef_judges.llm as m\n"
        "from stef_core.contracts import StefError\n"
        "try:\n"
        "    m.LlmJudge(model='openai/x')\n"
        "except StefError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip() == "the llm judge needs the 'llm' extra: pip install 'stef[llm]'"
