"""Scale benchmark: peak memory of ``stef eval`` stays flat however many records stream through.

For each size N it generates N synthetic records (``speed.generate_records``) to a temporary JSONL
file, runs ``python -m stef_core eval FILE -o - --no-progress`` in a subprocess and reports:

* the child's peak RSS: its ``VmHWM``, read as results arrive (``ru_maxrss`` from ``os.wait4``
  is reported too, but it also counts pages shared with this process before exec);
* its RSS (``/proc/<pid>/status`` VmRSS) when the 1st, 10,000th, 100,000th ... result line
  arrived, read while the results stream out (they are counted and thrown away), so one long run
  shows whether memory grows with the records already done;
* wall and CPU seconds, records per second.

Flat means the peak at 1,000,000 records is about the peak at 10,000.

    python benchmarks/scale.py                       # 10k and 100k (a few minutes)
    python benchmarks/scale.py --sizes 10000 100000 1000000 --json scale.json

The 1M run takes a while (tens of minutes on a small machine): run it in the background.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed import generate_records, write_jsonl

CHECKPOINTS = (1, 1_000, 10_000, 100_000, 250_000, 500_000, 750_000, 1_000_000, 10_000_000)


def vm_rss_mib(pid: int, field: str = "VmRSS") -> float | None:
    """The process's current (``VmRSS``) or peak (``VmHWM``) resident set in MiB (Linux)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(field + ":"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


def run_eval(path: Path, n: int) -> dict[str, Any]:
    """Stream ``path`` through the CLI; peak and checkpoint memory, time, records seen."""
    import subprocess

    cmd = [sys.executable, "-m", "stef_core", "eval", str(path), "-o", "-", "--no-progress"]
    t0 = time.perf_counter()
    # stderr (the summary table, any error) goes to a file, kept for a failure message
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err)
        assert proc.stdout is not None
        lines = 0
        hwm = 0.0  # the child's own peak (VmHWM), read as its results arrive
        rss_at: dict[str, float | None] = {}
        pending = [c for c in CHECKPOINTS if c <= n]
        while True:
            chunk = proc.stdout.read1(1 << 20)  # type: ignore[attr-defined]
            if not chunk:
                break
            lines += chunk.count(b"\n")
            hwm = max(hwm, vm_rss_mib(proc.pid, "VmHWM") or 0.0)
            while pending and lines >= pending[0]:
                mark = pending.pop(0)
                rss_at[f"{mark:,}"] = vm_rss_mib(proc.pid)
                # progress on stderr, so a run cut short still says how far memory stayed flat
                print(f"  {mark:>10,} done after {time.perf_counter() - t0:7.1f} s: RSS "
                      f"{rss_at[f'{mark:,}']} MiB", file=sys.stderr, flush=True)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        code = os.waitstatus_to_exitcode(status)
        proc.returncode = code
        if code not in (0, 1) or lines != n:
            err.seek(0)
            tail = err.read().decode(errors="replace")[-800:]
            raise SystemExit(f"scale: stef eval exited with {code} after {lines} of {n} result "
                             f"lines: {tail}")
    cpu = usage.ru_utime + usage.ru_stime
    return {
        "records": n,
        # ru_maxrss also counts pages shared with this process before exec; VmHWM is the child's
        "max_rss_mib": round(max(hwm, 0.0), 1),
        "ru_maxrss_mib": round(usage.ru_maxrss / 1024, 1),  # Linux reports KiB
        "rss_mib_after_records": rss_at,
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "records_per_s_cpu": round(n / cpu, 1) if cpu else None,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000], metavar="N",
                    help="record counts to run (default: 10000 100000)")
    ap.add_argument("--json", type=Path, metavar="OUT", help="also write the figures as JSON")
    ap.add_argument("--tmp", type=Path, help="folder for the generated file (default: system temp)")
    args = ap.parse_args(argv)

    rows: list[dict[str, Any]] = []
    for n in args.sizes:
        with tempfile.TemporaryDirectory(prefix="stef-scale-", dir=args.tmp) as tmp:
            path = Path(tmp) / f"records-{n}.jsonl"
            write_jsonl(generate_records(n), path)
            size_mib = round(path.stat().st_size / 2**20, 1)
            row = run_eval(path, n)
            row["input_mib"] = size_mib
            rows.append(row)
            print(f"{n:>10,} records ({size_mib} MiB input): peak RSS {row['max_rss_mib']} MiB; "
                  f"RSS after records {row['rss_mib_after_records']}; {row['wall_s']} s wall, "
                  f"{row['records_per_s_cpu']} records/CPU-s", flush=True)

    print("\n| records | input MiB | peak RSS MiB | wall s | records/CPU-s |")
    print("|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['records']:,} | {r['input_mib']} | {r['max_rss_mib']} | {r['wall_s']} | "
              f"{r['records_per_s_cpu']} |")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"runs": rows}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
