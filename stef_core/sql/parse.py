"""The SQL parse path: one statement, or one condition, into a sqlglot tree.

A record names its dialect, or not: logs mix MySQL's `backticks` and T-SQL's [brackets], so
when no dialect is given and sqlglot's default reader fails, the dialects of
:data:`FALLBACK_DIALECTS` are tried in order before the SQL is called broken. Conditions
(hint fragments, R_app predicates) go the same way.

>>> parse_statement("SELECT [order id] FROM [orders]").sql()
'SELECT "order id" FROM "orders"'
>>> parse_condition("[order date] >= '2024-03-01'").this.name
'order date'
>>> parse_condition("status = ") is None
True
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import ParseError, TokenError

from stef_core.errors import SqlParseError

__all__ = ["FALLBACK_DIALECTS", "MAX_SQL_CHARS", "parse_condition", "parse_statement"]

#: Tried, in order, when a record names no dialect and the default reader fails.
FALLBACK_DIALECTS: tuple[str, ...] = ("mysql", "tsql")
#: Longer SQL is refused before it is parsed.
MAX_SQL_CHARS = 4_000_000


def parse_statement(sql: str, dialect: str | None = None) -> exp.Query:
    """Parse exactly one statement or raise :class:`SqlParseError` saying where and why."""
    if not sql or not sql.strip():
        raise SqlParseError("sql: empty SQL")
    if len(sql) > MAX_SQL_CHARS:
        raise SqlParseError(
            f"sql: {len(sql)} characters is more than the {MAX_SQL_CHARS} STEF "
            "analyses; split the statement or raise the limit"
        )
    try:
        statements = [s for s in _parsed(sql, dialect) if s is not None]
    except (ParseError, TokenError) as exc:
        if dialect is None:
            # No dialect given: logs mix `backticks` and [brackets]; try the dialects that
            # read them before calling the SQL broken.
            for fallback in FALLBACK_DIALECTS:
                try:
                    return parse_statement(sql, fallback)
                except SqlParseError:
                    continue
            raise SqlParseError(
                _parse_message(exc) + "; no dialect was given (set the record's 'dialect' or "
                "--dialect)"
            ) from None
        raise SqlParseError(_parse_message(exc)) from None
    except RecursionError:
        raise SqlParseError("sql: nested too deeply to analyse") from None
    except ValueError as exc:  # unknown dialect
        raise SqlParseError(f"sql: {exc}") from None
    if not statements:
        raise SqlParseError("sql: no statement found")
    if len(statements) > 1:
        raise SqlParseError(
            f"sql: {len(statements)} statements found; STEF scores exactly one statement per record"
        )
    statement = statements[0]
    if not isinstance(statement, exp.Query):
        kind = type(statement).__name__.upper()
        raise SqlParseError(f"sql: a {kind} statement is not a query; STEF scores SELECT queries")
    named = _SYNONYMS.get((dialect or "").lower())
    if named and named[0].search(sql):
        known = statement.transform(lambda node: _known(node, named[1]), copy=False)
        if isinstance(known, exp.Query):
            statement = known
    return statement


#: Makes a known node of an anonymous function's arguments (None: not that function's form).
_Make = Callable[[list[exp.Expr]], "exp.Expr | None"]


def _avg(args: list[exp.Expr]) -> exp.Expr | None:
    return exp.Avg(this=args[0]) if len(args) == 1 else None


def _div(args: list[exp.Expr]) -> exp.Expr | None:
    return exp.Div(this=args[0], expression=args[1]) if len(args) == 2 else None


def _is_null(args: list[exp.Expr]) -> exp.Expr | None:
    return exp.Is(this=args[0], expression=exp.Null()) if len(args) == 1 else None


def _is_not_null(args: list[exp.Expr]) -> exp.Expr | None:
    return exp.Not(this=exp.Is(this=args[0], expression=exp.Null())) if len(args) == 1 else None


#: Functions a dialect's reader leaves anonymous that are a node every reader knows, by
#: dialect: DuckDB's ``mean(x)`` is ``AVG(x)``; ClickHouse's ``divide(a, b)`` is ``a / b``
#: (a Float64 division there, as its ``/`` is). Read as such, an average or a ratio written
#: so is one (without them "average" finds no AVG and "rate" no division). ClickHouse's
#: ``isNull(x)`` / ``isNotNull(x)`` are ``x IS NULL`` / ``x IS NOT NULL`` ("attendants without a
#: supervisor" as ``isNull(supervisor_id)``). The pattern keeps the tree walk to the statements
#: that call one.
_SYNONYMS: dict[str, tuple[re.Pattern[str], dict[str, _Make]]] = {
    "duckdb": (re.compile(r"\bmean\s*\(", re.I), {"mean": _avg}),
    "clickhouse": (re.compile(r"(?<![\w.])(?:divide|isnull|isnotnull)\s*\(", re.I),
                   {"divide": _div, "isnull": _is_null, "isnotnull": _is_not_null}),
}


def _known(node: exp.Expr, names: dict[str, _Make]) -> exp.Expr:
    if isinstance(node, exp.Anonymous):
        make = names.get(str(node.this).lower())
        if make is not None:
            made = make(list(node.expressions))
            if made is not None:
                return made
    return node


def parse_condition(text: str, dialect: str | None = None) -> exp.Expr | None:
    """One SQL condition (``year(d) = 2013``, ``tier = 'gold'``) as a tree, or None when no
    reader parses it: ``dialect`` (None: the default reader), then :data:`FALLBACK_DIALECTS`.
    A condition is a fragment of prose more often than a statement is, so a failure is an
    answer here, not an error."""
    if dialect is None:
        simple = _simple_condition(text)
        if simple is not None:
            return simple
    for reader in (dialect, *(d for d in FALLBACK_DIALECTS if d != dialect)):
        try:
            return sqlglot.parse_one(text, read=_reader(reader), into=exp.Condition)
        except Exception:  # any reader's failure (tokens, syntax, depth): try the next
            continue
    return None


#: ``name`` or ``table.name`` (plain ASCII identifiers), a comparison and a plain literal (a
#: quoted string without quote, backslash or line break, or digits with an optional fraction),
#: blanks being spaces: most conditions of a hint ("gender = 'F'", "street_num > 2000").
_SIMPLE_CONDITION = re.compile(
    r" *([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))? *(=|!=|<>|>=|<=|>|<) *"
    r"(?:'([^'\\\n\r]*)'|([0-9]+(?:\.[0-9]+)?)) *"
)
_COMPARISONS: dict[str, type[exp.Expr]] = {
    "=": exp.EQ, "!=": exp.NEQ, "<>": exp.NEQ, ">=": exp.GTE, "<=": exp.LTE, ">": exp.GT,
    "<": exp.LT,
}


@lru_cache(maxsize=1)
def _reserved() -> frozenset[str]:
    """Words the default reader does not read as a plain column name (its keywords, and the
    words it parses as functions without parentheses)."""
    reader = _reader(None)
    return frozenset(
        {*reader.tokenizer_class.KEYWORDS, *reader.parser_class.NO_PAREN_FUNCTION_PARSERS})


def _simple_condition(text: str) -> exp.Expr | None:
    """The tree the default reader makes of a :data:`_SIMPLE_CONDITION` (positions included),
    built without tokenizing and parsing; None for any other text (or a reserved word), which
    the reader parses. The same tree: ``tests/property/test_simple_condition.py`` compares them."""
    m = _SIMPLE_CONDITION.fullmatch(text)
    if m is None:
        return None
    first, second, op, string, number = m.groups()
    reserved = _reserved()
    if first.upper() in reserved or (second is not None and second.upper() in reserved):
        return None
    if second is None:
        column = exp.Column(this=_identifier(first, m.start(1)))
    else:
        column = exp.Column(this=_identifier(second, m.start(2)),
                            table=_identifier(first, m.start(1)))
    value: exp.Expr
    if string is not None:
        value = exp.Literal.string(string)
        start, end = m.start(4) - 1, m.end(4)  # the quotes
    else:
        value = exp.Literal.number(number)  # digits only: a Literal, never a Neg
        start, end = m.start(5), m.end(5) - 1
    value.update_positions(line=1, col=end + 1, start=start, end=end)
    return _COMPARISONS[op](this=column, expression=value)


def _identifier(name: str, start: int) -> exp.Identifier:
    end = start + len(name) - 1
    return exp.Identifier(this=name, quoted=False).update_positions(
        line=1, col=end + 1, start=start, end=end)


#: Per thread, a tokenizer and a parser of each reader, kept between statements.
_MADE = threading.local()
#: The longest statement after which they are kept (a tokenizer holds the last statement's
#: text and tokens until its next one).
_KEPT_AFTER = 100_000


def _parsed(sql: str, dialect: str | None) -> list[exp.Expr | None]:
    """``sqlglot.parse(sql, read=_reader(dialect))``, with one tokenizer and one parser per
    reader kept for the thread's next statement: sqlglot makes both anew for every statement
    (their tables are the dialect's; about 450 Python steps a statement, 1 % of a short
    query's parse), and each call resets what the last one left. A pair whose parse raised is
    not kept (the next statement gets new ones), nor shared between threads."""
    made: dict[str | None, tuple[Any, Any]] | None = getattr(_MADE, "pairs", None)
    if made is None:
        made = _MADE.pairs = {}
    pair = made.pop(dialect, None)
    if pair is None:
        reader = _reader(dialect)
        pair = (reader.tokenizer(), reader.parser())
    tokenizer, parser = pair
    statements: list[exp.Expr | None] = parser.parse(tokenizer.tokenize(sql), sql)
    parser.reset()  # (its tokens are not held until the next statement)
    if len(sql) <= _KEPT_AFTER:  # the tokenizer holds the last statement's tokens
        made[dialect] = pair
    return statements


@lru_cache(maxsize=64)
def _reader(dialect: str | None) -> Dialect:
    """sqlglot's reader of ``dialect``, made once: ``sqlglot.parse(sql, read="sqlite")`` makes a
    new one for every statement (a dialect holds only its settings, so one serves every
    parse). An unknown dialect raises ``ValueError``, as ``sqlglot.parse`` does, and is not
    kept."""
    return Dialect.get_or_raise(dialect)


def _parse_message(exc: Exception) -> str:
    errors = getattr(exc, "errors", None)
    if errors:
        first = errors[0]
        desc = str(first.get("description") or "syntax error").splitlines()[0]
        line, col = first.get("line"), first.get("col")
        where = f" at line {line}, column {col}" if line else ""
        near = str(first.get("highlight") or "").strip()
        return f"sql: does not parse{where}: {desc}" + (f" (near {near!r})" if near else "")
    return f"sql: does not parse: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
