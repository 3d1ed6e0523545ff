"""The run store survives what SQLite can report (issue 21, item 3).

Reproducers: a damaged page gave a `sqlite3.DatabaseError` traceback (and `runs list/show`,
`report <id>`, `compare` the same); another process holding the lock for 9 s stopped a run
with "database is locked" half way; eight processes creating one new store at once: some
failed with "not a STEF run store".
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from stef_core.monitor.store import Store, StoreError

from .helpers import result, run

QUESTION = ("How many users are active?", "SELECT COUNT(*) FROM users WHERE status = 'active'")


def _input(path: Path, n: int) -> Path:
    path.write_text("".join(json.dumps({"id": f"r{i}", "question": QUESTION[0],
                                        "sql": QUESTION[1]}) + "\n" for i in range(n)))
    return path


def _hold_lock(path: Path) -> sqlite3.Connection:
    """Another process's writer: a connection holding the store's write lock."""
    db = sqlite3.connect(path, timeout=5, isolation_level=None, check_same_thread=False)
    db.execute("BEGIN IMMEDIATE")
    return db


def _damage(path: Path, *tables: str) -> None:
    """Overwrite the first byte of each table's root page: SQLite reports the file as
    malformed when it reaches one."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = db.execute("PRAGMA page_size").fetchone()[0]
    roots = [db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (t,)).fetchone()[0]
             for t in tables]
    db.close()
    data = bytearray(path.read_bytes())
    for root in roots:
        data[(root - 1) * size] = 0x55
    path.write_bytes(bytes(data))


def test_a_locked_store_is_waited_for_within_a_bound(tmp_path: Path) -> None:
    path = tmp_path / "runs.sqlite"
    with Store(str(path), wait=5) as store:
        writer = store.begin_run(inputs=["in.jsonl"], rules_hash="h", judge="offline",
                                 plugins={}, output=None, stef_version="0")
        other = _hold_lock(path)
        threading.Timer(0.3, other.rollback).start()  # released while the write waits
        writer.add(result("q1", "a", 80.0))
        writer.finish()
        assert [r.id for r, _ in store.iter_results(writer.run_id)] == ["q1"]


def test_a_store_locked_past_the_bound_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "runs.sqlite"
    with Store(str(path), wait=0.3) as store:
        writer = store.begin_run(inputs=["in.jsonl"], rules_hash="h", judge="offline",
                                 plugins={}, output=None, stef_version="0")
        writer.add(result("q1", "a", 80.0))
        other = _hold_lock(path)
        started = time.monotonic()
        with pytest.raises(StoreError) as caught:
            writer.add(result("q2", "a", 70.0))
        assert time.monotonic() - started < 3  # bounded: the wait and one busy timeout
        other.rollback()
    assert str(caught.value) == (
        f"{path}: the run store stayed locked by another process for 0.3 s; try again once it "
        "is free, or give another --store (STEF_STORE_WAIT sets the wait, in seconds)")


