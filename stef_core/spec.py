"""The semantic spec: what a query asks for, extracted from SQL or from the question.

These are frozen, slotted dataclasses rather than pydantic models: one record builds dozens of
them on the hot path, and they never cross a trust boundary (pydantic guards the I/O models in
:mod:`stef_core.models`). Rules return new specs with :func:`dataclasses.replace`; nothing here
is mutated after construction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from itertools import repeat
from typing import Any, Literal, get_args

Scalar = str | int | float | bool | None
Value = Scalar | tuple[Scalar, ...]

#: Operators after normalization. BETWEEN becomes ``>=`` and ``<=``; NOT is folded into the
#: operator; LIKE without wildcards becomes ``=``; IN with one value becomes ``=``. ``not`` is
#: the question's negated predicate without a value ("orders not shipped": ``NOT shipped``).
Op = Literal[
    "=", "!=", "<", "<=", ">", ">=", "in", "not in", "like", "not like", "is null", "is not null",
    "not",
]
OPS: tuple[Op, ...] = get_args(Op)
#: The operators that order a value against a bound (``x > 5``, ``ts <= d``).
ORDERINGS: frozenset[Op] = frozenset({"<", "<=", ">", ">="})
NEGATED_OP: dict[Op, Op] = {
    "=": "!=",
    "!=": "=",
    "<": ">=",
    "<=": ">",
    ">": "<=",
    ">=": "<",
    "in": "not in",
    "not in": "in",
    "like": "not like",
    "not like": "like",
    "is null": "is not null",
    "is not null": "is null",
}
#: ``5 < x`` is ``x > 5``.
FLIPPED_OP: dict[Op, Op] = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!="}
#: Comparison operators: what a comparative word ("more than", "at most") means.
Comparison = Literal["=", "!=", "<", "<=", ">", ">="]
COMPARISONS: tuple[Comparison, ...] = get_args(Comparison)

#: Where a filter (or a period) was read: the clause of the SQL that states it (``where``,
#: ``having``, ``join`` ON, ``case``: a CASE / IIF / FILTER condition that shapes a value,
#: ``sql``: anywhere in the statement), or the part of the record that asks for it
#: (``question``: the user's words, ``hint``: a SQL-like fragment of the enriched question,
#: ``enrichment``: the enriched question's words, ``rules``: R_app's vocabulary).
Source = Literal["where", "having", "join", "case", "sql", "question", "hint", "enrichment",
                 "rules"]
#: How sure the question side is that a constraint is asked for (see :class:`Filter`).
Strength = Literal["strong", "weak"]


def as_op(text: str) -> Op:
    """``text`` as an operator (``<>`` is ``!=``), or :class:`ValueError` for anything else;
    for operators that come from data (the lexicon, R_app, an LLM's reply).

    >>> as_op(">="), as_op("<>")
    ('>=', '!=')
    """
    found = _OP_OF.get(text)
    if found is None:
        raise ValueError(f"unknown operator {text!r}; one of {', '.join(OPS)}")
    return found


_OP_OF: dict[str, Op] = {**{op: op for op in OPS}, "<>": "!="}


AGGREGATES: frozenset[str] = frozenset({"COUNT", "SUM", "AVG", "MIN", "MAX"})
#: The value of a filter compared with a subquery (``x IN (SELECT ...)``, ``x = (SELECT
#: MAX ...)``, ``EXISTS (...)``): what it is compared with is not a constant.
SUBQUERY = "<subquery>"


@dataclass(frozen=True, slots=True)
class Filter:
    """One predicate ``column op value``.

    ``column`` is the bare, lower-cased column name (aliases and qualifiers resolved), or None
    when the question names a value but not its column. ``value`` is normalized: strings are
    case- and whitespace-folded, numbers are int when integral, lists are sorted tuples.

    ``source`` says where it was read (the SQL clause, or the part of the question: see
    :data:`Source`). ``strength`` says how sure the question side is that the constraint is
    asked for: ``strong`` (a quoted value, a comparative with its number, a proper name after
    "in", an enrichment fragment) or ``weak`` (a bare number, a capitalised word that may be a
    name); a weak requirement the SQL lacks lowers confidence but does not decide the filter
    status. SQL-side filters are always ``strong``.

    Flags say how the SQL states it: ``relation``, a column compared with another column
    (``value`` names the other column: ``SqlSpec.relations``); ``excluded``, inside a subquery
    whose rows the query excludes (``NOT IN (...)``, ``NOT EXISTS``, the right side of
    ``EXCEPT``), so it constrains the result the other way round; ``alternative``, one of the
    conditions of an OR that is not one column's IN list.

    >>> Filter("status", "=", "active").describe(), Filter("age", ">=", 18, "having").source
    ("status = 'active'", 'having')
    """

    column: str | None
    op: Op
    value: Value
    source: Source = "where"
    strength: Strength = "strong"
    relation: bool = False
    excluded: bool = False
    alternative: bool = False
    #: The tables a question-side value belongs to, when R_app declares it for some tables
    #: only (``values equip_rentals.status = RES, OUT``) and the question names none of them:
    #: an SQL that reads none of these tables has no such column to answer it with.
    tables: tuple[str, ...] = ()
    #: Asked only by the agent's reformulation, in R_app's words (``rules``): the person's own
    #: words do not say it ("corp accounts with no rentals" restated "no rentals billed to
    #: them"; "seeds shipped" restated "seeds in distributions that fulfilled a request").
    restated: bool = False

    @property
    def values(self) -> tuple[Scalar, ...]:
        """The values compared with: an IN list's items, or the one value (``x = 5``: ``(5,)``)."""
        return self.value if isinstance(self.value, tuple) else (self.value,)

    def turned(self) -> Filter:
        """The opposite constraint (``status = 'live'`` -> ``status != 'live'``): what a
        filter inside an excluded set, or under a negation, asks of the rows kept."""
        return replace(self, op=NEGATED_OP.get(self.op, self.op))

    def describe(self) -> str:
        """The filter as a reader would write it: ``status = 'active'``."""
        col = self.column or "?"
        if self.op in {"is null", "is not null"}:
            return f"{col} {self.op.upper()}"
        if self.op == "not":  # a negated predicate the question states ("not shipped")
            return f"NOT {col}"
        op = self.op.upper() if self.op.isalpha() or " " in self.op else self.op
        return f"{col} {op} {render_value(self.value)}"


def render_value(value: Value) -> str:
    """Render a normalized value the way SQL would spell it."""
    if isinstance(value, tuple):
        return "(" + ", ".join(render_value(v) for v in value) + ")"
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return str(value)


#: Units a relative date moves by or starts at, coarse to fine (weeks are ISO weeks: Monday
#: first). The anchor is a day, so the start of a day or an hour is the anchor itself.
RelativeUnit = Literal["year", "quarter", "month", "week", "day", "hour"]
_RELATIVE_UNITS: tuple[RelativeUnit, ...] = ("year", "quarter", "month", "week", "day", "hour")


@dataclass(frozen=True, slots=True)
class Shift:
    """One step of a :class:`RelativeDate`: move by ``n`` units (back when negative)."""

    unit: RelativeUnit
    n: int


@dataclass(frozen=True, slots=True)
class StartOf:
    """One step of a :class:`RelativeDate`: go back to the start of the ``unit`` that holds
    the date (the month's first day, the quarter's, Monday of the ISO week)."""

    unit: RelativeUnit


@dataclass(frozen=True, slots=True)
class RelativeDate:
    """A moment relative to the anchor date: ``steps`` applied in order to the anchor day at
    midnight.

    The anchor is the record's timestamp, ``stef eval --today`` or the run's date; bounds stay
    relative in specs because specs are cached per question and SQL text, and are resolved
    where periods are compared (:func:`stef_core.periods.resolve`). Build them from
    :data:`ANCHOR_DAY` with :meth:`start_of` and :meth:`shifted`, which keep one spelling per
    moment (equal moments are equal values):

    >>> last_month = ANCHOR_DAY.start_of("month").shifted("month", -1)
    >>> last_month.steps
    (StartOf(unit='month'), Shift(unit='month', n=-1))
    >>> last_month.describe(), ANCHOR_DAY.shifted("day", -7).describe()
    ('start of this month - 1 month', 'today - 7 days')
    >>> last_month.start_of("month") == last_month, ANCHOR_DAY.start_of("day") == ANCHOR_DAY
    (True, True)
    """

    steps: tuple[Shift | StartOf, ...] = ()

    def shifted(self, unit: RelativeUnit, n: int) -> RelativeDate:
        """This moment moved by ``n`` units (a move by the same unit as the last step is
        folded into it: -1 day then +1 day is the anchor)."""
        steps = list(self.steps)
        last = steps[-1] if steps else None
        if isinstance(last, Shift) and last.unit == unit:
            n += last.n
            steps.pop()
        if n:
            steps.append(Shift(unit, n))
        return RelativeDate(tuple(steps))

    def start_of(self, unit: RelativeUnit) -> RelativeDate:
        """The start of the ``unit`` holding this moment. The anchor is a day, so the start of
        a day or an hour changes nothing, nor does the start of a unit the moment is already
        aligned to (the start of last month is the start of a month)."""
        rank = _RELATIVE_UNITS.index(unit)
        if rank >= _RELATIVE_UNITS.index("day"):
            return self
        for step in reversed(self.steps):
            step_rank = _RELATIVE_UNITS.index(step.unit)
            if isinstance(step, Shift) and (step_rank > rank or step.unit == "week"):
                break  # a finer step (or a week) leaves the unit's start
            if isinstance(step, StartOf) and step_rank <= rank and step.unit != "week":
                return self  # already at the start of a unit this one divides
        return RelativeDate((*self.steps, StartOf(unit)))

    def start_of_week(self, first: int = 0) -> RelativeDate:
        """The first day of the week holding this moment, for weeks that start ``first`` days
        after Monday (6: Sunday; 0 is :meth:`start_of` ``("week")``): the Monday-based week
        start of the day ``7 - first`` days later, moved back as many days (on a Sunday, with
        Sunday weeks, the day itself).

        >>> ANCHOR_DAY.start_of_week(6).describe()
        'start of the week of (today + 1 day) - 1 day'
        """
        ahead = (7 - first) % 7
        return self.shifted("day", ahead).start_of("week").shifted("day", -ahead)

    def describe(self) -> str:
        """The moment in words, for messages: ``today``, ``today - 7 days``, ``start of this
        month - 1 month``, ``start of the month of (today - 7 days)``."""
        text = "today"
        for step in self.steps:
            if isinstance(step, StartOf):
                text = (f"start of this {step.unit}" if text == "today"
                        else f"start of the {step.unit} of ({text})")
            else:
                count = abs(step.n)
                text += (f" {'+' if step.n > 0 else '-'} {count} {step.unit}"
                         f"{'' if count == 1 else 's'}")
        return text


#: The anchor day itself, at midnight; every relative date starts from it.
ANCHOR_DAY = RelativeDate()

#: A bound of a period: an ISO 8601 date or moment, or a moment relative to the anchor.
Bound = str | RelativeDate


@dataclass(frozen=True, slots=True)
class Period:
    """A time constraint: the half-open interval ``[start, end)`` on one time column, or a
    periodic one (every March, every Monday).

    Both sides read time into this one form, so ``order_date >= '2024-03-01' AND order_date <
    '2024-04-01'``, ``strftime('%Y-%m', order_date) = '2024-03'`` and "in March 2024" are the
    same period. ``column`` is None when the question does not name it; ``start`` and ``end``
    are ISO 8601 (None: unbounded on that side), or a :class:`RelativeDate` when the bound is
    relative to the anchor date: "last month" starts at ``ANCHOR_DAY.start_of("month")
    .shifted("month", -1)`` and ends at ``ANCHOR_DAY.start_of("month")``. The calendar both
    sides share (resolving, merging, describing periods) is :mod:`stef_core.periods`.

    ``periodic`` holds calendar fields that repeat: ``(("month", 3),)`` is March of any year;
    one unit listed several times means any of them (``("month", 1), ("month", 2)``), units
    are ``month``, ``day`` (of the month) and ``dow`` (ISO: Monday 1 ... Sunday 7). ``clock`` is
    a time of day ``[start, end)`` in seconds after midnight, on any day.
    """

    column: str | None
    start: Bound | None = None  # inclusive
    end: Bound | None = None  # exclusive
    periodic: tuple[tuple[str, int], ...] = ()  # (("month", 3),): March of any year
    grain: str = "day"  # the finest unit the expression spells: year, quarter, month, day ...
    source: Source = "where"
    text: str = ""  # as written, for messages
    #: SQL side (and hint fragments): the filters this period was read from, as they stand in
    #: the spec's ``filters``; a matched period accounts for them (they are not extras).
    parts: tuple[Filter, ...] = ()
    negated: bool = False  # every time except this period (``<>``, NOT BETWEEN, "not in 2014")
    #: The closing bound was a bare date compared inclusively (``<= '2024-12-31'``, BETWEEN):
    #: read as the whole day, which on a timestamp column drops the rows after midnight.
    end_of_day: bool = False
    #: A raw column compared for equality with a day (``created_ts = '2024-03-01'``, ``=
    #: CURRENT_DATE - 1``): read as the whole day, though on a timestamp column only the rows
    #: at exactly midnight are equal to it.
    moment_day: bool = False
    clock: tuple[int, int] | None = None  # time of day [start, end), seconds after midnight
    #: How the data spells the dates, when a raw column is compared with literals (or a hint
    #: binds the period to a spelling): ``compact`` ('201309'), ``iso`` ('2013-09'), ``year``
    #: (a bare year against a column named like a date); "" when not known.
    spelling: str = ""
    #: "until March": English does not say whether March is in; ``end`` includes it, and the
    #: end one ``grain`` earlier answers the question too.
    loose_end: bool = False
    #: "early May", "mid-June", "the first half of March": a part of ``[start, end)`` the words
    #: place but do not bound to the day (``early``, ``mid``, ``late``, ``first half``,
    #: ``second half``); any stretch of the month in that place answers it, the whole month
    #: does not (see :func:`stef_align.time._within_portion`). "" for the whole stretch.
    portion: str = ""
    #: The question side's confidence, as for a :class:`Filter`: a bare year ("NAACL 2000",
    #: "the 2016 Summer Olympics") is ``weak`` evidence.
    strength: Strength = "strong"
    #: SQL side: read inside a subquery whose rows the query excludes (see :class:`Filter`).
    excluded: bool = False
    #: SQL side: the period is a calendar field's number compared with today's number plus
    #: this step (``QUARTER(d) = QUARTER(CURDATE()) - 1``: -1). Read as the quarter before
    #: today's, though the number neither wraps (0 in Q1) nor says which year.
    step: int = 0
    #: SQL side: the bound is on each one's last moment, a CTE's or derived table's
    #: ``MAX(column)`` compared in the outer query (``WITH g AS (SELECT donor_id,
    #: MAX(donation_ts) AS last_ts ... GROUP BY donor_id) ... WHERE last_ts < ...``), as a
    #: ``HAVING MAX(...)`` is.
    last_moment: bool = False

    @property
    def relative(self) -> bool:
        """Is a bound relative to the anchor date ("last month", ``CURRENT_DATE - 7``)?"""
        return isinstance(self.start, RelativeDate) or isinstance(self.end, RelativeDate)


@dataclass(frozen=True, slots=True)
class Aggregation:
    """An aggregate call: ``func`` upper-case (COUNT, SUM ...), ``arg`` its argument as SQL
    (the columns it reads, comma-separated, when it reads any)."""

    func: str
    arg: str = "*"
    distinct: bool = False
    nested: bool = False  # inside a subquery or CTE rather than the outer SELECT
    # The argument can give a value where a column it reads is NULL (``COALESCE(x, 0)``, a
    # CASE, ``IIF``, ``x IS NULL``, CONCAT): such a row still counts.
    values_nulls: bool = False
    # A SUM of ones and zeros (``SUM(CASE WHEN ... THEN 1 ELSE 0 END)``, ``SUM(x > y)``): a
    # count of the rows it gives 1 on.
    counts: bool = False


@dataclass(frozen=True, slots=True)
class Projection:
    """One item of the outer SELECT list."""

    expr: str
    column: str | None = None  # the bare column when the item is (an aggregate of) one column
    aggregate: str | None = None  # the outermost aggregate function, if any
    alias: str | None = None
    columns: tuple[str, ...] = ()  # every column the item reads


@dataclass(frozen=True, slots=True)
class OrderItem:
    """One ORDER BY key of the outer query; ``aggregate`` when it sorts by an aggregate."""

    expr: str
    desc: bool = False
    aggregate: str | None = None
    columns: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class JoinedAggregate:
    """A SUM / AVG of one table's column in a SELECT that also joins that table to another
    on a column of each (``AVG(o.total_amt)`` with ``JOIN order_items oi ON oi.order_id =
    o.order_id``): ``expr`` as written, the aggregated ``table`` and ``column``, the join
    column of that table (``key``), the ``joined`` table and its join column
    (``joined_key``); ``leads`` when the SELECT starts from the aggregated table (its FROM)
    and brings the other in by a JOIN; ``siblings``: the other tables the same SELECT joins
    on that very key, as ``(table, column)`` (``stores`` beside ``transactions``, both
    joined on ``merchants.merchant_id``); ``via``: when the SELECT starts from another table,
    the aggregated table's columns the JOINs equate with that first table's, as ``(column,
    first table)`` (``fees.ptrn_id`` for ``FROM patrons p JOIN fees f ON f.ptrn_id =
    p.ptrn_id``). Which side the join repeats is the aligner's reading of the keys."""

    expr: str
    table: str
    column: str
    key: str
    joined: str
    joined_key: str
    leads: bool = False
    siblings: tuple[tuple[str, str], ...] = ()
    via: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Exclusion:
    """``x NOT IN (SELECT column FROM table ...)``: one NULL among the subquery's values makes
    the predicate unknown for every row (``expr`` as written). ``guarded`` when the subquery
    keeps its column non-NULL (``WHERE column IS NOT NULL``); ``same`` when ``x`` is that
    column of that table too (a set difference of one column between two slices of a table:
    yesterday's players not among the day before's)."""

    expr: str
    table: str
    column: str
    guarded: bool = False
    same: bool = False


@dataclass(frozen=True, slots=True)
class SqlSpec:
    """Everything STEF reads out of one SQL statement (exactly, from the sqlglot AST)."""

    projections: tuple[Projection, ...] = ()
    aggregations: tuple[Aggregation, ...] = ()
    filters: tuple[Filter, ...] = ()
    group_by: tuple[str, ...] = ()
    # The base table of each GROUP BY key that is a column, as ``(key, table)`` pairs
    # (``("display_nm", "tanks")`` for ``GROUP BY t.display_nm`` over ``tanks t``; table "" when
    # unknown): a name column of the tanks names a tank.
    group_tables: tuple[tuple[str, str], ...] = ()
    having: bool = False
    order_by: tuple[OrderItem, ...] = ()
    limit: int | None = None
    offset: int | None = None
    nested_limit: bool = False  # a LIMIT / TOP inside a subquery or CTE (a nested top-k)
    with_ties: bool = False  # the outer LIMIT keeps the rows tied with its last (WITH TIES)
    distinct: bool = False
    tables: tuple[str, ...] = ()
    columns: frozenset[str] = frozenset()
    # The base table of each column read whose table is known, as ``(column, table)`` pairs
    # (``("prod_cd", "tkt_sales")`` for ``s.prod_cd`` over ``skidw.tkt_sales s``): where a
    # run's queries find a column (:attr:`stef_core.run.RunProfile.homes`).
    column_tables: tuple[tuple[str, str], ...] = ()
    literals: tuple[Scalar, ...] = ()
    windows: tuple[str, ...] = ()
    ctes: tuple[str, ...] = ()
    subqueries: int = 0
    joins: int = 0
    # Joins of the main SELECT alone (not of its CTEs and subqueries): an outer query that
    # reads one grouped CTE joins nothing, whatever the CTE joins.
    outer_joins: int = 0
    set_operation: str | None = None  # UNION / INTERSECT / EXCEPT at the top
    # Column-to-column equalities in JOIN ON / WHERE: (table, column, table, column), tables
    # resolved from aliases ("" when unknown).
    join_keys: tuple[tuple[str, str, str, str], ...] = ()
    # A LEFT JOIN whose unmatched rows the WHERE keeps (``t.agent_id IS NULL``, on the join's
    # key) while it also requires a value of the same table there (``t.status = 'solved'``):
    # rows without a match hold NULL in every column of ``t``, so none is left. Each entry is
    # the requirement as written, then the IS NULL test.
    unmatched_filtered: tuple[tuple[str, str], ...] = ()
    # ClickHouse anti-joins (``LEFT JOIN v ... WHERE v.k IS NULL``) without ``join_use_nulls =
    # 1``: unmatched rows hold the type's default (0, ''), so the IS NULL test (as written)
    # is never met.
    defaulted_nulls: tuple[str, ...] = ()
    select_star: bool = False
    divides: bool = False  # a division anywhere (ratios, percentages, averages by hand)
    # Divisions of one integer count by another in a dialect whose integer division truncates
    # (T-SQL, Postgres, Redshift, Trino, SQLite: ``COUNT_IF(x) / COUNT(*)`` is 0 or 1), as the
    # SQL writes them.
    integer_divisions: tuple[str, ...] = ()
    # What each division of two non-constant sides reads, as (the numerator's column names,
    # the denominator's), each comma-separated: the names as written and as resolved through
    # CTEs (``SAFE_DIVIDE(placed.placed_usd, collected.collected_usd)``: ``placed_usd`` over
    # ``collected_usd``). Which way round a ratio is taken is read from them.
    division_sides: tuple[tuple[str, str], ...] = ()
    # A share the SQL computes compared with a number (``HAVING completion_rate < 20`` where
    # ``completion_rate`` is ``COUNTIF(...) / COUNT(*)``): the share's scale (``fraction``, 0 to
    # 1: a division or the AVG of a 0/1 value; ``percent``: a fraction multiplied by 100), the
    # number, and the comparison as the SQL writes it.
    compared_shares: tuple[tuple[str, float, str], ...] = ()
    # Averages of ratios or of averages, as (kind, text): ``row ratio`` for the AVG of a
    # division of each row's values (``AVG(cost / miles)``), ``group average`` for the AVG of
    # a column a nested query computes as an AVG per group (``AVG(avg_invoice)`` over a CTE
    # grouped by account), ``group ratio`` for the AVG of a column a nested query computes as
    # a ratio of two aggregates per group (``AVG(rate)`` over a CTE of ``COUNTIF(done) /
    # COUNT(*) AS rate`` grouped by course), with the keys that group it.
    averaged_ratios: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    # Divisions of the rows that meet a condition by the rows that do not
    # (``countIf(status = 'cancelled') / countIf(status != 'cancelled')``), as written: one
    # part over the other, not a rate over all rows.
    complement_ratios: tuple[str, ...] = ()
    # Shares whose base counts the values of a plain column, not rows or keys
    # (``COUNTIF(ready_ts <= promised_ts) / COUNT(ready_ts)``): the rows where that column is
    # NULL drop out of the base; as written.
    valued_bases: tuple[str, ...] = ()
    # Date differences in whole hours, days or longer averaged as they are in a dialect whose
    # AVG of integers is an integer (T-SQL, Redshift: ``AVG(DATEDIFF(day, a, b))`` is
    # truncated to whole days): each ``DATEDIFF(day, a, b)``.
    integer_averages: tuple[str, ...] = ()
    # A column named as a percentage divided alone by the integer 100 in a dialect whose
    # integer division truncates (``commission_pct / 100`` in Trino: 0 for a whole-number
    # percentage), as written (stef_sql.read.percents).
    percent_divisions: tuple[str, ...] = ()
    # Numbers from 28 to 31 that divide or multiply an aggregate (``COUNT(*) / 31.0``,
    # ``SUM(m) / (lanes * 30)``): a month's days spelled, as (the number, the arithmetic as
    # written) (stef_sql.read.month_days).
    month_days: tuple[tuple[float, str], ...] = ()
    # Differences of two time columns, as (the SQL, the column subtracted from, the column
    # subtracted): ``DATEDIFF(day, created_at, closed_at)`` is ``("...", "closed_at",
    # "created_at")`` in every dialect's spelling, as is ``closed_at - created_at``.
    date_differences: tuple[tuple[str, str, str], ...] = ()
    # Differences of two time columns compared with a number, as (the unit they count in once
    # scaled: ``hour`` for ``DATEDIFF(minute, a, b) / 60``, the comparison, the number):
    # ``julianday(b) - julianday(a) <= 24`` is ``("day", "LTE", 24.0)``.
    duration_bounds: tuple[tuple[str, str, float], ...] = ()
    # How many days after one time column another must fall, as (the comparison, the days),
    # the later column on the left: ``s.d = DATE_ADD(c.d0, INTERVAL 7 DAY)`` is ``("EQ",
    # 7.0)``, ``DATEDIFF(day, c.d0, s.d) BETWEEN 0 AND 7`` is ``("GTE", 0.0), ("LTE", 7.0)``.
    day_offsets: tuple[tuple[str, float], ...] = ()
    # Ages bounded in calendar years, as (the birth column, how the years are counted): this
    # year minus the birth year (``YEAR(CURRENT_DATE) - YEAR(dob) >= 65``: ``year
    # subtraction``) or a difference in years that counts year boundaries crossed
    # (``DATEDIFF(year, dob, GETDATE()) < 18`` in T-SQL: ``year boundaries``), compared with a
    # number: whoever has a birthday still to come this year is read a year older.
    year_ages: tuple[tuple[str, str], ...] = ()
    # Columns read through COALESCE / IFNULL / NVL / ISNULL (``appr_rev_amt`` for
    # ``COALESCE(appr_rev_amt, 0)``), lower-case: their writer expects NULLs there.
    defaulted_columns: frozenset[str] = frozenset()
    # SUM / AVG of two bare columns added, as (the function, one column, the other), lower-case
    # (``("SUM", "orig_bud_amt", "appr_rev_amt")``): a row where either is NULL drops out.
    added_sums: tuple[tuple[str, str, str], ...] = ()
    # Days of the week kept by comparing a weekday function with numbers, as (the call,
    # the numbers as written, and per numbering the dialect may give the function: its
    # name, the ISO days 1 = Monday .. 7 = Sunday it keeps, whether a number is no day of
    # it): DuckDB's ``dayofweek(d) IN (6, 7)`` is ``("dayofweek(d)", "6, 7", (("0 = Sunday
    # .. 6 = Saturday", (6,), True),))``.
    weekday_numbers: tuple[tuple[str, str, tuple[tuple[str, tuple[int, ...], bool], ...]],
                           ...] = ()
    # Days of the week named by number in a CASE (``CASE strftime('%w', d) WHEN '0' THEN
    # 'Monday' ...``) where no numbering the dialect may give the weekday function names the
    # numbers so, as (the call, the first label that disagrees as ``'0' -> Monday``, the
    # dialect's numbering): ``("STRFTIME('%w', d)", "'0' -> Monday", "0 = Sunday .. 6 =
    # Saturday")``.
    weekday_labels: tuple[tuple[str, str, str], ...] = ()
    # The units the differences of two time columns the SELECT shows count in once scaled
    # (``AVG(TIMESTAMPDIFF(DAY, a, b))``: ``day``; ``AVG(DATEDIFF(minute, a, b)) / 60``:
    # ``hour``), ``?`` for one scaled in a way not read.
    measured_units: tuple[str, ...] = ()
    # Differences counted in whole days between moments and multiplied into a finer unit, as
    # written (``DATEDIFF(day, opened_ts, resolved_ts) * 24``): whole days in hours.
    scaled_days: tuple[str, ...] = ()
    # A bare moment column compared with a bare column of days, as (moment, operator, day),
    # the moment on the left: ``delivered_ts > promised_dt`` is ``("delivered_ts", ">",
    # "promised_dt")`` (the day compares as its midnight).
    moments_on_days: tuple[tuple[str, str, str], ...] = ()
    # Shares whose numerator keeps conditions the denominator and the WHERE do not, as (the
    # division as written, those conditions, how many conditions the numerator has):
    # ``countIf(status = 'no_show' AND job_type = 'repair') / count()``.
    share_bases: tuple[tuple[str, tuple[Filter, ...], int], ...] = ()
    # Shares whose denominator is a scalar subquery that leaves out columns the query's WHERE
    # conditions on, as (the division as written, those columns).
    denominator_drops: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # Shares that are 1 whatever the data: the numerator counts rows by a condition the
    # query's WHERE keeps on every row, over a denominator counting those rows (each division
    # as written): ``SUM(passed) / COUNT(*) ... WHERE passed = 1``.
    constant_shares: tuple[str, ...] = ()
    # Divisions the outer SELECT shows of a row count by the row count over an empty window
    # (``100.0 * COUNT(*) / COUNT(*) OVER ()``), each as written: over a grouped result the
    # window counts the groups.
    group_count_shares: tuple[str, ...] = ()
    # Set by normalization rules: group-by keys that the SELECT list forces (rule 1).
    implied_group_by: tuple[str, ...] = ()
    # Set by normalization rules: ORDER BY / LIMIT kept by the SQL but judged harmless.
    tolerated: tuple[str, ...] = ()
    # Time predicates read as periods (their filters stay in ``filters`` too).
    periods: tuple[Period, ...] = ()
    # Time predicates that shape a value rather than filter rows (``COUNTIF(d >= '2025-10-01'
    # AND ...)``, ``SUM(x) FILTER (WHERE d ...)``, ``CASE WHEN year = 2023 ...``): they answer
    # a period the question names ("Q4 vs Q4 last year"), and are never extras.
    value_periods: tuple[Period, ...] = ()
    # The base table of each column the periods (row and value ones) read, as ``(column,
    # table)`` pairs (``("created_at", "tickets")``; table "" when unknown): a ticket's
    # ``created_at`` dates the ticket, an event row's dates the event.
    period_tables: tuple[tuple[str, str], ...] = ()
    # The base tables whose columns the rows are filtered on with a value (``r.brand_cd =
    # 'AUR'``, ``s.deleted_at IS NULL``, in WHERE or a JOIN's ON; not inside an excluded
    # subquery): the tables the query picks rows of, as opposed to one it joins through.
    filtered_tables: frozenset[str] = frozenset()
    # The base tables a subquery whose rows the query excludes reads (``NOT EXISTS (SELECT 1
    # FROM time_entries ...)``, ``NOT IN (SELECT ...)``): the rows found there keep others
    # away, so a guard of that table applies there too.
    excluded_tables: frozenset[str] = frozenset()
    # The base tables a LEFT JOIN kept to its unmatched rows reads (``LEFT JOIN certificates ce
    # ... WHERE ce.cert_id IS NULL``, through a CTE or derived table too) and the IS NULL tests
    # that keep them (bare columns): an anti-join, "pickups with no certificate".
    anti_joined_tables: frozenset[str] = frozenset()
    anti_join_tests: tuple[str, ...] = ()
    # Conditions that shape a value without filtering rows: CASE WHEN / IIF / IF branches and
    # predicates inside an aggregate (``SUM(CASE WHEN city = 'Paris' THEN 1 END)``, ``SUM(x =
    # 1)``, ``COUNT(*) FILTER (WHERE ...)``). A ratio's numerator lives here.
    conditions: tuple[Filter, ...] = ()
    # Those of them that label rows into buckets (``CASE WHEN total < 50 THEN 'small' WHEN
    # total < 100 THEN 'mid' ELSE 'large' END``, outside any aggregate): edges of the buckets a
    # question may list ("under 50, 50 to 99 and 100 or more"), no condition on the rows.
    bucket_conditions: tuple[Filter, ...] = ()
    # Column-to-column comparisons among them (``SUM(CASE WHEN delivered_dt <= promised_dt
    # THEN 1 ELSE 0 END)``, ``COUNTIF(ready_at > promised_at)``): ``relations`` holds the row
    # conditions' only.
    value_relations: tuple[Filter, ...] = ()
    # Window PARTITION BY keys (a grouping that keeps the rows).
    partition_by: tuple[str, ...] = ()
    # SUM / COUNT windows with no ORDER BY, as written, in a query none of whose SUM / COUNT
    # windows has one (``SUM(SUM(x)) OVER ()``): each row gets a whole total, nothing runs.
    unordered_totals: tuple[str, ...] = ()
    # SUM / COUNT windows ordered descending only or by their own amount, in a query none of
    # whose SUM / COUNT windows adds up forward (``SUM(r) OVER (ORDER BY month DESC)``).
    backward_totals: tuple[str, ...] = ()
    # SUM / COUNT windows framed to the last few rows (``ROWS BETWEEN 1 PRECEDING AND CURRENT
    # ROW``: a moving sum), in a query none of whose SUM / COUNT windows adds up from the start.
    framed_totals: tuple[str, ...] = ()
    # ORDER BY keys of nested queries that keep a few rows (``WHERE x = (SELECT x ... ORDER BY
    # y DESC LIMIT 1)``): a top-k asked of the question may be answered there.
    nested_order_by: tuple[OrderItem, ...] = ()
    # GROUP BY keys and DISTINCT of nested queries (a per-group count averaged outside, a
    # COUNT(*) over SELECT DISTINCT).
    nested_group_by: tuple[str, ...] = ()
    nested_distinct: bool = False
    # The main SELECT reads one subquery or CTE grouped by a single key, and nothing else
    # (``COUNT(*) FROM (SELECT buyer_id ... GROUP BY buyer_id) b``): its rows are distinct keys.
    grouped_source: bool = False
    # The main SELECT takes a mean, median or percentile of an aggregate a grouped subquery or
    # CTE computes (AVG of per-tech counts): the inner groups are the mean's base.
    averaged_groups: bool = False
    # ORs that keep every row (``st <> 'A' OR st <> 'B'``) and ORs written beside an AND chain
    # with no parentheses (``t = 1 AND ch = 'WEB' OR ch = 'SHOW'``), as written.
    # Divisions of the whole by its part (``COUNT(*) / COUNT(*) FILTER (WHERE c)``), as
    # written: a share the wrong way up.
    inverted_shares: tuple[str, ...] = ()
    always_true: tuple[str, ...] = ()
    loose_ors: tuple[str, ...] = ()
    # Column-to-column comparisons (``salary > manager_salary``, ``delivered_at <
    # promised_at``): ``column`` op the column named by ``value``.
    relations: tuple[Filter, ...] = ()
    # Top-k per group by a ranking window (ROW_NUMBER / RANK ... kept by ``rn = 1``, ``<= 3``
    # in WHERE or QUALIFY) or DISTINCT ON: the ranking keys and the k kept.
    ranking: tuple[OrderItem, ...] = ()
    rank_limit: int | None = None
    # The LIMIT of the first nested ORDER BY ... LIMIT k (a top-k taken in a subquery).
    nested_k: int | None = None
    # Columns compared with a MAX / MIN taken over a whole table by a subquery with no WHERE,
    # while the comparing query filters its rows (the extreme of everyone, not of the rows
    # kept).
    unscoped_extremes: tuple[str, ...] = ()
    # SUM / AVG of a table's column over a join to another table (see JoinedAggregate).
    joined_aggregates: tuple[JoinedAggregate, ...] = ()
    # The denominator of a ratio that counts a table's rows without DISTINCT (``COUNT(*)``,
    # ``COUNT(t.id)``) under a numerator that counts DISTINCT values, over a join of that table
    # to another (``column`` is "*" or the counted column; see JoinedAggregate).
    joined_counts: tuple[JoinedAggregate, ...] = ()
    # A COUNT(*) of the outer SELECT over a join of its first table to another (``column``
    # is "*"; see JoinedAggregate): it counts the joined rows.
    joined_row_counts: tuple[JoinedAggregate, ...] = ()
    # HAVING tests that keep the groups with nothing (``COUNT(*) = 0``, ``SUM(x) <= 0``,
    # ``COUNT(x) < 1``) in a SELECT that joins only by inner joins (or counts every row): a
    # group has at least one row there, so the entities with no matching row are never among
    # them. Each as written, and whether it counts every row (``COUNT(*)``: never true).
    empty_tests: tuple[tuple[str, bool], ...] = ()
    # HAVING tests for few rows or a small total after inner joins only (``SUM(e.hours) <
    # 100``): the entities with none are never a group (stef_sql.read.joins)
    few_tests: tuple[str, ...] = ()
    # Can a row or group the data has nothing for reach the result: an outer join, a scalar
    # subquery in the SELECT list, a set operation?
    keeps_unmatched: bool = False
    # ``COUNT(b.col)`` where ``b`` is LEFT JOINed and the WHERE keeps its key NULL (an
    # anti-join's missing side): 0 whatever the data (stef_sql.read.joins).
    counted_unmatched: tuple[str, ...] = ()
    # A ``COUNT(*)`` (or ``COUNT(1)``) per entity over a LEFT JOIN: the SELECT groups by the
    # join column of one table (``GROUP BY t.teacher_id``) and LEFT JOINs another on it
    # (``LEFT JOIN lessons l ON l.teacher_id = t.teacher_id``) with no condition on the joined
    # table in its WHERE: an entity with no match keeps one row of NULLs, which COUNT(*)
    # counts (``table``/``key``: the grouped side; ``joined``/``joined_key``: the LEFT JOINed
    # one; see JoinedAggregate; stef_sql.read.joins).
    padded_counts: tuple[JoinedAggregate, ...] = ()
    # An AVG of a count per entity that a nested query computes over inner joins only
    # (``AVG(n)`` over ``SELECT d.dog_id, COUNT(*) AS n FROM dogs d JOIN walks w ON w.dog_id =
    # d.dog_id GROUP BY d.dog_id``): an entity with no joined row forms no group, so the mean
    # leaves out its zero. ``expr`` is the AVG as written; ``table``/``key``: the table and
    # column of the GROUP BY key the join equates; ``joined``/``joined_key``: the other side
    # of that equality; ``column``: the counted column ("*" for ``COUNT(*)``), ``leads`` when
    # it is a column of ``table`` (the grouped side counts its own rows). Which side holds one
    # row per key is the aligner's to read (stef_sql.read.joins).
    averaged_counts: tuple[JoinedAggregate, ...] = ()
    # A ``COUNT(*)`` in the HAVING of a SELECT over a join of its first table to another
    # (``column`` is "*"; see JoinedAggregate): the groups are kept by a number of joined rows
    # (stef_sql.read.joins).
    having_row_counts: tuple[JoinedAggregate, ...] = ()
    # LEFT JOINs whose WHERE requires a value of the joined table (so they keep no unmatched
    # row): (the condition, what in the SELECT counts on those rows, a HAVING test for
    # nothing or a total defaulted to 0, "" when nothing does), as written
    # (stef_sql.read.defeated).
    defeated_joins: tuple[tuple[str, str], ...] = ()
    # Every number the SQL spells: its literals, the numbers in its strings and its names
    # (``churned_30d``) (stef_sql.read.spelled).
    spelled_numbers: frozenset[float] = frozenset()
    # The spans it spells with a unit (``INTERVAL 1 DAY``, ``add_months(x, 1)``): (amount,
    # unit in the singular, lower-case).
    spelled_spans: frozenset[tuple[float, str]] = frozenset()
    # ``NOT IN (SELECT ...)`` predicates (see Exclusion).
    exclusions: tuple[Exclusion, ...] = ()
    #: Comparisons with NULL by ``=`` or ``<>`` (``csm_owner = NULL``), as written: never true,
    #: whatever the data (the filters read them as IS NULL / IS NOT NULL, what was meant).
    null_equalities: tuple[str, ...] = ()
    #: ORs of two negative conditions (``NOT EXISTS (...) OR NOT EXISTS (...)``, ``a IS NULL
    #: OR b IS NULL``), as written: rows that lack either one, not both.
    negated_alternatives: tuple[str, ...] = ()
    #: Set operations between two one-row aggregates (``SELECT COUNT(*) ... INTERSECT SELECT
    #: COUNT(*) ...``), as (operator, text): the operator (``UNION``, ``UNION ALL``,
    #: ``INTERSECT``, ``EXCEPT``) combines the two numbers, not the rows they count.
    scalar_set_operations: tuple[tuple[str, str], ...] = ()
    #: ORs of two comparisons of one column no single value meets both of (``age > 40 OR age
    #: < 30``), in a WHERE of a SELECT without HAVING, as written: rows that meet either one.
    disjoint_alternatives: tuple[str, ...] = ()
    #: ANDs in one WHERE that no row meets (``founded < 1920 AND founded > 1950``, ``color =
    #: 'red' AND color = 'blue'`` on the same column of the same table), as written.
    impossible_conjunctions: tuple[str, ...] = ()
    #: Columns read through a table name or alias no FROM, JOIN, CTE or derived table of the
    #: query defines (``T3.url`` with only T1 and T2), as written: the query does not run.
    undefined_tables: tuple[str, ...] = ()

    def table_of(self, column: str) -> str | None:
        """The base table a column read comes from, by its bare name (case folded; the last
        of :attr:`column_tables` where several tables hold a column of that name), or None.

        >>> SqlSpec(column_tables=(("prop_nm", "properties"),)).table_of("PROP_NM")
        'properties'
        """
        key = column.lower()
        found: str | None = None
        for c, t in self.column_tables[:256]:
            if c.lower() == key:
                found = t
        return found


#: Every field of :class:`SqlSpec` with its default (each has one, none a factory).
_SQL_SPEC_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(SqlSpec)}


