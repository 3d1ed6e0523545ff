"""The HTML report: one self-contained file (inline CSS, inline SVG charts drawn here in Python,
a few lines of inline JS for sorting), so it opens offline and can be mailed or archived.

Every piece of user text (agent names, ids, messages) is escaped; in the embedded JSON every
``<``, ``>`` and ``&`` is written as a ``\\u`` escape, so that neither ``</script>`` nor
``<!--<script>`` (which switches the HTML parser into a state where the real ``</script>`` no
longer ends the element) inside a name or message can change where the script ends.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from stef_core import __version__
from stef_core.models import BANDS
from stef_core.monitor.render import calibration_line, estimate, fmt

PALETTE = ("#4269d0", "#efb118", "#ff725c", "#6cc5b0", "#3ca951", "#ff8ab7", "#a463f2",
           "#97bbf5", "#9c6b4e", "#9498a0")
BAND_COLORS = {"excellent": "#3ca951", "good": "#6cc5b0", "marginal": "#efb118", "poor": "#ff725c"}

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1100px;
color:#1d1d1f;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd}
.meta{color:#666;font-size:12px}
table{border-collapse:collapse;margin:8px 0;font-variant-numeric:tabular-nums}
th,td{padding:3px 10px;border-bottom:1px solid #eee;text-align:right}
th{background:#f6f6f6;cursor:pointer;user-select:none}
td.l,th.l{text-align:left}
.charts{display:flex;flex-wrap:wrap;gap:12px}
.chart{border:1px solid #eee;border-radius:6px;padding:6px}
svg text{font:11px system-ui,sans-serif;fill:#333}
details{margin:6px 0}summary{cursor:pointer;font-weight:600}
code{background:#f3f3f3;padding:0 3px;border-radius:3px}
.legend span{display:inline-block;margin-right:12px;font-size:12px}
.legend i{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
.muted{color:#888}
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
    parts = [f'<svg class="hist" width="{w}" height="{h}" role="img" '
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


def bands_svg(agents: dict[str, Any]) -> str:
    """Band shares per agent as 100 % stacked horizontal bars."""
    names = list(agents)
    label_w, bar_w, row_h = 140, 520, 24
    h = row_h * len(names) + 10
    parts = [f'<svg id="bands" width="{label_w + bar_w + 60}" height="{h}" role="img" '
             'aria-label="band shares per agent">']
    for i, name in enumerate(names):
        bands = agents[name]["bands"]
        total = sum(bands.values())
        y = 5 + i * row_h
        parts.append(f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end">'
                     f'{escape(name)}</text>')
        x = float(label_w)
        for band in BANDS:
            share = bands[band] / total if total else 0
            width = bar_w * share
            if width > 0:
                parts.append(
                    f'<rect x="{x:.1f}" y="{y}" width="{width:.1f}" height="{row_h - 6}" '
                    f'fill="{BAND_COLORS[band]}"><title>{escape(name)} {band}: {bands[band]} '
                    f'({share * 100:.1f}%)</title></rect>'
                )
                if width > 34:
                    parts.append(f'<text x="{x + width / 2:.1f}" y="{y + 13}" '
                                 f'text-anchor="middle">{share * 100:.0f}%</text>')
            x += width
        if not total:
            parts.append(f'<text x="{label_w + 4}" y="{y + 15}" class="muted">no scored '
                         'records</text>')
    parts.append("</svg>")
    return "".join(parts)


def timeline_svg(timeline: dict[str, Any], colors: dict[str, str]) -> str:
    """Mean score per time window and agent; the line skips windows where an agent has no
    scored record (a point per window that has one)."""
    windows: list[str] = timeline["windows"]
    w, h, left, right, top, bottom = 720, 260, 40, 20, 12, 40
    pw, ph = w - left - right, h - top - bottom
    n = len(windows)

    def px(i: int) -> float:
        return left + (pw * (i + 0.5) / n if n else 0)

    def py(v: float) -> float:
        return top + ph * (1 - v / 100)

    parts = [f'<svg id="timeline" width="{w}" height="{h}" role="img" '
             'aria-label="mean score over time">']
    for v in (0, 25, 50, 75, 100):
        parts.append(f'<line x1="{left}" y1="{py(v):.1f}" x2="{w - right}" y2="{py(v):.1f}" '
                     f'stroke="#eee"/><text x="{left - 6}" y="{py(v) + 4:.1f}" '
                     f'text-anchor="end">{v}</text>')
    step = max(1, n // 10)  # at most about ten axis labels
    for i, win in enumerate(windows):
        if i % step == 0:
            parts.append(f'<text x="{px(i):.1f}" y="{h - bottom + 16}" '
                         f'text-anchor="middle">{escape(win)}</text>')
    for agent, values in timeline["series"].items():
        color = colors.get(agent, "#333")
        points = [f"{px(i):.1f},{py(v):.1f}" for i, v in enumerate(values) if v is not None]
        if len(points) > 1:
            parts.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" '
                         f'points="{" ".join(points)}"/>')
        for i, v in enumerate(values):
            if v is None:
                continue
            parts.append(f'<circle cx="{px(i):.1f}" cy="{py(v):.1f}" r="3" fill="{color}">'
                         f'<title>{escape(agent)} {escape(windows[i])}: {v:.1f}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def reasons_svg(reasons: list[dict[str, Any]]) -> str:
    """The most frequent reason codes of low scores, as horizontal bars."""
    label_w, bar_w, row_h = 240, 400, 22
    h = row_h * len(reasons) + 10
    peak = max((r["count"] for r in reasons), default=1) or 1
    parts = [f'<svg id="reasons" width="{label_w + bar_w + 60}" height="{h}" role="img" '
             'aria-label="most frequent reasons">']
    for i, r in enumerate(reasons):
        y = 5 + i * row_h
        width = bar_w * r["count"] / peak
        parts.append(f'<text x="{label_w - 6}" y="{y + 14}" text-anchor="end">'
                     f'{escape(r["code"])}</text>'
                     f'<rect x="{label_w}" y="{y}" width="{width:.1f}" height="{row_h - 6}" '
                     f'fill="{PALETTE[2]}"><title>{escape(r["code"])}: {r["count"]}</title></rect>'
                     f'<text x="{label_w + width + 4:.1f}" y="{y + 14}">{r["count"]}</text>')
    parts.append("</svg>")
    return "".join(parts)


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

    parts = [f'<svg id="reliability" width="{size}" height="{h}" role="img" '
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


def _summary_table(data: dict[str, Any]) -> str:
    windowed = data["by"] != "agent"
    head = ["agent"] + (["window"] if windowed else []) + [
        "records", "coverage", "mean", "p50", "p90", "est. accuracy (95% CI)", *BANDS]
    out = ['<table class="sortable" id="summary"><thead><tr>']
    out += [f'<th class="{"l" if c in ("agent", "window") else ""}">{c}</th>' for c in head]
    out.append("</tr></thead><tbody>")
    rows = [(g, [g["agent"]] + ([g["window"]] if windowed else [])) for g in data["groups"]]
    for s, cells in rows:
        nums = [str(s["records"]), fmt(s["coverage"], pct=True), fmt(s["mean"]), fmt(s["p50"]),
                fmt(s["p90"]), estimate(s)] + [str(s["bands"][b]) for b in BANDS]
        out.append("<tr>" + "".join(f'<td class="l">{escape(str(c))}</td>' for c in cells)
                   + "".join(f"<td>{n}</td>" for n in nums) + "</tr>")
    out.append("</tbody></table>")
    o = data["overall"]
    out.append(f'<p>All records: {o["records"]}, coverage {fmt(o["coverage"], pct=True)}, '
               f'mean {fmt(o["mean"])}, P50 {fmt(o["p50"])}, P90 {fmt(o["p90"])}, estimated '
               f'accuracy {estimate(o)} (the mean of gamma, the judge\'s probability that the '
               'SQL is correct).</p>')
    return "".join(out)


def _details(data: dict[str, Any]) -> str:
    out = []
    for g in data["groups"]:
        label = g["agent"] + (f" · {g['window']}" if g.get("window") else "")
        out.append(f"<details><summary>{escape(label)}: {g['records']} records, mean "
                   f"{fmt(g['mean'])}</summary>")
        if g["top_reasons"]:
            out.append("<table><thead><tr><th class='l'>reason</th><th>count</th>"
                       "<th class='l'>example</th></tr></thead><tbody>")
            for r in g["top_reasons"]:
                out.append(f"<tr><td class='l'><code>{escape(r['code'])}</code></td>"
                           f"<td>{r['count']}</td><td class='l'>{escape(r['example_id'])}: "
                           f"{escape(r['example'])}</td></tr>")
            out.append("</tbody></table>")
        if g["worst"]:
            out.append("<table><thead><tr><th class='l'>worst record</th><th>score</th>"
                       "<th class='l'>band</th><th class='l'>reasons</th></tr></thead><tbody>")
            for w in g["worst"]:
                out.append(f"<tr><td class='l'>{escape(w['id'])}</td><td>{fmt(w['score'])}</td>"
                           f"<td class='l'>{escape(w['band'] or '-')}</td><td class='l'>"
                           f"{escape(', '.join(w['reasons']) or '-')}</td></tr>")
            out.append("</tbody></table>")
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
    known = [w for w in timeline["windows"] if w != "unknown"]
    if known:
        time_chart = (_legend(list(colors.items())) + timeline_svg(timeline, colors))
    else:
        time_chart = '<p class="muted">No result has a timestamp: nothing to plot over time.</p>'
    reasons = (reasons_svg(data["reasons"]) if data["reasons"]
               else '<p class="muted">No low score carried a reason code.</p>')
    payload = script_json(data)
    return "".join([
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width,initial-scale=1'>",
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{escape(title)}</h1><p class='meta'>STEF {escape(__version__)} · grouped by "
        f"{escape(data['by'])} · <span id='js-summary'></span></p>",
        "<h2>Summary</h2>", _summary_table(data), _calibration_section(data),
        "<h2>Score distribution per agent</h2>", f'<div class="charts">{hists}</div>',
        "<h2>Band shares</h2>", _legend([(b, BAND_COLORS[b]) for b in BANDS]),
        bands_svg(data["agents"]),
        f"<h2>Mean score per {escape(timeline['unit'])}</h2>", time_chart,
        "<h2>Most frequent reasons for scores below 75</h2>", reasons,
        "<h2>Reasons and worst records per group</h2>", _details(data),
        f'<script type="application/json" id="stef-data">{payload}</script>',
        f"<script>{_JS}</script></body></html>\n",
    ])
