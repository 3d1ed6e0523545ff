"""STEF in MLflow: a scorer for ``mlflow.genai.evaluate`` and feedback on existing traces.

``pip install 'stef[mlflow]'``. The only STEF module that imports MLflow.

**Scorer.** :func:`stef_scorer` returns an MLflow scorer that scores each row's SQL against its
question (and the agent's reformulation, when present) and returns two
:class:`mlflow.entities.Feedback`: ``stef_score`` (0-100, with the band, gamma, the verdict and
the reason codes as metadata and the judge's rationale) and ``stef_gamma`` (the judge's
probability that the SQL is right; its mean over a run is STEF's estimated accuracy)::

    import mlflow
    from stef_core.integrations.mlflow import stef_scorer

    data = [{"inputs": {"question": "How many users are active?"},
             "outputs": "SELECT COUNT(*) FROM users WHERE status = 'active'"}]
    mlflow.genai.evaluate(data=data, scorers=[stef_scorer()])

A row's ``inputs`` is the question (text) or a dict with ``question`` and optionally
``reformulation`` (or ``enriched_question``) and ``dialect``; ``outputs`` is the SQL (text) or
a dict with ``sql``. Other layouts: ``fields``, as ``stef eval --map`` takes it, over
``inputs``, ``outputs`` and ``expectations`` (``{"sql": "outputs.query"}``). A row STEF cannot
score gets feedback with an error that says why, never an exception.

**Export.** :func:`export_results` (``stef export mlflow RESULTS --experiment NAME``) attaches
the results of a ``stef eval`` run to the traces of an experiment as the same two feedbacks, so
the MLflow UI shows STEF beside the team's other judges. A result finds its trace by a field of
the result (``id`` unless ``--map trace_id=PATH`` says otherwise), matched against the trace id,
the trace id with MLflow's ``tr-`` prefix (an OpenTelemetry trace id), or the trace's client
request id. Exporting again updates STEF's feedback instead of adding a second one.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from stef_core import __version__
from stef_core.contracts import StefError
from stef_core.models import Result, Ruleset

INSTALL_HINT = "pip install 'stef[mlflow]'"

try:
    import mlflow
    from mlflow.entities import AssessmentError, AssessmentSource, Feedback
    from mlflow.genai.scorers import Scorer
    from pydantic import PrivateAttr
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise StefError(f"the MLflow integration needs mlflow ({exc.name} is missing): "
                    f"{INSTALL_HINT}") from None

#: The feedback names STEF logs: the score, and gamma.
SCORE = "stef_score"
GAMMA = "stef_gamma"
#: Where a record field is in a scorer row when ``fields`` does not say (tried in order).
DEFAULT_FIELDS: dict[str, tuple[str, ...]] = {
    "question": ("inputs", "inputs.question"),
    "enriched_question": ("inputs.reformulation", "inputs.enriched_question"),
    "sql": ("outputs", "outputs.sql"),
    "dialect": ("inputs.dialect",),
}


def _source(judge: str) -> AssessmentSource:
    """Who gave the feedback: STEF's offline judge is code; an LLM judge is an LLM judge."""
    kind = "LLM_JUDGE" if judge.startswith("llm") else "CODE"
    return AssessmentSource(source_type=kind, source_id="stef")


def feedbacks(result: Result, *, judge: str = "offline") -> list[Feedback]:
    """The two feedbacks for one STEF result: ``stef_score`` and ``stef_gamma``.

    The score's metadata holds the band, gamma, the verdict, the filter status, the reason
    codes (comma-separated, most severe first) and STEF's version; MLflow keeps metadata as
    text. An unscored result gives both feedbacks an error saying why.
    """
    source = _source(judge)
    if result.status != "scored" or result.score is None:
        error = AssessmentError(error_code="STEF_UNSCORED",
                                error_message=result.error or "not scored")
        return [Feedback(name=SCORE, error=error, source=source),
                Feedback(name=GAMMA, error=error, source=source)]
    order = {"critical": 0, "major": 0, "minor": 1, "info": 2}
    codes = list(dict.fromkeys(r.code for r in sorted(result.reasons,
                                                      key=lambda r: order.get(r.severity, 3))))
    metadata = {
        "band": str(result.band),
        "gamma": f"{result.confidence:.4f}" if result.confidence is not None else "",
        "verdict": result.verdict.label if result.verdict else "",
        "filter_status": result.filter_alignment.status if result.filter_alignment else "",
        "reason_codes": ",".join(codes),
        "stef_version": __version__,
    }
    rationale = result.verdict.rationale if result.verdict and result.verdict.rationale else None
    if result.reasons:
        listed = "; ".join(f"{r.code} ({r.severity}): {r.message}" for r in result.reasons)
        rationale = f"{rationale}. {listed}" if rationale else listed
    return [
        Feedback(name=SCORE, value=float(result.score), rationale=rationale, metadata=metadata,
                 source=source),
        Feedback(name=GAMMA, value=float(result.confidence or 0.0),
                 rationale="the judge's probability that the SQL answers the question",
                 metadata={"band": metadata["band"], "stef_version": __version__},
                 source=source),
    ]


