"""Confirm the production corpus's labels by execution, on made-up data.

STEF itself never runs the SQL it scores. This checker is for the people who *write* the corpus:
every answer in a domain's ``log.jsonl`` and its question's reference SQL are transpiled to DuckDB
with sqlglot, run on the domain's ``schema.sql`` + ``seed.sql``, and compared; every record whose
execution outcome disagrees with its label is listed, so the writer fixes the seed data (make the
mistake show), the label, or says in ``exec_note`` why the label stands.

    pip install duckdb          # a benchmark-only tool, not a STEF dependency
    python benchmarks/production/check.py benchmarks/production/ecommerce [more domains ...]

How results are compared:

* ``CURRENT_DATE``, ``NOW()``, ``GETDATE()``, ``CURDATE()``, ``SYSDATE`` ... become the record's
  ``timestamp`` (its date for date functions), so relative dates are read as the agent read them.
* Catalog and schema qualifiers are dropped (``ANALYTICS.BILLING.INVOICES`` is ``invoices``).
* Integer division keeps its meaning: in Postgres, T-SQL, SQLite, Redshift and Trino ``int / int``
  truncates (``SUM(CASE ... THEN 1 ELSE 0 END) / COUNT(*)`` is 0), so those answers' columns
  are typed from ``schema.sql`` before they are transpiled.
* The answer matches when some of its columns, one for each reference column, hold the reference's
  rows as a multiset (row order ignored; supporting columns allowed). Numbers are compared after
  rounding to 4 decimals (an answer column that shows 1 to 3 decimals, as ROUND(x, 1) does, against
  the reference rounded half up as far), dates and timestamps as ISO text (a midnight timestamp
  equals its date).
* ClickHouse's toDate, toYear/toMonth..., multiIf, sumIf/avgIf..., uniqExact and LIMIT n BY,
  which sqlglot writes unchanged, run as casts, EXTRACT, CASE, aggregates of a CASE,
  COUNT(DISTINCT) and a QUALIFY on ROW_NUMBER(); yesterday() is the day before the timestamp,
  and a day count added to a truncated date (toMonday(today()) - 7) an interval of days.
* Oracle's date idioms run as Oracle means them: ``TRUNC(d, 'MM' | 'Q' | 'YYYY' | 'IW')``,
  ``TO_CHAR(d, 'YYYY-MM')``, a date minus a date as a number of days (``(b - a) * 1440`` is
  minutes) and a date plus or minus a number as that many days (types from ``schema.sql``).
* MySQL's TIMESTAMPDIFF runs as whole units elapsed (DuckDB's DATE_SUB), AVG / SUM over a
  condition (AVG(gender = 'F')) over the condition as 0/1, and a DATE_FORMAT that writes a whole
  date (DATE_FORMAT(CURDATE(), '%Y-%m-01')) compared with a date or timestamp as a DATE, as in
  MySQL.

Exit status: 0 when every record agrees with its label (or says why not), 1 otherwise, 2 when a
domain folder is malformed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import decimal
import itertools
import json
import re
import sys
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlglot
from sqlglot import exp

RECORD_FIELDS = ("id", "agent", "timestamp", "dialect", "question", "sql", "label", "qid", "why")
QUERY_SECONDS = 10.0
#: Function names that mean "now" in some dialect and that sqlglot may keep as plain calls.
NOW_NAMES = {
    "GETDATE",
    "SYSDATE",
    "SYSDATETIME",
    "NOW",
    "GETUTCDATE",
    "CURRENT_TIMESTAMP",
    "SYSTIMESTAMP",
    "LOCALTIMESTAMP",
    "UTC_TIMESTAMP",
}
TODAY_NAMES = {"CURDATE", "TODAY", "CURRENT_DATE", "UTC_DATE"}
#: ClickHouse's date-part functions that sqlglot keeps as plain calls, as EXTRACT's parts.
CLICKHOUSE_PARTS = {
    "TOYEAR": "YEAR",
    "TOQUARTER": "QUARTER",
    "TOMONTH": "MONTH",
    "TODAYOFMONTH": "DAY",
    "TODAYOFWEEK": "ISODOW",
    "TOHOUR": "HOUR",
}


# --------------------------------------------------------------------------------------------
# transpiling
# --------------------------------------------------------------------------------------------


def _pin_now(tree: exp.Expression, anchor: dt.datetime) -> exp.Expression:
    """Replace every "now" of the query by the record's timestamp."""
    day = exp.cast(exp.Literal.string(anchor.date().isoformat()), exp.DataType.build("DATE"))
    moment = exp.cast(
        exp.Literal.string(anchor.strftime("%Y-%m-%d %H:%M:%S")), exp.DataType.build("TIMESTAMP")
    )

    def swap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.CurrentDate):
            return day.copy()
        if isinstance(node, (exp.CurrentTimestamp, exp.CurrentDatetime)):
            return moment.copy()
        if isinstance(node, exp.Anonymous):
            name = str(node.this).upper()
            if name in NOW_NAMES:
                return moment.copy()
            if name in TODAY_NAMES:
                return day.copy()
            if name == "YESTERDAY":  # ClickHouse
                return exp.Sub(this=day.copy(), expression=exp.Literal.number(1))
        if isinstance(node, exp.Column) and not node.table:
            # BigQuery / Snowflake allow CURRENT_DATE without parentheses; a dialect that does
            # not know it reads a column.
            name = node.name.upper()
            if name in {"CURRENT_DATE", "CURDATE", "TODAY"}:
                return day.copy()
            if name in {"CURRENT_TIMESTAMP", "SYSDATE", "NOW", "GETDATE", "LOCALTIMESTAMP"}:
                return moment.copy()
        if isinstance(node, exp.Table):
            node = node.copy()
            node.set("catalog", None)
            node.set("db", None)
            return node
        return node

    return tree.transform(swap)


