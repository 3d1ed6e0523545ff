"""``stef eval``: score records and print the per-agent summary."""

from __future__ import annotations

import contextlib
import json
import signal
import sys
from contextlib import ExitStack
from typing import Any

import click

from stef_core.cli import EXIT_GATE, cli, say
from stef_core.cli.layout import layout_options, read_layout
from stef_core.cli.table import print_summary
from stef_core.contracts import StefError
from stef_core.files import check_outputs, check_writable, write_text
from stef_core.models import Ruleset
from stef_core.safejson import json_text


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
@click.option("--min-coverage", type=click.FloatRange(0, 100), metavar="PERCENT",
              help="Exit 1 when fewer than PERCENT of the records are scored (without it: "
                   "when none is).")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@click.option("--store", envvar="STEF_STORE", metavar="PATH",
              help="Record the run in this run-history file (SQLite; default: $STEF_STORE).")
@click.option("--resume", is_flag=True,
              help="Continue the run that -o OUT was left by (OUT.partial, or OUT): skip the "
                   "records already done; refused when the inputs or settings differ.")
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
                   "(default: the shipped policy; see docs/judges.md).")
@click.option("--settle", metavar="SEVERITIES",
              help="Cascade judge: a finding of these severities keeps the offline verdict, "
                   "unless the share cap has room after every other candidate (default "
                   "critical; 'none': the band alone decides).")
@click.option("--escalate-share", metavar="SHARE",
              help="Cascade judge: ask the model for at most this share of the records, those "
                   "the offline judge rates likelier right first (default 0.74; 1: no cap).")
@click.option("--settled-stay-offline", is_flag=True,
              help="Cascade judge: records a settling finding keeps offline are never asked, "
                   "even when the share cap has room.")
