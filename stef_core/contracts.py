"""Base classes for the five kinds of plugin. A plugin class sets ``id`` (stable, used on the
command line and in R_app) and implements one method; the engine never calls anything else.

Every class's docstring's first line is its user-facing description (``stef plugins``,
``stef docs``).

The errors a plugin raises (:class:`StefError`, :class:`SqlParseError`, :class:`JudgeError`)
live in :mod:`stef_core.errors` and are importable from here too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from stef_core.errors import (  # re-exported: plugins have imported them from here
    JudgeError,
    JudgeInterrupted,
    SqlParseError,
    StefError,
)
from stef_core.models import Anchor, Band, FilterAlignment, Reason, Record, Ruleset, Verdict
from stef_core.peers import Disagreement
from stef_core.run import NO_RUN, RunProfile
from stef_core.spec import QuestionSpec, SqlSpec

if TYPE_CHECKING:
    from stef_core.calibration import Calibration

__all__ = [
    "Aligner",
    "Alignment",
    "Context",
    "Judge",
    "JudgeError",
    "JudgeInterrupted",
    "JudgeRequest",
    "Normalizer",
    "PendingVerdicts",
    "Plugin",
    "QuestionExtractor",
    "Score",
    "Scorer",
    "SqlExtractor",
    "SqlParseError",
    "StefError",
]


class Plugin:
    """Common identity of every plugin class."""

    id: ClassVar[str] = ""
    version: ClassVar[str] = "0"

    @classmethod
    def description(cls) -> str:
        doc = (cls.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else ""


class SqlExtractor(Plugin):
    """Reads a :class:`SqlSpec` out of SQL text."""

    def extract(self, sql: str, dialect: str | None = None) -> SqlSpec:
        """Return the spec of ``sql``; raise :class:`SqlParseError` when it cannot be analysed."""
        raise NotImplementedError


class QuestionExtractor(Plugin):
    """Reads a :class:`QuestionSpec` out of the question and the enriched question.

    Created with the run's model options (``--question-extractor llm:<model>``, ``--api-base``
    ...); an extractor that needs none ignores them.
    """

    def __init__(self, **options: Any) -> None:
        self.options = options

    def extract(self, question: str, enriched_question: str | None, rules: Ruleset) -> QuestionSpec:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Context:
    """What normalization rules work on: both specs, the rules, and what has fired so far."""

    question: QuestionSpec
    sql: SqlSpec
    rules: Ruleset
    fired: tuple[str, ...] = ()
    notes: tuple[Reason, ...] = ()
    #: The date relative time expressions ("last month") are read against: the record's
    #: timestamp, else ``stef eval --today``, else the run's date. None: not known (today's
    #: date is used).
    anchor: Anchor | None = None
    #: What the run's own queries show (the filters most of them share: the deployment's
    #: guards, :mod:`stef_core.run`); empty when the record is scored on its own.
    run: RunProfile = NO_RUN


class Normalizer(Plugin):
    """A normalization rule: a pure function from :class:`Context` to a new :class:`Context`.

    A rule that changes anything appends its ``id`` to ``fired`` (the record's
    ``normalizations``). Rules are switched on and off by id in R_app (``rules``).
    """

    #: Lower runs first. Built-ins use 100-400; vocabulary rules run before structural ones.
    order: ClassVar[int] = 500

    def apply(self, ctx: Context) -> Context:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Alignment:
    """The aligner's answer: the filter classification and every finding."""

    filters: FilterAlignment
    bonus: bool = False
    reasons: tuple[Reason, ...] = ()


class Aligner(Plugin):
    """Matches the question's spec against the SQL's and classifies the filters."""

    def align(self, ctx: Context) -> Alignment:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class JudgeRequest:
    """Everything a judge may look at for one record."""

    record: Record
    question: QuestionSpec
    sql: SqlSpec
    alignment: Alignment
    rules: Ruleset
    normalizations: tuple[str, ...] = ()
    #: The record's anchor date (the one on :class:`Context`).
    anchor: Anchor | None = None
    #: Free for plugins that hand a judge more; STEF itself puts nothing here.
    extra: dict[str, Any] = field(default_factory=dict)
    #: How many other answers to the record's question the run's profile holds, and where
    #: this answer parts from what they agree on (:mod:`stef_core.peers`; nothing is said
    #: with fewer than two).
    peers: int = 0
    disagreement: tuple[Disagreement, ...] = ()
    #: How many of those other answers part from the rest (:func:`stef_core.peers.
    #: odd_answers`): evidence for this one where it is not odd itself.
    odd_peers: int = 0


