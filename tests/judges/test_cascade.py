"""The cascade judge against the local stand-in server: the policy decides which records the model
sees, a failed or unaffordable call keeps the offline verdict and says so, escalated records are
cached like any LLM verdict, and the summary, report and run store show what was escalated."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from llm_fake_server import FakeLlmServer, Reply, verdict_json

from stef_core.contracts import JudgeRequest, PendingVerdicts
from stef_core.engine import Engine, record_from_mapping
from stef_core.errors import JudgeInterrupted, StefError
from stef_core.models import Result, Verdict
from stef_core.stats import summarize

pytestmark = pytest.mark.slow

#: Offline gamma (with the shipped calibration): clean 0.888, minor 0.792; the other two carry
#: a critical and a major finding.
RECORDS = [
    {
        "id": "clean",
        "question": "How many of our users are active?",
        "sql": "SELECT COUNT(*) FROM users WHERE status = 'active'",
    },
    {
        "id": "critical",
        "question": "How many users live in France?",
        "sql": "SELECT COUNT(*) FROM users WHERE country = 'Germany'",
    },
    {
        "id": "major",
        "question": "Which customers ordered the most in 2023?",
        "sql": "SELECT name FROM customers",
    },
    {
        "id": "minor",
        "question": "List the names of the Smith family members.",
        "sql": "SELECT name FROM people",
    },
]


def items() -> list[Any]:
    return [record_from_mapping(r, default_id=str(i)) for i, r in enumerate(RECORDS, 1)]


def run(server: FakeLlmServer, tmp_path: Path, **options: Any) -> list[Result]:
    opts: dict[str, Any] = {
        "api_base": server.url,
        "api_key": "test",
        "cache_dir": str(tmp_path / "cache"),
        "retries": 1,
        "retry_backoff": 0.01,
        "timeout": 5,
    }
    opts.update(options)
    engine = Engine(judge=f"cascade:llm:{opts.pop('model', 'openai/fake')}", judge_options=opts)
    try:
        return list(engine.run(items()))
    finally:
        engine.close()


def by_id(results: list[Result]) -> dict[str, Verdict]:
    out = {}
    for r in results:
        assert r.status == "scored" and r.verdict is not None, r.error
        out[r.id] = r.verdict
    return out


def test_the_policy_decides_who_is_asked(llm_server, tmp_path):
    llm_server.default = Reply(verdict_json(0.97, "correct", "counts the active users"))
    v = by_id(run(llm_server, tmp_path, escalate="0.4,0.9", settle="critical,major"))
    # clean (0.888) and minor (0.792) are in the band; the others are settled by a finding
    assert llm_server.calls == 2
    assert {k for k, x in v.items() if x.escalation and x.escalation.escalated} == {
        "clean",
        "minor",
    }
    assert v["clean"].judge == "llm:openai/fake" and v["clean"].confidence == 0.97
    assert v["clean"].escalation is not None
    assert v["clean"].escalation.reason == (
        "offline gamma 0.888 is in the uncertain band [0.4, 0.9]"
    )
    assert v["critical"].judge == "offline" and v["critical"].escalation is not None
    assert v["critical"].escalation.reason == (
        "a critical finding (filter.value_mismatch) settles it offline"
    )
    assert v["major"].escalation is not None
    assert v["major"].escalation.reason == "a major finding (filter.missing) settles it offline"
    assert v["critical"].usage is not None and v["critical"].usage.calls == 0

    llm_server.reset()
    v = by_id(run(llm_server, tmp_path, escalate="0.85,1", settle="none", no_cache=True))
    assert llm_server.calls == 1  # only clean is in [0.85, 1]; nothing settles, nothing else fits
    assert v["minor"].escalation is not None and v["minor"].escalation.reason == (
        "offline gamma 0.792 is outside the uncertain band [0.85, 1]"
    )
    assert v["minor"].judge == "offline"

    llm_server.reset()
    run(llm_server, tmp_path, escalate="0,1", settle="none", escalate_share=1, no_cache=True)
    assert llm_server.calls == 4  # everything in the band, nothing settled, no cap: all-LLM

    llm_server.reset()
    run(llm_server, tmp_path, escalate="0,1", settle="none", no_cache=True)
    assert llm_server.calls == 3  # the shipped cap (0.74): round(0.74 * 4) = 3 of the 4


def test_the_share_cap_asks_the_likelier_right_first(llm_server, tmp_path):
    llm_server.default = Reply(verdict_json(0.97, "correct", "fine"))
    v = by_id(
        run(llm_server, tmp_path, escalate="0,1", settle="none", escalate_share=0.5, no_cache=True)
    )
    # four candidates, room for round(0.5 * 4) = 2: the two highest offline gammas
    assert llm_server.calls == 2
    assert {k for k, x in v.items() if x.judge != "offline"} == {"clean", "minor"}
    for rid in ("critical", "major"):
        esc = v[rid].escalation
        assert esc is not None and not esc.escalated and esc.fallback is None
        assert esc.reason.endswith(
            "but the share cap is spent: at most 50% of the records go to the model, the "
            "likelier right by the offline judge first"
        )
        assert esc.reason.startswith("offline gamma ")
    assert (
        summarize(
            list(run(llm_server, tmp_path, escalate="0,1", settle="none", escalate_share=0.5))
        )["overall"]["escalation"]["share"]
        == 0.5
    )


def test_the_share_cap_asks_by_the_policys_ranking(llm_server, tmp_path):
    """A policy with a ranking orders the candidates under the cap by its P(right) from the
    offline gamma, the findings and the filter status, not by the offline gamma alone."""
    from dataclasses import replace

    from stef_judges.cascade import Ranking

    llm_server.default = Reply(verdict_json(0.97, "correct", "fine"))
    engine = Engine(
        judge="cascade:llm:openai/fake",
        judge_options={
            "api_base": llm_server.url,
            "api_key": "t",
            "no_cache": True,
            "escalate": "0,1",
            "settle": "none",
            "escalate_share": 0.5,
        },
    )
    # a critical finding counts for, a minor one against: the reverse of the offline gammas
    ranking = Ranking(0.0, 1.0, severities=(("critical", 20.0), ("minor", -20.0)))
    engine.judge.policy = replace(engine.judge.policy, ranking=ranking)  # type: ignore[attr-defined]
    try:
        v = by_id(list(engine.run(items())))
    finally:
        engine.close()
    assert llm_server.calls == 2
    assert {k for k, x in v.items() if x.judge != "offline"} == {"clean", "critical"}
    esc = v["minor"].escalation
    assert esc is not None and "share cap is spent" in esc.reason


@pytest.mark.parametrize(
    ("gamma", "severities", "status", "expected"),
    [
        (0.5, (), "fully_applied", 0.5),  # no weight applies: the offline gamma itself
        (0.9, (), "fully_applied", 0.9),
        (0.5, ("critical",), "fully_applied", 0.269),  # sigmoid(0 - 1)
        (0.5, (), "partially_applied", 0.119),  # sigmoid(0 - 2)
        (0.5, ("minor",), None, 0.5),  # no weight for minor findings, no status
        (0.9, ("critical", "critical"), "partially_applied", 0.309),  # sigmoid(2.197 - 3)
    ],
)
def test_the_ranking_reads_gamma_findings_and_status(gamma, severities, status, expected):
    from stef_judges.cascade import Policy, Ranking

    from stef_core.models import Reason

    ranking = Ranking(0.0, 1.0, (("partially_applied", -2.0),), (("critical", -1.0),))
    reasons = tuple(Reason(code="filter.missing", message="", severity=s) for s in severities)
    got = Policy(0, 1, frozenset(), 0.5, ranking).priority(gamma, reasons, status)
    assert round(got, 3) == expected
    # without a ranking, the offline gamma orders the candidates
    assert Policy(0, 1, frozenset(), 0.5).priority(gamma, reasons, status) == gamma


def test_the_share_cap_counts_over_the_batches(llm_server, tmp_path):
    # one record a batch: the cap is kept over every record seen so far, not per batch
    llm_server.default = Reply(verdict_json(0.97, "correct", "fine"))
    engine = Engine(
        judge="cascade:llm:openai/fake",
        batch_size=1,
        judge_options={
            "api_base": llm_server.url,
            "api_key": "t",
            "no_cache": True,
            "escalate": "0,1",
            "settle": "none",
            "escalate_share": 0.5,
        },
    )
    try:
        v = by_id(list(engine.run(items())))
    finally:
        engine.close()
    # after 1, 2, 3, 4 records at most round(0.5, 1.0, 1.5, 2.0) = 1, 1, 2, 2 (halves up)
    assert [k for k in ("clean", "critical", "major", "minor") if v[k].judge != "offline"] == [
        "clean",
        "major",
    ]
    assert llm_server.calls == 2


def test_the_share_cap_holds_on_any_sequence_of_batches():
    import random

    from stef_judges.cascade import Policy

    from stef_core.models import Reason

    rng = random.Random(25)
    finding = (Reason(code="filter.missing", message="", severity="critical"),)
    for share in (0.05, 0.3, 0.5, 0.7, 0.75, 1.0):
        policy = Policy(0.1, 0.9, frozenset({"critical"}), share)
        seen = used = 0
        for _ in range(60):
            batch = [
                (rng.random(), finding if rng.random() < 0.2 else ())
                for _ in range(rng.choice((1, 2, 5, 64)))
            ]
            plan = policy.plan(batch, seen, used)
            seen += len(batch)
            used += sum(e for e, _ in plan)
            assert used <= int(share * seen + 0.5)
            asked = [g for (g, _), (e, _) in zip(batch, plan) if e]
            capped = [g for (g, _), (_, why) in zip(batch, plan) if "share cap" in why]
            # the cap keeps the lowest offline gammas; it never asks outside the policy
            assert not asked or not capped or min(asked) >= max(capped)
            assert all(0.1 <= g <= 0.9 for g in asked + capped)
            assert all(not r for (_, r), (e, _) in zip(batch, plan) if e)


def test_a_failed_call_keeps_the_offline_verdict_and_says_so(llm_server, tmp_path):
    llm_server.default = Reply(status=500)
    rs = run(llm_server, tmp_path, escalate="0.4,0.9", no_cache=True)
    assert [r.status for r in rs] == ["scored"] * 4  # coverage counts them as scored
    v = by_id(rs)
    clean = v["clean"]
    assert clean.judge == "offline" and clean.confidence == 0.888
    assert clean.escalation is not None and clean.escalation.escalated
    assert (clean.escalation.fallback or "").startswith(
        "judge: model server answered HTTP 500 after 2 attempts"
    )
    assert clean.usage is not None and clean.usage.calls == 2  # what the failed calls cost
    overall = summarize(rs)["overall"]
    assert overall["coverage"] == 1.0
    assert overall["judge_calls"] == 4
    assert overall["escalation"] == {
        "records": 4,
        "escalated": 2,
        "share": 0.5,
        "model_verdicts": 0,
        "fallbacks": 2,
        "fallback_example": clean.escalation.fallback,
    }


def test_the_cost_cap_keeps_the_offline_verdict(llm_server, tmp_path):
    # a priced model and a cap below one call's worst case: no call is ever made
    rs = run(
        llm_server,
        tmp_path,
        model="openai/gpt-4o-mini",
        escalate="0.4,0.9",
        max_cost=0.000001,
        no_cache=True,
    )
    assert llm_server.calls == 0
    v = by_id(rs)
    for rid in ("clean", "minor"):
        assert v[rid].judge == "offline"
        assert v[rid].escalation is not None
        assert (v[rid].escalation.fallback or "").startswith(
            "judge: cost cap reached (--max-cost 1e-06 USD"
        )
    assert summarize(rs)["overall"]["escalation"]["fallbacks"] == 2


def test_escalated_records_are_cached(llm_server, tmp_path):
    llm_server.default = Reply(verdict_json(0.2, "incorrect", "wrong table"))
    first = by_id(run(llm_server, tmp_path, escalate="0.4,0.9"))
    assert llm_server.calls == 2
    again = run(llm_server, tmp_path, escalate="0.4,0.9")
    assert llm_server.calls == 2  # the second run asks nothing
    v = by_id(again)
    assert v["clean"].judge == "llm:openai/fake" and v["clean"].confidence == 0.2
    assert v["clean"].usage is not None and v["clean"].usage.cached
    assert first["clean"].confidence == v["clean"].confidence
    overall = summarize(again)["overall"]
    assert (overall["cache_hits"], overall["judge_calls"]) == (2, 0)
    assert overall["escalation"]["escalated"] == 2


def test_ctrl_c_keeps_the_offline_verdicts_and_what_came_back(llm_server, tmp_path, monkeypatch):
    from stef_judges.cascade import CascadeJudge

    judge = CascadeJudge(
        model="llm:openai/fake",
        api_base=llm_server.url,
        api_key="t",
        no_cache=True,
        escalate="0.4,0.9",
    )
    engine = Engine(judge=judge)
    requests = [engine.analyse(i) for i in items()]
    assert all(isinstance(r, JudgeRequest) for r in requests)
    came_back = Verdict(label="correct", confidence=0.9, judge="llm:openai/fake")

    def interrupted(batch: Any) -> Any:
        assert len(batch) == 2  # the escalated ones only
        raise JudgeInterrupted([came_back, None])

    # The escalated records' calls are started with the batch; the interrupt comes while
    # their verdicts are waited for.
    monkeypatch.setattr(judge.llm, "start_many",
                        lambda batch: PendingVerdicts(lambda: interrupted(batch)))
    with pytest.raises(JudgeInterrupted) as stop:
        judge.judge_many(requests)  # type: ignore[arg-type]
    partial = stop.value.partial
    assert [type(p).__name__ for p in partial] == ["Verdict", "Verdict", "Verdict", "NoneType"]
    assert isinstance(partial[0], Verdict) and partial[0].judge == "llm:openai/fake"
    assert isinstance(partial[1], Verdict) and partial[1].judge == "offline"
    judge.close()


def test_a_cascade_needs_an_llm_judge_and_a_sane_policy():
    from stef_judges.cascade import CascadeJudge

    with pytest.raises(StefError, match=r"--judge cascade:llm:<litellm model>"):
        CascadeJudge(model="offline")
    with pytest.raises(StefError, match=r"--judge cascade:llm:<litellm model>"):
        CascadeJudge()
    with pytest.raises(StefError, match=r"--escalate: expected LOW,HIGH"):
        CascadeJudge(model="llm:openai/x", api_base="http://127.0.0.1:9/v1", escalate="high")
    with pytest.raises(StefError, match=r"--escalate: expected 0 <= LOW <= HIGH <= 1"):
        CascadeJudge(model="llm:openai/x", api_base="http://127.0.0.1:9/v1", escalate="0.9,0.1")
    with pytest.raises(StefError, match=r"--settle: unknown severity 'severe'"):
        CascadeJudge(model="llm:openai/x", api_base="http://127.0.0.1:9/v1", settle="severe")
    for bad in ("0", "1.5", "-0.2", "most", "nan"):
        with pytest.raises(StefError, match=r"--escalate-share: expected a share of the records"):
            CascadeJudge(model="llm:openai/x", api_base="http://127.0.0.1:9/v1", escalate_share=bad)
    judge = CascadeJudge(model="llm:openai/x", api_base="http://127.0.0.1:9/v1", escalate_share="1")
    assert judge.policy.share == 1.0 and "at most" not in judge.policy.describe()
    judge.close()


def test_under_the_cap_settled_records_fill_the_room_it_leaves():
    from stef_judges.cascade import Policy

    from stef_core.models import Reason

    critical = (Reason(code="filter.missing", message="", severity="critical"),)
    major = (Reason(code="filter.missing", message="", severity="major"),)
    batch = [(0.6, ()), (0.05, critical), (0.2, critical), (0.95, ()), (0.1, major)]
    settle = frozenset({"critical", "major"})
    filling = Policy(0.0, 0.9, settle, 0.6, fill=True)
    plan = filling.plan(batch, seen=0, used=0)
    # room for 3: the one candidate, then the settled records likelier right first (0.2, 0.1);
    # a record outside the band stays offline, and without fill the settled ones all do
    assert [e for e, _ in plan] == [True, False, True, False, True]
    assert plan[2][1] == (
        "a critical finding (filter.missing) would settle it offline, but the share cap has "
        "room: at most 60% of the records go to the model, those a finding settles last"
    )
    assert plan[1][1] == "a critical finding (filter.missing) settles it offline"
    only_candidate = [True, False, False, False, False]
    assert [e for e, _ in Policy(0.0, 0.9, settle, 0.6).plan(batch, 0, 0)] == only_candidate
    # no room left after the candidate: the settled records stay offline
    assert [e for e, _ in filling.plan(batch, seen=5, used=5)] == only_candidate
    # no cap (share 1): settling holds
    assert [e for e, _ in Policy(0.0, 0.9, settle, 1.0, fill=True).plan(batch, 0, 0)] == (
        only_candidate
    )
    assert "the settled ones when the cap has room" in filling.describe()
    assert Policy.from_options({}).fill  # the shipped policy fills
    assert not Policy.from_options({"settled_stay_offline": True}).fill


def test_the_shipped_policy_is_the_policy_file():
    from importlib import resources

    from stef_judges.cascade import POLICY_FILE, Policy, Ranking, default_policy

    text = (resources.files("stef_judges") / "calibration" / POLICY_FILE).read_text()
    data = json.loads(text)
    assert default_policy() == Policy(
        data["escalate"][0],
        data["escalate"][1],
        frozenset(data["settle"]),
        data["share"],
        Ranking.from_json(data["ranking"]),
        data.get("fill", False),
    )
    assert Ranking.from_json(data["ranking"]).to_json() == data["ranking"]
    assert Policy.from_options({}) == default_policy()
    # issue 25's check allows 75 %: the shipped cap stays below it (0.74: 89 of 120 records)
    assert 0 < default_policy().share <= 0.74
    assert round(default_policy().share * 120) / 120 <= 0.75


def test_the_cascade_takes_the_offline_judges_calibration(llm_server, tmp_path):
    import stef_judges
    from stef_judges.offline import DEFAULT_CALIBRATION

    shipped = Path(stef_judges.__file__).parent / "calibration" / DEFAULT_CALIBRATION
    engine = Engine(
        judge="cascade:llm:openai/fake",
        calibration=str(shipped),
        judge_options={"api_base": llm_server.url, "api_key": "t", "no_cache": True},
    )
    try:
        assert engine.calibration is not None and engine.judge.calibration is engine.calibration
    finally:
        engine.close()


# ---- the summary, the report and the run store -------------------------------------------------


def write_records(path: Path) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    return path


def test_summary_report_and_store_show_the_escalation(llm_server, tmp_path, monkeypatch):
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    llm_server.default = Reply(verdict_json(0.9, "correct", "right"))
    src = write_records(tmp_path / "in.jsonl")
    out, store = tmp_path / "out.jsonl", tmp_path / "runs.sqlite"
    summary = tmp_path / "summary.json"
    result = CliRunner().invoke(
        cli,
        [
            "eval",
            str(src),
            "--judge",
            "cascade:llm:openai/fake",
            "--api-base",
            llm_server.url,
            "--escalate",
            "0.4,0.9",
            "--no-cache",
            "--no-progress",
            "-o",
            str(out),
            "--summary-json",
            str(summary),
            "--store",
            str(store),
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    line = (
        "Judge: 2 calls, 0 records from the cache, 240 tokens, $0.0000; cascade: 2 of 4 "
        "records escalated to the model (50.0%)"
    )
    assert line in result.output
    escalation = json.loads(summary.read_text())["overall"]["escalation"]
    assert (escalation["escalated"], escalation["share"], escalation["fallbacks"]) == (2, 0.5, 0)
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["verdict"]["escalation"]["escalated"] for r in rows] == [True, False, False, True]
    assert [r["verdict"]["judge"] for r in rows] == [
        "llm:openai/fake",
        "offline",
        "offline",
        "llm:openai/fake",
    ]

    report = CliRunner().invoke(cli, ["report", str(out)], catch_exceptions=False)
    assert report.exit_code == 0, report.output
    assert line in " ".join(report.output.split())
    page = tmp_path / "report.html"
    CliRunner().invoke(cli, ["report", str(out), "--html", str(page)], catch_exceptions=False)
    assert 'id="judge-usage"' in page.read_text() and "2 of 4 records escalated" in page.read_text()
    shown = CliRunner().invoke(
        cli, ["runs", "show", "1", "--store", str(store)], catch_exceptions=False
    )
    assert shown.exit_code == 0, shown.output
    assert "cascade: 2 of 4 records escalated to the model (50.0%)" in " ".join(
        shown.output.split()
    )


def test_an_offline_run_has_no_escalation_in_its_output_or_summary(tmp_path):
    rs = list(Engine().run(items()))
    assert all(r.verdict is not None and r.verdict.escalation is None for r in rs)
    assert "escalation" not in rs[0].model_dump_json()
    assert summarize(rs)["overall"]["escalation"] is None


def test_policy_flags_without_a_cascade_are_a_usage_error(tmp_path):
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    src = write_records(tmp_path / "in.jsonl")
    result = CliRunner().invoke(cli, ["eval", str(src), "--escalate", "0.2,0.8", "--no-progress"])
    assert result.exit_code == 2
    assert "--escalate: only for --judge cascade:llm:<litellm model>" in result.output
    result = CliRunner().invoke(cli, ["eval", str(src), "--escalate-share", "0.5", "--no-progress"])
    assert result.exit_code == 2
    assert "--escalate-share: only for --judge cascade:llm:<litellm model>" in result.output
    result = CliRunner().invoke(cli, ["eval", str(src), "--settled-stay-offline", "--no-progress"])
    assert result.exit_code == 2
    assert "--settled-stay-offline: only for --judge cascade:llm:" in result.output


def test_the_dataframe_api_carries_who_decided_and_why(llm_server, tmp_path):
    pd = pytest.importorskip("pandas")
    from stef_core.dataframe import score_dataframe, summarize_dataframe

    llm_server.default = Reply(verdict_json(0.97, "correct", "counts the active users"))
    options = {
        "api_base": llm_server.url,
        "api_key": "test",
        "cache_dir": str(tmp_path / "cache"),
        "escalate": "0.4,0.9",
        "settle": "critical,major",
    }
    frame = pd.DataFrame(RECORDS)
    scored = score_dataframe(frame, judge="cascade:llm:openai/fake", judge_options=options)
    row = {r["id"]: r for r in scored.to_dict(orient="records")}
    assert llm_server.calls == 2
    assert (row["clean"]["judge"], row["clean"]["escalated"]) == ("llm:openai/fake", True)
    assert row["clean"]["escalation_reason"] == (
        "offline gamma 0.888 is in the uncertain band [0.4, 0.9]"
    )
    assert row["clean"]["escalation_fallback"] is None
    assert (row["critical"]["judge"], row["critical"]["escalated"]) == ("offline", False)
    assert row["critical"]["escalation_reason"] == (
        "a critical finding (filter.value_mismatch) settles it offline"
    )
    assert summarize_dataframe(scored)["overall"]["escalation"] == {
        "records": 4,
        "escalated": 2,
        "share": 0.5,
        "model_verdicts": 2,
        "fallbacks": 0,
        "fallback_example": None,
    }
    # without a cascade: the deciding judge is named, the escalation columns stay empty
    offline = score_dataframe(frame).to_dict(orient="records")
    assert {r["judge"] for r in offline} == {"offline"}
    assert {(r["escalated"], r["escalation_reason"]) for r in offline} == {(None, None)}
    assert summarize_dataframe(score_dataframe(frame))["overall"]["escalation"] is None


def test_escalate_share_on_the_command_line(llm_server, tmp_path, monkeypatch):
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    llm_server.default = Reply(verdict_json(0.9, "correct", "right"))
    src = write_records(tmp_path / "in.jsonl")
    result = CliRunner().invoke(
        cli,
        [
            "eval",
            str(src),
            "--judge",
            "cascade:llm:openai/fake",
            "--api-base",
            llm_server.url,
            "--escalate",
            "0,1",
            "--settle",
            "none",
            "--escalate-share",
            "0.25",
            "--no-cache",
            "--no-progress",
            "-o",
            str(tmp_path / "out.jsonl"),
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    assert "cascade: 1 of 4 records escalated to the model (25.0%)" in result.output
    assert llm_server.calls == 1
    rows = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    # the one asked is the record the offline judge rates likeliest right
    assert [r["id"] for r in rows if r["verdict"]["escalation"]["escalated"]] == ["clean"]


def test_a_configuration_mistake_behind_the_cascade_fails_the_run(llm_server, tmp_path,
                                                                  monkeypatch):
    # Every escalated record keeps its offline verdict, so coverage alone would pass: the run
    # would quietly be offline-only. The model string is the user's mistake, said once, exit 1.
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    src = write_records(tmp_path / "in.jsonl")
    out = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        cli,
        ["eval", str(src), "--judge", "cascade:llm:Qwen/Qwen2.5-7B-Instruct", "--api-base",
         llm_server.url, "--escalate", "0,1", "--no-cache", "--no-progress", "-o", str(out)],
        catch_exceptions=False,
    )
    assert result.exit_code == 1, result.output
    assert "kept their offline verdict" in result.output
    assert "write llm:openai/Qwen/Qwen2.5-7B-Instruct" in result.output
    assert llm_server.calls == 0
    # nothing is lost: every record is in the output with its offline verdict and the reason
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(rows) == len(RECORDS) and all(r["status"] == "scored" for r in rows)
    assert all("configuration" in (r["verdict"]["escalation"]["fallback"] or "")
               for r in rows if r["verdict"]["escalation"]["escalated"])
