"""Parts of the Spark engine that need no JVM: engine cache, row mapping, errors."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from spark_records import make_records

from stef_core import spark as stef_spark
from stef_core.contracts import StefError
from stef_core.engine import Engine, evaluate, record_from_mapping


@pytest.fixture
def pd() -> Any:
    """pandas, which comes with the spark extra, not with ``stef[testing]``: a plain install
    still collects this module, and only the tests that build DataFrames skip."""
    return pytest.importorskip("pandas")


def test_engine_is_built_once_per_worker_not_per_batch(monkeypatch: pytest.MonkeyPatch,
                                                       pd: Any) -> None:
    monkeypatch.setattr(stef_spark, "_ENGINES", {})
    monkeypatch.setattr(stef_spark, "ENGINE_BUILDS", 0)
    config = stef_spark._config_key("{}", "offline", None, None, 8)
    records = make_records(50)
    batches = [pd.DataFrame(records[i:i + 10]) for i in range(0, 50, 10)]
    out = list(stef_spark.score_batches(config, iter(batches)))
    out += list(stef_spark.score_batches(config, iter(batches[:1])))  # a second task
    assert stef_spark.ENGINE_BUILDS == 1
    assert sum(len(b) for b in out) == 60
    other = stef_spark._config_key("{}", "offline", "duckdb", None, 8)
    stef_spark.engine_for(other)
    assert stef_spark.ENGINE_BUILDS == 2


def test_rows_match_local_results(pd: Any) -> None:
    records = make_records(30, seed=11)
    # The run's profile (its guards, the other answers to each question) is learnt on the
    # driver and sent to the workers, as score_dataframe does; evaluate learns the same.
    profile = Engine().learn([record_from_mapping(r, default_id=str(r.get("id")))
                              for r in records])
    config = stef_spark._config_key("{}", "offline", None, None, 64, profile.to_json())
    [pdf] = list(stef_spark.score_batches(config, iter([pd.DataFrame(records)])))
    local = [stef_spark.result_row(r) for r in evaluate(records)]
    assert pdf.astype(object).where(pdf.notna(), None).to_dict(orient="records") == local


def test_missing_pyspark_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspark", None)
    with pytest.raises(StefError) as info:
        stef_spark.output_schema()
    assert str(info.value) == ("the Spark engine needs pyspark, pandas and pyarrow (pyspark is "
                               "missing): pip install 'stef[spark]'")


def test_unknown_input_format_is_a_clear_error(tmp_path: Any) -> None:
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(StefError) as info:
        stef_spark._input_format(str(tmp_path))
    assert "no Parquet, JSONL or CSV files inside" in str(info.value)
    with pytest.raises(StefError, match="no such file or folder"):
        stef_spark._input_format(str(tmp_path / "missing"))


def test_output_ddl_lists_every_column() -> None:
    assert stef_spark.OUTPUT_DDL.startswith("id string, agent string, status string")
    assert "reasons array<struct<code:string" in stef_spark.OUTPUT_DDL
