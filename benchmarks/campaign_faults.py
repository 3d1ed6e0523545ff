"""Fault families of the hostile campaign (``benchmarks/campaign.py``), one per promise of
issue 21: nothing a user types destroys data, damaged inputs cost only themselves, every
failure is a clear message.

Each family runs seeded cases through ``stef`` in fresh processes and returns ``{"cases": N,
"violations": M, "examples": [...]}``. A violation is any departure from the promise: a
traceback, an exit code other than the documented one, an input changed, a result lost, a
message that does not name what it should, an escape sequence echoed raw.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

STEF = [sys.executable, "-m", "stef_core"]
GOOD = {"question": "How many users are active?",
        "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"}
RULESETS = Path(__file__).resolve().parents[1] / "rulesets"
SHIPPED_CALIBRATION = (Path(__file__).resolve().parents[1] / "plugins" / "stef_judges"
                       / "calibration" / "offline-v1.json")


class Family:
    """Counts the cases of one family and the violations found, with a few examples."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.cases = 0
        self.violations = 0
        self.examples: list[str] = []

    def check(self, case: str, problems: list[str]) -> None:
        self.cases += 1
        self.violations += len(problems)
        self.examples += [f"{self.name}: {case}: {p}" for p in problems[:2]]

    def result(self) -> dict[str, Any]:
        print(f"{self.name:22s} {self.cases:5,d} cases  {self.violations} violations", flush=True)
        return {"cases": self.cases, "violations": self.violations,
                "examples": self.examples[:10]}


def _family(name: str, work: Path, seed: int) -> tuple[Family, random.Random, Path]:
    """A family's result collector, its seeded random source and its own fresh folder."""
    work.mkdir()
    return Family(name), random.Random(seed), work


def stef(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
         timeout: float = 600, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*STEF, *args], capture_output=True, text=True, timeout=timeout,
                          cwd=cwd, env={**os.environ, **(env or {})}, check=False, **kw)


def clean(proc: subprocess.CompletedProcess[str], codes: tuple[int, ...]) -> list[str]:
    """What is wrong with how a process ended: its exit code, a traceback, a raw escape."""
    found = []
    if proc.returncode not in codes:
        found.append(f"exit {proc.returncode}, expected {codes}: {proc.stderr[-300:]!r}")
    if "Traceback" in proc.stderr or "Exception ignored" in proc.stderr:
        found.append("traceback: " + proc.stderr[-400:])
    if "\x1b" in proc.stderr:
        found.append("a raw escape character on stderr")
    return found


def records(path: Path, n: int, rng: random.Random, *, ids: bool = True,
            label: bool = False) -> Path:
    questions = ["How many users are active?", "How many orders were shipped in 2024?",
                 "Total sales by region", "List the 5 most expensive products"]
    sqls = ["SELECT COUNT(*) FROM users WHERE status = 'active'",
            "SELECT COUNT(*) FROM orders WHERE status = 'shipped' AND year = 2024",
            "SELECT region, SUM(amount) FROM sales GROUP BY region",
            "SELECT name FROM products ORDER BY price DESC LIMIT 5"]
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(n):
            k = rng.randrange(len(questions))
            rec: dict[str, Any] = {"question": questions[k], "sql": sqls[rng.randrange(len(sqls))]}
            if ids:
                rec["id"] = f"r{i}"
            if label:
                rec["label"] = i % 2
            fh.write(json.dumps(rec) + "\n")
    return path


# --------------------------------------------------------------------------------------------
# 1. an output that is one of the inputs, by any spelling; whole-or-nothing writes
# --------------------------------------------------------------------------------------------


