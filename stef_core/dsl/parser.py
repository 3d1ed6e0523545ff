"""Parsing ``.stef`` text with Lark (LALR, positions kept) into :mod:`stef_core.dsl.ast`.

Each physical line is parsed on its own with the grammar's ``line`` start rule: statements never
span lines, and parsing per line means a mistake on line 3 does not hide the one on line 9.
Lark's exceptions never reach the user: they become :class:`Diagnostic` blocks with the
expected tokens translated to friendly labels.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternStr

from stef_core.dsl import ast
from stef_core.dsl.errors import TERMINAL_LABELS, Diagnostic, join_labels
from stef_core.registry import did_you_mean

#: Statement keywords in the order the documentation lists them.
STATEMENT_KEYWORDS: tuple[str, ...] = (
    "ruleset", "include", "synonym", "values", "value", "term", "benign", "ignore", "limit",
    "week", "rule", "score", "cue", "calibration", "note",
)

_INT = re.compile(r"[+-]?\d+")
# What a user would call "the thing that is wrong" at an error position.
_FOUND = re.compile(
    r"""\"(?:[^"\\]|\\.)*\"?|'(?:[^']|'')*'?|[A-Za-z_][\w.]*|[+-]?\.?\d[\w.+-]*|[<>!=]+|\S"""
)


class _BadValue(Exception):
    def __init__(self, span: ast.Span, message: str) -> None:
        super().__init__(message)
        self.span = span
        self.message = message


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    """The LALR parser built from ``grammar/stef.lark`` (once per process)."""
    from stef_core.resources import grammar_text

    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=["start", "line"],
        propagate_positions=True,
        maybe_placeholders=False,
    )


def parse_text(text: str, source: str = "<rules>") -> tuple[ast.ParsedFile, list[Diagnostic]]:
    """Parse a whole file; returns every line (broken ones marked) and every syntax error."""
    parser = lark_parser()
    lines: list[ast.Line] = []
    diags: list[Diagnostic] = []
    for number, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        raw = raw.removesuffix("\r")
        try:
            tree = parser.parse(raw, start="line")
            lines.append(_line(tree, number, raw))
        except UnexpectedInput as exc:
            diags.append(_syntax_error(exc, source, number, raw))
            lines.append(ast.Line(number, raw, ok=False))
        except _BadValue as exc:
            diags.append(Diagnostic(source, number, exc.span.column, exc.message, raw,
                                    exc.span.end_column))
            lines.append(ast.Line(number, raw, ok=False))
    # A trailing newline is not an extra (blank) line.
    if len(lines) > 1 and lines[-1].text == "" and lines[-1].ok:
        lines.pop()
    return ast.ParsedFile(source, tuple(lines)), diags


# --------------------------------------------------------------------------------------------
# Syntax errors
# --------------------------------------------------------------------------------------------


def _syntax_error(exc: UnexpectedInput, source: str, number: int, raw: str) -> Diagnostic:
    column = max(1, exc.column if isinstance(exc.column, int) and exc.column > 0 else 1)
    expected: set[str] = set()
    if isinstance(exc, UnexpectedToken):
        try:
            expected = set(exc.interactive_parser.accepts())
        except Exception:  # the exception's own set is good enough when replay fails
            expected = set(exc.expected)
        if exc.token.type == "$END":
            column = len(raw.rstrip()) + 1
    elif isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
    found_match = _FOUND.match(raw, column - 1)
    found = found_match.group(0) if found_match else ""
    end_column = column + max(1, len(found))
    label = expected_label(expected)

    at_start = not raw[: column - 1].strip()
    if found and at_start and expected & {k.upper() for k in STATEMENT_KEYWORDS}:
        word = found.split(".")[0]
        hint = did_you_mean(word.lower(), list(STATEMENT_KEYWORDS))
        message = f"unknown statement {found!r}{hint}"
        label = "a statement: " + ", ".join(STATEMENT_KEYWORDS)
    elif not found:
        message = "unexpected end of line"
    elif found[0] in "\"'" and (len(found) == 1 or found[-1] != found[0] or found.endswith("\\\"")):
        message = "unterminated string"
        label = f"a closing {found[0]} on the same line"
    else:
        message = f"unexpected {found!r}"
    return Diagnostic(source, number, column, message, raw, end_column, label or None)


def expected_label(names: set[str]) -> str:
    """Lark terminal names -> ``'a number, true or null'``."""
    parser = lark_parser()
    labels: list[tuple[int, str]] = []
    useful = names - {"COMMENT"} or names
    for name in useful:
        if name in TERMINAL_LABELS:
            label = TERMINAL_LABELS[name]
        else:
            try:
                pattern = parser.get_terminal(name).pattern
            except KeyError:
                label = name.lower()
            else:
                label = pattern.value if isinstance(pattern, PatternStr) else name.lower()
        rank = STATEMENT_KEYWORDS.index(label) if label in STATEMENT_KEYWORDS else 100
        labels.append((rank, label))
    return join_labels([label for _, label in sorted(labels)])


# --------------------------------------------------------------------------------------------
# Tree -> AST
# --------------------------------------------------------------------------------------------