@layout_options
@click.option("--limit", "limit_options", multiple=True, metavar="NAME=N",
              help="Raise or lower a per-record limit (repeatable): line, question, enriched, "
                   "sql, field, values, output (sizes), time (CPU seconds; 0: none). "
                   "See docs/input-output.md.")
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
    min_coverage: float | None,
    **judge_flags: Any,
) -> None:
    """Score every record of INPUT (.jsonl, .json, .csv, .parquet; '-' reads JSONL from stdin)."""
    from stef_core.engine import Engine
    from stef_core.io import Notes, check_inputs, output_line, read_items
    from stef_core.limits import parse_limits
    from stef_core.registry import Registry
    from stef_core.stats import Summary

    paths = list(inputs)
    cascade_flags = [f"--{k.replace('_', '-')}" for k in ("escalate", "settle", "escalate_share",
                                                           "settled_stay_offline")
                     if judge_flags.get(k)]
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
        check_outputs([("-o", output), ("--summary-json", summary_json)],
                      [("the input", p) for p in paths] + [("the rules", rules_path)],
                      folders=True)
        if summary_json:
            check_writable("--summary-json", summary_json)
        data = spark_eval(
            paths, output, master=master, rules_path=rules_path, judge=judge, dialect=dialect,
            judge_options={k: v for k, v in judge_flags.items() if v not in (None, False)},
        )
        print_summary(data)
        _finish(data, summary_json, fail_under, min_coverage)
        return
    check_inputs(paths)
    limits = parse_limits(limit_options)
    fields, delimiter = read_layout(map_specs, delimiter)
    if dialect:
        _check_dialect(dialect)
    sources: list[str] = []
    rules = ruleset_for(rules_path, sources=sources)
    _check_eval_outputs(paths, output, summary_json, store, sources,
                        calibration or rules.calibration)
    judge_options = {k: v for k, v in judge_flags.items() if v not in (None, False)}
    registry = Registry.discover()
    registry.check()  # a plugin that failed to load: say so, never score without it
    engine = Engine(rules, judge=judge, judge_options=judge_options, dialect=dialect,
                    question_extractor=question_extractor, today=today, limits=limits,
                    calibration=calibration, registry=registry)
    engine.settle()  # this process exists for the run: start-up objects leave the GC's sight

    from stef_core.monitor.resume import ResultsOutput, fingerprint
    from stef_core.monitor.session import EXIT_INTERRUPTED, RunSession

    file_output = output if output and output != "-" else None
    if file_output is None:
        if resume:
            raise StefError("--resume needs -o OUT.jsonl: the partial output to continue")
        if sys.stdout is None:  # started with its standard output closed
            raise StefError("the standard output is closed; give -o OUT.jsonl")
    summary = Summary()
    opened_store = results = None
    try:
        opened_store = _open_store(store) if store else None
        settings = _scoring_settings(engine, question_extractor, judge_options)
        settings["layout"] = {"map": list(map_specs), "delimiter": delimiter}
        made = fingerprint(paths, settings) if file_output else {"inputs": [], "settings": {}}
        results = ResultsOutput(
            file_output, resume=resume, made=made, stdout=sys.stdout,
            # stdin cannot be read twice: its records are checked by id only, as they come
            items=None if "-" in paths else lambda: read_items(
                paths, limits=limits, notes=Notes(), fields=fields, delimiter=delimiter))
        session = RunSession(paths, results=results, store=opened_store, engine=engine,
                             summary=summary)
    except BaseException:
        engine.close()
        if results is not None:
            with contextlib.suppress(StefError, OSError):
                results.close(complete=False)
        if opened_store is not None:
            opened_store.close()
        raise
    interrupted = False
    notes = Notes()
    first_error: str | None = None
    table_to_stderr = file_output is None
    with ExitStack() as stack:
        progress = None
        if not no_progress and sys.stderr.isatty():
            from stef_core.cli.progress import Progress

            progress = stack.enter_context(Progress(paths, skip=session.already))
        stack.callback(engine.close)
        try:
            # An interrupt Python dropped while the engine was built (see stef_core.__main__)
            if getattr(signal.getsignal(signal.SIGINT), "fired", False):
                raise KeyboardInterrupt
            if "-" not in paths:
                # The run's profile from its first records, read once more from the files,
                # so that a resumed run learns what the first one did.
                head = read_items(paths, limits=limits, notes=Notes(), fields=fields,
                                  delimiter=delimiter)
                try:
                    engine.learn(head)
                finally:
                    close = getattr(head, "close", None)
                    if close is not None:
                        close()
            for result in engine.run(session.items(read_items(
                    paths, limits=limits, notes=notes, fields=fields, delimiter=delimiter))):
                line, result = output_line(result, limits, notes)
                results.write(line + "\n")  # one write: never half a line, flushed
                summary.add(result)
                if first_error is None and result.status == "unscored":
                    first_error = result.error
                session.record(result)  # the store's copy advances with the output
                if progress is not None:
                    progress.advance()
            # Every record is done: closing takes moments (the engine, OUT renamed into
            # place, the store), and a Ctrl-C landing in it must not leave the run half closed
            # (OUT renamed but its fingerprint not, the store's run still 'running').
            handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
        except KeyboardInterrupt:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut cleanup
            interrupted = True
        except BaseException as exc:
            _stop(session, results)
            if isinstance(exc, StefError) and session.written + session.already:
                raise StefError(f"{exc}\n{_kept(session, results)}") from None
            raise
    try:
        results.close(complete=not interrupted)
    except BaseException:
        _stop(session, results)
        raise
    session.finish("interrupted" if interrupted else "complete")
    if not interrupted:
        signal.signal(signal.SIGINT, handler)
    for warning in notes.warnings() + session.warnings():
        say(f"stef: warning: {warning}")
    data = summary.to_dict()
    print_summary(data, err=table_to_stderr)
    if interrupted:
        say(f"stef: interrupted after {session.written} new records"
            + (f" ({session.already} were already done)" if session.already else "")
            + (f"; {_continue(results)}" if not results.direct else ""))
    if session.run_id is not None:
        say(f"stef: recorded as run {session.run_id} in {store}")
    if interrupted:
        raise SystemExit(EXIT_INTERRUPTED)
    _finish(data, summary_json, fail_under, min_coverage, first_error)


def _continue(results: Any) -> str:
    """Where an unfinished run's results are, and how to go on."""
    return (f"the results so far are in {results.partial} ({results.output} is replaced when "
            f"a run completes): continue with --resume -o {results.output}")


def _kept(session: Any, results: Any) -> str:
    n = session.written + session.already
    if results.direct:
        return f"stef: the {n} results written before that are in {results.holds}"
    return f"stef: {n} result{' was' if n == 1 else 's were'} kept; {_continue(results)}"


def _stop(session: Any, results: Any) -> None:
    """After a failure: keep what was written (the output's complete lines, the store's rows);
    a second failure while doing so (the store still locked) must not hide the first."""
    from stef_core.monitor.store import StoreError

    with contextlib.suppress(StefError, OSError):
        results.close(complete=False)
    with contextlib.suppress(StoreError, OSError):
        session.finish("failed")


def _open_store(path: str) -> Any:
    from stef_core.monitor.store import Store

    return Store(path)