def _count_if_as_count(tree: exp.Expression) -> exp.Expression:
    """COUNTIF(c) as COUNT(CASE WHEN c THEN 1 END).

    BigQuery's COUNTIF and Snowflake's COUNT_IF give 0 on a group whose condition is NULL on
    every row (a LEFT JOIN that found nothing); DuckDB's COUNT_IF gives NULL there.
    """

    def swap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.CountIf):
            case = exp.Case(ifs=[exp.If(this=node.this, true=exp.Literal.number(1))])
            return exp.Count(this=case)
        return node

    return tree.transform(swap)


def _whole_units_diff(tree: exp.Expression) -> exp.Expression:
    """MySQL's TIMESTAMPDIFF(unit, a, b) as DuckDB's DATE_SUB(unit, a, b).

    TIMESTAMPDIFF counts whole units elapsed (2019-09-10 to 2025-01-10 is 5 years); sqlglot
    writes it as DuckDB's DATE_DIFF, which counts unit boundaries crossed (6 years).
    """

    def swap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.TimestampDiff):
            unit = exp.Literal.string(node.text("unit").upper() or "DAY")
            return exp.Anonymous(this="DATE_SUB", expressions=[unit, node.expression, node.this])
        return node

    return tree.transform(swap)


def _date_strings_as_dates(tree: exp.Expression) -> exp.Expression:
    """MySQL's DATE_FORMAT(d, '%Y-%m-01') compared with a date or timestamp, as a DATE.

    MySQL compares the string with a DATE / DATETIME column as a date (the first of the month
    built as text is an everyday idiom there); DuckDB refuses to compare VARCHAR with TIMESTAMP.
    Only a format that writes a whole date (year, month and day, no time) is cast.
    """
    comparisons = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Between)

    def whole_date(fmt: str) -> bool:
        return re.fullmatch(r"%Y-(%m|\d\d)-(%d|\d\d)", fmt) is not None

    def swap(node: exp.Expression) -> exp.Expression:
        if (
            isinstance(node, exp.TimeToStr)
            and isinstance(node.parent, comparisons)
            and whole_date(node.text("format"))
        ):
            return exp.cast(node.copy(), exp.DataType.build("DATE"))
        return node

    return tree.transform(swap)


def _boolean_aggregates_as_int(tree: exp.Expression) -> exp.Expression:
    """AVG(condition) / SUM(condition) with the condition cast to INT.

    MySQL (and others) treat a comparison as 0/1, so AVG(gender = 'F') is a share; DuckDB has no
    AVG over BOOLEAN.
    """
    conditions = (exp.Predicate, exp.Connector, exp.Not)

    def swap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, (exp.Avg, exp.Sum)) and isinstance(node.this, conditions):
            node.set("this", exp.cast(node.this, exp.DataType.build("INT")))
        return node

    return tree.transform(swap)


def _select_key(select: exp.Select, node: exp.Expression) -> str:
    """An ORDER BY / LIMIT BY key of ``select`` as DuckDB text, its position or alias resolved."""
    if isinstance(node, exp.Literal) and node.is_int:  # ORDER BY 2
        position = int(node.name)
        if 1 <= position <= len(select.expressions):
            return str(select.expressions[position - 1].unalias().sql(dialect="duckdb"))
    elif isinstance(node, exp.Column) and not node.table:
        for e in select.expressions:
            if isinstance(e, exp.Alias) and e.alias == node.name:
                return e.unalias().sql(dialect="duckdb")
    return node.sql(dialect="duckdb")


