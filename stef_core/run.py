"""What a run's own queries show: the filters a deployment adds to (nearly) every query.

A production agent scopes its queries to the deployment (``tenant_id = 42``, ``region =
'emea'``) and leaves out what the business never counts (``is_contractor = false``,
``decommissioned_at IS NULL``), under names no word list can foresee. One query cannot tell
such a guard from a condition the question forgot to state; the run can: a guard sits in most
of the run's queries whatever their question, a condition only in the queries that ask for it.

:func:`learn` reads the SQL of the first records of a run (the engine hands it their specs)
and keeps the filters present in at least :data:`SHARE` of them, with at least
:data:`MIN_SUPPORT` queries behind each: a profile the aligner reads an extra filter against
(:meth:`RunProfile.holds`). Labelled public files, where every question is its own, hold no
such filter (their most frequent one is in 4 % of the queries); a deployment's tenant key and
its soft-delete flag are in 70-99 % of them. Business definitions that recur ("revenue" as
``status IN ('paid', 'shipped')``, in 15-50 % of a run's queries: :data:`COMMON`) are kept
apart (``common``, :meth:`RunProfile.defines`): the aligner does not count them as extras,
but whether a question needed one stays open.

A filter nearly every query reading one table applies (:data:`TABLE_SHARE`, the share that
makes a run's guard, and :data:`MIN_SUPPORT` queries) is that table's definition though the
run's other tables make it rare overall (``is_void = false`` on a table of charges): it
defines in a query that reads the table (``table_common``). ``status IN ('confirmed',
'in_house', 'checked_out')`` and ``status NOT IN ('cancelled', 'no_show')`` are one choice
spelled two ways when, between them, they name every value the
run's queries ever compare that column with on that table (:func:`complements`): they are
counted together, as one definition.

The profile is computed from the first :data:`PREFIX` records in input order, so a resumed run
(which reads the same prefix again) sees the same profile.

>>> from stef_core.spec import Filter, SqlSpec
>>> specs = [SqlSpec(filters=(Filter("region", "=", "emea"), Filter("is_contractor", "=", False)))
...          for _ in range(9)] + [SqlSpec(filters=(Filter("grade", ">", 3),))] * 3
>>> profile = learn(specs)
>>> profile.holds(Filter("is_contractor", "!=", True)), profile.holds(Filter("grade", ">", 3))
(True, False)
>>> learn(specs[:4]).frequent
frozenset()
>>> RunProfile.from_json(profile.to_json()) == profile
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from stef_core.peers import question_key
from stef_core.spec import Filter, SqlSpec
from stef_core.values import value_key
from stef_core.words import norm

#: A filter present in at least this share of the run's parsed queries is the run's own.
SHARE = 0.5
#: ... and in at least this many of them (a run of a few records shows no pattern).
MIN_SUPPORT = 8
#: A filter in at least this share of the run's queries is the deployment's rule: a query
#: without it is reported (``filter.guard_missing``).
DOMINANT = 0.9
#: A filter in at least this share of the run's queries (and :data:`MIN_SUPPORT` of them), asked
#: by questions that never name it, is one of the deployment's business definitions.
COMMON = 0.15
#: A table read by at least this many queries without a dominant filter, and by fewer than
#: :data:`DOMINANT` of its queries with it, holds no such column: its queries need not apply it.
UNGUARDED = 2
#: A filter the run's queries apply to at least this many different questions (and
#: :data:`MIN_SUPPORT` queries, and :data:`CONVENTION_SHARE` of the questions) is a
#: convention of the deployment's agents, one of its definitions: an agent that narrows one
#: question on its own does not do it again for others. Two questions are enough in a run of
#: a deployment's size (thirty questions, each answered by its three agent versions): a
#: condition two different questions get from at least two agents, five times between them,
#: is how the deployment reads a word of its business ('rejected' claims, trucks still out of
#: service), and a longer run asks for more through :data:`CONVENTION_SHARE`.
CONVENTION_QUESTIONS = 2
#: ... at least this share of the run's different questions (a labelled public file asks a
#: thousand questions: a condition three of them share is theirs, not the run's).
CONVENTION_SHARE = 0.05
#: ... and at least this many queries: fewer than :data:`MIN_SUPPORT`, as a deployment's
#: agents answer each question once or twice (three agent versions asking thirty questions
#: make a run of ninety records), and three questions answered alike, five times between
#: them, already show a habit. In a run of several agents, at least two of them must share it
#: (:data:`CONVENTION_AGENTS`): one agent version's narrowing repeated is its bug, not the
#: deployment's definition.
CONVENTION_SUPPORT = 5
#: How many of a run's agents (when it has more than one) must apply a convention.
CONVENTION_AGENTS = 2
#: How many records of a run (the first ones, in input order) the profile is learnt from.
PREFIX = 512
#: A filter at least this share of the queries reading one table apply (and :data:`MIN_SUPPORT`
#: of them) is that table's definition, though the run's other tables make it rare overall
#: (``is_void = false`` on a table of charges): the share that makes a run's guard.
TABLE_SHARE = DOMINANT
#: The keys a guard of one table's queries may have (:func:`_table_guards`): a flag held on
#: one side, a value required missing (a soft delete); not a business value (``status =
#: 'delivered'`` on most queries of deliveries is a definition, which a question may change).
TABLE_GUARD_KEYS = (" is no", " is yes", " is null")
#: Most keys of one column searched for complements (:func:`complements`).
MAX_CHOICES = 32
#: A table the run's queries place at least this many different columns in (by qualifier or
#: as the one table of a SELECT) is one whose columns the run shows: a column never placed
#: there while placed in other tables is, as far as the run shows, not one of its columns
#: (:meth:`RunProfile.elsewhere`).
KNOWN_COLUMNS = 3
#: Most columns and tables the profile keeps for :attr:`RunProfile.homes`.
MAX_HOMES = 2048
#: The operators a guard is written with: one value kept or kept away, or a missing one.
#: Date ranges are left out (one many questions share is a period, compared as one); a
#: comparison with a number is kept (:func:`_threshold`).
GUARD_OPS = frozenset({"=", "!=", "in", "not in", "is null", "is not null", "not like"})
_NO = frozenset({"0", "n", "no", "false", "f"})
_YES = frozenset({"1", "y", "yes", "true", "t"})


@dataclass(frozen=True, slots=True)
class RunGuard:
    """A filter nearly every query of the run applies (:data:`DOMINANT`): ``example`` as the
    queries write it, in how many of them, and the tables those queries read."""

    key: str
    example: str
    queries: int
    #: The tables of the queries that apply it, less those that several queries read without
    #: it (:data:`UNGUARDED`; a tenant key: every table; ``account_type = 'learner'``: the
    #: tables of learners' activity, not a table of instructors).
    tables: frozenset[str]
    #: For a guard of one table's queries only (:func:`_table_guards`): how many queries read
    #: its table (0 for a guard of the whole run).
    reading: int = 0


@dataclass(frozen=True, slots=True)
class RunProfile:
    """The filters most of a run's queries share (:func:`filter_key` keys), the ones nearly
    all of them apply (``dominant``), and how many queries it was learnt from."""

    records: int = 0
    frequent: frozenset[str] = frozenset()
    dominant: tuple[RunGuard, ...] = ()
    common: frozenset[str] = frozenset()
    #: Definitions of one table (:data:`TABLE_SHARE`): the key and the tables it defines on.
    table_common: tuple[tuple[str, frozenset[str]], ...] = ()
    #: Conventions (:data:`CONVENTION_QUESTIONS`): filters applied across different questions.
    conventions: frozenset[str] = frozenset()
    #: The answers of the records the profile was learnt from, for the other answers to a
    #: record's question (:meth:`peers`, :mod:`stef_core.peers`): question key, record id and
    #: the answer's parts (:func:`stef_core.peers.answer_parts`; empty for a question fewer
    #: than :data:`~stef_core.peers.MIN_PEERS` of them ask, whose parts no record compares).
    answers: tuple[tuple[str, str, frozenset[str]], ...] = ()
    #: Where the run's queries read each column (:attr:`stef_core.spec.SqlSpec.column_tables`):
    #: the column and the tables it was placed in, and the tables whose columns the run shows
    #: (:data:`KNOWN_COLUMNS`).
    homes: tuple[tuple[str, frozenset[str]], ...] = ()
    known_tables: frozenset[str] = frozenset()
    #: Guards of one table placed on it (:func:`_placed_guards`): a flag or a soft delete
    #: nearly every query reading the table applies to that table's own column.
    placed: tuple[RunGuard, ...] = ()
    #: Columns some query of the run reads through COALESCE (:attr:`stef_core.spec.SqlSpec.
    #: defaulted_columns`): its writer expects NULLs there.
    defaulted: frozenset[str] = frozenset()
    _by_question: dict[str, list[tuple[str, frozenset[str]]]] = field(
        default_factory=dict, init=False, compare=False, hash=False, repr=False)
    _homes: dict[str, frozenset[str]] = field(
        default_factory=dict, init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        index: dict[str, list[tuple[str, frozenset[str]]]] = {}
        for key, rid, parts in self.answers:
            index.setdefault(key, []).append((rid, parts))
        object.__setattr__(self, "_by_question", index)
        object.__setattr__(self, "_homes", dict(self.homes))

    def elsewhere(self, column: str, spec: SqlSpec) -> frozenset[str] | None:
        """The tables the run's queries read ``column`` in, when ``spec`` reads none of them
        and every table it reads is one whose columns the run shows (:data:`KNOWN_COLUMNS`),
        never with this one: as far as the run shows, ``spec`` reads no table that holds the
        column. None when the run does not show that (or ``spec`` reads the column).

        >>> from stef_core.spec import SqlSpec
        >>> run = RunProfile(homes=(("prodcd", frozenset({"tkt_sales"})),),
        ...                  known_tables=frozenset({"tktsales", "snowdaily"}))
        >>> run.elsewhere("prod_cd", SqlSpec(tables=("skidw.snow_daily",)))
        frozenset({'tkt_sales'})
        >>> run.elsewhere("prod_cd", SqlSpec(tables=("tkt_sales",))) is None
        True
        >>> run.elsewhere("prod_cd", SqlSpec(tables=("lifts",))) is None  # lifts: unknown
        True
        """
        name = norm(column.rsplit(".", 1)[-1])
        homes = self._homes.get(name)
        if not homes or not spec.tables or name in {norm(c) for c in spec.columns}:
            return None
        read = {table_key(t) for t in spec.tables}
        if read & {table_key(t) for t in homes} or not read <= self.known_tables:
            return None
        return homes

    def peers(self, question: str, record_id: str) -> list[frozenset[str]]:
        """The parts of the other answers to ``question`` (a :func:`stef_core.peers.
        question_key`) the run's first records hold: every one but the record's own."""
        return [parts for rid, parts in self._by_question.get(question, ()) if rid != record_id]

    def to_json(self) -> str:
        """The profile as JSON (what a Spark driver sends its workers)."""
        return json.dumps({
            "records": self.records, "frequent": sorted(self.frequent),
            "common": sorted(self.common),
            "table_common": [[k, sorted(t)] for k, t in self.table_common],
            "conventions": sorted(self.conventions),
            "dominant": [[g.key, g.example, g.queries, sorted(g.tables), g.reading]
                         for g in self.dominant],
            "answers": [[k, rid, sorted(parts)] for k, rid, parts in self.answers],
            "homes": [[c, sorted(t)] for c, t in self.homes],
            "known_tables": sorted(self.known_tables),
            "placed": [[g.key, g.example, g.queries, sorted(g.tables), g.reading]
                       for g in self.placed],
            "defaulted": sorted(self.defaulted),
        }, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> RunProfile:
        data = json.loads(text)
        return cls(int(data["records"]), frozenset(data["frequent"]), tuple(
            RunGuard(g[0], g[1], int(g[2]), frozenset(g[3]), int(g[4]) if len(g) > 4 else 0)
            for g in data["dominant"]),
            frozenset(data.get("common", ())),
            tuple((k, frozenset(t)) for k, t in data.get("table_common", ())),
            frozenset(data.get("conventions", ())),
            tuple((k, rid, frozenset(p)) for k, rid, p in data.get("answers", ())),
            tuple((c, frozenset(t)) for c, t in data.get("homes", ())),
            frozenset(data.get("known_tables", ())),
            tuple(RunGuard(g[0], g[1], int(g[2]), frozenset(g[3]), int(g[4]))
                  for g in data.get("placed", ())),
            frozenset(data.get("defaulted", ())))

    def lacking(self, spec: SqlSpec) -> list[RunGuard]:
        """The dominant filters ``spec`` does not apply although it reads a table nearly every
        query reading it applies them with (:attr:`RunGuard.tables`: a query that reads only
        other tables may have no such column, a lookup table, a calendar, a table of staff)."""
        if not self.dominant:
            return []
        held = {k for f in spec.filters if (k := filter_key(f)) is not None}
        tables = {table_key(t) for t in spec.tables}
        return [g for g in self.dominant if g.key not in held and tables & g.tables]

    def holds(self, f: Filter) -> bool:
        """Is ``f`` one of the run's own filters (meaning, not spelling: ``NOT is_test``,
        ``is_test = 0`` and ``is_test != true`` are one filter)?"""
        if not self.frequent:
            return False
        key = filter_key(f)
        return key is not None and key in self.frequent

    def agreed(self, f: Filter) -> bool:
        """Is ``f`` a convention of the run's agents, a filter they apply across different
        questions (:data:`CONVENTION_QUESTIONS`)? Weaker than :meth:`defines`: read only for
        a filter nothing else explains."""
        if not self.conventions:
            return False
        key = filter_key(f)
        return key is not None and key in self.conventions

    def defines(self, f: Filter, spec: SqlSpec | None = None) -> bool:
        """Is ``f`` one of the filters many of the run's queries share (:data:`COMMON`), or,
        in a query ``spec`` reading one of its tables, one nearly every query of that table
        applies (:data:`TABLE_SHARE`)?"""
        if not self.common and not self.table_common:
            return False
        key = filter_key(f)
        if key is None:
            return False
        if key in self.common:
            return True
        if spec is None or not self.table_common:
            return False
        tables = {table_key(t) for t in spec.tables}
        return any(k == key and tables & on for k, on in self.table_common)


#: The profile of a record scored on its own: no filter is the run's.
NO_RUN = RunProfile()


def filter_key(f: Filter) -> str | None:
    """A key under which filters of the same meaning coincide, or None for one no run can
    share (a date range, a comparison with another column or a subquery, an OR branch); a
    comparison with a number is kept (:func:`_threshold`)."""
    if (f.column is None or f.relation or f.alternative
            or (f.op not in GUARD_OPS and not _threshold(f))
            or f.source not in ("where", "join", "having")):
        return None
    column = norm(f.column.rsplit(".", 1)[-1])
    op: str = f.op
    if op in ("is null", "is not null"):
        return f"{column} {op}"
    values = f.values
    if not values or any(isinstance(v, (tuple, list)) for v in values):
        return None
    keys = sorted({value_key(v) for v in values})
    if op in ("=", "!=") and len(keys) == 1 and keys[0] in _NO | _YES:
        yes = (keys[0] in _YES) == (op == "=")
        return f"{column} is {'yes' if yes else 'no'}"  # a flag, whichever way it is written
    if op == "in" and len(keys) == 1:
        op = "="
    return f"{column} {op} {'|'.join(keys)}"


def _choice(f: Filter) -> tuple[str, bool, frozenset[str]] | None:
    """A filter that keeps (``=``, ``IN``) or leaves out (``!=``, ``NOT IN``) values of a
    column, as (column, keeps, value keys); None for flags, nulls and thresholds."""
    if f.op not in ("=", "in", "!=", "not in") or f.column is None:
        return None
    values = f.values
    if not values or any(isinstance(v, (tuple, list, bool)) or v is None for v in values):
        return None
    keys = frozenset(value_key(v) for v in values)
    if keys & (_NO | _YES):
        return None  # a flag: one key already, whichever way it is written
    return norm(f.column.rsplit(".", 1)[-1]), f.op in ("=", "in"), keys


def complements(choices: dict[str, tuple[str, bool, frozenset[str]]],
                homes: dict[str, frozenset[str]]) -> list[tuple[str, str]]:
    """Pairs of keys (one keeping values A, one leaving out values B, of one column) that keep
    the same rows: A and B share no value and, between them, name every value the run's
    queries compare that column with on the tables both are read with (``homes``: the tables
    every query applying a key reads). ``status IN ('paid', 'shipped')`` and ``status NOT IN
    ('cancelled')`` are one choice only if no query ever names a fourth status there.

    >>> c = {"a": ("status", True, frozenset({"paid", "shipped"})),
    ...      "b": ("status", False, frozenset({"cancelled"})),
    ...      "c": ("status", True, frozenset({"cancelled"}))}
    >>> complements(c, {"a": frozenset({"orders"}), "b": frozenset({"orders"}),
    ...                 "c": frozenset({"orders"})})
    [('a', 'b')]
    >>> complements({**c, "d": ("status", True, frozenset({"pending"}))},
    ...             dict.fromkeys("abcd", frozenset({"orders"})))
    []
    """
    by_column: dict[str, list[str]] = {}
    for k, (col, _, _) in sorted(choices.items()):
        by_column.setdefault(col, []).append(k)
    out: list[tuple[str, str]] = []
    for keys in by_column.values():
        if len(keys) > MAX_CHOICES:
            continue  # a column compared with that many values holds names, not states
        for a in keys:
            _, keeps, kept = choices[a]
            if not keeps:
                continue
            for b in keys:
                _, keeps_b, left = choices[b]
                if keeps_b or kept & left:
                    continue
                home = homes.get(a, frozenset()) & homes.get(b, frozenset())
                if not home:
                    continue
                seen = set().union(*(choices[k][2] for k in keys
                                     if homes.get(k, frozenset()) & home))
                if seen == kept | left:
                    out.append((a, b))
    return out


def _table_guards(counts: Counter[str], examples: dict[str, str], reading: Counter[str],
                  guarded: dict[str, Counter[str]], min_support: int,
                  taken: set[str]) -> tuple[RunGuard, ...]:
    """Guards of one table's queries: a flag held on one side or a missing value
    (:data:`TABLE_GUARD_KEYS`: ``is_trial = false``, ``void_flg = 0``, ``deleted_at IS
    NULL``) that nearly every query reading a table applies (:data:`TABLE_SHARE`, and
    :data:`MIN_SUPPORT` of them), though the run's other tables, which have no such column,
    make it rare overall: a query of that table without it counts the rows the deployment
    leaves out. One :class:`RunGuard` per table, so that its message counts that table's
    queries."""
    out = []
    for k in sorted(counts):
        if k in taken or not k.endswith(TABLE_GUARD_KEYS):
            continue
        for t, m in sorted(guarded[k].items()):
            if m >= min_support and m >= TABLE_SHARE * reading[t]:
                out.append(RunGuard(k, examples[k], m, frozenset({t}), reading[t]))
    return tuple(out)


def _threshold(f: Filter) -> bool:
    """A column compared with a number (``watch_minutes >= 2``, ``amount > 0``): a business
    definition when many of a run's queries share it ("a view is a session of two minutes or
    more"). Dates and times are periods, compared as such, never keys here."""
    return (f.op in (">", ">=", "<", "<=") and isinstance(f.value, (int, float))
            and not isinstance(f.value, bool))


