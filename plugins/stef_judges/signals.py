"""The offline judge's evidence, as a pure function of one :class:`JudgeRequest`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from stef_core.contracts import JudgeRequest
from stef_sql.values import fold_text, value_key

SEVERITY_WEIGHT = {"critical": 2.0, "major": 1.0, "minor": 0.35, "info": 0.1}


@dataclass(frozen=True)
class Assessment:
    label: str
    confidence: float
    rationale: str
    penalty: float
    grounding: float


def grounding(request: JudgeRequest) -> tuple[float, list[str]]:
    """Share of the SQL's string literals found in the question or its enrichment."""
    text = fold_text(request.record.question + " " + (request.record.enriched_question or ""))
    text_keys = set(re.findall(r"[\w.%-]+", text))
    literals = [v for v in request.sql.literals if isinstance(v, str) and v.strip("%_ ")]
    if not literals:
        return 1.0, []
    missing = []
    for lit in literals:
        core = lit.strip("%_ ").replace("%", " ")
        if core in text or value_key(core) in text_keys:
            continue
        missing.append(lit)
    return 1.0 - len(missing) / len(literals), missing


def assess(request: JudgeRequest) -> Assessment:
    penalty = 0.0
    notes = []
    for r in request.alignment.reasons:
        weight = SEVERITY_WEIGHT.get(r.severity, 0.3)
        penalty += weight
        if weight >= 0.35:
            notes.append(r.message)
    status = request.alignment.filters.status
    if status == "not_applied":
        penalty += 0.5
    ground, ungrounded = grounding(request)
    if ungrounded:
        penalty += 0.5 * len(ungrounded)
        notes.append("literal(s) not found in the question: " + ", ".join(repr(u) for u in ungrounded[:3]))
    if penalty < 0.2:
        label = "correct"
    elif penalty < 0.6:
        label = "likely_correct"
    elif penalty < 1.5:
        label = "potentially_incorrect"
    else:
        label = "incorrect"
    confidence = 0.95 - 0.25 * (1 - ground) - 0.05 * len(request.question.drift)
    confidence = max(0.3, min(1.0, confidence))
    rationale = "; ".join(notes) if notes else "every constraint in the question is reflected in the SQL"
    return Assessment(label, round(confidence, 3), rationale, penalty, ground)
