"""The ``llm`` judge and the ``llm`` question extractor: any litellm model, or any
OpenAI-compatible server through ``--api-base``.

What the judge answers: gamma, the probability that the SQL answers the question correctly
(``p_correct`` in the model's JSON reply). The verdict label follows from gamma through the
ruleset's cut points (:meth:`stef_core.models.Scoring.label_for`), never from the model's own
label, which is only a consistency check: a label two or more steps away from what its
probability means ("incorrect" with 0.95) gets one repair turn, then the record is unscored
(``judge: the model's answer contradicts itself ...``). With ``samples`` N, gamma is the mean of
the N replies' probabilities, and the rationale says so and how many samples agree.

The calls themselves (concurrency, retries, circuit breaker, cache, cost cap, API keys, Ctrl-C)
are :mod:`stef_judges.llm_client`'s; litellm is imported there, lazily.

Example: ``stef eval logs.jsonl --judge llm:openai/gpt-4o-mini`` or, for a local server,
``stef eval logs.jsonl --judge llm:openai/qwen2.5 --api-base http://localhost:8000/v1``.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from stef_core import hookimpl
from stef_core.contracts import Judge, JudgeRequest, PendingVerdicts, QuestionExtractor
from stef_core.errors import JudgeError, JudgeInterrupted
from stef_core.models import Reason, Ruleset, Scoring, Usage, Verdict, VerdictLabel
from stef_core.reasons import reason
from stef_core.spec import Filter, OrderRequest, QuestionSpec
from stef_core.stats import shorten

if TYPE_CHECKING:  # imported when a judge is built: an offline run never loads them
    from stef_judges.llm_prompt import JudgeReply, SpecReply

# --------------------------------------------------------------------------------------------
# The judge
# --------------------------------------------------------------------------------------------


def combine(
    replies: Sequence[JudgeReply], requested: int, scoring: Scoring
) -> tuple[VerdictLabel, float, str]:
    """Label, gamma and rationale from the replies of one record's samples.

    gamma is the mean of the replies' ``p_correct`` (a failed sample is left out: a failure is
    no evidence about the SQL); the label follows from gamma (``scoring.label_for``). With more
    than one sample the rationale says so, and gives the agreement: how many samples lean the
    same way as gamma (P(correct) on the same side of 0.5: more likely right than wrong, or
    not).

    >>> from stef_judges.llm_prompt import JudgeReply
    >>> a = JudgeReply(p_correct=0.9, rationale="right")
    >>> b = JudgeReply(p_correct=0.3, rationale="wrong filter")
    >>> combine([a], 1, Scoring())
    ('correct', 0.9, 'right')
    >>> label, gamma, why = combine([a, a, b], 3, Scoring())
    >>> label, gamma
    ('likely_correct', 0.7)
    >>> print(why)
    right (gamma is the mean P(correct) of 3 samples: 0.9, 0.9, 0.3; 2 of 3 agree)
    """
    probabilities = [r.p_correct for r in replies]
    gamma = round(math.fsum(probabilities) / len(probabilities), 4)
    label = scoring.label_for(gamma)
    closest = min(replies, key=lambda r: abs(r.p_correct - gamma))
    rationale = closest.rationale
    if requested > 1:
        agree = sum(1 for p in probabilities if (p >= 0.5) == (gamma >= 0.5))
        listed = ", ".join(f"{p:g}" for p in probabilities)
        note = (f"gamma is the mean P(correct) of {len(replies)} samples: {listed}; "
                f"{agree} of {len(replies)} agree")
        if len(replies) < requested:
            note += f"; {requested - len(replies)} of {requested} failed"
        rationale = f"{rationale} ({note})".strip()
    return label, gamma, rationale


#: How much of the model's rationale a ``judge.doubt`` message quotes.
RATIONALE_CHARS = 300


def doubt(verdict: Verdict, scoring: Scoring, findings: Sequence[Reason]) -> list[Reason]:
    """The ``judge.doubt`` reason of a model's verdict below the ``correct`` cut that none of
    the aligner's ``findings`` explains (none critical or major), [] otherwise (issue 20: no
    score below 75 without a reason that says why; the offline judge names its evidence as
    ``confidence.*`` reasons, a model's evidence is its rationale). Major when the model leans
    wrong (gamma below the ``likely_correct`` cut), minor when it only doubts.

    >>> v = Verdict(label="incorrect", confidence=0.1, rationale="counts every order",
    ...             judge="llm:openai/m")
    >>> [(r.code, r.severity) for r in doubt(v, Scoring(), [])]
    [('judge.doubt', 'major')]
    >>> print(doubt(v, Scoring(), [])[0].message)
    the judge llm:openai/m puts the chance that the SQL is right at 0.10: counts every order
    >>> [r.severity for r in doubt(v.model_copy(update={"confidence": 0.6}), Scoring(), [])]
    ['minor']
    >>> doubt(v.model_copy(update={"confidence": 0.8}), Scoring(), [])
    []
    """
    cuts = scoring.verdict_cuts
    if verdict.confidence >= cuts.correct:
        return []
    if any(r.severity in ("critical", "major") for r in findings):
        return []  # the finding says why, as it does for the offline judge
    said = shorten(verdict.rationale, RATIONALE_CHARS) or "the model gave no rationale"
    return [reason(
        "judge.doubt",
        f"the judge {verdict.judge} puts the chance that the SQL is right at "
        f"{verdict.confidence:.2f}: {said}",
        "major" if verdict.confidence < cuts.likely_correct else "minor")]


class _RulesHashes:
    """The hash of each ruleset a judge sees (one per run in practice), computed once."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[Ruleset, str]] = {}

    def __call__(self, rules: Ruleset) -> str:
        kept = self._seen.get(id(rules))
        if kept is None or kept[0] is not rules:
            digest = hashlib.sha256(rules.model_dump_json().encode("utf-8")).hexdigest()[:16]
            kept = (rules, digest)  # the ruleset is kept alive, so its id stays unique
            self._seen[id(rules)] = kept
        return kept[1]


