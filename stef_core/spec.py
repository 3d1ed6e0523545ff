"""The semantic spec: what a query asks for, extracted from SQL or from the question.

These are frozen, slotted dataclasses rather than pydantic models: one record builds dozens of
them on the hot path, and they never cross a trust boundary (pydantic guards the I/O models in
:mod:`stef_core.models`). Rules return new specs with :func:`dataclasses.replace`; nothing here
is mutated after construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Scalar = str | int | float | bool | None
Value = Scalar | tuple[Scalar, ...]

#: Operators after normalization. BETWEEN becomes ``>=`` and ``<=``; NOT is folded into the
#: operator; LIKE without wildcards becomes ``=``; IN with one value becomes ``=``.
Op = Literal[
    "=", "!=", "<", "<=", ">", ">=", "in", "not in", "like", "not like", "is null", "is not null"
]
OPS: tuple[str, ...] = (
    "=",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "in",
    "not in",
    "like",
    "not like",
    "is null",
    "is not null",
)
NEGATED_OP: dict[str, str] = {
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
FLIPPED_OP: dict[str, str] = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!="}

AGGREGATES: frozenset[str] = frozenset({"COUNT", "SUM", "AVG", "MIN", "MAX"})


@dataclass(frozen=True, slots=True)
class Filter:
    """One predicate ``column op value``.

    ``column`` is the bare, lower-cased column name (aliases and qualifiers resolved), or None
    when the question names a value but not its column. ``value`` is normalized: strings are
    case- and whitespace-folded, numbers are int when integral, lists are sorted tuples.
    """

    column: str | None
    op: str
    value: Value
    source: str = "where"

    def describe(self) -> str:
        """The filter as a reader would write it: ``status = 'active'``."""
        col = self.column or "?"
        if self.op in {"is null", "is not null"}:
            return f"{col} {self.op.upper()}"
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


@dataclass(frozen=True, slots=True)
class Period:
    """A time constraint: the half-open interval ``[start, end)`` on one time column, or a
    periodic one (every March, every Monday).

    Both sides read time into this one form, so ``order_date >= '2024-03-01' AND order_date <
    '2024-04-01'``, ``strftime('%Y-%m', order_date) = '2024-03'`` and "in March 2024" are the
    same period. ``column`` is None when the question does not name it; ``start`` and ``end``
    are ISO 8601 (None: unbounded on that side).

    A bound may also be relative to an anchor date (the record's timestamp, ``stef eval
    --today``, else the run's date), kept unresolved because specs are cached per question
    text: ``@`` is the anchor day, ``/unit`` truncates to the start of its unit, ``+N unit`` and
    ``-N unit`` move; units are ``y``, ``q``, ``m``, ``w`` (ISO weeks), ``d`` and ``h``. "Last
    month" is ``start="@/m-1m", end="@/m"``; ``stef_sql.time.resolve`` turns a bound into a date.

    ``periodic`` holds calendar fields that repeat: ``(("month", 3),)`` is March of any year;
    one unit listed several times means any of them (``("month", 1), ("month", 2)``), units
    are ``month``, ``day`` (of the month) and ``dow`` (ISO: Monday 1 ... Sunday 7). ``clock`` is
    a time of day ``[start, end)`` in seconds after midnight, on any day.
    """

    column: str | None
    start: str | None = None  # inclusive
    end: str | None = None  # exclusive
    periodic: tuple[tuple[str, int], ...] = ()  # (("month", 3),): March of any year
    grain: str = "day"  # the finest unit the expression spells: year, quarter, month, day ...
    source: str = "where"
    text: str = ""  # as written, for messages
    #: SQL side (and hint fragments): the filters this period was read from, as they stand in
    #: the spec's ``filters``; a matched period accounts for them (they are not extras).
    parts: tuple[Filter, ...] = ()
    negated: bool = False  # every time except this period (``<>``, NOT BETWEEN, "not in 2014")
    #: The closing bound was a bare date compared inclusively (``<= '2024-12-31'``, BETWEEN):
    #: read as the whole day, which on a timestamp column drops the rows after midnight.
    end_of_day: bool = False
    clock: tuple[int, int] | None = None  # time of day [start, end), seconds after midnight
    #: How the data spells the dates, when a raw column is compared with literals (or a hint
    #: binds the period to a spelling): ``compact`` ('201309'), ``iso`` ('2013-09'), ``year``
    #: (a bare year against a column named like a date); "" when not known.
    spelling: str = ""
    #: "until March": English does not say whether March is in; ``end`` includes it, and the
    #: end one ``grain`` earlier answers the question too.
    loose_end: bool = False

    @property
    def relative(self) -> bool:
        """Is a bound relative to the anchor date ("last month", ``CURRENT_DATE - 7``)?"""
        return (self.start or "").startswith("@") or (self.end or "").startswith("@")


@dataclass(frozen=True, slots=True)
class Aggregation:
    """An aggregate call: ``func`` upper-case (COUNT, SUM ...), ``arg`` its argument as SQL."""

    func: str
    arg: str = "*"
    distinct: bool = False
    nested: bool = False  # inside a subquery or CTE rather than the outer SELECT


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
class SqlSpec:
    """Everything STEF reads out of one SQL statement (exactly, from the sqlglot AST)."""

    projections: tuple[Projection, ...] = ()
    aggregations: tuple[Aggregation, ...] = ()
    filters: tuple[Filter, ...] = ()
    group_by: tuple[str, ...] = ()
    having: bool = False
    order_by: tuple[OrderItem, ...] = ()
    limit: int | None = None
    offset: int | None = None
    nested_limit: bool = False  # a LIMIT / TOP inside a subquery or CTE (a nested top-k)
    distinct: bool = False
    tables: tuple[str, ...] = ()
    columns: frozenset[str] = frozenset()
    literals: tuple[Scalar, ...] = ()
    windows: tuple[str, ...] = ()
    ctes: tuple[str, ...] = ()
    subqueries: int = 0
    joins: int = 0
    set_operation: str | None = None  # UNION / INTERSECT / EXCEPT at the top
    # Column-to-column equalities in JOIN ON / WHERE: (table, column, table, column), tables
    # resolved from aliases ("" when unknown).
    join_keys: tuple[tuple[str, str, str, str], ...] = ()
    select_star: bool = False
    divides: bool = False  # a division anywhere (ratios, percentages, averages by hand)
    # Set by normalization rules: group-by keys that the SELECT list forces (rule 1).
    implied_group_by: tuple[str, ...] = ()
    # Set by normalization rules: ORDER BY / LIMIT kept by the SQL but judged harmless.
    tolerated: tuple[str, ...] = ()
    # Time predicates read as periods (their filters stay in ``filters`` too).
    periods: tuple[Period, ...] = ()


@dataclass(frozen=True, slots=True)
class OrderRequest:
    """An order the question asked for: ``direction`` asc/desc, ``by`` the words it sorts on."""

    direction: Literal["asc", "desc"] | None
    by: str | None = None


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
    projections: tuple[str, ...] = ()
    expressions: tuple[str, ...] = ()  # SQL expressions the enrichment defines ("rate = A / B")
    columns: frozenset[str] = frozenset()  # columns named in the enrichment
    numbers: tuple[float, ...] = ()
    words: frozenset[str] = frozenset()  # content words, lower-case, for grounding
    drift: tuple[str, ...] = ()  # constraints Q_e added or dropped relative to Q_u
    asks_list: bool = False  # "list", "show all", "which": a set of rows, not one value
    asks_yes_no: bool = False
    asks_ratio: bool = False  # "percentage", "ratio", "proportion", "rate", "how many times"
    terms: tuple[str, ...] = field(default=())  # R_app terms found in the question
    text: str = ""  # question and enrichment, case- and whitespace-folded, for grounding
    periods: tuple[Period, ...] = ()  # time constraints the question or enrichment states
