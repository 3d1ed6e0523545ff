"""``stef compare``: did the new run get worse? Per agent, with bootstrap confidence intervals;
exit 1 when it did by more than ``--max-drop`` (the rule: stef_core.monitor.compare)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from stef_core.cli import EXIT_GATE, cli, say
from stef_core.files import check_outputs, write_text
from stef_core.monitor.render import safe_text
from stef_core.safejson import json_text


@cli.command("compare")
@click.argument("base", metavar="BASE")
@click.argument("new", metavar="NEW")
@click.option("--max-drop", type=click.FloatRange(0), default=2.0, show_default=True,
              metavar="POINTS",
              help="Exit 1 when an agent's mean drops by more than POINTS and the 95% CI of the "
                   "change lies below 0.")
@click.option("--json", "json_out", metavar="OUT.json", help="Also write the comparison as JSON.")
@click.option("--resamples", type=click.IntRange(100, 100_000), default=2000, show_default=True,
              help="Bootstrap resamples.")
@click.option("--seed", type=int, default=0, show_default=True, help="Bootstrap seed.")
@click.option("--store", envvar="STEF_STORE", metavar="PATH",
              help="Run store, for BASE/NEW given as run ids (default: $STEF_STORE).")
def compare_command(base: str, new: str, max_drop: float, json_out: str | None,
                    resamples: int, seed: int, store: str | None) -> None:
    """Compare NEW against BASE (results .jsonl files or run ids from the store).

    Exit 0 when no agent regressed, 1 when one did (see --max-drop), 2 on bad input.
    """
    from stef_core.monitor.compare import compare
    from stef_core.monitor.results import check_sources, open_results

    check_outputs([("--json", json_out)],
                  [("BASE", base if Path(base).exists() else None),
                   ("NEW", new if Path(new).exists() else None), ("the run store", store)])
    check_sources([base, new], store)
    data = compare(open_results(base, store), open_results(new, store), max_drop=max_drop,
                   resamples=resamples, seed=seed)
    data["base_source"], data["new_source"] = base, new
    print_comparison(data)
    if json_out:
        write_text(json_out, json_text(data) + "\n", label="--json")
    if data["failed"]:
        say(f"stef: regression: {', '.join(data['regressed'])} dropped by more than "
            f"{max_drop:g} points (95% CI below 0)")
        raise SystemExit(EXIT_GATE)


def _f(x: Any, signed: bool = False) -> str:
    if x is None:
        return "-"
    return f"{x:+.1f}" if signed else f"{x:.1f}"


def _p(x: Any, signed: bool = False) -> str:
    """A share as percent: ``81.2%`` or, for a change, ``+1.5 pp``."""
    if x is None:
        return "-"
    return f"{x * 100:+.1f} pp" if signed else f"{x * 100:.1f}%"


def pairing_line(c: dict[str, Any]) -> str:
    """How an agent's records were paired, and the paired difference with its interval."""
    p = c["paired"]
    left = p.get("unpaired") or {}
    n_base, n_new = c["base"]["records"], c["new"]["records"]
    if p["by"] == "none":
        return (f"no record of BASE ({n_base}) pairs with one of NEW ({n_new}) by id or by "
                "question: the comparison is unpaired")
    how = ("by id" if p["by"] == "id" else
           "by question (normalised: case, punctuation and spacing ignored)")
    line = (f"paired {n_base - left.get('base', 0)} of {n_base} BASE and "
            f"{n_new - left.get('new', 0)} of {n_new} NEW records {how}")
    ci = p.get("ci95")
    if p.get("change") is not None and ci:
        line += (f"; paired difference in mean score {p['change']:+.1f} "
                 f"[{ci[0]:+.1f}, {ci[1]:+.1f}] over {p['pairs']} scored pairs")
        if c["analysis"] != "paired":
            line += " (too few pairs to be the primary analysis)"
    return line


def print_comparison(data: dict[str, Any], console: Console | None = None) -> None:
    console = console or Console(highlight=False)
    if not console.is_terminal:
        console.width = 180
    table = Table(title=safe_text(f"STEF compare: {data['base_source']} -> {data['new_source']}"),
                  title_justify="left")
    for col in ("agent", "n base", "n new", "mean base", "mean new", "change", "95% CI",
                "analysis", "coverage", "verdict", "est. accuracy", "change ", "95% CI "):
        table.add_column(col, justify="left" if col in ("agent", "analysis", "verdict")
                         else "right")
    rows = list(data["agents"].items())
    if len(rows) != 1:
        rows.append(("(all)", data["overall"]))
    for name, c in rows:
        ci = c["primary_ci95"]
        analysis = c["analysis"]
        if analysis == "paired":
            analysis = f"paired by {c['paired']['by']} ({c['paired']['pairs']})"
        cov = c["coverage_change"]
        est = c["estimated_accuracy"]
        eci = est["primary_ci95"]
        table.add_row(
            safe_text(name), str(c["base"]["records"]), str(c["new"]["records"]),
            _f(c["base"]["mean"]), _f(c["new"]["mean"]), _f(c["primary_change"], signed=True),
            f"[{ci[0]:+.1f}, {ci[1]:+.1f}]" if ci else "-", analysis,
            f"{cov * 100:+.1f} pp" if cov is not None else "-", c["verdict"],
            f"{_p(est['base'])} -> {_p(est['new'])}", _p(est["primary_change"], signed=True),
            f"[{eci[0] * 100:+.1f}, {eci[1] * 100:+.1f}]" if eci else "-",
        )
    console.print(table)
    console.print(Text("est. accuracy: the mean of gamma, the judge's P(correct); its change "
                       "in points (pp) with a bootstrap 95% CI, paired like the mean's. The "
                       "gate is on the mean score."))
    for name, c in rows:
        console.print(safe_text(f"{name}: {pairing_line(c)}"))
        shifts = ", ".join(f"{b} {v:+.1f} pp" for b, v in c["band_shift"].items())
        console.print(safe_text(f"{name}: bands {shifts}"))
        for r in c["reason_shift"]:
            console.print(safe_text(f"  {r['code']}: {r['base_per_100']:.1f} -> "
                                    f"{r['new_per_100']:.1f} per 100 scored"))
    if data["only_in_base"]:
        console.print(safe_text(f"Only in BASE: {', '.join(data['only_in_base'])}"))
    if data["only_in_new"]:
        console.print(safe_text(f"Only in NEW: {', '.join(data['only_in_new'])}"))
    if not data["agents"]:
        console.print("No agent name occurs in both runs: the gate compares all records.")