def _clickhouse_functions(tree: exp.Expression, dialect: str) -> exp.Expression:
    """ClickHouse's functions and LIMIT n BY that sqlglot writes unchanged into DuckDB.

    toDate / toDateTime become casts, toYear / toMonth ... EXTRACT, multiIf a CASE, sumIf /
    avgIf / minIf / maxIf the aggregate of a CASE, uniqExact / uniq COUNT(DISTINCT), and
    ``LIMIT n BY cols`` (n rows per group, in the query's ORDER BY) a QUALIFY on ROW_NUMBER().
    """
    if dialect != "clickhouse":
        return tree
    aggregates: dict[str, type[exp.Expression]] = {
        "SUMIF": exp.Sum,
        "AVGIF": exp.Avg,
        "MINIF": exp.Min,
        "MAXIF": exp.Max,
    }

    def swap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, (exp.Anonymous, exp.CombinedAggFunc, exp.AnonymousAggFunc)):
            # a replaced node's arguments are not visited again: rewrite them first
            node.set("expressions", [e.transform(swap) for e in node.expressions])
        if isinstance(node, exp.Anonymous):
            name = str(node.this).upper()
            args = node.expressions
            if name == "TODATE" and len(args) == 1:
                return exp.cast(args[0], exp.DataType.build("DATE"))
            if name == "TODATETIME" and len(args) == 1:
                return exp.cast(args[0], exp.DataType.build("TIMESTAMP"))
            if name in CLICKHOUSE_PARTS and len(args) == 1:
                return exp.Extract(this=exp.var(CLICKHOUSE_PARTS[name]), expression=args[0])
            if name == "MULTIIF" and len(args) % 2 == 1:
                ifs = [exp.If(this=c, true=v) for c, v in zip(args[:-1:2], args[1:-1:2])]
                return exp.Case(ifs=ifs, default=args[-1])
        if isinstance(node, exp.CombinedAggFunc):
            name = str(node.this).upper()
            args = node.expressions
            if name in aggregates and len(args) == 2:
                case = exp.Case(ifs=[exp.If(this=args[1], true=args[0])])
                return aggregates[name](this=case)
        if (
            isinstance(node, (exp.Add, exp.Sub))
            and isinstance(node.this, (exp.TimestampTrunc, exp.DateTrunc))
            and isinstance(node.expression, exp.Literal)
            and node.expression.is_int
        ):
            # toMonday(today()) - 7 is a Date minus 7 days; DuckDB's DATE_TRUNC gives a
            # TIMESTAMP, which takes no integer.
            days = exp.Interval(this=exp.Literal.string(node.expression.name), unit=exp.var("DAY"))
            node.set("expression", days)
            return node
        if isinstance(node, exp.AnonymousAggFunc):
            name = str(node.this).upper()
            if name in ("UNIQEXACT", "UNIQ") and len(node.expressions) == 1:
                return exp.Count(this=exp.Distinct(expressions=[node.expressions[0]]))
        return node

    tree = tree.transform(swap)
    for select in list(tree.find_all(exp.Select)):
        limit = select.args.get("limit")
        if limit is None or not limit.expressions:
            continue
        order = select.args.get("order")
        keys = []
        for key in order.expressions if order is not None else []:
            text = _select_key(select, key.this)
            keys.append(f"{text} DESC" if key.args.get("desc") else text)
        window = "ROW_NUMBER() OVER (PARTITION BY " + ", ".join(
            _select_key(select, e) for e in limit.expressions
        )
        window += (" ORDER BY " + ", ".join(keys) if keys else "") + ")"
        count = limit.args.get("expression")
        _limit_as_qualify(select, f"{window} <= {count.sql(dialect='duckdb')}")
    return tree


def _limit_as_qualify(select: exp.Select, rank_sql: str) -> None:
    """Replace ``select``'s LIMIT by ``QUALIFY rank_sql`` (ANDed with a QUALIFY it has)."""
    rank = sqlglot.parse_one(rank_sql, read="duckdb")
    qualify = select.args.get("qualify")
    if qualify is not None:
        rank = exp.and_(qualify.this, rank)
    select.set("limit", None)
    select.set("qualify", exp.Qualify(this=rank))


def _day_number_dates(tree: exp.Expression, dialect: str) -> exp.Expression:
    """T-SQL's day-number dates: DATEADD(month, DATEDIFF(month, 0, GETDATE()), 0).

    SQL Server reads an integer where a date belongs as that many days after 1900-01-01; sqlglot
    keeps the 0 of DATEADD, which DuckDB cannot add an interval to (DATEDIFF's 0 it converts).
    """
    if dialect != "tsql":
        return tree

    def days(node: exp.Expression) -> int | None:
        if isinstance(node, exp.Literal) and node.is_int:
            return int(node.name)
        if isinstance(node, exp.Neg) and isinstance(node.this, exp.Literal) and node.this.is_int:
            return -int(node.this.name)
        return None

    for add in list(tree.find_all(exp.DateAdd)):
        n = days(add.this)
        if n is not None:
            day = dt.date(1900, 1, 1) + dt.timedelta(days=n)
            add.set("this", exp.cast(exp.Literal.string(day.isoformat()), "TIMESTAMP"))
    return tree


