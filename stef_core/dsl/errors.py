"""Diagnostics of the rule language: where, what, the source line with a caret, what was expected.

A diagnostic renders as a small block (the shape packaging and Lark's error examples use)::

    rulesets/acme.stef:12:6: unknown rule id 'limit_tolerence' (did you mean 'limit_tolerance'?)
        rule limit_tolerence off
             ^^^^^^^^^^^^^^^
        expected: a rule id: benign_group_by, limit_tolerance, order_by_tolerance, ...
"""

from __future__ import annotations

from dataclasses import dataclass

#: Friendly labels for the grammar's terminals. Keywords and punctuation are labelled from
#: their literal pattern; only the regular-expression terminals need a phrase.
TERMINAL_LABELS: dict[str, str] = {
    "NAME": "a name",
    "NUMBER": "a number",
    "STRING": 'a "double-quoted string"',
    "SQ_STRING": "a 'single-quoted' value",
    "SQL": "an SQL expression",
    "OP": "an operator (= != <> < <= > >= IN LIKE IS)",
    "SWITCH": "on or off",
    "TRUE": "true",
    "FALSE": "false",
    "NULL": "null",
    "ANY": "* (any value)",
    "LPAR": "a (list)",
    "COMMENT": "a # comment",
    "_NL": "end of line",
    "$END": "end of line",
}


@dataclass(frozen=True)
class Diagnostic:
    """One mistake in a ``.stef`` file. Columns are 1-based; ``end_column`` is exclusive."""

    file: str
    line: int
    column: int
    message: str
    source_line: str = ""
    end_column: int | None = None
    expected: str | None = None

    def render(self) -> str:
        """The whole block: location and message, source line, caret, expected."""
        out = [f"{self.file}:{self.line}:{self.column}: {self.message}"]
        if self.source_line.strip():
            src = self.source_line.rstrip("\r\n")
            out.append("    " + src)
            width = max(1, (self.end_column or self.column + 1) - self.column)
            # Keep tabs so that the caret lines up under tab-indented source.
            pad = "".join("\t" if ch == "\t" else " " for ch in src[: self.column - 1])
            out.append("    " + pad + "^" * width)
        if self.expected:
            out.append(f"    expected: {self.expected}")
        return "\n".join(out)

    def sort_key(self) -> tuple[int, int]:
        return (self.line, self.column)


def join_labels(labels: list[str]) -> str:
    """``['a', 'b', 'c']`` -> ``'a, b or c'`` (duplicates dropped, order kept)."""
    seen: list[str] = []
    for label in labels:
        if label not in seen:
            seen.append(label)
    if len(seen) <= 1:
        return "".join(seen)
    return ", ".join(seen[:-1]) + " or " + seen[-1]
