"""Fit the offline judge's calibration on labelled files, and measure it leave-one-file-out.

    python benchmarks/calibrate.py ../shared/data/dev \\
        --out plugins/stef_judges/calibration/offline-v1.json \\
        --report benchmarks/results/calibration

For every labelled ``.jsonl`` file of DATA, the engine analyses each record exactly as ``stef
eval`` does and the offline judge computes its evidence (:mod:`stef_judges.evidence`); labels
are read here and never shown to STEF. Then:

* **leave one file out**: for each file that is not held out, a model fitted on the other
  files (never on the held-out ones) is measured on it: AUROC, Brier score, expected
  calibration error (10 equal-width bins) and the reliability table, P(correct | band), the
  share of correct records that stay excellent, the share of correct records scored below 75,
  pairwise accuracy (same question, one right and one wrong SQL, ties half) and, on files where
  several agents answer the same questions, Kendall's tau between estimated accuracy (mean
  gamma) and true accuracy and the mean absolute error of the estimate;
* **the shipped model** is fitted on every file that is not held out (``--holdout``, default
  ``spider_human``: the project's last check, never tuned on) and measured on every file,
  in-sample for the files it saw, out-of-sample for the held-out ones; it is written to
  ``--out``.

The public files are labelled by execution match, so they are analysed under that convention
(``rule supporting_columns off``: :func:`validity.execution_match_rules`).

Each training file weighs the same in a fit (its records share 1/number-of-files of the total
weight), so that one large file does not set the base rate for all. The fit is pure Python
and has no randomness: the same data give the same bytes. Records whose SQL does not parse get
no gamma (they are unscored) and are left out of every figure; the coverage column counts them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from validity import INPUT_FIELDS, execution_match_rules, kendall_tau, pairwise

from stef_core.calibration import (
    Calibration,
    Example,
    auroc,
    calibration_from_text,
    fit_logistic,
    reliability,
)

MODEL_NAME = "offline-v1"
DEFAULT_HOLDOUT = ("spider_human",)
DEFAULT_L2 = 1.0
#: The production corpus's domains together weigh as much as this many public files. Since
#: evidence 3 the corpus's records (logged: they carry timestamps) also fit their own context's
#: weights (stef_judges.evidence), which only they inform; at 1 file's worth the held-in
#: domains' leave-one-domain-out AUROC is 0.747 against 0.746 at 2 (0.5 was the choice when
#: both contexts shared every weight: benchmarks/README.md).
DEFAULT_PRODUCTION_WEIGHT = 1.0
BANDS = ("excellent", "good", "marginal", "poor")


def load(path: Path, production: str | None = None) -> tuple[list[dict[str, Any]], int]:
    """Analyse every record of a labelled file; the scored ones with their evidence and the
    number of records in the file. ``production`` names a domain of the production corpus:
    its log is read as ``stef eval`` reads it (STEF's defaults, each record's timestamp)."""
    from stef_judges.evidence import features

    from stef_core.contracts import Judge
    from stef_core.engine import Engine, record_from_mapping

    class Unused(Judge):
        """Only extraction and alignment run here (and the shipped model may not exist yet)."""

        id = "unused"

    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    # The public files' labels are execution match (validity.execution_match_rules); the
    # production corpus is labelled as an analyst reads answers (STEF's defaults).
    engine = Engine(None if production else execution_match_rules(), judge=Unused())
    fields = (*INPUT_FIELDS, "timestamp") if production else INPUT_FIELDS
    items = [record_from_mapping({k: row.get(k) for k in fields}, default_id=str(i))
             for i, row in enumerate(rows, 1)]
    engine.learn(items)  # the run's profile, as stef eval learns it from the file
    out = []
    for item, row in zip(items, rows):
        req = engine.analyse(item) if not hasattr(item, "error") else None
        if req is None or not hasattr(req, "alignment"):
            continue
        out.append({
            "file": f"production/{production}" if production else path.stem,
            "label": int(row["label"]),
            "agent": row.get("agent") or "default",
            "group": (production or row.get("db_id"), " ".join(row["question"].lower().split())),
            "request": req,
            "features": features(req),  # type: ignore[arg-type]
        })
    engine.close()
    return out, len(rows)


#: Features of the run's other answers (stef_judges.evidence): fitted last, on top of the rest.
RUN_FEATURES = ("peers:", "risk:peers")


def _run_feature(name: str) -> bool:
    return name.startswith(RUN_FEATURES)


def fit(recs: list[dict[str, Any]], l2: float, fitted: dict[str, Any],
        production_weight: float = 1.0, base: Calibration | None = None,
        hold_logged: bool = False) -> Calibration:
    """The calibration fitted on ``recs``: every public file weighs the same, and the
    production corpus's domains share ``production_weight`` files' worth between them. With
    ``base``, its benchmark context (every weight but the logged context's, and its
    intercept) is kept as it is and the logged context is fitted without the run's evidence
    (:data:`RUN_FEATURES`); then the run's evidence is fitted with every other weight held,
    so that a record with no other answers to compare with scores as the logged context
    alone says. ``hold_logged`` keeps the base's logged context too (only the run's evidence,
    or any feature the base has no weight for, is fitted)."""
    from stef_judges.evidence import (
        CONTEXT_LOGGED,
        EVIDENCE_VERSION,
        FLOORS,
        LOGGED,
        NONPOSITIVE,
        PRIOR_L2,
        PRIORS,
    )

    per_file: dict[str, int] = defaultdict(int)
    for r in recs:
        per_file[r["file"]] += 1
    domains = [f for f in per_file if f.startswith("production/")]
    share = {f: (production_weight / len(domains) if f in domains else 1.0) for f in per_file}
    units = sum(share.values())
    total = len(recs)
    examples = [
        Example(r["features"], r["label"],
                total * share[r["file"]] / units / per_file[r["file"]])
        for r in recs
    ]
    fixed = None
    if base is not None and hold_logged:
        fixed = base.model_copy(update={"weights": {
            k: v for k, v in base.weights.items() if not _run_feature(k)}})
    elif base is not None:
        kept = {k: v for k, v in base.weights.items()
                if not k.endswith(LOGGED) and k != CONTEXT_LOGGED}
        # the logged context first, without the run's evidence ...
        plain = [Example({k: v for k, v in ex.features.items() if not _run_feature(k)},
                         ex.label, ex.weight) for ex in examples]
        b1, w1 = fit_logistic(plain, l2=l2, nonpositive=NONPOSITIVE, priors=PRIORS,
                              prior_l2=PRIOR_L2, floors=FLOORS,
                              fixed=base.model_copy(update={"weights": kept}))
        # ... then the run's evidence on top of it
        fixed = base.model_copy(update={"intercept": b1, "weights": {
            k: v for k, v in w1.items() if not _run_feature(k)}})
    intercept, weights = fit_logistic(examples, l2=l2, nonpositive=NONPOSITIVE, priors=PRIORS,
                                      prior_l2=PRIOR_L2, floors=FLOORS, fixed=fixed)
    return Calibration(
        name=MODEL_NAME, judge="offline", evidence=EVIDENCE_VERSION,
        intercept=round(intercept, 6),
        weights={k: round(v, 6) for k, v in weights.items()},
        nonpositive=list(NONPOSITIVE), priors=PRIORS, floors=FLOORS, l2=l2, prior_l2=PRIOR_L2,
        fitted=fitted,
    )


def measure(model: Calibration, recs: list[dict[str, Any]], n_file: int) -> dict[str, Any]:
    """Every figure of the module docstring for ``model`` on one file's records."""
    from stef_judges.offline import gamma
    from stef_scoring.composite import CompositeScorer

    from stef_core.models import Ruleset, Verdict

    rules, scorer = Ruleset(), CompositeScorer()
    gammas, labels, scores, bands = [], [], [], []
    for r in recs:
        g = gamma(model, r["request"], r["features"])
        verdict = Verdict(label=rules.scoring.label_for(g), confidence=g)
        s = scorer.score(r["request"].alignment, verdict, rules)
        gammas.append(g)
        labels.append(r["label"])
        scores.append(s.score)
        bands.append(s.band)
    rel = reliability(gammas, labels)
    npos = sum(labels)
    groups: dict[Any, list[tuple[float, int]]] = defaultdict(list)
    for r, g in zip(recs, gammas):
        groups[r["group"]].append((g, r["label"]))
    band_stats = {}
    for b in BANDS:
        idx = [i for i, x in enumerate(bands) if x == b]
        band_stats[b] = {
            "n": len(idx),
            "p_correct": round(sum(labels[i] for i in idx) / len(idx), 3) if idx else None,
            "share_of_correct": (round(sum(labels[i] for i in idx) / npos, 3) if npos else None),
        }
    out: dict[str, Any] = {
        "records": n_file,
        "scored": len(recs),
        "coverage": round(len(recs) / n_file, 4) if n_file else None,
        "share_correct": round(npos / len(recs), 4) if recs else None,
        "mean_gamma": round(sum(gammas) / len(gammas), 4) if gammas else None,
        "auroc": _r(auroc(gammas, labels)),
        "auroc_score": _r(auroc(scores, labels)),
        "brier": _r(rel.brier()),
        "ece": _r(rel.ece()),
        "reliability": rel.table(),
        "bands": band_stats,
        "correct_below_75": round(sum(1 for s, y in zip(scores, labels) if y and s < 75) / npos,
                                  4) if npos else None,
        "pairwise_gamma": pairwise(groups),
        "ranking": ranking(recs, gammas),
        "by_severity": by_severity(recs),
    }
    return out


