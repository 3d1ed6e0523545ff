"""The offline judge's evidence as a feature vector: a pure function of one :class:`JudgeRequest`.

A calibration model (:mod:`stef_core.calibration`, shipped as
``stef_judges/calibration/offline-v1.json``) maps these features to gamma, the probability
that the SQL answers the question. Three families, told apart by the prefix of their names:

``finding:<code>@<severity>`` and ``findings@<severity>`` (weights held <= 0)
    Every finding of the aligner and the question reader, one feature per reason code and
    severity family (how many times it fired, at most 3), plus the count of all findings of
    each severity (at most 5). A reason code that did not exist when the model was fitted
    takes the weight the model assumes of its severity (:data:`PRIORS`), so new findings lower
    gamma without a code change; refitting (``benchmarks/calibrate.py``, ``stef calibrate``)
    gives them their own weight.

``risk:*`` (weights held <= 0)
    Evidence that is not a finding but can only make a wrong answer more likely: string
    literals the question never mentions (*grounding*), tables and output columns the question
    names none of (*reach*), more output columns than the question asks for (*shape*), and the
    constraints the enriched question added or dropped (*drift*).

``shape:*`` and ``question:*`` (weights free)
    How much there is to get wrong: how many tables the SQL reads, how many filters and string
    literals it applies; the length of the question, the number of constraints it states and
    how many expressions its enrichment defines (whether a record comes with an enrichment at
    all is left out: it says how an agent logs, not whether its SQL is right, and it would
    lower every gamma of an agent that logs its reformulations). A long
    question over five tables is wrong more often than a lookup in one table, whatever the
    findings say. Only what a query reaches counts, never how it is spelled: a join or an IN
    subquery, MAX or ORDER BY ... LIMIT 1, a CTE or a flat query, INTERSECT or IN give the
    same features (clause and nesting counts were tried and penalised agents' styles more than
    their errors), and what the normalization rules or R_app declared harmless (a guard
    LIMIT, a column pinned to one value, a benign or ignored filter) counts for nothing.

``peers:known``, ``peers:agreed``, ``risk:peers`` and ``risk:peers_weak`` (logged records
with two or more other answers to their question in the run only; the ``risk:`` weights held
<= 0)
    That the run holds other answers to the same question to compare with, and how many kinds
    of choice (a table, a date column, an output column) this answer makes otherwise than
    they agree on (:mod:`stef_core.peers`; apart, how many only where right answers differ
    too, and whether this answer sides with the rest against one that parts from them):
    label-free evidence from the run itself, where a deployment's versions answer the same
    questions. They are fitted last, every other weight
    held (``benchmarks/calibrate.py``), so that a record with nothing to compare with weighs
    as it did without them.

``context:logged`` and the ``/logged`` twins (weights of the twins of ``risk:*`` and
``findings@*`` held <= 0, like theirs)
    Where a record comes from. A record with a ``timestamp`` is logged traffic (an agent's
    production log); one without is a benchmark file's. The evidence above does not mean the
    same in both: on the public benchmark files the size of a question and of its SQL predicts
    failure (AUROC 0.74 among the records with no critical or major finding), on the
    production-shaped corpus (benchmarks/production, twelve business domains) it hardly does
    (0.55), because an agent working for a business errs on easy questions about as often as
    on long ones. So a logged record's size and reach features are named with the suffix
    ``/logged`` and get their own weights, its severity counts get a ``/logged`` twin on top
    of the shared ones, and ``context:logged`` is its own intercept: the fit learns each
    context from its own data (per-code finding weights stay shared: a finding means the same
    wherever it fires). A calibration without those features (a team's own, fitted on
    benchmark files) weighs a logged record as a benchmark one, as before.

No feature looks at typography: keyword case, quoting style, whitespace and formatting of the
SQL change nothing here (counts come from the parsed specs, lengths from the question's words).

>>> from stef_core.engine import Engine, record_from_mapping
>>> req = Engine().analyse(record_from_mapping(
...     {"question": "How many users have status 'active'?", "sql": "SELECT COUNT(*) FROM users"},
...     default_id="1"))
>>> f = features(req)
>>> f["finding:filter.missing@critical"], f["findings@critical"], f["shape:tables"]
(1.0, 1.0, 1.0)
"""

from __future__ import annotations

import re

