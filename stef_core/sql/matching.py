"""Text matching in every dialect's words, read as the ``LIKE`` pattern it tests: a table of
small rules, one idiom each (issue 20: production logs come in a dozen dialects).

``ILIKE '%refund%'`` is read by the condition reader itself; the idioms here say the same
thing another way and were not read at all, so a filter on another word than the question's
went unseen and the question's own word unmatched:

* ``REGEXP_LIKE(x, 'refund', 'i')``, ``x RLIKE 'refund'``, ``x REGEXP 'refund'``, ``x ~*
  'refund'``, ``REGEXP_CONTAINS(x, r'refund')``, ``match(x, 'refund')``: a plain word (or
  ``.*word.*``) is ``LIKE '%word%'``; ``^word`` is ``LIKE 'word%'``; ``^word$`` is ``= 'word'``.
  A pattern with any other regular-expression syntax is left unread.
* ``CONTAINS(x, 'refund')`` (Snowflake): ``LIKE '%refund%'``.
* ``position(x, 'refund') > 0``, ``STRPOS``, ``CHARINDEX('refund', x) > 0``, ``LOCATE``,
  ``INSTR`` (sqlglot reads them all as ``StrPosition``) compared with 0 (``> 0``, ``>= 1``,
  ``<> 0``): ``LIKE '%refund%'``; ``= 0``: ``NOT LIKE``.

:func:`matched` returns the operand and the pattern; the condition reader makes the filter
(and folds a NOT around it into the operator).

>>> import sqlglot
>>> def show(sql, dialect):
...     got = matched(sqlglot.parse_one(sql, read=dialect))
...     return None if got is None else (got[0].sql(), got[1], got[2])
>>> show("REGEXP_LIKE(body, 'billing', 'i')", "oracle")
('body', 'like', '%billing%')
>>> show("CHARINDEX('gift', notes) > 0", "tsql")
('notes', 'like', '%gift%')
>>> show("position(lower(m), 'timeout') = 0", "clickhouse")
('LOWER(m)', 'not like', '%timeout%')
>>> show("x RLIKE '^(a|b)[0-9]+'", "databricks") is None
True

Snowflake's ``REGEXP_LIKE`` matches the whole string, other dialects' anywhere in it:

>>> show("REGEXP_LIKE(tag, 'billing')", "snowflake"), show("REGEXP_LIKE(tag, 'billing')", "trino")
(('tag', '=', 'billing'), ('tag', 'like', '%billing%'))
>>> show("REGEXP_LIKE(email, '.*[.]edu')", "snowflake")
('email', 'like', '%.edu')
>>> show("positionCaseInsensitive(title, 'jazz') > 0", "clickhouse")
('title', 'like', '%jazz%')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sqlglot import exp

from stef_core.spec import Op

__all__ = ["matched"]

#: A match: the operand the text comes from, the operator (``like``, ``not like``, ``=``) and
#: the pattern or value.
Match = tuple[exp.Expr, Op, str]

#: A regular expression that says only "contains this text" (optionally anchored): words,
#: digits, spaces, hyphens, underscores and literal dots (``\.``, ``[.]``) between optional
#: ``^``/``.*`` and ``$``/``.*``.
_PLAIN = re.compile(
    r"(?P<head>\^|\.\*)?(?P<text>(?:[\w]|\\\.|\[\.\])(?:[\w \-]|\\\.|\[\.\])*)"
    r"(?P<tail>\$|\.\*)?")
#: A literal dot in a pattern: ``\.`` or ``[.]`` (``\.edu``, ``[.]com``).
_ESCAPED_DOT = re.compile(r"\\\.|\[\.\]")


def _literal(node: exp.Expr | None) -> str | None:
    if isinstance(node, (exp.Literal, exp.RawString)) and (
            not isinstance(node, exp.Literal) or node.is_string):
        return str(node.this)
    return None


def _regexp(node: exp.Expr) -> Match | None:
    """``REGEXP_LIKE`` / ``RLIKE`` / ``REGEXP`` / ``~*`` / ``REGEXP_CONTAINS`` / ``match``.

    Snowflake's ``REGEXP_LIKE`` / ``RLIKE`` match the whole string (sqlglot marks them
    ``full_match``), as DuckDB's ``regexp_full_match`` does: there ``'refund'`` is ``=
    'refund'`` and only ``'.*refund.*'`` is ``LIKE '%refund%'``; elsewhere a pattern may
    match anywhere in the text."""
    full = isinstance(node, _FULL_MATCH) or bool(node.args.get("full_match"))
    if not (full or isinstance(node, (exp.RegexpLike, exp.RegexpILike))):
        return None
    pattern = _literal(node.expression)
    m = _PLAIN.fullmatch(pattern or "")
    if m is None:
        return None
    text = _ESCAPED_DOT.sub(".", m.group("text"))
    anchored_start = m.group("head") == "^" or (full and not m.group("head"))
    anchored_end = m.group("tail") == "$" or (full and not m.group("tail"))
    if anchored_start and anchored_end:
        return node.this, "=", text
    start = "" if anchored_start else "%"
    end = "" if anchored_end else "%"
    return node.this, "like", f"{start}{text}{end}"


#: Regular-expression matches that must match the whole text (DuckDB ``regexp_full_match``).
_FULL_MATCH: tuple[type[exp.Expr], ...] = tuple(
    t for t in (getattr(exp, "RegexpFullMatch", None),) if isinstance(t, type))


def _contains(node: exp.Expr) -> Match | None:
    """Snowflake's ``CONTAINS(x, 'refund')``."""
    if not isinstance(node, exp.Contains):
        return None
    text = _literal(node.expression)
    if not text or "%" in text or "_" in text:
        return None
    return node.this, "like", f"%{text}%"


