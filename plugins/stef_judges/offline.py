"""The ``offline`` judge: deterministic, symbolic, no network.

It weighs the aligner's findings over every spec dimension (filters, aggregation, grouping,
order, limit, projection, enrichment drift) and how much of the SQL is grounded in the question:
a literal the SQL compares against that appears nowhere in the question or its enrichment is a
guess. Confidence falls with the share of ungrounded literals and with drift.
"""

from __future__ import annotations

from stef_core import hookimpl
from stef_core.contracts import Judge, JudgeRequest
from stef_core.models import Usage, Verdict
from stef_judges.signals import assess


class OfflineJudge(Judge):
    """Deterministic verdict from the findings and the grounding of the SQL in the question."""

    id = "offline"
    version = "1"

    def judge(self, request: JudgeRequest) -> Verdict:
        a = assess(request)
        return Verdict(
            label=a.label,  # type: ignore[arg-type]
            confidence=a.confidence,
            rationale=a.rationale,
            judge=self.id,
            usage=Usage(),
        )


@hookimpl
def stef_register_judges() -> list[type[Judge]]:
    return [OfflineJudge]
