"""Text renderings of a report dict: the terminal table (rich, same style as ``stef eval``'s
summary) and Markdown."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape as html_escape
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from stef_core.models import BANDS
from stef_core.text import visible

__all__ = ["fmt", "markdown", "print_report", "safe_text", "visible"]

def safe_text(value: Any, style: str = "") -> Text:
    """User text (agent names, ids, messages) for a rich table or console: never read as
    markup (``[/bold]``, ``[link=...]``) or emoji codes, control characters made visible."""
    return Text(visible(value), style=style)


def fmt(x: Any, pct: bool = False) -> str:
    """``87.4`` / ``98.7%`` / ``-`` for missing values."""
    if x is None:
        return "-"
    return f"{x * 100:.1f}%" if pct else f"{x:.1f}"


def _label(group: dict[str, Any]) -> str:
    return str(group["agent"]) + (f" · {group['window']}" if group.get("window") else "")


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


def reasons_line(reasons: list[dict[str, Any]]) -> str:
    """``filter.missing critical (12), filter.value_mismatch major (4)``: the reasons that
    took records below 75, with their severity and how many records each."""
    return ", ".join(f"{r['code']} {r.get('severity', '')} ({r['count']})".replace("  ", " ")
                     for r in reasons)


def _numbers(s: dict[str, Any]) -> list[str]:
    return [str(s["records"]), fmt(s["coverage"], pct=True), fmt(s["mean"]), fmt(s["p50"]),
            fmt(s["p90"]), estimate(s)] + [str(s["bands"][b]) for b in BANDS]


LABELLED_COLUMNS = ("agent", "version", "labelled", "correct", "accuracy (95% CI)",
                   "est. accuracy on them")


def labelled_rows(rows: list[dict[str, Any]]) -> list[list[str]]:
    """The labelled-accuracy table: per agent (version ``all``) and per version, the share of
    labelled records that are correct with its Wilson 95 % interval, and mean gamma on them."""
    out = []
    for r in rows:
        ci = r["accuracy_ci95"]
        acc = f"{r['accuracy']:.2f}" + (f" [{ci[0]:.2f}, {ci[1]:.2f}]" if ci else "")
        out.append([r["agent"], r["version"] or "all", str(r["labelled"]), str(r["correct"]),
                    acc, f"{r['estimated']:.2f}"])
    return out


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


def judge_line(s: dict[str, Any]) -> str | None:
    """What the judge spent and, for a cascade, what it sent to its model; None when the
    judge made no call and is no cascade (the offline judge).

    >>> print(judge_line({"judge_calls": 3, "cache_hits": 1, "tokens": 360, "cost_usd": 0.0012,
    ...                   "escalation": {"records": 10, "escalated": 4, "share": 0.4,
    ...                                  "model_verdicts": 3, "fallbacks": 1,
    ...                                  "fallback_example": "judge: cost cap reached"}}))
    Judge: 3 calls, 1 records from the cache, 360 tokens, $0.0012; cascade: 4 of 10 records \
