"""STEF in MLflow, end to end on this machine (``pip install '.[mlflow]'``; see docs/monitoring.md).

1. A small text-to-SQL "agent" answers four questions, traced by MLflow in experiment
   ``crm-agent`` (MLflow's default local store, ``./mlflow.db``); its log, with each call's
   trace id, goes to ``crm_traced.jsonl``.
2. ``mlflow.genai.evaluate`` scores the same rows with STEF's scorer and the deployment's
   ruleset (``examples/crm.stef``), in experiment ``crm-eval``.

Then ``stef eval crm_traced.jsonl --rules examples/crm.stef --map id=trace_id -o
crm_results.jsonl`` and ``stef export mlflow crm_results.jsonl --experiment crm-agent`` put
STEF's feedback on the agent's traces.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")  # STEF's examples send nothing

import mlflow

from stef_core.integrations.mlflow import stef_scorer

RULES = Path(__file__).with_name("crm.stef")
#: What the agent answered (a right answer, a wrong country, a wrong activity type, a LIMIT
#: nobody asked for).
ANSWERS = [
    ("How many deals did we win in May 2024?",
     "SELECT COUNT(*) FROM opportunities WHERE stage = 'closed_won' "
     "AND close_date >= '2024-05-01' AND close_date < '2024-06-01'"),
    ("List the gold clients in France",
     "SELECT name FROM accounts WHERE tier = 'gold' AND country = 'Germany'"),
    ("How many meetings did Anna Berg have?",
     "SELECT COUNT(*) FROM activities WHERE type = 'call' AND owner = 'Anna Berg'"),
    ("List the contacts at Globex",
     "SELECT c.name FROM contacts c JOIN accounts a ON a.id = c.account_id "
     "WHERE a.name = 'Globex' LIMIT 10"),
]


def trace_agent(log_path: str | Path, experiment: str = "crm-agent") -> list[dict[str, Any]]:
    """Run the agent under MLflow tracing; write its log (question, SQL, trace id)."""
    mlflow.set_experiment(experiment)

    @mlflow.trace(name="text2sql")
    def agent(question: str) -> str:
        return dict(ANSWERS)[question]

    log = []
    for question, _ in ANSWERS:
        sql = agent(question)
        log.append({"trace_id": mlflow.get_last_active_trace_id(), "agent": "crm-assistant@2.1",
                    "question": question, "sql": sql})
    Path(log_path).write_text("".join(json.dumps(r) + "\n" for r in log), encoding="utf-8")
    return log


def evaluate_rows(experiment: str = "crm-eval") -> Any:
    """``mlflow.genai.evaluate`` over the same rows with STEF's scorer."""
    mlflow.set_experiment(experiment)
    data = [{"inputs": {"question": q}, "outputs": sql} for q, sql in ANSWERS]
    return mlflow.genai.evaluate(data=data, scorers=[stef_scorer(rules=str(RULES))])


if __name__ == "__main__":
    trace_agent("crm_traced.jsonl")
    result = evaluate_rows()
    print({k: round(float(v), 3) for k, v in result.metrics.items()})
