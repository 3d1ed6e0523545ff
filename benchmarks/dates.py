"""Date findings on labelled data: how often is a *correct* record marked down over a date?

Runs STEF (offline judge) over labelled JSONL files and reports, per file, the share of records
labelled correct that carry at least one date finding, and the same share among incorrect
records (a date finding should fire on wrong SQL, not on right SQL).

A reason is a *date finding* when its code starts with ``date.``, or when its message names a
date, month or year: an ISO date or year-month (``2013-09``), a compact one (``'201309'``), a
year between 1800 and 2099, a month name, or a time function (``strftime``, ``year(`` ...).
The test is on the message text so that it reads the findings of any version of STEF alike
(before periods existed, dates were plain filters); it is a yardstick, not a classifier.

    python benchmarks/dates.py ../shared/data/dev --today 2024-06-15 --json dates.json
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

INPUT_FIELDS = ("id", "question", "enriched_question", "sql", "dialect", "agent", "timestamp")
_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
)
_DATE_TEXT = re.compile(
    r"\b(?:1[89]|20)\d\d(?:[-/]\d\d?){0,2}\b|'(?:1[89]|20)\d\d(?:0[1-9]|1[0-2])(?:\d\d)?'|"
    rf"\b(?:{_MONTHS})\b|\b(?:strftime|year|month|extract|date_trunc|datepart|to_char)\s*\(",
    re.IGNORECASE,
)


def is_date_finding(code: str, message: str) -> bool:
    """Is this reason about a date? (see the module docstring)"""
    return code.startswith("date.") or _DATE_TEXT.search(message) is not None


def measure(path: Path, today: str | None) -> dict[str, Any]:
    """Score one labelled file; count date findings on correct and incorrect records."""
    from stef_core.engine import Engine, record_from_mapping

    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    kwargs: dict[str, Any] = {"today": today} if today else {}
    engine = Engine(None, **kwargs)
    items = [
        record_from_mapping({k: r.get(k) for k in INPUT_FIELDS}, default_id=str(i))
        for i, r in enumerate(rows, 1)
    ]
    counts = {"correct": 0, "incorrect": 0, "correct_date": 0, "incorrect_date": 0}
    codes: dict[str, int] = {}
    try:
        for row, res in zip(rows, engine.run(items)):
            kind = "correct" if int(row["label"]) == 1 else "incorrect"
            counts[kind] += 1
            found = [r.code for r in res.reasons if is_date_finding(r.code, r.message)]
            if found:
                counts[kind + "_date"] += 1
                if kind == "correct":
                    for code in set(found):
                        codes[code] = codes.get(code, 0) + 1
    finally:
        engine.close()
    return {
        "file": path.name,
        **counts,
        "share_correct": counts["correct_date"] / counts["correct"] if counts["correct"] else 0,
        "share_incorrect": (
            counts["incorrect_date"] / counts["incorrect"] if counts["incorrect"] else 0
        ),
        "codes_on_correct": dict(sorted(codes.items(), key=lambda kv: -kv[1])),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", help="a labelled .jsonl file or a folder of them")
    ap.add_argument("--today", help="anchor for relative dates (stef eval --today), YYYY-MM-DD")
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args(argv)
    data = Path(args.data)
    files = sorted(data.glob("*.jsonl")) if data.is_dir() else [data]
    if not files:
        print(f"dates: no .jsonl files in {data}", file=sys.stderr)
        return 2
    out = [measure(f, args.today) for f in files]
    print("| file | correct | with a date finding | share | incorrect | with a date finding "
          "| share |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in out:
        print(f"| {r['file']} | {r['correct']} | {r['correct_date']} | "
              f"{100 * r['share_correct']:.1f}% | {r['incorrect']} | {r['incorrect_date']} | "
              f"{100 * r['share_incorrect']:.1f}% |")
    for r in out:
        if r["codes_on_correct"]:
            print(f"{r['file']}: on correct records: {r['codes_on_correct']}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