def sql_spec(given: Mapping[str, Any]) -> SqlSpec:
    """``SqlSpec(**given)``, made without binding its 94 keyword arguments one by one: every
    field is set as the dataclass's own ``__init__`` sets it (``object.__setattr__``, past
    the frozen guard), in one C loop; a name that is no field is refused, as there.

    >>> sql_spec({"tables": ("orders",)}) == SqlSpec(tables=("orders",))
    True
    """
    values = {**_SQL_SPEC_DEFAULTS, **given}
    if len(values) != len(_SQL_SPEC_DEFAULTS):
        unknown = sorted(values.keys() - _SQL_SPEC_DEFAULTS.keys())
        raise TypeError(f"SqlSpec has no field {unknown[0]!r}")
    spec = object.__new__(SqlSpec)
    any(map(object.__setattr__, repeat(spec, len(values)), values.keys(), values.values()))
    return spec


@dataclass(frozen=True, slots=True)
class Binding:
    """A phrase of the question that the enrichment explains ("female refers to gender = 'F'",
    "A11 refers to average salary"): the phrase is answered by ``filters``, read from
    ``columns`` or computed by ``expression``, so it is not required a second time."""

    phrase: str
    filters: tuple[Filter, ...] = ()
    columns: tuple[str, ...] = ()
    expression: str | None = None


