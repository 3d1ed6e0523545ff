"""``stef calibrate``: fit the offline judge's calibration on a team's own reviewed records.

Reviewed records are ordinary input records with a ``label`` (1: the SQL is correct, 0: it is
not). The command fits the same model STEF ships (:mod:`stef_core.calibration`) on them,
starting from the calibration in use (the shipped one, the ruleset's, or ``--calibration``),
so a few hundred reviews adjust it rather than replace it, and prints how well gamma matched
the labels before and after: in-sample, and cross-validated (each fold fitted without it),
which is the honest estimate for new records.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from stef_core.cli import cli, say
from stef_core.cli.layout import layout_options, read_layout
from stef_core.files import check_outputs, write_text

#: bad rows listed one by one before the rest are only counted
SHOW_SKIPPED = 20
#: fewer labelled records than this cannot be fitted on
MIN_RECORDS = 10


@cli.command("calibrate")
@click.argument("inputs", nargs=-1, required=True, metavar="REVIEWED...")
@click.option("-o", "--output", required=True, metavar="OUT.json",
              help="Write the fitted calibration here.")
@click.option("--rules", "rules_path", metavar="FILE", help="R_app rules: .stef or .json.")
@click.option("--dialect", metavar="NAME",
              help="SQL dialect for records without one (any sqlglot dialect).")
@click.option("--judge", default="offline", show_default=True, metavar="SPEC",
              help="The judge to calibrate (one that computes evidence: offline).")
@click.option("--calibration", "start", metavar="FILE.json",
              help="Start from this calibration (default: the ruleset's, else the shipped one).")
@click.option("--fresh", is_flag=True,
              help="Fit from scratch instead of adjusting the calibration in use (needs many "
                   "reviewed records).")
@click.option("--l2", type=click.FloatRange(0), default=1.0, show_default=True,
              help="How strongly weights are pulled towards the starting calibration.")
@click.option("--folds", type=click.IntRange(2, 20), default=5, show_default=True,
              help="Cross-validation folds for the 'after' estimate.")
@click.option("--name", metavar="NAME", help="Model name (default: OUT's file name).")
@layout_options
def calibrate_command(inputs: tuple[str, ...], output: str, rules_path: str | None,
                      dialect: str | None, judge: str, start: str | None, fresh: bool,
                      l2: float, folds: int, name: str | None, map_specs: tuple[str, ...],
                      delimiter: str | None) -> None:
    """Fit gamma = P(correct) on reviewed records (REVIEWED: .jsonl, .json, .csv, .parquet with
    a 'label' field, 1 correct and 0 incorrect) and write the calibration to OUT.json.

    Use it with `stef eval --calibration OUT.json` or the ruleset statement
    `calibration "OUT.json"`. Rows without a valid label are reported with file:line and
    skipped.
    """
    from stef_core import __version__
    from stef_core.calibration import Calibration, Example, fit_logistic
    from stef_core.cli.eval import _check_dialect, ruleset_for
    from stef_core.contracts import JudgeRequest, StefError
    from stef_core.engine import BadRecord, Engine
    from stef_core.io import check_inputs, read_items

    paths = list(inputs)
    check_inputs(paths)
    fields, delimiter = read_layout(map_specs, delimiter)
    if dialect:
        _check_dialect(dialect)
    sources: list[str] = []
    rules = ruleset_for(rules_path, sources=sources)
    # Before the fit, which can take a while: the output is none of the files read, and can
    # be written where it is.
    check_outputs([("-o", output)], [("the input", p) for p in paths]
                  + [("the rules", s) for s in sources]
                  + [("the calibration", start or rules.calibration)])
    from stef_core.registry import Registry

    registry = Registry.discover()
    registry.check()  # a plugin that failed to load: say so, never fit without it
    engine = Engine(rules, judge=judge, dialect=dialect, calibration=start, registry=registry)
    judge_obj = engine.judge
    if judge_obj.evidence_version is None:
        raise StefError(f"--judge {judge}: this judge cannot be calibrated; use --judge offline")
    before_model = judge_obj.calibration
    judge_cls = type(judge_obj)

    skipped: list[str] = []
    requests: list[JudgeRequest] = []
    labels: list[int] = []
    try:
        for item in read_items(paths, require=("label",), fields=fields, delimiter=delimiter):
            if isinstance(item, BadRecord):
                skipped.append(item.error.removeprefix("input: "))
                continue
            analysed = engine.analyse(item)
            if not isinstance(analysed, JudgeRequest):
                skipped.append(f"record {item.id!r}: {analysed.error}")
                continue
            assert item.label is not None
            requests.append(analysed)
            labels.append(item.label)
    finally:
        engine.close()
    for line in skipped[:SHOW_SKIPPED]:
        say(f"stef: skipped {line}")
    if len(skipped) > SHOW_SKIPPED:
        say(f"stef: ... and {len(skipped) - SHOW_SKIPPED} more skipped rows")
    positives = sum(labels)
    if len(labels) < MIN_RECORDS or positives == 0 or positives == len(labels):
        raise StefError(
            f"{', '.join(paths)}: {len(labels)} usable labelled records ({positives} correct, "
            f"{len(labels) - positives} incorrect); a calibration needs at least {MIN_RECORDS}, "
            "with both labels"
        )

    evidence = [judge_obj.evidence(r) for r in requests]
    examples = [Example(x, y) for x, y in zip(evidence, labels)]
    prior = None if fresh else before_model
    nonpositive = judge_cls.nonpositive_features
    # The severity priors for findings without a weight of their own carry over, --fresh too.
    priors = dict(before_model.priors) if before_model else {}
    floors = dict(before_model.floors) if before_model else {}
    prior_l2 = before_model.prior_l2 if before_model else l2

    def fitted_model(subset: list[Example], fitted: dict[str, Any]) -> Calibration:
        b, w = fit_logistic(subset, l2=l2, nonpositive=nonpositive, prior=prior,
                            priors=priors, prior_l2=prior_l2, floors=floors)
        return Calibration(
            name=name or Path(output).stem, judge=judge_cls.id,
            evidence=str(judge_cls.evidence_version), intercept=round(b, 6),
            weights={k: round(v, 6) for k, v in sorted(w.items())},
            nonpositive=list(nonpositive), priors=priors, floors=floors, l2=l2,
            prior_l2=prior_l2,
            fitted=fitted,
        )

    def gammas(model: Calibration | None, idx: list[int]) -> list[float]:
        j = judge_cls(calibration=model)
        return [j.judge(requests[i]).confidence for i in idx]

    everyone = list(range(len(requests)))
    model = fitted_model(examples, {})
    before = gammas(before_model, everyone)
    after = gammas(model, everyone)
    # Cross-validated: each record's gamma from a model fitted without its fold (a fold whose
    # complement lacks one of the labels cannot be fitted; its records keep the full model's).
    crossed = list(after)
    k = min(folds, len(requests))
    for fold in range(k):
        held = [i for i in everyone if i % k == fold]
        train = [examples[i] for i in everyone if i % k != fold]
        if 0 < sum(e.label for e in train) < len(train):
            for i, g in zip(held, gammas(fitted_model(train, {}), held)):
                crossed[i] = g

    metrics = {
        "before": _metrics(before, labels),
        "after": _metrics(after, labels),
        "cross_validated": _metrics(crossed, labels),
    }
    model = model.model_copy(update={"fitted": {
        "records": len(labels),
        "correct": positives,
        "skipped": len(skipped),
        "inputs": [Path(p).name for p in paths],
        "start": prior.name if prior else None,
        "folds": k,
        "metrics": metrics,
        "stef_version": __version__,
    }})
    write_text(output, model.to_json(), label="-o")
    print_calibration(before, crossed, labels, metrics, k,
                      start=prior.name if prior else "(none)")
    say(f"stef: wrote {output} ({len(labels)} records, {positives} correct); use it with "
        f"`stef eval --calibration {output}`")


def _metrics(gammas: list[float], labels: list[int]) -> dict[str, Any]:
    from stef_core.calibration import auroc, reliability

    rel = reliability(gammas, labels)
    data = rel.to_dict()
    area = auroc(gammas, labels)
    data["auroc"] = round(area, 4) if area is not None else None
    return data


def print_calibration(before: list[float], after: list[float], labels: list[int],
                      metrics: dict[str, Any], folds: int, *, start: str,
                      console: Console | None = None) -> None:
    """The before/after reliability table and the summary figures."""
    from stef_core.calibration import reliability

    console = console or Console(highlight=False)
    if not console.is_terminal:
        console.width = 120
    rb, ra = reliability(before, labels), reliability(after, labels)
    table = Table(title=f"Reliability on {len(labels)} reviewed records: before (calibration "
                        f"{start}) and after ({folds}-fold cross-validated)",
                  title_justify="left")
    for col in ("gamma", "n before", "mean gamma", "share correct", "n after", "mean gamma ",
                "share correct "):
        table.add_column(col, justify="left" if col == "gamma" else "right")
    for b in range(rb.bins):
        if not rb.n[b] and not ra.n[b]:
            continue
        cells = [f"{b / rb.bins:.1f}-{(b + 1) / rb.bins:.1f}"]
        for rel in (rb, ra):
            n = rel.n[b]
            cells += [str(n), f"{rel.gamma_sum[b] / n:.3f}" if n else "-",
                      f"{rel.correct[b] / n:.3f}" if n else "-"]
        table.add_row(*cells)
    console.print(table)
    figures = Table(title="Calibration error (lower is better) and separation",
                    title_justify="left")
    for col in ("", "mean gamma", "share correct", "ECE", "Brier", "AUROC"):
        figures.add_column(col, justify="left" if not col else "right")
    for label, key in (("before", "before"), ("after, in-sample", "after"),
                       (f"after, {folds}-fold cross-validated", "cross_validated")):
        m = metrics[key]
        figures.add_row(label, _f(m["mean_gamma"]), _f(m["share_correct"]), _f(m["ece"]),
                        _f(m["brier"]), _f(m["auroc"]))
    console.print(figures)


def _f(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"
