"""Judge throughput: the LLM judge against a local server that takes a fixed time per call.

The server is the LLM judge's test server (``tests/judges/llm_fake_server.py``: a real
OpenAI-compatible HTTP server on 127.0.0.1 that answers with ``TCP_NODELAY`` and accepts a
burst of connections), run in its own process so that its threads do not share this process's
CPU and GIL, told to sleep ``--latency`` seconds before each reply. For each ``--concurrency``
value it scores ``--records`` generated records with ``--judge llm`` and reports

* **client**: the judge alone, handed the records already analysed, in the engine's batches
  (each batch's calls started before the previous batch is waited for, as the engine does):
  wall seconds against the ideal ``calls x latency / concurrency`` (the ratio is the overhead
  of the client: STEF's call loop, the transport and the cache) and against the whole rounds
  of calls that ideal needs (``ceil(calls / concurrency) x latency``: a call takes the
  latency however few share its round), and CPU milliseconds a call;
* **end to end**: the same records through the engine (analysis, judging, scoring), where
  each batch is analysed, and its calls sent, while the previous batch's are in flight;
* model calls per record on a cold cache, and on a second run over the same records with the
  same cache folder (a warm cache should make 0 calls).

Then two faults, at the highest ``--concurrency``, with the judge's default retries and backoff:

* the server down (a loopback port nothing listens on): wall seconds for all the records and
  the attempts made (the circuit breaker should stop calls after a handful);
* ``--max-cost`` set to a few calls' worst case, the server reporting honest token counts for
  a priced model: spend over cap (never above 1.0) and the records judged.

    python benchmarks/judge_throughput.py
    python benchmarks/judge_throughput.py --records 256 --latency 0.5 --concurrency 1 8 64

Needs the ``llm`` extra (litellm). No network beyond loopback: the server is local and litellm is
told to use its bundled price map.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests" / "judges"))
from speed import generate_records  # noqa: E402


def _engine(server_url: str, concurrency: int, cache_dir: str, batch_size: int) -> Any:
    from stef_core.engine import Engine

    return Engine(
        judge="llm:openai/fake",
        judge_options={"api_base": server_url, "api_key": "bench", "concurrency": concurrency,
                       "cache_dir": cache_dir, "timeout": 30, "retries": 0},
        batch_size=batch_size,
    )


def score(records: list[dict[str, Any]], server_url: str, concurrency: int, cache_dir: str,
          batch_size: int) -> tuple[float, float, int, int]:
    """Wall and CPU seconds (this process: the server runs in its own), scored and unscored
    counts of one run through the engine."""
    from stef_core.engine import record_from_mapping

    engine = _engine(server_url, concurrency, cache_dir, batch_size)
    items = [record_from_mapping(r, default_id=str(i)) for i, r in enumerate(records, 1)]
    t0, c0 = time.perf_counter(), time.process_time()
    scored = unscored = 0
    try:
        for result in engine.run(items):
            if result.status == "scored":
                scored += 1
            else:
                unscored += 1
    finally:
        engine.close()
    return time.perf_counter() - t0, time.process_time() - c0, scored, unscored


def client_only(records: list[dict[str, Any]], server_url: str, concurrency: int,
                cache_dir: str, batch_size: int) -> tuple[float, float, int, int]:
    """Wall and CPU seconds of the judge alone on records analysed beforehand, handed over in
    the engine's batches as the engine does (each batch's calls started before the previous
    batch is waited for: ``Judge.start_many``); the calls it made, and the rounds of calls
    they need at the least (``concurrency`` calls in flight: ceil(calls / concurrency))."""
    from stef_core.contracts import JudgeRequest
    from stef_core.engine import record_from_mapping

    engine = _engine(server_url, concurrency, cache_dir, batch_size)
    try:
        requests = []
        for i, r in enumerate(records, 1):
            item = record_from_mapping(r, default_id=str(i))
            analysed = engine.analyse(item) if not hasattr(item, "error") else None
            if isinstance(analysed, JudgeRequest):
                requests.append(analysed)
        budget = engine.judge.client.budget
        t0, c0 = time.perf_counter(), time.process_time()
        ahead = None
        for start in range(0, len(requests), batch_size):
            started = engine.judge.start_many(requests[start:start + batch_size])
            if ahead is not None:
                ahead.result()
            ahead = started
        if ahead is not None:
            ahead.result()
        # Calls made, not records: records that repeat one another are answered by the cache.
        rounds = -(-budget.calls // concurrency)
        return time.perf_counter() - t0, time.process_time() - c0, budget.calls, rounds
    finally:
        engine.close()


class _ServerProcess:
    """The stand-in server in a child process; its URL is the first line it prints."""

    def __init__(self, latency: float) -> None:
        import subprocess

        self.proc = subprocess.Popen(
            [sys.executable, str(HERE.parent / "tests" / "judges" / "llm_fake_server.py"),
             "--latency", str(latency)],
            stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()
        if not self.url:
            raise SystemExit("judge_throughput: the stand-in server did not start")

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


def server_down(records: list[dict[str, Any]], concurrency: int,
                batch_size: int) -> dict[str, Any]:
    """All records against a port nothing listens on, default retries and backoff."""
    import socket

    from stef_core.engine import Engine, record_from_mapping
    from stef_core.stats import summarize

    # Bound but not listening: refused, and never handed out as a client's own source port.
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        engine = Engine(
            judge="llm:openai/fake",
            judge_options={"api_base": f"http://127.0.0.1:{port}/v1", "api_key": "bench",
                           "concurrency": concurrency, "no_cache": True},
            batch_size=batch_size,
        )
        items = [record_from_mapping(r, default_id=str(i)) for i, r in enumerate(records, 1)]
        t0 = time.perf_counter()
        try:
            results = list(engine.run(items))
        finally:
            engine.close()
    wall = time.perf_counter() - t0
    overall = summarize(results)["overall"]
    return {"records": len(results), "unscored": len(results) - overall["scored"],
            "attempts": overall["judge_calls"], "wall_s": round(wall, 2)}


def cost_cap(records: list[dict[str, Any]], server: Any, concurrency: int,
             batch_size: int, calls: float = 4.0) -> dict[str, Any]:
    """``--max-cost`` of ``calls`` worst-case calls on a priced model; the server bills what a
    real one would (litellm's token count of the request)."""
    import litellm
    from llm_fake_server import Reply
    from stef_judges.llm_prompt import judge_messages

    from stef_core.engine import Engine, record_from_mapping
    from stef_core.stats import summarize

    model = "openai/gpt-4o-mini"
    billed: list[float] = []

    def answer(body: dict[str, Any]) -> Any:
        prompt = litellm.token_counter(model=model, messages=body["messages"])
        p_cost, c_cost = litellm.cost_per_token(model=model, prompt_tokens=prompt,
                                                completion_tokens=60)
        billed.append(p_cost + c_cost)
        return Reply('{"p_correct": 0.9}', delay=0.2, prompt_tokens=prompt,
                     completion_tokens=60)

    server.reset()
    server.default = answer
    options = {"api_base": server.url, "api_key": "bench", "concurrency": concurrency,
               "no_cache": True}
    items = [record_from_mapping(r, default_id=str(i)) for i, r in enumerate(records, 1)]
    probe = Engine(judge=f"llm:{model}", judge_options=options)
    request = probe.analyse(items[0])  # type: ignore[arg-type]
    worst = probe.judge.client.worst_case_cost(judge_messages(request))  # type: ignore
    probe.close()
    cap = calls * worst
    engine = Engine(judge=f"llm:{model}", judge_options={**options, "max_cost": cap},
                    batch_size=batch_size)
    try:
        results = list(engine.run(items))
    finally:
        engine.close()
    overall = summarize(results)["overall"]
    return {"cap_usd": cap, "billed_usd": round(sum(billed), 8),
            "billed_over_cap": round(sum(billed) / cap, 3), "judged": overall["scored"],
            "calls": server.calls, "max_in_flight": server.max_in_flight}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--records", type=int, default=64, help="records per run (default 64)")
    ap.add_argument("--latency", type=float, default=0.5,
                    help="seconds the server waits before each reply (default 0.5)")
    ap.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32],
                    help="calls in flight at once (default: 1 8 32)")
    ap.add_argument("--batch-size", type=int, default=64,
                    help="the engine's batch size: calls in flight never exceed it (default 64)")
    ap.add_argument("--json", type=Path, metavar="OUT", help="also write the figures as JSON")
    args = ap.parse_args(argv)

    # Not imported here: the judge imports litellm itself, after telling it to use its bundled
    # price map rather than fetch one from the network.
    if importlib.util.find_spec("litellm") is None:
        raise SystemExit("judge_throughput: litellm is missing; install the llm extra: "
                         "pip install -e '.[llm]'")
    from llm_fake_server import FakeLlmServer

    os.environ.setdefault("NO_PROXY", "127.0.0.1,localhost")
    os.environ.setdefault("no_proxy", "127.0.0.1,localhost")
    records = list(generate_records(args.records, seed=11))
    server = FakeLlmServer()  # in process: the cost-cap run bills through a Python callback
    remote = _ServerProcess(args.latency)
    rows: list[dict[str, Any]] = []
    try:
        # Warm up: litellm's import (seconds of CPU) happens on the first call and is not
        # throughput; a separate cache keeps these records cold for the measured runs.
        with tempfile.TemporaryDirectory(prefix="stef-judge-warm-") as warm:
            score(list(generate_records(2, seed=99)), remote.url, 1, warm, args.batch_size)
        for conc in args.concurrency:
            with tempfile.TemporaryDirectory(prefix="stef-judge-bench-") as cache:
                c_wall, c_cpu, calls, rounds = client_only(records, remote.url, conc, cache,
                                                           args.batch_size)
            with tempfile.TemporaryDirectory(prefix="stef-judge-bench-") as cache:
                wall, cpu, scored, unscored = score(records, remote.url, conc, cache,
                                                    args.batch_size)
                warm_wall, _, warm_scored, _ = score(records, remote.url, conc, cache,
                                                  args.batch_size)
                from stef_judges.llm_cache import Cache

                cached = Cache.open(cache)
                cold_calls = len(cached)  # one row per call that succeeded
                cached.close()
            ideal = calls * args.latency / conc
            batched = rounds * args.latency
            row = {
                "concurrency": conc,
                "records": len(records),
                "scored": scored,
                "unscored": unscored,
                "calls": calls,
                "client_wall_s": round(c_wall, 3),
                "ideal_s": round(ideal, 3),
                "client_over_ideal": round(c_wall / ideal, 2) if ideal else None,
                "ideal_batched_s": round(batched, 3),
                "client_over_batched": round(c_wall / batched, 2) if batched else None,
                "client_cpu_ms_per_call": round(1000 * c_cpu / calls, 2) if calls else None,
                "wall_s": round(wall, 3),
                "wall_over_ideal": round(wall / ideal, 2) if ideal else None,
                "cpu_ms_per_record": round(1000 * cpu / len(records), 2),
                "calls_per_record": round(cold_calls / len(records), 3),
                "warm_scored": warm_scored,
                "warm_wall_s": round(warm_wall, 3),
            }
            rows.append(row)
            print(f"concurrency {conc:>3}: {calls} calls; client {row['client_wall_s']} s "
                  f"(ideal {row['ideal_s']} s, x{row['client_over_ideal']}; in whole rounds "
                  f"{row['ideal_batched_s']} s, x{row['client_over_batched']}; "
                  f"{row['client_cpu_ms_per_call']} CPU-ms a call); end to end "
                  f"{row['wall_s']} s (x{row['wall_over_ideal']}); warm cache: "
                  f"{row['warm_wall_s']} s", flush=True)
        top = max(args.concurrency)
        faults = {"server_down": server_down(records, top, args.batch_size),
                  "cost_cap": cost_cap(records, server, top, args.batch_size)}
    finally:
        server.close()
        remote.close()

    print(f"\n{args.records} records, {args.latency} s per call, batch size {args.batch_size}\n")
    print("| concurrency | calls | ideal s | ideal in whole rounds s | client s | client/ideal | "
          "client/ideal in rounds | client CPU ms/call | end to end s | end to end/ideal | "
          "calls/record | warm-cache wall s |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['concurrency']} | {r['calls']} | {r['ideal_s']} | {r['ideal_batched_s']} | "
              f"{r['client_wall_s']} | {r['client_over_ideal']} | {r['client_over_batched']} | "
              f"{r['client_cpu_ms_per_call']} | {r['wall_s']} | {r['wall_over_ideal']} | "
              f"{r['calls_per_record']} | {r['warm_wall_s']} |")
    down, cap = faults["server_down"], faults["cost_cap"]
    print(f"\nServer down (concurrency {top}, default retries): {down['records']} records "
          f"unscored in {down['wall_s']} s with {down['attempts']} attempts in all")
    print(f"Cost cap of {cap['cap_usd']:.6f} USD (4 worst-case calls; concurrency {top}): "
          f"billed {cap['billed_usd']:.6f} USD = {cap['billed_over_cap']} x the cap, "
          f"{cap['judged']} records judged in {cap['calls']} calls, at most "
          f"{cap['max_in_flight']} in flight")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"latency_s": args.latency, "runs": rows, **faults},
                                        indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
