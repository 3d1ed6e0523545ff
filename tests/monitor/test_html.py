"""The HTML report renders in a real headless Chromium, without console errors."""

from __future__ import annotations

import html as html_module
import json
import re
import shutil
import subprocess
from datetime import date, timedelta
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from stef_core.models import Reason
from stef_core.monitor.html import date_ticks, render_html, timeline_svg
from stef_core.monitor.report import Report

from .helpers import result, run, write

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium; .ci/run does)"
)

RESULTS = [
    result("1", "alpha", 50, ts="2026-01-05T10:00:00Z", reasons=("limit.unrequested",)),
    result("2", "alpha", 100, ts="2026-01-06T10:00:00Z"),
    result("3", "beta", 30, ts="2026-01-05T10:00:00Z", reasons=("filter.missing",)),
    result("4", "beta", 95, ts="2026-01-07T10:00:00Z"),
    # user text that must be escaped, including a script end tag inside a message
    result("5", "<b>gamma</b>", 20, reasons=("x</script><script>alert(1)//",)),
    # a comment-and-script opener puts the HTML parser in a state where the real </script>
    # no longer ends the element, unless the JSON holds no "<" at all
    result("6", "<!--<script>", 45, reasons=("<!--<script>",)),
]


def chromium(tmp_path: Path, page: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    profile = tmp_path / "profile"
    profile.mkdir(exist_ok=True)
    return subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
         *extra, page.as_uri()],
        capture_output=True, text=True, timeout=90,
    )


def console_errors(stderr: str) -> list[str]:
    """Console messages and uncaught exceptions Chromium logged for the page."""
    return [line for line in stderr.splitlines()
            if "Uncaught" in line or re.search(r"CONSOLE\(\d+\)|:CONSOLE", line)]


def test_page_is_self_contained_and_escapes_user_text() -> None:
    page = render_html(Report(by="agent,day").add_all(RESULTS).to_dict())
    assert "http://" not in page and "https://" not in page  # no CDN, nothing to fetch
    assert "<b>gamma</b>" not in page and "&lt;b&gt;gamma&lt;/b&gt;" in page
    assert page.count("</script>") == 2  # the JSON block and the script; none from user text
    for chart in ('class="hist"', 'id="bands"', 'id="timeline"', 'id="reasons"'):
        assert chart in page
    assert "&lt;b&gt;gamma&lt;/b&gt;" in page.split("<h2>Worst records</h2>")[1]


@needs_chromium
def test_renders_in_headless_chromium_without_console_errors(tmp_path: Path) -> None:
    src = write(tmp_path / "r.jsonl", RESULTS)
    html = tmp_path / "report.html"
    out = run("report", src, "--by", "agent,day", "--html", str(html))
    assert out.exit_code == 0, out.output
    proc = chromium(tmp_path, html, "--dump-dom")
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    # produced by the page's own script: it ran to the end
    assert 'data-rendered="4"' in dom
    assert '<span id="js-summary">Report over 6 records from 4 agents.</span>' in dom
    assert dom.count("<svg") >= 5  # four histograms and the timeline
    assert 'id="bands"' in dom and 'id="reasons"' in dom  # HTML bars, which reflow
    assert console_errors(proc.stderr) == []


@needs_chromium
def test_the_console_check_catches_a_broken_page(tmp_path: Path) -> None:
    # The negative control: the same check must see a script error when there is one.
    page = tmp_path / "broken.html"
    page.write_text("<!DOCTYPE html><html><body><script>undefinedFunction();</script>"
                    "</body></html>")
    proc = chromium(tmp_path, page, "--dump-dom")
    assert any("Uncaught" in line for line in console_errors(proc.stderr)), proc.stderr[-2000:]


LABELLED = [
    result("1", "alpha", 100.0, gamma=0.92, label=1),
    result("2", "alpha", 64.0, gamma=0.7, label=1),
    result("3", "alpha", 64.0, gamma=0.68, label=0),
    result("4", "beta", 35.0, gamma=0.3, label=0),
    result("5", "beta", 35.0, gamma=0.35, label=1),
]