def _check_eval_outputs(paths: list[str], output: str | None, summary_json: str | None,
                        store: str | None, rules: list[str], calibration: str | None) -> None:
    """Before anything is opened for writing: no output is an input, the ruleset (or one of
    its includes), the calibration, or another output; each can be written where it is."""
    from stef_core.monitor.resume import fingerprint_path, partial_path

    outputs: list[tuple[str, str | None]] = [("-o", output), ("--summary-json", summary_json),
                                             ("--store", store)]
    if output and output != "-":
        outputs += [("the partial output", partial_path(output)),
                    ("the fingerprint", fingerprint_path(output))]
    reads = ([("the input", p) for p in paths] + [("the rules", r) for r in rules]
             + [("the calibration", calibration)])
    check_outputs(outputs, reads, folders=True)
    for label, path in (("-o", output), ("--summary-json", summary_json)):
        if path and path != "-":
            check_writable(label, path)
    if store:
        from pathlib import Path

        if Path(store).is_dir():
            raise StefError(f"--store {store}: is a folder; give a file path for the run store")


def _scoring_settings(engine: Any, question_extractor: str,
                      judge_options: dict[str, Any]) -> dict[str, Any]:
    """What changes scores besides the input (the run's fingerprint, for --resume)."""
    import hashlib
    from dataclasses import asdict
    from datetime import date

    from stef_core import __version__
    from stef_core.monitor.session import plugin_versions

    plugins = json.dumps(plugin_versions(engine), sort_keys=True).encode("utf-8")
    return {
        "rules": engine.rules_hash,
        "judge": engine.judge_spec,
        "question_extractor": question_extractor,
        "dialect": engine.dialect,
        "today": engine.today or date.today().isoformat(),
        "limits": asdict(engine.limits),
        "samples": judge_options.get("samples"),
        "api_base": judge_options.get("api_base"),
        "stef": __version__,
        "plugins": hashlib.sha256(plugins).hexdigest()[:16],
    }


def _finish(data: dict[str, Any], summary_json: str | None, fail_under: float | None,
            min_coverage: float | None, first_error: str | None = None) -> None:
    """Write the summary JSON and apply the gates (any engine): coverage (none scored, or
    below --min-coverage), then --fail-under. Each failed gate is one line and exit 1."""
    if summary_json:
        write_text(summary_json, json_text(data) + "\n", label="--summary-json")
    overall = data["overall"]
    records, scored = overall["records"], overall["scored"]
    share = scored / records * 100 if records else None
    if share is not None and (share == 0 or (min_coverage is not None
                                             and share < min_coverage)):
        kinds = ", ".join(f"{k}: {n}" for k, n in overall.get("unscored_by_kind", {}).items())
        why = (f"no record was scored (0 of {records:,}; " if share == 0 else
               f"coverage {share:.1f}% ({scored:,} of {records:,} records scored) is below "
               f"--min-coverage {min_coverage:g}% (")
        first = f"; the first says: {first_error[:300]}" if first_error else ""
        say(f"stef: {why}unscored: {kinds}){first}")
        raise SystemExit(EXIT_GATE)
    escalation = overall.get("escalation") or {}
    example = escalation.get("fallback_example") or ""
    if escalation.get("escalated") and not escalation.get("model_verdicts") \
            and "configuration: " in example:
        # A cascade keeps the offline verdict when its model fails, so coverage passes; a
        # mistake in the judge's configuration fails every call the same way and would make
        # the run quietly offline-only. The results are written; the exit code says it.
        say(f"stef: the cascade's model gave no verdict: all {escalation['escalated']:,} "
            f"escalated records kept their offline verdict ({example[:400]})")
        raise SystemExit(EXIT_GATE)
    mean = overall["mean"]
    if fail_under is not None and (mean is None or mean < fail_under):
        click.echo(
            f"stef: mean score {mean if mean is not None else 'n/a'} is below --fail-under "
            f"{fail_under}",
            err=True,
        )
        raise SystemExit(EXIT_GATE)


def ruleset_for(rules_path: str | None, *, sources: list[str] | None = None) -> Ruleset:
    """The ruleset a command runs with: the file's, with its warnings on stderr (harmless
    oddities: said, and the run goes on), or the defaults. ``sources`` collects the files
    read (the ruleset and its includes)."""
    from stef_core.rules import load_rules

    if not rules_path:
        return Ruleset()
    warnings: list[str] = []
    try:
        return load_rules(rules_path, warnings=warnings, sources=sources)
    finally:
        for warning in warnings:
            say(warning)


def _check_dialect(name: str) -> None:
    from sqlglot.dialects.dialect import Dialect

    try:
        Dialect.get_or_raise(name)
    except ValueError as exc:
        raise click.BadParameter(str(exc).splitlines()[0], param_hint="--dialect") from None
