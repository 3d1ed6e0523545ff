"""The one walk over a parsed query that every concept reader of :mod:`stef_sql.read` reads.

:class:`Tree` visits the tree once, breadth first over ``node.args`` (the order sqlglot's own
``walk`` gives, which the readers' outputs keep), and files every node a reader asks for by
kind: columns (with their lower-cased names), literals, tables, SELECTs, joins, WHERE / HAVING
/ QUALIFY clauses, CTEs, subqueries, windows, limits, equalities, CASE branches, aggregates,
aliases, divisions, inequalities, ORs, not-equals, set operations and table aliases, plus
whether anything divides or looks like time. A node's kind is looked up once per node type,
not tested class by class. Readers take what they look for from these lists rather than
walking the tree again: the lists are in the order ``root.find_all`` gives, and the nodes of
one clause are those of a list that lie inside it (:func:`inside`), in the order
``clause.find_all`` gives (a subtree's breadth-first order is the whole tree's, restricted to
it).

Columns are resolved (:class:`~stef_core.sql.Resolver`) through CTEs and derived tables; scope
analysis runs only where there is one to look through. A query whose nested SELECTs all read
base tables (``x IN (SELECT ...)``, ``= (SELECT MAX(...))``, UNION branches) needs none: a
column there is itself, and its table is the FROM / JOIN source of its own SELECT.

SQL texts (a projection, a grouping expression) are rendered last, in one fixed order, by
:class:`Texts`: rendering may normalize a node in place, so no reader reads after it.

>>> from stef_core.sql import parse_statement
>>> tree = Tree(parse_statement("SELECT a, SUM(b) FROM t WHERE c = 1 GROUP BY a"))
>>> [c.name for c in tree.columns], [type(n).__name__ for n in tree.aggs], tree.nested
(['a', 'b', 'a', 'c'], ['Sum'], False)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from stef_core.periods import name_kind
from stef_core.spec import Source
from stef_core.sql import Resolver, literal_value, looks_like_time
from stef_core.sql.conditions import STRING_TYPES, name_of, subtree

__all__ = ["AGG_NAMES", "TEXT_KINDS", "Build", "Reader", "Texts", "Tree", "agg_name",
           "alias_of", "alias_or_name", "inside", "int_of", "name_of", "qualifier", "render",
           "subtree", "table_name", "within"]

#: What a concept reader returns: given the rendered texts, its fields of the spec.
Build = Callable[[dict[str, list[str]]], dict[str, Any]]
#: A concept reader: reads its part of the spec from the walked tree.
Reader = Callable[["Tree"], Build]

#: The aggregates every dialect spells alike, by sqlglot node type.
AGG_NAMES: dict[type[exp.Expr], str] = {
    exp.Count: "COUNT",
    exp.Sum: "SUM",
    exp.Avg: "AVG",
    exp.Min: "MIN",
    exp.Max: "MAX",
}

#: Node types that make a tree worth reading for periods (stef_core.sql.time).
TIME_NODES: tuple[type[exp.Expr], ...] = (
    exp.TimeToStr, exp.ToChar, exp.Year, exp.Month, exp.Day, exp.Quarter, exp.Hour,
    exp.Extract, exp.DateTrunc, exp.TimestampTrunc, exp.DatetimeTrunc, exp.CurrentDate,
    exp.CurrentTimestamp, exp.CurrentDatetime, exp.Date, exp.TsOrDsToDate, exp.DateAdd,
    exp.DateSub, exp.DateDiff, exp.Anonymous, exp.Time, exp.Substring, exp.Left,
    exp.WeekOfYear, exp.YearOfWeekIso, exp.LastDay, exp.TimestampSub, exp.TimestampAdd,
    exp.DatetimeSub, exp.DatetimeAdd, exp.Convert, exp.StrToDate, exp.StrToTime,
)

# Node kinds: the lists a node is filed in (their order is Tree's list order), then the flags.
(_COLUMN, _LITERAL, _TABLE, _SELECT, _JOIN, _WHERE, _HAVING, _CTE, _SUBQUERY, _WINDOW,
 _LIMIT, _EQ, _IF, _QUALIFY, _AGG, _ALIAS, _DIV, _INEQUALITY, _OR, _NEQ, _SET_OPERATION,
 _TABLE_ALIAS, _LISTS) = range(23)
_DIVIDE, _TIME, _OTHER = _LISTS, _LISTS + 1, _LISTS + 2
#: No node (None, a string, a flag), and a list of arguments (walked item by item).
_NO_NODE, _ARGS = -1, -2
#: Added to the kind of a node sqlglot calls primitive (``is_primitive``: an identifier, a
#: literal, a var; its arguments are strings and flags): filed, but not walked.
_PRIMITIVE = 32
_FIXED: dict[type, int] = {
    exp.Column: _COLUMN, exp.Literal: _LITERAL, exp.Table: _TABLE, exp.Select: _SELECT,
    exp.Join: _JOIN, exp.Where: _WHERE, exp.Having: _HAVING, exp.CTE: _CTE,
    exp.Subquery: _SUBQUERY, exp.Window: _WINDOW, exp.Limit: _LIMIT, exp.Fetch: _LIMIT,
    exp.EQ: _EQ, exp.If: _IF, exp.Qualify: _QUALIFY, **dict.fromkeys(STRING_TYPES, _LITERAL),
}
#: Kinds filed by class and subclass (as ``find_all`` finds them), checked in this order.
_BY_CLASS: tuple[tuple[tuple[type, ...], int], ...] = (
    ((exp.Alias,), _ALIAS),  # PivotAlias too
    ((exp.Div,), _DIV),
    ((exp.GT, exp.GTE, exp.LT, exp.LTE), _INEQUALITY),
    # what the structure reader looks for among every node (filed here, not scanned for)
    ((exp.Or,), _OR),
    ((exp.NEQ,), _NEQ),
    ((exp.SetOperation,), _SET_OPERATION),
    ((exp.TableAlias,), _TABLE_ALIAS),
)
_KIND: dict[type, int] = {}


#: Divisions in every spelling: ``a / b``, BigQuery's ``SAFE_DIVIDE(a, b)``, ``a DIV b``.
_DIVISIONS: tuple[type, ...] = tuple(
    c for c in (exp.Div, getattr(exp, "SafeDivide", None), getattr(exp, "IntDiv", None))
    if isinstance(c, type))


def _kind(t: type) -> int:
    """The kind of a node type (that a type is no node, or a list of arguments), looked up
    once per type."""
    if t is list:
        _KIND[t] = _ARGS
        return _ARGS
    kind = _FIXED.get(t)
    if kind is None:
        if not issubclass(t, exp.Expr):
            kind = _NO_NODE
        elif any(issubclass(t, bases) for bases, _ in _BY_CLASS):
            kind = next(k for bases, k in _BY_CLASS if issubclass(t, bases))
        elif issubclass(t, exp.AggFunc):
            kind = _AGG
        elif issubclass(t, _DIVISIONS):
            kind = _DIVIDE
        elif issubclass(t, TIME_NODES):
            kind = _TIME
        else:
            kind = _OTHER
    if kind >= 0 and getattr(t, "is_primitive", False):
        kind += _PRIMITIVE
    _KIND[t] = kind
    return kind


class Tree:
    """A parsed query read once: its nodes by kind, its main SELECT and its column resolver."""

    __slots__ = (
        "_aliases",
        "_anti_joins",
        "_row_conditions",
        "_scope_sources",
        "_timeish",
        "aggs",
        "alias_nodes",
        "aliases",
        "columns",
        "ctes",
        "derived",
        "dialect",
        "divides",
        "divisions",
        "eqs",
        "havings",
        "ifs",
        "inequalities",
        "joins",
        "limits",
        "literals",
        "names",
        "neqs",
        "nested",
        "nodes",
        "ors",
        "qualifies",
        "resolver",
        "root",
        "select",
        "selects",
        "set_operation",
        "set_operations",
        "subqueries",
        "table_aliases",
        "tables",
        "texts",
        "time_nodes",
        "wheres",
        "windows",
    )

    def __init__(self, root: exp.Expr, dialect: str | None = None) -> None:
        self.root = root
        # the dialect the SQL was read in ("" when unknown): what some functions return
        # depends on it (T-SQL's AVG of integers is an integer)
        self.dialect = (dialect or "").lower()
        lists: list[list[Any]] = [[] for _ in range(_LISTS)]
        flags = [False, False, False]  # divides, time, (other)
        kind_of = _KIND.get
        kind = kind_of(type(root))
        if kind is None:
            kind = _kind(type(root))
        kind %= _PRIMITIVE
        if kind < _LISTS:
            lists[kind].append(root)
        elif kind <= _OTHER:
            flags[kind - _LISTS] = True
        # Breadth first, as sqlglot's walk: a node is filed when it is queued, which is the
        # order it is visited in; one lookup per argument tells a node's kind, that the
        # argument is a list of them, or that it is no node (None, a string, a flag). Nodes
        # sqlglot calls primitive (identifiers, literals: their arguments are strings and
        # flags) are filed and not walked.
        queue: list[exp.Expr] = [root]
        append = queue.append
        i = 0
        # The filing of a node is written out twice below (an argument that is a list, one
        # that is a node) rather than called: this loop runs once per node of every query,
        # and a call per node is the cost the one-pass walk removes.
        while i < len(queue):
            node = queue[i]
            i += 1
            for value in node.args.values():
                kind = kind_of(type(value))
                if kind is None:
                    kind = _kind(type(value))
                if kind < 0:
                    if kind == _NO_NODE:
                        continue
                    for item in value:  # a list of arguments
                        kind = kind_of(type(item))
                        if kind is None:
                            kind = _kind(type(item))
                        if kind < 0:
                            continue  # no node (a list in a list is not walked either)
                        if kind < _LISTS:
                            lists[kind].append(item)
                            append(item)
                        elif kind < _PRIMITIVE:
                            flags[kind - _LISTS] = True
                            append(item)
                        else:
                            kind -= _PRIMITIVE
                            if kind < _LISTS:
                                lists[kind].append(item)
                            else:
                                flags[kind - _LISTS] = True
                elif kind < _LISTS:
                    lists[kind].append(value)
                    append(value)
                elif kind < _PRIMITIVE:
                    flags[kind - _LISTS] = True
                    append(value)
                else:
                    kind -= _PRIMITIVE
                    if kind < _LISTS:
                        lists[kind].append(value)
                    else:
                        flags[kind - _LISTS] = True
        divides, time_nodes = flags[0], flags[1]
        self.nodes = queue
        (self.columns, self.literals, self.tables, self.selects, self.joins, self.wheres,
         self.havings, self.ctes, self.subqueries, self.windows, self.limits, self.eqs, self.ifs,
         self.qualifies, self.aggs, self.alias_nodes, self.divisions, self.inequalities,
         self.ors, self.neqs, self.set_operations, self.table_aliases) = lists
        self.divides = divides or bool(self.divisions)
        self.time_nodes = time_nodes
        # ``column.name`` without the property chain for the usual plain identifier, written
        # out rather than called (one call less per column of every query)
        self.names = [str(ident.args.get("this") or "")
                      if type(ident := c.args.get("this")) is exp.Identifier else c.name
                      for c in self.columns]
        self.select = _main_select(root)
        self.set_operation = (type(root).__name__.upper()
                              if isinstance(root, exp.SetOperation) else None)
        self.nested = bool(self.ctes or self.subqueries or len(self.selects) > 1
                           or self.set_operation)
        self.derived = self.nested and self._reads_derived()
        # Scope analysis only where a column may stand for another expression (a CTE, a
        # derived table); nested SELECTs over base tables keep their columns as they are.
        # (Its flat alias map is built here only when a join key asks: see table_of.)
        self.resolver = Resolver(root, nested=self.derived, tables=[], joins=self.joins)
        self._aliases: dict[str, str] | None = None
        self._anti_joins: list[AntiJoin] | None = None
        # (stef_sql.read.filters.row_conditions, read once for its three readers)
        self._row_conditions: tuple[tuple[exp.Expr, Source, bool], ...] | None = None
        self._timeish: bool | None = None  # (timeish, asked by four readers)
        # (table_of's sources of each SELECT of a nested query, by the SELECT's id: read once
        # per SELECT, not once per column; the tree does not change while it is read)
        self._scope_sources: dict[int, dict[str, exp.Expr]] = {}
        self.aliases: dict[str, exp.Expr] = {}
        if self.select is not None:
            for item in self.select.expressions:
                if isinstance(item, exp.Alias) and item.alias:
                    self.aliases[item.alias.lower()] = item.this
        self.texts = Texts()

    def _reads_derived(self) -> bool:
        """Does any SELECT read from something else than a base table (a CTE, a derived
        table, a table function, a lateral view)?"""
        if self.ctes:
            return True
        for select in self.selects:
            if select.args.get("laterals") or select.args.get("with_"):
                return True
            source = select.args.get("from_")
            if source is not None and type(source.this) is not exp.Table:
                return True
        for join in self.joins:
            if type(join.this) is not exp.Table:
                return True
        return any(t.args.get("joins") or t.args.get("pivots") for t in self.tables)

    def release(self) -> None:
        """Unlink every node from its parent, once nothing will read the tree again.

        A parse tree is cyclic (a node points at its parent, the parent's arguments at the
        node), so it waits for the cyclic garbage collector, and the collections it sets off
        re-read every object alive; unlinked, it is freed as soon as its last reference goes.
        On spider_dev that halves the collections of a run (594 -> 258 young, 4 -> 2 full).
        """
        for node in self.nodes:
            node.args.clear()  # a primitive node (not walked) goes with its parent's arguments

    # -- reading ----------------------------------------------------------------------------

    def columns_of(self, node: exp.Expr) -> tuple[str, ...]:
        """Every column ``node`` reads, resolved through CTEs and derived tables, in order
        (as :func:`stef_core.sql.columns_of`, without a walk for a bare column)."""
        if type(node) is exp.Column:
            resolved = self.resolver.resolve(node) if self.derived else node
            if type(resolved) is exp.Column:
                return (name_of(resolved).lower(),)
        out: list[str] = []
        for col in subtree(node):
            if not isinstance(col, exp.Column):
                continue
            resolved = self.resolver.resolve(col) if self.derived else col
            if isinstance(resolved, exp.Column):
                out.append(name_of(resolved).lower())
            else:
                out.extend(name_of(c).lower() for c in subtree(resolved)
                           if isinstance(c, exp.Column))
        return tuple(dict.fromkeys(out))

    def table_of(self, column: exp.Column) -> str:
        """The base table a column reads from, through its qualifier ("" when unknown)."""
        resolver = self.resolver
        if self.nested and not self.derived:
            # The sources scope analysis would give: the FROM / JOIN tables of the column's
            # own SELECT (a correlated column's table is not among them).
            owner = _scope_node(column)
            sources = self._scope_sources.get(id(owner))
            if sources is None:
                sources = self._scope_sources[id(owner)] = _sources(owner)
            if table := qualifier(column):
                found: exp.Expr | None = sources.get(table)
            elif len(sources) == 1:
                found = next(iter(sources.values()))
            else:
                return ""
            return table_name(found).lower() if isinstance(found, exp.Table) else ""
        if not resolver.scope_of:
            if self._aliases is None:  # every alias of the query (a flat one has one scope)
                self._aliases = {alias_or_name(t).lower(): table_name(t).lower()
                                 for t in self.tables}
            if table := qualifier(column):
                return self._aliases.get(table.lower(), "")
            tables = set(self._aliases.values())
            return tables.pop() if len(tables) == 1 else ""
        scope = resolver.scope_for(column)
        if scope is None:
            return ""
        if table := qualifier(column):
            source = scope.sources.get(table)
        elif len(scope.sources) == 1:
            source = next(iter(scope.sources.values()))
        else:
            return ""
        return table_name(source).lower() if isinstance(source, exp.Table) else ""

    def timeish(self) -> bool:
        """Could a predicate here be about time? (a time function, a literal spelled like a
        date, a column whose name says date, time, year or month)"""
        if self._timeish is None:  # (read once: four readers ask)
            self._timeish = self.time_nodes or any(
                name_kind(n) for n in self.names if n) or any(
                lit.is_string and looks_like_time(str(lit.this)) for lit in self.literals)
        return self._timeish


def inside(node: exp.Expr, ancestor: exp.Expr) -> bool:
    """Is ``node`` ``ancestor`` or below it?"""
    parent: exp.Expr | None = node
    while parent is not None:
        if parent is ancestor:
            return True
        parent = parent.parent
    return False


def within(nodes: list[Any], clause: exp.Expr) -> list[Any]:
    """The nodes of a :class:`Tree` list that lie inside ``clause`` (``clause`` itself
    included), in order: what ``clause.find_all`` of their kind yields."""
    return [n for n in nodes if inside(n, clause)]




# sqlglot's ``name``, ``table`` and ``alias_or_name`` are property chains (``text()``, two
# isinstance tests, the ``this`` property) asked of every column and table by several readers:
# the usual plain identifier is read directly below, anything else through the property.


def qualifier(column: exp.Column) -> str:
    """``column.table``."""
    ident = column.args.get("table")
    if ident is None:
        return ""
    if type(ident) is exp.Identifier:
        text = ident.args.get("this")
        if type(text) is str:
            return text
    return column.table


#: ``table.name``: a table's name is read as any node's (:func:`name_of`).
table_name = name_of


def alias_of(node: exp.Expr) -> str:
    """``node.alias`` (a table's ``AS x``): a table alias's name, read as any node's."""
    alias = node.args.get("alias")
    if type(alias) is exp.TableAlias:
        return name_of(alias)
    return node.alias


def alias_or_name(node: exp.Expr) -> str:
    """``node.alias_or_name``."""
    if type(node) is exp.Table:
        alias = node.args.get("alias")
        if alias is None:
            return table_name(node)
        if type(alias) is exp.TableAlias:
            ident = alias.args.get("this")
            if type(ident) is exp.Identifier:
                text = ident.args.get("this")
                if type(text) is str:
                    return text or table_name(node)
    return node.alias_or_name


def _scope_node(node: exp.Expr) -> exp.Expr | None:
    """The SELECT (or set operation) whose scope ``node`` is in."""
    parent = node.parent
    while parent is not None and not isinstance(parent, (exp.Select, exp.SetOperation)):
        parent = parent.parent
    return parent


def _sources(scope: exp.Expr | None) -> dict[str, exp.Expr]:
    """The FROM and JOIN sources of a SELECT by alias (or name), as scope analysis keys them."""
    out: dict[str, exp.Expr] = {}
    if isinstance(scope, exp.Select):
        source = scope.args.get("from_")
        items = [source.this] if source is not None else []
        items.extend(j.this for j in scope.args.get("joins") or ())
        for item in items:
            out[alias_or_name(item)] = item
    return out


def _main_select(query: exp.Expr) -> exp.Select | None:
    node: Any = query
    while isinstance(node, (exp.SetOperation, exp.Subquery)):
        node = node.left if isinstance(node, exp.SetOperation) else node.this
    return node if isinstance(node, exp.Select) else None


# -- small readers every concept uses ---------------------------------------------------------


def agg_name(node: Any) -> str | None:
    """The aggregate a node computes, upper-case (``COUNT``, ``COUNTIF`` ...), else None."""
    name = AGG_NAMES.get(type(node))
    if name:
        return name
    if isinstance(node, exp.AnonymousAggFunc):  # ClickHouse uniqExact(x), avgIf(x, c) ...
        return str(node.this).replace("_", "").upper() or None
    if isinstance(node, exp.AggFunc):
        return node.key.upper()
    return None


def first_aggregate(node: exp.Expr) -> str | None:
    """The first aggregate ``node`` computes outside any window, breadth first."""
    if type(node) in (exp.Column, exp.Literal):
        return None  # nothing to aggregate inside
    for sub in subtree(node):
        if isinstance(sub, exp.Window):
            continue
        name = agg_name(sub)
        if name and sub.find_ancestor(exp.Window) is None:
            return name
    return None


def under_window(node: exp.Expr) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, exp.Window):
            return True
        parent = parent.parent
    return False


