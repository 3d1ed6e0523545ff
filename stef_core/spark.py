"""Score records where they already live: on Apache Spark (optional extra ``stef[spark]``).

:func:`score_dataframe` turns a DataFrame of records into a DataFrame of results with the typed
:data:`OUTPUT_SCHEMA`; :func:`summarize_dataframe` computes the per-agent summary of ``stef eval``
from it, in Spark, with the same numbers. ``stef eval --engine spark`` wires both to Parquet and
JSONL files or folders.

How the work is spread, and why:

* Scoring runs in ``mapInPandas``: Arrow batches go to Python workers, results come back as
  Arrow, with no per-row pickling.
* Each Python worker builds the :class:`~stef_core.engine.Engine` (plugin discovery, judge client)
  once and keeps it in a module-level cache keyed on the configuration; Spark reuses Python
  workers across tasks, so a worker pays for it once, not once per record or per batch.
* The rules travel as Ruleset JSON and the judge by name, never as pickled objects, so what a
  worker builds is exactly what the driver validated.
* Each partition calls :meth:`Engine.evaluate_batch` on chunks of ``batch_size`` records, so an
  LLM judge's concurrency stays inside the partition: calls in flight across the job are at most
  ``concurrency x running tasks`` (see ``docs/scale-out.md`` on rate limits).
* A bad record becomes an ``unscored`` row with its reason, exactly as in a local run; it never
  fails the job.

>>> [c for c, _, _ in OUTPUT_COLUMNS][:4]
['id', 'agent', 'status', 'score']
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stef_core.contracts import StefError
from stef_core.models import Result, Ruleset

if TYPE_CHECKING:  # pragma: no cover - typing only; pyspark is imported lazily
    import pandas as pd
    from pyspark.sql import DataFrame, SparkSession
    from pyspark.sql.types import StructType

    from stef_core.engine import Engine

INSTALL_HINT = "pip install 'stef[spark]'"

#: The record columns read from the input. Only ``question`` and ``sql`` are required; the others
#: are added as nulls when missing. Every one is read as a string (``metadata`` as JSON text).
INPUT_COLUMNS: tuple[str, ...] = (
    "id", "question", "sql", "enriched_question", "agent", "dialect", "timestamp", "metadata",
)
REQUIRED_COLUMNS: tuple[str, ...] = ("question", "sql")

# Spark's JSON reader puts lines that are not JSON here (PERMISSIVE mode).
_CORRUPT = "_corrupt_record"

#: The output columns: name, Spark SQL type, meaning. :data:`OUTPUT_SCHEMA` is built from it.
OUTPUT_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("id", "string", "the record's id (generated when the input had none)"),
    ("agent", "string", "the agent that answered; 'default' when the record had none"),
    ("status", "string", "'scored' or 'unscored' (see error)"),
    ("score", "double", "Phi, 0-100; null when unscored"),
    ("band", "string", "excellent, good, marginal or poor"),
    ("base", "double", "B = min(10, filter score + verdict score + bonus)"),
    ("bonus", "double", "the leniency bonus for benign extra filters"),
    ("confidence", "double", "the judge's gamma in [0, 1]"),
    ("confidence_factor", "double", "Gamma, the factor gamma maps to"),
    ("filter_status", "string", "fully_applied, fully_applied_with_extras, partially_applied "
                                "or not_applied"),
    ("verdict", "string", "correct, likely_correct, potentially_incorrect or incorrect"),
    ("verdict_confidence", "double", "the verdict's own confidence"),
    ("rationale", "string", "the judge's explanation"),
    ("normalizations", "array<string>", "ids of the normalization rules that fired"),
    ("reasons", "array<struct<code:string,message:string,category:string,severity:string>>",
     "machine-readable findings (reason codes)"),
    ("error", "string", "why the record is unscored ('input: ...', 'sql: ...', 'judge: ...')"),
    ("timestamp", "string", "the record's timestamp, as given"),
    ("tokens", "long", "judge tokens spent on the record (null for the offline judge)"),
    ("cost_usd", "double", "judge cost of the record in USD (null for the offline judge)"),
    ("judge_calls", "long", "judge calls made for the record (null for the offline judge)"),
    ("cached", "boolean", "the verdict came from the judge cache (null for the offline judge)"),
    ("judge", "string", "which judge decided: 'offline', 'llm:<model>' (null when unscored)"),
    ("escalated", "boolean", "a cascade judge asked its model (null for other judges)"),
    ("escalation_reason", "string", "why the cascade asked its model or kept the offline "
                                    "verdict (null for other judges)"),
    ("escalation_fallback", "string", "why an escalated record kept its offline verdict: the "
                                      "model gave none (null otherwise)"),
)

_LONG_COLUMNS = tuple(name for name, kind, _ in OUTPUT_COLUMNS if kind == "long")

#: The same schema as a DDL string (no pyspark needed to read it).
OUTPUT_DDL = ", ".join(f"{name} {kind}" for name, kind, _ in OUTPUT_COLUMNS)


class SparkUnavailable(StefError):
    """pyspark (or pandas/pyarrow, which ``mapInPandas`` needs) is not installed."""


class SparkInputError(StefError):
    """A DataFrame or input path that cannot be scored (missing column, unknown format)."""


def _require_pyspark() -> None:
    try:
        import pandas  # noqa: F401
        import pyarrow  # noqa: F401
        import pyspark  # noqa: F401
    except ImportError as exc:
        raise SparkUnavailable(
            f"the Spark engine needs pyspark, pandas and pyarrow ({exc.name} is missing): "
            f"{INSTALL_HINT}"
        ) from None


def output_schema() -> StructType:
    """:data:`OUTPUT_SCHEMA` built from :data:`OUTPUT_COLUMNS` (imports pyspark)."""
    _require_pyspark()
    from pyspark.sql.types import (
        ArrayType,
        BooleanType,
        DataType,
        DoubleType,
        LongType,
        StringType,
        StructField,
        StructType,
    )

    reason = StructType([StructField(n, StringType()) for n in
                         ("code", "message", "category", "severity")])
    simple: dict[str, DataType] = {"string": StringType(), "double": DoubleType(),
                                   "long": LongType(), "boolean": BooleanType()}
    fields = []
    for name, kind, doc in OUTPUT_COLUMNS:
        if kind == "array<string>":
            dtype: DataType = ArrayType(StringType())
        elif kind.startswith("array<struct"):
            dtype = ArrayType(reason)
        else:
            dtype = simple[kind]
        fields.append(StructField(name, dtype, nullable=True, metadata={"comment": doc}))
    return StructType(fields)


def __getattr__(name: str) -> Any:
    # OUTPUT_SCHEMA is a StructType, so building it needs pyspark: build it on first access
    # rather than at import time, so `import stef_core.spark` works without the extra.
    if name == "OUTPUT_SCHEMA":
        return output_schema()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --------------------------------------------------------------------------------------------
# Per-worker engine cache
# --------------------------------------------------------------------------------------------

_ENGINES: dict[str, Engine] = {}
#: How many engines this process has built (tests check it stays at one per configuration).
ENGINE_BUILDS = 0


def _config_key(rules_json: str, judge: str, dialect: str | None,
                judge_options: Mapping[str, Any] | None, batch_size: int,
                run_json: str = "") -> str:
    return json.dumps([rules_json, judge, dialect, dict(judge_options or {}), batch_size,
                       run_json], sort_keys=True, default=str)


def engine_for(config: str) -> Engine:
    """The engine for ``config`` (a :func:`_config_key` string), built once per process."""
    global ENGINE_BUILDS
    engine = _ENGINES.get(config)
    if engine is None:
        from stef_core.engine import Engine

        rules_json, judge, dialect, judge_options, batch_size, run_json = json.loads(config)
        engine = Engine(Ruleset.model_validate_json(rules_json), judge=judge,
                        judge_options=judge_options, dialect=dialect, batch_size=batch_size,
                        learn_run=False)
        if run_json:  # the run's profile, learnt once on the driver (stef_core.run)
            from stef_core.run import RunProfile

            engine.run_profile = RunProfile.from_json(run_json)
        engine.settle()  # a worker process exists for its engines (Engine.settle)
        _ENGINES[config] = engine
        ENGINE_BUILDS += 1
        if len(_ENGINES) == 1:
            import atexit

            atexit.register(_close_engines)
    return engine


def _close_engines() -> None:
    for engine in _ENGINES.values():
        engine.close()
    _ENGINES.clear()


# --------------------------------------------------------------------------------------------
# Rows in, rows out
# --------------------------------------------------------------------------------------------


def result_row(result: Result) -> dict[str, Any]:
    """One output row (a dict keyed like :data:`OUTPUT_COLUMNS`) for ``result``."""
    verdict = result.verdict
    usage = result.judge_usage
    escalation = verdict.escalation if verdict else None
    return {
        "id": result.id,
        "agent": result.agent,
        "status": result.status,
        "score": result.score,
        "band": result.band,
        "base": result.base,
        "bonus": result.bonus,
        "confidence": result.confidence,
        "confidence_factor": result.confidence_factor,
        "filter_status": result.filter_alignment.status if result.filter_alignment else None,
        "verdict": verdict.label if verdict else None,
        "verdict_confidence": verdict.confidence if verdict else None,
        "rationale": verdict.rationale if verdict else None,
        "normalizations": list(result.normalizations),
        "reasons": [r.model_dump() for r in result.reasons],
        "error": result.error,
        "timestamp": result.timestamp,
        "tokens": usage.prompt_tokens + usage.completion_tokens if usage else None,
        "cost_usd": usage.cost_usd if usage else None,
        "judge_calls": usage.calls if usage else None,
        "cached": usage.cached if usage else None,
        "judge": (verdict.judge or None) if verdict else None,
        "escalated": escalation.escalated if escalation else None,
        "escalation_reason": escalation.reason if escalation else None,
        "escalation_fallback": escalation.fallback if escalation else None,
    }


def score_batches(config: str, batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
    """The ``mapInPandas`` function: input record batches in, result batches out."""
    import pandas as pd

    from stef_core.engine import BadRecord, Item, record_from_mapping

    engine = engine_for(config)
    names = [name for name, _, _ in OUTPUT_COLUMNS]
    for pdf in batches:
        items: list[Item] = []
        for raw in pdf.to_dict(orient="records"):
            rid = str(raw.get("id"))
            corrupt = raw.pop(_CORRUPT, None)
            if corrupt is not None and raw.get("question") is None and raw.get("sql") is None:
                items.append(BadRecord(rid, f"input: record {rid}: not JSON: "
                                            f"{str(corrupt)[:80]!r}; each line must be one "
                                            "JSON object"))
                continue
            items.append(record_from_mapping(raw, default_id=rid))
        rows: list[dict[str, Any]] = []
        # Chunks of batch_size: what a judge works on concurrently, inside this partition.
        for start in range(0, len(items), engine.batch_size):
            rows.extend(result_row(r) for r in
                        engine.evaluate_batch(items[start:start + engine.batch_size]))
        pdf = pd.DataFrame(rows, columns=names)
        for name in _LONG_COLUMNS:  # nullable ints: a null must not turn the column to float
            pdf[name] = pdf[name].astype("Int64")
        yield pdf


def _prepare(df: DataFrame) -> DataFrame:
    """Add missing optional columns as nulls, read everything as strings, fill missing ids."""
    from pyspark.sql import functions as F
    from pyspark.sql.types import MapType, StructType

    present = {f.name: f.dataType for f in df.schema.fields}
    missing = [c for c in REQUIRED_COLUMNS if c not in present]
    if missing:
        raise SparkInputError(
            f"input: the DataFrame has no {' or '.join(repr(c) for c in missing)} column; "
            f"columns found: {', '.join(sorted(present)) or '(none)'}; rename or add it"
        )
    cols = []
    for name in INPUT_COLUMNS:
        if name not in present:
            col = F.lit(None).cast("string")
        elif name == "metadata" and isinstance(present[name], (StructType, MapType)):
            col = F.to_json(F.col(name))  # record_from_mapping parses JSON text back
        else:
            col = F.col(name).cast("string")
        if name == "id":
            # A record without an id gets a unique one; Spark has no line numbers to offer.
            col = F.coalesce(col, F.concat(F.lit("row-"),
                                           (F.monotonically_increasing_id() + 1).cast("string")))
        cols.append(col.alias(name))
    if _CORRUPT in present:
        cols.append(F.col(_CORRUPT).cast("string").alias(_CORRUPT))
    return df.select(*cols)


def score_dataframe(
    df: DataFrame,
    *,
    rules: Ruleset | Mapping[str, Any] | None = None,
    judge: str = "offline",
    dialect: str | None = None,
    judge_options: Mapping[str, Any] | None = None,
    batch_size: int = 64,
    partitions: int | None = None,
) -> DataFrame:
    """Score every record of ``df`` and return the results under :data:`OUTPUT_SCHEMA`.

    Lazy, like any DataFrame transformation: nothing runs until an action (``write``,
    ``collect``). Results match :func:`stef_core.engine.evaluate` on the same records.

    Args:
        df: records with at least ``question`` and ``sql`` columns; ``id``, ``enriched_question``,
            ``agent``, ``dialect``, ``timestamp`` and ``metadata`` (JSON text, struct or map) are
            used when present. Records without an id get ``row-<n>``, unique but not positional.
        rules: R_app as a :class:`Ruleset` or its JSON as a dict; defaults when None.
        judge: a judge spec by name, as on the command line (``offline``, ``llm:<model>``).
        dialect: SQL dialect for records without one.
        judge_options: keyword options for the judge (``concurrency``, ``cache_dir`` ...).
        batch_size: records per :meth:`Engine.evaluate_batch` call, i.e. what a judge works on
            concurrently inside one partition.
        partitions: repartition the input to this many partitions first. By default an input
            with fewer partitions than Spark's default parallelism is spread over that many,
            because scoring costs far more CPU than the shuffle.

    Raises:
        SparkUnavailable: pyspark, pandas or pyarrow is missing.
        SparkInputError: ``df`` lacks a required column.
        StefError: invalid rules, an unknown judge or rule id (checked on the driver first).
    """
    _require_pyspark()
    from stef_core.contracts import Judge

    if isinstance(judge, Judge):
        raise StefError("score_dataframe: pass the judge by name (e.g. 'offline' or "
                        "'llm:<model>') with judge_options; judge objects cannot travel to workers")
    if isinstance(rules, Ruleset) or rules is None:
        ruleset = rules or Ruleset()
    else:
        ruleset = Ruleset.model_validate(dict(rules))
    config = _config_key(ruleset.model_dump_json(), judge, dialect, judge_options, batch_size)
    # Build it here too: a bad judge name or rule id fails now, with STEF's message, instead of
    # as a Python traceback inside a Spark task.
    driver = engine_for(config)
    prepared = _prepare(df)
    # The run's profile (stef_core.run) from its first records, learnt here once and sent to
    # every worker, so that partitions read the deployment's guards as stef eval does.
    from stef_core.engine import record_from_mapping
    from stef_core.run import PREFIX

    head = []
    for row in prepared.limit(PREFIX).collect():
        raw = row.asDict()
        if raw.pop(_CORRUPT, None) is None:
            head.append(record_from_mapping(raw, default_id=str(raw.get("id"))))
    profile = driver.learn(head)
    config = _config_key(ruleset.model_dump_json(), judge, dialect, judge_options, batch_size,
                         profile.to_json())
    spark = prepared.sparkSession
    if partitions is not None:
        prepared = prepared.repartition(max(1, partitions))
    else:
        wanted = spark.sparkContext.defaultParallelism
        if prepared.rdd.getNumPartitions() < wanted:
            prepared = prepared.repartition(wanted)

    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        return score_batches(config, batches)

    return prepared.mapInPandas(run, schema=output_schema())


# --------------------------------------------------------------------------------------------
# The summary
# --------------------------------------------------------------------------------------------


def summarize_dataframe(scored: DataFrame) -> dict[str, Any]:
    """The per-agent summary of a :func:`score_dataframe` result, as ``stef eval`` prints it.

    Returns the dict shape of :meth:`stef_core.stats.Summary.to_dict` (``overall`` and
    ``agents``), with the same numbers: percentiles interpolate linearly like numpy's default.
    Spark does the heavy part in one aggregation (counts per agent, score, band, error kind and
    low-score reason code); the driver only sees that small table. Scoring is lazy: persist or
    write ``scored`` first if it is used for anything else, or it is scored twice.
    """
    _require_pyspark()
    from pyspark.sql import functions as F

    is_scored = (F.col("status") == "scored") & F.col("score").isNotNull()
    # Each low score's reasons with the role they played (stef_core.stats.reason_roles): a
    # cause (critical or major; minor ones when there is none of those), noted (info) or other.
    # One element per distinct code and severity, with how often it occurs in the record.
    blocking = F.exists("reasons", lambda r: r["severity"].isin("critical", "major"))
    distinct = F.array_distinct(F.transform(
        "reasons", lambda r: F.struct(r["code"].alias("code"), r["severity"].alias("severity"))))
    low_codes = F.when(is_scored & (F.col("score") < 75), F.transform(
        distinct, lambda r: F.struct(
            r["code"].alias("code"), r["severity"].alias("severity"),
            F.when(r["severity"] == "info", "noted")
            .when(r["severity"].isin("critical", "major") | ~blocking, "cause")
            .otherwise("other").alias("role"),
            F.size(F.filter("reasons", lambda x: (x["code"] == r["code"])
                            & (x["severity"] == r["severity"]))).alias("times"))))
    kind = F.when(~is_scored & F.col("error").isNotNull() & (F.col("error") != ""),
                  F.substring_index("error", ":", 1))
    base = scored.select(
        "agent",
        F.when(is_scored, F.col("score")).alias("score"),
        F.when(is_scored, F.col("band")).alias("band"),
        kind.alias("kind"),
        F.coalesce("tokens", F.lit(0)).alias("tokens"),
        F.coalesce("cost_usd", F.lit(0.0)).alias("cost_usd"),
        F.coalesce("judge_calls", F.lit(0)).alias("judge_calls"),
        F.coalesce(F.col("cached").cast("int"), F.lit(0)).alias("cached"),
        # a cascade's records: judged, sent to the model, kept offline for want of its verdict
        F.col("escalated").isNotNull().cast("int").alias("cascade"),
        F.coalesce(F.col("escalated").cast("int"), F.lit(0)).alias("escalated"),
        F.col("escalation_fallback").alias("fallback"),
        F.posexplode_outer(low_codes).alias("pos", "reason"),
    ).select("*", *(F.col(f"reason.{c}").alias(c) for c in ("code", "severity", "role",
                                                             "times")))
    # A record with several low-score reasons becomes several rows: it counts as a record (and
    # its usage) on its first row only, while every row counts its reason code (each time it
    # occurs) and, once, the role it played.
    first = F.col("pos").isNull() | (F.col("pos") == 0)
    table = (
        base.groupBy("agent", "score", "band", "kind", "code", "severity", "role")
        .agg(
            F.sum(F.when(first, 1).otherwise(0)).alias("records"),
            F.coalesce(F.sum("times"), F.lit(0)).alias("codes"),
            F.count("code").alias("with_code"),
            F.sum(F.when(first, F.col("tokens")).otherwise(0)).alias("tokens"),
            F.sum(F.when(first, F.col("cost_usd")).otherwise(0.0)).alias("cost_usd"),
            F.sum(F.when(first, F.col("judge_calls")).otherwise(0)).alias("judge_calls"),
            F.sum(F.when(first, F.col("cached")).otherwise(0)).alias("cached"),
            F.sum(F.when(first, F.col("cascade")).otherwise(0)).alias("cascade"),
            F.sum(F.when(first, F.col("escalated")).otherwise(0)).alias("escalated"),
            F.count(F.when(first, F.col("fallback"))).alias("fallbacks"),
            F.min(F.when(first, F.col("fallback"))).alias("fallback_example"),
        )
        .collect()
    )
    # gamma of the scored records (estimated accuracy), as a count table per agent; judges
    # give gamma with few decimals, so the table stays small.
    gammas = (
        scored.where(is_scored & F.col("confidence").isNotNull())
        .groupBy("agent", F.col("confidence").alias("g"))
        .agg(F.count(F.lit(1)).alias("n"))
        .collect()
    )
    from stef_core.stats import Accumulator, Summary

    summary = Summary()
    for row in gammas:
        agent_acc = summary.agents.setdefault(row["agent"], Accumulator())
        for acc in (summary.overall, agent_acc):
            acc.add_gamma(float(row["g"]), int(row["n"]))
    for row in table:
        agent_acc = summary.agents.setdefault(row["agent"], Accumulator())
        for acc in (summary.overall, agent_acc):
            acc.add_counts(
                int(row["records"]),
                score=float(row["score"]) if row["score"] is not None else None,
                band=row["band"],
                error_kind=row["kind"],
                reason_code=row["code"],
                reason_count=int(row["codes"]),
                reason_severity=row["severity"],
                reason_role=row["role"],
                reason_records=int(row["with_code"]),
                tokens=int(row["tokens"] or 0),
                cost_usd=float(row["cost_usd"] or 0.0),
                judge_calls=int(row["judge_calls"] or 0),
                cache_hits=int(row["cached"] or 0),
                cascade=int(row["cascade"] or 0),
                escalated=int(row["escalated"] or 0),
                fallbacks=int(row["fallbacks"] or 0),
                fallback_example=row["fallback_example"],
            )
    return summary.to_dict()


# --------------------------------------------------------------------------------------------
# Sessions, files and the CLI
# --------------------------------------------------------------------------------------------


def get_session(master: str | None = None, app_name: str = "stef") -> SparkSession:
    """The active SparkSession, or a new one on ``master`` (Spark's default when None).

    A local master runs Python workers with this interpreter, so they import the same STEF.
    """
    _require_pyspark()
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app_name)
    if master:
        builder = builder.master(master)
    if master is None or master.startswith("local"):
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    return builder.getOrCreate()


_PARQUET = (".parquet",)
_JSON = (".jsonl", ".ndjson", ".json")
_CSV = (".csv",)


def _input_format(path: str) -> str:
    """``parquet``, ``json`` or ``csv`` for a file, or for the files inside a folder."""
    if "://" in path:  # remote storage: trust the suffix, a folder defaults to Parquet
        suffix = Path(path.rstrip("/")).suffix.lower()
        return "json" if suffix in _JSON else "csv" if suffix in _CSV else "parquet"
    p = Path(path)
    if not p.exists():
        raise SparkInputError(f"{path}: no such file or folder")
    suffixes = ({p.suffix.lower()} if p.is_file() else
                {f.suffix.lower() for f in p.rglob("*")
                 if f.is_file() and not f.name.startswith(("_", "."))})
    for fmt, known in (("parquet", _PARQUET), ("json", _JSON), ("csv", _CSV)):
        if suffixes & set(known):
            return fmt
    raise SparkInputError(
        f"{path}: no Parquet, JSONL or CSV {'file' if p.is_file() else 'files inside'}; "
        f"the Spark engine reads .parquet, .jsonl/.ndjson/.json (one object a line) and .csv"
    )


def read_records(spark: SparkSession, paths: list[str]) -> DataFrame:
    """Read Parquet, JSON Lines or CSV files or folders (one format per call) as records."""
    formats = {_input_format(p) for p in paths}
    if len(formats) > 1:
        raise SparkInputError(f"inputs mix formats ({', '.join(sorted(formats))}); "
                              "score one format per run")
    fmt = formats.pop()
    if fmt == "parquet":
        return spark.read.parquet(*paths)
    if fmt == "csv":
        return spark.read.option("header", True).csv(list(paths))
    # A fixed all-string schema: no inference pass over the data, ids and nested metadata kept
    # as text, and lines that are not JSON kept in _corrupt_record to be reported per record.
    ddl = ", ".join(f"{c} string" for c in INPUT_COLUMNS) + f", {_CORRUPT} string"
    return (spark.read.schema(ddl).option("mode", "PERMISSIVE")
            .option("columnNameOfCorruptRecord", _CORRUPT).json(list(paths)))


def run_eval(
    paths: list[str],
    output: str,
    *,
    master: str | None,
    rules: Ruleset,
    judge: str,
    dialect: str | None,
    judge_options: Mapping[str, Any],
) -> dict[str, Any]:
    """``stef eval --engine spark``: score ``paths``, write Parquet at ``output``, summarize.

    The summary is read back from the written Parquet, so nothing is scored twice.
    """
    _require_pyspark()
    if "://" not in output and Path(output).exists():
        raise SparkInputError(f"{output}: already exists; remove it or choose another -o folder")
    spark = get_session(master)
    try:
        spark.sparkContext.setLogLevel("ERROR")
        records = read_records(spark, paths)
        scored = score_dataframe(records, rules=rules, judge=judge, dialect=dialect,
                                 judge_options=judge_options)
        try:
            scored.write.parquet(output)
        except Exception as exc:  # Spark wraps everything; say what failed in one line
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise StefError(f"spark: writing {output} failed: {first}") from None
        return summarize_dataframe(spark.read.parquet(output))
    finally:
        if master is not None:
            spark.stop()


def eval_command(
    paths: list[str],
    output: str | None,
    *,
    master: str | None,
    rules_path: str | None,
    judge: str,
    dialect: str | None,
    judge_options: Mapping[str, Any],
) -> dict[str, Any]:
    """The body of ``stef eval --engine spark``: score and write; returns the summary, which
    the command prints and gates on as for a local run."""
    from stef_core.rules import load_rules

    if not output or output == "-":
        raise SparkInputError("--engine spark writes Parquet: give -o OUT, a folder to create")
    if "-" in paths:
        raise SparkInputError("--engine spark reads files or folders, not '-' (stdin)")
    rules = load_rules(rules_path) if rules_path else Ruleset()
    return run_eval(paths, output, master=master, rules=rules, judge=judge, dialect=dialect,
                    judge_options=judge_options)
