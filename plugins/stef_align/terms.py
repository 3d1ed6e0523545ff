"""Terms: ``term.definition`` when the question uses a metric the deployment's ruleset defines
(``term "revenue" = SUM(price_usd)``) and the SQL computes it otherwise.

A ruleset's metric term is the deployment's own word for what a phrase computes. An answer
that departs from it in one of three ways computes another figure, whatever it calls it, and
that rests on the deployment's words, not on a guess about the schema (``major``):

* **another column of the same kind** where the term measures one: ``SUM(net_usd)`` for a
  revenue defined as ``SUM(price_usd)``, a prep time from ``placed_at`` where the term measures
  from ``accepted_at``, ``first_response_breached`` for ``sla_breached``. "The same kind" is the
  same last word of the name (``usd``, ``at``, ``ts``, ``min``): a column the term never reads
  measured in its place, while the term's own column is read nowhere;
* **a column compared with other values, never the term's**: a fail rate defined over
  ``event_type = 'start'`` computed with ``event_type IN ('complete', 'fail')``, a no-show
  rate over ``status <> 'CANCELLED'`` computed without any mention of ``'CANCELLED'``;
* **another threshold** on a whole number the term bounds (``rating > 4`` where the term
  counts ``rating >= 4``; ``> 3`` is the same bound, an IN list is left alone);
* **each row's ratio averaged** where the term is built of totals (``SUM`` and ``COUNT``
  only): ``AVG(good_qty / hours)`` for ``SUM(good_qty) / SUM(hours)``, ``AVG(margin /
  revenue)`` for a margin defined as a ``SUM``; or **the mean of a column the term only
  counts rows by** (``AVG(nps_score)`` for an NPS defined as ``COUNT_IF(nps_score >= 9) -
  COUNT_IF(nps_score <= 6)``), unless the question's own words put the phrase before that
  column ("average csat rating" asks for the mean rating).

What is not a finding:

* a metric computed from other columns of another kind (``AVG(DATEDIFF(day, arrival_dt,
  departure_dt))`` for ``AVG(nights)``, ``timestampdiff(...)`` for ``AVG(duration_min)``): an
  equivalent the ruleset does not spell;
* what a count counts (``COUNT(DISTINCT order_id)`` answered by ``COUNT(*)`` over orders) and
  unit names (``DATEDIFF(minute, a, b)``);
* a phrase inside a longer declared phrase the question uses ("ad revenue" is its own term);
* a phrase that, with the word after it, names a table the SQL reads ("how many csat
  responses ..." on ``csat_responses``): the words name the rows, not the metric.

>>> from stef_core.models import Ruleset
>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> rules = Ruleset(terms={"iap revenue": "SUM(price_usd)"})
>>> q = question_spec("iap revenue ytd", None, rules)
>>> [(r.code, r.severity) for r in check(q, extract_spec("SELECT SUM(net_usd) FROM iap"), rules)]
[('term.definition', 'major')]
>>> check(q, extract_spec("SELECT SUM(p.price_usd) FROM iap p"), rules)
[]
>>> sorted(term_atoms("AVG(DATEDIFF(minute, ready_at, pickup_at) / 60.0)").measured)
['pickup_at', 'ready_at']
>>> term_atoms("COUNTIF(event_type = 'fail') / COUNTIF(event_type = 'start')").values
(('event_type', 'fail'), ('event_type', 'start'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from stef_align.names import parts, word_matches
from stef_core.models import Reason, Ruleset
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec, asked_and_restated
from stef_core.values import fold_value, value_key
from stef_core.words import norm

#: Date parts and units that a dialect-free parse of a term reads as columns
#: (``DATEDIFF(minute, a, b)``, ``EXTRACT(EPOCH FROM ...)``).
_UNITS = frozenset({
    "year", "years", "quarter", "month", "months", "week", "weeks", "isoweek", "day", "days",
    "dayofweek", "dow", "doy", "hour", "hours", "minute", "minutes", "second", "seconds",
    "millisecond", "microsecond", "epoch", "yy", "yyyy", "qq", "mm", "dd", "wk", "hh", "mi",
    "ss",
})
#: At most this many terms, aggregates and filters are read (a term is a short expression).
MAX_TERMS = 16
MAX_AGGREGATES = 64
MAX_FILTERS = 128


@dataclass(frozen=True, slots=True)
class Atoms:
    """What a metric term's definition is made of (lower-cased): ``measured``, the columns
    its aggregates measure (``SUM(price_usd)``, the timestamps of ``AVG(DATEDIFF(minute,
    ready_at, pickup_at))``; what a count counts and unit names aside), and ``values``, the
    string values its conditions compare a column with, by column."""

    measured: frozenset[str] = frozenset()
    columns: frozenset[str] = frozenset()
    values: tuple[tuple[str, str], ...] = ()
    totals: bool = False  # built of SUM and COUNT only (no AVG): a ratio of totals, a total
    tested: frozenset[str] = frozenset()  # columns read only in its conditions
    #: its bounds on a whole number (``rating >= 4``): (column, ">=" or "<=", the bound)
    bounds: tuple[tuple[str, str, int], ...] = ()


@lru_cache(maxsize=1024)
def term_atoms(expression: str) -> Atoms:
    """The :class:`Atoms` of a metric term's SQL."""
    import sqlglot
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(expression)
    except Exception:  # the compiler checked it parses; a hand-made JSON may not
        return Atoms()
    measured: set[str] = set()
    columns: set[str] = set()
    # A term with no aggregate is a per-row measure (a prep time): every column measures.
    per_row = tree.find(exp.AggFunc) is None
    # A dialect-free parse reads DATEDIFF(minute, a, b) as DATEDIFF(minute, a) in unit b: b
    # is then a Var; the units themselves are left out by name.
    for col in tree.find_all(exp.Column, exp.Var):
        name = col.name.lower()
        if not name or name in _UNITS:
            continue
        columns.add(name)
        if col.find_ancestor(exp.Count) is not None:
            continue  # what a count counts: COUNT(*) over one row per key counts the same
        condition = col.find_ancestor(exp.Predicate)
        if condition is None and (per_row or col.find_ancestor(exp.AggFunc) is not None):
            measured.add(name)
    values: list[tuple[str, str]] = []
    for pred in tree.find_all(exp.EQ, exp.NEQ, exp.In):
        col = pred.this
        if not isinstance(col, exp.Column):
            continue
        lits = [pred.expression] if not isinstance(pred, exp.In) else pred.expressions
        values += [(col.name.lower(), str(value_key(fold_value(lit.this))))
                   for lit in lits if isinstance(lit, exp.Literal) and lit.is_string]
    bounds: list[tuple[str, str, int]] = []
    for pred in tree.find_all(exp.GT, exp.GTE, exp.LT, exp.LTE):
        bound = _bound(pred)
        if bound is not None:
            bounds.append(bound)
    aggregates = list(tree.find_all(exp.AggFunc))
    totals = bool(aggregates) and all(isinstance(a, (exp.Sum, exp.Count, exp.CountIf))
                                      for a in aggregates)
    tested = {c.name.lower() for pred in tree.find_all(exp.Predicate)
              for c in pred.find_all(exp.Column)} - measured
    return Atoms(frozenset(measured), frozenset(columns), tuple(dict.fromkeys(values)), totals,
                 frozenset(tested), tuple(dict.fromkeys(bounds)))


