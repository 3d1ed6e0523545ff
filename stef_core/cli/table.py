"""The per-agent summary table (rich), printed after ``stef eval``."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from stef_core.monitor.render import estimate, fmt, judge_line, reasons_line, safe_text


def print_summary(data: dict[str, Any], *, err: bool = False) -> None:
    console = Console(stderr=err, highlight=False)
    if not console.is_terminal:
        console.width = 180  # pipes and CI logs: wide enough that no column is cut
    labelled = any(s.get("labelled") for s in [data["overall"], *data["agents"].values()])
    table = Table(title="STEF summary", title_justify="left")
    cols = ["agent", "records", "coverage", "mean", "p50", "p90", "est. accuracy (95% CI)"]
    if labelled:
        cols.append("labelled accuracy")
    cols += ["excellent", "good", "marginal", "poor"]
    for col in cols:
        table.add_column(col, justify="left" if col == "agent" else "right")
    rows = list(data["agents"].items())
    if len(rows) != 1:
        rows.append(("(all)", data["overall"]))
    for name, s in rows:
        b = s["bands"]
        cells: list[Text | str] = [
            safe_text(name), str(s["records"]), fmt(s["coverage"], pct=True), fmt(s["mean"]),
            fmt(s["p50"]), fmt(s["p90"]), estimate(s)]
        if labelled:
            acc = s.get("accuracy")
            cells.append(f"{acc:.2f} of {s['labelled']}" if acc is not None else "-")
        cells += [str(b["excellent"]), str(b["good"]), str(b["marginal"]), str(b["poor"])]
        table.add_row(*cells)
    console.print(table)
    console.print("est. accuracy: the mean of gamma, the judge's P(correct), over the scored "
                  "records.")
    overall = data["overall"]
    if overall["top_reasons"]:
        console.print(safe_text(f"What took records below 75: "
                                f"{reasons_line(overall['top_reasons'])}"))
    if overall.get("noted_reasons"):
        noted = ", ".join(f"{r['code']} ({r['count']})" for r in overall["noted_reasons"])
        console.print(safe_text(f"Also noted on them (info, never a cause): {noted}"))
    unscored = overall["records"] - overall["scored"]
    if unscored:
        kinds = ", ".join(f"{k}: {n}" for k, n in overall["unscored_by_kind"].items())
        console.print(safe_text(f"Unscored records: {unscored} ({kinds}); see their 'error' "
                                "field."))
    judged = judge_line(overall)
    if judged:
        console.print(safe_text(judged))
