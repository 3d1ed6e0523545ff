"""``stef report``: per-agent (and per time window) report over results, as a table on stdout
and optionally Markdown and a self-contained HTML page."""

from __future__ import annotations

from pathlib import Path

import click

from stef_core.cli import cli, say
from stef_core.contracts import StefError
from stef_core.files import check_outputs, same_file, write_text
from stef_core.monitor.report import SharedIds
from stef_core.safejson import json_text


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
    from stef_core.monitor.render import markdown, print_report
    from stef_core.monitor.report import Report, parse_by
    from stef_core.monitor.results import check_sources, open_results

    parse_by(by)
    check_outputs([("--html", html_out), ("--markdown", md_out), ("--json", json_out)],
                  [("the results file", s) for s in sources if Path(s).exists()]
                  + [("the run store", store)])
    check_sources(list(sources), store)
    for i, source in enumerate(sources):
        first = next((s for s in sources[:i] if Path(s).is_file() and same_file(s, source)), None)
        if first is not None:
            raise StefError(f"{source}: is {first} again (the same file); each of its results "
                            "would be counted twice: give it once")
    report = Report(by=by, top=top)
    seen = SharedIds()
    for source in sources:
        for loaded in open_results(source, store):
            report.add(loaded.result)
            seen.add(loaded.result.agent, loaded.result.id, source)
        seen.next_source()
    data = report.to_dict()
    print_report(data)
    for warning in seen.warnings():
        say(f"stef: warning: {warning}")
    # A lone surrogate in a hand-made results file must not stop the report (U+FFFD).
    if md_out:
        write_text(md_out, _text(markdown(data)), label="--markdown")
    if html_out:
        from stef_core.monitor.html import render_html

        write_text(html_out, _text(render_html(data)), label="--html")
    if json_out:
        write_text(json_out, json_text(data) + "\n", label="--json")


def _text(text: str) -> str:
    """``text`` with lone surrogates replaced, so that it can be written as UTF-8."""
    return text.encode("utf-8", "replace").decode("utf-8")