class LlmJudge(Judge):
    """Asks an LLM (any litellm model or OpenAI-compatible server) for P(the SQL is correct)."""

    id = "llm"
    version = "2"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        from stef_judges.llm_client import LlmClient
        from stef_judges.llm_config import LlmConfig

        self.config = LlmConfig.from_options(options, what="judge", flag="--judge")
        self.client = LlmClient(self.config, prefix="judge")
        self._rules_hash = _RulesHashes()

    def judge(self, request: JudgeRequest) -> Verdict:
        [out] = self.judge_many([request])
        if isinstance(out, JudgeError):
            raise out
        return out

    def judge_many(self, requests: Sequence[JudgeRequest]) -> list[Verdict | JudgeError]:
        """Judge a batch concurrently.

        Raises:
            JudgeInterrupted: on Ctrl-C, with the verdicts that came back (the calls still in
                flight are cancelled first).
        """
        return self.start_many(requests).result()

    def start_many(self, requests: Sequence[JudgeRequest]) -> PendingVerdicts:
        """Send a batch's calls now (they queue behind the calls in flight, within
        ``concurrency``); the verdicts come from the result's ``result()``."""
        import asyncio

        done: list[Verdict | JudgeError | None] = [None] * len(requests)

        async def run_all() -> None:
            await asyncio.gather(*(self._judge_one(r, i, done) for i, r in enumerate(requests)))

        running = self.client.start(run_all())

        def collect() -> list[Verdict | JudgeError]:
            try:
                running.result()
            except KeyboardInterrupt:
                raise JudgeInterrupted(done) from None
            return [d if d is not None else JudgeError("judge: no verdict") for d in done]

        return PendingVerdicts(collect, running.cancel)

    async def _judge_one(
        self, request: JudgeRequest, slot: int, done: list[Verdict | JudgeError | None]
    ) -> None:
        """Judge one record into ``done[slot]``.

        The verdict is stored by the coroutine that receives the record's last reply, in the
        same step as that reply is cached (no await in between): an interrupt can therefore
        never cancel a record whose reply was cached but not yet handed to the engine.
        """
        import asyncio

        from stef_judges.llm_client import first_line
        from stef_judges.llm_prompt import PROMPT_VERSION, JudgeReply, contradiction, judge_messages

        messages = judge_messages(request)
        scoring = request.rules.scoring
        rules_hash = self._rules_hash(request.rules)
        n = self.config.samples
        outcomes: list[tuple[JudgeReply, Usage] | JudgeError] = []

        def consistent(reply: JudgeReply) -> str | None:
            return contradiction(reply, scoring)

        async def sample(i: int) -> None:
            outcome: tuple[JudgeReply, Usage] | JudgeError
            try:
                outcome = await self.client.ask(
                    messages, JudgeReply, prompt_version=PROMPT_VERSION, sample=i,
                    rules_hash=rules_hash, check=consistent,
                )
            except JudgeError as exc:
                outcome = exc
            except Exception as exc:  # never let one record take the batch down
                outcome = JudgeError(f"judge: {type(exc).__name__}: {first_line(str(exc))}")
            outcomes.append(outcome)
            if len(outcomes) == n:
                verdict = self._verdict(outcomes, n, scoring)
                if isinstance(verdict, Verdict):
                    verdict = verdict.model_copy(update={
                        "reasons": doubt(verdict, scoring, request.alignment.reasons)})
                done[slot] = verdict

        if n == 1:
            await sample(0)
        else:
            await asyncio.gather(*(sample(i) for i in range(n)))

    def _verdict(
        self, outcomes: Sequence[tuple[JudgeReply, Usage] | JudgeError], n: int,
        scoring: Scoring,
    ) -> Verdict | JudgeError:
        """The record's verdict from its samples' outcomes, with everything they cost."""
        from stef_judges.llm_budget import add_usage

        usage = Usage(cached=True)
        for outcome in outcomes:
            spent = outcome.usage if isinstance(outcome, JudgeError) else outcome[1]
            usage = add_usage(usage, spent or Usage())
        good = [o for o in outcomes if not isinstance(o, JudgeError)]
        if not good:
            first = next(o for o in outcomes if isinstance(o, JudgeError))
            return JudgeError(str(first), usage=usage.model_copy(update={"cached": False}))
        label, gamma, rationale = combine([r for r, _ in good], n, scoring)
        return Verdict(
            label=label,
            confidence=gamma,
            rationale=rationale,
            judge=f"llm:{self.config.model}",
            usage=usage,
        )

    def close(self) -> None:
        self.client.close()


