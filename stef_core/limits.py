"""Bounds on the work one record may cost: sizes checked before any analysis, and a time budget.

STEF scores logs it does not control, so one hostile or broken record (a 100 KB question, an
IN list of 10,000 values, a 40,000-term OR chain) must cost a bounded amount of time and memory
and then become an ``unscored`` result that says which limit it crossed and how to raise it;
the run goes on. Every limit has a name that ``stef eval --limit NAME=VALUE`` (and
``Engine(limits=...)``) accepts:

=========== ========== ===================================================================
name        default    what it bounds
=========== ========== ===================================================================
line        4194304    bytes of one input line (JSONL), CSV record or JSON array element
question    10000      characters of the question
enriched    20000      characters of the enriched question
sql         100000     characters of the SQL
field       1000       characters of ``id``, ``agent``, ``dialect`` and ``timestamp``
values      2000       values the SQL's literals and filters hold, and values read from the
                       question and its enrichment (each side on its own)
output      1048576    bytes of one output line
time        10         CPU seconds to analyse, judge and score a record (with a judge that
                       calls a model: to analyse it, and again to score it; 0: no budget);
                       time spent waiting (a model call) does not count
=========== ========== ===================================================================

The time budget interrupts Python code; one call into C (a regular expression, the JSON
decoder) finishes before the interruption lands, which is why the sizes are bounded too.

>>> parse_limits(["question=20000", "time=2.5"]).question
20000
>>> Limits().message("sql", 123456)[:60]
'limit: the SQL has 123,456 characters, over the limit of 100'
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from stef_core.errors import LimitError

#: How many distinct questions each per-question cache keeps (the question extractor's specs,
#: the readers' per-text results, the judges' per-question evidence): caches of one size hit
#: and miss together, so a workload that repeats N <= QUESTION_CACHE questions reads each once.
QUESTION_CACHE = 4096

#: name -> (unit of the number in messages, what is measured)
_WHAT: dict[str, tuple[str, str]] = {
    "line": ("bytes", "the input record"),
    "question": ("characters", "the question"),
    "enriched": ("characters", "the enriched question"),
    "sql": ("characters", "the SQL"),
    "field": ("characters", "a bookkeeping field"),
    "values": ("values", "the record"),
    "output": ("bytes", "the result"),
    "time": ("seconds", "the record"),
}


@dataclass(frozen=True)
class Limits:
    """Per-record bounds (see the module docstring for each one's meaning)."""

    line: int = 4 * 1024 * 1024
    question: int = 10_000
    enriched: int = 20_000
    sql: int = 100_000
    field: int = 1_000
    values: int = 2_000
    output: int = 1024 * 1024
    time: float = 10.0

    def message(self, name: str, found: float, what: str | None = None) -> str:
        """The error of a record past limit ``name``: what, how much, the limit, the way out."""
        unit, default_what = _WHAT[name]
        limit = getattr(self, name)
        if name == "time":
            return (f"limit: {what or default_what} took more than {limit:g} CPU seconds and "
                    "was stopped; raise the budget with --limit time=SECONDS (0: none)")
        n = f"{found:,.0f}" if unit != "seconds" else f"{found:g}"
        return (f"limit: {what or default_what} has {n} {unit}, over the limit of {limit:,}; "
                f"raise it with --limit {name}=N")


def parse_limits(options: Iterable[str], base: Limits | None = None) -> Limits:
    """``["question=20000", "time=0"]`` -> :class:`Limits`; unknown names and bad numbers are
    usage errors that list the names."""
    limits = base or Limits()
    names = [f.name for f in fields(Limits)]
    for option in options:
        name, sep, value = option.partition("=")
        name = name.strip().lower()
        if not sep or name not in names:
            raise LimitError(f"--limit {option!r}: use NAME=VALUE with NAME one of "
                             f"{', '.join(names)}")
        try:
            number: float = float(value) if name == "time" else int(value.replace("_", ""))
        except ValueError:
            raise LimitError(f"--limit {option!r}: {value!r} is not a number") from None
        if number < 0 or (number == 0 and name != "time"):
            raise LimitError(f"--limit {option!r}: must be positive")
        changes: dict[str, Any] = {name: number}
        limits = replace(limits, **changes)
    return limits


# --------------------------------------------------------------------------------------------
# The time budget
# --------------------------------------------------------------------------------------------


class RecordTimeout(BaseException):
    """Raised inside a record's work when its time budget is spent.

    A ``BaseException``, so that plugin code which catches ``Exception`` to fall back to
    something else cannot swallow it and keep working past the budget.
    """


def _raise_in(thread_id: int, exc: type[BaseException] | None) -> None:
    """Make ``exc`` pending in thread ``thread_id`` (None: cancel a pending one)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(exc) if exc is not None else None)


#: where threads have no CPU clock, a record may take this many times its budget in wall time
WALL_FACTOR = 10


@dataclass
class _Entry:
    thread: int
    budget: float
    wall_end: float
    clock: int | None  # the thread's CPU-time clock, or None where there is none (wall only)
    cpu_start: float


def _cpu_clock() -> int | None:
    """The calling thread's CPU-time clock id (POSIX), or None."""
    try:
        return time.pthread_getcpuclockid(threading.get_ident())
    except (AttributeError, OSError):
        return None


class _Watchdog:
    """One daemon thread per process that interrupts records past their budget.

    The budget is CPU time of the record's thread, so that a busy machine does not turn a
    record that fits into a ``limit:`` result (the same input scores the same on any load), and
    so that waiting does not count: a model call made for the record (the LLM question
    extractor) is bounded by that component's own timeouts, and cutting it short would only
    throw away an answer on its way. Where threads have no CPU clock, wall-clock time stands in,
    at :data:`WALL_FACTOR` times the budget. Past the budget, the watchdog raises
    :class:`RecordTimeout` in that thread (``PyThreadState_SetAsyncExc``: at the thread's next
    bytecode) and forgets the record. Works in any thread (Spark workers, notebooks), unlike
    ``SIGALRM``.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._active: dict[int, _Entry] = {}
        self._fired: set[int] = set()
        self._next = 0
        self._thread: threading.Thread | None = None
        self._idle = True  # waiting without a timeout (nothing to watch)
        self._interval = _poll(0.0)  # its current poll interval when not idle

    def start(self, seconds: float) -> int:
        clock = _cpu_clock()
        wall_end = time.monotonic() + seconds * WALL_FACTOR if clock is None else float("inf")
        entry = _Entry(threading.get_ident(), seconds, wall_end, clock,
                       time.clock_gettime(clock) if clock is not None else 0.0)
        with self._lock:
            self._next += 1
            token = self._next
            self._active[token] = entry
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="stef-record-budget",
                                                daemon=True)
                self._thread.start()
            # Wake the watchdog only when it would not look in time by itself: it sleeps
            # without end when idle, else for its poll interval. Waking it for every record
            # cost a thread switch per record (several per cent of a run).
            if self._idle or _poll(seconds) < self._interval:
                self._wake.notify()
        return token

    def stop(self, token: int) -> bool:
        """Forget ``token``; True when its budget had already fired. A fired interruption that
        has not landed yet is cancelled, so it cannot hit the code after the record."""
        with self._lock:
            self._active.pop(token, None)
            fired = token in self._fired
            if fired:
                self._fired.discard(token)
                _raise_in(threading.get_ident(), None)
        return fired

    @staticmethod
    def _spent(entry: _Entry, now: float) -> bool:
        if now >= entry.wall_end:
            return True
        if entry.clock is None:
            return False
        try:
            return time.clock_gettime(entry.clock) - entry.cpu_start >= entry.budget
        except OSError:  # the thread is gone
            return False

    def _run(self) -> None:
        with self._lock:
            while True:
                now = time.monotonic()
                for token, entry in list(self._active.items()):
                    if self._spent(entry, now):
                        del self._active[token]
                        self._fired.add(token)
                        _raise_in(entry.thread, RecordTimeout)
                if not self._active:
                    self._idle = True
                    self._wake.wait()
                    self._idle = False
                    continue
                # CPU time cannot be waited for: look again soon (a few times per budget).
                self._interval = _poll(min(e.budget for e in self._active.values()))
                self._wake.wait(self._interval)


def _poll(budget: float) -> float:
    """How often the watchdog looks at a record with ``budget`` seconds: a few times per
    budget, at least every 50 ms."""
    return min(0.05, budget / 4)


_WATCHDOG = _Watchdog()


class time_budget:
    """Run the body with a deadline; past it, :class:`RecordTimeout` is raised inside it.

    ``seconds <= 0`` means no budget. Catch ``RecordTimeout`` *around* the ``with`` block.
    A class rather than a generator-based context manager: it is entered for every record,
    and this is half the cost.

    >>> with time_budget(5):
    ...     sum(range(10))
    45
    """

    __slots__ = ("_seconds", "_token")

    def __init__(self, seconds: float) -> None:
        self._seconds = seconds
        self._token: int | None = None

    def __enter__(self) -> None:
        if self._seconds > 0:
            self._token = _WATCHDOG.start(self._seconds)

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _WATCHDOG.stop(self._token)


def count_values(values: Iterable[Any]) -> int:
    """Values in a sequence of scalars and tuples of scalars (an IN list counts each item)."""
    return sum(len(v) if isinstance(v, tuple) else 1 for v in values)
