"""``stef report``: per-agent (and per time window) report over results, as a table on stdout
and optionally Markdown and a self-contained HTML page."""

from __future__ import annotations

from pathlib import Path

import click

from stef_core.cli import cli


@cli.command("report")
@click.argument("sources", nargs=-1, required=True, metavar="RESULTS...")
@click.option("--html", "html_out", metavar="OUT.html",
              help="Also write a self-contained HTML page.")
@click.option("--markdown", "md_out", metavar="OUT.md", help="Also write the report as Markdown.")
@click.option("--json", "json_out", metavar="OUT.json", help="Also write the report data as JSON.")
@click.option("--by", default="agent", show_default=True, metavar="agent|agent,day|agent,week",
              help="Group by agent, or by agent and the day or ISO week of each timestamp "
                   "(UTC; results without one go to the 'unknown' window).")
@click.option("--top", type=click.IntRange(1, 50), default=5, show_default=True,
              help="Reason codes and worst records shown per group.")
@click.option("--store", envvar="STEF_STORE", metavar="PATH",
              help="Run store, for RESULTS given as run ids (default: $STEF_STORE).")
def report_command(sources: tuple[str, ...], html_out: str | None, md_out: str | None,
                   json_out: str | None, by: str, top: int, store: str | None) -> None:
    """Report over RESULTS (JSONL files written by `stef eval`, or run ids from the store)."""
    import json

    from stef_core.monitor.render import markdown, print_report
    from stef_core.monitor.report import Report, parse_by
    from stef_core.monitor.results import check_sources, open_results

    parse_by(by)
    check_sources(list(sources), store)
    report = Report(by=by, top=top)
    for source in sources:
        for loaded in open_results(source, store):
            report.add(loaded.result)
    data = report.to_dict()
    print_report(data)
    # errors="replace": a lone surrogate in a hand-made results file must not stop the report
    if md_out:
        Path(md_out).write_text(markdown(data), encoding="utf-8", errors="replace")
    if html_out:
        from stef_core.monitor.html import render_html

        Path(html_out).write_text(render_html(data), encoding="utf-8", errors="replace")
    if json_out:
        Path(json_out).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
