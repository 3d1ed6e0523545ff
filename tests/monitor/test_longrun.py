"""Long runs and more inputs: Ctrl-C, --resume, the progress bar, Parquet, DataFrames."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from stef_core.monitor.session import repair_tail

from .helpers import run

QUERIES = [
    ("How many users are active?", "SELECT COUNT(*) FROM users WHERE status = 'active'"),
    ("Average price of products", "SELECT AVG(price) FROM products LIMIT 5"),
    ("Total sales in 2023 by region",
     "SELECT region, SUM(amount) FROM sales WHERE year = 2023 GROUP BY region"),
]


def make_input(path: Path, n: int) -> Path:
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(n):
            q, s = QUERIES[i % len(QUERIES)]
            fh.write(json.dumps({"question": q, "sql": s, "agent": f"a{i % 2}"}) + "\n")
    return path


def test_ctrl_c_leaves_complete_lines_and_resume_finishes(tmp_path: Path) -> None:
    src = make_input(tmp_path / "big.jsonl", 30000)
    out = tmp_path / "out.jsonl"
    db = tmp_path / "runs.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-m", "stef_core", "eval", str(src), "-o", str(out), "--no-progress",
         "--store", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # a shell may have started us with SIGINT ignored; the child must see Ctrl-C
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    partial = tmp_path / "out.jsonl.partial"  # OUT itself appears only when a run completes
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (partial.exists() and partial.stat().st_size > 0):
        time.sleep(0.05)
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    stdout, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err[-2000:]
    assert f"the results so far are in {partial} ({out} is replaced when a run completes): " \
           f"continue with --resume -o {out}" in err
    assert "STEF summary" in stdout  # what was done (stdout: the results went to -o)
    assert "Traceback" not in err
    assert not out.exists()
    text = partial.read_text()
    assert text.endswith("\n")
    done = [json.loads(line) for line in text.splitlines()]  # every line parses
    assert 0 < len(done) < 30000
    assert [d["id"] for d in done] == [str(i) for i in range(1, len(done) + 1)]
    listed = run("runs", "list", "--store", str(db), "--json")
    [info] = json.loads(listed.stdout)
    assert info["status"] == "interrupted" and info["records"] <= len(done)

    # Resume on a shorter input, to keep the test fast: finished ids are not re-judged. The
    # fingerprint refuses another input; without it (an older STEF's output) ids decide.
    head = tmp_path / "head.jsonl"
    head.write_text("".join(src.read_text().splitlines(keepends=True)[: len(done) + 50]))
    refused = run("eval", str(head), "-o", str(out), "--resume", "--no-progress")
    assert refused.exit_code == 2
    assert f"--resume: {partial} was made from other inputs or settings: input 1 ({head}) is " \
           f"not the file it read ({src}, " in refused.stderr
    Path(f"{out}.fingerprint").unlink()
    resumed = run("eval", str(head), "-o", str(out), "--resume", "--no-progress")
    assert resumed.exit_code == 0, resumed.output
    assert f"stef: warning: {partial} has no fingerprint" in resumed.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [d["id"] for d in lines] == [str(i) for i in range(1, len(done) + 51)]
    assert lines[: len(done)] == done  # the old lines are untouched
    assert not partial.exists()  # renamed into place


def test_resume_skips_done_ids_and_repairs_a_cut_line(tmp_path: Path) -> None:
    src = make_input(tmp_path / "in.jsonl", 6)
    out = tmp_path / "out.jsonl"
    assert run("eval", str(src), "-o", str(out)).exit_code == 0
    full = out.read_text().splitlines(keepends=True)
    # a run killed hard: three complete lines and half of the fourth
    out.write_text("".join(full[:3]) + full[3][:25])
    # mark the kept lines so we can tell they were not re-judged
    kept = [json.loads(x) for x in full[:3]]
    for d in kept:
        d["error"] = "kept"
    out.write_text("".join(json.dumps(d) + "\n" for d in kept) + full[3][:25])
    res = run("eval", str(src), "-o", str(out), "--resume")
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [d["id"] for d in lines] == ["1", "2", "3", "4", "5", "6"]
    assert [d["error"] for d in lines[:3]] == ["kept"] * 3 and lines[3]["error"] is None
    assert "│ a0    │       3 │" in res.stdout  # the summary covers the whole file
    # resuming a finished run does nothing
    assert run("eval", str(src), "-o", str(out), "--resume").exit_code == 0
    assert len(out.read_text().splitlines()) == 6
    bad = run("eval", str(src), "--resume")
    assert bad.exit_code == 2 and "--resume needs -o OUT.jsonl" in bad.stderr


def test_repair_tail(tmp_path: Path) -> None:
    p = tmp_path / "x.jsonl"
    p.write_bytes(b'{"a": 1}\n{"b": ')
    assert repair_tail(str(p)) == 6 and p.read_bytes() == b'{"a": 1}\n'
    assert repair_tail(str(p)) == 0
    p.write_bytes(b"no newline at all")
    assert repair_tail(str(p)) == 17 and p.read_bytes() == b""


def test_progress_shows_rate_and_eta_on_its_console(tmp_path: Path) -> None:
    from stef_core.cli.progress import Progress

    src = make_input(tmp_path / "in.jsonl", 10)
    buf = StringIO()
    console = Console(file=buf, force_terminal=True, width=150)
    with Progress([str(src)], skip=4, console=console) as bar:
        for _ in range(3):
            bar.advance()
            time.sleep(0.05)
        bar._bar.refresh()
    drawn = buf.getvalue()
    assert "3/6" in drawn  # the 4 already done are off the total
    assert "rec/s" in drawn
    assert "0:00:0" in drawn  # elapsed and remaining time columns


def test_parquet_input(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    import datetime as dt

    table = pa.table({
        "id": [1, 2, 3],
        "question": [q for q, _ in QUERIES],
        "sql": [s for _, s in QUERIES],
        "enriched_question": [None, None, "average price"],
        "timestamp": [dt.datetime(2026, 1, 5, 10, 0), None, dt.datetime(2026, 1, 6)],
    })
    path = tmp_path / "in.parquet"
    pq.write_table(table, path)
    out = tmp_path / "out.jsonl"
    res = run("eval", str(path), "-o", str(out))
    assert res.exit_code == 0, res.output
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [(d["id"], d["status"], d["timestamp"]) for d in lines] == [
        ("1", "scored", "2026-01-05T10:00:00"), ("2", "scored", None),
        ("3", "scored", "2026-01-06T00:00:00")]
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"not parquet at all")
    res = run("eval", str(broken))
    assert res.exit_code == 2 and "broken.parquet: not a readable Parquet file" in res.stderr


def test_dataframe_through_the_python_api() -> None:
    pd = pytest.importorskip("pandas")
    import stef_core

    frame = pd.DataFrame({
        "id": [7, None],
        "question": [QUERIES[0][0], QUERIES[1][0]],
        "sql": [QUERIES[0][1], QUERIES[1][1]],
        "agent": ["x", "y"],
        "timestamp": [pd.Timestamp("2026-01-05T10:00:00Z"), pd.NaT],
    })
    results = stef_core.evaluate(frame)  # exported lazily from the package root
    assert [(r.id, r.agent, r.status, r.timestamp) for r in results] == [
        ("7", "x", "scored", "2026-01-05T10:00:00+00:00"), ("2", "y", "scored", None)]
    assert results[0].score is not None and results[0].score >= 75  # right, timestamped


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a POSIX process")
def test_lazy_export_keeps_the_package_import_cheap() -> None:
    code = ("import sys, stef_core; assert 'stef_core.engine' not in sys.modules; "
            "stef_core.evaluate; assert 'stef_core.engine' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
