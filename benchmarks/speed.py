"""Speed benchmark: STEF's offline pipeline against the floor of parsing the same SQL with sqlglot.

STEF parses every record's SQL with sqlglot and then reads the tree, so a bare
``sqlglot.parse(sql, read=dialect)`` of the same records, timed in the same process and run, is
the floor no implementation can beat. The figure to quote is the ratio

    STEF time / bare-parse time          (target: at most 2x)

measured two ways:

* in process: ``record_from_mapping`` + ``Engine.run`` (offline judge) over the records, against
  ``sqlglot.parse`` of each record. Both are timed in CPU seconds (``time.process_time``), best of
  ``--repeat`` interleaved rounds, so other work on a shared machine inflates neither side;
  wall seconds are reported beside them;
* end to end: ``python -m stef_core eval FILE -o /dev/null --no-progress`` in a subprocess
  against a subprocess that reads the same JSONL and parses each SQL (both include interpreter
  start-up and imports). Peak memory of each is its max RSS from ``os.wait4``'s rusage.

Whether sqlglot's compiled extension (``sqlglotc``, the ``fast`` extra) is in use is reported; with
``--pure`` the whole measurement is repeated against a temporary copy of sqlglot without the
compiled modules (the ``.py`` sources sqlglot ships), so both figures come from one command.

    python benchmarks/speed.py ../shared/data/dev/spider_dev.jsonl --pure
    python benchmarks/speed.py --generate 5000 --json speed.json

The data is an argument, never part of the repository. ``--generate N`` synthesises N records
(:func:`generate_records`; ``benchmarks/scale.py`` uses it too).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

# --------------------------------------------------------------------------------------------
# Synthetic records
# --------------------------------------------------------------------------------------------

_TABLES: dict[str, dict[str, Any]] = {
    "orders": {
        "noun": "orders",
        "num": ["amount", "quantity", "discount"],
        "cat": {"status": ["shipped", "pending", "cancelled", "returned"],
                "region": ["north", "south", "east", "west"],
                "channel": ["web", "store", "phone"]},
        "date": "order_date",
        "key": "customer_id",
    },
    "customers": {
        "noun": "customers",
        "num": ["age", "lifetime_value", "visits"],
        "cat": {"country": ["france", "germany", "brazil", "japan", "canada"],
                "segment": ["consumer", "corporate", "small business"],
                "tier": ["gold", "silver", "bronze"]},
        "date": "signup_date",
        "key": "customer_id",
    },
    "tickets": {
        "noun": "support tickets",
        "num": ["resolution_hours", "priority_score", "replies"],
        "cat": {"priority": ["low", "medium", "high", "urgent"],
                "channel": ["email", "chat", "phone"],
                "state": ["open", "closed", "escalated"]},
        "date": "opened_at",
        "key": "customer_id",
    },
    "employees": {
        "noun": "employees",
        "num": ["salary", "tenure_years", "bonus"],
        "cat": {"department": ["sales", "engineering", "finance", "marketing"],
                "title": ["manager", "analyst", "engineer", "director"],
                "office": ["paris", "berlin", "austin", "tokyo"]},
        "date": "hired_on",
        "key": "manager_id",
    },
}
_AGGS = [("total", "SUM"), ("average", "AVG"), ("highest", "MAX"), ("lowest", "MIN")]
_DIALECTS = ["sqlite", "postgres", "duckdb", "mysql", "snowflake", None]


def _record(i: int, rnd: random.Random) -> dict[str, Any]:
    """One realistic record: a question and the SQL an agent wrote for it, sometimes wrong."""
    name = rnd.choice(list(_TABLES))
    t = _TABLES[name]
    cat_col, cat_values = rnd.choice(list(t["cat"].items()))
    value = rnd.choice(cat_values)
    num = rnd.choice(t["num"])
    year = rnd.randint(2018, 2025)
    # About one record in five filters on the wrong value or drops the filter: the kind of
    # mistake STEF exists to catch, so the pipeline's slow paths (unmatched filters) run too.
    wrong = rnd.random() < 0.2
    sql_value = rnd.choice([v for v in cat_values if v != value]) if wrong else value
    kind = rnd.randrange(7)
    if kind == 0:
        q = f"How many {t['noun']} have {cat_col.replace('_', ' ')} {value}?"
        sql = f"SELECT COUNT(*) FROM {name} WHERE {cat_col} = '{sql_value}'"
    elif kind == 1:
        word, fn = rnd.choice(_AGGS)
        q = f"What is the {word} {num.replace('_', ' ')} of {value} {t['noun']} in {year}?"
        sql = (f"SELECT {fn}({num}) FROM {name} WHERE {cat_col} = '{sql_value}' "
               f"AND {t['date']} BETWEEN '{year}-01-01' AND '{year}-12-31'")
    elif kind == 2:
        word, fn = rnd.choice(_AGGS)
        q = f"Show the {word} {num.replace('_', ' ')} for each {cat_col.replace('_', ' ')}."
        sql = (f"SELECT {cat_col}, {fn}({num}) AS {fn.lower()}_{num} FROM {name} "
               f"GROUP BY {cat_col} ORDER BY 2 DESC")
    elif kind == 3:
        k = rnd.choice([3, 5, 10])
        q = f"List the top {k} {t['noun']} by {num.replace('_', ' ')} with {cat_col} {value}."
        sql = (f"SELECT * FROM {name} WHERE {cat_col} = '{sql_value}' "
               f"ORDER BY {num} DESC LIMIT {k}")
    elif kind == 4:
        threshold = rnd.randint(10, 5000)
        other_col, other_values = rnd.choice(list(t["cat"].items()))
        picks = rnd.sample(other_values, 2)
        q = (f"Which {t['noun']} have {num.replace('_', ' ')} above {threshold} and "
             f"{other_col.replace('_', ' ')} {picks[0]} or {picks[1]}?")
        sql = (f"SELECT id, {num}, {other_col} FROM {name} WHERE {num} > {threshold} "
               f"AND ({other_col} = '{picks[0]}' OR {other_col} = '{picks[1]}')")
    elif kind == 5:
        q = (f"For customers in {value}, count their {t['noun']} per segment since {year}."
             if name != "customers" else
             f"How many customers per segment signed up since {year} in {value}?")
        sql = (f"WITH recent AS (SELECT * FROM {name} WHERE {t['date']} >= '{year}-01-01') "
               f"SELECT c.segment, COUNT(*) AS n FROM recent r JOIN customers c "
               f"ON r.{t['key']} = c.customer_id WHERE c.country = '{sql_value}' "
               f"GROUP BY c.segment HAVING COUNT(*) > 1")
    else:
        q = (f"What share of {t['noun']} with {cat_col.replace('_', ' ')} {value} have "
             f"{num.replace('_', ' ')} over the average?")
        sql = (f"SELECT CAST(SUM(CASE WHEN {num} > (SELECT AVG({num}) FROM {name}) THEN 1 "
               f"ELSE 0 END) AS REAL) / COUNT(*) FROM {name} WHERE {cat_col} = '{sql_value}'")
    if wrong and rnd.random() < 0.5:  # drop the WHERE clause instead of changing the value
        cond = f"{cat_col} = '{sql_value}'"
        sql = sql.replace(f"{cond} AND ", "").replace(f" WHERE {cond}", "")
    agent = f"agent-{'abc'[i % 3]}"
    return {"id": f"g{i}", "question": q, "enriched_question": None, "sql": sql,
            "dialect": _DIALECTS[i % len(_DIALECTS)], "agent": agent}


def generate_records(n: int, seed: int = 7) -> Iterator[dict[str, Any]]:
    """``n`` synthetic records, the same ones for the same seed."""
    rnd = random.Random(seed)
    for i in range(n):
        yield _record(i, rnd)


def write_jsonl(records: Iterator[dict[str, Any]], path: Path) -> int:
    """Stream records to ``path``; returns how many were written."""
    n = 0
    with path.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec) + "\n")
            n += 1
    return n


# --------------------------------------------------------------------------------------------
# Environment
# --------------------------------------------------------------------------------------------


def sqlglot_build() -> dict[str, Any]:
    """Which sqlglot is imported, and whether its parser is the mypyc-compiled one."""
    import sqlglot
    import sqlglot.parser

    try:
        from importlib.metadata import version

        sqlglotc: str | None = version("sqlglotc")
    except Exception:
        sqlglotc = None
    return {
        "sqlglot": sqlglot.__version__,
        "sqlglotc_installed": sqlglotc,
        "compiled_parser": not str(sqlglot.parser.__file__).endswith(".py"),
        "sqlglot_path": str(Path(sqlglot.__file__).parent),
    }


def pure_sqlglot_copy(dest: Path) -> Path:
    """A copy of the installed sqlglot without its compiled modules, to put first on PYTHONPATH.

    sqlglotc installs ``.so`` files beside sqlglot's ``.py`` sources and Python prefers them; a
    copy without them is sqlglot as it runs without the ``fast`` extra.
    """
    import sqlglot

    src = Path(sqlglot.__file__).parent
    shutil.copytree(src, dest / "sqlglot", ignore=shutil.ignore_patterns("*.so", "*.pyd",
                                                                          "__pycache__"))
    return dest


# --------------------------------------------------------------------------------------------
# In-process timing
# --------------------------------------------------------------------------------------------


def _bare_parse(rows: list[dict[str, Any]]) -> int:
    import sqlglot

    failed = 0
    for r in rows:
        try:
            sqlglot.parse(r["sql"], read=r.get("dialect") or None)
        except Exception:  # a record that does not parse costs its attempt, as in STEF
            failed += 1
    return failed


def _stef(engine: Any, rows: list[dict[str, Any]]) -> dict[str, int]:
    from stef_core.engine import record_from_mapping

    counts = {"scored": 0, "unscored": 0}
    items = (record_from_mapping(r, default_id=str(i)) for i, r in enumerate(rows, 1))
    for result in engine.run(items):
        counts[result.status] += 1
    return counts


def _timed(fn: Any, *args: Any) -> tuple[float, float, Any]:
    gc.collect()  # start each side with the same (empty) garbage
    w0, c0 = time.perf_counter(), time.process_time()
    out = fn(*args)
    return time.process_time() - c0, time.perf_counter() - w0, out


def in_process(rows: list[dict[str, Any]], repeat: int) -> dict[str, Any]:
    """Best-of-``repeat`` CPU and wall seconds of STEF and of the bare parse, interleaved."""
    from stef_core.engine import Engine

    engine = Engine(judge="offline")
    _stef(engine, rows[:200])  # warm: lazy imports, dialect classes, regex caches
    _bare_parse(rows[:200])
    engine.settle()  # as `stef eval` does; it freezes the heap for both sides alike
    best: dict[str, list[float]] = {"stef_cpu": [], "stef_wall": [], "bare_cpu": [],
                                     "bare_wall": []}
    counts: dict[str, int] = {}
    failed = 0
    for _ in range(repeat):
        cpu, wall, failed = _timed(_bare_parse, rows)
        best["bare_cpu"].append(cpu)
        best["bare_wall"].append(wall)
        cpu, wall, counts = _timed(_stef, engine, rows)
        best["stef_cpu"].append(cpu)
        best["stef_wall"].append(wall)
    engine.close()
    b = {k: min(v) for k, v in best.items()}
    n = len(rows)
    return {
        "records": n,
        "scored": counts.get("scored", 0),
        "unscored": counts.get("unscored", 0),
        "bare_parse_failures": failed,
        "stef_cpu_s": round(b["stef_cpu"], 3),
        "bare_cpu_s": round(b["bare_cpu"], 3),
        "stef_wall_s": round(b["stef_wall"], 3),
        "bare_wall_s": round(b["bare_wall"], 3),
        "stef_records_per_s": round(n / b["stef_cpu"], 1),
        "bare_records_per_s": round(n / b["bare_cpu"], 1),
        "ratio_cpu": round(b["stef_cpu"] / b["bare_cpu"], 2),
        "ratio_wall": round(b["stef_wall"] / b["bare_wall"], 2),
    }


# --------------------------------------------------------------------------------------------
# End to end, in subprocesses
# --------------------------------------------------------------------------------------------

_BARE_SCRIPT = """
import json, sys, sqlglot
for line in open(sys.argv[1], encoding="utf-8"):
    if line.strip():
        r = json.loads(line)
        try:
            sqlglot.parse(r["sql"], read=r.get("dialect") or None)
        except Exception:
            pass
