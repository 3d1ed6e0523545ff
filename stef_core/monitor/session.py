"""The bookkeeping around one ``stef eval`` run: ``--resume`` (skip records already in the
output), ``--store`` (record the run in the history) and Ctrl-C (leave a valid partial output).

Kept out of ``stef_core/cli/eval.py`` so that the command reads as the plain loop it is.
"""

from __future__ import annotations

import os
from collections import Counter, deque
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from stef_core import __version__
from stef_core.contracts import StefError
from stef_core.engine import Engine, Item
from stef_core.models import Record, Result
from stef_core.stats import Summary

#: exit code after Ctrl-C, as shells report a process ended by SIGINT
EXIT_INTERRUPTED = 130


def repair_tail(path: str) -> int:
    """Cut an unfinished last line (one without its newline) off ``path``; bytes removed.

    A run killed harder than Ctrl-C (SIGKILL, power loss) can leave half a line; everything
    before it is complete and is kept.
    """
    p = Path(path)
    if not p.is_file():
        return 0
    size = p.stat().st_size
    if size == 0:
        return 0
    with open(p, "rb+") as fh:
        fh.seek(-1, os.SEEK_END)
        if fh.read(1) == b"\n":
            return 0
        # Walk back in blocks to the last newline.
        pos = size
        keep = 0
        while pos > 0:
            step = min(65536, pos)
            pos -= step
            fh.seek(pos)
            block = fh.read(step)
            nl = block.rfind(b"\n")
            if nl >= 0:
                keep = pos + nl + 1
                break
        fh.truncate(keep)
        return size - keep


def plugin_versions(engine: Engine) -> dict[str, dict[str, str]]:
    """stage -> plugin id -> ``"<distribution> <version> (plugin v<n>)"`` of every plugin."""
    from stef_core.registry import STAGES

    out: dict[str, dict[str, str]] = {}
    for stage in STAGES:
        out[stage] = {
            pid: f"{p.distribution} {p.dist_version} (plugin v{p.cls.version})"
            for pid, p in sorted(engine.registry.plugins(stage).items())
        }
    return out


class RunSession:
    """Resume, store and interrupt handling for one run.

    Args:
        paths: the inputs.
        output: the ``-o`` path (None or ``-`` for stdout).
        resume: continue the partial run in ``output``.
        store: the run store path, or None.
        engine: the configured engine (rules hash, judge spec, plugin versions come from it).
        summary: the run's summary; results already in ``output`` are added to it on resume.
    """

    def __init__(self, paths: list[str], *, output: str | None, resume: bool, store: str | None,
                 engine: Engine, summary: Summary) -> None:
        self.output = output if output and output != "-" else None
        self.done: Counter[str] = Counter()
        self.already = 0
        self.written = 0
        self._questions: deque[str | None] = deque()
        self._writer: Any = None
        self._store: Any = None
        self.run_id: int | None = None
        if resume:
            if self.output is None:
                raise StefError("--resume needs -o OUT.jsonl: the partial output to continue")
            self._load_done(summary)
        if store:
            from stef_core.monitor.store import Store

            self._store = Store(store)
            self._writer = self._store.begin_run(
                inputs=[str(Path(p).resolve()) if p != "-" else "-" for p in paths],
                rules_hash=engine.rules_hash, judge=engine.judge_spec,
                plugins=plugin_versions(engine),
                output=str(Path(self.output).resolve()) if self.output else None,
                stef_version=__version__,
            )
            self.run_id = self._writer.run_id
            if resume and self.output:
                from stef_core.monitor.results import read_results_file

                for loaded in read_results_file(self.output):
                    self._writer.add(loaded.result, loaded.question)

    @property
    def mode(self) -> str:
        """How to open the output: append on resume."""
        return "a" if self.done else "w"

    def _load_done(self, summary: Summary) -> None:
        assert self.output is not None
        if not Path(self.output).is_file():
            return  # nothing to resume: a fresh run
        repair_tail(self.output)
        from stef_core.monitor.results import read_results_file

        for loaded in read_results_file(self.output):
            self.done[loaded.result.id] += 1
            self.already += 1
            summary.add(loaded.result)

    def items(self, items: Iterable[Item]) -> Iterator[Item]:
        """The input minus the records already done (by id, as many times as they occur)."""
        for item in items:
            if self.done and self.done[item.id] > 0:
                self.done[item.id] -= 1
                continue
            # One question per item, in order: the engine returns exactly one result per item.
            self._questions.append(item.question if isinstance(item, Record) else None)
            yield item

    def record(self, result: Result) -> None:
        """Called after each result line is written."""
        self.written += 1
        question = self._questions.popleft() if self._questions else None
        if self._writer is not None:
            self._writer.add(result, question)

    def finish(self, status: str) -> None:
        """Close the store's run as ``complete`` or ``interrupted``; repair the output's tail."""
        if self._writer is not None:
            self._writer.finish(status)
            self._store.close()
            self._writer = None
        if self.output and status != "complete":
            repair_tail(self.output)