def table_key(name: str) -> str:
    """A table's name without its schema, quoting or case (``dbo.Shipments`` -> ``shipments``)."""
    return norm(name.rsplit(".", 1)[-1])


def learn(specs: Iterable[SqlSpec], share: float = SHARE,
          min_support: int = MIN_SUPPORT,
          questions: Iterable[str] | None = None,
          agents: Iterable[str | None] | None = None) -> RunProfile:
    """The profile of the queries ``specs`` (each counted once per filter key); with the
    ``questions`` they answer (in the same order), also the filters applied across different
    questions (``conventions``), by at least :data:`CONVENTION_AGENTS` of the ``agents`` that
    wrote them (in the same order) when those are more than one."""
    counts: Counter[str] = Counter()
    examples: dict[str, str] = {}
    reading: Counter[str] = Counter()  # queries per table
    guarded: dict[str, Counter[str]] = {}  # per filter key, queries per table that apply it
    # per filter key of a table guard's kind, queries per table that apply it to that table's
    # own column (``s.deleted_at IS NULL`` placed in ``subscriptions``)
    placed_on: dict[str, Counter[str]] = {}
    homes: dict[str, frozenset[str]] = {}  # per filter key, the tables all its queries read
    choices: dict[str, tuple[str, bool, frozenset[str]]] = {}
    asked: dict[str, set[str]] = {}  # per filter key, the questions it was applied to
    all_asked: set[str] = set()
    texts = iter(questions) if questions is not None else None
    writers = iter(agents) if agents is not None else None
    applied_by: dict[str, set[str]] = {}  # per filter key, the agents that applied it
    all_agents: set[str] = set()
    placed: dict[str, set[str]] = {}  # per column, the tables the queries read it in
    columns_of: dict[str, set[str]] = {}  # per table, the columns placed in it
    defaulted: set[str] = set()
    n = 0
    for spec in specs:
        n += 1
        if len(defaulted) < MAX_HOMES:
            defaulted.update(spec.defaulted_columns)
        for column, table in spec.column_tables:
            c, t = norm(column), table_key(table)
            if len(placed) < MAX_HOMES or c in placed:  # (as written, for the reasons)
                placed.setdefault(c, set()).add(table.rsplit(".", 1)[-1].lower())
            if len(columns_of) < MAX_HOMES or t in columns_of:
                columns_of.setdefault(t, set()).add(c)
        keys: dict[str, Filter] = {}
        for f in spec.filters:
            k = filter_key(f)
            if k is not None:
                keys.setdefault(k, f)
        counts.update(keys.keys())
        if texts is not None:
            q = question_key(next(texts, ""))
            all_asked.add(q)
            for k in keys:
                asked.setdefault(k, set()).add(q)
        if writers is not None:
            agent = next(writers, None) or ""
            all_agents.add(agent)
            for k in keys:
                applied_by.setdefault(k, set()).add(agent)
        read = frozenset(table_key(t) for t in spec.tables)
        reading.update(read)
        for k in keys:
            if k.endswith(TABLE_GUARD_KEYS):
                column = k.split(" ", 1)[0]
                put = {table_key(t) for c, t in spec.column_tables if norm(c) == column}
                placed_on.setdefault(k, Counter()).update(put & read)
        for k, f in keys.items():
            if k not in examples:  # (described once: the first filter of a key is its example)
                examples[k] = f.describe()
            guarded.setdefault(k, Counter()).update(read)
            homes[k] = homes[k] & read if k in homes else read
            if k not in choices and (choice := _choice(f)) is not None:
                choices[k] = choice
    need = max(min_support, share * n)
    dominant = tuple(
        RunGuard(k, examples[k], c, frozenset(
            t for t, m in guarded[k].items()
            if reading[t] - m < UNGUARDED or m >= DOMINANT * reading[t]))
        for k, c in sorted(counts.items()) if c >= max(min_support, DOMINANT * n))
    dominant += _table_guards(counts, examples, reading, guarded, min_support,
                              {g.key for g in dominant})
    on_table = tuple(
        RunGuard(k, examples[k], m, frozenset({t}), reading[t])
        for k in sorted(placed_on) for t, m in sorted(placed_on[k].items())
        if m >= min_support and m >= TABLE_SHARE * reading[t])
    frequent = frozenset(k for k, c in counts.items() if c >= need)
    shared = Counter(counts)
    for a, b in complements(choices, homes):  # one choice, spelled two ways
        shared[a] += counts[b]
        shared[b] += counts[a]
    common = frozenset(k for k, c in shared.items()
                       if c >= max(min_support, COMMON * n) and k not in frequent)
    table_common = tuple(
        (k, on) for k, c in sorted(counts.items())
        if c >= min_support and k not in frequent and k not in common
        and (on := frozenset(t for t, m in guarded[k].items()
                             if m >= min_support and m >= TABLE_SHARE * reading[t])))
    conventions = frozenset(
        k for k, qs in asked.items()
        if len(qs) >= max(CONVENTION_QUESTIONS, CONVENTION_SHARE * len(all_asked))
        and counts[k] >= min(min_support, CONVENTION_SUPPORT)
        and (len(all_agents) < 2 or len(applied_by.get(k, ())) >= CONVENTION_AGENTS)
        and k not in frequent and k not in common)
    return RunProfile(n, frequent, dominant, common, table_common, conventions,
                      homes=tuple((c, frozenset(t)) for c, t in sorted(placed.items())),
                      known_tables=frozenset(t for t, cs in columns_of.items()
                                             if len(cs) >= KNOWN_COLUMNS),
                      placed=on_table, defaulted=frozenset(defaulted))
