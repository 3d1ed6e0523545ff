"""Validity benchmark: how well does STEF's score separate correct from incorrect SQL?

Runs STEF (offline judge unless told otherwise) over labelled JSONL files and reports, per file:

* records, coverage, AUROC of the score against the label (and of the confidence gamma), the
  trivial baseline (share of the SQL's literals that appear in the question) from the same run;
* balanced accuracy at score >= 75, mean score of correct and incorrect records, the share of
  correct records scored below 75;
* pairwise accuracy: for one question answered right by one SQL and wrong by another, how often
  the right one scores higher (ties count half), by score and by gamma;
* agent ranking (files with several agents answering the same questions): true accuracy against
  mean score and mean gamma (estimated accuracy), Kendall tau, mean absolute error;
* precision of each reason code (share of the records it fires on that are labelled
  incorrect), per severity, per file and pooled over ``--pool`` files, and of the records a
  finding alone brings below 75 (judged again without it, they would score 75 or more);
* calibration: P(correct | band), expected calibration error of gamma (10 equal-width bins),
  Brier score;
* recall of incorrect records (score < 75) per annotated error type, filter-status counts.

The public files are labelled by execution match, where a result with a column beyond the
reference's is wrong; they are scored under that convention (``rule supporting_columns off``,
``--convention execution-match``, the default here) unless ``--rules`` or ``--convention
production`` (STEF's own defaults, which read such a column as a supporting one) is given.

STEF sees only the input fields (id, question, enriched_question, sql, dialect, agent): labels,
error types, db ids and the reference SQL are read here for scoring the scorer and never passed
on. Unscored records (SQL that does not parse) count as score 0 and gamma 0.

    python benchmarks/validity.py ../shared/data/dev --out benchmarks/results/validity
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

INPUT_FIELDS = ("id", "question", "enriched_question", "sql", "dialect", "agent")
THRESHOLD = 75.0
BANDS = ("excellent", "good", "marginal", "poor")
DEFAULT_POOL = ("nl2sql_bugs_public", "bird_train_sample")


# --------------------------------------------------------------------------------------------
# statistics
# --------------------------------------------------------------------------------------------


def auroc(scores: Sequence[float], labels: Sequence[int]) -> float | None:
    """Mann-Whitney AUROC with ties counted half."""
    pos = sum(1 for y in labels if y == 1)
    neg = len(labels) - pos
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
    return (rank_sum - pos * (pos + 1) / 2) / (pos * neg)


def kendall_tau(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Kendall's tau-b (ties in either ranking shrink the denominator)."""
    n = len(xs)
    concordant = discordant = ties_x = ties_y = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = xs[i] - xs[j], ys[i] - ys[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denom = ((concordant + discordant + ties_x) * (concordant + discordant + ties_y)) ** 0.5
    return (concordant - discordant) / denom if denom else None


def pairwise(groups: dict[Any, list[tuple[float, int]]]) -> dict[str, Any]:
    """For each question with right and wrong answers, every (right, wrong) pair: the right one
    scores higher (win), the same (tie, counts half) or lower (loss)."""
    wins = ties = losses = 0
    for items in groups.values():
        right = [s for s, y in items if y == 1]
        wrong = [s for s, y in items if y == 0]
        for r in right:
            for w in wrong:
                if r > w:
                    wins += 1
                elif r == w:
                    ties += 1
                else:
                    losses += 1
    n = wins + ties + losses
    return {
        "pairs": n,
        "accuracy": round((wins + ties / 2) / n, 4) if n else None,
        "wins": wins,
        "ties": ties,
        "losses": losses,
    }


def calibration(gammas: Sequence[float], labels: Sequence[int], bins: int = 10) -> dict[str, Any]:
    """Expected calibration error over equal-width bins, Brier score, and the reliability
    table (mean gamma against the share correct per bin)."""
    table: list[dict[str, Any]] = []
    ece = 0.0
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        idx = [i for i, g in enumerate(gammas) if lo <= g < hi or (b == bins - 1 and g == 1.0)]
        if not idx:
            continue
        mean_g = sum(gammas[i] for i in idx) / len(idx)
        share = sum(labels[i] for i in idx) / len(idx)
        ece += len(idx) / len(gammas) * abs(mean_g - share)
        table.append({"bin": f"[{lo:.1f},{hi:.1f})", "n": len(idx), "mean_gamma": round(mean_g, 3),
                      "share_correct": round(share, 3)})
    brier = sum((g - y) ** 2 for g, y in zip(gammas, labels)) / len(gammas) if gammas else None
    return {"ece": round(ece, 4), "brier": round(brier, 4) if brier is not None else None,
            "reliability": table}


def code_precision(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per reason code (and per code and severity): records it fires on, how many of them are
    labelled incorrect, the precision, and how many of them score below 75."""
    fires: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    brought: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for rec in records:
        for key in rec.get("brought_below", ()):
            brought[key][0] += 1
            brought[key][1] += 1 - rec["label"]
        seen: set[str] = set()
        for code, severity in rec["reasons"]:
            for key in (code, f"{code}@{severity}"):
                if key in seen:
                    continue
                seen.add(key)
                fires[key][0] += 1
                fires[key][1] += 1 - rec["label"]
                fires[key][2] += 1 if rec["score"] < THRESHOLD else 0
    out: dict[str, dict[str, Any]] = {}
    for key, (n, k, low) in sorted(fires.items()):
        out[key] = {"fires": n, "incorrect": k, "precision": round(k / n, 3), "below_75": low}
        if "@" in key:
            b, bk = brought.get(key, (0, 0))
            out[key]["brought_below_75"] = b
            out[key]["brought_precision"] = round(bk / b, 3) if b else None
    return out


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


# --------------------------------------------------------------------------------------------
# one file
# --------------------------------------------------------------------------------------------


def execution_match_rules() -> Any:
    """R_app for data labelled by execution match, such as the public development files:
    their labels count a result with a column beyond the reference's as wrong, so a supporting
    column (the value a ranking is by, shown beside the answer) is not tolerated there
    (``rule supporting_columns off``; see ``stef_rules.supporting_columns``)."""
    from stef_core.models import Ruleset

    return Ruleset(rules={"supporting_columns": False})


def score_file(path: Path, judge: str, rules: Any, limit: int | None) -> list[dict[str, Any]]:
    """Score every record of a labelled file; one flat dict per record (label and result)."""
    from stef_core.engine import Engine, record_from_mapping

    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    if limit:
        rows = rows[:limit]
    engine = Engine(rules, judge=judge)
    items = [
        record_from_mapping({k: r.get(k) for k in INPUT_FIELDS}, default_id=str(i))
        for i, r in enumerate(rows, 1)
    ]
    out: list[dict[str, Any]] = []
    try:
        for row, item, res in zip(rows, items, engine.run(items)):
            out.append({
                "id": row.get("id"),
                "agent": row.get("agent") or "default",
                "group": (row.get("db_id"), " ".join(row["question"].lower().split())),
                "label": int(row["label"]),
                "error_types": _flat(row.get("error_types")),
                "scored": res.status == "scored",
                "score": res.score if res.score is not None else 0.0,
                "gamma": res.confidence if res.confidence is not None else 0.0,
                "band": res.band or "poor",
                "status": res.filter_alignment.status if res.filter_alignment else None,
                "verdict": res.verdict.label if res.verdict else None,
                "reasons": [(r.code, r.severity) for r in res.reasons],
                "baseline": literal_baseline(row),
                "brought_below": _brought_below(engine, item, res),
            })
    finally:
        engine.close()
    return out


def _brought_below(engine: Any, record: Any, result: Any) -> list[str]:
    """The codes (``code@severity``) that bring this record below 75: judged again with the
    findings of that code and severity left out, it would score 75 or more. Only the judge's
    side is undone (the filter status stays), so this is what a finding does through gamma,
    the part issue 12 asks to be precise. Empty for records at or above 75."""
    from dataclasses import replace

    from stef_core.contracts import Alignment, JudgeRequest

    if result.status != "scored" or result.score is None or result.score >= THRESHOLD:
        return []
    request = engine.analyse(record)
    if not isinstance(request, JudgeRequest):
        return []
    out: list[str] = []
    keys = dict.fromkeys(f"{r.code}@{r.severity}" for r in request.alignment.reasons)
    for key in keys:
        kept = tuple(r for r in request.alignment.reasons if f"{r.code}@{r.severity}" != key)
        without = replace(request, alignment=Alignment(
            filters=request.alignment.filters, bonus=request.alignment.bonus, reasons=kept))
        try:
            verdict = engine.judge.judge(without)
        except Exception:  # a judge that cannot answer one request alone (LLM): not measured
            return []
        score = engine.scorer.score(without.alignment, verdict, engine.rules).score
        if score >= THRESHOLD:
            out.append(key)
    return out


def report(name: str, recs: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    labels = [r["label"] for r in recs]
    scores = [r["score"] for r in recs]
    gammas = [r["gamma"] for r in recs]
    npos = sum(labels)
    nneg = len(labels) - npos
    tp = sum(1 for r in recs if r["score"] >= THRESHOLD and r["label"] == 1)
    tn = sum(1 for r in recs if r["score"] < THRESHOLD and r["label"] == 0)
    bal = ((tp / npos if npos else 0) + (tn / nneg if nneg else 0)) / 2

    def mean(xs: list[float]) -> float | None:
        return round(sum(xs) / len(xs), 2) if xs else None

    per_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in recs:
        if r["label"] == 0:
            for t in r["error_types"] or ["(unannotated)"]:
                per_type[t][1] += 1
                per_type[t][0] += 1 if r["score"] < THRESHOLD else 0
    groups_score: dict[Any, list[tuple[float, int]]] = defaultdict(list)
    groups_gamma: dict[Any, list[tuple[float, int]]] = defaultdict(list)
    for r in recs:
        groups_score[r["group"]].append((r["score"], r["label"]))
        groups_gamma[r["group"]].append((r["gamma"], r["label"]))
    bands = {
        b: {
            "n": sum(1 for r in recs if r["band"] == b),
            "p_correct": (
                round(sum(r["label"] for r in recs if r["band"] == b)
                      / sum(1 for r in recs if r["band"] == b), 3)
                if any(r["band"] == b for r in recs) else None
            ),
            "share_of_correct": (
                round(sum(1 for r in recs if r["band"] == b and r["label"] == 1) / npos, 3)
                if npos else None
            ),
        }
        for b in BANDS
    }
    return {
        "file": name,
        "records": len(recs),
        "share_correct": round(npos / len(recs), 4) if recs else None,
        "coverage": round(sum(r["scored"] for r in recs) / len(recs), 4) if recs else None,
        "auroc": round(auroc(scores, labels) or 0, 4),
        "auroc_gamma": round(auroc(gammas, labels) or 0, 4),
        "baseline_auroc": round(auroc([r["baseline"] for r in recs], labels) or 0, 4),
        "balanced_accuracy_at_75": round(bal, 4),
        "mean_correct": mean([s for s, y in zip(scores, labels) if y == 1]),
        "mean_incorrect": mean([s for s, y in zip(scores, labels) if y == 0]),
        "correct_below_75": round(sum(1 for r in recs if r["label"] == 1
                                      and r["score"] < THRESHOLD) / npos, 4) if npos else None,
        "pairwise_score": pairwise(groups_score),
        "pairwise_gamma": pairwise(groups_gamma),
        "bands": bands,
        "calibration": calibration(gammas, labels),
        "ranking": ranking(recs),
        "codes": code_precision(recs),
        "recall_incorrect_by_type": {
            t: {"recall": round(c / n, 3), "n": n} for t, (c, n) in sorted(per_type.items())
        },
        "filter_status": dict(Counter(r["status"] for r in recs if r["status"])),
        "verdicts": dict(Counter(r["verdict"] for r in recs if r["verdict"])),
        "records_per_second": round(len(recs) / seconds, 1) if seconds else None,
    }


def ranking(recs: list[dict[str, Any]], min_records: int = 50) -> dict[str, Any] | None:
    """True accuracy per agent against mean score and mean gamma, when several agents answer."""
    by_agent: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in recs:
        by_agent[r["agent"]].append(r)
    agents = sorted(a for a, rs in by_agent.items() if len(rs) >= min_records)
    if len(agents) < 3:
        return None
    rows = []
    for a in agents:
        rs = by_agent[a]
        rows.append({
            "agent": a,
            "records": len(rs),
            "accuracy": round(sum(r["label"] for r in rs) / len(rs), 4),
            "mean_score": round(sum(r["score"] for r in rs) / len(rs), 2),
            "estimated_accuracy": round(sum(r["gamma"] for r in rs) / len(rs), 4),
        })
    truth = [r["accuracy"] for r in rows]
    tau_score = kendall_tau([r["mean_score"] for r in rows], truth)
    tau_gamma = kendall_tau([r["estimated_accuracy"] for r in rows], truth)
    mae = sum(abs(r["estimated_accuracy"] - r["accuracy"]) for r in rows) / len(rows)
    return {
        "agents": rows,
        "kendall_tau_score": round(tau_score, 3) if tau_score is not None else None,
        "kendall_tau_gamma": round(tau_gamma, 3) if tau_gamma is not None else None,
        "mae_estimated_accuracy": round(mae, 4),
    }


# --------------------------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------------------------


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def _num(x: float | None, digits: int = 3) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def to_markdown(reports: list[dict[str, Any]], pooled: dict[str, Any] | None) -> str:
    lines = [
        "| file | records | coverage | AUROC | AUROC gamma | baseline AUROC | pairwise (score) "
        "| pairwise (gamma) | correct < 75 | P(correct \\| excellent) | ECE | mean correct "
        "| mean incorrect |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in reports:
        lines.append(
            f"| {r['file']} | {r['records']} | {_pct(r['coverage'])} | {r['auroc']:.3f} | "
            f"{r['auroc_gamma']:.3f} | {r['baseline_auroc']:.3f} | "
            f"{_num(r['pairwise_score']['accuracy'])} ({r['pairwise_score']['pairs']}) | "
            f"{_num(r['pairwise_gamma']['accuracy'])} | {_pct(r['correct_below_75'])} | "
            f"{_num(r['bands']['excellent']['p_correct'])} | "
            f"{_num(r['calibration']['ece'])} | {r['mean_correct']} | {r['mean_incorrect']} |"
        )
    for r in reports:
        rk = r.get("ranking")
        if not rk:
            continue
        lines += [
            "",
            f"Agent ranking on {r['file']}: Kendall tau (mean score) {rk['kendall_tau_score']}, "
            f"(estimated accuracy) {rk['kendall_tau_gamma']}, MAE of the estimate "
            f"{rk['mae_estimated_accuracy']}",
            "",
            "| agent | records | true accuracy | mean score | estimated accuracy |",
            "|---|---:|---:|---:|---:|",
        ]
        for a in sorted(rk["agents"], key=lambda a: -a["accuracy"]):
            lines.append(f"| {a['agent']} | {a['records']} | {a['accuracy']:.3f} | "
                         f"{a['mean_score']:.1f} | {a['estimated_accuracy']:.3f} |")
    if pooled:
        lines += [
            "",
            f"Reason-code precision pooled over {', '.join(pooled['files'])} "
            f"({pooled['records']} records, {pooled['share_correct']:.1%} correct); "
            "`code@severity` rows split a code by severity; *brought below 75*: records the "
            "finding alone takes below 75 (judged again without it, they score 75 or more), and "
            "the share of those labelled incorrect:",
            "",
            "| code | fires | labelled incorrect | precision | of them < 75 | brought below 75 "
            "| precision there |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for code, c in sorted(pooled["codes"].items(), key=lambda kv: (-kv[1]["fires"], kv[0])):
            lines.append(f"| {code} | {c['fires']} | {c['incorrect']} | {c['precision']:.3f} | "
                         f"{c['below_75']} | {c.get('brought_below_75', '')} | "
                         f"{_num(c.get('brought_precision'))} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", help="a labelled .jsonl file or a folder of them")
    ap.add_argument("--judge", default="offline")
    ap.add_argument("--rules", help="R_app for every file (.stef or .json)")
    ap.add_argument("--convention", choices=("execution-match", "production"),
                    default="execution-match",
                    help="the labels' convention when --rules is not given: execution-match "
                    "(the public files: an extra output column is a wrong result, so the "
                    "supporting_columns rule is off) or production (STEF's defaults)")
    ap.add_argument("--limit", type=int, help="only the first N records of each file")
    ap.add_argument("--pool", default=",".join(DEFAULT_POOL),
                    help="files (stems) whose reason-code precision is also pooled")
    ap.add_argument("--out", help="write OUT.md and OUT.json")
    args = ap.parse_args(argv)
    data = Path(args.data)
    if not data.exists():
        ap.error(f"{data}: no such file or folder (give a labelled .jsonl file or a folder of "
                 "them, e.g. ../shared/data/dev)")
    files = sorted(data.glob("*.jsonl")) if data.is_dir() else [data]
    if not files:
        print(f"validity: no .jsonl files in {data}", file=sys.stderr)
        return 2
    rules = None
    if args.rules:
        from stef_core.rules import load_rules

        rules = load_rules(args.rules)
    elif args.convention == "execution-match":
        rules = execution_match_rules()
    reports: list[dict[str, Any]] = []
    pool_names = {p.strip() for p in args.pool.split(",") if p.strip()}
    pooled_recs: list[dict[str, Any]] = []
    pooled_files: list[str] = []
    for f in files:
        t0 = time.perf_counter()
        recs = score_file(f, args.judge, rules, args.limit)
        reports.append(report(f.name, recs, time.perf_counter() - t0))
        if f.stem in pool_names:
            pooled_recs.extend(recs)
            pooled_files.append(f.name)
    pooled = None
    if pooled_recs:
        pooled = {
            "files": pooled_files,
            "records": len(pooled_recs),
            "share_correct": sum(r["label"] for r in pooled_recs) / len(pooled_recs),
            "codes": code_precision(pooled_recs),
        }
    md = to_markdown(reports, pooled)
    print(md)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out + ".md").write_text(md, encoding="utf-8")
        Path(args.out + ".json").write_text(
            json.dumps({"files": reports, "pooled": pooled}, indent=1) + "\n", encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
