"""Where ``stef eval -o OUT`` writes its results, and what ``--resume`` may continue.

**OUT is replaced only by a complete run.** Results go to ``OUT.partial`` in the same folder,
a line at a time; when the run completes, ``OUT.partial`` is renamed to ``OUT``. A run that
stops early (Ctrl-C, an error, a kill) leaves ``OUT`` as it was and its results, complete
lines only, in ``OUT.partial``, which ``--resume -o OUT`` continues. A device or a FIFO given
as ``-o`` (``/dev/stdout``, a pipe) is written directly and cannot be resumed.

**A fingerprint says what made a results file.** ``OUT.fingerprint`` (JSON) holds, for the
partial run and for the complete ``OUT``, a digest of each input's bytes and the settings that
change scores (rules and calibration, judge, question extractor, dialect, the date relative
dates are read against, the limits, ``--map`` and ``--delimiter``, the STEF and plugin
versions). ``--resume`` refuses to
continue a file made from other inputs or settings, and says which differ and how to start
afresh; ids that are only line numbers cannot tell two inputs apart, the fingerprint can.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
from collections.abc import Callable, Iterable
from typing import IO, Any

from stef_core.contracts import StefError
from stef_core.files import (
    OutputError,
    drop_stdout,
    os_message,
    replaceable,
    write_error,
    write_text,
)

PARTIAL = ".partial"
FINGERPRINT = ".fingerprint"
_FORMAT = "stef-fingerprint"

#: setting -> how a message names it
_SETTINGS = {
    "rules": "the rules (or calibration)",
    "judge": "--judge",
    "question_extractor": "--question-extractor",
    "dialect": "--dialect",
    "today": "the date relative dates are read against (--today)",
    "limits": "--limit",
    "samples": "--samples",
    "api_base": "--api-base",
    "stef": "the STEF version",
    "plugins": "the installed plugins (stef plugins)",
    "layout": "--map or --delimiter",
}


def partial_path(output: str) -> str:
    return output + PARTIAL


def fingerprint_path(output: str) -> str:
    return output + FINGERPRINT


def input_digest(path: str) -> dict[str, Any]:
    """An input's name, size and SHA-256 (None for stdin, which cannot be read twice)."""
    if path == "-":
        return {"name": "-", "bytes": None, "sha256": None}
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
            size += len(block)
    return {"name": path, "bytes": size, "sha256": digest.hexdigest()}


def fingerprint(paths: list[str], settings: dict[str, Any]) -> dict[str, Any]:
    """What a run reads and how it scores, as stored in ``OUT.fingerprint``."""
    return {"inputs": [input_digest(p) for p in paths], "settings": settings}