def _bound(pred: object) -> tuple[str, str, int] | None:
    """``column > 3`` as (column, ">=", 4): a bound on a whole number, written one way
    (``> n`` is ``>= n + 1``, ``< n`` is ``<= n - 1``); None for anything else."""
    from sqlglot import exp

    if not isinstance(pred, (exp.GT, exp.GTE, exp.LT, exp.LTE)):
        return None
    col, lit = pred.this, pred.expression
    flipped = False
    if isinstance(col, exp.Literal) and isinstance(lit, exp.Column):
        col, lit, flipped = lit, col, True
    if not (isinstance(col, exp.Column) and isinstance(lit, exp.Literal)) or lit.is_string:
        return None
    try:
        n = int(str(lit.this))
    except ValueError:
        return None
    up = isinstance(pred, (exp.GT, exp.GTE)) != flipped
    strict = isinstance(pred, (exp.GT, exp.LT))
    if up:
        return col.name.lower(), ">=", n + 1 if strict else n
    return col.name.lower(), "<=", n - 1 if strict else n


def _asked(q: QuestionSpec, rules: Ruleset) -> list[str]:
    """The metric terms the question uses, a phrase inside a longer one it uses aside ("ad
    revenue" is its own term, not "revenue")."""
    said = [t for t in q.terms[:MAX_TERMS] if t in rules.terms]
    return [t for t in said
            if not any(t != o and f" {t} " in f" {o} " for o in said)]


def _names_rows(phrase: str, text: str, tables: tuple[str, ...]) -> bool:
    """Does the phrase, alone or with the word after it, name a table the SQL reads ("csat
    responses" / ``csat_responses``)?"""
    names = {norm(t).removesuffix("s") for t in tables}
    if norm(phrase).removesuffix("s") in names:
        return True
    pattern = r"\b" + re.escape(phrase.lower()) + r"\s+(\w+)"
    return any(norm(phrase + m.group(1)).removesuffix("s") in names
               for m in re.finditer(pattern, text.lower()))


def _kind(column: str) -> str:
    """The last word of a column's name, which says what it holds (``usd``, ``at``, ``min``)."""
    ps = parts(column)
    return ps[-1] if len(ps) > 1 else ""


def _substitute(column: str, atoms: Atoms, measured: set[str]) -> str | None:
    """A column the SQL's aggregates measure in place of ``column``: of the same kind (the
    same last word: ``net_usd`` for ``price_usd``, ``placed_at`` for ``accepted_at``) and no
    column of the term."""
    kind = _kind(column)
    if not kind:
        return None
    for other in sorted(measured):
        if other not in atoms.columns and _kind(other) == kind:
            return other
    return None


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