# --------------------------------------------------------------------------------------------
# The question-side extractor
# --------------------------------------------------------------------------------------------


def _fold_value(value: Any) -> Any:
    """Values as the rule-based side normalizes them: folded strings, integral numbers as int,
    lists as sorted tuples."""
    if isinstance(value, list):
        items = tuple(_fold_value(v) for v in value)
        return tuple(sorted(items, key=lambda v: (str(type(v)), str(v))))
    if isinstance(value, str):
        return " ".join(value.lower().split())
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _column(name: str | None) -> str | None:
    if not name:
        return None
    return "_".join(name.strip().lower().split()) or None


def _is_time_value(value: object) -> bool:
    """A date, month or year the model put in a filter ('2024-03', 2024, '201309')."""
    from stef_core.periods import literal_span

    text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    return bool(text) and literal_span(text, compact=True) is not None


def to_question_spec(reply: SpecReply, base: QuestionSpec) -> QuestionSpec:
    """Put the model's structured dimensions into ``base`` (which keeps the grounding fields:
    words, numbers, text, drift)."""
    filters = tuple(
        Filter(column=_column(f.column), op=f.op, value=_fold_value(f.value), source="question")
        for f in reply.filters
        # -- dates: the base's periods hold the question's times (stef_question.concepts.time)
        if not (base.periods and _is_time_value(_fold_value(f.value)))
    )
    order = None
    if reply.order is not None and (reply.order.direction or reply.order.by):
        order = OrderRequest(direction=reply.order.direction, by=_column(reply.order.by))
    return replace(
        base,
        aggregations=tuple(dict.fromkeys(reply.aggregations)),
        filters=filters,
        group_by=tuple(c for c in (_column(g) for g in reply.group_by) if c),
        order=order,
        top_k=reply.top_k,
        distinct=reply.distinct,
        projections=tuple(c for c in (_column(p) for p in reply.projections) if c),
    )


class LlmQuestionExtractor(QuestionExtractor):
    """Asks an LLM for the question's spec (aggregations, filters, grouping, order, top-k)."""

    id = "llm"
    version = "1"

    def __init__(self, **options: Any) -> None:
        from stef_judges.llm_client import LlmClient
        from stef_judges.llm_config import LlmConfig

        self.config = LlmConfig.from_options(
            options, what="question extractor", flag="--question-extractor"
        )
        self.client = LlmClient(self.config, prefix="question")

    def extract(
        self, question: str, enriched_question: str | None, rules: Ruleset
    ) -> QuestionSpec:
        from stef_judges.llm_prompt import EXTRACT_PROMPT_VERSION, SpecReply, extract_messages

        base = _rule_based(question, enriched_question, rules)
        reply, _ = self.client.run(self.client.ask(
            extract_messages(question, enriched_question), SpecReply,
            prompt_version=EXTRACT_PROMPT_VERSION,
        ))
        return to_question_spec(reply, base)

    def close(self) -> None:
        self.client.close()


def _rule_based(question: str, enriched_question: str | None, rules: Ruleset) -> QuestionSpec:
    """The grounding fields (text, words, numbers, drift) come from the rule-based reader, so
    the aligner and judges see the same evidence whichever extractor built the structure."""
    reader = _rule_based_reader()
    if reader is None:  # the built-in question plugin is not installed: ground on raw text
        text = " ".join((question + " " + (enriched_question or "")).lower().split())
        return QuestionSpec(text=text, words=frozenset(text.split()))
    return reader.extract(question, enriched_question, rules)


@lru_cache(maxsize=1)
def _rule_based_reader() -> QuestionExtractor | None:
    """The installed rule-based question extractor (id ``question``), looked up through the
    registry rather than imported: a judge plugin depends on STEF's contracts only."""
    from stef_core.errors import PluginError
    from stef_core.registry import Registry

    try:
        return Registry.discover().get(QuestionExtractor, "question")()
    except PluginError:
        return None


@hookimpl
def stef_register_judges() -> list[type[Judge]]:
    return [LlmJudge]


@hookimpl
def stef_register_extractors() -> list[type[QuestionExtractor]]:
    return [LlmQuestionExtractor]