#: How a position compared with a number says found (True) or not found (False).
_FOUND: dict[tuple[type[exp.Expr], int], bool] = {
    (exp.GT, 0): True, (exp.GTE, 1): True, (exp.NEQ, 0): True, (exp.EQ, 0): False,
    (exp.LT, 1): False, (exp.LTE, 0): False,
}


def _position(node: exp.Expr) -> Match | None:
    """``position(x, 'a') > 0``, ``CHARINDEX('a', x) > 0``, ``STRPOS(x, 'a') = 0`` ..."""
    if not isinstance(node, (exp.GT, exp.GTE, exp.NEQ, exp.EQ, exp.LT, exp.LTE)):
        return None
    pos, number = node.this, node.expression
    if (isinstance(pos, exp.Anonymous) and str(pos.this).upper() in _CLICKHOUSE_POSITIONS
            and len(pos.expressions) == 2):
        # ClickHouse positionCaseInsensitive(haystack, needle), which sqlglot leaves anonymous
        haystack, needle = pos.expressions
    elif isinstance(pos, exp.StrPosition) and node.args.get("position") is None:
        if pos.args.get("position") is not None or pos.args.get("occurrence") is not None:
            return None
        haystack, needle = pos.this, pos.args.get("substr")
    else:
        return None
    if not (isinstance(number, exp.Literal) and not number.is_string
            and str(number.this).isdigit()):
        return None
    found = _FOUND.get((type(node), int(str(number.this))))
    text = _literal(needle)
    if found is None or not text or "%" in text or "_" in text:
        return None
    return haystack, "like" if found else "not like", f"%{text}%"


#: ClickHouse's position functions sqlglot does not read as ``StrPosition``.
_CLICKHOUSE_POSITIONS = frozenset({"POSITIONCASEINSENSITIVE", "POSITIONUTF8",
                                   "POSITIONCASEINSENSITIVEUTF8"})


#: The rules, tried in order; each recognizes one idiom or says None.
RULES: tuple[Callable[[exp.Expr], Match | None], ...] = (_regexp, _contains, _position)


def matched(node: exp.Expr) -> Match | None:
    """The text match ``node`` states, or None when it states none of the idioms above."""
    for rule in RULES:
        got = rule(node)
        if got is not None:
            return got
    return None