from stef_core.contracts import JudgeRequest
from stef_core.peers import MIN_PEERS, odd_kinds
from stef_core.spec import SUBQUERY
from stef_core.values import value_key
from stef_core.words import light_stem, norm
from stef_judges.signals import (
    _identifier_parts,
    asked_items,
    grounding,
    stems_of,
    ungrounded_tables,
)

#: Version of the feature vector. A calibration fitted on another version is refused: the
#: same name could mean something else. Bump it when a feature's meaning changes.
EVIDENCE_VERSION = "offline-evidence-3"

#: Reason codes that are notes, not findings: they say how a query was read, never that
#: something in it may be wrong, and are no evidence (``filter.guard``: a filter read as the
#: deployment's tenant scope or its test-data guard, which right and wrong answers of a
#: deployment carry alike).
NOTES = frozenset({"filter.guard"})

#: Features whose weights a calibration holds at or below zero.
NONPOSITIVE = ("finding:", "findings@", "risk:")

SEVERITIES = ("critical", "major", "minor", "info")

#: The suffix of a logged record's own features, and the feature that is its intercept
#: (module docstring).
LOGGED = "/logged"
CONTEXT_LOGGED = "context:logged"


def base_feature(name: str) -> str:
    """A feature's name without its context suffix: what it measures, in either context.

    >>> base_feature("shape:tables/logged"), base_feature("findings@minor")
    ('shape:tables', 'findings@minor')
    """
    return name[: -len(LOGGED)] if name.endswith(LOGGED) else name

#: What the model assumes of a finding before the data speak: a critical finding multiplies
#: the odds of a right answer by about 0.08, a major one by 0.37, a minor one by 0.74. A fit
#: pulls each code's weight towards these; codes the labelled data rarely show keep roughly
#: them, codes the data show often get what the data say, and codes the fit never saw (newer
#: than the model) are weighed with them as they are.
PRIORS = {
    "finding:*@critical": -2.5,
    "finding:*@major": -1.0,
    "finding:*@minor": -0.3,
}
#: The lowest weight a fit may give a finding of low severity: a minor finding lowers gamma
#: "a little" (severity is the aligner's statement of how sure the finding is), so on its own
#: it moves gamma by at most about one logit (odds x 0.37 for the code and its severity count
#: together), whatever one benchmark's labels reward; an info finding by at most 0.4. Without
#: this, Spider's execution-match labels (an extra output column makes a result "wrong") gave
#: ``projection.extra@minor`` a weight of -2: a correct ranking that also shows its metric
#: scored 25.
FLOORS = {
    "finding:*@minor": -0.5,
    "findings@minor": -0.5,
    "finding:*@info": -0.2,
    "findings@info": -0.2,
}
#: How strongly a fit holds finding weights to :data:`PRIORS` (in records' worth of evidence).
PRIOR_L2 = 10.0

_WORD = re.compile(r"[A-Za-z0-9]+")


def _cap(n: float, most: float) -> float:
    return float(min(n, most))


