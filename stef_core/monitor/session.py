"""The bookkeeping around one ``stef eval`` run: ``--resume`` (skip records already in the
output), ``--store`` (record the run in the history), Ctrl-C (leave a valid partial output) and
duplicate ids (warn once per run).

``--resume`` matches records by position, not by id: the output holds one line per input
record, in input order, so its first N lines answer the input's first N records. Ids may
repeat in real logs; position never does. Each skipped record's id is checked against its
line's, so a changed input is an error rather than a silently wrong resume.

Kept out of ``stef_core/cli/eval.py`` so that the command reads as the plain loop it is.
"""

from __future__ import annotations

import os
from array import array
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


class DuplicateIds:
    """Counts ids that occur more than once, in flat memory.

    Each id is kept as a 64-bit fingerprint in an open-addressing table (8 bytes a slot, at
    most half full: 16-32 bytes per distinct id) rather than as a string; repeated ids are
    named, up to ``keep`` of them. Past ``max_slots`` the table stops growing and only the
    ids seen until then are checked (the warning says so).
    """

    def __init__(self, keep: int = 1000, max_slots: int = 1 << 23) -> None:
        self._table = array("Q", [0]) * (1 << 12)
        self._used = 0
        self._max_slots = max_slots
        self.checked = 0
        self.full = False
        self.repeats = 0  # occurrences beyond the first, over all ids
        self.names: Counter[str] = Counter()  # id -> occurrences, for up to `keep` ids
        self._keep = keep

    def add(self, ident: str) -> None:
        table = self._table
        mask = len(table) - 1
        h = (hash(ident) & 0xFFFF_FFFF_FFFF_FFFF) or 1
        i = h & mask
        while True:
            slot = table[i]
            if slot == h:
                self.repeats += 1
                if ident in self.names or len(self.names) < self._keep:
                    self.names[ident] = self.names.get(ident, 1) + 1
                self.checked += 1
                return
            if slot == 0:
                break
            i = (i + 1) & mask
        if self.full:
            return
        self.checked += 1
        table[i] = h
        self._used += 1
        if self._used * 2 > len(table):
            if len(table) * 2 > self._max_slots:
                self.full = True
            else:
                self._grow()

    def _grow(self) -> None:
        old = self._table
        table = array("Q", [0]) * (len(old) * 2)  # no temporary bytes of the same size
        mask = len(table) - 1
        for h in old:
            if h:
                i = h & mask
                while table[i]:
                    i = (i + 1) & mask
                table[i] = h
        self._table = table

    def warning(self) -> str | None:
        if not self.repeats:
            return None
        top = ", ".join(f"{name!r} x{n}" for name, n in self.names.most_common(5))
        more = "" if len(self.names) <= 5 else f" and {len(self.names) - 5:,} more"
        checked = (f" (checked the first {self.checked:,} records only)" if self.full else "")
        ids = "1 id occurs" if len(self.names) == 1 else f"{len(self.names):,} ids occur"
        return (f"{ids} more than once ({top}{more}){checked}: every "
                "record was scored, in input order; to tell them apart in reports and "
                "`stef compare`, give each record its own id")


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
        self.ids = DuplicateIds()
        self._extra: list[str] = []
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
                rules_name=engine.rules.name, rules_version=str(engine.rules.version),
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
        return "a" if self.already else "w"

    def _load_done(self, summary: Summary) -> None:
        assert self.output is not None
        if not Path(self.output).is_file():
            return  # nothing to resume: a fresh run
        repair_tail(self.output)
        from stef_core.monitor.results import read_results_file

        for loaded in read_results_file(self.output):
            self.already += 1
            summary.add(loaded.result)

    def items(self, items: Iterable[Item]) -> Iterator[Item]:
        """The input minus the records already done: the first :attr:`already` ones."""
        done = self._done_ids()
        n = 0
        for n, item in enumerate(items, start=1):
            self.ids.add(item.id)
            if n <= self.already:
                expected = next(done, None)
                # Over-long ids are cut in an output line that had to be replaced.
                if expected is None or expected[:1000] != item.id[:1000]:
                    raise StefError(
                        f"--resume: line {n} of {self.output} is the result of id {expected!r}, "
                        f"but input record {n} has id {item.id!r}: the input is not the one "
                        "the partial run read; give the same inputs, or start over without "
                        "--resume"
                    )
                continue
            # One question per item, in order: the engine returns exactly one result per item.
            self._questions.append(item.question if isinstance(item, Record) else None)
            yield item
        if n < self.already:
            self._extra.append(f"{self.output} holds {self.already:,} results but the input "
                               f"has only {n:,} records: nothing was added")

    def _done_ids(self) -> Iterator[str]:
        """The ids of the results already in the output, in order (read lazily: the skipped
        records are checked one by one, before anything new is appended)."""
        if not self.already or self.output is None:
            return
        from stef_core.monitor.results import read_results_file

        for loaded in read_results_file(self.output):
            yield loaded.result.id

    def warnings(self) -> list[str]:
        """Run-level warnings (duplicate ids), one line each."""
        dup = self.ids.warning()
        return ([dup] if dup else []) + self._extra

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
