"""The engine keeps every record: a plugin that raises on one record costs only that record."""

from __future__ import annotations

from types import SimpleNamespace

from stef_core import hookimpl
from stef_core.contracts import Context, Judge, JudgeRequest, Normalizer
from stef_core.engine import Engine, evaluate
from stef_core.models import Record, Verdict
from stef_core.registry import Registry


class Exploding(Normalizer):
    """Raises on questions that mention 'boom' (a plugin bug)."""

    id = "exploding"

    def apply(self, ctx: Context) -> Context:
        if "boom" in ctx.question.text:
            raise ValueError("unexpected shape")
        return ctx


class BrokenJudge(Judge):
    """Raises for every batch."""

    id = "broken"

    def judge(self, request: JudgeRequest) -> Verdict:
        raise RuntimeError("socket closed")


def _registry() -> Registry:
    plugin = SimpleNamespace(
        stef_register_normalizers=hookimpl(lambda: [Exploding]),
        stef_register_judges=hookimpl(lambda: [BrokenJudge]),
    )
    reg = Registry.discover()
    reg.add(plugin, provider="test-plugins")
    return reg


def test_a_plugin_bug_costs_one_record_not_the_run() -> None:
    engine = Engine(registry=_registry())
    results = list(engine.run(_records(["How many users?", "boom: how many users?",
                                         "How many orders?"])))
    assert [r.status for r in results] == ["scored", "unscored", "scored"]
    assert results[1].error is not None
    assert results[1].error.startswith("internal: plugin 'exploding' failed: ValueError")


def test_a_judge_that_raises_leaves_every_record_unscored_with_a_judge_error() -> None:
    results = evaluate(
        [{"question": "How many users?", "sql": "SELECT COUNT(*) FROM users"}] * 2,
        judge="broken", registry=_registry(),
    )
    assert [r.status for r in results] == ["unscored", "unscored"]
    assert all((r.error or "").startswith("internal: plugin 'broken' failed") for r in results)


def _records(questions: list[str]) -> list[Record]:
    return [Record(id=str(i), question=q, sql=f"SELECT COUNT(*) FROM t{i}") for i, q in
            enumerate(questions)]


def test_each_stage_runs_once_per_record() -> None:
    # Extraction is most of a record's cost; a stage run twice doubles it silently (a merge
    # once left the SQL parsed twice per record and nothing but the speed benchmark saw it).
    engine = Engine()
    calls = {"sql": 0, "question": 0}
    sql_extract, question_extract = engine.sql_extractor.extract, engine.question_extractor.extract

    def count_sql(*args: object) -> object:
        calls["sql"] += 1
        return sql_extract(*args)

    def count_question(*args: object) -> object:
        calls["question"] += 1
        return question_extract(*args)

    engine.sql_extractor.extract = count_sql  # type: ignore[method-assign]
    engine.question_extractor.extract = count_question  # type: ignore[method-assign]
    results = list(engine.run(_records(["How many users?", "How many orders?", "Users?"])))
    assert [r.status for r in results] == ["scored"] * 3
    assert calls == {"sql": 3, "question": 3}


def test_settle_freezes_the_heap_and_calls_neither_judge_nor_question_side() -> None:
    import gc

    engine = Engine(registry=_registry(), judge="broken")  # a judge that raises if called
    asked: list[str] = []
    question_extract = engine.question_extractor.extract

    def spy(*args: object) -> object:
        asked.append("question")
        return question_extract(*args)

    engine.question_extractor.extract = spy  # type: ignore[method-assign]
    threshold = gc.get_threshold()
    try:
        engine.settle()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] >= 10_000  # the young generation collected less often
        assert asked == []  # the question side may be a paid model: never called to warm up
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)  # the rest of the test run as it was


def test_a_result_says_what_was_asked_and_answered_unless_too_big() -> None:
    from stef_core.engine import evaluate
    from stef_core.limits import Limits

    scored, bad_sql, too_long = evaluate(
        [{"question": "How many users are active?",
          "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"},
         {"question": "How many users?", "sql": "SELEC nothing"},
         {"question": "How many users?", "sql": "SELECT 1 FROM t WHERE " + "x = 1 AND " * 50
          + "y = 2"}],
        limits=Limits(sql=200))
    assert (scored.question, scored.sql) == ("How many users are active?",
                                             "SELECT COUNT(*) FROM users WHERE status = 'active'")
    assert bad_sql.status == "unscored" and bad_sql.sql == "SELEC nothing"
    # past a size limit the texts are not echoed: they could make the output line too long
    assert too_long.error is not None and too_long.error.startswith("limit:")
    assert too_long.question is None and too_long.sql is None
    assert "question" not in too_long.model_dump(exclude_none=False)


def test_an_unscored_result_names_its_error_kind_and_a_scored_one_has_none() -> None:
    from stef_core.limits import Limits

    results = evaluate(
        [{"question": "How many users are active?",
          "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"},
         {"question": "How many users?", "sql": "SELEC nothing"},
         {"question": "How many users?", "sql": "SELECT 1 FROM t WHERE " + "x = 1 AND " * 50
          + "y = 2"},
         {"question": "How many users?"}],
        limits=Limits(sql=200))
    assert [(r.status, r.error_kind) for r in results] == [
        ("scored", None), ("unscored", "sql"), ("unscored", "limit"), ("unscored", "input")]
    # the kind is a field; the message keeps its words for people
    assert [(r.error or "").split(":")[0] for r in results[1:]] == ["sql", "limit", "input"]
    assert "error_kind" not in results[0].model_dump_json()
    broken = evaluate([{"question": "How many users?", "sql": "SELECT COUNT(*) FROM users"}],
                      judge="broken", registry=_registry())
    assert broken[0].error_kind == "internal"


