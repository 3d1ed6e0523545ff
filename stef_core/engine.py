"""The engine: runs records through extract -> normalize -> align -> judge -> score.

Records stream through in batches, so memory stays flat however long the input is, and a judge
that calls a model can work on a whole batch concurrently. A record that cannot be scored (bad
input, SQL that does not parse, a judge that failed) becomes an ``unscored`` result with its
reason; it never stops the run.

>>> from stef_core.engine import evaluate
>>> [r] = evaluate([{"question": "How many users are active?",
...                  "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"}])
>>> r.status, r.filter_alignment.status, r.verdict.label
('scored', 'fully_applied', 'correct')
"""

from __future__ import annotations

import contextlib
import hashlib
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from datetime import date
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

from stef_core.contracts import (
    Aligner,
    Alignment,
    Context,
    Judge,
    JudgeError,
    JudgeInterrupted,
    JudgeRequest,
    Normalizer,
    PendingVerdicts,
    QuestionExtractor,
    Scorer,
    SqlExtractor,
    SqlParseError,
    StefError,
)
from stef_core.errors import PluginError
from stef_core.limits import Limits, RecordTimeout, count_values, time_budget
from stef_core.models import (
    Anchor,
    ErrorKind,
    Reason,
    Record,
    Result,
    Ruleset,
    Usage,
    Verdict,
    updated,
)
from stef_core.peers import (
    MIN_PEERS,
    Disagreement,
    answer_parts,
    disagreement,
    odd_answers,
    question_key,
)
from stef_core.reasons import reason

# Re-exported: readers, the Spark engine and callers have imported them from here.
from stef_core.records import BadRecord, Item, record_from_mapping
from stef_core.registry import Registry
from stef_core.run import PREFIX, RunProfile, learn
from stef_core.spec import SqlSpec

__all__ = ["BadRecord", "Engine", "Item", "evaluate", "parse_judge_spec", "record_from_mapping"]

if TYPE_CHECKING:
    from stef_core.calibration import Calibration


class BatchInterrupted(KeyboardInterrupt):
    """The user interrupted a batch: ``results`` are its records that were finished, in input
    order, up to the first one whose verdict had not come back (``--resume`` continues from
    there: a partial output is always a prefix of the input)."""

    def __init__(self, results: list[Result]) -> None:
        super().__init__()
        self.results = results


class _Batch:
    """A batch analysed and being judged: the results known so far (records left unscored by
    the analysis), the requests handed to the judge with their slots, and its verdicts."""

    __slots__ = ("items", "out", "pending", "verdicts")

    def __init__(self, items: Sequence[Item], out: list[Result | None],
                 pending: list[tuple[int, JudgeRequest]],
                 verdicts: PendingVerdicts | None) -> None:
        self.items = items
        self.out = out
        self.pending = pending
        self.verdicts = verdicts

    def cancel(self) -> None:
        if self.verdicts is not None:
            self.verdicts.cancel()


#: Severities that say why a score is low (``info`` is reported only).
_EXPLAINING = frozenset({"critical", "major", "minor"})


def _explained(reasons: list[Reason], band: str, status: str,
               extras: list[str] | None = None) -> list[Reason]:
    """``reasons``, with the extra filters promoted to ``minor`` where they are what keeps a
    record out of the good band: no finding says why its score is low, and the filters were
    "applied with extras", which costs the score its filter point (a confident verdict scores
    72 instead of 80). A score below 75 always has a reason that says why."""
    if (band in ("good", "excellent") or status != "fully_applied_with_extras"
            or any(r.severity in _EXPLAINING for r in reasons)):
        return reasons
    if not any(r.code == "filter.extra" for r in reasons) and extras:
        # an extra period (dates report no filter.extra of their own): say it here
        return [*reasons, reason(
            "filter.extra",
            f"the SQL adds {extras[0]}, which the question does not ask for; with it the "
            f"filters are applied with extras, which keeps the score below the good band",
            "minor")]
    return [r.model_copy(update={
        "severity": "minor",
        "message": f"{r.message}; with it the filters are applied with extras, which keeps "
                   f"the score below the good band"})
        if r.code == "filter.extra" else r for r in reasons]


