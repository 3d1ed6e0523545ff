"""The parsed form of a ``.stef`` file: one :class:`Line` per physical line, each with at most one
statement. Every part a user can get wrong keeps its :class:`Span`, so the compiler can put a
caret under exactly that part."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Scalar = str | int | float | bool | None
ValueKind = Literal["number", "string", "true", "false", "null", "list", "any"]


@dataclass(frozen=True)
class Span:
    """Where a piece of text sits: 1-based line and columns, ``end_column`` exclusive."""

    line: int
    column: int
    end_column: int


@dataclass(frozen=True)
class Value:
    """A literal: number, ``'string'``, ``true``/``false``/``null``, ``(list)`` or ``*``."""

    kind: ValueKind
    data: Scalar | list[Scalar]
    span: Span
    items: tuple[Value, ...] = ()

    def number(self) -> float | None:
        """The value as a float when it is a number, else None."""
        if self.kind == "number" and isinstance(self.data, (int, float)):
            return float(self.data)
        return None

    def scalar(self) -> Scalar:
        """The value of a literal that is not a list (a list's first item otherwise)."""
        if isinstance(self.data, list):
            return self.data[0] if self.data else None
        return self.data

    def describe(self) -> str:
        """How an error names the value: ``a string 'x'``, ``the number 1.5``, ``a list``."""
        if self.kind == "number":
            return f"the number {self.data}"
        if self.kind == "string":
            return f"a string {self.data!r}"
        if self.kind == "list":
            return "a list"
        if self.kind == "any":
            return "*"
        return self.kind


@dataclass(frozen=True)
class Word:
    """A synonym word: a bare name or a ``"quoted phrase"``."""

    text: str
    span: Span


@dataclass(frozen=True)
class Statement:
    span: Span


@dataclass(frozen=True)
class Header(Statement):
    name: str
    name_span: Span
    version: Value | None = None


@dataclass(frozen=True)
class Include(Statement):
    path: str
    path_span: Span


@dataclass(frozen=True)
class Synonym(Statement):
    column: str
    column_span: Span
    words: tuple[Word, ...]


@dataclass(frozen=True)
class Values(Statement):
    """``values <column> = <value>, ...``: a categorical column's values."""

    column: str
    column_span: Span
    values: tuple[Value, ...]


@dataclass(frozen=True)
class ValueWords(Statement):
    """``value <column> <value> = <word>, ...``: words that mean one value of a column."""

    column: str
    column_span: Span
    value: Value
    words: tuple[Word, ...]


@dataclass(frozen=True)
class Term(Statement):
    phrase: str
    phrase_span: Span
    sql: str
    sql_span: Span


@dataclass(frozen=True)
class Benign(Statement):
    column: str
    column_span: Span
    op: str  # canonical: upper-case words
    op_span: Span
    value: Value


@dataclass(frozen=True)
class Ignore(Statement):
    column: str
    column_span: Span


@dataclass(frozen=True)
class LimitGuard(Statement):
    value: Value


@dataclass(frozen=True)
class WeekStart(Statement):
    day: str
    day_span: Span


@dataclass(frozen=True)
class YearStart(Statement):
    month: str
    month_span: Span


@dataclass(frozen=True)
class RuleSwitch(Statement):
    rule_id: str
    id_span: Span
    enabled: bool


@dataclass(frozen=True)
class ScoreSet(Statement):
    key: str
    key_span: Span
    value: Value
    threshold: Value | None = None


@dataclass(frozen=True)
class Cue(Statement):
    """``cue <concept> "<phrase>" = <meaning>``: an extra cue word for the question reader."""

    concept: str
    concept_span: Span
    phrase: str
    phrase_span: Span
    meaning: str
    meaning_span: Span


@dataclass(frozen=True)
class Calibration(Statement):
    """``calibration "<file.json>"``: the offline judge's calibration file."""

    path: str
    path_span: Span


@dataclass(frozen=True)
class Note(Statement):
    text: str
    text_span: Span


@dataclass(frozen=True)
class Line:
    """One physical line: its statement (if any, and if it parsed) and its comment."""

    number: int
    text: str
    statement: Statement | None = None
    comment: str | None = None
    ok: bool = True


@dataclass(frozen=True)
class ParsedFile:
    source: str
    lines: tuple[Line, ...] = field(default=())

    @property
    def statements(self) -> list[Statement]:
        return [ln.statement for ln in self.lines if ln.statement is not None]