def owner_select(node: exp.Expr) -> exp.Expr | None:
    parent = node.parent
    while parent is not None and not isinstance(parent, exp.Select):
        parent = parent.parent
    return parent


#: Window functions that number rows by an order (a ranking kept by ``rn <= 3`` is a top-k).
RANKERS = tuple(t for t in (getattr(exp, n, None) for n in ("RowNumber", "Rank", "DenseRank"))
                if isinstance(t, type))


def rank_aliases(tree: Tree) -> frozenset[str]:
    """Names given to ranking windows (``RANK() OVER (ORDER BY ...) AS rk``), lower-cased."""
    return frozenset(w.parent.alias.lower() for w in tree.windows[:64]
                     if isinstance(w.this, RANKERS) and isinstance(w.parent, exp.Alias))


def unwrapped(node: exp.Expr | None, kinds: tuple[type, ...], depth: int = 6) -> exp.Expr | None:
    """``node`` without the wrappers of ``kinds`` around it (casts, parentheses, date
    conversions: ``CAST(d AS DATE)``, ``(d)``), at most ``depth`` of them."""
    for _ in range(depth):
        if node is None or not isinstance(node, kinds):
            break
        node = node.this
    return node


def int_of(node: exp.Expr | None) -> int | None:
    if node is None:
        return None
    ok, value = literal_value(node)
    if ok and isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value)
    return None