escalated to the model (40.0%), 1 kept the offline verdict (judge: cost cap reached)
    """
    calls, hits = s.get("judge_calls", 0), s.get("cache_hits", 0)
    escalation = s.get("escalation")
    if not (s.get("cost_usd", 0) > 0 or calls > 0 or hits > 0 or escalation):
        return None
    line = (f"Judge: {calls} calls, {hits} records from the cache, {s.get('tokens', 0)} tokens, "
            f"${s.get('cost_usd', 0):.4f}")
    if escalation:
        line += (f"; cascade: {escalation['escalated']} of {escalation['records']} records "
                 f"escalated to the model ({escalation['share'] * 100:.1f}%)")
        if escalation.get("fallbacks"):
            line += (f", {escalation['fallbacks']} kept the offline verdict "
                     f"({escalation.get('fallback_example') or 'the model gave none'})")
    return line


def print_report(data: dict[str, Any], console: Console | None = None) -> None:
    """The report on stdout: one table, then reasons and worst records per group."""
    console = console or Console(highlight=False)
    if not console.is_terminal:
        console.width = 180  # pipes and CI logs: wide enough that no column is cut
    table = Table(title="STEF report", title_justify="left")
    for col in _columns(data):
        table.add_column(col, justify="left" if col in ("agent", "window") else "right")
    for s, head in _rows(data):
        table.add_row(*(safe_text(h) for h in head), *_numbers(s))
    console.print(table)
    if data.get("labelled"):
        console.print(_table("Labelled accuracy per agent and version (reviewers' labels)",
                             LABELLED_COLUMNS, labelled_rows(data["labelled"])))
    for g in data["groups"]:
        if not g["top_reasons"] and not g["worst"] and not g.get("noted_reasons"):
            continue
        console.print(safe_text(_label(g), style="bold"))
        if g["top_reasons"]:
            console.print("  what took records below 75:")
        for r in g["top_reasons"]:
            console.print(safe_text(f"    {r['code']} ({r['severity']}) x{r['count']}  e.g. "
                                    f"{r['example_id']}: {r['example']}"))
        if g.get("noted_reasons"):
            noted = ", ".join(f"{r['code']} x{r['count']}" for r in g["noted_reasons"])
            console.print(safe_text(f"  also noted (info): {noted}"))
        if g["worst"]:
            console.print("  worst records:")
        for w in g["worst"]:
            console.print(safe_text(f"    {w['id']}  {fmt(w['score'])} {w['band'] or '-'}  "
                                    f"{', '.join(w['reasons']) or '-'}"))
            if w.get("question"):
                console.print(safe_text(f"      question: {w['question']}", style="dim"))
            if w.get("sql"):
                console.print(safe_text(f"      SQL: {w['sql']}", style="dim"))
    cal = (data.get("calibration") or {}).get("overall")
    if cal:
        console.print(_table("Reliability: gamma against the reviewers' labels",
                             ("gamma", "records", "mean gamma", "share correct"),
                             calibration_rows(cal)))
        console.print(_table("Band precision (share of labelled records that are correct)",
                             ("band", "labelled", "correct", "precision"),
                             band_precision_rows(cal)))
        console.print(safe_text(calibration_line(cal)))
    unscored = data["overall"]["records"] - data["overall"]["scored"]
    if unscored:
        kinds = ", ".join(f"{k}: {n}" for k, n in data["overall"]["unscored_by_kind"].items())
        console.print(safe_text(f"Unscored records: {unscored} ({kinds})."))
    judged = judge_line(data["overall"])
    if judged:
        console.print(safe_text(judged))
    if data.get("bad_timestamps"):
        console.print(f"{data['bad_timestamps']} results have a timestamp that is not ISO 8601; "
                      "they are in the 'unknown' window.")


# What can start markup inside a table cell or a heading: emphasis, code, links and images,
# strikethrough, cell ends, closing heading marks, backslashes themselves.
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~#])")
_MD_BREAKS = re.compile("[\r\n\u2028\u2029\x0b\x0c\x85]")


def _md(text: Any) -> str:
    r"""User text as inert Markdown: HTML escaped (no raw tags), Markdown punctuation
    backslash-escaped (no links, images, emphasis or code), bare URLs and addresses broken up
    so that no autolink forms, and every line break (CR, LF, LS, PS) a space, so a value stays
    in its table cell.

    >>> print(_md("<b>[x](http://e.com)</b> | a\r\nb"))
    &lt;b&gt;\[x\](http\://e.com)&lt;/b&gt; \| a  b
    """
    out = visible(_MD_BREAKS.sub(" ", str(text)))
    out = _MD_SPECIAL.sub(r"\\\1", out)
    out = re.sub(r"(\w):(?=//)", r"\1\\:", out)  # http://  ->  http\://: no autolink
    out = re.sub(r"(?i)\b(www)\.", r"\1\\.", out)
    out = out.replace("@", "\\@")  # no e-mail autolinks
    return html_escape(out, quote=False)


def _md_code(text: Any) -> str:
    """Text for inside a code span: no backticks (they would end it), no line breaks, pipes
    escaped (GFM splits table cells on them even inside code)."""
    return _MD_BREAKS.sub(" ", visible(text)).replace("`", "'").replace("|", "\\|")


def markdown(data: dict[str, Any]) -> str:
    """The report as GitHub-flavoured Markdown."""
    cols = _columns(data)
    out = ["# STEF report", "", "| " + " | ".join(cols) + " |",
           "|" + "|".join("---" if c in ("agent", "window") else "---:" for c in cols) + "|"]
    for s, head in _rows(data):
        out.append("| " + " | ".join([*(_md(c) for c in head), *_numbers(s)]) + " |")
    judged = judge_line(data["overall"])
    if judged:
        out += ["", _md(judged)]
    cal = (data.get("calibration") or {}).get("overall")
    if cal:
        out += ["", "## Reliability", "", calibration_line(cal), "",
                "| gamma | records | mean gamma | share correct |", "|---|---:|---:|---:|"]
        out += ["| " + " | ".join(r) + " |" for r in calibration_rows(cal)]
        out += ["", "| band | labelled | correct | precision |", "|---|---:|---:|---:|"]
        out += ["| " + " | ".join(r) + " |" for r in band_precision_rows(cal)]
    if data.get("labelled"):
        out += ["", "## Labelled accuracy per agent and version", "",
                "| " + " | ".join(LABELLED_COLUMNS) + " |", "|---|---|---:|---:|---:|---:|"]
        out += ["| " + " | ".join(_md(c) for c in r) + " |"
                for r in labelled_rows(data["labelled"])]
    for g in data["groups"]:
        if not g["top_reasons"] and not g["worst"] and not g.get("noted_reasons"):
            continue
        out += ["", f"## {_md(_label(g))}", ""]
        if g["top_reasons"]:
            out += ["What took records below 75:", "",
                    "| reason | severity | records | example |", "|---|---|---:|---|"]
            for r in g["top_reasons"]:
                out.append(f"| `{_md_code(r['code'])}` | {r['severity']} | {r['count']} | "
                           f"{_md(r['example_id'])}: {_md(r['example'])} |")
        if g.get("noted_reasons"):
            noted = ", ".join(f"`{_md_code(r['code'])}` ({r['count']})"
                              for r in g["noted_reasons"])
            out += ["", f"Also noted (info, never a cause): {noted}"]
        if g["worst"]:
            out += ["", "| worst record | score | band | question | SQL | reasons |",
                    "|---|---:|---|---|---|---|"]
            for w in g["worst"]:
                sql = f"`{_md_code(w['sql'])}`" if w.get("sql") else "-"
                out.append(f"| {_md(w['id'])} | {fmt(w['score'])} | {w['band'] or '-'} | "
                           f"{_md(w.get('question') or '-')} | {sql} | "
                           f"{_md(', '.join(w['reasons']) or '-')} |")
    return "\n".join(out) + "\n"


def _table(title: str, columns: tuple[str, ...], rows: Iterable[Sequence[str]]) -> Table:
    """A left-titled table whose first column is a label and the others numbers."""
    table = Table(title=title, title_justify="left")
    for i, col in enumerate(columns):
        table.add_column(col, justify="left" if i == 0 else "right")
    for row in rows:
        table.add_row(*(safe_text(c) for c in row))
    return table
