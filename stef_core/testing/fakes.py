"""A fake judge for tests: a fixed verdict, or one computed by a function of the request.

It is deliberately not registered through the ``stef`` entry points (a fake must never be
chosen by accident in production); pass an instance wherever a judge is accepted::

    from stef_core.testing import fake_judge
    Engine(judge=fake_judge("incorrect", 0.9))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stef_core.contracts import Judge, JudgeRequest
from stef_core.models import Usage, Verdict, as_label


class FakeJudge(Judge):
    """Answers a fixed verdict (or ``verdict(request)``); records every request it saw."""

    id = "fake"
    version = "1"

    def __init__(
        self,
        label: str = "correct",
        confidence: float = 1.0,
        *,
        rationale: str = "fake verdict",
        verdict: Callable[[JudgeRequest], Verdict] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        try:
            self.label = as_label(label)
        except ValueError as exc:
            raise ValueError(f"fake judge: {exc}") from None
        if not 0.0 <= confidence <= 1.0:
            raise ValueError(f"fake judge: confidence {confidence} is not in [0, 1]")
        self.confidence = confidence
        self.rationale = rationale
        self._verdict = verdict
        #: Every request judged, in order, so a test can check what the judge was shown.
        self.requests: list[JudgeRequest] = []

    def judge(self, request: JudgeRequest) -> Verdict:
        self.requests.append(request)
        if self._verdict is not None:
            return self._verdict(request)
        return Verdict(
            label=self.label,
            confidence=self.confidence,
            rationale=self.rationale,
            judge=self.id,
            usage=Usage(),
        )