def test_reliability_diagram_only_with_labels() -> None:
    page = render_html(Report().add_all(LABELLED).to_dict())
    assert 'id="reliability"' in page and 'id="band-precision"' in page
    assert page.count('class="bin"') == 4  # bins 0.3-0.4, 0.6-0.7, 0.7-0.8, 0.9-1.0
    unlabelled = render_html(Report().add_all(RESULTS).to_dict())
    assert 'id="reliability"' not in unlabelled and "Calibration against" not in unlabelled


@needs_chromium
def test_reliability_diagram_renders_in_headless_chromium(tmp_path: Path) -> None:
    src = write(tmp_path / "r.jsonl", LABELLED)
    html = tmp_path / "report.html"
    out = run("report", src, "--html", str(html))
    assert out.exit_code == 0, out.output
    proc = chromium(tmp_path, html, "--dump-dom")
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    assert 'data-rendered="2"' in dom  # the page's script ran to the end
    assert '<svg id="reliability"' in dom and 'class="diagonal"' in dom
    assert dom.count('class="bin"') == 4
    assert "<h2>Calibration against reviewer labels</h2>" in dom
    assert "<td class=\"l\">excellent</td><td>1</td><td>1</td><td>1.000</td>" in dom
    assert console_errors(proc.stderr) == []
    # a screenshot of the page is not empty (the diagram paints)
    shot = tmp_path / "shot.png"
    proc = chromium(tmp_path, html, f"--screenshot={shot}", "--window-size=1000,900")
    assert proc.returncode == 0 and shot.stat().st_size > 10_000


# ---- a report a team lead reads: sections, date axes, layout at 1,400 px and on a phone ----

def _lead_results() -> list[Any]:
    """120 days of two agents in two versions, reviewers' labels on a third, reasons of every
    severity (info codes the most frequent), long questions and SQL."""
    out = []
    reasons = [(("filter.missing", "critical"), ("filter.extra", "info")),
               (("filter.value_mismatch", "major"), ("filter.extra", "info")),
               (("date.end_of_day", "minor"),), (("filter.extra", "info"),), ()]
    for i in range(240):
        agent = ("crm-bot@2.0" if i < 120 else "crm-bot@2.1") if i % 3 else "sql-pilot@0.9"
        codes = reasons[i % 5]
        score = 100.0 if not codes else 64.0 if codes == (("filter.extra", "info"),) else 35.0
        r = result(f"r{i:03d}", agent, score, gamma=0.3 + (i % 7) / 10,
                   label=(i % 2) if i % 4 == 0 else None,
                   ts=(date(2024, 1, 1) + timedelta(hours=12 * i)).isoformat())
        out.append(r.model_copy(update={
            "reasons": [Reason(code=c, message=f"{c} in r{i:03d}", severity=sev)  # type: ignore[arg-type]
                        for c, sev in codes],
            "question": f"How many won deals did the enterprise clients in region {i} close "
                        "in the last quarter, not counting renewals?",
            "sql": "SELECT COUNT(*) FROM opportunities o JOIN accounts a ON a.id = o.account_id "
                   f"WHERE o.stage = 'closed_won' AND a.segment = 'enterprise' AND a.region = {i} "
                   "AND o.close_date >= DATE '2024-01-01' AND o.type <> 'renewal' "
                   + "AND o.tenant_id = 17 " * 20}))
    return out


def test_the_report_shows_what_a_lead_reads() -> None:
    data = Report(by="agent,day", top=3).add_all(_lead_results()).to_dict()
    # what took records below 75: critical and major first, info apart
    assert [(r["code"], r["severity"]) for r in data["reasons"]] == [
        ("filter.missing", "critical"), ("filter.value_mismatch", "major"),
        ("date.end_of_day", "minor")]
    assert data["noted_reasons"] == [{"code": "filter.extra", "count": 144}]
    worst = data["overall"]["worst"][0]
    assert worst["question"].startswith("How many won deals") and worst["agent"]
    assert worst["sql"].endswith("...") and len(worst["sql"]) == 320  # shortened
    assert worst["reasons"] == ["filter.missing", "filter.extra"]  # the cause first
    rows = [(r["agent"], r["version"], r["labelled"]) for r in data["labelled"]]
    assert rows == [("crm-bot", None, 40), ("crm-bot", "2.0", 20), ("crm-bot", "2.1", 20),
                    ("sql-pilot", None, 20), ("sql-pilot", "0.9", 20)]
    page = render_html(data)
    for heading in ("Labelled accuracy per agent and version", "What took records below 75",
                    "Worst records", "Mean score per day"):
        assert f"<h2>{heading}</h2>" in page
    assert 'id="noted"' in page and "Per agent and day (240 rows)" not in page
    assert "Per agent and day (" in page  # the per-window table, folded


