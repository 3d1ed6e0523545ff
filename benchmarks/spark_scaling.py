"""Records per second of the Spark engine with 1 and 2 local workers on the same input.

    python benchmarks/spark_scaling.py                      # 4000 generated records
    python benchmarks/spark_scaling.py -n 20000             # more generated records
    python benchmarks/spark_scaling.py logs/                # a Parquet or JSONL file or folder
    python benchmarks/spark_scaling.py --workers 1,2,4      # other local[N] masters

Each master gets a fresh local-mode session. One warm-up pass first starts the Python workers
and builds their engines, so the timed pass measures scoring, not JVM and worker start-up
(reported separately). The timed action writes to Spark's ``noop`` sink: every record is scored,
nothing is stored. Needs ``pip install 'stef[spark]'`` and Java 17+.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed import generate_records


def generated(n: int, seed: int = 7) -> list[dict[str, Any]]:
    return list(generate_records(n, seed))


def measure(master: str, source: str | None, n: int) -> dict[str, Any]:
    from pyspark.sql import SparkSession

    from stef_core.spark import read_records, score_dataframe

    t0 = time.perf_counter()
    spark = (SparkSession.builder.master(master).appName("stef-bench")
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .config("spark.driver.host", "127.0.0.1")
             .config("spark.driver.bindAddress", "127.0.0.1")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    try:
        if source:
            df = read_records(spark, [source]).cache()
        else:
            df = spark.createDataFrame(
                generated(n), "id string, question string, enriched_question string, "
                "sql string, dialect string, agent string",
            ).cache()
        records = df.count()
        workers = spark.sparkContext.defaultParallelism
        # Warm-up: one small task per worker starts the Python workers and builds the engines.
        score_dataframe(df.limit(workers * 8), partitions=workers).write.format("noop") \
            .mode("overwrite").save()
        startup = time.perf_counter() - t0
        t1 = time.perf_counter()
        score_dataframe(df, partitions=workers * 4).write.format("noop").mode("overwrite").save()
        seconds = time.perf_counter() - t1
    finally:
        spark.stop()
    return {"master": master, "records": records, "seconds": round(seconds, 2),
            "records_per_second": round(records / seconds, 1), "startup_seconds": round(startup, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input", nargs="?", help="Parquet or JSONL file or folder "
                                                 "(default: generated records)")
    parser.add_argument("-n", type=int, default=4000, help="generated records (default 4000)")
    parser.add_argument("--workers", default="1,2", help="local[N] masters to compare (1,2)")
    parser.add_argument("--json", action="store_true", help="print JSON lines only")
    args = parser.parse_args(argv)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # workers run this interpreter
    rows = [measure(f"local[{w}]", args.input, args.n) for w in args.workers.split(",")]
    base = rows[0]["records_per_second"]
    for row in rows:
        row["speedup"] = round(row["records_per_second"] / base, 2)
        if args.json:
            print(json.dumps(row))
        else:
            print(f"{row['master']:>10}: {row['records']} records in {row['seconds']} s = "
                  f"{row['records_per_second']} records/s (x{row['speedup']}; session start and "
                  f"warm-up {row['startup_seconds']} s)")


if __name__ == "__main__":
    main()