def positional(select: exp.Select | None, key: exp.Expr) -> exp.Expr | None:
    """The SELECT item ``GROUP BY 2`` / ``ORDER BY 2`` points at (unaliased), if any."""
    if select is None or not isinstance(key, exp.Literal) or key.is_string:
        return None
    pos = int_of(key)
    if pos and 0 < pos <= len(select.expressions):
        item: exp.Expr = select.expressions[pos - 1]
        return item.this if isinstance(item, exp.Alias) else item
    return None


# -- texts --------------------------------------------------------------------------------------

#: The order texts are rendered in (rendering may normalize a node a later text contains).
TEXT_KINDS = ("projection", "aggregate", "group", "nested_group", "order", "window")


class Texts:
    """The SQL texts a spec keeps, asked for by the readers and rendered after every read."""

    __slots__ = ("nodes",)

    def __init__(self) -> None:
        self.nodes: dict[str, list[exp.Expr]] = {kind: [] for kind in TEXT_KINDS}

    def add(self, kind: str, node: exp.Expr) -> None:
        self.nodes[kind].append(node)

    def render(self) -> dict[str, list[str]]:
        return {kind: render(nodes) for kind, nodes in self.nodes.items()}


_TEXT_GENERATOR: Any = None


def render(nodes: list[exp.Expr]) -> list[str]:
    """SQL text of ``nodes`` with one shared generator and no copies. Rendering may normalize
    a node in place (sqlglot wraps divisors in NULLIF), so it runs after every read."""
    global _TEXT_GENERATOR
    if _TEXT_GENERATOR is None:
        from sqlglot.dialects.dialect import Dialect

        # Oracle / Snowflake TO_CHAR(d, 'YYYY-MM') kept with its format: the default
        # dialect writes it CAST(d AS TEXT), and the format is the grain the aligner
        # reads ("per month"). The default generator is given its own dispatch table, not
        # subclassed: with compiled sqlglot (sqlglotc, the `fast` extra) the Generator is a
        # mypyc class, and making an instance of a Python subclass of it raises TypeError
        # ("interpreted classes cannot inherit from compiled"), which left every record
        # unscored. Writing through the table sqlglot dispatches on (`_dispatch`, built
        # from TRANSFORMS) gives the same texts as the subclass did.
        generator: Any = Dialect.get_or_raise(None).generator()
        if isinstance(getattr(generator, "_dispatch", None), dict):
            generator._dispatch = {**generator._dispatch, exp.ToChar: _to_char_text}
        else:  # a sqlglot without the table: the subclass (pure sqlglot only)
            base: Any = type(generator)
            generator = type("TextGenerator", (base,), {
                "TRANSFORMS": {**base.TRANSFORMS, exp.ToChar: _to_char_text}})()
        _TEXT_GENERATOR = generator
    out = []
    for node in nodes:
        text = _plain_text(node)
        out.append(text if text is not None else _TEXT_GENERATOR.generate(node, copy=False))
    return out