def features(request: JudgeRequest,
             grounded: tuple[float, list[str]] | None = None) -> dict[str, float]:
    """The feature vector of one request (module docstring). Zero-valued features are
    included only for the fixed families, so the result is small and its keys are stable.
    ``grounded`` is :func:`~stef_judges.signals.grounding` of the request when the caller has
    it already."""
    out: dict[str, float] = {}
    # -- findings -------------------------------------------------------------------------
    per_code: dict[str, int] = {}
    per_severity = dict.fromkeys(SEVERITIES, 0)
    for r in request.alignment.reasons:
        if r.code in NOTES:
            continue
        key = f"finding:{r.code}@{r.severity}"
        per_code[key] = per_code.get(key, 0) + 1
        per_severity[r.severity] = per_severity.get(r.severity, 0) + 1
    for key, n in sorted(per_code.items()):
        out[key] = _cap(n, 3)
    for sev in SEVERITIES:
        out[f"findings@{sev}"] = _cap(per_severity[sev], 5)

    # -- risks ----------------------------------------------------------------------------
    sql = request.sql
    question = request.record.question
    share, ungrounded = grounded if grounded is not None else grounding(request)
    out["risk:ungrounded_literals"] = _cap(len(ungrounded), 3)
    out["risk:ungrounded_share"] = round(1.0 - share, 4)
    out["risk:unnamed_tables"] = _cap(len(ungrounded_tables(request)), 3)
    # A supporting column (the value a ranking is by, shown beside the answer: the
    # ``supporting_columns`` rule) is not a column too many.
    # The parts of an asked aggregate or ratio shown beside it (the numerator and the
    # denominator of a rate, the count of rows behind an average) are no column too many
    # either: what a reader checks the answer with.
    asks_value = bool(request.question.aggregations or request.question.asks_ratio
                      or request.question.rates)
    support = (sum(1 for p in sql.projections if p.aggregate)
               if "supporting_columns" in sql.tolerated or asks_value else 0)
    shown = len(sql.projections) - support
    # two columns are never too many (max(..., 2)): the question's enumerations are read only
    # for a SELECT that shows more
    extra_columns = shown - max(asked_items(question), 2) if shown > 2 else 0
    out["risk:extra_columns"] = (
        _cap(extra_columns, 3) if extra_columns > 0 and not sql.select_star else 0.0
    )
    out["risk:drift"] = _cap(len(request.question.drift), 3)
    out["risk:unnamed_columns"] = _cap(len(unnamed_columns(request)), 3)
    # Logged traffic only: where two or more other answers to the same question in the run
    # agree on a table, a date column or an output column and this one does not
    # (stef_core.peers). A benchmark file's context is held as fitted on the public files
    # (calibrate.py --base), whose intercept a new benchmark weight could not move with it.
    # ``peers:known`` (weight free) says that they were there to compare with: a run whose
    # questions are each asked once reads as the calibration's logged context without it.
    # ``risk:peers_weak``: only readings where right answers differ about as often as wrong
    # ones (a table joined besides theirs, a supporting column), weighed apart so that they
    # lower gamma by what they are worth; ``peers:agreed``: this answer sides with the rest
    # against one that parts from them, evidence for it (stef_core.peers.odd_answers).
    if request.record.timestamp and request.peers >= MIN_PEERS:
        strong = odd_kinds(request.disagreement)
        out["peers:known"] = 1.0
        out["risk:peers"] = _cap(strong, 2)
        out["risk:peers_weak"] = (
            0.0 if strong else _cap(odd_kinds(request.disagreement, weak=True), 1))
        out["peers:agreed"] = 1.0 if not strong and request.odd_peers else 0.0

    # -- shape of the SQL -----------------------------------------------------------------
    # What the query reaches and constrains, not how it is spelled: a join and an IN
    # subquery, MAX and ORDER BY ... LIMIT 1, INTERSECT and IN, a CTE and a flat query mean
    # the same and count the same (clause and nesting counts were measured to penalise an
    # agent's style, not its errors; benchmarks/README.md).
    # Filters R_app declared benign or ignored cost nothing here either. A time constraint
    # counts once, however it is spelled: one period, whether the SQL wrote it as a range of
    # two bounds, a BETWEEN, a LIKE '2024-03%' or a date function compared with one value.
    blessed = _blessed_columns(request)
    period_columns = {norm(p.column) for p in sql.periods if p.column}
    # A comparison with a subquery ("x IN (SELECT ...)", "x = (SELECT MAX ...)") is how a join
    # or a superlative is spelled, not a constraint of its own.
    # A filter R_app declares benign is skipped as the declared condition, never the whole
    # column: ``benign filter status IN ('approved', 'paid')`` says nothing of the question's
    # own ``status = 'active'``, which counts as it does without the ruleset.
    fa = request.alignment.filters
    guards = {*fa.guards, *fa.benign_extras}
    skipped = [f for f in sql.filters
               if norm(f.column or "") in blessed or norm(f.column or "") in period_columns
               or f.value == SUBQUERY or (guards and f.describe() in guards)]
    skipped_values = {value_key(v) for f in skipped
                      for v in f.values
                      if isinstance(v, str)}
    time_constraints = len(period_columns) + sum(1 for p in sql.periods if not p.column)
    out["shape:tables"] = _cap(len(sql.tables), 5)
    # One column kept to some values is one constraint however it is spelled: NOT IN (a, b)
    # and "<> a AND <> b", IN and an OR chain, a BETWEEN and its two bounds.
    skipped_ids = {id(f) for f in skipped}
    constrained = {(norm(f.column or f.describe()), f.excluded) for f in sql.filters
                   if id(f) not in skipped_ids}
    out["shape:filters"] = _cap(len(constrained) + time_constraints, 5)
    # String literals only (numbers include a guard LIMIT that limit_tolerance made harmless),
    # and no dates, date formats or date units: the periods above count those.
    out["shape:literals"] = _cap(sum(1 for v in sql.literals if isinstance(v, str)
                                     and value_key(v) not in skipped_values
                                     and not _temporal(v)), 5)

    # -- the question ---------------------------------------------------------------------
    words = len(_WORD.findall(question))
    out["question:words"] = round(min(words, 40) / 10, 2)
    out["question:constraints"] = _cap(len(request.question.filters), 5)
    # Expressions the enrichment defines (a hint's formula), not the R_app metric terms the
    # vocabulary rule adds: a deployment's own vocabulary makes no answer less likely.
    terms = set(request.rules.terms.values())
    defined = [e for e in request.question.expressions if e not in terms]
    out["question:expressions"] = _cap(len(defined), 3)
    if request.record.timestamp:
        return _logged(out)
    return out


