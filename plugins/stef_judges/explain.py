"""What took gamma below the ``correct`` cut, as reason codes (issue 20: no score below 75
without a reason that says why).

A critical or major finding caps gamma and says why itself. Without one, gamma falls below the
cut only through the calibration: the evidence that is not a finding (a value the question
never names, tables and columns it never mentions, how much there is to get wrong). The judge
then names that evidence as ``confidence.*`` reasons of severity ``minor`` (weak evidence: it
lowers confidence, it never fails a record by itself), each with the facts in plain words and
largest first, so that every record below the cut carries at least one (the codes are
registered in :mod:`stef_core.reasons`):

========================== ======================================================
code                       the evidence
========================== ======================================================
confidence.unnamed_value   string literals the question and its reformulation
                           never name (``country = 'Germany'`` for "customers")
confidence.unnamed_table   tables the question names none of
confidence.unnamed_column  output columns nothing in the question mentions
confidence.extra_columns   more output columns than the question asks for
confidence.drift           constraints the reformulation added or dropped
confidence.other_answers   two or more other answers to the same question in the
                           run agree on a table, a date column, an output column or
                           a column's values this one reads, bounds, shows or keeps
                           otherwise
confidence.complexity      many tables or values, a long question: such answers are
                           wrong more often, whatever their findings
confidence.little_to_check a short question, a SQL that applies no filter: where
                           the calibration finds such answers wrong more often
                           (logged traffic: a question that states constraints the
                           SQL is then checked against is right more often)
========================== ======================================================

A group's share of the logit decides what is named: every group that lowers the logit by at
least :data:`VISIBLE` (0.2, odds x 0.82), and at least the largest one. The shares of the size
features are taken against a simple query (:data:`REFERENCE`: one table, one filter, one value,
ten words), so a one-table lookup is never called complex. A size feature lowers gamma in one
of two ways, told apart by the sign of its weight: above the reference where more of it is
riskier (a negative weight: tables, values, on benchmark files words), which is complexity;
or below it where more of it is safer (a positive weight: in logged traffic the question's
words and constraints and the SQL's filters), which is a question that leaves little to check
the SQL against, and is said so: calling a four-word, one-table question complex would say
the opposite of what lowered its gamma.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from stef_core.calibration import Calibration
from stef_core.contracts import JudgeRequest
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_judges.evidence import LOGGED, base_feature, unnamed_columns
from stef_judges.signals import ungrounded_tables

#: The smallest share of the logit a reason is given for (besides the largest one).
VISIBLE = 0.2
#: Most confidence reasons per record.
MOST = 3

#: The size of a simple query: size features count against it.
REFERENCE = {"shape:tables": 1.0, "shape:filters": 1.0, "shape:literals": 1.0,
             "question:words": 1.0}
#: Feature (or feature prefix) -> reason code.
GROUPS: tuple[tuple[str, str], ...] = (
    ("risk:ungrounded", "confidence.unnamed_value"),
    ("risk:unnamed_tables", "confidence.unnamed_table"),
    ("risk:unnamed_columns", "confidence.unnamed_column"),
    ("risk:extra_columns", "confidence.extra_columns"),
    ("risk:drift", "confidence.drift"),
    ("risk:peers", "confidence.other_answers"),
    ("shape:", "confidence.complexity"),
    ("question:", "confidence.complexity"),
)
#: The code of a size feature whose weight is positive (module docstring).
LITTLE = "confidence.little_to_check"


@lru_cache(maxsize=1024)  # a few dozen feature names, each looked up on every record
def _code(feature: str) -> str | None:
    return next((code for prefix, code in GROUPS if feature.startswith(prefix)), None)


def confidence_reasons(calibration: Calibration, request: JudgeRequest,
                       evidence: Mapping[str, float], gamma: float,
                       ungrounded: list[str]) -> list[Reason]:
    """The ``confidence.*`` reasons of a record whose ``gamma`` is below the ``correct`` cut
    with no critical or major finding (module docstring); [] otherwise."""
    if gamma >= request.rules.scoring.verdict_cuts.correct:
        return []
    if any(r.severity in ("critical", "major") for r in request.alignment.reasons):
        return []
    shares: dict[str, float] = {}
    for feature, value in evidence.items():
        code = _code(feature)
        if code is None:
            continue
        # against a simple query, not against nothing: one table is no complexity
        weight = calibration.weight(feature)
        share = weight * (value - REFERENCE.get(base_feature(feature), 0.0))
        if code == "confidence.complexity" and weight > 0:
            code = LITTLE  # less of it lowers gamma: too little, not too much
        shares[code] = shares.get(code, 0.0) + share
    shares = {code: share for code, share in shares.items() if share < 0}
    if not shares:
        return []
    ranked = sorted(shares.items(), key=lambda kv: (kv[1], kv[0]))
    chosen = [code for i, (code, share) in enumerate(ranked)
              if i == 0 or -share >= VISIBLE][:MOST]
    return [_reason(code, request, evidence, ungrounded, calibration) for code in chosen]


def _value(evidence: Mapping[str, float], feature: str) -> float:
    """A feature's value in either context (a logged record's carries ``/logged``)."""
    return evidence.get(feature, evidence.get(feature + LOGGED, 0.0))


def _quoted(items: list[str], most: int = 3) -> str:
    shown = ", ".join(repr(x) for x in items[:most])
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


def _reason(code: str, request: JudgeRequest, evidence: Mapping[str, float],
            ungrounded: list[str], calibration: Calibration) -> Reason:
    """The reason of ``code``, its facts in plain words."""
    sql = request.sql
    if code == "confidence.unnamed_value":
        return reason("confidence.unnamed_value",
                      f"the SQL compares with {_quoted(ungrounded) or 'values'}, which neither "
                      "the question nor its reformulation names: a guessed value is a common "
                      "mistake (lowers confidence)")
    if code == "confidence.unnamed_table":
        tables = ungrounded_tables(request)
        return reason("confidence.unnamed_table",
                      f"the SQL reads {_quoted(tables) or 'tables'}, which the question names "
                      "none of (lowers confidence)")
    if code == "confidence.unnamed_column":
        return reason("confidence.unnamed_column",
                      f"the SQL shows {_quoted(unnamed_columns(request)) or 'columns'}, which "
                      "nothing in the question mentions (lowers confidence)")
    if code == "confidence.extra_columns":
        return reason("confidence.extra_columns",
                      f"the SQL shows {len(sql.projections)} columns, more than the question "
                      "asks for (lowers confidence)")
    if code == "confidence.other_answers":
        found = sorted(request.disagreement, key=lambda d: d.weak)  # the strong ones first
        said = "; ".join(d.describe() for d in found[:MOST])
        more = f" (and {len(found) - MOST} more)" if len(found) > MOST else ""
        return reason("confidence.other_answers",
                      f"{said}{more}: an answer that parts from what the other answers to its "
                      "question agree on is wrong more often (lowers confidence)")
    if code == "confidence.drift":
        return reason("confidence.drift",
                      "the reformulation adds or drops constraints of the question (lowers "
                      "confidence)")
    words = round(_value(evidence, "question:words") * 10)
    filters = int(_value(evidence, "shape:filters"))
    said = f"{words}{'+' if words >= 40 else ''} words"
    if code == LITTLE:
        # Only what lowered gamma: a question shorter than the simple query's ten words, a
        # SQL with fewer filters than its one, where more of either raises it.
        parts = []
        if words < 10 and calibration.weight(_name(evidence, "question:words")) > 0:
            parts.append(f"a question of {said}")
        if not filters and calibration.weight(_name(evidence, "shape:filters")) > 0:
            parts.append("a SQL that applies no filter")
        subject = " and ".join(parts) or f"a question of {said}"
        return reason("confidence.little_to_check",
                      f"{subject} {'leave' if len(parts) > 1 else 'leaves'} little to check the "
                      "answer against: such answers are wrong more often (lowers confidence)")
    # Only what lowered gamma is named: the parts whose weight is negative and that exceed
    # the simple query's (a filter the calibration counts in the SQL's favour is not "much
    # to get right").
    def lowers(feature: str) -> bool:
        return (calibration.weight(_name(evidence, feature)) < 0
                and _value(evidence, feature) > REFERENCE.get(feature, 0.0))

    parts = []
    if lowers("shape:tables"):
        parts.append(f"reads {len(sql.tables)} tables")
    if lowers("shape:filters"):
        parts.append(f"applies {filters} filters")
    if lowers("shape:literals"):
        parts.append(f"compares with {int(_value(evidence, 'shape:literals'))} values")
    if not parts:
        parts = [f"reads {len(sql.tables)} table{'s' if len(sql.tables) != 1 else ''}"]
    return reason("confidence.complexity",
                  f"the SQL {' and '.join(parts)} for a question of {said}: answers with this "
                  "much to get right are wrong more often (lowers confidence)")


def _name(evidence: Mapping[str, float], feature: str) -> str:
    """A feature's name as the record carries it (a logged record's with ``/logged``)."""
    return feature if feature in evidence else feature + LOGGED
