"""`stef calibrate` on a team's reviewed records, `--calibration` and the ruleset's
`calibration`, and the errors a bad calibration file gives (issue 14). Synthetic data only."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from click.testing import Result as ClickResult

from stef_core.calibration import load_calibration, reliability

# A deployment harder than the shipped calibration's data: plain, clean-looking answers are
# right only about half the time, and an answer with an unrequested LIMIT almost never is.
QUESTIONS = [("orders", "status", ["open", "closed", "pending", "shipped"]),
             ("customers", "country", ["France", "Spain", "Peru", "Chile"]),
             ("tickets", "priority", ["urgent", "low", "normal", "high"])]


def reviewed_records(n: int, seed: int = 7) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        table, col, values = rng.choice(QUESTIONS)
        value = rng.choice(values)
        question = f"How many {table} have {col} '{value}'?"
        kind = rng.random()
        if kind < 0.6:  # looks right
            sql, p_right = f"SELECT COUNT(*) FROM {table} WHERE {col} = '{value}'", 0.5
        elif kind < 0.8:  # an unrequested small LIMIT
            sql = f"SELECT COUNT(*) FROM {table} WHERE {col} = '{value}' LIMIT 3"
            p_right = 0.05
        else:  # another value
            other = rng.choice([v for v in values if v != value])
            sql, p_right = f"SELECT COUNT(*) FROM {table} WHERE {col} = '{other}'", 0.02
        out.append({"id": f"r{i}", "question": question, "sql": sql,
                    "label": int(rng.random() < p_right)})
    return out


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def run(*args: str) -> ClickResult:
    from stef_core.cli import (
        cli,
        commands,  # noqa: F401
    )

    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def ece_of(results: Path) -> float:
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    scored = [r for r in rows if r["status"] == "scored"]
    ece = reliability([r["confidence"] for r in scored], [r["label"] for r in scored]).ece()
    assert ece is not None
    return ece


def test_a_fit_on_half_the_reviews_is_better_calibrated_on_the_other_half(
    tmp_path: Path,
) -> None:
    rows = reviewed_records(400)
    train = write_jsonl(tmp_path / "train.jsonl", rows[::2])
    test = write_jsonl(tmp_path / "test.jsonl", rows[1::2])
    cal = tmp_path / "team.json"
    out = run("calibrate", train, "-o", str(cal))
    assert out.exit_code == 0, out.output
    assert "before (calibration offline-v1)" in out.stdout and "cross-validated" in out.stdout
    model = load_calibration(cal)
    assert model.name == "team" and model.fitted["records"] == 200
    assert model.fitted["start"] == "offline-v1"  # adjusted from the shipped calibration

    shipped_out, team_out = tmp_path / "shipped.jsonl", tmp_path / "team.jsonl"
    assert run("eval", test, "-o", str(shipped_out)).exit_code == 0
    assert run("eval", test, "-o", str(team_out), "--calibration", str(cal)).exit_code == 0
    shipped, team = ece_of(shipped_out), ece_of(team_out)
    assert team < shipped / 2, (team, shipped)
    assert team < 0.1


def test_the_fit_is_reproducible(tmp_path: Path) -> None:
    src = write_jsonl(tmp_path / "r.jsonl", reviewed_records(120, seed=3))
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert run("calibrate", src, "-o", str(a), "--name", "x").exit_code == 0
    assert run("calibrate", src, "-o", str(b), "--name", "x").exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    fresh = tmp_path / "fresh.json"
    assert run("calibrate", src, "-o", str(fresh), "--fresh").exit_code == 0
    model = load_calibration(fresh)
    assert model.fitted["start"] is None and model.priors == load_calibration(a).priors != {}


def test_bad_rows_are_reported_with_file_and_line_and_skipped(tmp_path: Path) -> None:
    rows = reviewed_records(40, seed=5)
    lines = [json.dumps(r) for r in rows]
    lines[2] = json.dumps({**rows[2], "label": "maybe"})
    lines[5] = json.dumps({k: v for k, v in rows[5].items() if k != "label"})
    lines[8] = "{not json"
    src = tmp_path / "r.jsonl"
    src.write_text("\n".join(lines) + "\n")
    out = run("calibrate", str(src), "-o", str(tmp_path / "c.json"))
    assert out.exit_code == 0, out.output
    assert (f"stef: skipped {src}:3: field 'label': a label is 1 (correct) or 0 (incorrect), "
            "found 'maybe'") in out.stderr
    assert f"stef: skipped {src}:6: missing required field 'label' (1 correct, 0 incorrect)" \
        in out.stderr
    assert f"stef: skipped {src}:9:2: not JSON" in out.stderr
    assert load_calibration(tmp_path / "c.json").fitted["records"] == 37


def test_too_few_or_one_sided_labels_are_a_usage_error(tmp_path: Path) -> None:
    rows = [{**r, "label": 1} for r in reviewed_records(30)]
    src = write_jsonl(tmp_path / "r.jsonl", rows)
    out = run("calibrate", src, "-o", str(tmp_path / "c.json"))
    assert out.exit_code == 2
    assert "30 usable labelled records (30 correct, 0 incorrect)" in out.stderr
    assert not (tmp_path / "c.json").exists()


# ---- using a calibration ------------------------------------------------------------------


def _fitted(tmp_path: Path) -> Path:
    cal = tmp_path / "team.json"
    src = write_jsonl(tmp_path / "reviews.jsonl", reviewed_records(200))
    assert run("calibrate", src, "-o", str(cal)).exit_code == 0
    return cal


def test_the_rulesets_calibration_is_read_relative_to_the_rules_file(tmp_path: Path) -> None:
    _fitted(tmp_path)
    (tmp_path / "rules.json").write_text(json.dumps({"calibration": "team.json"}))
    src = write_jsonl(tmp_path / "in.jsonl", reviewed_records(20, seed=11))
    default, ruled, flagged = (tmp_path / n for n in ("d.jsonl", "r.jsonl", "f.jsonl"))
    assert run("eval", src, "-o", str(default)).exit_code == 0
    assert run("eval", src, "-o", str(ruled), "--rules", str(tmp_path / "rules.json")
               ).exit_code == 0
    assert run("eval", src, "-o", str(flagged), "--calibration", str(tmp_path / "team.json")
               ).exit_code == 0

    def gammas(p: Path) -> list[float]:
        return [json.loads(x)["confidence"] for x in p.read_text().splitlines()]

    assert gammas(ruled) == gammas(flagged) != gammas(default)


@pytest.mark.parametrize(("content", "expected"), [
    ("{not json", "bad.json:1:2: not JSON: Expecting property name"),
    ('{"weights": {}}', 'bad.json: not a STEF calibration file (expected a JSON object with '
                        '"format": "stef-calibration")'),
    ('{"format": "stef-calibration", "name": "x", "evidence": "offline-evidence-2", '
     '"intercept": 1, "weights": {"finding:a@major": 2.0}, "nonpositive": ["finding:"]}',
     "bad.json: $: weight of 'finding:a@major' is 2.0, but features starting with 'finding:' "
     "may only lower gamma (weight <= 0)"),
    ('{"format": "stef-calibration", "name": "x", "evidence": "offline-evidence-2", '
     '"intercept": "high"}', "bad.json: $.intercept: Input should be a valid number"),
    ('{"format": "stef-calibration", "name": "x", "evidence": "other-99", "intercept": 1}',
     "bad.json: fitted for judge 'offline' with evidence 'other-99', but the 'offline' judge "
     "computes 'offline-evidence-"),
])
def test_a_bad_calibration_file_is_a_usage_error_naming_it(
    tmp_path: Path, content: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bad.json").write_text(content)
    src = write_jsonl(tmp_path / "in.jsonl", reviewed_records(3))
    out = run("eval", src, "--calibration", "bad.json")
    assert out.exit_code == 2
    assert out.stderr.startswith("stef: error: " + expected), out.stderr


def test_missing_calibration_and_a_judge_that_takes_none(tmp_path: Path) -> None:
    src = write_jsonl(tmp_path / "in.jsonl", reviewed_records(3))
    out = run("eval", src, "--calibration", str(tmp_path / "nope.json"))
    assert out.exit_code == 2 and "nope.json: no such file" in out.stderr
    cal = _fitted(tmp_path)
    out = run("eval", src, "--calibration", str(cal), "--judge", "llm:openai/x")
    assert out.exit_code == 2
    assert "the 'llm' judge does not take a calibration" in out.stderr
