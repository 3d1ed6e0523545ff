"""``stef eval``: score records and print the per-agent summary."""

from __future__ import annotations

import json
import signal
import sys
from contextlib import ExitStack
from typing import IO, Any

import click

from stef_core.cli import EXIT_GATE, cli
from stef_core.cli.layout import layout_options, read_layout
from stef_core.cli.table import print_summary
from stef_core.models import Ruleset


@cli.command("eval")
@click.argument("inputs", nargs=-1, required=True, metavar="INPUT...")
@click.option("-o", "--output", "output", metavar="OUT.jsonl",
              help="Write one JSON line per record here ('-' for stdout). Default: stdout, "
                   "with the summary table on stderr.")
@click.option("--rules", "rules_path", metavar="FILE", help="R_app rules: .stef or .json.")
@click.option("--judge", default="offline", show_default=True, metavar="SPEC",
              help="Judge: 'offline', 'llm:<litellm model>' (e.g. llm:openai/gpt-4o-mini), or "
                   "'cascade:llm:<litellm model>' (offline first, the model only where the "
                   "offline verdict is uncertain).")
@click.option("--calibration", metavar="FILE.json",
              help="The offline judge's calibration (from `stef calibrate`); overrides the "
                   "ruleset's `calibration`. Default: the one shipped with STEF.")
@click.option("--engine", "engine_kind", type=click.Choice(["local", "spark"]), default="local",
              show_default=True, help="spark: score on Apache Spark (stef[spark]); INPUT may be "
                                      "Parquet or JSONL files or folders, -o a Parquet folder.")
@click.option("--master", metavar="URL", help="--engine spark: the Spark master (e.g. local[2]); "
                                              "default: Spark's own (spark-submit, local[*]).")
@click.option("--dialect", metavar="NAME",
              help="SQL dialect for records without one (any sqlglot dialect).")
@click.option("--summary-json", metavar="FILE", help="Also write the summary as JSON.")
@click.option("--today", metavar="YYYY-MM-DD",
              help="Date that relative dates ('last month') are read against in records "
                   "without a timestamp (default: today).")
@click.option("--fail-under", type=float, metavar="SCORE",
              help="Exit 1 when the overall mean score is below SCORE.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@click.option("--store", envvar="STEF_STORE", metavar="PATH",
              help="Record the run in this run-history file (SQLite; default: $STEF_STORE).")
@click.option("--resume", is_flag=True,
              help="Continue the partial run in -o OUT: skip records whose id is already there.")
@click.option("--question-extractor", "question_extractor", default="question", show_default=True,
              metavar="SPEC", help="Question-side extractor: 'question' (rules) or "
                                   "'llm[:<litellm model>]' (uses the LLM judge flags below).")
@click.option("--api-base", metavar="URL", help="LLM judge: an OpenAI-compatible server.")
@click.option("--api-key-env", metavar="NAME",
              help="LLM judge: send the key held by environment variable NAME. Without it a "
                   "server given by --api-base gets no key; the provider's own variable "
                   "(OPENAI_API_KEY ...) is used only for its default endpoint.")
@click.option("--concurrency", type=click.IntRange(1, 256), metavar="N",
              help="LLM judge: calls in flight at once (default 8).")
@click.option("--samples", type=click.IntRange(1, 20), metavar="N",
              help="LLM judge: replies drawn per record; gamma is the mean of their "
                   "P(correct).")
@click.option("--timeout", type=click.FloatRange(0.1), metavar="SECONDS",
              help="LLM judge: per-call timeout.")
@click.option("--cache-dir", metavar="DIR", help="LLM judge: cache location (or STEF_CACHE_DIR).")
@click.option("--no-cache", is_flag=True, help="LLM judge: do not read or write the cache.")
@click.option("--max-cost", type=click.FloatRange(0), metavar="USD",
              help="LLM judge: never spend more: each call first reserves its worst case; "
                   "records left over are unscored ('judge: cost cap ...').")
@click.option("--escalate", metavar="LOW,HIGH",
              help="Cascade judge: ask the model when the offline gamma is in [LOW, HIGH] "
                   "(default: the shipped policy; see the README).")
@click.option("--settle", metavar="SEVERITIES",
              help="Cascade judge: a finding of these severities keeps the offline verdict "
                   "(default critical,major; 'none': the band alone decides).")
@layout_options
@click.option("--limit", "limit_options", multiple=True, metavar="NAME=N",
              help="Raise or lower a per-record limit (repeatable): line, question, enriched, "
                   "sql, field, values, output (sizes), time (CPU seconds; 0: none). See README.")
