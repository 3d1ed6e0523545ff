"""Every error STEF raises on purpose, in one module that imports nothing but the models.

A :class:`StefError` is a problem with a user's input (a record, a ruleset, an option, a
file): the CLI prints its message and exits with a documented code, never with a traceback.
Keeping the errors here, below everything that raises them, is what lets the modules that
raise and the modules that catch import them without importing each other.

>>> issubclass(RulesError, StefError), str(RulesError(["a.stef:1:1: x", "a.stef:2:1: y"]))
(True, 'a.stef:1:1: x\\na.stef:2:1: y')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stef_core.models import ErrorKind, Usage, Verdict

__all__ = [
    "CalibrationError",
    "JudgeError",
    "JudgeInterrupted",
    "LimitError",
    "PluginError",
    "RulesError",
    "RulesFileError",
    "SqlParseError",
    "StefError",
]


class StefError(Exception):
    """A problem with a user's input that STEF reports without a traceback.

    Raised while a record is analysed, it leaves that record unscored with the message as its
    ``error`` and :attr:`kind` as its ``error_kind``.
    """

    #: The result's ``error_kind`` when this error leaves a record unscored.
    kind: ErrorKind = "input"


class SqlParseError(StefError):
    """The SQL cannot be analysed (does not parse, or is not exactly one statement)."""

    kind: ErrorKind = "sql"


class JudgeError(StefError):
    """A judge could not give a verdict. The record becomes unscored; the message is its error.

    ``usage`` is what the judge spent on the record before giving up (calls, tokens, cost of
    failed attempts and repair turns): it is counted on the record and in the summary.
    ``kind`` is the result's ``error_kind``: ``judge`` unless given, or unless the message
    already names the engine's own kinds (``internal: ...``, ``limit: ...``), as the engine's
    messages for a crashed judge or a record out of time do.

    >>> JudgeError("judge: the model refused").kind, JudgeError("internal: x failed").kind
    ('judge', 'internal')
    """

    def __init__(self, message: str = "", *, usage: Usage | None = None,
                 kind: ErrorKind | None = None) -> None:
        super().__init__(message)
        self.usage = usage
        if kind is None:
            kind = "internal" if message.startswith("internal:") else (
                "limit" if message.startswith("limit:") else "judge")
        self.kind = kind


class JudgeInterrupted(KeyboardInterrupt):
    """Raised by :meth:`~stef_core.contracts.Judge.judge_many` when the user interrupts it
    (Ctrl-C).

    ``partial`` has one entry per request: the verdict or error that came back before the
    interrupt, None for a request still in flight (it was cancelled). The engine writes what
    came back, then stops with the usual interrupt.
    """

    def __init__(self, partial: Sequence[Verdict | JudgeError | None]) -> None:
        super().__init__()
        self.partial = list(partial)


class RulesError(StefError):
    """Invalid rules. ``messages`` holds every problem found, each a complete line (or block)."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = messages
        super().__init__("\n".join(messages))


class RulesFileError(Exception):
    """A rules file that cannot be read as text (missing, not a regular file, too large,
    binary, not UTF-8); the message says which, and never quotes the file's content. The
    loader turns it into a :class:`RulesError` naming the file."""


class CalibrationError(StefError):
    """A calibration file that cannot be used; the message names the file and the problem."""


class PluginError(StefError):
    """A registry problem: duplicate ids, an unknown id, a class of the wrong kind."""


class LimitError(StefError):
    """A ``--limit`` option that cannot be read."""