@dataclass(frozen=True, slots=True)
class Ask:
    """One thing the question asks to see.

    ``kind`` is ``attribute`` ("the email addresses"), ``entity`` ("which city", "what
    languages": the thing itself, shown by a column named like it or its name) or ``person``
    ("who manages ...": a name, or the agent noun ``alternatives`` give). ``head`` is the word
    that names it, ``words`` the whole phrase, ``owner`` the thing it belongs to ("the name of
    the school"), ``alternatives`` other words for the same attribute ("website" for
    "webpage").
    """

    words: str
    kind: str = "attribute"
    head: str = ""
    owner: str | None = None
    alternatives: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OrderRequest:
    """An order the question asked for: ``direction`` asc/desc, ``by`` the words it sorts on."""

    direction: Literal["asc", "desc"] | None
    by: str | None = None


#: What joins the person's question and the agent's reformulation in ``QuestionSpec.text``:
#: readings that must hear only one of the two split the text here.
REFORMULATION_JOIN = " . "


def asked_and_restated(text: str) -> tuple[str, str]:
    """The person's words and the agent's reformulation ("" when none) of a folded text.

    >>> asked_and_restated("rev last month . revenue for april 2025")
    ('rev last month', 'revenue for april 2025')
    >>> asked_and_restated("rev last month")
    ('rev last month', '')
    """
    own, _, restated = text.partition(REFORMULATION_JOIN)
    return own, restated