def _to_char_text(generator: Any, node: exp.ToChar) -> str:
    """``TO_CHAR(d, 'YYYY-MM')`` as written (its format kept)."""
    text: str = generator.func("TO_CHAR", node.this, node.args.get("format"))
    return text


def sql_text(node: exp.Expr) -> str:
    """``node.sql()``, without the generator (and its copy of the node) for a plain column or
    a plain aggregate: the key of what a condition compares, read for every comparison of a
    WHERE or HAVING."""
    text = _plain_text(node)
    return text if text is not None else node.sql()


def text_of(node: exp.Expr) -> str:
    """``node.sql()``, comments included, without the generator (and its copy of the node)
    for a plain column or a plain aggregate (:func:`_plain_text`): the texts the readers keep
    or compare (``COUNT(*)``, ``T1.status``)."""
    if type(node) is exp.Column and (node.comments or any(
            part is not None and part.comments
            for part in (node.args.get("this"), node.args.get("table")))):
        return node.sql()  # the generator writes a column's comments
    text = _plain_text(node)
    return text if text is not None else node.sql()


#: An identifier the generator writes as it is (no quotes needed).
_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
#: A quoted identifier the generator writes between double quotes with nothing escaped.
_QUOTED_NAME = re.compile(r'[^"\\\n\r]+\Z')


