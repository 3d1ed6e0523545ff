"""The run history: an embedded SQLite file that records every ``stef eval --store PATH`` run.

A run row holds when it started and finished, its inputs and output, the ruleset (its name,
version and hash), the judge spec, the plugin versions and whether it completed; the results
table holds every per-record result (its JSON line, as ``stef eval`` writes it) plus the
question text, which lets ``stef compare`` pair records across runs.

A run being written records its process id, host and a heartbeat, so that a run killed without
a chance to close (SIGKILL, power loss) is listed as ``interrupted`` rather than ``running``
forever; results are committed one by one, so the store never lags the output file.

The schema is versioned with ``PRAGMA user_version``. :data:`MIGRATIONS` lists the steps from
each version to the next; opening a store applies the missing steps in one transaction, holding
the write lock from the version check on, so a fresh file and a migrated one end with the same
schema and processes creating one store at once take turns.

What SQLite can report is a message, never a traceback: a store locked by another process is
waited for, up to :data:`LOCK_WAIT` seconds (``STEF_STORE_WAIT``) per write, and then a
:class:`StoreError` says so; a damaged file or one that is not a run store is a
:class:`StoreError` naming the file and what to do. ``stef eval`` stops cleanly on one, keeping
every result already written (in its output and in the store).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar

from stef_core.contracts import StefError
from stef_core.io import result_json
from stef_core.models import Result

SCHEMA_VERSION = 5
#: a running run whose heartbeat is older than this (seconds) is listed as ``stale``
STALE_AFTER = 3600
#: seconds one store operation waits for another process's lock (``STEF_STORE_WAIT``)
LOCK_WAIT = 30.0

T = TypeVar("T")


class StoreError(StefError):
    """The store cannot be opened or does not hold what was asked for."""


def _script(db: sqlite3.Connection, sql: str) -> None:
    """Run ``;``-separated statements inside the current transaction (``executescript``
    would commit it first, and let another process in between two steps)."""
    for statement in sql.split(";"):
        if statement.strip():
            db.execute(statement)


def _locked(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def store_error(path: str, exc: sqlite3.Error, wait: float = LOCK_WAIT) -> StoreError:
    """What to tell the user about an SQLite error on the store at ``path``."""
    text = str(exc)
    low = text.lower()
    if _locked(exc):
        return StoreError(f"{path}: the run store stayed locked by another process for "
                          f"{wait:g} s; try again once it is free, or give another --store "
                          "(STEF_STORE_WAIT sets the wait, in seconds)")
    if "not a database" in low:
        return StoreError(f"{path}: not a STEF run store (not an SQLite file); give another "
                          "path")
    if "malformed" in low or "corrupt" in low or type(exc) is sqlite3.DatabaseError:
        return StoreError(f"{path}: the run store is damaged ({text}); copy what it holds to a "
                          f"new file with `sqlite3 {path} .recover | sqlite3 recovered.sqlite`, "
                          "or give another --store path")
    return StoreError(f"{path}: the run store cannot be used: {text}")


def _v0_to_v1(db: sqlite3.Connection) -> None:
    _script(
        db,
        """
        CREATE TABLE runs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            started TEXT NOT NULL,
            inputs TEXT NOT NULL,
            rules_hash TEXT,
            judge TEXT,
            plugins TEXT
        );
        CREATE TABLE results (
            run_id INTEGER NOT NULL REFERENCES runs(id),
            seq INTEGER NOT NULL,
            id TEXT NOT NULL,
            agent TEXT NOT NULL,
            status TEXT NOT NULL,
            score REAL,
            result TEXT NOT NULL,
            PRIMARY KEY (run_id, seq)
        );
        """
    )


def _v1_to_v2(db: sqlite3.Connection) -> None:
    # v2: run status (an interrupted run stays visible as such), finish time, output path and
    # STEF version; the question text per result, for pairing records across runs.
    _script(
        db,
        """
        ALTER TABLE runs ADD COLUMN finished TEXT;
        ALTER TABLE runs ADD COLUMN status TEXT NOT NULL DEFAULT 'complete';
        ALTER TABLE runs ADD COLUMN output TEXT;
        ALTER TABLE runs ADD COLUMN stef_version TEXT;
        ALTER TABLE results ADD COLUMN question TEXT;
        CREATE INDEX results_by_agent ON results(run_id, agent);
        """
    )


def _v2_to_v3(db: sqlite3.Connection) -> None:
    # v3: who is writing a running run (pid, host) and when it last wrote (heartbeat), so that
    # a run killed without closing is not listed as running forever.
    _script(
        db,
        """
        ALTER TABLE runs ADD COLUMN pid INTEGER;
        ALTER TABLE runs ADD COLUMN host TEXT;
        ALTER TABLE runs ADD COLUMN heartbeat TEXT;
        """
    )


def _v3_to_v4(db: sqlite3.Connection) -> None:
    # v4: gamma (the judge's P(correct)) and the reviewer's label per result, so that a run's
    # estimated accuracy is one aggregate query; filled in from the stored JSON.
    _script(
        db,
        """
        ALTER TABLE results ADD COLUMN confidence REAL;
        ALTER TABLE results ADD COLUMN label INTEGER;
        """
    )
    rows = db.execute(
        "SELECT run_id, seq, result FROM results WHERE status = 'scored'"
    ).fetchall()
    updates = []
    for run_id, seq, text in rows:
        try:
            data = json.loads(text)
        except ValueError:
            continue
        gamma, label = data.get("confidence"), data.get("label")
        if isinstance(gamma, (int, float)) or label in (0, 1):
            updates.append((gamma if isinstance(gamma, (int, float)) else None,
                            label if label in (0, 1) else None, run_id, seq))
    db.executemany("UPDATE results SET confidence = ?, label = ? WHERE run_id = ? AND seq = ?",
                   updates)


def _v4_to_v5(db: sqlite3.Connection) -> None:
    # v5: the ruleset's name and version (`ruleset "crm" version 3`), which say to a person
    # what the hash only identifies; NULL for runs recorded before.
    _script(
        db,
        """
        ALTER TABLE runs ADD COLUMN rules_name TEXT;
        ALTER TABLE runs ADD COLUMN rules_version TEXT;
        """
    )


#: version -> the step that takes a store from that version to the next
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    0: _v0_to_v1, 1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5,
}


def migrate(db: sqlite3.Connection, *, path: str = "store") -> int:
    """Bring ``db`` to :data:`SCHEMA_VERSION`; return the version it had before."""
    # A first look without the lock: a store that is up to date needs nothing more. Anything
    # else is looked at again under the lock (another process may be creating it right now:
    # between two reads here, its tables could appear while its version still reads 0).
    if int(db.execute("PRAGMA user_version").fetchone()[0]) == SCHEMA_VERSION:
        return SCHEMA_VERSION
    # One transaction that holds the write lock from the check on: a failed migration leaves
    # the old schema intact, and a second process creating the same store waits, then finds it
    # made (rather than half made, or "not a run store").
    if db.in_transaction:
        db.commit()
    db.execute("BEGIN IMMEDIATE")
    try:
        found = _version(db, path)
        version = found
        while version < SCHEMA_VERSION:
            MIGRATIONS[version](db)
            version += 1
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.commit()
    except BaseException:
        db.rollback()
        raise
    return found


def _version(db: sqlite3.Connection, path: str) -> int:
    found = int(db.execute("PRAGMA user_version").fetchone()[0])
    if found > SCHEMA_VERSION:
        raise StoreError(
            f"{path}: run store schema version {found} is newer than this STEF knows "
            f"({SCHEMA_VERSION}); upgrade STEF"
        )
    if found == 0 and db.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
    ).fetchone()[0]:
        raise StoreError(f"{path}: is an SQLite file but not a STEF run store; give another path")
    return found


@dataclass(frozen=True)
class RunInfo:
    """One stored run, with its aggregate numbers."""

    id: int
    started: str
    finished: str | None
    status: str
    inputs: list[str]
    output: str | None
    rules_hash: str | None
    judge: str | None
    plugins: dict[str, Any] = field(default_factory=dict)
    stef_version: str | None = None
    records: int = 0
    scored: int = 0
    mean: float | None = None
    pid: int | None = None
    host: str | None = None
    heartbeat: str | None = None
    #: mean gamma over the scored results (the judge's estimate of the share correct)
    estimated_accuracy: float | None = None
    #: the ruleset's ``name`` and ``version`` (None for runs recorded before schema v5)
    rules_name: str | None = None
    rules_version: str | None = None

    @property
    def ruleset(self) -> str:
        """``crm v3 (hash 1a2b...)``, or the hash alone for runs recorded before v5."""
        if self.rules_name is None:
            return f"hash {self.rules_hash or '-'}"
        return f"{self.rules_name} v{self.rules_version} (hash {self.rules_hash or '-'})"


def _wait_from_env() -> float:
    try:
        wait = float(os.environ.get("STEF_STORE_WAIT", LOCK_WAIT))
    except ValueError:
        raise StoreError(f"STEF_STORE_WAIT={os.environ['STEF_STORE_WAIT']!r}: give a number "
                         "of seconds") from None
    return max(0.0, wait) if wait == wait else LOCK_WAIT  # NaN: the default


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _alive(pid: int) -> bool:
    """Whether a process with this id exists on this host."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # it exists, owned by someone else (or we cannot tell: assume alive)
    return True


