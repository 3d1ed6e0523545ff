"""The LLM call cache: SQLite (stdlib), one row per successful call.

The key holds everything that can change a reply: the provider, the model, the API base, the
prompt version, the ruleset's hash, the sampling settings (sample index, temperature, output
token limit) and the exact messages. Nothing is folded: ``'Ann  Lee'`` and ``'Ann Lee'`` are
different string literals, and a whitespace rule that knew where literals start would have to
parse every dialect's quoting; a re-run of the same file still hits, which is what the cache is
for. Only successes are stored: an error is never cached, and the next run tries again.

The cache is private to its user: the folder is created 0700 and the file 0600 (both fixed when
an older STEF left them readable by others; a folder that also holds other files is left as it
is, the file's own mode protects it).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     cache = Cache.open(d)
...     key = cache_key(model="openai/m", prompt_version="v1",
...                     messages=[{"role": "user", "content": "hi  there"}])
...     cache.put(key, {"p_correct": 0.9}, {"prompt_tokens": 3})
...     hit = cache.get(key)
...     cache.close()
>>> hit
({'p_correct': 0.9}, {'prompt_tokens': 3})
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import stat
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from stef_core.errors import StefError
from stef_judges.llm_config import provider_of

FILE_NAME = "llm-cache.sqlite3"
#: The files SQLite keeps beside the database; a folder holding only these is the cache's own.
_OWN_FILES = {FILE_NAME, *(FILE_NAME + s for s in ("-wal", "-shm", "-journal"))}


def default_cache_dir() -> Path:
    """``STEF_CACHE_DIR``, else the platform's user cache folder plus ``stef``."""
    env = os.environ.get("STEF_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "stef" / "Cache"
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "stef"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "stef"
    return Path.home() / ".cache" / "stef"


def cache_key(
    *,
    model: str,
    prompt_version: str,
    messages: list[dict[str, str]],
    api_base: str | None = None,
    rules_hash: str = "",
    sampling: Mapping[str, Any] | None = None,
) -> str:
    """The cache key of one call: a SHA-256 over everything that can change its reply.

    ``sampling`` holds the sample index, temperature and output token limit. The API base only
    loses a trailing slash (``/v1`` and ``/v1/`` are the same server); the messages are hashed
    exactly as sent.
    """
    payload = json.dumps(
        {
            "provider": provider_of(model),
            "model": model,
            "api_base": (api_base or "").rstrip("/"),
            "prompt": prompt_version,
            "rules": rules_hash,
            "sampling": dict(sampling or {}),
            "messages": [[m["role"], m["content"]] for m in messages],
        },
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _make_private(folder: Path, path: Path) -> None:
    """Create ``folder`` 0700 and ``path`` 0600, or tighten them when they already exist.

    An existing folder is tightened only when it holds nothing but the cache's own files: a
    ``--cache-dir`` the user shares with other things keeps its mode (the database file is
    0600 whatever the folder's mode, so its content stays private).
    """
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True)
    elif not folder.is_dir():
        raise NotADirectoryError(f"{folder} is not a folder")
    else:
        mode = stat.S_IMODE(folder.stat().st_mode)
        own = {p.name for p in folder.iterdir()} <= _OWN_FILES
        if mode & 0o077 and own and not mode & stat.S_ISVTX:
            with contextlib.suppress(PermissionError):  # not ours to change: the file still is
                folder.chmod(0o700)
    # O_CREAT with 0600: the file is never readable by others, not even for a moment.
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    for name in sorted(_OWN_FILES):
        sibling = folder / name
        with contextlib.suppress(FileNotFoundError, PermissionError):
            if stat.S_IMODE(sibling.stat().st_mode) & 0o077:
                sibling.chmod(0o600)


class Cache:
    """A thread-safe SQLite key-value store of successful replies."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self._lock = threading.Lock()

    @classmethod
    def open(cls, directory: str | os.PathLike[str] | None = None) -> Cache:
        """Open (and create) the cache in ``directory`` or :func:`default_cache_dir`.

        Raises:
            StefError: when the folder or the database cannot be used.
        """
        folder = Path(directory).expanduser() if directory else default_cache_dir()
        path = folder / FILE_NAME
        try:
            _make_private(folder, path)
            # The cache is used from the judge's event-loop thread; the lock serialises access.
            conn = sqlite3.connect(str(path), timeout=30, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            # A commit per reply (so Ctrl-C loses none) without an fsync each: with a write-ahead
            # log, NORMAL survives a killed process; a power cut may lose the last replies, which
            # only costs calling again. FULL cost ~9 ms of the event loop per reply.
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute(
                "CREATE TABLE IF NOT EXISTS calls (key TEXT PRIMARY KEY, reply TEXT NOT NULL, "
                "usage TEXT NOT NULL, created REAL NOT NULL)"
            )
            conn.commit()
        except (OSError, sqlite3.Error) as exc:
            raise StefError(
                f"llm cache: cannot use {path}: {exc}; pass --cache-dir DIR, set STEF_CACHE_DIR "
                "or use --no-cache"
            ) from None
        return cls(conn, path)

    def get(self, key: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The stored reply and usage for ``key``, or None."""
        with self._lock:
            try:
                row = self._conn.execute(
                    "SELECT reply, usage FROM calls WHERE key = ?", (key,)
                ).fetchone()
            except sqlite3.Error:
                return None  # a broken cache costs calls, never the run
        if row is None:
            return None
        try:
            return json.loads(row[0]), json.loads(row[1])
        except ValueError:
            return None

    def put(self, key: str, reply: dict[str, Any], usage: dict[str, Any]) -> None:
        """Store a successful reply."""
        with self._lock:
            try:
                self._conn.execute(
                    "INSERT OR REPLACE INTO calls (key, reply, usage, created) VALUES (?, ?, ?, ?)",
                    (key, json.dumps(reply), json.dumps(usage), time.time()),
                )
                self._conn.commit()
            except sqlite3.Error:
                pass  # as above: the cache is an optimisation

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM calls").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._conn.close()