def _name_text(name: Any) -> str | None:
    """What the generator writes for an identifier: ``name`` (plain), ``"Name x"`` (quoted,
    in any dialect's quotes); None when it would escape or quote something else."""
    if type(name) is not exp.Identifier:
        return None
    text = name.this
    if name.args.get("quoted"):
        return f'"{text}"' if _QUOTED_NAME.match(text) else None
    return text if _PLAIN_NAME.match(text) else None


#: Aggregates the generator writes as ``NAME(argument)`` (sqlglot's function fallback).
_PLAIN_AGGREGATES: dict[type, str] = {
    exp.Count: "COUNT", exp.Sum: "SUM", exp.Avg: "AVG", exp.Max: "MAX", exp.Min: "MIN",
}


def _plain_text(node: exp.Expr) -> str | None:
    """What the generator writes for a plain column (:func:`_plain_column`) or a plain
    aggregate: ``COUNT(*)``, ``COUNT(DISTINCT T1.id)``, ``AVG(price)`` (most of the texts a
    spec keeps that are no bare column); None for anything else, comments included (the
    generator writes them)."""
    name = _PLAIN_AGGREGATES.get(type(node))
    if name is None:
        return _plain_column(node)
    if node.comments:
        return None
    arg: Any = None
    for key, value in node.args.items():
        if key == "this":
            arg = value
        elif not (value is None or value == [] or (key == "big_int" and type(value) is bool)):
            return None  # MAX(x, y), COUNT(a, b), ... (a flag is written as no argument)
    kind = type(arg)
    if kind is exp.Star:
        return None if arg.comments or any(arg.args.values()) else f"{name}(*)"
    prefix = ""
    if kind is exp.Distinct:
        items = arg.args.get("expressions")
        if arg.comments or arg.args.get("on") or not items or len(items) != 1:
            return None
        prefix, arg = "DISTINCT ", items[0]
    if type(arg) is not exp.Column or arg.comments or any(
            arg.args.get(k) for k in ("join_mark", "shadow")):
        return None
    for part in (arg.args.get("this"), arg.args.get("table")):
        if part is not None and part.comments:
            return None
    text = _plain_column(arg)
    return None if text is None else f"{name}({prefix}{text})"