def _tsql_float_as_double(tree: exp.Expression, dialect: str) -> exp.Expression:
    """T-SQL's FLOAT (FLOAT(53), 8 bytes) as DOUBLE; sqlglot writes DuckDB's 4-byte REAL.

    ``AVG(CAST(x AS FLOAT))`` would otherwise lose digits from the 8th on.
    """
    if dialect != "tsql":
        return tree
    for kind in list(tree.find_all(exp.DataType)):
        if kind.this != exp.DataType.Type.FLOAT:
            continue
        size = kind.expressions[0].this if kind.expressions else None
        if size is None or (isinstance(size, exp.Literal) and size.is_int and int(size.name) > 24):
            kind.replace(exp.DataType.build("DOUBLE"))
    return tree


def _ties_as_rank(tree: exp.Expression) -> exp.Expression:
    """TOP n WITH TIES / FETCH FIRST n ROWS WITH TIES as QUALIFY RANK() OVER (ORDER BY ...) <= n.

    DuckDB has no WITH TIES: sqlglot writes T-SQL's as LIMIT n WITH TIES (a syntax error) and
    drops it from FETCH FIRST, which keeps one of the tied rows.
    """
    for select in list(tree.find_all(exp.Select)):
        limit = select.args.get("limit")
        options = limit.args.get("limit_options") if limit is not None else None
        order = select.args.get("order")
        if options is None or not options.args.get("with_ties") or order is None:
            continue
        count = limit.args.get("expression") or limit.args.get("count")
        if count is None:
            continue
        keys = []
        for key in order.expressions:
            key = key.copy()
            if isinstance(key.this, exp.Literal) and key.this.is_int:  # ORDER BY 2 DESC
                position = int(key.this.name)
                if 1 <= position <= len(select.expressions):
                    key.set("this", select.expressions[position - 1].unalias().copy())
            keys.append(key.sql(dialect="duckdb"))
        _limit_as_qualify(
            select, f"RANK() OVER (ORDER BY {', '.join(keys)}) <= {count.sql(dialect='duckdb')}")
    return tree


#: Oracle TRUNC(date, fmt) formats -> DuckDB DATE_TRUNC parts.
ORACLE_TRUNC_UNITS = {
    "MM": "month", "MON": "month", "MONTH": "month", "RM": "month",
    "Q": "quarter",
    "YYYY": "year", "SYYYY": "year", "YYY": "year", "YY": "year", "Y": "year", "YEAR": "year",
    "SYEAR": "year",
    "IW": "week",
    "DD": "day", "DDD": "day", "J": "day",
    "HH": "hour", "HH12": "hour", "HH24": "hour",
    "MI": "minute",
}  # fmt: skip
TEMPORAL = exp.DataType.TEMPORAL_TYPES | {
    exp.DataType.Type.DATE,
    exp.DataType.Type.DATETIME,
    exp.DataType.Type.TIMESTAMP,
    exp.DataType.Type.TIMESTAMPTZ,
    exp.DataType.Type.TIMESTAMPLTZ,
}
#: Oracle TO_CHAR format elements -> (strftime directive, case) or a special marker.
ORACLE_TO_CHAR = [
    ("IYYY", "%G"), ("YYYY", "%Y"), ("YY", "%y"), ("MONTH", "%B"), ("MON", "%b"), ("MM", "%m"),
    ("DAY", "%A"), ("DDD", "%j"), ("DD", "%d"), ("DY", "%a"), ("HH24", "%H"), ("HH12", "%I"),
    ("HH", "%I"), ("MI", "%M"), ("SS", "%S"), ("IW", "%V"), ("AM", "%p"), ("PM", "%p"),
    ("Q", "Q"), ("D", "%u"),
]  # fmt: skip


