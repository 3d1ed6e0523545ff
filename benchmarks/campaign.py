"""Hostile-input campaign: thousands of generated hostile records per input format through
``stef eval``, runs interrupted (Ctrl-C) and killed (SIGKILL) and resumed, and the time and
memory one record costs at each size limit.

The promise checked: every input record yields exactly one valid JSON output line; the run
exits as documented (0, or 130 after Ctrl-C) with no traceback; an interrupted or killed run
resumed with ``--resume`` ends with one line per record again. Any departure is a violation;
the campaign prints each one and the count (which must be 0).

Then the fault families of ``benchmarks/campaign_faults.py``, one per promise of issue 21:
outputs that are inputs (any spelling), ``--resume`` over another input or settings, a damaged,
foreign, locked or concurrently created run store, damaged Parquet row groups and long cells
(peak memory), dates past the calendar and non-finite numbers, plugins that fail to load,
coverage gates, duplicate ids, escaped names and unwritable outputs, and where an API key goes.

    python benchmarks/campaign.py                         # 3 files x 1,000 records per format
    python benchmarks/campaign.py --files 5 --records 2000 --json campaign.json
    python benchmarks/campaign.py --only faults           # the fault families alone
    python benchmarks/campaign.py --only faults --family store_faults

The records come from ``stef_core.testing.hostile`` (the same generators the fuzz tests use),
seeded: a violation can be replayed from the seed printed with it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from stef_core.testing.hostile import FORMATS, Case, violations, write_file

sys.path.insert(0, str(Path(__file__).resolve().parent))
from campaign_faults import FAMILIES  # a sibling script, not a package

STEF = [sys.executable, "-m", "stef_core", "eval", "--no-progress"]


def child_peak_mib() -> float:
    """Peak RSS of the largest child so far (MiB; Linux reports KiB)."""
    return round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)


def run_stef(case: Case, *args: str, timeout: float = 1800) -> tuple[bytes, str, int, float]:
    t0 = time.perf_counter()
    proc = subprocess.run([*STEF, case.path, *args], input=case.stdin, capture_output=True,
                          timeout=timeout, check=False)
    return proc.stdout, proc.stderr.decode("utf-8", "replace"), proc.returncode, \
        time.perf_counter() - t0


def formats_campaign(folder: Path, files: int, records: int, seed: int) -> dict[str, Any]:
    """Each format: ``files`` files of ``records`` hostile records, one `stef eval` each."""
    out: dict[str, Any] = {}
    for fmt in FORMATS:
        tried = bad = internal = limits = 0
        seconds = 0.0
        found: list[str] = []
        for k in range(files):
            case_seed = seed * 1000 + FORMATS.index(fmt) * 100 + k
            case = write_file(random.Random(case_seed), folder, fmt, records)
            stdout, stderr, code, dt = run_stef(case)
            seconds += dt
            tried += case.records
            problems = violations(stdout, stderr, code, case)
            internal += sum(": internal:" in p for p in problems)
            bad += len(problems)
            found += [f"{fmt} seed {case_seed}: {p}" for p in problems[:5]]
            limits += sum(b'"error":"limit:' in line for line in stdout.splitlines())
            if case.path != "-":
                Path(case.path).unlink()
        out[fmt] = {"records": tried, "violations": bad, "internal_errors": internal,
                    "limit_errors": limits, "seconds": round(seconds, 1),
                    "records_per_s": round(tried / seconds, 1) if seconds else None,
                    "examples": found[:10]}
        print(f"{fmt:8s} {tried:6,d} records  {bad} violations  {limits:5,d} limit errors  "
              f"{seconds:6.1f} s", flush=True)
    return out


def _wait_for_lines(path: Path, n: int, proc: subprocess.Popen[bytes], limit: float) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and path.read_bytes().count(b"\n") >= n:
            return
        time.sleep(0.01)


def stop_and_resume(folder: Path, runs: int, records: int, seed: int) -> dict[str, Any]:
    """Runs cut by Ctrl-C or SIGKILL at a random point, then resumed: the output must end with
    one valid line per record, the interrupted run's lines untouched."""
    rng = random.Random(seed)
    results = {"runs": 0, "sigint": 0, "sigkill": 0, "violations": 0, "examples": []}
    for k in range(runs):
        how = ("sigint", "sigkill")[k % 2]
        case = write_file(random.Random(seed * 7 + k), folder, "jsonl", records)
        out, db = folder / f"out-{k}.jsonl", folder / f"runs-{k}.sqlite"
        proc = subprocess.Popen([*STEF, case.path, "-o", str(out), "--store", str(db)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        _wait_for_lines(out, rng.randrange(1, records // 2), proc, 300)
        proc.send_signal(signal.SIGINT if how == "sigint" else signal.SIGKILL)
        _, err_bytes = proc.communicate(timeout=300)
        err = err_bytes.decode("utf-8", "replace")
        problems = []
        if how == "sigint" and proc.returncode not in (130, 0):
            problems.append(f"Ctrl-C: exit code {proc.returncode}")
        if "Traceback" in err:
            problems.append("traceback after the interrupt: " + err[-1500:])
        before = out.read_bytes() if out.exists() else b""
        complete = before[: before.rfind(b"\n") + 1]
        listed = subprocess.run([sys.executable, "-m", "stef_core", "runs", "list", "--json",
                                 "--store", str(db)], capture_output=True, text=True, check=False)
        if listed.returncode == 0 and json.loads(listed.stdout)[0]["status"] == "running":
            problems.append("the stopped run is still listed as running")
        _, stderr, code, _ = run_stef(case, "-o", str(out), "--resume")
        after = out.read_bytes()
        problems += violations(after, stderr, code, case)
        if not after.startswith(complete):
            problems.append("--resume changed lines the stopped run had written")
        results["runs"] += 1
        results[how] += 1
        results["violations"] += len(problems)
        results["examples"] += [f"{how} run {k}: {p}" for p in problems[:3]]
        for p in (out, db, Path(case.path)):
            p.unlink(missing_ok=True)
    print(f"stop+resume: {results['runs']} runs ({results['sigint']} Ctrl-C, "
          f"{results['sigkill']} SIGKILL), {results['violations']} violations", flush=True)
    return results


AT_THE_LIMIT = {
    "question of 10,000 chars, 5,000 numbers": dict(question="1," * 4999, sql="SELECT 1"),
    "1,900 quoted values vs an IN list of 1,990 others": dict(
        question=" ".join(f"'v{i}'" for i in range(1900))[:9999],
        sql="SELECT * FROM t WHERE c IN (" + ",".join(f"'w{i}'" for i in range(1990)) + ")"),
    "1,900 quoted values, all in the SQL's IN list": dict(
        question=" ".join(f"'v{i}'" for i in range(1900))[:9999],
        sql="SELECT * FROM t WHERE c IN (" + ",".join(f"'v{i}'" for i in range(1990)) + ")"),
    "OR chain of 1,990 terms": dict(
        question="How many?", sql="SELECT * FROM t WHERE " +
        " OR ".join(f"a = {i}" for i in range(1990))),
    "SQL of 100,000 chars (14,000 columns)": dict(
        question="How many?",
        sql="SELECT " + ",".join(f"c{i}" for i in range(14000))[:99990] + " FROM t"),
    "enriched question of 20,000 chars": dict(
        question="How many?", sql="SELECT 1",
        enriched_question="Hint: " + " AND ".join(f"c{i} = {i}" for i in range(2000))[:19990]),
    "over the limits: 100 KB question": dict(question="in (" + "1," * 50000 + ")",
                                            sql="SELECT 1"),
    "over the limits: 10,000 quoted values": dict(
        question="Which of " + " ".join(f"'v{i}'" for i in range(10000)),
        sql="SELECT * FROM t WHERE c IN (" + ",".join(f"'v{i}'" for i in range(10000)) + ")"),
}


_ONE = """
import json, sys, time, tracemalloc
from stef_core.engine import Engine
from stef_core.models import Record
from stef_core.io import output_line
e = Engine(); e.evaluate_batch([Record(id='w', question='How many?', sql='SELECT 1')])
r = Record(id='x', **json.loads(sys.stdin.read()))
if sys.argv[1] == 'memory':  # tracemalloc slows allocation down: a run of its own
    tracemalloc.start()
t = time.perf_counter(); [res] = e.evaluate_batch([r]); line, res = output_line(res)
dt = time.perf_counter() - t
peak = tracemalloc.get_traced_memory()[1] if sys.argv[1] == 'memory' else 0
print(json.dumps({'seconds': round(dt, 3), 'peak_mib': round(peak / 2**20, 1),
                  'status': res.status, 'error': (res.error or '')[:90],
                  'output_bytes': len(line.encode())}))
"""


def _one_record(spec: dict[str, str]) -> dict[str, Any]:
    """In fresh processes: the time one record takes (engine built and warmed first), and the
    peak memory Python allocates while scoring it (tracemalloc, in a second run)."""
    out: dict[str, Any] = {}
    for mode in ("time", "memory"):
        proc = subprocess.run([sys.executable, "-c", _ONE, mode], input=json.dumps(spec),
                              text=True, capture_output=True, timeout=1200, check=True)
        data = json.loads(proc.stdout)
        if mode == "time":
            out.update(data)
        else:
            out["peak_mib"] = data["peak_mib"]
    return out


def at_the_limits() -> dict[str, Any]:
    out = {}
    for name, spec in AT_THE_LIMIT.items():
        out[name] = _one_record(spec)
        r = out[name]
        print(f"  {name:52s} {r['seconds']:6.2f} s  {r['peak_mib']:6.1f} MiB  "
              f"{r['status']:8s} {r['output_bytes']:8,d} B  {r['error'][:50]}", flush=True)
    return out


#: a piece of text repeated to fill a field up to its limit: runs that make regular
#: expressions backtrack (digits and commas, word characters, quotes, brackets, keywords)
PIECES = ("x", "`", "1,", "x.", "'", "a in (", "Ab ", '"', "[", "1 ", "a = ", "per x ",
          "sorted by ", "the 5 ", "between 1 and ", "-1", "x_y", "xY", "\u00e9", "1.1.",
          "more than 1 ", "Hint: ", "%", "_", "2020-01-01 ", "O'", "by ", "top ", "not ", "\\",
          "(", "SUM(", "x = 'a' AND ")

_REPEATS = """
import json, sys, time
from stef_core.engine import Engine
from stef_core.limits import Limits
from stef_core.models import Record
e = Engine(limits=Limits(time=0))  # no budget: measure the raw cost
out = []
for p in json.loads(sys.stdin.read()):
    def text(n): return (p * (n // len(p) + 1))[:n]
    cases = {
        "question": dict(question=text(10000), sql="SELECT COUNT(*) FROM t WHERE a = 1"),
        "enriched": dict(question="How many?", enriched_question="How many? Hint: " + text(19980),
                         sql="SELECT COUNT(*) FROM t"),
        "sql literal": dict(question="How many " + text(2000) + "?",
                            sql="SELECT COUNT(*) FROM t WHERE a = '"
                                + text(90000).replace("'", "''")[:90000] + "'"),
        "sql like": dict(question="Names like " + text(3000),
                         sql="SELECT * FROM t WHERE a LIKE '%" + text(20000).replace("'", "''")
                             + "%'"),
    }
    for where, fields in cases.items():
        t = time.perf_counter(); [r] = e.evaluate_batch([Record(id="a", **fields)])
        out.append([round(time.perf_counter() - t, 3), p, where, r.status])
print(json.dumps(out))
"""


def repetitions() -> dict[str, Any]:
    """Each piece repeated up to the limit of each field, with no time budget: the slowest."""
    proc = subprocess.run([sys.executable, "-c", _REPEATS], input=json.dumps(PIECES), text=True,
                          capture_output=True, timeout=3600, check=True)
    rows = sorted(json.loads(proc.stdout), reverse=True)
    for seconds, piece, where, status in rows[:5]:
        print(f"  {piece!r:16s} repeated in the {where:12s} {seconds:6.2f} s  {status}",
              flush=True)
    return {"records": len(rows), "slowest": rows[:10]}


def faults_campaign(folder: Path, seed: int, names: list[str]) -> dict[str, Any]:
    """The fault families (``benchmarks/campaign_faults.py``), each in a folder of its own."""
    out: dict[str, Any] = {}
    for name in names:
        where = folder / name
        where.mkdir()
        t0 = time.perf_counter()
        out[name] = FAMILIES[name](where, seed)
        out[name]["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=3, help="files per format")
    parser.add_argument("--records", type=int, default=1000, help="records per file")
    parser.add_argument("--stops", type=int, default=6, help="interrupted/killed runs")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--only", choices=("formats", "faults"),
                        help="the hostile formats (with stops and limits) or the fault families")
    parser.add_argument("--family", action="append", choices=sorted(FAMILIES),
                        help="run only this fault family (repeatable)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    t0 = time.perf_counter()
    data: dict[str, Any] = {}
    total = 0
    examples: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.only != "faults":
            formats = formats_campaign(folder, args.files, args.records, args.seed)
            stops = stop_and_resume(folder, args.stops, max(200, args.records // 2), args.seed)
            data.update(formats=formats, stop_and_resume=stops)
            total += sum(f["violations"] for f in formats.values()) + stops["violations"]
            examples += [e for f in formats.values() for e in f["examples"]] + stops["examples"]
        if args.only != "formats":
            print("fault families (issue 21):", flush=True)
            faults = faults_campaign(folder, args.seed, args.family or list(FAMILIES))
            data["faults"] = faults
            data["fault_cases"] = sum(f["cases"] for f in faults.values())
            total += sum(f["violations"] for f in faults.values())
            examples += [e for f in faults.values() for e in f["examples"]]
    if args.only != "faults":
        print("per record at the limits (one record, fresh process, offline judge; time, peak "
              "memory allocated, status, output line):", flush=True)
        data["at_the_limits"] = at_the_limits()
        print(f"repetitions ({len(PIECES)} pieces x 4 fields, each filled to its limit; "
              "slowest):", flush=True)
        data["repetitions"] = repetitions()
    data.update(violations=total, peak_rss_mib_any_run=child_peak_mib(),
                seconds=round(time.perf_counter() - t0, 1), settings=vars(args),
                python=sys.version.split()[0], cpus=os.cpu_count())
    for example in examples:
        print("VIOLATION", example)
    if "fault_cases" in data:
        print(f"fault families: {data['fault_cases']:,} cases")
    print(f"violations: {total}; peak RSS of any run {data['peak_rss_mib_any_run']} MiB; "
          f"{data['seconds']} s")
    if args.json:
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    raise SystemExit(1 if total else 0)


if __name__ == "__main__":
    main()
