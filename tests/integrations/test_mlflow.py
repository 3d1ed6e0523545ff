"""STEF in MLflow, against a local tracking store the test creates (a SQLite file): the scorer in
``mlflow.genai.evaluate`` and ``stef export mlflow`` onto existing traces. No server, no
network (MLflow's telemetry is off)."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Before MLflow is imported: no telemetry, traces written at once (not from a queue).
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
os.environ.setdefault("DO_NOT_TRACK", "true")
os.environ["MLFLOW_ENABLE_ASYNC_TRACE_LOGGING"] = "false"

mlflow = pytest.importorskip("mlflow")
pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")
pytest.importorskip("pandas")

from click.testing import CliRunner  # noqa: E402

from stef_core.engine import evaluate  # noqa: E402
from stef_core.integrations.mlflow import GAMMA, SCORE, stef_scorer  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RIGHT = "SELECT COUNT(*) FROM users WHERE status = 'active'"
ROWS: list[dict[str, Any]] = [
    {"inputs": {"question": "How many users are active?"}, "outputs": RIGHT},
    {"inputs": {"question": "How many tickets were opened in France?",
                "reformulation": "Count the tickets whose customer country is 'France'"},
     "outputs": {"sql": "SELECT COUNT(*) FROM tickets WHERE country = 'Germany'"}},
    {"inputs": {"question": "List all tickets with priority 'urgent'"},
     "outputs": "SELECT id FROM tickets WHERE priority = 'urgent' LIMIT 10"},
    {"inputs": "What is the average price?", "outputs": "SELEC nothing"},
]


def _records() -> list[dict[str, Any]]:
    out = []
    for row in ROWS:
        inputs, outputs = row["inputs"], row["outputs"]
        rec = {"question": inputs if isinstance(inputs, str) else inputs["question"],
               "sql": outputs if isinstance(outputs, str) else outputs["sql"]}
        if isinstance(inputs, dict) and "reformulation" in inputs:
            rec["enriched_question"] = inputs["reformulation"]
        out.append(rec)
    return out


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A tracking store in a SQLite file of the test's own."""
    uri = f"sqlite:///{tmp_path_factory.mktemp('mlflow') / 'mlflow.db'}"
    before = mlflow.get_tracking_uri()
    mlflow.set_tracking_uri(uri)
    yield uri
    mlflow.set_tracking_uri(before)


def test_the_scorer_returns_score_and_gamma_feedback() -> None:
    scorer = stef_scorer()
    want = evaluate(_records())
    for row, result in zip(ROWS, want):
        score, gamma = scorer(inputs=row["inputs"], outputs=row["outputs"])
        assert (score.name, gamma.name) == (SCORE, GAMMA)
        assert score.source.source_type == "CODE" and score.source.source_id == "stef"
        if result.status == "scored":
            assert score.value == result.score and gamma.value == result.confidence
            assert score.metadata["band"] == result.band
            assert score.metadata["gamma"] == f"{result.confidence:.4f}"
            assert score.metadata["verdict"] == result.verdict.label
            codes = score.metadata["reason_codes"].split(",") if result.reasons else []
            assert sorted(codes) == sorted({r.code for r in result.reasons})
            assert score.rationale
        else:  # SQL that does not parse: an error that says why, no exception
            assert score.value is None and score.error.error_code == "STEF_UNSCORED"
            assert score.error.error_message.startswith("sql:")
    # 'France' asked, 'Germany' queried: the reason is in the metadata, most severe first
    second, _ = scorer(inputs=ROWS[1]["inputs"], outputs=ROWS[1]["outputs"])
    assert second.metadata["reason_codes"].startswith("filter.value_mismatch")
    assert second.metadata["band"] == "poor"


def test_the_scorer_reads_other_layouts_and_says_what_is_missing() -> None:
    scorer = stef_scorer(fields={"question": "inputs.messages.-1.content",
                                 "sql": "outputs.choices.0.sql"}, name="stef_chat")
    score, _ = scorer(inputs={"messages": [{"content": "hi"},
                                           {"content": "How many users are active?"}]},
                      outputs={"choices": [{"sql": RIGHT}]})
    assert score.value == 100.0
    score, _ = stef_scorer()(inputs={"prompt": "x"}, outputs=RIGHT)
    assert score.error.error_message == "input: this row: missing required field 'question'"


