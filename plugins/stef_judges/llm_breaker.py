"""The circuit breaker over "the model server cannot be reached", and how to tell that it
could not be reached from the exceptions litellm raises.

A dead server is found once, not paid for on every record: after ``threshold`` calls in a row
could not reach it, the rest fail at once without a call, and one probe call every
``cooldown`` seconds checks whether it is back.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass

from stef_core.errors import JudgeError
from stef_judges.llm_config import DEFAULT_BREAKER_COOLDOWN, DEFAULT_BREAKER_THRESHOLD


@dataclass
class Breaker:
    """A circuit breaker over "the server cannot be reached".

    Closed, every call goes out. ``threshold`` failures in a row (refused connection, unknown
    host, timeout; any answer from the server, even an HTTP error, resets the count) open it:
    calls fail at once, without touching the network. After ``cooldown`` seconds one probe call
    goes out; its success closes the breaker, its failure opens it for another cooldown. Used
    only from the event loop's thread.

    >>> now = [0.0]
    >>> br = Breaker(threshold=2, cooldown=30, clock=lambda: now[0])
    >>> br.failure("refused"); br.failure("refused"); br.admit() is None
    False
    >>> now[0] = 31.0
    >>> br.admit() is None, br.admit() is None  # one probe goes out, the next call waits
    (True, False)
    >>> br.success(); br.admit() is None
    True
    """

    threshold: int = DEFAULT_BREAKER_THRESHOLD
    cooldown: float = DEFAULT_BREAKER_COOLDOWN
    clock: Callable[[], float] = time.monotonic
    failures: int = 0
    last: str = ""
    open_until: float | None = None
    probing: bool = False
    _opened: asyncio.Event | None = None

    @property
    def is_open(self) -> bool:
        return self.open_until is not None

    def opened(self) -> asyncio.Event:
        """Set while the breaker is open: wakes up calls sleeping before a retry."""
        if self._opened is None:
            self._opened = asyncio.Event()
            if self.is_open:
                self._opened.set()
        return self._opened

    def admit(self) -> str | None:
        """None when a call may go out; otherwise why not."""
        if self.open_until is None:
            return None
        if not self.probing and self.clock() >= self.open_until:
            self.probing = True  # half-open: this call is the probe
            return None
        return (
            f"model server unreachable, record not sent: {self.failures} calls in a row "
            f"failed (last: {self.last}); is the server running? STEF tries again every "
            f"{self.cooldown:g} s"
        )

    def success(self) -> None:
        self.failures = 0
        self.open_until = None
        self.probing = False
        if self._opened is not None:
            self._opened.clear()

    def failure(self, what: str) -> None:
        self.failures += 1
        self.last = what
        if self.probing or self.failures >= self.threshold:
            self.open_until = self.clock() + self.cooldown
            self.probing = False
            if self._opened is not None:
                self._opened.set()


class BreakerOpen(JudgeError):
    """The breaker refused a call: it was not sent."""


#: Exception class names (httpx, aiohttp, the OpenAI SDK) that mean a timeout or a broken
#: connection, wherever they sit in the cause chain.
_TIMEOUTS = frozenset(
    {
        "APITimeoutError",
        "Timeout",
        "ConnectTimeout",
        "ReadTimeout",
        "PoolTimeout",
        "ServerTimeoutError",
    }
)
_CONNECTION = frozenset(
    {
        "APIConnectionError",
        "ConnectError",
        "ClientConnectorError",
        "ServerDisconnectedError",
        "RemoteProtocolError",
        "ConnectionResetError",
    }
)


def unreachable(exc: BaseException) -> str | None:
    """How the server could not be reached ("connection refused", ...), or None when it was.

    litellm wraps a refused connection as ``InternalServerError`` with status 500 (the SDK's
    ``APIConnectionError`` underneath); the cause chain tells what really happened.
    """
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return "timed out"
    seen: set[int] = set()
    chain: BaseException | None = exc
    connection = False
    while chain is not None and id(chain) not in seen:
        seen.add(id(chain))
        if isinstance(chain, ConnectionRefusedError):
            return "connection refused"
        if isinstance(chain, socket.gaierror):
            return "host name not found (DNS)"
        if isinstance(chain, (TimeoutError, asyncio.TimeoutError)):
            return "timed out"
        name = type(chain).__name__
        if name in _TIMEOUTS:
            return "timed out"
        if name in _CONNECTION:
            connection = True
        chain = chain.__cause__ or chain.__context__
    return "connection failed" if connection else None
