"""Days of the week kept by number (``weekday_numbers``).

"Weekend sales", "stays arriving fri or sat": a day of the week is kept by comparing a
weekday function with numbers, and every dialect numbers the days its own way:

* 0 = Sunday .. 6 = Saturday: DuckDB's ``DAYOFWEEK`` / ``EXTRACT(DOW)`` / ``WEEKDAY``,
  Postgres' and Redshift's ``EXTRACT(DOW)``, ``strftime('%w', d)``;
* 1 = Sunday .. 7 = Saturday: BigQuery's ``EXTRACT(DAYOFWEEK)``, MySQL's, Spark's and
  Databricks' ``DAYOFWEEK`` (and Spark's ``EXTRACT(DOW)``);
* 1 = Monday .. 7 = Sunday (ISO): ``ISODOW``, ``DAYOFWEEKISO``, Trino's ``day_of_week`` and
  ``EXTRACT(DOW)``, ClickHouse's ``toDayOfWeek``, ``strftime('%u', d)``;
* 0 = Monday .. 6 = Sunday: MySQL's and Spark's ``WEEKDAY``.

Snowflake's ``DAYOFWEEK`` follows the session's ``WEEK_START`` (0 = Sunday by default, 1 =
Monday when it is set to 1) and T-SQL's ``DATEPART(weekday)`` follows ``DATEFIRST`` (1 =
Sunday by default, 1 = Monday in many locales): both readings are kept. A function whose
numbering is not known in the dialect (Oracle's ``TO_CHAR(d, 'D')``, a dialect not given) is
not read.

Each comparison of such a function with numbers (``=``, ``<>``, ``IN``, ``BETWEEN``, ``<``,
``>=`` ...: in the WHERE, a CASE, a FILTER or ``COUNTIF``) is kept as (the call as written
for a message, the numbers it compares with, and per numbering of the function: its name,
the days it keeps as ISO numbers 1 = Monday .. 7 = Sunday, and whether a number lies outside
the numbering, a day that never comes). Which days the question asks is the aligner's
(:mod:`stef_align.weekdays`).

>>> from stef_sql.extract import extract_spec
>>> extract_spec("SELECT 1 FROM r WHERE dayofweek(arrival_dt) IN (6, 7)",
...              "duckdb").weekday_numbers
(('DAYOFWEEK(arrival_dt)', '6, 7', (('0 = Sunday .. 6 = Saturday', (6,), True),)),)
>>> extract_spec("SELECT 1 FROM o WHERE EXTRACT(DAYOFWEEK FROM d) IN (1, 7)",
...              "bigquery").weekday_numbers[0][2]
(('1 = Sunday .. 7 = Saturday', (6, 7), False),)
>>> extract_spec("SELECT 1 FROM t WHERE day_of_week(started_at) BETWEEN 1 AND 5",
...              "trino").weekday_numbers[0][2]
(('1 = Monday .. 7 = Sunday', (1, 2, 3, 4, 5), False),)
>>> extract_spec("SELECT 1 FROM t WHERE dayofweek(started_at) = 1", None).weekday_numbers
()

Days named by number in a CASE (``weekday_labels``): ``CASE strftime('%w', d) WHEN '0' THEN
'Monday' WHEN '1' THEN 'Tuesday' ... END`` in SQLite calls Sunday's rows Monday (0 = Sunday),
and every day after it the next one's name. Kept when two or more branches give a day's name
(or its short form) to a number, and no numbering the dialect may give the function names
every number so; a label that is no day's name leaves the CASE unread.

>>> sql = ("SELECT CASE strftime('%w', d) WHEN '0' THEN 'Monday' WHEN '1' THEN 'Tuesday' "
...        "ELSE 'Sunday' END AS wd, COUNT(*) FROM s GROUP BY 1")
>>> extract_spec(sql, "sqlite").weekday_labels
(("STRFTIME('%w', d)", "'0' -> Monday", '0 = Sunday .. 6 = Saturday'),)
>>> extract_spec(sql.replace("'Monday'", "'Sunday'").replace("'Tuesday'", "'Monday'"),
...              "sqlite").weekday_labels
()
>>> extract_spec("WITH d AS (SELECT CAST(strftime('%w', ts) AS INTEGER) AS dow, COUNT(*) AS n "
...              "FROM s GROUP BY 1) SELECT CASE dow WHEN 0 THEN 'Mon' WHEN 1 THEN 'Tue' END, n "
...              "FROM d", "sqlite").weekday_labels[0][1]
"'0' -> Monday"
"""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp

from stef_core.periods import WEEKDAYS
from stef_sql.read.tree import Build, Tree, unwrapped

#: Most comparisons kept from one query.
MAX_WEEKDAYS = 8
#: The numberings: name, first number, and the ISO day (1 = Monday) that number stands for.
SUN0 = ("0 = Sunday .. 6 = Saturday", 0, (7, 1, 2, 3, 4, 5, 6))
SUN1 = ("1 = Sunday .. 7 = Saturday", 1, (7, 1, 2, 3, 4, 5, 6))
MON1 = ("1 = Monday .. 7 = Sunday", 1, (1, 2, 3, 4, 5, 6, 7))
MON0 = ("0 = Monday .. 6 = Sunday", 0, (1, 2, 3, 4, 5, 6, 7))
Numbering = tuple[str, int, tuple[int, ...]]
#: Spark's family of dialects (one numbering).
_SPARK = ("spark", "spark2", "databricks", "hive")
#: ``DAYOFWEEK(d)`` by dialect.
_DAYOFWEEK: dict[str, tuple[Numbering, ...]] = {
    "duckdb": (SUN0,), "mysql": (SUN1,), "snowflake": (SUN0, MON1),
    **dict.fromkeys(_SPARK, (SUN1,)),
}
#: ``EXTRACT(<part> FROM d)`` / ``DATE_PART('<part>', d)`` by part, then dialect ("*": any).
_EXTRACT: dict[str, dict[str, tuple[Numbering, ...]]] = {
    "DOW": {"duckdb": (SUN0,), "postgres": (SUN0,), "redshift": (SUN0,),
            "trino": (MON1,), "presto": (MON1,), "athena": (MON1,), "snowflake": (SUN0, MON1),
            **dict.fromkeys(_SPARK, (SUN1,))},
    "DAYOFWEEK": {"bigquery": (SUN1,), "duckdb": (SUN0,), "redshift": (SUN0,),
                  "snowflake": (SUN0, MON1), "tsql": (SUN1, MON1),
                  **dict.fromkeys(_SPARK, (SUN1,))},
    "WEEKDAY": {"tsql": (SUN1, MON1), "snowflake": (SUN0, MON1)},
    "DW": {"tsql": (SUN1, MON1), "snowflake": (SUN0, MON1)},
    "DAY_OF_WEEK": {"trino": (MON1,), "presto": (MON1,), "athena": (MON1,)},
    **{part: {"*": (MON1,)}
       for part in ("ISODOW", "DAYOFWEEKISO", "DAYOFWEEK_ISO", "DOW_ISO", "ISOWEEKDAY")},
}
#: ``WEEKDAY(d)`` by dialect.
_WEEKDAY: dict[str, tuple[Numbering, ...]] = {
    "mysql": (MON0,), "duckdb": (SUN0,), **dict.fromkeys(_SPARK, (MON0,)),
}
#: ClickHouse's ``toDayOfWeek(d, mode)`` by mode.
_CLICKHOUSE_MODES = {0: MON1, 1: MON0, 2: SUN0, 3: SUN1}
#: ``strftime`` / ``FORMAT_DATE`` formats that write the weekday as a digit, by dialect.
_FORMATS: dict[str, dict[str, tuple[Numbering, ...]]] = {
    "%w": dict.fromkeys(("sqlite", "duckdb", "bigquery", "mysql"), (SUN0,)),
    "%u": dict.fromkeys(("sqlite", "duckdb", "bigquery"), (MON1,)),
}
#: Wrappers around a weekday call or its argument that keep it what it is.
_KEEP = (exp.Cast, exp.TryCast, exp.Paren, exp.Date, exp.TsOrDsToDate, exp.TsOrDsToTimestamp,
         exp.TimeStrToTime, exp.StrToTime, exp.StrToDate)
_COMPARE = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)
#: The comparison seen from the other side (``5 > d`` is ``d < 5``).
_MIRROR: dict[type, type] = {exp.EQ: exp.EQ, exp.NEQ: exp.NEQ, exp.GT: exp.LT,
                             exp.GTE: exp.LTE, exp.LT: exp.GT, exp.LTE: exp.GTE}
_NONE: dict[str, tuple[()]] = {"weekday_numbers": (), "weekday_labels": ()}
#: The ISO number (1 = Monday) of a day's name as a CASE writes it ("Monday", "mon", "Thurs").
_DAY_LABELS = {
    **{day: n for n, day in enumerate(WEEKDAYS, 1)},
    **{day[:3]: n for n, day in enumerate(WEEKDAYS, 1)},
    "tues": 2, "thur": 4, "thurs": 4,
}
Reading = tuple[str, tuple[int, ...], bool]
Found = tuple[str, str, tuple[Reading, ...]]