class PendingVerdicts:
    """A batch being judged (:meth:`Judge.start_many`): :meth:`result` waits for its verdicts,
    :meth:`cancel` gives them up (calls still in flight are cancelled; nothing is returned)."""

    __slots__ = ("_cancel", "_collect")

    def __init__(self, collect: Callable[[], list[Verdict | JudgeError]],
                 cancel: Callable[[], None] | None = None) -> None:
        self._collect = collect
        self._cancel = cancel

    def result(self) -> list[Verdict | JudgeError]:
        """The verdicts, one per request in order, as :meth:`Judge.judge_many` returns them.

        Raises:
            JudgeInterrupted: on Ctrl-C, with the verdicts that came back.
        """
        return self._collect()

    def cancel(self) -> None:
        if self._cancel is not None:
            self._cancel()


class Judge(Plugin):
    """Gives a holistic verdict and a confidence gamma in [0, 1].

    gamma means the same for every judge: the probability that the SQL answers the question
    correctly; the verdict label follows from it (``rules.scoring.label_for(gamma)``), so a
    more confident judge never lowers the score.

    Judges are created from a name plus options (``--judge llm:openai/gpt-4o-mini`` gives
    ``LlmJudge(model="openai/gpt-4o-mini", ...)``). Override :meth:`judge_many` to run calls
    concurrently; the engine hands judges records in batches.

    A judge that can be calibrated on labelled records (``stef calibrate``, ``--calibration``)
    sets :attr:`evidence_version`, implements :meth:`evidence` and accepts a
    :class:`stef_core.calibration.Calibration` as its ``calibration`` option (None: its own
    default), which it keeps in :attr:`calibration`.
    """

    #: Version of the feature vector :meth:`evidence` returns; None: cannot be calibrated.
    evidence_version: ClassVar[str | None] = None
    #: Prefixes of evidence features that may only lower gamma (weights held <= 0 in a fit).
    nonpositive_features: ClassVar[tuple[str, ...]] = ()
    #: The judge whose calibrations this one takes, when not its own id: a judge built on
    #: another (the cascade on the offline judge) takes that judge's calibrations.
    calibration_judge: ClassVar[str | None] = None

    def __init__(self, **options: Any) -> None:
        self.options = options
        self.calibration: Calibration | None = None

    def evidence(self, request: JudgeRequest) -> dict[str, float]:
        """The named features a calibration maps to gamma (judges that can be calibrated)."""
        raise NotImplementedError(f"the {self.id!r} judge cannot be calibrated")

    def judge(self, request: JudgeRequest) -> Verdict:
        raise NotImplementedError

    def judge_many(self, requests: Sequence[JudgeRequest]) -> list[Verdict | JudgeError]:
        out: list[Verdict | JudgeError] = []
        for request in requests:
            try:
                out.append(self.judge(request))
            except JudgeError as exc:
                out.append(exc)
        return out

    def start_many(self, requests: Sequence[JudgeRequest]) -> PendingVerdicts:
        """Start judging a batch and return at once; the verdicts come from the result's
        :meth:`PendingVerdicts.result` (what :meth:`judge_many` returns, with its errors).

        A judge whose calls wait on something else (a model server) overrides this to send
        them now: the engine then analyses the next batch, and starts its calls, while these
        are in flight. The default judges the batch only when the verdicts are asked for.
        """
        return PendingVerdicts(lambda: self.judge_many(requests))

    def close(self) -> None:
        """Release resources (connections, caches) at the end of a run."""


@dataclass(frozen=True, slots=True)
class Score:
    """The scorer's answer for one record: every number of the score, stated once.

    ``score`` is the 0-100 score and ``band`` its band; ``base`` is B, the sum of
    ``filter_points`` (the filter status's), ``verdict_points`` (the verdict label's) and
    ``bonus`` (the leniency bonus, 0 without one), clamped; ``confidence_factor`` is Gamma. The
    result carries these numbers as they are (the filter alignment's and the verdict's
    ``score`` are ``filter_points`` and ``verdict_points``).
    """

    score: float
    band: Band
    base: float
    bonus: float
    confidence_factor: float
    filter_points: float
    verdict_points: float


class Scorer(Plugin):
    """Turns alignment and verdict into the 0-100 score and its band."""

    def score(self, alignment: Alignment, verdict: Verdict, rules: Ruleset) -> Score:
        raise NotImplementedError
