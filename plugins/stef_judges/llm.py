"""The ``llm`` judge and the ``llm`` question extractor: any litellm model, or any
OpenAI-compatible server through ``--api-base``.

This is the only module of STEF that imports litellm, and it does so lazily: entry points load
at startup, and a user without the ``llm`` extra must still be able to run the offline judge.

Calls are cheap, steady and never silently wrong:

* bounded concurrency (``concurrency``, default 8) on one event loop kept in a background
  thread, so the synchronous engine can hand over one batch after another;
* retries with exponential backoff and jitter on 429, 5xx, connection errors and timeouts;
  a per-call timeout;
* a reply that is not the JSON object asked for gets one repair turn; after that the record is
  unscored with an error that starts with ``judge:``, never given a made-up verdict;
* a SQLite cache of successful replies (on by default; errors are never cached);
* ``samples`` verdicts per record, majority label, confidence scaled by agreement;
* tokens and USD per record, and ``max_cost`` that stops new calls once reached.

Example: ``stef eval logs.jsonl --judge llm:openai/gpt-4o-mini`` or, for a local server,
``stef eval logs.jsonl --judge llm:openai/qwen2.5 --api-base http://localhost:8000/v1``.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import importlib.util
import os
import threading
from collections import Counter
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from stef_core import hookimpl
from stef_core.contracts import (
    Judge,
    JudgeError,
    JudgeRequest,
    QuestionExtractor,
    StefError,
)
from stef_core.models import Ruleset, Usage, Verdict
from stef_core.spec import Filter, OrderRequest, QuestionSpec
from stef_judges.llm_cache import Cache, cache_key
from stef_judges.llm_prompt import (
    EXTRACT_PROMPT_VERSION,
    PROMPT_VERSION,
    REPAIR_MESSAGE,
    JudgeReply,
    SpecReply,
    extract_messages,
    json_object,
    judge_messages,
)

MISSING_EXTRA = "the llm judge needs the 'llm' extra: pip install 'stef[llm]'"

DEFAULT_CONCURRENCY = 8
DEFAULT_TIMEOUT = 60.0
DEFAULT_RETRIES = 4
DEFAULT_BACKOFF = 1.0
#: Temperature of samples after the first: enough spread for self-consistency to mean
#: something, low enough that the model stays on task.
SAMPLE_TEMPERATURE = 0.7

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)


def _import_litellm() -> Any:
    """Import litellm without letting it touch the network; StefError when it is missing."""
    # litellm downloads a model price map on import unless told to use its bundled copy: STEF
    # talks to nothing but the judge it was told to use.
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    try:
        import litellm
    except ImportError:
        raise StefError(MISSING_EXTRA) from None
    # litellm prints "Give Feedback / Get Help" banners on errors; STEF reports errors itself.
    litellm.suppress_debug_info = True
    return litellm


def _require_extra() -> None:
    """StefError unless litellm and tenacity are installed; imports neither (litellm takes
    seconds to import, and a re-run served from the cache never needs it)."""
    for name in ("litellm", "tenacity"):
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            raise StefError(MISSING_EXTRA)


# --------------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LlmConfig:
    """The options shared by the judge and the extractor (CLI flags arrive as these names)."""

    model: str
    api_base: str | None = None
    api_key: str | None = None
    concurrency: int = DEFAULT_CONCURRENCY
    samples: int = 1
    timeout: float = DEFAULT_TIMEOUT
    retries: int = DEFAULT_RETRIES
    retry_backoff: float = DEFAULT_BACKOFF
    cache_dir: str | None = None
    no_cache: bool = False
    max_cost: float | None = None

    @classmethod
    def from_options(cls, options: dict[str, Any], *, what: str, flag: str) -> LlmConfig:
        """Build from constructor options; unknown options are ignored (other plugins' flags).

        Raises:
            StefError: when the model is missing or a number is out of range.
        """
        model = str(options.get("model") or "").strip()
        if not model:
            raise StefError(f"the llm {what} needs a model: {flag} llm:<litellm model>, "
                            "e.g. llm:openai/gpt-4o-mini")

        def number(name: str, default: float, low: float) -> float:
            value = options.get(name)
            if value is None:
                return default
            try:
                out = float(value)
            except (TypeError, ValueError):
                raise StefError(f"llm {what}: option {name!r} must be a number, found "
                                f"{value!r}") from None
            if out < low:
                raise StefError(f"llm {what}: option {name!r} must be at least {low:g}, "
                                f"found {value!r}")
            return out

        max_cost = options.get("max_cost")
        return cls(
            model=model,
            api_base=options.get("api_base") or None,
            api_key=options.get("api_key") or os.environ.get("STEF_LLM_API_KEY") or None,
            concurrency=int(number("concurrency", DEFAULT_CONCURRENCY, 1)),
            samples=int(number("samples", 1, 1)),
            timeout=number("timeout", DEFAULT_TIMEOUT, 0.01),
            retries=int(number("retries", DEFAULT_RETRIES, 0)),
            retry_backoff=number("retry_backoff", DEFAULT_BACKOFF, 0),
            cache_dir=options.get("cache_dir") or None,
            no_cache=bool(options.get("no_cache")),
            max_cost=None if max_cost is None else number("max_cost", 0, 0),
        )


# --------------------------------------------------------------------------------------------
# The event loop: one per client, in a background thread
# --------------------------------------------------------------------------------------------


class _LoopThread:
    """An asyncio loop running in a daemon thread, shared by every LLM client of the process.

    The engine is synchronous and calls ``judge_many`` once per batch. ``asyncio.run`` per batch
    would close the loop that litellm's pooled HTTP clients and its process-wide logging worker
    are bound to, so the next batch would fail; one long-lived loop keeps them valid across
    batches, judges and extractors, and also works when the caller already runs a loop (a
    notebook).
    """

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="stef-llm", daemon=True)
        self.thread.start()

    def alive(self) -> bool:
        return self.thread.is_alive() and not self.loop.is_closed()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def close(self) -> None:
        """Cancel what is left (litellm's background logging), then stop the loop."""
        if not self.alive():
            return

        async def cancel_rest() -> None:
            rest = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in rest:
                task.cancel()
            await asyncio.gather(*rest, return_exceptions=True)

        with contextlib.suppress(Exception):  # shutting down: nothing useful to report
            asyncio.run_coroutine_threadsafe(cancel_rest(), self.loop).result(timeout=5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
        if not self.loop.is_running():
            self.loop.close()


_LOOP_LOCK = threading.Lock()
_LOOP: _LoopThread | None = None


def _shared_loop() -> _LoopThread:
    global _LOOP
    with _LOOP_LOCK:
        if _LOOP is None or not _LOOP.alive():
            _LOOP = _LoopThread()
            atexit.register(_LOOP.close)
        return _LOOP


# --------------------------------------------------------------------------------------------
# The client: one validated JSON reply per call, with retries, repair, cache and budget
# --------------------------------------------------------------------------------------------


@dataclass
class _Spend:
    """What the client has spent this run (all calls, including failed ones)."""

    cost_usd: float = 0.0
    calls: int = 0


class LlmClient:
    """Calls one model for validated JSON replies. Every public coroutine raises only
    :class:`JudgeError`."""

    def __init__(self, config: LlmConfig, *, prefix: str = "judge") -> None:
        _require_extra()
        self._litellm: Any = None
        self.config = config
        self.prefix = prefix
        self.cache: Cache | None = None if config.no_cache else Cache.open(config.cache_dir)
        self.spend = _Spend()
        self._loop = _shared_loop()
        self._semaphore: asyncio.Semaphore | None = None

    @property
    def litellm(self) -> Any:
        """litellm, imported on the first real call."""
        if self._litellm is None:
            self._litellm = _import_litellm()
        return self._litellm

    # ---- sync entry ----------------------------------------------------------------------

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the client's loop and wait for it."""
        return self._loop.run(coro)

    def close(self) -> None:
        # The loop is shared and outlives this client (see _LoopThread); the cache is ours.
        if self.cache is not None:
            self.cache.close()
            self.cache = None

    # ---- one validated reply -------------------------------------------------------------

    def _budget_reached(self) -> bool:
        limit = self.config.max_cost
        return limit is not None and self.spend.cost_usd >= limit

    def _budget_error(self) -> JudgeError:
        return JudgeError(f"{self.prefix}: --max-cost {self.config.max_cost:g} USD reached; "
                          "no further calls were made")

    async def ask(
        self,
        messages: list[dict[str, str]],
        schema: type[M],
        *,
        prompt_version: str,
        sample: int = 0,
    ) -> tuple[M, Usage]:
        """One reply validated against ``schema``, from the cache or the model.

        Raises:
            JudgeError: the call failed after retries, the reply stayed malformed after one
                repair turn, or ``max_cost`` was reached.
        """
        key = cache_key(self.config.model, prompt_version, messages, sample)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                try:
                    return schema.model_validate(hit[0]), Usage(cached=True)
                except ValidationError:
                    pass  # a row from an incompatible build: call again
        if self._budget_reached():
            raise self._budget_error()
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self.config.concurrency)
        temperature = 0.0 if sample == 0 else SAMPLE_TEMPERATURE
        async with self._semaphore:
            # Checked again: calls queued behind the semaphore must not start once spent.
            if self._budget_reached():
                raise self._budget_error()
            content, usage = await self._complete(messages, temperature)
            try:
                reply = schema.model_validate(json_object(content))
            except (ValueError, ValidationError) as exc:
                repair = [
                    *messages,
                    {"role": "assistant", "content": content or ""},
                    {"role": "user", "content": REPAIR_MESSAGE.format(error=_short_error(exc))},
                ]
                content, more = await self._complete(repair, temperature)
                usage = _add_usage(usage, more)
                try:
                    reply = schema.model_validate(json_object(content))
                except (ValueError, ValidationError) as exc2:
                    raise JudgeError(
                        f"{self.prefix}: malformed model output after one repair attempt: "
                        f"{_short_error(exc2)}"
                    ) from None
        if self.cache is not None:
            self.cache.put(key, reply.model_dump(mode="json"), usage.model_dump())
        return reply, usage

    async def _complete(
        self, messages: list[dict[str, str]], temperature: float
    ) -> tuple[str | None, Usage]:
        """One chat completion with retries; the reply text and what it cost."""
        from tenacity import (
            AsyncRetrying,
            retry_if_exception,
            stop_after_attempt,
            wait_exponential_jitter,
        )

        cfg = self.config
        kwargs: dict[str, Any] = {
            "model": cfg.model,
            "messages": messages,
            "temperature": temperature,
            "timeout": cfg.timeout,
            # Retries are ours (below): the SDKs' own would multiply them and hide the count.
            "max_retries": 0,
            "num_retries": 0,
        }
        if cfg.api_base:
            kwargs["api_base"] = cfg.api_base
        if cfg.api_key:
            kwargs["api_key"] = cfg.api_key
        elif cfg.api_base and cfg.model.startswith("openai/") and not os.environ.get(
            "OPENAI_API_KEY"
        ):
            # OpenAI-compatible local servers (vLLM, llama.cpp, Ollama) ignore the key, but the
            # OpenAI SDK refuses to start without one.
            kwargs["api_key"] = "no-key"

        attempts = cfg.retries + 1
        retrying = AsyncRetrying(
            stop=stop_after_attempt(attempts),
            wait=wait_exponential_jitter(
                multiplier=cfg.retry_backoff, max=max(cfg.retry_backoff * 32, 0.001),
                jitter=cfg.retry_backoff,
            ),
            retry=retry_if_exception(self._transient),
            reraise=True,
        )
        try:
            async for attempt in retrying:
                with attempt:
                    self.spend.calls += 1
                    # The SDK's timeout covers the HTTP exchange; this one also covers
                    # anything litellm does around it.
                    response = await asyncio.wait_for(
                        self.litellm.acompletion(**kwargs), timeout=cfg.timeout * 2 + 1
                    )
        except JudgeError:
            raise
        except Exception as exc:
            raise JudgeError(self._describe(exc, attempts)) from None
        usage = self._usage(response)
        self.spend.cost_usd += usage.cost_usd
        try:
            content = response.choices[0].message.content
        except (AttributeError, IndexError):
            content = None
        return content, usage

    def _transient(self, exc: BaseException) -> bool:
        lit = self.litellm
        if isinstance(exc, (asyncio.TimeoutError, lit.Timeout, lit.RateLimitError,
                            lit.APIConnectionError, lit.InternalServerError,
                            lit.ServiceUnavailableError)):
            return True
        status = getattr(exc, "status_code", None)
        return isinstance(status, int) and (status in (408, 409, 429) or status >= 500)

    def _describe(self, exc: BaseException, attempts: int) -> str:
        lit = self.litellm
        p = self.prefix
        tries = f"after {attempts} attempt{'s' if attempts != 1 else ''}"
        if isinstance(exc, (asyncio.TimeoutError, lit.Timeout)):
            return f"{p}: timed out after {self.config.timeout:g} s ({tries}); raise --timeout"
        status = getattr(exc, "status_code", None)
        detail = _first_line(str(getattr(exc, "message", "") or exc))
        if isinstance(exc, lit.RateLimitError) or status == 429:
            return f"{p}: rate limited (HTTP 429) {tries}; lower --concurrency"
        if isinstance(exc, lit.AuthenticationError) or status == 401:
            return f"{p}: authentication failed (HTTP 401): check the provider's API key"
        if isinstance(exc, lit.APIConnectionError) and not isinstance(status, int):
            return f"{p}: cannot reach the model server {tries}: {detail}"
        if isinstance(status, int):
            return f"{p}: model server answered HTTP {status} {tries}: {detail}"
        return f"{p}: {type(exc).__name__} {tries}: {detail}"

    def _usage(self, response: Any) -> Usage:
        u = getattr(response, "usage", None)
        prompt = int(getattr(u, "prompt_tokens", 0) or 0)
        completion = int(getattr(u, "completion_tokens", 0) or 0)
        try:
            cost = float(self.litellm.completion_cost(completion_response=response) or 0.0)
        except Exception:
            cost = 0.0  # a model litellm has no price for (a local server): tokens still count
        return Usage(prompt_tokens=prompt, completion_tokens=completion, cost_usd=cost, calls=1)


def _add_usage(a: Usage, b: Usage) -> Usage:
    return Usage(
        prompt_tokens=a.prompt_tokens + b.prompt_tokens,
        completion_tokens=a.completion_tokens + b.completion_tokens,
        cost_usd=a.cost_usd + b.cost_usd,
        cached=a.cached and b.cached,
        calls=a.calls + b.calls,
    )


def _first_line(text: str, limit: int = 200) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 3] + "..."


def _short_error(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        parts = []
        for err in exc.errors()[:3]:
            where = ".".join(str(x) for x in err["loc"]) or "reply"
            parts.append(f"{where}: {err['msg']}")
        return "; ".join(parts)
    return _first_line(str(exc))


# --------------------------------------------------------------------------------------------
# The judge
# --------------------------------------------------------------------------------------------


def combine(replies: Sequence[JudgeReply], requested: int) -> tuple[str, float, str]:
    """Majority label, confidence and rationale of ``replies`` out of ``requested`` samples.

    The confidence is the majority's mean confidence times the share of requested samples that
    agree with it (a failed sample counts as disagreement). A tie goes to the label with the
    higher mean confidence, then to the more severe one.

    >>> a = JudgeReply(verdict="correct", confidence=0.9)
    >>> b = JudgeReply(verdict="incorrect", confidence=0.6)
    >>> combine([a, a, b], 3)[:2]
    ('correct', 0.6)
    """
    severity = {"correct": 0, "likely_correct": 1, "potentially_incorrect": 2, "incorrect": 3}
    votes = Counter(r.verdict for r in replies)

    def mean_conf(label: str) -> float:
        confs = [r.confidence for r in replies if r.verdict == label]
        return sum(confs) / len(confs)

    label = max(votes, key=lambda lab: (votes[lab], mean_conf(lab), severity[lab]))
    share = votes[label] / max(requested, 1)
    confidence = round(mean_conf(label) * share, 4)
    rationale = next(r.rationale for r in replies if r.verdict == label)
    if requested > 1:
        rationale = f"{rationale} ({votes[label]} of {requested} samples agree)".strip()
    return label, confidence, rationale


class LlmJudge(Judge):
    """Asks an LLM (any litellm model or OpenAI-compatible server) for the verdict."""

    id = "llm"
    version = "1"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.config = LlmConfig.from_options(options, what="judge", flag="--judge")
        self.client = LlmClient(self.config, prefix="judge")

    def judge(self, request: JudgeRequest) -> Verdict:
        [out] = self.judge_many([request])
        if isinstance(out, JudgeError):
            raise out
        return out

    def judge_many(self, requests: Sequence[JudgeRequest]) -> list[Verdict | JudgeError]:
        async def run_all() -> list[Verdict | JudgeError]:
            return list(await asyncio.gather(*(self._judge_one(r) for r in requests)))

        return self.client.run(run_all())

    async def _judge_one(self, request: JudgeRequest) -> Verdict | JudgeError:
        messages = judge_messages(request)
        n = self.config.samples

        async def one(i: int) -> tuple[JudgeReply, Usage] | JudgeError:
            try:
                return await self.client.ask(
                    messages, JudgeReply, prompt_version=PROMPT_VERSION, sample=i
                )
            except JudgeError as exc:
                return exc
            except Exception as exc:  # never let one record take the batch down
                return JudgeError(f"judge: {type(exc).__name__}: {_first_line(str(exc))}")

        outcomes = await asyncio.gather(*(one(i) for i in range(n)))
        good = [o for o in outcomes if not isinstance(o, JudgeError)]
        if not good:
            return next(o for o in outcomes if isinstance(o, JudgeError))
        usage = good[0][1]
        for _, u in good[1:]:
            usage = _add_usage(usage, u)
        label, confidence, rationale = combine([r for r, _ in good], n)
        return Verdict(
            label=label,  # type: ignore[arg-type]
            confidence=confidence,
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


def to_question_spec(reply: SpecReply, base: QuestionSpec) -> QuestionSpec:
    """Put the model's structured dimensions into ``base`` (which keeps the grounding fields:
    words, numbers, text, drift)."""
    filters = tuple(
        Filter(column=_column(f.column), op=f.op, value=_fold_value(f.value), source="question")
        for f in reply.filters
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
        self.config = LlmConfig.from_options(
            options, what="question extractor", flag="--question-extractor"
        )
        self.client = LlmClient(self.config, prefix="question")

    def extract(
        self, question: str, enriched_question: str | None, rules: Ruleset
    ) -> QuestionSpec:
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
    try:
        from stef_question.extract import extract_question
    except ImportError:  # the built-in question plugin is not installed: ground on raw text
        text = " ".join((question + " " + (enriched_question or "")).lower().split())
        return QuestionSpec(text=text, words=frozenset(text.split()))
    return extract_question(question, enriched_question, rules)


@hookimpl
def stef_register_judges() -> list[type[Judge]]:
    return [LlmJudge]


@hookimpl
def stef_register_extractors() -> list[type[QuestionExtractor]]:
    return [LlmQuestionExtractor]
