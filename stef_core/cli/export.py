"""``stef export``: STEF's results where a team already watches its agents.

``stef export mlflow RESULTS --experiment NAME`` attaches each result to its MLflow trace as
feedback (``stef_score``, ``stef_gamma``), so the MLflow UI shows STEF beside the team's other
judges (``pip install 'stef[mlflow]'``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import click

from stef_core.cli import EXIT_USAGE, cli, fail
from stef_core.models import Result
from stef_core.monitor.render import visible


@cli.group("export")
def export_group() -> None:
    """Send results to the tools teams watch their agents in (MLflow)."""


@export_group.command("mlflow")
@click.argument("sources", nargs=-1, required=True, metavar="RESULTS...")
@click.option("--experiment", required=True, metavar="NAME",
              help="The MLflow experiment that holds the traces.")
@click.option("--tracking-uri", metavar="URI",
              help="The MLflow tracking server or store (default: MLFLOW_TRACKING_URI, or "
                   "MLflow's own default).")
@click.option("--map", "map_specs", multiple=True, metavar="trace_id=PATH",
              help="The result field that holds each record's trace id (default: id, which "
                   "`stef eval --map id=...` can fill from the log). Matched against trace "
                   "ids, OpenTelemetry trace ids and client request ids.")
@click.option("--store", envvar="STEF_STORE", metavar="PATH",
              help="Run store, for RESULTS given as run ids (default: $STEF_STORE).")
def export_mlflow(sources: tuple[str, ...], experiment: str, tracking_uri: str | None,
                  map_specs: tuple[str, ...], store: str | None) -> None:
    """Attach STEF results (files written by `stef eval`, or run ids) to MLflow traces as
    feedback: stef_score (band, gamma, verdict, reason codes in its metadata) and stef_gamma.
    Exporting again updates the feedback."""
    from stef_core.mapping import FieldMap
    from stef_core.monitor.results import check_sources, open_results

    fields = FieldMap.parse(map_specs, fields=("trace_id",))
    trace_field = fields.sources.get("trace_id", "id")
    check_sources(list(sources), store)
    # STEF sends no telemetry: MLflow's own is switched off unless the user has set it.
    os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
    from stef_core.integrations.mlflow import export_results

    def results() -> Iterator[Result]:
        for source in sources:
            for loaded in open_results(source, store):
                yield loaded.result

    report = export_results(results(), experiment=experiment, tracking_uri=tracking_uri,
                            trace_field=trace_field)
    matched = report.attached + report.updated
    where = f"experiment {visible(experiment)!r}"
    if report.results and not matched:
        seen = ", ".join(repr(visible(k)) for k in report.unmatched[:3]) or "(nothing)"
        like = (", ".join(map(repr, report.examples))
                or "(none: the experiment has no traces)")
        fail(f"no result matched a trace in {where}: results give {trace_field} = {seen}, "
             f"traces there are like {like}; map the field that holds the trace id with "
             "`stef eval --map id=PATH` or `--map trace_id=PATH` here", EXIT_USAGE)
    click.echo(f"stef: STEF feedback on {matched} traces in {where} ({report.attached} new, "
               f"{report.updated} updated)", err=True)
    if report.unmatched:
        first = ", ".join(repr(visible(k)) for k in report.unmatched[:3])
        click.echo(f"stef: warning: {len(report.unmatched)} results matched no trace there "
                   f"(first: {first})", err=True)
    if report.without_id:
        click.echo(f"stef: warning: {report.without_id} results have no {trace_field}",
                   err=True)
