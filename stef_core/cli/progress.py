"""A progress bar with rate and ETA on stderr, shown only on a terminal."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as RichProgress


def count_lines(paths: list[str]) -> int | None:
    """Records to expect (JSONL/CSV lines), or None when unknown (stdin, JSON, Parquet)."""
    total = 0
    for path in paths:
        suffix = Path(path).suffix.lower()
        if path == "-" or suffix not in (".jsonl", ".ndjson", ".csv"):
            return None
        with open(path, "rb") as fh:
            n = sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
        total += n - (1 if suffix == ".csv" else 0)
    return total


class Progress:
    """Records scored, rate and ETA.

    Args:
        paths: the inputs (their line count is the total when it can be known cheaply).
        skip: records already done (``--resume``), taken off the total.
        console: where to draw; stderr by default, so that JSONL on stdout stays clean.
        label: what the bar says it is doing.
    """

    def __init__(self, paths: list[str], skip: int = 0, console: Console | None = None,
                 label: str = "scoring") -> None:
        self._bar = RichProgress(
            TextColumn(label), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
            TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TimeRemainingColumn(),
            transient=True, console=console or Console(stderr=True),
        )
        total = count_lines(paths)
        if total is not None:
            total = max(0, total - skip)
        self._task = self._bar.add_task("scoring", total=total, rate="")

    def __enter__(self) -> Progress:
        self._bar.__enter__()
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._bar.__exit__(et, ev, tb)

    def advance(self) -> None:
        task = self._bar.tasks[0]
        speed = task.speed
        self._bar.update(self._task, advance=1, rate=f"{speed:.0f} rec/s" if speed else "")
