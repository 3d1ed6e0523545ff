"""A hint's plain condition ("gender = 'F'", "T.year >= 2013") is built without sqlglot's
tokenizer and parser (stef_core.sql.parse._simple_condition): the tree must be the one the
default reader makes, node types, arguments and positions included; any other text goes to the
reader."""

from __future__ import annotations

from typing import Any

import pytest
import sqlglot
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot import exp

from stef_core.sql.parse import _reader, _simple_condition, parse_condition

SETTINGS = settings(max_examples=400, deadline=None)

_READER = _reader(None)
#: Names a reader may take for something else than a column: keywords, functions written
#: without parentheses, type names, functions.
_WORDS = sorted(
    w for w in {*_READER.tokenizer_class.KEYWORDS, *_READER.parser_class.FUNCTIONS,
                *_READER.parser_class.NO_PAREN_FUNCTION_PARSERS}
    if w.replace("_", "a").isalnum() and w.isascii() and not w[0].isdigit())
_NAMES = st.sampled_from(_WORDS).map(str.lower) | st.sampled_from(_WORDS) | st.from_regex(
    r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True)
_OPS = st.sampled_from(["=", "!=", "<>", ">=", "<=", ">", "<", "=>", "==", " = "])
_VALUES = st.sampled_from(["'x'", "''", "'a b'", "'Z%'", "'2020-01-01'", "5", "007", "2.50",
                           "-5", "1e5", ".5", "5.", "'it''s'", "'a\\'b'", "'é'", "'--c'",
                           "TRUE", "NULL", "\"q\"", "'a\nb'"]) | st.from_regex(
    r"'[^'\\\n\r]{0,8}'|[0-9]{1,20}(\.[0-9]{1,4})?", fullmatch=True)
_BLANKS = st.sampled_from(["", " ", "  ", "\t"])


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, exp.Expr):
        return ((a._meta or {}) == (b._meta or {}) and list(a.args) == list(b.args)
                and a.comments == b.comments and all(_same(a.args[k], b.args[k]) for k in a.args))
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _parsed(text: str) -> exp.Expr:
    return sqlglot.parse_one(text, read=_READER, into=exp.Condition)


@SETTINGS
@given(_BLANKS, _NAMES, st.none() | _NAMES, _BLANKS, _OPS, _BLANKS, _VALUES, _BLANKS)
def test_a_plain_condition_is_the_tree_the_reader_makes(
        b1: str, name: str, column: str | None, b2: str, op: str, b3: str, value: str,
        b4: str) -> None:
    text = f"{b1}{name}{'.' + column if column else ''}{b2}{op}{b3}{value}{b4}"
    built = _simple_condition(text)
    if built is not None:
        assert _same(built, _parsed(text)), text


@pytest.mark.parametrize("text", [
    "gender = 'F'", "street_num > 2000", "T.year >= 2013", "Forks >1000", "Lang = 'zh-cn'",
    "a<>007", "price <= 2.50", "  status  !=  ''  ", "Year = 4", "SolutionId = 1"])
def test_plain_conditions_take_the_short_way(text: str) -> None:
    built = _simple_condition(text)
    assert built is not None and _same(built, _parsed(text))
    assert _same(parse_condition(text), built)


@pytest.mark.parametrize("text", [
    "a = -5", "a => 5", "a = 1e5", "a = 'it''s'", "a.b.c = 1", "`a` = 1", "[a] = 1",
    "a = \"x\"", "date = '2020-01-01'", "x = 1 AND y = 2", "a\t= 1", "a = '\u00e9\nb'",
    "year(d) = 2013", "a = \u0665", "current_date = 1", "a IS NULL"])
def test_other_conditions_go_to_the_reader(text: str) -> None:
    assert _simple_condition(text) is None
