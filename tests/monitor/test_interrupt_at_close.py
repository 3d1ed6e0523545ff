"""A Ctrl-C that lands while a finished run closes (campaign, stop and resume).

Reproducer: `stef eval in.jsonl -o out.jsonl --store runs.sqlite`, interrupted as the last
record was written, stopped with exit 1 and a traceback (`ValueError: I/O operation on closed
file`): the KeyboardInterrupt cut the output's close, and the clean-up closed it a second time.
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from stef_core.monitor import resume

from .helpers import run

OK = {"question": "How many users are active?",
      "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"}


def test_a_ctrl_c_while_the_finished_run_closes_does_not_cut_the_close(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({**OK, "id": f"r{i}"}) + "\n" for i in range(5)))
    out, db = tmp_path / "out.jsonl", tmp_path / "runs.sqlite"
    fsync = os.fsync
    sent = []

    def interrupted_fsync(fd: int) -> None:  # the Ctrl-C lands as the output is flushed
        partial = Path(f"{out}.partial")
        if partial.exists() and os.fstat(fd).st_ino == partial.stat().st_ino:
            sent.append(fd)
            os.kill(os.getpid(), signal.SIGINT)
        fsync(fd)

    monkeypatch.setattr(resume.os, "fsync", interrupted_fsync)
    before = signal.getsignal(signal.SIGINT)  # another test's library may have set its own
    res = run("eval", str(src), "-o", str(out), "--store", str(db), "--no-progress")
    assert sent, "the output was not closed through os.fsync"
    assert res.exit_code == 0, res.output
    assert len(out.read_text().splitlines()) == 5 and not Path(f"{out}.partial").exists()
    assert json.loads(Path(f"{out}.fingerprint").read_text())["partial"] is None
    listed = run("runs", "list", "--store", str(db), "--json")
    assert [r["status"] for r in json.loads(listed.stdout)] == ["complete"]
    # the handler is back once the run is closed
    assert signal.getsignal(signal.SIGINT) is before


def test_closing_twice_after_a_failed_close_is_harmless(tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl"
    results = resume.ResultsOutput(str(out), resume=False, made={"inputs": [], "settings": {}},
                                   stdout=None)  # type: ignore[arg-type]
    results.write('{"id": "1"}\n')
    results._fh.close()  # what a close cut by an exception leaves
    results.close(complete=False)
    assert Path(f"{out}.partial").read_text() == '{"id": "1"}\n'
