"""``stef runs``: the run history that ``stef eval --store PATH`` records."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table

from stef_core.cli import cli
from stef_core.contracts import StefError
from stef_core.monitor.render import safe_text

_STORE = click.option("--store", envvar="STEF_STORE", metavar="PATH",
                      help="The run store (default: $STEF_STORE).")


def _open(store: str | None) -> object:
    from pathlib import Path

    from stef_core.monitor.store import Store

    if not store:
        raise StefError("no run store: give --store PATH or set STEF_STORE")
    if not Path(store).is_file():
        raise StefError(f"{store}: no such run store; `stef eval --store {store}` creates it")
    return Store(store)


def _console() -> Console:
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = 140
    return console


@cli.group("runs")
def runs_group() -> None:
    """The run history recorded by `stef eval --store PATH`."""


@runs_group.command("list")
@_STORE
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def runs_list(store: str | None, as_json: bool) -> None:
    """List the stored runs, oldest first."""
    from dataclasses import asdict

    from stef_core.monitor.store import Store

    st = _open(store)
    assert isinstance(st, Store)
    with st:
        runs = st.list_runs()
    if as_json:
        click.echo(json.dumps([asdict(r) for r in runs], indent=2))
        return
    table = Table(title=f"STEF runs in {store}", title_justify="left")
    numeric = ("id", "records", "coverage", "mean", "est. accuracy")
    for col in ("id", "started", "status", "records", "coverage", "mean", "est. accuracy",
                "judge", "rules", "inputs"):
        table.add_column(col, justify="right" if col in numeric else "left")
    for r in runs:
        cov = f"{r.scored / r.records * 100:.1f}%" if r.records else "-"
        est = r.estimated_accuracy
        table.add_row(str(r.id), safe_text(r.started), safe_text(r.status), str(r.records), cov,
                      f"{r.mean:.1f}" if r.mean is not None else "-",
                      f"{est:.3f}" if est is not None else "-", safe_text(r.judge or "-"),
                      safe_text(f"{r.rules_name} v{r.rules_version}" if r.rules_name
                                else r.rules_hash or "-"), safe_text(", ".join(r.inputs)))
    _console().print(table)


@runs_group.command("show")
@click.argument("run_id", metavar="ID")
@_STORE
@click.option("--json", "as_json", is_flag=True, help="Print the run and its summary as JSON.")
def runs_show(run_id: str, store: str | None, as_json: bool) -> None:
    """Show one run: what ran (inputs, ruleset name, version and hash, judge, plugin versions)
    and its summary."""
    from dataclasses import asdict

    from stef_core.cli.table import print_summary
    from stef_core.monitor.store import Store
    from stef_core.stats import Summary

    st = _open(store)
    assert isinstance(st, Store)
    with st:
        info = st.get_run(run_id)
        summary = Summary()
        for result, _ in st.iter_results(info.id):
            summary.add(result)
    data = summary.to_dict()
    if as_json:
        click.echo(json.dumps({"run": asdict(info), "summary": data}, indent=2))
        return
    console = _console()
    console.print(safe_text(f"run {info.id}: {info.status}, started {info.started}, finished "
                       f"{info.finished or '-'}"))
    console.print(safe_text(f"inputs: {', '.join(info.inputs)}"))
    console.print(safe_text(f"output: {info.output or '(stdout)'}"))
    console.print(safe_text(f"ruleset: {info.ruleset}"))
    console.print(safe_text(f"judge: {info.judge}  STEF {info.stef_version or '?'}"))
    for stage, plugins in info.plugins.items():
        if plugins:
            listed = ", ".join(f"{pid} {ver}" for pid, ver in plugins.items())
            console.print(safe_text(f"{stage}: {listed}"))
    if data["overall"]["records"]:
        print_summary(data)
    else:
        console.print("No results recorded.")