def _oracle_to_char(node: exp.ToChar) -> exp.Expression:
    """TO_CHAR(date, 'fmt') as STRFTIME pieces (names in the format's case, Q as the quarter)."""
    fmt = node.args.get("format")
    if not isinstance(fmt, exp.Literal) or not fmt.is_string:
        return node
    text, fill = fmt.name, True
    parts: list[exp.Expression] = []
    i = 0
    while i < len(text):
        if text[i] == '"':
            end = text.find('"', i + 1)
            end = len(text) if end < 0 else end
            parts.append(exp.Literal.string(text[i + 1 : end]))
            i = end + 1
            continue
        if text[i : i + 2].upper() == "FM":
            fill = False
            i += 2
            continue
        for element, directive in ORACLE_TO_CHAR:
            word = text[i : i + len(element)]
            if word.upper() != element:
                continue
            if directive == "Q":
                piece: exp.Expression = exp.cast(
                    exp.Quarter(this=node.this.copy()), exp.DataType.build("VARCHAR")
                )
            else:
                piece = exp.Anonymous(
                    this="STRFTIME", expressions=[node.this.copy(), exp.Literal.string(directive)]
                )
                if element in ("MONTH", "MON", "DAY", "DY"):
                    if word.isupper():
                        piece = exp.Upper(this=piece)
                    elif word.islower():
                        piece = exp.Lower(this=piece)
                    if fill and element in ("MONTH", "DAY"):
                        piece = exp.Anonymous(
                            this="RPAD",
                            expressions=[piece, exp.Literal.number(9), exp.Literal.string(" ")],
                        )
            parts.append(piece)
            i += len(element)
            break
        else:
            parts.append(exp.Literal.string(text[i]))
            i += 1
    if not parts:
        return exp.Literal.string("")
    out: exp.Expression = parts[0]
    for piece in parts[1:]:
        out = exp.DPipe(this=out, expression=piece)
    return exp.Paren(this=out) if len(parts) > 1 else out


def _oracle_dates(tree: exp.Expression, schema: dict[str, dict[str, str]]) -> exp.Expression:
    """Oracle's date idioms in DuckDB's terms.

    ``TRUNC(d, 'MM')`` truncates to DuckDB's ``month`` (DuckDB knows no 'MM', 'Q', 'IW' ...);
    ``TO_CHAR(d, 'YYYY-MM')`` formats (sqlglot writes a bare cast to text); a date minus a date
    is a number of days (Oracle DATE arithmetic: ``(b - a) * 1440`` is minutes), a date plus or
    minus a number moves it by that many days; ``TRUNC(n)`` of a number stays a number.
    The operands' types come from the domain's schema (its timestamps are Oracle DATEs).
    """
    from sqlglot.optimizer.annotate_types import annotate_types
    from sqlglot.optimizer.qualify import qualify
    from sqlglot.schema import MappingSchema

    if schema:
        try:
            mapping = MappingSchema(schema, dialect="duckdb")
            tree = qualify(
                tree.copy(),
                schema=mapping,
                dialect="duckdb",  # the schema's lower-case names, not Oracle's upper case
                quote_identifiers=False,
                identify=False,
                validate_qualify_columns=False,
            )
            tree = annotate_types(tree, schema=mapping, dialect="duckdb")
        except Exception:  # cannot type it: the date arithmetic stays as written
            pass

    days_nodes: set[int] = set()  # date differences rewritten as numbers of days

    def temporal(node: exp.Expression) -> bool:
        if node.type is not None and node.type.this in TEMPORAL:
            return True
        if isinstance(node, exp.Paren):
            return temporal(node.this)
        if isinstance(node, exp.Anonymous) and str(node.this).upper() == "TRUNC":
            return len(node.expressions) == 1 and temporal(node.expressions[0])
        if isinstance(node, (exp.DateTrunc, exp.TimestampTrunc, exp.AddMonths)):
            return temporal(node.this)
        if isinstance(node, exp.LastDay):
            return True
        if isinstance(node, exp.Cast) and node.to.this in TEMPORAL:
            return True
        kind = node.type
        return kind is not None and kind.this in TEMPORAL

    def numeric(node: exp.Expression) -> bool:
        if id(node) in days_nodes:
            return True
        if isinstance(node, exp.Literal):
            return not node.is_string
        if isinstance(node, (exp.Paren, exp.Neg)):
            return numeric(node.this)
        if isinstance(node, exp.Div):
            return numeric(node.this) and numeric(node.expression)
        kind = node.type
        return kind is not None and kind.this in exp.DataType.NUMERIC_TYPES

    def depth(node: Any) -> int:
        n = 0
        while node.parent is not None:
            node, n = node.parent, n + 1
        return n

    day = exp.Interval(this=exp.Literal.string("1"), unit=exp.var("DAY"))
    arithmetic = sorted(tree.find_all(exp.Sub, exp.Add), key=depth, reverse=True)
    for node in arithmetic:  # innermost first, so (a - b) - c sees its inner difference
        left, right = node.this, node.expression
        new: Any = None
        if isinstance(node, exp.Sub) and temporal(left) and temporal(right):
            diff = exp.Sub(
                this=exp.Anonymous(this="EPOCH", expressions=[left]),
                expression=exp.Anonymous(this="EPOCH", expressions=[right]),
            )
            seconds = exp.Paren(this=diff)
            new = exp.Paren(this=exp.Div(this=seconds, expression=exp.Literal.number("86400.0")))
            days_nodes.add(id(new))
        elif temporal(left) and numeric(right):
            shift = exp.Mul(this=exp.Paren(this=right), expression=day.copy())
            new = exp.Paren(this=node.__class__(this=left, expression=shift))
            new.type = exp.DataType.build("TIMESTAMP")
        elif isinstance(node, exp.Add) and numeric(left) and temporal(right):
            shift = exp.Mul(this=exp.Paren(this=left), expression=day.copy())
            new = exp.Paren(this=exp.Add(this=right, expression=shift))
            new.type = exp.DataType.build("TIMESTAMP")
        if new is not None:
            node.replace(new)

    def truncs(node: exp.Expression) -> exp.Expression:
        if isinstance(node, (exp.DateTrunc, exp.TimestampTrunc)):
            if numeric(node.this):  # TRUNC(d1 - d2): a number of whole days
                return exp.Anonymous(this="TRUNC", expressions=[node.this])
            unit = node.args.get("unit")
            name = (unit.name if isinstance(unit, (exp.Literal, exp.Var)) else "").upper()
            if name in ORACLE_TRUNC_UNITS:
                node.set("unit", exp.Literal.string(ORACLE_TRUNC_UNITS[name]))
        if isinstance(node, exp.Anonymous) and str(node.this).upper() == "TRUNC":
            args = node.expressions
            if len(args) == 1 and temporal(args[0]):
                return exp.DateTrunc(this=args[0], unit=exp.Literal.string("day"))
        return node

    def to_char(node: exp.Expression) -> exp.Expression:
        return _oracle_to_char(node) if isinstance(node, exp.ToChar) else node

    tree = tree.transform(truncs, copy=False)  # in place: days_nodes holds node ids
    return tree.transform(to_char, copy=False)