class StefScorer(Scorer):
    """STEF as an MLflow scorer; build it with :func:`stef_scorer`.

    The configuration is plain data (the ruleset as its JSON, the judge by name), so MLflow can
    copy and serialize the scorer; the engine is built on first use and shared by the threads
    MLflow scores rows in.
    """

    name: str = "stef"
    rules: dict[str, Any] | None = None
    judge: str = "offline"
    dialect: str | None = None
    judge_options: dict[str, Any] | None = None
    fields: dict[str, str] | None = None

    _engine: Any = PrivateAttr(default=None)
    _lock: Any = PrivateAttr(default_factory=threading.Lock)

    def _get_engine(self) -> Any:
        with self._lock:
            if self._engine is None:
                from stef_core.engine import Engine

                rules = Ruleset.model_validate(self.rules) if self.rules else Ruleset()
                self._engine = Engine(rules, judge=self.judge, dialect=self.dialect,
                                      judge_options=dict(self.judge_options or {}))
            return self._engine

    def record(self, inputs: Any, outputs: Any, expectations: Any = None) -> dict[str, Any]:
        """The STEF record a scorer row stands for (before validation)."""
        from stef_core.mapping import MISSING, resolve

        row = {"inputs": inputs, "outputs": outputs, "expectations": expectations}
        record: dict[str, Any] = {}
        for target, paths in DEFAULT_FIELDS.items():
            for path in ((self.fields[target],) if self.fields and target in self.fields
                         else paths):
                value = resolve(row, path)
                if value is not MISSING and (isinstance(value, str) or target == "label"):
                    record[target] = value
                    break
        for target, path in (self.fields or {}).items():
            if target not in DEFAULT_FIELDS:
                value = resolve(row, path)
                if value is not MISSING:
                    record[target] = value
        return record

    def __call__(self, *, inputs: Any = None, outputs: Any = None,
                 expectations: dict[str, Any] | None = None, trace: Any = None,
                 session: Any = None) -> list[Feedback]:
        from stef_core.records import record_from_mapping

        engine = self._get_engine()
        item = record_from_mapping(self.record(inputs, outputs, expectations), default_id="1",
                                   where="this row")
        with self._lock:  # one record at a time through the shared engine
            [result] = engine.evaluate_batch([item])
        return feedbacks(result, judge=self.judge)


def stef_scorer(
    *,
    rules: Ruleset | Mapping[str, Any] | str | None = None,
    judge: str = "offline",
    dialect: str | None = None,
    judge_options: Mapping[str, Any] | None = None,
    fields: Mapping[str, str] | None = None,
    name: str = "stef",
) -> StefScorer:
    """An MLflow scorer that scores SQL with STEF (see the module docstring).

    Args:
        rules: R_app: a :class:`Ruleset`, its JSON as a dict, or a ``.stef``/``.json`` path.
        judge: ``offline`` or ``llm:<model>``.
        dialect: SQL dialect for rows that do not name one.
        judge_options: keyword options for the judge.
        fields: where the record fields are in a row, as ``stef eval --map`` takes them,
            over ``inputs``, ``outputs`` and ``expectations``.
        name: the scorer's name in MLflow.
    """
    from stef_core.mapping import FieldMap

    if isinstance(rules, str):
        from stef_core.rules import load_rules

        rules = load_rules(rules)
    data = rules.model_dump(mode="json") if isinstance(rules, Ruleset) else (
        dict(rules) if rules is not None else None)
    if fields:
        FieldMap.parse([f"{k}={v}" for k, v in fields.items()], option="fields:")  # checked
    return StefScorer(name=name, rules=data, judge=judge, dialect=dialect,
                      judge_options=dict(judge_options) if judge_options else None,
                      fields=dict(fields) if fields else None)


