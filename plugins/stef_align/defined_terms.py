"""Defined terms: a term the ruleset defines by the data's code, kept by the term's own name.

A deployment's ruleset may name its academic terms, seasons or collections by their codes
(``term "fall 2026" = term_cd = '202710'``, ``term "this season" = season_id = 106``,
``term "ay 2025-26" = term_cd IN ('202610', '202620', '202630')``); a question that says the
phrase requires that condition. The definition is one way to keep the term, not the only one:
an answer that joins the terms table and keeps the term by its name (``t.term_nm = 'Fall
2026'``), an academic year by its spelling (``t.acad_yr = '2025-26'``), or the term by its
dates, keeps the same rows. Read only by the code, such an answer missed a critical
requirement (session 29: 17 of the 24 right answers below 75 of a college's tuned domain).

So a ruleset condition on one column (``=`` or ``IN``) is met, when the SQL does not filter
that column at all, by a term the same condition defines that the SQL keeps whole, as
:mod:`stef_align.academic_terms` reads it (its code, its name, its dates, or an academic year
it lies in; not the year or the season alone). The terms the condition defines come from the
ruleset and the question only: the phrases whose definition is this condition and which name
a term by a season and a year ("this season" and "fall 2026" both ``season_id = 106``), or the
question's term whose code its reformulation gives as this value ("Fall 2026 (season_id
106)"). Another term kept by its name (Spring 2026 for "this season"), or the year only
(``acad_yr = '2026-27'`` for "fall 2026"), leaves the condition missing as before.

>>> from stef_core.models import Ruleset
>>> from stef_core.spec import Filter, QuestionSpec, SqlSpec
>>> rules = Ruleset(predicates={"this season": "season_id = 106", "fall 2026": "season_id = 106"})
>>> r = Filter("season_id", "=", 106, "rules")
>>> q = QuestionSpec(text="players registered this season")
>>> [t.name for t in defining_terms(r, q, rules)]
['fall 2026']
>>> named = Filter("season_nm", "=", "fall 2026")
>>> entry, filters = kept_by_term(r, q, SqlSpec(filters=(named,)), rules, None)
>>> entry, filters == (named,)
("season_id = 106: fall 2026 (season_nm = 'fall 2026')", True)
>>> kept_by_term(r, q, SqlSpec(filters=(Filter("season_nm", "=", "spring 2026"),)), rules, None)
"""

from __future__ import annotations

from functools import lru_cache

from stef_align.academic_terms import Term, TermReading, question_terms, read_terms, terms_asked
from stef_core.models import Ruleset
from stef_core.spec import Filter, QuestionSpec, SqlSpec
from stef_core.sql import Resolver, parse_condition, read_condition

#: The most ruleset conditions looked at (bounded work on a large ruleset).
_MAX_PREDICATES = 512


def _one_column(condition: str) -> tuple[str, frozenset[str]] | None:
    """The column and values of a condition on one column by ``=`` or ``IN``, else None: read
    by the core's condition reader (:func:`stef_core.sql.read_condition`), as the requirement
    it defines was, so both spell the values alike."""
    cond = parse_condition(condition)
    if cond is None:
        return None
    try:
        found = read_condition(cond, Resolver(cond, nested=False), "rules")
    except Exception:  # a condition the reader cannot take defines no term here
        return None
    if len(found) != 1:
        return None
    f = found[0]
    if not f.column or f.op not in ("=", "in") or f.relation or f.excluded or f.alternative:
        return None
    return f.column.lower(), _values(f)


@lru_cache(maxsize=16)
def _defined(predicates: tuple[tuple[str, str], ...]
             ) -> tuple[tuple[str, frozenset[str], Term], ...]:
    # one ruleset per engine: read once per ruleset, not per record
    out: list[tuple[str, frozenset[str], Term]] = []
    for phrase, condition in predicates[:_MAX_PREDICATES]:
        kept = _one_column(condition)
        named = terms_asked(phrase)
        if kept is not None and len(named) == 1:
            out.append((kept[0], kept[1], named[0]))
    return tuple(out)


def _values(r: Filter) -> frozenset[str]:
    return frozenset(str(v).lower() for v in r.values)


def defining_terms(r: Filter, q: QuestionSpec, rules: Ruleset | None) -> list[Term]:
    """The terms (by a season and a year) that ruleset condition ``r`` stands for: those of
    the ruleset's phrases defined by that very condition, and the question's term whose code
    the words give as its value. Read from the ruleset and the question only."""
    if (rules is None or not rules.predicates or r.source != "rules" or not r.column
            or r.op not in ("=", "in") or r.excluded or r.relation):
        return []
    column, values = r.column.lower(), _values(r)
    found = [t for c, v, t in _defined(tuple(rules.predicates.items()))
             if c == column and v == values]
    if len(values) == 1:
        found += [t for t in question_terms(q) if values <= t.codes]
    names: dict[str, Term] = {}
    for t in found:
        names.setdefault(t.name, t)
    return list(names.values())


def defined_codes(q: QuestionSpec, rules: Ruleset | None) -> dict[str, frozenset[str]]:
    """The codes the ruleset gives the terms the question names, by the term's name: a phrase
    naming the term defined by one value on one column (``term "fa26" = term_cd = '202710'``).
    That value is the term, however the data numbers its terms (a code read alone may say the
    year only: Banner's '202710'). An academic year's list of codes is no one code."""
    if rules is None or not rules.predicates:
        return {}
    names = {t.name for t in question_terms(q)}
    if not names:
        return {}
    out: dict[str, frozenset[str]] = {}
    for _, values, term in _defined(tuple(rules.predicates.items())):
        if term.name in names and len(values) == 1:
            out[term.name] = out.get(term.name, frozenset()) | values
    return out


def kept_by_term(r: Filter, q: QuestionSpec, sql: SqlSpec, rules: Ruleset | None,
                 reading: TermReading | None) -> tuple[str, tuple[Filter, ...]] | None:
    """The matched entry and the SQL filters that keep the term ruleset condition ``r``
    defines, when the SQL keeps it whole another way (``reading``: the question's own terms,
    read by :func:`stef_align.academic_terms.read_terms`); None otherwise. A term the question
    names is taken as the question's reading has it; one it does not name (its period phrase
    only, "this season") is read against the SQL on its own."""
    asked = {t.name for t in question_terms(q)}
    for term in defining_terms(r, q, rules):
        if term.name in asked:
            if reading is not None and term.name in reading.kept:
                return f"{r.describe()}: {term.name}", ()
            continue
        own = read_terms(QuestionSpec(text=term.text), sql)
        if own is not None and term.name in own.kept:
            shown = f" ({own.consumed[0].describe()})" if own.consumed else ""
            return f"{r.describe()}: {term.name}{shown}", own.consumed
    return None
