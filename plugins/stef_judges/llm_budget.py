"""What LLM calls cost, and the cost cap (``--max-cost``) that bounds it.

Every call counts, retries and repair turns included. The cap is never exceeded whatever the
concurrency: a call first reserves its worst case (:func:`worst_case_cost`: the prompt's tokens
with a margin, and the output limit STEF sends, at the model's price) and settles to its real
cost when it returns; a call given up on (timed out, cancelled) keeps its worst case, since the
provider may have billed it.

Nothing here imports litellm: the price functions come in as the litellm module the client
already imported.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass
from typing import Any

from stef_core.models import Usage

#: The cost cap's prompt estimate: litellm's token count (exact for OpenAI's tokenizers, close
#: for others) plus this margin and a few tokens of chat framing per message.
PROMPT_MARGIN = 1.25
FRAMING_TOKENS = 8


class NoPrice(Exception):
    """litellm knows no price for the model, so a cost cap cannot be enforced."""


@dataclass
class Tally:
    """What one reply (all its attempts and its repair turn) cost; a mutable :class:`Usage`."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    calls: int = 0

    def add(self, usage: Usage) -> None:
        self.prompt_tokens += usage.prompt_tokens
        self.completion_tokens += usage.completion_tokens
        self.cost_usd += usage.cost_usd
        self.calls += usage.calls

    def usage(self) -> Usage:
        return Usage(
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
            cost_usd=self.cost_usd,
            calls=self.calls,
        )


def add_usage(a: Usage, b: Usage) -> Usage:
    """The sum of two usages; cached only when both were.

    >>> add_usage(Usage(calls=1, cost_usd=0.5), Usage(calls=2, cached=True)).calls
    3
    """
    return Usage(
        prompt_tokens=a.prompt_tokens + b.prompt_tokens,
        completion_tokens=a.completion_tokens + b.completion_tokens,
        cost_usd=a.cost_usd + b.cost_usd,
        cached=a.cached and b.cached,
        calls=a.calls + b.calls,
    )


def worst_case_cost(
    litellm: Any, model: str, messages: list[dict[str, str]], max_tokens: int
) -> float:
    """What a call with ``messages`` can cost at most: its prompt tokens (with a margin) and
    ``max_tokens`` of output at ``model``'s price in litellm's map.

    Raises:
        NoPrice: when litellm knows no price for the model.
    """
    try:
        counted = int(litellm.token_counter(model=model, messages=messages))
    except Exception:
        counted = sum(len(m["content"].encode("utf-8")) for m in messages)  # >= tokens
    prompt = math.ceil(counted * PROMPT_MARGIN) + FRAMING_TOKENS * len(messages)
    try:
        p_cost, c_cost = litellm.cost_per_token(
            model=model, prompt_tokens=prompt, completion_tokens=max_tokens
        )
    except Exception:
        raise NoPrice(model) from None
    return float(p_cost) + float(c_cost)


@dataclass
class Budget:
    """The run's spend and the cost cap (``max_cost``), with reservations for calls in flight.

    A call reserves its worst case before it starts and settles to its real cost when it ends,
    so ``spent + reserved`` never passes the cap whatever the concurrency. A call that does not
    fit waits while other calls are in flight (they usually cost less than they reserved), and
    is refused only when nothing is left in flight to free room. Used only from the event
    loop's thread, so no lock.

    >>> b = Budget(limit=1.0)
    >>> b.fits(0.6), b.take(0.6), b.fits(0.6)
    (True, None, False)
    >>> b.settle(0.6, 0.1); b.fits(0.6), round(b.spent, 2)
    (True, 0.1)
    """

    limit: float | None = None
    spent: float = 0.0
    reserved: float = 0.0
    in_flight: int = 0
    calls: int = 0
    _settled: asyncio.Event | None = None

    def fits(self, amount: float) -> bool:
        """Whether ``amount`` more stays within the cap."""
        return self.limit is None or self.spent + self.reserved + amount <= self.limit + 1e-12

    def take(self, amount: float) -> None:
        self.reserved += amount
        self.in_flight += 1

    async def reserve(self, amount: float) -> bool:
        """Hold ``amount`` for a call about to start; False when it can never fit."""
        while not self.fits(amount):
            if self.in_flight == 0:
                return False
            if self._settled is None:
                self._settled = asyncio.Event()
            await self._settled.wait()
        self.take(amount)
        return True

    def settle(self, reserved: float, cost: float) -> None:
        """A call ended: release its reservation and book what it cost."""
        self.reserved = max(0.0, self.reserved - reserved)
        self.in_flight -= 1
        self.spent += cost
        settled, self._settled = self._settled, None
        if settled is not None:
            settled.set()  # wake the calls waiting for room