def _span(tok: Token, line: int) -> ast.Span:
    assert tok.column is not None and tok.end_column is not None
    return ast.Span(line, tok.column, tok.end_column)


def _tree_span(tree: Tree[Token], line: int) -> ast.Span:
    return ast.Span(line, tree.meta.column, tree.meta.end_column)


def unquote_double(text: str) -> str:
    """``"a \\"b\\""`` -> ``a "b"`` (``\\n`` and ``\\t`` too)."""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), text[1:-1])


def unquote_single(text: str) -> str:
    """``'it''s'`` -> ``it's`` (SQL quoting)."""
    return text[1:-1].replace("''", "'")


def _value(node: Token | Tree[Token], line: int) -> ast.Value:
    if isinstance(node, Tree):  # a list
        items = tuple(_value(child, line) for child in node.children)
        data: list[ast.Scalar] = [item.data for item in items]  # type: ignore[misc]
        return ast.Value("list", data, _tree_span(node, line), items)
    span = _span(node, line)
    kind = node.type
    if kind == "NUMBER":
        text = str(node)
        if _INT.fullmatch(text):
            return ast.Value("number", int(text), span)
        number = float(text)
        if not math.isfinite(number):
            raise _BadValue(span, f"number {text} is out of range")
        return ast.Value("number", number, span)
    if kind == "SQ_STRING":
        return ast.Value("string", unquote_single(str(node)), span)
    if kind == "NAME":  # a bare categorical value: `values priority = low, high`
        return ast.Value("string", str(node), span)
    if kind == "TRUE":
        return ast.Value("true", True, span)
    if kind == "FALSE":
        return ast.Value("false", False, span)
    if kind == "NULL":
        return ast.Value("null", None, span)
    return ast.Value("any", "*", span)


def _line(tree: Tree[Token], number: int, raw: str) -> ast.Line:
    statement: ast.Statement | None = None
    comment: str | None = None
    for child in tree.children:
        if isinstance(child, Token):
            comment = str(child).rstrip()
        else:
            statement = _statement(child, number)
    return ast.Line(number, raw, statement, comment)


def _statement(tree: Tree[Token], n: int) -> ast.Statement:
    kind = str(tree.data)
    kids = tree.children
    span = _tree_span(tree, n)
    toks = [k for k in kids if isinstance(k, Token)]
    if kind == "header":
        name = toks[1]
        version = _value(kids[3], n) if len(kids) > 3 else None
        return ast.Header(span, unquote_double(name), _span(name, n), version)
    if kind == "include":
        return ast.Include(span, unquote_double(toks[1]), _span(toks[1], n))
    if kind == "synonym":
        words = tuple(
            ast.Word(unquote_double(w) if w.type == "STRING" else str(w), _span(w, n))
            for w in toks[2:]
        )
        return ast.Synonym(span, str(toks[1]), _span(toks[1], n), words)
    if kind == "values":
        values = tuple(_value(k, n) for k in kids[2:])
        return ast.Values(span, str(toks[1]), _span(toks[1], n), values)
    if kind == "value_words":
        words = tuple(
            ast.Word(unquote_double(w) if w.type == "STRING" else str(w), _span(w, n))
            for w in kids[3:]
            if isinstance(w, Token)
        )
        return ast.ValueWords(span, str(toks[1]), _span(toks[1], n), _value(kids[2], n), words)
    if kind == "cue":
        meaning = toks[3]
        return ast.Cue(span, str(toks[1]), _span(toks[1], n), unquote_double(toks[2]),
                       _span(toks[2], n), str(meaning), _span(meaning, n))
    if kind == "calibration":
        return ast.Calibration(span, unquote_double(toks[1]), _span(toks[1], n))
    if kind == "term":
        sql_tok = toks[2]
        sql = str(sql_tok).rstrip()
        assert sql_tok.column is not None
        sql_span = ast.Span(n, sql_tok.column, sql_tok.column + len(sql))
        return ast.Term(ast.Span(n, span.column, sql_span.end_column),
                        unquote_double(toks[1]), _span(toks[1], n), sql, sql_span)
    if kind == "benign":
        op = str(toks[3])
        return ast.Benign(span, str(toks[2]), _span(toks[2], n), op.upper(), _span(toks[3], n),
                          _value(kids[4], n))
    if kind == "ignore":
        return ast.Ignore(span, str(toks[2]), _span(toks[2], n))
    if kind == "limit_guard":
        return ast.LimitGuard(span, _value(kids[2], n))
    if kind == "week_start":
        return ast.WeekStart(span, str(toks[2]), _span(toks[2], n))
    if kind == "year_start":
        return ast.YearStart(span, str(toks[2]), _span(toks[2], n))
    if kind == "rule_switch":
        return ast.RuleSwitch(span, str(toks[1]), _span(toks[1], n), str(toks[2]).lower() == "on")
    if kind == "score":
        threshold = _value(kids[2], n) if len(kids) == 4 else None
        return ast.ScoreSet(span, str(kids[1]), _span(toks[1], n), _value(kids[-1], n), threshold)
    if kind == "note":
        return ast.Note(span, unquote_double(toks[1]), _span(toks[1], n))
    raise AssertionError(f"grammar rule {kind!r} has no AST node")