def eval_command(
    inputs: tuple[str, ...],
    engine_kind: str,
    master: str | None,
    output: str | None,
    rules_path: str | None,
    judge: str,
    calibration: str | None,
    dialect: str | None,
    summary_json: str | None,
    fail_under: float | None,
    today: str | None,
    no_progress: bool,
    store: str | None,
    resume: bool,
    question_extractor: str,
    limit_options: tuple[str, ...],
    map_specs: tuple[str, ...],
    delimiter: str | None,
    **judge_flags: Any,
) -> None:
    """Score every record of INPUT (.jsonl, .json, .csv, .parquet; '-' reads JSONL from stdin)."""
    from stef_core.engine import Engine
    from stef_core.io import Notes, check_inputs, output_line, read_items
    from stef_core.limits import parse_limits
    from stef_core.stats import Summary

    paths = list(inputs)
    cascade_flags = [f"--{k}" for k in ("escalate", "settle") if judge_flags.get(k)]
    if cascade_flags and judge.partition(":")[0].strip() != "cascade":
        raise click.UsageError(f"{' and '.join(cascade_flags)}: only for --judge "
                               "cascade:llm:<litellm model>")
    if today:
        from stef_core.engine import _check_today

        today = _check_today(today)  # a usage error before any work
    if engine_kind == "spark":  # before check_inputs: Spark reads folders too
        from stef_core.spark import eval_command as spark_eval

        if dialect:
            _check_dialect(dialect)
        given = click.get_current_context().params
        local_only = [f"--{k.replace('_', '-')}"
                      for k in ("resume", "store", "question_extractor", "today", "calibration")
                      if given.get(k) not in (None, False, "question")]
        for flag, given_value in (("--limit", limit_options), ("--map", map_specs),
                                  ("--delimiter", delimiter)):
            if given_value:
                local_only.append(flag)
        if local_only:
            raise click.UsageError(f"{', '.join(local_only)}: not available with --engine spark")
        data = spark_eval(
            paths, output, master=master, rules_path=rules_path, judge=judge, dialect=dialect,
            judge_options={k: v for k, v in judge_flags.items() if v not in (None, False)},
        )
        print_summary(data)
        _finish(data, summary_json, fail_under)
        return
    check_inputs(paths)
    limits = parse_limits(limit_options)
    fields, delimiter = read_layout(map_specs, delimiter)
    if dialect:
        _check_dialect(dialect)
    rules = ruleset_for(rules_path)
    judge_options = {k: v for k, v in judge_flags.items() if v not in (None, False)}
    engine = Engine(rules, judge=judge, judge_options=judge_options, dialect=dialect,
                    question_extractor=question_extractor, today=today, limits=limits,
                    calibration=calibration)
    engine.settle()  # this process exists for the run: start-up objects leave the GC's sight

    summary = Summary()
    from stef_core.monitor.session import EXIT_INTERRUPTED, RunSession

    session = RunSession(paths, output=output, resume=resume, store=store, engine=engine,
                         summary=summary)
    interrupted = False
    notes = Notes()
    with ExitStack() as stack:
        out: IO[str]
        if output and output != "-":
            out = stack.enter_context(open(output, session.mode, encoding="utf-8"))
        else:
            out = sys.stdout
        table_to_stderr = out is sys.stdout
        progress = None
        if not no_progress and sys.stderr.isatty():
            from stef_core.cli.progress import Progress

            progress = stack.enter_context(Progress(paths, skip=session.already))
        stack.callback(engine.close)
        try:
            # An interrupt Python dropped while the engine was built (see stef_core.__main__)
            if getattr(signal.getsignal(signal.SIGINT), "fired", False):
                raise KeyboardInterrupt
            for result in engine.run(session.items(read_items(
                    paths, limits=limits, notes=notes, fields=fields, delimiter=delimiter))):
                line, result = output_line(result, limits, notes)
                out.write(line + "\n")  # one write: never half a line
                out.flush()  # the output and the store's copy advance together
                summary.add(result)
                session.record(result)
                if progress is not None:
                    progress.advance()
        except KeyboardInterrupt:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut cleanup
            interrupted = True
        except BaseException:
            session.finish("failed")
            raise
        out.flush()
    session.finish("interrupted" if interrupted else "complete")
    for warning in notes.warnings() + session.warnings():
        click.echo(f"stef: warning: {warning}", err=True)
    data = summary.to_dict()
    print_summary(data, err=table_to_stderr)
    if interrupted:
        click.echo(f"stef: interrupted after {session.written} new records"
                   + (f" ({session.already} were already done)" if session.already else "")
                   + (f"; {output} holds only complete lines: continue with --resume -o {output}"
                      if session.output else ""), err=True)
    if session.run_id is not None:
        click.echo(f"stef: recorded as run {session.run_id} in {store}", err=True)
    if interrupted:
        raise SystemExit(EXIT_INTERRUPTED)
    _finish(data, summary_json, fail_under)


def _finish(data: dict[str, Any], summary_json: str | None, fail_under: float | None) -> None:
    """Write the summary JSON and apply the --fail-under gate (any engine)."""
    if summary_json:
        with open(summary_json, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)
            fh.write("\n")
    mean = data["overall"]["mean"]
    if fail_under is not None and (mean is None or mean < fail_under):
        click.echo(
            f"stef: mean score {mean if mean is not None else 'n/a'} is below --fail-under "
            f"{fail_under}",
            err=True,
        )
        raise SystemExit(EXIT_GATE)


def ruleset_for(rules_path: str | None) -> Ruleset:
    """The ruleset a command runs with: the file's, with its warnings on stderr (harmless
    oddities: said, and the run goes on), or the defaults."""
    from stef_core.rules import load_rules

    if not rules_path:
        return Ruleset()
    warnings: list[str] = []
    try:
        return load_rules(rules_path, warnings=warnings)
    finally:
        for warning in warnings:
            click.echo(warning, err=True)


def _check_dialect(name: str) -> None:
    from sqlglot.dialects.dialect import Dialect

    try:
        Dialect.get_or_raise(name)
    except ValueError as exc:
        raise click.BadParameter(str(exc).splitlines()[0], param_hint="--dialect") from None