"""


def vm_hwm_mib(pid: int) -> float | None:
    """Peak resident set of ``pid`` since its exec (``VmHWM``, Linux), in MiB."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


def run_child(cmd: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run ``cmd``; its wall seconds, CPU seconds (``os.wait4``) and peak RSS in MiB.

    The peak is the child's ``VmHWM``, polled while it runs: ``ru_maxrss`` of a child also counts
    the pages it shared with this (larger) process between fork and exec, so it would report this
    process's size rather than the child's.
    """
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=env)
        peak = 0.0
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)  # rusage once it has exited
            if pid:
                break
            peak = max(peak, vm_hwm_mib(proc.pid) or 0.0)
            time.sleep(0.02)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, 1):  # 1: a --fail-under gate, not a crash
            err.seek(0)
            raise SystemExit(f"speed: {' '.join(cmd[:4])} ... failed ({proc.returncode}): "
                             f"{err.read().decode(errors='replace')[-500:]}")
    return {
        "wall_s": round(wall, 3),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
        "max_rss_mib": peak,
    }


def end_to_end(path: Path, n: int, repeat: int, env: dict[str, str] | None) -> dict[str, Any]:
    """Best of ``repeat`` runs of the ``stef eval`` CLI and of the bare-parse script."""
    stef_cmd = [sys.executable, "-m", "stef_core", "eval", str(path), "-o", os.devnull,
                "--no-progress"]
    bare_cmd = [sys.executable, "-c", _BARE_SCRIPT, str(path)]
    stef = [run_child(stef_cmd, env) for _ in range(repeat)]
    bare = [run_child(bare_cmd, env) for _ in range(repeat)]
    s = min(stef, key=lambda r: r["cpu_s"])
    b = min(bare, key=lambda r: r["cpu_s"])
    return {
        "records": n,
        "stef_cli": s,
        "bare_parse_script": b,
        "stef_cli_records_per_s": round(n / s["cpu_s"], 1),
        "ratio_cpu": round(s["cpu_s"] / b["cpu_s"], 2),
        "ratio_wall": round(s["wall_s"] / b["wall_s"], 2),
    }


# --------------------------------------------------------------------------------------------
# Command
# --------------------------------------------------------------------------------------------


def measure(path: Path, rows: list[dict[str, Any]], args: argparse.Namespace,
            env: dict[str, str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {"in_process": in_process(rows, args.repeat)}
    if not args.no_cli:
        out["end_to_end"] = end_to_end(path, len(rows), args.repeat, env)
    return out


def _markdown(report: dict[str, Any]) -> str:
    lines = ["| sqlglot | measure | STEF | bare parse | ratio (CPU) | ratio (wall) |",
             "|---|---|---|---|---|---|"]
    for label, block in report["runs"].items():
        ip = block["in_process"]
        lines.append(f"| {label} | in process, records/s | {ip['stef_records_per_s']} | "
                     f"{ip['bare_records_per_s']} | {ip['ratio_cpu']}x | {ip['ratio_wall']}x |")
        e2e = block.get("end_to_end")
        if e2e:
            s, b = e2e["stef_cli"], e2e["bare_parse_script"]
            lines.append(f"| {label} | CLI end to end, CPU s (wall s) | {s['cpu_s']} "
                         f"({s['wall_s']}) | {b['cpu_s']} ({b['wall_s']}) | "
                         f"{e2e['ratio_cpu']}x | {e2e['ratio_wall']}x |")
            lines.append(f"| {label} | CLI peak RSS, MiB | {s['max_rss_mib']} | "
                         f"{b['max_rss_mib']} | | |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("input", nargs="?", type=Path, help="a JSONL file of records")
    ap.add_argument("--generate", type=int, metavar="N", help="synthesise N records instead")
    ap.add_argument("--limit", type=int, help="use only the first N records of INPUT")
    ap.add_argument("--repeat", type=int, default=3, help="rounds; the best is kept (default 3)")
    ap.add_argument("--no-cli", action="store_true", help="skip the end-to-end CLI runs")
    ap.add_argument("--pure", action="store_true",
                    help="also measure with sqlglot's pure-Python modules (no sqlglotc)")
    ap.add_argument("--json", type=Path, metavar="OUT", help="also write the figures as JSON")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if (args.input is None) == (args.generate is None):
        ap.error("give a JSONL file or --generate N (one of them)")

    with tempfile.TemporaryDirectory(prefix="stef-speed-") as tmp:
        if args.generate is not None:
            path = Path(tmp) / "generated.jsonl"
            write_jsonl(generate_records(args.generate), path)
        else:
            path = args.input
            if not path.is_file():
                ap.error(f"{path}: no such file")
            if args.limit:
                limited = Path(tmp) / "limited.jsonl"
                with path.open(encoding="utf-8") as src, limited.open("w") as dst:
                    for k, line in enumerate(src):
                        if k >= args.limit:
                            break
                        dst.write(line)
                path = limited
        rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]

        if args.child:  # the --pure run: figures only, as JSON on stdout
            build = sqlglot_build()
            print(json.dumps({"build": build, **measure(path, rows, args, dict(os.environ))}))
            return 0

        build = sqlglot_build()
        label = "compiled (sqlglotc)" if build["compiled_parser"] else "pure Python"
        report: dict[str, Any] = {
            "input": args.input.name if args.input else f"generated:{args.generate}",
            "records": len(rows),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "sqlglot": build,
            "runs": {label: measure(path, rows, args, None)},
        }
        if args.pure and build["compiled_parser"]:
            shadow = pure_sqlglot_copy(Path(tmp) / "pure")
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join(
                [str(shadow), *filter(None, [env.get("PYTHONPATH")])])
            child = [sys.executable, str(Path(__file__).resolve()), str(path), "--child",
                     "--repeat", str(args.repeat)] + (["--no-cli"] if args.no_cli else [])
            done = subprocess.run(child, env=env, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise SystemExit(f"speed: the pure-Python run failed: {done.stderr[-500:]}")
            data = json.loads(done.stdout.strip().splitlines()[-1])
            if data["build"]["compiled_parser"]:
                raise SystemExit("speed: the pure-Python copy of sqlglot was not the one imported")
            report["runs"]["pure Python"] = {k: v for k, v in data.items() if k != "build"}
        elif args.pure:
            report["note"] = "sqlglotc is not in use: only the pure-Python figures exist"

    print(f"{report['input']}: {report['records']} records, Python {report['python']}, "
          f"sqlglot {build['sqlglot']} (sqlglotc {build['sqlglotc_installed'] or 'not installed'})")
    print(_markdown(report))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
