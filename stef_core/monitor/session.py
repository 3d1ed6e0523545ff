"""The bookkeeping around one ``stef eval`` run: ``--resume`` (skip records already in the
output), ``--store`` (record the run in the history), Ctrl-C (leave a valid partial output) and
duplicate ids (warn once per run). Where the output goes, and what may be resumed, is
:mod:`stef_core.monitor.resume`.

``--resume`` matches records by position, not by id: the output holds one line per input
record, in input order, so its first N lines answer the input's first N records. Ids may
repeat in real logs; position never does. Each skipped record's id is checked against its
line's, so a changed input is an error rather than a silently wrong resume.

Kept out of ``stef_core/cli/eval.py`` so that the command reads as the plain loop it is.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from stef_core import __version__
from stef_core.contracts import StefError
from stef_core.engine import Engine, Item
from stef_core.models import Record, Result
from stef_core.monitor.idset import HashSet64, key
from stef_core.monitor.resume import ResultsOutput, repair_tail
from stef_core.stats import Summary

__all__ = ["EXIT_INTERRUPTED", "DuplicateIds", "RunSession", "plugin_versions", "repair_tail"]

#: exit code after Ctrl-C, as shells report a process ended by SIGINT
EXIT_INTERRUPTED = 130


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

    Each id is kept as a 64-bit fingerprint (:mod:`stef_core.monitor.idset`: 16-32 bytes per
    distinct id) rather than as a string; repeated ids are named, up to ``keep`` of them. Past
    ``max_slots`` the table stops growing and only the ids seen until then are checked (the
    warning says so).
    """

    def __init__(self, keep: int = 1000, max_slots: int = 1 << 23) -> None:
        self._seen = HashSet64(max_slots)
        self.checked = 0
        self.repeats = 0  # occurrences beyond the first, over all ids
        self.names: Counter[str] = Counter()  # id -> occurrences, for up to `keep` ids
        self._keep = keep

    @property
    def full(self) -> bool:
        return self._seen.full

    def add(self, ident: str) -> None:
        found = self._seen.add(key(ident))
        if found is None:  # full, and not seen before: not checked
            return
        self.checked += 1
        if found:
            self.repeats += 1
            if ident in self.names or len(self.names) < self._keep:
                self.names[ident] = self.names.get(ident, 1) + 1

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
        results: where the results go (``-o``), and the partial run it continues, if any.
        store: the open run store, or None.
        engine: the configured engine (rules hash, judge spec, plugin versions come from it).
        summary: the run's summary; results already in the output are added to it on resume.
    """

    def __init__(self, paths: list[str], *, results: ResultsOutput, store: Any,
                 engine: Engine, summary: Summary) -> None:
        self.results = results
        self.source = results.source
        self.ids = DuplicateIds()
        self._extra: list[str] = [results.warning] if results.warning else []
        self.already = 0
        self.written = 0
        self._questions: deque[str | None] = deque()
        self._writer: Any = None
        self._store: Any = store
        self.run_id: int | None = None
        if self.source is not None:
            self._load_done(summary)
        if store is not None:
            self._writer = store.begin_run(
                inputs=[str(Path(p).resolve()) if p != "-" else "-" for p in paths],
                rules_hash=engine.rules_hash, judge=engine.judge_spec,
                rules_name=engine.rules.name, rules_version=str(engine.rules.version),
                plugins=plugin_versions(engine),
                output=str(Path(results.output).resolve()) if results.output else None,
                stef_version=__version__,
            )
            self.run_id = self._writer.run_id
            if self.source is not None:
                from stef_core.monitor.results import read_results_file

                for loaded in read_results_file(self.source):
                    self._writer.add(loaded.result, loaded.question)

    def _load_done(self, summary: Summary) -> None:
        assert self.source is not None
        from stef_core.monitor.results import read_results_file

        for loaded in read_results_file(self.source):
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
                        f"--resume: line {n} of {self.source} is the result of id {expected!r}, "
                        f"but input record {n} has id {item.id!r}: the input is not the one "
                        "the partial run read; give the same inputs, or start over without "
                        "--resume"
                    )
                continue
            # One question per item, in order: the engine returns exactly one result per item.
            self._questions.append(item.question if isinstance(item, Record) else None)
            yield item
        if n < self.already:
            self._extra.append(f"{self.source} holds {self.already:,} results but the input "
                               f"has only {n:,} records: nothing was added")

    def _done_ids(self) -> Iterator[str]:
        """The ids of the results already in the output, in order (read lazily: the skipped
        records are checked one by one, before anything new is appended)."""
        if not self.already or self.source is None:
            return
        from stef_core.monitor.results import read_results_file

        for loaded in read_results_file(self.source):
            yield loaded.result.id

    def warnings(self) -> list[str]:
        """Run-level warnings (duplicate ids, a resume without a fingerprint), one line each."""
        dup = self.ids.warning()
        return ([dup] if dup else []) + self._extra

    def record(self, result: Result) -> None:
        """Called after each result line is written."""
        self.written += 1
        question = self._questions.popleft() if self._questions else None
        if self._writer is not None:
            self._writer.add(result, question)

    def finish(self, status: str) -> None:
        """Close the store's run as ``complete``, ``interrupted`` or ``failed``."""
        writer, self._writer = self._writer, None
        if writer is not None:
            try:
                writer.finish(status)
            finally:
                self._store.close()