def self_overwrite(folder: Path, seed: int) -> dict[str, Any]:
    fam, rng, work = _family("self-overwrite", folder / "overwrite", seed)
    records(work / "x.jsonl", 12, rng)
    records(work / "reviewed.jsonl", 12, rng, label=True)
    (work / "x.csv").write_text("question,sql\nHow many users?,SELECT COUNT(*) FROM users\n")
    (work / "rs").mkdir()
    for name in ("support_desk.stef", "shared"):
        target = work / "rs" / name
        if (RULESETS / name).is_dir():
            target.mkdir()
            for f in (RULESETS / name).iterdir():
                (target / f.name).write_bytes(f.read_bytes())
        else:
            target.write_bytes((RULESETS / name).read_bytes())
    (work / "cal.json").write_bytes(SHIPPED_CALIBRATION.read_bytes())
    assert stef("eval", "x.jsonl", "-o", "res.jsonl", "--store", "runs.sqlite",
                "--no-progress", cwd=work).returncode == 0
    (work / "res2.jsonl").write_bytes((work / "res.jsonl").read_bytes())
    os.symlink("x.jsonl", work / "link.jsonl")
    os.link(work / "x.jsonl", work / "hard.jsonl")

    def spellings(name: str) -> list[str]:
        return [name, f"./{name}", f"././{name}", str(work / name), f"../overwrite/{name}"]

    cases: list[tuple[list[str], str]] = []
    for out in [*spellings("x.jsonl"), "link.jsonl", "hard.jsonl"]:
        cases.append((["eval", "x.jsonl", "-o", out], "x.jsonl"))
        cases.append((["eval", "x.jsonl", "--summary-json", out], "x.jsonl"))
        cases.append((["rules", "suggest", "x.jsonl", "-o", out], "x.jsonl"))
    for out in spellings("x.csv"):
        cases.append((["eval", "x.csv", "-o", out], "x.csv"))
    for out in spellings("runs.sqlite"):
        cases.append((["eval", "x.jsonl", "-o", out, "--store", "runs.sqlite"], "runs.sqlite"))
        cases.append((["eval", "x.jsonl", "--store", "runs.sqlite", "--summary-json", out],
                      "runs.sqlite"))
    for out in spellings("reviewed.jsonl"):
        cases.append((["calibrate", "reviewed.jsonl", "-o", out], "reviewed.jsonl"))
    for out in [*spellings("rs/support_desk.stef"), "rs/shared/tenancy.stef"]:
        target = "rs/shared/tenancy.stef" if "tenancy" in out else "rs/support_desk.stef"
        cases.append((["rules", "compile", "rs/support_desk.stef", "-o", out], target))
        cases.append((["eval", "x.jsonl", "--rules", "rs/support_desk.stef", "-o", out], target))
    for out in spellings("cal.json"):
        cases.append((["eval", "x.jsonl", "--calibration", "cal.json", "-o", out], "cal.json"))
    for out in spellings("res.jsonl"):
        for flag in ("--html", "--markdown", "--json"):
            cases.append((["report", "res.jsonl", flag, out], "res.jsonl"))
        cases.append((["compare", "res.jsonl", "res2.jsonl", "--json", out], "res.jsonl"))
        cases.append((["compare", "res2.jsonl", "res.jsonl", "--json", out], "res.jsonl"))
    before = {p: p.read_bytes() for p in work.rglob("*") if p.is_file() and not p.is_symlink()}
    for args, kept in cases:
        proc = stef(*args, cwd=work)
        problems = clean(proc, (2,))
        out = args[-1] if args[-2] in ("-o", "--summary-json", "--html", "--markdown", "--json") \
            else args[args.index("-o") + 1]
        if "(the same file)" not in proc.stderr or out not in proc.stderr:
            problems.append(f"the message does not name both paths: {proc.stderr[-300:]!r}")
        changed = [str(p.relative_to(work)) for p, data in before.items()
                   if not p.exists() or p.read_bytes() != data]
        if changed:
            problems.append(f"changed {changed} (expected {kept} untouched)")
            before = {p: p.read_bytes() for p in work.rglob("*")
                      if p.is_file() and not p.is_symlink()}
        fam.check(" ".join(args), problems)
    # Whole or nothing: a run killed while it writes leaves the previous output as it was.
    for k in range(3):
        big = records(work / f"big{k}.jsonl", 3000, rng)
        out = work / f"kept{k}.jsonl"
        out.write_text('{"previous": "complete run"}\n')
        proc = subprocess.Popen([*STEF, "eval", str(big), "-o", str(out), "--no-progress"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        partial = Path(f"{out}.partial")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None and not (
                partial.exists() and partial.stat().st_size > rng.randrange(1000, 50000)):
            time.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait(60)
        problems = []
        if out.read_text() != '{"previous": "complete run"}\n':
            problems.append("a killed run changed the previous output")
        resumed = stef("eval", str(big), "-o", str(out), "--resume", "--no-progress")
        problems += clean(resumed, (0,))
        if out.read_text().count("\n") != 3000 or partial.exists():
            problems.append("the resumed run did not complete the output")
        fam.check(f"killed run {k} over a previous output", problems)
    return fam.result()


# --------------------------------------------------------------------------------------------
# 2. --resume over another input or other settings
# --------------------------------------------------------------------------------------------


def resume_fingerprint(folder: Path, seed: int) -> dict[str, Any]:
    """Outputs as STEF leaves them (complete; a run stopped early, in OUT.partial; an older
    STEF's, with no fingerprint; a partial output STEF did not write), resumed with another
    input or other settings: refused, the output untouched; the same input and settings
    resume to one line a record."""
    fam, rng, work = _family("resume-fingerprint", folder / "resume", seed)

    def refused(proc: subprocess.CompletedProcess[str], out: Path, before: bytes,
                *, named: str = "") -> list[str]:
        problems = clean(proc, (2,))
        if "was made from other inputs or settings" not in proc.stderr or \
                "to start afresh, run without --resume" not in proc.stderr:
            problems.append(f"unclear refusal: {proc.stderr[-300:]!r}")
        if named and named not in proc.stderr:
            problems.append(f"{named!r} is not said")
        if out.read_bytes() != before:
            problems.append("the output changed")
        return problems

    for k in range(8):
        kind = ("complete", "stopped", "older STEF", "foreign partial")[k % 4]
        a = records(work / f"a{k}.jsonl", rng.randrange(5, 30), rng, ids=False)
        b = records(work / f"b{k}.jsonl", rng.randrange(5, 30), rng, ids=False)
        out = work / f"o{k}.jsonl"
        partial, prints = Path(f"{out}.partial"), Path(f"{out}.fingerprint")
        assert stef("eval", str(a), "-o", str(out), "--today", "2024-06-15",
                    "--no-progress").returncode in (0, 1)
        lines = out.read_text().splitlines(keepends=True)
        if kind == "stopped":  # what a run stopped early leaves: OUT.partial, recorded
            partial.write_text("".join(lines[: len(lines) // 2]))
            data = json.loads(prints.read_text())
            prints.write_text(json.dumps({**data, "complete": None, "partial": data["complete"]}))
            out.unlink()
            out = partial  # what must stay untouched
        elif kind == "older STEF":
            prints.unlink()
            out.write_text("".join(lines[: len(lines) // 2]))
        elif kind == "foreign partial":  # a partial output no recorded run wrote
            partial.write_text("".join(lines[: len(lines) // 2]))
        target = work / f"o{k}.jsonl"
        before = out.read_bytes()
        tries = [([str(b)], "another input", "answered another" if kind == "older STEF" else "")]
        if kind != "older STEF":  # an older STEF recorded no settings to compare
            tries += [([str(a), "--today", "2024-06-16"], "another --today", "--today"),
                      ([str(a), "--limit", "sql=999"], "another --limit", "--limit"),
                      ([str(a), "--dialect", "tsql"], "another --dialect", "--dialect"),
                      ([str(a), "--calibration", str(SHIPPED_CALIBRATION)],
                       "another calibration", "the rules (or calibration) changed")]
        if kind == "foreign partial":
            tries = [(args, what, "records no run that wrote") for args, what, _ in tries]
            tries.append(([str(a)], "the same input", "records no run that wrote"))
        for args, what, named in tries:
            if what != "another --today":
                args = [*args, "--today", "2024-06-15"]
            proc = stef("eval", *args, "-o", str(target), "--resume", "--no-progress")
            fam.check(f"case {k} ({kind}): {what}", refused(proc, out, before, named=named))
        if kind == "foreign partial":
            partial.unlink()
        proc = stef("eval", str(a), "-o", str(target), "--resume", "--today", "2024-06-15",
                    "--no-progress")
        problems = clean(proc, (0, 1))
        if target.read_text().count("\n") != a.read_text().count("\n"):
            problems.append("the same input and settings did not resume to one line a record")
        if kind == "older STEF" and "has no fingerprint" not in proc.stderr:
            problems.append("resumed without a fingerprint, and not said")
        fam.check(f"case {k} ({kind}): the same input", problems)
    return fam.result()


# --------------------------------------------------------------------------------------------
# 3. the run store: damaged, foreign, locked, created by eight processes at once
# --------------------------------------------------------------------------------------------


def store_faults(folder: Path, seed: int) -> dict[str, Any]:
    fam, rng, work = _family("store", folder / "store", seed)
    src = records(work / "in.jsonl", 40, rng)
    good = work / "good.sqlite"
    for _ in range(3):
        assert stef("eval", str(src), "-o", str(work / "r.jsonl"), "--store", str(good),
                    "--no-progress").returncode == 0
    db = sqlite3.connect(good)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    pristine = good.read_bytes()
    page = 4096
    for k in range(24):  # damaged: random pages overwritten
        bad = work / f"damaged{k}.sqlite"
        data = bytearray(pristine)
        for _ in range(rng.randrange(1, 4)):
            p = rng.randrange(1, len(data) // page)
            at = p * page + rng.randrange(0, 64 if rng.random() < 0.5 else page - 16)
            data[at:at + 16] = bytes(rng.randrange(256) for _ in range(16))
        bad.write_bytes(bytes(data))
        out = work / f"o{k}.jsonl"
        for args in (["eval", str(src), "-o", str(out), "--store", str(bad), "--no-progress"],
                     ["runs", "list", "--store", str(bad)],
                     ["runs", "show", "1", "--store", str(bad)],
                     ["report", "2", "--store", str(bad)],
                     ["compare", "1", "3", "--store", str(bad)]):
            proc = stef(*args)
            problems = clean(proc, (0, 1, 2))
            if proc.returncode == 2 and f"stef: error: {bad}:" not in proc.stderr:
                problems.append(f"the error does not name the store: {proc.stderr[-200:]!r}")
            if args[0] == "eval":
                kept = Path(f"{out}.partial") if proc.returncode == 2 else out
                text = kept.read_text() if kept.exists() else ""
                if text and not text.endswith("\n"):
                    problems.append("half a line left in the output")
                if proc.returncode == 0 and text.count("\n") != 40:
                    problems.append("a complete run lost results")
            fam.check(f"damaged store {k}: {args[0]} {args[1]}", problems)
    for k, name in enumerate(("notes.txt", "in.jsonl")):  # foreign files: never written
        foreign = work / name if name != "notes.txt" else work / "notes.sqlite"
        if name == "notes.txt":
            foreign.write_text("my notes\n" * 100)
        before = foreign.read_bytes()
        proc = stef("eval", str(src), "-o", str(work / f"f{k}.jsonl"), "--store", str(foreign),
                    "--no-progress")
        problems = clean(proc, (2,))
        if foreign.read_bytes() != before:
            problems.append("the foreign file was changed")
        fam.check(f"foreign store {name}", problems)
    for k in range(3):  # another process holds the lock past the wait
        big = records(work / f"big{k}.jsonl", 3000, rng)
        store, out = work / f"locked{k}.sqlite", work / f"l{k}.jsonl"
        proc = subprocess.Popen([*STEF, "eval", str(big), "-o", str(out), "--store", str(store),
                                 "--no-progress"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "STEF_STORE_WAIT": "0.5"})
        partial = Path(f"{out}.partial")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not (partial.exists() and partial.stat().st_size):
            time.sleep(0.01)
        time.sleep(rng.random())
        holder = sqlite3.connect(store, timeout=30, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        _, err = proc.communicate(timeout=300)
        holder.rollback()
        holder.close()
        problems = clean(subprocess.CompletedProcess([], proc.returncode, "", err), (2,))
        written = partial.read_text().count("\n") if partial.exists() else 0
        with sqlite3.connect(store) as con:
            stored = con.execute("SELECT count(*) FROM results").fetchone()[0]
        if not written - 1 <= stored <= written:
            problems.append(f"{written} lines written but {stored} results stored")
        if "locked by another process" not in err or f"{written} result" not in err:
            problems.append(f"unclear message: {err[-300:]!r}")
        resumed = stef("eval", str(big), "-o", str(out), "--store", str(store), "--resume",
                       "--no-progress")
        problems += clean(resumed, (0,))
        if out.read_text().count("\n") != 3000:
            problems.append("the resumed run did not complete the output")
        fam.check(f"locked store {k}", problems)
    for k in range(4):  # eight processes creating one new store at once
        store = work / f"new{k}.sqlite"
        procs = [subprocess.Popen([*STEF, "eval", str(src), "-o", str(work / f"n{k}-{i}.jsonl"),
                                   "--store", str(store), "--no-progress"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                 for i in range(8)]
        problems = []
        for p in procs:
            _, err = p.communicate(timeout=600)
            problems += clean(subprocess.CompletedProcess([], p.returncode, "", err), (0,))
        listed = stef("runs", "list", "--json", "--store", str(store))
        if listed.returncode != 0 or len(json.loads(listed.stdout or "[]")) != 8:
            problems.append("not 8 runs recorded")
        fam.check(f"8 processes creating store {k}", problems)
    return fam.result()


# --------------------------------------------------------------------------------------------
# 4. Parquet: a damaged row group costs only its rows; long cells never decoded
# --------------------------------------------------------------------------------------------

_PEAK = """
import resource, subprocess, sys
proc = subprocess.run(sys.argv[1:], capture_output=True)
sys.stdout.buffer.write(proc.stdout)
sys.stderr.buffer.write(proc.stderr)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
sys.exit(proc.returncode)
"""


def parquet_faults(folder: Path, seed: int) -> dict[str, Any]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    fam, rng, work = _family("parquet", folder / "parquet", seed)
    for k in range(12):
        groups, rows = rng.randrange(2, 5), rng.randrange(50, 400)
        n = groups * rows
        table = pa.table({"id": [f"r{i}" for i in range(n)],
                          "question": [f"How many users are active, case {i}?" for i in range(n)],
                          "sql": [f"{GOOD['sql']} AND k = {i}" for i in range(n)]})
        path = work / f"g{k}.parquet"
        pq.write_table(table, path, row_group_size=rows, compression="snappy",
                       use_dictionary=rng.random() < 0.5)
        damaged = rng.randrange(groups)
        meta = pq.ParquetFile(path).metadata.row_group(damaged)
        data = bytearray(path.read_bytes())
        for c in range(meta.num_columns):
            # Bytes inside the column chunk only (its dictionary page, if any, comes first):
            # damage that spills into the next group or the footer would be another case.
            chunk = meta.column(c)
            first = chunk.dictionary_page_offset if chunk.has_dictionary_page else \
                chunk.data_page_offset
            end = first + chunk.total_compressed_size
            start = rng.randrange(chunk.data_page_offset + 8, max(chunk.data_page_offset + 9,
                                                                   end - 24))
            for i in range(min(24, end - start)):
                data[start + i] ^= 0x5A
        path.write_bytes(bytes(data))
        proc = stef("eval", str(path), "--no-progress")
        problems = clean(proc, (0, 1))
        lines = [json.loads(x) for x in proc.stdout.splitlines()]
        if len(lines) != n:
            problems.append(f"{len(lines)} output lines for {n} rows")
        lost = [r for r in lines if "could not be read" in (r.get("error") or "")]
        if len(lost) > rows:
            problems.append(f"{len(lost)} rows lost, more than the damaged group's {rows}")
        if any((r.get("error") or "").startswith("internal:") for r in lines):
            problems.append("an internal: error")
        fam.check(f"damaged row group {damaged + 1} of {groups} (file {k})", problems)
    for k, size in enumerate((1 << 20, 4 << 20)):  # one long value, dictionary-encoded
        rows = 4096
        path = work / f"long{k}.parquet"
        # Built as its dictionary: a plain list of 4,096 such strings would hold 4 or 16 GiB
        # here, and every process started afterwards would report that as its peak (Linux
        # keeps the high-water mark of the process it was forked from).
        question = pa.DictionaryArray.from_arrays(pa.array([0] * rows, pa.int32()),
                                                  pa.array(["q" * size]))
        pq.write_table(pa.table({"id": [str(i) for i in range(rows)], "question": question,
                                 "sql": [GOOD["sql"]] * rows}),
                       path, dictionary_pagesize_limit=2 * size)
        assert pq.ParquetFile(path).metadata.row_group(0).column(1).has_dictionary_page
        proc = subprocess.run([sys.executable, "-c", _PEAK, *STEF, "eval", str(path),
                               "--no-progress"], capture_output=True, text=True, timeout=900,
                              check=False)
        peak_mib = int(proc.stderr.strip().splitlines()[-1]) / 1024
        problems = clean(subprocess.CompletedProcess([], proc.returncode, "", proc.stderr),
                         (1,))  # every row is a limit: result: coverage 0
        if proc.stdout.count("\n") != rows:
            problems.append("not one line a row")
        if peak_mib > 600:
            problems.append(f"peak {peak_mib:.0f} MiB for a {path.stat().st_size:,}-byte file")
        print(f"  {path.name}: {path.stat().st_size:,} bytes, {rows} rows of a "
              f"{size >> 20} MiB question: peak RSS {peak_mib:.0f} MiB", flush=True)
        fam.check(f"{size >> 20} MiB dictionary value in {rows} rows", problems)
    return fam.result()


# --------------------------------------------------------------------------------------------
# 5. dates past the calendar; non-finite numbers in results and calibrations
# --------------------------------------------------------------------------------------------

_DATE_SQL = (
    "date('now', '{s}{n} {u}s')", "date('now', '{s}{n} {u}')",
    "CURRENT_DATE {s} INTERVAL '{n}' {U}",
    "DATEADD({u}, {s}{n}, GETDATE())", "DATE_SUB(CURRENT_DATE, INTERVAL {n} {U})",
    "CURRENT_DATE {s} {n}", "DATEADD({u}, {s}{n}, '9999-12-31')",
)
_DATE_QUESTIONS = (
    "How many orders in the week starting {d}?", "How many orders in the week of {d}?",
    "How many orders on {d} at 23:59?", "How many orders since {d}?",
    "How many orders in the last {n} {u}s?", "How many orders {n} {u}s ago?",
)


def dates_and_numbers(folder: Path, seed: int, n: int) -> dict[str, Any]:
    fam, rng, work = _family("dates-and-numbers", folder / "dates", seed)
    path = work / "dates.jsonl"
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(n):
            unit = rng.choice(["day", "week", "month", "quarter", "year", "hour"])
            number = rng.choice([1, 7, 8000, 9999, 10**6, 10**9, 99999999999, 10**30])
            sql = rng.choice(_DATE_SQL).format(s=rng.choice("+-"), n=number, u=unit,
                                               U=unit.upper())
            day = rng.choice(["9999-12-30", "9999-12-31", "0001-01-01", "0001-01-03",
                              "9999-12-27", "2024-02-29"])
            question = rng.choice(_DATE_QUESTIONS).format(d=day, n=rng.choice([1, 9999, 5000]),
                                                          u=unit)
            fh.write(json.dumps({"id": str(i), "question": question,
                                 "sql": f"SELECT COUNT(*) FROM orders WHERE d > {sql}",
                                 "dialect": rng.choice([None, "sqlite", "tsql", "postgres",
                                                        "mysql", "snowflake"])}) + "\n")
    proc = stef("eval", str(path), "--today", "2024-06-15", "--no-progress")
    problems = clean(proc, (0, 1))
    for line in proc.stdout.splitlines():
        r = json.loads(line)
        if (r.get("error") or "").startswith("internal:"):
            problems.append(f"record {r['id']}: {r['error'][:160]}")
    fam.cases += n - 1
    fam.check(f"{n} dates past the calendar", problems)
    # Results files with a number that is not finite: rejected at the line, never green.
    base, new = work / "base.jsonl", work / "new.jsonl"
    src = records(work / "in.jsonl", 40, rng)
    assert stef("eval", str(src), "-o", str(base), "--no-progress").returncode == 0
    rows = [json.loads(x) for x in base.read_text().splitlines()]
    for _ in range(12):
        lines = [dict(r, score=(r["score"] - 30 if r.get("score") else r.get("score")))
                 for r in rows]
        text = [json.dumps(r) for r in lines]
        at = rng.randrange(len(text))
        token = rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
        field = rng.choice(["score", "confidence", "base"])
        text[at] = text[at].replace(f'"{field}": ', f'"{field}": {token}, "_was": ', 1)
        new.write_text("\n".join(text) + "\n")
        for args in (["compare", str(base), str(new), "--json", str(work / "c.json")],
                     ["report", str(new), "--json", str(work / "r.json")]):
            proc = stef(*args)
            problems = clean(proc, (2,))
            if f"{new}:{at + 1}: not a STEF result: the number {token}" not in proc.stderr:
                problems.append(f"not rejected at its line: {proc.stderr[-200:]!r}")
            fam.check(f"{token} in {field} on line {at + 1}: {args[0]}", problems)
    # Calibrations: non-finite numbers, oversized, a FIFO.
    shipped = json.loads(SHIPPED_CALIBRATION.read_text())
    for k, (where, token) in enumerate([("floors", "NaN"), ("priors", "Infinity"),
                                        ("weights", "1e999"), ("intercept", "NaN"),
                                        ("l2", "-Infinity")]):
        cal = work / f"cal{k}.json"
        data = dict(shipped)
        data[where] = {"finding:*": 0.0} if isinstance(shipped.get(where), dict) else 0.5
        text = json.dumps(data)
        text = (text.replace('"finding:*": 0.0', f'"finding:*": {token}') if
                isinstance(data[where], dict) else text.replace(f'"{where}": 0.5',
                                                                f'"{where}": {token}'))
        cal.write_text(text)
        proc = stef("eval", str(src), "--calibration", str(cal), "--no-progress")
        problems = clean(proc, (2,))
        if f"stef: error: {cal}: the number {token} is not finite" not in proc.stderr:
            problems.append(f"unclear: {proc.stderr[-200:]!r}")
        fam.check(f"calibration with {token} in {where}", problems)
    big = work / "big-cal.json"
    with open(big, "wb") as fh:
        fh.truncate(64 << 20)
    fifo = work / "fifo-cal.json"
    os.mkfifo(fifo)
    for cal, said in ((big, "larger than 8 MiB"), (fifo, "not a regular file")):
        proc = stef("eval", str(src), "--calibration", str(cal), "--no-progress", timeout=60)
        problems = clean(proc, (2,))
        if f"stef: error: {cal}: {said}" not in proc.stderr:
            problems.append(f"unclear: {proc.stderr[-200:]!r}")
        fam.check(f"calibration: {said}", problems)
    return fam.result()


# --------------------------------------------------------------------------------------------
# 6. plugins that fail to load
# --------------------------------------------------------------------------------------------

_PLUGINS = {
    "import_error": "raise ImportError('needs the acme_sdk package')\n",
    "syntax_error": "def broken(:\n",
    "misspelled_hook": textwrap.dedent('''
        from stef_core import hookimpl

        @hookimpl
        def stef_register_normalisers():
            return []
    '''),
    "hook_raises": textwrap.dedent('''
        from stef_core import hookimpl

        @hookimpl
        def stef_register_judges():
            raise RuntimeError("no licence")
    '''),
}


def plugin_faults(folder: Path, seed: int) -> dict[str, Any]:
    fam = Family("plugins")
    rng = random.Random(seed)
    src = records(folder / "plugin-in.jsonl", 5, rng)
    for name, source in _PLUGINS.items():
        site = folder / f"site-{name}"
        pkg = site / "acme_plugin"
        pkg.mkdir(parents=True)
        (pkg / "__init__.py").write_text("")
        (pkg / f"{name}.py").write_text(source)
        info = site / "acme_stef-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: acme-stef\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[stef]\n{name} = acme_plugin.{name}\n")
        env = {"PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
        proc = stef("eval", str(src), "--no-progress", env=env)
        problems = clean(proc, (2,))
        if f"stef: error: plugin {name!r} from acme-stef failed to load" not in proc.stderr:
            problems.append(f"unclear: {proc.stderr[-300:]!r}")
        if proc.stdout:
            problems.append("records were scored without the plugin")
        fam.check(f"stef eval with {name}", problems)
        api = subprocess.run(
            [sys.executable, "-W", "always", "-c",
             "from stef_core import evaluate; "
             "print(evaluate([{'question': 'How many users?', "
             "'sql': 'SELECT COUNT(*) FROM users'}])[0].status)"],
            capture_output=True, text=True, timeout=300, check=False,
            env={**os.environ, **env})
        problems = []
        if api.returncode != 0 or api.stdout.strip() != "scored":
            problems.append(f"the Python API did not go on: {api.stderr[-300:]!r}")
        if f"STEF plugin {name!r} from acme-stef failed to load" not in api.stderr:
            problems.append("the Python API did not warn naming the plugin")
        fam.check(f"evaluate() with {name}", problems)
    return fam.result()


# --------------------------------------------------------------------------------------------
# 7. gates and messages: coverage, duplicate ids in reports, escapes, unwritable outputs
# --------------------------------------------------------------------------------------------


def gates_and_messages(folder: Path, seed: int) -> dict[str, Any]:
    fam, rng, work = _family("gates-and-messages", folder / "gates", seed)
    src = records(work / "in.jsonl", 20, rng)
    semi = work / "semi.csv"
    semi.write_text("id;question;sql\n" + "".join(f"{i};How many users?;SELECT COUNT(*) FROM u\n"
                                                   for i in range(10)))
    bad = work / "bad.jsonl"
    bad.write_text("".join(json.dumps({"id": str(i), "question": "q", "sql": "SELEC x"}) + "\n"
                           for i in range(10)))
    for args, code, said in (
            (["eval", str(semi), "--delimiter", ",", "--no-progress"], 1,
             "stef: no record was scored (0 of 10; unscored: input: 10); the first says: input:"),
            (["eval", str(bad), "--no-progress"], 1, "stef: no record was scored (0 of 10"),
            (["eval", str(src), "--min-coverage", "100.1", "--no-progress"], 2, "--min-coverage"),
            (["eval", str(src), "--min-coverage", "100", "--no-progress"], 0, ""),
    ):
        proc = stef(*args)
        problems = clean(proc, (code,))
        if said and said not in proc.stderr:
            problems.append(f"not said: {said!r}: {proc.stderr[-300:]!r}")
        fam.check(" ".join(a if "/" not in a else Path(a).name for a in args), problems)
    mixed = work / "mixed.jsonl"
    with open(mixed, "w") as fh:
        for i in range(20):
            rec = dict(GOOD, id=str(i)) if i % 2 else {"id": str(i), "question": "q", "sql": "x("}
            fh.write(json.dumps(rec) + "\n")
    for pct, code in ((40, 0), (50, 0), (60, 1), (99, 1)):
        proc = stef("eval", str(mixed), "--min-coverage", str(pct), "--no-progress")
        problems = clean(proc, (code,))
        if code and f"is below --min-coverage {pct}%" not in proc.stderr:
            problems.append("the gate is not said")
        fam.check(f"--min-coverage {pct} at 50 %", problems)
    res = work / "res.jsonl"
    assert stef("eval", str(src), "-o", str(res), "--no-progress").returncode == 0
    (work / "res2.jsonl").write_bytes(res.read_bytes())
    proc = stef("report", str(res), str(work / "res2.jsonl"))
    problems = clean(proc, (0,))
    if "results have an agent and id already read from" not in proc.stderr:
        problems.append("shared ids merged silently")
    fam.check("report over two runs of the same records", problems)
    for twice in (str(res), f"{work}/./res.jsonl"):
        proc = stef("report", str(res), twice)
        problems = clean(proc, (2,))
        fam.check("report with one file twice", problems)
    escapes = ["\x1b[31mred", "\x1b]0;owned\x07", "\x9b2J", "bell\x07", "\u202eevil"]
    for k, esc in enumerate(escapes):
        name = work / f"n{k}{esc}.jsonl"
        for args in (["eval", str(name)], ["eval", str(src), "-o", str(work / f"no{esc}/o.jsonl")],
                     ["report", str(name)], ["eval", str(src), "--rules", str(name) + ".stef"]):
            proc = stef(*args)
            problems = clean(proc, (2,))
            if any(c in proc.stderr for c in "\x1b\x07\x9b\u202e"):
                problems.append("raw control characters echoed")
            fam.check(f"escaped name {k}: {args[0]}", problems)
    (work / "DIR").mkdir()
    unwritable: list[tuple[list[str], Callable[[], None] | None, str]] = [
        (["eval", str(src), "-o", str(work / "DIR")], None, "is a folder"),
        (["eval", str(src), "--summary-json", str(work / "DIR")], None, "is a folder"),
        (["calibrate", str(records(work / "rev.jsonl", 30, rng, label=True)), "-o",
          str(work / "DIR")], None, "is a folder"),
        (["report", str(res), "--html", str(work / "DIR")], None, "is a folder"),
        (["eval", str(src), "-o", str(work / "nope" / "o.jsonl")], None, "does not exist"),
        (["eval", str(src), "--no-progress"], lambda: os.close(1), "standard output is closed"),
    ]
    if Path("/dev/full").exists():
        unwritable += [
            (["eval", str(src), "-o", "/dev/full"], None, "No space left on device"),
            (["eval", str(src), "--summary-json", "/dev/full"], None, "No space left"),
            (["report", str(res), "--html", "/dev/full"], None, "No space left on device"),
            (["compare", str(res), str(res), "--json", "/dev/full"], None, "No space left"),
        ]
    for args, pre, said in unwritable:
        proc = stef(*args, preexec_fn=pre) if pre else stef(*args)
        problems = clean(proc, (2,))
        if said not in proc.stderr:
            problems.append(f"not said: {said!r}: {proc.stderr[-300:]!r}")
        fam.check(" ".join(Path(a).name if "/" in a else a for a in args), problems)
    if Path("/dev/full").exists():
        for args in (["eval", str(src), "--no-progress"], ["report", str(res)],
                     ["runs", "list", "--store", str(work / "s.sqlite")], ["rules", "schema"]):
            if args[0] == "runs":
                stef("eval", str(src), "-o", str(work / "s.jsonl"), "--store",
                     str(work / "s.sqlite"), "--no-progress")
            with open("/dev/full", "w") as full:
                p = subprocess.run([*STEF, *args], stdout=full, stderr=subprocess.PIPE,
                                   text=True, timeout=300, check=False)
            problems = clean(subprocess.CompletedProcess([], p.returncode, "", p.stderr), (2,))
            if "the standard output cannot be written" not in p.stderr:
                problems.append(f"unclear: {p.stderr[-200:]!r}")
            fam.check(f"{args[0]} {args[1] if len(args) > 1 else ''} > /dev/full", problems)
    return fam.result()


# --------------------------------------------------------------------------------------------
# where an API key goes: a base URL from the environment is a named server, like --api-base
# --------------------------------------------------------------------------------------------

SECRET = "sk-campaign-not-a-real-key"


def key_handling(folder: Path, seed: int) -> dict[str, Any]:
    """``OPENAI_BASE_URL`` / ``OPENAI_API_BASE`` set, ``OPENAI_API_KEY`` set: a local server
    standing in for a proxy must never receive the key, unless ``--api-key-env`` says so."""
    import http.server
    import threading

    fam = Family("key-handling")
    src = records(folder / "key-in.jsonl", 2, random.Random(seed))
    seen: list[str | None] = []
    reply = json.dumps({
        "id": "c", "object": "chat.completion", "created": 0, "model": "m",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {
            "role": "assistant",
            "content": json.dumps({"p_correct": 0.9, "rationale": "ok"})}}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # the name http.server calls
            seen.append(self.headers.get("Authorization"))
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        for variable in ("OPENAI_BASE_URL", "OPENAI_API_BASE"):
            for said in (False, True):
                seen.clear()
                proc = stef("eval", str(src), "--judge", "llm:openai/gpt-4o-mini", "--no-cache",
                            "--no-progress", *(["--api-key-env", "OPENAI_API_KEY"] if said else []),
                            env={"OPENAI_API_KEY": SECRET, variable: url})
                problems = clean(proc, (0,))
                if not seen:
                    problems.append("no call reached the server the environment names")
                elif said and any(h != f"Bearer {SECRET}" for h in seen):
                    problems.append("--api-key-env OPENAI_API_KEY: the key was not sent")
                elif not said and any(SECRET in (h or "") for h in seen):
                    problems.append(f"the provider's key went to {variable}'s server")
                fam.check(f"{variable}{' --api-key-env OPENAI_API_KEY' if said else ''}",
                          problems)
    finally:
        server.shutdown()
    return fam.result()


#: the families, in the order of issue 21's items (each takes a folder and a seed)
FAMILIES: dict[str, Callable[[Path, int], dict[str, Any]]] = {
    "self_overwrite": self_overwrite,
    "resume_fingerprint": resume_fingerprint,
    "store_faults": store_faults,
    "parquet_faults": parquet_faults,
    "dates_and_numbers": lambda folder, seed: dates_and_numbers(folder, seed, 2000),
    "plugin_faults": plugin_faults,
    "gates_and_messages": gates_and_messages,
    "key_handling": key_handling,
}