def test_the_result_carries_the_points_the_scorer_states() -> None:
    [r] = evaluate([{"question": "How many users are active?",
                     "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"}])
    assert r.filter_alignment is not None and r.verdict is not None
    # fully applied (5) + correct (5) = B 10, as Score.filter_points / verdict_points say
    assert (r.filter_alignment.score, r.verdict.score, r.base) == (5, 5, 10)


class _Pipelined(Judge):
    """Sends a batch's 'calls' in start_many and notes when each batch starts, is waited for
    or is cancelled; interrupted (Ctrl-C) while the batch named ``stop_at`` is waited for."""

    id = "pipelined"

    def __init__(self, log: list[str], stop_at: int | None = None,
                 back: tuple[int, ...] = (0,)) -> None:
        super().__init__()
        self.log = log
        self.stop_at = stop_at
        self.back = back  # the positions of the interrupted batch whose verdicts came back
        self.batches = 0

    def start_many(self, requests):  # type: ignore[no-untyped-def]
        from stef_core.contracts import PendingVerdicts
        from stef_core.errors import JudgeInterrupted

        n = self.batches
        self.batches += 1
        self.log.append(f"start {n}: {[r.record.id for r in requests]}")

        def result() -> list:  # type: ignore[type-arg]
            self.log.append(f"wait {n}")
            verdicts = [Verdict(label="correct", confidence=0.9, judge="pipelined")
                        for _ in requests]
            if n == self.stop_at:  # the verdicts at ``back`` came back, the rest did not
                raise JudgeInterrupted([v if k in self.back else None
                                        for k, v in enumerate(verdicts)])
            return verdicts

        return PendingVerdicts(result, lambda: self.log.append(f"cancel {n}"))


def _active(n: int) -> list[dict[str, str]]:
    return [{"id": str(i), "question": "How many users are active?",
             "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'"} for i in range(n)]


def test_a_judge_that_starts_its_calls_gets_the_next_batch_before_the_first_is_waited_for(
) -> None:
    import pytest

    from stef_core.engine import record_from_mapping

    log: list[str] = []
    engine = Engine(judge=_Pipelined(log), batch_size=2, learn_run=False)
    items = [record_from_mapping(r, default_id="x") for r in _active(5)]
    results = list(engine.run(items))
    # Batch k+1 is analysed and started while batch k's calls are in flight; results keep
    # their input order, each judged.
    assert log == ["start 0: ['0', '1']", "start 1: ['2', '3']", "wait 0",
                   "start 2: ['4']", "wait 1", "wait 2"]
    assert [r.id for r in results] == ["0", "1", "2", "3", "4"]
    assert {r.verdict.judge for r in results if r.verdict} == {"pipelined"}

    # Ctrl-C while batch 1 is waited for: its verdict that came back is given, batch 2 (in
    # flight) is cancelled, and the run stops with the interrupt.
    log.clear()
    engine = Engine(judge=_Pipelined(log, stop_at=1), batch_size=2, learn_run=False)
    given = []
    with pytest.raises(KeyboardInterrupt):
        for r in engine.run([record_from_mapping(r, default_id="x") for r in _active(6)]):
            given.append(r.id)
    assert given == ["0", "1", "2"]
    assert log == ["start 0: ['0', '1']", "start 1: ['2', '3']", "wait 0",
                   "start 2: ['4', '5']", "wait 1", "cancel 2"]

    # A caller that stops reading leaves nothing in flight.
    log.clear()
    engine = Engine(judge=_Pipelined(log), batch_size=2, learn_run=False)
    run = engine.run([record_from_mapping(r, default_id="x") for r in _active(6)])
    assert next(run).id == "0"
    run.close()
    assert log[-1] == "cancel 1"


def test_an_interrupt_gives_the_finished_prefix_of_the_batch_only() -> None:
    """A verdict that came back after one that did not is not given: the partial output must
    be a prefix of the input, or --resume cannot continue it (it was written out of order)."""
    import pytest

    from stef_core.engine import record_from_mapping

    for back, expected in [((0, 2), ["0"]), ((1, 2), []), ((0, 1), ["0", "1"])]:
        engine = Engine(judge=_Pipelined([], stop_at=0, back=back), batch_size=3,
                        learn_run=False)
        given = []
        with pytest.raises(KeyboardInterrupt):
            for r in engine.run([record_from_mapping(r, default_id="x") for r in _active(3)]):
                given.append(r.id)
        assert given == expected, back


def test_a_timestamps_day_anchors_the_record_and_records_of_one_day_share_it() -> None:
    from datetime import date

    from stef_core.engine import record_from_mapping

    engine = Engine(today="2024-07-01", learn_run=False)

    def anchor(stamp: str | None):  # type: ignore[no-untyped-def]
        return engine._anchor(record_from_mapping(
            {"question": "Orders last month", "sql": "SELECT 1", "timestamp": stamp},
            default_id="r"))

    first, second = anchor("2024-06-15T10:00:00Z"), anchor("2024-06-15 23:59")
    assert (first.date, first.source) == (date(2024, 6, 15), "timestamp")
    assert second is first  # one immutable anchor per day
    assert anchor("2024-06-16").date == date(2024, 6, 16)
    for stamp in (None, "", "yesterday", "2024-13-01", "9999-12-31T23:59:59"):
        fallback = anchor(stamp)
        assert (fallback.date, fallback.source) == (date(2024, 7, 1), "--today"), stamp
