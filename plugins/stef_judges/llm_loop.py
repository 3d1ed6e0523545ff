"""The event loop the LLM calls run on: one per process, in a background thread.

The engine is synchronous and starts each batch's calls (``start_many``) before it waits for the
previous batch's, so two batches can be in flight at once. ``asyncio.run`` per batch
would close the loop that litellm's pooled HTTP clients and its process-wide logging worker
are bound to, so the next batch would fail; one long-lived loop keeps them valid across
batches, judges and extractors, and also works when the caller already runs a loop (a
notebook).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import threading
import warnings
from collections.abc import Coroutine
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Running(Generic[T]):
    """A coroutine started on the loop thread: :meth:`result` waits for it, :meth:`cancel`
    stops it. Either way nothing of it is left running when they return (but for a
    cancellation that does not finish within 10 seconds)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, T]) -> None:
        self._finished = threading.Event()

        async def guarded() -> T:
            try:
                return await coro
            finally:
                self._finished.set()

        self._future = asyncio.run_coroutine_threadsafe(guarded(), loop)

    def result(self) -> T:
        """Wait for the coroutine's value. On Ctrl-C (delivered to the main thread, waiting
        here) the coroutine is cancelled and awaited, then the interrupt goes on."""
        try:
            return self._future.result()
        except KeyboardInterrupt:
            self.cancel()
            raise

    def cancel(self) -> None:
        """Cancel the coroutine and wait (bounded) until it has stopped."""
        self._future.cancel()
        # litellm builds its request coroutine in a worker thread; a call cancelled while
        # there leaves that coroutine unawaited, and Python would warn about it at exit.
        # The cancellation is ours and deliberate: nothing is lost, so no warning.
        warnings.filterwarnings("ignore", r"coroutine .* was never awaited", RuntimeWarning)
        # A second Ctrl-C only stops the wait for the cancellation.
        with contextlib.suppress(KeyboardInterrupt):
            self._finished.wait(timeout=10)


class LoopThread:
    """An asyncio loop running in a daemon thread, shared by every LLM client of the process."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="stef-llm", daemon=True)
        self.thread.start()

    def alive(self) -> bool:
        return self.thread.is_alive() and not self.loop.is_closed()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the loop and wait for it.

        On Ctrl-C (which Python delivers to the main thread, waiting here) the coroutine is
        cancelled and awaited, so that nothing of it is left running, then the interrupt goes
        on to the caller.
        """
        return self.start(coro).result()

    def start(self, coro: Coroutine[Any, Any, T]) -> Running[T]:
        """Start ``coro`` on the loop now; wait for it later (:meth:`Running.result`), so that
        the caller can prepare the next batch while this one's calls are in flight."""
        return Running(self.loop, coro)

    def close(self) -> None:
        """Cancel what is left (litellm's background logging), then stop the loop."""
        if not self.alive():
            return

        async def cancel_rest() -> None:
            rest = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in rest:
                task.cancel()
            if rest:  # bounded: a task that ignores its cancellation must not hold the exit up
                await asyncio.wait(rest, timeout=2)

        with contextlib.suppress(Exception):  # shutting down: nothing useful to report
            asyncio.run_coroutine_threadsafe(cancel_rest(), self.loop).result(timeout=5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
        if not self.loop.is_running():
            self.loop.close()


_LOCK = threading.Lock()
_LOOP: LoopThread | None = None


def shared_loop() -> LoopThread:
    """The process's loop thread, started on first use (and again if it died)."""
    global _LOOP
    with _LOCK:
        if _LOOP is None or not _LOOP.alive():
            _LOOP = LoopThread()
            atexit.register(_LOOP.close)
        return _LOOP