def _plain_column(node: exp.Expr) -> str | None:
    """``name`` or ``table.name`` for a column of plain or simply quoted identifiers (BIRD's
    `` T1.`Lang` ``): what the generator writes for it, without the generator's cost (most
    texts a spec keeps, and most columns a WHERE compares, are such columns). None for
    anything else."""
    if type(node) is not exp.Column:
        return None
    args = node.args
    if args.get("db") or args.get("catalog"):
        return None
    name = _name_text(args.get("this"))
    if name is None:
        return None
    table = args.get("table")
    if table is None:
        return name
    qualifier = _name_text(table)
    return None if qualifier is None else f"{qualifier}.{name}"


@dataclass(frozen=True)
class AntiJoin:
    """A LEFT JOIN whose unmatched rows its SELECT's WHERE keeps (``t.k IS NULL`` on a column
    of the join's ON: "customers with no orders"), or whose groups with no match its HAVING
    keeps (``GROUP BY c.name HAVING COUNT(t.k) = 0``): ``join``, the joined table's
    ``alias``, its ``keys`` (the ON's columns of that table), the IS NULL tests or zero counts
    (``nulls``) and the other top-level AND terms of the WHERE (``terms``)."""

    join: exp.Join
    alias: str
    keys: frozenset[str]
    nulls: tuple[exp.Expr, ...]
    terms: tuple[exp.Expr, ...]