def _typed_division(
    tree: exp.Expression, dialect: str, schema: dict[str, dict[str, str]]
) -> exp.Expression:
    """Mark the divisions that truncate in ``dialect`` (Postgres, T-SQL, SQLite ...: int / int).

    sqlglot turns such a division into DuckDB's truncating form only where it knows both
    operands are integers, so the columns are qualified and typed from the domain's schema
    first: ``SUM(CASE ... THEN 1 ELSE 0 END) / COUNT(*)`` is 0 in Postgres, as the agent's
    user saw it, not 0.85. A query that cannot be typed is left as it is.
    """
    from sqlglot.dialects.dialect import Dialect
    from sqlglot.optimizer.annotate_types import annotate_types
    from sqlglot.optimizer.qualify import qualify
    from sqlglot.schema import MappingSchema

    if not schema or not Dialect.get_or_raise(dialect).TYPED_DIVISION:
        return tree
    if not any(True for _ in tree.find_all(exp.Div)):
        return tree
    try:
        mapping = MappingSchema(schema, dialect=dialect)
        typed = qualify(
            tree.copy(),
            schema=mapping,
            dialect=dialect,
            quote_identifiers=False,
            identify=False,
            validate_qualify_columns=False,
        )
        return annotate_types(typed, schema=mapping, dialect=dialect)
    except Exception:  # sqlglot cannot type it: run it as written
        return tree


def to_duckdb(
    sql: str, dialect: str, anchor: dt.datetime, schema: dict[str, dict[str, str]] | None = None
) -> str:
    """The query in DuckDB's dialect, pinned to the record's timestamp.

    ``schema`` (table -> column -> type) lets integer division keep its source dialect's meaning.
    """
    trees = [t for t in sqlglot.parse(sql, read=dialect) if t is not None]
    if len(trees) != 1:
        raise ValueError(f"expected one statement, found {len(trees)}")
    tree = _day_number_dates(_count_if_as_count(_pin_now(trees[0], anchor)), dialect)
    tree = _tsql_float_as_double(tree, dialect)
    tree = _clickhouse_functions(tree, dialect)
    if dialect in ("mysql", "singlestore", "doris", "starrocks"):
        tree = _whole_units_diff(_date_strings_as_dates(tree))
    tree = _boolean_aggregates_as_int(tree)
    if dialect == "oracle":
        tree = _oracle_dates(tree, schema or {})
    return _ties_as_rank(_typed_division(tree, dialect, schema or {})).sql(dialect="duckdb")


def column_types(con: Any) -> dict[str, dict[str, str]]:
    """Table -> column -> DuckDB type, for typing the answers' divisions."""
    rows = con.execute(
        "SELECT table_name, column_name, data_type FROM information_schema.columns"
    ).fetchall()
    out: dict[str, dict[str, str]] = {}
    for table, column, kind in rows:
        out.setdefault(str(table).lower(), {})[str(column).lower()] = str(kind)
    return out


# --------------------------------------------------------------------------------------------
# running and comparing
# --------------------------------------------------------------------------------------------


