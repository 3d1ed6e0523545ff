"""Notebooks: a pandas or polars DataFrame scored in one call, a DataFrame back, with the same
columns as the Spark engine's and the same numbers as ``stef_core.evaluate``."""

from __future__ import annotations

from typing import Any

import pytest

from stef_core.dataframe import DataFrameError, score_dataframe, summarize_dataframe
from stef_core.engine import evaluate
from stef_core.spark import OUTPUT_COLUMNS
from stef_core.stats import summarize

pd = pytest.importorskip("pandas")

RECORDS: list[dict[str, Any]] = [
    {"id": "a1", "agent": "bot@1", "question": "How many users are active?",
     "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"},
    {"id": "a2", "agent": "bot@1", "question": "How many tickets were opened in France?",
     "sql": "SELECT COUNT(*) FROM tickets WHERE country = 'Germany'"},
    {"id": "a3", "agent": "bot@2", "question": "List all tickets with priority 'urgent'",
     "sql": "SELECT id FROM tickets WHERE priority = 'urgent' LIMIT 10"},
    {"id": "a4", "agent": "bot@2", "question": "Average price?", "sql": "SELEC nothing"},
]
NAMES = [name for name, _, _ in OUTPUT_COLUMNS]


def _plain(value: Any) -> Any:
    """None for pandas' NaN, the value otherwise."""
    return None if value is None or value != value else value


def _same_as_evaluate(rows: list[dict[str, Any]]) -> None:
    want = evaluate(RECORDS)
    assert [r["id"] for r in rows] == [w.id for w in want]
    for row, w in zip(rows, want):
        assert row["status"] == w.status and row["band"] == w.band
        assert (_plain(row["score"]), _plain(row["confidence"])) == (w.score, w.confidence)
        assert [r["code"] for r in row["reasons"]] == [r.code for r in w.reasons]
        assert row["verdict"] == (w.verdict.label if w.verdict else None)


def test_pandas_in_pandas_out_with_the_index_and_the_spark_columns() -> None:
    frame = pd.DataFrame(RECORDS, index=[100, 101, 102, 103])
    scored = score_dataframe(frame)
    assert list(scored.columns) == NAMES
    assert list(scored.index) == [100, 101, 102, 103]  # frame.join(scored) lines up
    assert str(scored["tokens"].dtype) == "Int64" and str(scored["score"].dtype) == "float64"
    _same_as_evaluate(scored.to_dict(orient="records"))
    assert scored.loc[103, "status"] == "unscored" and scored.loc[103, "error"].startswith("sql:")
    joined = frame.join(scored[["score", "band", "confidence", "verdict", "reasons"]])
    assert joined.loc[101, "question"].endswith("France?") and joined.loc[101, "band"] == "poor"


def test_polars_in_polars_out() -> None:
    pl = pytest.importorskip("polars")
    scored = score_dataframe(pl.DataFrame(RECORDS))
    assert isinstance(scored, pl.DataFrame) and scored.columns == NAMES
    assert scored.schema["reasons"] == pl.List(pl.Struct(
        {k: pl.String for k in ("code", "message", "category", "severity")}))
    _same_as_evaluate(scored.to_dicts())
    empty = score_dataframe(pl.DataFrame(schema={"question": pl.String, "sql": pl.String}))
    assert empty.shape == (0, len(NAMES))


def test_the_summary_is_stef_evals() -> None:
    scored = score_dataframe(pd.DataFrame(RECORDS))
    got, want = summarize_dataframe(scored), summarize(evaluate(RECORDS))
    for part in ("overall", *want["agents"]):
        g = got["overall"] if part == "overall" else got["agents"][part]
        w = want["overall"] if part == "overall" else want["agents"][part]
        for key in ("records", "scored", "mean", "p50", "p90", "bands", "estimated_accuracy",
                    "top_reasons", "noted_reasons", "unscored_by_kind"):
            assert g[key] == w[key], (part, key)


def test_fields_map_any_layout_and_rows_without_ids_get_their_position() -> None:
    frame = pd.DataFrame({
        "inputs": [{"question": r["question"]} for r in RECORDS],
        "outputs": [{"query": r["sql"]} for r in RECORDS[:3]] + [{}],
    })
    scored = score_dataframe(frame, fields={"question": "inputs.question",
                                            "sql": "outputs.query"})
    assert list(scored["id"]) == ["1", "2", "3", "4"]
    assert list(scored["status"]) == ["scored", "scored", "scored", "unscored"]
    assert scored.loc[3, "error"] == ("input: row 4: missing field 'outputs.query' (mapped to "
                                      "'sql' by --map sql=outputs.query); the record's fields: "
                                      "inputs, outputs")


def test_what_is_not_a_pandas_or_polars_frame_is_said() -> None:
    with pytest.raises(DataFrameError, match="takes a pandas or polars DataFrame, not list"):
        score_dataframe(RECORDS)


def test_the_docs_notebook_example_runs_as_written(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    page = (root / "docs" / "monitoring.md").read_text(encoding="utf-8")
    section = page.split("## Notebooks", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(root)
    exec(compile(code, "docs/monitoring.md", "exec"), {})
    out = capsys.readouterr().out
    # the five lowest scores of the CRM log, with its ruleset: poor ones first
    assert "question" in out and "poor" in out