def differences(made: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """How the run that made a file differs from this one, one phrase each (empty: none)."""
    out: list[str] = []
    old_inputs, new_inputs = made.get("inputs") or [], now["inputs"]
    if len(old_inputs) != len(new_inputs):
        out.append(f"it read {len(old_inputs)} input(s), this run has {len(new_inputs)}")
    else:
        for k, (old, new) in enumerate(zip(old_inputs, new_inputs), start=1):
            if not isinstance(old, dict):
                out.append(f"input {k} is not recorded")
            elif old.get("sha256") is None or new["sha256"] is None:
                if (old.get("sha256") is None) != (new["sha256"] is None):
                    out.append(f"input {k} was {old.get('name')!r}, now {new['name']!r}")
            elif old.get("sha256") != new["sha256"]:
                out.append(f"input {k} ({new['name']}) is not the file it read "
                           f"({old.get('name')}, {old.get('bytes'):,} bytes)"
                           if isinstance(old.get("bytes"), int) else
                           f"input {k} ({new['name']}) is not the file it read")
    old_settings = made.get("settings") or {}
    for key, value in now["settings"].items():
        if old_settings.get(key) != value:
            name = _SETTINGS.get(key, key)
            shown = key not in ("rules", "plugins", "limits", "layout")
            out.append(f"{name}: {old_settings.get(key)!r} then, {value!r} now" if shown
                       else f"{name} changed")
    return out


def _read_fingerprints(output: str) -> dict[str, Any]:
    try:
        with open(fingerprint_path(output), encoding="utf-8") as fh:
            data = json.loads(fh.read(1 << 20))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        return {}
    return data


def _write_fingerprints(output: str, data: dict[str, Any]) -> None:
    write_text(fingerprint_path(output),
               json.dumps({"format": _FORMAT, "version": 1, **data}, indent=1) + "\n",
               label="the fingerprint")


def _open_locked(path: str, *, append: bool) -> io.TextIOWrapper:
    """``path`` opened for writing, locked against a second run writing it at the same time
    (emptied only once the lock is held)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else 0), 0o666)
    try:
        try:
            import fcntl
        except ImportError:  # no advisory locks here (Windows): the check is skipped
            pass
        else:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise StefError(f"{path}: another stef eval is writing it; wait for it to "
                                "finish, or give another -o") from None
        if not append:
            os.ftruncate(fd, 0)
        return os.fdopen(fd, "a" if append else "w", encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise


class ResultsOutput:
    """The results file of one run (``-o OUT``; None: stdout): where the lines a resumed run
    continues are read (:attr:`source`) and where new lines go (:meth:`write`).

    Args:
        output: the ``-o`` path; None for stdout.
        resume: continue the run in ``OUT.partial`` (or in a complete ``OUT``).
        made: this run's :func:`fingerprint` (inputs and settings).
        stdout: the stream for ``output=None``.
        items: the input's records, read afresh (checked against a continued file that has
            no fingerprint, before anything is written).
    """

    def __init__(self, output: str | None, *, resume: bool, made: dict[str, Any],
                 stdout: IO[str], items: Callable[[], Iterable[Any]] | None = None) -> None:
        self.output = output
        self._items = items
        self.made = made
        self.direct = output is None or not replaceable(output)
        #: the file whose lines the run continues (``OUT.partial``), None for a fresh run
        self.source: str | None = None
        self.warning: str | None = None
        self.partial = ""
        if output is None:
            self._fh = stdout
            return
        if self.direct:
            if resume:
                raise StefError(f"--resume: -o {output} is not a regular file; only a results "
                                "file can be continued")
            try:
                self._fh = open(output, "w", encoding="utf-8")  # noqa: SIM115 (closed in close())
            except OSError as exc:
                raise write_error("-o", output, exc) from None
            return
        # Next to the file a symbolic link names: the rename must stay on its file system.
        base = os.path.realpath(output) if os.path.islink(output) else output
        self.partial, self.fingerprints = partial_path(base), fingerprint_path(base)
        recorded = _read_fingerprints(base)
        continued = None
        if resume:
            for source, key in ((self.partial, "partial"), (output, "complete")):
                if os.path.isfile(source):
                    # A partial output OUT.fingerprint does not list was not written by the
                    # runs STEF recorded (it records each partial run before its first line);
                    # OUT itself may be an older STEF's, written before fingerprints.
                    self._check(source, recorded.get(key),
                                foreign=key == "partial" and bool(recorded))
                    continued = source
                    break
        try:
            if continued == self.partial:
                repair_tail(self.partial)
            locked = _open_locked(self.partial, append=continued == self.partial)
            self._fh = locked
            if continued is not None and continued != self.partial:
                # Continuing OUT (complete, or cut by an older STEF): the new file starts with
                # its complete lines.
                with open(continued, "rb") as src:
                    for block in iter(lambda: src.read(1 << 20), b""):
                        locked.buffer.write(block)
                self._fh.flush()
                repair_tail(self.partial)
                self._fh.seek(0, os.SEEK_END)
        except OSError as exc:
            raise write_error("-o", output, exc) from None
        self.source = self.partial if continued is not None else None
        # The partial run's fingerprint is recorded before its first line; OUT's stays.
        self._base, self._complete = base, recorded.get("complete")
        _write_fingerprints(base, {"complete": self._complete, "partial": made})

    def _check(self, source: str, made_by: dict[str, Any] | None, *, foreign: bool) -> None:
        assert self.output is not None
        if not isinstance(made_by, dict):
            if foreign:
                raise self.refusal(source, [f"{self.fingerprints} records no run that wrote "
                                            f"{source}"])
            # An older STEF's output: each kept line's id, question and SQL are checked
            # against the input's record, before anything is written.
            if self._items is not None:
                self._same_records(source, self._items())
            checked = ("each kept line's id, question and SQL" if self._items is not None
                       else "each kept line's id")
            self.warning = (f"{source} has no fingerprint (written by an older STEF, or moved "
                            f"without {self.fingerprints}): resumed after checking "
                            f"{checked} against the input; the settings it was scored with "
                            "could not be checked")
            return
        found = differences(made_by, self.made)
        if found:
            raise self.refusal(source, found)

    def _same_records(self, source: str, items: Iterable[Any]) -> None:
        """Ids that are line numbers match any input: the question and SQL each kept line
        answered (when the line recorded them) must be the input record's."""
        from stef_core.monitor.results import read_results_file

        records = iter(items)
        for n, kept in enumerate(read_results_file(source), start=1):
            item = next(records, None)
            if item is None:
                return  # more results than records: the run says so (RunSession.items)
            found = [] if kept.result.id[:1000] == str(item.id)[:1000] else [
                f"line {n} is the result of id {kept.result.id!r}, input record {n} has id "
                f"{item.id!r}"]
            for what, was, now in (("question", kept.question, getattr(item, "question", None)),
                                   ("SQL", kept.result.sql, getattr(item, "sql", None))):
                if isinstance(was, str) and isinstance(now, str) and was[:1000] != now[:1000]:
                    found.append(f"line {n} (id {item.id!r}) answered another {what} than "
                                 f"input record {n}")
            if found:
                raise self.refusal(source, found)

    def refusal(self, source: str, found: list[str]) -> StefError:
        """Why ``source`` cannot be continued, and how to start afresh."""
        return StefError(
            f"--resume: {source} was made from other inputs or settings: "
            + "; ".join(found[:3]) + ("; ..." if len(found) > 3 else "")
            + f"; to start afresh, run without --resume ({self.output} is replaced when "
            "the new run completes), or give another -o")

    @property
    def holds(self) -> str:
        """Where the results written so far are: ``OUT.partial``, the device, or stdout."""
        return self.partial or self.output or "(stdout)"

    def write(self, line: str) -> None:
        """Write one result line (with its newline) and flush it: never half a line."""
        try:
            self._fh.write(line)
            self._fh.flush()
        except BrokenPipeError:  # `stef eval ... | head`: the reader has all it wanted
            raise
        except OSError as exc:
            if self.output is not None:
                raise write_error("-o", self.output, exc) from None
            drop_stdout()
            raise OutputError(os_message(exc)) from None

    def close(self, *, complete: bool) -> None:
        """Close the file; a complete run's ``OUT.partial`` becomes ``OUT``."""
        if self.output is None:
            self._fh.flush()
            return
        if self._fh.closed:  # closed already (a failure after close began): nothing to redo
            return
        try:
            self._fh.flush()
            if not self.direct:
                os.fsync(self._fh.fileno())
        except OSError as exc:
            raise write_error("-o", self.output, exc) from None
        finally:
            with contextlib.suppress(OSError):
                self._fh.close()
        if self.direct:
            return
        if not complete:
            repair_tail(self.partial)
            if self.source is None and os.path.getsize(self.partial) == 0:
                # A fresh run that wrote nothing: nothing to resume, and no trace of it left.
                os.unlink(self.partial)
                if self._complete is None:
                    os.unlink(self.fingerprints)
                else:
                    _write_fingerprints(self._base, {"complete": self._complete, "partial": None})
            return
        try:
            os.replace(self.partial, self._base)
        except OSError as exc:
            raise OutputError(f"-o {self.output}: cannot be written ({exc.strerror or exc}); "
                              f"the results are in {self.partial}") from None
        _write_fingerprints(self._base, {"complete": self.made, "partial": None})


def repair_tail(path: str) -> int:
    """Cut an unfinished last line (one without its newline) off ``path``; bytes removed.

    A run killed harder than Ctrl-C (SIGKILL, power loss) can leave half a line; everything
    before it is complete and is kept.
    """
    if not os.path.isfile(path):
        return 0
    size = os.path.getsize(path)
    if size == 0:
        return 0
    with open(path, "rb+") as fh:
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
