"""The HTML report renders in a real headless Chromium, without console errors."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from stef_core.monitor.html import render_html
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
    assert dom.count("<svg") >= 7  # four histograms, bands, timeline, reasons
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
