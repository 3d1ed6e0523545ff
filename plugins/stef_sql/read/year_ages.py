"""Ages counted in calendar years (``year_ages``).

"members under 18", "patients 65 and over": an age is the whole years since birth, and two
spellings of it count the calendar years instead, so that everyone whose birthday is still
to come this year is read a year older than they are:

* this year minus the birth year: ``YEAR(CURRENT_DATE) - YEAR(dob)``, ``EXTRACT(YEAR FROM
  SYSDATE) - EXTRACT(YEAR FROM birth_dt)``, ``strftime('%Y', 'now') - strftime('%Y', dob)``;
* a difference in years in a dialect whose difference counts the year boundaries crossed
  (T-SQL, Snowflake, Redshift ``DATEDIFF(year, dob, GETDATE())``, BigQuery ``DATE_DIFF(d,
  dob, YEAR)``, ClickHouse and DuckDB ``date_diff('year', ...)``). MySQL's ``TIMESTAMPDIFF``,
  Trino's and Databricks' differences count whole years and are right.

Only a difference compared with a number (a bound: ``>= 65``, ``BETWEEN 13 AND 19``) is read,
where the age decides which rows are in; one side must be today (or a year spelled as a
number), the other a column whose name says birth (``dob``, ``birth_date``, ``born_on``).

>>> from stef_sql.extract import extract_spec
>>> extract_spec("SELECT 1 FROM m WHERE YEAR(CURDATE()) - YEAR(m.dob) >= 65", "mysql").year_ages
(('dob', 'year subtraction'),)
>>> extract_spec("SELECT 1 FROM m WHERE DATEDIFF(year, dob, GETDATE()) < 18", "tsql").year_ages
(('dob', 'year boundaries'),)
>>> extract_spec("SELECT 1 FROM m WHERE TIMESTAMPDIFF(YEAR, dob, CURDATE()) < 18",
...              "mysql").year_ages
()
>>> extract_spec("SELECT AVG(YEAR(CURDATE()) - YEAR(dob)) FROM m", "mysql").year_ages
()
"""

from __future__ import annotations

import re

from sqlglot import exp

from stef_core.sql import DATE_DIFFS, difference_unit
from stef_core.sql.conditions import NOW_CALLS
from stef_sql.read.tree import Build, Tree, unwrapped

#: Most ages kept from one query.
MAX_AGES = 4
#: A column whose name says it holds a birth date.
_BIRTH = re.compile(r"birth|(?:^|_)dob(?:$|_)|born|bday", re.IGNORECASE)
#: Dialects whose difference in years counts the year boundaries crossed.
_BOUNDARY_DIALECTS = frozenset({"tsql", "snowflake", "redshift", "bigquery", "clickhouse",
                                "duckdb"})
#: Wrappers that keep a moment what it is.
_KEEP = (exp.Cast, exp.TryCast, exp.Paren, exp.Date, exp.TsOrDsToDate, exp.TimeStrToTime,
         exp.TsOrDsToTimestamp, exp.StrToTime, exp.StrToDate)
#: Today, in every dialect's spelling (the functions: :data:`stef_core.sql.conditions.NOW_CALLS`).
_NOW = (exp.CurrentDate, exp.CurrentTimestamp, exp.CurrentDatetime, exp.CurrentTime)
_COMPARE = (exp.EQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.NEQ)
_NONE: dict[str, tuple[()]] = {"year_ages": ()}


def read(tree: Tree) -> Build:
    if not tree.timeish():
        return lambda texts: _NONE
    boundary = tree.dialect in _BOUNDARY_DIALECTS
    out: list[tuple[str, str]] = []
    for node in tree.nodes:
        if len(out) >= MAX_AGES:
            break
        if isinstance(node, exp.Between):
            sides: list[exp.Expr | None] = [node.this]
            if not (_number(node.args.get("low")) and _number(node.args.get("high"))):
                continue
        elif isinstance(node, _COMPARE):
            sides = [node.this if _number(node.expression) else None,
                     node.expression if _number(node.this) else None]
        else:
            continue
        for side in sides:
            found = _age(_bare(side), boundary) if side is not None else None
            if found is not None:
                out.append(found)
    fields = {"year_ages": tuple(dict.fromkeys(out))}
    return lambda texts: fields


def _bare(node: exp.Expr | None) -> exp.Expr | None:
    return unwrapped(node, _KEEP)


def _number(node: exp.Expr | None) -> bool:
    node = _bare(node)
    if isinstance(node, exp.Neg):
        node = _bare(node.this)
    return isinstance(node, exp.Literal) and not node.is_string


def _age(node: exp.Expr | None, boundary: bool) -> tuple[str, str] | None:
    """(birth column, how) when ``node`` counts an age in calendar years."""
    if isinstance(node, exp.Sub):
        now, birth = _year_of(node.this), _year_of(node.expression)
        if now is not None and birth is not None and _is_now(now) and _birth(birth):
            return _birth(birth), "year subtraction"
        # a year spelled as a number: 2026 - YEAR(dob)
        this = _bare(node.this)
        if (isinstance(this, exp.Literal) and not this.is_string and birth is not None
                and _birth(birth) and re.fullmatch(r"(19|20)\d\d", str(this.this))):
            return _birth(birth), "year subtraction"
        return None
    if isinstance(node, DATE_DIFFS) and difference_unit(node) == "year" and (
            boundary or node.args.get("date_part_boundary")):
        later, earlier = _bare(node.this), _bare(node.expression)
        if isinstance(node, exp.TimestampDiff):  # TIMESTAMPDIFF counts whole units
            return None
        if later is not None and earlier is not None and _is_now(later) and _birth(earlier):
            return _birth(earlier), "year boundaries"
    return None


def _year_of(node: exp.Expr | None) -> exp.Expr | None:
    """The moment whose year ``node`` takes (YEAR(x), EXTRACT(YEAR FROM x), strftime('%Y', x),
    TO_CHAR(x, 'YYYY')), or None."""
    node = _bare(node)
    if isinstance(node, exp.Cast | exp.TryCast):
        node = _bare(node.this)
    if isinstance(node, exp.Year):
        return _bare(node.this)
    if isinstance(node, exp.Extract) and str(node.this.name if isinstance(
            node.this, exp.Expr) else node.this).upper() in ("YEAR", "YEARS", "YYYY", "YY"):
        return _bare(node.expression)
    if isinstance(node, exp.TimeToStr):
        fmt = node.args.get("format")
        if isinstance(fmt, exp.Literal) and str(fmt.this) in ("%Y", "YYYY"):
            return _bare(node.this)
    return None


def _is_now(node: exp.Expr | None) -> bool:
    if isinstance(node, _NOW):
        return True
    if isinstance(node, exp.Anonymous):
        return str(node.this).upper() in NOW_CALLS
    if isinstance(node, exp.Literal) and node.is_string:
        return str(node.this).lower() == "now"
    return False


def _birth(node: exp.Expr | None) -> str:
    """The name of the birth column ``node`` is, or ""."""
    if isinstance(node, exp.Column) and _BIRTH.search(node.name):
        return node.name
    return ""
