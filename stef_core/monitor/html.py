"""The HTML report: one self-contained file (inline CSS, inline SVG charts drawn here in Python,
a few lines of inline JS for sorting), so it opens offline and can be mailed or archived.

Every piece of user text (agent names, ids, messages) is escaped; in the embedded JSON every
``<``, ``>`` and ``&`` is written as a ``\\u`` escape, so that neither ``</script>`` nor
``<!--<script>`` (which switches the HTML parser into a state where the real ``</script>`` no
longer ends the element) inside a name or message can change where the script ends.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from html import escape
from typing import Any

from stef_core import __version__
from stef_core.models import BANDS
from stef_core.monitor.render import (
    LABELLED_COLUMNS,
    calibration_line,
    estimate,
    fmt,
    judge_line,
    labelled_rows,
)

PALETTE = ("#4269d0", "#efb118", "#ff725c", "#6cc5b0", "#3ca951", "#ff8ab7", "#a463f2",
           "#97bbf5", "#9c6b4e", "#9498a0")
BAND_COLORS = {"excellent": "#3ca951", "good": "#6cc5b0", "marginal": "#efb118", "poor": "#ff725c"}
SEVERITY_COLORS = {"critical": "#d62728", "major": "#ff725c", "minor": "#efb118",
                   "info": "#9498a0"}

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1100px;
color:#1d1d1f;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd}
.meta{color:#666;font-size:12px}
table{border-collapse:collapse;margin:8px 0;font-variant-numeric:tabular-nums}
th,td{padding:3px 10px;border-bottom:1px solid #eee;text-align:right}
th{background:#f6f6f6;cursor:pointer;user-select:none}
td.l,th.l{text-align:left}
td.nowrap{white-space:nowrap}
.scroll{overflow-x:auto;max-width:100%}
.charts{display:flex;flex-wrap:wrap;gap:12px}
.chart{border:1px solid #eee;border-radius:6px;padding:6px;max-width:100%;box-sizing:border-box}
svg{max-width:100%;height:auto}
svg text{font:11px system-ui,sans-serif;fill:#333}
details{margin:6px 0}summary{cursor:pointer;font-weight:600}
code{background:#f3f3f3;padding:0 3px;border-radius:3px}
.legend span{display:inline-block;margin-right:12px;font-size:12px}
.legend i{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
.muted{color:#888}
.rec{border:1px solid #e4e4e4;border-left:4px solid #ff725c;border-radius:6px;padding:8px 12px;
margin:10px 0;overflow-wrap:anywhere}
.rec.marginal{border-left-color:#efb118}
.rec .head{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:baseline}
.rec .score{font-weight:700;font-variant-numeric:tabular-nums}
.rec .q{margin:6px 0 4px}
.rec pre{background:#f6f7f9;border-radius:4px;padding:6px 8px;margin:4px 0;white-space:pre-wrap;
overflow-wrap:anywhere;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.sev{display:inline-block;font-size:11px;padding:0 6px;border-radius:9px;color:#fff;
background:#9498a0;margin-right:4px}
.sev.critical{background:#d62728}.sev.major{background:#ff725c}.sev.minor{background:#efb118;
color:#1d1d1f}
.bars{max-width:760px}
.bars .row{display:flex;align-items:center;gap:8px;margin:3px 0}
.bars .label{flex:0 0 34%;text-align:right;overflow-wrap:break-word;font-size:12px}
.bars .track{flex:1;display:flex;align-items:center;min-width:0}
.bars .stack{height:18px;border-radius:3px;overflow:hidden;background:#f3f3f3}
.bars .seg{height:16px;min-width:1px;font-size:11px;line-height:16px;text-align:center;
color:#1d1d1f;overflow:hidden;white-space:nowrap}
.bars .stack .seg{height:18px;line-height:18px}
.bars .n{font-size:12px;margin-left:4px}
#timeline-box{overflow-x:auto}#timeline-box svg{max-width:none}
@media (max-width:600px){body{margin:12px auto;padding:0 10px}th,td{padding:3px 6px}
h2{font-size:16px}}
"""
# Sorting is a convenience; the page is complete without it. The script also records that it
# ran (data-rendered), which the browser test checks.
_JS = """
(function(){
  var data = JSON.parse(document.getElementById('stef-data').textContent);
  document.querySelectorAll('table.sortable').forEach(function(table){
    table.querySelectorAll('th').forEach(function(th, col){
      th.addEventListener('click', function(){
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var dir = th.dataset.dir === 'asc' ? -1 : 1;
        th.dataset.dir = dir === 1 ? 'asc' : 'desc';
        rows.sort(function(a, b){
          var x = a.cells[col].textContent, y = b.cells[col].textContent;
          var nx = parseFloat(x), ny = parseFloat(y);
          if (!isNaN(nx) && !isNaN(ny)) return (nx - ny) * dir;
          return x.localeCompare(y) * dir;
        });
        rows.forEach(function(r){ body.appendChild(r); });
      });
    });
  });
  var agents = Object.keys(data.agents);
  var note = document.getElementById('js-summary');
  note.textContent = 'Report over ' + data.overall.records + ' records from ' + agents.length +
    ' agent' + (agents.length === 1 ? '' : 's') + '.';
  document.documentElement.setAttribute('data-rendered', String(agents.length));
})();
"""


