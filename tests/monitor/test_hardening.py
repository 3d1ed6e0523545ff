"""Reports, store and process handling under hostile names and hard stops (issue 16)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from stef_core.__main__ import _interrupt_within
from stef_core.monitor.html import render_html
from stef_core.monitor.render import markdown
from stef_core.monitor.report import Report
from stef_core.monitor.store import STALE_AFTER, live_status

from .helpers import result, run, write

HOSTILE = ["[/bold]", "[link=http://evil.example]x[/link]", "red\x1b[31m\x1b]0;owned\x07",
           ":smile: [bold]b[/bold]"]
QUESTION = ("How many users are active?", "SELECT COUNT(*) FROM users WHERE status = 'active'")
ENV = {**os.environ, "PYTHONPATH": ""}


def _input(path: Path, n: int, agents: list[str] | None = None) -> Path:
    agents = agents or ["a"]
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(n):
            fh.write(json.dumps({"id": f"r{i}", "agent": agents[i % len(agents)],
                                 "question": QUESTION[0], "sql": QUESTION[1]}) + "\n")
    return path


def test_markup_and_escape_sequences_in_names_are_shown_not_obeyed(tmp_path: Path) -> None:
    src = _input(tmp_path / "in.jsonl", 4, HOSTILE)
    out = tmp_path / "out.jsonl"
    res = run("eval", str(src), "-o", str(out), "--no-progress")
    assert res.exit_code == 0, res.output
    rep = run("report", str(out))
    assert rep.exit_code == 0, rep.output
    for text in (res.stdout, rep.stdout):
        assert "\x1b" not in text and "\x07" not in text  # nothing reaches the terminal raw
        assert "[/bold]" in text and "[link=http://evil.example]x[/link]" in text
        assert "red\\x1b[31m\\x1b]0;owned\\x07" in text
        assert ":smile: [bold]b[/bold]" in text


def test_script_and_comment_openers_in_names_cannot_break_the_page() -> None:
    results = [result("1", "<!--<script>", 40, reasons=("x<!--<script>",)),
               result("2", "</script><script>alert(1)</script>", 60),
               result("3", "ok", 90)]
    page = render_html(Report().add_all(results).to_dict())
    data = page.split('<script type="application/json" id="stef-data">', 1)[1]
    data = data.split("</script>", 1)[0]
    assert "<" not in data and ">" not in data  # the JSON holds no markup at all
    assert json.loads(data)["agents"]["<!--<script>"]["records"] == 1
    assert page.count("<script") == 2 and page.count("</script>") == 2
    assert "&lt;!--&lt;script&gt;" in page


def test_markdown_escapes_html_links_and_line_breaks() -> None:
    results = [result("<img src=x onerror=alert(1)>", "[click](http://evil.example)", 30,
                      reasons=("filter.missing",)),
               result("2", "a\rb\nc | d", 40, reasons=("filter.missing",))]
    md = markdown(Report().add_all(results).to_dict())
    assert "<img" not in md and "&lt;img src=x onerror=alert(1)&gt;" in md
    assert "[click](http" not in md and "\\[click\\](http\\://evil.example)" in md
    assert "\r" not in md and "a b c \\| d" in md


def test_a_year_one_timestamp_goes_to_the_unknown_window(tmp_path: Path) -> None:
    src = write(tmp_path / "r.jsonl", [result("1", "a", 80, ts="0001-01-01T00:00:00+01:00"),
                                      result("2", "a", 90, ts="9999-12-31T23:00:00-02:00"),
                                      result("3", "a", 70, ts="2026-01-05T10:00:00Z")])
    res = run("report", src, "--by", "agent,week")
    assert res.exit_code == 0, res.output
    assert "2 results have a timestamp that is not ISO 8601" in res.stdout


def test_a_hand_made_results_file_with_surrogates_and_huge_ints_reports(tmp_path: Path) -> None:
    src = tmp_path / "r.jsonl"
    src.write_text('{"id": "1", "agent": "a\\ud800", "status": "scored", "score": 80, '
                   '"band": "good"}\n{"id": ' + "1" * 5000 + ', "agent": "b", '
                   '"status": "unscored", "error": "sql: x"}\n')
    md, html = tmp_path / "r.md", tmp_path / "r.html"
    res = run("report", str(src), "--markdown", str(md), "--html", str(html))
    assert res.exit_code == 0, res.output
    assert "a\ufffd" in res.stdout and "a\ufffd" in md.read_text(encoding="utf-8")
    html.read_text(encoding="utf-8")  # valid UTF-8


def test_live_status() -> None:
    assert live_status("running", None, None, None) == "running"
    assert live_status("running", os.getpid(), os.uname().nodename, None) == "running"
    assert live_status("running", None, None, "2000-01-01T00:00:00+00:00") == "stale"
    assert STALE_AFTER >= 600  # a slow judge batch must not look stale


@pytest.mark.slow
def test_a_killed_run_is_listed_as_interrupted_and_the_store_keeps_pace(tmp_path: Path) -> None:
    src = _input(tmp_path / "in.jsonl", 20000)
    out, db = tmp_path / "out.jsonl", tmp_path / "runs.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "stef_core", "eval", str(src), "-o", str(out),
                             "--no-progress", "--store", str(db)], env=ENV)
    partial = tmp_path / "out.jsonl.partial"  # where results go until the run completes
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (partial.exists()
                                               and partial.stat().st_size > 20000):
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    assert not out.exists()  # a killed run never leaves a half-written OUT
    lines = partial.read_bytes().count(b"\n")
    with sqlite3.connect(db) as con:
        stored = con.execute("SELECT count(*) FROM results").fetchone()[0]
        assert con.execute("SELECT status FROM runs").fetchone()[0] == "running"  # as left
    assert lines > 0 and lines - 1 <= stored <= lines  # per result, not per batch of 500
    listed = run("runs", "list", "--store", str(db), "--json")
    [info] = json.loads(listed.stdout)
    assert info["status"] == "interrupted" and info["pid"] == proc.pid


def _importing_stef(pid: int) -> bool:
    """Whether process ``pid`` has started importing STEF's own dependencies (pydantic's
    compiled core is mapped), i.e. runs STEF's code rather than the interpreter's start-up."""
    try:
        return "pydantic_core" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("delay", [0.0, 0.05, 0.15, 0.3])
def test_ctrl_c_at_start_up_exits_130_without_a_traceback(tmp_path: Path, delay: float) -> None:
    # From the moment STEF's code runs (the launcher imports nothing before its `try`), an
    # interrupt exits 130 quietly: while click, pydantic, sqlglot and the plugins load, while
    # the engine is built, and later. (The interpreter's own start-up, before any of STEF's
    # code, is out of any program's reach.)
    src = _input(tmp_path / "in.jsonl", 3000)
    script = Path(sys.executable).with_name("stef")
    for cmd in ([str(script)] if script.exists() else []) + [sys.executable + " -m stef_core"]:
        proc = subprocess.Popen([*cmd.split(" "), "eval", str(src), "-o", str(tmp_path / "o"),
                                 "--no-progress"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=ENV,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        deadline = time.monotonic() + 60
        while not _importing_stef(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.001)
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, (cmd, err[-2000:])
        assert "Traceback" not in err and "stef: interrupted" in err


@pytest.mark.slow
def test_python_m_ignores_the_current_folders_dist_info(tmp_path: Path) -> None:
    info = tmp_path / "evil-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: evil\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[stef]\nevil = evilmod\n")
    marker = tmp_path / "imported"
    (tmp_path / "evilmod.py").write_text(f"open({str(marker)!r}, 'w').write('yes')\n")
    proc = subprocess.run([sys.executable, "-m", "stef_core", "plugins"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, env=ENV)
    assert proc.returncode == 0, proc.stderr
    assert not marker.exists() and "evil" not in proc.stdout + proc.stderr
    # the control: the same folder on the path on purpose is a plugin source like any other
    proc = subprocess.run([sys.executable, "-c", "from stef_core.cli import main; main()",
                           "plugins"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=ENV)
    assert marker.exists()



def _chained(cause: BaseException) -> BaseException:
    """A RuntimeError raised from ``cause``, as Python 3.11 wraps an exception raised while a
    class is made (pydantic's ``__set_name__`` at import): "Error calling __set_name__"."""
    try:
        raise RuntimeError("Error calling __set_name__") from cause
    except RuntimeError as exc:
        return exc


@pytest.mark.parametrize(("exc", "interrupted"), [
    (_chained(KeyboardInterrupt()), True),
    (ValueError("a user's mistake"), False),
    (_chained(ValueError("no interrupt among the causes")), False),
])
def test_an_interrupt_wrapped_at_start_up_is_read_as_one(exc: BaseException,
                                                          interrupted: bool) -> None:
    # the launcher exits 130 for it, as for a bare KeyboardInterrupt, instead of a traceback
    assert _interrupt_within(exc) is interrupted
