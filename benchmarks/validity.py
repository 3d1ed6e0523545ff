"""Validity benchmark: how well does STEF's score separate correct from incorrect SQL?

Runs STEF (offline judge unless told otherwise) over labelled JSONL files and reports, per file:
records, coverage, AUROC of the score against the label, balanced accuracy at score >= 75,
mean score of correct vs incorrect records, recall of incorrect records (score < 75) per error
type, filter-status counts, and beside it the trivial baseline (share of the SQL's literals that
appear in the question) computed in the same run.

STEF sees only the input fields (id, question, enriched_question, sql, dialect, agent): labels,
error types and the reference SQL are read here for scoring the scorer and never passed on.

    python benchmarks/validity.py ../shared/data/dev --out benchmarks/results/validity
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

INPUT_FIELDS = ("id", "question", "enriched_question", "sql", "dialect", "agent")
THRESHOLD = 75.0


def auroc(scores: list[float], labels: list[int]) -> float | None:
    """Mann-Whitney AUROC with ties counted half."""
    pos = [s for s, y in zip(scores, labels) if y == 1]
    neg = [s for s, y in zip(scores, labels) if y == 0]
    if not pos or not neg:
        return None
    ranked = sorted((s, i) for i, s in enumerate(scores))
    ranks = [0.0] * len(scores)
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and ranked[j + 1][0] == ranked[i][0]:
            j += 1
        avg = (i + j) / 2 + 1
        for k in range(i, j + 1):
            ranks[ranked[k][1]] = avg
        i = j + 1
    rank_sum = sum(r for r, y in zip(ranks, labels) if y == 1)
    return (rank_sum - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg))


def _flat(types: Any) -> list[str]:
    """Error types are a list of strings, or (Spider files) a list of lists of strings."""
    out: list[str] = []
    for t in types or []:
        out.extend(_flat(t) if isinstance(t, list) else [str(t)])
    return sorted(set(out))


def literal_baseline(record: dict[str, Any]) -> float:
    """Share of the SQL's literals that appear in the question (the trivial baseline)."""
    import sqlglot
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(record["sql"], read=record.get("dialect") or None)
    except Exception:
        return 0.0
    text = (record["question"] + " " + (record.get("enriched_question") or "")).lower()
    lits = [str(lit.this).lower() for lit in tree.find_all(exp.Literal)]
    if not lits:
        return 1.0
    return sum(1 for v in lits if v.strip("%") in text) / len(lits)


def evaluate_file(path: Path, judge: str, limit: int | None) -> dict[str, Any]:
    from stef_core.engine import Engine, record_from_mapping

    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    if limit:
        rows = rows[:limit]
    engine = Engine(judge=judge)
    items = [
        record_from_mapping({k: r.get(k) for k in INPUT_FIELDS}, default_id=str(i))
        for i, r in enumerate(rows, 1)
    ]
    t0 = time.perf_counter()
    results = list(engine.run(items))
    elapsed = time.perf_counter() - t0
    engine.close()

    labels = [int(r["label"]) for r in rows]
    # Unscored records (SQL that does not parse) count as score 0: they are wrong answers.
    scores = [res.score if res.score is not None else 0.0 for res in results]
    base = [literal_baseline(r) for r in rows]
    scored = sum(1 for res in results if res.status == "scored")
    pred = [s >= THRESHOLD for s in scores]
    tp = sum(1 for p, y in zip(pred, labels) if p and y == 1)
    tn = sum(1 for p, y in zip(pred, labels) if not p and y == 0)
    npos = sum(labels)
    nneg = len(labels) - npos
    bal = ((tp / npos if npos else 0) + (tn / nneg if nneg else 0)) / 2
    per_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r, p in zip(rows, pred):
        if r["label"] == 0:
            for t in _flat(r.get("error_types")) or ["(unannotated)"]:
                per_type[t][1] += 1
                per_type[t][0] += 0 if p else 1
    statuses = Counter(res.filter_alignment.status for res in results if res.filter_alignment)
    verdicts = Counter(res.verdict.label for res in results if res.verdict)
    mean = lambda xs: round(sum(xs) / len(xs), 2) if xs else None  # noqa: E731
    return {
        "file": path.name,
        "records": len(rows),
        "coverage": round(scored / len(rows), 4) if rows else None,
        "auroc": round(auroc(scores, labels) or 0, 4),
        "baseline_auroc": round(auroc(base, labels) or 0, 4),
        "balanced_accuracy_at_75": round(bal, 4),
        "mean_correct": mean([s for s, y in zip(scores, labels) if y == 1]),
        "mean_incorrect": mean([s for s, y in zip(scores, labels) if y == 0]),
        "recall_incorrect_by_type": {
            t: {"recall": round(c / n, 3), "n": n} for t, (c, n) in sorted(per_type.items())
        },
        "filter_status": dict(statuses),
        "verdicts": dict(verdicts),
        "records_per_second": round(len(rows) / elapsed, 1) if elapsed else None,
    }


def to_markdown(reports: list[dict[str, Any]]) -> str:
    lines = [
        "| file | records | coverage | AUROC | baseline AUROC | bal. acc. @75 "
        "| mean correct | mean incorrect |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in reports:
        lines.append(
            f"| {r['file']} | {r['records']} | {r['coverage']:.1%} | {r['auroc']:.3f} | "
            f"{r['baseline_auroc']:.3f} | {r['balanced_accuracy_at_75']:.3f} | "
            f"{r['mean_correct']} | {r['mean_incorrect']} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", help="a labelled .jsonl file or a folder of them")
    ap.add_argument("--judge", default="offline")
    ap.add_argument("--limit", type=int, help="only the first N records of each file")
    ap.add_argument("--out", help="write OUT.md and OUT.json")
    args = ap.parse_args(argv)
    data = Path(args.data)
    files = sorted(data.glob("*.jsonl")) if data.is_dir() else [data]
    if not files:
        print(f"validity: no .jsonl files in {data}", file=sys.stderr)
        return 2
    reports = [evaluate_file(f, args.judge, args.limit) for f in files]
    md = to_markdown(reports)
    print(md)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out + ".md").write_text(md, encoding="utf-8")
        Path(args.out + ".json").write_text(json.dumps(reports, indent=2) + "\n", encoding="utf-8")
    else:
        print(
            json.dumps(
                [{k: v for k, v in r.items() if k != "recall_incorrect_by_type"} for r in reports],
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