def script_json(data: Any) -> str:
    """``data`` as JSON that is safe inside ``<script>``: no ``<``, ``>`` or ``&`` left.

    >>> print(script_json({"agent": "<!--<script>"}))
    {"agent":"\\u003c!--\\u003cscript\\u003e"}
    """
    text = json.dumps(data, separators=(",", ":"))  # ASCII: surrogates and U+2028 escaped too
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _color(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def _legend(items: list[tuple[str, str]]) -> str:
    return '<div class="legend">' + "".join(
        f'<span><i style="background:{c}"></i>{escape(name)}</span>' for name, c in items
    ) + "</div>"


def histogram_svg(agent: str, counts: list[int], color: str) -> str:
    """Score distribution of one agent: bars over 0-100 in equal bins."""
    w, h, left, right, bottom, top = 260, 150, 34, 16, 22, 18
    peak = max(counts) or 1
    bw = (w - left - right) / len(counts)
    parts = [f'<svg class="hist" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" '
             f'aria-label="score distribution of {escape(agent)}">',
             f'<text x="{left}" y="12">{escape(agent)}</text>']
    for i, n in enumerate(counts):
        bh = (h - bottom - top) * n / peak
        x = left + i * bw
        lo, hi = i * 100 // len(counts), (i + 1) * 100 // len(counts)
        parts.append(f'<rect x="{x:.1f}" y="{h - bottom - bh:.1f}" width="{bw - 2:.1f}" '
                     f'height="{bh:.1f}" fill="{color}"><title>{lo}-{hi}: {n}</title></rect>')
    base = h - bottom
    parts.append(f'<line x1="{left}" y1="{base}" x2="{w - right}" y2="{base}" stroke="#999"/>')
    for v in (0, 50, 100):
        x = left + (w - left - right) * v / 100
        parts.append(f'<text x="{x:.1f}" y="{h - 6}" text-anchor="middle">{v}</text>')
    parts.append(f'<text x="{left - 4}" y="{top + 8}" text-anchor="end">{peak}</text>')
    parts.append("</svg>")
    return "".join(parts)


def bands_bars(agents: dict[str, Any]) -> str:
    """Band shares per agent as 100 % stacked bars, in HTML so that they reflow to any width
    (a phone's included) with their labels at a readable size."""
    out = ['<div id="bands" class="bars" role="img" aria-label="band shares per agent">']
    for name, stats in agents.items():
        bands = stats["bands"]
        total = sum(bands.values())
        out.append(f'<div class="row"><div class="label">{escape(name)}</div>'
                   '<div class="track stack">')
        for band in BANDS:
            share = bands[band] / total if total else 0
            if share > 0:
                text = f"{share * 100:.0f}%" if share >= 0.06 else ""
                out.append(f'<div class="seg" style="width:{share * 100:.2f}%;'
                           f'background:{BAND_COLORS[band]}" title="{escape(name)} {band}: '
                           f'{bands[band]} ({share * 100:.1f}%)">{text}</div>')
        if not total:
            out.append('<span class="muted">no scored records</span>')
        out.append("</div></div>")
    out.append("</div>")
    return "".join(out)


def window_date(window: str) -> date | None:
    """The first day of a report window: ``2026-01-05`` itself, ``2026-W02`` its Monday.

    >>> window_date("2026-W02"), window_date("unknown")
    (datetime.date(2026, 1, 5), None)
    """
    try:
        if "-W" in window:
            year, week = window.split("-W")
            return date.fromisocalendar(int(year), int(week), 1)
        return date.fromisoformat(window)
    except ValueError:
        return None


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
#: Tick spacings tried in turn, finest first: (unit, step).
_TICK_STEPS = (("day", 1), ("day", 2), ("week", 1), ("week", 2), ("month", 1), ("month", 2),
               ("month", 3), ("month", 6), ("year", 1), ("year", 2), ("year", 5), ("year", 10),
               ("year", 25), ("year", 50), ("year", 100))


def _ticks(first: date, last: date, unit: str, step: int) -> list[date]:
    """Dates from ``first`` to ``last`` on round boundaries of ``step`` ``unit``s: every
    ``step`` days, Mondays, the first of every ``step``-th month, January 1 of years divisible
    by ``step``."""
    out: list[date] = []
    if unit in ("day", "week"):
        days = step * (7 if unit == "week" else 1)
        d = first + timedelta(days=(-first.weekday()) % 7) if unit == "week" else first
        while d <= last and len(out) < 1000:
            out.append(d)
            d += timedelta(days=days)
        return out
    if unit == "month":
        y, m = first.year, first.month
        if first.day > 1:
            y, m = (y + 1, 1) if m == 12 else (y, m + 1)
        while (m - 1) % step:
            y, m = (y + 1, 1) if m == 12 else (y, m + 1)
        while date(y, m, 1) <= last and len(out) < 1000:
            out.append(date(y, m, 1))
            m += step
            y, m = y + (m - 1) // 12, (m - 1) % 12 + 1
        return out
    y = first.year + (first.month > 1 or first.day > 1)
    y += (-y) % step
    while y <= last.year and y <= 9999 and len(out) < 1000:
        out.append(date(y, 1, 1))
        y += step
    return out


def date_ticks(first: date, last: date, width: float,
               label_px: float = 64) -> tuple[list[date], str]:
    """Axis ticks for dates from ``first`` to ``last`` on an axis ``width`` pixels wide: the
    finest round spacing (days, weeks, months, years) whose labels do not overlap, and that
    spacing's unit. A span of a few days gets a tick a day; years get a tick a year or fewer.

    >>> ticks, unit = date_ticks(date(2024, 1, 1), date(2024, 1, 10), 640)
    >>> unit, len(ticks)
    ('day', 10)
    >>> ticks, unit = date_ticks(date(2021, 3, 1), date(2024, 6, 1), 640)
    >>> unit, [t.isoformat() for t in ticks][:2]
    ('month', ['2021-07-01', '2022-01-01'])
    """
    most = max(2, int(width // label_px))
    for unit, step in _TICK_STEPS:
        ticks = _ticks(first, last, unit, step)
        if len(ticks) <= most:
            return ticks, unit
    return [first, last], "year"


def _tick_label(d: date, unit: str, previous: date | None) -> tuple[str, str]:
    """Two lines under a tick: ``Mar 5`` / ``2024`` (the year only where it changes)."""
    year = str(d.year) if previous is None or previous.year != d.year else ""
    if unit in ("day", "week"):
        return f"{_MONTHS[d.month - 1]} {d.day}", year
    if unit == "month":
        return _MONTHS[d.month - 1], year
    return str(d.year), ""


def timeline_svg(timeline: dict[str, Any], colors: dict[str, str]) -> str:
    """Mean score per time window and agent on a date axis: windows sit at their dates (a
    missing day is a gap, not a squeezed neighbour) and the axis is labelled with round dates
    spaced so that labels never overlap, whatever the span (a day to decades). The line skips
    windows where an agent has no scored record; windows without a date are not plotted."""
    windows: list[str] = timeline["windows"]
    dated = [(i, d) for i, w in enumerate(windows) if (d := window_date(w)) is not None]
    w, h, left, right, top, bottom = 1000, 270, 40, 28, 12, 52
    pw, ph = w - left - right, h - top - bottom
    first = min((d for _, d in dated), default=date.today())
    last = max((d for _, d in dated), default=first)
    span = (last - first).days

    def px(d: date) -> float:
        return left + (pw * (d - first).days / span if span else pw / 2)

    def py(v: float) -> float:
        return top + ph * (1 - v / 100)

    parts = [f'<svg id="timeline" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" '
             'aria-label="mean score over time">']
    for v in (0, 25, 50, 75, 100):
        parts.append(f'<line x1="{left}" y1="{py(v):.1f}" x2="{w - right}" y2="{py(v):.1f}" '
                     f'stroke="#eee"/><text x="{left - 6}" y="{py(v) + 4:.1f}" '
                     f'text-anchor="end">{v}</text>')
    ticks, unit = date_ticks(first, last, pw) if span else ([first], "day")
    previous: date | None = None
    base = h - bottom
    for d in ticks:
        x = px(d)
        line1, line2 = _tick_label(d, unit, previous)
        previous = d
        parts.append(f'<line class="tick" x1="{x:.1f}" y1="{base}" x2="{x:.1f}" '
                     f'y2="{base + 4}" stroke="#999"/>'
                     f'<text class="tick" x="{x:.1f}" y="{base + 16}" text-anchor="middle">'
                     f"{line1}</text>")
        if line2:
            parts.append(f'<text x="{x:.1f}" y="{base + 30}" text-anchor="middle" '
                         f'class="muted">{line2}</text>')
    parts.append(f'<line x1="{left}" y1="{base}" x2="{w - right}" y2="{base}" stroke="#999"/>')
    radius = 3 if len(dated) <= 90 else 1.6  # years of days: dots, not blots
    for agent, values in timeline["series"].items():
        color = colors.get(agent, "#333")
        pts = [(windows[i], px(d), py(values[i])) for i, d in dated if values[i] is not None]
        if len(pts) > 1:
            line = " ".join(f"{x:.1f},{y:.1f}" for _, x, y in pts)
            parts.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" '
                         f'points="{line}"/>')
        for (win, x, y), v in zip(pts, (values[i] for i, _ in dated if values[i] is not None)):
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{color}">'
                         f'<title>{escape(agent)} {escape(win)}: {v:.1f}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def reasons_bars(reasons: list[dict[str, Any]]) -> str:
    """What took records below 75, as bars coloured by severity (critical and major first,
    as ranked), each with the number of records it took there; HTML, so it reflows."""
    peak = max((r["count"] for r in reasons), default=1) or 1
    twice = {r["code"] for r in reasons if sum(x["code"] == r["code"] for x in reasons) > 1}
    out = ['<div id="reasons" class="bars" role="img" aria-label="what took records below 75">']
    for r in reasons:
        sev = r.get("severity", "")
        color = SEVERITY_COLORS.get(sev, PALETTE[2])
        # a code found with two severities (filter.missing: critical, or minor when the
        # evidence is weak) says which row is which
        also = f' <span class="muted">{escape(sev)}</span>' if r["code"] in twice else ""
        # a narrow screen breaks the code after a dot ("projection." / "missing"), not mid-word
        label = escape(r["code"]).replace(".", ".<wbr>").replace("_", "_<wbr>")
        out.append(f'<div class="row"><div class="label"><code>{label}</code>{also}'
                   '</div>'
                   f'<div class="track"><div class="seg" style="width:'
                   f'{r["count"] / peak * 100:.2f}%;background:{color}" '
                   f'title="{escape(r["code"])} ({escape(sev)}): {r["count"]} records"></div>'
                   f'<span class="n">{r["count"]}</span></div></div>')
    out.append("</div>")
    return "".join(out)


def _reasons_section(data: dict[str, Any]) -> str:
    """The reasons chart with its severity legend, and the info codes apart."""
    out = []
    if data["reasons"]:
        used = [s for s in SEVERITY_COLORS if any(r.get("severity") == s for r in data["reasons"])]
        out += ["<p>Each reason counts the records it took below 75: critical and major "
                "findings first; minor ones where a record had none of those.</p>",
                _legend([(s, SEVERITY_COLORS[s]) for s in used]),
                reasons_bars(data["reasons"])]
    else:
        out.append('<p class="muted">No low score carried a critical, major or minor '
                   "reason.</p>")
    noted = data.get("noted_reasons") or []
    if noted:
        out.append('<p id="noted">Also noted on them (info: reported, never a cause): '
                   + ", ".join(f"<code>{escape(r['code'])}</code> ({r['count']})"
                               for r in noted) + "</p>")
    return "".join(out)


def _record(w: dict[str, Any]) -> str:
    """One low-scored record: id, agent, score and band, its question, its (shortened) SQL
    and its reasons, most severe first."""
    reasons = "".join(f"<code>{escape(c)}</code> " for c in w["reasons"]) or "-"
    out = [f'<div class="rec {escape(w["band"] or "")}"><div class="head">'
           f'<span class="score">{fmt(w["score"])} {escape(w["band"] or "-")}</span>'
           f"<b>{escape(w['id'])}</b>"
           f'<span class="muted">{escape(w.get("agent") or "")}</span></div>']
    if w.get("question"):
        out.append(f'<div class="q">{escape(w["question"])}</div>')
    if w.get("sql"):
        out.append(f'<pre class="sql">{escape(w["sql"])}</pre>')
    out.append(f"<div>{reasons}")
    if w.get("message"):
        out.append(f'<span class="muted">{escape(w["message"])}</span>')
    out.append("</div></div>")
    return "".join(out)


def _worst_section(data: dict[str, Any]) -> str:
    worst = data["overall"]["worst"]
    if not worst:
        return '<p class="muted">No record scored below 75.</p>'
    return "".join(_record(w) for w in worst)


def _labelled_section(data: dict[str, Any]) -> str:
    """Accuracy against the reviewers' labels per agent and per version."""
    if not data.get("labelled"):
        return ""
    out = ["<h2>Labelled accuracy per agent and version</h2>",
           "<p>The share of labelled records that reviewers marked correct (Wilson 95 % "
           "interval), beside the judge's estimate on the same records (their mean "
           "gamma).</p>",
           '<div class="scroll"><table class="sortable" id="labelled"><thead><tr>']
    out += [f'<th class="{"l" if c in ("agent", "version") else ""}">{escape(c)}</th>'
            for c in LABELLED_COLUMNS]
    out.append("</tr></thead><tbody>")
    for row in labelled_rows(data["labelled"]):
        out.append("<tr>" + "".join(f'<td class="l nowrap">{escape(c)}</td>' for c in row[:2])
                   + "".join(f'<td class="nowrap">{escape(c)}</td>' for c in row[2:]) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def reliability_svg(cal: dict[str, Any]) -> str:
    """The reliability diagram: per bin of gamma, the share of labelled records that are
    correct against the mean gamma (a dot whose area follows the count), over the diagonal of
    perfect calibration; bars along the bottom show how many records each bin holds."""
    size, left, bottom, top, right = 300, 44, 40, 14, 14
    pw, ph = size - left - right, size - top - bottom
    h = size + 30

    def px(v: float) -> float:
        return left + pw * v

    def py(v: float) -> float:
        return top + ph * (1 - v)

    parts = [f'<svg id="reliability" width="{size}" height="{h}" viewBox="0 0 {size} {h}" '
             'role="img" '
             'aria-label="reliability diagram: share correct against gamma">']
    for v in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<line x1="{px(0):.1f}" y1="{py(v):.1f}" x2="{px(1):.1f}" '
                     f'y2="{py(v):.1f}" stroke="#eee"/>'
                     f'<text x="{left - 6}" y="{py(v) + 4:.1f}" text-anchor="end">{v:g}</text>'
                     f'<text x="{px(v):.1f}" y="{top + ph + 16}" text-anchor="middle">{v:g}</text>')
    parts.append(f'<line class="diagonal" x1="{px(0):.1f}" y1="{py(0):.1f}" x2="{px(1):.1f}" '
                 f'y2="{py(1):.1f}" stroke="#999" stroke-dasharray="4 3"/>')
    rows = cal["table"]
    peak = max((r["n"] for r in rows), default=1) or 1
    for r in rows:  # counts per bin, as low bars on the x axis
        lo, hi = r["bin"]
        bh = 28 * r["n"] / peak
        parts.append(f'<rect x="{px(lo) + 1:.1f}" y="{py(0) - bh:.1f}" '
                     f'width="{pw * (hi - lo) - 2:.1f}" height="{bh:.1f}" fill="#dde3f4"/>')
    points = [(px(r["mean_gamma"]), py(r["share_correct"]), r) for r in rows]
    if len(points) > 1:
        line = " ".join(f"{x:.1f},{y:.1f}" for x, y, _ in points)
        parts.append(f'<polyline fill="none" stroke="{PALETTE[0]}" stroke-width="1.5" '
                     f'points="{line}"/>')
    for x, y, r in points:
        radius = 3 + 5 * (r["n"] / peak) ** 0.5
        parts.append(
            f'<circle class="bin" cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{PALETTE[0]}">'
            f'<title>gamma {r["bin"][0]:.1f}-{r["bin"][1]:.1f}: {r["n"]} records, mean gamma '
            f'{r["mean_gamma"]:.3f}, share correct {r["share_correct"]:.3f}</title></circle>')
    parts.append(f'<text x="{left + pw / 2:.1f}" y="{h - 6}" text-anchor="middle">gamma '
                 '(judge confidence)</text>')
    parts.append(f'<text x="12" y="{top + ph / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 12 {top + ph / 2:.1f})">share correct</text>')
    parts.append("</svg>")
    return "".join(parts)


def _calibration_section(data: dict[str, Any]) -> str:
    """Reliability diagram and band precision, when the results carry reviewer labels."""
    cal = (data.get("calibration") or {}).get("overall")
    if not cal:
        return ""
    out = ["<h2>Calibration against reviewer labels</h2>",
           f"<p>{escape(calibration_line(cal))}. A well calibrated judge's dots lie on the "
           "diagonal: of the records given gamma 0.8, eight in ten are correct.</p>",
           f'<div class="charts"><div class="chart">{reliability_svg(cal)}</div>',
           '<div><table id="band-precision"><thead><tr><th class="l">band</th>'
           "<th>labelled</th><th>correct</th><th>precision</th></tr></thead><tbody>"]
    for band, b in cal["bands"].items():
        prec = f"{b['precision']:.3f}" if b["precision"] is not None else "-"
        out.append(f"<tr><td class='l'>{band}</td><td>{b['labelled']}</td>"
                   f"<td>{b['correct']}</td><td>{prec}</td></tr>")
    out.append("</tbody></table></div></div>")
    return "".join(out)


def _stats_table(rows: list[tuple[dict[str, Any], list[str]]], head: list[str],
                 table_id: str) -> str:
    """A sortable table of group statistics: label cells, then the numbers."""
    cols = [*head, "records", "coverage", "mean", "p50", "p90", "est. accuracy (95% CI)",
            *BANDS]
    out = [f'<div class="scroll"><table class="sortable" id="{table_id}"><thead><tr>']
    out += [f'<th class="{"l" if c in head else ""}">{c}</th>' for c in cols]
    out.append("</tr></thead><tbody>")
    for s, cells in rows:
        nums = [str(s["records"]), fmt(s["coverage"], pct=True), fmt(s["mean"]), fmt(s["p50"]),
                fmt(s["p90"]), estimate(s)] + [str(s["bands"][b]) for b in BANDS]
        out.append("<tr>" + "".join(f'<td class="l nowrap">{escape(str(c))}</td>'
                                    for c in cells)
                   + "".join(f'<td class="nowrap">{n}</td>' for n in nums) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _summary_table(data: dict[str, Any]) -> str:
    """One row per agent (and all agents); per-window rows, when the report has windows, in a
    folded table of their own, so that a month of days does not push everything down."""
    rows = [(s, [agent]) for agent, s in data["agents"].items()]
    if len(rows) != 1:
        rows.append((data["overall"], ["(all)"]))
    out = [_stats_table(rows, ["agent"], "summary")]
    o = data["overall"]
    out.append(f'<p>All records: {o["records"]}, coverage {fmt(o["coverage"], pct=True)}, '
               f'mean {fmt(o["mean"])}, P50 {fmt(o["p50"])}, P90 {fmt(o["p90"])}, estimated '
               f'accuracy {estimate(o)} (the mean of gamma, the judge\'s probability that the '
               'SQL is correct).</p>')
    judged = judge_line(o)
    if judged:
        out.append(f'<p id="judge-usage">{escape(judged)}</p>')
    if data["by"] != "agent":
        unit = data["by"].split(",")[1]
        out.append(f"<details><summary>Per agent and {escape(unit)} "
                   f"({len(data['groups'])} rows)</summary>")
        out.append(_stats_table([(g, [g["agent"], g["window"]]) for g in data["groups"]],
                                ["agent", unit], "windows"))
        out.append("</details>")
    return "".join(out)


def _details(data: dict[str, Any]) -> str:
    """Per agent, folded: what took its records below 75, its info codes, its worst records.
    (Per window, the folded table under the summary has the numbers.)"""
    out = []
    for agent, g in data["agents"].items():
        label = agent
        out.append(f"<details><summary>{escape(label)}: {g['records']} records, mean "
                   f"{fmt(g['mean'])}</summary>")
        if g["top_reasons"]:
            out.append("<div class='scroll'><table><thead><tr><th class='l'>what took records "
                       "below 75</th><th class='l'>severity</th><th>records</th>"
                       "<th class='l'>example</th></tr></thead><tbody>")
            for r in g["top_reasons"]:
                out.append(f"<tr><td class='l'><code>{escape(r['code'])}</code></td>"
                           f"<td class='l'><span class='sev {escape(r['severity'])}'>"
                           f"{escape(r['severity'])}</span></td>"
                           f"<td>{r['count']}</td><td class='l'>{escape(r['example_id'])}: "
                           f"{escape(r['example'])}</td></tr>")
            out.append("</tbody></table></div>")
        if g.get("noted_reasons"):
            out.append("<p>Also noted (info): " + ", ".join(
                f"<code>{escape(r['code'])}</code> ({r['count']})" for r in g["noted_reasons"])
                       + "</p>")
        out.extend(_record(w) for w in g["worst"])
        out.append("</details>")
    return "".join(out)


def render_html(data: dict[str, Any], *, title: str = "STEF report") -> str:
    """The whole page for a :meth:`stef_core.monitor.report.Report.to_dict` result."""
    colors = {agent: _color(i) for i, agent in enumerate(data["agents"])}
    hists = "".join(
        f'<div class="chart">{histogram_svg(a, s["histogram"], colors[a])}</div>'
        for a, s in data["agents"].items()
    )
    timeline = data["timeline"]
    known = [w for w in timeline["windows"] if window_date(w) is not None]
    if known:
        # at its own size, scrolled on a narrow screen: scaled down, its dates could not be read
        time_chart = (_legend(list(colors.items()))
                      + f'<div class="chart" id="timeline-box">{timeline_svg(timeline, colors)}'
                      "</div>")
    else:
        time_chart = '<p class="muted">No result has a timestamp: nothing to plot over time.</p>'
    payload = script_json(data)
    return "".join([
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width,initial-scale=1'>",
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{escape(title)}</h1><p class='meta'>STEF {escape(__version__)} · grouped by "
        f"{escape(data['by'])} · <span id='js-summary'></span></p>",
        "<h2>Summary</h2>", _summary_table(data), _labelled_section(data),
        "<h2>What took records below 75</h2>", _reasons_section(data),
        "<h2>Worst records</h2>", _worst_section(data),
        f"<h2>Mean score per {escape(timeline['unit'])}</h2>", time_chart,
        "<h2>Score distribution per agent</h2>", f'<div class="charts">{hists}</div>',
        "<h2>Band shares</h2>", _legend([(b, BAND_COLORS[b]) for b in BANDS]),
        bands_bars(data["agents"]),
        _calibration_section(data),
        "<h2>Reasons and worst records per agent</h2>", _details(data),
        f'<script type="application/json" id="stef-data">{payload}</script>',
        f"<script>{_JS}</script></body></html>\n",
    ])