def abbreviated_key(table: str, column: str) -> bool:
    """Is ``column`` ``table``'s own key written with its name shortened, as schemas do
    (``txn_id`` of ``transactions``, ``acct_id`` of ``accounts``, ``cust_id`` of
    ``pos_customers``)? The stem before ``_id`` starts with the first letter of the table's
    last word and its letters come in that word's order, an ``x`` standing for the
    ``trans`` / ``ex`` it conventionally abbreviates; a stem of one letter, or one that is
    a whole other word, is no abbreviation (``assignee_id`` of ``tickets``).

    >>> abbreviated_key("transactions", "txn_id"), abbreviated_key("accounts", "acct_id")
    (True, True)
    >>> abbreviated_key("pos_customers", "cust_id"), abbreviated_key("tickets", "tkt_id")
    (True, True)
    >>> abbreviated_key("tickets", "assignee_id"), abbreviated_key("tickets", "t_id")
    (False, False)
    >>> abbreviated_key("transactions", "terminal_id"), abbreviated_key("orders", "owner_id")
    (False, False)
    """
    if not column.endswith("_id"):
        return False
    stem = column[:-3].replace("x", "")
    word = table.rsplit("_", 1)[-1].rstrip("s")
    if len(stem) < 2 or len(column) - 3 >= len(word) or not stem.isalpha() or not word:
        return False
    if stem[0] != word[0]:
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in stem[1:])


def anti_joins(tree: Tree) -> list[AntiJoin]:
    """The LEFT JOINs of ``tree`` read as anti-joins (see :class:`AntiJoin`); only top-level
    AND terms of the WHERE count (an OR or a COALESCE may keep the NULLs for other reasons).
    Read once per tree (the filters, time and structure readers all ask)."""
    if tree._anti_joins is None:
        tree._anti_joins = _anti_joins(tree)
    return tree._anti_joins


def _anti_joins(tree: Tree) -> list[AntiJoin]:
    out: list[AntiJoin] = []
    for join in tree.joins[:32]:
        select = join.parent
        if join.side != "LEFT" or not isinstance(select, exp.Select) or join.this is None:
            continue
        where, on = select.args.get("where"), join.args.get("on")
        having = select.args.get("having")
        alias = join.this.alias_or_name.lower()
        if (where is None and having is None) or on is None or not alias:
            continue
        # a column no matched row holds NULL in: one the ON compares, or the table's own key
        # (``id``, ``order_id`` of ``orders``)
        table = join.this.name.lower() if isinstance(join.this, exp.Table) else alias
        # ... or its key abbreviated by the initials of its name (``wo_id`` of ``work_orders``)
        # ... or named by the last word of its name (``booking_id`` of ``kiln_bookings``)
        initials = "".join(p[0] for p in table.split("_") if p)
        last = table.rsplit("_", 1)[-1].rstrip("s") if "_" in table else ""
        keys = frozenset({c.name.lower() for c in on.find_all(exp.Column)
                          if c.table.lower() == alias}
                         | {"id", f"{table.rstrip('s')}_id", f"{table.rstrip('s')}id"}
                         | ({f"{initials}_id"} if len(initials) > 1 else set())
                         | ({f"{last}_id"} if len(last) > 2 else set()))
        terms = _and_terms(where.this) if where is not None else ()
        nulls: tuple[exp.Expr, ...] = tuple(t for t in terms[:64] if isinstance(t, exp.Is)
                      and isinstance(t.expression, exp.Null)
                      and _matched_only(t.this, alias, table, keys))
        if not nulls and isinstance(join.this, exp.Subquery):
            nulls = _zero_counts(join.this, alias, terms[:64])
        if not nulls and having is None and select.args.get("group"):
            # ``(SELECT e.event_id, COUNT(p.pmt_id) AS n ... LEFT JOIN payments p ... GROUP BY
            # e.event_id) x WHERE n = 0``: the same zero count, compared by the query around
            nulls = _outer_zero_counts(select, alias, table, keys)
        if not nulls and having is not None and select.args.get("group"):
            # ``GROUP BY r.room_nm HAVING COUNT(u.upkeep_id) = 0``: the groups no row of the
            # joined table matched, as ``u.upkeep_id IS NULL`` keeps them row by row
            nulls = tuple(t for t in _and_terms(having.this)[:16] if isinstance(t, exp.EQ)
                          and isinstance(t.this, exp.Count)
                          and _matched_only(t.this.this, alias, table, keys)
                          and isinstance(t.expression, exp.Literal)
                          and not t.expression.is_string and t.expression.this == "0")
        if not nulls and having is not None and select.args.get("group"):
            # ``HAVING MAX(a.done_ts) IS NULL OR MAX(a.done_ts) < <a year ago>``: the groups no
            # row of the joined table matched (or only long ago), "not tuned in 12 months"
            nulls = tuple(t for t in _either_terms(having.this)[:16] if isinstance(t, exp.Is)
                          and isinstance(t.expression, exp.Null)
                          and isinstance(t.this, (exp.Max, exp.Min))
                          and isinstance(t.this.this, exp.Column)
                          and t.this.this.table.lower() == alias)
        if nulls:
            out.append(AntiJoin(join, alias, keys, nulls,
                                tuple(t for t in terms[:64] if t not in nulls)))
    return out


