"""`--resume` continues only what the same inputs and settings made (issue 21, item 2).

Reproducer: `stef eval B.jsonl -o o.jsonl --resume` over an output made from another input
(ids are line numbers, so they matched) kept the other input's results as B's and exited 0.
"""

from __future__ import annotations

import json
from pathlib import Path

from stef_core.monitor.resume import ResultsOutput, fingerprint

from .helpers import run

QUESTIONS = ["How many users are active?", "How many orders were shipped?",
             "How many tickets are open?", "How many products are in stock?"]
SQL = "SELECT COUNT(*) FROM t WHERE status = 'x'"


def no_ids(path: Path, questions: list[str]) -> Path:
    """Records without ids: their ids are their line numbers, the same in any such file."""
    path.write_text("".join(json.dumps({"question": q, "sql": SQL}) + "\n" for q in questions))
    return path


def test_resume_over_another_inputs_output_is_refused_and_says_how_to_start_afresh(
        tmp_path: Path) -> None:
    a = no_ids(tmp_path / "a.jsonl", QUESTIONS[:2])
    b = no_ids(tmp_path / "b.jsonl", QUESTIONS[1:])
    out = tmp_path / "o.jsonl"
    assert run("eval", str(a), "-o", str(out), "--no-progress").exit_code == 0
    before = out.read_bytes()
    res = run("eval", str(b), "-o", str(out), "--resume", "--no-progress")
    assert res.exit_code == 2
    size = a.stat().st_size
    assert res.stderr == (
        f"stef: error: --resume: {out} was made from other inputs or settings: input 1 ({b}) "
        f"is not the file it read ({a}, {size:,} bytes); to start afresh, run without "
        f"--resume ({out} is replaced when the new run completes), or give another -o\n")
    assert out.read_bytes() == before
    # what the message says works: a fresh run replaces it
    assert run("eval", str(b), "-o", str(out), "--no-progress").exit_code == 0
    assert len(out.read_text().splitlines()) == 3


def test_resume_with_other_scoring_settings_is_refused_naming_them(tmp_path: Path) -> None:
    a = no_ids(tmp_path / "a.jsonl", QUESTIONS)
    out = tmp_path / "o.jsonl"
    assert run("eval", str(a), "-o", str(out), "--today", "2024-06-15",
               "--no-progress").exit_code == 0
    res = run("eval", str(a), "-o", str(out), "--resume", "--today", "2024-06-16",
              "--dialect", "postgres", "--limit", "sql=500", "--no-progress")
    assert res.exit_code == 2
    assert res.stderr == (
        f"stef: error: --resume: {out} was made from other inputs or settings: --dialect: None "
        "then, 'postgres' now; the date relative dates are read against (--today): "
        "'2024-06-15' then, '2024-06-16' now; --limit changed; to start afresh, run without "
        f"--resume ({out} is replaced when the new run completes), or give another -o\n")
    same = run("eval", str(a), "-o", str(out), "--resume", "--today", "2024-06-15",
               "--no-progress")
    assert same.exit_code == 0, same.stderr


def test_a_partial_run_is_continued_and_the_previous_complete_output_kept_until_then(
        tmp_path: Path) -> None:
    a = no_ids(tmp_path / "a.jsonl", QUESTIONS)
    out = tmp_path / "o.jsonl"
    out.write_text("the previous run's results\n")
    made = fingerprint([str(a)], {"x": 1})
    first = ResultsOutput(str(out), resume=False, made=made, stdout=None)  # type: ignore[arg-type]
    first.write('{"id": "1"}\n')
    first.close(complete=False)  # stopped early: OUT as it was, the line in OUT.partial
    assert out.read_text() == "the previous run's results\n"
    assert Path(f"{out}.partial").read_text() == '{"id": "1"}\n'
    again = ResultsOutput(str(out), resume=True, made=made, stdout=None)  # type: ignore[arg-type]
    assert again.source == f"{out}.partial" and again.warning is None
    again.write('{"id": "2"}\n')
    again.close(complete=True)
    assert out.read_text() == '{"id": "1"}\n{"id": "2"}\n'
    assert not Path(f"{out}.partial").exists()
    recorded = json.loads(Path(f"{out}.fingerprint").read_text())
    assert recorded["complete"] == made and recorded["partial"] is None


def test_a_partial_output_its_fingerprint_does_not_record_is_refused(tmp_path: Path) -> None:
    # OUT.fingerprint is STEF's record of the runs that wrote OUT and OUT.partial: a partial
    # it does not list (copied in, or left by another tool) is not continued.
    a = no_ids(tmp_path / "a.jsonl", QUESTIONS)
    b = no_ids(tmp_path / "b.jsonl", QUESTIONS[::-1])
    out = tmp_path / "o.jsonl"
    assert run("eval", str(a), "-o", str(out), "--no-progress").exit_code == 0
    partial = Path(f"{out}.partial")
    partial.write_text("".join(out.read_text().splitlines(keepends=True)[:2]))
    before = out.read_bytes()
    res = run("eval", str(b), "-o", str(out), "--resume", "--no-progress")
    assert res.exit_code == 2
    assert res.stderr.startswith(
        f"stef: error: --resume: {partial} was made from other inputs or settings: "
        f"{out}.fingerprint records no run that wrote {partial}; to start afresh, run without "
        "--resume")
    assert out.read_bytes() == before and partial.read_text().count("\n") == 2


def test_without_any_fingerprint_each_kept_line_must_answer_the_inputs_record(
        tmp_path: Path) -> None:
    # An older STEF's output (no OUT.fingerprint): ids that are line numbers match any
    # input, so each kept line's question and SQL are checked against the record's.
    a = no_ids(tmp_path / "a.jsonl", QUESTIONS)
    b = no_ids(tmp_path / "b.jsonl", QUESTIONS[:2] + QUESTIONS[:1] + QUESTIONS[3:])
    out = tmp_path / "o.jsonl"
    assert run("eval", str(a), "-o", str(out), "--no-progress").exit_code == 0
    Path(f"{out}.fingerprint").unlink()
    out.write_text("".join(out.read_text().splitlines(keepends=True)[:3]))
    before = out.read_bytes()
    res = run("eval", str(b), "-o", str(out), "--resume", "--no-progress")
    assert res.exit_code == 2
    assert (f"stef: error: --resume: {out} was made from other inputs or settings: line 3 "
            "(id '3') answered another question than input record 3; to start afresh, run "
            "without --resume") in res.stderr
    assert out.read_bytes() == before
    same = run("eval", str(a), "-o", str(out), "--resume", "--no-progress")
    assert same.exit_code == 0, same.stderr
    assert f"stef: warning: {out} has no fingerprint" in same.stderr
    assert "the settings it was scored with could not be checked" in same.stderr
    assert out.read_text().splitlines(keepends=True)[:3] == before.decode().splitlines(
        keepends=True)
    assert len(out.read_text().splitlines()) == 4
