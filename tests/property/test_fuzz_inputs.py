"""Fuzz: hostile records in every input format yield exactly one valid JSON line each, and the
run ends as documented (exit 0, no traceback) (issue 16).

Two layers, both fast: hypothesis drives the reader, engine and writer in process (hundreds of
generated files in seconds), and one `stef eval` process per format checks the exit code and
stderr on a larger seeded file. ``benchmarks/campaign.py`` runs the same generators at scale.
"""

from __future__ import annotations

import random
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stef_core.engine import Engine
from stef_core.io import Notes, output_line, read_items
from stef_core.limits import Limits
from stef_core.testing.hostile import FORMATS, Case, violations, write_file

# Small limits, so that the limit paths run on small, fast records.
LIMITS = Limits(line=64 * 1024, question=2000, enriched=2000, sql=4000, values=200,
                output=64 * 1024, time=5)
FAST = settings(max_examples=30, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@lru_cache(maxsize=1)
def engine() -> Engine:
    return Engine(limits=LIMITS)


def in_process(case: Case) -> tuple[bytes, str]:
    """What `stef eval` writes for ``case``, without the process: reader, engine, writer."""
    assert case.stdin is None
    notes = Notes()
    lines = []
    for result in engine().run(read_items([case.path], limits=LIMITS, notes=notes)):
        line, _ = output_line(result, LIMITS, notes)
        lines.append(line + "\n")
    return "".join(lines).encode("utf-8"), ""


@pytest.mark.parametrize("fmt", [f for f in FORMATS if f != "stdin"])  # stdin: below
@FAST
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 12))
def test_every_hostile_record_yields_one_valid_line(tmp_path: Path, fmt: str, seed: int,
                                                    n: int) -> None:
    if fmt == "parquet":
        pytest.importorskip("pyarrow")
    case = write_file(random.Random(seed), tmp_path, fmt, n)
    out, err = in_process(case)
    assert violations(out, err, 0, case) == []


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
def test_stef_eval_on_a_hostile_file_exits_0_without_a_traceback(tmp_path: Path,
                                                                 fmt: str) -> None:
    if fmt == "parquet":
        pytest.importorskip("pyarrow")
    case = write_file(random.Random(16), tmp_path, fmt, 150)
    proc = subprocess.run(
        [sys.executable, "-m", "stef_core", "eval", case.path, "--no-progress",
         "--limit", "line=65536", "--limit", "question=2000", "--limit", "sql=4000",
         "--summary-json", str(tmp_path / "summary.json")],
        input=case.stdin, capture_output=True, timeout=300, check=False)
    assert violations(proc.stdout, proc.stderr.decode("utf-8", "replace"), proc.returncode,
                      case) == []