def _internal(plugin: object, exc: BaseException) -> str:
    """The error of a record on which a plugin raised something unexpected (a bug, not bad
    input): named, so it can be reported, and never a reason to stop the run."""
    name = getattr(plugin, "id", "") or type(plugin).__name__
    text = str(exc)
    if len(text) > 500:  # an exception may quote the whole input back
        text = text[:500] + "..."
    return (f"internal: plugin {name!r} failed: {type(exc).__name__}: {text}; "
            "the record was skipped, please report this")


#: error prefixes that already say who failed (others from a judge get ``judge:``)
_PREFIXED = ("judge", "internal:", "limit:")


def parse_judge_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"llm:openai/gpt-4o-mini"`` -> ``("llm", {"model": "openai/gpt-4o-mini"})``.

    >>> parse_judge_spec("offline")
    ('offline', {})
    """
    name, _, arg = spec.partition(":")
    return name.strip(), ({"model": arg.strip()} if arg.strip() else {})


def _check_calibratable(judge_cls: type[Judge], path: str) -> None:
    if judge_cls.evidence_version is None:
        raise StefError(
            f"{path}: the {judge_cls.id!r} judge does not take a calibration; calibrations map "
            "the offline judge's evidence to gamma (use --judge offline, or drop the "
            "calibration)"
        )


def _load_calibration_for(judge_cls: type[Judge], path: str) -> Calibration:
    """Read a calibration and check that it fits this judge's evidence."""
    from stef_core.calibration import load_calibration

    _check_calibratable(judge_cls, path)
    model = load_calibration(path)
    fitted_for = judge_cls.calibration_judge or judge_cls.id
    if model.judge != fitted_for or model.evidence != judge_cls.evidence_version:
        raise StefError(
            f"{path}: fitted for judge {model.judge!r} with evidence {model.evidence!r}, but "
            f"the {judge_cls.id!r} judge computes {judge_cls.evidence_version!r}; refit it "
            "with `stef calibrate`"
        )
    return model