@pytest.mark.slow
def test_eval_keeps_every_result_when_the_store_stays_locked_and_resume_finishes(
        tmp_path: Path) -> None:
    src = _input(tmp_path / "in.jsonl", 4000)
    out, db = tmp_path / "out.jsonl", tmp_path / "runs.sqlite"
    partial = Path(f"{out}.partial")
    env = {**os.environ, "STEF_STORE_WAIT": "0.5"}
    proc = subprocess.Popen([sys.executable, "-m", "stef_core", "eval", str(src), "-o", str(out),
                             "--store", str(db), "--no-progress"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (partial.exists() and partial.stat().st_size):
        time.sleep(0.02)
    other = _hold_lock(db)
    try:
        _, err = proc.communicate(timeout=120)
    finally:
        other.rollback()
        other.close()
    assert proc.returncode == 2, err
    assert "Traceback" not in err
    written = partial.read_text().count("\n")
    assert 0 < written < 4000
    assert f"stef: error: {db}: the run store stayed locked by another process for 0.5 s; " \
           "try again once it is free" in err
    kept = "1 result was" if written == 1 else f"{written} results were"
    assert f"stef: {kept} kept; the results so far are in {partial} ({out} is " \
           f"replaced when a run completes): continue with --resume -o {out}" in err
    with sqlite3.connect(db) as con:  # the store kept every result it was given
        stored = con.execute("SELECT count(*) FROM results").fetchone()[0]
    assert written - 1 <= stored <= written
    resumed = subprocess.run([sys.executable, "-m", "stef_core", "eval", str(src), "-o", str(out),
                              "--store", str(db), "--no-progress", "--resume"], env=env,
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == \
        [f"r{i}" for i in range(4000)]


_CREATE = """
import sys, time
from stef_core.monitor.store import Store
while time.time() < float(sys.argv[2]):
    time.sleep(0.001)
with Store(sys.argv[1]) as st:
    w = st.begin_run(inputs=["x"], rules_hash="h", judge="offline", plugins={}, output=None,
                     stef_version="0")
    w.finish()
"""


@pytest.mark.slow
def test_eight_processes_creating_one_new_store_at_once_all_succeed(tmp_path: Path) -> None:
    for attempt in range(3):
        path = tmp_path / f"new-{attempt}.sqlite"
        start = time.time() + 2.0  # every process is started (and has imported STEF) by then
        procs = [subprocess.Popen([sys.executable, "-c", _CREATE, str(path), str(start)],
                                  stderr=subprocess.PIPE, text=True) for _ in range(8)]
        errors = [p.communicate(timeout=120)[1] for p in procs]
        assert [p.returncode for p in procs] == [0] * 8, errors
        with Store(str(path)) as st:
            assert len(st.list_runs()) == 8


def _damaged_store(tmp_path: Path) -> tuple[Path, Path]:
    src = _input(tmp_path / "in.jsonl", 11)
    db = tmp_path / "runs.sqlite"
    for _ in range(2):
        assert run("eval", str(src), "-o", str(tmp_path / "first.jsonl"), "--store", str(db),
                   "--no-progress").exit_code == 0
    _damage(db, "results")
    return src, db


def test_a_damaged_store_is_one_clear_error_in_every_command(tmp_path: Path) -> None:
    src, db = _damaged_store(tmp_path)
    message = (f"stef: error: {db}: the run store is damaged (database disk image is malformed); "
               f"copy what it holds to a new file with `sqlite3 {db} .recover | sqlite3 "
               "recovered.sqlite`, or give another --store path\n")
    for args in (["runs", "list"], ["runs", "show", "1"], ["report", "1"],
                 ["compare", "1", "2"]):
        res = run(*args, "--store", str(db))
        assert (res.exit_code, res.stderr) == (2, message), args
    out = tmp_path / "out.jsonl"
    res = run("eval", str(src), "-o", str(out), "--store", str(db), "--no-progress")
    assert res.exit_code == 2
    # the run stopped cleanly: the message, then where the results written so far are
    partial = Path(f"{out}.partial")
    assert res.stderr.startswith(message)
    written = partial.read_text().count("\n")
    assert res.stderr.endswith(
        f"stef: {written} result{' was' if written == 1 else 's were'} kept; the results so "
        f"far are in {partial} ({out} is replaced when a run completes): continue with "
        f"--resume -o {out}\n")


def test_a_file_that_is_not_a_store_is_refused_before_anything_is_written(
        tmp_path: Path) -> None:
    src = _input(tmp_path / "in.jsonl", 2)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a database\n" * 200)
    out = tmp_path / "out.jsonl"
    res = run("eval", str(src), "-o", str(out), "--store", str(notes), "--no-progress")
    assert (res.exit_code, res.stderr) == (
        2, f"stef: error: {notes}: not a STEF run store (not an SQLite file); give another "
           "path\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "notes.txt"]
    assert notes.read_text() == "my notes, not a database\n" * 200