def read(tree: Tree) -> Build:
    if not tree.timeish():  # (a weekday call reads a column named for a date or a moment)
        return lambda texts: _NONE
    out: list[Found] = []
    labels: list[tuple[str, str, str]] = []
    for node in tree.nodes:
        if len(out) >= MAX_WEEKDAYS:
            break
        if isinstance(node, (exp.In, exp.Between, *_COMPARE)):
            found = _comparison(node, tree.dialect)
            if found is not None and found not in out:
                out.append(found)
        elif isinstance(node, exp.Case) and len(labels) < MAX_WEEKDAYS:
            named = _misnamed(node, tree)
            if named is not None and named not in labels:
                labels.append(named)
    fields = {"weekday_numbers": tuple(out), "weekday_labels": tuple(labels)}
    return lambda texts: fields


def _comparison(node: exp.Expr, dialect: str) -> Found | None:
    """The weekday comparison ``node`` makes, or None. A negated one (``NOT IN``, ``<>``,
    ``NOT BETWEEN``) keeps the other days."""
    negated = isinstance(node.parent, exp.Not)
    if isinstance(node, exp.In):
        if node.args.get("query") or not node.expressions:
            return None
        call = _call(node.this, dialect)
        values = [_number(v) for v in node.expressions]
        if call is None or any(v is None for v in values):
            return None
        listed = [v for v in values if v is not None]
        return _found(call, listed, lambda v: (v in listed) != negated, exact=True)
    if isinstance(node, exp.Between):
        call = _call(node.this, dialect)
        low, high = _number(node.args.get("low")), _number(node.args.get("high"))
        if call is None or low is None or high is None:
            return None
        lo, hi = low, high
        return _found(call, [lo, hi], lambda v: (lo <= v <= hi) != negated, exact=False)
    kind: type = type(node)
    call = _call(node.this, dialect)
    number = _number(node.expression)
    if call is None:
        call, number = _call(node.expression, dialect), _number(node.this)
        kind = _MIRROR[kind]
    if call is None or number is None:
        return None
    c = number
    if kind in (exp.EQ, exp.NEQ):
        equal = kind is exp.EQ
        return _found(call, [c], lambda v: ((v == c) == equal) != negated, exact=True)
    tests: dict[type, Callable[[int], bool]] = {
        exp.GT: lambda v: v > c, exp.GTE: lambda v: v >= c, exp.LT: lambda v: v < c,
        exp.LTE: lambda v: v <= c}
    test = tests[kind]
    return _found(call, [c], lambda v: test(v) != negated, exact=False)


def _misnamed(case: exp.Case, tree: Tree) -> tuple[str, str, str] | None:
    """``(the call, the first label that disagrees, the numbering)`` when ``case`` gives days'
    names to the numbers of one weekday function (``CASE f WHEN 0 THEN 'Sun'`` or ``CASE
    WHEN f = 0 THEN 'Sun'``; ``f`` also a column a CTE or a derived table computes so) and no
    numbering of it in the dialect names them so, else None."""
    ifs = case.args.get("ifs") or []
    days = [_day_label(branch.args.get("true")) for branch in ifs]
    if len(ifs) < 2 or any(day is None for day in days):
        return None  # (read first: most CASEs name no day)
    call: tuple[str, tuple[Numbering, ...]] | None = None
    pairs: list[tuple[int, int]] = []
    for branch, day in zip(ifs, days, strict=True):
        test = branch.this
        number: int | None = None
        found: tuple[str, tuple[Numbering, ...]] | None = None
        if case.this is not None:
            found, number = _derived_call(case.this, tree), _number(test)
        elif isinstance(test, exp.EQ):
            found, number = _derived_call(test.this, tree), _number(test.expression)
            if found is None:
                found, number = _derived_call(test.expression, tree), _number(test.this)
        if found is None or number is None or day is None or (
                call is not None and found[0] != call[0]):
            return None
        call = found
        pairs.append((number, day))
    if call is None:
        return None
    text, numberings = call
    for _, first, iso in numberings:
        if all(0 <= n - first < 7 and iso[n - first] == day for n, day in pairs):
            return None
    name, first, iso = numberings[0]
    n, day = next(((n, d) for n, d in pairs if not (0 <= n - first < 7 and iso[n - first] == d)))
    return text, f"'{n}' -> {WEEKDAYS[day - 1].capitalize()}", name


