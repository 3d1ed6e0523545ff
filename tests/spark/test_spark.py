"""The Spark engine gives the same results and summary as the single-process run."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from spark_records import make_records

from stef_core.engine import evaluate
from stef_core.stats import summarize

pytestmark = pytest.mark.slow

N = 300


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return make_records(N)


@pytest.fixture(scope="module")
def local_results(records: list[dict[str, Any]]) -> list[Any]:
    return evaluate(records)


@pytest.fixture(scope="module")
def spark_scored(spark: Any, records: list[dict[str, Any]]) -> Iterator[Any]:
    from stef_core.spark import INPUT_COLUMNS, score_dataframe

    df = spark.createDataFrame(
        [tuple(r[c] for c in INPUT_COLUMNS) for r in records],
        ", ".join(f"{c} string" for c in INPUT_COLUMNS),
    )
    # Small batches and 3 partitions: several chunks per partition, several partitions per worker.
    scored = score_dataframe(df, batch_size=16, partitions=3).cache()
    yield scored
    scored.unpersist()


@pytest.fixture(scope="module")
def spark_rows(spark_scored: Any) -> list[Any]:
    return spark_scored.collect()


def key(r: Any) -> tuple[Any, ...]:
    return (r["id"], r["agent"], r["status"], r["score"], r["band"], r["filter_status"],
            r["verdict"], r["confidence"], r["error"], tuple(x["code"] for x in r["reasons"]))


def local_key(r: Any) -> tuple[Any, ...]:
    return (r.id, r.agent, r.status, r.score, r.band,
            r.filter_alignment.status if r.filter_alignment else None,
            r.verdict.label if r.verdict else None, r.confidence, r.error,
            tuple(x.code for x in r.reasons))


def test_same_results_as_the_local_run(spark_rows: list[Any], local_results: list[Any]) -> None:
    assert len(spark_rows) == N
    got = sorted((key(r) for r in spark_rows), key=lambda k: int(k[0]))
    want = [local_key(r) for r in local_results]
    assert got == want
    # The input really exercises every path: scored and unscored, several agents and statuses.
    statuses = {k[2] for k in want}
    assert statuses == {"scored", "unscored"}
    assert len({k[1] for k in want}) == 3
    assert len({k[5] for k in want if k[5]}) >= 2
    assert len({k[6] for k in want if k[6]}) >= 2
    errors = {k[8].split(":", 1)[0] for k in want if k[8]}
    assert errors == {"input", "sql"}


def test_bad_records_become_unscored_rows(spark_rows: list[Any]) -> None:
    bad = [r for r in spark_rows if r["status"] == "unscored"]
    assert bad, "the generated input has bad records"
    missing = [r for r in bad if r["error"].startswith("input:")]
    assert missing and all("missing required field 'question'" in r["error"] for r in missing)
    assert all(r["score"] is None and r["reasons"] == [] for r in bad)


def test_output_schema_is_the_documented_one(spark: Any) -> None:
    from stef_core.spark import OUTPUT_COLUMNS, OUTPUT_SCHEMA, score_dataframe

    df = spark.createDataFrame([("q?", "SELECT 1")], "question string, sql string")
    out = score_dataframe(df)
    assert out.schema == OUTPUT_SCHEMA
    assert [f.name for f in OUTPUT_SCHEMA.fields] == [c for c, _, _ in OUTPUT_COLUMNS]
    assert out.schema["reasons"].dataType.simpleString() == (
        "array<struct<code:string,message:string,category:string,severity:string>>")
    [row] = out.collect()
    # Missing optional columns are nulls; a missing id gets a generated one.
    assert row["id"].startswith("row-") and row["agent"] == "default"


def test_summary_matches_stats(spark_scored: Any, local_results: list[Any]) -> None:
    from stef_core.spark import summarize_dataframe

    got = summarize_dataframe(spark_scored)
    want = summarize(local_results)
    assert sorted(got["agents"]) == sorted(want["agents"])
    for name, group in [("overall", got["overall"]), *got["agents"].items()]:
        expected = want["overall"] if name == "overall" else want["agents"][name]
        for field in ("records", "scored", "coverage", "mean", "p50", "p90", "bands",
                      "top_reasons", "noted_reasons", "unscored_by_kind",
                      "estimated_accuracy", "estimated_accuracy_ci95"):
            assert group[field] == expected[field], (name, field)
    assert got["overall"]["records"] == N
    # the ranking is not vacuous here: low scores with causes and with info codes
    assert want["overall"]["top_reasons"] and want["overall"]["noted_reasons"]


def test_bad_lines_in_a_jsonl_partition_do_not_fail_the_job(spark: Any, tmp_path: Path) -> None:
    from stef_core.spark import read_records, score_dataframe

    folder = tmp_path / "logs"
    folder.mkdir()
    lines = [json.dumps(r) for r in make_records(20, seed=3)]
    lines[4] = "{not json"
    lines[9] = json.dumps({"id": "x", "sql": "SELECT 1", "metadata": {"team": "a"}})
    (folder / "part-1.jsonl").write_text("\n".join(lines[:10]) + "\n")
    (folder / "part-2.jsonl").write_text("\n".join(lines[10:]) + "\n")
    rows = {r["id"]: r for r in score_dataframe(read_records(spark, [str(folder)])).collect()}
    assert len(rows) == 20
    corrupt = [r for r in rows.values() if r["error"] and "not JSON" in r["error"]]
    assert len(corrupt) == 1 and corrupt[0]["status"] == "unscored"
    assert rows["x"]["error"] == "input: record x: missing required field 'question'"
    assert sum(r["status"] == "scored" for r in rows.values()) >= 15


def test_cli_engine_spark_writes_parquet_and_prints_the_summary(
    spark: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from stef_core.cli import main

    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in make_records(40, seed=5)))
    out = tmp_path / "out"
    summary = tmp_path / "summary.json"
    # The session fixture is active, so the CLI reuses it (no --master: it does not stop it).
    with pytest.raises(SystemExit) as exit_info:
        main(["eval", "--engine", "spark", str(src), "-o", str(out),
              "--summary-json", str(summary)])
    assert exit_info.value.code in (0, None)
    assert list(out.glob("*.parquet"))
    data = json.loads(summary.read_text())
    want = summarize(evaluate(make_records(40, seed=5)))
    assert data["overall"]["records"] == 40
    assert data["overall"]["mean"] == want["overall"]["mean"]
    assert data["agents"].keys() == want["agents"].keys()
    assert "STEF summary" in capsys.readouterr().out
    assert spark.read.parquet(str(out)).count() == 40


def test_a_cascade_says_in_its_columns_who_decided_and_why(spark: Any) -> None:
    pytest.importorskip("litellm")  # the cascade's model client, in the workers too
    import socket

    from stef_core.spark import score_dataframe, summarize_dataframe

    with socket.socket() as s:  # a port nothing listens on: every model call fails at once
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}/v1"
    df = spark.createDataFrame(
        [("clean", "How many of our users are active?",
          "SELECT COUNT(*) FROM users WHERE status = 'active'"),
         ("critical", "How many users live in France?",
          "SELECT COUNT(*) FROM users WHERE country = 'Germany'")],
        "id string, question string, sql string",
    )
    scored = score_dataframe(
        df, judge="cascade:llm:openai/fake",
        judge_options={"api_base": dead, "api_key": "test", "no_cache": True, "retries": 0,
                       "escalate": "0.4,0.9", "settle": "critical,major"},
    ).cache()
    rows = {r["id"]: r for r in scored.collect()}
    clean, critical = rows["clean"], rows["critical"]
    # asked, no verdict came back: the offline verdict stands and says why
    assert (clean["status"], clean["judge"], clean["escalated"]) == ("scored", "offline", True)
    assert clean["escalation_reason"] == "offline gamma 0.888 is in the uncertain band [0.4, 0.9]"
    assert (clean["escalation_fallback"] or "").startswith("judge: ")
    assert (critical["judge"], critical["escalated"], critical["escalation_fallback"]) == (
        "offline", False, None)
    assert critical["escalation_reason"] == (
        "a critical finding (filter.value_mismatch) settles it offline")
    assert summarize_dataframe(scored)["overall"]["escalation"] == {
        "records": 2, "escalated": 1, "share": 0.5, "model_verdicts": 0, "fallbacks": 1,
        "fallback_example": clean["escalation_fallback"],
    }
    scored.unpersist()
