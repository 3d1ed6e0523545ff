"""``policy``: a judge that fails any SQL reading a forbidden table, and otherwise defers.

Why: some tables (salaries, personal data) must never be queried by an agent, however right
the answer; such SQL is ``incorrect`` with confidence 1.0 whatever the question was.

Forbidden tables come from two places, merged:

* judge options: ``Engine(judge="policy", judge_options={"tables": "salaries,payroll"})``,
  or on the command line ``stef eval --judge policy:salaries,payroll`` (the text after the
  colon reaches the judge as its ``model`` option, read here as the table list);
* R_app notes, one table per note: ``forbid table salaries`` (``note "forbid table
  salaries"`` in a ``.stef`` ruleset).

Names compare case-insensitively and without schema (``hr.salaries`` forbids ``salaries``).
Any other SQL gets the verdict of the judge named by the ``fallback`` option (default
``offline``), so the policy sits in front of whichever judge a deployment uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from stef_core import hookimpl
from stef_core.contracts import Judge, JudgeError, JudgeRequest, StefError
from stef_core.models import Usage, Verdict

_NOTE = re.compile(r"^\s*forbid(?:den)?\s+tables?\s+(.+?)\s*$", re.IGNORECASE)


def _names(text: str | Iterable[str]) -> set[str]:
    items = re.split(r"[,\s]+", text) if isinstance(text, str) else list(text)
    return {item.strip().strip('"`[]').split(".")[-1].lower() for item in items if item.strip()}


def forbidden_tables(options: dict[str, Any], notes: Iterable[str]) -> set[str]:
    """The forbidden table names from judge options and R_app notes.

    >>> sorted(forbidden_tables({"tables": "hr.Salaries, payroll"}, ["forbid table ssn_vault"]))
    ['payroll', 'salaries', 'ssn_vault']
    """
    tables: set[str] = set()
    for key in ("tables", "model"):  # "model" is what `--judge policy:ARG` passes
        if options.get(key):
            tables |= _names(options[key])
    for note in notes:
        m = _NOTE.match(note)
        if m:
            tables |= _names(m.group(1))
    return tables


class PolicyJudge(Judge):
    """Marks SQL that reads a forbidden table incorrect; otherwise asks the fallback judge."""

    id = "policy"
    version = "1"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if options.get("fallback") == self.id:
            raise StefError("policy judge: the fallback judge cannot be 'policy' itself; "
                            "use fallback='offline' or another judge id")
        self._fallback: Judge | None = None

    def fallback(self) -> Judge:
        """The judge for SQL that breaks no policy, built on first use."""
        if self._fallback is not None:
            return self._fallback
        # Looked up through the registry rather than imported, so the fallback can be any
        # installed judge (``fallback="llm"``) and this plugin depends on STEF's contracts only.
        from stef_core.registry import Registry

        name = str(self.options.get("fallback", "offline"))
        judge_cls = Registry.discover().get(Judge, name)
        passed = {k: v for k, v in self.options.items()
                  if k not in {"tables", "model", "fallback"}}
        judge = judge_cls(**passed)
        self._fallback = judge
        return judge

    def violation(self, request: JudgeRequest) -> Verdict | None:
        """The ``incorrect`` verdict when the SQL reads a forbidden table, else None."""
        forbidden = forbidden_tables(self.options, request.rules.notes)
        touched = sorted(forbidden & {t.lower() for t in request.sql.tables})
        if not touched:
            return None
        return Verdict(
            label="incorrect",
            confidence=1.0,
            rationale=f"policy: the SQL reads forbidden table(s) {', '.join(touched)}",
            judge=self.id,
            usage=Usage(),
        )

    def judge(self, request: JudgeRequest) -> Verdict:
        [verdict] = self.judge_many([request])
        if isinstance(verdict, JudgeError):
            raise verdict
        return verdict

    def judge_many(self, requests: Sequence[JudgeRequest]) -> list[Verdict | JudgeError]:
        out: list[Verdict | JudgeError | None] = [self.violation(r) for r in requests]
        rest = [i for i, v in enumerate(out) if v is None]
        if rest:
            # One batch for the fallback, so an LLM judge still runs its calls concurrently.
            answers = self.fallback().judge_many([requests[i] for i in rest])
            for i, answer in zip(rest, answers, strict=True):
                if isinstance(answer, Verdict):
                    answer = answer.model_copy(update={"judge": f"{self.id}>{answer.judge}"})
                out[i] = answer
        return [v for v in out if v is not None]

    def close(self) -> None:
        if self._fallback is not None:
            self._fallback.close()


@hookimpl
def stef_register_judges() -> list[type[Judge]]:
    return [PolicyJudge]