@dataclass(frozen=True, slots=True)
class QuestionSpec:
    """What the question (and its enrichment) asks for, as far as words tell.

    ``filters`` are required constraints; a filter's ``source`` is ``question`` when read from
    the user's words and ``hint`` when read from the enriched question (the agent's own
    reformulation, or a BIRD evidence hint), whose SQL-like fragments are parsed exactly.
    """

    aggregations: tuple[str, ...] = ()
    filters: tuple[Filter, ...] = ()
    group_by: tuple[str, ...] = ()
    order: OrderRequest | None = None
    top_k: int | None = None
    superlative: Literal["max", "min"] | None = None
    distinct: bool = False
    projections: tuple[str, ...] = ()  # what the question asks to see ("email address")
    expressions: tuple[str, ...] = ()  # SQL expressions the enrichment defines ("rate = A / B")
    columns: frozenset[str] = frozenset()  # columns named in the enrichment
    # Columns R_app synonyms say the question's words mean ("client" -> customer_id): they
    # ground those words, but unlike the enrichment's columns the SQL need not read them.
    synonym_columns: frozenset[str] = frozenset()
    numbers: tuple[float, ...] = ()
    words: frozenset[str] = frozenset()  # content words, lower-case, for grounding
    drift: tuple[str, ...] = ()  # constraints Q_e added or dropped relative to Q_u
    asks_list: bool = False  # "list", "show all", "which": a set of rows, not one value
    asks_yes_no: bool = False
    asks_ratio: bool = False  # "percentage", "ratio", "proportion", "rate", "how many times"
    # "X per Y" read as a ratio ("revenue per employee", "orders per customer"): a division,
    # or, read as a breakdown, one value per Y.
    rates: tuple[str, ...] = ()
    # The groups with nothing are asked for too ("show zeros", "including teams with no
    # agents"): a count or total per group must show them at 0.
    keeps_empty: bool = False
    terms: tuple[str, ...] = field(default=())  # R_app terms found in the question
    text: str = ""  # question and enrichment, case- and whitespace-folded, for grounding
    periods: tuple[Period, ...] = ()  # time constraints the question or enrichment states
    # The superlative asks for one row ("which region has the fewest stores"), as opposed to
    # an explicit k ("the top 3").
    singular: bool = False
    # The rank a singular superlative asks for ("the second highest salary": 2), when not 1.
    rank: int | None = None
    # Only the column tells the superlative's direction ("oldest": the largest age, the
    # earliest birth date).
    by_age: bool = False
    # The kind of column that reverses the superlative's direction: ``date`` ("the longest
    # wait" is the earliest start), ``speed`` ("slowest"), ``rank`` ("best" is rank 1).
    flip_on: str = ""
    # Aggregations read from weak cues ("number of" inside a phrase, "total" before a noun that
    # may be a column): their absence lowers confidence only.
    weak_aggregations: tuple[str, ...] = ()
    # "How many different X": a count that must de-duplicate (a list may keep duplicates).
    distinct_count: bool = False
    # Phrases of the question the enrichment explains (see :class:`Binding`).
    bindings: tuple[Binding, ...] = ()
    # The nouns a count counts ("how many stars" -> stars): a column of that name may hold
    # the count already.
    counted: tuple[str, ...] = ()
    # Groups asked by "of their X" / "within its X": any GROUP BY or PARTITION BY answers them
    # (the X may be what is aggregated: "the total sales of their songs").
    loose_groups: tuple[str, ...] = ()
    # "orders by channel yesterday": a "by" group in a question whose own words aggregate
    # nothing ("orders" may list the rows or count them): one answer per channel when the SQL
    # aggregates, no group when it lists rows.
    plain_groups: tuple[str, ...] = ()
    # The criterion a top-k or superlative ranks by, as the question words it ("the top 5
    # products by revenue"): the value the ranking is about, fine to show.
    ranked_by: tuple[str, ...] = ()
    # What the question asks to see, typed (``projections`` holds the same as plain words).
    asks: tuple[Ask, ...] = ()
    # Comparisons of two quantities ("earn more than their manager", "later than promised"):
    # ``column`` (the compared word, None when unsaid) op ``value`` (the other word).
    relations: tuple[Filter, ...] = ()
    # Groups only the agent's reformulation states (the user's words ask none of them): the
    # agent's reading of the question, whose absence from the SQL lowers confidence only.
    restated_groups: tuple[str, ...] = ()
    # The superlative or top-k is read only from the agent's reformulation ("as of the latest
    # snapshot"): the user's words rank nothing.
    restated_ranking: bool = False
    # The periods the agent's reformulation states, read like the question's: compared with
    # the question's periods against the record's anchor, they tell whether the reformulation
    # resolved a period ("last month" as "April 2025") or changed it (a period's drift needs
    # the anchor, which the spec, cached per question text, does not know).
    restated_periods: tuple[Period, ...] | None = None  # None: no reformulation
    # Two bounds the person joins by one "and" or "or" ("6+ berths or over 60 ft"): the
    # bounds (column unsaid) and the word, in the order said.
    joined_bounds: tuple[tuple[Filter, Filter, str], ...] = ()

    @property
    def own_words(self) -> str:
        """The person's own words: ``text`` up to its enrichment (``text`` is "question .
        enrichment", folded), for readings the agent's reformulation must not feed."""
        return asked_and_restated(self.text)[0]

    @property
    def restated_words(self) -> str | None:
        """The agent's reformulation as folded into ``text``; None when the record has none."""
        _, joined, restated = self.text.partition(REFORMULATION_JOIN)
        return restated if joined else None