def test_mlflow_genai_evaluate_with_the_stef_scorer(store: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    mlflow.set_experiment("stef-evaluate")
    if "litellm" not in sys.modules:
        # MLflow's harness imports litellm when it can (8 s); STEF's scorer does not need it
        monkeypatch.setitem(sys.modules, "litellm", None)
    result = mlflow.genai.evaluate(data=ROWS, scorers=[stef_scorer()])
    want = [r for r in evaluate(_records()) if r.status == "scored"]
    metrics = result.metrics
    assert metrics[f"{SCORE}/mean"] == pytest.approx(sum(r.score for r in want) / len(want))
    # the mean of gamma is STEF's estimated accuracy
    assert metrics[f"{GAMMA}/mean"] == pytest.approx(
        sum(r.confidence for r in want) / len(want))
    # each row's trace carries the feedback, metadata included
    traces = mlflow.search_traces(run_id=result.run_id, return_type="list")
    bands = sorted(a.metadata["band"] for t in traces for a in t.info.assessments
                   if a.name == SCORE and a.metadata and "band" in a.metadata)
    assert bands == sorted(r.band for r in want)


def _traced_agent(store: str) -> list[dict[str, Any]]:
    """An agent whose calls MLflow traced: the log rows it leaves, with their trace ids."""
    mlflow.set_experiment("crm-agent")

    @mlflow.trace
    def agent(question: str, sql: str, request: str) -> str:
        mlflow.update_current_trace(client_request_id=request)
        return sql

    log = []
    for n, rec in enumerate(_records()):
        agent(rec["question"], rec["sql"], f"req-{n}")
        log.append({**rec, "trace_id": mlflow.get_last_active_trace_id(), "request": f"req-{n}"})
    return log


def _stef(*args: str) -> Any:
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _demo() -> Any:
    """examples/mlflow_demo.py, the MLflow example of docs/monitoring.md."""
    spec = importlib.util.spec_from_file_location("mlflow_demo", EXAMPLES / "mlflow_demo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_stef_export_mlflow_attaches_results_to_existing_traces(store: str,
                                                                tmp_path: Path) -> None:
    # the commands of docs/monitoring.md: the demo's traced agent, stef eval on its log, the export
    logs = tmp_path / "crm_traced.jsonl"
    log = _demo().trace_agent(logs)
    results = tmp_path / "crm_results.jsonl"
    out = _stef("eval", str(logs), "--rules", str(EXAMPLES / "crm.stef"), "--map",
                "id=trace_id", "-o", str(results), "--no-progress")
    assert out.exit_code == 0, out.output

    out = _stef("export", "mlflow", str(results), "--experiment", "crm-agent",
                "--tracking-uri", store)
    assert out.exit_code == 0, out.output
    assert "STEF feedback on 4 traces in experiment 'crm-agent' (4 new, 0 updated)" in out.stderr
    scored = {json.loads(x)["id"]: json.loads(x) for x in results.read_text().splitlines()}
    for row in log:
        trace = mlflow.get_trace(row["trace_id"])
        got = {a.name: a for a in trace.info.assessments}
        want = scored[row["trace_id"]]
        assert got[SCORE].value == want["score"] and got[GAMMA].value == want["confidence"]
        assert got[SCORE].metadata["band"] == want["band"]
    # with the deployment's ruleset: the right answer is good, the wrong ones poor, each
    # with the reason that says why
    assert [scored[r["trace_id"]]["band"] for r in log] == ["good", "poor", "poor", "poor"]
    codes = mlflow.get_trace(log[1]["trace_id"]).info.assessments
    assert any(a.name == SCORE and a.metadata.get("reason_codes", "").startswith(
        "filter.value_mismatch") for a in codes)

    # again: the feedback is updated, not doubled
    out = _stef("export", "mlflow", str(results), "--experiment", "crm-agent",
                "--tracking-uri", store)
    assert "(0 new, 4 updated)" in out.stderr, out.output
    trace = mlflow.get_trace(log[0]["trace_id"])
    assert [a.name for a in trace.info.assessments].count(SCORE) == 1


def test_trace_ids_from_a_mapped_field_or_otel_ids(store: str, tmp_path: Path) -> None:
    log = _traced_agent(store)
    # the app's own request ids (the traces' client request ids), and OpenTelemetry trace ids
    # (MLflow's without the 'tr-' prefix)
    logs = tmp_path / "logs.jsonl"
    logs.write_text("".join(json.dumps({**r, "otel": r["trace_id"].removeprefix("tr-")}) + "\n"
                            for r in log))
    for mapping in ("id=request", "id=otel"):
        results = tmp_path / "results.jsonl"
        out = _stef("eval", str(logs), "--map", mapping, "-o", str(results), "--no-progress")
        assert out.exit_code == 0, out.output
        out = _stef("export", "mlflow", str(results), "--experiment", "crm-agent",
                    "--tracking-uri", store)
        assert "STEF feedback on 4 traces" in out.stderr, out.output
    # a field other than the id: --map trace_id=PATH into the result
    out = _stef("export", "mlflow", str(results), "--experiment", "crm-agent",
                "--tracking-uri", store, "--map", "trace_id=agent")
    assert out.exit_code == 2
    assert ("stef: error: no result matched a trace in experiment 'crm-agent': results give "
            "agent = 'default', 'default', 'default'") in out.stderr
    out = _stef("export", "mlflow", str(results), "--experiment", "nope", "--tracking-uri",
                store)
    assert out.exit_code == 2 and "--experiment 'nope': no such experiment at sqlite:" in \
        out.stderr
    out = _stef("export", "mlflow", str(results), "--experiment", "crm-agent", "--map", "x=id")
    assert out.exit_code == 2 and "'x' is not a record field; write FIELD=PATH with FIELD " \
        "one of trace_id" in out.stderr
