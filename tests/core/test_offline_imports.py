"""An offline run imports nothing of the LLM judge's client: plugin discovery loads the LLM
judge's module, and that module defers everything of the client (asyncio, ssl, litellm, the
cache, the event loop) to the moment a judge is built. Checked for ``stef eval`` and for the
library's ``evaluate()``, each in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

#: What an offline run must not load: the LLM client's own modules and the libraries they use.
LLM_ONLY = (
    "asyncio",
    "ssl",
    "litellm",
    "tenacity",
    "httpx",
    "openai",
    "aiohttp",
    "stef_judges.llm_client",
    "stef_judges.llm_loop",
    "stef_judges.llm_budget",
    "stef_judges.llm_breaker",
    "stef_judges.llm_cache",
    "stef_judges.llm_config",
    "stef_judges.llm_prompt",
    "stef_judges.llm_transport",
)

PROBE = """
import json, sys
from stef_core.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print(json.dumps({"exit": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def test_an_offline_eval_imports_nothing_of_the_llm_client(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(
        json.dumps(
            {
                "id": "1",
                "question": "How many users are active?",
                "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'",
            }
        )
        + "\n",
        encoding="utf-8",
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            PROBE,
            "eval",
            str(src),
            "--no-progress",
            "-o",
            str(tmp_path / "out.jsonl"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    assert report["exit"] in (0, None), proc.stderr
    loaded = set(report["modules"])
    assert "stef_judges.llm" in loaded  # discovered like every plugin: the test means something
    assert "stef_judges.cascade" in loaded
    leaked = sorted(m for m in loaded if m.split(".")[0] in LLM_ONLY or m in LLM_ONLY)
    assert leaked == []


LIBRARY_PROBE = """
import json, sys
from stef_core.engine import evaluate
[result] = evaluate([{"id": "1", "question": "How many users are active?",
                      "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"}])
print(json.dumps({"status": result.status, "modules": sorted(sys.modules)}))
"""


def test_an_offline_evaluate_imports_nothing_of_the_llm_client() -> None:
    proc = subprocess.run([sys.executable, "-c", LIBRARY_PROBE], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["status"] == "scored"
    loaded = set(report["modules"])
    assert "stef_judges.llm" in loaded  # discovery loaded the LLM judge's module itself
    leaked = sorted(m for m in loaded if m.split(".")[0] in LLM_ONLY or m in LLM_ONLY)
    assert leaked == []
