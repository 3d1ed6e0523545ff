"""Score a pandas or polars DataFrame in a notebook, in one call, and get a DataFrame back.

The same API as the Spark engine's (:mod:`stef_core.spark`): :func:`score_dataframe` returns one
row per input row with the columns of :data:`stef_core.spark.OUTPUT_COLUMNS` (``score``,
``band``, ``confidence`` (gamma, the judge's P(correct)), ``verdict``, ``reasons`` ...), and
:func:`summarize_dataframe` gives the summary ``stef eval`` prints. Unlike Spark's, the rows
come back in input order and, for pandas, with the input's index, so ``df.join(scored)`` puts
each score beside its question.

>>> import pandas as pd
>>> df = pd.DataFrame({"question": ["How many users are active?"],
...                    "query": ["SELECT COUNT(*) FROM users WHERE status = 'active'"]})
>>> scored = score_dataframe(df, fields={"sql": "query"})
>>> row = scored.iloc[0]
>>> print(row["score"], row["band"], row["confidence"], row["verdict"])
100.0 excellent 0.902 correct

pandas and polars are imported only when a frame of theirs is given; nothing here imports
Spark.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from stef_core.contracts import StefError
from stef_core.models import Escalation, Reason, Result, Ruleset, Usage, Verdict
from stef_core.spark import OUTPUT_COLUMNS, result_row


class DataFrameError(StefError):
    """Something that is not a pandas or polars DataFrame, or one that cannot be scored."""


def _kind(frame: Any) -> str:
    module = type(frame).__module__.split(".")[0]
    if module == "pandas" and hasattr(frame, "itertuples"):
        return "pandas"
    if module == "polars" and hasattr(frame, "iter_rows"):
        return "polars"
    if module == "pyspark":
        raise DataFrameError("a Spark DataFrame: use stef_core.spark.score_dataframe, which "
                             "scores on the cluster")
    raise DataFrameError(f"score_dataframe takes a pandas or polars DataFrame, not "
                         f"{type(frame).__name__}")


def _rows(frame: Any, kind: str) -> Iterator[dict[str, Any]]:
    from stef_core.io import plain_value, records_from_dataframe

    if kind == "pandas":
        yield from records_from_dataframe(frame)
        return
    for row in frame.iter_rows(named=True):
        yield {str(k): plain_value(v) for k, v in row.items()}


def score_dataframe(
    df: Any,
    *,
    rules: Ruleset | Mapping[str, Any] | str | None = None,
    judge: str = "offline",
    dialect: str | None = None,
    judge_options: Mapping[str, Any] | None = None,
    batch_size: int = 64,
    fields: Mapping[str, str] | None = None,
) -> Any:
    """Score every row of a pandas or polars DataFrame; a DataFrame of the same kind back.

    Args:
        df: records with ``question`` and ``sql`` columns (or the columns ``fields`` names);
            ``id``, ``enriched_question``, ``agent``, ``dialect``, ``timestamp``, ``metadata``
            and ``label`` are used when present. A row without an id gets its position (1, 2
            ...).
        rules: R_app: a ``.stef`` or ``.json`` path, a :class:`Ruleset` or its JSON as a
            dict; defaults when None.
        judge: a judge spec by name (``offline``, ``llm:<model>``).
        dialect: SQL dialect for rows without one.
        judge_options: keyword options for the judge (``concurrency``, ``cache_dir`` ...).
        batch_size: rows a judge works on at once.
        fields: where each record field is in this frame, as ``stef eval --map`` takes it:
            ``{"sql": "query", "question": "inputs.question"}`` (a column, or a dotted path
            into a column that holds dicts or JSON text).

    Returns:
        One row per input row, in order, with the columns of
        :data:`stef_core.spark.OUTPUT_COLUMNS`; a pandas result keeps the input's index. A row
        that cannot be scored is ``unscored`` with its ``error``, never an exception.

    Raises:
        DataFrameError: ``df`` is not a pandas or polars DataFrame.
        StefError: invalid rules, an unknown judge, a malformed ``fields`` entry.
    """
    kind = _kind(df)
    from stef_core.engine import Engine
    from stef_core.mapping import FieldMap
    from stef_core.records import record_from_mapping

    field_map = FieldMap.parse([f"{k}={v}" for k, v in (fields or {}).items()],
                               option="fields:")
    if isinstance(rules, str):
        from stef_core.rules import load_rules

        rules = load_rules(rules)
    ruleset = rules if isinstance(rules, Ruleset) or rules is None \
        else Ruleset.model_validate(dict(rules))
    engine = Engine(ruleset, judge=judge, judge_options=dict(judge_options or {}),
                    dialect=dialect, batch_size=batch_size)
    notes = field_map.notes() if field_map else None

    def items() -> Iterator[Any]:
        from stef_core.records import BadRecord

        for n, raw in enumerate(_rows(df, kind), start=1):
            data, problem = field_map.apply(raw) if field_map else (raw, None)
            if problem is not None:
                yield BadRecord(str(n), f"input: row {n}: {problem}", line=n)
                continue
            yield record_from_mapping(data, default_id=str(n), line=n, where=f"row {n}",
                                      mapped=notes)

    try:
        rows = [result_row(r) for r in engine.run(items())]
    finally:
        engine.close()
    return _frame(rows, kind, df)


def _frame(rows: list[dict[str, Any]], kind: str, like: Any) -> Any:
    names = [name for name, _, _ in OUTPUT_COLUMNS]
    if kind == "pandas":
        import pandas as pd

        out = pd.DataFrame(rows, columns=names, index=like.index)
        for name, dtype, _ in OUTPUT_COLUMNS:
            if dtype == "long":  # nullable ints: a null must not turn the column to float
                out[name] = out[name].astype("Int64")
            elif dtype == "double":
                out[name] = out[name].astype("float64")
            elif dtype == "boolean":
                out[name] = out[name].astype("boolean")
        return out
    import polars as pl

    reason = pl.Struct({k: pl.String for k in ("code", "message", "category", "severity")})
    simple: dict[str, Any] = {"string": pl.String, "double": pl.Float64, "long": pl.Int64,
              "boolean": pl.Boolean, "array<string>": pl.List(pl.String)}
    schema: dict[str, Any] = {name: simple.get(dtype, pl.List(reason))
                              for name, dtype, _ in OUTPUT_COLUMNS}
    return pl.DataFrame(rows, schema=schema)


def summarize_dataframe(scored: Any) -> dict[str, Any]:
    """The per-agent summary of a :func:`score_dataframe` result, as ``stef eval`` prints it
    (the dict of :meth:`stef_core.stats.Summary.to_dict`)."""
    from stef_core.stats import Summary

    kind = _kind(scored)
    summary = Summary()
    rows = (scored.to_dict(orient="records") if kind == "pandas"
            else scored.to_dicts())
    for row in rows:
        summary.add(_result(row))
    return summary.to_dict()


def _result(row: Mapping[str, Any]) -> Result:
    """A result row back as the :class:`Result` the summary counts (what the row holds)."""
    def value(name: str) -> Any:
        v = row.get(name)
        if v is None or (isinstance(v, float) and v != v):  # None, NaN
            return None
        return v.item() if hasattr(v, "item") else v  # numpy scalars

    calls = value("judge_calls")
    usage = Usage(prompt_tokens=int(value("tokens") or 0), cost_usd=float(value("cost_usd") or 0),
                  calls=int(calls or 0), cached=bool(value("cached"))) if calls is not None \
        else None
    label = value("verdict")
    escalated = value("escalated")
    escalation = Escalation(escalated=bool(escalated), reason=value("escalation_reason") or "",
                            fallback=value("escalation_fallback")) \
        if escalated is not None else None
    verdict = Verdict(label=label, confidence=float(value("verdict_confidence") or 0.0),
                      judge=value("judge") or "", usage=usage,
                      escalation=escalation) if label else None
    reasons = row.get("reasons")
    return Result(
        id=str(row.get("id")), agent=str(row.get("agent") or "default"),
        status=row.get("status") or "unscored", score=value("score"), band=value("band"),
        confidence=value("confidence"), error=value("error"), timestamp=value("timestamp"),
        reasons=[Reason(**dict(r)) for r in (list(reasons) if reasons is not None else [])],
        verdict=verdict, usage=None if verdict else usage,
    )
