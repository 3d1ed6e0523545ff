"""Synthetic results for the monitoring tests (no engine needed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from click.testing import Result as ClickResult

from stef_core.models import Reason, Result


def band(score: float) -> str:
    return "excellent" if score >= 90 else "good" if score >= 75 else "marginal" if score >= 50 \
        else "poor"


def result(rid: str, agent: str, score: float | None, *, ts: str | None = None,
           reasons: tuple[str, ...] = (), error: str | None = None,
           gamma: float | None = None, label: int | None = None) -> Result:
    if score is None:
        return Result(id=rid, agent=agent, status="unscored", error=error or "sql: bad",
                      timestamp=ts, label=label)  # type: ignore[arg-type]
    return Result(
        id=rid, agent=agent, status="scored", score=score, band=band(score),  # type: ignore[arg-type]
        reasons=[Reason(code=c, message=f"{c} in {rid}") for c in reasons], timestamp=ts,
        confidence=gamma, label=label,  # type: ignore[arg-type]
    )


def write(path: Path, results: list[Result], extra: dict[str, dict[str, Any]] | None = None) -> str:
    with open(path, "w", encoding="utf-8") as fh:
        for r in results:
            data = json.loads(r.model_dump_json(exclude={"line"}))
            data.update((extra or {}).get(r.id, {}))
            fh.write(json.dumps(data) + "\n")
    return str(path)


def run(*args: str, env: dict[str, str] | None = None) -> ClickResult:
    from stef_core.cli import (
        cli,
        commands,  # noqa: F401
    )

    return CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)