def _cell(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float, decimal.Decimal)):
        f = float(value)
        return round(f, 4) + 0.0  # +0.0 folds -0.0
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0) and value.tzinfo is None:
            return value.date().isoformat()
        return value.replace(tzinfo=None).isoformat(sep=" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str):
        return value.strip()
    return value if value is None else str(value)


@dataclass
class Outcome:
    rows: list[tuple[Any, ...]] | None = None
    error: str | None = None


def run(con: Any, sql: str) -> Outcome:
    timer = threading.Timer(QUERY_SECONDS, con.interrupt)
    timer.start()
    try:
        rows = con.execute(sql).fetchall()
    except Exception as exc:  # any DuckDB error is an outcome to report, not a crash
        return Outcome(error=str(exc).splitlines()[0][:300])
    finally:
        timer.cancel()
    return Outcome(rows=[tuple(_cell(v) for v in row) for row in rows])


def _decimals_shown(values: Iterable[Any]) -> int | None:
    """How many decimals a numeric answer column shows (None: not numeric, or 4 and more)."""
    shown = 0
    for v in values:
        if v is None:
            continue
        if not isinstance(v, float):
            return None
        text = repr(v)
        if "e" in text or "n" in text:  # 1e-05, inf, nan
            return None
        frac = text.partition(".")[2].rstrip("0")
        shown = max(shown, len(frac))
    return shown if shown < 4 else None


def _rounded(value: Any, places: int | None) -> Any:
    """``value`` rounded half up to ``places`` decimals, as ROUND(x, places) shows it."""
    if places is None or not isinstance(value, float):
        return value
    quantum = decimal.Decimal(1).scaleb(-places)
    return float(decimal.Decimal(repr(value)).quantize(quantum, decimal.ROUND_HALF_UP)) + 0.0


def same_result(answer: Sequence[tuple[Any, ...]], reference: Sequence[tuple[Any, ...]]) -> bool:
    """Whether some columns of ``answer`` (one per reference column) hold ``reference``'s rows.

    An answer column that rounds (ROUND(x, 1) shows one decimal) is compared with the reference
    rounded as far; a column of whole numbers is compared exactly, so 100 * a / b computed in
    integers does not pass for a rounded percentage.
    """
    if len(answer) != len(reference):
        return False
    if not reference:
        return True
    k, m = len(reference[0]), len(answer[0])
    if m < k:
        return False
    shown = [_decimals_shown(row[i] for row in answer) for i in range(m)]
    places = [p if p else None for p in shown]  # 0 decimals shown: exact comparison
    ans_cols = [Counter(row[i] for row in answer) for i in range(m)]

    def ref_col(j: int, i: int) -> Counter[Any]:
        return Counter(_rounded(row[j], places[i]) for row in reference)

    candidates = [[i for i in range(m) if ans_cols[i] == ref_col(j, i)] for j in range(k)]
    if any(not c for c in candidates):
        return False
    for combo in itertools.islice(itertools.product(*candidates), 5000):
        if len(set(combo)) != k:
            continue
        want = Counter(
            tuple(_rounded(row[j], places[i]) for j, i in enumerate(combo)) for row in reference
        )
        if Counter(tuple(row[i] for i in combo) for row in answer) == want:
            return True
    return False


# --------------------------------------------------------------------------------------------
# a domain
# --------------------------------------------------------------------------------------------


@dataclass
class Finding:
    record: dict[str, Any]
    outcome: str
    detail: str = ""


@dataclass
class Report:
    domain: str
    problems: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    agree: int = 0
    explained: int = 0
    empty_reference: set[str] = field(default_factory=set)
    records: int = 0
    per_version: dict[str, list[int]] = field(default_factory=dict)


def _jsonl(path: Path, problems: list[str]) -> list[dict[str, Any]]:
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"{path}:{n}: not JSON ({exc.msg})")
            continue
        if not isinstance(obj, dict):
            problems.append(f"{path}:{n}: not a JSON object")
            continue
        obj["_line"] = n
        out.append(obj)
    return out


def _short(rows: list[tuple[Any, ...]] | None, n: int = 3) -> str:
    if rows is None:
        return "-"
    text = "; ".join(str(r) for r in rows[:n])
    return f"{len(rows)} rows: {text}" + (" ..." if len(rows) > n else "")


