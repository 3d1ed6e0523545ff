"""stef compare: confidence intervals and the exit codes a release pipeline gates on."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from stef_core.monitor.compare import compare
from stef_core.monitor.results import Loaded

from .helpers import result, run, write

LEVELS = [0.0, 35.0, 50.0, 70.0, 85.0, 100.0]


def sample(seed: int, n: int, weights: list[float], agent: str = "a", prefix: str = "") -> list:
    rng = random.Random(seed)
    return [result(f"{prefix}{i}", agent, rng.choices(LEVELS, weights)[0]) for i in range(n)]


BASE_W = [1, 1, 1, 2, 4, 8]
WORSE_W = [3, 3, 3, 2, 3, 4]  # a mean about 20 points lower


def test_clear_drop_exits_1_and_noise_exits_0(tmp_path: Path) -> None:
    base = write(tmp_path / "base.jsonl", sample(1, 300, BASE_W, prefix="b"))
    noise = write(tmp_path / "noise.jsonl", sample(2, 300, BASE_W, prefix="n"))
    worse = write(tmp_path / "worse.jsonl", sample(3, 300, WORSE_W, prefix="w"))
    js = tmp_path / "c.json"
    out = run("compare", base, worse, "--json", str(js))
    assert out.exit_code == 1, out.output
    assert "stef: regression: a dropped by more than 2 points" in out.stderr
    data = json.loads(js.read_text())
    a = data["agents"]["a"]
    assert a["analysis"] == "unpaired" and a["verdict"] == "regressed"
    lo, hi = a["primary_ci95"]
    assert lo < a["change"] < hi < 0 and a["change"] < -10
    out = run("compare", base, noise)
    assert out.exit_code == 0, out.output
    # the same drop with a tolerance larger than it passes
    assert run("compare", base, worse, "--max-drop", "40").exit_code == 0


def test_small_but_certain_drop_below_max_drop_passes() -> None:
    # every record loses exactly 1 point: the CI is tight and below 0, but 1 < --max-drop 2
    base = [Loaded(result(str(i), "a", 80.0)) for i in range(50)]
    new = [Loaded(result(str(i), "a", 79.0)) for i in range(50)]
    data = compare(base, new, max_drop=2.0)
    assert data["agents"]["a"]["primary_ci95"] == [-1.0, -1.0] and not data["failed"]
    assert compare(base, new, max_drop=0.5)["failed"]


def test_paired_by_id_is_tighter_than_unpaired() -> None:
    rng = random.Random(5)
    base_scores = [rng.choice(LEVELS) for _ in range(200)]
    # the new run loses 15 points on every fifth record, same ids
    new_scores = [s - 15 if i % 5 == 0 and s >= 15 else s for i, s in enumerate(base_scores)]
    base = [Loaded(result(str(i), "a", s)) for i, s in enumerate(base_scores)]
    new = [Loaded(result(str(i), "a", s)) for i, s in enumerate(new_scores)]
    a = compare(base, new)["agents"]["a"]
    assert a["analysis"] == "paired" and a["paired"]["by"] == "id" and a["paired"]["pairs"] == 200
    paired_width = a["paired"]["ci95"][1] - a["paired"]["ci95"][0]
    unpaired_width = a["ci95"][1] - a["ci95"][0]
    assert paired_width < unpaired_width / 3
    assert a["paired"]["ci95"][1] < 0  # certain with pairing; unpaired cannot tell
    assert a["ci95"][0] < 0 < a["ci95"][1]


def test_ids_with_different_questions_do_not_pair_but_questions_do() -> None:
    base = [Loaded(result(str(i), "a", 100.0), f"q{i}") for i in range(20)]
    # same ids (line numbers) but other questions; question q{i} sits at id i+100
    new = [Loaded(result(str(i + 100), "a", 50.0), f"q{i}") for i in range(20)]
    new += [Loaded(result(str(i), "a", 100.0), f"other{i}") for i in range(20)]
    a = compare(base, new)["agents"]["a"]
    assert a["paired"]["by"] == "question" and a["paired"]["pairs"] == 20
    assert a["paired"]["change"] == -50.0


def test_coverage_band_and_reason_shifts() -> None:
    base = [Loaded(result(str(i), "a", 100.0)) for i in range(10)]
    new = [Loaded(result(str(i), "a", 60.0, reasons=("filter.missing",))) for i in range(8)]
    new += [Loaded(result("8", "a", None)), Loaded(result("9", "a", None))]
    a = compare(base, new)["agents"]["a"]
    assert a["coverage_change"] == -0.2
    assert a["band_shift"] == {"excellent": -100.0, "good": 0.0, "marginal": 100.0, "poor": 0.0}
    assert a["reason_shift"] == [{"code": "filter.missing", "base_per_100": 0.0,
                                  "new_per_100": 100.0, "change": 100.0}]


def test_no_common_agent_gates_on_all_records() -> None:
    base = [Loaded(result(str(i), "v1", 100.0 if i % 2 else 85.0)) for i in range(40)]
    new = [Loaded(result(str(i), "v2", 50.0 if i % 2 else 35.0)) for i in range(40)]
    data = compare(base, new)
    assert data["agents"] == {} and data["gated"] == ["(all)"] and data["failed"]
    assert data["only_in_base"] == ["v1"] and data["only_in_new"] == ["v2"]


def test_bootstrap_is_seeded() -> None:
    base = [Loaded(r) for r in sample(1, 100, BASE_W)]
    new = [Loaded(r) for r in sample(2, 100, WORSE_W, prefix="x")]
    assert compare(base, new, seed=7) == compare(base, new, seed=7)


def test_estimated_accuracy_change_is_reported_paired_like_the_mean() -> None:
    rng = random.Random(9)
    gammas = [rng.choice([0.3, 0.6, 0.8, 0.9]) for _ in range(200)]
    base = [Loaded(result(str(i), "a", 64.0, gamma=g)) for i, g in enumerate(gammas)]
    # same scores, but the judge is 0.1 less sure of every fourth record
    new = [Loaded(result(str(i), "a", 64.0, gamma=round(g - 0.1 * (i % 4 == 0), 4)))
           for i, g in enumerate(gammas)]
    a = compare(base, new)["agents"]["a"]
    est = a["estimated_accuracy"]
    assert est["base"] == round(sum(gammas) / 200, 4)
    assert est["analysis"] == "paired" and est["paired"]["pairs"] == 200
    assert est["primary_change"] == pytest.approx(-0.025, abs=1e-4)
    lo, hi = est["primary_ci95"]
    assert lo < -0.025 < hi < 0  # paired: certain
    assert est["ci95"][0] < 0 < est["ci95"][1]  # unpaired: cannot tell
    assert a["change"] == 0.0 and a["verdict"] == "no clear change"  # the gate is on the score
    assert a["base"]["estimated_accuracy"] == est["base"]


def test_compare_table_shows_the_estimated_accuracy(tmp_path: Path) -> None:
    base = write(tmp_path / "b.jsonl", [result(str(i), "a", 80.0, gamma=0.8) for i in range(20)])
    new = write(tmp_path / "n.jsonl", [result(str(i), "a", 80.0, gamma=0.7) for i in range(20)])
    out = run("compare", base, new)
    assert out.exit_code == 0, out.output
    assert "80.0% -> 70.0%" in out.stdout and "-10.0 pp" in out.stdout


def test_versions_with_their_own_ids_pair_by_normalised_question(tmp_path: Path) -> None:
    # two agent versions answer the same 30 questions under ids of their own; the questions
    # differ only in case, punctuation and spacing
    base = [result(f"v1-{i:03x}", "crm@1", 50.0 if i % 3 else 100.0, gamma=0.5)
            for i in range(30)]
    new = [result(f"v2-{i * 7:03x}", "crm@2", (50.0 if i % 3 else 100.0) + 20 * (i % 3 > 0),
                  gamma=0.7) for i in range(30)]
    b = write(tmp_path / "b.jsonl", base,
              {r.id: {"question": f"Revenue by region, Q{i}?"} for i, r in enumerate(base)})
    n = write(tmp_path / "n.jsonl", new,
              {r.id: {"question": f"  revenue by region  q{i}"} for i, r in enumerate(new)})
    js = tmp_path / "c.json"
    out = run("compare", b, n, "--json", str(js))
    assert out.exit_code == 0, out.output
    overall = json.loads(js.read_text())["overall"]
    assert overall["analysis"] == "paired"
    assert overall["paired"]["by"] == "question" and overall["paired"]["pairs"] == 30
    assert overall["paired"]["unpaired"] == {"base": 0, "new": 0}
    assert overall["paired"]["change"] == pytest.approx(20 * 20 / 30, abs=0.01)
    lo, hi = overall["paired"]["ci95"]
    assert 0 < lo < overall["paired"]["change"] < hi
    assert overall["verdict"] == "improved"
    assert overall["estimated_accuracy"]["paired"]["by"] == "question"
    assert overall["estimated_accuracy"]["primary_change"] == pytest.approx(0.2)
    text = " ".join(out.stdout.split())
    assert ("paired 30 of 30 BASE and 30 of 30 NEW records by question (normalised: case, "
            "punctuation and spacing ignored); paired difference in mean score +13.3") in text


def test_a_repeated_question_pairs_occurrence_by_occurrence() -> None:
    base = [Loaded(result(f"b{i}", "a", 10.0 * i), "how many orders?") for i in range(3)]
    base += [Loaded(result("b9", "a", 50.0), "only in base")]
    new = [Loaded(result(f"n{i}", "a", 10.0 * i + 5), "How many orders") for i in range(4)]
    a = compare(base, new)["agents"]["a"]
    assert a["paired"]["by"] == "question" and a["paired"]["pairs"] == 3
    assert a["paired"]["change"] == 5.0
    assert a["paired"]["unpaired"] == {"base": 1, "new": 1}


def test_the_pairing_that_pairs_more_records_wins() -> None:
    # line-number ids: two happen to coincide with the same question; the questions pair all
    base = [Loaded(result(str(i), "a", 60.0), f"question {i}") for i in range(20)]
    new = [Loaded(result(str(i), "a", 70.0), f"question {i}") for i in range(2)]
    new += [Loaded(result(str(i + 50), "a", 70.0), f"question {i}") for i in range(2, 20)]
    a = compare(base, new)["agents"]["a"]
    assert a["paired"]["by"] == "question" and a["paired"]["pairs"] == 20
    # the same ids with other questions never pair
    other = [Loaded(result(str(i), "a", 70.0), f"another {i}") for i in range(20)]
    b = compare(base, other)["agents"]["a"]
    assert b["paired"]["by"] == "none" and b["analysis"] == "unpaired"
    assert b["paired"]["unpaired"] == {"base": 20, "new": 20}