@pytest.mark.parametrize(("days", "unit"), [(1, "day"), (6, "day"), (45, "week"),
                                            (400, "month"), (3 * 365, "month"),
                                            (40 * 365, "year")])
def test_date_axis_ticks_never_crowd_at_any_span(days: int, unit: str) -> None:
    first = date(2023, 5, 17)
    windows = [(first + timedelta(days=d)).isoformat() for d in range(0, days + 1,
                                                                     max(1, days // 500))]
    svg = timeline_svg({"windows": windows, "series": {"a": [50.0] * len(windows)}},
                       {"a": "#000"})
    xs = [float(x) for x in re.findall(r'<text class="tick" x="([0-9.]+)"', svg)]
    assert 1 <= len(xs) <= 15
    gaps = [b - a for a, b in pairwise(xs)]
    assert all(g >= 64 for g in gaps), gaps  # a label is at most about 50 px wide
    _, got = date_ticks(first, first + timedelta(days=days), 932) if days > 1 else (None, "day")
    assert got == unit


def _layout(tmp_path: Path, page: Path, width: int) -> dict[str, Any]:
    """The report laid out at ``width`` CSS pixels in headless Chromium: the page's width,
    what sticks out of it (outside the scrolled boxes), and the timeline's tick labels."""
    harness = tmp_path / f"harness-{width}.html"
    harness.write_text(
        "<!DOCTYPE html><html><body style='margin:0'>"
        f"<iframe id='f' src='{page.as_uri()}' style='width:{width}px;height:3000px;border:0'>"
        "</iframe><pre id='out'></pre><script>"
        "document.getElementById('f').addEventListener('load', function () {"
        " var d = this.contentDocument, root = d.documentElement, out = [];"
        " d.querySelectorAll('body *').forEach(function (el) {"
        "  if (el.closest('.scroll, #timeline-box, details')) return;"
        "  var r = el.getBoundingClientRect();"
        "  if (r.width && r.right > root.clientWidth + 1) out.push(el.tagName + '.' + "
        "   el.className + ' ' + Math.round(r.right)); });"
        " var ticks = Array.prototype.map.call(d.querySelectorAll('#timeline text.tick'),"
        "  function (t) { var b = t.getBBox(); return [b.x, b.x + b.width]; });"
        " document.getElementById('out').textContent = JSON.stringify({width: root.scrollWidth,"
        "  client: root.clientWidth, overflow: out, ticks: ticks,"
        "  rendered: root.getAttribute('data-rendered')}); });"
        "</script></body></html>")
    proc = chromium(tmp_path, harness, "--dump-dom", "--allow-file-access-from-files",
                    "--virtual-time-budget=5000")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert console_errors(proc.stderr) == []
    found = re.search(r'<pre id="out">(.*?)</pre>', proc.stdout, re.S)
    assert found and found.group(1), proc.stdout[-2000:]
    return json.loads(html_module.unescape(found.group(1)))


@needs_chromium
@pytest.mark.parametrize("width", [1400, 390])
def test_the_report_reads_at_1400_px_and_on_a_phone(tmp_path: Path, width: int) -> None:
    src = write(tmp_path / "r.jsonl", _lead_results())
    page = tmp_path / "report.html"
    out = run("report", src, "--by", "agent,day", "--html", str(page))
    assert out.exit_code == 0, out.output
    layout = _layout(tmp_path, page, width)
    assert layout["rendered"] == "3"  # the page's own script ran
    # nothing sticks out sideways: wide tables and the timeline scroll inside their boxes
    assert layout["width"] <= layout["client"], layout
    assert layout["overflow"] == []
    # the date axis labels do not overlap
    ticks = sorted(layout["ticks"])
    assert len(ticks) >= 4
    assert all(a[1] <= b[0] for a, b in pairwise(ticks)), ticks
    shot = tmp_path / f"shot-{width}.png"
    proc = chromium(tmp_path, page, f"--screenshot={shot}", f"--window-size={width},2400",
                    "--hide-scrollbars")
    assert proc.returncode == 0 and shot.stat().st_size > 30_000
