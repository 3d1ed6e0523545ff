"""End to end in a subprocess, as a user runs it: Ctrl-C keeps every verdict that came back
(written up to the first still in flight, the rest cached), and a re-run served from the cache
never imports litellm."""

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
from llm_fake_server import FakeLlmServer, Reply

pytestmark = pytest.mark.slow


def write_records(path: Path, n: int) -> Path:
    path.write_text("".join(
        json.dumps({"id": f"q{i}", "question": f"How many orders did customer {i} place?",
                    "sql": f"SELECT COUNT(*) FROM orders WHERE customer_id = {i}"}) + "\n"
        for i in range(n)), encoding="utf-8")
    return path


def stef(*args: str) -> list[str]:
    return [sys.executable, "-m", "stef_core", *args]


def env() -> dict[str, str]:
    return {**os.environ, "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
            "PYTHONWARNINGS": "default"}


def cached_rows(cache: Path) -> int:
    with sqlite3.connect(cache / "llm-cache.sqlite3") as conn:
        return int(conn.execute("SELECT COUNT(*) FROM calls").fetchone()[0])


def test_ctrl_c_keeps_every_verdict_that_came_back(llm_server: FakeLlmServer, tmp_path):
    llm_server.default = Reply(delay=0.4)
    src = write_records(tmp_path / "in.jsonl", 24)  # one batch: nothing is written before the end
    out, cache = tmp_path / "out.jsonl", tmp_path / "cache"
    args = ["eval", str(src), "--judge", "llm:openai/fake", "--api-base", llm_server.url,
            "--cache-dir", str(cache), "--concurrency", "2", "--no-progress", "-o", str(out)]
    proc = subprocess.Popen(stef(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env(),
                            # a shell may have started us with SIGINT ignored (a background job);
                            # the child must see Ctrl-C
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while llm_server.answered < 4 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None, proc.communicate()
    answered = llm_server.answered
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "Task was destroyed" not in stderr and "was never awaited" not in stderr, stderr
    partial = tmp_path / "out.jsonl.partial"  # OUT appears when a run completes
    lines = [json.loads(line) for line in partial.read_text().splitlines()]
    written = len(lines)
    # What is written is a prefix of the input, so that --resume can continue it: a verdict
    # that came back after one still in flight is not written (the replies may come back out
    # of order) ...
    assert [r["id"] for r in lines] == [f"q{i}" for i in range(written)]
    assert all(r["status"] == "scored" for r in lines)
    # ... but every reply that reached STEF is cached: all those the server had sent, but for
    # at most one per call in flight (2) that the client was still reading when the interrupt
    # came; the cancelled calls are not.
    cached = cached_rows(cache)
    assert answered - 2 <= cached < 24 and written <= cached
    assert f"stef: interrupted after {written} new records" in stderr

    calls = llm_server.calls
    done = subprocess.run(stef(*args, "--resume"), capture_output=True, text=True, env=env(),
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert len(out.read_text().splitlines()) == 24, (written, done.stderr[-3000:])
    assert llm_server.calls - calls == 24 - cached  # only what was not cached is asked


def test_a_warm_cache_run_never_imports_litellm(llm_server: FakeLlmServer, tmp_path):
    src = write_records(tmp_path / "in.jsonl", 5)
    args = ["eval", str(src), "--judge", "llm:openai/fake", "--api-base", llm_server.url,
            "--cache-dir", str(tmp_path / "cache"), "--no-progress",
            "-o", str(tmp_path / "out.jsonl")]
    cold = subprocess.run(stef(*args), capture_output=True, text=True, env=env(), timeout=300)
    assert cold.returncode == 0, cold.stderr
    calls = llm_server.calls
    assert calls == 5
    probe = (
        "import sys\n"
        "from stef_core.cli import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "except SystemExit as exc:\n"
        "    code = exc.code\n"
        "print('litellm imported:', 'litellm' in sys.modules, 'exit:', code, file=sys.stderr)\n"
    )
    for extra in ([], ["--max-cost", "0.01"], ["--samples", "1", "--concurrency", "3"]):
        warm = subprocess.run([sys.executable, "-c", probe, *args, *extra], capture_output=True,
                              text=True, env=env(), timeout=300)
        assert "litellm imported: False exit: 0" in warm.stderr, (extra, warm.stderr)
    assert llm_server.calls == calls
