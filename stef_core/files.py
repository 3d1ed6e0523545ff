"""Files a command writes: never one of its own inputs, never left half-written.

Two rules hold for every file STEF writes (``-o``, ``--summary-json``, ``--html``, a compiled
ruleset, a calibration ...):

* **Not an input.** Before anything is opened for writing, each output is compared with every
  file the command reads (its inputs, the run store, the ruleset and its includes, a
  calibration) and with the other outputs, by identity rather than spelling: a symbolic link,
  a hard link or ``./././x.jsonl`` to an input *is* that input. A clash is a usage error that
  names both paths (:func:`check_outputs`).
* **Whole or not at all.** An output is written to a temporary file in the target's folder and
  renamed over the target once complete (:func:`atomic_write`), so an interrupted or failed
  write leaves the previous file exactly as it was. Through a symbolic link, the file it points
  to is replaced and the link kept. A device or a FIFO (``/dev/null``, ``/dev/stdout``, a pipe)
  cannot be replaced and is written directly.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "x.jsonl")
>>> write_text(path, "{}\\n")
>>> same_file(path, os.path.join(os.path.dirname(path), ".", ".", "x.jsonl"))
True
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from typing import IO

from stef_core.contracts import StefError

#: (what the command calls it, the path): ``("-o", "out.jsonl")``, ``("the input", "x.csv")``
Named = tuple[str, "str | None"]


class OutputError(StefError):
    """An output that must not or cannot be written; the message names it and says what to
    do."""


def _identity(path: str) -> tuple[int, int] | None:
    """``(device, inode)`` of the file ``path`` names (through links), or None if it does not
    exist."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def same_file(a: str, b: str) -> bool:
    """Whether two paths name the same file: the same inode when both exist (symbolic and hard
    links, any spelling), else the same path once links and ``.``/``..`` are resolved.

    >>> same_file("/tmp/../tmp/x", "/tmp/x")
    True
    """
    ia, ib = _identity(a), _identity(b)
    if ia is not None and ib is not None:
        return ia == ib
    if (ia is None) != (ib is None):
        return False
    return os.path.realpath(a) == os.path.realpath(b)


def check_outputs(outputs: Iterable[Named], inputs: Iterable[Named] = (), *,
                  folders: bool = False) -> None:
    """Refuse, before anything is written, an output that is one of ``inputs`` or another
    output, or that cannot be written where it is (a folder; a folder that does not exist).

    ``-`` (stdout, stdin) and None are skipped; ``folders``: outputs are folders (Spark), so
    only their identity is checked.
    """
    outs = [(label, path) for label, path in outputs if path and path != "-"]
    ins = [(label, path) for label, path in inputs if path and path != "-"]
    for i, (label, path) in enumerate(outs):
        for in_label, in_path in ins:
            if same_file(path, in_path):
                raise OutputError(f"{label} {path}: is {in_label} {in_path} (the same file); "
                                  "writing it would destroy it: give another path")
        for other_label, other in outs[:i]:
            if same_file(path, other):
                raise OutputError(f"{label} {path}: is also {other_label} {other} (the same "
                                  "file); give each output its own path")
        if not folders:
            check_writable(label, path)


def check_writable(label: str, path: str) -> None:
    """An :class:`OutputError` when ``path`` cannot be a file STEF writes: a folder, or a path
    whose folder does not exist."""
    if os.path.isdir(path):
        raise OutputError(f"{label} {path}: is a folder; give a file path")
    folder = os.path.dirname(os.path.realpath(path))
    if not os.path.isdir(folder):
        raise OutputError(f"{label} {path}: the folder {os.path.dirname(path) or '.'} does not "
                          "exist; create it first")


def replaceable(path: str) -> bool:
    """Whether ``path`` is a regular file (or nothing yet): what a rename may replace. A
    device or a FIFO is written in place."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False


def _mode_for(target: str) -> int:
    """The permissions the new file gets: the old file's, else what ``open`` would give."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def atomic_write(path: str, *, label: str = "output") -> Iterator[IO[str]]:
    """Open ``path`` for writing (UTF-8 text) so that it appears whole or not at all.

    The body writes to a temporary file in the target's folder; on success it is flushed to
    disk and renamed over the target (whose permissions it keeps); on any exception it is
    removed and the target is untouched. An error of the file system (a full disk, a
    read-only folder) becomes an :class:`OutputError` naming ``label`` and ``path``.
    """
    try:
        if not replaceable(path):  # /dev/null, /dev/stdout, a FIFO: written in place
            with open(path, "w", encoding="utf-8") as direct:
                yield direct
            return
        target = os.path.realpath(path)
        folder, name = os.path.split(target)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    except OSError as exc:
        raise write_error(label, path, exc) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise write_error(label, path, exc) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_text(path: str, text: str, *, label: str = "output") -> None:
    """Write ``text`` to ``path`` whole or not at all (:func:`atomic_write`)."""
    with atomic_write(path, label=label) as fh:
        fh.write(text)


def write_error(label: str, path: str, exc: OSError) -> OutputError:
    """The message for a file system error while writing ``path``."""
    reason = exc.strerror or str(exc)
    return OutputError(f"{label} {path}: cannot be written: {reason}")


def os_message(exc: OSError) -> str:
    """One line for an error of the operating system that no command turned into its own
    message: the file it names, else the standard output (what a command writes unasked)."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.filename is not None:
        return f"{exc.filename}: {reason}"
    return f"the standard output cannot be written: {reason}"


def drop_stdout() -> None:
    """Send what is left in the standard output's buffer nowhere: after it failed, flushing it
    again at exit would only print a second error."""
    try:
        fd = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except (AttributeError, OSError, ValueError):  # no real descriptor (a test runner)
        pass


class FileReadError(Exception):
    """A small text file (a ruleset, a calibration) that cannot be read; the message says why
    (missing, not a regular file, too large, binary, not UTF-8) and never quotes the file."""


def read_small_text(path: str, *, limit: int, what: str) -> str:
    """A small UTF-8 text file read safely: a regular file only (never a FIFO or a device,
    which would hang or never end), at most ``limit`` bytes, without NUL bytes. ``what`` names
    the kind of file in the message for a binary one."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat on the open descriptor then
    # tells what was opened, with no window for the path to change in between.
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise FileReadError("no such file") from None
    except OSError as exc:
        raise FileReadError(f"cannot open it ({exc.strerror or exc})") from None
    too_large = f"larger than {limit // (1024 * 1024)} MiB"
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileReadError("not a regular file")
        if info.st_size > limit:
            raise FileReadError(too_large)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise FileReadError(f"cannot read it ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileReadError(too_large)
    if b"\0" in data:
        raise FileReadError(f"a binary file, not a text {what}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileReadError(f"not UTF-8 text (byte {exc.start + 1})") from None