def check_domain(folder: Path, seen_ids: set[str]) -> Report:
    import duckdb  # benchmark-only dependency

    report = Report(domain=folder.name)
    problems = report.problems
    for name in ("schema.sql", "seed.sql", "questions.jsonl", "log.jsonl"):
        if not (folder / name).is_file():
            problems.append(f"{folder / name}: missing")
    if problems:
        return report
    questions = {q.get("qid"): q for q in _jsonl(folder / "questions.jsonl", problems)}
    records = _jsonl(folder / "log.jsonl", problems)
    report.records = len(records)

    con = duckdb.connect()
    for name in ("schema.sql", "seed.sql"):
        try:
            con.execute((folder / name).read_text(encoding="utf-8"))
        except Exception as exc:
            problems.append(f"{folder / name}: DuckDB rejects it: {str(exc).splitlines()[0]}")
            return report

    types = column_types(con)

    # format checks
    versions: dict[str, set[str]] = {}
    for rec in records:
        where = f"{folder / 'log.jsonl'}:{rec['_line']}"
        missing = [f for f in RECORD_FIELDS if f not in rec]
        if missing:
            problems.append(f"{where}: missing field(s) {', '.join(missing)}")
            continue
        if rec["id"] in seen_ids:
            problems.append(f"{where}: id {rec['id']!r} used twice")
        seen_ids.add(rec["id"])
        if rec["label"] not in (0, 1):
            problems.append(f"{where}: label must be 0 or 1")
        if rec["qid"] not in questions:
            problems.append(f"{where}: qid {rec['qid']!r} is not in questions.jsonl")
        versions.setdefault(rec["agent"], set()).add(rec["qid"])
        report.per_version.setdefault(rec["agent"], []).append(int(rec["label"] == 1))
    for agent, qids in sorted(versions.items()):
        lacking = sorted(set(questions) - qids)
        if lacking:
            lacks = ", ".join(map(str, lacking))
            problems.append(f"{folder.name}: {agent} does not answer {lacks}")
    if len(versions) != 3:
        problems.append(f"{folder.name}: {len(versions)} agent versions (3 expected)")

    # references, run once per (question, anchor day and time)
    ref_cache: dict[tuple[str, str], Outcome] = {}
    for rec in records:
        if any(f not in rec for f in RECORD_FIELDS) or rec["qid"] not in questions:
            continue
        try:
            anchor = dt.datetime.fromisoformat(str(rec["timestamp"]).replace("Z", "+00:00"))
            anchor = anchor.replace(tzinfo=None)
        except ValueError:
            problems.append(f"{folder.name}: record {rec['id']}: timestamp is not ISO 8601")
            continue
        q = questions[rec["qid"]]
        key = (rec["qid"], anchor.isoformat())
        if key not in ref_cache:
            try:
                ref_cache[key] = run(con, to_duckdb(q["reference_sql"], "duckdb", anchor))
            except Exception as exc:
                ref_cache[key] = Outcome(error=f"reference does not transpile: {exc}")
        ref = ref_cache[key]
        if ref.error:
            problems.append(f"{folder.name}: reference of {rec['qid']} fails: {ref.error}")
            continue
        if not ref.rows or all(v in (None, 0) for row in ref.rows for v in row):
            report.empty_reference.add(rec["qid"])
        try:
            ans = run(con, to_duckdb(rec["sql"], rec["dialect"], anchor, types))
        except Exception as exc:
            ans = Outcome(error=f"does not transpile: {str(exc).splitlines()[0][:200]}")
        if ans.error:
            outcome, matches = "error", False
            detail = ans.error
        else:
            matches = same_result(ans.rows or [], ref.rows or [])
            outcome = "match" if matches else "differs"
            detail = "" if matches else f"answer {_short(ans.rows)} | reference {_short(ref.rows)}"
        agrees = matches == (rec["label"] == 1)
        if agrees:
            report.agree += 1
        elif rec.get("exec_note"):
            report.explained += 1
        else:
            report.findings.append(Finding(rec, outcome, detail))
    con.close()
    return report


def print_report(report: Report, out: Any = sys.stdout) -> None:
    print(f"== {report.domain}: {report.records} records", file=out)
    for agent, labels in sorted(report.per_version.items()):
        print(
            f"   {agent}: {sum(labels)}/{len(labels)} right ({sum(labels) / len(labels):.0%})",
            file=out,
        )
    for p in report.problems:
        print(f"   PROBLEM {p}", file=out)
    if report.empty_reference:
        print(
            "   note: reference returns no rows (or only zeros / NULLs) for "
            + ", ".join(sorted(report.empty_reference))
            + ": the seed data does not exercise these questions",
            file=out,
        )
    print(
        f"   agree with label: {report.agree}; disagree but explained (exec_note): "
        f"{report.explained}; disagree: {len(report.findings)}",
        file=out,
    )
    for f in report.findings:
        r = f.record
        print(
            f"   - {r['id']} {r['qid']} {r['agent']} label={r['label']} exec={f.outcome}: "
            f"{r.get('why', '')}",
            file=out,
        )
        if f.detail:
            print(f"       {f.detail}", file=out)


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("domains", nargs="+", type=Path, help="domain folders")
    args = parser.parse_args(list(argv) if argv is not None else None)
    seen: set[str] = set()
    status = 0
    for folder in args.domains:
        report = check_domain(folder, seen)
        print_report(report)
        if report.problems:
            status = 2
        elif report.findings and status == 0:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