def _logged(out: dict[str, float]) -> dict[str, float]:
    """A logged record's features (module docstring): per-code findings as they are, the
    severity counts twice (shared and ``/logged``), everything else ``/logged`` only, and the
    context's intercept."""
    logged: dict[str, float] = {}
    for key, value in out.items():
        if key.startswith("findings@"):
            logged[key] = value
            logged[key + LOGGED] = value
        elif key.startswith("finding:"):
            logged[key] = value
        else:
            logged[key + LOGGED] = value
    logged[CONTEXT_LOGGED] = 1.0
    return logged


_FORMAT_TOKEN = r"(?:yyyy|yy|mm|dd|hh24|hh12|hh|mi|ss|mon|dy|iw|ww|q)"
_TEMPORAL = re.compile(
    r"[\d\s:/.T%-]*\d[\d\s:/.T%-]*"  # 2024-03-01, 1980, 2013-08%, 10:30
    r"|(?:%[A-Za-z]|[-/: .T])+"  # strftime formats: %Y-%m
    rf"|{_FORMAT_TOKEN}(?:[-/: .]*{_FORMAT_TOKEN})*"  # YYYY-MM, yyyymmdd
    r"|year|quarter|month|week|isoweek|iso_week|day|dow|doy|hour|minute|second|weekday",
    re.IGNORECASE,
)


def _temporal(value: str) -> bool:
    """A date, a time, a date format or a date unit: what a period is spelled with."""
    return _TEMPORAL.fullmatch(value.strip()) is not None


def _blessed_columns(request: JudgeRequest) -> set[str]:
    """Columns R_app ignores (the filters it declares benign are the aligner's
    ``benign_extras``: skipped one by one, not by their column)."""
    return {norm(c) for c in request.rules.ignored_filters}


#: Identifier parts that name no concept of their own ("customer_id" is about customers).
_GENERIC_PARTS = frozenset({"id", "ids", "no", "num", "code", "key", "name", "t1", "t2", "t3"})


def unnamed_columns(request: JudgeRequest) -> list[str]:
    """Columns the SQL outputs that nothing names: none of their name parts, generic ones
    aside, is a word of the question or its enrichment, and neither the enrichment nor R_app
    (terms, synonyms) mentions them."""
    q = request.question
    rules = request.rules
    stems = stems_of(request.record.question, request.record.enriched_question or "",
                     *q.expressions, *rules.terms.values(), *rules.synonyms)
    named = {c.lower() for c in (*q.columns, *q.synonym_columns)}
    # A column the WHERE pins to one value says nothing new (as for benign_group_by).
    pinned = {f.column for f in request.sql.filters if f.op == "=" and f.column}
    out: list[str] = []
    for p in request.sql.projections:
        # An output the agent named after the question's words ("SUM(total_amt) AS revenue"
        # for "revenue per month") is named by it, whatever column it reads.
        alias = [x for x in _identifier_parts(p.alias or "") if x not in _GENERIC_PARTS]
        if any(light_stem(x) in stems for x in alias):
            continue
        for col in p.columns or ((p.column,) if p.column else ()):
            parts = [x for x in _identifier_parts(col) if x not in _GENERIC_PARTS]
            if (parts and col not in pinned and col not in named and col not in out
                    and not any(light_stem(x) in stems for x in parts)):
                out.append(col)
    return out
