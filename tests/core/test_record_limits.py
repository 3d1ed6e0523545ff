"""Work per record is bounded: size limits and a time budget turn one hostile record into one
unscored ``limit:`` result, and the run goes on (issue 16)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from stef_core import hookimpl
from stef_core.contracts import Context, Judge, JudgeRequest, Normalizer
from stef_core.engine import Engine
from stef_core.io import output_line
from stef_core.limits import LimitError, Limits, RecordTimeout, parse_limits, time_budget
from stef_core.models import Record, Verdict
from stef_core.registry import Registry

GOOD = Record(id="good", question="How many users are active?",
              sql="SELECT COUNT(*) FROM users WHERE status = 'active'")


def rec(rid: str, question: str = "How many users?", sql: str = "SELECT COUNT(*) FROM users",
        **kw: str) -> Record:
    return Record(id=rid, question=question, sql=sql, **kw)


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def test_the_issue_reproducers_are_refused_at_once(engine: Engine) -> None:
    # a 100 KB question took 137 s; 10,000 quoted values took 59 s and wrote an 889 MB line
    in_list = rec("in", question="in (" + "1," * 50000 + ")", sql="SELECT 1")
    quoted = rec("quoted", question="Which of " + " ".join(f"'v{i}'" for i in range(10000)),
                 sql="SELECT * FROM t WHERE c IN (" + ",".join(f"'v{i}'" for i in range(10000))
                 + ")")
    results = engine.evaluate_batch([in_list, quoted, GOOD])
    assert [r.status for r in results] == ["unscored", "unscored", "scored"]
    assert results[0].error == ("limit: the question has 100,005 characters, over the limit of "
                                "10,000; raise it with --limit question=N")
    assert (results[1].error or "").startswith("limit: the question has 78,898 characters")


@pytest.mark.parametrize(("record", "message"), [
    (rec("s", sql="SELECT " + "a + " * 30000 + "1"),
     "limit: the SQL has 120,008 characters, over the limit of 100,000; raise it with "
     "--limit sql=N"),
    (rec("e", enriched_question="x" * 20001),
     "limit: the enriched question has 20,001 characters, over the limit of 20,000; raise it "
     "with --limit enriched=N"),
    (rec("a" * 1001),
     "limit: the 'id' field has 1,001 characters, over the limit of 1,000; raise it with "
     "--limit field=N"),
    (rec("v", sql="SELECT * FROM t WHERE c IN (" + ",".join(str(i) for i in range(2001)) + ")"),
     "limit: the SQL has 2,001 values, over the limit of 2,000; raise it with --limit values=N"),
])
def test_each_size_limit_names_itself_and_the_way_to_raise_it(
        engine: Engine, record: Record, message: str) -> None:
    [bad, good] = engine.evaluate_batch([record, GOOD])
    assert (bad.status, bad.error, good.status) == ("unscored", message, "scored")


def test_values_read_from_the_question_are_bounded_too() -> None:
    engine = Engine(limits=Limits(values=3))
    [r] = engine.evaluate_batch([rec("q", question="Orders from 'a', 'b', 'c' or 'd'?")])
    assert r.error == ("limit: the question and its enrichment has 4 values, over the limit "
                       "of 3; raise it with --limit values=N")


@pytest.mark.parametrize("joiner", [" OR ", " AND "])
def test_a_flat_chain_of_40000_terms_is_analysed(joiner: str) -> None:
    sql = "SELECT * FROM t WHERE " + joiner.join(f"a{i % 7} = {i}" for i in range(40000))
    [r] = Engine(limits=Limits(values=50000, sql=800_000)).evaluate_batch([rec("c", sql=sql)])
    assert r.status == "scored", r.error  # was: "sql: nested too deeply to analyse"


def test_an_output_line_over_the_limit_is_replaced_by_one_that_says_so(engine: Engine) -> None:
    [result] = engine.evaluate_batch([GOOD])
    line, replaced = output_line(result, Limits(output=200))
    assert json.loads(line)["status"] == "unscored" and replaced.status == "unscored"
    assert (replaced.error or "").startswith("limit: the result has ")
    assert (replaced.error or "").endswith("over the limit of 200; raise it with --limit output=N")


# ---- the time budget ------------------------------------------------------------------------


class Spinner(Normalizer):
    """Loops forever on questions that mention 'spin', swallowing every Exception."""

    id = "spinner"

    def apply(self, ctx: Context) -> Context:
        while "spin" in ctx.question.text:
            try:
                sum(range(1000))
            except Exception:  # a plugin that "handles" errors must not escape the budget
                continue
        return ctx


class SlowJudge(Judge):
    """Never returns for SQL that reads the table 'slow'."""

    id = "slow"

    def judge(self, request: JudgeRequest) -> Verdict:
        while "slow" in request.record.sql:
            pass
        return Verdict(label="correct", confidence=0.9, judge=self.id)


def _registry() -> Registry:
    plugin = SimpleNamespace(stef_register_normalizers=hookimpl(lambda: [Spinner]),
                             stef_register_judges=hookimpl(lambda: [SlowJudge]))
    reg = Registry.discover()
    reg.add(plugin, provider="test-limits")
    return reg


def test_a_record_past_its_time_budget_is_stopped_and_the_run_goes_on() -> None:
    engine = Engine(registry=_registry(), judge="slow", limits=Limits(time=0.3))
    results = engine.evaluate_batch([rec("1"), rec("2", question="spin: how many users?"),
                                     rec("3", sql="SELECT COUNT(*) FROM slow"), rec("4")])
    assert [r.status for r in results] == ["scored", "unscored", "unscored", "scored"]
    message = ("limit: the record took more than 0.3 CPU seconds and was stopped; raise the "
               "budget with --limit time=SECONDS (0: none)")
    assert results[1].error == message and results[2].error == message


def test_a_budget_that_did_not_fire_leaves_nothing_behind() -> None:
    for _ in range(200):
        with time_budget(0.0001):
            pass
    with time_budget(5):
        total = sum(range(10**6))  # no stray interruption lands here, or later
    assert total == 499999500000


def test_waiting_does_not_count_against_the_budget() -> None:
    import time

    if not hasattr(time, "pthread_getcpuclockid"):
        pytest.skip("no per-thread CPU clock here: the budget is wall-clock time")
    # 0.3 s of waiting (as for a model call) under a 0.05 s budget: no CPU spent, not stopped
    with time_budget(0.05):
        for _ in range(30):
            time.sleep(0.01)


def test_the_budget_works_off_the_main_thread() -> None:
    caught: list[str] = []

    def work() -> None:
        try:
            with time_budget(0.2):
                while True:
                    sum(range(100))
        except RecordTimeout:
            caught.append("stopped")

    t = threading.Thread(target=work)
    t.start()
    t.join(10)
    assert caught == ["stopped"]


# ---- --limit ------------------------------------------------------------------------------


def test_parse_limits() -> None:
    limits = parse_limits(["question=20_000", "time=0", "VALUES=5"])
    assert (limits.question, limits.time, limits.values, limits.sql) == (20000, 0.0, 5, 100000)
    for bad, message in [("nope=1", "use NAME=VALUE with NAME one of line, question"),
                         ("question", "use NAME=VALUE"), ("sql=lots", "'lots' is not a number"),
                         ("sql=0", "must be positive")]:
        with pytest.raises(LimitError, match=message):
            parse_limits([bad])


def test_limit_on_the_command_line(tmp_path: Path) -> None:
    from stef_core.cli import cli, commands  # noqa: F401

    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"id": "a", "question": "How many users are active today?",
                               "sql": "SELECT COUNT(*) FROM users"}) + "\n"
                   + json.dumps({"id": "b", "question": "How many?",
                                 "sql": "SELECT COUNT(*) FROM users"}) + "\n")
    res = CliRunner().invoke(cli, ["eval", str(src), "--limit", "question=10"])
    assert res.exit_code == 0
    line, _ = [json.loads(x) for x in res.stdout.splitlines() if x.startswith("{")]
    assert line["error"].startswith("limit: the question has 32 characters, over the limit of 10")
    bad = CliRunner().invoke(cli, ["eval", str(src), "--limit", "qestion=10"])
    assert bad.exit_code == 2 and "stef: error: --limit 'qestion=10'" in bad.stderr