def live_status(status: str, pid: int | None, host: str | None, heartbeat: str | None,
                now: datetime | None = None) -> str:
    """What a stored status means now: a ``running`` run whose process is gone from this host
    is ``interrupted``; one that has not written for :data:`STALE_AFTER` seconds is ``stale``.

    >>> live_status("complete", None, None, None)
    'complete'
    >>> live_status("running", None, None, "2020-01-01T00:00:00+00:00")
    'stale'
    """
    if status != "running":
        return status
    if pid is not None and host == socket.gethostname() and not _alive(pid):
        return "interrupted"
    if heartbeat:
        try:
            beat = datetime.fromisoformat(heartbeat)
        except ValueError:
            return status
        age = ((now or datetime.now(timezone.utc)) - beat).total_seconds()
        if age > STALE_AFTER:
            return "stale"
    return status


class Store:
    """An open run store. Use as a context manager or call :meth:`close`.

    Args:
        path: the SQLite file (created, with its folder, when missing).
        wait: seconds an operation waits for another process's lock (default
            :data:`LOCK_WAIT`, or ``STEF_STORE_WAIT``).
    """

    def __init__(self, path: str, *, wait: float | None = None) -> None:
        self.path = path
        self.wait = wait if wait is not None else _wait_from_env()
        p = Path(path)
        if p.is_dir():
            raise StoreError(f"{path}: is a directory; give a file path for the run store")
        try:
            if p.parent and not p.parent.exists():
                p.parent.mkdir(parents=True, exist_ok=True)
            # SQLite's own busy wait is kept short: the loop in guard() owns the deadline.
            self.db = sqlite3.connect(path, timeout=min(1.0, self.wait))
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{path}: the run store cannot be opened: "
                             f"{getattr(exc, 'strerror', None) or exc}") from None
        try:
            self.guard(lambda: migrate(self.db, path=path))
        except BaseException:
            self.db.close()
            raise

    def guard(self, action: Callable[[], T]) -> T:
        """Run ``action`` against the database: while another process holds the lock, wait
        and try again, up to :attr:`wait` seconds; any SQLite error becomes a
        :class:`StoreError` that names the file and what to do."""
        deadline = time.monotonic() + self.wait
        pause = 0.02
        while True:
            try:
                return action()
            except sqlite3.Error as exc:
                if self.db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        self.db.rollback()
                left = deadline - time.monotonic()
                if _locked(exc) and left > 0:
                    time.sleep(min(pause, left))
                    pause = min(pause * 2, 0.5)
                    continue
                raise store_error(self.path, exc, self.wait) from None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.db.close()

    # ---- writing ------------------------------------------------------------------------

    def begin_run(
        self,
        *,
        inputs: list[str],
        rules_hash: str,
        judge: str,
        plugins: dict[str, Any],
        output: str | None,
        stef_version: str,
        started: str | None = None,
        rules_name: str | None = None,
        rules_version: str | None = None,
    ) -> RunWriter:
        # Results are committed one at a time: with a write-ahead log and NORMAL sync a commit
        # costs microseconds, and a killed process still loses none of them.
        def begin() -> int | None:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            with self.db:
                cur = self.db.execute(
                    "INSERT INTO runs (started, inputs, rules_hash, judge, plugins, status, "
                    "output, stef_version, pid, host, heartbeat, rules_name, rules_version) "
                    "VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?, ?, ?, ?, ?)",
                    (started or now_iso(), json.dumps(inputs), rules_hash, judge,
                     json.dumps(plugins, sort_keys=True), output, stef_version, os.getpid(),
                     socket.gethostname(), now_iso(), rules_name, rules_version),
                )
            return cur.lastrowid

        run_id = self.guard(begin)
        assert run_id is not None
        return RunWriter(self, run_id)

    # ---- reading ------------------------------------------------------------------------

    def list_runs(self) -> list[RunInfo]:
        rows = self.guard(lambda: self.db.execute(
            _RUN_QUERY + " GROUP BY r.id ORDER BY r.id").fetchall())
        return [self._info(row) for row in rows]

    def get_run(self, run_id: int | str) -> RunInfo:
        ident = _run_id(run_id, self.path)
        row = self.guard(lambda: self.db.execute(
            _RUN_QUERY + " WHERE r.id = ? GROUP BY r.id", (ident,)).fetchone())
        if row is None:
            known = [str(r[0]) for r in self.guard(lambda: self.db.execute(
                "SELECT id FROM runs ORDER BY id").fetchall())]
            hint = f"known ids: {', '.join(known[-10:])}" if known else "the store has no runs"
            raise StoreError(f"{self.path}: no run with id {run_id!r}; {hint}")
        return self._info(row)

    def _info(self, row: tuple[Any, ...]) -> RunInfo:
        try:
            return _run_info(row)
        except (ValueError, TypeError) as exc:  # a row edited by hand, or damaged
            raise StoreError(f"{self.path}: run {row[0]!r} cannot be read ({exc}); the run "
                             "store is damaged or was edited by hand") from None

    def iter_results(self, run_id: int | str) -> Iterator[tuple[Result, str | None]]:
        """Every result of a run in input order, with its question text when recorded."""
        ident = self.get_run(run_id).id
        cur = self.guard(lambda: self.db.execute(
            "SELECT result, question FROM results WHERE run_id = ? ORDER BY seq", (ident,)))
        seq = 0
        while True:
            try:
                row = cur.fetchone()
            except sqlite3.Error as exc:  # a damaged page met half-way: no retry can help
                raise store_error(self.path, exc, self.wait) from None
            if row is None:
                return
            seq += 1
            text, question = row
            try:
                result = Result.model_validate_json(text)
            except ValueError as exc:
                raise StoreError(f"{self.path}: result {seq} of run {ident} is not a STEF "
                                 f"result ({str(exc).splitlines()[0]}); the run store is "
                                 "damaged or was edited by hand") from None
            yield result, question