def _matched_only(c: exp.Expr, alias: str, table: str, keys: frozenset[str]) -> bool:
    """Is ``c`` a column of the joined table (``alias``) that every matched row holds: one of
    its ``keys``, or its own key abbreviated?"""
    return (isinstance(c, exp.Column) and c.table.lower() == alias
            and (c.name.lower() in keys or abbreviated_key(table, c.name.lower())))


def _either_terms(condition: exp.Expr) -> tuple[exp.Expr, ...]:
    """The top-level AND terms of a condition, an OR among them opened into its sides."""
    out: list[exp.Expr] = []
    for term in _and_terms(condition):
        term = term.unnest()
        if isinstance(term, exp.Or):
            out.extend(t.unnest() for t in term.flatten())
        else:
            out.append(term)
    return tuple(out)


def _and_terms(condition: exp.Expr) -> tuple[exp.Expr, ...]:
    """The top-level AND terms of a WHERE or HAVING condition."""
    return tuple(condition.flatten()) if isinstance(condition, exp.And) else (condition,)


def _outer_zero_counts(select: exp.Select, alias: str, table: str,
                       keys: frozenset[str]) -> tuple[exp.Expr, ...]:
    """The terms of the query around a derived table (in its FROM) that keep the groups with
    a zero count of the joined table's matched rows: ``WHERE n = 0`` over ``(SELECT ...,
    COUNT(p.pmt_id) AS n FROM events e LEFT JOIN payments p ... GROUP BY ...) x``.

    >>> from sqlglot import parse_one
    >>> q = parse_one("SELECT COUNT(*) FROM (SELECT e.id, COUNT(p.id) AS n FROM events e "
    ...               "LEFT JOIN payments p ON p.event_id = e.id GROUP BY e.id) x WHERE n = 0")
    >>> inner = q.find(exp.Subquery).this
    >>> [t.sql() for t in _outer_zero_counts(inner, "p", "payments", frozenset({"id"}))]
    ['n = 0']
    """
    counts = {e.alias.lower() for e in select.expressions[:64]
              if isinstance(e, exp.Alias) and isinstance(e.this, exp.Count)
              and _matched_only(e.this.this, alias, table, keys)}
    holder = select.parent
    if not counts or not isinstance(holder, exp.Subquery) or not isinstance(
            holder.parent, exp.From):
        return ()
    outer = holder.parent.parent
    where = outer.args.get("where") if isinstance(outer, exp.Select) else None
    if where is None:
        return ()
    out: list[exp.Expr] = []
    for t in _and_terms(where.this)[:64]:
        if not isinstance(t, exp.EQ):
            continue
        column, zero = (t.this, t.expression) if isinstance(t.this, exp.Column) else (
            t.expression, t.this)
        if (isinstance(column, exp.Column) and column.name.lower() in counts
                and isinstance(zero, exp.Literal) and not zero.is_string and zero.this == "0"):
            out.append(t)
    return tuple(out)


def _zero_counts(derived: exp.Subquery, alias: str,
                 terms: tuple[exp.Expr, ...]) -> tuple[exp.Expr, ...]:
    """The WHERE terms that keep the rows a derived table of counts has none for: ``LEFT JOIN
    (SELECT shelter_id, COUNT(*) AS n FROM intakes WHERE ... GROUP BY shelter_id) e ... WHERE
    COALESCE(e.n, 0) = 0`` (or ``e.n IS NULL``), ``n`` a COUNT of its SELECT: no matched row,
    as ``e.shelter_id IS NULL`` says (a plain ``e.n = 0`` is never true of an unmatched row
    outside ClickHouse's default: not read)."""
    select = derived.this
    if not isinstance(select, exp.Select) or not select.args.get("group"):
        return ()
    counts = {e.alias.lower() for e in select.expressions
              if isinstance(e, exp.Alias) and isinstance(e.this, exp.Count)}
    if not counts:
        return ()

    def counted(node: exp.Expr | None) -> bool:
        return (isinstance(node, exp.Column) and node.table.lower() == alias
                and node.name.lower() in counts)

    out: list[exp.Expr] = []
    for t in terms:
        if isinstance(t, exp.Is) and isinstance(t.expression, exp.Null) and counted(t.this):
            out.append(t)
        elif isinstance(t, exp.EQ) and isinstance(t.this, exp.Coalesce):
            zero = t.expression
            fallback = t.this.expressions
            if (counted(t.this.this) and len(fallback) == 1
                    and all(isinstance(z, exp.Literal) and not z.is_string and z.this == "0"
                            for z in (zero, fallback[0]))):
                out.append(t)
    return tuple(out)