_SQL_BOUND = {">=": (">=", 0), ">": (">=", 1), "<=": ("<=", 0), "<": ("<=", -1)}


def _other_bounds(atoms: Atoms, sql: SqlSpec) -> list[str]:
    """The term bounds a whole number one way (``COUNTIF(rating >= 4)``) and the SQL bounds
    that column in the same direction only elsewhere (``rating > 4``): another threshold,
    so another count. An IN list or an equality on the column is left alone (``rating IN (4,
    5)`` may be the same set)."""
    out: list[str] = []
    preds = [*sql.filters[:MAX_FILTERS], *sql.conditions[:MAX_FILTERS]]
    for column, direction, n in atoms.bounds[:8]:
        same = [p for p in preds if p.column and norm(p.column) == norm(column)]
        if not same or any(p.op not in _SQL_BOUND for p in same):
            continue
        sql_bounds = set()
        for p in same:
            if isinstance(p.value, bool) or not isinstance(p.value, int):
                break
            op, shift = _SQL_BOUND[p.op]
            sql_bounds.add((op, p.value + shift))
        else:
            ours = [b for b in sql_bounds if b[0] == direction]
            if ours and (direction, n) not in sql_bounds:
                shown = ">=" if direction == ">=" else "<="
                out.append(f"bounds {column} at {shown} {ours[0][1]} where the term counts "
                           f"{column} {shown} {n}")
    return out


def _row_ratios(atoms: Atoms, sql: SqlSpec) -> list[str]:
    """The SQL averages each row's ratio of what the term totals (``AVG(good_qty / hours)``
    for ``SUM(good_qty) / SUM(hours)``): small rows weigh as much as large ones."""
    for kind, text, _ in sql.averaged_ratios[:16]:
        if kind == "row ratio" and {m.group(0).lower() for m in _IDENTIFIER.finditer(text)
                                    } & atoms.measured:
            return [f"averages each row's ratio ({text}) where the term divides totals"]
    return []


def _averaged_tests(phrase: str, text: str, atoms: Atoms, sql: SqlSpec) -> list[str]:
    """The term counts rows by a condition on a column (``COUNT_IF(nps_score >= 9)``,
    ``COUNTIF(rating >= 4)``) and the SQL averages that column itself (``AVG(nps_score)``):
    a mean score, not the share the term counts. Not when the phrase only qualifies that
    column ("average csat rating" / ``AVG(rating)``: the mean is asked)."""
    conditioned = {norm(f.column) for f in sql.conditions[:MAX_FILTERS] if f.column}
    # the person's words only: ``QuestionSpec.text`` is "question . reformulation", and a
    # reformulation that restates the metric as a mean ("average NPS score") is the mistake
    asked = asked_and_restated(text.lower())[0]
    after = {m.group(1) for m in re.finditer(r"\b" + re.escape(phrase.lower()) + r"\s+(\w+)",
                                             asked)}
    for a in sql.aggregations[:MAX_AGGREGATES]:
        column = a.arg.strip().lower()
        if (a.func == "AVG" and column in atoms.tested and "," not in column
                and norm(column) not in conditioned
                and not any(word_matches(w, column) for w in after)):
            return [f"averages {column} where the term counts rows by a condition on it"]
    return []


def check(q: QuestionSpec, sql: SqlSpec, rules: Ruleset | None = None) -> list[Reason]:
    if rules is None or not rules.terms or not q.terms:
        return []
    out: list[Reason] = []
    read = {norm(c) for c in sql.columns}
    measured = {c.strip().lower() for a in sql.aggregations[:MAX_AGGREGATES]
                for c in a.arg.split(",") if c.strip() and c.strip() != "*"}
    compared = {norm(f.column) for f in (*sql.filters, *sql.conditions)[:MAX_FILTERS]
                if f.column}
    values = {value_key(v) for v in sql.literals if isinstance(v, str)}
    for phrase in _asked(q, rules):
        if _names_rows(phrase, q.text, sql.tables):
            continue  # "csat responses" names the rows the SQL reads, not the metric
        expression = rules.terms[phrase]
        atoms = term_atoms(expression)
        found: list[str] = []
        for column in sorted(atoms.measured):
            other = _substitute(column, atoms, measured) if norm(column) not in read else None
            if other is not None:
                found.append(f"measures {other} where the term measures {column}")
        found += _other_bounds(atoms, sql)
        for column, value in atoms.values:
            if norm(column) in compared and value not in values:
                found.append(f"compares {column} with other values, never {value!r}")
        if atoms.totals:
            found += _row_ratios(atoms, sql) + _averaged_tests(phrase, q.text, atoms, sql)
        if found:
            out.append(reason(
                "term.definition",
                f"the ruleset defines {phrase!r} as {expression}; the SQL "
                + "; ".join(found[:2]) + ", so it computes another figure",
            ))
    return out
