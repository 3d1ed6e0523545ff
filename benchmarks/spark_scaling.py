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
import random
import sys
import time
from typing import Any

QUESTIONS = (
    ("How many users are active?", "SELECT COUNT(*) FROM users WHERE status = 'active'"),
    ("What is the total revenue in 2023?", "SELECT SUM(revenue) FROM sales WHERE year = 2023"),
    ("What is the total revenue in 2023?", "SELECT AVG(revenue) FROM sales WHERE year = 2023"),
    ("Average order value per country",
     "SELECT country, AVG(amount) FROM orders GROUP BY country"),
    ("Top 5 products by sales",
     "SELECT product, SUM(sales) AS s FROM sales GROUP BY product ORDER BY s DESC LIMIT 5"),
    ("List customers in Paris",
     "SELECT name FROM customers WHERE city = 'Paris' AND tenant_id = 7 LIMIT 1000"),
    ("Number of open tickets by priority",
     "SELECT priority, COUNT(*) FROM tickets WHERE state = 'open' GROUP BY priority"),
    ("Which orders were shipped after 2024-01-01?",
     "WITH s AS (SELECT * FROM orders WHERE shipped_at > '2024-01-01') SELECT id FROM s"),
    ("Show orders with status shipped", "SELECT * FROM orders WHERE status = 'pending'"),
    ("Broken", "SELECT FROM WHERE"),
)


def generated(n: int, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        q, s = QUESTIONS[rng.randrange(len(QUESTIONS))]
        # A varying literal keeps every record distinct (no accidental caching anywhere).
        out.append({"id": str(i + 1), "question": q, "sql": s + f" /* {i} */",
                    "agent": f"agent-{i % 3}"})
    return out


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
            df = spark.createDataFrame(generated(n), "id string, question string, sql string, "
                                                     "agent string").cache()
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