class Engine:
    """One configured pipeline. Build it once; call :meth:`run` on any number of records."""

    def __init__(
        self,
        rules: Ruleset | None = None,
        *,
        judge: str | Judge = "offline",
        judge_options: dict[str, Any] | None = None,
        dialect: str | None = None,
        registry: Registry | None = None,
        sql_extractor: str = "sql",
        question_extractor: str = "question",
        aligner: str = "default",
        scorer: str = "composite",
        batch_size: int = 64,
        today: str | None = None,
        limits: Limits | None = None,
        calibration: str | None = None,
        learn_run: bool = True,
    ) -> None:
        if registry is None:
            registry = Registry.discover()
            for err in registry.problems():  # a library call goes on, but says so
                warnings.warn(f"STEF plugin {err.name!r} from {err.distribution} failed to "
                              f"load and is not used: {err.error}", stacklevel=2)
        self.registry = registry
        self.limits = limits or Limits()
        #: Relative dates ("last month") are read against the record's timestamp, else this
        #: (``stef eval --today``), else the run's date.
        self.today = _check_today(today) if today else None
        self._default_anchor: Anchor | None = None  # the last --today or run-date anchor
        self._stamped: dict[str, Anchor] = {}  # timestamp's date -> its anchor
        self.rules = rules or Ruleset()
        self.dialect = dialect
        self.batch_size = max(1, batch_size)
        #: The run's profile (:mod:`stef_core.run`): learnt by :meth:`learn`, or by
        #: :meth:`run` from its first records when ``learn_run`` and nobody called it.
        self.run_profile = RunProfile()
        self.learn_run = learn_run
        self._learnt = False  # learn() was called for the next run()
        self._prefix_specs: dict[tuple[str, str | None], SqlSpec] = {}
        #: The answer parts learn() computed for those specs, by SQL, dialect and anchor date:
        #: a record whose question other records ask reads its own again (:meth:`_peers`).
        self._prefix_parts: dict[tuple[str, str | None, date], frozenset[str]] = {}
        self.sql_extractor = self.registry.get(SqlExtractor, sql_extractor)()
        self.question_extractor = self._make_question_extractor(
            question_extractor, judge, judge_options
        )
        self.aligner = self.registry.get(Aligner, aligner)()
        self.scorer = self.registry.get(Scorer, scorer)()
        known_rules = set(self.registry.rule_ids())
        for rule_id in self.rules.rules:
            if rule_id not in known_rules:
                from stef_core.registry import did_you_mean

                raise PluginError(
                    f"rules: unknown rule id {rule_id!r}"
                    f"{did_you_mean(rule_id, sorted(known_rules))}"
                )
        self.normalizers: list[Normalizer] = [
            cls() for cls in self.registry.normalizers() if self.rules.rule_enabled(cls.id)
        ]
        # --calibration wins over the ruleset's `calibration` statement.
        calibration_path = calibration or self.rules.calibration
        self.calibration: Calibration | None = None
        if isinstance(judge, Judge):
            if calibration_path:
                _check_calibratable(type(judge), calibration_path)
            self.judge = judge
            self.judge_spec = judge.id
        else:
            name, options = parse_judge_spec(judge)
            options.update(judge_options or {})
            judge_cls = self.registry.get(Judge, name)
            if calibration_path:
                self.calibration = _load_calibration_for(judge_cls, calibration_path)
                options["calibration"] = self.calibration
            self.judge = judge_cls(**options)
            self.judge_spec = judge
        digest = hashlib.sha256(self.rules.model_dump_json().encode("utf-8"))
        if self.calibration is not None:  # another calibration is another scoring
            digest.update(self.calibration.to_json().encode("utf-8"))
        self.rules_hash = digest.hexdigest()[:16]

    def _make_question_extractor(
        self, spec: str, judge: str | Judge, judge_options: dict[str, Any] | None
    ) -> QuestionExtractor:
        """``question`` or ``llm[:<model>]``, created with the judge's options (API base,
        timeout, cache ...), its model, then the spec's own model."""
        name, own = parse_judge_spec(spec)
        cls = self.registry.get(QuestionExtractor, name)
        options = dict(parse_judge_spec(judge)[1]) if isinstance(judge, str) else {}
        options.update(judge_options or {})
        options.update(own)
        return cls(**options)

    # ---- one record, stages 1-3 -----------------------------------------------------------

    def analyse(self, record: Record) -> JudgeRequest | Result:
        """Extract, normalize and align one record; an unscored :class:`Result` on failure,
        past a size limit, or when the work takes longer than the time budget."""
        too_big = self._too_big(record)
        if too_big:  # not echoed: the texts could make the output line too long in turn
            return self._unscored(record, too_big, "limit", echo=False)
        try:
            with time_budget(self.limits.time):
                return self._analyse(record)
        except RecordTimeout:
            return self._unscored(record, self.limits.message("time", 0), "limit")

    def _too_big(self, record: Record) -> str | None:
        """The size limit ``record`` crosses, as its error message; None when it fits."""
        lim = self.limits
        question, sql = record.question, record.sql
        # Nearly every record fits: its lengths are compared once, without the loops below
        # (a model's attribute costs a lookup hook); the loops name the first limit crossed.
        if (len(question) <= lim.question and len(sql) <= lim.sql
                and len(record.enriched_question or "") <= lim.enriched
                and len(record.id or "") <= lim.field and len(record.agent or "") <= lim.field
                and len(record.dialect or "") <= lim.field
                and len(record.timestamp or "") <= lim.field):
            return None
        for name, text in (("question", question), ("sql", sql),
                           ("enriched", record.enriched_question or "")):
            if len(text) > getattr(lim, name):
                return lim.message(name, len(text))
        for field in ("id", "agent", "dialect", "timestamp"):
            value = getattr(record, field) or ""
            if len(value) > lim.field:
                return lim.message("field", len(value), what=f"the {field!r} field")
        return None

    def _analyse(self, record: Record) -> JudgeRequest | Result:
        """Extract, normalize and align one record; an unscored :class:`Result` on failure."""
        try:
            dialect = record.dialect or self.dialect
            sql_spec = (self._prefix_specs.get((record.sql, dialect))
                        or self.sql_extractor.extract(record.sql, dialect))
        except SqlParseError as exc:
            return self._unscored(record, str(exc), exc.kind)
        except RecursionError:
            return self._unscored(record, "sql: nested too deeply to analyse", "sql")
        except Exception as exc:  # a plugin bug must not stop the run: report it on the record
            return self._unscored(record, _internal(self.sql_extractor, exc), "internal")
        # The filters' values are the literals read again: count the larger, not the sum.
        n = max(count_values(sql_spec.literals), count_values(f.value for f in sql_spec.filters))
        if n > self.limits.values:
            return self._unscored(record, self.limits.message("values", n, what="the SQL"),
                                  "limit")
        rule: Any = self.question_extractor
        try:
            question_spec = self.question_extractor.extract(
                record.question, record.enriched_question, self.rules
            )
            n = count_values(f.value for f in question_spec.filters)
            if n > self.limits.values:
                return self._unscored(record, self.limits.message(
                    "values", n, what="the question and its enrichment"), "limit")
            anchor = self._anchor(record)
            ctx = Context(question=question_spec, sql=sql_spec, rules=self.rules, anchor=anchor,
                          run=self.run_profile)
            for rule in self.normalizers:
                ctx = rule.apply(ctx)
            rule = self.aligner
            alignment = self.aligner.align(ctx)
        except StefError as exc:
            return self._unscored(record, str(exc), exc.kind)
        except RecursionError:
            return self._unscored(record, "sql: nested too deeply to analyse", "sql")
        except Exception as exc:
            return self._unscored(record, _internal(rule, exc), "internal")
        return JudgeRequest(
            record=record,
            question=ctx.question,
            sql=ctx.sql,
            alignment=Alignment(
                filters=alignment.filters,
                bonus=alignment.bonus,
                reasons=ctx.notes + alignment.reasons,
            ),
            rules=self.rules,
            normalizations=ctx.fired,
            anchor=ctx.anchor,
            **self._peers(record, dialect, sql_spec, anchor.date),
        )

    def _peers(self, record: Record, dialect: str | None, spec: SqlSpec,
               anchor: date) -> dict[str, Any]:
        """How many other answers to the record's question the run's profile holds, and where
        this one parts from them (:mod:`stef_core.peers`; its periods read against ``anchor``,
        the record's date)."""
        if not self.run_profile.answers:
            return {}
        peers = self.run_profile.peers(question_key(record.question), record.id)
        if len(peers) < MIN_PEERS:  # most questions of a run are asked once: nothing to read
            return {"peers": len(peers), "disagreement": ()}
        parts = self._prefix_parts.get((record.sql, dialect, anchor))
        if parts is None:
            parts = answer_parts(spec, anchor)
        found: tuple[Disagreement, ...] = tuple(disagreement(parts, peers))
        return {"peers": len(peers), "disagreement": found,
                "odd_peers": odd_answers(parts, peers)}

    def _anchor(self, record: Record) -> Anchor:
        """The date relative periods are read against, and where it came from."""
        stamp = (record.timestamp or "")[:10]
        if stamp:
            # One anchor per day, shared: a log's records fall on few days, and an anchor is
            # immutable (building one cost more than reading its date).
            known = self._stamped.get(stamp)
            if known is not None:
                return known
            try:
                day = date.fromisoformat(stamp)
            except ValueError:
                pass
            else:
                # Not at the calendar's edges (0001-01-01, 9999-12-31): date arithmetic on
                # relative periods would leave the calendar; such a timestamp is bookkeeping
                # gone wrong.
                if _ANCHOR_RANGE[0] <= day <= _ANCHOR_RANGE[1]:
                    if len(self._stamped) >= _STAMPED:
                        self._stamped.clear()
                    anchor = self._stamped[stamp] = Anchor(date=day, source="timestamp")
                    return anchor
        day = date.fromisoformat(self.today) if self.today else date.today()
        if self._default_anchor is None or self._default_anchor.date != day:
            self._default_anchor = Anchor(date=day, source="--today" if self.today else
                                          "run date")
        return self._default_anchor

    def _unscored(
        self, record: Record | BadRecord, error: str, kind: ErrorKind,
        usage: Usage | None = None, *, echo: bool = True,
    ) -> Result:
        texts = record if isinstance(record, Record) and echo else None
        return Result(
            id=record.id,
            agent=record.agent,
            status="unscored",
            error=error,
            error_kind=kind,
            timestamp=record.timestamp,
            line=getattr(record, "line", None),
            label=getattr(record, "label", None),
            usage=usage,
            question=texts.question if texts else None,
            sql=texts.sql if texts else None,
        )

    def _finish(self, request: JudgeRequest, verdict: Verdict, *, window: bool = True) -> Result:
        """Score a judged record, in a time-budget window of its own unless the caller holds
        one for the whole record (``window=False``)."""
        try:
            if not window:
                return self._score(request, verdict)
            with time_budget(self.limits.time):
                return self._score(request, verdict)
        except RecordTimeout:
            if not window:
                raise
            return self._unscored(request.record, self.limits.message("time", 0), "limit")
        except Exception as exc:
            return self._unscored(request.record, _internal(self.scorer, exc), "internal")

    def _score(self, request: JudgeRequest, verdict: Verdict) -> Result:
        score = self.scorer.score(request.alignment, verdict, self.rules)
        # The scorer states every number once; the result shows them where readers look.
        filters = updated(request.alignment.filters, score=score.filter_points)
        verdict = updated(verdict, score=score.verdict_points)
        # The result names the anchor only when a relative period was read.
        relative = any(p.relative for p in (*request.question.periods, *request.sql.periods))
        return Result(
            id=request.record.id,
            agent=request.record.agent,
            status="scored",
            score=score.score,
            band=score.band,
            base=score.base,
            bonus=score.bonus,
            confidence=verdict.confidence,
            confidence_factor=score.confidence_factor,
            filter_alignment=filters,
            verdict=verdict,
            normalizations=list(request.normalizations),
            reasons=_explained([*request.alignment.reasons, *verdict.reasons], score.band,
                               filters.status, filters.extras),
            timestamp=request.record.timestamp,
            anchor=request.anchor if relative else None,
            label=request.record.label,
            question=request.record.question,
            sql=request.record.sql,
        )

    def _judged(self, request: JudgeRequest, verdict: Verdict | JudgeError, *,
                window: bool = True) -> Result:
        """The result of a judged record: scored, or unscored with the judge's error and what
        the judge spent on it."""
        if isinstance(verdict, Verdict):
            return self._finish(request, verdict, window=window)
        message = str(verdict)
        if not message.startswith(_PREFIXED):
            message = f"judge: {message}"
        return self._unscored(request.record, message, verdict.kind,
                              getattr(verdict, "usage", None))

    # ---- batches --------------------------------------------------------------------------

    def evaluate_batch(self, items: Sequence[Item]) -> list[Result]:
        """Score a batch; results come back in input order, one per item."""
        if type(self.judge).judge_many is Judge.judge_many:  # one record at a time
            return [self._whole(item) for item in items]
        return self._finish_batch(self._start_batch(items))

    def _start_batch(self, items: Sequence[Item]) -> _Batch:
        """Analyse a batch and start judging it (:meth:`Judge.start_many`); its results come
        from :meth:`_finish_batch`."""
        out: list[Result | None] = [None] * len(items)
        pending: list[tuple[int, JudgeRequest]] = []
        for i, item in enumerate(items):
            if isinstance(item, BadRecord):
                out[i] = self._unscored(item, item.error, item.error_kind)
                continue
            analysed = self.analyse(item)
            if isinstance(analysed, Result):
                out[i] = analysed
            else:
                pending.append((i, analysed))
        verdicts = self._start_judging([req for _, req in pending]) if pending else None
        return _Batch(items, out, pending, verdicts)

    def _finish_batch(self, batch: _Batch) -> list[Result]:
        """The results of a started batch, in input order, one per item."""
        out, pending = batch.out, batch.pending
        if batch.verdicts is not None:
            try:
                verdicts = self._judge_result(batch.verdicts, len(pending))
            except JudgeInterrupted as exc:
                # Keep the verdicts that came back, up to the first record whose verdict did
                # not: a partial output is a prefix of the input, which --resume continues
                # from its first missing record. Verdicts that came back after that gap are in
                # the judge's cache, so the resumed run gets them without a call.
                for (i, req), verdict in zip(pending, exc.partial):
                    if verdict is not None:
                        out[i] = self._judged(req, verdict)
                kept: list[Result] = []
                for done in out:
                    if done is None:
                        break
                    kept.append(done)
                raise BatchInterrupted(kept) from None
            for (i, req), verdict in zip(pending, verdicts):
                out[i] = self._judged(req, verdict)
        # One result per item, whatever happened: a slot left empty is a bug, reported on it.
        return [r if r is not None else self._unscored(
                    item, "internal: no result was produced; please report this", "internal")
                for r, item in zip(out, batch.items)]

    def _whole(self, item: Item) -> Result:
        """One record through every stage in one time-budget window, for a judge that works one
        record at a time (the offline judge): a crash or a spent budget costs only that record.
        One window, not one per stage: opening one costs a watchdog entry and two CPU-clock
        reads, several per cent of a cold run's engine overhead."""
        if isinstance(item, BadRecord):
            return self._unscored(item, item.error, item.error_kind)
        too_big = self._too_big(item)
        if too_big:  # not echoed: the texts could make the output line too long in turn
            return self._unscored(item, too_big, "limit", echo=False)
        try:
            with time_budget(self.limits.time):
                analysed = self._analyse(item)
                if isinstance(analysed, Result):
                    return analysed
                return self._judged(analysed, self._judge_one(analysed), window=False)
        except RecordTimeout:
            return self._unscored(item, self.limits.message("time", 0), "limit")

    def _judge_one(self, request: JudgeRequest) -> Verdict | JudgeError:
        """The judge's verdict on one record, or the error it ends in (a budget running out
        inside goes through, to the caller's window)."""
        try:
            return self.judge.judge(request)
        except JudgeError as exc:
            return exc
        except RecursionError:
            return JudgeError("sql: nested too deeply to judge")
        except Exception as exc:
            return JudgeError(_internal(self.judge, exc))

    def _start_judging(self, requests: list[JudgeRequest]) -> PendingVerdicts:
        """The judge's batch, started (:meth:`Judge.start_many`): a judge with its own
        ``judge_many`` (concurrent model calls, with their own timeouts) gets the batch. A
        judge that keeps the base ``judge_many`` works one record at a time and never comes
        here (:meth:`_whole`). A judge failing to start fails the batch's records, not the
        run."""
        try:
            return self.judge.start_many(requests)
        except JudgeError as exc:
            error: JudgeError = exc
        except Exception as exc:
            error = JudgeError(_internal(self.judge, exc))
        return PendingVerdicts(lambda: [error] * len(requests))

    def _judge_result(self, verdicts: PendingVerdicts,
                      n: int) -> Sequence[Verdict | JudgeError]:
        """A verdict or an error per request, in order; never raises for a plugin's failure
        (``JudgeInterrupted``, the user's Ctrl-C, goes through)."""
        try:
            out = list(verdicts.result())
        except JudgeError as exc:  # a judge failing wholesale still loses no record
            return [exc] * n
        except Exception as exc:
            return [JudgeError(_internal(self.judge, exc))] * n
        if len(out) != n:
            error = JudgeError(f"internal: judge {self.judge_spec!r} returned {len(out)} "
                               f"verdicts for {n} records; please report this")
            return [error] * n
        return out

    def learn(self, items: Iterable[Item]) -> RunProfile:
        """Learn the run's profile (:mod:`stef_core.run`: the filters most of its queries
        share) from the first :data:`~stef_core.run.PREFIX` of ``items``, the run's first
        records in input order; their SQL specs are kept for the run to reuse. Records that do
        not parse, cross a limit or take too long are passed over."""
        specs: list[SqlSpec] = []
        # (question key, record id, spec, anchor date, dialect, SQL) of each answer read
        read: list[tuple[str, str, SqlSpec, date, str | None, str]] = []
        questions: list[str] = []
        agents: list[str | None] = []
        self._prefix_specs.clear()
        self._prefix_parts.clear()
        for item in islice(items, PREFIX):
            if isinstance(item, BadRecord) or self._too_big(item) is not None:
                continue
            dialect = item.dialect or self.dialect
            spec = self._prefix_specs.get((item.sql, dialect))
            if spec is None:
                try:
                    with time_budget(self.limits.time):
                        spec = self.sql_extractor.extract(item.sql, dialect)
                except (Exception, RecordTimeout):  # RecursionError included
                    continue
                self._prefix_specs[(item.sql, dialect)] = spec
            specs.append(spec)
            read.append((question_key(item.question), item.id, spec, self._anchor(item).date,
                         dialect, item.sql))
            questions.append(item.question)
            agents.append(item.agent)
        # The other answers to the same question (stef_core.peers), by the record's id. A
        # record is compared with them only when it has MIN_PEERS at least, so the parts of
        # an answer whose question fewer than MIN_PEERS of these records ask are never read:
        # they are left empty (most questions of a log are asked once, and reading an
        # answer's parts costs about 1 % of a record).
        asked = Counter(key for key, *_ in read)
        answers: list[tuple[str, str, frozenset[str]]] = []
        for key, rid, spec, day, dialect, sql in read:
            parts: frozenset[str] = frozenset()
            if asked[key] >= MIN_PEERS:
                found = self._prefix_parts.get((sql, dialect, day))
                if found is None:
                    found = self._prefix_parts[(sql, dialect, day)] = answer_parts(spec, day)
                parts = found
            answers.append((key, rid, parts))
        self.run_profile = replace(learn(specs, questions=questions, agents=agents),
                                   answers=tuple(answers))
        self._learnt = True
        return self.run_profile

    def run(
        self, items: Iterable[Item], *, on_result: Callable[[Result], None] | None = None
    ) -> Iterator[Result]:
        """Stream results for ``items`` in order; memory is bounded by the batch size (and,
        for the run's profile, by :data:`~stef_core.run.PREFIX` records read ahead once)."""
        iterator = iter(items)
        if self._learnt:  # the caller learnt it (from the whole input, before a resume)
            self._learnt = False
        elif self.learn_run:
            head = list(islice(iterator, PREFIX))
            self.learn(head)
            self._learnt = False
            iterator = chain(head, iterator)
        if type(self.judge).start_many is not Judge.start_many:
            yield from self._pipelined(iterator, on_result)
            return
        while True:
            batch = list(islice(iterator, self.batch_size))
            if not batch:
                return
            try:
                results = self.evaluate_batch(batch)
            except BatchInterrupted as exc:
                yield from _given(exc.results, on_result)
                raise KeyboardInterrupt from None
            yield from _given(results, on_result)

    def _pipelined(self, iterator: Iterator[Item],
                   on_result: Callable[[Result], None] | None) -> Iterator[Result]:
        """:meth:`run` for a judge that sends its calls when a batch starts
        (:meth:`Judge.start_many`): the next batch is analysed, and its calls sent, while the
        calls of the one before are in flight; results still come in input order. Two
        batches are held at most. On Ctrl-C the finished results of the batch being waited
        for are given, the next batch's calls are cancelled (``--resume`` redoes it)."""
        ahead: _Batch | None = None
        started: _Batch | None = None
        try:
            while True:
                batch = list(islice(iterator, self.batch_size))
                started = self._start_batch(batch) if batch else None
                if ahead is not None:
                    waited, ahead = ahead, None
                    try:
                        results = self._finish_batch(waited)
                    except BatchInterrupted as exc:
                        results = exc.results
                        if started is not None:
                            started.cancel()
                            started = None
                        yield from _given(results, on_result)
                        raise KeyboardInterrupt from None
                    yield from _given(results, on_result)
                if started is None:
                    return
                ahead, started = started, None
        finally:  # interrupted, or the caller stopped reading: nothing left in flight
            for left in (ahead, started):
                if left is not None:
                    left.cancel()

    def settle(self) -> None:
        """Load the SQL parser the first record would load, then take everything alive out of the
        garbage collector's sight for the rest of the process (:func:`gc.freeze`).

        For processes that exist to run this engine (``stef eval``, a Spark worker): parse
        trees are cyclic, so a run triggers full collections, and each re-scans every module,
        plugin and ruleset object loaded at start-up; freezing them took about 4 % of a
        run's CPU time off (benchmarks/speed.py). Objects created later are collected as
        usual, the youngest every 10,000 allocations rather than 700. A library caller's own
        process is left alone unless it calls this.
        """
        import gc

        # The SQL side only (it loads the parser, the bulk of start-up): the question side and
        # the judge may be paid models, never called here.
        with contextlib.suppress(Exception):  # a plugin failing here fails on records later
            self.sql_extractor.extract("SELECT COUNT(*) FROM t WHERE x = 'a'", self.dialect)
        gc.collect()
        gc.freeze()
        # A record allocates thousands of tracked objects (parse trees, specs) that reference
        # counting frees, and leaves some 15 in cycles: collecting the young generation every
        # 700 net allocations (the default) re-scans each record's live objects several
        # times. Every 10,000 keeps at most about that many objects of cyclic garbage
        # (1-2 MiB) and takes 0.7 % off a new record's instructions.
        gc.set_threshold(10_000, 10, 10)

    def close(self) -> None:
        self.judge.close()
        close_extractor = getattr(self.question_extractor, "close", None)
        if callable(close_extractor):
            close_extractor()