def by_severity(recs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per severity: records with at least one finding of it, and the share correct (what
    backs the judge's rule that major and critical findings cap gamma)."""
    out = {}
    for sev in ("critical", "major", "minor", "info"):
        labels = [r["label"] for r in recs
                  if any(x.severity == sev for x in r["request"].alignment.reasons)]
        out[sev] = {"n": len(labels),
                    "p_correct": round(sum(labels) / len(labels), 3) if labels else None}
    return out


def ranking(recs: list[dict[str, Any]], gammas: list[float],
            min_records: int = 24) -> dict[str, Any] | None:
    """Estimated accuracy (mean gamma) against true accuracy per agent, when at least three
    agents answer."""
    by_agent: dict[str, list[tuple[float, int]]] = defaultdict(list)
    for r, g in zip(recs, gammas):
        by_agent[r["agent"]].append((g, r["label"]))
    agents = sorted(a for a, xs in by_agent.items() if len(xs) >= min_records)
    if len(agents) < 3:
        return None
    accuracy = {a: round(sum(y for _, y in by_agent[a]) / len(by_agent[a]), 4) for a in agents}
    estimated = {a: round(sum(g for g, _ in by_agent[a]) / len(by_agent[a]), 4) for a in agents}
    rows = [{"agent": a, "records": len(by_agent[a]), "accuracy": accuracy[a],
             "estimated_accuracy": estimated[a]} for a in agents]
    tau = kendall_tau([estimated[a] for a in agents], [accuracy[a] for a in agents])
    mae = sum(abs(estimated[a] - accuracy[a]) for a in agents) / len(agents)
    return {"agents": rows, "kendall_tau": _r(tau, 3), "mae": round(mae, 4)}


def _r(x: float | None, digits: int = 4) -> float | None:
    return round(x, digits) if x is not None else None


# --------------------------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------------------------


def _n(x: Any, digits: int = 3) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _pct(x: Any) -> str:
    return "-" if x is None else f"{x:.1%}"


def summary_rows(title: str, results: dict[str, dict[str, Any]]) -> list[str]:
    lines = [
        f"### {title}", "",
        "| file | scored | share correct | mean gamma | AUROC | Brier | ECE | "
        "P(correct \\| excellent) | correct staying excellent | correct < 75 | "
        "pairwise (gamma) | Kendall tau | MAE |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, m in results.items():
        rk = m["ranking"] or {}
        pw = m["pairwise_gamma"]
        lines.append(
            f"| {name} | {m['scored']} | {_n(m['share_correct'])} | {_n(m['mean_gamma'])} | "
            f"{_n(m['auroc'])} | {_n(m['brier'])} | {_n(m['ece'])} | "
            f"{_n(m['bands']['excellent']['p_correct'])} | "
            f"{_pct(m['bands']['excellent']['share_of_correct'])} | "
            f"{_pct(m['correct_below_75'])} | "
            f"{_n(pw['accuracy'])} ({pw['pairs']}) | {_n(rk.get('kendall_tau'))} | "
            f"{_n(rk.get('mae'), 4)} |"
        )
    return lines


def to_markdown(report: dict[str, Any]) -> str:
    lines = [
        f"Calibration `{report['model']}` (evidence `{report['evidence']}`, L2 {report['l2']}); "
        f"held out: {', '.join(report['holdout']) or 'none'}.", "",
    ]
    if report.get("base"):
        lines += [f"Benchmark context kept from `{report['base']}` (`--base`): only the logged "
                  "context is fitted, so the public files' leave-one-out rows are the base "
                  "model's in-sample figures; the production domains' rows are leave one "
                  "domain out for the logged context.", ""]
    lines += summary_rows("Leave one file out (fit without the file, measured on it; held-out "
                          "files: the shipped model)", report["leave_one_out"])
    lines += [""]
    lines += summary_rows("The shipped model on every file (in-sample except the held-out "
                          "files)", report["shipped"])
    lines += ["", "Share correct among records with at least one finding of a severity "
              "(n in brackets):", "", "| file | critical | major | minor | info |",
              "|---|---:|---:|---:|---:|"]
    for name, m in report["shipped"].items():
        cells = [f"{_n(v['p_correct'])} ({v['n']})" for v in m["by_severity"].values()]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    for title, block in (("leave one file out", report["leave_one_out"]),):
        for name, m in block.items():
            lines += ["", f"Reliability, {title}, {name} (ECE {_n(m['ece'])}, Brier "
                      f"{_n(m['brier'])}):", "", "| gamma | n | mean gamma | share correct |",
                      "|---|---:|---:|---:|"]
            for row in m["reliability"]:
                lines.append(f"| {row['bin'][0]:.1f}-{row['bin'][1]:.1f} | {row['n']} | "
                             f"{row['mean_gamma']:.3f} | {row['share_correct']:.3f} |")
            rk = m["ranking"]
            if rk:
                lines += ["", f"Agents of {name} ({title}): Kendall tau {rk['kendall_tau']}, MAE "
                          f"{rk['mae']}", "", "| agent | records | true accuracy | estimated |",
                          "|---|---:|---:|---:|"]
                for a in sorted(rk["agents"], key=lambda a: -a["accuracy"]):
                    lines.append(f"| {a['agent']} | {a['records']} | {a['accuracy']:.3f} | "
                                 f"{a['estimated_accuracy']:.3f} |")
    lines += ["", "Weights of the shipped model (most negative first):", "",
              "| feature | weight |", "|---|---:|"]
    weights = report["weights"]
    for k, v in sorted(weights.items(), key=lambda kv: (kv[1], kv[0])):
        lines.append(f"| `{k}` | {v:+.3f} |")
    lines.append(f"| (intercept) | {report['intercept']:+.3f} |")
    return "\n".join(lines) + "\n"


#: The repository's root: paths under it are written relative to it in the report, so that
#: the committed results name no directory of the machine that made them.
ROOT = Path(__file__).resolve().parent.parent


def _shown(path: str | None) -> str | None:
    """``path`` relative to the repository when it lies inside it, else as given.

    >>> _shown(str(ROOT / "plugins" / "x.json")), _shown("/elsewhere/x.json"), _shown(None)
    ('plugins/x.json', '/elsewhere/x.json', None)
    """
    if path is None:
        return None
    try:
        return Path(path).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", help="a folder of labelled .jsonl files")
    ap.add_argument("--out", help="write the shipped model here (JSON)")
    ap.add_argument("--report", help="write REPORT.md and REPORT.json")
    ap.add_argument("--holdout", default=",".join(DEFAULT_HOLDOUT),
                    help="file stems never fitted on (comma-separated; '' for none)")
    ap.add_argument("--l2", type=float, default=DEFAULT_L2, help="L2 penalty of the fit")
    ap.add_argument("--production", metavar="DIR",
                    help="also fit on the tuned half of the production corpus in DIR "
                    "(benchmarks/production: one file per domain; the held-out half is never "
                    "read)")
    ap.add_argument("--production-weight", type=float, default=DEFAULT_PRODUCTION_WEIGHT,
                    metavar="FILES",
                    help="how many public files' worth the production domains weigh together")
    ap.add_argument("--base", metavar="MODEL",
                    help="keep this calibration's benchmark context (its intercept and every "
                    "weight but the logged context's) and fit only the logged context on top "
                    "(stef_judges.evidence); the shipped model is fitted with --base "
                    "plugins/stef_judges/calibration/offline-v1.json")
    ap.add_argument("--hold-logged", action="store_true",
                    help="with --base, keep its logged context too and fit only the features "
                    "it has no weight for (the run's other answers: stef_judges.evidence)")
    args = ap.parse_args(argv)
    base = None
    if args.base:
        base = calibration_from_text(Path(args.base).read_text("utf-8"), args.base)
    hold = args.hold_logged and base is not None
    files = sorted(Path(args.data).glob("*.jsonl"))
    if not files:
        print(f"calibrate: no .jsonl files in {args.data}", file=sys.stderr)
        return 2
    holdout = [h.strip() for h in args.holdout.split(",") if h.strip()]
    t0 = time.perf_counter()
    data: dict[str, list[dict[str, Any]]] = {}
    sizes: dict[str, int] = {}
    for f in files:
        data[f.stem], sizes[f.stem] = load(f)
    if args.production:
        from production import TUNED

        for domain in TUNED:  # never the held-out half
            log = Path(args.production) / domain / "log.jsonl"
            data[f"production/{domain}"], sizes[f"production/{domain}"] = load(log, domain)
    train_names = [n for n in data if n not in holdout]
    pw = args.production_weight
    provenance = {
        "data": [n if n.startswith("production/") else f"{n}.jsonl" for n in train_names],
        "records": sum(len(data[n]) for n in train_names),
        "weighting": "each public file weighs the same"
                     + (f"; the production domains together {pw:g} files' worth"
                        if args.production else ""),
        "holdout": [f"{n}.jsonl" for n in holdout if n in data],
        "command": "python benchmarks/calibrate.py DATA --out "
                   "plugins/stef_judges/calibration/offline-v1.json "
                   "--report benchmarks/results/calibration"
                   + (f" --production benchmarks/production --production-weight {pw:g}"
                      if args.production else "")
                   + (" --base plugins/stef_judges/calibration/offline-v1.json"
                      if base is not None else "")
                   + (" --hold-logged" if hold else ""),
    }
    shipped = fit([r for n in train_names for r in data[n]], args.l2, provenance, pw, base, hold)
    loo: dict[str, dict[str, Any]] = {}
    for name in data:
        if name in holdout:
            model = shipped
        else:
            model = fit([r for n in train_names if n != name for r in data[n]], args.l2, {}, pw,
                        base, hold)
        loo[name] = measure(model, data[name], sizes[name])
    shipped_results = {name: measure(shipped, data[name], sizes[name]) for name in data}
    report = {
        "model": shipped.name, "evidence": shipped.evidence, "l2": args.l2,
        "holdout": holdout, "leave_one_out": loo, "shipped": shipped_results,
        "base": _shown(args.base),
        "intercept": shipped.intercept, "weights": shipped.weights,
    }
    shipped = shipped.model_copy(update={"fitted": {
        **provenance,
        "leave_one_file_out": {n: {k: m[k] for k in ("auroc", "brier", "ece")}
                               for n, m in loo.items()},
    }})
    md = to_markdown(report)
    print(md)
    print(f"calibrate: {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(shipped.to_json(), encoding="utf-8")
    if args.report:
        Path(args.report).parent.mkdir(parents=True, exist_ok=True)
        Path(args.report + ".md").write_text(md, encoding="utf-8")
        Path(args.report + ".json").write_text(json.dumps(report, indent=1) + "\n",
                                               encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