# --------------------------------------------------------------------------------------------
# Export: results onto existing traces
# --------------------------------------------------------------------------------------------


@dataclass
class ExportReport:
    """What :func:`export_results` did, in traces (each gets both feedbacks)."""

    attached: int = 0
    updated: int = 0
    unmatched: list[str] = field(default_factory=list)
    without_id: int = 0
    results: int = 0
    #: a few trace ids of the experiment, to show what a trace id looks like
    examples: list[str] = field(default_factory=list)


def _trace_index(client: Any, experiment_id: str) -> tuple[dict[str, Any], dict[str, str]]:
    """Every trace of the experiment (without spans): by trace id, and trace id by client
    request id."""
    import inspect

    by_id: dict[str, Any] = {}
    by_request: dict[str, str] = {}
    token = None
    # MLflow 3.x renamed experiment_ids to locations (the old name warns)
    where = ("locations" if "locations" in inspect.signature(client.search_traces).parameters
             else "experiment_ids")
    while True:
        page = client.search_traces(**{where: [experiment_id]}, include_spans=False,
                                    max_results=500, page_token=token)
        for trace in page:
            info = trace.info
            by_id[info.trace_id] = info
            request = getattr(info, "client_request_id", None)
            if request:
                by_request.setdefault(str(request), info.trace_id)
        token = getattr(page, "token", None)
        if not token:
            return by_id, by_request


def export_results(results: Iterable[Result], *, experiment: str,
                   tracking_uri: str | None = None, trace_field: str = "id",
                   judge: str | None = None) -> ExportReport:
    """Attach each result to its trace in ``experiment`` as STEF feedback.

    Args:
        results: ``stef eval`` results.
        experiment: the MLflow experiment whose traces the results belong to (by name).
        tracking_uri: the tracking server or store (default: MLflow's own, e.g.
            ``MLFLOW_TRACKING_URI``).
        trace_field: the result field (a dotted path into the result's JSON) that holds the
            trace id (or an OpenTelemetry trace id, or the trace's client request id).
        judge: the judge that produced the results (for the feedback's source); read from the
            results when None.

    Raises:
        StefError: no experiment of that name.
    """
    from mlflow.tracking import MlflowClient

    from stef_core.mapping import MISSING, resolve

    if tracking_uri:
        mlflow.set_tracking_uri(tracking_uri)
    client = MlflowClient()
    found = client.get_experiment_by_name(experiment)
    if found is None:
        raise StefError(f"--experiment {experiment!r}: no such experiment at "
                        f"{mlflow.get_tracking_uri()}; give the experiment that holds the "
                        "traces (and --tracking-uri or MLFLOW_TRACKING_URI for its server)")
    by_id, by_request = _trace_index(client, found.experiment_id)
    report = ExportReport(examples=list(by_id)[:3])
    for result in results:
        report.results += 1
        key = resolve(result.model_dump(mode="json"), trace_field)
        if key is MISSING or key is None or key == "":
            report.without_id += 1
            continue
        key = str(key)
        trace_id = (key if key in by_id else f"tr-{key}" if f"tr-{key}" in by_id
                    else by_request.get(key))
        if trace_id is None:
            report.unmatched.append(key)
            continue
        used = judge or (result.verdict.judge if result.verdict and result.verdict.judge
                         else "offline")
        existing = {a.name: a for a in getattr(by_id[trace_id], "assessments", []) or []
                    if getattr(getattr(a, "source", None), "source_id", None) == "stef"}
        for fb in feedbacks(result, judge=used):
            if fb.name in existing:
                mlflow.update_assessment(trace_id=trace_id,
                                         assessment_id=existing[fb.name].assessment_id,
                                         assessment=fb)
            else:
                mlflow.log_assessment(trace_id=trace_id, assessment=fb)
        if existing:
            report.updated += 1
        else:
            report.attached += 1
    return report
