"""The LLM call cache: SQLite (stdlib), one row per successful call.

Keys hash the model, the prompt version, the whitespace-normalized messages and the sample
index, so re-running the same file makes no calls, while a new prompt version or model misses.
Only successes are stored: an error is never cached, and the next run tries again.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     cache = Cache.open(d)
...     key = cache_key("openai/m", "v1", [{"role": "user", "content": "hi  there"}], 0)
...     cache.put(key, {"verdict": "correct"}, {"prompt_tokens": 3})
...     hit = cache.get(key)
...     cache.close()
>>> hit
({'verdict': 'correct'}, {'prompt_tokens': 3})
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any

from stef_core.contracts import StefError

FILE_NAME = "llm-cache.sqlite3"


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


def _normalize(text: str) -> str:
    # Runs of whitespace carry no meaning in a question or in SQL outside string literals, and
    # the model sees the same content either way; folding them makes more re-runs hit.
    return " ".join(text.split())


def cache_key(model: str, prompt_version: str, messages: list[dict[str, str]], sample: int) -> str:
    """The cache key of one call."""
    payload = json.dumps(
        {
            "model": model,
            "prompt": prompt_version,
            "messages": [[m["role"], _normalize(m["content"])] for m in messages],
            "sample": sample,
        },
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


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
            folder.mkdir(parents=True, exist_ok=True)
            # The cache is used from the judge's event-loop thread; the lock serialises access.
            conn = sqlite3.connect(str(path), timeout=30, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
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