_RUN_QUERY = (
    "SELECT r.id, r.started, r.finished, r.status, r.inputs, r.output, r.rules_hash, r.judge, "
    "r.plugins, r.stef_version, count(x.seq), count(x.score), avg(x.score), r.pid, r.host, "
    "r.heartbeat, avg(CASE WHEN x.score IS NOT NULL THEN x.confidence END), r.rules_name, "
    "r.rules_version "
    "FROM runs r LEFT JOIN results x ON x.run_id = r.id"
)


def _run_info(row: tuple[Any, ...]) -> RunInfo:
    return RunInfo(
        id=row[0], started=row[1], finished=row[2],
        status=live_status(row[3], row[13], row[14], row[15]),
        inputs=json.loads(row[4]) if row[4] else [], output=row[5], rules_hash=row[6],
        judge=row[7], plugins=json.loads(row[8]) if row[8] else {}, stef_version=row[9],
        records=row[10], scored=row[11],
        mean=round(row[12], 2) if row[12] is not None else None,
        pid=row[13], host=row[14], heartbeat=row[15],
        estimated_accuracy=round(row[16], 4) if row[16] is not None else None,
        rules_name=row[17], rules_version=row[18],
    )


def _run_id(value: int | str, path: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise StoreError(
            f"{path}: run ids are integers (see `stef runs list`), not {value!r}"
        ) from None


class RunWriter:
    """Appends one run's results, committing every ``batch`` rows (by default each one, so
    that the store holds exactly what the output file holds), and beats the run's heartbeat."""

    #: seconds between two heartbeat updates
    HEARTBEAT = 5.0

    def __init__(self, store: Store, run_id: int, batch: int = 1) -> None:
        self.store = store
        self.run_id = run_id
        self.batch = batch
        self._seq = 0
        self._pending: list[tuple[Any, ...]] = []
        self._beat = time.monotonic()

    def add(self, result: Result, question: str | None = None) -> None:
        self._seq += 1
        scored = result.status == "scored"
        self._pending.append((
            self.run_id, self._seq, result.id, result.agent, result.status,
            result.score if scored else None, result_json(result), question,
            result.confidence if scored else None, result.label,
        ))
        if len(self._pending) >= self.batch:
            self.flush()

    def flush(self) -> None:
        if not self._pending:
            return
        db = self.store.db
        beat = time.monotonic() - self._beat > self.HEARTBEAT

        # Idempotent: Ctrl-C can land after the commit and before the rows leave ``_pending``,
        # and the final flush then writes them again; a row is (run_id, seq), written once.
        # The same makes a retry after a lock safe.
        def write() -> None:
            with db:
                db.executemany(
                    "INSERT OR IGNORE INTO results (run_id, seq, id, agent, status, score, "
                    "result, question, confidence, label) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    self._pending,
                )
                if beat:
                    db.execute("UPDATE runs SET heartbeat = ? WHERE id = ?",
                               (now_iso(), self.run_id))

        self.store.guard(write)
        if beat:
            self._beat = time.monotonic()
        self._pending.clear()

    def finish(self, status: str = "complete") -> None:
        """Write what is pending and mark the run ``complete``, ``interrupted`` or
        ``failed``."""
        self.flush()
        db = self.store.db

        def close_run() -> None:
            with db:
                db.execute("UPDATE runs SET status = ?, finished = ? WHERE id = ?",
                           (status, now_iso(), self.run_id))

        self.store.guard(close_run)
