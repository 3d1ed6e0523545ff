"""Text renderings of a report dict: the terminal table (rich, same style as ``stef eval``'s
summary) and Markdown."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from stef_core.models import BANDS


def fmt(x: Any, pct: bool = False) -> str:
    """``87.4`` / ``98.7%`` / ``-`` for missing values."""
    if x is None:
        return "-"
    return f"{x * 100:.1f}%" if pct else f"{x:.1f}"


def _label(group: dict[str, Any]) -> str:
    return group["agent"] + (f" · {group['window']}" if group.get("window") else "")


def _rows(data: dict[str, Any]) -> list[tuple[dict[str, Any], list[str]]]:
    windowed = data["by"] != "agent"
    rows = []
    for g in data["groups"]:
        cells = [g["agent"]] + ([g["window"]] if windowed else [])
        rows.append((g, cells))
    if len(data["groups"]) != 1:
        rows.append((data["overall"], ["(all)"] + ([""] if windowed else [])))
    return rows


def _columns(data: dict[str, Any]) -> list[str]:
    head = ["agent"] + (["window"] if data["by"] != "agent" else [])
    return [*head, "records", "coverage", "mean", "p50", "p90", "est. accuracy (95% CI)",
            *BANDS]


def estimate(s: dict[str, Any]) -> str:
    """``0.81 [0.79, 0.83]``: estimated accuracy (mean gamma) and its 95 % interval."""
    est = s.get("estimated_accuracy")
    if est is None:
        return "-"
    ci = s.get("estimated_accuracy_ci95")
    return f"{est:.2f} [{ci[0]:.2f}, {ci[1]:.2f}]" if ci else f"{est:.2f}"


def _numbers(s: dict[str, Any]) -> list[str]:
    return [str(s["records"]), fmt(s["coverage"], pct=True), fmt(s["mean"]), fmt(s["p50"]),
            fmt(s["p90"]), estimate(s)] + [str(s["bands"][b]) for b in BANDS]


def calibration_rows(cal: dict[str, Any]) -> list[list[str]]:
    """The reliability table of a report's labelled records: gamma bin, records, mean gamma,
    share labelled correct."""
    return [[f"{r['bin'][0]:.1f}-{r['bin'][1]:.1f}", str(r["n"]), f"{r['mean_gamma']:.3f}",
             f"{r['share_correct']:.3f}"] for r in cal["table"]]


def band_precision_rows(cal: dict[str, Any]) -> list[list[str]]:
    """Per band: labelled records, labelled correct, precision (share correct)."""
    return [[band, str(b["labelled"]), str(b["correct"]),
             f"{b['precision']:.3f}" if b["precision"] is not None else "-"]
            for band, b in cal["bands"].items()]


def calibration_line(cal: dict[str, Any]) -> str:
    return (f"{cal['labelled']} labelled records: share correct {fmt(cal['share_correct'] * 100)}"
            f"%, mean gamma {cal['mean_gamma']:.3f}, ECE {cal['ece']:.3f}, Brier "
            f"{cal['brier']:.3f}")


def print_report(data: dict[str, Any], console: Console | None = None) -> None:
    """The report on stdout: one table, then reasons and worst records per group."""
    console = console or Console(highlight=False)
    if not console.is_terminal:
        console.width = 140  # pipes and CI logs: wide enough that no column is cut
    table = Table(title="STEF report", title_justify="left")
    for col in _columns(data):
        table.add_column(col, justify="left" if col in ("agent", "window") else "right")
    for s, head in _rows(data):
        table.add_row(*head, *_numbers(s))
    console.print(table)
    for g in data["groups"]:
        if not g["top_reasons"] and not g["worst"]:
            continue
        console.print(Text(_label(g), style="bold"))
        for r in g["top_reasons"]:
            console.print(Text(f"  {r['code']} x{r['count']}  e.g. {r['example_id']}: "
                               f"{r['example']}"))
        if g["worst"]:
            worst = ", ".join(f"{w['id']} ({fmt(w['score'])})" for w in g["worst"])
            console.print(Text(f"  worst: {worst}"))
    cal = (data.get("calibration") or {}).get("overall")
    if cal:
        rel = Table(title="Reliability: gamma against the reviewers' labels",
                    title_justify="left")
        for col in ("gamma", "records", "mean gamma", "share correct"):
            rel.add_column(col, justify="left" if col == "gamma" else "right")
        for row in calibration_rows(cal):
            rel.add_row(*row)
        console.print(rel)
        bands = Table(title="Band precision (share of labelled records that are correct)",
                      title_justify="left")
        for col in ("band", "labelled", "correct", "precision"):
            bands.add_column(col, justify="left" if col == "band" else "right")
        for row in band_precision_rows(cal):
            bands.add_row(*row)
        console.print(bands)
        console.print(Text(calibration_line(cal)))
    unscored = data["overall"]["records"] - data["overall"]["scored"]
    if unscored:
        kinds = ", ".join(f"{k}: {n}" for k, n in data["overall"]["unscored_by_kind"].items())
        console.print(f"Unscored records: {unscored} ({kinds}).")
    if data.get("bad_timestamps"):
        console.print(f"{data['bad_timestamps']} results have a timestamp that is not ISO 8601; "
                      "they are in the 'unknown' window.")


def _md(text: Any) -> str:
    # A pipe would end the cell; newlines would end the row.
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown(data: dict[str, Any]) -> str:
    """The report as GitHub-flavoured Markdown."""
    cols = _columns(data)
    out = ["# STEF report", "", "| " + " | ".join(cols) + " |",
           "|" + "|".join("---" if c in ("agent", "window") else "---:" for c in cols) + "|"]
    for s, head in _rows(data):
        out.append("| " + " | ".join(_md(c) for c in [*head, *_numbers(s)]) + " |")
    cal = (data.get("calibration") or {}).get("overall")
    if cal:
        out += ["", "## Reliability", "", calibration_line(cal), "",
                "| gamma | records | mean gamma | share correct |", "|---|---:|---:|---:|"]
        out += ["| " + " | ".join(r) + " |" for r in calibration_rows(cal)]
        out += ["", "| band | labelled | correct | precision |", "|---|---:|---:|---:|"]
        out += ["| " + " | ".join(r) + " |" for r in band_precision_rows(cal)]
    for g in data["groups"]:
        if not g["top_reasons"] and not g["worst"]:
            continue
        out += ["", f"## {_md(_label(g))}", ""]
        if g["top_reasons"]:
            out += ["| reason | count | example |", "|---|---:|---|"]
            for r in g["top_reasons"]:
                out.append(f"| `{_md(r['code'])}` | {r['count']} | "
                           f"{_md(r['example_id'])}: {_md(r['example'])} |")
        if g["worst"]:
            out += ["", "| worst record | score | band | reasons |", "|---|---:|---|---|"]
            for w in g["worst"]:
                out.append(f"| {_md(w['id'])} | {fmt(w['score'])} | {w['band'] or '-'} | "
                           f"{_md(', '.join(w['reasons']) or '-')} |")
    return "\n".join(out) + "\n"
