"""``stef rules``: check, compile and format rulesets; print the R_app JSON Schema.

Exit codes: 0 valid (or already formatted); 2 invalid rules or usage errors, with every problem
printed to stderr (``FILE:LINE:COL`` blocks for ``.stef``, JSON paths for ``.json``);
``fmt --check`` exits 1 when a file is not in canonical form (a gate, like ``--fail-under``).
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from stef_core.cli import EXIT_GATE, EXIT_USAGE, cli, fail, say
from stef_core.cli.layout import layout_options, read_layout
from stef_core.files import check_outputs, write_text
from stef_core.models import Ruleset
from stef_core.text import visible


@cli.group("rules")
def rules_group() -> None:
    """Check, compile and format rulesets (.stef) and R_app JSON."""


def _load(path: str, sources: list[str] | None = None) -> tuple[Ruleset | None, list[str]]:
    """The ruleset (or None) and its errors; warnings are printed to stderr as they come.
    ``sources`` collects the files read (the ruleset and its includes)."""
    from stef_core.rules import RulesError, load_rules

    warnings: list[str] = []
    try:
        ruleset = load_rules(path, warnings=warnings, sources=sources)
    except RulesError as exc:
        return None, exc.messages
    finally:
        for warning in warnings:
            say(warning)
    return ruleset, []


def _report(problems: list[str], bad_files: int, total_files: int) -> None:
    for message in problems:
        say(message)
    noun = "error" if len(problems) == 1 else "errors"
    fail(f"{len(problems)} {noun} in {bad_files} of {total_files} rules "
         f"file{'s' if total_files != 1 else ''}", EXIT_USAGE)


@rules_group.command("check")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
def check_command(files: tuple[str, ...]) -> None:
    """Validate .stef rulesets and R_app .json files; print every error."""
    problems: list[str] = []
    bad = 0
    for path in files:
        ruleset, errors = _load(path)
        if ruleset is None:
            bad += 1
            problems.extend(errors)
        else:
            click.echo(visible(f"{path}: ok (ruleset {ruleset.name!r} version "
                               f"{ruleset.version})"))
    if problems:
        _report(problems, bad, len(files))


@rules_group.command("compile")
@click.argument("file", metavar="FILE")
@click.option("-o", "--output", metavar="OUT.json",
              help="Write the R_app JSON here (default: stdout).")
def compile_command(file: str, output: str | None) -> None:
    """Compile a .stef ruleset (or re-validate a .json) to R_app JSON."""
    from stef_core.dsl import ruleset_json

    target = output if output and output != "-" else None
    if target:
        check_outputs([("-o", target)], [("the ruleset", file)])
    sources: list[str] = []
    ruleset, errors = _load(file, sources)
    if ruleset is None:
        _report(errors, 1, 1)
        return
    if target:  # an include or the calibration is read too: never written over
        check_outputs([("-o", target)], [("the ruleset", s) for s in sources]
                      + [("the calibration", ruleset.calibration)])
    if ruleset.calibration and Path(ruleset.calibration).is_absolute():
        # The compiler resolves the path against the ruleset; the JSON reads it against its
        # own folder, so write it relative to where the JSON goes (the current folder for
        # stdout) and the pair can move together.
        where = Path(target).resolve().parent if target else Path.cwd()
        try:
            relative = os.path.relpath(ruleset.calibration, where)
        except ValueError:  # another drive: only the absolute path reaches it
            relative = ruleset.calibration
        ruleset = ruleset.model_copy(update={"calibration": Path(relative).as_posix()})
    text = ruleset_json(ruleset)
    if target:
        write_text(target, text, label="-o")
        say(f"wrote {output}")
    else:
        click.echo(text, nl=False)


@rules_group.command("schema")
@click.option("-o", "--output", metavar="FILE", help="Write the schema here (default: stdout).")
def schema_command(output: str | None) -> None:
    """Print the R_app JSON Schema (generated from the pydantic model)."""
    from stef_core.schema import schema_text

    if output and output != "-":
        check_outputs([("-o", output)])
        write_text(output, schema_text(), label="-o")
    else:
        click.echo(schema_text(), nl=False)


@rules_group.command("fmt")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--check", "check_only", is_flag=True,
              help="Print nothing; exit 1 when a file is not canonically formatted.")
@click.option("--write", is_flag=True, help="Rewrite the files in place.")
def fmt_command(files: tuple[str, ...], check_only: bool, write: bool) -> None:
    """Format .stef rulesets canonically (to stdout unless --write or --check)."""
    from stef_core.dsl import format_text
    from stef_core.rules import RulesError

    if check_only and write:
        fail("--check and --write exclude each other")
    problems: list[str] = []
    bad = 0
    unformatted: list[str] = []
    for path in files:
        p = Path(path)
        if p.suffix != ".stef":
            problems.append(f"{path}: only .stef rulesets can be formatted")
            bad += 1
            continue
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}")
            bad += 1
            continue
        try:
            formatted = format_text(text, path)
        except RulesError as exc:
            problems.extend(exc.messages)
            bad += 1
            continue
        if check_only:
            if formatted != text:
                unformatted.append(path)
                say(f"{path}: would reformat")
        elif write:
            if formatted != text:
                write_text(path, formatted, label="--write")  # whole or not at all
                say(f"{path}: reformatted")
        else:
            click.echo(formatted, nl=False)
    if problems:
        _report(problems, bad, len(files))
    if unformatted:
        fail(f"{len(unformatted)} of {len(files)} rules files not formatted; run "
             "stef rules fmt --write", EXIT_GATE)


@rules_group.command("suggest")
@click.argument("logs", nargs=-1, required=True, metavar="LOGS...")
@click.option("-o", "--output", metavar="DRAFT.stef",
              help="Write the draft here (default: stdout).")
@click.option("--min-support", type=click.IntRange(min=1), default=2, show_default=True,
              help="Propose a statement only when at least this many records agree with it.")
@click.option("--min-precision", type=click.FloatRange(0, 1), default=0.8, show_default=True,
              help="... and at least this share of the records whose question uses its words.")
@click.option("--name", default="draft", show_default=True, help="The draft ruleset's name.")
@click.option("--dialect", help="SQL dialect of records that do not name one.")
@click.option("--no-progress", is_flag=True, help="Never show the progress bar.")
@layout_options
def suggest_command(logs: tuple[str, ...], output: str | None, min_support: int,
                    min_precision: float, name: str, dialect: str | None,
                    no_progress: bool, map_specs: tuple[str, ...],
                    delimiter: str | None) -> None:
    """Draft a ruleset from question/SQL logs (.jsonl, .json, .csv, .parquet; '-' is stdin).

    Proposes categorical values, value words, predicate terms and synonyms (from enrichment
    hints such as "X refers to Y"), a limit guard and benign filters, each with its support as
    a comment. The draft passes `stef rules check`; review it before use.
    """
    import shutil
    import sys
    import tempfile
    from contextlib import ExitStack

    from stef_core.contracts import SqlExtractor
    from stef_core.engine import BadRecord
    from stef_core.io import check_inputs, read_items
    from stef_core.registry import Registry
    from stef_core.suggest import Miner, check_draft

    paths = list(logs)
    check_inputs(paths)
    fields, delimiter = read_layout(map_specs, delimiter)
    check_outputs([("-o", output)], [("the input", p) for p in paths])
    registry = Registry.discover()
    for err in registry.problems():  # a draft goes on: only the SQL reader is used
        say(f"stef: warning: plugin {err.name!r} from {err.distribution} failed to load: "
            f"{err.error}")
    extractor = registry.get(SqlExtractor, "sql")()
    miner = Miner(extractor, dialect=dialect)
    with ExitStack() as stack:
        if "-" in paths:  # two passes: keep stdin in a private temporary file
            tmp = stack.enter_context(tempfile.NamedTemporaryFile(
                "w+", suffix=".jsonl", encoding="utf-8"))
            shutil.copyfileobj(sys.stdin, tmp)
            tmp.flush()
            paths = [tmp.name if p == "-" else p for p in paths]
        show = not no_progress and sys.stderr.isatty()
        for label in ("reading", "checking"):
            with ExitStack() as bar:
                progress = None
                if show:
                    from stef_core.cli.progress import Progress

                    progress = bar.enter_context(Progress(paths, label=label))
                for item in read_items(paths, fields=fields, delimiter=delimiter):
                    if label == "reading":
                        if isinstance(item, BadRecord):
                            miner.add_bad()
                        else:
                            miner.add(item)
                    elif not isinstance(item, BadRecord):
                        miner.check(item)
                    if progress is not None:
                        progress.advance()
    text, count = miner.draft(min_support=min_support, min_precision=min_precision, name=name)
    text, rejected = check_draft(text)
    count -= rejected
    if output and output != "-":
        write_text(output, text, label="-o")
    else:
        click.echo(text, nl=False)
    skipped = miner.unreadable + miner.unparsable
    say(f"{count} statements proposed from {miner.records} records"
        + (f" ({skipped} skipped: {miner.unreadable} unreadable, {miner.unparsable} "
           "with SQL that does not parse)" if skipped else "")
        + (f"; {rejected} set aside as comments" if rejected else "")
        + (f"; wrote {output}" if output and output != "-" else ""))
