"""The STEF pytest plugin (entry point ``pytest11: stef``): a ``stef`` fixture.

pytest loads this module in *every* run once STEF is installed, so it imports nothing heavy:
the engine, sqlglot and pydantic load only when a test asks for the fixture.

::

    def test_agent_answer(stef):
        result = stef.score("How many users are active?", agent_sql)
        assert result.score >= 90
        stef.assert_answers("How many users are active?", agent_sql, min_score=90)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from stef_core.models import Result


class StefFixture:
    """Scores records with engines cached for the whole session (one per rules and judge)."""

    def score(self, question: str, sql: str, **kw: Any) -> Result:
        """Score one answer; ``kw`` as :func:`stef_core.testing.score_one` (rules, judge ...)."""
        from stef_core.testing import score_one

        return score_one(question, sql, **kw)

    def assert_answers(self, question: str, sql: str, *, min_score: float, **kw: Any) -> Result:
        """:func:`stef_core.testing.assert_sql_answers` as a method."""
        __tracebackhide__ = True
        from stef_core.testing import assert_sql_answers

        return assert_sql_answers(question, sql, min_score=min_score, **kw)


@pytest.fixture(scope="session")
def stef() -> Iterator[StefFixture]:
    """Score text-to-SQL answers with STEF: ``stef.score(question, sql, **kw)``."""
    yield StefFixture()
    from stef_core.testing import close_engines

    close_engines()  # an LLM judge's connections and cache flush at session end
