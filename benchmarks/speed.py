"""Speed benchmark: STEF's offline pipeline against the floor of parsing the same SQL with sqlglot.

STEF parses every record's SQL with sqlglot and then reads the tree, so a bare
``sqlglot.parse(sql, read=dialect)`` of the same records, timed in the same process and run, is
the floor no implementation can beat. The figure to quote is the ratio

    STEF time / bare-parse time          (target: at most 2x)

measured two ways, each *warm* (one engine over every record after a first pass: a file that
repeats its questions then measures the SQL side) and *cold* (the file's distinct questions on a
fresh engine with STEF's bounded caches emptied, every round: what production pays, where
nearly every question is new):

* in process: ``record_from_mapping`` + ``Engine.run`` (offline judge) over the records, against
  ``sqlglot.parse`` of each record. Both are timed in CPU seconds (``time.process_time``), best of
  ``--repeat`` interleaved rounds, so other work on a shared machine inflates neither side;
  wall seconds are reported beside them;
* end to end: ``python -m stef_core eval FILE -o RESULTS --no-progress`` in a subprocess
  against a subprocess that reads the same JSONL and parses each SQL (both include interpreter
  start-up and imports; one untimed run of each first). CPU seconds from ``os.wait4``'s rusage;
  peak memory of each is its ``VmHWM``.

Whether sqlglot's compiled extension (``sqlglotc``, the ``fast`` extra) is in use is reported; with
``--pure`` the whole measurement is repeated against a temporary copy of sqlglot without the
compiled modules (the ``.py`` sources sqlglot ships), so both figures come from one command.

The results (status, score, band, gamma, filter status, reasons, error kind) must be the same in
process and end to end, with compiled and pure sqlglot, in every round: the command says so and
exits 1 when they are not. The children cache bytecode in a temporary folder, so that an
editable install under ``PYTHONDONTWRITEBYTECODE`` does not compile STEF's sources on every run.
The machine's load averages are printed with each file's figures.

    python benchmarks/speed.py ../shared/data/dev --pure --json speed.json   # every dev file
    python benchmarks/speed.py ../shared/data/dev/spider_dev.jsonl --pure
    python benchmarks/speed.py --generate 5000 --json speed.json

The data is an argument, never part of the repository. ``--generate N`` synthesises N records
(:func:`generate_records`; ``benchmarks/scale.py`` uses it too).
"""

from __future__ import annotations

import argparse
import functools
import gc
import hashlib
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


def _stef(engine: Any, rows: list[dict[str, Any]]) -> list[Any]:
    from stef_core.engine import record_from_mapping

    items = (record_from_mapping(r, default_id=str(i)) for i, r in enumerate(rows, 1))
    return list(engine.run(items))


def _stef_cold(rows: list[dict[str, Any]]) -> list[Any]:
    """A fresh engine that has read no question yet: what a new question costs in production."""
    from stef_core.engine import Engine

    forget_questions()
    engine = Engine(judge="offline")
    try:
        return _stef(engine, rows)
    finally:
        engine.close()


#: Bounded caches keyed by the configuration, not by questions or SQL: a process builds them
#: once per ruleset, dialect or feature name (the lexicon of a ruleset, sqlglot's reader of a
#: dialect, a ruleset's nullable columns and metric terms, the judge's feature codes and
#: prior weights). They are start-up work and stay.
START_UP_CACHES = frozenset({
    "stef_question.lexicon.lexicon",
    "stef_core.sql.parse._reader",
    "stef_align.joins.declared_nullable",
    "stef_align.projection._term_columns",
    "stef_align.terms.term_atoms",
    "stef_judges.explain._code",
    "stef_core.calibration._pattern_weight",
})


def forget_questions() -> None:
    """Empty every bounded cache of STEF's modules (per-question results, stems, value keys),
    as in a process that has read none of these questions; loaders that keep one object (the
    grammar: ``maxsize=1``) and the caches of :data:`START_UP_CACHES` stay, they are start-up,
    not per-question work."""
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("stef"):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper) and \
                    getattr(value, "__module__", None) == name and \
                    value.cache_parameters()["maxsize"] != 1 and \
                    f"{name}.{value.__qualname__}" not in START_UP_CACHES:
                value.cache_clear()