def _derived_call(node: exp.Expr | None, tree: Tree) -> tuple[str, tuple[Numbering, ...]] | None:
    """:func:`_call` of ``node``, or of what the column ``node`` stands for when a CTE or a
    derived table computes it (``WITH d AS (SELECT CAST(strftime('%w', ts) AS INTEGER) AS
    dow ...) SELECT CASE dow WHEN 0 ...``)."""
    found = _call(node, tree.dialect)
    column = unwrapped(node, _KEEP)
    if found is None and isinstance(column, exp.Column):
        meant = tree.resolver.resolve(column)
        if meant is not column:
            found = _call(meant, tree.dialect)
    return found


def _day_label(node: exp.Expr | None) -> int | None:
    """The ISO day a string literal names ('Monday', 'sat'), else None."""
    if not isinstance(node, exp.Literal) or not node.is_string:
        return None
    return _DAY_LABELS.get(str(node.this).strip().lower())


def _found(call: tuple[str, tuple[Numbering, ...]], values: list[int],
           keeps: Callable[[int], bool], exact: bool) -> Found:
    """The comparison as kept: per numbering, the ISO days whose numbers ``keeps`` takes,
    and (for a list of numbers, ``exact``) whether one of them is no day of the numbering."""
    text, numberings = call
    readings: list[Reading] = []
    for name, first, iso in numberings:
        numbers = range(first, first + 7)
        days = tuple(sorted(iso[v - first] for v in numbers if keeps(v)))
        outside = exact and any(v not in numbers for v in values)
        readings.append((name, days, outside))
    return text, ", ".join(str(v) for v in values), tuple(readings)


def _call(node: exp.Expr | None, dialect: str) -> tuple[str, tuple[Numbering, ...]] | None:
    """``(the call as written, its numberings)`` when ``node`` is a weekday function of a
    column whose numbering is known in the dialect, else None."""
    node = unwrapped(node, _KEEP)
    if node is None:
        return None
    numberings: tuple[Numbering, ...] | None = None
    arg: exp.Expr | None = None
    if isinstance(node, exp.DayOfWeekIso):
        numberings, arg = (MON1,), node.this
    elif isinstance(node, exp.DayOfWeek):
        numberings, arg = _DAYOFWEEK.get(dialect), node.this
    elif isinstance(node, exp.Extract):
        part = _part(node.this)
        by_dialect = _EXTRACT.get(part, {})
        numberings = by_dialect.get("*") or by_dialect.get(dialect)
        arg = node.expression
    elif isinstance(node, exp.TimeToStr):
        fmt = node.args.get("format")
        if isinstance(fmt, exp.Literal) and fmt.is_string:
            numberings = _FORMATS.get(str(fmt.this), {}).get(dialect)
        arg = node.this
    elif isinstance(node, exp.Anonymous):
        fn, args = str(node.this).lower(), node.expressions
        if fn == "weekday" and len(args) == 1:
            numberings, arg = _WEEKDAY.get(dialect), args[0]
        elif fn == "todayofweek" and args and dialect == "clickhouse":
            mode = _number(args[1]) if len(args) > 1 else 0
            found = _CLICKHOUSE_MODES.get(mode) if mode is not None else None
            numberings, arg = ((found,) if found else None), args[0]
        elif fn in ("date_part", "datepart") and len(args) == 2:
            part = _part(args[0])
            by_dialect = _EXTRACT.get(part, {})
            numberings = by_dialect.get("*") or by_dialect.get(dialect)
            arg = args[1]
    if not numberings:
        return None
    column = unwrapped(arg, _KEEP)
    if not isinstance(column, exp.Column):
        return None
    # (rendered from a copy, in the dialect: a weekday call is rare, and the text is the
    # user's own spelling for the message)
    return node.sql(dialect=dialect or None, copy=True), numberings


def _part(node: exp.Expr | None) -> str:
    """The date part an EXTRACT / DATE_PART names, upper-cased (``DOW``, ``ISODOW``)."""
    if isinstance(node, (exp.Var, exp.Identifier)):
        return str(node.this).upper()
    if isinstance(node, exp.Literal) and node.is_string:
        return str(node.this).upper()
    if isinstance(node, exp.Column):
        return node.name.upper()
    return ""


def _number(node: exp.Expr | None) -> int | None:
    """A small whole number written as a number or a string of digits ('6'), else None."""
    node = unwrapped(node, (exp.Cast, exp.TryCast, exp.Paren))
    if not isinstance(node, exp.Literal):
        return None
    text = str(node.this).strip()
    if not text.isdigit() or len(text) > 2:
        return None
    return int(text)