#: timestamps that can anchor relative dates
_ANCHOR_RANGE = (date(1000, 1, 1), date(8999, 12, 31))
#: days whose anchors an engine keeps (then it starts again)
_STAMPED = 4096


def _given(results: Iterable[Result],
           on_result: Callable[[Result], None] | None) -> Iterator[Result]:
    """``results`` in order, each handed to ``on_result`` first (the caller's writer)."""
    for result in results:
        if on_result is not None:
            on_result(result)
        yield result


def _check_today(text: str) -> str:
    """``--today``: an ISO date (YYYY-MM-DD), or a :class:`StefError` saying what to write."""
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise StefError(f"--today: {text!r} is not a date; write YYYY-MM-DD") from None
    if not _ANCHOR_RANGE[0] <= day <= _ANCHOR_RANGE[1]:
        raise StefError(f"--today: {text!r} is out of range; give a date between "
                        f"{_ANCHOR_RANGE[0]} and {_ANCHOR_RANGE[1]}")
    return day.isoformat()


def evaluate(
    records: Iterable[Record | dict[str, Any]] | Any,
    *,
    rules: Ruleset | dict[str, Any] | None = None,
    judge: str | Judge = "offline",
    dialect: str | None = None,
    **options: Any,
) -> list[Result]:
    """Score records (dicts, :class:`Record` objects or a pandas DataFrame) in this process.

    ``rules`` may be a :class:`Ruleset`, its JSON as a dict, or None for the defaults.
    """
    if hasattr(records, "itertuples") and hasattr(records, "columns"):  # pandas DataFrame
        from stef_core.io import records_from_dataframe

        records = records_from_dataframe(records)  # NaN/NaT -> missing, timestamps -> text
    ruleset = Ruleset.model_validate(rules) if isinstance(rules, dict) else rules
    engine = Engine(ruleset, judge=judge, dialect=dialect, **options)
    items: list[Item] = []
    for n, rec in enumerate(records, start=1):
        item = rec if isinstance(rec, Record) else record_from_mapping(rec, default_id=str(n))
        items.append(item)
    try:
        return list(engine.run(items))
    finally:
        engine.close()