def distinct_questions(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first record of each (question, enrichment) pair: every question new once."""
    seen: set[tuple[Any, Any]] = set()
    out = []
    for r in rows:
        key = (r.get("question"), r.get("enriched_question"))
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def result_key(r: dict[str, Any]) -> tuple[Any, ...]:
    """What must not change between runs: status, score, band, gamma, filter status, reasons,
    the kind of error (its text can name sqlglot's missing keywords in any order)."""
    return (r.get("id"), r.get("status"), r.get("score"), r.get("band"), r.get("confidence"),
            (r.get("filter_alignment") or {}).get("status"), r.get("error_kind"),
            tuple(sorted((x["code"], x.get("severity")) for x in r.get("reasons") or [])))


def results_digest(results: list[Any]) -> str:
    """A digest of the results' :func:`result_key` (Result objects or parsed JSON lines)."""
    h = hashlib.sha256()
    for r in results:
        data = r if isinstance(r, dict) else r.model_dump(mode="json")
        h.update(repr(result_key(data)).encode("utf-8"))
    return h.hexdigest()[:16]


def _timed(fn: Any, *args: Any) -> tuple[float, float, Any]:
    gc.collect()  # start each side with the same (empty) garbage
    w0, c0 = time.perf_counter(), time.process_time()
    out = fn(*args)
    return time.process_time() - c0, time.perf_counter() - w0, out


def _figures(n: int, best: dict[str, list[float]]) -> dict[str, Any]:
    b = {k: min(v) for k, v in best.items()}
    return {
        "records": n,
        "stef_cpu_s": round(b["stef_cpu"], 3),
        "bare_cpu_s": round(b["bare_cpu"], 3),
        "stef_wall_s": round(b["stef_wall"], 3),
        "bare_wall_s": round(b["bare_wall"], 3),
        "stef_us_per_record": round(1e6 * b["stef_cpu"] / n, 1),
        "bare_us_per_record": round(1e6 * b["bare_cpu"] / n, 1),
        "stef_records_per_s": round(n / b["stef_cpu"], 1),
        "bare_records_per_s": round(n / b["bare_cpu"], 1),
        "ratio_cpu": round(b["stef_cpu"] / b["bare_cpu"], 2),
        "ratio_wall": round(b["stef_wall"] / b["bare_wall"], 2),
    }


def in_process(rows: list[dict[str, Any]], repeat: int) -> dict[str, Any]:
    """Best-of-``repeat`` CPU and wall seconds of STEF and of the bare parse, interleaved.

    *warm*: one engine over every record of the file, after a first round (what a long run on
    a file that repeats its questions pays). *cold*: a fresh engine each round with STEF's
    caches emptied, over the file's distinct questions (every question new, as in production);
    each against the bare parse of the same records.
    """
    from stef_core.engine import Engine

    cold_rows = distinct_questions(rows)
    engine = Engine(judge="offline")
    _stef(engine, rows[:200])  # lazy imports, dialect classes, the lexicon
    _bare_parse(rows[:200])
    engine.settle()  # as `stef eval` does; it freezes the heap for both sides alike
    _stef(engine, rows)  # warm: every question of the file read once
    keys = ("stef_cpu", "stef_wall", "bare_cpu", "bare_wall")
    warm: dict[str, list[float]] = {k: [] for k in keys}
    cold: dict[str, list[float]] = {k: [] for k in keys}
    warm_results: list[Any] = []
    cold_digests: set[str] = set()
    failed = 0
    for _ in range(repeat):
        cpu, wall, failed = _timed(_bare_parse, rows)
        warm["bare_cpu"].append(cpu)
        warm["bare_wall"].append(wall)
        cpu, wall, warm_results = _timed(_stef, engine, rows)
        warm["stef_cpu"].append(cpu)
        warm["stef_wall"].append(wall)
        cpu, wall, _ = _timed(_bare_parse, cold_rows)
        cold["bare_cpu"].append(cpu)
        cold["bare_wall"].append(wall)
        cpu, wall, cold_results = _timed(_stef_cold, cold_rows)
        cold["stef_cpu"].append(cpu)
        cold["stef_wall"].append(wall)
        cold_digests.add(results_digest(cold_results))
    engine.close()
    return {
        "warm": {**_figures(len(rows), warm),
                 "scored": sum(r.status == "scored" for r in warm_results),
                 "bare_parse_failures": failed},
        "cold": {**_figures(len(cold_rows), cold), "distinct_questions": len(cold_rows)},
        "digest": results_digest(warm_results),
        # Every cold round reads the questions anew: each must give the same results.
        "cold_digest": cold_digests.pop() if len(cold_digests) == 1 else "differ between rounds",
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


def child_env(base: dict[str, str] | None, tmp: Path) -> dict[str, str]:
    """The children's environment: bytecode cached (in ``tmp``, outside the repository).

    With ``PYTHONDONTWRITEBYTECODE`` set and an editable install, every ``stef eval`` would
    compile STEF's sources again (0.7 s of start-up on this VM), while sqlglot's were compiled
    when pip installed it: not what an installed STEF pays.
    """
    env = dict(base if base is not None else os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    return env


def end_to_end(path: Path, n: int, repeat: int, env: dict[str, str],
               out: Path) -> dict[str, Any]:
    """Best of ``repeat`` runs of the ``stef eval`` CLI and of the bare-parse script (after one
    untimed run of each, which fills the bytecode cache)."""
    stef_cmd = [sys.executable, "-m", "stef_core", "eval", str(path), "-o", str(out),
                "--no-progress"]
    bare_cmd = [sys.executable, "-c", _BARE_SCRIPT, str(path)]
    run_child(stef_cmd, env)
    run_child(bare_cmd, env)
    stef, bare = [], []
    for _ in range(repeat):  # interleaved, as in process
        bare.append(run_child(bare_cmd, env))
        stef.append(run_child(stef_cmd, env))
    s = min(stef, key=lambda r: r["cpu_s"])
    b = min(bare, key=lambda r: r["cpu_s"])
    with out.open(encoding="utf-8") as fh:
        digest = results_digest([json.loads(line) for line in fh if line.strip()])
    return {
        "records": n,
        "stef_cli": s,
        "bare_parse_script": b,
        "stef_cli_records_per_s": round(n / s["cpu_s"], 1),
        "ratio_cpu": round(s["cpu_s"] / b["cpu_s"], 2),
        "ratio_wall": round(s["wall_s"] / b["wall_s"], 2),
        "digest": digest,
    }


# --------------------------------------------------------------------------------------------
# Command
# --------------------------------------------------------------------------------------------


def measure(path: Path, rows: list[dict[str, Any]], args: argparse.Namespace,
            env: dict[str, str] | None, tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {"in_process": in_process(rows, args.repeat)}
    if not args.no_cli:
        cenv = child_env(env, tmp)
        cold_path = tmp / f"{path.stem}.distinct.jsonl"
        write_jsonl(iter(distinct_questions(rows)), cold_path)
        out["end_to_end"] = {
            "warm": end_to_end(path, len(rows), args.repeat, cenv, tmp / "warm.results.jsonl"),
            "cold": end_to_end(cold_path, len(distinct_questions(rows)), args.repeat, cenv,
                               tmp / "cold.results.jsonl"),
        }
    return out


def check_identical(report: dict[str, Any]) -> list[str]:
    """Every run of the report must give the same results: warm and cold, in process and end to
    end, pure and compiled sqlglot. Returns what differs (empty: identical)."""
    problems = []
    # The cold runs read a subset of the file (its distinct questions), and the engine learns
    # a run's profile from its first records: cold results are compared with cold ones.
    for kind, key in (("warm", "digest"), ("cold", "cold_digest")):
        seen: dict[str, str] = {}
        for label, block in report["runs"].items():
            seen[f"{label}, in process"] = block["in_process"][key]
            e2e = block.get("end_to_end")
            if e2e:
                seen[f"{label}, end to end"] = e2e[kind]["digest"]
        if len(set(seen.values())) > 1:
            problems.append(f"{kind} results differ between runs: " + ", ".join(
                f"{k} {v}" for k, v in seen.items()))
    return problems


def _markdown(report: dict[str, Any]) -> str:
    lines = ["| sqlglot | measure | records | STEF us/record | bare parse us/record | "
             "ratio (CPU) | ratio (wall) |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for label, block in report["runs"].items():
        ip = block["in_process"]
        for kind in ("cold", "warm"):
            f = ip[kind]
            lines.append(f"| {label} | in process, {kind} | {f['records']} | "
                         f"{f['stef_us_per_record']} | {f['bare_us_per_record']} | "
                         f"**{f['ratio_cpu']}x** | {f['ratio_wall']}x |")
        for kind, e2e in (block.get("end_to_end") or {}).items():
            s, b = e2e["stef_cli"], e2e["bare_parse_script"]
            lines.append(f"| {label} | `stef eval`, {kind}: CPU s (wall s), peak MiB | "
                         f"{e2e['records']} | {s['cpu_s']} ({s['wall_s']}), {s['max_rss_mib']} | "
                         f"{b['cpu_s']} ({b['wall_s']}), {b['max_rss_mib']} | "
                         f"**{e2e['ratio_cpu']}x** | {e2e['ratio_wall']}x |")
    return "\n".join(lines)


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes): speed figures are noisy under load."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def file_report(path: Path, name: str, args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    """Every figure for one input file, compiled and (``--pure``) pure-Python sqlglot."""
    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    # Records keep their ids in every run (the cold runs read a subset of them).
    rows = [r if r.get("id") else {**r, "id": str(i)} for i, r in enumerate(rows, 1)]
    build = sqlglot_build()
    label = "compiled (sqlglotc)" if build["compiled_parser"] else "pure Python"
    report: dict[str, Any] = {
        "input": name,
        "records": len(rows),
        "distinct_questions": len(distinct_questions(rows)),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_before": load(),
        "sqlglot": build,
        "runs": {label: measure(path, rows, args, None, tmp)},
    }
    if args.pure and build["compiled_parser"]:
        shadow = pure_sqlglot_copy(tmp / "pure")
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(shadow), *filter(None, [env.get("PYTHONPATH")])])
        child = [sys.executable, str(Path(__file__).resolve()), str(path), "--child",
                 "--repeat", str(args.repeat)] + (["--no-cli"] if args.no_cli else [])
        done = subprocess.run(child, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"speed: the pure-Python run failed: {done.stderr[-800:]}")
        data = json.loads(done.stdout.strip().splitlines()[-1])
        if data["build"]["compiled_parser"]:
            raise SystemExit("speed: the pure-Python copy of sqlglot was not the one imported")
        report["runs"]["pure Python"] = {k: v for k, v in data.items() if k != "build"}
    elif args.pure:
        report["note"] = "sqlglotc is not in use: only the pure-Python figures exist"
    report["load_after"] = load()
    report["differences"] = check_identical(report)
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("inputs", nargs="*", type=Path,
                    help="JSONL files of records, or directories of them (each *.jsonl)")
    ap.add_argument("--generate", type=int, metavar="N", help="synthesise N records instead")
    ap.add_argument("--limit", type=int, help="use only the first N records of each input")
    ap.add_argument("--repeat", type=int, default=3, help="rounds; the best is kept (default 3)")
    ap.add_argument("--no-cli", action="store_true", help="skip the end-to-end CLI runs")
    ap.add_argument("--pure", action="store_true",
                    help="also measure with sqlglot's pure-Python modules (no sqlglotc)")
    ap.add_argument("--json", type=Path, metavar="OUT", help="also write the figures as JSON")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if bool(args.inputs) == (args.generate is not None):
        ap.error("give JSONL files (or directories) or --generate N (one of them)")
    inputs: list[Path] = []
    for given in args.inputs:
        if given.is_dir():
            inputs.extend(sorted(given.glob("*.jsonl")))
        elif given.is_file():
            inputs.append(given)
        else:
            ap.error(f"{given}: no such file or directory")

    reports: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="stef-speed-") as tmpdir:
        tmp = Path(tmpdir)
        if args.generate is not None:
            path = tmp / "generated.jsonl"
            write_jsonl(generate_records(args.generate), path)
            inputs = [path]
        for k, path in enumerate(inputs):
            name = f"generated:{args.generate}" if args.generate is not None else path.name
            work = tmp / f"input{k}"
            work.mkdir()
            if args.limit:
                limited = work / path.name
                with path.open(encoding="utf-8") as src, limited.open("w") as dst:
                    for n, line in enumerate(src):
                        if n >= args.limit:
                            break
                        dst.write(line)
                path = limited
            if args.child:  # the --pure run: figures only, as JSON on stdout
                rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
                rows = [r if r.get("id") else {**r, "id": str(i)} for i, r in enumerate(rows, 1)]
                print(json.dumps({"build": sqlglot_build(),
                                  **measure(path, rows, args, dict(os.environ), work)}))
                return 0
            report = file_report(path, name, args, work)
            reports.append(report)
            build = report["sqlglot"]
            print(f"\n{name}: {report['records']} records, {report['distinct_questions']} "
                  f"distinct questions; Python {report['python']}, sqlglot {build['sqlglot']} "
                  f"(sqlglotc {build['sqlglotc_installed'] or 'not installed'}); load "
                  f"{report['load_before']} before, {report['load_after']} after")
            print(_markdown(report))
            print("results identical in every run: " + (
                "yes" if not report["differences"] else "NO: " + "; ".join(report["differences"])))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(reports if len(reports) != 1 else reports[0], indent=2)
                             + "\n", encoding="utf-8")
    return 1 if any(r["differences"] for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
